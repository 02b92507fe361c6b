/* test_support.c — version keys, the supported-dtype registry, casting modes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "typelattice.h"

#define SAMPLE TL_SOURCE_DIR "/tests/data/support/ivy_sample.txt"

/* ---- version keys (ivy.md §4.3) ---- */

static int vcmp(const char *a, const char *b) {
  int c = 99;
  assert_int_equal(tl_version_compare(a, b, &c), TL_OK);
  return c;
}

static void test_version_compare(void **state) {
  (void)state;
  assert_int_equal(vcmp("2.1", "2.1"), 0);
  assert_int_equal(vcmp("2.1", "2.1.0"), -1); /* tuple comparison: (2,1) < (2,1,0) */
  assert_int_equal(vcmp("2.1.0", "2.1"), 1);
  assert_int_equal(vcmp("10.0", "9.9.9"), 1);
  assert_int_equal(vcmp("1.12.1", "1.2.10"), 1);
  assert_int_equal(vcmp("2.1.2+cu118", "2.1.2"), 0); /* local suffix ignored */
  assert_int_equal(vcmp("007", "7"), 0);
  static const char *const bad[] = {"", "2..1", "2.", ".2", "2.1rc1", "1.0a", "v1", "1.2.3.4.5.6.7.8.9", "1 .2",
                                    "1234567890"};
  int c = 42;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_int_equal(tl_version_compare(bad[i], "1.0", &c), TL_EPARSE);
    assert_int_equal(c, 42);
  }
  assert_int_equal(tl_version_compare(NULL, "1", &c), TL_EINVAL);
  assert_int_equal(tl_version_compare("1", NULL, &c), TL_EINVAL);
  assert_int_equal(tl_version_compare("1", "1", NULL), TL_EINVAL);
}

static void test_version_key_parse(void **state) {
  (void)state;
  tl_version_key_kind k;
  assert_int_equal(tl_version_key_parse("1.12.1", &k), TL_OK);
  assert_int_equal(k, TL_VKEY_EXACT);
  assert_int_equal(tl_version_key_parse("2.0.1 and below", &k), TL_OK);
  assert_int_equal(k, TL_VKEY_AND_BELOW);
  assert_int_equal(tl_version_key_parse("1.11.0 and above", &k), TL_OK);
  assert_int_equal(k, TL_VKEY_AND_ABOVE);
  assert_int_equal(tl_version_key_parse("1.11.0 to 2.0.1", &k), TL_OK);
  assert_int_equal(k, TL_VKEY_RANGE);
  assert_int_equal(tl_version_key_parse("  1.0   to\t1.0 ", &k), TL_OK); /* equal bounds, extra blanks */
  assert_int_equal(tl_version_key_parse("1.0 and below", NULL), TL_OK);
  static const char *const bad[] = {"",           "   ",          "2.0 and",        "and below",
                                    "2.0 or below", "2.0 and beyond", "2.0 to",        "to 2.0",
                                    "3.0 to 2.0",   "2.1.0 to 2.1", "1.0 to 2.0 x",   "2.0 and below please",
                                    "x.y",          "1.0 and Below"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    k = (tl_version_key_kind)42;
    assert_int_equal(tl_version_key_parse(bad[i], &k), TL_EPARSE);
    assert_int_equal(k, 42);
  }
  assert_non_null(strstr((tl_version_key_parse("3.0 to 2.0", NULL), tl_errmsg()), "lower bound above upper"));
  assert_int_equal(tl_version_key_parse(NULL, &k), TL_EINVAL);
}

static int vmatch(const char *key, const char *version) {
  int m = 42;
  assert_int_equal(tl_version_key_matches(key, version, &m), TL_OK);
  return m;
}

static void test_version_key_matches(void **state) {
  (void)state;
  assert_int_equal(vmatch("2.0.1 and below", "2.0.1"), 1); /* bound included */
  assert_int_equal(vmatch("2.0.1 and below", "1.12.1"), 1);
  assert_int_equal(vmatch("2.0.1 and below", "2.0.2"), 0);
  assert_int_equal(vmatch("2.0.1 and below", "2.0.1.0"), 0); /* (2,0,1,0) > (2,0,1) */
  assert_int_equal(vmatch("2.1 and below", "2.1.0"), 0);       /* (2,1,0) > (2,1) */
  assert_int_equal(vmatch("2.1.0 and below", "2.1"), 1);
  assert_int_equal(vmatch("1.11.0 and above", "1.11.0"), 1);
  assert_int_equal(vmatch("1.11.0 and above", "1.10.9"), 0);
  assert_int_equal(vmatch("1.11.0 and above", "1.11"), 0); /* (1,11) < (1,11,0) */
  assert_int_equal(vmatch("1.11.0 to 2.0.1", "1.11.0"), 1);
  assert_int_equal(vmatch("1.11.0 to 2.0.1", "2.0.1"), 1);
  assert_int_equal(vmatch("1.11.0 to 2.0.1", "2.0.2"), 0);
  assert_int_equal(vmatch("1.0 to 1.0", "1.0"), 1);
  assert_int_equal(vmatch("1.0 to 1.0", "1.0.0"), 0);
  assert_int_equal(vmatch("1.12.1", "1.12.1"), 1);
  assert_int_equal(vmatch("1.12.1", "1.12.1+cpu"), 1);
  assert_int_equal(vmatch("2.1", "2.1.0"), 0); /* exact keys are string equality */
  assert_int_equal(vmatch("2.1", "2.1"), 1);
  int m;
  assert_int_equal(tl_version_key_matches("2.0 or so", "2.0", &m), TL_EPARSE);
  assert_int_equal(tl_version_key_matches("2.0 and below", "two", &m), TL_EPARSE);
  assert_int_equal(tl_version_key_matches(NULL, "2.0", &m), TL_EINVAL);
  assert_int_equal(tl_version_key_matches("2.0", NULL, &m), TL_EINVAL);
  assert_int_equal(tl_version_key_matches("2.0", "2.0", NULL), TL_EINVAL);
}

static size_t vselect(const char *const *keys, size_t n, const char *version) {
  size_t i = 999;
  assert_int_equal(tl_version_select(keys, n, version, &i), TL_OK);
  return i;
}

static void test_version_select(void **state) {
  (void)state;
  /* ivy.md §4.3 / [U3] example: {"2.0.1 and below": (...), "1.12.1": ()} */
  static const char *const cumsum[] = {"2.0.1 and below", "1.12.1"};
  assert_int_equal(vselect(cumsum, 2, "1.12.1"), 1); /* exact match first, though the range also matches */
  assert_int_equal(vselect(cumsum, 2, "1.11.0"), 0);
  assert_int_equal(vselect(cumsum, 2, "2.2.0"), 1); /* no match -> last key */
  assert_int_equal(vselect(cumsum, 2, NULL), 1);    /* latest -> last key */
  /* first matching range in insertion order */
  static const char *const order[] = {"1.0 and above", "2.0 and above", "0.1"};
  assert_int_equal(vselect(order, 3, "2.5"), 0);
  assert_int_equal(vselect(order, 3, "0.5"), 2); /* fallback */
  static const char *const ranges[] = {"1.0 to 1.5", "1.6 to 2.0", "3.0 and above"};
  assert_int_equal(vselect(ranges, 3, "1.7"), 1);
  assert_int_equal(vselect(ranges, 3, "2.5"), 2); /* fallback to last (which also would not match) */
  assert_int_equal(vselect(ranges, 3, "3.1"), 2);
  size_t i = 7;
  assert_int_equal(tl_version_select(cumsum, 0, "1.0", &i), TL_EINVAL); /* Ivy: ValueError */
  assert_string_equal(tl_errtype(), "ValueError");
  assert_string_equal(tl_errmsg(), "No version found in the dictionary");
  static const char *const badkeys[] = {"1.0 and below", "nonsense key"};
  assert_int_equal(tl_version_select(badkeys, 2, "1.0", &i), TL_EPARSE);
  assert_int_equal(tl_version_select(cumsum, 2, "1.x", &i), TL_EPARSE);
  static const char *const nullkey[] = {"1.0", NULL};
  assert_int_equal(tl_version_select(nullkey, 2, "1.0", &i), TL_EINVAL);
  assert_int_equal(tl_version_select(NULL, 2, "1.0", &i), TL_EINVAL);
  assert_int_equal(tl_version_select(cumsum, 2, "1.0", NULL), TL_EINVAL);
  assert_int_equal(i, 7);
}

/* ---- the registry ---- */

static tl_support *load_sample(void) {
  tl_support *r = NULL;
  assert_int_equal(tl_support_new(&r), TL_OK);
  assert_int_equal(tl_support_load_file(r, SAMPLE), TL_OK);
  return r;
}

/* Query as a space-separated string. */
static const char *q(const tl_support *r, const char *backend, const char *fn, const char *version) {
  static char buf[512];
  tl_dtype d[TL_NUM_CONCRETE];
  size_t n = 0;
  int st = fn ? tl_support_query(r, backend, fn, version, d, TL_NUM_CONCRETE, &n)
              : tl_support_valid(r, backend, version, d, TL_NUM_CONCRETE, &n);
  assert_int_equal(st, TL_OK);
  buf[0] = 0;
  for (size_t i = 0; i < n; i++) {
    if (i) strcat(buf, " ");
    strcat(buf, tl_dtype_name(d[i]));
  }
  return buf;
}

#define ALL15 "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 bfloat16 float16 float32 float64 complex64 complex128"
#define TORCH12 "bool int8 int16 int32 int64 uint8 bfloat16 float16 float32 float64 complex64 complex128"

static void test_backend_valid(void **state) {
  (void)state;
  tl_support *r = load_sample();
  /* ivy.md §6 */
  assert_string_equal(q(r, "torch", NULL, "2.1.2"), TORCH12);
  assert_string_equal(q(r, "tensorflow", NULL, "2.15.0"), ALL15);
  assert_string_equal(q(r, "jax", NULL, NULL), ALL15);
  assert_string_equal(q(r, "numpy", NULL, "1.26.3"),
                      "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float32 float64 complex64 complex128");
  assert_string_equal(q(r, "paddle", NULL, "2.4.2"),
                      "bool int8 int16 int32 int64 uint8 float16 float32 float64 complex64 complex128");
  assert_string_equal(q(r, "paddle", NULL, "2.5.0"), "bool int8 int16 int32 int64 uint8 bfloat16 float16 float32 float64 complex64 complex128");
  assert_string_equal(q(r, "paddle", NULL, "2.4.3"), q(r, "paddle", NULL, "2.6.0")); /* gap -> last key */
  assert_string_equal(q(r, "mxnet", NULL, "1.9.1"), "bool int8 int32 int64 uint8 bfloat16 float16 float32 float64");
  /* a backend with only function lines: all 15 */
  assert_string_equal(q(r, "torch_frontend", NULL, "2.1.2"), ALL15);
  const char *names[16];
  size_t nb = tl_support_backends(r, names, 16);
  assert_int_equal(nb, 7);
  assert_string_equal(names[0], "torch");
  assert_int_equal(tl_support_backends(r, NULL, 0), 7);
  assert_int_equal(tl_support_backends(NULL, names, 16), 0);
  tl_support_free(r);
}

static void test_function_query(void **state) {
  (void)state;
  tl_support *r = load_sample();
  /* [U3] cumsum example (ivy.md §4.3): 1.11.0 -> first tuple, 1.12.1 -> (), 2.2.0 -> last key () */
  assert_string_equal(q(r, "torch", "cumsum", "1.11.0"),
                      "bool int8 int16 int32 int64 float32 float64 complex64 complex128");
  assert_string_equal(q(r, "torch", "cumsum", "1.12.1"), TORCH12); /* empty tuple: no restriction */
  assert_string_equal(q(r, "torch", "cumsum", "2.2.0"), TORCH12);
  assert_string_equal(q(r, "torch", "expm1", "2.0.1"),
                      "bool int8 int16 int32 int64 uint8 bfloat16 float32 float64 complex64 complex128");
  /* a single range key: a later version does not match and falls back to the last (= only) key */
  assert_string_equal(q(r, "torch", "expm1", "2.1.0"), q(r, "torch", "expm1", "1.0"));
  /* "unsigned" expands against torch's valid uints: uint8 only (ivy.md §4.2) */
  assert_string_equal(q(r, "torch", "class_example", "2.0.1"),
                      "bool int8 int16 int32 int64 float32 float64 complex64 complex128");
  /* unknown function: unrestricted */
  assert_string_equal(q(r, "torch", "no_such_function", "2.0.1"), TORCH12);
  /* composition = intersection (ivy.md §3.6) */
  assert_string_equal(q(r, "torch", "cumsum_expm1", "2.0.0"),
                      "bool int8 int16 int32 int64 float32 float64 complex64 complex128");
  assert_string_equal(q(r, "torch", "cumsum_expm1", "1.12.1"),
                      "bool int8 int16 int32 int64 uint8 bfloat16 float32 float64 complex64 complex128");
  int yes = -1;
  assert_int_equal(tl_support_is_supported(r, "torch", "expm1", "2.0.1", TL_FLOAT16, &yes), TL_OK);
  assert_int_equal(yes, 0);
  assert_int_equal(tl_support_is_supported(r, "torch", "expm1", "2.0.1", TL_FLOAT32, &yes), TL_OK);
  assert_int_equal(yes, 1);
  assert_int_equal(tl_support_is_supported(r, "torch", "expm1", "2.0.1", TL_UINT16, &yes), TL_OK);
  assert_int_equal(yes, 0); /* invalid for the backend */
  assert_int_equal(tl_support_is_supported(r, "torch", "expm1", "2.0.1", TL_WEAK_INT, &yes), TL_OK);
  assert_int_equal(yes, 0);
  /* snprintf-style sizes */
  size_t n = 0;
  assert_int_equal(tl_support_query(r, "torch", "cumsum", "1.0", NULL, 0, &n), TL_OK);
  assert_int_equal(n, 9);
  tl_dtype two[2] = {TL_DTYPE_NONE, TL_DTYPE_NONE};
  assert_int_equal(tl_support_query(r, "torch", "cumsum", "1.0", two, 1, &n), TL_OK);
  assert_int_equal(n, 9);
  assert_int_equal(two[0], TL_BOOL);
  assert_int_equal(two[1], TL_DTYPE_NONE);
  tl_support_free(r);
}

static void test_supported_lists_and_classes(void **state) {
  (void)state;
  tl_support *r;
  assert_int_equal(tl_support_new(&r), TL_OK);
  assert_int_equal(tl_support_load_string(r,
                                          "np * \"1.0 and above\" invalid bfloat16\n"
                                          "np f \"1.0 and above\" supported float, int8\n"
                                          "np g \"1.0 and above\" supported\n"          /* empty: no restriction */
                                          "np h \"1.0 and above\" unsupported integer\n" /* incl. unsigned */
                                          "np s \"1.0 and above\" supported signed,complex\n"
                                          "np i \"1.0 and above\" supported inexact\n"
                                          "np n \"1.0 and above\" unsupported numeric\n"
                                          "np v \"1.0 and above\" unsupported valid\n"
                                          "np c = f + s\n"
                                          "np d = c + i + unknown\n",
                                          "inline"),
                   TL_OK);
  assert_string_equal(q(r, "np", "f", "1.0"), "int8 float16 float32 float64"); /* bfloat16 invalid */
  assert_string_equal(q(r, "np", "g", "1.0"), q(r, "np", NULL, "1.0"));
  assert_string_equal(q(r, "np", "h", "1.0"), "bool float16 float32 float64 complex64 complex128");
  assert_string_equal(q(r, "np", "s", "1.0"), "int8 int16 int32 int64 complex64 complex128");
  assert_string_equal(q(r, "np", "i", "1.0"), "float16 float32 float64 complex64 complex128");
  assert_string_equal(q(r, "np", "n", "1.0"), "bool");
  assert_string_equal(q(r, "np", "v", "1.0"), "");
  assert_string_equal(q(r, "np", "c", "1.0"), "int8");
  assert_string_equal(q(r, "np", "d", "1.0"), "");
  /* two loads accumulate into the same dictionary */
  assert_int_equal(tl_support_load_string(r, "np f \"0.5\" supported bool\n", "second"), TL_OK);
  assert_string_equal(q(r, "np", "f", "0.5"), "bool");
  tl_support_free(r);
}

static void expect_parse_error(const char *text, const char *want) {
  tl_support *r;
  assert_int_equal(tl_support_new(&r), TL_OK);
  assert_int_equal(tl_support_load_string(r, "ok * \"1.0\" invalid bfloat16\n", "base"), TL_OK);
  int st = tl_support_load_string(r, text, "reg.txt");
  if (st != TL_EPARSE || !strstr(tl_errmsg(), want))
    fail_msg("text <<%s>>: status %d, message '%s', wanted '%s'", text, st, tl_errmsg(), want);
  /* all-or-nothing: the registry is as before */
  assert_int_equal(tl_support_backends(r, NULL, 0), 1);
  assert_string_equal(q(r, "ok", NULL, "1.0"),
                      "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float32 float64 complex64 complex128");
  tl_support_free(r);
}

static void test_malformed(void **state) {
  (void)state;
  expect_parse_error("# fine\n\ntorch f \"1.0\n", "reg.txt:3: unterminated quoted version key");
  expect_parse_error("torch f 1.0 supported int8\n", "reg.txt:1: expected a quoted version key or '='");
  expect_parse_error("torch f \"1.0 or below\" supported int8\n", "reg.txt:1: malformed version key '1.0 or below'");
  expect_parse_error("torch f \"2.0 to 1.0\" supported int8\n", "reg.txt:1: malformed version key");
  expect_parse_error("torch f \"1.0\" supported flaot32\n", "reg.txt:1: unknown dtype or class 'flaot32' (did you mean 'float32'?)");
  expect_parse_error("torch f \"1.0\" supported f8\n", "reg.txt:1: write dtype 'f8' by its canonical name 'float64'");
  expect_parse_error("torch f \"1.0\" supported int*\n", "reg.txt:1: unknown dtype or class 'int*'");
  expect_parse_error("torch f \"1.0\" allowed int8\n", "reg.txt:1: expected 'supported' or 'unsupported'");
  expect_parse_error("torch * \"1.0\" supported int8\n", "reg.txt:1: expected 'valid' or 'invalid'");
  expect_parse_error("torch f \"1.0\" supported int8,\n", "reg.txt:1: missing dtype after ','");
  expect_parse_error("torch f \"1.0\" supported int8,,int16\n", "reg.txt:1: empty item");
  expect_parse_error("torch f \"1.0\" supported , int8\n", "reg.txt:1: empty item");
  expect_parse_error("torch f \"1.0\" supported int8 = int16\n", "reg.txt:1: expected a dtype or class name");
  expect_parse_error("torch\n", "reg.txt:1: expected a function name or '*'");
  expect_parse_error("\"torch\" f \"1.0\" supported\n", "reg.txt:1: expected a backend name");
  expect_parse_error("torch f! \"1.0\" supported\n", "reg.txt:1: expected a function name");
  expect_parse_error("torch f \"1.0 and below\" supported int8\ntorch f \"2.0 and above\" unsupported int8\n",
                     "reg.txt:2: torch.f has both supported and unsupported lines (Ivy forbids both; first at reg.txt:1)");
  expect_parse_error("ok * \"2.0\" valid int8\n", "reg.txt:1: backend ok has both valid and invalid lines (first at base:1)");
  expect_parse_error("torch f \"1.0\" supported int8\n\ntorch f \"1.0\" supported int16\n",
                     "reg.txt:3: repeated version key \"1.0\" for torch.f (first at reg.txt:1)");
  expect_parse_error("torch * = a + b\n", "reg.txt:1: '*' (the backend itself) cannot be a composition");
  expect_parse_error("torch f = a +\n", "reg.txt:1: expected a function name in the composition");
  expect_parse_error("torch f = a b\n", "reg.txt:1: expected '+' or end of line");
  expect_parse_error("torch f = a\ntorch f = b\n", "reg.txt:2: composition of torch.f already given at reg.txt:1");
  expect_parse_error("torch f = g\ntorch g = h\ntorch h = f\n", "composition cycle");
  expect_parse_error("torch f = f\n", "reg.txt:1: composition cycle through torch.f");
  /* default name in messages */
  tl_support *r;
  assert_int_equal(tl_support_new(&r), TL_OK);
  assert_int_equal(tl_support_load_string(r, "x y \"1\" bad\n", NULL), TL_EPARSE);
  assert_non_null(strstr(tl_errmsg(), "<string>:1:"));
  tl_support_free(r);
}

static void test_registry_bad_input(void **state) {
  (void)state;
  tl_support *r = load_sample();
  tl_dtype d[4];
  size_t n = 77;
  int yes = 5;
  assert_int_equal(tl_support_new(NULL), TL_EINVAL);
  assert_int_equal(tl_support_load_file(NULL, SAMPLE), TL_EINVAL);
  assert_int_equal(tl_support_load_file(r, NULL), TL_EINVAL);
  assert_int_equal(tl_support_load_string(NULL, "", "x"), TL_EINVAL);
  assert_int_equal(tl_support_load_string(r, NULL, "x"), TL_EINVAL);
  assert_int_equal(tl_support_load_file(r, TL_SOURCE_DIR "/tests/data/support/does_not_exist.txt"), TL_EIO);
  assert_non_null(strstr(tl_errmsg(), "cannot read"));
  assert_non_null(strstr(tl_errmsg(), "does_not_exist.txt"));
  assert_int_equal(tl_support_load_file(r, TL_SOURCE_DIR "/tests/data/support"), TL_EIO); /* a directory */
  assert_int_equal(tl_support_query(NULL, "torch", "f", NULL, d, 4, &n), TL_EINVAL);
  assert_int_equal(tl_support_query(r, NULL, "f", NULL, d, 4, &n), TL_EINVAL);
  assert_int_equal(tl_support_query(r, "torch", NULL, NULL, d, 4, &n), TL_EINVAL);
  assert_int_equal(tl_support_query(r, "torch", "*", NULL, d, 4, &n), TL_EINVAL);
  assert_int_equal(tl_support_query(r, "torch", "f", NULL, NULL, 4, &n), TL_EINVAL);
  assert_int_equal(tl_support_query(r, "torch", "f", NULL, d, 4, NULL), TL_EINVAL);
  assert_int_equal(tl_support_query(r, "pytorch", "f", NULL, d, 4, &n), TL_EUNSUPPORTED);
  assert_non_null(strstr(tl_errmsg(), "backend 'pytorch' is not in the registry (known: torch, "));
  assert_int_equal(tl_support_query(r, "torch", "f", "2.x", d, 4, &n), TL_EPARSE);
  assert_int_equal(tl_support_valid(r, "torch", "bad", d, 4, &n), TL_EPARSE);
  assert_int_equal(tl_support_valid(r, "nope", NULL, d, 4, &n), TL_EUNSUPPORTED);
  assert_int_equal(tl_support_valid(r, "torch", NULL, NULL, 4, &n), TL_EINVAL);
  assert_int_equal(n, 77);
  assert_int_equal(tl_support_is_supported(r, "torch", "f", NULL, (tl_dtype)99, &yes), TL_EDTYPE);
  assert_int_equal(tl_support_is_supported(r, "torch", "f", NULL, TL_INT8, NULL), TL_EINVAL);
  assert_int_equal(tl_support_is_supported(r, "nope", "f", NULL, TL_INT8, &yes), TL_EUNSUPPORTED);
  assert_int_equal(yes, 5);
  /* empty registry */
  tl_support *e;
  assert_int_equal(tl_support_new(&e), TL_OK);
  assert_int_equal(tl_support_valid(e, "torch", NULL, d, 4, &n), TL_EUNSUPPORTED);
  assert_non_null(strstr(tl_errmsg(), "known: none"));
  tl_support_free(e);
  tl_support_free(NULL);
  tl_support_free(r);
}

/* ---- casting modes (ivy.md §4.4) ---- */

static tl_support *reg_of(const char *text) {
  tl_support *r;
  assert_int_equal(tl_support_new(&r), TL_OK);
  if (tl_support_load_string(r, text, "cast") != TL_OK) fail_msg("%s", tl_errmsg());
  return r;
}

static tl_dtype cast(const tl_support *r, const char *backend, const char *fn, const char *version, tl_dtype d,
                     tl_cast_mode mode, unsigned flags) {
  tl_dtype out = TL_DTYPE_NONE;
  char why[512];
  int st = tl_support_cast(r, NULL, backend, fn, version, d, mode, flags, &out, why, sizeof why);
  if (st == TL_EUNSUPPORTED) return TL_DTYPE_NONE;
  if (st != TL_OK) fail_msg("cast failed: %s", tl_errmsg());
  return out;
}

static void test_cast_up_down(void **state) {
  (void)state;
  tl_support *r = load_sample();
  /* ivy.md §4.4: "float16 upcasts to float32 and downcasts to bfloat16" (ladder bfloat16 < float16 < ...) */
  assert_int_equal(cast(r, "torch", "expm1", "2.0.1", TL_FLOAT16, TL_CAST_MODE_UPCAST, 0), TL_FLOAT32);
  assert_int_equal(cast(r, "torch", "expm1", "2.0.1", TL_FLOAT16, TL_CAST_MODE_DOWNCAST, 0), TL_BFLOAT16);
  /* cumsum@2.0.1 lacks uint8, bfloat16, float16: float16 up -> float32, down -> nothing */
  assert_int_equal(cast(r, "torch", "cumsum", "2.0.1", TL_FLOAT16, TL_CAST_MODE_UPCAST, 0), TL_FLOAT32);
  assert_int_equal(cast(r, "torch", "cumsum", "2.0.1", TL_FLOAT16, TL_CAST_MODE_DOWNCAST, 0), TL_DTYPE_NONE);
  assert_non_null(strstr(tl_errmsg(), "no lower supported dtype; no cast"));
  /* bfloat16 skips the unsupported float16 going up */
  assert_int_equal(cast(r, "torch", "cumsum", "2.0.1", TL_BFLOAT16, TL_CAST_MODE_UPCAST, 0), TL_FLOAT32);
  /* uint ladder under torch is just uint8: nothing either way (§4.4: "no cast") */
  assert_int_equal(cast(r, "torch", "cumsum", "2.0.1", TL_UINT8, TL_CAST_MODE_UPCAST, 0), TL_DTYPE_NONE);
  /* tensordot: int32 -> int64 up, int16 down */
  assert_int_equal(cast(r, "torch", "tensordot", "2.0.1", TL_INT32, TL_CAST_MODE_UPCAST, 0), TL_INT64);
  assert_int_equal(cast(r, "torch", "tensordot", "2.0.1", TL_INT32, TL_CAST_MODE_DOWNCAST, 0), TL_INT16);
  /* a supported dtype is returned unchanged, with an explanation */
  tl_dtype out;
  char why[256];
  assert_int_equal(tl_support_cast(r, NULL, "torch", "expm1", "2.0.1", TL_FLOAT32, TL_CAST_MODE_CAST, 0, &out, why,
                                   sizeof why),
                   TL_OK);
  assert_int_equal(out, TL_FLOAT32);
  assert_string_equal(why, "torch.expm1 (version 2.0.1): float32 is supported; no cast");
  /* the explanation of an upcast names the ladder and the choice */
  assert_int_equal(tl_support_cast(r, NULL, "torch", "expm1", "2.0.1", TL_FLOAT16, TL_CAST_MODE_UPCAST, 0, &out,
                                   why, sizeof why),
                   TL_OK);
  assert_string_equal(why, "torch.expm1 (version 2.0.1): float16 is not supported; upcast along float ladder "
                           "bfloat16 < float16 < float32 < float64 -> float32 (next higher supported)");
  /* truncated explanation stays NUL-terminated */
  char small[10];
  assert_int_equal(tl_support_cast(r, NULL, "torch", "expm1", "2.0.1", TL_FLOAT16, TL_CAST_MODE_UPCAST, 0, &out,
                                   small, sizeof small),
                   TL_OK);
  assert_string_equal(small, "torch.exp");
  /* explain may be NULL */
  assert_int_equal(tl_support_cast(r, NULL, "torch", "expm1", "2.0.1", TL_FLOAT16, TL_CAST_MODE_UPCAST, 0, &out,
                                   NULL, 0),
                   TL_OK);
  /* the backend's invalid dtypes are never cast (intersect = unsupported - invalid) */
  assert_int_equal(cast(r, "torch", "expm1", "2.0.1", TL_UINT16, TL_CAST_MODE_CAST, 0), TL_DTYPE_NONE);
  assert_non_null(strstr(tl_errmsg(), "uint16 is not a valid dtype of backend torch"));
  tl_support_free(r);
  /* ivy.md §4.4: "bfloat16 upcasts to float16" */
  r = reg_of("t f \"1.0 and above\" unsupported bfloat16\n");
  assert_int_equal(cast(r, "t", "f", "1.0", TL_BFLOAT16, TL_CAST_MODE_UPCAST, 0), TL_FLOAT16);
  assert_int_equal(cast(r, "t", "f", "1.0", TL_BFLOAT16, TL_CAST_MODE_DOWNCAST, 0), TL_DTYPE_NONE);
  tl_support_free(r);
}

static void test_cast_int_ladder(void **state) {
  (void)state;
  tl_support *r = reg_of("t f \"1.0 and above\" unsupported int8\n"
                         "t g \"1.0 and above\" unsupported int16\n");
  /* by width: int8 < int16 < int32 < int64 */
  assert_int_equal(cast(r, "t", "f", NULL, TL_INT8, TL_CAST_MODE_UPCAST, 0), TL_INT16);
  assert_int_equal(cast(r, "t", "f", NULL, TL_INT8, TL_CAST_MODE_DOWNCAST, 0), TL_DTYPE_NONE);
  assert_int_equal(cast(r, "t", "g", NULL, TL_INT16, TL_CAST_MODE_DOWNCAST, 0), TL_INT8);
  /* ivy.md §4.4 QUIRK with Ivy's string order int16, int32, int64, int8: "upcasting int8 finds
   * nothing; downcasting int8 goes to int64; downcasting int16 finds nothing" */
  assert_int_equal(cast(r, "t", "f", NULL, TL_INT8, TL_CAST_MODE_UPCAST, TL_CAST_IVY_INT_ORDER), TL_DTYPE_NONE);
  assert_int_equal(cast(r, "t", "f", NULL, TL_INT8, TL_CAST_MODE_DOWNCAST, TL_CAST_IVY_INT_ORDER), TL_INT64);
  assert_int_equal(cast(r, "t", "g", NULL, TL_INT16, TL_CAST_MODE_DOWNCAST, TL_CAST_IVY_INT_ORDER), TL_DTYPE_NONE);
  tl_support_free(r);
}

static void test_cast_cross_and_cast(void **state) {
  (void)state;
  tl_support *r = reg_of("t noint   \"1.0 and above\" unsupported integer\n"
                         "t nofloat \"1.0 and above\" unsupported float\n"
                         "t f16     \"1.0 and above\" unsupported float16\n"
                         "t big     \"1.0 and above\" unsupported float32, float64\n"
                         "t nof32   \"1.0 and above\" unsupported integer, float32\n"
                         "t boolish \"1.0 and above\" unsupported bool\n");
  /* crosscast (ivy.md §4.4, [U3]): no int supported -> default float; no float -> default int
   * (the docs' example: torch lcm with float16 inputs -> int32) */
  assert_int_equal(cast(r, "t", "noint", NULL, TL_INT8, TL_CAST_MODE_CROSSCAST, 0), TL_FLOAT32);
  assert_int_equal(cast(r, "t", "noint", NULL, TL_UINT64, TL_CAST_MODE_CROSSCAST, 0), TL_FLOAT32);
  assert_int_equal(cast(r, "t", "nofloat", NULL, TL_FLOAT16, TL_CAST_MODE_CROSSCAST, 0), TL_INT32);
  /* the cross targets follow the current defaults (set_default_float_dtype) */
  assert_int_equal(tl_default_dtype_push(TL_KIND_FLOAT, TL_FLOAT16), TL_OK);
  assert_int_equal(cast(r, "t", "noint", NULL, TL_INT8, TL_CAST_MODE_CROSSCAST, 0), TL_FLOAT16);
  /* (float64 would be rejected: NULL cfg = jax rules with x64 off, ivy.md §3.3 x64 check) */
  assert_int_equal(tl_default_dtype_push(TL_KIND_FLOAT, TL_FLOAT64), TL_OK);
  assert_int_equal(cast(r, "t", "noint", NULL, TL_INT8, TL_CAST_MODE_CROSSCAST, 0), TL_DTYPE_NONE);
  assert_string_equal(tl_errtype(), "IvyException");
  assert_int_equal(tl_default_dtype_pop(TL_KIND_FLOAT), TL_OK);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_FLOAT), TL_OK);
  /* not applicable when some int and some float are supported */
  assert_int_equal(cast(r, "t", "f16", NULL, TL_FLOAT16, TL_CAST_MODE_CROSSCAST, 0), TL_DTYPE_NONE);
  assert_non_null(strstr(tl_errmsg(), "crosscast: not applicable"));
  /* cast = cross -> up -> down */
  assert_int_equal(cast(r, "t", "f16", NULL, TL_FLOAT16, TL_CAST_MODE_CAST, 0), TL_FLOAT32);   /* up */
  assert_int_equal(cast(r, "t", "big", NULL, TL_FLOAT32, TL_CAST_MODE_CAST, 0), TL_FLOAT16);   /* down */
  assert_int_equal(cast(r, "t", "nofloat", NULL, TL_FLOAT32, TL_CAST_MODE_CAST, 0), TL_INT32); /* cross first */
  /* like Ivy, the crosscast result is not re-checked: default float32 is itself unsupported */
  tl_dtype out;
  char why[512];
  assert_int_equal(tl_support_cast(r, NULL, "t", "nof32", NULL, TL_INT16, TL_CAST_MODE_CROSSCAST, 0, &out, why,
                                   sizeof why),
                   TL_OK);
  assert_int_equal(out, TL_FLOAT32);
  assert_non_null(strstr(why, "not re-checked"));
  /* bool has no ladder: up/down cannot help */
  assert_int_equal(cast(r, "t", "boolish", NULL, TL_BOOL, TL_CAST_MODE_UPCAST, 0), TL_DTYPE_NONE);
  assert_non_null(strstr(tl_errmsg(), "bool has no ladder"));
  assert_int_equal(cast(r, "t", "boolish", NULL, TL_BOOL, TL_CAST_MODE_CAST, 0), TL_DTYPE_NONE);
  /* crosscast uses cfg's defaults: jax with x64 -> float64 */
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.x64 = 1;
  assert_int_equal(tl_support_cast(r, &cfg, "t", "noint", NULL, TL_INT8, TL_CAST_MODE_CROSSCAST, 0, &out, NULL, 0),
                   TL_OK);
  assert_int_equal(out, TL_FLOAT64);
  tl_support_free(r);
}

static void test_cast_bad_input(void **state) {
  (void)state;
  tl_support *r = load_sample();
  tl_dtype out = TL_DTYPE_NONE;
  tl_cast_mode m;
  assert_int_equal(tl_cast_mode_parse("upcast", &m), TL_OK);
  assert_int_equal(m, TL_CAST_MODE_UPCAST);
  assert_int_equal(tl_cast_mode_parse("cast", &m), TL_OK);
  assert_int_equal(m, TL_CAST_MODE_CAST);
  assert_int_equal(tl_cast_mode_parse("Upcast", &m), TL_EPARSE);
  assert_int_equal(tl_cast_mode_parse(NULL, &m), TL_EINVAL);
  assert_int_equal(tl_cast_mode_parse("cast", NULL), TL_EINVAL);
  assert_int_equal(tl_support_cast(r, NULL, "torch", "expm1", NULL, TL_FLOAT16, (tl_cast_mode)0, 0, &out, NULL, 0),
                   TL_EINVAL);
  assert_int_equal(tl_support_cast(r, NULL, "torch", "expm1", NULL, TL_FLOAT16, (tl_cast_mode)9, 0, &out, NULL, 0),
                   TL_EINVAL);
  assert_int_equal(tl_support_cast(r, NULL, "torch", "expm1", NULL, TL_WEAK_FLOAT, TL_CAST_MODE_CAST, 0, &out, NULL, 0),
                   TL_EDTYPE);
  assert_int_equal(tl_support_cast(r, NULL, "torch", "expm1", NULL, (tl_dtype)-3, TL_CAST_MODE_CAST, 0, &out, NULL, 0),
                   TL_EDTYPE);
  assert_int_equal(tl_support_cast(r, NULL, "torch", "expm1", NULL, TL_FLOAT16, TL_CAST_MODE_CAST, 0, NULL, NULL, 0),
                   TL_EINVAL);
  assert_int_equal(tl_support_cast(NULL, NULL, "torch", "expm1", NULL, TL_FLOAT16, TL_CAST_MODE_CAST, 0, &out, NULL, 0),
                   TL_EINVAL);
  assert_int_equal(tl_support_cast(r, NULL, "nope", "expm1", NULL, TL_FLOAT16, TL_CAST_MODE_CAST, 0, &out, NULL, 0),
                   TL_EUNSUPPORTED);
  assert_int_equal(tl_support_cast(r, NULL, "torch", NULL, NULL, TL_FLOAT16, TL_CAST_MODE_CAST, 0, &out, NULL, 0),
                   TL_EINVAL);
  assert_int_equal(out, TL_DTYPE_NONE);
  tl_support_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_version_compare),     cmocka_unit_test(test_version_key_parse),
      cmocka_unit_test(test_version_key_matches), cmocka_unit_test(test_version_select),
      cmocka_unit_test(test_backend_valid),       cmocka_unit_test(test_function_query),
      cmocka_unit_test(test_supported_lists_and_classes), cmocka_unit_test(test_malformed),
      cmocka_unit_test(test_registry_bad_input),  cmocka_unit_test(test_cast_up_down),
      cmocka_unit_test(test_cast_int_ladder),     cmocka_unit_test(test_cast_cross_and_cast),
      cmocka_unit_test(test_cast_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
