/* convert_scalar.c — portable scalar conversion kernels: the format codecs,
 * the generic chunked engine (the reference every fast path must match),
 * lazily built lookup tables for 8-bit sources, and specialised loops for the
 * native C types. */
#include "convert_internal.h"

#include <float.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

/* ---- narrow float formats ------------------------------------------------ */


const tl__ffmt *tl__ffmt_of(tl_dtype d) {
  if (d >= TL_FLOAT4_E2M1FN && d <= TL_FLOAT16) return &tl__fmts[d - TL_FLOAT4_E2M1FN];
  return NULL;
}

static inline int tl__clz64(uint64_t x) { return __builtin_clzll(x); }

uint32_t tl__enc_f32(const tl__ffmt *F, uint32_t u, int sat) {
  uint32_t s = u >> 31, a = u & 0x7FFFFFFFu;
  if (a >= 0x7F800000u) return F->ovf[s]; /* inf (NaN is the caller's business) */
  if (F->fam == TL__FAM_E8M0 && (s || a == 0)) return sat ? 0x00 : 0xFF;
  uint32_t sgn = F->sign_bit >= 0 ? s << F->sign_bit : 0;
  if (a == 0) return F->fam == TL__FAM_FNUZ ? 0 : sgn;
  int e;
  uint32_t sig;
  if (a >= 0x00800000u) {
    e = (int)(a >> 23) - 127;
    sig = (a & 0x7FFFFFu) | 0x800000u;
  } else { /* float32 subnormal: normalise (matters for e8m0, whose emin is -127) */
    int top = 31 - __builtin_clz(a);
    e = -126 - (23 - top);
    sig = a << (23 - top);
  }
  /* value = sig * 2^(e-23); quantum of the target at this magnitude: 2^q */
  int emin = F->fam == TL__FAM_E8M0 ? -127 : 1 - F->bias;
  int q = (e > emin ? e : emin) - F->M;
  int shift = q - (e - 23);
  uint32_t k;
  if (shift <= 0) {
    k = sig; /* only when M >= 23: not a narrow format */
  } else if (shift >= 26) {
    k = 0;
  } else {
    uint32_t half = 1u << (shift - 1), rem = sig & ((1u << shift) - 1u);
    k = sig >> shift;
    if (rem > half || (rem == half && ((k & 1u) || F->fam == TL__FAM_E8M0))) k++;
  }
  if (k == 0) {
    if (F->fam == TL__FAM_E8M0) return 0x00; /* below 2^-127: the smallest value */
    return F->fam == TL__FAM_FNUZ ? 0 : sgn;
  }
  if (k == (2u << F->M)) {
    k >>= 1;
    q++;
  }
  uint32_t mag;
  if (k >= (1u << F->M))
    mag = ((uint32_t)(q + F->M + F->bias) << F->M) | (k - (1u << F->M));
  else
    mag = k;
  if (q + F->M + F->bias >= (1 << F->E) || mag > F->maxmag)
    return sat ? (sgn | F->maxmag) : F->ovf[s];
  return sgn | mag;
}

uint32_t tl__dec_f32(const tl__ffmt *F, uint32_t enc) {
  uint32_t nbits = F->sign_bit >= 0 ? (uint32_t)F->sign_bit + 1 : 8;
  enc &= (1u << nbits) - 1u;
  uint32_t s = F->sign_bit >= 0 ? (enc >> F->sign_bit) & 1u : 0;
  uint32_t mag = F->sign_bit >= 0 ? enc & ((1u << F->sign_bit) - 1u) : enc;
  uint32_t sg = s << 31;
  uint32_t field = mag >> F->M, mant = mag & ((1u << F->M) - 1u);
  switch (F->fam) {
  case TL__FAM_IEEE:
    if (field == (1u << F->E) - 1u) {
      if (mant == 0) return sg | 0x7F800000u;
      if (F->M == 10) return sg | 0x7F800000u | (mant << 13); /* float16: payload */
      if (F->M == 7 && F->E == 8) return sg | 0x7F800000u | (mant << 16); /* bfloat16 */
      return sg | 0x7FC00000u;
    }
    break;
  case TL__FAM_FN:
    if (mag == 0x7F) return sg | 0x7FC00000u;
    break;
  case TL__FAM_FNUZ:
    if (enc == 0x80) return 0xFFC00000u; /* ml_dtypes: the fnuz NaN reads as -NaN */
    break;
  case TL__FAM_E8M0:
    if (enc == 0xFF) return 0x7FC00000u;
    /* 2^(enc-127): 2^-127 is a float32 subnormal */
    return enc == 0 ? 0x00400000u : enc << 23;
  default:
    break;
  }
  if (field == 0) {
    if (mant == 0) return sg;
    /* subnormal: mant * 2^(1-bias-M); normalise */
    int top = 31 - __builtin_clz(mant);    /* index of the leading one */
    int exp = 1 - F->bias - F->M + top;    /* unbiased exponent of the value */
    uint32_t frac = (mant << (23 - top)) & 0x7FFFFFu;
    if (exp >= -126) return sg | ((uint32_t)(exp + 127) << 23) | frac;
    /* float32 subnormal (only bfloat16 gets here): mant * 2^(e0) with e0 >= -149 */
    return sg | (mant << (1 - F->bias - F->M + 149));
  }
  int exp = (int)field - F->bias;
  return sg | ((uint32_t)(exp + 127) << 23) | (mant << (23 - F->M));
}

uint32_t tl__f64_to_f32_rto(uint64_t b) {
  uint32_t sg = (uint32_t)(b >> 63) << 31;
  uint64_t a = b & 0x7FFFFFFFFFFFFFFFull;
  if (a >= 0x7FF0000000000000ull) return sg | 0x7F800000u;
  if (a == 0) return sg;
  int e = (int)(a >> 52) - 1023;
  uint64_t sig = (a & 0xFFFFFFFFFFFFFull) | 0x10000000000000ull;
  if (e == -1023) return sg | 1u; /* float64 subnormal: far below float32's range */
  if (e >= 128) return sg | 0x7F7FFFFFu;
  if (e >= -126) {
    uint32_t r = ((uint32_t)(e + 127) << 23) | (uint32_t)((sig >> 29) & 0x7FFFFFu);
    if (sig & ((1ull << 29) - 1)) r |= 1u;
    return sg | r;
  }
  int shift = 29 + (-126 - e);
  if (shift >= 64) return sg | 1u;
  uint32_t r = (uint32_t)(sig >> shift);
  if (sig & ((1ull << shift) - 1)) r |= 1u;
  return sg | r;
}

uint32_t tl__u64_to_f32_rto(uint64_t m) {
  if (m == 0) return 0;
  int top = 63 - tl__clz64(m);
  if (top <= 23) return tl__f2u((float)m); /* exact */
  int shift = top - 23;
  uint32_t r = ((uint32_t)(top + 127) << 23) | ((uint32_t)(m >> shift) & 0x7FFFFFu);
  if (m & ((1ull << shift) - 1)) r |= 1u;
  return r;
}

/* float32 bits -> float64 bits; NaN payload moved as is (no quieting). */
static inline uint64_t tl__f32b_to_f64b(uint32_t u) {
  if ((u & 0x7FFFFFFFu) > 0x7F800000u)
    return ((uint64_t)(u >> 31) << 63) | 0x7FF0000000000000ull | ((uint64_t)(u & 0x7FFFFFu) << 29);
  return tl__d2u((double)tl__u2f(u));
}

static inline int tl__is_nan64(uint64_t b) { return (b & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull; }

/* NaN rules (checked against NumPy 2.5 / ml_dtypes 0.6, docs/conversions.md):
 *  - bfloat16 and every 8/6/4-bit format: the format's canonical NaN (sign kept;
 *    fnuz 0x80; e8m0 0xFF; MX float6/4: the zero of the opposite sign).
 *  - float16: NumPy keeps the top 10 payload bits (never quiets; an all-zero
 *    result becomes 0x7C01); from bfloat16 (Eigen) the canonical 0x7E00.
 *  - float32 <-> float64 (and bfloat16 -> float64, which goes via float32): the
 *    hardware conversion: payload kept, quiet bit set. From float16/bfloat16 to
 *    float32, and float16 to float64: payload kept, not quieted.
 *  - complex32 (ml_dtypes' complex32: its parts go through float32): into
 *    float16 the canonical NaN, into float64/complex128 the quiet bit set, into
 *    float32/complex64 as float16 (measured, ml_dtypes 0.6.0). */
uint64_t tl__nan_out(tl_dtype from, tl_dtype to, uint64_t dbits) {
  uint64_t s = dbits >> 63;
  if (to == TL_COMPLEX64) to = TL_FLOAT32;
  if (to == TL_COMPLEX128) to = TL_FLOAT64;
  if (to == TL_BCOMPLEX32) to = TL_BFLOAT16; /* each part is a bfloat16 */
  const tl_dtype_info *fi = tl__info(from);
  tl_dtype fc = fi->component != TL_DTYPE_NONE ? fi->component : from;
  uint64_t pay = dbits & 0xFFFFFFFFFFFFFull;
  switch (to) {
  case TL_FLOAT64:
    if (fc == TL_FLOAT32 || fc == TL_BFLOAT16 || from == TL_COMPLEX32) pay |= 1ull << 51;
    return (s << 63) | 0x7FF0000000000000ull | pay;
  case TL_FLOAT32: {
    uint64_t p = pay >> 29;
    if (fc == TL_FLOAT64) p |= 1u << 22;
    if (p == 0) p = 1u << 22;
    return (s << 31) | 0x7F800000u | p;
  }
  case TL_FLOAT16:
  case TL_COMPLEX32: {
    /* bfloat16 -> float16 and everything -> complex32 go through Eigen::half in
       ml_dtypes: canonical NaN. */
    if (fc == TL_BFLOAT16 || to == TL_COMPLEX32 || from == TL_COMPLEX32) return (s << 15) | 0x7E00u;
    uint64_t p = pay >> 42;
    if (p == 0) p = 1;
    return (s << 15) | 0x7C00u | p;
  }
  default: {
    const tl__ffmt *F = tl__ffmt_of(to);
    return F ? F->nan[s] : 0;
  }
  }
}

uint16_t tl__f32_to_f16_bits(uint32_t u) {
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) {
    uint32_t p = (u & 0x7FFFFFu) >> 13;
    return (uint16_t)(((u >> 16) & 0x8000u) | 0x7C00u | (p ? p : 1u));
  }
  return (uint16_t)tl__enc_f32(&tl__fmts[TL_FLOAT16 - TL_FLOAT4_E2M1FN], u, 0);
}

uint16_t tl__f32_to_bf16_bits(uint32_t u) {
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return (uint16_t)(((u >> 16) & 0x8000u) | 0x7FC0u);
  return (uint16_t)((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

uint32_t tl__f16_to_f32_bits(uint16_t h) {
  return tl__dec_f32(&tl__fmts[TL_FLOAT16 - TL_FLOAT4_E2M1FN], h);
}

/* ---- the generic engine -------------------------------------------------- */

enum { K_I, K_U, K_F, K_C }; /* int64, uint64, float64 bits, complex (2 x float64 bits) */
#define TL__CH 256

static inline uint64_t tl__rd(const char *p, int size) {
  switch (size) {
  case 1: return *(const uint8_t *)p;
  case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
  case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
  default: { uint64_t v; memcpy(&v, p, 8); return v; }
  }
}
static inline void tl__wr(char *p, int size, uint64_t v) {
  switch (size) {
  case 1: *(uint8_t *)p = (uint8_t)v; break;
  case 2: { uint16_t w = (uint16_t)v; memcpy(p, &w, 2); break; }
  case 4: { uint32_t w = (uint32_t)v; memcpy(p, &w, 4); break; }
  default: memcpy(p, &v, 8); break;
  }
}

/* A float component (dtype c, raw bits r) as float64 bits. */
static inline uint64_t tl__comp_to_f64b(tl_dtype c, uint64_t r) {
  if (c == TL_FLOAT64) return r;
  if (c == TL_FLOAT32) return tl__f32b_to_f64b((uint32_t)r);
  return tl__f32b_to_f64b(tl__dec_f32(tl__ffmt_of(c), (uint32_t)r));
}

static int tl__decode(tl_dtype from, const char *src, ptrdiff_t ss, size_t n, uint64_t *a,
                      uint64_t *b) {
  const tl_dtype_info *in = tl__info(from);
  switch (in->kind) {
  case TL_KIND_BOOL:
    for (size_t i = 0; i < n; i++) a[i] = src[(ptrdiff_t)i * ss] != 0;
    return K_I;
  case TL_KIND_INT:
  case TL_KIND_UINT: {
    int bits = in->bits, sz = in->itemsize;
    for (size_t i = 0; i < n; i++) {
      uint64_t v = tl__rd(src + (ptrdiff_t)i * ss, sz);
      if (bits < 64) {
        v &= (1ull << bits) - 1;
        if (in->kind == TL_KIND_INT) v = (v ^ (1ull << (bits - 1))) - (1ull << (bits - 1));
      }
      a[i] = v;
    }
    return in->kind == TL_KIND_INT ? K_I : K_U;
  }
  case TL_KIND_FLOAT:
    for (size_t i = 0; i < n; i++) a[i] = tl__comp_to_f64b(from, tl__rd(src + (ptrdiff_t)i * ss, in->itemsize));
    return K_F;
  default: {
    int h = in->itemsize / 2;
    for (size_t i = 0; i < n; i++) {
      const char *p = src + (ptrdiff_t)i * ss;
      a[i] = tl__comp_to_f64b(in->component, tl__rd(p, h));
      b[i] = tl__comp_to_f64b(in->component, tl__rd(p + h, h));
    }
    return K_C;
  }
  }
}

/* float64 (not NaN) -> integer of `bits` bits, truncating, saturating, NaN -> 0. */
static inline uint64_t tl__f2i(uint64_t db, int bits, int is_signed) {
  if (tl__is_nan64(db)) return 0;
  double t = trunc(tl__u2d(db));
  if (is_signed) {
    double lim = (double)(1ull << (bits - 1));
    if (t >= lim) return (1ull << (bits - 1)) - 1;
    if (t < -lim) return (uint64_t)0 - (1ull << (bits - 1));
    return (uint64_t)(int64_t)t;
  }
  if (t <= 0) return 0;
  if (bits == 64) return t >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)t;
  double lim = (double)(1ull << bits);
  return t >= lim ? (1ull << bits) - 1 : (uint64_t)t;
}

/* One value of kind k (a = bits/int) -> float component dtype c. */
static inline uint64_t tl__to_comp(tl_dtype from, int k, uint64_t a, tl_dtype to, tl_dtype c,
                                   int sat) {
  if (k == K_F) {
    if (tl__is_nan64(a)) return tl__nan_out(from, to, a);
    if (c == TL_FLOAT64) return a;
    if (c == TL_FLOAT32) {
      double d = tl__u2d(a);
      float f = (float)d;
      if (sat && isinf(f) && !isinf(d)) f = f < 0 ? -FLT_MAX : FLT_MAX;
      return tl__f2u(f);
    }
    return tl__enc_f32(tl__ffmt_of(c), tl__f64_to_f32_rto(a), sat);
  }
  if (c == TL_FLOAT64) return tl__d2u(k == K_I ? (double)(int64_t)a : (double)a);
  if (c == TL_FLOAT32) return tl__f2u(k == K_I ? (float)(int64_t)a : (float)a);
  uint32_t sg = 0;
  uint64_t m = a;
  if (k == K_I && (int64_t)a < 0) {
    sg = 0x80000000u;
    m = (uint64_t)0 - a;
  }
  return tl__enc_f32(tl__ffmt_of(c), sg | tl__u64_to_f32_rto(m), sat);
}

static void tl__encode(tl_dtype from, int k, const uint64_t *a, const uint64_t *b, size_t n,
                       tl_dtype to, char *dst, ptrdiff_t ds, int sat) {
  const tl_dtype_info *out = tl__info(to);
  switch (out->kind) {
  case TL_KIND_BOOL:
    for (size_t i = 0; i < n; i++) {
      int v;
      if (k == K_F) v = (a[i] << 1) != 0;
      else if (k == K_C) v = (a[i] << 1) != 0 || (b[i] << 1) != 0;
      else v = a[i] != 0;
      dst[(ptrdiff_t)i * ds] = (char)v;
    }
    return;
  case TL_KIND_INT:
  case TL_KIND_UINT: {
    int bits = out->bits, sz = out->itemsize, sg = out->kind == TL_KIND_INT;
    uint64_t mask = bits < 64 ? (1ull << bits) - 1 : UINT64_MAX;
    for (size_t i = 0; i < n; i++) {
      uint64_t v = (k == K_F || k == K_C) ? tl__f2i(a[i], bits, sg) : a[i];
      tl__wr(dst + (ptrdiff_t)i * ds, sz, v & mask);
    }
    return;
  }
  case TL_KIND_FLOAT: {
    int kk = k == K_C ? K_F : k;
    for (size_t i = 0; i < n; i++)
      tl__wr(dst + (ptrdiff_t)i * ds, out->itemsize, tl__to_comp(from, kk, a[i], to, to, sat));
    return;
  }
  default: {
    int h = out->itemsize / 2;
    tl_dtype c = out->component;
    for (size_t i = 0; i < n; i++) {
      char *p = dst + (ptrdiff_t)i * ds;
      if (k == K_C) {
        tl__wr(p, h, tl__to_comp(from, K_F, a[i], to, c, sat));
        tl__wr(p + h, h, tl__to_comp(from, K_F, b[i], to, c, sat));
      } else {
        tl__wr(p, h, tl__to_comp(from, k, a[i], to, c, sat));
        tl__wr(p + h, h, 0);
      }
    }
    return;
  }
  }
}

/* The element loop: each element decoded and encoded (from != to) */
static void tl__convert_each(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, char *dst, ptrdiff_t ds,
                             size_t n, int sat) {
  uint64_t a[TL__CH], b[TL__CH];
  for (size_t i = 0; i < n; i += TL__CH) {
    size_t m = n - i < TL__CH ? n - i : TL__CH;
    int k = tl__decode(from, src + (ptrdiff_t)i * ss, ss, m, a, b);
    tl__encode(from, k, a, b, m, to, dst + (ptrdiff_t)i * ds, ds, sat);
  }
}

/* n one-byte codes at s (stride ss) looked up in table t of D-byte entries
 * into dst (stride ds): any strides (tl__convert_scalar's contiguous calls
 * take its typed loops first) */
static __attribute__((noinline)) void tl__table8_read(const unsigned char *t, size_t D, const unsigned char *s, ptrdiff_t ss, char *dst,
                            ptrdiff_t ds, size_t n) {
  switch (D) {
  case 1: for (size_t i = 0; i < n; i++) dst[(ptrdiff_t)i * ds] = (char)t[s[(ptrdiff_t)i * ss]]; return;
  case 2: for (size_t i = 0; i < n; i++) memcpy(dst + (ptrdiff_t)i * ds, t + 2 * s[(ptrdiff_t)i * ss], 2); return;
  case 4: for (size_t i = 0; i < n; i++) memcpy(dst + (ptrdiff_t)i * ds, t + 4 * s[(ptrdiff_t)i * ss], 4); return;
  case 8: for (size_t i = 0; i < n; i++) memcpy(dst + (ptrdiff_t)i * ds, t + 8 * s[(ptrdiff_t)i * ss], 8); return;
  default: for (size_t i = 0; i < n; i++) memcpy(dst + (ptrdiff_t)i * ds, t + 16 * s[(ptrdiff_t)i * ss], 16); return;
  }
}

/* A one-byte source reads its pair's 256-entry table (tl__table8: built
 * once, by the element loop under the default environment, so the same
 * bytes) when the environment is the default one (tl_convert's; not the
 * flush-to-zero one of the JAX/TensorFlow rule sets' binary operations,
 * where calls below 64 elements take the element loop as before). The
 * element loop costs 3-12 ns an element (Zen 4: float8_e4m3fn ->
 * float8_e5m2, 32 elements, 396 ns a call), and it served every call below
 * 64 elements and the last 1-31 elements the SIMD kernels leave (int8 ->
 * float16, 63 elements: 122 ns a call against 15 for 64); a lookup is ~1
 * ns. Building the table costs the element loop on 256 codes once per
 * pair. */
void tl__convert_generic(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, char *dst,
                         ptrdiff_t ds, size_t n, unsigned flags) {
  int sat = (flags & TL_CONVERT_SATURATE) != 0;
  if (from == to) {
    int sz = tl__info(from)->itemsize;
    for (size_t i = 0; i < n; i++) memcpy(dst + (ptrdiff_t)i * ds, src + (ptrdiff_t)i * ss, (size_t)sz);
    return;
  }
  /* bfloat16 <-> float32 by their bits, as the SIMD kernels' bulk: the same
     under a flushing environment (the JAX/TensorFlow rule sets' binary
     operations), where the element loop read a subnormal as 0 */
  if (from == TL_BFLOAT16 && to == TL_FLOAT32) {
    for (size_t i = 0; i < n; i++) {
      uint16_t h;
      memcpy(&h, src + (ptrdiff_t)i * ss, 2);
      const uint32_t u = (uint32_t)h << 16;
      memcpy(dst + (ptrdiff_t)i * ds, &u, 4);
    }
    return;
  }
  if (from == TL_FLOAT32 && to == TL_BFLOAT16 && !sat) {
    for (size_t i = 0; i < n; i++) {
      uint32_t u;
      memcpy(&u, src + (ptrdiff_t)i * ss, 4);
      const uint16_t h = tl__f32_to_bf16_bits(u);
      memcpy(dst + (ptrdiff_t)i * ds, &h, 2);
    }
    return;
  }
  if (tl__info(from)->itemsize == 1 && tl__fpenv_is_default()) {
    const unsigned char *t = tl__table8(from, to, sat);
    if (t) {
      tl__table8_read(t, (size_t)tl__info(to)->itemsize, (const unsigned char *)src, ss, dst, ds, n);
      return;
    }
  }
  tl__convert_each(from, src, ss, to, dst, ds, n, sat);
}

/* ---- checked validation -------------------------------------------------- */

/* Is float64 bits `f` exactly the integer (k, v)? */
static int tl__f_eq_int(uint64_t f, int k, uint64_t v) {
  if (tl__is_nan64(f)) return 0;
  double d = tl__u2d(f);
  if (d != trunc(d)) return 0;
  if (k == K_I) {
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0)) return 0;
    return (int64_t)d == (int64_t)v;
  }
  if (!(d >= 0 && d < 18446744073709551616.0)) return 0;
  return (uint64_t)d == v;
}

static int tl__f_eq(uint64_t x, uint64_t y) {
  if (tl__is_nan64(x) || tl__is_nan64(y)) return tl__is_nan64(x) && tl__is_nan64(y);
  return tl__u2d(x) == tl__u2d(y);
}

static const uint64_t tl__zero = 0;

/* Same value? (kind ka: a1/b1) vs (kind kb: a2/b2). */
static int tl__same(int ka, uint64_t a1, uint64_t b1, int kb, uint64_t a2, uint64_t b2) {
  uint64_t ia = ka == K_C ? b1 : tl__zero, ib = kb == K_C ? b2 : tl__zero;
  if (!tl__f_eq(ia, ib)) return 0;
  if (ka == K_C) ka = K_F;
  if (kb == K_C) kb = K_F;
  if (ka == K_F && kb == K_F) return tl__f_eq(a1, a2);
  if (ka == K_F) return tl__f_eq_int(a1, kb, a2);
  if (kb == K_F) return tl__f_eq_int(a2, ka, a1);
  if (ka == kb) return a1 == a2;
  /* signed vs unsigned */
  uint64_t s = ka == K_I ? a1 : a2, u = ka == K_I ? a2 : a1;
  return (int64_t)s >= 0 && s == u;
}

size_t tl__convert_validate(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, size_t n,
                            unsigned flags) {
  uint64_t a[TL__CH], b[TL__CH], a2[TL__CH], b2[TL__CH];
  unsigned char tmp[TL__CH * 16];
  if (from == to) return n;
  int sz = tl__info(to)->itemsize;
  for (size_t i = 0; i < n; i += TL__CH) {
    size_t m = n - i < TL__CH ? n - i : TL__CH;
    int k = tl__decode(from, src + (ptrdiff_t)i * ss, ss, m, a, b);
    tl__encode(from, k, a, b, m, to, (char *)tmp, sz, (flags & TL_CONVERT_SATURATE) != 0);
    int k2 = tl__decode(to, (const char *)tmp, sz, m, a2, b2);
    for (size_t j = 0; j < m; j++)
      if (!tl__same(k, a[j], k == K_C ? b[j] : 0, k2, a2[j], k2 == K_C ? b2[j] : 0)) return i + j;
  }
  return n;
}

/* ---- tables for 8-bit sources -------------------------------------------- */

/* One table per (source, destination, saturate): 256 destination elements,
 * built on first use from the generic engine, published with a CAS. While a
 * table is missing the generic engine serves the call. NULL (no table) for a
 * source that is not one element a byte or a destination of packed pairs
 * (float4_e2m1fn_x2: the generic engine does not convert those). */
static _Atomic(unsigned char *) tl__tab8[TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];

const unsigned char *tl__table8(tl_dtype from, tl_dtype to, int sat) {
  if ((unsigned)from >= TL_NUM_CONCRETE || (unsigned)to >= TL_NUM_CONCRETE || tl__info(from)->itemsize != 1 ||
      tl__info(to)->itemsize < 1 || from == TL_FLOAT4_E2M1FN_X2 || to == TL_FLOAT4_E2M1FN_X2)
    return NULL;
  sat = sat != 0;
  unsigned char *t = atomic_load_explicit(&tl__tab8[from][to][sat], memory_order_acquire);
  if (t) return t;
  int sz = tl__info(to)->itemsize;
  unsigned char *nt = malloc((size_t)256 * (size_t)sz);
  if (!nt) return NULL;
  char srcb[256];
  for (int i = 0; i < 256; i++) srcb[i] = (char)i;
  /* under the default environment whatever the caller's (a binary operation
     under JAX's flush to zero once built a table whose float8_e8m0fnu 2^-127
     read as 0 for every later caller) */
  tl__fpenv env;
  tl__fpenv_enter(&env);
  tl__convert_each(from, srcb, 1, to, (char *)nt, sz, 256, sat);
  tl__fpenv_leave(&env);
  unsigned char *expected = NULL;
  if (!atomic_compare_exchange_strong_explicit(&tl__tab8[from][to][sat], &expected, nt,
                                               memory_order_acq_rel, memory_order_acquire)) {
    free(nt);
    return expected;
  }
  return nt;
}

/* float16 -> float32 bits, 65536 entries, built once. */
static _Atomic(uint32_t *) tl__tab_h2f;
static const uint32_t *tl__table_h2f(void) {
  uint32_t *t = atomic_load_explicit(&tl__tab_h2f, memory_order_acquire);
  if (t) return t;
  uint32_t *nt = malloc(65536 * sizeof *nt);
  if (!nt) return NULL;
  for (uint32_t i = 0; i < 65536; i++) nt[i] = tl__f16_to_f32_bits((uint16_t)i);
  uint32_t *expected = NULL;
  if (!atomic_compare_exchange_strong_explicit(&tl__tab_h2f, &expected, nt, memory_order_acq_rel,
                                               memory_order_acquire)) {
    free(nt);
    return expected;
  }
  return nt;
}

/* float32 bits (not NaN) -> a narrow format (not e8m0), as tl__enc_f32, with a
 * fast path for the common case, a normal finite float32 whose result is
 * normal (or overflows): the rounding (RNE) and the exponent re-bias in one
 * add (rebias: half an ulp of the target minus one, minus (127 - bias) << 23,
 * plus the lsb for ties to even) and a shift; the carry of a mantissa that
 * rounds up moves into the exponent, and past the largest finite into
 * overflow. Zero, subnormal results, inf: tl__enc_f32. */
typedef struct {
  uint32_t minnorm, rebias, maxmag, sgnshift, ovf[2], satv;
  int shift, fnuz;
} tl__fenc;

static void tl__fenc_init(tl__fenc *E, const tl__ffmt *F, int sat) {
  E->minnorm = (uint32_t)(1 - F->bias + 127) << 23;
  E->shift = 23 - F->M;
  E->rebias = ((1u << (E->shift - 1)) - 1u) - ((uint32_t)(127 - F->bias) << 23);
  E->maxmag = F->maxmag;
  E->sgnshift = (uint32_t)F->sign_bit;
  E->ovf[0] = sat ? F->maxmag : F->ovf[0];
  E->ovf[1] = sat ? ((1u << F->sign_bit) | F->maxmag) : F->ovf[1];
  E->fnuz = F->fam == TL__FAM_FNUZ;
}

static inline uint32_t tl__enc_f32_fast(const tl__fenc *E, const tl__ffmt *F, uint32_t u, int sat) {
  const uint32_t a = u & 0x7FFFFFFFu;
  if (a - E->minnorm < 0x7F800000u - E->minnorm) {
    const uint32_t r = (a + E->rebias + ((a >> E->shift) & 1u)) >> E->shift;
    return r > E->maxmag ? E->ovf[u >> 31] : ((u >> 31) << E->sgnshift) | r;
  }
  return tl__enc_f32(F, u, sat);
}

/* float32 -> float16/bfloat16/float8/6/4 (not e8m0): NaN elements by the
 * generic engine (its pair-specific NaN rules). */
static void tl__scalar_f32_narrow(const tl__ffmt *Fp, const char *src, ptrdiff_t ss, tl_dtype to, char *dst,
                                  ptrdiff_t ds, size_t n, unsigned flags) {
  const int sat = (flags & TL_CONVERT_SATURATE) != 0;
  const tl__ffmt *F = Fp;
  tl__fenc Ev;
  tl__fenc_init(&Ev, F, sat);
  const tl__fenc E = Ev; /* a local copy: the byte stores cannot alias it */
  const int D = tl__info(to)->itemsize;
  if (ss == 4 && ds == D) {
    /* contiguous: blocks of 64 without branches (the compiler vectorises
       them), each element by the add-and-shift of tl__enc_f32_fast; then the
       elements that path does not cover (zero, subnormal results, inf, NaN)
       redone one by one */
    enum { B = 64 };
    const uint32_t ovf0 = E.ovf[0], ovf1 = E.ovf[1];
    size_t i = 0;
    for (; i + B <= n; i += B) {
      uint32_t xs[B], rs[B];
      unsigned slow = 0;
      memcpy(xs, src + i * 4, sizeof xs);
      for (int k = 0; k < B; k++) {
        const uint32_t x = xs[k], a = x & 0x7FFFFFFFu, sg = x >> 31;
        const uint32_t r = (a + E.rebias + ((a >> E.shift) & 1u)) >> E.shift;
        rs[k] = r > E.maxmag ? (sg ? ovf1 : ovf0) : (sg << E.sgnshift) | r;
        slow |= (unsigned)(a - E.minnorm >= 0x7F800000u - E.minnorm);
      }
      if (slow)
        for (int k = 0; k < B; k++) {
          const uint32_t x = xs[k], a = x & 0x7FFFFFFFu;
          if (a - E.minnorm < 0x7F800000u - E.minnorm) continue;
          if (a > 0x7F800000u) {
            uint16_t y16 = 0;
            uint8_t y8 = 0;
            tl__convert_generic(TL_FLOAT32, src + (i + (size_t)k) * 4, 4, to, D == 2 ? (char *)&y16 : (char *)&y8, D,
                                1, flags);
            rs[k] = D == 2 ? y16 : y8;
          } else {
            rs[k] = tl__enc_f32(F, x, sat);
          }
        }
      if (D == 2) {
        uint16_t o[B];
        for (int k = 0; k < B; k++) o[k] = (uint16_t)rs[k];
        memcpy(dst + i * 2, o, sizeof o);
      } else {
        uint8_t o[B];
        for (int k = 0; k < B; k++) o[k] = (uint8_t)rs[k];
        memcpy(dst + i, o, sizeof o);
      }
    }
    src += (ptrdiff_t)i * ss, dst += (ptrdiff_t)i * ds, n -= i;
  }
  if (tl__info(to)->itemsize == 2) {
    for (size_t i = 0; i < n; i++) {
      uint32_t x;
      memcpy(&x, src + (ptrdiff_t)i * ss, 4);
      if ((x & 0x7FFFFFFFu) > 0x7F800000u) {
        tl__convert_generic(TL_FLOAT32, src + (ptrdiff_t)i * ss, ss, to, dst + (ptrdiff_t)i * ds, ds, 1, flags);
        continue;
      }
      uint16_t y = (uint16_t)tl__enc_f32_fast(&E, F, x, sat);
      memcpy(dst + (ptrdiff_t)i * ds, &y, 2);
    }
    return;
  }
  for (size_t i = 0; i < n; i++) {
    uint32_t x;
    memcpy(&x, src + (ptrdiff_t)i * ss, 4);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) {
      tl__convert_generic(TL_FLOAT32, src + (ptrdiff_t)i * ss, ss, to, dst + (ptrdiff_t)i * ds, ds, 1, flags);
      continue;
    }
    dst[(ptrdiff_t)i * ds] = (char)(unsigned char)tl__enc_f32_fast(&E, F, x, sat);
  }
}

/* ---- specialised scalar loops -------------------------------------------- */

#define TL__LOOP(T_IN, T_OUT, EXPR)                                                     \
  for (size_t i = 0; i < n; i++) {                                                      \
    T_IN x;                                                                             \
    T_OUT y;                                                                            \
    memcpy(&x, src + (ptrdiff_t)i * ss, sizeof x);                                      \
    y = (EXPR);                                                                         \
    memcpy(dst + (ptrdiff_t)i * ds, &y, sizeof y);                                      \
  }

static int tl__native_int(tl_dtype d) {
  return (d >= TL_INT8 && d <= TL_INT64) || (d >= TL_UINT8 && d <= TL_UINT64);
}

/* Read a native integer dtype as int64/uint64 raw bits. */
#define TL__INT_CASES(X)                                                                \
  X(TL_INT8, int8_t) X(TL_INT16, int16_t) X(TL_INT32, int32_t) X(TL_INT64, int64_t)     \
  X(TL_UINT8, uint8_t) X(TL_UINT16, uint16_t) X(TL_UINT32, uint32_t) X(TL_UINT64, uint64_t)

/* int -> int (wrap) and int -> float32/float64 for native types. */
static int tl__scalar_int_src(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to,
                              char *dst, ptrdiff_t ds, size_t n) {
#define TL__TO(TI)                                                                      \
  switch (to) {                                                                         \
  case TL_INT8: TL__LOOP(TI, int8_t, (int8_t)(uint8_t)x) return 1;                      \
  case TL_INT16: TL__LOOP(TI, int16_t, (int16_t)(uint16_t)x) return 1;                  \
  case TL_INT32: TL__LOOP(TI, int32_t, (int32_t)(uint32_t)x) return 1;                  \
  case TL_INT64: TL__LOOP(TI, int64_t, (int64_t)x) return 1;                            \
  case TL_UINT8: TL__LOOP(TI, uint8_t, (uint8_t)x) return 1;                            \
  case TL_UINT16: TL__LOOP(TI, uint16_t, (uint16_t)x) return 1;                         \
  case TL_UINT32: TL__LOOP(TI, uint32_t, (uint32_t)x) return 1;                         \
  case TL_UINT64: TL__LOOP(TI, uint64_t, (uint64_t)x) return 1;                         \
  case TL_FLOAT32: TL__LOOP(TI, float, (float)x) return 1;                              \
  case TL_FLOAT64: TL__LOOP(TI, double, (double)x) return 1;                            \
  case TL_BOOL: TL__LOOP(TI, uint8_t, (uint8_t)(x != 0)) return 1;                      \
  default: return 0;                                                                    \
  }
#define TL__FROM(ID, TI) case ID: TL__TO(TI)
  switch (from) {
    TL__INT_CASES(TL__FROM)
  default:
    return 0;
  }
#undef TL__FROM
#undef TL__TO
}

static inline float tl__sat_f32(double d, int sat) {
  float f = (float)d;
  if (sat && isinf(f) && !isinf(d)) f = f < 0 ? -FLT_MAX : FLT_MAX;
  return f;
}

/* float32/float64 -> native ints, bool, each other. */
static int tl__scalar_float_src(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to,
                                char *dst, ptrdiff_t ds, size_t n, int sat) {
#define TL__F2I(TI, TO, BITS, SG) (TO) tl__f2i(tl__d2u((double)x), BITS, SG)
#define TL__TO(TI)                                                                      \
  switch (to) {                                                                         \
  case TL_INT8: TL__LOOP(TI, int8_t, TL__F2I(TI, int8_t, 8, 1)) return 1;                \
  case TL_INT16: TL__LOOP(TI, int16_t, TL__F2I(TI, int16_t, 16, 1)) return 1;            \
  case TL_INT32: TL__LOOP(TI, int32_t, TL__F2I(TI, int32_t, 32, 1)) return 1;            \
  case TL_INT64: TL__LOOP(TI, int64_t, TL__F2I(TI, int64_t, 64, 1)) return 1;            \
  case TL_UINT8: TL__LOOP(TI, uint8_t, TL__F2I(TI, uint8_t, 8, 0)) return 1;             \
  case TL_UINT16: TL__LOOP(TI, uint16_t, TL__F2I(TI, uint16_t, 16, 0)) return 1;         \
  case TL_UINT32: TL__LOOP(TI, uint32_t, TL__F2I(TI, uint32_t, 32, 0)) return 1;         \
  case TL_UINT64: TL__LOOP(TI, uint64_t, TL__F2I(TI, uint64_t, 64, 0)) return 1;         \
  case TL_BOOL: TL__LOOP(TI, uint8_t, (uint8_t)(x != 0 || x != x)) return 1;             \
  default: return 0;                                                                    \
  }
  if (from == TL_FLOAT32 && to == TL_FLOAT64) {
    TL__LOOP(float, double, (double)x) return 1;
  }
  if (from == TL_FLOAT64 && to == TL_FLOAT32) {
    TL__LOOP(double, float, tl__sat_f32(x, sat)) return 1;
  }
  if (from == TL_FLOAT32) { TL__TO(float) }
  if (from == TL_FLOAT64) { TL__TO(double) }
  return 0;
#undef TL__TO
#undef TL__F2I
}

void tl__convert_scalar(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, char *dst,
                        ptrdiff_t ds, size_t n, unsigned flags) {
  int sat = (flags & TL_CONVERT_SATURATE) != 0;
  const tl_dtype_info *fi = tl__info(from), *ti = tl__info(to);
  if (from == to) { /* the bytes of each element, as NumPy's same-dtype astype */
    if (ss == fi->itemsize && ds == ti->itemsize) {
      memcpy(dst, src, n * (size_t)fi->itemsize);
      return;
    }
    for (size_t i = 0; i < n; i++)
      memcpy(dst + (ptrdiff_t)i * ds, src + (ptrdiff_t)i * ss, (size_t)fi->itemsize);
    return;
  }
  if (tl__native_int(from) && tl__scalar_int_src(from, src, ss, to, dst, ds, n)) return;
  if ((from == TL_FLOAT32 || from == TL_FLOAT64) &&
      tl__scalar_float_src(from, src, ss, to, dst, ds, n, sat))
    return;
  if (fi->itemsize == 1 && n >= 64) {
    const unsigned char *t = tl__table8(from, to, sat);
    if (t) {
      const unsigned char *s = (const unsigned char *)src;
      if (ss == 1 && ds == ti->itemsize) { /* contiguous: typed loops the compiler unrolls */
        switch (ti->itemsize) {
        case 1: { /* 8 a step: looked up in a copy of the table, then stored together. Through char
                     pointers the compiler had to assume each store could change the table or the
                     source and reloaded both per element (scalar tier, Zen 4, 32 KiB: bool/float8
                     -> 1-byte outputs 2.86 -> 6.1 GB/s; the same for 2- to 8-byte outputs moved
                     them both ways, -43% to +47%, with the code around) */
          unsigned char tab[256], *d1 = (unsigned char *)dst;
          memcpy(tab, t, sizeof tab);
          size_t i = 0;
          for (; i + 8 <= n; i += 8) {
            unsigned char v[8];
            for (int k = 0; k < 8; k++) v[k] = tab[s[i + (size_t)k]];
            memcpy(d1 + i, v, sizeof v);
          }
          for (; i < n; i++) d1[i] = tab[s[i]];
          return;
        }
        case 2: { uint16_t t2[256], *d2 = (uint16_t *)(void *)dst; memcpy(t2, t, sizeof t2);
          if (((uintptr_t)dst & 1) == 0) { for (size_t i = 0; i < n; i++) d2[i] = t2[s[i]]; return; } break; }
        case 4: { uint32_t t4[256], *d4 = (uint32_t *)(void *)dst; memcpy(t4, t, sizeof t4);
          if (((uintptr_t)dst & 3) == 0) { for (size_t i = 0; i < n; i++) d4[i] = t4[s[i]]; return; } break; }
        case 8: { uint64_t t8[256], *d8 = (uint64_t *)(void *)dst; memcpy(t8, t, sizeof t8);
          if (((uintptr_t)dst & 7) == 0) { for (size_t i = 0; i < n; i++) d8[i] = t8[s[i]]; return; } break; }
        default: break;
        }
      }
      tl__table8_read(t, (size_t)ti->itemsize, s, ss, dst, ds, n);
      return;
    }
  }
  if (from == TL_FLOAT16 && (to == TL_FLOAT32 || to == TL_FLOAT64) && n >= 4096) {
    const uint32_t *t = tl__table_h2f();
    if (t) {
      if (to == TL_FLOAT32) {
        TL__LOOP(uint16_t, uint32_t, t[x]) return;
      }
      TL__LOOP(uint16_t, uint64_t, tl__f32b_to_f64b(t[x])) return;
    }
  }
  if (from == TL_BFLOAT16 && to == TL_FLOAT32) {
    TL__LOOP(uint16_t, uint32_t, (uint32_t)x << 16) return;
  }
  if (from == TL_FLOAT32 && to == TL_BFLOAT16 && !sat) {
    TL__LOOP(uint32_t, uint16_t, tl__f32_to_bf16_bits(x)) return;
  }
  if (from == TL_FLOAT32 && to == TL_FLOAT8_E8M0FNU) {
    /* a positive normal float32 rounds to its exponent, plus one from 1.5 x
       2^e up (ties up); beyond 2^127 overflow; NaN, inf and negative values
       (no sign) 0xFF, or 0x00 for a negative finite value with saturate; the
       rest (zero, subnormals) by tl__enc_f32 */
    const tl__ffmt *F = tl__ffmt_of(to);
    for (size_t i = 0; i < n; i++) {
      uint32_t x;
      memcpy(&x, src + (ptrdiff_t)i * ss, 4);
      const uint32_t a = x & 0x7FFFFFFFu;
      uint32_t r;
      if (x - 1u < 0x007FFFFFu) { /* a positive subnormal (rare) */
        r = tl__enc_f32(F, x, sat);
      } else { /* selects, not branches: signs are random in real data */
        uint32_t r1 = (x >> 23) + ((x >> 22) & 1u);
        r1 = r1 > 0xFEu ? (sat ? 0xFEu : 0xFFu) : r1;
        const uint32_t r0 = sat && a < 0x7F800000u ? 0x00u : 0xFFu; /* +-0, negative, inf, NaN */
        r = x - 0x00800000u < 0x7F800000u - 0x00800000u ? r1 : r0;
      }
      dst[(ptrdiff_t)i * ds] = (char)(unsigned char)r;
    }
    return;
  }
  if (from == TL_FLOAT32 && tl__ffmt_of(to) && to != TL_FLOAT8_E8M0FNU) {
    tl__scalar_f32_narrow(tl__ffmt_of(to), src, ss, to, dst, ds, n, flags);
    return;
  }
  /* int16 / uint16 / float16 / bfloat16, and complex32 / bcomplex32 (the
     real part), -> float8/6/4 (not e8m0) and float16 <-> bfloat16: exact as
     float32, so in blocks through float32's loop above (one rounding); the
     NaN elements again by the generic engine from the source (its
     pair-specific NaN rules). 0.2-0.4 GB/s one by one. */
  const int src16 = from == TL_INT16 || from == TL_UINT16 || from == TL_FLOAT16 || from == TL_BFLOAT16 ||
                    from == TL_COMPLEX32 || from == TL_BCOMPLEX32;
  const int f16b = (from == TL_FLOAT16 || from == TL_COMPLEX32) ? to == TL_BFLOAT16
                   : (from == TL_BFLOAT16 || from == TL_BCOMPLEX32) ? to == TL_FLOAT16 : 0;
  if (src16 && tl__ffmt_of(to) && to != TL_FLOAT8_E8M0FNU && (ti->itemsize == 1 || f16b)) {
    enum { B = 256 };
    uint32_t f[B];
    for (size_t i = 0; i < n; i += B) {
      const size_t m = n - i < B ? n - i : B;
      int nan = 0;
      for (size_t k = 0; k < m; k++) {
        uint16_t x;
        memcpy(&x, src + (ptrdiff_t)(i + k) * ss, 2);
        float v;
        switch (from) {
        case TL_INT16: v = (float)(int16_t)x, memcpy(&f[k], &v, 4); break;
        case TL_UINT16: v = (float)x, memcpy(&f[k], &v, 4); break;
        case TL_FLOAT16:
        case TL_COMPLEX32: f[k] = tl__f16_to_f32_bits(x); break; /* the real part: the element's first half */
        default: f[k] = (uint32_t)x << 16; break;
        }
        nan |= (f[k] & 0x7FFFFFFFu) > 0x7F800000u;
      }
      tl__scalar_f32_narrow(tl__ffmt_of(to), (const char *)f, 4, to, dst + (ptrdiff_t)i * ds, ds, m, flags);
      for (size_t k = 0; nan && k < m; k++)
        if ((f[k] & 0x7FFFFFFFu) > 0x7F800000u)
          tl__convert_generic(from, src + (ptrdiff_t)(i + k) * ss, ss, to, dst + (ptrdiff_t)(i + k) * ds, ds, 1, flags);
    }
    return;
  }
  tl__convert_generic(from, src, ss, to, dst, ds, n, flags);
}
