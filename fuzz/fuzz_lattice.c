/* fuzz_lattice.c — lattice text specs: tl_lattice_parse and tl_lattice_check
 * (with lint). Input: byte 0 = flags/lint/cap selector, the rest = the spec.
 * Properties: no crash or leak; the error contract; parse and check agree on
 * whether the spec is a lattice; a built lattice answers consistently: node
 * names round-trip, join is commutative, an upper bound of both inputs, the
 * least one among the nodes, idempotent, and join_n is order-independent. */
#include "fuzz_common.h"

static void check_lattice(const tl_lattice *l, const uint8_t *data, size_t size) {
  size_t n = tl_lattice_size(l);
  FZ_CHECK(n >= 1 && n <= 128, "size %zu", n);
  for (size_t i = 0; i < n; i++) {
    const char *name = tl_lattice_node_name(l, (int)i);
    FZ_CHECK(name && name[0], "node %zu has no name", i);
    FZ_CHECK(tl_lattice_node(l, name) == (int)i, "node '%s' does not map back to %zu", name, i);
    int succ[130];
    size_t ns = tl_lattice_successors(l, (int)i, succ, 130);
    for (size_t k = 0; k < ns && k < 130; k++) {
      FZ_CHECK(succ[k] >= 0 && (size_t)succ[k] < n, "bad successor");
      FZ_CHECK(tl_lattice_leq(l, (int)i, succ[k]), "successor not above its node");
    }
    FZ_CHECK(tl_lattice_leq(l, (int)i, (int)i), "leq not reflexive");
  }
  FZ_CHECK(tl_lattice_node_name(l, -1) == NULL && tl_lattice_node_name(l, (int)n) == NULL, "bad index name");
  /* pairwise properties on (at most) the first 24 nodes */
  size_t m = n < 24 ? n : 24;
  for (size_t a = 0; a < m; a++) {
    int j = -5;
    FZ_CHECK(tl_lattice_join(l, (int)a, (int)a, &j) == TL_OK && j == (int)a, "join not idempotent");
    for (size_t b = 0; b < m; b++) {
      int ab = -5, ba = -5;
      int s1 = tl_lattice_join(l, (int)a, (int)b, &ab);
      fz_status(s1, "tl_lattice_join");
      int s2 = tl_lattice_join(l, (int)b, (int)a, &ba);
      FZ_CHECK(s1 == s2 && ab == ba, "join not commutative for %zu,%zu", a, b);
      if (s1 != TL_OK) {
        FZ_CHECK(s1 == TL_EPROMOTE && ab == -5, "join failure status/output");
        continue;
      }
      FZ_CHECK(tl_lattice_leq(l, (int)a, ab) && tl_lattice_leq(l, (int)b, ab), "join not an upper bound");
      /* least: every common upper bound is above the join */
      for (size_t c = 0; c < n; c++)
        if (tl_lattice_leq(l, (int)a, (int)c) && tl_lattice_leq(l, (int)b, (int)c))
          FZ_CHECK(tl_lattice_leq(l, ab, (int)c), "join not least");
    }
  }
  /* join_n of nodes picked by the input, in two orders */
  int pick[16], rev[16];
  size_t k = size < 16 ? size : 16;
  for (size_t i = 0; i < k; i++) pick[i] = (int)(data[i] % n), rev[k - 1 - i] = pick[i];
  if (k) {
    int r1 = -5, r2 = -5;
    int s1 = tl_lattice_join_n(l, pick, k, &r1), s2 = tl_lattice_join_n(l, rev, k, &r2);
    FZ_CHECK(s1 == s2 && r1 == r2, "join_n depends on order");
    /* and equals the pairwise fold when that succeeds */
    int acc = pick[0], ok = 1;
    for (size_t i = 1; i < k && ok; i++) ok = tl_lattice_join(l, acc, pick[i], &acc) == TL_OK;
    if (ok) FZ_CHECK(s1 == TL_OK && r1 == acc, "join_n differs from the pairwise fold");
  }
  int dummy = -5;
  FZ_CHECK(tl_lattice_join(l, -1, 0, &dummy) == TL_EINVAL && dummy == -5, "bad index join");
  FZ_CHECK(tl_lattice_join(l, 0, (int)n, &dummy) == TL_EINVAL && dummy == -5, "bad index join");
  FZ_CHECK(tl_lattice_join_n(l, pick, 0, &dummy) != TL_OK && dummy == -5, "join_n of nothing");
  FZ_CHECK(tl_lattice_leq(l, -1, 0) == 0 && tl_lattice_leq(l, 0, 1000) == 0, "leq out of range");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  unsigned flags = data[0] & 1u ? TL_LATTICE_PARTIAL : 0u;
  int lint = (data[0] >> 1) & 1;
  size_t cap = (data[0] >> 2) & 7; /* 0..7 problem slots: exercises truncation */
  char *spec = fz_cstr(data + 1, size - 1);

  tl_lattice *l = (tl_lattice *)(uintptr_t)0x1;
  int st = tl_lattice_parse(spec, flags, &l);
  fz_status(st, "tl_lattice_parse");
  if (st == TL_OK) {
    FZ_CHECK(l != NULL && l != (tl_lattice *)(uintptr_t)0x1, "no lattice");
    check_lattice(l, data + 1, size - 1);
    tl_lattice_free(l);
  } else {
    FZ_CHECK(l == (tl_lattice *)(uintptr_t)0x1, "tl_lattice_parse wrote output on failure");
    FZ_CHECK(st == TL_EPARSE || st == TL_ELATTICE || st == TL_ENOMEM || st == TL_ERANGE,
             "unexpected status %s", tl_status_name(st));
  }

  tl_lattice_problem probs[8];
  size_t np = 12345;
  int st2 = tl_lattice_check(spec, flags, lint, cap ? probs : NULL, cap, &np);
  fz_status(st2, "tl_lattice_check");
  FZ_CHECK((st == TL_OK) == (st2 == TL_OK), "parse says %s, check says %s", tl_status_name(st), tl_status_name(st2));
  if (st2 == TL_OK || st2 == TL_ELATTICE) {
    FZ_CHECK(np != 12345, "check did not set the problem count");
    int errors = 0;
    for (size_t i = 0; i < np && i < cap; i++) {
      FZ_CHECK(memchr(probs[i].message, '\0', sizeof probs[i].message) != NULL, "problem message unterminated");
      FZ_CHECK(probs[i].is_error == 0 || probs[i].is_error == 1, "is_error");
      errors += probs[i].is_error;
    }
    if (st2 == TL_OK) FZ_CHECK(errors == 0, "a lattice with errors");
    if (st2 == TL_ELATTICE) FZ_CHECK(np >= 1, "not a lattice, but no problem reported");
    if (!lint && st2 == TL_OK) FZ_CHECK(np == 0, "problems without lint on a lattice");
  }
  free(spec);
  return 0;
}
