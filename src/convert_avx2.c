/* convert_avx2.c — AVX2 + F16C contiguous conversion kernels. Compiled with
 * -mavx2 -mfma -mf16c -mbmi2 (CMake, by file name) and only called after CPUID
 * said so. Every kernel is bit-identical to the scalar engine: blocks that
 * contain a NaN (whose payload rules are pair-specific) are handed to the
 * scalar engine, unless the rule is a copy or a canonical NaN (complex), which
 * the kernel does in register; tails likewise. The kernels rely on the default
 * MXCSR (round to nearest, no FTZ/DAZ), which tl_convert installs for the call
 * (tl__fpenv_enter, internal.h) whatever the caller's. */
#include "convert_internal.h"

#include <stdatomic.h>
#include <stdlib.h>

#if defined(TL_HAVE_X86) && defined(__x86_64__)
#include <immintrin.h>

#define TL__TAIL(FROM, TO, SRC, DST, I, N)                                               \
  do {                                                                                  \
    if ((I) < (N))                                                                      \
      tl__convert_generic(FROM, (const char *)((SRC) + (I)), tl__info(FROM)->itemsize, TO, \
                          (char *)((DST) + (I)), tl__info(TO)->itemsize, (N) - (I), 0);  \
  } while (0)

/* Streaming stores for outputs of >= TL__NT_MIN bytes (convert_internal.h;
   past the last-level cache): the destination aligned by a short scalar head. */

/* The head that aligns the destination for streaming stores (when the output
 * is >= TL__NT_MIN, or source and output together >= 2 TL__NT_MIN: past the
 * last-level cache either way), converted by the scalar engine with the call's flags: the
 * index to start at; *nt: whether to stream. tl__nt_head: pairs that cannot
 * overflow (flags 0). */
static size_t tl__nt_head_f(tl_dtype from, tl_dtype to, const char *s, char *d, size_t n, size_t S, size_t D,
                            unsigned flags, int *nt) {
  *nt = 0;
  if ((D * n < TL__NT_MIN && (S + D) * n < 2 * TL__NT_MIN) || (uintptr_t)d % D != 0 || tl__nt_off) return 0;
  size_t h = ((64 - ((uintptr_t)d & 63)) & 63) / D;
  if (h) tl__convert_generic(from, s, (ptrdiff_t)S, to, d, (ptrdiff_t)D, h, flags);
  *nt = 1;
  return h;
}
static size_t tl__nt_head(tl_dtype from, tl_dtype to, const char *s, char *d, size_t n, size_t S, size_t D, int *nt) {
  return tl__nt_head_f(from, to, s, d, n, S, D, 0, nt);
}

/* Software prefetch (tl__pf, convert_internal.h) in runs past the caches:
 * tl__pf_on gives the distance when the run streams its stores (nt) or is a
 * piece of tl__run_streams's, else 0. */
static inline size_t tl__pf_on(int nt) { return nt || tl__nt_off ? TL__PF_AHEAD : 0; }
/* The same for a pair: a complex source read at 8x or more the bytes it
 * writes (complex64 -> 1-byte outputs, complex128 -> 1- and 2-byte), whose
 * loop does little but read, asks for its lines 1 KiB ahead, not 4 (AVX2 on
 * Zen 3, 64 MiB, builds differing only in the distance, in alternation, 9
 * rounds: complex64 -> 1-byte outputs median 1.08x over 28 pairs,
 * complex128 1.10x over 32; a control of two identical builds 0.99-1.01x,
 * single pairs moving 0.85-1.2x either way; 1 KiB for every pair: int64 /
 * uint64 sources 1.00-1.02x, float64 -> float8 0.88-0.97x, the pairs
 * reading 4x or less median 1.00x (0.86-1.25) on 120 others). On Zen 4
 * (AVX2, 64 MiB, in alternation) 512 B, 2 KiB and 4 KiB against 1 KiB for
 * complex128 -> uint8 / float8_e5m2 / float8_e5m2fnuz moved 0.96-1.07x, the
 * same as two runs of one build; and TL__PF_AHEAD at 8 KiB for every pair
 * lost on the 1-byte sources (float8_e4m3 -> float8_e3m4, float8_e4m3fn ->
 * uint8, int8 -> float8_e5m2, bfloat16 -> float6_e2m3fn: 0.75-0.99x). */
static inline size_t tl__pf_for(tl_dtype from, tl_dtype to, int nt) {
  const size_t pf = tl__pf_on(nt);
  return pf && (from == TL_COMPLEX64 || from == TL_COMPLEX128) && tl__csz(from) >= 8 * tl__csz(to) ? pf / 4 : pf;
}

/* The 1-byte sources' loops (never cut into streams: only their streaming
 * runs prefetch) as TL__NT_SPLIT's two copies, chosen by NT: with a run-time
 * pf their in-cache loops lost the compiler's unswitching and ran up to 3x
 * slower (int2 -> float8_e5m2, 32 KiB: 0.85 -> 0.27x memcpy). */
#define TL__NT_PF(NT, ...) TL__NT_SPLIT(NT, TL__PF_AHEAD, __VA_ARGS__)

static inline void tl__st32(char *p, __m256i v, int nt) {
  if (nt) _mm256_stream_si256((__m256i *)(void *)p, v);
  else _mm256_storeu_si256((__m256i *)(void *)p, v);
}
static inline void tl__st16(void *p, __m128i v, int nt) {
  if (nt) _mm_stream_si128((__m128i *)p, v);
  else _mm_storeu_si128((__m128i *)p, v);
}

/* Widening stores by in-lane unpacks, not VPMOVSX/ZX from extracted halves:
 * on Zen 3 those cross lanes and cost up to a third of a kernel's time
 * (the figures at their callers). The sign is a compare against zero (not
 * shifts, which share the shuffles' pipes); without SG, zero. */
static inline __attribute__((always_inline)) __m256i tl__neg_w(__m256i v, int W) { /* lanes of W bytes below zero */
  const __m256i z = _mm256_setzero_si256();
  return W == 1 ? _mm256_cmpgt_epi8(z, v) : W == 2 ? _mm256_cmpgt_epi16(z, v) : _mm256_cmpgt_epi32(z, v);
}
static inline __attribute__((always_inline)) __m256i tl__unpack_w(__m256i a, __m256i b, int W, int hi) {
  if (W == 1) return hi ? _mm256_unpackhi_epi8(a, b) : _mm256_unpacklo_epi8(a, b);
  if (W == 2) return hi ? _mm256_unpackhi_epi16(a, b) : _mm256_unpacklo_epi16(a, b);
  return hi ? _mm256_unpackhi_epi32(a, b) : _mm256_unpacklo_epi32(a, b);
}
/* v's 32 / W elements of W bytes (1, 2, 4) in element order, sign- (SG) or
   zero-extended to 2W bytes: 64 bytes at o (one VPERMQ, two unpacks) */
static inline __attribute__((always_inline)) void tl__st_x2(char *o, __m256i v, int W, int SG, int nt) {
  const __m256i q = _mm256_permute4x64_epi64(v, 0xD8), e = SG ? tl__neg_w(q, W) : _mm256_setzero_si256();
  tl__st32(o, tl__unpack_w(q, e, W, 0), nt);
  tl__st32(o + 32, tl__unpack_w(q, e, W, 1), nt);
}
/* v's elements of W bytes (1, 2), its dwords in the order 0 2 4 6 1 3 5 7
   (a VPERMD by the caller, or of a lookup's indexes), sign- (SG) or
   zero-extended to 4W bytes by two rounds of unpacks: 128 bytes at o in
   element order. UP: the first round puts each element in the upper half
   with zero below (a byte at byte 1 of 4) */
static inline __attribute__((always_inline)) void tl__st_x4o(char *o, __m256i v, int W, int SG, int UP, int nt) {
  const __m256i z = _mm256_setzero_si256(), e = SG ? tl__neg_w(v, W) : z;
  for (int h = 0; h < 2; h++) {
    const __m256i w = UP ? tl__unpack_w(z, v, W, h) : tl__unpack_w(v, e, W, h);
    const __m256i e2 = SG ? tl__neg_w(w, 2 * W) : z;
    tl__st32(o + 64 * h, tl__unpack_w(w, e2, 2 * W, 0), nt);
    tl__st32(o + 64 * h + 32, tl__unpack_w(w, e2, 2 * W, 1), nt);
  }
}

#define TL__L32(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))

/* A vector constant made opaque to GCC (an empty asm that may change it),
   set once before a loop: where the loop runs out of vector registers GCC
   then keeps it in memory, one load folded into its use, instead of
   rebuilding it from an immediate (mov, vmovd, vpbroadcast) every step, as
   profiles of the slower kernels showed (3-19% of their time). */
static inline __attribute__((always_inline)) __m256i tl__opq(__m256i v) {
  __asm__("" : "+x"(v));
  return v;
}
static inline __attribute__((always_inline)) __m128i tl__opq128(__m128i v) {
  __asm__("" : "+x"(v));
  return v;
}

/* ---- float32 <-> float16 ------------------------------------------------- */
/* float16 NaN lanes -> sign | 0x7E00 (complex32: ml_dtypes goes through Eigen::half). */
static inline __m128i tl__canon_h8(__m128i h) {
  __m128i nan = _mm_cmpgt_epi16(_mm_and_si128(h, _mm_set1_epi16(0x7FFF)), _mm_set1_epi16(0x7C00));
  return _mm_blendv_epi8(h, _mm_or_si128(_mm_and_si128(h, _mm_set1_epi16((short)0x8000)), _mm_set1_epi16(0x7E00)), nan);
}

/* 8 32-bit all-ones/zero masks -> 8 16-bit ones */
static inline __m128i tl__m16(__m256i m) {
  return _mm_packs_epi32(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
}
/* float32 bits -> float16 (RNE); with sat, finite values that round to inf
 * give +-0x7BFF (a NaN comes out as VCVTPS2PH makes it: no inf, no change). */
static inline __m128i tl__f16_8(__m256i u, int sat) {
  __m128i h = _mm256_cvtps_ph(_mm256_castsi256_ps(u), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  if (sat) {
    __m256i fin = _mm256_cmpgt_epi32(_mm256_set1_epi32(0x7F800000), _mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF)));
    __m128i o = _mm_and_si128(_mm_cmpeq_epi16(_mm_and_si128(h, _mm_set1_epi16(0x7FFF)), _mm_set1_epi16(0x7C00)), tl__m16(fin));
    h = _mm_add_epi16(h, o);
  }
  return h;
}
/* float32 -> float16 on n components. `to` float16: a block with a NaN goes to
 * the scalar engine (NumPy keeps the payload); `to` complex32 (from complex64,
 * n = 2 x elements): the hardware NaN (a NaN, sign kept) is made canonical in
 * register, and the tail is converted as complex elements. */
/* 32 components from i while no NaN among them (canon: any), nt a constant;
   returns where it stopped */
static inline __attribute__((always_inline)) size_t tl__f32_f16_32(int canon, int sat, const float *s, uint16_t *d,
                                                                   size_t i, size_t n, int nt, size_t pf) {
  for (; i + 32 <= n; i += 32) {
    tl__pf(pf, s + i, 128);
    __m256i u[4];
    for (int k = 0; k < 4; k++) u[k] = TL__L32(s + i + 8 * k);
    /* a NaN: an unordered compare of two vectors finds one in either (in place of a mask and a max of each and a
       compare: AVX2 on Zen 5, 32 KiB, x memcpy: 0.43 -> 0.54, 1.20x in alternation); into complex32 only a block
       with one is made canonical (0.29 -> 0.46; 1.56x in alternation, saturating 1.42x) */
    const __m256 q0 = _mm256_cmp_ps(_mm256_castsi256_ps(u[0]), _mm256_castsi256_ps(u[1]), _CMP_UNORD_Q);
    const __m256 q1 = _mm256_cmp_ps(_mm256_castsi256_ps(u[2]), _mm256_castsi256_ps(u[3]), _CMP_UNORD_Q);
    const int nan = !_mm256_testz_ps(_mm256_or_ps(q0, q1), _mm256_or_ps(q0, q1));
    if (!canon && nan) break;
    for (int k = 0; k < 4; k++) {
      const __m128i h = tl__f16_8(u[k], sat);
      tl__st16(d + i + 8 * k, canon && nan ? tl__canon_h8(h) : h, nt);
    }
  }
  return i;
}
/* float32 -> float16 on n components. `to` float16: a block with a NaN goes to
 * the scalar engine (NumPy keeps the payload); `to` complex32 (from complex64,
 * n = 2 x elements): the hardware NaN (a NaN, sign kept) is made canonical in
 * register, and the tail is converted as complex elements. 32 a step, the
 * scalar call outside the loop (8 a step with a NaN test each: 0.41 -> 0.66x
 * memcpy, 32 KiB, in alternation). */
static inline __attribute__((always_inline)) void tl__f32_f16(tl_dtype from, tl_dtype to, int sat, const float *s,
                                                              uint16_t *d, size_t n) {
  const int canon = to == TL_COMPLEX32, per = canon ? 2 : 1;
  int ntr; /* the head in elements (complex: 2 components each) */
  size_t i = (size_t)per * tl__nt_head_f(from, to, (const char *)s, (char *)d, n / (size_t)per, 4 * (size_t)per,
                                         2 * (size_t)per, sat ? TL_CONVERT_SATURATE : 0, &ntr);
  const size_t pf = tl__pf_on(ntr);
  while (i + 32 <= n) {
    i = ntr ? tl__f32_f16_32(canon, sat, s, d, i, n, 1, pf) : tl__f32_f16_32(canon, sat, s, d, i, n, 0, pf);
    if (i + 32 <= n) { /* a NaN among these 32 (not canon: complex elements never split) */
      tl__convert_generic(from, (const char *)(s + i), 4, to, (char *)(d + i), 2, 32, sat ? TL_CONVERT_SATURATE : 0);
      i += 32;
    }
  }
  for (; i + 8 <= n; i += 8) {
    __m256 v = _mm256_loadu_ps(s + i);
    if (!canon && _mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q))) {
      tl__convert_generic(from, (const char *)(s + i), 4, to, (char *)(d + i), 2, 8, sat ? TL_CONVERT_SATURATE : 0);
      continue;
    }
    __m128i h = tl__f16_8(_mm256_castps_si256(v), sat);
    tl__st16(d + i, canon ? tl__canon_h8(h) : h, ntr);
  }
  if (ntr) _mm_sfence();
  if (i < n)
    tl__convert_generic(from, (const char *)(s + i), 4 * per, to, (char *)(d + i), 2 * per, (n - i) / (size_t)per,
                        sat ? TL_CONVERT_SATURATE : 0);
}
static void k_f32_f16(const void *s, void *d, size_t n) { tl__f32_f16(TL_FLOAT32, TL_FLOAT16, 0, s, d, n); }

static inline int tl__h_has_nan(__m128i h) {
  __m128i a = _mm_and_si128(h, _mm_set1_epi16(0x7FFF));
  return _mm_movemask_epi8(_mm_cmpgt_epi16(a, _mm_set1_epi16(0x7C00))) != 0;
}

/* 32 float16 from i -> float32 (D 4) or float64 (D 8) while no NaN among
   them, nt a constant; returns where it stopped */
static inline __attribute__((always_inline)) size_t tl__h2w_32(int D, const uint16_t *s, char *d, size_t i, size_t n,
                                                               int nt) {
  const __m256i m = _mm256_set1_epi16(0x7FFF);
  for (; i + 32 <= n; i += 32) {
    const __m256i a = TL__L32(s + i), b = TL__L32(s + i + 16);
    const __m256i mx = _mm256_max_epi16(_mm256_and_si256(a, m), _mm256_and_si256(b, m));
    if (_mm256_movemask_epi8(_mm256_cmpgt_epi16(mx, _mm256_set1_epi16(0x7C00)))) break;
    const __m128i h[4] = {_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1), _mm256_castsi256_si128(b),
                          _mm256_extracti128_si256(b, 1)};
    for (int k = 0; k < 4; k++) {
      const __m256 f = _mm256_cvtph_ps(h[k]);
      char *o = d + (i + 8 * k) * (size_t)D;
      if (D == 4) {
        tl__st32(o, _mm256_castps_si256(f), nt);
      } else {
        tl__st32(o, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_castps256_ps128(f))), nt);
        tl__st32(o + 32, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_extractf128_ps(f, 1))), nt);
      }
    }
  }
  return i;
}
/* float16 -> float32/float64: a block with a NaN goes to the scalar engine.
   32 a step, the scalar call outside the loop (8 a step with a NaN test each:
   0.46 -> 0.9x memcpy into float32, 32 KiB, in alternation). CX: the n
   float16 are the parts of n / 2 complex32 going to complex128, whose NaN
   rule differs (tl__nan_out: the quiet bit set), so the scalar engine gets
   them as complex (blocks start at even parts: the head is whole elements) */
static inline __attribute__((always_inline)) void tl__h2w(tl_dtype to, int CX, const void *sv, void *dv, size_t n) {
  const size_t D = to == TL_FLOAT32 ? 4 : 8;
  const uint16_t *s = sv;
  char *d = dv;
  const tl_dtype gf = CX ? TL_COMPLEX32 : TL_FLOAT16, gt = CX ? TL_COMPLEX128 : to;
  const size_t per = CX ? 2 : 1; /* parts an element of the scalar engine's calls */
#define TL__H2W_GENERIC(I, CNT) \
  tl__convert_generic(gf, (const char *)(s + (I)), (ptrdiff_t)(2 * per), gt, d + (I) * D, (ptrdiff_t)(D * per), (CNT) / per, 0)
  int ntr;
  size_t i = per * tl__nt_head(gf, gt, sv, dv, n / per, 2 * per, D * per, &ntr);
  while (i + 32 <= n) {
    i = ntr ? tl__h2w_32((int)D, s, d, i, n, 1) : tl__h2w_32((int)D, s, d, i, n, 0);
    if (i + 32 <= n) {
      TL__H2W_GENERIC(i, 32);
      i += 32;
    }
  }
  for (; i + 8 <= n; i += 8) {
    __m128i h = _mm_loadu_si128((const __m128i *)(s + i));
    if (tl__h_has_nan(h)) {
      TL__H2W_GENERIC(i, 8);
      continue;
    }
    __m256 f = _mm256_cvtph_ps(h);
    if (D == 4) {
      tl__st32(d + i * D, _mm256_castps_si256(f), ntr);
    } else {
      tl__st32(d + i * D, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_castps256_ps128(f))), ntr);
      tl__st32(d + i * D + 32, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_extractf128_ps(f, 1))), ntr);
    }
  }
  if (ntr) _mm_sfence();
  if (i < n) TL__H2W_GENERIC(i, n - i);
#undef TL__H2W_GENERIC
}
static void k_f16_f32(const void *sv, void *dv, size_t n) { tl__h2w(TL_FLOAT32, 0, sv, dv, n); }
static void k_f16_f64(const void *sv, void *dv, size_t n) { tl__h2w(TL_FLOAT64, 0, sv, dv, n); }

/* ---- bfloat16 ------------------------------------------------------------ */
/* 8 float32 bit patterns -> bfloat16 in 32-bit lanes (RNE; NaN -> quiet NaN). */
static inline __m256i tl__bf16_lanes(__m256i u, __m256 v) {
  __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
  __m256i r = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7FFF)), lsb), 16);
  __m256i qn = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(0x8000)),
                               _mm256_set1_epi32(0x7FC0));
  return _mm256_blendv_epi8(r, qn, _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)));
}

/* float32 bits (no NaN) -> bfloat16 in 32-bit lanes, RNE */
static inline __attribute__((always_inline)) __m256i tl__bf16_rne(__m256i u) {
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
  return _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7FFF)), lsb), 16);
}

/* 8 32-bit lanes holding 16-bit values -> 8 consecutive uint16 */
static inline __m128i tl__pack16(__m256i r) {
  return _mm256_castsi256_si128(_mm256_permute4x64_epi64(_mm256_packus_epi32(r, r), 0x08));
}

static inline __m128i tl__bf16_from_bits(__m256i u, __m256 v) { return tl__pack16(tl__bf16_lanes(u, v)); }

/* the low halves of 16 32-bit lanes at p (the real parts of complex32 /
 * bcomplex32), packed, in the order 0-3 8-11 | 4-7 12-15: one VPBLENDW of
 * the 32 bytes at p and the 32 from byte 30 (words 0 8 1 9 .. | 4 12 ..),
 * one VPSHUFB, in place of two masks and a VPACKUSDW (AVX2 on Zen 4, 32
 * KiB, x memcpy, medians of 30 rounds in alternation: complex32 -> uint4
 * 0.493 -> 0.501, -> int8 0.507 -> 0.516, -> int16 0.617 -> 0.631, ->
 * int32 0.829 -> 0.847, -> float32 0.975 -> 0.980; -> bool, complex128
 * unchanged) */
/* the blend alone: words 0 8 1 9 2 10 3 11 | 4 12 5 13 6 14 7 15 (tl__ld16h's complex vectors) */
static inline __attribute__((always_inline)) __m256i tl__re16b(const char *p) {
  return _mm256_blend_epi16(TL__L32(p), TL__L32(p + 30), 0xAA);
}
/* tl__re16b's words -> 0-3 8-11 | 4-7 12-15 (in each lane the even words, then the odd) */
static inline __attribute__((always_inline)) __m256i tl__re16s(__m256i b) {
  return _mm256_shuffle_epi8(b, _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15, 0, 1, 4, 5, 8, 9, 12,
                                                 13, 2, 3, 6, 7, 10, 11, 14, 15));
}
static inline __attribute__((always_inline)) __m256i tl__re16h(const char *p) { return tl__re16s(tl__re16b(p)); }
/* the same in order */
static inline __attribute__((always_inline)) __m256i tl__re16(const char *p) {
  return _mm256_permute4x64_epi64(tl__re16h(p), 0xD8);
}
/* Is 2|h| above lim (unsigned) for any of the 32 16-bit float bits in h0,
   h1? (the doubling shifts the sign out: one max and one saturating
   subtract for 32; lim: inf's bits doubled for NaN, or a bound's less 1) */
static inline __attribute__((always_inline)) int tl__h2_past(__m256i h0, __m256i h1, int lim) {
  const __m256i a = _mm256_max_epu16(_mm256_add_epi16(h0, h0), _mm256_add_epi16(h1, h1));
  const __m256i past = _mm256_subs_epu16(a, _mm256_set1_epi16((short)lim));
  return !_mm256_testz_si256(past, past);
}

/* 16 float16/bfloat16 results stored as such, or (CX) as the real parts of
   complex32/bcomplex32 (zero imaginary halves: tl__st_x2; bfloat16 -> complex32 0.59 -> 0.63, float8_e8m0fnu ->
   complex32 0.48 -> 0.55, -> bcomplex32 0.60 -> 0.66) */
static inline __attribute__((always_inline)) void tl__h16_st(char *o, __m256i r, int CX, int nt) {
  if (!CX) tl__st32(o, r, nt);
  else tl__st_x2(o, r, 2, 0, nt);
}

static void k_f32_bf16(const void *sv, void *dv, size_t n) {
  const float *s = sv;
  uint16_t *d = dv;
  int nt;
  size_t i = tl__nt_head(TL_FLOAT32, TL_BFLOAT16, sv, dv, n, 4, 2, &nt);
  const size_t pf = tl__pf_on(nt);
  /* 16 a step: one pack and permute for two vectors; with no NaN among them
     (one compare of the two: unordered if either lane is NaN) the RNE shift
     alone. AVX2 on Zen 4, 32 KiB, x memcpy, in alternation, against 8 a step
     with the NaN blend: 0.45 -> 0.65 (64 MiB: 1.02x) */
  _Pragma("GCC unroll 2")
  for (; i + 16 <= n; i += 16) {
    tl__pf(pf, s + i, 64);
    const __m256 v0 = _mm256_loadu_ps(s + i), v1 = _mm256_loadu_ps(s + i + 8);
    const __m256i u0 = _mm256_castps_si256(v0), u1 = _mm256_castps_si256(v1);
    const __m256 nan = _mm256_cmp_ps(v0, v1, _CMP_UNORD_Q);
    __m256i r0, r1;
    if (_mm256_testz_ps(nan, nan)) {
      r0 = tl__bf16_rne(u0), r1 = tl__bf16_rne(u1);
    } else {
      r0 = tl__bf16_lanes(u0, v0), r1 = tl__bf16_lanes(u1, v1);
    }
    tl__st32((char *)(d + i), _mm256_permute4x64_epi64(_mm256_packus_epi32(r0, r1), 0xD8), nt);
  }
  for (; i + 8 <= n; i += 8) {
    __m256 v = _mm256_loadu_ps(s + i);
    tl__st16(d + i, tl__bf16_from_bits(_mm256_castps_si256(v), v), nt);
  }
  if (nt) _mm_sfence();
  TL__TAIL(TL_FLOAT32, TL_BFLOAT16, s, d, i, n);
}

static void k_bf16_f32(const void *sv, void *dv, size_t n) {
  const uint16_t *s = sv;
  uint32_t *d = dv;
  int nt;
  size_t i = tl__nt_head(TL_BFLOAT16, TL_FLOAT32, sv, dv, n, 2, 4, &nt);
  _Pragma("GCC unroll 4")
  for (; i + 8 <= n; i += 8) {
    __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(s + i)));
    tl__st32((char *)(d + i), _mm256_slli_epi32(w, 16), nt);
  }
  if (nt) _mm_sfence();
  TL__TAIL(TL_BFLOAT16, TL_FLOAT32, s, d, i, n);
}

/* ---- float64 <-> float32, and float64 -> float32 rounded to odd ----------- */
static void k_f64_f32(const void *sv, void *dv, size_t n) {
  const double *s = sv;
  float *d = dv;
  int nt;
  size_t i = tl__nt_head(TL_FLOAT64, TL_FLOAT32, sv, dv, n, 8, 4, &nt);
  _Pragma("GCC unroll 4")
  for (; i + 4 <= n; i += 4) tl__st16(d + i, _mm_castps_si128(_mm256_cvtpd_ps(_mm256_loadu_pd(s + i))), nt);
  if (nt) _mm_sfence();
  TL__TAIL(TL_FLOAT64, TL_FLOAT32, s, d, i, n);
}

static void k_f32_f64(const void *sv, void *dv, size_t n) {
  const float *s = sv;
  double *d = dv;
  int nt;
  size_t i = tl__nt_head(TL_FLOAT32, TL_FLOAT64, sv, dv, n, 4, 8, &nt);
  _Pragma("GCC unroll 4")
  for (; i + 4 <= n; i += 4) tl__st32((char *)(d + i), _mm256_castpd_si256(_mm256_cvtps_pd(_mm_loadu_ps(s + i))), nt);
  if (nt) _mm_sfence();
  TL__TAIL(TL_FLOAT32, TL_FLOAT64, s, d, i, n);
}

static inline __m128i _mm256_cvtepi64_epi32_emul(__m256i m) {
  return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(m, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
}

/* 4 doubles -> float32, RNE; with sat, finite values that round to inf give
   +-FLT_MAX (the inf's bits minus 1, sign kept), as tl__to_comp; inf and NaN
   as the hardware converts them (k_f64_f32's NaN rule). */
static inline __m128 tl__d2f4(__m256d x, int sat) {
  const __m128 f = _mm256_cvtpd_ps(x);
  if (!sat) return f;
  const __m128i fb = _mm_castps_si128(f);
  const __m128i inf = _mm_cmpeq_epi32(_mm_and_si128(fb, _mm_set1_epi32(0x7FFFFFFF)), _mm_set1_epi32(0x7F800000));
  const __m256d ax = _mm256_and_pd(x, _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll)));
  const __m256d fin = _mm256_cmp_pd(ax, _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FF0000000000000ll)), _CMP_LT_OQ);
  return _mm_castsi128_ps(_mm_add_epi32(fb, _mm_and_si128(inf, _mm256_cvtepi64_epi32_emul(_mm256_castpd_si256(fin)))));
}
/* saturating float64 -> float32 on n components (complex128 -> complex64: 2n) */
static void k_f64_f32_s(const void *sv, void *dv, size_t n) {
  const double *s = sv;
  float *d = dv;
  int nt;
  size_t i = tl__nt_head_f(TL_FLOAT64, TL_FLOAT32, sv, dv, n, 8, 4, TL_CONVERT_SATURATE, &nt);
  for (; i + 4 <= n; i += 4) tl__st16(d + i, _mm_castps_si128(tl__d2f4(_mm256_loadu_pd(s + i), 1)), nt);
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(TL_FLOAT64, (const char *)(s + i), 8, TL_FLOAT32, (char *)(d + i), 4, n - i, TL_CONVERT_SATURATE);
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
/* the real parts in the order 0 1 4 5 2 3 6 7 (no lane permute: for
   encoders whose packed bytes are put in order at the end, tl__order32 q = 1) */
static inline __m256 tl__re_c64q(const char *p) {
  const float *f = (const float *)(const void *)p;
  return _mm256_shuffle_ps(_mm256_loadu_ps(f), _mm256_loadu_ps(f + 8), 0x88);
}
static inline __m256 tl__re_c64(const char *p) {
  return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(tl__re_c64q(p)), 0xD8));
}
static inline __m256d tl__re_c128(const char *p) {
  const double *f = (const double *)(const void *)p;
  return _mm256_permute4x64_pd(_mm256_unpacklo_pd(_mm256_loadu_pd(f), _mm256_loadu_pd(f + 4)), 0xD8);
}

/* ---- int32 <-> float32 ----------------------------------------------------- */
static void f_i32_f32(const void *sv, void *dv, size_t n) {
  const int32_t *s = sv;
  float *d = dv;
  int nt;
  size_t i = tl__nt_head(TL_INT32, TL_FLOAT32, sv, dv, n, 4, 4, &nt);
  _Pragma("GCC unroll 4")
  for (; i + 8 <= n; i += 8) tl__st32((char *)(d + i), _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)(s + i)))), nt);
  if (nt) _mm_sfence();
  TL__TAIL(TL_INT32, TL_FLOAT32, s, d, i, n);
}

static void f_i32_f64(const void *sv, void *dv, size_t n) {
  const int32_t *s = sv;
  double *d = dv;
  int nt;
  size_t i = tl__nt_head(TL_INT32, TL_FLOAT64, sv, dv, n, 4, 8, &nt);
  _Pragma("GCC unroll 4")
  for (; i + 4 <= n; i += 4) tl__st32((char *)(d + i), _mm256_castpd_si256(_mm256_cvtepi32_pd(_mm_loadu_si128((const __m128i *)(s + i)))), nt);
  if (nt) _mm_sfence();
  TL__TAIL(TL_INT32, TL_FLOAT64, s, d, i, n);
}

/* ---- native integers: widening, and small integers -> float32/float64 -------
 * One 32-byte output per body, unrolled by 4; streaming stores (destination
 * aligned by a short scalar head) when the output is >= TL__NT_MIN bytes. */
/* 8 float32 (bits) as complex64 (x, +0): 64 bytes at o. tl__st_x2, not two
   VPMOVZXDQ and a VEXTRACTI128 (AVX2 on Zen 3, 32 KiB, x memcpy, in alternation: float16 -> complex64 0.54 ->
   0.76, float64 -> complex64 0.64 -> 0.84, float8 -> complex64 1.18-1.42x,
   int32 -> complex64 0.90 -> 0.97; 64 MiB 1.03-1.09x) */
static inline void tl__st_c64(char *o, __m256i f, int nt) { tl__st_x2(o, f, 4, 0, nt); }
/* 4 float64 as complex128 (x, +0): (x0 x1 x2 x3) -> (x0 0 x1 0), (x2 0 x3 0), 64 bytes at o */
static inline void tl__st_c128(char *o, __m256d x, int nt) {
  const __m256d lo = _mm256_unpacklo_pd(x, _mm256_setzero_pd()), hi = _mm256_unpackhi_pd(x, _mm256_setzero_pd());
  tl__st32(o, _mm256_castpd_si256(_mm256_permute2f128_pd(lo, hi, 0x20)), nt);
  tl__st32(o + 32, _mm256_castpd_si256(_mm256_permute2f128_pd(lo, hi, 0x31)), nt);
}
static inline __m128i tl__l4(const char *p) {
  int32_t v;
  memcpy(&v, p, 4);
  return _mm_cvtsi32_si128(v);
}
#define TL__L16(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define TL__L8(p) _mm_loadl_epi64((const __m128i *)(const void *)(p))
#define TL__L4(p) tl__l4(p)

/* The widening kernels (one 16- or 8-byte load, one 32-byte store a block):
   on Intel their streaming runs prefetch the source TL__PF_AHEAD ahead, one
   line per 4 blocks, as the other kernels' (an Intel Xeon, AVX2, 64 MiB, x
   memcpy, two rounds in alternation with the build before: int7 -> float16
   0.39-0.44 -> 1.30-1.32, its loads waiting on memory without; int8 ->
   float16 0.90-0.97 -> 1.35-1.37, int8 -> int32 1.53-1.55 -> 1.64-1.65,
   int16 -> float32 1.40-1.44 -> 1.49-1.50); elsewhere none, as measured on
   Zen 2 for the write-bound kernels (docs/conversions.md, Prefetch); in cache
   the same code, no prefetch. TL__KB's and TL__K's alike. */
#define TL__PF_INTEL (tl__pf_pieces ? TL__PF_AHEAD : 0)
#define TL__KW_BODY(S, D, LD, ...)                                                     \
  for (; i + 4 * step <= n; i += 4 * step) {                                           \
    tl__pf(pf, s + i * (S), 4 * step * (S));                                           \
    for (size_t u = 0; u < 4; u++) {                                                   \
      __m128i x = LD(s + (i + u * step) * (S));                                        \
      tl__st32(d + (i + u * step) * (D), __VA_ARGS__, nt);                             \
    }                                                                                  \
  }                                                                                    \
  for (; i + step <= n; i += step) {                                                   \
    __m128i x = LD(s + i * (S));                                                       \
    tl__st32(d + i * (D), __VA_ARGS__, nt);                                            \
  }
#define TL__KW(NAME, FROM, TO, S, D, LD, ...)                                           \
  static void NAME(const void *sv, void *dv, size_t n) {                               \
    const char *s = sv;                                                                \
    char *d = dv;                                                                      \
    int ntr = 0;                                                                       \
    const size_t step = 32 / (D);                                                      \
    size_t i = tl__nt_head(FROM, TO, s, d, n, S, D, &ntr);                             \
    TL__NT_SPLIT(ntr, TL__PF_INTEL, TL__KW_BODY(S, D, LD, __VA_ARGS__) if (nt) _mm_sfence();); \
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
/* int8/uint8 -> float16/bfloat16: exact through float32 (at most 8 significant
 * bits). The 16 bytes widened to 16-bit words; in each 32-bit lane the even
 * element is the low word (as int32: x) and the odd one the high word (as
 * int32, masked: x * 65536), each converted, and the results' bits put back
 * in their words: no VCVTPS2PH (two micro-ops of one pipe on Zen 2) and no
 * pack and lane permute. bfloat16: the even float's high word moved down; the
 * odd float's high word is bfloat16(x) + (16 << 7), or 0 for x = 0, so a
 * saturating subtract of 16 << 7 gives it (a signed source's even element
 * converted as x * 65536 too, one subtract for both words). float16: the
 * even float's exponent field (127 + e) less 112 by a saturating subtract on
 * its high word (0 stays 0), its bits >> 13 are its float16 (low 13 bits
 * zero); the odd float x * 65536 has field 143 + e (e <= 7: 0x8F-0x96), its
 * bits << 3 drop the field's top 3 bits (100) and leave float16(x) in the high
 * word (0 for 0); no multiply. A signed source goes through its magnitude
 * (16-bit words) and ORs the sign bit in. Zen 2, 32 KiB, x memcpy, against
 * the float32 route with VCVTPS2PH or a pack: uint8 -> bfloat16 0.22 -> 0.52,
 * int8 -> bfloat16 0.22 -> 0.38, uint8 -> float16 0.20 -> 0.35, int8 ->
 * float16 0.20 -> 0.27; without the multiplies (scaling by 2^-112 before),
 * Zen 4, AVX2, in alternation: int8 -> float16 0.36 -> 0.44, uint8 -> float16
 * 0.47 -> 0.56, int8 -> bfloat16 0.50 -> 0.58. */
static inline __m256i tl__b8_h(__m128i x, int sg, int bf) {
  const __m256i hi = _mm256_set1_epi32((int)0xFFFF0000);
  if (bf) {
    const __m256i w = sg ? _mm256_cvtepi8_epi16(x) : _mm256_cvtepu8_epi16(x);
    if (sg) { /* both as x * 65536: the saturating subtract once for both words */
      const __m256i fe = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_slli_epi32(w, 16)));
      const __m256i fo = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_and_si256(w, hi)));
      return _mm256_subs_epu16(_mm256_or_si256(_mm256_srli_epi32(fe, 16), fo), _mm256_set1_epi16(16 << 7));
    }
    const __m256i fe = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_andnot_si256(hi, w)));
    const __m256i fo = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_and_si256(w, hi)));
    return _mm256_or_si256(_mm256_srli_epi32(fe, 16), _mm256_subs_epu16(fo, _mm256_set1_epi32(16 << 23)));
  }
  const __m256i ws = sg ? _mm256_cvtepi8_epi16(x) : _mm256_cvtepu8_epi16(x), w = sg ? _mm256_abs_epi16(ws) : ws;
  const __m256i fe = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_andnot_si256(hi, w)));
  const __m256i fo = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_and_si256(w, hi)));
  const __m256i r = _mm256_or_si256(_mm256_srli_epi32(_mm256_subs_epu16(fe, _mm256_set1_epi32(112 << 23)), 13),
                                    _mm256_slli_epi32(fo, 3));
  return sg ? _mm256_or_si256(r, _mm256_and_si256(ws, _mm256_set1_epi16((short)0x8000))) : r;
}
TL__KW(h_i8_f16, TL_INT8, TL_FLOAT16, 1, 2, TL__L16, tl__b8_h(x, 1, 0))
TL__KW(h_u8_f16, TL_UINT8, TL_FLOAT16, 1, 2, TL__L16, tl__b8_h(x, 0, 0))
TL__KW(h_i8_bf16, TL_INT8, TL_BFLOAT16, 1, 2, TL__L16, tl__b8_h(x, 1, 1))
TL__KW(h_u8_bf16, TL_UINT8, TL_BFLOAT16, 1, 2, TL__L16, tl__b8_h(x, 0, 1))
TL__KW(f_i16_f32, TL_INT16, TL_FLOAT32, 2, 4, TL__L16, _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(x))))
TL__KW(f_u16_f32, TL_UINT16, TL_FLOAT32, 2, 4, TL__L16, _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(x))))
/* 4 64-bit lanes of integers below 2^51 in magnitude (SG: sign-extended;
   else zero-extended, below 2^52) -> their float64 bits, exact, without
   VCVTDQ2PD: added to the bits of 1.5 x 2^52 (unsigned: OR-ed into 2^52's),
   less that number. int8/int16 -> float64 so, and uint8/uint16/uint32
   (AVX2 on Zen 5, 32 KiB, x memcpy: int8 / uint8 0.42 -> 0.54, int16 0.47
   -> 0.57, uint16 0.47 -> 0.51; in alternation 1.26-1.28x, uint32
   1.17-1.21x) */
static inline __attribute__((always_inline)) __m256i tl__q52_pd(__m256i q, int sg) {
  const __m256i b = sg ? _mm256_add_epi64(q, _mm256_set1_epi64x(0x4338000000000000ll))
                       : _mm256_or_si256(q, _mm256_set1_epi64x(0x4330000000000000ll));
  return _mm256_castpd_si256(_mm256_sub_pd(_mm256_castsi256_pd(b), _mm256_set1_pd(sg ? 0x1.8p52 : 0x1p52)));
}
TL__KW(f_i16_f64, TL_INT16, TL_FLOAT64, 2, 8, TL__L8, tl__q52_pd(_mm256_cvtepi16_epi64(x), 1))

/* ---- float32 / float64 -> integers, as tl__f2i: truncation, NaN -> 0, -------
 * saturation to the destination's own range (int4: [-8, 7]); sub-byte values
 * are stored as their low bits (int4 -7 -> 0x09). Where both ends of the range
 * are exact in the source format, x is clamped in the float domain and
 * truncated (cvtt): max returns its 2nd operand for NaN, so unsigned NaN lanes
 * become 0 and signed ones are zeroed before the clamp. The lanes are then in
 * range and the saturating packs narrow them unchanged; into int8/int16 and the
 * signed sub-byte types only the high end is clamped (cvtt gives INT32_MIN
 * below -2^31, the signed-saturating packs stop at the type's or -128, a byte
 * max at int1-7's): one float op less per 8 lanes, measured 0.42-0.49 ->
 * 0.48-0.56x memcpy in cache (float32/float64/bcomplex32 -> int8/int4/int16).
 * Each block writes one 32-byte vector (streamed when large, as TL__KW). */

/* 8 float32 -> int32 lanes (b <= 32). PK (signed, b < 32): the caller
   narrows by signed-saturating packs (and, below 8 bits, a byte max), so the
   lanes below the range are left to them: cvtt gives INT32_MIN there. */
static inline __attribute__((always_inline)) __m256i tl__fi_ps(__m256 x, int bits, int sg, int PK) {
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
  if (sg && PK) return _mm256_cvttps_epi32(_mm256_min_ps(x, _mm256_set1_ps(hi)));
  return _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(lo)), _mm256_set1_ps(hi)));
}

/* 4 float64 -> int32 lanes (b <= 32; every range end is exact) */
static inline __attribute__((always_inline)) __m128i tl__fi_pd(__m256d x, int bits, int sg, int PK) {
  if (sg) x = _mm256_andnot_pd(_mm256_cmp_pd(x, x, _CMP_UNORD_Q), x);
  const double lo = sg ? -(double)(1ull << (bits - 1)) : 0.0;
  const double hi = sg ? (double)((1ull << (bits - 1)) - 1) : (double)((1ull << bits) - 1);
  if (sg && PK && bits < 32) return _mm256_cvttpd_epi32(_mm256_min_pd(x, _mm256_set1_pd(hi))); /* as tl__fi_ps */
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

/* float8_e8m0fnu's 32 codes x -> words code << 8 | 0x80 where the code is 0
   (2^-127, below float32's normals) or 0xFF (NaN), else code << 8, in
   unpack order (lane-wise: w0 codes 0..7 | 16..23, w1 8..15 | 24..31): the
   top 16 bits of the float32 2^(code - 127) (subnormal 0x00400000, quiet NaN
   0x7FC00000) shifted left by 1, so bfloat16 is a word >> 1 */
static inline __attribute__((always_inline)) void tl__e8w(__m256i x, __m256i *w0, __m256i *w1) {
  const __m256i odd = _mm256_or_si256(_mm256_cmpeq_epi8(x, _mm256_setzero_si256()), _mm256_cmpeq_epi8(x, _mm256_set1_epi8(-1)));
  const __m256i f = _mm256_and_si256(odd, _mm256_set1_epi8((char)0x80));
  *w0 = _mm256_unpacklo_epi8(f, x);
  *w1 = _mm256_unpackhi_epi8(f, x);
}
/* 8 of those words -> float32 bits */
static inline __attribute__((always_inline)) __m256i tl__e8w32(__m128i w) { return _mm256_slli_epi32(_mm256_cvtepu16_epi32(w), 15); }
/* float8_e8m0fnu codes in the top byte of 32-bit lanes (code << 24, the rest
   0) -> float32 bits: the code is float32's exponent field; 0 (2^-127) a
   subnormal, 0xFF NaN */
static inline __attribute__((always_inline)) __m256i tl__e8dec(__m256i L) {
  __m256i r = _mm256_srli_epi32(L, 1);
  r = _mm256_blendv_epi8(r, _mm256_set1_epi32(0x00400000), _mm256_cmpeq_epi32(L, _mm256_setzero_si256()));
  return _mm256_blendv_epi8(r, _mm256_set1_epi32(0x7FC00000), _mm256_cmpeq_epi32(L, _mm256_set1_epi32((int)0xFF000000u)));
}

/* 16 float8 codes with at most 5 exponent bits (c16:
   code << 8 in 16-bit lanes, elements in order) -> float32 bits in r0
   (elements 0-7) and r1 (8-15). The magnitude bits moved into float16's
   fields (exponent field e to e, the mantissa left-aligned; an arithmetic
   shift keeps the sign and a mask clears its copies) are a float16 of value
   x 2^(B - 15), float8 subnormals float16 subnormals (float8_e5m2fnuz, whose
   top exponent would be float16's inf: its exponent less 1, the subnormals
   halved, so the float16 is the value); VCVTPH2PS converts them
   to float32 exactly, times 2^(15 - B) (a normal float32 input: the
   multiplier's subnormal-input slowdown, 2x on mixed data on Zen 4, is not
   met). inf and NaN are set as float16 codes first (float8_e5m2: the
   float16 layout itself, only the NaN quieted to 0x7E00). INT (for
   truncation to integers, formats without inf only): NaN as 0 instead. */
static inline __attribute__((always_inline)) void tl__f8dec16(__m256i c16, int E, int M, int B, int fam, int INT,
                                                               __m256i *r0, __m256i *r1) {
  __m256i h = M == 2 ? c16 : _mm256_and_si256(_mm256_srai_epi16(c16, M - 2), _mm256_set1_epi16((short)(0x8000 | (0x7F << (10 - M)))));
  if (E == 5 && fam == TL__FAM_FNUZ) { /* bias 16: exponent field e - 1 (no 31); exponents 0 and 1 are float16 subnormals, the magnitude bits halved */
    const __m256i sub = _mm256_and_si256(_mm256_srai_epi16(c16, 1), _mm256_set1_epi16((short)0xBFFF));
    h = _mm256_blendv_epi8(_mm256_sub_epi16(c16, _mm256_set1_epi16(0x400)), sub,
                           _mm256_cmpgt_epi16(_mm256_set1_epi16(0x800), _mm256_and_si256(c16, _mm256_set1_epi16(0x7F00))));
    B = 15; /* the float16 is the value */
  }
  if (fam == TL__FAM_FN) { /* S.1111.111 (c16 0x7F00 / 0xFF00): less 0x100 is float16's quiet NaN with the sign */
    const __m256i m7f = _mm256_set1_epi16(0x7F00); /* an AND, not a shift: the shift/shuffle pipes are the busier ones */
    const __m256i nan = _mm256_cmpeq_epi16(_mm256_and_si256(c16, m7f), m7f);
    h = INT ? _mm256_andnot_si256(nan, h) : _mm256_blendv_epi8(h, _mm256_sub_epi16(c16, _mm256_set1_epi16(0x100)), nan);
  } else if (INT) { /* fnuz's NaN, 0x80, is -0 here already */
  } else if (fam == TL__FAM_FNUZ) { /* 0x80 */
    h = _mm256_blendv_epi8(h, _mm256_set1_epi16((short)0xFE00), _mm256_cmpeq_epi16(c16, _mm256_set1_epi16((short)0x8000)));
  } else if (fam == TL__FAM_IEEE) { /* exponent all ones: inf at its first code, NaN above */
    const int infc = ((1 << E) - 1) << M;
    const __m256i mag = _mm256_and_si256(c16, _mm256_set1_epi16(0x7F00)), sg = _mm256_and_si256(c16, _mm256_set1_epi16((short)0x8000));
    if (B != 15)
      h = _mm256_blendv_epi8(h, _mm256_or_si256(sg, _mm256_set1_epi16(0x7C00)), _mm256_cmpgt_epi16(mag, _mm256_set1_epi16((short)((infc - 1) << 8))));
    h = _mm256_blendv_epi8(h, _mm256_or_si256(sg, _mm256_set1_epi16(0x7E00)), _mm256_cmpgt_epi16(mag, _mm256_set1_epi16((short)(infc << 8))));
  }
  /* INT: re-biased in the float16 itself, one add for 16 lanes against two
     multiplies of 8: the exponent field stays below 31 (at most 15 + 15 - B
     for B >= 7, 7 + 12 for float8_e3m4, 3 + 14 for the float6 codes), and a
     zero or subnormal code (exponent field 0), which truncates to 0, becomes
     a value below 1 that truncates to 0 as well */
  if (INT && B != 15) h = _mm256_add_epi16(h, _mm256_set1_epi16((short)((15 - B) << 10)));
  __m256 a = _mm256_cvtph_ps(_mm256_castsi256_si128(h)), b = _mm256_cvtph_ps(_mm256_extracti128_si256(h, 1));
  if (B != 15 && !INT) {
    const __m256 k = _mm256_castsi256_ps(_mm256_set1_epi32((127 + 15 - B) << 23));
    a = _mm256_mul_ps(a, k), b = _mm256_mul_ps(b, k);
  }
  *r0 = _mm256_castps_si256(a), *r1 = _mm256_castps_si256(b);
}
/* 16 codes at p shifted left by P bits in their bytes (float6: P = 2, which
   makes an E/M code an E/M+2 float8 code of the same value, and drops the
   byte's two unused bits) */
static inline __attribute__((always_inline)) __m128i tl__ld16p(const void *p, int P) {
  __m128i x = TL__L16(p);
  for (int k = 0; k < P; k++) x = _mm_add_epi8(x, x);
  return x;
}
/* 16 codes at p (shifted by P, as tl__ld16p) as tl__f8dec16 takes them: in
   both halves, each at the top of its 16-bit lane by one VPSHUFB (no
   lane-crossing widening) */
static inline __attribute__((always_inline)) __m256i tl__top16p(const void *p, int P) {
  const __m256i top16 = _mm256_setr_epi8(-1, 0, -1, 1, -1, 2, -1, 3, -1, 4, -1, 5, -1, 6, -1, 7, -1, 8, -1, 9, -1, 10, -1,
                                         11, -1, 12, -1, 13, -1, 14, -1, 15);
  /* broadcast from memory (a load, no shuffle), the shift after it */
  __m256i x = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p));
  for (int k = 0; k < P; k++) x = _mm256_add_epi8(x, x);
  return _mm256_shuffle_epi8(x, top16);
}

/* One block: 32 / D source elements -> 32 bytes of D-byte integers of `bits` bits. */
/* Sources of the float -> integer blocks (SF): float32 (4), float64 (8), and,
 * read as float32 (exact) or float64 (complex128), the real parts of complex
 * values (the scalar rule: complex -> integer converts the real part):
 * float16, bfloat16, complex32, complex64, complex128, bcomplex32. */
enum { TL__SF_F16 = 102, TL__SF_BF16, TL__SF_C32, TL__SF_C64, TL__SF_C128, TL__SF_BC32 };
/* 8 float32 values of source SF from element 8k of sp */
static inline __attribute__((always_inline)) __m256 tl__ld8f(const char *sp, int SF, int k) {
  switch (SF) {
  case TL__SF_F16: return _mm256_cvtph_ps(TL__L16(sp + 16 * k));
  case TL__SF_BF16: return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(TL__L16(sp + 16 * k)), 16));
  case TL__SF_C32: {
    __m256i x = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(const void *)(sp + 32 * k)), _mm256_set1_epi32(0xFFFF));
    return _mm256_cvtph_ps(tl__pack16(x));
  }
  case TL__SF_C64: return tl__re_c64(sp + 64 * k);
  case TL__SF_BC32: return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(sp + 32 * k)), 16));
  default: return _mm256_loadu_ps((const float *)(const void *)sp + 8 * k);
  }
}
/* 4 float64 values of source SF from element 4k of sp (reads those 4 elements only) */
static inline __attribute__((always_inline)) __m256d tl__ld4d(const char *sp, int SF, int k) {
  switch (SF) {
  case 4: return _mm256_cvtps_pd(_mm_loadu_ps((const float *)(const void *)sp + 4 * k));
  case TL__SF_F16: return _mm256_cvtps_pd(_mm_cvtph_ps(TL__L8(sp + 8 * k)));
  case TL__SF_BF16: return _mm256_cvtps_pd(_mm_castsi128_ps(_mm_slli_epi32(_mm_cvtepu16_epi32(TL__L8(sp + 8 * k)), 16)));
  case TL__SF_C32: /* the low halves of 4 32-bit lanes */
    return _mm256_cvtps_pd(_mm_cvtph_ps(_mm_shuffle_epi8(TL__L16(sp + 16 * k), _mm_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1))));
  case TL__SF_C64: /* the even floats of 4 complex64 */
    return _mm256_cvtps_pd(_mm256_castps256_ps128(_mm256_permutevar8x32_ps(
        _mm256_loadu_ps((const float *)(const void *)(sp + 32 * k)), _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6))));
  case TL__SF_C128: return tl__re_c128(sp + 64 * k);
  case TL__SF_BC32: return _mm256_cvtps_pd(_mm_castsi128_ps(_mm_slli_epi32(TL__L16(sp + 16 * k), 16)));
  default: return _mm256_loadu_pd((const double *)(const void *)sp + 4 * k);
  }
}

/* 32 signed bytes from the saturating packs -> a signed type of `bits` bits:
   below 8, the low end (the packs stopped at -128), then the low bits */
static inline __attribute__((always_inline)) __m256i tl__fi_low(__m256i r, int bits) {
  if (bits >= 8) return r;
  return _mm256_and_si256(_mm256_max_epi8(r, _mm256_set1_epi8((char)-(1 << (bits - 1)))), _mm256_set1_epi8((char)((1 << bits) - 1)));
}
static inline __attribute__((always_inline)) __m256i tl__fi_blk(const char *sp, int SF, int D, int bits, int sg) {
  const int S = SF == 8 || SF == TL__SF_C128 ? 8 : 4; /* the path: float64 or float32 lanes */
#define LPS(k) tl__ld8f(sp, SF, k)
#define LPD(k) tl__ld4d(sp, SF, k)
  __m256i r;
  if (D == 8) return tl__fq_pd(LPD(0), sg);
  if (D == 4) return S == 4 ? tl__fi_ps(LPS(0), bits, sg, 0) : _mm256_set_m128i(tl__fi_pd(LPD(1), bits, sg, 0), tl__fi_pd(LPD(0), bits, sg, 0));
  /* into 16 bits or fewer: the lanes narrowed by saturating packs (in-lane, then put in order). Signed: a
     block without NaN (two vectors a compare, unordered where either lane is NaN) needs no NaN mask per
     vector, only the high end's min before the truncation (the packs saturate the low end): AVX2 on Zen 5,
     32 KiB, x memcpy: float32 -> int16 0.34 -> 0.38, -> int8 0.28 -> 0.33, -> int4/int2 0.26 -> 0.34,
     complex64 -> int16 0.44 -> 0.50, -> int8 0.40 -> 0.50, float64 -> int16 0.26 -> 0.29, -> int8 0.23 ->
     0.26, complex128 -> int16 0.37 -> 0.43, -> int8 0.34 -> 0.41 (1.06-1.23x in alternation). Unsigned:
     the clamp's max with 0 makes NaN 0 anyway. */
  if (S == 4) {
    const int nv = D == 2 ? 2 : 4;
    __m256 x[4];
    __m256i a[4];
    for (int k = 0; k < nv; k++) x[k] = LPS(k);
    int fast = 0;
    if (sg) {
      __m256 u = _mm256_cmp_ps(x[0], x[1], _CMP_UNORD_Q);
      if (nv == 4) u = _mm256_or_ps(u, _mm256_cmp_ps(x[2], x[3], _CMP_UNORD_Q));
      fast = _mm256_testz_ps(u, u);
    }
    const __m256 hi = _mm256_set1_ps((float)((1 << (bits - 1)) - 1));
    for (int k = 0; k < nv; k++) a[k] = fast ? _mm256_cvttps_epi32(_mm256_min_ps(x[k], hi)) : tl__fi_ps(x[k], bits, sg, 1);
    if (D == 2) return _mm256_permute4x64_epi64(sg ? _mm256_packs_epi32(a[0], a[1]) : _mm256_packus_epi32(a[0], a[1]), 0xD8);
    const __m256i p = _mm256_packs_epi32(a[0], a[1]), q = _mm256_packs_epi32(a[2], a[3]); /* 8-bit values fit int16 */
    r = _mm256_permutevar8x32_epi32(sg ? _mm256_packs_epi16(p, q) : _mm256_packus_epi16(p, q),
                                    _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
  } else {
    const int nv = D == 2 ? 4 : 8;
    __m256d x[8];
    __m128i q[8], p[4];
    for (int k = 0; k < nv; k++) x[k] = LPD(k);
    int fast = 0;
    if (sg) {
      __m256d u = _mm256_setzero_pd();
      for (int k = 0; k < nv; k += 2) u = _mm256_or_pd(u, _mm256_cmp_pd(x[k], x[k + 1], _CMP_UNORD_Q));
      fast = _mm256_testz_pd(u, u);
    }
    const __m256d hi = _mm256_set1_pd((double)((1 << (bits - 1)) - 1));
    for (int k = 0; k < nv; k++) q[k] = fast ? _mm256_cvttpd_epi32(_mm256_min_pd(x[k], hi)) : tl__fi_pd(x[k], bits, sg, 1);
    if (D == 2)
      return sg ? _mm256_set_m128i(_mm_packs_epi32(q[2], q[3]), _mm_packs_epi32(q[0], q[1]))
                : _mm256_set_m128i(_mm_packus_epi32(q[2], q[3]), _mm_packus_epi32(q[0], q[1]));
    for (int k = 0; k < 4; k++) p[k] = _mm_packs_epi32(q[2 * k], q[2 * k + 1]);
    r = sg ? _mm256_set_m128i(_mm_packs_epi16(p[2], p[3]), _mm_packs_epi16(p[0], p[1]))
           : _mm256_set_m128i(_mm_packus_epi16(p[2], p[3]), _mm_packus_epi16(p[0], p[1]));
  }
  return sg ? tl__fi_low(r, bits) : r;
#undef LPS
#undef LPD
}

/* float16 / bfloat16 / complex32 / bcomplex32 -> 8- and 16-bit integers
 * (and the sub-byte ones), 32 / D elements: their finite values below 2^31
 * in magnitude (float16: all) truncate by VCVTTPS2DQ exactly with no clamp,
 * and the saturating packs clamp to int16 / uint16 and then to int8 / uint8
 * as the rule does (below the low end: the low end; NaN is none of these), so
 * a block whose |x| are all below 2^31 (checked on the 16-bit bits: no inf,
 * no NaN) needs no per-lane clamp or NaN mask, and bfloat16 widens by one
 * unpack with zero (in-lane order, which the 32 -> 16 pack puts back), and
 * complex32's real parts pack to 16-bit lanes that VCVTPH2PS widens in halves
 * the 32 -> 16 pack puts back in order. Other blocks: tl__fi_blk. Against
 * tl__fi_blk alone (AVX2 on Zen 4, 32 KiB, x memcpy, median of 120 rounds in
 * alternation): float16 -> int8 0.32 -> 0.50, -> uint8 0.35 -> 0.46, ->
 * int16 0.42 -> 0.63, bfloat16 -> int8 0.28 -> 0.51, -> int16 0.36 -> 0.65,
 * complex32 -> int8 0.32 -> 0.48, -> int16 0.38 -> 0.57, bcomplex32 -> int8
 * 0.51 -> 0.66; 64 MiB: 1.03-1.09x the speed. The 16-bit sources' block test
 * on 2|h| (h + h, unsigned: no mask, one max fewer) gained 2-5% (float16 ->
 * int8 0.50 -> 0.51, bfloat16 -> uint8 0.51 -> 0.53). */
static inline __attribute__((always_inline)) __m256i tl__fi_blk16(const char *p, int SF, int D, int bits, int sg) {
  const int bf = SF == TL__SF_BF16 || SF == TL__SF_BC32;
  const int E = 32 / D; /* elements */
  const __m256i z = _mm256_setzero_si256();
  /* the largest |x| bits (the real parts': a complex's low halves) against
     float16's largest finite / bfloat16's largest below 2^31 */
  __m256i h[4], m = z;
  const int nv = SF == TL__SF_BC32 ? E / 8 : E / 16;
  for (int k = 0; k < nv; k++) {
    if (SF == TL__SF_C32) { /* the real parts packed: elements 0-3 8-11 | 4-7 12-15 of 16 */
      h[k] = tl__re16h(p + 64 * k);
    } else h[k] = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k));
    if (SF == TL__SF_BC32) {
      m = _mm256_max_epi32(m, _mm256_and_si256(h[k], _mm256_set1_epi32(0x7FFF)));
    } else { /* 2|h|: the sign shifted out, compared unsigned */
      const __m256i u = _mm256_add_epi16(h[k], h[k]);
      m = k ? _mm256_max_epu16(m, u) : u;
    }
  }
  const int thr = bf ? 0x4EFF : 0x7BFF; /* 16-bit sources: 2|h| > 2 thr + 1 */
  const __m256i big = SF == TL__SF_BC32 ? _mm256_cmpgt_epi32(m, _mm256_set1_epi32(thr))
                                        : _mm256_subs_epu16(m, _mm256_set1_epi16((short)(2 * thr + 1)));
  if (!_mm256_testz_si256(big, big)) return tl__fi_blk(p, SF, D, bits, sg);
  __m256i v[4];
  int inorder = 0; /* v[2k], v[2k + 1] pack to 16 elements in order (else: as tl__fi_blk's lanes) */
  if (SF == TL__SF_BF16) {
    for (int k = 0; k < nv; k++)
      v[2 * k] = _mm256_cvttps_epi32(_mm256_castsi256_ps(_mm256_unpacklo_epi16(z, h[k]))),
      v[2 * k + 1] = _mm256_cvttps_epi32(_mm256_castsi256_ps(_mm256_unpackhi_epi16(z, h[k])));
    inorder = 1;
  } else if (SF == TL__SF_C32) { /* the halves' lanes 0-3 8-11 and 4-7 12-15 pack back in order */
    for (int k = 0; k < nv; k++)
      v[2 * k] = _mm256_cvttps_epi32(_mm256_cvtph_ps(_mm256_castsi256_si128(h[k]))),
      v[2 * k + 1] = _mm256_cvttps_epi32(_mm256_cvtph_ps(_mm256_extracti128_si256(h[k], 1)));
    inorder = 1;
  } else if (SF == TL__SF_BC32) {
    for (int k = 0; k < E / 8; k++) v[k] = _mm256_cvttps_epi32(_mm256_castsi256_ps(_mm256_slli_epi32(h[k], 16)));
  } else {
    for (int k = 0; k < E / 8; k++) v[k] = _mm256_cvttps_epi32(tl__ld8f(p, SF, k));
  }
  if (D == 2) {
    const __m256i r = sg ? _mm256_packs_epi32(v[0], v[1]) : _mm256_packus_epi32(v[0], v[1]);
    return inorder ? r : _mm256_permute4x64_epi64(r, 0xD8);
  }
  const __m256i a = _mm256_packs_epi32(v[0], v[1]), b = _mm256_packs_epi32(v[2], v[3]);
  __m256i r = sg ? _mm256_packs_epi16(a, b) : _mm256_packus_epi16(a, b);
  r = inorder ? _mm256_permute4x64_epi64(r, 0xD8) : _mm256_permutevar8x32_epi32(r, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
  if (bits < 8) {
    if (sg)
      r = _mm256_and_si256(_mm256_max_epi8(_mm256_min_epi8(r, _mm256_set1_epi8((char)((1 << (bits - 1)) - 1))),
                                           _mm256_set1_epi8((char)-(1 << (bits - 1)))),
                           _mm256_set1_epi8((char)((1 << bits) - 1)));
    else r = _mm256_min_epu8(r, _mm256_set1_epi8((char)((1 << bits) - 1)));
  }
  return r;
}

/* 8 int32 lanes of converted values stored as D-byte integers at o: as they
   are (D = 4) or widened, sign- or zero-extended (D = 8) */
static inline __attribute__((always_inline)) void tl__fi_st8(char *o, __m256i v, int D, int sg, int nt) {
  if (D == 4) {
    tl__st32(o, v, nt);
    return;
  }
  const __m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1);
  tl__st32(o, sg ? _mm256_cvtepi32_epi64(lo) : _mm256_cvtepu32_epi64(lo), nt);
  tl__st32(o + 32, sg ? _mm256_cvtepi32_epi64(hi) : _mm256_cvtepu32_epi64(hi), nt);
}

static inline __attribute__((always_inline)) void tl__fi_run_sf(tl_dtype from, tl_dtype to, int SF, int S, int D,
                                                                int bits, int sg, const void *sv, void *dv, size_t n) {
  const char *s = sv;
  char *d = dv;
  int nt = 0;
  const size_t step = 32 / (size_t)D;
  size_t i = tl__nt_head(from, to, s, d, n, (size_t)S, (size_t)D, &nt);
  /* float32/float64/complex64/complex128, converted by VCVTT* as loaded, do
     so little a byte that in tl__run_streams's pieces (no streaming stores)
     the hardware prefetcher keeps up and the software prefetch only costs
     (Zen 2, 64 MiB, x memcpy, in alternation: complex128 -> int8 0.83 ->
     0.91, -> int16 0.90 -> 0.98, complex64 -> uint8 0.90 -> 1.01, float64 ->
     uint8 0.88 -> 0.95; float16/bfloat16/complex32, converted to float32
     first, lost without it: complex32 -> int8 1.03 -> 0.92). Intel keeps
     it there (tl__pf_pieces: its pieces without it, an Intel Xeon, AVX2, 64
     MiB, out of cache, x memcpy: float64 -> int8 0.85, complex128 -> uint8
     0.84; with it 1.01, 1.05) */
  const int light = SF == 4 || SF == 8 || SF == TL__SF_C64 || SF == TL__SF_C128;
  const size_t pf = light && !nt && !tl__pf_pieces ? 0 : tl__pf_for(from, to, nt);
  if (SF == 4 || SF == TL__SF_C64 || SF == 8 || SF == TL__SF_C128) {
    /* float32/float64/complex64/complex128 -> every integer type, 32
       elements a step: VCVTT* alone, with no clamp or NaN mask, gives every
       lane its answer as int32 before the narrowing (the saturating packs, a
       byte max or min below 8 bits) or widening (sign or zero extension),
       with a max with 0 into uint32/uint64, except the lanes it sets to
       INT32_MIN (NaN, beyond +-2^31 (into the 8-byte types too: tl__fq_pd
       takes those), -2^31 itself); one compare a vector finds those, and a
       step holding one takes tl__fi_blk. In place of the clamps and NaN
       masks before the truncation (2-4 float operations a vector), or of a
       float compare a step of 8 (float32 -> int64/uint64) or a check a step
       of 8 (float64 -> int64/uint64/uint32, the loop below, now for the
       tails). The loop alone on Zen 5 (AVX2, 32 KiB): float32 -> int8
       1.27x, -> uint8 1.40x, -> int16 1.32x, -> int32 1.60x; in alternation
       with the previous build: float32 -> int64 1.60x, -> uint64 1.47x,
       complex64 -> int64 1.55x, float64 -> uint64 1.10-1.25x, -> uint32
       1.23-1.27x, -> int64 0.92-1.05x, complex128 -> int64/uint64 1.14x. */
    for (; i + 32 <= n; i += 32) {
      const char *p = s + i * (size_t)S;
      char *o = d + i * (size_t)D;
      tl__pf(pf, p, 32 * (size_t)S);
      __m256i r[4];
      /* float64 lanes into int8/uint8/int16: the 128-bit halves packed to 16
         bits as they come (8 elements in order a half), no 256-bit insert
         per 8 lanes or pack order to undo */
      const int IO = (SF == 8 || SF == TL__SF_C128) && (D == 1 || (D == 2 && sg));
      __m128i h16[4];
      if (SF == 4 || SF == TL__SF_C64)
        for (int k = 0; k < 4; k++) r[k] = _mm256_cvttps_epi32(tl__ld8f(p, SF, k));
      else if (IO)
        for (int k = 0; k < 4; k++)
          h16[k] = _mm_packs_epi32(_mm256_cvttpd_epi32(tl__ld4d(p, SF, 2 * k)), _mm256_cvttpd_epi32(tl__ld4d(p, SF, 2 * k + 1)));
      else
        for (int k = 0; k < 4; k++)
          r[k] = _mm256_set_m128i(_mm256_cvttpd_epi32(tl__ld4d(p, SF, 2 * k + 1)), _mm256_cvttpd_epi32(tl__ld4d(p, SF, 2 * k)));
      /* into 1- and 2-byte types: the lanes' signed-saturating pack to 16
         bits (the bytes' own first step) takes INT32_MIN to -32768, found by
         two compares a step in place of four and three ORs (an int32 at or
         below -32768 takes tl__fi_blk too, the same answer; rare). AVX2 on
         Zen 5, 32 KiB, x memcpy, in alternation: float32 -> int8 0.41 ->
         0.50, -> uint8 0.41 -> 0.50, -> int16 0.44 -> 0.55, -> uint4 0.38 ->
         0.45, complex64 -> int8 0.47 -> 0.55, -> int16 0.50 -> 0.56, float64
         and complex128 1.04-1.07x; into uint16 (a pack for the test alone)
         1.00-1.04x */
      const int P16 = D <= 2;
      __m256i pq = _mm256_setzero_si256(), qq = pq, e;
      if (P16) {
        if (IO) pq = _mm256_set_m128i(h16[1], h16[0]), qq = _mm256_set_m128i(h16[3], h16[2]);
        else pq = _mm256_packs_epi32(r[0], r[1]), qq = _mm256_packs_epi32(r[2], r[3]);
        const __m256i m16 = _mm256_set1_epi16(INT16_MIN);
        e = _mm256_or_si256(_mm256_cmpeq_epi16(pq, m16), _mm256_cmpeq_epi16(qq, m16));
      } else {
        const __m256i mn = _mm256_set1_epi32(INT32_MIN);
        e = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi32(r[0], mn), _mm256_cmpeq_epi32(r[1], mn)),
                            _mm256_or_si256(_mm256_cmpeq_epi32(r[2], mn), _mm256_cmpeq_epi32(r[3], mn)));
      }
      if (_mm256_movemask_epi8(e)) {
        for (size_t u = 0; u < 32; u += step)
          tl__st32(o + u * (size_t)D, tl__fi_blk(p + u * (size_t)S, SF, D, bits, sg), nt);
        continue;
      }
      if (D == 8) {
        for (int k = 0; k < 4; k++) {
          const __m256i v = sg ? r[k] : _mm256_max_epi32(r[k], _mm256_setzero_si256());
          const __m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1);
          tl__st32(o + 64 * k, sg ? _mm256_cvtepi32_epi64(lo) : _mm256_cvtepu32_epi64(lo), nt);
          tl__st32(o + 64 * k + 32, sg ? _mm256_cvtepi32_epi64(hi) : _mm256_cvtepu32_epi64(hi), nt);
        }
      } else if (D == 4) {
        for (int k = 0; k < 4; k++) tl__st32(o + 32 * k, sg ? r[k] : _mm256_max_epi32(r[k], _mm256_setzero_si256()), nt);
      } else if (D == 2 && IO) {
        tl__st32(o, pq, nt), tl__st32(o + 32, qq, nt);
      } else if (D == 2) {
        for (int k = 0; k < 2; k++)
          tl__st32(o + 32 * k,
                   _mm256_permute4x64_epi64(sg ? (k ? qq : pq) : _mm256_packus_epi32(r[2 * k], r[2 * k + 1]), 0xD8),
                   nt);
      } else { /* pq, qq: 8-bit values fit int16 */
        const __m256i b = sg ? _mm256_packs_epi16(pq, qq) : _mm256_packus_epi16(pq, qq);
        __m256i v = IO ? _mm256_permute4x64_epi64(b, 0xD8) : _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
        if (sg && bits < 8) v = tl__fi_low(_mm256_min_epi8(v, _mm256_set1_epi8((char)((1 << (bits - 1)) - 1))), bits);
        else if (!sg && bits < 8) v = _mm256_min_epu8(v, _mm256_set1_epi8((char)((1 << bits) - 1)));
        tl__st32(o, v, nt);
      }
    }
  }
  if ((D == 8 || (D == 4 && !sg)) && (SF == 8 || SF == TL__SF_C128)) {
    /* float64/complex128 -> int64/uint64/uint32: a step of 8 whose values
       VCVTTPD2DQ truncates into int32 (after a max with 0 for the unsigned
       ones: negatives and NaN to 0) has no lane at INT32_MIN, its answer
       for the rest; their int32 lanes are the result, widened. A step
       holding INT32_MIN (-2^31 itself too) takes tl__fi_blk. AVX2 on Zen 4,
       32 KiB, x memcpy, in alternation, against tl__fi_blk alone: float64
       -> int64 0.40 -> 0.90, -> uint64 0.54 -> 0.82, -> uint32 0.43 ->
       0.47, complex128 -> int64 0.45 -> 0.91, -> uint64 0.49 -> 0.58, ->
       uint32 0.52 -> 0.56; 64 MiB: 1.03-1.18x */
    for (; i + 8 <= n; i += 8) {
      const char *p = s + i * (size_t)S;
      char *o = d + i * (size_t)D;
      tl__pf(pf, p, 8 * (size_t)S);
      __m256d x0 = tl__ld4d(p, SF, 0), x1 = tl__ld4d(p, SF, 1);
      if (!sg) x0 = _mm256_max_pd(x0, _mm256_setzero_pd()), x1 = _mm256_max_pd(x1, _mm256_setzero_pd());
      const __m128i a = _mm256_cvttpd_epi32(x0), b = _mm256_cvttpd_epi32(x1);
      const __m256i v = _mm256_set_m128i(b, a);
      if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(v, _mm256_set1_epi32(INT32_MIN)))) {
        tl__st32(o, tl__fi_blk(p, SF, D, bits, sg), nt); /* 8 (D = 4) or 4 elements a block */
        if (D == 8) tl__st32(o + 32, tl__fi_blk(p + 4 * (size_t)S, SF, D, bits, sg), nt);
        continue;
      }
      if (D == 4) tl__st32(o, v, nt);
      else {
        tl__st32(o, sg ? _mm256_cvtepi32_epi64(a) : _mm256_cvtepu32_epi64(a), nt);
        tl__st32(o + 32, sg ? _mm256_cvtepi32_epi64(b) : _mm256_cvtepu32_epi64(b), nt);
      }
    }
  }
  if ((D == 8 && SF != 8 && SF != TL__SF_C128) ||
      (D == 4 && (SF == TL__SF_F16 || SF == TL__SF_BF16 || SF == TL__SF_C32 || (SF == TL__SF_BC32 && !sg)))) {
    /* values of float32 lanes below 2^31 in magnitude (every finite float16)
       fit int32: truncated by VCVTTPS2DQ alone (unsigned: the negative ones
       to 0 by a max first), no clamp or NaN mask, 8 a step, and into the
       8-byte integers widened, where the 64-bit path (tl__fq_pd) takes 4; a
       step holding a larger value, inf or NaN takes tl__fi_blk (their
       saturation). In alternation (32 KiB, x memcpy): float16 -> int64 0.18
       -> 0.64, -> uint64 0.24 -> 0.53, complex32 -> int64/uint64 0.20-0.26 ->
       0.57; float32 -> int64 0.24 -> 0.57, -> uint64 0.34 -> 0.68, bfloat16
       -> int64/uint64 0.17-0.22 -> 0.49-0.53, complex64 -> int64/uint64
       0.28-0.36 -> 0.74-0.76. Into int32/uint32 from the 2-byte floats
       (AVX2 on Zen 4, against tl__fi_blk alone): float16 -> uint32 0.40 ->
       0.65, bfloat16 -> uint32 0.37 -> 0.61, complex32 -> uint32 0.37 ->
       0.57, bfloat16 -> int32 0.53 -> 0.61, complex32 -> int32 0.51 -> 0.64,
       bcomplex32 -> uint32 0.52 -> 0.77 (bcomplex32 -> int32 lost: 0.81 ->
       0.77); 64 MiB: 1.02-1.10x. */
    const __m256 big = _mm256_castsi256_ps(_mm256_set1_epi32(0x4F000000)); /* 2^31 */
    /* 32 a step, tested on the 16-bit bits (2|h| against 2^31's, or inf's
       for float16: any finite one is below 2^31; complex32/bcomplex32: the
       real parts packed first); bfloat16 widened to float32 by unpacks with
       zero after a lane permute, float16 by VCVTPH2PS. In place of 8 a step
       with a float compare each, bfloat16 widened by VPMOVZXWD from memory
       (AVX2 on Zen 5, 32 KiB, x memcpy, in alternation): bfloat16 -> int32
       0.25 -> 0.49, -> uint32 0.25 -> 0.42, -> int64 0.26 -> 0.52, ->
       uint64 0.21 -> 0.47, float16 -> int32 0.21 -> 0.44, -> uint32 0.27 ->
       0.39, -> int64 0.25 -> 0.45, -> uint64 0.26 -> 0.41, complex32 ->
       int64 0.29 -> 0.40, bcomplex32 -> uint32 0.33 -> 0.42. (float32 and
       complex64 -> int64/uint64 took the loop above.) */
    if (SF == TL__SF_F16 || SF == TL__SF_BF16 || SF == TL__SF_C32 || SF == TL__SF_BC32) {
      const int BF = SF == TL__SF_BF16 || SF == TL__SF_BC32;
      const __m256i z = _mm256_setzero_si256();
      for (; i + 32 <= n; i += 32) {
        const char *p = s + i * (size_t)S;
        char *o = d + i * (size_t)D;
        tl__pf(pf, p, 32 * (size_t)S);
        __m256i h0, h1; /* 32 values' bits in order (complex: the real parts, the low halves packed) */
        if (S == 2) h0 = TL__L32(p), h1 = TL__L32(p + 32);
        else h0 = tl__re16(p), h1 = tl__re16(p + 64);
        if (tl__h2_past(h0, h1, BF ? 0x9DFF : 0xF7FF)) {
          for (size_t u = 0; u < 32; u += 32 / (size_t)D) tl__st32(o + u * (size_t)D, tl__fi_blk(p + u * (size_t)S, SF, D, bits, sg), nt);
          continue;
        }
        __m256 f[4];
        if (BF) {
          const __m256i q0 = _mm256_permute4x64_epi64(h0, 0xD8), q1 = _mm256_permute4x64_epi64(h1, 0xD8);
          f[0] = _mm256_castsi256_ps(_mm256_unpacklo_epi16(z, q0)), f[1] = _mm256_castsi256_ps(_mm256_unpackhi_epi16(z, q0));
          f[2] = _mm256_castsi256_ps(_mm256_unpacklo_epi16(z, q1)), f[3] = _mm256_castsi256_ps(_mm256_unpackhi_epi16(z, q1));
        } else {
          f[0] = _mm256_cvtph_ps(_mm256_castsi256_si128(h0)), f[1] = _mm256_cvtph_ps(_mm256_extracti128_si256(h0, 1));
          f[2] = _mm256_cvtph_ps(_mm256_castsi256_si128(h1)), f[3] = _mm256_cvtph_ps(_mm256_extracti128_si256(h1, 1));
        }
        for (int k = 0; k < 4; k++)
          tl__fi_st8(o + 8 * (size_t)D * (size_t)k, _mm256_cvttps_epi32(sg ? f[k] : _mm256_max_ps(f[k], _mm256_setzero_ps())), D, sg, nt);
      }
    }
    /* the last 8s */
    for (; i + 8 <= n; i += 8) {
      const char *p = s + i * (size_t)S;
      char *o = d + i * (size_t)D;
      tl__pf(pf, p, 8 * (size_t)S);
      const __m256 f = tl__ld8f(p, SF, 0);
      const __m256 a = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), f);
      if (_mm256_movemask_ps(_mm256_cmp_ps(a, big, _CMP_NLT_UQ))) { /* >= 2^31, inf or NaN */
        tl__st32(o, tl__fi_blk(p, SF, D, bits, sg), nt); /* 8 (D = 4) or 4 elements a block */
        if (D == 8) tl__st32(o + 32, tl__fi_blk(p + 4 * (size_t)S, SF, D, bits, sg), nt);
        continue;
      }
      tl__fi_st8(o, _mm256_cvttps_epi32(sg ? f : _mm256_max_ps(f, _mm256_setzero_ps())), D, sg, nt);
    }
  }
  if (D <= 2 && (SF == TL__SF_F16 || SF == TL__SF_BF16 || SF == TL__SF_C32 || SF == TL__SF_BC32))
    for (; i + step <= n; i += step) {
      const char *p = s + i * (size_t)S;
      tl__pf(pf, p, step * (size_t)S);
      tl__st32(d + i * (size_t)D, tl__fi_blk16(p, SF, D, bits, sg), nt);
    }
  for (; i + step <= n; i += step) tl__pf(pf, s + i * (size_t)S, step * (size_t)S), tl__st32(d + i * (size_t)D, tl__fi_blk(s + i * (size_t)S, SF, D, bits, sg), nt);
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * (size_t)S, S, to, d + i * (size_t)D, D, n - i, 0);
}

static inline __attribute__((always_inline)) void tl__fi_run(tl_dtype from, tl_dtype to, int S, int D, int bits,
                                                             int sg, const void *sv, void *dv, size_t n) {
  tl__fi_run_sf(from, to, S, S, D, bits, sg, sv, dv, n);
}
#define TL__FI(NAME, FT, TT, S, D, BITS, SG) \
  static void k_##NAME(const void *s, void *d, size_t n) { tl__fi_run(FT, TT, S, D, BITS, SG, s, d, n); }
/* every integer destination of `bits` < 64 bits (int1 ... uint7 included) */
#define TL__F2I_ALL(X, TAG, FT, S) TL__F2I_DSTS(X, TAG, FT, S) TL__F2I_SUB_DSTS(X, TAG, FT, S)
TL__F2I_ALL(TL__FI, f32, TL_FLOAT32, 4)
TL__F2I_ALL(TL__FI, f64, TL_FLOAT64, 8)

/* float16, bfloat16 and complex (the real part) -> integers: the same blocks
 * on the source read as float32 (float64 for complex128), one kernel each
 * instead of a chain through float32/float64. */
static inline __attribute__((always_inline)) int tl__sf_of(tl_dtype d) {
  switch (d) {
  case TL_FLOAT16: return TL__SF_F16;
  case TL_BFLOAT16: return TL__SF_BF16;
  case TL_COMPLEX32: return TL__SF_C32;
  case TL_COMPLEX64: return TL__SF_C64;
  case TL_BCOMPLEX32: return TL__SF_BC32;
  default: return TL__SF_C128;
  }
}
#define TL__FIX(NAME, FT, TT, S, D, BITS, SG) \
  static void k_##NAME(const void *s, void *d, size_t n) { tl__fi_run_sf(FT, TT, tl__sf_of(FT), S, D, BITS, SG, s, d, n); }
TL__F2I_ALL(TL__FIX, h, TL_FLOAT16, 2)
TL__F2I_ALL(TL__FIX, bh, TL_BFLOAT16, 2)
TL__F2I_ALL(TL__FIX, c32, TL_COMPLEX32, 4)
TL__F2I_ALL(TL__FIX, c64, TL_COMPLEX64, 8)
TL__F2I_ALL(TL__FIX, c128, TL_COMPLEX128, 16)
TL__F2I_ALL(TL__FIX, bc32, TL_BCOMPLEX32, 4)
#undef TL__FIX

static tl__contig_fn tl__f2i_kernel(tl_dtype from, tl_dtype to) {
#define TL__FI_ENT(NAME, FT, TT, S, D, BITS, SG) [TT] = k_##NAME,
  static const tl__contig_fn k[2][TL_NUM_CONCRETE] = {{TL__F2I_ALL(TL__FI_ENT, f32, TL_FLOAT32, 4)},
                                                    {TL__F2I_ALL(TL__FI_ENT, f64, TL_FLOAT64, 8)}};
  static const tl__contig_fn kx[6][TL_NUM_CONCRETE] = {{TL__F2I_ALL(TL__FI_ENT, h, TL_FLOAT16, 2)},
                                                     {TL__F2I_ALL(TL__FI_ENT, bh, TL_BFLOAT16, 2)},
                                                     {TL__F2I_ALL(TL__FI_ENT, c32, TL_COMPLEX32, 4)},
                                                     {TL__F2I_ALL(TL__FI_ENT, c64, TL_COMPLEX64, 8)},
                                                     {TL__F2I_ALL(TL__FI_ENT, c128, TL_COMPLEX128, 16)},
                                                     {TL__F2I_ALL(TL__FI_ENT, bc32, TL_BCOMPLEX32, 4)}};
#undef TL__FI_ENT
  if ((int)to < 0 || to >= TL_NUM_CONCRETE) return NULL;
  switch (from) {
  case TL_FLOAT32: return k[0][to]; /* NULL for bool and non-integers */
  case TL_FLOAT64: return k[1][to];
  case TL_FLOAT16: return kx[0][to];
  case TL_BFLOAT16: return kx[1][to];
  case TL_COMPLEX32: return kx[2][to];
  case TL_COMPLEX64: return kx[3][to];
  case TL_COMPLEX128: return kx[4][to];
  case TL_BCOMPLEX32: return kx[5][to];
  default: return NULL;
  }
}
/* A contiguous kernel (TL__KLOOP_PF, convert_internal.h); streaming stores
 * (tl__st32 with nt) when a body writes whole 32-byte vectors. TL__K and
 * TL__KB (below): their streaming runs prefetch the source on Intel as
 * TL__KW's (an Intel Xeon, AVX2, 64 MiB, x memcpy, two rounds in
 * alternation with the build before: int64 -> float64 1.00-1.05 -> 1.32,
 * int64 -> float32 0.99-1.04 -> 1.33-1.34, uint32 -> float32 1.11-1.23 ->
 * 1.34-1.35, complex64 -> float32 1.26-1.27 -> 1.42-1.43, complex128 ->
 * float64 1.21-1.30 -> 1.45-1.46, float32 -> complex64 1.25-1.40 ->
 * 1.45-1.49, uint16 -> uint8 1.11-1.18 -> 1.36-1.47; int32 -> int8
 * 0.78-0.96 either way, this VM's noise). */
#define TL__K(NAME, FROM, TO, S, D, STEP, ...) TL__KLOOP_PF(NAME, FROM, TO, S, D, STEP, 32, TL__PF_INTEL, __VA_ARGS__)

/* ---- complex (rules: tl__nan_out, tl__encode) --------------------------------
 * complex -> its component type is the real part, bits copied (NaN payloads
 * are kept for these three pairs): a deinterleave. A real value in the
 * component type -> complex is (x, +0.0), bits copied for float32/float64;
 * float16 -> complex32 canonicalises NaN to sign | 0x7E00. Other complex <->
 * real pairs are chains through these (convert_plan.c). */
#define TL__LPD(p) _mm256_loadu_pd((const double *)(const void *)(p))
TL__K(re_c64, TL_COMPLEX64, TL_FLOAT32, 8, 4, 8, tl__st32(dp, _mm256_castps_si256(tl__re_c64(sp)), nt))
TL__K(re_c128, TL_COMPLEX128, TL_FLOAT64, 16, 8, 4, tl__st32(dp, _mm256_castpd_si256(tl__re_c128(sp)), nt))
/* low halves of the 32-bit lanes, packed (exact after the mask), lanes in
   order; a NaN as ml_dtypes gives it, canonical (sign | 0x7E00: complex32's
   parts go through float32 there, tl__nan_out) */
static inline __m256i tl__canon_nan16(__m256i h) {
  if (!tl__h2_past(h, h, 0xF800)) return h; /* 2|h| past inf's: a NaN (rare: one test) */
  const __m256i nan = _mm256_cmpgt_epi16(_mm256_and_si256(h, _mm256_set1_epi16(0x7FFF)), _mm256_set1_epi16(0x7C00));
  return _mm256_blendv_epi8(h, _mm256_or_si256(_mm256_and_si256(h, _mm256_set1_epi16((short)0x8000)), _mm256_set1_epi16(0x7E00)), nan);
}
/* 64 a block, one NaN test for the four vectors (2|h| past inf's) */
static inline __attribute__((always_inline)) void tl__re_c32_64(const char *sp, char *dp, int nt) {
  __m256i v[4];
  for (int k = 0; k < 4; k++) v[k] = tl__re16(sp + 64 * k);
  const __m256i m = _mm256_max_epu16(_mm256_max_epu16(_mm256_add_epi16(v[0], v[0]), _mm256_add_epi16(v[1], v[1])),
                                     _mm256_max_epu16(_mm256_add_epi16(v[2], v[2]), _mm256_add_epi16(v[3], v[3])));
  const __m256i past = _mm256_subs_epu16(m, _mm256_set1_epi16((short)0xF800));
  if (!_mm256_testz_si256(past, past))
    for (int k = 0; k < 4; k++) v[k] = tl__canon_nan16(v[k]);
  for (int k = 0; k < 4; k++) tl__st32(dp + 32 * k, v[k], nt);
}
TL__K(re_c32, TL_COMPLEX32, TL_FLOAT16, 4, 2, 64, tl__re_c32_64(sp, dp, nt))
TL__K(mk_c64, TL_FLOAT32, TL_COMPLEX64, 4, 8, 4, tl__st32(dp, _mm256_cvtepu32_epi64(TL__L16(sp)), nt))
/* (x0 x1) -> (x0 x0 x1 x1) -> (x0 0 x1 0) */
TL__K(mk_c128, TL_FLOAT64, TL_COMPLEX128, 8, 16, 2, tl__st32(dp, _mm256_castpd_si256(_mm256_blend_pd(_mm256_permute4x64_pd(_mm256_castpd128_pd256(_mm_loadu_pd((const double *)(const void *)sp)), 0x50), _mm256_setzero_pd(), 0xA)), nt))
/* 32 float16 -> complex32 a block: one test for NaN on 2|h| (unsigned, the
   sign shifted out), then each 8 zero-extended from memory (VPMOVZXWD) and
   stored; a block holding a NaN canonicalises per 8. Against the canonical
   form of every 8 (AVX2 on Zen 5, 32 KiB, x memcpy, in alternation): 0.37
   -> 0.57 (1.53x); 64 MiB 1.05x. bfloat16 -> bcomplex32 likewise
   (tl__mk_bc32). */
static inline __attribute__((always_inline)) int tl__h32_nan(const char *sp, int bf) {
  return tl__h2_past(TL__L32(sp), TL__L32(sp + 32), bf ? 0xFF00 : 0xF800); /* 2|h| past inf's */
}
static inline __attribute__((always_inline)) void tl__mk_c32(const char *sp, char *dp, int nt) {
  if (!tl__h32_nan(sp, 0))
    for (int k = 0; k < 4; k++) tl__st32(dp + 32 * k, _mm256_cvtepu16_epi32(TL__L16(sp + 16 * k)), nt);
  else
    for (int k = 0; k < 4; k++) tl__st32(dp + 32 * k, _mm256_cvtepu16_epi32(tl__canon_h8(TL__L16(sp + 16 * k))), nt);
}
TL__K(mk_c32, TL_FLOAT16, TL_COMPLEX32, 2, 4, 32, tl__mk_c32(sp, dp, nt))

/* ---- sub-byte integers (int1-7, uint1-7, stored one per byte) -> the wide
 * dtypes: the byte's low bits sign- or zero-extended to int32 lanes (as
 * tl__decode), then: int32/uint32 as is (an unsigned destination takes the
 * two's complement, as the scalar cast), int64/uint64 extended, float32 /
 * float64 converted (exact), complex64 the float32 bits zero-extended to 64
 * (x, +0), complex128 the int32 lanes (v, 0) converted, bcomplex32 the
 * float32's upper half (exact) in the low half. 8 elements per step. Measured
 * in alternation against the lookups they replace (4 byte planes; 32 KiB, x
 * memcpy): into int32/int64/complex64/complex128 0.3-0.38 -> 0.55-0.72,
 * float32 0.38-0.5 -> 0.4-0.63; into complex32 the lookup (two planes) stays,
 * VCVTPS2PH made it slower (0.52 -> 0.41). int8/uint8 (bits 8) take the same
 * blocks into complex64, bcomplex32 and (VCVTPS2PH, exact) complex32, where
 * their 256-entry lookups had 2-4 byte planes of 16 sub-tables (in
 * alternation, 32 KiB, x memcpy: 0.14-0.19 -> 0.34-0.68); their other wide
 * outputs had kernels already. bool (bits 0: min(byte, 1)) into int64/uint64,
 * float64, complex64, complex128: 0.27-0.37 -> 0.56-0.63. With 4 blocks a
 * step (one a step ran into int32 at half the speed of the widening loops)
 * they also beat the lookups of bool into int32/uint32 (0.41 -> 0.93),
 * float32 (0.41 -> 0.63), bcomplex32 (0.43 -> 0.57), complex32 (0.43 ->
 * 0.46), and of the sub-byte integers into complex32 (uint2/uint4 0.43 ->
 * 0.57, int7 0.15 -> 0.41; signed 1-4 bits keep their lookups: 0.44 against
 * 0.41). Zen 2 (32 KiB, x memcpy) then ran them at half the speed of the
 * int8/uint8 widening loops: the sign extension by two shifts (one pipe
 * there) and complex64's interleave. Now the bytes are widened from memory
 * and made canonical by ALU operations in the wide lanes (tl__sbcanon),
 * int64 and float64 take 4 bytes a step, complex64 zero-extends to 64-bit
 * lanes and converts them whole ((x, +0) with no interleave) and complex32
 * scales by 2^-112 instead of VCVTPS2PH (two micro-ops of one pipe there):
 * int4 -> int32 0.42 -> 0.73, int2 -> float32 0.42 -> 0.63, int4 -> int64
 * 0.33 -> 0.69, uint4 -> int64 0.46 -> 0.69, int4 -> float64 0.29 -> 0.54,
 * bool -> float64 0.45 -> 0.57, int8 / uint8 -> complex64 0.33 / 0.46 -> 0.68,
 * bool / uint4 / uint8 -> complex32 0.42 -> 0.59-0.63, int8 -> complex32 0.24
 * -> 0.41 (signed 1-4 bits keep their lookups: 0.39 against 0.29). Now
 * float64, complex64 and complex128, from int8/uint8 too, are made without a
 * conversion instruction (tl__sbm8). */
enum { TL__SB_I32, TL__SB_I64, TL__SB_F32, TL__SB_F64, TL__SB_C64, TL__SB_C128, TL__SB_BC32, TL__SB_C32, TL__SB_N };
/* The canonical value of the bytes widened into v's lanes (32- or 64-bit, Q):
   bool min(byte, 1); 1-7 bits the low bits, sign-extended as ((v & m) ^ s) -
   s; int8 as it is, or by the same formula when ZX (zero-extended: complex64
   wants its lanes' high halves 0). ALU operations only: the two shifts a
   step this took before ran on one pipe (Zen 2), and widening from a
   register (after byte operations) is slower than from memory there. */
static inline __attribute__((always_inline)) __m256i tl__sbcanon(__m256i v, int bits, int sg, int q, int zx) {
  if (bits == 0) return _mm256_min_epu32(v, _mm256_set1_epi32(1)); /* 64-bit lanes: their high halves are 0 */
  if (bits >= 8 && !(sg && zx)) return v;
  const __m256i m = q ? _mm256_set1_epi64x((1 << bits) - 1) : _mm256_set1_epi32((1 << bits) - 1);
  if (!sg) return _mm256_and_si256(v, m);
  const __m256i sb = q ? _mm256_set1_epi64x(1 << (bits - 1)) : _mm256_set1_epi32(1 << (bits - 1));
  const __m256i t = _mm256_xor_si256(bits == 8 ? v : _mm256_and_si256(v, m), sb); /* int8 here: zero-extended */
  return q ? _mm256_sub_epi64(t, sb) : _mm256_sub_epi32(t, sb);
}
/* 8 elements of tl__sbw_run at source byte s8 to o */
static inline __attribute__((always_inline)) void tl__sbw8(int bits, int sg, int DST, const char *s8, char *o, int nt) {
  const int sx = sg && bits == 8; /* int8: sign-extended as it is widened */
  if (DST == TL__SB_I64) {
    for (int h = 0; h < 2; h++) {
      const __m128i b = TL__L4(s8 + 4 * h);
      tl__st32(o + 32 * h, tl__sbcanon(sx ? _mm256_cvtepi8_epi64(b) : _mm256_cvtepu8_epi64(b), bits, sg, 1, !sx), nt);
    }
    return;
  }
  const __m256i v = tl__sbcanon(sx ? _mm256_cvtepi8_epi32(TL__L8(s8)) : _mm256_cvtepu8_epi32(TL__L8(s8)), bits, sg, 0, !sx);
  switch (DST) {
  case TL__SB_I32: tl__st32(o, v, nt); break;
  case TL__SB_F32: tl__st32(o, _mm256_castps_si256(_mm256_cvtepi32_ps(v)), nt); break;
  case TL__SB_C32: { /* float16 bits as tl__b8_h's even elements: the magnitude scaled by 2^-112, >> 13 */
    const __m256i a = sg ? _mm256_abs_epi32(v) : v;
    __m256i h = _mm256_srli_epi32(_mm256_castps_si256(_mm256_mul_ps(_mm256_cvtepi32_ps(a), _mm256_set1_ps(0x1p-112f))), 13);
    if (sg) h = _mm256_or_si256(h, _mm256_and_si256(_mm256_srli_epi32(v, 16), _mm256_set1_epi32(0x8000)));
    tl__st32(o, h, nt);
    break;
  }
  default: tl__st32(o, _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(v)), 16), nt); break;
  }
}
/* 32 bytes of a signed sub-byte integer (bits 1-7) made canonical in byte
   lanes (tl__canon8 on 32: the low bits sign-extended) */
static inline __attribute__((always_inline)) __m256i tl__canon32(__m256i x, int bits) {
  const __m256i sb = _mm256_set1_epi8((char)(1 << (bits - 1)));
  return _mm256_sub_epi8(_mm256_xor_si256(_mm256_and_si256(x, _mm256_set1_epi8((char)((1 << bits) - 1))), sb), sb);
}
/* 32 int8 c -> 32 elements at o, sign-extended from registers (the low 8 or
   4 bytes of each shifted down): int32/int64 as they are, float32
   converted */
static inline __attribute__((always_inline)) void tl__sbw32c(int DST, __m256i c, char *o, int nt) {
  const __m128i L[2] = {_mm256_castsi256_si128(c), _mm256_extracti128_si256(c, 1)};
  for (int l = 0; l < 2; l++) {
    if (DST == TL__SB_I32 || DST == TL__SB_F32) {
      const __m128i g[2] = {L[l], _mm_srli_si128(L[l], 8)};
      for (int h = 0; h < 2; h++) {
        const __m256i v = _mm256_cvtepi8_epi32(g[h]);
        tl__st32(o + 64 * l + 32 * h, DST == TL__SB_F32 ? _mm256_castps_si256(_mm256_cvtepi32_ps(v)) : v, nt);
      }
      continue;
    }
    const __m128i g[4] = {L[l], _mm_srli_si128(L[l], 4), _mm_srli_si128(L[l], 8), _mm_srli_si128(L[l], 12)};
    for (int h = 0; h < 4; h++) {
      const __m256i q = _mm256_cvtepi8_epi64(g[h]);
      tl__st32(o + 128 * l + 32 * h, q, nt);
    }
  }
}
static inline uint64_t tl__ld64u(const void *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}
/* tl__sbm8 / tl__wbm16's last step: the floats x (2^52 + u, or 2^23 + u
   in complex64's real parts; imaginary parts 0) less 2^52 + bias (2^23 +
   bias), stored at o */
static inline __attribute__((always_inline)) void tl__sbm_st(int DST, __m256i x, double bias, char *o, int nt) {
  if (DST == TL__SB_C64) {
    const float k = 0x1p23f + (float)bias;
    tl__st32(o, _mm256_castps_si256(_mm256_sub_ps(_mm256_castsi256_ps(x), _mm256_setr_ps(k, 0, k, 0, k, 0, k, 0))), nt);
  } else {
    const double k = 0x1p52 + bias;
    const __m256d m = DST == TL__SB_F64 ? _mm256_set1_pd(k) : _mm256_setr_pd(k, 0, k, 0);
    tl__st32(o, _mm256_castpd_si256(_mm256_sub_pd(_mm256_castsi256_pd(x), m)), nt);
  }
}
/* tl__sbm8's VPSHUFB index for byte pos (0-31) of output vector j, for
   W-byte sources: the output's element in that slot (D bytes: float64 8,
   complex64 8 (float32 and +0), complex128 16) takes source bytes e*W ..
   e*W + W-1 as its low bytes and the exponent bytes of the lane's upper half
   (8, 9: 2^52's; 8: 2^23's) as its top ones; -1 (0) elsewhere. */
static inline __attribute__((always_inline)) char tl__sbm_ix(int DST, int W, int j, int pos) {
  const int D = DST == TL__SB_C128 ? 16 : 8, q = pos % 16, r = q % D;
  const int e = j * (32 / D) + (pos / 16) * (16 / D) + q / D;
  if (DST == TL__SB_C128 && r >= 8) return -1; /* the imaginary part */
  if (r < W) return (char)(e * W + r);
  if (DST == TL__SB_C64) return (char)(r == 3 ? 8 : -1);
  return (char)(r == 6 ? 8 : r == 7 ? 9 : -1);
}
#define TL__SBM_IX(D_, W_, j_, a)                                                                                     \
  tl__sbm_ix(D_, W_, j_, a + 0), tl__sbm_ix(D_, W_, j_, a + 1), tl__sbm_ix(D_, W_, j_, a + 2), tl__sbm_ix(D_, W_, j_, a + 3), \
      tl__sbm_ix(D_, W_, j_, a + 4), tl__sbm_ix(D_, W_, j_, a + 5), tl__sbm_ix(D_, W_, j_, a + 6),                 \
      tl__sbm_ix(D_, W_, j_, a + 7)
/* 8 one-byte integers at s8 (bits 0 for bool, 1-8) -> 8 float64 /
   complex64 / complex128 at o with no conversion instruction: each value x
   as u = x + bias, a byte in 0..255 (bool min(byte, 1), uintK the low K
   bits, intK the low K bits with the top one flipped, bias 2^(K-1); int8
   byte ^ 0x80, bias 128), placed by VPSHUFB as the low byte of the float
   whose other bytes are those of 2^52 (float64: 0x4330...) or 2^23
   (complex64's float32: 0x4B00...): the float 2^52 + u, from which one
   subtraction of 2^52 + bias leaves x, exact (the imaginary parts: bits 0
   minus 0.0, +0). The 8 bytes are broadcast to every 64-bit half and the
   exponent bytes written into the upper half of each lane (with u's mask
   and flip), so
   one shuffle makes each output vector: 2-4 operations and a store per 32
   bytes out, where the conversions (VCVTDQ2PD, widening shuffles) ran on
   fewer pipes. AVX2 on Zen 5, 32 KiB, one process alternating the builds,
   x memcpy: into complex128 1.6-2.4x (bool / uint2 / uint4 0.28 -> 0.63,
   int2 / int4 0.25 -> 0.62, int8 0.34 -> 0.64, uint8 0.39 -> 0.62), float64
   1.18-1.37x (bool / uint2 / uint4 0.39-0.40 -> 0.53-0.54, int2 / int4 0.34
   -> 0.46, int8 0.45 -> 0.53, uint8 0.45 -> 0.59), complex64 1.31-1.38x from
   the signed ones (int2 / int4 0.33 -> 0.46, int8 0.41 -> 0.54), 1.00-1.02x
   from the others; 64 MiB 1.00-1.03x. float32 (8 outputs a vector, one
   VCVTDQ2PS) ran 0.68-0.87x so and keeps its conversion. */
static inline __attribute__((always_inline)) void tl__sbm8(int bits, int sg, int DST, const char *s8, char *o, int nt) {
  const int W = 1;
  const int dbl = DST == TL__SB_F64 || DST == TL__SB_C128;
  __m256i v = _mm256_set1_epi64x((long long)tl__ld64u(s8));
  /* bytes 8-9 of each lane: 2^52's top bytes (0x30, 0x43), or byte 8: 2^23's (0x4B) */
  const long long e = dbl ? 0x4330 : 0x4B;
  if (bits == 0 || (bits == 8 && !sg)) { /* bool: min(byte, 1); uint8: the bytes */
    v = _mm256_blend_epi32(bits ? v : _mm256_min_epu8(v, _mm256_set1_epi8(1)), _mm256_set1_epi64x(e), 0xCC);
  } else { /* the low half's bytes masked and (signed) their top bit flipped, the high half's replaced: an AND
              and an XOR (signed 1-7 bits -> float64 / complex64 1.19x against the AND, XOR and blend) */
    const uint64_t m = 0x0101010101010101ull * (unsigned)((1 << bits) - 1);
    const long long f = sg ? (long long)(0x0101010101010101ull * (1u << (bits - 1))) : 0;
    v = _mm256_xor_si256(_mm256_and_si256(v, _mm256_setr_epi64x((long long)m, 0, (long long)m, 0)), _mm256_setr_epi64x(f, e, f, e));
  }
  const double bias = sg ? (double)(1ull << (bits - 1)) : 0; /* 2^(bits-1): exact in float32 too */
  const int per = DST == TL__SB_C128 ? 4 : 2; /* output vectors */
  for (int j = 0; j < per; j++) {
    const __m256i c = _mm256_setr_epi8(TL__SBM_IX(DST, W, j, 0), TL__SBM_IX(DST, W, j, 8), TL__SBM_IX(DST, W, j, 16),
                                       TL__SBM_IX(DST, W, j, 24));
    tl__sbm_st(DST, _mm256_shuffle_epi8(v, c), bias, o + 32 * j, nt);
  }
}
/* 16 bytes of W-byte integers (W = 2, 4) at p -> float64 / complex64 /
   complex128 at o, as tl__sbm8 but from the 16 bytes broadcast to both lanes
   (a load): VPSHUFB places each element's bytes (tl__sbm_ix with no exponent
   bytes), one XOR both flips a signed element's top bit and writes the
   exponent bytes (unsigned: an OR), one subtraction. */
static inline __attribute__((always_inline)) char tl__wbm_ix(int DST, int W, int j, int pos) {
  const char c = tl__sbm_ix(DST, W, j, pos);
  return c >= 8 && (pos % 16) % (DST == TL__SB_C128 ? 16 : 8) >= W ? (char)-1 : c;
}
#define TL__WBM_IX(D_, W_, j_, a)                                                                                     \
  tl__wbm_ix(D_, W_, j_, a + 0), tl__wbm_ix(D_, W_, j_, a + 1), tl__wbm_ix(D_, W_, j_, a + 2), tl__wbm_ix(D_, W_, j_, a + 3), \
      tl__wbm_ix(D_, W_, j_, a + 4), tl__wbm_ix(D_, W_, j_, a + 5), tl__wbm_ix(D_, W_, j_, a + 6),                 \
      tl__wbm_ix(D_, W_, j_, a + 7)
static inline __attribute__((always_inline)) void tl__wbm16(int W, int sg, int DST, const char *p, char *o, int nt) {
  const __m256i v = _mm256_broadcastsi128_si256(TL__L16(p));
  const int per = (DST == TL__SB_C128 ? 16 : 8) / (2 * W); /* output vectors */
  const double bias = sg ? (double)(1ull << (8 * W - 1)) : 0;
  /* each element's exponent bytes (2^52's or 2^23's) and, signed, the flip of its top bit */
  const uint64_t flip = sg ? 0x80ull << (8 * (W - 1)) : 0;
  const __m256i X = DST == TL__SB_F64   ? _mm256_set1_epi64x((long long)(0x4330000000000000ull | flip))
                    : DST == TL__SB_C128 ? _mm256_setr_epi64x((long long)(0x4330000000000000ull | flip), 0,
                                                              (long long)(0x4330000000000000ull | flip), 0)
                                         : _mm256_set1_epi64x((long long)(0x4B000000ull | flip));
  for (int j = 0; j < per; j++) {
    const __m256i c = _mm256_setr_epi8(TL__WBM_IX(DST, W, j, 0), TL__WBM_IX(DST, W, j, 8), TL__WBM_IX(DST, W, j, 16),
                                       TL__WBM_IX(DST, W, j, 24));
    const __m256i x = sg ? _mm256_xor_si256(_mm256_shuffle_epi8(v, c), X) : _mm256_or_si256(_mm256_shuffle_epi8(v, c), X);
    tl__sbm_st(DST, x, bias, o + 32 * j, nt);
  }
}
static inline __attribute__((always_inline)) void tl__wbm_run(tl_dtype from, tl_dtype to, int W, int sg, int DST,
                                                              const void *sv, void *dv, size_t n) {
  const size_t D = DST == TL__SB_C128 ? 16 : 8, E = 16 / (size_t)W; /* elements a call */
  const char *s = sv;
  char *d = dv;
  int ntr;
  size_t i = tl__nt_head(from, to, s, d, n, (size_t)W, D, &ntr);
  TL__NT_BOTH(for (; i + 4 * E <= n; i += 4 * E) for (size_t u = 0; u < 4; u++)
                  tl__wbm16(W, sg, DST, s + (i + E * u) * (size_t)W, d + (i + E * u) * D, nt););
  if (i < n) tl__convert_generic(from, s + i * (size_t)W, W, to, d + i * D, (ptrdiff_t)D, n - i, 0);
}
static void wb_u16_f64(const void *s, void *d, size_t n) { tl__wbm_run(TL_UINT16, TL_FLOAT64, 2, 0, TL__SB_F64, s, d, n); }
static void wb_i16_c64(const void *s, void *d, size_t n) { tl__wbm_run(TL_INT16, TL_COMPLEX64, 2, 1, TL__SB_C64, s, d, n); }
static void wb_u16_c64(const void *s, void *d, size_t n) { tl__wbm_run(TL_UINT16, TL_COMPLEX64, 2, 0, TL__SB_C64, s, d, n); }
static void wb_i16_c128(const void *s, void *d, size_t n) { tl__wbm_run(TL_INT16, TL_COMPLEX128, 2, 1, TL__SB_C128, s, d, n); }
static void wb_u16_c128(const void *s, void *d, size_t n) { tl__wbm_run(TL_UINT16, TL_COMPLEX128, 2, 0, TL__SB_C128, s, d, n); }
static void wb_i32_c128(const void *s, void *d, size_t n) { tl__wbm_run(TL_INT32, TL_COMPLEX128, 4, 1, TL__SB_C128, s, d, n); }
static void wb_u32_c128(const void *s, void *d, size_t n) { tl__wbm_run(TL_UINT32, TL_COMPLEX128, 4, 0, TL__SB_C128, s, d, n); }
static void f_u16_f64(const void *s, void *d, size_t n) { wb_u16_f64(s, d, n); } /* the shared integer table's */
/* The pairs tl__wbm_run takes: AVX2 on Zen 5, 32 KiB, in alternation against the one-pass conversions (tl__rc_run,
   q52): int16 / uint16 -> complex128 1.30-1.46x (0.38-0.41 -> 0.55x memcpy), -> complex64 1.11-1.20x (0.45-0.48 ->
   0.50-0.57), uint16 -> float64 1.12-1.15x (0.48 -> 0.53-0.57), uint32 -> complex128 1.38-1.43x (0.40 -> 0.57),
   int32 -> complex128 1.02-1.15x; 64 MiB 1.03-1.17x. int16 -> float64 ran 0.94-1.03x and keeps q52. */
static tl__contig_fn tl__wbm_kernel(tl_dtype from, tl_dtype to) {
  switch (from) {
  case TL_INT16: return to == TL_COMPLEX64 ? wb_i16_c64 : to == TL_COMPLEX128 ? wb_i16_c128 : NULL;
  case TL_UINT16: return to == TL_FLOAT64 ? wb_u16_f64 : to == TL_COMPLEX64 ? wb_u16_c64 : to == TL_COMPLEX128 ? wb_u16_c128 : NULL;
  case TL_INT32: return to == TL_COMPLEX128 ? wb_i32_c128 : NULL;
  case TL_UINT32: return to == TL_COMPLEX128 ? wb_u32_c128 : NULL;
  default: return NULL;
  }
}
static inline __attribute__((always_inline)) void tl__sbw_run(tl_dtype from, tl_dtype to, int bits, int sg, int DST,
                                                              const void *sv, void *dv, size_t n) {
  static const int dsz[TL__SB_N] = {4, 8, 4, 8, 8, 16, 4, 4};
  const size_t D = (size_t)dsz[DST];
  const char *s = sv;
  char *d = dv;
  int ntr;
  size_t i = tl__nt_head(from, to, s, d, n, 1, D, &ntr);
  if (DST == TL__SB_F64 || DST == TL__SB_C64 || DST == TL__SB_C128) { /* by the magic number (tl__sbm8) */
    TL__NT_BOTH(for (; i + 32 <= n; i += 32) for (int u = 0; u < 4; u++)
                    tl__sbm8(bits, sg, DST, s + i + 8 * u, d + (i + 8 * u) * D, nt););
    if (i < n) tl__convert_generic(from, s + i, 1, to, d + i * D, (ptrdiff_t)D, n - i, 0);
    return;
  }
  if (sg && bits > 0 && bits < 8 && (DST == TL__SB_I32 || DST == TL__SB_I64 || DST == TL__SB_F32)) {
    /* the signed sub-byte integers: 32 bytes made canonical at once in byte lanes (three operations), then
       sign-extended from registers, in place of the same three in each wide vector (AVX2 on Zen 5, 32 KiB, in
       alternation in one process: int2-int7 -> int32 1.08-1.26x, -> int64 1.21-1.24x, -> float32 1.31-1.33x,
       -> float64 (by the magic number, before tl__sbm8) 1.28-1.29x; int1 0.95-1.09x; the unsigned ones and bool, whose
       canonical form is one operation, ran 0.77-1.2x, as the code's placement fell, and keep theirs) */
    TL__NT_BOTH(for (; i + 32 <= n; i += 32) tl__sbw32c(DST, tl__canon32(TL__L32(s + i), bits), d + i * D, nt););
    if (i < n) tl__convert_generic(from, s + i, 1, to, d + i * D, (ptrdiff_t)D, n - i, 0);
    return;
  }
  /* 4 blocks a step: one a step ran at half the speed into int32 (0.43 against
     the 4-block widening loops' 0.97x memcpy); nt a constant of each loop */
  TL__NT_BOTH(for (; i + 32 <= n; i += 32) for (int u = 0; u < 4; u++)
                  tl__sbw8(bits, sg, DST, s + i + 8 * u, d + (i + 8 * u) * D, nt);
              for (; i + 8 <= n; i += 8) tl__sbw8(bits, sg, DST, s + i, d + i * D, nt););
  if (i < n) tl__convert_generic(from, s + i, 1, to, d + i * D, (ptrdiff_t)D, n - i, 0);
}
#define TL__SUBBYTE_INTS(X)                                                                            \
  X(TL_INT1, i1, 1, 1) X(TL_INT2, i2, 2, 1) X(TL_INT3, i3, 3, 1) X(TL_INT4, i4, 4, 1) X(TL_INT5, i5, 5, 1) \
  X(TL_INT6, i6, 6, 1) X(TL_INT7, i7, 7, 1) X(TL_UINT1, u1, 1, 0) X(TL_UINT2, u2, 2, 0)                  \
  X(TL_UINT3, u3, 3, 0) X(TL_UINT4, u4, 4, 0) X(TL_UINT5, u5, 5, 0) X(TL_UINT6, u6, 6, 0) X(TL_UINT7, u7, 7, 0)
/* Sub-byte integers -> int16/uint16 (sign- or zero-extended, the two's
 * complement bits either way, as the scalar cast) and -> float16/bfloat16
 * (tl__b8_h on the bytes sign- or zero-extended first: exact), 16 a step;
 * used where they beat the 2-plane lookups (TL__SB16_USE). */
static inline __m128i tl__canon8(__m128i x, int bits, int sg) {
  const __m128i m = _mm_set1_epi8((char)((1 << bits) - 1));
  if (!sg) return _mm_and_si128(x, m);
  const __m128i sb = _mm_set1_epi8((char)(1 << (bits - 1)));
  return _mm_sub_epi8(_mm_xor_si128(_mm_and_si128(x, m), sb), sb);
}
#define TL__SB16_DEF(FT, TAG, B, SG)                                                                                   \
  TL__KW(sh_##TAG##_i16, FT, TL_INT16, 1, 2, TL__L16,                                                                  \
         SG ? _mm256_cvtepi8_epi16(tl__canon8(x, B, 1)) : _mm256_cvtepu8_epi16(tl__canon8(x, B, 0)))                   \
  TL__KW(sh_##TAG##_u16, FT, TL_UINT16, 1, 2, TL__L16,                                                                 \
         SG ? _mm256_cvtepi8_epi16(tl__canon8(x, B, 1)) : _mm256_cvtepu8_epi16(tl__canon8(x, B, 0)))                   \
  TL__KW(sh_##TAG##_f16, FT, TL_FLOAT16, 1, 2, TL__L16, tl__b8_h(tl__canon8(x, B, SG), SG, 0))                          \
  TL__KW(sh_##TAG##_bf16, FT, TL_BFLOAT16, 1, 2, TL__L16, tl__b8_h(tl__canon8(x, B, SG), SG, 1))
TL__SUBBYTE_INTS(TL__SB16_DEF)
#undef TL__SB16_DEF

#define TL__SBW_DEF(FT, TAG, B, SG)                                                                                    \
  static void sb_##TAG##_i32(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_INT32, B, SG, TL__SB_I32, s, d, n); } \
  static void sb_##TAG##_i64(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_INT64, B, SG, TL__SB_I64, s, d, n); } \
  static void sb_##TAG##_f32(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_FLOAT32, B, SG, TL__SB_F32, s, d, n); } \
  static void sb_##TAG##_f64(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_FLOAT64, B, SG, TL__SB_F64, s, d, n); } \
  static void sb_##TAG##_c64(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_COMPLEX64, B, SG, TL__SB_C64, s, d, n); } \
  static void sb_##TAG##_c128(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_COMPLEX128, B, SG, TL__SB_C128, s, d, n); } \
  static void sb_##TAG##_bc32(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_BCOMPLEX32, B, SG, TL__SB_BC32, s, d, n); } \
  static void sb_##TAG##_c32(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_COMPLEX32, B, SG, TL__SB_C32, s, d, n); }
TL__SUBBYTE_INTS(TL__SBW_DEF)
#undef TL__SBW_DEF
#define TL__SB8_DEF(FT, TAG, SG)                                                                                        \
  static void sb_##TAG##_c64(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_COMPLEX64, 8, SG, TL__SB_C64, s, d, n); } \
  static void sb_##TAG##_bc32(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_BCOMPLEX32, 8, SG, TL__SB_BC32, s, d, n); } \
  static void sb_##TAG##_c32(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_COMPLEX32, 8, SG, TL__SB_C32, s, d, n); } \
  static void sb_##TAG##_f64(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_FLOAT64, 8, SG, TL__SB_F64, s, d, n); } \
  static void sb_##TAG##_c128(const void *s, void *d, size_t n) { tl__sbw_run(FT, TL_COMPLEX128, 8, SG, TL__SB_C128, s, d, n); }
TL__SB8_DEF(TL_INT8, i8, 1)
TL__SB8_DEF(TL_UINT8, u8, 0)
#undef TL__SB8_DEF
/* the shared integer table's (convert_simd.inc) */
static void f_i8_f64(const void *s, void *d, size_t n) { sb_i8_f64(s, d, n); }
static void f_u8_f64(const void *s, void *d, size_t n) { sb_u8_f64(s, d, n); }
static void sb_b_i32(const void *s, void *d, size_t n) { tl__sbw_run(TL_BOOL, TL_INT32, 0, 0, TL__SB_I32, s, d, n); }
static void sb_b_f32(const void *s, void *d, size_t n) { tl__sbw_run(TL_BOOL, TL_FLOAT32, 0, 0, TL__SB_F32, s, d, n); }
static void sb_b_bc32(const void *s, void *d, size_t n) { tl__sbw_run(TL_BOOL, TL_BCOMPLEX32, 0, 0, TL__SB_BC32, s, d, n); }
static void sb_b_c32(const void *s, void *d, size_t n) { tl__sbw_run(TL_BOOL, TL_COMPLEX32, 0, 0, TL__SB_C32, s, d, n); }
static void sb_b_i64(const void *s, void *d, size_t n) { tl__sbw_run(TL_BOOL, TL_INT64, 0, 0, TL__SB_I64, s, d, n); }
static void sb_b_f64(const void *s, void *d, size_t n) { tl__sbw_run(TL_BOOL, TL_FLOAT64, 0, 0, TL__SB_F64, s, d, n); }
static void sb_b_c64(const void *s, void *d, size_t n) { tl__sbw_run(TL_BOOL, TL_COMPLEX64, 0, 0, TL__SB_C64, s, d, n); }
static void sb_b_c128(const void *s, void *d, size_t n) { tl__sbw_run(TL_BOOL, TL_COMPLEX128, 0, 0, TL__SB_C128, s, d, n); }


/* Where the 16-bit outputs above beat the lookups (in alternation, 32 KiB,
 * x memcpy): into int16/uint16 from 5 bits (int5 0.72 -> 0.86, int6 0.39 ->
 * 0.86, int7 0.21 -> 0.86, uint7 0.35 -> 0.99; at 1-4 bits both ~0.95),
 * into float16/bfloat16 at 7 bits (int7/uint7 0.21 -> 0.34-0.39; at 6 bits
 * the lookup's 0.39 against 0.34-0.37, at 1-5 bits 0.72-0.95 against 0.34). */
#define TL__SB16_USE(B, k) ((k) <= 1 ? (B) >= 5 : (B) >= 7)
/* The kernel of a sub-byte integer source into a wide dtype, or NULL
 * (uint32/uint64 take int32/int64's: the same bits). */
static tl__contig_fn tl__sbw_kernel(tl_dtype from, tl_dtype to) {
  if (from == TL_BOOL) {
    switch (to) {
    case TL_INT32: case TL_UINT32: return sb_b_i32;
    case TL_FLOAT32: return sb_b_f32;
    case TL_BCOMPLEX32: return sb_b_bc32;
    case TL_COMPLEX32: return sb_b_c32;
    case TL_INT64: case TL_UINT64: return sb_b_i64;
    case TL_FLOAT64: return sb_b_f64;
    case TL_COMPLEX64: return sb_b_c64;
    case TL_COMPLEX128: return sb_b_c128;
    default: return NULL; /* float32, complex32, bcomplex32: the lookups measured as fast or faster */
    }
  }
  if (from == TL_INT8 || from == TL_UINT8) {
    const int u = from == TL_UINT8;
    switch (to) {
    case TL_COMPLEX64: return u ? sb_u8_c64 : sb_i8_c64;
    case TL_BCOMPLEX32: return u ? sb_u8_bc32 : sb_i8_bc32;
    case TL_COMPLEX32: return u ? sb_u8_c32 : sb_i8_c32;
    case TL_FLOAT64: return u ? sb_u8_f64 : sb_i8_f64;
    case TL_COMPLEX128: return u ? sb_u8_c128 : sb_i8_c128;
    default: return NULL;
    }
  }
  if (to == TL_INT16 || to == TL_UINT16 || to == TL_FLOAT16 || to == TL_BFLOAT16) {
    const int k = to == TL_INT16 ? 0 : to == TL_UINT16 ? 1 : to == TL_FLOAT16 ? 2 : 3;
#define TL__SB16_CASE(FT, TAG, B, SG)                                                                 \
  case FT: {                                                                                          \
    static const tl__contig_fn f[4] = {sh_##TAG##_i16, sh_##TAG##_u16, sh_##TAG##_f16, sh_##TAG##_bf16}; \
    return TL__SB16_USE(B, k) ? f[k] : NULL;                                                         \
  }
    switch (from) {
      TL__SUBBYTE_INTS(TL__SB16_CASE)
    default: return NULL;
    }
#undef TL__SB16_CASE
  }
  int dst;
  switch (to) {
  case TL_INT32: case TL_UINT32: dst = TL__SB_I32; break;
  case TL_INT64: case TL_UINT64: dst = TL__SB_I64; break;
  case TL_FLOAT32: dst = TL__SB_F32; break;
  case TL_FLOAT64: dst = TL__SB_F64; break;
  case TL_COMPLEX64: dst = TL__SB_C64; break;
  case TL_COMPLEX128: dst = TL__SB_C128; break;
  case TL_BCOMPLEX32: dst = TL__SB_BC32; break;
  case TL_COMPLEX32: /* signed 1-4 bits: their 2-plane lookups measured as fast (0.44 against 0.41) */
    if (tl__info(from)->kind == TL_KIND_INT && tl__info(from)->bits <= 4) return NULL;
    dst = TL__SB_C32;
    break;
  default: return NULL;
  }
#define TL__SBW_CASE(FT, TAG, B, SG)                                                                  \
  case FT: {                                                                                          \
    static const tl__contig_fn k[TL__SB_N] = {sb_##TAG##_i32, sb_##TAG##_i64, sb_##TAG##_f32, sb_##TAG##_f64, \
                                              sb_##TAG##_c64, sb_##TAG##_c128, sb_##TAG##_bc32, sb_##TAG##_c32};  \
    return k[dst];                                                                                    \
  }
  switch (from) {
    TL__SUBBYTE_INTS(TL__SBW_CASE)
  default: return NULL;
  }
#undef TL__SBW_CASE
}

/* complex -> complex: the component conversion on 2n components. Its NaN rule
 * is the real pair's except into complex32 (canonical NaN: the templates with
 * `to` complex32). complex128 -> complex64 and complex64 -> complex32 have
 * saturating variants (the shared list names none: tl__avx2_kernel's first
 * switch picks them). */
static void k_c64_c128(const void *s, void *d, size_t n) { k_f32_f64(s, d, 2 * n); }
static void k_c128_c64(const void *s, void *d, size_t n) { k_f64_f32(s, d, 2 * n); }
static void k_c128_c64_s(const void *s, void *d, size_t n) { k_f64_f32_s(s, d, 2 * n); }
static void k_c32_c64(const void *s, void *d, size_t n) { k_f16_f32(s, d, 2 * n); }
static void k_c32_c128(const void *s, void *d, size_t n) { tl__h2w(TL_FLOAT64, 1, s, d, 2 * n); }
static void k_c64_c32(const void *s, void *d, size_t n) { tl__f32_f16(TL_COMPLEX64, TL_COMPLEX32, 0, s, d, 2 * n); }
static void k_c64_c32_s(const void *s, void *d, size_t n) { tl__f32_f16(TL_COMPLEX64, TL_COMPLEX32, 1, s, d, 2 * n); }

/* ---- one 32-byte output per block -------------------------------------------
 * The last argument, an expression of sp (the block's source), gives the
 * 32 / D outputs of a block; streamed when large, the tail to the scalar
 * engine, as TL__KW. Only for pairs where `sat` changes nothing. */
#define TL__KB_BODY(S, D, ...)                                                         \
  _Pragma("GCC unroll 4")                                                              \
  for (; i + step <= n; i += step) {                                                   \
    const char *sp = s + i * (S);                                                      \
    tl__pf(pf, sp, step * (S));                                                        \
    tl__st32(d + i * (D), __VA_ARGS__, nt);                                            \
  }
#define TL__KB(NAME, FROM, TO, S, D, ...)                                               \
  static void NAME(const void *sv, void *dv, size_t n) {                               \
    const char *s = sv;                                                                \
    char *d = dv;                                                                      \
    int ntr = 0;                                                                       \
    const size_t step = 32 / (D);                                                      \
    size_t i = tl__nt_head(FROM, TO, s, d, n, S, D, &ntr);                             \
    TL__NT_SPLIT(ntr, TL__PF_INTEL, TL__KB_BODY(S, D, __VA_ARGS__) if (nt) _mm_sfence();); \
    if (i < n) tl__convert_generic(FROM, s + i * (S), S, TO, d + i * (D), D, n - i, 0); \
  }

/* ---- native integer narrowing (wrap) ----------------------------------------
 * Two vectors of 2^lg-byte lanes -> one of half-width lanes holding their low
 * bits, in order (packs and shuffles work within 128-bit lanes; a permute puts
 * the quadwords back). */
static inline __attribute__((always_inline)) __m256i tl__n2(__m256i a, __m256i b, int lg) {
  if (lg == 3) /* the low dword of each qword */
    return _mm256_permute4x64_epi64(
        _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0x88)), 0xD8);
  if (lg == 2) {
    const __m256i m = _mm256_set1_epi32(0xFFFF);
    return _mm256_permute4x64_epi64(_mm256_packus_epi32(_mm256_and_si256(a, m), _mm256_and_si256(b, m)), 0xD8);
  }
  const __m256i m = _mm256_set1_epi16(0xFF);
  return _mm256_permute4x64_epi64(_mm256_packus_epi16(_mm256_and_si256(a, m), _mm256_and_si256(b, m)), 0xD8);
}

/* One block: 32 >> lgD elements of 2^lgS bytes -> 32 bytes of 2^lgD-byte
 * lanes holding their low bits. */
static inline __attribute__((always_inline)) __m256i tl__nblk(const char *sp, int lgS, int lgD) {
#define L(k) _mm256_loadu_si256((const __m256i *)(const void *)(sp + 32 * (k)))
  switch (lgS - lgD) {
  case 0: return L(0);
  case 1: return tl__n2(L(0), L(1), lgS);
  case 2: return tl__n2(tl__n2(L(0), L(1), lgS), tl__n2(L(2), L(3), lgS), lgS - 1);
  default:
    return tl__n2(tl__n2(tl__n2(L(0), L(1), lgS), tl__n2(L(2), L(3), lgS), lgS - 1),
                  tl__n2(tl__n2(L(4), L(5), lgS), tl__n2(L(6), L(7), lgS), lgS - 1), lgS - 2);
  }
#undef L
}
/* The dtypes only matter for the scalar head/tail: any of that size gives the same bits. */
/* ---- -> bool: nonzero (floats: without the sign, so -0.0 is false and NaN
 * true; complex: either part) ------------------------------------------------
 * 32 elements of 2^lg bytes, the floats' sign bits masked off (kind 1: each
 * lane's, kind 2: each half-lane part's), are narrowed by signed-saturating
 * packs, which keep a lane zero exactly when it was (a nonzero lane packs to
 * a nonzero one, saturated or not), so the packs need neither a compare nor
 * a mask first; the packs work within 128-bit lanes, so the order is mended
 * once at the end (VPERMD; for 8- and 16-byte elements, whose halves the
 * packs leave in the two lanes, VPERMQ and a byte shuffle), then min(byte,
 * 1). Against compares, masks and a permute at each level (integers and
 * floats) and movemask into bits and back (complex), AVX2 on Zen 5, 32 KiB:
 * in alternation in one process 1.3-3.2x (int16 1.56, float16 1.31, int32
 * 2.04, float32 2.09, int64 1.83, float64 1.88, complex32 1.93, complex64
 * 1.67, complex128 3.19); bench convert, x memcpy: int32 -> bool 0.43 ->
 * 0.86, int64 0.42 -> 0.71, float32 0.41 -> 0.77, float64 0.37 -> 0.70,
 * complex32 0.40 -> 0.77, complex64 0.43 -> 0.70, complex128 0.24 -> 0.69
 * (64 MiB: 0.74 -> 0.91). */
static inline __attribute__((always_inline)) __m256i tl__nzb(const char *sp, int lg, int kind) {
  __m256i L[16];
  const int nl = 1 << lg; /* 32-byte loads */
  const int pw = kind == 2 ? lg - 1 : lg; /* the float (part)'s width, 2^pw bytes: its sign bits masked off */
  const __m256i m = pw == 1 ? _mm256_set1_epi16(0x7FFF) : pw == 2 ? _mm256_set1_epi32(0x7FFFFFFF)
                                                                  : _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll);
  for (int k = 0; k < nl; k++) {
    L[k] = _mm256_loadu_si256((const __m256i *)(const void *)(sp + 32 * k));
    if (kind) L[k] = _mm256_and_si256(L[k], m);
  }
  if (lg == 0) return _mm256_min_epu8(L[0], _mm256_set1_epi8(1));
  for (int w = nl; w > 2; w /= 2) /* dwords -> words, halving the lanes' width each level */
    for (int k = 0; k < w / 2; k++) L[k] = _mm256_packs_epi32(L[2 * k], L[2 * k + 1]);
  __m256i r = _mm256_packs_epi16(L[0], L[1]);
  if (lg == 1) r = _mm256_permute4x64_epi64(r, 0xD8);
  else if (lg == 2) r = _mm256_permutevar8x32_epi32(r, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
  else {
    /* the low lane holds the first half of every 4 (lg 3: words) or 2 (lg 4: bytes) elements, the high lane
       the second: the quadwords in order 0 2 1 3, then each lane's two halves interleaved */
    r = _mm256_permute4x64_epi64(r, 0xD8);
    r = _mm256_shuffle_epi8(r, lg == 3 ? _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8,
                                                           9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15)
                                       : _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15, 0, 8, 1, 9,
                                                          2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
  }
  return _mm256_min_epu8(r, _mm256_set1_epi8(1));
}
/* The dtypes only matter for the scalar head/tail: any of that size and kind gives the same bits. */
TL__KB(b_8, TL_UINT8, TL_BOOL, 1, 1, tl__nzb(sp, 0, 0))
TL__KB(b_16, TL_UINT16, TL_BOOL, 2, 1, tl__nzb(sp, 1, 0))
TL__KB(b_32, TL_UINT32, TL_BOOL, 4, 1, tl__nzb(sp, 2, 0))
TL__KB(b_64, TL_UINT64, TL_BOOL, 8, 1, tl__nzb(sp, 3, 0))
TL__KB(b_f32, TL_FLOAT32, TL_BOOL, 4, 1, tl__nzb(sp, 2, 1))
TL__KB(b_f64, TL_FLOAT64, TL_BOOL, 8, 1, tl__nzb(sp, 3, 1))
TL__KB(b_h, TL_FLOAT16, TL_BOOL, 2, 1, tl__nzb(sp, 1, 1))
TL__KB(b_bh, TL_BFLOAT16, TL_BOOL, 2, 1, tl__nzb(sp, 1, 1))
TL__KB(b_c32, TL_COMPLEX32, TL_BOOL, 4, 1, tl__nzb(sp, 2, 2))
TL__KB(b_c64, TL_COMPLEX64, TL_BOOL, 8, 1, tl__nzb(sp, 3, 2))
TL__KB(b_c128, TL_COMPLEX128, TL_BOOL, 16, 1, tl__nzb(sp, 4, 2))
TL__KB(n_16_8, TL_UINT16, TL_UINT8, 2, 1, tl__nblk(sp, 1, 0))
TL__KB(n_32_8, TL_UINT32, TL_UINT8, 4, 1, tl__nblk(sp, 2, 0))
TL__KB(n_32_16, TL_UINT32, TL_UINT16, 4, 2, tl__nblk(sp, 2, 1))
TL__KB(n_64_8, TL_UINT64, TL_UINT8, 8, 1, tl__nblk(sp, 3, 0))
TL__KB(n_64_16, TL_UINT64, TL_UINT16, 8, 2, tl__nblk(sp, 3, 1))
TL__KB(n_64_32, TL_UINT64, TL_UINT32, 8, 4, tl__nblk(sp, 3, 2))
/* native integers -> the sub-byte integers (int1 ... uint7): the low `B` bits,
 * the same byte for every signedness of source and target (the scalar rule:
 * integer -> integer wraps, stored masked). nb_SB_B: SB-bit source. */
#define TL__NB(SB, LG, B)                                                                \
  TL__KB(nb_##SB##_##B, TL_UINT##SB, TL_UINT##B, (1 << (LG)), 1,                          \
         _mm256_and_si256(tl__nblk(sp, LG, 0), _mm256_set1_epi8((char)((1 << (B)) - 1))))
#define TL__NB_ROW(X, SB, LG) X(SB, LG, 1) X(SB, LG, 2) X(SB, LG, 3) X(SB, LG, 4) X(SB, LG, 5) X(SB, LG, 6) X(SB, LG, 7)
#define TL__NB_ALL(X) TL__NB_ROW(X, 16, 1) TL__NB_ROW(X, 32, 2) TL__NB_ROW(X, 64, 3)
TL__NB_ALL(TL__NB)
#undef TL__NB

/* ---- uint32 / int64 / uint64 -> float64 / float32, one RNE rounding as C ----
 * AVX2 converts only int32. uint32: x - 2^31 is an int32, converted exactly,
 * plus 2^31 (exact). 64-bit x = a + b with a = (x >> 32) * 2^32 (arithmetic
 * shift for int64) and b = x & 0xFFFFFFFF, both exact in float64 by magic
 * numbers: the high word in the mantissa of 2^84 (ulp 2^32), minus 2^84 (and
 * 2^63, for int64 biased to unsigned by flipping bit 63); the low word in the
 * mantissa of 2^52. One add of the exact parts rounds x once (RNE): float64.
 * For float32, rounding a + b to float64 and then to float32 would round
 * twice; so the float64 sum is made round-to-odd instead (truncated, lsb set
 * where inexact; a later RNE at <= 51 bits then rounds as if directly). Its
 * error is exact by Fast2Sum (|a| >= |b| unless a = 0): where nonzero, s was
 * rounded away from zero if the error's sign differs, so step s one ulp toward
 * zero (the bits minus 1), then set the lsb. */
static inline __attribute__((always_inline)) void tl__q_split(__m256i x, int sg, __m256d *a, __m256d *b) {
  const __m256i xh = sg ? _mm256_xor_si256(x, _mm256_set1_epi64x(INT64_MIN)) : x;
  *a = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(_mm256_srli_epi64(xh, 32), _mm256_set1_epi64x(0x4530000000000000ll))),
                     _mm256_set1_pd(sg ? 0x1p84 + 0x1p63 : 0x1p84));
  *b = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_blend_epi32(x, _mm256_set1_epi64x(0x4330000000000000ll), 0xAA)),
                     _mm256_set1_pd(0x1p52));
}

/* 4 int64 (sg) / uint64 -> float64, RNE */
static inline __attribute__((always_inline)) __m256d tl__q2d(__m256i x, int sg) {
  __m256d a, b;
  tl__q_split(x, sg, &a, &b);
  return _mm256_add_pd(a, b);
}

/* 4 int64 (sg) / uint64 -> float64, rounded to odd */
static inline __attribute__((always_inline)) __m256d tl__q2d_rto(__m256i x, int sg) {
  __m256d a, b;
  tl__q_split(x, sg, &a, &b);
  const __m256d s = _mm256_add_pd(a, b), e = _mm256_sub_pd(b, _mm256_sub_pd(s, a));
  const __m256i inexact = _mm256_castpd_si256(_mm256_cmp_pd(e, _mm256_setzero_pd(), _CMP_NEQ_OQ));
  const __m256i si = _mm256_castpd_si256(s);
  const __m256i away = _mm256_cmpgt_epi64(_mm256_setzero_si256(), _mm256_xor_si256(si, _mm256_castpd_si256(e)));
  const __m256i r = _mm256_add_epi64(si, _mm256_and_si256(inexact, away));
  return _mm256_castsi256_pd(_mm256_or_si256(r, _mm256_and_si256(inexact, _mm256_set1_epi64x(1))));
}

/* 8 int64 / uint64 at p: their low and high 32-bit halves, in the order
   0 1 4 5 2 3 6 7 (tl__ix8's), and whether all 8 are in [-2^lg, 2^lg) (int64;
   uint64: below 2^lg), lg < 32 */
static inline __attribute__((always_inline)) int tl__q_small(const char *p, int sg, int lg, __m256i *lo) {
  const __m256 q0 = _mm256_loadu_ps((const float *)(const void *)p), q1 = _mm256_loadu_ps((const float *)(const void *)(p + 32));
  *lo = _mm256_castps_si256(_mm256_shuffle_ps(q0, q1, 0x88));
  const __m256i hi = _mm256_castps_si256(_mm256_shuffle_ps(q0, q1, 0xDD));
  /* the bits from lg up, as 32-bit lanes: all equal to the sign (int64) or 0 */
  const __m256i top = sg ? _mm256_srai_epi32(*lo, 31) : _mm256_setzero_si256();
  const __m256i ok = _mm256_and_si256(_mm256_cmpeq_epi32(hi, top), _mm256_cmpeq_epi32(_mm256_srai_epi32(*lo, lg), top));
  return _mm256_movemask_epi8(ok) == -1;
}

/* 8 int64 / uint64 at p -> 8 float32, RNE of the round-to-odd float64; a
   block whose values all fit int32 (uint64: below 2^31) is converted from
   its low halves by one RNE (the round-to-odd path: ~36 operations per 8).
   In alternation (32 KiB, x memcpy): int64 -> float32 0.21 -> 0.54, uint64
   -> float32 0.22 -> 0.37, int64/uint64 -> complex64 0.25 -> 0.51-0.57; and
   in tl__ib8 (all below 2^24: exact) int64/uint64 -> bfloat16 0.12-0.15 ->
   0.34-0.49, -> bcomplex32 0.14-0.17 -> 0.40-0.59. */
static inline __attribute__((always_inline)) __m256i tl__q2f(const char *p, int sg) {
  const __m256i *q = (const __m256i *)(const void *)p;
  __m256i lo;
  if (tl__q_small(p, sg, 31, &lo))
    return _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_cvtepi32_ps(lo)), 0xD8);
  return _mm256_castps_si256(_mm256_set_m128(_mm256_cvtpd_ps(tl__q2d_rto(_mm256_loadu_si256(q + 1), sg)),
                                             _mm256_cvtpd_ps(tl__q2d_rto(_mm256_loadu_si256(q), sg))));
}

TL__KB(f_u32_f64, TL_UINT32, TL_FLOAT64, 4, 8, tl__q52_pd(_mm256_cvtepu32_epi64(TL__L16(sp)), 0))
/* 8 uint32 -> float32, one RNE: the high and low 16 bits convert exactly and
   an FMA sums them (through float64: 0.42 -> 0.95x memcpy, 32 KiB, in
   alternation) */
static inline __m256 tl__u32_ps(__m256i x) {
  const __m256 hi = _mm256_cvtepi32_ps(_mm256_srli_epi32(x, 16));
  const __m256 lo = _mm256_cvtepi32_ps(_mm256_and_si256(x, _mm256_set1_epi32(0xFFFF)));
  return _mm256_fmadd_ps(hi, _mm256_set1_ps(65536.0f), lo);
}
TL__KB(f_u32_f32, TL_UINT32, TL_FLOAT32, 4, 4, _mm256_castps_si256(tl__u32_ps(TL__L32(sp))))
TL__KB(f_i64_f64, TL_INT64, TL_FLOAT64, 8, 8, _mm256_castpd_si256(tl__q2d(_mm256_loadu_si256((const __m256i *)(const void *)sp), 1)))
TL__KB(f_u64_f64, TL_UINT64, TL_FLOAT64, 8, 8, _mm256_castpd_si256(tl__q2d(_mm256_loadu_si256((const __m256i *)(const void *)sp), 0)))
TL__KB(f_i64_f32, TL_INT64, TL_FLOAT32, 8, 4, tl__q2f(sp, 1))
TL__KB(f_u64_f32, TL_UINT64, TL_FLOAT32, 8, 4, tl__q2f(sp, 0))

/* ---- real <-> complex of another width, in one pass -------------------------
 * The pairs the planner otherwise chains through the component type (int16
 * -> complex64 as int16 -> float32 -> complex64, ...): the same conversions
 * (exact, or one RNE by the hardware or tl__q2f/tl__q2d, the NaN rules of
 * float32 <-> float64 and bfloat16 -> float32/float64 being the hardware's)
 * on a register block, stored with a +0 imaginary part, or from the real
 * parts. RC: 0 -> complex64 (8 float32 a step), 1 -> float32 (complex128's
 * real parts), 2 -> complex128 (4 float64 a step), 3 -> float64 (complex64's
 * or bfloat16's). float64 -> complex64 and complex128 -> float32 can
 * overflow: without TL_CONVERT_SATURATE only. */
static inline __attribute__((always_inline)) __m256 tl__rc8f(tl_dtype from, int sat, const char *p) {
  switch (from) { /* int16/uint16: tl__wbm_run */
  case TL_INT32: return _mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)(const void *)p));
  case TL_UINT32: return tl__u32_ps(TL__L32(p));
  case TL_INT64: return _mm256_castsi256_ps(tl__q2f(p, 1));
  case TL_UINT64: return _mm256_castsi256_ps(tl__q2f(p, 0));
  case TL_BFLOAT16: return tl__ld8f(p, TL__SF_BF16, 0);
  case TL_FLOAT64:
    return _mm256_set_m128(tl__d2f4(_mm256_loadu_pd((const double *)(const void *)p + 4), sat),
                           tl__d2f4(_mm256_loadu_pd((const double *)(const void *)p), sat));
  default: /* complex128's real parts */
    return _mm256_set_m128(tl__d2f4(tl__re_c128(p + 64), sat), tl__d2f4(tl__re_c128(p), sat));
  }
}
static inline __attribute__((always_inline)) __m256d tl__rc4d(tl_dtype from, const char *p) {
  switch (from) { /* int16/uint16/int32/uint32: tl__wbm_run */
  case TL_INT64: return tl__q2d(_mm256_loadu_si256((const __m256i *)(const void *)p), 1);
  case TL_UINT64: return tl__q2d(_mm256_loadu_si256((const __m256i *)(const void *)p), 0);
  case TL_BFLOAT16: return tl__ld4d(p, TL__SF_BF16, 0);
  case TL_FLOAT32: return tl__ld4d(p, 4, 0);
  default: return tl__ld4d(p, TL__SF_C64, 0); /* complex64's real parts */
  }
}
static inline __attribute__((always_inline)) void tl__rc_run(tl_dtype from, tl_dtype to, int RC, int SAT, const void *sv,
                                                             void *dv, size_t n) {
  const char *s = sv;
  char *d = dv;
  const size_t S = tl__csz(from), D = tl__csz(to), step = RC <= 1 ? 8 : 4;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, d, n, S, D, SAT ? TL_CONVERT_SATURATE : 0, &nt);
  for (; i + step <= n; i += step) {
    const char *p = s + i * S;
    char *o = d + i * D;
    if (RC == 0) {
      tl__st_c64(o, _mm256_castps_si256(tl__rc8f(from, SAT, p)), nt);
    } else if (RC == 1) {
      tl__st32(o, _mm256_castps_si256(tl__rc8f(from, SAT, p)), nt);
    } else if (RC == 2) {
      tl__st_c128(o, tl__rc4d(from, p), nt);
    } else {
      tl__st32(o, _mm256_castpd_si256(tl__rc4d(from, p)), nt);
    }
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * S, (ptrdiff_t)S, to, d + i * D, (ptrdiff_t)D, n - i, SAT ? TL_CONVERT_SATURATE : 0);
}
/* The float16 pairs of the same kind, 8 a step. HC 0: float16 -> complex64,
   1: float16 -> complex128, 2: complex32 -> float32, 3: complex32 -> float64
   (VCVTPH2PS; a block with a NaN to the scalar engine, whose widening keeps a
   signalling NaN's payload unquieted, as k_f16_f32); 4: float32 -> complex32,
   5: bfloat16 -> complex32 (VCVTPS2PH, one RNE, the NaN made canonical as
   k_c64_c32; without saturation only). */
/* 16 bfloat16 h -> float16 bits in 16-bit lanes, right where every
   magnitude a is zero or in float16's normal range (2^-14 .. 65280: exact
   there): a less the bias difference (112 << 7, saturating: zero stays
   zero), shifted left by 3 (7 -> 10 mantissa bits), the sign or-ed in.
   *odd: the lanes outside that (float16 subnormals, overflow, inf, NaN);
   v = a - 0x3880 is in [0, 0xEFF] for the normal range, -0x3880 for zero. */
static inline __attribute__((always_inline)) __m256i tl__bh16(__m256i h, __m256i *odd) {
  const __m256i a = _mm256_and_si256(h, _mm256_set1_epi16(0x7FFF)), v = _mm256_sub_epi16(a, _mm256_set1_epi16(0x3880));
  *odd = _mm256_or_si256(_mm256_cmpgt_epi16(v, _mm256_set1_epi16(0xEFF)),
                         _mm256_andnot_si256(_mm256_cmpeq_epi16(v, _mm256_set1_epi16(-0x3880)),
                                             _mm256_cmpgt_epi16(_mm256_setzero_si256(), v)));
  return _mm256_or_si256(_mm256_slli_epi16(_mm256_subs_epu16(a, _mm256_set1_epi16(0x3800)), 3),
                         _mm256_and_si256(h, _mm256_set1_epi16((short)0x8000)));
}

/* 8 elements of tl__hc_run at p -> o */
static inline __attribute__((always_inline)) void tl__hc_8(tl_dtype from, tl_dtype to, int HC, int SAT, const char *p,
                                                           char *o, int nt) {
  const size_t S = tl__csz(from), D = tl__csz(to);
  if (HC >= 4) {
    const __m256 f = tl__ld8f(p, HC == 4 ? 4 : TL__SF_BF16, 0);
    tl__st32(o, _mm256_cvtepu16_epi32(tl__canon_h8(tl__f16_8(_mm256_castps_si256(f), SAT))), nt);
    return;
  }
  const __m128i h = HC <= 1 ? TL__L16(p) : tl__pack16(_mm256_and_si256(TL__L32(p), _mm256_set1_epi32(0xFFFF)));
  if (tl__h_has_nan(h)) {
    tl__convert_generic(from, p, (ptrdiff_t)S, to, o, (ptrdiff_t)D, 8, SAT ? TL_CONVERT_SATURATE : 0);
    return;
  }
  const __m256 f = _mm256_cvtph_ps(h);
  if (HC == 2) {
    tl__st32(o, _mm256_castps_si256(f), nt);
  } else if (HC == 0) {
    tl__st_c64(o, _mm256_castps_si256(f), nt);
  } else {
    for (int k = 0; k < 2; k++) {
      const __m256d x = _mm256_cvtps_pd(k ? _mm256_extractf128_ps(f, 1) : _mm256_castps256_ps128(f));
      if (HC == 3) tl__st32(o + 32 * k, _mm256_castpd_si256(x), nt);
      else tl__st_c128(o + 64 * k, x, nt);
    }
  }
}
/* float16 (HC 0, 1) or complex32's real parts (HC 2, 3) -> complex64,
   complex128, float32, float64: 32 a step while a step holds no NaN (one
   test, as tl__h2w_32), then VCVTPH2PS per 8; returns where it stopped. In
   place of a NaN test per 8 (AVX2 on Zen 5, 32 KiB, x memcpy, in
   alternation): float16 -> complex64 0.39 -> 0.51, -> complex128 0.32 ->
   0.41, complex32 -> float32 0.29 -> 0.51, -> float64 0.33 -> 0.37 (into
   float64 lanes VCVTPS2PD bounds it) */
static inline __attribute__((always_inline)) size_t tl__hc_32(int HC, const char *s, char *d, size_t i, size_t n, int nt) {
  const size_t S = HC <= 1 ? 2 : 4, D = HC == 0 ? 8 : HC == 1 ? 16 : HC == 2 ? 4 : 8;
  for (; i + 32 <= n; i += 32) {
    const char *p = s + i * S;
    __m256i h[2];
    for (int k = 0; k < 2; k++) h[k] = HC <= 1 ? TL__L32(p + 32 * k) : tl__re16(p + 64 * k);
    if (tl__h2_past(h[0], h[1], 0xF800)) break; /* 2|h| past inf's: a NaN */
    for (int k = 0; k < 4; k++) {
      const __m256 f = _mm256_cvtph_ps(k & 1 ? _mm256_extracti128_si256(h[k >> 1], 1) : _mm256_castsi256_si128(h[k >> 1]));
      char *o = d + (i + 8 * (size_t)k) * D;
      if (HC == 2) tl__st32(o, _mm256_castps_si256(f), nt);
      else if (HC == 0) tl__st_c64(o, _mm256_castps_si256(f), nt);
      else
        for (int j = 0; j < 2; j++) {
          const __m256d x = _mm256_cvtps_pd(j ? _mm256_extractf128_ps(f, 1) : _mm256_castps256_ps128(f));
          if (HC == 3) tl__st32(o + 32 * j, _mm256_castpd_si256(x), nt);
          else tl__st_c128(o + 64 * j, x, nt);
        }
    }
  }
  return i;
}
static inline __attribute__((always_inline)) void tl__hc_run(tl_dtype from, tl_dtype to, int HC, int SAT, const void *sv,
                                                             void *dv, size_t n) {
  const char *s = sv;
  char *d = dv;
  const size_t S = tl__csz(from), D = tl__csz(to);
  int nt;
  size_t i = tl__nt_head_f(from, to, s, d, n, S, D, SAT ? TL_CONVERT_SATURATE : 0, &nt);
  if (HC <= 3)
    while (i + 32 <= n) {
      i = nt ? tl__hc_32(HC, s, d, i, n, 1) : tl__hc_32(HC, s, d, i, n, 0);
      for (size_t e = i + 32; i + 8 <= n && i < e; i += 8) tl__hc_8(from, to, HC, SAT, s + i * S, d + i * D, nt); /* the step that broke out */
    }
  if (HC == 5) {
    /* bfloat16 -> complex32, 16 a step in 16-bit lanes while a step stays
       in float16's normal range (tl__bh16, as k_rto8's bfloat16 ->
       float16); a step holding anything else takes the float32 lanes
       (tl__hc_8). AVX2 on Zen 4, 32 KiB, x memcpy, in alternation, against
       those alone: 0.44 -> 0.65 */
    while (i + 16 <= n) {
      for (; i + 16 <= n; i += 16) {
        __m256i odd;
        const __m256i r = tl__bh16(_mm256_loadu_si256((const __m256i *)(const void *)(s + i * S)), &odd);
        if (_mm256_movemask_epi8(odd)) break;
        tl__h16_st(d + i * D, r, 1, nt);
      }
      if (i + 16 <= n) { /* the step that broke out */
        tl__hc_8(from, to, HC, SAT, s + i * S, d + i * D, nt);
        tl__hc_8(from, to, HC, SAT, s + (i + 8) * S, d + (i + 8) * D, nt);
        i += 16;
      }
    }
  }
  for (; i + 8 <= n; i += 8) tl__hc_8(from, to, HC, SAT, s + i * S, d + i * D, nt);
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * S, (ptrdiff_t)S, to, d + i * D, (ptrdiff_t)D, n - i, SAT ? TL_CONVERT_SATURATE : 0);
}
/* The one-pass real <-> complex pairs: (kernel, from, to, its run, mode, has a
   saturating variant NAME_s). float64 -> complex64, complex128 -> float32 and
   float32/bfloat16 -> complex32 can overflow, where the hardware gives inf: with
   TL_CONVERT_SATURATE a finite value that became inf takes +-max (tl__d2f4,
   tl__f16_8); the others cannot overflow, one kernel serves both modes. */
#define TL__ONEPASS_PAIRS(X)                                                                                 \
  X(rc_i32_c64, TL_INT32, TL_COMPLEX64, tl__rc_run, 0, 0) X(rc_u32_c64, TL_UINT32, TL_COMPLEX64, tl__rc_run, 0, 0) \
  X(rc_i64_c64, TL_INT64, TL_COMPLEX64, tl__rc_run, 0, 0) X(rc_u64_c64, TL_UINT64, TL_COMPLEX64, tl__rc_run, 0, 0) \
  X(rc_bf16_c64, TL_BFLOAT16, TL_COMPLEX64, tl__rc_run, 0, 0)                                                    \
  X(rc_f64_c64, TL_FLOAT64, TL_COMPLEX64, tl__rc_run, 0, 1)                                                      \
  X(rc_c128_f32, TL_COMPLEX128, TL_FLOAT32, tl__rc_run, 1, 1)                                                    \
  X(rc_i64_c128, TL_INT64, TL_COMPLEX128, tl__rc_run, 2, 0) X(rc_u64_c128, TL_UINT64, TL_COMPLEX128, tl__rc_run, 2, 0) \
  X(rc_bf16_c128, TL_BFLOAT16, TL_COMPLEX128, tl__rc_run, 2, 0)                                                  \
  X(rc_f32_c128, TL_FLOAT32, TL_COMPLEX128, tl__rc_run, 2, 0)                                                    \
  X(rc_c64_f64, TL_COMPLEX64, TL_FLOAT64, tl__rc_run, 3, 0) X(rc_bf16_f64, TL_BFLOAT16, TL_FLOAT64, tl__rc_run, 3, 0) \
  X(hc_h_c64, TL_FLOAT16, TL_COMPLEX64, tl__hc_run, 0, 0) X(hc_h_c128, TL_FLOAT16, TL_COMPLEX128, tl__hc_run, 1, 0)   \
  X(hc_c32_f32, TL_COMPLEX32, TL_FLOAT32, tl__hc_run, 2, 0) X(hc_c32_f64, TL_COMPLEX32, TL_FLOAT64, tl__hc_run, 3, 0) \
  X(hc_f32_c32, TL_FLOAT32, TL_COMPLEX32, tl__hc_run, 4, 1) X(hc_bf16_c32, TL_BFLOAT16, TL_COMPLEX32, tl__hc_run, 5, 1)
#define TL__ONEPASS_FN(NAME, FT, TT, RUN, MODE, SATK)                              \
  static void NAME(const void *s, void *d, size_t n) { RUN(FT, TT, MODE, 0, s, d, n); } \
  static void NAME##_s(const void *s, void *d, size_t n) { RUN(FT, TT, MODE, 1, s, d, n); }
TL__ONEPASS_PAIRS(TL__ONEPASS_FN)
#undef TL__ONEPASS_FN

/* ---- a float source as float32 bits -> bfloat16/float16 ---------------------
 * (float8/6/4 and e8m0 outputs: k_n8, k_h8, k_fe8, k_be8, k_he8 below; the
 * integers: k_ib, k_ih, k_ie8.)
 * The AVX-512 tier's template (k_rto_512) on 8 lanes: the source (the real
 * part of a complex one) as float32 bits, exact (float16, bfloat16) or
 * rounded to odd (float64 by tl__rto4), then the one rounding into the
 * target; two blocks of 8 per step, so that 1-byte results are stored 16 at a
 * time. A step holding a NaN goes to the scalar engine (it knows each pair's
 * NaN rule). */

/* 8 int32 -> float32 bits rounded to odd: f = RNE(x) is exact iff it truncates
 * back to x (cvtt gives INT32_MIN for f = 2^31, also != x). Where not, f went
 * away from zero iff back - x (wrapping: 2^31 - x > 0 for that case) has the
 * sign of x: then the bits minus 1 step it toward zero; then the sticky lsb. */
static inline __m256i tl__rto_i32(__m256i x) {
  const __m256 f = _mm256_cvtepi32_ps(x);
  const __m256i back = _mm256_cvttps_epi32(f), fi = _mm256_castps_si256(f);
  const __m256i exact = _mm256_cmpeq_epi32(back, x);
  const __m256i flip = _mm256_cmpgt_epi32(_mm256_setzero_si256(), _mm256_xor_si256(_mm256_sub_epi32(back, x), x));
  const __m256i r = _mm256_add_epi32(fi, _mm256_andnot_si256(_mm256_or_si256(exact, flip), _mm256_set1_epi32(-1)));
  return _mm256_or_si256(r, _mm256_andnot_si256(exact, _mm256_set1_epi32(1)));
}

static inline __attribute__((always_inline)) __m256i tl__bits8(tl_dtype from, const char *p, int *nan) {
  switch (from) {
  case TL_FLOAT32: {
    __m256 v = _mm256_loadu_ps((const float *)(const void *)p);
    *nan = _mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)) != 0;
    return _mm256_castps_si256(v);
  }
  case TL_FLOAT64: {
    __m256i u = _mm256_setzero_si256();
    *nan = !tl__rto8((const double *)(const void *)p, &u);
    return u;
  }
  case TL_FLOAT16: {
    __m128i h = TL__L16(p);
    *nan = tl__h_has_nan(h);
    return _mm256_castps_si256(_mm256_cvtph_ps(h));
  }
  case TL_BFLOAT16: {
    __m128i h = TL__L16(p);
    *nan = _mm_movemask_epi8(_mm_cmpgt_epi16(_mm_and_si128(h, _mm_set1_epi16(0x7FFF)), _mm_set1_epi16(0x7F80))) != 0;
    return _mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16);
  }
  case TL_COMPLEX32: { /* the real parts: the low halves of 8 32-bit lanes */
    __m128i h = tl__pack16(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)(const void *)p), _mm256_set1_epi32(0xFFFF)));
    *nan = tl__h_has_nan(h);
    return _mm256_castps_si256(_mm256_cvtph_ps(h));
  }
  case TL_COMPLEX64: {
    __m256 v = tl__re_c64(p);
    *nan = _mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)) != 0;
    return _mm256_castps_si256(v);
  }
  case TL_BCOMPLEX32: { /* the real parts: the low halves of 8 32-bit lanes, shifted up */
    __m256i u = _mm256_slli_epi32(_mm256_loadu_si256((const __m256i *)(const void *)p), 16);
    *nan = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF)),
                                                                        _mm256_set1_epi32(0x7F800000)))) != 0;
    return u;
  }
  default: { /* complex128 */
    __m256i u = _mm256_setzero_si256();
    *nan = !tl__rto8v(tl__re_c128(p), tl__re_c128(p + 64), &u);
    return u;
  }
  }
}


/* float32 bits (no NaN) -> bfloat16, RNE; with sat, finite values that round
 * past the largest finite give +-0x7F7F. */
static inline __m256i tl__bf16_lanes_sat(__m256i u, int sat) {
  __m256i r = tl__bf16_lanes(u, _mm256_castsi256_ps(u));
  if (sat) {
    __m256i a = _mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF));
    __m256i o = _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_and_si256(r, _mm256_set1_epi32(0x7FFF)), _mm256_set1_epi32(0x7F80)),
                                 _mm256_cmpgt_epi32(_mm256_set1_epi32(0x7F800000), a));
    r = _mm256_add_epi32(r, o); /* 0x7F80 -> 0x7F7F, keeps the sign */
  }
  return r;
}
static inline __m128i tl__bf16_8(__m256i u, int sat) { return tl__pack16(tl__bf16_lanes_sat(u, sat)); }


/* 16 elements of k_rto8 in float32 lanes (NaN: the scalar engine) */
static inline __attribute__((always_inline)) void tl__rto8_16(tl_dtype from, tl_dtype to, int sat, const char *p,
                                                              char *o, int nt) {
  const size_t isz = tl__csz(from), osz = tl__csz(to);
  int nan0 = 0, nan1 = 0;
  const __m256i u0 = tl__bits8(from, p, &nan0), u1 = tl__bits8(from, p + 8 * isz, &nan1);
  if (nan0 | nan1) {
    tl__convert_generic(from, p, (ptrdiff_t)isz, to, o, (ptrdiff_t)osz, 16, sat ? TL_CONVERT_SATURATE : 0);
    return;
  }
  if (to == TL_BFLOAT16) tl__st32(o, _mm256_set_m128i(tl__bf16_8(u1, sat), tl__bf16_8(u0, sat)), nt);
  else tl__st32(o, _mm256_set_m128i(tl__f16_8(u1, sat), tl__f16_8(u0, sat)), nt);
}
/* the same, out of line: the 16-bit loop's rare steps (its constants stay in registers) */
static __attribute__((noinline)) void tl__rto8_16_call(tl_dtype from, int sat, const char *p, char *o, int nt) {
  if (from == TL_FLOAT16) tl__rto8_16(TL_FLOAT16, TL_BFLOAT16, sat, p, o, nt);
  else if (from == TL_COMPLEX32) tl__rto8_16(TL_COMPLEX32, TL_BFLOAT16, sat, p, o, nt);
  else if (from == TL_COMPLEX64) tl__rto8_16(TL_COMPLEX64, TL_BFLOAT16, sat, p, o, nt);
  else tl__rto8_16(TL_BFLOAT16, TL_FLOAT16, sat, p, o, nt);
}

/* k_rto8's steps of 16 from i while no NaN, nt a constant: where it stopped
   (the scalar call out of the loop, as k_n8; best GB/s of 5 in alternation,
   32 KiB: complex64 -> bfloat16 42 -> 59, bfloat16 -> float16 40 -> 56, in a
   phase of this VM where one binary against itself differed by up to 20%) */
static inline __attribute__((always_inline)) size_t tl__rto8_loop(tl_dtype from, tl_dtype to, int sat, const char *s,
                                                                  char *d, size_t i, size_t n, int nt, size_t pf) {
  const size_t isz = tl__csz(from), osz = 2;
  for (; i + 16 <= n; i += 16) {
    const char *p = s + i * isz;
    tl__pf(pf, p, 16 * isz);
    char *o = d + i * osz;
    int nan0 = 0, nan1 = 0;
    const __m256i u0 = tl__bits8(from, p, &nan0), u1 = tl__bits8(from, p + 8 * isz, &nan1);
    if (nan0 | nan1) break;
    if (to == TL_BFLOAT16) tl__st32(o, _mm256_set_m128i(tl__bf16_8(u1, sat), tl__bf16_8(u0, sat)), nt);
    else tl__st32(o, _mm256_set_m128i(tl__f16_8(u1, sat), tl__f16_8(u0, sat)), nt);
  }
  return i;
}

/* complex32's real parts and their order (below, with the 16-bit-lane encoders) */
static inline __attribute__((always_inline)) __m256i tl__ld16h(tl_dtype from, const char *p, int k);
static inline __attribute__((always_inline)) __m256i tl__ord16w(tl_dtype from, __m256i w);
static inline __attribute__((always_inline)) void
k_rto8(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv, size_t n) {
  const size_t isz = tl__csz(from), osz = tl__csz(to);
  const char *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, isz, osz, sat ? TL_CONVERT_SATURATE : 0, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
  if ((from == TL_FLOAT16 || from == TL_COMPLEX32) && to == TL_BFLOAT16) {
    /* float16 -> bfloat16 in 16-bit lanes, 16 a step: a normal float16 is
       its exponent rebiased (+112) and its mantissa rounded from 10 bits to
       7 (RNE, the carry running into the exponent), zero stays zero; a step
       holding a float16 subnormal, inf or NaN takes the float32 lanes
       (tl__rto8_16). In alternation (32 KiB, x memcpy): float16 -> bfloat16
       0.18 -> 0.32, complex32 -> bfloat16 0.19 -> 0.36; 64 MiB 0.76 -> 0.98,
       0.92 -> 1.27. The rare steps leave the inner loop: with the call
       inside it GCC rebuilt every vector constant each step (0.16 against
       0.10 ns an element). */
    const __m256i m7fff = _mm256_set1_epi16(0x7FFF), lo = _mm256_set1_epi16(0x0400), hi = _mm256_set1_epi16(0x0800);
    const __m256i one = _mm256_set1_epi16(1), three = _mm256_set1_epi16(3);
    const __m256i bias = tl__opq(_mm256_set1_epi16(112 << 7)); /* rebuilt every step otherwise */
    const __m256i sgn = _mm256_set1_epi16((short)0x8000), zero = _mm256_setzero_si256();
    while (i + 16 <= n) {
      for (; i + 16 <= n; i += 16) { /* no call inside: its constants stay in registers */
        const char *p = s + i * isz;
        tl__pf(pf, p, 16 * isz);
        /* complex32: the real parts as tl__ld16h's, interleaved 0 8 1 9 .. | 4 12 .., put in order at the store
           (AVX2 on Zen 4, 32 KiB, x memcpy, in alternation, against masks, VPACKUSDW and VPERMQ here:
           complex32 -> bfloat16 0.49 -> 0.55) */
        const __m256i h = tl__ld16h(from, p, 0);
        const __m256i a = _mm256_and_si256(h, m7fff), z = _mm256_cmpeq_epi16(a, zero);
        /* a + 0x400 (16 bits, wrapping) is below 0x800 as int16 for a subnormal, zero (0x400), inf and NaN
           (0x8000 on), at or above it for a normal: one compare for both ends (an operation fewer: AVX2 on
           Zen 4, 32 KiB, two rounds in alternation, GB/s: float16 -> bfloat16 52.6 -> 56.1, complex32 ->
           bfloat16 52.0 -> 54.6, ~0.47 -> ~0.50x memcpy) */
        const __m256i odd = _mm256_andnot_si256(z, _mm256_cmpgt_epi16(hi, _mm256_add_epi16(a, lo)));
        if (_mm256_movemask_epi8(odd)) break;
        const __m256i lsb = _mm256_and_si256(_mm256_srli_epi16(a, 3), one);
        const __m256i r = _mm256_add_epi16(_mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(a, three), lsb), 3), bias);
        const __m256i v = _mm256_or_si256(_mm256_andnot_si256(z, r), _mm256_and_si256(h, sgn));
        tl__st32(d + i * 2, tl__ord16w(from, v), nt);
      }
      if (i + 16 <= n) { /* the step that broke out */
        tl__rto8_16_call(from, sat, s + i * isz, d + i * 2, nt);
        i += 16;
      }
    }
  }
  if (from == TL_COMPLEX64 && to == TL_BFLOAT16 && !sat) {
    /* complex64 -> bfloat16 without saturation, 16 a step: the real parts of
       two vectors by one VSHUFPS (in the order 0 1 4 5 | 2 3 6 7), one NaN
       test for both (an unordered compare of the two), the RNE shift, one
       pack and one VPERMD for the 16 (not tl__re_c64's lane permute a vector
       and tl__pack16's pack and permute each). A step with a NaN takes the
       float32 lanes (tl__rto8_16). An Intel Xeon, AVX2, 32 KiB, x memcpy, in
       alternation: 0.47 -> 1.05-1.09 */
    const __m256i ord = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    while (i + 16 <= n) {
      for (; i + 16 <= n; i += 16) { /* no call inside: its constants stay in registers */
        const float *f = (const float *)(const void *)(s + i * isz);
        tl__pf(pf, f, 16 * isz);
        const __m256 a = _mm256_shuffle_ps(_mm256_loadu_ps(f), _mm256_loadu_ps(f + 8), 0x88);
        const __m256 b = _mm256_shuffle_ps(_mm256_loadu_ps(f + 16), _mm256_loadu_ps(f + 24), 0x88);
        if (_mm256_movemask_ps(_mm256_cmp_ps(a, b, _CMP_UNORD_Q))) break;
        const __m256i r = _mm256_packus_epi32(tl__bf16_rne(_mm256_castps_si256(a)), tl__bf16_rne(_mm256_castps_si256(b)));
        tl__st32(d + i * 2, _mm256_permutevar8x32_epi32(r, ord), nt);
      }
      if (i + 16 <= n) { /* the step that broke out */
        tl__rto8_16_call(from, sat, s + i * isz, d + i * 2, nt);
        i += 16;
      }
    }
  }
  if (from == TL_BFLOAT16 && to == TL_FLOAT16) {
    /* bfloat16 -> float16 in 16-bit lanes, 16 a step (tl__bh16); a step
       holding anything but zero and float16 normals takes the float32
       lanes (tl__rto8_16). AVX2 on Zen 4, 32 KiB, x memcpy, in alternation,
       against the float32 lanes alone: 0.50 -> 0.58 (bcomplex32's real
       parts the same way: 0.77 -> 0.54, not taken) */
    while (i + 16 <= n) {
      for (; i + 16 <= n; i += 16) { /* no call inside: its constants stay in registers */
        const char *p = s + i * isz;
        tl__pf(pf, p, 16 * isz);
        __m256i odd;
        const __m256i r = tl__bh16(_mm256_loadu_si256((const __m256i *)(const void *)p), &odd);
        if (_mm256_movemask_epi8(odd)) break;
        tl__st32(d + i * 2, r, nt);
      }
      if (i + 16 <= n) { /* the step that broke out */
        tl__rto8_16_call(from, sat, s + i * isz, d + i * 2, nt);
        i += 16;
      }
    }
  }
  while (i + 16 <= n) { /* the steps with a NaN outside the inner loop, nt a constant there */
    i = nt ? tl__rto8_loop(from, to, sat, s, d, i, n, 1, pf) : tl__rto8_loop(from, to, sat, s, d, i, n, 0, pf);
    if (i + 16 <= n) {
      tl__rto8_16(from, to, sat, s + i * isz, d + i * osz, nt);
      i += 16;
    }
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i * osz, (ptrdiff_t)osz, n - i, flags);
}
#define TL__KRUN k_rto8
/* float32/float64/complex64/complex128 -> float8/6/4 are k_n8's, float16/bfloat16/
   complex32/bcomplex32 -> float8/6/4 k_h8's, -> e8m0 k_fe8/k_be8/k_he8's; here the
   saturating float16/bfloat16 */
TL__KDEF(r, f32, TL_FLOAT32, TL_BFLOAT16, bf16) TL__KDEF(r, f32, TL_FLOAT32, TL_FLOAT16, f16)
TL__KDEF(r, h, TL_FLOAT16, TL_BFLOAT16, bf16)
TL__KDEF(r, b, TL_BFLOAT16, TL_FLOAT16, f16)
TL__KDEF(r, c32, TL_COMPLEX32, TL_BFLOAT16, bf16)
TL__KDEF(r, bc32, TL_BCOMPLEX32, TL_FLOAT16, f16)
TL__KDEF(r, c64, TL_COMPLEX64, TL_BFLOAT16, bf16) TL__KDEF(r, c64, TL_COMPLEX64, TL_FLOAT16, f16)
#undef TL__KRUN

/* ---- bcomplex32 (two bfloat16 parts, real then imaginary) -------------------
 * The scalar rules (tl__nan_out, tl__encode) for the pairs with a kernel here:
 *   - from bcomplex32: each part is a float32 whose high half is the bfloat16
 *     (exact). Into float32/complex64 the NaN payload is kept as is (the bits
 *     shifted), into float64/complex128 it is kept with the quiet bit set, as
 *     VCVTPS2PD does: no NaN check. Into bfloat16 (the real part) a NaN becomes
 *     sign | 0x7FC0; into complex32 each part rounds to float16 (RNE, with sat
 *     +-0x7BFF for finite values past its range) and a NaN becomes sign | 0x7E00.
 *     -> bool: either part nonzero without its sign (NaN included).
 *   - into bcomplex32 from float16/32/64, complex32/64/128 and 16/32/64-bit
 *     integers: each value (part) rounded once to bfloat16 (float64 and the
 *     integers that float32 does not hold through round-to-odd float32), with sat
 *     +-0x7F7F for finite values past its range; a NaN becomes sign | 0x7FC0
 *     (the hardware keeps the sign through every step here, so in register);
 *     a real source gives the imaginary part +0, and bfloat16 is copied into
 *     the real part with its NaN made canonical.
 * The other pairs are chains through these (convert_plan.c). */
static inline __m256i tl__canon_b16(__m256i h) {
  __m256i nan = _mm256_cmpgt_epi16(_mm256_and_si256(h, _mm256_set1_epi16(0x7FFF)), _mm256_set1_epi16(0x7F80));
  return _mm256_blendv_epi8(h, _mm256_or_si256(_mm256_and_si256(h, _mm256_set1_epi16((short)0x8000)), _mm256_set1_epi16(0x7FC0)), nan);
}
TL__K(re_bc32, TL_BCOMPLEX32, TL_BFLOAT16, 4, 2, 16, tl__st32(dp, tl__canon_b16(tl__re16(sp)), nt))
/* (x0 .. x15) canonical -> (x0, 0) .. (x15, 0): unpack with zero within the
 * 128-bit lanes gives elements 0-3 8-11 and 4-7 12-15 */
static inline __attribute__((always_inline)) void tl__mk_bc32_16(const char *sp, char *dp, int nt) {
  const __m256i x = tl__canon_b16(TL__L32(sp)), z = _mm256_setzero_si256();
  const __m256i lo = _mm256_unpacklo_epi16(x, z), hi = _mm256_unpackhi_epi16(x, z);
  tl__st32(dp, _mm256_permute2x128_si256(lo, hi, 0x20), nt);
  tl__st32(dp + 32, _mm256_permute2x128_si256(lo, hi, 0x31), nt);
}
/* 32 a block: with no NaN (tl__h32_nan) each 8 zero-extended from memory */
static inline __attribute__((always_inline)) void tl__mk_bc32(const char *sp, char *dp, int nt) {
  if (!tl__h32_nan(sp, 1))
    for (int k = 0; k < 4; k++) tl__st32(dp + 32 * k, _mm256_cvtepu16_epi32(TL__L16(sp + 16 * k)), nt);
  else
    tl__mk_bc32_16(sp, dp, nt), tl__mk_bc32_16(sp + 32, dp + 64, nt);
}
TL__K(mk_bc32, TL_BFLOAT16, TL_BCOMPLEX32, 2, 4, 32, tl__mk_bc32(sp, dp, nt))
TL__KB(b_bc32, TL_BCOMPLEX32, TL_BOOL, 4, 1, tl__nzb(sp, 2, 2))
/* the parts as float32: the real part shifted up, the imaginary part masked */
static inline void tl__bc32_c64(const char *sp, char *dp, int nt) {
  const __m256i x = TL__L32(sp);
  const __m256i re = _mm256_slli_epi32(x, 16), im = _mm256_and_si256(x, _mm256_set1_epi32((int)0xFFFF0000u));
  const __m256i lo = _mm256_unpacklo_epi32(re, im), hi = _mm256_unpackhi_epi32(re, im); /* 0 1 4 5 | 2 3 6 7 */
  tl__st32(dp, _mm256_permute2x128_si256(lo, hi, 0x20), nt);
  tl__st32(dp + 32, _mm256_permute2x128_si256(lo, hi, 0x31), nt);
}
TL__K(k_bc32_c64, TL_BCOMPLEX32, TL_COMPLEX64, 4, 8, 8, tl__bc32_c64(sp, dp, nt))
static inline void tl__bc32_c128(const char *sp, char *dp, int nt) {
  const __m256 f = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(TL__L16(sp)), 16)); /* r0 i0 .. r3 i3 */
  tl__st32(dp, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_castps256_ps128(f))), nt);
  tl__st32(dp + 32, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_extractf128_ps(f, 1))), nt);
}
TL__K(k_bc32_c128, TL_BCOMPLEX32, TL_COMPLEX128, 4, 16, 4, tl__bc32_c128(sp, dp, nt))
TL__K(re_bc32_f32, TL_BCOMPLEX32, TL_FLOAT32, 4, 4, 8, tl__st32(dp, _mm256_slli_epi32(TL__L32(sp), 16), nt))
TL__K(re_bc32_f64, TL_BCOMPLEX32, TL_FLOAT64, 4, 8, 4,
      tl__st32(dp, _mm256_castpd_si256(_mm256_cvtps_pd(_mm_castsi128_ps(_mm_slli_epi32(TL__L16(sp), 16)))), nt))

/* bcomplex32 -> complex32: 8 elements (16 parts) per step, each part a
 * float32 rounded to float16, NaN canonical. */
static inline __m128i tl__bc32_c32_4(const char *p, int sat) {
  return tl__canon_h8(tl__f16_8(_mm256_slli_epi32(_mm256_cvtepu16_epi32(TL__L16(p)), 16), sat));
}
static inline __attribute__((always_inline)) void k_bc32_c32_run(int sat, const void *sv, void *dv, size_t n) {
  const char *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(TL_BCOMPLEX32, TL_COMPLEX32, s, d, n, 4, 4, flags, &nt);
  for (; i + 8 <= n; i += 8)
    tl__st32(d + 4 * i, _mm256_set_m128i(tl__bc32_c32_4(s + 4 * i + 16, sat), tl__bc32_c32_4(s + 4 * i, sat)), nt);
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(TL_BCOMPLEX32, s + 4 * i, 4, TL_COMPLEX32, d + 4 * i, 4, n - i, flags);
}
static void k_bc32_c32(const void *s, void *d, size_t n) { k_bc32_c32_run(0, s, d, n); }
static void k_bc32_c32_s(const void *s, void *d, size_t n) { k_bc32_c32_run(1, s, d, n); }

/* 8 components (float16, float32 or float64; complex: parts) from component
 * 8k at p, as float32 bits: exact, or rounded to odd from float64 (a NaN stays
 * a NaN with its sign). */
static inline __attribute__((always_inline)) __m256i tl__comp8_f32(tl_dtype c, const char *p, int k) {
  if (c == TL_FLOAT16) return _mm256_castps_si256(_mm256_cvtph_ps(TL__L16(p + 16 * k)));
  if (c == TL_FLOAT32) return TL__L32(p + 32 * k);
  return _mm256_set_m128i(tl__rto4(TL__LPD(p + 64 * k + 32)), tl__rto4(TL__LPD(p + 64 * k)));
}
/* float16/32/64 and complex32/64/128 -> bcomplex32: 8 elements per step
 * (the integers: k_ibc). */
static inline __attribute__((always_inline)) void k_to_bc32_run(tl_dtype from, tl_dtype to, int sat, const void *sv,
                                                                void *dv, size_t n) {
  (void)to; /* bcomplex32 */
  /* from is a constant here (the kernels below): so are these, unlike tl__info's */
  const int cplx = from == TL_COMPLEX32 || from == TL_COMPLEX64 || from == TL_COMPLEX128;
  const tl_dtype c = from == TL_COMPLEX32 ? TL_FLOAT16 : from == TL_COMPLEX64 ? TL_FLOAT32
                   : from == TL_COMPLEX128 ? TL_FLOAT64 : from;
  const size_t csz = c == TL_FLOAT16 ? 2 : c == TL_FLOAT32 ? 4 : 8;
  const size_t S = cplx ? 2 * csz : csz;
  const char *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  int nt;
  size_t i = tl__nt_head_f(from, TL_BCOMPLEX32, s, d, n, S, 4, flags, &nt);
  /* streaming runs prefetch where the source is at least as wide as the
     output (Zen 3, 64 MiB, A/B: float32 -> bcomplex32 1.30 -> 1.64x memcpy,
     float64 1.19 -> 1.39, complex64/128 1.08-1.17x; float16 1.49 -> 1.38) */
  const size_t pf = S >= 4 ? tl__pf_for(from, TL_BCOMPLEX32, nt) : 0;
  for (; i + 8 <= n; i += 8) {
    const char *sp = s + S * i;
    tl__pf(pf, sp, 8 * S);
    /* (x, +0) in each 32-bit lane */
    __m256i r = tl__bf16_lanes_sat(tl__comp8_f32(c, sp, 0), sat);
    if (cplx) r = _mm256_permute4x64_epi64(_mm256_packus_epi32(r, tl__bf16_lanes_sat(tl__comp8_f32(c, sp, 1), sat)), 0xD8);
    tl__st32(d + 4 * i, r, nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + S * i, (ptrdiff_t)S, TL_BCOMPLEX32, d + 4 * i, 4, n - i, flags);
}
/* TL__KDEF for each 16/32/64-bit integer source into TO */
#define TL__KDEF_INTS(PFX, TO, TTAG)                                                                 \
  TL__KDEF(PFX, i16, TL_INT16, TO, TTAG) TL__KDEF(PFX, u16, TL_UINT16, TO, TTAG)                     \
  TL__KDEF(PFX, i32, TL_INT32, TO, TTAG) TL__KDEF(PFX, u32, TL_UINT32, TO, TTAG)                     \
  TL__KDEF(PFX, i64, TL_INT64, TO, TTAG) TL__KDEF(PFX, u64, TL_UINT64, TO, TTAG)
#define TL__KRUN k_to_bc32_run
TL__KDEF(t, h, TL_FLOAT16, TL_BCOMPLEX32, bc32)
TL__KDEF(t, f32, TL_FLOAT32, TL_BCOMPLEX32, bc32)
TL__KDEF(t, c32, TL_COMPLEX32, TL_BCOMPLEX32, bc32)
TL__KDEF(t, c64, TL_COMPLEX64, TL_BCOMPLEX32, bc32)
#undef TL__KRUN

/* ---- integer / float16 / bfloat16 -> float8/6/4, integer -> float16 --------
 * 32 elements per step in 32-bit lanes, then packed to bytes. The target's
 * overflow depends only on |x| >= its threshold, so |x| was first clamped (in
 * the integer or float32-bit domain) to C, the value of the code maxmag + 1
 * read as a finite normal (480 for e4m3fn, 65536 for e5m2, 8 for e2m1fn):
 * every |x| >= C gives the same result, C < 2^24, so an integer source then
 * converts to float32 exactly (no round-to-odd step: the one rounding is the
 * encoder's). Now only unsigned 4- and 8-byte sources are clamped (below 2^31
 * for VCVTDQ2PS): elsewhere a value past C, exact or rounded by the
 * conversion, still gives a code past C's, which the unsigned byte pack and
 * tl__n8_fin's min take to the overflow code. For an integer source the encoder rounds the float32 bits:
 * RNE shift and exponent re-bias in one add; every nonzero value is a normal
 * of the target (its smallest normal is <= 1), and zero gives a negative lane
 * (arithmetic shift) that the unsigned byte pack turns into 0. float32 and
 * complex64 round by the float adder (tl__n8g), or, in a block of 32 whose
 * results are all normal codes, zero or overflow (targets whose smallest
 * normal is at most 2^-3; 2^-2 in calls of up to TL__H8_BRANCH_MAX bytes),
 * by that RNE shift on their own bits, unclamped,
 * the block checked on its codes (k_n8's F32F: AVX2 on Zen 4, 32 KiB, x
 * memcpy, in alternation: float32 -> float8 0.28-0.29 -> 0.34-0.36,
 * complex64 0.39-0.40 -> 0.45-0.47, and 0.45-0.47 -> 0.51-0.53 with its
 * real parts left in tl__ix8's lane order, tl__re_c64q, put in order once
 * at the end; 64 MiB +2-5%; float8_e3m4 and
 * float6_e3m2fn, smallest normal 2^-2, lost 6% at 64 MiB on values in
 * [-100, 100], so they keep the adder past TL__H8_BRANCH_MAX bytes);
 * float64/complex128 by the shift on the double's high word rounded half up
 * (tl__n8hu), or with a sticky bit from the low one (tl__n8dq), or, in a
 * block with inf, NaN or overflow, on the double's bits with the subnormal
 * lanes from the magic-number add (tl__n8d): AVX2 on Zen 4, 32 KiB, x memcpy, in
 * alternation: float64 -> float8/6 0.25 -> 0.36-0.40 (float6_e2m3fn,
 * float4_e2m1fn, their subnormal lanes in every block: 0.31), complex128
 * 0.35-0.37 -> 0.49-0.59; float16/bfloat16 in 16-bit lanes (k_h8, below). C
 * encodes as maxmag + 1 and anything above the threshold rounds to >= that,
 * so one unsigned byte min with the overflow code (sat: maxmag; else ovf[0],
 * which is maxmag (MX) or maxmag + 1 (inf, NaN, fnuz NaN)) finishes overflow;
 * then the sign (bit 7 of the signed-saturating pack of the source lanes,
 * moved to the format's sign bit; fnuz: not on zero). NaN (and, with sat, inf,
 * which is not saturated) sends the step to the scalar engine. */
typedef struct {
  __m256i rr, cint, cbits, minnorm, magicb, code8, sgn8;
  __m256i rrd, minnormd, magicdb; /* float64 sources: the same in 64-bit lanes */
  __m256i rrq; /* float64 sources on their high words (tl__n8dq): the rounding constant */
  __m256i pm;        /* 2^M: the smallest normal's code */
  __m256 magic;
  __m256d magicd;
  int sh, shd, shq, sgnsh, fnuz, satinf;
} tl__nenc;

static inline __attribute__((always_inline)) void tl__nenc_init(tl__nenc *Z, const tl__ffmt *F, int sat) {
  const int emin = 1 - F->bias;
  const uint32_t top = F->maxmag + 1; /* as a finite normal */
  const int te = (int)(top >> F->M) - F->bias;
  const float c = tl__u2f(((uint32_t)(te + 127) << 23) | ((top & ((1u << F->M) - 1)) << (23 - F->M)));
  Z->sh = 23 - F->M;
  Z->rr = _mm256_set1_epi32((int)(((1u << (22 - F->M)) - 1) - ((uint32_t)(127 - F->bias) << 23)));
  Z->cint = _mm256_set1_epi32((int)c);
  Z->cbits = _mm256_set1_epi32((int)tl__f2u(c));
  Z->minnorm = _mm256_set1_epi32((emin + 127) << 23);
  Z->magic = _mm256_castsi256_ps(_mm256_set1_epi32((emin - F->M + 23 + 127) << 23));
  Z->magicb = _mm256_castps_si256(Z->magic);
  Z->shd = 52 - F->M;
  Z->rrd = _mm256_set1_epi64x((long long)(((1ull << (51 - F->M)) - 1) - ((uint64_t)(1023 - F->bias) << 52)));
  Z->minnormd = _mm256_set1_epi64x((long long)((uint64_t)(emin + 1023) << 52));
  Z->magicd = _mm256_castsi256_pd(_mm256_set1_epi64x((long long)((uint64_t)(emin - F->M + 52 + 1023) << 52)));
  Z->magicdb = _mm256_castpd_si256(Z->magicd);
  Z->shq = 20 - F->M;
  Z->rrq = _mm256_set1_epi32((int)(((1u << (19 - F->M)) - 1) - ((uint32_t)(1023 - F->bias) << 20)));
  Z->pm = _mm256_set1_epi32(1 << F->M);
  Z->code8 = _mm256_set1_epi8((char)(sat ? F->maxmag : F->ovf[0]));
  Z->sgn8 = _mm256_set1_epi8((char)0x80);
  Z->sgnsh = 7 - F->sign_bit;
  Z->fnuz = F->fam == TL__FAM_FNUZ;
  Z->satinf = sat && F->fam != TL__FAM_MX; /* inf is not saturated */
}

/* 8 source elements -> int32 lanes: signed sources saturated to int32, unsigned
 * ones to uint32. int64/uint64 come in the order 0 1 4 5 2 3 6 7 (the caller
 * fixes it after packing). */
static inline __attribute__((always_inline)) __m256i tl__ix8(tl_dtype from, const char *p) {
  switch (from) {
  case TL_INT16: return _mm256_cvtepi16_epi32(TL__L16(p));
  case TL_UINT16: return _mm256_cvtepu16_epi32(TL__L16(p));
  case TL_INT32:
  case TL_UINT32: return _mm256_loadu_si256((const __m256i *)(const void *)p);
  default: {
    const __m256 q0 = _mm256_loadu_ps((const float *)(const void *)p), q1 = _mm256_loadu_ps((const float *)(const void *)(p + 32));
    const __m256i lo = _mm256_castps_si256(_mm256_shuffle_ps(q0, q1, 0x88));
    const __m256i hi = _mm256_castps_si256(_mm256_shuffle_ps(q0, q1, 0xDD));
    if (from == TL_UINT64) return _mm256_blendv_epi8(_mm256_set1_epi32(-1), lo, _mm256_cmpeq_epi32(hi, _mm256_setzero_si256()));
    const __m256i fits = _mm256_cmpeq_epi32(hi, _mm256_srai_epi32(lo, 31));
    return _mm256_blendv_epi8(_mm256_xor_si256(_mm256_srai_epi32(hi, 31), _mm256_set1_epi32(INT32_MAX)), lo, fits);
  }
  }
}

static inline __attribute__((always_inline)) int tl__is_signed_src(tl_dtype from) {
  return from != TL_UINT16 && from != TL_UINT32 && from != TL_UINT64;
}

/* 4 float64 at p -> 4 int64 code lanes (before overflow and sign), as tl__n8
   on float32 bits: RNE shift with re-bias, subnormals by a magic add. No
   clamp: a code from the largest double is below 2^(11 + M) <= 2^15, which the
   saturating packs keep above every overflow code. */
static inline __attribute__((always_inline)) __m256i tl__n8d(const tl__nenc *Z, __m256d x, __m256i *bad) {
  const __m256i a = _mm256_and_si256(_mm256_castpd_si256(x), _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll));
  *bad = _mm256_or_si256(*bad, _mm256_cmpgt_epi64(a, _mm256_set1_epi64x(Z->satinf ? 0x7FEFFFFFFFFFFFFFll
                                                                                   : 0x7FF0000000000000ll)));
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi64(a, Z->shd), _mm256_set1_epi64x(1));
  const __m256i rn = _mm256_srli_epi64(_mm256_add_epi64(_mm256_add_epi64(a, Z->rrd), lsb), Z->shd);
  const __m256i rs = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(_mm256_castsi256_pd(a), Z->magicd)), Z->magicdb);
  return _mm256_blendv_epi8(rn, rs, _mm256_cmpgt_epi64(Z->minnormd, a));
}

/* 8 doubles (d0, d1: 4 each, as floats) -> |x|'s high words with bit 0 or-ed with "the low word is not
   0", in the order 0 1 4 5 2 3 6 7: a sticky bit under any rounding position from bit 1 up of the high word,
   so an RNE shift of these words is that of the doubles (tl__n8dq). *hi: the high words. */
static inline __attribute__((always_inline)) __m256i tl__hw_sticky(__m256 d0, __m256 d1, __m256i *hi) {
  *hi = _mm256_castps_si256(_mm256_shuffle_ps(d0, d1, 0xDD));
  const __m256i lw = _mm256_castps_si256(_mm256_shuffle_ps(d0, d1, 0x88));
  return _mm256_or_si256(_mm256_and_si256(*hi, _mm256_set1_epi32(0x7FFFFFFF)), _mm256_min_epu32(lw, _mm256_set1_epi32(1)));
}

/* 8 float64 at p (FQ = 0) or the real parts of 8 complex128 (FQ = 1), as
   two vectors of floats (4 doubles each; complex128: (r0 r2 | r1 r3) and
   (r4 r6 | r5 r7)) for the high-word encoders (tl__n8dq, tl__n8hu) */
static inline __attribute__((always_inline)) void tl__ld8d(const char *p, int FQ, __m256 *d0, __m256 *d1) {
  if (FQ) { /* (r0 i0 | r1 i1), (r2 i2 | r3 i3) -> (r0 r2 | r1 r3) */
    const double *f = (const double *)(const void *)p;
    *d0 = _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_loadu_pd(f), _mm256_loadu_pd(f + 4)));
    *d1 = _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_loadu_pd(f + 8), _mm256_loadu_pd(f + 12)));
  } else {
    *d0 = _mm256_loadu_ps((const float *)(const void *)p), *d1 = _mm256_loadu_ps((const float *)(const void *)(p + 32));
  }
}

/* 8 float64 (FQ = 0: at p) or the real parts of 8 complex128 (FQ = 1) ->
   code lanes on the doubles' high words alone, for a block without inf, NaN
   or overflow (tl__n8d for the others): |x|'s high word, its
   bit 0 or-ed with "the low word is not 0" (the rounding bit sits at 19 - M
   >= 15 of the high word, so a sticky bit at 0 keeps RNE exact), is a
   float32-like pattern with 11 exponent bits and 20 mantissa bits, which the
   RNE shift with re-bias takes as tl__n8int does float32's (zero: a negative
   lane, 0 once packed; no clamp, as tl__n8d). *sg: the high words (the
   signs). The lanes below the smallest normal get their codes from the
   float32 adder. Lanes in the order 0 1 4 5 2 3 6 7 (FQ = 0) or 0 2 4 6 1
   3 5 7 (FQ = 1; tl__order32 with q = 2). */
static inline __attribute__((always_inline)) __m256i tl__n8dq(const tl__nenc *Z, const char *p, int FQ, __m256i *sg) {
  __m256 d0, d1;
  tl__ld8d(p, FQ, &d0, &d1);
  const __m256i h = tl__hw_sticky(d0, d1, sg);
  /* the lsb by two shifts, no constant to hold (the loop keeps 16 registers
     busy: AVX2 on an Intel Xeon, 32 KiB, A/B, 1.5-3% faster than the mask;
     on Zen 4 the mask, one shift fewer, was no faster: 0.98-1.03x) */
  const __m256i lsb = _mm256_srli_epi32(_mm256_slli_epi32(h, 31 - Z->shq), 31);
  const __m256i rn = _mm256_srai_epi32(_mm256_add_epi32(_mm256_add_epi32(h, Z->rrq), lsb), Z->shq);
  /* the lanes below the smallest normal: h as float32 bits (exponent
     re-biased, |x| below 2^-126 raised to it, which encodes as 0 too; the
     sticky bit lands at bit 3, under every rounding position here) through
     tl__n8g's magic-number add */
  const __m256i f = _mm256_slli_epi32(
      _mm256_sub_epi32(_mm256_max_epi32(h, _mm256_set1_epi32(897 << 20)), _mm256_set1_epi32(896 << 20)), 3);
  const __m256i rs = _mm256_sub_epi32(_mm256_castps_si256(_mm256_add_ps(_mm256_castsi256_ps(f), Z->magic)), Z->magicb);
  /* rn where h is a normal (>= 2^M there, at least rs capped at 2^M), rs
     below (rn there is at most rs, and below 2^M: checked for every format
     on values below the smallest normal and its midpoints): a max and a min
     in place of a compare and VPBLENDVB (three operations on Intel; AVX2 on
     an Intel Xeon, 32 KiB, A/B, two rounds: complex128 -> float6_e2m3fn
     0.55-0.58 -> 0.60-0.61, -> float4_e2m1fn 0.55-0.56 -> 0.62-0.63, float64
     -> float6_e2m3fn / float4_e2m1fn 0.34-0.35 -> 0.38-0.39) */
  return _mm256_max_epi32(rn, _mm256_min_epi32(rs, Z->pm));
}

/* High words h (sign, 11 exponent bits, 20 mantissa bits) -> |h| + rr
   shifted right by sh, arithmetically (rr: half a step, 2^(sh-1), less the
   re-bias: rounding half up); the lanes whose h ends in an even tie (bit sh
   clear, bit sh-1 set, the bits below clear) OR-ed into *tie (tl__n8hu,
   tl__d16hu) */
static inline __attribute__((always_inline)) __m256i tl__hw_halfup(__m256i h, int sh, __m256i rr, __m256i *tie) {
  *tie = _mm256_or_si256(*tie, _mm256_cmpeq_epi32(_mm256_and_si256(h, _mm256_set1_epi32((2 << sh) - 1)),
                                                  _mm256_set1_epi32(1 << (sh - 1))));
  return _mm256_srai_epi32(_mm256_add_epi32(_mm256_and_si256(h, _mm256_set1_epi32(0x7FFFFFFF)), rr), sh);
}

/* 8 float64 (FQ = 0: at p) or the real parts of 8 complex128 (FQ = 1) ->
   code lanes as tl__n8dq's normal ones, but with no sticky bit: |x|'s high
   word shifted with rounding half up (and re-bias), which is RNE of the
   double unless the word ends in an even tie (the kept lsb 0, the rounding
   bit 1, the bits below it 0), where the low word decides (0: down; half up
   gives up). Those lanes are OR-ed into *tie for the caller, which sends the
   block to tl__n8dq. 7 operations per 8 against 10, 2 of them shifts or
   shuffles against 5 (AVX2 on Zen 4, 32 KiB, x memcpy, in alternation,
   values in [-100, 100]: float64 -> float8_e4m3fn 0.46 -> 0.54, -> e5m2
   0.45 -> 0.60, -> e4m3 0.44 -> 0.57, -> e3m4 0.41 -> 0.49, complex128 ->
   float8_e4m3fn 0.66 -> 0.79). Data full of ties (integers, say) pays for
   a block here and then runs tl__n8dq's loop 512 values at a time.
   *sg: the high words. */
static inline __attribute__((always_inline)) __m256i tl__n8hu(const tl__nenc *Z, const char *p, int FQ, __m256i *sg,
                                                              __m256i *tie) {
  __m256 d0, d1;
  tl__ld8d(p, FQ, &d0, &d1);
  const __m256i h = _mm256_castps_si256(_mm256_shuffle_ps(d0, d1, 0xDD));
  *sg = h;
  return tl__hw_halfup(h, Z->shq, _mm256_add_epi32(Z->rrq, _mm256_set1_epi32(1)), tie);
}

/* float32 lanes a = |x| (clamped to C) -> code lanes, rounded by the float
   adder: magic = 2^(e' + 23 - M) with e' = max(e, emin) (e: a's exponent)
   makes the target's step in a's binade (or its subnormal step) the unit in
   the last place of sum = a + magic, rounded to nearest even. bits(sum) -
   bits(magic) is then the significand in steps, 2^M + mantissa for a normal
   (2^(M+1) where it carries) and the code itself for a subnormal, so code =
   that + (e' - emin) << M, with (e' - emin) << M = (bits(q) - bits(2^emin))
   >> (23 - M). 8 operations per 8 against the integer shift's 5 and the
   subnormal blend's 6 (F: a constant format). (Scaling the rounded value by
   2^(-126 - emin) would make its float32 bits the code, subnormals
   included, in 7, but a float32 subnormal result costs the adder an assist:
   0.25 -> 0.18x memcpy into float6_e2m3fn.) */
static inline __attribute__((always_inline)) __m256i tl__n8g(const tl__ffmt *F, __m256i a) {
  const int emin = 1 - F->bias, s = 23 - F->M;
  const __m256i mn = _mm256_set1_epi32((emin + 127) << 23);
  const __m256i q = _mm256_max_epi32(_mm256_and_si256(a, _mm256_set1_epi32(0x7F800000)), mn);
  const __m256i magic = _mm256_add_epi32(q, _mm256_set1_epi32(s << 23));
  const __m256i sum = _mm256_castps_si256(_mm256_add_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(magic)));
  return _mm256_add_epi32(_mm256_sub_epi32(sum, magic), _mm256_srli_epi32(_mm256_sub_epi32(q, mn), s));
}

/* 8 magnitudes a as float32 bits -> code lanes by the RNE shift with
   re-bias: right where the result is a normal code (>= 2^M); a magnitude
   below the target's smallest normal gives a code below 2^M, wrong unless
   it is exactly rr >> sh (zero, and values far below half the smallest
   subnormal: code 0 once packed). The kept lsb is a compare's mask (-1
   where it is 1), subtracted: the AND and VPCMPEQD run on any of Zen 4's
   four vector pipes, where the shift they replaced competes with VCVTDQ2PS
   and the other shifts for two (AVX2 on Zen 4, 32 KiB, x memcpy, medians of
   16 rounds in alternation: float32 -> float8_e4m3fn 0.413 -> 0.433, ->
   float8_e5m2 0.397 -> 0.414, complex64 -> float8_e4m3fn 0.610 -> 0.621,
   int32 -> float8_e5m2 0.431 -> 0.457, uint32 0.509 -> 0.520, int64 0.400
   -> 0.411; float32 -> float8_e3m4 0.985x). */
static inline __attribute__((always_inline)) __m256i tl__n8rne(const tl__nenc *Z, const tl__ffmt *F, __m256i a) {
  const __m256i bit = _mm256_set1_epi32(1 << (23 - F->M));
  const __m256i odd = _mm256_cmpeq_epi32(_mm256_and_si256(a, bit), bit); /* -1: the kept lsb is 1 */
  return _mm256_srai_epi32(_mm256_sub_epi32(_mm256_add_epi32(a, Z->rr), odd), 23 - F->M);
}

/* 8 magnitudes m <= C (int32 lanes) -> code lanes: exact in float32, then
   the RNE shift with re-bias (every nonzero integer a normal result; zero: a
   negative lane, 0 once packed) */
static inline __attribute__((always_inline)) __m256i tl__n8int(const tl__nenc *Z, const tl__ffmt *F, __m256i m) {
  return tl__n8rne(Z, F, _mm256_castps_si256(_mm256_cvtepi32_ps(m)));
}

/* 8 source elements at p -> 8 int32 code lanes (before overflow and sign);
 * *sg: lanes whose sign is the element's; *bad: NaN (or, satinf, inf) lanes
 * for float64; *bm: the largest |x| bits for float32 (checked per step). */
static inline __attribute__((always_inline)) __m256i tl__n8(tl_dtype from, const tl__ffmt *F, const tl__nenc *Z,
                                                            const char *p, __m256i *sg, __m256i *bad, __m256i *bm) {
  if (from == TL_FLOAT64 || from == TL_COMPLEX128) { /* lanes in the order 0 1 4 5 2 3 6 7, as tl__ix8's 8-byte integers */
    const __m256d d0 = from == TL_FLOAT64 ? _mm256_loadu_pd((const double *)(const void *)p) : tl__re_c128(p);
    const __m256d d1 = from == TL_FLOAT64 ? _mm256_loadu_pd((const double *)(const void *)(p + 32)) : tl__re_c128(p + 64);
    const __m256i c0 = tl__n8d(Z, d0, bad), c1 = tl__n8d(Z, d1, bad);
    *sg = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castpd_ps(d0), _mm256_castpd_ps(d1), 0xDD));
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(c0), _mm256_castsi256_ps(c1), 0x88));
  }
  if (from == TL_FLOAT32 || from == TL_COMPLEX64) { /* float16/bfloat16: k_h8 */
    const __m256i u = from == TL_COMPLEX64 ? _mm256_castps_si256(tl__re_c64q(p)) /* the real parts, as tl__ix8's order */
                                           : _mm256_loadu_si256((const __m256i *)(const void *)p);
    *sg = u;
    const __m256i a = _mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF));
    *bm = _mm256_max_epi32(*bm, a);
    return tl__n8g(F, _mm256_min_epi32(a, Z->cbits));
  }
  const __m256i x = tl__ix8(from, p);
  *sg = x;
  if (!tl__is_signed_src(from)) return tl__n8int(Z, F, _mm256_min_epu32(x, Z->cint)); /* as int32: below 2^31 */
  /* |x| as float32 bits (INT32_MIN: 2^31), unclamped: the largest code,
     2^31's, is below 2^9, which the packs and tl__n8_fin's min take to the
     overflow code as C's (one operation fewer than the integer |x| and
     clamp: int32 -> float8 0.39 -> 0.41x memcpy, int64 0.36 -> 0.38, AVX2 on
     Zen 4, 32 KiB, in alternation) */
  return tl__n8rne(Z, F, _mm256_and_si256(_mm256_castps_si256(_mm256_cvtepi32_ps(x)), _mm256_set1_epi32(0x7FFFFFFF)));
}

/* 4 x 8 int32 lanes of byte values -> 32 bytes, in the lanes' pack order
   (tl__order32 puts them back in element order) */
static inline __m256i tl__pack4(__m256i r0, __m256i r1, __m256i r2, __m256i r3) {
  return _mm256_packus_epi16(_mm256_packs_epi32(r0, r1), _mm256_packs_epi32(r2, r3));
}
/* tl__pack4's bytes in element order; q = 1: the lanes came from 8-byte
   sources in the order 0 1 4 5 2 3 6 7 (tl__ix8), q = 2: 0 2 4 6 1 3 5 7
   (tl__n8dq on complex128) */
/* bytes in groups of 8 in the order 0 1 4 5 2 3 6 7 (8-byte sources' lanes,
   tl__ix8) -> in order */
static inline __m256i tl__order_q1(__m256i b) {
  return _mm256_shuffle_epi8(b, _mm256_setr_epi8(0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15, 0, 1, 4, 5, 2, 3, 6,
                                                 7, 8, 9, 12, 13, 10, 11, 14, 15));
}
static inline __m256i tl__order32(__m256i b, int q) {
  b = _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
  if (q == 1)
    b = tl__order_q1(b);
  else if (q == 2) /* 0 2 4 6 1 3 5 7 in each 8 */
    b = _mm256_shuffle_epi8(b, _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15, 0, 4, 1, 5, 2, 6, 3,
                                                7, 8, 12, 9, 13, 10, 14, 11, 15));
  return b;
}
/* Codes >= 0 in 16-bit lanes into a format whose overflow code is 0x7F and
 * sign bit 7, not saturating (float8_e4m3fn: 0x7F is its NaN, the code of
 * every |x| past its largest finite value): the pack with signed saturation
 * takes every code past 0x7F to 0x7F, the overflow code, so tl__n8_fin's min
 * goes (the sign is OR-ed in alone): k_h8's blocks of normal results
 * (float16/bfloat16/complex32) and k_n8's integer sources on 16-bit lanes.
 * One operation fewer a block of 32: AVX2 on Zen 4, 32 KiB, x memcpy, two
 * rounds of the builds before and after in alternation: float16 ->
 * float8_e4m3fn 0.47 -> 0.49, bfloat16 0.42-0.48 -> 0.49, complex32 0.58 ->
 * 0.59-0.60, int32 0.47 -> 0.49, uint32 0.57 -> 0.60, int64 0.42 -> 0.42,
 * int16 0.28 -> 0.29, uint16 0.31 -> 0.31. */
static inline int tl__ffmt_pk7f(const tl__ffmt *F, int sat) {
  return !sat && F->ovf[0] == 0x7F && F->sign_bit == 7 && F->fam != TL__FAM_FNUZ;
}
/* the encoders' last step on packed codes b: overflow (one unsigned min with
   the overflow code), then the sign from bit 7 of the signed bytes sgb moved
   to the format's sign bit (fnuz: not on a zero code, by VPSIGNB with the
   codes: zeroed where b is 0, kept where b is 1..0x7F; b = 0x80, the fnuz
   NaN, takes its sign bit anyway) */
static inline __attribute__((always_inline)) __m256i tl__n8_fin(const tl__nenc *Z, __m256i b, __m256i sgb, int fnuz) {
  b = _mm256_min_epu8(b, Z->code8);
  if (fnuz) sgb = _mm256_sign_epi8(sgb, b);
  __m256i sg = _mm256_and_si256(sgb, Z->sgn8);
  if (Z->sgnsh) sg = _mm256_srli_epi16(sg, Z->sgnsh);
  return _mm256_or_si256(b, sg);
}


/* Integer sources into a format whose overflow threshold C is at most 512
 * (every one but float8_e5m2/e5m2fnuz): a magnitude m that is not an
 * overflow has at most 9 significant bits, so its float32 bits >> 15 (the
 * exponent and the top 8 mantissa bits, below 2^16) hold it exactly, and a
 * larger m's code lands past C's whatever the bits dropped (the unsigned pack
 * and tl__n8_fin's min take it to the overflow code). Two vectors of those
 * pack to one of 16-bit lanes t, where the RNE shift with re-bias runs on 16
 * lanes a step: code = (subs(t, ((127 - bias) << 8) - (2^(sh-1) - 1)) +
 * lsb) >> sh, sh = 8 - M (zero: 0; every m >= 1 a normal code): 8
 * operations fewer a step of 32 than tl__n8int's on 32-bit lanes. AVX2 on Zen
 * 4, 32 KiB, in alternation, against tl__n8int: int16 -> float8_e4m3fn x
 * 1.11, uint16 -> float8_e4m3 x 1.15, int32 x 1.07-1.14, uint32 x 1.16
 * (0.48 -> 0.56x memcpy), int64 x 1.06-1.08, uint64 x 1.08-1.09 (the
 * absolute figures of one build move by up to 20% between runs on this
 * shared machine; the ratios in one process hold). */
static inline int tl__n8t16_ok(const tl__ffmt *F) { /* C <= 512: maxmag + 1's exponent below 9 */
  return (int)((F->maxmag + 1) >> F->M) - F->bias < 9;
}
/* Both shifts right by sh as VPMULHW by 2^(16 - sh) (sh >= 4): the signed
   high half of the product is the arithmetic shift, the logical one where
   the lane is below 0x8000, as subs(t, k) + lsb always is (t < 0xA000, k >
   0x7000); and the lsb, bit sh of t, is bit 0 of either shift. On Zen 4
   the multiply runs on the two pipes of VMULPS and VPSUBUSW, the shifts on
   the two of VADDPS and VCVTDQ2PS (measured there, 256-bit, independent
   operations a cycle: VPSRLD with VADDPS or VCVTDQ2PS 2.0, VPMULHW with
   VPSRLW or VADDPS 4.0, VPMULHW with VMULPS 2.0), so the loops
   around, which convert and shift 32-bit lanes, share them better (AVX2 on
   Zen 4, 32 KiB, x memcpy, medians of 16 rounds in alternation: int16 ->
   float8_e4m3fn 0.300 -> 0.322, uint16 -> float8_e4m3 0.315 -> 0.350,
   uint32 -> float8_e4m3fn 0.614 -> 0.633, int32 0.505 -> 0.510; the same
   in k_h8's 16-bit encoders lost 3-5%: float16 -> float8_e4m3 0.443 ->
   0.430, complex32 -> float8_e4m3fn 0.669 -> 0.643) */
static inline __attribute__((always_inline)) __m256i tl__n8t16(const tl__ffmt *F, __m256i t) {
  const int sh = 8 - F->M;
  const __m256i k = _mm256_set1_epi16((short)(((127 - F->bias) << 8) - ((1 << (sh - 1)) - 1)));
  const __m256i m = _mm256_set1_epi16((short)(1 << (16 - sh)));
  const __m256i lsb = _mm256_and_si256(_mm256_mulhi_epi16(t, m), _mm256_set1_epi16(1));
  return _mm256_mulhi_epi16(_mm256_add_epi16(_mm256_subs_epu16(t, k), lsb), m);
}
/* 8 magnitudes m < 2^31 (int32 lanes) -> float32 bits >> 15 */
static inline __attribute__((always_inline)) __m256i tl__n8m15(__m256i m) {
  return _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(m)), 15);
}

/* 32 int16 (SG) / uint16 at p -> 32 codes in element order: |x| in 16-bit
   lanes, widened by unpacking with zero (in-lane: the packs back restore
   the order up to one quadword permute), tl__n8int on each 8 (or, C <= 512,
   tl__n8m15 and tl__n8t16 on the packed halves), the sign bytes from one
   saturating pack of the sources, which lands them in the codes' order
   before that permute. 41 operations per 32 against the 32-bit lanes' 47:
   0.22 -> 0.25 (int16), 0.26 -> 0.28 (uint16) x memcpy (AVX2, 32 KiB, median
   of 3 in alternation; then with the clamp to C) */
static inline __attribute__((always_inline)) __m256i tl__n8w16(const tl__nenc *Z, const tl__ffmt *F, const char *p, int SG,
                                                               int PK) {
  const __m256i x0 = _mm256_loadu_si256((const __m256i *)(const void *)p),
                x1 = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
  /* no clamp to C: 65535's code is below 2^9, which the packs and
     tl__n8_fin's min take to the overflow code as C's */
  const __m256i a0 = SG ? _mm256_abs_epi16(x0) : x0, a1 = SG ? _mm256_abs_epi16(x1) : x1; /* -32768: 32768 unsigned */
  const __m256i z = _mm256_setzero_si256();
  __m256i r[4], b;
  const __m256i w[4] = {_mm256_unpacklo_epi16(a0, z), _mm256_unpackhi_epi16(a0, z), _mm256_unpacklo_epi16(a1, z),
                        _mm256_unpackhi_epi16(a1, z)};
  if (tl__n8t16_ok(F)) { /* (unpacked in place instead, the odd elements as x * 65536: 1% slower) */
    for (int k = 0; k < 4; k++) r[k] = tl__n8m15(w[k]);
    const __m256i t01 = tl__n8t16(F, _mm256_packus_epi32(r[0], r[1])), t23 = tl__n8t16(F, _mm256_packus_epi32(r[2], r[3]));
    if (PK) { /* tl__ffmt_pk7f: the codes (>= 0) packed with signed saturation, no min */
      const __m256i sg = SG ? _mm256_and_si256(_mm256_packs_epi16(x0, x1), Z->sgn8) : _mm256_setzero_si256();
      return _mm256_permute4x64_epi64(_mm256_or_si256(_mm256_packs_epi16(t01, t23), sg), 0xD8);
    }
    b = _mm256_packus_epi16(t01, t23);
  } else {
    for (int k = 0; k < 4; k++) r[k] = tl__n8int(Z, F, w[k]);
    b = _mm256_packus_epi16(_mm256_packs_epi32(r[0], r[1]), _mm256_packs_epi32(r[2], r[3]));
  }
  const __m256i sgb = SG ? _mm256_packs_epi16(x0, x1) : z;
  return _mm256_permute4x64_epi64(tl__n8_fin(Z, b, sgb, 0), 0xD8);
}

/* k_n8's block check on codes packed to 16 bits (signed; RNE shift with
   re-bias on bits of exponent bias BO: 127, float32; 1023, float64 high
   words): with LOW, none strictly between zero's code Z0 = -(BO - bias) << M
   and 2^M (a subnormal result: z1 = Z0 + 1, ksub = 2^M - z1 in 16-bit
   arithmetic); with INF, none at or past inf's code (BO + 1 + bias) << M
   (inf, NaN, and |x| within half a step of the largest finite value: the
   block path takes those). Nonzero if the block must go there. One test per
   32 codes in place of per-8 maxima / minima of |x|. Measured and dropped
   (AVX2 on Zen 4, 32 KiB, in alternation): VPMOVMSKB of a signed compare
   (the bounds biased by 0x8000) in place of VPTEST, 1.00-1.03x; the tests of
   4 or 16 blocks OR-ed and tested once, the blocks stored first and a failing
   chunk done again block by block: float64 -> float8_e4m3fn 0.90-0.99x,
   complex128 -> float8_e4m3fn 0.83-0.93x, complex64 0.92x, float32 ->
   float8_e5m2 1.05-1.07x (the loop's extra state cost more than the
   branches saved). */
typedef struct {
  __m256i z1, ksub, inf1; /* inf1: inf's code less 1 */
} tl__n8chk;
static inline tl__n8chk tl__n8chk_init(const tl__ffmt *F, int BO) {
  tl__n8chk C;
  C.z1 = _mm256_set1_epi16((short)(1 - ((BO - F->bias) << F->M)));
  C.ksub = _mm256_set1_epi16((short)(((BO + 1 - F->bias) << F->M) - 1));
  C.inf1 = _mm256_set1_epi16((short)(((BO + 1 + F->bias) << F->M) - 1));
  return C;
}
static inline __attribute__((always_inline)) int tl__n8chk_off(const tl__n8chk *C, __m256i c01, __m256i c23, int LOW,
                                                               int INF, __m256i more) {
  __m256i off = LOW ? _mm256_subs_epu16(C->ksub, _mm256_min_epu16(_mm256_sub_epi16(c01, C->z1), _mm256_sub_epi16(c23, C->z1)))
                    : _mm256_setzero_si256();
  off = _mm256_or_si256(off, more); /* the caller's own lanes to send there (tl__n8hu's ties; 0: none) */
  if (INF) off = _mm256_or_si256(off, _mm256_cmpgt_epi16(_mm256_max_epi16(c01, c23), C->inf1));
  return !_mm256_testz_si256(off, off);
}

static inline __attribute__((always_inline)) void k_n8(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv,
                                                       size_t n) {
  const size_t isz = tl__csz(from);
  const char *s = sv;
  uint8_t *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  const tl__ffmt *F = &tl__fmts[to - TL_FLOAT4_E2M1FN]; /* constants: to is one here */
  tl__nenc Z;
  tl__nenc_init(&Z, F, sat);
  const int sgd = tl__is_signed_src(from), f32 = from == TL_FLOAT32 || from == TL_COMPLEX64,
            isf = f32 || from == TL_FLOAT64 || from == TL_COMPLEX128;
  /* the last step's constants opaque (tl__opq) for the float sources
     (float32 4-6% faster; the integer ones 0-2% slower) */
  if (isf) Z.code8 = tl__opq(Z.code8), Z.sgn8 = tl__opq(Z.sgn8);
  /* the lanes' order: tl__ix8's 0 1 4 5 2 3 6 7 for the 8-byte sources and complex64 (its real parts
     unpermuted, tl__re_c64q: 4 lane permutes fewer a step) */
  const int q = from == TL_INT64 || from == TL_UINT64 || from == TL_FLOAT64 || from == TL_COMPLEX128 || from == TL_COMPLEX64;
  /* float32: a lane is NaN (satinf: or inf) iff |x| + k has bit 31 set */
  const __m256i k = _mm256_set1_epi32(Z.satinf ? 0x00800000 : 0x007FFFFF);
  /* float64 / complex128 on the high words (tl__n8dq); where the target's
     smallest normal is above 2^-2 (float6_e2m3fn, float4_e2m1fn: 1) a block
     of values in [-100, 100] holds one below it too often to leave those
     to tl__n8d (as k_h8's shorter path), so there the subnormal results are
     computed in every block (SUB) */
  const int FQ = from == TL_FLOAT64 || from == TL_COMPLEX128, SUB = 1 - F->bias > -2;
  /* float32 / complex64, where the target's smallest normal is at most 2^-3
     (2^-2, float8_e3m4/float6_e3m2fn: only for calls of up to
     TL__H8_BRANCH_MAX bytes, not tl__run_streams's pieces: AVX2 on Zen 4,
     x memcpy, alternating builds, values in [-100, 100], 32 KiB: complex64
     -> float8_e3m4 0.46-0.47 -> 0.52-0.54, -> float6_e3m2fn 0.46-0.47 ->
     0.51, float32 -> both 0.30 -> 0.33-0.34; 256 KiB complex64 0.49 ->
     0.58; but 64 MiB 1.06-1.20 -> 0.93-1.00, the blocks left for a value
     below 0.25 too many): a block whose codes are all normal, zero or
     overflow takes the RNE shift on the float32 bits (tl__n8rne) for the
     float adder's rounding (tl__n8g) and, with no clamp, checks the codes
     once packed to 16 bits: none strictly between zero's, rr >> sh = Z0,
     and 2^M (a subnormal result), without NANOV none at or past inf's
     (tl__n8chk). Unclamped codes fit int16: at most (129 + bias) << M,
     NaN's bits included */
  const int F32F = f32 && (1 - F->bias <= -3 || (1 - F->bias == -2 && (isz + 1) * n <= TL__H8_BRANCH_MAX && !tl__nt_off));
  /* there, and in the float64/complex128 blocks on the high words, no NaN /
     inf test where their codes are the overflow code, the NaN of its sign
     (float8_e4m3fn, the fnuz formats; without sat), as k_h8 (AVX2 on Zen 4,
     32 KiB, x memcpy, in alternation: float32 -> float8_e4m3fn 0.34 ->
     0.40, -> float8_e5m2fnuz 0.34 -> 0.38; float64 -> float8_e4m3fn 0.40 ->
     0.44, -> the fnuz formats 0.40 -> 0.43, complex128 x 1.04-1.05) */
  const int NANOV = !sat && tl__ffmt_nan_is_ovf(F);
  const tl__n8chk CF = tl__n8chk_init(F, 127), CD = tl__n8chk_init(F, 1023); /* float32 bits; float64 high words */
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, isz, 1, flags, &nt);
  /* uint64 in tl__run_streams's pieces: faster without the prefetch, int64
     slower (Zen 2, 64 MiB, x memcpy, in alternation: uint64 -> float8_e4m3fn
     0.86 -> 0.93, -> float8_e5m2fnuz 0.89 -> 0.92; int64 -> float8_e4m3fn
     0.91 -> 0.88 without); on Intel (tl__pf_pieces) slower without (an Intel
     Xeon, AVX2, 64 MiB, out of cache, x memcpy: uint64 -> float8_e4m3fn
     0.73 -> 0.92 with it, -> float8_e5m2 0.73 -> 0.90) */
  const size_t pf = from == TL_UINT64 && !nt && !tl__pf_pieces ? 0 : tl__pf_for(from, to, nt);
  const int PK = tl__n8t16_ok(F) && tl__ffmt_pk7f(F, sat);
  if (from == TL_INT16 || from == TL_UINT16) { /* no NaN: no scalar block */
    for (; i + 32 <= n; i += 32) { /* PK: a constant here (F, sat are) */
      tl__pf(pf, s + 2 * i, 64);
      tl__st32((char *)(d + i), tl__n8w16(&Z, F, s + 2 * i, from == TL_INT16, PK), nt);
    }
  }
  if (!isf && from != TL_INT16 && from != TL_UINT16 && tl__n8t16_ok(F)) { /* 4- and 8-byte integers: tl__n8t16 */
    for (; i + 32 <= n; i += 32) {
      const char *p = s + i * isz;
      tl__pf(pf, p, 32 * isz);
      __m256i g[4], t[4];
      for (int j = 0; j < 4; j++) {
        g[j] = tl__ix8(from, p + 8 * j * isz);
        /* |x| as float32 (INT32_MIN: 2^31, its sign cleared), or unsigned x clamped below 2^31 */
        t[j] = sgd ? _mm256_srli_epi32(_mm256_and_si256(_mm256_castps_si256(_mm256_cvtepi32_ps(g[j])), _mm256_set1_epi32(0x7FFFFFFF)), 15)
                   : tl__n8m15(_mm256_min_epu32(g[j], Z.cint));
      }
      const __m256i t01 = tl__n8t16(F, _mm256_packus_epi32(t[0], t[1])), t23 = tl__n8t16(F, _mm256_packus_epi32(t[2], t[3]));
      const __m256i sgb = sgd ? _mm256_packs_epi16(_mm256_packs_epi32(g[0], g[1]), _mm256_packs_epi32(g[2], g[3])) : _mm256_setzero_si256();
      /* tl__ffmt_pk7f: the codes packed with signed saturation, no min */
      const __m256i b = PK ? _mm256_or_si256(_mm256_packs_epi16(t01, t23), _mm256_and_si256(sgb, Z.sgn8))
                           : tl__n8_fin(&Z, _mm256_packus_epi16(t01, t23), sgb, 0);
      tl__st32((char *)(d + i), tl__order32(b, q), nt);
    }
  }
  unsigned streak = 0;
  while (i + 32 <= n) {
    /* the scalar engine's call sits outside the loop: inside it, the
       compiler rebuilds the constants on every step */
    if (F32F) { /* float32 / complex64 blocks without a subnormal result */
      for (; i + 32 <= n; i += 32) {
        const char *p = s + i * isz;
        tl__pf(pf, p, 32 * isz);
        __m256i g[4], r[4];
        for (int j = 0; j < 4; j++) {
          g[j] = from == TL_COMPLEX64 ? _mm256_castps_si256(tl__re_c64q(p + 8 * j * isz))
                                      : _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * j));
          r[j] = tl__n8rne(&Z, F, _mm256_and_si256(g[j], _mm256_set1_epi32(0x7FFFFFFF)));
        }
        const __m256i c01 = _mm256_packs_epi32(r[0], r[1]), c23 = _mm256_packs_epi32(r[2], r[3]);
        if (tl__n8chk_off(&CF, c01, c23, 1, !NANOV, _mm256_setzero_si256())) break;
        const __m256i sgb = _mm256_packs_epi16(_mm256_packs_epi32(g[0], g[1]), _mm256_packs_epi32(g[2], g[3]));
        const __m256i b = tl__n8_fin(&Z, _mm256_packus_epi16(c01, c23), sgb, F->fam == TL__FAM_FNUZ);
        tl__st32((char *)(d + i), tl__order32(b, from == TL_COMPLEX64), nt);
      }
      if (i + 32 > n) break;
    }
    int tied = 0;
    if (FQ && !SUB) { /* float64 / complex128 by the high words alone (tl__n8hu) while no even tie shows in them */
      const size_t i0 = i;
      for (; i + 32 <= n; i += 32) {
        const char *p = s + i * isz;
        tl__pf(pf, p, 32 * isz);
        __m256i h0, h1, tie = _mm256_setzero_si256();
        const __m256i r0 = tl__n8hu(&Z, p, from == TL_COMPLEX128, &h0, &tie);
        const __m256i r1 = tl__n8hu(&Z, p + 8 * isz, from == TL_COMPLEX128, &h1, &tie);
        const __m256i c01 = _mm256_packs_epi32(r0, r1), s01 = _mm256_packs_epi32(h0, h1);
        const __m256i r2 = tl__n8hu(&Z, p + 16 * isz, from == TL_COMPLEX128, &h0, &tie);
        const __m256i r3 = tl__n8hu(&Z, p + 24 * isz, from == TL_COMPLEX128, &h1, &tie);
        const __m256i c23 = _mm256_packs_epi32(r2, r3);
        if (tl__n8chk_off(&CD, c01, c23, 1, !NANOV, tie)) {
          tied = !_mm256_testz_si256(tie, tie);
          streak = i == i0 ? streak + 1 : 0;
          break;
        }
        const __m256i sgb = _mm256_packs_epi16(s01, _mm256_packs_epi32(h0, h1));
        const __m256i b = tl__n8_fin(&Z, _mm256_packus_epi16(c01, c23), sgb, F->fam == TL__FAM_FNUZ);
        tl__st32((char *)(d + i), tl__order32(b, from == TL_COMPLEX128 ? 2 : 1), nt);
      }
      if (i + 32 > n) break;
    }
    if (FQ) { /* float64 / complex128 on the high words with their sticky bit, subnormal results computed */
      /* without SUB, after tl__n8hu's loop stopped: 512 values here if on a tie (one of many, integers say),
         else 32, doubled (up to 512) each time that loop stops again on its first block (values below the
         smallest normal throughout: [-1, 1] into float8_e3m4), then back. AVX2 on Zen 4, 32 KiB, x memcpy,
         in-process A/B against these blocks without subnormal results and the others by tl__n8d: float64
         -> float8_e3m4 / float6_e3m2fn, values in [-100, 100], 0.47 -> 0.51; in [-1, 1] 0.11 -> 0.29
         (float8_e4m3fn 0.23 -> 0.32). SUB formats through tl__n8hu's loop as well: 1.00-1.03x. */
      const size_t run = SUB ? n : tied ? 512 : (size_t)32 << (streak < 4 ? streak : 4);
      const size_t lim = run >= n - i ? n : i + run;
      for (; i + 32 <= lim; i += 32) {
        const char *p = s + i * isz;
        tl__pf(pf, p, 32 * isz);
        __m256i h0, h1;
        const __m256i r0 = tl__n8dq(&Z, p, from == TL_COMPLEX128, &h0);
        const __m256i r1 = tl__n8dq(&Z, p + 8 * isz, from == TL_COMPLEX128, &h1);
        const __m256i c01 = _mm256_packs_epi32(r0, r1), s01 = _mm256_packs_epi32(h0, h1);
        const __m256i r2 = tl__n8dq(&Z, p + 16 * isz, from == TL_COMPLEX128, &h0);
        const __m256i r3 = tl__n8dq(&Z, p + 24 * isz, from == TL_COMPLEX128, &h1);
        const __m256i c23 = _mm256_packs_epi32(r2, r3);
        /* the codes checked once packed, as the float32 blocks' (the
           subnormal results are computed, not looked for) */
        if (tl__n8chk_off(&CD, c01, c23, 0, !NANOV, _mm256_setzero_si256())) break;
        const __m256i sgb = _mm256_packs_epi16(s01, _mm256_packs_epi32(h0, h1));
        const __m256i b = tl__n8_fin(&Z, _mm256_packus_epi16(c01, c23), sgb, F->fam == TL__FAM_FNUZ);
        tl__st32((char *)(d + i), tl__order32(b, from == TL_COMPLEX128 ? 2 : 1), nt);
      }
      if (i + 32 > n) break;
      if (i + 32 > lim) continue; /* the run done: back to tl__n8hu */
    }
    /* this block alone: FQ, an inf, NaN or overflow; F32F, those or a value below the smallest normal */
    const size_t end = FQ || F32F ? i + 32 : n;
    for (; i + 32 <= end; i += 32) {
      const char *p = s + i * isz;
      tl__pf(pf, p, 32 * isz);
      __m256i g0, g1, g2, g3, bad = _mm256_setzero_si256(), bm = _mm256_setzero_si256();
      const __m256i r0 = tl__n8(from, F, &Z, p, &g0, &bad, &bm), r1 = tl__n8(from, F, &Z, p + 8 * isz, &g1, &bad, &bm);
      const __m256i r2 = tl__n8(from, F, &Z, p + 16 * isz, &g2, &bad, &bm), r3 = tl__n8(from, F, &Z, p + 24 * isz, &g3, &bad, &bm);
      if (f32 && _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_add_epi32(bm, k)))) break;
      if (isf && !f32 && _mm256_movemask_epi8(bad)) break;
      const __m256i sgb = sgd ? _mm256_packs_epi16(_mm256_packs_epi32(g0, g1), _mm256_packs_epi32(g2, g3)) : _mm256_setzero_si256();
      const __m256i b = tl__n8_fin(&Z, tl__pack4(r0, r1, r2, r3), sgb, F->fam == TL__FAM_FNUZ && isf);
      tl__st32((char *)(d + i), tl__order32(b, q), nt);
    }
    if (i + 32 <= end) { /* a NaN (or inf) among these 32 */
      tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, (char *)(d + i), 1, 32, flags);
      i += 32;
    }
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, (char *)(d + i), 1, n - i, flags);
}
#define TL__KRUN k_n8
TL__NARROW_FORMATS(TL__KDEF, n, i16, TL_INT16)
TL__NARROW_FORMATS(TL__KDEF, n, u16, TL_UINT16)
TL__NARROW_FORMATS(TL__KDEF, n, i32, TL_INT32)
TL__NARROW_FORMATS(TL__KDEF, n, u32, TL_UINT32)
TL__NARROW_FORMATS(TL__KDEF, n, i64, TL_INT64)
TL__NARROW_FORMATS(TL__KDEF, n, u64, TL_UINT64)
TL__NARROW_FORMATS(TL__KDEF, n, f32, TL_FLOAT32)
TL__NARROW_FORMATS(TL__KDEF, n, f64, TL_FLOAT64)
TL__NARROW_FORMATS(TL__KDEF, n, c64, TL_COMPLEX64)
TL__NARROW_FORMATS(TL__KDEF, n, c128, TL_COMPLEX128)
#undef TL__KRUN

/* integer -> float16: clamped to +-65536 (inf; every |x| >= 65520 rounds
 * there) or, with sat, +-65504 (the largest finite), then exact in float32:
 * one RNE rounding by VCVTPS2PH. 16 per step. int16 needs no clamp (|x| <=
 * 32768), nor uint16 without sat (65535 rounds to inf itself): int16 ->
 * float16 0.48 -> 0.53, uint16 0.51 -> 0.54, int16 -> complex32 0.63 -> 0.73
 * (AVX2 on Zen 4, 32 KiB, x memcpy, in alternation); nor int32 and int64
 * (tl__ix8 saturates it to int32) without sat: float32's rounding of |x| >=
 * 2^24 stays far above 65520, which rounds to inf (AVX2 on Zen 5, 32 KiB,
 * in alternation: int32 -> complex32 1.27x, int64 -> complex32 1.19x, int64
 * -> float16 1.24x; bench convert, x memcpy: int32 -> complex32 0.39 -> 0.50,
 * int32 -> float16 0.37 -> 0.42, int64 -> float16 0.25 -> 0.30). */
static inline __attribute__((always_inline)) __m128i tl__ih8(tl_dtype from, int sat, const char *p) {
  const int c = sat ? 65504 : 65536;
  const __m256i x = tl__ix8(from, p);
  const __m256i v = from == TL_INT16 || (from == TL_UINT16 && !sat) || (!sat && (from == TL_INT32 || from == TL_INT64)) ? x
                    : tl__is_signed_src(from)
                        ? _mm256_max_epi32(_mm256_min_epi32(x, _mm256_set1_epi32(c)), _mm256_set1_epi32(-c))
                        : _mm256_min_epu32(x, _mm256_set1_epi32(c));
  __m128i h = _mm256_cvtps_ph(_mm256_cvtepi32_ps(v), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  if (from == TL_INT64 || from == TL_UINT64) h = _mm_shuffle_epi32(h, 0xD8);
  return h;
}

/* integer -> complex32 the same way, the float16 in each 32-bit lane's low
   half (imaginary +0), 8 per step: one pass instead of a chain through float16 */
static inline __attribute__((always_inline)) void tl__ic32_run(tl_dtype from, int sat, const void *sv, void *dv, size_t n) {
  const size_t isz = tl__csz(from);
  const char *s = sv;
  char *d = dv;
  int nt;
  size_t i = tl__nt_head_f(from, TL_COMPLEX32, s, d, n, isz, 4, sat ? TL_CONVERT_SATURATE : 0, &nt);
  const size_t pf = tl__pf_on(nt);
  for (; i + 8 <= n; i += 8) tl__pf(pf, s + i * isz, 8 * isz), tl__st32(d + 4 * i, _mm256_cvtepu16_epi32(tl__ih8(from, sat, s + i * isz)), nt);
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, TL_COMPLEX32, d + 4 * i, 4, n - i, sat ? TL_CONVERT_SATURATE : 0);
}
#define TL__IC32(TAG, FT)                                                                               \
  static void ic_##TAG(const void *s, void *d, size_t n) { tl__ic32_run(FT, 0, s, d, n); }             \
  static void ic_##TAG##_s(const void *s, void *d, size_t n) { tl__ic32_run(FT, 1, s, d, n); }
#define TL__IC32_SRCS(X) X(i16, TL_INT16) X(u16, TL_UINT16) X(i32, TL_INT32) X(u32, TL_UINT32) X(i64, TL_INT64) X(u64, TL_UINT64)
TL__IC32_SRCS(TL__IC32)
#undef TL__IC32

static inline __attribute__((always_inline)) void k_ih(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv,
                                                       size_t n) {
  const size_t isz = tl__csz(from);
  const char *s = sv;
  char *d = dv;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, isz, 2, sat ? TL_CONVERT_SATURATE : 0, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
  const int intel = tl__cpu_intel;
  if ((from == TL_INT16 || (from == TL_UINT16 && !sat)) && intel) {
    /* Intel: 16 a step widened in lane: the quadwords permuted (0 2 1 3) so that
       the 16-bit unpacks give elements 0-7 and 8-15 in order (int16: with
       themselves, then an arithmetic shift; uint16: with zero), not two
       lane-crossing VPMOVSXWD/VPMOVZXWD from memory, whose shuffles
       with VCVTPS2PH's and the insert held the shuffle port (5 a step on
       Intel, now 4). An Intel Xeon, AVX2, x memcpy, in alternation:
       32 KiB int16 -> float16 0.45-0.48 -> 0.52-0.54, uint16 0.45-0.46
       -> 0.53-0.55; 64 MiB even (1.23-1.36x both). On AMD's Zen 4 this
       loop ran at 0.38-0.40 and the one below at 0.58-0.60 (AVX2, 32 KiB,
       x memcpy, in alternation; the permute and unpacks, not the insert,
       were its cost; bench convert, two rounds: int16 -> float16 0.40 ->
       0.61, uint16 0.48 -> 0.62). */
    const __m256i z = _mm256_setzero_si256();
    for (; i + 16 <= n; i += 16) {
      tl__pf(pf, s + i * isz, 16 * isz);
      const __m256i x = _mm256_permute4x64_epi64(_mm256_loadu_si256((const __m256i *)(const void *)(s + i * isz)), 0xD8);
      const __m256i lo = from == TL_INT16 ? _mm256_srai_epi32(_mm256_unpacklo_epi16(x, x), 16) : _mm256_unpacklo_epi16(x, z);
      const __m256i hi = from == TL_INT16 ? _mm256_srai_epi32(_mm256_unpackhi_epi16(x, x), 16) : _mm256_unpackhi_epi16(x, z);
#define TL__RN (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC) /* an immediate at -O0 too (the Debug build) */
      tl__st32((char *)(d + 2 * i), _mm256_set_m128i(_mm256_cvtps_ph(_mm256_cvtepi32_ps(hi), TL__RN), _mm256_cvtps_ph(_mm256_cvtepi32_ps(lo), TL__RN)), nt);
#undef TL__RN
    }
  }
  for (; i + 16 <= n; i += 16) {
    tl__pf(pf, s + i * isz, 16 * isz);
    const char *p = s + i * isz;
    /* AMD, 16-bit sources: the halves stored apart, not inserted (Zen 4, 32
       KiB, in alternation: 0.54 -> 0.60; int64 -> float16 0.58 -> 0.56) */
    if (intel || isz > 2)
      tl__st32((char *)(d + 2 * i), _mm256_set_m128i(tl__ih8(from, sat, p + 8 * isz), tl__ih8(from, sat, p)), nt);
    else
      tl__st16(d + 2 * i, tl__ih8(from, sat, p), nt), tl__st16(d + 2 * i + 16, tl__ih8(from, sat, p + 8 * isz), nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + 2 * i, 2, n - i, sat ? TL_CONVERT_SATURATE : 0);
}
#define TL__KRUN k_ih
TL__KDEF_INTS(n, TL_FLOAT16, f16)
#undef TL__KRUN

/* integer -> float8_e8m0fnu: zero and negative give 0xFF (0x00 with sat); a
 * positive x the exponent field of x plus its next bit (ties go up), which
 * only the top two bits decide (no overflow: x < 2^64). So x >= 2^24 is shifted
 * right by 8 first (exact in float32 then; 8 more in the exponent), an 8-byte
 * x >= 2^32 by 31 (32 when >= 2^63). In the order of tl__ix8. */
static inline __attribute__((always_inline)) __m256i tl__ie8(tl_dtype from, int sat, const char *p) {
  __m256i m, bad, kk = _mm256_setzero_si256();
  const __m256i zero = _mm256_setzero_si256();
  if (from == TL_INT64 || from == TL_UINT64) {
    const __m256i q0 = _mm256_loadu_si256((const __m256i *)(const void *)p);
    const __m256i q1 = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
    const __m256i big = _mm256_set1_epi64x(0xFFFFFFFFll);
    const __m256i n0 = _mm256_cmpgt_epi64(zero, q0), n1 = _mm256_cmpgt_epi64(zero, q1);
    const __m256i k0 = _mm256_or_si256(_mm256_and_si256(_mm256_cmpgt_epi64(q0, big), _mm256_set1_epi64x(31)),
                                       _mm256_and_si256(n0, _mm256_set1_epi64x(32)));
    const __m256i k1 = _mm256_or_si256(_mm256_and_si256(_mm256_cmpgt_epi64(q1, big), _mm256_set1_epi64x(31)),
                                       _mm256_and_si256(n1, _mm256_set1_epi64x(32)));
#define TL__LO(a, b) _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0x88))
    m = TL__LO(_mm256_srlv_epi64(q0, k0), _mm256_srlv_epi64(q1, k1));
    kk = _mm256_slli_epi32(TL__LO(k0, k1), 23);
    bad = _mm256_cmpeq_epi32(m, zero);
    if (from == TL_INT64) bad = _mm256_or_si256(bad, TL__LO(n0, n1));
#undef TL__LO
  } else {
    m = from == TL_INT16 || from == TL_UINT16 ? tl__ix8(from, p) : _mm256_loadu_si256((const __m256i *)(const void *)p);
    bad = tl__is_signed_src(from) ? _mm256_cmpgt_epi32(_mm256_set1_epi32(1), m) : _mm256_cmpeq_epi32(m, zero);
  }
  __m256i v = m;
  if (from != TL_INT16 && from != TL_UINT16) {
    const __m256i small = _mm256_cmpeq_epi32(_mm256_srli_epi32(m, 24), zero);
    v = _mm256_blendv_epi8(_mm256_srli_epi32(m, 8), m, small);
    kk = _mm256_add_epi32(kk, _mm256_andnot_si256(small, _mm256_set1_epi32(8 << 23)));
  }
  const __m256i f = _mm256_add_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(v)), kk);
  const __m256i code = _mm256_add_epi32(_mm256_srli_epi32(f, 23), _mm256_and_si256(_mm256_srli_epi32(f, 22), _mm256_set1_epi32(1)));
  return _mm256_blendv_epi8(code, _mm256_set1_epi32(sat ? 0 : 0xFF), bad);
}

/* 8 int32 (SG) / uint32 lanes -> float8_e8m0fnu code lanes, as tl__e8q below:
   a lane >= 2^24 shifted right by 8 first (exact in float32), 8 more in the
   exponent; the float32 bits plus 2^22 (ties up) >> 23 */
static inline __attribute__((always_inline)) __m256i tl__e8q32(int SG, __m256i v) {
  const __m256i big = SG ? _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0xFFFFFF))
                         : _mm256_cmpgt_epi32(_mm256_srli_epi32(v, 24), _mm256_setzero_si256());
  const __m256 f = _mm256_cvtepi32_ps(_mm256_blendv_epi8(v, _mm256_srli_epi32(v, 8), big));
  const __m256i k = _mm256_add_epi32(_mm256_set1_epi32(0x400000), _mm256_and_si256(big, _mm256_set1_epi32(8 << 23)));
  return _mm256_srli_epi32(_mm256_add_epi32(_mm256_castps_si256(f), k), 23);
}
/* 4 x 8 code lanes (elements 0-7, 8-15, 16-23, 24-31) -> 32 bytes in order,
   saturated to 255, code 0 made 0xFF */
static inline __m256i tl__e8pack(__m256i c0, __m256i c1, __m256i c2, __m256i c3) {
  const __m256i r = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(_mm256_packus_epi32(c0, c1), _mm256_packus_epi32(c2, c3)),
                                                _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
  return _mm256_or_si256(r, _mm256_cmpeq_epi8(r, _mm256_setzero_si256()));
}
/* 32 int64 (SG) / uint64 at p -> float8_e8m0fnu without saturation at o,
 * if every value fits int32 (uint64: below 2^31) and no code lands in [152,
 * 254] (|x| > 2^24, where VCVTDQ2PS's rounding could cross 1.5 x 2^e): their
 * low words through VCVTDQ2PS and the exponent bits as float32's (tl__e8x_f:
 * (x >> 22) + 1 >> 1 by VPAVGW after the pack; a negative value's sign
 * saturates to 0xFF), zero's code 0 made 0xFF; 0 (nothing stored) otherwise.
 * About 40 operations for 32 against the 4-byte rule's 60 (tl__e8q32 on the
 * low words, with its blend for values past 2^24). */
static inline __attribute__((always_inline)) int tl__e8x_q(int SG, const char *p, char *o, int nt) {
  const __m256i z = _mm256_setzero_si256();
  __m256i t[4], acc = z;
  for (int k = 0; k < 4; k++) {
    const __m256 a = _mm256_loadu_ps((const float *)(const void *)(p + 64 * k));
    const __m256 b = _mm256_loadu_ps((const float *)(const void *)(p + 64 * k + 32));
    const __m256i lo = _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0x88)); /* the order 0 1 4 5 2 3 6 7 */
    const __m256i hi = _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0xDD));
    /* int64: the high word the low one's sign; uint64: 0, and the low word below 2^31 */
    acc = _mm256_or_si256(acc, SG ? _mm256_xor_si256(hi, _mm256_srai_epi32(lo, 31)) : _mm256_or_si256(hi, _mm256_srli_epi32(lo, 31)));
    t[k] = _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(lo)), 22);
  }
  __m256i r = _mm256_packus_epi16(_mm256_avg_epu16(_mm256_packus_epi32(t[0], t[1]), z),
                                  _mm256_avg_epu16(_mm256_packus_epi32(t[2], t[3]), z));
  r = tl__order32(r, 1);
  r = _mm256_or_si256(r, _mm256_cmpeq_epi8(r, z)); /* 0: zero's code, 0xFF */
  const __m256i u = _mm256_add_epi8(r, _mm256_set1_epi8(104)); /* codes 152-254 -> 0-102 */
  if (!_mm256_testz_si256(acc, acc) || _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(u, _mm256_set1_epi8(102)), u)))
    return 0;
  tl__st32(o, r, nt);
  return 1;
}
static inline __attribute__((always_inline)) void k_ie8(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv,
                                                        size_t n) {
  const size_t isz = tl__csz(from);
  const char *s = sv;
  uint8_t *d = dv;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, isz, 1, sat ? TL_CONVERT_SATURATE : 0, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
  const int Q = from == TL_INT64 || from == TL_UINT64;
  for (; i + 32 <= n; i += 32) {
    tl__pf(pf, s + i * isz, 32 * isz);
    if (Q && !sat && tl__e8x_q(from == TL_INT64, s + i * isz, (char *)(d + i), nt)) continue;
    if (Q && !sat) {
      /* a block of 8-byte integers that all fit the 4-byte type of their
         sign (int64: x + 2^31 below 2^32; uint64: x below 2^32, the usual
         case) takes their low words through the 4-byte rule (tl__e8q32),
         tl__e8pack's saturation and zero (negatives: codes >= 256, 0xFF)
         and tl__order_q1 for the low words' order 0 1 4 5 2 3 6 7 (e8pack
         did tl__order32's lane permute): AVX2 on Zen 4, 32
         KiB, x memcpy, in alternation, values in [-100, 100]: int64 0.23 ->
         0.45, uint64 0.24 -> 0.46 */
      const char *p = s + i * 8;
      __m256i q[8], acc = _mm256_setzero_si256();
      const __m256i b31 = _mm256_set1_epi64x(from == TL_INT64 ? 0x80000000ll : 0);
      for (int k = 0; k < 8; k++) {
        q[k] = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k));
        acc = _mm256_or_si256(acc, from == TL_INT64 ? _mm256_add_epi64(q[k], b31) : q[k]);
      }
      if (_mm256_testz_si256(acc, _mm256_set1_epi64x((long long)0xFFFFFFFF00000000ull))) {
        __m256i c[4];
        for (int k = 0; k < 4; k++)
          c[k] = tl__e8q32(from == TL_INT64, _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(q[2 * k]),
                                                                                 _mm256_castsi256_ps(q[2 * k + 1]), 0x88)));
        tl__st32((char *)(d + i), tl__order_q1(tl__e8pack(c[0], c[1], c[2], c[3])), nt);
        continue;
      }
    }
    const char *p = s + i * isz;
    const __m256i r0 = tl__ie8(from, sat, p), r1 = tl__ie8(from, sat, p + 8 * isz);
    const __m256i r2 = tl__ie8(from, sat, p + 16 * isz), r3 = tl__ie8(from, sat, p + 24 * isz);
    const __m256i b = tl__order32(tl__pack4(r0, r1, r2, r3), from == TL_INT64 || from == TL_UINT64);
    tl__st32((char *)(d + i), b, nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, (char *)(d + i), 1, n - i, sat ? TL_CONVERT_SATURATE : 0);
}
#define TL__KRUN k_ie8
TL__KDEF_INTS(n, TL_FLOAT8_E8M0FNU, e8m0)
#undef TL__KRUN

/* int16/uint16/int32/uint32/float16 -> float8_e8m0fnu without
 * saturation, in fewer operations than tl__ie8 / k_he8: a lane's float32 bits
 * (exact: a 4-byte x >= 2^24 shifted right by 8 first, 8 more in the
 * exponent) plus 2^22, which carries into the exponent field when the next
 * bit is set (ties go up), so that bits 23-30 are the code. A negative value's
 * sign makes the lane >= 256, float16's inf and NaN 255, both 0xFF after the
 * saturating packs (tl__e8pack); a zero, the only lane giving code 0
 * (float16's smallest, 2^-24, is code 103), is made 0xFF after them. In
 * alternation against those (Zen 2, x memcpy, 32 KiB / 64 MiB): int8 (the
 * lookup before) 0.12 -> 0.23 / 0.70 -> 1.11, int16 0.21 -> 0.31 / 0.92 ->
 * 1.10, uint16 0.22 -> 0.31 / 0.98 -> 1.14, int32 0.23 -> 0.34 / 0.94 ->
 * 1.02, uint32 0.24 -> 0.30, float16 0.20 -> 0.39 / 0.93 -> 1.15; uint8
 * kept its lookup (0.30 against 0.21), and int8 and uint8 now take the
 * high-nibble lookups (tl__hn). float16 now takes k_he8's high bytes
 * (tl__e8x_f's note). */
static inline __attribute__((always_inline)) __m256i tl__e8q(tl_dtype from, const char *p) {
  __m256 f;
  __m256i k = _mm256_set1_epi32(0x400000);
  switch (from) {
  case TL_INT16: f = _mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(TL__L16(p))); break;
  case TL_UINT16: f = _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(TL__L16(p))); break;
  default: return tl__e8q32(from == TL_INT32, _mm256_loadu_si256((const __m256i *)(const void *)p)); /* int32, uint32 */
  }
  return _mm256_srli_epi32(_mm256_add_epi32(_mm256_castps_si256(f), k), 23);
}
/* 32 int32/uint32 at p all below 2^24 (int32: or negative, 0xFF either way):
   their codes straight from VCVTDQ2PS (exact), without tl__e8q32's shift of
   the larger lanes, stored at o; 0 (nothing stored) for a block with one.
   AVX2 on Zen 4, 32 KiB, x memcpy, in alternation, values in [-100, 100]:
   uint32 0.35 -> 0.63, int32 0.37-0.39 -> 0.55-0.64 */
static inline __attribute__((always_inline)) int tl__e8q_small(tl_dtype from, const char *p, char *o, int nt) {
  __m256i v[4], acc;
  for (int k = 0; k < 4; k++) v[k] = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k));
  if (from == TL_INT32) {
    acc = _mm256_cmpgt_epi32(_mm256_max_epi32(_mm256_max_epi32(v[0], v[1]), _mm256_max_epi32(v[2], v[3])),
                             _mm256_set1_epi32(0xFFFFFF));
  } else {
    acc = _mm256_and_si256(_mm256_or_si256(_mm256_or_si256(v[0], v[1]), _mm256_or_si256(v[2], v[3])),
                           _mm256_set1_epi32((int)0xFF000000u));
  }
  if (!_mm256_testz_si256(acc, acc)) return 0;
  const __m256i k = _mm256_set1_epi32(0x400000);
  __m256i c[4];
  for (int j = 0; j < 4; j++) c[j] = _mm256_srli_epi32(_mm256_add_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(v[j])), k), 23);
  tl__st32(o, tl__e8pack(c[0], c[1], c[2], c[3]), nt);
  return 1;
}
static inline __attribute__((always_inline)) void tl__e8q_run(tl_dtype from, const void *sv, void *dv, size_t n) {
  const size_t S = from == TL_INT32 || from == TL_UINT32 ? 4 : 2;
  const char *s = sv;
  char *d = dv;
  int nt;
  size_t i = tl__nt_head(from, TL_FLOAT8_E8M0FNU, s, d, n, S, 1, &nt);
#define TL__E8Q_LOOP(NT, PF)                                                                                     \
  for (; i + 32 <= n; i += 32) {                                                                                \
    const char *p = s + i * S;                                                                                  \
    tl__pf(PF, p, 32 * S);                                                                                      \
    if (S == 4 && tl__e8q_small(from, p, d + i, NT)) continue;                                                  \
    tl__st32(d + i, tl__e8pack(tl__e8q(from, p), tl__e8q(from, p + 8 * S), tl__e8q(from, p + 16 * S),           \
                               tl__e8q(from, p + 24 * S)), NT);                                                 \
  }
  if (nt) {
    TL__E8Q_LOOP(1, TL__PF_AHEAD)
    _mm_sfence();
  } else if (tl__pf_on(0)) {
    TL__E8Q_LOOP(0, TL__PF_AHEAD)
  } else {
    TL__E8Q_LOOP(0, 0)
  }
#undef TL__E8Q_LOOP
  if (i < n) tl__convert_generic(from, s + i * S, (ptrdiff_t)S, TL_FLOAT8_E8M0FNU, d + i, 1, n - i, 0);
}
/* the sources: (tag, dtype) */
#define TL__E8Q_SRCS(X) X(i16, TL_INT16) X(u16, TL_UINT16) X(i32, TL_INT32) X(u32, TL_UINT32)
#define TL__E8Q_FN(TAG, FT) \
  static void e8q_##TAG(const void *s, void *d, size_t n) { tl__e8q_run(FT, s, d, n); }
TL__E8Q_SRCS(TL__E8Q_FN)
#undef TL__E8Q_FN

/* integer -> bfloat16: float32 bits whose RNE to bfloat16 is that of x (no
 * overflow: |x| < 2^64). int16/uint16 exact; int32 rounded to odd
 * (tl__rto_i32); a larger magnitude m is narrowed with a sticky bit (the OR of
 * the bits shifted out, in bit 0), which keeps RNE to 8 bits exact while at
 * least 10 bits remain: an 8-byte m >= 2^32 by 22 (32 from 2^54) to 32 bits,
 * then m >= 2^24 by 8, exact in float32; the shifts go to the exponent. In the
 * order of tl__ix8. A block of 8 int32/uint32 all below 2^24 in magnitude
 * converts exactly by one VCVTDQ2PS (as the 8-byte integers' tl__q_small). */
static inline __attribute__((always_inline)) __m256i tl__ib8(tl_dtype from, const char *p) {
  if (from == TL_INT16 || from == TL_UINT16) return _mm256_castps_si256(_mm256_cvtepi32_ps(tl__ix8(from, p)));
  if (from == TL_INT32 || from == TL_UINT32) { /* all 8 in [-2^24, 2^24) (uint32: below 2^24): exact in float32 */
    const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
    const __m256i b = from == TL_INT32 ? _mm256_add_epi32(x, _mm256_set1_epi32(1 << 24)) : x;
    if (_mm256_testz_si256(b, _mm256_set1_epi32(from == TL_INT32 ? ~((1 << 25) - 1) : ~((1 << 24) - 1))))
      return _mm256_castps_si256(_mm256_cvtepi32_ps(x));
    if (from == TL_INT32) return tl__rto_i32(x);
  }
  if (from == TL_INT64 || from == TL_UINT64) { /* all 8 below 2^24 in magnitude: exact in float32 */
    __m256i lo;
    if (tl__q_small(p, from == TL_INT64, 24, &lo)) return _mm256_castps_si256(_mm256_cvtepi32_ps(lo));
  }
  const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
  __m256i m, kk = zero, sgn = zero;
  if (from == TL_UINT32) {
    m = _mm256_loadu_si256((const __m256i *)(const void *)p);
  } else {
    const __m256i one64 = _mm256_set1_epi64x(1);
    __m256i w[2], k[2], sg[2];
    for (int h = 0; h < 2; h++) {
      __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * h));
      sg[h] = zero;
      if (from == TL_INT64) {
        sg[h] = _mm256_cmpgt_epi64(zero, a);
        a = _mm256_sub_epi64(_mm256_xor_si256(a, sg[h]), sg[h]);
      }
      const __m256i s32 = _mm256_cmpeq_epi64(_mm256_srli_epi64(a, 32), zero);
      const __m256i s54 = _mm256_cmpeq_epi64(_mm256_srli_epi64(a, 54), zero);
      k[h] = _mm256_andnot_si256(s32, _mm256_blendv_epi8(_mm256_set1_epi64x(32), _mm256_set1_epi64x(22), s54));
      const __m256i lost = _mm256_and_si256(a, _mm256_sub_epi64(_mm256_sllv_epi64(one64, k[h]), one64));
      w[h] = _mm256_or_si256(_mm256_srlv_epi64(a, k[h]), _mm256_andnot_si256(_mm256_cmpeq_epi64(lost, zero), one64));
    }
#define TL__SH(a, b, i) _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), i))
    m = TL__SH(w[0], w[1], 0x88);
    kk = _mm256_slli_epi32(TL__SH(k[0], k[1], 0x88), 23);
    if (from == TL_INT64) sgn = _mm256_slli_epi32(TL__SH(sg[0], sg[1], 0xDD), 31);
#undef TL__SH
  }
  const __m256i small = _mm256_cmpeq_epi32(_mm256_srli_epi32(m, 24), zero);
  const __m256i st = _mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_and_si256(m, _mm256_set1_epi32(0xFF)), zero), one);
  const __m256i v = _mm256_blendv_epi8(_mm256_or_si256(_mm256_srli_epi32(m, 8), st), m, small);
  kk = _mm256_add_epi32(kk, _mm256_andnot_si256(small, _mm256_set1_epi32(8 << 23)));
  return _mm256_or_si256(_mm256_add_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(v)), kk), sgn);
}

/* float32 values f (here: integers, |f| <= 65536, and those times 65536)
   rounded to bfloat16's 8 bits, ties to even, as float32 bits (low 16 bits
   zero), by Veltkamp's split with 2^16 + 1: c = 65537 f, then c + (f - c);
   the results checked against the RNE shift for every int16 and uint16
   (test_convert_simd.c, test_int_narrow_edges). Three floating-point
   operations for the shift's four integer ones; the build's -std=c11 keeps
   the compiler from fusing the multiply and subtract (c must be rounded). */
static inline __attribute__((always_inline)) __m256i tl__bf16_split(__m256 f) {
  const __m256 c = _mm256_mul_ps(f, _mm256_set1_ps(65537.0f));
  /* f - c and c + that as fused multiply-adds by 1.0 (each a single rounding
     of the same exact sum, so the same bits), on the multiply pipes where the
     VCVTDQ2PS before share the adders (AVX2 on Zen 4, 32 KiB, x memcpy,
     medians of 20 rounds in alternation: uint16 -> bfloat16 0.494 -> 0.573,
     int16 0.476 -> 0.503; only c + (f - c) fused: 0.544, 0.498) */
  const __m256 one = _mm256_set1_ps(1.0f);
  return _mm256_castps_si256(_mm256_fmadd_ps(c, one, _mm256_fnmadd_ps(c, one, f)));
}
/* 16 bfloat16 results in two vectors of 32-bit lanes (tl__ib8's order; the
   8-byte sources' 0 1 4 5 2 3 6 7) packed and stored in element order at o */
static inline __attribute__((always_inline)) void tl__ib_st(tl_dtype from, char *o, __m256i a, __m256i b, int nt) {
  __m256i r = _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8);
  if (from == TL_INT64 || from == TL_UINT64) r = _mm256_shuffle_epi32(r, 0xD8);
  tl__st32(o, r, nt);
}
/* 16 int16 / uint16 at p -> float32 bits, exact: the even elements (low
   words) in fe, the odd ones (high words) in fo; int16 both as x * 65536
   (one shift or mask each), uint16 as x (x * 65536 is past int32) */
static inline __attribute__((always_inline)) void tl__ib16(tl_dtype from, const char *p, __m256i *fe, __m256i *fo) {
  const __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);
  if (from == TL_INT16) {
    *fe = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_slli_epi32(v, 16)));
    *fo = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_and_si256(v, _mm256_set1_epi32((int)0xFFFF0000))));
  } else {
    *fe = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_and_si256(v, _mm256_set1_epi32(0xFFFF))));
    *fo = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_srli_epi32(v, 16)));
  }
}
/* tl__ib16's float32 bits rounded to bfloat16 (low words zero) -> the 16
   results in place: int16's 16 << 7 off both words at once */
static inline __attribute__((always_inline)) __m256i tl__ib16_out(tl_dtype from, __m256i fe, __m256i fo) {
  if (from == TL_INT16) return _mm256_subs_epu16(_mm256_or_si256(_mm256_srli_epi32(fe, 16), fo), _mm256_set1_epi16(16 << 7));
  return _mm256_blend_epi16(_mm256_srli_epi32(fe, 16), fo, 0xAA);
}
#define TL__IB_RUN 32
static inline __attribute__((always_inline)) void k_ib(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv,
                                                       size_t n) {
  (void)sat; /* no integer reaches bfloat16's overflow */
  const size_t isz = tl__csz(from);
  const char *s = sv;
  char *d = dv;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, isz, 2, sat ? TL_CONVERT_SATURATE : 0, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
  /* 16 32/64-bit integers all in [-2^24, 2^24) (unsigned: below 2^24), the
     usual case, checked by one test (tl__ib8: each 8, the 8-byte ones by
     their halves) and converted exactly by VCVTDQ2PS; a block with a larger
     one by tl__ib8. AVX2 on Zen 4, 32 KiB, x memcpy, in alternation: uint32
     -> bfloat16 0.50 -> 0.57, int64 0.51 -> 0.59, uint64 0.49 -> 0.65 (int32
     the same, 0.53) */
  const int W = from == TL_INT32 || from == TL_UINT32 ? 4 : from == TL_INT64 || from == TL_UINT64 ? 8 : 0;
  const int SGN = from == TL_INT32 || from == TL_INT64;
  if (from == TL_INT16 || from == TL_UINT16) {
    /* 16 a step, nothing crosses a lane: the even elements (low words) and
       the odd ones (high words) as int32, exact in float32, each rounded to
       bfloat16's 8 bits by the split (tl__bf16_split), the even results'
       high words moved down and blended with the odd ones' in place (for
       tl__ib8 on each 8 widened by VPMOVSX/ZXWD, the RNE shift, a pack and a
       lane permute: AVX2 on Zen 4, bench convert, 32 KiB, x memcpy, two
       rounds in alternation: int16 -> bfloat16 0.39 -> 0.47, uint16 0.39 ->
       0.49; int16 as x, not x * 65536: 0.40; the odd elements by the
       integer RNE shift, the even ones by the split, to share the work
       between the float adders and the integer pipes: int16 0.97x, uint16
       1.01-1.02x on Zen 4) */
    /* blocks of 16 whose values all have at most 8 significant bits (|x| <=
       256, the usual small integers): their float32 bits' low words are
       zero and the high words the bfloat16 results, no rounding (an OR and
       a test for the split's six operations: AVX2 on Zen 4, 32 KiB, x
       memcpy, in process, values in [-100, 100]: int16 -> bfloat16 0.47 ->
       0.66, uint16 0.53 -> 0.73); a block with a larger one and the next
       TL__IB_RUN - 1 by the split unchecked (values in [-3e4, 3e4]: int16
       0.47 -> 0.46-0.47, uint16 0.54 -> 0.53; checked in every block, or
       runs of 8: 0.42-0.44) */
    while (i + 16 <= n) {
      for (; i + 16 <= n; i += 16) {
        tl__pf(pf, s + i * isz, 16 * isz);
        __m256i fe, fo;
        tl__ib16(from, s + i * isz, &fe, &fo);
        if (!_mm256_testz_si256(_mm256_or_si256(fe, fo), _mm256_set1_epi32(0xFFFF))) break;
        tl__st32(d + 2 * i, tl__ib16_out(from, fe, fo), nt);
      }
      for (const size_t end = n - i > 16 * TL__IB_RUN ? i + 16 * TL__IB_RUN : n; i + 16 <= end; i += 16) {
        tl__pf(pf, s + i * isz, 16 * isz);
        __m256i fe, fo;
        tl__ib16(from, s + i * isz, &fe, &fo);
        tl__st32(d + 2 * i, tl__ib16_out(from, tl__bf16_split(_mm256_castsi256_ps(fe)), tl__bf16_split(_mm256_castsi256_ps(fo))), nt);
      }
    }
  }
  while (i + 16 <= n) {
    for (; W && i + 16 <= n; i += 16) {
      tl__pf(pf, s + i * isz, 16 * isz);
      const char *p = s + i * isz;
      __m256i x[4], c0, c1;
      const int nv = W == 4 ? 2 : 4;
      __m256i any = _mm256_setzero_si256();
      for (int k = 0; k < nv; k++) {
        x[k] = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k));
        any = _mm256_or_si256(any, SGN ? (W == 4 ? _mm256_add_epi32(x[k], _mm256_set1_epi32(1 << 24))
                                                 : _mm256_add_epi64(x[k], _mm256_set1_epi64x(1 << 24)))
                                       : x[k]);
      }
      const __m256i big = W == 4 ? _mm256_set1_epi32(SGN ? ~((1 << 25) - 1) : ~((1 << 24) - 1))
                                 : _mm256_set1_epi64x(SGN ? ~((1ll << 25) - 1) : ~((1ll << 24) - 1));
      if (!_mm256_testz_si256(any, big)) break;
      if (W == 4) {
        c0 = x[0], c1 = x[1];
      } else { /* the low halves, in the order 0 1 4 5 2 3 6 7 (undone below as tl__ib8's) */
        c0 = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(x[0]), _mm256_castsi256_ps(x[1]), 0x88));
        c1 = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(x[2]), _mm256_castsi256_ps(x[3]), 0x88));
      }
      tl__ib_st(from, d + 2 * i, tl__bf16_rne(_mm256_castps_si256(_mm256_cvtepi32_ps(c0))),
                tl__bf16_rne(_mm256_castps_si256(_mm256_cvtepi32_ps(c1))), nt);
    }
    /* this block by tl__ib8 (every block, for the 16-bit sources), prefetched
       as the blocks above (an Intel Xeon, 64 MiB, out of cache, x memcpy:
       int16 -> bfloat16 0.86-0.91 without, 1.04-1.05 with) */
    for (const size_t end = W ? i + 16 : n; i + 16 <= end && i + 16 <= n; i += 16) {
      const char *p = s + i * isz;
      tl__pf(pf, p, 16 * isz);
      tl__ib_st(from, d + 2 * i, tl__bf16_rne(tl__ib8(from, p)), tl__bf16_rne(tl__ib8(from, p + 8 * isz)), nt);
    }
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + 2 * i, 2, n - i, sat ? TL_CONVERT_SATURATE : 0);
}
#define TL__KRUN k_ib
TL__KDEF_INTS(n, TL_BFLOAT16, bf16)
#undef TL__KRUN

/* integer -> bcomplex32: k_ib's bfloat16 in the low half of each 32-bit lane,
 * the imaginary +0 above it (the 8-byte integers' lane order undone by 64-bit
 * pairs). 8 per step. */
static inline __attribute__((always_inline)) void k_ibc(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv,
                                                        size_t n) {
  const size_t isz = tl__csz(from);
  const char *s = sv;
  char *d = dv;
  int nt;
  size_t i = tl__nt_head(from, to, s, d, n, isz, 4, &nt);
  for (; i + 8 <= n; i += 8) {
    __m256i r = tl__bf16_rne(tl__ib8(from, s + i * isz));
    if (from == TL_INT64 || from == TL_UINT64) r = _mm256_permute4x64_epi64(r, 0xD8);
    tl__st32(d + 4 * i, r, nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + 4 * i, 4, n - i, sat ? TL_CONVERT_SATURATE : 0);
}
#define TL__KRUN k_ibc
TL__KDEF_INTS(n, TL_BCOMPLEX32, bc32)
#undef TL__KRUN

/* ---- -> float8_e8m0fnu without saturation from the exponent bits alone ----
 * A positive normal value's code is its exponent field plus the ties-up bit
 * below it, re-biased: (t + 1) >> 1 with t the bits from the field's top down
 * to that bit, which VPAVGW with 0 computes after the unsigned pack of t
 * (float32: x >> 22; float64: the high word >> 19, less 2 x 896 by a
 * saturating subtract, so that everything below 2^-127 is 0; bfloat16: h >>
 * 6), and the saturating pack to bytes takes the sign (t >= 2^9 there: 0xFF)
 * and inf, NaN and the overflow past 2^127 (>= 255) to 0xFF as the pair's
 * table has them. float16 (and complex32's real part), whose field fits its
 * high byte b = h >> 8: (b + 450) >> 2 by two VPAVGB, (avg(b, 255) + 96 + 1)
 * >> 1, and b >= 0x7C (negative, inf, NaN) 0xFF by a compare. Ambiguous codes
 * go the general way a block at a time: code 0 (+0, which is 0xFF, and tiny
 * positives, 0x00; float32 and bfloat16 also code 1, whose subnormals' rule
 * differs) and float16's b <= 3 (zero and subnormals). 10-16 operations for
 * 32 codes against tl__fe8/tl__be8/tl__he8's 20-34 with blends. */
static inline __attribute__((always_inline)) int tl__e8x_clean(__m256i r, int ONE) {
  const __m256i z = _mm256_setzero_si256();
  return !_mm256_movemask_epi8(_mm256_cmpeq_epi8(ONE ? _mm256_subs_epu8(r, _mm256_set1_epi8(1)) : r, z));
}
/* bfloat16 / bcomplex32 (the real part) -> float8_e8m0fnu in 16-bit lanes, 16
 * per vector (H16 = 0): bfloat16 has float32's exponent field, so a positive
 * |h| >= 0x60 (1.5 x 2^-127) gives (|h| + 0x40) >> 7, the exponent plus the
 * ties-up bit (a carry into 255 and past: the saturating pack's 0xFF, sat
 * 0xFE), smaller ones 0 (2^-127); zero and negative values 0xFF (sat 0x00);
 * inf and NaN 0xFF. As k_he8 on float32 lanes, about 4x its rate (32 KiB).
 * Normal float16 (H16 = 1; k_he8's blocks without a subnormal): the same with
 * (|h| + 0x200) >> 10, plus 112 for the bias; it never overflows, and inf/NaN
 * (>= 0x7C00) of either sign are 0xFF. Without saturation zero, negative
 * values, inf and NaN are all 0xFF there: one signed compare on h + 0x400
 * finds them, and the zero/negative test is h <= 0 as a signed int16 (AVX2
 * on Zen 4, 32 KiB, x memcpy, in alternation: complex32 0.37 -> 0.48,
 * bfloat16 0.50 -> 0.54; float16 without saturation keeps tl__e8q, 0.50
 * against this loop's 0.47). */
static inline __attribute__((always_inline)) __m256i tl__be8(int sat, __m256i h, int H16) {
  const __m256i a = _mm256_and_si256(h, _mm256_set1_epi16(0x7FFF));
  __m256i c;
  if (H16) {
    c = _mm256_add_epi16(_mm256_srli_epi16(_mm256_add_epi16(a, _mm256_set1_epi16(0x200)), 10), _mm256_set1_epi16(112));
    if (!sat) { /* zero, negative, inf and NaN all 0xFF: h + 0x400 (wrapping) below 0x401 as a signed int16 */
      const __m256i bad = _mm256_cmpgt_epi16(_mm256_set1_epi16(0x401), _mm256_add_epi16(h, _mm256_set1_epi16(0x400)));
      return _mm256_blendv_epi8(c, _mm256_set1_epi16(0xFF), bad);
    }
  } else {
    c = _mm256_srli_epi16(_mm256_add_epi16(a, _mm256_set1_epi16(0x40)), 7);
    c = _mm256_andnot_si256(_mm256_cmpgt_epi16(_mm256_set1_epi16(0x60), a), c);
    if (sat) c = _mm256_min_epi16(c, _mm256_set1_epi16(0xFE));
  }
  /* zero or negative: h <= 0 as a signed int16 (-0 is 0x8000) */
  const __m256i nz = _mm256_cmpgt_epi16(_mm256_set1_epi16(1), h);
  c = _mm256_blendv_epi8(c, _mm256_set1_epi16(sat ? 0x00 : 0xFF), nz);
  if (!sat && !H16) return c; /* bfloat16 inf/NaN came out 0xFF above */
  return _mm256_blendv_epi8(c, _mm256_set1_epi16(0xFF), _mm256_cmpgt_epi16(a, _mm256_set1_epi16(H16 ? 0x7BFF : 0x7F7F)));
}
/* 16 float16/bfloat16 bits at element 16k of p (the real parts of
   complex32/bcomplex32 by one VPBLENDW of two loads: elements 0-7's real
   parts in the even words of the block's first 32 bytes, 8-15's in the odd
   words of the 32 bytes from byte 30, where each 32-bit lane holds element
   7 + j's imaginary part below element 8 + j's real part; the elements come
   interleaved, 0 8 1 9 .. 3 11 | 4 12 .. 7 15: the callers work in lane,
   pack two such vectors to bytes and put them in order by tl__ord16, a
   VPSHUFB and the VPERMD). Against the real parts masked and packed by
   VPACKUSDW (three operations a vector, in the order 0-3 8-11 | 4-7 12-15;
   VPSLLD and VPBLENDW, two, had run slower), AVX2 on Zen 4, 32 KiB, x
   memcpy, bench convert, two rounds in alternation: complex32 ->
   float8_e4m3fn 0.60 -> 0.64, -> float8_e3m4 0.49 -> 0.53, ->
   float8_e5m2fnuz 0.50 -> 0.53, -> float6_e3m2fn 0.48 -> 0.52, ->
   float4_e2m1fn 0.465 -> 0.49, -> float8_e8m0fnu 0.84 -> 0.89, -> int4 0.71
   -> 0.74; bcomplex32 -> float8_e4m3fn 0.605 -> 0.645 (not measured on
   Intel, where the masks and pack had been measured against the VPERMQ a
   vector they replaced) */
static inline __attribute__((always_inline)) __m256i tl__ld16h(tl_dtype from, const char *p, int k) {
  if (from == TL_FLOAT16 || from == TL_BFLOAT16) return _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k));
  return tl__re16b(p + 64 * k);
}
/* 16 words in the order of one of tl__ld16h's vectors -> element order (float16/bfloat16: as they are) */
static inline __attribute__((always_inline)) __m256i tl__ord16w(tl_dtype from, __m256i w) {
  if (from == TL_FLOAT16 || from == TL_BFLOAT16) return w;
  return _mm256_permute4x64_epi64(tl__re16s(w), 0xD8);
}
/* the bytes packed in lane from two of tl__ld16h's vectors (elements 0-15,
   16-31) -> element order */
static inline __attribute__((always_inline)) __m256i tl__ord16(tl_dtype from, __m256i b) {
  if (from == TL_FLOAT16 || from == TL_BFLOAT16) return _mm256_permute4x64_epi64(b, 0xD8);
  /* in each lane 0 8 1 9 2 10 3 11 16 24 .. 19 27 -> 0-3 8-11 16-19 24-27, then the dwords in order */
  b = _mm256_shuffle_epi8(b, _mm256_setr_epi8(0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15, 0, 2, 4, 6, 1, 3, 5, 7,
                                              8, 10, 12, 14, 9, 11, 13, 15));
  return _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

/* float16 / bfloat16 -> float8_e8m0fnu, 8 lanes of float32 bits (exact): a
 * positive normal is its exponent field plus one from 1.5 x 2^e up (ties
 * up), past 254 overflow (0xFF; sat 0xFE); a float32 subnormal (bfloat16's)
 * is 2^-127 (0x00) below 1.5 x 2^-127, else 2^-126 (0x01); zero and negative
 * values 0xFF (sat 0x00); inf and NaN 0xFF. */
static inline __attribute__((always_inline)) __m256i tl__he8(tl_dtype from, int sat, const char *p) {
  const __m128i h = from == TL_FLOAT16 ? TL__L16(p) /* else complex32's real parts */
                                       : tl__pack16(_mm256_and_si256(TL__L32(p), _mm256_set1_epi32(0xFFFF)));
  const __m256i u = _mm256_castps_si256(_mm256_cvtph_ps(h));
  const __m256i a = _mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF));
  const __m256i nrm = _mm256_add_epi32(_mm256_srli_epi32(u, 23), _mm256_and_si256(_mm256_srli_epi32(u, 22), _mm256_set1_epi32(1)));
  const __m256i sub = _mm256_and_si256(_mm256_cmpgt_epi32(a, _mm256_set1_epi32(0x005FFFFF)), _mm256_set1_epi32(1));
  __m256i code = _mm256_blendv_epi8(sub, nrm, _mm256_cmpgt_epi32(a, _mm256_set1_epi32(0x007FFFFF)));
  code = _mm256_blendv_epi8(code, _mm256_set1_epi32(sat ? 0xFE : 0xFF), _mm256_cmpgt_epi32(code, _mm256_set1_epi32(0xFE)));
  const __m256i nz = _mm256_or_si256(_mm256_srai_epi32(u, 31), _mm256_cmpeq_epi32(a, _mm256_setzero_si256()));
  code = _mm256_blendv_epi8(code, _mm256_set1_epi32(sat ? 0x00 : 0xFF), nz);
  return _mm256_blendv_epi8(code, _mm256_set1_epi32(0xFF), _mm256_cmpgt_epi32(a, _mm256_set1_epi32(0x7F7FFFFF)));
}
static inline __attribute__((always_inline)) void k_he8(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv,
                                                        size_t n) {
  const size_t isz = tl__csz(from);
  const char *s = sv;
  uint8_t *d = dv;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, isz, 1, sat ? TL_CONVERT_SATURATE : 0, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
  while (i + 32 <= n) {
    /* without saturation: the high bytes b (tl__e8x_f's float16 form) of blocks without b <= 3 */
    for (; !sat && i + 32 <= n; i += 32) {
      tl__pf(pf, s + i * isz, 32 * isz);
      const char *p = s + isz * i;
      const __m256i b = _mm256_packus_epi16(_mm256_srli_epi16(tl__ld16h(from, p, 0), 8), _mm256_srli_epi16(tl__ld16h(from, p, 1), 8));
      if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_subs_epu8(b, _mm256_set1_epi8(3)), _mm256_setzero_si256()))) break;
      const __m256i e = _mm256_avg_epu8(_mm256_avg_epu8(b, _mm256_set1_epi8((char)255)), _mm256_set1_epi8(96));
      const __m256i bad = _mm256_cmpeq_epi8(_mm256_max_epu8(b, _mm256_set1_epi8(0x7C)), b); /* negative, inf, NaN */
      tl__st32((char *)(d + i), tl__ord16(from, _mm256_or_si256(e, bad)), nt);
    }
    /* blocks without a float16 subnormal (they have no exponent to read):
       tl__be8 in 16-bit lanes, in a loop of their own (sharing one with the
       float32 lanes, GCC spilled and rebuilt constants: complex32 0.33 ->
       0.37x memcpy in cache); without saturation only the block the loop
       above stopped at */
    const size_t stop = sat ? n : i + 32;
    for (; i + 32 <= n && i < stop; i += 32) {
      tl__pf(pf, s + i * isz, 32 * isz);
      const char *p = s + isz * i;
      const __m256i h0 = tl__ld16h(from, p, 0), h1 = tl__ld16h(from, p, 1), m = _mm256_set1_epi16(0x7FFF);
      const __m256i a0 = _mm256_and_si256(h0, m), a1 = _mm256_and_si256(h1, m), one = _mm256_set1_epi16(1);
      /* a lane with 0 < |h| < 0x400: |h| - 1 below 0x3FF, unsigned */
      const __m256i sb = _mm256_subs_epu16(_mm256_set1_epi16(0x3FF),
                                           _mm256_min_epu16(_mm256_sub_epi16(a0, one), _mm256_sub_epi16(a1, one)));
      if (!_mm256_testz_si256(sb, sb)) break;
      const __m256i b = _mm256_packus_epi16(tl__be8(sat, h0, 1), tl__be8(sat, h1, 1));
      tl__st32((char *)(d + i), tl__ord16(from, b), nt);
    }
    if (i + 32 > n) break;
    if (i == stop) continue; /* without saturation: back to the high bytes */
    /* this block in float32 lanes */
    const char *p = s + isz * i;
    const __m256i r0 = tl__he8(from, sat, p), r1 = tl__he8(from, sat, p + 8 * isz);
    const __m256i r2 = tl__he8(from, sat, p + 16 * isz), r3 = tl__he8(from, sat, p + 24 * isz);
    tl__st32((char *)(d + i), tl__order32(tl__pack4(r0, r1, r2, r3), 0), nt);
    i += 32;
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + isz * i, (ptrdiff_t)isz, to, (char *)(d + i), 1, n - i, sat ? TL_CONVERT_SATURATE : 0);
}
#define TL__KRUN k_he8
TL__KDEF(n, h, TL_FLOAT16, TL_FLOAT8_E8M0FNU, e8m0)
TL__KDEF(n, c32, TL_COMPLEX32, TL_FLOAT8_E8M0FNU, e8m0)
#undef TL__KRUN


/* float16 / bfloat16 (and complex32 / bcomplex32: the real parts) ->
 * float8/6/4 in 16-bit lanes, 16 per vector: the tl__n8 encoder on the
 * source's own bits. |h| clamped to C (the first overflowing value, as
 * float16/bfloat16: float16 inf when C is above 65504), then one RNE shift
 * with re-bias for the normal results; the subnormal ones (|h| below the
 * target's smallest normal, or float16's) from the float32 magic-number add on
 * |h| widened to float32 bits (exact; unpacked to 32-bit lanes in the order
 * 0-3 8-11 | 4-7 12-15, which the pack back undoes). Overflow, sign, fnuz -0
 * and NaN (inf with sat) as k_n8. Measured against k_n8 in alternation (32
 * KiB, x memcpy): float16 -> float8/6/4 0.12-0.13 -> 0.18-0.19, bfloat16
 * 0.12-0.13 -> 0.20-0.21, complex32 (a chain before) 0.11 -> 0.22, bcomplex32
 * 0.14 -> 0.24. For targets whose smallest normal is at most 2^-2, a
 * block of 32 with no |h| in (0, minnorm) skips the subnormal lanes
 * (tl__h8n: the shift alone; zero made 0 by it too): (AVX2, Zen 4, 32 KiB,
 * median of 3 in alternation) float16 0.21-0.22 -> 0.26-0.32, bfloat16
 * 0.21-0.23 -> 0.26-0.32, complex32 0.26-0.28 -> 0.33-0.39. */
typedef struct {
  tl__nenc w; /* the float32 encoder's: overflow code, sign (tl__n8_fin) */
  __m256i rr, cbits, minnorm, bad;
  __m256i pm;  /* 2^M: the smallest normal's code */
  __m256i krr; /* -rr: tl__h8p's saturating subtract */
  __m256 magic;
  int sh;
} tl__nenc16;

static inline __attribute__((always_inline)) void tl__nenc16_init(tl__nenc16 *Z, const tl__ffmt *F, int sat, int bf) {
  tl__nenc_init(&Z->w, F, sat);
  const tl__nenc *W = &Z->w;
  const int MO = bf ? 7 : 10, BO = bf ? 127 : 15;
  const float c = tl__u2f((uint32_t)_mm256_cvtsi256_si32(W->cbits)), mn = tl__u2f((uint32_t)_mm256_cvtsi256_si32(W->minnorm));
  /* float16: by F16C (exact: c and 2^emin are 2^k times <= 5 bits; c above 65504 is inf, 0x7C00) */
  const int cb = bf ? (int)(tl__f2u(c) >> 16) : _cvtss_sh(c, 0), mb = bf ? (int)(tl__f2u(mn) >> 16) : _cvtss_sh(mn, 0);
  Z->sh = MO - F->M;
  Z->pm = _mm256_set1_epi16((short)(1 << F->M));
  Z->rr = _mm256_set1_epi16((short)(((1 << (Z->sh - 1)) - 1) - (BO - F->bias) * (1 << MO)));
  Z->krr = _mm256_set1_epi16((short)((BO - F->bias) * (1 << MO) - ((1 << (Z->sh - 1)) - 1)));
  Z->cbits = _mm256_set1_epi16((short)cb);
  /* a float16 subnormal has no implicit bit for the re-bias: the magic add
     takes them all (float8_e5m2fnuz's exponent 1 is one; codes run on) */
  Z->minnorm = _mm256_set1_epi16((short)(!bf && mb < 0x0400 ? 0x0400 : mb));
  Z->bad = _mm256_set1_epi16((short)((bf ? 0x7F80 : 0x7C00) - (W->satinf ? 1 : 0)));
  /* float16 bits << 13 are the float32 bits of the value times 2^-112 (a
     float16 subnormal's a float32 subnormal: exact under tl_convert's MXCSR,
     no DAZ); the magic number scaled alike gives the same code */
  Z->magic = _mm256_castsi256_ps(_mm256_sub_epi32(W->magicb, _mm256_set1_epi32(bf ? 0 : 112 << 23)));
}

/* |h| (a) -> code lanes by the RNE shift with re-bias, for a normal result
   (a >= minnorm) or zero (SA: the sum of a zero is negative, the arithmetic
   shift keeps it so and the unsigned pack makes it 0; else, where a large
   |h| could carry the sum past bit 15 (float16 -> float8_e5m2fnuz), a
   logical shift and zero masked) */
/* |h| clamped to C (a) plus the rounding constant, re-bias and lsb: the sum
   whose shift by sh is a normal result's code */
static inline __attribute__((always_inline)) __m256i tl__h8sum(const tl__nenc16 *Z, __m256i a) {
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi16(a, Z->sh), _mm256_set1_epi16(1));
  return _mm256_add_epi16(_mm256_add_epi16(a, Z->rr), lsb);
}
static inline __attribute__((always_inline)) __m256i tl__h8n(const tl__nenc16 *Z, __m256i a, int SA) {
  /* no clamp to C: a's sum stays below 2^15 (SA: |h| <= 0x7FFF, rr < 0) or
     2^16, and a code past C's is taken to the overflow code by the unsigned
     pack and tl__n8_fin's min as C's */
  const __m256i sum = tl__h8sum(Z, a);
  if (SA) return _mm256_srai_epi16(sum, Z->sh);
  return _mm256_andnot_si256(_mm256_cmpeq_epi16(a, _mm256_setzero_si256()), _mm256_srli_epi16(sum, Z->sh));
}
/* |h| (a) -> the subnormal results' code lanes (right where a < minnorm)
   from the float32 magic-number add, each 32-bit lane's two elements as
   floats in place (the even one moved up, the odd one masked; float16: bits
   << 13, tl__nenc16_init's scaled floats): for a < minnorm the sum keeps the magic number's
   exponent, whose bits end in 23 zeros, so its low word is the code itself
   (no subtract, no pack: the odd sums' low words moved up and blended in).
   Elsewhere the lanes hold whatever the sums' low words are, which the
   callers drop (tl__h8sel: rn there is at least 2^M, above min(rs, 2^M)
   whatever rs is; or a blend on a < minnorm). 6 operations per 16 against
   the unpack, subtract and pack's 7 (float16: 8 against 9); with tl__h8's
   clamp gone where SA, k_h8's loop that takes every block through tl__h8
   (float6_e2m3fn / float4_e2m1fn past the last-level cache): AVX2 on Zen 4,
   64 MiB, x memcpy, alternating builds, median of 5: bfloat16 ->
   float6_e2m3fn 0.99 -> 1.12, float16 -> float6_e2m3fn 0.93 -> 1.02,
   complex32 -> float6_e2m3fn 1.16 -> 1.25, float16 -> float4_e2m1fn 1.27 ->
   1.34 (float16 -> float8_e4m3fn, not using it, 1.30 -> 1.38 in the same
   rounds); 32 KiB, 9 rounds: 0.99-1.03x. */
static inline __attribute__((always_inline)) __m256i tl__h8s(const tl__nenc16 *Z, int bf, __m256i a) {
  const __m256i hi = _mm256_set1_epi32((int)0xFFFF0000);
  __m256i fe = _mm256_slli_epi32(a, 16), fo = _mm256_and_si256(a, hi);
  if (!bf) fe = _mm256_srli_epi32(fe, 3), fo = _mm256_srli_epi32(fo, 3);
  const __m256i se = _mm256_castps_si256(_mm256_add_ps(_mm256_castsi256_ps(fe), Z->magic));
  const __m256i so = _mm256_castps_si256(_mm256_add_ps(_mm256_castsi256_ps(fo), Z->magic));
  return _mm256_blend_epi16(se, _mm256_slli_epi32(so, 16), 0xAA);
}
/* the code lanes of tl__h8n (SA: the arithmetic shift) and tl__h8s merged:
   rn where |h| is at least the smallest normal (rn >= 2^M there, rs capped
   at 2^M no more), rs below (rn there at most min(rs, 2^M): checked on all
   float16 and bfloat16 codes into float6_e2m3fn, float6_e3m2fn and
   float4_e2m1fn): a max and a min in place of a compare and VPBLENDVB, three
   operations on Intel (AVX2 on an Intel Xeon, 32 KiB, A/B, two rounds:
   float16, bfloat16 -> float6_e2m3fn 1.5-3.5% faster, complex32 2-4%: the
   blocks holding a value below the smallest normal) */
static inline __attribute__((always_inline)) __m256i tl__h8sel(const tl__nenc16 *Z, __m256i rn, __m256i rs) {
  return _mm256_max_epi16(rn, _mm256_min_epi16(rs, Z->pm));
}
/* |h| (a) -> code lanes, the subnormal results (a < minnorm) from the
   float32 magic-number add (SA as k_h8's: the sum's arithmetic shift is
   exact, so tl__h8sel merges them) */
static inline __attribute__((always_inline)) __m256i tl__h8(const tl__nenc16 *Z, int bf, __m256i a, int SA) {
  /* SA: no clamp to C, as tl__h8n (a code past C's goes to the overflow
     code in the pack and tl__n8_fin's min; tl__h8s's lanes there are
     dropped by tl__h8sel) */
  if (SA) return tl__h8sel(Z, _mm256_srai_epi16(tl__h8sum(Z, a), Z->sh), tl__h8s(Z, bf, a));
  a = _mm256_min_epi16(a, Z->cbits);
  const __m256i rn = _mm256_srli_epi16(tl__h8sum(Z, a), Z->sh);
  return _mm256_blendv_epi8(rn, tl__h8s(Z, bf, a), _mm256_cmpgt_epi16(Z->minnorm, a));
}
/* k_h8's block of 32: its lanes of |h| (a0, a1) holding NaN (satinf: inf);
   its lanes in (0, minnorm) (tl__h8_low); its codes c0, c1 packed, overflow
   and sign from the sources h0, h1 (tl__n8_fin), in element order */
static inline __attribute__((always_inline)) __m256i tl__h8_bad(const tl__nenc16 *Z, __m256i a0, __m256i a1) {
  return _mm256_cmpgt_epi16(_mm256_max_epi16(a0, a1), Z->bad);
}
/* as a compare's mask (for VPMOVMSKB, one operation where VPTEST is two on
   Intel): a + 0x7FFF wraps 0 to 0x7FFF and 1.. to -32768.., so the lanes in
   (0, minnorm) are those below km = (short)(0x7FFF + minnorm), signed. In
   k_h8's FAST loop (AVX2 on an Intel Xeon, 32 KiB, x memcpy, in
   alternation): complex32 -> float8_e4m3fnuz 0.54 -> 0.56, float16 ->
   float8_e4m3fn 0.44 -> 0.45 */
static inline __attribute__((always_inline)) __m256i tl__h8_low(__m256i km, __m256i a0, __m256i a1) {
  const __m256i w = _mm256_set1_epi16(0x7FFF);
  return _mm256_cmpgt_epi16(km, _mm256_min_epi16(_mm256_add_epi16(a0, w), _mm256_add_epi16(a1, w)));
}
/* |h| (a) -> a normal result's code as tl__h8n's, >= 0: the rounding
   constant by a saturating subtract of -rr (> 0 with SA), so a zero lane
   gives 0; for tl__ffmt_pk7f's pack (k_h8's blocks of normal results) */
static inline __attribute__((always_inline)) __m256i tl__h8p(const tl__nenc16 *Z, __m256i a) {
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi16(a, Z->sh), _mm256_set1_epi16(1));
  return _mm256_srli_epi16(_mm256_add_epi16(_mm256_subs_epu16(a, Z->krr), lsb), Z->sh);
}
static inline __attribute__((always_inline)) __m256i tl__h8_outp(tl_dtype from, const tl__nenc16 *Z, __m256i c0, __m256i c1,
                                                                 __m256i h0, __m256i h1) {
  return tl__ord16(from, _mm256_or_si256(_mm256_packs_epi16(c0, c1), _mm256_and_si256(_mm256_packs_epi16(h0, h1), Z->w.sgn8)));
}
static inline __attribute__((always_inline)) __m256i tl__h8_out(tl_dtype from, const tl__nenc16 *Z, __m256i c0, __m256i c1,
                                                                __m256i h0, __m256i h1) {
  const __m256i b = tl__n8_fin(&Z->w, _mm256_packus_epi16(c0, c1), _mm256_packs_epi16(h0, h1), Z->w.fnuz);
  return tl__ord16(from, b);
}


static inline __attribute__((always_inline)) void k_h8(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv,
                                                       size_t n) {
  const size_t isz = tl__csz(from);
  const int bf = from == TL_BFLOAT16 || from == TL_BCOMPLEX32;
  const char *s = sv;
  uint8_t *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  const tl__ffmt *F = &tl__fmts[to - TL_FLOAT4_E2M1FN]; /* constants: to is one here */
  tl__nenc16 Z;
  tl__nenc16_init(&Z, F, sat, bf);
  Z.w.code8 = tl__opq(Z.w.code8), Z.w.sgn8 = tl__opq(Z.w.sgn8); /* the last step's constants */
  /* the arithmetic shift is exact while the largest sum, C's bits (<= inf's)
     plus rr, stays below 2^15: rr < 0, the target's bias below the source's */
  const int MO = bf ? 7 : 10, BO = bf ? 127 : 15, SA = (BO - F->bias) * (1 << MO) > (1 << (MO - F->M - 1)) - 1;
  /* the shorter path only where the smallest normal is at most 2^-2: with
     float6_e2m3fn/float4's 1 a block holds a value below it often enough to
     make the branch a guess (64 MiB, float16 -> float6_e2m3fn: 0.83 -> 0.65x
     memcpy with it, float8_e4m3fn 0.83 -> 1.24); float8_e3m4 and
     float6_e3m2fn's 0.25 gain (AVX2 on Zen 4, in alternation, x memcpy, 32
     KiB / 64 MiB, values in [-100, 100]: float16 -> float8_e3m4 0.21 -> 0.31
     / 1.04 -> 1.13, bfloat16 -> float6_e3m2fn 0.20 -> 0.29 / 1.00 -> 1.08,
     complex32 -> float8_e3m4 0.27 -> 0.38); data mostly below 0.25 takes the
     long path every time, as before */
  const int FAST = tl__ffmt_h8_fast(F);
  /* no NaN test in those blocks where a NaN's code (and inf's) is the
     overflow code, the NaN of its sign (float8_e4m3fn, the fnuz formats;
     without sat): their codes go past C's, taken there by the unsigned pack
     and tl__n8_fin's min. With tl__h8n's clamp gone too (AVX2 on Zen 4, 32
     KiB, x memcpy, in alternation): float16 -> float8_e4m3fn 0.38 -> 0.45,
     -> float8_e4m3fnuz 0.34 -> 0.41, -> float8_e5m2fnuz 0.31 -> 0.36, ->
     float8_e3m4 (the clamp alone) 0.34 -> 0.36, complex32 ->
     float8_e4m3fnuz 0.39 -> 0.45 */
  const int NANOV = !sat && tl__ffmt_nan_is_ovf(F);
  /* float8_e4m3fn (tl__ffmt_pk7f; SA: -rr > 0): the FAST blocks' codes by
     tl__h8p, packed with signed saturation, no min */
  const int PK = NANOV && SA && tl__ffmt_pk7f(F, sat);
  const __m256i m7 = _mm256_set1_epi16(0x7FFF), km = _mm256_add_epi16(Z.minnorm, m7);
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, isz, 1, flags, &nt);
  const size_t pf = tl__pf_on(nt);
  /* float6_e2m3fn (and float4, when routed here): every block the shift; the
     float32 add only in blocks holding a lane in (0, minnorm), a branch a
     block (a quarter of the blocks of values in [-100, 100]) inside the loop.
     Zen 3, AVX2, x memcpy, against the float32 add in every block, median of 5
     in alternation: 32 KiB float16 0.19 -> 0.26-0.28, bfloat16 0.20 -> 0.28,
     complex32 0.24 -> 0.32, bcomplex32 0.25 -> 0.33; 256 KiB 1.29-1.44x. Past
     the core's own caches the mispredictions cost more than the adds saved
     (1 MiB 0.86x, 4 MiB 0.71x, 64 MiB 0.74x), so there: chunks of 16 blocks,
     the shift alone into a buffer with the blocks to redo as bits (no branch
     a block), the few flagged blocks again, the buffer out (1 MiB 1.09-1.14x,
     16 MiB 0.95-1.00x, 64 MiB float16 and bfloat16 0.92 -> 1.00, complex32
     1.11 -> 1.10, bcomplex32 1.07 -> 1.10). In cache the chunks gave 0.96-1.11x.
     A piece of tl__run_streams (tl__nt_off; one page of a run past the
     caches) takes the chunks too (an Intel Xeon, AVX2, 64 MiB, out of
     cache, x memcpy: complex32 -> float6_e2m3fn in streams 0.60 with the
     branch a block, 0.79 with the chunks, 0.80 as one call). One call
     past the last-level cache (nt: streaming stores) runs neither: every
     block the float32 add, no branch (the loop below): AVX2 on Zen 4, 64
     MiB, x memcpy, chunks / every block, the bench two rounds: float16
     0.80-0.83 / 0.91-1.06, bfloat16 0.76-0.81 / 0.90-1.08, complex32
     0.94-0.95 / 1.09-1.19 (in alternation in one process 1.11-1.13x; 16 MiB
     complex32, below the bound, 0.80-0.86x: it keeps the chunks) */
  if (!FAST && (isz + 1) * n <= TL__H8_BRANCH_MAX && !tl__nt_off)
    for (; i + 32 <= n; i += 32) {
      const char *p = s + i * isz;
      const __m256i h0 = tl__ld16h(from, p, 0), h1 = tl__ld16h(from, p, 1);
      const __m256i a0 = _mm256_and_si256(h0, m7), a1 = _mm256_and_si256(h1, m7);
      if (!NANOV) {
        const __m256i bad = tl__h8_bad(&Z, a0, a1);
        if (_mm256_movemask_epi8(bad)) break;
      }
      __m256i c0 = tl__h8n(&Z, a0, SA), c1 = tl__h8n(&Z, a1, SA);
      if (_mm256_movemask_epi8(tl__h8_low(km, a0, a1))) {
        if (SA) {
          c0 = tl__h8sel(&Z, c0, tl__h8s(&Z, bf, a0)), c1 = tl__h8sel(&Z, c1, tl__h8s(&Z, bf, a1));
        } else {
          c0 = _mm256_blendv_epi8(c0, tl__h8s(&Z, bf, a0), _mm256_cmpgt_epi16(Z.minnorm, a0));
          c1 = _mm256_blendv_epi8(c1, tl__h8s(&Z, bf, a1), _mm256_cmpgt_epi16(Z.minnorm, a1));
        }
      }
      tl__st32((char *)(d + i), tl__h8_out(from, &Z, c0, c1, h0, h1), nt);
    }
  else if (!FAST && !nt) /* the chunks; a NaN (satinf: inf) sends its chunk and the rest to the loops below */
    for (; i + 512 <= n; i += 512) {
      _Alignas(32) uint8_t buf[512];
      uint32_t lows = 0;
      __m256i badv = _mm256_setzero_si256();
      for (int k = 0; k < 16; k++) {
        const char *p = s + (i + 32 * (size_t)k) * isz;
        tl__pf(pf, p, 32 * isz);
        const __m256i h0 = tl__ld16h(from, p, 0), h1 = tl__ld16h(from, p, 1);
        const __m256i a0 = _mm256_and_si256(h0, m7), a1 = _mm256_and_si256(h1, m7);
        if (!NANOV) badv = _mm256_or_si256(badv, tl__h8_bad(&Z, a0, a1));
        lows |= (uint32_t)(_mm256_movemask_epi8(tl__h8_low(km, a0, a1)) != 0) << k;
        _mm256_store_si256((__m256i *)(void *)(buf + 32 * k), tl__h8_out(from, &Z, tl__h8n(&Z, a0, SA), tl__h8n(&Z, a1, SA), h0, h1));
      }
      if (!_mm256_testz_si256(badv, badv)) break; /* NaN (satinf: inf) in the chunk: the blocks below from it on */
      for (; lows; lows &= lows - 1) {
        const int k = __builtin_ctz(lows);
        const char *p = s + (i + 32 * (size_t)k) * isz;
        const __m256i h0 = tl__ld16h(from, p, 0), h1 = tl__ld16h(from, p, 1);
        const __m256i a0 = _mm256_and_si256(h0, m7), a1 = _mm256_and_si256(h1, m7);
        _mm256_store_si256((__m256i *)(void *)(buf + 32 * k), tl__h8_out(from, &Z, tl__h8(&Z, bf, a0, SA), tl__h8(&Z, bf, a1, SA), h0, h1));
      }
      for (int k = 0; k < 16; k++) tl__st32((char *)(d + i + 32 * k), _mm256_load_si256((const __m256i *)(const void *)(buf + 32 * k)), nt);
    }
  while (i + 32 <= n) {
    if (FAST) /* blocks with no NaN (satinf: inf) and no |h| in (0, minnorm), the usual ones: a loop of their own
                 (sharing one with the subnormal path, GCC spilled and rebuilt constants: 2-11% slower) */
      for (; i + 32 <= n; i += 32) {
        const char *p = s + i * isz;
        tl__pf(pf, p, 32 * isz);
        const __m256i h0 = tl__ld16h(from, p, 0), h1 = tl__ld16h(from, p, 1);
        const __m256i a0 = _mm256_and_si256(h0, m7), a1 = _mm256_and_si256(h1, m7);
        const __m256i low = tl__h8_low(km, a0, a1);
        const __m256i off = NANOV ? low : _mm256_or_si256(tl__h8_bad(&Z, a0, a1), low);
        if (_mm256_movemask_epi8(off)) break;
        if (PK) tl__st32((char *)(d + i), tl__h8_outp(from, &Z, tl__h8p(&Z, a0), tl__h8p(&Z, a1), h0, h1), nt);
        else tl__st32((char *)(d + i), tl__h8_out(from, &Z, tl__h8n(&Z, a0, SA), tl__h8n(&Z, a1, SA), h0, h1), nt);
      }
    if (i + 32 > n) break;
    /* FAST: this block alone; else every block: the subnormal lanes from the float32 add */
    const size_t end = FAST ? i + 32 : n;
    for (; i + 32 <= end; i += 32) { /* the scalar engine's call outside the loop, as k_n8 */
      const char *p = s + i * isz;
      tl__pf(pf, p, 32 * isz);
      const __m256i h0 = tl__ld16h(from, p, 0), h1 = tl__ld16h(from, p, 1);
      const __m256i a0 = _mm256_and_si256(h0, m7), a1 = _mm256_and_si256(h1, m7);
      const __m256i bad = tl__h8_bad(&Z, a0, a1);
      if (_mm256_movemask_epi8(bad)) break;
      tl__st32((char *)(d + i), tl__h8_out(from, &Z, tl__h8(&Z, bf, a0, SA), tl__h8(&Z, bf, a1, SA), h0, h1), nt);
    }
    if (i + 32 <= end) {
      tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, (char *)(d + i), 1, 32, flags);
      i += 32;
    }
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, (char *)(d + i), 1, n - i, flags);
}
#define TL__KRUN k_h8
TL__NARROW_FORMATS(TL__KDEF, h8, h, TL_FLOAT16)
TL__NARROW_FORMATS(TL__KDEF, h8, b, TL_BFLOAT16)
TL__NARROW_FORMATS(TL__KDEF, h8, c32, TL_COMPLEX32)
TL__NARROW_FORMATS(TL__KDEF, h8, bc32, TL_BCOMPLEX32)
#undef TL__KRUN
static inline __attribute__((always_inline)) void k_be8(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv,
                                                        size_t n) {
  const size_t isz = tl__csz(from);
  const char *s = sv;
  uint8_t *d = dv;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, isz, 1, sat ? TL_CONVERT_SATURATE : 0, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
  for (; i + 32 <= n; i += 32) {
    if (!sat) { /* the exponent bits alone (tl__e8x_f's bfloat16 form) */
      for (; i + 32 <= n; i += 32) {
        tl__pf(pf, s + i * isz, 32 * isz);
        const char *p = s + i * isz;
        const __m256i z = _mm256_setzero_si256();
        const __m256i a = _mm256_avg_epu16(_mm256_srli_epi16(tl__ld16h(from, p, 0), 6), z);
        const __m256i r = tl__ord16(from, _mm256_packus_epi16(a, _mm256_avg_epu16(_mm256_srli_epi16(tl__ld16h(from, p, 1), 6), z)));
        if (!tl__e8x_clean(r, 1)) break;
        tl__st32((char *)(d + i), r, nt);
      }
      if (i + 32 > n) break;
    }
    tl__pf(pf, s + i * isz, 32 * isz);
    const char *p = s + i * isz;
    const __m256i b = _mm256_packus_epi16(tl__be8(sat, tl__ld16h(from, p, 0), 0), tl__be8(sat, tl__ld16h(from, p, 1), 0));
    tl__st32((char *)(d + i), tl__ord16(from, b), nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, (char *)(d + i), 1, n - i, sat ? TL_CONVERT_SATURATE : 0);
}

/* float32 / float64 / complex64 / complex128 (the real part) ->
 * float8_e8m0fnu on the source's bits, as tl__be8: (|x| + half an exponent
 * step) >> mantissa bits, re-biased for float64 (below 2^-127 negative: 0),
 * 0 below 1.5 x 2^-127 for float32 (its subnormals), then the saturating
 * packs (past 254: 0xFF; sat 0xFE), zero/negative 0xFF (sat 0x00), inf and
 * NaN 0xFF. 32 per step; float64's 64-bit lanes come in the order 0 1 4 5 2 3
 * 6 7 (fixed after packing, as k_n8). Replaces the round-to-odd template's
 * e8m0 outputs: 32 KiB, in alternation, float32 0.14 -> 0.39, float64 0.09 ->
 * 0.41, complex64 0.21 -> 0.42, complex128 0.15 -> 0.46x memcpy. */
static inline __attribute__((always_inline)) __m256i tl__fe8(tl_dtype from, int sat, const char *p) {
  if (from == TL_FLOAT64 || from == TL_COMPLEX128) {
    __m256i cq[2], nq[2], bq[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
    for (int h = 0; h < 2; h++) {
      const __m256i u = _mm256_castpd_si256(from == TL_FLOAT64 ? _mm256_loadu_pd((const double *)(const void *)(p + 32 * h))
                                                               : tl__re_c128(p + 64 * h));
      const __m256i a = _mm256_and_si256(u, _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll));
      cq[h] = _mm256_sub_epi64(_mm256_srli_epi64(_mm256_add_epi64(a, _mm256_set1_epi64x(1ll << 51)), 52), _mm256_set1_epi64x(896));
      nq[h] = _mm256_cmpgt_epi64(u, _mm256_setzero_si256()); /* positive: sign clear, not +0 */
      if (sat) bq[h] = _mm256_cmpgt_epi64(a, _mm256_set1_epi64x(0x7FEFFFFFFFFFFFFFll));
    }
#define TL__LO(a, b) _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0x88))
    __m256i c = TL__LO(cq[0], cq[1]);
    const __m256i pos = TL__LO(nq[0], nq[1]), big = TL__LO(bq[0], bq[1]);
#undef TL__LO
    /* codes below 0 here (below 2^-127): the blends, and tl__pack4's unsigned pack takes them to 0 */
    if (sat) c = _mm256_min_epi32(c, _mm256_set1_epi32(0xFE));
    c = _mm256_blendv_epi8(_mm256_set1_epi32(sat ? 0x00 : 0xFF), c, pos); /* zero and negative values */
    return sat ? _mm256_blendv_epi8(c, _mm256_set1_epi32(0xFF), big) : c;
  }
  {
    const __m256i u = from == TL_FLOAT32 ? _mm256_loadu_si256((const __m256i *)(const void *)p) : _mm256_castps_si256(tl__re_c64(p));
    const __m256i a = _mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF));
    __m256i c = _mm256_srli_epi32(_mm256_add_epi32(a, _mm256_set1_epi32(0x400000)), 23);
    c = _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32(0x600000), a), c);
    /* the 0xFF results as -1 (k_fe8's pack takes -1 and anything past 255 to 0xFF), the 0x00 ones by an
       AND: an OR or AND each where blends were (3 µops on Intel). An Intel Xeon, AVX2, 32 KiB, x memcpy, in
       alternation: float32 0.43 -> 0.45, saturating 0.31 -> 0.37; complex64 0.62 -> 0.65, saturating
       0.47-0.48 -> 0.54-0.55 */
    if (!sat) return _mm256_or_si256(c, _mm256_cmpgt_epi32(_mm256_set1_epi32(1), u)); /* zero and negative values */
    c = _mm256_and_si256(_mm256_min_epi32(c, _mm256_set1_epi32(0xFE)), _mm256_cmpgt_epi32(u, _mm256_setzero_si256()));
    return _mm256_or_si256(c, _mm256_cmpgt_epi32(a, _mm256_set1_epi32(0x7F7FFFFF))); /* inf and NaN */
  }
}
/* 32 float32 / float64 at p -> their codes in element order (code 0 or 1 ambiguous: tl__e8x_clean) */
static inline __attribute__((always_inline)) __m256i tl__e8x_f(tl_dtype from, const char *p) {
  const __m256i z = _mm256_setzero_si256();
  __m256i t[4];
  for (int k = 0; k < 4; k++) {
    if (from == TL_FLOAT32) {
      t[k] = _mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k)), 22);
    } else { /* the high words of 8 doubles, in the order 0 1 4 5 2 3 6 7 */
      const __m256 a = _mm256_loadu_ps((const float *)(const void *)(p + 64 * k));
      const __m256 b = _mm256_loadu_ps((const float *)(const void *)(p + 64 * k + 32));
      t[k] = _mm256_srli_epi32(_mm256_castps_si256(_mm256_shuffle_ps(a, b, 0xDD)), 19);
    }
  }
  __m256i a = _mm256_packus_epi32(t[0], t[1]), b = _mm256_packus_epi32(t[2], t[3]);
  if (from == TL_FLOAT64) {
    a = _mm256_subs_epu16(a, _mm256_set1_epi16(2 * 896)), b = _mm256_subs_epu16(b, _mm256_set1_epi16(2 * 896));
  }
  return tl__order32(_mm256_packus_epi16(_mm256_avg_epu16(a, z), _mm256_avg_epu16(b, z)), from == TL_FLOAT64);
}
static inline __attribute__((always_inline)) void k_fe8(tl_dtype from, tl_dtype to, int sat, const void *sv, void *dv,
                                                        size_t n) {
  const size_t isz = tl__csz(from);
  const int q = from == TL_FLOAT64 || from == TL_COMPLEX128;
  const char *s = sv;
  uint8_t *d = dv;
  int nt;
  size_t i = tl__nt_head_f(from, to, s, (char *)d, n, isz, 1, sat ? TL_CONVERT_SATURATE : 0, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
  for (; i + 32 <= n; i += 32) {
    if (!sat && (from == TL_FLOAT32 || from == TL_FLOAT64)) { /* the exponent bits alone (tl__e8x_f) */
      for (; i + 32 <= n; i += 32) {
        tl__pf(pf, s + i * isz, 32 * isz);
        const __m256i r = tl__e8x_f(from, s + i * isz);
        if (!tl__e8x_clean(r, from == TL_FLOAT32)) break;
        tl__st32((char *)(d + i), r, nt);
      }
      if (i + 32 > n) break;
    }
    tl__pf(pf, s + i * isz, 32 * isz);
    const char *p = s + i * isz;
    const __m256i r0 = tl__fe8(from, sat, p), r1 = tl__fe8(from, sat, p + 8 * isz);
    const __m256i r2 = tl__fe8(from, sat, p + 16 * isz), r3 = tl__fe8(from, sat, p + 24 * isz);
    if (q) {
      tl__st32((char *)(d + i), tl__order32(tl__pack4(r0, r1, r2, r3), q), nt);
    } else { /* float32/complex64: codes 0..256 or -1 (0xFF); the signed pack keeps -1, the unsigned min makes it 0xFF */
      const __m256i ff = _mm256_set1_epi16(0xFF);
      const __m256i w0 = _mm256_min_epu16(_mm256_packs_epi32(r0, r1), ff), w1 = _mm256_min_epu16(_mm256_packs_epi32(r2, r3), ff);
      tl__st32((char *)(d + i), tl__order32(_mm256_packus_epi16(w0, w1), 0), nt);
    }
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, (char *)(d + i), 1, n - i, sat ? TL_CONVERT_SATURATE : 0);
}
#define TL__KRUN k_fe8
TL__KDEF(n, f32, TL_FLOAT32, TL_FLOAT8_E8M0FNU, e8m0)
TL__KDEF(n, f64, TL_FLOAT64, TL_FLOAT8_E8M0FNU, e8m0)
TL__KDEF(n, c64, TL_COMPLEX64, TL_FLOAT8_E8M0FNU, e8m0)
TL__KDEF(n, c128, TL_COMPLEX128, TL_FLOAT8_E8M0FNU, e8m0)
#undef TL__KRUN

#define TL__KRUN k_be8
TL__KDEF(n, b, TL_BFLOAT16, TL_FLOAT8_E8M0FNU, e8m0)
TL__KDEF(n, bc32, TL_BCOMPLEX32, TL_FLOAT8_E8M0FNU, e8m0)
#undef TL__KRUN

/* The pairs above, before the template's. */
static tl__contig_fn tl__n8_kernel(tl_dtype from, tl_dtype to, int sat) {
#define P(F, T) (((int)(F) << 8) | (int)(T))
#define RN(TAG, FT) TL__NARROW_FORMATS(TL__KCASE, n, TAG, FT)
#define RH(TAG, FT) TL__KCASE(n, TAG, FT, TL_FLOAT16, f16) TL__KCASE(n, TAG, FT, TL_FLOAT8_E8M0FNU, e8m0) \
  TL__KCASE(n, TAG, FT, TL_BFLOAT16, bf16)
  switch (P(from, to)) {
    RN(i16, TL_INT16)
    RN(u16, TL_UINT16)
    RN(i32, TL_INT32)
    RN(u32, TL_UINT32)
    RN(i64, TL_INT64)
    RN(u64, TL_UINT64)
    TL__NARROW_FORMATS(TL__KCASE, h8, h, TL_FLOAT16)
    TL__NARROW_FORMATS(TL__KCASE, h8, b, TL_BFLOAT16)
    TL__NARROW_FORMATS(TL__KCASE, h8, c32, TL_COMPLEX32)
    TL__NARROW_FORMATS(TL__KCASE, h8, bc32, TL_BCOMPLEX32)
    RH(i16, TL_INT16)
    RH(u16, TL_UINT16)
    RH(i32, TL_INT32)
    RH(u32, TL_UINT32)
    RH(i64, TL_INT64)
    RH(u64, TL_UINT64)
    TL__KCASE(n, h, TL_FLOAT16, TL_FLOAT8_E8M0FNU, e8m0)
    TL__KCASE(n, b, TL_BFLOAT16, TL_FLOAT8_E8M0FNU, e8m0)
    TL__KCASE(n, bc32, TL_BCOMPLEX32, TL_FLOAT8_E8M0FNU, e8m0)
    TL__KCASE(n, c32, TL_COMPLEX32, TL_FLOAT8_E8M0FNU, e8m0)
    TL__KCASE(n, f32, TL_FLOAT32, TL_FLOAT8_E8M0FNU, e8m0)
    TL__KCASE(n, f64, TL_FLOAT64, TL_FLOAT8_E8M0FNU, e8m0)
    TL__KCASE(n, c64, TL_COMPLEX64, TL_FLOAT8_E8M0FNU, e8m0)
    TL__KCASE(n, c128, TL_COMPLEX128, TL_FLOAT8_E8M0FNU, e8m0)
  default: return NULL;
  }
#undef RH
#undef RN
#undef P
}

/* ---- float16 -> float8_e5m2: the same sign/exponent fields and bias, so the
 * result is the high byte of the float16 bits rounded (RNE), as bfloat16 from
 * float32: subnormals too, and the carry out of the largest finite gives inf.
 * With sat, finite inputs that round to inf give +-0x7B. 32 lanes of 16 bits
 * per step (twice the template's rate); a step holding a NaN goes to the
 * scalar engine. */
static inline __m256i tl__h_e5m2(__m256i h, int sat) {
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi16(h, 8), _mm256_set1_epi16(1));
  __m256i r = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(h, _mm256_set1_epi16(0x7F)), lsb), 8);
  if (sat) {
    __m256i o = _mm256_and_si256(
        _mm256_cmpeq_epi16(_mm256_and_si256(r, _mm256_set1_epi16(0x7F)), _mm256_set1_epi16(0x7C)),
        _mm256_cmpgt_epi16(_mm256_set1_epi16(0x7C00), _mm256_and_si256(h, _mm256_set1_epi16(0x7FFF))));
    r = _mm256_add_epi16(r, o);
  }
  return r;
}

static inline __attribute__((always_inline)) void k_h_e5m2_run(tl_dtype from, int sat, const void *sv, void *dv,
                                                                size_t n) {
  const size_t isz = tl__csz(from); /* float16, or complex32's real parts */
  const char *s = sv;
  uint8_t *d = dv;
  const __m256i mag = _mm256_set1_epi16(0x7FFF), inf = _mm256_set1_epi16(0x7C00);
  int nt;
  size_t i = tl__nt_head_f(from, TL_FLOAT8_E5M2, s, (char *)d, n, isz, 1, sat ? TL_CONVERT_SATURATE : 0, &nt);
  /* streaming runs prefetch, as k_ie8/k_fe8/k_be8/k_he8 (-> float8_e8m0fnu)
     and k_ih/k_ib (integers -> float16/bfloat16) do: AVX2 on Zen 3, 64 MiB,
     x memcpy, builds differing only in the prefetch, in alternation, medians
     of 4-6 rounds: float16 -> float8_e5m2 1.12 -> 1.43, complex32 1.04 ->
     1.19; -> float8_e8m0fnu from bfloat16 1.12 -> 1.44, complex32/64/128
     0.95-1.04 -> 1.09-1.21, float32 1.05 -> 1.19, int64/uint64 0.96-0.98 ->
     1.08-1.10; int32 -> bfloat16 1.16 -> 1.39, int16/uint16 -> float16 1.44
     -> 1.69-1.75; int32 -> float16 1.37 -> 1.29, the rest 0.98-1.07; 32 KiB
     (no prefetch there) 0.96-1.02 */
  const size_t pf = tl__pf_on(nt);
  for (; i + 32 <= n; i += 32) {
    const char *p = s + i * isz;
    tl__pf(pf, p, 32 * isz);
    const __m256i a = tl__ld16h(from, p, 0), b = tl__ld16h(from, p, 1);
    const __m256i nan = _mm256_or_si256(_mm256_cmpgt_epi16(_mm256_and_si256(a, mag), inf),
                                        _mm256_cmpgt_epi16(_mm256_and_si256(b, mag), inf));
    if (_mm256_movemask_epi8(nan)) {
      tl__convert_generic(from, p, (ptrdiff_t)isz, TL_FLOAT8_E5M2, (char *)(d + i), 1, 32, sat ? TL_CONVERT_SATURATE : 0);
      continue;
    }
    const __m256i q = _mm256_packus_epi16(tl__h_e5m2(a, sat), tl__h_e5m2(b, sat));
    tl__st32((char *)(d + i), tl__ord16(from, q), nt);
  }
  if (nt) _mm_sfence();
  if (i < n)
    tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, TL_FLOAT8_E5M2, (char *)(d + i), 1, n - i,
                        sat ? TL_CONVERT_SATURATE : 0);
}
static void k_h_e5m2(const void *s, void *d, size_t n) { k_h_e5m2_run(TL_FLOAT16, 0, s, d, n); }
static void k_h_e5m2_s(const void *s, void *d, size_t n) { k_h_e5m2_run(TL_FLOAT16, 1, s, d, n); }
static void k_c32_e5m2(const void *s, void *d, size_t n) { k_h_e5m2_run(TL_COMPLEX32, 0, s, d, n); }
static void k_c32_e5m2_s(const void *s, void *d, size_t n) { k_h_e5m2_run(TL_COMPLEX32, 1, s, d, n); }

/* The template's pairs not covered by the kernels above (non-saturating
 * float32/float64 -> float16/bfloat16 are the k_* ones). */
/* ---- float64 / complex128 -> float16 / bfloat16 / complex32 / bcomplex32 ------
 * on the double's bits in 64-bit lanes, one rounding: the magnitude rounded
 * to the output's mantissa by adding half an ulp less one plus the kept LSB
 * (ties to even) and shifting, then re-biased; a result at or above the inf
 * code is inf (saturating: the largest finite, but inf stays inf); below the
 * output's smallest normal the magic add |x| + 2^(53 - bias - M), whose one
 * hardware RNE (under the MXCSR tl_convert installs) is the result's
 * rounding, leaves the subnormal (or 0) in the low bits; the sign or-ed in. NaN: bfloat16 and
 * the complex32 / bcomplex32 parts take the canonical quiet NaN with its
 * sign; into float16 a block with a NaN (NumPy's payload rule) goes to the
 * scalar engine. 16 values a step, packed to 16-bit lanes in order.
 * SRC: 0 float64, 1 complex128's real parts, 2 every complex128 component.
 * OUT: 0 16-bit values, 1 as the real parts of 32-bit complex (imaginary 0).
 * Without saturation a step with no NaN goes through float32 instead: the
 * doubles rounded to odd at 16 bits (tl__d16odd) convert to float32 exactly,
 * and VCVTPS2PH (float16) or the integer RNE add (bfloat16) rounds once. AVX2
 * on Zen 4, in alternation, x memcpy, 32 KiB / 64 MiB: float64 -> float16
 * 0.21 -> 0.38 / 0.89 -> 1.07, -> bfloat16 0.23 -> 0.31 / 0.89 -> 0.99,
 * complex128 -> complex32 0.22 -> 0.39 / 0.95 -> 1.09, -> float16 0.31 ->
 * 0.50, -> bfloat16 0.32 -> 0.44. Since, into float16 from every double
 * (float64 -> float16 / complex32, complex128 -> complex32) a step whose
 * results are all normal or zero is rounded on the doubles' high words
 * (tl__d16hu: no VCVTPD2PS, no rounding to odd), in a loop of its own; a
 * step holding a value below 2^-14 (not 0), an overflow, inf, NaN or a
 * high word ending in an even tie takes the route above, and so do the next 15 (data of such values throughout
 * would otherwise pay for both: 0.49x). AVX2 on Zen 4, 32 KiB, x memcpy,
 * in alternation, values in [-100, 100] / [-1, 1]: float64 -> float16 0.36
 * -> 0.44, -> complex32 0.38 -> 0.48, complex128 -> complex32 0.36 -> 0.43;
 * in [-1e-5, 1e-5] / [-1e-3, 1e-3] (float16 subnormals) 0.94-0.97x; 64 MiB
 * 0.98-0.99x. bfloat16 the same way (then with the sticky bit) gained
 * nothing (1.02x) against its rounding through float32 below; rounded half
 * up with the ties sent away (tl__d16hu) it does: float64 -> bfloat16 x
 * 1.34-1.36, 0.41 -> 0.55 (in-process A/B, whose memcpy differs from the
 * bench's). */
static inline __attribute__((always_inline)) __m256i tl__d16(__m256i u, int BF, int sat, int canon) {
  const int MO = BF ? 7 : 10, BO = BF ? 127 : 15, EB = BF ? 8 : 5, SH = 52 - MO;
  const long long infc = ((1ll << EB) - 1) << MO, infb = 0x7FF0000000000000ll;
  const __m256i a = _mm256_and_si256(u, _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll));
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi64(a, SH), _mm256_set1_epi64x(1));
  __m256i r = _mm256_srli_epi64(_mm256_add_epi64(_mm256_add_epi64(a, _mm256_set1_epi64x((1ll << (SH - 1)) - 1)), lsb), SH);
  r = _mm256_sub_epi64(r, _mm256_set1_epi64x((long long)(1023 - BO) << MO));
  /* r < 2^31 where it is kept (a negative r is a subnormal's, replaced below): a 32-bit min */
  r = _mm256_min_epi32(r, _mm256_set1_epi64x(sat ? infc - 1 : infc));
  if (sat) r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(infc), _mm256_cmpeq_epi64(a, _mm256_set1_epi64x(infb)));
  const __m256d mg = _mm256_castsi256_pd(_mm256_set1_epi64x((long long)(1023 + 53 - BO - MO) << 52));
  const __m256i sub = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(_mm256_castsi256_pd(a), mg)), _mm256_castpd_si256(mg));
  r = _mm256_blendv_epi8(r, sub, _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(1023 + 1 - BO) << 52), a));
  if (canon) r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(BF ? 0x7FC0 : 0x7E00), _mm256_cmpgt_epi64(a, _mm256_set1_epi64x(infb)));
  return _mm256_or_si256(r, _mm256_and_si256(_mm256_srli_epi64(u, 48), _mm256_set1_epi64x(0x8000)));
}
/* The double bits u rounded to odd at 16 significant bits: the 37 bits below
   the 16th cleared and, if any was set, the 16th set (their sum with 2^37 - 1
   carries into bit 37 then). That value is a float32 (normal, or a subnormal
   from 2^-134 on), which VCVTPD2PS converts exactly; rounded to odd it
   carries the double's one rounding to float16 (11 bits) and bfloat16 (8),
   two or more fewer, so their RNE of it is their RNE of the double. Below
   2^-134 both give +-0 (float16 from 2^-25 down, bfloat16 from 2^-134
   down), and the float32 of such a value, rounded by VCVTPD2PS, is at most
   2^-134 in magnitude: +-0 again (2^-134 is a tie, to 0). NaN: the caller's. */
static inline __attribute__((always_inline)) __m256i tl__d16odd(__m256i u) {
  const __m256i lo = _mm256_set1_epi64x((1ll << 37) - 1);
  const __m256i st = _mm256_and_si256(_mm256_add_epi64(_mm256_and_si256(u, lo), lo), _mm256_set1_epi64x(1ll << 37));
  return _mm256_or_si256(_mm256_andnot_si256(lo, u), st);
}
/* 4 vectors of 4 results (low 16 bits of each 64-bit lane) -> 16 uint16 in order */
static inline __attribute__((always_inline)) __m256i tl__d16_pack(__m256i r0, __m256i r1, __m256i r2, __m256i r3) {
  const __m256i p = _mm256_packus_epi32(_mm256_or_si256(r0, _mm256_slli_epi64(r1, 32)),
                                        _mm256_or_si256(r2, _mm256_slli_epi64(r3, 32)));
  /* words per lane: (r0 r1 r0 r1 r2 r3 r2 r3), elements 0, 1 of each in lane 0, 2, 3 in lane 1 */
  const __m256i q = _mm256_shuffle_epi8(p, _mm256_setr_epi8(0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15, 0, 1,
                                                            4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15));
  return _mm256_permutevar8x32_epi32(q, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}
/* 8 doubles (d0, d1: 4 each) -> 8 float16 (BF: bfloat16) code lanes in the order 0 1 4 5 2 3 6 7, on the
   doubles' high words alone, shifted with rounding half up and re-bias (as tl__n8hu; the rounding bit is
   bit 9, BF 12): right where the result is a normal or zero (zero: a negative lane, 0 once packed
   unsigned) unless the word ends in an even tie (bits 0-10: 0x200; BF 0-13: 0x1000), where the low word
   decides; those lanes are OR-ed into *tie for the caller. *hw: the high words (the signs). (Against
   the sticky bit from the low words, tl__hw_sticky, and the RNE shift: AVX2 on Zen 4, 32 KiB, x
   memcpy, alternating builds: float64 -> float16 0.43-0.44 -> 0.45, -> complex32 0.47 -> 0.49,
   complex128 -> complex32 0.42-0.43 -> 0.50. The ties looked for on the high words' low halves
   blended 16 to a vector instead, 6 operations per 16 less 2: 0.99-1.01x.) */
static inline __attribute__((always_inline)) __m256i tl__d16hu(__m256 d0, __m256 d1, __m256i *hw, __m256i *tie, int BF) {
  const int MO = BF ? 7 : 10, BO = BF ? 127 : 15, SHQ = 20 - MO;
  const __m256i h = _mm256_castps_si256(_mm256_shuffle_ps(d0, d1, 0xDD));
  *hw = h;
  return tl__hw_halfup(h, SHQ, _mm256_set1_epi32((int)((1u << (SHQ - 1)) - ((uint32_t)(1023 - BO) << 20))), tie);
}
static inline __attribute__((always_inline)) void tl__d16_run(tl_dtype from, tl_dtype to, int SRC, int OUT, int BF,
                                                              int sat, int canon, const void *sv, void *dv, size_t n) {
  const char *s = sv;
  char *d = dv;
  const size_t S = SRC == 0 ? 8 : 16, D = SRC == 2 ? 4 : OUT ? 4 : 2, K = SRC == 2 ? 2 : 1; /* K values per element */
  const unsigned fl = sat ? TL_CONVERT_SATURATE : 0;
  int nt = 0;
  size_t i = tl__nt_head_f(from, to, s, d, n, S, D, fl, &nt);
  const size_t step = 16 / K, pf = tl__pf_on(nt);
  size_t retry = 0;
  for (; i + step <= n; i += step) {
    if (!sat && SRC != 1 && i >= retry) { /* float16 / bfloat16 outputs of every double (tl__d16hu) */
      /* the codes packed with signed saturation: zero, and |x| below 2^-47 (float16; bfloat16 2^-383: +-0
         too), give -32768; below the smallest normal otherwise, a code in (-32768, 2^M); past the largest
         finite (inf, NaN), one past inf's less 1 */
      const __m256i k = _mm256_set1_epi16(0x7FFF), ksub = _mm256_set1_epi16((short)(0x7FFF + (BF ? 0x80 : 0x400)));
      const __m256i inf1 = _mm256_set1_epi16(BF ? 0x7F7F : 0x7BFF);
      for (; i + step <= n; i += step) {
        const char *p = s + i * S;
        tl__pf(pf, p, step * S);
        const __m256 d0 = _mm256_loadu_ps((const float *)(const void *)p), d1 = _mm256_loadu_ps((const float *)(const void *)(p + 32));
        const __m256 d2 = _mm256_loadu_ps((const float *)(const void *)(p + 64)), d3 = _mm256_loadu_ps((const float *)(const void *)(p + 96));
        __m256i h0, h1, tie = _mm256_setzero_si256();
        const __m256i r0 = tl__d16hu(d0, d1, &h0, &tie, BF), r1 = tl__d16hu(d2, d3, &h1, &tie, BF);
        const __m256i c = _mm256_packs_epi32(r0, r1);
        /* c + 0x7FFF: zero's 0xFFFF, below the smallest normal's code (0x400, 0x80) unsigned below that plus
           0x7FFF; past the largest finite: signed above inf's code less 1 */
        const __m256i off = _mm256_or_si256(_mm256_or_si256(_mm256_subs_epu16(ksub, _mm256_add_epi16(c, k)), tie),
                                            _mm256_cmpgt_epi16(c, inf1));
        if (!_mm256_testz_si256(off, off)) break;
        const __m256i r = _mm256_or_si256(_mm256_max_epi16(c, _mm256_setzero_si256()),
                                          _mm256_and_si256(_mm256_packs_epi32(h0, h1), _mm256_set1_epi16((short)0x8000)));
        tl__h16_st(d + i * D, _mm256_permutevar8x32_epi32(r, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)), OUT, nt);
      }
      if (i + step > n) break;
      retry = i + 16 * step; /* this step and the next 15 by the general path */
    }
    const char *p = s + i * S;
    tl__pf(pf, p, step * S);
    __m256i u[4];
    for (int k = 0; k < 4; k++)
      u[k] = SRC == 1 ? _mm256_castpd_si256(tl__re_c128(p + 64 * k)) : _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k));
    if (!sat && BF) {
      /* bfloat16: through float32 rounded by VCVTPD2PS, then the RNE shift:
         right unless the float32 lands on a tie of bfloat16 (low 16 bits
         0x8000), which the first rounding may have made; a step holding
         such a lane or a NaN takes tl__d16 below, exact on the double's
         bits. Against every step rounded to odd first (tl__d16odd) and NaN
         blended (AVX2 on Zen 4, 32 KiB, x memcpy, in alternation): float64
         -> bfloat16 0.28 -> 0.34, complex128 -> bfloat16 0.40 -> 0.45
         (float16 the same way, its subnormal range checked too: no faster) */
      __m128 t[4];
      for (int k = 0; k < 4; k++) t[k] = _mm256_cvtpd_ps(_mm256_castsi256_pd(u[k]));
      const __m256 A = _mm256_set_m128(t[1], t[0]), B = _mm256_set_m128(t[3], t[2]);
      const __m256i ua = _mm256_castps_si256(A), ub = _mm256_castps_si256(B);
      const __m256i lo = _mm256_set1_epi32(0xFFFF), tie = _mm256_set1_epi32(0x8000);
      const __m256i bad = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi32(_mm256_and_si256(ua, lo), tie),
                                                          _mm256_cmpeq_epi32(_mm256_and_si256(ub, lo), tie)),
                                          _mm256_castps_si256(_mm256_cmp_ps(A, B, _CMP_UNORD_Q)));
      if (!_mm256_movemask_epi8(bad)) {
        tl__h16_st(d + i * D, _mm256_permute4x64_epi64(_mm256_packus_epi32(tl__bf16_rne(ua), tl__bf16_rne(ub)), 0xD8), OUT, nt);
        continue;
      }
    } else if (!sat) { /* float16: through float32, rounded to odd at 16 bits (tl__d16odd), then VCVTPS2PH */
      __m128 t[4];
      for (int k = 0; k < 4; k++) t[k] = _mm256_cvtpd_ps(_mm256_castsi256_pd(tl__d16odd(u[k])));
      const __m256 A = _mm256_set_m128(t[1], t[0]), B = _mm256_set_m128(t[3], t[2]);
      const __m256 nan = _mm256_or_ps(_mm256_cmp_ps(A, A, _CMP_UNORD_Q), _mm256_cmp_ps(B, B, _CMP_UNORD_Q));
      if (_mm256_testz_ps(nan, nan)) { /* NaN: below, the payload rule */
        const __m128i h0 = _mm256_cvtps_ph(A, _MM_FROUND_TO_NEAREST_INT), h1 = _mm256_cvtps_ph(B, _MM_FROUND_TO_NEAREST_INT);
        tl__h16_st(d + i * D, _mm256_set_m128i(h1, h0), OUT, nt);
        continue;
      }
    }
    if (!canon) {
      const __m256i infb = _mm256_set1_epi64x(0x7FF0000000000000ll), am = _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll);
      __m256i nan = _mm256_setzero_si256();
      for (int k = 0; k < 4; k++) nan = _mm256_or_si256(nan, _mm256_cmpgt_epi64(_mm256_and_si256(u[k], am), infb));
      if (_mm256_movemask_epi8(nan)) {
        tl__convert_generic(from, p, (ptrdiff_t)S, to, d + i * D, (ptrdiff_t)D, step, fl);
        continue;
      }
    }
    const __m256i h = tl__d16_pack(tl__d16(u[0], BF, sat, canon), tl__d16(u[1], BF, sat, canon),
                                   tl__d16(u[2], BF, sat, canon), tl__d16(u[3], BF, sat, canon));
    tl__h16_st(d + i * D, h, OUT, nt);
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * S, (ptrdiff_t)S, to, d + i * D, (ptrdiff_t)D, n - i, fl);
}
/* (tag, from, to, SRC, OUT, BF, canonical NaN) */
#define TL__D16_PAIRS(X)                                                                                         \
  X(f64_f16, TL_FLOAT64, TL_FLOAT16, 0, 0, 0, 0) X(f64_bf16, TL_FLOAT64, TL_BFLOAT16, 0, 0, 1, 1)                \
  X(f64_c32, TL_FLOAT64, TL_COMPLEX32, 0, 1, 0, 1) X(f64_bc32, TL_FLOAT64, TL_BCOMPLEX32, 0, 1, 1, 1)            \
  X(c128_f16, TL_COMPLEX128, TL_FLOAT16, 1, 0, 0, 0) X(c128_bf16, TL_COMPLEX128, TL_BFLOAT16, 1, 0, 1, 1)        \
  X(c128_c32, TL_COMPLEX128, TL_COMPLEX32, 2, 0, 0, 1) X(c128_bc32, TL_COMPLEX128, TL_BCOMPLEX32, 2, 0, 1, 1)
#define TL__D16_FN(TAG, FT, TT, SRC, OUT, BF, CN)                                                                 \
  static void d16_##TAG(const void *s, void *d, size_t n) { tl__d16_run(FT, TT, SRC, OUT, BF, 0, CN, s, d, n); } \
  static void d16_##TAG##_s(const void *s, void *d, size_t n) { tl__d16_run(FT, TT, SRC, OUT, BF, 1, CN, s, d, n); }
TL__D16_PAIRS(TL__D16_FN)
#undef TL__D16_FN
/* the shared complex list (TL__COMPLEX_KERNELS) names complex128 -> complex32
   k_c128_c32; tl__avx2_kernel returns d16_c128_c32(_s) before reaching that case */
#define k_c128_c32 d16_c128_c32

static tl__contig_fn tl__rto_kernel(tl_dtype from, tl_dtype to, int sat) {
#define P(F, T) (((int)(F) << 8) | (int)(T))
#define R2(TAG, FT, TT, TTAG) TL__KCASE(r, TAG, FT, TT, TTAG)
  /* integer / float16 / bfloat16 / complex32 / bcomplex32 -> float16, bfloat16
     and float8/6/4, and every float / complex -> e8m0, are tl__n8_kernel's
     (tried first) */
  switch (P(from, to)) {
    R2(h, TL_FLOAT16, TL_BFLOAT16, bf16)
    R2(b, TL_BFLOAT16, TL_FLOAT16, f16)
    /* complex -> real narrow formats: the real part (complex32 -> float16 is re_c32,
       complex64/complex128 -> float8/6/4 k_n8's) */
    R2(c32, TL_COMPLEX32, TL_BFLOAT16, bf16)
    R2(c64, TL_COMPLEX64, TL_BFLOAT16, bf16)
    R2(c64, TL_COMPLEX64, TL_FLOAT16, f16)
    R2(bc32, TL_BCOMPLEX32, TL_FLOAT16, f16)
  default: return NULL;
  }
#undef R2
#undef P
}

/* Same-bits copies: memcpy, or past the last-level cache (>= TL__NT_MIN
 * bytes) 128 bytes a step with streaming stores from a 64-byte aligned
 * destination. glibc's memcpy keeps ordinary stores at these sizes here and,
 * with source and destination at the same offset in their pages (two
 * page-aligned arrays), runs ~0.75x its speed with them 2 KiB apart; the
 * streamed copy measured 36-46 GB/s against memcpy's 18-25 (64 MiB, AMD
 * EPYC Zen 4), either way. */
void tl__avx2_copy(void *dv, const void *sv, size_t bytes) {
  char *d = dv;
  const char *s = sv;
  if (bytes < TL__NT_MIN) {
    memcpy(d, s, bytes);
    return;
  }
  const size_t h = (64 - ((uintptr_t)d & 63)) & 63;
  memcpy(d, s, h);
  d += h, s += h, bytes -= h;
  size_t i = 0;
  for (; i + 128 <= bytes; i += 128) {
    const __m256i a0 = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    const __m256i a1 = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 32));
    const __m256i a2 = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 64));
    const __m256i a3 = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 96));
    _mm256_stream_si256((__m256i *)(void *)(d + i), a0);
    _mm256_stream_si256((__m256i *)(void *)(d + i + 32), a1);
    _mm256_stream_si256((__m256i *)(void *)(d + i + 64), a2);
    _mm256_stream_si256((__m256i *)(void *)(d + i + 96), a3);
  }
  _mm_sfence();
  memcpy(d + i, s + i, bytes - i);
}

static void k_copy1(const void *s, void *d, size_t n) { tl__avx2_copy(d, s, n); }
static void k_copy2(const void *s, void *d, size_t n) { tl__avx2_copy(d, s, 2 * n); }
static void k_copy4(const void *s, void *d, size_t n) { tl__avx2_copy(d, s, 4 * n); }
static void k_copy8(const void *s, void *d, size_t n) { tl__avx2_copy(d, s, 8 * n); }

#include "convert_simd.inc"

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

/* ---- 1-byte sources: the pair's 256-entry table by in-register lookups -----
 * No gathers (slow here): the destination elements are split into byte
 * planes (plane b: byte b of the 256 table entries); a plane is up to 16
 * sub-tables of 16 bytes, one per high nibble, looked up with vpshufb by the
 * low nibble. Many tables look at fewer than 8 bits of the source byte (int3
 * -> anything reads the low 3 bits; int8 -> uint5 the low 5; -> bool and bool
 * -> anything only whether the byte is 0): the table is first reduced, where
 * it is exact for all 256 bytes, to an index of k bits (the byte masked to k
 * = 4..7 bits, or min(byte, 1), or min(byte & 0x7F, 1) for -> bool from a
 * float with -0), which needs 2^(k-4) sub-tables, read telescoped
 * (tl__telescope; k = 4: one vpshufb per plane). For a full 8-bit index:
 * vpshufb gives 0 where the index byte has bit 7 set, so sub-table h (h < 8)
 * indexed by x and sub-table h + 8 indexed by x ^ 0x80 OR together into "the
 * entry for high nibble h or h + 8, by bit 7"; a blend tree on bits 4, 5, 6
 * (each moved to bit 7 by a shift) picks one of those 8: 31 operations per
 * plane and 32 elements. Planes that are the same byte for all 256 entries
 * (float64 from a float8: the low six bytes) are constants, and equal planes
 * (the sign bytes of int64 from int8) are computed once. The planes are then
 * interleaved into D-byte elements by unpacks (a byte-matrix transpose within
 * each 128-bit lane) and the lanes put in order. */
enum { TL__IDX_MASK = 0, TL__IDX_NZ = 1, TL__IDX_NZ7 = 2, TL__IDX_WIN = 3, TL__IDX_SGN = 4, TL__IDX_HALF = 5 };
typedef struct {
  int np;                  /* distinct non-constant planes */
  int k;                   /* index bits: 4..8 (TL__IDX_NZ: 4) */
  int idx;                 /* TL__IDX_MASK: the byte's low k bits; TL__IDX_NZ: min(byte, 1); NZ7: min(byte & 0x7F, 1);
                              TL__IDX_WIN: min(byte - win[0], win[1]) as signed bytes (tl__lut_window);
                              TL__IDX_SGN: the low k bits, the next one (the sign) moved to output bit win[0]
                              (tl__lut_sign, tl__lut_sign1);
                              TL__IDX_HALF: the low 5 bits, the negative half by code bit 5 (tl__lut_half:
                              win[0] 0, the constant win[1]; 1, negated) */
  unsigned char wm, wc;    /* a widened core (tl__lut_wide): its mode (0 none) and width in bytes */
  unsigned char snz;       /* TL__IDX_SGN into 1 byte: the sign only on a nonzero entry (fnuz targets) */
  unsigned char win[2];
  signed char map[16];     /* byte b of an element: its plane, or -1 for constant cval[b] */
  unsigned char cval[16];
  __m256i tab[];           /* np x 2^(k-4) sub-tables, each broadcast to both lanes */
} tl__lutp;

/* A K-bit index (K = 5..7) reads its sub-tables telescoped: stored as
   T[h] = sub-table h XOR sub-table h - 1, looked up by x - 16h, which has
   bit 7 set (vpshufb gives 0) exactly when x < 16h (x < 128), so the XOR of
   the lookups is sub-table x >> 4's entry. Against the blend tree on bits 4-6
   it replaces (in alternation, 32 KiB, x memcpy): float6 -> float8 0.50 ->
   0.63, float6_e2m3fn -> float16 0.22 -> 0.37, int6 -> float8_e5m2 0.49 ->
   0.65, float8_e5m2fnuz -> int8 (a 7-bit fold) 0.29 -> 0.34. */
static void tl__telescope(__m256i *T, int nsub) {
  if (nsub < 2 || nsub > 8) return;
  for (int h = nsub - 1; h >= 1; h--) T[h] = _mm256_xor_si256(T[h], T[h - 1]);
}

static _Atomic(tl__lutp *) tl__luts[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];

/* The index byte e maps to under (idx, k). */
static int tl__lut_index(int idx, int k, int e) {
  return idx == TL__IDX_NZ ? e != 0 : idx == TL__IDX_NZ7 ? (e & 0x7F) != 0 : e & ((1 << k) - 1);
}

/* Is entry e of table t (D bytes each) the entry of its index, for every e? */
static int tl__lut_reduces(const unsigned char *t, int D, int idx, int k) {
  for (int e = 0; e < 256; e++)
    if (memcmp(t + (size_t)e * D, t + (size_t)tl__lut_index(idx, k, e) * D, (size_t)D) != 0) return 0;
  return 1;
}

/* Entries that are a narrower core widened (2- and 4-byte outputs; modes
   TL__W_ZERO: zero-extended, TL__W_SIGN: sign-extended, TL__W_TOP: the core
   in the top bytes, zeros below, TL__W_BYTE1: one byte at byte 1 of 4, zeros
   around it): the core's planes are looked up and
   widened by VPMOVSX/ZX or unpacks, not every byte plane looked up, picked
   and transposed. Mode for table t (D-byte entries, plane map map) and the
   core's width (*wc, 1 or 2 bytes, its bytes planes 0 and 1 in order), or 0.
   float4_e2m1fn -> int32 (sign-extended bytes), -> float32 (the top two
   bytes) and -> complex32 (byte 1), float6 -> int16 and -> uint32. */
enum { TL__W_ZERO = 1, TL__W_SIGN = 2, TL__W_TOP = 3, TL__W_BYTE1 = 4 };
static int tl__lut_wide(const unsigned char *t, int D, const int *map, int *wc) {
  if (D != 2 && D != 4) return 0;
  for (int w = 1; w <= D / 2; w++)
    for (int mode = TL__W_ZERO; mode <= TL__W_BYTE1; mode++) {
      /* the kernels: a 1-byte core zero- or sign-extended into 4 bytes, sign-extended into 2 (zero-extended
         there, tl__lut2_loop's unpack with a constant plane is as short), or at byte 1 of 4; a 2-byte core in
         4 bytes */
      if ((mode == TL__W_TOP && (w != 2 || D != 4)) || (mode == TL__W_BYTE1 && (w != 1 || D != 4)) ||
          (D == 2 && mode != TL__W_SIGN))
        continue;
      const int base = mode == TL__W_TOP ? D - w : mode == TL__W_BYTE1 ? 1 : 0; /* the core's first byte */
      if (map[base] != 0 || (w == 2 && map[base + 1] != 1)) continue;
      int ok = 1;
      for (int e = 0; e < 256 && ok; e++) {
        const unsigned char *x = t + (size_t)e * D;
        const unsigned char fill = mode == TL__W_SIGN && (x[w - 1] & 0x80) ? 0xFF : 0;
        for (int b = 0; b < D && ok; b++)
          if (b < base || b >= base + w) ok = x[b] == fill;
      }
      if (ok) {
        *wc = w;
        return mode;
      }
    }
  return 0;
}

/* A window of the codes (1- to 16-byte outputs; 1-byte ones of at most 16
   codes): where table t's entry for code e is that of min(e - a, cap) as
   signed bytes (cap <= 31), a negative
   one all zero bytes (VPSHUFB's 0 for an index with bit 7 set), a K = 4/5
   lookup of that index serves all 256 codes: float8_e8m0fnu -> int16
   (codes 127-141 the powers of two, from 142 on 32767; below 127 and NaN 0)
   and -> uint16 (32768 at 142, then 65535), which otherwise fold 5 bits with
   a tail. The smallest cap, then the smallest a; 0 if none. */
static int tl__lut_window(const unsigned char *t, int D, int *wa, int *wcap) {
  static const unsigned char zero[16];
  for (int cap = 0; cap < 32; cap++)
    for (int a = 0; a < 256; a++) {
      int ok = 1;
      for (int e = 0; e < 256 && ok; e++) {
        int v = (signed char)(unsigned char)(e - a);
        v = v < cap ? v : cap;
        ok = memcmp(t + (size_t)e * D, v < 0 ? zero : t + (size_t)((a + v) & 0xFF) * D, (size_t)D) == 0;
      }
      if (ok) {
        *wa = a, *wcap = cap;
        return 1;
      }
    }
  return 0;
}

/* A sign bit (2-byte outputs, codes of k = 5..7 bits): where table t's
   entry for code x | 2^(k-1) is that of x with output bit ob set (clear in
   x's), for every x below 2^(k-1), the lookup reads k - 1 bits and ORs the
   code's bit k - 1 into bit ob (ob mod 8 >= k - 1: a left shift), in the
   plane of byte ob / 8 (which the sign makes vary): float6 ->
   float16/bfloat16, half the sub-tables. *ob: the output bit. */
static int tl__lut_sign(const unsigned char *t, int k, int *ob) {
  const unsigned half = 1u << (k - 1);
  for (int b = 0; b < 16; b++) {
    if (b % 8 < k - 1) continue;
    int ok = 1;
    for (unsigned x = 0; x < half && ok; x++) {
      const unsigned v = t[2 * x] | (unsigned)t[2 * x + 1] << 8, w = t[2 * (x | half)] | (unsigned)t[2 * (x | half) + 1] << 8;
      ok = !(v >> b & 1) && w == (v | 1u << b);
    }
    if (ok) {
      *ob = b;
      return 1;
    }
  }
  return 0;
}

/* The same for 1-byte outputs of 6-bit codes (float6: sign at code bit 5,
   table t already exact on the low 6 bits): entry x | 32 is entry x with
   output bit *ob set (7: float8, 5: float6, 3: float4), for every x below
   32 (*nz 0), or, into a format without -0 (the fnuz ones: -0 is 0), with
   that bit set where x is not 0 (*nz 1). Then 5 index bits (two shuffles,
   telescoped) and the sign moved from code bit 5 to bit *ob by a shift
   replace the 64-entry lookup's four; into the fnuz formats the table's
   nonzero entries carry the bit and the shifted code, the other bits set,
   is ANDed in (a compare of the index with 0 for -0 gained 8% where this
   gains 25%). AVX2 on Zen 4, 32 KiB, in alternation, against the 64-entry
   lookup: 1.25-1.36x (float6_e2m3fn -> float8_e4m3fn 0.50 -> 0.64x memcpy,
   -> float8_e5m2fnuz 0.53 -> 0.66, -> float6_e3m2fn 0.53 -> 0.67, ->
   float4_e2m1fn 0.52 -> 0.66, float6_e3m2fn -> float8_e5m2 0.63 -> 0.85). */
static int tl__lut_sign1(const unsigned char *t, int *ob, int *nz) {
  for (int b = 7; b >= 0; b--) /* the output bit: 7 (float8), 5 (float6), 3 (float4) */
    for (int z = 0; z < 2; z++) {
      const unsigned bit = 1u << b;
      int ok = 1;
      for (unsigned x = 0; x < 32 && ok; x++)
        ok = !(t[x] & bit) && t[x | 32] == (z && x == 0 ? t[0] : (t[x] | bit));
      if (ok) {
        *ob = b, *nz = z;
        return 1;
      }
    }
  return 0;
}

/* The negative half of a 1-byte table of 6-bit codes (float6 -> integers,
   -> float8_e8m0fnu; t already exact on the low 6 bits): entry x | 32 is
   one constant c for every x below 32 (*mode 0, *c: the unsigned integers,
   e8m0's NaN or 0), or entry x negated mod 256 with entry 0 zero (*mode 1:
   int8). Then 5 index bits (two shuffles, telescoped) and code bit 5, moved
   to bit 7 by a shift, picks c (VPBLENDVB) or the negation (VPSIGNB: 0 on
   a zero index byte, which is +0's, entry 0 = 0) in place of the 64-entry
   lookup's four shuffles: 7 operations a vector against 11 (AVX2 on Zen
   5, 32 KiB, x memcpy, in alternation: float6_e2m3fn -> uint8 0.27 ->
   0.40, -> int8 0.27 -> 0.40, -> float8_e8m0fnu 0.27 -> 0.40,
   float6_e3m2fn -> uint4 0.27 -> 0.40). int2/int4 saturate asymmetrically
   (7, but -8 at the negative end), so keep the lookup. */
static int tl__lut_half(const unsigned char *t, int *mode, int *c) {
  int same = 1;
  for (unsigned x = 0; x < 32 && same; x++) same = t[x | 32] == t[32];
  if (same) {
    *mode = 0, *c = t[32];
    return 1;
  }
  if (t[0] != 0) return 0;
  for (unsigned x = 0; x < 32; x++)
    if (t[x | 32] != (unsigned char)(0u - t[x])) return 0;
  *mode = 1, *c = 0;
  return 1;
}

static const tl__lutp *tl__lut_get(tl_dtype from, tl_dtype to, int sat) {
  tl__lutp *L = atomic_load_explicit(&tl__luts[from][to][sat], memory_order_acquire);
  if (L) return L;
  const unsigned char *t = tl__table8(from, to, sat);
  if (!t) return NULL;
  const int D = tl__info(to)->itemsize;
  int idx = TL__IDX_MASK, k = 8;
  if (tl__lut_reduces(t, D, TL__IDX_NZ, 4)) {
    idx = TL__IDX_NZ, k = 4;
  } else if (tl__lut_reduces(t, D, TL__IDX_NZ7, 4)) { /* -> bool from a float8 with -0 */
    idx = TL__IDX_NZ7, k = 4;
  } else {
    while (k > 4 && tl__lut_reduces(t, D, TL__IDX_MASK, k - 1)) k--;
  }
  int wa = 0, wcap = 0;
  /* 1-byte outputs: a window of at most 16 codes (one shuffle, three operations a vector; float8_e8m0fnu ->
     the integers, which folded: AVX2 on Zen 5, 32 KiB, x memcpy, in alternation: -> int8 0.40 -> 0.63,
     -> uint8 0.38 -> 0.56, -> int2 0.38 -> 0.56, -> uint4 0.38 -> 0.55) */
  if (k > 5 && tl__lut_window(t, D, &wa, &wcap) && (D >= 2 || wcap < 16)) {
    idx = TL__IDX_WIN, k = wcap < 16 ? 4 : 5;
  } else {
    wa = wcap = 0;
    if (D == 2 && idx == TL__IDX_MASK && k >= 5 && k <= 7 && tl__lut_sign(t, k, &wa)) idx = TL__IDX_SGN, k--, wcap = k;
  }
  int snz = 0;
  if (D == 1 && idx == TL__IDX_MASK && k == 6 && tl__lut_sign1(t, &wa, &snz)) idx = TL__IDX_SGN, k = 5, wcap = k;
  else if (D == 1 && idx == TL__IDX_MASK && k == 6 && tl__lut_half(t, &wa, &wcap)) idx = TL__IDX_HALF, k = 5;
  const int nsub = 1 << (k - 4);
  int np = 0, map[16], first[16];
  unsigned char cval[16];
  for (int b = 0; b < D; b++) {
    int konst = 1;
    for (int e = 1; e < 256 && konst; e++) konst = t[e * D + b] == t[b];
    cval[b] = t[b];
    map[b] = -1;
    if (konst) continue;
    for (int p = 0; p < np && map[b] < 0; p++) {
      int same = 1;
      for (int e = 0; e < 256 && same; e++) same = t[e * D + b] == t[e * D + first[p]];
      if (same) map[b] = p;
    }
    if (map[b] < 0) first[np] = b, map[b] = np++;
  }
  L = aligned_alloc(32, sizeof *L + (size_t)np * (size_t)nsub * sizeof(__m256i)); /* sizeof *L: a multiple of 32 */
  if (!L) return NULL;
  L->np = np, L->k = k, L->idx = idx, L->win[0] = (unsigned char)wa, L->win[1] = (unsigned char)wcap;
  L->snz = (unsigned char)snz;
  int wc = 0;
  L->wm = idx == TL__IDX_SGN || idx == TL__IDX_HALF ? 0 : (unsigned char)tl__lut_wide(t, D, map, &wc), L->wc = (unsigned char)wc;
  for (int b = 0; b < 16; b++) L->map[b] = (signed char)(b < D ? map[b] : -1), L->cval[b] = b < D ? cval[b] : 0;
  for (int p = 0; p < np; p++)
    for (int h = 0; h < nsub; h++) {
      unsigned char row[16];
      for (int l = 0; l < 16; l++) {
        int e = h * 16 + l;
        if (idx == TL__IDX_WIN) e = (wa + (h * 16 + l < wcap ? h * 16 + l : wcap)) & 0xFF; /* past the cap: never read */
        else if (idx != TL__IDX_MASK && idx != TL__IDX_SGN && idx != TL__IDX_HALF) e = l != 0; /* indexes 2..15 never occur */
        row[l] = t[e * D + first[p]];
        if (snz && e != 0) row[l] |= (unsigned char)(1u << wa); /* the sign by an AND (tl__lut_sign1) */
      }
      L->tab[p * nsub + h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)row));
    }
  for (int p = 0; p < np; p++) tl__telescope(L->tab + p * nsub, nsub);
  tl__lutp *expected = NULL;
  if (!atomic_compare_exchange_strong_explicit(&tl__luts[from][to][sat], &expected, L, memory_order_acq_rel,
                                               memory_order_acquire)) {
    free(L);
    return expected;
  }
  return L;
}

/* The index of 32 source bytes x under the lookup's reduction (K < 8; WIN:
   a window, cap in kmask, its first code in wa) */
static inline __attribute__((always_inline)) __m256i tl__lut_ix(__m256i x, int K, int WIN, int nz, __m256i m7,
                                                                __m256i kmask, __m256i wa) {
  if (K >= 8) return x;
  if (WIN) return _mm256_min_epi8(_mm256_sub_epi8(x, wa), kmask);
  return nz ? _mm256_min_epu8(_mm256_and_si256(x, m7), kmask) : _mm256_and_si256(x, kmask);
}

/* One plane for 32 index bytes x of K bits: K < 8 telescoped (tl__telescope),
   K = 8 by 16 sub-tables (xf = x ^ 0x80; m4/m5/m6: bits 4/5/6 at bit 7).
   WIN: a window's index (tl__lut_window), whose negative values the
   telescoped steps keep negative by a saturating subtract (only there: in
   the other lookups' loops it ran 28% slower than the plain one,
   float6_e2m3fn -> float8_e4m3 0.54 -> 0.39x memcpy) */
static inline __attribute__((always_inline)) __m256i tl__lut_plane_w(const __m256i *T, int K, int WIN, __m256i x, __m256i xf,
                                                                   __m256i m4, __m256i m5, __m256i m6) {
  if (K < 8) {
    __m256i r = _mm256_shuffle_epi8(_mm256_loadu_si256(T), x);
    for (int h = 1; h < 1 << (K - 4); h++)
      r = _mm256_xor_si256(r, _mm256_shuffle_epi8(_mm256_loadu_si256(T + h), WIN ? _mm256_subs_epi8(x, _mm256_set1_epi8((char)(16 * h))) : _mm256_sub_epi8(x, _mm256_set1_epi8((char)(16 * h)))));
    return r;
  }
  __m256i v[8];
  for (int h = 0; h < 8; h++)
    v[h] = _mm256_or_si256(_mm256_shuffle_epi8(_mm256_loadu_si256(T + h), x),
                           _mm256_shuffle_epi8(_mm256_loadu_si256(T + h + 8), xf));
  for (int k = 0; k < 4; k++) v[k] = _mm256_blendv_epi8(v[2 * k], v[2 * k + 1], m4);
  for (int k = 0; k < 2; k++) v[k] = _mm256_blendv_epi8(v[2 * k], v[2 * k + 1], m5);
  return _mm256_blendv_epi8(v[0], v[1], m6);
}

/* float6 codes xr (1-byte lookups of 5 index bits, tl__lut_sign1 and
   tl__lut_half): the entries of their low 5 bits (kmask 0x1F), two shuffles
   telescoped; the caller applies code bit 5 */
static inline __attribute__((always_inline)) __m256i tl__lut_f6(const __m256i *T, __m256i xr, __m256i kmask) {
  const __m256i x = _mm256_and_si256(xr, kmask);
  return tl__lut_plane_w(T, 5, 0, x, x, x, x, x); /* K < 8: the tree's masks unread */
}

static inline __attribute__((always_inline)) __m256i tl__lut_plane(const __m256i *T, int K, __m256i x, __m256i xf,
                                                                   __m256i m4, __m256i m5, __m256i m6) {
  return tl__lut_plane_w(T, K, 0, x, xf, m4, m5, m6);
}

static inline __attribute__((always_inline)) __m256i tl__unpack(__m256i a, __m256i b, int u, int hi) {
  switch (u) {
  case 1: return hi ? _mm256_unpackhi_epi8(a, b) : _mm256_unpacklo_epi8(a, b);
  case 2: return hi ? _mm256_unpackhi_epi16(a, b) : _mm256_unpacklo_epi16(a, b);
  case 4: return hi ? _mm256_unpackhi_epi32(a, b) : _mm256_unpacklo_epi32(a, b);
  default: return hi ? _mm256_unpackhi_epi64(a, b) : _mm256_unpacklo_epi64(a, b);
  }
}

/* Table lookups into outputs beyond the last-level cache (>= TL__NT_MIN bytes)
   use streaming stores from a 64-byte aligned destination: the elements
   before that boundary from table t (D-byte entries). Returns how many were
   done; *nt: whether to stream. */
static size_t tl__lut_head(const unsigned char *t, int D, const uint8_t *s, char *d, size_t n, int *nt) {
  *nt = 0;
  if ((size_t)D * n < TL__NT_MIN || (uintptr_t)d % (size_t)D != 0) return 0;
  size_t h = ((64 - ((uintptr_t)d & 63)) & 63) / (size_t)D;
  if (h > n) h = n;
  for (size_t j = 0; j < h; j++) memcpy(d + j * (size_t)D, t + (size_t)s[j] * (size_t)D, (size_t)D);
  *nt = 1;
  return h;
}

/* Store 32 elements of D bytes from their byte planes v[0..D-1] (clobbered):
   transposed within lanes by unpacks, then the lanes put in order. */
static inline __attribute__((always_inline)) void tl__lut_out(__m256i *v, int D, char *o, int nt) {
  __m256i w[16];
  for (int b = D; b < 16; b++) w[b] = _mm256_setzero_si256(); /* unused; quiets -Wmaybe-uninitialized */
  /* v[g * nc + c] holds byte chunk c (of u bytes) of element group g */
  int nc = D;
  _Pragma("GCC unroll 16")
  for (int u = 1; u < D; u *= 2) {
    const int nc2 = nc / 2;
    _Pragma("GCC unroll 16")
    for (int k = 0; k < D / 2; k++) { /* k = g * nc2 + c: source chunks 2k, 2k + 1 */
      const int g = k / nc2, lo = (k + g * nc2) & 15, hi = (lo + nc2) & 15;
      w[lo] = tl__unpack(v[(2 * k) & 15], v[(2 * k + 1) & 15], u, 0);
      w[hi] = tl__unpack(v[(2 * k) & 15], v[(2 * k + 1) & 15], u, 1);
    }
    _Pragma("GCC unroll 16")
    for (int k = 0; k < D; k++) v[k] = w[k];
    nc = nc2;
  }
  if (D == 1) {
    tl__st32(o, v[0], nt);
    return;
  }
  _Pragma("GCC unroll 16")
  for (int j = 0; j < D / 2; j++) {
    tl__st32(o + 32 * j, _mm256_permute2x128_si256(v[2 * j], v[2 * j + 1], 0x20), nt);
    tl__st32(o + 16 * D + 32 * j, _mm256_permute2x128_si256(v[2 * j], v[2 * j + 1], 0x31), nt);
  }
}

/* 2-byte outputs with the plane map known at compile time (M0, M1: the
   plane of byte 0 / 1, or -1 for the constant c0 / c1): the generic loop's
   run-time map keeps its planes in memory. */
static inline __attribute__((always_inline)) size_t tl__lut2_loop(const __m256i *T, int K, int WIN, int SGN, int nsub, int nz,
                                                                  __m256i m7, __m256i kmask, __m256i wa, __m128i scnt,
                                                                  __m256i sm0, __m256i sm1, int M0, int M1, __m256i c0,
                                                                  __m256i c1, const uint8_t *s, char *d, size_t i, size_t n,
                                                                  int nt) {
  /* up to 5 index bits: the sub-tables held in registers (from the caller's stack copy GCC loaded them every
     step; AVX2 on Zen 5, 32 KiB, x memcpy: int4/uint4/bool -> bfloat16/float16 0.30 -> 0.57 in the bench
     binary, 1.14-1.18x in alternation in the shared library, float6_e3m2fn -> float16 1.11x; a few pairs
     moved by up to +-20% from one build to the next whatever their code: float8_e8m0fnu -> int16 0.82x /
     uint16 1.12x in alternation, 0.30 -> 0.51 / 0.30 -> 0.32 in the bench binary) */
  __m256i TR[4];
  const int nr = K <= 5 ? (M0 == 1 || M1 == 1 ? 2 : 1) * nsub : 0;
  for (int k = 0; k < nr && k < 4; k++) TR[k] = _mm256_loadu_si256(T + k);
  const __m256i *TT = nr ? TR : T;
  for (; i + 32 <= n; i += 32) {
    const __m256i xr = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    const __m256i x = tl__lut_ix(xr, K, WIN, nz, m7, kmask, wa);
    const __m256i xf = _mm256_xor_si256(x, _mm256_set1_epi8((char)0x80));
    const __m256i m4 = _mm256_slli_epi16(x, 3), m5 = _mm256_slli_epi16(x, 2), m6 = _mm256_slli_epi16(x, 1);
    __m256i p0 = tl__lut_plane_w(TT, K, WIN, x, xf, m4, m5, m6);
    __m256i p1 = M0 == 1 || M1 == 1 ? tl__lut_plane_w(TT + nsub, K, WIN, x, xf, m4, m5, m6) : p0;
    if (SGN) { /* the code's bit K at the output bit (tl__lut_sign): a shift, masked per plane */
      const __m256i sb = _mm256_sll_epi16(xr, scnt);
      p0 = _mm256_or_si256(p0, _mm256_and_si256(sb, sm0)), p1 = _mm256_or_si256(p1, _mm256_and_si256(sb, sm1));
    }
    const __m256i v0 = M0 < 0 ? c0 : M0 == 0 ? p0 : p1, v1 = M1 < 0 ? c1 : M1 == 0 ? p0 : p1;
    const __m256i lo = _mm256_unpacklo_epi8(v0, v1), hi = _mm256_unpackhi_epi8(v0, v1);
    tl__st32(d + 2 * i, _mm256_permute2x128_si256(lo, hi, 0x20), nt);
    tl__st32(d + 2 * i + 32, _mm256_permute2x128_si256(lo, hi, 0x31), nt);
  }
  return i;
}

/* 2- and 4-byte outputs of a widened core (tl__lut_wide; mode W, core
   width C): a 1-byte core's plane unpacked with its sign bytes (a compare)
   or zeros in lane (into 4 bytes the indexes' dwords reordered first, as
   below; not VPMOVSX/ZX from extracted halves: AVX2 on Zen 3, 32 KiB, x
   memcpy, in alternation, 1.00-1.11x: float6_e3m2fn -> uint32 0.57 -> 0.63,
   float8_e8m0fnu -> int16 0.86 -> 0.94); a
   2-byte core's two planes interleaved, then unpacked with its sign words
   or zeros (TL__W_TOP: zeros below), the indexes' dwords taken in the order
   0 2 4 6 1 3 5 7 so the 4-element groups land in order */
static inline __attribute__((always_inline)) size_t tl__lutw_loop(const __m256i *T, int K, int WIN, int D, int nsub, int nz,
                                                                  __m256i m7, __m256i kmask, __m256i wa, int W, int C,
                                                                  const uint8_t *s, char *d, size_t i, size_t n,
                                                                  int nt) {
  const __m256i z = _mm256_setzero_si256(), ord = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  for (; i + 32 <= n; i += 32) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    if (C == 2 || (C == 1 && D == 4)) x = _mm256_permutevar8x32_epi32(x, ord);
    x = tl__lut_ix(x, K, WIN, nz, m7, kmask, wa);
    const __m256i xf = _mm256_xor_si256(x, _mm256_set1_epi8((char)0x80));
    const __m256i m4 = _mm256_slli_epi16(x, 3), m5 = _mm256_slli_epi16(x, 2), m6 = _mm256_slli_epi16(x, 1);
    const __m256i p0 = tl__lut_plane_w(T, K, WIN, x, xf, m4, m5, m6);
    char *o = d + i * (size_t)D;
    if (C == 1) { /* in-lane unpacks with the sign bytes or zeros, as the 2-byte core's */
      if (D == 2) tl__st_x2(o, p0, 1, W == TL__W_SIGN, nt);
      else tl__st_x4o(o, p0, 1, W == TL__W_SIGN, W == TL__W_BYTE1, nt);
      continue;
    }
    const __m256i p1 = tl__lut_plane_w(T + nsub, K, WIN, x, xf, m4, m5, m6);
    const __m256i w[2] = {_mm256_unpacklo_epi8(p0, p1), _mm256_unpackhi_epi8(p0, p1)};
    for (int h = 0; h < 2; h++) {
      const __m256i e = W == TL__W_SIGN ? _mm256_srai_epi16(w[h], 15) : z;
      tl__st32(o + 64 * h, W == TL__W_TOP ? _mm256_unpacklo_epi16(z, w[h]) : _mm256_unpacklo_epi16(w[h], e), nt);
      tl__st32(o + 64 * h + 32, W == TL__W_TOP ? _mm256_unpackhi_epi16(z, w[h]) : _mm256_unpackhi_epi16(w[h], e), nt);
    }
  }
  return i;
}

/* 1-byte outputs, 32 a step: BODY(o) converts the 32 at i + o; four steps
   unrolled while 128 remain, then one at a time (i, n: the caller's) */
#define TL__STEPS32(BODY)                                                                                     \
  do {                                                                                                        \
    for (; i + 128 <= n; i += 128) {                                                                          \
      BODY(0);                                                                                                \
      BODY(32);                                                                                               \
      BODY(64);                                                                                               \
      BODY(96);                                                                                               \
    }                                                                                                         \
    for (; i + 32 <= n; i += 32) BODY(0);                                                                     \
  } while (0)

/* 32 elements of D bytes per step (D = 1, 2, 4, 8, 16), index of K bits. */
static inline __attribute__((always_inline)) void tl__lut_run(const tl__lutp *L, const unsigned char *t, int D,
                                                              int K, int IM, const uint8_t *s, char *d, size_t n) {
  __m256i cst[16];
  for (int b = 0; b < D; b++) cst[b] = _mm256_set1_epi8((char)L->cval[b]);
  const int np = L->np, nsub = K == 8 ? 16 : 1 << (K - 4);
  const int nz = L->idx == TL__IDX_NZ || L->idx == TL__IDX_NZ7, SGN = IM == 2, WIN = IM == 1;
  const __m256i kmask = WIN ? _mm256_set1_epi8((char)L->win[1]) : nz ? _mm256_set1_epi8(1) : _mm256_set1_epi8((char)((1 << K) - 1));
  const __m256i wa = _mm256_set1_epi8((char)L->win[0]);
  /* TL__IDX_SGN: bit K of the code shifted to bit win[0] % 8 of each byte, kept in byte win[0] / 8's plane */
  const int ob = L->win[0] & 15;
  const __m128i scnt = _mm_cvtsi32_si128(SGN ? ob % 8 - K : 0);
  const __m256i sbit = _mm256_set1_epi8((char)(1 << (ob % 8)));
  const __m256i sm0 = SGN && L->map[ob / 8] == 0 ? sbit : _mm256_setzero_si256(),
                sm1 = SGN && L->map[ob / 8] == 1 ? sbit : _mm256_setzero_si256();
  const __m256i m7 = _mm256_set1_epi8(L->idx == TL__IDX_NZ7 ? 0x7F : -1);
  int nt;
  size_t i = tl__lut_head(t, D, s, d, n, &nt);
  /* local copies: the stores through d (char) could alias *L, which would make
     the compiler reload the map and the tables every step */
  signed char map[16];
  __m256i tab[16 * 16 / 4];
  const int ntab = np * nsub <= (int)(sizeof tab / sizeof tab[0]) ? np * nsub : 0;
  memcpy(map, L->map, sizeof map);
  for (int j = 0; j < ntab; j++) tab[j] = L->tab[j];
  const __m256i *T = ntab ? tab : L->tab;
  if (D == 1 && K == 4 && np == 1 && map[0] == 0) { /* one vpshufb per 32 bytes: 4 vectors a step */
    const __m256i T0 = T[0];
#define TL__LUT4(o, IX)                                                                                          \
  do {                                                                                                         \
    tl__pf(pf, s + i + (o), 32);                                                                               \
    const __m256i x_ = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o)));                       \
    tl__st32(d + i + (o), _mm256_shuffle_epi8(T0, IX), nt);                                                    \
  } while (0)
    /* the index's operation known in each loop (a run-time mode kept NZ's
       AND with all ones); tl__lut_ix's general form: the windows (IM 1) */
#define TL__LUT4M(o) TL__LUT4(o, _mm256_and_si256(x_, kmask))
#define TL__LUT4Z(o) TL__LUT4(o, _mm256_min_epu8(x_, kmask))
#define TL__LUT4G(o) TL__LUT4(o, tl__lut_ix(x_, K, WIN, nz, m7, kmask, wa))
#define TL__LUT4N(o) TL__LUT4(o, _mm256_min_epu8(_mm256_and_si256(x_, m7), kmask))
    if (!WIN && L->idx == TL__IDX_MASK) TL__NT_PF(nt, TL__STEPS32(TL__LUT4M););
    else if (!WIN && L->idx == TL__IDX_NZ) TL__NT_PF(nt, TL__STEPS32(TL__LUT4Z););
    else if (!WIN && L->idx == TL__IDX_NZ7) TL__NT_PF(nt, TL__STEPS32(TL__LUT4N););
    else TL__NT_PF(nt, TL__STEPS32(TL__LUT4G););
#undef TL__LUT4N
#undef TL__LUT4G
#undef TL__LUT4Z
#undef TL__LUT4M
#undef TL__LUT4
  }
  __m256i mk0[16], mk1[16]; /* byte b from plane 0 / plane 1 (else the constant) */
  for (int b = 0; b < D; b++)
    mk0[b] = _mm256_set1_epi8(map[b] == 0 ? -1 : 0), mk1[b] = _mm256_set1_epi8(map[b] == 1 ? -1 : 0);
  if (np == 0) { /* one entry for every code (float8_e8m0fnu -> bool: all true): stored, nothing looked up */
    _Alignas(32) unsigned char e[32];
    for (int b = 0; b < 32; b++) e[b] = L->cval[b % D];
    const __m256i v = _mm256_load_si256((const __m256i *)(const void *)e);
    for (; i + 32 <= n; i += 32)
      for (int j = 0; j < D; j++) tl__st32(d + i * (size_t)D + 32 * (size_t)j, v, nt);
  }
  if ((D == 2 || D == 4) && L->wm) {
    const int W = L->wm, C = L->wc;
#define TL__LW(W_, C_) i = tl__lutw_loop(T, K, WIN, D, nsub, nz, m7, kmask, wa, W_, C_, s, d, i, n, nt)
    if (C == 1 && W == TL__W_SIGN) TL__LW(TL__W_SIGN, 1);
    else if (D == 4 && C == 1 && W == TL__W_ZERO) TL__LW(TL__W_ZERO, 1);
    else if (D == 4 && C == 1 && W == TL__W_BYTE1) TL__LW(TL__W_BYTE1, 1);
    else if (D == 4 && C == 2 && W == TL__W_SIGN) TL__LW(TL__W_SIGN, 2);
    else if (D == 4 && C == 2 && W == TL__W_ZERO) TL__LW(TL__W_ZERO, 2);
    else if (D == 4 && C == 2 && W == TL__W_TOP) TL__LW(TL__W_TOP, 2);
#undef TL__LW
  }
  if (D == 2 && np >= 1) {
    const int m0 = map[0], m1 = map[1];
#define TL__L2(A, B) i = tl__lut2_loop(T, K, WIN, SGN, nsub, nz, m7, kmask, wa, scnt, sm0, sm1, A, B, cst[0], cst[1], s, d, i, n, nt)
    if (m0 == 0 && m1 == 1) TL__L2(0, 1);
    else if (m0 == 0 && m1 == 0) TL__L2(0, 0);
    else if (m0 == 0 && m1 < 0) TL__L2(0, -1);
    else if (m0 < 0 && m1 == 0) TL__L2(-1, 0);
#undef TL__L2
  }
  if (D == 1 && IM == 3 && np == 1 && map[0] == 0) { /* float6 codes: 5 index bits, code bit 5 picks (tl__lut_half) */
    const __m256i hc = _mm256_set1_epi8((char)L->win[1]);
#define TL__LUTH(o, NEG)                                                                                         \
  do {                                                                                                         \
    tl__pf(pf, s + i + (o), 32);                                                                               \
    const __m256i xr = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o)));                       \
    const __m256i v = tl__lut_f6(T, xr, kmask);                                                                \
    const __m256i sg = _mm256_slli_epi16(xr, 2); /* code bit 5 at bit 7; +0 (the low 6 bits 0): 0 */           \
    tl__st32(d + i + (o), NEG ? _mm256_sign_epi8(v, sg) : _mm256_blendv_epi8(v, hc, sg), nt);                   \
  } while (0)
#define TL__LUTH0(o) TL__LUTH(o, 0)
#define TL__LUTH1(o) TL__LUTH(o, 1)
    if (L->win[0]) TL__NT_PF(nt, TL__STEPS32(TL__LUTH1););
    else TL__NT_PF(nt, TL__STEPS32(TL__LUTH0););
#undef TL__LUTH1
#undef TL__LUTH0
#undef TL__LUTH
  }
  if (D == 1 && SGN && np == 1 && map[0] == 0) { /* float6 codes: 5 index bits, code bit 5 to bit ob (tl__lut_sign1) */
    const int left = ob >= K;
    const __m128i c1 = _mm_cvtsi32_si128(left ? ob - K : K - ob);
    const __m256i nsb = _mm256_set1_epi8((char)~(1 << ob));
#define TL__LUTS1(o, NZ, LEFT)                                                                                   \
  do {                                                                                                         \
    tl__pf(pf, s + i + (o), 32);                                                                               \
    const __m256i xr = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o)));                       \
    const __m256i v = tl__lut_f6(T, xr, kmask);                                                                \
    const __m256i sh = LEFT ? _mm256_sll_epi16(xr, c1) : _mm256_srl_epi16(xr, c1);                             \
    tl__st32(d + i + (o), NZ ? _mm256_and_si256(v, _mm256_or_si256(sh, nsb)) : _mm256_or_si256(v, _mm256_and_si256(sh, sbit)), \
             nt);                                                                                              \
  } while (0)
#define TL__LUTS1_LOOP(NZ, LEFT)                                                                                 \
  TL__NT_PF(nt, for (; i + 64 <= n; i += 64) {                                                                 \
    TL__LUTS1(0, NZ, LEFT);                                                                                    \
    TL__LUTS1(32, NZ, LEFT);                                                                                   \
  } for (; i + 32 <= n; i += 32) TL__LUTS1(0, NZ, LEFT);)
    if (L->snz && left) TL__LUTS1_LOOP(1, 1);
    else if (left) TL__LUTS1_LOOP(0, 1);
    else if (L->snz) TL__LUTS1_LOOP(1, 0);
    else TL__LUTS1_LOOP(0, 0);
#undef TL__LUTS1_LOOP
#undef TL__LUTS1
  }
  if (D == 1 && np == 1 && map[0] == 0) { /* one plane, stored as it is: no plane map in the loop */
#define TL__LUT1(o)                                                                                              \
  do {                                                                                                         \
    tl__pf(pf, s + i + (o), 32);                                                                               \
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o)));                              \
    x = tl__lut_ix(x, K, WIN, nz, m7, kmask, wa);          \
    const __m256i xf = _mm256_xor_si256(x, _mm256_set1_epi8((char)0x80));                                      \
    const __m256i m4 = _mm256_slli_epi16(x, 3), m5 = _mm256_slli_epi16(x, 2), m6 = _mm256_slli_epi16(x, 1);    \
    tl__st32(d + i + (o), tl__lut_plane_w(T, K, WIN, x, xf, m4, m5, m6), nt);                                         \
  } while (0)
    /* K = 5 unrolled (measured, 32 KiB: 0.5 -> 0.62-0.91x memcpy; unrolled by 2 or 4, K = 6 ran 0.52 -> 0.40x) */
    TL__NT_PF(nt, if (K == 5) for (; i + 64 <= n; i += 64) {
                TL__LUT1(0);
                TL__LUT1(32);
              } for (; i + 32 <= n; i += 32) TL__LUT1(0););
#undef TL__LUT1
  }
  for (; i + 32 <= n; i += 32) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    x = tl__lut_ix(x, K, WIN, nz, m7, kmask, wa);
    const __m256i xf = _mm256_xor_si256(x, _mm256_set1_epi8((char)0x80));
    const __m256i m4 = _mm256_slli_epi16(x, 3), m5 = _mm256_slli_epi16(x, 2), m6 = _mm256_slli_epi16(x, 1);
    __m256i pl[16], v[16];
    for (int b = D; b < 16; b++) v[b] = _mm256_setzero_si256(); /* unused; quiets -Wmaybe-uninitialized */
    if (np <= 2) { /* planes in registers, picked by masks (a run-time index would keep them in memory) */
      const __m256i p0 = np >= 1 ? tl__lut_plane_w(T, K, WIN, x, xf, m4, m5, m6) : _mm256_setzero_si256();
      const __m256i p1 = np >= 2 ? tl__lut_plane_w(T + nsub, K, WIN, x, xf, m4, m5, m6) : p0;
      _Pragma("GCC unroll 16")
      for (int b = 0; b < D; b++) v[b] = _mm256_blendv_epi8(_mm256_blendv_epi8(cst[b], p0, mk0[b]), p1, mk1[b]);
    } else {
      for (int p = 0; p < np; p++) pl[p] = tl__lut_plane_w(T + p * nsub, K, WIN, x, xf, m4, m5, m6);
      _Pragma("GCC unroll 16")
      for (int b = 0; b < D; b++) v[b] = map[b] < 0 ? cst[b] : pl[(int)map[b]];
    }
    tl__lut_out(v, D, d + i * (size_t)D, nt);
  }
  if (nt) _mm_sfence();
  for (; i < n; i++) memcpy(d + i * (size_t)D, t + (size_t)s[i] * (size_t)D, (size_t)D);
}

/* Is the lookup worth it? Cost: shuffles per 32 elements (np planes x
   2^(k-4) sub-tables). Measured (AVX2, in cache): 4/8/16-byte destinations
   costing more than 32 shuffles (int64 from float8_e8m0fnu: 7 planes of 16)
   run slower than the scalar engine's typed table loop (~1.6 G elements/s):
   those stay there, or run as a chain (convert_plan.c). */
static int tl__fold_has(tl_dtype from, tl_dtype to, int sat, const tl__lutp *L);
int tl__avx2_lut8_ok(tl_dtype from, tl_dtype to, int sat) {
  /* float4_e2m1fn_x2 holds two values a byte, a weak type none: no 256-entry table */
  if (tl__info(from)->itemsize != 1 || from == TL_FLOAT4_E2M1FN_X2 || to == TL_FLOAT4_E2M1FN_X2 || tl__is_weak(to)) return 0;
  const tl__lutp *L = tl__lut_get(from, to, sat != 0);
  return L && (tl__info(to)->itemsize <= 2 || L->np * (1 << (L->k - 4)) <= 32 || tl__fold_has(from, to, sat, L));
}

/* one function per (D, K) and index mode, only where the mode occurs (the
   window: 2-16 byte outputs, 4 or 5 bits; the sign: 2-byte outputs, 4-6
   bits): inlined all into tl__avx2_lut8 they made one frame of every
   instantiation's locals (hundreds of KiB in a Debug/ASan build, more than a
   worker thread's stack); every mode in every function would make 75 of
   them, these are 36 */
#define TL__LUTFN(D, K, IM, SFX)                                                                          \
  static __attribute__((noinline)) void tl__lut##SFX##_##D##_##K(const tl__lutp *L, const unsigned char *t, \
                                                                 const void *src, void *dst, size_t n) {  \
    tl__lut_run(L, t, D, K, IM, src, dst, n);                                                             \
  }
#define TL__LUTFNS(D) TL__LUTFN(D, 4, 0, ) TL__LUTFN(D, 5, 0, ) TL__LUTFN(D, 6, 0, ) TL__LUTFN(D, 7, 0, ) TL__LUTFN(D, 8, 0, )
TL__LUTFNS(1)
TL__LUTFNS(2)
TL__LUTFNS(4)
TL__LUTFNS(8)
TL__LUTFNS(16)
#define TL__LUTFNW(D) TL__LUTFN(D, 4, 1, w) TL__LUTFN(D, 5, 1, w)
TL__LUTFN(1, 4, 1, w)
TL__LUTFNW(2)
TL__LUTFNW(4)
TL__LUTFNW(8)
TL__LUTFNW(16)
TL__LUTFN(2, 4, 2, s)
TL__LUTFN(2, 5, 2, s)
TL__LUTFN(2, 6, 2, s)
TL__LUTFN(1, 5, 2, s)
TL__LUTFN(1, 5, 3, h)
#undef TL__LUTFNW
#undef TL__LUTFNS
#undef TL__LUTFN

/* Publish np, a pair's rule built from its table or &NONE (it has none), in
 * the atomic pointer SLOT, unless another thread published first (then np is
 * freed and theirs taken); the value: the rule, or NULL for none. */
#define TL__PUBLISH(SLOT, np, NONE)                                                                             \
  __extension__({                                                                                              \
    __typeof__(np) tl__exp_ = NULL;                                                                            \
    if (!atomic_compare_exchange_strong_explicit(&(SLOT), &tl__exp_, np, memory_order_acq_rel, memory_order_acquire)) { \
      if (np != (NONE)) free(np);                                                                              \
      np = tl__exp_;                                                                                           \
    }                                                                                                          \
    np == (NONE) ? NULL : np;                                                                                  \
  })

/* ---- folded lookups: full 8-bit tables of float8 / int8 / e8m0 sources -----
 * A float8 source's table (into another float8, the integers, bool), int8's
 * into a float8 and float8_e8m0fnu's read all 8 bits: 16 shuffles per output
 * byte plane and 32 elements. But the table is mostly a function of a
 * magnitude m, with the sign applied by a rule, and constant over runs of the
 * smallest magnitudes (underflow, truncation to 0) and the largest (overflow,
 * saturation, NaN):
 *   m = x & 0x7F (sign-magnitude codes), |x| (int8: -128 -> 128) or x (e8m0)
 *   y = min(max(m, lo), c) - lo + (m >= c2)        (c2 > c: a NaN tail)
 * is looked up in a 2^k-entry table (k = 4..7: 1, 2, 4 or 8 shuffles per
 * plane), and the sign applied to each D-byte entry v by one of
 *   XOR    r = v ^ (s & a)             (-> floats: the sign bit)
 *   NEG    r = (s ? -v : v) & a        (-> integers: negation, wrapped to a)
 *   CONST  r = s ? a : v               (-> unsigned: negatives saturate to 0)
 * (s: all ones where x is negative; a: D bytes), then up to TL__FOLD_MAXEXC
 * (y, sign) classes the rule gets wrong (-0 into fnuz, NaN, the asymmetric
 * end of a saturating range) patched by an XOR. All of it is byte-wise on the
 * output's byte planes (the negation carries from byte to byte), so wider
 * outputs are transposed afterwards as the 8-bit lookup's are. A fold is
 * accepted only if this formula, evaluated in scalar code (tl__fold_eval),
 * gives the table's entry for all 256 bytes; the vector code performs the
 * same byte operations.
 * Measured and not taken: int8 -> float8_e5m2 / e5m2fnuz (their fold has
 * k = 7: 8 shuffles) by rounding first, m + (half step - 1) + lsb with the
 * step and half step looked up by m >> 3, then one shuffle on m for m < 16
 * and two (telescoped) on (v >> 2) - 4 above, 21 operations a block of 32:
 * bit-exact on all 256 bytes, 1.10x in cache (AVX2 on Zen 4, 32 KiB, one
 * process, best of 30 rounds in alternation: 0.26 -> 0.28x memcpy), too
 * little to reach either target for a route of its own. */
#define TL__FOLD_MAXEXC 4
enum { TL__FOLD_XOR = 0, TL__FOLD_NEG = 1, TL__FOLD_CONST = 2 }; /* sign rule */
enum { TL__FOLD_MAG = 0, TL__FOLD_ABS = 1, TL__FOLD_UNS = 2 };   /* source: x & 0x7F, |x|, x */
typedef struct {
  unsigned char lo, c, c2, tail, k, mode, src, nexc, D;
  unsigned char raw80; /* exc[0] matches the byte 0x80 itself, not a class */
  unsigned char exc[TL__FOLD_MAXEXC];
  unsigned char arg[16], dlt[TL__FOLD_MAXEXC][16];
  unsigned char tab[128 * 16]; /* entry y: D bytes at tab + y * D, y < 2^k */
  int cost;
} tl__fold;

static unsigned tl__fold_m(const tl__fold *F, unsigned x) {
  return F->src == TL__FOLD_MAG ? x & 0x7F : F->src == TL__FOLD_ABS ? (x < 128 ? x : 256 - x) : x;
}

static unsigned tl__fold_neg(const tl__fold *F, unsigned x) { return F->src != TL__FOLD_UNS && x >= 128; }

static unsigned tl__fold_y(const tl__fold *F, unsigned x) {
  const unsigned m = tl__fold_m(F, x);
  unsigned y = m > F->lo ? m : F->lo;
  y = y < F->c ? y : F->c;
  return y - F->lo + (F->tail && m >= F->c2);
}

/* The rule's result r for a folded entry v (D bytes), before the exceptions. */
static void tl__fold_rule(const tl__fold *F, const unsigned char *v, unsigned neg, unsigned char *r) {
  unsigned carry = 1;
  for (int b = 0; b < F->D; b++) {
    switch (F->mode) {
    case TL__FOLD_XOR: r[b] = (unsigned char)(v[b] ^ (neg ? F->arg[b] : 0)); break;
    case TL__FOLD_NEG: {
      const unsigned n = (unsigned)(unsigned char)~v[b] + carry; /* -v = ~v + 1, byte by byte */
      carry = n >> 8;
      r[b] = (unsigned char)((neg ? n : v[b]) & F->arg[b]);
      break;
    }
    default: r[b] = neg ? F->arg[b] : v[b]; break;
    }
  }
}

static void tl__fold_eval(const tl__fold *F, unsigned x, unsigned char *r) {
  const unsigned y = tl__fold_y(F, x), neg = tl__fold_neg(F, x), z = y | neg << 7;
  tl__fold_rule(F, F->tab + (size_t)y * F->D, neg, r);
  for (int j = 0; j < F->nexc; j++)
    if ((j == 0 && F->raw80 ? x : z) == F->exc[j])
      for (int b = 0; b < F->D; b++) r[b] ^= F->dlt[j][b];
}

/* Try F's (src, lo, c, c2, mode, arg, raw80) on table t (D-byte entries):
   fill in the rest and return 1 if every entry comes out right. */
static int tl__fold_try(const unsigned char *t, tl__fold *F) {
  const int D = F->D;
  if (F->lo > F->c || (F->tail && F->c2 <= F->c)) return 0;
  const unsigned ymax = (unsigned)(F->c - F->lo) + F->tail;
  int k = 4;
  while ((1u << k) <= ymax) k++;
  if (k > 7) return 0;
  F->k = (unsigned char)k;
  memset(F->tab, 0, sizeof F->tab);
  /* the positive (or only) half defines the table: it must be a function of y */
  unsigned char want[128 * 16], seen[2][128];
  memset(seen, 0, sizeof seen);
  for (unsigned x = 0; x < 256; x++) {
    if (F->raw80 && x == 0x80) continue; /* patched on its own below */
    const unsigned y = tl__fold_y(F, x), neg = tl__fold_neg(F, x);
    unsigned char *e = neg ? want + (size_t)y * D : F->tab + (size_t)y * D;
    if (seen[neg][y] && memcmp(e, t + (size_t)x * D, (size_t)D) != 0) return 0;
    seen[neg][y] = 1, memcpy(e, t + (size_t)x * D, (size_t)D);
  }
  /* the negative half: the rule, or an exception per folded class (slot 0
     kept for the byte 0x80 itself with raw80) */
  F->nexc = F->raw80;
  if (D > 1 && F->src != TL__FOLD_UNS) { /* a class alone in making a byte plane vary (inf -> INT64_MAX) */
    for (int b = 0; b < D; b++) {
      int odd = -1, nodd = 0;
      for (unsigned y = 1; y <= ymax; y++)
        if (F->tab[y * D + b] != F->tab[b]) odd = (int)y, nodd++;
      if (nodd != 1 || F->nexc + 2 > TL__FOLD_MAXEXC) continue;
      /* the class takes its neighbour's entry, and its positive side is patched */
      unsigned char *e = F->tab + (size_t)odd * D, keep[16];
      memcpy(keep, e, (size_t)D), memcpy(e, e - D, (size_t)D); /* odd >= 1 */
      F->exc[F->nexc] = (unsigned char)odd;
      for (int q = 0; q < D; q++) F->dlt[F->nexc][q] = (unsigned char)(keep[q] ^ e[q]);
      F->nexc++;
    }
  }
  for (unsigned y = 0; y <= ymax; y++) {
    if (!seen[1][y]) continue;
    unsigned char r[16];
    tl__fold_rule(F, F->tab + (size_t)y * D, 1, r);
    if (memcmp(r, want + (size_t)y * D, (size_t)D) == 0) continue;
    if (F->nexc == TL__FOLD_MAXEXC) return 0;
    F->exc[F->nexc] = (unsigned char)(y | 0x80);
    for (int b = 0; b < D; b++) F->dlt[F->nexc][b] = (unsigned char)(r[b] ^ want[(size_t)y * D + b]);
    F->nexc++;
  }
  if (F->raw80) {
    unsigned char r[16];
    F->exc[0] = 0x80;
    memset(F->dlt[0], 0, sizeof F->dlt[0]);
    tl__fold_eval(F, 0x80, r);
    for (int b = 0; b < D; b++) F->dlt[0][b] = (unsigned char)(r[b] ^ t[0x80 * D + b]);
  }
  for (unsigned x = 0; x < 256; x++) {
    unsigned char r[16];
    tl__fold_eval(F, x, r);
    if (memcmp(r, t + (size_t)x * D, (size_t)D) != 0) return 0;
  }
  /* Measured against the 8-bit lookup (AVX2, Zen 3, 32 KiB, alternating),
     1-byte outputs: k <= 6 folds 1.1-4x faster; k = 7 with at most one
     exception 0.8-1.27x (this VM's two timing modes), with 2-3 exceptions
     0.66-0.9x: not taken. */
  if (D == 1 && k == 7 && F->nexc > 1) return 0;
  /* vector operations per 32 elements, roughly */
  F->cost = (2 << (k - 4)) - 1 + 3 * F->nexc + 2 * (F->lo > 0) + (F->c < 255) + 2 * F->tail +
            (F->src == TL__FOLD_UNS ? 0 : 3);
  return 1;
}

/* The cheapest fold of table t (D-byte entries) for a source kind, or 0. */
static int tl__fold_find(const unsigned char *t, int D, int src, tl__fold *best) {
  int found = 0;
  tl__fold *G = calloc(2, sizeof *G); /* G: the common part; G + 1: a candidate (2 x 2.2 KiB) */
  if (!G) return 0;
  G->src = (unsigned char)src, G->D = (unsigned char)D;
  const unsigned mmax = src == TL__FOLD_MAG ? 127 : src == TL__FOLD_ABS ? 128 : 255;
  /* the classes: x with the same m and sign (int8: +-m) have the same entry */
  const unsigned char *ent[2][256] = {{NULL}};
  for (unsigned x = 0; x < 256; x++) {
    const unsigned m = tl__fold_m(G, x), neg = tl__fold_neg(G, x);
    ent[neg][m] = t + (size_t)x * D;
  }
#define TL__EQ(p, q) ((p) == NULL || (q) == NULL || memcmp((p), (q), (size_t)D) == 0)
#define TL__SAME(a, b) (TL__EQ(ent[0][a], ent[0][b]) && TL__EQ(ent[1][a], ent[1][b]))
  unsigned lo = 0; /* the run of smallest magnitudes (-0 aside: raw80 patches it) */
  while (lo < mmax && TL__EQ(ent[0][lo + 1], ent[0][0]) && (lo == 0 || TL__EQ(ent[1][lo + 1], ent[1][1]))) lo++;
  unsigned c2 = mmax; /* the NaN tail: the run of largest magnitudes */
  while (c2 > 0 && TL__SAME(c2 - 1, mmax)) c2--;
  for (int a = 0; a < 2; a++) { /* without / with a tail */
    const unsigned top = a ? c2 - 1 : mmax;
    if (a && c2 == 0) continue;
    unsigned c = top; /* the run below the tail */
    while (c > 0 && TL__SAME(c - 1, top)) c--;
    for (int l = 0; l < 2; l++)
      for (int raw = 0; raw < 1 + (src == TL__FOLD_MAG); raw++) /* -0 patched on its own */
        for (int mode = 0; mode < 3; mode++) {
          static const unsigned char negmask[] = {0xFF, 0x7F, 0x3F, 0x1F, 0x0F, 0x07, 0x03, 0x01};
          const int nargs = src == TL__FOLD_UNS ? (mode == 0) : mode == TL__FOLD_NEG ? (D == 1 ? 8 : 1) : mode == TL__FOLD_XOR ? 2 : 1;
          for (int ai = 0; ai < nargs; ai++) {
            tl__fold *F = G + 1;
            *F = *G;
            F->lo = (unsigned char)(l ? lo : 0), F->c = (unsigned char)c, F->mode = (unsigned char)mode;
            F->tail = (unsigned char)a, F->c2 = (unsigned char)(a ? c2 : 0), F->raw80 = (unsigned char)raw;
            memset(F->arg, 0, sizeof F->arg);
            if (src == TL__FOLD_UNS) F->mode = TL__FOLD_CONST;
            else if (mode == TL__FOLD_XOR) { /* the flip of entry 1, or the top byte's sign bit */
              for (int b = 0; b < D; b++) F->arg[b] = ai ? 0 : (unsigned char)(t[0x81 * D + b] ^ t[0x01 * D + b]);
              if (ai) F->arg[D - 1] = 0x80;
            } else if (mode == TL__FOLD_NEG) {
              memset(F->arg, 0xFF, (size_t)D);
              F->arg[0] = negmask[ai];
            } else {
              memcpy(F->arg, t + 0x81 * D, (size_t)D);
            }
            if (tl__fold_try(t, F) && (!found || F->cost < best->cost)) *best = *F, found = 1;
          }
        }
  }
#undef TL__SAME
#undef TL__EQ
  free(G);
  return found;
}

typedef struct {
  tl__fold F;
  int np;                 /* D >= 2: distinct non-constant byte planes of the folded table (<= 2) */
  signed char map[16];    /* byte b: its plane, or -1 for the constant cval[b] */
  unsigned char cval[16];
  __m256i tab[16];        /* np x 2^(k-4) sub-tables of 16 entries, broadcast to both lanes */
} tl__foldp;

static _Atomic(tl__foldp *) tl__folds[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__foldp tl__fold_none; /* "looked, none" */
static _Atomic int tl__fold_off;

/* The source kind a 1-byte dtype's codes fold by, or -1. */
static int tl__fold_src(tl_dtype from) {
  if (from == TL_INT8) return TL__FOLD_ABS;
  if (from == TL_FLOAT8_E8M0FNU) return TL__FOLD_UNS;
  return tl__info(from)->kind == TL_KIND_FLOAT && tl__info(from)->bits == 8 ? TL__FOLD_MAG : -1;
}

/* Byte planes of a found fold (1-byte outputs: byte 0 is plane 0); 0 if
   more than two planes. */
static int tl__fold_planes(tl__foldp *P) {
  const tl__fold *F = &P->F;
  const int D = F->D, nsub = 1 << (F->k - 4);
  const unsigned ymax = (unsigned)(F->c - F->lo) + F->tail;
  int first[2];
  P->np = 0;
  for (int b = 0; b < 16; b++) P->map[b] = -1, P->cval[b] = b < D ? F->tab[b] : 0;
  for (int b = 0; b < D; b++) {
    int konst = D > 1;
    for (unsigned y = 1; y <= ymax && konst; y++) konst = F->tab[y * D + b] == F->tab[b];
    if (konst) continue;
    for (int p = 0; p < P->np && P->map[b] < 0; p++) {
      int same = 1;
      for (unsigned y = 0; y <= ymax && same; y++) same = F->tab[y * D + b] == F->tab[y * D + first[p]];
      if (same) P->map[b] = (signed char)p;
    }
    if (P->map[b] >= 0) continue;
    if (P->np == 2) return 0;
    first[P->np] = b, P->map[b] = (signed char)P->np++;
  }
  for (int p = 0; p < P->np; p++)
    for (int h = 0; h < nsub; h++) {
      unsigned char row[16];
      for (int l = 0; l < 16; l++) {
        const unsigned y = (unsigned)(h * 16 + l);
        row[l] = F->tab[(y <= ymax ? y : 0) * D + first[p]];
      }
      P->tab[p * nsub + h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)row));
    }
  for (int p = 0; p < P->np; p++) tl__telescope(P->tab + p * nsub, nsub);
  return 1;
}

/* The fold of pair (from, to, sat), or NULL. */
static const tl__foldp *tl__fold_get(tl_dtype from, tl_dtype to, int sat) {
  tl__foldp *P = atomic_load_explicit(&tl__folds[from][to][sat], memory_order_acquire);
  if (P) return P == &tl__fold_none ? NULL : P;
  const unsigned char *t = tl__table8(from, to, sat);
  const int src = tl__fold_src(from), D = tl__info(to)->itemsize;
  tl__foldp *np = &tl__fold_none;
  if (t && src >= 0 && (D == 1 || D == 2 || D == 4 || D == 8)) {
    np = aligned_alloc(32, sizeof *np);
    if (!np) return NULL;
    memset(np, 0, sizeof *np);
    if (!tl__fold_find(t, D, src, &np->F) || !tl__fold_planes(np)) free(np), np = &tl__fold_none;
  }
  return TL__PUBLISH(tl__folds[from][to][sat], np, &tl__fold_none);
}

/* Tests and benchmarks: turn the folded lookups off (the 8-bit lookup then
   serves those pairs) or back on; returns the previous setting. */
int tl__avx2_fold_disable(int off) { return atomic_exchange(&tl__fold_off, off != 0); }

/* Does tl__avx2_lut8 run pair (from, to, sat), whose lookup is L, by a fold?
   Measured against the 8-bit lookup in alternation (AVX2, 32 KiB): 2-byte
   outputs 0.96-2.9x (float8 -> int16 1.07-1.55, e8m0 -> int16 2.9), 4-byte
   1.1-1.2x; 8-byte 0.98x where the lookup has two planes (complex64) and
   ~5x where it has more (int64, which otherwise chains); 16-byte 0.74x. */
static int tl__fold_has(tl_dtype from, tl_dtype to, int sat, const tl__lutp *L) {
  const int D = tl__info(to)->itemsize;
  return L->k == 8 && (D <= 4 || (D == 8 && L->np > 2)) && !atomic_load_explicit(&tl__fold_off, memory_order_relaxed) &&
         tl__fold_get(from, to, sat != 0) != NULL;
}

/* For the tests: the index bits of pair's fold, 0 if it has none. */
int tl__avx2_fold_bits(tl_dtype from, tl_dtype to, int sat) {
  const tl__foldp *P = tl__fold_get(from, to, sat != 0);
  return P ? P->F.k : 0;
}

/* The folded index y of 32 codes x (SRC: the source kind). */
static inline __attribute__((always_inline)) __m256i tl__fold_y32(__m256i x, int SRC, int haslo, int tail,
                                                                  __m256i lo, __m256i c, __m256i c2) {
  const __m256i m = SRC == TL__FOLD_MAG   ? _mm256_and_si256(x, _mm256_set1_epi8(0x7F))
                    : SRC == TL__FOLD_ABS ? _mm256_abs_epi8(x)
                                          : x;
  __m256i y = m;
  if (haslo) y = _mm256_max_epu8(y, lo);
  y = _mm256_min_epu8(y, c);
  if (haslo) y = _mm256_sub_epi8(y, lo);
  if (tail) y = _mm256_sub_epi8(y, _mm256_cmpeq_epi8(_mm256_max_epu8(m, c2), m));
  return y;
}

/* The scalars of a fold its vector loops read (copied out of *P: stores
   through the destination could alias it). */
typedef struct {
  int haslo, tail, nexc, raw80;
} tl__foldk;

/* 32 folded lookups into 1 byte (K index bits, SRC the source kind, MODE the
   sign rule; FORM: the optional parts, tl__fold_form: 0..5 compile-time,
   TL__FOLD_GENERAL read from F). */
enum { TL__FOLD_GENERAL = 6 };
static inline __attribute__((always_inline)) __m256i tl__fold32(const __m256i *T, int K, int SRC, int MODE, int FORM,
                                                                __m256i x, tl__foldk F, __m256i lo, __m256i c,
                                                                __m256i c2, __m256i arg, const __m256i *ex,
                                                                const __m256i *dl) {
  const int gen = FORM == TL__FOLD_GENERAL;
  const __m256i y = tl__fold_y32(x, SRC, gen ? F.haslo : FORM >= 2, gen ? F.tail : FORM >= 4, lo, c, c2);
  __m256i v = tl__lut_plane(T, K, y, y, _mm256_slli_epi16(y, 3), _mm256_slli_epi16(y, 2), _mm256_slli_epi16(y, 1));
  if (SRC == TL__FOLD_UNS) return v;
  const __m256i s = _mm256_cmpgt_epi8(_mm256_setzero_si256(), x);
  if (MODE == TL__FOLD_XOR) v = _mm256_xor_si256(v, _mm256_and_si256(s, arg));
  else if (MODE == TL__FOLD_NEG) v = _mm256_and_si256(_mm256_sub_epi8(_mm256_xor_si256(v, s), s), arg);
  else v = _mm256_blendv_epi8(v, arg, s);
  const __m256i z = _mm256_or_si256(y, _mm256_and_si256(x, _mm256_set1_epi8((char)0x80))); /* the class (y, sign) */
  if (!gen) {
    if (FORM & 1) v = _mm256_xor_si256(v, _mm256_and_si256(_mm256_cmpeq_epi8(z, ex[0]), dl[0])); /* one exception */
  } else if (F.nexc) {
    for (int j = 0; j < TL__FOLD_MAXEXC; j++)
      if (j < F.nexc)
        v = _mm256_xor_si256(v, _mm256_and_si256(_mm256_cmpeq_epi8(j == 0 && F.raw80 ? x : z, ex[j]), dl[j]));
  }
  return v;
}

static inline __attribute__((always_inline)) void tl__fold_run(const tl__foldp *P, const unsigned char *t, int K,
                                                               int SRC, int MODE, int FORM, const uint8_t *s,
                                                               char *d, size_t n) {
  const tl__fold *F = &P->F; /* read before the loop: stores through d could alias *P */
  __m256i T[8], ex[TL__FOLD_MAXEXC], dl[TL__FOLD_MAXEXC];
  for (int h = 0; h < 8; h++) T[h] = h < 1 << (K - 4) ? P->tab[h] : _mm256_setzero_si256();
  for (int j = 0; j < TL__FOLD_MAXEXC; j++)
    ex[j] = _mm256_set1_epi8((char)F->exc[j]), dl[j] = _mm256_set1_epi8((char)F->dlt[j][0]);
  const tl__foldk G = {F->lo != 0, F->tail, F->nexc, F->raw80};
  const __m256i lo = _mm256_set1_epi8((char)F->lo), c = _mm256_set1_epi8((char)F->c),
                c2 = _mm256_set1_epi8((char)F->c2), arg = _mm256_set1_epi8((char)F->arg[0]);
  int nt;
  size_t i = tl__lut_head(t, 1, s, d, n, &nt);
#define TL__FOLD1(o)                                                                                          \
  tl__pf(pf, s + i + (o), 32), tl__st32(d + i + (o),                                                                                       \
           tl__fold32(T, K, SRC, MODE, FORM, _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o))), G, lo,  \
                      c, c2, arg, ex, dl),                                                                    \
           nt)
  TL__NT_PF(nt, if (K <= 5)
    for (; i + 64 <= n; i += 64) {
      TL__FOLD1(0);
      TL__FOLD1(32);
    }
  for (; i + 32 <= n; i += 32) TL__FOLD1(0););
#undef TL__FOLD1
  if (nt) _mm_sfence();
  for (; i < n; i++) d[i] = (char)t[s[i]];
}

/* D >= 2 bytes: the folded table's (at most two) planes, the rule and the
   exceptions byte by byte, then the 8-bit lookup's transpose. The source
   kind and the rule are run-time (loop-invariant branches). */
static inline __attribute__((always_inline)) void tl__wfold_run(const tl__foldp *P, const unsigned char *t, int D,
                                                                int K, const uint8_t *s, char *d, size_t n) {
  const tl__fold *F = &P->F;
  const int nsub = 1 << (K - 4), np = P->np, src = F->src, mode = F->mode, haslo = F->lo != 0, tail = F->tail;
  const int nexc = F->nexc, raw80 = F->raw80;
  __m256i T[16], cst[16], A[16], mk0[16], mk1[16], ex[TL__FOLD_MAXEXC], dl[TL__FOLD_MAXEXC][16];
  int xa[16];
  unsigned dm[TL__FOLD_MAXEXC];
  for (int h = 0; h < 16; h++) T[h] = h < np * nsub ? P->tab[h] : _mm256_setzero_si256();
  for (int b = 0; b < 16; b++) {
    cst[b] = _mm256_set1_epi8((char)P->cval[b]), A[b] = _mm256_set1_epi8((char)F->arg[b]), xa[b] = F->arg[b] != 0;
    mk0[b] = _mm256_set1_epi8(P->map[b] == 0 ? -1 : 0), mk1[b] = _mm256_set1_epi8(P->map[b] == 1 ? -1 : 0);
  }
  for (int j = 0; j < TL__FOLD_MAXEXC; j++) {
    ex[j] = _mm256_set1_epi8((char)F->exc[j]), dm[j] = 0;
    for (int b = 0; b < 16; b++) {
      dl[j][b] = _mm256_set1_epi8((char)F->dlt[j][b]);
      if (b < D && F->dlt[j][b]) dm[j] |= 1u << b;
    }
  }
  const __m256i lo = _mm256_set1_epi8((char)F->lo), c = _mm256_set1_epi8((char)F->c),
                c2 = _mm256_set1_epi8((char)F->c2), ones = _mm256_set1_epi8(-1);
  int nt;
  size_t i = tl__lut_head(t, D, s, d, n, &nt);
  for (; i + 32 <= n; i += 32) {
    const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    const __m256i y = src == TL__FOLD_MAG   ? tl__fold_y32(x, TL__FOLD_MAG, haslo, tail, lo, c, c2)
                      : src == TL__FOLD_ABS ? tl__fold_y32(x, TL__FOLD_ABS, haslo, tail, lo, c, c2)
                                            : tl__fold_y32(x, TL__FOLD_UNS, haslo, tail, lo, c, c2);
    const __m256i m4 = _mm256_slli_epi16(y, 3), m5 = _mm256_slli_epi16(y, 2), m6 = _mm256_slli_epi16(y, 1);
    const __m256i p0 = np >= 1 ? tl__lut_plane(T, K, y, y, m4, m5, m6) : _mm256_setzero_si256();
    const __m256i p1 = np >= 2 ? tl__lut_plane(T + nsub, K, y, y, m4, m5, m6) : p0;
    __m256i v[16];
    _Pragma("GCC unroll 16")
    for (int b = 0; b < 16; b++)
      v[b] = b < D ? _mm256_blendv_epi8(_mm256_blendv_epi8(cst[b], p0, mk0[b]), p1, mk1[b]) : _mm256_setzero_si256();
    if (src != TL__FOLD_UNS) {
      const __m256i sg = _mm256_cmpgt_epi8(_mm256_setzero_si256(), x);
      if (mode == TL__FOLD_XOR) {
        _Pragma("GCC unroll 16")
        for (int b = 0; b < D; b++)
          if (xa[b]) v[b] = _mm256_xor_si256(v[b], _mm256_and_si256(sg, A[b]));
      } else if (mode == TL__FOLD_CONST) {
        _Pragma("GCC unroll 16")
        for (int b = 0; b < D; b++) v[b] = _mm256_blendv_epi8(v[b], A[b], sg);
      } else { /* -v = ~v + 1 byte by byte: byte b carries while bytes 0..b-1 are all zero */
        __m256i acc = v[0];
        v[0] = _mm256_and_si256(_mm256_blendv_epi8(v[0], _mm256_sub_epi8(_mm256_setzero_si256(), v[0]), sg), A[0]);
        _Pragma("GCC unroll 16")
        for (int b = 1; b < D; b++) {
          const __m256i vb = v[b];
          const __m256i nb = _mm256_sub_epi8(_mm256_xor_si256(vb, ones), _mm256_cmpeq_epi8(acc, _mm256_setzero_si256()));
          acc = _mm256_or_si256(acc, vb);
          v[b] = _mm256_and_si256(_mm256_blendv_epi8(vb, nb, sg), A[b]);
        }
      }
      if (nexc) {
        const __m256i z = _mm256_or_si256(y, _mm256_and_si256(x, _mm256_set1_epi8((char)0x80)));
        for (int j = 0; j < TL__FOLD_MAXEXC; j++) {
          if (j >= nexc) break;
          const __m256i mj = _mm256_cmpeq_epi8(j == 0 && raw80 ? x : z, ex[j]);
          _Pragma("GCC unroll 16")
          for (int b = 0; b < D; b++)
            if (dm[j] >> b & 1) v[b] = _mm256_xor_si256(v[b], _mm256_and_si256(mj, dl[j][b]));
        }
      }
    }
    tl__lut_out(v, D, d + i * (size_t)D, nt);
  }
  if (nt) _mm_sfence();
  for (; i < n; i++) memcpy(d + i * (size_t)D, t + (size_t)s[i] * (size_t)D, (size_t)D);
}

/* one noinline function per (K, source kind, sign rule) for 1 byte, per (D, K) wider */
#define TL__FOLDFN(K, S, M, FM)                                                                                 \
  static __attribute__((noinline)) void tl__fold_##K##_##S##M##_##FM(const tl__foldp *P, const unsigned char *t, \
                                                                     const void *src, void *dst, size_t n) {   \
    tl__fold_run(P, t, K, S, M, FM, src, dst, n);                                                              \
  }
#define TL__FOLDFNF(K, S, M)                                                                                    \
  TL__FOLDFN(K, S, M, 0) TL__FOLDFN(K, S, M, 1) TL__FOLDFN(K, S, M, 2) TL__FOLDFN(K, S, M, 3)                  \
  TL__FOLDFN(K, S, M, 4) TL__FOLDFN(K, S, M, 5) TL__FOLDFN(K, S, M, 6)
#define TL__FOLDFNS(K)                                                                                          \
  TL__FOLDFNF(K, 0, 0) TL__FOLDFNF(K, 0, 1) TL__FOLDFNF(K, 0, 2) TL__FOLDFNF(K, 1, 0) TL__FOLDFNF(K, 1, 1)     \
  TL__FOLDFNF(K, 1, 2) TL__FOLDFNF(K, 2, 2)
TL__FOLDFNS(4)
TL__FOLDFNS(5)
TL__FOLDFNS(6)
TL__FOLDFNS(7)
#undef TL__FOLDFNS
#undef TL__FOLDFNF
#undef TL__FOLDFN
#define TL__WFOLDFN(D, K)                                                                                       \
  static __attribute__((noinline)) void tl__wfold_##D##_##K(const tl__foldp *P, const unsigned char *t,        \
                                                            const void *src, void *dst, size_t n) {            \
    tl__wfold_run(P, t, D, K, src, dst, n);                                                                    \
  }
#define TL__WFOLDFNS(D) TL__WFOLDFN(D, 4) TL__WFOLDFN(D, 5) TL__WFOLDFN(D, 6) TL__WFOLDFN(D, 7)
TL__WFOLDFNS(2)
TL__WFOLDFNS(4)
TL__WFOLDFNS(8)
#undef TL__WFOLDFNS
#undef TL__WFOLDFN

/* The compile-time form of a 1-byte fold's loop: bit 0, one exception on a
   class (y, sign); bits 1-2: no range parts (0), lo (1), lo and the NaN tail
   (2). Others (several exceptions, the byte 0x80 patched on its own, a tail
   without lo) read them at run time (TL__FOLD_GENERAL). The loop-invariant
   branches of that general loop cost as much as the work (float8_e5m2 ->
   int4, a 4-bit fold: ~30 instructions and 8 branches per 32 bytes). */
static int tl__fold_form(const tl__fold *F) {
  if (F->raw80 || F->nexc > 1 || (F->tail && !F->lo)) return TL__FOLD_GENERAL;
  return (F->lo ? (F->tail ? 4 : 2) : 0) | F->nexc;
}

typedef void (*tl__fold_fn_t)(const tl__foldp *, const unsigned char *, const void *, void *, size_t);
/* the function of fold P */
static tl__fold_fn_t tl__fold_fn(const tl__foldp *P) {
  typedef tl__fold_fn_t fn;
#define TL__FOLDF(K, SM) {tl__fold_##K##_##SM##_0, tl__fold_##K##_##SM##_1, tl__fold_##K##_##SM##_2, tl__fold_##K##_##SM##_3, \
                          tl__fold_##K##_##SM##_4, tl__fold_##K##_##SM##_5, tl__fold_##K##_##SM##_6}
#define TL__FOLDROW(K) {TL__FOLDF(K, 00), TL__FOLDF(K, 01), TL__FOLDF(K, 02), TL__FOLDF(K, 10), TL__FOLDF(K, 11), \
                        TL__FOLDF(K, 12), TL__FOLDF(K, 22)}
  static const fn fns[4][7][7] = {TL__FOLDROW(4), TL__FOLDROW(5), TL__FOLDROW(6), TL__FOLDROW(7)};
#undef TL__FOLDROW
#undef TL__FOLDF
#define TL__WFOLDROW(D) {tl__wfold_##D##_4, tl__wfold_##D##_5, tl__wfold_##D##_6, tl__wfold_##D##_7}
  static const fn wfns[3][4] = {TL__WFOLDROW(2), TL__WFOLDROW(4), TL__WFOLDROW(8)};
#undef TL__WFOLDROW
  const int D = P->F.D, k = P->F.k - 4;
  if (D == 1) return fns[k][P->F.src == TL__FOLD_UNS ? 6 : P->F.src * 3 + P->F.mode][tl__fold_form(&P->F)];
  return wfns[D == 2 ? 0 : D == 4 ? 1 : 2][k];
}

/* ---- float8 -> 1-byte types by arithmetic on the code ("affine" folds) ----
 * Between two small float formats a code is mostly its exponent rebiased and
 * its mantissa widened or rounded: on the magnitude m = x & 0x7F (or the
 * whole byte of float8_e8m0fnu, which has no sign) the target's code is
 *   v = (m << a) + C, or RNE(m >> b) + C        (a, b: the mantissa widths' difference)
 * (shifts saturating, the add wrapping, then a min with the cap: the largest
 * entry) except at the ends: the target's subnormals and the source's, and
 * values below half the smallest subnormal, come from a window table of 16
 * or 32 entries (the codes m <= lo all alike, then lo + 1 ...), overflow and
 * inf from a constant for m >= c1 and NaN from one for m >= c2; then the
 * sign, by
 *   XOR80 r = v ^ (x & 0x80)                    (float8 targets)
 *   XORSM r = v ^ (x < 0 ? sm : 0)              (float6/float4: the sign at bit 5 / 3)
 *   NZ    r = v | (x & 0x80) where v is > 0 as a signed byte (fnuz targets: no -0, NaN 0x80)
 *   CONST r = x < 0 ? sm : v                    (unsigned or e8m0 targets: negatives to one code)
 * and at most one byte x patched to its entry (fnuz's NaN 0x80 as a
 * source; no pair's rule needs two, and a second cost 2 of 14-17
 * operations). All of it is byte arithmetic: saturating adds, 16-bit shifts
 * masked to the byte, min, one or two vpshufb and blends: 13 to 24
 * operations per 32 codes against the 8-bit lookup's 35 or a 7-bit fold's
 * 28. A rule is found by trying every shift (-4..4) with the most common C,
 * and taken only if tl__aff_eval, the same byte operations in scalar code,
 * gives the pair's table entry for all 256 codes. One patch instead of two
 * and RNE(m >> 1) + C by one VPAVGB (tl__aff_avg): AVX2 on Zen 4, 32 KiB, x
 * memcpy, in alternation: float8_e4m3fn -> float8_e5m2 0.46 -> 0.53,
 * float8_e4m3fnuz -> float8_e4m3 0.49 -> 0.57, float8_e4m3fnuz -> float8_e5m2
 * 0.36 -> 0.46, float8_e3m4 -> float8_e4m3fn 0.46 -> 0.53. Where the cap
 * (the largest entry of all magnitudes) gives the tail's codes too (no NaN
 * among the source's magnitudes: the fnuz formats, float8_e5m2 into the
 * fnuz ones), the tail's compare and blend go (tl__aff.nt): float8_e4m3fnuz
 * -> float8_e5m2 0.46 -> 0.52, -> float8_e4m3b11fnuz 0.48 -> 0.55,
 * float8_e5m2fnuz -> float8_e4m3fnuz 0.45 -> 0.51. */
enum { TL__AFF_XOR80 = 0, TL__AFF_XORSM = 1, TL__AFF_NZ = 2, TL__AFF_CONST = 3, TL__AFF_UNS = 4 };
/* tl__sign8's CONST where the negatives' code is 0xFF (an OR with the sign
   compare's mask) or 0 (VPANDN): two operations against a blend, which is
   three on Intel (one on AMD's Zen, which keeps it: tl__cpu_blend_slow).
   The row sums take them (AVX2 on an Intel Xeon, 32 KiB, x memcpy, in
   alternation: float8_e5m2 -> float8_e8m0fnu 0.50 -> 0.53, float8_e4m3 ->
   float8_e8m0fnu 0.50-0.53 -> 0.53-0.54, float8_e5m2fnuz -> uint8
   0.50-0.52 -> 0.52-0.55, float8_e4m3b11fnuz -> uint8 0.42 -> 0.44) */
enum { TL__SIGN_CONSTFF = 7, TL__SIGN_CONST00 = 8 }; /* past the row sums' own modes (TL__NS_NEG 5, TL__NS_XORH 6) */

/* The sign rules on the code v of x's magnitude (the affine rules' and the
   row sums'; tl__sign8 the same on 32 codes): sm the sign bit (XORSM) or
   the negatives' code (CONST); UNS has no sign */
static unsigned tl__sign8s(int mode, unsigned v, unsigned x, unsigned sm) {
  const unsigned neg = x >= 128;
  switch (mode) {
  case TL__AFF_XOR80: return v ^ (x & 0x80);
  case TL__AFF_XORSM: return v ^ (neg ? sm : 0);
  case TL__AFF_NZ: return v | (neg && v >= 1 && v <= 127 ? 0x80 : 0);
  case TL__AFF_CONST: return neg ? sm : v;
  default: return v;
  }
}
static inline __attribute__((always_inline)) __m256i tl__sign8(int MODE, __m256i v, __m256i x, __m256i sm) {
  switch (MODE) {
  case TL__AFF_XOR80: return _mm256_xor_si256(v, _mm256_and_si256(x, _mm256_set1_epi8((char)0x80)));
  case TL__AFF_XORSM: return _mm256_xor_si256(v, _mm256_and_si256(_mm256_cmpgt_epi8(_mm256_setzero_si256(), x), sm));
  case TL__AFF_NZ: /* the sign bit kept where v is 1..0x7F by VPSIGNB (zeroed where v is 0; where v >= 0x80, bit 7 already set) */
    return _mm256_or_si256(v, _mm256_sign_epi8(_mm256_and_si256(x, _mm256_set1_epi8((char)0x80)), v));
  case TL__AFF_CONST: return _mm256_blendv_epi8(v, sm, x);
  case TL__SIGN_CONSTFF: return _mm256_or_si256(v, _mm256_cmpgt_epi8(_mm256_setzero_si256(), x));
  case TL__SIGN_CONST00: return _mm256_andnot_si256(_mm256_cmpgt_epi8(_mm256_setzero_si256(), x), v);
  default: return v;
  }
}

/* The loop of a 1-byte -> 1-byte rule over s[0, n) into d (uint8_t *s,
   char *d in scope): the head before streaming stores and the tail from
   table t, 32 codes a step by STEP(x), two a turn */
#define TL__RUN8_1(o, STEP)                                                                                     \
  tl__pf(pf, s + i + (o), 32), tl__st32(d + i + (o), STEP(_mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o)))), nt)
#define TL__RUN8(t, n, STEP)                                                                                     \
  do {                                                                                                          \
    int nt8_;                                                                                                   \
    size_t i = tl__lut_head(t, 1, s, d, n, &nt8_);                                                              \
    TL__NT_PF(nt8_, for (; i + 64 <= n; i += 64) {                                                              \
      TL__RUN8_1(0, STEP);                                                                                      \
      TL__RUN8_1(32, STEP);                                                                                     \
    } for (; i + 32 <= n; i += 32) TL__RUN8_1(0, STEP););                                                       \
    if (nt8_) _mm_sfence();                                                                                     \
    for (; i < n; i++) d[i] = (char)t[s[i]];                                                                    \
  } while (0)
typedef struct {
  int sh;                    /* > 0: left by sh (saturating doublings); < 0: right by -sh, to nearest even */
  int mode;                  /* TL__AFF_*: the sign rule (UNS: an unsigned source, no sign) */
  int w32, t1, nexc;         /* a 32-entry window; the level c1; patched bytes */
  int rh, tu;                /* right shifts round half up (float8_e8m0fnu targets), left shifts
                                wrap; NaN unsigned */
  int nt;                    /* no tail: the cap does its work (c2 128) */
  int bw;                    /* the window by blends (forms 6-8): the formula is not flat below lo */
  unsigned char c, cap, lo, c1, t1v, c2, tailv, sm;
  unsigned char exc[1], exv[1];
  unsigned char win[32];
  int cost;
  int tmax;                  /* every tail code's value before the tail is at most tailv (VPMAXUB puts it in) */
  unsigned char exx;         /* exv[0] XOR the rule's code of exc[0] (VPXOR patches it) */
} tl__aff;

static unsigned tl__aff_adds(unsigned a, unsigned b) { return a + b > 255 ? 255 : a + b; }

/* The formula alone: shift, C, cap. */
static unsigned tl__aff_f(const tl__aff *A, unsigned m) {
  unsigned v = m;
  for (int j = 0; j < A->sh; j++) v = A->rh ? (v + v) & 0xFF : tl__aff_adds(v, v);
  if (A->sh < 0) {
    const int b = -A->sh;
    const unsigned t = tl__aff_adds(m, A->rh ? 1u << (b - 1) : ((m >> b) & 1) + (1u << (b - 1)) - 1);
    v = (t >> b) & (0xFFu >> b);
  }
  v = (v + A->c) & 0xFF;
  return v < A->cap ? v : A->cap;
}

/* Does rule A's kernel take its right shift by one and C in one VPAVGB? (t
   >> 1) + C is avg(t, 2C - 1) = (t + 2C) >> 1 for 1 <= C <= 128: t >> 1 <=
   127, no wrap either way. */
static int tl__aff_avg(const tl__aff *A) { return A->sh == -1 && !A->rh && A->c >= 1 && A->c <= 128; }

/* The code of magnitude m before the tail: the formula, the window, the level c1. */
static unsigned tl__aff_pre(const tl__aff *A, unsigned m) {
  unsigned v = tl__aff_f(A, m);
  const unsigned i = tl__aff_adds(m > A->lo ? m - A->lo : 0, A->w32 ? 0x60 : 0x70);
  if (i < 0x80) v = A->win[i & (A->w32 ? 31 : 15)];
  if (A->t1 && m >= A->c1) v = A->t1v;
  return v;
}
/* The code before the sign: the above and the tail. */
static unsigned tl__aff_v(const tl__aff *A, unsigned x) {
  const unsigned m = A->mode == TL__AFF_UNS ? x : x & 0x7F;
  return m >= A->c2 ? A->tailv : tl__aff_pre(A, m);
}

/* The sign rule, without the patched bytes. */
static unsigned tl__aff_rule(const tl__aff *A, unsigned x) {
  if (A->tu && (x & 0x7F) >= A->c2) return A->tailv;
  return tl__sign8s(A->mode, tl__aff_v(A, x), x, A->sm);
}

static unsigned tl__aff_eval(const tl__aff *A, unsigned x) {
  unsigned r = tl__aff_rule(A, x);
  if (x == A->exc[0]) r = A->exv[0]; /* an unused slot patches a byte to its own entry */
  return r;
}

static int tl__aff_form(const tl__aff *A);
typedef struct tl__affp_ tl__affp;
typedef void (*tl__aff_fn_t)(const tl__affp *, const unsigned char *, const void *, void *, size_t);
static tl__aff_fn_t tl__aff_fn(const tl__aff *A);

/* tl__aff32's forms 6, 7, 8 are forms 0, 2, 3 with the window by blends
   (tl__aff.bw): the form whose parts they do */
static inline int tl__aff_base(int form) { return form == 6 ? 0 : form == 7 ? 2 : form == 8 ? 3 : form; }

/* Is the formula flat below the window (f(m) = f(lo) for m < lo)? Then the
   window is a VPXOR of the formula with lookups of (entry XOR formula) that
   give 0 outside it (tl__aff32), not blends. */
static int tl__aff_flat(const tl__aff *A) {
  for (unsigned m = 0; m < A->lo; m++)
    if (tl__aff_f(A, m) != tl__aff_f(A, A->lo)) return 0;
  return 1;
}

/* Try shift sh and sign rule mode on table t (1-byte entries): 1 and *A if it fits. */
static int tl__aff_try(const unsigned char *t, int sh, int rh, int lev, int mode, tl__aff *A) {
  const unsigned mmax = mode == TL__AFF_UNS ? 255 : 127;
  memset(A, 0, sizeof *A);
  A->sh = sh, A->mode = mode, A->rh = rh;
#define TL__AFF_SAME(a, b) (t[a] == t[b] && (mode == TL__AFF_UNS || t[0x80 | (a)] == t[0x80 | (b)]))
  /* NaN: the largest magnitudes with the entries of mmax, on both signs */
  unsigned c2 = mmax;
  while (c2 > 1 && TL__AFF_SAME(c2 - 1, mmax)) c2--;
  A->c2 = (unsigned char)c2, A->tailv = t[mmax];
  /* the run below it (overflow, inf), used if the formula misses it */
  unsigned c1 = c2 - 1;
  while (c1 > 1 && TL__AFF_SAME(c1 - 1, c2 - 1)) c1--;
#undef TL__AFF_SAME
  if (mode == TL__AFF_XORSM) { /* the sign: the bit a positive entry gains when negated */
    A->sm = (unsigned char)(t[0x80 | (c2 / 2)] ^ t[c2 / 2]);
    if (A->sm == 0 || (A->sm & (A->sm - 1))) return 0;
  } else if (mode == TL__AFF_CONST) {
    A->sm = t[0x80 | (c2 / 2)];
  }
  /* C: the most common difference of entry and shifted code (m >= 16, below the tail) */
  A->cap = 255;
  int cnt[256], bestc = -1;
  memset(cnt, 0, sizeof cnt);
  for (unsigned m = 16; m < c1; m++) {
    const int c = (int)((t[m] - tl__aff_f(A, m)) & 0xFF);
    cnt[c]++;
    if (bestc < 0 || cnt[c] > cnt[bestc]) bestc = c;
  }
  if (bestc < 0) return 0;
  A->c = (unsigned char)bestc;
  unsigned cap = 0;
  for (unsigned m = 0; m < c2; m++) cap = t[m] > cap ? t[m] : cap;
  A->cap = (unsigned char)cap;
  A->t1 = lev; /* the level c1: asked for, or where the formula misses */
  for (unsigned m = c1; m < c2 && !A->t1; m++) A->t1 = tl__aff_f(A, m) != t[m];
  A->c1 = (unsigned char)c1, A->t1v = t[c2 - 1];
  if (A->t1) { /* the cap: the largest entry below the level */
    for (unsigned m = cap = 0; m < c1; m++) cap = t[m] > cap ? t[m] : cap;
    A->cap = (unsigned char)cap;
  }
  /* the window: up to the highest code below the levels the formula gets wrong */
  const unsigned top = A->t1 ? c1 : c2;
  int hi = -1;
  for (unsigned m = 0; m < top; m++)
    if (tl__aff_f(A, m) != t[m]) hi = (int)m;
  unsigned lo = hi > 15 ? (unsigned)hi - 15 : 0, ok = 1;
  for (unsigned m = 0; m < lo && ok; m++) ok = t[m] == t[lo];
  if (!ok) {
    A->w32 = 1, lo = hi > 31 ? (unsigned)hi - 31 : 0;
    for (unsigned m = 0; m < lo; m++)
      if (t[m] != t[lo]) return 0;
  }
  A->lo = (unsigned char)lo;
  for (unsigned j = 0; j < 32; j++) A->win[j] = t[lo + j < mmax ? lo + j : mmax];
  A->bw = !tl__aff_flat(A);
  /* NaN of either sign to one code */
  A->tu = mode != TL__AFF_UNS && t[0x80 | mmax] == t[mmax] && tl__aff_rule(A, 0x80 | mmax) != t[mmax];
  /* at most one byte patched */
  for (unsigned x = 0; x < 256; x++)
    if (tl__aff_rule(A, x) != t[x]) {
      if (A->nexc == 1) return 0;
      A->exc[A->nexc] = (unsigned char)x, A->exv[A->nexc] = t[x], A->nexc++;
    }
  if (A->bw && A->nexc && !A->w32 && !A->t1 && !A->tu) return 0; /* form 1 has no blended window */
  /* an unused slot (the forms that patch do one byte): byte 0 to its own entry */
  if (!A->nexc) A->exc[0] = 0, A->exv[0] = t[0];
  for (unsigned x = 0; x < 256; x++)
    if (tl__aff_eval(A, x) != t[x]) return 0;
  /* the tail's codes given by the cap instead (the largest magnitude's entry
     among them: no NaN in the source's magnitudes, overflow to one code):
     two operations fewer; only in the forms without the window of 32 or the
     level */
  if (mode != TL__AFF_UNS && !A->tu && !A->t1 && !A->w32) {
    tl__aff B = *A;
    B.c2 = 128, B.cap = 0;
    for (unsigned m = 0; m < 128; m++) B.cap = t[m] > B.cap ? t[m] : B.cap;
    unsigned x = 0;
    while (x < 256 && tl__aff_eval(&B, x) == t[x]) x++;
    if (x == 256 && tl__aff_flat(&B)) *A = B, A->nt = 1;
  }
  /* vector operations per 32 codes, roughly (as tl__fold's cost) */
  static const int signops[] = {2, 3, 3, 1, 0}, formops[] = {0, 2, 3, 9, -2, 0};
  A->cost = (sh > 0 ? sh : sh < 0 ? 6 - 3 * rh : 0) + 1 + 1 + 4 + 2 + signops[mode] + formops[tl__aff_base(tl__aff_form(A))] -
            2 * tl__aff_avg(A);
  return 1;
}

/* The cheapest affine rule of table t (uns: an e8m0 source), or 0. */
static int tl__aff_find(const unsigned char *t, int uns, tl__aff *best) {
  int found = 0;
  tl__aff A;
  for (int sh = -4; sh <= 4; sh++)
    for (int rh = 0; rh < 1 + (sh != 0); rh++)
      for (int lev = 0; lev < 2; lev++)
        for (int mode = uns ? TL__AFF_UNS : 0; mode <= (uns ? TL__AFF_UNS : TL__AFF_CONST); mode++)
          if (tl__aff_try(t, sh, rh, lev, mode, &A) && tl__aff_fn(&A) && (!found || A.cost < best->cost))
            *best = A, found = 1;
  return found;
}

struct tl__affp_ {
  tl__aff A;
  __m256i win0, win1;
};

static _Atomic(tl__affp *) tl__affs[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__affp tl__aff_none; /* "looked, none" */
static _Atomic int tl__aff_off;

/* A found rule's derived constants in P: tl__aff32's SL form's (tmax, exx)
   and its window's two lookups. */
static void tl__aff_consts(tl__affp *np) {
  tl__aff *A = &np->A; /* tl__aff32's SL form's constants */
  const unsigned mtop = A->mode == TL__AFF_UNS ? 255 : 127;
  A->tmax = 1;
  for (unsigned m = A->c2; m <= mtop; m++) A->tmax &= tl__aff_pre(A, m) <= A->tailv;
  A->exx = (unsigned char)(A->exv[0] ^ tl__aff_rule(A, A->exc[0]));
  /* the forms that XOR their window (tl__aff32's XW, XW2; not 6-8): entry XOR formula; XW2 of 32
     entries: win0 the lower 16 XOR the upper 16, win1 the upper; of 16 (form 3): win0 0, win1 those;
     the blends': the entries (16: win1 = win0) */
  const int form = tl__aff_form(A), xw = tl__aff_base(form) == form, w32 = A->w32;
  unsigned char wx[48];
  for (unsigned j = 0; j < 32; j++)
    wx[j] = (unsigned char)(A->win[j] ^ (xw ? tl__aff_f(A, A->lo + j < mtop ? A->lo + j : mtop) : 0));
  const unsigned char *w0 = wx, *w1 = w32 ? wx + 16 : wx;
  if ((form == 2 || form == 3) && w32) {
    for (unsigned j = 0; j < 16; j++) wx[j] ^= wx[16 + j];
  } else if (form == 3) {
    memset(wx + 32, 0, 16);
    w0 = wx + 32, w1 = wx;
  }
  np->win0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)w0));
  np->win1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)w1));
}

/* The affine rule of pair (from, to, sat), or NULL: float8 sources into 1 byte. */
static const tl__affp *tl__aff_get(tl_dtype from, tl_dtype to, int sat) {
  tl__affp *P = atomic_load_explicit(&tl__affs[from][to][sat], memory_order_acquire);
  if (P) return P == &tl__aff_none ? NULL : P;
  const int src = tl__fold_src(from);
  const unsigned char *t = src < 0 || from == TL_INT8 || from == TL_FLOAT4_E2M1FN_X2 || tl__info(to)->itemsize != 1
                               ? NULL
                               : tl__table8(from, to, sat);
  tl__affp *np = &tl__aff_none;
  if (t) {
    np = aligned_alloc(32, sizeof *np);
    if (!np) return NULL;
    memset(np, 0, sizeof *np);
    if (tl__aff_find(t, src == TL__FOLD_UNS, &np->A)) {
      tl__aff_consts(np);
    } else {
      free(np), np = &tl__aff_none;
    }
  }
  return TL__PUBLISH(tl__affs[from][to][sat], np, &tl__aff_none);
}

/* Tests and benchmarks: turn the affine rules off (folds or the 8-bit lookup
   then serve those pairs) or back on; returns the previous setting. */
int tl__avx2_aff_disable(int off) { return atomic_exchange(&tl__aff_off, off != 0); }

/* For the tests: the pair's affine rule's shift + 16 (0: none). */
int tl__avx2_aff_shift(tl_dtype from, tl_dtype to, int sat) {
  const tl__affp *P = tl__aff_get(from, to, sat != 0);
  return P ? P->A.sh + 16 : 0;
}
/* For the tests: its form + 1 (tl__aff32's FORM), plus 16 if it takes VPAVGB (tl__aff_avg); 0: none. */
int tl__avx2_aff_kind(tl_dtype from, tl_dtype to, int sat) {
  const tl__affp *P = tl__aff_get(from, to, sat != 0);
  return P ? tl__aff_form(&P->A) + 1 + 16 * tl__aff_avg(&P->A) : 0;
}

typedef struct {
  __m256i win0, win1, wb, c, cap, lo, c1m, t1v, c2m, tailv, tum, sm, exc0, exv0, exx;
} tl__affk;

/* m >= c (cm: c - 1 for the signed compare of magnitudes below 128, else c) */
static inline __attribute__((always_inline)) __m256i tl__aff_ge(__m256i m, __m256i cm, int MODE) {
  return MODE == TL__AFF_UNS ? _mm256_cmpeq_epi8(_mm256_max_epu8(m, cm), m) : _mm256_cmpgt_epi8(m, cm);
}

/* 32 codes x by rule K, all compile-time but the constants: SH the shift, RH
   its rounding (right) or wrapping (left), MODE the sign rule, FORM the
   optional parts done: 0 none, 1 the patched byte, 2 the 32-entry
   window, 3 those and the level c1 and NaN unsigned, 4 and 5: 0 and 1
   without the tail (tl__aff.nt: the cap gives its codes) (neutral constants
   where a rule has no use for a part: c1 = c2, tum = 0, patches of bytes
   to their own entries). No branches in the loop: they cost more than the
   operations (each part about 2-4 of 13-24). The window: where the formula
   is flat below it (tl__aff_flat), VPXOR with lookups of entry XOR formula,
   which give 0 past the window (forms 0-5); else (6, 7, 8: forms 0, 2, 3)
   blends of the entries' lookups with the formula. As many operations
   either way, but VPBLENDVB runs one a cycle on the Intel Xeon measured
   (VPXOR three; on AMD's Zen 3 a blend is one operation): AVX2 there, 32 KiB, in
   alternation: float8_e4m3fn -> float8_e4m3fnuz 52 -> 58 GB/s,
   float8_e5m2fnuz -> float8_e4m3fn 45 -> 51, float8_e4m3fn -> uint4 (32
   entries) 30 -> 38, float8_e3m4 -> float4_e2m1fn 24 -> 28,
   float8_e4m3b11fnuz -> float6_e2m3fn (form 3) 19.6 -> 22.2. */
/* SL (where blends are slow: tl__cpu_blend_slow, and only in forms 0, 1 and
   5): the tail by VPMAXUB with its code where the compare holds (tl__aff.tmax:
   every tail code's value is at most it), the patched byte by VPXOR with
   tl__aff.exx where its compare holds; on Intel three operations against a
   compare and VPBLENDVB's three (on AMD's Zen a blend is one): AVX2 on an
   Intel Xeon, 32 KiB, x memcpy, in alternation: float8_e5m2 -> float8_e4m3
   (form 0) 0.48 -> 0.51, -> float6_e3m2fn 0.49 -> 0.53, float8_e5m2fnuz ->
   float8_e4m3 (form 5) 0.49 -> 0.53 */
/* The parts tl__aff32's FORM runs (of its base form, tl__aff_base): BW the
   window by blends (forms 6-8), W the 32-entry window, E the patched byte,
   FULL the level and NaN unsigned, NT no tail (the cap gives it). One
   statement for the kernel and its cost (tl__aff_cost). */
typedef struct {
  int BW, W, E, FULL, NT;
} tl__aff_parts_t;
static inline __attribute__((always_inline)) tl__aff_parts_t tl__aff_parts(int FORM) {
  const int F = tl__aff_base(FORM);
  const tl__aff_parts_t P = {FORM != F, F == 2 || F == 3, F == 1 || F == 3 || F == 5, F == 3, F >= 4};
  return P;
}
static inline __attribute__((always_inline)) __m256i tl__aff32(__m256i x, int SH, int RH, int MODE, int FORM, int SL,
                                                               const tl__affk *K) {
  const tl__aff_parts_t P = tl__aff_parts(FORM);
  const int BW = P.BW, W = P.W, E = P.E, FULL = P.FULL, NT = P.NT, XW = !W && !BW, XW2 = W && !BW;
  const __m256i m = MODE == TL__AFF_UNS ? x : _mm256_and_si256(x, _mm256_set1_epi8(0x7F));
  __m256i v = m;
  for (int j = 0; j < SH; j++) v = RH ? _mm256_add_epi8(v, v) : _mm256_adds_epu8(v, v);
  if (SH < 0) {
    const int b = -SH;
    __m256i t;
    if (RH == 2) { /* b = 1, C in [1, 128] as 2C - 1 (tl__aff_avg) */
      t = _mm256_adds_epu8(m, _mm256_and_si256(_mm256_srli_epi16(m, 1), _mm256_set1_epi8(1)));
    } else if (RH) {
      t = _mm256_adds_epu8(m, _mm256_set1_epi8((char)(1 << (b - 1))));
    } else {
      t = _mm256_adds_epu8(m, _mm256_and_si256(_mm256_srli_epi16(m, b), _mm256_set1_epi8(1)));
      if (b > 1) t = _mm256_adds_epu8(t, _mm256_set1_epi8((char)((1 << (b - 1)) - 1)));
    }
    v = RH == 2 ? _mm256_avg_epu8(t, K->c) : _mm256_and_si256(_mm256_srli_epi16(t, b), _mm256_set1_epi8((char)(0xFF >> b)));
  }
  v = _mm256_min_epu8(SH < 0 && RH == 2 ? v : _mm256_add_epi8(v, K->c), K->cap);
  const __m256i i = _mm256_adds_epu8(_mm256_subs_epu8(m, K->lo), K->wb);
  if (XW) {
    v = _mm256_xor_si256(v, _mm256_shuffle_epi8(K->win0, i)); /* win0: entry XOR formula (tl__aff_get) */
  } else if (XW2) { /* 32 entries: win1 (the upper 16) read at i, win0 XOR win1 at i + 16 (0 from the upper 16
                       on); 16 (form 3): win1 at i, win0 0 */
    v = _mm256_xor_si256(v, _mm256_xor_si256(_mm256_shuffle_epi8(K->win1, i),
                                             _mm256_shuffle_epi8(K->win0, _mm256_adds_epu8(i, _mm256_set1_epi8(16)))));
  } else {
    __m256i w = _mm256_shuffle_epi8(K->win0, i);
    if (W) w = _mm256_blendv_epi8(w, _mm256_shuffle_epi8(K->win1, i), _mm256_slli_epi16(i, 3));
    v = _mm256_blendv_epi8(w, v, i);
  }
  if (FULL) v = _mm256_blendv_epi8(v, K->t1v, tl__aff_ge(m, K->c1m, MODE));
  const __m256i tm = NT ? _mm256_setzero_si256() : tl__aff_ge(m, K->c2m, MODE);
  if (!NT) v = SL ? _mm256_max_epu8(v, _mm256_and_si256(tm, K->tailv)) : _mm256_blendv_epi8(v, K->tailv, tm);
  v = tl__sign8(MODE, v, x, K->sm);
  if (FULL) v = _mm256_blendv_epi8(v, K->tailv, _mm256_and_si256(tm, K->tum));
  if (E) {
    const __m256i q = _mm256_cmpeq_epi8(x, K->exc0);
    v = SL ? _mm256_xor_si256(v, _mm256_and_si256(q, K->exx)) : _mm256_blendv_epi8(v, K->exv0, q);
  }
  return v;
}

/* tl__aff32's form for rule A */
static int tl__aff_form(const tl__aff *A) {
  if (A->t1 || A->tu || (A->w32 && A->nexc)) return A->bw ? 8 : 3;
  return A->w32 ? (A->bw ? 7 : 2) : A->bw ? 6 : (A->nexc ? 1 : 0) + 4 * A->nt;
}

/* rule P's constants for tl__aff32 (read before a loop: stores through d could alias *P) */
static inline __attribute__((always_inline)) void tl__aff_k(const tl__affp *P, int MODE, tl__affk *K) {
  const tl__aff *A = &P->A;
  const int uns = MODE == TL__AFF_UNS;
  K->win0 = P->win0, K->win1 = P->win1, K->wb = _mm256_set1_epi8(A->w32 ? 0x60 : 0x70);
  K->c = _mm256_set1_epi8((char)(tl__aff_avg(A) ? 2 * A->c - 1 : A->c)), K->cap = _mm256_set1_epi8((char)A->cap);
  K->lo = _mm256_set1_epi8((char)A->lo);
  K->c1m = _mm256_set1_epi8((char)((A->t1 ? A->c1 : A->c2) - !uns));
  K->t1v = _mm256_set1_epi8((char)(A->t1 ? A->t1v : A->tailv));
  K->c2m = _mm256_set1_epi8((char)(A->c2 - !uns)), K->tailv = _mm256_set1_epi8((char)A->tailv);
  K->tum = _mm256_set1_epi8((char)(A->tu ? -1 : 0)), K->sm = _mm256_set1_epi8((char)A->sm);
  K->exc0 = _mm256_set1_epi8((char)A->exc[0]), K->exv0 = _mm256_set1_epi8((char)A->exv[0]);
  K->exx = _mm256_set1_epi8((char)A->exx);
}

static inline __attribute__((always_inline)) void tl__aff_run(const tl__affp *P, const unsigned char *t, int SH,
                                                              int RH, int MODE, int FORM, int SL, const uint8_t *s,
                                                              char *d, size_t n) {
  tl__affk K;
  tl__aff_k(P, MODE, &K);
#define TL__AFF_STEP(x) tl__aff32(x, SH, RH, MODE, FORM, SL, &K)
  TL__RUN8(t, n, TL__AFF_STEP);
#undef TL__AFF_STEP
}

/* Does rule A run tl__aff32's SL form where blends are slow? */
static int tl__aff_sl(const tl__aff *A) {
  const int form = tl__aff_form(A);
  return tl__cpu_blend_slow && (form == 5 || ((form == 0 || form == 1) && A->tmax));
}
/* Rule A's cost (tl__aff.cost) where the routes compete (tl__route_find).
   tl__aff.cost counts a VPBLENDVB as one operation; where blends are slow
   (tl__cpu_blend_slow: three on Intel) this adds two for each blend
   tl__aff32 runs in A's form (the blended window, the level, the tail
   without SL, the patched byte without SL, TL__AFF_CONST's sign). On an
   Intel Xeon, AVX2, 32 KiB, each affine rule against the route that runs
   with the affine rules off (best of 9 x 300 calls): the form with the
   level and patched byte (four blends) lost to the fold, float8_e4m3b11fnuz
   -> float6_e2m3fn 2538 -> 2065 ns, and float8_e4m3fnuz -> uint4 (a 32-entry
   window, one blend) to the row sums, 1523 -> 1359 ns. The row sums' own
   blends stay counted as before: priced the same way they sent
   float8_e4m3b11fnuz -> uint5-uint8 to the range clamp, 1600 -> 2300 ns. */
static int tl__aff_cost(const tl__aff *A) {
  if (!tl__cpu_blend_slow) return A->cost;
  const tl__aff_parts_t P = tl__aff_parts(tl__aff_form(A));
  const int SL = tl__aff_sl(A); /* as tl__aff32 takes its VPBLENDVBs, part by part */
  const int blends = (P.BW ? 1 + P.W : 0) + 2 * P.FULL + (!P.NT && !SL) + (P.E && !SL) + (A->mode == TL__AFF_CONST);
  return A->cost + 2 * blends;
}
/* For the tests: does pair (from, to, sat)'s affine rule run its SL form here (tl__cpu_blend_slow as it is now)? */
int tl__avx2_aff_sl(tl_dtype from, tl_dtype to, int sat) {
  const tl__affp *P = (int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE
                          ? NULL
                          : tl__aff_get(from, to, sat != 0);
  return P ? tl__aff_sl(&P->A) : 0;
}
/* one function per (shift and rounding, sign rule, form); the shift codes:
   0, left 1..2 saturating, left 2..4 wrapping, right 1..3 to nearest even,
   right 2..4 half up (no float8 pair's rule needs the others: the search
   skips them); forms 0, 1 and 5 with their SL loop too */
#define TL__AFFFN(SHN, SH, RH, M, F)                                                                            \
  static __attribute__((noinline)) void tl__aff_##SHN##_##M##F(const tl__affp *P, const unsigned char *t,       \
                                                               const void *src, void *dst, size_t n) {         \
    if ((F == 0 || F == 1 || F == 5) && tl__aff_sl(&P->A)) tl__aff_run(P, t, SH, RH, M, F, 1, src, dst, n);     \
    else tl__aff_run(P, t, SH, RH, M, F, 0, src, dst, n);                                                      \
  }
#define TL__AFFFNM(SHN, SH, RH, F)                                                                              \
  TL__AFFFN(SHN, SH, RH, 0, F) TL__AFFFN(SHN, SH, RH, 1, F) TL__AFFFN(SHN, SH, RH, 2, F)                       \
  TL__AFFFN(SHN, SH, RH, 3, F) TL__AFFFN(SHN, SH, RH, 4, F)
#define TL__AFFFNS(SHN, SH, RH)                                                                                 \
  TL__AFFFNM(SHN, SH, RH, 0) TL__AFFFNM(SHN, SH, RH, 1) TL__AFFFNM(SHN, SH, RH, 2) TL__AFFFNM(SHN, SH, RH, 3)     \
  TL__AFFFNM(SHN, SH, RH, 4) TL__AFFFNM(SHN, SH, RH, 5) TL__AFFFNM(SHN, SH, RH, 6) TL__AFFFNM(SHN, SH, RH, 7) \
  TL__AFFFNM(SHN, SH, RH, 8)
TL__AFFFNS(z, 0, 0)
TL__AFFFNS(l1, 1, 0) TL__AFFFNS(l2, 2, 0)
TL__AFFFNS(w2, 2, 1) TL__AFFFNS(w3, 3, 1) TL__AFFFNS(w4, 4, 1)
TL__AFFFNS(r1, -1, 0) TL__AFFFNS(r2, -2, 0) TL__AFFFNS(r3, -3, 0)
TL__AFFFNS(h2, -2, 1) TL__AFFFNS(h3, -3, 1) TL__AFFFNS(h4, -4, 1)
TL__AFFFNS(a1, -1, 2)
#undef TL__AFFFNS
#undef TL__AFFFNM
#undef TL__AFFFN

/* The function of rule A, or NULL if its shift has none. */
static tl__aff_fn_t tl__aff_fn(const tl__aff *A) {
#define TL__AFFM(SHN, F) {tl__aff_##SHN##_0##F, tl__aff_##SHN##_1##F, tl__aff_##SHN##_2##F, tl__aff_##SHN##_3##F, tl__aff_##SHN##_4##F}
#define TL__AFFROW(SHN) {TL__AFFM(SHN, 0), TL__AFFM(SHN, 1), TL__AFFM(SHN, 2), TL__AFFM(SHN, 3), TL__AFFM(SHN, 4), \
                         TL__AFFM(SHN, 5), TL__AFFM(SHN, 6), TL__AFFM(SHN, 7), \
                         TL__AFFM(SHN, 8)}
#define TL__AFFNONE {{NULL}}
  /* rows: the shift codes 0, left 1..4 saturating, left 1..4 wrapping, right 1..4 even, right 1..4 half
     up, right 1 even by VPAVGB (tl__aff_avg) */
  static const tl__aff_fn_t fns[18][9][5] = {
      TL__AFFROW(z),  TL__AFFROW(l1), TL__AFFROW(l2), TL__AFFNONE,    TL__AFFNONE,    TL__AFFNONE,
      TL__AFFROW(w2), TL__AFFROW(w3), TL__AFFROW(w4), TL__AFFROW(r1), TL__AFFROW(r2), TL__AFFROW(r3),
      TL__AFFNONE,    TL__AFFNONE,    TL__AFFROW(h2), TL__AFFROW(h3), TL__AFFROW(h4), TL__AFFROW(a1)};
#undef TL__AFFNONE
#undef TL__AFFROW
#undef TL__AFFM
  const int sh = A->sh, rh = sh != 0 && A->rh;
  if (sh < -4 || sh > 4) return NULL;
  const int code = tl__aff_avg(A) ? 17 : sh == 0 ? 0 : sh > 0 ? sh + 4 * rh : 8 - sh + 4 * rh;
  return fns[code][tl__aff_form(A)][A->mode];
}

/* Does pair (from, to, sat), whose lookup is L, run by its affine rule?
   Measured against the folds in alternation (AVX2, 32 KiB, GB/s, medians
   over the pairs): a rule without optional parts runs 34-58, with the
   patched bytes or the 32-entry window 31-43, with all parts 21-27; float8
   folds of 5 index bits 25-28 where those rules exist; float8_e8m0fnu's
   folds (no sign) ~71 at 4 bits, 45-54 at 5. So: a rule in the first three
   forms before a float8 fold, a full one before a float8 fold of 6 or more
   bits (at 5 they tie); before an e8m0 fold, a plain rule over 5 or more
   bits only, and where blends are slow (tl__cpu_blend_slow) not one whose
   window is blended (form 6): on an Intel Xeon (AVX-512 FP16 class), AVX2,
   32 KiB, x memcpy, best of 7 in alternation, float8_e8m0fnu ->
   float8_e4m3fn / e4m3fnuz / e4m3b11fnuz 0.41-0.42 by the rule, 0.80 by the
   5-bit fold; -> float8_e5m2fnuz 0.45 against 0.48 at 6 bits. */
static const tl__affp *tl__aff_use(tl_dtype from, tl_dtype to, int sat, const tl__lutp *L) {
  if (L->k != 8 || tl__info(to)->itemsize != 1 || atomic_load_explicit(&tl__aff_off, memory_order_relaxed)) return NULL;
  const tl__affp *P = tl__aff_get(from, to, sat != 0);
  if (!P) return NULL;
  const tl__foldp *F = atomic_load_explicit(&tl__fold_off, memory_order_relaxed) ? NULL : tl__fold_get(from, to, sat != 0);
  if (!F) return P;
  const int form = tl__aff_form(&P->A);
  if (F->F.src == TL__FOLD_UNS) return (form == 0 || (form == 6 && !tl__cpu_blend_slow)) && F->F.k >= 5 ? P : NULL;
  return tl__aff_base(form) != 3 || F->F.k >= 6 ? P : NULL;
}

/* ---- float8 -> 1-byte types as the sum of two nibble lookups ("row sums") --
 * On the magnitude m = x & 0x7F of a float8 code (hi = m >> 4, lo = m & 15)
 * a conversion between small formats is mostly the sum of a row's base and
 * the position within a row: exponent re-bias and mantissa rounding both add
 * (a carry of the rounding into the exponent is just more of the sum). So
 *   v = min(adds(L[lo], H[hi]), cap)            (unsigned saturating add)
 * by two VPSHUFB, where a row whose result saturates (overflow, NaN: H[hi] =
 * 255 and the cap the overflow code) comes out of the same operations, and
 * the rows the sum gets wrong (subnormal codes at either end, inf/NaN among
 * finite ones) are mended by up to five corrections, each added (mod 256)
 * for one range of rows: a prefix (rows <= q) or a suffix (rows >= q), by
 * one VPSHUFB of D[j] indexed by m + A[j], whose bit 7 is set outside the
 * range (A = 16(7 - q) for a prefix, -16q for a suffix). Then the sign by
 * the affine rules' XOR80 / XORSM / NZ / CONST and at most one byte patched
 * (a fnuz source's NaN, 0x80). 8-20 operations per 32 codes against the
 * affine rules' full form ~24 and the folds' 7-bit ~28. A rule is taken
 * only if tl__ns_eval, the same byte operations in scalar code, gives the
 * pair's table entry for all 256 codes. AVX2 on Zen 4, 32 KiB, x memcpy, in
 * alternation, against the route before: float8_e3m4 -> float8_e4m3 0.30 ->
 * 0.53, -> float8_e5m2 0.26 -> 0.53, -> float6_e3m2fn 0.26 -> 0.61, ->
 * float8_e5m2fnuz 0.36 -> 0.50, float8_e4m3 -> float8_e5m2 0.30 -> 0.53,
 * float8_e4m3fnuz -> float8_e3m4 0.20 -> 0.37, float8_e4m3b11fnuz ->
 * float8_e4m3fnuz 0.31 -> 0.40, float8_e5m2fnuz -> uint8 0.35 -> 0.55.
 * Up to five corrections (three before): the pairs into float8_e3m4 from
 * the formats with 4 exponent bits or more, and into uint8 from
 * float8_e3m4/e4m3/e4m3fn/e4m3fnuz, need four or five and ran by a 7-bit
 * fold (19-23 operations against its 26-28): float8_e4m3 -> float8_e3m4
 * 0.23 -> 0.31 (64 MiB, one thread: 1.02 -> 1.18), float8_e4m3b11fnuz ->
 * float8_e3m4 0.20 -> 0.31 (0.90 -> 1.14), float8_e3m4 -> uint8 0.23 ->
 * 0.35 (1.08 -> 1.27), float8_e4m3fnuz -> uint8 0.29 -> 0.38, float8_e3m4
 * -> float6_e2m3fn 0.27 -> 0.34, float8_e4m3 -> uint8 0.29 -> 0.34.
 * Into int8 and the narrower signed integers, the sign rule TL__NS_NEG on a
 * magnitude (capped at the largest positive value for a positive code,
 * negated modulo the type's width for a negative one: min, sub, and, blend):
 * float8_e3m4 -> int8 0.19 -> 0.30, -> int4 0.26 -> 0.32, float8_e4m3fnuz
 * -> int8 0.29 -> 0.31 (the others keep their folds or range clamps).
 * The rows may also be of 8 magnitudes (rs = 3: H indexed by m >> 3, the
 * exponent field of the e4m3 formats, 16 rows; L still by m & 15, so even
 * and odd rows read its two halves; the corrections still by blocks of 16),
 * taken where that needs fewer corrections: a row per exponent lets an
 * inf/NaN row saturate into the cap and a subnormal row stand alone. The
 * shift is the rule's, by VPSRLW with a count register (no slower than the
 * immediate: float8_e3m4 -> float8_e4m3, rows of 16 either way, 0.624 /
 * 0.623). AVX2 on Zen 4, 32 KiB, x memcpy, medians of 3 in alternation:
 * float8_e4m3 -> float8_e5m2fnuz 0.457 -> 0.557 (one correction for two),
 * float8_e4m3b11fnuz -> uint8 0.455 -> 0.548, -> int8 0.390 -> 0.436,
 * float8_e3m4 -> uint8 0.381 -> 0.462, -> int8 0.324 -> 0.375,
 * float8_e4m3 -> uint8 0.337 -> 0.372.
 * A magnitude may be patched before the sign rule (TL__NS_EXCM: one
 * compare and blend for a correction's three, both signs' codes at once),
 * its row fitted from its first magnitude: float8_e4m3fn's NaN 0x7F, the
 * one code of its row 0x78-0x7F that breaks the sum (float8_e4m3fn ->
 * float8_e5m2fnuz 0.484 -> 0.533, float8_e3m4 -> int4 0.375 -> 0.388, ->
 * float6_e2m3fn 0.337 -> 0.350; AVX2 on Zen 4, 32 KiB, x memcpy, medians of
 * 3 in alternation). Candidates are ranked by the operations they run, two
 * fewer for TL__NS_XORH's, then by cost; the cost the routes compare stays
 * the rule's without that saving, as before. */
#define TL__NS_MAXC 5
/* the costs, in tl__ns.cost's units, taken for a fold (its cost leaves out
   the load, mask and sign operations, and its blends, the tree's 2^(k-4) - 1
   and one per patched byte, count twice: against row sums of 22 a 7-bit
   fold of cost 19 ran 1.19-1.25x slower, 6-bit folds of 16-18 (one or two
   patched bytes) 1.06-1.21x slower than row sums of 22-25, 6-bit folds of
   13 and 15 as fast as row sums of 16 and 19) and for the 8-bit lookup */
#define TL__NS_FOLD_BASE 1
#define TL__NS_LUT_COST 35
/* the row sums' sign rule for an integer destination (int8, int4, int2, ...):
   a magnitude v, capped at sm (the largest positive value) for a positive
   code, negated modulo the type's width (the mask nm) for a negative one:
   -v and a cap of 128 give int8's -128, 127 for +128. The affine rules' other
   modes (tl__sign8) are the rest; the row sums never take TL__AFF_UNS. */
#define TL__NS_NEG 5
/* TL__AFF_XOR80 with the sign in the row's lookup (tl__ns32), for a rule
   with no cap whose sums never reach 256 (tl__ns.sgh): an XOR of bit 7 is
   an add of 0x80 mod 256, so rows 8-15 of H (indexed by the code's high
   nibble, sign included) are rows 0-7 plus 0x80 and the sum wraps instead
   of saturating; two operations fewer (20 of the 119 row-sum pairs. AVX2 on
   an Intel Xeon, 32 KiB, x memcpy, in alternation: float8_e3m4 ->
   float8_e4m3 0.50 -> 0.55-0.56, float8_e4m3/e4m3fn/e4m3fnuz ->
   float8_e5m2 0.49-0.52 -> 0.55-0.56, float8_e4m3b11fnuz -> float8_e4m3
   0.35-0.36 -> 0.39-0.40) */
#define TL__NS_XORH 6
/* tl__ns.nexc: 1, the byte exc (the whole code) made exv after the sign
   rule; TL__NS_EXCM, the magnitude exc made exv before it (both signs' codes
   by one compare and blend, a correction's three operations saved: float8_e4m3fn
   -> float8_e5m2fnuz, whose NaN magnitude 0x7F alone breaks row 15) */
#define TL__NS_EXCM 2
typedef struct {
  int nc, capon, mode, nexc, cost;
  int sgh; /* XOR80 as TL__NS_XORH */
  int rs;  /* the rows: magnitudes m >> rs (4: 8 rows of 16; 3: 16 rows of 8) */
  unsigned char cap, sm, nm, exc, exv;
  unsigned char L[16], H[16], A[TL__NS_MAXC], D[TL__NS_MAXC][16];
} tl__ns;

/* v before the sign: the sum, the cap, the corrections */
static unsigned tl__ns_v(const tl__ns *R, unsigned m) {
  unsigned v = tl__aff_adds(R->L[m & 15], R->H[m >> R->rs]);
  if (R->capon && v > R->cap) v = R->cap;
  for (int j = 0; j < R->nc; j++) {
    const unsigned i = (m + R->A[j]) & 0xFF;
    if (i < 128) v = (v + R->D[j][i & 15]) & 0xFF;
  }
  return v;
}

static unsigned tl__ns_eval(const tl__ns *R, unsigned x) {
  if (R->nexc == 1 && x == R->exc) return R->exv;
  unsigned v = tl__ns_v(R, x & 0x7F);
  if (R->nexc == TL__NS_EXCM && (x & 0x7F) == R->exc) v = R->exv;
  if (R->mode == TL__NS_NEG) return x < 128 ? (v < R->sm ? v : R->sm) : (0u - v) & R->nm;
  return tl__sign8s(R->mode, v, x, R->sm);
}

/* Rows (of 16 magnitudes) whose residual r (the table less the sum) is not
   zero, mended by corrections: rows below k by prefixes, the rest by
   suffixes, a correction wherever the residual changes. Returns how many,
   filling R->A/D if R is given and they fit. */
static int tl__ns_corr(tl__ns *R, unsigned char res[8][16], int k) {
  static const unsigned char zero[16];
  int nc = 0;
  for (int q = 0; q < 8; q++) {
    const unsigned char *nb = q < k ? (q + 1 < k ? res[q + 1] : zero) : (q - 1 >= k ? res[q - 1] : zero);
    if (!memcmp(res[q], nb, 16)) continue;
    if (R && nc < TL__NS_MAXC) {
      R->A[nc] = (unsigned char)(q < k ? 16 * (7 - q) : (256 - 16 * q) & 0xFF);
      for (int l = 0; l < 16; l++) R->D[nc][l] = (unsigned char)(res[q][l] - nb[l]);
    }
    nc++;
  }
  return nc;
}

/* NEG's magnitudes of table t into v, its cap and mask into *sm, *nm: the
   negative entries negated modulo the narrowest mask (0x01, 0x03, .., 0xFF)
   that holds them all and under which every positive entry is its magnitude
   capped (byte 0x80 left out: a fnuz source's NaN, patched). 0: no mask
   fits. */
static int tl__ns_negmag(const unsigned char *t, unsigned char v[128], unsigned char *sm, unsigned char *nm) {
  unsigned top = 0; /* the largest positive entry: the cap */
  for (int m = 0; m < 128; m++) top = t[m] > top ? t[m] : top;
  for (unsigned mask = 0x01; mask <= 0xFF; mask = mask << 1 | 1) {
    int ok = top <= (mask >> 1) || mask == 0x01;
    for (int m = 0; m < 128 && ok; m++) {
      v[m] = (unsigned char)((0u - t[0x80 | m]) & mask);
      if (m == 0) v[0] = t[0]; /* +0 and -0 alike, or -0 the patched byte */
      ok = (v[m] < top ? v[m] : top) == t[m] && (m == 0 || t[0x80 | m] <= mask);
    }
    if (ok) {
      *sm = (unsigned char)top, *nm = (unsigned char)mask;
      return 1;
    }
  }
  return 0;
}

/* Whether rule R can take its sign in the rows' lookup (TL__NS_XORH): XOR80
   with no cap, rows of 16, no magnitude patched, no row sum past 255 */
static int tl__ns_xorh_ok(const tl__ns *R) {
  int ok = R->mode == TL__AFF_XOR80 && !R->capon && R->rs == 4 && R->nexc != TL__NS_EXCM;
  for (int m = 0; m < 128 && ok; m++) ok = R->L[m & 15] + R->H[m >> 4] <= 255;
  return ok;
}
/* a rule's operations as run: two fewer with TL__NS_XORH (its cost, which
   the routes compare, leaves that out as it did before) */
static int tl__ns_rank(const tl__ns *R) { return R->cost - 2 * tl__ns_xorh_ok(R); }
/* C before B: fewer operations as run, then the lower cost */
static int tl__ns_better(const tl__ns *C, const tl__ns *B) {
  const int c = tl__ns_rank(C), b = tl__ns_rank(B);
  return c < b || (c == b && C->cost < B->cost);
}

/* The cheapest row-sum rule of table t (1-byte entries, a signed float8
   source), or 0. */
static int tl__ns_find(const unsigned char *t, tl__ns *best) {
  static const int signops[] = {2, 3, 3, 1, 0, 4}; /* by mode (NZ: and, VPSIGNB, or); TL__NS_NEG: min, sub, and, blend */
  int found = 0;
  static const int modes[] = {TL__AFF_XOR80, TL__AFF_XORSM, TL__AFF_NZ, TL__AFF_CONST, TL__NS_NEG};
  for (int mi = 0; mi < 5; mi++) {
    const int mode = modes[mi];
    tl__ns R;
    memset(&R, 0, sizeof R);
    R.mode = mode;
    unsigned char mt[128]; /* the magnitudes' table: the positive entries, or NEG's */
    memcpy(mt, t, sizeof mt);
    if (mode == TL__AFF_XORSM) { /* the bit a positive entry gains when negated */
      R.sm = (unsigned char)(t[0x80 | 0x10] ^ t[0x10]);
      if (R.sm == 0 || (R.sm & (R.sm - 1))) continue;
    } else if (mode == TL__AFF_CONST) {
      R.sm = t[0x80 | 0x10];
    } else if (mode == TL__NS_NEG && !tl__ns_negmag(t, mt, &R.sm, &R.nm)) {
      continue;
    }
    unsigned char iscap[256] = {0}; /* the caps tried: the magnitudes */
    for (int m = 0; m < 128; m++) iscap[mt[m]] = 1;
    for (int rs = 4; rs >= 3; rs--)
    for (int rho = 0; rho < 8; rho++) {
      unsigned char lmin = 255;
      for (int l = 0; l < 16; l++) lmin = mt[16 * rho + l] < lmin ? mt[16 * rho + l] : lmin;
      for (int l = 0; l < 16; l++) R.L[l] = (unsigned char)(mt[16 * rho + l] - lmin);
      for (int capv = -1; capv < 256; capv++) {
        if (capv >= 0 && !iscap[capv]) continue;
        R.capon = capv >= 0, R.cap = (unsigned char)(capv >= 0 ? capv : 255), R.nc = 0, R.rs = rs;
        const int rw = 1 << rs; /* a row's magnitudes */
        unsigned char Hs[16]; /* a row that nothing fits: its first magnitude's fit (for a patched magnitude) */
        for (int r = 0; r < 128 / rw; r++) { /* H[r]: one that fits the row (from its ends, or saturating), else 0 */
          int h = -1;
          Hs[r] = (unsigned char)((mt[rw * r] - R.L[(rw * r) & 15]) & 0xFF);
          for (int c = 0; c < 3 && h < 0; c++) {
            const int m0 = rw * r + (rw - 1) * c;
            const int hc = c < 2 ? (mt[m0] - R.L[m0 & 15]) & 0xFF : 255;
            int ok = 1;
            for (int l = 0; l < rw && ok; l++) {
              unsigned v = tl__aff_adds(R.L[(rw * r + l) & 15], (unsigned)hc);
              ok = (R.capon && v > R.cap ? R.cap : v) == mt[rw * r + l];
            }
            if (ok) h = hc;
          }
          R.H[r] = (unsigned char)(h < 0 ? 0 : h);
          if (h >= 0) Hs[r] = (unsigned char)h;
        }
        const tl__ns R0 = R;
        /* as they are, or with the first or the last magnitude that has a residual patched
           (TL__NS_EXCM: both signs' codes, before the sign rule; float8_e4m3fn's NaN, 0x7F),
           where nothing fits a row also with H its first magnitude's fit (hs); a variant that
           cannot beat the best so far even with no correction is skipped unmeasured, and the
           patched ones where the rule as it is needs none */
        int nc0 = -1;
        for (int var = 0; var < 5; var++) {
          const int pm = var == 0 ? -1 : (var - 1) & 1, hs = var >= 3;
          if (var > 0 && nc0 == 0) break;
          if (found) { /* the least a variant can cost: no correction, the rows' sign if it may */
            const int lbc = 6 + R0.capon + signops[mode] + (pm >= 0 ? 2 : 0);
            const int lbr = lbc - 2 * (mode == TL__AFF_XOR80 && !R0.capon && rs == 4 && pm < 0), br = tl__ns_rank(best);
            if (lbr > br || (lbr == br && lbc >= best->cost)) continue;
          }
          R = R0;
          if (hs) memcpy(R.H, Hs, (size_t)(128 / rw));
          if (hs && !memcmp(R.H, R0.H, (size_t)(128 / rw))) continue; /* every row fits: as var 1, 2 */
          unsigned char res[8][16]; /* the residuals by blocks of 16 magnitudes, which the corrections mend */
          for (int m = 0; m < 128; m++) {
            unsigned v = tl__aff_adds(R.L[m & 15], R.H[m >> rs]);
            res[m >> 4][m & 15] = (unsigned char)(mt[m] - (R.capon && v > R.cap ? R.cap : v));
          }
          int ms = -1;
          for (int m = 0; m < 128 && pm >= 0; m++)
            if (res[m >> 4][m & 15]) {
              ms = m;
              if (pm == 0) break;
            }
          if (pm >= 0 && ms < 0) continue;
          unsigned char rp[8][16];
          memcpy(rp, res, sizeof rp);
          if (ms >= 0) rp[ms >> 4][ms & 15] = 0;
          int bk = 0, bn = 99; /* the split with the fewest corrections (H[8..15]: 0 from the memset) */
          for (int k = 0; k <= 8; k++) {
            const int nc = tl__ns_corr(NULL, rp, k);
            if (nc < bn) bk = k, bn = nc;
          }
          if (var == 0) nc0 = bn;
          if (bn > TL__NS_MAXC) continue;
          tl__ns C = R;
          C.nc = tl__ns_corr(&C, rp, bk);
          C.cost = 6 + C.capon + 3 * C.nc + signops[mode] + (ms >= 0 ? 2 : 0);
          if (ms >= 0) C.nexc = TL__NS_EXCM, C.exc = (unsigned char)ms, C.exv = mt[ms];
          if (found && !tl__ns_better(&C, best)) continue;
          /* the sign rule and at most one patched byte */
          int bad = -1, nb = 0;
          for (unsigned x = 0; x < 256 && nb < 2; x++)
            if (tl__ns_eval(&C, x) != t[x]) bad = (int)x, nb++;
          if (nb > 1 || (nb && ms >= 0)) continue;
          if (nb) C.nexc = 1, C.exc = (unsigned char)bad, C.exv = t[bad], C.cost += 2;
          if (!found || tl__ns_better(&C, best)) *best = C, found = 1; /* every code checked above */
        }
      }
    }
  }
  return found;
}

typedef struct {
  tl__ns R;
  __m256i L, H, D[TL__NS_MAXC];
} tl__nsp;
typedef void (*tl__ns_fn_t)(const tl__nsp *, const unsigned char *, const void *, void *, size_t);

static _Atomic(tl__nsp *) tl__nss[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__nsp tl__ns_none; /* "looked, none" */
static _Atomic int tl__ns_off;

/* The row-sum rule of pair (from, to, sat), or NULL: signed float8 sources into 1 byte. */
static const tl__nsp *tl__ns_get(tl_dtype from, tl_dtype to, int sat) {
  tl__nsp *P = atomic_load_explicit(&tl__nss[from][to][sat], memory_order_acquire);
  if (P) return P == &tl__ns_none ? NULL : P;
  const unsigned char *t =
      tl__fold_src(from) == TL__FOLD_MAG && tl__info(to)->itemsize == 1 ? tl__table8(from, to, sat) : NULL;
  tl__nsp *np = &tl__ns_none;
  if (t) {
    np = aligned_alloc(32, sizeof *np);
    if (!np) return NULL;
    memset(np, 0, sizeof *np);
    if (tl__ns_find(t, &np->R)) {
      tl__ns *R = &np->R;
      unsigned char H[16];
      memcpy(H, R->H, sizeof H);
      /* XOR80 with no cap and no sum past 255: the sign bit is added mod 256 in the rows' lookup instead,
         rows 8-15 (the sign's) the same plus 0x80 */
      if ((R->sgh = tl__ns_xorh_ok(R)))
        for (int r = 0; r < 8; r++) H[8 + r] = (unsigned char)(R->H[r] + 0x80);
      np->L = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)np->R.L));
      np->H = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)H));
      for (int j = 0; j < TL__NS_MAXC; j++)
        np->D[j] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)np->R.D[j]));
    } else {
      free(np), np = &tl__ns_none;
    }
  }
  return TL__PUBLISH(tl__nss[from][to][sat], np, &tl__ns_none);
}

/* Tests and benchmarks: turn the row sums off or back on; returns the previous setting. */
int tl__avx2_ns_disable(int off) { return atomic_exchange(&tl__ns_off, off != 0); }
/* For the tests: pair's row-sum rule, NULL for none (or no such pair). */
static const tl__ns *tl__ns_probe(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE || !tl__avx2_lut8_ok(from, to, sat))
    return NULL;
  const tl__nsp *P = tl__ns_get(from, to, sat != 0);
  return P ? &P->R : NULL;
}
/* For the tests: the pair's row-sum rule's operation count (0: none). */
int tl__avx2_ns_cost(tl_dtype from, tl_dtype to, int sat) {
  const tl__ns *R = tl__ns_probe(from, to, sat);
  return R ? R->cost : 0;
}
/* For the tests: 1 if the pair's row-sum rule looks its sign up with the rows (TL__NS_XORH), 0 if not, -1: no rule. */
int tl__avx2_ns_sgh(tl_dtype from, tl_dtype to, int sat) {
  const tl__ns *R = tl__ns_probe(from, to, sat);
  return R ? R->sgh : -1;
}
/* For the tests: the pair's row-sum rule's patch: 0 none, 1 a code (after the sign), 2 a magnitude
   (TL__NS_EXCM, before it); -1 no rule. */
int tl__avx2_ns_patch(tl_dtype from, tl_dtype to, int sat) {
  const tl__ns *R = tl__ns_probe(from, to, sat);
  return R ? R->nexc : -1;
}
/* For the tests: the rows of the pair's row-sum rule, the shift of the magnitude that indexes H (4 or 3; -1: no rule). */
int tl__avx2_ns_rows(tl_dtype from, tl_dtype to, int sat) {
  const tl__ns *R = tl__ns_probe(from, to, sat);
  return R ? R->rs : -1;
}
/* For the tests: the number of corrections in the pair's row-sum rule (-1: no rule). */
int tl__avx2_ns_corrections(tl_dtype from, tl_dtype to, int sat) {
  const tl__ns *R = tl__ns_probe(from, to, sat);
  return R ? R->nc : -1;
}

typedef struct {
  __m256i L, H, D[TL__NS_MAXC], A[TL__NS_MAXC], cap, sm, nm, exc, exv;
  __m128i rs;
} tl__nsk;

/* 32 codes x by rule K: NC corrections, CAP the cap, MODE the sign rule, EXC a patched byte */
static inline __attribute__((always_inline)) __m256i tl__ns32(__m256i x, int NC, int CAP, int MODE, int EXC,
                                                              const tl__nsk *K) {
  const __m256i m = _mm256_and_si256(x, _mm256_set1_epi8(0x7F));
  /* XORH: the row and the sign bit index H (its sums never saturate) */
  const __m256i hi = _mm256_and_si256(_mm256_srl_epi16(MODE == TL__NS_XORH ? x : m, K->rs), _mm256_set1_epi8(0x0F));
  __m256i v = MODE == TL__NS_XORH ? _mm256_add_epi8(_mm256_shuffle_epi8(K->L, m), _mm256_shuffle_epi8(K->H, hi))
                                  : _mm256_adds_epu8(_mm256_shuffle_epi8(K->L, m), _mm256_shuffle_epi8(K->H, hi));
  if (CAP) v = _mm256_min_epu8(v, K->cap);
  for (int j = 0; j < NC; j++) v = _mm256_add_epi8(v, _mm256_shuffle_epi8(K->D[j], _mm256_add_epi8(m, K->A[j])));
  if (EXC == TL__NS_EXCM) v = _mm256_blendv_epi8(v, K->exv, _mm256_cmpeq_epi8(m, K->exc));
  if (MODE == TL__NS_NEG)
    v = _mm256_blendv_epi8(_mm256_min_epu8(v, K->sm), _mm256_and_si256(_mm256_sub_epi8(_mm256_setzero_si256(), v), K->nm), x);
  else if (MODE != TL__NS_XORH)
    v = tl__sign8(MODE, v, x, K->sm);
  if (EXC == 1) v = _mm256_blendv_epi8(v, K->exv, _mm256_cmpeq_epi8(x, K->exc));
  return v;
}

static inline __attribute__((always_inline)) void tl__ns_run(const tl__nsp *P, const unsigned char *t, int NC, int CAP,
                                                             int MODE, int EXC, const uint8_t *s, char *d, size_t n) {
  const tl__ns *R = &P->R;
  tl__nsk K; /* read before the loop: stores through d could alias *P */
  K.L = P->L, K.H = P->H;
  for (int j = 0; j < TL__NS_MAXC; j++) K.D[j] = P->D[j], K.A[j] = _mm256_set1_epi8((char)R->A[j]);
  K.cap = _mm256_set1_epi8((char)R->cap), K.sm = _mm256_set1_epi8((char)R->sm), K.nm = _mm256_set1_epi8((char)R->nm);
  K.exc = _mm256_set1_epi8((char)R->exc), K.exv = _mm256_set1_epi8((char)R->exv);
  K.rs = _mm_cvtsi32_si128(R->rs);
#define TL__NS_STEP(x) tl__ns32(x, NC, CAP, MODE, EXC, &K)
  TL__RUN8(t, n, TL__NS_STEP);
#undef TL__NS_STEP
}

/* one function per (corrections, cap, sign rule, patch) */
#define TL__NSFN(NC, CAP, M, E)                                                                                   \
  static __attribute__((noinline)) void tl__ns_##NC##CAP##M##E(const tl__nsp *P, const unsigned char *t,          \
                                                              const void *src, void *dst, size_t n) {            \
    if (M == TL__AFF_CONST && tl__cpu_blend_slow && P->R.sm == 0xFF)                                             \
      tl__ns_run(P, t, NC, CAP, TL__SIGN_CONSTFF, E, src, dst, n);                                               \
    else if (M == TL__AFF_CONST && tl__cpu_blend_slow && P->R.sm == 0)                                           \
      tl__ns_run(P, t, NC, CAP, TL__SIGN_CONST00, E, src, dst, n);                                               \
    else tl__ns_run(P, t, NC, CAP, M, E, src, dst, n);                                                         \
  }
#define TL__NSFNE(NC, CAP, M) TL__NSFN(NC, CAP, M, 0) TL__NSFN(NC, CAP, M, 1) TL__NSFN(NC, CAP, M, 2)
#define TL__NSFNM(NC, CAP) TL__NSFNE(NC, CAP, 0) TL__NSFNE(NC, CAP, 1) TL__NSFNE(NC, CAP, 2) TL__NSFNE(NC, CAP, 3) TL__NSFNE(NC, CAP, 5) \
  TL__NSFNE(NC, CAP, 6)
#define TL__NSFNC(NC) TL__NSFNM(NC, 0) TL__NSFNM(NC, 1)
TL__NSFNC(0) TL__NSFNC(1) TL__NSFNC(2) TL__NSFNC(3) TL__NSFNC(4) TL__NSFNC(5)
#undef TL__NSFNC
#undef TL__NSFNM
#undef TL__NSFNE
#undef TL__NSFN

static tl__ns_fn_t tl__ns_fn(const tl__ns *R) {
#define TL__NSE(NC, CAP, M) {tl__ns_##NC##CAP##M##0, tl__ns_##NC##CAP##M##1, tl__ns_##NC##CAP##M##2}
#define TL__NSM(NC, CAP) {TL__NSE(NC, CAP, 0), TL__NSE(NC, CAP, 1), TL__NSE(NC, CAP, 2), TL__NSE(NC, CAP, 3), TL__NSE(NC, CAP, 5), \
                          TL__NSE(NC, CAP, 6)}
#define TL__NSC(NC) {TL__NSM(NC, 0), TL__NSM(NC, 1)}
  static const tl__ns_fn_t fns[TL__NS_MAXC + 1][2][6][3] = {TL__NSC(0), TL__NSC(1), TL__NSC(2), TL__NSC(3), TL__NSC(4), TL__NSC(5)};
#undef TL__NSC
#undef TL__NSM
#undef TL__NSE
  return fns[R->nc][R->capon][R->sgh ? 5 : R->mode == TL__NS_NEG ? 4 : R->mode][R->nexc];
}

/* ---- 1-byte sources by a shift of the code ("code shifts") -----------------
 * A float8 code's e8m0 is its exponent field plus the ties-up bit below it,
 * re-biased: (x + 2^(S-1)) >> S plus a constant, S the mantissa bits, for
 * every positive normal code. So a table that is
 *   v = (((x + R) mod 256) >> S) + C   (mod 256)
 * but on the codes below K <= 16 (zero and the subnormals: one VPSHUFB of a
 * correction indexed by x + 128 - K, unsigned saturating, which gives 0 from
 * K up) and a tail of constant codes from T up, tested unsigned (x >= T:
 * VPMAXUB and VPCMPEQB; the negative codes are in it) and put in by an OR
 * (0xFF) or VPANDN (0x00), runs in 7-10 operations per 32 codes, against
 * the row sums' 13 for float8_e4m3/e4m3fn/e5m2 -> float8_e8m0fnu (their two
 * corrections and the sign rule). A rule is taken only if tl__cs_eval, the
 * same byte operations in scalar code, gives the pair's table entry for all
 * 256 codes. */
typedef struct {
  int S, K, mode; /* mode: 0 no tail, 1 the tail 0xFF (OR), 2 0x00 (VPANDN) */
  unsigned char R, C, T;
  unsigned char D[16];
  int cost;
} tl__cs;

static unsigned tl__cs_eval(const tl__cs *Q, unsigned x) {
  unsigned v = ((((x + Q->R) & 0xFF) >> Q->S) + Q->C) & 0xFF;
  const unsigned i = x + 128 - (unsigned)Q->K;
  if (Q->K && i < 128) v = (v + Q->D[i & 15]) & 0xFF;
  if (Q->mode && x >= Q->T) v = Q->mode == 1 ? 0xFF : 0x00;
  return v;
}

/* The cheapest code-shift rule of table t, or 0. */
static int tl__cs_find(const unsigned char *t, tl__cs *best) {
  int found = 0;
  for (int mode = 0; mode < 3; mode++) {
    int T = 256; /* the tail: [T, 256) all the mode's code */
    if (mode) {
      const unsigned char tv = mode == 1 ? 0xFF : 0x00;
      while (T > 0 && t[T - 1] == tv) T--;
      if (T == 256 || T == 0) continue;
    }
    for (int S = 1; S <= 5; S++)
      for (int R = 0; R < 1 << S; R++) {
        tl__cs Q;
        memset(&Q, 0, sizeof Q);
        Q.S = S, Q.R = (unsigned char)R, Q.mode = mode, Q.T = (unsigned char)(mode ? T : 0);
        Q.C = (unsigned char)(t[T - 1] - (((unsigned)(T - 1 + R) & 0xFF) >> S));
        int K = 0;
        for (int x = 0; x < T; x++)
          if ((((((unsigned)(x + R) & 0xFF) >> S) + Q.C) & 0xFF) != t[x]) K = x + 1;
        if (K > 16) continue;
        Q.K = K;
        for (int x = 0; x < K; x++)
          Q.D[(16 - K + x) & 15] = (unsigned char)(t[x] - ((((unsigned)(x + R) & 0xFF) >> S) + Q.C));
        Q.cost = 4 + 3 * (K > 0) + 3 * (mode > 0); /* in the row sums' units: tl__cs32's operations */
        int ok = 1;
        for (unsigned x = 0; x < 256 && ok; x++) ok = tl__cs_eval(&Q, x) == t[x];
        if (ok && (!found || Q.cost < best->cost)) *best = Q, found = 1;
      }
  }
  return found;
}

typedef struct {
  tl__cs Q;
  __m256i D;
} tl__csp;
typedef void (*tl__cs_fn_t)(const tl__csp *, const unsigned char *, const void *, void *, size_t);

static _Atomic(tl__csp *) tl__css[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__csp tl__cs_none; /* "looked, none" */
static _Atomic int tl__cs_off;
/* Tests and benchmarks: turn the code shifts off or back on; returns the previous setting. */
int tl__avx2_cs_disable(int off) { return atomic_exchange(&tl__cs_off, off != 0); }

/* The code-shift rule of pair (from, to, sat), or NULL: 1-byte sources into 1 byte. */
static const tl__csp *tl__cs_get(tl_dtype from, tl_dtype to, int sat) {
  tl__csp *P = atomic_load_explicit(&tl__css[from][to][sat], memory_order_acquire);
  if (P) return P == &tl__cs_none ? NULL : P;
  const unsigned char *t = tl__info(from)->itemsize == 1 && tl__info(to)->itemsize == 1 ? tl__table8(from, to, sat) : NULL;
  tl__csp *np = &tl__cs_none;
  if (t) {
    np = aligned_alloc(32, sizeof *np);
    if (!np) return NULL;
    memset(np, 0, sizeof *np);
    if (tl__cs_find(t, &np->Q)) np->D = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)np->Q.D));
    else free(np), np = &tl__cs_none;
  }
  return TL__PUBLISH(tl__css[from][to][sat], np, &tl__cs_none);
}
/* For the tests: the pair's code-shift rule's S + 8 K + 256 mode, -1 for none. */
int tl__avx2_cs_rule(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE || !tl__avx2_lut8_ok(from, to, sat))
    return -1;
  const tl__csp *P = tl__cs_get(from, to, sat != 0);
  return P ? P->Q.S + 8 * P->Q.K + 256 * P->Q.mode : -1;
}

/* 32 codes x by rule K: S the shift, CORR a correction, MODE the tail */
static inline __attribute__((always_inline)) __m256i tl__cs32(__m256i x, int S, int CORR, int MODE, __m256i R, __m256i C,
                                                              __m256i D, __m256i K, __m256i T) {
  __m256i v = _mm256_and_si256(_mm256_srli_epi16(_mm256_add_epi8(x, R), S), _mm256_set1_epi8((char)(0xFF >> S)));
  v = _mm256_add_epi8(v, C);
  if (CORR) v = _mm256_add_epi8(v, _mm256_shuffle_epi8(D, _mm256_adds_epu8(x, K)));
  if (MODE) {
    const __m256i tm = _mm256_cmpeq_epi8(_mm256_max_epu8(x, T), x);
    v = MODE == 1 ? _mm256_or_si256(v, tm) : _mm256_andnot_si256(tm, v);
  }
  return v;
}
static inline __attribute__((always_inline)) void tl__cs_run(const tl__csp *P, const unsigned char *t, int S, int CORR,
                                                             int MODE, const uint8_t *s, char *d, size_t n) {
  const tl__cs *Q = &P->Q; /* read before the loop: stores through d could alias *P */
  const __m256i R = _mm256_set1_epi8((char)Q->R), C = _mm256_set1_epi8((char)Q->C), D = P->D;
  const __m256i K = _mm256_set1_epi8((char)(128 - Q->K)), T = _mm256_set1_epi8((char)Q->T);
#define TL__CS_STEP(x) tl__cs32(x, S, CORR, MODE, R, C, D, K, T)
  TL__RUN8(t, n, TL__CS_STEP);
#undef TL__CS_STEP
}
/* one function per (shift, correction, tail) */
#define TL__CSFN(S, CORR, MODE)                                                                                 \
  static __attribute__((noinline)) void tl__cs_##S##CORR##MODE(const tl__csp *P, const unsigned char *t,       \
                                                               const void *src, void *dst, size_t n) {         \
    tl__cs_run(P, t, S, CORR, MODE, src, dst, n);                                                              \
  }
#define TL__CSFNM(S, CORR) TL__CSFN(S, CORR, 0) TL__CSFN(S, CORR, 1) TL__CSFN(S, CORR, 2)
#define TL__CSFNS(S) TL__CSFNM(S, 0) TL__CSFNM(S, 1)
TL__CSFNS(1) TL__CSFNS(2) TL__CSFNS(3) TL__CSFNS(4) TL__CSFNS(5)
#undef TL__CSFNS
#undef TL__CSFNM
#undef TL__CSFN
static tl__cs_fn_t tl__cs_fn(const tl__cs *Q) {
#define TL__CSM(S, CORR) {tl__cs_##S##CORR##0, tl__cs_##S##CORR##1, tl__cs_##S##CORR##2}
#define TL__CSS(S) {TL__CSM(S, 0), TL__CSM(S, 1)}
  static const tl__cs_fn_t fns[5][2][3] = {TL__CSS(1), TL__CSS(2), TL__CSS(3), TL__CSS(4), TL__CSS(5)};
#undef TL__CSS
#undef TL__CSM
  return fns[Q->S - 1][Q->K > 0][Q->mode];
}
/* ---- 1-byte sources by a left shift of a clamped code ("left shifts") -------
 * The other way round: a float8_e8m0fnu code is an exponent, so a float
 * format's code of it is that exponent re-biased and shifted left by the
 * format's mantissa bits, with the subnormals below, which for a two-bit
 * mantissa run 1, 2 (float8_e8m0fnu -> float8_e5m2: 2^-16 1, 2^-15 2, 2^-14
 * 4, 2^-13 8, ... 2^15 0x78, past it inf 0x7C). So a table that is
 *   u = min(sat(x - B), CAP),  v = max(u, sat((u << S) - O))
 * (unsigned byte saturation; u << S below 256), then at most VCAP (a
 * saturating table's largest finite code, where the line would give inf)
 * and a constant from code T up (NaN), runs in 5-9 operations per 32 codes
 * against the folds' (AVX2 on Zen 4, 32 KiB, x memcpy, bench convert, 5
 * passes: float8_e8m0fnu -> float8_e5m2 0.46 -> 0.90 (a 7-bit fold before),
 * -> float8_e5m2fnuz 0.70 -> 0.98). Taken where it costs fewer operations
 * than every other rule the pair has (tl__route_find0), off with the code
 * shifts (tl__avx2_cs_disable). A rule is taken only if tl__ls_eval, the
 * same byte operations in scalar code, gives the pair's table entry for all
 * 256 codes. */
typedef struct {
  int S, cost;
  unsigned char B, CAP, O, VCAP, T, TV; /* VCAP 0xFF: none; T 0: no tail */
} tl__ls;

static unsigned tl__ls_eval(const tl__ls *Q, unsigned x) {
  unsigned u = x > Q->B ? x - Q->B : 0;
  u = u < Q->CAP ? u : Q->CAP;
  const unsigned w = u << Q->S, l = w > Q->O ? w - Q->O : 0;
  unsigned v = l > u ? l : u;
  v = v < Q->VCAP ? v : Q->VCAP;
  return Q->T && x >= Q->T ? Q->TV : v;
}

/* The cheapest left-shift rule of table t, or 0. The line's top is the last
   code before the table's constant run up to the tail: the cap there, O from
   the code below it. */
static int tl__ls_find(const unsigned char *t, tl__ls *best) {
  int found = 0;
  for (int tail = 0; tail < 2; tail++) {
    int T = 256;
    if (tail) {
      while (T > 1 && t[T - 1] == t[255]) T--;
      if (T == 256 || T <= 2) continue;
    }
    int top = T - 1; /* the constant run [top, T) */
    while (top > 0 && t[top - 1] == t[T - 1]) top--;
    if (top < 2) continue;
    for (int S = 1; S <= 4; S++)
      for (int B = 0; B < top - 1; B++) {
        const int cap = top - B, o = ((top - 1 - B) << S) - t[top - 1];
        if (cap > (255 >> S) || o < 0 || o > 255) continue;
        for (int vc = 0; vc < 2; vc++) {
          tl__ls Q = {S, 5 + vc + 3 * tail, (unsigned char)B, (unsigned char)cap, (unsigned char)o,
                      (unsigned char)(vc ? t[T - 1] : 0xFF), (unsigned char)(tail ? T : 0), t[255]};
          int ok = 1;
          for (unsigned x = 0; x < 256 && ok; x++) ok = tl__ls_eval(&Q, x) == t[x];
          if (ok && (!found || Q.cost < best->cost)) *best = Q, found = 1;
        }
      }
  }
  return found;
}

typedef void (*tl__ls_fn_t)(const tl__ls *, const unsigned char *, const void *, void *, size_t);
static _Atomic(tl__ls *) tl__lss[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__ls tl__ls_none; /* "looked, none" */

/* The left-shift rule of pair (from, to, sat), or NULL: 1-byte sources into 1 byte. */
static const tl__ls *tl__ls_get(tl_dtype from, tl_dtype to, int sat) {
  tl__ls *P = atomic_load_explicit(&tl__lss[from][to][sat], memory_order_acquire);
  if (P) return P == &tl__ls_none ? NULL : P;
  const unsigned char *t = tl__info(from)->itemsize == 1 && tl__info(to)->itemsize == 1 ? tl__table8(from, to, sat) : NULL;
  tl__ls *np = &tl__ls_none, Q;
  if (t && tl__ls_find(t, &Q)) {
    if (!(np = malloc(sizeof *np))) return NULL; /* out of memory: not now */
    *np = Q;
  }
  return TL__PUBLISH(tl__lss[from][to][sat], np, &tl__ls_none);
}
/* For the tests: the pair's left-shift rule as S + 8 (VCAP) + 16 (tail), -1 for none. */
int tl__avx2_ls_rule(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE || !tl__avx2_lut8_ok(from, to, sat))
    return -1;
  const tl__ls *P = tl__ls_get(from, to, sat != 0);
  return P ? P->S + 8 * (P->VCAP != 0xFF) + 16 * (P->T != 0) : -1;
}

static inline __attribute__((always_inline)) __m256i tl__ls32(__m256i x, int S, int VC, int TAIL, __m256i B, __m256i CAP,
                                                              __m256i O, __m256i VCAP, __m256i T, __m256i TV) {
  const __m256i u = _mm256_min_epu8(_mm256_subs_epu8(x, B), CAP);
  /* u < 2^(8 - S): the 16-bit shift moves no bit across a byte */
  __m256i v = _mm256_max_epu8(u, _mm256_subs_epu8(_mm256_slli_epi16(u, S), O));
  if (VC) v = _mm256_min_epu8(v, VCAP);
  if (TAIL) v = _mm256_blendv_epi8(v, TV, _mm256_cmpeq_epi8(_mm256_max_epu8(x, T), x));
  return v;
}
static inline __attribute__((always_inline)) void tl__ls_run(const tl__ls *P, const unsigned char *t, int S, int VC,
                                                             int TAIL, const uint8_t *s, char *d, size_t n) {
  const __m256i B = _mm256_set1_epi8((char)P->B), CAP = _mm256_set1_epi8((char)P->CAP), O = _mm256_set1_epi8((char)P->O);
  const __m256i VCAP = _mm256_set1_epi8((char)P->VCAP), T = _mm256_set1_epi8((char)P->T), TV = _mm256_set1_epi8((char)P->TV);
#define TL__LS_STEP(x) tl__ls32(x, S, VC, TAIL, B, CAP, O, VCAP, T, TV)
  TL__RUN8(t, n, TL__LS_STEP);
#undef TL__LS_STEP
}
#define TL__LSFN(S, VC, TAIL)                                                                                   \
  static __attribute__((noinline)) void tl__ls_##S##VC##TAIL(const tl__ls *P, const unsigned char *t,          \
                                                             const void *src, void *dst, size_t n) {           \
    tl__ls_run(P, t, S, VC, TAIL, src, dst, n);                                                                \
  }
#define TL__LSFNS(S) TL__LSFN(S, 0, 0) TL__LSFN(S, 0, 1) TL__LSFN(S, 1, 0) TL__LSFN(S, 1, 1)
TL__LSFNS(1) TL__LSFNS(2) TL__LSFNS(3) TL__LSFNS(4)
#undef TL__LSFNS
#undef TL__LSFN
static tl__ls_fn_t tl__ls_fn(const tl__ls *Q) {
#define TL__LSS(S) {{tl__ls_##S##00, tl__ls_##S##01}, {tl__ls_##S##10, tl__ls_##S##11}}
  static const tl__ls_fn_t fns[4][2][2] = {TL__LSS(1), TL__LSS(2), TL__LSS(3), TL__LSS(4)};
#undef TL__LSS
  return fns[Q->S - 1][Q->VCAP != 0xFF][Q->T != 0];
}
/* ---- 1-byte integers -> 1-byte integers by a byte rule ----------------------
 * Between the 1-byte integer types (int1..int8, uint1..uint8) a value keeps
 * its low bits, sign-extended from the source's width where the table says
 * so: r = (((x & A) ^ B) - B) & C, A and C masks of low bits, B 0 or A's top
 * bit (int7 -> int8: A 0x7F, B 0x40; int8 -> int7: A 0x7F; int4 -> int7: A
 * 0x0F, B 0x08, C 0x7F). The rule is searched per pair and taken only if it
 * gives the table's entry for all 256 bytes; four byte operations per 32
 * elements, against 4-22 for the 5-7-bit lookups (in alternation, 32 KiB, x
 * memcpy): int7 -> int8, int8 -> int7, uint7 -> uint8 0.33 -> 0.94, int6 ->
 * int8 0.65 -> 0.82, int4 -> int7 0.88 -> 0.94. */
static _Atomic int tl__bints[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2]; /* 0 unknown, -1 none, else 1 | A << 8 | B << 16 | c << 24 (C = 2^c - 1) */

static int tl__bint_get(tl_dtype from, tl_dtype to, int sat) {
  _Atomic int *st = &tl__bints[from][to][sat != 0];
  int v = atomic_load_explicit(st, memory_order_acquire);
  if (v) return v;
  v = -1;
  const tl_dtype_info *fi = tl__info(from), *ti = tl__info(to);
  const unsigned char *t = tl__table8(from, to, sat != 0);
  const int intk = (fi->kind == TL_KIND_INT || fi->kind == TL_KIND_UINT) && (ti->kind == TL_KIND_INT || ti->kind == TL_KIND_UINT);
  if (t && intk && fi->itemsize == 1 && ti->itemsize == 1) {
    for (int a = 1; a <= 8 && v < 0; a++)
      for (int sg = 0; sg < 2 && v < 0; sg++)
        for (int c = 1; c <= 8 && v < 0; c++) {
          const unsigned A = (1u << a) - 1, B = sg ? 1u << (a - 1) : 0, C = (1u << c) - 1;
          int ok = 1;
          for (unsigned x = 0; x < 256 && ok; x++) ok = t[x] == ((((x & A) ^ B) - B) & C);
          if (ok) v = (int)(1u | A << 8 | B << 16 | (unsigned)c << 24); /* c, not C: v stays positive */
        }
  }
  atomic_store_explicit(st, v, memory_order_release);
  return v;
}

static void tl__bint_run(int R, const unsigned char *t, const void *src, void *dst, size_t n) {
  const __m256i A = _mm256_set1_epi8((char)(R >> 8)), B = _mm256_set1_epi8((char)(R >> 16)),
                C = _mm256_set1_epi8((char)((1 << (R >> 24)) - 1));
  const uint8_t *s = src;
  char *d = dst;
  int nt;
  size_t i = tl__lut_head(t, 1, s, d, n, &nt);
#define TL__BINT(o)                                                                                              \
  do {                                                                                                         \
    tl__pf(pf, s + i + (o), 32);                                                                               \
    const __m256i x_ = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o)));                       \
    tl__st32(d + i + (o), _mm256_and_si256(_mm256_sub_epi8(_mm256_xor_si256(_mm256_and_si256(x_, A), B), B), C), nt); \
  } while (0)
  TL__NT_PF(nt, TL__STEPS32(TL__BINT););
#undef TL__BINT
  if (nt) _mm_sfence();
  for (; i < n; i++) d[i] = (char)t[s[i]];
}

int tl__avx2_bint_rule(tl_dtype from, tl_dtype to, int sat) {
  if (!tl__info(from) || !tl__info(to) || tl__info(from)->itemsize != 1 || tl__info(to)->itemsize != 1) return 0;
  const int R = tl__bint_get(from, to, sat);
  return R > 0 ? R : 0;
}

/* ---- high-nibble lookups: 1-byte tables read by the high nibble above 16R ----
 * Where a 1-byte pair's entry for every byte x >= 16R (R = 1 or 2) is its
 * high nibble's (int8 / uint8 -> float8_e8m0fnu: the exponent and the bit
 * below it, from 32 up, are in the high nibble; int8's negatives all 0xFF),
 * the result is one VPSHUFB of H (by x >> 4; 0 for the high nibbles below R)
 * OR-ed with the R low rows read telescoped: row r by x + 0x80 - 16(r + 1)
 * (saturating, so bit 7 is set, VPSHUFB's 0, exactly when x >= 16(r + 1)),
 * stored as row r XOR row r + 1 (the last as itself). 32 bytes: 11
 * operations at R = 2, against the binade formula's 19 (uint8) and the
 * float32 lanes of tl__e8q_run (int8). Accepted per pair only if this,
 * evaluated in scalar code, gives its table for all 256 bytes; a constant
 * table is left to the lookup (stored as it is). */
typedef struct {
  __m256i T[2], H; /* the low rows (telescoped), the high nibbles' entries; in both 128-bit halves */
  int r;
} tl__hn;
static tl__hn *_Atomic tl__hns[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__hn tl__hn_none;

static const tl__hn *tl__hn_get(tl_dtype from, tl_dtype to, int sat) {
  tl__hn *P = atomic_load_explicit(&tl__hns[from][to][sat != 0], memory_order_acquire);
  if (P) return P == &tl__hn_none ? NULL : P;
  const unsigned char *t = tl__info(from)->itemsize == 1 && tl__info(to)->itemsize == 1 && from != to
                               ? tl__table8(from, to, sat != 0)
                               : NULL;
  tl__hn *np = &tl__hn_none;
  int konst = 1;
  for (int x = 1; t && x < 256 && konst; x++) konst = t[x] == t[0];
  for (int r = 1; t && !konst && r <= 2; r++) {
    int ok = 1;
    for (int x = 16 * r; x < 256 && ok; x++) ok = t[x] == t[x & 0xF0];
    if (!ok) continue;
    unsigned char T[2][16], H[16];
    for (int l = 0; l < 16; l++) {
      H[l] = l < r ? 0 : t[16 * l];
      for (int k = 0; k < r; k++) T[k][l] = (unsigned char)(t[16 * k + l] ^ (k + 1 < r ? t[16 * (k + 1) + l] : 0));
    }
    for (int x = 0; x < 256 && ok; x++) { /* the rule as the kernel computes it */
      const unsigned v = H[x >> 4];
      unsigned lo = 0;
      for (int k = 0; k < r; k++) {
        const unsigned ix = x + 0x80 - 16 * (k + 1) > 255 ? 255 : (unsigned)(x + 0x80 - 16 * (k + 1));
        if (!(ix & 0x80)) lo ^= T[k][ix & 15];
      }
      ok = (v | lo) == t[x];
    }
    if (!ok) break;
    if (!(np = aligned_alloc(32, sizeof *np))) return NULL; /* out of memory: not now */
    memset(np, 0, sizeof *np);
    for (int k = 0; k < r; k++) np->T[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)T[k]));
    np->H = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)H));
    np->r = r;
    break;
  }
  return TL__PUBLISH(tl__hns[from][to][sat != 0], np, &tl__hn_none);
}

static inline __attribute__((always_inline)) __m256i tl__hn32(const __m256i *T, __m256i H, int R, __m256i x) {
  __m256i v = _mm256_shuffle_epi8(H, _mm256_and_si256(_mm256_srli_epi16(x, 4), _mm256_set1_epi8(15)));
  __m256i lo = _mm256_shuffle_epi8(T[0], _mm256_adds_epu8(x, _mm256_set1_epi8((char)(0x80 - 16))));
  if (R == 2) lo = _mm256_xor_si256(lo, _mm256_shuffle_epi8(T[1], _mm256_adds_epu8(x, _mm256_set1_epi8((char)(0x80 - 32)))));
  return _mm256_or_si256(v, lo);
}
static inline __attribute__((always_inline)) void tl__hn_run(const tl__hn *P, const unsigned char *t, int R, const uint8_t *s,
                                                             char *d, size_t n) {
  const __m256i T[2] = {P->T[0], P->T[1]}, H = P->H; /* read before the stores */
  int nt;
  size_t i = tl__lut_head(t, 1, s, d, n, &nt);
#define TL__HN(o) tl__pf(pf, s + i + (o), 32), tl__st32(d + i + (o), tl__hn32(T, H, R, _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o)))), nt)
  TL__NT_PF(nt, TL__STEPS32(TL__HN););
#undef TL__HN
  if (nt) _mm_sfence();
  for (; i < n; i++) d[i] = (char)t[s[i]];
}
static __attribute__((noinline)) void tl__hn_call(const tl__hn *P, const unsigned char *t, const void *s, void *d, size_t n) {
  if (P->r == 2) tl__hn_run(P, t, 2, s, d, n);
  else tl__hn_run(P, t, 1, s, d, n);
}

/* ---- binade lookups: int8 / uint8 -> float8/6/4 ------------------------------
 * The code of a magnitude m (uint8: x; int8: |x|, 0..128) is a rounding of m
 * to the format's precision, and where m's leading bit is decides which bits
 * of its low nibble lo the rounding reads: for the high nibbles hi = 0, 1,
 * 2-3, 4-7 and, the even and the odd ones (the tie's parity is hi's bit 0),
 * 8-15, code(m) = A[hi] + R_class[lo] (mod 256): A[hi] the code of hi * 16,
 * R_class the steps above it in the class's first nibble (16-entry tables,
 * one VPSHUFB each). The class is the highest of m's bits 4-7 that is set:
 * the row lookups are blended in that order (the masks: m > 15, 31, 63 as
 * signed bytes, m itself for bit 7, m << 3 for the parity). Derived from the
 * non-saturating table (overflow codes then follow maxmag), the saturating
 * variant caps by one unsigned byte min (the format's maxmag); int8's sign
 * is or-ed in (sign & arg: the format's sign bit; an fnuz overflow, 0x80,
 * keeps its one code). Accepted only if this formula, evaluated in scalar
 * code, gives the pair's table for all 256 bytes. 32 bytes: 19 operations
 * (int8: 23) against the 8-bit lookup's 16 shuffles and blends. Two-bit
 * mantissas (float8_e5m2, e5m2fnuz) round on hi's bit 0 and break ties on
 * bit 1: their form has 8 rows, 4-7 and 8-15 split by those bits (uint8 ->
 * float8_e5m2 0.16 -> 0.24x memcpy in cache, 0.56 -> 0.81 at 64 MiB).
 * int8's magnitudes stop at 128, where only the row 4-7 reads hi's bit 0:
 * there RNE(m / 16) = (m + 7 + bit 4) >> 4, so m' = m + 1 where bits 4 and 6
 * are set (hi 5, 7), one AND, compare and subtract, leaves a 6-row form on
 * m' whose rows read nothing outside lo (the "adjusted" form, adj; m' = 16h
 * for h = 5, 7 never occurs and takes the entry below it; a carry into the
 * next nibble, m = 16h + 15, is the rounding up it stands for): int8 ->
 * float8_e5m2/e5m2fnuz by the telescoped rows (tl__bl32_i8) in place of a
 * 7-bit fold. */
typedef struct {
  __m256i A, R[8];
  unsigned char cap, arg, wide, adj; /* wide: the 8-row form; adj: int8's adjusted 6-row form */
  unsigned char capped;              /* the cap changes an entry (else no min: int8 -> float8_e4m3 and kin) */
} tl__bl;
static tl__bl *_Atomic tl__bls[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__bl tl__bl_none;

/* The row of magnitude m. 6 rows: 0 | 1 | 2-3 | 4-7 | 8-15 even | odd; 8
   (two-bit mantissas, whose rounding reads hi's bit 0 and breaks ties on
   bit 1): 0 | 1 | 2-3 | 4-7 even | odd | 8-15 even | 1 mod 4 | 3 mod 4. */
static int tl__bl_row(unsigned m, int wide) {
  const unsigned hi = m >> 4;
  if (m < 64) return m >= 32 ? 2 : m >= 16 ? 1 : 0;
  if (!wide) return m >= 128 ? 4 + (int)(hi & 1) : 3;
  if (m < 128) return 3 + (int)(hi & 1);
  return !(hi & 1) ? 5 : (hi & 2) ? 7 : 6;
}

/* int8's adjusted magnitude (tl__bl.adj): m + 1 where bits 4 and 6 are set */
static unsigned tl__bl_adj(unsigned m) { return m + ((m & 0x50) == 0x50); }

static unsigned tl__bl_eval(const unsigned char A[16], unsigned char R[8][16], unsigned cap, unsigned arg, int sg,
                            int wide, int adj, unsigned x) {
  const unsigned m0 = sg && x >= 128 ? 256 - x : x, m = adj ? tl__bl_adj(m0) : m0, hi = m >> 4, lo = m & 15;
  unsigned v = (A[hi & 15] + R[tl__bl_row(m, wide)][lo]) & 0xFF;
  v = v < cap ? v : cap;
  return sg && x >= 128 ? v | arg : v;
}

/* Fills A and R (rows in form `wide`; adj: on int8's adjusted magnitudes,
   tl__bl_adj) from table src (its int8 -128 entry without the sign bit when
   nosg) and checks the formula, capped at cap, against the pair's table t
   on all 256 bytes. */
static int tl__bl_try(const unsigned char *src, const unsigned char *t, int sg, int nosg, int wide, int adj,
                      unsigned cap, unsigned arg, unsigned char A[16], unsigned char R[8][16]) {
  /* each row's first nibble (the 6-row form's last two repeat its odd row) */
  static const unsigned rep[2][8] = {{0, 1, 2, 4, 8, 9, 9, 9}, {0, 1, 2, 4, 5, 8, 9, 11}};
  unsigned char U[256];
  memcpy(U, src, sizeof U);
  if (nosg) U[128] = (unsigned char)(src[128] & ~arg); /* -128's magnitude (int8 has no +128) */
  if (adj) { /* the codes by adjusted magnitude m' (0..128); an m' that no m gives, the one below's */
    unsigned char V[129];
    int have[129] = {0};
    for (unsigned m = 0; m <= 128; m++) V[tl__bl_adj(m)] = U[m], have[tl__bl_adj(m)] = 1;
    for (unsigned m = 1; m <= 128; m++)
      if (!have[m]) V[m] = V[m - 1];
    memcpy(U, V, sizeof V);
  }
  for (unsigned h = 0; h < 16; h++) A[h] = U[h * 16];
  for (int c = 0; c < 8; c++)
    for (unsigned l = 0; l < 16; l++) R[c][l] = (unsigned char)(U[rep[wide][c] * 16 + l] - U[rep[wide][c] * 16]);
  for (unsigned x = 0; x < 256; x++)
    if (tl__bl_eval(A, R, cap, arg, sg, wide, adj, x) != t[x]) return 0;
  return 1;
}

static const tl__bl *tl__bl_get(tl_dtype from, tl_dtype to, int sat) {
  tl__bl *P = atomic_load_explicit(&tl__bls[from][to][sat != 0], memory_order_acquire);
  if (P) return P == &tl__bl_none ? NULL : P;
  const tl_dtype_info *ti = tl__info(to);
  const tl__ffmt *F = tl__ffmt_of(to);
  const int sg = from == TL_INT8;
  const unsigned char *t = tl__table8(from, to, sat != 0), *t0 = tl__table8(from, to, 0);
  tl__bl *np = &tl__bl_none;
  if ((from == TL_INT8 || from == TL_UINT8) && ti->kind == TL_KIND_FLOAT && ti->itemsize == 1 && t && t0 && F &&
      (!sg || F->sign_bit >= 0)) {
    unsigned char A[16], R[8][16];
    const unsigned arg = sg ? 1u << F->sign_bit : 0;
    /* in order: the 6-row form, int8's adjusted one, then the 8-row one;
       from the non-saturating table capped at maxmag, then from the pair's
       own (float8_e8m0fnu: saturation is not a cap); int8's -128 magnitude
       without the sign, then with it (fnuz's overflow, 0x80) */
    for (int f = 0; f < 12; f++) {
      const int form = f >> 2, wide = form == 2, adj = form == 1, own = f >> 1 & 1, withsg = f & 1;
      const unsigned cap = !own && sat ? F->maxmag : 0xFF;
      if ((adj && !sg) || (own && t == t0) || (withsg && !sg) ||
          !tl__bl_try(own ? t : t0, t, sg, sg && !withsg, wide, adj, cap, arg, A, R))
        continue;
      if (!(np = aligned_alloc(32, sizeof *np))) return NULL; /* out of memory: not now */
      np->A = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)A));
      for (int c = 0; c < 8; c++) np->R[c] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)R[c]));
      np->cap = (unsigned char)cap, np->arg = (unsigned char)arg, np->wide = (unsigned char)wide, np->adj = (unsigned char)adj;
      np->capped = 0;
      for (unsigned x = 0; x < 256 && cap != 0xFF; x++)
        np->capped |= tl__bl_eval(A, R, 0xFF, arg, sg, wide, adj, x) != t[x];
      break;
    }
  }
  return TL__PUBLISH(tl__bls[from][to][sat != 0], np, &tl__bl_none);
}

/* int8's sign into a magnitude's code v (tl__bl, tl__bn): the format's sign
   bit arg where x < 0; SG 2: that bit is bit 7, x's own */
static inline __attribute__((always_inline)) __m256i tl__bl_sign(__m256i v, __m256i x, int SG, __m256i arg) {
  if (!SG) return v;
  return _mm256_or_si256(v, SG == 2 ? _mm256_and_si256(x, _mm256_set1_epi8((char)0x80))
                                    : _mm256_and_si256(_mm256_cmpgt_epi8(_mm256_setzero_si256(), x), arg));
}

/* int8 in the 6-row form without blends: |x| <= 128, so the rows' nested
   tests m > 15, 31, 63 are the sign bits of m - 16, m - 32, m - 64, which
   VPSHUFB reads itself (0 where bit 7 is set; the low nibble is m's): the
   rows read telescoped (D[r] = row r XOR row r - 1, as tl__telescope), and
   m = 128, whose row is the 8-15 one, reads 0 from every row at low nibble 0
   as that row does (every row's entry 0 is 0: tl__bl_try). The sign by an
   AND where it is bit 7 (SG 2: float8). 18-19 operations against 23, none a
   blend, and five shuffles against seven: on the Intel Xeon (AVX-512 FP16
   class) measured, VPBLENDVB ymm ran one a cycle, VPXOR three, VPSHUFB two
   (AVX2, 32 KiB, in alternation: int8 -> float8_e4m3fn 21 -> 41 GB/s). */
static inline __attribute__((always_inline)) __m256i tl__bl32_i8(const __m256i *T, const __m256i *D, __m256i x, int SG,
                                                                 int ADJ, int CAP, __m256i cap, __m256i arg) {
  __m256i m = _mm256_abs_epi8(x);
  const __m256i f = _mm256_set1_epi8(15), k50 = _mm256_set1_epi8(0x50);
  if (ADJ) m = _mm256_sub_epi8(m, _mm256_cmpeq_epi8(_mm256_and_si256(m, k50), k50)); /* tl__bl_adj */
  const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(m, 4), f);
  __m256i v = _mm256_xor_si256(_mm256_shuffle_epi8(T[1], m), _mm256_shuffle_epi8(D[0], _mm256_sub_epi8(m, _mm256_set1_epi8(16))));
  v = _mm256_xor_si256(v, _mm256_shuffle_epi8(D[1], _mm256_sub_epi8(m, _mm256_set1_epi8(32))));
  v = _mm256_xor_si256(v, _mm256_shuffle_epi8(D[2], _mm256_sub_epi8(m, _mm256_set1_epi8(64))));
  v = _mm256_add_epi8(v, _mm256_shuffle_epi8(T[0], hi));
  /* the cap where it changes an entry (tl__bl.capped): not int8's float8
     targets, whose codes stop at 128's (0.40 -> 0.43x memcpy, 32 KiB) */
  if (CAP) v = _mm256_min_epu8(v, cap);
  return tl__bl_sign(v, x, SG, arg);
}

static inline __attribute__((always_inline)) __m256i tl__bl32(const __m256i *T, __m256i x, int SG, int W, __m256i cap,
                                                              __m256i arg) {
  const __m256i m = SG ? _mm256_abs_epi8(x) : x, f = _mm256_set1_epi8(15);
  const __m256i lo = _mm256_and_si256(m, f), hi = _mm256_and_si256(_mm256_srli_epi16(m, 4), f);
  const __m256i b4 = _mm256_slli_epi16(m, 3); /* bit 4 (hi's bit 0) at each byte's top */
  __m256i v = _mm256_shuffle_epi8(T[1], lo);
  v = _mm256_blendv_epi8(v, _mm256_shuffle_epi8(T[2], lo), _mm256_cmpgt_epi8(m, f));
  v = _mm256_blendv_epi8(v, _mm256_shuffle_epi8(T[3], lo), _mm256_cmpgt_epi8(m, _mm256_set1_epi8(31)));
  __m256i r3 = _mm256_shuffle_epi8(T[4], lo), top;
  if (W) {
    r3 = _mm256_blendv_epi8(r3, _mm256_shuffle_epi8(T[5], lo), b4);
    const __m256i odd = _mm256_blendv_epi8(_mm256_shuffle_epi8(T[7], lo), _mm256_shuffle_epi8(T[8], lo), _mm256_slli_epi16(m, 2));
    top = _mm256_blendv_epi8(_mm256_shuffle_epi8(T[6], lo), odd, b4);
  } else {
    top = _mm256_blendv_epi8(_mm256_shuffle_epi8(T[5], lo), _mm256_shuffle_epi8(T[6], lo), b4);
  }
  v = _mm256_blendv_epi8(v, r3, _mm256_cmpgt_epi8(m, _mm256_set1_epi8(63)));
  v = _mm256_blendv_epi8(v, top, m);
  v = _mm256_min_epu8(_mm256_add_epi8(v, _mm256_shuffle_epi8(T[0], hi)), cap);
  return tl__bl_sign(v, x, SG, arg);
}

static inline __attribute__((always_inline)) void tl__bl_run(const tl__bl *P, const unsigned char *t, int SG, int W,
                                                             int ADJ, int CAP, const uint8_t *s, char *d, size_t n) {
  __m256i T[9] = {P->A, P->R[0], P->R[1], P->R[2], P->R[3], P->R[4], P->R[5], P->R[6], P->R[7]}; /* read before the stores */
  const __m256i D[3] = {_mm256_xor_si256(T[2], T[1]), _mm256_xor_si256(T[3], T[2]), _mm256_xor_si256(T[4], T[3])};
  const __m256i cap = _mm256_set1_epi8((char)P->cap), arg = _mm256_set1_epi8((char)P->arg);
  int nt;
  size_t i = tl__lut_head(t, 1, s, d, n, &nt);
#define TL__BL(o)                                                                                             \
  tl__pf(pf, s + i + (o), 32),                                                                                \
      tl__st32(d + i + (o),                                                                                   \
               SG && !W ? tl__bl32_i8(T, D, _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o))), SG, ADJ, CAP, cap, arg) \
                        : tl__bl32(T, _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o))), SG, W, cap, arg), \
               nt)
  TL__NT_PF(nt, TL__STEPS32(TL__BL););
#undef TL__BL
  if (nt) _mm_sfence();
  for (; i < n; i++) d[i] = (char)t[s[i]];
}
static __attribute__((noinline)) void tl__bl_i8(const tl__bl *P, const unsigned char *t, const void *s, void *d, size_t n) {
  /* the forms as constants (SG 2: the sign is bit 7; CAP: a min) */
  const int sg = P->arg == 0x80 ? 2 : 1, form = 4 * !!P->adj + 2 * (sg == 2) + !!P->capped;
  if (P->wide) tl__bl_run(P, t, 1, 1, 0, 1, s, d, n);
  else if (form == 0) tl__bl_run(P, t, 1, 0, 0, 0, s, d, n);
  else if (form == 1) tl__bl_run(P, t, 1, 0, 0, 1, s, d, n);
  else if (form == 2) tl__bl_run(P, t, 2, 0, 0, 0, s, d, n);
  else if (form == 3) tl__bl_run(P, t, 2, 0, 0, 1, s, d, n);
  else if (form == 4) tl__bl_run(P, t, 1, 0, 1, 0, s, d, n);
  else if (form == 5) tl__bl_run(P, t, 1, 0, 1, 1, s, d, n);
  else if (form == 6) tl__bl_run(P, t, 2, 0, 1, 0, s, d, n);
  else tl__bl_run(P, t, 2, 0, 1, 1, s, d, n);
}
static __attribute__((noinline)) void tl__bl_u8(const tl__bl *P, const unsigned char *t, const void *s, void *d, size_t n) {
  if (P->wide) tl__bl_run(P, t, 0, 1, 0, 1, s, d, n);
  else tl__bl_run(P, t, 0, 0, 0, 1, s, d, n);
}

/* ---- normalized binades: int8 / uint8 -> float8 by a multiply ----------------
 * The same magnitudes m as tl__bl, rounded after normalizing instead of by a
 * row per binade: for m >= 16 (high nibble hi >= 1) n = m x P[hi], P[hi] =
 * 2^(3 - floor(log2 hi)), has its leading bit at bit 7 (128 <= n <= 255);
 * the code is E[hi] + RNE(n / 2^sh), sh = 7 - M (the bits below the format's
 * mantissa), E[hi] the code of hi x 16 less its rounded n; below 16 a
 * 16-entry lookup S. The products in 16-bit lanes by two VPMADDUBSW (the
 * even bytes' multipliers, then the odd ones'), put back into bytes by a
 * shift and an OR; the rounding on bytes: VPAVGB of n and 2^(sh-1) - 2 + lsb
 * (lsb: n's bit sh) gives (n + 2^(sh-1) - 1 + lsb) >> 1 without overflow,
 * then >> (sh - 1). Saturation and int8's sign as tl__bl (cap, arg).
 * Three shuffles against tl__bl's seven and five blends (nine and seven in
 * its 8-row form); below 16 S is read by m + 0x70 (VPSHUFB's 0 from m = 16
 * on, where q = 0 and E[0] = 0 leave S[m] below), added, not blended. No
 * faster than the 6-row form where blends are cheap (Zen 4): there it
 * replaces only the 8-row one (tl__route_find); where they are slow
 * (tl__cpu_blend_slow, Intel) the 6-row one too: on an Intel Xeon (AVX-512
 * FP16 class), AVX2, 32 KiB, x memcpy, best of 7 in alternation, uint8 ->
 * float8_e4m3 / e4m3fn 0.22-0.23 -> 0.29-0.30, and the blend gone, uint8 ->
 * float8_e5m2 0.28 -> 0.30. Accepted only if this formula, evaluated in
 * scalar code, gives the pair's table for all 256 bytes. */
typedef struct {
  __m256i P, E, S;
  unsigned char cap, arg, sh;
} tl__bn;
static tl__bn *_Atomic tl__bns[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__bn tl__bn_none;

static unsigned tl__bn_q(unsigned n, int sh) { return (n + (1u << (sh - 1)) - 1 + ((n >> sh) & 1)) >> sh; }
static unsigned tl__bn_p(unsigned hi) { return hi >= 8 ? 1 : hi >= 4 ? 2 : hi >= 2 ? 4 : 8; }

static unsigned tl__bn_eval(const unsigned char E[16], const unsigned char S[16], unsigned cap, unsigned arg, int sg,
                            int sh, unsigned x) {
  const unsigned m = sg && x >= 128 ? 256 - x : x, hi = m >> 4;
  unsigned v = hi ? (E[hi] + tl__bn_q(m * tl__bn_p(hi), sh)) & 0xFF : S[m];
  v = v < cap ? v : cap;
  return sg && x >= 128 ? v | arg : v;
}

/* E and S from table src (as tl__bl_try: -128's entry without the sign bit
   when nosg), checked against the pair's table t on all 256 bytes */
static int tl__bn_try(const unsigned char *src, const unsigned char *t, int sg, int nosg, int sh, unsigned cap,
                      unsigned arg, unsigned char E[16], unsigned char S[16]) {
  unsigned char U[256];
  memcpy(U, src, sizeof U);
  if (nosg) U[128] = (unsigned char)(src[128] & ~arg);
  for (unsigned h = 0; h < 16; h++) {
    S[h] = U[h];
    E[h] = h ? (unsigned char)(U[h * 16] - tl__bn_q(h * 16 * tl__bn_p(h), sh)) : 0;
  }
  for (unsigned x = 0; x < 256; x++)
    if (tl__bn_eval(E, S, cap, arg, sg, sh, x) != t[x]) return 0;
  return 1;
}

static const tl__bn *tl__bn_get(tl_dtype from, tl_dtype to, int sat) {
  tl__bn *P = atomic_load_explicit(&tl__bns[from][to][sat != 0], memory_order_acquire);
  if (P) return P == &tl__bn_none ? NULL : P;
  const tl_dtype_info *ti = tl__info(to);
  const tl__ffmt *F = tl__ffmt_of(to);
  const int sg = from == TL_INT8;
  const unsigned char *t = tl__table8(from, to, sat != 0), *t0 = tl__table8(from, to, 0);
  tl__bn *np = &tl__bn_none;
  if ((from == TL_INT8 || from == TL_UINT8) && ti->kind == TL_KIND_FLOAT && ti->itemsize == 1 && t && t0 && F &&
      (!sg || F->sign_bit >= 0) && F->M >= 1 && F->M <= 5) {
    unsigned char E[16], S[16];
    const unsigned arg = sg ? 1u << F->sign_bit : 0;
    const int sh = 7 - F->M;
    for (int f = 0; f < 4; f++) { /* as tl__bl_get's */
      const int own = f >> 1, withsg = f & 1;
      const unsigned cap = !own && sat ? F->maxmag : 0xFF;
      if ((own && t == t0) || (withsg && !sg) || !tl__bn_try(own ? t : t0, t, sg, sg && !withsg, sh, cap, arg, E, S))
        continue;
      if (!(np = aligned_alloc(32, sizeof *np))) return NULL; /* out of memory: not now */
      unsigned char Pt[16];
      for (unsigned h = 0; h < 16; h++) Pt[h] = (unsigned char)(h ? tl__bn_p(h) : 0);
      np->P = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)Pt));
      np->E = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)E));
      np->S = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)S));
      np->cap = (unsigned char)cap, np->arg = (unsigned char)arg, np->sh = (unsigned char)sh;
      break;
    }
  }
  return TL__PUBLISH(tl__bns[from][to][sat != 0], np, &tl__bn_none);
}

static inline __attribute__((always_inline)) __m256i tl__bn32(__m256i PT, __m256i ET, __m256i ST, __m256i x, int SG, int SH,
                                                              __m256i cap, __m256i arg) {
  const __m256i m = SG ? _mm256_abs_epi8(x) : x;
  const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(m, 4), _mm256_set1_epi8(15));
  const __m256i p = _mm256_shuffle_epi8(PT, hi);
  const __m256i ne = _mm256_maddubs_epi16(m, _mm256_and_si256(p, _mm256_set1_epi16(0x00FF)));
  const __m256i no = _mm256_maddubs_epi16(m, _mm256_and_si256(p, _mm256_set1_epi16((short)0xFF00)));
  const __m256i n = _mm256_or_si256(ne, _mm256_slli_epi16(no, 8));
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi16(n, SH), _mm256_set1_epi8(1));
  const __m256i a = _mm256_avg_epu8(n, _mm256_or_si256(lsb, _mm256_set1_epi8((char)((1 << (SH - 1)) - 2))));
  const __m256i q = _mm256_and_si256(_mm256_srli_epi16(a, SH - 1), _mm256_set1_epi8((char)(0xFF >> (SH - 1))));
  /* m < 16: n = 0, so q = 0 and E[0] = 0 leave S[m], read by m + 0x70 (bit 7
     set, VPSHUFB's 0, from m = 16 on) */
  __m256i v = _mm256_add_epi8(_mm256_add_epi8(_mm256_shuffle_epi8(ET, hi), q),
                              _mm256_shuffle_epi8(ST, _mm256_adds_epu8(m, _mm256_set1_epi8(0x70))));
  v = _mm256_min_epu8(v, cap);
  return tl__bl_sign(v, x, SG, arg);
}

static inline __attribute__((always_inline)) void tl__bn_run(const tl__bn *P, const unsigned char *t, int SG, int SH,
                                                             const uint8_t *s, char *d, size_t n) {
  const __m256i PT = P->P, ET = P->E, ST = P->S; /* read before the stores */
  const __m256i cap = _mm256_set1_epi8((char)P->cap), arg = _mm256_set1_epi8((char)P->arg);
  int nt;
  size_t i = tl__lut_head(t, 1, s, d, n, &nt);
#define TL__BN(o) tl__pf(pf, s + i + (o), 32), tl__st32(d + i + (o), tl__bn32(PT, ET, ST, _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o))), SG, SH, cap, arg), nt)
  TL__NT_PF(nt, TL__STEPS32(TL__BN););
#undef TL__BN
  if (nt) _mm_sfence();
  for (; i < n; i++) d[i] = (char)t[s[i]];
}
/* the forms that run (tl__route_find): uint8 into a format of two mantissa
   bits (sh = 5), the 8-row binade form's targets, and where blends are slow
   of three (sh = 4, float8_e4m3/e4m3fn/e4m3fnuz); int8 keeps its folds and
   its blend-free 6-row form (tl__bl32_i8) */
static __attribute__((noinline)) void tl__bn_u8_m2(const tl__bn *P, const unsigned char *t, const void *s, void *d,
                                                   size_t n) {
  tl__bn_run(P, t, 0, 5, s, d, n);
}
static __attribute__((noinline)) void tl__bn_u8_m3(const tl__bn *P, const unsigned char *t, const void *s, void *d,
                                                   size_t n) {
  tl__bn_run(P, t, 0, 4, s, d, n);
}

/* The binade formula tl__avx2_lut8 runs pair (from, to, sat) by, or NULL:
   int8 keeps a fold of at most 6 index bits (at most 4 shuffles: faster,
   float8_e3m4 0.77 and float8_e4m3b11fnuz 0.53 against 0.28x memcpy), and
   any fold where the formula needs 8 rows (none now: int8's two-bit
   mantissas, float8_e5m2/e5m2fnuz, take the adjusted 6-row form, AVX2 on
   Zen 4, 32 KiB, x memcpy, alternating builds: 0.25-0.27 -> 0.35 against
   the 7-bit fold; 64 MiB 0.81-0.87 -> 1.13-1.16). Off with the folds
   (tl__avx2_fold_disable). */
static const tl__bl *tl__bl_use(tl_dtype from, tl_dtype to, int sat) {
  if ((from != TL_INT8 && from != TL_UINT8) || atomic_load_explicit(&tl__fold_off, memory_order_relaxed)) return NULL;
  const tl__foldp *P = from == TL_INT8 ? tl__fold_get(from, to, sat != 0) : NULL;
  if (P && P->F.k <= 6) return NULL;
  const tl__bl *B = tl__bl_get(from, to, sat);
  return B && B->wide && P ? NULL : B; /* the 8-row form is slower than a 7-bit fold: 0.24 -> 0.20 */
}

/* For the tests: does pair (from, to, sat) have a binade formula? */
/* ---- integers -> float8/6/4 formats that saturate early: clamp, then one lookup --
 * Where every integer of magnitude >= 31 gives the same code (float4_e2m1fn,
 * float6_e2m3fn/e3m2fn, float8_e3m4, float8_e4m3b11fnuz: their largest
 * finite values are 6, 7.5, 28, 15.5, 30, and 31 already rounds to the
 * overflow code or, for the MX formats, saturates), an integer converts as
 * its magnitude clamped to 31 read from a 32-entry table (two VPSHUFB and a
 * blend; one VPSHUFB when the codes are constant from 15 on), with the
 * source's sign bit moved to the format's. Wider integers are first
 * narrowed to bytes by the saturating packs (signed: to int8, whose -128
 * clamps to 31 like any |x| >= 31; unsigned: to uint8 after an unsigned min),
 * which keep every |x| >= 31 at >= 31. 32 elements: 6-9 operations (int8)
 * against the binade formula's 23 or a 5-bit fold's ~16; int16 adds two and
 * int32 four packs. Accepted per pair only if the formula gives the scalar
 * engine's table for all 256 int8 (or uint8) codes and the scalar engine's
 * result for the source's extremes and every power-of-two boundary it can
 * hold (rounding is monotone, so codes equal at 31 and at the largest |x|
 * are equal in between). */
typedef struct {
  __m256i T0, X1;           /* codes of magnitudes 0-15, and those of 16-31 XOR those of 0-15, in both 128-bit halves */
  unsigned char k16, sh, sb; /* k16: one table (codes constant from 15); sh: 7 - sign bit; sb: the sign bit's mask */
  unsigned char sx;          /* no code of the table has the sign bit set (OR-ing it in is XOR-ing it in) */
} tl__cl;
static tl__cl *_Atomic tl__cls[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__cl tl__cl_none;

static int tl__cl_src(tl_dtype from) {
  switch (from) {
  case TL_INT8: case TL_UINT8: case TL_INT16: case TL_UINT16: case TL_INT32: case TL_UINT32: case TL_INT64:
  case TL_UINT64: return 1;
  default: return 0;
  }
}

/* Does the rule (T, sb) give the scalar engine's codes for the extremes and
   the power-of-two boundaries of integer type `from`? */
static int tl__cl_extremes(tl_dtype from, tl_dtype to, int sat, const unsigned char T[32], unsigned sb) {
  const int isz = tl__info(from)->itemsize, sg = tl__info(from)->kind == TL_KIND_INT;
  uint64_t v[6 * 64 + 1]; /* b < 64: three values and their negatives each, then the extreme */
  int nv = 0;
  for (int b = 4; b < 8 * isz; b++) { /* 2^b - 1, 2^b, 2^b + 1 and their negatives, where they fit */
    const uint64_t p = (uint64_t)1 << b;
    const uint64_t lim = sg ? ((uint64_t)1 << (8 * isz - 1)) - 1 : (isz == 8 ? UINT64_MAX : ((uint64_t)1 << (8 * isz)) - 1);
    for (int k = -1; k <= 1; k++) {
      const uint64_t m = p + (uint64_t)(int64_t)k;
      if (m < 31 || m > lim || nv + 3 > (int)(sizeof v / sizeof v[0])) continue; /* not reached: v holds them all */
      v[nv++] = m;
      if (sg) v[nv++] = (uint64_t)0 - m;
    }
  }
  if (sg) v[nv++] = (uint64_t)1 << (8 * isz - 1); /* the most negative: its own two's complement */
  else v[nv++] = isz == 8 ? UINT64_MAX : ((uint64_t)1 << (8 * isz)) - 1;
  unsigned char buf[8 * (sizeof v / sizeof v[0])] = {0}, out[sizeof v / sizeof v[0]]; /* = {0}: quiets -Wmaybe-uninitialized under ASan */
  for (int j = 0; j < nv; j++) memcpy(buf + (size_t)j * (size_t)isz, &v[j], (size_t)isz); /* little-endian low bytes */
  tl__convert_generic(from, (const char *)buf, isz, to, (char *)out, 1, (size_t)nv, sat ? TL_CONVERT_SATURATE : 0);
  for (int j = 0; j < nv; j++) {
    const int neg = sg && (v[j] >> (8 * isz - 1) & 1);
    if (out[j] != (neg ? (T[31] | sb) : T[31])) return 0;
  }
  return 1;
}

static const tl__cl *tl__cl_get(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE) return NULL;
  tl__cl *P = atomic_load_explicit(&tl__cls[from][to][sat != 0], memory_order_acquire);
  if (P) return P == &tl__cl_none ? NULL : P;
  const tl_dtype_info *ti = tl__info(to);
  const int sg = tl__info(from)->kind == TL_KIND_INT;
  /* int8's table holds every magnitude 0-127 and every negative; uint8's 128-255 */
  const unsigned char *ti8 = ti->kind == TL_KIND_FLOAT && ti->itemsize == 1 ? tl__table8(TL_INT8, to, sat != 0) : NULL;
  const unsigned char *tu8 = ti8 ? tl__table8(TL_UINT8, to, sat != 0) : NULL;
  tl__cl *np = &tl__cl_none;
  if (tl__cl_src(from) && ti8 && tu8) {
    unsigned char T[32];
    memcpy(T, ti8, 32);
    int ok = 1, sbit = -1;
    for (unsigned m = 31; m < 256 && ok; m++) ok = (m < 128 ? ti8[m] : tu8[m]) == T[31];
    for (int b = 7; ok && sg && b >= 0 && sbit < 0; b--) { /* the sign: one bit or-ed in */
      int all = 1;
      for (unsigned m = 1; m <= 128 && all; m++) all = ti8[256 - m] == (T[m < 31 ? m : 31] | 1u << b);
      if (all) sbit = b;
    }
    ok = ok && (!sg || sbit >= 0) && tl__cl_extremes(from, to, sat != 0, T, sg ? 1u << sbit : 0);
    if (ok) {
      if (!(np = aligned_alloc(32, sizeof *np))) return NULL; /* out of memory: not now */
      np->T0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)T));
      unsigned char X[16];
      for (int m = 0; m < 16; m++) X[m] = (unsigned char)(T[m] ^ T[m + 16]);
      np->X1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)X));
      np->k16 = 1;
      for (int m = 15; m < 32; m++) np->k16 = np->k16 && T[m] == T[15];
      np->sh = (unsigned char)(sg ? 7 - sbit : 0);
      np->sb = (unsigned char)(sg ? 1u << sbit : 0);
      np->sx = 1;
      for (int m = 0; m < 32; m++) np->sx = np->sx && !(T[m] & np->sb);
    }
  }
  return TL__PUBLISH(tl__cls[from][to][sat != 0], np, &tl__cl_none);
}

/* 32 elements at p -> 32 bytes in element order: int8-saturated (signed
   sources); unsigned ones clamped to C (15 or 31, the table's last index)
   while still wide, by the unsigned min they take before the packs anyway
   (uint8: not clamped) */
static inline __attribute__((always_inline)) __m256i tl__cl_bytes(tl_dtype from, const char *p, int C) {
  const __m256i c32 = _mm256_set1_epi32(C);
  switch (from) {
  case TL_INT8:
  case TL_UINT8: return TL__L32(p);
  case TL_INT16: return _mm256_permute4x64_epi64(_mm256_packs_epi16(TL__L32(p), TL__L32(p + 32)), 0xD8);
  case TL_UINT16: {
    const __m256i c = _mm256_set1_epi16((short)C);
    return _mm256_permute4x64_epi64(_mm256_packus_epi16(_mm256_min_epu16(TL__L32(p), c), _mm256_min_epu16(TL__L32(p + 32), c)), 0xD8);
  }
  case TL_INT32: return tl__order32(_mm256_packs_epi16(_mm256_packs_epi32(TL__L32(p), TL__L32(p + 32)), _mm256_packs_epi32(TL__L32(p + 64), TL__L32(p + 96))), 0);
  case TL_UINT32:
    return tl__order32(_mm256_packus_epi16(_mm256_packus_epi32(_mm256_min_epu32(TL__L32(p), c32), _mm256_min_epu32(TL__L32(p + 32), c32)),
                                           _mm256_packus_epi32(_mm256_min_epu32(TL__L32(p + 64), c32), _mm256_min_epu32(TL__L32(p + 96), c32))), 0);
  case TL_INT64:
    return tl__order32(_mm256_packs_epi16(_mm256_packs_epi32(tl__ix8(from, p), tl__ix8(from, p + 64)),
                                          _mm256_packs_epi32(tl__ix8(from, p + 128), tl__ix8(from, p + 192))), 1);
  default: /* TL_UINT64: tl__ix8 saturates to uint32 */
    return tl__order32(_mm256_packus_epi16(_mm256_packus_epi32(_mm256_min_epu32(tl__ix8(from, p), c32), _mm256_min_epu32(tl__ix8(from, p + 64), c32)),
                                           _mm256_packus_epi32(_mm256_min_epu32(tl__ix8(from, p + 128), c32), _mm256_min_epu32(tl__ix8(from, p + 192), c32))), 1);
  }
}

/* 32 bytes x from tl__cl_bytes -> 32 codes (SG: signed; K16: one table; SH:
   the sign moves right by sh; CL: x is clamped already). Two tables as one
   XOR: T0's code of m's low nibble, XOR-ed with X1's where m - 16 is a
   nibble (m >= 16; below, its bit 7 makes VPSHUFB give 0): 3 operations
   against two lookups, a compare and a blend. With the unsigned sources'
   clamps moved into their wide mins (AVX2 on Zen 5, 32 KiB, one process
   alternating the two builds, x memcpy): uint16 -> float8_e3m4 0.36 -> 0.46,
   -> float6_e3m2fn 0.36 -> 0.42, int16 -> float8_e3m4 0.32 -> 0.40, uint32
   -> float6_e2m3fn 0.56 -> 0.63; uint32 -> float8_e3m4 0.55 -> 0.52 with
   one operation fewer (the same instructions otherwise) */
static inline __attribute__((always_inline)) __m256i tl__cl32(__m256i x, int SG, int K16, int SH, int CL, int SX,
                                                              __m256i T0, __m256i X1, __m256i SB, __m128i sh) {
  const __m256i a = SG ? _mm256_abs_epi8(x) : x; /* int8 -128: 128 as an unsigned byte */
  __m256i r;
  if (K16) {
    r = _mm256_shuffle_epi8(T0, CL ? a : _mm256_min_epu8(a, _mm256_set1_epi8(15)));
  } else {
    const __m256i m = CL ? a : _mm256_min_epu8(a, _mm256_set1_epi8(31));
    r = _mm256_xor_si256(_mm256_shuffle_epi8(T0, m), _mm256_shuffle_epi8(X1, _mm256_sub_epi8(m, _mm256_set1_epi8(16))));
  }
  if (SX) return _mm256_xor_si256(r, _mm256_shuffle_epi8(SB, x)); /* T0 has the sign bit set: cleared again where x >= 0 */
  if (SG) {
    __m256i s = _mm256_and_si256(x, _mm256_set1_epi8((char)0x80));
    if (SH) s = _mm256_srl_epi16(s, sh); /* bit 7 of each byte to the format's sign bit, within the byte */
    r = _mm256_or_si256(r, s);
  }
  return r;
}

static inline __attribute__((always_inline)) void tl__cl_run(tl_dtype from, int K16, int SH, const tl__cl *P, tl_dtype to,
                                                             unsigned flags, const void *sv, void *dv, size_t n) {
  const size_t isz = tl__csz(from);
  const char *s = sv;
  char *d = dv;
  const int SG = tl__is_signed_src(from) && from != TL_UINT8;
  /* int8 into a format whose sign bit is not bit 7: the sign by a lookup
     (VPSHUFB of x in a table of the sign bit: 0 where x is negative) XOR-ed
     into the codes of the table with the sign bit set, two operations for
     three, one on the shuffle ports, which the wider sources' packs keep
     busy (AVX2 on Zen 5, 32 KiB, x memcpy, one process alternating the
     builds: int8 -> float4_e2m1fn 0.38 -> 0.56, -> float6_e2m3fn 0.38 ->
     0.57, -> float6_e3m2fn 0.32 -> 0.36; into the formats whose sign bit is
     bit 7 it gained 3-4%). Only where no code of the table has the sign bit
     (P->sx; a fnuz format's NaN 0x80 for an overflow has) */
  const int SX = from == TL_INT8 && SH && P->sx; /* the first two known at compile time: one loop, or one each */
  const __m256i SB = _mm256_set1_epi8((char)P->sb); /* the sign bit in every byte */
  const __m256i T0 = SX ? _mm256_xor_si256(P->T0, SB) : P->T0, X1 = P->X1; /* read before the stores */
  const int CL = !SG && from != TL_UINT8; /* clamped by tl__cl_bytes */
  const __m128i sh = _mm_cvtsi32_si128(P->sh);
  int nt;
  size_t i = tl__nt_head_f(from, to, s, d, n, isz, 1, flags, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
#define TL__CL_LOOP(SX_)                                                                                        \
  for (; i + 32 <= n; i += 32)                                                                                  \
    tl__pf(pf, s + i * isz, 32 * isz),                                                                          \
        tl__st32(d + i, tl__cl32(tl__cl_bytes(from, s + i * isz, K16 ? 15 : 31), SG, K16, SH, CL, SX_, T0, X1, SB, sh), nt)
  if (SX) TL__CL_LOOP(1);
  else TL__CL_LOOP(0);
#undef TL__CL_LOOP
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i, 1, n - i, flags);
}

typedef void (*tl__cl_fn)(const tl__cl *, tl_dtype, unsigned, const void *, void *, size_t);
#define TL__CLFN(TAG, FT)                                                                                       \
  static __attribute__((noinline)) void tl__cl_##TAG(const tl__cl *P, tl_dtype to, unsigned flags, const void *s, \
                                                      void *d, size_t n) {                                        \
    if (P->k16 && P->sh) tl__cl_run(FT, 1, 1, P, to, flags, s, d, n);                                             \
    else if (P->k16) tl__cl_run(FT, 1, 0, P, to, flags, s, d, n);                                                 \
    else if (P->sh) tl__cl_run(FT, 0, 1, P, to, flags, s, d, n);                                                  \
    else tl__cl_run(FT, 0, 0, P, to, flags, s, d, n);                                                             \
  }
TL__CLFN(i8, TL_INT8)
TL__CLFN(u8, TL_UINT8)
TL__CLFN(i16, TL_INT16)
TL__CLFN(u16, TL_UINT16)
TL__CLFN(i32, TL_INT32)
TL__CLFN(u32, TL_UINT32)
TL__CLFN(i64, TL_INT64)
TL__CLFN(u64, TL_UINT64)
#undef TL__CLFN

static int tl__cl_call(tl_dtype from, tl_dtype to, int sat, const void *s, void *d, size_t n) {
  const tl__cl *P = tl__cl_get(from, to, sat);
  if (!P) return 0;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  switch (from) {
  case TL_INT8: tl__cl_i8(P, to, flags, s, d, n); return 1;
  case TL_UINT8: tl__cl_u8(P, to, flags, s, d, n); return 1;
  case TL_INT16: tl__cl_i16(P, to, flags, s, d, n); return 1;
  case TL_UINT16: tl__cl_u16(P, to, flags, s, d, n); return 1;
  case TL_INT32: tl__cl_i32(P, to, flags, s, d, n); return 1;
  case TL_UINT32: tl__cl_u32(P, to, flags, s, d, n); return 1;
  case TL_INT64: tl__cl_i64(P, to, flags, s, d, n); return 1;
  case TL_UINT64: tl__cl_u64(P, to, flags, s, d, n); return 1;
  default: return 0;
  }
}

/* 16/32/64-bit integer sources: kernels by pair (the pair's rule read at the
   call; a pair without one, which tl__cl_kernel does not hand out, would run
   k_n8's kernel) */
static void k_cl(tl_dtype from, tl_dtype to, int sat, const void *s, void *d, size_t n) {
  if (!tl__cl_call(from, to, sat, s, d, n)) {
    const tl__contig_fn f = tl__n8_kernel(from, to, sat);
    if (f) f(s, d, n);
    else tl__convert_generic(from, s, (ptrdiff_t)tl__info(from)->itemsize, to, d, 1, n, sat ? TL_CONVERT_SATURATE : 0);
  }
}
#define TL__KRUN k_cl
TL__NARROW_FORMATS(TL__KDEF, cl, i16, TL_INT16)
TL__NARROW_FORMATS(TL__KDEF, cl, u16, TL_UINT16)
TL__NARROW_FORMATS(TL__KDEF, cl, i32, TL_INT32)
TL__NARROW_FORMATS(TL__KDEF, cl, u32, TL_UINT32)
TL__NARROW_FORMATS(TL__KDEF, cl, i64, TL_INT64)
TL__NARROW_FORMATS(TL__KDEF, cl, u64, TL_UINT64)
#undef TL__KRUN

static tl__contig_fn tl__cl_kernel(tl_dtype from, tl_dtype to, int sat) {
  if (from == TL_INT8 || from == TL_UINT8 || !tl__cl_get(from, to, sat)) return NULL; /* 1-byte sources: tl__avx2_lut8 */
#define P(F, T) (((int)(F) << 8) | (int)(T))
  switch (P(from, to)) {
    TL__NARROW_FORMATS(TL__KCASE, cl, i16, TL_INT16)
    TL__NARROW_FORMATS(TL__KCASE, cl, u16, TL_UINT16)
    TL__NARROW_FORMATS(TL__KCASE, cl, i32, TL_INT32)
    TL__NARROW_FORMATS(TL__KCASE, cl, u32, TL_UINT32)
    TL__NARROW_FORMATS(TL__KCASE, cl, i64, TL_INT64)
    TL__NARROW_FORMATS(TL__KCASE, cl, u64, TL_UINT64)
  default: return NULL;
  }
#undef P
}

/* For the tests: whether pair (from, to, sat) runs by the clamped lookup. */
int tl__avx2_cl_has(tl_dtype from, tl_dtype to, int sat) { return tl__cl_get(from, to, sat != 0) != NULL; }

/* ---- float8 -> 1-byte types whose codes saturate at both ends: a range clamp --
 * A float8 code's magnitude m (its low 7 bits) orders the values, so where a
 * pair's result is constant for m <= LO and for LO + 63 >= HI <= m <= NL in each
 * sign half (float8_e5m2 -> int8: 0 below 1.0, 127 or -128 from 128 on;
 * -> float4_e2m1fn: 0 below 0.25, 6 from 5 on; the integers of 2 and 4 bits
 * from every float8; float8_e4m3 -> int8, 58 codes from 1.0 to 128), the
 * result is two lookups of 16, 32 or 64 entries (positive and
 * negative half) of min(m - LO, HI - LO), picked by the sign, with the codes
 * above NL (NaN, or inf and NaN) by a compare and an fnuz source's 0x80 (NaN)
 * by another. 32 codes: 11-16 operations against a 7-bit fold's ~30.
 * Where the negative half's entries are the positive half's with one bit
 * flipped (the floats' sign: an XOR) or one constant (unsigned targets), or
 * the positive half's are the negative's negated saturating, at most the
 * largest (int8: -128 gives 127; looked up from the negative half), the
 * other half's lookups and the blend go (SG 1-3; no pair's halves are plain
 * negations, VPSIGNB: int2/int4 codes are the value's low bits, -8 is 8);
 * one result above NL for both halves needs no blend of its own, and fnuz's
 * 0x80 no compare where the rest of the rule gives its entry. 8-11 then:
 * AVX2, Zen 4, 32 KiB, x memcpy, in alternation: float8_e5m2 -> int8 0.47
 * -> 0.57, float8_e4m3b11fnuz -> float4_e2m1fn 0.42 -> 0.53, -> int4 0.42 ->
 * 0.55. Accepted per pair only if the formula, evaluated in scalar code,
 * gives the pair's table for all 256 codes. Windows of 33-64 codes (four
 * sub-tables a half, telescoped: 10 operations a half against 4) run only
 * where their cost (tl__rg_cost) is below that of the rule that would run
 * instead (tl__route_find), which the measurements follow: AVX2 on Zen 4,
 * 32 KiB, in alternation, taken: float8_e4m3/e4m3fn -> int8 x 1.37-1.44
 * (cost 18 against a fold's 23), float8_e4m3fnuz -> float6_e2m3fn x 1.15-1.17,
 * float8_e5m2 -> uint8 x 1.13-1.15, float8_e5m2/e5m2fnuz -> float8_e3m4 x
 * 1.09-1.13, float8_e3m4 -> uint4 x 1.10-1.17, float8_e4m3fnuz -> int8/uint8
 * x 1.03-1.10; left (cost above): float8_e4m3/e4m3fn -> float6_e2m3fn
 * (19 against an affine rule's 14) x 0.81-0.83, float8_e4m3fn -> uint4 x
 * 0.84, float8_e4m3b11fnuz -> uint8/int8 x 0.85-0.89, float8_e3m4 -> int4
 * x 0.88. */
typedef struct {
  __m256i P[4], N[4];                  /* the halves' sub-tables of 16 entries (telescoped: tl__rg32) */
  unsigned char lo, km, nl, nsub, f80; /* LO, HI - LO, NL, sub-tables a half (1, 2 or 4), fnuz 0x80 patched */
  unsigned char nanp, nann, v80;      /* results above NL (positive, negative half); of 0x80 */
  int cost;                           /* vector operations per 32 codes, roughly (tl__rg_cost) */
  unsigned char sg, sm, nan1;         /* the sign: 0 tables, 1 XOR sm, 2 negatives sm, 3 the negative
                                         half's entry negated saturating, at most sm, for positives;
                                         nan1: nanp above NL for both halves */
  unsigned char z;                    /* 1: the results above NL and of fnuz's 0x80 it blends in are 0
                                         (tl__rg32's Z); 2: SG 2's negatives' too (Z 2 on Intel) */
} tl__rg;
static tl__rg *_Atomic tl__rgs[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__rg tl__rg_none;

/* Code x by rule R (its scalar form) with the halves' entries P and N (before telescoping) */
static unsigned tl__rg_eval(const unsigned char P[32], const unsigned char N[32], const tl__rg *R, unsigned x) {
  const unsigned m = x & 0x7F, neg = x >> 7;
  if (R->f80 && x == 0x80) return R->v80;
  if (m > R->nl) return neg && !R->nan1 ? R->nann : R->nanp;
  unsigned k = m > R->lo ? m - R->lo : 0;
  k = k < R->km ? k : R->km;
  switch (R->sg) {
  case 1: return neg ? P[k] ^ R->sm : P[k];
  case 2: return neg ? R->sm : P[k];
  case 3: { /* VPSUBSB from 0, then VPMINSB with sm */
    const int q = N[k] == 0x80 ? 127 : -(int)(signed char)N[k], c = (signed char)R->sm;
    return neg ? N[k] : (unsigned)(q < c ? q : c) & 0xFF;
  }
  default: return neg ? N[k] : P[k];
  }
}

/* tl__rg32's vector operations per 32 codes, in the units of the other
   rules' costs: the index (3), a half's lookups (1, 4 or 10 for 1, 2 or 4
   sub-tables; both halves with SG 0), the sign, the codes above NL, fnuz's
   0x80 */
static int tl__rg_cost(const tl__rg *R) {
  static const int half[5] = {0, 1, 4, 0, 10}, sign[4] = {1, 3, 1, 3};
  return 3 + half[R->nsub] * (R->sg ? 1 : 2) + sign[R->sg] + (R->nl == 127 ? 0 : R->nan1 ? 2 : 3) + 2 * (R->f80 != 0);
}

static const tl__rg *tl__rg_get(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE) return NULL;
  tl__rg *P = atomic_load_explicit(&tl__rgs[from][to][sat != 0], memory_order_acquire);
  if (P) return P == &tl__rg_none ? NULL : P;
  const tl_dtype_info *fi = tl__info(from), *ti = tl__info(to);
  const tl__ffmt *F = fi->kind == TL_KIND_FLOAT ? tl__ffmt_of(from) : NULL;
  const unsigned char *t = fi->itemsize == 1 && ti->itemsize == 1 && from != to ? tl__table8(from, to, sat != 0) : NULL;
  tl__rg *np = &tl__rg_none;
  if (t && F && F->sign_bit == 7 && fi->bits == 8) {
    const int f80 = F->fam == TL__FAM_FNUZ;
    int best = 65, blo = 0, bhi = 0, bnl = 0;
    for (int nl = 127; nl >= 96; nl--) { /* the codes above nl: one result per half */
      int ok = 1;
      for (int m = nl + 1; m < 128 && ok; m++) ok = t[m] == t[nl + 1] && t[0x80 | m] == t[0x80 | (nl + 1)];
      if (!ok) continue;
      int lo = 0, hi = nl;
      const int n0 = f80; /* fnuz: 0x80 is an exception, the negative half's run starts at 1 */
      while (lo + 1 <= nl && t[lo + 1] == t[0] && t[0x80 | (lo + 1)] == t[0x80 | n0]) lo++;
      while (hi - 1 >= lo && t[hi - 1] == t[nl] && t[0x80 | (hi - 1)] == t[0x80 | nl]) hi--;
      if (hi - lo + 1 < best) best = hi - lo + 1, blo = lo, bhi = hi, bnl = nl;
    }
    if (best <= 64) {
      unsigned char Pt[64], Nt[64];
      for (int k = 0; k < 64; k++) {
        const int m = blo + (k < bhi - blo ? k : bhi - blo);
        Pt[k] = t[m];
        Nt[k] = t[0x80 | (m == 0 && f80 ? 1 : m)];
      }
      tl__rg R;
      memset(&R, 0, sizeof R);
      R.lo = (unsigned char)blo, R.km = (unsigned char)(bhi - blo), R.nl = (unsigned char)bnl;
      R.nanp = bnl < 127 ? t[bnl + 1] : 0, R.nann = bnl < 127 ? t[0x80 | (bnl + 1)] : 0, R.v80 = t[0x80];
      /* the cheapest sign rule, NaN and 0x80 handling that give the table;
         the last tried (two tables, a result per half, fnuz's 0x80 patched)
         is the general rule */
      int found = 0;
      static const unsigned char order[4] = {2, 1, 3, 0}; /* by cost */
      for (int o = 0; o < 4 && !found; o++)
        for (int nan1 = 1; nan1 >= 0 && !found; nan1--)
          for (int p80 = 0; p80 <= f80 && !found; p80++) {
            R.sg = order[o], R.sm = (unsigned char)(R.sg == 2 ? Nt[0] : Nt[0] ^ Pt[0]), R.nan1 = (unsigned char)nan1;
            R.f80 = (unsigned char)p80;
            if (R.sg == 1 && !R.sm) R.sm = (unsigned char)(Nt[1] ^ Pt[1]);
            if (R.sg == 3) /* the largest positive entry */
              for (int k = R.sm = 0; k < 64; k++) R.sm = (signed char)Pt[k] > (signed char)R.sm ? Pt[k] : R.sm;
            unsigned x = 0;
            while (x < 256 && tl__rg_eval(Pt, Nt, &R, x) == t[x]) x++;
            found = x == 256;
          }
      if (found) {
        if (!(np = aligned_alloc(32, sizeof *np))) return NULL; /* out of memory: not now */
        *np = R;
        np->nsub = bhi - blo < 16 ? 1 : bhi - blo < 32 ? 2 : 4;
        np->cost = tl__rg_cost(np);
        np->z = (np->nl == 127 || (np->nan1 && !np->nanp)) && (!np->f80 || !np->v80)
                    ? (np->sg == 2 && !np->sm ? 2 : 1) : 0;
        if (np->sg == 3) memcpy(Pt, Nt, sizeof Pt); /* the negative half's entries looked up */
        /* telescoped (tl__rg32): sub-table h stored XOR-ed with sub-table h + 1 */
        for (int h = 0; h + 1 < np->nsub; h++)
          for (int k = 0; k < 16; k++) Pt[16 * h + k] ^= Pt[16 * h + 16 + k], Nt[16 * h + k] ^= Nt[16 * h + 16 + k];
        for (int h = 0; h < 4; h++) {
          np->P[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(Pt + 16 * h)));
          np->N[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(Nt + 16 * h)));
        }
      }
    }
  }
  return TL__PUBLISH(tl__rgs[from][to][sat != 0], np, &tl__rg_none);
}

typedef struct {
  __m256i P[4], N[4], lo, km, nl, nanp, nann, v80, sm;
} tl__rgk;

/* NAN_: 0 none above NL, 1 one result per half, 2 one for both; SG as
   tl__rg.sg; NS sub-tables a half. The index k < 16 NS; sub-table h < NS - 1
   is read by k + 0x80 - 16 (h + 1) saturated, which has bit 7 set (VPSHUFB
   reads 0) from k = 16 (h + 1) on, so sub-tables stored XOR-ed with the
   next one (the last as it is) XOR to entry k's. Z (tl__rg.z) >= 1: the
   results above NL (one for both halves) and of fnuz's 0x80 are 0, cleared
   by VPANDN with the lanes' mask instead of blended in: one operation where
   VPBLENDVB is three on Intel, one either way elsewhere; Z = 2 (Intel): SG
   2's negatives too, by a compare and VPANDN for the blend on the sign
   (AVX2 on an Intel Xeon, 32 KiB, x memcpy, in alternation: float8_e4m3fn
   -> int8 0.32 -> 0.35, float8_e5m2 -> uint8 0.31-0.36 -> 0.42, -> uint4
   0.52 -> 0.63, float8_e5m2fnuz -> float6_e2m3fn 0.50 -> 0.58, float8_e3m4
   -> uint2 0.52 -> 0.61, float8_e4m3 -> int4 0.44 -> 0.50). */
static inline __attribute__((always_inline)) __m256i tl__rg_half(const __m256i *T, __m256i k, int NS) {
  __m256i v = _mm256_shuffle_epi8(T[NS - 1], k);
  for (int h = 0; h + 1 < NS; h++)
    v = _mm256_xor_si256(v, _mm256_shuffle_epi8(T[h], _mm256_adds_epu8(k, _mm256_set1_epi8((char)(0x80 - 16 * (h + 1))))));
  return v;
}
static inline __attribute__((always_inline)) __m256i tl__rg32(const tl__rgk *K, __m256i x, int NS, int NAN_, int F80,
                                                              int SG, int Z) {
  const __m256i m = _mm256_and_si256(x, _mm256_set1_epi8(0x7F));
  const __m256i k = _mm256_min_epu8(_mm256_subs_epu8(m, K->lo), K->km);
  const __m256i vp = tl__rg_half(K->P, k, NS), vn = SG ? _mm256_setzero_si256() : tl__rg_half(K->N, k, NS);
  __m256i v; /* the sign: bit 7 of the code */
  if (SG == 1) v = _mm256_xor_si256(vp, _mm256_and_si256(_mm256_cmpgt_epi8(_mm256_setzero_si256(), x), K->sm));
  else if (SG == 2 && Z == 2) v = _mm256_andnot_si256(_mm256_cmpgt_epi8(_mm256_setzero_si256(), x), vp);
  else if (SG == 2) v = _mm256_blendv_epi8(vp, K->sm, x);
  else if (SG == 3) /* vp: the negative half's */
    v = _mm256_blendv_epi8(_mm256_min_epi8(_mm256_subs_epi8(_mm256_setzero_si256(), vp), K->sm), vp, x);
  else v = _mm256_blendv_epi8(vp, vn, x);
  if (NAN_ == 2 && Z) v = _mm256_andnot_si256(_mm256_cmpgt_epi8(m, K->nl), v);
  else if (NAN_) v = _mm256_blendv_epi8(v, NAN_ == 2 ? K->nanp : _mm256_blendv_epi8(K->nanp, K->nann, x), _mm256_cmpgt_epi8(m, K->nl));
  if (F80 && Z) v = _mm256_andnot_si256(_mm256_cmpeq_epi8(x, _mm256_set1_epi8((char)0x80)), v);
  else if (F80) v = _mm256_blendv_epi8(v, K->v80, _mm256_cmpeq_epi8(x, _mm256_set1_epi8((char)0x80)));
  return v;
}

static inline __attribute__((always_inline)) void tl__rg_run(const tl__rg *P, const unsigned char *t, int NS, int NAN_,
                                                             int F80, int SG, int Z, const uint8_t *s, char *d, size_t n) {
  const tl__rgk K = {{P->P[0], P->P[1], P->P[2], P->P[3]}, {P->N[0], P->N[1], P->N[2], P->N[3]},
                     _mm256_set1_epi8((char)P->lo), _mm256_set1_epi8((char)P->km),
                     _mm256_set1_epi8((char)P->nl), _mm256_set1_epi8((char)P->nanp), _mm256_set1_epi8((char)P->nann),
                     _mm256_set1_epi8((char)P->v80), _mm256_set1_epi8((char)P->sm)}; /* read before the stores */
  int nt;
  size_t i = tl__lut_head(t, 1, s, d, n, &nt);
#define TL__RG1(o) tl__pf(pf, s + i + (o), 32), tl__st32(d + i + (o), tl__rg32(&K, _mm256_loadu_si256((const __m256i *)(const void *)(s + i + (o))), NS, NAN_, F80, SG, Z), nt)
  TL__NT_PF(nt, TL__STEPS32(TL__RG1););
#undef TL__RG1
  if (nt) _mm_sfence();
  for (; i < n; i++) d[i] = (char)t[s[i]];
}
#define TL__RGFN(NS, NAN_, F80, SG)                                                                            \
  static __attribute__((noinline)) void tl__rg_##NS##NAN_##F80##SG(const tl__rg *P, const unsigned char *t,       \
                                                                  const void *s, void *d, size_t n) {          \
    if (SG == 2 && P->z == 2 && tl__cpu_blend_slow) tl__rg_run(P, t, NS, NAN_, F80, SG, 2, s, d, n);                                 \
    else if (P->z) tl__rg_run(P, t, NS, NAN_, F80, SG, 1, s, d, n);                                            \
    else tl__rg_run(P, t, NS, NAN_, F80, SG, 0, s, d, n);                                                      \
  }
#define TL__RGFN3(NS, NAN_, F80)                                                                               \
  TL__RGFN(NS, NAN_, F80, 0) TL__RGFN(NS, NAN_, F80, 1) TL__RGFN(NS, NAN_, F80, 2) TL__RGFN(NS, NAN_, F80, 3)
#define TL__RGFN6(NS, NAN_) TL__RGFN3(NS, NAN_, 0) TL__RGFN3(NS, NAN_, 1)
#define TL__RGFN18(NS) TL__RGFN6(NS, 0) TL__RGFN6(NS, 1) TL__RGFN6(NS, 2)
TL__RGFN18(1) TL__RGFN18(2) TL__RGFN18(4)
#undef TL__RGFN18
#undef TL__RGFN6
#undef TL__RGFN3
#undef TL__RGFN

static void tl__rg_call(const tl__rg *P, const unsigned char *t, const void *s, void *d, size_t n) {
  typedef void (*fn)(const tl__rg *, const unsigned char *, const void *, void *, size_t);
#define TL__RGE3(NS, NAN_, F80)                                                                                \
  tl__rg_##NS##NAN_##F80##0, tl__rg_##NS##NAN_##F80##1, tl__rg_##NS##NAN_##F80##2, tl__rg_##NS##NAN_##F80##3
#define TL__RGE6(NS, NAN_) {TL__RGE3(NS, NAN_, 0)}, {TL__RGE3(NS, NAN_, 1)}
#define TL__RGE18(NS) {{TL__RGE6(NS, 0)}, {TL__RGE6(NS, 1)}, {TL__RGE6(NS, 2)}}
  static const fn fns[3][3][2][4] = {TL__RGE18(1), TL__RGE18(2), TL__RGE18(4)};
#undef TL__RGE18
#undef TL__RGE6
#undef TL__RGE3
  fns[P->nsub == 1 ? 0 : P->nsub == 2 ? 1 : 2][P->nl == 127 ? 0 : P->nan1 ? 2 : 1][P->f80 != 0][P->sg](P, t, s, d, n);
}

/* For the tests: the lookup range (HI - LO + 1) of pair's range clamp, 0 if it has none. */
int tl__avx2_rg_range(tl_dtype from, tl_dtype to, int sat) {
  const tl__rg *P = tl__rg_get(from, to, sat != 0);
  return P ? P->km + 1 : 0;
}
/* For the tests: its tl__rg.z (1, 2: constant results 0, cleared instead of blended), 0 if not or no clamp. */
int tl__avx2_rg_zero(tl_dtype from, tl_dtype to, int sat) {
  const tl__rg *P = tl__rg_get(from, to, sat != 0);
  return P ? P->z : 0;
}
/* For the tests: its sign rule (tl__rg.sg) + 1, 0 if it has none. */
int tl__avx2_rg_sign(tl_dtype from, tl_dtype to, int sat) {
  const tl__rg *P = tl__rg_get(from, to, sat != 0);
  return P ? P->sg + 1 : 0;
}

int tl__avx2_bl_has(tl_dtype from, tl_dtype to, int sat) {
  if ((from != TL_INT8 && from != TL_UINT8) || (int)to < 0 || to >= TL_NUM_CONCRETE) return 0;
  const tl__bl *P = tl__bl_get(from, to, sat);
  return P ? P->wide ? 3 : P->adj ? 2 : 1 : 0;
}
/* For the tests: does pair (from, to, sat) have a normalized-binade formula (tl__bn)? */
int tl__avx2_bn_has(tl_dtype from, tl_dtype to, int sat) {
  if ((from != TL_INT8 && from != TL_UINT8) || (int)to < 0 || to >= TL_NUM_CONCRETE) return 0;
  return tl__bn_get(from, to, sat) != NULL;
}

/* ---- the route of a 1-byte source's pair --------------------------------
 * Which of the above converts a pair (a clamp of int8/uint8, a byte rule, a
 * binade formula, a range clamp, an affine rule, a fold or the lookup
 * itself) is found by asking each in turn: ~40 ns a call, 3-4% of a 32 KiB
 * float8 -> float8 conversion (Zen 2). So it is found once per (pair,
 * saturate) and kept: the rule, the table and a runner of one signature.
 * While a test has the folds, the affine rules, the row sums or the code shifts off, routes
 * are found on each call and not kept (the kept ones were found with all on). */
typedef struct tl__mwp_ tl__mwp; /* a max window (below) */
typedef void (*tl__mw_fn_t)(const tl__mwp *, const unsigned char *, const void *, void *, size_t);
typedef struct tl__route_ tl__route;
typedef void (*tl__route_fn)(const tl__route *R, const void *src, void *dst, size_t n);
struct tl__route_ {
  tl__route_fn run; /* NULL: no route (tl__route_none) */
  const void *P;    /* the rule */
  union {           /* the rule's specialised function, chosen when found */
    tl__cl_fn cl;
    void (*bl)(const tl__bl *, const unsigned char *, const void *, void *, size_t);
    void (*bn)(const tl__bn *, const unsigned char *, const void *, void *, size_t);
    tl__aff_fn_t aff;
    tl__ns_fn_t ns;
    tl__cs_fn_t cs;
    tl__ls_fn_t ls;
    tl__mw_fn_t mw;
    tl__fold_fn_t fold;
    void (*lut)(const tl__lutp *, const unsigned char *, const void *, void *, size_t); /* the lookup's (D, K) */
  } f;
  const unsigned char *t;
  tl_dtype to;
  unsigned flags; /* the clamp's */
  int arg;        /* the byte rule */
};
static void tl__r_cl(const tl__route *R, const void *src, void *dst, size_t n) { R->f.cl(R->P, R->to, R->flags, src, dst, n); }
static void tl__r_bint(const tl__route *R, const void *src, void *dst, size_t n) { tl__bint_run(R->arg, R->t, src, dst, n); }
static void tl__r_bl(const tl__route *R, const void *src, void *dst, size_t n) { R->f.bl(R->P, R->t, src, dst, n); }
static void tl__r_bn(const tl__route *R, const void *src, void *dst, size_t n) { R->f.bn(R->P, R->t, src, dst, n); }
static void tl__r_hn(const tl__route *R, const void *src, void *dst, size_t n) { tl__hn_call(R->P, R->t, src, dst, n); }
static void tl__r_rg(const tl__route *R, const void *src, void *dst, size_t n) { tl__rg_call(R->P, R->t, src, dst, n); }
static void tl__r_aff(const tl__route *R, const void *src, void *dst, size_t n) { R->f.aff(R->P, R->t, src, dst, n); }
static void tl__r_fold(const tl__route *R, const void *src, void *dst, size_t n) { R->f.fold(R->P, R->t, src, dst, n); }
static void tl__r_ns(const tl__route *R, const void *src, void *dst, size_t n) { R->f.ns(R->P, R->t, src, dst, n); }
static void tl__r_lut(const tl__route *R, const void *src, void *dst, size_t n) { R->f.lut(R->P, R->t, src, dst, n); }
static void tl__r_cs(const tl__route *R, const void *src, void *dst, size_t n) { R->f.cs(R->P, R->t, src, dst, n); }
static void tl__r_ls(const tl__route *R, const void *src, void *dst, size_t n) { R->f.ls(R->P, R->t, src, dst, n); }

/* A fold's cost where the routes compete, in the row sums' units */
static int tl__fold_cost(const tl__foldp *F) { return F->F.cost + TL__NS_FOLD_BASE + (1 << (F->F.k - 4)) - 1 + F->F.nexc; }

/* ---- float8 -> 1-byte types by an affine rule above a floor ("floored rules") --
 * Many float8 -> float8/6 pairs have an affine rule (tl__aff) everywhere but
 * among their smallest codes, whose targets' subnormals or zero need more
 * window than the rule's 16 or 32 entries: float8_e4m3fn -> float8_e3m4 is
 * 2m - 64 (m = x & 0x7F) from 2^-2 up, float8_e4m3b11fnuz -> float8_e4m3fn
 * m + 32 from 2^-6, and those pairs run by row sums, range clamps or folds of
 * 18-23 operations a vector. A floored rule is the affine rule of the table
 * with every magnitude below a floor F made F's (on both signs): for each
 * pair the cheapest rule over the floors whose code's value is at most
 * TL__AFL_TOP, taken where it costs (tl__aff.cost, plus 2 for the floor's
 * test) less than the route the pair has without it. Each 64 codes are
 * tested for a magnitude below F (VPMINUB of the two vectors' magnitudes,
 * one compare, VPMOVMSKB: against two compares, an OR and VPTEST 1.02-1.11x)
 * as the rule runs on them; in a chunk of TL__AFL_CHUNK codes up to TL__AFL_BAD blocks
 * with at most TL__AFL_PATCH such codes each get those codes' entries from
 * the table after the rule's are stored; past that the block goes to the
 * route the pair has without the rule (the "base") for a chunk, doubled
 * each time in a row up to 16 chunks (data of small values throughout then
 * costs a few blocks' tests a run). For calls of up to TL__H8_BRANCH_MAX bytes (not
 * tl__run_streams's pieces): larger ones, which stream, run by the base.
 * Not where blends are slow (tl__cpu_blend_slow, Intel): measured on AMD
 * only. AVX2 on Zen 4, 32 KiB, x memcpy, medians of 5 in alternation with
 * the routes before, the bench's values in [-100, 100]: float8_e4m3fn ->
 * float8_e3m4 0.35 -> 0.51, float8_e4m3fnuz -> float8_e3m4 0.38 -> 0.64,
 * float8_e4m3b11fnuz -> float8_e3m4 0.31 -> 0.63, -> float8_e4m3fn 0.46 ->
 * 0.72, -> float8_e4m3fnuz 0.40 -> 0.73, -> float6_e2m3fn 0.34 -> 0.45,
 * float8_e5m2fnuz -> float8_e3m4 0.40 -> 0.52, float8_e4m3fnuz ->
 * float6_e3m2fn 0.36 -> 0.45; in-process against the floored rules off, on
 * values in [-1, 1], [-0.05, 0.05] and [-0.01, 0.01] (most blocks below the
 * floor) 0.95-1.08x. Blocks handed to the base for each code below the
 * floor, without the patches: float8_e4m3fn -> float8_e3m4 0.45, on [-1, 1]
 * 0.54x the route before; patches without the chunk's limit: [-1, 1]
 * 0.54x. */
#define TL__AFL_TOP 0.0625f
#define TL__AFL_PATCH 4
#define TL__AFL_BAD 2
#define TL__AFL_CHUNK ((size_t)1024)
typedef struct tl__afl_ tl__afl;
typedef void (*tl__afl_fn_t)(const tl__afl *, const unsigned char *, const void *, void *, size_t);
struct tl__afl_ {
  tl__affp P;     /* the rule (first: 32-byte aligned) */
  tl__route base; /* the pair's route without it */
  tl__afl_fn_t fn;
  int F; /* the floor: magnitudes below it go to the base */
};

static inline __attribute__((always_inline)) void tl__afl_run(const tl__afl *L, const unsigned char *t, int SH, int RH,
                                                              int MODE, int FORM, const uint8_t *s, char *d, size_t n) {
  const tl__route *B = &L->base;
  if (n > TL__H8_BRANCH_MAX || tl__nt_off) {
    B->run(B, s, d, n);
    return;
  }
  tl__affk K;
  tl__aff_k(&L->P, MODE, &K);
  const __m256i fl = _mm256_set1_epi8((char)L->F), m7 = _mm256_set1_epi8(0x7F);
  size_t i = 0;
  unsigned streak = 0;
  while (i + 64 <= n) {
    /* a chunk of TL__AFL_CHUNK codes by the rule while at most TL__AFL_BAD
       of its blocks hold codes below the floor, each at most TL__AFL_PATCH */
    const size_t end = n - i > TL__AFL_CHUNK ? i + TL__AFL_CHUNK : n;
    int bad = 0;
    for (; i + 64 <= end; i += 64) {
      const __m256i x0 = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
      const __m256i x1 = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 32));
      const __m256i m0 = _mm256_and_si256(x0, m7), m1 = _mm256_and_si256(x1, m7); /* tl__aff32's too */
      const __m256i r0 = tl__aff32(x0, SH, RH, MODE, FORM, 0, &K), r1 = tl__aff32(x1, SH, RH, MODE, FORM, 0, &K);
      if (_mm256_movemask_epi8(_mm256_cmpgt_epi8(fl, _mm256_min_epu8(m0, m1)))) {
        const __m256i l0 = _mm256_cmpgt_epi8(fl, m0), l1 = _mm256_cmpgt_epi8(fl, m1);
        uint64_t bits = (uint64_t)(uint32_t)_mm256_movemask_epi8(l0) | (uint64_t)(uint32_t)_mm256_movemask_epi8(l1) << 32, b = bits;
        for (int k = 0; k < TL__AFL_PATCH && b; k++) b &= b - 1;
        if (b || ++bad > TL__AFL_BAD) break;
        unsigned char xb[64]; /* the source first: d may be s */
        _mm256_storeu_si256((__m256i *)(void *)xb, x0), _mm256_storeu_si256((__m256i *)(void *)(xb + 32), x1);
        _mm256_storeu_si256((__m256i *)(void *)(d + i), r0), _mm256_storeu_si256((__m256i *)(void *)(d + i + 32), r1);
        for (; bits; bits &= bits - 1) {
          const unsigned k = (unsigned)__builtin_ctzll(bits);
          d[i + k] = (char)t[xb[k]];
        }
        continue;
      }
      _mm256_storeu_si256((__m256i *)(void *)(d + i), r0);
      _mm256_storeu_si256((__m256i *)(void *)(d + i + 32), r1);
    }
    if (i + 64 > end) { /* the chunk done by the rule */
      streak = 0;
      continue;
    }
    /* from this block on by the base: a chunk, doubled each time in a row */
    const size_t run = (size_t)TL__AFL_CHUNK << (streak < 4 ? streak : 4);
    const size_t r = run < n - i ? run : n - i;
    B->run(B, s + i, d + i, r);
    i += r, streak++;
  }
  for (; i < n; i++) d[i] = (char)t[s[i]];
}
/* one function per (shift, sign rule, form) that a floored rule takes:
   shifts 0, left 1 saturating, left 2 wrapping, right 1 to nearest even;
   XOR80 and XORSM; forms 0, 2, 4, 6 */
#define TL__AFLFN(SHN, SH, RH, M, F)                                                                            \
  static __attribute__((noinline)) void tl__afl_##SHN##_##M##F(const tl__afl *L, const unsigned char *t,        \
                                                               const void *src, void *dst, size_t n) {         \
    tl__afl_run(L, t, SH, RH, M, F, src, dst, n);                                                              \
  }
#define TL__AFLFNM(SHN, SH, RH, M) TL__AFLFN(SHN, SH, RH, M, 0) TL__AFLFN(SHN, SH, RH, M, 2) \
  TL__AFLFN(SHN, SH, RH, M, 4) TL__AFLFN(SHN, SH, RH, M, 6)
#define TL__AFLFNS(SHN, SH, RH) TL__AFLFNM(SHN, SH, RH, 0) TL__AFLFNM(SHN, SH, RH, 1)
TL__AFLFNS(z, 0, 0)
TL__AFLFNS(l1, 1, 0)
TL__AFLFNS(w2, 2, 1)
TL__AFLFNS(r1, -1, 0)
#undef TL__AFLFNS
#undef TL__AFLFNM
#undef TL__AFLFN

/* The floored function of rule A, or NULL if it has none. */
static tl__afl_fn_t tl__afl_fn(const tl__aff *A) {
#define TL__AFLM(SHN, M) {tl__afl_##SHN##_##M##0, NULL, tl__afl_##SHN##_##M##2, NULL, tl__afl_##SHN##_##M##4, NULL, tl__afl_##SHN##_##M##6}
#define TL__AFLROW(SHN) {TL__AFLM(SHN, 0), TL__AFLM(SHN, 1)}
  static const tl__afl_fn_t fns[4][2][7] = {TL__AFLROW(z), TL__AFLROW(l1), TL__AFLROW(w2), TL__AFLROW(r1)};
#undef TL__AFLROW
#undef TL__AFLM
  const int form = tl__aff_form(A), rh = A->sh != 0 && A->rh;
  const int code = A->sh == 0 ? 0 : A->sh == 1 && !rh ? 1 : A->sh == 2 && rh ? 2 : A->sh == -1 && !rh && !tl__aff_avg(A) ? 3 : -1;
  if (code < 0 || A->mode > TL__AFF_XORSM || form > 6) return NULL;
  return fns[code][A->mode][form];
}

/* The operations a vector of route R, in the row sums' units (as tl__route_find
   compares them); -1 for the routes a floored rule does not replace. */
static int tl__route_cost(const tl__route *R) {
  if (R->run == tl__r_aff) return tl__aff_cost(&((const tl__affp *)R->P)->A);
  if (R->run == tl__r_fold) return tl__fold_cost(R->P);
  if (R->run == tl__r_ns) return ((const tl__nsp *)R->P)->R.cost;
  if (R->run == tl__r_rg) return ((const tl__rg *)R->P)->cost;
  if (R->run == tl__r_cs) return ((const tl__csp *)R->P)->Q.cost;
  if (R->run == tl__r_ls) return ((const tl__ls *)R->P)->cost;
  if (R->run == tl__r_lut) return ((const tl__lutp *)R->P)->k == 8 ? TL__NS_LUT_COST : -1;
  return -1;
}

static _Atomic(tl__afl *) tl__afls[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__afl tl__afl_none; /* "looked, none" */
static _Atomic int tl__afl_off;

/* The floored rule of pair (from, to, sat), whose route without it is *base,
   or NULL: signed float8 sources into 1 byte. */
static const tl__afl *tl__afl_get(tl_dtype from, tl_dtype to, int sat, const tl__route *base) {
  tl__afl *P = atomic_load_explicit(&tl__afls[from][to][sat], memory_order_acquire);
  if (P) return P == &tl__afl_none ? NULL : P;
  const int bc = tl__route_cost(base);
  const unsigned char *t = tl__fold_src(from) == TL__FOLD_MAG && tl__info(to)->itemsize == 1 && bc > 0 &&
                                   !tl__cpu_blend_slow
                               ? tl__table8(from, to, sat)
                               : NULL;
  tl__afl *np = &tl__afl_none;
  if (t) {
    np = aligned_alloc(32, sizeof *np);
    if (!np) return NULL;
    memset(np, 0, sizeof *np);
    int found = 0;
    /* the floors: magnitudes ascend with the code up to the largest finite */
    for (int F = 1; F < 128; F++) {
      const unsigned char c = (unsigned char)F;
      float v = 0;
      tl__convert_generic(from, (const char *)&c, 1, TL_FLOAT32, (char *)&v, 4, 1, 0);
      if (!(v <= TL__AFL_TOP)) break;
      unsigned char u[256];
      memcpy(u, t, sizeof u);
      for (int m = 0; m < F; m++) u[m] = t[F], u[0x80 | m] = t[0x80 | F];
      tl__aff A;
      memset(&A, 0, sizeof A);
      if (tl__aff_find(u, 0, &A) && tl__afl_fn(&A) && A.cost + 2 < bc && (!found || A.cost < np->P.A.cost)) {
        np->P.A = A, np->F = F, found = 1;
      }
    }
    if (found) {
      tl__aff_consts(&np->P); /* as tl__aff_get's, on the floored table */
      np->base = *base, np->fn = tl__afl_fn(&np->P.A);
    } else {
      free(np), np = &tl__afl_none;
    }
  }
  return TL__PUBLISH(tl__afls[from][to][sat], np, &tl__afl_none);
}
static void tl__r_afl(const tl__route *R, const void *src, void *dst, size_t n) {
  const tl__afl *L = R->P;
  L->fn(L, R->t, src, dst, n);
}

/* Tests and benchmarks: turn the floored rules off or back on; returns the previous setting. */
int tl__avx2_afl_disable(int off) { return atomic_exchange(&tl__afl_off, off != 0); }


/* The route of pair (from, to, sat) into *R: 1, or 0 if it has none here. */
static int tl__route_find0(tl_dtype from, tl_dtype to, int sat, tl__route *R) {
  memset(R, 0, sizeof *R);
  R->to = to, R->flags = sat ? TL_CONVERT_SATURATE : 0;
  if (!tl__avx2_lut8_ok(from, to, sat)) return 0;
  const tl__lutp *L = tl__lut_get(from, to, sat != 0);
  const unsigned char *t = L ? tl__table8(from, to, sat != 0) : NULL;
  if (!t) return 0;
  R->t = t;
  /* a 1-byte lookup that is one shuffle of an index made by one or two
     operations (the byte's low nibble, min(byte, 1), min(byte & 0x7F, 1):
     bool -> anything, anything -> bool; a window of at most 16 codes,
     min(byte - a, cap): float8_e8m0fnu -> the integers) before every rule:
     2-3 operations a vector against the high nibble's 6, a range clamp's or a
     fold's (AVX2 on Zen 5,
     32 KiB, x memcpy, in alternation: bool -> int8 0.47 -> 0.56,
     bool -> float8_e8m0fnu 0.46 -> 0.57, float8_e3m4 -> bool 0.42 -> 0.56,
     float8_e4m3fn -> bool 0.41 -> 0.56, float8_e5m2fnuz -> bool 0.45 ->
     0.55, int8 -> bool 0.59 -> 0.60) */
  if (tl__info(to)->itemsize == 1 && L->k == 4 && L->np == 1 && L->map[0] == 0) /* every 1-byte mode at k = 4 */
    goto lookup;
  if (tl__info(to)->itemsize == 1) {
    const tl__cl *C = from == TL_INT8 || from == TL_UINT8 ? tl__cl_get(from, to, sat) : NULL;
    if (C) {
      R->run = tl__r_cl, R->P = C, R->f.cl = from == TL_INT8 ? tl__cl_i8 : tl__cl_u8;
      return 1;
    }
    const tl__hn *HN = tl__hn_get(from, to, sat);
    if (HN) {
      R->run = tl__r_hn, R->P = HN;
      return 1;
    }
    const int B8 = tl__bint_get(from, to, sat);
    if (B8 > 0) {
      R->run = tl__r_bint, R->arg = B8;
      return 1;
    }
    const tl__bl *B = tl__bl_use(from, to, sat);
    /* the normalized binades in place of the 8-row form (AVX2 on Zen 4, 32
       KiB, in alternation: uint8 -> float8_e5m2/e5m2fnuz x 1.21-1.25; of the
       6-row form x 0.91-0.92, of int8's 7-bit folds x 0.85-0.96), and of the
       6-row form where blends are slow (Intel: x 1.3, tl__bn) */
    const tl__bn *BN = B && (B->wide || tl__cpu_blend_slow) && from == TL_UINT8 ? tl__bn_get(from, to, sat) : NULL;
    if (BN && (BN->sh == 5 || BN->sh == 4)) {
      R->run = tl__r_bn, R->P = BN, R->f.bn = BN->sh == 5 ? tl__bn_u8_m2 : tl__bn_u8_m3;
      return 1;
    }
    if (B) {
      R->run = tl__r_bl, R->P = B, R->f.bl = from == TL_INT8 ? tl__bl_i8 : tl__bl_u8;
      return 1;
    }
  }
  /* a range clamp first, but one of two tables per half after an affine
     rule into an unsigned integer (no sign to apply: float8_e5m2 -> uint4
     0.60 against 0.47x memcpy, float8_e3m4 -> uint2 0.52 against 0.47; into
     float4_e2m1fn from float8_e4m3b11fnuz the clamp wins, 0.41 against
     0.32); a clamp whose negative half is one code (tl__rg.sg 2) first again
     (AVX2, Zen 4, 32 KiB, in alternation: float8_e5m2 -> uint4 0.60 -> 0.67,
     float8_e3m4 -> uint2 0.53 -> 0.67, float8_e4m3b11fnuz -> uint4 0.44 ->
     0.50, float8_e5m2fnuz -> uint4 0.70 -> 0.79) */
  const tl__rg *RG = tl__info(to)->itemsize == 1 ? tl__rg_get(from, to, sat) : NULL;
  /* a clamp of four sub-tables a half competes by cost with the rule that
     would run without it (TL__RG_WIDE: taken where cheaper, the costs in
     the units of tl__ns.cost, as the row sums' comparison below) */
  const tl__rg *RGW = RG && RG->nsub == 4 ? RG : NULL;
  if (RGW) RG = NULL;
#define TL__RG_WIDE(c)                                                                                        \
  do {                                                                                                        \
    if (RGW && RGW->cost < (c)) {                                                                             \
      R->run = tl__r_rg, R->P = RGW;                                                                          \
      return 1;                                                                                               \
    }                                                                                                         \
  } while (0)
  const tl__affp *A =
      RG && (RG->nsub == 1 || RG->sg == 2 || tl__info(to)->kind != TL_KIND_UINT) ? NULL : tl__aff_use(from, to, sat, L);
  /* where blends are slow, an affine rule dearer than the fold (tl__aff_cost)
     gives way: the pair's route is then found as if it had none */
  if (A && tl__cpu_blend_slow && !atomic_load_explicit(&tl__fold_off, memory_order_relaxed) && tl__fold_has(from, to, sat, L) &&
      tl__fold_cost(tl__fold_get(from, to, sat != 0)) < tl__aff_cost(&A->A))
    A = NULL;
  /* a row-sum rule where it takes no more operations than the affine rule,
     the fold or the lookup that would run (or one more, against 12 or more:
     measured, AVX2 on Zen 4, 32 KiB, in alternation: at equal counts the
     row sums ran 0.5-16% faster, at one more 1.5-6% faster from 12 up and
     2% slower at 10; two or more over, 4-41% slower) */
  const tl__nsp *NS = tl__info(to)->itemsize == 1 && !atomic_load_explicit(&tl__ns_off, memory_order_relaxed)
                          ? tl__ns_get(from, to, sat != 0)
                          : NULL;
  /* a code shift where it takes fewer operations than the row sums or the affine rule that would run */
  const tl__csp *CS = tl__info(to)->itemsize == 1 && !atomic_load_explicit(&tl__cs_off, memory_order_relaxed)
                          ? tl__cs_get(from, to, sat != 0)
                          : NULL;
  /* a left shift where it takes fewer operations than any rule that would run */
  const tl__ls *LS = tl__info(to)->itemsize == 1 && !atomic_load_explicit(&tl__cs_off, memory_order_relaxed)
                         ? tl__ls_get(from, to, sat != 0)
                         : NULL;
  if (LS && (!CS || LS->cost < CS->Q.cost) && (!NS || LS->cost < NS->R.cost) && (!A || LS->cost < tl__aff_cost(&A->A)) &&
      (!RG || LS->cost < RG->cost) && (!RGW || LS->cost < RGW->cost) &&
      (!tl__fold_has(from, to, sat, L) || LS->cost < tl__fold_cost(tl__fold_get(from, to, sat != 0)))) {
    R->run = tl__r_ls, R->P = LS, R->f.ls = tl__ls_fn(LS);
    return 1;
  }
  if (CS && (!NS || CS->Q.cost <= NS->R.cost) && (!A || CS->Q.cost <= tl__aff_cost(&A->A)) && !RG) {
    R->run = tl__r_cs, R->P = CS, R->f.cs = tl__cs_fn(&CS->Q);
    return 1;
  }
  if (NS && !(RG && !A)) {
    const tl__foldp *F = A || atomic_load_explicit(&tl__fold_off, memory_order_relaxed) ? NULL : tl__fold_get(from, to, sat != 0);
    const int other = A                                   ? tl__aff_cost(&A->A)
                      : F && tl__fold_has(from, to, sat, L) ? tl__fold_cost(F)
                                                            : TL__NS_LUT_COST;
    if (NS->R.cost <= other + (other >= 12)) {
      TL__RG_WIDE(NS->R.cost);
      R->run = tl__r_ns, R->P = NS, R->f.ns = tl__ns_fn(&NS->R);
      return 1;
    }
  }
  if (RG && !A) {
    R->run = tl__r_rg, R->P = RG;
    return 1;
  }
  if (A) { /* its function not NULL: tl__aff_find takes only rules that have one */
    TL__RG_WIDE(tl__aff_cost(&A->A));
    R->run = tl__r_aff, R->P = A, R->f.aff = tl__aff_fn(&A->A);
    return 1;
  }
  if (tl__fold_has(from, to, sat, L)) {
    const tl__foldp *F = tl__fold_get(from, to, sat != 0);
    TL__RG_WIDE(tl__fold_cost(F));
    R->run = tl__r_fold, R->P = F, R->f.fold = tl__fold_fn(F);
    return 1;
  }
  TL__RG_WIDE(TL__NS_LUT_COST);
#undef TL__RG_WIDE
lookup:
#define TL__LUT_K0(D) R->f.lut = L->k == 4 ? tl__lut_##D##_4 : L->k == 5 ? tl__lut_##D##_5 : L->k == 6 ? tl__lut_##D##_6 \
                                  : L->k == 7 ? tl__lut_##D##_7 : tl__lut_##D##_8;
#define TL__LUT_K(D)                                                                                  \
  case D:                                                                                             \
    TL__LUT_K0(D)                                                                                     \
    if (L->idx == TL__IDX_WIN) R->f.lut = L->k == 4 ? tl__lutw_##D##_4 : tl__lutw_##D##_5; /* k: 4 or 5 */ \
    break;
  switch (tl__info(to)->itemsize) {
  case 1: /* a window: one sub-table (tl__lut_get) */
    TL__LUT_K0(1)
    if (L->idx == TL__IDX_WIN) R->f.lut = tl__lutw_1_4;
    break;
    TL__LUT_K(2)
    TL__LUT_K(4)
    TL__LUT_K(8)
    TL__LUT_K(16)
  default: return 0;
  }
#undef TL__LUT_K
#undef TL__LUT_K0
  /* the sign bit: 2-byte outputs of 4-6 index bits, 1-byte ones of 5 (float6 codes; tl__lut_get) */
  if (L->idx == TL__IDX_HALF) R->f.lut = tl__luth_1_5; /* 1-byte outputs, k = 5 */
  if (L->idx == TL__IDX_SGN)
    R->f.lut = tl__info(to)->itemsize == 1 ? tl__luts_1_5 : L->k == 4 ? tl__luts_2_4 : L->k == 5 ? tl__luts_2_5 : tl__luts_2_6;
  R->run = tl__r_lut, R->P = L;
  return 1;
}

/* ---- float8 -> 1-byte types as the max of a rebias and a window ("max windows") --
 * Between float formats whose normal codes differ by a rebias (and a
 * rounding shift), the magnitude m = x & 0x7F's code is that rebias above
 * the target's smallest normal and the target's subnormals below it, which
 * lie above the rebias's (saturated) values there, and the rebias's values
 * lie above the window's entries past it. So
 *   v = max(min(RNE(sat(m - B) >> S), CAP), W[m - lo])
 * with W a lookup of 16 or 32 entries read at m - lo (32: two VPSHUFB,
 * telescoped by an add, so that past the window they read an entry of the
 * upper 16, not 0, and below it 0), then the sign (tl__sign8's rules), at
 * most one byte patched (float8 fnuz's NaN 0x80) and a tail of one code
 * from magnitude T up, put in after the sign (one code for both signs) or
 * before it (float8 NaN into the MX formats: 0x20 positive, 0x00
 * negative), by a compare and a blend: no blends for the window, the level
 * or the cap (AVX2 on Zen 4,
 * 32 KiB, x memcpy, bench convert, 3 passes, against the routes before:
 * float8_e4m3 / e4m3fn -> float6_e2m3fn 0.49 -> 0.56, float8_e4m3fnuz /
 * e4m3b11fnuz -> float6_e2m3fn 0.44 -> 0.56, float8_e4m3 / e4m3fn ->
 * float4_e2m1fn 0.40 -> 0.44, float8_e5m2 -> float4_e2m1fn 0.59 -> 0.71,
 * float8_e4m3fnuz -> float8_e4m3 0.69 -> 0.77). A rule is taken only if tl__mw_eval, the same byte
 * operations in scalar code, gives the pair's table entry for all 256
 * codes, and where it costs no more operations than the route found
 * without it (fewer than a floored rule: tl__route_find). The search
 * (every tail, patch, sign rule, S <= 3 and B) runs once per pair, at most
 * ~6 ms. */
typedef struct {
  int S, mode, w32, tail, patch, cost; /* tail: 0 none, 1 after the sign, 2 before it */
  unsigned char B, CAP, lo, sm, T, TV, P, PV;
  unsigned char W[32];
} tl__mw;

static unsigned tl__mw_mag(const tl__mw *Q, unsigned m) {
  const unsigned u = m > Q->B ? m - Q->B : 0;
  unsigned a = Q->S ? (u + (1u << (Q->S - 1)) - 1 + ((u >> Q->S) & 1)) >> Q->S : u;
  a = a < Q->CAP ? a : Q->CAP;
  /* the lookups as tl__mw32's VPSHUFB: W[i & 15] at i = m - lo, 0 where i has bit 7 set (below the
     window); a 32-entry window adds W[16 + j] - W[j] read at i - 16 (so past it the upper half's entry) */
  const unsigned i = (m - Q->lo) & 0xFF, i16 = (i - 16) & 0xFF;
  unsigned w = i >= 128 ? 0 : Q->W[i & 15];
  if (Q->w32 && i16 < 128) w = (w + Q->W[16 + (i16 & 15)] - Q->W[i16 & 15]) & 0xFF;
  return a > w ? a : w;
}
static unsigned tl__mw_eval(const tl__mw *Q, unsigned x) {
  unsigned v = tl__mw_mag(Q, x & 0x7F);
  if (Q->tail == 2 && (x & 0x7F) >= Q->T) v = Q->TV; /* before the sign */
  v = tl__sign8s(Q->mode, v, x, Q->sm);
  if (Q->patch && x == Q->P) v = Q->PV;
  if (Q->tail == 1 && (x & 0x7F) >= Q->T) v = Q->TV;
  return v & 0xFF;
}

/* The cheapest max-window rule of table t (a signed 1-byte source), or 0 */
static int tl__mw_find(const unsigned char *t, tl__mw *best) {
  static const int modes[] = {TL__AFF_XOR80, TL__AFF_XORSM, TL__AFF_NZ};
  static const int signcost[] = {2, 3, 3};
  int found = 0;
  for (int tail = 0; tail < 3; tail++) {
    unsigned T = 128;
    if (tail) { /* from magnitude T up: 1, one code for both signs; 2, one magnitude's code, signed */
      if (tail == 1 && t[127] != t[255]) continue;
      while (T > 1 && t[T - 1] == t[127] && t[0x80 | (T - 1)] == t[255]) T--;
      if (T == 128 || T <= 1) continue;
    }
    /* the cap: the largest positive entry below the tail; the sign bit the XORSM rule flips */
    unsigned cap = 0;
    for (unsigned m = 0; m < T; m++) cap = t[m] > cap ? t[m] : cap;
    const unsigned sm = t[0x80 | (T / 2)] ^ t[T / 2];
    for (int patch = 0; patch < 2; patch++)
      for (int mi = 0; mi < 3; mi++) {
        /* the sign rule must give the negative half's entries from the positive's below the tail (the
           patched byte aside): checked once here, not for every B */
        if (modes[mi] == TL__AFF_XORSM && (!sm || (sm & (sm - 1)) || sm == 0x80)) continue;
        int sok = 1;
        for (unsigned m = patch; m < T && sok; m++) sok = t[0x80 | m] == (tl__sign8s(modes[mi], t[m], 0x80 | m, sm) & 0xFF);
        if (!sok) continue;
        for (int S = 0; S <= 3; S++)
          for (unsigned B = 0; B < 128; B++) {
            tl__mw Q;
            memset(&Q, 0, sizeof Q);
            Q.S = S, Q.mode = modes[mi], Q.tail = tail, Q.patch = patch, Q.B = (unsigned char)B;
            Q.T = (unsigned char)T, Q.TV = t[127], Q.P = 0x80, Q.PV = t[0x80];
            Q.CAP = (unsigned char)cap, Q.sm = (unsigned char)(modes[mi] == TL__AFF_XORSM ? sm : 0);
            /* the window: from the first magnitude the rebias misses */
            unsigned lo = 0;
            Q.lo = 0, Q.w32 = 0;
            memset(Q.W, 0, sizeof Q.W);
            {
              tl__mw R = Q; /* the rebias alone (window of zeros) */
              R.lo = 128;
              while (lo < T && tl__mw_mag(&R, lo) == t[lo]) lo++;
            }
            if (lo >= T) lo = T - 1;
            Q.lo = (unsigned char)lo;
            int ok = 1;
            for (int w32 = 0; w32 < 2; w32++) {
              Q.w32 = w32;
              memset(Q.W, 0, sizeof Q.W);
              const unsigned len = w32 ? 32 : 16;
              for (unsigned j = 0; j < len && lo + j < 128; j++) Q.W[j] = t[lo + j];
              ok = 1;
              for (unsigned x = 0; x < 256 && ok; x++) ok = tl__mw_eval(&Q, x) == t[x];
              if (ok) break;
            }
            if (!ok) continue;
            /* a blend (the tail, the patch) three operations where blends are slow (Intel), as tl__aff_cost */
            Q.cost = 1 + (S == 0 ? 2 : S == 3 ? 8 : 7) + (Q.w32 ? 6 : 3) + signcost[mi] +
                     (2 + 2 * tl__cpu_blend_slow) * ((tail != 0) + patch);
            if (!found || Q.cost < best->cost) *best = Q, found = 1;
          }
      }
  }
  return found;
}

struct tl__mwp_ {
  tl__mw Q;
  __m256i W0, W1; /* the window's first 16 entries; the upper 16 less them (32-entry windows) */
};
static _Atomic(tl__mwp *) tl__mws[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__mwp tl__mw_none; /* "looked, none" */

/* The max-window rule of pair (from, to, sat), or NULL: signed float8 sources into 1 byte. */
static const tl__mwp *tl__mw_get(tl_dtype from, tl_dtype to, int sat) {
  tl__mwp *P = atomic_load_explicit(&tl__mws[from][to][sat], memory_order_acquire);
  if (P) return P == &tl__mw_none ? NULL : P;
  const unsigned char *t =
      tl__fold_src(from) == TL__FOLD_MAG && tl__info(to)->itemsize == 1 ? tl__table8(from, to, sat) : NULL;
  tl__mwp *np = &tl__mw_none;
  tl__mw Q;
  if (t && tl__mw_find(t, &Q)) {
    if (!(np = aligned_alloc(32, sizeof *np))) return NULL; /* out of memory: not now */
    memset(np, 0, sizeof *np);
    np->Q = Q;
    unsigned char d[16];
    for (int j = 0; j < 16; j++) d[j] = (unsigned char)(Q.W[16 + j] - Q.W[j]);
    np->W0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)Q.W));
    np->W1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)d));
  }
  return TL__PUBLISH(tl__mws[from][to][sat], np, &tl__mw_none);
}
/* For the tests: the pair's max-window rule as its cost, 0 for none. */
int tl__avx2_mw_cost(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE || !tl__avx2_lut8_ok(from, to, sat))
    return 0;
  const tl__mwp *P = tl__mw_get(from, to, sat != 0);
  return P ? P->Q.cost : 0;
}

static inline __attribute__((always_inline)) __m256i tl__mw32(__m256i x, int S, int MODE, int W32, int TAIL, int PATCH,
                                                              const __m256i *K) {
  /* K: B, CAP, lo, sm, T - 1, TV, P, PV, W0, W1; TAIL: 1 after the sign, 2 before */
  const __m256i m = _mm256_and_si256(x, _mm256_set1_epi8(0x7F));
  __m256i a = _mm256_subs_epu8(m, K[0]);
  if (S) { /* RNE(a >> S): (a + 2^(S-1) - 1 + lsb) >> S, from S = 2 as VPAVGB(a, 2^(S-1) - 2 + lsb) >> (S - 1) */
    const __m256i lsb = _mm256_and_si256(_mm256_srli_epi16(a, S), _mm256_set1_epi8(1));
    const int sh = S == 1 ? 1 : S - 1;
    a = S == 1 ? _mm256_add_epi8(a, lsb) /* a <= 127: no carry */
        : _mm256_avg_epu8(a, S == 2 ? lsb : _mm256_or_si256(lsb, _mm256_set1_epi8((char)((1 << (S - 1)) - 2))));
    a = _mm256_and_si256(_mm256_srli_epi16(a, sh), _mm256_set1_epi8((char)(0xFF >> sh)));
  }
  a = _mm256_min_epu8(a, K[1]);
  const __m256i i = _mm256_sub_epi8(m, K[2]);
  __m256i w = _mm256_shuffle_epi8(K[8], i);
  if (W32) w = _mm256_add_epi8(w, _mm256_shuffle_epi8(K[9], _mm256_sub_epi8(i, _mm256_set1_epi8(16))));
  __m256i v = _mm256_max_epu8(a, w);
  if (TAIL == 2) v = _mm256_blendv_epi8(v, K[5], _mm256_cmpgt_epi8(m, K[4]));
  v = tl__sign8(MODE, v, x, K[3]);
  if (PATCH) v = _mm256_blendv_epi8(v, K[7], _mm256_cmpeq_epi8(x, K[6]));
  if (TAIL == 1) v = _mm256_blendv_epi8(v, K[5], _mm256_cmpgt_epi8(m, K[4]));
  return v;
}
static inline __attribute__((always_inline)) void tl__mw_run(const tl__mwp *P, const unsigned char *t, int S, int MODE,
                                                             int W32, int TAIL, int PATCH, const uint8_t *s, char *d,
                                                             size_t n) {
  const tl__mw *Q = &P->Q; /* read before the loop: stores through d could alias *P */
  const __m256i K[10] = {_mm256_set1_epi8((char)Q->B),  _mm256_set1_epi8((char)Q->CAP),      _mm256_set1_epi8((char)Q->lo),
                         _mm256_set1_epi8((char)Q->sm), _mm256_set1_epi8((char)(Q->T - 1)), _mm256_set1_epi8((char)Q->TV),
                         _mm256_set1_epi8((char)Q->P),  _mm256_set1_epi8((char)Q->PV),       P->W0,
                         P->W1};
#define TL__MW_STEP(x) tl__mw32(x, S, MODE, W32, TAIL, PATCH, K)
  TL__RUN8(t, n, TL__MW_STEP);
#undef TL__MW_STEP
}
#define TL__MWFN(S, M, W, T, PA)                                                                                \
  static __attribute__((noinline)) void tl__mw_##S##M##W##T##PA(const tl__mwp *P, const unsigned char *t,      \
                                                                const void *src, void *dst, size_t n) {        \
    tl__mw_run(P, t, S, M, W, T, PA, src, dst, n);                                                             \
  }
#define TL__MWFN2(S, M, W) TL__MWFN(S, M, W, 0, 0) TL__MWFN(S, M, W, 0, 1) TL__MWFN(S, M, W, 1, 0) TL__MWFN(S, M, W, 1, 1) \
  TL__MWFN(S, M, W, 2, 0) TL__MWFN(S, M, W, 2, 1)
#define TL__MWFN3(S, M) TL__MWFN2(S, M, 0) TL__MWFN2(S, M, 1)
#define TL__MWFN4(S) TL__MWFN3(S, 0) TL__MWFN3(S, 1) TL__MWFN3(S, 2)
TL__MWFN4(0) TL__MWFN4(1) TL__MWFN4(2) TL__MWFN4(3)
#undef TL__MWFN4
#undef TL__MWFN3
#undef TL__MWFN2
#undef TL__MWFN
static tl__mw_fn_t tl__mw_fn(const tl__mw *Q) {
#define TL__MWA(S, M, W)                                                                                    \
  {{tl__mw_##S##M##W##00, tl__mw_##S##M##W##01}, {tl__mw_##S##M##W##10, tl__mw_##S##M##W##11},                \
   {tl__mw_##S##M##W##20, tl__mw_##S##M##W##21}}
#define TL__MWB(S, M) {TL__MWA(S, M, 0), TL__MWA(S, M, 1)}
#define TL__MWC(S) {TL__MWB(S, 0), TL__MWB(S, 1), TL__MWB(S, 2)}
  static const tl__mw_fn_t fns[4][3][2][3][2] = {TL__MWC(0), TL__MWC(1), TL__MWC(2), TL__MWC(3)};
#undef TL__MWC
#undef TL__MWB
#undef TL__MWA
  return fns[Q->S][Q->mode][Q->w32][Q->tail][Q->patch];
}
static void tl__r_mw(const tl__route *R, const void *src, void *dst, size_t n) { R->f.mw(R->P, R->t, src, dst, n); }

/* The route of pair (from, to, sat) into *R, a floored rule in place of the
   route found where it is cheaper (and nothing is off): 1, or 0 if it has
   none here. */
static int tl__route_find(tl_dtype from, tl_dtype to, int sat, tl__route *R) {
  if (!tl__route_find0(from, to, sat, R)) return 0;
  if (atomic_load_explicit(&tl__afl_off, memory_order_relaxed) || atomic_load_explicit(&tl__aff_off, memory_order_relaxed) ||
      atomic_load_explicit(&tl__fold_off, memory_order_relaxed) || atomic_load_explicit(&tl__ns_off, memory_order_relaxed) ||
      atomic_load_explicit(&tl__cs_off, memory_order_relaxed))
    return 1;
  const tl__afl *L = tl__afl_get(from, to, sat != 0, R);
  if (L) R->run = tl__r_afl, R->P = L;
  /* a max window where it costs fewer operations than the route found (a floored rule's: its affine
     rule's and 2), or as many but for a floored rule. At equal counts it ran faster than the affine rules:
     AVX2 on Zen 4, 32 KiB, x memcpy: float8_e4m3 / e4m3fn -> float6_e2m3fn 0.49 -> 0.56 (14 operations
     both), -> float4_e2m1fn 0.40 -> 0.44-0.46 (17); not than the floored rules: float8_e4m3 ->
     float6_e3m2fn 0.40 -> 0.39 (19), float8_e4m3fnuz -> float6_e3m2fn 0.45 -> 0.39 (20 against 19) */
  const int rc = L ? L->P.A.cost + 2 : tl__route_cost(R);
  const tl__mwp *MW = rc > 0 ? tl__mw_get(from, to, sat != 0) : NULL;
  if (MW && (MW->Q.cost < rc || (MW->Q.cost == rc && !L))) R->run = tl__r_mw, R->P = MW, R->f.mw = tl__mw_fn(&MW->Q);
  return 1;
}

static _Atomic(tl__route *) tl__routes[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__route tl__route_none; /* "looked, none" */

/* The route of pair (from, to, sat), kept or (while a test has the folds or
   the affine rules, the row sums or the code shifts off, or no memory to keep it) found into *here; NULL if
   it has none. */
static const tl__route *tl__route_get(tl_dtype from, tl_dtype to, int sat, tl__route *here) {
  if (atomic_load_explicit(&tl__aff_off, memory_order_relaxed) || atomic_load_explicit(&tl__fold_off, memory_order_relaxed) ||
      atomic_load_explicit(&tl__ns_off, memory_order_relaxed) || atomic_load_explicit(&tl__cs_off, memory_order_relaxed) ||
      atomic_load_explicit(&tl__afl_off, memory_order_relaxed))
    return tl__route_find(from, to, sat, here) ? here : NULL;
  tl__route *np = atomic_load_explicit(&tl__routes[from][to][sat != 0], memory_order_acquire);
  if (np) return np == &tl__route_none ? NULL : np;
  const int found = tl__route_find(from, to, sat, here);
  np = found ? malloc(sizeof *np) : &tl__route_none;
  if (!np) return here; /* found again on the next call */
  if (found) *np = *here;
  return TL__PUBLISH(tl__routes[from][to][sat != 0], np, &tl__route_none);
}

int tl__avx2_lut8(tl_dtype from, tl_dtype to, int sat, const void *src, void *dst, size_t n) {
  if (tl__info(from)->itemsize != 1) return 0;
  tl__route here;
  const tl__route *R = tl__route_get(from, to, sat, &here);
  if (!R) return 0;
  R->run(R, src, dst, n);
  return 1;
}

/* ---- wider integers -> float8 through int8's route, in cache ----------------
 * A run of values that all fit int8 (unsigned: below 128), the usual small
 * integers, converts as int8 would: the same values, the same codes. Chunks
 * of TL__NB8_CHUNK are narrowed by signed-saturating packs (a misfit stays
 * one), the fit checked on the OR of the lanes (16-bit lanes, or the 64-bit
 * ones, plus 128 where signed) after the chunk's first 4 blocks (data of
 * larger values stops there) and at its end; the bytes go through int8's
 * binade lookups (tl__bl, float8_e4m3fn/e4m3/e4m3fnuz; e5m2/e5m2fnuz in the
 * adjusted form: int16 -> float8_e5m2 0.26 -> 0.34, uint16 0.30 -> 0.37,
 * int32 0.44 -> 0.48, int64 0.40 -> 0.54, alike into e5m2fnuz) in registers, their
 * codes stored before the fit is known (a misfit's chunk is written again:
 * the buffers do not overlap), or into a buffer for int8's route
 * (tl__avx2_lut8: float8_e8m0fnu by the high-nibble lookup). A misfit's
 * chunk and the next 8, doubling up to 64 while misfits follow, go to the
 * pair's own kernel in one call. Only in cache, as k_h8's branches: calls
 * past TL__H8_BRANCH_MAX bytes and tl__run_streams's pieces run the pair's
 * own kernel, whose streaming stores this would lose. AVX2 on Zen 4, bench
 * convert, 32 KiB (values in [-100, 100]), x memcpy, 3 rounds in
 * alternation: int16 -> float8_e4m3fn 0.31 -> 0.39, e4m3/e4m3fnuz 0.29 ->
 * 0.39, uint16 0.35 -> 0.41, int32 0.48-0.50 -> 0.55, int64 0.42-0.43 ->
 * 0.59-0.60, int16/uint16 -> float8_e8m0fnu 0.40 -> 0.53, int64/uint64
 * 0.49-0.52 -> 0.72; 256 KiB alike. In process, values in [-3e4, 3e4]
 * (every chunk a misfit): 0.96-0.98x. Dropped: uint32/uint64 ->
 * float8_e4m3 and kin (their own kernels as fast: 0.94-1.05x); the fit
 * tested every 4 blocks throughout (0.88x on the small values); the base
 * called chunk by chunk (full-range data 0.95x), no early test (0.89x). */
#define TL__NB8_CHUNK ((size_t)1024)
#define TL__NB8_SKIP 8
/* 32 values at p -> 32 bytes in element order (right where they fit int8);
   *acc OR-ed with the lanes tl__nb8_fits tests */
static inline __attribute__((always_inline)) __m256i tl__nb8_32(tl_dtype from, const char *p, __m256i *acc) {
#define L(k) _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * (k)))
  const int sg = from == TL_INT16 || from == TL_INT32 || from == TL_INT64;
  if (from == TL_INT16 || from == TL_UINT16) {
    const __m256i x0 = L(0), x1 = L(1), k = _mm256_set1_epi16(0x80);
    *acc = _mm256_or_si256(*acc, sg ? _mm256_or_si256(_mm256_add_epi16(x0, k), _mm256_add_epi16(x1, k)) : _mm256_or_si256(x0, x1));
    return _mm256_permute4x64_epi64(_mm256_packs_epi16(x0, x1), 0xD8);
  }
  if (from == TL_INT32) { /* to int16 first (saturated: a misfit stays one), the fit tested there */
    const __m256i w0 = _mm256_packs_epi32(L(0), L(1)), w1 = _mm256_packs_epi32(L(2), L(3)), k = _mm256_set1_epi16(0x80);
    *acc = _mm256_or_si256(*acc, sg ? _mm256_or_si256(_mm256_add_epi16(w0, k), _mm256_add_epi16(w1, k)) : _mm256_or_si256(w0, w1));
    return tl__order32(_mm256_packs_epi16(w0, w1), 0);
  }
  __m256i x[8], lo[4];
  const __m256i k = _mm256_set1_epi64x(0x80);
  for (int j = 0; j < 8; j++) {
    x[j] = L(j);
    *acc = _mm256_or_si256(*acc, sg ? _mm256_add_epi64(x[j], k) : x[j]);
  }
  for (int j = 0; j < 4; j++) /* the low words, in the order 0 1 4 5 2 3 6 7 (tl__ix8's) */
    lo[j] = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(x[2 * j]), _mm256_castsi256_ps(x[2 * j + 1]), 0x88));
  return tl__order32(_mm256_packs_epi16(_mm256_packs_epi32(lo[0], lo[1]), _mm256_packs_epi32(lo[2], lo[3])), 1);
#undef L
}
/* Did every value OR-ed into acc fit? (16-bit lanes: x + 128 below 256, or
   unsigned x below 128; 64-bit lanes the same) */
static inline __attribute__((always_inline)) int tl__nb8_fits(tl_dtype from, __m256i acc) {
  const int sg = from == TL_INT16 || from == TL_INT32 || from == TL_INT64;
  const __m256i m = from == TL_INT64 || from == TL_UINT64 ? _mm256_set1_epi64x(sg ? ~0xFFll : ~0x7Fll)
                                                          : _mm256_set1_epi16((short)(sg ? 0xFF00 : 0xFF80));
  return _mm256_testz_si256(acc, m);
}
/* A chunk of TL__NB8_CHUNK values at s narrowed to int8 and through int8's
   binade rows (ADJ: the adjusted form) into d; the blocks done (the chunk,
   or 128 where its first 4 blocks do not all fit) */
static inline __attribute__((always_inline)) size_t tl__nb8_chunk(tl_dtype from, int ADJ, int CAP, const __m256i *T, const __m256i *D,
                                                                  __m256i cap, __m256i arg, const char *s, char *d,
                                                                  __m256i *acc) {
  const size_t isz = tl__csz(from);
  size_t k = 0;
  for (; k < TL__NB8_CHUNK; k += 32) {
    _mm256_storeu_si256((__m256i *)(void *)(d + k), tl__bl32_i8(T, D, tl__nb8_32(from, s + k * isz, acc), 2, ADJ, CAP, cap, arg));
    if (k == 96 && !tl__nb8_fits(from, *acc)) break; /* the first 4 blocks tested alone: a misfit stops early */
  }
  return k;
}
static inline __attribute__((always_inline)) void tl__nb8_run(tl_dtype from, tl_dtype to, int sat, tl__contig_fn base,
                                                              const void *sv, void *dv, size_t n) {
  const size_t isz = tl__csz(from);
  if ((isz + 1) * n > TL__H8_BRANCH_MAX || tl__nt_off || n < TL__NB8_CHUNK) {
    base(sv, dv, n);
    return;
  }
  const char *s = sv;
  char *d = dv;
  /* int8's binade lookups in their 6-row form (float8 targets: the sign
     bit 7) run on the narrowed values in registers, the results stored at
     d before the chunk's fit is known (a misfit's chunk is written again by
     the pair's kernel: the buffers do not overlap); else the buffer and
     int8's route */
  const tl__bl *B = tl__bl_get(TL_INT8, to, sat);
  const int fused = B && !B->wide && B->arg == 0x80, adj = fused && B->adj;
  __m256i T[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()}, D[3] = {T[0], T[0], T[0]}, cap = T[0], arg = T[0];
  if (fused) { /* tl__bl_run's constants, once a call */
    T[0] = B->A, T[1] = B->R[0];
    for (int r = 0; r < 3; r++) D[r] = _mm256_xor_si256(B->R[r + 1], B->R[r]);
    cap = _mm256_set1_epi8((char)B->cap), arg = _mm256_set1_epi8((char)B->arg);
  }
  _Alignas(32) char buf[TL__NB8_CHUNK];
  size_t i = 0, wait = TL__NB8_SKIP;
  while (i + TL__NB8_CHUNK <= n) {
    __m256i acc = _mm256_setzero_si256();
    size_t k = 0;
    if (fused) {
      k = adj ? tl__nb8_chunk(from, 1, 1, T, D, cap, arg, s + i * isz, d + i, &acc)
              : tl__nb8_chunk(from, 0, 1, T, D, cap, arg, s + i * isz, d + i, &acc);
      if (k == TL__NB8_CHUNK && tl__nb8_fits(from, acc)) {
        i += TL__NB8_CHUNK, wait = TL__NB8_SKIP;
        continue;
      }
    } else {
      for (; k < TL__NB8_CHUNK; k += 32) {
        _mm256_store_si256((__m256i *)(void *)(buf + k), tl__nb8_32(from, s + (i + k) * isz, &acc));
        if (k == 96 && !tl__nb8_fits(from, acc)) break;
      }
      if (k == TL__NB8_CHUNK && tl__nb8_fits(from, acc) && tl__avx2_lut8(TL_INT8, to, sat, buf, d + i, TL__NB8_CHUNK)) {
        i += TL__NB8_CHUNK, wait = TL__NB8_SKIP;
        continue;
      }
    }
    /* a misfit: the pair's kernel, in one call, on this chunk and the next `wait` (doubling while misfits follow) */
    const size_t m = n - i < (wait + 1) * TL__NB8_CHUNK ? n - i : (wait + 1) * TL__NB8_CHUNK;
    base(s + i * isz, d + i, m);
    i += m;
    wait = wait < 64 ? 2 * wait : wait;
  }
  if (i < n) base(s + i * isz, d + i, n - i);
}
/* (source tag, source, target tag, target, the pair's own kernel without / with saturation) */
#define TL__NB8_TO(X, TAG, FT)                                                                                 \
  X(TAG, FT, e4m3fn, TL_FLOAT8_E4M3FN, n_##TAG##_e4m3fn, n_##TAG##_e4m3fn_s)                                   \
  X(TAG, FT, e4m3, TL_FLOAT8_E4M3, n_##TAG##_e4m3, n_##TAG##_e4m3_s)                                           \
  X(TAG, FT, e4m3fnuz, TL_FLOAT8_E4M3FNUZ, n_##TAG##_e4m3fnuz, n_##TAG##_e4m3fnuz_s)                           \
  X(TAG, FT, e5m2, TL_FLOAT8_E5M2, n_##TAG##_e5m2, n_##TAG##_e5m2_s)                                           \
  X(TAG, FT, e5m2fnuz, TL_FLOAT8_E5M2FNUZ, n_##TAG##_e5m2fnuz, n_##TAG##_e5m2fnuz_s)
#define TL__NB8_PAIRS(X)                                                                                       \
  TL__NB8_TO(X, i16, TL_INT16) TL__NB8_TO(X, u16, TL_UINT16) TL__NB8_TO(X, i32, TL_INT32)                      \
  TL__NB8_TO(X, i64, TL_INT64)                                                                                 \
  X(i16, TL_INT16, e8m0, TL_FLOAT8_E8M0FNU, e8q_i16, n_i16_e8m0_s) X(u16, TL_UINT16, e8m0, TL_FLOAT8_E8M0FNU, e8q_u16, n_u16_e8m0_s) \
  X(i64, TL_INT64, e8m0, TL_FLOAT8_E8M0FNU, n_i64_e8m0, n_i64_e8m0_s) X(u64, TL_UINT64, e8m0, TL_FLOAT8_E8M0FNU, n_u64_e8m0, n_u64_e8m0_s)
/* one copy of the loop per source (the target's lookups and the mode are read at run time), the
   pairs' entry points calling it */
#define TL__NB8_SRC(TAG, FT)                                                                                   \
  static __attribute__((noinline)) void tl__nb8_##TAG(tl_dtype to, int sat, tl__contig_fn base, const void *s, \
                                                      void *d, size_t n) {                                     \
    tl__nb8_run(FT, to, sat, base, s, d, n);                                                                   \
  }
TL__NB8_SRC(i16, TL_INT16) TL__NB8_SRC(u16, TL_UINT16) TL__NB8_SRC(i32, TL_INT32) TL__NB8_SRC(i64, TL_INT64)
TL__NB8_SRC(u64, TL_UINT64)
#undef TL__NB8_SRC
#define TL__NB8_FN(TAG, FT, TTAG, TT, K, KS)                                                                   \
  static void nb8_##TAG##_##TTAG(const void *s, void *d, size_t n) { tl__nb8_##TAG(TT, 0, K, s, d, n); }       \
  static void nb8_##TAG##_##TTAG##_s(const void *s, void *d, size_t n) { tl__nb8_##TAG(TT, 1, KS, s, d, n); }
TL__NB8_PAIRS(TL__NB8_FN)
#undef TL__NB8_FN

/* For the tests: pair (from, to, sat)'s lookup, NULL for none (or no such pair). */
static const tl__lutp *tl__lut_probe(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE || tl__info(from)->itemsize != 1 ||
      !tl__avx2_lut8_ok(from, to, sat))
    return NULL;
  return tl__lut_get(from, to, sat != 0);
}
/* For the tests: pair (from, to, sat)'s lookup's widened core (tl__lut_wide):
   its mode + 4 x its width in bytes, 0 none. */
int tl__avx2_lut_wide(tl_dtype from, tl_dtype to, int sat) {
  const tl__lutp *L = tl__lut_probe(from, to, sat);
  return L && L->wm ? L->wm + 4 * L->wc : 0;
}
/* For the tests: pair (from, to, sat)'s lookup's window (tl__lut_window):
   1 + its first code + 256 x its cap, 0 none. */
int tl__avx2_lut_window(tl_dtype from, tl_dtype to, int sat) {
  const tl__lutp *L = tl__lut_probe(from, to, sat);
  return L && L->idx == TL__IDX_WIN ? 1 + L->win[0] + 256 * L->win[1] : 0;
}
/* For the tests: the output bit pair (from, to, sat)'s lookup moves the
   code's sign to (tl__lut_sign), plus 1; 0 none. */
int tl__avx2_lut_sign(tl_dtype from, tl_dtype to, int sat) {
  const tl__lutp *L = tl__lut_probe(from, to, sat);
  return L && L->idx == TL__IDX_SGN ? 1 + L->win[0] : 0;
}

/* For the tests: pair (from, to, sat)'s lookup reads the negative half of
   float6 codes by code bit 5 (tl__lut_half): 1 + its mode (0 a constant, 1
   negated), 0 none. */
int tl__avx2_lut_half(tl_dtype from, tl_dtype to, int sat) {
  const tl__lutp *L = tl__lut_probe(from, to, sat);
  return L && L->idx == TL__IDX_HALF ? 1 + L->win[0] : 0;
}

/* For the tests: the route tl__avx2_lut8 takes for pair (from, to, sat) now:
   0 none, 1 the int8/uint8 clamp, 2 a byte rule, 3 a binade formula, 4 a
   range clamp, 5 an affine rule, 6 a fold, 7 the lookup, 8 a row-sum rule, 9
   a high-nibble lookup, 10 the normalized binades (tl__bn), 11 a code shift (tl__cs), 12 a floored
   rule (tl__afl), 13 a left shift (tl__ls), 14 a max window (tl__mw). */
int tl__avx2_lut8_route(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE || tl__info(from)->itemsize != 1) return 0;
  tl__tier_current(); /* the CPU's flags (tl__cpu_blend_slow) before a route is kept */
  tl__route here;
  const tl__route *R = tl__route_get(from, to, sat, &here);
  static const tl__route_fn kinds[] = {tl__r_cl, tl__r_bint, tl__r_bl, tl__r_rg, tl__r_aff, tl__r_fold,
                                       tl__r_lut, tl__r_ns, tl__r_hn, tl__r_bn, tl__r_cs, tl__r_afl, tl__r_ls, tl__r_mw};
  for (int k = 0; R && k < 14; k++)
    if (R->run == kinds[k]) return k + 1;
  return 0;
}
int tl__avx2_afl_floor(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE || tl__info(from)->itemsize != 1) return 0;
  tl__tier_current();
  tl__route here;
  const tl__route *R = tl__route_get(from, to, sat, &here);
  return R && R->run == tl__r_afl ? ((const tl__afl *)R->P)->F : 0;
}

/* ---- float8 -> float32/float64/float16/bfloat16/complex32/bcomplex32 by arithmetic --
 * float32 and float64 outputs (and complex64/complex128): 16 codes put at the
 * top of 16-bit lanes by one VPSHUFB decode as float16 codes of value x
 * 2^(B - 15), through VCVTPH2PS and one multiply (tl__f8dec16; inf/NaN by
 * family, tl__ffmt); float8_e8m0fnu in 32-bit lanes (tl__e8dec); float64
 * converted from float32 (exact). The multiply used to take the magnitude
 * bits shifted into float32's fields, a float32 subnormal for a float8
 * subnormal: on data mixing subnormal and normal codes that ran at half speed
 * (Zen 4, AVX2, 32 KiB, float8_e4m3fn -> float32, one subnormal code in 64:
 * 31 GB/s against 62 without; the float16 route 60 on both; random codes:
 * float8_e4m3 24 -> 41, float8_e3m4 39 -> 50). float16 and bfloat16
 * outputs, and complex32/bcomplex32 (their real parts), are decoded in 16-bit
 * lanes (tl__f8h below). Each pair's kernel is checked once against the
 * scalar engine's 256-entry table (tl__f8dec_checked) before it is used; the
 * 256-entry lookups serve any pair that does not match. float4 codes index
 * a 16-entry lookup (tl__lut_get), as fast or faster (float4_e2m1fn ->
 * float16: 7.0 against 4.1 G elements/s); float6 codes, shifted left by 2 in
 * their bytes, are float8 codes of two more mantissa bits (TL__F6DEC_FORMATS)
 * and take these decoders into float32/float64/complex64/complex128 and the
 * 8-byte integers, where their 64-entry lookups (2-4 byte planes of 4
 * sub-tables) were slower (Zen 2, 32 KiB, x memcpy: -> float32 0.20-0.25 ->
 * 0.34, -> float64 0.19 -> 0.27, -> complex128 0.17 -> 0.24, -> int32 0.25 ->
 * 0.32, -> int64 0.18 -> 0.27; into int32/uint32 one widened byte plane,
 * tl__lut_wide, now beats the decoder). Measured
 * against the lookup here (AVX2, 32 KiB): float8_e4m3fn -> float32 2.3 -> 4.6,
 * -> float64 1.9 -> 3.0 G/s. The 16-bit lanes against the float32 ones, in
 * alternation (32 KiB, x memcpy): float8 -> float16/bfloat16 0.10-0.13 ->
 * 0.27-0.39 (e5m2 -> float16 0.61), -> complex32/bcomplex32 0.12-0.19 ->
 * 0.35-0.58; 64 MiB: 0.57-0.89 -> 1.16-2.3. Since, blocks of 32 codes are
 * decoded as two byte planes (tl__f8hb: 32 codes an operation, the same
 * rule), float6 codes too (P = 2): AVX2 on Zen 4, 32 KiB, x memcpy, in
 * alternation: float8 -> float16 0.30-0.35 -> 0.44-0.64 (e5m2 0.73 ->
 * 0.98), -> bfloat16 0.30-0.35 -> 0.41-0.48, -> complex32 0.41-0.46 ->
 * 0.53-0.68; float6 -> bfloat16 0.39 -> 0.48, -> complex32 0.32-0.35 ->
 * 0.62, float6_e2m3fn -> float16 0.39 -> 0.52 (float6_e3m2fn's lookup,
 * 0.62, stayed; since, float6 -> float16/bfloat16 are lookups of 32 entries
 * and the sign, tl__lut_sign, faster still). inf and NaN read from the same lookups where the window
 * leaves their low 4 bits free (tl__f8hb_s): float8_e4m3 -> float16 0.52 ->
 * 0.65, -> bfloat16 0.42 -> 0.54, float8_e5m2 -> bfloat16 0.41 -> 0.54,
 * float8_e4m3fn -> bfloat16 0.48 -> 0.54. Elsewhere an IEEE format's block
 * with no inf/NaN code (one compare, then a branch the usual data predicts)
 * decodes without their compares and blends: float8_e3m4 -> float16 0.44 ->
 * 0.51, -> bfloat16 0.41 -> 0.51, -> float32 0.45 -> 0.52, float8_e5m2 ->
 * float64 0.49 -> 0.58 (into the integers the same ran slower: 4-6%). */
/* float8 codes sign-extended to 16-bit lanes -> float16 (BF = 0) or bfloat16
   (BF = 1) bits, without going through float32: a code whose exponent the
   output keeps normal is its magnitude shifted into place plus the bias
   difference; the smaller ones (below T = emin << M: the float8 subnormals,
   and float8_e5m2fnuz's exponent 1, a float16 subnormal) are read from a
   16-entry lookup of the pair's table (TL: low bytes, TH: high bytes, both 0
   at code 0, so the index lane's zero high byte reads 0); inf/NaN by family;
   the sign is bit 15 of the sign-extended code. float8_e5m2 -> float16 has
   the output's own layout (T = 0). float8_e8m0fnu -> bfloat16 is the code
   shifted into the exponent, with 0 (2^-127, a bfloat16 subnormal) and NaN
   by masks; -> float16 the code less 112 in the exponent (clamped to 0 and
   31, inf), OR the lookup of codes TL__E8H_LO (2^-25, rounding to 0) to
   TL__E8H_LO + 10, the float16 subnormals, its index clamped to 11 (an entry
   left 0) and negative (0) below. */
/* The end of the 16-bit-lane decoders (tl__f8h, tl__f8d16): r, the lanes of
   finite codes, gets inf (INF, where the output's own layout does not
   already give it) and NaN (qnan) by family, then the sign: bit 15 of the
   sign-extended code xs (mag: its magnitude). */
static inline __attribute__((always_inline)) __m256i tl__f8h_fin(__m256i r, __m256i xs, __m256i mag, int E, int M,
                                                                 int fam, int withinf, int INF, __m256i qnan) {
  if (fam == TL__FAM_IEEE) { /* exponent all ones: inf at its first code, NaN above */
    const int inf = ((1 << E) - 1) << M;
    if (withinf) r = _mm256_blendv_epi8(r, _mm256_set1_epi16((short)INF), _mm256_cmpgt_epi16(mag, _mm256_set1_epi16((short)(inf - 1))));
    r = _mm256_blendv_epi8(r, qnan, _mm256_cmpgt_epi16(mag, _mm256_set1_epi16((short)inf)));
  } else if (fam == TL__FAM_FN) {
    r = _mm256_blendv_epi8(r, qnan, _mm256_cmpeq_epi16(mag, _mm256_set1_epi16(0x7F)));
  } else if (fam == TL__FAM_FNUZ) { /* 0x80: NaN, the sign added below */
    r = _mm256_blendv_epi8(r, qnan, _mm256_cmpeq_epi16(xs, _mm256_set1_epi16((short)0xFF80)));
  }
  return _mm256_or_si256(r, _mm256_and_si256(xs, _mm256_set1_epi16((short)0x8000)));
}
#define TL__E8H_LO 102
static inline __attribute__((always_inline)) __m256i tl__f8h(__m256i xs, int E, int M, int B, int fam, int BF,
                                                             __m256i TL, __m256i TH) {
  const int MO = BF ? 7 : 10, BO = BF ? 127 : 15;
  const __m256i qnan = _mm256_set1_epi16(BF ? 0x7FC0 : 0x7E00);
  if (fam == TL__FAM_E8M0 && !BF) { /* 2^(x - 127): float16 exponent x - 112 (>= 31: inf), subnormals below */
    const __m256i xz = _mm256_and_si256(xs, _mm256_set1_epi16(0xFF));
    __m256i r = _mm256_slli_epi16(_mm256_min_epi16(_mm256_subs_epu16(xz, _mm256_set1_epi16(112)), _mm256_set1_epi16(31)), 10);
    const __m256i k = _mm256_sub_epi16(_mm256_min_epi16(xz, _mm256_set1_epi16(TL__E8H_LO + 11)), _mm256_set1_epi16(TL__E8H_LO));
    r = _mm256_or_si256(r, _mm256_or_si256(_mm256_shuffle_epi8(TL, k), _mm256_slli_epi16(_mm256_shuffle_epi8(TH, k), 8)));
    return _mm256_blendv_epi8(r, qnan, _mm256_cmpeq_epi16(xs, _mm256_set1_epi16(-1)));
  }
  if (fam == TL__FAM_E8M0) {
    const __m256i xz = _mm256_and_si256(xs, _mm256_set1_epi16(0xFF));
    __m256i r = _mm256_slli_epi16(xz, 7);
    r = _mm256_blendv_epi8(r, _mm256_set1_epi16(0x0040), _mm256_cmpeq_epi16(xz, _mm256_setzero_si256()));
    return _mm256_blendv_epi8(r, qnan, _mm256_cmpeq_epi16(xs, _mm256_set1_epi16(-1)));
  }
  const __m256i mag = _mm256_and_si256(xs, _mm256_set1_epi16(0x7F));
  __m256i r = _mm256_slli_epi16(mag, MO - M);
  if (B != BO) r = _mm256_add_epi16(r, _mm256_set1_epi16((short)((BO - B) * (1 << MO))));
  const int emin = 1 - BO + B > 1 ? 1 - BO + B : 1, T = B == BO ? 0 : emin << M;
  if (T) {
    const __m256i lut = _mm256_or_si256(_mm256_shuffle_epi8(TL, mag), _mm256_slli_epi16(_mm256_shuffle_epi8(TH, mag), 8));
    r = _mm256_blendv_epi8(r, lut, _mm256_cmpgt_epi16(_mm256_set1_epi16((short)T), mag));
  }
  return tl__f8h_fin(r, xs, mag, E, M, fam, B != BO, BF ? 0x7F80 : 0x7C00, qnan);
}

/* float8 codes (not e8m0) sign-extended to 16-bit lanes (float6: shifted
   left by P = 2 first, tl__ld16p) -> the top 16 bits of their float64
   (sign, 11-bit exponent, 4 mantissa bits: every such value has at most 4
   mantissa bits below its leading one, so the other 48 bits are 0). A
   normal code is its magnitude shifted into place plus the bias difference
   ((1023 - B) << 4); the subnormals (below 1 << M) read the
   16-entry lookups (TL: low bytes, TH: high bytes, both 0 at code 0); inf
   0x7FF0 and NaN 0x7FF8 by family; the sign or-ed in (fnuz's NaN, 0x80:
   0xFFF8, as the table). */
static inline __attribute__((always_inline)) __m256i tl__f8d16(__m256i xs, int E, int M, int B, int fam, int P,
                                                               __m256i TL, __m256i TH) {
  const __m256i mag = _mm256_and_si256(xs, _mm256_set1_epi16(0x7F)), qnan = _mm256_set1_epi16(0x7FF8);
  __m256i r = M <= 4 ? _mm256_slli_epi16(mag, 4 - M) : _mm256_srli_epi16(mag, M - 4); /* float6_e2m3fn: M 5, the low bits 0 */
  r = _mm256_add_epi16(r, _mm256_set1_epi16((short)((1023 - B) << 4)));
  const __m256i ix = P ? _mm256_srli_epi16(mag, P) : mag; /* the lookups by the code itself */
  const __m256i lut = _mm256_or_si256(_mm256_shuffle_epi8(TL, ix), _mm256_slli_epi16(_mm256_shuffle_epi8(TH, ix), 8));
  r = _mm256_blendv_epi8(r, lut, _mm256_cmpgt_epi16(_mm256_set1_epi16((short)(1 << M)), mag));
  return tl__f8h_fin(r, xs, mag, E, M, fam, 1, 0x7FF0, qnan);
}

/* 32 float8_e8m0fnu codes -> 32 float16 bits as two byte planes (w0:
   codes 0..15, w1: 16..31), 32 codes an operation: the high byte is the
   code less 112 (saturating), at most 31 (inf), shifted left by 2; 2^-16
   and 2^-15 (codes 111, 112) are the subnormals 0x0100 and 0x0200 (the
   saturating code less 110, at most 2, a max with the first), NaN 0x7E by
   a max; the low byte is non-zero only for the subnormals 2^-24 .. 2^-17
   (codes 103 .. 110), read from LT (entries 8 .. 15: 1 << (entry - 8), the
   rest 0) at the code less 95, at most 16 (entry 0: 0). Code 102, 2^-25, is
   a tie and rounds to 0. AVX2 on Zen 4, 32 KiB, x memcpy, in alternation,
   against tl__f8h's 16 codes a vector: -> float16 0.37 -> 0.62, ->
   complex32 0.49 -> 0.70. */
static inline __attribute__((always_inline)) void tl__e8hb(__m256i xr, __m256i LT, __m256i *w0, __m256i *w1) {
  const __m256i x = _mm256_permute4x64_epi64(xr, 0xD8); /* unpacklo/hi then give codes 0..15 and 16..31 */
  __m256i t = _mm256_min_epu8(_mm256_subs_epu8(x, _mm256_set1_epi8(112)), _mm256_set1_epi8(31));
  t = _mm256_add_epi8(t, t);
  t = _mm256_add_epi8(t, t);
  __m256i H = _mm256_max_epu8(t, _mm256_min_epu8(_mm256_subs_epu8(x, _mm256_set1_epi8(110)), _mm256_set1_epi8(2)));
  H = _mm256_max_epu8(H, _mm256_and_si256(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(-1)), _mm256_set1_epi8(0x7E)));
  const __m256i L = _mm256_shuffle_epi8(LT, _mm256_min_epu8(_mm256_sub_epi8(x, _mm256_set1_epi8(95)), _mm256_set1_epi8(16)));
  *w0 = _mm256_unpacklo_epi8(L, H);
  *w1 = _mm256_unpackhi_epi8(L, H);
}

/* Do these codes of an IEEE format (E, M) hold no inf or NaN (no magnitude
   at or above the all-ones exponent)? 16 codes at p, given the mask 0x7F
   and the bound from tl__f8ie_init (opaque, set before the loop: they
   stay in registers: GCC rebuilt the bound every step, float8_e3m4 ->
   float32 0.53 -> 0.59x memcpy, float8_e5m2 0.65 -> 0.77), or 32 codes x. */
static inline __attribute__((always_inline)) void tl__f8ie_init(int E, int M, __m128i *m7, __m128i *lim) {
  *m7 = tl__opq128(_mm_set1_epi8(0x7F));
  *lim = tl__opq128(_mm_set1_epi8((char)((((1 << E) - 1) << M) - 1)));
}
static inline __attribute__((always_inline)) int tl__f8ie_clean16v(const void *p, __m128i m7, __m128i lim) {
  const __m128i big = _mm_cmpgt_epi8(_mm_and_si128(TL__L16(p), m7), lim);
  return _mm_testz_si128(big, big);
}
/* Are the magnitudes (x & 0x7F) of 32 codes all below L (1..128)? */
static inline __attribute__((always_inline)) int tl__f8below32(__m256i x, int L) {
  const __m256i big = _mm256_cmpgt_epi8(_mm256_and_si256(x, _mm256_set1_epi8(0x7F)), _mm256_set1_epi8((char)(L - 1)));
  return !_mm256_movemask_epi8(big);
}
/* The same test by bit 7 of the magnitude plus 128 - L: one VPMOVMSKB for a
   compare and VPTEST's two operations. tl__f8i16b's loop: 1.05-1.07x there
   (float8_e4m3/e4m3fn/e3m4/e5m2/e5m2fnuz -> uint16, Zen 3, 32 KiB, medians
   of 7 in alternation); in tl__f8below32's callers among the float
   decoders 0.69-1.35x on twelve pairs, not told from the noise, so they
   keep the compare */
static inline __attribute__((always_inline)) int tl__f8below32m(__m256i x, int L) {
  return !_mm256_movemask_epi8(_mm256_add_epi8(_mm256_and_si256(x, _mm256_set1_epi8(0x7F)), _mm256_set1_epi8((char)(128 - L))));
}
static inline __attribute__((always_inline)) int tl__f8ie_clean32(__m256i x, int E, int M) {
  return tl__f8below32(x, ((1 << E) - 1) << M);
}

/* the window of tl__f8hb: the codes below T (a magnitude, in the code's own
   units) read the 16-entry lookups */
static inline int tl__f8hb_t(int M, int B, int BF, int P) {
  const int BO = BF ? 127 : 15, emin = 1 - BO + B > 1 ? 1 - BO + B : 1;
  return B == BO ? 0 : (emin << M) >> P;
}
/* S > 0: the magnitudes S .. 0x7F (inf and NaN of an IEEE format, NaN of an
   FN one) read the lookups too, at their low 4 bits, which the window below
   T leaves free: one compare (of the magnitude plus 128 - S, signed, below
   128 - S + T) selects both ranges, no blends of their own */
static inline int tl__f8hb_s(int E, int M, int B, int fam, int BF, int P) {
  const int T = tl__f8hb_t(M, B, BF, P), S = fam == TL__FAM_IEEE ? ((1 << E) - 1) << M : fam == TL__FAM_FN ? 0x7F : 0;
  return S && T && 128 - S <= 16 && (S & 15) >= T ? S : 0;
}
/* tl__f8hb's bytes for magnitude mag (its y & 0x7F) before the lookups,
   in scalar code: H (*h) and L (*l) as its vector code computes them */
static void tl__f8hb_form(int M, int B, int BF, unsigned mag, unsigned char *h, unsigned char *l) {
  unsigned H, L;
  if (!BF) {
    const int c = (15 - B) * 4;
    if (M == 2) H = mag + (unsigned)c;
    else if (M == 3 && c >= 1) H = (mag + (unsigned)(2 * c - 1) + 1) >> 1;
    else H = ((mag >> (M - 2)) & (0x7Fu >> (M - 2))) + (unsigned)c;
    L = M <= 2 ? 0 : (mag << (10 - M)) & (0xFFu << (10 - M));
  } else {
    const unsigned e = (mag >> M) & (0x7Fu >> M);
    H = (e + (unsigned)(126 - B) + 1) >> 1;
    L = (mag << (7 - M)) & (0xFFu << (7 - M));
    if ((127 - B) & 1) L ^= 0x80;
  }
  *h = (unsigned char)H, *l = (unsigned char)L;
}
/* 32 float8 codes (float6 with P = 2: shifted into float8 codes of two more
   mantissa bits) -> 32 float16 (BF = 0) / bfloat16 (BF = 1) bits as two
   byte planes, the high bytes H and the low bytes L, interleaved at the end
   (w0: codes 0..15, w1: 16..31): the rule of tl__f8h computed on bytes, 32
   codes an operation instead of 16. Normal results: float16's H is the
   magnitude shifted right by M - 2 plus the bias difference times 4 (for
   M = 3 one VPAVGB: (m + 2c - 1 + 1) >> 1), its L the magnitude's low M - 2
   bits at the top; bfloat16's H is (exponent + 127 - B) >> 1 (VPAVGB of the
   exponent and 126 - B), its L the code shifted left by 7 - M (the
   exponent's low bit at bit 7, flipped when 127 - B is odd). Below T the
   16-entry lookups (TLZ: the low bytes all 0); inf/NaN by family; the sign
   or-ed into H. LK = 0: the lookups are skipped when no code of the 32
   needs them (a branch); returns 1 if they were done. */
static inline __attribute__((always_inline)) int tl__f8hb(__m256i xr, int E, int M, int B, int fam, int BF, int P,
                                                          int W32, int TLZ, int LK, __m256i TL, __m256i TH, __m256i *w0,
                                                          __m256i *w1) {
  const int BO = BF ? 127 : 15;
  /* unpacklo/hi then give codes 0..15 and 16..31; W32: their 16-bit
     unpacks give codes 0..7, 8..15, 16..23, 24..31 (tl__f8hb_step) */
  const __m256i x = W32 ? _mm256_permutevar8x32_epi32(xr, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7))
                        : _mm256_permute4x64_epi64(xr, 0xD8);
  __m256i y = x;
  for (int k = 0; k < P; k++) y = _mm256_add_epi8(y, y);
  const __m256i mag = _mm256_and_si256(y, _mm256_set1_epi8(0x7F));
  __m256i H, L;
  if (!BF) {
    const int c = (15 - B) * 4;
    if (M == 2) H = _mm256_add_epi8(mag, _mm256_set1_epi8((char)c));
    else if (M == 3 && c >= 1) H = _mm256_avg_epu8(mag, _mm256_set1_epi8((char)(2 * c - 1)));
    else
      H = _mm256_add_epi8(_mm256_and_si256(_mm256_srli_epi16(mag, M - 2), _mm256_set1_epi8((char)(0x7F >> (M - 2)))),
                          _mm256_set1_epi8((char)c));
    L = M <= 2 ? _mm256_setzero_si256()
               : _mm256_and_si256(_mm256_slli_epi16(y, 10 - M), _mm256_set1_epi8((char)(0xFF << (10 - M))));
  } else {
    const __m256i e = _mm256_and_si256(_mm256_srli_epi16(mag, M), _mm256_set1_epi8((char)(0x7F >> M)));
    H = _mm256_avg_epu8(e, _mm256_set1_epi8((char)(126 - B)));
    L = _mm256_and_si256(_mm256_slli_epi16(y, 7 - M), _mm256_set1_epi8((char)(0xFF << (7 - M))));
    if ((127 - B) & 1) L = _mm256_xor_si256(L, _mm256_set1_epi8((char)0x80));
  }
  const int T = tl__f8hb_t(M, B, BF, P), S = tl__f8hb_s(E, M, B, fam, BF, P);
  int looked = 0;
  if (T) {
    /* the lookups, indexed by the code's own magnitude (LK = 0: only if a
       code needs them). TL, TH hold each entry XOR the bytes computed above
       for its code (tl__f8hb_form), read at the magnitude OR-ed with the
       compare "outside the window", whose bit 7 makes VPSHUFB give 0 there:
       two XORs and an OR where two blends were (3 µops each on Intel).
       An Intel Xeon, AVX2, 32 KiB, x memcpy, in alternation: float8_e3m4
       (lookups every block) -> float16 0.42-0.43 -> 0.51-0.52, ->
       bfloat16 0.44 -> 0.51-0.52, -> complex32 0.59-0.60 -> 0.63-0.66;
       float8_e4m3fn -> bfloat16 0.61 -> 0.68-0.69; float8_e4m3 -> float32
       and the float6 formats even. The test by VPMOVMSKB, as the block's
       inf/NaN test in tl__f8hb_step (VPTEST is 2 µops on Intel, one of them
       on the shuffle port): float8_e3m4 -> float16/bfloat16 0.53-0.54 ->
       0.55-0.57, fnuz -> bfloat16 0.54-0.55 -> 0.56-0.59 */
    const __m256i mw = P ? _mm256_and_si256(x, _mm256_set1_epi8((char)(0x7F >> P))) : mag;
    const __m256i out = S ? _mm256_cmpgt_epi8(_mm256_add_epi8(mag, _mm256_set1_epi8((char)(128 - S))),
                                              _mm256_set1_epi8((char)(127 - S + T)))
                          : _mm256_cmpgt_epi8(mw, _mm256_set1_epi8((char)(T - 1)));
    if (LK || _mm256_movemask_epi8(out) != -1) {
      const __m256i idx = _mm256_or_si256(mw, out);
      H = _mm256_xor_si256(H, _mm256_shuffle_epi8(TH, idx));
      L = TLZ ? _mm256_and_si256(out, L) : _mm256_xor_si256(L, _mm256_shuffle_epi8(TL, idx));
      looked = 1;
    }
  }
  const __m256i nanH = _mm256_set1_epi8(BF ? 0x7F : 0x7E), nanL = _mm256_set1_epi8(BF ? (char)0xC0 : 0);
  if (fam == TL__FAM_IEEE && !S) { /* exponent all ones: inf at its first code, NaN above */
    const int inf = ((1 << E) - 1) << M;
    const __m256i gt = _mm256_cmpgt_epi8(mag, _mm256_set1_epi8((char)inf));
    if (B != BO) {
      const __m256i ge = _mm256_cmpgt_epi8(mag, _mm256_set1_epi8((char)(inf - 1)));
      H = _mm256_blendv_epi8(H, _mm256_set1_epi8(BF ? 0x7F : 0x7C), ge);
      L = BF ? _mm256_blendv_epi8(L, _mm256_set1_epi8((char)0x80), ge) : _mm256_andnot_si256(ge, L);
    }
    H = _mm256_blendv_epi8(H, nanH, gt);
    if (BF) L = _mm256_blendv_epi8(L, nanL, gt);
  } else if (fam == TL__FAM_FN && !S) { /* magnitude 0x7F (the sign added below) */
    const __m256i q = _mm256_cmpeq_epi8(mag, _mm256_set1_epi8(0x7F));
    H = _mm256_blendv_epi8(H, nanH, q);
    L = BF ? _mm256_blendv_epi8(L, nanL, q) : _mm256_andnot_si256(q, L);
  } else if (fam == TL__FAM_FNUZ) {
    /* 0x80, whose magnitude 0 is in the window (T > 0: an fnuz bias is
       neither 15 nor 127), so a block holding it took the lookups and its
       bytes are entry 0's, 0.0's: the NaN's bytes by ORs, not blends (3
       µops each on Intel). An Intel Xeon, AVX2, 32 KiB, x memcpy, in
       alternation: -> bfloat16 float8_e4m3fnuz 0.37-0.39 -> 0.45-0.50,
       float8_e5m2fnuz 0.46 -> 0.50-0.51, float8_e4m3b11fnuz 0.46-0.49 ->
       0.51-0.52; -> float16 0.57-0.58 -> 0.60-0.61 */
    const __m256i q = _mm256_cmpeq_epi8(y, _mm256_set1_epi8((char)0x80));
    H = _mm256_or_si256(H, _mm256_and_si256(q, nanH));
    if (BF) L = _mm256_or_si256(L, _mm256_and_si256(q, nanL));
  }
  H = _mm256_or_si256(H, _mm256_and_si256(y, _mm256_set1_epi8((char)0x80)));
  *w0 = _mm256_unpacklo_epi8(L, H);
  *w1 = _mm256_unpackhi_epi8(L, H);
  return looked;
}

/* 16 float32 values (r0: 0-7, r1: 8-15) stored at o as DST's (0 float32, 1 float64, 6 complex64, 7 complex128) */
static inline __attribute__((always_inline)) void tl__f8dec_st(int DST, char *o, __m256i r0, __m256i r1, int nt) {
  if (DST == 0) {
    tl__st32(o, r0, nt);
    tl__st32(o + 32, r1, nt);
  } else if (DST == 6) {
    tl__st_c64(o, r0, nt);
    tl__st_c64(o + 64, r1, nt);
  } else if (DST == 7) {
    for (int h = 0; h < 4; h++) {
      const __m256 r = _mm256_castsi256_ps(h < 2 ? r0 : r1);
      tl__st_c128(o + 64 * h, _mm256_cvtps_pd(h & 1 ? _mm256_extractf128_ps(r, 1) : _mm256_castps256_ps128(r)), nt);
    }
  } else {
    tl__st32(o, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_castps256_ps128(_mm256_castsi256_ps(r0)))), nt);
    tl__st32(o + 32, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_extractf128_ps(_mm256_castsi256_ps(r0), 1))), nt);
    tl__st32(o + 64, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_castps256_ps128(_mm256_castsi256_ps(r1)))), nt);
    tl__st32(o + 96, _mm256_castpd_si256(_mm256_cvtps_pd(_mm256_extractf128_ps(_mm256_castsi256_ps(r1), 1))), nt);
  }
}

/* 32 codes at s + i decoded by tl__f8hb and stored at d as DST's (H16: 16-bit
   outputs, else float32/float64/complex through VCVTPH2PS); returns whether
   the lookups were taken (LK = 0: only where needed) */
static inline __attribute__((always_inline)) int tl__f8hb_step(const uint8_t *s, char *d, size_t i, int E, int M, int B,
                                                               int fam, int BF, int P, int TLZ, int LK, __m256i TL,
                                                               __m256i TH, int H16, int DST, size_t D, int nt) {
  __m256i w[2];
  const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
  /* float32/complex64 from bfloat16 words (W32): a float32 is its bfloat16
     with 16 zero bits below, one 16-bit unpack a vector, no VCVTPH2PS */
  const int W32 = !H16 && BF;
  /* complex32/bcomplex32 (CX): the 16-bit words unpacked with zero words,
     in lane, the codes ordered for it by tl__f8hb's W32 permutation (not
     VPMOVZXWD's lane crossing and VEXTRACTI128) */
  const int CX = H16 && DST >= 4;
  /* an IEEE format whose inf/NaN the lookups do not take: 32 codes without
     them (one add and VPMOVMSKB; the usual case) decode without their
     compares and blends */
  const int looked = fam == TL__FAM_IEEE && !tl__f8hb_s(E, M, B, fam, BF, P) && tl__f8below32m(x, ((1 << E) - 1) << M)
                         ? tl__f8hb(x, E, M, B, TL__FAM_MX, BF, P, W32 || CX, TLZ, LK, TL, TH, &w[0], &w[1])
                         : tl__f8hb(x, E, M, B, fam, BF, P, W32 || CX, TLZ, LK, TL, TH, &w[0], &w[1]);
  for (int h = 0; h < 2; h++) {
    char *o = d + (i + 16 * (size_t)h) * D;
    if (CX) {
      const __m256i z = _mm256_setzero_si256();
      tl__st32(o, _mm256_unpacklo_epi16(w[h], z), nt);
      tl__st32(o + 32, _mm256_unpackhi_epi16(w[h], z), nt);
    } else if (H16) {
      tl__h16_st(o, w[h], 0, nt);
    } else if (W32) {
      const __m256i z = _mm256_setzero_si256();
      tl__f8dec_st(DST, o, _mm256_unpacklo_epi16(z, w[h]), _mm256_unpackhi_epi16(z, w[h]), nt);
    } else {
      const __m256i r0 = _mm256_castps_si256(_mm256_cvtph_ps(_mm256_castsi256_si128(w[h])));
      const __m256i r1 = _mm256_castps_si256(_mm256_cvtph_ps(_mm256_extracti128_si256(w[h], 1)));
      tl__f8dec_st(DST, o, r0, r1, nt);
    }
  }
  return looked;
}

/* DST: 0 float32, 6 complex64 (through float32: tl__f8dec16, tl__e8dec, or the byte planes),
   1 float64, 7 complex128 (the float64's top 16 bits, tl__f8d16; float8_e8m0fnu through float32),
   2 float16, 3 bfloat16, 4 complex32, 5 bcomplex32 (in 16-bit lanes: tl__f8hb, tl__f8h, tl__e8hb). */
static inline __attribute__((always_inline)) void tl__f8dec_run(tl_dtype from, int DST, int E, int M, int B, int fam,
                                                                int P, const void *sv, void *dv, size_t n) {
  const uint8_t *s = sv;
  char *d = dv;
  static const tl_dtype dst_of[8] = {TL_FLOAT32,   TL_FLOAT64,    TL_FLOAT16,   TL_BFLOAT16,
                                     TL_COMPLEX32, TL_BCOMPLEX32, TL_COMPLEX64, TL_COMPLEX128};
  static const int dsz[8] = {4, 8, 2, 2, 4, 4, 8, 16};
  const size_t D = (size_t)dsz[DST];
  const int BF = DST == 3 || DST == 5, H16 = DST >= 2 && DST <= 5;
  if ((DST == 1 || DST == 7) && fam != TL__FAM_E8M0) {
    /* float64/complex128: the top 16 bits of each float64 (tl__f8d16), 16
       codes a vector, moved into place by one VPSHUFB per output vector from
       their 8-word halves in both lanes: no VCVTPH2PS/VCVTPS2PD (their
       throughput, 12 conversions per 32 codes, bounded the float32 route).
       AVX2 on Zen 4, 32 KiB, x memcpy, in alternation, against that route:
       float8 -> float64 0.44-0.58 -> 0.63-0.66, -> complex128 0.46-0.55 ->
       0.79-0.83, float6 -> float64 0.46 -> 0.59-0.62, -> complex128 0.46 ->
       0.77-0.82; 64 MiB the same (1.2x). float32 the same way (bfloat16
       words, tl__f8h) ran slower than VCVTPH2PS: 0.53-0.77 -> 0.42,
       complex64 about even (0.58-0.62 -> 0.63-0.64). */
    const unsigned char *t64 = tl__table8(from, TL_FLOAT64, 0);
    if (!t64) return; /* not reached: the check built it */
    unsigned char lo[16], hi[16];
    for (int k = 0; k < 16; k++) lo[k] = k < 1 << (M - P) ? t64[8 * k + 6] : 0, hi[k] = k < 1 << (M - P) ? t64[8 * k + 7] : 0;
    const __m256i TL = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)lo));
    const __m256i TH = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)hi));
    /* word w of the broadcast half at bytes 6, 7 of a quadword: float64 (4 a
       vector: words 4g, 4g + 1 | 4g + 2, 4g + 3) or complex128 (2 a vector:
       words 2g | 2g + 1, the imaginary quadword 0) */
#define TL__W(w) -1, -1, -1, -1, -1, -1, 2 * (w), 2 * (w) + 1
#define TL__Z -1, -1, -1, -1, -1, -1, -1, -1
    const __m256i q[2] = {_mm256_setr_epi8(TL__W(0), TL__W(1), TL__W(2), TL__W(3)),
                          _mm256_setr_epi8(TL__W(4), TL__W(5), TL__W(6), TL__W(7))};
    const __m256i c[4] = {_mm256_setr_epi8(TL__W(0), TL__Z, TL__W(1), TL__Z), _mm256_setr_epi8(TL__W(2), TL__Z, TL__W(3), TL__Z),
                          _mm256_setr_epi8(TL__W(4), TL__Z, TL__W(5), TL__Z), _mm256_setr_epi8(TL__W(6), TL__Z, TL__W(7), TL__Z)};
#undef TL__W
#undef TL__Z
    const unsigned char *t8 = tl__table8(from, dst_of[DST], 0);
    if (!t8) return; /* not reached: the check built it */
    int nt = 0;
    size_t i = tl__lut_head(t8, (int)D, s, d, n, &nt);
    __m128i m7, lim;
    tl__f8ie_init(E, M, &m7, &lim);
    for (; i + 16 <= n; i += 16) {
      /* an IEEE format's 16 codes without inf/NaN (one compare; the usual
         case): decoded without their compares and blends */
      const __m256i xs = _mm256_cvtepi8_epi16(tl__ld16p(s + i, P));
      const __m256i w = fam == TL__FAM_IEEE && tl__f8ie_clean16v(s + i, m7, lim) ? tl__f8d16(xs, E, M, B, TL__FAM_MX, P, TL, TH)
                                                                             : tl__f8d16(xs, E, M, B, fam, P, TL, TH);
      const __m256i b[2] = {_mm256_permute4x64_epi64(w, 0x44), _mm256_permute4x64_epi64(w, 0xEE)};
      char *o = d + i * D;
      if (DST == 1)
        for (int g = 0; g < 4; g++) tl__st32(o + 32 * g, _mm256_shuffle_epi8(b[g >> 1], q[g & 1]), nt);
      else
        for (int g = 0; g < 8; g++) tl__st32(o + 32 * g, _mm256_shuffle_epi8(b[g >> 2], c[g & 3]), nt);
    }
    if (nt) _mm_sfence();
    for (; i < n; i++) memcpy(d + i * D, t8 + (size_t)s[i] * D, D);
    return;
  }
  /* float32/complex64 from float8_e4m3 (every float8 value but
     float8_e8m0fnu's is a float16): the byte planes, whose lookups take its
     inf and NaN (tl__f8hb_s), then VCVTPH2PS, not tl__f8dec16's compares and
     blends. AVX2 on Zen 4, 32 KiB, x memcpy, in alternation: -> float32 0.45
     -> 0.57, -> complex64 0.52 -> 0.58 (-> complex128 0.44 -> 0.47 before
     the route above); the other formats ran slower that way
     (float8_e4m3fnuz -> float32 0.59 -> 0.54) */
  /* float32/complex64 from the byte planes as bfloat16 (tl__f8hb_step's
     W32): one 16-bit unpack a vector in place of VCVTPH2PS, tl__f8dec16's
     multiply and its compares and blends. AVX2 on Zen 3, 32 KiB, x memcpy,
     medians of 5 rounds in alternation: -> float32 float8_e4m3fn 0.50 ->
     0.60, float8_e4m3 0.51 -> 0.61, float8_e5m2fnuz 0.51 -> 0.57,
     float8_e4m3b11fnuz 0.54 -> 0.57, float8_e3m4/float8_e4m3fnuz/float6
     0.98-1.00x; -> complex64 1.02-1.18x. Not float8_e5m2, a float16's top
     byte, whose tl__f8dec16 is one VCVTPH2PS (-> float32 0.73 -> 0.57). */
  const int WB = (DST == 0 || DST == 6) && fam != TL__FAM_E8M0 && !(fam == TL__FAM_IEEE && M == 2 && B == 15);
  const int HB = !H16 && !WB && fam == TL__FAM_IEEE && tl__f8hb_s(E, M, B, fam, 0, P);
  const int BFX = BF || WB; /* the planes' format: bfloat16 for WB */
  __m256i TL = _mm256_setzero_si256(), TH = TL, TLX = TL, THX = TL;
  if ((H16 && (fam != TL__FAM_E8M0 || !BF)) || HB || WB) { /* 16 entries of the float16/bfloat16 table, bytes split */
    const unsigned char *tab = tl__table8(from, BFX ? TL_BFLOAT16 : TL_FLOAT16, 0), *t = tab;
    if (!tab) return; /* not reached: the check built it */
    unsigned char e8h[32] = {0}; /* codes TL__E8H_LO .. +10, then 0 */
    if (fam == TL__FAM_E8M0) t = memcpy(e8h, tab + 2 * TL__E8H_LO, 2 * 11);
    const int S = tl__f8hb_s(E, M, B, fam, BFX, P);
    if (S) { /* entries S & 15 .. 15: the codes S .. 0x7F (tl__f8hb_s) */
      t = memcpy(e8h, tab, 32);
      memcpy(e8h + 2 * (S & 15), tab + 2 * S, 2 * (size_t)(128 - S));
    }
    const __m256i v = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)t),
                                          _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15, 0, 2,
                                                           4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15));
    const __m256i w = _mm256_permute4x64_epi64(v, 0xD8); /* TL 0..15 | TH 0..15 */
    TL = _mm256_permute2x128_si256(w, w, 0x00);
    TH = _mm256_permute2x128_si256(w, w, 0x11);
    /* tl__f8hb's: each entry XOR tl__f8hb_form's bytes for its code (the
       window's codes below T at their magnitude, S's at S's high bits) */
    const int T = tl__f8hb_t(M, B, BFX, P);
    unsigned char xl[16] = {0}, xh[16] = {0};
    for (int k = 0; k < 16 && fam != TL__FAM_E8M0; k++) { /* (float8_e8m0fnu's planes are tl__e8hb's) */
      const unsigned mag = S && k >= (S & 15) ? (unsigned)((S & 0x70) | k) : ((unsigned)k << P) & 0x7F;
      unsigned char fh = 0, fl = 0;
      if (k < T || (S && k >= (S & 15))) tl__f8hb_form(M, B, BFX, mag, &fh, &fl);
      xl[k] = (unsigned char)(t[2 * k] ^ fl), xh[k] = (unsigned char)(t[2 * k + 1] ^ fh);
    }
    TLX = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)xl));
    THX = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)xh));
  }
  int nt = 0; /* outputs beyond the last-level cache: streaming stores, head from the table */
  const unsigned char *t8 = tl__table8(from, dst_of[DST], 0);
  size_t i = t8 ? tl__lut_head(t8, (int)D, s, d, n, &nt) : 0;
  if ((H16 || HB || WB) && fam != TL__FAM_E8M0) {
    const int TLZ = !BFX && M - P <= 3 && B <= 15; /* float16's subnormals from these: 2 mantissa bits at most */
    /* the window's lookups skipped in blocks that need none (tl__f8hb with
       LK = 0), but for the 16 blocks after one that did, which take them
       without a branch: data where such codes are common (1 block in 3
       with float8_e4m3fn from N(0, 1) values) would otherwise guess the
       branch wrong often. AVX2 on Zen 4, 32 KiB, x memcpy, in alternation:
       -> bfloat16 0.46-0.54 -> 0.53-0.64, -> float16/complex32 2-4%
       faster. Only for the float8 formats whose smallest normal is at most
       2^-6: float8_e3m4's (2^-2) subnormals are common enough in values of
       [-100, 100] to make it 8% slower, the float6 formats gain 0-7% */
    const int SK = P == 0 && 1 - B <= -6;
    int back = SK ? 0 : 1;
    for (; i + 32 <= n; i += 32) {
      const int looked = tl__f8hb_step(s, d, i, E, M, B, fam, BFX, P, TLZ, back, TLX, THX, H16, DST, D, nt);
      if (SK) back = back ? back - 1 : looked ? 16 : 0;
    }
  }
  if (H16 && fam == TL__FAM_E8M0 && !BF) { /* float8_e8m0fnu -> float16/complex32: byte planes (tl__e8hb) */
    const __m256i LT = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4,
                                        8, 16, 32, 64, -128);
    for (; i + 32 <= n; i += 32) {
      __m256i w[2];
      tl__e8hb(_mm256_loadu_si256((const __m256i *)(const void *)(s + i)), LT, &w[0], &w[1]);
      tl__h16_st(d + i * D, w[0], DST >= 4, nt);
      tl__h16_st(d + (i + 16) * D, w[1], DST >= 4, nt);
    }
  }
  if (fam == TL__FAM_E8M0 && (BF || !H16) && DST != 7) {
    /* float8_e8m0fnu -> bfloat16/bcomplex32 and float32/complex64/float64
       by byte planes (tl__e8w): per 32 codes one flag byte each and two
       unpacks; bfloat16 is the word shifted right by 1, float32 the word
       widened and shifted left by 15 (float64 from it by VCVTPS2PD). The
       per-lane compares and blends before (3 µops a VPBLENDVB on Intel)
       cost 20 operations a 32 into bfloat16, 40 into float32; these 9 and
       16. An Intel Xeon, AVX2, 32 KiB, x memcpy, in alternation: ->
       bfloat16 0.51 -> 0.85, -> float32 0.47 -> 0.72, -> float64 0.55 ->
       0.64, -> complex64 0.65 -> 0.70, -> bcomplex32 0.66 -> 0.72;
       complex128 lost (0.50 -> 0.45: its stores' shuffles share the
       widening's port), so it keeps the loop below. */
    for (; i + 32 <= n; i += 32) {
      __m256i w0, w1;
      if (H16) {
        tl__e8w(_mm256_permute4x64_epi64(TL__L32(s + i), 0xD8), &w0, &w1); /* codes 0..15, 16..31 */
        tl__h16_st(d + i * D, _mm256_srli_epi16(w0, 1), DST >= 4, nt);
        tl__h16_st(d + (i + 16) * D, _mm256_srli_epi16(w1, 1), DST >= 4, nt);
      } else {
        tl__e8w(TL__L32(s + i), &w0, &w1); /* codes 0..7 | 16..23, 8..15 | 24..31 */
        tl__f8dec_st(DST, d + i * D, tl__e8w32(_mm256_castsi256_si128(w0)), tl__e8w32(_mm256_castsi256_si128(w1)), nt);
        tl__f8dec_st(DST, d + (i + 16) * D, tl__e8w32(_mm256_extracti128_si256(w0, 1)),
                     tl__e8w32(_mm256_extracti128_si256(w1, 1)), nt);
      }
    }
  }
  if (H16 && !P) { /* float8_e8m0fnu -> bfloat16/bcomplex32; and the float8 formats' last 16 */
    for (; i + 32 <= n; i += 32) { /* two vectors a step: measured faster for the fnuz formats */
      const __m256i r = tl__f8h(_mm256_cvtepi8_epi16(TL__L16(s + i)), E, M, B, fam, BF, TL, TH);
      const __m256i q = tl__f8h(_mm256_cvtepi8_epi16(TL__L16(s + i + 16)), E, M, B, fam, BF, TL, TH);
      tl__h16_st(d + i * D, r, DST >= 4, nt);
      tl__h16_st(d + (i + 16) * D, q, DST >= 4, nt);
    }
    for (; i + 16 <= n; i += 16)
      tl__h16_st(d + i * D, tl__f8h(_mm256_cvtepi8_epi16(TL__L16(s + i)), E, M, B, fam, BF, TL, TH), DST >= 4, nt);
  }
  const __m256i top0 = _mm256_setr_epi8(-1, -1, -1, 0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3, -1, -1, -1, 4, -1,
                                        -1, -1, 5, -1, -1, -1, 6, -1, -1, -1, 7);
  const __m256i top1 = _mm256_setr_epi8(-1, -1, -1, 8, -1, -1, -1, 9, -1, -1, -1, 10, -1, -1, -1, 11, -1, -1, -1, 12, -1,
                                        -1, -1, 13, -1, -1, -1, 14, -1, -1, -1, 15);
  __m128i m7, lim;
  tl__f8ie_init(E, M, &m7, &lim);
  /* an IEEE format's 32 codes without inf/NaN a check (as tl__f8int_run):
     float8_e3m4 -> float32 0.45 -> 0.51x memcpy, float8_e5m2 -> float32 0.60
     -> 0.69 (AVX2 on Zen 4, 32 KiB, in alternation); the float64 route above
     ran 6% slower so */
  for (; !H16 && fam == TL__FAM_IEEE && i + 32 <= n && tl__f8ie_clean32(TL__L32(s + i), E, M); i += 32)
    for (int h = 0; h < 2; h++) {
      __m256i r0, r1;
      tl__f8dec16(tl__top16p(s + i + 16 * h, P), E, M, B, TL__FAM_MX, 0, &r0, &r1);
      tl__f8dec_st(DST, d + (i + 16 * (size_t)h) * D, r0, r1, nt);
    }
  for (; !H16 && i + 16 <= n; i += 16) {
    __m256i r0, r1;
    if (fam != TL__FAM_E8M0) {
      /* an IEEE format's 16 codes without inf/NaN (one compare; the usual
         case): decoded without their compares and blends */
      if (fam == TL__FAM_IEEE && tl__f8ie_clean16v(s + i, m7, lim))
        tl__f8dec16(tl__top16p(s + i, P), E, M, B, TL__FAM_MX, 0, &r0, &r1);
      else
        tl__f8dec16(tl__top16p(s + i, P), E, M, B, fam, 0, &r0, &r1);
    } else { /* 16 codes in both halves, 8 of them at the top of 32-bit lanes by each VPSHUFB */
      const __m256i b = _mm256_broadcastsi128_si256(TL__L16(s + i));
      r0 = tl__e8dec(_mm256_shuffle_epi8(b, top0));
      r1 = tl__e8dec(_mm256_shuffle_epi8(b, top1));
    }
    tl__f8dec_st(DST, d + i * D, r0, r1, nt);
  }
  if (nt) _mm_sfence();
  for (; t8 && i < n; i++) memcpy(d + i * D, t8 + (size_t)s[i] * D, D); /* the tail from the pair's table (the check made it) */
}

/* the float8 formats with a sign and a mantissa: (dtype, tag, E, M, bias, family, sign bit) */
#define TL__F8INT_FORMATS(X)                                                                          \
  X(TL_FLOAT8_E4M3FN, e4m3fn, 4, 3, 7, TL__FAM_FN, 7) X(TL_FLOAT8_E5M2, e5m2, 5, 2, 15, TL__FAM_IEEE, 7) \
  X(TL_FLOAT8_E4M3, e4m3, 4, 3, 7, TL__FAM_IEEE, 7) X(TL_FLOAT8_E3M4, e3m4, 3, 4, 3, TL__FAM_IEEE, 7)    \
  X(TL_FLOAT8_E4M3FNUZ, e4m3fnuz, 4, 3, 8, TL__FAM_FNUZ, 7)                                            \
  X(TL_FLOAT8_E4M3B11FNUZ, b11, 4, 3, 11, TL__FAM_FNUZ, 7)                                             \
  X(TL_FLOAT8_E5M2FNUZ, e5m2fnuz, 5, 2, 16, TL__FAM_FNUZ, 7)
#define TL__F8DEC_FORMATS(X) TL__F8INT_FORMATS(X) X(TL_FLOAT8_E8M0FNU, e8m0, 8, 0, 127, TL__FAM_E8M0, -1)
/* one decoder: NAME for source FT (E, M, B, FAM, its codes shifted by P) into DST */
#define TL__DEC_FN(NAME, FT, DST, E, M, B, FAM, P)                                                              \
  static void NAME(const void *s, void *d, size_t n) { tl__f8dec_run(FT, DST, E, M, B, FAM, P, s, d, n); }
#define TL__F8DEC_DEF(FT, TAG, E, M, B, FAM, SB)                                                                \
  TL__DEC_FN(d8_##TAG##_f32, FT, 0, E, M, B, FAM, 0) TL__DEC_FN(d8_##TAG##_f64, FT, 1, E, M, B, FAM, 0)           \
  TL__DEC_FN(d8_##TAG##_f16, FT, 2, E, M, B, FAM, 0) TL__DEC_FN(d8_##TAG##_bf16, FT, 3, E, M, B, FAM, 0)          \
  TL__DEC_FN(d8_##TAG##_c32, FT, 4, E, M, B, FAM, 0) TL__DEC_FN(d8_##TAG##_bc32, FT, 5, E, M, B, FAM, 0)          \
  TL__DEC_FN(d8_##TAG##_c64, FT, 6, E, M, B, FAM, 0) TL__DEC_FN(d8_##TAG##_c128, FT, 7, E, M, B, FAM, 0)
TL__F8DEC_FORMATS(TL__F8DEC_DEF)
#undef TL__F8DEC_DEF
/* float6 (no inf, no NaN) as the float8 of two more mantissa bits its code
   shifted left by 2 is (tl__ld16p): (dtype, tag, E, M + 2, bias). Into
   float32/float64/complex64/complex128 and the 4- and 8-byte integers only:
   the 16-bit-lane decoders' 16-entry subnormal lookup is indexed by the code
   itself. */
#define TL__F6DEC_FORMATS(X) X(TL_FLOAT6_E2M3FN, e2m3, 2, 5, 1) X(TL_FLOAT6_E3M2FN, e3m2, 3, 4, 3)
#define TL__F6DEC_DEF(FT, TAG, E, M, B)                                                                         \
  TL__DEC_FN(d6_##TAG##_f32, FT, 0, E, M, B, TL__FAM_MX, 2) TL__DEC_FN(d6_##TAG##_f64, FT, 1, E, M, B, TL__FAM_MX, 2) \
  TL__DEC_FN(d6_##TAG##_c64, FT, 6, E, M, B, TL__FAM_MX, 2) TL__DEC_FN(d6_##TAG##_c128, FT, 7, E, M, B, TL__FAM_MX, 2) \
  TL__DEC_FN(d6_##TAG##_f16, FT, 2, E, M, B, TL__FAM_MX, 2) TL__DEC_FN(d6_##TAG##_bf16, FT, 3, E, M, B, TL__FAM_MX, 2) \
  TL__DEC_FN(d6_##TAG##_c32, FT, 4, E, M, B, TL__FAM_MX, 2) TL__DEC_FN(d6_##TAG##_bc32, FT, 5, E, M, B, TL__FAM_MX, 2)
TL__F6DEC_FORMATS(TL__F6DEC_DEF)
#undef TL__F6DEC_DEF
/* float4_e2m1fn the same way, its code shifted left by P = 4 (the byte's
   high nibble dropped, as the table does): the float8 of 4 more mantissa
   bits, (E, M + 4, bias) = (2, 5, 1) as float6_e2m3fn's. Into float64,
   complex64, complex128 (its 16-entry lookup transposes 8-16 byte planes
   there) and int64/uint64; AVX2 on Zen 4, 32 KiB, x memcpy, in
   alternation, against the lookup: -> float64 0.40 -> 0.55, -> complex64
   0.40 -> 0.54, -> complex128 0.32 -> 0.76, -> int64 0.40 -> 0.52, ->
   uint64 0.39 -> 0.54. Into float32 (0.50 -> 0.49) and int32/uint32
   (0.50-0.52 -> 0.36-0.41) the lookup stays, as into the 2-byte outputs
   (float16: 7.0 against 4.1 G elements/s). */
#define TL__F4DEC_FORMATS(X) X(TL_FLOAT4_E2M1FN, e2m1, 2, 5, 1)
#define TL__F4DEC_DEF(FT, TAG, E, M, B)                                                                         \
  TL__DEC_FN(d4_##TAG##_f64, FT, 1, E, M, B, TL__FAM_MX, 4) TL__DEC_FN(d4_##TAG##_c64, FT, 6, E, M, B, TL__FAM_MX, 4) \
  TL__DEC_FN(d4_##TAG##_c128, FT, 7, E, M, B, TL__FAM_MX, 4)
TL__F4DEC_FORMATS(TL__F4DEC_DEF)
#undef TL__F4DEC_DEF
#undef TL__DEC_FN

/* float8_e8m0fnu -> int32/uint32/int64/uint64: 2^(x - 127) is 1 shifted left
 * by x - 127 (VPSLLVD/Q: a count past the width gives 0, as the fractions
 * truncate), the count clamped in bytes: k = x - 127 wrapped to a byte and
 * clamped to L = (the first overflowing code) - 127 by a signed byte min (x
 * below 127 and NaN wrap to 128..255, which the min keeps and whose shift
 * gives 0); the result 1 << k, less 1 where k is L (the largest value:
 * 2^31 - 1 for int32; 0 - 1 for uint32, whose shift by 32 gives 0). That
 * is the pair's table where its overflow entry (254's) is the destination's
 * largest value and NaN's is 0, the scalar cast's, which the tests hold it
 * to; elsewhere (and for the last codes, fewer than 16) the table. Checked
 * against the whole table with the decoders below. Per 16 codes 2 byte
 * operations, then 4 a vector (widen, shift, compare, add) where per-lane
 * compares and blends had 8, 6 of them µops of VPBLENDVB on Intel (an Intel
 * Xeon, AVX2, 32 KiB, x memcpy, in alternation: -> int32/uint32 0.43 ->
 * 0.73, -> int64/uint64 0.38 -> 0.73). */
static inline __attribute__((always_inline)) void tl__e8i_run(tl_dtype to, const void *sv, void *dv, size_t n) {
  const uint8_t *s = sv;
  char *d = dv;
  const tl_dtype_info *ti = tl__info(to);
  const int D = ti->itemsize == 8 ? 8 : 4;
  const unsigned char *t = tl__table8(TL_FLOAT8_E8M0FNU, to, 0);
  if (!t) return; /* not reached: the check built it */
  int64_t ovf = 0, nan = 0;
  memcpy(&ovf, t + 254 * D, (size_t)D), memcpy(&nan, t + 255 * D, (size_t)D);
  const int L = ti->bits - (ti->kind == TL_KIND_INT); /* the first overflowing code less 127 */
  const int64_t top = L == 64 ? -1 : L == 32 ? (int64_t)0xFFFFFFFF : (int64_t)((1ull << L) - 1);
  int nt;
  size_t i = tl__lut_head(t, D, s, d, n, &nt);
  if (ovf == top && nan == 0) {
    const __m128i b8 = _mm_set1_epi8(127), L8 = _mm_set1_epi8((char)L);
    if (D == 4) {
      const __m256i one = _mm256_set1_epi32(1), Lv = _mm256_set1_epi32(L);
      for (; i + 16 <= n; i += 16) {
        const __m128i k = _mm_min_epi8(_mm_sub_epi8(TL__L16(s + i), b8), L8);
        const __m256i k0 = _mm256_cvtepu8_epi32(k), k1 = _mm256_cvtepu8_epi32(_mm_unpackhi_epi64(k, k));
        tl__st32(d + 4 * i, _mm256_add_epi32(_mm256_sllv_epi32(one, k0), _mm256_cmpeq_epi32(k0, Lv)), nt);
        tl__st32(d + 4 * i + 32, _mm256_add_epi32(_mm256_sllv_epi32(one, k1), _mm256_cmpeq_epi32(k1, Lv)), nt);
      }
    } else {
      const __m256i one = _mm256_set1_epi64x(1), Lv = _mm256_set1_epi64x(L);
      for (; i + 16 <= n; i += 16) {
        const __m128i k = _mm_min_epi8(_mm_sub_epi8(TL__L16(s + i), b8), L8);
        const __m128i kk[4] = {k, _mm_srli_si128(k, 4), _mm_srli_si128(k, 8), _mm_srli_si128(k, 12)};
        for (int g = 0; g < 4; g++) {
          const __m256i kq = _mm256_cvtepu8_epi64(kk[g]);
          tl__st32(d + 8 * i + 32 * g, _mm256_add_epi64(_mm256_sllv_epi64(one, kq), _mm256_cmpeq_epi64(kq, Lv)), nt);
        }
      }
    }
  }
  if (nt) _mm_sfence();
  for (; i < n; i++) memcpy(d + i * D, t + (size_t)s[i] * D, (size_t)D);
}
static void e8i_i32(const void *s, void *d, size_t n) { tl__e8i_run(TL_INT32, s, d, n); }
static void e8i_u32(const void *s, void *d, size_t n) { tl__e8i_run(TL_UINT32, s, d, n); }
static void e8i_i64(const void *s, void *d, size_t n) { tl__e8i_run(TL_INT64, s, d, n); }
static void e8i_u64(const void *s, void *d, size_t n) { tl__e8i_run(TL_UINT64, s, d, n); }

/* float8 (not e8m0) -> int16/uint16/int32/uint32/int64/uint64, in 16-bit
 * lanes: 16 codes sign-extended, the truncated magnitude computed as a 16-bit
 * product. With the implicit 1 at bit 15, a = (1.f) << 15 is below 2^16, and
 * |value| = mant * 2^(e - B - M) is mulhi(a, 2^(e - B + 1)): the power read
 * by one VPSHUFB of a 16-entry table of 2^j (the index j in the low byte,
 * j ^ 8 in the high one, so each byte reads its half of 2^j). Exponents below
 * B give 0 (j clamped to 0: a times 1, high half 0); j = 16 (2^15: exponent
 * 30 of float8_e5m2, 31 of float8_e5m2fnuz) is a itself, or-ed in; inf is
 * 0xFFFF (no finite code reaches it), NaN 0 (fnuz's NaN 0x80 reads as -0).
 * Then the sign: into 16 bits, saturated by a min with the bound (one more
 * for negatives) and negated (unsigned: negatives to 0); wider, the magnitude
 * and the sign widened, negated, inf to the bound (formats without inf whose
 * values fit int16: negated in 16-bit lanes, then sign-extended). Into the
 * 1-byte integers the folded lookups stay: as fast or faster there (32 KiB,
 * x memcpy: 0.12-0.44 against 0.12-0.20). Checked against the pair's table
 * like the decoders (tl__f8dec_checked). In alternation (AVX2, 32 KiB, x
 * memcpy): -> int16/uint16 0.08-0.16 -> 0.20-0.28; -> int32/uint32
 * 0.11-0.22 -> 0.18-0.32; -> int64/uint64 0.13-0.25 -> 0.21-0.47.
 * Blocks of 32 codes below tl__f8lim now compute the same product with the
 * codes in bytes (tl__f8i16b, in tl__f8int_run: int16/uint16, uint32/uint64).
 * Into int32 / uint32 from the formats without inf (and float8_e5m2, its
 * inf and NaN mended after) the codes now go through float32 as the float
 * decoders do (tl__f8dec16, NaN as 0) and
 * VCVTTPS2DQ truncates, uint32 after a max with 0: float8_e4m3fnuz/b11fnuz
 * -> int32 0.46 -> 0.56, float8_e5m2fnuz -> int32 0.31 -> 0.50, -> uint32
 * 0.34 -> 0.46x memcpy (in alternation, 32 KiB). Into int16/uint16 the same
 * route (saturating packs) was slower: 0.32-0.39 -> 0.28. */
/* the largest exponent field of a finite float8 value */
static inline int tl__f8emax(int E, int fam) { return fam == TL__FAM_IEEE ? (1 << E) - 2 : (1 << E) - 1; }
/* a format without inf whose magnitudes all fit int16 (float8_e4m3fn and the e4m3 fnuz ones): its
   16-bit magnitudes need no mending and take their sign by VPSIGNW */
static inline int tl__f8fits16(int E, int B, int fam) { return fam != TL__FAM_IEEE && tl__f8emax(E, fam) - B + 1 < 15; }
/* CLEAN: the codes are known to hold no inf or NaN and no magnitude of 2^15 or more (tl__f8lim) */
static inline __attribute__((always_inline)) __m256i tl__f8mag(__m256i xs, int E, int M, int B, int fam, int CLEAN) {
  const __m256i m = _mm256_and_si256(xs, _mm256_set1_epi16(0x7F));
  const __m256i a = _mm256_or_si256(_mm256_slli_epi16(xs, 15 - M), _mm256_set1_epi16((short)0x8000));
  const __m256i j = _mm256_subs_epu16(_mm256_srli_epi16(m, M), _mm256_set1_epi16((short)(B - 1)));
  const __m256i p2 = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32,
                                      64, (char)128, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m256i ix = _mm256_xor_si256(_mm256_mullo_epi16(j, _mm256_set1_epi16(0x0101)), _mm256_set1_epi16(0x0800));
  __m256i v = _mm256_mulhi_epu16(a, _mm256_shuffle_epi8(p2, ix));
  if (CLEAN) return v;
  if (tl__f8emax(E, fam) - B + 1 >= 16) v = _mm256_or_si256(v, _mm256_and_si256(_mm256_cmpeq_epi16(j, _mm256_set1_epi16(16)), a));
  if (fam == TL__FAM_IEEE) {
    const __m256i inf = _mm256_set1_epi16((short)(((1 << E) - 1) << M));
    v = _mm256_or_si256(v, _mm256_cmpeq_epi16(m, inf));
    v = _mm256_andnot_si256(_mm256_cmpgt_epi16(m, inf), v);
  } else if (fam == TL__FAM_FN) {
    v = _mm256_andnot_si256(_mm256_cmpeq_epi16(m, _mm256_set1_epi16(0x7F)), v);
  }
  return v;
}
/* The first magnitude code (x & 0x7F) that is inf or NaN or of magnitude
   2^15 or more (exponent field 15 + B), 128 if none: below it, codes need
   none of tl__f8mag's and tl__f8int16's mending */
static inline int tl__f8lim(int E, int M, int B, int fam) {
  int L = 15 + B < 1 << E ? (15 + B) << M : 128;
  if (fam == TL__FAM_IEEE && ((1 << E) - 1) << M < L) L = ((1 << E) - 1) << M;
  if (fam == TL__FAM_FN && 0x7F < L) L = 0x7F;
  return L;
}
/* 16 codes of a block below tl__f8lim -> 16 int16 (SG: the sign by VPSIGNW
   of the sign-extended code, zero only for code 0, whose magnitude is 0; and
   fnuz's NaN 0x80, whose magnitude reads 0 as the other routes give it) /
   uint16 (negatives 0) */
static inline __attribute__((always_inline)) __m256i tl__f8int16c(__m256i xs, int E, int M, int B, int SG) {
  const __m256i v = tl__f8mag(xs, E, M, B, TL__FAM_MX, 1);
  return SG ? _mm256_sign_epi16(v, xs) : _mm256_andnot_si256(_mm256_cmpgt_epi16(_mm256_setzero_si256(), xs), v);
}
/* 16 codes -> 16 int16 (SG) / uint16 */
static inline __attribute__((always_inline)) __m256i tl__f8int16(__m256i xs, int E, int M, int B, int fam, int SG) {
  const __m256i v = tl__f8mag(xs, E, M, B, fam, 0);
  /* no inf and every |value| below 2^15 (float8_e4m3fn and the e4m3 fnuz formats): the sign by VPSIGNW of the
     sign-extended code (zero only for code 0, whose magnitude is 0), one operation for five (AVX2 on Zen 5, 32
     KiB: float8_e4m3fn 0.11 -> 0.14x memcpy, float8_e4m3fnuz/b11fnuz 0.13 -> 0.17; 1.29-1.31x in alternation) */
  if (SG && tl__f8fits16(E, B, fam)) return _mm256_sign_epi16(v, xs);
  const __m256i s = _mm256_cmpgt_epi16(_mm256_setzero_si256(), xs);
  if (!SG) return _mm256_andnot_si256(s, v);
  const __m256i w = _mm256_min_epu16(v, _mm256_sub_epi16(_mm256_set1_epi16(INT16_MAX), s));
  return _mm256_sub_epi16(_mm256_xor_si256(w, s), s);
}
/* 16 codes -> 16 integers of 4 (W = 32) or 8 bytes (W = 64) at o: the
   magnitude and the sign widened, then negated (unsigned: negatives to 0);
   inf (the magnitude 0xFFFF, which no finite code has) to the destination's
   bound. A format without inf whose values fit int16 is negated in 16-bit
   lanes and then sign-extended. */
static inline __attribute__((always_inline)) __m256i tl__f8w_one(__m128i v, __m128i s, int W, int SG, int inf) {
  const __m256i w = W == 32 ? _mm256_cvtepu16_epi32(v) : _mm256_cvtepu16_epi64(v);
  const __m256i sg = W == 32 ? _mm256_cvtepi16_epi32(s) : _mm256_cvtepi16_epi64(s);
  __m256i r = SG ? (W == 32 ? _mm256_sub_epi32(_mm256_xor_si256(w, sg), sg) : _mm256_sub_epi64(_mm256_xor_si256(w, sg), sg))
                 : _mm256_andnot_si256(sg, w);
  if (inf) {
    const __m256i ff = W == 32 ? _mm256_set1_epi32(0xFFFF) : _mm256_set1_epi64x(0xFFFF);
    if (SG) {
      const __m256i im = W == 32 ? _mm256_cmpeq_epi32(w, ff) : _mm256_cmpeq_epi64(w, ff);
      r = _mm256_blendv_epi8(r, _mm256_xor_si256(sg, W == 32 ? _mm256_set1_epi32(INT32_MAX) : _mm256_set1_epi64x(INT64_MAX)), im);
    } else {
      r = _mm256_or_si256(r, W == 32 ? _mm256_cmpeq_epi32(r, ff) : _mm256_cmpeq_epi64(r, ff)); /* -inf is 0 */
    }
  }
  return r;
}
static inline __attribute__((always_inline)) void tl__f8wide(char *o, __m256i xs, int E, int M, int B, int fam,
                                                             int SG, int D, int nt) {
  const int W = 8 * D;
  const __m256i v = tl__f8mag(xs, E, M, B, fam, 0), s = _mm256_cmpgt_epi16(_mm256_setzero_si256(), xs);
  if (tl__f8fits16(E, B, fam)) { /* |values| < 2^15, no inf */
    const __m256i r = SG ? _mm256_sign_epi16(v, xs) : _mm256_andnot_si256(s, v); /* VPSIGNW as tl__f8int16: 1.06-1.12x into int64 */
    const __m128i r0 = _mm256_castsi256_si128(r), r1 = _mm256_extracti128_si256(r, 1);
    if (W == 32) {
      tl__st32(o, SG ? _mm256_cvtepi16_epi32(r0) : _mm256_cvtepu16_epi32(r0), nt);
      tl__st32(o + 32, SG ? _mm256_cvtepi16_epi32(r1) : _mm256_cvtepu16_epi32(r1), nt);
    } else {
      /* widened in lane (tl__st_x4o after one VPERMD), not four
         lane-crossing VPMOVSX/ZXWQ */
      tl__st_x4o(o, _mm256_permutevar8x32_epi32(r, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)), 2, SG, 0, nt);
    }
    return;
  }
  const int inf = fam == TL__FAM_IEEE;
  const __m128i v0 = _mm256_castsi256_si128(v), v1 = _mm256_extracti128_si256(v, 1);
  const __m128i s0 = _mm256_castsi256_si128(s), s1 = _mm256_extracti128_si256(s, 1);
  if (W == 32) {
    tl__st32(o, tl__f8w_one(v0, s0, 32, SG, inf), nt);
    tl__st32(o + 32, tl__f8w_one(v1, s1, 32, SG, inf), nt);
  } else {
    tl__st32(o, tl__f8w_one(v0, s0, 64, SG, inf), nt);
    tl__st32(o + 32, tl__f8w_one(_mm_srli_si128(v0, 8), _mm_srli_si128(s0, 8), 64, SG, inf), nt);
    tl__st32(o + 64, tl__f8w_one(v1, s1, 64, SG, inf), nt);
    tl__st32(o + 96, tl__f8w_one(_mm_srli_si128(v1, 8), _mm_srli_si128(s1, 8), 64, SG, inf), nt);
  }
}
/* 16 codes at p without inf or NaN (fam: their family, MX for an IEEE
   format's clean codes) -> 16 integers of D bytes at o through float32
   (tl__f8dec16, NaN as 0), truncated by VCVTTPS2DQ (uint: negatives to 0);
   D = 2 by the saturating packs */
static inline __attribute__((always_inline)) void tl__f8i32_blk(const uint8_t *p, char *o, int E, int M, int B, int fam,
                                                                int SG, int D, int P, int nt) {
  __m256i a, b;
  tl__f8dec16(tl__top16p(p, P), E, M, B, fam, 1, &a, &b);
  a = _mm256_cvttps_epi32(_mm256_castsi256_ps(a)), b = _mm256_cvttps_epi32(_mm256_castsi256_ps(b));
  if (D == 2) {
    tl__st32(o, _mm256_permute4x64_epi64(SG ? _mm256_packs_epi32(a, b) : _mm256_packus_epi32(a, b), 0xD8), nt);
    return;
  }
  if (!SG) a = _mm256_max_epi32(a, _mm256_setzero_si256()), b = _mm256_max_epi32(b, _mm256_setzero_si256());
  if (D == 4) {
    tl__st32(o, a, nt);
    tl__st32(o + 32, b, nt);
  } else {
    /* widened in lane (tl__st_x2; uint: zero-extended, a and b are >= 0
       here), not lane-crossing VPMOVSXDQ (AVX2 on Zen 3, 32
       KiB, x memcpy, in alternation: float8_e5m2 -> int64 0.47 -> 0.56, ->
       uint64 0.44 -> 0.57, float8_e4m3/e3m4 -> int64 0.43-0.44 -> 0.49, ->
       uint64 0.40 -> 0.48-0.49, float8_e5m2fnuz 0.40-0.44 -> 0.46-0.47) */
    tl__st_x2(o, a, 4, SG, nt);
    tl__st_x2(o + 64, b, 4, SG, nt);
  }
}
/* 32 codes x below tl__f8lim (no inf, NaN or magnitude of 2^15 or more)
   -> 32 int16 (SG) / uint16 at o: tl__f8mag's product computed with the
   codes still in bytes, 32 an operation where the 16-bit lanes take 16:
   the high byte of a = (1.f) << 15 by one VPSHUFB of the code's low 4 bits
   (TX), the power 2^(e - B + 1) as its low and high bytes by two VPSHUFB of
   the exponent field (TML, TMH; float8_e5m2/e5m2fnuz's 5-bit field less
   B - 1, saturating: 0 reads 0, as every exponent below B does), then
   unpacked into 16-bit lanes in order (the quadwords ordered first, in
   lane) for VPMULHUW. The sign: VPSIGNW of the code doubled into a word
   (negative for a negative code, 0 only for code 0); unsigned, the
   negative codes read 0 from TX (their bit 7 set). */
static inline __attribute__((always_inline)) __m256i tl__f8i16b_p(__m256i x, int LAY) { /* the codes' order here */
  if (LAY == 2) return x; /* int16/uint16 with plain stores: tl__f8i16b_st stores the 16-byte halves apart */
  return LAY ? _mm256_permutevar8x32_epi32(x, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)) : _mm256_permute4x64_epi64(x, 0xD8);
}
/* the codes xp in that order and their magnitudes c (xp & 0x7F; the
   caller's, whose limit test takes them too: one VPAND fewer) */
static inline __attribute__((always_inline)) void tl__f8i16b(__m256i xp, __m256i cm, int M, int B, int SG, __m256i TX,
                                                             __m256i TML, __m256i TMH, __m256i v[2]) {
  const __m256i z = _mm256_setzero_si256();
  const __m256i c = SG ? cm : xp;
  const __m256i xb = _mm256_shuffle_epi8(TX, c);
  __m256i e = _mm256_and_si256(_mm256_srli_epi16(c, M), _mm256_set1_epi8((char)(0x7F >> M)));
  if (M == 2) e = _mm256_subs_epu8(e, _mm256_set1_epi8((char)(B - 1)));
  const __m256i ml = _mm256_shuffle_epi8(TML, e), mh = _mm256_shuffle_epi8(TMH, e);
  for (int h = 0; h < 2; h++) {
    const __m256i a = h ? _mm256_unpackhi_epi8(z, xb) : _mm256_unpacklo_epi8(z, xb);
    const __m256i p = h ? _mm256_unpackhi_epi8(ml, mh) : _mm256_unpacklo_epi8(ml, mh);
    v[h] = _mm256_mulhi_epu16(a, p);
    if (SG) v[h] = _mm256_sign_epi16(v[h], h ? _mm256_unpackhi_epi8(xp, xp) : _mm256_unpacklo_epi8(xp, xp));
  }
}
/* ... stored as D-byte integers at o: 2 (LAY 0: codes 0-15, 16-31; with
   plain stores LAY 2, the codes in load order and each result's 16-byte
   halves stored apart: four stores for one lane permute, on an Intel Xeon,
   AVX2, 32 KiB, x memcpy, in alternation: float8_e4m3/e5m2 -> int16
   0.51-0.53 -> 0.58-0.61, float8_e4m3fnuz -> int16 0.55-0.60 -> 0.68,
   -> uint16 0.63-0.67 -> 0.68-0.72), 4
   (LAY 1: the 16-bit unpacks of each give 8 in order), 8 (LAY 0, widened
   in lane by tl__st_x4o) */
static inline __attribute__((always_inline)) void tl__f8i16b_st(__m256i xp, __m256i c, char *o, int M, int B, int SG,
                                                                int D, int LAY, __m256i TX, __m256i TML, __m256i TMH,
                                                                int nt) {
  __m256i v[2];
  tl__f8i16b(xp, c, M, B, SG, TX, TML, TMH, v);
  for (int h = 0; h < 2; h++) {
    if (LAY == 2) { /* the codes unpermuted, so that v[h] holds 8h-8h+7 and 8h+16-8h+23 */
      _mm_storeu_si128((__m128i *)(void *)(o + 16 * h), _mm256_castsi256_si128(v[h]));
      _mm_storeu_si128((__m128i *)(void *)(o + 32 + 16 * h), _mm256_extracti128_si256(v[h], 1));
    } else if (D == 2) {
      tl__st32(o + 32 * h, v[h], nt);
    } else if (D == 4) { /* tl__st_x2's unpacks, the words already in order for them */
      const __m256i e = SG ? tl__neg_w(v[h], 2) : _mm256_setzero_si256();
      tl__st32(o + 64 * h, tl__unpack_w(v[h], e, 2, 0), nt);
      tl__st32(o + 64 * h + 32, tl__unpack_w(v[h], e, 2, 1), nt);
    } else {
      tl__st_x4o(o + 128 * h, _mm256_permutevar8x32_epi32(v[h], _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)), 2, SG, 0, nt);
    }
  }
}
/* tl__f8i16b's tables for a format of M mantissa bits and bias B */
static void tl__f8i16b_tabs(int M, int B, __m256i *TX, __m256i *TML, __m256i *TMH) {
  unsigned char tx[16], ml[16], mh[16];
  for (int l = 0; l < 16; l++) {
    tx[l] = (unsigned char)(((1 << M) + (l & ((1 << M) - 1))) << (7 - M));
    const int e = M == 2 ? (l ? l + B - 1 : 0) : l, k = e - B + 1; /* the exponent field index l stands for */
    const unsigned p = e >= 1 && k >= 1 && k <= 15 ? 1u << k : 0;
    ml[l] = (unsigned char)(p & 0xFF), mh[l] = (unsigned char)(p >> 8);
  }
  *TX = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)tx));
  *TML = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)ml));
  *TMH = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)mh));
}
/* ---- float8/6/4 -> int64 / uint64 through a narrower core --
 * Where a pair's int64 (uint64) results are its int8 (uint8) or int16
 * (uint16) results sign- (zero-) extended for all 256 codes, blocks of 4096
 * codes are converted to that core into a buffer on the stack by the core
 * pair's own route (a 1-byte core: the lookups and rules of
 * tl__avx2_lut8; a 2-byte one: the pair's kernel) and then widened by
 * in-lane unpacks (three rounds from bytes, the codes' words first sorted
 * even / odd between the lanes, so each 32-byte store holds 4 elements in
 * order; two from words, as tl__st_x4o). The buffer is read back by aligned
 * 32-byte loads: 4-byte VPMOVSXBQ loads of it ran at either 0.47 or 0.8x
 * memcpy from one build to the next (loads behind the wide stores still in
 * flight). Used into int64 wherever a core fits, into uint64 from float4
 * and float6 only (their cores are lookups of at most 64 entries; from
 * float8_e4m3fnuz / e4m3b11fnuz the uint64 kernels stay 1.07-1.14x faster).
 * AVX2 on Zen 4, 32 KiB, x memcpy, in alternation against tl__f8wide's
 * 16-bit lanes: float4_e2m1fn -> int64 0.45 -> 0.80, -> uint64 0.51 ->
 * 0.88, float6_e2m3fn -> int64 0.49 -> 0.71-0.73, -> uint64 0.57 ->
 * 0.79-0.80, float6_e3m2fn -> int64 0.46 -> 0.70-0.73, -> uint64 0.53 ->
 * 0.78-0.81, float8_e4m3b11fnuz -> int64 0.51 -> 0.55-0.60 (an int8 core),
 * float8_e4m3fn -> int64 0.48 -> 0.59, float8_e4m3fnuz -> int64 0.50 -> 0.60
 * (int16 cores); 1 MiB 1.13-1.67x; 64 MiB (512 MiB written) 0.97-1.05x. */
#define TL__CORE_N 4096
static _Atomic signed char tl__f8cores[TL_NUM_CONCRETE][TL_NUM_CONCRETE]; /* 0 unknown, -1 none, else the core's bytes */
/* 1 if table(from, to)'s D-byte entries are table(from, core)'s extended (SG: sign, else zero) */
static int tl__f8core_fits(tl_dtype from, tl_dtype to, tl_dtype core, int SG, int D) {
  const int C = tl__info(core)->itemsize;
  const unsigned char *t = tl__table8(from, to, 0), *c = tl__table8(from, core, 0);
  int ok = t && c;
  for (int e = 0; e < 256 && ok; e++) {
    const unsigned char fill = SG && (c[e * C + C - 1] & 0x80) ? 0xFF : 0;
    for (int b = 0; b < D && ok; b++) ok = t[e * D + b] == (b < C ? c[e * C + b] : fill);
  }
  return ok;
}
/* the core's width in bytes that pair (from, to) (into int64/uint64: SG, D = 8) takes, 0 none */
static int tl__f8core(tl_dtype from, tl_dtype to, int SG, int D) {
  if (D != 8 || tl__info(from)->itemsize != 1) return 0;
  int v = atomic_load_explicit(&tl__f8cores[from][to], memory_order_relaxed);
  if (!v) {
    const int f46 = tl__info(from)->bits <= 6; /* float4, float6 */
    v = tl__f8core_fits(from, to, SG ? TL_INT8 : TL_UINT8, SG, D) && (SG || f46) ? 1
        : SG && tl__f8core_fits(from, to, TL_INT16, SG, D)                     ? 2
                                                                                : -1;
    atomic_store_explicit(&tl__f8cores[from][to], (signed char)v, memory_order_relaxed);
  }
  return v > 0 ? v : 0;
}
/* 32 bytes at p (SG: signed) -> 32 int64 at o, in order: the words (element pairs) sorted even ones to
   the low lane, odd ones to the high, so that after the first round of in-lane unpacks (to words) each half
   is in tl__st_x4o's order for its two rounds */
static inline __attribute__((always_inline)) void tl__st_x8(char *o, const uint8_t *p, int SG, int nt) {
  __m256i v = _mm256_shuffle_epi8(_mm256_load_si256((const __m256i *)(const void *)p),
                                  _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15, 0, 1, 4, 5, 8, 9,
                                                   12, 13, 2, 3, 6, 7, 10, 11, 14, 15));
  v = _mm256_permute4x64_epi64(v, 0xD8); /* words 0 2 .. 14 in the low lane, 1 3 .. 15 in the high one */
  const __m256i e = SG ? tl__neg_w(v, 1) : _mm256_setzero_si256();
  tl__st_x4o(o, tl__unpack_w(v, e, 1, 0), 2, SG, 0, nt);
  tl__st_x4o(o + 128, tl__unpack_w(v, e, 1, 1), 2, SG, 0, nt);
}
/* Blocks of TL__CORE_N codes from i on through a core of C bytes; returns where it stopped */
static __attribute__((noinline)) size_t tl__f8core_run(tl_dtype from, int SG, int C, const uint8_t *s, char *d, size_t i,
                                                       size_t n, int nt) {
  _Alignas(64) uint8_t buf[2 * TL__CORE_N];
  const tl_dtype core = C == 1 ? (SG ? TL_INT8 : TL_UINT8) : TL_INT16;
  tl__route here;
  const tl__route *R = C == 1 ? tl__route_get(from, core, 0, &here) : NULL;
  const tl__contig_fn K = C == 2 ? tl__avx2_kernel(from, core, 0) : NULL;
  if (!R && !K) return i; /* not reached: every core found has its route or kernel */
  const __m256i ord = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  for (; i + TL__CORE_N <= n; i += TL__CORE_N) {
    if (R) R->run(R, s + i, buf, TL__CORE_N);
    else K(s + i, buf, TL__CORE_N);
    char *o = d + 8 * i;
    if (C == 1)
      for (int j = 0; j < TL__CORE_N; j += 32) tl__st_x8(o + 8 * j, buf + j, SG, nt);
    else
      for (int j = 0; j < TL__CORE_N; j += 16)
        tl__st_x4o(o + 8 * j, _mm256_permutevar8x32_epi32(_mm256_load_si256((const __m256i *)(const void *)(buf + 2 * j)), ord), 2, 1, 0, nt);
  }
  return i;
}

static inline __attribute__((always_inline)) void tl__f8int_run(tl_dtype from, tl_dtype to, int E, int M, int B,
                                                                int fam, int SG, int D, int P, const void *sv, void *dv,
                                                                size_t n) {
  const uint8_t *s = sv;
  char *d = dv;
  const unsigned char *t = tl__table8(from, to, 0);
  if (!t) return; /* not reached: the check built it */
  int nt;
  size_t i = tl__lut_head(t, D, s, d, n, &nt);
  { /* through a narrower core (tl__f8core_run) */
    const int C = tl__f8core(from, to, SG, D);
    if (C) i = tl__f8core_run(from, SG, C, s, d, i, n, nt);
  }
  /* int32 / uint32: through float32 (tl__f8dec16), truncated by VCVTTPS2DQ
     (uint32: negatives to 0); float8_e5m2's inf and NaN (its codes are
     float16's top bytes) decoded as such and then, from VCVTTPS2DQ's
     0x80000000, +inf made the bound (0x7FFFFFFF, uint32 0xFFFFFFFF; -inf
     stays INT32_MIN, uint32 0) and NaN 0: in alternation (Zen 2, x memcpy,
     32 KiB / 64 MiB) -> int32 0.16 -> 0.23 / 0.79 -> 1.00, -> uint32 0.17 ->
     0.24 / 0.78 -> 1.10. float8_e4m3/e3m4 (their inf re-biased too) ran as
     fast either way (0.17) with that mending. Now 16 codes of an IEEE
     format with no inf or NaN among them (one byte compare) are decoded as a
     format without either and only truncated (the others: as before), and
     into int64/uint64 the same float32 route is taken where tl__f8wide's
     magnitudes do not fit int16 lanes; into int16/uint16 only for
     float8_e5m2 (no re-bias multiply; the others ran slower than
     tl__f8int16). AVX2 on Zen 4, 32 KiB, x memcpy, in alternation:
     float8_e5m2 -> int32 0.29 -> 0.58, -> int64 0.25 -> 0.59, -> int16 0.22
     -> 0.26, float8_e3m4 -> int64 0.26 -> 0.48, -> uint32 0.27 -> 0.37,
     float8_e4m3 -> int64 0.23 -> 0.38, float8_e5m2fnuz -> int64 0.35 ->
     0.55; the formats whose magnitudes fit int16 (float8_e4m3fn/fnuz) as
     before. */
  const int IE = fam == TL__FAM_IEEE;
  /* the float32 route unmended: into int32/uint32; into int64/uint64 where
     tl__f8wide's int16 lanes do not hold the magnitudes; into int16/uint16
     for float8_e5m2 alone */
  const int via32 = D == 4 || (D == 8 && !tl__f8fits16(E, B, fam)) || (D == 2 && IE && B == 15);
  __m128i m7, lim;
  tl__f8ie_init(E, M, &m7, &lim);
  const int FL = tl__f8lim(E, M, B, fam);
  __m256i TX, TML, TMH;
  tl__f8i16b_tabs(M, B, &TX, &TML, &TMH);
  TL__NT_PF(nt, while (i + 16 <= n) {
    /* 32 codes below FL with the codes in bytes (tl__f8i16b): into
       int16/uint16, and into uint32/uint64 but from float8_e5m2 (there
       1.00-1.04x / 0.96x); the signed wider ones keep their routes (int32
       through float32 ran 0.65-0.92x this way, int64 0.79-1.09x). AVX2 on
       Zen 3, 32 KiB, x memcpy, medians of 5 in alternation (two runs),
       against the 16-bit lanes / float32: -> uint16 0.26-0.39 -> 0.44-0.61,
       -> int16 0.25-0.41 -> 0.37-0.43, -> uint32 0.40-0.54 -> 0.58-0.73, ->
       uint64 0.44-0.54 -> 0.55-0.61 */
    if (P == 0 && (D == 2 || (!SG && !(IE && B == 15))))
      for (; i + 32 <= n; i += 32) {
        /* the limit test (tl__f8below32m's) on the magnitudes tl__f8i16b takes */
        const int LAY = D == 4 ? 1 : D == 2 && !nt ? 2 : 0; /* tl__f8i16b_st's layouts */
        const __m256i xp = tl__f8i16b_p(TL__L32(s + i), LAY), c = _mm256_and_si256(xp, _mm256_set1_epi8(0x7F));
        if (FL < 128 && _mm256_movemask_epi8(_mm256_add_epi8(c, _mm256_set1_epi8((char)(128 - FL))))) break;
        tl__pf(pf, s + i, 32);
        tl__f8i16b_st(xp, c, d + i * (size_t)D, M, B, SG, D, LAY, TX, TML, TMH, nt);
      }
    if (i + 16 > n) break;
    /* 16 codes without inf or NaN (a format without inf: any 16, its NaN
       decoded as 0): through float32, truncated, no mending; in a loop of
       their own (in the loop shared with the other routes GCC rebuilt a
       constant every step: float8_e4m3/e3m4 -> int32/uint32 0.40-0.43 ->
       0.42-0.46x memcpy, float8_e5m2 -> int32 0.57 -> 0.63) */
    if (via32) {
      /* IEEE formats: 32 codes a check (one compare of 32 bytes against two
         of 16: float8_e4m3 -> int32 0.40 -> 0.48x memcpy, float8_e3m4 ->
         uint32 0.40 -> 0.45, float8_e4m3 -> int64 0.48 -> 0.56; AVX2 on Zen
         4, 32 KiB, in alternation; the others, with no check, ran 1-5%
         slower unrolled so) */
      for (; IE && i + 32 <= n && tl__f8ie_clean32(TL__L32(s + i), E, M); i += 32) {
        tl__pf(pf, s + i, 32);
        tl__f8i32_blk(s + i, d + i * (size_t)D, E, M, B, TL__FAM_MX, SG, D, P, nt);
        tl__f8i32_blk(s + i + 16, d + (i + 16) * (size_t)D, E, M, B, TL__FAM_MX, SG, D, P, nt);
      }
      for (; i + 16 <= n && (!IE || tl__f8ie_clean16v(s + i, m7, lim)); i += 16) {
        tl__pf(pf, s + i, 16);
        tl__f8i32_blk(s + i, d + i * (size_t)D, E, M, B, IE ? TL__FAM_MX : fam, SG, D, P, nt);
      }
    }
    /* into int16/uint16 from the formats tl__f8int16 mends (inf, or
       magnitudes past int16): 32 codes below tl__f8lim (one compare: the
       usual blocks) without the mending of inf, NaN and those magnitudes,
       the sign by VPSIGNW (uint16: negatives to 0). AVX2 on Zen 5, x memcpy,
       one process alternating the builds, 32 KiB / 64 MiB: float8_e4m3 ->
       int16 0.10 -> 0.14 / 0.78 -> 1.04, float8_e3m4 0.10 -> 0.14 / 0.71 ->
       0.95, float8_e5m2fnuz 0.10 -> 0.14 / 0.84 -> 1.05; into uint16 0.15-0.16
       -> 0.15 / 0.78-0.84 -> 0.84-0.93 (4-7% slower in cache, 7-11% faster
       at 64 MiB, which is where these pairs missed issue 14's target). Not
       from float8_e4m3fn (0.94-0.97x: only its NaN's mask is saved) */
    if (D == 2 && !via32 && P == 0 && !tl__f8fits16(E, B, fam))
      for (; i + 32 <= n; i += 32) {
        tl__pf(pf, s + i, 32);
        const __m256i x = TL__L32(s + i);
        if (!tl__f8below32(x, FL)) break;
        tl__st32(d + 2 * i, tl__f8int16c(_mm256_cvtepi8_epi16(_mm256_castsi256_si128(x)), E, M, B, SG), nt);
        tl__st32(d + 2 * i + 32, tl__f8int16c(_mm256_cvtepi8_epi16(_mm256_extracti128_si256(x, 1)), E, M, B, SG), nt);
      }
    if (i + 16 > n) break;
    __m256i a, b;
    char *o = d + i * (size_t)D;
    const uint8_t *q = s + i;
    tl__pf(pf, q, 16);
    i += 16; /* one block by the routes below */
    if (D == 4 && B == 15) { /* float8_e5m2 with inf or NaN: decoded as such, then mended */
      tl__f8dec16(tl__top16p(q, P), E, M, B, fam, 0, &a, &b);
      __m256i r[2] = {a, b};
      for (int h = 0; h < 2; h++) {
        const __m256 f = _mm256_castsi256_ps(r[h]);
        r[h] = _mm256_cvttps_epi32(f);
        const __m256i pinf = _mm256_and_si256(_mm256_cmpeq_epi32(r[h], _mm256_set1_epi32(INT32_MIN)),
                                              _mm256_castps_si256(_mm256_cmp_ps(f, _mm256_setzero_ps(), _CMP_GT_OQ)));
        if (SG) r[h] = _mm256_andnot_si256(_mm256_castps_si256(_mm256_cmp_ps(f, f, _CMP_UNORD_Q)), _mm256_xor_si256(r[h], pinf));
        else r[h] = _mm256_or_si256(_mm256_max_epi32(r[h], _mm256_setzero_si256()), pinf);
      }
      tl__st32(o, r[0], nt);
      tl__st32(o + 32, r[1], nt);
      continue;
    }
    /* the 16-bit routes (float8_e4m3/e3m4's inf is re-biased too) */
    if (D == 2) tl__st32(o, tl__f8int16(_mm256_cvtepi8_epi16(tl__ld16p(q, P)), E, M, B, fam, SG), nt);
    else tl__f8wide(o, _mm256_cvtepi8_epi16(tl__ld16p(q, P)), E, M, B, fam, SG, D, nt);
  });
  if (nt) _mm_sfence();
  for (; i < n; i++) memcpy(d + i * (size_t)D, t + (size_t)s[i] * (size_t)D, (size_t)D);
}
/* the destinations: (tag, dtype, signed, bytes) */
#define TL__F8INT_DSTS(X, ...)                                                                                  \
  X(__VA_ARGS__, i16, TL_INT16, 1, 2) X(__VA_ARGS__, u16, TL_UINT16, 0, 2) X(__VA_ARGS__, i32, TL_INT32, 1, 4)         \
  X(__VA_ARGS__, u32, TL_UINT32, 0, 4) TL__F6INT_DSTS(X, __VA_ARGS__)
/* float6's: the 8-byte ones. Into int16/uint16 its 64-entry lookups ran
   faster (0.30 against 0.21-0.24x memcpy), and into int32/uint32 since
   they widen one byte plane (tl__lut_wide; AVX2 on Zen 4, 32 KiB, x
   memcpy, in alternation: float6_e2m3fn -> uint32 0.42 -> 0.50, -> int32
   0.45 -> 0.47; float6_e3m2fn -> uint32 0.42 -> 0.50, -> int32 0.48 ->
   0.50) */
#define TL__F6INT_DSTS(X, ...) X(__VA_ARGS__, i64, TL_INT64, 1, 8) X(__VA_ARGS__, u64, TL_UINT64, 0, 8)
#define TL__F8INT_FN(FT, TAG, E, M, B, FAM, DT, TT, SG, D)                                                        \
  static void f8i_##TAG##_##DT(const void *s, void *d, size_t n) { tl__f8int_run(FT, TT, E, M, B, FAM, SG, D, 0, s, d, n); }
#define TL__F8INT_DEF(FT, TAG, E, M, B, FAM, SB) TL__F8INT_DSTS(TL__F8INT_FN, FT, TAG, E, M, B, FAM)
TL__F8INT_FORMATS(TL__F8INT_DEF)
#undef TL__F8INT_DEF
#undef TL__F8INT_FN
#define TL__F6INT_FN(FT, TAG, E, M, B, DT, TT, SG, D)                                                             \
  static void f6i_##TAG##_##DT(const void *s, void *d, size_t n) { tl__f8int_run(FT, TT, E, M, B, TL__FAM_MX, SG, D, 2, s, d, n); }
#define TL__F6INT_DEF(FT, TAG, E, M, B) TL__F6INT_DSTS(TL__F6INT_FN, FT, TAG, E, M, B)
TL__F6DEC_FORMATS(TL__F6INT_DEF)
#undef TL__F6INT_DEF
#undef TL__F6INT_FN
#define TL__F4INT_FN(FT, TAG, E, M, B, DT, TT, SG, D)                                                             \
  static void f4i_##TAG##_##DT(const void *s, void *d, size_t n) { tl__f8int_run(FT, TT, E, M, B, TL__FAM_MX, SG, D, 4, s, d, n); }
/* float4's: the 8-byte ones (into int32/uint32 its lookup ran faster: 0.50 against 0.36-0.41) */
#define TL__F4INT_DSTS(X, ...) X(__VA_ARGS__, i64, TL_INT64, 1, 8) X(__VA_ARGS__, u64, TL_UINT64, 0, 8)
#define TL__F4INT_DEF(FT, TAG, E, M, B) TL__F4INT_DSTS(TL__F4INT_FN, FT, TAG, E, M, B)
TL__F4DEC_FORMATS(TL__F4INT_DEF)
#undef TL__F4INT_DEF
#undef TL__F4INT_FN

/* the kernel of float8 (not e8m0) -> an integer of 2 to 8 bytes */
static tl__contig_fn tl__f8int_kernel(tl_dtype from, tl_dtype to) {
  if ((int)to < 0 || to >= TL_NUM_CONCRETE) return NULL;
#define TL__F8INT_ENT(TAG, DT, TT, SG, D) [TT] = f8i_##TAG##_##DT,
#define TL__F8INT_CASE(FT, TAG, E, M, B, FAM, SB)                                                                \
  case FT: {                                                                                                    \
    static const tl__contig_fn k[TL_NUM_CONCRETE] = {TL__F8INT_DSTS(TL__F8INT_ENT, TAG)};                       \
    return k[to];                                                                                               \
  }
#define TL__F6INT_ENT(TAG, DT, TT, SG, D) [TT] = f6i_##TAG##_##DT,
#define TL__F6INT_CASE(FT, TAG, E, M, B)                                                                         \
  case FT: {                                                                                                    \
    static const tl__contig_fn k[TL_NUM_CONCRETE] = {TL__F6INT_DSTS(TL__F6INT_ENT, TAG)};                       \
    return k[to];                                                                                               \
  }
#define TL__F4INT_ENT(TAG, DT, TT, SG, D) [TT] = f4i_##TAG##_##DT,
#define TL__F4INT_CASE(FT, TAG, E, M, B)                                                                         \
  case FT: {                                                                                                    \
    static const tl__contig_fn k[TL_NUM_CONCRETE] = {TL__F4INT_DSTS(TL__F4INT_ENT, TAG)};                       \
    return k[to];                                                                                               \
  }
  switch (from) {
    TL__F8INT_FORMATS(TL__F8INT_CASE)
    TL__F6DEC_FORMATS(TL__F6INT_CASE)
    TL__F4DEC_FORMATS(TL__F4INT_CASE)
  default: return NULL;
  }
#undef TL__F4INT_CASE
#undef TL__F4INT_ENT
#undef TL__F6INT_CASE
#undef TL__F6INT_ENT
#undef TL__F8INT_CASE
#undef TL__F8INT_ENT
}

/* For the tests: the core's bytes pair (from, to) converts through on the AVX2 tier (tl__f8core_run), 0 none */
int tl__avx2_f8core(tl_dtype from, tl_dtype to) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE) return 0;
  const tl__contig_fn k = tl__f8int_kernel(from, to);
  if (!k || tl__avx2_kernel(from, to, 0) != k) return 0;
  return tl__f8core(from, to, tl__info(to)->kind == TL_KIND_INT, tl__info(to)->itemsize);
}

static int tl__f8dec_dst(tl_dtype to) {
  switch (to) {
  case TL_FLOAT32: return 0;
  case TL_FLOAT64: return 1;
  case TL_FLOAT16: return 2;
  case TL_BFLOAT16: return 3;
  case TL_COMPLEX32: return 4;
  case TL_BCOMPLEX32: return 5;
  case TL_COMPLEX64: return 6;
  case TL_COMPLEX128: return 7;
  case TL_INT32: return 8; /* float8_e8m0fnu's (tl__e8i_run); the others' tl__f8int_run */
  case TL_UINT32: return 9;
  case TL_INT64: return 10;
  case TL_UINT64: return 11;
  default: return -1;
  }
}

static tl__contig_fn tl__f8dec_kernel(tl_dtype from, tl_dtype to) {
  const int dst = tl__f8dec_dst(to);
  /* float6 -> float16/bfloat16: their lookups, 32 entries and the sign
     (tl__lut_sign), are faster (AVX2, Zen 4, 32 KiB, x memcpy, in
     alternation: float6_e3m2fn -> float16 0.62 -> 0.77, float6_e2m3fn ->
     float16 0.52 -> 0.54, float6 -> bfloat16 0.485 -> 0.54; the 64-entry
     lookup of float6_e3m2fn -> float16 had been 0.62 against 0.52) */
  if ((from == TL_FLOAT6_E3M2FN || from == TL_FLOAT6_E2M3FN) && (to == TL_FLOAT16 || to == TL_BFLOAT16)) return NULL;
  if (dst < 0) return tl__f8int_kernel(from, to);
  if (dst >= 8) {
    static const tl__contig_fn e8i[4] = {e8i_i32, e8i_u32, e8i_i64, e8i_u64};
    return from == TL_FLOAT8_E8M0FNU ? e8i[dst - 8] : tl__f8int_kernel(from, to);
  }
#define TL__F8DEC_CASE(FT, TAG, E, M, B, FAM, SB)                                                     \
  case FT: {                                                                                          \
    static const tl__contig_fn k[8] = {d8_##TAG##_f32,  d8_##TAG##_f64, d8_##TAG##_f16,  d8_##TAG##_bf16,  \
                                       d8_##TAG##_c32,  d8_##TAG##_bc32, d8_##TAG##_c64, d8_##TAG##_c128}; \
    return k[dst];                                                                                    \
  }
#define TL__F6DEC_CASE(FT, TAG, E, M, B)                                                              \
  case FT: {                                                                                          \
    static const tl__contig_fn k[8] = {d6_##TAG##_f32, d6_##TAG##_f64, d6_##TAG##_f16, d6_##TAG##_bf16, \
                                       d6_##TAG##_c32, d6_##TAG##_bc32, d6_##TAG##_c64, d6_##TAG##_c128}; \
    return k[dst];                                                                                    \
  }
#define TL__F4DEC_CASE(FT, TAG, E, M, B)                                                              \
  case FT: {                                                                                          \
    static const tl__contig_fn k[8] = {NULL, d4_##TAG##_f64, NULL, NULL, NULL, NULL, d4_##TAG##_c64,         \
                                       d4_##TAG##_c128};                                               \
    return k[dst];                                                                                    \
  }
  switch (from) {
    TL__F8DEC_FORMATS(TL__F8DEC_CASE)
    TL__F6DEC_FORMATS(TL__F6DEC_CASE)
    TL__F4DEC_FORMATS(TL__F4DEC_CASE)
  default: return NULL;
  }
#undef TL__F4DEC_CASE
#undef TL__F6DEC_CASE
#undef TL__F8DEC_CASE
}

/* Does the pair's kernel give the scalar engine's table for all 256 codes?
   Checked once per (pair, saturate), against both tables (the kernel ignores
   the flag); a table that cannot be built: not now. */
static _Atomic signed char tl__f8dec_state[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];

/* ---- float16 / bfloat16 / complex32 -> int2/uint2/int4 by a window of the bits -------
 * A small integer result (truncation, saturated to [-8, 7] and the like)
 * changes only at a handful of values (1, 2, 3, ... up to the saturation),
 * all of them a multiple of 2^sh apart in |h|'s bits (float16 -> int4: 1.0,
 * 2.0, 3.0, ... 8.0 are 0x3C00, 0x4000, 0x4200 ... 0x4800, multiples of
 * 0x100). So with v = |h| >> sh, the result is a function of the sign and
 * of min(v - L, cap) for a window [L, L + cap] of v, cap < 16, and 0 below
 * it (|h| < 1): the 16-bit lanes' index min((|h| - (L << sh)) >> sh, cap)
 * (arithmetic: negative below the window), packed to signed bytes, looked
 * up in a positive and a negative table (one VPSHUFB each, cap < 16; a
 * negative index gives 0) and blended by the sign (the packed source's
 * signed bytes). NaN (|h| above inf's bits) goes to the scalar engine with
 * its block of 32. Found by trying every sh from 10 down and accepted only
 * if the rule gives the scalar engine's result for all 65536 codes
 * (complex32: as the real parts of 65536 elements, their imaginary parts
 * other codes). */
typedef struct {
  __m256i tp, tn; /* the positive / negative tables */
  unsigned short base, nanb;
  unsigned char sh, cap;
} tl__hw;
static tl__hw *_Atomic tl__hws[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__hw tl__hw_none;

/* The rule of pair (from, to, sat) into *P from the scalar engine's results
   r[c] for the 16-bit codes c (complex32: of its real parts): 1, or 0 if
   there is none with cap < 16. */
static int tl__hw_find(const unsigned char *r, unsigned nanb, int *pos, int *neg, tl__hw *P) {
  for (int sh = 10; sh >= 0; sh--) {
    const unsigned nv = (nanb >> sh) + 1; /* v = |h| >> sh for |h| <= nanb (inf): at most 32768 */
    int ok = 1;
    for (unsigned v = 0; v < nv; v++) pos[v] = neg[v] = -1;
    for (unsigned a = 0; a <= nanb && ok; a++) {
      const unsigned v = a >> sh;
      const int rp = r[a], rn = r[a | 0x8000];
      if (pos[v] < 0) pos[v] = rp, neg[v] = rn;
      else ok = pos[v] == rp && neg[v] == rn;
    }
    if (!ok) continue;
    unsigned L = 0, H = nv - 1;
    while (L + 1 < nv && pos[L + 1] == pos[0] && neg[L + 1] == neg[0]) L++;
    while (H > L && pos[H - 1] == pos[nv - 1] && neg[H - 1] == neg[nv - 1]) H--;
    /* the run of the smallest |h| is 0 either way (truncation): the index of
       v <= L is negative, VPSHUFB's 0 */
    if (pos[L] != 0 || neg[L] != 0 || L + 1 > H) return 0;
    /* one VPSHUFB a table: two (cap >= 16, float16 / complex32 -> uint4,
       bfloat16 -> uint4) ran no faster than the float32 route (0.93-0.99x) */
    if (H - (L + 1) >= 16) return 0; /* a smaller sh only widens it */
    unsigned char tp[16], tn[16];
    for (unsigned j = 0; j < 16; j++) {
      const unsigned v = L + 1 + (j < H - (L + 1) ? j : H - (L + 1));
      tp[j] = (unsigned char)pos[v], tn[j] = (unsigned char)neg[v];
    }
    P->base = (unsigned short)((L + 1) << sh), P->sh = (unsigned char)sh, P->cap = (unsigned char)(H - (L + 1));
    P->nanb = (unsigned short)nanb;
    P->tp = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)tp));
    P->tn = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)tn));
    return 1;
  }
  return 0;
}

/* The scalar engine's 1-byte results of pair (from, to, sat) for the 65536
   16-bit codes (complex32: as the real parts of 65536 elements, their
   imaginary parts other codes), malloc'd; NULL without memory. */
static unsigned char *tl__h16_results(tl_dtype from, tl_dtype to, int sat) {
  const int cx = from == TL_COMPLEX32;
  uint16_t *src = malloc(65536 * 2 * sizeof *src);
  unsigned char *r = malloc(65536);
  if (!src || !r) {
    free(src), free(r);
    return NULL;
  }
  for (unsigned c = 0; c < 65536; c++) {
    if (cx) src[2 * c] = (uint16_t)c, src[2 * c + 1] = (uint16_t)(c * 40503u + 7);
    else src[c] = (uint16_t)c;
  }
  tl__convert_generic(from, (const char *)src, cx ? 4 : 2, to, (char *)r, 1, 65536, sat ? TL_CONVERT_SATURATE : 0);
  free(src);
  return r;
}

/* A 16-bit source's window rule (tl__hw, tl__hq) built from the scalar
   engine's results: find(r, from, pos, neg, rule) with nscr ints of scratch
   each for pos and neg fills a rule of `size` bytes (a multiple of 32) and
   answers 1, or 0 when the pair has none. Returns the malloc'd rule, `none`
   for no rule, or NULL without memory (not now). */
typedef int (*tl__h16_find_fn)(const unsigned char *r, tl_dtype from, int *pos, int *neg, void *rule);
static void *tl__h16_rule(tl_dtype from, tl_dtype to, int sat, size_t size, size_t nscr, tl__h16_find_fn find, void *none) {
  unsigned char *r = tl__h16_results(from, to, sat);
  int *pn = malloc(2 * nscr * sizeof *pn);
  void *np = aligned_alloc(32, size);
  if (!r || !pn || !np) {
    free(r), free(pn), free(np);
    return NULL;
  }
  if (!find(r, from, pn, pn + nscr, np)) free(np), np = none;
  free(r), free(pn);
  return np;
}
static int tl__hw_find16(const unsigned char *r, tl_dtype from, int *pos, int *neg, void *rule) {
  return tl__hw_find(r, from == TL_BFLOAT16 ? 0x7F80 : 0x7C00, pos, neg, rule);
}

/* The rule of pair (from, to, sat), or NULL (built and checked once). */
static const tl__hw *tl__hw_get(tl_dtype from, tl_dtype to, int sat) {
  tl__hw *P = atomic_load_explicit(&tl__hws[from][to][sat != 0], memory_order_acquire);
  if (P) return P == &tl__hw_none ? NULL : P;
  tl__hw *np = tl__h16_rule(from, to, sat, sizeof *np, 32768, tl__hw_find16, &tl__hw_none);
  if (!np) return NULL; /* out of memory: not now */
  return TL__PUBLISH(tl__hws[from][to][sat != 0], np, &tl__hw_none);
}

/* The window kernels' block of 32 at p (prefetched pf ahead): the 16-bit
   codes h0, h1 (tl__ld16h) and their magnitudes a0, a1; nonzero if one is
   NaN (|h| above nanb) */
static inline __attribute__((always_inline)) int tl__h16_blk(tl_dtype from, const char *p, size_t pf, __m256i nanb,
                                                             __m256i *h0, __m256i *h1, __m256i *a0, __m256i *a1) {
  const __m256i m7 = _mm256_set1_epi16(0x7FFF);
  tl__pf(pf, p, 32 * (from == TL_COMPLEX32 ? 4 : 2));
  *h0 = tl__ld16h(from, p, 0), *h1 = tl__ld16h(from, p, 1);
  *a0 = _mm256_and_si256(*h0, m7), *a1 = _mm256_and_si256(*h1, m7);
  return _mm256_movemask_epi8(_mm256_cmpgt_epi16(_mm256_max_epi16(*a0, *a1), nanb));
}
/* 32 codes' results: a0/a1 |h| of elements 0-15 / 16-31, sgb their signed
   bytes (packed in lane order); the shift SH a constant (an immediate
   VPSRAW: one operation on Intel, where the count in a register is two).
   With the NaN test by VPMOVMSKB below (AVX2 on an Intel Xeon, 32 KiB, x
   memcpy, in alternation, against the count in a register and VPTEST):
   float16 -> int4 0.44 -> 0.52, -> uint2 0.45 -> 0.53-0.57, bfloat16 ->
   int2 0.43 -> 0.51-0.53, complex32 -> uint2 0.53 -> 0.59 */
static inline __attribute__((always_inline)) __m256i tl__hw32(__m256i tp, __m256i tn, __m256i a0, __m256i a1,
                                                              __m256i sgb, __m256i base, int SH, __m256i cap) {
  const __m256i u0 = _mm256_min_epi16(_mm256_srai_epi16(_mm256_sub_epi16(a0, base), SH), cap);
  const __m256i u1 = _mm256_min_epi16(_mm256_srai_epi16(_mm256_sub_epi16(a1, base), SH), cap);
  const __m256i x = _mm256_packs_epi16(u0, u1); /* v <= L: negative, a table's 0 */
  return _mm256_blendv_epi8(_mm256_shuffle_epi8(tp, x), _mm256_shuffle_epi8(tn, x), sgb);
}
/* The blocks of 32 from i on with no NaN (the NaN test by VPMOVMSKB, one
   operation fewer than VPTEST's two); returns where it stopped */
static inline __attribute__((always_inline)) size_t tl__hw_loop(tl_dtype from, int SH, const tl__hw *P, const char *s,
                                                                char *d, size_t i, size_t n, int nt, size_t pf) {
  const size_t isz = from == TL_COMPLEX32 ? 4 : 2;
  const __m256i tp = P->tp, tn = P->tn; /* read before the stores */
  const __m256i base = _mm256_set1_epi16((short)P->base), cap = _mm256_set1_epi16(P->cap);
  const __m256i nanb = _mm256_set1_epi16((short)P->nanb);
  for (; i + 32 <= n; i += 32) {
    __m256i h0, h1, a0, a1;
    if (tl__h16_blk(from, s + i * isz, pf, nanb, &h0, &h1, &a0, &a1)) break;
    const __m256i b = tl__hw32(tp, tn, a0, a1, _mm256_packs_epi16(h0, h1), base, SH, cap);
    tl__st32(d + i, tl__ord16(from, b), nt);
  }
  return i;
}
/* ... the rule's shift (0-10, tl__hw_find's) chosen once a call; one
   function a source (tl__hw_run's pairs share them) */
static inline __attribute__((always_inline)) size_t tl__hw_blocks(tl_dtype from, const tl__hw *P, const char *s, char *d,
                                                                  size_t i, size_t n, int nt, size_t pf) {
  switch (P->sh) {
#define TL__HW_SH(K) \
  case K: return tl__hw_loop(from, K, P, s, d, i, n, nt, pf);
    TL__HW_SH(0) TL__HW_SH(1) TL__HW_SH(2) TL__HW_SH(3) TL__HW_SH(4) TL__HW_SH(5)
    TL__HW_SH(6) TL__HW_SH(7) TL__HW_SH(8) TL__HW_SH(9) TL__HW_SH(10)
#undef TL__HW_SH
  default: return i; /* not reached */
  }
}
#define TL__HW_BLOCKS(FT, TAG)                                                                                 \
  static __attribute__((noinline)) size_t tl__hw_blocks_##TAG(const tl__hw *P, const char *s, char *d, size_t i, \
                                                               size_t n, int nt, size_t pf) {                     \
    return tl__hw_blocks(FT, P, s, d, i, n, nt, pf);                                                            \
  }
TL__HW_BLOCKS(TL_FLOAT16, h)
TL__HW_BLOCKS(TL_BFLOAT16, b)
TL__HW_BLOCKS(TL_COMPLEX32, c32)
#undef TL__HW_BLOCKS

static inline __attribute__((always_inline)) void tl__hw_run(tl_dtype from, tl_dtype to, int sat, const void *sv,
                                                             void *dv, size_t n) {
  const tl__hw *P = tl__hw_get(from, to, sat);
  const char *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  const size_t isz = from == TL_COMPLEX32 ? 4 : 2;
  if (!P) { /* not reached: the kernel is returned only with its rule */
    tl__convert_generic(from, s, (ptrdiff_t)isz, to, d, 1, n, flags);
    return;
  }
  int nt;
  size_t i = tl__nt_head_f(from, to, s, d, n, isz, 1, flags, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
  while (i + 32 <= n) {
    i = from == TL_FLOAT16    ? tl__hw_blocks_h(P, s, d, i, n, nt, pf)
        : from == TL_BFLOAT16 ? tl__hw_blocks_b(P, s, d, i, n, nt, pf)
                              : tl__hw_blocks_c32(P, s, d, i, n, nt, pf);
    if (i + 32 <= n) { /* a NaN among these 32 */
      tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i, 1, 32, flags);
      i += 32;
    }
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i, 1, n - i, flags);
}
/* the pairs (the one list): uint4's window needs 32 entries, which tl__hw_find does not take */
#define TL__HW_DSTS(X, FT, TAG) X(FT, TAG, TL_INT2, i2) X(FT, TAG, TL_UINT2, u2) X(FT, TAG, TL_INT4, i4)
#define TL__HW_SRCS(X) TL__HW_DSTS(X, TL_FLOAT16, h) TL__HW_DSTS(X, TL_BFLOAT16, b) TL__HW_DSTS(X, TL_COMPLEX32, c32)
#define TL__HW_FN(FT, TAG, TT, TTAG)                                                                              \
  static void hw_##TAG##_##TTAG(const void *s, void *d, size_t n) { tl__hw_run(FT, TT, 0, s, d, n); }             \
  static void hw_##TAG##_##TTAG##_s(const void *s, void *d, size_t n) { tl__hw_run(FT, TT, 1, s, d, n); }
TL__HW_SRCS(TL__HW_FN)
#undef TL__HW_FN

/* The window kernel of a pair of the list, whether or not it has a rule; NULL off the list. */
static tl__contig_fn tl__hw_fn(tl_dtype from, tl_dtype to, int sat) {
#define TL__HW_CASE(FT, TAG, TT, TTAG) \
  if (from == FT && to == TT) return sat ? hw_##TAG##_##TTAG##_s : hw_##TAG##_##TTAG;
  TL__HW_SRCS(TL__HW_CASE)
#undef TL__HW_CASE
  return NULL;
}

/* The window kernel of pair (from, to, sat) if it has a rule, or NULL. */
static tl__contig_fn tl__hw_kernel(tl_dtype from, tl_dtype to, int sat) {
  const tl__contig_fn fn = tl__hw_fn(from, to, sat);
  return fn && tl__hw_get(from, to, sat) ? fn : NULL;
}

/* For the tests: pair's window rule as 1 + sh + 16 cap (0: none). */
int tl__avx2_hw_rule(tl_dtype from, tl_dtype to, int sat) {
  if (!tl__hw_fn(from, to, sat)) return 0; /* off the list, dtypes out of range included */
  const tl__hw *P = tl__hw_get(from, to, sat);
  return P ? 1 + P->sh + 16 * P->cap : 0;
}

/* ---- float16 / bfloat16 / complex32 -> float4 by a window of the bits, with the sticky bit ----
 * Rounding to a format of M mantissa bits changes the result only at the
 * midpoints between its values, which have M + 1 mantissa bits: with sh
 * chosen so that u = |h| >> sh keeps them (float16 -> float4_e2m1fn: sh =
 * 8, the exponent and two mantissa bits), a midpoint's tie goes up or down
 * by the rounding, so the result is a function of u and of whether the bits
 * below are zero: of f = 2u + (|h| & (2^sh - 1) != 0) = u + ((|h| + 2^sh -
 * 1) >> sh). Below a window [B, B + K] of f the result is one value, above
 * it another: the index min(f - B, K) (saturated at 0 in 16-bit lanes,
 * packed to bytes), K < 64, looked up as tl__rg's halves (1, 2 or 4
 * telescoped sub-tables), the negative half's entries the positive's XOR a
 * constant (the sign bit) or looked up too, and picked by the sign. NaN
 * (|h| above inf's bits) goes to the scalar engine with its block of 32.
 * Found by trying every sh from 10 (bfloat16: 7) down to 1 and taken only
 * if the rule gives the scalar engine's result for all 65536 codes
 * (complex32: as the real parts of 65536 elements, their imaginary parts
 * other codes). float4_e2m1fn's window is 36 values from 0x3400 (0.25)
 * to 0x4500 (5.0) in float16: three sub-tables, the sign an XOR, the one
 * shape the kernel is compiled for (a rule of another is not taken). */
typedef struct {
  __m256i T[4], N[4]; /* the positive / negative half's sub-tables, telescoped */
  unsigned short base, nanb;
  unsigned char sh, km, ns, sgx, sm; /* sgx: the negative half is the positive's XOR sm */
} tl__hq;
static tl__hq *_Atomic tl__hqs[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
static tl__hq tl__hq_none;

static unsigned tl__hq_f(unsigned a, int sh) { return (a >> sh) + ((a + (1u << sh) - 1) >> sh); }

/* The rule from the scalar engine's results r[c] for the 16-bit codes c: 1,
   or 0 if none has a window of at most 64 values. pos/neg: 65536 ints of
   scratch each. */
static int tl__hq_find(const unsigned char *r, unsigned nanb, int top, int *pos, int *neg, tl__hq *P) {
  for (int sh = top; sh >= 1; sh--) {
    const unsigned nf = tl__hq_f(nanb, sh) + 1;
    int ok = 1;
    for (unsigned f = 0; f < nf; f++) pos[f] = neg[f] = -1;
    for (unsigned a = 0; a <= nanb && ok; a++) {
      const unsigned f = tl__hq_f(a, sh);
      const int rp = r[a], rn = r[a | 0x8000];
      if (pos[f] < 0) pos[f] = rp, neg[f] = rn;
      else ok = pos[f] == rp && neg[f] == rn;
    }
    if (!ok) continue;
    for (unsigned f = 1; f < nf; f++) /* f values no code has: as the one below */
      if (pos[f] < 0) pos[f] = pos[f - 1], neg[f] = neg[f - 1];
    unsigned B = 0, H = nf - 1;
    while (B + 1 < nf && pos[B + 1] == pos[0] && neg[B + 1] == neg[0]) B++;
    while (H > B && pos[H - 1] == pos[nf - 1] && neg[H - 1] == neg[nf - 1]) H--;
    if (H - B >= 64) return 0; /* a smaller sh only widens it */
    unsigned char tp[64], tn[64];
    for (unsigned j = 0; j < 64; j++) {
      const unsigned f = B + (j < H - B ? j : H - B);
      tp[j] = (unsigned char)pos[f], tn[j] = (unsigned char)neg[f];
    }
    memset(P, 0, sizeof *P);
    P->sm = (unsigned char)(tp[0] ^ tn[0]), P->sgx = 1;
    for (unsigned j = 0; j < 64; j++) P->sgx = P->sgx && (tp[j] ^ tn[j]) == P->sm;
    P->base = (unsigned short)B, P->sh = (unsigned char)sh, P->km = (unsigned char)(H - B), P->nanb = (unsigned short)nanb;
    P->ns = (unsigned char)((H - B) / 16 + 1);
    for (int h = 0; h + 1 < P->ns; h++) /* telescoped as tl__rg's (tl__rg_half) */
      for (int k = 0; k < 16; k++) tp[16 * h + k] ^= tp[16 * h + 16 + k], tn[16 * h + k] ^= tn[16 * h + 16 + k];
    for (int h = 0; h < 4; h++) {
      P->T[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(tp + 16 * h)));
      P->N[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(tn + 16 * h)));
    }
    return 1;
  }
  return 0;
}

static int tl__hq_find16(const unsigned char *r, tl_dtype from, int *pos, int *neg, void *rule) {
  return tl__hq_find(r, from == TL_BFLOAT16 ? 0x7F80 : 0x7C00, from == TL_BFLOAT16 ? 7 : 10, pos, neg, rule);
}
/* The rule of pair (from, to, sat), or NULL (built and checked once). */
static const tl__hq *tl__hq_get(tl_dtype from, tl_dtype to, int sat) {
  tl__hq *P = atomic_load_explicit(&tl__hqs[from][to][sat != 0], memory_order_acquire);
  if (P) return P == &tl__hq_none ? NULL : P;
  tl__hq *np = tl__h16_rule(from, to, sat, sizeof *np, 65536, tl__hq_find16, &tl__hq_none);
  if (!np) return NULL; /* out of memory: not now */
  return TL__PUBLISH(tl__hqs[from][to][sat != 0], np, &tl__hq_none);
}

/* The blocks of 32 from i on with no NaN, for the rule's shape (NS
   sub-tables, the sign by an XOR or a second lookup) and its shift SH as a
   constant (immediate VPSRLW: one operation on Intel, two with the count in
   a register; and the NaN test by VPMOVMSKB, not VPTEST's two); returns
   where it stopped */
static inline __attribute__((always_inline)) size_t tl__hq_loop(tl_dtype from, int NS, int SGX, int SH, const tl__hq *P,
                                                                const char *s, char *d, size_t i, size_t n, int nt,
                                                                size_t pf) {
  const size_t isz = from == TL_COMPLEX32 ? 4 : 2;
  const __m256i T[4] = {P->T[0], P->T[1], P->T[2], P->T[3]}, N[4] = {P->N[0], P->N[1], P->N[2], P->N[3]};
  const __m256i base = _mm256_set1_epi16((short)P->base), km = _mm256_set1_epi8((char)P->km);
  const __m256i c = _mm256_set1_epi16((short)((1 << SH) - 1)), sm = _mm256_set1_epi8((char)P->sm);
  const __m256i nanb = _mm256_set1_epi16((short)P->nanb);
  for (; i + 32 <= n; i += 32) {
    __m256i h0, h1, a0, a1;
    if (tl__h16_blk(from, s + i * isz, pf, nanb, &h0, &h1, &a0, &a1)) break;
    const __m256i f0 = _mm256_add_epi16(_mm256_srli_epi16(a0, SH), _mm256_srli_epi16(_mm256_add_epi16(a0, c), SH));
    const __m256i f1 = _mm256_add_epi16(_mm256_srli_epi16(a1, SH), _mm256_srli_epi16(_mm256_add_epi16(a1, c), SH));
    const __m256i k = _mm256_min_epu8(_mm256_packus_epi16(_mm256_subs_epu16(f0, base), _mm256_subs_epu16(f1, base)), km);
    const __m256i sg = _mm256_packs_epi16(h0, h1); /* the signs, as signed bytes */
    __m256i v = tl__rg_half(T, k, NS);
    if (SGX) v = _mm256_xor_si256(v, _mm256_and_si256(_mm256_cmpgt_epi8(_mm256_setzero_si256(), sg), sm));
    else v = _mm256_blendv_epi8(v, tl__rg_half(N, k, NS), sg);
    tl__st32(d + i, tl__ord16(from, v), nt);
  }
  return i;
}
static inline __attribute__((always_inline)) void tl__hq_run(tl_dtype from, tl_dtype to, int sat, int NS, int SGX,
                                                             const void *sv, void *dv, size_t n) {
  const tl__hq *P = tl__hq_get(from, to, sat);
  const char *s = sv;
  char *d = dv;
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
  const size_t isz = from == TL_COMPLEX32 ? 4 : 2;
  if (!P || P->ns != NS || P->sgx != SGX) { /* not reached: the kernel is returned only with its rule's shape */
    tl__convert_generic(from, s, (ptrdiff_t)isz, to, d, 1, n, flags);
    return;
  }
  int nt;
  size_t i = tl__nt_head_f(from, to, s, d, n, isz, 1, flags, &nt);
  const size_t pf = tl__pf_for(from, to, nt);
  while (i + 32 <= n) {
    switch (P->sh) { /* tl__hq_find's shifts: 1-10 */
#define TL__HQ_SH(K) \
  case K: i = tl__hq_loop(from, NS, SGX, K, P, s, d, i, n, nt, pf); break;
      TL__HQ_SH(1) TL__HQ_SH(2) TL__HQ_SH(3) TL__HQ_SH(4) TL__HQ_SH(5)
      TL__HQ_SH(6) TL__HQ_SH(7) TL__HQ_SH(8) TL__HQ_SH(9) TL__HQ_SH(10)
#undef TL__HQ_SH
    default: break; /* not reached */
    }
    if (i + 32 <= n) { /* a NaN among these 32 (or no loop: all of them) */
      tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i, 1, 32, flags);
      i += 32;
    }
  }
  if (nt) _mm_sfence();
  if (i < n) tl__convert_generic(from, s + i * isz, (ptrdiff_t)isz, to, d + i, 1, n - i, flags);
}
/* compiled for the shape of float4_e2m1fn's rules (three sub-tables, the
   sign by an XOR: the pairs' only one), which tl__hq_kernel checks */
static __attribute__((noinline)) void tl__hq_call(tl_dtype from, tl_dtype to, int sat, const void *s, void *d, size_t n) {
  tl__hq_run(from, to, sat, 3, 1, s, d, n);
}
/* the pairs */
#define TL__HQ_DSTS(X, FT, TAG) X(FT, TAG, TL_FLOAT4_E2M1FN, f4)
#define TL__HQ_SRCS(X) TL__HQ_DSTS(X, TL_FLOAT16, h) TL__HQ_DSTS(X, TL_BFLOAT16, b) TL__HQ_DSTS(X, TL_COMPLEX32, c32)
#define TL__HQ_FN(FT, TAG, TT, TTAG)                                                                              \
  static void hq_##TAG##_##TTAG(const void *s, void *d, size_t n) { tl__hq_call(FT, TT, 0, s, d, n); }             \
  static void hq_##TAG##_##TTAG##_s(const void *s, void *d, size_t n) { tl__hq_call(FT, TT, 1, s, d, n); }
TL__HQ_SRCS(TL__HQ_FN)
#undef TL__HQ_FN

/* The window kernel of a pair of the list, whether or not it has a rule; NULL off the list. */
static tl__contig_fn tl__hq_fn(tl_dtype from, tl_dtype to, int sat) {
#define TL__HQ_CASE(FT, TAG, TT, TTAG) \
  if (from == FT && to == TT) return sat ? hq_##TAG##_##TTAG##_s : hq_##TAG##_##TTAG;
  TL__HQ_SRCS(TL__HQ_CASE)
#undef TL__HQ_CASE
  return NULL;
}
/* The window kernel of pair (from, to, sat) if it has a rule, or NULL. */
static tl__contig_fn tl__hq_kernel(tl_dtype from, tl_dtype to, int sat) {
  const tl__contig_fn fn = tl__hq_fn(from, to, sat);
  const tl__hq *P = fn ? tl__hq_get(from, to, sat) : NULL;
  return P && P->ns == 3 && P->sgx ? fn : NULL;
}
/* For the tests: pair's rule as 1 + sh + 16 (window - 1) (0: none). */
int tl__avx2_hq_rule(tl_dtype from, tl_dtype to, int sat) {
  if (!tl__hq_fn(from, to, sat)) return 0; /* off the list, dtypes out of range included */
  const tl__hq *P = tl__hq_get(from, to, sat);
  return P ? 1 + P->sh + 16 * P->km : 0;
}

static tl__contig_fn tl__f8dec_checked(tl_dtype from, tl_dtype to, int sat) {
  tl__contig_fn fn = tl__f8dec_kernel(from, to);
  if (!fn) return NULL;
  /* with VBMI the AVX-512 tier's lookups are used (not measured against these
     on Intel), except on Zen 4 (tl__cpu_amd19) into 8-byte outputs, where
     those are eight byte planes: in alternation in one process, the tier
     switched, 32 KiB, x memcpy, VBMI's / these: float8 -> float64 0.48-0.50 /
     0.56-0.65, -> complex64 0.47-0.49 / 0.65-0.81, -> uint64 0.48-0.49 /
     0.59-0.74, -> int64 0.48-0.51 / 0.47-0.69, float6/float4 -> float64,
     complex64, uint64 0.48-0.49 / 0.51-0.62; float6/float4 -> int64 0.48-0.49 /
     0.44-0.50 keep VBMI's */
  const tl_dtype_info *ti = tl__info(to);
  if (tl__tier_current() >= 2 && tl__cpu_has_vbmi() &&
      !(tl__cpu_amd19 && ti->itemsize == 8 && !(to == TL_INT64 && tl__info(from)->bits < 8)))
    return NULL;
  _Atomic signed char *st = &tl__f8dec_state[from][to][sat != 0];
  signed char v = atomic_load_explicit(st, memory_order_acquire);
  if (v) return v > 0 ? fn : NULL;
  const unsigned char *t0 = tl__table8(from, to, 0), *t = tl__table8(from, to, sat != 0);
  if (!t0 || !t) return NULL;
  uint8_t codes[256 + 32];
  _Alignas(32) unsigned char out[(256 + 32) * 16]; /* the widest output: complex128 */
  if (tl__info(to)->itemsize > 16) return NULL;
  for (int i = 0; i < 256; i++) codes[i] = (uint8_t)i;
  fn(codes, out, 256);
  const size_t bytes = 256u * (size_t)tl__info(to)->itemsize;
  v = memcmp(out, t, bytes) == 0 && memcmp(out, t0, bytes) == 0 ? 1 : -1; /* the tail reads t0 */
  /* blocks of 32 codes of finite values below 2^15 in magnitude only (the
     codes in order put inf/NaN in the last block of each sign, so the routes
     some kernels take for such blocks, tl__f8i16b's, would miss the codes
     beside them): every such code, repeated to fill the last block */
  const unsigned char *t64 = tl__table8(from, TL_FLOAT64, 0);
  if (v > 0 && t64) {
    size_t m = 0;
    for (int i = 0; i < 256; i++) {
      double x;
      memcpy(&x, t64 + 8 * (size_t)i, sizeof x);
      if (x == x && x < 32768.0 && x > -32768.0) codes[m++] = (uint8_t)i;
    }
    const size_t nc = m;
    for (; nc && m % 32 && m < sizeof codes; m++) codes[m] = codes[m - nc];
    m -= m % 32;
    fn(codes, out, m);
    const size_t D = (size_t)tl__info(to)->itemsize;
    for (size_t j = 0; j < m && v > 0; j++)
      if (memcmp(out + j * D, t + (size_t)codes[j] * D, D) != 0 || memcmp(out + j * D, t0 + (size_t)codes[j] * D, D) != 0) v = -1;
  }
  atomic_store_explicit(st, v, memory_order_release);
  return v > 0 ? fn : NULL;
}

/* For the tests: 1 if pair (from, to) has a float8/float6 decoder here and it
   gave the pair's table for all 256 codes (so it is used), else 0. */
int tl__avx2_f8dec_ok(tl_dtype from, tl_dtype to, int sat) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE) return 0;
  return tl__f8dec_checked(from, to, sat) != NULL;
}

tl__contig_fn tl__avx2_kernel(tl_dtype from, tl_dtype to, int sat) {
#define P(F, T) (((int)(F) << 8) | (int)(T))
  const tl__contig_fn wbm = tl__wbm_kernel(from, to); /* no overflow: one kernel for both modes */
  if (wbm) return wbm;
  switch (P(from, to)) { /* before the shared complex list (its complex128 -> complex32) */
#define TL__NB8_CASE(TAG, FT, TTAG, TT, K, KS) case P(FT, TT): return sat ? nb8_##TAG##_##TTAG##_s : nb8_##TAG##_##TTAG;
    TL__NB8_PAIRS(TL__NB8_CASE) /* before k_n8's and the float8_e8m0fnu ones (theirs, the base) */
#undef TL__NB8_CASE
#define TL__E8Q_CASE(TAG, FT) /* before the lookup and k_ie8/k_he8, which saturate too */ \
  case P(FT, TL_FLOAT8_E8M0FNU):                                                          \
    if (!sat) return e8q_##TAG;                                                           \
    break;
    TL__E8Q_CASE(i32, TL_INT32) TL__E8Q_CASE(u32, TL_UINT32) /* int16 / uint16: tl__nb8_run's base */
#undef TL__E8Q_CASE
#define TL__ONEPASS_CASE(NAME, FT, TT, RUN, MODE, SATK) case P(FT, TT): return sat && SATK ? NAME##_s : NAME;
    TL__ONEPASS_PAIRS(TL__ONEPASS_CASE)
#undef TL__ONEPASS_CASE
#define TL__IC32_CASE(TAG, FT) case P(FT, TL_COMPLEX32): return sat ? ic_##TAG##_s : ic_##TAG;
    TL__IC32_SRCS(TL__IC32_CASE)
#undef TL__IC32_CASE
#define TL__D16_CASE(TAG, FT, TT, SRC, OUT, BF, CN) case P(FT, TT): return sat ? d16_##TAG##_s : d16_##TAG;
    TL__D16_PAIRS(TL__D16_CASE)
#undef TL__D16_CASE
  case P(TL_COMPLEX128, TL_COMPLEX64): /* the shared list's kernels without saturation */
    if (sat) return k_c128_c64_s;
    break;
  case P(TL_COMPLEX64, TL_COMPLEX32):
    if (sat) return k_c64_c32_s;
    break;
  default: break;
  }
  switch (P(from, to)) {
  case P(TL_FLOAT32, TL_FLOAT16): return sat ? r_f32_f16_s : k_f32_f16;
  case P(TL_FLOAT16, TL_FLOAT32): return k_f16_f32;
  case P(TL_FLOAT16, TL_FLOAT64): return k_f16_f64;
  case P(TL_FLOAT16, TL_FLOAT8_E5M2): return sat ? k_h_e5m2_s : k_h_e5m2; /* before the template's */
  case P(TL_COMPLEX32, TL_FLOAT8_E5M2): return sat ? k_c32_e5m2_s : k_c32_e5m2;
  case P(TL_FLOAT32, TL_BFLOAT16): return sat ? r_f32_bf16_s : k_f32_bf16;
  case P(TL_BFLOAT16, TL_FLOAT32): return k_bf16_f32;
  case P(TL_FLOAT64, TL_FLOAT32): return sat ? k_f64_f32_s : k_f64_f32;
  case P(TL_FLOAT32, TL_FLOAT64): return k_f32_f64;
  case P(TL_INT8, TL_FLOAT16): return h_i8_f16;
  case P(TL_UINT8, TL_FLOAT16): return h_u8_f16;
  case P(TL_INT8, TL_BFLOAT16): return h_i8_bf16;
  case P(TL_UINT8, TL_BFLOAT16): return h_u8_bf16;
  case P(TL_FLOAT16, TL_BOOL): return b_h;
  case P(TL_BFLOAT16, TL_BOOL): return b_bh;
  case P(TL_INT8, TL_COMPLEX128): return sb_i8_c128;
  case P(TL_UINT8, TL_COMPLEX128): return sb_u8_c128;
  case P(TL_BCOMPLEX32, TL_BFLOAT16): return re_bc32;
  case P(TL_BCOMPLEX32, TL_FLOAT32): return re_bc32_f32;
  case P(TL_BCOMPLEX32, TL_FLOAT64): return re_bc32_f64;
  case P(TL_BCOMPLEX32, TL_COMPLEX32): return sat ? k_bc32_c32_s : k_bc32_c32;
  case P(TL_BCOMPLEX32, TL_COMPLEX64): return k_bc32_c64;
  case P(TL_BCOMPLEX32, TL_COMPLEX128): return k_bc32_c128;
  case P(TL_BCOMPLEX32, TL_BOOL): return b_bc32;
  case P(TL_BFLOAT16, TL_BCOMPLEX32): return mk_bc32;
#define TB(TAG, FT) TL__KCASE(t, TAG, FT, TL_BCOMPLEX32, bc32)
    TB(h, TL_FLOAT16)
    TB(f32, TL_FLOAT32)
    TB(c32, TL_COMPLEX32)
    TB(c64, TL_COMPLEX64)
#undef TB
#define TB(TAG, FT) TL__KCASE(n, TAG, FT, TL_BCOMPLEX32, bc32) /* k_ibc */
    TB(i16, TL_INT16)
    TB(u16, TL_UINT16)
    TB(i32, TL_INT32)
    TB(u32, TL_UINT32)
    TB(i64, TL_INT64)
    TB(u64, TL_UINT64)
#undef TB
#define CK(F, T, K, KS) case P(F, T): return sat ? KS : K;
    TL__COMPLEX_KERNELS(CK)
#undef CK
    TL__NARROW_FORMATS(TL__KCASE, n, f32, TL_FLOAT32) /* k_n8 */
    TL__NARROW_FORMATS(TL__KCASE, n, f64, TL_FLOAT64)
    TL__NARROW_FORMATS(TL__KCASE, n, c64, TL_COMPLEX64)
    TL__NARROW_FORMATS(TL__KCASE, n, c128, TL_COMPLEX128)
  default: {
    tl__contig_fn f = tl__f8dec_checked(from, to, sat);
    if (f) return f;
    if ((f = tl__sbw_kernel(from, to)) != NULL) return f;
    if ((f = tl__hw_kernel(from, to, sat)) != NULL) return f;
    if ((f = tl__hq_kernel(from, to, sat)) != NULL) return f;
    f = tl__f2i_kernel(from, to);
    if (!f) f = tl__cl_kernel(from, to, sat);
    if (!f) f = tl__n8_kernel(from, to, sat);
    if (!f) f = tl__rto_kernel(from, to, sat);
    const tl_dtype_info *ti = tl__info(to);
    if (!f && tl__is_nint(from) && tl__info(from)->itemsize > 1 &&
        (ti->kind == TL_KIND_INT || ti->kind == TL_KIND_UINT) && ti->bits < 8) {
#define TL__NB_ENT(SB, LG, B) [LG - 1][B] = nb_##SB##_##B,
      static const tl__contig_fn nb[3][8] = {TL__NB_ALL(TL__NB_ENT)};
#undef TL__NB_ENT
      return nb[tl__lg(tl__info(from)->itemsize) - 1][ti->bits];
    }
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
int tl__avx2_lut8(tl_dtype from, tl_dtype to, int sat, const void *src, void *dst, size_t n) {
  (void)from, (void)to, (void)sat, (void)src, (void)dst, (void)n;
  return 0;
}
int tl__avx2_lut8_ok(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_f8core(tl_dtype from, tl_dtype to) {
  (void)from, (void)to;
  return 0;
}
int tl__avx2_afl_floor(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_afl_disable(int off) {
  (void)off;
  return 0;
}
int tl__avx2_lut8_route(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_lut_wide(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_lut_window(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_lut_sign(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_hw_rule(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_fold_bits(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_fold_disable(int off) {
  (void)off;
  return 0;
}
int tl__avx2_bl_has(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_bn_has(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_hq_rule(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_cl_has(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_rg_range(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_rg_sign(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_aff_disable(int off) {
  (void)off;
  return 0;
}
int tl__avx2_aff_shift(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_aff_kind(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_aff_sl(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_ns_disable(int off) {
  (void)off;
  return 0;
}
int tl__avx2_ns_cost(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_ns_corrections(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return -1;
}
int tl__avx2_ns_rows(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return -1;
}
int tl__avx2_ns_patch(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return -1;
}
int tl__avx2_cs_rule(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return -1;
}
int tl__avx2_cs_disable(int off) {
  (void)off;
  return 0;
}
int tl__avx2_ls_rule(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return -1;
}
int tl__avx2_mw_cost(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_f8dec_ok(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
int tl__avx2_has_nan(tl_dtype d, const void *buf, size_t n) {
  (void)d, (void)buf, (void)n;
  return 1;
}
void tl__avx2_copy(void *d, const void *s, size_t bytes) { memcpy(d, s, bytes); }
int tl__avx2_bint_rule(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return 0;
}
#endif
