/* rules_numpy1.c — NumPy 1.x (checked against 1.26.4 + ml_dtypes 0.5.4):
 * legacy value-based promotion.
 *
 * np.result_type first runs the same common-DType machinery as NumPy 2
 * (rules_numpy.c; its errors are NumPy 1.26's too), then, when the result is a
 * builtin dtype, some operand is a scalar (0-d) and not every array-like is a
 * plain Python scalar, PyArray_CheckLegacyResultType redoes the promotion
 * value-based when the category rule says so (numpy_mldtypes.md §2.1-2.2):
 *   categories bool 0 < integer 1 < inexact 2 (< other 3); min_scalar_type is
 *   used when there is an array/dtype and the largest array category >= the
 *   largest scalar category; each scalar becomes min_scalar_type(value) and
 *   is folded with promote_types, a "small unsigned" scalar counting as the
 *   signed type of its width next to a signed or inexact type.
 * An object result is not representable. No tables: min_scalar_type is
 * computed from the value and the catalogue's limits. */
#include "internal.h"

#include <math.h>
#include <stdio.h>

#define D(x) TL_##x

static const tl_dtype numpy1_domain[] = {
    D(BOOL), D(INT2), D(INT4), D(INT8), D(INT16), D(INT32), D(INT64), D(UINT2), D(UINT4), D(UINT8), D(UINT16),
    D(UINT32), D(UINT64), D(FLOAT4_E2M1FN), D(FLOAT6_E2M3FN), D(FLOAT6_E3M2FN), D(FLOAT8_E3M4), D(FLOAT8_E4M3),
    D(FLOAT8_E4M3FN), D(FLOAT8_E4M3FNUZ), D(FLOAT8_E4M3B11FNUZ), D(FLOAT8_E5M2), D(FLOAT8_E5M2FNUZ),
    D(FLOAT8_E8M0FNU), D(BFLOAT16), D(FLOAT16), D(FLOAT32), D(FLOAT64), D(COMPLEX64), D(COMPLEX128),
    D(WEAK_INT), D(WEAK_FLOAT), D(WEAK_COMPLEX), TL_DTYPE_NONE};

#define OBJECT ((tl_dtype)1001) /* dtype('O') */

static int is_builtin(tl_dtype d) {
  switch (d) {
  case D(BOOL): case D(INT8): case D(INT16): case D(INT32): case D(INT64): case D(UINT8): case D(UINT16):
  case D(UINT32): case D(UINT64): case D(FLOAT16): case D(FLOAT32): case D(FLOAT64): case D(COMPLEX64):
  case D(COMPLEX128):
    return 1;
  default:
    return 0;
  }
}

static int is_scalar(const tl_operand *o) {
  return o->kind == TL_OPERAND_ZERODIM || o->kind == TL_OPERAND_SCALAR || o->kind == TL_OPERAND_PYSCALAR;
}
static int is_dtype_spec(const tl_operand *o) { return o->kind == TL_OPERAND_DTYPE || o->kind == TL_OPERAND_PYTYPE; }

/* dtype_kind_to_simplified_ordering */
static int category(tl_dtype d) {
  switch (tl__numpy_kind(d)) {
  case 'b': return 0;
  case 'i': case 'u': return 1;
  case 'f': case 'c': return 2;
  default: return 3;
  }
}

/* The descriptor an operand has as an array (Python int: int64 -> uint64 ->
 * object ladder; Python float/complex: float64/complex128). */
static tl_dtype array_descr(const tl_operand *o) {
  if (o->kind == TL_OPERAND_PYTYPE) return o->dtype == D(WEAK_INT) ? D(INT64) : o->dtype == D(WEAK_FLOAT) ? D(FLOAT64) : o->dtype == D(WEAK_COMPLEX) ? D(COMPLEX128) : D(BOOL);
  if (o->kind != TL_OPERAND_PYSCALAR) return o->dtype;
  switch (o->dtype) {
  case D(WEAK_INT):
    if (o->value.kind == TL_VALUE_INT) {
      int i64 = tl__value_fits(&o->value, INT64_MIN, INT64_MAX), u64 = tl__value_fits(&o->value, 0, UINT64_MAX);
      tl_clear_error();
      return i64 ? D(INT64) : u64 ? D(UINT64) : OBJECT;
    }
    return D(INT64);
  case D(WEAK_FLOAT): return D(FLOAT64);
  case D(WEAK_COMPLEX): return D(COMPLEX128);
  default: return D(BOOL);
  }
}

/* min_scalar_type of a 0-d operand (its dtype when the value is unknown). */
static tl_dtype min_scalar_type(const tl_operand *o, int *small_unsigned) {
  tl_dtype d = array_descr(o);
  *small_unsigned = 0;
  if (!is_scalar(o) || (!o->has_value && o->kind != TL_OPERAND_PYSCALAR)) return d;
  if (d == OBJECT || !is_builtin(d)) return d;
  const tl_value *v = &o->value;
  tl_kind k = tl__info(d)->kind;
  if (d == D(BOOL)) return d;
  if (k == TL_KIND_INT || k == TL_KIND_UINT) {
    if (v->kind != TL_VALUE_INT) return d;
    static const tl_dtype u[] = {D(UINT8), D(UINT16), D(UINT32), D(UINT64)};
    static const tl_dtype s[] = {D(INT8), D(INT16), D(INT32), D(INT64)};
    tl_dtype r = OBJECT;
    for (int i = 0; i < 4 && r == OBJECT; i++) {
      tl_iinfo ii;
      tl_iinfo_get(v->negative ? s[i] : u[i], &ii);
      if (tl__value_fits(v, ii.min, ii.max)) {
        r = v->negative ? s[i] : u[i];
        if (!v->negative) {
          tl_iinfo_get(s[i], &ii);
          *small_unsigned = tl__value_fits(v, ii.min, ii.max);
        }
      }
    }
    tl_clear_error();
    return r;
  }
  if (k == TL_KIND_FLOAT) {
    double x = v->kind == TL_VALUE_INT ? tl__value_as_double(v) : v->re;
    if (!isfinite(x) || (x > -65000.0 && x < 65000.0)) return D(FLOAT16);
    if (x > -3.4e38 && x < 3.4e38) return D(FLOAT32);
    return D(FLOAT64);
  }
  double re = v->kind == TL_VALUE_INT ? tl__value_as_double(v) : v->re, im = v->kind == TL_VALUE_COMPLEX ? v->im : 0.0;
  if (fabs(re) < 3.4e38 && fabs(im) < 3.4e38) return D(COMPLEX64);
  if (isnan(re) || isnan(im)) return D(COMPLEX64);
  return D(COMPLEX128);
}

static tl_dtype to_signed(tl_dtype u) {
  return u == D(UINT8) ? D(INT8) : u == D(UINT16) ? D(INT16) : u == D(UINT32) ? D(INT32) : D(INT64);
}

/* promote_types(type1, type2, is_small_unsigned1, is_small_unsigned2) */
static int promote_small(tl_dtype a, tl_dtype b, int sa, int sb, tl_dtype *out) {
  if (a == OBJECT || b == OBJECT) return *out = OBJECT, TL_OK;
  /* a small unsigned value counts as the signed type of its width next to a
   * signed or inexact builtin */
  if (sa && is_builtin(b) && b != D(BOOL) && !tl_dtype_is_unsigned(b)) a = to_signed(a);
  else if (sb && is_builtin(a) && a != D(BOOL) && !tl_dtype_is_unsigned(a)) b = to_signed(b);
  return tl__numpy_promote_types(a, b, out);
}

static int unrepresentable(void) {
  return tl__error(TL_EUNSUPPORTED, "UnrepresentableDtype", "the result is dtype('O') (object), which typelattice does not represent");
}

/* PyArray_LegacyResultType with min_scalar_type */
static int legacy_result(const tl_operand *ops, size_t n, int use_min, tl_dtype *out) {
  tl_dtype r = TL_DTYPE_NONE;
  int rs = 0, st;
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < n; i++) {
      if (is_dtype_spec(&ops[i]) != pass) continue;
      int s = 0;
      tl_dtype t = pass || !use_min ? array_descr(&ops[i]) : min_scalar_type(&ops[i], &s);
      if (r == TL_DTYPE_NONE) {
        r = t, rs = s;
      } else {
        if ((st = promote_small(t, r, s, rs, &r)) != TL_OK) return st;
        rs = s && rs;
      }
    }
  *out = r;
  return TL_OK;
}

static int numpy1_result_dtype(const tl_operand *ops, size_t n, tl_dtype *out) {
  if (n > 256) return tl__error(TL_ERANGE, NULL, "too many operands (%zu; at most 256)", n);
  tl_dtype dts[256];
  size_t k = 0;
  int any_scalar = 0, all_py = 1, n_arr = 0;
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < n; i++) {
      int spec = is_dtype_spec(&ops[i]);
      if (spec == pass) continue;
      const tl_operand *o = &ops[i];
      /* a Python int outside int64 enters with its array dtype (uint64, object) */
      tl_dtype d = spec ? array_descr(o)
                   : (o->kind == TL_OPERAND_PYSCALAR && o->dtype != D(BOOL) &&
                      !(o->dtype == D(WEAK_INT) && array_descr(o) != D(INT64)))
                       ? o->dtype
                       : array_descr(o);
      if (d == OBJECT) return unrepresentable();
      if (!spec) {
        n_arr++;
        any_scalar |= is_scalar(o);
        if (o->kind != TL_OPERAND_PYSCALAR || o->dtype == D(BOOL) || array_descr(o) != (o->dtype == D(WEAK_INT) ? D(INT64) : array_descr(o)))
          all_py = 0;
      } else {
        all_py = 0;
      }
      dts[k++] = d;
    }
  if (n == 1 && ops[0].kind == TL_OPERAND_PYSCALAR) {
    tl_dtype d = array_descr(&ops[0]);
    if (d == OBJECT) return unrepresentable();
    return *out = d, TL_OK;
  }
  tl_dtype r;
  int st = tl__numpy_promote_sequence(dts, k, &r);
  if (st != TL_OK) return st;
  r = r == D(WEAK_INT) ? D(INT64) : r == D(WEAK_FLOAT) ? D(FLOAT64) : r == D(WEAK_COMPLEX) ? D(COMPLEX128) : r;
  if (is_builtin(r) && any_scalar && !all_py) {
    /* should_use_min_scalar */
    int max_s = -1, max_a = -1, all_scalars = 1, legacy = 1;
    for (size_t i = 0; i < n; i++) {
      int c = category(array_descr(&ops[i]) == OBJECT ? D(BOOL) : array_descr(&ops[i]));
      if (array_descr(&ops[i]) == OBJECT) c = 3;
      if (is_dtype_spec(&ops[i])) {
        all_scalars = 0;
        if (c > max_a) max_a = c;
      } else if (is_scalar(&ops[i])) {
        if (c > max_s) max_s = c;
      } else {
        all_scalars = 0;
        if (c > max_a) max_a = c;
      }
    }
    /* PyArray_LegacyResultType: value-based only under the category rule,
     * else promote_types over the operands' own dtypes */
    if ((st = legacy_result(ops, n, legacy && !all_scalars && max_a >= max_s, &r)) != TL_OK) return st;
  }
  if (r == OBJECT) return unrepresentable();
  *out = r;
  return TL_OK;
}

static int numpy1_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  tl_dtype r;
  int st;
  int all_builtin = 1;
  for (size_t i = 0; i < n; i++) all_builtin &= ops[i].kind == TL_OPERAND_PYSCALAR || ops[i].kind == TL_OPERAND_PYTYPE || is_builtin(ops[i].dtype);
  if (cfg->op && !all_builtin) st = tl__numpy_linear_search(ops, n, &r);
  else st = numpy1_result_dtype(ops, n, &r);
  if (st != TL_OK) return st;
  out->dtype = r;
  out->weak = 0;
  return TL_OK;
}

static int numpy1_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  (void)cfg;
  return tl__numpy_promote_types(a, b, out);
}

static int numpy1_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                           tl_casting casting, int *out) {
  (void)cfg;
  return tl__numpy_can_cast(1, from, fo, to, too, casting, out);
}

const tl_rules tl__rules_numpy1 = {
    "numpy1",
    "NumPy 1.x legacy promotion: value-based min_scalar_type for scalars under the category rule",
    "numpy 1.26.4 + ml_dtypes 0.5.4",
    numpy1_domain,
    numpy1_promote_types,
    numpy1_result_type,
    numpy1_can_cast,
    NULL,
    NULL,
};
