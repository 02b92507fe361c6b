/* test_convert_e8m0.c — float8_e8m0fnu just above its smallest value 2^-127
 * (0x00), a documented deliberate difference from ml_dtypes
 * (docs/conversions.md, "Where NumPy / ml_dtypes disagree", item 9): the
 * representable neighbours are 2^-127 (0x00) and 2^-126 (0x01), the midpoint
 * is 1.5 x 2^-127, and e8m0 rounds ties up; so a value in (2^-127, 1.5 x
 * 2^-127) is nearer 0x00 and converts to 0x00 here. ml_dtypes 0.6.0 gives
 * 0x01 for all of them (float32 0x00500000 = 1.25 x 2^-127 -> 0x01,
 * measured with /work/venvs/ref). Expected values come from that arithmetic
 * (exact powers of two and their midpoints), checked on every tier, from
 * float32, float64, bfloat16 and float16 (whose values never get that small:
 * all -> 0x00). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typelattice.h"

static const char *const tiers[] = {"scalar", "avx2", "avx512"};

/* back to the best tier */
static void restore_tier(void) {
  for (int t = 2; t >= 0; t--)
    if (tl_convert_set_tier(tiers[t]) == TL_OK) return;
}

static uint8_t expect_f32bits(uint32_t u) {
  /* float32 bits u below 0x00800000 are m x 2^-149: 2^-127 = 0x00400000,
     1.5 x 2^-127 = 0x00600000, 2^-126 = 0x00800000 (the smallest normal),
     3 x 2^-127 = 0x00C00000 (the midpoint between 2^-126 and 2^-125) */
  if (u < 0x00600000u) return 0x00; /* below the midpoint 1.5 x 2^-127 (and below 2^-127) */
  return 0x01;                      /* [1.5, 3) x 2^-127 -> 2^-126 (the tie goes up) */
}

static void test_f32_interval(void **state) {
  (void)state;
  enum { N = 0x00BFFFFF };
  uint32_t *in = malloc(N * sizeof *in);
  uint8_t *out = malloc(N);
  assert_non_null(in);
  assert_non_null(out);
  for (uint32_t i = 0; i < N; i++) in[i] = i + 1; /* 2^-149 .. just below 3 x 2^-127 */
  int tiers_run = 0;
  for (size_t t = 0; t < 3; t++) {
    if (tl_convert_set_tier(tiers[t]) != TL_OK) continue;
    tiers_run++;
    for (unsigned sat = 0; sat <= TL_CONVERT_SATURATE; sat += TL_CONVERT_SATURATE) {
      memset(out, 0xEE, N);
      assert_int_equal(tl_convert_contiguous(TL_FLOAT32, in, TL_FLOAT8_E8M0FNU, out, N, sat, NULL), TL_OK);
      for (uint32_t i = 0; i < N; i++)
        if (out[i] != expect_f32bits(in[i]))
          fail_msg("tier %s sat %u: float32 bits 0x%08x -> 0x%02x, expected 0x%02x", tiers[t], sat, in[i], out[i],
                   expect_f32bits(in[i]));
    }
  }
  assert_true(tiers_run >= 1);
  /* the named boundaries, spelled out */
  tl_convert_set_tier("scalar");
  static const struct {
    uint32_t bits;
    uint8_t want;
  } pts[] = {
      {0x00400000u, 0x00}, /* 2^-127 exactly */
      {0x00400001u, 0x00}, /* just above: ml_dtypes 0x01 */
      {0x00500000u, 0x00}, /* 1.25 x 2^-127: ml_dtypes 0x01 */
      {0x005FFFFFu, 0x00}, /* just below the midpoint: ml_dtypes 0x01 */
      {0x00600000u, 0x01}, /* the midpoint: ties up */
      {0x00800000u, 0x01}, /* 2^-126 */
      {0x00C00000u, 0x02}, /* 3 x 2^-127: ties up to 2^-125 */
      {0x00200000u, 0x00}, /* 2^-128: below the range, 0x00 as ml_dtypes */
      {0x00000001u, 0x00}, /* 2^-149 */
  };
  for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
    uint8_t o = 0xEE;
    assert_int_equal(tl_convert_contiguous(TL_FLOAT32, &pts[i].bits, TL_FLOAT8_E8M0FNU, &o, 1, 0, NULL), TL_OK);
    if (o != pts[i].want) fail_msg("float32 bits 0x%08x -> 0x%02x, expected 0x%02x", pts[i].bits, o, pts[i].want);
  }
  restore_tier();
  free(in), free(out);
}

static void test_other_sources(void **state) {
  (void)state;
  const double p = ldexp(1, -127);
  /* float64: one rounding from the exact value */
  const double d[] = {p, nextafter(p, 1), 1.25 * p, nextafter(1.5 * p, 0), 1.5 * p, 2 * p, 0.5 * p, 5e-324};
  const uint8_t dw[] = {0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00};
  /* bfloat16 subnormals: 0x0040 = 2^-127, 0x0050 = 1.25 x 2^-127, 0x0060 = 1.5 x 2^-127 */
  const uint16_t b[] = {0x0040, 0x0041, 0x0050, 0x005F, 0x0060, 0x0080, 0x0020, 0x0001};
  const uint8_t bw[] = {0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00};
  for (size_t t = 0; t < 3; t++) {
    if (tl_convert_set_tier(tiers[t]) != TL_OK) continue;
    for (size_t i = 0; i < 8; i++) {
      uint8_t o = 0xEE;
      assert_int_equal(tl_convert_contiguous(TL_FLOAT64, &d[i], TL_FLOAT8_E8M0FNU, &o, 1, 0, NULL), TL_OK);
      if (o != dw[i]) fail_msg("tier %s: float64 %a -> 0x%02x, expected 0x%02x", tiers[t], d[i], o, dw[i]);
      o = 0xEE;
      assert_int_equal(tl_convert_contiguous(TL_BFLOAT16, &b[i], TL_FLOAT8_E8M0FNU, &o, 1, 0, NULL), TL_OK);
      if (o != bw[i]) fail_msg("tier %s: bfloat16 0x%04x -> 0x%02x, expected 0x%02x", tiers[t], b[i], o, bw[i]);
    }
    /* long runs reach the SIMD kernels */
    enum { M = 4096 };
    static uint16_t bb[M];
    static uint8_t ob[M];
    for (size_t i = 0; i < M; i++) bb[i] = b[i % 8];
    assert_int_equal(tl_convert_contiguous(TL_BFLOAT16, bb, TL_FLOAT8_E8M0FNU, ob, M, 0, NULL), TL_OK);
    for (size_t i = 0; i < M; i++)
      if (ob[i] != bw[i % 8]) fail_msg("tier %s run: bfloat16 0x%04x -> 0x%02x", tiers[t], bb[i], ob[i]);
  }
  restore_tier();
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_f32_interval), cmocka_unit_test(test_other_sources)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
