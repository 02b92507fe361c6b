/* test_rules_array_api.c — the array-api rule set; cases from
 * ../shared/reference/torch_tf_arrayapi.md §3 (sections cited). */
#include "rules_test_util.h"

static void table(void **s) {
  (void)s;
  tl_config c = rt_cfg("array-api", 0);
  /* §3.2 */
  EXPECT_PTYPES(c, "int8", "uint8", "int16");
  EXPECT_PTYPES(c, "uint32", "int8", "int64");
  EXPECT_PTYPES(c, "float32", "complex128", "complex128");
  EXPECT_PTYPES(c, "float64", "complex64", "complex128");
  EXPECT_PTYPES(c, "uint64", "int64",
                "error: TypeError: array_api_strict.uint64 and array_api_strict.int64 cannot be type promoted together");
  EXPECT_PTYPES(c, "int8", "float32",
                "error: TypeError: array_api_strict.int8 and array_api_strict.float32 cannot be type promoted together");
  EXPECT_PTYPES(c, "bool", "int8",
                "error: TypeError: array_api_strict.bool and array_api_strict.int8 cannot be type promoted together");
}

static void scalars(void **s) {
  (void)s;
  tl_config c = rt_cfg("array-api", 0);
  /* §3.3, §3.5 */
  EXPECT_PROMOTE(c, "float32 1j", "complex64");
  EXPECT_PROMOTE(c, "int8 1.0", "error: TypeError: Python float scalars can only be promoted with floating-point arrays.");
  EXPECT_PROMOTE(c, "int8 300",
                 "error: OverflowError: Python int scalars must be within the bounds of the dtype for integer arrays");
  EXPECT_PROMOTE(c, "array:bool 1", "error: TypeError: Python int scalars cannot be promoted with bool arrays");
  EXPECT_PROMOTE(c, "1 2", "error: ValueError: at least one array or dtype is required");
  tl_config o = rt_cfg("array-api", 1);
  EXPECT_PROMOTE(o, "array:bool array:int8", "error: TypeError: Only numeric dtypes are allowed in __add__");
  EXPECT_PROMOTE(o, "1 array:bool", "error: TypeError: Only numeric dtypes are allowed in __radd__");
}

static void can_cast(void **s) {
  (void)s;
  tl_config c = rt_cfg("array-api", 0);
  int y;
  struct { tl_dtype f, t; int want; } cases[] = {
      {TL_UINT8, TL_INT16, 1}, {TL_INT8, TL_UINT8, 0}, {TL_FLOAT32, TL_COMPLEX64, 1},
      {TL_FLOAT64, TL_COMPLEX64, 0}, {TL_BOOL, TL_INT8, 0}, {TL_UINT64, TL_INT64, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    assert_int_equal(tl_can_cast(&c, cases[i].f, TL_BYTEORDER_NATIVE, cases[i].t, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &y), TL_OK);
    assert_int_equal(y, cases[i].want);
  }
}

static void order_independence(void **s) {
  (void)s;
  tl_config c = rt_cfg("array-api", 0);
  /* "Multi-operand application must be associative" (§3.2) */
  rt_order_independent(&c, "int8", "uint16", "int32");
  rt_order_independent(&c, "float32", "complex64", "float64");
  rt_order_independent(&c, "uint8", "uint32", "uint16");
}

static void bad_input(void **s) {
  (void)s;
  rt_bad_input("array-api", TL_FLOAT16);
}

/* --api-version (array-api-strict 2.6.1): before 2024.12 result_type folds
 * the arrays/dtypes, then refuses Python scalars; the default is 2025.12. */
static void api_versions(void **s) {
  (void)s;
  static const char *const names[] = {"2021.12", "2022.12", "2023.12", "2024.12", "2025.12"};
  static const int values[] = {202112, 202212, 202312, 202412, 202512};
  for (int i = 0; i < 5; i++) {
    int v = -1;
    assert_int_equal(tl_api_version_parse(names[i], &v), TL_OK);
    assert_int_equal(v, values[i]);
    tl_config c = rt_cfg("array-api", 0);
    c.api_version = v;
    EXPECT_PROMOTE(c, "int8 int16", "int16");
    EXPECT_PROMOTE(c, "int8 py:int:1",
                   v < 202412 ? "error: TypeError: result_type() inputs must be Array API arrays or dtypes" : "int8");
    /* the fold's own error comes first */
    EXPECT_PROMOTE(c, "int8 float32 py:int:1",
                   "error: TypeError: array_api_strict.int8 and array_api_strict.float32 cannot be type promoted together");
    c.op = 1; /* a + b is the same in every version */
    EXPECT_PROMOTE(c, "array:int8 py:int:1", "int8");
  }
  tl_config c = rt_cfg("array-api", 0);
  EXPECT_PROMOTE(c, "int8 py:int:1", "int8"); /* 0: the newest */
  /* bad input: a clear error, nothing written */
  int v = 7;
  const char *bad[] = {"2020.10", "2026.12", "2024.1", "", "2024.12 "};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_int_equal(tl_api_version_parse(bad[i], &v), TL_EPARSE);
    assert_string_equal(tl_errtype(), "ValueError");
    assert_non_null(strstr(tl_errmsg(), "Unsupported standard version"));
    assert_int_equal(v, 7);
  }
  assert_int_equal(tl_api_version_parse(NULL, &v), TL_EINVAL);
  assert_int_equal(tl_api_version_parse("2024.12", NULL), TL_EINVAL);
  c.api_version = 2024;
  tl_dtype d = TL_BOOL;
  assert_int_equal(tl_promote_types(&c, TL_INT8, TL_INT8, &d), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "cfg->api_version is 2024"));
  assert_int_equal(d, TL_BOOL);
  tl_operand op = tl_operand_dtype(TL_INT8);
  tl_result r = {TL_BOOL, 3};
  assert_int_equal(tl_result_type(&c, &op, 1, &r), TL_EINVAL);
  assert_int_equal(r.dtype, TL_BOOL);
  int yes = 5;
  assert_int_equal(tl_can_cast(&c, TL_INT8, TL_BYTEORDER_NATIVE, TL_INT16, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &yes),
                   TL_EINVAL);
  assert_int_equal(yes, 5);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(table), cmocka_unit_test(scalars), cmocka_unit_test(can_cast),
      cmocka_unit_test(order_independence), cmocka_unit_test(bad_input), cmocka_unit_test(api_versions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
