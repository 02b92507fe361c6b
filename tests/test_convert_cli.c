/* test_convert_cli.c — the .npy header parser (src/npy.c) and the
 * `typelattice cast` command. */
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

#include "npy.h"

static size_t mk(unsigned char *b, int major, const char *dict) {
  size_t dl = strlen(dict), off = major == 1 ? 10 : 12;
  memcpy(b, "\x93NUMPY", 6);
  b[6] = (unsigned char)major;
  b[7] = 0;
  if (major == 1) {
    b[8] = (unsigned char)(dl & 0xFF);
    b[9] = (unsigned char)(dl >> 8);
  } else {
    b[8] = (unsigned char)(dl & 0xFF);
    b[9] = (unsigned char)(dl >> 8);
    b[10] = b[11] = 0;
  }
  memcpy(b + off, dict, dl);
  return off + dl;
}

static void test_npy_parse(void **state) {
  (void)state;
  unsigned char b[512];
  tl_npy_header h;
  size_t n = mk(b, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }   \n");
  assert_int_equal(tl__npy_parse(b, n, &h), TL_OK);
  assert_int_equal(h.dtype, TL_FLOAT32);
  assert_int_equal(h.count, 12);
  assert_int_equal(h.ndim, 2);
  assert_int_equal(h.data_offset, n);
  n = mk(b, 2, "{'shape': (), 'fortran_order': True, 'descr': '|b1'}");
  assert_int_equal(tl__npy_parse(b, n, &h), TL_OK);
  assert_int_equal(h.dtype, TL_BOOL);
  assert_int_equal(h.count, 1);
  assert_int_equal(h.fortran_order, 1);
  n = mk(b, 3, "{'descr': '<c16', 'fortran_order': False, 'shape': (5,), }");
  assert_int_equal(tl__npy_parse(b, n, &h), TL_OK);
  assert_int_equal(h.dtype, TL_COMPLEX128);
  n = mk(b, 1, "{'descr': '<u2', 'fortran_order': False, 'shape': (0,), }");
  assert_int_equal(tl__npy_parse(b, n, &h), TL_OK);
  assert_int_equal(h.count, 0);
  /* bad ones */
  static const char *const bad[] = {
      "{'descr': '>f4', 'fortran_order': False, 'shape': (3,), }",  /* big-endian */
      "{'descr': '<V2', 'fortran_order': False, 'shape': (3,), }",  /* void */
      "{'descr': '<f4', 'shape': (3,), }",                          /* missing key */
      "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (3,), }",  /* bad bool */
      "{'descr': '<f4', 'fortran_order': False, 'shape': (3,, }",   /* bad tuple */
      "{'descr': '<f4', 'fortran_order': False, 'shape': (-3,), }", /* negative */
      "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999,99999999999,99999999999), }",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'x': 1}",
      "{'descr: '<f4', 'fortran_order': False, 'shape': (3,), }",
      "['descr']",
      "",
      "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
      /* issue 16: what NumPy's reader (ast.literal_eval + key checks) rejects */
      "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), } junk\n", /* text after the dict */
      "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (3), }",         /* an int, not a tuple */
      "{'descr': '<f4', 'fortran_order': False, 'shape': (03,), }",       /* leading zero */
      "{'descr': '<f4', 'fortran_order': Falsey, 'shape': (3,), }",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (,), }",
      "{'descr': '<f\\4', 'fortran_order': False, 'shape': (3,), }",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }\n\n x",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    n = mk(b, 1, bad[i]);
    int st = tl__npy_parse(b, n, &h);
    if (st == TL_OK) fail_msg("accepted bad header %zu: %s", i, bad[i]);
    assert_true(strlen(tl_errmsg()) > 0);
  }
  /* a NUL in the type string ('<f4\0junk' read as '<f4' before) */
  static const char nul[] = "{'descr': '<f4\0xx', 'fortran_order': False, 'shape': (3,), }";
  memcpy(b, "\x93NUMPY\x01\x00", 8);
  b[8] = (unsigned char)(sizeof nul - 1);
  b[9] = 0;
  memcpy(b + 10, nul, sizeof nul - 1);
  assert_int_equal(tl__npy_parse(b, 10 + sizeof nul - 1, &h), TL_EPARSE);
  assert_non_null(strstr(tl_errmsg(), "NUL"));
  /* minor version must be 0 */
  n = mk(b, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }");
  b[7] = 1;
  assert_int_equal(tl__npy_parse(b, n, &h), TL_EPARSE);
  assert_non_null(strstr(tl_errmsg(), "1.1"));
  /* what NumPy accepts: whitespace of any kind between tokens, tuples without spaces */
  n = mk(b, 1, "{\n 'descr':'<f4',\t'fortran_order':True,'shape':(2,3,),}\r\n \n");
  assert_int_equal(tl__npy_parse(b, n, &h), TL_OK);
  assert_int_equal(h.count, 6);
  assert_int_equal(h.fortran_order, 1);
  n = mk(b, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 00, 7), }");
  assert_int_equal(tl__npy_parse(b, n, &h), TL_OK);
  assert_int_equal(h.count, 0);
  /* the n-d writer: NumPy's exact text for shapes (), (6,), (2, 3) and Fortran order */
  size_t sh[3] = {2, 3, 4}, wl;
  unsigned char w[TL_NPY_HEADER_MAX];
  static const struct {
    int ndim, fo;
    const char *text;
  } wcases[] = {
      {0, 0, "{'descr': '<i2', 'fortran_order': False, 'shape': (), }"},
      {1, 0, "{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }"},
      {2, 1, "{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3), }"},
      {3, 0, "{'descr': '<i2', 'fortran_order': False, 'shape': (2, 3, 4), }"},
  };
  for (size_t i = 0; i < sizeof wcases / sizeof *wcases; i++) {
    assert_int_equal(tl__npy_write_header_nd(TL_INT16, wcases[i].ndim, sh, wcases[i].fo, w, sizeof w, &wl), TL_OK);
    assert_int_equal(wl % 64, 0);
    assert_memory_equal(w + 10, wcases[i].text, strlen(wcases[i].text));
    assert_int_equal(w[wl - 1], '\n');
    assert_int_equal(tl__npy_parse(w, wl, &h), TL_OK);
    assert_int_equal(h.ndim, wcases[i].ndim);
    assert_int_equal(h.fortran_order, wcases[i].fo);
  }
  size_t big[TL_NPY_MAX_DIMS];
  for (int i = 0; i < TL_NPY_MAX_DIMS; i++) big[i] = i ? 1 : (size_t)1000000000000000000u;
  assert_int_equal(tl__npy_write_header_nd(TL_COMPLEX128, TL_NPY_MAX_DIMS, big, 1, w, sizeof w, &wl), TL_OK);
  assert_int_equal(tl__npy_parse(w, wl, &h), TL_OK);
  assert_int_equal(h.count, (size_t)1000000000000000000u);
  assert_int_equal(tl__npy_write_header_nd(TL_INT16, TL_NPY_MAX_DIMS + 1, big, 0, w, sizeof w, &wl), TL_EINVAL);
  assert_int_equal(tl__npy_write_header_nd(TL_INT16, -1, sh, 0, w, sizeof w, &wl), TL_EINVAL);
  assert_int_equal(tl__npy_write_header_nd(TL_INT16, 2, NULL, 0, w, sizeof w, &wl), TL_EINVAL);
  assert_int_equal(tl__npy_write_header_nd(TL_BFLOAT16, 1, sh, 0, w, sizeof w, &wl), TL_EUNSUPPORTED);
  n = mk(b, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }");
  assert_int_not_equal(tl__npy_parse(b, n - 5, &h), TL_OK); /* truncated header */
  assert_int_not_equal(tl__npy_parse(b, 5, &h), TL_OK);
  b[0] = 'X';
  assert_int_equal(tl__npy_parse(b, n, &h), TL_EPARSE);
  b[0] = 0x93;
  b[6] = 4;
  assert_int_equal(tl__npy_parse(b, n, &h), TL_EPARSE);
  assert_int_equal(tl__npy_parse(NULL, 10, &h), TL_EINVAL);
  /* writer round trip */
  size_t len;
  assert_int_equal(tl__npy_write_header(TL_INT16, 77, b, sizeof b, &len), TL_OK);
  assert_int_equal(len % 64, 0);
  assert_int_equal(tl__npy_parse(b, len, &h), TL_OK);
  assert_int_equal(h.dtype, TL_INT16);
  assert_int_equal(h.count, 77);
  assert_int_equal(tl__npy_write_header(TL_BFLOAT16, 1, b, sizeof b, &len), TL_EUNSUPPORTED);
  assert_int_equal(tl__npy_write_header(TL_INT16, 1, b, 8, &len), TL_EINVAL);
}

static char dir[256];

static int run(const char *args) {
  static char cmd[4096];
  snprintf(cmd, sizeof cmd, "%s %s 2>%s/err.txt", TL_CLI_PATH, args, dir);
  int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void write_file(const char *name, const void *p, size_t n) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fwrite(p, 1, n, f);
  fclose(f);
}

static size_t read_file(const char *name, void *p, size_t cap) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (!f) return (size_t)-1;
  size_t n = fread(p, 1, cap, f);
  fclose(f);
  return n;
}

static void test_cli_cast(void **state) {
  (void)state;
  snprintf(dir, sizeof dir, "/tmp/tl_cast_XXXXXX");
  assert_non_null(mkdtemp(dir));
  float v[4] = {1.0f, 2.5f, -3.0f, 65520.0f};
  unsigned char buf[4096];
  size_t hl;
  assert_int_equal(tl__npy_write_header(TL_FLOAT32, 4, buf, sizeof buf, &hl), TL_OK);
  memcpy(buf + hl, v, sizeof v);
  write_file("in.npy", buf, hl + sizeof v);
  write_file("in.raw", v, sizeof v);
  char a[1024];
  /* npy -> npy */
  snprintf(a, sizeof a, "cast --to float16 %s/in.npy %s/out.npy", dir, dir);
  assert_int_equal(run(a), 0);
  size_t n = read_file("out.npy", buf, sizeof buf);
  tl_npy_header h;
  assert_int_equal(tl__npy_parse(buf, n, &h), TL_OK);
  assert_int_equal(h.dtype, TL_FLOAT16);
  assert_int_equal(h.count, 4);
  uint16_t want[4] = {0x3C00, 0x4100, 0xC200, 0x7C00}, got[4];
  memcpy(got, buf + h.data_offset, 8);
  assert_memory_equal(got, want, 8);
  /* raw -> raw, saturate */
  snprintf(a, sizeof a, "cast --from float32 --to float16 --saturate %s/in.raw %s/out.raw", dir, dir);
  assert_int_equal(run(a), 0);
  assert_int_equal(read_file("out.raw", got, sizeof got), 8);
  assert_int_equal(got[3], 0x7BFF);
  /* raw -> ml_dtypes format */
  snprintf(a, sizeof a, "cast --from float32 --to float8_e4m3fn %s/in.raw %s/out8.raw", dir, dir);
  assert_int_equal(run(a), 0);
  /* checked failure: exit 1, message with index and value, no output */
  snprintf(a, sizeof a, "cast --from float32 --to int8 --checked %s/in.raw %s/bad.raw", dir, dir);
  assert_int_equal(run(a), 1);
  assert_int_equal(read_file("bad.raw", got, sizeof got), (size_t)-1);
  n = read_file("err.txt", buf, sizeof buf - 1);
  buf[n] = 0;
  assert_non_null(strstr((char *)buf, "element 1"));
  assert_non_null(strstr((char *)buf, "2.5"));
  /* --from mismatch with the npy header; truncated npy; raw size not a multiple */
  snprintf(a, sizeof a, "cast --from int32 --to int8 %s/in.npy %s/x.raw", dir, dir);
  assert_int_equal(run(a), 1);
  assert_int_equal(tl__npy_write_header(TL_FLOAT32, 100, buf, sizeof buf, &hl), TL_OK);
  write_file("trunc.npy", buf, hl + 12);
  snprintf(a, sizeof a, "cast --to float64 %s/trunc.npy %s/x.raw", dir, dir);
  assert_int_equal(run(a), 1);
  n = read_file("err.txt", buf, sizeof buf - 1);
  buf[n] = 0;
  assert_non_null(strstr((char *)buf, "truncated"));
  write_file("odd.raw", v, 7);
  snprintf(a, sizeof a, "cast --from float32 --to float64 %s/odd.raw %s/x.raw", dir, dir);
  assert_int_equal(run(a), 1);
  write_file("garbage.npy", "hello world, not npy", 20);
  snprintf(a, sizeof a, "cast --to float64 %s/garbage.npy %s/x.raw", dir, dir);
  assert_int_equal(run(a), 1);
  /* usage errors */
  snprintf(a, sizeof a, "cast --to float16 %s/in.raw %s/x.raw", dir, dir);
  assert_int_equal(run(a), 2); /* raw needs --from */
  snprintf(a, sizeof a, "cast --from float32 --to bfloat16 %s/in.raw %s/x.npy", dir, dir);
  assert_int_equal(run(a), 2); /* no .npy code for bfloat16 */
  snprintf(a, sizeof a, "cast --from float32 --to flaot16 %s/in.raw %s/x.raw", dir, dir);
  assert_int_equal(run(a), 2);
  snprintf(a, sizeof a, "cast --from float32 --to int* %s/in.raw %s/x.raw", dir, dir);
  assert_int_equal(run(a), 2);
  assert_int_equal(run("cast --to float16"), 2);
  snprintf(a, sizeof a, "cast --to float16 %s/missing.npy %s/x.raw", dir, dir);
  assert_int_equal(run(a), 1);
  assert_int_equal(read_file("x.raw", got, sizeof got), (size_t)-1);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

static void test_cli_bench(void **state) {
  (void)state;
  /* a folder of its own for run()'s err.txt, removed afterwards */
  snprintf(dir, sizeof dir, "/tmp/tl_bench_XXXXXX");
  assert_non_null(mkdtemp(dir));
  assert_int_equal(run("bench convert --pairs float32:float16,int4:int8 --size 4096 --json >/dev/null"), 0);
  /* each result has both ratios: the median of side-by-side rounds and the fastest batches' */
  char jcmd[600];
  snprintf(jcmd, sizeof jcmd, "bench convert --pairs int8:int8,float32:float16 --size 4096 --json > %s/b.json", dir);
  assert_int_equal(run(jcmd), 0);
  char jb[4096];
  size_t jn = read_file("b.json", jb, sizeof jb - 1);
  assert_true(jn != (size_t)-1 && jn > 0);
  jb[jn] = 0;
  int nr = 0, nb = 0;
  for (const char *q = jb; (q = strstr(q, "\"ratio\": ")) != NULL; q++) nr++;
  for (const char *q = jb; (q = strstr(q, "\"ratio_best\": ")) != NULL; q++) nb++;
  assert_int_equal(nr, 2);
  assert_int_equal(nb, 2);
  /* in cache the pair list is measured in 3 passes by default, each pair's
     ratio the median of them; --passes N sets it */
  int np3 = 0;
  for (const char *q = jb; (q = strstr(q, "\"passes\": 3,")) != NULL; q++) np3++;
  assert_int_equal(np3, 2);
  snprintf(jcmd, sizeof jcmd, "bench convert --pairs int8:int8,float32:float16 --size 4096 --passes 2 --json > %s/b.json", dir);
  assert_int_equal(run(jcmd), 0);
  jn = read_file("b.json", jb, sizeof jb - 1);
  assert_true(jn != (size_t)-1 && jn > 0);
  jb[jn] = 0;
  int np2 = 0;
  nr = 0;
  for (const char *q = jb; (q = strstr(q, "\"passes\": 2,")) != NULL; q++) np2++;
  for (const char *q = jb; (q = strstr(q, "\"ratio\": ")) != NULL; q++) nr++;
  assert_int_equal(np2, 2);
  assert_int_equal(nr, 2);
  assert_int_equal(run("bench convert --pairs float32:nope --size 4096"), 2);
  /* the appended dtypes: int1/bcomplex32 convert; float4_e2m1fn_x2 only to itself */
  assert_int_equal(run("bench convert --pairs int1:float32,bcomplex32:complex64,float4_e2m1fn_x2:float4_e2m1fn_x2 "
                       "--size 4096 >/dev/null"), 0);
  assert_int_equal(run("bench convert --pairs float4_e2m1fn_x2:float32 --size 4096"), 2);
  assert_int_equal(run("bench nosuch"), 2);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

/* each of vals as the value of bench convert's option opt (after the
   arguments pre): exit 2, and the message names the option and the value */
static void bench_bad_values(const char *pre, const char *opt, const char *const *vals, size_t nv) {
  char a[256], buf[512];
  for (size_t i = 0; i < nv; i++) {
    snprintf(a, sizeof a, "bench convert --pairs float32:float16 %s%s '%s'", pre, opt, vals[i]);
    assert_int_equal(run(a), 2);
    size_t n = read_file("err.txt", buf, sizeof buf - 1);
    assert_true(n != (size_t)-1);
    buf[n] = 0;
    snprintf(a, sizeof a, "bad %s '%s'", opt, vals[i]);
    if (!strstr(buf, a)) fail_msg("%s '%s': %s", opt, vals[i], buf);
  }
}

/* issue 18: --size must be 64..256M (with K/M), and a size that is not a
 * multiple of 64 must work (it was undefined behaviour: aligned_alloc with
 * a size not a multiple of the alignment); --threads 1..256; --passes 1..9 */
static void test_cli_bench_args(void **state) {
  (void)state;
  snprintf(dir, sizeof dir, "/tmp/tl_bench_XXXXXX");
  assert_non_null(mkdtemp(dir));
  assert_int_equal(run("bench convert --pairs float32:float16,int8:complex128 --size 100 >/dev/null"), 0);
  assert_int_equal(run("bench convert --pairs float32:float16 --size 4100 --threads 2 --json >/dev/null"), 0);
  static const char *const bad[] = {"-1", "63", "0", "257M", "4G", "1X", "12KK", " 64", "99999999999999999999999", "+64"};
  static const char *const badt[] = {"0", "-2", "257", "two", "3x"};
  static const char *const badp[] = {"0", "10", "-1", "x", "", "1.5", " 2", "2 "};
  bench_bad_values("", "--size", bad, sizeof bad / sizeof bad[0]);
  bench_bad_values("--size 4096 ", "--threads", badt, sizeof badt / sizeof badt[0]);
  bench_bad_values("--size 4096 ", "--passes", badp, sizeof badp / sizeof badp[0]);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_npy_parse), cmocka_unit_test(test_cli_cast),
                                     cmocka_unit_test(test_cli_bench), cmocka_unit_test(test_cli_bench_args)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
