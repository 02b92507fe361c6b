/* fuzz_version.c — version strings and version keys (header section 11):
 * tl_version_compare, tl_version_key_parse, tl_version_key_matches,
 * tl_version_select. Input: lines; line 0 and 1 are versions, every line is
 * also tried as a key. Properties: no crash; the error contract; compare is
 * reflexive and antisymmetric; matches agrees with the key kind and compare;
 * select returns an index in range. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = fz_cstr(data, size);
  char *parts[17];
  size_t n = fz_split(s, '\n', parts, 17);
  const char *a = parts[0], *b = n > 1 ? parts[1] : "1.0";

  int ab = 9, ba = 9, aa = 9;
  int s1 = tl_version_compare(a, b, &ab);
  fz_status(s1, "tl_version_compare");
  int s2 = tl_version_compare(b, a, &ba);
  FZ_CHECK(s1 == s2, "compare status not symmetric");
  if (s1 == TL_OK) {
    FZ_CHECK(ab >= -1 && ab <= 1 && ab == -ba, "compare('%s','%s')=%d but reversed %d", a, b, ab, ba);
    FZ_CHECK(tl_version_compare(a, a, &aa) == TL_OK && aa == 0, "compare not reflexive");
  } else {
    FZ_CHECK(ab == 9 && ba == 9, "compare wrote output on failure");
    FZ_CHECK(s1 == TL_EPARSE, "unexpected status %s", tl_status_name(s1));
  }

  const char *keys[17];
  size_t nk = 0;
  for (size_t i = 0; i < n; i++) {
    tl_version_key_kind kind = (tl_version_key_kind)77;
    int st = tl_version_key_parse(parts[i], &kind);
    fz_status(st, "tl_version_key_parse");
    FZ_CHECK(st == TL_OK ? ((int)kind >= TL_VKEY_EXACT && kind <= TL_VKEY_RANGE) : kind == (tl_version_key_kind)77,
             "key kind");
    FZ_CHECK(tl_version_key_parse(parts[i], NULL) == st, "key parse depends on the kind pointer");
    int m = 9;
    int sm = tl_version_key_matches(parts[i], a, &m);
    fz_status(sm, "tl_version_key_matches");
    if (sm == TL_OK) {
      FZ_CHECK(m == 0 || m == 1, "matches output %d", m);
      FZ_CHECK(st == TL_OK, "matches accepted a key that key_parse rejects: '%s'", parts[i]);
      if (kind == TL_VKEY_EXACT) FZ_CHECK(m == (strcmp(parts[i], a) == 0) || strchr(a, '+'), "exact key '%s' vs '%s'", parts[i], a);
    } else {
      FZ_CHECK(m == 9, "matches wrote output on failure");
    }
    if (st == TL_OK) {
      keys[nk++] = parts[i];
      /* a key matched against itself-as-version, for the version forms */
      /* (a key with blanks or a "+local" part is accepted but, as in Ivy's
       * dictionaries, equals no stripped version string) */
      if (kind == TL_VKEY_EXACT && !strpbrk(parts[i], " \t+")) {
        m = 9;
        FZ_CHECK(tl_version_key_matches(parts[i], parts[i], &m) == TL_OK && m == 1, "exact key does not match itself");
      }
    }
  }
  size_t idx = 999;
  int ss = tl_version_select(keys, nk, (size && (data[0] & 1)) ? NULL : a, &idx);
  fz_status(ss, "tl_version_select");
  if (ss == TL_OK) FZ_CHECK(idx < nk, "select index %zu of %zu", idx, nk);
  else FZ_CHECK(idx == 999, "select wrote output on failure");
  if (nk == 0) FZ_CHECK(ss == TL_EINVAL, "select with no keys");
  free(s);
  return 0;
}
