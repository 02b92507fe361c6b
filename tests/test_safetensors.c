/* test_safetensors.c — the .safetensors reader/writer (src/safetensors.c) and
 * `typelattice cast` on files written by the real safetensors package
 * (tests/data/safetensors, from tools/refgen/gen_safetensors.py). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "safetensors.h"

/* A file: 8-byte length + json + `data` zero bytes, in a malloc'ed exact-size buffer. */
static unsigned char *mkfile(const char *json, size_t data, size_t *len) {
  size_t n = strlen(json);
  *len = 8 + n + data;
  unsigned char *b = calloc(1, *len);
  assert_non_null(b);
  for (int i = 0; i < 8; i++) b[i] = (unsigned char)((uint64_t)n >> (8 * i));
  memcpy(b + 8, json, n);
  return b;
}

static void test_parse_good(void **state) {
  (void)state;
  size_t len;
  tl_st_file f;
  unsigned char *b = mkfile("{\"__metadata__\":{\"k\":\"v\\u00e9\\ud83d\\ude00\"},"
                            "\"b\":{\"dtype\":\"BF16\",\"shape\":[2,3],\"data_offsets\":[8,20]},"
                            "\"a\":{\"shape\":[],\"data_offsets\":[0,8],\"dtype\":\"F64\"},"
                            "\"z\":{\"dtype\":\"F4\",\"shape\":[3,2],\"data_offsets\":[20,23]},"
                            "\"e\":{\"dtype\":\"F32\",\"shape\":[0,5],\"data_offsets\":[23,23]}}   ",
                            23, &len);
  assert_int_equal(tl__st_parse_file(b, len, &f), TL_OK);
  assert_int_equal(f.ntensors, 4);
  assert_string_equal(f.tensors[0].name, "a"); /* sorted by offset */
  assert_int_equal(f.tensors[0].dtype, TL_FLOAT64);
  assert_int_equal(f.tensors[0].ndim, 0);
  assert_int_equal(f.tensors[0].count, 1);
  assert_string_equal(f.tensors[1].name, "b");
  assert_int_equal(f.tensors[1].dtype, TL_BFLOAT16);
  assert_int_equal(f.tensors[1].count, 6);
  assert_int_equal(f.tensors[2].dtype, TL_DTYPE_NONE); /* F4: packed, passed through */
  assert_int_equal(f.tensors[2].bits, 4);
  assert_int_equal(f.tensors[3].count, 0);
  assert_int_equal(f.has_meta, 1);
  assert_int_equal(f.nmeta, 1);
  assert_string_equal(f.meta[1], "v\xc3\xa9\xf0\x9f\x98\x80");
  /* write it back (same order) and read that */
  unsigned char *h;
  size_t hl;
  assert_int_equal(tl__st_write_header(&f, &h, &hl), TL_OK);
  assert_int_equal((hl - 8) % 8, 0);
  unsigned char *w = calloc(1, hl + 23);
  memcpy(w, h, hl);
  tl_st_file g;
  assert_int_equal(tl__st_parse_file(w, hl + 23, &g), TL_OK);
  assert_int_equal(g.ntensors, 4);
  for (size_t i = 0; i < 4; i++) {
    assert_string_equal(g.tensors[i].name, f.tensors[i].name);
    assert_string_equal(g.tensors[i].code, f.tensors[i].code);
    assert_int_equal(g.tensors[i].begin, f.tensors[i].begin);
  }
  assert_string_equal(g.meta[1], f.meta[1]);
  tl__st_free(&g);
  free(w);
  free(h);
  tl__st_free(&f);
  free(b);
  /* no metadata, null metadata, no tensors */
  b = mkfile("{\"__metadata__\":null}", 0, &len);
  assert_int_equal(tl__st_parse_file(b, len, &f), TL_OK);
  assert_int_equal(f.has_meta, 0);
  tl__st_free(&f);
  free(b);
  b = mkfile("{}", 0, &len);
  assert_int_equal(tl__st_parse_file(b, len, &f), TL_OK);
  assert_int_equal(f.ntensors, 0);
  tl__st_free(&f);
  free(b);
}

static void test_parse_bad(void **state) {
  (void)state;
  static const struct {
    const char *json;
    size_t data;
    const char *msg;
  } bad[] = {
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[4,12]}}", 12, "tensor 'b': data_offsets [4, 12] overlap the previous tensor"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}", 8, "overlap"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[4,12]}}", 12, "leave a gap"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}", 7, "the file holds 7 (truncated?)"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}", 9, "1 data bytes after the last tensor"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[3],\"data_offsets\":[0,8]}}", 8, "its F32 shape needs 12"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[8,0]}}", 8, "end before they begin"},
      {"{\"a\":{\"dtype\":\"F33\",\"shape\":[2],\"data_offsets\":[0,8]}}", 8, "unknown dtype 'F33'"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2]}}", 8, "lacks 'data_offsets'"},
      {"{\"a\":{\"dtype\":\"F32\",\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}", 8, "duplicate key 'dtype'"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8],\"x\":1}}", 8, "unknown key 'x'"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},\"a\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[8,8]}}", 8, "appears twice"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[-2],\"data_offsets\":[0,8]}}", 8, "not a non-negative integer"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2.0],\"data_offsets\":[0,8]}}", 8, "not a non-negative integer"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[02],\"data_offsets\":[0,8]}}", 8, "not a non-negative integer"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[99999999999999999999],\"data_offsets\":[0,8]}}", 8, "too large"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[4294967296,4294967296],\"data_offsets\":[0,8]}}", 8, "shape product overflows"},
      {"{\"a\":{\"dtype\":\"F4\",\"shape\":[3],\"data_offsets\":[0,1]}}", 1, "do not fill whole bytes"},
      {"{\"a\\u0000b\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]}}", 0, "NUL character"},
      {"{\"a\\ud800\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]}}", 0, "bad escape"},
      {"{\"a\\q\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]}}", 0, "bad escape"},
      {"{\"a\x01\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]}}", 0, "control character"},
      {"{\"a\xff\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]}}", 0, "not valid UTF-8"},
      {"{\"a\xed\xa0\x80\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]}}", 0, "not valid UTF-8"},
      {"{\"__metadata__\":{\"k\":1}}", 0, "expected a string"},
      {"{\"__metadata__\":[]}", 0, "__metadata__ is not an object"},
      {"{\"__metadata__\":{},\"__metadata__\":{}}", 0, "duplicate __metadata__"},
      {"{} x", 0, "text after the JSON object"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]},}", 0, "expected a string"},
      {" {}", 0, "does not start with '{'"},
      {"[]", 0, "does not start with '{'"},
      {"{\"a\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]}", 0, "expected ',' or '}'"},
      {"{\"a", 0, "unterminated string"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    size_t len;
    unsigned char *b = mkfile(bad[i].json, bad[i].data, &len);
    tl_st_file f;
    memset(&f, 0x5A, sizeof f);
    tl_st_file sentinel = f;
    int st = tl__st_parse_file(b, len, &f);
    if (st == TL_OK) fail_msg("accepted bad file %zu: %s", i, bad[i].json);
    if (!strstr(tl_errmsg(), bad[i].msg)) fail_msg("file %zu: message '%s' lacks '%s'", i, tl_errmsg(), bad[i].msg);
    assert_memory_equal(&f, &sentinel, sizeof f);
    free(b);
  }
  /* the 8-byte prefix */
  unsigned char p[8] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
  uint64_t n;
  assert_int_equal(tl__st_header_len(p, 1000, &n), TL_EPARSE);
  assert_non_null(strstr(tl_errmsg(), "over the 100 MB limit"));
  unsigned char q[8] = {0x00, 0xe1, 0xf5, 0x05, 0, 0, 0, 0}; /* 100,000,000: allowed when inside */
  assert_int_equal(tl__st_header_len(q, 200000000, &n), TL_OK);
  assert_int_equal(n, 100000000);
  q[0] = 1; /* 100,000,001 */
  assert_int_equal(tl__st_header_len(q, 200000000, &n), TL_EPARSE);
  unsigned char r[8] = {100, 0, 0, 0, 0, 0, 0, 0};
  assert_int_equal(tl__st_header_len(r, 107, &n), TL_EPARSE);
  assert_non_null(strstr(tl_errmsg(), "runs past the end of the file"));
  assert_int_equal(tl__st_header_len(r, 108, &n), TL_OK);
  assert_int_equal(tl__st_header_len(r, 7, &n), TL_EPARSE);
  assert_int_equal(tl__st_parse_file(r, 7, NULL), TL_EINVAL);
  assert_int_equal(tl__st_parse(NULL, 3, 0, NULL), TL_EINVAL);
  assert_null(tl__st_code(TL_INT4));
  assert_string_equal(tl__st_code(TL_FLOAT8_E4M3FN), "F8_E4M3");
}

static unsigned char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("cannot read %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *b = malloc((size_t)n + 1);
  assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
  fclose(f);
  *len = (size_t)n;
  return b;
}

/* Our output equals the package's file: same tensors in the same order with the
 * same header entries and data bytes, the same metadata (a HashMap in the
 * package: its order is arbitrary, compared as a set). */
static void same_file(const char *ours, const char *theirs) {
  size_t la, lb;
  unsigned char *a = slurp(ours, &la), *b = slurp(theirs, &lb);
  tl_st_file fa, fb;
  assert_int_equal(tl__st_parse_file(a, la, &fa), TL_OK);
  assert_int_equal(tl__st_parse_file(b, lb, &fb), TL_OK);
  assert_int_equal(la, lb);
  assert_int_equal(fa.header_len, fb.header_len);
  assert_int_equal(fa.ntensors, fb.ntensors);
  for (size_t i = 0; i < fa.ntensors; i++) {
    assert_string_equal(fa.tensors[i].name, fb.tensors[i].name);
    assert_string_equal(fa.tensors[i].code, fb.tensors[i].code);
    assert_int_equal(fa.tensors[i].ndim, fb.tensors[i].ndim);
    for (int k = 0; k < fa.tensors[i].ndim; k++) assert_int_equal(fa.tensors[i].shape[k], fb.tensors[i].shape[k]);
    assert_int_equal(fa.tensors[i].begin, fb.tensors[i].begin);
    assert_int_equal(fa.tensors[i].end, fb.tensors[i].end);
  }
  /* the order of tensors in the header text too: the first tensor name after the metadata */
  assert_int_equal(fa.nmeta, fb.nmeta);
  for (size_t i = 0; i < fa.nmeta; i++) {
    size_t k = 0;
    while (k < fb.nmeta && strcmp(fa.meta[2 * i], fb.meta[2 * k])) k++;
    assert_true(k < fb.nmeta);
    assert_string_equal(fa.meta[2 * i + 1], fb.meta[2 * k + 1]);
  }
  size_t off = 8 + (size_t)fa.header_len;
  assert_memory_equal(a + off, b + off, la - off);
  tl__st_free(&fa);
  tl__st_free(&fb);
  free(a);
  free(b);
}

static int run(const char *args) {
  char cmd[4096];
  snprintf(cmd, sizeof cmd, "%s cast %s", TL_CLI_PATH, args);
  int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_cast_reference(void **state) {
  (void)state;
  char dir[] = "/tmp/tl_st_XXXXXX";
  assert_non_null(mkdtemp(dir));
  static const struct {
    const char *args, *expected;
  } cases[] = {
      {"--to bfloat16", "model_bf16.safetensors"},
      {"--from float32 --to float16", "model_f32only_f16.safetensors"},
      {"--only 'w*' --to float64", "model_only_w_f64.safetensors"},
      {"--only 'w.attn' --only 'w.m?p' --to float64 --threads 3", "model_only_w_f64.safetensors"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char a[2048], out[512], exp[1024];
    snprintf(out, sizeof out, "%s/out%zu.safetensors", dir, i);
    snprintf(a, sizeof a, "%s %s/tests/data/safetensors/model.safetensors %s", cases[i].args, TL_SOURCE_DIR, out);
    assert_int_equal(run(a), 0);
    snprintf(exp, sizeof exp, "%s/tests/data/safetensors/%s", TL_SOURCE_DIR, cases[i].expected);
    same_file(out, exp);
    unlink(out);
  }
  rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_parse_good), cmocka_unit_test(test_parse_bad),
                                     cmocka_unit_test(test_cast_reference)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
