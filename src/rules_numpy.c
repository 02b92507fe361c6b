/* rules_numpy.c — NumPy >= 2 (NEP 50) with ml_dtypes' user dtypes.
 *
 * Data: NumPy's type numbers and DType class names, the order of the builtin
 * loops of np.add. Everything else is derived the way NumPy derives it:
 *   - the builtin promotion table from the safe-cast relation (cast_numpy.c):
 *     a safe cast one way gives the other type, else the smallest builtin of
 *     the larger kind (and then the larger kinds) both cast to safely;
 *   - ml_dtypes' types through legacy_userdtype_common_dtype_function (the
 *     same rule, kind search only for b/u/i/f/c kinds);
 *   - Python int/float/complex as the abstract DTypes _PyLongDType,
 *     _PyFloatDType, _PyComplexDType with their common_dtype fallbacks;
 *   - np.result_type as PyArray_PromoteDTypeSequence (its pairing order and
 *     its error message);
 *   - `a + b` (--op) as the ufunc type resolution: result_type when every
 *     operand is a builtin, else the legacy linear loop search (user loops
 *     first), then the Python int -> loop dtype conversion checks.
 * Facts: ../shared/reference/numpy_mldtypes.md §1, §3, §5.4. */
#include "internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#define D(x) TL_##x
#define NOTIMPL TL_DTYPE_NONE

static const tl_dtype numpy_domain[] = {
    D(BOOL), D(INT1), D(INT2), D(INT4), D(INT8), D(INT16), D(INT32), D(INT64), D(UINT1), D(UINT2), D(UINT4), D(UINT8), D(UINT16),
    D(UINT32), D(UINT64), D(FLOAT4_E2M1FN), D(FLOAT6_E2M3FN), D(FLOAT6_E3M2FN), D(FLOAT8_E3M4), D(FLOAT8_E4M3),
    D(FLOAT8_E4M3FN), D(FLOAT8_E4M3FNUZ), D(FLOAT8_E4M3B11FNUZ), D(FLOAT8_E5M2), D(FLOAT8_E5M2FNUZ),
    D(FLOAT8_E8M0FNU), D(BFLOAT16), D(FLOAT16), D(FLOAT32), D(FLOAT64), D(COMPLEX32), D(BCOMPLEX32), D(COMPLEX64),
    D(COMPLEX128), D(WEAK_INT), D(WEAK_FLOAT), D(WEAK_COMPLEX), TL_DTYPE_NONE};

/* ---- DTypes ----------------------------------------------------------------- */

/* NumPy type numbers: builtins as in ndarraytypes.h (int64 is 'l'), ml_dtypes'
 * types in registration order (ml_dtypes 0.6.0; 0.5.4 numbers its intN types
 * two lower, which changes nothing below: only the order among them counts). */
static int type_num(tl_dtype d) {
  if (d == TL__NPY_ULONGLONG) return 10; /* NumPy 1.x only (internal.h) */
  if (d == TL__NPY_LONGLONG) return 9;
  if (d == TL__NPY_OBJECT) return 17;
  switch (d) {
  case D(BOOL): return 0;
  case D(INT8): return 1;
  case D(UINT8): return 2;
  case D(INT16): return 3;
  case D(UINT16): return 4;
  case D(INT32): return 5;
  case D(UINT32): return 6;
  case D(INT64): return 7;
  case D(UINT64): return 8;
  case D(FLOAT32): return 11;
  case D(FLOAT64): return 12;
  case D(COMPLEX64): return 14;
  case D(COMPLEX128): return 15;
  case D(FLOAT16): return 23;
  case D(BFLOAT16): return 256;
  case D(FLOAT8_E3M4): return 257;
  case D(FLOAT8_E4M3): return 258;
  case D(FLOAT8_E4M3B11FNUZ): return 259;
  case D(FLOAT8_E4M3FN): return 260;
  case D(FLOAT8_E4M3FNUZ): return 261;
  case D(FLOAT8_E5M2): return 262;
  case D(FLOAT8_E5M2FNUZ): return 263;
  case D(FLOAT6_E2M3FN): return 264;
  case D(FLOAT6_E3M2FN): return 265;
  case D(FLOAT4_E2M1FN): return 266;
  case D(FLOAT8_E8M0FNU): return 267;
  case D(INT1): return 268; /* ml_dtypes 0.6 */
  case D(UINT1): return 269;
  case D(BCOMPLEX32): return 274;
  case D(INT2): return 270;
  case D(UINT2): return 271;
  case D(INT4): return 272;
  case D(UINT4): return 273;
  case D(COMPLEX32): return 275;
  default: return -1; /* abstract Python DTypes */
  }
}

static int is_builtin(tl_dtype d) { int n = type_num(d); return n >= 0 && n < 256; }
static int is_abstract(tl_dtype d) { return tl_dtype_is_weak(d); }
/* The catalogue dtype of a builtin (NumPy 1.x's ULongLong is a uint64). */
static tl_dtype catalogue_of(tl_dtype d) { return d == TL__NPY_ULONGLONG ? D(UINT64) : d == TL__NPY_LONGLONG ? D(INT64) : d; }

/* str() of the DType class, as NumPy's messages print it. */
const char *tl__numpy_dtype_class(tl_dtype d) {
  if (d == TL__NPY_ULONGLONG) return "<class 'numpy.dtypes.ULongLongDType'>";
  if (d == TL__NPY_LONGLONG) return "<class 'numpy.dtypes.LongLongDType'>";
  if (d == TL__NPY_OBJECT) return "<class 'numpy.dtypes.ObjectDType'>";
  switch (d) {
  case D(BOOL): return "<class 'numpy.dtypes.BoolDType'>";
  case D(INT8): return "<class 'numpy.dtypes.Int8DType'>";
  case D(UINT8): return "<class 'numpy.dtypes.UInt8DType'>";
  case D(INT16): return "<class 'numpy.dtypes.Int16DType'>";
  case D(UINT16): return "<class 'numpy.dtypes.UInt16DType'>";
  case D(INT32): return "<class 'numpy.dtypes.Int32DType'>";
  case D(UINT32): return "<class 'numpy.dtypes.UInt32DType'>";
  case D(INT64): return "<class 'numpy.dtypes.Int64DType'>";
  case D(UINT64): return "<class 'numpy.dtypes.UInt64DType'>";
  case D(FLOAT16): return "<class 'numpy.dtypes.Float16DType'>";
  case D(FLOAT32): return "<class 'numpy.dtypes.Float32DType'>";
  case D(FLOAT64): return "<class 'numpy.dtypes.Float64DType'>";
  case D(COMPLEX64): return "<class 'numpy.dtypes.Complex64DType'>";
  case D(COMPLEX128): return "<class 'numpy.dtypes.Complex128DType'>";
  case D(WEAK_INT): return "<class 'numpy.dtypes._PyLongDType'>";
  case D(WEAK_FLOAT): return "<class 'numpy.dtypes._PyFloatDType'>";
  case D(WEAK_COMPLEX): return "<class 'numpy.dtypes._PyComplexDType'>";
  default: break;
  }
  /* ml_dtypes' types: numpy.dtype[NAME] */
  static const char *const user[TL_NUM_DTYPES] = {
#define U(id, name, v) [v] = "<class 'numpy.dtype[" #name "]'>",
      TL_DTYPE_MAP(U)
#undef U
  };
  return tl__concrete(d) && user[d] ? user[d] : "<class '?'>";
}

/* NumPy's scalar kinds for the legacy kind search (NPY_NOSCALAR = -1). */
static int scalar_kind(tl_dtype d) {
  switch (tl__numpy_kind(d)) {
  case 'b': return 0;
  case 'u': return 1;
  case 'i': return 2;
  case 'f': return 3;
  case 'c': return 4;
  default: return -1;
  }
}

/* _npy_smallest_type_of_kind_table / _npy_next_larger_type_table over the
 * builtins of the catalogue (no longlong/longdouble). */
static tl_dtype smallest_of_kind(int sk) {
  static const tl_dtype t[] = {D(BOOL), D(UINT8), D(INT8), D(FLOAT16), D(COMPLEX64)};
  return sk >= 0 && sk < 5 ? t[sk] : NOTIMPL;
}
static tl_dtype next_larger(tl_dtype d) {
  switch (d) {
  case D(UINT8): return D(UINT16);
  case D(UINT16): return D(UINT32);
  case D(UINT32): return D(UINT64);
  case D(INT8): return D(INT16);
  case D(INT16): return D(INT32);
  case D(INT32): return D(INT64);
  case D(FLOAT16): return D(FLOAT32);
  case D(FLOAT32): return D(FLOAT64);
  case D(COMPLEX64): return D(COMPLEX128);
  default: return NOTIMPL;
  }
}

/* Safe cast one way -> the other type; else (both of kind b/u/i/f/c) the first
 * builtin from the smallest type of the larger kind upward that both cast to
 * safely; else NotImplemented. This is both how NumPy's builtin promotion
 * table was generated and legacy_userdtype_common_dtype_function. */
static tl_dtype legacy_common(tl_dtype a, tl_dtype b) {
  if (tl__numpy_safe(a, b)) return b;
  if (tl__numpy_safe(b, a)) return a;
  int k1 = scalar_kind(a), k2 = scalar_kind(b);
  if (k1 < 0 || k2 < 0) return NOTIMPL;
  int sk = k1 > k2 ? k1 : k2;
  tl_dtype r = smallest_of_kind(sk);
  for (;;) {
    if (r == NOTIMPL) {
      if (++sk >= 5) return NOTIMPL;
      r = smallest_of_kind(sk);
    }
    if (tl__numpy_safe(a, r) && tl__numpy_safe(b, r)) return r;
    r = next_larger(r);
  }
}

static tl_dtype slot(int np1, tl_dtype cls, tl_dtype other);

/* _PyLongDType / _PyFloatDType / _PyComplexDType common_dtype: a builtin
 * bool/integer gives the default type of the kind; a user dtype is tried
 * against uint8 then int8 then intp (int), float16 then float64 (float),
 * complex64 then complex128 (complex). */
static tl_dtype abstract_slot(int np1, tl_dtype cls, tl_dtype other) {
  if (is_abstract(other)) {
    /* int < float < complex */
    return other <= cls ? cls : NOTIMPL;
  }
  if (is_builtin(other)) {
    int intish = other == D(BOOL) || tl_dtype_is_integer(catalogue_of(other));
    if (np1) {
      /* NumPy 1.x: the other builtin numbers are kept (complex from a
       * float: the complex of its precision) */
      tl_kind k = tl__info(catalogue_of(other))->kind;
      if (cls == D(WEAK_INT)) return other == D(BOOL) ? D(INT64) : other;
      if (cls == D(WEAK_FLOAT)) return intish ? D(FLOAT64) : other;
      if (intish) return D(COMPLEX128);
      if (k == TL_KIND_FLOAT) return other == D(FLOAT64) ? D(COMPLEX128) : D(COMPLEX64);
      return other;
    }
    if (cls == D(WEAK_INT)) return other == D(BOOL) ? D(INT64) : NOTIMPL;
    if (cls == D(WEAK_FLOAT)) return intish ? D(FLOAT64) : NOTIMPL;
    return intish ? D(COMPLEX128) : NOTIMPL;
  }
  static const tl_dtype tries[3][3] = {{D(UINT8), D(INT8), D(INT64)},
                                       {D(FLOAT16), D(FLOAT64), NOTIMPL},
                                       {D(COMPLEX64), D(COMPLEX128), NOTIMPL}};
  const tl_dtype *t = tries[cls - D(WEAK_INT)];
  for (int i = 0; i < 3 && t[i] != NOTIMPL; i++) {
    tl_dtype r = slot(np1, other, t[i]);
    if (r != NOTIMPL) return r;
  }
  return NOTIMPL;
}

/* NPY_DT_CALL_common_dtype(cls, other). */
static tl_dtype slot(int np1, tl_dtype cls, tl_dtype other) {
  if (cls == other) return cls;
  /* object: its own slot answers object to everything; a builtin of a
   * smaller type number leaves it to object; half and the user DTypes cast
   * to it safely; the abstract Python DTypes do not know it */
  if (cls == TL__NPY_OBJECT) return cls;
  if (other == TL__NPY_OBJECT) return is_abstract(cls) || type_num(cls) < type_num(other) ? NOTIMPL : other;
  if (is_abstract(cls)) return abstract_slot(np1, cls, other);
  if (is_builtin(cls)) {
    if (is_abstract(other)) { /* default_builtin_common_dtype */
      tl_kind k = tl__info(catalogue_of(cls))->kind;
      int inexact = k == TL_KIND_FLOAT || k == TL_KIND_COMPLEX;
      if (other == D(WEAK_COMPLEX)) {
        if (k == TL_KIND_COMPLEX) return cls;
        if (cls == D(FLOAT16) || cls == D(FLOAT32)) return D(COMPLEX64);
        if (cls == D(FLOAT64)) return D(COMPLEX128);
        return NOTIMPL;
      }
      if (other == D(WEAK_FLOAT)) return inexact ? cls : NOTIMPL;
      return inexact || k == TL_KIND_INT || k == TL_KIND_UINT ? cls : NOTIMPL;
    }
    if (type_num(other) > type_num(cls)) return NOTIMPL;
    /* NumPy's builtin table: of two types that cast safely both ways (only
     * NumPy 1.x's ULong and ULongLong), the larger type number */
    if (is_builtin(other) && tl__numpy_safe(cls, other) && tl__numpy_safe(other, cls)) return cls;
    return legacy_common(cls, other);
  }
  /* legacy user dtype */
  if (is_abstract(other)) return NOTIMPL;
  if (type_num(cls) < type_num(other)) return NOTIMPL;
  return legacy_common(cls, other);
}

/* PyArray_CommonDType: NOTIMPL when neither side knows the other. */
static tl_dtype common_dtype_v(int np1, tl_dtype a, tl_dtype b) {
  if (a == b) return a;
  tl_dtype r = slot(np1, a, b);
  if (r == NOTIMPL) r = slot(np1, b, a);
  return r;
}
static tl_dtype common_dtype(tl_dtype a, tl_dtype b) { return common_dtype_v(0, a, b); }

static int common_dtype_error(tl_dtype a, tl_dtype b) {
  return tl__error(TL_EPROMOTE, "DTypePromotionError",
                   "The DTypes %s and %s do not have a common DType. For example they cannot be stored in a "
                   "single array unless the dtype is `object`.",
                   tl__numpy_dtype_class(a), tl__numpy_dtype_class(b));
}

/* Default descriptor of a DType (abstract Python DTypes: int64/float64/complex128). */
static tl_dtype default_descr(tl_dtype d) {
  switch (d) {
  case D(WEAK_INT): return D(INT64);
  case D(WEAK_FLOAT): return D(FLOAT64);
  case D(WEAK_COMPLEX): return D(COMPLEX128);
  default: return d;
  }
}

int tl__numpy_promote_types(tl_dtype a, tl_dtype b, tl_dtype *out) {
  /* np.promote_types(int, x): Python types are np.dtype(int) etc. */
  a = default_descr(a);
  b = default_descr(b);
  tl_dtype r = common_dtype(a, b);
  if (r == NOTIMPL) return common_dtype_error(a, b);
  *out = default_descr(r);
  return TL_OK;
}

/* reduce_dtypes_to_most_knowledgeable (in place; NONE entries are cleared). */
static tl_dtype reduce_knowledgeable(int np1, tl_dtype *dt, size_t n) {
  for (;;) {
    size_t half = n / 2;
    tl_dtype res = NOTIMPL;
    for (size_t low = 0; low < half; low++) {
      size_t high = n - 1 - low;
      if (dt[high] == dt[low]) {
        res = dt[low];
      } else {
        /* the slot of dt[low] only; NumPy 1.x first swaps an abstract
         * DType at high to low ("priority inversion"), NumPy 2 does not */
        if (np1 && is_abstract(dt[high])) {
          tl_dtype t = dt[low];
          dt[low] = dt[high], dt[high] = t;
        }
        res = slot(np1, dt[low], dt[high]);
      }
      if (res == NOTIMPL) {
        tl_dtype t = dt[low];
        dt[low] = dt[high], dt[high] = t;
      } else if (res == dt[low]) {
        dt[high] = TL_DTYPE_NONE;
      }
    }
    if (n == 2) return res;
    n -= half;
  }
}

/* PyArray_PromoteDTypeSequence over DTypes dts[0..n). */
static int promote_sequence(int np1, const tl_dtype *dts, size_t n, tl_dtype *out) {
  if (n == 1) {
    *out = dts[0];
    return TL_OK;
  }
  tl_dtype dt[256];
  memcpy(dt, dts, n * sizeof *dt);
  tl_dtype result = reduce_knowledgeable(np1, dt, n);
  tl_dtype main_dt = dt[0];
  size_t start = 2;
  if (result == NOTIMPL) start = 1;
  tl_dtype prev = TL_DTYPE_NONE;
  for (size_t i = start; i < n; i++) {
    if (dt[i] == TL_DTYPE_NONE || dt[i] == prev) continue;
    tl_dtype promo = slot(np1, main_dt, dt[i]); /* one-sided: the main DType must know all */
    if (promo == NOTIMPL) {
      char list[2048];
      size_t used = (size_t)snprintf(list, sizeof list, "(");
      for (size_t k = 0; k < n && used < sizeof list - 64; k++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "", tl__numpy_dtype_class(dts[k]));
      snprintf(list + used, sizeof list - used, ")");
      return tl__error(TL_EPROMOTE, "DTypePromotionError",
                       "The DType %s could not be promoted by %s. This means that no common DType exists for the "
                       "given inputs. For example they cannot be stored in a single array unless the dtype is "
                       "`object`. The full list of DTypes is: %s",
                       tl__numpy_dtype_class(dt[i]), tl__numpy_dtype_class(main_dt), list);
    }
    if (result == NOTIMPL) {
      result = promo;
    } else {
      tl_dtype r = common_dtype_v(np1, result, promo);
      if (r == NOTIMPL) return common_dtype_error(result, promo);
      result = r;
    }
    prev = dt[i];
  }
  *out = result;
  return TL_OK;
}

int tl__numpy_promote_sequence(const tl_dtype *dts, size_t n, tl_dtype *out) { return promote_sequence(0, dts, n, out); }
int tl__numpy1_promote_sequence(const tl_dtype *dts, size_t n, tl_dtype *out) { return promote_sequence(1, dts, n, out); }

/* The DType np.result_type sees for an operand (Python int/float/complex
 * values weak; Python types, bools, NumPy scalars and 0-d arrays strong). */
static tl_dtype operand_dtype(const tl_operand *o) {
  if (o->kind == TL_OPERAND_PYSCALAR) return o->dtype; /* bool stays bool; weak kinds */
  if (o->kind == TL_OPERAND_PYTYPE) return default_descr(o->dtype);
  return o->dtype;
}

/* A lone Python int becomes an array first: the integer ladder int64 ->
 * uint64 -> object (TL_OBJECT). */
static int lone_pyint(const tl_value *v, tl_dtype *out) {
  int i64 = tl__value_fits(v, INT64_MIN, INT64_MAX), u64 = tl__value_fits(v, 0, UINT64_MAX);
  tl_clear_error();
  if (i64 || u64) {
    *out = i64 ? D(INT64) : D(UINT64);
    return TL_OK;
  }
  *out = TL_OBJECT;
  return TL_OK;
}

static int numpy_result_dtype(const tl_operand *ops, size_t n, tl_dtype *out) {
  tl_dtype dts[256];
  if (n == 1 && ops[0].kind == TL_OPERAND_PYSCALAR && ops[0].dtype == D(WEAK_INT) && ops[0].value.kind == TL_VALUE_INT)
    return lone_pyint(&ops[0].value, out);
  if (n > 256) return tl__error(TL_ERANGE, NULL, "too many operands (%zu; at most 256)", n);
  /* PyArray_ResultType lists the dtype specifiers (dtypes, Python types)
   * first, then the array-likes (arrays, scalars, Python values) */
  size_t k = 0;
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < n; i++) {
      int spec = ops[i].kind == TL_OPERAND_DTYPE || ops[i].kind == TL_OPERAND_PYTYPE;
      if (spec != pass) dts[k++] = operand_dtype(&ops[i]);
    }
  tl_dtype r;
  int st = tl__numpy_promote_sequence(dts, n, &r);
  if (st != TL_OK) return st;
  *out = default_descr(r);
  return TL_OK;
}

/* ---- ufunc `a + b` ----------------------------------------------------------- */

/* can_cast_pyscalar_scalar_to(flags, to, 'safe') */
static int pyscalar_can_cast(tl_dtype weak, tl_dtype to) {
  if (is_builtin(to) && to != D(BOOL)) {
    tl_kind k = tl__info(to)->kind;
    if (k == TL_KIND_COMPLEX) return 1;
    if (k == TL_KIND_FLOAT) return weak != D(WEAK_COMPLEX);
    return weak == D(WEAK_INT);
  }
  /* npy_find_descr_for_scalar: the loop's own descriptor when the common
   * DType of the Python DType and the loop's DType is the loop's DType */
  if (common_dtype(weak, to) == to) return 1;
  return tl__numpy_safe(default_descr(weak), to);
}

/* The legacy linear loop search of np.add: user loops (T, T -> T) of the
 * operands' user dtypes in operand order, then the builtin loops. */
int tl__numpy_linear_search(const tl_operand *ops, size_t n, tl_dtype *out) {
  static const tl_dtype builtin_loops[] = {D(BOOL),   D(INT8),    D(UINT8),   D(INT16),     D(UINT16),
                                           D(INT32),  D(UINT32),  D(INT64),   D(UINT64),    D(FLOAT16),
                                           D(FLOAT32), D(FLOAT64), D(COMPLEX64), D(COMPLEX128)};
  tl_dtype cand[64];
  size_t nc = 0;
  for (size_t i = 0; i < n && nc < 32; i++) {
    tl_dtype d = operand_dtype(&ops[i]);
    if (!is_abstract(d) && !is_builtin(d) && (nc == 0 || cand[nc - 1] != d)) cand[nc++] = d;
  }
  for (size_t i = 0; i < TL__COUNT(builtin_loops); i++) cand[nc++] = builtin_loops[i];
  for (size_t c = 0; c < nc; c++) {
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++) {
      tl_dtype d = operand_dtype(&ops[i]);
      ok = is_abstract(d) ? pyscalar_can_cast(d, cand[c]) : tl__numpy_safe(d, cand[c]);
    }
    if (ok) {
      *out = cand[c];
      return TL_OK;
    }
  }
  char list[1024];
  size_t used = 0;
  list[0] = '\0';
  for (size_t i = 0; i < n && used < sizeof list - 64; i++)
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                             tl__numpy_dtype_class(default_descr(operand_dtype(&ops[i]))));
  return tl__error(TL_EPROMOTE, "UFuncNoLoopError",
                   "ufunc 'add' did not contain a loop with signature matching types (%s) -> None", list);
}

/* A Python int converted to the loop dtype (NEP 50 §1.3). */
static int check_pyint(const tl_value *v, tl_dtype to) {
  char s[64];
  int fits_long = tl__value_fits(v, INT64_MIN, INT64_MAX);
  tl_clear_error();
  if (is_builtin(to) && (tl_dtype_is_integer(to))) {
    /* uint32/uint64 convert through unsigned long; the others through long */
    int fits_conv = fits_long || ((to == D(UINT32) || to == D(UINT64)) && tl__value_fits(v, 0, UINT64_MAX));
    tl_clear_error();
    if (!fits_conv)
      return tl__error(TL_EOVERFLOW, "OverflowError", "Python int too large to convert to C long");
    tl_iinfo ii;
    tl_iinfo_get(to, &ii);
    int fits = tl__value_fits(v, ii.min, ii.max);
    tl_clear_error();
    if (!fits) {
      tl__value_int_str(v, s, sizeof s);
      return tl__error(TL_EOVERFLOW, "OverflowError", "Python integer %s out of bounds for %s", s, tl_dtype_name(to));
    }
    return TL_OK;
  }
  if (!is_builtin(to) && !fits_long) {
    /* ml_dtypes converts through a C long */
    if (tl_dtype_is_integer(to)) return tl__error(TL_EOVERFLOW, "OverflowError", "Python int too large to convert to C long");
    return tl__error(TL_EDTYPE, "TypeError", "expected number, got int");
  }
  return TL_OK;
}

static int numpy_op(const tl_operand *ops, size_t n, tl_dtype *out) {
  int all_builtin = 1;
  for (size_t i = 0; i < n; i++) {
    tl_dtype d = operand_dtype(&ops[i]);
    all_builtin &= is_abstract(d) || is_builtin(d);
  }
  tl_dtype r;
  int st = all_builtin ? numpy_result_dtype(ops, n, &r) : tl__numpy_linear_search(ops, n, &r);
  if (st != TL_OK) return st;
  for (size_t i = 0; i < n; i++)
    if (ops[i].kind == TL_OPERAND_PYSCALAR && ops[i].value.kind == TL_VALUE_INT && ops[i].dtype == D(WEAK_INT) &&
        (st = check_pyint(&ops[i].value, r)) != TL_OK)
      return st;
  *out = r;
  return TL_OK;
}

/* ---- hooks ------------------------------------------------------------------- */

int tl__numpy_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  (void)cfg;
  return tl__numpy_promote_types(a, b, out);
}

int tl__numpy_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  tl_dtype r;
  int st = cfg->op ? numpy_op(ops, n, &r) : numpy_result_dtype(ops, n, &r);
  if (st != TL_OK) return st;
  out->dtype = r;
  out->weak = 0;
  return TL_OK;
}


/* ---- table-driven fast path ---------------------------------------------------
 * Derived from the exact code above (nothing in the configuration changes
 * these answers but cfg->op):
 *   pt[a][b]     np.promote_types over the domain, built at first use;
 *   seq[m]       np.result_type of a list of NumPy builtin DTypes and abstract
 *                Python DTypes, by the set m of DTypes present (14 builtin bits,
 *                then int/float/complex): PyArray_PromoteDTypeSequence picks
 *                the most knowledgeable DType of the set and promotes the
 *                others through it, so order and repeats do not matter, but it
 *                is not a pairwise fold (uint8, int8, float16 -> float16).
 *                2**17 entries, each filled the first time its set is seen
 *                from the exact sequence over the set (a relaxed atomic byte:
 *                racing threads store the same value).
 * The Python values do not matter to np.result_type (n >= 2). ml_dtypes'
 * DTypes take the exact path (their main DType must know every other one),
 * as do --op with a Python int outside the plain class (the others convert
 * to every loop dtype), n == 1, n > 256 and every error. */
enum { NP_NB = 14, NP_SETS = 1 << (NP_NB + 3), NP_UNKNOWN = -2 };
static const tl_dtype np_builtins[NP_NB] = {D(BOOL),    D(INT8),    D(UINT8),   D(INT16),     D(UINT16),
                                            D(INT32),   D(UINT32),  D(INT64),   D(UINT64),    D(FLOAT16),
                                            D(FLOAT32), D(FLOAT64), D(COMPLEX64), D(COMPLEX128)};
static int8_t np_pt[TL_NUM_DTYPES][TL_NUM_DTYPES];
static int8_t np_bit[TL_NUM_DTYPES]; /* set bit of a DType, -1 = not tabulated */
static _Atomic signed char np_seq[NP_SETS];
static pthread_once_t np_once = PTHREAD_ONCE_INIT;

static void np_build(void) {
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.rules = &tl__rules_numpy;
  tl__fast_pair_table(&tl__rules_numpy, &cfg, tl__numpy_exact_promote, np_pt);
  memset(np_bit, -1, sizeof np_bit);
  for (int i = 0; i < NP_NB; i++) np_bit[np_builtins[i]] = (int8_t)i;
  for (int i = 0; i < 3; i++) np_bit[D(WEAK_INT) + i] = (int8_t)(NP_NB + i);
  for (int m = 0; m < NP_SETS; m++) atomic_store_explicit(&np_seq[m], NP_UNKNOWN, memory_order_relaxed);
}

/* The exact sequence over the set m (in catalogue order); -1 on error. */
static int np_seq_of(int m) {
  tl_dtype dts[NP_NB + 3], r = TL_DTYPE_NONE;
  size_t k = 0;
  for (int i = 0; i < NP_NB + 3; i++)
    if (m >> i & 1) dts[k++] = i < NP_NB ? np_builtins[i] : (tl_dtype)(D(WEAK_INT) + i - NP_NB);
  int st = tl__numpy_promote_sequence(dts, k, &r);
  tl_clear_error();
  return st == TL_OK && tl__concrete(r = default_descr(r)) ? (int)r : -1;
}

static int np_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  pthread_once(&np_once, np_build);
  int r = np_pt[a][b];
  if (r >= 0) return *out = (tl_dtype)r, TL_OK;
  return tl__numpy_exact_promote(cfg, a, b, out);
}

static int np_fast(const tl_config *cfg, const tl_operand *ops, size_t n) {
  if (n < 2 || n > 256) return -1;
  pthread_once(&np_once, np_build);
  const int op = cfg->op;
  int m = 0;
  for (size_t i = 0; i < n; i++) {
    const tl_operand *o = &ops[i];
    tl_dtype d = o->dtype;
    if (o->kind == TL_OPERAND_PYSCALAR) {
      if (op && d == D(WEAK_INT) && tl__pyscalar_class(o) != TL__PYC_INT) return -1;
    } else if (o->kind == TL_OPERAND_PYTYPE) {
      d = default_descr(d);
    }
    int b = np_bit[d];
    if (b < 0) return -1;
    m |= 1 << b;
  }
  int r = atomic_load_explicit(&np_seq[m], memory_order_relaxed);
  if (r == NP_UNKNOWN) {
    r = np_seq_of(m);
    atomic_store_explicit(&np_seq[m], (signed char)r, memory_order_relaxed);
  }
  return r;
}

static int np_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  int r = np_fast(cfg, ops, n);
  if (r < 0) return tl__numpy_exact_result(cfg, ops, n, out);
  out->dtype = (tl_dtype)r;
  out->weak = 0;
  return TL_OK;
}

static int np_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                       tl_casting casting, int *out) {
  (void)cfg;
  return tl__numpy_can_cast(2, from, fo, to, too, casting, out);
}

/* Table cell: np.result_type of two operands, the weak kinds standing for
 * Python values (so int8 x int* = int8, the NEP 50 table). */
static int np_table_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  (void)cfg;
  tl_dtype dts[2] = {a, b}, r;
  int st = tl__numpy_promote_sequence(dts, 2, &r);
  if (st != TL_OK) return st;
  *out = r;
  return TL_OK;
}

const tl_rules tl__rules_numpy = {
    "numpy",
    "NumPy >= 2 (NEP 50): weak Python scalars, strong NumPy scalars; ml_dtypes as NumPy resolves them",
    "numpy 2.5.5 + ml_dtypes 0.6.0",
    numpy_domain,
    np_promote_types,
    np_result_type,
    np_can_cast,
    np_table_cell,
    NULL,
    NULL, /* fast_result_type */
    tl__numpy2_can_cast_operand, /* can_cast_operand */
};
