/* test_rules_ivy.c — the ivy rule set (Ivy 1.0.0.5, numpy backend). Expected
 * values: the promotion matrices tests/data/ivy/precise.txt and non_precise.txt, written by
 * tools/refgen/gen_ivy.py from the live ivy.promotion_table, and hand cases
 * each checked against the live Ivy 1.0.0.5 (they also appear in
 * tests/data/ref/ivy.tsv); the § marks cite ivy.md for the reasoning. */
#include "rules_test_util.h"
#include "tl_test_util.h"

/* ---- the §2.2 matrices ---------------------------------------------------------- */

typedef struct {
  int n;
  tl_dtype col[16], row[16];
  tl_dtype cell[16][16]; /* TL_DTYPE_NONE for '-' */
} md_matrix;

/* Split a markdown table row "| a | **b** | c |" into trimmed cells without '*'. */
static int md_cells(char *line, char cells[][16], int cap) {
  int n = 0;
  char *p = line;
  if (*p == '|') p++;
  while (*p && *p != '\n') {
    char *end = strchr(p, '|');
    if (!end) break;
    if (n < cap) {
      size_t k = 0;
      for (char *q = p; q < end && k < 15; q++)
        if (*q != ' ' && *q != '*' && *q != '\r') cells[n][k++] = *q;
      cells[n++][k] = '\0';
    }
    p = end + 1;
  }
  return n;
}

static void load_matrix(const char *relpath, md_matrix *m) {
  char *text = tt_read_file(relpath);
  memset(m, 0, sizeof *m);
  int header = 1, rows = 0;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (line[0] != '|' || strncmp(line, "|---", 4) == 0) continue;
    char c[20][16];
    int n = md_cells(line, c, 20);
    if (header) {
      assert_int_equal(n, 16);
      assert_string_equal(c[0], "t1\\t2");
      for (int j = 1; j < n; j++) m->col[j - 1] = tt_code_dtype(tt_codes_bits, c[j]);
      m->n = n - 1;
      header = 0;
      continue;
    }
    if (n != m->n + 1) fail_msg("%s: row '%s' has %d cells", relpath, c[0], n - 1);
    assert_true(rows < 16);
    m->row[rows] = tt_code_dtype(tt_codes_bits, c[0]);
    for (int j = 0; j < m->n; j++)
      m->cell[rows][j] = strcmp(c[j + 1], "-") == 0 ? TL_DTYPE_NONE : tt_code_dtype(tt_codes_bits, c[j + 1]);
    rows++;
  }
  assert_int_equal(rows, 15);
  free(text);
}

/* Every cell through promote_types, table_cell, result_type (dtypes and
 * arrays, both modes of operation) and can_cast. */
static void check_matrix(const char *relpath, int precise) {
  md_matrix m;
  load_matrix(relpath, &m);
  tl_config c = rt_cfg("ivy", 0), op = rt_cfg("ivy", 1);
  c.precise = op.precise = precise;
  int cells = 0;
  for (int i = 0; i < 15; i++)
    for (int j = 0; j < m.n; j++) {
      tl_dtype a = m.row[i], b = m.col[j], want = m.cell[i][j], got = TL_DTYPE_NONE;
      /* §2.2: both tables are complete over the 15 dtypes */
      assert_int_not_equal(want, TL_DTYPE_NONE);
      if (a == TL_BFLOAT16 || b == TL_BFLOAT16) {
        /* in the table, but the numpy backend's as_ivy_dtype rejects bfloat16 */
        got = TL_INT8;
        TT_EXPECT_STATUS(tl_promote_types(&c, a, b, &got), TL_EDTYPE);
        assert_string_equal(tl_errtype(), "IvyException");
        assert_int_equal(got, TL_INT8);
        cells++;
        continue;
      }
      TT_EXPECT_STATUS(tl_promote_types(&c, a, b, &got), TL_OK);
      if (got != want)
        fail_msg("%s: promote_types(%s, %s) = %s, ivy.md says %s", relpath, tl_dtype_name(a), tl_dtype_name(b),
                 tl_dtype_name(got), tl_dtype_name(want));
      TT_EXPECT_STATUS(tl_table_cell(&c, a, b, &got), TL_OK);
      assert_int_equal(got, want);
      tl_operand ops[2] = {tl_operand_dtype(a), tl_operand_array(b, 0)};
      tl_result r;
      TT_EXPECT_STATUS(tl_result_type(&op, ops, 2, &r), TL_OK);
      assert_int_equal(r.dtype, want);
      int yes = -1; /* §3.1: can_cast(a, b) == (promote(a, b) == b) */
      TT_EXPECT_STATUS(tl_can_cast(&c, a, TL_BYTEORDER_NATIVE, b, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &yes), TL_OK);
      assert_int_equal(yes, want == b);
      cells++;
    }
  assert_int_equal(cells, 225);
}

static void matrix_precise(void **s) {
  (void)s;
  check_matrix("tests/data/ivy/precise.txt", 1);
}

static void matrix_non_precise(void **s) {
  (void)s;
  check_matrix("tests/data/ivy/non_precise.txt", 0);
}

/* tl_config_init's default is precise mode (§2.4: precise_mode defaults to True). */
static void precise_is_default(void **s) {
  (void)s;
  tl_config c = rt_cfg("ivy", 0);
  assert_int_equal(c.precise, 1);
  EXPECT_PTYPES(c, "float32", "int32", "float64");
}

/* ---- hand cases ------------------------------------------------------------------ */

static void promote_types_cases(void **s) {
  (void)s;
  tl_config p = rt_cfg("ivy", 0), np = p;
  np.precise = 0;
  /* §2.4 (docs [U3]): promote_types("float32", "int32") */
  EXPECT_PTYPES(p, "float32", "int32", "float64");
  EXPECT_PTYPES(np, "float32", "int32", "float32");
  /* §2.4: non-precise accepts precision loss, int64 may become float16 */
  EXPECT_PTYPES(np, "int64", "float16", "float16");
  EXPECT_PTYPES(p, "int64", "float16", "float64");
  /* §2.1 common_extra: (uint64, intN) -> float64 in both modes; (bfloat16, float16) -> float32 */
  EXPECT_PTYPES(p, "uint64", "int8", "float64");
  EXPECT_PTYPES(np, "int64", "uint64", "float64");
  EXPECT_PTYPES(np, "float16", "bfloat16",
                "error: IvyException: numpy: promote_types: numpy: as_ivy_dtype: Cannot convert to ivy dtype. "
                "bfloat16 is not supported by NumPy backend.");
  /* §2.1 precise_extra vs extra: complex64 x int32 */
  EXPECT_PTYPES(p, "int32", "complex64", "complex128");
  EXPECT_PTYPES(np, "int32", "complex64", "complex64");
  /* §2.3 step 2: Python types through as_ivy_dtype -> defaults int32/float32/complex64 (§3.3) */
  EXPECT_PTYPES(p, "int", "int8", "int32");
  EXPECT_PTYPES(p, "int", "float", "float64"); /* int32 x float32, precise */
  EXPECT_PTYPES(np, "int", "float", "float32");
  EXPECT_PTYPES(p, "complex", "float64", "complex128");
  EXPECT_PTYPES(p, "bool", "complex", "complex64");
  /* with a pushed default int (ivy.set_default_int_dtype("int64"), §3.3) */
  assert_int_equal(tl_default_dtype_push(TL_KIND_INT, TL_INT64), TL_OK);
  EXPECT_PTYPES(p, "int", "int8", "int64");
  EXPECT_PTYPES(p, "int", "float32", "float64");
  assert_int_equal(tl_default_dtype_pop(TL_KIND_INT), TL_OK);
  /* §1.1: a default outside Ivy's 15 dtypes is what ivy.Dtype rejects */
  tl_config bad = p;
  bad.default_float = TL_FLOAT8_E4M3FN;
  EXPECT_PTYPES(bad, "float", "int8", "error: IvyException: float8_e4m3fn is not supported by ivy");
  EXPECT_PTYPES(bad, "int", "int8", "int32");
}

static void can_cast_cases(void **s) {
  (void)s;
  tl_config p = rt_cfg("ivy", 0), np = p;
  np.precise = 0;
  struct {
    const tl_config *c;
    tl_dtype f, t;
    int want;
  } cases[] = {
      /* §3.1 docstring examples */
      {&p, TL_UINT8, TL_INT32, 1},
      {&p, TL_FLOAT64, TL_INT64, 0},
      /* §3.1: int32 -> float32 is False in precise mode, True in non-precise */
      {&p, TL_INT32, TL_FLOAT32, 0},
      {&np, TL_INT32, TL_FLOAT32, 1},
      /* §8.4: mode-dependent; kinds never matter beyond the table */
      {&np, TL_UINT64, TL_FLOAT16, 1},
      {&p, TL_UINT64, TL_FLOAT16, 0},
      {&p, TL_BOOL, TL_COMPLEX64, 1},
      {&p, TL_COMPLEX64, TL_FLOAT64, 0},
      {&p, TL_INT8, TL_UINT64, 0}, /* -> float64 */
      /* Python types are their defaults: int -> int32 */
      {&p, TL_WEAK_INT, TL_INT32, 1},
      {&p, TL_INT8, TL_WEAK_INT, 1},
      {&p, TL_INT64, TL_WEAK_INT, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int y = -1;
    /* the casting mode is ignored: Ivy's can_cast has none */
    for (int m = TL_CASTING_NO; m <= TL_CASTING_UNSAFE; m++) {
      assert_int_equal(tl_can_cast(cases[i].c, cases[i].f, TL_BYTEORDER_NATIVE, cases[i].t, TL_BYTEORDER_NATIVE,
                                   (tl_casting)m, &y),
                       TL_OK);
      if (y != cases[i].want)
        fail_msg("case %zu: can_cast(%s, %s) = %d", i, tl_dtype_name(cases[i].f), tl_dtype_name(cases[i].t), y);
    }
  }
}

/* §3.1 promote_types_of_inputs, as ivy.add calls it (--op) and called
 * directly (--function); values checked against the live Ivy. */
static void scalars_op(void **s) {
  (void)s;
  tl_config o = rt_cfg("ivy", 1), onp = o, f = o;
  onp.precise = 0;
  f.op_form = TL_OP_FUNCTION;
  /* Python float with an int or uint array -> float64 ("int" in the dtype name) */
  EXPECT_PROMOTE(o, "array:int32 1.5", "float64");
  EXPECT_PROMOTE(o, "array:uint8 1.5", "float64");
  EXPECT_PROMOTE(onp, "array:int8 1.5", "float64");
  EXPECT_PROMOTE(f, "1.5 array:int32", "float64");
  /* otherwise the scalar adopts the array's dtype, then NumPy converts it */
  EXPECT_PROMOTE(o, "array:float16 1.0", "float16");
  EXPECT_PROMOTE(o, "array:int8 1000",
                 "error: IvyBackendException: numpy: add: numpy: promote_types_of_inputs: Python integer 1000 out of "
                 "bounds for int8");
  EXPECT_PROMOTE(o, "array:uint8 -1",
                 "error: IvyBackendException: numpy: add: numpy: promote_types_of_inputs: Python integer -1 out of "
                 "bounds for uint8");
  EXPECT_PROMOTE(f, "array:uint64 -1",
                 "error: IvyBackendException: numpy: promote_types_of_inputs: Python integer -1 out of bounds for uint64");
  EXPECT_PROMOTE(f, "array:uint64 9223372036854775808", "uint64");
  EXPECT_PROMOTE(f, "array:int64 9223372036854775808",
                 "error: IvyBackendException: numpy: promote_types_of_inputs: Python int too large to convert to C long");
  EXPECT_PROMOTE(o, "array:int8 True", "int8");
  EXPECT_PROMOTE(o, "array:complex64 1.5", "complex64");
  /* complex with a non-complex array -> complex128 */
  EXPECT_PROMOTE(o, "array:float16 1j", "complex128");
  EXPECT_PROMOTE(f, "array:bool 1j", "complex128");
  /* bool array: ivy.add passes a NumPy array, so a non-bool scalar gets its own
   * inferred dtype (§3.3, value based; big negatives stay int32 and overflow) */
  EXPECT_PROMOTE(o, "array:bool 1", "int32");
  EXPECT_PROMOTE(o, "array:bool 1e300", "float64");
  EXPECT_PROMOTE(o, "array:bool 3000000000", "int64");
  EXPECT_PROMOTE(o, "array:bool -3000000000",
                 "error: IvyBackendException: numpy: add: numpy: promote_types_of_inputs: Python integer -3000000000 "
                 "out of bounds for int32");
  /* ... called directly on an ivy.Array, `arr.dtype == bool` is False: bool */
  EXPECT_PROMOTE(f, "array:bool 1", "bool");
  EXPECT_PROMOTE(f, "array:bool 1.5", "bool");
  EXPECT_PROMOTE(f, "scalar:bool:True 1", "int32"); /* a NumPy scalar has a NumPy dtype */
  /* two Python scalars: both inferred, then the table (int32 x float32) */
  EXPECT_PROMOTE(f, "1 2.5", "float64");
  /* N operands: ((x1 + x2) + x3), left to right */
  EXPECT_PROMOTE(o, "array:int8 1.5 array:float16", "float64");
  EXPECT_PROMOTE(o, "array:int8 array:float16 1.5", "float16");
  /* with a pushed default float (ivy.set_default_float_dtype("float64")) */
  assert_int_equal(tl_default_dtype_push(TL_KIND_FLOAT, TL_FLOAT64), TL_OK);
  EXPECT_PROMOTE(o, "array:bool 1.5", "float64");
  assert_int_equal(tl_default_dtype_pop(TL_KIND_FLOAT), TL_OK);
}

/* result_type without --op: the numpy backend folds np.result_type left to
 * right (order matters); one operand is an error. Checked against live Ivy. */
static void result_type_fold(void **s) {
  (void)s;
  tl_config p = rt_cfg("ivy", 0), np = p;
  np.precise = 0;
  EXPECT_PROMOTE(p, "int8 uint8 float16", "float32"); /* (i8,u8)=i16; (i16,f16)=f32 */
  EXPECT_PROMOTE(p, "float16 uint8 int8", "float16");
  EXPECT_PROMOTE(np, "int8 uint64", "float64");
  EXPECT_PROMOTE(p, "float16 bfloat16",
                 "error: IvyBackendException: numpy: result_type: data type 'bfloat16' not understood");
  EXPECT_PROMOTE(p, "float16",
                 "error: IvyBackendException: numpy: result_type: Tuple must have size 2, but has size 1");
  /* Python scalars and types as NumPy 2 sees them */
  EXPECT_PROMOTE(p, "array:int8 1.5", "float64");
  EXPECT_PROMOTE(p, "array:int8 3000000000", "int8");
  EXPECT_PROMOTE(p, "array:int8 float", "float64");
  EXPECT_PROMOTE(p, "int float", "float64");
  EXPECT_PROMOTE(p, "int8 1.5 int32", "float64");
}

/* table --rules ivy: weak kinds are Python scalars next to the other operand. */
static void table_cells(void **s) {
  (void)s;
  tl_config p = rt_cfg("ivy", 0), np = p;
  np.precise = 0;
  struct {
    const tl_config *c;
    tl_dtype a, b, want;
  } cases[] = {
      {&p, TL_INT8, TL_WEAK_FLOAT, TL_FLOAT64},      {&p, TL_WEAK_FLOAT, TL_INT8, TL_FLOAT64},
      {&p, TL_BOOL, TL_WEAK_INT, TL_INT32},          {&p, TL_FLOAT16, TL_WEAK_COMPLEX, TL_COMPLEX128},
      {&p, TL_COMPLEX64, TL_WEAK_COMPLEX, TL_COMPLEX64}, {&p, TL_UINT8, TL_WEAK_INT, TL_UINT8},
      {&p, TL_WEAK_INT, TL_WEAK_FLOAT, TL_FLOAT64},  {&np, TL_WEAK_INT, TL_WEAK_FLOAT, TL_FLOAT32},
      {&p, TL_WEAK_INT, TL_WEAK_COMPLEX, TL_COMPLEX128}, {&np, TL_WEAK_INT, TL_WEAK_COMPLEX, TL_COMPLEX64},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tl_dtype got = TL_DTYPE_NONE;
    assert_int_equal(tl_table_cell(cases[i].c, cases[i].a, cases[i].b, &got), TL_OK);
    if (got != cases[i].want) fail_msg("case %zu: %s", i, tl_dtype_name(got));
  }
}

static void registry(void **s) {
  (void)s;
  const tl_rules *r = NULL;
  assert_int_equal(tl_rules_find("ivy", &r), TL_OK);
  assert_string_equal(tl_rules_name(r), "ivy");
  assert_non_null(strstr(tl_rules_checked_against(r), "ivy 1.0.0.5"));
  tl_dtype d[TL_NUM_DTYPES];
  /* §1: the 15 Ivy dtypes, then the three Python types */
  assert_int_equal(tl_rules_dtypes(r, d, TL_NUM_DTYPES), 18);
  assert_int_equal(d[14], TL_BOOL);
  assert_int_equal(d[15], TL_WEAK_INT);
  assert_null(tl_rules_lattice(r, NULL)); /* table-driven */
}

static void bad_input(void **s) {
  (void)s;
  rt_bad_input("ivy", TL_FLOAT8_E4M3FN);
  tl_config c = rt_cfg("ivy", 0), o = rt_cfg("ivy", 1);
  tl_dtype out = TL_BOOL;
  /* dtypes outside Ivy's 15 (+ weak kinds) */
  const tl_dtype outside[] = {TL_INT4, TL_UINT2, TL_COMPLEX32, TL_FLOAT8_E5M2, TL_FLOAT4_E2M1FN};
  for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
    assert_int_equal(tl_promote_types(&c, TL_INT8, outside[i], &out), TL_EDTYPE);
    assert_int_equal(tl_table_cell(&c, outside[i], TL_INT8, &out), TL_EDTYPE);
    int y = 3;
    assert_int_equal(tl_can_cast(&c, outside[i], TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &y),
                     TL_EDTYPE);
    assert_int_equal(y, 3);
    tl_operand ops[2] = {tl_operand_array(TL_INT8, 0), tl_operand_array(outside[i], 0)};
    tl_result r = {TL_BOOL, 0};
    assert_int_equal(tl_result_type(&o, ops, 2, &r), TL_EDTYPE);
    assert_int_equal(r.dtype, TL_BOOL);
  }
  assert_int_equal(out, TL_BOOL);
  /* a weak kind as an array dtype is not an operand */
  tl_operand w = tl_operand_array(TL_WEAK_INT, 0);
  tl_result r = {TL_BOOL, 0};
  assert_int_equal(tl_result_type(&c, &w, 1, &r), TL_EINVAL);
  /* n == 0 in op mode too */
  tl_operand one = tl_operand_array(TL_INT8, 0);
  assert_int_equal(tl_result_type(&o, &one, 0, &r), TL_EINVAL);
  assert_int_equal(tl_table_cell(&c, TL_INT8, (tl_dtype)-7, &out), TL_EDTYPE);
  /* an op_form that is neither operator nor function */
  tl_config badform = o;
  badform.op_form = 2;
  tl_operand two[2] = {tl_operand_array(TL_INT8, 0), tl_operand_array(TL_INT16, 0)};
  r.dtype = TL_BOOL;
  assert_int_equal(tl_result_type(&badform, two, 2, &r), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "op_form is 2"));
  assert_int_equal(r.dtype, TL_BOOL);
  /* a bad default reached through a Python scalar in op mode (§1.1) */
  o.default_int = TL_INT4;
  EXPECT_PROMOTE(o, "array:bool 1", "error: IvyException: int4 is not supported by ivy");
  EXPECT_PROMOTE(o, "array:int8 1", "int8");
  assert_int_equal(out, TL_BOOL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(matrix_precise),  cmocka_unit_test(matrix_non_precise), cmocka_unit_test(precise_is_default),
      cmocka_unit_test(promote_types_cases), cmocka_unit_test(can_cast_cases), cmocka_unit_test(scalars_op),
      cmocka_unit_test(result_type_fold), cmocka_unit_test(table_cells),   cmocka_unit_test(registry),
      cmocka_unit_test(bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
