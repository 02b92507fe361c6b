/* operand.c — the operand grammar and exact scalar values.
 *
 * Grammar (docs/design.md):
 *   DTYPE | array:DTYPE | weak:DTYPE | zerodim:DTYPE[:VALUE] | scalar:DTYPE:VALUE
 *   | py:int:V | py:float:V | py:complex:V | py:bool:V | bare literal | int|float|complex|bool
 */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- exact integers: sign + 128-bit magnitude ---------------------------- */

/* mag = mag * m + a; returns 0 on overflow past 128 bits. */
static int tl__mag_muladd(uint64_t *hi, uint64_t *lo, uint32_t m, uint32_t a) {
  uint64_t l0 = (*lo & 0xffffffffu) * m + a;
  uint64_t l1 = (*lo >> 32) * m + (l0 >> 32);
  uint64_t h0 = (*hi & 0xffffffffu) * m + (l1 >> 32);
  uint64_t h1 = (*hi >> 32) * m + (h0 >> 32);
  if (h1 >> 32) return 0;
  *lo = (l1 << 32) | (l0 & 0xffffffffu);
  *hi = (h1 << 32) | (h0 & 0xffffffffu);
  return 1;
}

/* Parse an unsigned integer literal (decimal, or 0x/0o/0b prefixed; '_' allowed
 * between digits as in Python). Returns 1 ok, 0 not an integer, -1 too large. */
static int tl__parse_uint(const char *s, size_t len, uint64_t *hi, uint64_t *lo) {
  unsigned base = 10;
  if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2, len -= 2;
  else if (len > 2 && s[0] == '0' && (s[1] == 'o' || s[1] == 'O')) base = 8, s += 2, len -= 2;
  else if (len > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) base = 2, s += 2, len -= 2;
  if (len == 0) return 0;
  *hi = *lo = 0;
  int digits = 0;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c == '_' && i > 0 && i + 1 < len) continue;
    unsigned d;
    if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
    else return 0;
    if (d >= base) return 0;
    digits++;
    if (!tl__mag_muladd(hi, lo, base, d)) {
      /* keep scanning so that "12x" is still "not an integer" */
      for (size_t j = i + 1; j < len; j++)
        if (!isxdigit((unsigned char)s[j]) && s[j] != '_') return 0;
      return -1;
    }
  }
  return digits > 0;
}

static int tl__mag_cmp(uint64_t ahi, uint64_t alo, uint64_t bhi, uint64_t blo) {
  if (ahi != bhi) return ahi < bhi ? -1 : 1;
  if (alo != blo) return alo < blo ? -1 : 1;
  return 0;
}

bool tl__value_fits(const tl_value *v, int64_t min, uint64_t max) {
  if (v->kind == TL_VALUE_BOOL) return v->lo <= max && (min <= 0 || v->lo >= (uint64_t)min);
  if (v->kind != TL_VALUE_INT) return false;
  if (v->hi) return false;
  if (v->negative) {
    if (v->lo == 0) return min <= 0;
    if (min >= 0) return false;
    uint64_t lim = (uint64_t)(-(min + 1)) + 1; /* |min| without overflow */
    return v->lo <= lim;
  }
  return v->lo <= max;
}

void tl__value_int_str(const tl_value *v, char *buf, size_t cap) {
  char tmp[48];
  int n = 0;
  uint64_t hi = v->hi, lo = v->lo;
  if (v->kind == TL_VALUE_BOOL) hi = 0;
  do { /* divide the 128-bit magnitude by 10 */
    uint64_t r = 0, parts[4] = {hi >> 32, hi & 0xffffffffu, lo >> 32, lo & 0xffffffffu};
    for (int i = 0; i < 4; i++) {
      uint64_t cur = (r << 32) | parts[i];
      parts[i] = cur / 10;
      r = cur % 10;
    }
    hi = (parts[0] << 32) | parts[1];
    lo = (parts[2] << 32) | parts[3];
    tmp[n++] = (char)('0' + r);
  } while (hi || lo);
  size_t k = 0;
  if (v->negative && (v->hi || v->lo) && k + 1 < cap) buf[k++] = '-';
  while (n > 0 && k + 1 < cap) buf[k++] = tmp[--n];
  if (cap) buf[k < cap ? k : cap - 1] = '\0';
}

double tl__value_as_double(const tl_value *v) {
  switch (v->kind) {
  case TL_VALUE_BOOL: return (double)v->lo;
  case TL_VALUE_INT: {
    /* exact rounding of hi*2^64+lo: long double is not portable; do it via
     * the decimal string and strtod, which rounds correctly */
    char b[48];
    tl__value_int_str(v, b, sizeof b);
    return strtod(b, NULL);
  }
  case TL_VALUE_FLOAT:
  case TL_VALUE_COMPLEX: return v->re;
  default: return 0.0;
  }
}

/* Python's repr of a float: shortest digits that round-trip, fixed notation
 * for exponents in [-4, 16), else d.ddde+XX. */
static void tl__float_repr(double x, char *buf, size_t cap) {
  if (isnan(x)) { snprintf(buf, cap, "nan"); return; }
  if (isinf(x)) { snprintf(buf, cap, x < 0 ? "-inf" : "inf"); return; }
  char e[40];
  for (int p = 0; p < 17; p++) {
    snprintf(e, sizeof e, "%.*e", p, x);
    if (strtod(e, NULL) == x) break;
  }
  /* e = [-]d[.ddd]e[+-]XX */
  const char *s = e;
  int neg = *s == '-';
  if (neg) s++;
  char digits[24];
  int nd = 0;
  for (; *s && *s != 'e'; s++)
    if (isdigit((unsigned char)*s) && nd < 23) digits[nd++] = *s;
  int exp10 = atoi(s + 1);
  while (nd > 1 && digits[nd - 1] == '0') nd--;
  digits[nd] = '\0';
  char out[64];
  size_t k = 0;
  if (neg) out[k++] = '-';
  if (exp10 >= -4 && exp10 < 16) {
    if (exp10 < 0) {
      out[k++] = '0';
      out[k++] = '.';
      for (int i = 0; i < -exp10 - 1; i++) out[k++] = '0';
      for (int i = 0; i < nd; i++) out[k++] = digits[i];
    } else {
      for (int i = 0; i <= exp10; i++) out[k++] = i < nd ? digits[i] : '0';
      out[k++] = '.';
      if (nd > exp10 + 1)
        for (int i = exp10 + 1; i < nd; i++) out[k++] = digits[i];
      else
        out[k++] = '0';
    }
    out[k] = '\0';
  } else {
    out[k++] = digits[0];
    if (nd > 1) {
      out[k++] = '.';
      for (int i = 1; i < nd; i++) out[k++] = digits[i];
    }
    snprintf(out + k, sizeof out - k, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
  }
  snprintf(buf, cap, "%s", out);
}

/* Python's repr of a complex: "1j", "(1+2j)", "(-0-1j)". */
static void tl__complex_repr(double re, double im, char *buf, size_t cap) {
  char r[40], i[40];
  tl__float_repr(im, i, sizeof i);
  /* Python drops a trailing ".0" in complex reprs */
  size_t li = strlen(i);
  if (li > 2 && strcmp(i + li - 2, ".0") == 0) i[li - 2] = '\0';
  if (re == 0.0 && !signbit(re)) {
    snprintf(buf, cap, "%sj", i);
    return;
  }
  tl__float_repr(re, r, sizeof r);
  size_t lr = strlen(r);
  if (lr > 2 && strcmp(r + lr - 2, ".0") == 0) r[lr - 2] = '\0';
  const char *sign = (i[0] == '-') ? "" : "+";
  snprintf(buf, cap, "(%s%s%sj)", r, sign, i);
}

void tl__value_repr(const tl_value *v, char *buf, size_t cap) {
  switch (v->kind) {
  case TL_VALUE_BOOL: snprintf(buf, cap, "%s", v->lo ? "True" : "False"); break;
  case TL_VALUE_INT: tl__value_int_str(v, buf, cap); break;
  case TL_VALUE_FLOAT: tl__float_repr(v->re, buf, cap); break;
  case TL_VALUE_COMPLEX: tl__complex_repr(v->re, v->im, buf, cap); break;
  default: snprintf(buf, cap, "None"); break;
  }
}

/* ---- literal parsing ------------------------------------------------------ */

/* A float literal as Python writes it: strtod syntax plus inf/nan; no hex. */
static int tl__parse_float(const char *s, size_t len, double *out) {
  char b[80];
  if (len == 0 || len >= sizeof b) return 0;
  memcpy(b, s, len);
  b[len] = '\0';
  const char *p = b + (b[0] == '+' || b[0] == '-');
  if (strcmp(p, "inf") == 0 || strcmp(p, "infinity") == 0 || strcmp(p, "nan") == 0 ||
      strcmp(p, "Infinity") == 0 || strcmp(p, "NaN") == 0) {
    double v = (p[0] == 'n' || p[0] == 'N') ? NAN : INFINITY;
    *out = b[0] == '-' ? -v : v;
    return 1;
  }
  for (const char *q = p; *q; q++)
    if (!(isdigit((unsigned char)*q) || *q == '.' || *q == 'e' || *q == 'E' || *q == '+' || *q == '-' || *q == '_'))
      return 0;
  if (!isdigit((unsigned char)p[0]) && !(p[0] == '.' && isdigit((unsigned char)p[1]))) return 0;
  /* drop Python's digit separators */
  char c[80];
  size_t k = 0;
  for (const char *q = b; *q; q++)
    if (*q != '_') c[k++] = *q;
  c[k] = '\0';
  char *end;
  errno = 0;
  double v = strtod(c, &end);
  if (*end != '\0') return 0;
  *out = v; /* overflow gives +-inf: Python would reject 1e999 literals but float('1e999') is inf */
  return 1;
}

/* Complex literal: "1j", "-2.5j", "(1+2j)", "(-0-1j)", "(inf+nanj)", "1+2j". */
static int tl__parse_complex(const char *s, size_t len, double *re, double *im) {
  if (len >= 2 && s[0] == '(' && s[len - 1] == ')') s++, len -= 2;
  if (len < 1 || (s[len - 1] != 'j' && s[len - 1] != 'J')) return 0;
  len--; /* drop j */
  if (len == 0) return 0;
  /* split at the last + or - that is not at the start and not after an 'e' */
  size_t split = 0;
  for (size_t i = len; i-- > 1;)
    if ((s[i] == '+' || s[i] == '-') && s[i - 1] != 'e' && s[i - 1] != 'E') {
      split = i;
      break;
    }
  if (split == 0) {
    *re = 0.0;
    if (len == 1 && (s[0] == '+' || s[0] == '-')) return 0;
    return tl__parse_float(s, len, im);
  }
  return tl__parse_float(s, split, re) && tl__parse_float(s + split, len - split, im);
}

/* Integer literal with sign; also B**E and B**E+C / B**E-C. Returns 1 ok,
 * 0 not an int, -1 too large. */
static int tl__parse_int(const char *s, size_t len, tl_value *v) {
  memset(v, 0, sizeof *v);
  v->kind = TL_VALUE_INT;
  int neg = 0;
  if (len && (s[0] == '-' || s[0] == '+')) neg = s[0] == '-', s++, len--;
  const char *pw = NULL;
  for (size_t i = 0; i + 1 < len; i++)
    if (s[i] == '*' && s[i + 1] == '*') {
      pw = s + i;
      break;
    }
  if (!pw) {
    int r = tl__parse_uint(s, len, &v->hi, &v->lo);
    if (r <= 0) return r;
  } else {
    uint64_t bh, bl, eh, el;
    size_t blen = (size_t)(pw - s);
    const char *e = pw + 2;
    size_t elen = len - blen - 2;
    const char *adj = NULL;
    for (size_t i = 1; i < elen; i++)
      if (e[i] == '+' || e[i] == '-') {
        adj = e + i;
        elen = i;
        break;
      }
    if (tl__parse_uint(s, blen, &bh, &bl) != 1 || tl__parse_uint(e, elen, &eh, &el) != 1) return 0;
    if (bh || eh || el > 200) return bl > 1 || bh ? -1 : 0;
    v->hi = 0;
    v->lo = 1;
    /* B**E == 2**128 exactly (B a power of two): only representable as
     * 2**128 - C with C >= 1 (e.g. 2**128-1); that is -C modulo 2**128 */
    uint64_t log2b = 0;
    for (uint64_t b = bl; b > 1; b >>= 1) log2b++;
    int pow2_128 = bl > 1 && (bl & (bl - 1)) == 0 && log2b * el == 128;
    for (uint64_t i = 0; i < el && !pow2_128; i++) {
      uint64_t nh = v->hi, nl = v->lo, rh = 0, rl = 0;
      /* multiply by bl (<= 64 bits) via repeated muladd in 32-bit chunks */
      if (bl > 0xffffffffu) return -1;
      rh = nh, rl = nl;
      if (!tl__mag_muladd(&rh, &rl, (uint32_t)bl, 0)) return -1;
      v->hi = rh, v->lo = rl;
    }
    if (pow2_128 && !adj) return -1;
    if (adj) {
      uint64_t ch, cl;
      size_t alen = len - (size_t)(adj - s) - 1;
      if (tl__parse_uint(adj + 1, alen, &ch, &cl) != 1) return 0;
      /* Python reads -B**E+C as -(B**E)+C = -(B**E-C): a leading '-' flips
       * the operation applied to the magnitude */
      int add = (*adj == '+') != neg;
      if (pow2_128) {
        if (add || (ch == 0 && cl == 0)) return -1;
        v->lo = ~cl + 1;
        v->hi = ~ch + (v->lo == 0);
        v->negative = neg;
        return 1;
      }
      if (add) {
        uint64_t lo = v->lo + cl;
        uint64_t carry = lo < v->lo;
        if (v->hi + ch + carry < v->hi) return -1;
        v->hi += ch + carry;
        v->lo = lo;
      } else {
        if (tl__mag_cmp(v->hi, v->lo, ch, cl) < 0) { /* small - big: flip the sign */
          uint64_t lo = cl - v->lo, borrow = cl < v->lo;
          v->hi = ch - v->hi - borrow;
          v->lo = lo;
          neg = !neg;
        } else {
          uint64_t lo = v->lo - cl, borrow = v->lo < cl;
          v->hi = v->hi - ch - borrow;
          v->lo = lo;
        }
      }
    }
  }
  v->negative = neg && (v->hi || v->lo);
  return 1;
}

/* A Python int literal beyond 128 bits (tl__parse_int gave -1): its sign and
 * the saturated magnitude 2**128-1, which no dtype holds, so every range check
 * answers as for the real value. B**E-C forms are refused (0): their value
 * may fit after all. */
static int tl__saturate_int(const char *s, size_t len, tl_value *v) {
  int neg = len && s[0] == '-';
  const char *pw = NULL;
  for (size_t i = 0; i + 1 < len; i++)
    if (s[i] == '*' && s[i + 1] == '*') {
      pw = s + i;
      break;
    }
  if (pw) {
    for (const char *q = pw + 3; q < s + len; q++)
      if ((*q == '-' && !neg) || (*q == '+' && neg)) return 0; /* magnitude B**E - C */
  }
  memset(v, 0, sizeof *v);
  v->kind = TL_VALUE_INT;
  v->negative = neg;
  v->hi = v->lo = UINT64_MAX;
  return 1;
}

/* Parse a value of the given kind (TL_VALUE_NONE: infer from the literal).
 * `saturate`: a Python int beyond 128 bits is saturated (tl__saturate_int). */
static int tl__parse_value(const char *s, size_t len, tl_value_kind want, tl_value *v, const char *whole,
                           int saturate) {
  char b[160];
  snprintf(b, sizeof b, "%.*s", (int)(len < 150 ? len : 150), s);
  memset(v, 0, sizeof *v);
  if (want == TL_VALUE_BOOL || want == TL_VALUE_NONE) {
    int t = -1;
    if (strcmp(b, "True") == 0 || (want == TL_VALUE_BOOL && (strcmp(b, "true") == 0 || strcmp(b, "1") == 0))) t = 1;
    if (strcmp(b, "False") == 0 || (want == TL_VALUE_BOOL && (strcmp(b, "false") == 0 || strcmp(b, "0") == 0))) t = 0;
    if (t >= 0) {
      v->kind = TL_VALUE_BOOL;
      v->lo = (uint64_t)t;
      return TL_OK;
    }
    if (want == TL_VALUE_BOOL)
      return tl__error(TL_EPARSE, NULL, "bad bool value '%s' in operand '%s' (use True or False)", b, whole);
  }
  if (want == TL_VALUE_INT || want == TL_VALUE_NONE) {
    int r = tl__parse_int(s, len, v);
    if (r == 1) return TL_OK;
    if (r < 0 && saturate && tl__saturate_int(s, len, v)) return TL_OK;
    if (r < 0)
      return tl__error(TL_EOVERFLOW, "OverflowError",
                       "integer '%s' in operand '%s' is too large (typelattice keeps integers exactly up to 128 bits%s)",
                       b, whole, saturate ? "; a Python int B**E-C beyond that is not taken" : " in a NumPy value");
    if (want == TL_VALUE_INT) return tl__error(TL_EPARSE, NULL, "bad integer value '%s' in operand '%s'", b, whole);
  }
  double re = 0, im = 0;
  if (want == TL_VALUE_FLOAT || want == TL_VALUE_NONE) {
    if (tl__parse_float(s, len, &re)) {
      v->kind = TL_VALUE_FLOAT;
      v->re = re;
      return TL_OK;
    }
    if (want == TL_VALUE_FLOAT) {
      tl_value iv;
      if (tl__parse_int(s, len, &iv) == 1) { /* py:float:3 means 3.0 */
        v->kind = TL_VALUE_FLOAT;
        v->re = tl__value_as_double(&iv);
        if (iv.negative) v->re = -fabs(v->re);
        return TL_OK;
      }
      return tl__error(TL_EPARSE, NULL, "bad float value '%s' in operand '%s'", b, whole);
    }
  }
  if (tl__parse_complex(s, len, &re, &im) || (want == TL_VALUE_COMPLEX && tl__parse_float(s, len, &re))) {
    v->kind = TL_VALUE_COMPLEX;
    v->re = re;
    v->im = im;
    return TL_OK;
  }
  if (want == TL_VALUE_COMPLEX) return tl__error(TL_EPARSE, NULL, "bad complex value '%s' in operand '%s'", b, whole);
  return tl__error(TL_EPARSE, NULL, "cannot parse operand '%s'", whole);
}

static tl_value_kind tl__value_kind_for(tl_dtype d) {
  const tl_dtype_info *in = tl__info(d);
  switch (in ? in->kind : TL_KIND_BOOL) {
  case TL_KIND_BOOL: return TL_VALUE_BOOL;
  case TL_KIND_INT:
  case TL_KIND_UINT: return TL_VALUE_INT;
  case TL_KIND_FLOAT: return TL_VALUE_FLOAT;
  default: return TL_VALUE_COMPLEX;
  }
}

static int tl__parse_dtype_part(const char *s, size_t len, const char *whole, int allow_weak, tl_dtype *out) {
  char b[80];
  if (len == 0) return tl__error(TL_EPARSE, NULL, "missing dtype in operand '%s'", whole);
  if (len >= sizeof b) return tl__error(TL_EDTYPE, NULL, "dtype name too long in operand '%s'", whole);
  memcpy(b, s, len);
  b[len] = '\0';
  int st = tl_dtype_parse(b, out, NULL);
  if (st != TL_OK) return st;
  if (!allow_weak && tl_dtype_is_weak(*out))
    return tl__error(TL_EDTYPE, NULL, "operand '%s': '%s' is a Python type, not an array dtype", whole, b);
  return TL_OK;
}

int tl_operand_parse(const char *text, tl_operand *out) {
  if (!text || !out) return tl__error(TL_EINVAL, NULL, "tl_operand_parse: NULL %s", text ? "out" : "text");
  size_t len = strlen(text);
  while (len && isspace((unsigned char)text[0])) text++, len--;
  while (len && isspace((unsigned char)text[len - 1])) len--;
  if (len == 0) return tl__error(TL_EPARSE, NULL, "empty operand");
  /* long enough for a Python int of 26,000 bits in decimal */
  if (len > 8000) return tl__error(TL_EPARSE, NULL, "operand too long (%zu characters; at most 8000)", len);
  char whole[8008];
  memcpy(whole, text, len);
  whole[len] = '\0';

  tl_operand op;
  memset(&op, 0, sizeof op);
  const char *colon = strchr(whole, ':');
  int st;
  if (colon) {
    size_t plen = (size_t)(colon - whole);
    const char *rest = colon + 1;
    if (plen == 5 && memcmp(whole, "array", 5) == 0) {
      op.kind = TL_OPERAND_ARRAY;
      if ((st = tl__parse_dtype_part(rest, strlen(rest), whole, 0, &op.dtype)) != TL_OK) return st;
    } else if (plen == 4 && memcmp(whole, "weak", 4) == 0) {
      op.kind = TL_OPERAND_WEAK_ARRAY;
      if ((st = tl__parse_dtype_part(rest, strlen(rest), whole, 0, &op.dtype)) != TL_OK) return st;
    } else if ((plen == 7 && memcmp(whole, "zerodim", 7) == 0) || (plen == 6 && memcmp(whole, "scalar", 6) == 0)) {
      op.kind = plen == 7 ? TL_OPERAND_ZERODIM : TL_OPERAND_SCALAR;
      const char *c2 = strchr(rest, ':');
      size_t dlen = c2 ? (size_t)(c2 - rest) : strlen(rest);
      if ((st = tl__parse_dtype_part(rest, dlen, whole, 0, &op.dtype)) != TL_OK) return st;
      if (c2) {
        st = tl__parse_value(c2 + 1, strlen(c2 + 1), tl__value_kind_for(op.dtype), &op.value, whole, 0);
        if (st != TL_OK) return st;
        /* a NumPy integer holds its dtype's values only (np.int8(300) is
           NumPy 2's OverflowError; 1.26 stored 44): no answer for others */
        const tl_dtype_info *di = tl__info(op.dtype);
        if (di && (di->kind == TL_KIND_INT || di->kind == TL_KIND_UINT) && di->bits <= 64) {
          const int bits = di->bits;
          const int64_t lo = di->kind == TL_KIND_UINT ? 0 : bits >= 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
          const uint64_t hi = di->kind == TL_KIND_UINT ? (bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1)
                                                       : (uint64_t)(bits >= 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1);
          if (!tl__value_fits(&op.value, lo, hi)) {
            tl_clear_error();
            return tl__error(TL_EOVERFLOW, "OverflowError", "operand '%s': the value is out of bounds for %s", whole,
                             tl_dtype_name(op.dtype));
          }
        }
        op.has_value = 1;
      } else if (op.kind == TL_OPERAND_SCALAR) {
        return tl__error(TL_EPARSE, NULL, "operand '%s': a NumPy scalar needs a value (scalar:DTYPE:VALUE)", whole);
      }
    } else if (plen == 2 && memcmp(whole, "py", 2) == 0) {
      op.kind = TL_OPERAND_PYSCALAR;
      const char *c2 = strchr(rest, ':');
      if (!c2) return tl__error(TL_EPARSE, NULL, "operand '%s': expected py:KIND:VALUE", whole);
      size_t klen = (size_t)(c2 - rest);
      tl_value_kind vk;
      if (klen == 3 && memcmp(rest, "int", 3) == 0) vk = TL_VALUE_INT, op.dtype = TL_WEAK_INT;
      else if (klen == 5 && memcmp(rest, "float", 5) == 0) vk = TL_VALUE_FLOAT, op.dtype = TL_WEAK_FLOAT;
      else if (klen == 7 && memcmp(rest, "complex", 7) == 0) vk = TL_VALUE_COMPLEX, op.dtype = TL_WEAK_COMPLEX;
      else if (klen == 4 && memcmp(rest, "bool", 4) == 0) vk = TL_VALUE_BOOL, op.dtype = TL_BOOL;
      else return tl__error(TL_EPARSE, NULL, "operand '%s': Python scalar kind must be int, float, complex or bool", whole);
      if ((st = tl__parse_value(c2 + 1, strlen(c2 + 1), vk, &op.value, whole, 1)) != TL_OK) return st;
      op.has_value = 1;
    } else {
      return tl__error(TL_EPARSE, NULL,
                       "operand '%s': unknown prefix '%.*s' (expected array, weak, zerodim, scalar or py)", whole,
                       (int)plen, whole);
    }
    *out = op;
    return tl__ok();
  }
  /* Python types */
  static const struct { const char *n; tl_dtype d; } pytypes[] = {
      {"int", TL_WEAK_INT}, {"float", TL_WEAK_FLOAT}, {"complex", TL_WEAK_COMPLEX}, {"bool", TL_BOOL},
      {"int*", TL_WEAK_INT}, {"float*", TL_WEAK_FLOAT}, {"complex*", TL_WEAK_COMPLEX}};
  for (size_t i = 0; i < TL__COUNT(pytypes); i++)
    if (strcmp(whole, pytypes[i].n) == 0) {
      op.kind = TL_OPERAND_PYTYPE;
      op.dtype = pytypes[i].d;
      *out = op;
      return tl__ok();
    }
  /* bare literal? (starts like a number, or is True/False/inf/nan/(...)) */
  char c0 = whole[0];
  if (isdigit((unsigned char)c0) || c0 == '-' || c0 == '+' || c0 == '.' || c0 == '(' || strcmp(whole, "True") == 0 ||
      strcmp(whole, "False") == 0 || strcmp(whole, "inf") == 0 || strcmp(whole, "nan") == 0 ||
      (whole[len - 1] == 'j' && len > 1 && strchr("0123456789.", whole[len - 2]) && !isalpha((unsigned char)c0))) {
    if ((st = tl__parse_value(whole, len, TL_VALUE_NONE, &op.value, whole, 1)) != TL_OK) return st;
    op.kind = TL_OPERAND_PYSCALAR;
    op.has_value = 1;
    switch (op.value.kind) {
    case TL_VALUE_BOOL: op.dtype = TL_BOOL; break;
    case TL_VALUE_INT: op.dtype = TL_WEAK_INT; break;
    case TL_VALUE_FLOAT: op.dtype = TL_WEAK_FLOAT; break;
    default: op.dtype = TL_WEAK_COMPLEX; break;
    }
    *out = op;
    return tl__ok();
  }
  /* a bare dtype */
  op.kind = TL_OPERAND_DTYPE;
  if ((st = tl__parse_dtype_part(whole, len, whole, 1, &op.dtype)) != TL_OK) return st;
  if (tl_dtype_is_weak(op.dtype)) op.kind = TL_OPERAND_PYTYPE;
  *out = op;
  return tl__ok();
}

int tl_operand_format(const tl_operand *op, char *buf, size_t cap) {
  if (!op || (!buf && cap)) return tl__error(TL_EINVAL, NULL, "tl_operand_format: NULL argument");
  if (!tl__valid_dtype(op->dtype)) return tl__error(TL_EDTYPE, NULL, "operand has invalid dtype %d", (int)op->dtype);
  char val[96] = "";
  if (op->has_value) tl__value_repr(&op->value, val, sizeof val);
  const char *name = tl_dtype_name(op->dtype);
  int n;
  char tmp[256];
  switch (op->kind) {
  /* "bool" alone is the Python type in the grammar: the dtype is "b1" */
  case TL_OPERAND_DTYPE: n = snprintf(tmp, sizeof tmp, "%s", op->dtype == TL_BOOL ? "b1" : name); break;
  case TL_OPERAND_ARRAY: n = snprintf(tmp, sizeof tmp, "array:%s", name); break;
  case TL_OPERAND_WEAK_ARRAY: n = snprintf(tmp, sizeof tmp, "weak:%s", name); break;
  case TL_OPERAND_ZERODIM:
    n = op->has_value ? snprintf(tmp, sizeof tmp, "zerodim:%s:%s", name, val) : snprintf(tmp, sizeof tmp, "zerodim:%s", name);
    break;
  case TL_OPERAND_SCALAR: n = snprintf(tmp, sizeof tmp, "scalar:%s:%s", name, val); break;
  case TL_OPERAND_PYSCALAR: {
    const char *k = op->value.kind == TL_VALUE_BOOL ? "bool"
                    : op->value.kind == TL_VALUE_INT ? "int"
                    : op->value.kind == TL_VALUE_FLOAT ? "float" : "complex";
    n = snprintf(tmp, sizeof tmp, "py:%s:%s", k, val);
    break;
  }
  case TL_OPERAND_PYTYPE:
    n = snprintf(tmp, sizeof tmp, "%s", op->dtype == TL_BOOL ? "bool" : op->dtype == TL_WEAK_INT ? "int"
                                        : op->dtype == TL_WEAK_FLOAT ? "float" : "complex");
    break;
  default: return tl__error(TL_EINVAL, NULL, "operand has invalid kind %d", (int)op->kind);
  }
  if (cap) snprintf(buf, cap, "%s", tmp);
  tl__ok();
  return n;
}

tl_operand tl_operand_dtype(tl_dtype dtype) {
  tl_operand o;
  memset(&o, 0, sizeof o);
  o.kind = tl_dtype_is_weak(dtype) ? TL_OPERAND_PYTYPE : TL_OPERAND_DTYPE;
  o.dtype = dtype;
  return o;
}

tl_operand tl_operand_array(tl_dtype dtype, int weak) {
  tl_operand o;
  memset(&o, 0, sizeof o);
  o.kind = weak ? TL_OPERAND_WEAK_ARRAY : TL_OPERAND_ARRAY;
  o.dtype = dtype;
  return o;
}

tl_operand tl_operand_pyint(int64_t v) {
  tl_operand o;
  memset(&o, 0, sizeof o);
  o.kind = TL_OPERAND_PYSCALAR;
  o.dtype = TL_WEAK_INT;
  o.has_value = 1;
  o.value.kind = TL_VALUE_INT;
  o.value.negative = v < 0;
  o.value.lo = v < 0 ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
  return o;
}

tl_operand tl_operand_pyfloat(double v) {
  tl_operand o;
  memset(&o, 0, sizeof o);
  o.kind = TL_OPERAND_PYSCALAR;
  o.dtype = TL_WEAK_FLOAT;
  o.has_value = 1;
  o.value.kind = TL_VALUE_FLOAT;
  o.value.re = v;
  return o;
}
