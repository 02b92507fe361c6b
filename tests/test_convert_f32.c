/* test_convert_f32.c — float32 inputs into bfloat16, float16, every float8/6/4
 * format and int32, on every SIMD tier, against the independent reference
 * (convert_ref.h). By default a sample of ~2^21 bit patterns (every exponent,
 * mantissas around every rounding boundary, a pseudo-random spread); with
 * TL_EXHAUSTIVE=1 (make test-exhaustive) all 2^32 patterns. Each chunk of
 * patterns is converted on every tier (2 threads), then the reference is
 * computed once per pattern and compared with every tier's output. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "convert_ref.h"

static const char *const tiers[] = {"scalar", "avx2", "avx512"};
static const int targets[] = {TL_FLOAT4_E2M1FN, TL_FLOAT6_E2M3FN, TL_FLOAT6_E3M2FN, TL_FLOAT8_E3M4,
                              TL_FLOAT8_E4M3, TL_FLOAT8_E4M3FN, TL_FLOAT8_E4M3FNUZ,
                              TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E5M2, TL_FLOAT8_E5M2FNUZ,
                              TL_FLOAT8_E8M0FNU, TL_BFLOAT16, TL_FLOAT16};
enum { NTARGET = sizeof targets / sizeof targets[0], CHUNK = 1 << 20, NTHREAD = 2 };

static ref_table tables[TL_NUM_CONCRETE];
static int ntiers;
static const char *use[3]; /* the tiers checked: every available one, or TL_EXHAUSTIVE_TIERS */
/* Every tier's output for the current chunk: out[((tier * NTARGET + k) * 2 + sat) * CHUNK + i]
 * (one uint16_t slot per element; 1-byte formats use the low byte of the slot array as bytes). */
static uint16_t *outs;
static const uint32_t *chunk_in;

static uint16_t *out_of(int tier, int k, int sat) {
  return outs + ((size_t)(tier * NTARGET + k) * 2 + (size_t)sat) * CHUNK;
}

typedef struct {
  size_t lo, hi; /* this worker's share of the chunk */
  int tier;      /* convert phase: the tier in force */
  long bad;
} work;

/* Phase 1 (per tier, the tier set process-wide by the main thread): convert. */
static void *convert_part(void *arg) {
  work *w = arg;
  for (int k = 0; k < NTARGET; k++)
    for (int sat = 0; sat < 2; sat++) {
      tl_dtype to = (tl_dtype)targets[k];
      int osz = tl_dtype_get(to)->itemsize;
      char *out = (char *)out_of(w->tier, k, sat) + w->lo * (size_t)osz;
      if (tl_convert_contiguous(TL_FLOAT32, chunk_in + w->lo, to, out, w->hi - w->lo,
                                sat ? TL_CONVERT_SATURATE : 0, NULL) != TL_OK)
        w->bad++;
    }
  return NULL;
}

/* Phase 2: the reference once per pattern, compared with every tier's output. */
static void *check_part(void *arg) {
  work *w = arg;
  for (int k = 0; k < NTARGET; k++) {
    tl_dtype to = (tl_dtype)targets[k];
    int osz = tl_dtype_get(to)->itemsize;
    for (int sat = 0; sat < 2; sat++) {
      int hint = -1;
      for (size_t i = w->lo; i < w->hi; i++) {
        uint32_t u = chunk_in[i];
        float f;
        memcpy(&f, &u, 4);
        ref_val x = {isnan(f) ? 2 : isinf(f) ? 1 : 0, (int)(u >> 31), f};
        int is_nan;
        uint32_t want = ref_encode_hint(to, &tables[to], x, sat, &is_nan, &hint);
        for (int t = 0; t < ntiers; t++) {
          const uint16_t *o = out_of(t, k, sat);
          uint32_t got = osz == 1 ? ((const uint8_t *)o)[i] : o[i];
          if (got == want) continue;
          if (is_nan && to == TL_FLOAT16) { /* NaN payload kept: any NaN of the right sign */
            ref_val g = ref_decode_float(to, got);
            if (g.cls == 2 && g.neg == x.neg) continue;
          }
          if (w->bad++ < 5)
            fprintf(stderr, "float32 0x%08x -> %s%s [%s]: want 0x%x got 0x%x\n", u,
                    tl_dtype_name(to), sat ? " (sat)" : "", use[t], want, got);
        }
      }
    }
  }
  return NULL;
}

static long run_phase(void *(*fn)(void *), size_t n, int tier) {
  work w[NTHREAD];
  pthread_t th[NTHREAD];
  long bad = 0;
  for (int k = 0; k < NTHREAD; k++) {
    w[k] = (work){n * (size_t)k / NTHREAD, n * (size_t)(k + 1) / NTHREAD, tier, 0};
    assert_int_equal(pthread_create(&th[k], NULL, fn, &w[k]), 0);
  }
  for (int k = 0; k < NTHREAD; k++) {
    pthread_join(th[k], NULL);
    bad += w[k].bad;
  }
  return bad;
}

/* Check n patterns (n <= CHUNK) on every tier. */
static long check_chunk(const uint32_t *in, size_t n) {
  long bad = 0;
  chunk_in = in;
  for (int t = 0; t < ntiers; t++) {
    assert_int_equal(tl_convert_set_tier(use[t]), TL_OK);
    bad += run_phase(convert_part, n, t);
  }
  return bad + run_phase(check_part, n, 0);
}

static void test_f32_to_narrow(void **state) {
  (void)state;
  for (int d = TL_FLOAT4_E2M1FN; d <= TL_FLOAT16; d++) tables[d] = ref_table_build((tl_dtype)d);
  ntiers = 0;
  const char *only = getenv("TL_EXHAUSTIVE_TIERS"); /* e.g. "avx2" or "scalar,avx512" */
  for (int i = 0; i < 3; i++)
    if (tl_convert_set_tier(tiers[i]) == TL_OK && (!only || !*only || strstr(only, tiers[i])))
      use[ntiers++] = tiers[i];
  assert_true(ntiers > 0);
  outs = malloc((size_t)ntiers * NTARGET * 2 * CHUNK * sizeof *outs);
  uint32_t *buf = malloc(CHUNK * sizeof *buf);
  assert_non_null(outs);
  assert_non_null(buf);
  const char *ex = getenv("TL_EXHAUSTIVE");
  long bad = 0;
  if (ex && *ex == '1') {
    for (uint64_t base = 0; base < (1ull << 32) && bad == 0; base += CHUNK) {
      for (size_t i = 0; i < CHUNK; i++) buf[i] = (uint32_t)(base + i);
      bad += check_chunk(buf, CHUNK);
      if (((base + CHUNK) & ((1ull << 28) - 1)) == 0)
        printf("# %2llu/16 of the 2^32 float32 patterns checked on %d tier(s)\n",
               (unsigned long long)((base + CHUNK) >> 28), ntiers), fflush(stdout);
    }
  } else {
    /* structured: every exponent with mantissas near each format's rounding bits,
     * then a pseudo-random spread, 2^21 patterns in all */
    for (int part = 0; part < 2; part++) {
      size_t n = 0;
      if (part == 0) {
        for (uint32_t s = 0; s < 2; s++)
          for (uint32_t e = 0; e < 256; e++)
            for (int b = 0; b < 24; b++)
              for (int dlt = -2; dlt <= 2; dlt++) {
                uint32_t m = ((1u << b) + (uint32_t)dlt) & 0x7FFFFFu;
                buf[n++] = (s << 31) | (e << 23) | m;
                buf[n++] = (s << 31) | (e << 23) | (m ^ 0x7FFFFFu);
              }
      }
      uint64_t x = 88172645463325252ull + (uint64_t)part; /* xorshift spread */
      while (n < CHUNK) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        buf[n++] = (uint32_t)x;
      }
      bad += check_chunk(buf, n);
    }
  }
  assert_int_equal(bad, 0);
  free(buf);
  free(outs);
  for (int d = TL_FLOAT4_E2M1FN; d <= TL_FLOAT16; d++) ref_table_free(&tables[d]);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_f32_to_narrow)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
