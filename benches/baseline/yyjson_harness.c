/* The yyjson side of `compare cpp-peers` (benches/src/cpp_peers): tree building (the read-only
 * document, and the mutable one) and the traversal tasks, behind a small C interface that
 * benches/src/cpp_peers/ffi.rs calls. benches/build.rs compiles it with yyjson's src/yyjson.c
 * when STRUCTIO_YYJSON_DIR names a checkout (see baseline/README.md).
 *
 * yyjson reads the caller's bytes without copying or modifying them (no YYJSON_READ_INSITU), as
 * structio does; every document is allocated by yyjson's default allocator (malloc) and freed
 * after each call, as each Rust tree is dropped after each call. */

#include "yyjson.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Numbered as `Task` in benches/src/cpp_peers/mod.rs. */
enum { BUILD = 0, FIRST_KEY, LAST_KEY, SUM_IDS, COUNT, SUM_COORDS };
/* Numbered as the yyjson modes in benches/src/cpp_peers/ffi.rs. */
enum { READ = 0, WALK = 1, MUTABLE = 2 };

typedef struct {
    char *json;
    size_t len;
    /* The document WALK walks, read once at open. */
    yyjson_doc *walk;
    char *dump;
    size_t dump_len;
    char *mut_dump;
    size_t mut_dump_len;
    char error[256];
} doc_t;

static void count(yyjson_val *v, uint64_t *n) {
    size_t idx, max;
    yyjson_val *key, *val;
    (*n)++;
    if (yyjson_is_obj(v)) {
        yyjson_obj_foreach(v, idx, max, key, val) count(val, n);
    } else if (yyjson_is_arr(v)) {
        yyjson_arr_foreach(v, idx, max, val) count(val, n);
    }
}

static uint64_t bits(double x) {
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

/* The answer of `task` over `root`; 0 with *ok cleared when the document lacks what it needs. */
static uint64_t task_on(yyjson_val *root, uint32_t task, int *ok) {
    size_t i, imax, j, jmax, k, kmax, l, lmax;
    yyjson_val *a, *b, *c, *d;
    *ok = 1;
    switch (task) {
    case BUILD:
        return yyjson_get_type(root);
    case FIRST_KEY:
    case LAST_KEY:
        a = yyjson_obj_get(root, task == FIRST_KEY ? "areaNames" : "venueNames");
        if (!yyjson_is_obj(a)) break;
        return yyjson_obj_size(a);
    case SUM_IDS: {
        uint64_t sum = 0;
        a = yyjson_obj_get(root, "statuses");
        if (!yyjson_is_arr(a)) break;
        yyjson_arr_foreach(a, i, imax, b) {
            c = yyjson_obj_get(b, "id");
            if (!yyjson_is_uint(c)) {
                *ok = 0;
                return 0;
            }
            sum += yyjson_get_uint(c);
        }
        return sum;
    }
    case COUNT: {
        uint64_t n = 0;
        count(root, &n);
        return n;
    }
    case SUM_COORDS: {
        double sum = 0;
        a = yyjson_obj_get(root, "features");
        if (!yyjson_is_arr(a)) break;
        yyjson_arr_foreach(a, i, imax, b) {
            b = yyjson_ptr_get(b, "/geometry/coordinates");
            if (!yyjson_is_arr(b)) {
                *ok = 0;
                return 0;
            }
            yyjson_arr_foreach(b, j, jmax, c) {
                yyjson_arr_foreach(c, k, kmax, d) {
                    yyjson_val *x;
                    yyjson_arr_foreach(d, l, lmax, x) sum += yyjson_get_num(x);
                }
            }
        }
        return bits(sum);
    }
    default:
        break;
    }
    *ok = 0;
    return 0;
}

static void fail(doc_t *d, const char *why) {
    strncpy(d->error, why, sizeof d->error - 1);
    d->error[sizeof d->error - 1] = 0;
}

/* One call of `task` in `mode`; returns 0 and fills d->error on failure. */
static int run_once(doc_t *d, uint32_t mode, uint32_t task, uint64_t *answer) {
    yyjson_read_err err;
    yyjson_doc *doc;
    int ok = 0;
    switch (mode) {
    case READ:
        doc = yyjson_read_opts(d->json, d->len, 0, NULL, &err);
        if (!doc) {
            fail(d, err.msg);
            return 0;
        }
        *answer = task_on(yyjson_doc_get_root(doc), task, &ok);
        yyjson_doc_free(doc);
        break;
    case WALK:
        *answer = task_on(yyjson_doc_get_root(d->walk), task, &ok);
        break;
    case MUTABLE: {
        yyjson_mut_doc *m;
        doc = yyjson_read_opts(d->json, d->len, 0, NULL, &err);
        if (!doc) {
            fail(d, err.msg);
            return 0;
        }
        m = yyjson_doc_mut_copy(doc, NULL);
        yyjson_doc_free(doc);
        if (!m) {
            fail(d, "yyjson_doc_mut_copy failed");
            return 0;
        }
        ok = task == BUILD;
        *answer = yyjson_mut_get_type(yyjson_mut_doc_get_root(m));
        yyjson_mut_doc_free(m);
        break;
    }
    default:
        break;
    }
    if (!ok) fail(d, "the document does not have the shape this task reads");
    return ok;
}

/* Copies `json` (the copy is what every call reads) and reads the document WALK walks; null
 * (with `err` filled) on failure. */
void *yyjb_open(const char *json, size_t len, char *err, size_t err_cap) {
    yyjson_read_err rerr;
    yyjson_mut_doc *m;
    doc_t *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->json = malloc(len ? len : 1);
    if (d->json) memcpy(d->json, json, len);
    d->len = len;
    d->walk = d->json ? yyjson_read_opts(d->json, len, 0, NULL, &rerr) : NULL;
    if (!d->walk) {
        if (err_cap > 0) {
            strncpy(err, d->json ? rerr.msg : "out of memory", err_cap - 1);
            err[err_cap - 1] = 0;
        }
        free(d->json);
        free(d);
        return NULL;
    }
    d->dump = yyjson_write(d->walk, 0, &d->dump_len);
    m = yyjson_doc_mut_copy(d->walk, NULL);
    if (m) {
        d->mut_dump = yyjson_mut_write(m, 0, &d->mut_dump_len);
        yyjson_mut_doc_free(m);
    }
    return d;
}

/* Runs `task` in `mode` `iters` times; the last answer in *answer. Returns the number of calls
 * that failed (the last failure's message in yyjb_error). */
uint64_t yyjb_run(void *h, uint32_t mode, uint32_t task, uint64_t iters, uint64_t *answer) {
    doc_t *d = h;
    uint64_t failed = 0, i;
    for (i = 0; i < iters; i++) failed += !run_once(d, mode, task, answer);
    return failed;
}

/* The document (read-only, or its mutable copy when `mutable_copy`) written back as compact
 * JSON, for the tree check. */
const char *yyjb_dump(void *h, int mutable_copy, size_t *len) {
    doc_t *d = h;
    *len = mutable_copy ? d->mut_dump_len : d->dump_len;
    return mutable_copy ? d->mut_dump : d->dump;
}

const char *yyjb_error(void *h) { return ((doc_t *)h)->error; }

void yyjb_close(void *h) {
    doc_t *d = h;
    yyjson_doc_free(d->walk);
    free(d->dump);
    free(d->mut_dump);
    free(d->json);
    free(d);
}
