/* version.c — Ivy's framework version keys ("2.0.1 and below", "1.11.0 and
 * above", "1.11.0 to 2.0.1", exact "1.12.1") and their matching, as Ivy's
 * _dtype_from_version (ivy.md §4.3). */
#include "internal.h"

#include <string.h>

#define TL__VERSION_PARTS 8

typedef struct {
  int n;
  long part[TL__VERSION_PARTS];
} tl__ver;

/* Parse s[0..len) as a version. A "+local" suffix is ignored. */
static int parse_ver(const char *s, size_t len, tl__ver *v, const char *what) {
  const char *plus = memchr(s, '+', len);
  size_t end = plus ? (size_t)(plus - s) : len;
  v->n = 0;
  if (end == 0)
    return tl__error(TL_EPARSE, NULL, "malformed %s '%.*s': empty version", what, (int)len, s);
  size_t i = 0;
  for (;;) {
    size_t start = i;
    long x = 0;
    while (i < end && s[i] >= '0' && s[i] <= '9') {
      if (i - start >= 9)
        return tl__error(TL_EPARSE, NULL, "malformed %s '%.*s': component too large", what, (int)len, s);
      x = x * 10 + (s[i] - '0');
      i++;
    }
    if (i == start)
      return tl__error(TL_EPARSE, NULL,
                       "malformed %s '%.*s': components must be decimal numbers separated by '.'", what,
                       (int)len, s);
    if (v->n == TL__VERSION_PARTS)
      return tl__error(TL_EPARSE, NULL, "malformed %s '%.*s': more than %d components", what, (int)len, s,
                       TL__VERSION_PARTS);
    v->part[v->n++] = x;
    if (i == end) return TL_OK;
    if (s[i] != '.')
      return tl__error(TL_EPARSE, NULL,
                       "malformed %s '%.*s': components must be decimal numbers separated by '.'", what,
                       (int)len, s);
    i++;
  }
}

/* Python tuple comparison. */
static int cmp_ver(const tl__ver *a, const tl__ver *b) {
  int n = a->n < b->n ? a->n : b->n;
  for (int i = 0; i < n; i++)
    if (a->part[i] != b->part[i]) return a->part[i] < b->part[i] ? -1 : 1;
  return a->n == b->n ? 0 : a->n < b->n ? -1 : 1;
}

int tl_version_compare(const char *a, const char *b, int *out) {
  if (!a || !b || !out) return tl__error(TL_EINVAL, NULL, "tl_version_compare: NULL argument");
  tl__ver va, vb;
  int st;
  if ((st = parse_ver(a, strlen(a), &va, "version"))) return st;
  if ((st = parse_ver(b, strlen(b), &vb, "version"))) return st;
  *out = cmp_ver(&va, &vb);
  return tl__ok();
}

typedef struct {
  tl_version_key_kind kind;
  tl__ver lo, hi;
} tl__key;

/* Split into at most 4 blank-separated tokens. Returns the count (5 = too many). */
static int tokens(const char *s, const char *tok[4], size_t len[4]) {
  int n = 0;
  while (*s) {
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) break;
    if (n == 4) return 5;
    tok[n] = s;
    while (*s && *s != ' ' && *s != '\t') s++;
    len[n] = (size_t)(s - tok[n]);
    n++;
  }
  return n;
}

/* Exact-key equality, ignoring a "+local" suffix of the version. */
static bool exact_eq(const char *key, const char *version) {
  size_t n = strcspn(version, "+");
  return strlen(key) == n && memcmp(key, version, n) == 0;
}

static bool word_is(const char *t, size_t n, const char *w) { return strlen(w) == n && memcmp(t, w, n) == 0; }

static int parse_key(const char *key, tl__key *k) {
  const char *t[4];
  size_t l[4];
  int n = tokens(key, t, l), st;
  if (n == 1) {
    k->kind = TL_VKEY_EXACT;
    return parse_ver(t[0], l[0], &k->lo, "version key");
  }
  if (n == 3 && word_is(t[1], l[1], "and") && (word_is(t[2], l[2], "below") || word_is(t[2], l[2], "above"))) {
    k->kind = word_is(t[2], l[2], "below") ? TL_VKEY_AND_BELOW : TL_VKEY_AND_ABOVE;
    return parse_ver(t[0], l[0], &k->lo, "version key");
  }
  if (n == 3 && word_is(t[1], l[1], "to")) {
    k->kind = TL_VKEY_RANGE;
    if ((st = parse_ver(t[0], l[0], &k->lo, "version key"))) return st;
    if ((st = parse_ver(t[2], l[2], &k->hi, "version key"))) return st;
    if (cmp_ver(&k->lo, &k->hi) > 0)
      return tl__error(TL_EPARSE, NULL, "malformed version key '%s': lower bound above upper bound", key);
    return TL_OK;
  }
  return tl__error(TL_EPARSE, NULL,
                   "malformed version key '%s' (expected 'X', 'X and below', 'X and above' or 'A to B')", key);
}

int tl_version_key_parse(const char *key, tl_version_key_kind *kind) {
  if (!key) return tl__error(TL_EINVAL, NULL, "tl_version_key_parse: NULL key");
  tl__key k;
  int st = parse_key(key, &k);
  if (st) return st;
  if (kind) *kind = k.kind;
  return tl__ok();
}

/* Range match of a parsed key (exact keys never match here). */
static bool key_range_match(const tl__key *k, const tl__ver *v) {
  switch (k->kind) {
  case TL_VKEY_AND_BELOW: return cmp_ver(&k->lo, v) >= 0;
  case TL_VKEY_AND_ABOVE: return cmp_ver(&k->lo, v) <= 0;
  case TL_VKEY_RANGE: return cmp_ver(&k->lo, v) <= 0 && cmp_ver(v, &k->hi) <= 0;
  default: return false;
  }
}

int tl_version_key_matches(const char *key, const char *version, int *out) {
  if (!key || !version || !out) return tl__error(TL_EINVAL, NULL, "tl_version_key_matches: NULL argument");
  tl__key k;
  tl__ver v;
  int st;
  if ((st = parse_key(key, &k))) return st;
  if ((st = parse_ver(version, strlen(version), &v, "version"))) return st;
  *out = k.kind == TL_VKEY_EXACT ? exact_eq(key, version) : key_range_match(&k, &v);
  return tl__ok();
}

int tl_version_select(const char *const *keys, size_t n, const char *version, size_t *index) {
  if (!keys || !index) return tl__error(TL_EINVAL, NULL, "tl_version_select: NULL argument");
  if (n == 0) return tl__error(TL_EINVAL, "ValueError", "No version found in the dictionary");
  tl__key k;
  tl__ver v;
  int st;
  for (size_t i = 0; i < n; i++) {
    if (!keys[i]) return tl__error(TL_EINVAL, NULL, "tl_version_select: NULL key %zu", i);
    if ((st = parse_key(keys[i], &k))) return st;
  }
  if (!version) {
    *index = n - 1;
    return tl__ok();
  }
  if ((st = parse_ver(version, strlen(version), &v, "version"))) return st;
  for (size_t i = 0; i < n; i++)
    if (exact_eq(keys[i], version)) {
      *index = i;
      return tl__ok();
    }
  for (size_t i = 0; i < n; i++) {
    parse_key(keys[i], &k);
    if (key_range_match(&k, &v)) {
      *index = i;
      return tl__ok();
    }
  }
  *index = n - 1;
  return tl__ok();
}
