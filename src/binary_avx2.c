/* binary_avx2.c — fused float32 binary kernels, AVX2 + F16C tier. */
#include "array_internal.h"
#include "convert_internal.h"

#if defined(TL_HAVE_X86)
#include <immintrin.h>

#define VF __m256
#define VL 8
#define LD_F32(p, i) _mm256_loadu_ps((const float *)(p) + (i))
#define LD_F16(p, i) _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)((const uint16_t *)(p) + (i))))
#define LD_BF16(p, i) \
  _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)(p) + (i)))), 16))
#define LD_I8(p, i) _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)((const int8_t *)(p) + (i)))))
#define LD_U8(p, i) _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)((const uint8_t *)(p) + (i)))))
#define LD_I32(p, i) _mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)((const int32_t *)(p) + (i))))
#define V_ADD(x, y) _mm256_add_ps(x, y)
#define V_SUB(x, y) _mm256_sub_ps(x, y)
#define V_MUL(x, y) _mm256_mul_ps(x, y)
#define V_DIV(x, y) _mm256_div_ps(x, y)
static inline __m256 v_max(__m256 x, __m256 y) {
  __m256 m = _mm256_or_ps(_mm256_cmp_ps(x, y, _CMP_GE_OQ), _mm256_cmp_ps(x, x, _CMP_UNORD_Q));
  return _mm256_blendv_ps(y, x, m);
}
static inline __m256 v_min(__m256 x, __m256 y) {
  __m256 m = _mm256_or_ps(_mm256_cmp_ps(x, y, _CMP_LE_OQ), _mm256_cmp_ps(x, x, _CMP_UNORD_Q));
  return _mm256_blendv_ps(y, x, m);
}
#define V_MAX(x, y) v_max(x, y)
#define V_MIN(x, y) v_min(x, y)
#define V_ST(p, v) _mm256_storeu_ps(p, v)
#define V_STREAM(p, v) _mm256_stream_ps(p, v)
#define V_FENCE() _mm_sfence()
#define FUSED_NAME(x) avx2_##x

#include "binary_simd.inc"

tl__fused_fn tl__binary_avx2_fused(tl_binop op, tl_dtype a, tl_dtype b) { return fused_lookup(op, a, b); }
#endif
