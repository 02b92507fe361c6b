/* cmd_promote.c — the promotion commands: rules, promote, promote-types,
 * can-cast, table, lattice. */
#include "cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Options shared by the promotion commands. */
typedef struct {
  tl_config cfg;
  int batch, lint;
  tl_casting casting;
  const char *format, *diff, *dtypes, *check;
  char *pos[64];
  int npos;
} opts;

static int parse_opts(int argc, char **argv, opts *o, const char *allowed) {
  memset(o, 0, sizeof *o);
  tl_config_init(&o->cfg);
  o->cfg = *tl_config_current();
  o->casting = TL_CASTING_SAFE;
  o->format = "text";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *val = (i + 1 < argc) ? argv[i + 1] : NULL;
#define NEED(flag)                                                                    \
  do {                                                                                \
    if (!strstr(allowed, flag " ")) return tl_cli_usage_error("%s: unknown option '%s'", argv[0], a); \
  } while (0)
#define VALUE()                                                                      \
  do {                                                                               \
    if (!val) return tl_cli_usage_error("%s: option '%s' needs a value", argv[0], a); \
    i++;                                                                             \
  } while (0)
    if (strcmp(a, "--rules") == 0) {
      NEED("--rules");
      VALUE();
      if (tl_rules_find(val, &o->cfg.rules) != TL_OK) return tl_cli_lib_error(TL_CLI_USAGE);
    } else if (strcmp(a, "--x64") == 0) {
      NEED("--x64");
      o->cfg.x64 = 1;
    } else if (strcmp(a, "--no-x64") == 0) {
      NEED("--x64");
      o->cfg.x64 = 0;
    } else if (strcmp(a, "--strict") == 0) {
      NEED("--strict");
      o->cfg.strict = 1;
    } else if (strcmp(a, "--standard") == 0) {
      NEED("--strict");
      o->cfg.strict = 0;
    } else if (strcmp(a, "--op") == 0) {
      NEED("--op");
      o->cfg.op = 1;
    } else if (strcmp(a, "--function") == 0) {
      NEED("--op");
      o->cfg.op = 1;
      o->cfg.op_form = TL_OP_FUNCTION;
    } else if (strcmp(a, "--op-form") == 0) {
      NEED("--op");
      VALUE();
      tl_op_form f;
      if (tl_op_form_parse(val, &f) != TL_OK) return tl_cli_lib_error(TL_CLI_USAGE);
      o->cfg.op = 1;
      o->cfg.op_form = (int)f;
    } else if (strcmp(a, "--precise") == 0 || strcmp(a, "--no-precise") == 0) {
      NEED("--precise");
      o->cfg.precise = a[2] == 'p';
    } else if (strcmp(a, "--default-dtype") == 0) {
      NEED("--default-dtype");
      VALUE();
      tl_dtype d;
      if (tl_cli_dtype(val, &d)) return TL_CLI_USAGE;
      if (!tl_dtype_is_floating(d) || tl_dtype_is_weak(d))
        return tl_cli_usage_error("%s: --default-dtype must be a floating dtype (got '%s')", argv[0], val);
      o->cfg.default_float = d;
    } else if (strcmp(a, "--api-version") == 0) {
      NEED("--api-version");
      VALUE();
      if (tl_api_version_parse(val, &o->cfg.api_version) != TL_OK)
        return tl_cli_usage_error("%s: --api-version: %s (the Array API versions are 2021.12, 2022.12, 2023.12, "
                                  "2024.12, 2025.12)", argv[0], tl_errmsg());
    } else if (strcmp(a, "--batch") == 0) {
      NEED("--batch");
      o->batch = 1;
    } else if (strcmp(a, "--lint") == 0) {
      NEED("--lint");
      o->lint = 1;
    } else if (strcmp(a, "--casting") == 0) {
      NEED("--casting");
      VALUE();
      if (tl_casting_parse(val, &o->casting) != TL_OK) return tl_cli_lib_error(TL_CLI_USAGE);
    } else if (strcmp(a, "--format") == 0) {
      NEED("--format");
      VALUE();
      o->format = val;
    } else if (strcmp(a, "--diff") == 0) {
      NEED("--diff");
      VALUE();
      o->diff = val;
    } else if (strcmp(a, "--dtypes") == 0) {
      NEED("--dtypes");
      VALUE();
      o->dtypes = val;
    } else if (strcmp(a, "--check") == 0) {
      NEED("--check");
      VALUE();
      o->check = val;
    } else if (a[0] == '-' && a[1] == '-') {
      return tl_cli_usage_error("%s: unknown option '%s'", argv[0], a);
    } else {
      if (o->npos >= 64) return tl_cli_usage_error("%s: too many arguments", argv[0]);
      o->pos[o->npos++] = argv[i];
    }
#undef NEED
#undef VALUE
  }
  return -1; /* ok */
}

/* ---- rules ----------------------------------------------------------------------- */

static int run_rules(int argc, char **argv) {
  if (argc > 1) return tl_cli_usage_error("rules: unexpected argument '%s'", argv[1]);
  for (size_t i = 0; i < tl_rules_count(); i++) {
    const tl_rules *r = tl_rules_at(i);
    printf("%-16s %s (checked against %s)\n", tl_rules_name(r), tl_rules_description(r), tl_rules_checked_against(r));
  }
  return TL_CLI_OK;
}

/* ---- promote / promote-types / can-cast --------------------------------------- */

/* Split a line into whitespace-separated words (in place). */
static int split_words(char *line, char **words, int cap) {
  int n = 0;
  char *p = line;
  while (*p) {
    while (isspace((unsigned char)*p)) p++;
    if (!*p) break;
    if (n == cap) return -1;
    words[n++] = p;
    while (*p && !isspace((unsigned char)*p)) p++;
    if (*p) *p++ = '\0';
  }
  return n;
}

typedef enum { CMD_PROMOTE, CMD_PROMOTE_TYPES, CMD_CAN_CAST } cmd_kind;

/* A malformed case (not a library error): the message of the last one. */
static char case_usage_msg[128];
static int case_usage(const char *msg) {
  snprintf(case_usage_msg, sizeof case_usage_msg, "%s", msg);
  return TL_EINVAL;
}

/* Evaluate one case; on success prints the answer into `out`, else returns
 * the status with the error in tl_errmsg()/tl_errtype(). */
static int eval_case(cmd_kind k, const opts *o, char **words, int n, char *out, size_t cap) {
  case_usage_msg[0] = '\0';
  tl_clear_error();
  if (k == CMD_PROMOTE) {
    tl_operand ops[256];
    if (n == 0) return case_usage("expected at least one operand");
    if (n > 256) return case_usage("too many operands");
    for (int i = 0; i < n; i++) {
      int st = tl_operand_parse(words[i], &ops[i]);
      if (st != TL_OK) return st;
    }
    tl_result r;
    int st = tl_result_type(&o->cfg, ops, (size_t)n, &r);
    if (st != TL_OK) return st;
    snprintf(out, cap, "%s%s", tl_dtype_name(r.dtype), r.weak ? " (weak)" : "");
    return TL_OK;
  }
  if (n != 2) return case_usage("expected two dtypes");
  tl_dtype a, b;
  tl_byteorder ao, bo;
  int st;
  if ((st = tl_dtype_parse(words[0], &a, &ao)) != TL_OK || (st = tl_dtype_parse(words[1], &b, &bo)) != TL_OK)
    return st;
  if (k == CMD_PROMOTE_TYPES) {
    tl_dtype r;
    if ((st = tl_promote_types(&o->cfg, a, b, &r)) != TL_OK) return st;
    snprintf(out, cap, "%s", tl_dtype_name(r));
  } else {
    int yes;
    if ((st = tl_can_cast(&o->cfg, a, ao, b, bo, o->casting, &yes)) != TL_OK) return st;
    snprintf(out, cap, "%s", yes ? "true" : "false");
  }
  return TL_OK;
}

static int run_eval(cmd_kind k, int argc, char **argv, const char *allowed) {
  opts o;
  int r = parse_opts(argc, argv, &o, allowed);
  if (r >= 0) return r;
  char out[128];
  if (!o.batch) {
    if (k != CMD_PROMOTE && o.npos != 2) return tl_cli_usage_error("%s: expected two dtypes", argv[0]);
    if (k == CMD_PROMOTE && o.npos == 0) return tl_cli_usage_error("%s: expected at least one operand", argv[0]);
    int st = eval_case(k, &o, o.pos, o.npos, out, sizeof out);
    if (st != TL_OK && case_usage_msg[0]) return tl_cli_usage_error("%s: %s", argv[0], case_usage_msg);
    if (st != TL_OK) {
      const char *t = tl_errtype();
      if (strcmp(t, "UsageError") == 0 || !t[0]) return tl_cli_lib_error(TL_CLI_USAGE);
      fprintf(stderr, "%s: %s\n", t, k == CMD_PROMOTE ? tl_cli_unsaturate(tl_errmsg(), o.pos, o.npos) : tl_errmsg());
      return TL_CLI_FAIL;
    }
    puts(out);
    return TL_CLI_OK;
  }
  if (o.npos) return tl_cli_usage_error("%s: --batch reads its cases from stdin; unexpected argument '%s'", argv[0], o.pos[0]);
  char line[8192];
  while (fgets(line, sizeof line, stdin)) {
    size_t len = strlen(line);
    if (len == sizeof line - 1 && line[len - 1] != '\n') {
      int c;
      while ((c = getchar()) != EOF && c != '\n') {
      }
      puts("error: UsageError: line too long");
      continue;
    }
    char *words[256];
    int n = split_words(line, words, 256);
    if (n < 0) {
      puts("error: UsageError: too many operands on one line");
      continue;
    }
    int st = eval_case(k, &o, words, n, out, sizeof out);
    if (st == TL_OK) {
      puts(out);
    } else if (case_usage_msg[0]) {
      printf("error: UsageError: %s\n", case_usage_msg);
    } else {
      const char *t = tl_errtype();
      printf("error: %s: %s\n", t[0] ? t : "UsageError",
             !tl_errmsg()[0] ? "bad case" : k == CMD_PROMOTE ? tl_cli_unsaturate(tl_errmsg(), words, n) : tl_errmsg());
    }
    fflush(stdout);
  }
  return TL_CLI_OK;
}

static int run_promote(int argc, char **argv) {
  return run_eval(CMD_PROMOTE, argc, argv, "--rules --x64 --strict --op --precise --default-dtype --batch --api-version ");
}
static int run_promote_types(int argc, char **argv) {
  return run_eval(CMD_PROMOTE_TYPES, argc, argv, "--rules --x64 --strict --precise --default-dtype --batch --api-version ");
}
static int run_can_cast(int argc, char **argv) {
  return run_eval(CMD_CAN_CAST, argc, argv, "--rules --x64 --strict --precise --casting --batch --api-version ");
}

/* ---- table ---------------------------------------------------------------------- */

/* The 15 dtypes of the seed tables plus the three weak kinds. */
static const tl_dtype default_table_dtypes[] = {
    TL_BOOL,    TL_UINT8,   TL_UINT16,   TL_UINT32,    TL_UINT64,  TL_INT8,      TL_INT16,      TL_INT32, TL_INT64,
    TL_BFLOAT16, TL_FLOAT16, TL_FLOAT32, TL_FLOAT64, TL_COMPLEX64, TL_COMPLEX128, TL_WEAK_INT, TL_WEAK_FLOAT,
    TL_WEAK_COMPLEX};

static int rules_knows(const tl_rules *r, tl_dtype d) {
  tl_dtype all[TL_NUM_DTYPES];
  size_t n = tl_rules_dtypes(r, all, TL_NUM_DTYPES);
  for (size_t i = 0; i < n; i++)
    if (all[i] == d) return 1;
  return 0;
}

static const char *cell_str(const tl_config *cfg, tl_dtype a, tl_dtype b, char *buf, size_t cap) {
  tl_dtype r;
  const tl_rules *rules = cfg->rules;
  if (!rules) tl_rules_find("jax", &rules);
  if (!rules_knows(rules, a) || !rules_knows(rules, b) || tl_table_cell(cfg, a, b, &r) != TL_OK) {
    tl_clear_error();
    return "-";
  }
  snprintf(buf, cap, "%s", tl_dtype_name(r));
  return buf;
}

static int run_table(int argc, char **argv) {
  opts o;
  int r = parse_opts(argc, argv, &o, "--rules --x64 --strict --precise --default-dtype --format --diff --dtypes ");
  if (r >= 0) return r;
  if (o.npos) return tl_cli_usage_error("table: unexpected argument '%s'", o.pos[0]);
  const char *fmt = o.format;
  if (strcmp(fmt, "text") && strcmp(fmt, "markdown") && strcmp(fmt, "html") && strcmp(fmt, "tsv") && strcmp(fmt, "json"))
    return tl_cli_usage_error("table: unknown format '%s' (text, markdown, html, tsv, json)", fmt);
  const tl_rules *rules = o.cfg.rules;
  if (!rules) tl_rules_find("jax", &rules);
  tl_config dcfg = o.cfg;
  if (o.diff && tl_rules_find(o.diff, &dcfg.rules) != TL_OK) return tl_cli_lib_error(TL_CLI_USAGE);
  tl_dtype dts[TL_NUM_DTYPES];
  size_t nd = 0;
  if (o.dtypes) {
    char buf[2048];
    if (strlen(o.dtypes) >= sizeof buf) return tl_cli_usage_error("table: --dtypes is too long (at most %zu bytes)", sizeof buf - 1);
    snprintf(buf, sizeof buf, "%s", o.dtypes);
    for (char *tok = buf, *next; tok; tok = next) {
      next = strchr(tok, ',');
      if (next) *next++ = 0;
      while (isspace((unsigned char)*tok)) tok++;
      if (!*tok) return tl_cli_usage_error("table: --dtypes '%s' has an empty name (a comma-separated list of dtypes)", o.dtypes);
      tl_dtype d;
      if (tl_cli_dtype(tok, &d)) return TL_CLI_USAGE;
      if (nd == TL_NUM_DTYPES) return tl_cli_usage_error("table: too many dtypes");
      dts[nd++] = d;
    }
  } else {
    for (size_t i = 0; i < sizeof default_table_dtypes / sizeof default_table_dtypes[0]; i++)
      if (rules_knows(rules, default_table_dtypes[i])) dts[nd++] = default_table_dtypes[i];
  }
  static char cells[TL_NUM_DTYPES][TL_NUM_DTYPES][24];
  static int diff[TL_NUM_DTYPES][TL_NUM_DTYPES];
  for (size_t i = 0; i < nd; i++)
    for (size_t j = 0; j < nd; j++) {
      char b1[24], b2[24];
      const char *c = cell_str(&o.cfg, dts[i], dts[j], b1, sizeof b1);
      snprintf(cells[i][j], sizeof cells[i][j], "%s", c);
      diff[i][j] = o.diff && strcmp(c, cell_str(&dcfg, dts[i], dts[j], b2, sizeof b2)) != 0;
    }
  if (strcmp(fmt, "tsv") == 0) {
    printf("row\\col");
    for (size_t j = 0; j < nd; j++) printf("\t%s", tl_dtype_name(dts[j]));
    putchar('\n');
    for (size_t i = 0; i < nd; i++) {
      printf("%s", tl_dtype_name(dts[i]));
      for (size_t j = 0; j < nd; j++) printf("\t%s", cells[i][j]);
      putchar('\n');
    }
  } else if (strcmp(fmt, "json") == 0) {
    printf("{\n  \"rules\": \"%s\",\n  \"x64\": %s,\n  \"strict\": %s,\n", tl_rules_name(rules),
           o.cfg.x64 ? "true" : "false", o.cfg.strict ? "true" : "false");
    if (o.diff) printf("  \"diff\": \"%s\",\n", o.diff);
    printf("  \"dtypes\": [");
    for (size_t j = 0; j < nd; j++) printf("%s\"%s\"", j ? ", " : "", tl_dtype_name(dts[j]));
    printf("],\n  \"cells\": [\n");
    for (size_t i = 0; i < nd; i++) {
      printf("    [");
      for (size_t j = 0; j < nd; j++) printf("%s\"%s\"", j ? ", " : "", cells[i][j]);
      printf("]%s\n", i + 1 < nd ? "," : "");
    }
    printf("  ]");
    if (o.diff) {
      printf(",\n  \"differs\": [\n");
      for (size_t i = 0; i < nd; i++) {
        printf("    [");
        for (size_t j = 0; j < nd; j++) printf("%s%s", j ? ", " : "", diff[i][j] ? "true" : "false");
        printf("]%s\n", i + 1 < nd ? "," : "");
      }
      printf("  ]");
    }
    printf("\n}\n");
  } else if (strcmp(fmt, "html") == 0) {
    printf("<table class=\"promotion\" data-rules=\"%s\"%s%s%s>\n<tr><th></th>", tl_rules_name(rules),
           o.diff ? " data-diff=\"" : "", o.diff ? o.diff : "", o.diff ? "\"" : "");
    for (size_t j = 0; j < nd; j++) printf("<th>%s</th>", tl_dtype_name(dts[j]));
    printf("</tr>\n");
    for (size_t i = 0; i < nd; i++) {
      printf("<tr><td>%s</td>", tl_dtype_name(dts[i]));
      for (size_t j = 0; j < nd; j++) printf("<td%s>%s</td>", diff[i][j] ? " class=\"d\"" : "", cells[i][j]);
      printf("</tr>\n");
    }
    printf("</table>\n");
  } else if (strcmp(fmt, "markdown") == 0) {
    printf("| |");
    for (size_t j = 0; j < nd; j++) printf(" %s |", tl_dtype_name(dts[j]));
    printf("\n|---|");
    for (size_t j = 0; j < nd; j++) printf("---|");
    putchar('\n');
    for (size_t i = 0; i < nd; i++) {
      printf("| **%s** |", tl_dtype_name(dts[i]));
      for (size_t j = 0; j < nd; j++) printf(diff[i][j] ? " **%s** |" : " %s |", cells[i][j]);
      putchar('\n');
    }
  } else {
    int w = 4;
    for (size_t i = 0; i < nd; i++) {
      int l = (int)strlen(tl_dtype_name(dts[i]));
      if (l > w) w = l;
      for (size_t j = 0; j < nd; j++) {
        l = (int)strlen(cells[i][j]) + diff[i][j];
        if (l > w) w = l;
      }
    }
    printf("%*s", w, "");
    for (size_t j = 0; j < nd; j++) printf(" %*s", w, tl_dtype_name(dts[j]));
    putchar('\n');
    for (size_t i = 0; i < nd; i++) {
      printf("%*s", w, tl_dtype_name(dts[i]));
      for (size_t j = 0; j < nd; j++) {
        char c[32];
        snprintf(c, sizeof c, "%s%s", diff[i][j] ? ">" : "", cells[i][j]);
        printf(" %*s", w, c);
      }
      putchar('\n');
    }
    if (o.diff) printf("(> marks cells that differ from --rules %s)\n", o.diff);
  }
  return TL_CLI_OK;
}

/* ---- lattice --------------------------------------------------------------------- */

static char *read_file(const char *path, size_t max) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = malloc(max + 1);
  size_t n = buf ? fread(buf, 1, max + 1, f) : 0;
  fclose(f);
  if (!buf || n > max) {
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  return buf;
}

static const char *kind_color(tl_dtype d) {
  if (tl_dtype_is_weak(d)) return "#f2f2f2";
  if (tl_dtype_is_bool(d)) return "#e0e0e0";
  if (tl_dtype_is_unsigned(d)) return "#cfe2f3";
  if (tl_dtype_is_signed(d)) return "#d9ead3";
  if (tl_dtype_is_floating(d)) return "#fff2cc";
  return "#f4cccc";
}

/* Rows of the lattice picture, top to bottom, as in the JAX docs' figure:
 * bool, unsigned, signed, the weak kinds, floats (16 bits and wider), the
 * float8/float6/float4 formats (boxed together), complex; 7 = unknown name. */
enum { ROW_BOOL, ROW_UINT, ROW_INT, ROW_WEAK, ROW_FLOAT, ROW_SMALLFLOAT, ROW_COMPLEX, ROW_OTHER, N_ROWS };
static const char *const row_label[N_ROWS] = {"bool", "unsigned", "signed", "weak", "floats",
                                              "float8 / float6 / float4", "complex", "other"};

static int dot_row(const char *name) {
  tl_dtype d;
  if (tl_dtype_parse(name, &d, NULL) != TL_OK) return ROW_OTHER;
  if (tl_dtype_is_weak(d)) return ROW_WEAK;
  if (tl_dtype_is_bool(d)) return ROW_BOOL;
  if (tl_dtype_is_unsigned(d)) return ROW_UINT;
  if (tl_dtype_is_signed(d)) return ROW_INT;
  if (tl_dtype_is_floating(d)) return tl_dtype_get(d)->bits < 16 ? ROW_SMALLFLOAT : ROW_FLOAT;
  if (tl_dtype_is_complex(d)) return ROW_COMPLEX;
  return ROW_OTHER;
}

/* Graphviz output, laid out left to right (an arrow a -> b: b is the next
 * dtype up from a; the join of two dtypes is the first node both reach), with
 * the nodes declared kind by kind so that dot stacks the kinds in rows. A flat
 * lattice (no chain of two edges: jax.lax, where a weak kind only goes to its
 * default dtype) is drawn top to bottom instead, one rank per kind, each row
 * in catalogue order. */
static void print_lattice_dot(const tl_rules *rules, const tl_config *cfg, const tl_lattice *lat) {
  size_t n = tl_lattice_size(lat);
  if (n > 128) n = 128;
  int succ[128], has_succ[128] = {0}, has_pred[128] = {0};
  for (size_t i = 0; i < n; i++) {
    size_t k = tl_lattice_successors(lat, (int)i, succ, 128);
    for (size_t j = 0; j < k && j < 128; j++) has_succ[i] = has_pred[succ[j]] = 1;
  }
  int flat = 1;
  for (size_t i = 0; i < n; i++)
    if (has_succ[i] && has_pred[i]) flat = 0;
  printf("digraph \"%s\" {\n", tl_rules_name(rules));
  printf("  graph [rankdir=%s, nodesep=0.12, ranksep=%s, fontname=\"Helvetica\", fontsize=14, labelloc=t,\n"
         "         label=\"%s lattice%s%s\"];\n",
         flat ? "TB" : "LR", flat ? "0.3" : "0.5", tl_rules_name(rules), cfg->x64 ? " (x64)" : "",
         cfg->strict ? " (strict)" : "");
  printf("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11, height=0.28,"
         " margin=\"0.08,0.03\"];\n");
  printf("  edge [color=\"#555555\", arrowsize=0.6%s];\n", flat ? ", constraint=false" : "");
  /* flat: the small floats go last, out of the way of complex* -> complex64 */
  static const int order_layered[N_ROWS] = {0, 1, 2, 3, 4, 5, 6, 7}, order_flat[N_ROWS] = {0, 1, 2, 3, 4, 6, 5, 7};
  int prev_first = -1;
  for (int ri = 0; ri < N_ROWS; ri++) {
    int row = flat ? order_flat[ri] : order_layered[ri];
    int first = -1, prev = -1;
    for (size_t i = 0; i < n; i++) {
      const char *name = tl_lattice_node_name(lat, (int)i);
      if (dot_row(name) != row) continue;
      const char *ind = (row == ROW_SMALLFLOAT && !flat) ? "    " : "  ";
      if (first < 0) {
        printf("  /* %s */\n", row_label[row]);
        if (flat)
          printf("  subgraph row_%d {\n    rank=same;\n", row);
        else if (row == ROW_SMALLFLOAT)
          printf("  subgraph cluster_small_floats {\n    label=\"%s\"; style=\"rounded,dashed\"; color=\"#bbbbbb\";"
                 " fontsize=10;\n", row_label[row]);
        first = (int)i;
      }
      if (flat) ind = "    ";
      tl_dtype d;
      const char *color = "#ffffff";
      if (tl_dtype_parse(name, &d, NULL) == TL_OK) color = kind_color(d);
      printf("%s\"%s\" [fillcolor=\"%s\"%s];\n", ind, name, color,
             row == ROW_WEAK ? ", style=\"rounded,filled,dashed\"" : "");
      if (flat && prev >= 0)
        printf("%s\"%s\" -> \"%s\" [style=invis, constraint=true];\n", ind, tl_lattice_node_name(lat, prev), name);
      prev = (int)i;
    }
    if (first >= 0 && (flat || row == ROW_SMALLFLOAT)) printf("  }\n");
    if (first >= 0 && flat && prev_first >= 0)
      printf("  \"%s\" -> \"%s\" [style=invis, constraint=true];\n", tl_lattice_node_name(lat, prev_first),
             tl_lattice_node_name(lat, first));
    if (first >= 0) prev_first = first;
  }
  printf("  /* edges */\n");
  for (size_t i = 0; i < n; i++) {
    size_t k = tl_lattice_successors(lat, (int)i, succ, 128);
    for (size_t j = 0; j < k && j < 128; j++)
      printf("  \"%s\" -> \"%s\";\n", tl_lattice_node_name(lat, (int)i), tl_lattice_node_name(lat, succ[j]));
  }
  printf("}\n");
}

static int run_lattice(int argc, char **argv) {
  opts o;
  int r = parse_opts(argc, argv, &o, "--rules --x64 --strict --format --check --lint ");
  if (r >= 0) return r;
  if (o.npos) return tl_cli_usage_error("lattice: unexpected argument '%s'", o.pos[0]);
  if (o.check) {
    char *spec = read_file(o.check, 1 << 20);
    if (!spec) return tl_cli_usage_error("lattice: cannot read '%s' (missing, unreadable or over 1 MiB)", o.check);
    tl_lattice_problem probs[256];
    size_t n = 0;
    int st = tl_lattice_check(spec, 0, o.lint, probs, 256, &n);
    free(spec);
    if (st == TL_EPARSE || st == TL_ERANGE) {
      fprintf(stderr, "%s: %s\n", o.check, tl_errmsg());
      return TL_CLI_FAIL;
    }
    for (size_t i = 0; i < n && i < 256; i++)
      printf("%s: %s: %s\n", o.check, probs[i].is_error ? "error" : "warning", probs[i].message);
    if (n > 256) printf("%s: ... %zu more\n", o.check, n - 256);
    if (st == TL_OK) printf("%s: is a lattice\n", o.check);
    return st == TL_OK ? TL_CLI_OK : TL_CLI_FAIL;
  }
  const tl_rules *rules = o.cfg.rules;
  if (!rules) tl_rules_find("jax", &rules);
  const tl_lattice *lat = tl_rules_lattice(rules, &o.cfg);
  if (!lat) return tl_cli_lib_error(TL_CLI_FAIL);
  size_t n = tl_lattice_size(lat);
  int succ[128];
  if (strcmp(o.format, "text") == 0) {
    printf("# %s lattice%s%s\n%%partial\n", tl_rules_name(rules), o.cfg.x64 ? " (x64)" : "",
           o.cfg.strict ? " (strict)" : "");
    for (size_t i = 0; i < n; i++) {
      size_t k = tl_lattice_successors(lat, (int)i, succ, 128);
      printf("%s", tl_lattice_node_name(lat, (int)i));
      for (size_t j = 0; j < k; j++) printf("%s%s", j ? ", " : " -> ", tl_lattice_node_name(lat, succ[j]));
      putchar('\n');
    }
  } else if (strcmp(o.format, "dot") == 0) {
    print_lattice_dot(rules, &o.cfg, lat);
  } else {
    return tl_cli_usage_error("lattice: unknown format '%s' (text, dot)", o.format);
  }
  tl_clear_error();
  return TL_CLI_OK;
}

const tl_cli_command tl_cli_cmd_rules = {
    "rules", "every rule set, what it models, the version it was checked against",
    "usage: typelattice rules\n\nList every rule set with one line on what it models and which framework\n"
    "version it was checked against.\n",
    run_rules};

const tl_cli_command tl_cli_cmd_promote = {
    "promote", "the result dtype of operands under a rule set",
    "usage: typelattice promote [--rules R] [--x64] [--strict] [--op] [--function]\n"
    "                           [--op-form operator|function] [--default-dtype D]\n"
    "                           [--no-precise] [--batch] OPERAND...\n\n"
    "Print the dtype the rule set's result_type gives for the operands, followed by\n"
    "' (weak)' when the result is weakly typed. With --op: the dtype an operation\n"
    "such as `x + y` computes in, with the framework's value checks. --function\n"
    "(= --op-form function, implies --op): the framework's function form instead of\n"
    "the operator: tf.add(x, y) for the tensorflow rules (Python numbers converted\n"
    "first), ivy.promote_types_of_inputs(x, y) for ivy; other rule sets answer as\n"
    "for the operator. --op-form operator|function (implies --op).\n\n"
    "Operands: DTYPE | array:DTYPE | weak:DTYPE | zerodim:DTYPE[:VALUE]\n"
    "  | scalar:DTYPE:VALUE | py:int:V | py:float:V | py:complex:V | py:bool:V\n"
    "  | literals 300, -1.5, 1e300, 1j, (1+2j), True | Python types int, float, complex, bool\n\n"
    "On a promotion error prints 'ERRORTYPE: MESSAGE' (the framework's) on stderr and\n"
    "exits 1. --batch reads one case per line from stdin and prints one result per\n"
    "line ('error: TYPE: MESSAGE' for an error). Python ints may have any size.\n"
    "NumPy's object dtype (a Python int beyond int64/uint64) is printed 'object'.\n"
    "--api-version V (array-api rules): the standard's version, 2021.12 ... 2025.12\n"
    "(default 2025.12); before 2024.12 result_type takes no Python scalars.\n"
    "Example: typelattice promote --rules jax int8 py:int:3 weak:float16\n",
    run_promote};

const tl_cli_command tl_cli_cmd_promote_types = {
    "promote-types", "the framework's pairwise promote_types(A, B)",
    "usage: typelattice promote-types [--rules R] [--x64] [--strict] [--batch] A B\n\n"
    "Print promote_types(A, B) as the framework's function computes it\n"
    "(jnp.promote_types, np.promote_types, torch.promote_types, ...). A and B are\n"
    "dtype names; int, float and complex are the Python types (weak in JAX).\n"
    "--api-version V: the Array API version for the array-api rules (2021.12 ... 2025.12).\n",
    run_promote_types};

const tl_cli_command tl_cli_cmd_can_cast = {
    "can-cast", "can_cast(FROM, TO) under a rule set and casting mode",
    "usage: typelattice can-cast [--rules R] [--casting no|equiv|safe|same_kind|unsafe] [--batch] FROM TO\n\n"
    "Print true or false: the framework's can_cast(FROM, TO, casting). NumPy\n"
    "typestrs carry a byte order ('<i4', '>i4') that matters for 'no' and 'equiv'.\n"
    "Default casting: safe.\n",
    run_can_cast};

const tl_cli_command tl_cli_cmd_table = {
    "table", "the binary promotion table of a rule set",
    "usage: typelattice table [--rules R] [--x64] [--strict] [--format text|markdown|html|tsv|json]\n"
    "                         [--diff RULES] [--dtypes LIST]\n\n"
    "Print the binary promotion table over the rule set's dtypes plus the weak\n"
    "kinds. Cells are canonical dtype names, int*/float*/complex* for a weak\n"
    "lattice result, '-' where the pair has no promotion. --diff marks the cells\n"
    "that differ from another rule set (class=\"d\" in html, ** in markdown, > in\n"
    "text). --dtypes is a comma-separated list (default: the 15 dtypes of the JAX\n"
    "docs' table plus int*, float*, complex*).\n",
    run_table};

const tl_cli_command tl_cli_cmd_lattice = {
    "lattice", "print a rule set's lattice, or check a user lattice spec",
    "usage: typelattice lattice [--rules R] [--x64] [--strict] [--format text|dot]\n"
    "       typelattice lattice --check FILE [--lint]\n\n"
    "Print the lattice behind a rule set: 'text' in the spec syntax (one node per\n"
    "line, 'NODE -> SUCC, SUCC'), 'dot' for Graphviz (dot -Tsvg). --check validates\n"
    "a spec file and prints its problems; --lint adds the design-lint warnings of\n"
    "the JAX design note. Exit 1 when the spec is not a lattice.\n",
    run_lattice};
