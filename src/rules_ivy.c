/* rules_ivy.c — Ivy's unified type promotion (ivy.promote_types,
 * ivy.promote_types_of_inputs, ivy.can_cast), precise and non-precise modes.
 *
 * Data: Ivy's four promotion tables exactly as ivy/__init__.py lists them
 * (pair -> result, in source order; ../shared/reference/ivy.md §2.1; the same
 * in ivy 1.0.0.5: tests/data/ivy/{precise,non_precise}.txt are generated from it). The
 * active table is a dict merge, later tables overriding earlier keys (there
 * are no overlaps):
 *   precise (default, cfg->precise != 0): array_api ∪ common_extra ∪ precise_extra
 *   non-precise (cfg->precise == 0):      array_api ∪ common_extra ∪ extra
 * The effective 15x15 matrices are derived once, in code, by Ivy's lookup
 * (ivy.md §2.3): key (t1, t2) if present, else (t2, t1), else KeyError.
 * tests/test_rules_ivy.c checks them against ivy.md §2.2.
 *
 * Hooks (decisions recorded in ivy.md terms):
 *   - promote_types: Python types (the weak kinds int*, float*, complex*) go
 *     through as_ivy_dtype, i.e. the current default int/float/complex dtype
 *     (ivy.md §2.3 step 2, §3.3). A default outside Ivy's 15 dtypes (only
 *     possible through a C override) fails as ivy.Dtype would:
 *     IvyException "<d> is not supported by ivy" (§1.1). An undefined pair
 *     raises what Ivy's @handle_exceptions makes of the KeyError:
 *     IvyBackendException "numpy: promote_types: ('t2', 't1')" (§2.3 step 5;
 *     the swapped key, backend "numpy" as with no backend set). Both tables are
 *     complete over the 15 dtypes, so this is unreachable for valid input;
 *     array_api_promotion=True (the only way Ivy reaches it) has no tl_config
 *     flag and is not modelled.
 *   - Backend: numpy, Ivy's default (what Ivy 1.0.0.5 does with no backend
 *     set). It has no bfloat16: as_ivy_dtype rejects it (IvyException "numpy:
 *     promote_types: numpy: as_ivy_dtype: Cannot convert to ivy dtype.
 *     bfloat16 is not supported by NumPy backend."), although the tables list
 *     it; tests/data/ivy/{precise,non_precise}.txt keep the tables' bfloat16 cells.
 *   - result_type (cfg->op == 0): ivy.result_type delegates to the backend:
 *     np.result_type(x1, x2), then np.result_type(r, xi) for each further
 *     operand (NumPy 2 rules, tl__numpy_exact_result; ORDER-DEPENDENT), one
 *     operand is the backend's error "Tuple must have size 2, but has size 1",
 *     a bfloat16 dtype "data type 'bfloat16' not understood".
 *   - result_type with cfg->op: ivy.promote_types_of_inputs (§3.1), the
 *     dtype `ivy.add(x1, x2)` (op_form operator) computes in, or of the
 *     function called directly (op_form function), folded left to right for N
 *     operands (((x1 + x2) + x3) ...). A Python scalar next to an array
 *     becomes: float with an int/uint array -> float64; non-bool scalar with a
 *     bool array -> its own inferred dtype (default_dtype(item=v), value
 *     based, §3.3) -- but only when the array has a NumPy dtype (ivy.add
 *     passes native arrays; a NumPy scalar), not for an ivy.Array given to
 *     promote_types_of_inputs directly; complex with a non-complex array ->
 *     complex128; otherwise the array's dtype. The scalar is then converted
 *     by NumPy: an int out of the target's range is NumPy's OverflowError,
 *     raised as IvyBackendException "numpy: [add: numpy: ]
 *     promote_types_of_inputs: Python integer V out of bounds for T" (or
 *     "Python int too large to convert to C long"). Two Python scalars are
 *     both inferred and converted. Not modelled: the JAX-backend x64 check.
 *   - can_cast(from, to) = promote_types(from, to) == to under the current
 *     mode (§3.1, [F] Jan 2024); the casting mode and byte orders are ignored
 *     (Ivy's can_cast has no casting argument).
 *   - table_cell: the pairwise table; a weak kind is a Python scalar of that
 *     kind (no value) next to the other operand, as promote_types_of_inputs
 *     sees it (so the int*, float* and complex* rows show `array + scalar`).
 */
#include "internal.h"

#include <pthread.h>
#include <stdio.h>

#define D(x) TL_##x

/* One key of an Ivy promotion table: (a, b) -> r. */
typedef struct {
  tl_dtype a, b, r;
} ivy_entry;

/* array_api_promotion_table (39 entries, ivy.md §2.1 line 59, source order) */
static const ivy_entry array_api_promotion_table[] = {
    {D(BOOL), D(BOOL), D(BOOL)}, {D(INT8), D(INT8), D(INT8)}, {D(INT8), D(INT16), D(INT16)},
    {D(INT8), D(INT32), D(INT32)}, {D(INT8), D(INT64), D(INT64)}, {D(INT16), D(INT16), D(INT16)},
    {D(INT16), D(INT32), D(INT32)}, {D(INT16), D(INT64), D(INT64)}, {D(INT32), D(INT32), D(INT32)},
    {D(INT32), D(INT64), D(INT64)}, {D(INT64), D(INT64), D(INT64)}, {D(UINT8), D(INT8), D(INT16)},
    {D(UINT8), D(INT16), D(INT16)}, {D(UINT8), D(INT32), D(INT32)}, {D(UINT8), D(INT64), D(INT64)},
    {D(UINT8), D(UINT8), D(UINT8)}, {D(UINT8), D(UINT16), D(UINT16)}, {D(UINT8), D(UINT32), D(UINT32)},
    {D(UINT8), D(UINT64), D(UINT64)}, {D(UINT16), D(INT8), D(INT32)}, {D(UINT16), D(INT16), D(INT32)},
    {D(UINT16), D(INT32), D(INT32)}, {D(UINT16), D(INT64), D(INT64)}, {D(UINT16), D(UINT16), D(UINT16)},
    {D(UINT16), D(UINT32), D(UINT32)}, {D(UINT16), D(UINT64), D(UINT64)}, {D(UINT32), D(INT8), D(INT64)},
    {D(UINT32), D(INT16), D(INT64)}, {D(UINT32), D(INT32), D(INT64)}, {D(UINT32), D(INT64), D(INT64)},
    {D(UINT32), D(UINT32), D(UINT32)}, {D(UINT32), D(UINT64), D(UINT64)}, {D(UINT64), D(UINT64), D(UINT64)},
    {D(FLOAT16), D(FLOAT16), D(FLOAT16)}, {D(FLOAT16), D(FLOAT32), D(FLOAT32)}, {D(FLOAT16), D(FLOAT64), D(FLOAT64)},
    {D(FLOAT32), D(FLOAT32), D(FLOAT32)}, {D(FLOAT32), D(FLOAT64), D(FLOAT64)}, {D(FLOAT64), D(FLOAT64), D(FLOAT64)},
};
/* common_extra_promotion_table (63 entries, ivy.md §2.1 line 63, source order) */
static const ivy_entry common_extra_promotion_table[] = {
    {D(BOOL), D(INT8), D(INT8)}, {D(BOOL), D(INT16), D(INT16)}, {D(BOOL), D(INT32), D(INT32)},
    {D(BOOL), D(INT64), D(INT64)}, {D(BOOL), D(UINT8), D(UINT8)}, {D(BOOL), D(UINT16), D(UINT16)},
    {D(BOOL), D(UINT32), D(UINT32)}, {D(BOOL), D(UINT64), D(UINT64)}, {D(BOOL), D(FLOAT16), D(FLOAT16)},
    {D(BOOL), D(FLOAT32), D(FLOAT32)}, {D(BOOL), D(FLOAT64), D(FLOAT64)}, {D(BOOL), D(BFLOAT16), D(BFLOAT16)},
    {D(BOOL), D(COMPLEX64), D(COMPLEX64)}, {D(BOOL), D(COMPLEX128), D(COMPLEX128)}, {D(INT8), D(FLOAT16), D(FLOAT16)},
    {D(INT8), D(FLOAT32), D(FLOAT32)}, {D(INT8), D(FLOAT64), D(FLOAT64)}, {D(INT8), D(BFLOAT16), D(BFLOAT16)},
    {D(INT8), D(COMPLEX64), D(COMPLEX64)}, {D(INT8), D(COMPLEX128), D(COMPLEX128)},
    {D(INT16), D(FLOAT32), D(FLOAT32)}, {D(INT16), D(FLOAT64), D(FLOAT64)}, {D(INT16), D(COMPLEX64), D(COMPLEX64)},
    {D(INT16), D(COMPLEX128), D(COMPLEX128)}, {D(INT32), D(FLOAT64), D(FLOAT64)},
    {D(INT32), D(COMPLEX128), D(COMPLEX128)}, {D(INT64), D(FLOAT64), D(FLOAT64)},
    {D(INT64), D(COMPLEX128), D(COMPLEX128)}, {D(UINT8), D(FLOAT16), D(FLOAT16)}, {D(UINT8), D(FLOAT32), D(FLOAT32)},
    {D(UINT8), D(FLOAT64), D(FLOAT64)}, {D(UINT8), D(BFLOAT16), D(BFLOAT16)}, {D(UINT8), D(COMPLEX64), D(COMPLEX64)},
    {D(UINT8), D(COMPLEX128), D(COMPLEX128)}, {D(UINT16), D(FLOAT32), D(FLOAT32)},
    {D(UINT16), D(FLOAT64), D(FLOAT64)}, {D(UINT16), D(COMPLEX64), D(COMPLEX64)},
    {D(UINT16), D(COMPLEX128), D(COMPLEX128)}, {D(UINT32), D(FLOAT64), D(FLOAT64)},
    {D(UINT32), D(COMPLEX128), D(COMPLEX128)}, {D(UINT64), D(INT8), D(FLOAT64)}, {D(UINT64), D(INT16), D(FLOAT64)},
    {D(UINT64), D(INT32), D(FLOAT64)}, {D(UINT64), D(INT64), D(FLOAT64)}, {D(UINT64), D(FLOAT64), D(FLOAT64)},
    {D(UINT64), D(COMPLEX128), D(COMPLEX128)}, {D(FLOAT16), D(BFLOAT16), D(FLOAT32)},
    {D(FLOAT16), D(COMPLEX64), D(COMPLEX64)}, {D(FLOAT16), D(COMPLEX128), D(COMPLEX128)},
    {D(FLOAT32), D(COMPLEX64), D(COMPLEX64)}, {D(FLOAT32), D(COMPLEX128), D(COMPLEX128)},
    {D(FLOAT64), D(COMPLEX64), D(COMPLEX128)}, {D(FLOAT64), D(COMPLEX128), D(COMPLEX128)},
    {D(BFLOAT16), D(FLOAT16), D(FLOAT32)}, {D(BFLOAT16), D(FLOAT32), D(FLOAT32)},
    {D(BFLOAT16), D(FLOAT64), D(FLOAT64)}, {D(BFLOAT16), D(BFLOAT16), D(BFLOAT16)},
    {D(BFLOAT16), D(COMPLEX64), D(COMPLEX64)}, {D(BFLOAT16), D(COMPLEX128), D(COMPLEX128)},
    {D(COMPLEX64), D(FLOAT64), D(COMPLEX128)}, {D(COMPLEX64), D(COMPLEX64), D(COMPLEX64)},
    {D(COMPLEX64), D(COMPLEX128), D(COMPLEX128)}, {D(COMPLEX128), D(COMPLEX128), D(COMPLEX128)},
};
/* precise_extra_promotion_table (20 entries, ivy.md §2.1 line 67, source order) */
static const ivy_entry precise_extra_promotion_table[] = {
    {D(FLOAT16), D(INT16), D(FLOAT32)}, {D(FLOAT16), D(INT32), D(FLOAT64)}, {D(FLOAT16), D(INT64), D(FLOAT64)},
    {D(FLOAT16), D(UINT16), D(FLOAT32)}, {D(FLOAT16), D(UINT32), D(FLOAT64)}, {D(FLOAT16), D(UINT64), D(FLOAT64)},
    {D(FLOAT32), D(INT32), D(FLOAT64)}, {D(FLOAT32), D(INT64), D(FLOAT64)}, {D(FLOAT32), D(UINT32), D(FLOAT64)},
    {D(FLOAT32), D(UINT64), D(FLOAT64)}, {D(BFLOAT16), D(INT16), D(FLOAT32)}, {D(BFLOAT16), D(INT32), D(FLOAT64)},
    {D(BFLOAT16), D(INT64), D(FLOAT64)}, {D(BFLOAT16), D(UINT16), D(FLOAT32)}, {D(BFLOAT16), D(UINT32), D(FLOAT64)},
    {D(BFLOAT16), D(UINT64), D(FLOAT64)}, {D(COMPLEX64), D(INT32), D(COMPLEX128)},
    {D(COMPLEX64), D(INT64), D(COMPLEX128)}, {D(COMPLEX64), D(UINT32), D(COMPLEX128)},
    {D(COMPLEX64), D(UINT64), D(COMPLEX128)},
};
/* extra_promotion_table (20 entries, ivy.md §2.1 line 71, source order) */
static const ivy_entry extra_promotion_table[] = {
    {D(FLOAT16), D(INT16), D(FLOAT16)}, {D(FLOAT16), D(INT32), D(FLOAT16)}, {D(FLOAT16), D(INT64), D(FLOAT16)},
    {D(FLOAT16), D(UINT16), D(FLOAT16)}, {D(FLOAT16), D(UINT32), D(FLOAT16)}, {D(FLOAT16), D(UINT64), D(FLOAT16)},
    {D(FLOAT32), D(INT32), D(FLOAT32)}, {D(FLOAT32), D(INT64), D(FLOAT32)}, {D(FLOAT32), D(UINT32), D(FLOAT32)},
    {D(FLOAT32), D(UINT64), D(FLOAT32)}, {D(BFLOAT16), D(INT16), D(BFLOAT16)}, {D(BFLOAT16), D(INT32), D(BFLOAT16)},
    {D(BFLOAT16), D(INT64), D(BFLOAT16)}, {D(BFLOAT16), D(UINT16), D(BFLOAT16)},
    {D(BFLOAT16), D(UINT32), D(BFLOAT16)}, {D(BFLOAT16), D(UINT64), D(BFLOAT16)},
    {D(COMPLEX64), D(INT32), D(COMPLEX64)}, {D(COMPLEX64), D(INT64), D(COMPLEX64)},
    {D(COMPLEX64), D(UINT32), D(COMPLEX64)}, {D(COMPLEX64), D(UINT64), D(COMPLEX64)},
};

/* ---- the dtype universe (ivy.md §1) --------------------------------------- */

/* all_dtypes in Ivy's order (bool last), then the weak kinds (Python types). */
static const tl_dtype ivy_domain[] = {
    D(INT8),     D(INT16),   D(INT32),   D(INT64),   D(UINT8),     D(UINT16),     D(UINT32), D(UINT64),
    D(BFLOAT16), D(FLOAT16), D(FLOAT32), D(FLOAT64), D(COMPLEX64), D(COMPLEX128), D(BOOL),   D(WEAK_INT),
    D(WEAK_FLOAT), D(WEAK_COMPLEX), TL_DTYPE_NONE};
#define IVY_N 15

/* Index of an Ivy dtype in ivy_domain, or -1. */
static int ivy_index(tl_dtype d) {
  for (int i = 0; i < IVY_N; i++)
    if (ivy_domain[i] == d) return i;
  return -1;
}

/* ---- the derived matrices ---------------------------------------------------- */

/* eff[mode][i][j]: index of promote(ivy_domain[i], ivy_domain[j]), -1 = KeyError.
 * mode 0 = non-precise, 1 = precise. Built once, read-only afterwards. */
static int8_t eff[2][IVY_N][IVY_N];
static pthread_once_t eff_once = PTHREAD_ONCE_INIT;

static void merge(int8_t (*direct)[IVY_N], const ivy_entry *t, size_t n) {
  for (size_t k = 0; k < n; k++) direct[ivy_index(t[k].a)][ivy_index(t[k].b)] = (int8_t)ivy_index(t[k].r);
}

static void build_eff(void) {
  for (int mode = 0; mode < 2; mode++) {
    int8_t direct[IVY_N][IVY_N];
    for (int i = 0; i < IVY_N; i++)
      for (int j = 0; j < IVY_N; j++) direct[i][j] = -1;
    /* {**array_api, **common_extra, **(precise_extra | extra)} */
    merge(direct, array_api_promotion_table, TL__COUNT(array_api_promotion_table));
    merge(direct, common_extra_promotion_table, TL__COUNT(common_extra_promotion_table));
    if (mode) merge(direct, precise_extra_promotion_table, TL__COUNT(precise_extra_promotion_table));
    else merge(direct, extra_promotion_table, TL__COUNT(extra_promotion_table));
    /* Ivy's lookup: the key as given, else the swapped key */
    for (int i = 0; i < IVY_N; i++)
      for (int j = 0; j < IVY_N; j++) eff[mode][i][j] = direct[i][j] >= 0 ? direct[i][j] : direct[j][i];
  }
}

/* ivy.promote_types on two Ivy dtypes (after as_ivy_dtype). */
static int lookup(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  pthread_once(&eff_once, build_eff);
  int i = ivy_index(a), j = ivy_index(b);
  int r = i >= 0 && j >= 0 ? eff[cfg->precise ? 1 : 0][i][j] : -1;
  if (r < 0) /* KeyError on the swapped key, wrapped by @handle_exceptions */
    return tl__error(TL_EPROMOTE, "IvyBackendException", "numpy: promote_types: ('%s', '%s')", tl_dtype_name(b),
                     tl_dtype_name(a));
  *out = ivy_domain[r];
  return TL_OK;
}

/* A dtype coming out of Ivy's defaults must be one of its 15 (ivy.Dtype). */
static int ivy_dtype_check(tl_dtype d) {
  if (ivy_index(d) < 0) return tl__error(TL_EDTYPE, "IvyException", "%s is not supported by ivy", tl_dtype_name(d));
  return TL_OK;
}

/* as_ivy_dtype: Python types -> the current default of their kind. */
static int as_ivy_dtype(const tl_config *cfg, tl_dtype d, tl_dtype *out) {
  if (!tl__is_weak(d)) return *out = d, TL_OK;
  tl_kind k = d == D(WEAK_INT) ? TL_KIND_INT : d == D(WEAK_FLOAT) ? TL_KIND_FLOAT : TL_KIND_COMPLEX;
  tl_dtype r = TL_DTYPE_NONE;
  int st = tl_default_dtype_of("ivy", cfg, k, &r);
  if (st == TL_OK) st = ivy_dtype_check(r);
  if (st == TL_OK) *out = r;
  return st;
}

/* The numpy backend (Ivy's default) has no bfloat16: ivy.as_ivy_dtype
 * rejects it, with the calling functions' names in front (ctx). */
static int ivy_backend_dtype(tl_dtype d, const char *ctx) {
  if (d == D(BFLOAT16))
    return tl__error(TL_EDTYPE, "IvyException",
                     "%snumpy: as_ivy_dtype: Cannot convert to ivy dtype. %s is not supported by NumPy backend.", ctx,
                     tl_dtype_name(d));
  return TL_OK;
}

int tl__ivy_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  tl_dtype x = TL_DTYPE_NONE, y = TL_DTYPE_NONE;
  int st;
  if ((st = ivy_backend_dtype(a, "numpy: promote_types: ")) != TL_OK ||
      (st = ivy_backend_dtype(b, "numpy: promote_types: ")) != TL_OK)
    return st;
  if ((st = as_ivy_dtype(cfg, a, &x)) != TL_OK || (st = as_ivy_dtype(cfg, b, &y)) != TL_OK) return st;
  return lookup(cfg, x, y, out);
}

/* ---- promote_types_of_inputs (ivy.md §3.1) ------------------------------------ */

static int is_python(const tl_operand *o) { return o->kind == TL_OPERAND_PYSCALAR || o->kind == TL_OPERAND_PYTYPE; }

/* asarray(scalar) with no dtype: default_dtype(item=scalar), value based. */
static int infer(const tl_config *cfg, const tl_operand *s, tl_dtype *out) {
  tl_dtype d = TL_DTYPE_NONE;
  int st = tl_infer_dtype_of("ivy", cfg, TL_DTYPE_NONE, s, 1, TL_KIND_ANY, &d, NULL);
  if (st == TL_OK) st = ivy_dtype_check(d);
  if (st == TL_OK) *out = d;
  return st;
}

/* The function-name chain in front of a promote_types_of_inputs error:
 * ivy.add (cfg->op_form operator) calls it, or it is called directly. */
static const char *pti_ctx(const tl_config *cfg) {
  return cfg->op_form == TL_OP_FUNCTION ? "numpy: promote_types_of_inputs: "
                                        : "numpy: add: numpy: promote_types_of_inputs: ";
}

/* ivy.asarray(scalar, dtype=to) on the numpy backend: NumPy 2's conversion
 * of a Python int (through a C long; unsigned long for uint32/uint64). */
static int np_convert(const tl_config *cfg, const tl_operand *s, tl_dtype to) {
  if (s->kind != TL_OPERAND_PYSCALAR || s->value.kind != TL_VALUE_INT || !tl_dtype_is_integer(to)) return TL_OK;
  const tl_value *v = &s->value;
  int fits_long = tl__value_fits(v, INT64_MIN, INT64_MAX);
  int fits_conv = fits_long || ((to == D(UINT32) || to == D(UINT64)) && tl__value_fits(v, 0, UINT64_MAX));
  tl_clear_error();
  if (!fits_conv)
    return tl__error(TL_EOVERFLOW, "IvyBackendException", "%sPython int too large to convert to C long", pti_ctx(cfg));
  tl_iinfo ii;
  if (tl_iinfo_get(to, &ii) != TL_OK) { /* a weak int (two Python scalars): nothing is converted */
    tl_clear_error();
    return TL_OK;
  }
  int fits = tl__value_fits(v, ii.min, ii.max);
  tl_clear_error();
  if (!fits) {
    char buf[64];
    tl__value_int_str(v, buf, sizeof buf);
    return tl__error(TL_EOVERFLOW, "IvyBackendException", "%sPython integer %s out of bounds for %s", pti_ctx(cfg), buf,
                     tl_dtype_name(to));
  }
  return TL_OK;
}

/* _get_target_dtype(scalar, array): the dtype the scalar is converted to.
 * Its `arr.dtype == bool` test only holds for a NumPy dtype: the arrays
 * ivy.add passes on (native arrays) and NumPy scalars; an ivy.Array given
 * straight to promote_types_of_inputs has an ivy.Dtype, which never equals
 * the Python type bool, so the bool array keeps its dtype. */
static int scalar_target(const tl_config *cfg, const tl_operand *s, const tl_operand *a, tl_dtype *out) {
  tl_dtype arr = a->dtype;
  int np_dtype = cfg->op_form != TL_OP_FUNCTION || a->kind == TL_OPERAND_SCALAR;
  if (s->dtype == D(WEAK_FLOAT) && tl_dtype_is_integer(arr)) *out = D(FLOAT64); /* "int" in dtype */
  else if (np_dtype && arr == D(BOOL) && s->dtype != D(BOOL)) {
    int st = infer(cfg, s, out);
    if (st != TL_OK) return st;
  } else if (s->dtype == D(WEAK_COMPLEX) && !tl_dtype_is_complex(arr)) *out = D(COMPLEX128);
  else *out = arr;
  return np_convert(cfg, s, *out);
}

/* An operand with a .dtype that the numpy backend cannot hold (bfloat16). */
static int ivy_array_dtype(const tl_operand *o) {
  if (is_python(o) || o->dtype != D(BFLOAT16)) return TL_OK;
  return tl__error(TL_EDTYPE, "IvyException",
                   "numpy: asarray: numpy: as_native_dtype: Cannot convert to numpy dtype. %s is not supported by NumPy.",
                   tl_dtype_name(o->dtype));
}

/* The dtype both inputs have after promote_types_of_inputs(x, y). */
static int promote_inputs(const tl_config *cfg, const tl_operand *x, const tl_operand *y, tl_dtype *out) {
  tl_dtype dx = x->dtype, dy = y->dtype;
  int st = TL_OK;
  if ((st = ivy_array_dtype(x)) != TL_OK || (st = ivy_array_dtype(y)) != TL_OK) return st;
  if (!is_python(x) && is_python(y)) st = scalar_target(cfg, y, x, &dy);
  else if (is_python(x) && !is_python(y)) st = scalar_target(cfg, x, y, &dx);
  else if (is_python(x) && is_python(y)) {
    if ((st = infer(cfg, x, &dx)) == TL_OK && (st = np_convert(cfg, x, dx)) == TL_OK &&
        (st = infer(cfg, y, &dy)) == TL_OK)
      st = np_convert(cfg, y, dy);
  }
  if (st != TL_OK) return st;
  if (dx == dy) return *out = dx, TL_OK;
  return lookup(cfg, dx, dy, out);
}

/* ---- result_type ------------------------------------------------------------------ */

int tl__ivy_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  tl_dtype r = TL_DTYPE_NONE;
  int st;
  if (cfg->op) {
    /* ((x1 + x2) + x3) ...: each step's result is an array */
    if (n == 1) st = is_python(&ops[0]) ? infer(cfg, &ops[0], &r) : (r = ops[0].dtype, TL_OK);
    else st = promote_inputs(cfg, &ops[0], &ops[1], &r);
    for (size_t i = 2; i < n && st == TL_OK; i++) {
      tl_operand acc = tl_operand_array(r, 0);
      st = promote_inputs(cfg, &acc, &ops[i], &r);
    }
  } else {
    /* the numpy backend: np.result_type(x1, x2), then np.result_type(r, xi)
     * for each further operand (a strong dtype r) */
    if (n == 1)
      return tl__error(TL_EPROMOTE, "IvyBackendException", "numpy: result_type: Tuple must have size 2, but has size 1");
    tl_config np = *cfg;
    np.rules = &tl__rules_numpy;
    np.op = 0;
    np.op_form = TL_OP_OPERATOR;
    np.default_int = np.default_uint = np.default_float = np.default_complex = TL_DTYPE_NONE;
    tl_operand pair[2] = {ops[0], ops[1]};
    st = TL_OK;
    for (size_t i = 1; i < n && st == TL_OK; i++) {
      if (i > 1) pair[0] = tl_operand_dtype(r), pair[1] = ops[i];
      for (int k = 0; k < 2 && st == TL_OK; k++)
        if (pair[k].kind == TL_OPERAND_DTYPE && pair[k].dtype == D(BFLOAT16))
          st = tl__error(TL_EDTYPE, "IvyBackendException", "numpy: result_type: data type '%s' not understood",
                         tl_dtype_name(pair[k].dtype));
      if (st != TL_OK) break;
      tl_result nr;
      if ((st = tl__numpy_exact_result(&np, pair, 2, &nr)) != TL_OK) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s", tl_errmsg());
        return tl__error(st, "IvyBackendException", "numpy: result_type: %s", msg);
      }
      r = nr.dtype;
    }
  }
  if (st != TL_OK) return st;
  out->dtype = r;
  out->weak = 0;
  return TL_OK;
}


/* ---- table-driven fast path ---------------------------------------------------
 * Derived at first use from the exact code above, per precise mode, for the
 * rule set's own defaults (a default-dtype override in cfg or pushed on this
 * thread, tl_default_dtype_push, takes the exact path):
 *   pt[p][a][b]    ivy_promote_types over the domain (Python types included);
 *   conv[d]        as_ivy_dtype;
 *   step[p][r][t]  promote_inputs(array of dtype r, operand token t): the step
 *                  of the `x1 + x2 + ...` fold (the fold's state is an array);
 *   first[p][s][t] promote_inputs of the first two operands.
 * Tokens: a dtype (anything with a .dtype: only its dtype counts), a Python
 * type (4), a Python scalar of a plain value class (4; its value only feeds
 * default_dtype(item=v), which gives the default for every plain value).
 * -1 in a table: an error or not derivable; the exact code answers. */
enum { IVY_TOK_PYTYPE = TL_NUM_DTYPES, IVY_TOK_PYSCALAR = TL_NUM_DTYPES + TL__PYC_N, IVY_NTOK = TL_NUM_DTYPES + 2 * TL__PYC_N };
static int8_t ivy_pt[2][TL_NUM_DTYPES][TL_NUM_DTYPES];
static int8_t ivy_conv[TL_NUM_DTYPES];
static int8_t ivy_step[2][TL_NUM_DTYPES][IVY_NTOK];
static int8_t ivy_first[2][IVY_NTOK][IVY_NTOK];
static pthread_once_t fast_once = PTHREAD_ONCE_INIT;

static tl_operand ivy_tok_operand(int t) {
  if (t >= IVY_TOK_PYSCALAR) return tl__pyscalar_rep(t - IVY_TOK_PYSCALAR);
  if (t >= IVY_TOK_PYTYPE) return tl__pytype_rep(t - IVY_TOK_PYTYPE);
  return tl_operand_array((tl_dtype)t, 0);
}

static int ivy_tok_usable(int t) { return t >= TL_NUM_DTYPES || ((tl__rules_domain(&tl__rules_ivy) >> t) & 1u); }

static void build_fast(void) {
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.rules = &tl__rules_ivy;
  for (int d = 0; d < TL_NUM_DTYPES; d++) {
    tl_dtype r = TL_DTYPE_NONE;
    ivy_conv[d] = (int8_t)(ivy_tok_usable(d) && as_ivy_dtype(&cfg, (tl_dtype)d, &r) == TL_OK ? r : -1);
  }
  for (int p = 0; p < 2; p++) {
    cfg.precise = p;
    tl__fast_pair_table(&tl__rules_ivy, &cfg, tl__ivy_exact_promote, ivy_pt[p]);
    for (int s = 0; s < IVY_NTOK; s++)
      for (int t = 0; t < IVY_NTOK; t++) {
        if (s < TL_NUM_DTYPES) ivy_step[p][s][t] = -1;
        ivy_first[p][s][t] = -1;
        if (!ivy_tok_usable(s) || !ivy_tok_usable(t)) continue;
        tl_operand x = ivy_tok_operand(s), y = ivy_tok_operand(t);
        tl_dtype r = TL_DTYPE_NONE;
        if (promote_inputs(&cfg, &x, &y, &r) == TL_OK && tl__valid_dtype(r)) {
          if (s < TL_NUM_DTYPES) ivy_step[p][s][t] = (int8_t)r;
          ivy_first[p][s][t] = (int8_t)r;
        }
      }
  }
  tl_clear_error();
}

/* Ivy's defaults are the built-in ones: no override in cfg, none pushed. */
static int ivy_plain_defaults(const tl_config *cfg) {
  return tl__cfg_plain_defaults(cfg) &&
         (tl_default_dtype_depth(TL_KIND_ANY) | tl_default_dtype_depth(TL_KIND_INT) |
          tl_default_dtype_depth(TL_KIND_UINT) | tl_default_dtype_depth(TL_KIND_FLOAT) |
          tl_default_dtype_depth(TL_KIND_COMPLEX)) == 0;
}

static int ivy_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  /* the defaults only matter for the Python types */
  if ((!tl__is_weak(a) && !tl__is_weak(b)) || ivy_plain_defaults(cfg)) {
    pthread_once(&fast_once, build_fast);
    int r = ivy_pt[cfg->precise ? 1 : 0][a][b];
    if (r >= 0) return *out = (tl_dtype)r, TL_OK;
  }
  return tl__ivy_exact_promote(cfg, a, b, out);
}

static inline int ivy_token(const tl_operand *o) {
  if (o->kind == TL_OPERAND_PYTYPE) return IVY_TOK_PYTYPE + (o->dtype == D(BOOL) ? 0 : (int)o->dtype - D(WEAK_INT) + 1);
  if (o->kind == TL_OPERAND_PYSCALAR) {
    int c = tl__pyscalar_class(o);
    return c < 0 ? -1 : IVY_TOK_PYSCALAR + c;
  }
  return (int)o->dtype;
}

static int ivy_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  if (n >= 2) {
    pthread_once(&fast_once, build_fast);
    const int p = cfg->precise ? 1 : 0;
    int r, py = 0;
    size_t i;
    if (!cfg->op) return tl__ivy_exact_result(cfg, ops, n, out); /* NumPy's own fast path answers */
    /* a Python scalar's value is checked on conversion; the tables are built
     * for the operator form */
    if (cfg->op_form != TL_OP_OPERATOR) return tl__ivy_exact_result(cfg, ops, n, out);
    for (i = 0; i < n; i++)
      if (ops[i].kind == TL_OPERAND_PYSCALAR) return tl__ivy_exact_result(cfg, ops, n, out);
    if (cfg->op) {
      int s = ivy_token(&ops[0]), t = ivy_token(&ops[1]);
      py = ops[0].kind >= TL_OPERAND_PYSCALAR || ops[1].kind >= TL_OPERAND_PYSCALAR;
      r = s < 0 || t < 0 ? -1 : ivy_first[p][s][t];
      for (i = 2; i < n && r >= 0; i++) {
        py |= ops[i].kind >= TL_OPERAND_PYSCALAR;
        t = ivy_token(&ops[i]);
        r = t < 0 ? -1 : ivy_step[p][r][t];
      }
    } else {
      int8_t(*pt)[TL_NUM_DTYPES] = ivy_pt[p];
      py = ops[0].kind >= TL_OPERAND_PYSCALAR;
      r = ivy_conv[ops[0].dtype];
      for (i = 1; i < n && r >= 0; i++) {
        py |= ops[i].kind >= TL_OPERAND_PYSCALAR;
        r = pt[r][ops[i].dtype];
      }
    }
    /* the tables hold Ivy's own defaults, which only the Python operands use */
    if (r >= 0 && (!py || ivy_plain_defaults(cfg))) {
      out->dtype = (tl_dtype)r;
      out->weak = 0;
      return TL_OK;
    }
  }
  return tl__ivy_exact_result(cfg, ops, n, out);
}

/* ---- can_cast, table ---------------------------------------------------------------- */

static int ivy_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                        tl_casting casting, int *out) {
  (void)fo, (void)too, (void)casting;
  tl_dtype r = TL_DTYPE_NONE, t = TL_DTYPE_NONE;
  int st;
  if ((st = ivy_backend_dtype(from, "numpy: can_cast: numpy: promote_types: ")) != TL_OK ||
      (st = ivy_backend_dtype(to, "numpy: can_cast: numpy: promote_types: ")) != TL_OK)
    return st;
  st = ivy_promote_types(cfg, from, to, &r);
  if (st == TL_OK) st = as_ivy_dtype(cfg, to, &t);
  if (st != TL_OK) return st;
  *out = r == t;
  return TL_OK;
}

static int ivy_table_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  tl_operand ops[2];
  tl_dtype ab[2] = {a, b};
  for (int i = 0; i < 2; i++) {
    ops[i] = tl_operand_array(ab[i], 0);
    if (tl__is_weak(ab[i])) ops[i].kind = TL_OPERAND_PYTYPE;
  }
  return promote_inputs(cfg, &ops[0], &ops[1], out);
}

/* ivy.can_cast(1, 'int32') (numpy backend): the value reaches as_ivy_dtype, which refuses it
 * (ivy 1.0.0.5, measured: IvyBackendException "numpy: can_cast: numpy: promote_types: numpy:
 * as_ivy_dtype: 1"; str() of the value). */
static int ivy_can_cast_operand(const tl_config *cfg, const tl_operand *from, tl_byteorder fo, tl_dtype to,
                                tl_byteorder too, tl_casting casting, int *out) {
  (void)cfg, (void)fo, (void)to, (void)too, (void)casting, (void)out;
  if (from->kind != TL_OPERAND_PYSCALAR) return TL__DECLINED;
  char v[96];
  tl__value_repr(&from->value, v, sizeof v);
  return tl__error(TL_EUNSUPPORTED, "IvyBackendException", "numpy: can_cast: numpy: promote_types: numpy: as_ivy_dtype: %s",
                   v);
}

const tl_rules tl__rules_ivy = {
    "ivy",
    "Ivy's unified table (array_api + common extra + precise/non-precise extra), numpy backend; scalars per "
    "promote_types_of_inputs",
    "ivy 1.0.0.5 (numpy backend, NumPy 2.4.6; run: tests/data/ref/ivy.tsv from tools/refgen/gen_ivy.py)",
    ivy_domain,
    ivy_promote_types,
    ivy_result_type,
    ivy_can_cast,
    ivy_table_cell,
    NULL,
    NULL, /* fast_result_type */
    ivy_can_cast_operand, /* can_cast_operand */
};
