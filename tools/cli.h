/* cli.h — shared helpers of the typelattice command-line tool. */
#ifndef TL_CLI_H
#define TL_CLI_H

#include "typelattice.h"

#include <stdio.h>

/* Exit statuses: 0 ok, 1 the answer is an error (promotion error, not a
 * lattice...), 2 usage error or unknown name. */
enum { TL_CLI_OK = 0, TL_CLI_FAIL = 1, TL_CLI_USAGE = 2 };

/* One sub-command. `run` gets argv[0] = the command name. */
typedef struct tl_cli_command {
  const char *name;
  const char *summary; /* one line for `typelattice --help` */
  const char *usage;   /* full text for `typelattice help NAME` */
  int (*run)(int argc, char **argv);
} tl_cli_command;

/* Print "typelattice: MESSAGE" to stderr; returns TL_CLI_USAGE. */
int tl_cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Print the library's last error as "typelattice: MESSAGE" and return `code`. */
int tl_cli_lib_error(int code);
/* msg with the clamped 2**128-1 of each Python int operand beyond 128 bits
 * among words (py:int:V or a decimal literal) replaced by its own digits;
 * a static buffer, valid until the next call. */
const char *tl_cli_unsaturate(const char *msg, char **words, int n);
/* Parse a dtype name or fail with a usage error message (returns 0 on success). */
int tl_cli_dtype(const char *name, tl_dtype *out);
/* Print a double so that it round-trips exactly (shortest repr, "448", "0.125"). */
void tl_cli_print_double(FILE *f, double x);

/* Sub-benchmarks of `typelattice bench` defined outside cmd_bench.c (cmd_bench.c declares
 * them too, through TL_BENCH_LIST). */
int tl_bench_binary(int argc, char **argv); /* tools/bench_binary.c */

/* Command tables defined by the tools/cmd_*.c files. */
extern const tl_cli_command tl_cli_cmd_list, tl_cli_cmd_info;
extern const tl_cli_command tl_cli_cmd_rules, tl_cli_cmd_promote, tl_cli_cmd_promote_types, tl_cli_cmd_can_cast,
    tl_cli_cmd_table, tl_cli_cmd_lattice;

extern const tl_cli_command tl_cli_cmd_cast;

extern const tl_cli_command tl_cli_cmd_support, tl_cli_cmd_defaults;

/* slot: bench */
extern const tl_cli_command tl_cli_cmd_bench;


#endif
