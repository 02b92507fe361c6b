/* test_can_cast_operand.c — tl_can_cast_operand: can_cast whose from_ is a value.
 * Expected answers were read from the live frameworks (the statement is in the comment next to
 * each): numpy 1.26.4 + ml_dtypes 0.5.4 (.venv-ref/np1), numpy 2.5.5, jax 0.12.0.1, torch 2.15.0,
 * array-api-strict 2.6.1 (.venv-ref/ref), ivy 1.0.0.5 (.venv-ref/ivy). The Python binding's live sweep
 * against numpy 1.26.4 (python/tests/test_can_cast_values.py) covers every target and casting mode. */
#include "rules_test_util.h"

static const char *cc(const char *rules, const char *from, const char *to, tl_casting casting, char *buf,
                      size_t cap) {
  tl_config c = rt_cfg(rules, 0);
  tl_operand op;
  tl_dtype t;
  tl_byteorder tbo;
  assert_int_equal(tl_operand_parse(from, &op), TL_OK);
  assert_int_equal(tl_dtype_parse(to, &t, &tbo), TL_OK);
  int yes = -1;
  int st = tl_can_cast_operand(&c, &op, TL_BYTEORDER_NATIVE, t, tbo, casting, &yes);
  if (st != TL_OK)
    snprintf(buf, cap, "error: %s: %s", tl_errtype(), tl_errmsg());
  else
    snprintf(buf, cap, "%s", yes ? "true" : yes == 0 ? "false" : "unset");
  return buf;
}

#define EXPECT_CC(rules, from, to, casting, want)                                     \
  do {                                                                                \
    char b_[512];                                                                     \
    assert_string_equal(cc(rules, from, to, casting, b_, sizeof b_), want);           \
  } while (0)

#define S TL_CASTING_SAFE
#define SK TL_CASTING_SAME_KIND
#define NO TL_CASTING_NO
#define UN TL_CASTING_UNSAFE

/* NumPy 1.26: np.can_cast(value, to, casting) is value-based for Python scalars, NumPy scalars and
 * 0-d arrays (can_cast_scalar_to). */
static void numpy1_value_based(void **s) {
  (void)s;
  EXPECT_CC("numpy1", "1", "int8", S, "true");            /* np.can_cast(1, 'int8') */
  EXPECT_CC("numpy1", "300", "int16", S, "true");         /* np.can_cast(300, 'int16') */
  EXPECT_CC("numpy1", "300", "int8", S, "false");         /* np.can_cast(300, 'int8') */
  EXPECT_CC("numpy1", "-1", "int8", S, "true");           /* np.can_cast(-1, 'int8') */
  EXPECT_CC("numpy1", "-1", "uint8", S, "false");         /* np.can_cast(-1, 'uint8') */
  EXPECT_CC("numpy1", "255", "uint8", S, "true");         /* np.can_cast(255, 'uint8') */
  EXPECT_CC("numpy1", "128", "int8", S, "false");         /* np.can_cast(128, 'int8') */
  EXPECT_CC("numpy1", "True", "bool", S, "true");         /* np.can_cast(True, 'bool') */
  EXPECT_CC("numpy1", "True", "int8", S, "true");         /* np.can_cast(True, 'int8') */
  EXPECT_CC("numpy1", "1", "bool", S, "false");           /* np.can_cast(1, 'bool') */
  EXPECT_CC("numpy1", "1.0", "float32", S, "true");       /* np.can_cast(1.0, 'float32') */
  EXPECT_CC("numpy1", "1.0", "float16", S, "true");       /* np.can_cast(1.0, 'float16') */
  EXPECT_CC("numpy1", "1e300", "float32", S, "false");    /* np.can_cast(1e300, 'float32') */
  EXPECT_CC("numpy1", "1.5", "int64", S, "false");        /* np.can_cast(1.5, 'int64') */
  EXPECT_CC("numpy1", "1j", "complex64", S, "true");      /* np.can_cast(1j, 'complex64') */
  EXPECT_CC("numpy1", "1", "float16", S, "true");         /* np.can_cast(1, 'float16') */
  EXPECT_CC("numpy1", "scalar:int8:1", "uint8", S, "true");       /* np.can_cast(np.int8(1), 'uint8') */
  EXPECT_CC("numpy1", "scalar:int8:-1", "uint8", S, "false");     /* np.can_cast(np.int8(-1), 'uint8') */
  EXPECT_CC("numpy1", "zerodim:int64:1000", "int16", S, "true");  /* np.can_cast(np.array(1000), 'int16') */
  EXPECT_CC("numpy1", "zerodim:int64:1000", "int8", S, "false");  /* np.can_cast(np.array(1000), 'int8') */
  /* casting modes: np.can_cast(1, 'int8', 'no') True (min_scalar uint8 -> int8 under the small-unsigned
   * rule is int8 -> int8); np.can_cast(1, 'uint8', 'no') True; np.can_cast(1.5, 'int8', 'same_kind') False;
   * np.can_cast(300, 'int8', 'same_kind') True; np.can_cast(1e300, 'int8', 'unsafe') True */
  EXPECT_CC("numpy1", "1", "int8", NO, "true");
  EXPECT_CC("numpy1", "1", "uint8", NO, "true");
  EXPECT_CC("numpy1", "1.5", "int8", SK, "false");
  EXPECT_CC("numpy1", "300", "int8", SK, "true");
  EXPECT_CC("numpy1", "1e300", "int8", UN, "true");
  /* beyond int64: uint64 (np.can_cast(2**63, 'int64') False, (2**63, 'uint64') True); beyond uint64 an
   * object array: np.can_cast(2**64, 'float64') False, with 'unsafe' True */
  EXPECT_CC("numpy1", "9223372036854775808", "int64", S, "false");
  EXPECT_CC("numpy1", "9223372036854775808", "uint64", S, "true");
  EXPECT_CC("numpy1", "18446744073709551616", "float64", S, "false");
  EXPECT_CC("numpy1", "18446744073709551616", "float64", UN, "true");
  /* ml_dtypes' types are not builtin numbers: no value-based step.
   * np.can_cast(np.array(1, ml_dtypes.int4), 'int8') True (type cast), (.., 'uint8') False;
   * np.can_cast(1, ml_dtypes.int4) False (neither int64 nor min_scalar_type int8 casts safely to int4) */
  EXPECT_CC("numpy1", "zerodim:int4:1", "int8", S, "true");
  EXPECT_CC("numpy1", "zerodim:int4:1", "uint8", S, "false");
  EXPECT_CC("numpy1", "1", "int4", S, "false");
  /* dtypes, arrays and Python types stay type-based: np.can_cast(int, 'int32') False,
   * np.can_cast(np.zeros(2, np.int64), 'int8') False */
  EXPECT_CC("numpy1", "int", "int32", S, "false");
  EXPECT_CC("numpy1", "array:int64", "int8", S, "false");
  EXPECT_CC("numpy1", "int8", "int16", S, "true");
}

#define NEP50_MSG                                                                                       \
  "error: TypeError: can_cast() does not support Python ints, floats, and complex because the result " \
  "used to depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow them " \
  "again in the future."

/* NumPy 2 and JAX refuse Python values (np.can_cast(300, 'int16'), jnp.can_cast(1, jnp.int32) raise
 * this TypeError); NumPy scalars and 0-d arrays count by dtype: np.can_cast(np.int8(1), 'uint8') False,
 * np.can_cast(np.array(1000), 'int16') False, np.can_cast(np.int8(1), 'int8') True. */
static void numpy2_and_jax_refuse_python_values(void **s) {
  (void)s;
  const char *sets[] = {"numpy", "jax", "jax.lax"};
  for (size_t i = 0; i < 3; i++) {
    EXPECT_CC(sets[i], "1", "int32", S, NEP50_MSG);
    EXPECT_CC(sets[i], "300", "int16", S, NEP50_MSG);
    EXPECT_CC(sets[i], "True", "bool", S, NEP50_MSG);
    EXPECT_CC(sets[i], "1.0", "float32", UN, NEP50_MSG);
    EXPECT_CC(sets[i], "1j", "complex64", S, NEP50_MSG);
    EXPECT_CC(sets[i], "scalar:int8:1", "uint8", S, "false");
    EXPECT_CC(sets[i], "scalar:int8:1", "int8", S, "true");
    EXPECT_CC(sets[i], "zerodim:int64:1000", "int16", S, "false");
    EXPECT_CC(sets[i], "float", "float32", S, "false"); /* np.can_cast(float, 'float32') False */
  }
}

/* torch.can_cast(1, torch.int32): TypeError "can_cast(): argument 'from_' (position 1) must be
 * torch.dtype, not int" (float, bool alike); array_api_strict.can_cast(1, int32): TypeError
 * "from_=1, but should be an array_api array or dtype"; ivy.can_cast(1, 'int32'):
 * IvyBackendException "numpy: can_cast: numpy: promote_types: numpy: as_ivy_dtype: 1". */
static void other_frameworks_refuse_python_values(void **s) {
  (void)s;
  EXPECT_CC("torch", "1", "int32", S, "error: TypeError: can_cast(): argument 'from_' (position 1) must be torch.dtype, not int");
  EXPECT_CC("torch", "1.0", "float32", S,
            "error: TypeError: can_cast(): argument 'from_' (position 1) must be torch.dtype, not float");
  EXPECT_CC("torch", "True", "bool", S, "error: TypeError: can_cast(): argument 'from_' (position 1) must be torch.dtype, not bool");
  EXPECT_CC("torch", "zerodim:int64", "int8", S, "true"); /* a tensor: its dtype (kept from tl_can_cast) */
  EXPECT_CC("array-api", "1", "int32", S, "error: TypeError: from_=1, but should be an array_api array or dtype");
  EXPECT_CC("array-api", "1.0", "float32", S, "error: TypeError: from_=1.0, but should be an array_api array or dtype");
  EXPECT_CC("array-api", "True", "bool", S, "error: TypeError: from_=True, but should be an array_api array or dtype");
  EXPECT_CC("array-api", "zerodim:int8:1", "uint8", S, "false"); /* xp.can_cast(xp.asarray(1, int8), uint8) */
  EXPECT_CC("ivy", "1", "int32", S,
            "error: IvyBackendException: numpy: can_cast: numpy: promote_types: numpy: as_ivy_dtype: 1");
  EXPECT_CC("ivy", "300", "int8", S,
            "error: IvyBackendException: numpy: can_cast: numpy: promote_types: numpy: as_ivy_dtype: 300");
  EXPECT_CC("ivy", "1.0", "float32", S,
            "error: IvyBackendException: numpy: can_cast: numpy: promote_types: numpy: as_ivy_dtype: 1.0");
  /* TensorFlow has no can_cast: the dtype answer stays (the weak kind as NumPy's dtype) */
  char b1[64], b2[64];
  assert_string_equal(cc("tensorflow", "1", "int8", S, b1, sizeof b1), cc("tensorflow", "int", "int8", S, b2, sizeof b2));
}

static void bad_input(void **s) {
  (void)s;
  int yes = 7;
  tl_operand op = tl_operand_pyint(1);
  assert_int_equal(tl_can_cast_operand(NULL, NULL, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, S, &yes), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "NULL from"));
  assert_int_equal(tl_can_cast_operand(NULL, &op, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, S, NULL), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "NULL out"));
  assert_int_equal(tl_can_cast_operand(NULL, &op, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, (tl_casting)9, &yes),
                   TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "invalid casting value 9"));
  tl_operand bad = op;
  bad.kind = (tl_operand_kind)42;
  assert_int_equal(tl_can_cast_operand(NULL, &bad, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, S, &yes), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "invalid kind 42"));
  bad = op;
  bad.dtype = (tl_dtype)999;
  assert_int_equal(tl_can_cast_operand(NULL, &bad, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, S, &yes), TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "invalid dtype value 999"));
  bad = op;
  bad.dtype = TL_INT8; /* a Python scalar with a storage dtype */
  assert_int_equal(tl_can_cast_operand(NULL, &bad, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, S, &yes), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "Python scalar/type"));
  bad = op;
  bad.value.kind = TL_VALUE_FLOAT; /* int* with a float value */
  assert_int_equal(tl_can_cast_operand(NULL, &bad, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, S, &yes), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "Python int* scalar needs a value of that kind"));
  bad = tl_operand_array(TL_WEAK_INT, 0);
  assert_int_equal(tl_can_cast_operand(NULL, &bad, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, S, &yes), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "weak kind"));
  tl_config c = rt_cfg("torch", 0);
  bad = tl_operand_array(TL_FLOAT8_E3M4, 0); /* not a torch dtype */
  assert_int_equal(tl_can_cast_operand(&c, &bad, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, S, &yes), TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "float8_e3m4 is not known to the torch rules"));
  assert_int_equal(tl_can_cast_operand(&c, &op, TL_BYTEORDER_NATIVE, (tl_dtype)999, TL_BYTEORDER_NATIVE, S, &yes),
                   TL_EDTYPE);
  assert_int_equal(yes, 7); /* never written on failure */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(numpy1_value_based),
      cmocka_unit_test(numpy2_and_jax_refuse_python_values),
      cmocka_unit_test(other_frameworks_refuse_python_values),
      cmocka_unit_test(bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
