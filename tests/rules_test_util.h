/* rules_test_util.h — small helpers shared by tests/test_rules_*.c. */
#ifndef RULES_TEST_UTIL_H
#define RULES_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "typelattice.h"

/* A config for rule set `name` (flags: op, default float). */
static inline tl_config rt_cfg(const char *name, int op) {
  tl_config c;
  tl_config_init(&c);
  assert_int_equal(tl_rules_find(name, &c.rules), TL_OK);
  c.op = op;
  return c;
}

/* Run result_type over space-separated operands; write "dtype", "dtype (weak)"
 * or "error: TYPE: MSG" into buf. */
static inline const char *rt_promote(const tl_config *c, const char *args, char *buf, size_t cap) {
  tl_operand ops[16];
  char tmp[512];
  size_t n = 0;
  snprintf(tmp, sizeof tmp, "%s", args);
  for (char *t = strtok(tmp, " "); t && n < 16; t = strtok(NULL, " ")) {
    int st = tl_operand_parse(t, &ops[n++]);
    assert_int_equal(st, TL_OK);
  }
  tl_result r;
  if (tl_result_type(c, ops, n, &r) != TL_OK) snprintf(buf, cap, "error: %s: %s", tl_errtype(), tl_errmsg());
  else snprintf(buf, cap, "%s%s", tl_dtype_name(r.dtype), r.weak ? " (weak)" : "");
  return buf;
}

static inline const char *rt_ptypes(const tl_config *c, const char *a, const char *b, char *buf, size_t cap) {
  tl_dtype x, y, r;
  assert_int_equal(tl_dtype_parse(a, &x, NULL), TL_OK);
  assert_int_equal(tl_dtype_parse(b, &y, NULL), TL_OK);
  if (tl_promote_types(c, x, y, &r) != TL_OK) snprintf(buf, cap, "error: %s: %s", tl_errtype(), tl_errmsg());
  else snprintf(buf, cap, "%s", tl_dtype_name(r));
  return buf;
}

#define EXPECT_PROMOTE(cfg, args, want)                                                  \
  do {                                                                                   \
    char b_[1024];                                                                       \
    assert_string_equal(rt_promote(&(cfg), args, b_, sizeof b_), want);                  \
  } while (0)
#define EXPECT_PTYPES(cfg, a, b, want)                                                   \
  do {                                                                                   \
    char b_[1024];                                                                       \
    assert_string_equal(rt_ptypes(&(cfg), a, b, b_, sizeof b_), want);                   \
  } while (0)

/* result_type of every permutation of three operands gives the same answer */
static inline void rt_order_independent(const tl_config *c, const char *a, const char *b, const char *d) {
  const char *v[3] = {a, b, d};
  static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  char first[1024], buf[1024], args[256];
  for (int p = 0; p < 6; p++) {
    snprintf(args, sizeof args, "%s %s %s", v[perm[p][0]], v[perm[p][1]], v[perm[p][2]]);
    rt_promote(c, args, p ? buf : first, sizeof buf);
    if (p) assert_string_equal(buf, first);
  }
}

/* Bad input shared by every rule set: NULL, n == 0, dtype outside the domain,
 * bad casting value; outputs untouched on failure. */
static inline void rt_bad_input(const char *name, tl_dtype outside) {
  tl_config c = rt_cfg(name, 0);
  tl_result r = {TL_INT8, 7};
  tl_operand op = tl_operand_dtype(TL_INT8);
  assert_int_equal(tl_result_type(&c, NULL, 1, &r), TL_EINVAL);
  assert_int_equal(tl_result_type(&c, &op, 1, NULL), TL_EINVAL);
  assert_int_equal(tl_result_type(&c, &op, 0, &r), TL_EINVAL);
  assert_int_equal(r.dtype, TL_INT8);
  assert_int_equal(r.weak, 7);
  tl_dtype out = TL_BOOL;
  assert_int_equal(tl_promote_types(&c, TL_INT8, (tl_dtype)999, &out), TL_EDTYPE);
  assert_int_equal(out, TL_BOOL);
  if (outside != TL_DTYPE_NONE) {
    assert_int_equal(tl_promote_types(&c, outside, TL_INT8, &out), TL_EDTYPE);
    op = tl_operand_array(outside, 0);
    assert_int_equal(tl_result_type(&c, &op, 1, &r), TL_EDTYPE);
  }
  assert_int_equal(tl_promote_types(&c, TL_INT8, TL_INT8, NULL), TL_EINVAL);
  int yes = 5;
  assert_int_equal(tl_can_cast(&c, TL_INT8, TL_BYTEORDER_NATIVE, TL_INT16, TL_BYTEORDER_NATIVE, (tl_casting)42, &yes),
                   TL_EINVAL);
  assert_int_equal(yes, 5);
  assert_int_equal(tl_can_cast(&c, TL_INT8, TL_BYTEORDER_NATIVE, TL_INT16, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, NULL),
                   TL_EINVAL);
  assert_int_equal(tl_table_cell(&c, TL_INT8, TL_INT8, NULL), TL_EINVAL);
}

#endif
