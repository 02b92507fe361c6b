/* config.c — the global configuration and this thread's scoped overrides. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define TL__CONFIG_DEPTH 64

static tl_config tl__global;
static int tl__global_ready; /* set once; guarded by tl__once */

static _Thread_local tl_config tl__stack[TL__CONFIG_DEPTH];
static _Thread_local int tl__depth;

int tl_config_init(tl_config *cfg) {
  if (!cfg) return tl__error(TL_EINVAL, NULL, "tl_config_init: NULL cfg");
  memset(cfg, 0, sizeof *cfg);
  cfg->rules = NULL;
  cfg->precise = 1;
  cfg->default_int = cfg->default_uint = cfg->default_float = cfg->default_complex = TL_DTYPE_NONE;
  return tl__ok();
}

static int tl__env_true(const char *v) {
  return v && (strcmp(v, "1") == 0 || strcasecmp(v, "true") == 0 || strcasecmp(v, "yes") == 0 ||
               strcasecmp(v, "on") == 0 || strcasecmp(v, "t") == 0 || strcasecmp(v, "y") == 0);
}

#if defined(_WIN32)
static void tl__global_init(void) {
#else
#include <pthread.h>
static pthread_once_t tl__once = PTHREAD_ONCE_INIT;
static void tl__global_init(void) {
#endif
  tl_config_init(&tl__global);
  tl__global.x64 = tl__env_true(getenv("JAX_ENABLE_X64"));
  const char *p = getenv("JAX_NUMPY_DTYPE_PROMOTION");
  if (p && strcmp(p, "strict") == 0) tl__global.strict = 1;
  tl__global_ready = 1;
  tl_clear_error();
}

static void tl__ensure_global(void) {
#if defined(_WIN32)
  if (!tl__global_ready) tl__global_init();
#else
  pthread_once(&tl__once, tl__global_init);
#endif
}

const tl_config *tl_config_current(void) {
  if (tl__depth > 0) return &tl__stack[tl__depth - 1];
  tl__ensure_global();
  return &tl__global;
}

const tl_config *tl__cfg(const tl_config *cfg) { return cfg ? cfg : tl_config_current(); }

int tl_config_set_global(const tl_config *cfg) {
  if (!cfg) return tl__error(TL_EINVAL, NULL, "tl_config_set_global: NULL cfg");
  tl__ensure_global();
  tl__global = *cfg;
  return tl__ok();
}

int tl_config_push(const tl_config *cfg) {
  if (!cfg) return tl__error(TL_EINVAL, NULL, "tl_config_push: NULL cfg");
  if (tl__depth >= TL__CONFIG_DEPTH)
    return tl__error(TL_ERANGE, NULL, "tl_config_push: more than %d nested scopes", TL__CONFIG_DEPTH);
  tl__stack[tl__depth++] = *cfg;
  return tl__ok();
}

int tl_config_pop(void) {
  if (tl__depth == 0) return tl__error(TL_ESTATE, NULL, "tl_config_pop: no scope to pop");
  tl__depth--;
  return tl__ok();
}

int tl_api_version_parse(const char *text, int *out) {
  static const char *const names[] = {"2021.12", "2022.12", "2023.12", "2024.12", "2025.12"};
  static const int values[] = {202112, 202212, 202312, 202412, 202512};
  if (!text || !out) return tl__error(TL_EINVAL, NULL, "tl_api_version_parse: NULL %s", text ? "out" : "text");
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(text, names[i]) == 0) {
      *out = values[i];
      return tl__ok();
    }
  return tl__error(TL_EPARSE, "ValueError", "Unsupported standard version '%.64s'", text);
}

int tl_op_form_parse(const char *name, tl_op_form *out) {
  if (!name || !out) return tl__error(TL_EINVAL, NULL, "tl_op_form_parse: NULL %s", name ? "out" : "name");
  if (strcmp(name, "operator") == 0) return *out = TL_OP_OPERATOR, tl__ok();
  if (strcmp(name, "function") == 0) return *out = TL_OP_FUNCTION, tl__ok();
  return tl__error(TL_EPARSE, "ValueError", "op form must be 'operator' or 'function' (got '%s')", name);
}
