/* promote.c — a tour of the typelattice C API: promotion under JAX's rules,
 * weak types, x64 and strict modes, jax.lax, can_cast, finfo, and errors.
 *
 * Build against an installed library:
 *   cc -std=c11 promote.c $(pkg-config --cflags --libs typelattice) -o promote
 * or against the build tree (what tests/cli_docs_example.sh does):
 *   cc -std=c11 -Iinclude docs/examples/promote.c build/libtypelattice.a -lm -lpthread
 */
#include <stdio.h>
#include <typelattice.h>

/* Print the result of result_type over operands written in the operand
 * grammar ("int8", "weak:float16", "py:int:3", "300", ...). */
static void show(const tl_config *cfg, const char *const *texts, size_t n) {
  tl_operand ops[8];
  for (size_t i = 0; i < n; i++) {
    if (tl_operand_parse(texts[i], &ops[i]) != TL_OK) {
      printf("bad operand %s: %s\n", texts[i], tl_errmsg());
      return;
    }
    printf("%s%s", i ? ", " : "result_type(", texts[i]);
  }
  tl_result r;
  if (tl_result_type(cfg, ops, n, &r) == TL_OK)
    printf(") = %s%s\n", tl_dtype_name(r.dtype), r.weak ? " (weak)" : "");
  else /* the framework's exception class and its message, verbatim */
    printf(") raises %s: %s\n", tl_errtype(), tl_errmsg());
}

int main(void) {
  printf("typelattice %s\n", tl_version_string());

  /* 1. promote_types with the default configuration: JAX, x64 off. */
  tl_dtype d;
  if (tl_promote_types(NULL, TL_BFLOAT16, TL_FLOAT16, &d) == TL_OK)
    printf("promote_types(bfloat16, float16) = %s\n", tl_dtype_name(d));
  if (tl_promote_types(NULL, TL_UINT64, TL_INT64, &d) == TL_OK)
    printf("promote_types(uint64, int64) = %s\n", tl_dtype_name(d));

  /* 2. result_type with weak operands: Python scalars do not widen arrays. */
  tl_config cfg;
  tl_config_init(&cfg); /* JAX rules, x64 off, standard promotion */
  const char *a[] = {"int8", "py:int:3", "weak:float16"};
  show(&cfg, a, 3);
  const char *b[] = {"py:int:1", "py:float:2.5"};
  show(&cfg, b, 2);

  /* 3. Modes: a config names the rule set and its switches. */
  cfg.x64 = 1;
  const char *c[] = {"py:int:1"};
  show(&cfg, c, 1); /* int64 (weak) with x64 on */
  cfg.x64 = 0;
  cfg.strict = 1; /* jax_numpy_dtype_promotion='strict' */
  const char *e[] = {"int8", "int16"};
  show(&cfg, e, 2);

  /* 4. Another rule set, found by name. */
  const tl_rules *lax;
  if (tl_rules_find("jax.lax", &lax) == TL_OK) {
    tl_config_init(&cfg);
    cfg.rules = lax;
    printf("%s\n", tl_rules_description(lax));
    show(&cfg, e, 2);
  }

  /* 5. Scoped configuration for this thread, like `with jax.experimental.enable_x64():`. */
  tl_config_init(&cfg);
  cfg.x64 = 1;
  tl_config_push(&cfg);
  if (tl_promote_types(NULL, TL_UINT32, TL_INT32, &d) == TL_OK)
    printf("with x64: promote_types(uint32, int32) = %s\n", tl_dtype_name(d));
  tl_config_pop();
  if (tl_promote_types(NULL, TL_UINT32, TL_INT32, &d) == TL_OK)
    printf("without:  promote_types(uint32, int32) = %s\n", tl_dtype_name(d));

  /* 6. can_cast, as numpy.can_cast sees it (JAX uses NumPy's). */
  int ok;
  if (tl_can_cast(NULL, TL_INT16, TL_BYTEORDER_NATIVE, TL_FLOAT32, TL_BYTEORDER_NATIVE, TL_CASTING_SAFE, &ok) == TL_OK)
    printf("can_cast(int16, float32, 'safe') = %s\n", ok ? "true" : "false");
  if (tl_can_cast(NULL, TL_INT64, TL_BYTEORDER_NATIVE, TL_FLOAT32, TL_BYTEORDER_NATIVE, TL_CASTING_SAME_KIND, &ok) == TL_OK)
    printf("can_cast(int64, float32, 'same_kind') = %s\n", ok ? "true" : "false");

  /* 7. Dtype properties and names. */
  tl_finfo fi;
  tl_dtype f8;
  if (tl_dtype_parse("float8_e4m3fn", &f8, NULL) == TL_OK && tl_finfo_get(f8, &fi) == TL_OK)
    printf("finfo(float8_e4m3fn): bits=%d eps=%g max=%g smallest_normal=%g\n", fi.bits, fi.eps, fi.max,
           fi.smallest_normal);

  /* 8. Errors name the bad input; output parameters stay untouched. */
  if (tl_dtype_parse("flaot32", &d, NULL) != TL_OK)
    printf("%s: %s\n", tl_status_name(TL_EDTYPE), tl_errmsg());
  return 0;
}
