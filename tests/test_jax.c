/* test_jax.c — the JAX and jax.lax rule sets against the seed documents and
 * the expectations of JAX's tests/dtypes_test.py (reference: jax.md).
 * Expected tables are in tests/data/seed/ files (copied from the sources);
 * other expectations are written here from the reference text. */
#include "tl_test_util.h"

static tl_config mkcfg(const char *rules, int x64, int strict, int op) {
  tl_config c;
  tl_config_init(&c);
  if (rules) assert_int_equal(tl_rules_find(rules, &c.rules), TL_OK);
  c.x64 = x64;
  c.strict = strict;
  c.op = op;
  return c;
}

/* All JAX promotion dtypes (jax.md §1; int1/uint1 with ml_dtypes 0.6, appended at the end). */
static const tl_dtype jax_types[] = {
    TL_BOOL,          TL_UINT2,          TL_UINT4,          TL_UINT8,        TL_UINT16,          TL_UINT32,
    TL_UINT64,        TL_INT2,           TL_INT4,           TL_INT8,         TL_INT16,           TL_INT32,
    TL_INT64,         TL_FLOAT4_E2M1FN,  TL_FLOAT6_E2M3FN,  TL_FLOAT6_E3M2FN, TL_FLOAT8_E3M4,    TL_FLOAT8_E4M3,
    TL_FLOAT8_E8M0FNU, TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E4M3FN, TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E5M2,
    TL_FLOAT8_E5M2FNUZ, TL_BFLOAT16,     TL_FLOAT16,        TL_FLOAT32,      TL_FLOAT64,         TL_COMPLEX64,
    TL_COMPLEX128,    TL_INT1,           TL_UINT1};
#define NJ (sizeof jax_types / sizeof jax_types[0])

static int is_intn(tl_dtype d) {
  return d == TL_INT2 || d == TL_INT4 || d == TL_UINT2 || d == TL_UINT4 || d == TL_INT1 || d == TL_UINT1;
}
static int is_small_float(tl_dtype d) {
  switch (d) {
  case TL_FLOAT4_E2M1FN: case TL_FLOAT6_E2M3FN: case TL_FLOAT6_E3M2FN: case TL_FLOAT8_E3M4: case TL_FLOAT8_E4M3:
  case TL_FLOAT8_E8M0FNU: case TL_FLOAT8_E4M3B11FNUZ: case TL_FLOAT8_E4M3FN: case TL_FLOAT8_E4M3FNUZ:
  case TL_FLOAT8_E5M2: case TL_FLOAT8_E5M2FNUZ: return 1;
  default: return 0;
  }
}
static int is_regular_int(tl_dtype d) {
  switch (d) {
  case TL_UINT8: case TL_UINT16: case TL_UINT32: case TL_UINT64:
  case TL_INT8: case TL_INT16: case TL_INT32: case TL_INT64: return 1;
  default: return 0;
  }
}

/* Compare a table cell computed by fn against the expected code. */
typedef int (*cell_fn)(const tl_config *, tl_dtype, tl_dtype, tl_dtype *);

static void check_table(const char *file, const tt_code *legend, const tl_config *cfg, cell_fn fn,
                        const char *override_cells /* "row,col=val;..." or NULL */) {
  tt_table t;
  tt_load_table(file, &t);
  assert_int_equal(t.rows, t.n);
  int bad = 0;
  for (int r = 0; r < t.rows; r++)
    for (int c = 0; c < t.n; c++) {
      const char *want = t.cell[r][c];
      char key[40];
      snprintf(key, sizeof key, "%s,%s=", t.row[r], t.col[c]);
      const char *ov = override_cells ? strstr(override_cells, key) : NULL;
      char ovbuf[16];
      if (ov) {
        sscanf(ov + strlen(key), "%15[^;]", ovbuf);
        want = ovbuf;
      }
      tl_dtype a = tt_code_dtype(legend, t.row[r]), b = tt_code_dtype(legend, t.col[c]), got;
      int st = fn(cfg, a, b, &got);
      if (strcmp(want, "-") == 0) {
        if (st != TL_EPROMOTE) {
          print_error("%s: %s x %s: expected no promotion, got %s (%s)\n", file, t.row[r], t.col[c],
                      st == TL_OK ? tl_dtype_name(got) : tl_status_name(st), tl_errmsg());
          bad++;
        }
        continue;
      }
      tl_dtype w = tt_code_dtype(legend, want);
      if (st != TL_OK || got != w) {
        print_error("%s: %s x %s: expected %s (%s), got %s %s\n", file, t.row[r], t.col[c], want, tl_dtype_name(w),
                    st == TL_OK ? tl_dtype_name(got) : tl_status_name(st), st == TL_OK ? "" : tl_errmsg());
        bad++;
      }
    }
  if (bad) fail_msg("%s: %d cells differ", file, bad);
}

/* ---- seed tables --------------------------------------------------------------------- */

static void test_rst_table_x64(void **s) {
  (void)s;
  tl_config c = mkcfg("jax", 1, 0, 0);
  check_table("tests/data/seed/type_promotion_rst.txt", tt_codes_rst, &c, tl_table_cell, NULL);
}

/* x64 off: jax.md §2b — only u32 x {i8,i16,i32} differ (int32). */
static void test_rst_table_x32(void **s) {
  (void)s;
  tl_config c = mkcfg("jax", 0, 0, 0);
  check_table("tests/data/seed/type_promotion_rst.txt", tt_codes_rst, &c, tl_table_cell,
              "u4,i1=i4;u4,i2=i4;u4,i4=i4;i1,u4=i4;i2,u4=i4;i4,u4=i4;");
}

static void test_promote_types_2022_table(void **s) {
  (void)s;
  tl_config c = mkcfg("jax", 1, 0, 0);
  check_table("tests/data/seed/promote_types_2022.txt", tt_codes_obs, &c, tl_promote_types, NULL);
}

static void test_design_note_jax_numpy(void **s) {
  (void)s;
  tl_config c = mkcfg("jax", 1, 0, 0);
  check_table("tests/data/seed/jep9407_jax_numpy.txt", tt_codes_bits, &c, tl_table_cell, NULL);
}

static void test_design_note_jax_lax(void **s) {
  (void)s;
  tl_config c = mkcfg("jax.lax", 1, 0, 0);
  check_table("tests/data/seed/jep9407_jax_lax.txt", tt_codes_bits, &c, tl_table_cell, NULL);
}

static void test_lub_table_standard(void **s) {
  (void)s;
  tl_config c = mkcfg("jax", 1, 0, 0);
  check_table("tests/data/seed/lub_standard_x64.txt", tt_codes_bits, &c, tl_table_cell, NULL);
  c.x64 = 0;
  check_table("tests/data/seed/lub_standard_x64.txt", tt_codes_bits, &c, tl_table_cell,
              "u32,i8=i32;u32,i16=i32;u32,i32=i32;i8,u32=i32;i16,u32=i32;i32,u32=i32;");
}

/* jax.md §2e strict LUB table (described by rule in the reference). */
static void test_lub_table_strict(void **s) {
  (void)s;
  static const tl_dtype classic[] = {TL_BOOL,  TL_UINT8,    TL_UINT16,  TL_UINT32,  TL_UINT64,    TL_INT8,
                                     TL_INT16, TL_INT32,    TL_INT64,   TL_BFLOAT16, TL_FLOAT16,  TL_FLOAT32,
                                     TL_FLOAT64, TL_COMPLEX64, TL_COMPLEX128};
  for (int x64 = 0; x64 < 2; x64++) {
    tl_config c = mkcfg("jax", x64, 1, 0);
    for (size_t i = 0; i < 15; i++) {
      tl_dtype a = classic[i], r;
      for (size_t j = 0; j < 15; j++) {
        int st = tl_table_cell(&c, a, classic[j], &r);
        if (i == j) {
          assert_int_equal(st, TL_OK);
          assert_int_equal(r, a);
        } else {
          assert_int_equal(st, TL_EPROMOTE);
        }
      }
      /* weak columns */
      int isint = tl_dtype_is_integer(a), isflt = tl_dtype_is_floating(a), iscpx = tl_dtype_is_complex(a);
      struct { tl_dtype w; int ok; } cols[] = {{TL_WEAK_INT, isint || isflt || iscpx},
                                               {TL_WEAK_FLOAT, isflt || iscpx},
                                               {TL_WEAK_COMPLEX, iscpx}};
      for (int k = 0; k < 3; k++) {
        int st = tl_table_cell(&c, a, cols[k].w, &r);
        if (cols[k].ok) {
          TT_EXPECT_STATUS(st, TL_OK);
          assert_int_equal(r, a);
        } else {
          TT_EXPECT_STATUS(st, TL_EPROMOTE);
        }
      }
    }
    tl_dtype r;
    assert_int_equal(tl_table_cell(&c, TL_WEAK_INT, TL_WEAK_FLOAT, &r), TL_OK);
    assert_int_equal(r, TL_WEAK_FLOAT);
    assert_int_equal(tl_table_cell(&c, TL_WEAK_FLOAT, TL_WEAK_COMPLEX, &r), TL_OK);
    assert_int_equal(r, TL_WEAK_COMPLEX);
    assert_int_equal(tl_table_cell(&c, TL_WEAK_INT, TL_WEAK_COMPLEX, &r), TL_OK);
    assert_int_equal(r, TL_WEAK_COMPLEX);
  }
}

/* ---- testObservedPromotionTable (jax.md §8) ------------------------------------------ */

static tl_operand value_operand(tl_dtype code) {
  /* strong codes: dtype(0) (a strong 0-d array); weak codes: dtype(0).item(), a Python scalar */
  tl_operand o;
  memset(&o, 0, sizeof o);
  switch (code) {
  case TL_WEAK_INT: return tl_operand_pyint(0);
  case TL_WEAK_FLOAT: return tl_operand_pyfloat(0.0);
  case TL_WEAK_COMPLEX:
    o.kind = TL_OPERAND_PYSCALAR;
    o.dtype = TL_WEAK_COMPLEX;
    o.has_value = 1;
    o.value.kind = TL_VALUE_COMPLEX;
    return o;
  default: return tl_operand_array(code, 0);
  }
}

static tl_dtype default_of_kind(char k, int x64) {
  switch (k) {
  case 'i': return x64 ? TL_INT64 : TL_INT32;
  case 'f': return x64 ? TL_FLOAT64 : TL_FLOAT32;
  default: return x64 ? TL_COMPLEX128 : TL_COMPLEX64;
  }
}

static void check_observed(const char *file, int x64) {
  tt_table t;
  tt_load_table(file, &t);
  assert_int_equal(t.rows, 18);
  tl_config c = mkcfg("jax", x64, 0, 1);
  int bad = 0;
  for (int r = 0; r < t.rows; r++)
    for (int k = 0; k < t.n; k++) {
      /* table[row = v2][col = v1], cell = v1 + v2 */
      tl_operand ops[2] = {value_operand(tt_code_dtype(tt_codes_obs, t.col[k])),
                           value_operand(tt_code_dtype(tt_codes_obs, t.row[r]))};
      tl_result res;
      int st = tl_result_type(&c, ops, 2, &res);
      const char *want = t.cell[r][k];
      int wweak = strchr(want, '*') != NULL;
      tl_dtype wd = wweak ? default_of_kind(want[0], x64) : tt_code_dtype(tt_codes_obs, want);
      if (st != TL_OK || res.dtype != wd || res.weak != wweak) {
        print_error("%s: %s + %s: expected %s%s, got %s%s\n", file, t.col[k], t.row[r], tl_dtype_name(wd),
                    wweak ? " (weak)" : "", st == TL_OK ? tl_dtype_name(res.dtype) : tl_errmsg(),
                    st == TL_OK && res.weak ? " (weak)" : "");
        bad++;
      }
    }
  if (bad) fail_msg("%s: %d cells differ", file, bad);
}

static void test_observed_x64(void **s) {
  (void)s;
  check_observed("tests/data/seed/observed_x64.txt", 1);
  /* the lattice view of the same table (weak results as i*, f*, c*) */
  tl_config c = mkcfg("jax", 1, 0, 0);
  check_table("tests/data/seed/observed_x64.txt", tt_codes_obs, &c, tl_table_cell, NULL);
}

static void test_observed_x32_allow(void **s) {
  (void)s;
  /* explicit_x64_dtypes=allow: 64-bit inputs stay 64-bit, the x32 lattice governs (tl_table_cell) */
  tl_config c = mkcfg("jax", 0, 0, 0);
  check_table("tests/data/seed/observed_x64.txt", tt_codes_obs, &c, tl_table_cell,
              "u4,i1=i4;u4,i2=i4;u4,i4=i4;i1,u4=i4;i2,u4=i4;i4,u4=i4;");
}

static void test_observed_x32_warn(void **s) {
  (void)s;
  check_observed("tests/data/seed/observed_x32_warn.txt", 0);
}

/* ---- testPromoteDtypesStandard / Strict ------------------------------------------------ */

static void test_promote_dtypes_standard(void **s) {
  (void)s;
  for (int x64 = 0; x64 < 2; x64++) {
    tl_config c = mkcfg("jax", x64, 0, 0);
    for (size_t i = 0; i < NJ; i++) {
      tl_dtype a = jax_types[i], r;
      TT_EXPECT_STATUS(tl_promote_types(&c, a, a, &r), TL_OK);
      assert_int_equal(r, a);
      TT_EXPECT_STATUS(tl_promote_types(&c, a, TL_BOOL, &r), TL_OK);
      assert_int_equal(r, a);
      TT_EXPECT_STATUS(tl_promote_types(&c, TL_BOOL, a, &r), TL_OK);
      assert_int_equal(r, a);
      int st = tl_promote_types(&c, a, TL_COMPLEX128, &r);
      if (is_small_float(a) || is_intn(a)) {
        TT_EXPECT_STATUS(st, TL_EPROMOTE);
        assert_string_equal(tl_errtype(), "TypePromotionError");
      } else {
        TT_EXPECT_STATUS(st, TL_OK);
        assert_int_equal(r, TL_COMPLEX128);
      }
      for (size_t j = 0; j < NJ; j++) {
        tl_dtype b = jax_types[j], r1, r2;
        if (a == b || a == TL_BOOL || b == TL_BOOL) continue;
        int err = is_intn(a) || is_intn(b) || (is_small_float(a) && !is_regular_int(b)) ||
                  (is_small_float(b) && !is_regular_int(a));
        int s1 = tl_promote_types(&c, a, b, &r1);
        if (err) {
          if (s1 != TL_EPROMOTE)
            fail_msg("x64=%d promote(%s, %s): expected TypePromotionError, got %s", x64, tl_dtype_name(a),
                     tl_dtype_name(b), s1 == TL_OK ? tl_dtype_name(r1) : tl_status_name(s1));
          assert_string_equal(tl_errtype(), "TypePromotionError");
          const char *m = tl_errmsg();
          if (is_small_float(a) || is_small_float(b))
            assert_non_null(strstr(m, "-bit floats do not support implicit promotion"));
          else
            assert_non_null(strstr(m, "1-bit, 2-bit and 4-bit integers do not support implicit promotion"));
          continue;
        }
        if (s1 != TL_OK) fail_msg("promote(%s, %s) failed: %s", tl_dtype_name(a), tl_dtype_name(b), tl_errmsg());
        TT_EXPECT_STATUS(tl_promote_types(&c, b, a, &r2), TL_OK);
        assert_int_equal(r1, r2);
        /* a small float with a regular integer: the small float */
        if (is_small_float(a)) assert_int_equal(r1, a);
        /* float/complex vs int: the float/complex type */
        if (tl_dtype_is_inexact(a) && tl_dtype_is_integer(b)) assert_int_equal(r1, a);
      }
    }
    tl_dtype r;
    assert_int_equal(tl_promote_types(&c, TL_FLOAT16, TL_BFLOAT16, &r), TL_OK);
    assert_int_equal(r, TL_FLOAT32);
    /* x64 off: signed ints other than int64 with uint32 -> int32; x64 on -> int64 */
    tl_dtype sgn[] = {TL_INT8, TL_INT16, TL_INT32};
    for (int k = 0; k < 3; k++) {
      assert_int_equal(tl_promote_types(&c, sgn[k], TL_UINT32, &r), TL_OK);
      assert_int_equal(r, x64 ? TL_INT64 : TL_INT32);
    }
    assert_int_equal(tl_promote_types(&c, TL_INT64, TL_UINT32, &r), TL_OK);
    assert_int_equal(r, TL_INT64);
    /* weak x weak: Python result types; promote_types maps weak to np.dtype(int|float|complex) */
    struct { tl_dtype a, b, r; } ww[] = {{TL_WEAK_INT, TL_WEAK_INT, TL_INT64},
                                         {TL_WEAK_INT, TL_WEAK_FLOAT, TL_FLOAT64},
                                         {TL_WEAK_FLOAT, TL_WEAK_FLOAT, TL_FLOAT64},
                                         {TL_WEAK_INT, TL_WEAK_COMPLEX, TL_COMPLEX128},
                                         {TL_WEAK_FLOAT, TL_WEAK_COMPLEX, TL_COMPLEX128},
                                         {TL_WEAK_COMPLEX, TL_WEAK_COMPLEX, TL_COMPLEX128}};
    for (int k = 0; k < 6; k++) {
      assert_int_equal(tl_promote_types(&c, ww[k].a, ww[k].b, &r), TL_OK);
      assert_int_equal(r, ww[k].r);
      assert_int_equal(tl_promote_types(&c, ww[k].b, ww[k].a, &r), TL_OK);
      assert_int_equal(r, ww[k].r);
    }
  }
}

static void test_promote_dtypes_strict(void **s) {
  (void)s;
  for (int x64 = 0; x64 < 2; x64++) {
    tl_config c = mkcfg("jax", x64, 1, 0);
    for (size_t i = 0; i < NJ; i++) {
      tl_dtype a = jax_types[i], r;
      for (size_t j = 0; j < NJ; j++) {
        tl_dtype b = jax_types[j];
        int st = tl_promote_types(&c, a, b, &r);
        if (a == b) {
          TT_EXPECT_STATUS(st, TL_OK);
          assert_int_equal(r, a);
        } else {
          TT_EXPECT_STATUS(st, TL_EPROMOTE);
          assert_string_equal(tl_errtype(), "TypePromotionError");
          assert_non_null(strstr(tl_errmsg(), " have no available implicit dtype promotion path when "
                                              "jax_numpy_dtype_promotion=strict"));
        }
      }
      int ok_int = a != TL_BOOL, ok_float = tl_dtype_is_inexact(a), ok_cpx = tl_dtype_is_complex(a);
      int st = tl_promote_types(&c, a, TL_WEAK_INT, &r);
      if (ok_int) { TT_EXPECT_STATUS(st, TL_OK); assert_int_equal(r, a); } else TT_EXPECT_STATUS(st, TL_EPROMOTE);
      st = tl_promote_types(&c, TL_WEAK_FLOAT, a, &r);
      if (ok_float) { TT_EXPECT_STATUS(st, TL_OK); assert_int_equal(r, a); } else TT_EXPECT_STATUS(st, TL_EPROMOTE);
      st = tl_promote_types(&c, a, TL_WEAK_COMPLEX, &r);
      if (ok_cpx) { TT_EXPECT_STATUS(st, TL_OK); assert_int_equal(r, a); } else TT_EXPECT_STATUS(st, TL_EPROMOTE);
    }
    /* weak x weak via result_type: Python result type, weak, canonical */
    tl_operand ti = tl_operand_dtype(TL_WEAK_INT), tf = tl_operand_dtype(TL_WEAK_FLOAT),
               tc = tl_operand_dtype(TL_WEAK_COMPLEX);
    struct { tl_operand a, b; tl_dtype r; } ww[] = {
        {ti, ti, x64 ? TL_INT64 : TL_INT32},      {ti, tf, x64 ? TL_FLOAT64 : TL_FLOAT32},
        {tf, tf, x64 ? TL_FLOAT64 : TL_FLOAT32},  {ti, tc, x64 ? TL_COMPLEX128 : TL_COMPLEX64},
        {tf, tc, x64 ? TL_COMPLEX128 : TL_COMPLEX64}, {tc, tc, x64 ? TL_COMPLEX128 : TL_COMPLEX64}};
    for (int k = 0; k < 6; k++) {
      tl_operand ops[2] = {ww[k].a, ww[k].b};
      tl_result res;
      TT_EXPECT_STATUS(tl_result_type(&c, ops, 2, &res), TL_OK);
      assert_int_equal(res.dtype, ww[k].r);
      assert_int_equal(res.weak, 1);
    }
  }
}

/* ---- error messages verbatim (jax.md §5) ------------------------------------------------ */

static void expect_promote_error(const tl_config *c, tl_dtype a, tl_dtype b, const char *msg) {
  tl_dtype r;
  int st = tl_promote_types(c, a, b, &r);
  if (st != TL_EPROMOTE) fail_msg("promote(%s, %s) did not fail", tl_dtype_name(a), tl_dtype_name(b));
  assert_string_equal(tl_errtype(), "TypePromotionError");
  assert_string_equal(tl_errmsg(), msg);
}

#define F8TAIL                                                                                                   \
  " have no available implicit dtype promotion path. To avoid unintended promotion, 8-bit floats do not support " \
  "implicit promotion. If you'd like your inputs to be promoted to another type, you can do so explicitly using " \
  "e.g. x.astype('float32')"
#define INTN_TAIL                                                                                              \
  " have no available implicit dtype promotion path. To avoid unintended promotion, 1-bit, 2-bit and 4-bit "  \
  "integers do not support implicit promotion. If you'd like your inputs to be promoted to another type, you " \
  "can do so explicitly using e.g. x.astype('int32')"

static void test_error_messages(void **s) {
  (void)s;
  tl_config st = mkcfg("jax", 0, 1, 0), sd = mkcfg("jax", 0, 0, 0);
  expect_promote_error(&st, TL_FLOAT32, TL_INT32,
                       "Input dtypes ('float32', 'int32') have no available implicit dtype promotion path when "
                       "jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, "
                       "or set jax_numpy_dtype_promotion=standard.");
  expect_promote_error(&sd, TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2, "Input dtypes ('float8_e4m3fn', 'float8_e5m2')" F8TAIL);
  expect_promote_error(&sd, TL_FLOAT8_E4M3FN, TL_INT4, "Input dtypes ('float8_e4m3fn', 'int4')" F8TAIL);
  expect_promote_error(&sd, TL_FLOAT8_E5M2, TL_FLOAT32, "Input dtypes ('float8_e5m2', 'float32')" F8TAIL);
  expect_promote_error(&sd, TL_FLOAT6_E2M3FN, TL_INT4,
                       "Input dtypes ('float6_e2m3fn', 'int4') have no available implicit dtype promotion path. To "
                       "avoid unintended promotion, 6-bit floats do not support implicit promotion. If you'd like "
                       "your inputs to be promoted to another type, you can do so explicitly using e.g. "
                       "x.astype('float32')");
  expect_promote_error(&sd, TL_FLOAT4_E2M1FN, TL_FLOAT32,
                       "Input dtypes ('float4_e2m1fn', 'float32') have no available implicit dtype promotion path. To "
                       "avoid unintended promotion, 4-bit floats do not support implicit promotion. If you'd like "
                       "your inputs to be promoted to another type, you can do so explicitly using e.g. "
                       "x.astype('float32')");
  expect_promote_error(&sd, TL_INT4, TL_FLOAT32, "Input dtypes ('int4', 'float32')" INTN_TAIL);
  expect_promote_error(&sd, TL_INT4, TL_INT32, "Input dtypes ('int4', 'int32')" INTN_TAIL);
  expect_promote_error(&sd, TL_INT32, TL_UINT4, "Input dtypes ('int32', 'uint4')" INTN_TAIL);
  /* a weak type prints as <class 'float'> inside double quotes (Python's tuple repr) */
  expect_promote_error(&sd, TL_INT4, TL_WEAK_FLOAT, "Input dtypes ('int4', \"<class 'float'>\")" INTN_TAIL);
  expect_promote_error(&st, TL_BOOL, TL_WEAK_INT,
                       "Input dtypes ('bool', \"<class 'int'>\") have no available implicit dtype promotion path "
                       "when jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output "
                       "type, or set jax_numpy_dtype_promotion=standard.");
  /* the strict message wins over the sink messages */
  expect_promote_error(&st, TL_FLOAT8_E4M3FN, TL_FLOAT32,
                       "Input dtypes ('float8_e4m3fn', 'float32') have no available implicit dtype promotion path "
                       "when jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output "
                       "type, or set jax_numpy_dtype_promotion=standard.");
  /* result_type: same class, and the single-message form */
  tl_operand ops[2] = {tl_operand_array(TL_FLOAT8_E4M3FN, 0), tl_operand_array(TL_FLOAT32, 0)};
  tl_result r;
  assert_int_equal(tl_result_type(&sd, ops, 2, &r), TL_EPROMOTE);
  assert_string_equal(tl_errtype(), "TypePromotionError");
  assert_non_null(strstr(tl_errmsg(), "8-bit floats do not support implicit promotion"));
  /* a failing call leaves the output untouched */
  tl_dtype out = TL_DTYPE_NONE;
  assert_int_equal(tl_promote_types(&sd, TL_INT4, TL_INT8, &out), TL_EPROMOTE);
  assert_int_equal(out, TL_DTYPE_NONE);
  /* success clears the error slot */
  assert_int_equal(tl_promote_types(&sd, TL_INT8, TL_INT8, &out), TL_OK);
  assert_string_equal(tl_errmsg(), "");
  assert_string_equal(tl_errtype(), "");
}

/* ---- result_type and the weak flag (jax.md §3) --------------------------------------------- */

static tl_result rt(const tl_config *c, const char *const *texts, size_t n) {
  tl_operand ops[8];
  for (size_t i = 0; i < n; i++)
    if (tl_operand_parse(texts[i], &ops[i]) != TL_OK) fail_msg("operand '%s': %s", texts[i], tl_errmsg());
  tl_result r = {TL_DTYPE_NONE, -1};
  int st = tl_result_type(c, ops, n, &r);
  if (st != TL_OK) fail_msg("result_type(%s, ...): %s", texts[0], tl_errmsg());
  return r;
}

#define RT(cfg, dt, wk, ...)                                                                 \
  do {                                                                                       \
    const char *const ts_[] = {__VA_ARGS__};                                                 \
    tl_result r_ = rt(cfg, ts_, sizeof ts_ / sizeof ts_[0]);                                 \
    if (r_.dtype != (dt) || r_.weak != (wk))                                                 \
      fail_msg("line %d: got %s%s, expected %s%s", __LINE__, tl_dtype_name(r_.dtype),      \
               r_.weak ? " (weak)" : "", tl_dtype_name(dt), (wk) ? " (weak)" : "");         \
  } while (0)

static void test_weak_flag_worked_examples(void **s) {
  (void)s;
  tl_config c = mkcfg("jax", 0, 0, 0), c64 = mkcfg("jax", 1, 0, 0);
  tl_config op = mkcfg("jax", 0, 0, 1);
  RT(&op, TL_INT8, 0, "array:int8", "2");
  RT(&c, TL_INT8, 0, "array:int8", "2");
  RT(&c, TL_INT32, 0, "array:int16", "array:int64");   /* jnp.int16(1) + np.array(1) */
  RT(&c64, TL_INT64, 0, "array:int16", "array:int64");
  RT(&c, TL_INT32, 1, "array:bool", "1");
  RT(&c, TL_FLOAT32, 1, "array:bool", "1.0");
  RT(&c, TL_INT8, 0, "True", "array:int8");
  RT(&c64, TL_FLOAT64, 1, "array:uint64", "array:int64");
  RT(&c64, TL_FLOAT64, 1, "uint64", "int16");
  RT(&c, TL_COMPLEX64, 0, "array:float32", "1j");
  RT(&c64, TL_COMPLEX128, 0, "array:float64", "1j");
  RT(&c, TL_COMPLEX64, 0, "array:bfloat16", "1j");
  RT(&c, TL_FLOAT32, 1, "1", "1.0");
  RT(&c, TL_COMPLEX64, 1, "int", "float", "complex");
  RT(&c, TL_UINT8, 0, "uint8", "int");
  RT(&c, TL_FLOAT32, 1, "int16", "float");
  RT(&c64, TL_FLOAT64, 1, "int16", "float");
  /* op mode keeps the non-default weak dtype: jnp.bfloat16(1) + 1.0 stays bfloat16 */
  RT(&op, TL_BFLOAT16, 0, "array:bfloat16", "1.0");
  /* testResultTypeWeakFlag */
  RT(&c64, TL_FLOAT64, 1, "weak:float64");
  RT(&c64, TL_FLOAT64, 0, "array:float64");
  /* N-ary: result_type(uint64, int64, float16) = float16 in any order */
  const char *perm[6][3] = {{"uint64", "int64", "float16"}, {"uint64", "float16", "int64"},
                            {"int64", "uint64", "float16"}, {"int64", "float16", "uint64"},
                            {"float16", "uint64", "int64"}, {"float16", "int64", "uint64"}};
  for (int k = 0; k < 6; k++) {
    RT(&c64, TL_FLOAT16, 0, perm[k][0], perm[k][1], perm[k][2]);
    RT(&c, TL_FLOAT16, 0, perm[k][0], perm[k][1], perm[k][2]);
  }
}

/* testUnaryPromotion: result_type(x) is x.dtype when strong; when weak the
 * default dtype of its kind ('f' for bfloat16 and the small floats). */
static void test_unary_promotion(void **s) {
  (void)s;
  for (int x64 = 0; x64 < 2; x64++) {
    tl_config c = mkcfg("jax", x64, 0, 0);
    for (size_t i = 0; i < NJ; i++) {
      tl_dtype d = jax_types[i];
      if (is_intn(d)) continue; /* skipped by JAX's test */
      tl_dtype canon = d;
      if (!x64) canon = d == TL_INT64 ? TL_INT32 : d == TL_UINT64 ? TL_UINT32 : d == TL_FLOAT64 ? TL_FLOAT32
                       : d == TL_COMPLEX128 ? TL_COMPLEX64 : d;
      tl_operand o = tl_operand_array(d, 0);
      tl_result r;
      TT_EXPECT_STATUS(tl_result_type(&c, &o, 1, &r), TL_OK);
      assert_int_equal(r.dtype, canon);
      assert_int_equal(r.weak, 0);
      o = tl_operand_array(d, 1);
      TT_EXPECT_STATUS(tl_result_type(&c, &o, 1, &r), TL_OK);
      tl_dtype want;
      if (d == TL_BOOL) want = TL_BOOL;
      else if (tl_dtype_is_signed(d)) want = x64 ? TL_INT64 : TL_INT32;
      else if (tl_dtype_is_unsigned(d)) want = x64 ? TL_UINT64 : TL_UINT32;
      else if (tl_dtype_is_floating(d)) want = x64 ? TL_FLOAT64 : TL_FLOAT32;
      else want = x64 ? TL_COMPLEX128 : TL_COMPLEX64;
      if (r.dtype != want) fail_msg("x64=%d result_type(weak %s) = %s, expected %s", x64, tl_dtype_name(d),
                                    tl_dtype_name(r.dtype), tl_dtype_name(want));
      assert_int_equal(r.weak, d != TL_BOOL);
    }
  }
}

/* testBinaryNonPromotion: x + x. */
static void test_binary_non_promotion(void **s) {
  (void)s;
  for (int x64 = 0; x64 < 2; x64++)
    for (int strict = 0; strict < 2; strict++) {
      tl_config c = mkcfg("jax", x64, strict, 1);
      for (size_t i = 0; i < NJ; i++)
        for (int weak = 0; weak < 2; weak++) {
          tl_dtype d = jax_types[i];
          tl_dtype canon = d;
          if (!x64) canon = d == TL_INT64 ? TL_INT32 : d == TL_UINT64 ? TL_UINT32 : d == TL_FLOAT64 ? TL_FLOAT32
                           : d == TL_COMPLEX128 ? TL_COMPLEX64 : d;
          tl_dtype want = canon;
          if (strict && weak && d != TL_BOOL) {
            if (tl_dtype_is_complex(d)) want = x64 ? TL_COMPLEX128 : TL_COMPLEX64;
            else if (tl_dtype_is_floating(d)) want = x64 ? TL_FLOAT64 : TL_FLOAT32;
            else want = x64 ? TL_INT64 : TL_INT32;
          }
          /* JAX's test creates its arrays with jnp.array(1, dtype), which
           * canonicalizes at creation; a weak operand here is such an array
           * (typelattice keeps an existing weak array's dtype, as jax does) */
          tl_dtype in = weak ? canon : d;
          tl_operand ops[2] = {tl_operand_array(in, weak), tl_operand_array(in, weak)};
          tl_result r;
          int st = tl_result_type(&c, ops, 2, &r);
          if (st != TL_OK || r.dtype != want || r.weak != (weak && d != TL_BOOL))
            fail_msg("x64=%d strict=%d %s%s + itself: got %s%s, expected %s", x64, strict, weak ? "weak " : "",
                     tl_dtype_name(d), st == TL_OK ? tl_dtype_name(r.dtype) : tl_errmsg(),
                     st == TL_OK && r.weak ? " (weak)" : "", tl_dtype_name(want));
        }
    }
}

/* testBinaryPromotion (standard; dfloat = canonical default float). */
static void test_binary_promotion(void **s) {
  (void)s;
  for (int x64 = 0; x64 < 2; x64++) {
    tl_config c = mkcfg("jax", x64, 0, 1);
    tl_dtype df = x64 ? TL_FLOAT64 : TL_FLOAT32;
    tl_dtype f64 = x64 ? TL_FLOAT64 : TL_FLOAT32; /* expected values are canonicalized */
    const char *wdf = x64 ? "weak:float64" : "weak:float32"; /* jnp.array(1.) */
    const char *sdf = x64 ? "array:float64" : "array:float32"; /* jnp.array([1.]) */
    struct { const char *a, *b; tl_dtype r; } cases[] = {
        {wdf, "0.0", df},           {wdf, wdf, df},
        {wdf, "array:float16", TL_FLOAT16}, {wdf, "array:float32", TL_FLOAT32}, {wdf, "array:float64", f64},
        {"array:float16", "0.0", TL_FLOAT16}, {"array:float32", "0.0", TL_FLOAT32}, {"array:float64", "0.0", f64},
        {"array:float16", "array:float16", TL_FLOAT16}, {"array:float16", "array:float32", TL_FLOAT32},
        {"array:float16", "array:float64", f64}, {"array:float32", "array:float32", TL_FLOAT32},
        {"array:float32", "array:float64", f64}, {"array:float64", "array:float64", f64},
        {sdf, "0.0", df}, {sdf, wdf, df}, {sdf, "array:float16", df}, {sdf, "array:float32", df},
        {sdf, "array:float64", f64},
        {"array:float32", "array:float16", TL_FLOAT32}, {"array:float16", "array:float32", TL_FLOAT32},
        {"array:float16", "0.0", TL_FLOAT16}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
      for (int swap = 0; swap < 2; swap++) {
        const char *t[2] = {swap ? cases[k].b : cases[k].a, swap ? cases[k].a : cases[k].b};
        tl_result r = rt(&c, t, 2);
        if (r.dtype != cases[k].r)
          fail_msg("x64=%d %s + %s = %s, expected %s", x64, t[0], t[1], tl_dtype_name(r.dtype),
                   tl_dtype_name(cases[k].r));
      }
  }
}

/* ---- promote_types vs result_type with x64 off (jax.md §4) -------------------------------- */

static void test_promote_types_vs_result_type(void **s) {
  (void)s;
  tl_config c = mkcfg("jax", 0, 0, 0), c64 = mkcfg("jax", 1, 0, 0), cs = mkcfg("jax", 0, 1, 0);
  tl_dtype r;
  assert_int_equal(tl_promote_types(&c, TL_INT32, TL_INT64, &r), TL_OK);
  assert_int_equal(r, TL_INT64);
  RT(&c, TL_INT32, 0, "int32", "int64");
  assert_int_equal(tl_promote_types(&c, TL_UINT32, TL_INT32, &r), TL_OK);
  assert_int_equal(r, TL_INT32);
  assert_int_equal(tl_promote_types(&c64, TL_UINT32, TL_INT32, &r), TL_OK);
  assert_int_equal(r, TL_INT64);
  for (int x64 = 0; x64 < 2; x64++) {
    tl_config *cc = x64 ? &c64 : &c;
    assert_int_equal(tl_promote_types(cc, TL_INT64, TL_UINT64, &r), TL_OK);
    assert_int_equal(r, TL_FLOAT64);
    assert_int_equal(tl_promote_types(cc, TL_WEAK_INT, TL_WEAK_FLOAT, &r), TL_OK);
    assert_int_equal(r, TL_FLOAT64);
    /* docstring examples (§6) */
    assert_int_equal(tl_promote_types(cc, TL_INT32, TL_FLOAT32, &r), TL_OK);
    assert_int_equal(r, TL_FLOAT32);
    assert_int_equal(tl_promote_types(cc, TL_UINT8, TL_WEAK_INT, &r), TL_OK);
    assert_int_equal(r, TL_UINT8);
    assert_int_equal(tl_promote_types(cc, TL_FLOAT16, TL_WEAK_FLOAT, &r), TL_OK);
    assert_int_equal(r, TL_FLOAT16);
    assert_int_equal(tl_promote_types(cc, TL_COMPLEX64, TL_WEAK_FLOAT, &r), TL_OK);
    assert_int_equal(r, TL_COMPLEX64);
  }
  RT(&c, TL_INT32, 0, "int8", "uint64");
  /* strict + x64 off: result_type canonicalizes first; promote_types raises */
  RT(&cs, TL_INT32, 0, "int64", "int32");
  assert_int_equal(tl_promote_types(&cs, TL_INT64, TL_INT32, &r), TL_EPROMOTE);
}

/* ---- operation mode: Python int overflow (jax.md §4) --------------------------------------- */

static void expect_rt_error(const tl_config *c, const char *a, const char *b, int status, const char *type,
                            const char *msg) {
  tl_operand ops[2];
  assert_int_equal(tl_operand_parse(a, &ops[0]), TL_OK);
  assert_int_equal(tl_operand_parse(b, &ops[1]), TL_OK);
  tl_result r = {TL_DTYPE_NONE, 7};
  TT_EXPECT_STATUS(tl_result_type(c, ops, 2, &r), status);
  assert_string_equal(tl_errtype(), type);
  assert_string_equal(tl_errmsg(), msg);
  assert_int_equal(r.dtype, TL_DTYPE_NONE);
  assert_int_equal(r.weak, 7);
}

static void test_op_mode_overflow(void **s) {
  (void)s;
  tl_config op = mkcfg("jax", 0, 0, 1), op64 = mkcfg("jax", 1, 0, 1), plain = mkcfg("jax", 0, 0, 0);
  /* jnp.add(x, y)'s jit argument parser: JAX 0.12's text, with the argument path */
  expect_rt_error(&op, "array:int32", "2147483648", TL_EOVERFLOW, "OverflowError",
                  "An overflow was encountered while parsing an argument to a jitted computation, whose argument path is y. Got <class 'int'> with value 2147483648");
  expect_rt_error(&op, "-2147483649", "array:float32", TL_EOVERFLOW, "OverflowError",
                  "An overflow was encountered while parsing an argument to a jitted computation, whose argument path is x. Got <class 'int'> with value -2147483649");
  expect_rt_error(&op64, "array:int8", "2**63", TL_EOVERFLOW, "OverflowError",
                  "An overflow was encountered while parsing an argument to a jitted computation, whose argument path is y. Got <class 'int'> with value 9223372036854775808");
  expect_rt_error(&op64, "array:int8", "2**100", TL_EOVERFLOW, "OverflowError",
                  "An overflow was encountered while parsing an argument to a jitted computation, whose argument path is y. Got <class 'int'> with value 1267650600228229401496703205376");
  /* N-ary: a variadic jax.jit(lambda *xs: ...), path xs[i] of the first overflowing operand */
  {
    tl_operand ops3[3];
    tl_result r3 = {TL_DTYPE_NONE, 7};
    assert_int_equal(tl_operand_parse("array:int8", &ops3[0]), TL_OK);
    assert_int_equal(tl_operand_parse("-2**64", &ops3[1]), TL_OK);
    assert_int_equal(tl_operand_parse("2**64", &ops3[2]), TL_OK);
    assert_int_equal(tl_result_type(&op, ops3, 3, &r3), TL_EOVERFLOW);
    assert_string_equal(tl_errmsg(), "An overflow was encountered while parsing an argument to a jitted computation, whose argument path is xs[1]. Got <class 'int'> with value -18446744073709551616");
    assert_int_equal(r3.weak, 7);
  }
  RT(&op, TL_INT32, 0, "array:int32", "2147483647");
  RT(&op, TL_INT32, 0, "array:int32", "-2147483648");
  RT(&op64, TL_INT8, 0, "array:int8", "2147483648");
  RT(&op64, TL_INT8, 0, "array:int8", "2**63-1");
  /* result_type itself does not look at values */
  RT(&plain, TL_INT32, 0, "array:int32", "2147483648");
  /* jax.lax checks too */
  tl_config lax = mkcfg("jax.lax", 0, 0, 1);
  expect_rt_error(&lax, "array:int32", "2147483648", TL_EOVERFLOW, "OverflowError",
                  "Python int 2147483648 too large to convert to int32");
}

/* ---- jax.lax --------------------------------------------------------------------------- */

static void test_lax(void **s) {
  (void)s;
  tl_config c = mkcfg("jax.lax", 0, 0, 0), c64 = mkcfg("jax.lax", 1, 0, 0);
  RT(&c, TL_INT32, 0, "array:int32", "array:int32");
  RT(&c, TL_INT32, 0, "array:int32", "3");
  RT(&c64, TL_INT64, 0, "array:int64", "3");
  RT(&c64, TL_FLOAT64, 0, "array:float64", "1.5");
  RT(&c, TL_FLOAT32, 1, "1.5");
  tl_operand ops[2] = {tl_operand_array(TL_INT32, 0), tl_operand_array(TL_FLOAT32, 0)};
  tl_result r;
  assert_int_equal(tl_result_type(&c, ops, 2, &r), TL_EPROMOTE);
  assert_string_equal(tl_errtype(), "TypeError");
  ops[0] = tl_operand_array(TL_INT8, 0);
  ops[1] = tl_operand_pyint(1);
  assert_int_equal(tl_result_type(&c, ops, 2, &r), TL_EPROMOTE);
  ops[0] = tl_operand_array(TL_BOOL, 0);
  ops[1] = tl_operand_array(TL_BOOL, 0);
  assert_int_equal(tl_result_type(&c, ops, 2, &r), TL_EPROMOTE);
  tl_dtype d;
  assert_int_equal(tl_promote_types(&c64, TL_INT64, TL_WEAK_INT, &d), TL_OK);
  assert_int_equal(d, TL_INT64);
  assert_int_equal(tl_promote_types(&c64, TL_INT32, TL_WEAK_INT, &d), TL_EPROMOTE);
}

/* ---- registry ----------------------------------------------------------------------------- */

static void test_registry(void **s) {
  (void)s;
  const tl_rules *r = NULL;
  assert_int_equal(tl_rules_find("jax", &r), TL_OK);
  assert_string_equal(tl_rules_name(r), "jax");
  assert_int_equal(tl_rules_find("jax.lax", &r), TL_OK);
  assert_string_equal(tl_rules_name(r), "jax.lax");
  assert_int_equal(tl_rules_find("jaxx", &r), TL_EUNSUPPORTED);
  assert_non_null(strstr(tl_errmsg(), "'jaxx'"));
  assert_non_null(strstr(tl_errmsg(), "jax"));
  assert_int_equal(tl_rules_find(NULL, &r), TL_EINVAL);
  assert_int_equal(tl_rules_find("jax", NULL), TL_EINVAL);
  assert_true(tl_rules_count() >= 2);
  assert_null(tl_rules_at(tl_rules_count()));
  assert_string_equal(tl_rules_name(NULL), "?");
  assert_string_equal(tl_rules_description(NULL), "?");
  assert_string_equal(tl_rules_checked_against(NULL), "?");
  assert_int_equal(tl_rules_dtypes(NULL, NULL, 0), 0);
  /* the JAX domain: every JAX dtype plus the weak kinds, weak kinds last; no complex32 */
  assert_int_equal(tl_rules_find("jax", &r), TL_OK);
  tl_dtype dom[64];
  size_t n = tl_rules_dtypes(r, dom, 64);
  assert_int_equal(n, NJ + 3);
  for (size_t i = 0; i < NJ; i++) {
    int found = 0;
    for (size_t k = 0; k < n; k++) found |= dom[k] == jax_types[i];
    assert_true(found);
  }
  assert_int_equal(dom[n - 3], TL_WEAK_INT);
  assert_int_equal(dom[n - 2], TL_WEAK_FLOAT);
  assert_int_equal(dom[n - 1], TL_WEAK_COMPLEX);
  /* complex32 is not a JAX dtype */
  tl_config c = mkcfg("jax", 0, 0, 0);
  tl_dtype d;
  assert_int_equal(tl_promote_types(&c, TL_COMPLEX32, TL_COMPLEX64, &d), TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "complex32"));
  /* a NULL cfg means the current configuration (JAX, standard) */
  assert_int_equal(tl_promote_types(NULL, TL_INT8, TL_UINT8, &d), TL_OK);
  assert_int_equal(d, TL_INT16);
  /* jnp.can_cast is numpy.can_cast */
  int yes = -1;
  assert_int_equal(tl_can_cast(&c, TL_INT8, TL_BYTEORDER_NATIVE, TL_INT16, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &yes),
                   TL_OK);
  assert_int_equal(yes, 1);
  assert_int_equal(tl_can_cast(&c, TL_INT16, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &yes),
                   TL_OK);
  assert_int_equal(yes, 0);
  assert_int_equal(tl_can_cast(&c, TL_FLOAT64, TL_BYTEORDER_NATIVE, TL_FLOAT32, TL_BYTEORDER_NATIVE,
                               TL_CASTING_SAME_KIND, &yes), TL_OK);
  assert_int_equal(yes, 1);
  tl_casting cm;
  assert_int_equal(tl_casting_parse("same_kind", &cm), TL_OK);
  assert_int_equal(cm, TL_CASTING_SAME_KIND);
  assert_int_equal(tl_casting_parse("safe-ish", &cm), TL_EPARSE);
  assert_non_null(strstr(tl_errmsg(), "safe-ish"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rst_table_x64),
      cmocka_unit_test(test_rst_table_x32),
      cmocka_unit_test(test_promote_types_2022_table),
      cmocka_unit_test(test_design_note_jax_numpy),
      cmocka_unit_test(test_design_note_jax_lax),
      cmocka_unit_test(test_lub_table_standard),
      cmocka_unit_test(test_lub_table_strict),
      cmocka_unit_test(test_observed_x64),
      cmocka_unit_test(test_observed_x32_allow),
      cmocka_unit_test(test_observed_x32_warn),
      cmocka_unit_test(test_promote_dtypes_standard),
      cmocka_unit_test(test_promote_dtypes_strict),
      cmocka_unit_test(test_error_messages),
      cmocka_unit_test(test_weak_flag_worked_examples),
      cmocka_unit_test(test_unary_promotion),
      cmocka_unit_test(test_binary_non_promotion),
      cmocka_unit_test(test_binary_promotion),
      cmocka_unit_test(test_promote_types_vs_result_type),
      cmocka_unit_test(test_op_mode_overflow),
      cmocka_unit_test(test_lax),
      cmocka_unit_test(test_registry),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
