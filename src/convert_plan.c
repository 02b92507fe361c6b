/* convert_plan.c — conversions as a chain of SIMD legs through intermediate
 * dtypes, for the pairs that have no kernel of their own.
 *
 * A plan is from -> v1 [-> v2] -> to, each leg a contiguous kernel of the
 * current tier, run block by block through small on-stack buffers (L1
 * resident). A chain is used only when it gives the direct conversion's result
 * for every input; the rules that make a leg safe (tl__leg_ok) are:
 *   - exact: every value of `from` is a value of `via` (and inf, -0 and NaN are
 *     representable there), so via -> to rounds the same value once; but not
 *     integer -> float -> an integer that does not hold every value of `from`:
 *     integers wrap, floats saturate (int2 -> uint2 keeps the low bits, -2.0 ->
 *     uint2 is 0);
 *   - modular: integer -> integer -> integer with `via` at least as wide as
 *     `to` (two's-complement wrap keeps the low bits; the low bits of the low
 *     bits are the low bits);
 *   - overflow-preserving: an integer rounded (RNE) into float32/float64 when
 *     every value that rounding changes overflows `to` anyway (to's overflow
 *     threshold <= 2^(nmant+1));
 *   - real part: complex -> its component type, when `to` is real and not bool
 *     (complex -> real takes the real part; -> bool looks at both);
 *   - complex build: real -> the component type of `to` is exactly the real
 *     part of from -> to.
 * NaN payloads follow pair-specific rules (convert_scalar.c), so elements that
 * are NaN in the first float intermediate are redone by the scalar reference
 * (blocks are scanned with tl__avx2_has_nan: plans run on the SIMD tiers only).
 * Plans are searched once per (tier, pair, saturate) and cached. */
#include "convert_internal.h"

#include <math.h>
#include <stdatomic.h>

static int tl__is_intk(const tl_dtype_info *d) {
  return d->kind == TL_KIND_INT || d->kind == TL_KIND_UINT || d->kind == TL_KIND_BOOL;
}

/* Integer range of an integer/bool dtype. */
static void tl__irange(const tl_dtype_info *d, double *lo, double *hi) {
  if (d->kind == TL_KIND_BOOL) {
    *lo = 0, *hi = 1;
  } else if (d->kind == TL_KIND_UINT) {
    *lo = 0, *hi = ldexp(1.0, d->bits) - 1;
  } else {
    *lo = -ldexp(1.0, d->bits - 1), *hi = ldexp(1.0, d->bits - 1) - 1;
  }
}

/* Does real float dtype `v` hold every integer in [lo, hi] exactly? */
static int tl__float_holds_ints(tl_dtype v, double lo, double hi) {
  tl_finfo f;
  if (tl_finfo_get(v, &f) != TL_OK) return tl_clear_error(), 0;
  if (v == TL_FLOAT8_E8M0FNU) return 0; /* no zero, powers of two only */
  double m = fmax(fabs(lo), fabs(hi));
  return m <= ldexp(1.0, f.nmant + 1) && m <= f.max;
}

/* Does `via` hold every value of `from` exactly (inf, -0 and NaN included)? */
static int tl__holds(tl_dtype via, tl_dtype from) {
  const tl_dtype_info *v = tl__info(via), *f = tl__info(from);
  if (via == from) return 1;
  if (f->kind == TL_KIND_COMPLEX) {
    if (v->kind != TL_KIND_COMPLEX) return 0;
    return tl__holds(v->component, f->component);
  }
  if (v->kind == TL_KIND_COMPLEX) return 0; /* real -> complex is a leg of its own */
  if (tl__is_intk(f)) {
    double lo, hi, vlo, vhi;
    tl__irange(f, &lo, &hi);
    if (tl__is_intk(v)) {
      if (v->kind == TL_KIND_BOOL) return 0;
      tl__irange(v, &vlo, &vhi);
      return vlo <= lo && hi <= vhi;
    }
    return v->kind == TL_KIND_FLOAT && tl__float_holds_ints(via, lo, hi);
  }
  if (f->kind != TL_KIND_FLOAT || v->kind != TL_KIND_FLOAT) return 0;
  /* float8_e8m0fnu: 2^-127..2^127 and NaN, all exact in float32 (2^-127 a
     subnormal, which the generic test below does not see) and float64 */
  if (from == TL_FLOAT8_E8M0FNU) return via == TL_FLOAT32 || via == TL_FLOAT64;
  if (via == TL_FLOAT8_E8M0FNU) return 0;
  tl_finfo a, b;
  if (tl_finfo_get(from, &a) != TL_OK || tl_finfo_get(via, &b) != TL_OK) return tl_clear_error(), 0;
  if (f->has_inf && !v->has_inf) return 0;
  if (f->has_nan && !v->has_nan) return 0;
  if (f->has_negative_zero && !v->has_negative_zero) return 0;
  return b.nmant >= a.nmant && b.max >= a.max && b.smallest_subnormal <= a.smallest_subnormal &&
         b.smallest_normal <= a.smallest_normal;
}

/* Is from -> via -> to the same conversion as from -> to (NaN payloads aside)? */
static int tl__leg_ok(tl_dtype from, tl_dtype via, tl_dtype to) {
  const tl_dtype_info *f = tl__info(from), *v = tl__info(via), *t = tl__info(to);
  if (via == from || via == to) return 0;
  if (tl__is_intk(f) && v->kind == TL_KIND_FLOAT && tl__is_intk(t) && t->kind != TL_KIND_BOOL &&
      !tl__holds(to, from))
    return 0; /* wraps directly, saturates through the float */
  if (tl__holds(via, from)) return 1;
  /* modular integer wrap */
  if (tl__is_intk(f) && f->kind != TL_KIND_BOOL && tl__is_intk(v) && v->kind != TL_KIND_BOOL &&
      tl__is_intk(t) && t->kind != TL_KIND_BOOL && v->bits >= t->bits)
    return 1;
  /* an integer rounded into float32/float64 where only overflowing values change */
  if (tl__is_intk(f) && (via == TL_FLOAT32 || via == TL_FLOAT64) && t->kind == TL_KIND_FLOAT &&
      to != TL_FLOAT8_E8M0FNU) {
    tl_finfo tf, vf;
    if (tl_finfo_get(to, &tf) != TL_OK || tl_finfo_get(via, &vf) != TL_OK) return tl_clear_error(), 0;
    /* to's largest finite below 2^(nmant+1) (so its overflow threshold, at most
       max + half an ulp, is too): values >= 2^(nmant+1) overflow either way */
    return tf.max < ldexp(1.0, vf.nmant + 1);
  }
  /* the real part of a complex value */
  if (f->kind == TL_KIND_COMPLEX && t->kind != TL_KIND_COMPLEX && t->kind != TL_KIND_BOOL &&
      via == f->component)
    return 1;
  /* a real value into the component type of a complex destination */
  if (f->kind != TL_KIND_COMPLEX && t->kind == TL_KIND_COMPLEX && via == t->component) return 1;
  return 0;
}

/* ---- plan cache ----------------------------------------------------------- */

/* A plan packed in 32 bits: bit 31 set when searched; bits 0-7 v1 + 1, bits
 * 8-15 v2 + 1 (0: no such leg); 0x80000000 alone: no plan. */
static _Atomic uint32_t tl__plans[4][2][TL_NUM_CONCRETE][TL_NUM_CONCRETE];

/* A first intermediate whose NaNs tl__any_nan can find (needed when `from` has NaNs). */
static int tl__nan_visible(tl_dtype from, tl_dtype v1) {
  if (!tl__info(from)->has_nan) return 1;
  switch (v1) {
  case TL_FLOAT16: case TL_BFLOAT16: case TL_FLOAT32: case TL_FLOAT64:
  case TL_COMPLEX32: case TL_BCOMPLEX32: case TL_COMPLEX64: case TL_COMPLEX128: return 1;
  default: return 0;
  }
}

static uint32_t tl__plan_search(int tier, tl_dtype from, tl_dtype to, int sat) {
  const uint32_t none = 0x80000000u;
  /* 8-bit sources: the tier's in-register lookup in the pair's 256-entry
     table, where it has one, beats every chain (AVX2, float8_e4m3fn ->
     float8_e5m2 at 64 MiB: 6.7 against 1.9 GB/s; -> float64: 16.7 against
     12.8); where it has none (AVX2: int32 from a float8, too many byte
     planes) a chain through a lookup (float8 -> float32 -> int32) beats the
     scalar engine's table loop */
  if (tl__info(from)->itemsize == 1 && tl__contig_has(tier, from, to, sat)) return none;
  int best_cost = 1 << 30;
  uint32_t best = none;
  /* two legs: from -> v -> to */
  for (int v = 0; v < TL_NUM_CONCRETE; v++) {
    tl_dtype via = (tl_dtype)v;
    if (!tl__concrete(via) || !tl__nan_visible(from, via) || !tl__leg_ok(from, via, to)) continue;
    if (!tl__contig_has(tier, from, via, sat) || !tl__contig_has(tier, via, to, sat)) continue;
    int cost = tl__info(via)->itemsize;
    if (cost < best_cost) best_cost = cost, best = none | (uint32_t)(v + 1);
  }
  if (best != none) return best;
  /* three legs: from -> v1 -> v2 -> to, where from -> v1 -> to and
     v1 -> v2 -> to are both sound */
  for (int a = 0; a < TL_NUM_CONCRETE; a++) {
    tl_dtype v1 = (tl_dtype)a;
    if (!tl__concrete(v1) || !tl__nan_visible(from, v1) || !tl__leg_ok(from, v1, to) ||
        !tl__contig_has(tier, from, v1, sat))
      continue;
    for (int b = 0; b < TL_NUM_CONCRETE; b++) {
      tl_dtype v2 = (tl_dtype)b;
      if (!tl__concrete(v2) || v2 == from || !tl__leg_ok(v1, v2, to)) continue;
      if (!tl__contig_has(tier, v1, v2, sat) || !tl__contig_has(tier, v2, to, sat)) continue;
      int cost = tl__info(v1)->itemsize + tl__info(v2)->itemsize;
      if (cost < best_cost) best_cost = cost, best = none | (uint32_t)(a + 1) | ((uint32_t)(b + 1) << 8);
    }
  }
  return best;
}

static uint32_t tl__plan(int tier, tl_dtype from, tl_dtype to, int sat) {
  _Atomic uint32_t *slot = &tl__plans[tier][sat][from][to];
  uint32_t p = atomic_load_explicit(slot, memory_order_relaxed);
  if (!p) {
    p = tl__plan_search(tier, from, to, sat);
    atomic_store_explicit(slot, p, memory_order_relaxed);
  }
  return p;
}

int tl__plan_route(tl_dtype from, tl_dtype to, int sat, tl_dtype via[2]) {
  int tier = tl__tier_current();
  if (tier == 0 || from == to) return -1;
  uint32_t p = tl__plan(tier, from, to, sat != 0);
  if (p == 0x80000000u) return -1;
  int k = 0;
  if (p & 0xFFu) via[k++] = (tl_dtype)((p & 0xFFu) - 1);
  if (p & 0xFF00u) via[k++] = (tl_dtype)(((p >> 8) & 0xFFu) - 1);
  return k;
}

/* ---- running a plan ------------------------------------------------------- */

/* Is element i of an intermediate buffer of dtype d a NaN (any component)? */
static int tl__elem_nan(tl_dtype d, const void *buf, size_t i) {
  tl_dtype c = tl__info(d)->component != TL_DTYPE_NONE ? tl__info(d)->component : d;
  int parts = c != d ? 2 : 1;
  for (int p = 0; p < parts; p++) {
    size_t k = i * (size_t)parts + (size_t)p;
    if (c == TL_FLOAT32) {
      if ((((const uint32_t *)buf)[k] & 0x7FFFFFFFu) > 0x7F800000u) return 1;
    } else if (c == TL_FLOAT64) {
      if ((((const uint64_t *)buf)[k] & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull) return 1;
    } else if (c == TL_FLOAT16) {
      if ((((const uint16_t *)buf)[k] & 0x7FFFu) > 0x7C00u) return 1;
    } else if (c == TL_BFLOAT16) {
      if ((((const uint16_t *)buf)[k] & 0x7FFFu) > 0x7F80u) return 1;
    } else {
      return 1;
    }
  }
  return 0;
}

int tl__run_plan(tl_dtype from, const char *src, tl_dtype to, char *dst, size_t n, unsigned flags) {
  enum { BLOCK = 1024 };
  const int sat = (flags & TL_CONVERT_SATURATE) != 0;
  const int tier = tl__tier_current();
  if (n < BLOCK || tier == 0) return 0;
  uint32_t p = tl__plan(tier, from, to, sat);
  if (p == 0x80000000u) return 0;
  tl_dtype chain[4];
  int legs = 0;
  chain[legs++] = from;
  if (p & 0xFFu) chain[legs++] = (tl_dtype)((p & 0xFFu) - 1);
  if (p & 0xFF00u) chain[legs++] = (tl_dtype)(((p >> 8) & 0xFFu) - 1);
  chain[legs] = to;
  /* the first float/complex intermediate of a float/complex source carries its NaNs */
  const tl_dtype_info *fi = tl__info(from);
  const int float_src = fi->has_nan;
  const size_t fs = (size_t)fi->itemsize, ts = (size_t)tl__info(to)->itemsize;
  _Alignas(64) char buf[2][BLOCK * 16];
  size_t done = 0;
  for (; done + BLOCK <= n; done += BLOCK) {
    const char *s = src + done * fs;
    char *d = dst + done * ts;
    const char *in = s;
    int ok = 1;
    for (int k = 0; k < legs; k++) {
      char *out = k == legs - 1 ? d : buf[k & 1];
      if (!tl__contig_run(chain[k], in, chain[k + 1], out, BLOCK, sat)) {
        ok = 0;
        break;
      }
      in = out;
    }
    if (!ok) { /* a leg could not run (e.g. a table allocation failed) */
      tl__convert_scalar(from, s, (ptrdiff_t)fs, to, d, (ptrdiff_t)ts, n - done, flags);
      return 1;
    }
    if (float_src && tl__avx2_has_nan(chain[1], buf[0], BLOCK))
      for (size_t i = 0; i < BLOCK; i++)
        if (tl__elem_nan(chain[1], buf[0], i))
          tl__convert_scalar(from, s + i * fs, (ptrdiff_t)fs, to, d + i * ts, (ptrdiff_t)ts, 1, flags);
  }
  if (done < n)
    tl__convert_scalar(from, src + done * fs, (ptrdiff_t)fs, to, dst + done * ts, (ptrdiff_t)ts,
                       n - done, flags);
  return 1;
}
