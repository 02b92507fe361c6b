/* test_errors.c — walks docs/errors.md, the table of every public function's
 * bad inputs and the errors they give. The doc is the source of truth:
 *   - every `TL_API` function of include/typelattice.h has a `### name`
 *     section in docs/errors.md;
 *   - every table row `| `case id` | input | STATUS | ERRTYPE | `pattern` |`
 *     names a case below, which makes the call; the test checks the status
 *     name (TL_E..., or NULL / -1 for functions that return those), the
 *     error type and the message against the pattern (fnmatch: `*`, `?`);
 *   - every case below appears in the doc.
 * So neither can change without the other. TL_ERRORS_DUMP=1 prints what each
 * case actually gives (for writing new rows). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typelattice.h"

#define RET_NULL 1000  /* the function returned NULL */
#define RET_MINUS1 1001 /* the function returned -1 */

static tl_config jaxcfg(int x64, int strict, int op) {
  tl_config c;
  tl_config_init(&c);
  c.x64 = x64, c.strict = strict, c.op = op;
  return c;
}
static tl_config rulescfg(const char *name) {
  tl_config c;
  tl_config_init(&c);
  tl_rules_find(name, &c.rules);
  return c;
}
static tl_operand P(const char *s) {
  tl_operand o;
  memset(&o, 0, sizeof o);
  tl_operand_parse(s, &o);
  return o;
}

#define C(name) static int name(void)
static tl_dtype d_;
static tl_byteorder bo_;
static int i_;
static size_t z_;
static tl_result r_;

/* ---- 3. dtypes ---- */
C(dtype_get_bad) { return tl_dtype_get((tl_dtype)99) ? TL_OK : RET_NULL; }
C(dtype_parse_null_name) { return tl_dtype_parse(NULL, &d_, &bo_); }
C(dtype_parse_null_out) { return tl_dtype_parse("int8", NULL, &bo_); }
C(dtype_parse_unknown) { return tl_dtype_parse("flaot32", &d_, NULL); }
C(dtype_parse_bitwidth) { return tl_dtype_parse("f16", &d_, NULL); }
C(dtype_parse_empty) { return tl_dtype_parse("", &d_, NULL); }
C(isdtype_null_kind) { return tl_isdtype(TL_INT8, NULL, &i_); }
C(isdtype_unknown_kind) { return tl_isdtype(TL_INT8, "integer", &i_); }
C(finfo_null) { return tl_finfo_get(TL_FLOAT32, NULL); }
C(finfo_int) { tl_finfo f; return tl_finfo_get(TL_INT8, &f); }
C(finfo_bad) { tl_finfo f; return tl_finfo_get((tl_dtype)99, &f); }
C(iinfo_float) { tl_iinfo f; return tl_iinfo_get(TL_FLOAT32, &f); }
C(iinfo_bool) { tl_iinfo f; return tl_iinfo_get(TL_BOOL, &f); }
C(iinfo_null) { return tl_iinfo_get(TL_INT8, NULL); }
C(to_dlpack_weak) { tl_dlpack_dtype dl; return tl_dtype_to_dlpack(TL_WEAK_INT, &dl); }
C(to_dlpack_null) { return tl_dtype_to_dlpack(TL_INT8, NULL); }
C(from_dlpack_lanes) { tl_dlpack_dtype dl = {2, 32, 4}; return tl_dtype_from_dlpack(dl, &d_); }
C(from_dlpack_code) { tl_dlpack_dtype dl = {99, 32, 1}; return tl_dtype_from_dlpack(dl, &d_); }
C(from_dlpack_bits) { tl_dlpack_dtype dl = {0, 24, 1}; return tl_dtype_from_dlpack(dl, &d_); }
C(from_dlpack_null) { tl_dlpack_dtype dl = {0, 8, 1}; return tl_dtype_from_dlpack(dl, NULL); }
/* ---- 4. configuration ---- */
C(config_init_null) { return tl_config_init(NULL); }
C(config_set_global_null) { return tl_config_set_global(NULL); }
C(config_push_null) { return tl_config_push(NULL); }
C(config_push_deep) {
  tl_config c = jaxcfg(0, 0, 0);
  int st = TL_OK;
  for (int n = 0; st == TL_OK && n < 100; n++) st = tl_config_push(&c);
  return st; /* pop_configs undoes the pushes after the check */
}
C(config_pop_empty) { return tl_config_pop(); }
/* ---- 5. operands ---- */
C(operand_parse_null) { tl_operand o; return tl_operand_parse(NULL, &o); }
C(operand_parse_syntax) { tl_operand o; return tl_operand_parse("zerodim:", &o); }
C(operand_parse_dtype) { tl_operand o; return tl_operand_parse("weak:flaot32", &o); }
C(operand_parse_big) { tl_operand o; return tl_operand_parse("zerodim:int64:340282366920938463463374607431768211456", &o); }
C(operand_parse_range) { tl_operand o; return tl_operand_parse("scalar:int8:300", &o); }
C(operand_format_null) { char b[8]; return tl_operand_format(NULL, b, sizeof b); }
C(operand_format_buf) { tl_operand o = tl_operand_dtype(TL_INT8); return tl_operand_format(&o, NULL, 8); }
C(operand_format_dtype) { tl_operand o = tl_operand_dtype(TL_INT8); o.dtype = (tl_dtype)99; char b[8]; return tl_operand_format(&o, b, 8); }
C(operand_format_kind) { tl_operand o = tl_operand_dtype(TL_INT8); o.kind = (tl_operand_kind)42; char b[8]; return tl_operand_format(&o, b, 8); }
/* ---- 6. rule sets ---- */
C(rules_find_null) { const tl_rules *r; return tl_rules_find(NULL, &r); }
C(rules_find_unknown) { const tl_rules *r; return tl_rules_find("pytorch", &r); }
C(rules_at_range) { return tl_rules_at(1000) ? TL_OK : RET_NULL; }
C(promote_null_out) { return tl_promote_types(NULL, TL_INT8, TL_INT8, NULL); }
C(promote_bad_dtype) { tl_config c = jaxcfg(0, 0, 0); return tl_promote_types(&c, (tl_dtype)99, TL_INT8, &d_); }
C(promote_jax_strict) { tl_config c = jaxcfg(0, 1, 0); return tl_promote_types(&c, TL_INT8, TL_UINT8, &d_); }
C(promote_jax_sink) { tl_config c = jaxcfg(1, 0, 0); return tl_promote_types(&c, TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2, &d_); }
C(promote_cfg_default) { tl_config c = jaxcfg(0, 0, 0); c.default_int = TL_FLOAT32; return tl_promote_types(&c, TL_INT8, TL_INT8, &d_); }
C(promote_lax) { tl_config c = rulescfg("jax.lax"); return tl_promote_types(&c, TL_INT8, TL_INT16, &d_); }
C(promote_not_in_domain) { tl_config c = rulescfg("torch"); return tl_promote_types(&c, TL_FLOAT8_E8M0FNU, TL_FLOAT8_E3M4, &d_); }
C(result_null) { return tl_result_type(NULL, NULL, 1, &r_); }
C(result_empty) { tl_operand o = P("int8"); return tl_result_type(NULL, &o, 0, &r_); }
C(result_kind) { tl_operand o = P("int8"); o.kind = (tl_operand_kind)9; tl_config c = jaxcfg(0, 0, 0); return tl_result_type(&c, &o, 1, &r_); }
C(result_bad_dtype) { tl_operand o = P("int8"); o.dtype = (tl_dtype)77; tl_config c = jaxcfg(0, 0, 0); return tl_result_type(&c, &o, 1, &r_); }
C(result_weak_array_dtype) { tl_operand o = P("int8"); o.dtype = TL_WEAK_INT; tl_config c = jaxcfg(0, 0, 0); return tl_result_type(&c, &o, 1, &r_); }
C(result_py_dtype) { tl_operand o = P("300"); o.dtype = TL_INT8; tl_config c = jaxcfg(0, 0, 0); return tl_result_type(&c, &o, 1, &r_); }
C(result_overflow) { tl_operand o[2] = {P("int8"), P("py:int:2147483648")}; tl_config c = jaxcfg(0, 0, 1); return tl_result_type(&c, o, 2, &r_); }
C(result_promote) { tl_operand o[2] = {P("int8"), P("uint8")}; tl_config c = jaxcfg(0, 1, 0); return tl_result_type(&c, o, 2, &r_); }
C(result_too_many) {
  static tl_operand o[300];
  for (int i = 0; i < 300; i++) o[i] = P("int8");
  tl_config c = jaxcfg(0, 0, 0);
  return tl_result_type(&c, o, 300, &r_);
}
C(result_cfg_default) { tl_operand o = P("300"); tl_config c = jaxcfg(0, 0, 0); c.default_int = (tl_dtype)1000; return tl_result_type(&c, &o, 1, &r_); }
C(result_intn_weak) { tl_operand o = P("weak:int4"); tl_config c = jaxcfg(0, 0, 0); return tl_result_type(&c, &o, 1, &r_); }
C(casting_parse_null) { tl_casting k; return tl_casting_parse(NULL, &k); }
C(casting_parse_unknown) { tl_casting k; return tl_casting_parse("same-kind", &k); }
C(can_cast_null) { return tl_can_cast(NULL, TL_INT8, TL_BYTEORDER_NATIVE, TL_INT16, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, NULL); }
C(can_cast_casting) { return tl_can_cast(NULL, TL_INT8, TL_BYTEORDER_NATIVE, TL_INT16, TL_BYTEORDER_NATIVE, (tl_casting)9, &i_); }
C(cco_null) { return tl_can_cast_operand(NULL, NULL, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &i_); }
C(cco_casting) { tl_operand o = tl_operand_pyint(1); return tl_can_cast_operand(NULL, &o, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, (tl_casting)9, &i_); }
C(cco_kind) { tl_operand o = tl_operand_pyint(1); o.kind = (tl_operand_kind)42; return tl_can_cast_operand(NULL, &o, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &i_); }
C(cco_pyvalue_kind) { tl_operand o = tl_operand_pyint(1); o.value.kind = TL_VALUE_FLOAT; return tl_can_cast_operand(NULL, &o, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &i_); }
C(cco_numpy2_value) { tl_config c = rulescfg("numpy"); tl_operand o = tl_operand_pyint(300); return tl_can_cast_operand(&c, &o, TL_BYTEORDER_NATIVE, TL_INT16, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &i_); }
C(cco_torch_value) { tl_config c = rulescfg("torch"); tl_operand o = tl_operand_pyfloat(1.0); return tl_can_cast_operand(&c, &o, TL_BYTEORDER_NATIVE, TL_FLOAT32, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &i_); }
C(can_cast_dtype) { tl_config c = jaxcfg(0, 0, 0); return tl_can_cast(&c, (tl_dtype)-5, TL_BYTEORDER_NATIVE, TL_INT16, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &i_); }
C(table_cell_null) { return tl_table_cell(NULL, TL_INT8, TL_INT8, NULL); }
C(table_cell_lax_bool) { tl_config c = rulescfg("jax.lax"); return tl_table_cell(&c, TL_BOOL, TL_INT8, &d_); }
/* ---- 7. lattices ---- */
static tl_lattice *lat_;
C(lattice_parse_null) { return tl_lattice_parse(NULL, 0, &lat_); }
C(lattice_parse_syntax) { return tl_lattice_parse("a -> b ->\n", 0, &lat_); }
C(lattice_parse_cycle) { return tl_lattice_parse("a -> b\nb -> a\n", 0, &lat_); }
C(lattice_parse_ambiguous) { return tl_lattice_parse("a -> c, d\nb -> c, d\nc\nd\n", 0, &lat_); }
C(lattice_parse_no_bound) { return tl_lattice_parse("a\nb\n", 0, &lat_); }
C(lattice_parse_empty) { return tl_lattice_parse("# nothing\n", 0, &lat_); }
C(lattice_parse_too_many) {
  char spec[129 * 16] = "";
  for (int i = 0; i < 129; i++) sprintf(spec + strlen(spec), "n%d -> top\n", i);
  return tl_lattice_parse(spec, 0, &lat_);
}
C(lattice_new_null) { return tl_lattice_new(NULL, 2, NULL, 0, &lat_); }
C(lattice_new_bad_succ) {
  const char *nodes[2] = {"a", "b"};
  const int s0[] = {5, -1};
  const int *succ[2] = {s0, NULL};
  return tl_lattice_new(nodes, 2, succ, 0, &lat_);
}
static tl_lattice *small_lattice(void) {
  static tl_lattice *l;
  if (!l) tl_lattice_parse("%partial\na -> b\nc\n", 0, &l);
  return l;
}
C(lattice_node_unknown) { return tl_lattice_node(small_lattice(), "zz") == -1 ? RET_MINUS1 : TL_OK; }
C(lattice_node_name_bad) { return tl_lattice_node_name(small_lattice(), 9) ? TL_OK : RET_NULL; }
C(lattice_join_index) { int j; return tl_lattice_join(small_lattice(), 0, 9, &j); }
C(lattice_join_none) { int j; return tl_lattice_join(small_lattice(), 0, 2, &j); }
C(lattice_join_null) { return tl_lattice_join(NULL, 0, 0, &i_); }
C(lattice_join_n_zero) { int n[1] = {0}, j; return tl_lattice_join_n(small_lattice(), n, 0, &j); }
C(lattice_join_n_none) { int n[3] = {0, 1, 2}, j; return tl_lattice_join_n(small_lattice(), n, 3, &j); }
C(lattice_check_null) { return tl_lattice_check("a\n", 0, 0, NULL, 0, NULL); }
C(lattice_check_not) { return tl_lattice_check("a\nb\n", 0, 0, NULL, 0, &z_); }
C(lattice_check_syntax) { return tl_lattice_check("a -> -> b\n", 0, 1, NULL, 0, &z_); }
C(rules_lattice_null) { return tl_rules_lattice(NULL, NULL) ? TL_OK : RET_NULL; }
C(rules_lattice_table) { const tl_rules *r; tl_rules_find("torch", &r); return tl_rules_lattice(r, NULL) ? TL_OK : RET_NULL; }
/* ---- 8. conversion ---- */
C(convert_null) { return tl_convert(TL_INT8, NULL, 1, TL_INT16, NULL, 2, 4, 0, NULL); }
C(convert_dst_stride) { char s[4] = {0}, d[8]; return tl_convert(TL_INT8, s, 1, TL_INT16, d, 0, 4, 0, NULL); }
C(convert_weak) { char s[4] = {0}, d[8]; return tl_convert(TL_WEAK_INT, s, 1, TL_INT16, d, 2, 4, 0, NULL); }
C(convert_bad_dtype) { char s[4] = {0}, d[8]; return tl_convert(TL_INT8, s, 1, (tl_dtype)99, d, 2, 4, 0, NULL); }
C(convert_checked) {
  int16_t s[3] = {1, 300, 2};
  int8_t d[3];
  size_t fail;
  return tl_convert_contiguous(TL_INT16, s, TL_INT8, d, 3, TL_CONVERT_CHECKED, &fail);
}
C(convert_contiguous_null) { return tl_convert_contiguous(TL_INT8, NULL, TL_INT16, NULL, 1, 0, NULL); }
C(convert_tier_null) { return tl_convert_set_tier(NULL); }
C(convert_tier_unknown) { return tl_convert_set_tier("sse2"); }
C(convert_stride_overflow) { char s[4] = {0}, d[4]; return tl_convert(TL_INT8, s, PTRDIFF_MAX / 2 + 1, TL_INT8, d, 1, 3, 0, NULL); }
C(convert_threads_range) { return tl_convert_set_threads(-1); }
C(convert_threshold_small) { return tl_convert_set_thread_threshold(100); }
/* a tier this CPU cannot run: the x86 tiers on AArch64, neon elsewhere */
C(convert_tier_unsupported) {
#if defined(__aarch64__)
  return tl_convert_set_tier("avx2");
#else
  return tl_convert_set_tier("neon");
#endif
}

/* ---- 9. arrays ---- */
static tl_array *arr_;
static tl_array *A(tl_dtype d, int n0, int n1) {
  static tl_array *keep[16];
  static int k;
  int64_t sh[2] = {n0, n1};
  tl_array *a = NULL;
  tl_array_zeros(d, n1 ? 2 : 1, sh, &a);
  tl_array_free(keep[k % 16]);
  keep[k++ % 16] = a;
  return a;
}
static void free_arr(void) {
  tl_array_free(arr_);
  arr_ = NULL;
}
C(array_zeros_null) { int64_t sh[1] = {2}; return tl_array_zeros(TL_INT8, 1, sh, NULL); }
C(array_zeros_ndim) { int64_t sh[1] = {2}; return tl_array_zeros(TL_INT8, 33, sh, &arr_); }
C(array_zeros_extent) { int64_t sh[1] = {-1}; return tl_array_zeros(TL_INT8, 1, sh, &arr_); }
C(array_zeros_weak) { int64_t sh[1] = {2}; return tl_array_zeros(TL_WEAK_INT, 1, sh, &arr_); }
C(array_zeros_overflow) { int64_t sh[2] = {INT64_C(1) << 40, INT64_C(1) << 40}; return tl_array_zeros(TL_INT64, 2, sh, &arr_); }
C(array_ones_shape) { return tl_array_ones(TL_INT8, 1, NULL, &arr_); }
C(array_full_null) { int64_t sh[1] = {2}; return tl_array_full(NULL, TL_INT8, NULL, 1, sh, &arr_); }
C(array_full_overflow) {
  tl_value v = {TL_VALUE_INT, 0, 0, 300, 0, 0};
  int64_t sh[1] = {2};
  return tl_array_full(NULL, TL_INT8, &v, 1, sh, &arr_);
}
C(array_full_nan_int) {
  tl_value v = {TL_VALUE_FLOAT, 0, 0, 0, 0.0 / 0.0, 0};
  int64_t sh[1] = {2};
  return tl_array_full(NULL, TL_INT8, &v, 1, sh, &arr_);
}
C(array_from_scalar_kind) { tl_operand o = P("int8"); return tl_array_from_scalar(NULL, &o, &arr_); }
C(array_from_scalar_overflow) { tl_operand o = P("py:int:3000000000"); tl_config c = jaxcfg(0, 0, 0); return tl_array_from_scalar(&c, &o, &arr_); }
C(array_view_null_data) { int64_t sh[1] = {4}; return tl_array_view(TL_INT8, 0, NULL, 1, sh, NULL, &arr_); }
C(broadcast_shapes_mismatch) {
  int64_t a[2] = {2, 3}, b[1] = {4}, o[TL_MAX_NDIM];
  int n;
  return tl_broadcast_shapes(2, a, 1, b, &n, o);
}
C(broadcast_shapes_null) { int n; int64_t o[TL_MAX_NDIM]; return tl_broadcast_shapes(1, NULL, 0, NULL, &n, o); }
C(broadcast_to_mismatch) { int64_t sh[2] = {2, 4}; return tl_array_broadcast_to(A(TL_INT8, 3, 0), 2, sh, &arr_); }
C(broadcast_to_null) { int64_t sh[1] = {2}; return tl_array_broadcast_to(NULL, 1, sh, &arr_); }
C(astype_null) { return tl_array_astype(NULL, NULL, TL_INT8, TL_CASTING_UNSAFE, 0, &arr_); }
C(astype_safe) { tl_config c = rulescfg("numpy"); return tl_array_astype(&c, A(TL_FLOAT64, 2, 0), TL_INT32, TL_CASTING_SAFE, 0, &arr_); }
C(astype_weak) { return tl_array_astype(NULL, A(TL_INT8, 2, 0), TL_WEAK_FLOAT, TL_CASTING_UNSAFE, 0, &arr_); }
C(promote_arrays_empty) { tl_array *o[1]; const tl_array *in[1] = {A(TL_INT8, 2, 0)}; return tl_promote_arrays(NULL, in, 0, o); }
C(promote_arrays_strict) {
  tl_array *o[2];
  const tl_array *in[2] = {A(TL_INT8, 2, 0), A(TL_UINT8, 2, 0)};
  tl_config c = jaxcfg(0, 1, 0);
  return tl_promote_arrays(&c, in, 2, o);
}
C(promote_inputs_null) { tl_array *o[1]; return tl_promote_inputs(NULL, NULL, 1, 0, o); }
C(binop_parse_null) { tl_binop b; return tl_binop_parse(NULL, &b); }
C(binop_parse_unknown) { tl_binop b; return tl_binop_parse("pow", &b); }
C(binary_dtypes_op) { tl_result r; return tl_binary_dtypes(NULL, (tl_binop)99, A(TL_INT8, 2, 0), A(TL_INT8, 2, 0), &r, &r); }
C(binary_dtypes_bool_sub) { tl_result r; return tl_binary_dtypes(NULL, TL_BINOP_SUBTRACT, A(TL_BOOL, 2, 0), A(TL_BOOL, 2, 0), &r, &r); }
C(binary_shapes) { return tl_binary(NULL, TL_BINOP_ADD, A(TL_INT8, 2, 3), A(TL_INT8, 4, 0), &arr_); }
C(binary_null) { return tl_binary(NULL, TL_BINOP_ADD, NULL, A(TL_INT8, 4, 0), &arr_); }
C(binary_into_shape) { return tl_binary_into(NULL, TL_BINOP_ADD, A(TL_INT8, 2, 0), A(TL_INT8, 2, 0), TL_DTYPE_NONE, A(TL_INT8, 3, 0)); }
C(binary_into_dtype) { return tl_binary_into(NULL, TL_BINOP_ADD, A(TL_INT8, 2, 0), A(TL_INT8, 2, 0), TL_DTYPE_NONE, A(TL_INT16, 2, 0)); }
C(add_promote) { tl_config c = jaxcfg(0, 1, 0); return tl_add(&c, A(TL_INT8, 2, 0), A(TL_UINT8, 2, 0), &arr_); }
C(subtract_bool) { return tl_subtract(NULL, A(TL_BOOL, 2, 0), A(TL_BOOL, 2, 0), &arr_); }
C(multiply_null) { return tl_multiply(NULL, NULL, NULL, &arr_); }
C(divide_null) { return tl_divide(NULL, NULL, NULL, &arr_); }
C(maximum_null) { return tl_maximum(NULL, NULL, NULL, &arr_); }
C(minimum_null) { return tl_minimum(NULL, NULL, NULL, &arr_); }
C(equal_shapes) { return tl_equal(NULL, A(TL_INT8, 2, 0), A(TL_INT8, 3, 0), &arr_); }
C(less_null) { return tl_less(NULL, NULL, NULL, &arr_); }
/* ---- 10. defaults ---- */
C(default_null) { return tl_default_dtype(NULL, TL_KIND_INT, NULL); }
C(default_kind) { return tl_default_dtype(NULL, (tl_kind)'x', &d_); }
C(default_cfg_kind) { tl_config c = jaxcfg(1, 0, 0); c.default_float = TL_INT8; return tl_default_dtype(&c, TL_KIND_FLOAT, &d_); }
C(default_x64) { tl_config c = jaxcfg(0, 0, 0); c.default_int = TL_INT64; return tl_default_dtype(&c, TL_KIND_INT, &d_); }
C(default_torch_bf16) { tl_config c = rulescfg("torch"); c.default_float = TL_BFLOAT16; return tl_default_dtype(&c, TL_KIND_COMPLEX, &d_); }
C(default_of_unknown) { return tl_default_dtype_of("pytorch", NULL, TL_KIND_INT, &d_); }
C(default_push_kind) { return tl_default_dtype_push((tl_kind)'x', TL_INT8); }
C(default_push_wrong) { return tl_default_dtype_push(TL_KIND_FLOAT, TL_INT8); }
C(default_push_deep) {
  int st = TL_OK;
  for (int n = 0; st == TL_OK && n < 100; n++) st = tl_default_dtype_push(TL_KIND_INT, TL_INT8);
  return st; /* pop_int_defaults undoes the pushes after the check */
}
C(default_pop_empty) { return tl_default_dtype_pop(TL_KIND_FLOAT); }
C(infer_null_out) { return tl_infer_dtype(NULL, TL_DTYPE_NONE, NULL, 0, TL_KIND_ANY, NULL, NULL); }
C(infer_null_args) { return tl_infer_dtype(NULL, TL_DTYPE_NONE, NULL, 2, TL_KIND_ANY, &d_, NULL); }
C(infer_overflow) { tl_operand o = P("py:int:3000000000"); tl_config c = jaxcfg(0, 0, 0); return tl_infer_dtype(&c, TL_DTYPE_NONE, &o, 1, TL_KIND_ANY, &d_, NULL); }
C(infer_bad_explicit) { return tl_infer_dtype(NULL, (tl_dtype)99, NULL, 0, TL_KIND_ANY, &d_, NULL); }
C(infer_of_unknown) { return tl_infer_dtype_of("pytorch", NULL, TL_DTYPE_NONE, NULL, 0, TL_KIND_ANY, &d_, NULL); }
/* ---- 11. versions and the support registry ---- */
C(version_compare_null) { return tl_version_compare(NULL, "1", &i_); }
C(version_compare_bad) { return tl_version_compare("2.1rc1", "2.1", &i_); }
C(version_compare_deep) { return tl_version_compare("1.2.3.4.5.6.7.8.9", "1", &i_); }
C(key_parse_null) { return tl_version_key_parse(NULL, NULL); }
C(key_parse_bad) { return tl_version_key_parse("2.0 and beyond", NULL); }
C(key_parse_range) { return tl_version_key_parse("2.0 to 1.0", NULL); }
C(key_matches_null) { return tl_version_key_matches("1.0", NULL, &i_); }
C(key_matches_version) { return tl_version_key_matches("1.0 and below", "1.x", &i_); }
C(select_empty) { const char *k[1] = {"1.0"}; return tl_version_select(k, 0, "1.0", &z_); }
C(select_null_key) { const char *k[2] = {"1.0", NULL}; return tl_version_select(k, 2, "1.0", &z_); }
C(select_bad_key) { const char *k[2] = {"1.0", "one"}; return tl_version_select(k, 2, "1.0", &z_); }
static tl_support *reg(void) {
  static tl_support *r;
  if (!r) {
    tl_support_new(&r);
    tl_support_load_string(r, "torch * \"2.1.2 and below\" invalid uint16, uint32, uint64\n"
                              "torch cumsum \"2.0.1 and below\" unsupported uint8, bfloat16, float16, float32, float64, int8, int16, int32, int64, bool, complex64, complex128\n", "base");
  }
  return r;
}
C(support_new_null) { return tl_support_new(NULL); }
C(support_load_file_null) { return tl_support_load_file(NULL, "x"); }
C(support_load_file_missing) { return tl_support_load_file(reg(), "/nonexistent/registry.txt"); }
C(support_load_null) { return tl_support_load_string(reg(), NULL, NULL); }
C(support_load_syntax) { return tl_support_load_string(reg(), "torch cumsum 2.0 unsupported int8\n", "t.txt"); }
C(support_load_dtype) { return tl_support_load_string(reg(), "torch abs \"2.0\" unsupported f8\n", "t.txt"); }
C(support_load_both) { return tl_support_load_string(reg(), "torch cumsum \"2.2\" supported int8\n", "t.txt"); }
C(support_load_cycle) { return tl_support_load_string(reg(), "torch a = b\ntorch b = a\n", "t.txt"); }
C(support_load_repeat) { return tl_support_load_string(reg(), "torch * \"2.1.2 and below\" invalid uint8\n", "t.txt"); }
C(support_valid_null) { return tl_support_valid(reg(), NULL, NULL, NULL, 0, &z_); }
C(support_valid_unknown) { return tl_support_valid(reg(), "mxnet", NULL, NULL, 0, &z_); }
C(support_valid_version) { return tl_support_valid(reg(), "torch", "2.x", NULL, 0, &z_); }
C(support_query_cap) { return tl_support_query(reg(), "torch", "cumsum", NULL, NULL, 4, &z_); }
C(support_query_unknown) { return tl_support_query(reg(), "paddle", "cumsum", NULL, NULL, 0, &z_); }
C(support_is_supported_dtype) { return tl_support_is_supported(reg(), "torch", "cumsum", NULL, (tl_dtype)99, &i_); }
C(cast_mode_null) { tl_cast_mode m; return tl_cast_mode_parse(NULL, &m); }
C(cast_mode_unknown) { tl_cast_mode m; return tl_cast_mode_parse("widen", &m); }
C(support_cast_mode) { return tl_support_cast(reg(), NULL, "torch", "cumsum", NULL, TL_INT8, (tl_cast_mode)42, 0, &d_, NULL, 0); }
C(support_cast_weak) { return tl_support_cast(reg(), NULL, "torch", "cumsum", NULL, TL_WEAK_INT, TL_CAST_MODE_UPCAST, 0, &d_, NULL, 0); }
C(support_cast_none) { return tl_support_cast(reg(), NULL, "torch", "cumsum", "2.0.1", TL_INT8, TL_CAST_MODE_DOWNCAST, 0, &d_, NULL, 0); }
C(support_cast_null_out) { return tl_support_cast(reg(), NULL, "torch", "cumsum", NULL, TL_INT8, TL_CAST_MODE_UPCAST, 0, NULL, NULL, 0); }
/* issue 15: Array API versions */
static int iv_;
C(api_version_null) { return tl_api_version_parse(NULL, &iv_); }
C(api_version_unknown) { return tl_api_version_parse("2020.10", &iv_); }
C(api_version_cfg) {
  tl_config c = rulescfg("array-api");
  c.api_version = 202001;
  return tl_promote_types(&c, TL_INT8, TL_INT16, &d_);
}
C(api_version_scalars) {
  tl_config c = rulescfg("array-api");
  c.api_version = 202312;
  tl_operand o[2] = {P("int8"), P("py:int:1")};
  return tl_result_type(&c, o, 2, &r_);
}
C(op_form_parse_null) { tl_op_form f; return tl_op_form_parse(NULL, &f); }
C(op_form_parse_unknown) { tl_op_form f; return tl_op_form_parse("method", &f); }
C(result_op_form) { tl_operand o = P("int8"); tl_config c = jaxcfg(0, 0, 1); c.op_form = 5; return tl_result_type(&c, &o, 1, &r_); }

static void pop_configs(void) {
  while (tl_config_pop() == TL_OK) {
  }
}
static void pop_int_defaults(void) {
  while (tl_default_dtype_depth(TL_KIND_INT) > 0) tl_default_dtype_pop(TL_KIND_INT);
}
/* E(id): a case; EC(id, cleanup): a case whose state is undone after the check */
#define E(id) {#id, id, NULL}
#define EC(id, cleanup) {#id, id, cleanup}
C(finfo_packed_pair) { tl_finfo f; return tl_finfo_get(TL_FLOAT4_E2M1FN_X2, &f); }
C(to_dlpack_bcomplex32) { tl_dlpack_dtype dl; return tl_dtype_to_dlpack(TL_BCOMPLEX32, &dl); }
C(convert_packed_pair) { char s[4] = {0}, d[16]; return tl_convert(TL_FLOAT4_E2M1FN_X2, s, 1, TL_FLOAT32, d, 4, 4, 0, NULL); }
C(array_ones_packed_pair) { int64_t sh[1] = {3}; return tl_array_ones(TL_FLOAT4_E2M1FN_X2, 1, sh, &arr_); }
static tl_input IA(const tl_array *a) {
  tl_input in;
  memset(&in, 0, sizeof in);
  in.array = a;
  return in;
}
static tl_input IP(const char *text) {
  tl_input in;
  memset(&in, 0, sizeof in);
  in.scalar = P(text);
  return in;
}
C(binary_inputs_null) { tl_input y = IA(A(TL_INT8, 2, 0)); return tl_binary_inputs(NULL, TL_BINOP_ADD, NULL, &y, TL_DTYPE_NONE, A(TL_INT8, 2, 0)); }
C(binary_inputs_no_value) {
  tl_input x = IA(A(TL_INT8, 2, 0)), y;
  memset(&y, 0, sizeof y);
  return tl_binary_inputs(NULL, TL_BINOP_ADD, &x, &y, TL_DTYPE_NONE, A(TL_INT8, 2, 0));
}
C(binary_inputs_overflow) {
  tl_config c = rulescfg("numpy");
  tl_input x = IA(A(TL_INT8, 2, 0)), y = IP("300");
  return tl_binary_inputs(&c, TL_BINOP_ADD, &x, &y, TL_DTYPE_NONE, A(TL_INT8, 2, 0));
}
C(binary_inputs_tf_wrap) {
  tl_config c = rulescfg("tensorflow-all");
  tl_input x = IA(A(TL_INT8, 2, 0)), y = IP("2147483648");
  return tl_binary_inputs(&c, TL_BINOP_ADD, &x, &y, TL_DTYPE_NONE, A(TL_INT8, 2, 0));
}
C(binary_inputs_dtypes_op) {
  tl_input x = IA(A(TL_INT8, 2, 0)), y = IP("1");
  tl_result r;
  return tl_binary_inputs_dtypes(NULL, (tl_binop)99, &x, &y, &r, &r);
}
C(binary_inputs_dtypes_tf_div_bool) {
  tl_config c = rulescfg("tensorflow");
  tl_input x = IA(A(TL_BOOL, 2, 0)), y = IA(A(TL_BOOL, 2, 0));
  tl_result r;
  return tl_binary_inputs_dtypes(&c, TL_BINOP_DIVIDE, &x, &y, &r, &r);
}
C(binary_inputs_dtypes_torch_bool_sub) {
  tl_config c = rulescfg("torch");
  tl_input x = IA(A(TL_INT8, 2, 0)), y = IP("True");
  tl_result r;
  return tl_binary_inputs_dtypes(&c, TL_BINOP_SUBTRACT, &x, &y, &r, &r);
}
C(binary_packed_pair) { return tl_binary(NULL, TL_BINOP_ADD, A(TL_FLOAT4_E2M1FN_X2, 2, 0), A(TL_FLOAT32, 2, 0), &arr_); }
C(convert_packed_pair_to) { char s[16] = {0}, d[4]; return tl_convert(TL_INT1, s, 1, TL_FLOAT4_E2M1FN_X2, d, 1, 4, 0, NULL); }

static const struct {
  const char *id;
  int (*fn)(void);
  void (*cleanup)(void);
} cases[] = {
    E(dtype_get_bad), E(dtype_parse_null_name), E(dtype_parse_null_out), E(dtype_parse_unknown), E(dtype_parse_bitwidth),
    E(dtype_parse_empty), E(isdtype_null_kind), E(isdtype_unknown_kind), E(finfo_null), E(finfo_int), E(finfo_bad),
    E(iinfo_float), E(iinfo_bool), E(iinfo_null), E(to_dlpack_weak), E(to_dlpack_null), E(from_dlpack_lanes),
    E(from_dlpack_code), E(from_dlpack_bits), E(from_dlpack_null), E(config_init_null), E(config_set_global_null),
    E(config_push_null), EC(config_push_deep, pop_configs), E(config_pop_empty), E(operand_parse_null), E(operand_parse_syntax), E(operand_parse_range),
    E(operand_parse_dtype), E(operand_parse_big), E(operand_format_null), E(operand_format_buf),
    E(operand_format_dtype), E(operand_format_kind), E(rules_find_null), E(rules_find_unknown), E(rules_at_range),
    E(promote_null_out), E(promote_bad_dtype), E(promote_jax_strict), E(promote_jax_sink), E(promote_cfg_default),
    E(promote_lax), E(promote_not_in_domain), E(result_null), E(result_empty), E(result_kind), E(result_bad_dtype),
    E(result_weak_array_dtype), E(result_py_dtype), E(result_overflow), E(result_promote), E(result_too_many),
    E(result_cfg_default), E(result_intn_weak), E(casting_parse_null), E(casting_parse_unknown), E(can_cast_null),
    E(can_cast_casting), E(can_cast_dtype), E(cco_null), E(cco_casting), E(cco_kind), E(cco_pyvalue_kind),
    E(cco_numpy2_value), E(cco_torch_value), E(table_cell_null), E(table_cell_lax_bool), E(lattice_parse_null),
    E(lattice_parse_syntax), E(lattice_parse_cycle), E(lattice_parse_ambiguous), E(lattice_parse_no_bound),
    E(lattice_parse_empty), E(lattice_parse_too_many), E(lattice_new_null), E(lattice_new_bad_succ),
    E(lattice_node_unknown), E(lattice_node_name_bad), E(lattice_join_index), E(lattice_join_none),
    E(lattice_join_null), E(lattice_join_n_zero), E(lattice_join_n_none), E(lattice_check_null), E(lattice_check_not),
    E(lattice_check_syntax), E(rules_lattice_null), E(rules_lattice_table), E(convert_null), E(convert_dst_stride),
    E(convert_weak), E(convert_bad_dtype), E(convert_checked), E(convert_contiguous_null), E(convert_tier_null),
    E(convert_tier_unknown), EC(array_zeros_null, free_arr), EC(array_zeros_ndim, free_arr), EC(array_zeros_extent, free_arr), EC(array_zeros_weak, free_arr), EC(array_zeros_overflow, free_arr), EC(array_ones_shape, free_arr), EC(array_full_null, free_arr), EC(array_full_overflow, free_arr), EC(array_full_nan_int, free_arr), EC(array_from_scalar_kind, free_arr), EC(array_from_scalar_overflow, free_arr), EC(array_view_null_data, free_arr), EC(broadcast_shapes_mismatch, free_arr), EC(broadcast_shapes_null, free_arr), EC(broadcast_to_mismatch, free_arr), EC(broadcast_to_null, free_arr), EC(astype_null, free_arr), EC(astype_safe, free_arr), EC(astype_weak, free_arr), EC(promote_arrays_empty, free_arr), EC(promote_arrays_strict, free_arr), EC(promote_inputs_null, free_arr), EC(binop_parse_null, free_arr), EC(binop_parse_unknown, free_arr), EC(binary_dtypes_op, free_arr), EC(binary_dtypes_bool_sub, free_arr), EC(binary_shapes, free_arr), EC(binary_null, free_arr), EC(binary_into_shape, free_arr), EC(binary_into_dtype, free_arr), EC(add_promote, free_arr), EC(subtract_bool, free_arr), EC(multiply_null, free_arr), EC(divide_null, free_arr), EC(maximum_null, free_arr), EC(minimum_null, free_arr), EC(equal_shapes, free_arr), EC(less_null, free_arr), E(default_null), E(default_kind), E(default_cfg_kind), E(default_x64),
    E(default_torch_bf16), E(default_of_unknown), E(default_push_kind), E(default_push_wrong), EC(default_push_deep, pop_int_defaults),
    E(default_pop_empty), E(infer_null_out), E(infer_null_args), E(infer_overflow), E(infer_bad_explicit),
    E(infer_of_unknown), E(version_compare_null), E(version_compare_bad), E(version_compare_deep), E(key_parse_null),
    E(key_parse_bad), E(key_parse_range), E(key_matches_null), E(key_matches_version), E(select_empty),
    E(select_null_key), E(select_bad_key), E(support_new_null), E(support_load_file_null),
    E(support_load_file_missing), E(support_load_null), E(support_load_syntax), E(support_load_dtype),
    E(support_load_both), E(support_load_cycle), E(support_load_repeat), E(support_valid_null),
    E(support_valid_unknown), E(support_valid_version), E(support_query_cap), E(support_query_unknown),
    E(support_is_supported_dtype), E(cast_mode_null), E(cast_mode_unknown), E(support_cast_mode),
    E(support_cast_weak), E(support_cast_none), E(support_cast_null_out),
    E(convert_stride_overflow), E(convert_threads_range), E(convert_threshold_small),
    E(convert_tier_unsupported),
    E(finfo_packed_pair), E(to_dlpack_bcomplex32), E(convert_packed_pair), E(convert_packed_pair_to),
    E(array_ones_packed_pair), E(binary_packed_pair), E(binary_inputs_null), E(binary_inputs_no_value),
    E(binary_inputs_overflow), E(binary_inputs_tf_wrap), E(binary_inputs_dtypes_op), E(binary_inputs_dtypes_tf_div_bool),
    E(binary_inputs_dtypes_torch_bool_sub),
    E(api_version_null), E(api_version_unknown), E(api_version_cfg), E(api_version_scalars),
    E(op_form_parse_null), E(op_form_parse_unknown), E(result_op_form),
};
#define N_CASES (sizeof cases / sizeof cases[0])

static const char *status_word(int st) {
  return st == RET_NULL ? "NULL" : st == RET_MINUS1 ? "-1" : tl_status_name(st);
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (s && fread(s, 1, (size_t)n, f) != (size_t)n) n = 0;
  if (s) s[n] = '\0';
  fclose(f);
  return s;
}

/* trim blanks and one pair of backticks, in place */
static char *cell(char *s) {
  while (*s == ' ') s++;
  char *e = s + strlen(s);
  while (e > s && e[-1] == ' ') *--e = '\0';
  if (*s == '`' && e > s + 1 && e[-1] == '`') {
    e[-1] = '\0';
    s++;
  }
  return s;
}

static void test_every_function_documented(void **state) {
  (void)state;
  char *h = slurp(TL_SOURCE_DIR "/include/typelattice.h"), *doc = slurp(TL_SOURCE_DIR "/docs/errors.md");
  assert_non_null(h);
  assert_non_null(doc);
  int missing = 0, n = 0;
  for (char *p = strstr(h, "\nTL_API "); p; p = strstr(p + 1, "\nTL_API ")) {
    char *paren = strchr(p, '(');
    char *q = paren;
    while (q > p && (q[-1] == '_' || (q[-1] >= 'a' && q[-1] <= 'z') || (q[-1] >= '0' && q[-1] <= '9'))) q--;
    char name[64], heading[80];
    snprintf(name, sizeof name, "%.*s", (int)(paren - q), q);
    snprintf(heading, sizeof heading, "\n### %s\n", name);
    n++;
    if (!strstr(doc, heading)) {
      fprintf(stderr, "docs/errors.md has no section '### %s'\n", name);
      missing++;
    }
  }
  printf("%d public functions\n", n);
  assert_true(n > 50);
  assert_int_equal(missing, 0);
  free(h);
  free(doc);
}

static void test_doc_table_matches_library(void **state) {
  (void)state;
  char *doc = slurp(TL_SOURCE_DIR "/docs/errors.md");
  assert_non_null(doc);
  int used[N_CASES] = {0};
  int rows = 0, bad = 0;
  const int dump = getenv("TL_ERRORS_DUMP") != NULL;
  for (char *line = doc, *next; line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = '\0';
    if (strncmp(line, "| `", 3) != 0) continue;
    char *cols[6];
    int nc = 0;
    for (char *p = line + 1; nc < 6;) {
      char *bar = strchr(p, '|');
      if (!bar) break;
      *bar = '\0';
      cols[nc++] = cell(p);
      p = bar + 1;
    }
    if (nc != 5) {
      fprintf(stderr, "docs/errors.md: malformed row starting '%s'\n", cols[0]);
      bad++;
      continue;
    }
    const char *id = cols[0], *status = cols[2], *type = strcmp(cols[3], "-") == 0 ? "" : cols[3], *pattern = cols[4];
    size_t k = 0;
    while (k < N_CASES && strcmp(cases[k].id, id) != 0) k++;
    if (k == N_CASES) {
      fprintf(stderr, "docs/errors.md: case '%s' has no implementation in tests/test_errors.c\n", id);
      bad++;
      continue;
    }
    used[k]++;
    rows++;
    tl_clear_error();
    int st = cases[k].fn();
    const char *got_status = status_word(st);
    if (dump) printf("%s\t%s\t%s\t%s\n", id, got_status, tl_errtype(), tl_errmsg());
    if (strcmp(got_status, status) != 0 || strcmp(tl_errtype(), type) != 0 || fnmatch(pattern, tl_errmsg(), 0) != 0) {
      fprintf(stderr, "%s: doc says %s %s '%s'\n%*s  library gives %s %s '%s'\n", id, status, type, pattern,
              (int)strlen(id), "", got_status, tl_errtype(), tl_errmsg());
      bad++;
    }
    if (cases[k].cleanup) cases[k].cleanup();
  }
  for (size_t k = 0; k < N_CASES; k++)
    if (used[k] != 1) {
      fprintf(stderr, "case '%s' appears %d times in docs/errors.md (expected once)\n", cases[k].id, used[k]);
      bad++;
    }
  printf("%d documented error cases checked\n", rows);
  free(doc);
  assert_int_equal(bad, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_function_documented),
      cmocka_unit_test(test_doc_table_matches_library),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
