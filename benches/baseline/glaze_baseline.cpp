// The C++ Glaze side of `cargo xtask glaze`: reads the documents structio's generator wrote (so
// both sides measure identical bytes), times Glaze on each operation, prints one tab-separated
// line per cell and writes Glaze's outputs beside structio's for the byte-identity check.
//
//   glaze_baseline DOCS_DIR OUT_DIR ROUNDS BATCH_MS [DOC_FILTER]
//
// Lines: op<TAB>doc<TAB>bytes<TAB>ns (best nanoseconds per document over ROUNDS batches).
// Files in OUT_DIR: <doc>.json, <doc>.pretty.json, <doc>.minified.json, <doc>.beve.
//
// Our own code over Glaze's public API (glz::read_json, write_json, prettify_json, minify_json,
// read_beve, write_beve); the structs use Glaze's aggregate reflection, so the member names are
// the JSON keys.

#include <glaze/glaze.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

struct test_object
{
   std::vector<std::string> testStrings{};
   std::vector<uint64_t> testUints{};
   std::vector<double> testDoubles{};
   std::vector<int64_t> testInts{};
   std::vector<bool> testBools{};
};

template <class T>
struct doc26
{
   std::vector<T> a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z;
};

namespace
{
   std::string read_file(const std::string& path)
   {
      std::ifstream in(path, std::ios::binary);
      if (!in) {
         std::fprintf(stderr, "glaze_baseline: cannot read %s (run `compare gen` first)\n", path.c_str());
         std::exit(2);
      }
      std::stringstream ss;
      ss << in.rdbuf();
      return ss.str();
   }

   void write_file(const std::string& path, const std::string& bytes)
   {
      std::ofstream out(path, std::ios::binary);
      out.write(bytes.data(), std::streamsize(bytes.size()));
   }

   volatile size_t sink = 0;

   // Best nanoseconds per call of `f` over `rounds` batches of about `batch_ns` each.
   template <class F>
   double best_ns(F&& f, int rounds, double batch_ns)
   {
      using clock = std::chrono::steady_clock;
      auto t0 = clock::now();
      f();
      double first = double(std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now() - t0).count());
      uint64_t iters = uint64_t(batch_ns / (first > 1.0 ? first : 1.0));
      if (iters < 1) iters = 1;
      double best = 1e300;
      for (int r = 0; r < rounds; ++r) {
         auto start = clock::now();
         for (uint64_t i = 0; i < iters; ++i) f();
         double ns = double(std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now() - start).count());
         ns /= double(iters);
         if (ns < best) best = ns;
      }
      return best;
   }

   void line(const char* op, const std::string& doc, size_t bytes, double ns)
   {
      std::printf("%s\t%s\t%zu\t%.1f\n", op, doc.c_str(), bytes, ns);
   }

   void fail(const char* op, const std::string& doc, size_t bytes, const std::string& why)
   {
      std::printf("%s\t%s\t%zu\tNA\t%s\n", op, doc.c_str(), bytes, why.c_str());
   }

   template <class T>
   void run_doc(const std::string& docs, const std::string& out_dir, const std::string& name, int rounds,
                double batch_ns)
   {
      const std::string compact = read_file(docs + "/" + name + ".json");
      const std::string pretty = read_file(docs + "/" + name + ".pretty.json");

      T value{};
      if (auto ec = glz::read_json(value, compact)) {
         fail("read", name, compact.size(), glz::format_error(ec, compact));
         return;
      }
      line("read", name, compact.size(), best_ns([&] {
              auto ec = glz::read_json(value, compact);
              sink = sink + size_t(bool(ec));
           }, rounds, batch_ns));
      // A reader of `&[u8]` cannot assume a terminating null: Glaze's bounds-checked mode.
      line("read-bounded", name, compact.size(), best_ns([&] {
              auto ec = glz::read<glz::opts{.null_terminated = false}>(value, compact);
              sink = sink + size_t(bool(ec));
           }, rounds, batch_ns));

      std::string out{};
      (void)glz::write_json(value, out);
      write_file(out_dir + "/" + name + ".json", out);
      line("write", name, compact.size(), best_ns([&] {
              (void)glz::write_json(value, out);
              sink = sink + out.size();
           }, rounds, batch_ns));

      std::string pretty_out{};
      glz::prettify_json(compact, pretty_out);
      write_file(out_dir + "/" + name + ".pretty.json", pretty_out);
      line("prettify", name, compact.size(), best_ns([&] {
              glz::prettify_json(compact, pretty_out);
              sink = sink + pretty_out.size();
           }, rounds, batch_ns));

      std::string pretty_in = pretty; // minify_json wants a resizable input
      std::string min_out{};
      glz::minify_json(pretty_in, min_out);
      write_file(out_dir + "/" + name + ".minified.json", min_out);
      line("minify", name, pretty.size(), best_ns([&] {
              glz::minify_json(pretty_in, min_out);
              sink = sink + min_out.size();
           }, rounds, batch_ns));

      std::string beve{};
      (void)glz::write_beve(value, beve);
      write_file(out_dir + "/" + name + ".beve", beve);
      line("beve-write", name, compact.size(), best_ns([&] {
              (void)glz::write_beve(value, beve);
              sink = sink + beve.size();
           }, rounds, batch_ns));
      T back{};
      if (auto ec = glz::read_beve(back, beve)) {
         fail("beve-read", name, compact.size(), "read_beve failed");
         return;
      }
      line("beve-read", name, compact.size(), best_ns([&] {
              auto ec = glz::read_beve(back, beve);
              sink = sink + size_t(bool(ec));
           }, rounds, batch_ns));
   }
}

int main(int argc, char** argv)
{
   if (argc < 5) {
      std::fprintf(stderr, "usage: glaze_baseline DOCS_DIR OUT_DIR ROUNDS BATCH_MS [DOC_FILTER]\n");
      return 2;
   }
   const std::string docs = argv[1], out = argv[2];
   const int rounds = std::atoi(argv[3]);
   const double batch_ns = std::atof(argv[4]) * 1e6;
   const std::string filter = argc > 5 ? argv[5] : "";
   auto want = [&](const std::string& name) { return filter.empty() || name.find(filter) != std::string::npos; };

   if (want("mixed")) run_doc<doc26<test_object>>(docs, out, "mixed", rounds, batch_ns);
   if (want("strings")) run_doc<doc26<std::string>>(docs, out, "strings", rounds, batch_ns);
   if (want("uints")) run_doc<doc26<uint64_t>>(docs, out, "uints", rounds, batch_ns);
   if (want("ints")) run_doc<doc26<int64_t>>(docs, out, "ints", rounds, batch_ns);
   if (want("doubles")) run_doc<doc26<double>>(docs, out, "doubles", rounds, batch_ns);
   if (want("exact_decimals")) run_doc<doc26<double>>(docs, out, "exact_decimals", rounds, batch_ns);
   if (want("bools")) run_doc<doc26<bool>>(docs, out, "bools", rounds, batch_ns);
   return 0;
}
