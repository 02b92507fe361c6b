/* rules_numpy1.c — NumPy 1.x (checked against 1.26.4 + ml_dtypes 0.5.4):
 * legacy value-based promotion.
 *
 * np.result_type first runs the common-DType machinery of rules_numpy.c in
 * its NumPy 1.x variant (tl__numpy1_promote_sequence: every Python
 * int/float/complex is its abstract DType, which keeps other builtin
 * numbers), then, when the result is a builtin dtype, some operand is a
 * scalar (0-d) and not every array-like is a plain Python scalar,
 * PyArray_CheckLegacyResultType redoes the promotion (numpy_mldtypes.md
 * §2.1-2.2):
 *   categories bool 0 < integer 1 < inexact 2 (< other 3); min_scalar_type is
 *   used when there is an array/dtype and the largest array category >= the
 *   largest scalar category; each scalar becomes min_scalar_type(value) of
 *   its own type and is folded with promote_types, a "small unsigned" scalar
 *   counting as the signed type of its width next to a signed or inexact
 *   type; otherwise the descriptors are promoted as a sequence.
 * `a + b` with an ml_dtypes operand is the legacy linear loop search with
 * value-based can_cast for 0-d operands (§5.4); a Python int beyond
 * int64/uint64 is an object array (OO->O loop).
 * An object result is TL_OBJECT ("object"). No tables: min_scalar_type is
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

#define OBJECT TL__NPY_OBJECT     /* dtype('O') (internal.h) */
#define ULL TL__NPY_ULONGLONG     /* NumPy 1.x's second uint64 DType (internal.h) */
#define LL TL__NPY_LONGLONG       /* and its second int64 DType */

static int is_builtin(tl_dtype d) {
  if (d == ULL || d == LL) return 1;
  switch (d) {
  case D(BOOL): case D(INT8): case D(INT16): case D(INT32): case D(INT64): case D(UINT8): case D(UINT16):
  case D(UINT32): case D(UINT64): case D(FLOAT16): case D(FLOAT32): case D(FLOAT64): case D(COMPLEX64):
  case D(COMPLEX128):
    return 1;
  default:
    return 0;
  }
}

/* PyTypeNum_ISUNSIGNED: builtin unsigned integers only (not ml_dtypes' uintN) */
static int is_unsigned_num(tl_dtype d) { return d == ULL || (is_builtin(d) && tl_dtype_is_unsigned(d)); }

static int is_scalar(const tl_operand *o) {
  return o->kind == TL_OPERAND_ZERODIM || o->kind == TL_OPERAND_SCALAR || o->kind == TL_OPERAND_PYSCALAR;
}
static int is_dtype_spec(const tl_operand *o) { return o->kind == TL_OPERAND_DTYPE || o->kind == TL_OPERAND_PYTYPE; }

/* dtype_kind_to_simplified_ordering */
static int category(tl_dtype d) {
  if (d == OBJECT) return 3;
  switch (tl__numpy_kind(d)) {
  case 'b': return 0;
  case 'i': case 'u': return 1;
  case 'f': case 'c': return 2;
  default: return 3;
  }
}

/* The descriptor an operand has as an array. A Python int follows the integer
 * ladder long (int64) -> ULongLong (np.array(2**63)) -> object; a Python
 * float/complex is float64/complex128. */
static tl_dtype array_descr(const tl_operand *o) {
  if (o->kind == TL_OPERAND_PYTYPE) return o->dtype == D(WEAK_INT) ? D(INT64) : o->dtype == D(WEAK_FLOAT) ? D(FLOAT64) : o->dtype == D(WEAK_COMPLEX) ? D(COMPLEX128) : D(BOOL);
  if (o->kind != TL_OPERAND_PYSCALAR) return o->dtype;
  switch (o->dtype) {
  case D(WEAK_INT):
    if (o->value.kind == TL_VALUE_INT) {
      int i64 = tl__value_fits(&o->value, INT64_MIN, INT64_MAX), u64 = tl__value_fits(&o->value, 0, UINT64_MAX);
      tl_clear_error();
      return i64 ? D(INT64) : u64 ? ULL : OBJECT;
    }
    return D(INT64);
  case D(WEAK_FLOAT): return D(FLOAT64);
  case D(WEAK_COMPLEX): return D(COMPLEX128);
  default: return D(BOOL);
  }
}

/* type_num_unsigned_to_signed: a builtin unsigned integer becomes the signed
 * type of its width; anything else is returned unchanged (mapping every other
 * dtype to int64 made `int8 int8 1` int64). */
static tl_dtype to_signed(tl_dtype u) {
  return u == D(UINT8) ? D(INT8) : u == D(UINT16) ? D(INT16) : u == D(UINT32) ? D(INT32)
       : u == D(UINT64) ? D(INT64) : u == ULL ? LL : u;
}

static double value_re(const tl_value *v) {
  return v->kind == TL_VALUE_INT ? tl__value_as_double(v) : v->kind == TL_VALUE_BOOL ? (double)v->lo : v->re;
}

/* min_scalar_type_num: the smallest type of the operand's own type family
 * that holds its value (its dtype when it is not a 0-d builtin number or the
 * value is unknown). A non-negative value comes out unsigned; *small_unsigned
 * tells that it also fits the signed type of the same width. A non-negative
 * int64 beyond uint32 comes out as ULongLong, a np.uint64 one as ULong. */
static tl_dtype min_scalar_type(const tl_operand *o, int *small_unsigned) {
  tl_dtype d = array_descr(o);
  *small_unsigned = 0;
  if (!is_scalar(o) || (!o->has_value && o->kind != TL_OPERAND_PYSCALAR)) return d;
  if (!is_builtin(d) || d == D(BOOL)) return d;
  const tl_value *v = &o->value;
  if (is_unsigned_num(d) || tl_dtype_is_signed(d)) {
    if (v->kind != TL_VALUE_INT) return d;
    tl_dtype r = d;
    if (v->negative) {
      static const tl_dtype s[] = {D(INT8), D(INT16), D(INT32)};
      for (int i = 0; i < 3; i++) {
        tl_iinfo ii;
        tl_iinfo_get(s[i], &ii);
        if (tl__value_fits(v, ii.min, ii.max)) {
          r = s[i];
          break;
        }
      }
    } else {
      static const tl_dtype u[] = {D(UINT8), D(UINT16), D(UINT32)};
      r = d == D(UINT64) ? D(UINT64) : ULL;
      for (int i = 0; i < 3; i++) {
        tl_iinfo ii;
        tl_iinfo_get(u[i], &ii);
        if (tl__value_fits(v, ii.min, ii.max)) {
          r = u[i];
          break;
        }
      }
      tl_iinfo ii;
      tl_iinfo_get(to_signed(r) == LL ? D(INT64) : to_signed(r), &ii);
      *small_unsigned = tl__value_fits(v, ii.min, ii.max);
    }
    tl_clear_error();
    return r;
  }
  double re = value_re(v), im = v->kind == TL_VALUE_COMPLEX ? v->im : 0.0;
  switch (d) {
  case D(FLOAT32): {
    float x = (float)re;
    return (x > -65000.0f && x < 65000.0f) || !isfinite(x) ? D(FLOAT16) : D(FLOAT32);
  }
  case D(FLOAT64):
    if ((re > -65000.0 && re < 65000.0) || !isfinite(re)) return D(FLOAT16);
    return re > -3.4e38 && re < 3.4e38 ? D(FLOAT32) : D(FLOAT64);
  case D(COMPLEX128):
    return re > -3.4e38 && re < 3.4e38 && im > -3.4e38 && im < 3.4e38 ? D(COMPLEX64) : D(COMPLEX128);
  default: /* float16, complex64 */
    return d;
  }
}

/* promote_types(type1, type2, is_small_unsigned1, is_small_unsigned2): a
 * small unsigned value counts as the signed type of its width next to a
 * builtin that is neither bool nor unsigned. */
static int promote_small(tl_dtype a, tl_dtype b, int sa, int sb, tl_dtype *out) {
  if (a == OBJECT || b == OBJECT) return *out = OBJECT, TL_OK;
  if (sa && is_builtin(b) && b != D(BOOL) && !is_unsigned_num(b)) a = to_signed(a);
  else if (sb && is_builtin(a) && a != D(BOOL) && !is_unsigned_num(a)) b = to_signed(b);
  return tl__numpy_promote_types(a, b, out);
}

static int object_result(tl_dtype *out) { return *out = OBJECT, TL_OK; }

/* should_use_min_scalar over the operands as arrays (dtype specifiers count
 * as arrays): some operand is not 0-d and the largest array category is at
 * least the largest scalar category. */
static int use_min_scalar(const tl_operand *ops, size_t n) {
  int max_s = -1, max_a = -1, all_scalars = 1;
  for (size_t i = 0; i < n; i++) {
    int c = category(array_descr(&ops[i]));
    if (!is_dtype_spec(&ops[i]) && is_scalar(&ops[i])) {
      if (c > max_s) max_s = c;
    } else {
      all_scalars = 0;
      if (c > max_a) max_a = c;
    }
  }
  return !all_scalars && max_a >= max_s;
}

/* PyArray_CheckLegacyResultType's promotion: the arrays (each 0-d one as its
 * min_scalar_type when use_min) folded with promote_types, then the dtype
 * specifiers (the small-unsigned flag of the result carries on through them);
 * without use_min, PyArray_PromoteTypeSequence over the descriptors. */
static int legacy_result(const tl_operand *ops, size_t n, int use_min, tl_dtype *out) {
  tl_dtype r = TL_DTYPE_NONE;
  int rs = 0, st;
  if (!use_min) {
    tl_dtype dts[256];
    size_t k = 0;
    for (int pass = 0; pass < 2; pass++)
      for (size_t i = 0; i < n; i++)
        if (is_dtype_spec(&ops[i]) == pass) dts[k++] = array_descr(&ops[i]);
    return tl__numpy_promote_sequence(dts, k, out);
  }
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < n; i++) {
      if (is_dtype_spec(&ops[i]) != pass) continue;
      int s = 0;
      tl_dtype t = pass ? array_descr(&ops[i]) : min_scalar_type(&ops[i], &s);
      if (r == TL_DTYPE_NONE) {
        r = t, rs = s;
      } else {
        if ((st = promote_small(t, r, s, rs, &r)) != TL_OK) return st;
        if (!pass) rs = s && rs;
      }
    }
  *out = r;
  return TL_OK;
}

static tl_dtype reported(tl_dtype d) { return d == ULL ? D(UINT64) : d == LL ? D(INT64) : d; }

/* np.result_type: PyArray_PromoteDTypeSequence over the DTypes (Python
 * int/float/complex values as the abstract Python DTypes, whatever their
 * value), then, for a builtin result with some 0-d operand that is not a
 * plain Python scalar, PyArray_CheckLegacyResultType. */
static int numpy1_result_dtype(const tl_operand *ops, size_t n, tl_dtype *out) {
  if (n > 256) return tl__error(TL_ERANGE, NULL, "too many operands (%zu; at most 256)", n);
  if (n == 1 && ops[0].kind == TL_OPERAND_PYSCALAR) {
    tl_dtype d = array_descr(&ops[0]);
    return *out = reported(d), TL_OK;
  }
  tl_dtype dts[256];
  size_t k = 0;
  int any_scalar = 0, all_py = 1;
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < n; i++) {
      int spec = is_dtype_spec(&ops[i]);
      if (spec == pass) continue;
      const tl_operand *o = &ops[i];
      int py = o->kind == TL_OPERAND_PYSCALAR && o->dtype != D(BOOL);
      dts[k++] = py ? o->dtype : array_descr(o);
      if (!spec) any_scalar |= is_scalar(o);
      /* a Python int that is not a long array (ULongLong, object) counts as
       * a non-Python operand here */
      if (!py || (o->dtype == D(WEAK_INT) && array_descr(o) != D(INT64))) all_py = 0;
    }
  tl_dtype r;
  int st = tl__numpy1_promote_sequence(dts, k, &r);
  if (st != TL_OK) return st;
  r = r == D(WEAK_INT) ? D(INT64) : r == D(WEAK_FLOAT) ? D(FLOAT64) : r == D(WEAK_COMPLEX) ? D(COMPLEX128) : r;
  if (is_builtin(r) && any_scalar && !all_py && (st = legacy_result(ops, n, use_min_scalar(ops, n), &r)) != TL_OK)
    return st;
  *out = reported(r);
  return TL_OK;
}

/* ---- `a + b` (--op) ------------------------------------------------------- */

/* An object operand (a Python int beyond int64/uint64) selects the OO->O
 * loop, which adds the elements as Python objects. With every operand 0-d the
 * result is that Python value, and the answer is np.asarray of it: an exact
 * integer sum (bool, integer and intN elements) on the integer ladder, a
 * float (any floating element) float64, a complex complex128. With an n-d
 * operand it is an object array. */
static int object_loop(const tl_operand *ops, size_t n, tl_dtype *out) {
  int kind = 0; /* 0 integer, 1 float, 2 complex */
  for (size_t i = 0; i < n; i++) {
    tl_dtype d = array_descr(&ops[i]);
    if (!is_scalar(&ops[i])) return object_result(out);
    if (d == OBJECT || d == ULL || d == D(BOOL) || tl_dtype_is_integer(d)) continue;
    int k = tl_dtype_is_complex(d) ? 2 : 1;
    if (k > kind) kind = k;
  }
  if (kind) return *out = kind == 2 ? D(COMPLEX128) : D(FLOAT64), TL_OK;
  /* exact sum of the positive and of the negative values (128 bits each; a
   * sum that does not fit, or an unknown value, stays a Python int or an
   * object array: object) */
  uint64_t phi = 0, plo = 0, nhi = 0, nlo = 0;
  for (size_t i = 0; i < n; i++) {
    const tl_value *v = &ops[i].value;
    uint64_t hi = v->kind == TL_VALUE_INT ? v->hi : 0, lo = v->kind == TL_VALUE_INT || v->kind == TL_VALUE_BOOL ? v->lo : 0;
    if (!ops[i].has_value && ops[i].kind != TL_OPERAND_PYSCALAR) return object_result(out);
    uint64_t *h = v->kind == TL_VALUE_INT && v->negative ? &nhi : &phi, *l = h == &nhi ? &nlo : &plo;
    *l += lo;
    uint64_t carry = *l < lo, h1 = *h + hi;
    int over = h1 < hi;
    *h = h1 + carry;
    if (over || *h < carry) return object_result(out);
  }
  tl_value sum = {TL_VALUE_INT, 0, 0, 0, 0.0, 0.0};
  if (phi > nhi || (phi == nhi && plo >= nlo)) {
    sum.hi = phi - nhi - (plo < nlo), sum.lo = plo - nlo;
  } else {
    sum.negative = 1, sum.hi = nhi - phi - (nlo < plo), sum.lo = nlo - plo;
  }
  int i64 = tl__value_fits(&sum, INT64_MIN, INT64_MAX), u64 = tl__value_fits(&sum, 0, UINT64_MAX);
  tl_clear_error();
  if (!i64 && !u64) return object_result(out);
  return *out = i64 ? D(INT64) : D(UINT64), TL_OK;
}

/* can_cast_scalar_to(operand, loop type, 'safe') with value-based casting:
 * the safe cast of its dtype, else (0-d builtin numbers only) of its
 * min_scalar_type, made signed when small unsigned and the loop type is not
 * a builtin unsigned. */
static int input_castable(const tl_operand *o, int use_min, tl_dtype to) {
  tl_dtype d = array_descr(o);
  if (tl__numpy_safe(d, to)) return 1;
  if (!use_min || !is_scalar(o) || !is_builtin(d)) return 0;
  int small = 0;
  tl_dtype m = min_scalar_type(o, &small);
  if (small && !is_unsigned_num(to)) m = to_signed(m);
  return tl__numpy_safe(m, to);
}

/* np.add's type resolution with an ml_dtypes operand: the legacy linear
 * search (linear_search_type_resolver), user loops T,T->T of the operands'
 * user dtypes first, then the builtin loops in np.add.types order; each
 * input must cast safely, value-based for 0-d operands when
 * should_use_min_scalar says so. Python scalars are plain arrays here. */
static int numpy1_linear_search(const tl_operand *ops, size_t n, tl_dtype *out) {
  static const tl_dtype builtin_loops[] = {D(BOOL),    D(INT8),    D(UINT8),     D(INT16),     D(UINT16),
                                           D(INT32),   D(UINT32),  D(INT64),     D(UINT64),    D(FLOAT16),
                                           D(FLOAT32), D(FLOAT64), D(COMPLEX64), D(COMPLEX128)};
  tl_dtype cand[256 + TL__COUNT(builtin_loops)];
  size_t nc = 0;
  for (size_t i = 0; i < n; i++) {
    tl_dtype d = array_descr(&ops[i]);
    if (!is_builtin(d) && (nc == 0 || cand[nc - 1] != d)) cand[nc++] = d;
  }
  for (size_t i = 0; i < TL__COUNT(builtin_loops); i++) cand[nc++] = builtin_loops[i];
  int use_min = use_min_scalar(ops, n);
  for (size_t c = 0; c < nc; c++) {
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++) ok = input_castable(&ops[i], use_min, cand[c]);
    if (ok) return *out = cand[c], TL_OK;
  }
  char list[1024];
  size_t used = 0;
  list[0] = '\0';
  for (size_t i = 0; i < n && used < sizeof list - 64; i++)
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                             tl__numpy_dtype_class(array_descr(&ops[i])));
  return tl__error(TL_EPROMOTE, "UFuncNoLoopError",
                   "ufunc 'add' did not contain a loop with signature matching types (%s) -> None", list);
}

static int numpy1_op(const tl_operand *ops, size_t n, tl_dtype *out) {
  if (n > 256) return tl__error(TL_ERANGE, NULL, "too many operands (%zu; at most 256)", n);
  int all_builtin = 1, any_object = 0;
  for (size_t i = 0; i < n; i++) {
    tl_dtype d = array_descr(&ops[i]);
    any_object |= d == OBJECT;
    all_builtin &= is_builtin(d);
  }
  if (any_object) return object_loop(ops, n, out);
  /* builtins only: the default type resolver is result_type */
  if (all_builtin) return numpy1_result_dtype(ops, n, out);
  return numpy1_linear_search(ops, n, out);
}

int tl__numpy1_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  tl_dtype r = TL_DTYPE_NONE;
  int st = cfg->op ? numpy1_op(ops, n, &r) : numpy1_result_dtype(ops, n, &r);
  if (st != TL_OK) return st;
  out->dtype = r;
  out->weak = 0;
  return TL_OK;
}

/* np.promote_types is NumPy 2's (table-driven there). */
static int numpy1_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  return tl__rules_numpy.promote_types(cfg, a, b, out);
}

static int numpy1_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  return tl__numpy1_exact_result(cfg, ops, n, out);
}

static int numpy1_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                           tl_casting casting, int *out) {
  (void)cfg;
  return tl__numpy_can_cast(1, from, fo, to, too, casting, out);
}

/* np.can_cast(from_, to, casting) in NumPy 1.26 when from_ is a value (a Python scalar, NumPy scalar
 * or 0-d array): PyArray_FROM_O makes it a 0-d array (a Python int: int64, ULongLong, or object),
 * then can_cast_scalar_to: true for 'unsafe' and whenever the type cast is allowed; else, for a
 * builtin number only, min_scalar_type of the value (signed when small unsigned and `to` is not a
 * builtin unsigned) cast by type with the same casting. Python types, dtypes and n-d arrays are
 * declined (the type-based answer). */
static int numpy1_can_cast_operand(const tl_config *cfg, const tl_operand *from, tl_byteorder fo, tl_dtype to,
                                   tl_byteorder too, tl_casting casting, int *out) {
  (void)cfg;
  if (!is_scalar(from) || (from->kind != TL_OPERAND_PYSCALAR && !from->has_value)) return TL__DECLINED;
  tl_dtype d = array_descr(from);
  if (casting == TL_CASTING_UNSAFE) return *out = 1, TL_OK;
  if (d == OBJECT) return *out = 0, TL_OK; /* object -> numbers is an unsafe cast; no value-based step */
  int yes = 0, st;
  if ((st = tl__numpy_can_cast(1, reported(d), fo, to, too, casting, &yes)) != TL_OK) return st;
  if (yes || !is_builtin(d)) return *out = yes, TL_OK;
  int small = 0;
  tl_dtype m = min_scalar_type(from, &small);
  if (small && !is_unsigned_num(to)) m = to_signed(m);
  if ((st = tl__numpy_can_cast(1, reported(m), TL_BYTEORDER_NATIVE, to, too, casting, &yes)) != TL_OK) return st;
  return *out = yes, TL_OK;
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
    NULL, /* fast_result_type */
    numpy1_can_cast_operand, /* can_cast_operand */
};
