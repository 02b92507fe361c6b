/* test_defaults.c — default dtypes, scoped overrides, dtype inference. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <string.h>

#include "typelattice.h"

static tl_dtype def_of(const char *rules, int x64, tl_kind kind) {
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.x64 = x64;
  tl_dtype d = TL_DTYPE_NONE;
  assert_int_equal(tl_default_dtype_of(rules, &cfg, kind, &d), TL_OK);
  return d;
}

static void expect4(const char *rules, int x64, tl_dtype i, tl_dtype u, tl_dtype f, tl_dtype c) {
  assert_int_equal(def_of(rules, x64, TL_KIND_INT), i);
  assert_int_equal(def_of(rules, x64, TL_KIND_UINT), u);
  assert_int_equal(def_of(rules, x64, TL_KIND_FLOAT), f);
  assert_int_equal(def_of(rules, x64, TL_KIND_COMPLEX), c);
  assert_int_equal(def_of(rules, x64, TL_KIND_BOOL), TL_BOOL);
  assert_int_equal(def_of(rules, x64, TL_KIND_ANY), f);
}

static void test_builtin_defaults(void **state) {
  (void)state;
  /* jax.md §4: int32/uint32/float32/complex64 with x64 off, 64-bit with x64 on. */
  expect4("jax", 0, TL_INT32, TL_UINT32, TL_FLOAT32, TL_COMPLEX64);
  expect4("jax", 1, TL_INT64, TL_UINT64, TL_FLOAT64, TL_COMPLEX128);
  expect4("jax.lax", 0, TL_INT32, TL_UINT32, TL_FLOAT32, TL_COMPLEX64);
  expect4("numpy", 0, TL_INT64, TL_UINT64, TL_FLOAT64, TL_COMPLEX128);
  expect4("numpy1", 0, TL_INT64, TL_UINT64, TL_FLOAT64, TL_COMPLEX128);
  /* torch_tf_arrayapi.md §1.3: float32, complex follows float; Python ints int64. */
  expect4("torch", 0, TL_INT64, TL_UINT8, TL_FLOAT32, TL_COMPLEX64);
  /* §2.1: Python scalars default to int32/float32; complex -> complex128. */
  expect4("tensorflow", 0, TL_INT32, TL_UINT32, TL_FLOAT32, TL_COMPLEX128);
  expect4("tensorflow-safe", 0, TL_INT32, TL_UINT32, TL_FLOAT32, TL_COMPLEX128);
  /* §3.1: array-api-strict returns float64/complex128/int64. */
  expect4("array-api", 0, TL_INT64, TL_UINT64, TL_FLOAT64, TL_COMPLEX128);
  /* ivy.md §3.3 hard defaults. */
  expect4("ivy", 0, TL_INT32, TL_UINT32, TL_FLOAT32, TL_COMPLEX64);
  /* NULL rules in cfg = jax */
  tl_dtype d;
  tl_config cfg;
  tl_config_init(&cfg);
  assert_int_equal(tl_default_dtype(&cfg, TL_KIND_INT, &d), TL_OK);
  assert_int_equal(d, TL_INT32);
}

static void test_torch_complex_follows_float(void **state) {
  (void)state;
  tl_config cfg;
  tl_config_init(&cfg);
  tl_dtype d;
  static const tl_dtype f[] = {TL_FLOAT16, TL_FLOAT32, TL_FLOAT64};
  static const tl_dtype c[] = {TL_COMPLEX32, TL_COMPLEX64, TL_COMPLEX128};
  for (int i = 0; i < 3; i++) {
    cfg.default_float = f[i];
    assert_int_equal(tl_default_dtype_of("torch", &cfg, TL_KIND_COMPLEX, &d), TL_OK);
    assert_int_equal(d, c[i]);
  }
  cfg.default_float = TL_BFLOAT16; /* torch_tf_arrayapi.md §1.3: no complex for bfloat16 */
  d = TL_DTYPE_NONE;
  assert_int_equal(tl_default_dtype_of("torch", &cfg, TL_KIND_COMPLEX, &d), TL_EUNSUPPORTED);
  assert_int_equal(d, TL_DTYPE_NONE); /* untouched on error */
  assert_non_null(strstr(tl_errmsg(), "bfloat16"));
  /* an explicit complex default wins */
  cfg.default_complex = TL_COMPLEX128;
  assert_int_equal(tl_default_dtype_of("torch", &cfg, TL_KIND_COMPLEX, &d), TL_OK);
  assert_int_equal(d, TL_COMPLEX128);
}

static void test_cfg_fields(void **state) {
  (void)state;
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.default_int = TL_INT16;
  tl_dtype d;
  assert_int_equal(tl_default_dtype_of("numpy", &cfg, TL_KIND_INT, &d), TL_OK);
  assert_int_equal(d, TL_INT16);
  cfg.default_int = TL_FLOAT32; /* wrong kind */
  assert_int_equal(tl_default_dtype_of("numpy", &cfg, TL_KIND_INT, &d), TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "default_int"));
  cfg.default_int = (tl_dtype)99;
  assert_int_equal(tl_default_dtype_of("numpy", &cfg, TL_KIND_INT, &d), TL_EDTYPE);
  /* global configuration via tl_config_set_global / scoped via tl_config_push */
  tl_config_init(&cfg);
  cfg.default_float = TL_FLOAT16;
  assert_int_equal(tl_config_push(&cfg), TL_OK);
  assert_int_equal(tl_default_dtype(NULL, TL_KIND_FLOAT, &d), TL_OK);
  assert_int_equal(d, TL_FLOAT16);
  assert_int_equal(tl_config_pop(), TL_OK);
  assert_int_equal(tl_default_dtype(NULL, TL_KIND_FLOAT, &d), TL_OK);
  assert_int_equal(d, TL_FLOAT32);
}

static void test_push_pop(void **state) {
  (void)state;
  tl_dtype d;
  /* ivy.md §3.3: set_default_int_dtype pushes, unset pops. */
  assert_int_equal(tl_default_dtype_push(TL_KIND_INT, TL_INT64), TL_OK);
  assert_int_equal(tl_default_dtype_push(TL_KIND_INT, TL_INT8), TL_OK);
  assert_int_equal(tl_default_dtype_depth(TL_KIND_INT), 2);
  assert_int_equal(tl_default_dtype_of("ivy", NULL, TL_KIND_INT, &d), TL_OK);
  assert_int_equal(d, TL_INT8);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_INT), TL_OK);
  assert_int_equal(tl_default_dtype_of("ivy", NULL, TL_KIND_INT, &d), TL_OK);
  assert_int_equal(d, TL_INT64);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_INT), TL_OK);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_INT), TL_ESTATE);
  /* the stack beats the cfg field */
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.default_float = TL_FLOAT64;
  assert_int_equal(tl_default_dtype_push(TL_KIND_FLOAT, TL_FLOAT16), TL_OK);
  assert_int_equal(tl_default_dtype_of("ivy", &cfg, TL_KIND_FLOAT, &d), TL_OK);
  assert_int_equal(d, TL_FLOAT16);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_FLOAT), TL_OK);
  /* generic default (set_default_dtype): default_dtype() returns it; a float
   * generic default is the default float; ivy.md §3.3: a uint generic default
   * also counts as the default int (is_int includes uint). */
  assert_int_equal(tl_default_dtype_push(TL_KIND_ANY, TL_UINT16), TL_OK);
  assert_int_equal(tl_default_dtype_of("ivy", NULL, TL_KIND_ANY, &d), TL_OK);
  assert_int_equal(d, TL_UINT16);
  assert_int_equal(tl_default_dtype_of("ivy", NULL, TL_KIND_INT, &d), TL_OK);
  assert_int_equal(d, TL_UINT16);
  assert_int_equal(tl_default_dtype_of("ivy", NULL, TL_KIND_UINT, &d), TL_OK);
  assert_int_equal(d, TL_UINT16);
  assert_int_equal(tl_default_dtype_of("ivy", NULL, TL_KIND_FLOAT, &d), TL_OK);
  assert_int_equal(d, TL_FLOAT32);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_ANY), TL_OK);
  /* IntDtype accepts unsigned names (ivy.md §3.3 QUIRK); the others are strict */
  assert_int_equal(tl_default_dtype_push(TL_KIND_INT, TL_UINT8), TL_OK);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_INT), TL_OK);
  assert_int_equal(tl_default_dtype_push(TL_KIND_UINT, TL_INT8), TL_EDTYPE);
  assert_int_equal(tl_default_dtype_push(TL_KIND_FLOAT, TL_COMPLEX64), TL_EDTYPE);
  assert_int_equal(tl_default_dtype_push(TL_KIND_COMPLEX, TL_FLOAT32), TL_EDTYPE);
  assert_int_equal(tl_default_dtype_push(TL_KIND_ANY, TL_WEAK_INT), TL_EDTYPE);
  assert_int_equal(tl_default_dtype_push(TL_KIND_ANY, (tl_dtype)-5), TL_EDTYPE);
  assert_int_equal(tl_default_dtype_push(TL_KIND_BOOL, TL_BOOL), TL_EINVAL);
  assert_int_equal(tl_default_dtype_push((tl_kind)'x', TL_INT8), TL_EINVAL);
  assert_int_equal(tl_default_dtype_pop((tl_kind)'x'), TL_EINVAL);
  assert_int_equal(tl_default_dtype_depth((tl_kind)'x'), 0);
  /* depth limit */
  int k;
  for (k = 0; k < 64; k++) assert_int_equal(tl_default_dtype_push(TL_KIND_COMPLEX, TL_COMPLEX64), TL_OK);
  assert_int_equal(tl_default_dtype_push(TL_KIND_COMPLEX, TL_COMPLEX64), TL_ERANGE);
  for (k = 0; k < 64; k++) assert_int_equal(tl_default_dtype_pop(TL_KIND_COMPLEX), TL_OK);
  assert_int_equal(tl_default_dtype_depth(TL_KIND_COMPLEX), 0);
}

static void test_jax_x64_check(void **state) {
  (void)state;
  tl_dtype d = TL_DTYPE_NONE;
  /* ivy.md §3.3: 64-bit defaults rejected under jax with x64 off. */
  assert_int_equal(tl_default_dtype_push(TL_KIND_INT, TL_INT64), TL_OK);
  assert_int_equal(tl_default_dtype_of("jax", NULL, TL_KIND_INT, &d), TL_EUNSUPPORTED);
  assert_string_equal(tl_errtype(), "IvyException");
  assert_non_null(strstr(tl_errmsg(), "`int64` output not supported while jax_enable_x64 is set to False"));
  assert_int_equal(d, TL_DTYPE_NONE);
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.x64 = 1;
  assert_int_equal(tl_default_dtype_of("jax", &cfg, TL_KIND_INT, &d), TL_OK);
  assert_int_equal(d, TL_INT64);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_INT), TL_OK);
}

static void test_default_bad_input(void **state) {
  (void)state;
  tl_dtype d;
  assert_int_equal(tl_default_dtype(NULL, TL_KIND_INT, NULL), TL_EINVAL);
  assert_int_equal(tl_default_dtype(NULL, (tl_kind)'z', &d), TL_EINVAL);
  assert_int_equal(tl_default_dtype_of("nope", NULL, TL_KIND_INT, &d), TL_EUNSUPPORTED);
  assert_non_null(strstr(tl_errmsg(), "'nope'"));
}

/* ---- two threads with their own scoped overrides ---- */

static pthread_barrier_t barrier;

typedef struct {
  tl_dtype push, seen_inside, seen_after;
  int status;
} thread_arg;

static void *worker(void *p) {
  thread_arg *a = p;
  a->status = tl_default_dtype_push(TL_KIND_INT, a->push);
  pthread_barrier_wait(&barrier); /* both have pushed */
  tl_default_dtype_of("ivy", NULL, TL_KIND_INT, &a->seen_inside);
  pthread_barrier_wait(&barrier); /* both have looked */
  tl_default_dtype_pop(TL_KIND_INT);
  tl_default_dtype_of("ivy", NULL, TL_KIND_INT, &a->seen_after);
  return NULL;
}

static void test_threads(void **state) {
  (void)state;
  pthread_t t1, t2;
  thread_arg a1 = {TL_INT16, TL_DTYPE_NONE, TL_DTYPE_NONE, -1}, a2 = {TL_INT64, TL_DTYPE_NONE, TL_DTYPE_NONE, -1};
  pthread_barrier_init(&barrier, NULL, 2);
  pthread_create(&t1, NULL, worker, &a1);
  pthread_create(&t2, NULL, worker, &a2);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  pthread_barrier_destroy(&barrier);
  assert_int_equal(a1.status, TL_OK);
  assert_int_equal(a2.status, TL_OK);
  assert_int_equal(a1.seen_inside, TL_INT16);
  assert_int_equal(a2.seen_inside, TL_INT64);
  assert_int_equal(a1.seen_after, TL_INT32);
  assert_int_equal(a2.seen_after, TL_INT32);
  assert_int_equal(tl_default_dtype_depth(TL_KIND_INT), 0); /* main thread untouched */
}

/* ---- inference ---- */

static tl_operand op(const char *text) {
  tl_operand o;
  assert_int_equal(tl_operand_parse(text, &o), TL_OK);
  return o;
}

static int infer(const char *rules, int x64, tl_dtype explicit_dtype, const char *a, const char *b, tl_dtype *out,
                 tl_infer_step *step) {
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.x64 = x64;
  tl_operand ops[2];
  size_t n = 0;
  if (a) ops[n++] = op(a);
  if (b) ops[n++] = op(b);
  return tl_infer_dtype_of(rules, &cfg, explicit_dtype, ops, n, TL_KIND_ANY, out, step);
}

static tl_dtype inferred(const char *rules, const char *a, const char *b, tl_infer_step want_step) {
  tl_dtype d = TL_DTYPE_NONE;
  tl_infer_step s = 0;
  assert_int_equal(infer(rules, 0, TL_DTYPE_NONE, a, b, &d, &s), TL_OK);
  assert_int_equal(s, want_step);
  return d;
}

static void test_infer_steps(void **state) {
  (void)state;
  tl_dtype d;
  tl_infer_step s;
  /* ivy.md §3.4 step 1: explicit dtype wins over arrays and scalars */
  assert_int_equal(infer("ivy", 0, TL_INT16, "array:float64", "1.5", &d, &s), TL_OK);
  assert_int_equal(d, TL_INT16);
  assert_int_equal(s, TL_INFER_EXPLICIT);
  /* dtype=int -> default int (ivy.md §1.1: Python type -> default) */
  assert_int_equal(infer("ivy", 0, TL_WEAK_INT, NULL, NULL, &d, &s), TL_OK);
  assert_int_equal(d, TL_INT32);
  assert_int_equal(infer("numpy", 0, TL_WEAK_FLOAT, NULL, NULL, &d, &s), TL_OK);
  assert_int_equal(d, TL_FLOAT64);
  assert_int_equal(infer("torch", 0, TL_WEAK_COMPLEX, NULL, NULL, &d, &s), TL_OK);
  assert_int_equal(d, TL_COMPLEX64);
  /* jax.md §4: explicit 64-bit canonicalised with x64 off */
  assert_int_equal(infer("jax", 0, TL_INT64, NULL, NULL, &d, &s), TL_OK);
  assert_int_equal(d, TL_INT32);
  assert_int_equal(infer("jax", 1, TL_INT64, NULL, NULL, &d, &s), TL_OK);
  assert_int_equal(d, TL_INT64);
  /* step 2: the first array, even after a scalar */
  assert_int_equal(inferred("ivy", "5", "array:uint16", TL_INFER_ARRAY), TL_UINT16);
  assert_int_equal(inferred("ivy", "zerodim:int8", "array:float32", TL_INFER_ARRAY), TL_INT8);
  assert_int_equal(inferred("numpy", "scalar:float16:1", NULL, TL_INFER_ARRAY), TL_FLOAT16);
  /* step 3: scalars */
  assert_int_equal(inferred("ivy", "True", NULL, TL_INFER_SCALAR), TL_BOOL);
  assert_int_equal(inferred("ivy", "float", NULL, TL_INFER_SCALAR), TL_FLOAT32);
  assert_int_equal(inferred("ivy", "5", "1.5", TL_INFER_SCALAR), TL_INT32); /* the first one */
  /* step 4 */
  assert_int_equal(inferred("ivy", NULL, NULL, TL_INFER_DEFAULT), TL_FLOAT32);
  assert_int_equal(inferred("numpy", NULL, NULL, TL_INFER_DEFAULT), TL_FLOAT64);
  tl_config cfg;
  tl_config_init(&cfg);
  assert_int_equal(tl_infer_dtype_of("torch", &cfg, TL_DTYPE_NONE, NULL, 0, TL_KIND_INT, &d, NULL), TL_OK);
  assert_int_equal(d, TL_INT64);
  assert_int_equal(tl_infer_dtype_of("torch", &cfg, TL_DTYPE_NONE, NULL, 0, TL_KIND_BOOL, &d, NULL), TL_OK);
  assert_int_equal(d, TL_BOOL);
  /* generic default pushed: ivy.md §3.4 step 4 uses set_default_dtype */
  assert_int_equal(tl_default_dtype_push(TL_KIND_ANY, TL_INT16), TL_OK);
  assert_int_equal(inferred("ivy", NULL, NULL, TL_INFER_DEFAULT), TL_INT16);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_ANY), TL_OK);
}

static void test_infer_ivy_scalars(void **state) {
  (void)state;
  /* ivy.md §3.3 default_int_dtype(input=v) */
  assert_int_equal(inferred("ivy", "2147483647", NULL, TL_INFER_SCALAR), TL_INT32);
  assert_int_equal(inferred("ivy", "2147483648", NULL, TL_INFER_SCALAR), TL_INT64);
  assert_int_equal(inferred("ivy", "9223372036854775807", NULL, TL_INFER_SCALAR), TL_INT64);
  assert_int_equal(inferred("ivy", "9223372036854775808", NULL, TL_INFER_SCALAR), TL_UINT64);
  assert_int_equal(inferred("ivy", "py:int:-1099511627776", NULL, TL_INFER_SCALAR), TL_INT32); /* QUIRK: -2**40 */
  /* default_float_dtype(input=v): range based, not precision based */
  assert_int_equal(inferred("ivy", "0.1", NULL, TL_INFER_SCALAR), TL_FLOAT32);
  assert_int_equal(inferred("ivy", "py:float:0.0", NULL, TL_INFER_SCALAR), TL_FLOAT32);
  assert_int_equal(inferred("ivy", "1e300", NULL, TL_INFER_SCALAR), TL_FLOAT64);
  assert_int_equal(inferred("ivy", "py:float:1e-40", NULL, TL_INFER_SCALAR), TL_FLOAT64);
  assert_int_equal(inferred("ivy", "inf", NULL, TL_INFER_SCALAR), TL_FLOAT32);
  /* complex128 only when both parts need float64 */
  assert_int_equal(inferred("ivy", "(1e300+1e300j)", NULL, TL_INFER_SCALAR), TL_COMPLEX128);
  assert_int_equal(inferred("ivy", "(1e300+0j)", NULL, TL_INFER_SCALAR), TL_COMPLEX64);
  assert_int_equal(inferred("ivy", "1j", NULL, TL_INFER_SCALAR), TL_COMPLEX64);
}

static void test_infer_framework_scalars(void **state) {
  (void)state;
  tl_dtype d = TL_DTYPE_NONE;
  tl_infer_step s;
  /* jax.md §4: Python int is int32 with x64 off; too large -> OverflowError */
  assert_int_equal(inferred("jax", "300", NULL, TL_INFER_SCALAR), TL_INT32);
  assert_int_equal(inferred("jax", "1.5", NULL, TL_INFER_SCALAR), TL_FLOAT32);
  assert_int_equal(infer("jax", 0, TL_DTYPE_NONE, "2147483648", NULL, &d, &s), TL_EOVERFLOW);
  assert_string_equal(tl_errtype(), "OverflowError");
  assert_string_equal(tl_errmsg(), "Python int 2147483648 too large to convert to int32");
  assert_int_equal(d, TL_DTYPE_NONE);
  assert_int_equal(infer("jax", 1, TL_DTYPE_NONE, "2147483648", NULL, &d, &s), TL_OK);
  assert_int_equal(d, TL_INT64);
  /* NumPy: int64, then uint64, then object (unsupported) */
  assert_int_equal(inferred("numpy", "9223372036854775808", NULL, TL_INFER_SCALAR), TL_UINT64);
  assert_int_equal(infer("numpy", 0, TL_DTYPE_NONE, "18446744073709551616", NULL, &d, &s), TL_EOVERFLOW);
  assert_int_equal(inferred("numpy", "1.5", NULL, TL_INFER_SCALAR), TL_FLOAT64);
  assert_int_equal(inferred("numpy", "1j", NULL, TL_INFER_SCALAR), TL_COMPLEX128);
  /* torch: ints int64, floats the default float */
  assert_int_equal(inferred("torch", "5", NULL, TL_INFER_SCALAR), TL_INT64);
  assert_int_equal(inferred("torch", "1.5", NULL, TL_INFER_SCALAR), TL_FLOAT32);
  assert_int_equal(infer("torch", 0, TL_DTYPE_NONE, "9223372036854775808", NULL, &d, &s), TL_EOVERFLOW);
  /* TensorFlow §2.1: int32 (int64 when larger), float32, complex128 */
  assert_int_equal(inferred("tensorflow", "5", NULL, TL_INFER_SCALAR), TL_INT32);
  assert_int_equal(inferred("tensorflow", "1099511627776", NULL, TL_INFER_SCALAR), TL_INT64);
  assert_int_equal(inferred("tensorflow", "1.5", NULL, TL_INFER_SCALAR), TL_FLOAT32);
  assert_int_equal(inferred("tensorflow", "1j", NULL, TL_INFER_SCALAR), TL_COMPLEX128);
  assert_int_equal(infer("tensorflow", 0, TL_DTYPE_NONE, "9223372036854775808", NULL, &d, &s), TL_EOVERFLOW);
  /* tf.constant of a float that float32 rounds to inf: ValueError; just below that, and inf, are float32
     (TensorFlow 2.21.0, measured) */
  assert_int_equal(infer("tensorflow", 0, TL_DTYPE_NONE, "3.4028235677973366e38", NULL, &d, &s), TL_EOVERFLOW);
  assert_string_equal(tl_errmsg(), "Can't convert Python sequence with a value out of range for a double-precision float.");
  assert_int_equal(infer("tensorflow-all", 0, TL_DTYPE_NONE, "-1e300", NULL, &d, &s), TL_EOVERFLOW);
  assert_int_equal(inferred("tensorflow", "3.4028235677973362e38", NULL, TL_INFER_SCALAR), TL_FLOAT32);
  assert_int_equal(inferred("tensorflow", "inf", NULL, TL_INFER_SCALAR), TL_FLOAT32);
  /* array-api (array-api-strict defaults) */
  assert_int_equal(inferred("array-api", "5", NULL, TL_INFER_SCALAR), TL_INT64);
}

static void test_infer_bad_input(void **state) {
  (void)state;
  tl_dtype d = TL_DTYPE_NONE;
  tl_operand o = tl_operand_array(TL_INT8, 0);
  assert_int_equal(tl_infer_dtype(NULL, TL_DTYPE_NONE, &o, 1, TL_KIND_ANY, NULL, NULL), TL_EINVAL);
  assert_int_equal(tl_infer_dtype(NULL, TL_DTYPE_NONE, NULL, 1, TL_KIND_ANY, &d, NULL), TL_EINVAL);
  assert_int_equal(tl_infer_dtype(NULL, TL_DTYPE_NONE, &o, 1, (tl_kind)'q', &d, NULL), TL_EINVAL);
  assert_int_equal(tl_infer_dtype(NULL, (tl_dtype)77, &o, 1, TL_KIND_ANY, &d, NULL), TL_EDTYPE);
  o.dtype = (tl_dtype)77;
  assert_int_equal(tl_infer_dtype(NULL, TL_DTYPE_NONE, &o, 1, TL_KIND_ANY, &d, NULL), TL_EDTYPE);
  o.dtype = TL_WEAK_INT; /* an array of a weak kind is not a thing */
  assert_int_equal(tl_infer_dtype(NULL, TL_DTYPE_NONE, &o, 1, TL_KIND_ANY, &d, NULL), TL_EDTYPE);
  o = tl_operand_pyint(3);
  o.dtype = TL_INT8; /* a Python scalar must be bool or a weak kind */
  assert_int_equal(tl_infer_dtype(NULL, TL_DTYPE_NONE, &o, 1, TL_KIND_ANY, &d, NULL), TL_EDTYPE);
  o = tl_operand_pyint(3);
  o.kind = (tl_operand_kind)42;
  assert_int_equal(tl_infer_dtype(NULL, TL_DTYPE_NONE, &o, 1, TL_KIND_ANY, &d, NULL), TL_EINVAL);
  o = tl_operand_pyint(3);
  assert_int_equal(tl_infer_dtype_of("bogus", NULL, TL_DTYPE_NONE, &o, 1, TL_KIND_ANY, &d, NULL), TL_EUNSUPPORTED);
  assert_int_equal(d, TL_DTYPE_NONE);
  /* n == 0 with NULL args is fine */
  assert_int_equal(tl_infer_dtype(NULL, TL_DTYPE_NONE, NULL, 0, TL_KIND_ANY, &d, NULL), TL_OK);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_builtin_defaults),  cmocka_unit_test(test_torch_complex_follows_float),
      cmocka_unit_test(test_cfg_fields),        cmocka_unit_test(test_push_pop),
      cmocka_unit_test(test_jax_x64_check),     cmocka_unit_test(test_default_bad_input),
      cmocka_unit_test(test_threads),           cmocka_unit_test(test_infer_steps),
      cmocka_unit_test(test_infer_ivy_scalars), cmocka_unit_test(test_infer_framework_scalars),
      cmocka_unit_test(test_infer_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
