/* test_error_config.c — status codes, the thread-local error slot, NULL safety
 * of every public function, and the configuration (push/pop, global, the
 * JAX_ENABLE_X64 / JAX_NUMPY_DTYPE_PROMOTION environment variables). */
#define _POSIX_C_SOURCE 200809L
#include "tl_test_util.h"

#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

/* Must run first: the global configuration reads the environment once. Each
 * case runs in a forked child that sets the variables before its first call. */
static int child_config(const char *x64, const char *promo, int *x64_out, int *strict_out) {
  int fd[2];
  if (pipe(fd) != 0) return -1;
  pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    if (x64) setenv("JAX_ENABLE_X64", x64, 1); else unsetenv("JAX_ENABLE_X64");
    if (promo) setenv("JAX_NUMPY_DTYPE_PROMOTION", promo, 1); else unsetenv("JAX_NUMPY_DTYPE_PROMOTION");
    const tl_config *c = tl_config_current();
    int v[2] = {c->x64, c->strict};
    /* and the default rules follow it */
    tl_operand ops[2] = {tl_operand_array(TL_INT64, 0), tl_operand_array(TL_INT32, 0)};
    tl_result r;
    int st = tl_result_type(NULL, ops, 2, &r);
    if (!((c->x64 && st == TL_OK && r.dtype == TL_INT64) || (!c->x64 && st == TL_OK && r.dtype == TL_INT32) ||
          (c->strict && st == TL_EPROMOTE)))
      v[0] = 99;
    if (write(fd[1], v, sizeof v) != (ssize_t)sizeof v) _exit(3);
    _exit(0);
  }
  close(fd[1]);
  int v[2] = {-1, -1};
  ssize_t got = read(fd[0], v, sizeof v);
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (got != (ssize_t)sizeof v || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  *x64_out = v[0];
  *strict_out = v[1];
  return 0;
}

static void test_env_vars(void **s) {
  (void)s;
  struct { const char *x64, *promo; int want_x64, want_strict; } cases[] = {
      {NULL, NULL, 0, 0},       {"1", NULL, 1, 0},        {"true", NULL, 1, 0},    {"TRUE", NULL, 1, 0},
      {"yes", NULL, 1, 0},      {"on", NULL, 1, 0},       {"0", NULL, 0, 0},       {"false", NULL, 0, 0},
      {"", NULL, 0, 0},         {NULL, "strict", 0, 1},   {NULL, "standard", 0, 0}, {"1", "strict", 1, 1},
      {NULL, "bogus", 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int x64 = -1, strict = -1;
    assert_int_equal(child_config(cases[i].x64, cases[i].promo, &x64, &strict), 0);
    if (x64 != cases[i].want_x64 || strict != cases[i].want_strict)
      fail_msg("JAX_ENABLE_X64=%s JAX_NUMPY_DTYPE_PROMOTION=%s: x64=%d strict=%d", cases[i].x64 ? cases[i].x64 : "-",
               cases[i].promo ? cases[i].promo : "-", x64, strict);
  }
}

static void test_status_names(void **s) {
  (void)s;
  struct { int st; const char *name, *text; } cases[] = {
      {TL_OK, "TL_OK", "success"},
      {TL_EINVAL, "TL_EINVAL", "invalid argument"},
      {TL_EDTYPE, "TL_EDTYPE", "unknown or unsupported dtype"},
      {TL_EPARSE, "TL_EPARSE", "syntax error"},
      {TL_EPROMOTE, "TL_EPROMOTE", "no implicit promotion for these inputs"},
      {TL_EOVERFLOW, "TL_EOVERFLOW", "value out of range for its dtype"},
      {TL_ENOMEM, "TL_ENOMEM", "out of memory"},
      {TL_ELATTICE, "TL_ELATTICE", "not a lattice"},
      {TL_ECAST, "TL_ECAST", "value did not survive the conversion"},
      {TL_EUNSUPPORTED, "TL_EUNSUPPORTED", "not supported by this rule set"},
      {TL_EIO, "TL_EIO", "input/output error"},
      {TL_ERANGE, "TL_ERANGE", "argument out of range"},
      {TL_ESTATE, "TL_ESTATE", "operation not allowed in the current state"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    assert_int_equal(cases[i].st, -(int)i);
    assert_string_equal(tl_status_name(cases[i].st), cases[i].name);
    assert_string_equal(tl_strerror(cases[i].st), cases[i].text);
  }
  int unknown[] = {1, -13, 100, -1000, 2147483647, -2147483647 - 1};
  for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    assert_string_equal(tl_status_name(unknown[i]), "TL_E?");
    assert_string_equal(tl_strerror(unknown[i]), "unknown status");
  }
  assert_int_equal(TL__STATUS_MIN, TL_ESTATE);
}

static void test_error_slot(void **s) {
  (void)s;
  tl_dtype d;
  assert_int_equal(tl_dtype_parse("flaot32", &d, NULL), TL_EDTYPE);
  assert_string_equal(tl_errmsg(), "unknown dtype 'flaot32' (did you mean 'float32'?)");
  assert_string_equal(tl_errtype(), "UsageError");
  tl_clear_error();
  assert_string_equal(tl_errmsg(), "");
  assert_string_equal(tl_errtype(), "");
  /* a successful call clears it */
  assert_int_equal(tl_dtype_parse("nope", &d, NULL), TL_EDTYPE);
  assert_int_equal(tl_dtype_parse("int8", &d, NULL), TL_OK);
  assert_string_equal(tl_errmsg(), "");
  /* a framework error sets the framework class */
  tl_config c;
  tl_config_init(&c);
  c.strict = 1;
  assert_int_equal(tl_promote_types(&c, TL_INT8, TL_UINT8, &d), TL_EPROMOTE);
  assert_string_equal(tl_errtype(), "TypePromotionError");
  /* the message can name an input as long as the slot (bounded, NUL-terminated) */
  char big[3000];
  memset(big, 'q', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  tl_operand o;
  assert_true(tl_operand_parse(big, &o) < 0);
  assert_true(strlen(tl_errmsg()) < 1024);
  tl_lattice *l;
  char spec[2100];
  memset(spec, 'n', 2000);
  strcpy(spec + 2000, " x\n");
  assert_int_equal(tl_lattice_parse(spec, 0, &l), TL_EPARSE);
  assert_true(strlen(tl_errmsg()) < 1024);
}

static void *thread_errors(void *arg) {
  int *ok = arg;
  /* a fresh thread starts with an empty slot */
  *ok = tl_errmsg()[0] == '\0' && tl_errtype()[0] == '\0';
  tl_dtype d;
  tl_dtype_parse("threadbad", &d, NULL);
  *ok = *ok && strstr(tl_errmsg(), "'threadbad'") != NULL;
  /* and the main thread's scope stack is not visible here */
  *ok = *ok && tl_config_current()->strict == 0;
  return NULL;
}

static void test_thread_local(void **s) {
  (void)s;
  tl_dtype d;
  assert_int_equal(tl_dtype_parse("mainbad", &d, NULL), TL_EDTYPE);
  tl_config c;
  tl_config_init(&c);
  c.strict = 1;
  assert_int_equal(tl_config_push(&c), TL_OK);
  assert_int_equal(tl_dtype_parse("mainbad", &d, NULL), TL_EDTYPE);
  pthread_t t;
  int ok = 0;
  assert_int_equal(pthread_create(&t, NULL, thread_errors, &ok), 0);
  pthread_join(t, NULL);
  assert_true(ok);
  assert_non_null(strstr(tl_errmsg(), "'mainbad'"));
  assert_int_equal(tl_config_current()->strict, 1);
  assert_int_equal(tl_config_pop(), TL_OK);
}

static void test_config(void **s) {
  (void)s;
  assert_int_equal(tl_config_init(NULL), TL_EINVAL);
  tl_config c;
  memset(&c, 0x77, sizeof c);
  assert_int_equal(tl_config_init(&c), TL_OK);
  assert_null(c.rules);
  assert_int_equal(c.x64, 0);
  assert_int_equal(c.strict, 0);
  assert_int_equal(c.op, 0);
  assert_int_equal(c.precise, 1);
  assert_int_equal(c.default_int, TL_DTYPE_NONE);
  assert_int_equal(c.default_uint, TL_DTYPE_NONE);
  assert_int_equal(c.default_float, TL_DTYPE_NONE);
  assert_int_equal(c.default_complex, TL_DTYPE_NONE);
  const tl_config *g = tl_config_current();
  assert_non_null(g);
  int base_x64 = g->x64;
  /* scoped overrides: push copies, pop restores */
  tl_config a = c;
  a.x64 = !base_x64;
  assert_int_equal(tl_config_push(&a), TL_OK);
  a.x64 = base_x64; /* the pushed copy is unaffected */
  assert_int_equal(tl_config_current()->x64, !base_x64);
  assert_int_equal(tl_config_pop(), TL_OK);
  assert_int_equal(tl_config_current()->x64, base_x64);
  /* empty pop */
  assert_int_equal(tl_config_pop(), TL_ESTATE);
  assert_non_null(strstr(tl_errmsg(), "pop"));
  /* 64 levels, then too deep */
  for (int i = 0; i < 64; i++) {
    c.x64 = i & 1;
    assert_int_equal(tl_config_push(&c), TL_OK);
  }
  assert_int_equal(tl_config_push(&c), TL_ERANGE);
  assert_non_null(strstr(tl_errmsg(), "64"));
  assert_int_equal(tl_config_current()->x64, 1); /* the 64th scope is still current */
  for (int i = 63; i >= 0; i--) {
    assert_int_equal(tl_config_current()->x64, i & 1);
    assert_int_equal(tl_config_pop(), TL_OK);
  }
  assert_int_equal(tl_config_pop(), TL_ESTATE);
  assert_int_equal(tl_config_push(NULL), TL_EINVAL);
  /* the current configuration drives NULL-cfg calls */
  tl_config st;
  tl_config_init(&st);
  st.strict = 1;
  tl_dtype d;
  assert_int_equal(tl_config_push(&st), TL_OK);
  assert_int_equal(tl_promote_types(NULL, TL_INT8, TL_INT16, &d), TL_EPROMOTE);
  assert_int_equal(tl_config_pop(), TL_OK);
  assert_int_equal(tl_promote_types(NULL, TL_INT8, TL_INT16, &d), TL_OK);
  assert_int_equal(d, TL_INT16);
  /* global */
  assert_int_equal(tl_config_set_global(NULL), TL_EINVAL);
  tl_config saved = *tl_config_current(), x = saved;
  x.x64 = 1;
  assert_int_equal(tl_config_set_global(&x), TL_OK);
  assert_int_equal(tl_config_current()->x64, 1);
  assert_int_equal(tl_promote_types(NULL, TL_UINT32, TL_INT8, &d), TL_OK);
  assert_int_equal(d, TL_INT64);
  assert_int_equal(tl_config_set_global(&saved), TL_OK);
  assert_int_equal(tl_config_current()->x64, saved.x64);
}

/* Every public function survives NULL / bad arguments without crashing. */
static void test_null_safety(void **s) {
  (void)s;
  tl_dtype d;
  tl_result r;
  tl_operand op = tl_operand_dtype(TL_INT8);
  int out;
  assert_string_equal(tl_status_name(0), "TL_OK");
  assert_non_null(tl_errmsg());
  assert_non_null(tl_errtype());
  assert_null(tl_dtype_get((tl_dtype)-3));
  assert_string_equal(tl_dtype_name((tl_dtype)-3), "?");
  assert_int_equal(tl_dtype_parse(NULL, NULL, NULL), TL_EINVAL);
  assert_int_equal(tl_isdtype(TL_INT8, NULL, NULL), TL_EINVAL);
  assert_int_equal(tl_finfo_get(TL_FLOAT32, NULL), TL_EINVAL);
  assert_int_equal(tl_iinfo_get(TL_INT8, NULL), TL_EINVAL);
  assert_int_equal(tl_dtype_to_dlpack(TL_INT8, NULL), TL_EINVAL);
  tl_dlpack_dtype dl = {0, 8, 1};
  assert_int_equal(tl_dtype_from_dlpack(dl, NULL), TL_EINVAL);
  assert_int_equal(tl_config_init(NULL), TL_EINVAL);
  assert_non_null(tl_config_current());
  assert_int_equal(tl_config_set_global(NULL), TL_EINVAL);
  assert_int_equal(tl_config_push(NULL), TL_EINVAL);
  assert_int_equal(tl_operand_parse(NULL, NULL), TL_EINVAL);
  assert_int_equal(tl_operand_format(NULL, NULL, 0), TL_EINVAL);
  assert_int_equal(tl_rules_find(NULL, NULL), TL_EINVAL);
  assert_null(tl_rules_at((size_t)-1));
  assert_string_equal(tl_rules_name(NULL), "?");
  assert_string_equal(tl_rules_description(NULL), "?");
  assert_string_equal(tl_rules_checked_against(NULL), "?");
  assert_int_equal(tl_rules_dtypes(NULL, &d, 1), 0);
  assert_int_equal(tl_promote_types(NULL, TL_INT8, TL_INT8, NULL), TL_EINVAL);
  assert_int_equal(tl_promote_types(NULL, (tl_dtype)-9, TL_INT8, &d), TL_EDTYPE);
  assert_int_equal(tl_promote_types(NULL, TL_INT8, (tl_dtype)50, &d), TL_EDTYPE);
  assert_int_equal(tl_result_type(NULL, NULL, 1, &r), TL_EINVAL);
  assert_int_equal(tl_result_type(NULL, &op, 1, NULL), TL_EINVAL);
  assert_int_equal(tl_result_type(NULL, &op, 0, &r), TL_EINVAL);
  tl_operand badop = op;
  badop.dtype = (tl_dtype)77;
  assert_int_equal(tl_result_type(NULL, &badop, 1, &r), TL_EDTYPE);
  badop = op;
  badop.kind = (tl_operand_kind)50;
  assert_int_equal(tl_result_type(NULL, &badop, 1, &r), TL_EINVAL);
  badop = op;
  badop.kind = TL_OPERAND_PYSCALAR; /* a Python scalar with a strong dtype */
  assert_int_equal(tl_result_type(NULL, &badop, 1, &r), TL_EINVAL);
  badop = tl_operand_array(TL_WEAK_INT, 0); /* an array of a weak kind */
  assert_int_equal(tl_result_type(NULL, &badop, 1, &r), TL_EINVAL);
  assert_int_equal(tl_casting_parse(NULL, NULL), TL_EINVAL);
  assert_int_equal(tl_can_cast(NULL, TL_INT8, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, NULL),
                   TL_EINVAL);
  assert_int_equal(tl_can_cast(NULL, TL_INT8, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE, (tl_casting)9, &out),
                   TL_EINVAL);
  assert_int_equal(tl_table_cell(NULL, TL_INT8, TL_INT8, NULL), TL_EINVAL);
  assert_int_equal(tl_table_cell(NULL, (tl_dtype)99, TL_INT8, &d), TL_EDTYPE);
  assert_int_equal(tl_lattice_parse(NULL, 0, NULL), TL_EINVAL);
  assert_int_equal(tl_lattice_new(NULL, 0, NULL, 0, NULL), TL_EINVAL);
  tl_lattice_free(NULL);
  assert_int_equal(tl_lattice_size(NULL), 0);
  assert_null(tl_lattice_node_name(NULL, 0));
  assert_int_equal(tl_lattice_node(NULL, NULL), -1);
  assert_int_equal(tl_lattice_successors(NULL, 0, NULL, 0), 0);
  assert_int_equal(tl_lattice_leq(NULL, 0, 0), 0);
  assert_int_equal(tl_lattice_join(NULL, 0, 0, NULL), TL_EINVAL);
  assert_int_equal(tl_lattice_join_n(NULL, NULL, 0, NULL), TL_EINVAL);
  assert_int_equal(tl_lattice_check(NULL, 0, 0, NULL, 0, NULL), TL_EINVAL);
  assert_null(tl_rules_lattice(NULL, NULL));
  /* the weak kinds and complex32 are rejected where they are not dtypes of a rule set */
  assert_int_equal(tl_can_cast(NULL, TL_COMPLEX32, TL_BYTEORDER_NATIVE, TL_INT8, TL_BYTEORDER_NATIVE,
                               TL_CASTING_SAFE, &out), TL_EDTYPE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_env_vars),   cmocka_unit_test(test_status_names), cmocka_unit_test(test_error_slot),
      cmocka_unit_test(test_thread_local), cmocka_unit_test(test_config),     cmocka_unit_test(test_null_safety),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
