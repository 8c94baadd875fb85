// The C++ Glaze side of `cargo xtask glaze`. benches/build.rs compiles this file into a static
// library (only when STRUCTIO_GLAZE_DIR names a Glaze checkout and the `glaze` feature is on), and
// the `compare` binary links it, so Glaze and structio alternate batch by batch in one process on
// the very bytes Rust hands over. benches/src/glaze.rs is the Rust half of this interface.
//
// Our own code over Glaze's public API (glz::read_json, glz::read with null_terminated = false,
// glz::write_json, glz::prettify_json, glz::minify_json, glz::read_beve, glz::write_beve,
// glz::read_cbor, glz::write_cbor). The
// structs are plain aggregates, so Glaze's reflection uses the member names as the keys.
//
// Like for like with structio:
// - every writer writes into a `nofill_buffer`, sized by the first call and reused: Glaze sizes a
//   resizable output with resize(), which on a std::string zero-fills every byte it grows by on
//   every call (finalize shrinks it again), while structio's Vec<u8> keeps its capacity and only
//   its length changes;
// - bools are a byte each (`byte_bools`), as in Rust's Vec<bool>; `std::vector<bool>` (a bit each)
//   is the extra document kind GLZB_BOOLS_BITS;
// - every input is a `const std::string`: read-only, like structio's `&[u8]`, and null-terminated
//   for Glaze's default read mode. The bounded mode (`null_terminated = false`) reads the same
//   bytes without relying on the null.

#include <glaze/cbor.hpp>
#include <glaze/glaze.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

// Allocation counting for the records benchmark: the program's operator new (libc++ declares its
// own weak, so these replace it) counts while a count runs, the C++ twin of the Rust side's
// counting global allocator. The measuring thread is the only one, so plain globals suffice.
namespace glzb_count
{
   bool on = false;
   uint64_t allocs = 0;
   void* take(std::size_t n)
   {
      if (on) ++allocs;
      if (void* p = std::malloc(n ? n : 1)) return p;
      throw std::bad_alloc();
   }
}
void* operator new(std::size_t n) { return glzb_count::take(n); }
void* operator new[](std::size_t n) { return glzb_count::take(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

// Named (not anonymous) so Glaze's reflection of the structs holding them has external linkage.
namespace glzb
{
   // A growable byte buffer whose resize() never writes the bytes it exposes: Glaze overwrites
   // them, so filling is pure cost. Growth keeps the old bytes (Glaze resizes mid-write).
   class nofill_buffer
   {
     public:
      using value_type = char;
      using reference = char&;
      using const_reference = const char&;
      using size_type = std::size_t;
      using difference_type = std::ptrdiff_t;
      using pointer = char*;
      using const_pointer = const char*;
      using iterator = char*;
      using const_iterator = const char*;

      nofill_buffer() = default;
      nofill_buffer(const nofill_buffer& other) { *this = other; }
      nofill_buffer& operator=(const nofill_buffer& other)
      {
         if (this != &other) {
            len_ = 0;
            resize(other.len_);
            if (len_) std::memcpy(buf_.get(), other.buf_.get(), len_);
         }
         return *this;
      }
      nofill_buffer(nofill_buffer&&) noexcept = default;
      nofill_buffer& operator=(nofill_buffer&&) noexcept = default;

      void resize(size_type n)
      {
         if (n > cap_) {
            auto grown = std::make_unique_for_overwrite<char[]>(n);
            if (len_) std::memcpy(grown.get(), buf_.get(), len_);
            buf_ = std::move(grown);
            cap_ = n;
         }
         len_ = n;
      }
      void reserve(size_type n)
      {
         const auto len = len_;
         if (n > cap_) resize(n);
         len_ = len;
      }
      void clear() noexcept { len_ = 0; }
      char* data() noexcept { return buf_.get(); }
      const char* data() const noexcept { return buf_.get(); }
      size_type size() const noexcept { return len_; }
      size_type capacity() const noexcept { return cap_; }
      bool empty() const noexcept { return len_ == 0; }
      char& operator[](size_type i) noexcept { return buf_[i]; }
      const char& operator[](size_type i) const noexcept { return buf_[i]; }
      char* begin() noexcept { return buf_.get(); }
      char* end() noexcept { return buf_.get() + len_; }
      const char* begin() const noexcept { return buf_.get(); }
      const char* end() const noexcept { return buf_.get() + len_; }

     private:
      std::unique_ptr<char[]> buf_{};
      size_type len_ = 0;
      size_type cap_ = 0;
   };

   // A growable array of bool stored a byte per value, the layout of Rust's Vec<bool>
   // (std::vector<bool> packs bits, so every access is a shift and a mask).
   class byte_bools
   {
     public:
      using value_type = bool;
      using reference = bool&;
      using const_reference = const bool&;
      using size_type = std::size_t;
      using difference_type = std::ptrdiff_t;
      using pointer = bool*;
      using const_pointer = const bool*;
      using iterator = bool*;
      using const_iterator = const bool*;

      byte_bools() = default;
      byte_bools(const byte_bools& other) { *this = other; }
      byte_bools& operator=(const byte_bools& other)
      {
         if (this != &other) {
            len_ = 0;
            reserve(other.len_);
            if (other.len_) std::memcpy(buf_.get(), other.buf_.get(), other.len_);
            len_ = other.len_;
         }
         return *this;
      }
      byte_bools(byte_bools&&) noexcept = default;
      byte_bools& operator=(byte_bools&&) noexcept = default;

      bool operator==(const byte_bools& other) const noexcept
      {
         return len_ == other.len_ && (len_ == 0 || std::memcmp(buf_.get(), other.buf_.get(), len_) == 0);
      }

      void reserve(size_type n)
      {
         if (n > cap_) {
            auto grown = std::make_unique_for_overwrite<bool[]>(n);
            if (len_) std::memcpy(grown.get(), buf_.get(), len_);
            buf_ = std::move(grown);
            cap_ = n;
         }
      }
      void resize(size_type n)
      {
         reserve(n);
         for (size_type i = len_; i < n; ++i) buf_[i] = false;
         len_ = n;
      }
      bool& emplace_back(bool v = false)
      {
         if (len_ == cap_) reserve(cap_ ? 2 * cap_ : 8);
         buf_[len_] = v;
         return buf_[len_++];
      }
      void push_back(bool v) { emplace_back(v); }
      iterator erase(const_iterator first, const_iterator last) noexcept
      {
         // Glaze erases only the tail left over from a longer previous value.
         const auto from = size_type(first - buf_.get());
         const auto to = size_type(last - buf_.get());
         std::memmove(buf_.get() + from, buf_.get() + to, len_ - to);
         len_ -= to - from;
         return buf_.get() + from;
      }
      void clear() noexcept { len_ = 0; }
      bool* data() noexcept { return buf_.get(); }
      const bool* data() const noexcept { return buf_.get(); }
      size_type size() const noexcept { return len_; }
      size_type capacity() const noexcept { return cap_; }
      bool empty() const noexcept { return len_ == 0; }
      bool& operator[](size_type i) noexcept { return buf_[i]; }
      const bool& operator[](size_type i) const noexcept { return buf_[i]; }
      bool& back() noexcept { return buf_[len_ - 1]; }
      bool* begin() noexcept { return buf_.get(); }
      bool* end() noexcept { return buf_.get() + len_; }
      const bool* begin() const noexcept { return buf_.get(); }
      const bool* end() const noexcept { return buf_.get() + len_; }
      const bool* cbegin() const noexcept { return buf_.get(); }
      const bool* cend() const noexcept { return buf_.get() + len_; }

     private:
      std::unique_ptr<bool[]> buf_{};
      size_type len_ = 0;
      size_type cap_ = 0;
   };
}

// The element of `mixed` (Glaze's and JSONifier's test_struct), members in declaration order.
struct test_object
{
   std::vector<std::string> testStrings{};
   std::vector<uint64_t> testUints{};
   std::vector<double> testDoubles{};
   std::vector<int64_t> testInts{};
   glzb::byte_bools testBools{};
   bool operator==(const test_object&) const = default;
};

// The records benchmark of the peer notes: an integer, a string, two reals and a boolean.
struct record
{
   int64_t id{};
   std::string name{};
   double x{};
   double y{};
   bool active{};
   bool operator==(const record&) const = default;
};

// Five members of one kind: the per-member rows of the records benchmark.
template <class T>
struct rec5
{
   T a{}, b{}, c{}, d{}, e{};
   bool operator==(const rec5&) const = default;
};

template <class T>
struct doc26
{
   T a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z;
   bool operator==(const doc26&) const = default;
};

// The document kinds and operations; benches/src/glaze.rs mirrors these numbers.
enum : uint32_t {
   GLZB_MIXED = 0,
   GLZB_STRINGS,
   GLZB_UINTS,
   GLZB_INTS,
   GLZB_DOUBLES,
   GLZB_EXACT_DECIMALS,
   GLZB_BOOLS,
   GLZB_BOOLS_BITS,
   GLZB_RECORDS,
   GLZB_REC_STRINGS,
   GLZB_REC_BOOLS,
   GLZB_REC_INTS,
   GLZB_REC_REALS,
   GLZB_BULK,
};
enum : uint32_t {
   GLZB_READ = 0,
   GLZB_READ_BOUNDED,
   GLZB_WRITE,
   GLZB_PRETTIFY,
   GLZB_MINIFY,
   GLZB_BEVE_READ,
   GLZB_BEVE_WRITE,
   GLZB_CBOR_READ,
   GLZB_CBOR_WRITE,
   GLZB_OPS,
};

struct glzb_doc
{
   virtual ~glzb_doc() = default;
   // Takes `op`'s input, runs it once and checks it; false with `error` set on failure.
   virtual bool load(uint32_t op, const char* input, size_t len) = 0;
   // Runs `op` `iters` times; the number of failed calls.
   virtual uint64_t run(uint32_t op, uint64_t iters) = 0;
   // The allocations of one run of reader `op` into an empty value (`fresh`) and again into the
   // value it filled (`reused`).
   virtual void count(uint32_t op, uint64_t* fresh, uint64_t* reused) = 0;

   std::string error{};
   // Each operation's input, copied once by load(): const use keeps Glaze's reads unpadded.
   std::string input[GLZB_OPS]{};
   // Each writer's output, reused from call to call.
   glzb::nofill_buffer output[GLZB_OPS]{};
};

namespace
{
   template <class T>
   struct doc_state final : glzb_doc
   {
      // What the writers write: the document as read at open.
      T value{};
      // What the readers refill, as structio's readers refill one value.
      T place{};
      // minify_json pads and unpads its input in place, so it needs a mutable copy.
      std::string minify_input{};

      bool fail(const char* what, const glz::error_ctx& ec, const std::string& in)
      {
         error = std::string(what) + ": " + glz::format_error(ec, in);
         return false;
      }

      bool load(uint32_t op, const char* data, size_t len) override
      {
         if (op >= GLZB_OPS) {
            error = "unknown operation";
            return false;
         }
         input[op].assign(data, len);
         const std::string& in = input[op];
         if (op == GLZB_MINIFY) minify_input = in;
         if (run(op, 1) != 0) {
            switch (op) {
            case GLZB_READ:
               return fail("read_json", glz::read_json(place, in), in);
            case GLZB_READ_BOUNDED:
               return fail("read (null_terminated = false)",
                           glz::read<glz::opts{.null_terminated = false}>(place, in), in);
            case GLZB_BEVE_READ:
               return fail("read_beve", glz::read_beve(place, in), in);
            case GLZB_CBOR_READ:
               return fail("read_cbor", glz::read_cbor(place, in), in);
            default:
               error = "the Glaze call reported an error";
               return false;
            }
         }
         const bool reads =
            op == GLZB_READ || op == GLZB_READ_BOUNDED || op == GLZB_BEVE_READ || op == GLZB_CBOR_READ;
         if (reads && !(place == value)) {
            error = "the value read differs from the document";
            return false;
         }
         return true;
      }

      void count(uint32_t op, uint64_t* fresh, uint64_t* reused) override
      {
         place = T{};
         glzb_count::allocs = 0;
         glzb_count::on = true;
         run(op, 1);
         *fresh = glzb_count::allocs;
         glzb_count::allocs = 0;
         run(op, 1);
         glzb_count::on = false;
         *reused = glzb_count::allocs;
      }

      uint64_t run(uint32_t op, uint64_t iters) override
      {
         uint64_t failed = 0;
         const std::string& in = input[op];
         glzb::nofill_buffer& out = output[op];
         switch (op) {
         case GLZB_READ:
            for (uint64_t i = 0; i < iters; ++i) failed += bool(glz::read_json(place, in));
            break;
         case GLZB_READ_BOUNDED:
            for (uint64_t i = 0; i < iters; ++i)
               failed += bool(glz::read<glz::opts{.null_terminated = false}>(place, in));
            break;
         case GLZB_WRITE:
            for (uint64_t i = 0; i < iters; ++i) failed += bool(glz::write_json(value, out));
            break;
         case GLZB_PRETTIFY:
            for (uint64_t i = 0; i < iters; ++i) glz::prettify_json(in, out);
            failed += out.empty();
            break;
         case GLZB_MINIFY:
            for (uint64_t i = 0; i < iters; ++i) glz::minify_json(minify_input, out);
            failed += out.empty();
            break;
         case GLZB_BEVE_READ:
            for (uint64_t i = 0; i < iters; ++i) failed += bool(glz::read_beve(place, in));
            break;
         case GLZB_BEVE_WRITE:
            for (uint64_t i = 0; i < iters; ++i) failed += bool(glz::write_beve(value, out));
            break;
         case GLZB_CBOR_READ:
            for (uint64_t i = 0; i < iters; ++i) failed += bool(glz::read_cbor(place, in));
            break;
         case GLZB_CBOR_WRITE:
            for (uint64_t i = 0; i < iters; ++i) failed += bool(glz::write_cbor(value, out));
            break;
         default:
            failed = iters;
         }
         return failed;
      }
   };

   template <class T>
   glzb_doc* open_doc(const char* json, size_t len, char* err, size_t err_cap)
   {
      auto doc = std::make_unique<doc_state<T>>();
      const std::string in(json, len);
      if (auto ec = glz::read_json(doc->value, in)) {
         const auto msg = "read_json: " + glz::format_error(ec, in);
         if (err_cap) {
            const auto n = msg.size() < err_cap - 1 ? msg.size() : err_cap - 1;
            std::memcpy(err, msg.data(), n);
            err[n] = '\0';
         }
         return nullptr;
      }
      return doc.release();
   }
}

extern "C" {
// A document of kind `kind` read from `json`; null (and a message in `err`) when Glaze cannot
// read it or the kind is unknown.
glzb_doc* glzb_open(uint32_t kind, const char* json, size_t len, char* err, size_t err_cap)
{
   switch (kind) {
   case GLZB_MIXED:
      return open_doc<doc26<std::vector<test_object>>>(json, len, err, err_cap);
   case GLZB_STRINGS:
      return open_doc<doc26<std::vector<std::string>>>(json, len, err, err_cap);
   case GLZB_UINTS:
      return open_doc<doc26<std::vector<uint64_t>>>(json, len, err, err_cap);
   case GLZB_INTS:
      return open_doc<doc26<std::vector<int64_t>>>(json, len, err, err_cap);
   case GLZB_DOUBLES:
   case GLZB_EXACT_DECIMALS:
      return open_doc<doc26<std::vector<double>>>(json, len, err, err_cap);
   case GLZB_BOOLS:
      return open_doc<doc26<glzb::byte_bools>>(json, len, err, err_cap);
   case GLZB_BOOLS_BITS:
      return open_doc<doc26<std::vector<bool>>>(json, len, err, err_cap);
   case GLZB_RECORDS:
      return open_doc<std::vector<record>>(json, len, err, err_cap);
   case GLZB_REC_STRINGS:
      return open_doc<std::vector<rec5<std::string>>>(json, len, err, err_cap);
   case GLZB_REC_BOOLS:
      return open_doc<std::vector<rec5<bool>>>(json, len, err, err_cap);
   case GLZB_REC_INTS:
      return open_doc<std::vector<rec5<int64_t>>>(json, len, err, err_cap);
   case GLZB_REC_REALS:
      return open_doc<std::vector<rec5<double>>>(json, len, err, err_cap);
   case GLZB_BULK:
      return open_doc<std::vector<std::vector<double>>>(json, len, err, err_cap);
   default:
      if (err_cap) err[0] = '\0';
      return nullptr;
   }
}

// Copies `op`'s input, runs it once and checks a read against the document: 0 on success, else
// -1 with the reason in glzb_error.
int glzb_load(glzb_doc* doc, uint32_t op, const char* input, size_t len)
{
   try {
      return doc->load(op, input, len) ? 0 : -1;
   }
   catch (const std::exception& e) {
      doc->error = e.what();
      return -1;
   }
}

// Runs `op` `iters` times on the loaded input; the number of calls that failed.
uint64_t glzb_run(glzb_doc* doc, uint32_t op, uint64_t iters) { return doc->run(op, iters); }

// The allocations of one run of reader `op` into an empty value and into the value it filled.
void glzb_count_allocs(glzb_doc* doc, uint32_t op, uint64_t* fresh, uint64_t* reused)
{
   doc->count(op, fresh, reused);
}

// The last output of writer `op` (its length in `len`).
const char* glzb_output(const glzb_doc* doc, uint32_t op, size_t* len)
{
   if (op >= GLZB_OPS) {
      *len = 0;
      return nullptr;
   }
   *len = doc->output[op].size();
   return doc->output[op].data();
}

// The reason of the last failed load.
const char* glzb_error(const glzb_doc* doc) { return doc->error.c_str(); }

void glzb_close(glzb_doc* doc) { delete doc; }
}
