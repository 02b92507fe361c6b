/* fuzz_operand.c — the operand grammar: tl_operand_parse, then
 * tl_operand_format and back. Properties: no crash; the error contract;
 * output untouched on failure; a parsed operand formats to a string that
 * parses to the same operand and formats to the same string (canonical
 * spelling is a fixed point); format's return value and truncation obey the
 * snprintf convention. */
#include "fuzz_common.h"

#include <math.h>

static int same_double(double a, double b) {
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  return a == b && signbit(a) == signbit(b);
}

static int same_operand(const tl_operand *a, const tl_operand *b) {
  if (a->kind != b->kind || a->dtype != b->dtype || a->has_value != b->has_value) return 0;
  if (!a->has_value) return 1;
  const tl_value *x = &a->value, *y = &b->value;
  if (x->kind != y->kind) return 0;
  switch (x->kind) {
  case TL_VALUE_BOOL: return x->lo == y->lo;
  case TL_VALUE_INT: return x->negative == y->negative && x->hi == y->hi && x->lo == y->lo;
  case TL_VALUE_FLOAT: return same_double(x->re, y->re);
  case TL_VALUE_COMPLEX: return same_double(x->re, y->re) && same_double(x->im, y->im);
  default: return 1;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = fz_cstr(data, size);
  tl_operand op, sentinel;
  memset(&op, 0x5A, sizeof op);
  sentinel = op;
  int st = tl_operand_parse(s, &op);
  fz_status(st, "tl_operand_parse");
  if (st != TL_OK) {
    FZ_CHECK(memcmp(&op, &sentinel, sizeof op) == 0, "tl_operand_parse wrote output on failure");
    FZ_CHECK(st == TL_EPARSE || st == TL_EDTYPE || st == TL_EOVERFLOW, "unexpected status %s", tl_status_name(st));
    free(s);
    return 0;
  }
  FZ_CHECK((int)op.dtype >= 0 && (int)op.dtype < TL_NUM_DTYPES, "invalid dtype %d", (int)op.dtype);
  FZ_CHECK((int)op.kind >= TL_OPERAND_DTYPE && op.kind <= TL_OPERAND_PYTYPE, "invalid kind %d", (int)op.kind);
  if (op.kind == TL_OPERAND_PYSCALAR || op.kind == TL_OPERAND_PYTYPE)
    FZ_CHECK(op.dtype == TL_BOOL || tl_dtype_is_weak(op.dtype), "Python operand with dtype %s", tl_dtype_name(op.dtype));
  else
    FZ_CHECK(!tl_dtype_is_weak(op.dtype), "array operand with weak dtype");
  if (op.kind == TL_OPERAND_SCALAR || op.kind == TL_OPERAND_PYSCALAR) FZ_CHECK(op.has_value, "scalar without value");

  char buf[512];
  int n = tl_operand_format(&op, buf, sizeof buf);
  fz_status(n < 0 ? n : TL_OK, "tl_operand_format");
  FZ_CHECK(n >= 0 && (size_t)n < sizeof buf && strlen(buf) == (size_t)n, "format of '%s' returned %d", s, n);

  /* snprintf convention for every smaller buffer size */
  char small[512];
  int n0 = tl_operand_format(&op, NULL, 0);
  FZ_CHECK(n0 == n, "format with cap 0 returned %d, expected %d", n0, n);
  for (size_t cap = 1; cap <= (size_t)n; cap += 1 + cap / 4) {
    memset(small, 'Z', sizeof small);
    int m = tl_operand_format(&op, small, cap);
    FZ_CHECK(m == n, "format with cap %zu returned %d", cap, m);
    FZ_CHECK(small[cap - 1] == '\0' && strncmp(small, buf, cap - 1) == 0 && small[cap] == 'Z',
             "truncated format at cap %zu wrong", cap);
  }

  tl_operand back;
  st = tl_operand_parse(buf, &back);
  fz_status(st, "tl_operand_parse(formatted)");
  FZ_CHECK(st == TL_OK, "formatted '%s' (from '%s') does not parse: %s", buf, s, tl_errmsg());
  FZ_CHECK(same_operand(&op, &back), "'%s' -> '%s' parses to a different operand", s, buf);
  char buf2[512];
  int n2 = tl_operand_format(&back, buf2, sizeof buf2);
  FZ_CHECK(n2 == n && strcmp(buf, buf2) == 0, "format not a fixed point: '%s' then '%s'", buf, buf2);
  free(s);
  return 0;
}
