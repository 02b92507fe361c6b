/* test_operand.c — the operand grammar of docs/design.md: every form, exact
 * 128-bit integers, Python float/complex reprs, errors, and the round trip
 * through tl_operand_format. */
#include "tl_test_util.h"

#include <math.h>

static tl_operand parse_ok(const char *text) {
  tl_operand o;
  memset(&o, 0x5A, sizeof o);
  int st = tl_operand_parse(text, &o);
  if (st != TL_OK) fail_msg("'%s' rejected: %s (%s)", text, tl_status_name(st), tl_errmsg());
  assert_string_equal(tl_errmsg(), "");
  return o;
}

static void expect_format(const char *text, const char *canonical) {
  tl_operand o = parse_ok(text);
  char buf[256];
  int n = tl_operand_format(&o, buf, sizeof buf);
  if (n < 0) fail_msg("format('%s') failed: %s", text, tl_errmsg());
  if (strcmp(buf, canonical) != 0) fail_msg("format('%s') = '%s', expected '%s'", text, buf, canonical);
  assert_int_equal(n, (int)strlen(canonical));
  /* canonical spelling parses back to the same operand */
  tl_operand p = parse_ok(buf);
  assert_int_equal(p.kind, o.kind);
  assert_int_equal(p.dtype, o.dtype);
  assert_int_equal(p.has_value, o.has_value);
  if (o.has_value) {
    assert_int_equal(p.value.kind, o.value.kind);
    if (o.value.kind == TL_VALUE_INT || o.value.kind == TL_VALUE_BOOL) {
      assert_true(p.value.hi == o.value.hi && p.value.lo == o.value.lo);
      assert_int_equal(p.value.negative, o.value.negative);
    } else {
      /* bit-exact, NaN-aware */
      assert_true(memcmp(&p.value.re, &o.value.re, sizeof(double)) == 0 || (isnan(p.value.re) && isnan(o.value.re)));
      if (o.value.kind == TL_VALUE_COMPLEX)
        assert_true(memcmp(&p.value.im, &o.value.im, sizeof(double)) == 0 ||
                    (isnan(p.value.im) && isnan(o.value.im)));
    }
  }
  char again[256];
  tl_operand_format(&p, again, sizeof again);
  assert_string_equal(again, canonical);
}

static void test_forms(void **s) {
  (void)s;
  struct { const char *text; tl_operand_kind kind; tl_dtype d; int has_value; tl_value_kind vk; } cases[] = {
      {"int8", TL_OPERAND_DTYPE, TL_INT8, 0, TL_VALUE_NONE},
      {"<f4", TL_OPERAND_DTYPE, TL_FLOAT32, 0, TL_VALUE_NONE},
      {"array:int8", TL_OPERAND_ARRAY, TL_INT8, 0, TL_VALUE_NONE},
      {"array:bf16", TL_OPERAND_ARRAY, TL_BFLOAT16, 0, TL_VALUE_NONE},
      {"weak:float16", TL_OPERAND_WEAK_ARRAY, TL_FLOAT16, 0, TL_VALUE_NONE},
      {"zerodim:int8", TL_OPERAND_ZERODIM, TL_INT8, 0, TL_VALUE_NONE},
      {"zerodim:int8:5", TL_OPERAND_ZERODIM, TL_INT8, 1, TL_VALUE_INT},
      {"zerodim:float32:1.5", TL_OPERAND_ZERODIM, TL_FLOAT32, 1, TL_VALUE_FLOAT},
      {"scalar:int8:5", TL_OPERAND_SCALAR, TL_INT8, 1, TL_VALUE_INT},
      {"scalar:uint64:18446744073709551615", TL_OPERAND_SCALAR, TL_UINT64, 1, TL_VALUE_INT},
      {"scalar:bool:True", TL_OPERAND_SCALAR, TL_BOOL, 1, TL_VALUE_BOOL},
      {"scalar:complex64:(1+2j)", TL_OPERAND_SCALAR, TL_COMPLEX64, 1, TL_VALUE_COMPLEX},
      {"py:int:300", TL_OPERAND_PYSCALAR, TL_WEAK_INT, 1, TL_VALUE_INT},
      {"py:float:1.5", TL_OPERAND_PYSCALAR, TL_WEAK_FLOAT, 1, TL_VALUE_FLOAT},
      {"py:float:3", TL_OPERAND_PYSCALAR, TL_WEAK_FLOAT, 1, TL_VALUE_FLOAT},
      {"py:complex:1j", TL_OPERAND_PYSCALAR, TL_WEAK_COMPLEX, 1, TL_VALUE_COMPLEX},
      {"py:complex:2", TL_OPERAND_PYSCALAR, TL_WEAK_COMPLEX, 1, TL_VALUE_COMPLEX},
      {"py:bool:True", TL_OPERAND_PYSCALAR, TL_BOOL, 1, TL_VALUE_BOOL},
      {"py:bool:False", TL_OPERAND_PYSCALAR, TL_BOOL, 1, TL_VALUE_BOOL},
      {"300", TL_OPERAND_PYSCALAR, TL_WEAK_INT, 1, TL_VALUE_INT},
      {"-1.5", TL_OPERAND_PYSCALAR, TL_WEAK_FLOAT, 1, TL_VALUE_FLOAT},
      {"1e300", TL_OPERAND_PYSCALAR, TL_WEAK_FLOAT, 1, TL_VALUE_FLOAT},
      {"inf", TL_OPERAND_PYSCALAR, TL_WEAK_FLOAT, 1, TL_VALUE_FLOAT},
      {"nan", TL_OPERAND_PYSCALAR, TL_WEAK_FLOAT, 1, TL_VALUE_FLOAT},
      {"-inf", TL_OPERAND_PYSCALAR, TL_WEAK_FLOAT, 1, TL_VALUE_FLOAT},
      {"1j", TL_OPERAND_PYSCALAR, TL_WEAK_COMPLEX, 1, TL_VALUE_COMPLEX},
      {"(1+2j)", TL_OPERAND_PYSCALAR, TL_WEAK_COMPLEX, 1, TL_VALUE_COMPLEX},
      {"True", TL_OPERAND_PYSCALAR, TL_BOOL, 1, TL_VALUE_BOOL},
      {"False", TL_OPERAND_PYSCALAR, TL_BOOL, 1, TL_VALUE_BOOL},
      {"int", TL_OPERAND_PYTYPE, TL_WEAK_INT, 0, TL_VALUE_NONE},
      {"float", TL_OPERAND_PYTYPE, TL_WEAK_FLOAT, 0, TL_VALUE_NONE},
      {"complex", TL_OPERAND_PYTYPE, TL_WEAK_COMPLEX, 0, TL_VALUE_NONE},
      {"bool", TL_OPERAND_PYTYPE, TL_BOOL, 0, TL_VALUE_NONE},
      {"  int8  ", TL_OPERAND_DTYPE, TL_INT8, 0, TL_VALUE_NONE},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tl_operand o = parse_ok(cases[i].text);
    if (o.kind != cases[i].kind || o.dtype != cases[i].d || o.has_value != cases[i].has_value)
      fail_msg("'%s': kind %d dtype %s has_value %d", cases[i].text, o.kind, tl_dtype_name(o.dtype), o.has_value);
    if (cases[i].has_value) assert_int_equal(o.value.kind, cases[i].vk);
  }
  tl_operand o = parse_ok("zerodim:int8:5");
  assert_true(o.value.lo == 5 && o.value.hi == 0 && !o.value.negative);
  o = parse_ok("scalar:complex64:(1+2j)");
  assert_true(o.value.re == 1.0 && o.value.im == 2.0);
  o = parse_ok("py:complex:2");
  assert_true(o.value.re == 2.0 && o.value.im == 0.0);
  o = parse_ok("py:float:3");
  assert_true(o.value.re == 3.0);
  o = parse_ok("-1.5");
  assert_true(o.value.re == -1.5);
  o = parse_ok("1e300");
  assert_true(o.value.re == 1e300);
  o = parse_ok("nan");
  assert_true(isnan(o.value.re));
  o = parse_ok("-inf");
  assert_true(isinf(o.value.re) && o.value.re < 0);
  o = parse_ok("1j");
  assert_true(o.value.re == 0.0 && o.value.im == 1.0);
  o = parse_ok("True");
  assert_true(o.value.lo == 1);
  o = parse_ok("py:bool:False");
  assert_true(o.value.lo == 0);
}

static void test_integers(void **s) {
  (void)s;
  struct { const char *text; int neg; uint64_t hi, lo; } cases[] = {
      {"0", 0, 0, 0},
      {"-0", 0, 0, 0},
      {"300", 0, 0, 300},
      {"-300", 1, 0, 300},
      {"+7", 0, 0, 7},
      {"2147483648", 0, 0, 2147483648u},
      {"18446744073709551615", 0, 0, UINT64_MAX},
      {"18446744073709551616", 0, 1, 0},
      {"-18446744073709551616", 1, 1, 0},
      {"2**64", 0, 1, 0},
      {"-2**64", 1, 1, 0},
      {"2**64-1", 0, 0, UINT64_MAX},
      {"2**64+1", 0, 1, 1},
      {"2**63", 0, 0, UINT64_C(1) << 63},
      {"-2**63", 1, 0, UINT64_C(1) << 63},
      {"2**127", 0, UINT64_C(1) << 63, 0},
      {"2**0", 0, 0, 1},
      {"10**20", 0, 5, 0x6bc75e2d63100000u},
      {"340282366920938463463374607431768211455", 0, UINT64_MAX, UINT64_MAX}, /* 2**128 - 1 */
      {"-340282366920938463463374607431768211455", 1, UINT64_MAX, UINT64_MAX},
      {"0xff", 0, 0, 255},
      {"0x10000000000000000", 0, 1, 0},
      {"0b101", 0, 0, 5},
      {"0o17", 0, 0, 15},
      {"1_000_000", 0, 0, 1000000},
      {"py:int:-5", 1, 0, 5},
      /* Python semantics of the B**E+C form: -2**63+1 is -(2**63)+1 */
      {"-2**63+1", 1, 0, (UINT64_C(1) << 63) - 1},
      {"-2**63-1", 1, 0, (UINT64_C(1) << 63) + 1},
      {"-2**3+10", 0, 0, 2},
      {"2**3-10", 1, 0, 2},
      {"2**128-1", 0, UINT64_MAX, UINT64_MAX},
      {"4**64-1", 0, UINT64_MAX, UINT64_MAX},
      {"-2**128+1", 1, UINT64_MAX, UINT64_MAX},
      {"2**128-18446744073709551616", 0, UINT64_MAX, 0},
      {"py:int:2**100", 0, UINT64_C(1) << 36, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tl_operand o = parse_ok(cases[i].text);
    if (o.value.kind != TL_VALUE_INT || o.value.negative != cases[i].neg || o.value.hi != cases[i].hi ||
        o.value.lo != cases[i].lo)
      fail_msg("'%s': kind %d neg %d hi %llx lo %llx", cases[i].text, o.value.kind, o.value.negative,
               (unsigned long long)o.value.hi, (unsigned long long)o.value.lo);
    assert_int_equal(o.dtype, TL_WEAK_INT);
  }
  /* Python ints beyond 128 bits: sign + saturated magnitude 2**128-1 */
  const char *sat[] = {"340282366920938463463374607431768211456", "-340282366920938463463374607431768211456",
                       "2**128", "2**128+1", "-2**128-1", "2**129", "-2**200", "py:int:2**128", "py:int:-2**300",
                       "0x1" "00000000000000000000000000000000", "999999999999999999999999999999999999999999999"};
  for (size_t i = 0; i < sizeof sat / sizeof sat[0]; i++) {
    tl_operand o;
    int st = tl_operand_parse(sat[i], &o);
    if (st != TL_OK) fail_msg("'%s': %s, expected TL_OK (saturated)", sat[i], tl_status_name(st));
    assert_int_equal(o.kind, TL_OPERAND_PYSCALAR);
    assert_int_equal(o.dtype, TL_WEAK_INT);
    assert_int_equal(o.value.kind, TL_VALUE_INT);
    assert_true(o.value.hi == UINT64_MAX && o.value.lo == UINT64_MAX);
    assert_int_equal(o.value.negative, strchr(sat[i], '-') != NULL);
  }
  /* a 1000-bit Python int in decimal (302 digits) is taken; an operand over 8000 characters is not */
  {
    char lit[8100];
    memset(lit, '9', 302);
    lit[302] = '\0';
    tl_operand o;
    assert_int_equal(tl_operand_parse(lit, &o), TL_OK);
    assert_true(o.value.hi == UINT64_MAX && o.value.lo == UINT64_MAX && !o.value.negative);
    memset(lit, '9', 8001);
    lit[8001] = '\0';
    o.kind = (tl_operand_kind)99;
    assert_int_equal(tl_operand_parse(lit, &o), TL_EPARSE);
    assert_int_equal(o.kind, 99);
    assert_non_null(strstr(tl_errmsg(), "operand too long (8001 characters; at most 8000)"));
  }
  /* rejected as too large: NumPy values beyond 128 bits, B**E-C beyond 128 bits */
  const char *big[] = {"2**128-0", "2**200-1", "-2**200+1", "py:int:3**81-2", "zerodim:int64:2**128",
                       "scalar:uint64:2**200", "zerodim:int8:-999999999999999999999999999999999999999999999"};
  for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
    tl_operand o;
    o.kind = (tl_operand_kind)99;
    int st = tl_operand_parse(big[i], &o);
    if (st != TL_EOVERFLOW) fail_msg("'%s': %s, expected TL_EOVERFLOW", big[i], tl_status_name(st));
    assert_int_equal(o.kind, 99);
    assert_non_null(strstr(tl_errmsg(), "too large"));
  }
}

static void test_round_trip(void **s) {
  (void)s;
  expect_format("int8", "int8");
  expect_format("<f4", "float32");
  expect_format("bf16", "bfloat16");
  expect_format("array:int8", "array:int8");
  expect_format("array:i8", "array:int64");
  expect_format("weak:float16", "weak:float16");
  expect_format("zerodim:int8", "zerodim:int8");
  expect_format("zerodim:int8:5", "zerodim:int8:5");
  expect_format("zerodim:float32:0.1", "zerodim:float32:0.1");
  expect_format("scalar:uint8:255", "scalar:uint8:255");
  expect_format("scalar:bool:True", "scalar:bool:True");
  expect_format("scalar:float64:-0.0", "scalar:float64:-0.0");
  expect_format("scalar:complex128:(1+2j)", "scalar:complex128:(1+2j)");
  expect_format("300", "py:int:300");
  expect_format("-300", "py:int:-300");
  expect_format("2**64", "py:int:18446744073709551616");
  expect_format("-2**127", "py:int:-170141183460469231731687303715884105728");
  expect_format("340282366920938463463374607431768211455", "py:int:340282366920938463463374607431768211455");
  expect_format("0xff", "py:int:255");
  /* Python float reprs */
  expect_format("1.5", "py:float:1.5");
  expect_format("-1.5", "py:float:-1.5");
  expect_format("0.1", "py:float:0.1");
  expect_format("1e300", "py:float:1e+300");
  expect_format("1e+300", "py:float:1e+300");
  expect_format("1e-300", "py:float:1e-300");
  expect_format("1e16", "py:float:1e+16");
  expect_format("1e15", "py:float:1000000000000000.0");
  expect_format("1e-5", "py:float:1e-05");
  expect_format("0.0001", "py:float:0.0001");
  expect_format("123456789.125", "py:float:123456789.125");
  expect_format("-0.0", "py:float:-0.0");
  expect_format("0.0", "py:float:0.0");
  expect_format("inf", "py:float:inf");
  expect_format("-inf", "py:float:-inf");
  expect_format("nan", "py:float:nan");
  expect_format("py:float:3", "py:float:3.0");
  expect_format("5e-324", "py:float:5e-324");
  expect_format("1.7976931348623157e308", "py:float:1.7976931348623157e+308");
  expect_format("0.30000000000000004", "py:float:0.30000000000000004");
  /* Python complex reprs */
  expect_format("1j", "py:complex:1j");
  expect_format("-2.5j", "py:complex:-2.5j");
  expect_format("(1+2j)", "py:complex:(1+2j)");
  expect_format("(1.5-0.5j)", "py:complex:(1.5-0.5j)");
  expect_format("(-0-1j)", "py:complex:(-0-1j)");
  expect_format("py:complex:2", "py:complex:(2+0j)");
  expect_format("(1e+300+1j)", "py:complex:(1e+300+1j)");
  expect_format("(inf+nanj)", "py:complex:(inf+nanj)");
  /* bools and Python types */
  expect_format("True", "py:bool:True");
  expect_format("False", "py:bool:False");
  expect_format("py:bool:1", "py:bool:True");
  expect_format("int", "int");
  expect_format("float", "float");
  expect_format("complex", "complex");
  expect_format("bool", "bool");
  expect_format("int*", "int");
  expect_format("float*", "float");
}

static void test_parse_errors(void **s) {
  (void)s;
  struct { const char *text; int status; const char *must; } cases[] = {
      {"", TL_EPARSE, "empty"},
      {"   ", TL_EPARSE, "empty"},
      {"foo:int8", TL_EPARSE, "'foo'"},
      {"array:", TL_EPARSE, "array:"},
      {"array:int", TL_EDTYPE, "array:int"},
      {"weak:complex", TL_EDTYPE, "weak:complex"},
      {"array:flaot32", TL_EDTYPE, "did you mean 'float32'"},
      {"flaot32", TL_EDTYPE, "unknown dtype 'flaot32' (did you mean 'float32'?)"},
      {"scalar:int8", TL_EPARSE, "scalar:int8"},
      {"scalar:int8:abc", TL_EPARSE, "'abc'"},
      {"scalar:int8:1.5", TL_EPARSE, "'1.5'"},
      {"zerodim:bool:maybe", TL_EPARSE, "'maybe'"},
      {"py:int", TL_EPARSE, "py:int"},
      {"py:str:1", TL_EPARSE, "py:str:1"},
      {"py:int:1.5", TL_EPARSE, "'1.5'"},
      {"py:int:", TL_EPARSE, "py:int:"},
      {"py:float:abc", TL_EPARSE, "'abc'"},
      {"py:complex:1+", TL_EPARSE, "'1+'"},
      {"py:bool:maybe", TL_EPARSE, "'maybe'"},
      {"12x", TL_EPARSE, "'12x'"},
      {"1.2.3", TL_EPARSE, "'1.2.3'"},
      {"--1", TL_EPARSE, "'--1'"},
      {"(1+2j", TL_EPARSE, "'(1+2j'"},
      {"2**", TL_EPARSE, "'2**'"},
      {"**3", TL_EDTYPE, "'**3'"},
      {"0x", TL_EPARSE, "'0x'"},
      {"j", TL_EDTYPE, "'j'"},
      {"f16", TL_EDTYPE, "bit-width"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tl_operand o;
    o.kind = (tl_operand_kind)42;
    int st = tl_operand_parse(cases[i].text, &o);
    if (st != cases[i].status)
      fail_msg("'%s': %s (%s), expected %s", cases[i].text, tl_status_name(st), tl_errmsg(),
               tl_status_name(cases[i].status));
    assert_int_equal(o.kind, 42);
    if (!strstr(tl_errmsg(), cases[i].must))
      fail_msg("'%s': message \"%s\" lacks \"%s\"", cases[i].text, tl_errmsg(), cases[i].must);
  }
  char longop[9000]; /* over the 8000-character limit */
  memset(longop, '1', sizeof longop - 1);
  longop[sizeof longop - 1] = '\0';
  tl_operand o;
  assert_true(tl_operand_parse(longop, &o) < 0);
  assert_int_equal(tl_operand_parse(NULL, &o), TL_EINVAL);
  assert_int_equal(tl_operand_parse("int8", NULL), TL_EINVAL);
}

static void test_format_edges(void **s) {
  (void)s;
  tl_operand o = parse_ok("py:int:300");
  /* length query and truncation */
  assert_int_equal(tl_operand_format(&o, NULL, 0), 10);
  char small[5] = "zzzz";
  assert_int_equal(tl_operand_format(&o, small, sizeof small), 10);
  assert_string_equal(small, "py:i");
  assert_int_equal(tl_operand_format(NULL, small, sizeof small), TL_EINVAL);
  assert_int_equal(tl_operand_format(&o, NULL, 8), TL_EINVAL);
  o.dtype = (tl_dtype)99;
  assert_int_equal(tl_operand_format(&o, small, sizeof small), TL_EDTYPE);
  o = parse_ok("int8");
  o.kind = (tl_operand_kind)77;
  assert_int_equal(tl_operand_format(&o, small, sizeof small), TL_EINVAL);
  /* constructors */
  char buf[128];
  tl_operand c = tl_operand_pyint(INT64_MIN);
  assert_true(c.value.negative && c.value.hi == 0 && c.value.lo == UINT64_C(1) << 63);
  tl_operand_format(&c, buf, sizeof buf);
  assert_string_equal(buf, "py:int:-9223372036854775808");
  c = tl_operand_pyint(INT64_MAX);
  tl_operand_format(&c, buf, sizeof buf);
  assert_string_equal(buf, "py:int:9223372036854775807");
  c = tl_operand_pyint(0);
  tl_operand_format(&c, buf, sizeof buf);
  assert_string_equal(buf, "py:int:0");
  c = tl_operand_pyfloat(-0.0);
  tl_operand_format(&c, buf, sizeof buf);
  assert_string_equal(buf, "py:float:-0.0");
  c = tl_operand_dtype(TL_WEAK_FLOAT);
  assert_int_equal(c.kind, TL_OPERAND_PYTYPE);
  c = tl_operand_dtype(TL_UINT16);
  assert_int_equal(c.kind, TL_OPERAND_DTYPE);
  tl_operand_format(&c, buf, sizeof buf);
  assert_string_equal(buf, "uint16");
  c = tl_operand_array(TL_FLOAT16, 1);
  assert_int_equal(c.kind, TL_OPERAND_WEAK_ARRAY);
  tl_operand_format(&c, buf, sizeof buf);
  assert_string_equal(buf, "weak:float16");
  c = tl_operand_array(TL_FLOAT16, 0);
  tl_operand_format(&c, buf, sizeof buf);
  assert_string_equal(buf, "array:float16");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_forms),        cmocka_unit_test(test_integers),     cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_parse_errors), cmocka_unit_test(test_format_edges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
