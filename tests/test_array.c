/* test_array.c — tl_array creation, views, broadcasting, astype, promotion of
 * inputs, and bad input for each public function of section 9 (arrays). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "typelattice.h"

static tl_config jax_cfg(int x64) {
  tl_config c;
  tl_config_init(&c);
  c.x64 = x64;
  return c;
}

static void test_zeros_ones_full(void **state) {
  (void)state;
  int64_t sh[2] = {2, 3};
  tl_array *a;
  assert_int_equal(tl_array_zeros(TL_FLOAT32, 2, sh, &a), TL_OK);
  assert_int_equal(a->size, 6);
  assert_int_equal(a->strides[0], 12);
  assert_int_equal(a->strides[1], 4);
  assert_true(a->owns);
  assert_true(tl_array_is_contiguous(a));
  assert_int_equal(((uintptr_t)a->data) % 64, 0);
  tl_array_free(a);
  assert_int_equal(tl_array_ones(TL_BFLOAT16, 2, sh, &a), TL_OK);
  assert_int_equal(((uint16_t *)a->data)[5], 0x3F80);
  tl_array_free(a);
  assert_int_equal(tl_array_ones(TL_BOOL, 0, NULL, &a), TL_OK);
  assert_int_equal(a->size, 1);
  assert_int_equal(((uint8_t *)a->data)[0], 1);
  tl_array_free(a);
  /* full: the fill value picks the dtype through the configuration */
  tl_config c = jax_cfg(0);
  tl_value vi = {.kind = TL_VALUE_INT, .lo = 5}, vf = {.kind = TL_VALUE_FLOAT, .re = 1.5},
           vc = {.kind = TL_VALUE_COMPLEX, .re = 1, .im = 2}, vb = {.kind = TL_VALUE_BOOL, .lo = 1};
  assert_int_equal(tl_array_full(&c, TL_DTYPE_NONE, &vi, 2, sh, &a), TL_OK);
  assert_int_equal(a->dtype, TL_INT32);
  assert_int_equal(((int32_t *)a->data)[5], 5);
  tl_array_free(a);
  assert_int_equal(tl_array_full(&c, TL_DTYPE_NONE, &vf, 1, sh, &a), TL_OK);
  assert_int_equal(a->dtype, TL_FLOAT32);
  tl_array_free(a);
  assert_int_equal(tl_array_full(&c, TL_DTYPE_NONE, &vc, 1, sh, &a), TL_OK);
  assert_int_equal(a->dtype, TL_COMPLEX64);
  assert_true(((float *)a->data)[3] == 2.0f);
  tl_array_free(a);
  assert_int_equal(tl_array_full(&c, TL_DTYPE_NONE, &vb, 1, sh, &a), TL_OK);
  assert_int_equal(a->dtype, TL_BOOL);
  tl_array_free(a);
  c.x64 = 1;
  assert_int_equal(tl_array_full(&c, TL_DTYPE_NONE, &vf, 1, sh, &a), TL_OK);
  assert_int_equal(a->dtype, TL_FLOAT64);
  tl_array_free(a);
  /* scoped default override applies */
  assert_int_equal(tl_default_dtype_push(TL_KIND_INT, TL_INT16), TL_OK);
  assert_int_equal(tl_array_full(NULL, TL_DTYPE_NONE, &vi, 1, sh, &a), TL_OK);
  assert_int_equal(a->dtype, TL_INT16);
  tl_array_free(a);
  assert_int_equal(tl_default_dtype_pop(TL_KIND_INT), TL_OK);
  /* NumPy 2: an out-of-bounds Python int fails */
  tl_value big = {.kind = TL_VALUE_INT, .lo = 300};
  a = (tl_array *)0x1;
  assert_int_equal(tl_array_full(NULL, TL_INT8, &big, 1, sh, &a), TL_EOVERFLOW);
  assert_string_equal(tl_errtype(), "OverflowError");
  assert_string_equal(tl_errmsg(), "Python integer 300 out of bounds for int8");
  assert_ptr_equal(a, (tl_array *)0x1);
  tl_value neg = {.kind = TL_VALUE_INT, .negative = 1, .lo = 128};
  assert_int_equal(tl_array_full(NULL, TL_INT8, &neg, 1, sh, &a), TL_OK);
  assert_int_equal(((int8_t *)a->data)[1], -128);
  tl_array_free(a);
  tl_value nan = {.kind = TL_VALUE_FLOAT, .re = 0.0 / 0.0};
  assert_int_equal(tl_array_full(NULL, TL_INT32, &nan, 1, sh, &a), TL_ECAST);
  tl_value trunc = {.kind = TL_VALUE_FLOAT, .re = -1.75};
  assert_int_equal(tl_array_full(NULL, TL_INT8, &trunc, 1, sh, &a), TL_OK);
  assert_int_equal(((int8_t *)a->data)[0], -1);
  tl_array_free(a);
  /* empty arrays */
  int64_t z[2] = {0, 5};
  assert_int_equal(tl_array_full(NULL, TL_FLOAT64, &vf, 2, z, &a), TL_OK);
  assert_int_equal(a->size, 0);
  tl_array_free(a);
}

static void test_from_scalar(void **state) {
  (void)state;
  tl_array *a;
  tl_operand two = tl_operand_pyint(2);
  tl_config c = jax_cfg(0);
  assert_int_equal(tl_array_from_scalar(&c, &two, &a), TL_OK);
  assert_int_equal(a->dtype, TL_INT32);
  assert_true(a->weak);
  assert_int_equal(a->ndim, 0);
  assert_int_equal(((int32_t *)a->data)[0], 2);
  tl_array_free(a);
  c.x64 = 1;
  tl_operand f = tl_operand_pyfloat(0.1);
  assert_int_equal(tl_array_from_scalar(&c, &f, &a), TL_OK);
  assert_int_equal(a->dtype, TL_FLOAT64);
  assert_true(a->weak);
  tl_array_free(a);
  tl_operand t;
  assert_int_equal(tl_operand_parse("True", &t), TL_OK);
  assert_int_equal(tl_array_from_scalar(NULL, &t, &a), TL_OK);
  assert_int_equal(a->dtype, TL_BOOL);
  assert_false(a->weak);
  tl_array_free(a);
  /* a NumPy scalar keeps its dtype and is strong */
  tl_operand s;
  assert_int_equal(tl_operand_parse("scalar:int8:-3", &s), TL_OK);
  assert_int_equal(tl_array_from_scalar(NULL, &s, &a), TL_OK);
  assert_int_equal(a->dtype, TL_INT8);
  assert_false(a->weak);
  assert_int_equal(((int8_t *)a->data)[0], -3);
  tl_array_free(a);
  /* JAX: a Python int outside int32 fails (x64 off) */
  tl_operand huge = tl_operand_pyint(INT64_C(1) << 40);
  a = NULL;
  assert_int_equal(tl_array_from_scalar(NULL, &huge, &a), TL_EOVERFLOW);
  assert_null(a);
  /* bad input */
  assert_int_equal(tl_array_from_scalar(NULL, NULL, &a), TL_EINVAL);
  assert_int_equal(tl_array_from_scalar(NULL, &two, NULL), TL_EINVAL);
  tl_operand arr = tl_operand_array(TL_INT8, 0);
  assert_int_equal(tl_array_from_scalar(NULL, &arr, &a), TL_EINVAL);
  tl_operand nov = two;
  nov.has_value = 0;
  assert_int_equal(tl_array_from_scalar(NULL, &nov, &a), TL_EINVAL);
}

static void test_views_and_broadcast(void **state) {
  (void)state;
  int32_t buf[6] = {0, 1, 2, 3, 4, 5};
  int64_t sh[2] = {2, 3};
  tl_array *v, *b;
  assert_int_equal(tl_array_view(TL_INT32, 0, buf, 2, sh, NULL, &v), TL_OK);
  assert_false(v->owns);
  assert_true(tl_array_is_contiguous(v));
  /* transposed view: not contiguous */
  int64_t tsh[2] = {3, 2};
  ptrdiff_t tst[2] = {4, 12};
  tl_array *t;
  assert_int_equal(tl_array_view(TL_INT32, 0, buf, 2, tsh, tst, &t), TL_OK);
  assert_false(tl_array_is_contiguous(t));
  tl_array *tc;
  assert_int_equal(tl_array_astype(NULL, t, TL_INT64, TL_CASTING_SAFE, 0, &tc), TL_OK);
  int64_t *p = tc->data;
  assert_true(p[0] == 0 && p[1] == 3 && p[2] == 1 && p[5] == 5);
  tl_array_free(tc);
  tl_array_free(t);
  /* negative strides: a reversed row */
  int64_t n6 = 6;
  ptrdiff_t neg = -4;
  tl_array *r;
  assert_int_equal(tl_array_view(TL_INT32, 0, buf + 5, 1, &n6, &neg, &r), TL_OK);
  assert_int_equal(tl_array_astype(NULL, r, TL_FLOAT32, TL_CASTING_UNSAFE, 0, &tc), TL_OK);
  assert_true(((float *)tc->data)[0] == 5.0f && ((float *)tc->data)[5] == 0.0f);
  tl_array_free(tc);
  tl_array_free(r);
  /* broadcast_to: zero strides, shares the data */
  int64_t bsh[3] = {4, 2, 3};
  assert_int_equal(tl_array_broadcast_to(v, 3, bsh, &b), TL_OK);
  assert_int_equal(b->strides[0], 0);
  assert_ptr_equal(b->data, v->data);
  assert_int_equal(b->size, 24);
  tl_array_free(b);
  int64_t bad[2] = {2, 4};
  b = (tl_array *)0x1;
  assert_int_equal(tl_array_broadcast_to(v, 2, bad, &b), TL_EINVAL);
  assert_string_equal(tl_errmsg(), "cannot broadcast array of shape (2,3) to shape (2,4)");
  assert_string_equal(tl_errtype(), "ValueError");
  assert_ptr_equal(b, (tl_array *)0x1);
  assert_int_equal(tl_array_broadcast_to(v, 1, bad, &b), TL_EINVAL); /* fewer dims */
  tl_array_free(v);
  /* a broadcast view of an owned array outlives the original */
  tl_array *o;
  assert_int_equal(tl_array_ones(TL_INT16, 1, &n6, &o), TL_OK);
  int64_t bsh2[2] = {3, 6};
  assert_int_equal(tl_array_broadcast_to(o, 2, bsh2, &b), TL_OK);
  tl_array_free(o);
  assert_int_equal(tl_array_astype(NULL, b, TL_INT32, TL_CASTING_SAFE, 0, &tc), TL_OK);
  assert_int_equal(((int32_t *)tc->data)[17], 1);
  tl_array_free(tc);
  tl_array_free(b);
  /* broadcast_shapes */
  int nd;
  int64_t out[TL_MAX_NDIM], s1[2] = {4, 1}, s2[1] = {3};
  assert_int_equal(tl_broadcast_shapes(2, s1, 1, s2, &nd, out), TL_OK);
  assert_int_equal(nd, 2);
  assert_true(out[0] == 4 && out[1] == 3);
  int64_t s3[1] = {5};
  assert_int_equal(tl_broadcast_shapes(2, s1, 1, s3, &nd, out), TL_OK);
  int64_t s4[2] = {2, 3};
  assert_int_equal(tl_broadcast_shapes(2, s4, 1, s3, &nd, out), TL_EINVAL);
  assert_string_equal(tl_errmsg(), "operands could not be broadcast together with shapes (2,3) (5,)");
}

static void test_astype(void **state) {
  (void)state;
  double d[3] = {1.5, -2.0, 300.0};
  int64_t n = 3;
  tl_array *a, *r;
  assert_int_equal(tl_array_view(TL_FLOAT64, 0, d, 1, &n, NULL, &a), TL_OK);
  tl_config c = jax_cfg(1);
  r = (tl_array *)0x1;
  assert_int_equal(tl_array_astype(&c, a, TL_INT32, TL_CASTING_SAFE, 0, &r), TL_ECAST);
  assert_string_equal(tl_errtype(), "TypeError");
  assert_string_equal(tl_errmsg(),
                      "Cannot cast array data from dtype('float64') to dtype('int32') according to the rule 'safe'");
  assert_ptr_equal(r, (tl_array *)0x1);
  assert_int_equal(tl_array_astype(&c, a, TL_FLOAT32, TL_CASTING_SAME_KIND, 0, &r), TL_OK);
  assert_false(r->weak);
  tl_array_free(r);
  assert_int_equal(tl_array_astype(&c, a, TL_INT32, TL_CASTING_SAME_KIND, 0, &r), TL_ECAST);
  /* unsafe: truncation; checked: refuses 1.5 (fraction) at element 0 */
  assert_int_equal(tl_array_astype(&c, a, TL_INT32, TL_CASTING_UNSAFE, 0, &r), TL_OK);
  assert_int_equal(((int32_t *)r->data)[0], 1);
  tl_array_free(r);
  r = (tl_array *)0x1;
  assert_int_equal(tl_array_astype(&c, a, TL_INT32, TL_CASTING_UNSAFE, TL_CONVERT_CHECKED, &r), TL_ECAST);
  assert_non_null(strstr(tl_errmsg(), "element 0"));
  assert_ptr_equal(r, (tl_array *)0x1);
  d[0] = 1.0;
  assert_int_equal(tl_array_astype(&c, a, TL_INT8, TL_CASTING_UNSAFE, TL_CONVERT_CHECKED, &r), TL_ECAST);
  assert_non_null(strstr(tl_errmsg(), "element 2"));
  assert_int_equal(tl_array_astype(&c, a, TL_INT16, TL_CASTING_UNSAFE, TL_CONVERT_CHECKED, &r), TL_OK);
  tl_array_free(r);
  /* bad input */
  assert_int_equal(tl_array_astype(&c, NULL, TL_INT8, TL_CASTING_UNSAFE, 0, &r), TL_EINVAL);
  assert_int_equal(tl_array_astype(&c, a, TL_INT8, TL_CASTING_UNSAFE, 0, NULL), TL_EINVAL);
  assert_int_equal(tl_array_astype(&c, a, TL_WEAK_INT, TL_CASTING_UNSAFE, 0, &r), TL_EDTYPE);
  assert_int_equal(tl_array_astype(&c, a, (tl_dtype)99, TL_CASTING_UNSAFE, 0, &r), TL_EDTYPE);
  assert_int_equal(tl_array_astype(&c, a, TL_INT8, (tl_casting)9, 0, &r), TL_EINVAL);
  assert_int_equal(tl_array_astype(&c, a, TL_INT8, TL_CASTING_UNSAFE, 0x80, &r), TL_EINVAL);
  tl_array_free(a);
}

static void test_promote(void **state) {
  (void)state;
  int64_t n = 2;
  tl_array *a, *b, *out[3] = {NULL, NULL, NULL};
  assert_int_equal(tl_array_ones(TL_INT8, 1, &n, &a), TL_OK);
  assert_int_equal(tl_array_ones(TL_UINT8, 1, &n, &b), TL_OK);
  const tl_array *in[2] = {a, b};
  assert_int_equal(tl_promote_arrays(NULL, in, 2, out), TL_OK);
  assert_int_equal(out[0]->dtype, TL_INT16);
  assert_int_equal(out[1]->dtype, TL_INT16);
  assert_ptr_not_equal(out[0]->data, a->data); /* always a copy */
  tl_array_free(out[0]), tl_array_free(out[1]);
  /* promote_inputs: JAX semantics (weak Python scalars) vs Ivy's rule */
  tl_input inp[2] = {{a, {0}}, {NULL, tl_operand_pyint(1000)}};
  out[0] = out[1] = NULL;
  /* jnp.int8(1) + 1000 is -23 in jax 0.12.0.1 (measured): the int wraps; beyond int32 (x64
     off) it is an OverflowError */
  assert_int_equal(tl_promote_inputs(NULL, inp, 2, 0, out), TL_OK);
  assert_int_equal(out[1]->dtype, TL_INT8);
  assert_int_equal(((int8_t *)out[1]->data)[0], (int8_t)(1000 - 1024));
  tl_array_free(out[0]), tl_array_free(out[1]);
  out[0] = out[1] = NULL;
  tl_input big[2] = {{a, {0}}, {NULL, tl_operand_pyint(INT64_C(1) << 31)}};
  assert_int_equal(tl_promote_inputs(NULL, big, 2, 0, out), TL_EOVERFLOW);
  assert_null(out[0]);
  assert_int_equal(tl_promote_inputs(NULL, inp, 2, TL_PROMOTE_IVY_SCALARS, out), TL_OK);
  assert_int_equal(out[1]->dtype, TL_INT8);
  assert_int_equal(out[1]->ndim, 0);
  assert_int_equal(((int8_t *)out[1]->data)[0], (int8_t)(1000 - 1024)); /* wraps as Ivy's asarray */
  tl_array_free(out[0]), tl_array_free(out[1]);
  inp[1].scalar = tl_operand_pyfloat(1.5);
  assert_int_equal(tl_promote_inputs(NULL, inp, 2, 0, out), TL_OK);
  assert_int_equal(out[0]->dtype, TL_FLOAT32); /* JAX: int8 + weak float -> float32 (x64 off) */
  assert_true(((float *)out[1]->data)[0] == 1.5f);
  tl_array_free(out[0]), tl_array_free(out[1]);
  tl_config c = jax_cfg(1);
  assert_int_equal(tl_promote_inputs(&c, inp, 2, TL_PROMOTE_IVY_SCALARS, out), TL_OK);
  assert_int_equal(out[0]->dtype, TL_FLOAT64); /* Ivy: a float with an int array -> float64 */
  tl_array_free(out[0]), tl_array_free(out[1]);
  /* scalars only */
  tl_input two[2] = {{NULL, tl_operand_pyint(1)}, {NULL, tl_operand_pyfloat(2.0)}};
  assert_int_equal(tl_promote_inputs(NULL, two, 2, 0, out), TL_OK);
  assert_int_equal(out[0]->dtype, TL_FLOAT32);
  assert_true(out[0]->weak);
  tl_array_free(out[0]), tl_array_free(out[1]);
  /* bad input */
  assert_int_equal(tl_promote_arrays(NULL, NULL, 2, out), TL_EINVAL);
  assert_int_equal(tl_promote_arrays(NULL, in, 0, out), TL_EINVAL);
  assert_int_equal(tl_promote_arrays(NULL, in, 2, NULL), TL_EINVAL);
  const tl_array *withnull[2] = {a, NULL};
  assert_int_equal(tl_promote_arrays(NULL, withnull, 2, out), TL_EINVAL);
  assert_int_equal(tl_promote_inputs(NULL, NULL, 2, 0, out), TL_EINVAL);
  assert_int_equal(tl_promote_inputs(NULL, inp, 0, 0, out), TL_EINVAL);
  assert_int_equal(tl_promote_inputs(NULL, inp, 2, 0x10, out), TL_EINVAL);
  tl_input noval[1] = {{NULL, tl_operand_array(TL_INT8, 0)}};
  assert_int_equal(tl_promote_inputs(NULL, noval, 1, 0, out), TL_EINVAL);
  /* unsupported combination: JAX float8 with bfloat16 */
  tl_array *f8;
  assert_int_equal(tl_array_ones(TL_FLOAT8_E5M2, 1, &n, &f8), TL_OK);
  tl_array *bf;
  assert_int_equal(tl_array_ones(TL_BFLOAT16, 1, &n, &bf), TL_OK);
  const tl_array *fb[2] = {f8, bf};
  out[0] = NULL;
  assert_int_equal(tl_promote_arrays(NULL, fb, 2, out), TL_EPROMOTE);
  assert_null(out[0]);
  tl_array_free(f8), tl_array_free(bf);
  tl_array_free(a), tl_array_free(b);
}

static void test_bad_shapes(void **state) {
  (void)state;
  tl_array *a = (tl_array *)0x1;
  int64_t sh33[33];
  for (int i = 0; i < 33; i++) sh33[i] = 1;
  assert_int_equal(tl_array_zeros(TL_FLOAT32, 33, sh33, &a), TL_EINVAL); /* ndim > 32 */
  assert_int_equal(tl_array_zeros(TL_FLOAT32, -1, sh33, &a), TL_EINVAL);
  assert_int_equal(tl_array_zeros(TL_FLOAT32, 2, NULL, &a), TL_EINVAL);
  assert_int_equal(tl_array_zeros(TL_FLOAT32, 1, sh33, NULL), TL_EINVAL);
  int64_t negsh[2] = {2, -1};
  assert_int_equal(tl_array_ones(TL_FLOAT32, 2, negsh, &a), TL_EINVAL);
  int64_t huge[3] = {INT64_C(1) << 31, INT64_C(1) << 31, 4};
  assert_int_equal(tl_array_zeros(TL_INT8, 3, huge, &a), TL_ERANGE); /* overflowing shape product */
  int64_t huge0[3] = {0, INT64_C(1) << 40, INT64_C(1) << 40};
  assert_int_equal(tl_array_zeros(TL_INT8, 3, huge0, &a), TL_ERANGE);
  assert_int_equal(tl_array_zeros(TL_WEAK_FLOAT, 0, NULL, &a), TL_EDTYPE);
  assert_int_equal(tl_array_zeros((tl_dtype)-5, 0, NULL, &a), TL_EDTYPE);
  assert_ptr_equal(a, (tl_array *)0x1);
  /* views */
  int64_t n = 4;
  assert_int_equal(tl_array_view(TL_FLOAT32, 0, NULL, 1, &n, NULL, &a), TL_EINVAL);
  int64_t zero = 0;
  assert_int_equal(tl_array_view(TL_FLOAT32, 0, NULL, 1, &zero, NULL, &a), TL_OK);
  tl_array_free(a);
  float f[4];
  ptrdiff_t bigstride = PTRDIFF_MAX / 2;
  assert_int_equal(tl_array_view(TL_FLOAT32, 0, f, 1, &n, &bigstride, &a), TL_ERANGE);
  assert_int_equal(tl_array_view(TL_FLOAT32, 0, f, 33, sh33, NULL, &a), TL_EINVAL);
  assert_int_equal(tl_array_view(TL_FLOAT32, 0, f, 1, &n, NULL, NULL), TL_EINVAL);
  /* broadcast_to / shapes */
  assert_int_equal(tl_array_view(TL_FLOAT32, 0, f, 1, &n, NULL, &a), TL_OK);
  tl_array *b;
  assert_int_equal(tl_array_broadcast_to(NULL, 1, &n, &b), TL_EINVAL);
  assert_int_equal(tl_array_broadcast_to(a, 1, &n, NULL), TL_EINVAL);
  assert_int_equal(tl_array_broadcast_to(a, 33, sh33, &b), TL_EINVAL);
  assert_int_equal(tl_array_broadcast_to(a, 2, negsh, &b), TL_EINVAL);
  int nd;
  int64_t out[TL_MAX_NDIM];
  assert_int_equal(tl_broadcast_shapes(1, &n, 1, &n, NULL, out), TL_EINVAL);
  assert_int_equal(tl_broadcast_shapes(33, sh33, 1, &n, &nd, out), TL_EINVAL);
  tl_array_free(a);
  tl_array_free(NULL); /* no-op */
  assert_int_equal(tl_array_is_contiguous(NULL), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_zeros_ones_full), cmocka_unit_test(test_from_scalar),
      cmocka_unit_test(test_views_and_broadcast), cmocka_unit_test(test_astype),
      cmocka_unit_test(test_promote), cmocka_unit_test(test_bad_shapes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
