/* dtype.c — the dtype catalogue (one table), the name parser, DLPack codes,
 * finfo/iinfo (derived from the format parameters) and classification. */
#include "internal.h"

#include <math.h>
#include <string.h>

/* Columns: id, name, kind, weak, bits, itemsize, alignment, signed,
 * exponent bits, mantissa bits, bias, has_inf, has_nan, has -0, finite-only,
 * unsigned zero, NaN encodings, component.
 * Facts: ../shared/reference/numpy_mldtypes.md §5.2 and jax.md §1, checked by
 * tests/test_dtype.c against tests/data/finfo.tsv (numpy.finfo/ml_dtypes.finfo). */
#define N TL_DTYPE_NONE
const tl_dtype_info tl__catalogue[TL_NUM_DTYPES] = {
    {TL_BOOL, "bool", TL_KIND_BOOL, 0, 8, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT2, "int2", TL_KIND_INT, 0, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT4, "int4", TL_KIND_INT, 0, 4, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT8, "int8", TL_KIND_INT, 0, 8, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT16, "int16", TL_KIND_INT, 0, 16, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT32, "int32", TL_KIND_INT, 0, 32, 4, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT64, "int64", TL_KIND_INT, 0, 64, 8, 8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT2, "uint2", TL_KIND_UINT, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT4, "uint4", TL_KIND_UINT, 0, 4, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT8, "uint8", TL_KIND_UINT, 0, 8, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT16, "uint16", TL_KIND_UINT, 0, 16, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT32, "uint32", TL_KIND_UINT, 0, 32, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT64, "uint64", TL_KIND_UINT, 0, 64, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    /*                                              E  M  bias inf nan -0 fn uz nans */
    {TL_FLOAT4_E2M1FN, "float4_e2m1fn", TL_KIND_FLOAT, 0, 4, 1, 1, 1, 2, 1, 1, 0, 0, 1, 1, 0, 0, N},
    {TL_FLOAT6_E2M3FN, "float6_e2m3fn", TL_KIND_FLOAT, 0, 6, 1, 1, 1, 2, 3, 1, 0, 0, 1, 1, 0, 0, N},
    {TL_FLOAT6_E3M2FN, "float6_e3m2fn", TL_KIND_FLOAT, 0, 6, 1, 1, 1, 3, 2, 3, 0, 0, 1, 1, 0, 0, N},
    {TL_FLOAT8_E3M4, "float8_e3m4", TL_KIND_FLOAT, 0, 8, 1, 1, 1, 3, 4, 3, 1, 1, 1, 0, 0, 30, N},
    {TL_FLOAT8_E4M3, "float8_e4m3", TL_KIND_FLOAT, 0, 8, 1, 1, 1, 4, 3, 7, 1, 1, 1, 0, 0, 14, N},
    {TL_FLOAT8_E4M3FN, "float8_e4m3fn", TL_KIND_FLOAT, 0, 8, 1, 1, 1, 4, 3, 7, 0, 1, 1, 1, 0, 2, N},
    {TL_FLOAT8_E4M3FNUZ, "float8_e4m3fnuz", TL_KIND_FLOAT, 0, 8, 1, 1, 1, 4, 3, 8, 0, 1, 0, 1, 1, 1, N},
    {TL_FLOAT8_E4M3B11FNUZ, "float8_e4m3b11fnuz", TL_KIND_FLOAT, 0, 8, 1, 1, 1, 4, 3, 11, 0, 1, 0, 1, 1, 1, N},
    {TL_FLOAT8_E5M2, "float8_e5m2", TL_KIND_FLOAT, 0, 8, 1, 1, 1, 5, 2, 15, 1, 1, 1, 0, 0, 6, N},
    {TL_FLOAT8_E5M2FNUZ, "float8_e5m2fnuz", TL_KIND_FLOAT, 0, 8, 1, 1, 1, 5, 2, 16, 0, 1, 0, 1, 1, 1, N},
    {TL_FLOAT8_E8M0FNU, "float8_e8m0fnu", TL_KIND_FLOAT, 0, 8, 1, 1, 0, 8, 0, 127, 0, 1, 0, 1, 1, 1, N},
    {TL_BFLOAT16, "bfloat16", TL_KIND_FLOAT, 0, 16, 2, 2, 1, 8, 7, 127, 1, 1, 1, 0, 0, 254, N},
    {TL_FLOAT16, "float16", TL_KIND_FLOAT, 0, 16, 2, 2, 1, 5, 10, 15, 1, 1, 1, 0, 0, 2046, N},
    {TL_FLOAT32, "float32", TL_KIND_FLOAT, 0, 32, 4, 4, 1, 8, 23, 127, 1, 1, 1, 0, 0, 16777214, N},
    {TL_FLOAT64, "float64", TL_KIND_FLOAT, 0, 64, 8, 8, 1, 11, 52, 1023, 1, 1, 1, 0, 0, -1, N},
    {TL_COMPLEX32, "complex32", TL_KIND_COMPLEX, 0, 32, 4, 2, 1, 5, 10, 15, 1, 1, 1, 0, 0, 2046, TL_FLOAT16},
    {TL_COMPLEX64, "complex64", TL_KIND_COMPLEX, 0, 64, 8, 4, 1, 8, 23, 127, 1, 1, 1, 0, 0, 16777214, TL_FLOAT32},
    {TL_COMPLEX128, "complex128", TL_KIND_COMPLEX, 0, 128, 16, 8, 1, 11, 52, 1023, 1, 1, 1, 0, 0, -1, TL_FLOAT64},
    {TL_WEAK_INT, "int*", TL_KIND_INT, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_WEAK_FLOAT, "float*", TL_KIND_FLOAT, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_WEAK_COMPLEX, "complex*", TL_KIND_COMPLEX, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    /* appended later (values 34..): see the header */
    {TL_INT1, "int1", TL_KIND_INT, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT1, "uint1", TL_KIND_UINT, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT3, "int3", TL_KIND_INT, 0, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT5, "int5", TL_KIND_INT, 0, 5, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT6, "int6", TL_KIND_INT, 0, 6, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_INT7, "int7", TL_KIND_INT, 0, 7, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT3, "uint3", TL_KIND_UINT, 0, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT5, "uint5", TL_KIND_UINT, 0, 5, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT6, "uint6", TL_KIND_UINT, 0, 6, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_UINT7, "uint7", TL_KIND_UINT, 0, 7, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, N},
    {TL_BCOMPLEX32, "bcomplex32", TL_KIND_COMPLEX, 0, 32, 4, 2, 1, 8, 7, 127, 1, 1, 1, 0, 0, 254, TL_BFLOAT16},
    /* two float4_e2m1fn values in one byte: the format parameters are those of
       each half; bits = 8 (the storage unit, as torch's itemsize 1) */
    {TL_FLOAT4_E2M1FN_X2, "float4_e2m1fn_x2", TL_KIND_FLOAT, 0, 8, 1, 1, 1, 2, 1, 1, 0, 0, 1, 1, 0, 0, N},
};
#undef N
/* float64's NaN count (2**53 - 2) does not fit an int: -1 means "2**53 - 2". */

/* finfo `precision` as numpy.finfo / ml_dtypes.finfo report it. NumPy derives
 * it as floor(-log10(eps)); ml_dtypes states 1 for every float8 format (even
 * where that formula gives 0). Index: dtype id. */
static int tl__finfo_precision(tl_dtype d) {
  const tl_dtype_info *in = tl__info(d);
  if (d >= TL_FLOAT8_E3M4 && d <= TL_FLOAT8_E8M0FNU) return 1;
  return (int)floor(-log10(ldexp(1.0, -in->mantissa_bits)));
}

/* Display order: by kind, then by width; the weak kinds last. Every catalogue
 * entry appears exactly once (tests/test_dtype.c checks it). */
static const tl_dtype tl__display[TL_NUM_DTYPES] = {
    TL_BOOL,       TL_INT1,         TL_INT2,          TL_INT3,          TL_INT4,
    TL_INT5,       TL_INT6,         TL_INT7,          TL_INT8,          TL_INT16,
    TL_INT32,      TL_INT64,        TL_UINT1,         TL_UINT2,         TL_UINT3,
    TL_UINT4,      TL_UINT5,        TL_UINT6,         TL_UINT7,         TL_UINT8,
    TL_UINT16,     TL_UINT32,       TL_UINT64,        TL_FLOAT4_E2M1FN, TL_FLOAT4_E2M1FN_X2,
    TL_FLOAT6_E2M3FN, TL_FLOAT6_E3M2FN, TL_FLOAT8_E3M4, TL_FLOAT8_E4M3, TL_FLOAT8_E4M3FN,
    TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E5M2, TL_FLOAT8_E5M2FNUZ, TL_FLOAT8_E8M0FNU,
    TL_BFLOAT16,   TL_FLOAT16,      TL_FLOAT32,       TL_FLOAT64,       TL_COMPLEX32,
    TL_BCOMPLEX32, TL_COMPLEX64,    TL_COMPLEX128,    TL_WEAK_INT,      TL_WEAK_FLOAT,
    TL_WEAK_COMPLEX,
};

size_t tl_dtype_display_order(tl_dtype *out, size_t cap) {
  if (out)
    for (size_t i = 0; i < cap && i < TL_NUM_DTYPES; i++) out[i] = tl__display[i];
  return TL_NUM_DTYPES;
}

int tl__display_rank(tl_dtype d) {
  for (int i = 0; i < TL_NUM_DTYPES; i++)
    if (tl__display[i] == d) return i;
  return TL_NUM_DTYPES;
}

const tl_dtype_info *tl_dtype_get(tl_dtype dtype) {
  if (!tl__valid_dtype(dtype)) {
    tl__error(TL_EDTYPE, NULL, "invalid dtype value %d", (int)dtype);
    return NULL;
  }
  return &tl__catalogue[dtype];
}

const char *tl_dtype_name(tl_dtype dtype) {
  if (dtype == TL_OBJECT) return "object"; /* NumPy's dtype('O'): an answer, not a catalogue entry */
  return tl__valid_dtype(dtype) ? tl__catalogue[dtype].name : "?";
}

tl_dtype tl__weak_of_kind(tl_kind kind) {
  switch (kind) {
  case TL_KIND_INT:
  case TL_KIND_UINT:
    return TL_WEAK_INT;
  case TL_KIND_FLOAT:
    return TL_WEAK_FLOAT;
  case TL_KIND_COMPLEX:
    return TL_WEAK_COMPLEX;
  default:
    return TL_BOOL;
  }
}

/* ---- classification ------------------------------------------------------ */

int tl_dtype_is_bool(tl_dtype d) { return d == TL_BOOL; }
int tl_dtype_is_signed(tl_dtype d) {
  return tl__valid_dtype(d) && tl__catalogue[d].kind == TL_KIND_INT;
}
int tl_dtype_is_unsigned(tl_dtype d) {
  return tl__valid_dtype(d) && tl__catalogue[d].kind == TL_KIND_UINT;
}
int tl_dtype_is_integer(tl_dtype d) { return tl_dtype_is_signed(d) || tl_dtype_is_unsigned(d); }
int tl_dtype_is_floating(tl_dtype d) {
  return tl__valid_dtype(d) && tl__catalogue[d].kind == TL_KIND_FLOAT;
}
int tl_dtype_is_complex(tl_dtype d) {
  return tl__valid_dtype(d) && tl__catalogue[d].kind == TL_KIND_COMPLEX;
}
int tl_dtype_is_numeric(tl_dtype d) { return tl__valid_dtype(d) && d != TL_BOOL; }
int tl_dtype_is_inexact(tl_dtype d) { return tl_dtype_is_floating(d) || tl_dtype_is_complex(d); }
int tl_dtype_is_weak(tl_dtype d) { return tl__valid_dtype(d) && tl__catalogue[d].weak; }

static int tl__isdtype_one(tl_dtype d, const char *k, size_t len, int *out) {
  static const struct {
    const char *name;
    int (*pred)(tl_dtype);
  } kinds[] = {
      {"bool", tl_dtype_is_bool},          {"signed integer", tl_dtype_is_signed},
      {"unsigned integer", tl_dtype_is_unsigned}, {"integral", tl_dtype_is_integer},
      {"real floating", tl_dtype_is_floating},  {"complex floating", tl_dtype_is_complex},
      {"numeric", tl_dtype_is_numeric},
  };
  for (size_t i = 0; i < TL__COUNT(kinds); i++) {
    if (strlen(kinds[i].name) == len && memcmp(kinds[i].name, k, len) == 0) {
      *out = kinds[i].pred(d);
      return TL_OK;
    }
  }
  char name[64];
  if (len >= sizeof name) len = sizeof name - 1;
  memcpy(name, k, len);
  name[len] = '\0';
  tl_dtype other;
  if (tl_dtype_parse(name, &other, NULL) == TL_OK) {
    *out = other == d;
    return TL_OK;
  }
  return tl__error(TL_EPARSE, "ValueError",
                   "Unrecognized kind='%s' expected one of ['bool', 'signed integer', "
                   "'unsigned integer', 'integral', 'real floating', 'complex floating', "
                   "'numeric'], or a dtype name",
                   name);
}

int tl_isdtype(tl_dtype dtype, const char *kind, int *out) {
  if (!kind || !out) return tl__error(TL_EINVAL, NULL, "tl_isdtype: NULL %s", kind ? "out" : "kind");
  if (!tl__valid_dtype(dtype)) return tl__error(TL_EDTYPE, NULL, "invalid dtype value %d", (int)dtype);
  int any = 0;
  const char *p = kind;
  for (;;) {
    while (*p == ' ') p++;
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    while (len > 0 && p[len - 1] == ' ') len--;
    int r = 0;
    int st = tl__isdtype_one(dtype, p, len, &r);
    if (st != TL_OK) return st;
    any |= r;
    if (!e) break;
    p = e + 1;
  }
  *out = any;
  return tl__ok();
}

/* ---- name parsing -------------------------------------------------------- */

typedef struct {
  const char *alias;
  tl_dtype id;
} tl__alias;

/* Spellings other than the canonical names. */
static const tl__alias tl__aliases[] = {
    /* Python type names: bool is bool; int/float/complex are the weak kinds */
    {"int", TL_WEAK_INT}, {"float", TL_WEAK_FLOAT}, {"complex", TL_WEAK_COMPLEX},
    {"bf16", TL_BFLOAT16}, {"bool_", TL_BOOL},
    /* NumPy type characters */
    {"?", TL_BOOL}, {"b", TL_INT8}, {"B", TL_UINT8}, {"h", TL_INT16}, {"H", TL_UINT16},
    {"i", TL_INT32}, {"I", TL_UINT32}, {"l", TL_INT64}, {"L", TL_UINT64}, {"q", TL_INT64},
    {"Q", TL_UINT64}, {"e", TL_FLOAT16}, {"f", TL_FLOAT32}, {"d", TL_FLOAT64},
    {"F", TL_COMPLEX64}, {"D", TL_COMPLEX128}, {"p", TL_INT64}, {"P", TL_UINT64},
    /* NumPy's scalar-type names (np.dtype("double")), with the C type sizes of
       64-bit Linux and NumPy 2 (long = intp = int64), as the characters above */
    {"byte", TL_INT8}, {"ubyte", TL_UINT8}, {"short", TL_INT16}, {"ushort", TL_UINT16},
    {"intc", TL_INT32}, {"uintc", TL_UINT32}, {"long", TL_INT64}, {"ulong", TL_UINT64},
    {"longlong", TL_INT64}, {"ulonglong", TL_UINT64}, {"intp", TL_INT64}, {"uintp", TL_UINT64},
    {"int_", TL_INT64}, {"uint", TL_UINT64}, {"half", TL_FLOAT16}, {"single", TL_FLOAT32},
    {"double", TL_FLOAT64}, {"csingle", TL_COMPLEX64}, {"cdouble", TL_COMPLEX128},
};

/* NumPy array-protocol typestrs (kind letter + byte count). */
static const tl__alias tl__typestrs[] = {
    {"b1", TL_BOOL},    {"i1", TL_INT8},    {"i2", TL_INT16},   {"i4", TL_INT32},
    {"i8", TL_INT64},   {"u1", TL_UINT8},   {"u2", TL_UINT16},  {"u4", TL_UINT32},
    {"u8", TL_UINT64},  {"f2", TL_FLOAT16}, {"f4", TL_FLOAT32}, {"f8", TL_FLOAT64},
    {"c8", TL_COMPLEX64}, {"c16", TL_COMPLEX128},
};

/* Bit-width short forms (JAX's short_dtype_name style) that are rejected
 * because they read differently as NumPy typestrs or are not typestrs at all.
 * "u8" is listed: as a typestr it is uint64, as a bit-width form uint8. "i8"
 * is accepted as the typestr int64 (the documented NumPy meaning). */
static const tl__alias tl__bitwidth_forms[] = {
    {"u8", TL_UINT8},     {"i16", TL_INT16},    {"i32", TL_INT32},    {"i64", TL_INT64},
    {"u16", TL_UINT16},   {"u32", TL_UINT32},   {"u64", TL_UINT64},   {"f16", TL_FLOAT16},
    {"f32", TL_FLOAT32},  {"f64", TL_FLOAT64},  {"c32", TL_COMPLEX32}, {"c64", TL_COMPLEX64},
    {"c128", TL_COMPLEX128}, {"b8", TL_BOOL},
};

static size_t tl__edit_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 40 || lb > 40) return 99;
  size_t prev[41], cur[41];
  for (size_t j = 0; j <= lb; j++) prev[j] = j;
  for (size_t i = 1; i <= la; i++) {
    cur[0] = i;
    for (size_t j = 1; j <= lb; j++) {
      size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
      size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
      size_t m = sub < del ? sub : del;
      cur[j] = m < ins ? m : ins;
    }
    memcpy(prev, cur, sizeof(size_t) * (lb + 1));
  }
  return prev[lb];
}

const char *tl__suggest_dtype(const char *name) {
  const char *best = NULL;
  size_t bestd = 3; /* suggest only within distance 2 */
  size_t len = strlen(name);
  if (len == 0 || len > 40) return NULL;
  for (int i = 0; i < TL_NUM_DTYPES; i++) {
    size_t d = tl__edit_distance(name, tl__catalogue[i].name);
    if (d < bestd && d < strlen(tl__catalogue[i].name)) {
      bestd = d;
      best = tl__catalogue[i].name;
    }
  }
  return best;
}

static int tl__lookup(const tl__alias *t, size_t n, const char *s, tl_dtype *out) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(t[i].alias, s) == 0) {
      *out = t[i].id;
      return 1;
    }
  return 0;
}

int tl_dtype_parse(const char *name, tl_dtype *out, tl_byteorder *byteorder) {
  if (!name || !out) return tl__error(TL_EINVAL, NULL, "tl_dtype_parse: NULL %s", name ? "out" : "name");
  size_t len = strlen(name);
  if (len == 0) return tl__error(TL_EDTYPE, NULL, "empty dtype name");
  if (len > 64) return tl__error(TL_EDTYPE, NULL, "unknown dtype '%.40s...' (name too long)", name);

  tl_dtype d = TL_DTYPE_NONE;
  tl_byteorder bo = TL_BYTEORDER_NATIVE;
  for (int i = 0; i < TL_NUM_DTYPES; i++)
    if (strcmp(name, tl__catalogue[i].name) == 0) d = (tl_dtype)i;
  if (d == TL_DTYPE_NONE && !tl__lookup(tl__aliases, TL__COUNT(tl__aliases), name, &d)) {
    const char *s = name;
    int prefixed = 0;
    if (strchr("<>=|", s[0])) {
      bo = (tl_byteorder)s[0];
      s++;
      prefixed = 1;
    }
    if (tl__lookup(tl__typestrs, TL__COUNT(tl__typestrs), s, &d)) {
      /* a bare "u8" is ambiguous (see tl__bitwidth_forms); with a prefix it is a typestr */
      if (!prefixed && strcmp(s, "u8") == 0) d = TL_DTYPE_NONE;
    } else if (prefixed && tl__lookup(tl__aliases, TL__COUNT(tl__aliases), s, &d) &&
               (tl__catalogue[d].weak || strlen(s) > 1)) {
      d = TL_DTYPE_NONE; /* "<int" is not a thing */
    }
    if (d == TL_DTYPE_NONE) {
      /* NumPy's long double: typestrs f16/c32 with a byte order ("<f16"; bare
       * "f16" stays ambiguous below) and the type characters g/G */
      int ld = (prefixed && (strcmp(s, "f16") == 0 || strcmp(s, "c32") == 0)) ||
               (!prefixed && (strcmp(s, "g") == 0 || strcmp(s, "G") == 0 || strcmp(s, "longdouble") == 0 ||
                              strcmp(s, "clongdouble") == 0));
      if (ld) {
        int cplx = s[0] == 'c' || s[0] == 'G';
        return tl__error(TL_EDTYPE, NULL,
                         "dtype '%s' is NumPy's %s (np.%s: the platform's C long double, x87 80-bit extended "
                         "precision in %s bytes on x86-64), which typelattice does not represent",
                         name, cplx ? "clongdouble" : "longdouble", cplx ? "complex256" : "float128",
                         cplx ? "2 x 16" : "16");
      }
      tl_dtype bw;
      if (tl__lookup(tl__bitwidth_forms, TL__COUNT(tl__bitwidth_forms), s, &bw)) {
        tl_dtype ts;
        if (tl__lookup(tl__typestrs, TL__COUNT(tl__typestrs), s, &ts))
          return tl__error(TL_EDTYPE, NULL,
                           "ambiguous dtype '%s': as a NumPy typestr it means %s, as a bit-width "
                           "short form %s; write '%s' or '%s'",
                           name, tl__catalogue[ts].name, tl__catalogue[bw].name,
                           tl__catalogue[ts].name, tl__catalogue[bw].name);
        return tl__error(TL_EDTYPE, NULL,
                         "ambiguous dtype '%s': bit-width short forms are not accepted because "
                         "they clash with NumPy typestrs (where the number counts bytes); "
                         "did you mean '%s'?",
                         name, tl__catalogue[bw].name);
      }
      const char *sug = tl__suggest_dtype(name);
      if (sug) return tl__error(TL_EDTYPE, NULL, "unknown dtype '%s' (did you mean '%s'?)", name, sug);
      return tl__error(TL_EDTYPE, NULL, "unknown dtype '%s'", name);
    }
    /* 1-byte types have no byte order: NumPy reports '|' */
    if (bo != TL_BYTEORDER_NATIVE && tl__catalogue[d].itemsize == 1) bo = TL_BYTEORDER_NA;
  }
  if (d == TL_BOOL || (tl__catalogue[d].itemsize == 1 && bo == TL_BYTEORDER_NATIVE))
    bo = bo == TL_BYTEORDER_NATIVE ? TL_BYTEORDER_NATIVE : TL_BYTEORDER_NA;
  *out = d;
  if (byteorder) *byteorder = bo;
  return tl__ok();
}

/* ---- DLPack -------------------------------------------------------------- */

enum { DL_INT = 0, DL_UINT = 1, DL_FLOAT = 2, DL_BFLOAT = 4, DL_COMPLEX = 5, DL_BOOL = 6 };

static int tl__dlpack_code(tl_dtype d) {
  if (d >= TL_FLOAT8_E3M4 && d <= TL_FLOAT8_E8M0FNU) {
    /* DLPack orders the float8 codes 7..14 as e3m4, e4m3, e4m3b11fnuz, e4m3fn,
     * e4m3fnuz, e5m2, e5m2fnuz, e8m0fnu */
    static const tl_dtype order[] = {TL_FLOAT8_E3M4,        TL_FLOAT8_E4M3,   TL_FLOAT8_E4M3B11FNUZ,
                                     TL_FLOAT8_E4M3FN,      TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E5M2,
                                     TL_FLOAT8_E5M2FNUZ,    TL_FLOAT8_E8M0FNU};
    for (int i = 0; i < 8; i++)
      if (order[i] == d) return 7 + i;
  }
  if (d == TL_BCOMPLEX32 || d == TL_FLOAT4_E2M1FN_X2) return -1; /* DLPack has no such type */
  switch (d) {
  case TL_FLOAT6_E2M3FN: return 15;
  case TL_FLOAT6_E3M2FN: return 16;
  case TL_FLOAT4_E2M1FN: return 17;
  case TL_BOOL: return DL_BOOL;
  case TL_BFLOAT16: return DL_BFLOAT;
  default: break;
  }
  switch (tl__catalogue[d].kind) {
  case TL_KIND_INT: return DL_INT;
  case TL_KIND_UINT: return DL_UINT;
  case TL_KIND_FLOAT: return DL_FLOAT;
  case TL_KIND_COMPLEX: return DL_COMPLEX;
  default: return -1;
  }
}

int tl_dtype_to_dlpack(tl_dtype dtype, tl_dlpack_dtype *out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_dtype_to_dlpack: NULL out");
  if (!tl__concrete(dtype) || tl__dlpack_code(dtype) < 0)
    return tl__error(TL_EDTYPE, NULL, "dtype %s has no DLPack type", tl_dtype_name(dtype));
  out->code = (uint8_t)tl__dlpack_code(dtype);
  out->bits = (uint8_t)tl__catalogue[dtype].bits;
  out->lanes = 1;
  return tl__ok();
}

int tl_dtype_from_dlpack(tl_dlpack_dtype dl, tl_dtype *out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_dtype_from_dlpack: NULL out");
  if (dl.lanes != 1)
    return tl__error(TL_EDTYPE, NULL, "DLPack type (code %u, bits %u, lanes %u): only lanes == 1 is supported",
                     dl.code, dl.bits, dl.lanes);
  for (int i = 0; i < TL_NUM_CONCRETE; i++) {
    if (!tl__concrete((tl_dtype)i)) continue;
    if (tl__dlpack_code((tl_dtype)i) == (int)dl.code && tl__catalogue[i].bits == dl.bits) {
      *out = (tl_dtype)i;
      return tl__ok();
    }
  }
  return tl__error(TL_EDTYPE, NULL, "DLPack type (code %u, bits %u, lanes %u) has no typelattice dtype",
                   dl.code, dl.bits, dl.lanes);
}

/* ---- finfo / iinfo ------------------------------------------------------- */

/* Round x (positive, normal range) to `p` significant bits, ties to even. */
static double tl__round_sig(double x, int p) {
  int e;
  double m = frexp(x, &e); /* x = m * 2^e, m in [0.5, 1) */
  double scaled = ldexp(m, p);
  double r = nearbyint(scaled);
  return ldexp(r, e - p);
}

int tl_finfo_get(tl_dtype dtype, tl_finfo *out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_finfo_get: NULL out");
  const tl_dtype_info *in = tl__info(dtype);
  if (!in || in->weak || (in->kind != TL_KIND_FLOAT && in->kind != TL_KIND_COMPLEX))
    return tl__error(TL_EDTYPE, "ValueError", "data type %s not inexact (finfo needs a floating or complex dtype)",
                     tl_dtype_name(dtype));
  if (dtype == TL_FLOAT4_E2M1FN_X2)
    return tl__error(TL_EDTYPE, "TypeError",
                     "finfo: float4_e2m1fn_x2 is a packed pair of float4_e2m1fn values, not a number format "
                     "(ask for float4_e2m1fn)");
  if (in->kind == TL_KIND_COMPLEX) {
    int st = tl_finfo_get(in->component, out);
    if (st == TL_OK) out->bits = in->bits / 2;
    return st;
  }
  const int E = in->exponent_bits, M = in->mantissa_bits;
  const int e8m0 = !in->is_signed; /* only unsigned float format */
  const int minexp = e8m0 ? -in->bias : 1 - in->bias;
  /* largest biased exponent field used by finite values */
  int maxfield = (1 << E) - 1;
  double maxmant; /* significand of the largest finite value, in [1, 2) */
  if (in->has_inf) {
    maxfield -= 1; /* all-ones exponent holds inf/NaN */
    maxmant = 2.0 - ldexp(1.0, -M);
  } else if (in->unsigned_zero || !in->has_nan) {
    /* fnuz: NaN is 0x80, the top encoding is finite; MX float4/6: no NaN */
    maxmant = 2.0 - ldexp(1.0, -M);
    if (e8m0) {
      maxfield -= 1; /* 0xFF is NaN */
      maxmant = 1.0;
    }
  } else {
    /* fn with NaN only at all-ones (e4m3fn): the top mantissa code is NaN */
    maxmant = 2.0 - ldexp(2.0, -M);
  }
  const int maxe = maxfield - in->bias;
  memset(out, 0, sizeof *out);
  out->bits = in->bits;
  out->nexp = E;
  out->nmant = M;
  out->eps = ldexp(1.0, -M);
  out->max = ldexp(maxmant, maxe);
  out->min = e8m0 ? ldexp(1.0, minexp) : -out->max;
  out->smallest_normal = ldexp(1.0, minexp);
  out->smallest_subnormal = e8m0 ? out->smallest_normal : ldexp(1.0, minexp - M);
  /* spacing just below 1.0: half of eps, unless 1.0 is the smallest normal
   * power (then the subnormal spacing below it equals eps) */
  out->epsneg = (minexp == 0 || e8m0) ? (e8m0 ? 0.5 : out->eps) : out->eps / 2;
  out->maxexp = maxe + 1;
  out->minexp = minexp;
  out->precision = tl__finfo_precision(dtype);
  /* 10**-precision rounded to the format; below the smallest normal the
   * format's step is the subnormal spacing (float8_e3m4: 0.1 -> 0.09375) */
  const double res = pow(10.0, -out->precision);
  out->resolution = res < out->smallest_normal && !e8m0
                        ? nearbyint(res / out->smallest_subnormal) * out->smallest_subnormal
                        : tl__round_sig(res, M + 1);
  /* eps and epsneg are powers of two: their exponents */
  out->machep = ilogb(out->eps);
  out->negep = ilogb(out->epsneg);
  out->iexp = E;
  return tl__ok();
}

int tl_iinfo_get(tl_dtype dtype, tl_iinfo *out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_iinfo_get: NULL out");
  const tl_dtype_info *in = tl__info(dtype);
  if (!in || in->weak || (in->kind != TL_KIND_INT && in->kind != TL_KIND_UINT))
    return tl__error(TL_EDTYPE, "ValueError", "Invalid integer data type '%s'.", tl_dtype_name(dtype));
  out->bits = in->bits;
  if (in->kind == TL_KIND_INT) {
    out->max = (UINT64_C(1) << (in->bits - 1)) - 1;
    out->min = -(int64_t)out->max - 1;
  } else {
    out->min = 0;
    out->max = in->bits == 64 ? UINT64_MAX : (UINT64_C(1) << in->bits) - 1;
  }
  return tl__ok();
}
