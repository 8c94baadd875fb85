// The simdjson side of `compare cpp-peers` (benches/src/cpp_peers): tree building and the traversal
// tasks over simdjson's DOM and its On-Demand API, behind a small C interface that
// benches/src/cpp_peers/ffi.rs calls. benches/build.rs compiles it with simdjson's amalgamation
// when STRUCTIO_SIMDJSON_DIR names a checkout (see baseline/README.md).
//
// The document is copied once, when it is opened, into a `padded_string`: simdjson reads 64 bytes
// past the end of its input, and a padded input is what its documentation asks for. The copy is
// not timed. Each mode keeps its own parser, reused call after call.

#include "simdjson.h"

#include <cstdint>
#include <cstring>
#include <exception>
#include <new>
#include <string>

using namespace simdjson;

namespace {

// Numbered as `Task` in benches/src/cpp_peers/mod.rs.
enum Task : uint32_t { BUILD = 0, FIRST_KEY, LAST_KEY, SUM_IDS, COUNT, SUM_COORDS };
// Numbered as the simdjson modes in benches/src/cpp_peers/ffi.rs.
enum Mode : uint32_t { ON_DEMAND = 0, DOM = 1, DOM_WALK = 2 };

struct Doc {
  padded_string json;
  ondemand::parser on_demand;
  dom::parser dom;
  // Holds the tree that DOM_WALK walks, built once at open.
  dom::parser walk_parser;
  dom::element walk_root;
  std::string dump;
  std::string error;
};

// The key the first-key and last-key tasks look up (citm_catalog's first and last member).
const char *task_key(uint32_t task) { return task == FIRST_KEY ? "areaNames" : "venueNames"; }

uint64_t bits(double x) {
  uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// --- On-Demand: nothing is built; every value is read where it lies, in document order.

void od_count(ondemand::value v, uint64_t &n) {
  n++;
  switch (v.type().value()) {
  case ondemand::json_type::object:
    for (auto field : v.get_object()) od_count(field.value().value(), n);
    break;
  case ondemand::json_type::array:
    for (auto element : v.get_array()) od_count(element.value(), n);
    break;
  default:
    break;
  }
}

uint64_t on_demand(Doc &d, uint32_t task) {
  ondemand::document doc = d.on_demand.iterate(d.json);
  switch (task) {
  case FIRST_KEY:
  case LAST_KEY: {
    uint64_t n = 0;
    for (auto field : doc[task_key(task)].get_object()) {
      if (field.error()) throw simdjson_error(field.error());
      n++;
    }
    return n;
  }
  case SUM_IDS: {
    uint64_t sum = 0;
    for (auto status : doc["statuses"].get_array()) sum += uint64_t(status["id"].get_uint64());
    return sum;
  }
  case COUNT: {
    uint64_t n = 1;
    for (auto field : doc.get_object()) od_count(field.value().value(), n);
    return n;
  }
  case SUM_COORDS: {
    double sum = 0;
    for (auto feature : doc["features"].get_array())
      for (auto ring : feature["geometry"]["coordinates"].get_array())
        for (auto point : ring.get_array())
          for (auto c : point.get_array()) sum += double(c.get_double());
    return bits(sum);
  }
  default:
    throw std::runtime_error("no such On-Demand task");
  }
}

// --- DOM: the tree is built (or was built at open), then walked.

void dom_count(dom::element v, uint64_t &n) {
  n++;
  switch (v.type()) {
  case dom::element_type::OBJECT:
    for (auto field : dom::object(v)) dom_count(field.value, n);
    break;
  case dom::element_type::ARRAY:
    for (auto element : dom::array(v)) dom_count(element, n);
    break;
  default:
    break;
  }
}

uint64_t dom_task(dom::element root, uint32_t task) {
  switch (task) {
  case BUILD:
    return uint64_t(root.type());
  case FIRST_KEY:
  case LAST_KEY:
    return dom::object(root[task_key(task)]).size();
  case SUM_IDS: {
    uint64_t sum = 0;
    for (dom::element status : dom::array(root["statuses"])) sum += uint64_t(status["id"]);
    return sum;
  }
  case COUNT: {
    uint64_t n = 0;
    dom_count(root, n);
    return n;
  }
  case SUM_COORDS: {
    double sum = 0;
    for (dom::element feature : dom::array(root["features"]))
      for (dom::element ring : dom::array(feature["geometry"]["coordinates"]))
        for (dom::element point : dom::array(ring))
          for (dom::element c : dom::array(point)) sum += double(c);
    return bits(sum);
  }
  default:
    throw std::runtime_error("no such DOM task");
  }
}

uint64_t run_once(Doc &d, uint32_t mode, uint32_t task) {
  switch (mode) {
  case ON_DEMAND:
    return on_demand(d, task);
  case DOM:
    return dom_task(d.dom.parse(d.json), task);
  case DOM_WALK:
    return dom_task(d.walk_root, task);
  default:
    throw std::runtime_error("no such mode");
  }
}

}  // namespace

extern "C" {

// Copies `json` and builds the tree DOM_WALK walks; null (with `err` filled) on failure.
void *sjb_open(const char *json, size_t len, char *err, size_t err_cap) {
  try {
    Doc *d = new Doc();
    d->json = padded_string(json, len);
    d->walk_root = d->walk_parser.parse(d->json);
    d->dump = simdjson::minify(d->walk_root);
    return d;
  } catch (const std::exception &e) {
    if (err_cap > 0) {
      std::strncpy(err, e.what(), err_cap - 1);
      err[err_cap - 1] = 0;
    }
    return nullptr;
  }
}

// Runs `task` in `mode` `iters` times; the last answer in `*answer`. Returns the number of calls
// that failed (the first failure's message in sjb_error).
uint64_t sjb_run(void *h, uint32_t mode, uint32_t task, uint64_t iters, uint64_t *answer) {
  Doc &d = *static_cast<Doc *>(h);
  uint64_t failed = 0;
  for (uint64_t i = 0; i < iters; i++) {
    try {
      *answer = run_once(d, mode, task);
    } catch (const std::exception &e) {
      if (failed++ == 0) d.error = e.what();
    }
  }
  return failed;
}

// The DOM tree written back as compact JSON (for the tree check).
const char *sjb_dump(void *h, size_t *len) {
  Doc &d = *static_cast<Doc *>(h);
  *len = d.dump.size();
  return d.dump.data();
}

const char *sjb_error(void *h) { return static_cast<Doc *>(h)->error.c_str(); }

void sjb_close(void *h) { delete static_cast<Doc *>(h); }

// The implementation simdjson chose for this CPU (`haswell`, `icelake`...).
const char *sjb_implementation(void) {
  static std::string name = simdjson::get_active_implementation()->name();
  return name.c_str();
}

}  // extern "C"
