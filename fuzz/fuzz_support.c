/* fuzz_support.c — the supported-dtype registry file format:
 * tl_support_load_string into a registry that already holds a small valid
 * base, then queries. Properties: no crash or leak; the error contract; a
 * failed load leaves the registry exactly as it was (all-or-nothing); after
 * a successful load every query answers valid dtypes in catalogue order,
 * is_supported agrees with query, and casting modes return a valid dtype. */
#include "fuzz_common.h"

static const char base[] =
    "torch * \"2.1.2 and below\" invalid uint16, uint32, uint64\n"
    "torch cumsum \"2.0.1 and below\" unsupported uint8, bfloat16, float16\n"
    "torch cumsum \"1.12.1\" unsupported\n"
    "torch expm1 \"2.0.1 and below\" unsupported float16\n"
    "torch my_fn = cumsum + expm1\n"
    "numpy * \"1.26.3 and below\" invalid bfloat16\n"
    "paddle * \"2.5.0 and above\" invalid uint16, uint32, uint64\n";

#define FP_MAX 4096
/* A fingerprint of the registry's answers to a fixed set of questions. */
static size_t fingerprint(const tl_support *reg, int *fp) {
  static const char *const backends[] = {"torch", "numpy", "paddle", "jax", "x"};
  static const char *const fns[] = {"cumsum", "expm1", "my_fn", "abs", "*"};
  static const char *const versions[] = {"1.12.1", "2.0.1", "2.1.0", "9.9"};
  size_t k = 0;
  const char *names[64];
  size_t nb = tl_support_backends(reg, names, 64);
  fp[k++] = (int)nb;
  for (size_t b = 0; b < 5; b++)
    for (size_t v = 0; v < 5; v++) {
      const char *ver = v < 4 ? versions[v] : NULL;
      tl_dtype out[TL_NUM_DTYPES];
      size_t n = 0;
      int st = tl_support_valid(reg, backends[b], ver, out, TL_NUM_DTYPES, &n);
      fp[k++] = st;
      fp[k++] = st == TL_OK ? (int)n : -1;
      for (size_t f = 0; f < 4; f++) {
        st = tl_support_query(reg, backends[b], fns[f], ver, out, TL_NUM_DTYPES, &n);
        fp[k++] = st;
        if (st == TL_OK)
          for (size_t i = 0; i < n && i < TL_NUM_DTYPES && k < FP_MAX; i++) fp[k++] = out[i];
      }
    }
  return k;
}

static void check_queries(const tl_support *reg, const char *backend, const char *fn, const char *version) {
  tl_dtype out[TL_NUM_DTYPES + 4];
  size_t n = 999;
  int st = tl_support_query(reg, backend, fn, version, NULL, 0, &n);
  fz_status(st, "tl_support_query(size)");
  if (st != TL_OK) {
    FZ_CHECK(n == 999, "query wrote the count on failure");
    return;
  }
  FZ_CHECK(n <= TL_NUM_CONCRETE, "count %zu", n);
  size_t n2 = 0;
  for (size_t i = 0; i < TL_NUM_DTYPES + 4; i++) out[i] = (tl_dtype)-77;
  st = tl_support_query(reg, backend, fn, version, out, 3, &n2);
  FZ_CHECK(st == TL_OK && n2 == n, "count depends on cap");
  FZ_CHECK(n >= 3 || out[n] == (tl_dtype)-77, "wrote past the count");
  FZ_CHECK(out[3] == (tl_dtype)-77, "wrote past cap");
  st = tl_support_query(reg, backend, fn, version, out, TL_NUM_DTYPES, &n2);
  FZ_CHECK(st == TL_OK && n2 == n, "query not stable");
  for (size_t i = 0; i < n; i++) {
    FZ_CHECK((int)out[i] >= 0 && (int)out[i] < TL_NUM_CONCRETE, "invalid dtype %d", (int)out[i]);
    if (i) FZ_CHECK(out[i - 1] < out[i], "not in catalogue order");
  }
  for (int d = -1; d <= TL_NUM_DTYPES; d++) {
    int yes = 9;
    st = tl_support_is_supported(reg, backend, fn, version, (tl_dtype)d, &yes);
    fz_status(st, "tl_support_is_supported");
    if (d < 0 || d >= TL_NUM_DTYPES) {
      FZ_CHECK(st != TL_OK && yes == 9, "is_supported of invalid dtype %d", d);
      continue;
    }
    if (st != TL_OK) continue;
    int in = 0;
    for (size_t i = 0; i < n; i++) in |= out[i] == (tl_dtype)d;
    FZ_CHECK(yes == in, "is_supported(%s) = %d, query says %d", tl_dtype_name((tl_dtype)d), yes, in);
    if (tl_dtype_is_weak((tl_dtype)d)) continue;
    for (int mode = TL_CAST_MODE_UPCAST; mode <= TL_CAST_MODE_CAST; mode++) {
      tl_dtype r = (tl_dtype)-77;
      char explain[48];
      int sc = tl_support_cast(reg, NULL, backend, fn, version, (tl_dtype)d, (tl_cast_mode)mode,
                               d & 1 ? TL_CAST_IVY_INT_ORDER : 0, &r, explain, sizeof explain);
      fz_status(sc, "tl_support_cast");
      if (sc == TL_OK) {
        FZ_CHECK((int)r >= 0 && (int)r < TL_NUM_CONCRETE, "cast to invalid dtype %d", (int)r);
        FZ_CHECK(memchr(explain, '\0', sizeof explain) != NULL, "explanation not terminated");
        if (in) FZ_CHECK(r == (tl_dtype)d, "a supported dtype was cast");
      } else {
        FZ_CHECK(r == (tl_dtype)-77, "cast wrote output on failure");
      }
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fz_cstr(data, size);
  tl_support *reg = NULL;
  int st = tl_support_new(&reg);
  FZ_CHECK(st == TL_OK && reg, "tl_support_new");
  st = tl_support_load_string(reg, base, "base");
  FZ_CHECK(st == TL_OK, "base registry does not load: %s", tl_errmsg());

  static int before[FP_MAX], after[FP_MAX];
  size_t nb = fingerprint(reg, before);
  st = tl_support_load_string(reg, text, (size && data[0] & 1) ? NULL : "fuzz");
  fz_status(st, "tl_support_load_string");
  if (st != TL_OK) {
    FZ_CHECK(st == TL_EPARSE || st == TL_ENOMEM, "unexpected status %s", tl_status_name(st));
    char msg[1024];
    snprintf(msg, sizeof msg, "%s", tl_errmsg());
    size_t na = fingerprint(reg, after);
    FZ_CHECK(na == nb && memcmp(before, after, nb * sizeof *before) == 0,
             "a failed load (%s) changed the registry", msg);
  } else {
    /* ask about every backend, each line's function name and version words */
    const char *backends[64];
    size_t n = tl_support_backends(reg, backends, 64);
    char *copy = fz_cstr(data, size);
    char *lines[32];
    size_t nl = fz_split(copy, '\n', lines, 32);
    for (size_t b = 0; b < n && b < 64; b++) {
      FZ_CHECK(backends[b] && backends[b][0], "empty backend name");
      check_queries(reg, backends[b], "cumsum", NULL);
      for (size_t i = 0; i < nl && i < 6; i++) {
        char fn[64] = "", ver[64] = "";
        /* second token = function, first token in quotes = a version */
        if (sscanf(lines[i], "%*s %63s", fn) == 1) check_queries(reg, backends[b], fn, NULL);
        const char *q = strchr(lines[i], '"');
        if (q && sscanf(q + 1, "%63[^ \"]", ver) == 1) check_queries(reg, backends[b], fn[0] ? fn : "*", ver);
      }
    }
    free(copy);
  }
  tl_support_free(reg);
  free(text);
  return 0;
}
