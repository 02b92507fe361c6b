/* convert_internal.h — shared declarations of the conversion kernels
 * (convert.c, convert_scalar.c, convert_avx2.c, convert_avx512.c). Not public API.
 *
 * Design (docs/conversions.md has the long version):
 *   - Every float format of <= 32 bits converts exactly into float32; float32
 *     is the hub for narrow formats. float64 and int64 sources are first
 *     narrowed to float32 with round-to-odd (which keeps enough information for
 *     one correct round-to-nearest-even afterwards), so there is exactly ONE
 *     rounding from any source to any narrow format.
 *   - The generic scalar engine works in chunks: decode the source into a wide
 *     intermediate (int64 / uint64 / float64 bits / complex), then encode into
 *     the destination. Fast paths (tables, SIMD) must be bit-identical to it.
 */
#ifndef TL_CONVERT_INTERNAL_H
#define TL_CONVERT_INTERNAL_H

#include "internal.h"

#include <stdint.h>
#include <string.h>

/* Families of narrow float formats: how inf, NaN and overflow are encoded. */
enum {
  TL__FAM_IEEE = 0, /* inf + NaN with exponent all ones (f16, bf16, e5m2, e4m3, e3m4) */
  TL__FAM_FN,       /* no inf; only S.1111.111 is NaN (e4m3fn) */
  TL__FAM_FNUZ,     /* no inf, no -0; 0x80 is the only NaN */
  TL__FAM_E8M0,     /* unsigned powers of two; 0xFF NaN; no zero */
  TL__FAM_MX        /* no inf, no NaN (float6/float4): overflow saturates */
};

/* Parameters of a narrow float format (float4 .. float16, bfloat16). */
typedef struct tl__ffmt {
  int E, M, bias, fam;
  int sign_bit;      /* bit index of the sign (-1: none) */
  uint32_t maxmag;   /* largest finite magnitude encoding (without sign) */
  uint32_t ovf[2];   /* encoding of overflow / inf for sign 0, 1 */
  uint32_t nan[2];   /* canonical NaN for sign 0, 1 (MX: the ml_dtypes artifact) */
} tl__ffmt;

#define TL__F_IEEE(E, M, B)                                                                  \
  {E, M, B, TL__FAM_IEEE, (E) + (M), (((1u << (E)) - 1u) << (M)) - 1u,                  \
   {((1u << (E)) - 1u) << (M), (1u << ((E) + (M))) | (((1u << (E)) - 1u) << (M))},      \
   {(((1u << (E)) - 1u) << (M)) | (1u << ((M)-1)),                                        \
    (1u << ((E) + (M))) | (((1u << (E)) - 1u) << (M)) | (1u << ((M)-1))}}
#define TL__F_MX(E, M, B)                                                                    \
  {E, M, B, TL__FAM_MX, (E) + (M), (1u << ((E) + (M))) - 1u,                             \
   {(1u << ((E) + (M))) - 1u, (1u << ((E) + (M))) | ((1u << ((E) + (M))) - 1u)},         \
   {1u << ((E) + (M)), 0u}}

/* The formats, indexed by dtype - TL_FLOAT4_E2M1FN: static so that a SIMD
   kernel compiled for one target reads its parameters as constants. */
__attribute__((unused)) static const tl__ffmt tl__fmts[] = {
    /* TL_FLOAT4_E2M1FN */ TL__F_MX(2, 1, 1),
    /* TL_FLOAT6_E2M3FN */ TL__F_MX(2, 3, 1),
    /* TL_FLOAT6_E3M2FN */ TL__F_MX(3, 2, 3),
    /* TL_FLOAT8_E3M4 */ TL__F_IEEE(3, 4, 3),
    /* TL_FLOAT8_E4M3 */ TL__F_IEEE(4, 3, 7),
    /* TL_FLOAT8_E4M3FN */ {4, 3, 7, TL__FAM_FN, 7, 0x7E, {0x7F, 0xFF}, {0x7F, 0xFF}},
    /* TL_FLOAT8_E4M3FNUZ */ {4, 3, 8, TL__FAM_FNUZ, 7, 0x7F, {0x80, 0x80}, {0x80, 0x80}},
    /* TL_FLOAT8_E4M3B11FNUZ */ {4, 3, 11, TL__FAM_FNUZ, 7, 0x7F, {0x80, 0x80}, {0x80, 0x80}},
    /* TL_FLOAT8_E5M2 */ TL__F_IEEE(5, 2, 15),
    /* TL_FLOAT8_E5M2FNUZ */ {5, 2, 16, TL__FAM_FNUZ, 7, 0x7F, {0x80, 0x80}, {0x80, 0x80}},
    /* TL_FLOAT8_E8M0FNU */ {8, 0, 127, TL__FAM_E8M0, -1, 0xFE, {0xFF, 0xFF}, {0xFF, 0xFF}},
    /* TL_BFLOAT16 */ TL__F_IEEE(8, 7, 127),
    /* TL_FLOAT16 */ TL__F_IEEE(5, 10, 15),
};

/* The format of a narrow float dtype (NULL for others). */
const tl__ffmt *tl__ffmt_of(tl_dtype d);

/* Is the format's NaN its overflow code of either sign (float8_e4m3fn, the
   fnuz formats, float8_e8m0fnu)? Then an encoder whose NaN and inf lanes end
   at the overflow code (the unsigned byte pack, the min with it, the sign
   ORed in) needs no NaN test when it does not saturate (k_n8, k_h8). */
static inline int tl__ffmt_nan_is_ovf(const tl__ffmt *F) { return F->nan[0] == F->ovf[0] && F->nan[1] == F->ovf[1]; }
/* Does k_h8 have blocks without float32 lanes into the format (its smallest
   normal at most 2^-2: every float8 format and float6_e3m2fn)? */
static inline int tl__ffmt_h8_fast(const tl__ffmt *F) { return 1 - F->bias <= -2; }

static inline uint32_t tl__f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float tl__u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint64_t tl__d2u(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
static inline double tl__u2d(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }

/* float32 bits (not NaN) -> narrow format, one RNE rounding (e8m0: ties up),
 * overflow per family, or +-max with `sat`. */
uint32_t tl__enc_f32(const tl__ffmt *F, uint32_t u, int sat);
/* narrow encoding -> float32 bits, exact. NaN: f16 keeps payload (<<13),
 * bf16 keeps payload (<<16), others give the canonical quiet NaN with sign. */
uint32_t tl__dec_f32(const tl__ffmt *F, uint32_t enc);
/* float64 bits (not NaN) -> float32 bits rounded to odd (exact when
 * representable; sticky lsb otherwise; beyond FLT_MAX -> 0x7F7FFFFF; inf kept). */
uint32_t tl__f64_to_f32_rto(uint64_t b);
/* |integer| -> float32 bits rounded to odd. */
uint32_t tl__u64_to_f32_rto(uint64_t m);

/* The NaN produced in `to` (a float or complex dtype; one component) for a
 * NaN in `from`, given as float64 bits with the source payload left-aligned
 * (see convert_scalar.c for the rules). Result: the destination encoding. */
uint64_t tl__nan_out(tl_dtype from, tl_dtype to, uint64_t dbits);

/* The scalar engine: convert n elements (any strides, any pair). */
void tl__convert_generic(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, char *dst,
                         ptrdiff_t ds, size_t n, unsigned flags);
/* The scalar tier entry: table lookups and specialised loops, else generic. */
void tl__convert_scalar(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, char *dst,
                        ptrdiff_t ds, size_t n, unsigned flags);
/* Checked validation: index of the first element whose value does not survive
 * the conversion, or n when all do. */
size_t tl__convert_validate(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, size_t n,
                            unsigned flags);

/* The lazily built 256-entry table of an 8-bit source (NULL if allocation failed). */
const unsigned char *tl__table8(tl_dtype from, tl_dtype to, int sat);
/* AVX2 (caller checked the tier): is any element of a float16/bfloat16/
 * float32/float64/complex buffer of n elements a NaN? 1 for other dtypes. */
int tl__avx2_has_nan(tl_dtype d, const void *buf, size_t n);
/* AVX2 (caller checked the tier): memcpy(d, s, bytes), with streaming stores
 * past the last-level cache (the same-dtype route and same-bits kernels). */
void tl__avx2_copy(void *d, const void *s, size_t bytes);
/* AVX2: dst[i] = table32[src[i]] with gathers (n any). */
void tl__avx2_lut8_32(const uint32_t *table, const uint8_t *src, uint32_t *dst, size_t n);
/* AVX2 (caller checked the tier): dst[i] = table8(from, to, sat)[src[i]] for a
 * 1-byte source and any destination, by vpshufb lookups over byte planes (n
 * any). Returns 0 (nothing written) when `from` is not 1 byte or a table
 * could not be allocated. */
int tl__avx2_lut8(tl_dtype from, tl_dtype to, int sat, const void *src, void *dst, size_t n);
/* Does tl__avx2_lut8 run the pair (1-byte source, table built, not slower than scalar)? */
int tl__avx2_lut8_ok(tl_dtype from, tl_dtype to, int sat);
/* The index bits (4..7) of the folded lookup tl__avx2_lut8 runs a full 8-bit
   table with 1-byte entries by (float8/int8/e8m0 sources), 0 if none (tests). */
int tl__avx2_fold_bits(tl_dtype from, tl_dtype to, int sat);
int tl__avx2_bl_has(tl_dtype from, tl_dtype to, int sat); /* int8/uint8 -> float8/6/4 by binades: the form, 1 six rows, 2 int8's adjusted six rows, 3 eight rows; 0 none */
int tl__avx2_bn_has(tl_dtype from, tl_dtype to, int sat); /* int8/uint8 -> float8 by normalized binades (tl__bn) */
int tl__avx2_cl_has(tl_dtype from, tl_dtype to, int sat); /* integers -> early-saturating float8/6/4 by a clamp */
int tl__avx2_rg_range(tl_dtype from, tl_dtype to, int sat); /* float8 -> 1-byte types by a range clamp: its range, or 0 */
int tl__avx2_rg_sign(tl_dtype from, tl_dtype to, int sat);  /* its sign rule + 1 (1 tables, 2 XOR, 3 one code, 4 negated), or 0 */
int tl__avx2_rg_zero(tl_dtype from, tl_dtype to, int sat);  /* 1, 2: its constant results 0 (cleared, not blended), or 0 */
/* Turn the folded lookups off (1) or on (0); returns the previous setting (tests, benchmarks). */
int tl__avx2_fold_disable(int off);
/* The AVX-512 tier on Zen 4: runs of the listed pairs of at least `bytes`
   (source and output; or an output of bytes / 2) by the AVX2 kernels (0:
   never); returns the previous bound (tests, benchmarks). */
size_t tl__amd512_defer_set(size_t bytes);
/* For the tests: how many runs the AVX-512 tier gave to the AVX2 kernels so;
   whether this CPU does it (Zen 4: AMD family 19h with AVX-512). */
unsigned long tl__amd512_runs(void);
int tl__amd512_by_cpu(void);
/* For the tests: how the current tier runs n elements of pair (from, to)
   (tl__amd512_defer): 1 by the AVX2 kernel past the bound, 2 by it below
   the bound (not counted), 0 by its own. */
int tl__amd512_defers(tl_dtype from, tl_dtype to, size_t n);
/* The affine rules (float8 -> 1-byte floats by arithmetic on the code): off
   or on again (returns the previous setting); a pair's rule's shift + 16, 0
   if it has none. */
int tl__avx2_aff_disable(int off);
int tl__avx2_aff_shift(tl_dtype from, tl_dtype to, int sat);
int tl__avx2_aff_kind(tl_dtype from, tl_dtype to, int sat); /* its form + 1, + 16 with VPAVGB; 0 none */
int tl__avx2_aff_sl(tl_dtype from, tl_dtype to, int sat);   /* 1: its blend-free form runs (tl__cpu_blend_slow) */
int tl__avx2_ns_disable(int off);                            /* the row-sum rules off (1) or on; returns the previous */
int tl__avx2_ns_cost(tl_dtype from, tl_dtype to, int sat);   /* the pair's row-sum rule's operations; 0 none */
int tl__avx2_ns_corrections(tl_dtype from, tl_dtype to, int sat); /* its corrections; -1 none */
int tl__avx2_ns_sgh(tl_dtype from, tl_dtype to, int sat);         /* 1: its sign looked up with the rows; 0 not; -1 no rule */
int tl__avx2_ns_rows(tl_dtype from, tl_dtype to, int sat);        /* its rows: the magnitude >> 4 or >> 3 indexes H; -1 no rule */
int tl__avx2_ns_patch(tl_dtype from, tl_dtype to, int sat);       /* its patch: 0 none, 1 a code, 2 a magnitude; -1 no rule */
int tl__avx2_cs_rule(tl_dtype from, tl_dtype to, int sat);        /* its code-shift rule: S + 8 K + 256 tail mode; -1 none */
int tl__avx2_cs_disable(int off);                                 /* the code shifts off (1) or on; returns the previous */
int tl__avx2_mw_cost(tl_dtype from, tl_dtype to, int sat);        /* its max-window rule's operations; 0 none
                                                                     (off with the floored rules) */
int tl__avx2_ls_rule(tl_dtype from, tl_dtype to, int sat);        /* its left-shift rule: S + 8 VCAP + 16 tail; -1 none
                                                                     (off with the code shifts) */
/* The route a 1-byte source's pair takes now (tests): 0 none, 1 the int8/uint8
   clamp, 2 a byte rule, 3 a binade formula, 4 a range clamp, 5 an affine rule,
   6 a fold, 7 the lookup, 8 a row-sum rule, 9 a high-nibble lookup, 10 the normalized binades,
   11 a code shift, 12 a floored affine rule, 13 a left shift, 14 a max window.
   Kept once found, but found anew
   while the folds, the affine rules, the row sums, the code shifts or the floored rules are off. */
int tl__avx2_lut8_route(tl_dtype from, tl_dtype to, int sat);
int tl__avx2_afl_floor(tl_dtype from, tl_dtype to, int sat); /* the floored rule's floor (0: the route is not one) */
int tl__avx2_afl_disable(int off); /* tests: floored rules off (1) or on (0); returns the previous setting */
/* float8/6/4 -> int64/uint64 through a narrower core (tl__f8core_run): the core's bytes, 0 none */
int tl__avx2_f8core(tl_dtype from, tl_dtype to);
/* The lookup's widened core (tests): 1 zero-extended, 2 sign-extended, 3 in
   the top bytes, 4 at byte 1, plus 4 x the core's width in bytes; 0 none. */
int tl__avx2_lut_wide(tl_dtype from, tl_dtype to, int sat);
/* The lookup's window of codes (tests): 1 + its first code + 256 x its cap; 0 none. */
int tl__avx2_lut_window(tl_dtype from, tl_dtype to, int sat);
/* The output bit the lookup moves the code's sign to (tests), plus 1; 0 none. */
int tl__avx2_lut_sign(tl_dtype from, tl_dtype to, int sat);
/* The negative half of float6 codes by code bit 5 (tests): 1 + its mode (0 a constant, 1 negated); 0 none. */
int tl__avx2_lut_half(tl_dtype from, tl_dtype to, int sat);
/* For the tests: 1 if the AVX-512 tier runs the pair by the AVX2 tier's kernel (tl__avx512_defers), 0 if not, -1 without both tiers. */
int tl__avx512_runs_avx2(tl_dtype from, tl_dtype to, int sat);
/* For the tests: does pair (from, to) run by a float8/float6 decoder (it exists and passed its check)? */
int tl__avx2_f8dec_ok(tl_dtype from, tl_dtype to, int sat);
/* For the tests: pair's float16/bfloat16/complex32 -> int2/uint2/int4 window rule (AVX2), 1 + sh +
   16 cap, or 0 if it has none. */
int tl__avx2_hw_rule(tl_dtype from, tl_dtype to, int sat);
/* float16/bfloat16/complex32 -> float4_e2m1fn by a window with the sticky bit: 1 + sh + 16 (window - 1), 0 none */
int tl__avx2_hq_rule(tl_dtype from, tl_dtype to, int sat);
/* A 1-byte integer pair's byte rule (1 | A << 8 | B << 16 | c << 24: r =
   (((x & A) ^ B) - B) & (2^c - 1)), 0 if it has none (tests). */
int tl__avx2_bint_rule(tl_dtype from, tl_dtype to, int sat);

/* AVX-512 VBMI (caller checked CPUID): dst[i] = table8(from, to, sat)[src[i]]
 * for a 1-byte source and a 1/2/4/8-byte destination, by in-register lookups.
 * Returns 0 (nothing written) when the pair is not handled or a table is missing. */
int tl__avx512vbmi_lut8(tl_dtype from, tl_dtype to, int sat, const void *src, void *dst, size_t n);

/* A contiguous SIMD kernel: n elements from src to dst (no overlap). */
typedef void (*tl__contig_fn)(const void *src, void *dst, size_t n);

/* SIMD tiers: the contiguous kernel for a pair (NULL when the tier has none).
 * `sat` is nonzero for TL_CONVERT_SATURATE. */
tl__contig_fn tl__avx2_kernel(tl_dtype from, tl_dtype to, int sat);
tl__contig_fn tl__avx512_kernel(tl_dtype from, tl_dtype to, int sat);

/* The destinations of the float32/float64 -> integer SIMD kernels, for an
 * X-macro X(NAME, FROM, TO, S, D, BITS, SIGNED): S/D the source/destination
 * item sizes, BITS the destination's width (its saturation range). */
#define TL__F2I_DSTS(X, TAG, FT, S)                                                      \
  X(TAG##_i2, FT, TL_INT2, S, 1, 2, 1) X(TAG##_i4, FT, TL_INT4, S, 1, 4, 1)                \
  X(TAG##_i8, FT, TL_INT8, S, 1, 8, 1) X(TAG##_i16, FT, TL_INT16, S, 2, 16, 1)             \
  X(TAG##_i32, FT, TL_INT32, S, 4, 32, 1) X(TAG##_i64, FT, TL_INT64, S, 8, 64, 1)          \
  X(TAG##_u2, FT, TL_UINT2, S, 1, 2, 0) X(TAG##_u4, FT, TL_UINT4, S, 1, 4, 0)              \
  X(TAG##_u8, FT, TL_UINT8, S, 1, 8, 0) X(TAG##_u16, FT, TL_UINT16, S, 2, 16, 0)           \
  X(TAG##_u32, FT, TL_UINT32, S, 4, 32, 0) X(TAG##_u64, FT, TL_UINT64, S, 8, 64, 0)
/* The other sub-byte destinations (one per byte, low bits, as int2/int4), in
 * the same form. Only the AVX2 tier has kernels for them (the AVX-512 tier
 * falls back to those). */
#define TL__F2I_SUB_DSTS(X, TAG, FT, S)                                                  \
  X(TAG##_i1, FT, TL_INT1, S, 1, 1, 1) X(TAG##_i3, FT, TL_INT3, S, 1, 3, 1)                \
  X(TAG##_i5, FT, TL_INT5, S, 1, 5, 1) X(TAG##_i6, FT, TL_INT6, S, 1, 6, 1)                \
  X(TAG##_i7, FT, TL_INT7, S, 1, 7, 1) X(TAG##_u1, FT, TL_UINT1, S, 1, 1, 0)               \
  X(TAG##_u3, FT, TL_UINT3, S, 1, 3, 0) X(TAG##_u5, FT, TL_UINT5, S, 1, 5, 0)              \
  X(TAG##_u6, FT, TL_UINT6, S, 1, 6, 0) X(TAG##_u7, FT, TL_UINT7, S, 1, 7, 0)

/* The tier in force (0 scalar, 1 avx2, 2 avx512). */
int tl__tier_current(void);
/* Does the CPU have AVX512-VBMI (the byte-table kernels)? */
int tl__cpu_has_vbmi(void);
/* Does the CPU have AVX512-BF16 (float64 -> bfloat16 with VCVTNE2PS2BF16)? */
int tl__cpu_has_bf16(void);
/* Does `tier` have a contiguous fast path (kernel or table lookup) for the pair? */
int tl__contig_has(int tier, tl_dtype from, tl_dtype to, int sat);
/* Set while a run past the caches is converted in interleaved pieces
 * (convert.c): the AVX2 kernels write plain stores, not streaming ones. */
extern _Thread_local int tl__nt_off;
/* For the tests: the size (source + output bytes) from which contiguous runs
 * are converted in interleaved streams (0: by the CPU, 32 MiB where streams
 * pay, else never); returns the previous setting. */
size_t tl__streams_set_min(size_t bytes);
/* For the tests: 1 if this CPU converts runs past the caches in streams by
 * default (AMD family 17h, Intel), 0 if as one call. */
int tl__streams_by_cpu(void);
/* For the tests: whether the AVX-512 tier cuts such runs into streams too,
 * with the AVX2 tier's kernels (Intel); on < 0 only asks, else sets it;
 * returns the previous setting. */
int tl__streams512(int on);
/* For the tests: how many runs were converted in interleaved streams. */
unsigned long tl__streams_runs(void);
/* Run the current tier's contiguous fast path for the pair: 1 when it converted
 * the n elements, 0 (nothing written) when there is none (or n is too small). */
int tl__contig_run(tl_dtype from, const char *src, tl_dtype to, char *dst, size_t n, int sat);
/* A pair without a kernel, as a chain of kernels through intermediate dtypes
 * (convert_plan.c): 1 when done, 0 (nothing written) when there is no plan. */
int tl__run_plan(tl_dtype from, const char *src, tl_dtype to, char *dst, size_t n, unsigned flags);
/* The intermediates of the current tier's plan for a pair without a kernel of
 * its own: the number written to via[] (0-2), or -1 when there is no plan. */
int tl__plan_route(tl_dtype from, tl_dtype to, int sat, tl_dtype via[2]);

/* The float8/6/4 formats (e8m0 aside) and the tag in their kernels' names:
 * X(PFX, TAG, FROM, dtype, TTAG) for each, PFX/TAG/FROM passed through. The
 * tiers name a pair's kernels PFX_TAG_TTAG and PFX_TAG_TTAG_s (saturating). */
#define TL__NARROW_FORMATS(X, PFX, TAG, FROM)                                            \
  X(PFX, TAG, FROM, TL_FLOAT8_E4M3FN, e4m3fn) X(PFX, TAG, FROM, TL_FLOAT8_E5M2, e5m2)     \
  X(PFX, TAG, FROM, TL_FLOAT8_E4M3, e4m3) X(PFX, TAG, FROM, TL_FLOAT8_E3M4, e3m4)         \
  X(PFX, TAG, FROM, TL_FLOAT8_E4M3FNUZ, e4m3fnuz)                                        \
  X(PFX, TAG, FROM, TL_FLOAT8_E4M3B11FNUZ, b11)                                          \
  X(PFX, TAG, FROM, TL_FLOAT8_E5M2FNUZ, e5m2fnuz) X(PFX, TAG, FROM, TL_FLOAT6_E2M3FN, f6a) \
  X(PFX, TAG, FROM, TL_FLOAT6_E3M2FN, f6b) X(PFX, TAG, FROM, TL_FLOAT4_E2M1FN, f4)
/* A switch case returning such a pair's kernel (the switch defines P(from, to)
 * and `sat`). */
#define TL__KCASE(PFX, TAG, FROM, TO, TTAG)                                              \
  case P(FROM, TO): return sat ? PFX##_##TAG##_##TTAG##_s : PFX##_##TAG##_##TTAG;
/* The kernel pair PFX_TAG_TTAG[_s] as calls of RUN(FROM, TO, sat, src, dst, n),
 * where the including file #defines TL__KRUN as RUN. */
#define TL__KDEF(PFX, TAG, FROM, TO, TTAG)                                               \
  __attribute__((unused)) static void PFX##_##TAG##_##TTAG(const void *s, void *d, size_t n) { \
    TL__KRUN(FROM, TO, 0, s, d, n);                                                      \
  }                                                                                      \
  __attribute__((unused)) static void PFX##_##TAG##_##TTAG##_s(const void *s, void *d, size_t n) { \
    TL__KRUN(FROM, TO, 1, s, d, n);                                                      \
  }

/* The complex kernels both SIMD tiers define under these names: X(from, to,
 * kernel, kernel with saturate). Real part and build do not depend on
 * saturate; the narrowing complex pairs have no saturating kernel (NULL). */
#define TL__COMPLEX_KERNELS(X)                                                           \
  X(TL_COMPLEX64, TL_FLOAT32, re_c64, re_c64)                                            \
  X(TL_COMPLEX128, TL_FLOAT64, re_c128, re_c128)                                         \
  X(TL_COMPLEX32, TL_FLOAT16, re_c32, re_c32)                                            \
  X(TL_FLOAT32, TL_COMPLEX64, mk_c64, mk_c64)                                            \
  X(TL_FLOAT64, TL_COMPLEX128, mk_c128, mk_c128)                                         \
  X(TL_FLOAT16, TL_COMPLEX32, mk_c32, mk_c32)                                            \
  X(TL_COMPLEX64, TL_COMPLEX128, k_c64_c128, k_c64_c128)                                 \
  X(TL_COMPLEX128, TL_COMPLEX64, k_c128_c64, NULL)                                       \
  X(TL_COMPLEX32, TL_COMPLEX64, k_c32_c64, k_c32_c64)                                    \
  X(TL_COMPLEX32, TL_COMPLEX128, k_c32_c128, k_c32_c128)                                 \
  X(TL_COMPLEX64, TL_COMPLEX32, k_c64_c32, NULL)                                         \
  X(TL_COMPLEX128, TL_COMPLEX32, k_c128_c32, NULL)                                       \
  X(TL_COMPLEX32, TL_BOOL, b_c32, b_c32)                                                 \
  X(TL_COMPLEX64, TL_BOOL, b_c64, b_c64)                                                 \
  X(TL_COMPLEX128, TL_BOOL, b_c128, b_c128)

/* a dtype's item size, a constant where t is one (tl__info's is a load) */
static inline __attribute__((always_inline)) size_t tl__csz(tl_dtype t) {
  switch (t) {
  case TL_INT8: case TL_UINT8: return 1;
  case TL_INT16: case TL_UINT16: case TL_FLOAT16: case TL_BFLOAT16: return 2;
  case TL_INT32: case TL_UINT32: case TL_FLOAT32: case TL_COMPLEX32: case TL_BCOMPLEX32: return 4;
  case TL_INT64: case TL_UINT64: case TL_FLOAT64: case TL_COMPLEX64: return 8;
  case TL_COMPLEX128: return 16;
  default: return (size_t)tl__info(t)->itemsize;
  }
}

/* Software prefetch in runs past the caches (the SIMD tiers' streaming
 * loops). The hardware's stream prefetcher follows a stream within a 4 KiB
 * page and starts over at the next, so a kernel that reads much and computes
 * much waits on memory at every page; the lines TL__PF_AHEAD (4 KiB) bytes
 * ahead, asked for on each step, are there in time (Zen 2, AVX2, 64 MiB, x
 * memcpy: float32 -> float8_e4m3fn 0.82 -> 0.99-1.07, bfloat16 ->
 * float8_e4m3fn 0.77 -> 1.24, float16 -> float6_e2m3fn 0.73 -> 1.04; 2 KiB
 * ahead gained less, a page of lines asked for at once lost: 0.82 -> 0.71).
 * tl__pf: with pf (the distance, 0 for none) the lines of a step's source
 * span p .. p + span, pf bytes on. A prefetch is a hint (prefetcht0 on x86):
 * it never faults, and the address is formed as an integer (it may lie past
 * the source). A build with -DTL__PF_AHEAD=N tries another distance.
 * Into L1 (PREFETCHT0) on AMD's CPUs, where it was measured; into L2
 * (PREFETCHT1) on Intel's (tl__pf_l2, set from CPUID's vendor by the tier
 * selection; TYPELATTICE_PREFETCH=l1|l2 forces one): on an Intel Xeon
 * (AVX-512 FP16 class, KVM), source and destination out of every cache
 * (a 1 GiB read between calls), AVX2, 64 MiB, x memcpy, medians of 5 in
 * alternation: float64 -> float8_e4m3fn 0.71 -> 0.85, uint64 ->
 * float6_e3m2fn 0.74 -> 0.93 (into L2 8 KiB ahead the same; into L1 2 KiB
 * ahead 0.77 / 0.82, 8 KiB 0.71 / -). A pure read of the source ran at 14 GB/s
 * there, memcpy 14 (read + write). Not at the complex sources' 1 KiB
 * (tl__pf_for): into L2 there complex64 -> float8_e4m3fn ran 1.01-1.11 ->
 * 0.91-0.93, complex128 -> float4_e2m1fn 1.04-1.06 -> 0.93. On Zen 4 and
 * later PREFETCHT1 fills L2 only and was seen dropped at times (Wang et
 * al., 2024): not used there. */
/* The x86 kernels stream their stores (non-temporal, past the last-level
   cache) when the output is at least TL__NT_MIN bytes, or source and output
   together twice that; the AVX-512 tier's Zen 4 routes (convert.c,
   tl__amd512_defer) key on the same bound. */
#define TL__NT_MIN ((size_t)16 << 20)
/* The AVX2 float16/bfloat16 -> float6_e2m3fn/float4 encoder (k_h8) branches a
   block on its subnormal lanes up to this many bytes of source and output
   (past it, chunks); the AVX-512 tier's Zen 4 short-run route for those pairs
   (convert.c, tl__amd512_small) keys on the same bound. */
#define TL__H8_BRANCH_MAX ((size_t)512 << 10)
#ifndef TL__PF_AHEAD
#define TL__PF_AHEAD ((size_t)4096)
#endif
extern int tl__pf_l2;
extern int tl__cpu_blend_slow; /* convert.c: Intel cores, where VPBLENDVB is slow */
extern int tl__cpu_intel;      /* convert.c: the CPU is Intel's (kernel forms measured per vendor) */
extern int tl__cpu_amd19;      /* convert.c: AMD family 19h (Zen 3/4) */
extern int tl__pf_pieces;      /* convert.c: Intel: kernels keep their prefetch in stream pieces */
static inline __attribute__((always_inline)) void tl__pf(size_t pf, const void *p, size_t span) {
  if (!pf) return;
  if (tl__pf_l2 && pf >= TL__PF_AHEAD)
    for (size_t o = 0; o < span; o += 64) __builtin_prefetch((const void *)((uintptr_t)p + pf + o), 0, 2);
  else
    for (size_t o = 0; o < span; o += 64) __builtin_prefetch((const void *)((uintptr_t)p + pf + o), 0, 3);
}

/* The loop of a contiguous SIMD kernel NAME (used by the tier files, which
 * define tl__nt_head): STEP elements per body (`sp`/`dp` point at the block;
 * the body may use `nt`), unrolled by 4; when a body writes at least LINE
 * bytes, large outputs get a head that aligns the destination and then
 * streaming stores (nt = 1); the tail goes to the scalar engine.
 * TL__KLOOP_PF: the streaming loop also prefetches the source PF bytes ahead
 * (the AVX-512 tier); TL__KLOOP: no prefetch. */
#define TL__KLOOP_BODY(STEP, S, D, ...)                                                \
  for (; i + 4 * (size_t)(STEP) <= n; i += 4 * (size_t)(STEP))                         \
    for (size_t u = 0; u < 4; u++) {                                                   \
      const char *sp = s + (i + u * (STEP)) * (S);                                     \
      tl__pf(pf, sp, (size_t)(STEP) * (S));                                            \
      char *dp = d + (i + u * (STEP)) * (D);                                           \
      __VA_ARGS__;                                                                     \
    }                                                                                  \
  for (; i + (STEP) <= n; i += (STEP)) {                                               \
    const char *sp = s + i * (S);                                                      \
    char *dp = d + i * (D);                                                            \
    __VA_ARGS__;                                                                       \
  }
/* The loops (statements using nt and pf) twice, constants in each, chosen by
   NT (streaming stores or not): nt 1 and pf PF1, or nt 0 and pf 0 (pf: the
   prefetch distance for tl__pf; a constant 0 leaves no prefetch). Tested
   inside a loop, nt cost up to a third of the speed of the short loops, and
   a run-time pf the compiler's unswitching of the others. */
#define TL__NT_SPLIT(NT, PF1, ...)                                                     \
  do {                                                                                 \
    if (NT) {                                                                          \
      const int nt = 1;                                                                \
      const size_t pf = (PF1);                                                         \
      (void)nt, (void)pf;                                                              \
      __VA_ARGS__                                                                      \
    } else {                                                                           \
      const int nt = 0;                                                                \
      const size_t pf = 0;                                                             \
      (void)nt, (void)pf;                                                              \
      __VA_ARGS__                                                                      \
    }                                                                                  \
  } while (0)
/* TL__NT_SPLIT chosen by ntr, without prefetch, then an sfence where streaming */
#define TL__NT_BOTH(...) TL__NT_SPLIT(ntr, 0, __VA_ARGS__ if (nt) _mm_sfence();)
#define TL__KLOOP(NAME, FROM, TO, S, D, STEP, LINE, ...) TL__KLOOP_PF(NAME, FROM, TO, S, D, STEP, LINE, 0, __VA_ARGS__)
#define TL__KLOOP_PF(NAME, FROM, TO, S, D, STEP, LINE, PF, ...)                        \
  static void NAME(const void *sv, void *dv, size_t n) {                               \
    const char *s = sv;                                                                \
    char *d = dv;                                                                      \
    int ntr = 0;                                                                       \
    size_t i = 0;                                                                      \
    if ((STEP) * (D) >= (LINE)) i = tl__nt_head(FROM, TO, s, d, n, S, D, &ntr);        \
    TL__NT_SPLIT(ntr, PF, TL__KLOOP_BODY(STEP, S, D, __VA_ARGS__) if (nt) _mm_sfence();); \
    if (i < n)                                                                         \
      tl__convert_generic(FROM, s + i * (S), S, TO, d + i * (D), D, n - i, 0);         \
  }

/* Scalar helpers the SIMD tiers use for their tails and NaN lanes. */
uint16_t tl__f32_to_f16_bits(uint32_t u);   /* NumPy-exact float32 -> float16 */
uint16_t tl__f32_to_bf16_bits(uint32_t u);  /* ml_dtypes-exact float32 -> bfloat16 */
uint32_t tl__f16_to_f32_bits(uint16_t h);   /* exact, NaN payload kept */

/* One thread's conversion of n elements (convert.c): the SIMD kernel, plan
 * or scalar engine; the caller has checked the arguments and entered the
 * default floating-point environment. */
void tl__run(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, char *dst, ptrdiff_t ds, size_t n,
             unsigned flags);
/* For the tests: does tl_convert_contiguous take its fast path for (from, to, flags, n)? */
int tl__convert_fast(tl_dtype from, tl_dtype to, unsigned flags, size_t n);
/* Does tl__run_threaded run n elements of bytes_per bytes on the calling thread alone? */
int tl__threads_one(size_t n, size_t bytes_per);
/* The same split over the conversion thread pool when the settings ask for
 * it (convert_threads.c); identical results. */
void tl__run_threaded(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, char *dst, ptrdiff_t ds,
                      size_t n, unsigned flags);
/* Back to the defaults, then TYPELATTICE_THREADS / _THRESHOLD read again (for
 * tests: the library reads them once). */
void tl__threads_reload_env(void);
/* The NEON tier (convert_neon.c, AArch64; stubs elsewhere). tl__neon_detect:
 * 1 when the CPU has Advanced SIMD (HWCAP_ASIMD), noting BF16 (HWCAP2_BF16)
 * for the float32 -> bfloat16 kernels. tl__neon_kernel: the contiguous kernel
 * for a pair (NULL when none). tl__neon_lut8: dst[i] = table8(from, to, sat)[src[i]]
 * with TBL lookups for a 1-byte source and a 1/2/4-byte destination; 0
 * (nothing written) when the pair is not handled or the table is missing. */
int tl__neon_detect(void);
tl__contig_fn tl__neon_kernel(tl_dtype from, tl_dtype to, int sat);
int tl__neon_lut8(tl_dtype from, tl_dtype to, int sat, const void *src, void *dst, size_t n);

#endif /* TL_CONVERT_INTERNAL_H */
