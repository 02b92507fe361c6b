/* cmd_support.c — `typelattice support` (supported-dtype registry, casting
 * modes) and `typelattice defaults` (default dtypes, dtype inference). */
#include "cli.h"

#include <string.h>

static const char support_usage[] =
    "usage: typelattice support FILE... --backend B [--function F] [--version V]\n"
    "                           [--dtype D --mode upcast|downcast|crosscast|cast]\n"
    "                           [--rules R] [--x64] [--ivy-int-order]\n"
    "       typelattice support --check FILE...\n"
    "\n"
    "Load Ivy-style supported-dtype registry files (format: docs/support.md) and\n"
    "print, on one line, the dtypes function F of backend B supports at version V\n"
    "(without --function: the dtypes the backend itself supports). Without\n"
    "--version every version dictionary falls back to its last key.\n"
    "\n"
    "With --dtype and --mode: apply Ivy's casting mode to an argument of dtype D\n"
    "and print the chosen dtype on the first line and the explanation on the\n"
    "second. Crosscasting uses the default int/float dtypes of rule set R\n"
    "(default ivy; --x64 for jax). --ivy-int-order orders the signed-int ladder\n"
    "as Ivy's sorted() does (int16, int32, int64, int8).\n"
    "\n"
    "--check validates the files: prints 'FILE: ok' or the first error as\n"
    "FILE:LINE: reason.\n"
    "Exit status: 0 ok, 1 malformed file / no supported cast, 2 usage error.\n";

static int run_support(int argc, char **argv) {
  const char *files[64];
  int nfiles = 0, check = 0, x64 = 0;
  unsigned flags = 0;
  const char *backend = NULL, *function = NULL, *version = NULL, *dtype_s = NULL, *mode_s = NULL;
  const char *rules = "ivy";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char **slot = NULL;
    if (strcmp(a, "--check") == 0) { check = 1; continue; }
    if (strcmp(a, "--x64") == 0) { x64 = 1; continue; }
    if (strcmp(a, "--ivy-int-order") == 0) { flags |= TL_CAST_IVY_INT_ORDER; continue; }
    if (strcmp(a, "--backend") == 0) slot = &backend;
    else if (strcmp(a, "--function") == 0) slot = &function;
    else if (strcmp(a, "--version") == 0) slot = &version;
    else if (strcmp(a, "--dtype") == 0) slot = &dtype_s;
    else if (strcmp(a, "--mode") == 0) slot = &mode_s;
    else if (strcmp(a, "--rules") == 0) slot = &rules;
    if (slot) {
      if (i + 1 >= argc) return tl_cli_usage_error("support: %s needs a value", a);
      *slot = argv[++i];
      continue;
    }
    if (a[0] == '-' && a[1]) return tl_cli_usage_error("support: unknown option '%s'", a);
    if (nfiles == 64) return tl_cli_usage_error("support: too many files");
    files[nfiles++] = a;
  }
  if (nfiles == 0) return tl_cli_usage_error("support: no registry file given (see typelattice help support)");
  tl_support *reg;
  if (tl_support_new(&reg) != TL_OK) return tl_cli_lib_error(TL_CLI_FAIL);
  int rc = TL_CLI_OK;
  for (int i = 0; i < nfiles; i++) {
    int st = tl_support_load_file(reg, files[i]);
    if (st == TL_OK) {
      if (check) printf("%s: ok\n", files[i]);
      continue;
    }
    rc = tl_cli_lib_error(st == TL_EIO ? TL_CLI_USAGE : TL_CLI_FAIL);
    if (!check) goto out;
  }
  if (check || rc != TL_CLI_OK) goto out;
  if (!backend) {
    rc = tl_cli_usage_error("support: --backend is required");
    goto out;
  }
  if ((dtype_s == NULL) != (mode_s == NULL)) {
    rc = tl_cli_usage_error("support: --dtype and --mode go together");
    goto out;
  }
  if (dtype_s) {
    tl_dtype d, res;
    tl_cast_mode mode;
    if (!function) {
      rc = tl_cli_usage_error("support: --mode needs --function");
      goto out;
    }
    if (tl_cli_dtype(dtype_s, &d) != 0) { rc = TL_CLI_USAGE; goto out; }
    if (tl_cast_mode_parse(mode_s, &mode) != TL_OK) { rc = tl_cli_lib_error(TL_CLI_USAGE); goto out; }
    tl_config cfg;
    tl_config_init(&cfg);
    cfg.x64 = x64;
    tl_dtype di, df;
    if (tl_default_dtype_of(rules, &cfg, TL_KIND_INT, &di) != TL_OK ||
        tl_default_dtype_of(rules, &cfg, TL_KIND_FLOAT, &df) != TL_OK) {
      rc = tl_cli_lib_error(TL_CLI_USAGE);
      goto out;
    }
    /* The rule set is named, not a tl_rules handle: pass its defaults as scoped overrides. */
    tl_default_dtype_push(TL_KIND_INT, di);
    tl_default_dtype_push(TL_KIND_FLOAT, df);
    char why[1024];
    int st = tl_support_cast(reg, &cfg, backend, function, version, d, mode, flags, &res, why, sizeof why);
    if (st != TL_OK) rc = tl_cli_lib_error(st == TL_EUNSUPPORTED ? TL_CLI_FAIL : TL_CLI_USAGE);
    else printf("%s\n%s\n", tl_dtype_name(res), why);
    tl_default_dtype_pop(TL_KIND_FLOAT);
    tl_default_dtype_pop(TL_KIND_INT);
    goto out;
  }
  tl_dtype list[TL_NUM_CONCRETE];
  size_t n;
  int st = function ? tl_support_query(reg, backend, function, version, list, TL_NUM_CONCRETE, &n)
                    : tl_support_valid(reg, backend, version, list, TL_NUM_CONCRETE, &n);
  if (st != TL_OK) {
    rc = tl_cli_lib_error(TL_CLI_USAGE);
    goto out;
  }
  for (size_t i = 0; i < n; i++) printf("%s%s", i ? " " : "", tl_dtype_name(list[i]));
  putchar('\n');
out:
  tl_support_free(reg);
  return rc;
}

static const char defaults_usage[] =
    "usage: typelattice defaults [--rules R] [--x64] [--default-dtype D]\n"
    "                            [--int D] [--uint D] [--float D] [--complex D]\n"
    "                            [--infer [--explicit D] [OPERAND...]]\n"
    "\n"
    "Print the default int, uint, float and complex dtypes of rule set R (default\n"
    "jax) and Ivy's generic default dtype ('default:'). --default-dtype D is Ivy's\n"
    "set_default_dtype(D); --int/--uint/--float/--complex are the per-kind\n"
    "set_default_*_dtype overrides.\n"
    "\n"
    "With --infer: print the dtype a function with an optional dtype argument\n"
    "infers from the remaining operands (operand grammar, e.g. array:int8, 300,\n"
    "py:float:1e300, int) and which step decided (explicit, array, scalar,\n"
    "default); --explicit D is the explicit dtype argument.\n";

static int run_defaults(int argc, char **argv) {
  tl_config cfg;
  tl_config_init(&cfg);
  const char *rules = "jax";
  int infer = 0, rc = TL_CLI_OK;
  tl_dtype explicit_dtype = TL_DTYPE_NONE;
  tl_operand ops[64];
  char *words[64];
  size_t nops = 0;
  /* Overrides to push: (kind, dtype). */
  struct { tl_kind kind; tl_dtype d; } push[5];
  int npush = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (infer && a[0] != '-') {
      if (nops == 64) return tl_cli_usage_error("defaults: too many operands");
      if (tl_operand_parse(a, &ops[nops]) != TL_OK) return tl_cli_lib_error(TL_CLI_USAGE);
      words[nops++] = argv[i];
      continue;
    }
    if (strcmp(a, "--x64") == 0) { cfg.x64 = 1; continue; }
    if (strcmp(a, "--infer") == 0) { infer = 1; continue; }
    tl_kind kind;
    int is_kind = 1;
    if (strcmp(a, "--default-dtype") == 0) kind = TL_KIND_ANY;
    else if (strcmp(a, "--int") == 0) kind = TL_KIND_INT;
    else if (strcmp(a, "--uint") == 0) kind = TL_KIND_UINT;
    else if (strcmp(a, "--float") == 0) kind = TL_KIND_FLOAT;
    else if (strcmp(a, "--complex") == 0) kind = TL_KIND_COMPLEX;
    else is_kind = 0;
    if (is_kind || strcmp(a, "--rules") == 0 || strcmp(a, "--explicit") == 0) {
      if (i + 1 >= argc) return tl_cli_usage_error("defaults: %s needs a value", a);
      const char *v = argv[++i];
      if (strcmp(a, "--rules") == 0) {
        rules = v;
      } else {
        tl_dtype d;
        if (tl_cli_dtype(v, &d) != 0) return TL_CLI_USAGE;
        if (!is_kind) explicit_dtype = d;
        else if (npush < 5) push[npush].kind = kind, push[npush++].d = d;
        else return tl_cli_usage_error("defaults: too many overrides");
      }
      continue;
    }
    return tl_cli_usage_error("defaults: unknown argument '%s'", a);
  }
  int pushed = 0;
  tl_dtype probe;
  if (tl_default_dtype_of(rules, &cfg, TL_KIND_BOOL, &probe) != TL_OK) return tl_cli_lib_error(TL_CLI_USAGE);
  for (; pushed < npush; pushed++)
    if (tl_default_dtype_push(push[pushed].kind, push[pushed].d) != TL_OK) {
      rc = tl_cli_lib_error(TL_CLI_USAGE);
      goto out;
    }
  if (infer) {
    tl_dtype d;
    tl_infer_step step;
    static const char *const steps[] = {"", "explicit", "array", "scalar", "default"};
    int st = tl_infer_dtype_of(rules, &cfg, explicit_dtype, ops, nops, TL_KIND_ANY, &d, &step);
    if (st != TL_OK) {
      fprintf(stderr, "typelattice: %s\n", tl_cli_unsaturate(tl_errmsg(), words, (int)nops));
      rc = st == TL_EOVERFLOW ? TL_CLI_FAIL : TL_CLI_USAGE;
      goto out;
    }
    printf("%s (%s)\n", tl_dtype_name(d), steps[step]);
    goto out;
  }
  static const struct { const char *label; tl_kind kind; } kinds[] = {
      {"int", TL_KIND_INT}, {"uint", TL_KIND_UINT}, {"float", TL_KIND_FLOAT},
      {"complex", TL_KIND_COMPLEX}, {"default", TL_KIND_ANY}};
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    tl_dtype d;
    if (tl_default_dtype_of(rules, &cfg, kinds[k].kind, &d) != TL_OK) {
      printf("%s: error: %s\n", kinds[k].label, tl_errmsg());
      rc = TL_CLI_FAIL;
      continue;
    }
    printf("%s: %s\n", kinds[k].label, tl_dtype_name(d));
  }
out:
  while (pushed-- > 0) tl_default_dtype_pop(push[pushed].kind);
  return rc;
}

const tl_cli_command tl_cli_cmd_support = {"support", "supported-dtype registry and Ivy casting modes",
                                           support_usage, run_support};
const tl_cli_command tl_cli_cmd_defaults = {"defaults", "default dtypes and dtype inference per rule set",
                                            defaults_usage, run_defaults};
