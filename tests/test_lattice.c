/* test_lattice.c — the generic lattice engine (build, validate, join, lint)
 * and property tests over every rule set that has a lattice. */
#include "tl_test_util.h"

/* ---- properties over every lattice of every rule set -------------------------------------- */

static void check_properties(const tl_lattice *l, const char *what) {
  int n = (int)tl_lattice_size(l);
  assert_true(n > 0);
  int *J = malloc(sizeof *J * (size_t)n * (size_t)n);
  assert_non_null(J);
  for (int a = 0; a < n; a++) {
    int j = -1;
    /* idempotence */
    if (tl_lattice_join(l, a, a, &j) != TL_OK || j != a) fail_msg("%s: %s v itself", what, tl_lattice_node_name(l, a));
    assert_true(tl_lattice_leq(l, a, a));
    for (int b = 0; b < n; b++) {
      int j1 = -1, j2 = -1;
      int s1 = tl_lattice_join(l, a, b, &j1), s2 = tl_lattice_join(l, b, a, &j2);
      /* commutativity (including where the join does not exist) */
      if (s1 != s2 || (s1 == TL_OK && j1 != j2))
        fail_msg("%s: join(%s, %s) not commutative", what, tl_lattice_node_name(l, a), tl_lattice_node_name(l, b));
      if (s1 != TL_OK) {
        assert_int_equal(s1, TL_EPROMOTE);
        J[a * n + b] = -1;
        /* no common upper bound at all */
        for (int c = 0; c < n; c++) assert_false(tl_lattice_leq(l, a, c) && tl_lattice_leq(l, b, c));
        continue;
      }
      J[a * n + b] = j1;
      /* an upper bound, and the least one */
      assert_true(tl_lattice_leq(l, a, j1) && tl_lattice_leq(l, b, j1));
      for (int c = 0; c < n; c++)
        if (tl_lattice_leq(l, a, c) && tl_lattice_leq(l, b, c) && !tl_lattice_leq(l, j1, c))
          fail_msg("%s: join(%s, %s) = %s is not below %s", what, tl_lattice_node_name(l, a),
                   tl_lattice_node_name(l, b), tl_lattice_node_name(l, j1), tl_lattice_node_name(l, c));
    }
  }
  /* associativity over all triples, and order independence of join_n */
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      for (int c = 0; c < n; c++) {
        int ab = J[a * n + b], bc = J[b * n + c];
        int left = ab < 0 ? -1 : J[ab * n + c], right = bc < 0 ? -1 : J[a * n + bc];
        if (left != right)
          fail_msg("%s: (%s v %s) v %s != %s v (%s v %s)", what, tl_lattice_node_name(l, a),
                   tl_lattice_node_name(l, b), tl_lattice_node_name(l, c), tl_lattice_node_name(l, a),
                   tl_lattice_node_name(l, b), tl_lattice_node_name(l, c));
        const int perms[6][3] = {{a, b, c}, {a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}};
        for (int p = 0; p < 6; p++) {
          int r = -2;
          int st = tl_lattice_join_n(l, perms[p], 3, &r);
          if ((left < 0) != (st != TL_OK) || (st == TL_OK && r != left))
            fail_msg("%s: join_n of a permutation of (%s, %s, %s) differs", what, tl_lattice_node_name(l, a),
                     tl_lattice_node_name(l, b), tl_lattice_node_name(l, c));
        }
      }
  /* N-ary: random multisets of 4..8 nodes, every rotation and a reversal agree */
  uint32_t seed = 12345;
  for (int trial = 0; trial < 2000; trial++) {
    int k = 4 + (int)(trial % 5), nodes[8], r0 = -1;
    for (int i = 0; i < k; i++) {
      seed = seed * 1103515245u + 12345u;
      nodes[i] = (int)((seed >> 16) % (uint32_t)n);
    }
    int s0 = tl_lattice_join_n(l, nodes, (size_t)k, &r0);
    for (int rot = 1; rot <= k; rot++) {
      int tmp[8], r = -1;
      for (int i = 0; i < k; i++) tmp[i] = rot == k ? nodes[k - 1 - i] : nodes[(i + rot) % k];
      int st = tl_lattice_join_n(l, tmp, (size_t)k, &r);
      if (st != s0 || (st == TL_OK && r != r0)) fail_msg("%s: N-ary join depends on operand order", what);
    }
    /* agrees with the pairwise fold */
    int acc = nodes[0];
    for (int i = 1; i < k && acc >= 0; i++) acc = J[acc * n + nodes[i]];
    assert_int_equal(acc >= 0, s0 == TL_OK);
    if (acc >= 0) assert_int_equal(acc, r0);
  }
  free(J);
}

static void test_rule_set_lattices(void **s) {
  (void)s;
  int checked = 0;
  for (size_t i = 0; i < tl_rules_count(); i++) {
    const tl_rules *r = tl_rules_at(i);
    assert_non_null(r);
    for (int x64 = 0; x64 < 2; x64++)
      for (int strict = 0; strict < 2; strict++) {
        tl_config c;
        tl_config_init(&c);
        c.rules = r;
        c.x64 = x64;
        c.strict = strict;
        const tl_lattice *l = tl_rules_lattice(r, &c);
        if (!l) {
          assert_string_not_equal(tl_errmsg(), "");
          continue;
        }
        char what[96];
        snprintf(what, sizeof what, "%s x64=%d strict=%d", tl_rules_name(r), x64, strict);
        check_properties(l, what);
        /* node names are catalogue names */
        for (size_t k = 0; k < tl_lattice_size(l); k++) {
          tl_dtype d;
          assert_int_equal(tl_dtype_parse(tl_lattice_node_name(l, (int)k), &d, NULL), TL_OK);
        }
        checked++;
      }
  }
  assert_true(checked >= 8); /* jax and jax.lax, 4 configurations each */
  assert_null(tl_rules_lattice(NULL, NULL));
}

/* ---- the seed lattice reproduces the seed table ---------------------------------------------- */

static void test_seed_lattice_reproduces_table(void **s) {
  (void)s;
  char *spec = tt_read_file("tests/data/seed/lattice_2022.txt");
  tl_lattice *l = NULL;
  /* the seed lattice is total: no %partial needed */
  TT_EXPECT_STATUS(tl_lattice_parse(spec, 0, &l), TL_OK);
  free(spec);
  assert_int_equal(tl_lattice_size(l), 18);
  check_properties(l, "seed lattice");
  tt_table t;
  tt_load_table("tests/data/seed/type_promotion_rst.txt", &t);
  for (int r = 0; r < t.rows; r++)
    for (int c = 0; c < t.n; c++) {
      int a = tl_lattice_node(l, t.row[r]), b = tl_lattice_node(l, t.col[c]), want = tl_lattice_node(l, t.cell[r][c]);
      assert_true(a >= 0 && b >= 0 && want >= 0);
      int j = -1;
      assert_int_equal(tl_lattice_join(l, a, b, &j), TL_OK);
      if (j != want)
        fail_msg("seed lattice: %s v %s = %s, table says %s", t.row[r], t.col[c], tl_lattice_node_name(l, j),
                 t.cell[r][c]);
    }
  tl_lattice_free(l);
}

/* ---- engine: building and validation --------------------------------------------------------- */

static tl_lattice *parse_ok(const char *spec, unsigned flags) {
  tl_lattice *l = NULL;
  int st = tl_lattice_parse(spec, flags, &l);
  if (st != TL_OK) fail_msg("spec rejected: %s", tl_errmsg());
  return l;
}

static void expect_parse_fail(const char *spec, int status, const char *const *must) {
  tl_lattice *l = (tl_lattice *)0x1;
  int st = tl_lattice_parse(spec, 0, &l);
  if (st != status) fail_msg("spec '%s': %s (%s), expected %s", spec, tl_status_name(st), tl_errmsg(),
                             tl_status_name(status));
  assert_ptr_equal(l, (tl_lattice *)0x1);
  for (; *must; must++)
    if (!strstr(tl_errmsg(), *must)) fail_msg("spec '%s': message \"%s\" lacks \"%s\"", spec, tl_errmsg(), *must);
}

#define MUST(...) ((const char *const[]){__VA_ARGS__, NULL})

static void test_parse_and_join(void **s) {
  (void)s;
  tl_lattice *l = parse_ok("# a diamond\n\n a -> b, c   # comment\nb -> d\nc->d\nd\n", 0);
  assert_int_equal(tl_lattice_size(l), 4);
  int a = tl_lattice_node(l, "a"), b = tl_lattice_node(l, "b"), c = tl_lattice_node(l, "c"), d = tl_lattice_node(l, "d");
  assert_true(a >= 0 && b >= 0 && c >= 0 && d >= 0);
  assert_string_equal(tl_lattice_node_name(l, d), "d");
  int j = -1;
  assert_int_equal(tl_lattice_join(l, b, c, &j), TL_OK);
  assert_int_equal(j, d);
  assert_int_equal(tl_lattice_join(l, a, b, &j), TL_OK);
  assert_int_equal(j, b);
  int succ[4];
  assert_int_equal(tl_lattice_successors(l, a, succ, 4), 2);
  assert_int_equal(succ[0], b);
  assert_int_equal(succ[1], c);
  assert_int_equal(tl_lattice_successors(l, d, succ, 4), 0);
  assert_int_equal(tl_lattice_successors(l, a, NULL, 0), 2); /* count only */
  assert_int_equal(tl_lattice_successors(l, 99, succ, 4), 0);
  assert_true(tl_lattice_leq(l, a, d));
  assert_false(tl_lattice_leq(l, d, a));
  assert_false(tl_lattice_leq(l, b, c));
  assert_false(tl_lattice_leq(l, -1, 0));
  assert_false(tl_lattice_leq(NULL, 0, 0));
  /* bad queries */
  assert_int_equal(tl_lattice_node(l, "zz"), -1);
  assert_non_null(strstr(tl_errmsg(), "'zz'"));
  assert_int_equal(tl_lattice_node(l, NULL), -1);
  assert_int_equal(tl_lattice_node(NULL, "a"), -1);
  assert_null(tl_lattice_node_name(l, 4));
  assert_null(tl_lattice_node_name(l, -1));
  assert_null(tl_lattice_node_name(NULL, 0));
  j = 77;
  assert_int_equal(tl_lattice_join(l, 0, 4, &j), TL_EINVAL);
  assert_int_equal(tl_lattice_join(l, -1, 0, &j), TL_EINVAL);
  assert_int_equal(tl_lattice_join(l, 0, 0, NULL), TL_EINVAL);
  assert_int_equal(tl_lattice_join(NULL, 0, 0, &j), TL_EINVAL);
  assert_int_equal(j, 77);
  int nodes[3] = {b, c, 9};
  assert_int_equal(tl_lattice_join_n(l, nodes, 0, &j), TL_EINVAL);
  assert_int_equal(tl_lattice_join_n(l, nodes, 3, &j), TL_EINVAL);
  assert_int_equal(tl_lattice_join_n(l, NULL, 2, &j), TL_EINVAL);
  assert_int_equal(tl_lattice_join_n(NULL, nodes, 2, &j), TL_EINVAL);
  assert_int_equal(j, 77);
  assert_int_equal(tl_lattice_join_n(l, nodes, 2, &j), TL_OK);
  assert_int_equal(j, d);
  assert_int_equal(tl_lattice_join_n(l, nodes, 1, &j), TL_OK);
  assert_int_equal(j, b);
  assert_int_equal(tl_lattice_size(NULL), 0);
  tl_lattice_free(l);
  tl_lattice_free(NULL);
  /* names: any run of characters but whitespace, ',', '#', "->" */
  l = parse_ok("i* -> u1, i1\nu1 -> x.y\ni1 -> x.y\nx.y\n", 0);
  assert_true(tl_lattice_node(l, "i*") >= 0 && tl_lattice_node(l, "x.y") >= 0);
  tl_lattice_free(l);
  /* duplicate edges are harmless; a node may appear only as a successor */
  l = parse_ok("a -> b, b\na -> b\n", 0);
  assert_int_equal(tl_lattice_size(l), 2);
  assert_int_equal(tl_lattice_successors(l, 0, succ, 4), 1);
  tl_lattice_free(l);
}

static void test_validation_errors(void **s) {
  (void)s;
  expect_parse_fail("a\nb\n", TL_ELATTICE, MUST("no common upper bound", "'a'", "'b'"));
  expect_parse_fail("a -> c, d\nb -> c, d\nc -> e\nd -> e\n", TL_ELATTICE,
                    MUST("'a' and 'b'", "several minimal upper bounds", "'c'", "'d'"));
  expect_parse_fail("a -> b\nb -> c\nc -> a\n", TL_ELATTICE, MUST("cycle", "'a'", "'b'", "'c'"));
  expect_parse_fail("a -> a\n", TL_ELATTICE, MUST("cycle", "'a'"));
  /* %partial (in the spec or as a flag) allows pairs without an upper bound; joining them fails */
  tl_lattice *l = parse_ok("%partial\na\nb\n", 0);
  int j;
  assert_int_equal(tl_lattice_join(l, 0, 1, &j), TL_EPROMOTE);
  assert_non_null(strstr(tl_errmsg(), "'a'"));
  assert_non_null(strstr(tl_errmsg(), "'b'"));
  tl_lattice_free(l);
  l = parse_ok("a\nb\n", TL_LATTICE_PARTIAL);
  assert_int_equal(tl_lattice_join(l, 0, 1, &j), TL_EPROMOTE);
  tl_lattice_free(l);
  /* %partial does not excuse ambiguity or cycles */
  expect_parse_fail("%partial\na -> c, d\nb -> c, d\n", TL_ELATTICE, MUST("several minimal upper bounds"));
  expect_parse_fail("%partial\na -> b\nb -> a\n", TL_ELATTICE, MUST("cycle"));
  /* syntax errors name the line */
  expect_parse_fail("a -> b\n-> c\n", TL_EPARSE, MUST("line 2"));
  expect_parse_fail("a -> b\nb -> c,, d\n", TL_EPARSE, MUST("line 2"));
  expect_parse_fail("# x\n\na b\n", TL_EPARSE, MUST("line 3", "'->'"));
  expect_parse_fail("a -> b c\n", TL_EPARSE, MUST("line 1", "','"));
  expect_parse_fail("a\n%total\n", TL_EPARSE, MUST("line 2", "%total"));
  expect_parse_fail("a -> , b\n", TL_EPARSE, MUST("line 1"));
  expect_parse_fail("", TL_EPARSE, MUST("no nodes"));
  expect_parse_fail("# only a comment\n", TL_EPARSE, MUST("no nodes"));
  tl_lattice *out = NULL;
  assert_int_equal(tl_lattice_parse(NULL, 0, &out), TL_EINVAL);
  assert_int_equal(tl_lattice_parse("a", 0, NULL), TL_EINVAL);
}

static void test_size_limits(void **s) {
  (void)s;
  /* a chain of 128 nodes is fine; 129 is too many */
  char *spec = malloc(129 * 16);
  size_t k = 0;
  for (int i = 0; i < 127; i++) k += (size_t)sprintf(spec + k, "n%d -> n%d\n", i, i + 1);
  tl_lattice *l = parse_ok(spec, 0);
  assert_int_equal(tl_lattice_size(l), 128);
  int j;
  assert_int_equal(tl_lattice_join(l, 0, 127, &j), TL_OK);
  assert_int_equal(j, 127);
  tl_lattice_free(l);
  sprintf(spec + k, "n127 -> n128\n");
  l = NULL;
  int st = tl_lattice_parse(spec, 0, &l);
  assert_true(st == TL_ERANGE || st == TL_EPARSE);
  assert_null(l);
  assert_non_null(strstr(tl_errmsg(), "128"));
  free(spec);
}

static void test_lattice_new(void **s) {
  (void)s;
  const char *names[] = {"bot", "x", "y", "top"};
  const int s0[] = {1, 2, -1}, s1[] = {3, -1}, s2[] = {3, -1};
  const int *succ[] = {s0, s1, s2, NULL};
  tl_lattice *l = NULL;
  TT_EXPECT_STATUS(tl_lattice_new(names, 4, succ, 0, &l), TL_OK);
  int j;
  assert_int_equal(tl_lattice_join(l, 1, 2, &j), TL_OK);
  assert_int_equal(j, 3);
  assert_string_equal(tl_lattice_node_name(l, 3), "top");
  check_properties(l, "tl_lattice_new diamond");
  tl_lattice_free(l);
  /* validation as for text specs */
  const int *nosucc[] = {NULL, NULL};
  l = NULL;
  assert_int_equal(tl_lattice_new(names, 2, nosucc, 0, &l), TL_ELATTICE);
  assert_non_null(strstr(tl_errmsg(), "no common upper bound for 'bot' and 'x'"));
  assert_null(l);
  assert_int_equal(tl_lattice_new(names, 2, NULL, TL_LATTICE_PARTIAL, &l), TL_OK);
  tl_lattice_free(l);
  l = NULL;
  assert_int_equal(tl_lattice_new(names, 1, NULL, 0, &l), TL_OK);
  assert_int_equal(tl_lattice_size(l), 1);
  tl_lattice_free(l);
  const int cyc0[] = {1, -1}, cyc1[] = {0, -1};
  const int *cyc[] = {cyc0, cyc1};
  l = NULL;
  assert_int_equal(tl_lattice_new(names, 2, cyc, 0, &l), TL_ELATTICE);
  assert_non_null(strstr(tl_errmsg(), "cycle"));
  /* bad arguments */
  const int bad0[] = {7, -1};
  const int *bad[] = {bad0, NULL};
  assert_int_equal(tl_lattice_new(names, 2, bad, 0, &l), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "7"));
  const char *dup[] = {"a", "a"};
  assert_int_equal(tl_lattice_new(dup, 2, NULL, TL_LATTICE_PARTIAL, &l), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "'a'"));
  const char *nul[] = {"a", NULL};
  assert_int_equal(tl_lattice_new(nul, 2, NULL, TL_LATTICE_PARTIAL, &l), TL_EINVAL);
  const char *empty[] = {"a", ""};
  assert_int_equal(tl_lattice_new(empty, 2, NULL, TL_LATTICE_PARTIAL, &l), TL_EINVAL);
  assert_int_equal(tl_lattice_new(NULL, 2, NULL, 0, &l), TL_EINVAL);
  assert_int_equal(tl_lattice_new(names, 2, NULL, 0, NULL), TL_EINVAL);
  assert_true(tl_lattice_new(names, 0, NULL, 0, &l) < 0);
  assert_int_equal(tl_lattice_new(names, 200, NULL, 0, &l), TL_ERANGE);
  assert_null(l);
}

/* ---- tl_lattice_check and the design lint ------------------------------------------------------ */

static int has_problem(const tl_lattice_problem *p, size_t n, int is_error, const char *a, const char *b) {
  for (size_t i = 0; i < n; i++)
    if (p[i].is_error == is_error && strstr(p[i].message, a) && (!b || strstr(p[i].message, b))) return 1;
  return 0;
}

static void test_check_and_lint(void **s) {
  (void)s;
  tl_lattice_problem p[32];
  size_t n = 99;
  /* errors are listed, all of them */
  assert_int_equal(tl_lattice_check("a\nb\nc\n", 0, 0, p, 32, &n), TL_ELATTICE);
  assert_int_equal(n, 3);
  assert_true(has_problem(p, n, 1, "'a' and 'b'", NULL));
  assert_true(has_problem(p, n, 1, "'a' and 'c'", NULL));
  assert_true(has_problem(p, n, 1, "'b' and 'c'", NULL));
  /* cap limits what is written, not the count */
  n = 0;
  assert_int_equal(tl_lattice_check("a\nb\nc\n", 0, 0, p, 1, &n), TL_ELATTICE);
  assert_int_equal(n, 3);
  assert_int_equal(tl_lattice_check("a\nb\nc\n", 0, 0, NULL, 0, &n), TL_ELATTICE);
  assert_int_equal(tl_lattice_check("a\nb\n", 0, 0, NULL, 4, &n), TL_EINVAL);
  assert_int_equal(tl_lattice_check(NULL, 0, 0, p, 32, &n), TL_EINVAL);
  assert_int_equal(tl_lattice_check("a b\n", 0, 0, p, 32, &n), TL_EPARSE);
  assert_non_null(strstr(tl_errmsg(), "line 1"));
  assert_int_equal(tl_lattice_check("a\nb\n", TL_LATTICE_PARTIAL, 1, p, 32, &n), TL_OK);
  assert_int_equal(tl_lattice_check("a -> b\n", 0, 1, p, 32, NULL), TL_OK);
  /* lint: an edge that drops a component (complex -> real) */
  n = 0;
  assert_int_equal(tl_lattice_check("complex64 -> float64\nfloat64\n", 0, 1, p, 32, &n), TL_OK);
  assert_true(has_problem(p, n, 0, "'complex64' -> 'float64'", "complex -> real"));
  /* lint: an edge that can overflow (uint32 -> int32), JAX short codes too */
  n = 0;
  assert_int_equal(tl_lattice_check("u32 -> i32\ni32\n", 0, 1, p, 32, &n), TL_OK);
  assert_true(has_problem(p, n, 0, "'u32' -> 'i32'", "overflow"));
  n = 0;
  assert_int_equal(tl_lattice_check("uint32 -> int64\n", 0, 1, p, 32, &n), TL_OK);
  assert_int_equal(n, 0);
  /* lint: a path that loses precision (int64 -> float64) */
  n = 0;
  assert_int_equal(tl_lattice_check("int64 -> float32\nfloat32 -> float64\n", 0, 1, p, 32, &n), TL_OK);
  assert_true(has_problem(p, n, 0, "'int64' -> 'float64'", "precision"));
  assert_true(has_problem(p, n, 0, "'int64' -> 'float32'", "precision"));
  n = 0;
  assert_int_equal(tl_lattice_check("int8 -> float16\nint16 -> float32\nfloat16 -> float32\n", 0, 1, p, 32, &n),
                   TL_OK);
  assert_false(has_problem(p, n, 0, "'int8' -> 'float16'", "precision"));
  assert_false(has_problem(p, n, 0, "'int16' -> 'float32'", "precision"));
  /* lint: a join wider than both inputs need */
  n = 0;
  assert_int_equal(tl_lattice_check("int8 -> int64\nuint8 -> int64\n", 0, 1, p, 32, &n), TL_OK);
  assert_true(has_problem(p, n, 0, "join of 'int8' and 'uint8' is 'int64'", "int16"));
  n = 0;
  assert_int_equal(tl_lattice_check("int8 -> int16\nuint8 -> int16\n", 0, 1, p, 32, &n), TL_OK);
  assert_false(has_problem(p, n, 0, "wider", NULL));
  /* without lint: no warnings */
  n = 0;
  assert_int_equal(tl_lattice_check("complex64 -> float64\n", 0, 0, p, 32, &n), TL_OK);
  assert_int_equal(n, 0);
  /* the seed lattice: a lattice; its byte codes are understood (u4 -> i8 ... no overflow edge) */
  char *spec = tt_read_file("tests/data/seed/lattice_2022.txt");
  n = 0;
  assert_int_equal(tl_lattice_check(spec, 0, 1, p, 32, &n), TL_OK);
  for (size_t i = 0; i < n && i < 32; i++) {
    assert_int_equal(p[i].is_error, 0);
    assert_null(strstr(p[i].message, "complex -> real"));
    assert_null(strstr(p[i].message, "overflow"));
  }
  free(spec);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rule_set_lattices), cmocka_unit_test(test_seed_lattice_reproduces_table),
      cmocka_unit_test(test_parse_and_join),    cmocka_unit_test(test_validation_errors),
      cmocka_unit_test(test_size_limits),       cmocka_unit_test(test_lattice_new),
      cmocka_unit_test(test_check_and_lint),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
