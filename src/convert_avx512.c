/* convert_avx512.c — AVX-512 (F/BW/VL/DQ) contiguous conversion kernels for
 * the hottest pairs; every other pair falls back to the AVX2 tier. Same rules
 * as convert_avx2.c: bit-identical to the scalar engine, NaN blocks and tails
 * go to the scalar engine. AVX512-BF16's VCVTNEPS2BF16 is deliberately not
 * used: it flushes float32 subnormals to zero (ml_dtypes keeps them); the
 * integer RNE below runs at memory speed anyway. AVX512-FP16 is not used (not
 * on this hardware; its double->half would be the only gain). */
#include "convert_internal.h"

#if defined(TL_HAVE_X86) && defined(__x86_64__)
#include <immintrin.h>

#define TL__TAIL(FROM, TO, SRC, DST, I, N)                                               \
  do {                                                                                  \
    if ((I) < (N))                                                                      \
      tl__convert_generic(FROM, (const char *)((SRC) + (I)), tl__info(FROM)->itemsize, TO, \
                          (char *)((DST) + (I)), tl__info(TO)->itemsize, (N) - (I), 0);  \
  } while (0)

static void k_f32_f16(const void *sv, void *dv, size_t n) {
  const float *s = sv;
  uint16_t *d = dv;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512 v = _mm512_loadu_ps(s + i);
    if (_mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q)) {
      tl__convert_generic(TL_FLOAT32, (const char *)(s + i), 4, TL_FLOAT16, (char *)(d + i), 2, 16, 0);
      continue;
    }
    _mm256_storeu_si256((__m256i *)(d + i), _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  }
  TL__TAIL(TL_FLOAT32, TL_FLOAT16, s, d, i, n);
}

static void k_f16_f32(const void *sv, void *dv, size_t n) {
  const uint16_t *s = sv;
  float *d = dv;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m256i h = _mm256_loadu_si256((const __m256i *)(s + i));
    __m256i a = _mm256_and_si256(h, _mm256_set1_epi16(0x7FFF));
    if (_mm256_cmpgt_epi16_mask(a, _mm256_set1_epi16(0x7C00))) {
      tl__convert_generic(TL_FLOAT16, (const char *)(s + i), 2, TL_FLOAT32, (char *)(d + i), 4, 16, 0);
      continue;
    }
    _mm512_storeu_ps(d + i, _mm512_cvtph_ps(h));
  }
  TL__TAIL(TL_FLOAT16, TL_FLOAT32, s, d, i, n);
}

static void k_f32_bf16(const void *sv, void *dv, size_t n) {
  const float *s = sv;
  uint16_t *d = dv;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512 v = _mm512_loadu_ps(s + i);
    __m512i u = _mm512_castps_si512(v);
    __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
    __m512i r = _mm512_srli_epi32(_mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7FFF)), lsb), 16);
    __m512i qn = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(0x8000)),
                                 _mm512_set1_epi32(0x7FC0));
    r = _mm512_mask_mov_epi32(r, _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q), qn);
    _mm256_storeu_si256((__m256i *)(d + i), _mm512_cvtepi32_epi16(r));
  }
  TL__TAIL(TL_FLOAT32, TL_BFLOAT16, s, d, i, n);
}

static void k_bf16_f32(const void *sv, void *dv, size_t n) {
  const uint16_t *s = sv;
  uint32_t *d = dv;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512i w = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(s + i)));
    _mm512_storeu_si512((void *)(d + i), _mm512_slli_epi32(w, 16));
  }
  TL__TAIL(TL_BFLOAT16, TL_FLOAT32, s, d, i, n);
}

static void k_f64_f32(const void *sv, void *dv, size_t n) {
  const double *s = sv;
  float *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(d + i, _mm512_cvtpd_ps(_mm512_loadu_pd(s + i)));
  TL__TAIL(TL_FLOAT64, TL_FLOAT32, s, d, i, n);
}

static void k_f32_f64(const void *sv, void *dv, size_t n) {
  const float *s = sv;
  double *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) _mm512_storeu_pd(d + i, _mm512_cvtps_pd(_mm256_loadu_ps(s + i)));
  TL__TAIL(TL_FLOAT32, TL_FLOAT64, s, d, i, n);
}

/* float64 -> float16 via float32 rounded to odd: truncating conversion, then
 * a sticky bit where inexact. */
static void k_f64_f16(const void *sv, void *dv, size_t n) {
  const double *s = sv;
  uint16_t *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m512d x = _mm512_loadu_pd(s + i);
    if (_mm512_cmp_pd_mask(x, x, _CMP_UNORD_Q)) {
      tl__convert_generic(TL_FLOAT64, (const char *)(s + i), 8, TL_FLOAT16, (char *)(d + i), 2, 8, 0);
      continue;
    }
    __m256 f = _mm512_cvt_roundpd_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __mmask8 inexact = _mm512_cmp_pd_mask(_mm512_cvtps_pd(f), x, _CMP_NEQ_OQ);
    __m256i fb = _mm256_mask_or_epi32(_mm256_castps_si256(f), inexact, _mm256_castps_si256(f), _mm256_set1_epi32(1));
    _mm_storeu_si128((__m128i *)(d + i), _mm256_cvtps_ph(_mm256_castsi256_ps(fb), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  }
  TL__TAIL(TL_FLOAT64, TL_FLOAT16, s, d, i, n);
}

tl__contig_fn tl__avx512_kernel(tl_dtype from, tl_dtype to, int sat) {
#define P(F, T) (((int)(F) << 8) | (int)(T))
  switch (P(from, to)) {
  case P(TL_FLOAT32, TL_FLOAT16): return sat ? NULL : k_f32_f16;
  case P(TL_FLOAT16, TL_FLOAT32): return k_f16_f32;
  case P(TL_FLOAT32, TL_BFLOAT16): return sat ? NULL : k_f32_bf16;
  case P(TL_BFLOAT16, TL_FLOAT32): return k_bf16_f32;
  case P(TL_FLOAT64, TL_FLOAT32): return sat ? NULL : k_f64_f32;
  case P(TL_FLOAT32, TL_FLOAT64): return k_f32_f64;
  case P(TL_FLOAT64, TL_FLOAT16): return sat ? NULL : k_f64_f16;
  default: return NULL;
  }
#undef P
}

#elif defined(TL_HAVE_X86)
tl__contig_fn tl__avx512_kernel(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return NULL;
}
#endif
