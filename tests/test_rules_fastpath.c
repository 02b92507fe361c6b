/* test_rules_fastpath.c — the table-driven fast paths of the non-JAX rule sets
 * (internal.h) against their exact code: every pair of the domain and random
 * N-ary operand lists, under every configuration variant (x64, strict, op,
 * precise, default-dtype overrides). Status, result, weak flag, and on error
 * the exception class and message must be identical. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "internal.h"

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 16);
}

typedef struct {
  int st;
  tl_result r;
  char type[64], msg[1100];
} outcome;

static void capture(outcome *o, int st) {
  o->st = st;
  snprintf(o->type, sizeof o->type, "%s", st == TL_OK ? "" : tl_errtype());
  snprintf(o->msg, sizeof o->msg, "%s", st == TL_OK ? "" : tl_errmsg());
  if (st != TL_OK) o->r.dtype = TL_DTYPE_NONE, o->r.weak = 0;
  tl_clear_error();
}

static int same(const outcome *a, const outcome *b) {
  return a->st == b->st && a->r.dtype == b->r.dtype && a->r.weak == b->r.weak && strcmp(a->type, b->type) == 0 &&
         strcmp(a->msg, b->msg) == 0;
}

/* A random value for a Python scalar / 0-d operand of dtype d: often of the
 * plain classes, sometimes not (negative, big, inf, nan, tiny). */
static tl_value random_value(tl_dtype d) {
  tl_value v;
  memset(&v, 0, sizeof v);
  uint32_t r = rnd() % 16;
  if (d == TL_BOOL) {
    v.kind = TL_VALUE_BOOL, v.lo = rnd() & 1u;
  } else if (tl_dtype_is_integer(d) || d == TL_WEAK_INT) {
    v.kind = TL_VALUE_INT;
    static const int64_t small[] = {0, 1, 3, 127, 128, 255, 256, -1, -128, -129, 65535, 70000, 2147483647, -2147483648LL};
    if (r < 10) v.lo = rnd() % 128;
    else if (r < 14) {
      int64_t x = small[rnd() % TL__COUNT(small)];
      v.negative = x < 0, v.lo = x < 0 ? (uint64_t)(-(x + 1)) + 1 : (uint64_t)x;
    } else if (r == 14) v.lo = UINT64_MAX - (rnd() % 3), v.negative = rnd() & 1u;
    else v.hi = 1 + rnd() % 4, v.lo = rnd();
  } else {
    static const double f[] = {0.0, 1.5, -2.25, 1e-40, 1e-20, 70000.0, 1e39, -1e300, 3.5e38, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0};
    double re = r < 10 ? (double)(rnd() % 2000) / 8.0 - 100.0 : f[rnd() % TL__COUNT(f)];
    double im = rnd() % 4 ? (double)(rnd() % 100) / 4.0 : f[rnd() % TL__COUNT(f)];
    if (tl_dtype_is_complex(d) || d == TL_WEAK_COMPLEX) v.kind = TL_VALUE_COMPLEX, v.re = re, v.im = im;
    else v.kind = TL_VALUE_FLOAT, v.re = re;
  }
  return v;
}

static tl_operand random_operand(const tl_dtype *strong, size_t ns) {
  tl_operand o;
  memset(&o, 0, sizeof o);
  uint32_t r = rnd() % 20;
  if (r < 10) {
    o.kind = r < 6 ? TL_OPERAND_ARRAY : r < 7 ? TL_OPERAND_DTYPE : r < 8 ? TL_OPERAND_WEAK_ARRAY : r < 9 ? TL_OPERAND_ZERODIM : TL_OPERAND_SCALAR;
    o.dtype = strong[rnd() % ns];
    if (o.kind == TL_OPERAND_SCALAR || (o.kind == TL_OPERAND_ZERODIM && (rnd() & 1u))) {
      o.has_value = 1;
      o.value = random_value(o.dtype);
    }
  } else {
    static const tl_dtype py[] = {TL_BOOL, TL_WEAK_INT, TL_WEAK_FLOAT, TL_WEAK_COMPLEX};
    o.dtype = py[rnd() % 4];
    if (r < 17) {
      o.kind = TL_OPERAND_PYSCALAR, o.has_value = 1;
      o.value = random_value(o.dtype);
    } else {
      o.kind = TL_OPERAND_PYTYPE;
    }
  }
  return o;
}

typedef struct {
  int x64, strict, op, precise;
  tl_dtype dint, dfloat;
} variant;

static void check_rules(const tl_rules *rules, size_t lists) {
  tl__promote_fn exact_p = NULL;
  tl__result_fn exact_r = NULL;
  assert_int_equal(tl__rules_exact_hooks(rules, &exact_p, &exact_r), 0);
  tl_dtype dom[TL_NUM_DTYPES], strong[TL_NUM_DTYPES];
  size_t nd = tl_rules_dtypes(rules, dom, TL_NUM_DTYPES), ns = 0;
  /* half the lists draw their dtypes from NumPy's builtin numbers only (the
   * dtypes every framework has), so long lists without an exotic dtype occur */
  static const tl_dtype common[] = {TL_BOOL,   TL_INT8,    TL_UINT8,   TL_INT16,     TL_UINT16,
                                    TL_INT32,  TL_UINT32,  TL_INT64,   TL_UINT64,    TL_FLOAT16,
                                    TL_FLOAT32, TL_FLOAT64, TL_COMPLEX64, TL_COMPLEX128};
  tl_dtype usual[TL_NUM_DTYPES];
  size_t nu = 0;
  for (size_t i = 0; i < nd; i++) {
    if (tl_dtype_is_weak(dom[i])) continue;
    strong[ns++] = dom[i];
    for (size_t k = 0; k < TL__COUNT(common); k++)
      if (common[k] == dom[i]) usual[nu++] = dom[i];
  }
  static const tl_dtype dints[] = {TL_DTYPE_NONE, TL_INT32};
  static const tl_dtype dfloats[] = {TL_DTYPE_NONE, TL_FLOAT64, TL_FLOAT16};
  size_t mismatches = 0;
  /* variants 0..47: x64, strict, op, precise x {no override, default_int
   * int32 + default_float float64, default_float float16}; 48..51: op x
   * precise with defaults pushed on the thread (tl_default_dtype_push) */
  for (int vi = 0; vi < 16 * 3 + 4; vi++) {
    int pushed = vi >= 48;
    variant v = {0, 0, vi >> 2 & 1, vi >> 3 & 1, TL_DTYPE_NONE, TL_DTYPE_NONE};
    if (!pushed) v = (variant){vi & 1, vi >> 1 & 1, vi >> 2 & 1, vi >> 3 & 1, dints[(vi >> 4) == 1], dfloats[vi >> 4]};
    else v.op = vi & 1, v.precise = vi >> 1 & 1;
    if (pushed) {
      assert_int_equal(tl_default_dtype_push(TL_KIND_INT, TL_INT64), TL_OK);
      assert_int_equal(tl_default_dtype_push(TL_KIND_FLOAT, TL_FLOAT64), TL_OK);
    }
    tl_config cfg;
    tl_config_init(&cfg);
    cfg.rules = rules;
    cfg.x64 = v.x64, cfg.strict = v.strict, cfg.op = v.op, cfg.precise = v.precise;
    cfg.default_int = v.dint, cfg.default_float = v.dfloat;
    /* every pair */
    for (size_t i = 0; i < nd; i++)
      for (size_t j = 0; j < nd; j++) {
        outcome f, e;
        memset(&f, 0, sizeof f), memset(&e, 0, sizeof e);
        capture(&f, tl_promote_types(&cfg, dom[i], dom[j], &f.r.dtype));
        capture(&e, exact_p(&cfg, dom[i], dom[j], &e.r.dtype));
        if (!same(&f, &e) && mismatches++ < 10)
          print_error("%s variant %d promote_types(%s, %s): fast %d %s '%s' | exact %d %s '%s'\n", rules->name, vi,
                      tl_dtype_name(dom[i]), tl_dtype_name(dom[j]), f.st, tl_dtype_name(f.r.dtype), f.msg, e.st,
                      tl_dtype_name(e.r.dtype), e.msg);
      }
    /* every pair and triple of tokens as result_type, then random lists */
    for (size_t l = 0; l < lists; l++) {
      tl_operand ops[12];
      size_t n = 1 + rnd() % (l % 4 == 0 ? 3 : 10);
      for (size_t i = 0; i < n; i++) ops[i] = l % 2 && nu ? random_operand(usual, nu) : random_operand(strong, ns);
      outcome f, e;
      memset(&f, 0, sizeof f), memset(&e, 0, sizeof e);
      capture(&f, tl_result_type(&cfg, ops, n, &f.r));
      capture(&e, exact_r(&cfg, ops, n, &e.r));
      if (!same(&f, &e) && mismatches++ < 10) {
        char buf[1024] = "";
        size_t used = 0;
        for (size_t i = 0; i < n; i++) {
          char one[128];
          tl_operand_format(&ops[i], one, sizeof one);
          used += (size_t)snprintf(buf + used, sizeof buf - used, "%s ", one);
        }
        print_error("%s variant %d result_type(%s): fast %d %s/%d '%s' | exact %d %s/%d '%s'\n", rules->name, vi, buf,
                    f.st, tl_dtype_name(f.r.dtype), f.r.weak, f.msg, e.st, tl_dtype_name(e.r.dtype), e.r.weak, e.msg);
      }
    }
    if (pushed) {
      assert_int_equal(tl_default_dtype_pop(TL_KIND_FLOAT), TL_OK);
      assert_int_equal(tl_default_dtype_pop(TL_KIND_INT), TL_OK);
    }
  }
  assert_int_equal(mismatches, 0);
}

#define RULES_TEST(fn, var)                                                                                            \
  static void fn(void **s) {                                                                                           \
    (void)s;                                                                                                           \
    check_rules(&var, 20000);                                                                                          \
  }
RULES_TEST(numpy, tl__rules_numpy)
RULES_TEST(numpy1, tl__rules_numpy1)
RULES_TEST(torch, tl__rules_torch)
RULES_TEST(tensorflow, tl__rules_tensorflow)
RULES_TEST(tensorflow_all, tl__rules_tensorflow_all)
RULES_TEST(tensorflow_safe, tl__rules_tensorflow_safe)
RULES_TEST(array_api, tl__rules_array_api)
RULES_TEST(ivy, tl__rules_ivy)

RULES_TEST(jax, tl__rules_jax)

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(numpy),           cmocka_unit_test(numpy1),          cmocka_unit_test(torch),
      cmocka_unit_test(tensorflow),      cmocka_unit_test(tensorflow_all),  cmocka_unit_test(tensorflow_safe),
      cmocka_unit_test(array_api),       cmocka_unit_test(ivy),             cmocka_unit_test(jax),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
