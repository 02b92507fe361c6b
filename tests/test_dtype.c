/* test_dtype.c — the dtype catalogue, finfo/iinfo against values recorded
 * from numpy/ml_dtypes (tests/data/finfo.tsv, iinfo.tsv), the format table
 * of the reference (tests/data/seed/mldtypes_formats.txt), every accepted and
 * rejected spelling, DLPack codes, classification and isdtype. */
#include "tl_test_util.h"

#include <math.h>

/* The catalogue names, in enum order, as the header pins them (ABI). */
static const char *const names[TL_NUM_DTYPES] = {
    "bool",          "int2",          "int4",          "int8",          "int16",         "int32",
    "int64",         "uint2",         "uint4",         "uint8",         "uint16",        "uint32",
    "uint64",        "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4",   "float8_e4m3",
    "float8_e4m3fn", "float8_e4m3fnuz", "float8_e4m3b11fnuz", "float8_e5m2", "float8_e5m2fnuz",
    "float8_e8m0fnu", "bfloat16",    "float16",       "float32",       "float64",       "complex32",
    "complex64",     "complex128",    "int*",          "float*",        "complex*",
    /* appended (values 34..) */
    "int1",          "uint1",         "int3",          "int5",          "int6",          "int7",
    "uint3",         "uint5",         "uint6",         "uint7",         "bcomplex32",    "float4_e2m1fn_x2"};

/* Bit widths as JAX's itemsize_bits (jax.md §1): bool 8, intN N, floatN N, complex 2x. */
static const int bits[TL_NUM_DTYPES] = {8, 2, 4, 8, 16, 32, 64, 2, 4, 8, 16, 32, 64, 4, 6, 6, 8, 8,
                                        8, 8, 8, 8, 8, 8, 16, 16, 32, 64, 32, 64, 128, 0, 0, 0,
                                        1, 1, 3, 5, 6, 7, 3, 5, 6, 7, 32, 8};

static void test_catalogue(void **s) {
  (void)s;
  assert_int_equal(TL_NUM_DTYPES, 46);
  assert_int_equal(TL_NUM_CONCRETE, 46);
  /* the values of the first 34 entries are pinned (ABI) */
  assert_int_equal(TL_WEAK_COMPLEX, 33);
  assert_int_equal(TL_COMPLEX128, 30);
  for (int i = 0; i < TL_NUM_DTYPES; i++) {
    const tl_dtype_info *in = tl_dtype_get((tl_dtype)i);
    assert_non_null(in);
    assert_int_equal(in->id, i);
    assert_string_equal(in->name, names[i]);
    assert_string_equal(tl_dtype_name((tl_dtype)i), names[i]);
    assert_int_equal(in->bits, bits[i]);
    int weak = i >= TL_WEAK_INT && i <= TL_WEAK_COMPLEX;
    assert_int_equal(in->weak, weak);
    assert_int_equal(tl_dtype_is_weak((tl_dtype)i), weak);
    if (weak) {
      assert_int_equal(in->itemsize, 0);
      assert_int_equal(in->alignment, 0);
    } else {
      /* one element per byte for sub-byte types (ml_dtypes storage) */
      int want = bits[i] < 8 ? 1 : bits[i] / 8;
      assert_int_equal(in->itemsize, want);
      assert_true(in->alignment >= 1 && in->alignment <= in->itemsize);
    }
    /* parse(name) round-trips */
    tl_dtype d = TL_DTYPE_NONE;
    assert_int_equal(tl_dtype_parse(names[i], &d, NULL), TL_OK);
    assert_int_equal(d, i);
  }
  assert_int_equal(tl_dtype_get(TL_WEAK_INT)->kind, TL_KIND_INT);
  assert_int_equal(tl_dtype_get(TL_WEAK_FLOAT)->kind, TL_KIND_FLOAT);
  assert_int_equal(tl_dtype_get(TL_WEAK_COMPLEX)->kind, TL_KIND_COMPLEX);
  assert_int_equal(tl_dtype_get(TL_COMPLEX32)->component, TL_FLOAT16);
  assert_int_equal(tl_dtype_get(TL_COMPLEX64)->component, TL_FLOAT32);
  assert_int_equal(tl_dtype_get(TL_COMPLEX128)->component, TL_FLOAT64);
  assert_int_equal(tl_dtype_get(TL_FLOAT32)->component, TL_DTYPE_NONE);
  assert_int_equal(tl_dtype_get(TL_BCOMPLEX32)->component, TL_BFLOAT16);
  assert_int_equal(tl_dtype_get(TL_BCOMPLEX32)->itemsize, 4);
  assert_int_equal(tl_dtype_get(TL_BCOMPLEX32)->alignment, 2);
  assert_int_equal(tl_dtype_get(TL_INT1)->kind, TL_KIND_INT);
  assert_int_equal(tl_dtype_get(TL_UINT7)->kind, TL_KIND_UINT);
  assert_int_equal(tl_dtype_get(TL_FLOAT4_E2M1FN_X2)->kind, TL_KIND_FLOAT);
  /* bad values */
  assert_null(tl_dtype_get((tl_dtype)TL_NUM_DTYPES));
  assert_int_equal(tl_errtype()[0] != 0, 1);
  assert_null(tl_dtype_get(TL_DTYPE_NONE));
  assert_null(tl_dtype_get((tl_dtype)-100));
  assert_string_equal(tl_dtype_name((tl_dtype)TL_NUM_DTYPES), "?");
  assert_string_equal(tl_dtype_name(TL_DTYPE_NONE), "?");
  assert_string_equal(tl_dtype_name((tl_dtype)1000000), "?");
}

/* ---- finfo / iinfo vs recorded values ------------------------------------------------- */

static void test_finfo_recorded(void **s) {
  (void)s;
  char *text = tt_read_file("tests/data/finfo.tsv");
  int rows = 0, header = 0;
  int seen[TL_NUM_DTYPES] = {0};
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (line[0] == '#') continue;
    if (!header) { /* column names */
      assert_non_null(strstr(line, "dtype\tbits\teps\tepsneg\tmax\tmin"));
      header = 1;
      continue;
    }
    char name[32];
    int b, nexp, nmant, maxexp, minexp, prec, machep, negep, iexp;
    char f[7][40];
    int n = sscanf(line, "%31s %d %39s %39s %39s %39s %39s %39s %39s %d %d %d %d %d %d %d %d", name, &b, f[0], f[1],
                   f[2], f[3], f[4], f[5], f[6], &nexp, &nmant, &maxexp, &minexp, &prec, &machep, &negep, &iexp);
    assert_int_equal(n, 17);
    double v[7];
    for (int k = 0; k < 7; k++) v[k] = strtod(f[k], NULL);
    tl_dtype d;
    if (tl_dtype_parse(name, &d, NULL) != TL_OK) fail_msg("finfo.tsv names unknown dtype %s", name);
    tl_finfo fi;
    memset(&fi, 0xAB, sizeof fi);
    if (tl_finfo_get(d, &fi) != TL_OK) fail_msg("finfo(%s): %s", name, tl_errmsg());
    const double got[7] = {fi.eps, fi.epsneg, fi.max, fi.min, fi.smallest_normal, fi.smallest_subnormal,
                           fi.resolution};
    static const char *const fld[7] = {"eps", "epsneg", "max", "min", "smallest_normal", "smallest_subnormal",
                                       "resolution"};
    for (int k = 0; k < 7; k++)
      if (got[k] != v[k]) fail_msg("finfo(%s).%s = %a, numpy/ml_dtypes say %a", name, fld[k], got[k], v[k]);
    if (fi.bits != b || fi.nexp != nexp || fi.nmant != nmant || fi.maxexp != maxexp || fi.minexp != minexp ||
        fi.precision != prec)
      fail_msg("finfo(%s) ints: bits %d/%d nexp %d/%d nmant %d/%d maxexp %d/%d minexp %d/%d precision %d/%d", name,
               fi.bits, b, fi.nexp, nexp, fi.nmant, nmant, fi.maxexp, maxexp, fi.minexp, minexp, fi.precision, prec);
    if (fi.machep != machep || fi.negep != negep || fi.iexp != iexp)
      fail_msg("finfo(%s): machep %d/%d negep %d/%d iexp %d/%d", name, fi.machep, machep, fi.negep, negep, fi.iexp, iexp);
    seen[d] = 1;
    rows++;
  }
  free(text);
  assert_int_equal(rows, 18);
  /* every real floating dtype has recorded values */
  for (int i = 0; i < TL_NUM_CONCRETE; i++)
    if (tl_dtype_is_floating((tl_dtype)i) && !tl_dtype_is_weak((tl_dtype)i) && i != TL_FLOAT4_E2M1FN_X2 && !seen[i])
      fail_msg("no recorded finfo for %s", names[i]);
  /* non-floating: ValueError, output untouched */
  tl_finfo fi;
  memset(&fi, 0, sizeof fi);
  fi.bits = 77;
  assert_int_equal(tl_finfo_get(TL_INT32, &fi), TL_EDTYPE);
  assert_int_equal(fi.bits, 77);
  assert_non_null(strstr(tl_errmsg(), "int32"));
  assert_int_equal(tl_finfo_get(TL_BOOL, &fi), TL_EDTYPE);
  assert_int_equal(tl_finfo_get(TL_WEAK_FLOAT, &fi), TL_EDTYPE);
  assert_int_equal(tl_finfo_get((tl_dtype)99, &fi), TL_EDTYPE);
  assert_int_equal(tl_finfo_get(TL_FLOAT32, NULL), TL_EINVAL);
  /* complex32's component is float16 (finfo of the component, bits halved as NumPy) */
  assert_int_equal(tl_finfo_get(TL_COMPLEX32, &fi), TL_OK);
  assert_int_equal(fi.bits, 16);
  assert_true(fi.max == 65504.0);
}

static void test_iinfo_recorded(void **s) {
  (void)s;
  char *text = tt_read_file("tests/data/iinfo.tsv");
  int rows = 0, header = 0;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (line[0] == '#') continue;
    if (!header) {
      header = 1;
      continue;
    }
    char name[32], mn[32], mx[32];
    int b;
    assert_int_equal(sscanf(line, "%31s %d %31s %31s", name, &b, mn, mx), 4);
    tl_dtype d;
    assert_int_equal(tl_dtype_parse(name, &d, NULL), TL_OK);
    tl_iinfo ii;
    assert_int_equal(tl_iinfo_get(d, &ii), TL_OK);
    assert_int_equal(ii.bits, b);
    if (ii.min != strtoll(mn, NULL, 10)) fail_msg("iinfo(%s).min = %lld, expected %s", name, (long long)ii.min, mn);
    if (ii.max != strtoull(mx, NULL, 10))
      fail_msg("iinfo(%s).max = %llu, expected %s", name, (unsigned long long)ii.max, mx);
    rows++;
  }
  free(text);
  assert_int_equal(rows, 14);
  tl_iinfo ii = {99, 0, 0};
  assert_int_equal(tl_iinfo_get(TL_BOOL, &ii), TL_EDTYPE);
  assert_string_equal(tl_errmsg(), "Invalid integer data type 'bool'.");
  assert_string_equal(tl_errtype(), "ValueError");
  assert_int_equal(ii.bits, 99);
  assert_int_equal(tl_iinfo_get(TL_FLOAT32, &ii), TL_EDTYPE);
  assert_int_equal(tl_iinfo_get(TL_WEAK_INT, &ii), TL_EDTYPE);
  assert_int_equal(tl_iinfo_get((tl_dtype)-5, &ii), TL_EDTYPE);
  assert_int_equal(tl_iinfo_get(TL_INT8, NULL), TL_EINVAL);
}

static void test_formats(void **s) {
  (void)s;
  char *text = tt_read_file("tests/data/seed/mldtypes_formats.txt");
  int rows = 0;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (line[0] == '#') continue;
    char name[32];
    int E, M, bias, inf, nzero;
    long nans;
    assert_int_equal(sscanf(line, "%31s %d %d %d %d %ld %d", name, &E, &M, &bias, &inf, &nans, &nzero), 7);
    tl_dtype d;
    assert_int_equal(tl_dtype_parse(name, &d, NULL), TL_OK);
    const tl_dtype_info *in = tl_dtype_get(d);
    if (in->exponent_bits != E || in->mantissa_bits != M || in->bias != bias || in->has_inf != inf ||
        in->nan_encodings != nans || in->has_negative_zero != nzero)
      fail_msg("%s: E %d/%d M %d/%d bias %d/%d inf %d/%d nans %d/%ld -0 %d/%d", name, in->exponent_bits, E,
               in->mantissa_bits, M, in->bias, bias, in->has_inf, inf, in->nan_encodings, nans,
               in->has_negative_zero, nzero);
    assert_int_equal(in->has_nan, nans != 0);
    assert_int_equal(in->finite_only, !inf);
    rows++;
  }
  free(text);
  assert_int_equal(rows, 14);
  /* float8_e8m0fnu has no sign bit; every other float is signed */
  assert_int_equal(tl_dtype_get(TL_FLOAT8_E8M0FNU)->is_signed, 0);
  assert_int_equal(tl_dtype_get(TL_FLOAT8_E4M3FN)->is_signed, 1);
  assert_int_equal(tl_dtype_get(TL_UINT8)->is_signed, 0);
  assert_int_equal(tl_dtype_get(TL_INT4)->is_signed, 1);
  assert_int_equal(tl_dtype_get(TL_FLOAT8_E4M3FNUZ)->unsigned_zero, 1);
  assert_int_equal(tl_dtype_get(TL_FLOAT8_E4M3FN)->unsigned_zero, 0);
}

/* ---- names ------------------------------------------------------------------------------ */

typedef struct {
  const char *name;
  tl_dtype d;
  char order; /* 0: not checked */
} spelling;

static const spelling accepted[] = {
    /* typestrs with byte order (NumPy array protocol) */
    {"<f4", TL_FLOAT32, '<'},   {">f4", TL_FLOAT32, '>'},   {"=f4", TL_FLOAT32, '='},   {"|b1", TL_BOOL, '|'},
    {"<i2", TL_INT16, '<'},     {">i4", TL_INT32, '>'},     {"<i8", TL_INT64, '<'},     {">u2", TL_UINT16, '>'},
    {"<u4", TL_UINT32, '<'},    {"<u8", TL_UINT64, '<'},    {">u8", TL_UINT64, '>'},    {"<f2", TL_FLOAT16, '<'},
    {"<f8", TL_FLOAT64, '<'},   {"<c8", TL_COMPLEX64, '<'}, {">c16", TL_COMPLEX128, '>'}, {"|u1", TL_UINT8, '|'},
    {"|i1", TL_INT8, '|'},      {"<u1", TL_UINT8, '|'},     {">i1", TL_INT8, '|'},      {"<b1", TL_BOOL, '|'},
    /* typestrs without prefix */
    {"i8", TL_INT64, 0},        {"u1", TL_UINT8, 0},        {"c8", TL_COMPLEX64, 0},    {"f2", TL_FLOAT16, 0},
    {"f4", TL_FLOAT32, 0},      {"f8", TL_FLOAT64, 0},      {"i1", TL_INT8, 0},         {"i2", TL_INT16, 0},
    {"i4", TL_INT32, 0},        {"u2", TL_UINT16, 0},       {"u4", TL_UINT32, 0},       {"b1", TL_BOOL, 0},
    {"c16", TL_COMPLEX128, 0},
    /* NumPy type characters */
    {"?", TL_BOOL, 0},          {"b", TL_INT8, 0},          {"B", TL_UINT8, 0},         {"h", TL_INT16, 0},
    {"H", TL_UINT16, 0},        {"i", TL_INT32, 0},         {"I", TL_UINT32, 0},        {"l", TL_INT64, 0},
    {"L", TL_UINT64, 0},        {"q", TL_INT64, 0},         {"Q", TL_UINT64, 0},        {"e", TL_FLOAT16, 0},
    {"f", TL_FLOAT32, 0},       {"d", TL_FLOAT64, 0},       {"F", TL_COMPLEX64, 0},     {"D", TL_COMPLEX128, 0},
    {"p", TL_INT64, 0},         {"P", TL_UINT64, 0},        {">p", TL_INT64, '>'},
    /* NumPy's scalar-type names, as np.dtype(name) gives them (NumPy 2, x86-64 Linux) */
    {"byte", TL_INT8, 0},       {"ubyte", TL_UINT8, 0},     {"short", TL_INT16, 0},     {"ushort", TL_UINT16, 0},
    {"intc", TL_INT32, 0},      {"uintc", TL_UINT32, 0},    {"long", TL_INT64, 0},      {"ulong", TL_UINT64, 0},
    {"longlong", TL_INT64, 0},  {"ulonglong", TL_UINT64, 0}, {"intp", TL_INT64, 0},     {"uintp", TL_UINT64, 0},
    {"int_", TL_INT64, 0},      {"uint", TL_UINT64, 0},     {"half", TL_FLOAT16, 0},    {"single", TL_FLOAT32, 0},
    {"double", TL_FLOAT64, 0},  {"csingle", TL_COMPLEX64, 0}, {"cdouble", TL_COMPLEX128, 0},
    /* Python names and bfloat16 */
    {"bool", TL_BOOL, '='},     {"int", TL_WEAK_INT, 0},    {"float", TL_WEAK_FLOAT, 0}, {"complex", TL_WEAK_COMPLEX, 0},
    {"bf16", TL_BFLOAT16, 0},   {"bfloat16", TL_BFLOAT16, 0}, {"float32", TL_FLOAT32, '='}, {"int*", TL_WEAK_INT, 0},
    {"float8_e4m3fn", TL_FLOAT8_E4M3FN, '='},
};

static void test_accepted_spellings(void **s) {
  (void)s;
  for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
    tl_dtype d = TL_DTYPE_NONE;
    tl_byteorder bo = (tl_byteorder)0;
    int st = tl_dtype_parse(accepted[i].name, &d, &bo);
    if (st != TL_OK) fail_msg("'%s' rejected: %s", accepted[i].name, tl_errmsg());
    if (d != accepted[i].d)
      fail_msg("'%s' parsed as %s, expected %s", accepted[i].name, tl_dtype_name(d), tl_dtype_name(accepted[i].d));
    if (accepted[i].order && bo != (tl_byteorder)accepted[i].order)
      fail_msg("'%s': byte order '%c', expected '%c'", accepted[i].name, (char)bo, accepted[i].order);
    assert_string_equal(tl_errmsg(), "");
    /* byteorder may be NULL */
    assert_int_equal(tl_dtype_parse(accepted[i].name, &d, NULL), TL_OK);
  }
}

typedef struct {
  const char *name;
  const char *must_contain[3];
} rejection;

static const rejection rejected[] = {
    /* bit-width short forms: say why, suggest the canonical name */
    {"f16", {"bit-width", "'float16'", NULL}},  {"f32", {"bit-width", "'float32'", NULL}},
    {"f64", {"bit-width", "'float64'", NULL}},  {"i16", {"bit-width", "'int16'", NULL}},
    {"i32", {"bit-width", "'int32'", NULL}},    {"i64", {"bit-width", "'int64'", NULL}},
    {"u16", {"bit-width", "'uint16'", NULL}},   {"u32", {"bit-width", "'uint32'", NULL}},
    {"u64", {"bit-width", "'uint64'", NULL}},   {"c64", {"bit-width", "'complex64'", NULL}},
    {"c128", {"bit-width", "'complex128'", NULL}},
    {"u8", {"bit-width", "uint8", "uint64"}}, /* typestr uint64 vs bit-width uint8: name both */
    /* NumPy refuses its scalar-type names with a byte order too */
    {"<double", {"<double", NULL, NULL}},  {"|byte", {"|byte", NULL, NULL}},
    /* unknown names with a suggestion */
    {"flaot32", {"unknown dtype 'flaot32' (did you mean 'float32'?)", NULL, NULL}},
    {"Float32", {"'Float32'", "did you mean 'float32'?", NULL}},
    {"int33", {"'int33'", NULL, NULL}},
    {"bfloat", {"'bfloat'", NULL, NULL}},
    {"xyzzy", {"unknown dtype 'xyzzy'", NULL, NULL}},
    {"", {"empty", NULL, NULL}},
    {"<int", {"'<int'", NULL, NULL}},
    {"<float", {"'<float'", NULL, NULL}},
    {"<bfloat16", {"'<bfloat16'", NULL, NULL}},
    {"<f3", {"'<f3'", NULL, NULL}},
    {"<>f4", {"'<>f4'", NULL, NULL}},
    {"<", {"'<'", NULL, NULL}},
    {"f4 ", {"'f4 '", NULL, NULL}},
    {"float32\n", {"unknown dtype", NULL, NULL}},
    {"int8,int16", {"unknown dtype", NULL, NULL}},
    {"int*x", {"unknown dtype", NULL, NULL}},
    {"u", {"unknown dtype 'u'", NULL, NULL}},
};

static void test_rejected_spellings(void **s) {
  (void)s;
  for (size_t i = 0; i < sizeof rejected / sizeof rejected[0]; i++) {
    tl_dtype d = (tl_dtype)77;
    tl_byteorder bo = (tl_byteorder)'x';
    int st = tl_dtype_parse(rejected[i].name, &d, &bo);
    if (st != TL_EDTYPE)
      fail_msg("'%s' not rejected with TL_EDTYPE: %s -> %s", rejected[i].name, tl_status_name(st), tl_dtype_name(d));
    assert_int_equal(d, 77);
    assert_int_equal(bo, 'x');
    for (int k = 0; k < 3 && rejected[i].must_contain[k]; k++)
      if (!strstr(tl_errmsg(), rejected[i].must_contain[k]))
        fail_msg("'%s': message \"%s\" lacks \"%s\"", rejected[i].name, tl_errmsg(), rejected[i].must_contain[k]);
    assert_string_equal(tl_errtype(), "UsageError");
  }
  /* the exact message of the header's example */
  tl_dtype d;
  assert_int_equal(tl_dtype_parse("flaot32", &d, NULL), TL_EDTYPE);
  assert_string_equal(tl_errmsg(), "unknown dtype 'flaot32' (did you mean 'float32'?)");
  /* a very long name: rejected, message bounded */
  char longname[5000];
  memset(longname, 'x', sizeof longname - 1);
  longname[sizeof longname - 1] = '\0';
  assert_int_equal(tl_dtype_parse(longname, &d, NULL), TL_EDTYPE);
  assert_true(strlen(tl_errmsg()) < 200);
  /* NULL arguments */
  assert_int_equal(tl_dtype_parse(NULL, &d, NULL), TL_EINVAL);
  assert_int_equal(tl_dtype_parse("int8", NULL, NULL), TL_EINVAL);
}

/* ---- DLPack 1.1 (style_perf.md §A.5) ----------------------------------------------------- */

static void test_dlpack(void **s) {
  (void)s;
  static const struct { tl_dtype d; uint8_t code, bits; } want[] = {
      {TL_BOOL, 6, 8},        {TL_INT2, 0, 2},        {TL_INT4, 0, 4},          {TL_INT8, 0, 8},
      {TL_INT16, 0, 16},      {TL_INT32, 0, 32},      {TL_INT64, 0, 64},        {TL_UINT2, 1, 2},
      {TL_UINT4, 1, 4},       {TL_UINT8, 1, 8},       {TL_UINT16, 1, 16},       {TL_UINT32, 1, 32},
      {TL_UINT64, 1, 64},     {TL_FLOAT16, 2, 16},    {TL_FLOAT32, 2, 32},      {TL_FLOAT64, 2, 64},
      {TL_BFLOAT16, 4, 16},   {TL_COMPLEX32, 5, 32},  {TL_COMPLEX64, 5, 64},    {TL_COMPLEX128, 5, 128},
      {TL_FLOAT8_E3M4, 7, 8}, {TL_FLOAT8_E4M3, 8, 8}, {TL_FLOAT8_E4M3B11FNUZ, 9, 8}, {TL_FLOAT8_E4M3FN, 10, 8},
      {TL_FLOAT8_E4M3FNUZ, 11, 8}, {TL_FLOAT8_E5M2, 12, 8}, {TL_FLOAT8_E5M2FNUZ, 13, 8},
      {TL_FLOAT8_E8M0FNU, 14, 8}, {TL_FLOAT6_E2M3FN, 15, 6}, {TL_FLOAT6_E3M2FN, 16, 6},
      {TL_FLOAT4_E2M1FN, 17, 4},
      {TL_INT1, 0, 1},        {TL_INT3, 0, 3},        {TL_INT5, 0, 5},          {TL_INT6, 0, 6},
      {TL_INT7, 0, 7},        {TL_UINT1, 1, 1},       {TL_UINT3, 1, 3},         {TL_UINT5, 1, 5},
      {TL_UINT6, 1, 6},       {TL_UINT7, 1, 7}};
  /* every storage type but bcomplex32 and float4_e2m1fn_x2 (no DLPack type) */
  assert_int_equal(sizeof want / sizeof want[0], TL_NUM_CONCRETE - 3 - 2);
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    tl_dlpack_dtype dl = {99, 99, 99};
    assert_int_equal(tl_dtype_to_dlpack(want[i].d, &dl), TL_OK);
    if (dl.code != want[i].code || dl.bits != want[i].bits || dl.lanes != 1)
      fail_msg("%s -> (%u, %u, %u), expected (%u, %u, 1)", tl_dtype_name(want[i].d), dl.code, dl.bits, dl.lanes,
               want[i].code, want[i].bits);
    tl_dlpack_dtype in = {want[i].code, want[i].bits, 1};
    tl_dtype d = TL_DTYPE_NONE;
    assert_int_equal(tl_dtype_from_dlpack(in, &d), TL_OK);
    if (d != want[i].d)
      fail_msg("(%u, %u, 1) -> %s, expected %s", want[i].code, want[i].bits, tl_dtype_name(d),
               tl_dtype_name(want[i].d));
  }
  tl_dlpack_dtype dl = {1, 2, 3};
  for (int w = TL_WEAK_INT; w <= TL_WEAK_COMPLEX; w++) {
    assert_int_equal(tl_dtype_to_dlpack((tl_dtype)w, &dl), TL_EDTYPE);
    assert_int_equal(dl.code, 1);
  }
  assert_int_equal(tl_dtype_to_dlpack((tl_dtype)-1, &dl), TL_EDTYPE);
  /* complex bfloat16 and the packed float4 pair have no DLPack type */
  assert_int_equal(tl_dtype_to_dlpack(TL_BCOMPLEX32, &dl), TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "bcomplex32"));
  assert_int_equal(tl_dtype_to_dlpack(TL_FLOAT4_E2M1FN_X2, &dl), TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "float4_e2m1fn_x2"));
  assert_int_equal(dl.code, 1);
  assert_int_equal(tl_dtype_to_dlpack(TL_INT8, NULL), TL_EINVAL);
  tl_dtype d = (tl_dtype)55;
  const tl_dlpack_dtype bad[] = {{0, 32, 4}, {0, 32, 0}, {3, 64, 1}, {2, 8, 1}, {2, 128, 1}, {0, 9, 1},
                                 {6, 1, 1},  {4, 32, 1}, {5, 16, 1}, {7, 16, 1}, {18, 8, 1}, {255, 8, 1}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    if (tl_dtype_from_dlpack(bad[i], &d) != TL_EDTYPE)
      fail_msg("(%u, %u, %u) accepted as %s", bad[i].code, bad[i].bits, bad[i].lanes, tl_dtype_name(d));
    assert_int_equal(d, 55);
  }
  assert_non_null(strstr(tl_errmsg(), "255"));
  assert_int_equal(tl_dtype_from_dlpack(bad[0], NULL), TL_EINVAL);
}

/* ---- classification ---------------------------------------------------------------------- */

static void test_classification(void **s) {
  (void)s;
  for (int i = 0; i < TL_NUM_DTYPES; i++) {
    tl_dtype d = (tl_dtype)i;
    const char *n = names[i];
    int is_bool = i == TL_BOOL;
    int is_uint = strncmp(n, "uint", 4) == 0;
    int is_sint = (strncmp(n, "int", 3) == 0);
    int is_float = strncmp(n, "float", 5) == 0 || strncmp(n, "bfloat", 6) == 0;
    int is_cpx = strncmp(n, "complex", 7) == 0 || strcmp(n, "bcomplex32") == 0;
    assert_int_equal(tl_dtype_is_bool(d), is_bool);
    assert_int_equal(tl_dtype_is_signed(d), is_sint);
    assert_int_equal(tl_dtype_is_unsigned(d), is_uint);
    assert_int_equal(tl_dtype_is_integer(d), is_sint || is_uint);
    assert_int_equal(tl_dtype_is_floating(d), is_float);
    assert_int_equal(tl_dtype_is_complex(d), is_cpx);
    assert_int_equal(tl_dtype_is_numeric(d), !is_bool);
    assert_int_equal(tl_dtype_is_inexact(d), is_float || is_cpx);
    int k = (int)tl_dtype_get(d)->kind;
    assert_int_equal(k, is_bool ? 'b' : is_uint ? 'u' : is_sint ? 'i' : is_float ? 'f' : 'c');
  }
  tl_dtype bad[] = {TL_DTYPE_NONE, (tl_dtype)TL_NUM_DTYPES, (tl_dtype)-7, (tl_dtype)1000};
  for (int i = 0; i < 4; i++) {
    assert_int_equal(tl_dtype_is_bool(bad[i]), 0);
    assert_int_equal(tl_dtype_is_signed(bad[i]), 0);
    assert_int_equal(tl_dtype_is_unsigned(bad[i]), 0);
    assert_int_equal(tl_dtype_is_integer(bad[i]), 0);
    assert_int_equal(tl_dtype_is_floating(bad[i]), 0);
    assert_int_equal(tl_dtype_is_complex(bad[i]), 0);
    assert_int_equal(tl_dtype_is_numeric(bad[i]), 0);
    assert_int_equal(tl_dtype_is_inexact(bad[i]), 0);
    assert_int_equal(tl_dtype_is_weak(bad[i]), 0);
  }
}

static void test_isdtype(void **s) {
  (void)s;
  struct { tl_dtype d; const char *kind; int want; } cases[] = {
      {TL_BOOL, "bool", 1},           {TL_INT8, "bool", 0},               {TL_INT4, "signed integer", 1},
      {TL_UINT4, "signed integer", 0}, {TL_UINT2, "unsigned integer", 1}, {TL_INT64, "integral", 1},
      {TL_BOOL, "integral", 0},       {TL_BFLOAT16, "real floating", 1},  {TL_FLOAT8_E5M2, "real floating", 1},
      {TL_FLOAT4_E2M1FN, "real floating", 1}, {TL_COMPLEX64, "real floating", 0},
      {TL_COMPLEX64, "complex floating", 1}, {TL_FLOAT32, "complex floating", 0}, {TL_BOOL, "numeric", 0},
      {TL_UINT8, "numeric", 1},       {TL_FLOAT32, "bool, real floating", 1}, {TL_INT8, "bool,complex floating", 0},
      {TL_FLOAT32, "float32", 1},     {TL_FLOAT32, "<f4", 1},            {TL_FLOAT32, "float64", 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int out = -1;
    if (tl_isdtype(cases[i].d, cases[i].kind, &out) != TL_OK) fail_msg("isdtype(%s): %s", cases[i].kind, tl_errmsg());
    if (out != cases[i].want)
      fail_msg("isdtype(%s, '%s') = %d", tl_dtype_name(cases[i].d), cases[i].kind, out);
  }
  int out = 5;
  assert_int_equal(tl_isdtype(TL_INT8, "integer", &out), TL_EPARSE);
  assert_int_equal(out, 5);
  assert_string_equal(tl_errtype(), "ValueError");
  assert_non_null(strstr(tl_errmsg(), "'integer'"));
  assert_int_equal(tl_isdtype(TL_INT8, NULL, &out), TL_EINVAL);
  assert_int_equal(tl_isdtype(TL_INT8, "bool", NULL), TL_EINVAL);
  assert_int_equal(tl_isdtype((tl_dtype)99, "bool", &out), TL_EDTYPE);
  /* a very long kind is not a crash */
  char longk[600];
  memset(longk, 'k', sizeof longk - 1);
  longk[sizeof longk - 1] = '\0';
  assert_int_equal(tl_isdtype(TL_INT8, longk, &out), TL_EPARSE);
}

static void test_version(void **s) {
  (void)s;
  assert_int_equal(tl_version_number(), TL_VERSION_NUMBER);
  assert_string_equal(tl_version_string(), TL_VERSION_STRING);
  assert_string_equal(tl_version_string(), "0.1.0");
  assert_int_equal(TL_VERSION_NUMBER, 100);
}

/* The dtypes appended after the weak kinds (values 34..): display order,
 * names, limits, refused operations. */
static void test_appended_dtypes(void **s) {
  (void)s;
  /* display order: a permutation of the catalogue, by kind then width */
  tl_dtype order[TL_NUM_DTYPES + 1];
  assert_int_equal(tl_dtype_display_order(NULL, 0), TL_NUM_DTYPES);
  order[TL_NUM_DTYPES] = (tl_dtype)-77;
  assert_int_equal(tl_dtype_display_order(order, TL_NUM_DTYPES + 1), TL_NUM_DTYPES);
  assert_int_equal(order[TL_NUM_DTYPES], -77); /* nothing written past the catalogue */
  int seen[TL_NUM_DTYPES] = {0};
  for (int i = 0; i < TL_NUM_DTYPES; i++) {
    assert_true((int)order[i] >= 0 && (int)order[i] < TL_NUM_DTYPES);
    assert_int_equal(seen[order[i]], 0);
    seen[order[i]] = 1;
  }
  static const char *const want[] = {"bool", "int1", "int2", "int3", "int4", "int5", "int6", "int7", "int8"};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++) assert_string_equal(tl_dtype_name(order[i]), want[i]);
  assert_int_equal(order[TL_NUM_DTYPES - 1], TL_WEAK_COMPLEX);
  tl_dtype two[2] = {(tl_dtype)-5, (tl_dtype)-5};
  assert_int_equal(tl_dtype_display_order(two, 1), TL_NUM_DTYPES);
  assert_int_equal(two[0], TL_BOOL);
  assert_int_equal(two[1], -5);
  /* iinfo from the bit width (ml_dtypes.iinfo(int1) = (-1, 0), uint1 = (0, 1)) */
  tl_iinfo ii;
  assert_int_equal(tl_iinfo_get(TL_INT1, &ii), TL_OK);
  assert_int_equal(ii.min, -1);
  assert_int_equal(ii.max, 0);
  assert_int_equal(tl_iinfo_get(TL_UINT1, &ii), TL_OK);
  assert_int_equal(ii.max, 1);
  assert_int_equal(tl_iinfo_get(TL_INT5, &ii), TL_OK);
  assert_int_equal(ii.min, -16);
  assert_int_equal(ii.max, 15);
  assert_int_equal(tl_iinfo_get(TL_UINT7, &ii), TL_OK);
  assert_int_equal(ii.max, 127);
  /* finfo: bcomplex32 is that of bfloat16 (torch.finfo(torch.bcomplex32)); the
     packed pair is refused, output untouched */
  tl_finfo fb, fc;
  assert_int_equal(tl_finfo_get(TL_BFLOAT16, &fb), TL_OK);
  assert_int_equal(tl_finfo_get(TL_BCOMPLEX32, &fc), TL_OK);
  assert_true(fc.max == fb.max && fc.eps == fb.eps && fc.nmant == 7 && fc.bits == 16);
  memset(&fc, 0x3C, sizeof fc);
  tl_finfo untouched;
  memcpy(&untouched, &fc, sizeof fc);
  assert_int_equal(tl_finfo_get(TL_FLOAT4_E2M1FN_X2, &fc), TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "float4_e2m1fn_x2"));
  assert_memory_equal(&fc, &untouched, sizeof fc);
  /* names: unknown ones are refused with a suggestion */
  tl_dtype d = (tl_dtype)-9;
  assert_int_equal(tl_dtype_parse("bcomplex32", &d, NULL), TL_OK);
  assert_int_equal(d, TL_BCOMPLEX32);
  assert_int_equal(tl_dtype_parse("float4_e2m1fn_x2", &d, NULL), TL_OK);
  assert_int_equal(d, TL_FLOAT4_E2M1FN_X2);
  d = (tl_dtype)-9;
  assert_int_equal(tl_dtype_parse("int9", &d, NULL), TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "int9"));
  assert_int_equal(d, -9);
  assert_int_equal(tl_dtype_parse("bcomplex64", &d, NULL), TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "did you mean"));
  assert_int_equal(tl_dtype_parse("uint0", &d, NULL), TL_EDTYPE);
  assert_int_equal(d, -9);
  /* isdtype kinds */
  int r = -1;
  assert_int_equal(tl_isdtype(TL_INT3, "signed integer", &r), TL_OK);
  assert_int_equal(r, 1);
  assert_int_equal(tl_isdtype(TL_UINT1, "unsigned integer", &r), TL_OK);
  assert_int_equal(r, 1);
  assert_int_equal(tl_isdtype(TL_BCOMPLEX32, "complex floating", &r), TL_OK);
  assert_int_equal(r, 1);
}

/* NumPy's long double typestrs: a clear refusal naming the type, nothing written */
static void test_longdouble_typestrs(void **s) {
  (void)s;
  static const struct { const char *name, *must; } cases[] = {
      {"<f16", "NumPy's longdouble"}, {">f16", "NumPy's longdouble"}, {"=f16", "np.float128"},
      {"<c32", "NumPy's clongdouble"}, {"g", "NumPy's longdouble"}, {"G", "np.complex256"},
      {"longdouble", "np.float128"}, {"clongdouble", "NumPy's clongdouble"},
      {"f16", "ambiguous dtype 'f16'"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tl_dtype d = TL_INT8;
    tl_byteorder bo = TL_BYTEORDER_BIG;
    assert_int_equal(tl_dtype_parse(cases[i].name, &d, &bo), TL_EDTYPE);
    assert_int_equal(d, TL_INT8);
    assert_int_equal(bo, TL_BYTEORDER_BIG);
    if (!strstr(tl_errmsg(), cases[i].must) || !strstr(tl_errmsg(), cases[i].name))
      fail_msg("'%s': message \"%s\" lacks \"%s\" or the name", cases[i].name, tl_errmsg(), cases[i].must);
  }
  /* the real 16-byte typestr stays: '<c16' is complex128 */
  tl_dtype d;
  assert_int_equal(tl_dtype_parse("<c16", &d, NULL), TL_OK);
  assert_int_equal(d, TL_COMPLEX128);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_appended_dtypes),
      cmocka_unit_test(test_longdouble_typestrs),
      cmocka_unit_test(test_catalogue),         cmocka_unit_test(test_finfo_recorded),
      cmocka_unit_test(test_iinfo_recorded),    cmocka_unit_test(test_formats),
      cmocka_unit_test(test_accepted_spellings), cmocka_unit_test(test_rejected_spellings),
      cmocka_unit_test(test_dlpack),            cmocka_unit_test(test_classification),
      cmocka_unit_test(test_isdtype),           cmocka_unit_test(test_version),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
