/* npy.c — .npy header parsing and writing (format versions 1.0, 2.0, 3.0).
 * The header is a Python dict literal; we accept exactly the subset NumPy
 * writes: {'descr': STR, 'fortran_order': BOOL, 'shape': TUPLE, } with
 * optional spaces, in any key order. */
#include "npy.h"

#include "internal.h"

#include <stdio.h>
#include <string.h>

static const struct {
  tl_dtype d;
  const char *descr;
} tl__npy_codes[] = {
    {TL_BOOL, "|b1"},     {TL_INT8, "|i1"},     {TL_UINT8, "|u1"},    {TL_INT16, "<i2"},
    {TL_INT32, "<i4"},    {TL_INT64, "<i8"},    {TL_UINT16, "<u2"},   {TL_UINT32, "<u4"},
    {TL_UINT64, "<u8"},   {TL_FLOAT16, "<f2"},  {TL_FLOAT32, "<f4"},  {TL_FLOAT64, "<f8"},
    {TL_COMPLEX64, "<c8"}, {TL_COMPLEX128, "<c16"},
};

const char *tl__npy_descr(tl_dtype d) {
  for (size_t i = 0; i < TL__COUNT(tl__npy_codes); i++)
    if (tl__npy_codes[i].d == d) return tl__npy_codes[i].descr;
  return NULL;
}

typedef struct {
  const char *p, *end;
} tl__cur;

/* Python's whitespace inside a bracketed expression (implicit line joining). */
static void tl__ws(tl__cur *c) {
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r' || *c->p == '\f')) c->p++;
}
static int tl__eat(tl__cur *c, char ch) {
  tl__ws(c);
  if (c->p < c->end && *c->p == ch) {
    c->p++;
    return 1;
  }
  return 0;
}
/* A quoted string into buf (cap); returns 0 on error. Only printable ASCII
 * without backslashes (no valid key or descr needs an escape; a NUL, a control
 * character or a string that does not fit is an error, never truncated). */
static int tl__str(tl__cur *c, char *buf, size_t cap) {
  tl__ws(c);
  if (c->p >= c->end || (*c->p != '\'' && *c->p != '"')) return 0;
  char q = *c->p++;
  size_t n = 0;
  while (c->p < c->end && *c->p != q) {
    unsigned char ch = (unsigned char)*c->p;
    if (n + 1 >= cap || ch < 0x20 || ch > 0x7E || ch == '\\') return 0;
    buf[n++] = *c->p++;
  }
  if (c->p >= c->end) return 0;
  c->p++;
  buf[n] = '\0';
  return 1;
}
/* A Python keyword (True/False) not followed by an identifier character. */
static int tl__kw(tl__cur *c, const char *kw) {
  size_t n = strlen(kw);
  if ((size_t)(c->end - c->p) < n || memcmp(c->p, kw, n) != 0) return 0;
  if ((size_t)(c->end - c->p) > n) {
    char nx = c->p[n];
    if ((nx >= 'a' && nx <= 'z') || (nx >= 'A' && nx <= 'Z') || (nx >= '0' && nx <= '9') || nx == '_') return 0;
  }
  c->p += n;
  return 1;
}

/* The header as NumPy reads it (numpy.lib.format: ast.literal_eval, then
 * exactly the keys descr/fortran_order/shape, shape a tuple of ints,
 * fortran_order a bool). We accept the literal subset NumPy writes, with any
 * Python whitespace between tokens, and reject what NumPy rejects: text after
 * the closing brace other than whitespace, NULs, a parenthesised int that is
 * not a tuple ("(3)"), ints with leading zeros, minor versions other than 0. */
int tl__npy_parse(const void *buf, size_t len, tl_npy_header *out) {
  if (!buf || !out) return tl__error(TL_EINVAL, NULL, "npy: NULL argument");
  const unsigned char *b = buf;
  if (len < 10 || memcmp(b, "\x93NUMPY", 6) != 0)
    return tl__error(TL_EPARSE, NULL, "npy: not a .npy file (bad magic)");
  int major = b[6], minor = b[7];
  size_t hlen, off;
  if (minor != 0 || major < 1 || major > 3)
    return tl__error(TL_EPARSE, NULL, "npy: unsupported format version %d.%d", major, minor);
  if (major == 1) {
    hlen = (size_t)b[8] | ((size_t)b[9] << 8);
    off = 10;
  } else {
    if (len < 12) return tl__error(TL_EPARSE, NULL, "npy: truncated header");
    hlen = (size_t)b[8] | ((size_t)b[9] << 8) | ((size_t)b[10] << 16) | ((size_t)b[11] << 24);
    off = 12;
  }
  if (hlen > len - off) return tl__error(TL_EPARSE, NULL, "npy: truncated header (%zu bytes announced)", hlen);
  if (memchr(b + off, '\0', hlen)) return tl__error(TL_EPARSE, NULL, "npy: NUL byte in the header");
  tl_npy_header h;
  memset(&h, 0, sizeof h);
  h.major = major;
  h.minor = minor;
  h.data_offset = off + hlen;
  tl__cur c = {(const char *)b + off, (const char *)b + off + hlen};
  if (!tl__eat(&c, '{')) return tl__error(TL_EPARSE, NULL, "npy: header is not a dict");
  int have_descr = 0, have_fo = 0, have_shape = 0;
  char key[32], descr[32];
  while (!tl__eat(&c, '}')) {
    if (!tl__str(&c, key, sizeof key)) return tl__error(TL_EPARSE, NULL, "npy: bad key in header");
    if (!tl__eat(&c, ':')) return tl__error(TL_EPARSE, NULL, "npy: missing ':' after '%s'", key);
    if (strcmp(key, "descr") == 0) {
      if (have_descr++ || !tl__str(&c, descr, sizeof descr))
        return tl__error(TL_EPARSE, NULL, "npy: bad 'descr' value");
    } else if (strcmp(key, "fortran_order") == 0) {
      tl__ws(&c);
      if (have_fo++) return tl__error(TL_EPARSE, NULL, "npy: duplicate 'fortran_order'");
      if (tl__kw(&c, "True")) h.fortran_order = 1;
      else if (!tl__kw(&c, "False")) return tl__error(TL_EPARSE, NULL, "npy: bad 'fortran_order' value");
    } else if (strcmp(key, "shape") == 0) {
      if (have_shape++ || !tl__eat(&c, '(')) return tl__error(TL_EPARSE, NULL, "npy: bad 'shape' value");
      size_t count = 1;
      int trailing_comma = 0;
      while (!tl__eat(&c, ')')) {
        tl__ws(&c);
        if (c.p >= c.end || *c.p < '0' || *c.p > '9') return tl__error(TL_EPARSE, NULL, "npy: bad 'shape' value");
        size_t v = 0;
        const char *d0 = c.p;
        int nonzero = 0;
        while (c.p < c.end && *c.p >= '0' && *c.p <= '9') {
          if (v > (SIZE_MAX - 9) / 10) return tl__error(TL_EOVERFLOW, NULL, "npy: shape dimension too large");
          if (*c.p != '0') nonzero = 1;
          v = v * 10 + (size_t)(*c.p++ - '0');
        }
        if (c.p - d0 > 1 && *d0 == '0' && nonzero)
          return tl__error(TL_EPARSE, NULL, "npy: bad 'shape' value (leading zero)");
        if (h.ndim >= TL_NPY_MAX_DIMS) return tl__error(TL_EPARSE, NULL, "npy: too many dimensions");
        h.shape[h.ndim++] = v;
        if (v && count > SIZE_MAX / v) return tl__error(TL_EOVERFLOW, NULL, "npy: shape product overflows");
        count *= v;
        trailing_comma = tl__eat(&c, ',');
        if (!trailing_comma) {
          if (!tl__eat(&c, ')')) return tl__error(TL_EPARSE, NULL, "npy: bad 'shape' value");
          break;
        }
      }
      if (h.ndim == 1 && !trailing_comma)
        return tl__error(TL_EPARSE, NULL, "npy: 'shape' is not a tuple (a 1-d shape needs a trailing comma)");
      h.count = count;
    } else {
      return tl__error(TL_EPARSE, NULL, "npy: unknown header key '%s'", key);
    }
    if (!tl__eat(&c, ',')) {
      if (!tl__eat(&c, '}')) return tl__error(TL_EPARSE, NULL, "npy: expected ',' or '}' in header");
      break;
    }
  }
  tl__ws(&c);
  if (c.p != c.end) return tl__error(TL_EPARSE, NULL, "npy: text after the header dict");
  if (!have_descr || !have_fo || !have_shape)
    return tl__error(TL_EPARSE, NULL, "npy: header lacks '%s'", !have_descr ? "descr" : !have_fo ? "fortran_order" : "shape");
  /* descr: accept '<' and '|' (and '=' as native little-endian on x86) */
  char norm[32];
  snprintf(norm, sizeof norm, "%s", descr);
  if (norm[0] == '=') norm[0] = '<';
  if (norm[0] == '<' && (strcmp(norm, "<b1") == 0 || strcmp(norm, "<i1") == 0 || strcmp(norm, "<u1") == 0)) norm[0] = '|';
  if (norm[0] == '|' && (norm[1] != 'b' && norm[1] != 'i' && norm[1] != 'u')) norm[0] = '<';
  h.dtype = TL_DTYPE_NONE;
  for (size_t i = 0; i < TL__COUNT(tl__npy_codes); i++)
    if (strcmp(tl__npy_codes[i].descr, norm) == 0) h.dtype = tl__npy_codes[i].d;
  if (h.dtype == TL_DTYPE_NONE)
    return tl__error(TL_EUNSUPPORTED, NULL, "npy: unsupported descr '%s' (only little-endian bool/int/uint/float/complex)", descr);
  *out = h;
  return tl__ok();
}

int tl__npy_write_header(tl_dtype d, size_t count, void *buf, size_t cap, size_t *len) {
  return tl__npy_write_header_nd(d, 1, &count, 0, buf, cap, len);
}

int tl__npy_write_header_nd(tl_dtype d, int ndim, const size_t *shape, int fortran_order, void *buf, size_t cap,
                            size_t *len) {
  const char *descr = tl__npy_descr(d);
  if (!descr) return tl__error(TL_EUNSUPPORTED, NULL, "npy: NumPy has no .npy code for dtype '%s'", tl_dtype_name(d));
  if (ndim < 0 || ndim > TL_NPY_MAX_DIMS || (ndim > 0 && !shape))
    return tl__error(TL_EINVAL, NULL, "npy: bad ndim %d", ndim);
  /* NumPy's own layout: "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" */
  char dict[TL_NPY_HEADER_MAX];
  size_t n = (size_t)snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': %s, 'shape': (", descr,
                              fortran_order ? "True" : "False");
  for (int i = 0; i < ndim; i++)
    n += (size_t)snprintf(dict + n, sizeof dict - n, i == 0 ? "%zu" : ", %zu", shape[i]);
  n += (size_t)snprintf(dict + n, sizeof dict - n, "%s), }", ndim == 1 ? "," : "");
  size_t total = 10 + n + 1;
  total = (total + 63) / 64 * 64;
  if (!buf || !len || cap < total) return tl__error(TL_EINVAL, NULL, "npy: header buffer too small");
  unsigned char *b = buf;
  memcpy(b, "\x93NUMPY\x01\x00", 8);
  size_t hl = total - 10;
  b[8] = (unsigned char)(hl & 0xFF);
  b[9] = (unsigned char)(hl >> 8);
  memcpy(b + 10, dict, n);
  memset(b + 10 + n, ' ', total - 10 - n - 1);
  b[total - 1] = '\n';
  *len = total;
  return tl__ok();
}
