/* fuzz_promote.c — differential/algebraic target for the rule sets.
 *
 * Input bytes: [rules index] [mode bits] [4 default-override bytes] then
 * operands of 10 bytes each (kind, dtype, 8 value bytes). Every input is run
 * under the chosen rule set (every one in tl_rules_count/tl_rules_at) with
 * the x64/strict/op/precise variations from the mode bits, and cfg default
 * overrides that may be absent, valid, of the wrong kind or out of range.
 *
 * Properties checked:
 *   - no crash, the error contract, output untouched on failure;
 *   - a successful result is a concrete catalogue dtype with weak in {0,1};
 *   - promote_types and table_cell are commutative (status, error class and
 *     result) under every rule set;
 *   - promote_types(a, a) == a for every concrete a where it succeeds
 *     (idempotence);
 *   - result_type through an explicit cfg and through tl_config_push(cfg) +
 *     cfg=NULL give the same answer;
 *   - N-ary result_type is order-independent for the rule sets that promise
 *     it: jax and jax.lax (a join on a lattice; docs/design.md, header §6/§7).
 *     NumPy's and PyTorch's result_type are documented as not associative /
 *     order-dependent in corner cases, so they are only checked for the
 *     other properties;
 *   - tl_infer_dtype / tl_default_dtype never crash and return valid dtypes. */
#include "fuzz_common.h"

#define MAX_OPS 12

/* Rule sets whose N-ary result_type is a lattice join: order-independent. */
static int order_independent(const tl_rules *r) {
  const char *n = tl_rules_name(r);
  return strcmp(n, "jax") == 0 || strcmp(n, "jax.lax") == 0;
}

static tl_dtype pick_dtype(uint8_t b) { return (tl_dtype)((int)(b % (TL_NUM_DTYPES + 3)) - 1); } /* -1 .. TL_NUM_DTYPES + 1 */

static tl_dtype pick_override(uint8_t b) {
  if (b < 128) return TL_DTYPE_NONE;
  if (b < 250) return (tl_dtype)(b % TL_NUM_DTYPES);
  return (tl_dtype)(b == 250 ? -7 : b == 251 ? TL_NUM_DTYPES : b == 252 ? 1000 : b == 253 ? -2 : 31 + (b - 254));
}

static void decode_operand(const uint8_t *p, tl_operand *o) {
  memset(o, 0, sizeof *o);
  o->kind = (tl_operand_kind)(p[0] % 8); /* 7 = invalid kind */
  o->dtype = pick_dtype(p[1]);
  uint64_t bits;
  memcpy(&bits, p + 2, 8);
  if (o->kind == TL_OPERAND_PYSCALAR || o->kind == TL_OPERAND_PYTYPE) {
    /* mostly well-formed Python operands */
    if (!(p[0] & 0x80)) o->dtype = (p[1] & 3) == 0 ? TL_BOOL : (tl_dtype)(TL_WEAK_INT + (p[1] & 3) - 1);
  }
  o->has_value = o->kind == TL_OPERAND_PYSCALAR || o->kind == TL_OPERAND_SCALAR || (p[0] & 0x40);
  if (!o->has_value) return;
  tl_value *v = &o->value;
  switch (o->dtype == TL_BOOL ? 0 : tl_dtype_is_integer(o->dtype) ? 1 : tl_dtype_is_complex(o->dtype) ? 3 : 2) {
  case 0: v->kind = TL_VALUE_BOOL; v->lo = bits & 1; break;
  case 1:
    v->kind = TL_VALUE_INT;
    v->negative = (int)(bits >> 63);
    v->lo = bits & 0x7fffffffffffffffu;
    v->hi = (p[0] & 0x20) ? bits >> 40 : 0;
    break;
  case 2: v->kind = TL_VALUE_FLOAT; memcpy(&v->re, &bits, 8); break;
  default: v->kind = TL_VALUE_COMPLEX; memcpy(&v->re, &bits, 8); v->im = (double)(p[1] & 7) - 3.5; break;
  }
  if (p[0] & 0x10) v->kind = (tl_value_kind)(p[9] % 6); /* sometimes a mismatched value kind */
}

static void check_result(int st, const tl_result *r, const char *fn) {
  fz_status(st, fn);
  if (st == TL_OK) {
    /* TL_OBJECT: NumPy's dtype('O') for a Python int beyond 64 bits (the header, TL_OBJECT) */
    FZ_CHECK(((int)r->dtype >= 0 && (int)r->dtype < TL_NUM_CONCRETE) || r->dtype == TL_OBJECT, "%s: result dtype %d", fn,
             (int)r->dtype);
    FZ_CHECK(r->weak == 0 || r->weak == 1, "%s: weak flag %d", fn, r->weak);
  } else {
    FZ_CHECK(r->dtype == (tl_dtype)-77 && r->weak == -77, "%s wrote output on failure", fn);
  }
}

static int same_answer(int s1, const tl_result *a, int s2, const tl_result *b) {
  if ((s1 == TL_OK) != (s2 == TL_OK)) return 0;
  return s1 != TL_OK || (a->dtype == b->dtype && a->weak == b->weak);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 6 || tl_rules_count() == 0) return 0;
  const tl_rules *rules = tl_rules_at(data[0] % tl_rules_count());
  FZ_CHECK(rules != NULL, "tl_rules_at");
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.rules = rules;
  cfg.x64 = data[1] & 1;
  cfg.strict = (data[1] >> 1) & 1;
  cfg.op = (data[1] >> 2) & 1;
  cfg.precise = (data[1] >> 3) & 1;
  cfg.default_int = pick_override(data[2]);
  cfg.default_uint = pick_override(data[3]);
  cfg.default_float = pick_override(data[4]);
  cfg.default_complex = pick_override(data[5]);
  const int via_scope = (data[1] >> 4) & 1;

  tl_operand ops[MAX_OPS];
  size_t n = (size - 6) / 10;
  if (n > MAX_OPS) n = MAX_OPS;
  for (size_t i = 0; i < n; i++) decode_operand(data + 6 + 10 * i, &ops[i]);

  /* ---- N-ary result_type ---- */
  if (n >= 1) {
    tl_result r1 = {(tl_dtype)-77, -77};
    int s1 = tl_result_type(&cfg, ops, n, &r1);
    check_result(s1, &r1, "tl_result_type");
    char err1[64];
    snprintf(err1, sizeof err1, "%s", tl_errtype());
    if (via_scope) {
      FZ_CHECK(tl_config_push(&cfg) == TL_OK, "push");
      tl_result r2 = {(tl_dtype)-77, -77};
      int s2 = tl_result_type(NULL, ops, n, &r2);
      check_result(s2, &r2, "tl_result_type(scope)");
      FZ_CHECK(s1 == s2 && same_answer(s1, &r1, s2, &r2) && strcmp(err1, tl_errtype()) == 0,
               "scoped config differs from explicit cfg under %s", tl_rules_name(rules));
      FZ_CHECK(tl_config_pop() == TL_OK, "pop");
    }
    if (order_independent(rules) && n >= 2) {
      tl_operand perm[MAX_OPS];
      for (int variant = 0; variant < 3; variant++) {
        for (size_t i = 0; i < n; i++)
          perm[i] = variant == 0 ? ops[n - 1 - i] : variant == 1 ? ops[(i + 1) % n] : ops[i];
        if (variant == 2) { /* swap the first two */
          perm[0] = ops[1];
          perm[1] = ops[0];
        }
        tl_result r3 = {(tl_dtype)-77, -77};
        int s3 = tl_result_type(&cfg, perm, n, &r3);
        check_result(s3, &r3, "tl_result_type(permuted)");
        FZ_CHECK(same_answer(s1, &r1, s3, &r3),
                 "%s result_type depends on operand order (variant %d): %s %s/%d vs %s %s/%d", tl_rules_name(rules),
                 variant, tl_status_name(s1), s1 ? "-" : tl_dtype_name(r1.dtype), r1.weak, tl_status_name(s3),
                 s3 ? "-" : tl_dtype_name(r3.dtype), r3.weak);
      }
    }
    /* the fold of pairs agrees with the N-ary call for lattice rule sets in
     * pure-dtype form (no weak/value effects): result_type(a,b,c) ==
     * result_type(result_type(a,b), c) when every operand is a DTYPE */
    if (order_independent(rules) && n >= 3 && !cfg.op) {
      int all_dtype = 1;
      for (size_t i = 0; i < n; i++) all_dtype &= ops[i].kind == TL_OPERAND_DTYPE;
      if (all_dtype) {
        tl_result acc = {(tl_dtype)-77, -77};
        int sa = tl_result_type(&cfg, ops, 1, &acc);
        for (size_t i = 1; i < n && sa == TL_OK; i++) {
          tl_operand pair[2] = {tl_operand_dtype(acc.dtype), ops[i]};
          sa = tl_result_type(&cfg, pair, 2, &acc);
        }
        if (s1 == TL_OK) FZ_CHECK(sa == TL_OK && acc.dtype == r1.dtype, "%s: N-ary differs from the pairwise fold",
                                  tl_rules_name(rules));
      }
    }
    /* dtype inference over the same operands */
    tl_dtype inf = (tl_dtype)-77;
    tl_infer_step step = (tl_infer_step)0;
    static const tl_kind kinds[] = {TL_KIND_ANY, TL_KIND_INT, TL_KIND_UINT, TL_KIND_FLOAT, TL_KIND_COMPLEX, TL_KIND_BOOL};
    int si = tl_infer_dtype(&cfg, pick_dtype(data[5] ^ data[2]), ops, n, kinds[(data[1] >> 5) % 6],
                            &inf, &step);
    fz_status(si, "tl_infer_dtype");
    if (si == TL_OK) {
      FZ_CHECK((int)inf >= 0 && (int)inf < TL_NUM_CONCRETE, "inferred dtype %d", (int)inf);
      FZ_CHECK(step >= TL_INFER_EXPLICIT && step <= TL_INFER_DEFAULT, "infer step %d", (int)step);
    } else {
      FZ_CHECK(inf == (tl_dtype)-77, "tl_infer_dtype wrote output on failure");
    }
  }
  for (int k = 0; k < 6; k++) {
    static const tl_kind kinds[] = {TL_KIND_ANY, TL_KIND_INT, TL_KIND_UINT, TL_KIND_FLOAT, TL_KIND_COMPLEX, TL_KIND_BOOL};
    tl_dtype d = (tl_dtype)-77;
    int sd = tl_default_dtype(&cfg, kinds[k], &d);
    fz_status(sd, "tl_default_dtype");
    if (sd == TL_OK) FZ_CHECK((int)d >= 0 && (int)d < TL_NUM_CONCRETE, "default dtype %d", (int)d);
    else FZ_CHECK(d == (tl_dtype)-77, "tl_default_dtype wrote output on failure");
  }

  /* ---- pairwise: commutativity and idempotence ---- */
  for (size_t i = 0; i + 1 < n && i < 4; i++) {
    tl_dtype a = ops[i].dtype, b = ops[i + 1].dtype;
    tl_dtype ab = (tl_dtype)-77, ba = (tl_dtype)-77;
    int s1 = tl_promote_types(&cfg, a, b, &ab);
    fz_status(s1, "tl_promote_types");
    char t1[64];
    snprintf(t1, sizeof t1, "%s", tl_errtype());
    int s2 = tl_promote_types(&cfg, b, a, &ba);
    fz_status(s2, "tl_promote_types");
    FZ_CHECK(s1 == s2 && ab == ba && strcmp(t1, tl_errtype()) == 0,
             "%s promote_types(%s, %s) not commutative: %s %s vs %s %s", tl_rules_name(rules), tl_dtype_name(a),
             tl_dtype_name(b), tl_status_name(s1), tl_dtype_name(ab), tl_status_name(s2), tl_dtype_name(ba));
    if (s1 == TL_OK) FZ_CHECK((int)ab >= 0 && (int)ab < TL_NUM_CONCRETE, "promote_types result %d", (int)ab);
    else FZ_CHECK(ab == (tl_dtype)-77, "promote_types wrote output on failure");
    s1 = tl_table_cell(&cfg, a, b, &ab);
    fz_status(s1, "tl_table_cell");
    s2 = tl_table_cell(&cfg, b, a, &ba);
    FZ_CHECK(s1 == s2 && (s1 != TL_OK || ab == ba), "%s table_cell(%s, %s) not commutative", tl_rules_name(rules),
             tl_dtype_name(a), tl_dtype_name(b));
    if (s1 == TL_OK) FZ_CHECK((int)ab >= 0 && (int)ab < TL_NUM_DTYPES, "table_cell result %d", (int)ab);
    int cc = -77;
    int sc = tl_can_cast(&cfg, a, (tl_byteorder)"=<>|"[data[5] & 3], b, TL_BYTEORDER_NATIVE,
                         (tl_casting)((int)(ops[i].value.lo % 7) - 1), &cc);
    fz_status(sc, "tl_can_cast");
    FZ_CHECK(sc == TL_OK ? (cc == 0 || cc == 1) : cc == -77, "can_cast output");
  }
  for (size_t i = 0; i < n; i++) {
    tl_dtype a = ops[i].dtype, aa = (tl_dtype)-77;
    if ((int)a < 0 || (int)a >= TL_NUM_CONCRETE || tl_dtype_is_weak(a)) continue;
    if (tl_promote_types(&cfg, a, a, &aa) == TL_OK)
      FZ_CHECK(aa == a, "%s promote_types(%s, %s) = %s: not idempotent", tl_rules_name(rules), tl_dtype_name(a),
               tl_dtype_name(a), tl_dtype_name(aa));
  }
  return 0;
}
