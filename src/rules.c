/* rules.c — the rule-set registry and the generic entry points.
 * A framework is one file (src/rules_<name>.c) defining a `tl_rules` value;
 * registering it is one line in `registry` below. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

static const tl_rules *const registry[] = {
    &tl__rules_jax,
    &tl__rules_jax_lax,
    &tl__rules_numpy,
    &tl__rules_numpy1,
    /* slot: numpy */
    &tl__rules_torch,
    /* slot: torch */
    &tl__rules_tensorflow,
    &tl__rules_tensorflow_all,
    &tl__rules_tensorflow_safe,
    /* slot: tensorflow */
    &tl__rules_array_api,
    /* slot: array-api */
    &tl__rules_ivy,
};

size_t tl_rules_count(void) { return TL__COUNT(registry); }

const tl_rules *tl_rules_at(size_t i) { return i < TL__COUNT(registry) ? registry[i] : NULL; }

int tl_rules_find(const char *name, const tl_rules **out) {
  if (!name || !out) return tl__error(TL_EINVAL, NULL, "tl_rules_find: NULL %s", name ? "out" : "name");
  for (size_t i = 0; i < TL__COUNT(registry); i++)
    if (strcmp(registry[i]->name, name) == 0) {
      *out = registry[i];
      return tl__ok();
    }
  char known[512] = "";
  size_t used = 0;
  for (size_t i = 0; i < TL__COUNT(registry) && used < sizeof known - 32; i++)
    used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "", registry[i]->name);
  return tl__error(TL_EUNSUPPORTED, NULL, "unknown rule set '%s' (known: %s)", name, known);
}

const char *tl_rules_name(const tl_rules *r) { return r ? r->name : "?"; }
const char *tl_rules_description(const tl_rules *r) { return r ? r->description : "?"; }
const char *tl_rules_checked_against(const tl_rules *r) { return r ? r->checked_against : "?"; }

size_t tl_rules_dtypes(const tl_rules *r, tl_dtype *out, size_t cap) {
  if (!r || !r->dtypes) return 0;
  size_t n = 0;
  for (; r->dtypes[n] != TL_DTYPE_NONE; n++)
    if (out && n < cap) out[n] = r->dtypes[n];
  return n;
}

static const tl_rules *rules_of(const tl_config *cfg) { return cfg->rules ? cfg->rules : &tl__rules_jax; }

/* The domain as a bit mask, cached per thread for the last rule set used
 * (the common case is one rule set in a loop). */
uint64_t tl__rules_domain(const tl_rules *r) {
  static _Thread_local const tl_rules *last;
  static _Thread_local uint64_t mask;
  if (r != last) {
    uint64_t m = 0;
    for (const tl_dtype *p = r->dtypes; *p != TL_DTYPE_NONE; p++) m |= UINT64_C(1) << *p;
    mask = m;
    last = r;
  }
  return mask;
}

/* Is dtype d (a valid catalogue value) in the rule set's domain? */
static int in_domain(const tl_rules *r, tl_dtype d) { return (int)((tl__rules_domain(r) >> d) & 1u); }

static int check_dtype(const tl_rules *r, tl_dtype d, const char *what) {
  if (!tl__valid_dtype(d)) return tl__error(TL_EDTYPE, NULL, "%s: invalid dtype value %d", what, (int)d);
  if (!in_domain(r, d))
    return tl__error(TL_EDTYPE, NULL, "dtype %s is not known to the %s rules", tl_dtype_name(d), r->name);
  return TL_OK;
}

/* cfg->default_* must be TL_DTYPE_NONE or a concrete dtype of its kind: the
 * rule sets use them as dtypes (table indices, iinfo) without checking. */
static int check_cfg_defaults(const tl_config *cfg) {
  if ((cfg->default_int & cfg->default_uint & cfg->default_float & cfg->default_complex) == TL_DTYPE_NONE)
    return TL_OK; /* all unset: the common case, one test */
  static const char *const field[4] = {"default_int", "default_uint", "default_float", "default_complex"};
  static const char *const word[4] = {"int", "uint", "float", "complex"};
  const tl_dtype v[4] = {cfg->default_int, cfg->default_uint, cfg->default_float, cfg->default_complex};
  for (int i = 0; i < 4; i++) {
    tl_dtype d = v[i];
    if (d == TL_DTYPE_NONE) continue;
    int ok = tl__concrete(d) && (i == 0   ? tl_dtype_is_integer(d)
                                 : i == 1 ? tl_dtype_is_unsigned(d)
                                 : i == 2 ? tl_dtype_is_floating(d)
                                          : tl_dtype_is_complex(d));
    if (!ok)
      return tl__error(TL_EDTYPE, NULL, "cfg->%s is %s, not a valid default %s dtype", field[i],
                       tl__valid_dtype(d) ? tl_dtype_name(d) : "a bad dtype value", word[i]);
  }
  return TL_OK;
}

int tl_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_promote_types: NULL out");
  cfg = tl__cfg(cfg);
  const tl_rules *r = rules_of(cfg);
  int st;
  if ((st = check_dtype(r, a, "tl_promote_types")) != TL_OK || (st = check_dtype(r, b, "tl_promote_types")) != TL_OK ||
      (st = check_cfg_defaults(cfg)) != TL_OK)
    return st;
  if (!r->promote_types)
    return tl__error(TL_EUNSUPPORTED, NULL, "the %s rules have no promote_types", r->name);
  tl_dtype res;
  st = r->promote_types(cfg, a, b, &res);
  if (st != TL_OK) return st;
  *out = res;
  return tl__ok();
}

int tl_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  if (!ops || !out) return tl__error(TL_EINVAL, NULL, "tl_result_type: NULL %s", ops ? "out" : "ops");
  if (n == 0) return tl__error(TL_EINVAL, "ValueError", "at least one array or dtype is required");
  cfg = tl__cfg(cfg);
  if (cfg->op_form != TL_OP_OPERATOR && cfg->op_form != TL_OP_FUNCTION)
    return tl__error(TL_EINVAL, NULL, "tl_result_type: cfg->op_form is %d, not TL_OP_OPERATOR or TL_OP_FUNCTION",
                     cfg->op_form);
  const tl_rules *r = rules_of(cfg);
  if (r->fast_result_type && r->fast_result_type(cfg, ops, n, out) == TL_OK) return tl__ok();
  /* one mask test per operand: which dtypes each operand kind may carry */
  const uint64_t domain = tl__rules_domain(r);
  const uint64_t pymask = (UINT64_C(1) << TL_BOOL) | (UINT64_C(1) << TL_WEAK_INT) | (UINT64_C(1) << TL_WEAK_FLOAT) |
                          (UINT64_C(1) << TL_WEAK_COMPLEX);
  const uint64_t arrmask = domain & ~(pymask & ~(UINT64_C(1) << TL_BOOL));
  for (size_t i = 0; i < n; i++) {
    unsigned k = (unsigned)ops[i].kind, d = (unsigned)ops[i].dtype;
    uint64_t allowed = k >= TL_OPERAND_PYSCALAR ? pymask : arrmask;
    if (k <= TL_OPERAND_PYTYPE && d < TL_NUM_DTYPES && ((allowed >> d) & 1u)) continue;
    /* slow path: say what is wrong */
    if (k > TL_OPERAND_PYTYPE) return tl__error(TL_EINVAL, NULL, "operand %zu has invalid kind %d", i, (int)ops[i].kind);
    if (d >= TL_NUM_DTYPES) return tl__error(TL_EDTYPE, NULL, "operand %zu has invalid dtype value %d", i, (int)ops[i].dtype);
    if (k >= TL_OPERAND_PYSCALAR)
      return tl__error(TL_EINVAL, NULL, "operand %zu: a Python scalar/type must have dtype bool, int*, float* or complex*", i);
    if (tl__is_weak(ops[i].dtype))
      return tl__error(TL_EINVAL, NULL, "operand %zu: an array or dtype operand cannot have a weak kind as its dtype", i);
    return tl__error(TL_EDTYPE, NULL, "dtype %s is not known to the %s rules", tl_dtype_name(ops[i].dtype), r->name);
  }
  if (!r->result_type) return tl__error(TL_EUNSUPPORTED, NULL, "the %s rules have no result_type", r->name);
  int st = check_cfg_defaults(cfg);
  if (st != TL_OK) return st;
  tl_result res;
  st = r->result_type(cfg, ops, n, &res);
  if (st != TL_OK) return st;
  *out = res;
  return tl__ok();
}

int tl_casting_parse(const char *name, tl_casting *out) {
  static const char *const names[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
  if (!name || !out) return tl__error(TL_EINVAL, NULL, "tl_casting_parse: NULL %s", name ? "out" : "name");
  for (int i = 0; i < 5; i++)
    if (strcmp(name, names[i]) == 0) {
      *out = (tl_casting)i;
      return tl__ok();
    }
  return tl__error(TL_EPARSE, "ValueError",
                   "casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe' (got '%s')", name);
}

int tl_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder to_order,
                tl_casting casting, int *out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_can_cast: NULL out");
  if ((int)casting < TL_CASTING_NO || casting > TL_CASTING_UNSAFE)
    return tl__error(TL_EINVAL, NULL, "tl_can_cast: invalid casting value %d", (int)casting);
  cfg = tl__cfg(cfg);
  const tl_rules *r = rules_of(cfg);
  int st;
  if ((st = check_dtype(r, from, "tl_can_cast")) != TL_OK || (st = check_dtype(r, to, "tl_can_cast")) != TL_OK)
    return st;
  if (!r->can_cast) return tl__error(TL_EUNSUPPORTED, NULL, "the %s rules have no can_cast", r->name);
  int res;
  st = r->can_cast(cfg, from, fo, to, to_order, casting, &res);
  if (st != TL_OK) return st;
  *out = res;
  return tl__ok();
}

int tl_can_cast_operand(const tl_config *cfg, const tl_operand *from, tl_byteorder fo, tl_dtype to,
                        tl_byteorder to_order, tl_casting casting, int *out) {
  if (!from || !out) return tl__error(TL_EINVAL, NULL, "tl_can_cast_operand: NULL %s", from ? "out" : "from");
  if ((int)casting < TL_CASTING_NO || casting > TL_CASTING_UNSAFE)
    return tl__error(TL_EINVAL, NULL, "tl_can_cast_operand: invalid casting value %d", (int)casting);
  unsigned k = (unsigned)from->kind;
  if (k > TL_OPERAND_PYTYPE)
    return tl__error(TL_EINVAL, NULL, "tl_can_cast_operand: from has invalid kind %d", (int)from->kind);
  if (!tl__valid_dtype(from->dtype))
    return tl__error(TL_EDTYPE, NULL, "tl_can_cast_operand: from has invalid dtype value %d", (int)from->dtype);
  int py = k >= TL_OPERAND_PYSCALAR, pyd = from->dtype == TL_BOOL || tl__is_weak(from->dtype);
  if (py && !pyd)
    return tl__error(TL_EINVAL, NULL, "tl_can_cast_operand: a Python scalar/type must have dtype bool, int*, float* or complex*");
  if (!py && tl__is_weak(from->dtype))
    return tl__error(TL_EINVAL, NULL, "tl_can_cast_operand: an array or dtype operand cannot have a weak kind as its dtype");
  if (k == TL_OPERAND_PYSCALAR) {
    tl_value_kind want = from->dtype == TL_BOOL        ? TL_VALUE_BOOL
                         : from->dtype == TL_WEAK_INT   ? TL_VALUE_INT
                         : from->dtype == TL_WEAK_FLOAT ? TL_VALUE_FLOAT
                                                        : TL_VALUE_COMPLEX;
    if (from->value.kind != want)
      return tl__error(TL_EINVAL, NULL, "tl_can_cast_operand: a Python %s scalar needs a value of that kind",
                       tl_dtype_name(from->dtype));
  }
  cfg = tl__cfg(cfg);
  const tl_rules *r = rules_of(cfg);
  int st;
  if ((st = check_dtype(r, to, "tl_can_cast_operand")) != TL_OK ||
      (!py && (st = check_dtype(r, from->dtype, "tl_can_cast_operand")) != TL_OK))
    return st;
  if (r->can_cast_operand) {
    int res = 0;
    st = r->can_cast_operand(cfg, from, fo, to, to_order, casting, &res);
    if (st == TL_OK) {
      *out = res;
      return tl__ok();
    }
    if (st != TL__DECLINED) return st;
  }
  return tl_can_cast(cfg, from->dtype, fo, to, to_order, casting, out);
}

int tl_table_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_table_cell: NULL out");
  cfg = tl__cfg(cfg);
  const tl_rules *r = rules_of(cfg);
  int st;
  if ((st = check_dtype(r, a, "tl_table_cell")) != TL_OK || (st = check_dtype(r, b, "tl_table_cell")) != TL_OK ||
      (st = check_cfg_defaults(cfg)) != TL_OK)
    return st;
  tl_dtype res;
  if (r->table_cell) st = r->table_cell(cfg, a, b, &res);
  else if (r->promote_types) st = r->promote_types(cfg, a, b, &res);
  else return tl__error(TL_EUNSUPPORTED, NULL, "the %s rules have no promotion table", r->name);
  if (st != TL_OK) return st;
  *out = res;
  return tl__ok();
}

const tl_lattice *tl_rules_lattice(const tl_rules *rules, const tl_config *cfg) {
  if (!rules) {
    tl__error(TL_EINVAL, NULL, "tl_rules_lattice: NULL rules");
    return NULL;
  }
  if (!rules->lattice) {
    tl__error(TL_EUNSUPPORTED, NULL, "the %s rules are table-driven, not a lattice", rules->name);
    return NULL;
  }
  const tl_lattice *l = rules->lattice(tl__cfg(cfg));
  if (l) tl__ok();
  return l;
}
