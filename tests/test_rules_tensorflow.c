/* test_rules_tensorflow.c — the tensorflow, tensorflow-all and
 * tensorflow-safe rule sets; cases from ../shared/reference/torch_tf_arrayapi.md
 * §2 (sections cited). */
#include "rules_test_util.h"

static void classic(void **s) {
  (void)s;
  tl_config c = rt_cfg("tensorflow", 1);
  /* §2.1 */
  EXPECT_PROMOTE(c, "array:float32 2", "float32");
  EXPECT_PROMOTE(c, "1.5 array:int32", "error: TypeError: Cannot convert 1.5 to EagerTensor of dtype int32");
  EXPECT_PROMOTE(c, "array:int32 array:float32",
                 "error: InvalidArgumentError: cannot compute AddV2 as input #1(zero-based) was expected to be a int32 "
                 "tensor but is a float tensor [Op:AddV2] name: ");
}

static void all_mode(void **s) {
  (void)s;
  tl_config c = rt_cfg("tensorflow-all", 0);
  /* §2.3 guide examples and key rows */
  EXPECT_PROMOTE(c, "int32 float32", "float32");
  EXPECT_PROMOTE(c, "int8 uint32", "int64");
  EXPECT_PROMOTE(c, "int64 float16", "float16");
  EXPECT_PROMOTE(c, "array:int8 1", "int8");
  EXPECT_PROMOTE(c, "array:int32 1.0", "float64 (weak)");
  EXPECT_PROMOTE(c, "array:bfloat16 1j", "complex64");
  EXPECT_PROMOTE(c, "array:bool 1", "int32 (weak)");
  EXPECT_PROMOTE(c, "weak:int64 1", "int64 (weak)");
  EXPECT_PROMOTE(c, "array:int8 py:int:2147483648",
                 "error: OverflowError: Python int 2147483648 too large to convert to np.int32");
  EXPECT_PROMOTE(c, "int4 int8",
                 "error: NotImplementedError: Implicit Conversion between <dtype: 'int4'> and <dtype: 'int8'> is not "
                 "allowed. Please convert the input manually if you need to.");
  /* the table is associative and commutative (§2.3) */
  rt_order_independent(&c, "int8", "uint32", "1.0");
  rt_order_independent(&c, "bfloat16", "float16", "1j");
  rt_order_independent(&c, "weak:float64", "uint8", "int16");
}

static void safe_mode(void **s) {
  (void)s;
  tl_config c = rt_cfg("tensorflow-safe", 0);
  EXPECT_PROMOTE(c, "int32 float32",
                 "error: TypeError: In promotion mode PromoMode.SAFE, implicit dtype promotion between (<dtype: "
                 "'int32'>, weak=False) and (<dtype: 'float32'>, weak=False) is disallowed. You need to explicitly "
                 "specify the dtype in your op, or relax your dtype promotion rules (such as from SAFE mode to ALL "
                 "mode).");
  EXPECT_PROMOTE(c, "uint16 int32", "int32");
  EXPECT_PROMOTE(c, "int32 weak:float64", "float64 (weak)");
  EXPECT_PROMOTE(c, "float32 complex64", "complex64");
}

static void bad_input(void **s) {
  (void)s;
  rt_bad_input("tensorflow", TL_FLOAT8_E4M3FN);
  rt_bad_input("tensorflow-all", TL_COMPLEX32);
  rt_bad_input("tensorflow-safe", TL_COMPLEX32);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(classic), cmocka_unit_test(all_mode), cmocka_unit_test(safe_mode), cmocka_unit_test(bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
