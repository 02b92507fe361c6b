/* test_convert_ref.c — compare tl_convert with the reference conversions
 * recorded from NumPy 2.5 / ml_dtypes 0.6 (tests/data/convert/FROM.tsv, made by
 * tools/refgen/gen_convert.py), on every SIMD tier. Every difference must fall
 * into one of the disagreements documented in docs/conversions.md; the counts
 * per class are printed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "convert_ref.h"
#include "tl_test_util.h"

enum { C_FLOAT_INT, C_DOUBLE_ROUND, C_BOOL_BYTE, C_C32_BOOL, C_MLCOMPLEX_BOOL, C_NCLASS };
static const char *const cname[C_NCLASS] = {
    "float->int out of range/NaN/inf (NumPy/ml_dtypes: C cast, wraps or INT_MIN; ours saturates, NaN->0)",
    "double rounding through float32 (ml_dtypes casts from 64/32-bit sources; ours rounds once)",
    "bool source byte other than 0/1 (invalid in NumPy; read as its raw value there, as True here)",
    "ml_dtypes complex32/bcomplex32 -> bool stores (int)real (bytes other than 0/1); ours: re != 0 || im != 0",
    "ml_dtypes 0.6 complex32 <-> bcomplex32 goes through bool (nonzero -> 1+0j); ours converts each part",
};
static long counts[C_NCLASS];

static int hexv(char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }
static size_t unhex(const char *s, unsigned char *out) {
  size_t n = 0;
  while (s[0] && s[0] != '\n' && s[1]) {
    out[n++] = (unsigned char)(hexv(s[0]) * 16 + hexv(s[1]));
    s += 2;
  }
  return n;
}

static double real_of(tl_dtype from, const unsigned char *in, int *ok) {
  double d[2] = {0, 0};
  tl_dtype t = tl_dtype_is_complex(from) ? TL_COMPLEX128 : TL_FLOAT64;
  *ok = tl_convert_contiguous(from, in, t, d, 1, 0, NULL) == TL_OK;
  return d[0];
}

/* Which documented disagreement explains ours != ref (or -1). */
static int classify(tl_dtype from, const unsigned char *in, tl_dtype to, const unsigned char *ref,
                    const unsigned char *ours) {
  const tl_dtype_info *fi = tl_dtype_get(from), *ti = tl_dtype_get(to);
  int osz = ti->itemsize, ok;
  if (from == TL_BOOL && in[0] > 1) return C_BOOL_BYTE;
  if (from == TL_COMPLEX32 && to == TL_BOOL) return C_C32_BOOL;
  if (from == TL_BCOMPLEX32 && to == TL_BOOL) { /* the same, checked: the low byte of (int)real */
    int okr;
    double re = real_of(from, in, &okr);
    /* out of int range (and NaN/inf): x86's INT_MIN, low byte 0 */
    unsigned char want = fabs(re) < 2147483648.0 ? (unsigned char)((long long)trunc(re) & 0xFF) : 0;
    if (okr && ref[0] == want) return C_C32_BOOL;
    return -1;
  }
  if ((from == TL_COMPLEX32 && to == TL_BCOMPLEX32) || (from == TL_BCOMPLEX32 && to == TL_COMPLEX32)) {
    /* the reference must be exactly the value through bool: 1+0j for nonzero
       (NaN included, either part), 0 for zero */
    unsigned char b = 0, via[4];
    double parts[2];
    if (tl_convert_contiguous(from, in, TL_COMPLEX128, parts, 1, 0, NULL) != TL_OK) return -1;
    b = (parts[0] != 0 || parts[1] != 0) ? 1 : 0;
    if (tl_convert_contiguous(TL_BOOL, &b, to, via, 1, 0, NULL) != TL_OK) return -1;
    if (memcmp(via, ref, 4) == 0) return C_MLCOMPLEX_BOOL;
    return -1;
  }
  if ((fi->kind == TL_KIND_FLOAT || fi->kind == TL_KIND_COMPLEX) &&
      (ti->kind == TL_KIND_INT || ti->kind == TL_KIND_UINT)) {
    double v = real_of(from, in, &ok);
    if (!ok) return -1;
    double t = trunc(v);
    int b = ti->bits, sg = ti->kind == TL_KIND_INT;
    double lo = sg ? -ldexp(1, b - 1) : 0, hi = sg ? ldexp(1, b - 1) : ldexp(1, b);
    if (isnan(v) || isinf(v) || t < lo || t >= hi) return C_FLOAT_INT;
    return -1;
  }
  /* double rounding: ml_dtypes narrows 64-bit (and 32-bit int) sources to float32 first */
  int wide_src = from == TL_FLOAT64 || from == TL_COMPLEX128 || from == TL_INT32 ||
                 from == TL_INT64 || from == TL_UINT32 || from == TL_UINT64;
  int ml_dst = (ti->kind == TL_KIND_FLOAT && to != TL_FLOAT16 && to != TL_FLOAT32 && to != TL_FLOAT64) ||
               to == TL_COMPLEX32 || to == TL_BCOMPLEX32;
  if (wide_src && ml_dst) {
    unsigned char mid[16], again[16];
    tl_dtype via = fi->kind == TL_KIND_COMPLEX ? TL_COMPLEX64 : TL_FLOAT32;
    if (tl_convert_contiguous(from, in, via, mid, 1, 0, NULL) != TL_OK) return -1;
    if (tl_convert_contiguous(via, mid, to, again, 1, 0, NULL) != TL_OK) return -1;
    if (memcmp(again, ref, (size_t)osz) == 0) return C_DOUBLE_ROUND;
  }
  (void)ours;
  return -1;
}

static void check_file(const char *from_name) {
  static char line[1 << 22];
  static unsigned char in[1 << 20], ref[1 << 21], out[1 << 21], out0[1 << 21];
  char path[1024];
  char rel[128];
  snprintf(rel, sizeof rel, "convert/%s.tsv", from_name);
  tt_ref_path(path, sizeof path, rel);
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("cannot open %s", path);
  tl_dtype from;
  assert_int_equal(tl_dtype_parse(from_name, &from, NULL), TL_OK);
  int fsz = tl_dtype_get(from)->itemsize;
  size_t nin = 0;
  int unexplained = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    char *tab = strchr(line, '\t');
    assert_non_null(tab);
    *tab = 0;
    if (!strcmp(line, "in")) {
      nin = unhex(tab + 1, in) / (size_t)fsz;
      continue;
    }
    if (!strncmp(tab + 1, "unsupported", 11)) continue;
    tl_dtype to;
    assert_int_equal(tl_dtype_parse(line, &to, NULL), TL_OK);
    int tsz = tl_dtype_get(to)->itemsize;
    assert_int_equal(unhex(tab + 1, ref), nin * (size_t)tsz);
    static const char *const tiers[] = {"scalar", "avx2", "avx512"};
    for (int t = 0; t < 3; t++) {
      if (tl_convert_set_tier(tiers[t]) != TL_OK) break;
      memset(out, 0, nin * (size_t)tsz);
      assert_int_equal(tl_convert_contiguous(from, in, to, out, nin, 0, NULL), TL_OK);
      if (t > 0) {
        if (memcmp(out, out0, nin * (size_t)tsz)) fail_msg("%s -> %s: tier %s differs from scalar", from_name, line, tiers[t]);
        continue;
      }
      memcpy(out0, out, nin * (size_t)tsz);
      for (size_t i = 0; i < nin; i++) {
        if (!memcmp(out + i * (size_t)tsz, ref + i * (size_t)tsz, (size_t)tsz)) continue;
        int c = classify(from, in + i * (size_t)fsz, to, ref + i * (size_t)tsz, out + i * (size_t)tsz);
        if (c >= 0) {
          counts[c]++;
          continue;
        }
        if (unexplained++ < 10) {
          char a[40] = "", b[40] = "", o[40] = "";
          for (int k = fsz - 1; k >= 0; k--) sprintf(a + strlen(a), "%02x", in[i * (size_t)fsz + (size_t)k]);
          for (int k = tsz - 1; k >= 0; k--) sprintf(b + strlen(b), "%02x", ref[i * (size_t)tsz + (size_t)k]);
          for (int k = tsz - 1; k >= 0; k--) sprintf(o + strlen(o), "%02x", out[i * (size_t)tsz + (size_t)k]);
          print_error("%s -> %s: input 0x%s: reference 0x%s, ours 0x%s\n", from_name, line, a, b, o);
        }
      }
    }
  }
  fclose(f);
  tl_convert_set_tier("avx512");
  if (unexplained) fail_msg("%s: %d unexplained differences from NumPy/ml_dtypes", from_name, unexplained);
}

/* Storage types no framework converts (torch 2.15's shell dtypes: its copy_
 * has no kernel for them), so no reference file exists. */
static int no_reference(const char *name) {
  static const char *const shells[] = {"int3", "int5", "int6", "int7", "uint3", "uint5", "uint6", "uint7",
                                       "float4_e2m1fn_x2"};
  for (size_t i = 0; i < sizeof shells / sizeof *shells; i++)
    if (!strcmp(name, shells[i])) return 1;
  return 0;
}

static void test_reference_files(void **state) {
  (void)state;
  int files = 0;
  for (int d = 0; d < TL_NUM_CONCRETE; d++) {
    const char *name = tl_dtype_name((tl_dtype)d);
    if (tl_dtype_is_weak((tl_dtype)d) || no_reference(name)) continue;
    check_file(name);
    files++;
  }
  assert_int_equal(files, 34); /* 31 + ml_dtypes 0.6's int1, uint1, bcomplex32 */
  for (int c = 0; c < C_NCLASS; c++) printf("# documented disagreement: %ld x %s\n", counts[c], cname[c]);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_reference_files)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
