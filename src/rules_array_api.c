/* rules_array_api.c — the Python Array API standard, 2024.12, as
 * array-api-strict implements it.
 *
 * Data: none beyond the 13 required dtypes. The promotion table is the
 * standard's lattice, derived from kinds and sizes (torch_tf_arrayapi.md §3.2):
 * only same-kind pairs are defined; signed x unsigned -> the signed type wide
 * enough for both (signed x uint64 undefined); real float x complex -> the
 * complex type of the wider component. Python scalars (§3.3, 2024.12): a
 * scalar is converted to the array's dtype, so it never changes the result;
 * a complex scalar with a real floating array gives the complex type of the
 * same precision; everything else is array-api-strict's TypeError/OverflowError
 * (§3.5). can_cast(from, to) is promote(from, to) == to.
 * cfg->api_version (2021.12 ... 2025.12, default 2025.12): before 2024.12
 * result_type takes no Python scalars (the only difference array-api-strict
 * 2.6.1 makes between these versions in promotion). */
#include "internal.h"

#include <pthread.h>
#include <string.h>

#define D(x) TL_##x

static const tl_dtype api_domain[] = {D(BOOL),    D(INT8),      D(INT16),      D(INT32),      D(INT64),
                                      D(UINT8),   D(UINT16),    D(UINT32),     D(UINT64),     D(FLOAT32),
                                      D(FLOAT64), D(COMPLEX64), D(COMPLEX128), D(WEAK_INT),   D(WEAK_FLOAT),
                                      D(WEAK_COMPLEX), TL_DTYPE_NONE};

static int is_real_float(tl_dtype d) { return d == D(FLOAT32) || d == D(FLOAT64); }
static int is_cplx(tl_dtype d) { return d == D(COMPLEX64) || d == D(COMPLEX128); }
static int is_floating(tl_dtype d) { return is_real_float(d) || is_cplx(d); }
static int is_int(tl_dtype d) { return tl_dtype_is_integer(d) && !tl_dtype_is_weak(d); }

static int cannot_promote(tl_dtype a, tl_dtype b) {
  return tl__error(TL_EPROMOTE, "TypeError", "array_api_strict.%s and array_api_strict.%s cannot be type promoted together",
                   tl_dtype_name(a), tl_dtype_name(b));
}

/* The standard's promotion table (`_result_type`). */
static int promote(tl_dtype a, tl_dtype b, tl_dtype *out) {
  const tl_dtype_info *ia = tl__info(a), *ib = tl__info(b);
  if (a == b) return *out = a, TL_OK;
  if (is_int(a) && is_int(b)) {
    int sa = tl_dtype_is_signed(a), sb = tl_dtype_is_signed(b);
    if (sa == sb) return *out = ia->bits >= ib->bits ? a : b, TL_OK;
    tl_dtype s = sa ? a : b, u = sa ? b : a;
    int ub = tl__info(u)->bits;
    if (ub == 64) return cannot_promote(a, b);
    int bits = tl__info(s)->bits > ub ? tl__info(s)->bits : 2 * ub;
    *out = bits == 16 ? D(INT16) : bits == 32 ? D(INT32) : D(INT64);
    return TL_OK;
  }
  if (is_floating(a) && is_floating(b)) {
    int ca = is_cplx(a) || is_cplx(b);
    int comp = (is_cplx(a) ? ia->bits / 2 : ia->bits) > (is_cplx(b) ? ib->bits / 2 : ib->bits)
                   ? (is_cplx(a) ? ia->bits / 2 : ia->bits)
                   : (is_cplx(b) ? ib->bits / 2 : ib->bits);
    *out = ca ? (comp == 64 ? D(COMPLEX128) : D(COMPLEX64)) : (comp == 64 ? D(FLOAT64) : D(FLOAT32));
    return TL_OK;
  }
  return cannot_promote(a, b);
}

/* Array._promote_scalar: the dtype the scalar becomes next to an array of
 * dtype `arr`. */
static int promote_scalar(const tl_operand *s, tl_dtype arr, tl_dtype *out) {
  if (s->dtype == D(BOOL)) {
    if (arr != D(BOOL)) return tl__error(TL_EPROMOTE, "TypeError", "Python bool scalars can only be promoted with bool arrays");
    return *out = arr, TL_OK;
  }
  if (s->dtype == D(WEAK_INT)) {
    if (arr == D(BOOL)) return tl__error(TL_EPROMOTE, "TypeError", "Python int scalars cannot be promoted with bool arrays");
    if (is_int(arr) && s->kind == TL_OPERAND_PYSCALAR && s->value.kind == TL_VALUE_INT) {
      tl_iinfo ii;
      tl_iinfo_get(arr, &ii);
      int fits = tl__value_fits(&s->value, ii.min, ii.max);
      tl_clear_error();
      if (!fits)
        return tl__error(TL_EOVERFLOW, "OverflowError",
                         "Python int scalars must be within the bounds of the dtype for integer arrays");
    }
    return *out = arr, TL_OK;
  }
  if (!is_floating(arr))
    return tl__error(TL_EPROMOTE, "TypeError", "Python %s scalars can only be promoted with floating-point arrays.",
                     s->dtype == D(WEAK_FLOAT) ? "float" : "complex");
  if (s->dtype == D(WEAK_COMPLEX) && is_real_float(arr))
    return *out = arr == D(FLOAT32) ? D(COMPLEX64) : D(COMPLEX128), TL_OK;
  return *out = arr, TL_OK;
}

static int is_pyish(const tl_operand *o) { return o->kind == TL_OPERAND_PYSCALAR || o->kind == TL_OPERAND_PYTYPE; }

/* result_type(*arrays_and_dtypes): fold the arrays/dtypes in order, then
 * apply the scalars one by one; `no_scalars` (api_version <= 2023.12): after
 * the fold, a Python scalar is a TypeError. */
static int api_result_dtype_v(const tl_operand *ops, size_t n, int no_scalars, tl_dtype *out) {
  tl_dtype r = TL_DTYPE_NONE;
  int st;
  for (size_t i = 0; i < n; i++) {
    if (is_pyish(&ops[i])) continue;
    if (r == TL_DTYPE_NONE) r = ops[i].dtype;
    else if ((st = promote(r, ops[i].dtype, &r)) != TL_OK) return st;
  }
  if (r == TL_DTYPE_NONE) return tl__error(TL_EINVAL, "ValueError", "at least one array or dtype is required");
  for (size_t i = 0; i < n && no_scalars; i++)
    if (is_pyish(&ops[i]))
      return tl__error(TL_EDTYPE, "TypeError", "result_type() inputs must be Array API arrays or dtypes");
  for (size_t i = 0; i < n; i++) {
    if (!is_pyish(&ops[i])) continue;
    tl_dtype s;
    if ((st = promote_scalar(&ops[i], r, &s)) != TL_OK || (st = promote(s, r, &r)) != TL_OK) return st;
  }
  *out = r;
  return TL_OK;
}

static int api_result_dtype(const tl_operand *ops, size_t n, tl_dtype *out) { return api_result_dtype_v(ops, n, 0, out); }

static int numeric(tl_dtype d) { return d != D(BOOL); }

/* cfg->api_version: 0 (the newest, 2025.12) or one of the standard's versions. */
static int api_version(const tl_config *cfg, int *v) {
  switch (cfg->api_version) {
  case 0: *v = 202512; return TL_OK;
  case 202112: case 202212: case 202312: case 202412: case 202512: *v = cfg->api_version; return TL_OK;
  default:
    return tl__error(TL_EINVAL, NULL,
                     "cfg->api_version is %d, not an Array API version (202112, 202212, 202312, 202412, 202512 or 0)",
                     cfg->api_version);
  }
}

/* Before 2024.12, result_type takes only arrays and dtypes: array-api-strict
 * folds the arrays and dtypes, then refuses any Python scalar. */
static int api_result_versioned(const tl_config *cfg, const tl_operand *ops, size_t n, tl_dtype *out) {
  int v = 0, st;
  if ((st = api_version(cfg, &v)) != TL_OK) return st;
  return api_result_dtype_v(ops, n, v < 202412, out);
}

/* x1 + x2: x1.__add__(x2), or x2.__radd__(x1) when x1 is a Python scalar;
 * longer chains are evaluated left to right. */
static int api_op(const tl_operand *ops, size_t n, tl_dtype *out) {
  if (n == 1) return api_result_dtype(ops, n, out);
  tl_operand acc = ops[0];
  int st;
  for (size_t i = 1; i < n; i++) {
    const tl_operand *x = &acc, *y = &ops[i];
    const char *name = "__add__";
    if (is_pyish(x)) {
      if (is_pyish(y)) {
        tl_operand both[2] = {*x, *y};
        return api_result_dtype(both, 2, out); /* ValueError */
      }
      const tl_operand *t = x;
      x = y, y = t, name = "__radd__";
    }
    if (!numeric(x->dtype)) return tl__error(TL_EPROMOTE, "TypeError", "Only numeric dtypes are allowed in %s", name);
    tl_dtype other;
    if (is_pyish(y)) {
      if ((st = promote_scalar(y, x->dtype, &other)) != TL_OK) return st;
    } else {
      if (!numeric(y->dtype)) return tl__error(TL_EPROMOTE, "TypeError", "Only numeric dtypes are allowed in %s", name);
      other = y->dtype;
    }
    tl_dtype r;
    if ((st = promote(x->dtype, other, &r)) != TL_OK) return st;
    acc = tl_operand_array(r, 0);
  }
  *out = acc.dtype;
  return TL_OK;
}

int tl__api_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  tl_dtype r;
  int v = 0, st = api_version(cfg, &v);
  if (st != TL_OK) return st;
  st = cfg->op ? api_op(ops, n, &r) : api_result_versioned(cfg, ops, n, &r);
  if (st != TL_OK) return st;
  out->dtype = r;
  out->weak = 0;
  return TL_OK;
}

int tl__api_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  int v, st;
  if ((st = api_version(cfg, &v)) != TL_OK) return st;
  if (tl_dtype_is_weak(a) || tl_dtype_is_weak(b))
    return tl__error(TL_EDTYPE, "TypeError", "result_type() inputs must be Array API arrays or dtypes");
  return promote(a, b, out);
}


/* ---- table-driven fast path ---------------------------------------------------
 * Derived at first use from the exact code above (no setting changes it but
 * cfg->op):
 *   pt[a][b]          promote_types over the domain (also the array fold);
 *   scal[t][r]        the scalar step of result_type: result_type(array of
 *                     dtype r, Python type/scalar token t);
 *   step/first        `x1 + x2 + ...` as a left fold (tl__fast_fold_tables).
 * A Python int of the plain class (0..127) is within every integer dtype's
 * bounds, so its value check always passes. -1: the exact code answers. */
static int8_t api_pt[TL_NUM_DTYPES][TL_NUM_DTYPES];
static int8_t api_scal[TL__NTOK][TL_NUM_DTYPES];
static int8_t api_step[TL_NUM_DTYPES][TL__NTOK], api_first[TL__NTOK][TL__NTOK];
static pthread_once_t fast_once = PTHREAD_ONCE_INIT;

static void build_fast(void) {
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.rules = &tl__rules_array_api;
  tl__fast_pair_table(&tl__rules_array_api, &cfg, tl__api_exact_promote, api_pt);
  memset(api_scal, -1, sizeof api_scal);
  for (int t = TL__TOK_PYTYPE; t < TL__NTOK; t++)
    for (const tl_dtype *r = api_domain; *r != TL_DTYPE_NONE; r++) {
      if (tl__is_weak(*r)) continue;
      tl_operand ops[2] = {tl_operand_array(*r, 0), tl__tok_operand(t)};
      tl_dtype res = TL_DTYPE_NONE;
      if (api_result_dtype(ops, 2, &res) == TL_OK && tl__concrete(res)) api_scal[t][*r] = (int8_t)res;
    }
  cfg.op = 1;
  tl__fast_fold_tables(&tl__rules_array_api, &cfg, tl__api_exact_result, api_step, api_first);
  tl_clear_error();
}

static int api_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  pthread_once(&fast_once, build_fast);
  int r = cfg->api_version ? -1 : api_pt[a][b]; /* a version set: the exact code checks it */
  if (r >= 0) return *out = (tl_dtype)r, TL_OK;
  return tl__api_exact_promote(cfg, a, b, out);
}

/* result_type: the arrays/dtypes folded in order, then the Python scalars
 * applied in order (a second pass, only when there are any). */
static int api_fast_result(const tl_operand *ops, size_t n) {
  int r = -2, py = 0;
  for (size_t i = 0; i < n; i++) {
    if (is_pyish(&ops[i])) {
      py = 1;
      continue;
    }
    r = r == -2 ? (int)ops[i].dtype : api_pt[r][ops[i].dtype];
    if (r < 0) return -1;
  }
  if (r < 0) return -1;
  if (py)
    for (size_t i = 0; i < n && r >= 0; i++) {
      if (!is_pyish(&ops[i])) continue;
      int t = tl__tok_of(&ops[i]);
      r = t < 0 ? -1 : api_scal[t][r];
    }
  return r;
}

static int api_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  pthread_once(&fast_once, build_fast);
  if (cfg->api_version) return tl__api_exact_result(cfg, ops, n, out); /* checks and applies it */
  int r = cfg->op ? (n >= 2 ? tl__fast_fold(api_step, api_first, ops, n) : -1) : api_fast_result(ops, n);
  if (r >= 0) {
    out->dtype = (tl_dtype)r;
    out->weak = 0;
    return TL_OK;
  }
  return tl__api_exact_result(cfg, ops, n, out);
}

/* Table cell: the pairwise table; a weak kind is a Python scalar of that kind
 * next to an array (result_type(dtype, scalar)). */
static int api_table_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  tl_operand ops[2];
  tl_dtype ab[2] = {a, b};
  for (int i = 0; i < 2; i++) {
    ops[i] = tl_operand_array(ab[i], 0);
    if (tl_dtype_is_weak(ab[i])) ops[i].kind = TL_OPERAND_PYTYPE;
  }
  return api_result_versioned(cfg, ops, 2, out);
}

static int api_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                        tl_casting casting, int *out) {
  (void)fo, (void)too, (void)casting;
  int v, st;
  if ((st = api_version(cfg, &v)) != TL_OK) return st;
  if (tl_dtype_is_weak(from) || tl_dtype_is_weak(to))
    return tl__error(TL_EDTYPE, "TypeError", "can_cast(): from_ and to must be Array API arrays or dtypes");
  tl_dtype r;
  *out = promote(from, to, &r) == TL_OK && r == to;
  tl_clear_error();
  return TL_OK;
}

/* array_api_strict.can_cast(1, int32): TypeError "from_=1, but should be an array_api array or dtype"
 * (array-api-strict 2.6.1, measured; the value's repr). */
static int api_can_cast_operand(const tl_config *cfg, const tl_operand *from, tl_byteorder fo, tl_dtype to,
                                tl_byteorder too, tl_casting casting, int *out) {
  (void)cfg, (void)fo, (void)to, (void)too, (void)casting, (void)out;
  if (from->kind != TL_OPERAND_PYSCALAR) return TL__DECLINED;
  char v[96];
  tl__value_repr(&from->value, v, sizeof v);
  return tl__error(TL_EUNSUPPORTED, "TypeError", "from_=%s, but should be an array_api array or dtype", v);
}

const tl_rules tl__rules_array_api = {
    "array-api",
    "Python Array API standard (2021.12 ... 2025.12, default 2025.12; --api-version): same-kind lattice, no mixed kinds, scalars take the array's dtype",
    "array-api-strict 2.6.1 (api_version 2021.12 ... 2025.12)",
    api_domain,
    api_promote_types,
    api_result_type,
    api_can_cast,
    api_table_cell,
    NULL,
    NULL, /* fast_result_type */
    api_can_cast_operand, /* can_cast_operand */
};
