/* test_rules_torch.c — the torch rule set; cases from
 * ../shared/reference/torch_tf_arrayapi.md §1 (sections cited). */
#include "rules_test_util.h"

static void promote_types_table(void **s) {
  (void)s;
  tl_config c = rt_cfg("torch", 0);
  /* §1.1 notable cells */
  EXPECT_PTYPES(c, "uint8", "int8", "int16");
  EXPECT_PTYPES(c, "int64", "float16", "float16");
  EXPECT_PTYPES(c, "float16", "bfloat16", "float32");
  EXPECT_PTYPES(c, "bfloat16", "complex32", "complex64");
  EXPECT_PTYPES(c, "float64", "complex32", "complex128");
  EXPECT_PTYPES(c, "bool", "complex32", "complex32");
  /* §1.1 derived rows for the newer dtypes */
  EXPECT_PTYPES(c, "uint16", "uint16", "uint16");
  EXPECT_PTYPES(c, "uint32", "float16", "float16");
  EXPECT_PTYPES(c, "uint16", "uint32",
                "error: RuntimeError: Promotion for uint16, uint32, uint64 types is not supported, attempted to "
                "promote UInt16 and UInt32");
  EXPECT_PTYPES(c, "uint16", "complex64",
                "error: RuntimeError: Promotion for uint16, uint32, uint64 types is not supported, attempted to "
                "promote UInt16 and ComplexFloat");
  /* torch.promote_types(int, float) is float64, (int, torch.int8) int64, (complex, torch.float32) complex128 */
  tl_dtype pt;
  assert_int_equal(tl_promote_types(&c, TL_WEAK_INT, TL_WEAK_FLOAT, &pt), TL_OK);
  assert_int_equal(pt, TL_FLOAT64);
  assert_int_equal(tl_promote_types(&c, TL_WEAK_INT, TL_INT8, &pt), TL_OK);
  assert_int_equal(pt, TL_INT64);
  assert_int_equal(tl_promote_types(&c, TL_WEAK_COMPLEX, TL_FLOAT32, &pt), TL_OK);
  assert_int_equal(pt, TL_COMPLEX128);
  EXPECT_PTYPES(c, "float8_e4m3fn", "float32",
                "error: RuntimeError: Promotion for Float8 Types is not supported, attempted to promote "
                "Float8_e4m3fn and Float");
}

static void result_type_classes(void **s) {
  (void)s;
  tl_config c = rt_cfg("torch", 0);
  /* §1.2 checked examples */
  EXPECT_PROMOTE(c, "array:int8 zerodim:int64", "int8");
  EXPECT_PROMOTE(c, "array:int8 zerodim:float64", "float64");
  EXPECT_PROMOTE(c, "array:float16 zerodim:float64", "float16");
  EXPECT_PROMOTE(c, "array:int32 1.0", "float32");
  EXPECT_PROMOTE(c, "array:bool 1", "int64");
  EXPECT_PROMOTE(c, "array:float16 1j", "complex32");
  EXPECT_PROMOTE(c, "array:float16 zerodim:complex128", "complex32");
  EXPECT_PROMOTE(c, "5 1.0", "float32");
  EXPECT_PROMOTE(c, "array:uint16 1", "uint16");
  EXPECT_PROMOTE(c, "array:float8_e4m3fn zerodim:float32", "float8_e4m3fn");
  tl_config c64 = c;
  c64.default_float = TL_FLOAT64;
  EXPECT_PROMOTE(c64, "array:int32 1.0", "float64");
  EXPECT_PROMOTE(c64, "array:int32 1j", "complex128");
  EXPECT_PROMOTE(c64, "array:float16 1.0", "float16");
  /* torch.set_default_dtype(torch.bfloat16): a Python complex promotes as c10's default complex,
     ComplexFloat (torch 2.15.0, measured: int8 tensor + 1j is complex64, float16 complex32,
     bfloat16 bcomplex32, float64 complex128) */
  tl_config cb = c;
  cb.default_float = TL_BFLOAT16;
  EXPECT_PROMOTE(cb, "array:int8 1j", "complex64");
  EXPECT_PROMOTE(cb, "array:bool 1j", "complex64");
  EXPECT_PROMOTE(cb, "array:float16 1j", "complex32");
  EXPECT_PROMOTE(cb, "array:bfloat16 1j", "bcomplex32");
  EXPECT_PROMOTE(cb, "array:float64 1j", "complex128");
}

static void op_mode(void **s) {
  (void)s;
  tl_config c = rt_cfg("torch", 1);
  EXPECT_PROMOTE(c, "array:uint16 zerodim:int64", "error: NotImplementedError: \"add_stub\" not implemented for 'UInt16'");
  EXPECT_PROMOTE(c, "array:int8 py:int:18446744073709551616", "error: OverflowError: int too big to convert");
  EXPECT_PROMOTE(c, "array:uint8 1000", "uint8");
}

static void can_cast(void **s) {
  (void)s;
  tl_config c = rt_cfg("torch", 0);
  int y;
  /* §1.4 */
  struct { tl_dtype f, t; int want; } cases[] = {
      {TL_FLOAT64, TL_FLOAT32, 1}, {TL_FLOAT32, TL_INT32, 0}, {TL_INT32, TL_FLOAT32, 1}, {TL_UINT8, TL_BOOL, 0},
      {TL_BOOL, TL_UINT8, 1},      {TL_COMPLEX64, TL_FLOAT64, 0}, {TL_INT64, TL_INT8, 1},
      /* Python types as torch's argument parser maps them: int -> int64, float -> float64, complex ->
         complex128 (torch 2.15.0, measured: can_cast(int, torch.int32) True, (float, torch.int32) False,
         (complex, torch.float32) False, (torch.float32, int) False) */
      {TL_WEAK_INT, TL_INT32, 1},  {TL_WEAK_INT, TL_BOOL, 0},     {TL_WEAK_FLOAT, TL_INT32, 0},
      {TL_WEAK_FLOAT, TL_FLOAT32, 1}, {TL_WEAK_COMPLEX, TL_FLOAT32, 0}, {TL_FLOAT32, TL_WEAK_INT, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    assert_int_equal(tl_can_cast(&c, cases[i].f, TL_BYTEORDER_NATIVE, cases[i].t, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &y), TL_OK);
    assert_int_equal(y, cases[i].want);
  }
}

static void order_independence(void **s) {
  (void)s;
  tl_config c = rt_cfg("torch", 0);
  rt_order_independent(&c, "array:int8", "zerodim:int16", "1.5");
  rt_order_independent(&c, "array:int16", "array:uint8", "zerodim:float64");
  rt_order_independent(&c, "array:float16", "1j", "zerodim:int8");
}

static void bad_input(void **s) {
  (void)s;
  rt_bad_input("torch", TL_FLOAT8_E3M4);
}

/* torch knows int4/int2/uint4/uint2 (shell dtypes) and refuses most of their
 * promotions with RuntimeError, as torch.promote_types does (torch 2.15). */
static void shell_dtypes(void **s) {
  (void)s;
  tl_config c = rt_cfg("torch", 0);
  tl_dtype out = TL_BOOL;
  assert_int_equal(tl_promote_types(&c, TL_INT4, TL_INT4, &out), TL_OK);
  assert_int_equal(out, TL_INT4);
  assert_int_equal(tl_promote_types(&c, TL_UINT4, TL_FLOAT16, &out), TL_OK);
  assert_int_equal(out, TL_FLOAT16);
  out = TL_BOOL;
  assert_int_equal(tl_promote_types(&c, TL_INT8, TL_INT4, &out), TL_EPROMOTE);
  assert_int_equal(out, TL_BOOL);
  assert_string_equal(tl_errtype(), "RuntimeError");
  assert_string_equal(tl_errmsg(), "ix_b != -1 INTERNAL ASSERT FAILED at \"/__w/pytorch/pytorch/c10/core/ScalarType.cpp\":105, "
                                   "please report a bug to PyTorch.");
  assert_int_equal(tl_promote_types(&c, TL_INT4, TL_UINT4, &out), TL_EPROMOTE);
  assert_string_equal(tl_errtype(), "RuntimeError");
  assert_string_equal(tl_errmsg(), "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote "
                                   "Int4 and UInt4");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(promote_types_table), cmocka_unit_test(result_type_classes), cmocka_unit_test(op_mode),
      cmocka_unit_test(can_cast), cmocka_unit_test(order_independence), cmocka_unit_test(bad_input), cmocka_unit_test(shell_dtypes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
