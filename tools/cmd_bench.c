/* cmd_bench.c — `typelattice bench NAME`: a table of sub-benchmarks, each
 * implemented in its own tools/bench_*.c file. */
#include "cli.h"

#include <string.h>

static const struct {
  const char *name, *summary;
  int (*run)(int argc, char **argv);
} benches[] = {
    {"promote", "ns per promote_types join and per result_type operand", tl_cli_bench_promote},
    {"binary", "GB/s of same- and mixed-dtype add vs memcpy (32 KiB, 64 MiB)", tl_cli_bench_binary},
};

static int run_bench(int argc, char **argv) {
  if (argc < 2) return tl_cli_usage_error("bench: which benchmark? (see typelattice help bench)");
  for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
    if (strcmp(argv[1], benches[i].name) == 0) return benches[i].run(argc - 1, argv + 1);
  return tl_cli_usage_error("bench: unknown benchmark '%s' (see typelattice help bench)", argv[1]);
}

const tl_cli_command tl_cli_cmd_bench = {
    "bench", "micro-benchmarks (promote, binary)",
    "usage: typelattice bench NAME [OPTIONS]\n"
    "\n"
    "  promote [--rules R] [--iterations N] [--json]\n"
    "      ns per pairwise join and per result_type operand, beside a table lookup\n"
    "  binary [--tier scalar|avx2|avx512] [--quick] [--json]\n"
    "      GB/s of add into a preallocated output: float32+float32, int8+float32,\n"
    "      float16+float32, bfloat16+float32, beside memcpy, at 32 KiB and 64 MiB\n",
    run_bench};
