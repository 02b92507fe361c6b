#define _POSIX_C_SOURCE 200809L
/* bench_promote.c — `typelattice bench promote`: ns per pairwise join and per
 * operand of an N-ary result_type, beside a plain table lookup measured in the
 * same run. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* xorshift: deterministic operand streams */
static uint32_t rng_state = 2463534242u;
static uint32_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}

static volatile int sink;

int tl_bench_promote(int argc, char **argv) {
  const char *rules_name = "jax";
  int json = 0;
  long iters = 2000000;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc) rules_name = argv[++i];
    else if (strcmp(argv[i], "--json") == 0) json = 1;
    else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) iters = atol(argv[++i]);
    else return tl_cli_usage_error("bench promote: unknown argument '%s'", argv[i]);
  }
  if (iters < 1000 || iters > 1000000000L) return tl_cli_usage_error("bench promote: --iterations must be 1000..1e9");
  tl_config cfg;
  tl_config_init(&cfg);
  if (tl_rules_find(rules_name, &cfg.rules) != TL_OK) return tl_cli_lib_error(TL_CLI_USAGE);

  /* the dtypes the rule set promotes without error among themselves */
  tl_dtype dom[TL_NUM_DTYPES];
  size_t nd = tl_rules_dtypes(cfg.rules, dom, TL_NUM_DTYPES);
  tl_dtype ok[TL_NUM_DTYPES];
  size_t nok = 0;
  for (size_t i = 0; i < nd; i++) {
    tl_dtype r;
    if (!tl_dtype_is_weak(dom[i]) && tl_promote_types(&cfg, dom[i], TL_FLOAT64, &r) == TL_OK) ok[nok++] = dom[i];
  }
  tl_clear_error();
  if (nok < 2) return tl_cli_usage_error("bench promote: rule set '%s' has too few promotable dtypes", rules_name);

  /* the plain table the join is compared against: precomputed results */
  static tl_dtype table[TL_NUM_DTYPES][TL_NUM_DTYPES];
  for (size_t i = 0; i < nok; i++)
    for (size_t j = 0; j < nok; j++)
      if (tl_promote_types(&cfg, ok[i], ok[j], &table[ok[i]][ok[j]]) != TL_OK) table[ok[i]][ok[j]] = TL_DTYPE_NONE;

  /* pairs that promote without error: the hot path (errors format the
   * framework's message and are measured separately below) */
  enum { NPAIRS = 4096 };
  static tl_dtype pa[NPAIRS], pb[NPAIRS];
  static tl_dtype ea[NPAIRS], eb[NPAIRS];
  int nerr = 0;
  for (int i = 0, tries = 0; i < NPAIRS && tries < 1000000; tries++) {
    tl_dtype a = ok[rnd() % nok], b = ok[rnd() % nok];
    if (table[a][b] != TL_DTYPE_NONE) pa[i] = a, pb[i] = b, i++;
    else if (nerr < NPAIRS) ea[nerr] = a, eb[nerr] = b, nerr++;
  }

  /* 1. plain table lookup */
  double t0 = now_ns();
  int acc = 0;
  for (long k = 0; k < iters; k++) acc += (int)table[pa[k & (NPAIRS - 1)]][pb[k & (NPAIRS - 1)]];
  double t_table = (now_ns() - t0) / (double)iters;
  sink = acc;

  /* 2. tl_promote_types (the public call, validation included) */
  t0 = now_ns();
  acc = 0;
  for (long k = 0; k < iters; k++) {
    tl_dtype r;
    tl_promote_types(&cfg, pa[k & (NPAIRS - 1)], pb[k & (NPAIRS - 1)], &r);
    acc += (int)r;
  }
  double t_pair = (now_ns() - t0) / (double)iters;
  sink = acc;

  /* 2b. the error path: pairs without a promotion (message formatting included) */
  double t_err = -1;
  if (nerr > 0) {
    long eiters = iters / 16;
    t0 = now_ns();
    for (long k = 0; k < eiters; k++) {
      tl_dtype r;
      acc += tl_promote_types(&cfg, ea[k % nerr], eb[k % nerr], &r);
    }
    t_err = (now_ns() - t0) / (double)eiters;
    sink = acc;
    tl_clear_error();
  }

  /* 3. tl_lattice_join on the rule set's lattice (the engine alone) */
  double t_join = -1;
  const tl_lattice *lat = tl_rules_lattice(cfg.rules, &cfg);
  tl_clear_error();
  if (lat) {
    static int na[NPAIRS], nb[NPAIRS];
    for (int i = 0; i < NPAIRS; i++) {
      na[i] = tl_lattice_node(lat, tl_dtype_name(pa[i]));
      nb[i] = tl_lattice_node(lat, tl_dtype_name(pb[i]));
    }
    t0 = now_ns();
    acc = 0;
    for (long k = 0; k < iters; k++) {
      int j = 0;
      tl_lattice_join(lat, na[k & (NPAIRS - 1)], nb[k & (NPAIRS - 1)], &j);
      acc += j;
    }
    t_join = (now_ns() - t0) / (double)iters;
    sink = acc;
  }

  /* 4. N-ary result_type over arrays and Python scalars: 8-operand lists
   * (fixed per-call cost included) and 64-operand lists (the marginal cost
   * of one more operand) */
  enum { MAXOPS = 64, NLISTS = 256 };
  static tl_operand lists[NLISTS][MAXOPS];
  double t_nary[2];
  const int nops_of[2] = {8, 64};
  for (int v = 0; v < 2; v++) {
    const int nops = nops_of[v];
    for (int l = 0; l < NLISTS; l++) {
      /* lists that promote without error, as in the pairwise case */
      for (int tries = 0; tries < 10000; tries++) {
        for (int i = 0; i < nops; i++) {
          uint32_t r = rnd() % 10;
          lists[l][i] = r < 7 ? tl_operand_array(ok[rnd() % nok], 0) : r < 9 ? tl_operand_pyint(3) : tl_operand_pyfloat(1.5);
        }
        tl_result res;
        if (tl_result_type(&cfg, lists[l], (size_t)nops, &res) == TL_OK) break;
      }
    }
    tl_clear_error();
    long nary_iters = iters / nops;
    t0 = now_ns();
    acc = 0;
    for (long k = 0; k < nary_iters; k++) {
      tl_result res;
      if (tl_result_type(&cfg, lists[k & (NLISTS - 1)], (size_t)nops, &res) == TL_OK) acc += (int)res.dtype;
    }
    t_nary[v] = (now_ns() - t0) / (double)(nary_iters * nops);
    sink = acc;
    tl_clear_error();
  }

  if (json) {
    printf("{\"rules\": \"%s\", \"table_lookup_ns\": %.3f, \"promote_types_ns\": %.3f, \"promote_types_error_ns\": %.3f, "
           "\"lattice_join_ns\": %.3f, \"result_type_ns_per_operand_8\": %.3f, \"result_type_ns_per_operand_64\": %.3f}\n",
           rules_name, t_table, t_pair, t_err, t_join, t_nary[0], t_nary[1]);
  } else {
    printf("bench promote --rules %s (%ld iterations, single thread)\n", rules_name, iters);
    printf("  plain table lookup            %8.2f ns/pair   (the baseline, same run)\n", t_table);
    if (t_join >= 0) printf("  tl_lattice_join               %8.2f ns/pair   %.1fx the table lookup\n", t_join, t_join / t_table);
    printf("  tl_promote_types              %8.2f ns/pair   %.1fx the table lookup\n", t_pair, t_pair / t_table);
    if (t_err >= 0) printf("  tl_promote_types, error pairs %8.2f ns/pair   (formats the framework's message)\n", t_err);
    printf("  tl_result_type (8 operands)   %8.2f ns/operand\n", t_nary[0]);
    printf("  tl_result_type (64 operands)  %8.2f ns/operand (target <= 2 ns)\n", t_nary[1]);
  }
  return TL_CLI_OK;
}
