/* test_rules_numpy.c — the numpy (NEP 50) and numpy1 rule sets; cases from
 * ../shared/reference/numpy_mldtypes.md (sections cited). */
#include "rules_test_util.h"

static void promote_types_table(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy", 0);
  /* §3.1 notable cells, §8 candidate vectors */
  EXPECT_PTYPES(c, "uint64", "int64", "float64");
  EXPECT_PTYPES(c, "uint32", "int8", "int64");
  EXPECT_PTYPES(c, "uint8", "int8", "int16");
  EXPECT_PTYPES(c, "int16", "float16", "float32");
  EXPECT_PTYPES(c, "int8", "float16", "float16");
  EXPECT_PTYPES(c, "int32", "float16", "float64");
  EXPECT_PTYPES(c, "int32", "complex64", "complex128");
  EXPECT_PTYPES(c, "float64", "complex64", "complex128");
  /* §5.4: ml_dtypes */
  EXPECT_PTYPES(c, "bfloat16", "int8", "bfloat16");
  EXPECT_PTYPES(c, "bfloat16", "float32", "float32");
  EXPECT_PTYPES(c, "float8_e5m2", "int16", "float32");
  EXPECT_PTYPES(c, "float8_e5m2", "int32", "float64");
  EXPECT_PTYPES(c, "int4", "int16", "int16");
  EXPECT_PTYPES(c, "int4", "float32", "float32");
  EXPECT_PTYPES(c, "bfloat16", "float16",
                "error: DTypePromotionError: The DTypes <class 'numpy.dtype[bfloat16]'> and <class "
                "'numpy.dtypes.Float16DType'> do not have a common DType. For example they cannot be stored in a "
                "single array unless the dtype is `object`.");
}

static void result_type_nep50(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy", 0);
  /* §1.4 */
  EXPECT_PROMOTE(c, "int8 1000", "int8");
  EXPECT_PROMOTE(c, "uint8 -1", "uint8");
  EXPECT_PROMOTE(c, "float16 1j", "complex64");
  EXPECT_PROMOTE(c, "int64 1j", "complex128");
  EXPECT_PROMOTE(c, "bool 1", "int64");
  EXPECT_PROMOTE(c, "3.0 -2", "float64");
  EXPECT_PROMOTE(c, "1 2", "int64");
  EXPECT_PROMOTE(c, "float32 scalar:float64:3", "float64");
  EXPECT_PROMOTE(c, "int", "int64");                /* §1.1 rule 6: Python types are strong */
  EXPECT_PROMOTE(c, "float array:float32", "float64");
  EXPECT_PROMOTE(c, "bfloat16 1.0", "float64");     /* §5.4 table */
}

static void op_mode(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy", 1);
  /* §1.2 / §1.3 */
  EXPECT_PROMOTE(c, "array:uint8 300", "error: OverflowError: Python integer 300 out of bounds for uint8");
  EXPECT_PROMOTE(c, "array:int8 -129", "error: OverflowError: Python integer -129 out of bounds for int8");
  EXPECT_PROMOTE(c, "array:int64 py:int:9223372036854775808",
                 "error: OverflowError: Python int too large to convert to C long");
  EXPECT_PROMOTE(c, "array:uint64 py:int:9223372036854775808", "uint64");
  EXPECT_PROMOTE(c, "array:uint8 scalar:int64:1", "int64");
  EXPECT_PROMOTE(c, "array:float32 1e300", "float32");
  /* §5.4: ufunc linear search for ml_dtypes */
  EXPECT_PROMOTE(c, "array:bfloat16 array:float16", "float32");
  EXPECT_PROMOTE(c, "array:bfloat16 10", "bfloat16");
  EXPECT_PROMOTE(c, "array:bfloat16 1.0", "float32");
  EXPECT_PROMOTE(c, "array:int4 1", "int8");
}

static void can_cast(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy", 0);
  int y = -1;
  /* §8 can_cast vectors */
  struct { tl_dtype f, t; tl_casting m; int want; } cases[] = {
      {TL_INT64, TL_FLOAT64, TL_CASTING_SAFE, 1},       {TL_INT64, TL_FLOAT32, TL_CASTING_SAFE, 0},
      {TL_INT32, TL_FLOAT32, TL_CASTING_SAFE, 0},       {TL_UINT8, TL_FLOAT16, TL_CASTING_SAFE, 1},
      {TL_INT16, TL_FLOAT16, TL_CASTING_SAFE, 0},       {TL_UINT64, TL_INT64, TL_CASTING_SAME_KIND, 1},
      {TL_INT64, TL_UINT64, TL_CASTING_SAME_KIND, 0},   {TL_FLOAT64, TL_INT64, TL_CASTING_SAME_KIND, 0},
      {TL_COMPLEX128, TL_FLOAT64, TL_CASTING_SAME_KIND, 0},
      /* §5.4 casting quirks */
      {TL_BFLOAT16, TL_FLOAT8_E4M3FN, TL_CASTING_SAME_KIND, 1}, {TL_FLOAT32, TL_BFLOAT16, TL_CASTING_SAME_KIND, 1},
      {TL_FLOAT16, TL_BFLOAT16, TL_CASTING_SAFE, 0},    {TL_BFLOAT16, TL_FLOAT16, TL_CASTING_SAFE, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    assert_int_equal(tl_can_cast(&c, cases[i].f, TL_BYTEORDER_NATIVE, cases[i].t, TL_BYTEORDER_NATIVE, cases[i].m, &y), TL_OK);
    assert_int_equal(y, cases[i].want);
  }
  /* byte order: '<i4' -> '>i4' */
  assert_int_equal(tl_can_cast(&c, TL_INT32, TL_BYTEORDER_LITTLE, TL_INT32, TL_BYTEORDER_BIG, TL_CASTING_NO, &y), TL_OK);
  assert_int_equal(y, 0);
  assert_int_equal(tl_can_cast(&c, TL_INT32, TL_BYTEORDER_LITTLE, TL_INT32, TL_BYTEORDER_BIG, TL_CASTING_EQUIV, &y), TL_OK);
  assert_int_equal(y, 1);
}

static void order_independence(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy", 0);
  /* §1.4 test_expected_promotion rows */
  rt_order_independent(&c, "float32", "float16", "0.0");
  rt_order_independent(&c, "int16", "uint16", "float16");
  rt_order_independent(&c, "int16", "uint16", "0");
  rt_order_independent(&c, "float32", "0j", "int8");
}

static void numpy1_legacy(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy1", 0);
  /* §2.2 examples */
  EXPECT_PROMOTE(c, "array:int8 1000", "int16");
  EXPECT_PROMOTE(c, "array:int8 1", "int8");
  EXPECT_PROMOTE(c, "array:uint8 -1", "int16");
  EXPECT_PROMOTE(c, "array:float16 1e5", "float32");
  EXPECT_PROMOTE(c, "array:int8 1.0", "float64");
  EXPECT_PROMOTE(c, "array:uint8 scalar:int64:1", "uint8");
  EXPECT_PROMOTE(c, "scalar:uint8:1 300", "int64");
  EXPECT_PROMOTE(c, "int8 255", "int16");
}

static void bad_input(void **s) {
  (void)s;
  rt_bad_input("numpy", TL_DTYPE_NONE);
  rt_bad_input("numpy1", TL_COMPLEX32);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(promote_types_table), cmocka_unit_test(result_type_nep50), cmocka_unit_test(op_mode),
      cmocka_unit_test(can_cast),            cmocka_unit_test(order_independence), cmocka_unit_test(numpy1_legacy),
      cmocka_unit_test(bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
