/* test_convert_fpenv.c — conversions do not depend on the caller's
 * floating-point environment. A process may run with flush-to-zero and
 * denormals-are-zero (code built with -ffast-math sets both at start-up;
 * torch.set_flush_denormal(True) does it at run time), another rounding mode
 * (fesetround), or unmasked exception traps (feenableexcept). Each tier
 * converts every ordered pair under such an environment and must give the
 * bytes it gives under the default one, must not trap, and must hand the
 * caller's environment back unchanged.
 *
 * The absolute values under the default environment are checked elsewhere
 * (the exhaustive and reference-data tests); a few are also checked here
 * against C's own conversions. The binary engine is held to the same. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fenv.h>

#include <cmocka.h>

#include "typelattice.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define TT_X86 1
#endif

static const char *const tiers[] = {"scalar", "avx2", "avx512"};

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static size_t isz(tl_dtype d) { return (size_t)tl_dtype_get(d)->itemsize; }

/* The hostile environment: round toward +inf, FTZ and DAZ, every exception
 * trap enabled. Entered just before a library call and left just after it;
 * the test does no floating-point work in between. */
typedef struct {
  fenv_t env;
#ifdef TT_X86
  unsigned csr_in; /* MXCSR as the library was entered */
  unsigned csr_out;
#endif
} hostile;

static void hostile_enter(hostile *h) {
  fegetenv(&h->env);
  fesetround(FE_UPWARD);
#ifdef TT_X86
  _mm_setcsr(_mm_getcsr() | 0x8040u); /* FTZ | DAZ */
#endif
#if defined(__GLIBC__) && defined(FE_ALL_EXCEPT)
  feclearexcept(FE_ALL_EXCEPT);
  feenableexcept(FE_INVALID | FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INEXACT);
#endif
#ifdef TT_X86
  h->csr_in = _mm_getcsr();
#endif
}

static void hostile_leave(hostile *h) {
#ifdef TT_X86
  h->csr_out = _mm_getcsr();
#endif
#if defined(__GLIBC__)
  fedisableexcept(FE_ALL_EXCEPT);
#endif
  fesetenv(&h->env);
}

/* Inputs: random bytes (every class of value, NaN payloads included), then
 * values made from float64 magnitudes where the environment matters: below
 * float32's and float16's normal ranges, and integers just past float32's and
 * float64's precision. */
static void make_input(tl_dtype from, unsigned char *buf, size_t n) {
  size_t half = n / 2;
  for (size_t i = 0; i < half * isz(from); i++) buf[i] = (unsigned char)next();
  static const int exps[] = {-149, -140, -130, -127, -126, -25, -24, -20, -15, -14, -10, -7, 0, 24, 25, 53, 54};
  double *v = malloc((n - half) * sizeof *v);
  assert_non_null(v);
  for (size_t i = 0; i < n - half; i++) {
    int e = exps[next() % (sizeof exps / sizeof *exps)];
    double m = 1.0 + (double)(next() >> 11) / 9007199254740992.0;
    v[i] = ldexp((next() & 1) ? -m : m, e);
    if (i % 7 == 0) v[i] = ldexp(1.0, e) + ((i & 8) ? 1.0 : 0.0); /* 2^e + 1: rounds for e = 24, 53 */
  }
  assert_int_equal(tl_convert_contiguous(TL_FLOAT64, v, from, buf + half * isz(from), n - half, TL_CONVERT_SATURATE, NULL),
                   TL_OK);
  free(v);
}

static void test_every_pair_hostile_env(void **state) {
  (void)state;
  enum { N = 2048 };
  unsigned char *src = malloc(N * 16), *ref = malloc(N * 16 + 64), *out = malloc(N * 16 + 64);
  assert_non_null(src);
  assert_non_null(ref);
  assert_non_null(out);
  for (int t = 0; t < 3; t++) {
    if (tl_convert_set_tier(tiers[t]) != TL_OK) continue;
    for (int from = 0; from < TL_NUM_CONCRETE; from++) {
      if (tl_dtype_is_weak((tl_dtype)from) || from == TL_FLOAT4_E2M1FN_X2) continue; /* x2: copies only */
      make_input((tl_dtype)from, src, N);
      for (int to = 0; to < TL_NUM_CONCRETE; to++) {
        if (tl_dtype_is_weak((tl_dtype)from) || tl_dtype_is_weak((tl_dtype)to) || ((from == TL_FLOAT4_E2M1FN_X2) != (to == TL_FLOAT4_E2M1FN_X2))) continue;
        for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE) {
          size_t ob = N * isz((tl_dtype)to);
          memset(ref, 0x5A, ob + 8);
          memset(out, 0x5A, ob + 8);
          assert_int_equal(tl_convert_contiguous((tl_dtype)from, src, (tl_dtype)to, ref, N, flags, NULL), TL_OK);
          hostile h;
          hostile_enter(&h);
          int st = tl_convert_contiguous((tl_dtype)from, src, (tl_dtype)to, out, N, flags, NULL);
          /* strided too (the scalar engine): every other element */
          int st2 = tl_convert((tl_dtype)from, src, 2 * (ptrdiff_t)isz((tl_dtype)from), (tl_dtype)to,
                               out + ob, 0, 1, flags, NULL);
          hostile_leave(&h);
          assert_int_equal(st, TL_OK);
          assert_int_equal(st2, TL_OK);
#ifdef TT_X86
          if (h.csr_out != h.csr_in)
            fail_msg("tier %s %s -> %s: the caller's MXCSR 0x%x came back as 0x%x", tiers[t],
                     tl_dtype_name((tl_dtype)from), tl_dtype_name((tl_dtype)to), h.csr_in, h.csr_out);
#endif
          if (memcmp(out, ref, ob) != 0) {
            size_t k = 0;
            while (out[k] == ref[k]) k++;
            fail_msg("tier %s %s -> %s flags %u: element %zu differs under FTZ/DAZ/round-up", tiers[t],
                     tl_dtype_name((tl_dtype)from), tl_dtype_name((tl_dtype)to), flags, k / isz((tl_dtype)to));
          }
          /* the strided single element is element 0's result */
          if (memcmp(out + ob, ref, isz((tl_dtype)to)) != 0)
            fail_msg("tier %s %s -> %s: strided element differs under the hostile environment", tiers[t],
                     tl_dtype_name((tl_dtype)from), tl_dtype_name((tl_dtype)to));
        }
      }
    }
  }
  free(src);
  free(ref);
  free(out);
}

/* A few values against C's conversions made under the default environment:
 * subnormal results kept, round-to-nearest-even, NaN into an integer. */
static void test_values_hostile_env(void **state) {
  (void)state;
  const double d[4] = {1e-40, -3e-45, 0x1.000001p-130, 5e-324};
  const int64_t big[3] = {(1LL << 24) + 1, (1LL << 24) + 3, -((1LL << 25) + 3)};
  float want_f[4], want_b[3];
  for (int i = 0; i < 4; i++) want_f[i] = (float)d[i];
  for (int i = 0; i < 3; i++) want_b[i] = (float)big[i];
  for (int t = 0; t < 3; t++) {
    if (tl_convert_set_tier(tiers[t]) != TL_OK) continue;
    float got_f[4], got_b[3], back_f[4];
    double back_d[4];
    int32_t ints[2] = {7, 7};
    const float nanv[2] = {NAN, -INFINITY};
    hostile h;
    hostile_enter(&h);
    int s1 = tl_convert_contiguous(TL_FLOAT64, d, TL_FLOAT32, got_f, 4, 0, NULL);
    int s2 = tl_convert_contiguous(TL_INT64, big, TL_FLOAT32, got_b, 3, 0, NULL);
    int s3 = tl_convert_contiguous(TL_FLOAT32, want_f, TL_FLOAT64, back_d, 4, 0, NULL);
    int s4 = tl_convert_contiguous(TL_FLOAT32, nanv, TL_INT32, ints, 2, 0, NULL);
    int s5 = tl_convert_contiguous(TL_FLOAT64, back_d, TL_FLOAT32, back_f, 4, 0, NULL);
    hostile_leave(&h);
    assert_int_equal(s1, TL_OK);
    assert_int_equal(s2, TL_OK);
    assert_int_equal(s3, TL_OK);
    assert_int_equal(s4, TL_OK);
    assert_int_equal(s5, TL_OK);
    assert_memory_equal(got_f, want_f, sizeof got_f);
    assert_memory_equal(got_b, want_b, sizeof got_b);
    for (int i = 0; i < 4; i++) assert_true(back_d[i] == (double)want_f[i]);
    assert_memory_equal(back_f, want_f, sizeof back_f);
    assert_int_equal(ints[0], 0);         /* NaN -> 0 */
    assert_int_equal(ints[1], INT32_MIN); /* -inf saturates */
  }
}

/* The binary engine too: float32 add/divide of subnormals and 0/0, and
 * float16 (computed in float32, rounded once) under FTZ/DAZ, round-up and
 * traps give the default environment's bytes and do not trap. */
static void test_binary_hostile_env(void **state) {
  (void)state;
  static const tl_dtype dts[] = {TL_FLOAT32, TL_FLOAT64, TL_FLOAT16, TL_BFLOAT16, TL_COMPLEX64};
  static const tl_binop ops[] = {TL_BINOP_ADD, TL_BINOP_SUBTRACT, TL_BINOP_MULTIPLY, TL_BINOP_DIVIDE};
  enum { N = 64 };
  double av[N], bv[N];
  for (int i = 0; i < N; i++) {
    static const int e[] = {-149, -140, -127, -126, -30, -24, -15, 0, 10};
    av[i] = ldexp(1.0 + (double)(next() >> 11) / 9007199254740992.0, e[next() % 9]) * ((i & 1) ? -1 : 1);
    bv[i] = ldexp(1.0 + (double)(next() >> 11) / 9007199254740992.0, e[next() % 9]);
  }
  av[0] = 0.0, bv[0] = 0.0; /* 0 / 0 */
  tl_config cfg;
  assert_int_equal(tl_config_init(&cfg), TL_OK);
  cfg.x64 = 1; /* float64 stays float64 */
  for (size_t di = 0; di < sizeof dts / sizeof *dts; di++) {
    tl_dtype dt = dts[di];
    unsigned char abuf[N * 8], bbuf[N * 8], ref[N * 8], out[N * 8];
    assert_int_equal(tl_convert_contiguous(TL_FLOAT64, av, dt, abuf, N, 0, NULL), TL_OK);
    assert_int_equal(tl_convert_contiguous(TL_FLOAT64, bv, dt, bbuf, N, 0, NULL), TL_OK);
    int64_t shape[1] = {N};
    tl_array *a, *b, *r, *o;
    assert_int_equal(tl_array_view(dt, 0, abuf, 1, shape, NULL, &a), TL_OK);
    assert_int_equal(tl_array_view(dt, 0, bbuf, 1, shape, NULL, &b), TL_OK);
    assert_int_equal(tl_array_view(dt, 0, ref, 1, shape, NULL, &r), TL_OK);
    assert_int_equal(tl_array_view(dt, 0, out, 1, shape, NULL, &o), TL_OK);
    for (size_t oi = 0; oi < sizeof ops / sizeof *ops; oi++) {
      int st0 = tl_binary_into(&cfg, ops[oi], a, b, TL_DTYPE_NONE, r);
      if (st0 != TL_OK) fail_msg("%s %s: %s", tl_binop_name(ops[oi]), tl_dtype_name(dt), tl_errmsg());
      hostile h;
      hostile_enter(&h);
      int st = tl_binary_into(&cfg, ops[oi], a, b, TL_DTYPE_NONE, o);
      hostile_leave(&h);
      assert_int_equal(st, TL_OK);
#ifdef TT_X86
      assert_int_equal(h.csr_out, h.csr_in);
#endif
      if (memcmp(out, ref, N * isz(dt)) != 0)
        fail_msg("%s %s differs under FTZ/DAZ/round-up", tl_binop_name(ops[oi]), tl_dtype_name(dt));
    }
    tl_array_free(a), tl_array_free(b), tl_array_free(r), tl_array_free(o);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_values_hostile_env),
      cmocka_unit_test(test_every_pair_hostile_env),
      cmocka_unit_test(test_binary_hostile_env),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
