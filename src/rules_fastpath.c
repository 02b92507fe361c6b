/* rules_fastpath.c — shared pieces of the table-driven fast paths of the
 * non-JAX rule sets (internal.h, "table-driven fast paths"): the
 * representative operands the tables are derived with, the pairwise table
 * builder, and the exact hooks the tests compare the fast paths against. */
#include "internal.h"

#include <string.h>

tl_operand tl__pyscalar_rep(int cls) {
  tl_operand o;
  memset(&o, 0, sizeof o);
  o.kind = TL_OPERAND_PYSCALAR;
  o.dtype = tl__pyc_dtype(cls);
  o.has_value = 1;
  switch (cls) {
  case TL__PYC_BOOL: o.value.kind = TL_VALUE_BOOL, o.value.lo = 1; break;
  case TL__PYC_INT: o.value.kind = TL_VALUE_INT, o.value.lo = 3; break;
  case TL__PYC_FLOAT: o.value.kind = TL_VALUE_FLOAT, o.value.re = 1.5; break;
  default: o.value.kind = TL_VALUE_COMPLEX, o.value.re = 1.5, o.value.im = 2.5; break;
  }
  return o;
}

tl_operand tl__pytype_rep(int cls) {
  tl_operand o;
  memset(&o, 0, sizeof o);
  o.kind = TL_OPERAND_PYTYPE;
  o.dtype = tl__pyc_dtype(cls);
  return o;
}

void tl__fast_pair_table(const tl_rules *r, const tl_config *cfg,
                         int (*exact)(const tl_config *, tl_dtype, tl_dtype, tl_dtype *),
                         int8_t t[TL_NUM_DTYPES][TL_NUM_DTYPES]) {
  memset(t, -1, sizeof(int8_t) * TL_NUM_DTYPES * TL_NUM_DTYPES);
  for (const tl_dtype *a = r->dtypes; *a != TL_DTYPE_NONE; a++)
    for (const tl_dtype *b = r->dtypes; *b != TL_DTYPE_NONE; b++) {
      tl_dtype res = TL_DTYPE_NONE;
      if (exact(cfg, *a, *b, &res) == TL_OK && tl__valid_dtype(res)) t[*a][*b] = (int8_t)res;
    }
  tl_clear_error();
}

int tl__rules_exact_hooks(const tl_rules *r, tl__promote_fn *promote, tl__result_fn *result) {
  static const struct {
    const tl_rules *r;
    tl__promote_fn p;
    tl__result_fn res;
  } hooks[] = {
      {&tl__rules_numpy, tl__numpy_exact_promote, tl__numpy_exact_result},
      {&tl__rules_numpy1, tl__numpy_exact_promote, tl__numpy1_exact_result},
      {&tl__rules_torch, tl__torch_exact_promote, tl__torch_exact_result},
      {&tl__rules_tensorflow, tl__tf_exact_promote, tl__tf_exact_result},
      {&tl__rules_tensorflow_all, tl__tf_all_exact_promote, tl__tf_all_exact_result},
      {&tl__rules_tensorflow_safe, tl__tf_safe_exact_promote, tl__tf_safe_exact_result},
      {&tl__rules_array_api, tl__api_exact_promote, tl__api_exact_result},
      {&tl__rules_ivy, tl__ivy_exact_promote, tl__ivy_exact_result},
      {&tl__rules_jax, tl__jax_exact_promote, tl__jax_exact_result},
  };
  for (size_t i = 0; i < TL__COUNT(hooks); i++)
    if (hooks[i].r == r) {
      *promote = hooks[i].p;
      *result = hooks[i].res;
      return 0;
    }
  return -1;
}

tl_operand tl__tok_operand(int t) {
  if (t >= TL__TOK_PYSCALAR) return tl__pyscalar_rep(t - TL__TOK_PYSCALAR);
  if (t >= TL__TOK_PYTYPE) return tl__pytype_rep(t - TL__TOK_PYTYPE);
  return tl_operand_array((tl_dtype)t, 0);
}

static int tok_usable(uint64_t domain, int t) { return t >= TL_NUM_DTYPES || ((domain >> t) & 1u); }

void tl__fast_fold_tables(const tl_rules *r, const tl_config *cfg, tl__result_fn exact,
                          int8_t step[TL_NUM_DTYPES][TL__NTOK], int8_t first[TL__NTOK][TL__NTOK]) {
  const uint64_t domain = tl__rules_domain(r);
  memset(step, -1, sizeof(int8_t) * TL_NUM_DTYPES * TL__NTOK);
  memset(first, -1, sizeof(int8_t) * TL__NTOK * TL__NTOK);
  for (int s = 0; s < TL__NTOK; s++)
    for (int t = 0; t < TL__NTOK; t++) {
      if (!tok_usable(domain, s) || !tok_usable(domain, t) || (s < TL_NUM_DTYPES && tl__is_weak((tl_dtype)s)) ||
          (t < TL_NUM_DTYPES && tl__is_weak((tl_dtype)t)))
        continue;
      tl_operand ops[2] = {tl__tok_operand(s), tl__tok_operand(t)};
      tl_result res = {TL_DTYPE_NONE, 0};
      if (exact(cfg, ops, 2, &res) == TL_OK && !res.weak && tl__concrete(res.dtype)) {
        first[s][t] = (int8_t)res.dtype;
        if (s < TL_NUM_DTYPES) step[s][t] = (int8_t)res.dtype;
      }
    }
  tl_clear_error();
}
