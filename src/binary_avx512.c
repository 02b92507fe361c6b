/* binary_avx512.c — fused float32 binary kernels, AVX-512 (F, BW, VL) tier. */
#include "array_internal.h"
#include "convert_internal.h"

#if defined(TL_HAVE_X86)
#include <immintrin.h>

#define VF __m512
#define VL 16
#define LD_F32(p, i) _mm512_loadu_ps((const float *)(p) + (i))
#define LD_F16(p, i) _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)((const uint16_t *)(p) + (i))))
#define LD_BF16(p, i) \
  _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)((const uint16_t *)(p) + (i)))), 16))
#define LD_I8(p, i) _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)((const int8_t *)(p) + (i)))))
#define LD_U8(p, i) _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)((const uint8_t *)(p) + (i)))))
#define LD_I32(p, i) _mm512_cvtepi32_ps(_mm512_loadu_si512((const void *)((const int32_t *)(p) + (i))))
#define V_ADD(x, y) _mm512_add_ps(x, y)
#define V_SUB(x, y) _mm512_sub_ps(x, y)
#define V_MUL(x, y) _mm512_mul_ps(x, y)
#define V_DIV(x, y) _mm512_div_ps(x, y)
static inline __m512 v_max(__m512 x, __m512 y) {
  __mmask16 m = _mm512_cmp_ps_mask(x, y, _CMP_GE_OQ) | _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
  return _mm512_mask_blend_ps(m, y, x);
}
static inline __m512 v_min(__m512 x, __m512 y) {
  __mmask16 m = _mm512_cmp_ps_mask(x, y, _CMP_LE_OQ) | _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
  return _mm512_mask_blend_ps(m, y, x);
}
#define V_MAX(x, y) v_max(x, y)
#define V_MIN(x, y) v_min(x, y)
#define V_ST(p, v) _mm512_storeu_ps(p, v)
#define V_STREAM(p, v) _mm512_stream_ps(p, v)
#define V_FENCE() _mm_sfence()
#define FUSED_NAME(x) avx512_##x

#include "binary_simd.inc"

tl__fused_fn tl__binary_avx512_fused(tl_binop op, tl_dtype a, tl_dtype b) { return fused_lookup(op, a, b); }
#endif
