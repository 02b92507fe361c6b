/* convert_avx512.c — AVX-512 (F/BW/VL/DQ; VBMI and BF16 where the CPU has
 * them) contiguous conversion kernels; a pair without one here falls back to
 * the AVX2 tier's, then to a chain (convert_plan.c). Same rules
 * as convert_avx2.c: bit-identical to the scalar engine, NaN blocks and tails
 * go to the scalar engine. AVX512-BF16's VCVTNE2PS2BF16 flushes float32
 * subnormals to zero (ml_dtypes keeps them), so it serves only float64 ->
 * bfloat16, on blocks without subnormals (see there); float32 -> bfloat16 uses
 * the integer RNE, which runs at memory speed anyway. AVX512-FP16 is not used
 * (not on this hardware; its double->half would be the only gain). */
#include "convert_internal.h"

#if defined(TL_HAVE_X86) && defined(__x86_64__)
#include <float.h>
#include <immintrin.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define TL__TAIL(FROM, TO, SRC, DST, I, N)                                               \
  do {                                                                                  \
    if ((I) < (N))                                                                      \
      tl__convert_generic(FROM, (const char *)((SRC) + (I)), tl__info(FROM)->itemsize, TO, \
                          (char *)((DST) + (I)), tl__info(TO)->itemsize, (N) - (I), 0);  \
  } while (0)

/* float32 -> float16 on n components. `to` float16: a block with a NaN goes to
 * the scalar engine (NumPy keeps the payload); `to` complex32 (from complex64,
 * n = 2 x elements): NaN lanes become sign | 0x7E00 in register (ml_dtypes
 * goes through Eigen::half), and the tail is converted as complex elements. */
static inline __attribute__((always_inline)) void tl__f32_f16(tl_dtype from, tl_dtype to, const float *s,
                                                              uint16_t *d, size_t n) {
  const int canon = to == TL_COMPLEX32, per = canon ? 2 : 1;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512 v = _mm512_loadu_ps(s + i);
    __mmask16 nan = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
    __m256i h = _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    if (canon) {
      h = _mm256_mask_mov_epi16(h, nan, _mm256_or_si256(_mm256_and_si256(h, _mm256_set1_epi16((short)0x8000)),
                                                        _mm256_set1_epi16(0x7E00)));
    } else if (nan) {
      tl__convert_generic(from, (const char *)(s + i), 4, to, (char *)(d + i), 2, 16, 0);
      continue;
    }
    _mm256_storeu_si256((__m256i *)(d + i), h);
  }
  if (i < n)
    tl__convert_generic(from, (const char *)(s + i), 4 * per, to, (char *)(d + i), 2 * per, (n - i) / (size_t)per, 0);
}
static void k_f32_f16(const void *s, void *d, size_t n) { tl__f32_f16(TL_FLOAT32, TL_FLOAT16, s, d, n); }

/* The float16 NaN lanes of 8 / 16 bit patterns (magnitude above inf). */
static inline __mmask8 tl__hnan8(__m128i h) {
  return _mm_cmpgt_epi16_mask(_mm_and_si128(h, _mm_set1_epi16(0x7FFF)), _mm_set1_epi16(0x7C00));
}
static inline __mmask16 tl__hnan16(__m256i h) {
  return _mm256_cmpgt_epi16_mask(_mm256_and_si256(h, _mm256_set1_epi16(0x7FFF)), _mm256_set1_epi16(0x7C00));
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

/* float16 -> float64 (exact); a block with a NaN goes to the scalar engine
 * (the payload is kept, not quieted, which vcvtph2ps would do). CX: the n
 * float16 are the parts of n / 2 complex32 into complex128, whose NaN rule
 * sets the quiet bit (tl__nan_out): the scalar engine gets those blocks as
 * complex (blocks of 8 parts start at even parts). */
static inline __attribute__((always_inline)) void tl__h2d(int CX, const void *sv, void *dv, size_t n) {
  const uint16_t *s = sv;
  double *d = dv;
  const size_t per = CX ? 2 : 1;
  const tl_dtype gf = CX ? TL_COMPLEX32 : TL_FLOAT16, gt = CX ? TL_COMPLEX128 : TL_FLOAT64;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i h = _mm_loadu_si128((const __m128i *)(s + i));
    if (tl__hnan8(h)) {
      tl__convert_generic(gf, (const char *)(s + i), (ptrdiff_t)(2 * per), gt, (char *)(d + i), (ptrdiff_t)(8 * per),
                          8 / per, 0);
      continue;
    }
    _mm512_storeu_pd(d + i, _mm512_cvtps_pd(_mm256_cvtph_ps(h)));
  }
  if (i < n)
    tl__convert_generic(gf, (const char *)(s + i), (ptrdiff_t)(2 * per), gt, (char *)(d + i), (ptrdiff_t)(8 * per),
                        (n - i) / per, 0);
}
static void k_f16_f64(const void *sv, void *dv, size_t n) { tl__h2d(0, sv, dv, n); }

/* float64 -> float16 via float32 rounded to odd (truncating conversion, then
 * a sticky bit where inexact), on n components; NaN as in tl__f32_f16. */
static inline __attribute__((always_inline)) void tl__f64_f16(tl_dtype from, tl_dtype to, const double *s,
                                                              uint16_t *d, size_t n) {
  const int canon = to == TL_COMPLEX32, per = canon ? 2 : 1;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m512d x = _mm512_loadu_pd(s + i);
    __mmask8 nan = _mm512_cmp_pd_mask(x, x, _CMP_UNORD_Q);
    if (!canon && nan) {
      tl__convert_generic(from, (const char *)(s + i), 8, to, (char *)(d + i), 2, 8, 0);
      continue;
    }
    __m256 f = _mm512_cvt_roundpd_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __mmask8 inexact = _mm512_cmp_pd_mask(_mm512_cvtps_pd(f), x, _CMP_NEQ_OQ); /* false for NaN */
    __m256i fb = _mm256_mask_or_epi32(_mm256_castps_si256(f), inexact, _mm256_castps_si256(f), _mm256_set1_epi32(1));
    __m128i h = _mm256_cvtps_ph(_mm256_castsi256_ps(fb), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    if (canon) /* a NaN stays a NaN through both conversions, sign kept */
      h = _mm_mask_mov_epi16(h, nan, _mm_or_si128(_mm_and_si128(h, _mm_set1_epi16((short)0x8000)), _mm_set1_epi16(0x7E00)));
    _mm_storeu_si128((__m128i *)(d + i), h);
  }
  if (i < n)
    tl__convert_generic(from, (const char *)(s + i), 8 * per, to, (char *)(d + i), 2 * per, (n - i) / (size_t)per, 0);
}
static void k_f64_f16(const void *s, void *d, size_t n) { tl__f64_f16(TL_FLOAT64, TL_FLOAT16, s, d, n); }

/* ---- streaming stores ------------------------------------------------------
 * Outputs of at least TL__NT_MIN bytes (well beyond the last-level cache), or
 * source and output together twice that, are written with non-temporal
 * stores: a plain store first reads the line it overwrites, which costs a
 * widening conversion up to 1.8x its traffic. The destination is first
 * aligned to 64 bytes by converting a short head. The streaming loops also
 * prefetch the source 4 KiB ahead (tl__pf), as the AVX2 tier does: without
 * it, narrowing kernels that read 64-byte vectors ran at half the speed of
 * memory on Zen 5 (64 MiB, float64 -> int2 16-23 GB/s, complex128 -> int16
 * 22-26, complex64 -> int8 27; with both 39-47, 42, 42; memcpy 41).
 * TL__NT_MIN: convert_internal.h. */

/* The head length (0 when not streaming); *nt set when streaming. The head is
 * converted with `flags` (the kernels that take the saturate flag). */
static size_t tl__nt_head_f(tl_dtype from, tl_dtype to, const char *s, char *d, size_t n, size_t S,
                            size_t D, unsigned flags, int *nt) {
  *nt = 0;
  if ((D * n < TL__NT_MIN && (S + D) * n < 2 * TL__NT_MIN) || (uintptr_t)d % D != 0) return 0;
  size_t h = ((64 - ((uintptr_t)d & 63)) & 63) / D;
  if (h) tl__convert_generic(from, s, (ptrdiff_t)S, to, d, (ptrdiff_t)D, h, flags);
  *nt = 1;
  return h;
}
/* tl__nt_head_f for the pairs that cannot overflow (flags 0) */
static size_t tl__nt_head(tl_dtype from, tl_dtype to, const char *s, char *d, size_t n, size_t S, size_t D, int *nt) {
  return tl__nt_head_f(from, to, s, d, n, S, D, 0, nt);
}
static inline void tl__st16x(char *p, __m128i v, int nt) {
  if (nt) _mm_stream_si128((__m128i *)(void *)p, v);
  else _mm_storeu_si128((__m128i *)(void *)p, v);
}
static inline void tl__st32x(char *p, __m256i v, int nt) {
  if (nt) _mm256_stream_si256((__m256i *)(void *)p, v);
  else _mm256_storeu_si256((__m256i *)(void *)p, v);
}

static inline void tl__st64(char *p, __m512i v, int nt) {
  if (nt) _mm512_stream_si512((void *)p, v);
  else _mm512_storeu_si512((void *)p, v);
}
#define TL__L64(p) _mm512_loadu_si512((const void *)(p))
#define TL__L32(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define TL__L16(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define TL__L8(p) _mm_loadl_epi64((const __m128i *)(const void *)(p))
#define TL__S32(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define TL__S16(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define TL__S8(p, v) _mm_storel_epi64((__m128i *)(void *)(p), v)

/* A contiguous kernel (TL__KLOOP, convert_internal.h); streaming stores when a
 * body writes whole 64-byte lines. Only for pairs where `sat` changes nothing. */
/* The prefetch distance of TL__K's streaming loops: none on AMD's Zen 4
   (family 19h: tl__cpu_amd19) for the complex sources of 8 or more bytes an
   output byte (a body reads 512 bytes or 1 KiB there; 8 or 16 prefetches
   ahead of each 64-byte store held the loads back): Zen 4, AVX-512, 64 MiB, bench convert, x memcpy, two rounds
   in alternation: complex128 -> uint8 0.54-0.58 -> 0.86-0.88, -> int8
   0.63-0.69 -> 1.26, -> int16 0.92-0.97 -> 1.24-1.28, complex64 -> int8
   0.83-0.89 -> 1.21-1.26 (a quarter of the distance, 1 KiB, as the AVX2
   tier's: complex128 -> uint8 0.80-0.86, -> int8 0.66-0.68). Zen 5 gained
   from the same prefetch (docs/conversions.md: complex128 -> int16 0.57 ->
   0.95, complex64 -> int8 0.69 -> 0.98) and Intel was not measured without
   it: both keep it. */
#define TL__PF512(FROM, S, D) \
  (((FROM) == TL_COMPLEX64 || (FROM) == TL_COMPLEX128) && (S) >= 8 * (D) && tl__cpu_amd19 ? 0 : TL__PF_AHEAD)
#define TL__K(NAME, FROM, TO, S, D, STEP, ...) \
  TL__KLOOP_PF(NAME, FROM, TO, S, D, STEP, 64, TL__PF512(FROM, S, D), __VA_ARGS__)

/* ---- native integers: widening (sign-/zero-extend), narrowing (wrap) ------- */
/* The dtype only matters for the scalar head/tail; any dtype of that size and
 * signedness gives the same bits. */
#define TL__W(NAME, FT, TT, S, D, LD, CVT) TL__K(NAME, FT, TT, S, D, 64 / (D), tl__st64(dp, CVT(LD(sp)), nt))
TL__W(w_i8_i16, TL_INT8, TL_INT16, 1, 2, TL__L32, _mm512_cvtepi8_epi16)
TL__W(w_i8_i32, TL_INT8, TL_INT32, 1, 4, TL__L16, _mm512_cvtepi8_epi32)
TL__W(w_i8_i64, TL_INT8, TL_INT64, 1, 8, TL__L8, _mm512_cvtepi8_epi64)
TL__W(w_i16_i32, TL_INT16, TL_INT32, 2, 4, TL__L32, _mm512_cvtepi16_epi32)
TL__W(w_i16_i64, TL_INT16, TL_INT64, 2, 8, TL__L16, _mm512_cvtepi16_epi64)
TL__W(w_i32_i64, TL_INT32, TL_INT64, 4, 8, TL__L32, _mm512_cvtepi32_epi64)
TL__W(w_u8_u16, TL_UINT8, TL_UINT16, 1, 2, TL__L32, _mm512_cvtepu8_epi16)
TL__W(w_u8_u32, TL_UINT8, TL_UINT32, 1, 4, TL__L16, _mm512_cvtepu8_epi32)
TL__W(w_u8_u64, TL_UINT8, TL_UINT64, 1, 8, TL__L8, _mm512_cvtepu8_epi64)
TL__W(w_u16_u32, TL_UINT16, TL_UINT32, 2, 4, TL__L32, _mm512_cvtepu16_epi32)
TL__W(w_u16_u64, TL_UINT16, TL_UINT64, 2, 8, TL__L16, _mm512_cvtepu16_epi64)
TL__W(w_u32_u64, TL_UINT32, TL_UINT64, 4, 8, TL__L32, _mm512_cvtepu32_epi64)
#define TL__N(NAME, FT, TT, S, D, ST, CVT) TL__K(NAME, FT, TT, S, D, 64 / (S), ST(dp, CVT(TL__L64(sp))))
TL__N(n_16_8, TL_UINT16, TL_UINT8, 2, 1, TL__S32, _mm512_cvtepi16_epi8)
TL__N(n_32_8, TL_UINT32, TL_UINT8, 4, 1, TL__S16, _mm512_cvtepi32_epi8)
TL__N(n_64_8, TL_UINT64, TL_UINT8, 8, 1, TL__S8, _mm512_cvtepi64_epi8)
TL__N(n_32_16, TL_UINT32, TL_UINT16, 4, 2, TL__S32, _mm512_cvtepi32_epi16)
TL__N(n_64_16, TL_UINT64, TL_UINT16, 8, 2, TL__S16, _mm512_cvtepi64_epi16)
TL__N(n_64_32, TL_UINT64, TL_UINT32, 8, 4, TL__S32, _mm512_cvtepi64_epi32)

/* same size, other signedness: the bytes */
static void k_copy1(const void *s, void *d, size_t n) { tl__avx2_copy(d, s, n); }
static void k_copy2(const void *s, void *d, size_t n) { tl__avx2_copy(d, s, 2 * n); }
static void k_copy4(const void *s, void *d, size_t n) { tl__avx2_copy(d, s, 4 * n); }
static void k_copy8(const void *s, void *d, size_t n) { tl__avx2_copy(d, s, 8 * n); }

/* ---- native integers -> float32 / float64 (exact, or one RNE rounding as C) - */
#define TL__PS(x) _mm512_castps_si512(x)
#define TL__PD(x) _mm512_castpd_si512(x)
TL__K(f_i8_f32, TL_INT8, TL_FLOAT32, 1, 4, 16, tl__st64(dp, TL__PS(_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(TL__L16(sp)))), nt))
TL__K(f_u8_f32, TL_UINT8, TL_FLOAT32, 1, 4, 16, tl__st64(dp, TL__PS(_mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(TL__L16(sp)))), nt))
TL__K(f_i16_f32, TL_INT16, TL_FLOAT32, 2, 4, 16, tl__st64(dp, TL__PS(_mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(TL__L32(sp)))), nt))
TL__K(f_u16_f32, TL_UINT16, TL_FLOAT32, 2, 4, 16, tl__st64(dp, TL__PS(_mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(TL__L32(sp)))), nt))
TL__K(f_i32_f32, TL_INT32, TL_FLOAT32, 4, 4, 16, tl__st64(dp, TL__PS(_mm512_cvtepi32_ps(TL__L64(sp))), nt))
TL__K(f_u32_f32, TL_UINT32, TL_FLOAT32, 4, 4, 16, tl__st64(dp, TL__PS(_mm512_cvtepu32_ps(TL__L64(sp))), nt))
TL__K(f_i64_f32, TL_INT64, TL_FLOAT32, 8, 4, 8, TL__S32(dp, _mm256_castps_si256(_mm512_cvtepi64_ps(TL__L64(sp)))))
TL__K(f_u64_f32, TL_UINT64, TL_FLOAT32, 8, 4, 8, TL__S32(dp, _mm256_castps_si256(_mm512_cvtepu64_ps(TL__L64(sp)))))
TL__K(f_i8_f64, TL_INT8, TL_FLOAT64, 1, 8, 8, tl__st64(dp, TL__PD(_mm512_cvtepi32_pd(_mm256_cvtepi8_epi32(TL__L8(sp)))), nt))
TL__K(f_u8_f64, TL_UINT8, TL_FLOAT64, 1, 8, 8, tl__st64(dp, TL__PD(_mm512_cvtepi32_pd(_mm256_cvtepu8_epi32(TL__L8(sp)))), nt))
TL__K(f_i16_f64, TL_INT16, TL_FLOAT64, 2, 8, 8, tl__st64(dp, TL__PD(_mm512_cvtepi32_pd(_mm256_cvtepi16_epi32(TL__L16(sp)))), nt))
TL__K(f_u16_f64, TL_UINT16, TL_FLOAT64, 2, 8, 8, tl__st64(dp, TL__PD(_mm512_cvtepi32_pd(_mm256_cvtepu16_epi32(TL__L16(sp)))), nt))
TL__K(f_i32_f64, TL_INT32, TL_FLOAT64, 4, 8, 8, tl__st64(dp, TL__PD(_mm512_cvtepi32_pd(TL__L32(sp))), nt))
TL__K(f_u32_f64, TL_UINT32, TL_FLOAT64, 4, 8, 8, tl__st64(dp, TL__PD(_mm512_cvtepu32_pd(TL__L32(sp))), nt))
TL__K(f_i64_f64, TL_INT64, TL_FLOAT64, 8, 8, 8, tl__st64(dp, TL__PD(_mm512_cvtepi64_pd(TL__L64(sp))), nt))
TL__K(f_u64_f64, TL_UINT64, TL_FLOAT64, 8, 8, 8, tl__st64(dp, TL__PD(_mm512_cvtepu64_pd(TL__L64(sp))), nt))

/* ---- integers / float32 / float64 -> bool: nonzero (or NaN) -> 1 ------------ */
TL__K(b_8, TL_UINT8, TL_BOOL, 1, 1, 64, _mm512_storeu_si512((void *)dp, _mm512_maskz_set1_epi8(_mm512_test_epi8_mask(TL__L64(sp), TL__L64(sp)), 1)))
TL__K(b_16, TL_UINT16, TL_BOOL, 2, 1, 32, TL__S32(dp, _mm256_maskz_set1_epi8(_mm512_test_epi16_mask(TL__L64(sp), TL__L64(sp)), 1)))
TL__K(b_32, TL_UINT32, TL_BOOL, 4, 1, 16, TL__S16(dp, _mm_maskz_set1_epi8(_mm512_test_epi32_mask(TL__L64(sp), TL__L64(sp)), 1)))
TL__K(b_64, TL_UINT64, TL_BOOL, 8, 1, 8, TL__S8(dp, _mm_maskz_set1_epi8(_mm512_test_epi64_mask(TL__L64(sp), TL__L64(sp)), 1)))
TL__K(b_f32, TL_FLOAT32, TL_BOOL, 4, 1, 16, TL__S16(dp, _mm_maskz_set1_epi8(_mm512_cmp_ps_mask(_mm512_loadu_ps(sp), _mm512_setzero_ps(), _CMP_NEQ_UQ), 1)))
TL__K(b_f64, TL_FLOAT64, TL_BOOL, 8, 1, 8, TL__S8(dp, _mm_maskz_set1_epi8(_mm512_cmp_pd_mask(_mm512_loadu_pd(sp), _mm512_setzero_pd(), _CMP_NEQ_UQ), 1)))
/* float16 / bfloat16: any bit but the sign (NaN included) */
TL__K(b_h, TL_FLOAT16, TL_BOOL, 2, 1, 32, TL__S32(dp, _mm256_maskz_set1_epi8(_mm512_test_epi16_mask(TL__L64(sp), _mm512_set1_epi16(0x7FFF)), 1)))
TL__K(b_bh, TL_BFLOAT16, TL_BOOL, 2, 1, 32, TL__S32(dp, _mm256_maskz_set1_epi8(_mm512_test_epi16_mask(TL__L64(sp), _mm512_set1_epi16(0x7FFF)), 1)))

/* bfloat16 -> float32: a shift (NaN payloads kept, as the scalar engine);
 * through TL__K for the streaming stores of large outputs. */
TL__K(k_bf16_f32, TL_BFLOAT16, TL_FLOAT32, 2, 4, 16, tl__st64(dp, _mm512_slli_epi32(_mm512_cvtepu16_epi32(TL__L32(sp)), 16), nt))

/* bfloat16 -> float64: exact through float32 (a shift), then the hardware
 * widening, whose NaN rule (payload kept, quieted) is the pair's. */
TL__K(k_bf16_f64, TL_BFLOAT16, TL_FLOAT64, 2, 8, 8, tl__st64(dp, TL__PD(_mm512_cvtps_pd(_mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(TL__L16(sp)), 16)))), nt))

/* ---- float32 / float64 -> integers, as tl__f2i: truncation, NaN -> 0, -------
 * saturation to the destination's own range (int4: [-8, 7]); sub-byte values
 * are stored as their low bits (int4 -7 -> 0x09). Signed b bits: x is raised
 * to -2^(b-1) (exact) and converted in the lanes < 2^(b-1); lanes >= 2^(b-1)
 * take the max; NaN lanes (false in both compares) 0. b = 32/64 skip the
 * raise: cvtt gives INT_MIN below the range anyway. Unsigned: x clamped to
 * [0, (float)(2^b - 1)] (max returns its 2nd operand, 0, for NaN); where 2^b - 1
 * is not representable (uint32 from float32, uint64) that bound rounds up to
 * 2^b, which the unsigned cvtt turns into 2^b - 1 (its out-of-range value), so
 * uint64 needs the max alone. float32 -> 64-bit goes through float64 (exact). */

/* 16 float32 -> int32 lanes (b <= 32) */
static inline __attribute__((always_inline)) __m512i tl__fi_ps(__m512 x, int bits, int sg) {
  if (!sg)
    return _mm512_cvttps_epu32(_mm512_min_ps(_mm512_max_ps(x, _mm512_setzero_ps()),
                                             _mm512_set1_ps((float)((1ull << bits) - 1))));
  const __m512 lim = _mm512_set1_ps((float)(1ull << (bits - 1)));
  __mmask16 big = _mm512_cmp_ps_mask(x, lim, _CMP_GE_OQ), in = _mm512_cmp_ps_mask(x, lim, _CMP_LT_OQ);
  if (bits < 32) x = _mm512_max_ps(x, _mm512_set1_ps(-(float)(1ull << (bits - 1))));
  __m512i r = _mm512_maskz_mov_epi32(big, _mm512_set1_epi32((int32_t)((1ull << (bits - 1)) - 1)));
  return _mm512_mask_cvttps_epi32(r, in, x);
}

/* 8 float64 -> int32 lanes (b <= 32) */
static inline __attribute__((always_inline)) __m256i tl__fi_pd(__m512d x, int bits, int sg) {
  if (!sg)
    return _mm512_cvttpd_epu32(_mm512_min_pd(_mm512_max_pd(x, _mm512_setzero_pd()),
                                             _mm512_set1_pd((double)((1ull << bits) - 1))));
  const __m512d lim = _mm512_set1_pd((double)(1ull << (bits - 1)));
  __mmask8 big = _mm512_cmp_pd_mask(x, lim, _CMP_GE_OQ), in = _mm512_cmp_pd_mask(x, lim, _CMP_LT_OQ);
  if (bits < 32) x = _mm512_max_pd(x, _mm512_set1_pd(-(double)(1ull << (bits - 1))));
  __m256i r = _mm256_maskz_mov_epi32(big, _mm256_set1_epi32((int32_t)((1ull << (bits - 1)) - 1)));
  return _mm512_mask_cvttpd_epi32(r, in, x);
}

/* 8 float64 -> int64 / uint64 lanes */
static inline __attribute__((always_inline)) __m512i tl__fq_pd(__m512d x, int sg) {
  if (!sg) return _mm512_cvttpd_epu64(_mm512_max_pd(x, _mm512_setzero_pd()));
  const __m512d lim = _mm512_set1_pd(9223372036854775808.0);
  __mmask8 big = _mm512_cmp_pd_mask(x, lim, _CMP_GE_OQ), in = _mm512_cmp_pd_mask(x, lim, _CMP_LT_OQ);
  return _mm512_mask_cvttpd_epi64(_mm512_maskz_mov_epi64(big, _mm512_set1_epi64(INT64_MAX)), in, x);
}

#define TL__EVEN32 _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30)
/* The float sources of these kernels, K: float32/float64, float16/bfloat16
 * (exact in float32) and the complex types (their real parts). Element size: */
#define TL__FSZ(K)                                                                            \
  ((K) == TL_FLOAT16 || (K) == TL_BFLOAT16 ? 2 : (K) == TL_FLOAT32 || (K) == TL_COMPLEX32 ? 4 \
   : (K) == TL_COMPLEX128                   ? 16                                            \
                                            : 8)
#define TL__FWIDE(K) ((K) == TL_FLOAT64 || (K) == TL_COMPLEX128) /* float64 lanes */

/* 16 source elements at p as float32 (K not wide) */
static inline __attribute__((always_inline)) __m512 tl__fsrc16(const char *p, tl_dtype K) {
  switch (K) {
  case TL_FLOAT16: return _mm512_cvtph_ps(TL__L32(p));
  case TL_BFLOAT16: return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(TL__L32(p)), 16));
  case TL_COMPLEX32: return _mm512_cvtph_ps(_mm512_cvtepi32_epi16(TL__L64(p)));
  case TL_COMPLEX64: return _mm512_castsi512_ps(_mm512_permutex2var_epi32(TL__L64(p), TL__EVEN32, TL__L64(p + 64)));
  default: return _mm512_loadu_ps((const void *)p);
  }
}
/* 8 source elements at p as float64 (exact for every K) */
static inline __attribute__((always_inline)) __m512d tl__fsrc8d(const char *p, tl_dtype K) {
  switch (K) {
  case TL_FLOAT64: return _mm512_loadu_pd((const void *)p);
  case TL_COMPLEX128:
    return _mm512_castsi512_pd(_mm512_permutex2var_epi64(TL__L64(p), _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), TL__L64(p + 64)));
  case TL_FLOAT16: return _mm512_cvtps_pd(_mm256_cvtph_ps(TL__L16(p)));
  case TL_BFLOAT16: return _mm512_cvtps_pd(_mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(TL__L16(p)), 16)));
  case TL_COMPLEX32: return _mm512_cvtps_pd(_mm256_cvtph_ps(_mm256_cvtepi32_epi16(TL__L32(p))));
  case TL_COMPLEX64: return _mm512_cvtps_pd(_mm256_castsi256_ps(_mm512_cvtepi64_epi32(TL__L64(p))));
  default: return _mm512_cvtps_pd(_mm256_loadu_ps((const float *)(const void *)p));
  }
}

/* 16 int32 lanes from 16 source elements at p */
static inline __attribute__((always_inline)) __m512i tl__fi16(const char *p, tl_dtype K, int bits, int sg) {
  if (!TL__FWIDE(K)) return tl__fi_ps(tl__fsrc16(p, K), bits, sg);
  return _mm512_inserti64x4(_mm512_castsi256_si512(tl__fi_pd(tl__fsrc8d(p, K), bits, sg)),
                            tl__fi_pd(tl__fsrc8d(p + 8 * TL__FSZ(K), K), bits, sg), 1);
}

/* One block: 64 / D source elements -> 64 bytes of D-byte integers of `bits`
 * bits (one store, streamed when large). The lanes are in range, so the
 * saturating packs narrow them unchanged; packs work within 128-bit lanes, a
 * permute puts the elements back in order. */
static inline __attribute__((always_inline)) __m512i tl__fi_blk(const char *sp, tl_dtype K, int D, int bits, int sg) {
  const int S = TL__FSZ(K);
  if (D == 8) return tl__fq_pd(tl__fsrc8d(sp, K), sg);
  if (D == 4) return tl__fi16(sp, K, bits, sg);
  __m512i a = tl__fi16(sp, K, bits, sg), b = tl__fi16(sp + 16 * S, K, bits, sg);
  if (D == 2)
    return _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7),
                                    sg ? _mm512_packs_epi32(a, b) : _mm512_packus_epi32(a, b));
  __m512i c = tl__fi16(sp + 32 * S, K, bits, sg), d = tl__fi16(sp + 48 * S, K, bits, sg);
  __m512i p = _mm512_packs_epi32(a, b), q = _mm512_packs_epi32(c, d); /* 8-bit values fit int16 */
  __m512i r = sg ? _mm512_packs_epi16(p, q) : _mm512_packus_epi16(p, q);
  r = _mm512_permutexvar_epi32(_mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15), r);
  if (sg && bits < 8) r = _mm512_and_si512(r, _mm512_set1_epi8((char)((1 << bits) - 1)));
  return r;
}

/* every float source K into every integer type */
#define TL__FI(NAME, FT, TT, K, D, BITS, SG) \
  TL__K(k_##NAME, FT, TT, TL__FSZ(K), D, 64 / (D), tl__st64(dp, tl__fi_blk(sp, K, D, BITS, SG), nt))
#define TL__F2I_SRCS(X)                                                                     \
  X(f32, TL_FLOAT32) X(f64, TL_FLOAT64) X(h, TL_FLOAT16) X(bh, TL_BFLOAT16) X(c32, TL_COMPLEX32) \
  X(c64, TL_COMPLEX64) X(c128, TL_COMPLEX128)
#define TL__FI_SRC(TAG, FT) TL__F2I_DSTS(TL__FI, TAG, FT, FT)
TL__F2I_SRCS(TL__FI_SRC)
#undef TL__FI_SRC

static tl__contig_fn tl__f2i_kernel(tl_dtype from, tl_dtype to) {
#define TL__FI_ENT(NAME, FT, TT, K, D, BITS, SG) [TT] = k_##NAME,
#define TL__FI_ROW(TAG, FT) [FT] = {TL__F2I_DSTS(TL__FI_ENT, TAG, FT, FT)},
  static const tl__contig_fn k[TL_NUM_CONCRETE][TL_UINT64 + 1] = {TL__F2I_SRCS(TL__FI_ROW)};
#undef TL__FI_ROW
#undef TL__FI_ENT
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to > TL_UINT64) return NULL;
  return k[from][to]; /* NULL for bool and for sources that are not floats */
}
/* ---- complex (rules: tl__nan_out, tl__encode) --------------------------------
 * complex -> its component type is the real part, bits copied (NaN payloads
 * are kept for these three pairs): a deinterleave. A real value in the
 * component type -> complex is (x, +0.0), bits copied for float32/float64;
 * float16 -> complex32 canonicalises NaN to sign | 0x7E00. Other complex <->
 * real pairs are chains through these (convert_plan.c). */
static inline __m256i tl__canon_h16(__m256i h) { /* float16 NaN lanes -> sign | 0x7E00 */
  __mmask16 nan = tl__hnan16(h);
  return _mm256_mask_mov_epi16(h, nan, _mm256_or_si256(_mm256_and_si256(h, _mm256_set1_epi16((short)0x8000)), _mm256_set1_epi16(0x7E00)));
}
#define TL__EVEN16                                                                       \
  _mm512_set_epi16(62, 60, 58, 56, 54, 52, 50, 48, 46, 44, 42, 40, 38, 36, 34, 32, 30, 28, 26, 24, \
                   22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0)
/* the real parts of 16 complex64 / 8 complex128 (128 bytes at p) */
static inline __m512i tl__re_c64(const char *p) { return _mm512_permutex2var_epi32(TL__L64(p), TL__EVEN32, TL__L64(p + 64)); }
static inline __m512i tl__re_c128(const char *p) {
  return _mm512_permutex2var_epi64(TL__L64(p), _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), TL__L64(p + 64));
}
TL__K(re_c64, TL_COMPLEX64, TL_FLOAT32, 8, 4, 16, tl__st64(dp, tl__re_c64(sp), nt))
TL__K(re_c128, TL_COMPLEX128, TL_FLOAT64, 16, 8, 8, tl__st64(dp, tl__re_c128(sp), nt))
/* a NaN canonical, as ml_dtypes gives it (tl__nan_out) */
static inline __m512i tl__canon_nan16_512(__m512i h) {
  const __mmask32 nan = _mm512_cmpgt_epu16_mask(_mm512_and_si512(h, _mm512_set1_epi16(0x7FFF)), _mm512_set1_epi16(0x7C00));
  if (!nan) return h; /* the rare case out of line of the common one */
  return _mm512_mask_blend_epi16(nan, h, _mm512_or_si512(_mm512_and_si512(h, _mm512_set1_epi16((short)0x8000)), _mm512_set1_epi16(0x7E00)));
}
TL__K(re_c32, TL_COMPLEX32, TL_FLOAT16, 4, 2, 32,
      tl__st64(dp, tl__canon_nan16_512(_mm512_permutex2var_epi16(TL__L64(sp), TL__EVEN16, TL__L64(sp + 64))), nt))
TL__K(mk_c64, TL_FLOAT32, TL_COMPLEX64, 4, 8, 8, tl__st64(dp, _mm512_cvtepu32_epi64(TL__L32(sp)), nt))
TL__K(mk_c128, TL_FLOAT64, TL_COMPLEX128, 8, 16, 4, tl__st64(dp, _mm512_maskz_permutexvar_epi64(0x55, _mm512_setr_epi64(0, 0, 1, 1, 2, 2, 3, 3), _mm512_castsi256_si512(TL__L32(sp))), nt))
TL__K(mk_c32, TL_FLOAT16, TL_COMPLEX32, 2, 4, 16, tl__st64(dp, _mm512_cvtepu16_epi32(tl__canon_h16(TL__L32(sp))), nt))

/* complex128 -> float32: the real part through the float64 -> float32
 * kernel's conversion (hardware, NaN payload kept and quieted: the pair's rule) */
TL__K(re_c128_f32, TL_COMPLEX128, TL_FLOAT32, 16, 4, 8, TL__S32(dp, _mm256_castps_si256(_mm512_cvtpd_ps(_mm512_castsi512_pd(tl__re_c128(sp))))))

/* real sources -> complex128: the float64 value (exact, or the float64 kernel's
 * rounding for 64-bit integers) and +0.0, 8 elements -> 128 bytes */
static inline __attribute__((always_inline)) void tl__st_c128(char *dp, __m512d x, int nt) {
  tl__st64(dp, _mm512_castpd_si512(_mm512_maskz_permutexvar_pd(0x55, _mm512_setr_epi64(0, 0, 1, 1, 2, 2, 3, 3), x)), nt);
  tl__st64(dp + 64, _mm512_castpd_si512(_mm512_maskz_permutexvar_pd(0x55, _mm512_setr_epi64(4, 4, 5, 5, 6, 6, 7, 7), x)), nt);
}
#define TL__MC(NAME, FT, S, X) TL__K(NAME, FT, TL_COMPLEX128, S, 16, 8, tl__st_c128(dp, X, nt))
TL__MC(mc_f32, TL_FLOAT32, 4, _mm512_cvtps_pd(_mm256_loadu_ps((const float *)(const void *)sp)))
TL__MC(mc_bf16, TL_BFLOAT16, 2, _mm512_cvtps_pd(_mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(TL__L16(sp)), 16))))
TL__MC(mc_i8, TL_INT8, 1, _mm512_cvtepi32_pd(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)sp))))
TL__MC(mc_u8, TL_UINT8, 1, _mm512_cvtepi32_pd(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)sp))))
TL__MC(mc_i16, TL_INT16, 2, _mm512_cvtepi32_pd(_mm256_cvtepi16_epi32(TL__L16(sp))))
TL__MC(mc_u16, TL_UINT16, 2, _mm512_cvtepi32_pd(_mm256_cvtepu16_epi32(TL__L16(sp))))
TL__MC(mc_i32, TL_INT32, 4, _mm512_cvtepi32_pd(TL__L32(sp)))
TL__MC(mc_u32, TL_UINT32, 4, _mm512_cvtepu32_pd(TL__L32(sp)))
TL__MC(mc_i64, TL_INT64, 8, _mm512_cvtepi64_pd(TL__L64(sp)))
TL__MC(mc_u64, TL_UINT64, 8, _mm512_cvtepu64_pd(TL__L64(sp)))
#undef TL__MC
/* native integers -> int2/int4/uint2/uint4: the low bits (wrap), which is
 * the same byte for every signedness of source and target */
#define TL__NB(NAME, FT, TT, S, ST, CVT, M) TL__K(NAME, FT, TT, S, 1, 64 / (S), ST(dp, CVT(TL__L64(sp), M)))
#define TL__NB16(x, m) _mm256_and_si256(_mm512_cvtepi16_epi8(x), _mm256_set1_epi8(m))
#define TL__NB32(x, m) _mm_and_si128(_mm512_cvtepi32_epi8(x), _mm_set1_epi8(m))
#define TL__NB64(x, m) _mm_and_si128(_mm512_cvtepi64_epi8(x), _mm_set1_epi8(m))
TL__NB(nb_16_2, TL_UINT16, TL_UINT2, 2, TL__S32, TL__NB16, 3)
TL__NB(nb_16_4, TL_UINT16, TL_UINT4, 2, TL__S32, TL__NB16, 15)
TL__NB(nb_32_2, TL_UINT32, TL_UINT2, 4, TL__S16, TL__NB32, 3)
TL__NB(nb_32_4, TL_UINT32, TL_UINT4, 4, TL__S16, TL__NB32, 15)
TL__NB(nb_64_2, TL_UINT64, TL_UINT2, 8, TL__S8, TL__NB64, 3)
TL__NB(nb_64_4, TL_UINT64, TL_UINT4, 8, TL__S8, TL__NB64, 15)
#undef TL__NB

/* complex -> complex: the component conversion on 2n components. Its NaN rule
 * is the real pair's except into complex32 (canonical NaN: the templates with
 * `to` complex32). The pairs that saturate differently (from complex128,
 * into complex32) have no saturating kernel. */
static void k_c64_c128(const void *s, void *d, size_t n) { k_f32_f64(s, d, 2 * n); }
static void k_c128_c64(const void *s, void *d, size_t n) { k_f64_f32(s, d, 2 * n); }
static void k_c32_c64(const void *s, void *d, size_t n) { k_f16_f32(s, d, 2 * n); }
static void k_c32_c128(const void *s, void *d, size_t n) { tl__h2d(1, s, d, 2 * n); }
static void k_c64_c32(const void *s, void *d, size_t n) { tl__f32_f16(TL_COMPLEX64, TL_COMPLEX32, s, d, 2 * n); }
static void k_c128_c32(const void *s, void *d, size_t n) { tl__f64_f16(TL_COMPLEX128, TL_COMPLEX32, s, d, 2 * n); }

/* complex -> bool: true when either part is nonzero (NaN included), i.e. its
 * bits without the sign are. complex128: 16 part masks -> 8 element bits. */
static inline __mmask8 tl__nz_c128(const char *p) {
  const __m512i abs = _mm512_set1_epi64(0x7FFFFFFFFFFFFFFFll);
  unsigned m = _mm512_test_epi64_mask(TL__L64(p), abs) | (unsigned)_mm512_test_epi64_mask(TL__L64(p + 64), abs) << 8;
  return (__mmask8)_pext_u32(m | m >> 1, 0x5555);
}
TL__K(b_c32, TL_COMPLEX32, TL_BOOL, 4, 1, 16, TL__S16(dp, _mm_maskz_set1_epi8(_mm512_test_epi32_mask(TL__L64(sp), _mm512_set1_epi32(0x7FFF7FFF)), 1)))
TL__K(b_c64, TL_COMPLEX64, TL_BOOL, 8, 1, 8, TL__S8(dp, _mm_maskz_set1_epi8(_mm512_test_epi64_mask(TL__L64(sp), _mm512_set1_epi64(0x7FFFFFFF7FFFFFFFll)), 1)))
TL__K(b_c128, TL_COMPLEX128, TL_BOOL, 16, 1, 8, TL__S8(dp, _mm_maskz_set1_epi8(tl__nz_c128(sp), 1)))

/* ---- float32 / float64 -> float8/6/4 (not e8m0): the AVX2 tier's branch-free
 * integer encoder on 16 lanes. float64 goes through float32 rounded to odd
 * (truncate, then a sticky lsb where inexact), so there is one rounding. A
 * block with a NaN goes to the scalar engine. */
typedef struct {
  __m512i minnorm, rnd_c, lsbbit, maxmag, ovf_pos, inf_pos, sbit;
  __m512 magic;
  unsigned shift;
  int fnuz, sat;
} tl__venc16;

static inline __attribute__((always_inline)) void tl__venc16_init(tl__venc16 *V, const tl__ffmt *F, int sat) {
  int emin = 1 - F->bias;
  V->minnorm = _mm512_set1_epi32((emin + 127) << 23);
  V->shift = (unsigned)(23 - F->M);
  V->lsbbit = _mm512_set1_epi32(1 << (23 - F->M));
  /* rounding bias below the half (the lsb completes ties-to-even) minus the
     exponent re-bias, pre-shifted: one add and an arithmetic shift */
  V->rnd_c = _mm512_set1_epi32((1 << (22 - F->M)) - 1 - ((127 - F->bias) << 23));
  V->maxmag = _mm512_set1_epi32((int)F->maxmag);
  uint32_t sb = F->sign_bit >= 0 ? 1u << F->sign_bit : 0u; /* e8m0 has none */
  V->ovf_pos = _mm512_set1_epi32((int)(sat ? F->maxmag : F->ovf[0]));
  V->inf_pos = _mm512_set1_epi32((int)F->ovf[0]);
  V->sbit = _mm512_set1_epi32((int)sb);
  V->magic = _mm512_castsi512_ps(_mm512_set1_epi32((emin - F->M + 23 + 127) << 23));
  V->fnuz = F->fam == TL__FAM_FNUZ;
  V->sat = sat;
}

static inline __attribute__((always_inline)) __m128i tl__enc16(const tl__venc16 *V, __m512i u) {
  const __m512i a = _mm512_and_si512(u, _mm512_set1_epi32(0x7FFFFFFF));
  /* normal results: RNE shift with the re-bias folded in */
  __m512i t = _mm512_add_epi32(a, V->rnd_c);
  t = _mm512_mask_add_epi32(t, _mm512_test_epi32_mask(a, V->lsbbit), t, _mm512_set1_epi32(1));
  __m512i r = _mm512_srai_epi32(t, V->shift);
  /* below the smallest normal (zero included): an exact float add aligns the
     bits at the quantum; two instructions, cheaper than a branch that real
     data mispredicts */
  __m512 sum = _mm512_add_round_ps(_mm512_castsi512_ps(a), V->magic, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  r = _mm512_mask_sub_epi32(r, _mm512_cmpgt_epi32_mask(V->minnorm, a), _mm512_castps_si512(sum), _mm512_castps_si512(V->magic));
  /* beyond the largest finite, or inf (whose exponent re-biases far above
     it): the unsigned overflow encoding; the sign is or-ed in last (each
     format's negative overflow encoding is the positive one with the sign
     bit; fnuz: the single NaN 0x80 either way, and no negative zero) */
  __m512i out = _mm512_mask_mov_epi32(r, _mm512_cmpgt_epi32_mask(r, V->maxmag), V->ovf_pos);
  if (V->sat) out = _mm512_mask_mov_epi32(out, _mm512_cmpeq_epi32_mask(a, _mm512_set1_epi32(0x7F800000)), V->inf_pos);
  __mmask16 neg = _mm512_cmplt_epi32_mask(u, _mm512_setzero_si512());
  if (V->fnuz) neg &= _mm512_test_epi32_mask(out, out);
  return _mm512_cvtepi32_epi8(_mm512_mask_or_epi32(out, neg, out, V->sbit));
}

static inline __m256i tl__rto8x(__m512d x) {
  __m256 f = _mm512_cvt_roundpd_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  __mmask8 inexact = _mm512_cmp_pd_mask(_mm512_cvtps_pd(f), x, _CMP_NEQ_OQ);
  return _mm256_mask_or_epi32(_mm256_castps_si256(f), inexact, _mm256_castps_si256(f), _mm256_set1_epi32(1));
}


/* ---- float8_e8m0fnu: float32 bits -> the power of two, ties up ---------------
 * As tl__enc_f32: normal a -> exponent field + (mantissa >= 0.5); float32
 * subnormals -> 0x01 from 1.5 * 2^-127 up, else 0x00; above 2^127 * 1.5 ->
 * overflow (NaN 0xFF, or 0xFE with sat); inf and NaN -> 0xFF; zero and
 * negative values -> NaN 0xFF, or 0x00 with sat. */
static inline __m128i tl__e8m0_16(__m512i u, int sat) {
  const __m512i a = _mm512_and_si512(u, _mm512_set1_epi32(0x7FFFFFFF));
  /* + half a binade rounds the exponent up from mantissa 0.5 (subnormals: from 0.75) */
  __m512i t = _mm512_mask_sub_epi32(_mm512_add_epi32(a, _mm512_set1_epi32(0x400000)),
                                    _mm512_cmplt_epi32_mask(a, _mm512_set1_epi32(0x800000)),
                                    _mm512_add_epi32(a, _mm512_set1_epi32(0x400000)), _mm512_set1_epi32(0x200000));
  __m512i r = _mm512_srli_epi32(t, 23); /* 255 and up: overflow, inf, NaN (saturating pack) */
  __mmask16 bad = _mm512_cmplt_epi32_mask(u, _mm512_setzero_si512()) | _mm512_cmpeq_epi32_mask(a, _mm512_setzero_si512());
  if (sat) {
    r = _mm512_min_epi32(r, _mm512_set1_epi32(0xFE));
    r = _mm512_mask_set1_epi32(r, bad, 0x00);
    r = _mm512_mask_set1_epi32(r, _mm512_cmpge_epi32_mask(a, _mm512_set1_epi32(0x7F800000)), 0xFF);
  } else {
    r = _mm512_mask_set1_epi32(r, bad, 0xFF);
  }
  return _mm512_cvtusepi32_epi8(r);
}

/* float32 bits (no NaN) -> bfloat16, RNE; with sat, finite values that round
 * past the largest finite give +-0x7F7F. */
static inline __m256i tl__bf16_16(__m512i u, int sat) {
  __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
  __m512i r = _mm512_srli_epi32(_mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7FFF)), lsb), 16);
  if (sat) {
    __m512i a = _mm512_and_si512(u, _mm512_set1_epi32(0x7FFFFFFF));
    __mmask16 o = _mm512_cmpeq_epi32_mask(_mm512_and_si512(r, _mm512_set1_epi32(0x7FFF)), _mm512_set1_epi32(0x7F80)) &
                  _mm512_cmplt_epi32_mask(a, _mm512_set1_epi32(0x7F800000));
    r = _mm512_mask_sub_epi32(r, o, r, _mm512_set1_epi32(1)); /* 0x7F80 -> 0x7F7F, keeps the sign */
  }
  return _mm512_cvtepi32_epi16(r);
}

/* Integers -> float32 bits rounded to odd (truncate, then a sticky lsb where
 * inexact), so that one more RNE rounding is the only one. */
static inline __m512i tl__rto_i32(__m512i x) {
  __m512 f = _mm512_cvt_roundepi32_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  __mmask16 inex = _mm512_cmpneq_epi32_mask(_mm512_cvttps_epi32(f), x);
  return _mm512_mask_or_epi32(_mm512_castps_si512(f), inex, _mm512_castps_si512(f), _mm512_set1_epi32(1));
}
static inline __m512i tl__rto_u32(__m512i x) {
  __m512 f = _mm512_cvt_roundepu32_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  __mmask16 inex = _mm512_cmpneq_epi32_mask(_mm512_cvttps_epu32(f), x);
  return _mm512_mask_or_epi32(_mm512_castps_si512(f), inex, _mm512_castps_si512(f), _mm512_set1_epi32(1));
}
static inline __m256i tl__rto_i64(__m512i x) {
  __m256 f = _mm512_cvt_roundepi64_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  __mmask8 inex = _mm512_cmpneq_epi64_mask(_mm512_cvttps_epi64(f), x);
  return _mm256_mask_or_epi32(_mm256_castps_si256(f), inex, _mm256_castps_si256(f), _mm256_set1_epi32(1));
}
static inline __m256i tl__rto_u64(__m512i x) {
  __m256 f = _mm512_cvt_roundepu64_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  __mmask8 inex = _mm512_cmpneq_epi64_mask(_mm512_cvttps_epu64(f), x);
  return _mm256_mask_or_epi32(_mm256_castps_si256(f), inex, _mm256_castps_si256(f), _mm256_set1_epi32(1));
}

/* 16 source elements (complex: their real parts) as float32 bits: exact for
 * float16/bfloat16/int16/uint16/complex32/complex64, rounded to odd where inexact for
 * the others. `nan` is set when a float source holds a NaN (the caller redoes
 * the block). */
static inline __m512i tl__bits16(tl_dtype from, const char *p, int *nan) {
  switch (from) {
  case TL_FLOAT32: {
    __m512 v = _mm512_loadu_ps((const float *)(const void *)p);
    *nan = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q) != 0;
    return _mm512_castps_si512(v);
  }
  case TL_FLOAT64: {
    __m512d a = _mm512_loadu_pd((const double *)(const void *)p), b = _mm512_loadu_pd((const double *)(const void *)p + 8);
    *nan = (_mm512_cmp_pd_mask(a, a, _CMP_UNORD_Q) | _mm512_cmp_pd_mask(b, b, _CMP_UNORD_Q)) != 0;
    return _mm512_inserti64x4(_mm512_castsi256_si512(tl__rto8x(a)), tl__rto8x(b), 1);
  }
  case TL_FLOAT16: {
    __m256i h = TL__L32(p);
    *nan = tl__hnan16(h) != 0;
    return _mm512_castps_si512(_mm512_cvtph_ps(h));
  }
  case TL_BFLOAT16: {
    __m256i h = TL__L32(p);
    *nan = _mm256_cmpgt_epi16_mask(_mm256_and_si256(h, _mm256_set1_epi16(0x7FFF)), _mm256_set1_epi16(0x7F80)) != 0;
    return _mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16);
  }
  case TL_COMPLEX32: { /* the real part */
    __m256i h = _mm512_cvtepi32_epi16(TL__L64(p));
    *nan = tl__hnan16(h) != 0;
    return _mm512_castps_si512(_mm512_cvtph_ps(h));
  }
  case TL_COMPLEX64: { /* the real part */
    __m512 v = _mm512_castsi512_ps(tl__re_c64(p));
    *nan = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q) != 0;
    return _mm512_castps_si512(v);
  }
  case TL_COMPLEX128: {
    __m512d a = _mm512_castsi512_pd(tl__re_c128(p)), b = _mm512_castsi512_pd(tl__re_c128(p + 128));
    *nan = (_mm512_cmp_pd_mask(a, a, _CMP_UNORD_Q) | _mm512_cmp_pd_mask(b, b, _CMP_UNORD_Q)) != 0;
    return _mm512_inserti64x4(_mm512_castsi256_si512(tl__rto8x(a)), tl__rto8x(b), 1);
  }
  case TL_INT16: return _mm512_castps_si512(_mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(TL__L32(p))));
  case TL_UINT16: return _mm512_castps_si512(_mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(TL__L32(p))));
  case TL_INT32: return tl__rto_i32(TL__L64(p));
  case TL_UINT32: return tl__rto_u32(TL__L64(p));
  case TL_INT64: return _mm512_inserti64x4(_mm512_castsi256_si512(tl__rto_i64(TL__L64(p))), tl__rto_i64(TL__L64(p + 64)), 1);
  default: return _mm512_inserti64x4(_mm512_castsi256_si512(tl__rto_u64(TL__L64(p))), tl__rto_u64(TL__L64(p + 64)), 1);
  }
}

/* float32 bits (no NaN) -> float16 (RNE); with sat, finite values that round
 * to inf give +-0x7BFF. */
static inline __m256i tl__f16_16(__m512i u, int sat) {
  __m256i h = _mm512_cvtps_ph(_mm512_castsi512_ps(u), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  if (sat) {
    __mmask16 o = _mm256_cmpeq_epi16_mask(_mm256_and_si256(h, _mm256_set1_epi16(0x7FFF)), _mm256_set1_epi16(0x7C00)) &
                  _mm512_cmplt_epi32_mask(_mm512_and_si512(u, _mm512_set1_epi32(0x7FFFFFFF)), _mm512_set1_epi32(0x7F800000));
    h = _mm256_mask_sub_epi16(h, o, h, _mm256_set1_epi16(1));
  }
  return h;
}

/* The 16-element loops of k_rto_512 and k_mk32_512 around STEP(NT) (a body
   using i; `continue` for a block the scalar engine took): streaming from a
   source of 8 bytes or more, a loop of its own that prefetches (a run-time
   test inside, or the loop split in two by TL__NT_SPLIT, left float32 ->
   float4_e2m1fn's constants on the stack, and their reloads held back the
   source loads: 0.35x the speed at 64 MiB); then the loop as it was. */
#define TL__LOOP16(STEP)                                 \
  do {                                                   \
    if (isz >= 8 && nt)                                  \
      for (; i + 16 <= n; i += 16) {                     \
        tl__pf(TL__PF_AHEAD, s + i * isz, 16 * isz);     \
        STEP(1)                                          \
      }                                                  \
    for (; i + 16 <= n; i += 16) {                       \
      STEP(nt)                                           \
    }                                                    \
  } while (0)
/* Any of the sources above -> bfloat16, float16, float8_e8m0fnu or the
 * float8/6/4 formats, 16 lanes at a time: the source as float32 bits (exact,
 * or rounded to odd), then the one rounding into the target. A block holding
 * a NaN goes to the scalar engine (it knows each pair's NaN rule). */
static inline __attribute__((always_inline)) void
k_rto_512(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const size_t isz = tl__csz(from), osz = to == TL_BFLOAT16 || to == TL_FLOAT16 ? 2 : 1; /* constants */
  const char *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  tl__venc16 V;
  tl__venc16_init(&V, tl__ffmt_of(to), sat); /* used for the float8/6/4 targets */
  int nt;
  size_t i = tl__nt_head_f(from, to, s, d, n, isz, osz, flags, &nt);
#define TL__RTO_STEP(NT)                                                                               \
  int nan = 0;                                                                                         \
  __m512i u = tl__bits16(from, s + i * isz, &nan);                                                     \
  if (nan) {                                                                                           \
    tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i * osz, (ptrdiff_t)osz, 16, flags); \
    continue;                                                                                          \
  }                                                                                                    \
  if (to == TL_BFLOAT16) tl__st32x(d + i * 2, tl__bf16_16(u, sat), NT);                                \
  else if (to == TL_FLOAT16) tl__st32x(d + i * 2, tl__f16_16(u, sat), NT);                             \
  else if (to == TL_FLOAT8_E8M0FNU) tl__st16x(d + i, tl__e8m0_16(u, sat), NT);                         \
  else tl__st16x(d + i, tl__enc16(&V, u), NT);
  TL__LOOP16(TL__RTO_STEP);
#undef TL__RTO_STEP
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i * osz, (ptrdiff_t)osz, n - i, flags);
}
#define TL__KRUN k_rto_512
#define TL__RT(TAG, FROM)                                                                \
  TL__KDEF(r, TAG, FROM, TL_BFLOAT16, bf16) TL__KDEF(r, TAG, FROM, TL_FLOAT16, f16)        \
  TL__KDEF(r, TAG, FROM, TL_FLOAT8_E8M0FNU, e8m0)
#define TL__R(TAG, FROM) TL__RT(TAG, FROM) TL__NARROW_FORMATS(TL__KDEF, r, TAG, FROM)
TL__R(f32, TL_FLOAT32)
TL__R(f64, TL_FLOAT64)
TL__KDEF(r, h, TL_FLOAT16, TL_BFLOAT16, bf16) /* float16/bfloat16 -> 8 bits: k_h8_512, k_e8h_512 */
TL__KDEF(r, b, TL_BFLOAT16, TL_FLOAT16, f16)
TL__RT(i16, TL_INT16) /* their float8/6/4 kernels: k_h8_512 */
TL__RT(u16, TL_UINT16)
TL__KDEF(r, c32, TL_COMPLEX32, TL_BFLOAT16, bf16)
TL__KDEF(r, c32, TL_COMPLEX32, TL_FLOAT8_E8M0FNU, e8m0)
TL__R(i32, TL_INT32)
TL__R(u32, TL_UINT32)
TL__R(i64, TL_INT64)
TL__R(u64, TL_UINT64)
TL__R(c64, TL_COMPLEX64)
TL__R(c128, TL_COMPLEX128)
#undef TL__R
#undef TL__RT
#undef TL__KRUN

/* ---- real sources -> complex32: the float16 value (one rounding, as the
 * template above) and +0, 16 elements -> 64 bytes. A block holding a NaN goes
 * to the scalar engine (complex32's canonical NaN). */
static inline __attribute__((always_inline)) void
k_mk32_512(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const size_t isz = tl__csz(from);
  const char *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, d, n, isz, 4, flags, &nt);
#define TL__MK32_STEP(NT)                                                                       \
  int nan = 0;                                                                                  \
  __m512i u = tl__bits16(from, s + i * isz, &nan);                                              \
  if (nan) {                                                                                    \
    tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i * 4, 4, 16, flags);        \
    continue;                                                                                   \
  }                                                                                             \
  tl__st64(d + i * 4, _mm512_cvtepu16_epi32(tl__f16_16(u, sat)), NT);
  TL__LOOP16(TL__MK32_STEP); /* float64 -> complex32, 64 MiB: 1.35x with the prefetch */
#undef TL__MK32_STEP
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i * 4, 4, n - i, flags);
}
#define TL__KRUN k_mk32_512
#define TL__MK32(TAG, FT) TL__KDEF(m32, TAG, FT, TL_COMPLEX32, c32)
#define TL__MK32_SRCS(X) X(f32, TL_FLOAT32) X(f64, TL_FLOAT64) X(b, TL_BFLOAT16) X(i16, TL_INT16) X(u16, TL_UINT16) \
  X(i32, TL_INT32) X(u32, TL_UINT32) X(i64, TL_INT64) X(u64, TL_UINT64)
TL__MK32_SRCS(TL__MK32)
#undef TL__MK32
#undef TL__KRUN

/* ---- real sources -> complex64: the float32 value (exact, or the single
 * hardware rounding of the int -> float32 kernels) and +0, 8 elements -> 64
 * bytes. float64 is the float64 -> float32 kernel's conversion (not for
 * saturate). float16 NaN blocks go to the scalar engine (payload kept). */
#define TL__C64(x) _mm512_castps_si512(_mm512_maskz_permutexvar_ps(0x5555, _mm512_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7), _mm512_castps256_ps512(x)))
#define TL__MC64(NAME, FT, S, X) TL__K(NAME, FT, TL_COMPLEX64, S, 8, 8, tl__st64(dp, TL__C64(X), nt))
TL__MC64(m64_b, TL_BFLOAT16, 2, _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(TL__L16(sp)), 16)))
TL__MC64(m64_i16, TL_INT16, 2, _mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(TL__L16(sp))))
TL__MC64(m64_u16, TL_UINT16, 2, _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(TL__L16(sp))))
TL__MC64(m64_i32, TL_INT32, 4, _mm256_cvtepi32_ps(TL__L32(sp)))
TL__MC64(m64_u32, TL_UINT32, 4, _mm256_cvtepu32_ps(TL__L32(sp)))
TL__MC64(m64_i64, TL_INT64, 8, _mm512_cvtepi64_ps(TL__L64(sp)))
TL__MC64(m64_u64, TL_UINT64, 8, _mm512_cvtepu64_ps(TL__L64(sp)))
TL__MC64(m64_f64, TL_FLOAT64, 8, _mm512_cvtpd_ps(_mm512_loadu_pd((const void *)sp)))
#undef TL__MC64
/* float16 -> complex64 / complex128: exact; a block with a NaN goes to the
 * scalar engine (payload kept, not quieted), as k_f16_f64 */
static inline __attribute__((always_inline)) void k_hc_512(tl_dtype to, const void *sv, void *dv, size_t n) {
  const size_t D = to == TL_COMPLEX128 ? 16 : 8;
  const char *s = sv;
  char *d = dv;
  int nt = 0;
  size_t i = tl__nt_head(TL_FLOAT16, to, s, d, n, 2, D, &nt);
  for (; i + 8 <= n; i += 8) {
    __m128i h = TL__L16(s + 2 * i);
    if (tl__hnan8(h)) {
      tl__convert_generic(TL_FLOAT16, s + 2 * i, 2, to, d + D * i, (ptrdiff_t)D, 8, 0);
      continue;
    }
    const __m256 f = _mm256_cvtph_ps(h);
    if (D == 16) tl__st_c128(d + D * i, _mm512_cvtps_pd(f), nt);
    else tl__st64(d + D * i, TL__C64(f), nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(TL_FLOAT16, s + 2 * i, 2, to, d + D * i, (ptrdiff_t)D, n - i, 0);
}
static void m64_h(const void *s, void *d, size_t n) { k_hc_512(TL_COMPLEX64, s, d, n); }
static void mc_f16(const void *s, void *d, size_t n) { k_hc_512(TL_COMPLEX128, s, d, n); }
#undef TL__C64

/* ---- 8-bit sources -> complex128: the pair's 256-entry table (built by the
 * scalar engine), gathered as two quadwords per element, 8 elements -> 128
 * bytes. */
static inline __attribute__((always_inline)) void
k_g8c_512(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const unsigned char *t = tl__table8(from, to, sat);
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  if (!t) {
    tl__convert_generic(from, sv, 1, to, dv, 16, n, flags);
    return;
  }
  const uint8_t *s = sv;
  char *d = dv;
  const __m512i d0 = _mm512_setr_epi64(0, 0, 1, 1, 2, 2, 3, 3), d1 = _mm512_setr_epi64(4, 4, 5, 5, 6, 6, 7, 7);
  const __m512i odd = _mm512_setr_epi64(0, 1, 0, 1, 0, 1, 0, 1);
  int nt;
  size_t i = tl__nt_head_f(from, to, (const char *)s, d, n, 1, 16, flags, &nt);
  for (; i + 8 <= n; i += 8) {
    const __m512i k = _mm512_slli_epi64(_mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(s + i))), 1);
    tl__st64(d + 16 * i, _mm512_i64gather_epi64(_mm512_add_epi64(_mm512_permutexvar_epi64(d0, k), odd), (const void *)t, 8), nt);
    tl__st64(d + 16 * i + 64, _mm512_i64gather_epi64(_mm512_add_epi64(_mm512_permutexvar_epi64(d1, k), odd), (const void *)t, 8), nt);
  }
  if (nt) _mm_sfence();
  for (; i < n; i++) memcpy(d + 16 * i, t + 16 * (size_t)s[i], 16);
}
#define TL__KRUN k_g8c_512
#define TL__8BIT_SRCS(X)                                                                                     \
  X(b8, TL_BOOL) X(i2, TL_INT2) X(i4, TL_INT4) X(u2, TL_UINT2) X(u4, TL_UINT4) X(f4, TL_FLOAT4_E2M1FN)      \
  X(f6a, TL_FLOAT6_E2M3FN) X(f6b, TL_FLOAT6_E3M2FN) X(e3m4, TL_FLOAT8_E3M4) X(e4m3, TL_FLOAT8_E4M3)         \
  X(e4m3fn, TL_FLOAT8_E4M3FN) X(e4m3fnuz, TL_FLOAT8_E4M3FNUZ) X(b11, TL_FLOAT8_E4M3B11FNUZ)                  \
  X(e5m2, TL_FLOAT8_E5M2) X(e5m2fnuz, TL_FLOAT8_E5M2FNUZ) X(e8m0, TL_FLOAT8_E8M0FNU)
#define TL__G8(TAG, FT) TL__KDEF(g8, TAG, FT, TL_COMPLEX128, c128)
TL__8BIT_SRCS(TL__G8)
#undef TL__G8
#undef TL__KRUN

/* ---- float64 -> bfloat16 with AVX512-BF16 ------------------------------------
 * Two hardware roundings, float64 -> float32 (VCVTPD2PS) and float32 ->
 * bfloat16 (VCVTNE2PS2BF16), both to nearest even. Rounding twice differs from
 * rounding once only when the first lands exactly on a midpoint between two
 * bfloat16 values (float32 low half 0x8000), so such blocks take the
 * round-to-odd path, as do blocks whose float32 is subnormal (the instruction
 * flushes them), inf or NaN. Saturate: finite values that became inf take
 * +-0x7F7F. */
#define TL__BF16T __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512bf16")))
TL__BF16T static inline __attribute__((always_inline)) int tl__bf16_unsafe(__m512 f) {
  /* a low half of 0x8000 (the even 16-bit words), or the classes QNaN, +-inf,
     subnormal, SNaN (VFPCLASSPS 0xB9) */
  const __mmask32 tie = _mm512_mask_cmpeq_epi16_mask(0x55555555u, _mm512_castps_si512(f), _mm512_set1_epi32(0x8000));
  return tie != 0 || _mm512_fpclass_ps_mask(f, 0xB9) != 0;
}
TL__BF16T static inline __attribute__((always_inline)) __m512 tl__pd16_ps(const double *p) {
  return _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(_mm512_loadu_pd(p))), _mm512_cvtpd_ps(_mm512_loadu_pd(p + 8)), 1);
}
TL__BF16T static inline __attribute__((always_inline)) void
k_f64_bf16_hw(int sat, const void *sv, void *dv, size_t n) {
  const double *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(TL_FLOAT64, TL_BFLOAT16, (const char *)s, d, n, 8, 2, flags, &nt);
  for (; i + 32 <= n; i += 32) {
    const __m512 A = tl__pd16_ps(s + i), B = tl__pd16_ps(s + i + 16);
    if (tl__bf16_unsafe(A) | tl__bf16_unsafe(B)) {
      for (size_t h = 0; h < 32; h += 16) { /* round to odd, then the integer RNE (the template's path) */
        int nan = 0;
        __m512i u = tl__bits16(TL_FLOAT64, (const char *)(s + i + h), &nan);
        if (nan) tl__convert_generic(TL_FLOAT64, (const char *)(s + i + h), 8, TL_BFLOAT16, d + 2 * (i + h), 2, 16, flags);
        else tl__st32x(d + 2 * (i + h), tl__bf16_16(u, sat), nt);
      }
      continue;
    }
    __m512i r = (__m512i)_mm512_cvtne2ps_pbh(B, A); /* A -> the low half */
    if (sat) /* +-0x7F80 came from finite inputs here: the largest finite */
      r = _mm512_mask_sub_epi16(r, _mm512_cmpeq_epi16_mask(_mm512_and_si512(r, _mm512_set1_epi16(0x7FFF)), _mm512_set1_epi16(0x7F80)),
                                r, _mm512_set1_epi16(1));
    tl__st64(d + 2 * i, r, nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(TL_FLOAT64, (const char *)(s + i), 8, TL_BFLOAT16, d + 2 * i, 2, n - i, flags);
}
TL__BF16T static void k_f64_bf16_b(const void *s, void *d, size_t n) { k_f64_bf16_hw(0, s, d, n); }
TL__BF16T static void k_f64_bf16_bs(const void *s, void *d, size_t n) { k_f64_bf16_hw(1, s, d, n); }

/* ---- saturating float32/float64 -> float16 and float64 -> float32 ----------
 * Round as usual, then finite inputs that became inf take +-max finite. A
 * block holding a NaN goes to the scalar engine. */
static void k_f32_f16_s(const void *sv, void *dv, size_t n) {
  const float *s = sv;
  uint16_t *d = dv;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512 v = _mm512_loadu_ps(s + i);
    if (_mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q)) {
      tl__convert_generic(TL_FLOAT32, (const char *)(s + i), 4, TL_FLOAT16, (char *)(d + i), 2, 16, TL_CONVERT_SATURATE);
      continue;
    }
    __m256i h = _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __mmask16 o = _mm256_cmpeq_epi16_mask(_mm256_and_si256(h, _mm256_set1_epi16(0x7FFF)), _mm256_set1_epi16(0x7C00)) &
                  _mm512_cmp_ps_mask(_mm512_abs_ps(v), _mm512_set1_ps(INFINITY), _CMP_LT_OQ);
    _mm256_storeu_si256((__m256i *)(d + i), _mm256_mask_sub_epi16(h, o, h, _mm256_set1_epi16(1)));
  }
  if (i < n)
    tl__convert_generic(TL_FLOAT32, (const char *)(s + i), 4, TL_FLOAT16, (char *)(d + i), 2, n - i, TL_CONVERT_SATURATE);
}

static void k_f64_f16_s(const void *sv, void *dv, size_t n) {
  const double *s = sv;
  uint16_t *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m512d x = _mm512_loadu_pd(s + i);
    if (_mm512_cmp_pd_mask(x, x, _CMP_UNORD_Q)) {
      tl__convert_generic(TL_FLOAT64, (const char *)(s + i), 8, TL_FLOAT16, (char *)(d + i), 2, 8, TL_CONVERT_SATURATE);
      continue;
    }
    __m128i h = _mm256_cvtps_ph(_mm256_castsi256_ps(tl__rto8x(x)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __mmask8 o = _mm_cmpeq_epi16_mask(_mm_and_si128(h, _mm_set1_epi16(0x7FFF)), _mm_set1_epi16(0x7C00)) &
                 _mm512_cmp_pd_mask(_mm512_abs_pd(x), _mm512_set1_pd(INFINITY), _CMP_LT_OQ);
    _mm_storeu_si128((__m128i *)(d + i), _mm_mask_sub_epi16(h, o, h, _mm_set1_epi16(1)));
  }
  if (i < n)
    tl__convert_generic(TL_FLOAT64, (const char *)(s + i), 8, TL_FLOAT16, (char *)(d + i), 2, n - i, TL_CONVERT_SATURATE);
}

static void k_f64_f32_s(const void *sv, void *dv, size_t n) {
  const double *s = sv;
  float *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m512d x = _mm512_loadu_pd(s + i);
    __m256 f = _mm512_cvtpd_ps(x);
    __mmask8 o = _mm256_cmp_ps_mask(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), f), _mm256_set1_ps(INFINITY), _CMP_EQ_OQ) &
                 _mm512_cmp_pd_mask(_mm512_abs_pd(x), _mm512_set1_pd(INFINITY), _CMP_LT_OQ);
    f = _mm256_mask_blend_ps(o, f, _mm256_or_ps(_mm256_and_ps(f, _mm256_set1_ps(-0.0f)), _mm256_set1_ps(FLT_MAX)));
    _mm256_storeu_ps(d + i, f);
  }
  if (i < n)
    tl__convert_generic(TL_FLOAT64, (const char *)(s + i), 8, TL_FLOAT32, (char *)(d + i), 4, n - i, TL_CONVERT_SATURATE);
}

/* ---- float16 / bfloat16 -> float8/6/4 (not e8m0) on 32 lanes of 16 bits ---
 * Twice the lanes of the float32 encoder, and no branch on the data. The
 * source's mantissa (Ms = 10 or 7) is wider than every target's, so a normal
 * result is one RNE shift of the magnitude bits with the exponent re-bias
 * folded into the rounding constant. Magnitudes below the target's smallest
 * normal (or below the source's, when the target reaches lower), zero
 * included, are rounded at the target's subnormal quantum by an exact float32
 * add (the bits widened to 32: bfloat16's are the value, float16's << 13 are
 * the value times 2^-112), which also gives the encoding of a result that
 * rounds up into the normal range. Overflow takes the format's unsigned
 * overflow encoding; the sign is or-ed in last (every format's negative
 * overflow encoding is its positive one with the sign bit, the fnuz single NaN
 * 0x80 included). A block holding a NaN goes to the scalar engine. */
typedef struct {
  __m512i rb, maxmag, thr, ovf, inf, hinf, sbit;
  __m512 fmagic;
  unsigned sh, fsh, lsbbit;
  int fnuz, sat;
} tl__venc32h;

static inline __attribute__((always_inline)) void tl__venc32h_init(tl__venc32h *V, tl_dtype from, const tl__ffmt *F, int sat) {
  const int Ms = from == TL_FLOAT16 ? 10 : 7, Bs = from == TL_FLOAT16 ? 15 : 127;
  const int emin = 1 - F->bias, sh = Ms - F->M;
  V->sh = (unsigned)sh;
  V->lsbbit = 1u << sh;
  /* half an ulp minus one (the lsb completes ties-to-even) minus the re-bias
     (Bs - bias) << M at the source's scale, modulo 2^16: for every lane at or
     above thr the true sum is in [2^(M+sh), 2^16), so the logical shift gives
     the encoding (float16 -> e5m2fnuz re-biases upward: the sum exceeds 2^15) */
  V->rb = _mm512_set1_epi16((short)(uint16_t)(unsigned)((1 << (sh - 1)) - 1 - (Bs - F->bias) * (1 << F->M) * (1 << sh)));
  V->maxmag = _mm512_set1_epi16((short)F->maxmag);
  V->thr = _mm512_set1_epi16((short)((emin + Bs > 1 ? emin + Bs : 1) << Ms));
  V->fsh = from == TL_FLOAT16 ? 13u : 16u;
  /* 2^(emin - M + 23) at the float32 scale of the widened bits */
  V->fmagic = _mm512_castsi512_ps(_mm512_set1_epi32((emin - F->M + 23 + 127 - (from == TL_FLOAT16 ? 112 : 0)) << 23));
  V->ovf = _mm512_set1_epi16((short)(sat ? F->maxmag : F->ovf[0]));
  V->inf = _mm512_set1_epi16((short)F->ovf[0]);
  V->hinf = _mm512_set1_epi16((short)(from == TL_FLOAT16 ? 0x7C00 : 0x7F80));
  V->sbit = _mm512_set1_epi16((short)(1u << F->sign_bit));
  V->fnuz = F->fam == TL__FAM_FNUZ;
  V->sat = sat;
}

static inline __attribute__((always_inline)) __m256i tl__enc32h(const tl__venc32h *V, __m512i h, __m512i a) {
  /* normal results: RNE shift with the re-bias folded in */
  __m512i t = _mm512_add_epi16(a, V->rb);
  t = _mm512_mask_add_epi16(t, _mm512_test_epi16_mask(a, _mm512_set1_epi16((short)V->lsbbit)), t, _mm512_set1_epi16(1));
  __m512i r = _mm512_srli_epi16(t, V->sh);
  /* small magnitudes: the float add at the quantum; the pack puts the lanes
     back in order */
  const __m512i z = _mm512_setzero_si512();
  __m512i lo = V->fsh == 16 ? _mm512_unpacklo_epi16(z, a) : _mm512_slli_epi32(_mm512_unpacklo_epi16(a, z), V->fsh);
  __m512i hi = V->fsh == 16 ? _mm512_unpackhi_epi16(z, a) : _mm512_slli_epi32(_mm512_unpackhi_epi16(a, z), V->fsh);
  __m512 slo = _mm512_add_round_ps(_mm512_castsi512_ps(lo), V->fmagic, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m512 shi = _mm512_add_round_ps(_mm512_castsi512_ps(hi), V->fmagic, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m512i k = _mm512_packus_epi32(_mm512_sub_epi32(_mm512_castps_si512(slo), _mm512_castps_si512(V->fmagic)),
                                  _mm512_sub_epi32(_mm512_castps_si512(shi), _mm512_castps_si512(V->fmagic)));
  r = _mm512_mask_mov_epi16(r, _mm512_cmplt_epu16_mask(a, V->thr), k);
  /* overflow (inf included: its exponent re-biases past every max), sign */
  __m512i out = _mm512_mask_mov_epi16(r, _mm512_cmpgt_epi16_mask(r, V->maxmag), V->ovf);
  if (V->sat) out = _mm512_mask_mov_epi16(out, _mm512_cmpeq_epi16_mask(a, V->hinf), V->inf);
  __mmask32 neg = _mm512_cmplt_epi16_mask(h, z);
  if (V->fnuz) neg &= _mm512_test_epi16_mask(out, out); /* no negative zero */
  return _mm512_cvtepi16_epi8(_mm512_mask_mov_epi16(out, neg, _mm512_or_si512(out, V->sbit)));
}

/* ---- float16 / bfloat16 -> float8_e8m0fnu on 32 lanes of 16 bits ----------
 * As tl__e8m0_16, on the 16-bit bits: bfloat16 shares float32's exponent, so
 * its bits plus half a binade (subnormals: from 0.75 of one), shifted, are
 * the encoding; a normal float16's is its exponent field re-biased by 112
 * after the same half-binade add. A block holding a NaN goes to the scalar
 * engine; one holding a float16 subnormal goes through float32
 * (tl__e8m0_16). */
static inline __attribute__((always_inline)) void
k_e8h_512(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const int bf = from == TL_BFLOAT16;
  const __m512i hinf = _mm512_set1_epi16((short)(bf ? 0x7F80 : 0x7C00)), z = _mm512_setzero_si512();
  const char *s = sv;
  uint8_t *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, 2, 1, flags, &nt);
  for (; i + 32 <= n; i += 32) {
    const __m512i h = TL__L64(s + 2 * i), a = _mm512_and_si512(h, _mm512_set1_epi16(0x7FFF));
    if (_mm512_cmpgt_epu16_mask(a, hinf)) {
      tl__convert_generic(from, s + 2 * i, 2, to, (char *)(d + i), 1, 32, flags);
      continue;
    }
    __m512i r;
    if (bf) {
      __m512i t = _mm512_add_epi16(a, _mm512_set1_epi16(0x40));
      t = _mm512_mask_sub_epi16(t, _mm512_cmplt_epu16_mask(a, _mm512_set1_epi16(0x80)), t, _mm512_set1_epi16(0x20));
      r = _mm512_srli_epi16(t, 7); /* 0xFF: overflow or inf */
    } else {
      if (_mm512_mask_cmplt_epu16_mask(_mm512_test_epi16_mask(a, a), a, _mm512_set1_epi16(0x400))) {
        const __m128i lo = tl__e8m0_16(_mm512_castps_si512(_mm512_cvtph_ps(_mm512_castsi512_si256(h))), sat);
        const __m128i hi = tl__e8m0_16(_mm512_castps_si512(_mm512_cvtph_ps(_mm512_extracti64x4_epi64(h, 1))), sat);
        tl__st32x((char *)(d + i), _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), nt);
        continue;
      }
      r = _mm512_add_epi16(_mm512_srli_epi16(_mm512_add_epi16(a, _mm512_set1_epi16(0x200)), 10), _mm512_set1_epi16(112));
    }
    const __mmask32 bad = _mm512_cmplt_epi16_mask(h, z) | _mm512_cmpeq_epi16_mask(a, z);
    const __mmask32 inf = _mm512_cmpeq_epi16_mask(a, hinf);
    if (sat) {
      r = _mm512_min_epu16(r, _mm512_set1_epi16(0xFE));
      r = _mm512_mask_mov_epi16(r, bad, z);
    } else {
      r = _mm512_mask_mov_epi16(r, bad, _mm512_set1_epi16(0xFF));
    }
    r = _mm512_mask_mov_epi16(r, inf, _mm512_set1_epi16(0xFF));
    tl__st32x((char *)(d + i), _mm512_cvtepi16_epi8(r), nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + 2 * i, 2, to, (char *)(d + i), 1, n - i, flags);
}
#define TL__KRUN k_e8h_512
TL__KDEF(k, h, TL_FLOAT16, TL_FLOAT8_E8M0FNU, e8m0)
TL__KDEF(k, b, TL_BFLOAT16, TL_FLOAT8_E8M0FNU, e8m0)
#undef TL__KRUN

/* 32 sources as 16-bit float bits: float16/bfloat16 as they are; complex32's
 * real parts; int16/uint16 as bfloat16 rounded to odd (exact float32, then
 * truncated with a sticky lsb): 8 significant bits, two more than any
 * float8/6/4 mantissa needs, so the encoder's RNE is the only rounding, and
 * bfloat16's range holds every int16. Unpack and pack are inverses within
 * 128-bit lanes, so the elements come back in order. */
static inline __attribute__((always_inline)) __m512i tl__h16_load(tl_dtype from, const char *p) {
  if (from == TL_COMPLEX32) return _mm512_permutex2var_epi16(TL__L64(p), TL__EVEN16, TL__L64(p + 64));
  if (from != TL_INT16 && from != TL_UINT16) return TL__L64(p);
  const __m512i x = TL__L64(p), z = _mm512_setzero_si512(), one = _mm512_set1_epi32(1), low = _mm512_set1_epi32(0xFFFF);
  __m512i lo = from == TL_INT16 ? _mm512_srai_epi32(_mm512_unpacklo_epi16(z, x), 16) : _mm512_unpacklo_epi16(x, z);
  __m512i hi = from == TL_INT16 ? _mm512_srai_epi32(_mm512_unpackhi_epi16(z, x), 16) : _mm512_unpackhi_epi16(x, z);
  lo = _mm512_castps_si512(_mm512_cvtepi32_ps(lo)); /* exact */
  hi = _mm512_castps_si512(_mm512_cvtepi32_ps(hi));
  __m512i blo = _mm512_srli_epi32(lo, 16), bhi = _mm512_srli_epi32(hi, 16);
  blo = _mm512_mask_or_epi32(blo, _mm512_test_epi32_mask(lo, low), blo, one);
  bhi = _mm512_mask_or_epi32(bhi, _mm512_test_epi32_mask(hi, low), bhi, one);
  return _mm512_packus_epi32(blo, bhi);
}

static inline __attribute__((always_inline)) void
k_h8_512(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const int isf = from == TL_FLOAT16 || from == TL_BFLOAT16 || from == TL_COMPLEX32; /* may hold NaN */
  const size_t S = from == TL_COMPLEX32 ? 4 : 2;
  tl__venc32h V;
  tl__venc32h_init(&V, from == TL_FLOAT16 || from == TL_COMPLEX32 ? TL_FLOAT16 : TL_BFLOAT16, tl__ffmt_of(to), sat);
  const char *s = sv;
  uint8_t *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, S, 1, flags, &nt);
  for (; i + 32 <= n; i += 32) {
    __m512i h = tl__h16_load(from, s + i * S), a = _mm512_and_si512(h, _mm512_set1_epi16(0x7FFF));
    if (isf && _mm512_cmpgt_epu16_mask(a, V.hinf)) {
      tl__convert_generic(from, s + i * S, (ptrdiff_t)S, to, (char *)(d + i), 1, 32, flags);
      continue;
    }
    tl__st32x((char *)(d + i), tl__enc32h(&V, h, a), nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * S, (ptrdiff_t)S, to, (char *)(d + i), 1, n - i, flags);
}

#define TL__KRUN k_h8_512
TL__NARROW_FORMATS(TL__KDEF, k, h, TL_FLOAT16)
TL__NARROW_FORMATS(TL__KDEF, k, b, TL_BFLOAT16)
TL__NARROW_FORMATS(TL__KDEF, k, c32, TL_COMPLEX32)
TL__NARROW_FORMATS(TL__KDEF, k, i16, TL_INT16)
TL__NARROW_FORMATS(TL__KDEF, k, u16, TL_UINT16)
#undef TL__KRUN

#include "convert_simd.inc"

/* ---- 8-bit sources: in-register lookups of the 256-entry table (VBMI) --------
 * The table of a pair (tl__table8, built by the scalar engine) is split into
 * byte planes: plane k holds byte k of every entry, 256 bytes = 4 registers.
 * 64 source bytes index each plane with two VPERMI2B (entries 0-127, 128-255)
 * and a blend on bit 7; the planes are then interleaved with in-lane unpacks.
 * The source bytes are first permuted (VPERMB) so the unpacked elements come
 * out in order. */
static _Atomic(unsigned char *) tl__planes[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];

static const unsigned char *tl__planes8(tl_dtype from, tl_dtype to, int sat, const unsigned char *t, int sz) {
  unsigned char *p = atomic_load_explicit(&tl__planes[from][to][sat], memory_order_acquire);
  if (p) return p;
  unsigned char *np = malloc((size_t)256 * (size_t)sz);
  if (!np) return NULL;
  for (int k = 0; k < sz; k++)
    for (int j = 0; j < 256; j++) np[k * 256 + j] = t[j * sz + k];
  unsigned char *expected = NULL;
  if (!atomic_compare_exchange_strong_explicit(&tl__planes[from][to][sat], &expected, np,
                                               memory_order_acq_rel, memory_order_acquire)) {
    free(np);
    return expected;
  }
  return np;
}

#define TL__VBMI __attribute__((target("avx512f,avx512bw,avx512vbmi")))

TL__VBMI static inline __attribute__((always_inline)) void
tl__lut8_body(const unsigned char *pl, const unsigned char *t, int lg, const uint8_t *s, char *d, size_t n) {
  const int sz = 1 << lg, r = 4 - lg;
  __m512i T[8][4];
  for (int k = 0; k < sz; k++)
    for (int c = 0; c < 4; c++) T[k][c] = _mm512_loadu_si512((const void *)(pl + 256 * k + 64 * c));
  unsigned char permb[64];
  for (int p = 0; p < 64; p++) {
    int L = p >> 4, w = p & 15, q = w >> r, tt = w & ((1 << r) - 1);
    permb[p] = (unsigned char)((q << (r + 2)) | (L << r) | tt);
  }
  const __m512i perm = _mm512_loadu_si512((const void *)permb);
  size_t i = 0;
  int nt = 0;
  if ((size_t)sz * n >= TL__NT_MIN && (uintptr_t)d % (size_t)sz == 0) {
    size_t h = ((64 - ((uintptr_t)d & 63)) & 63) / (size_t)sz;
    for (; i < h; i++) memcpy(d + i * (size_t)sz, t + (size_t)s[i] * (size_t)sz, (size_t)sz);
    nt = 1;
  }
  for (; i + 64 <= n; i += 64) {
    __m512i x = _mm512_loadu_si512((const void *)(s + i));
    if (lg) x = _mm512_permutexvar_epi8(perm, x);
    __mmask64 hi = _mm512_movepi8_mask(x);
    __m512i P[8];
    for (int k = 0; k < sz; k++)
      P[k] = _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(T[k][0], x, T[k][1]),
                                    _mm512_permutex2var_epi8(T[k][2], x, T[k][3]));
    char *o = d + i * (size_t)sz;
    if (lg == 0) {
      tl__st64(o, P[0], nt);
    } else if (lg == 1) {
      tl__st64(o, _mm512_unpacklo_epi8(P[0], P[1]), nt);
      tl__st64(o + 64, _mm512_unpackhi_epi8(P[0], P[1]), nt);
    } else if (lg == 2) {
      __m512i a = _mm512_unpacklo_epi8(P[0], P[1]), b = _mm512_unpackhi_epi8(P[0], P[1]);
      __m512i c = _mm512_unpacklo_epi8(P[2], P[3]), e = _mm512_unpackhi_epi8(P[2], P[3]);
      tl__st64(o, _mm512_unpacklo_epi16(a, c), nt);
      tl__st64(o + 64, _mm512_unpackhi_epi16(a, c), nt);
      tl__st64(o + 128, _mm512_unpacklo_epi16(b, e), nt);
      tl__st64(o + 192, _mm512_unpackhi_epi16(b, e), nt);
    } else {
      __m512i l1[8], l2[8];
      for (int k = 0; k < 4; k++) {
        l1[2 * k] = _mm512_unpacklo_epi8(P[2 * k], P[2 * k + 1]);
        l1[2 * k + 1] = _mm512_unpackhi_epi8(P[2 * k], P[2 * k + 1]);
      }
      /* l2[4a+2h+b']: a = level-1 half, h = 0 planes 0-3 / 1 planes 4-7, b' = level-2 half */
      for (int a = 0; a < 2; a++)
        for (int h = 0; h < 2; h++) {
          l2[4 * a + 2 * h] = _mm512_unpacklo_epi16(l1[4 * h + a], l1[4 * h + 2 + a]);
          l2[4 * a + 2 * h + 1] = _mm512_unpackhi_epi16(l1[4 * h + a], l1[4 * h + 2 + a]);
        }
      for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
          __m512i lo = l2[4 * a + b], hi8 = l2[4 * a + 2 + b];
          int q = 4 * a + 2 * b;
          tl__st64(o + 64 * q, _mm512_unpacklo_epi32(lo, hi8), nt);
          tl__st64(o + 64 * (q + 1), _mm512_unpackhi_epi32(lo, hi8), nt);
        }
    }
  }
  if (nt) _mm_sfence();
  for (; i < n; i++) memcpy(d + i * (size_t)sz, t + (size_t)s[i] * (size_t)sz, (size_t)sz);
}

TL__VBMI static void tl__lut8_1(const unsigned char *pl, const unsigned char *t, const uint8_t *s, char *d, size_t n) { tl__lut8_body(pl, t, 0, s, d, n); }
TL__VBMI static void tl__lut8_2(const unsigned char *pl, const unsigned char *t, const uint8_t *s, char *d, size_t n) { tl__lut8_body(pl, t, 1, s, d, n); }
TL__VBMI static void tl__lut8_4(const unsigned char *pl, const unsigned char *t, const uint8_t *s, char *d, size_t n) { tl__lut8_body(pl, t, 2, s, d, n); }
TL__VBMI static void tl__lut8_8(const unsigned char *pl, const unsigned char *t, const uint8_t *s, char *d, size_t n) { tl__lut8_body(pl, t, 3, s, d, n); }

/* Publish a lazily built table in *slot (or `none`, a sentinel for "this
 * format does not qualify"): the first writer wins, a loser frees its copy.
 * Returns the table, or NULL for the sentinel. */
static const unsigned char *tl__publish(_Atomic(unsigned char *) *slot, unsigned char *np, unsigned char *none) {
  unsigned char *expected = NULL;
  if (!atomic_compare_exchange_strong_explicit(slot, &expected, np, memory_order_acq_rel, memory_order_acquire)) {
    if (np != none) free(np);
    np = expected;
  }
  return np == none ? NULL : np;
}

/* ---- int16 / uint16 -> the float8/6/4 formats that overflow below 512 ------
 * (all but e5m2, e5m2fnuz and e8m0): the encoding of a magnitude below 256
 * (512 for float8_e4m3fn, whose overflow starts at 464) is a table entry, of a
 * larger one the overflow encoding, and a negative input's is its magnitude's
 * with the sign bit. The encodings come from the scalar engine, and a format
 * qualifies only when its own data say so: the first magnitude past the table,
 * 32768 and 65535 all give the overflow encoding, and every -m gives m's with
 * the sign bit (checked once per format). 64 elements per step: two VPERMI2B
 * and a blend per 256 entries, against about 60 instructions per 64 through
 * the float encoder. Table: W / 256, the overflow encoding, the sign bit, then
 * from byte 64 the W encodings. */
static _Atomic(unsigned char *) tl__lut16[TL_NUM_CONCRETE][2];
static unsigned char tl__lut16_none; /* stored for a format that does not qualify */

static const unsigned char *tl__lut16_table(tl_dtype to, int sat) {
  unsigned char *p = atomic_load_explicit(&tl__lut16[to][sat], memory_order_acquire);
  if (p) return p == &tl__lut16_none ? NULL : p;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  uint16_t m[515];
  int16_t ng[512];
  unsigned char c[515], cn[512];
  for (int k = 0; k < 513; k++) m[k] = (uint16_t)k;
  m[513] = 32768, m[514] = 65535;
  for (int k = 0; k < 512; k++) ng[k] = (int16_t)-(k + 1);
  tl__convert_generic(TL_UINT16, (const char *)m, 2, to, (char *)c, 1, 515, flags);
  tl__convert_generic(TL_INT16, (const char *)ng, 2, to, (char *)cn, 1, 512, flags);
  const tl__ffmt *F = tl__ffmt_of(to);
  const unsigned char sb = F && F->sign_bit >= 0 ? (unsigned char)(1u << F->sign_bit) : 0;
  int W = 0; /* table width: the overflow encoding from W on */
  if (sb && c[513] == c[514] && c[512] == c[513]) W = c[256] == c[512] ? 256 : 512;
  for (int k = 1; W && k <= W; k++)
    if (cn[k - 1] != (unsigned char)(c[k] | sb)) W = 0;
  unsigned char *np = &tl__lut16_none;
  if (W) {
    np = malloc(64 + 512);
    if (!np) return NULL; /* try again next call; the caller falls back */
    np[0] = (unsigned char)(W / 256), np[1] = c[512], np[2] = sb;
    memcpy(np + 64, c, (size_t)W);
  }
  return tl__publish(&tl__lut16[to][sat], np, &tl__lut16_none);
}

TL__VBMI static inline __attribute__((always_inline)) void
tl__lut16_run(tl_dtype from, int wide, const unsigned char *t, const char *s, char *d, size_t i, size_t n, int nt) {
  const int W = wide ? 512 : 256;
  __m512i T[8];
  for (int k = 0; k < W / 64; k++) T[k] = _mm512_loadu_si512((const void *)(t + 64 + 64 * k));
  const __m512i ovf = _mm512_set1_epi8((char)t[1]), sb = _mm512_set1_epi8((char)t[2]);
  const __m512i cw = _mm512_set1_epi16((short)W), b8 = _mm512_set1_epi16(256);
  for (; i + 64 <= n; i += 64) {
    const __m512i x0 = TL__L64(s + 2 * i), x1 = TL__L64(s + 2 * i + 64);
    const __m512i m0 = from == TL_INT16 ? _mm512_abs_epi16(x0) : x0, m1 = from == TL_INT16 ? _mm512_abs_epi16(x1) : x1;
    const __mmask64 big = (__mmask64)_mm512_cmpge_epu16_mask(m0, cw) | (__mmask64)_mm512_cmpge_epu16_mask(m1, cw) << 32;
    const __m512i b = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi16_epi8(m0)), _mm512_cvtepi16_epi8(m1), 1);
    const __mmask64 b7 = _mm512_movepi8_mask(b);
    __m512i c = _mm512_mask_blend_epi8(b7, _mm512_permutex2var_epi8(T[0], b, T[1]), _mm512_permutex2var_epi8(T[2], b, T[3]));
    if (wide) {
      const __mmask64 b8m = (__mmask64)_mm512_test_epi16_mask(m0, b8) | (__mmask64)_mm512_test_epi16_mask(m1, b8) << 32;
      c = _mm512_mask_mov_epi8(c, b8m,
                               _mm512_mask_blend_epi8(b7, _mm512_permutex2var_epi8(T[4], b, T[5]), _mm512_permutex2var_epi8(T[6], b, T[7])));
    }
    c = _mm512_mask_mov_epi8(c, big, ovf);
    if (from == TL_INT16) {
      const __mmask64 neg = (__mmask64)_mm512_movepi16_mask(x0) | (__mmask64)_mm512_movepi16_mask(x1) << 32;
      c = _mm512_mask_mov_epi8(c, neg, _mm512_or_si512(c, sb));
    }
    tl__st64(d + i, c, nt);
  }
}

/* ---- int16 / uint16 -> the wide-range formats (e5m2, e5m2fnuz) by tables ---
 * With s = the bit length of |x| >> 8 (0 for |x| < 256), v = |x| >> s with a
 * sticky lsb is |x| rounded to odd on 8 bits, so the encoding is T[v] (the
 * encoding of v itself) plus s in the exponent field (s << M), capped at C
 * (saturate: the largest finite), the sign or-ed in for negative inputs. T
 * and s come from two 256-byte tables (VPERMI2B); the tables come from the
 * scalar engine, and a format uses them only if the formula reproduces the
 * scalar engine's encoding of every uint16 and every negative int16 (checked
 * once per format and saturate mode, 2^17 conversions). Table: T, then s,
 * then C, the sign bit, M. */
static _Atomic(unsigned char *) tl__lut16e[TL_NUM_CONCRETE][2];
static unsigned char tl__lut16e_none;

static unsigned tl__lut16e_formula(const unsigned char *t, unsigned m) {
  const unsigned sh = t[256 + (m >> 8)], v = (m >> sh) | ((m & ((1u << sh) - 1u)) != 0);
  unsigned c = (t[v] + (sh << t[514])) & 0xFFu;
  return c < t[512] ? c : t[512];
}

static const unsigned char *tl__lut16e_table(tl_dtype to, int sat) {
  unsigned char *p = atomic_load_explicit(&tl__lut16e[to][sat], memory_order_acquire);
  if (p) return p == &tl__lut16e_none ? NULL : p;
  const tl__ffmt *F = tl__ffmt_of(to);
  if (!F || F->sign_bit < 0) return NULL;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  uint16_t *all = malloc(65536 * sizeof *all);
  unsigned char *cu = malloc(65536), *cn = malloc(32768), *np = malloc(515);
  int ok = all && cu && cn && np;
  if (ok) {
    for (unsigned k = 0; k < 65536; k++) all[k] = (uint16_t)k;
    tl__convert_generic(TL_UINT16, (const char *)all, 2, to, (char *)cu, 1, 65536, flags);
    for (unsigned k = 0; k < 32768; k++) all[k] = (uint16_t)(0u - (k + 1u)); /* int16 -1 .. -32768 */
    tl__convert_generic(TL_INT16, (const char *)all, 2, to, (char *)cn, 1, 32768, flags);
    memcpy(np, cu, 256);
    for (unsigned h = 0; h < 256; h++) {
      unsigned b = 0;
      while (h >> b) b++;
      np[256 + h] = (unsigned char)b;
    }
    np[512] = sat ? (unsigned char)F->maxmag : 0xFF, np[513] = (unsigned char)(1u << F->sign_bit), np[514] = (unsigned char)F->M;
    for (unsigned m = 0; ok && m < 65536; m++) ok = tl__lut16e_formula(np, m) == cu[m];
    for (unsigned m = 1; ok && m <= 32768; m++) ok = (tl__lut16e_formula(np, m) | np[513]) == cn[m - 1];
  }
  const int oom = !(all && cu && cn && np);
  free(all), free(cu), free(cn);
  if (oom) { /* not cached: the next call tries again; this one falls back */
    free(np);
    return NULL;
  }
  if (!ok) {
    free(np);
    np = &tl__lut16e_none;
  }
  return tl__publish(&tl__lut16e[to][sat], np, &tl__lut16e_none);
}

TL__VBMI static inline __attribute__((always_inline)) __m512i tl__vlut256(const __m512i *T, __m512i x) {
  return _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), _mm512_permutex2var_epi8(T[0], x, T[1]),
                                _mm512_permutex2var_epi8(T[2], x, T[3]));
}
TL__VBMI static inline __attribute__((always_inline)) __m512i tl__pack2w(__m512i a, __m512i b) {
  return _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi16_epi8(a)), _mm512_cvtepi16_epi8(b), 1);
}
/* 32 words of v = m >> s with the sticky lsb, s given as 32 bytes */
TL__VBMI static inline __attribute__((always_inline)) __m512i tl__rto_words(__m512i m, __m256i sb) {
  const __m512i one = _mm512_set1_epi16(1), s = _mm512_cvtepu8_epi16(sb);
  const __m512i v = _mm512_srlv_epi16(m, s);
  const __mmask32 st = _mm512_test_epi16_mask(m, _mm512_sub_epi16(_mm512_sllv_epi16(one, s), one));
  return _mm512_mask_mov_epi16(v, st, _mm512_or_si512(v, one));
}

TL__VBMI static inline __attribute__((always_inline)) int
k_lut16e(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const unsigned char *t = tl__lut16e_table(to, sat);
  if (!t) return 0;
  __m512i T[4], L[4];
  for (int k = 0; k < 4; k++) {
    T[k] = _mm512_loadu_si512((const void *)(t + 64 * k));
    L[k] = _mm512_loadu_si512((const void *)(t + 256 + 64 * k));
  }
  const __m512i cap = _mm512_set1_epi8((char)t[512]), sbit = _mm512_set1_epi8((char)t[513]);
  const int M = t[514];
  const char *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, d, n, 2, 1, flags, &nt);
  for (; i + 64 <= n; i += 64) {
    const __m512i x0 = TL__L64(s + 2 * i), x1 = TL__L64(s + 2 * i + 64);
    const __m512i m0 = from == TL_INT16 ? _mm512_abs_epi16(x0) : x0, m1 = from == TL_INT16 ? _mm512_abs_epi16(x1) : x1;
    const __m512i sh = tl__vlut256(L, tl__pack2w(_mm512_srli_epi16(m0, 8), _mm512_srli_epi16(m1, 8)));
    const __m512i v = tl__pack2w(tl__rto_words(m0, _mm512_castsi512_si256(sh)), tl__rto_words(m1, _mm512_extracti64x4_epi64(sh, 1)));
    __m512i e = sh;
    for (int k = 0; k < M; k++) e = _mm512_add_epi8(e, e);
    __m512i c = _mm512_min_epu8(_mm512_add_epi8(tl__vlut256(T, v), e), cap);
    if (from == TL_INT16) {
      const __mmask64 neg = (__mmask64)_mm512_movepi16_mask(x0) | (__mmask64)_mm512_movepi16_mask(x1) << 32;
      c = _mm512_mask_mov_epi8(c, neg, _mm512_or_si512(c, sbit));
    }
    tl__st64(d + i, c, nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + 2 * i, 2, to, d + i, 1, n - i, flags);
  return 1;
}

TL__VBMI static inline __attribute__((always_inline)) void
k_lut16(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const unsigned char *t = tl__lut16_table(to, sat);
  if (!t) {
    if (!k_lut16e(from, to, sat, sv, dv, n)) k_h8_512(from, to, sat, sv, dv, n);
    return;
  }
  const int wide = t[0] == 2;
  const char *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, d, n, 2, 1, flags, &nt);
  if (wide) tl__lut16_run(from, 1, t, s, d, i, n, nt);
  else tl__lut16_run(from, 0, t, s, d, i, n, nt);
  if (nt) _mm_sfence();
  i = i + (n - i) / 64 * 64;
  if (i < n) tl__convert_generic(from, s + 2 * i, 2, to, d + i, 1, n - i, flags);
}
#define TL__LDEF(PFX, TAG, FROM, TO, TTAG)                                                                \
  TL__VBMI static void PFX##_##TAG##_##TTAG(const void *s, void *d, size_t n) { k_lut16(FROM, TO, 0, s, d, n); } \
  TL__VBMI static void PFX##_##TAG##_##TTAG##_s(const void *s, void *d, size_t n) { k_lut16(FROM, TO, 1, s, d, n); }
TL__NARROW_FORMATS(TL__LDEF, l, i16, TL_INT16)
TL__NARROW_FORMATS(TL__LDEF, l, u16, TL_UINT16)
#undef TL__LDEF

/* ---- 8-bit sources -> complex128 by byte-table lookup ------------------------
 * Every 8-bit source's values are bfloat16 values (the float8/6/4 formats,
 * the small integers), so the real part is two table bytes per element
 * (VPERMI2B, as tl__lut8_body), widened bfloat16 -> float32 -> float64 and
 * interleaved with +0.0. The planes are taken from the pair's own table
 * (tl__table8 of complex128, the scalar engine's results) and used only when
 * all 256 entries are exactly what that widening gives, NaN bits included,
 * with a +0.0 imaginary part; otherwise the gather kernel runs. */
static _Atomic(unsigned char *) tl__c128pl[TL_NUM_CONCRETE][2];
static unsigned char tl__c128pl_none;

static const unsigned char *tl__c128_planes(tl_dtype from, int sat) {
  unsigned char *p = atomic_load_explicit(&tl__c128pl[from][sat], memory_order_acquire);
  if (p) return p == &tl__c128pl_none ? NULL : p;
  const unsigned char *t = tl__table8(from, TL_COMPLEX128, sat);
  if (!t) return NULL;
  unsigned char pl[512];
  int ok = 1;
  for (int j = 0; j < 256 && ok; j++) {
    uint64_t re, im;
    memcpy(&re, t + 16 * j, 8);
    memcpy(&im, t + 16 * j + 8, 8);
    double d;
    memcpy(&d, &re, 8);
    float f = (float)d; /* bfloat16 candidate: the top half of float32 */
    uint32_t fb;
    memcpy(&fb, &f, 4);
    const uint16_t bf = (uint16_t)(fb >> 16);
    const uint32_t wb = (uint32_t)bf << 16;
    float w;
    memcpy(&w, &wb, 4);
    const __m128d back = _mm_cvtss_sd(_mm_setzero_pd(), _mm_set_ss(w)); /* the kernel's widening */
    uint64_t bb;
    memcpy(&bb, &back, 8);
    ok = im == 0 && bb == re;
    pl[j] = (unsigned char)bf, pl[256 + j] = (unsigned char)(bf >> 8);
  }
  unsigned char *np = &tl__c128pl_none;
  if (ok) {
    np = malloc(512);
    if (!np) return NULL;
    memcpy(np, pl, 512);
  }
  return tl__publish(&tl__c128pl[from][sat], np, &tl__c128pl_none);
}

TL__VBMI static inline __attribute__((always_inline)) void
k_p8c_512(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const unsigned char *pl = tl__c128_planes(from, sat), *t = tl__table8(from, to, sat);
  if (!pl || !t) {
    k_g8c_512(from, to, sat, sv, dv, n);
    return;
  }
  __m512i T0[4], T1[4];
  for (int c = 0; c < 4; c++) {
    T0[c] = _mm512_loadu_si512((const void *)(pl + 64 * c));
    T1[c] = _mm512_loadu_si512((const void *)(pl + 256 + 64 * c));
  }
  const uint8_t *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(from, to, (const char *)s, d, n, 1, 16, flags, &nt);
  for (; i + 64 <= n; i += 64) {
    const __m512i x = _mm512_loadu_si512((const void *)(s + i));
    const __mmask64 hi = _mm512_movepi8_mask(x);
    const __m512i P0 = _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(T0[0], x, T0[1]), _mm512_permutex2var_epi8(T0[2], x, T0[3]));
    const __m512i P1 = _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(T1[0], x, T1[1]), _mm512_permutex2var_epi8(T1[2], x, T1[3]));
    const __m512i W0 = _mm512_unpacklo_epi8(P0, P1), W1 = _mm512_unpackhi_epi8(P0, P1);
    char *o = d + 16 * i;
    /* group g of 8 elements: 128-bit lane g / 2 of W0 (g even) or W1 (g odd) */
#define TL__G(W, L, G)                                                                                    \
  tl__st_c128(o + 128 * (G),                                                                              \
              _mm512_cvtps_pd(_mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm512_extracti32x4_epi32(W, L)), 16))), nt)
    TL__G(W0, 0, 0); TL__G(W1, 0, 1); TL__G(W0, 1, 2); TL__G(W1, 1, 3);
    TL__G(W0, 2, 4); TL__G(W1, 2, 5); TL__G(W0, 3, 6); TL__G(W1, 3, 7);
#undef TL__G
  }
  if (nt) _mm_sfence();
  for (; i < n; i++) memcpy(d + 16 * i, t + 16 * (size_t)s[i], 16);
}
#define TL__PDEF(TAG, FT)                                                                                       \
  TL__VBMI static void p8_##TAG##_c128(const void *s, void *d, size_t n) { k_p8c_512(FT, TL_COMPLEX128, 0, s, d, n); } \
  TL__VBMI static void p8_##TAG##_c128_s(const void *s, void *d, size_t n) { k_p8c_512(FT, TL_COMPLEX128, 1, s, d, n); }
TL__8BIT_SRCS(TL__PDEF)
#undef TL__PDEF

int tl__avx512vbmi_lut8(tl_dtype from, tl_dtype to, int sat, const void *src, void *dst, size_t n) {
  int sz = tl__info(to)->itemsize;
  if (tl__info(from)->itemsize != 1 || (sz != 1 && sz != 2 && sz != 4 && sz != 8)) return 0;
  const unsigned char *t = tl__table8(from, to, sat);
  if (!t) return 0;
  const unsigned char *pl = tl__planes8(from, to, sat, t, sz);
  if (!pl) return 0;
  const uint8_t *s = src;
  char *d = dst;
  switch (sz) {
  case 1: tl__lut8_1(pl, t, s, d, n); break;
  case 2: tl__lut8_2(pl, t, s, d, n); break;
  case 4: tl__lut8_4(pl, t, s, d, n); break;
  default: tl__lut8_8(pl, t, s, d, n); break;
  }
  return 1;
}

tl__contig_fn tl__avx512_kernel(tl_dtype from, tl_dtype to, int sat) {
#define P(F, T) (((int)(F) << 8) | (int)(T))
  if ((from == TL_INT16 || from == TL_UINT16) && tl__cpu_has_vbmi()) {
    switch (P(from, to)) { /* the table kernels (they fall back to k_h8_512 per format) */
      TL__NARROW_FORMATS(TL__KCASE, l, i16, TL_INT16)
      TL__NARROW_FORMATS(TL__KCASE, l, u16, TL_UINT16)
    default: break;
    }
  }
  if (to == TL_COMPLEX128 && tl__cpu_has_vbmi()) {
    switch (P(from, to)) { /* byte-table kernels (they fall back to the gather per source) */
#define P8(TAG, FT) TL__KCASE(p8, TAG, FT, TL_COMPLEX128, c128)
      TL__8BIT_SRCS(P8)
#undef P8
    default: break;
    }
  }
  if (from == TL_FLOAT64 && to == TL_BFLOAT16 && tl__cpu_has_bf16()) return sat ? k_f64_bf16_bs : k_f64_bf16_b;
  switch (P(from, to)) {
  case P(TL_FLOAT32, TL_FLOAT16): return sat ? k_f32_f16_s : k_f32_f16;
  case P(TL_FLOAT16, TL_FLOAT32): return k_f16_f32;
  case P(TL_FLOAT32, TL_BFLOAT16): return sat ? r_f32_bf16_s : r_f32_bf16;
  case P(TL_BFLOAT16, TL_FLOAT32): return k_bf16_f32;
  case P(TL_FLOAT64, TL_FLOAT32): return sat ? k_f64_f32_s : k_f64_f32;
  case P(TL_FLOAT32, TL_FLOAT64): return k_f32_f64;
  case P(TL_FLOAT64, TL_FLOAT16): return sat ? k_f64_f16_s : k_f64_f16;
#define R2(TAG, FT, TT, TTAG) TL__KCASE(r, TAG, FT, TT, TTAG)
#define RT(TAG, FT) R2(TAG, FT, TL_BFLOAT16, bf16) R2(TAG, FT, TL_FLOAT8_E8M0FNU, e8m0)
#define RN(TAG, FT) TL__NARROW_FORMATS(TL__KCASE, r, TAG, FT)
#define RI(TAG, FT) RT(TAG, FT) R2(TAG, FT, TL_FLOAT16, f16) RN(TAG, FT)
    RN(f32, TL_FLOAT32)
    RN(f64, TL_FLOAT64)
    RT(i16, TL_INT16) R2(i16, TL_INT16, TL_FLOAT16, f16)
    RT(u16, TL_UINT16) R2(u16, TL_UINT16, TL_FLOAT16, f16)
    RT(c32, TL_COMPLEX32)
    RI(i32, TL_INT32)
    RI(u32, TL_UINT32)
    RI(i64, TL_INT64)
    RI(u64, TL_UINT64)
    RI(c64, TL_COMPLEX64)
    RI(c128, TL_COMPLEX128)
    RT(f64, TL_FLOAT64)
    R2(h, TL_FLOAT16, TL_BFLOAT16, bf16)
    TL__KCASE(k, h, TL_FLOAT16, TL_FLOAT8_E8M0FNU, e8m0)
    R2(b, TL_BFLOAT16, TL_FLOAT16, f16)
    TL__KCASE(k, b, TL_BFLOAT16, TL_FLOAT8_E8M0FNU, e8m0)
#undef RI
#undef RN
#undef RT
#undef R2
  case P(TL_FLOAT32, TL_FLOAT8_E8M0FNU): return sat ? r_f32_e8m0_s : r_f32_e8m0;
  case P(TL_FLOAT16, TL_FLOAT64): return k_f16_f64;
  case P(TL_BFLOAT16, TL_FLOAT64): return k_bf16_f64;
  case P(TL_FLOAT16, TL_BOOL): return b_h;
  case P(TL_BFLOAT16, TL_BOOL): return b_bh;
#define CK(F, T, K, KS) case P(F, T): return sat ? KS : K;
    TL__COMPLEX_KERNELS(CK)
#undef CK
#define N8(TAG, FT) TL__NARROW_FORMATS(TL__KCASE, k, TAG, FT)
    N8(h, TL_FLOAT16)
    N8(b, TL_BFLOAT16)
    N8(c32, TL_COMPLEX32)
    N8(i16, TL_INT16)
    N8(u16, TL_UINT16)
#undef N8
  case P(TL_COMPLEX128, TL_FLOAT32): return sat ? NULL : re_c128_f32;
  case P(TL_BFLOAT16, TL_COMPLEX64): return m64_b;
  case P(TL_FLOAT16, TL_COMPLEX64): return m64_h;
  case P(TL_INT16, TL_COMPLEX64): return m64_i16;
  case P(TL_UINT16, TL_COMPLEX64): return m64_u16;
  case P(TL_INT32, TL_COMPLEX64): return m64_i32;
  case P(TL_UINT32, TL_COMPLEX64): return m64_u32;
  case P(TL_INT64, TL_COMPLEX64): return m64_i64;
  case P(TL_UINT64, TL_COMPLEX64): return m64_u64;
  case P(TL_FLOAT64, TL_COMPLEX64): return sat ? NULL : m64_f64;
#define MK32(TAG, FT) TL__KCASE(m32, TAG, FT, TL_COMPLEX32, c32)
    TL__MK32_SRCS(MK32)
#undef MK32
#define G8(TAG, FT) TL__KCASE(g8, TAG, FT, TL_COMPLEX128, c128)
    TL__8BIT_SRCS(G8)
#undef G8
  case P(TL_FLOAT32, TL_COMPLEX128): return mc_f32;
  case P(TL_BFLOAT16, TL_COMPLEX128): return mc_bf16;
  case P(TL_FLOAT16, TL_COMPLEX128): return mc_f16;
  case P(TL_INT8, TL_COMPLEX128): return mc_i8;
  case P(TL_UINT8, TL_COMPLEX128): return mc_u8;
  case P(TL_INT16, TL_COMPLEX128): return mc_i16;
  case P(TL_UINT16, TL_COMPLEX128): return mc_u16;
  case P(TL_INT32, TL_COMPLEX128): return mc_i32;
  case P(TL_UINT32, TL_COMPLEX128): return mc_u32;
  case P(TL_INT64, TL_COMPLEX128): return mc_i64;
  case P(TL_UINT64, TL_COMPLEX128): return mc_u64;
  default: {
    tl__contig_fn f = tl__f2i_kernel(from, to);
    if (f) return f;
    if (tl__is_nint(from) && tl__info(from)->itemsize > 1 &&
        (to == TL_INT2 || to == TL_UINT2 || to == TL_INT4 || to == TL_UINT4)) {
      static const tl__contig_fn nb[3][2] = {{nb_16_2, nb_16_4}, {nb_32_2, nb_32_4}, {nb_64_2, nb_64_4}};
      return nb[tl__lg(tl__info(from)->itemsize) - 1][to == TL_INT4 || to == TL_UINT4];
    }
    return tl__int_kernel(from, to);
  }
  }
#undef P
}

#elif defined(TL_HAVE_X86)
tl__contig_fn tl__avx512_kernel(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return NULL;
}
int tl__avx512vbmi_lut8(tl_dtype from, tl_dtype to, int sat, const void *src, void *dst, size_t n) {
  (void)from, (void)to, (void)sat, (void)src, (void)dst, (void)n;
  return 0;
}
#endif
