/* convert_ref.h — an INDEPENDENT, deliberately simple reference for the
 * conversion tests (shared by tests/test_convert*.c). It does not call
 * tl_convert: it decodes every format to an exact double from the format
 * parameters, and rounds by searching the sorted list of all finite values of
 * the destination (nearest, ties to the even encoding; e8m0 ties up). */
#ifndef TL_CONVERT_REF_H
#define TL_CONVERT_REF_H

#include "typelattice.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int cls;      /* 0 finite, 1 inf, 2 NaN */
  int neg;      /* sign bit */
  double v;     /* exact value when finite (or +-inf) */
} ref_val;

/* Decode `bits` of a narrow/IEEE float dtype (not complex) exactly. */
static inline ref_val ref_decode_float(tl_dtype d, uint64_t bits) {
  const tl_dtype_info *in = tl_dtype_get(d);
  ref_val r = {0, 0, 0};
  if (d == TL_FLOAT64) {
    double x;
    memcpy(&x, &bits, 8);
    r.neg = (int)(bits >> 63);
    r.cls = isnan(x) ? 2 : isinf(x) ? 1 : 0;
    r.v = x;
    return r;
  }
  int E = in->exponent_bits, M = in->mantissa_bits, B = in->bias;
  int sbit = in->is_signed ? E + M : -1;
  int total = E + M + (in->is_signed ? 1 : 0);
  bits &= (total >= 64) ? ~0ull : ((1ull << total) - 1);
  r.neg = sbit >= 0 ? (int)((bits >> sbit) & 1) : 0;
  uint64_t mag = sbit >= 0 ? bits & ((1ull << sbit) - 1) : bits;
  uint64_t ef = mag >> M, mf = mag & ((1ull << M) - 1);
  uint64_t emax = (1ull << E) - 1;
  if (d == TL_FLOAT8_E8M0FNU) {
    if (bits == 0xFF) { r.cls = 2; return r; }
    r.v = ldexp(1.0, (int)bits - 127);
    return r;
  }
  if (in->unsigned_zero && bits == (1ull << sbit)) { r.cls = 2; r.neg = 1; return r; }
  if (in->has_inf && ef == emax) {
    r.cls = mf ? 2 : 1;
    r.v = r.neg ? -INFINITY : INFINITY;
    return r;
  }
  if (in->has_nan && !in->has_inf && !in->unsigned_zero && mag == (1ull << (E + M)) - 1) {
    r.cls = 2; /* e4m3fn: S.1111.111 */
    return r;
  }
  double v = ef == 0 ? ldexp((double)mf, 1 - B - M) : ldexp((double)((1ull << M) | mf), (int)ef - B - M);
  r.v = r.neg ? -v : v;
  return r;
}

/* Sorted list of the finite non-negative values of a narrow format, with their
 * encodings (built once per dtype by the caller). */
typedef struct {
  int n;
  double *val;
  uint32_t *enc;
  double next; /* the value one step above the largest (rounding limit) */
} ref_table;

static inline int ref_cmp_idx_vals(const void *a, const void *b) {
  const double *x = a, *y = b;
  return (*x > *y) - (*x < *y);
}

static inline ref_table ref_table_build(tl_dtype d) {
  const tl_dtype_info *in = tl_dtype_get(d);
  int total = in->exponent_bits + in->mantissa_bits + (in->is_signed ? 1 : 0);
  uint32_t count = 1u << total;
  ref_table t;
  t.val = malloc(sizeof(double) * count);
  t.enc = malloc(sizeof(uint32_t) * count);
  double *pairs = malloc(sizeof(double) * 2 * count);
  int n = 0;
  for (uint32_t b = 0; b < count; b++) {
    ref_val r = ref_decode_float(d, b);
    if (r.cls != 0 || r.neg) continue; /* positive finite (+0 included) */
    pairs[2 * n] = r.v;
    pairs[2 * n + 1] = (double)b;
    n++;
  }
  qsort(pairs, (size_t)n, 2 * sizeof(double), ref_cmp_idx_vals);
  for (int i = 0; i < n; i++) {
    t.val[i] = pairs[2 * i];
    t.enc[i] = (uint32_t)pairs[2 * i + 1];
  }
  t.n = n;
  if (d == TL_FLOAT8_E8M0FNU)
    t.next = 2 * t.val[n - 1];
  else
    t.next = t.val[n - 1] + (t.val[n - 1] - t.val[n - 2]);
  free(pairs);
  return t;
}

static inline void ref_table_free(ref_table *t) {
  free(t->val);
  free(t->enc);
}

/* Round |x| (finite, > 0 or 0) to the table: returns index, or n for overflow.
 * `hint` (may be NULL) remembers the last bracket: a sweep over increasing
 * inputs then finds its bracket in O(1); the result does not depend on it. */
static inline int ref_round_index_hint(const ref_table *t, double ax, int ties_up, int *hint) {
  if (ax >= t->next) return t->n;
  int lo = 0, hi = t->n - 1;
  if (ax >= t->val[hi]) {
    double mid = (t->val[hi] + t->next) / 2;
    if (ax < mid) return hi;
    if (ax > mid) return t->n;
    return (ties_up || (t->enc[hi] & 1)) ? t->n : hi;
  }
  int h = hint ? *hint : -1;
  if (h >= 0 && h + 1 < t->n && t->val[h] <= ax && ax < t->val[h + 1]) {
    lo = h, hi = h + 1;
  } else {
    while (hi - lo > 1) { /* val[lo] <= ax < val[hi] */
      int m = (lo + hi) / 2;
      if (t->val[m] <= ax) lo = m; else hi = m;
    }
    if (hint) *hint = lo;
  }
  if (ax < t->val[0]) return 0;
  double mid = (t->val[lo] + t->val[hi]) / 2;
  if (ax < mid) return lo;
  if (ax > mid) return hi;
  if (ties_up) return hi;
  return (t->enc[lo] & 1) ? hi : lo;
}

static inline int ref_round_index(const ref_table *t, double ax, int ties_up) {
  return ref_round_index_hint(t, ax, ties_up, NULL);
}

/* The expected encoding of value x (class/sign/v) in narrow float dtype d,
 * following the documented semantics (docs/conversions.md). For NaN inputs
 * returns the format's NaN/artifact encoding with *is_nan set (sign checked
 * only where the format keeps it). */
static inline uint32_t ref_encode_hint(tl_dtype d, const ref_table *t, ref_val x, int sat, int *is_nan,
                                       int *hint) {
  const tl_dtype_info *in = tl_dtype_get(d);
  int E = in->exponent_bits, M = in->mantissa_bits;
  int sbit = in->is_signed ? E + M : -1;
  uint32_t sg = (sbit >= 0 && x.neg) ? 1u << sbit : 0;
  uint32_t maxenc = t->enc[t->n - 1];
  int mx = !in->has_nan; /* float6/float4 */
  int e8 = d == TL_FLOAT8_E8M0FNU;
  uint32_t nan_enc;
  if (e8) nan_enc = 0xFF;
  else if (in->unsigned_zero) nan_enc = 0x80;
  else if (mx) nan_enc = x.neg ? 0 : (1u << sbit);
  else if (!in->has_inf) nan_enc = sg | ((1u << (E + M)) - 1);
  else nan_enc = sg | (((1u << E) - 1) << M) | (1u << (M - 1));
  uint32_t ovf = mx ? (sg | maxenc) : in->has_inf ? (sg | (((1u << E) - 1) << M)) : nan_enc;
  if (is_nan) *is_nan = 0;
  if (x.cls == 2) {
    if (is_nan) *is_nan = !mx;
    return nan_enc;
  }
  if (x.cls == 1) return ovf;
  if (e8 && (x.neg || x.v == 0)) return sat ? 0x00 : 0xFF;
  double ax = fabs(x.v);
  int i = ref_round_index_hint(t, ax, e8, hint);
  if (i == t->n) return sat ? (sg | maxenc) : ovf;
  if (e8 && t->val[i] == 0) i = 0;
  uint32_t enc = t->enc[i];
  if (t->val[i] == 0) return in->unsigned_zero ? 0 : sg;
  return sg | enc;
}

static inline uint32_t ref_encode(tl_dtype d, const ref_table *t, ref_val x, int sat, int *is_nan) {
  return ref_encode_hint(d, t, x, sat, is_nan, NULL);
}

#endif
