/* cmd_dtype.c — `typelattice list` and `typelattice info`. */
#include "cli.h"

#include <string.h>

static const char *kind_name(tl_kind k) {
  switch (k) {
  case TL_KIND_BOOL: return "bool";
  case TL_KIND_INT: return "signed integer";
  case TL_KIND_UINT: return "unsigned integer";
  case TL_KIND_FLOAT: return "real floating";
  default: return "complex floating";
  }
}

static int run_list(int argc, char **argv) {
  int json = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--json") == 0) json = 1;
    else return tl_cli_usage_error("list: unknown argument '%s'", argv[i]);
  }
  if (json) printf("[\n");
  tl_dtype order[TL_NUM_DTYPES]; /* display order: by kind, then width */
  tl_dtype_display_order(order, TL_NUM_DTYPES);
  for (int i = 0; i < TL_NUM_DTYPES; i++) {
    const tl_dtype_info *in = tl_dtype_get(order[i]);
    if (json)
      printf("  {\"name\": \"%s\", \"kind\": \"%s\", \"weak\": %s, \"bits\": %d, \"itemsize\": %d}%s\n", in->name,
             kind_name(in->kind), in->weak ? "true" : "false", in->bits, in->itemsize,
             i + 1 < TL_NUM_DTYPES ? "," : "");
    else
      printf("%-20s %-17s bits=%-3d itemsize=%d%s\n", in->name, kind_name(in->kind), in->bits, in->itemsize,
             in->weak ? "  (weak)" : "");
  }
  if (json) printf("]\n");
  return TL_CLI_OK;
}

typedef struct {
  int json, first;
} emitter;

static void emit_key(emitter *e, const char *key) {
  if (e->json) printf("%s\n  \"%s\": ", e->first ? "{" : ",", key);
  else printf("%s: ", key);
  e->first = 0;
}
static void emit_str(emitter *e, const char *key, const char *v) {
  emit_key(e, key);
  printf(e->json ? "\"%s\"" : "%s", v);
  if (!e->json) putchar('\n');
}
static void emit_int(emitter *e, const char *key, long long v) {
  emit_key(e, key);
  printf("%lld", v);
  if (!e->json) putchar('\n');
}
static void emit_uint(emitter *e, const char *key, unsigned long long v) {
  emit_key(e, key);
  printf("%llu", v);
  if (!e->json) putchar('\n');
}
static void emit_bool(emitter *e, const char *key, int v) {
  emit_key(e, key);
  printf("%s", v ? "true" : "false");
  if (!e->json) putchar('\n');
}
static void emit_double(emitter *e, const char *key, double v) {
  emit_key(e, key);
  if (e->json && (v != v || v - v != 0)) printf("\"");
  tl_cli_print_double(stdout, v);
  if (e->json && (v != v || v - v != 0)) printf("\"");
  if (!e->json) putchar('\n');
}

static int run_info(int argc, char **argv) {
  int json = 0;
  const char *name = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--json") == 0) json = 1;
    else if (!name) name = argv[i];
    else return tl_cli_usage_error("info: unexpected argument '%s'", argv[i]);
  }
  if (!name) return tl_cli_usage_error("info: missing DTYPE (try: typelattice info float8_e4m3fn)");
  tl_dtype d;
  tl_byteorder bo;
  if (tl_dtype_parse(name, &d, &bo) != TL_OK) return tl_cli_lib_error(TL_CLI_USAGE);
  const tl_dtype_info *in = tl_dtype_get(d);
  emitter e = {json, 1};
  emit_str(&e, "name", in->name);
  emit_str(&e, "kind", kind_name(in->kind));
  emit_bool(&e, "weak", in->weak);
  emit_int(&e, "bits", in->bits);
  emit_int(&e, "itemsize", in->itemsize);
  emit_int(&e, "alignment", in->alignment);
  emit_bool(&e, "signed", in->is_signed);
  if (bo != TL_BYTEORDER_NATIVE) {
    char b[2] = {(char)bo, 0};
    emit_str(&e, "byteorder", b);
  }
  tl_dlpack_dtype dl;
  if (tl_dtype_to_dlpack(d, &dl) == TL_OK) {
    emit_int(&e, "dlpack_code", dl.code);
    emit_int(&e, "dlpack_bits", dl.bits);
  }
  tl_finfo fi;
  tl_iinfo ii;
  if (!in->weak && tl_finfo_get(d, &fi) == TL_OK) {
    emit_int(&e, "exponent_bits", in->exponent_bits);
    emit_int(&e, "mantissa_bits", in->mantissa_bits);
    emit_int(&e, "bias", in->bias);
    emit_bool(&e, "has_inf", in->has_inf);
    emit_bool(&e, "has_nan", in->has_nan);
    emit_bool(&e, "has_negative_zero", in->has_negative_zero);
    emit_bool(&e, "finite_only", in->finite_only);
    emit_bool(&e, "unsigned_zero", in->unsigned_zero);
    emit_double(&e, "eps", fi.eps);
    emit_double(&e, "epsneg", fi.epsneg);
    emit_double(&e, "max", fi.max);
    emit_double(&e, "min", fi.min);
    emit_double(&e, "smallest_normal", fi.smallest_normal);
    emit_double(&e, "smallest_subnormal", fi.smallest_subnormal);
    emit_double(&e, "resolution", fi.resolution);
    emit_int(&e, "nexp", fi.nexp);
    emit_int(&e, "nmant", fi.nmant);
    emit_int(&e, "maxexp", fi.maxexp);
    emit_int(&e, "minexp", fi.minexp);
    emit_int(&e, "precision", fi.precision);
    emit_int(&e, "finfo_bits", fi.bits); /* np.finfo(complex64).bits is 32 */
    emit_int(&e, "machep", fi.machep);
    emit_int(&e, "negep", fi.negep);
    emit_int(&e, "iexp", fi.iexp);
  } else if (!in->weak && tl_iinfo_get(d, &ii) == TL_OK) {
    emit_int(&e, "min", ii.min);
    emit_uint(&e, "max", ii.max);
  }
  if (json) printf("\n}\n");
  tl_clear_error();
  return TL_CLI_OK;
}

const tl_cli_command tl_cli_cmd_list = {
    "list", "every dtype with kind, bits and itemsize",
    "usage: typelattice list [--json]\n\n"
    "Print every dtype of the catalogue (weak kinds last) with its kind, bit width\n"
    "and storage size in bytes.\n",
    run_list};

const tl_cli_command tl_cli_cmd_info = {
    "info", "all properties of one dtype (finfo/iinfo included)",
    "usage: typelattice info DTYPE [--json]\n\n"
    "Print every property of DTYPE, one `key: value` per line: kind, bits,\n"
    "itemsize, DLPack code, the floating-format parameters and numpy.finfo\n"
    "fields (eps, max, min, smallest_normal, ...; printed so they round-trip),\n"
    "or numpy.iinfo fields (min, max) for integers.\n"
    "DTYPE may be any accepted spelling: float32, <f4, f, bf16, int*.\n",
    run_info};
