/* test_convert_bc32.c — bcomplex32 (two bfloat16 parts) on the SIMD tiers:
 * the AVX2 kernels (bcomplex32 <-> bfloat16/float32/float64/complex32/
 * complex64/complex128, float16 and 16/32/64-bit integers -> bcomplex32,
 * bcomplex32 -> bool/integers/float16/float8), against hand-worked values (the
 * scalar rules of convert_scalar.c: NaN payloads, canonical NaNs, inf, -0,
 * subnormals, round to nearest even, saturate) and against the scalar tier on
 * every bfloat16 bit pattern in either part; and on the AVX2 tier every pair
 * from or to bcomplex32 has a SIMD route. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convert_internal.h"
#include "typelattice.h"

static const char *const tiers[] = {"scalar", "avx2", "avx512"};

static void restore_tier(void) {
  for (int t = 2; t >= 0; t--)
    if (tl_convert_set_tier(tiers[t]) == TL_OK) return;
}

static size_t isz(tl_dtype d) { return (size_t)tl_dtype_get(d)->itemsize; }

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* N copies of the K elements `in` (of `from`) converted on every tier must
 * give N copies of the K elements `want` (of `to`); N x K is past the chains'
 * block (1024) and leaves a tail. */
static void expect_all_tiers(tl_dtype from, const void *in, tl_dtype to, const void *want, size_t k,
                             unsigned flags) {
  enum { REP = 300 };
  const size_t fs = isz(from), ts = isz(to), n = REP * k + 3;
  unsigned char *src = malloc(n * fs + 1), *dst = malloc(n * ts + 1);
  assert_non_null(src), assert_non_null(dst);
  for (size_t i = 0; i < n; i++) memcpy(src + 1 + i * fs, (const char *)in + (i % k) * fs, fs);
  for (int t = 0; t < 3; t++) {
    if (tl_convert_set_tier(tiers[t]) != TL_OK) continue;
    memset(dst, 0xA5, n * ts + 1);
    /* off alignment by one byte: the kernels must not need it */
    assert_int_equal(tl_convert_contiguous(from, src + 1, to, dst + 1, n, flags, NULL), TL_OK);
    for (size_t i = 0; i < n; i++)
      if (memcmp(dst + 1 + i * ts, (const char *)want + (i % k) * ts, ts) != 0)
        fail_msg("tier %s flags %u: %s -> %s element %zu (input %zu) differs", tiers[t], flags,
                 tl_dtype_name(from), tl_dtype_name(to), i, i % k);
  }
  restore_tier();
  free(src), free(dst);
}

#define BC(re, im) ((uint32_t)(re) | (uint32_t)(im) << 16)

/* bcomplex32 -> complex64 / complex128 / float32 / float64: exact; NaN
 * payloads kept (into float64 parts with the quiet bit set, as float32 ->
 * float64). */
static void test_from_bc32_exact(void **state) {
  (void)state;
  static const uint32_t in[] = {
      BC(0x3F80, 0xBF80),   /* 1, -1 */
      BC(0x8000, 0x0000),   /* -0, +0 */
      BC(0x0001, 0x807F),   /* the smallest subnormal, -the largest subnormal */
      BC(0x7F80, 0xFF80),   /* inf, -inf */
      BC(0x7F81, 0x3F80),   /* signalling NaN payload 1 in the real part only */
      BC(0x4000, 0xFFC1),   /* 2, -quiet NaN payload 0x41 in the imaginary part only */
      BC(0x7F7F, 0xFF7F),   /* +-largest finite */
  };
  enum { K = sizeof in / sizeof *in };
  uint32_t c64[K][2];
  uint64_t c128[K][2];
  for (size_t i = 0; i < K; i++) {
    c64[i][0] = (in[i] & 0xFFFFu) << 16;
    c64[i][1] = in[i] & 0xFFFF0000u;
  }
  /* float32 bits -> float64 bits by hand: sign, exponent rebias, mantissa; NaN: quiet bit set */
  for (size_t i = 0; i < K; i++)
    for (int p = 0; p < 2; p++) {
      uint32_t f = c64[i][p];
      uint64_t s = (uint64_t)(f >> 31) << 63, e = (f >> 23) & 0xFF, m = f & 0x7FFFFF;
      uint64_t r;
      if (e == 0xFF) r = s | 0x7FF0000000000000ull | m << 29 | (m ? 1ull << 51 : 0);
      else if (e == 0 && m == 0) r = s;
      else if (e == 0) { /* subnormal float32 (bfloat16 subnormal): m x 2^-149, normalise */
        int top = 31 - __builtin_clz(m);
        r = s | (uint64_t)(top - 149 + 1023) << 52 | ((uint64_t)m << (52 - top) & 0xFFFFFFFFFFFFFull);
      } else r = s | (e - 127 + 1023) << 52 | m << 29;
      c128[i][p] = r;
    }
  assert_true(c128[4][0] == 0x7FF8200000000000ull); /* the hand work itself: 0x7F81 */
  uint32_t f32[K];
  uint64_t f64[K];
  for (size_t i = 0; i < K; i++) f32[i] = c64[i][0], f64[i] = c128[i][0];
  for (unsigned fl = 0; fl <= TL_CONVERT_SATURATE; fl += TL_CONVERT_SATURATE) {
    expect_all_tiers(TL_BCOMPLEX32, in, TL_COMPLEX64, c64, K, fl);
    expect_all_tiers(TL_BCOMPLEX32, in, TL_COMPLEX128, c128, K, fl);
    expect_all_tiers(TL_BCOMPLEX32, in, TL_FLOAT32, f32, K, fl);
    expect_all_tiers(TL_BCOMPLEX32, in, TL_FLOAT64, f64, K, fl);
  }
}

/* bcomplex32 -> bfloat16 (the real part, NaN canonical), -> bool (either part
 * nonzero, NaN true, -0 false), -> complex32 (each part to float16, NaN
 * canonical 0x7E00, overflow inf or with sat 0x7BFF) and through the chains
 * (-> float16, -> int32, -> float8_e4m3fn: the real part, a NaN in the
 * imaginary part alone changes nothing). */
static void test_from_bc32_rules(void **state) {
  (void)state;
  static const uint32_t in[] = {
      BC(0x7F81, 0x3F80), /* sNaN real */
      BC(0xFFA5, 0x0000), /* -NaN real */
      BC(0x3FC0, 0x7FC3), /* 1.5, NaN imaginary only */
      BC(0x8000, 0x8000), /* -0, -0 */
      BC(0x0000, 0x0001), /* 0, smallest subnormal */
      BC(0x4780, 0xC780), /* 65536, -65536: past float16's largest finite */
      BC(0x477F, 0x0000), /* 65280: a float16 value (0x7BF8) */
      BC(0x7F80, 0xFF80), /* inf, -inf */
      BC(0x42F7, 0xC2F7), /* 123.5, -123.5 */
  };
  enum { K = sizeof in / sizeof *in };
  static const uint16_t bf16[K] = {0x7FC0, 0xFFC0, 0x3FC0, 0x8000, 0x0000, 0x4780, 0x477F, 0x7F80, 0x42F7};
  static const uint8_t b[K] = {1, 1, 1, 0, 1, 1, 1, 1, 1};
  static const uint16_t c32[K][2] = {{0x7E00, 0x3C00}, {0xFE00, 0x0000}, {0x3E00, 0x7E00}, {0x8000, 0x8000},
                                     {0x0000, 0x0000}, {0x7C00, 0xFC00}, {0x7BF8, 0x0000}, {0x7C00, 0xFC00},
                                     {0x57B8, 0xD7B8}};
  uint16_t c32s[K][2];
  memcpy(c32s, c32, sizeof c32s);
  c32s[5][0] = 0x7BFF, c32s[5][1] = 0xFBFF; /* saturated; inf stays inf */
  uint16_t f16[K], f16s[K];
  for (size_t i = 0; i < K; i++) f16[i] = c32[i][0], f16s[i] = c32s[i][0];
  /* int32: truncated, saturated, NaN 0 */
  static const int32_t i32[K] = {0, 0, 1, 0, 0, 65536, 65280, INT32_MAX, 123};
  /* float8_e4m3fn: NaN 0x7F / 0xFF; 1.5 = 0x3C; -0 = 0x80; 65536 overflows (no inf: NaN, or 448 = 0x7E with sat) */
  static const uint8_t e4[K] = {0x7F, 0xFF, 0x3C, 0x80, 0x00, 0x7F, 0x7F, 0x7F, 0x6F};
  static const uint8_t e4s[K] = {0x7F, 0xFF, 0x3C, 0x80, 0x00, 0x7E, 0x7E, 0x7F, 0x6F};
  for (unsigned fl = 0; fl <= TL_CONVERT_SATURATE; fl += TL_CONVERT_SATURATE) {
    expect_all_tiers(TL_BCOMPLEX32, in, TL_BFLOAT16, bf16, K, fl);
    expect_all_tiers(TL_BCOMPLEX32, in, TL_BOOL, b, K, fl);
    expect_all_tiers(TL_BCOMPLEX32, in, TL_COMPLEX32, fl ? (const void *)c32s : (const void *)c32, K, fl);
    expect_all_tiers(TL_BCOMPLEX32, in, TL_FLOAT16, fl ? f16s : f16, K, fl);
    expect_all_tiers(TL_BCOMPLEX32, in, TL_INT32, i32, K, fl);
    expect_all_tiers(TL_BCOMPLEX32, in, TL_FLOAT8_E4M3FN, fl ? e4s : e4, K, fl);
  }
}

/* into bcomplex32: one rounding to bfloat16 (RNE), NaN sign | 0x7FC0, inf
 * kept, overflow inf or with sat +-0x7F7F, imaginary +0 from real sources. */
static void test_into_bc32(void **state) {
  (void)state;
  static const uint32_t f32[] = {
      0x3F808000, /* 1 + 2^-8: a tie, to even 0x3F80 */
      0x3F818000, /* a tie, to even 0x3F82 */
      0x3F808001, /* above the tie: 0x3F81 */
      0x7F7FFFFF, /* FLT_MAX: rounds past bfloat16's largest finite */
      0xFF7F8000, /* -(the midpoint above 0xFF7F): a tie, to even: -inf */
      0x7F800000, /* inf: inf with sat too */
      0x7FA00001, /* sNaN: canonical */
      0xFFC12345, /* -qNaN: canonical with the sign */
      0x80000000, /* -0 */
      0x00008000, /* a subnormal tie: to even 0 */
      0x00018000, /* a subnormal tie: to even 0x0002 */
  };
  enum { K = sizeof f32 / sizeof *f32 };
  static const uint32_t want[K] = {0x3F80, 0x3F82, 0x3F81, 0x7F80, 0xFF80, 0x7F80, 0x7FC0, 0xFFC0, 0x8000, 0x0000, 0x0002};
  uint32_t wants[K];
  memcpy(wants, want, sizeof wants);
  wants[3] = 0x7F7F, wants[4] = 0xFF7F;
  /* complex64 with these in the real part and, rotated by 3, in the imaginary part */
  uint32_t c64[K][2], wc[K], wcs[K];
  for (size_t i = 0; i < K; i++) {
    c64[i][0] = f32[i], c64[i][1] = f32[(i + 3) % K];
    wc[i] = want[i] | want[(i + 3) % K] << 16;
    wcs[i] = wants[i] | wants[(i + 3) % K] << 16;
  }
  /* float64: one rounding, not two (a float32 rounding first would make ties) */
  static const double f64in[] = {1.0 + 0x1p-8 + 0x1p-40, 1.0 + 0x1p-8, -(1.0 + 0x1p-8 + 0x1p-30), 1e300, -1e300,
                                 1e-300, -1e-300, 3.0};
  enum { K64 = sizeof f64in / sizeof *f64in };
  static const uint32_t w64[K64] = {0x3F81, 0x3F80, 0xBF81, 0x7F80, 0xFF80, 0x0000, 0x8000, 0x4040};
  uint32_t w64s[K64];
  memcpy(w64s, w64, sizeof w64s);
  w64s[3] = 0x7F7F, w64s[4] = 0xFF7F;
  double c128[K64][2];
  uint32_t wc128[K64], wc128s[K64];
  for (size_t i = 0; i < K64; i++) {
    c128[i][0] = f64in[(i + 1) % K64], c128[i][1] = f64in[i];
    wc128[i] = w64[(i + 1) % K64] | w64[i] << 16;
    wc128s[i] = w64s[(i + 1) % K64] | w64s[i] << 16;
  }
  uint64_t nan64[2] = {0x7FF0000000000001ull, 0xFFF8000000000000ull}; /* sNaN, -qNaN */
  uint32_t wnan64[2] = {0x7FC0, 0xFFC0};
  /* float16 / complex32: NaN canonical, values exact */
  static const uint16_t f16[] = {0x7C01, 0xFE00, 0x3C00, 0x7BFF, 0x0001, 0x8000, 0xFC00};
  enum { K16 = sizeof f16 / sizeof *f16 };
  /* 65504 -> 0x4780 (65536: rounded up); 2^-24 -> 0x3380 */
  static const uint32_t w16[K16] = {0x7FC0, 0xFFC0, 0x3F80, 0x4780, 0x3380, 0x8000, 0xFF80};
  uint16_t c32[K16][2];
  uint32_t wc32[K16];
  for (size_t i = 0; i < K16; i++) {
    c32[i][0] = f16[i], c32[i][1] = f16[(i + 2) % K16];
    wc32[i] = w16[i] | w16[(i + 2) % K16] << 16;
  }
  /* bfloat16: the real part, NaN canonical */
  static const uint16_t bf[] = {0x7F81, 0xFFFF, 0x3F80, 0x8000, 0x0001, 0x7F80};
  static const uint32_t wbf[] = {0x7FC0, 0xFFC0, 0x3F80, 0x8000, 0x0001, 0x7F80};
  /* integers: 2^24 + 2^16 + 1 rounds up (above the tie) */
  static const int32_t i32[] = {0x1010001, 0x1008000, -3, 0, INT32_MIN, INT32_MAX};
  static const uint32_t wi32[] = {0x4B81, 0x4B80, 0xC040, 0x0000, 0xCF00, 0x4F00};
  /* 2^63 + 2^55 + 1: above the tie, 0x5F01 (rounded to float32 first it would
     be the tie 2^63 + 2^55, to even 0x5F00) */
  static const uint64_t u64[] = {0x8080000000000001ull, 0x8080000000000000ull, 0, UINT64_MAX};
  static const uint32_t wu64[] = {0x5F01, 0x5F00, 0x0000, 0x5F80};
  static const int16_t i16[] = {257, 259, -32768, -1};
  static const uint32_t wi16[] = {0x4380, 0x4382, 0xC700, 0xBF80};
  for (unsigned fl = 0; fl <= TL_CONVERT_SATURATE; fl += TL_CONVERT_SATURATE) {
    expect_all_tiers(TL_FLOAT32, f32, TL_BCOMPLEX32, fl ? wants : want, K, fl);
    expect_all_tiers(TL_COMPLEX64, c64, TL_BCOMPLEX32, fl ? wcs : wc, K, fl);
    expect_all_tiers(TL_FLOAT64, f64in, TL_BCOMPLEX32, fl ? w64s : w64, K64, fl);
    expect_all_tiers(TL_FLOAT64, nan64, TL_BCOMPLEX32, wnan64, 2, fl);
    expect_all_tiers(TL_COMPLEX128, c128, TL_BCOMPLEX32, fl ? wc128s : wc128, K64, fl);
    expect_all_tiers(TL_FLOAT16, f16, TL_BCOMPLEX32, w16, K16, fl);
    expect_all_tiers(TL_COMPLEX32, c32, TL_BCOMPLEX32, wc32, K16, fl);
    expect_all_tiers(TL_BFLOAT16, bf, TL_BCOMPLEX32, wbf, sizeof bf / sizeof *bf, fl);
    expect_all_tiers(TL_INT32, i32, TL_BCOMPLEX32, wi32, sizeof i32 / sizeof *i32, fl);
    expect_all_tiers(TL_UINT64, u64, TL_BCOMPLEX32, wu64, sizeof u64 / sizeof *u64, fl);
    expect_all_tiers(TL_INT16, i16, TL_BCOMPLEX32, wi16, sizeof i16 / sizeof *i16, fl);
  }
}

/* Every bfloat16 bit pattern in the real part (with a shuffled one in the
 * imaginary part, so every pattern is in each part once), into every dtype,
 * and every float16 pattern (float16, complex32) into bcomplex32: each SIMD
 * tier against the scalar tier, both flags. */
static void test_every_pattern_vs_scalar(void **state) {
  (void)state;
  enum { N = 65536 + 13 };
  uint16_t *perm = malloc(65536 * sizeof *perm);
  uint32_t *bc = malloc(N * sizeof *bc);
  uint16_t *h = malloc(N * sizeof *h);
  unsigned char *out = malloc(N * 16 + 8), *ref = malloc(N * 16 + 8);
  assert_non_null(perm), assert_non_null(bc), assert_non_null(h), assert_non_null(out), assert_non_null(ref);
  for (uint32_t i = 0; i < 65536; i++) perm[i] = (uint16_t)i;
  for (uint32_t i = 65535; i > 0; i--) {
    uint32_t j = (uint32_t)(next() % (i + 1));
    uint16_t t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
  for (size_t i = 0; i < N; i++) {
    bc[i] = BC(i & 0xFFFF, perm[i & 0xFFFF]);
    h[i] = (uint16_t)(i * 40503u);
  }
  int checked = 0;
  for (int d = 0; d < TL_NUM_CONCRETE; d++) {
    tl_dtype to = (tl_dtype)d;
    if (tl_dtype_is_weak(to) || to == TL_FLOAT4_E2M1FN_X2) continue;
    for (unsigned fl = 0; fl <= TL_CONVERT_SATURATE; fl += TL_CONVERT_SATURATE)
      for (int dir = 0; dir < 2; dir++) {
        tl_dtype from = TL_BCOMPLEX32, dst = to;
        const void *src = bc;
        if (dir) { /* into bcomplex32: float16 and complex32 (every pattern), bfloat16 (every pattern) */
          if (to != TL_FLOAT16 && to != TL_COMPLEX32 && to != TL_BFLOAT16) continue;
          from = to, dst = TL_BCOMPLEX32;
          src = to == TL_COMPLEX32 ? (const void *)bc : (const void *)h;
        }
        if (from == dst) continue;
        const size_t n = N;
        const size_t ob = n * isz(dst);
        assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
        memset(ref, 0x5A, ob + 8);
        assert_int_equal(tl_convert_contiguous(from, src, dst, ref, n, fl, NULL), TL_OK);
        for (int t = 1; t < 3; t++) {
          if (tl_convert_set_tier(tiers[t]) != TL_OK) continue;
          memset(out, 0x5A, ob + 8);
          assert_int_equal(tl_convert_contiguous(from, src, dst, out, n, fl, NULL), TL_OK);
          if (memcmp(out, ref, ob + 8) != 0) {
            size_t k = 0;
            while (out[k] == ref[k]) k++;
            fail_msg("tier %s flags %u: %s -> %s differs at element %zu", tiers[t], fl, tl_dtype_name(from),
                     tl_dtype_name(dst), k / isz(dst));
          }
          checked++;
        }
      }
  }
  restore_tier();
  if (tl_convert_set_tier("avx2") == TL_OK) assert_true(checked > 0);
  restore_tier();
  free(perm), free(bc), free(h), free(out), free(ref);
}

/* On the AVX2 tier every pair from or to bcomplex32 runs on SIMD: a kernel or
 * a chain of kernels. */
static void test_routes_avx2(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip();
  for (int d = 0; d < TL_NUM_CONCRETE; d++) {
    tl_dtype o = (tl_dtype)d;
    if (tl_dtype_is_weak(o) || o == TL_FLOAT4_E2M1FN_X2 || o == TL_BCOMPLEX32) continue;
    for (int sat = 0; sat < 2; sat++)
      for (int dir = 0; dir < 2; dir++) {
        tl_dtype from = dir ? o : TL_BCOMPLEX32, to = dir ? TL_BCOMPLEX32 : o, via[2];
        if (!tl__contig_has(tl__tier_current(), from, to, sat) && tl__plan_route(from, to, sat, via) < 0)
          fail_msg("avx2: %s -> %s (sat %d) has no SIMD route", tl_dtype_name(from), tl_dtype_name(to), sat);
      }
  }
  restore_tier();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_from_bc32_exact),
      cmocka_unit_test(test_from_bc32_rules),
      cmocka_unit_test(test_into_bc32),
      cmocka_unit_test(test_every_pattern_vs_scalar),
      cmocka_unit_test(test_routes_avx2),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
