/* convert_avx2.c — AVX2 + F16C contiguous conversion kernels. Compiled with
 * -mavx2 -mfma -mf16c -mbmi2 (CMake, by file name) and only called after CPUID
 * said so. Every kernel is bit-identical to the scalar engine: blocks that
 * contain a NaN (whose payload rules are pair-specific) are handed to the
 * scalar engine, unless the rule is a copy or a canonical NaN (complex), which
 * the kernel does in register; tails likewise. The kernels assume the default MXCSR
 * (round to nearest, no FTZ/DAZ), as the rest of the process does. */
#include "convert_internal.h"

#if defined(TL_HAVE_X86) && defined(__x86_64__)
#include <immintrin.h>

#define TL__TAIL(FROM, TO, SRC, DST, I, N)                                               \
  do {                                                                                  \
    if ((I) < (N))                                                                      \
      tl__convert_generic(FROM, (const char *)((SRC) + (I)), tl__info(FROM)->itemsize, TO, \
                          (char *)((DST) + (I)), tl__info(TO)->itemsize, (N) - (I), 0);  \
  } while (0)

/* ---- float32 <-> float16 ------------------------------------------------- */
/* float16 NaN lanes -> sign | 0x7E00 (complex32: ml_dtypes goes through Eigen::half). */
static inline __m128i tl__canon_h8(__m128i h) {
  __m128i nan = _mm_cmpgt_epi16(_mm_and_si128(h, _mm_set1_epi16(0x7FFF)), _mm_set1_epi16(0x7C00));
  return _mm_blendv_epi8(h, _mm_or_si128(_mm_and_si128(h, _mm_set1_epi16((short)0x8000)), _mm_set1_epi16(0x7E00)), nan);
}

/* float32 -> float16 on n components. `to` float16: a block with a NaN goes to
 * the scalar engine (NumPy keeps the payload); `to` complex32 (from complex64,
 * n = 2 x elements): the hardware NaN (a NaN, sign kept) is made canonical in
 * register, and the tail is converted as complex elements. */
static inline __attribute__((always_inline)) void tl__f32_f16(tl_dtype from, tl_dtype to, const float *s,
                                                              uint16_t *d, size_t n) {
  const int canon = to == TL_COMPLEX32, per = canon ? 2 : 1;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 v = _mm256_loadu_ps(s + i);
    if (!canon && _mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q))) {
      tl__convert_generic(from, (const char *)(s + i), 4, to, (char *)(d + i), 2, 8, 0);
      continue;
    }
    __m128i h = _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    _mm_storeu_si128((__m128i *)(d + i), canon ? tl__canon_h8(h) : h);
  }
  if (i < n)
    tl__convert_generic(from, (const char *)(s + i), 4 * per, to, (char *)(d + i), 2 * per, (n - i) / (size_t)per, 0);
}
static void k_f32_f16(const void *s, void *d, size_t n) { tl__f32_f16(TL_FLOAT32, TL_FLOAT16, s, d, n); }

static inline int tl__h_has_nan(__m128i h) {
  __m128i a = _mm_and_si128(h, _mm_set1_epi16(0x7FFF));
  return _mm_movemask_epi8(_mm_cmpgt_epi16(a, _mm_set1_epi16(0x7C00))) != 0;
}

static void k_f16_f32(const void *sv, void *dv, size_t n) {
  const uint16_t *s = sv;
  float *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i h = _mm_loadu_si128((const __m128i *)(s + i));
    if (tl__h_has_nan(h)) {
      tl__convert_generic(TL_FLOAT16, (const char *)(s + i), 2, TL_FLOAT32, (char *)(d + i), 4, 8, 0);
      continue;
    }
    _mm256_storeu_ps(d + i, _mm256_cvtph_ps(h));
  }
  TL__TAIL(TL_FLOAT16, TL_FLOAT32, s, d, i, n);
}

static void k_f16_f64(const void *sv, void *dv, size_t n) {
  const uint16_t *s = sv;
  double *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i h = _mm_loadu_si128((const __m128i *)(s + i));
    if (tl__h_has_nan(h)) {
      tl__convert_generic(TL_FLOAT16, (const char *)(s + i), 2, TL_FLOAT64, (char *)(d + i), 8, 8, 0);
      continue;
    }
    __m256 f = _mm256_cvtph_ps(h);
    _mm256_storeu_pd(d + i, _mm256_cvtps_pd(_mm256_castps256_ps128(f)));
    _mm256_storeu_pd(d + i + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)));
  }
  TL__TAIL(TL_FLOAT16, TL_FLOAT64, s, d, i, n);
}

/* ---- bfloat16 ------------------------------------------------------------ */
static inline __m128i tl__bf16_from_bits(__m256i u, __m256 v) {
  __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
  __m256i r = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7FFF)), lsb), 16);
  __m256i qn = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(0x8000)),
                               _mm256_set1_epi32(0x7FC0));
  r = _mm256_blendv_epi8(r, qn, _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)));
  __m256i p = _mm256_packus_epi32(r, r);
  return _mm256_castsi256_si128(_mm256_permute4x64_epi64(p, 0x08));
}

static void k_f32_bf16(const void *sv, void *dv, size_t n) {
  const float *s = sv;
  uint16_t *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 v = _mm256_loadu_ps(s + i);
    _mm_storeu_si128((__m128i *)(d + i), tl__bf16_from_bits(_mm256_castps_si256(v), v));
  }
  TL__TAIL(TL_FLOAT32, TL_BFLOAT16, s, d, i, n);
}

static void k_bf16_f32(const void *sv, void *dv, size_t n) {
  const uint16_t *s = sv;
  uint32_t *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(s + i)));
    _mm256_storeu_si256((__m256i *)(d + i), _mm256_slli_epi32(w, 16));
  }
  TL__TAIL(TL_BFLOAT16, TL_FLOAT32, s, d, i, n);
}

/* ---- float64 <-> float32, and float64 -> float32 rounded to odd ----------- */
static void k_f64_f32(const void *sv, void *dv, size_t n) {
  const double *s = sv;
  float *d = dv;
  size_t i = 0;
  for (; i + 4 <= n; i += 4) _mm_storeu_ps(d + i, _mm256_cvtpd_ps(_mm256_loadu_pd(s + i)));
  TL__TAIL(TL_FLOAT64, TL_FLOAT32, s, d, i, n);
}

static void k_f32_f64(const void *sv, void *dv, size_t n) {
  const float *s = sv;
  double *d = dv;
  size_t i = 0;
  for (; i + 4 <= n; i += 4) _mm256_storeu_pd(d + i, _mm256_cvtps_pd(_mm_loadu_ps(s + i)));
  TL__TAIL(TL_FLOAT32, TL_FLOAT64, s, d, i, n);
}

static inline __m128i _mm256_cvtepi64_epi32_emul(__m256i m) {
  return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(m, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
}

/* 4 doubles (no NaN) -> float32 bits rounded to odd, like tl__f64_to_f32_rto. */
static inline __m128i tl__rto4(__m256d x) {
  __m128 f = _mm256_cvtpd_ps(x); /* RNE */
  __m256d back = _mm256_cvtps_pd(f);
  __m256d absm = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll));
  __m256d ab = _mm256_and_pd(back, absm), ax = _mm256_and_pd(x, absm);
  __m128i too_big = _mm256_cvtepi64_epi32_emul(_mm256_castpd_si256(_mm256_cmp_pd(ab, ax, _CMP_GT_OQ)));
  __m128i inexact = _mm256_cvtepi64_epi32_emul(_mm256_castpd_si256(_mm256_cmp_pd(back, x, _CMP_NEQ_OQ)));
  __m128i fb = _mm_add_epi32(_mm_castps_si128(f), too_big); /* -1 where rounded away */
  return _mm_or_si128(fb, _mm_and_si128(inexact, _mm_set1_epi32(1)));
}

static inline int tl__d_has_nan(__m256d x) { return _mm256_movemask_pd(_mm256_cmp_pd(x, x, _CMP_UNORD_Q)) != 0; }

/* 8 doubles (a, b) -> 8 float32 bit patterns rounded to odd; returns 0 if a NaN is present. */
static inline int tl__rto8v(__m256d a, __m256d b, __m256i *out) {
  if (tl__d_has_nan(a) || tl__d_has_nan(b)) return 0;
  *out = _mm256_set_m128i(tl__rto4(b), tl__rto4(a));
  return 1;
}
static inline int tl__rto8(const double *s, __m256i *out) { return tl__rto8v(_mm256_loadu_pd(s), _mm256_loadu_pd(s + 4), out); }

/* The real parts of 8 complex64 / 4 complex128 at p: (r0 i0 r1 i1 | r2 i2 r3 i3),
 * (r4 .. | .. i7): the even floats in each lane, then the lanes in order;
 * (r0 i0 | r1 i1), (r2 i2 | r3 i3): unpacklo gives (r0 r2 | r1 r3), then in order. */
static inline __m256 tl__re_c64(const char *p) {
  const float *f = (const float *)(const void *)p;
  __m256 x = _mm256_shuffle_ps(_mm256_loadu_ps(f), _mm256_loadu_ps(f + 8), 0x88);
  return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(x), 0xD8));
}
static inline __m256d tl__re_c128(const char *p) {
  const double *f = (const double *)(const void *)p;
  return _mm256_permute4x64_pd(_mm256_unpacklo_pd(_mm256_loadu_pd(f), _mm256_loadu_pd(f + 4)), 0xD8);
}

/* ---- generic narrow encoder: 8 float32 bit patterns (no NaN) -> 8 int32 ---- */
typedef struct {
  __m256i minnorm, rnd_bias_lo, rebias, maxmag, ovf_pos, ovf_neg;
  __m256 magic;
  int shift, sign_shift, fnuz;
} tl__venc;

static void tl__venc_init(tl__venc *V, const tl__ffmt *F, int sat) {
  int emin = 1 - F->bias;
  V->minnorm = _mm256_set1_epi32((emin + 127) << 23);
  V->shift = 23 - F->M;
  V->rnd_bias_lo = _mm256_set1_epi32((1 << (22 - F->M)) - 1);
  V->rebias = _mm256_set1_epi32((127 - F->bias) << F->M);
  V->maxmag = _mm256_set1_epi32((int)F->maxmag);
  uint32_t sb = (uint32_t)F->sign_bit;
  V->ovf_pos = _mm256_set1_epi32((int)(sat ? F->maxmag : F->ovf[0]));
  V->ovf_neg = _mm256_set1_epi32((int)(sat ? ((1u << sb) | F->maxmag) : F->ovf[1]));
  V->magic = _mm256_castsi256_ps(_mm256_set1_epi32((emin - F->M + 23 + 127) << 23));
  V->sign_shift = 31 - F->sign_bit;
  V->fnuz = F->fam == TL__FAM_FNUZ;
  (void)sat;
}

static inline __m256i tl__venc8(const tl__venc *V, __m256i u, int sat_inf_is_ovf) {
  (void)sat_inf_is_ovf;
  __m256i absmask = _mm256_set1_epi32(0x7FFFFFFF);
  __m256i a = _mm256_and_si256(u, absmask);
  __m256i sg = _mm256_srli_epi32(u, 31);
  /* normal results */
  __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(a, V->shift), _mm256_set1_epi32(1));
  __m256i rn = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(a, V->rnd_bias_lo), lsb), V->shift);
  rn = _mm256_sub_epi32(rn, V->rebias);
  /* subnormal results: |x| + magic rounds at the target's quantum */
  __m256 sum = _mm256_add_ps(_mm256_castsi256_ps(a), V->magic);
  __m256i rs = _mm256_sub_epi32(_mm256_castps_si256(sum), _mm256_castps_si256(V->magic));
  __m256i is_sub = _mm256_cmpgt_epi32(V->minnorm, a);
  __m256i r = _mm256_blendv_epi8(rn, rs, is_sub);
  /* overflow (incl. inf input): r > maxmag, or a >= inf */
  __m256i ovf = _mm256_or_si256(_mm256_cmpgt_epi32(r, V->maxmag),
                                _mm256_cmpgt_epi32(a, _mm256_set1_epi32(0x7F7FFFFF)));
  __m256i neg = _mm256_cmpeq_epi32(sg, _mm256_set1_epi32(1));
  __m256i sgn = _mm256_slli_epi32(sg, 31 - V->sign_shift);
  if (V->fnuz) sgn = _mm256_andnot_si256(_mm256_cmpeq_epi32(r, _mm256_setzero_si256()), sgn);
  __m256i out = _mm256_or_si256(r, sgn);
  __m256i ov = _mm256_blendv_epi8(V->ovf_pos, V->ovf_neg, neg);
  return _mm256_blendv_epi8(out, ov, ovf);
}

/* inf inputs are never saturated: recompute them with the non-saturating overflow. */
static inline __m256i tl__venc8_inf(const tl__venc *V, const tl__ffmt *F, __m256i u, __m256i r) {
  __m256i a = _mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF));
  __m256i isinf = _mm256_cmpeq_epi32(a, _mm256_set1_epi32(0x7F800000));
  __m256i neg = _mm256_cmpgt_epi32(_mm256_setzero_si256(), u);
  __m256i ov = _mm256_blendv_epi8(_mm256_set1_epi32((int)F->ovf[0]), _mm256_set1_epi32((int)F->ovf[1]), neg);
  (void)V;
  return _mm256_blendv_epi8(r, ov, isinf);
}

static inline void tl__store8_u8(uint8_t *d, __m256i r) {
  __m256i p = _mm256_packus_epi32(r, r);           /* 16-bit, lanes 0-3 | 4-7 per half */
  p = _mm256_packus_epi16(p, p);                   /* bytes */
  __m256i q = _mm256_permutevar8x32_epi32(p, _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4));
  _mm_storel_epi64((__m128i *)d, _mm256_castsi256_si128(q));
}

/* complex64/complex128 sources: the real part, deinterleaved in register (one
 * kernel instead of a chain through float32/float64, whose blocks do not
 * overlap memory and compute); a NaN there sends the block to the scalar engine. */
static void k_narrow8(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const tl__ffmt *F = tl__ffmt_of(to);
  tl__venc V;
  tl__venc_init(&V, F, sat);
  uint8_t *d = dv;
  size_t i = 0;
  unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int isz = tl__info(from)->itemsize;
  for (; i + 8 <= n; i += 8) {
    __m256i u;
    const char *p = (const char *)sv + i * (size_t)isz;
    if (from == TL_FLOAT32 || from == TL_COMPLEX64) {
      __m256 v = from == TL_FLOAT32 ? _mm256_loadu_ps((const float *)(const void *)p) : tl__re_c64(p);
      if (_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q))) goto scalar;
      u = _mm256_castps_si256(v);
    } else if (from == TL_FLOAT64 ? !tl__rto8((const double *)(const void *)p, &u)
                                  : !tl__rto8v(tl__re_c128(p), tl__re_c128(p + 64), &u)) {
      goto scalar;
    }
    {
      __m256i r = tl__venc8(&V, u, 0);
      if (sat) r = tl__venc8_inf(&V, F, u, r);
      tl__store8_u8(d + i, r);
    }
    continue;
  scalar:
    tl__convert_generic(from, p, isz, to, (char *)(d + i), 1, 8, flags);
  }
  if (i < n)
    tl__convert_generic(from, (const char *)sv + i * (size_t)isz, isz, to, (char *)(d + i), 1, n - i, flags);
}

#define TL__N8(NAME, FROM, TO, SAT)                                                      \
  static void NAME(const void *s, void *d, size_t n) { k_narrow8(FROM, TO, SAT, s, d, n); }
#define TL__N8_ALL(X, FROM, TAG)                                                        \
  X(k_##TAG##_e4m3fn, FROM, TL_FLOAT8_E4M3FN, 0) X(k_##TAG##_e4m3fn_s, FROM, TL_FLOAT8_E4M3FN, 1) \
  X(k_##TAG##_e5m2, FROM, TL_FLOAT8_E5M2, 0) X(k_##TAG##_e5m2_s, FROM, TL_FLOAT8_E5M2, 1)         \
  X(k_##TAG##_e4m3, FROM, TL_FLOAT8_E4M3, 0) X(k_##TAG##_e4m3_s, FROM, TL_FLOAT8_E4M3, 1)         \
  X(k_##TAG##_e3m4, FROM, TL_FLOAT8_E3M4, 0) X(k_##TAG##_e3m4_s, FROM, TL_FLOAT8_E3M4, 1)         \
  X(k_##TAG##_e4m3fnuz, FROM, TL_FLOAT8_E4M3FNUZ, 0) X(k_##TAG##_e4m3fnuz_s, FROM, TL_FLOAT8_E4M3FNUZ, 1) \
  X(k_##TAG##_b11, FROM, TL_FLOAT8_E4M3B11FNUZ, 0) X(k_##TAG##_b11_s, FROM, TL_FLOAT8_E4M3B11FNUZ, 1) \
  X(k_##TAG##_e5m2fnuz, FROM, TL_FLOAT8_E5M2FNUZ, 0) X(k_##TAG##_e5m2fnuz_s, FROM, TL_FLOAT8_E5M2FNUZ, 1) \
  X(k_##TAG##_f6a, FROM, TL_FLOAT6_E2M3FN, 0) X(k_##TAG##_f6a_s, FROM, TL_FLOAT6_E2M3FN, 1)       \
  X(k_##TAG##_f6b, FROM, TL_FLOAT6_E3M2FN, 0) X(k_##TAG##_f6b_s, FROM, TL_FLOAT6_E3M2FN, 1)       \
  X(k_##TAG##_f4, FROM, TL_FLOAT4_E2M1FN, 0) X(k_##TAG##_f4_s, FROM, TL_FLOAT4_E2M1FN, 1)
TL__N8_ALL(TL__N8, TL_FLOAT32, f32)
TL__N8_ALL(TL__N8, TL_FLOAT64, f64)
TL__N8_ALL(TL__N8, TL_COMPLEX64, c64)
TL__N8_ALL(TL__N8, TL_COMPLEX128, c128)

/* float64 -> float16 / bfloat16 via round-to-odd float32 (one rounding).
 * float16 on n components, NaN as in tl__f32_f16 (tl__rto4 passes a NaN
 * through as a NaN with its sign). */
static inline __attribute__((always_inline)) void tl__f64_f16(tl_dtype from, tl_dtype to, const double *s,
                                                              uint16_t *d, size_t n) {
  const int canon = to == TL_COMPLEX32, per = canon ? 2 : 1;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i u;
    if (canon) {
      u = _mm256_set_m128i(tl__rto4(_mm256_loadu_pd(s + i + 4)), tl__rto4(_mm256_loadu_pd(s + i)));
    } else if (!tl__rto8(s + i, &u)) {
      tl__convert_generic(from, (const char *)(s + i), 8, to, (char *)(d + i), 2, 8, 0);
      continue;
    }
    __m128i h = _mm256_cvtps_ph(_mm256_castsi256_ps(u), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    _mm_storeu_si128((__m128i *)(d + i), canon ? tl__canon_h8(h) : h);
  }
  if (i < n)
    tl__convert_generic(from, (const char *)(s + i), 8 * per, to, (char *)(d + i), 2 * per, (n - i) / (size_t)per, 0);
}
static void k_f64_f16(const void *s, void *d, size_t n) { tl__f64_f16(TL_FLOAT64, TL_FLOAT16, s, d, n); }

static void k_f64_bf16(const void *sv, void *dv, size_t n) {
  const double *s = sv;
  uint16_t *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i u;
    if (!tl__rto8(s + i, &u)) {
      tl__convert_generic(TL_FLOAT64, (const char *)(s + i), 8, TL_BFLOAT16, (char *)(d + i), 2, 8, 0);
      continue;
    }
    _mm_storeu_si128((__m128i *)(d + i), tl__bf16_from_bits(u, _mm256_castsi256_ps(u)));
  }
  TL__TAIL(TL_FLOAT64, TL_BFLOAT16, s, d, i, n);
}

/* ---- int32 <-> float32 ----------------------------------------------------- */
static void k_i32_f32(const void *sv, void *dv, size_t n) {
  const int32_t *s = sv;
  float *d = dv;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(d + i, _mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)(s + i))));
  TL__TAIL(TL_INT32, TL_FLOAT32, s, d, i, n);
}

static void k_i32_f64(const void *sv, void *dv, size_t n) {
  const int32_t *s = sv;
  double *d = dv;
  size_t i = 0;
  for (; i + 4 <= n; i += 4) _mm256_storeu_pd(d + i, _mm256_cvtepi32_pd(_mm_loadu_si128((const __m128i *)(s + i))));
  TL__TAIL(TL_INT32, TL_FLOAT64, s, d, i, n);
}

/* ---- native integers: widening, and small integers -> float32/float64 -------
 * One 32-byte output per body, unrolled by 4; streaming stores (destination
 * aligned by a short scalar head) when the output is >= TL__NT_MIN bytes. */
#define TL__NT_MIN ((size_t)16 << 20)

static size_t tl__nt_head(tl_dtype from, tl_dtype to, const char *s, char *d, size_t n, size_t S,
                          size_t D, int *nt) {
  *nt = 0;
  if (D * n < TL__NT_MIN || (uintptr_t)d % D != 0) return 0;
  size_t h = ((64 - ((uintptr_t)d & 63)) & 63) / D;
  if (h) tl__convert_generic(from, s, (ptrdiff_t)S, to, d, (ptrdiff_t)D, h, 0);
  *nt = 1;
  return h;
}

static inline void tl__st32(char *p, __m256i v, int nt) {
  if (nt) _mm256_stream_si256((__m256i *)(void *)p, v);
  else _mm256_storeu_si256((__m256i *)(void *)p, v);
}
static inline __m128i tl__l4(const char *p) {
  int32_t v;
  memcpy(&v, p, 4);
  return _mm_cvtsi32_si128(v);
}
#define TL__L16(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define TL__L8(p) _mm_loadl_epi64((const __m128i *)(const void *)(p))
#define TL__L4(p) tl__l4(p)

#define TL__KW(NAME, FROM, TO, S, D, LD, ...)                                           \
  static void NAME(const void *sv, void *dv, size_t n) {                               \
    const char *s = sv;                                                                \
    char *d = dv;                                                                      \
    int nt = 0;                                                                        \
    const size_t step = 32 / (D);                                                      \
    size_t i = tl__nt_head(FROM, TO, s, d, n, S, D, &nt);                              \
    for (; i + 4 * step <= n; i += 4 * step)                                           \
      for (size_t u = 0; u < 4; u++) {                                                 \
        __m128i x = LD(s + (i + u * step) * (S));                                      \
        tl__st32(d + (i + u * step) * (D), __VA_ARGS__, nt);                           \
      }                                                                                \
    for (; i + step <= n; i += step) {                                                 \
      __m128i x = LD(s + i * (S));                                                     \
      tl__st32(d + i * (D), __VA_ARGS__, nt);                                          \
    }                                                                                  \
    if (nt) _mm_sfence();                                                              \
    if (i < n) tl__convert_generic(FROM, s + i * (S), S, TO, d + i * (D), D, n - i, 0); \
  }
TL__KW(w_i8_i16, TL_INT8, TL_INT16, 1, 2, TL__L16, _mm256_cvtepi8_epi16(x))
TL__KW(w_i8_i32, TL_INT8, TL_INT32, 1, 4, TL__L8, _mm256_cvtepi8_epi32(x))
TL__KW(w_i8_i64, TL_INT8, TL_INT64, 1, 8, TL__L4, _mm256_cvtepi8_epi64(x))
TL__KW(w_i16_i32, TL_INT16, TL_INT32, 2, 4, TL__L16, _mm256_cvtepi16_epi32(x))
TL__KW(w_i16_i64, TL_INT16, TL_INT64, 2, 8, TL__L8, _mm256_cvtepi16_epi64(x))
TL__KW(w_i32_i64, TL_INT32, TL_INT64, 4, 8, TL__L16, _mm256_cvtepi32_epi64(x))
TL__KW(w_u8_u16, TL_UINT8, TL_UINT16, 1, 2, TL__L16, _mm256_cvtepu8_epi16(x))
TL__KW(w_u8_u32, TL_UINT8, TL_UINT32, 1, 4, TL__L8, _mm256_cvtepu8_epi32(x))
TL__KW(w_u8_u64, TL_UINT8, TL_UINT64, 1, 8, TL__L4, _mm256_cvtepu8_epi64(x))
TL__KW(w_u16_u32, TL_UINT16, TL_UINT32, 2, 4, TL__L16, _mm256_cvtepu16_epi32(x))
TL__KW(w_u16_u64, TL_UINT16, TL_UINT64, 2, 8, TL__L8, _mm256_cvtepu16_epi64(x))
TL__KW(w_u32_u64, TL_UINT32, TL_UINT64, 4, 8, TL__L16, _mm256_cvtepu32_epi64(x))
TL__KW(f_i8_f32, TL_INT8, TL_FLOAT32, 1, 4, TL__L8, _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(x))))
TL__KW(f_u8_f32, TL_UINT8, TL_FLOAT32, 1, 4, TL__L8, _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(x))))
TL__KW(f_i16_f32, TL_INT16, TL_FLOAT32, 2, 4, TL__L16, _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(x))))
TL__KW(f_u16_f32, TL_UINT16, TL_FLOAT32, 2, 4, TL__L16, _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(x))))
TL__KW(f_i8_f64, TL_INT8, TL_FLOAT64, 1, 8, TL__L4, _mm256_castpd_si256(_mm256_cvtepi32_pd(_mm_cvtepi8_epi32(x))))
TL__KW(f_u8_f64, TL_UINT8, TL_FLOAT64, 1, 8, TL__L4, _mm256_castpd_si256(_mm256_cvtepi32_pd(_mm_cvtepu8_epi32(x))))
TL__KW(f_i16_f64, TL_INT16, TL_FLOAT64, 2, 8, TL__L8, _mm256_castpd_si256(_mm256_cvtepi32_pd(_mm_cvtepi16_epi32(x))))
TL__KW(f_u16_f64, TL_UINT16, TL_FLOAT64, 2, 8, TL__L8, _mm256_castpd_si256(_mm256_cvtepi32_pd(_mm_cvtepu16_epi32(x))))

/* ---- float32 / float64 -> integers, as tl__f2i: truncation, NaN -> 0, -------
 * saturation to the destination's own range (int4: [-8, 7]); sub-byte values
 * are stored as their low bits (int4 -7 -> 0x09). Where both ends of the range
 * are exact in the source format, x is clamped in the float domain and
 * truncated (cvtt): max returns its 2nd operand for NaN, so unsigned NaN lanes
 * become 0 and signed ones are zeroed before the clamp. The lanes are then in
 * range and the saturating packs narrow them unchanged. Each block writes one
 * 32-byte vector (streamed when large, as TL__KW). */

/* 8 float32 -> int32 lanes (b <= 32) */
static inline __attribute__((always_inline)) __m256i tl__fi_ps(__m256 x, int bits, int sg) {
  const __m256 h31 = _mm256_set1_ps(2147483648.0f);
  if (bits == 32 && sg) { /* 2^31 - 1 is no float32: cvtt gives INT32_MIN out of range; fix >= 2^31, NaN */
    __m256i r = _mm256_cvttps_epi32(x);
    r = _mm256_blendv_epi8(r, _mm256_set1_epi32(INT32_MAX), _mm256_castps_si256(_mm256_cmp_ps(x, h31, _CMP_GE_OQ)));
    return _mm256_andnot_si256(_mm256_castps_si256(_mm256_cmp_ps(x, x, _CMP_UNORD_Q)), r);
  }
  if (bits == 32) { /* no unsigned cvtt: lanes >= 2^31 (integers there) convert x - 2^31 (exact), bit 31 set back */
    x = _mm256_max_ps(x, _mm256_setzero_ps());
    __m256 big = _mm256_cmp_ps(x, h31, _CMP_GE_OQ);
    __m256i r = _mm256_cvttps_epi32(_mm256_sub_ps(x, _mm256_and_ps(big, h31)));
    r = _mm256_xor_si256(r, _mm256_slli_epi32(_mm256_castps_si256(big), 31));
    return _mm256_or_si256(r, _mm256_castps_si256(_mm256_cmp_ps(x, _mm256_set1_ps(4294967296.0f), _CMP_GE_OQ)));
  }
  if (sg) x = _mm256_andnot_ps(_mm256_cmp_ps(x, x, _CMP_UNORD_Q), x);
  const float lo = sg ? -(float)(1 << (bits - 1)) : 0.0f;
  const float hi = sg ? (float)((1 << (bits - 1)) - 1) : (float)((1 << bits) - 1);
  return _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(lo)), _mm256_set1_ps(hi)));
}

/* 4 float64 -> int32 lanes (b <= 32; every range end is exact) */
static inline __attribute__((always_inline)) __m128i tl__fi_pd(__m256d x, int bits, int sg) {
  if (sg) x = _mm256_andnot_pd(_mm256_cmp_pd(x, x, _CMP_UNORD_Q), x);
  const double lo = sg ? -(double)(1ull << (bits - 1)) : 0.0;
  const double hi = sg ? (double)((1ull << (bits - 1)) - 1) : (double)((1ull << bits) - 1);
  x = _mm256_min_pd(_mm256_max_pd(x, _mm256_set1_pd(lo)), _mm256_set1_pd(hi));
  if (sg || bits < 32) return _mm256_cvttpd_epi32(x);
  /* uint32: truncate, move [0, 2^32) to the int32 range (exact on integers), flip bit 31 back */
  x = _mm256_sub_pd(_mm256_round_pd(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC), _mm256_set1_pd(2147483648.0));
  return _mm_xor_si128(_mm256_cvttpd_epi32(x), _mm_set1_epi32(INT32_MIN));
}

/* 4 float64 -> int64 / uint64 lanes. No 64-bit cvtt in AVX2: |x| truncated from
 * its bits, the mantissa (implicit 1 set) shifted by exponent - 1075 (sllv/srlv
 * give 0 for counts >= 64, which the "negative" one always is); then the sign,
 * and the out-of-range and NaN lanes by compares. */
static inline __attribute__((always_inline)) __m256i tl__fq_pd(__m256d x, int sg) {
  const __m256i u = _mm256_castpd_si256(x), bias = _mm256_set1_epi64x(1075);
  __m256i e = _mm256_and_si256(_mm256_srli_epi64(u, 52), _mm256_set1_epi64x(0x7FF));
  __m256i m = _mm256_or_si256(_mm256_and_si256(u, _mm256_set1_epi64x(0xFFFFFFFFFFFFFll)),
                              _mm256_set1_epi64x(1ll << 52));
  __m256i mag = _mm256_or_si256(_mm256_sllv_epi64(m, _mm256_sub_epi64(e, bias)),
                                _mm256_srlv_epi64(m, _mm256_sub_epi64(bias, e)));
  if (!sg) { /* x <= 0 and NaN -> 0 (the GT compare is false), x >= 2^64 -> all ones */
    __m256i r = _mm256_and_si256(mag, _mm256_castpd_si256(_mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_GT_OQ)));
    return _mm256_or_si256(r, _mm256_castpd_si256(_mm256_cmp_pd(x, _mm256_set1_pd(18446744073709551616.0), _CMP_GE_OQ)));
  }
  __m256i s = _mm256_cmpgt_epi64(_mm256_setzero_si256(), u); /* all ones where the sign is set */
  __m256i r = _mm256_sub_epi64(_mm256_xor_si256(mag, s), s);
  r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(INT64_MAX),
                         _mm256_castpd_si256(_mm256_cmp_pd(x, _mm256_set1_pd(9223372036854775808.0), _CMP_GE_OQ)));
  r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(INT64_MIN),
                         _mm256_castpd_si256(_mm256_cmp_pd(x, _mm256_set1_pd(-9223372036854775808.0), _CMP_LT_OQ)));
  return _mm256_andnot_si256(_mm256_castpd_si256(_mm256_cmp_pd(x, x, _CMP_UNORD_Q)), r);
}

/* One block: 32 / D source elements -> 32 bytes of D-byte integers of `bits` bits. */
static inline __attribute__((always_inline)) __m256i tl__fi_blk(const char *sp, int S, int D, int bits, int sg) {
#define LPS(k) _mm256_loadu_ps((const float *)(const void *)sp + 8 * (k))
#define LPD(k) _mm256_loadu_pd((const double *)(const void *)sp + 4 * (k))
  __m256i r;
  if (D == 8) return tl__fq_pd(S == 4 ? _mm256_cvtps_pd(_mm_loadu_ps((const float *)(const void *)sp)) : LPD(0), sg);
  if (D == 4) return S == 4 ? tl__fi_ps(LPS(0), bits, sg) : _mm256_set_m128i(tl__fi_pd(LPD(1), bits, sg), tl__fi_pd(LPD(0), bits, sg));
  if (S == 4 && D == 2) { /* packs work within 128-bit lanes: put the quadwords back in order */
    __m256i a = tl__fi_ps(LPS(0), bits, sg), b = tl__fi_ps(LPS(1), bits, sg);
    return _mm256_permute4x64_epi64(sg ? _mm256_packs_epi32(a, b) : _mm256_packus_epi32(a, b), 0xD8);
  }
  if (D == 2) {
    __m128i q[4];
    for (int k = 0; k < 4; k++) q[k] = tl__fi_pd(LPD(k), bits, sg);
    return sg ? _mm256_set_m128i(_mm_packs_epi32(q[2], q[3]), _mm_packs_epi32(q[0], q[1]))
              : _mm256_set_m128i(_mm_packus_epi32(q[2], q[3]), _mm_packus_epi32(q[0], q[1]));
  }
  if (S == 4) { /* D == 1 (8-bit values fit int16) */
    __m256i a = tl__fi_ps(LPS(0), bits, sg), b = tl__fi_ps(LPS(1), bits, sg);
    __m256i c = tl__fi_ps(LPS(2), bits, sg), d = tl__fi_ps(LPS(3), bits, sg);
    __m256i p = _mm256_packs_epi32(a, b), q = _mm256_packs_epi32(c, d);
    r = sg ? _mm256_packs_epi16(p, q) : _mm256_packus_epi16(p, q);
    r = _mm256_permutevar8x32_epi32(r, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
  } else {
    __m128i q[8], p[4];
    for (int k = 0; k < 8; k++) q[k] = tl__fi_pd(LPD(k), bits, sg);
    for (int k = 0; k < 4; k++) p[k] = _mm_packs_epi32(q[2 * k], q[2 * k + 1]);
    r = sg ? _mm256_set_m128i(_mm_packs_epi16(p[2], p[3]), _mm_packs_epi16(p[0], p[1]))
           : _mm256_set_m128i(_mm_packus_epi16(p[2], p[3]), _mm_packus_epi16(p[0], p[1]));
  }
  if (sg && bits < 8) r = _mm256_and_si256(r, _mm256_set1_epi8((char)((1 << bits) - 1)));
  return r;
#undef LPS
#undef LPD
}

static inline __attribute__((always_inline)) void tl__fi_run(tl_dtype from, tl_dtype to, int S, int D, int bits,
                                                             int sg, const void *sv, void *dv, size_t n) {
  const char *s = sv;
  char *d = dv;
  int nt = 0;
  const size_t step = 32 / (size_t)D;
  size_t i = tl__nt_head(from, to, s, d, n, (size_t)S, (size_t)D, &nt);
  for (; i + step <= n; i += step) tl__st32(d + i * (size_t)D, tl__fi_blk(s + i * (size_t)S, S, D, bits, sg), nt);
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * (size_t)S, S, to, d + i * (size_t)D, D, n - i, 0);
}

#define TL__FI(NAME, FT, TT, S, D, BITS, SG) \
  static void k_##NAME(const void *s, void *d, size_t n) { tl__fi_run(FT, TT, S, D, BITS, SG, s, d, n); }
TL__F2I_DSTS(TL__FI, f32, TL_FLOAT32, 4)
TL__F2I_DSTS(TL__FI, f64, TL_FLOAT64, 8)

static tl__contig_fn tl__f2i_kernel(tl_dtype from, tl_dtype to) {
#define TL__FI_ENT(NAME, FT, TT, S, D, BITS, SG) [TT] = k_##NAME,
  static const tl__contig_fn k[2][TL_UINT64 + 1] = {{TL__F2I_DSTS(TL__FI_ENT, f32, TL_FLOAT32, 4)},
                                                    {TL__F2I_DSTS(TL__FI_ENT, f64, TL_FLOAT64, 8)}};
#undef TL__FI_ENT
  if ((from != TL_FLOAT32 && from != TL_FLOAT64) || to > TL_UINT64) return NULL;
  return k[from == TL_FLOAT64][to]; /* NULL for bool */
}
/* A contiguous kernel: STEP elements per body (sp/dp point at the block),
 * unrolled by 4; streaming stores (tl__st32 with nt) when a body writes whole
 * 32-byte vectors; the tail goes to the scalar engine. */
#define TL__K(NAME, FROM, TO, S, D, STEP, ...)                                          \
  static void NAME(const void *sv, void *dv, size_t n) {                               \
    const char *s = sv;                                                                \
    char *d = dv;                                                                      \
    int nt = 0;                                                                        \
    size_t i = 0;                                                                      \
    if ((STEP) * (D) >= 32) i = tl__nt_head(FROM, TO, s, d, n, S, D, &nt);             \
    for (; i + 4 * (size_t)(STEP) <= n; i += 4 * (size_t)(STEP))                       \
      for (size_t u = 0; u < 4; u++) {                                                 \
        const char *sp = s + (i + u * (STEP)) * (S);                                   \
        char *dp = d + (i + u * (STEP)) * (D);                                         \
        __VA_ARGS__;                                                                   \
      }                                                                                \
    for (; i + (STEP) <= n; i += (STEP)) {                                             \
      const char *sp = s + i * (S);                                                    \
      char *dp = d + i * (D);                                                          \
      __VA_ARGS__;                                                                     \
    }                                                                                  \
    if (nt) _mm_sfence();                                                              \
    (void)nt;                                                                          \
    if (i < n)                                                                         \
      tl__convert_generic(FROM, s + i * (S), S, TO, d + i * (D), D, n - i, 0);         \
  }

/* ---- complex (rules: tl__nan_out, tl__encode) --------------------------------
 * complex -> its component type is the real part, bits copied (NaN payloads
 * are kept for these three pairs): a deinterleave. A real value in the
 * component type -> complex is (x, +0.0), bits copied for float32/float64;
 * float16 -> complex32 canonicalises NaN to sign | 0x7E00. Other complex <->
 * real pairs are chains through these (convert_plan.c). */
#define TL__L32(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define TL__LPD(p) _mm256_loadu_pd((const double *)(const void *)(p))
TL__K(re_c64, TL_COMPLEX64, TL_FLOAT32, 8, 4, 8, tl__st32(dp, _mm256_castps_si256(tl__re_c64(sp)), nt))
TL__K(re_c128, TL_COMPLEX128, TL_FLOAT64, 16, 8, 4, tl__st32(dp, _mm256_castpd_si256(tl__re_c128(sp)), nt))
/* low halves of the 32-bit lanes, packed (exact after the mask), lanes in order */
TL__K(re_c32, TL_COMPLEX32, TL_FLOAT16, 4, 2, 16, tl__st32(dp, _mm256_permute4x64_epi64(_mm256_packus_epi32(_mm256_and_si256(TL__L32(sp), _mm256_set1_epi32(0xFFFF)), _mm256_and_si256(TL__L32(sp + 32), _mm256_set1_epi32(0xFFFF))), 0xD8), nt))
TL__K(mk_c64, TL_FLOAT32, TL_COMPLEX64, 4, 8, 4, tl__st32(dp, _mm256_cvtepu32_epi64(TL__L16(sp)), nt))
/* (x0 x1) -> (x0 x0 x1 x1) -> (x0 0 x1 0) */
TL__K(mk_c128, TL_FLOAT64, TL_COMPLEX128, 8, 16, 2, tl__st32(dp, _mm256_castpd_si256(_mm256_blend_pd(_mm256_permute4x64_pd(_mm256_castpd128_pd256(_mm_loadu_pd((const double *)(const void *)sp)), 0x50), _mm256_setzero_pd(), 0xA)), nt))
TL__K(mk_c32, TL_FLOAT16, TL_COMPLEX32, 2, 4, 8, tl__st32(dp, _mm256_cvtepu16_epi32(tl__canon_h8(TL__L16(sp))), nt))

/* complex -> complex: the component conversion on 2n components. Its NaN rule
 * is the real pair's except into complex32 (canonical NaN: the templates with
 * `to` complex32). The pairs that saturate differently (from complex128,
 * into complex32) have no saturating kernel. */
static void k_c64_c128(const void *s, void *d, size_t n) { k_f32_f64(s, d, 2 * n); }
static void k_c128_c64(const void *s, void *d, size_t n) { k_f64_f32(s, d, 2 * n); }
static void k_c32_c64(const void *s, void *d, size_t n) { k_f16_f32(s, d, 2 * n); }
static void k_c32_c128(const void *s, void *d, size_t n) { k_f16_f64(s, d, 2 * n); }
static void k_c64_c32(const void *s, void *d, size_t n) { tl__f32_f16(TL_COMPLEX64, TL_COMPLEX32, s, d, 2 * n); }
static void k_c128_c32(const void *s, void *d, size_t n) { tl__f64_f16(TL_COMPLEX128, TL_COMPLEX32, s, d, 2 * n); }

/* complex -> bool: true when either part is nonzero (NaN included), i.e. its
 * bits without the sign are. 16 elements per body: a mask of the zero ones,
 * then bit k -> byte k. */
static inline __m128i tl__bits_to_bytes(unsigned m) {
  __m128i v = _mm_shuffle_epi8(_mm_cvtsi32_si128((int)m), _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1));
  v = _mm_and_si128(v, _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128));
  return _mm_min_epu8(v, _mm_set1_epi8(1));
}
static inline unsigned tl__z8_c32(const char *p) { /* 8 complex32: bit k set when element k is zero */
  __m256i a = _mm256_and_si256(TL__L32(p), _mm256_set1_epi32(0x7FFF7FFF));
  return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, _mm256_setzero_si256())));
}
static inline unsigned tl__z4_c64(const char *p) {
  __m256i a = _mm256_and_si256(TL__L32(p), _mm256_set1_epi64x(0x7FFFFFFF7FFFFFFFll));
  return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(a, _mm256_setzero_si256())));
}
static inline unsigned tl__z4_c128(const char *p) {
  __m256d a = TL__LPD(p), b = TL__LPD(p + 32); /* (r0 i0 | r1 i1), (r2 i2 | r3 i3) */
  __m256i o = _mm256_castpd_si256(_mm256_or_pd(_mm256_unpacklo_pd(a, b), _mm256_unpackhi_pd(a, b)));
  o = _mm256_and_si256(o, _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll)); /* elements 0 2 | 1 3 */
  unsigned z = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(o, _mm256_setzero_si256())));
  return (z & 9u) | (z & 2u) << 1 | (z & 4u) >> 1;
}
#define TL__S16(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
TL__K(b_c32, TL_COMPLEX32, TL_BOOL, 4, 1, 16, TL__S16(dp, tl__bits_to_bytes(~(tl__z8_c32(sp) | tl__z8_c32(sp + 32) << 8))))
TL__K(b_c64, TL_COMPLEX64, TL_BOOL, 8, 1, 16, TL__S16(dp, tl__bits_to_bytes(~(tl__z4_c64(sp) | tl__z4_c64(sp + 32) << 4 | tl__z4_c64(sp + 64) << 8 | tl__z4_c64(sp + 96) << 12))))
TL__K(b_c128, TL_COMPLEX128, TL_BOOL, 16, 1, 16, TL__S16(dp, tl__bits_to_bytes(~(tl__z4_c128(sp) | tl__z4_c128(sp + 64) << 4 | tl__z4_c128(sp + 128) << 8 | tl__z4_c128(sp + 192) << 12))))

static void k_copy1(const void *s, void *d, size_t n) { memcpy(d, s, n); }
static void k_copy2(const void *s, void *d, size_t n) { memcpy(d, s, 2 * n); }
static void k_copy4(const void *s, void *d, size_t n) { memcpy(d, s, 4 * n); }
static void k_copy8(const void *s, void *d, size_t n) { memcpy(d, s, 8 * n); }

static int tl__lg(int sz) { return sz == 1 ? 0 : sz == 2 ? 1 : sz == 4 ? 2 : 3; }
static int tl__is_nint(tl_dtype d) { return (d >= TL_INT8 && d <= TL_INT64) || (d >= TL_UINT8 && d <= TL_UINT64); }

static tl__contig_fn tl__int_kernel(tl_dtype from, tl_dtype to) {
  static const tl__contig_fn wid[2][4][4] = {
      {{NULL, w_u8_u16, w_u8_u32, w_u8_u64}, {NULL, NULL, w_u16_u32, w_u16_u64}, {NULL, NULL, NULL, w_u32_u64}, {NULL}},
      {{NULL, w_i8_i16, w_i8_i32, w_i8_i64}, {NULL, NULL, w_i16_i32, w_i16_i64}, {NULL, NULL, NULL, w_i32_i64}, {NULL}}};
  static const tl__contig_fn cpy[4] = {k_copy1, k_copy2, k_copy4, k_copy8};
  static const tl__contig_fn tof[2][2][2] = {{{f_u8_f32, f_u16_f32}, {f_i8_f32, f_i16_f32}},
                                             {{f_u8_f64, f_u16_f64}, {f_i8_f64, f_i16_f64}}};
  if (!tl__is_nint(from)) return NULL;
  int ls = tl__lg(tl__info(from)->itemsize), sg = from <= TL_INT64;
  if ((to == TL_FLOAT32 || to == TL_FLOAT64) && ls < 2) return tof[to == TL_FLOAT64][sg][ls];
  if (!tl__is_nint(to)) return NULL;
  int ld = tl__lg(tl__info(to)->itemsize);
  if (ls == ld) return cpy[ls];
  return ls < ld ? wid[sg][ls][ld] : NULL;
}

/* Is any element of a float16/bfloat16/float32/float64 (or complex) buffer a
 * NaN? The chained conversions (convert_plan.c) scan each block with it. */
int tl__avx2_has_nan(tl_dtype d, const void *buf, size_t n) {
  tl_dtype c = tl__info(d)->component != TL_DTYPE_NONE ? tl__info(d)->component : d;
  size_t m = n * (c != d ? 2 : 1), i = 0;
  if (c == TL_FLOAT32) {
    const float *f = buf;
    __m256 acc = _mm256_setzero_ps();
    for (; i + 8 <= m; i += 8) {
      __m256 v = _mm256_loadu_ps(f + i);
      acc = _mm256_or_ps(acc, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    }
    if (_mm256_movemask_ps(acc)) return 1;
    for (; i < m; i++)
      if (f[i] != f[i]) return 1;
    return 0;
  }
  if (c == TL_FLOAT64) {
    const double *f = buf;
    __m256d acc = _mm256_setzero_pd();
    for (; i + 4 <= m; i += 4) {
      __m256d v = _mm256_loadu_pd(f + i);
      acc = _mm256_or_pd(acc, _mm256_cmp_pd(v, v, _CMP_UNORD_Q));
    }
    if (_mm256_movemask_pd(acc)) return 1;
    for (; i < m; i++)
      if (f[i] != f[i]) return 1;
    return 0;
  }
  if (c == TL_FLOAT16 || c == TL_BFLOAT16) {
    const uint16_t *h = buf;
    const int16_t lim = (int16_t)(c == TL_FLOAT16 ? 0x7C00 : 0x7F80);
    const __m256i mag = _mm256_set1_epi16(0x7FFF), l = _mm256_set1_epi16(lim);
    __m256i acc = _mm256_setzero_si256();
    for (; i + 16 <= m; i += 16) {
      __m256i a = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(const void *)(h + i)), mag);
      acc = _mm256_or_si256(acc, _mm256_cmpgt_epi16(a, l));
    }
    if (!_mm256_testz_si256(acc, acc)) return 1;
    for (; i < m; i++)
      if ((int16_t)(h[i] & 0x7FFF) > lim) return 1;
    return 0;
  }
  return 1; /* other formats: the caller checks element by element */
}

void tl__avx2_lut8_32(const uint32_t *table, const uint8_t *src, uint32_t *dst, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m128i b = _mm_loadu_si128((const __m128i *)(src + i));
    __m256i lo = _mm256_cvtepu8_epi32(b), hi = _mm256_cvtepu8_epi32(_mm_srli_si128(b, 8));
    _mm256_storeu_si256((__m256i *)(dst + i), _mm256_i32gather_epi32((const int *)table, lo, 4));
    _mm256_storeu_si256((__m256i *)(dst + i + 8), _mm256_i32gather_epi32((const int *)table, hi, 4));
  }
  for (; i < n; i++) memcpy(dst + i, table + src[i], 4); /* dst may be misaligned */
}

tl__contig_fn tl__avx2_kernel(tl_dtype from, tl_dtype to, int sat) {
#define P(F, T) (((int)(F) << 8) | (int)(T))
  switch (P(from, to)) {
  case P(TL_FLOAT32, TL_FLOAT16): return sat ? NULL : k_f32_f16;
  case P(TL_FLOAT16, TL_FLOAT32): return k_f16_f32;
  case P(TL_FLOAT16, TL_FLOAT64): return k_f16_f64;
  case P(TL_FLOAT32, TL_BFLOAT16): return sat ? NULL : k_f32_bf16;
  case P(TL_BFLOAT16, TL_FLOAT32): return k_bf16_f32;
  case P(TL_FLOAT64, TL_FLOAT32): return sat ? NULL : k_f64_f32;
  case P(TL_FLOAT32, TL_FLOAT64): return k_f32_f64;
  case P(TL_FLOAT64, TL_FLOAT16): return sat ? NULL : k_f64_f16;
  case P(TL_FLOAT64, TL_BFLOAT16): return sat ? NULL : k_f64_bf16;
  case P(TL_COMPLEX64, TL_FLOAT32): return re_c64;
  case P(TL_COMPLEX128, TL_FLOAT64): return re_c128;
  case P(TL_COMPLEX32, TL_FLOAT16): return re_c32;
  case P(TL_FLOAT32, TL_COMPLEX64): return mk_c64;
  case P(TL_FLOAT64, TL_COMPLEX128): return mk_c128;
  case P(TL_FLOAT16, TL_COMPLEX32): return mk_c32;
  case P(TL_COMPLEX64, TL_COMPLEX128): return k_c64_c128;
  case P(TL_COMPLEX128, TL_COMPLEX64): return sat ? NULL : k_c128_c64;
  case P(TL_COMPLEX32, TL_COMPLEX64): return k_c32_c64;
  case P(TL_COMPLEX32, TL_COMPLEX128): return k_c32_c128;
  case P(TL_COMPLEX64, TL_COMPLEX32): return sat ? NULL : k_c64_c32;
  case P(TL_COMPLEX128, TL_COMPLEX32): return sat ? NULL : k_c128_c32;
  case P(TL_COMPLEX32, TL_BOOL): return b_c32;
  case P(TL_COMPLEX64, TL_BOOL): return b_c64;
  case P(TL_COMPLEX128, TL_BOOL): return b_c128;
  case P(TL_INT32, TL_FLOAT32): return k_i32_f32;
  case P(TL_INT32, TL_FLOAT64): return k_i32_f64;
#define N8(TAG, FT)                                                                      \
  case P(FT, TL_FLOAT8_E4M3FN): return sat ? k_##TAG##_e4m3fn_s : k_##TAG##_e4m3fn;        \
  case P(FT, TL_FLOAT8_E5M2): return sat ? k_##TAG##_e5m2_s : k_##TAG##_e5m2;              \
  case P(FT, TL_FLOAT8_E4M3): return sat ? k_##TAG##_e4m3_s : k_##TAG##_e4m3;              \
  case P(FT, TL_FLOAT8_E3M4): return sat ? k_##TAG##_e3m4_s : k_##TAG##_e3m4;              \
  case P(FT, TL_FLOAT8_E4M3FNUZ): return sat ? k_##TAG##_e4m3fnuz_s : k_##TAG##_e4m3fnuz;  \
  case P(FT, TL_FLOAT8_E4M3B11FNUZ): return sat ? k_##TAG##_b11_s : k_##TAG##_b11;         \
  case P(FT, TL_FLOAT8_E5M2FNUZ): return sat ? k_##TAG##_e5m2fnuz_s : k_##TAG##_e5m2fnuz;  \
  case P(FT, TL_FLOAT6_E2M3FN): return sat ? k_##TAG##_f6a_s : k_##TAG##_f6a;              \
  case P(FT, TL_FLOAT6_E3M2FN): return sat ? k_##TAG##_f6b_s : k_##TAG##_f6b;              \
  case P(FT, TL_FLOAT4_E2M1FN): return sat ? k_##TAG##_f4_s : k_##TAG##_f4;
    N8(f32, TL_FLOAT32)
    N8(f64, TL_FLOAT64)
    N8(c64, TL_COMPLEX64)
    N8(c128, TL_COMPLEX128)
#undef N8
  default: {
    tl__contig_fn f = tl__f2i_kernel(from, to);
    return f ? f : tl__int_kernel(from, to);
  }
  }
#undef P
}

#elif defined(TL_HAVE_X86)
tl__contig_fn tl__avx2_kernel(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return NULL;
}
int tl__avx2_has_nan(tl_dtype d, const void *buf, size_t n) {
  (void)d, (void)buf, (void)n;
  return 1;
}
#endif
