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

/* tf.add(x, y) (op_form function) beside x + y; each value observed with
 * TensorFlow 2.21 (also in tests/data/ref/tensorflow*-fn.tsv). */
static void function_form(void **s) {
  (void)s;
  tl_config c = rt_cfg("tensorflow", 1), op = c;
  c.op_form = TL_OP_FUNCTION;
  /* a number first is converted on its own: int32, float32, int64 beyond int32 */
  EXPECT_PROMOTE(c, "1 2", "int32");
  EXPECT_PROMOTE(c, "2.5 1", "float32");
  EXPECT_PROMOTE(c, "2147483648 1", "int64");
  EXPECT_PROMOTE(c, "1 2.5",
                 "error: InvalidArgumentError: cannot compute AddV2 as input #1(zero-based) was expected to be a int32 "
                 "tensor but is a float tensor [Op:AddV2] name: ");
  EXPECT_PROMOTE(c, "1 array:int8",
                 "error: InvalidArgumentError: cannot compute AddV2 as input #1(zero-based) was expected to be a int32 "
                 "tensor but is a int8 tensor [Op:AddV2] name: ");
  EXPECT_PROMOTE(op, "1 array:int8", "int8"); /* the operator: int8.__radd__ */
  EXPECT_PROMOTE(c, "array:int8 1", "int8");
  EXPECT_PROMOTE(c, "1e300 1.5",
                 "error: ValueError: Can't convert Python sequence with a value out of range for a double-precision "
                 "float.");
  EXPECT_PROMOTE(c, "9223372036854775808 1",
                 "error: ValueError: Can't convert Python sequence with out-of-range integer to Tensor.");
  /* a NumPy scalar after the first operand takes its dtype */
  EXPECT_PROMOTE(c, "array:uint8 scalar:complex64:1", "uint8");
  EXPECT_PROMOTE(c, "scalar:int8:1 scalar:float64:1", "int8");
  /* the new modes: tf.add agrees with the operator, and takes two numbers */
  tl_config a = rt_cfg("tensorflow-all", 1), sf = rt_cfg("tensorflow-safe", 1);
  a.op_form = sf.op_form = TL_OP_FUNCTION;
  EXPECT_PROMOTE(a, "1 2", "int32 (weak)");
  EXPECT_PROMOTE(a, "1 2.5", "float32 (weak)");
  EXPECT_PROMOTE(a, "1 array:int8", "int8");
  EXPECT_PROMOTE(a, "1099511627776 1", "error: OverflowError: Python int 1099511627776 too large to convert to np.int32");
  EXPECT_PROMOTE(sf, "array:int32 1.5",
                 "error: TypeError: In promotion mode PromoMode.SAFE, implicit dtype promotion between (<dtype: "
                 "'int32'>, weak=False) and (<dtype: 'float32'>, weak=True) is disallowed. You need to explicitly "
                 "specify the dtype in your op, or relax your dtype promotion rules (such as from SAFE mode to ALL "
                 "mode).");
}

static void bad_input(void **s) {
  (void)s;
  rt_bad_input("tensorflow", TL_FLOAT8_E4M3FN);
  rt_bad_input("tensorflow-all", TL_COMPLEX32);
  rt_bad_input("tensorflow-safe", TL_COMPLEX32);
  /* an op_form outside tl_op_form: rejected, *out untouched */
  tl_config c = rt_cfg("tensorflow", 1);
  c.op_form = -1;
  tl_operand ops[2] = {tl_operand_array(TL_INT8, 0), tl_operand_array(TL_INT8, 0)};
  tl_result r = {TL_BOOL, 0};
  assert_int_equal(tl_result_type(&c, ops, 2, &r), TL_EINVAL);
  assert_int_equal(r.dtype, TL_BOOL);
  tl_op_form f = TL_OP_FUNCTION;
  assert_int_equal(tl_op_form_parse("Function", &f), TL_EPARSE);
  assert_non_null(strstr(tl_errmsg(), "'Function'"));
  assert_int_equal(f, TL_OP_FUNCTION);
  assert_int_equal(tl_op_form_parse("operator", &f), TL_OK);
  assert_int_equal(f, TL_OP_OPERATOR);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(classic), cmocka_unit_test(all_mode), cmocka_unit_test(safe_mode), cmocka_unit_test(bad_input),
      cmocka_unit_test(function_form),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
