/* convert_neon.c — the NEON tier (AArch64 Advanced SIMD) of the conversion
 * kernels: contiguous loops for the common pairs, bit-identical to the scalar
 * engine (tests/tier_check.c compares them under qemu-user, `make test-aarch64`).
 *
 *   - float32 <-> float16 with FCVTN/FCVTL (base AArch64), float32 <-> bfloat16
 *     (BFCVTN when HWCAP2_BF16 says the CPU has it, else integer rounding),
 *     float64 <-> float32, float16 -> float64, float64 -> float16/bfloat16
 *     through FCVTXN (round to odd: one correct rounding at the end);
 *   - native integer widening/narrowing and integer -> float32/float64;
 *   - float32/float64 -> every integer destination (FCVTZS/FCVTZU truncate,
 *     saturate and give 0 for NaN: the library's rule), narrowing saturates;
 *   - 1-byte sources (int8/uint8/bool/sub-byte/float8/6/4) into 1/2/4-byte
 *     destinations by TBL lookups (vqtbl4q) in the scalar tier's 256-entry table;
 *   - float32/float64 -> every float8/6/4 format (the float adder's rounding,
 *     float64 through FCVTXN), int64/uint64 -> float32/float16/bfloat16/
 *     float8_e8m0fnu (normalised by CLZ, one rounding), every native
 *     integer/float/complex -> bool, complex -> its real part, a real value ->
 *     its complex type, complex -> complex of another width.
 * With the chains of convert_plan.c through these (float16/bfloat16/integers
 * -> float32 -> float8, complex64 -> float32 -> ..., ... -> float64 ->
 * complex128) every pair of the native dtypes runs in SIMD code
 * (tests/tier_check.c counts them: 596 kernels, 334 chains, none scalar).
 *
 * Lanes whose result the hardware does not produce the library's way (a NaN
 * in the source: payloads and quieting differ; with TL_CONVERT_SATURATE an
 * overflow to infinity) are redone one element at a time by the scalar engine.
 * The caller (tl_convert) has set FPCR to its default (round to nearest even,
 * no flush to zero, no alternative half precision), see tl__fpenv_enter.
 * Tails shorter than a vector block go to the scalar engine. */
#include "convert_internal.h"

#if defined(__aarch64__)
#include <arm_neon.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif

static int tl__neon_bf16 = 0; /* BFCVTN usable (set once by tl__neon_detect) */

int tl__neon_detect(void) {
#if defined(__linux__)
  unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
  if (!(hw & (1ul << 1))) return 0;      /* HWCAP_ASIMD */
  tl__neon_bf16 = (int)((hw2 >> 14) & 1); /* HWCAP2_BF16 */
#endif
  /* TYPELATTICE_NEON_BASE=1: the NEON tier without its BF16 instructions, as
     on CPUs that lack them (the tests run both) */
  const char *b = getenv("TYPELATTICE_NEON_BASE");
  if (b && *b && strcmp(b, "0") != 0) tl__neon_bf16 = 0;
  return 1;
}

/* ---- helpers -------------------------------------------------------------- */

#define LDU8(p, off) vld1q_u8((const uint8_t *)(p) + (off))
#define STU8(p, off, v) vst1q_u8((uint8_t *)(p) + (off), (v))
#define LD32(p, off) vreinterpretq_u32_u8(LDU8(p, off))
#define LDF32(p, off) vreinterpretq_f32_u8(LDU8(p, off))
#define LDF64(p, off) vreinterpretq_f64_u8(LDU8(p, off))
#define LD16(p, off) vreinterpretq_u16_u8(LDU8(p, off))

/* Eight 16-bit lane masks -> one byte each in a uint64_t (0 when none is set). */
static inline uint64_t tl__m16(uint16x8_t m) { return vget_lane_u64(vreinterpret_u64_u8(vmovn_u16(m)), 0); }
static inline uint64_t tl__m32(uint32x4_t a, uint32x4_t b) {
  return tl__m16(vcombine_u16(vmovn_u32(a), vmovn_u32(b)));
}
static inline uint64_t tl__m64(uint64x2_t a, uint64x2_t b, uint64x2_t c, uint64x2_t d) {
  return tl__m32(vcombine_u32(vmovn_u64(a), vmovn_u64(b)), vcombine_u32(vmovn_u64(c), vmovn_u64(d)));
}
static inline uint32x4_t tl__nan32(float32x4_t a) { return vmvnq_u32(vceqq_f32(a, a)); }
static inline uint64x2_t tl__nan64(float64x2_t a) {
  return vreinterpretq_u64_u32(vmvnq_u32(vreinterpretq_u32_u64(vceqq_f64(a, a))));
}
/* 16-bit results that are infinity or NaN (exponent all ones under mask e). */
static inline uint16x8_t tl__top16(uint16x8_t h, uint16_t e) {
  return vcgeq_u16(vandq_u16(h, vdupq_n_u16(0x7FFF)), vdupq_n_u16(e));
}
static inline uint32x4_t tl__inf32(float32x4_t r) {
  return vceqq_u32(vandq_u32(vreinterpretq_u32_f32(r), vdupq_n_u32(0x7FFFFFFFu)), vdupq_n_u32(0x7F800000u));
}

/* Redo the flagged elements (byte j of m nonzero) of a block of 8 with the scalar engine. */
static void tl__nfix(tl_dtype from, tl_dtype to, int sat, const char *sp, char *dp, size_t S, size_t D,
                     uint64_t m) {
  for (size_t j = 0; j < 8; j++)
    if ((m >> (8 * j)) & 0xFFu)
      tl__convert_generic(from, sp + j * S, (ptrdiff_t)S, to, dp + j * D, (ptrdiff_t)D, 1,
                          sat ? TL_CONVERT_SATURATE : 0);
}

/* A kernel over blocks of 8: BLOCK(sp, dp, sat) converts 8 elements and returns
 * the mask of those the scalar engine must redo. */
#define TL__NK8(NAME, FROM, TO, S, D, SAT, BLOCK)                                        \
  static void NAME(const void *sv, void *dv, size_t n) {                                 \
    const char *s = sv;                                                                  \
    char *d = dv;                                                                        \
    size_t i = 0;                                                                        \
    for (; i + 8 <= n; i += 8) {                                                         \
      const char *sp = s + i * (S);                                                      \
      char *dp = d + i * (D);                                                            \
      uint64_t m = BLOCK(sp, dp, SAT);                                                   \
      if (m) tl__nfix(FROM, TO, SAT, sp, dp, S, D, m);                                   \
    }                                                                                    \
    if (i < n)                                                                           \
      tl__convert_generic(FROM, s + i * (S), S, TO, d + i * (D), D, n - i,               \
                          (SAT) ? TL_CONVERT_SATURATE : 0);                              \
  }
#define TL__NK8_BOTH(NAME, FROM, TO, S, D, BLOCK)                                        \
  TL__NK8(NAME, FROM, TO, S, D, 0, BLOCK)                                                \
  TL__NK8(NAME##_s, FROM, TO, S, D, 1, BLOCK)

/* ---- float <-> float ------------------------------------------------------ */

static inline uint16x8_t tl__cvt_f16x8(float32x4_t a, float32x4_t b) {
  return vreinterpretq_u16_f16(vcvt_high_f16_f32(vcvt_f16_f32(a), b));
}
/* float32 -> bfloat16 round to nearest even in integer arithmetic (NaN lanes
   are redone by the caller). */
static inline uint16x8_t tl__cvt_bf16x8_int(float32x4_t a, float32x4_t b) {
  uint32x4_t ua = vreinterpretq_u32_f32(a), ub = vreinterpretq_u32_f32(b);
  const uint32x4_t bias = vdupq_n_u32(0x7FFFu), one = vdupq_n_u32(1u);
  ua = vaddq_u32(ua, vaddq_u32(bias, vandq_u32(vshrq_n_u32(ua, 16), one)));
  ub = vaddq_u32(ub, vaddq_u32(bias, vandq_u32(vshrq_n_u32(ub, 16), one)));
  return vcombine_u16(vshrn_n_u32(ua, 16), vshrn_n_u32(ub, 16));
}
#if defined(__ARM_FEATURE_BF16_VECTOR_ARITHMETIC) || (defined(__GNUC__) && __GNUC__ >= 11) || defined(__clang__)
#define TL__NEON_HAVE_BFCVT 1
__attribute__((target("arch=armv8.2-a+bf16"))) static uint16x8_t tl__cvt_bf16x8_hw(float32x4_t a, float32x4_t b) {
  return vreinterpretq_u16_bf16(vcvtq_high_bf16_f32(vcvtq_low_bf16_f32(a), b));
}
#endif
static inline uint16x8_t tl__cvt_bf16x8(float32x4_t a, float32x4_t b) {
#if defined(TL__NEON_HAVE_BFCVT)
  if (tl__neon_bf16) return tl__cvt_bf16x8_hw(a, b);
#endif
  return tl__cvt_bf16x8_int(a, b);
}

/* Store 8 float32 -> 16-bit results h and return the lanes the scalar engine
 * redoes: NaN inputs, and with sat the results that came out infinite (inf
 * is the 16-bit format's infinity pattern). */
static inline uint64_t tl__store16_lanes(float32x4_t a, float32x4_t b, uint16x8_t h, char *dp, int sat,
                                         uint16_t inf) {
  STU8(dp, 0, vreinterpretq_u8_u16(h));
  uint16x8_t m = vcombine_u16(vmovn_u32(tl__nan32(a)), vmovn_u32(tl__nan32(b)));
  if (sat) m = vorrq_u16(m, tl__top16(h, inf));
  return tl__m16(m);
}
static inline uint64_t b_f32_f16(const char *sp, char *dp, int sat) {
  float32x4_t a = LDF32(sp, 0), b = LDF32(sp, 16);
  return tl__store16_lanes(a, b, tl__cvt_f16x8(a, b), dp, sat, 0x7C00);
}
static inline uint64_t b_f32_bf16(const char *sp, char *dp, int sat) {
  float32x4_t a = LDF32(sp, 0), b = LDF32(sp, 16);
  return tl__store16_lanes(a, b, tl__cvt_bf16x8(a, b), dp, sat, 0x7F80);
}
static inline uint64_t b_f16_f32(const char *sp, char *dp, int sat) {
  (void)sat;
  uint16x8_t h = LD16(sp, 0);
  float16x8_t f = vreinterpretq_f16_u16(h);
  STU8(dp, 0, vreinterpretq_u8_f32(vcvt_f32_f16(vget_low_f16(f))));
  STU8(dp, 16, vreinterpretq_u8_f32(vcvt_high_f32_f16(f)));
  return tl__m16(vcgtq_u16(vandq_u16(h, vdupq_n_u16(0x7FFF)), vdupq_n_u16(0x7C00)));
}
static inline uint64_t b_f16_f64(const char *sp, char *dp, int sat) {
  (void)sat;
  uint16x8_t h = LD16(sp, 0);
  float16x8_t f = vreinterpretq_f16_u16(h);
  float32x4_t lo = vcvt_f32_f16(vget_low_f16(f)), hi = vcvt_high_f32_f16(f);
  STU8(dp, 0, vreinterpretq_u8_f64(vcvt_f64_f32(vget_low_f32(lo))));
  STU8(dp, 16, vreinterpretq_u8_f64(vcvt_high_f64_f32(lo)));
  STU8(dp, 32, vreinterpretq_u8_f64(vcvt_f64_f32(vget_low_f32(hi))));
  STU8(dp, 48, vreinterpretq_u8_f64(vcvt_high_f64_f32(hi)));
  return tl__m16(vcgtq_u16(vandq_u16(h, vdupq_n_u16(0x7FFF)), vdupq_n_u16(0x7C00)));
}
static inline uint64_t b_bf16_f32(const char *sp, char *dp, int sat) {
  (void)sat;
  uint16x8_t h = LD16(sp, 0);
  STU8(dp, 0, vreinterpretq_u8_u32(vshll_n_u16(vget_low_u16(h), 16)));
  STU8(dp, 16, vreinterpretq_u8_u32(vshll_high_n_u16(h, 16)));
  return 0; /* exact, NaN payloads included */
}
static inline uint64_t b_f32_f64(const char *sp, char *dp, int sat) {
  (void)sat;
  float32x4_t a = LDF32(sp, 0), b = LDF32(sp, 16);
  STU8(dp, 0, vreinterpretq_u8_f64(vcvt_f64_f32(vget_low_f32(a))));
  STU8(dp, 16, vreinterpretq_u8_f64(vcvt_high_f64_f32(a)));
  STU8(dp, 32, vreinterpretq_u8_f64(vcvt_f64_f32(vget_low_f32(b))));
  STU8(dp, 48, vreinterpretq_u8_f64(vcvt_high_f64_f32(b)));
  return tl__m32(tl__nan32(a), tl__nan32(b));
}
static inline uint64_t b_f64_f32(const char *sp, char *dp, int sat) {
  float64x2_t a = LDF64(sp, 0), b = LDF64(sp, 16), c = LDF64(sp, 32), d = LDF64(sp, 48);
  float32x4_t r0 = vcvt_high_f32_f64(vcvt_f32_f64(a), b), r1 = vcvt_high_f32_f64(vcvt_f32_f64(c), d);
  STU8(dp, 0, vreinterpretq_u8_f32(r0));
  STU8(dp, 16, vreinterpretq_u8_f32(r1));
  uint64_t m = tl__m64(tl__nan64(a), tl__nan64(b), tl__nan64(c), tl__nan64(d));
  if (sat) m |= tl__m32(tl__inf32(r0), tl__inf32(r1));
  return m;
}
/* float64 -> float32 rounded to odd (FCVTXN), then one rounding into the
   16-bit format: the scalar engine's route (tl__f64_to_f32_rto + tl__enc_f32). */
static inline uint64_t b_f64_f16(const char *sp, char *dp, int sat) {
  float64x2_t a = LDF64(sp, 0), b = LDF64(sp, 16), c = LDF64(sp, 32), d = LDF64(sp, 48);
  float32x4_t r0 = vcvtx_high_f32_f64(vcvtx_f32_f64(a), b), r1 = vcvtx_high_f32_f64(vcvtx_f32_f64(c), d);
  uint16x8_t h = tl__cvt_f16x8(r0, r1);
  STU8(dp, 0, vreinterpretq_u8_u16(h));
  uint64_t m = tl__m64(tl__nan64(a), tl__nan64(b), tl__nan64(c), tl__nan64(d));
  if (sat) m |= tl__m16(tl__top16(h, 0x7C00));
  return m;
}
static inline uint64_t b_f64_bf16(const char *sp, char *dp, int sat) {
  float64x2_t a = LDF64(sp, 0), b = LDF64(sp, 16), c = LDF64(sp, 32), d = LDF64(sp, 48);
  float32x4_t r0 = vcvtx_high_f32_f64(vcvtx_f32_f64(a), b), r1 = vcvtx_high_f32_f64(vcvtx_f32_f64(c), d);
  uint16x8_t h = tl__cvt_bf16x8(r0, r1);
  STU8(dp, 0, vreinterpretq_u8_u16(h));
  uint64_t m = tl__m64(tl__nan64(a), tl__nan64(b), tl__nan64(c), tl__nan64(d));
  if (sat) m |= tl__m16(tl__top16(h, 0x7F80));
  return m;
}

TL__NK8_BOTH(nk_f32_f16, TL_FLOAT32, TL_FLOAT16, 4, 2, b_f32_f16)
TL__NK8_BOTH(nk_f32_bf16, TL_FLOAT32, TL_BFLOAT16, 4, 2, b_f32_bf16)
TL__NK8(nk_f16_f32, TL_FLOAT16, TL_FLOAT32, 2, 4, 0, b_f16_f32)
TL__NK8(nk_f16_f64, TL_FLOAT16, TL_FLOAT64, 2, 8, 0, b_f16_f64)
TL__NK8(nk_bf16_f32, TL_BFLOAT16, TL_FLOAT32, 2, 4, 0, b_bf16_f32)
TL__NK8(nk_f32_f64, TL_FLOAT32, TL_FLOAT64, 4, 8, 0, b_f32_f64)
TL__NK8_BOTH(nk_f64_f32, TL_FLOAT64, TL_FLOAT32, 8, 4, b_f64_f32)
TL__NK8_BOTH(nk_f64_f16, TL_FLOAT64, TL_FLOAT16, 8, 2, b_f64_f16)
TL__NK8_BOTH(nk_f64_bf16, TL_FLOAT64, TL_BFLOAT16, 8, 2, b_f64_bf16)

/* ---- float -> integer ----------------------------------------------------- */

/* Eight elements truncated and saturated to 32 bits (NaN -> 0). */
typedef struct { int32x4_t lo, hi; } tl__s32x8;
typedef struct { uint32x4_t lo, hi; } tl__u32x8;
static inline tl__s32x8 tl__f32_s32(const char *sp) {
  return (tl__s32x8){vcvtq_s32_f32(LDF32(sp, 0)), vcvtq_s32_f32(LDF32(sp, 16))};
}
static inline tl__u32x8 tl__f32_u32(const char *sp) {
  return (tl__u32x8){vcvtq_u32_f32(LDF32(sp, 0)), vcvtq_u32_f32(LDF32(sp, 16))};
}
static inline tl__s32x8 tl__f64_s32(const char *sp) {
  int32x4_t lo = vcombine_s32(vqmovn_s64(vcvtq_s64_f64(LDF64(sp, 0))), vqmovn_s64(vcvtq_s64_f64(LDF64(sp, 16))));
  int32x4_t hi = vcombine_s32(vqmovn_s64(vcvtq_s64_f64(LDF64(sp, 32))), vqmovn_s64(vcvtq_s64_f64(LDF64(sp, 48))));
  return (tl__s32x8){lo, hi};
}
static inline tl__u32x8 tl__f64_u32(const char *sp) {
  uint32x4_t lo = vcombine_u32(vqmovn_u64(vcvtq_u64_f64(LDF64(sp, 0))), vqmovn_u64(vcvtq_u64_f64(LDF64(sp, 16))));
  uint32x4_t hi = vcombine_u32(vqmovn_u64(vcvtq_u64_f64(LDF64(sp, 32))), vqmovn_u64(vcvtq_u64_f64(LDF64(sp, 48))));
  return (tl__u32x8){lo, hi};
}
/* Store eight saturated 32-bit values into a `bits`-wide destination. */
static inline void tl__st_s(tl__s32x8 v, char *dp, int bits) {
  if (bits == 32) {
    STU8(dp, 0, vreinterpretq_u8_s32(v.lo));
    STU8(dp, 16, vreinterpretq_u8_s32(v.hi));
    return;
  }
  if (bits < 8) { /* int2/int4: clamp to the range, keep the low bits */
    const int32x4_t lo = vdupq_n_s32(-(1 << (bits - 1))), hi = vdupq_n_s32((1 << (bits - 1)) - 1);
    v.lo = vminq_s32(vmaxq_s32(v.lo, lo), hi);
    v.hi = vminq_s32(vmaxq_s32(v.hi, lo), hi);
  }
  int16x8_t h = vcombine_s16(vqmovn_s32(v.lo), vqmovn_s32(v.hi));
  if (bits == 16) {
    STU8(dp, 0, vreinterpretq_u8_s16(h));
    return;
  }
  uint8x8_t b = vreinterpret_u8_s8(vqmovn_s16(h));
  if (bits < 8) b = vand_u8(b, vdup_n_u8((uint8_t)((1u << bits) - 1u)));
  vst1_u8((uint8_t *)dp, b);
}
static inline void tl__st_u(tl__u32x8 v, char *dp, int bits) {
  if (bits == 32) {
    STU8(dp, 0, vreinterpretq_u8_u32(v.lo));
    STU8(dp, 16, vreinterpretq_u8_u32(v.hi));
    return;
  }
  if (bits < 8) {
    const uint32x4_t hi = vdupq_n_u32((1u << bits) - 1u);
    v.lo = vminq_u32(v.lo, hi);
    v.hi = vminq_u32(v.hi, hi);
  }
  uint16x8_t h = vcombine_u16(vqmovn_u32(v.lo), vqmovn_u32(v.hi));
  if (bits == 16) {
    STU8(dp, 0, vreinterpretq_u8_u16(h));
    return;
  }
  vst1_u8((uint8_t *)dp, vqmovn_u16(h));
}
static inline void tl__f2i64(const char *sp, char *dp, int from64, int sg) {
  for (int k = 0; k < 4; k++) {
    float64x2_t x;
    if (from64) {
      x = LDF64(sp, 16 * k);
    } else {
      float32x4_t f = LDF32(sp, 16 * (k >> 1));
      x = (k & 1) ? vcvt_high_f64_f32(f) : vcvt_f64_f32(vget_low_f32(f));
    }
    STU8(dp, 16 * k, sg ? vreinterpretq_u8_s64(vcvtq_s64_f64(x)) : vreinterpretq_u8_u64(vcvtq_u64_f64(x)));
  }
}
/* X(NAME, FROM, TO, S, D, BITS, SIGNED) from TL__F2I_DSTS */
#define TL__NF2I(NAME, FROM, TO, S, D, BITS, SG)                                         \
  static inline uint64_t b_##NAME(const char *sp, char *dp, int sat) {                   \
    (void)sat;                                                                           \
    if ((BITS) == 64)                                                                    \
      tl__f2i64(sp, dp, (S) == 8, SG);                                                   \
    else if (SG)                                                                         \
      tl__st_s((S) == 8 ? tl__f64_s32(sp) : tl__f32_s32(sp), dp, BITS);                  \
    else                                                                                 \
      tl__st_u((S) == 8 ? tl__f64_u32(sp) : tl__f32_u32(sp), dp, BITS);                  \
    return 0;                                                                            \
  }                                                                                      \
  TL__NK8(nk_##NAME, FROM, TO, S, D, 0, b_##NAME)
TL__F2I_DSTS(TL__NF2I, f32, TL_FLOAT32, 4)
TL__F2I_DSTS(TL__NF2I, f64, TL_FLOAT64, 8)

/* ---- integer -> integer, integer -> float --------------------------------- */

/* Sixteen elements per step with GCC/Clang vector conversions, which compile
 * to SXTL/UXTL, XTN, SCVTF/UCVTF (round to nearest even, as the scalar casts).
 * Integer narrowing keeps the low bits (the library's wrap-around). */
#define TL__NIC(NAME, FROM, TO, TS, TD)                                                   \
  typedef TS NAME##_vs __attribute__((vector_size(16 * sizeof(TS))));                    \
  typedef TD NAME##_vd __attribute__((vector_size(16 * sizeof(TD))));                    \
  __attribute__((unused)) static void NAME(const void *sv, void *dv, size_t n) {                                 \
    const char *s = sv;                                                                  \
    char *d = dv;                                                                        \
    size_t i = 0;                                                                        \
    for (; i + 16 <= n; i += 16) {                                                       \
      NAME##_vs a;                                                                       \
      memcpy(&a, s + i * sizeof(TS), sizeof a);                                          \
      NAME##_vd b = __builtin_convertvector(a, NAME##_vd);                               \
      memcpy(d + i * sizeof(TD), &b, sizeof b);                                          \
    }                                                                                    \
    if (i < n)                                                                           \
      tl__convert_generic(FROM, s + i * sizeof(TS), sizeof(TS), TO, d + i * sizeof(TD),  \
                          sizeof(TD), n - i, 0);                                         \
  }
/* X(tag, dtype, C type) for the native integers */
#define TL__NINTS(X, A, B, C)                                                              \
  X(A, B, C, i8, TL_INT8, int8_t) X(A, B, C, i16, TL_INT16, int16_t)                        \
  X(A, B, C, i32, TL_INT32, int32_t) X(A, B, C, i64, TL_INT64, int64_t)                     \
  X(A, B, C, u8, TL_UINT8, uint8_t) X(A, B, C, u16, TL_UINT16, uint16_t)                    \
  X(A, B, C, u32, TL_UINT32, uint32_t) X(A, B, C, u64, TL_UINT64, uint64_t)
/* the same list again: a macro cannot expand itself inside its own expansion */
#define TL__NINTS_IN(X, A, B, C)                                                           \
  X(A, B, C, i8, TL_INT8, int8_t) X(A, B, C, i16, TL_INT16, int16_t)                        \
  X(A, B, C, i32, TL_INT32, int32_t) X(A, B, C, i64, TL_INT64, int64_t)                     \
  X(A, B, C, u8, TL_UINT8, uint8_t) X(A, B, C, u16, TL_UINT16, uint16_t)                    \
  X(A, B, C, u32, TL_UINT32, uint32_t) X(A, B, C, u64, TL_UINT64, uint64_t)
#define TL__NIC_TO(FT, FD, FC, TT, TD, TC) TL__NIC(ni_##FT##_##TT, FD, TD, FC, TC)
#define TL__NIC_FROM(U1, U2, U3, FT, FD, FC) TL__NINTS_IN(TL__NIC_TO, FT, FD, FC)                \
  TL__NIC(ni_##FT##_f64, FD, TL_FLOAT64, FC, double)
TL__NINTS(TL__NIC_FROM, _, _, _)
/* to float32: not from the 64-bit integers (no single-rounding vector path) */
TL__NIC(ni_i8_f32, TL_INT8, TL_FLOAT32, int8_t, float)
TL__NIC(ni_i16_f32, TL_INT16, TL_FLOAT32, int16_t, float)
TL__NIC(ni_i32_f32, TL_INT32, TL_FLOAT32, int32_t, float)
TL__NIC(ni_u8_f32, TL_UINT8, TL_FLOAT32, uint8_t, float)
TL__NIC(ni_u16_f32, TL_UINT16, TL_FLOAT32, uint16_t, float)
TL__NIC(ni_u32_f32, TL_UINT32, TL_FLOAT32, uint32_t, float)

/* ---- float32 / float64 -> float8/6/4 ----------------------------------------
 * The AVX2 tier's float adder rounding (tl__n8g): |x| clamped to C, the
 * first value that overflows (the code maxmag + 1 read as a normal), then
 * magic = 2^(e' + 23 - M) with e' = max(e, emin) (e: |x|'s exponent) makes
 * the target's step the last place of |x| + magic, rounded to nearest even;
 * code = bits(sum) - bits(magic) + (e' - emin) << M, subnormal results and
 * the carry into the next binade included. Overflow by one unsigned byte min
 * with the overflow code (sat: maxmag), then the sign moved to the format's
 * sign bit (fnuz: not on a zero code). float64 first rounds to odd into
 * float32 (FCVTXN, beyond FLT_MAX its largest finite: the scalar engine's
 * tl__f64_to_f32_rto), whose one later rounding is then exact RNE. NaN lanes,
 * and with sat the infinities (not saturated: the overflow code), are redone
 * by the scalar engine. float8_e8m0fnu: the exponent field plus the next bit
 * (ties up), 1 for a float32 subnormal >= 1.5 x 2^-127, 0 below; zero and
 * negatives 0xFF (sat 0x00). */
static inline uint8x8_t tl__n8enc(const tl__ffmt *F, uint32x4_t u0, uint32x4_t u1, int sat) {
  const uint32x4_t m7 = vdupq_n_u32(0x7FFFFFFFu);
  uint32x4_t a0 = vandq_u32(u0, m7), a1 = vandq_u32(u1, m7);
  uint8x8_t b;
  if (F->fam == TL__FAM_E8M0) {
    const uint32x4_t sub = vdupq_n_u32(0x00800000u), h = vdupq_n_u32(0x00600000u), k = vdupq_n_u32(0x00400000u);
    /* normal: (a + 2^22) >> 23 (at most 255 for a <= inf); subnormal: a >= 1.5 x 2^-127 */
    const uint32x4_t c0 = vbslq_u32(vcltq_u32(a0, sub), vshrq_n_u32(vcgeq_u32(a0, h), 31), vshrq_n_u32(vaddq_u32(a0, k), 23));
    const uint32x4_t c1 = vbslq_u32(vcltq_u32(a1, sub), vshrq_n_u32(vcgeq_u32(a1, h), 31), vshrq_n_u32(vaddq_u32(a1, k), 23));
    b = vmovn_u16(vcombine_u16(vmovn_u32(c0), vmovn_u32(c1)));
    b = vmin_u8(b, vdup_n_u8((uint8_t)(sat ? F->maxmag : F->ovf[0])));
    /* zero and negative values (sign set, or magnitude 0) */
    const uint32x4_t z0 = vorrq_u32(vceqzq_u32(a0), vcltzq_s32(vreinterpretq_s32_u32(u0)));
    const uint32x4_t z1 = vorrq_u32(vceqzq_u32(a1), vcltzq_s32(vreinterpretq_s32_u32(u1)));
    const uint8x8_t z = vmovn_u16(vcombine_u16(vmovn_u32(z0), vmovn_u32(z1)));
    return vbsl_u8(z, vdup_n_u8(sat ? 0x00 : 0xFF), b);
  }
  const int emin = 1 - F->bias, sh = 23 - F->M;
  const uint32_t top = F->maxmag + 1;
  const int te = (int)(top >> F->M) - F->bias;
  const uint32x4_t C = vdupq_n_u32(((uint32_t)(te + 127) << 23) | ((top & ((1u << F->M) - 1u)) << sh));
  const uint32x4_t mn = vdupq_n_u32((uint32_t)(emin + 127) << 23), ex = vdupq_n_u32(0x7F800000u);
  const uint32x4_t st = vdupq_n_u32((uint32_t)sh << 23);
  const int32x4_t rs = vdupq_n_s32(-sh);
  uint32x4_t c[2], a[2] = {vminq_u32(a0, C), vminq_u32(a1, C)};
  for (int k = 0; k < 2; k++) {
    const uint32x4_t q = vmaxq_u32(vandq_u32(a[k], ex), mn), magic = vaddq_u32(q, st);
    const uint32x4_t sum = vreinterpretq_u32_f32(vaddq_f32(vreinterpretq_f32_u32(a[k]), vreinterpretq_f32_u32(magic)));
    c[k] = vaddq_u32(vsubq_u32(sum, magic), vshlq_u32(vsubq_u32(q, mn), rs));
  }
  b = vmovn_u16(vcombine_u16(vmovn_u32(c[0]), vmovn_u32(c[1])));
  b = vmin_u8(b, vdup_n_u8((uint8_t)(sat ? F->maxmag : F->ovf[0])));
  uint8x8_t sg = vmovn_u16(vcombine_u16(vmovn_u32(vshrq_n_u32(u0, 31)), vmovn_u32(vshrq_n_u32(u1, 31))));
  sg = vshl_u8(sg, vdup_n_s8((int8_t)F->sign_bit));
  if (F->fam == TL__FAM_FNUZ) sg = vand_u8(sg, vtst_u8(b, b));
  return vorr_u8(b, sg);
}
/* The lanes the scalar engine redoes: NaN, and with sat inf where the format
   has an overflow code of its own (not float4/float6, whose inf saturates) */
static inline uint64_t tl__n8redo(const tl__ffmt *F, uint32x4_t u0, uint32x4_t u1, int sat) {
  const uint32x4_t m7 = vdupq_n_u32(0x7FFFFFFFu);
  const uint32x4_t lim = vdupq_n_u32(sat && F->fam != TL__FAM_MX ? 0x7F7FFFFFu : 0x7F800000u);
  return tl__m32(vcgtq_u32(vandq_u32(u0, m7), lim), vcgtq_u32(vandq_u32(u1, m7), lim));
}
static inline uint64_t tl__n8blk(tl_dtype to, int S, const char *sp, char *dp, int sat) {
  const tl__ffmt *F = &tl__fmts[to - TL_FLOAT4_E2M1FN];
  uint32x4_t u0, u1;
  uint64_t m = 0;
  if (S == 8) {
    const float64x2_t a = LDF64(sp, 0), b = LDF64(sp, 16), c = LDF64(sp, 32), d = LDF64(sp, 48);
    u0 = vreinterpretq_u32_f32(vcvtx_high_f32_f64(vcvtx_f32_f64(a), b));
    u1 = vreinterpretq_u32_f32(vcvtx_high_f32_f64(vcvtx_f32_f64(c), d));
    m = tl__m64(tl__nan64(a), tl__nan64(b), tl__nan64(c), tl__nan64(d));
  } else {
    u0 = LD32(sp, 0), u1 = LD32(sp, 16);
  }
  vst1_u8((uint8_t *)dp, tl__n8enc(F, u0, u1, sat));
  return m | tl__n8redo(F, u0, u1, sat);
}
#define TL__N8K(PFX, TAG, FROM, TO, TTAG)                                                  \
  static inline uint64_t b_##PFX##_##TAG##_##TTAG(const char *sp, char *dp, int sat) {    \
    return tl__n8blk(TO, (FROM) == TL_FLOAT64 ? 8 : 4, sp, dp, sat);                       \
  }                                                                                        \
  TL__NK8_BOTH(PFX##_##TAG##_##TTAG, FROM, TO, (FROM) == TL_FLOAT64 ? 8 : 4, 1, b_##PFX##_##TAG##_##TTAG)
#define TL__N8FORMATS(X, PFX, TAG, FROM) TL__NARROW_FORMATS(X, PFX, TAG, FROM) X(PFX, TAG, FROM, TL_FLOAT8_E8M0FNU, e8m0)
TL__N8FORMATS(TL__N8K, n8, f32, TL_FLOAT32)
TL__N8FORMATS(TL__N8K, n8, f64, TL_FLOAT64)

/* ---- int64 / uint64 -> float32, float16, bfloat16, float8_e8m0fnu ----------
 * One rounding, as the scalar engine: |x| normalised (its leading one to bit
 * 63: the count of leading zeros from the two 32-bit halves' CLZ, then USHL
 * by that count), its top 32 bits with the 32 below or-ed into bit 0 (a
 * sticky bit well under float32's rounding position), converted by UCVTF
 * (float32: that is the one RNE rounding) and moved to its binade by an
 * exponent add; into float16/bfloat16/e8m0 the top 24 bits with the rest
 * sticky instead, exact in float32 (rounded to odd, the scalar engine's
 * tl__u64_to_f32_rto), then the 16-bit or float8 rounding. Zero stays 0. */
static inline uint32x4_t tl__q2f(const char *sp, int sg, int rto) {
  uint64x2_t m[2];
  uint32x4_t sgn = vdupq_n_u32(0);
  for (int k = 0; k < 2; k++) {
    m[k] = vreinterpretq_u64_u8(LDU8(sp, 16 * k));
    if (sg) {
      const uint64x2_t s = vcltzq_s64(vreinterpretq_s64_u64(m[k]));
      m[k] = vsubq_u64(veorq_u64(m[k], s), s); /* INT64_MIN: 2^63 */
    }
  }
  if (sg) {
    const int64x2_t x0 = vreinterpretq_s64_u8(LDU8(sp, 0)), x1 = vreinterpretq_s64_u8(LDU8(sp, 16));
    sgn = vshlq_n_u32(vcombine_u32(vmovn_u64(vshrq_n_u64(vreinterpretq_u64_s64(x0), 63)),
                                   vmovn_u64(vshrq_n_u64(vreinterpretq_u64_s64(x1), 63))), 31);
  }
  uint64x2_t n[2], cnt[2];
  for (int k = 0; k < 2; k++) {
    const uint64x2_t c = vreinterpretq_u64_u32(vclzq_u32(vreinterpretq_u32_u64(m[k]))); /* lo | hi << 32 */
    const uint64x2_t hi = vshrq_n_u64(c, 32), lo = vandq_u64(c, vdupq_n_u64(0xFFFFFFFFu));
    const uint64x2_t z = vandq_u64(lo, vceqq_u64(hi, vdupq_n_u64(32))); /* the low half's, below a zero high half */
    cnt[k] = vaddq_u64(hi, z);                                           /* 64 for zero */
    n[k] = vshlq_u64(m[k], vreinterpretq_s64_u64(cnt[k]));
  }
  const uint32x4_t lz = vcombine_u32(vmovn_u64(cnt[0]), vmovn_u64(cnt[1]));
  uint32x4_t t = vcombine_u32(vshrn_n_u64(n[0], 32), vshrn_n_u64(n[1], 32));
  uint32x4_t st = vcombine_u32(vmovn_u64(n[0]), vmovn_u64(n[1]));
  int sh = 32;
  if (rto) { /* the top 24 bits, the rest sticky */
    st = vorrq_u32(st, vandq_u32(t, vdupq_n_u32(0xFF)));
    t = vshrq_n_u32(t, 8);
    sh = 24;
  }
  t = vorrq_u32(t, vshrq_n_u32(vtstq_u32(st, st), 31));
  uint32x4_t f = vreinterpretq_u32_f32(vcvtq_f32_u32(t));
  /* |x| = t * 2^(64 - sh - lz): that power into the exponent field */
  f = vaddq_u32(f, vshlq_n_u32(vsubq_u32(vdupq_n_u32((uint32_t)(64 - sh)), lz), 23));
  f = vandq_u32(f, vmvnq_u32(vceqq_u32(lz, vdupq_n_u32(64)))); /* zero */
  return vorrq_u32(f, sgn);
}
#define TL__Q2F_SRCS(X) X(i64, TL_INT64, 1) X(u64, TL_UINT64, 0)
#define TL__Q2F(TAG, FT, SG)                                                                    \
  static inline uint64_t b_##TAG##_f32(const char *sp, char *dp, int sat) {                      \
    (void)sat;                                                                                   \
    STU8(dp, 0, vreinterpretq_u8_u32(tl__q2f(sp, SG, 0)));                                       \
    STU8(dp, 16, vreinterpretq_u8_u32(tl__q2f(sp + 32, SG, 0)));                                 \
    return 0;                                                                                    \
  }                                                                                              \
  static inline uint64_t b_##TAG##_f16(const char *sp, char *dp, int sat) {                      \
    const float32x4_t a = vreinterpretq_f32_u32(tl__q2f(sp, SG, 1)), b = vreinterpretq_f32_u32(tl__q2f(sp + 32, SG, 1)); \
    return tl__store16_lanes(a, b, tl__cvt_f16x8(a, b), dp, sat, 0x7C00);                        \
  }                                                                                              \
  static inline uint64_t b_##TAG##_bf16(const char *sp, char *dp, int sat) {                     \
    const float32x4_t a = vreinterpretq_f32_u32(tl__q2f(sp, SG, 1)), b = vreinterpretq_f32_u32(tl__q2f(sp + 32, SG, 1)); \
    return tl__store16_lanes(a, b, tl__cvt_bf16x8_int(a, b), dp, sat, 0x7F80);                   \
  }                                                                                              \
  static inline uint64_t b_##TAG##_e8m0(const char *sp, char *dp, int sat) {                     \
    const tl__ffmt *F = &tl__fmts[TL_FLOAT8_E8M0FNU - TL_FLOAT4_E2M1FN];                          \
    const uint32x4_t u0 = tl__q2f(sp, SG, 1), u1 = tl__q2f(sp + 32, SG, 1);                      \
    vst1_u8((uint8_t *)dp, tl__n8enc(F, u0, u1, sat));                                           \
    return 0;                                                                                    \
  }                                                                                              \
  TL__NK8(nk_##TAG##_f32, FT, TL_FLOAT32, 8, 4, 0, b_##TAG##_f32)                                \
  TL__NK8_BOTH(nk_##TAG##_f16, FT, TL_FLOAT16, 8, 2, b_##TAG##_f16)                              \
  TL__NK8_BOTH(nk_##TAG##_bf16, FT, TL_BFLOAT16, 8, 2, b_##TAG##_bf16)                           \
  TL__NK8_BOTH(nk_##TAG##_e8m0, FT, TL_FLOAT8_E8M0FNU, 8, 1, b_##TAG##_e8m0)
TL__Q2F_SRCS(TL__Q2F)

/* ---- -> bool, complex <-> real, complex <-> complex --------------------------
 * bool: 1 where the value is not zero (NaN included; -0 is zero); complex:
 * where either part is not. Real part: the even components. A real value into
 * its complex type: the imaginary part +0. Complex of another width: the
 * parts converted by the real pairs' blocks (below). */
static inline uint8x8_t tl__nz16(uint16x8_t v, uint16_t mask) { /* 8 lanes: 1 where v & mask != 0 */
  return vand_u8(vmovn_u16(vtstq_u16(v, vdupq_n_u16(mask))), vdup_n_u8(1));
}
static inline uint16x8_t tl__nz32(uint32x4_t a, uint32x4_t b, uint32_t mask) {
  const uint32x4_t k = vdupq_n_u32(mask);
  return vcombine_u16(vmovn_u32(vtstq_u32(a, k)), vmovn_u32(vtstq_u32(b, k)));
}
static inline uint32x4_t tl__nz64(uint64x2_t a, uint64x2_t b, uint64_t mask) {
  const uint64x2_t k = vdupq_n_u64(mask);
  return vcombine_u32(vmovn_u64(vtstq_u64(a, k)), vmovn_u64(vtstq_u64(b, k)));
}
/* 8 elements of S bytes (C: complex, two parts of S / 2) -> 8 bools; mask: the
   bits that make a part nonzero (floats: all but the sign) */
static inline uint64_t tl__bool_blk(const char *sp, char *dp, int S, int C, uint64_t mask) {
  uint16x8_t nz;
  const int P = C ? S / 2 : S; /* part size */
  if (P == 2 && !C) {
    vst1_u8((uint8_t *)dp, tl__nz16(LD16(sp, 0), (uint16_t)mask));
    return 0;
  }
  if (P == 2) { /* complex32: 8 elements, 16 parts */
    const uint16x8_t k = vdupq_n_u16((uint16_t)mask);
    const uint16x8_t p0 = vtstq_u16(LD16(sp, 0), k), p1 = vtstq_u16(LD16(sp, 16), k);
    nz = vorrq_u16(vuzp1q_u16(p0, p1), vuzp2q_u16(p0, p1)); /* an element's two parts */
  } else if (P == 4) {
    if (C) {
      const uint16x8_t p0 = tl__nz32(LD32(sp, 0), LD32(sp, 16), (uint32_t)mask),
                       p1 = tl__nz32(LD32(sp, 32), LD32(sp, 48), (uint32_t)mask);
      nz = vorrq_u16(vuzp1q_u16(p0, p1), vuzp2q_u16(p0, p1));
    } else {
      nz = tl__nz32(LD32(sp, 0), LD32(sp, 16), (uint32_t)mask);
    }
  } else {
    uint32x4_t h[2];
    for (int k = 0; k < 2; k++) {
      const char *p = sp + k * 4 * S;
      if (C) {
        const uint32x4_t p0 = tl__nz64(vreinterpretq_u64_u8(LDU8(p, 0)), vreinterpretq_u64_u8(LDU8(p, 16)), mask),
                         p1 = tl__nz64(vreinterpretq_u64_u8(LDU8(p, 32)), vreinterpretq_u64_u8(LDU8(p, 48)), mask);
        h[k] = vorrq_u32(vuzp1q_u32(p0, p1), vuzp2q_u32(p0, p1));
      } else {
        h[k] = tl__nz64(vreinterpretq_u64_u8(LDU8(p, 0)), vreinterpretq_u64_u8(LDU8(p, 16)), mask);
      }
    }
    nz = vcombine_u16(vmovn_u32(h[0]), vmovn_u32(h[1]));
  }
  vst1_u8((uint8_t *)dp, vand_u8(vmovn_u16(nz), vdup_n_u8(1)));
  return 0;
}
/* X(TAG, dtype, bytes, complex, mask) for the sources of the -> bool kernels */
#define TL__NBOOL_SRCS(X)                                                                       \
  X(i16, TL_INT16, 2, 0, 0xFFFFu) X(u16, TL_UINT16, 2, 0, 0xFFFFu) X(i32, TL_INT32, 4, 0, 0xFFFFFFFFu) \
  X(u32, TL_UINT32, 4, 0, 0xFFFFFFFFu) X(i64, TL_INT64, 8, 0, ~0ull) X(u64, TL_UINT64, 8, 0, ~0ull)      \
  X(f16, TL_FLOAT16, 2, 0, 0x7FFFu) X(bf16, TL_BFLOAT16, 2, 0, 0x7FFFu) X(f32, TL_FLOAT32, 4, 0, 0x7FFFFFFFu) \
  X(f64, TL_FLOAT64, 8, 0, 0x7FFFFFFFFFFFFFFFull) X(c32, TL_COMPLEX32, 4, 1, 0x7FFFu)                   \
  X(c64, TL_COMPLEX64, 8, 1, 0x7FFFFFFFu) X(c128, TL_COMPLEX128, 16, 1, 0x7FFFFFFFFFFFFFFFull)
#define TL__NBOOL(TAG, FT, S, C, MASK)                                                    \
  static inline uint64_t b_##TAG##_bool(const char *sp, char *dp, int sat) {              \
    (void)sat;                                                                            \
    return tl__bool_blk(sp, dp, S, C, MASK);                                              \
  }                                                                                       \
  TL__NK8(nk_##TAG##_bool, FT, TL_BOOL, S, 1, 0, b_##TAG##_bool)
TL__NBOOL_SRCS(TL__NBOOL)

/* complex -> its real part (the even parts by UZP1; byte-typed loads and
   stores throughout: the buffers need not be aligned to the items) */
static inline uint64_t b_c32_f16(const char *sp, char *dp, int sat) {
  (void)sat;
  const uint16x8_t h = vuzp1q_u16(LD16(sp, 0), LD16(sp, 16));
  STU8(dp, 0, vreinterpretq_u8_u16(h));
  /* a NaN part is redone: ml_dtypes makes it canonical (tl__nan_out) */
  const uint16x8_t nan = vcgtq_u16(vandq_u16(h, vdupq_n_u16(0x7FFF)), vdupq_n_u16(0x7C00));
  return vget_lane_u64(vreinterpret_u64_u8(vmovn_u16(nan)), 0);
}
static inline uint64_t b_c64_f32(const char *sp, char *dp, int sat) {
  (void)sat;
  STU8(dp, 0, vreinterpretq_u8_u32(vuzp1q_u32(LD32(sp, 0), LD32(sp, 16))));
  STU8(dp, 16, vreinterpretq_u8_u32(vuzp1q_u32(LD32(sp, 32), LD32(sp, 48))));
  return 0;
}
static inline uint64_t b_c128_f64(const char *sp, char *dp, int sat) {
  (void)sat;
  for (int k = 0; k < 4; k++)
    STU8(dp, 16 * k, vreinterpretq_u8_u64(vuzp1q_u64(vreinterpretq_u64_u8(LDU8(sp, 32 * k)), vreinterpretq_u64_u8(LDU8(sp, 32 * k + 16)))));
  return 0;
}
/* a real value -> its complex type (imaginary +0); float16's NaN lanes
   redone (the scalar engine quiets them into complex32, keeps float32's and
   float64's payloads) */
static inline uint64_t b_f16_c32(const char *sp, char *dp, int sat) {
  (void)sat;
  const uint16x8_t h = LD16(sp, 0);
  STU8(dp, 0, vreinterpretq_u8_u16(vzip1q_u16(h, vdupq_n_u16(0))));
  STU8(dp, 16, vreinterpretq_u8_u16(vzip2q_u16(h, vdupq_n_u16(0))));
  return tl__m16(vcgtq_u16(vandq_u16(h, vdupq_n_u16(0x7FFF)), vdupq_n_u16(0x7C00)));
}
static inline uint64_t b_f32_c64(const char *sp, char *dp, int sat) {
  (void)sat;
  for (int k = 0; k < 2; k++) {
    const uint32x4_t v = LD32(sp, 16 * k);
    STU8(dp, 32 * k, vreinterpretq_u8_u32(vzip1q_u32(v, vdupq_n_u32(0))));
    STU8(dp, 32 * k + 16, vreinterpretq_u8_u32(vzip2q_u32(v, vdupq_n_u32(0))));
  }
  return 0; /* NaN payloads kept, as the scalar engine's float32 -> complex64 */
}
static inline uint64_t b_f64_c128(const char *sp, char *dp, int sat) {
  (void)sat;
  for (int k = 0; k < 4; k++) {
    const uint64x2_t v = vreinterpretq_u64_u8(LDU8(sp, 16 * k));
    STU8(dp, 32 * k, vreinterpretq_u8_u64(vzip1q_u64(v, vdupq_n_u64(0))));
    STU8(dp, 32 * k + 16, vreinterpretq_u8_u64(vzip2q_u64(v, vdupq_n_u64(0))));
  }
  return 0; /* NaN payloads kept */
}
/* X(NAME, FROM, TO, S, D): complex <-> its component type */
#define TL__NRC_PAIRS(X)                                                                              \
  X(c32_f16, TL_COMPLEX32, TL_FLOAT16, 4, 2) X(c64_f32, TL_COMPLEX64, TL_FLOAT32, 8, 4)                \
  X(c128_f64, TL_COMPLEX128, TL_FLOAT64, 16, 8) X(f16_c32, TL_FLOAT16, TL_COMPLEX32, 2, 4)             \
  X(f32_c64, TL_FLOAT32, TL_COMPLEX64, 4, 8) X(f64_c128, TL_FLOAT64, TL_COMPLEX128, 8, 16)
#define TL__NRC(NAME, FROM, TO, S, D) TL__NK8(nk_##NAME, FROM, TO, S, D, 0, b_##NAME)
TL__NRC_PAIRS(TL__NRC)
/* complex of another width: the real blocks on the parts, 8 parts (4
   elements) a call; an element with a part to redo (NaN, or with sat an
   overflow to inf) is redone whole as complex, whose NaN rule (quieted,
   canonical) is not the real pair's (float16 keeps a payload) */
static inline uint64_t tl__cx_mask(uint64_t m) { /* 8 part bytes -> 4 element bytes */
  uint64_t r = 0;
  for (int j = 0; j < 4; j++)
    if ((m >> (16 * j)) & 0xFFFFu) r |= (uint64_t)0xFF << (8 * j);
  return r;
}
#define TL__NCX(NAME, FROM, TO, S, D, BREAL)                                                    \
  static inline uint64_t b_##NAME(const char *sp, char *dp, int sat) {                          \
    const uint64_t m0 = BREAL(sp, dp, sat), m1 = BREAL(sp + 4 * (S), dp + 4 * (D), sat);         \
    return (m0 || m1) ? tl__cx_mask(m0) | tl__cx_mask(m1) << 32 : 0;                             \
  }                                                                                             \
  TL__NK8_BOTH(nk_##NAME, FROM, TO, S, D, b_##NAME)
/* X(NAME, FROM, TO, S, D, the real pair's block) */
#define TL__NCX_PAIRS(X)                                                                              \
  X(c32_c64, TL_COMPLEX32, TL_COMPLEX64, 4, 8, b_f16_f32) X(c32_c128, TL_COMPLEX32, TL_COMPLEX128, 4, 16, b_f16_f64) \
  X(c64_c128, TL_COMPLEX64, TL_COMPLEX128, 8, 16, b_f32_f64) X(c64_c32, TL_COMPLEX64, TL_COMPLEX32, 8, 4, b_f32_f16) \
  X(c128_c64, TL_COMPLEX128, TL_COMPLEX64, 16, 8, b_f64_f32) X(c128_c32, TL_COMPLEX128, TL_COMPLEX32, 16, 4, b_f64_f16)
TL__NCX_PAIRS(TL__NCX)

/* ---- 1-byte sources: table lookups ------------------------------------------ */

/* One byte plane of a 256-entry table, as four 64-byte TBL tables. */
static inline uint8x16_t tl__tbl256(const uint8x16x4_t t[4], uint8x16_t idx) {
  const uint8x16_t k64 = vdupq_n_u8(64);
  uint8x16_t r = vqtbl4q_u8(t[0], idx);
  idx = vsubq_u8(idx, k64); /* indices outside 0..63 leave r unchanged */
  r = vqtbx4q_u8(r, t[1], idx);
  idx = vsubq_u8(idx, k64);
  r = vqtbx4q_u8(r, t[2], idx);
  idx = vsubq_u8(idx, k64);
  return vqtbx4q_u8(r, t[3], idx);
}

int tl__neon_lut8(tl_dtype from, tl_dtype to, int sat, const void *src, void *dst, size_t n) {
  const size_t D = (size_t)tl__info(to)->itemsize;
  if (tl__info(from)->itemsize != 1 || (D != 1 && D != 2 && D != 4)) return 0;
  const unsigned char *t = tl__table8(from, to, sat);
  if (!t) return 0;
  uint8_t plane[4][256];
  for (size_t k = 0; k < D; k++)
    for (size_t v = 0; v < 256; v++) plane[k][v] = t[v * D + k];
  uint8x16x4_t tb[4][4];
  for (size_t k = 0; k < D; k++)
    for (int q = 0; q < 4; q++) tb[k][q] = vld1q_u8_x4(plane[k] + 64 * q);
  const uint8_t *s = src;
  uint8_t *d = dst;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    uint8x16_t idx = vld1q_u8(s + i);
    if (D == 1) {
      vst1q_u8(d + i, tl__tbl256(tb[0], idx));
    } else if (D == 2) {
      uint8x16x2_t r = {{tl__tbl256(tb[0], idx), tl__tbl256(tb[1], idx)}};
      vst2q_u8(d + 2 * i, r); /* interleaves the planes: little-endian items */
    } else {
      uint8x16x4_t r = {{tl__tbl256(tb[0], idx), tl__tbl256(tb[1], idx), tl__tbl256(tb[2], idx),
                         tl__tbl256(tb[3], idx)}};
      vst4q_u8(d + 4 * i, r);
    }
  }
  for (; i < n; i++) memcpy(d + i * D, t + (size_t)s[i] * D, D);
  return 1;
}

/* ---- dispatch ------------------------------------------------------------- */

tl__contig_fn tl__neon_kernel(tl_dtype from, tl_dtype to, int sat) {
#define P(F, T) (((int)(F) << 8) | (int)(T))
  switch (P(from, to)) {
  case P(TL_FLOAT32, TL_FLOAT16): return sat ? nk_f32_f16_s : nk_f32_f16;
  case P(TL_FLOAT32, TL_BFLOAT16): return sat ? nk_f32_bf16_s : nk_f32_bf16;
  case P(TL_FLOAT16, TL_FLOAT32): return nk_f16_f32;
  case P(TL_FLOAT16, TL_FLOAT64): return nk_f16_f64;
  case P(TL_BFLOAT16, TL_FLOAT32): return nk_bf16_f32;
  case P(TL_FLOAT32, TL_FLOAT64): return nk_f32_f64;
  case P(TL_FLOAT64, TL_FLOAT32): return sat ? nk_f64_f32_s : nk_f64_f32;
  case P(TL_FLOAT64, TL_FLOAT16): return sat ? nk_f64_f16_s : nk_f64_f16;
  case P(TL_FLOAT64, TL_BFLOAT16): return sat ? nk_f64_bf16_s : nk_f64_bf16;
#define TL__NF2I_CASE(NAME, FROM, TO, S, D, BITS, SG) case P(FROM, TO): return nk_##NAME;
    TL__F2I_DSTS(TL__NF2I_CASE, f32, TL_FLOAT32, 4)
    TL__F2I_DSTS(TL__NF2I_CASE, f64, TL_FLOAT64, 8)
#define TL__NIC_CASE_TO(FT, FD, FC, TT, TD, TC) case P(FD, TD): return FD == TD ? NULL : ni_##FT##_##TT;
#define TL__NIC_CASE_FROM(U1, U2, U3, FT, FD, FC) TL__NINTS_IN(TL__NIC_CASE_TO, FT, FD, FC)     \
  case P(FD, TL_FLOAT64): return ni_##FT##_f64;
    TL__NINTS(TL__NIC_CASE_FROM, _, _, _)
  case P(TL_INT8, TL_FLOAT32): return ni_i8_f32;
  case P(TL_INT16, TL_FLOAT32): return ni_i16_f32;
  case P(TL_INT32, TL_FLOAT32): return ni_i32_f32;
  case P(TL_UINT8, TL_FLOAT32): return ni_u8_f32;
  case P(TL_UINT16, TL_FLOAT32): return ni_u16_f32;
  case P(TL_UINT32, TL_FLOAT32): return ni_u32_f32;
#define TL__N8CASE(PFX, TAG, FROM, TO, TTAG) case P(FROM, TO): return sat ? PFX##_##TAG##_##TTAG##_s : PFX##_##TAG##_##TTAG;
    TL__N8FORMATS(TL__N8CASE, n8, f32, TL_FLOAT32)
    TL__N8FORMATS(TL__N8CASE, n8, f64, TL_FLOAT64)
#define TL__Q2F_CASE(TAG, FT, SG)                                                              \
  case P(FT, TL_FLOAT32): return nk_##TAG##_f32;                                               \
  case P(FT, TL_FLOAT16): return sat ? nk_##TAG##_f16_s : nk_##TAG##_f16;                      \
  case P(FT, TL_BFLOAT16): return sat ? nk_##TAG##_bf16_s : nk_##TAG##_bf16;                   \
  case P(FT, TL_FLOAT8_E8M0FNU): return sat ? nk_##TAG##_e8m0_s : nk_##TAG##_e8m0;
    TL__Q2F_SRCS(TL__Q2F_CASE)
#define TL__NBOOL_CASE(TAG, FT, S, C, MASK) case P(FT, TL_BOOL): return nk_##TAG##_bool;
    TL__NBOOL_SRCS(TL__NBOOL_CASE)
#define TL__NRC_CASE(NAME, FROM, TO, S, D) case P(FROM, TO): return nk_##NAME;
    TL__NRC_PAIRS(TL__NRC_CASE)
#define TL__NCX_CASE(NAME, FROM, TO, S, D, BREAL) case P(FROM, TO): return sat ? nk_##NAME##_s : nk_##NAME;
    TL__NCX_PAIRS(TL__NCX_CASE)
  default: return NULL;
  }
#undef P
}

#endif /* __aarch64__ */
