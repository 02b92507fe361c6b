/* test_threads.c — thread safety: several threads run promotions under
 * every rule set with their own nested tl_config_push scopes and default
 * dtype overrides, and conversions (tl_convert) on other threads,
 * interleaved, and check every answer (status, result, error class and
 * message) against the answer computed on one thread beforehand.
 * Built normally (a correctness test) and by `make test-tsan` under
 * ThreadSanitizer (-DTL_TSAN=ON). TL_THREADS_ROUNDS scales the work. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typelattice.h"

#define N_THREADS 4
#define MAX_CASES 8192

/* operand lists: every pair of these, and a few triples */
static const char *const atoms[] = {"bool", "int8", "uint8", "int32", "uint64", "float16", "bfloat16",
                                    "float32", "float64", "complex64", "weak:int8", "weak:float32",
                                    "300", "-1.5", "1j", "True", "int", "float", "zerodim:int8:5",
                                    "scalar:float32:1.5", "py:int:100000000000", "float8_e4m3fn", "int4"};
#define N_ATOMS (sizeof atoms / sizeof atoms[0])

typedef struct {
  size_t rules;     /* index for tl_rules_at */
  int x64, strict, op;
  tl_operand ops[3];
  size_t n;
  /* the single-threaded answer */
  int status;
  tl_result res;
  char errtype[32];
  char errmsg[160];
} pcase;

static pcase cases[MAX_CASES];
static size_t n_cases;

static tl_config cfg_of(const pcase *c) {
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.rules = tl_rules_at(c->rules);
  cfg.x64 = c->x64;
  cfg.strict = c->strict;
  cfg.op = c->op;
  return cfg;
}

static void answer(const pcase *c, const tl_config *cfg, int *st, tl_result *r, char *et, char *em) {
  r->dtype = TL_DTYPE_NONE;
  r->weak = -1;
  *st = tl_result_type(cfg, c->ops, c->n, r);
  snprintf(et, 32, "%s", tl_errtype());
  snprintf(em, 160, "%s", tl_errmsg());
}

static void build_cases(void) {
  n_cases = 0;
  tl_operand parsed[N_ATOMS];
  for (size_t i = 0; i < N_ATOMS; i++) assert_int_equal(tl_operand_parse(atoms[i], &parsed[i]), TL_OK);
  for (size_t r = 0; r < tl_rules_count(); r++)
    for (int mode = 0; mode < 8; mode++)
      for (size_t i = 0; i < N_ATOMS; i += 1 + (mode & 1))
        for (size_t j = (i * 7 + (size_t)mode) % 3; j < N_ATOMS; j += 3) {
          if (n_cases == MAX_CASES) return;
          pcase *c = &cases[n_cases++];
          memset(c, 0, sizeof *c);
          c->rules = r;
          c->x64 = mode & 1, c->strict = (mode >> 1) & 1, c->op = (mode >> 2) & 1;
          c->ops[0] = parsed[i];
          c->ops[1] = parsed[j];
          c->n = 2;
          if ((i + j) % 5 == 0) c->ops[2] = parsed[(i + j) % N_ATOMS], c->n = 3;
          tl_config cfg = cfg_of(c);
          answer(c, &cfg, &c->status, &c->res, c->errtype, c->errmsg);
        }
}

typedef struct {
  int id;
  unsigned rounds;
  size_t mismatches;
  char first[1200];
} worker;

static pthread_barrier_t start;

static void mismatch(worker *w, const char *what, size_t i) {
  if (w->mismatches++ == 0) snprintf(w->first, sizeof w->first, "thread %d, case %zu: %s", w->id, i, what);
}

static void *work(void *p) {
  worker *w = p;
  /* each thread its own default int override (thread-local stacks) */
  static const tl_dtype my_int[N_THREADS] = {TL_INT8, TL_INT16, TL_INT32, TL_INT64};
  pthread_barrier_wait(&start);
  for (unsigned round = 0; round < w->rounds; round++) {
    if (tl_default_dtype_push(TL_KIND_INT, my_int[w->id % N_THREADS]) != TL_OK) mismatch(w, "push default", 0);
    /* walk the cases from a thread-specific offset, so threads interleave
     * different rule sets and configurations */
    for (size_t k = 0; k < n_cases; k++) {
      size_t i = (k + (size_t)w->id * (n_cases / N_THREADS) + round * 131) % n_cases;
      const pcase *c = &cases[i];
      tl_config cfg = cfg_of(c);
      int st;
      tl_result r;
      char et[32], em[160];
      if ((k + (size_t)w->id) % 2 == 0) {
        answer(c, &cfg, &st, &r, et, em); /* explicit cfg */
      } else {
        /* a scope around the call: current configuration = cfg; sometimes
         * nested inside an unrelated outer scope */
        tl_config outer;
        tl_config_init(&outer);
        outer.x64 = !c->x64;
        outer.rules = tl_rules_at((c->rules + 1) % tl_rules_count());
        int nested = k % 3 == 0;
        if (nested && tl_config_push(&outer) != TL_OK) mismatch(w, "push outer", i);
        if (tl_config_push(&cfg) != TL_OK) mismatch(w, "push", i);
        answer(c, NULL, &st, &r, et, em);
        if (tl_config_pop() != TL_OK) mismatch(w, "pop", i);
        if (nested && tl_config_pop() != TL_OK) mismatch(w, "pop outer", i);
      }
      if (st != c->status || strcmp(et, c->errtype) != 0 || strcmp(em, c->errmsg) != 0 ||
          (st == TL_OK && (r.dtype != c->res.dtype || r.weak != c->res.weak))) {
        char what[1024];
        snprintf(what, sizeof what, "got %d %s/%d [%s] '%s', expected %d %s/%d [%s] '%s'", st, tl_dtype_name(r.dtype),
                 r.weak, et, em, c->status, tl_dtype_name(c->res.dtype), c->res.weak, c->errtype, c->errmsg);
        mismatch(w, what, i);
      }
      /* the thread's own default int is visible, nobody else's */
      if (k % 64 == 0) {
        tl_dtype d = TL_DTYPE_NONE;
        tl_config jx64;
        tl_config_init(&jx64);
        jx64.x64 = 1; /* jax with x64 accepts every int override */
        if (tl_default_dtype(&jx64, TL_KIND_INT, &d) != TL_OK || d != my_int[w->id % N_THREADS])
          mismatch(w, "default int override leaked between threads", i);
      }
    }
    if (tl_default_dtype_pop(TL_KIND_INT) != TL_OK) mismatch(w, "pop default", 0);
    if (tl_config_current()->rules != NULL || tl_default_dtype_depth(TL_KIND_INT) != 0)
      mismatch(w, "scopes not balanced", 0);
  }
  return NULL;
}

static unsigned rounds_from_env(unsigned dflt) {
  const char *e = getenv("TL_THREADS_ROUNDS");
  return e && atoi(e) > 0 ? (unsigned)atoi(e) : dflt;
}

static void test_concurrent_promotions(void **state) {
  (void)state;
  build_cases();
  assert_true(n_cases > 100);
  pthread_t t[N_THREADS];
  worker w[N_THREADS];
  pthread_barrier_init(&start, NULL, N_THREADS);
  for (int i = 0; i < N_THREADS; i++) {
    memset(&w[i], 0, sizeof w[i]);
    w[i].id = i;
    w[i].rounds = rounds_from_env(20);
    assert_int_equal(pthread_create(&t[i], NULL, work, &w[i]), 0);
  }
  size_t bad = 0;
  for (int i = 0; i < N_THREADS; i++) {
    pthread_join(t[i], NULL);
    if (w[i].mismatches) fprintf(stderr, "%zu mismatches; first: %s\n", w[i].mismatches, w[i].first);
    bad += w[i].mismatches;
  }
  pthread_barrier_destroy(&start);
  printf("%zu cases x %d threads x %u rounds\n", n_cases, N_THREADS, w[0].rounds);
  assert_int_equal(bad, 0);
}

/* ---- conversions ---------------------------------------------------------- */

#define CV_N 48
typedef struct {
  tl_dtype from, to;
  unsigned flags;
  int status;
  size_t fail_index;
  unsigned char out[CV_N * 16];
} ccase;

static unsigned char cv_src[TL_NUM_CONCRETE][CV_N * 16];
static ccase *cv_cases;
static size_t n_cv;

static int run_convert(const ccase *c, unsigned char *out, size_t *fail) {
  memset(out, 0xEE, CV_N * 16);
  *fail = (size_t)-1;
  return tl_convert_contiguous(c->from, cv_src[c->from], c->to, out, CV_N, c->flags, fail);
}

static void build_convert_cases(void) {
  static const unsigned flag_sets[3] = {0, TL_CONVERT_SATURATE, TL_CONVERT_CHECKED};
  uint32_t x = 12345u;
  for (int d = 0; d < TL_NUM_CONCRETE; d++) {
    if (tl_dtype_is_weak((tl_dtype)d)) continue;
    const tl_dtype_info *info = tl_dtype_get((tl_dtype)d);
    for (size_t i = 0; i < sizeof cv_src[d]; i++) {
      x = x * 1103515245u + 12345u;
      cv_src[d][i] = (unsigned char)(x >> 16);
    }
    /* sub-byte types: one element per byte, value in the low bits */
    if (info->bits < 8)
      for (size_t i = 0; i < CV_N; i++) cv_src[d][i] &= (unsigned char)((1u << info->bits) - 1);
    /* some exact small values so checked conversions succeed too */
    if (d != TL_BOOL && info->itemsize > 0)
      memset(cv_src[d], 0, (size_t)info->itemsize * 4);
  }
  cv_cases = calloc((size_t)TL_NUM_CONCRETE * TL_NUM_CONCRETE * 3, sizeof *cv_cases);
  assert_non_null(cv_cases);
  n_cv = 0;
  for (int a = 0; a < TL_NUM_CONCRETE; a++)
    for (int b = 0; b < TL_NUM_CONCRETE; b++)
      for (int f = 0; f < 3; f++) {
        if (tl_dtype_is_weak((tl_dtype)a) || tl_dtype_is_weak((tl_dtype)b) || ((a == TL_FLOAT4_E2M1FN_X2) != (b == TL_FLOAT4_E2M1FN_X2))) continue;
        ccase *c = &cv_cases[n_cv++];
        c->from = (tl_dtype)a, c->to = (tl_dtype)b, c->flags = flag_sets[f];
        c->status = run_convert(c, c->out, &c->fail_index);
      }
}

typedef struct {
  int id;
  unsigned rounds;
  size_t mismatches;
  char first[256];
} cworker;

static void *convert_work(void *p) {
  cworker *w = p;
  unsigned char out[CV_N * 16];
  pthread_barrier_wait(&start);
  for (unsigned round = 0; round < w->rounds; round++)
    for (size_t k = 0; k < n_cv; k++) {
      size_t i = (k * 7 + (size_t)w->id * 1009 + round) % n_cv;
      const ccase *c = &cv_cases[i];
      size_t fail;
      int st = run_convert(c, out, &fail);
      if (st != c->status || fail != c->fail_index || memcmp(out, c->out, sizeof out) != 0) {
        if (w->mismatches++ == 0)
          snprintf(w->first, sizeof w->first, "thread %d: %s -> %s flags %u: status %d vs %d", w->id,
                   tl_dtype_name(c->from), tl_dtype_name(c->to), c->flags, st, c->status);
      }
    }
  return NULL;
}

/* promotions and conversions at the same time */
static void test_concurrent_conversions(void **state) {
  (void)state;
  build_cases();
  build_convert_cases();
  pthread_t t[N_THREADS];
  worker pw[N_THREADS / 2];
  cworker cw[N_THREADS / 2];
  pthread_barrier_init(&start, NULL, N_THREADS);
  for (int i = 0; i < N_THREADS / 2; i++) {
    memset(&pw[i], 0, sizeof pw[i]);
    memset(&cw[i], 0, sizeof cw[i]);
    pw[i].id = i;
    pw[i].rounds = rounds_from_env(20) / 4 + 1;
    cw[i].id = i;
    cw[i].rounds = rounds_from_env(20) / 4 + 1;
    assert_int_equal(pthread_create(&t[2 * i], NULL, work, &pw[i]), 0);
    assert_int_equal(pthread_create(&t[2 * i + 1], NULL, convert_work, &cw[i]), 0);
  }
  size_t bad = 0;
  for (int i = 0; i < N_THREADS; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < N_THREADS / 2; i++) {
    if (pw[i].mismatches) fprintf(stderr, "%zu mismatches; first: %s\n", pw[i].mismatches, pw[i].first);
    if (cw[i].mismatches) fprintf(stderr, "%zu mismatches; first: %s\n", cw[i].mismatches, cw[i].first);
    bad += pw[i].mismatches + cw[i].mismatches;
  }
  pthread_barrier_destroy(&start);
  printf("%zu conversions x %d threads (tier %s)\n", n_cv, N_THREADS / 2, tl_convert_tier());
  free(cv_cases);
  assert_int_equal(bad, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_concurrent_promotions),
      cmocka_unit_test(test_concurrent_conversions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
