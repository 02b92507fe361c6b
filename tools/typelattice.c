/* typelattice.c — the command-line tool's entry point and dispatcher. */
#include "cli.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Every sub-command, in the order --help lists them. */
static const tl_cli_command *const commands[] = {
    &tl_cli_cmd_list,
    &tl_cli_cmd_info,
    &tl_cli_cmd_rules,

    &tl_cli_cmd_promote,
    &tl_cli_cmd_promote_types,

    &tl_cli_cmd_can_cast,

    &tl_cli_cmd_table,

    &tl_cli_cmd_lattice,

    &tl_cli_cmd_cast,

    &tl_cli_cmd_support,
    &tl_cli_cmd_defaults,

    /* slot: bench */
    &tl_cli_cmd_bench,

    /* slot: spare */
};

int tl_cli_usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("typelattice: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return TL_CLI_USAGE;
}

int tl_cli_lib_error(int code) {
  fprintf(stderr, "typelattice: %s\n", tl_errmsg());
  return code;
}

/* The library keeps a Python int beyond 128 bits as its sign and the
 * saturated magnitude 2**128-1, so a message quoting it shows that number:
 * put each such operand's own decimal digits back (py:int:V or a bare
 * literal written in decimal), as the framework prints the real value. */
const char *tl_cli_unsaturate(const char *msg, char **words, int n) {
  static const char clamped[] = "340282366920938463463374607431768211455";
  static char buf[16384];
  snprintf(buf, sizeof buf, "%s", msg);
  size_t from = 0;
  for (int i = 0; i < n; i++) {
    const char *w = words[i];
    if (strncmp(w, "py:int:", 7) == 0) w += 7;
    if (*w == '-' || *w == '+') w++;
    char digits[8192];
    size_t nd = 0;
    int ok = *w != '\0';
    for (const char *p = w; *p && ok; p++) {
      if (*p == '_') continue;
      if (!isdigit((unsigned char)*p) || nd + 1 >= sizeof digits) ok = 0;
      else if (nd || *p != '0') digits[nd++] = *p;
    }
    digits[nd] = '\0';
    if (!ok || nd < 39 || strcmp(digits, clamped) == 0 || (nd == 39 && strcmp(digits, clamped) < 0)) continue;
    char *hit = strstr(buf + from, clamped);
    if (!hit) break;
    size_t pos = (size_t)(hit - buf), tail = strlen(hit + sizeof clamped - 1);
    if (pos + nd + tail + 1 > sizeof buf) break;
    memmove(buf + pos + nd, hit + sizeof clamped - 1, tail + 1);
    memcpy(buf + pos, digits, nd);
    from = pos + nd;
  }
  return buf;
}

int tl_cli_dtype(const char *name, tl_dtype *out) {
  if (tl_dtype_parse(name, out, NULL) != TL_OK) {
    tl_cli_lib_error(TL_CLI_USAGE);
    return -1;
  }
  return 0;
}

void tl_cli_print_double(FILE *f, double x) {
  char buf[64];
  if (isnan(x)) { fputs("nan", f); return; }
  if (isinf(x)) { fputs(x < 0 ? "-inf" : "inf", f); return; }
  if (x == floor(x) && fabs(x) < 1e16) { fprintf(f, "%.0f", x); return; }
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, sizeof buf, "%.*g", p, x);
    if (strtod(buf, NULL) == x) break;
  }
  fputs(buf, f);
}

static const tl_cli_command *find_command(const char *name) {
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(commands[i]->name, name) == 0) return commands[i];
  return NULL;
}

static void print_help(FILE *f) {
  fprintf(f,
          "usage: typelattice COMMAND [ARGS...]\n"
          "\n"
          "The dtype system of array frameworks: dtypes, type promotion as the join\n"
          "on a lattice, the rules of JAX, NumPy, PyTorch, TensorFlow, the Array API\n"
          "and Ivy, casting rules, and bit-exact conversions.\n"
          "\n"
          "commands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf(f, "  %-12s %s\n", commands[i]->name, commands[i]->summary);
  fprintf(f,
          "\n"
          "options:\n"
          "  --help       this text        --version    the version\n"
          "\n"
          "`typelattice help COMMAND` describes one command.\n"
          "Exit status: 0 success, 1 the answer is an error, 2 usage error.\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    print_help(stderr);
    return TL_CLI_USAGE;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
    print_help(stdout);
    return TL_CLI_OK;
  }
  if (strcmp(cmd, "--version") == 0) {
    printf("typelattice %s\n", tl_version_string());
    return TL_CLI_OK;
  }
  if (strcmp(cmd, "help") == 0) {
    if (argc < 3) {
      print_help(stdout);
      return TL_CLI_OK;
    }
    const tl_cli_command *c = find_command(argv[2]);
    if (!c) return tl_cli_usage_error("unknown command '%s' (see typelattice --help)", argv[2]);
    fputs(c->usage, stdout);
    return TL_CLI_OK;
  }
  const tl_cli_command *c = find_command(cmd);
  if (!c) return tl_cli_usage_error("unknown command '%s' (see typelattice --help)", cmd);
  for (int i = 2; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(c->usage, stdout);
      return TL_CLI_OK;
    }
  return c->run(argc - 1, argv + 1);
}
