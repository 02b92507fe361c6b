/* tl_test_util.h — helpers shared by the cmocka tests: reading data files
 * and parsing the seed tables (tests/data/seed/ files). Header-only; not a test
 * program itself (only tests/test_*.c are). Expected values always come from
 * the data files, never from the library. */
#ifndef TL_TEST_UTIL_H
#define TL_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "typelattice.h"

/* The path of reference data recorded from the frameworks, REL below
 * tests/data (convert/FROM.tsv, binary/NAME.tsv, finfo.tsv, iinfo.tsv); with
 * TL_TEST_DATA set, below that directory instead: `make conformance` runs these
 * tests on data it has just regenerated from the live frameworks. */
static inline void tt_ref_path(char *buf, size_t n, const char *rel) {
  const char *dir = getenv("TL_TEST_DATA");
  if (dir && *dir) snprintf(buf, n, "%s/%s", dir, rel);
  else snprintf(buf, n, "%s/tests/data/%s", TL_SOURCE_DIR, rel);
}

/* Read a file below the source tree (tests/data/convert|binary/..., finfo.tsv
 * and iinfo.tsv through tt_ref_path); fails the test when missing. */
static inline char *tt_read_file(const char *relpath) {
  char path[1024];
  static const char *const ref[] = {"tests/data/finfo.tsv", "tests/data/iinfo.tsv"};
  if (!strcmp(relpath, ref[0]) || !strcmp(relpath, ref[1])) tt_ref_path(path, sizeof path, relpath + strlen("tests/data/"));
  else snprintf(path, sizeof path, "%s/%s", TL_SOURCE_DIR, relpath);
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  assert_non_null(buf);
  size_t got = fread(buf, 1, (size_t)n, f);
  fclose(f);
  buf[got] = '\0';
  return buf;
}

#define TL__UNUSED_T __attribute__((unused))
/* A square table of short codes: header codes and cells[row][col]. */
#define TT_MAX 40
typedef struct {
  int n;              /* number of columns */
  int rows;           /* number of rows read */
  char col[TT_MAX][16];
  char row[TT_MAX][16];
  char cell[TT_MAX][TT_MAX][16];
} tt_table;

/* Tokenise one line: HTML tags and '|' act as separators. */
static inline int tt_tokens(char *line, char tok[][16], int cap) {
  int n = 0;
  char *p = line;
  /* blank out tags */
  for (char *q = p; *q; q++) {
    if (*q == '<') {
      while (*q && *q != '>') *q++ = ' ';
      if (*q) *q = ' ';
    }
    if (*q == '|') *q = ' ';
  }
  while (*p) {
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    if (!*p) break;
    char *s = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r') p++;
    if (n < cap) {
      size_t len = (size_t)(p - s);
      if (len > 15) len = 15;
      memcpy(tok[n], s, len);
      tok[n][len] = '\0';
      n++;
    }
  }
  return n;
}

/* Parse a seed table file: '#' comments and '---' separator lines skipped;
 * the first remaining line holds the column codes. */
static inline void tt_load_table(const char *relpath, tt_table *t) {
  char *text = tt_read_file(relpath);
  memset(t, 0, sizeof *t);
  int header = 1;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (line[0] == '#' || strncmp(line, "---", 3) == 0) continue;
    char tok[TT_MAX + 2][16];
    int n = tt_tokens(line, tok, TT_MAX + 2);
    if (n == 0) continue;
    if (header) {
      assert_true(n <= TT_MAX);
      for (int i = 0; i < n; i++) strcpy(t->col[i], tok[i]);
      t->n = n;
      header = 0;
      continue;
    }
    if (n != t->n + 1) fail_msg("%s: row '%s' has %d cells, expected %d", relpath, tok[0], n - 1, t->n);
    assert_true(t->rows < TT_MAX);
    strcpy(t->row[t->rows], tok[0]);
    for (int i = 0; i < t->n; i++) strcpy(t->cell[t->rows][i], tok[i + 1]);
    t->rows++;
  }
  free(text);
}

/* Code legends, as stated by each source. */
typedef struct {
  const char *code;
  tl_dtype d;
} tt_code;

/* docs/type_promotion.rst: byte sizes, c8 = complex64, c16 = complex128. */
TL__UNUSED_T static const tt_code tt_codes_rst[] = {
    {"b1", TL_BOOL},     {"u1", TL_UINT8},    {"u2", TL_UINT16},  {"u4", TL_UINT32},    {"u8", TL_UINT64},
    {"i1", TL_INT8},     {"i2", TL_INT16},    {"i4", TL_INT32},   {"i8", TL_INT64},     {"bf", TL_BFLOAT16},
    {"f2", TL_FLOAT16},  {"f4", TL_FLOAT32},  {"f8", TL_FLOAT64}, {"c8", TL_COMPLEX64}, {"c16", TL_COMPLEX128},
    {"i*", TL_WEAK_INT}, {"f*", TL_WEAK_FLOAT}, {"c*", TL_WEAK_COMPLEX}, {NULL, TL_DTYPE_NONE}};
/* testObservedPromotionTable and the 2022 doc table: byte sizes but c4 = complex64, c8 = complex128. */
TL__UNUSED_T static const tt_code tt_codes_obs[] = {
    {"b1", TL_BOOL},     {"u1", TL_UINT8},    {"u2", TL_UINT16},  {"u4", TL_UINT32},    {"u8", TL_UINT64},
    {"i1", TL_INT8},     {"i2", TL_INT16},    {"i4", TL_INT32},   {"i8", TL_INT64},     {"bf", TL_BFLOAT16},
    {"f2", TL_FLOAT16},  {"f4", TL_FLOAT32},  {"f8", TL_FLOAT64}, {"c4", TL_COMPLEX64}, {"c8", TL_COMPLEX128},
    {"i*", TL_WEAK_INT}, {"f*", TL_WEAK_FLOAT}, {"c*", TL_WEAK_COMPLEX}, {NULL, TL_DTYPE_NONE}};
/* The design note and jax.md §2e: bit widths. */
TL__UNUSED_T static const tt_code tt_codes_bits[] = {
    {"b", TL_BOOL},        {"b1", TL_BOOL},       {"u8", TL_UINT8},      {"u16", TL_UINT16},  {"u32", TL_UINT32},
    {"u64", TL_UINT64},    {"i8", TL_INT8},       {"i16", TL_INT16},     {"i32", TL_INT32},   {"i64", TL_INT64},
    {"bf16", TL_BFLOAT16}, {"f16", TL_FLOAT16},   {"f32", TL_FLOAT32},   {"f64", TL_FLOAT64}, {"c64", TL_COMPLEX64},
    {"c128", TL_COMPLEX128}, {"i*", TL_WEAK_INT}, {"f*", TL_WEAK_FLOAT}, {"c*", TL_WEAK_COMPLEX},
    {NULL, TL_DTYPE_NONE}};

static inline tl_dtype tt_code_dtype(const tt_code *legend, const char *code) {
  for (const tt_code *c = legend; c->code; c++)
    if (strcmp(c->code, code) == 0) return c->d;
  fail_msg("code '%s' not in the legend", code);
  return TL_DTYPE_NONE;
}

/* Expect status st == want and, when msg is non-NULL, tl_errmsg() == msg. */
#define TT_EXPECT_STATUS(st, want)                                                                     \
  do {                                                                                                 \
    int tt_st_ = (st);                                                                                 \
    if (tt_st_ != (want))                                                                              \
      fail_msg("%s: got %s (%s), expected %s", #st, tl_status_name(tt_st_), tl_errmsg(),             \
               tl_status_name(want));                                                                  \
  } while (0)

#endif
