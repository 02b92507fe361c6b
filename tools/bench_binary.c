#define _POSIX_C_SOURCE 200809L
/* bench_binary.c — `typelattice bench binary`: GB/s of promoted add into a
 * preallocated output (NumPy's out=), same-dtype and mixed-dtype, beside
 * memcpy measured in the same run, at an in-cache and a memory-bound size.
 * GB/s counts every byte the operation must move: both inputs read and the
 * output written (memcpy: source read + destination written). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Best-of-5 seconds per call; each sample repeats the call for >= min_s. */
typedef int (*bench_fn)(void *ctx);
static double time_best(bench_fn fn, void *ctx, double min_s) {
  double best = 1e30;
  for (int rep = 0; rep < 5; rep++) {
    long iters = 0;
    double t0 = now_s(), t;
    do {
      if (fn(ctx) != 0) return -1;
      iters++;
      t = now_s();
    } while (t - t0 < min_s);
    double per = (t - t0) / (double)iters;
    if (per < best) best = per;
  }
  return best;
}

typedef struct {
  tl_config *cfg;
  tl_array *a, *b, *o;
  void *src, *dst;
  size_t bytes;
} bctx;

static int run_add(void *v) {
  bctx *c = v;
  return tl_binary_into(c->cfg, TL_BINOP_ADD, c->a, c->b, TL_DTYPE_NONE, c->o) != TL_OK;
}
static volatile unsigned char sink;
static int run_memcpy(void *v) {
  bctx *c = v;
  memcpy(c->dst, c->src, c->bytes);
  sink = ((unsigned char *)c->dst)[c->bytes / 2];
  return 0;
}

static void fill(tl_array *a) {
  /* small finite values in every dtype: convert from a float32 ramp */
  size_t n = (size_t)a->size;
  float *tmp = malloc(n * sizeof *tmp);
  for (size_t i = 0; i < n; i++) tmp[i] = (float)((int)(i % 97) - 48) * 0.5f;
  tl_convert_contiguous(TL_FLOAT32, tmp, a->dtype, a->data, n, 0, NULL);
  free(tmp);
}

int tl_bench_binary(int argc, char **argv) {
  int json = 0;
  double min_s = 0.05;
  const char *tier = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--json") == 0) json = 1;
    else if (strcmp(argv[i], "--quick") == 0) min_s = 0.01;
    else if (strcmp(argv[i], "--tier") == 0 && i + 1 < argc) tier = argv[++i];
    else return tl_cli_usage_error("bench binary: unknown argument '%s'", argv[i]);
  }
  if (tier && tl_convert_set_tier(tier) != TL_OK) return tl_cli_lib_error(TL_CLI_USAGE);
  tl_config cfg;
  tl_config_init(&cfg); /* jax rules: every pair below computes in float32 */
  static const struct {
    tl_dtype a, b;
  } pairs[] = {{TL_FLOAT32, TL_FLOAT32}, {TL_INT8, TL_FLOAT32}, {TL_FLOAT16, TL_FLOAT32}, {TL_BFLOAT16, TL_FLOAT32}};
  static const size_t sizes[] = {32u << 10, 64u << 20}; /* bytes of the float32 output */
  if (json) printf("[");
  else printf("bench binary: add into a preallocated float32 output (out=), tier %s, single thread\n", tl_binary_tier());
  int first = 1;
  for (size_t si = 0; si < 2; si++) {
    int64_t n = (int64_t)(sizes[si] / 4);
    bctx c = {&cfg, NULL, NULL, NULL, NULL, NULL, sizes[si]};
    /* memcpy's buffers: one block, both 64-byte aligned and 2 KiB apart in page
       offset; two adjacent heap blocks (16 bytes out of step) send glibc's
       memcpy down a path 20x slower in cache (2.7-6 GB/s instead of ~100) */
    char *mblock = aligned_alloc(4096, (2 * c.bytes + 4096 + 4095) / 4096 * 4096);
    if (!mblock) return tl_cli_lib_error(TL_CLI_FAIL);
    c.src = mblock;
    c.dst = mblock + c.bytes + 2048;
    memset(c.src, 1, c.bytes);
    memset(c.dst, 0, c.bytes);
    double min_here = si == 0 ? min_s : min_s * 4;
    double tm = time_best(run_memcpy, &c, min_here);
    double memcpy_gbs = 2.0 * (double)c.bytes / tm / 1e9;
    if (!json)
      printf("\nsize %s (float32 output %zu bytes, n = %lld)\n  %-22s %8.2f GB/s\n", si == 0 ? "32 KiB" : "64 MiB",
             c.bytes, (long long)n, "memcpy", memcpy_gbs);
    double same_t = 0;
    for (size_t pi = 0; pi < sizeof pairs / sizeof pairs[0]; pi++) {
      if (tl_array_zeros(pairs[pi].a, 1, &n, &c.a) != TL_OK || tl_array_zeros(pairs[pi].b, 1, &n, &c.b) != TL_OK ||
          tl_array_zeros(TL_FLOAT32, 1, &n, &c.o) != TL_OK)
        return tl_cli_lib_error(TL_CLI_FAIL);
      fill(c.a), fill(c.b);
      double t = time_best(run_add, &c, min_here);
      if (t < 0) return tl_cli_lib_error(TL_CLI_FAIL);
      size_t moved = (size_t)n * (size_t)(tl_dtype_get(pairs[pi].a)->itemsize + tl_dtype_get(pairs[pi].b)->itemsize + 4);
      double gbs = (double)moved / t / 1e9, eps = (double)n / t / 1e9;
      if (pi == 0) same_t = t;
      char label[64];
      snprintf(label, sizeof label, "%s + %s", tl_dtype_name(pairs[pi].a), tl_dtype_name(pairs[pi].b));
      if (json)
        printf("%s\n {\"size\": %zu, \"pair\": \"%s\", \"seconds\": %.9g, \"gb_per_s\": %.4g, \"gelem_per_s\": %.4g, "
               "\"memcpy_gb_per_s\": %.4g, \"speed_vs_same_dtype\": %.4g}",
               first ? "" : ",", c.bytes, label, t, gbs, eps, memcpy_gbs, same_t / t);
      else
        printf("  %-22s %8.2f GB/s  %6.2f Gelem/s  %5.2fx memcpy GB/s  %5.2fx the speed of float32 + float32\n", label,
               gbs, eps, gbs / memcpy_gbs, same_t / t);
      first = 0;
      tl_array_free(c.a), tl_array_free(c.b), tl_array_free(c.o);
    }
    free(mblock);
  }
  if (json) printf("\n]\n");
  return TL_CLI_OK;
}
