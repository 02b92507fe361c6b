/* cmd_bench.c — `typelattice bench NAME ...`: a table of sub-benchmarks.
 * Adding one is a one-line change to TL_BENCH_LIST below; its function
 * `int tl_bench_NAME(int argc, char **argv)` may live in any tools/ file. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "convert_internal.h" /* the route a pair takes (kernel, chain, scalar) */

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TL_BENCH_LIST(X)                                                                 \
  X(convert, "conversion throughput per dtype pair, GB/s and ratio to memcpy")           \
  X(promote, "ns per promote_types pair and per result_type operand, beside a table lookup") \
  X(binary, "same- and mixed-dtype add into out=, GB/s beside memcpy (32 KiB, 64 MiB)")

#define TL__BENCH_DECL(name, summary) int tl_bench_##name(int argc, char **argv);
TL_BENCH_LIST(TL__BENCH_DECL)

static const struct {
  const char *name, *summary;
  int (*run)(int, char **);
} benches[] = {
#define TL__BENCH_ENTRY(name, summary) {#name, summary, tl_bench_##name},
    TL_BENCH_LIST(TL__BENCH_ENTRY)};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Timing: a sample is a batch of back-to-back calls lasting >= 20 us (one
 * call of a few hundred ns cannot be timed on its own: clock_gettime costs
 * ~20 ns and has its own jitter), the per-call time is the batch time / calls,
 * and the result is the fastest sample: at least min_reps samples and about
 * `budget` seconds. */
#define TL_BENCH_BATCH_S 20e-6
typedef void (*bench_fn)(void *ctx);
static double batch_time(bench_fn fn, void *ctx) {
  long calls = 0;
  double t0 = now(), t;
  do {
    fn(ctx);
    calls++;
    t = now();
  } while (t - t0 < TL_BENCH_BATCH_S);
  return (t - t0) / (double)calls;
}
static double best_time(bench_fn fn, void *ctx, int min_reps, double budget) {
  double best = 1e30, start = now();
  for (int r = 0; r < min_reps || now() - start < budget; r++) {
    double t = batch_time(fn, ctx);
    if (t < best) best = t;
    if (r > 10000) break;
  }
  return best;
}

static int cmp_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of q[0..n-1] (n >= 1), sorting q in place. */
static double median_of(double *q, size_t n) {
  qsort(q, n, sizeof q[0], cmp_double);
  return n % 2 ? q[n / 2] : (q[n / 2 - 1] + q[n / 2]) / 2;
}

/* Best times of fn(ctx) and of memcpy (mfn(mctx)), batches taken in
 * alternation so that both see the same state of a shared machine (memory
 * bandwidth on a VM drifts by tens of percent between seconds), and *q_m, the
 * median over the rounds of memcpy's time / fn's time in that round: the
 * speed ratio with each pair of batches measured side by side. The fastest
 * batches of each alone can come from different seconds (a same-dtype copy,
 * which is memcpy, measured 0.77-1.35x that way at 64 MiB here). */
#define TL_BENCH_MAX_ROUNDS 10001
static void best_time2(bench_fn fn, void *ctx, bench_fn mfn, void *mctx, int min_reps, double budget, double *t_fn,
                       double *t_m, double *q_m) {
  static double q[TL_BENCH_MAX_ROUNDS];
  double best = 1e30, bestm = 1e30, start = now();
  int r = 0;
  for (; r < min_reps || now() - start < budget; r++) {
    double tm = batch_time(mfn, mctx);
    double tf = batch_time(fn, ctx);
    if (tm < bestm) bestm = tm;
    if (tf < best) best = tf;
    q[r] = tm / tf;
    if (r + 1 >= TL_BENCH_MAX_ROUNDS) {
      r++;
      break;
    }
  }
  *t_fn = best;
  *t_m = bestm;
  *q_m = median_of(q, (size_t)r);
}

typedef struct {
  tl_dtype from, to;
  void *src, *dst;
  size_t n, bytes;
} conv_ctx;

/* How the current tier converts a contiguous pair: "copy" (same dtype),
 * "simd" (a kernel or table lookup of its own), "via T[ > U]" (a chain of
 * kernels through intermediates, convert_plan.c) or "scalar". */
static void tl_bench_route(tl_dtype from, tl_dtype to, char *out, size_t cap) {
  tl_dtype via[2];
  int k;
  if (from == to) snprintf(out, cap, "copy");
  else if (tl__contig_has(tl__tier_current(), from, to, 0)) snprintf(out, cap, "simd");
  else if ((k = tl__plan_route(from, to, 0, via)) >= 0)
    snprintf(out, cap, k == 1 ? "via %s" : "via %s > %s", tl_dtype_name(via[0]), k > 1 ? tl_dtype_name(via[1]) : "");
  else snprintf(out, cap, "scalar");
}

static void do_memcpy(void *p) {
  conv_ctx *c = p;
  memcpy(c->dst, c->src, c->bytes);
}
static void do_convert(void *p) {
  conv_ctx *c = p;
  tl_convert_contiguous(c->from, c->src, c->to, c->dst, c->n, 0, NULL);
}

static const char *const default_pairs[] = {
    "float32:float16", "float16:float32", "float32:bfloat16", "bfloat16:float32",
    "float64:float16", "float16:float64", "float64:bfloat16", "float64:float32",
    "float32:float64", "float32:float8_e4m3fn", "float32:float8_e5m2", "float64:float8_e4m3fn",
    "float8_e4m3fn:float32", "float8_e5m2:float32", "float8_e4m3fn:bfloat16", "int32:float32",
    "float32:int32", "float64:int32", "int8:int32", "int16:int64", "int64:int8", "uint8:float32",
    "float32:float32", "int4:int8", "float4_e2m1fn:float32", "bool:float32"};

static int parse_pair(const char *s, tl_dtype *a, tl_dtype *b) {
  char buf[96];
  snprintf(buf, sizeof buf, "%s", s);
  char *colon = strchr(buf, ':');
  if (!colon) return -1;
  *colon = 0;
  if (tl_dtype_parse(buf, a, NULL) != TL_OK || tl_dtype_parse(colon + 1, b, NULL) != TL_OK) return -1;
  if (tl_dtype_is_weak(*a) || tl_dtype_is_weak(*b)) return -1;
  /* pairs tl_convert refuses (float4_e2m1fn_x2 with another dtype) */
  if ((*a == TL_FLOAT4_E2M1FN_X2) != (*b == TL_FLOAT4_E2M1FN_X2)) return -1;
  return 0;
}

/* Fill a buffer with plausible values of dtype d: random doubles in [-100, 100]
 * (for ints: of the type's range) converted with tl_convert. */
static void fill(tl_dtype d, void *buf, size_t n) {
  enum { CH = 4096 };
  double tmp[CH];
  uint64_t x = 0x9E3779B97F4A7C15ull;
  size_t isz = (size_t)tl_dtype_get(d)->itemsize;
  for (size_t i = 0; i < n; i += CH) {
    size_t m = n - i < CH ? n - i : CH;
    for (size_t k = 0; k < m; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      tmp[k] = ((double)(x >> 11) / 9007199254740992.0 - 0.5) * 200.0;
    }
    tl_convert_contiguous(TL_FLOAT64, tmp, d, (char *)buf + i * isz, m, TL_CONVERT_SATURATE, NULL);
  }
}

/* --size: decimal digits with an optional K/M suffix (binary units), 64 bytes
 * to 256 MiB; anything else (a sign, blanks, overflow) is refused. */
static int parse_bench_size(const char *s, size_t *out) {
  size_t v = 0;
  const char *p = s;
  for (; *p >= '0' && *p <= '9'; p++) {
    if (v > ((size_t)256 << 20)) return -1; /* already too large: stop before overflowing */
    v = v * 10 + (size_t)(*p - '0');
  }
  if (p == s) return -1;
  if (*p == 'K' || *p == 'k') v = v > ((size_t)1 << 20) ? (size_t)-1 : v << 10, p++;
  else if (*p == 'M' || *p == 'm') v = v > ((size_t)1 << 10) ? (size_t)-1 : v << 20, p++;
  if (*p || v < 64 || v > ((size_t)256 << 20)) return -1;
  *out = v;
  return 0;
}

#define TL_BENCH_MAX_PASSES 9 /* --passes: one digit, 1-9 */
int tl_bench_convert(int argc, char **argv) {
  const char *pairs = NULL;
  size_t sizes[2] = {32 << 10, 64u << 20};
  int nsizes = 2, json = 0, threads = 0, quick = 0, passes = 0; /* passes 0: the default per size */
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--pairs") && i + 1 < argc) pairs = argv[++i];
    else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
      if (parse_bench_size(argv[++i], &sizes[0]) != 0)
        return tl_cli_usage_error("bench convert: bad --size '%s' (expected 64 to 256M bytes: digits with an "
                                  "optional K or M suffix)",
                                  argv[i]);
      nsizes = 1;
    } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
      char *end;
      const char *a = argv[++i];
      long v = (*a >= '0' && *a <= '9') ? strtol(a, &end, 10) : -1;
      if (v < 1 || v > 256 || *end)
        return tl_cli_usage_error("bench convert: bad --threads '%s' (expected 1 to 256)", a);
      threads = (int)v;
    } else if (!strcmp(argv[i], "--passes") && i + 1 < argc) {
      const char *a = argv[++i];
      if (a[0] < '1' || a[0] > '9' || a[1])
        return tl_cli_usage_error("bench convert: bad --passes '%s' (expected 1 to 9)", a);
      passes = a[0] - '0';
    } else if (!strcmp(argv[i], "--json")) json = 1;
    else if (!strcmp(argv[i], "--quick")) quick = 1;
    else return tl_cli_usage_error("bench convert: unknown argument '%s'", argv[i]);
  }
  /* the pair list */
  size_t np = 0, cap = 1024 + (size_t)TL_NUM_CONCRETE * TL_NUM_CONCRETE; /* room for "all" */
  tl_dtype(*list)[2] = malloc(sizeof *list * cap);
  if (!pairs) {
    for (size_t i = 0; i < sizeof default_pairs / sizeof *default_pairs; i++)
      if (parse_pair(default_pairs[i], &list[np][0], &list[np][1]) == 0) np++;
  } else if (!strcmp(pairs, "all")) {
    for (int a = 0; a < TL_NUM_CONCRETE; a++)
      for (int b = 0; b < TL_NUM_CONCRETE; b++) {
        /* storage types only; float4_e2m1fn_x2 converts to nothing else */
        if (tl_dtype_is_weak((tl_dtype)a) || tl_dtype_is_weak((tl_dtype)b)) continue;
        if ((a == TL_FLOAT4_E2M1FN_X2 || b == TL_FLOAT4_E2M1FN_X2) && a != b) continue;
        list[np][0] = (tl_dtype)a, list[np][1] = (tl_dtype)b, np++;
      }
  } else {
    char *dup = strdup(pairs), *save = NULL;
    for (char *t = strtok_r(dup, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
      if (np == cap || parse_pair(t, &list[np][0], &list[np][1])) {
        int rc = tl_cli_usage_error("bench convert: bad pair '%s' (FROM:TO)", t);
        free(dup);
        free(list);
        return rc;
      }
      np++;
    }
    free(dup);
  }
  if (quick && nsizes == 2) sizes[1] = (size_t)4 << 20; /* --quick: 32 KiB and 4 MiB */
  size_t maxb = sizes[0] > sizes[nsizes - 1] ? sizes[0] : sizes[nsizes - 1];
  maxb = (maxb + 63) / 64 * 64; /* aligned_alloc wants a multiple of the alignment */
  /* source up to maxb bytes; destination up to 16x that for 1-byte -> complex128;
     memcpy's own pair of buffers in one block, 64-byte aligned and 2 KiB apart
     in page offset (adjacent heap blocks, 16 bytes out of step, send glibc's
     memcpy down a path 20x slower in cache) */
  void *src = aligned_alloc(64, maxb), *dst = aligned_alloc(64, maxb * 16);
  struct pass_meas {
    double q[TL_BENCH_MAX_PASSES], t, tmc, tN;
  } *pm = calloc(np ? np : 1, sizeof *pm);
  size_t mbytes = (2 * maxb + 4096 + 4095) / 4096 * 4096; /* a multiple of the alignment */
  char *mbuf = aligned_alloc(4096, mbytes);
  if (!src || !dst || !mbuf || !pm) {
    free(src), free(dst), free(mbuf), free(list), free(pm);
    fprintf(stderr, "typelattice: bench: out of memory\n");
    return TL_CLI_FAIL;
  }
  memset(dst, 1, maxb * 16);
  memset(mbuf, 2, mbytes);
  int threads_before = tl_convert_threads();
  tl_convert_set_threads(1); /* the 1-thread figures whatever TYPELATTICE_THREADS says */
  if (json) printf("{\"tier\": \"%s\", \"threads\": %d, \"thread_threshold\": %zu, \"results\": [\n", tl_convert_tier(),
                   threads ? threads : 1, tl_convert_thread_threshold());
  else if (threads)
    printf("tier %s; GB/s = (bytes read + written) / s, 1 thread and %d threads (threshold %zu bytes), fastest "
           "of batches\n",
           tl_convert_tier(), threads, tl_convert_thread_threshold());
  else printf("tier %s; GB/s = (bytes read + written) / s, single thread, fastest of batches; x memcpy: median "
              "of the ratios of batches run side by side (and of the passes)\n", tl_convert_tier());
  int first = 1;
  for (int si = 0; si < nsizes; si++) {
    size_t size = sizes[si];
    double budget = size > (1u << 24) ? 0.3 : 0.05;
    if (quick) budget /= 5;
    conv_ctx mc = {TL_UINT8, TL_UINT8, mbuf, mbuf + maxb + 2048, size, size};
    double tm = best_time(do_memcpy, &mc, 3, budget);
    double mgbs = 2.0 * (double)size / tm / 1e9;
    if (!json && threads)
      printf("\nsize %zu bytes of source; memcpy %.2f GB/s\n%-40s %10s %10s %8s %8s\n", size, mgbs, "pair", "GB/s 1t",
             "GB/s Nt", "speedup", "x memcpy  route");
    else if (!json)
      printf("\nsize %zu bytes of source; memcpy %.2f GB/s\n%-40s %10s %8s\n", size, mgbs, "pair", "GB/s", "x memcpy  route");
    /* every pair measured in each pass, the passes one after another, so
       that a slow spell of the machine (seconds) lands on different pairs in
       each; per pair the median of the passes' ratios, the fastest batches
       over all of them */
    const int npass = passes ? passes : size <= ((size_t)1 << 20) ? 3 : 1;
    for (int pass = 0; pass < npass; pass++)
      for (size_t p = 0; p < np; p++) {
        conv_ctx c;
        c.from = list[p][0];
        c.to = list[p][1];
        size_t fi = (size_t)tl_dtype_get(c.from)->itemsize;
        c.n = size / fi;
        c.src = src;
        c.dst = dst;
        c.bytes = 0;
        fill(c.from, src, c.n);
        double t, tmc, qm, tN = 0;
        best_time2(do_convert, &c, do_memcpy, &mc, 3, budget, &t, &tmc, &qm);
        if (threads) {
          tl_convert_set_threads(threads);
          tN = best_time(do_convert, &c, 3, budget);
          tl_convert_set_threads(1);
        }
        pm[p].q[pass] = qm;
        if (!pass || t < pm[p].t) pm[p].t = t;
        if (!pass || tmc < pm[p].tmc) pm[p].tmc = tmc;
        if (!pass || tN < pm[p].tN) pm[p].tN = tN;
      }
    for (size_t p = 0; p < np; p++) { /* the passes' results, in the list's order */
      const tl_dtype from = list[p][0], to = list[p][1];
      const size_t fi = (size_t)tl_dtype_get(from)->itemsize, ti = (size_t)tl_dtype_get(to)->itemsize, n = size / fi;
      const double t = pm[p].t, tmc = pm[p].tmc, tN = pm[p].tN;
      double q[TL_BENCH_MAX_PASSES];
      memcpy(q, pm[p].q, sizeof q);
      const double qm = median_of(q, (size_t)npass);
      double bytes = (double)n * (double)(fi + ti);
      double gbs = bytes / t / 1e9, gbsN = threads ? bytes / tN / 1e9 : 0;
      /* memcpy of the source buffer, GB/s counted the same way, timed in
         alternation with this pair */
      double ref = 2.0 * (double)size / tmc / 1e9;
      /* x memcpy: the median of the rounds' ratios (bytes counted the same
         way), the median of that over the passes; the ratio of the fastest
         batches as "ratio_best" */
      const double ratio = qm * bytes / (2.0 * (double)size);
      char name[96], route[64];
      snprintf(name, sizeof name, "%s -> %s", tl_dtype_name(from), tl_dtype_name(to));
      tl_bench_route(from, to, route, sizeof route);
      if (json) {
        printf("%s  {\"from\": \"%s\", \"to\": \"%s\", \"size\": %zu, \"gbps\": %.3f, \"memcpy_gbps\": %.3f, \"ratio\": %.3f, \"ratio_best\": %.3f, \"melem_per_s\": %.1f, \"passes\": %d, \"route\": \"%s\"",
               first ? "" : ",\n", tl_dtype_name(from), tl_dtype_name(to), size, gbs, ref, ratio, gbs / ref, (double)n / t / 1e6, npass, route);
        if (threads) printf(", \"threads\": %d, \"gbps_threads\": %.3f", threads, gbsN);
        printf("}");
      } else if (threads)
        printf("%-40s %10.2f %10.2f %8.2f %8.2f  %s\n", name, gbs, gbsN, gbsN / gbs, ratio, route);
      else
        printf("%-40s %10.2f %8.2f  %s\n", name, gbs, ratio, route);
      first = 0;
      fflush(stdout);
    }
  }
  tl_convert_set_threads(threads_before);
  free(mbuf);
  if (json) printf("\n]}\n");
  free(src);
  free(dst);
  free(list);
  free(pm);
  return TL_CLI_OK;
}

static int run_bench(int argc, char **argv) {
  if (argc < 2) return tl_cli_usage_error("bench: which benchmark? (see typelattice help bench)");
  for (size_t i = 0; i < sizeof benches / sizeof *benches; i++)
    if (!strcmp(argv[1], benches[i].name)) return benches[i].run(argc - 1, argv + 1);
  return tl_cli_usage_error("bench: unknown benchmark '%s'", argv[1]);
}

const tl_cli_command tl_cli_cmd_bench = {
    "bench",
    "micro-benchmarks (bench convert ...)",
    "usage: typelattice bench NAME [OPTIONS]\n"
    "\n"
    "  bench convert [--pairs all|FROM:TO,...] [--size BYTES[K|M]] [--threads N] [--passes N] [--quick]\n"
    "                [--json]\n"
    "      Conversion throughput per dtype pair: GB/s counting bytes read + written,\n"
    "      single thread, fastest of batches of calls (each >= 20 us), at 32 KiB and\n"
    "      64 MiB of source (or --size: 64 to 256M), with memcpy of a buffer of the\n"
    "      same size (GB/s = 2 x size / s) timed in alternation with each pair, and\n"
    "      the ratio x memcpy: the median over the rounds of the pair's speed over\n"
    "      memcpy's in the same round (JSON: ratio; ratio_best, of the fastest\n"
    "      batches of each). --threads N (1..256) also times each pair with N threads\n"
    "      (tl_convert_set_threads; calls below the thread threshold stay on one\n"
    "      thread) and prints both and the speedup. --passes N (1..9): the whole pair\n"
    "      list measured N times over, one pass after the other, each pair's ratio\n"
    "      the median of its N (a slow spell of a shared machine, seconds long, then\n"
    "      lands on different pairs in each pass; GB/s the fastest batches of all);\n"
    "      default 3 at sizes up to 1 MiB, 1 above (JSON: passes). --quick: 1/5 of\n"
    "      the time per pair, and 4 MiB instead of 64 MiB.\n"
    "      TYPELATTICE_CPU=scalar|avx2|avx512|neon selects the kernel tier.\n"
    "\n"
    "  bench promote [--rules R] [--iterations N] [--json]\n"
    "      ns per promote_types pair (successful pairs, and error pairs, which format\n"
    "      the framework's message) and per operand of result_type over 8- and\n"
    "      64-operand lists, beside a plain table lookup measured in the same run.\n"
    "\n"
    "  bench binary [--tier scalar|avx2|avx512|neon] [--quick] [--json]\n"
    "      GB/s of same- and mixed-dtype add (float32+float32, int8+float32,\n"
    "      float16+float32, bfloat16+float32) into a preallocated output, beside\n"
    "      memcpy in the same run, at 32 KiB and 64 MiB.\n",
    run_bench,
};
