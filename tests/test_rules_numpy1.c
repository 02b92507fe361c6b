/* test_rules_numpy1.c — the numpy1 rule set (NumPy 1.26 legacy value-based
 * promotion) with ml_dtypes' types: one test per class of behaviour. Every
 * expected answer was read from NumPy 1.26.4 + ml_dtypes 0.5.4 (the
 * statement that gives it is in the comment next to it); facts in
 * ../shared/reference/numpy_mldtypes.md §2 and §5.4. */
#include "rules_test_util.h"

#define NO_COMMON(a, b)                                                                                \
  "error: DTypePromotionError: The DTypes <class '" a "'> and <class '" b "'> do not have a common DType. " \
  "For example they cannot be stored in a single array unless the dtype is `object`."

#define OBJECT_RESULT "object"

/* min_scalar_type of a non-negative int64 beyond uint32 is the ULongLong
 * DType (type 10), of a np.uint64 the ULong one (type 8); ml_dtypes registers
 * its casts with ULong only. */
static void ulonglong(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy1", 0);
  /* np.result_type(np.zeros(2, uint4), 2**32) -> DTypePromotionError (ULongLong) */
  EXPECT_PROMOTE(c, "array:uint4 py:int:4294967296",
                 NO_COMMON("numpy.dtypes.ULongLongDType", "numpy.dtype[uint4]"));
  EXPECT_PROMOTE(c, "py:int:9223372036854775808 array:uint2",
                 NO_COMMON("numpy.dtype[uint2]", "numpy.dtypes.ULongLongDType"));
  /* np.result_type(np.zeros(2, uint4), np.uint64(2**40)) -> uint64 (ULong: uint4 casts to it) */
  EXPECT_PROMOTE(c, "array:uint4 scalar:uint64:1099511627776", "uint64");
  /* np.result_type(np.zeros(2, np.int8), 2**32) -> int64; (np.uint8 arr, 2**63) -> uint64 */
  EXPECT_PROMOTE(c, "array:int8 py:int:4294967296", "int64");
  EXPECT_PROMOTE(c, "array:uint8 py:int:9223372036854775808", "uint64");
}

/* np.result_type first promotes DTypes, a Python int/float/complex as its
 * abstract DType whatever its value; a non-builtin result is final. */
static void abstract_python_dtypes(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy1", 0);
  /* np.result_type(np.zeros(2, float4_e2m1fn), 2**64) -> float4_e2m1fn */
  EXPECT_PROMOTE(c, "array:float4_e2m1fn py:int:18446744073709551616", "float4_e2m1fn");
  /* np.result_type(np.array(1, bfloat16), 2**63) -> bfloat16 */
  EXPECT_PROMOTE(c, "zerodim:bfloat16:1 py:int:9223372036854775808", "bfloat16");
  /* NumPy 1.x's _PyFloatDType keeps complex128 (NumPy 2 would not know it):
   * np.result_type(np.array(-1+0j), 1.5, np.zeros(2, float8_e4m3fn)) -> complex64 */
  EXPECT_PROMOTE(c, "zerodim:complex128:-1 py:float:1.5 array:float8_e4m3fn", "complex64");
  /* _PyLongDType keeps int16, which bfloat16 does not know:
   * np.result_type(np.array(1, np.int16), 1, np.zeros(2, bfloat16)) */
  EXPECT_PROMOTE(c, "zerodim:int16:1 1 array:bfloat16", NO_COMMON("numpy.dtype[bfloat16]", "numpy.dtypes.Int16DType"));
}

/* PyArray_CheckLegacyResultType without min_scalar_type promotes the
 * descriptors as a sequence (arrays first), with that sequence's errors;
 * object (a Python int beyond uint64) takes part as a DType. */
static void legacy_sequence(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy1", 0);
  /* np.result_type(np.int64(-129), 1j, np.int64(2**31), bfloat16(65504)) */
  EXPECT_PROMOTE(c, "scalar:int64:-129 1j scalar:int64:2147483648 scalar:bfloat16:65504.0",
                 "error: DTypePromotionError: The DType <class 'numpy.dtypes.Int64DType'> could not be promoted by "
                 "<class 'numpy.dtype[bfloat16]'>. This means that no common DType exists for the given inputs. For "
                 "example they cannot be stored in a single array unless the dtype is `object`. The full list of "
                 "DTypes is: (<class 'numpy.dtypes.Int64DType'>, <class 'numpy.dtypes.Complex128DType'>, <class "
                 "'numpy.dtypes.Int64DType'>, <class 'numpy.dtype[bfloat16]'>)");
  /* np.result_type(np.float16(65504), float8_e4m3fn(1), np.complex128(256), 2**64) */
  EXPECT_PROMOTE(c, "scalar:float16:65504.0 scalar:float8_e4m3fn:1 scalar:complex128:256 18446744073709551616",
                 "error: DTypePromotionError: The DType <class 'numpy.dtypes.Float16DType'> could not be promoted by "
                 "<class 'numpy.dtype[float8_e4m3fn]'>. This means that no common DType exists for the given inputs. "
                 "For example they cannot be stored in a single array unless the dtype is `object`. The full list of "
                 "DTypes is: (<class 'numpy.dtypes.Float16DType'>, <class 'numpy.dtype[float8_e4m3fn]'>, <class "
                 "'numpy.dtypes.Complex128DType'>, <class 'numpy.dtypes.ObjectDType'>)");
  /* the small-unsigned flag carries on through the dtypes:
   * np.result_type(1, np.uint16, np.int8) -> int16 */
  EXPECT_PROMOTE(c, "1 uint16 int8", "int16");
}

/* min_scalar_type starts from the operand's own type. */
static void min_scalar_type_own_type(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy1", 0);
  /* np.result_type(np.zeros(2, np.float16), np.float16(65504)) -> float16 */
  EXPECT_PROMOTE(c, "array:float16 scalar:float16:65504.0", "float16");
  /* np.result_type(np.zeros(2, np.float32), np.array(3.4e38, np.float32)) -> float32 */
  EXPECT_PROMOTE(c, "array:float32 zerodim:float32:3.4e+38", "float32");
  /* np.result_type(np.zeros(2, np.float16), np.array(complex(nan), np.complex128)) -> complex128 */
  EXPECT_PROMOTE(c, "array:float16 zerodim:complex128:nan", "complex128");
  /* np.result_type(np.zeros(2, np.float16), np.complex64(inf)) -> complex64 */
  EXPECT_PROMOTE(c, "array:float16 scalar:complex64:inf", "complex64");
}

/* a + b with an ml_dtypes operand: the linear loop search, user loops first,
 * a 0-d builtin number checked value-based (np.can_cast(value, loop type))
 * when should_use_min_scalar holds. */
static void op_linear_search(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy1", 1);
  /* np.zeros(2, bfloat16) + 1 -> bfloat16; + 300 -> float32 (uint16 min type); + 1.0 -> float32 */
  EXPECT_PROMOTE(c, "array:bfloat16 py:int:1", "bfloat16");
  EXPECT_PROMOTE(c, "array:bfloat16 300", "float32");
  EXPECT_PROMOTE(c, "array:bfloat16 1.0", "float32");
  /* 255 + np.zeros(2, uint4) -> uint8 (255 is no small unsigned: int8 fails) */
  EXPECT_PROMOTE(c, "py:int:255 array:uint4", "uint8");
  /* np.zeros(2, int4) + 2**31 -> int64 */
  EXPECT_PROMOTE(c, "array:int4 py:int:2147483648", "int64");
  /* np.zeros(2, float8_e4m3fn) + np.uint64(1) -> float8_e4m3fn */
  EXPECT_PROMOTE(c, "array:float8_e4m3fn scalar:uint64:1", "float8_e4m3fn");
  /* np.float64(2**31) + np.zeros(2, int4) -> float32 */
  EXPECT_PROMOTE(c, "scalar:float64:2147483648 array:int4", "float32");
  /* all 0-d: no value-based casting: bfloat16(1) + 1 -> float64 */
  EXPECT_PROMOTE(c, "scalar:bfloat16:1 py:int:1", "float64");
}

/* A Python int beyond int64/uint64 is an object array: OO->O. With only
 * 0-d operands the answer is np.asarray of the Python sum. */
static void op_object_loop(void **s) {
  (void)s;
  tl_config c = rt_cfg("numpy1", 1);
  /* np.array(-1) + 2**64 -> 2**64 - 1 -> uint64 */
  EXPECT_PROMOTE(c, "zerodim:int64:-1 py:int:18446744073709551616", "uint64");
  /* np.array(-1, int4) + 2**64 -> uint64 */
  EXPECT_PROMOTE(c, "zerodim:int4:-1 18446744073709551616", "uint64");
  /* np.array(1, bfloat16) + 2**64 -> a float: float64 */
  EXPECT_PROMOTE(c, "zerodim:bfloat16:1 py:int:18446744073709551616", "float64");
  /* np.array(False) + 2**64 -> 2**64: object */
  EXPECT_PROMOTE(c, "zerodim:bool:False py:int:18446744073709551616", OBJECT_RESULT);
  /* np.zeros(2, int4) + (-2**63 - 1) -> object array */
  EXPECT_PROMOTE(c, "array:int4 py:int:-9223372036854775809", OBJECT_RESULT);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(ulonglong),           cmocka_unit_test(abstract_python_dtypes),
      cmocka_unit_test(legacy_sequence),     cmocka_unit_test(min_scalar_type_own_type),
      cmocka_unit_test(op_linear_search),    cmocka_unit_test(op_object_loop),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
