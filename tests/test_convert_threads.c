/* test_convert_threads.c — tl_convert split over threads: for every pair of
 * concrete dtypes (sub-byte ones included), contiguous, strided and with
 * negative strides, plain/saturating/checked, the result with 2..7 threads
 * is byte-identical to the 1-thread result (which the other conversion tests
 * check against the frameworks' reference data); bad settings, the
 * environment variables, concurrent callers, the caller's FP environment;
 * and the stride x n overflow that tl_convert must refuse. Built normally and
 * by `make test-tsan` under ThreadSanitizer. TL_THREADS_ROUNDS=1 (valgrind,
 * TSan) checks every 4th pair. */
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
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "convert_internal.h" /* tl__threads_reload_env */
#include "typelattice.h"

#define N_ELEMS (64 * 37 + 13) /* ragged: the last chunk is short */
#define STRIDE_MUL 3           /* strided runs: every 3rd slot */

static unsigned char *src_buf, *ref_buf, *out_buf;
static size_t src_cap, dst_cap;

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint64_t next_rand(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return rng;
}

static int concrete(int d) {
  return d < TL_NUM_DTYPES && !tl_dtype_is_weak((tl_dtype)d) && tl_dtype_get((tl_dtype)d) != NULL;
}
static size_t isz(int d) { return (size_t)tl_dtype_get((tl_dtype)d)->itemsize; }

static int setup(void **state) {
  (void)state;
  src_cap = (size_t)N_ELEMS * 16 * STRIDE_MUL + 64;
  dst_cap = src_cap;
  src_buf = malloc(src_cap);
  ref_buf = malloc(dst_cap);
  out_buf = malloc(dst_cap);
  if (!src_buf || !ref_buf || !out_buf) return -1;
  for (size_t i = 0; i < src_cap; i++) src_buf[i] = (unsigned char)(next_rand() >> 29);
  return 0;
}
static int teardown(void **state) {
  (void)state;
  free(src_buf), free(ref_buf), free(out_buf);
  tl_convert_set_threads(1);
  return 0;
}

static int rounds(void) {
  const char *r = getenv("TL_THREADS_ROUNDS");
  return r && *r ? atoi(r) : 4;
}

/* One layout: convert with 1 thread, then with each count, and compare the
 * whole destination buffer (gaps of strided runs included). */
static void check_layout(int from, int to, ptrdiff_t sm, ptrdiff_t dm, unsigned flags, int maxthreads) {
  size_t fi = isz(from), ti = isz(to);
  ptrdiff_t ss = sm * (ptrdiff_t)fi, ds = dm * (ptrdiff_t)ti;
  /* negative strides start at the far end */
  const unsigned char *s = src_buf + (ss < 0 ? (size_t)(-ss) * (N_ELEMS - 1) : 0);
  size_t dspan = (size_t)(ds < 0 ? -ds : ds) * (N_ELEMS - 1) + ti;
  size_t doff = ds < 0 ? (size_t)(-ds) * (N_ELEMS - 1) : 0;
  size_t fail_ref = (size_t)-1, fail = (size_t)-1;
  memset(ref_buf, 0xA5, dspan);
  assert_int_equal(tl_convert_set_threads(1), TL_OK);
  int st_ref = tl_convert((tl_dtype)from, s, ss, (tl_dtype)to, ref_buf + doff, ds, N_ELEMS, flags, &fail_ref);
  for (int t = 2; t <= maxthreads; t++) {
    memset(out_buf, 0xA5, dspan);
    assert_int_equal(tl_convert_set_threads(t), TL_OK);
    int st = tl_convert((tl_dtype)from, s, ss, (tl_dtype)to, out_buf + doff, ds, N_ELEMS, flags, &fail);
    if (st != st_ref || fail != fail_ref || memcmp(ref_buf, out_buf, dspan) != 0) {
      size_t k = 0;
      while (k < dspan && ref_buf[k] == out_buf[k]) k++;
      fail_msg("%s -> %s strides %td/%td flags %u, %d threads: status %d/%d, fail index %zu/%zu, first "
               "differing byte %zu",
               tl_dtype_name((tl_dtype)from), tl_dtype_name((tl_dtype)to), ss, ds, flags, t, st, st_ref, fail,
               fail_ref, k);
    }
  }
  assert_int_equal(tl_convert_set_threads(1), TL_OK);
}

static void test_every_pair_identical(void **state) {
  (void)state;
  assert_int_equal(tl_convert_set_thread_threshold(4096), TL_OK);
  int step = rounds() >= 4 ? 1 : 4, k = 0, pairs = 0;
  for (int a = 0; a < TL_NUM_DTYPES; a++)
    for (int b = 0; b < TL_NUM_DTYPES; b++) {
      if (!concrete(a) || !concrete(b) || k++ % step) continue;
      check_layout(a, b, 1, 1, 0, 4);
      check_layout(a, b, STRIDE_MUL, 1, 0, 3);
      check_layout(a, b, 1, -2, TL_CONVERT_SATURATE, 3);
      check_layout(a, b, -1, STRIDE_MUL, 0, 2);
      pairs++;
    }
  printf("%d pairs identical with 1..4 threads\n", pairs);
  assert_true(pairs > 100);
}

/* checked mode: the same first failing index, and nothing written */
static void test_checked_identical(void **state) {
  (void)state;
  assert_int_equal(tl_convert_set_thread_threshold(4096), TL_OK);
  int32_t *in = malloc(N_ELEMS * sizeof *in);
  int8_t *out = malloc(N_ELEMS);
  for (int i = 0; i < N_ELEMS; i++) in[i] = i % 100;
  in[N_ELEMS - 5] = 1000; /* in the last chunk */
  for (int t = 1; t <= 4; t++) {
    assert_int_equal(tl_convert_set_threads(t), TL_OK);
    memset(out, 0x5A, N_ELEMS);
    size_t fail = 0;
    assert_int_equal(tl_convert_contiguous(TL_INT32, in, TL_INT8, out, N_ELEMS, TL_CONVERT_CHECKED, &fail), TL_ECAST);
    assert_int_equal(fail, N_ELEMS - 5);
    for (int i = 0; i < N_ELEMS; i++) assert_int_equal((unsigned char)out[i], 0x5A);
  }
  tl_convert_set_threads(1);
  free(in), free(out);
}

/* the threshold: below it nothing changes; the values round-trip */
static void test_settings(void **state) {
  (void)state;
  assert_int_equal(tl_convert_set_threads(3), TL_OK);
  assert_int_equal(tl_convert_threads(), 3);
  assert_int_equal(tl_convert_set_threads(0), TL_OK); /* one per CPU */
  assert_true(tl_convert_threads() >= 1 && tl_convert_threads() <= 256);
  assert_int_equal(tl_convert_set_thread_threshold(1u << 20), TL_OK);
  assert_int_equal(tl_convert_thread_threshold(), 1u << 20);
  /* bad values: TL_EINVAL naming the value, settings untouched */
  assert_int_equal(tl_convert_set_threads(5), TL_OK);
  assert_int_equal(tl_convert_set_threads(-1), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "n = -1"));
  assert_int_equal(tl_convert_set_threads(257), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "n = 257"));
  assert_int_equal(tl_convert_threads(), 5);
  assert_int_equal(tl_convert_set_thread_threshold(0), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "0 bytes"));
  assert_int_equal(tl_convert_set_thread_threshold(4095), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "4095 bytes"));
  assert_int_equal(tl_convert_thread_threshold(), 1u << 20);
  assert_int_equal(tl_convert_set_thread_threshold(4096), TL_OK);
  assert_int_equal(tl_convert_set_threads(1), TL_OK);
}

static void test_environment(void **state) {
  (void)state;
  static const struct {
    const char *threads, *threshold;
    int want_threads;
    size_t want_threshold;
  } cases[] = {
      {"4", "64K", 4, 64u << 10},     {"2", "8M", 2, 8u << 20},      {"1", "5000", 1, 5000},
      {"-2", "100", 1, 4u << 20},     {"abc", "1X", 1, 4u << 20},    {"300", "4095", 1, 4u << 20},
      {"", "", 1, 4u << 20},          {"7x", "99999999999999999999999", 1, 4u << 20},
      {"3", "1G", 3, (size_t)1 << 30},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    setenv("TYPELATTICE_THREADS", cases[i].threads, 1);
    setenv("TYPELATTICE_THREAD_THRESHOLD", cases[i].threshold, 1);
    tl__threads_reload_env();
    if (tl_convert_threads() != cases[i].want_threads || tl_convert_thread_threshold() != cases[i].want_threshold)
      fail_msg("env '%s' '%s': got %d threads, threshold %zu", cases[i].threads, cases[i].threshold,
               tl_convert_threads(), tl_convert_thread_threshold());
  }
  setenv("TYPELATTICE_THREADS", "0", 1);
  tl__threads_reload_env();
  assert_true(tl_convert_threads() >= 1);
  unsetenv("TYPELATTICE_THREADS");
  unsetenv("TYPELATTICE_THREAD_THRESHOLD");
  tl__threads_reload_env();
  assert_int_equal(tl_convert_threads(), 1);
  assert_int_equal(tl_convert_thread_threshold(), 4u << 20);
}

/* several threads converting at once with the pool on: one holds the pool,
 * the others run alone; every result must be right */
#define CONC_N 20000
static float conc_in[CONC_N];
static uint16_t conc_ref[CONC_N];
static void *conc_worker(void *arg) {
  uint16_t *out = malloc(CONC_N * sizeof *out);
  intptr_t bad = 0;
  for (int r = 0; r < 20; r++) {
    memset(out, 0, CONC_N * sizeof *out);
    if (tl_convert_contiguous(TL_FLOAT32, conc_in, TL_BFLOAT16, out, CONC_N, 0, NULL) != TL_OK ||
        memcmp(out, conc_ref, sizeof conc_ref) != 0)
      bad++;
  }
  free(out);
  (void)arg;
  return (void *)bad;
}
static void test_concurrent_callers(void **state) {
  (void)state;
  for (int i = 0; i < CONC_N; i++) conc_in[i] = (float)i * 1.37f - 9000.0f;
  assert_int_equal(tl_convert_set_threads(1), TL_OK);
  assert_int_equal(tl_convert_contiguous(TL_FLOAT32, conc_in, TL_BFLOAT16, conc_ref, CONC_N, 0, NULL), TL_OK);
  assert_int_equal(tl_convert_set_thread_threshold(4096), TL_OK);
  assert_int_equal(tl_convert_set_threads(3), TL_OK);
  pthread_t th[4];
  for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&th[i], NULL, conc_worker, NULL), 0);
  for (int i = 0; i < 4; i++) {
    void *bad;
    pthread_join(th[i], &bad);
    assert_int_equal((intptr_t)bad, 0);
  }
  assert_int_equal(tl_convert_set_threads(1), TL_OK);
}

#if defined(__x86_64__)
/* the workers compute in the default FP environment whatever the caller's
 * (FTZ/DAZ, round toward zero), and the caller's comes back unchanged */
static void test_fp_environment(void **state) {
  (void)state;
  /* valgrind does not emulate a non-default MXCSR (FTZ/DAZ/rounding) for the
   * SSE/F16C instructions it runs: the comparison would test valgrind */
  if (getenv("TL_UNDER_VALGRIND")) {
    skip();
    return;
  }
  enum { N = 16384 };
  float *in = malloc(N * sizeof *in);
  uint16_t *a = malloc(N * 2), *b = malloc(N * 2);
  for (int i = 0; i < N; i++) in[i] = (float)(i - N / 2) * 1e-42f + (float)i * 0.3f; /* subnormals and roundings */
  assert_int_equal(tl_convert_set_threads(1), TL_OK);
  assert_int_equal(tl_convert_contiguous(TL_FLOAT32, in, TL_FLOAT16, a, N, 0, NULL), TL_OK);
  assert_int_equal(tl_convert_set_thread_threshold(4096), TL_OK);
  assert_int_equal(tl_convert_set_threads(4), TL_OK);
  unsigned saved = _mm_getcsr();
  unsigned odd = (saved & ~0x6000u) | 0x8040u | 0x6000u; /* FTZ, DAZ, round toward zero */
  _mm_setcsr(odd);
  int st = tl_convert_contiguous(TL_FLOAT32, in, TL_FLOAT16, b, N, 0, NULL);
  unsigned after = _mm_getcsr();
  _mm_setcsr(saved);
  assert_int_equal(st, TL_OK);
  assert_int_equal(after, odd);
  assert_memory_equal(a, b, N * 2);
  tl_convert_set_threads(1);
  free(in), free(a), free(b);
}
#endif

/* |stride| x (n - 1) beyond ptrdiff_t: TL_ERANGE naming the stride, nothing
 * written (issue 18: it crashed) */
static void test_stride_overflow(void **state) {
  (void)state;
  char s[64] = {1, 2, 3}, d[64];
  memset(d, 0x77, sizeof d);
  static const struct {
    ptrdiff_t ss, ds;
    size_t n;
    const char *what;
  } bad[] = {
      {PTRDIFF_MAX / 2 + 1, 1, 3, "src_stride"},
      {PTRDIFF_MAX, 1, 2, "src_stride"},
      {PTRDIFF_MIN, 1, 2, "src_stride"},
      {-(PTRDIFF_MAX / 2), 1, 4, "src_stride"},
      {1, PTRDIFF_MAX / 3, 5, "dst_stride"},
      {4, (ptrdiff_t)1 << 40, (size_t)1 << 24, "dst_stride"},
      {1, PTRDIFF_MIN, 2, "dst_stride"},
      /* stride and n - 1 both below 2^32 (checked by a multiply, not a divide) */
      {(ptrdiff_t)UINT32_MAX, 1, (size_t)UINT32_MAX + 1, "src_stride"},
      {1, -(ptrdiff_t)UINT32_MAX, (size_t)UINT32_MAX, "dst_stride"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    tl_clear_error();
    int st = tl_convert(TL_INT8, s, bad[i].ss, TL_INT8, d, bad[i].ds, bad[i].n, 0, NULL);
    if (st != TL_ERANGE || !strstr(tl_errmsg(), bad[i].what) || !strstr(tl_errmsg(), "spans"))
      fail_msg("case %zu: status %d, message '%s'", i, st, tl_errmsg());
    for (size_t k = 0; k < sizeof d; k++) assert_int_equal((unsigned char)d[k], 0x77);
  }
  /* the largest span that fits is accepted (n = 1 never overflows) */
  assert_int_equal(tl_convert(TL_INT8, s, PTRDIFF_MAX, TL_INT8, d, PTRDIFF_MIN, 1, 0, NULL), TL_OK);
  assert_int_equal(d[0], 1);
  assert_int_equal(tl_convert(TL_INT8, s + 2, -1, TL_INT8, d, 1, 3, 0, NULL), TL_OK);
  assert_int_equal(d[0], 3);
  assert_int_equal(d[2], 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_settings),
      cmocka_unit_test(test_environment),
      cmocka_unit_test(test_stride_overflow),
      cmocka_unit_test(test_checked_identical),
      cmocka_unit_test(test_concurrent_callers),
#if defined(__x86_64__)
      cmocka_unit_test(test_fp_environment),
#endif
      cmocka_unit_test(test_every_pair_identical),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
