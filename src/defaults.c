/* defaults.c — default dtypes per rule set, Ivy-style scoped overrides, and
 * dtype inference (explicit -> array -> relevant scalar -> global default).
 * Sources: docs/support.md (ivy.md §3.3-3.4, jax.md §4, torch_tf_arrayapi.md
 * §1.3, §2.1, §3.1). */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef enum {
  RS_JAX,
  RS_NUMPY,
  RS_TORCH,
  RS_TF,
  RS_ARRAY_API,
  RS_IVY
} rs_family;

typedef struct {
  const char *name;
  rs_family family;
} rs_name;

static const rs_name rs_names[] = {
    {"jax", RS_JAX},          {"jax.lax", RS_JAX},          {"numpy", RS_NUMPY},
    {"numpy1", RS_NUMPY},     {"torch", RS_TORCH},          {"tensorflow", RS_TF},
    {"tensorflow-all", RS_TF}, {"tensorflow-safe", RS_TF},   {"array-api", RS_ARRAY_API},
    {"ivy", RS_IVY},
};

static int family_of(const char *rules_name, const tl_config *cfg, rs_family *fam, const char **name) {
  const char *n = rules_name;
  if (!n) {
    if (cfg->rules) n = tl_rules_name(cfg->rules);
    else n = "jax";
  }
  for (size_t i = 0; i < TL__COUNT(rs_names); i++)
    if (strcmp(rs_names[i].name, n) == 0) {
      *fam = rs_names[i].family;
      *name = rs_names[i].name;
      return TL_OK;
    }
  return tl__error(TL_EUNSUPPORTED, NULL,
                   "unknown rule set '%s' (known: jax, jax.lax, numpy, numpy1, torch, tensorflow, "
                   "tensorflow-all, tensorflow-safe, array-api, ivy)",
                   n);
}

/* ---- thread-local override stacks ----------------------------------------- */

#define TL__DEFAULT_DEPTH 64
enum { SLOT_ANY, SLOT_INT, SLOT_UINT, SLOT_FLOAT, SLOT_COMPLEX, SLOT_COUNT };

static _Thread_local tl_dtype stacks[SLOT_COUNT][TL__DEFAULT_DEPTH];
static _Thread_local size_t depths[SLOT_COUNT];

static int slot_of(tl_kind kind) {
  switch ((int)kind) {
  case 0: return SLOT_ANY;
  case TL_KIND_INT: return SLOT_INT;
  case TL_KIND_UINT: return SLOT_UINT;
  case TL_KIND_FLOAT: return SLOT_FLOAT;
  case TL_KIND_COMPLEX: return SLOT_COMPLEX;
  default: return -1;
  }
}

static const char *slot_word(int slot) {
  static const char *const w[] = {"any", "int", "uint", "float", "complex"};
  return w[slot];
}

/* Does a concrete dtype belong to a slot's kind? (int accepts unsigned: Ivy's IntDtype.) */
static bool fits_slot(int slot, tl_dtype d) {
  if (!tl__concrete(d)) return false;
  switch (slot) {
  case SLOT_INT: return tl_dtype_is_integer(d);
  case SLOT_UINT: return tl_dtype_is_unsigned(d);
  case SLOT_FLOAT: return tl_dtype_is_floating(d);
  case SLOT_COMPLEX: return tl_dtype_is_complex(d);
  default: return true;
  }
}

int tl_default_dtype_push(tl_kind kind, tl_dtype dtype) {
  int slot = slot_of(kind);
  if (slot < 0) return tl__error(TL_EINVAL, NULL, "tl_default_dtype_push: bad kind %d", (int)kind);
  if (!tl__concrete(dtype))
    return tl__error(TL_EDTYPE, NULL, "tl_default_dtype_push: %s is not a concrete dtype",
                     tl__valid_dtype(dtype) ? tl_dtype_name(dtype) : "the dtype value");
  if (!fits_slot(slot, dtype))
    return tl__error(TL_EDTYPE, NULL, "tl_default_dtype_push: %s is not a valid default %s dtype",
                     tl_dtype_name(dtype), slot_word(slot));
  if (depths[slot] >= TL__DEFAULT_DEPTH)
    return tl__error(TL_ERANGE, NULL, "tl_default_dtype_push: more than %d nested %s defaults",
                     TL__DEFAULT_DEPTH, slot_word(slot));
  stacks[slot][depths[slot]++] = dtype;
  return tl__ok();
}

int tl_default_dtype_pop(tl_kind kind) {
  int slot = slot_of(kind);
  if (slot < 0) return tl__error(TL_EINVAL, NULL, "tl_default_dtype_pop: bad kind %d", (int)kind);
  if (depths[slot] == 0)
    return tl__error(TL_ESTATE, NULL, "tl_default_dtype_pop: no %s default to pop", slot_word(slot));
  depths[slot]--;
  return tl__ok();
}

size_t tl_default_dtype_depth(tl_kind kind) {
  int slot = slot_of(kind);
  return slot < 0 ? 0 : depths[slot];
}

/* ---- resolution ------------------------------------------------------------ */

static tl_dtype builtin(rs_family fam, int x64, int slot) {
  static const tl_dtype table[][4] = {
      /*               int         uint         float         complex */
      [RS_JAX] = {TL_INT32, TL_UINT32, TL_FLOAT32, TL_COMPLEX64},
      [RS_NUMPY] = {TL_INT64, TL_UINT64, TL_FLOAT64, TL_COMPLEX128},
      [RS_TORCH] = {TL_INT64, TL_UINT8, TL_FLOAT32, TL_COMPLEX64},
      [RS_TF] = {TL_INT32, TL_UINT32, TL_FLOAT32, TL_COMPLEX128},
      [RS_ARRAY_API] = {TL_INT64, TL_UINT64, TL_FLOAT64, TL_COMPLEX128},
      [RS_IVY] = {TL_INT32, TL_UINT32, TL_FLOAT32, TL_COMPLEX64},
  };
  if (fam == RS_JAX && x64) return table[RS_NUMPY][slot - SLOT_INT];
  return table[fam][slot - SLOT_INT];
}

static const char *const cfg_field[] = {"", "default_int", "default_uint", "default_float",
                                        "default_complex"};

static tl_dtype cfg_value(const tl_config *cfg, int slot) {
  switch (slot) {
  case SLOT_INT: return cfg->default_int;
  case SLOT_UINT: return cfg->default_uint;
  case SLOT_FLOAT: return cfg->default_float;
  default: return cfg->default_complex;
  }
}

static bool is_x64_dtype(tl_dtype d) {
  return d == TL_INT64 || d == TL_UINT64 || d == TL_FLOAT64 || d == TL_COMPLEX128;
}

static int x64_check(rs_family fam, const tl_config *cfg, tl_dtype d) {
  if (fam == RS_JAX && !cfg->x64 && is_x64_dtype(d))
    return tl__error(TL_EUNSUPPORTED, "IvyException",
                     "`%s` output not supported while jax_enable_x64 is set to False, please import "
                     "jax and enable the flag using jax.config.update('jax_enable_x64', True)",
                     tl_dtype_name(d));
  return TL_OK;
}

/* Resolve one slot (not SLOT_ANY) without the x64 check. */
static int resolve(rs_family fam, const tl_config *cfg, int slot, tl_dtype *out) {
  if (depths[slot]) {
    *out = stacks[slot][depths[slot] - 1];
    return TL_OK;
  }
  if (depths[SLOT_ANY]) {
    tl_dtype g = stacks[SLOT_ANY][depths[SLOT_ANY] - 1];
    if (fits_slot(slot, g)) {
      *out = g;
      return TL_OK;
    }
  }
  tl_dtype c = cfg_value(cfg, slot);
  if (c != TL_DTYPE_NONE) {
    if (!fits_slot(slot, c))
      return tl__error(TL_EDTYPE, NULL, "cfg->%s is %s, not a valid default %s dtype", cfg_field[slot],
                       tl__valid_dtype(c) ? tl_dtype_name(c) : "a bad dtype value", slot_word(slot));
    *out = c;
    return TL_OK;
  }
  if (fam == RS_TORCH && slot == SLOT_COMPLEX) {
    /* torch: the complex default follows the default float dtype. */
    tl_dtype f;
    int st = resolve(fam, cfg, SLOT_FLOAT, &f);
    if (st) return st;
    switch (f) {
    case TL_FLOAT16: *out = TL_COMPLEX32; return TL_OK;
    case TL_FLOAT32: *out = TL_COMPLEX64; return TL_OK;
    case TL_FLOAT64: *out = TL_COMPLEX128; return TL_OK;
    default:
      return tl__error(TL_EUNSUPPORTED, NULL,
                       "torch: no complex dtype corresponds to the default float dtype %s",
                       tl_dtype_name(f));
    }
  }
  *out = builtin(fam, cfg->x64, slot);
  return TL_OK;
}

static int default_of(rs_family fam, const tl_config *cfg, tl_kind kind, tl_dtype *out) {
  tl_dtype d;
  int st;
  if (kind == TL_KIND_BOOL) {
    *out = TL_BOOL;
    return TL_OK;
  }
  int slot = slot_of(kind);
  if (slot < 0) return tl__error(TL_EINVAL, NULL, "tl_default_dtype: bad kind %d", (int)kind);
  if (slot == SLOT_ANY) {
    if (depths[SLOT_ANY]) {
      d = stacks[SLOT_ANY][depths[SLOT_ANY] - 1];
      st = TL_OK;
    } else {
      st = resolve(fam, cfg, SLOT_FLOAT, &d);
    }
  } else {
    st = resolve(fam, cfg, slot, &d);
  }
  if (st) return st;
  if ((st = x64_check(fam, cfg, d))) return st;
  *out = d;
  return TL_OK;
}

int tl_default_dtype_of(const char *rules_name, const tl_config *cfg, tl_kind kind, tl_dtype *out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_default_dtype: NULL out");
  cfg = tl__cfg(cfg);
  rs_family fam = RS_JAX;
  const char *name = NULL;
  int st = family_of(rules_name, cfg, &fam, &name);
  if (st) return st;
  tl_dtype d;
  if ((st = default_of(fam, cfg, kind, &d))) return st;
  *out = d;
  return tl__ok();
}

int tl_default_dtype(const tl_config *cfg, tl_kind kind, tl_dtype *out) {
  return tl_default_dtype_of(NULL, cfg, kind, out);
}

/* ---- inference ---------------------------------------------------------------- */

/* Ivy's _check_float64: finite and outside float32's normal exponent range. */
static bool ivy_needs_float64(double v) {
  if (!isfinite(v)) return false;
  if (fabs(v) > 3.4028235e38) return true;
  int e;
  frexp(v, &e);
  return e < -126 || e > 128;
}

static tl_dtype canonical32(tl_dtype d) {
  switch (d) {
  case TL_INT64: return TL_INT32;
  case TL_UINT64: return TL_UINT32;
  case TL_FLOAT64: return TL_FLOAT32;
  case TL_COMPLEX128: return TL_COMPLEX64;
  default: return d;
  }
}

static bool fits_dtype(const tl_value *v, tl_dtype d) {
  tl_iinfo ii;
  if (tl_iinfo_get(d, &ii) != TL_OK) return false;
  return tl__value_fits(v, ii.min, ii.max);
}

static int int_too_large(const tl_value *v, const char *errtype, const char *fmt) {
  char buf[64];
  tl__value_int_str(v, buf, sizeof buf);
  return tl__error(TL_EOVERFLOW, errtype, fmt, buf);
}

static int infer_scalar(rs_family fam, const tl_config *cfg, const tl_operand *a, tl_dtype *out) {
  tl_dtype d = a->dtype;
  if (d == TL_BOOL) {
    *out = TL_BOOL;
    return TL_OK;
  }
  tl_kind kind = d == TL_WEAK_INT ? TL_KIND_INT : d == TL_WEAK_FLOAT ? TL_KIND_FLOAT : TL_KIND_COMPLEX;
  tl_dtype def;
  int st = default_of(fam, cfg, kind, &def);
  if (st) return st;
  if (a->kind == TL_OPERAND_PYTYPE || !a->has_value) {
    *out = def;
    return TL_OK;
  }
  const tl_value *v = &a->value;
  switch (kind) {
  case TL_KIND_INT:
    if (v->kind != TL_VALUE_INT) break;
    switch (fam) {
    case RS_IVY: {
      /* ivy.md §3.3: v > 2**63-1 -> uint64; v > 2**31-1 -> int64; negatives unchecked. */
      if (!v->negative && (v->hi || v->lo > (uint64_t)INT64_MAX)) *out = TL_UINT64;
      else if (!v->negative && v->lo > (uint64_t)INT32_MAX) *out = TL_INT64;
      else *out = def;
      return TL_OK;
    }
    case RS_JAX:
      if (!fits_dtype(v, def)) {
        char fmt[96];
        snprintf(fmt, sizeof fmt, "Python int %%s too large to convert to %s", tl_dtype_name(def));
        return int_too_large(v, "OverflowError", fmt);
      }
      *out = def;
      return TL_OK;
    case RS_NUMPY:
    case RS_ARRAY_API:
      if (fits_dtype(v, def)) *out = def;
      else if (fits_dtype(v, TL_UINT64)) *out = TL_UINT64;
      else return int_too_large(v, NULL, "Python int %s fits neither int64 nor uint64 (NumPy would infer dtype=object)");
      return TL_OK;
    case RS_TORCH:
      if (!fits_dtype(v, def)) return int_too_large(v, NULL, "Python int %s does not fit torch's default int dtype");
      *out = def;
      return TL_OK;
    case RS_TF:
      if (fits_dtype(v, def)) *out = def;
      else if (fits_dtype(v, TL_INT64)) *out = TL_INT64;
      else return int_too_large(v, NULL, "Python int %s does not fit int64 (TensorFlow cannot convert it)");
      return TL_OK;
    }
    break;
  case TL_KIND_FLOAT:
    /* tf.constant(3.5e38): a finite float that float32 rounds to inf is refused
       (TensorFlow 2.21, measured; 3.4028235677973306e38, which rounds to the
       largest float32, is float32) */
    if (fam == RS_TF && v->kind == TL_VALUE_FLOAT && isfinite(v->re) && fabs(v->re) >= 0x1.ffffffp+127 && def == TL_FLOAT32)
      return tl__error(TL_EOVERFLOW, "ValueError",
                       "Can't convert Python sequence with a value out of range for a double-precision float.");
    if (fam == RS_IVY && v->kind == TL_VALUE_FLOAT && ivy_needs_float64(v->re)) *out = TL_FLOAT64;
    else *out = def;
    return TL_OK;
  default:
    if (fam == RS_IVY && v->kind == TL_VALUE_COMPLEX && ivy_needs_float64(v->re) &&
        ivy_needs_float64(v->im))
      *out = TL_COMPLEX128;
    else *out = def;
    return TL_OK;
  }
  *out = def;
  return TL_OK;
}

static bool has_dtype(tl_operand_kind k) {
  return k == TL_OPERAND_ARRAY || k == TL_OPERAND_WEAK_ARRAY || k == TL_OPERAND_ZERODIM ||
         k == TL_OPERAND_SCALAR || k == TL_OPERAND_DTYPE;
}

int tl_infer_dtype_of(const char *rules_name, const tl_config *cfg, tl_dtype explicit_dtype,
                      const tl_operand *args, size_t n, tl_kind want_kind, tl_dtype *out,
                      tl_infer_step *step) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_infer_dtype: NULL out");
  if (n > 0 && !args) return tl__error(TL_EINVAL, NULL, "tl_infer_dtype: NULL args with n = %zu", n);
  if (want_kind != TL_KIND_BOOL && slot_of(want_kind) < 0)
    return tl__error(TL_EINVAL, NULL, "tl_infer_dtype: bad kind %d", (int)want_kind);
  if (explicit_dtype != TL_DTYPE_NONE && !tl__valid_dtype(explicit_dtype))
    return tl__error(TL_EDTYPE, NULL, "tl_infer_dtype: bad explicit dtype value %d", (int)explicit_dtype);
  for (size_t i = 0; i < n; i++) {
    const tl_operand *a = &args[i];
    if (has_dtype(a->kind)) {
      if (!tl__concrete(a->dtype))
        return tl__error(TL_EDTYPE, NULL, "tl_infer_dtype: argument %zu has no concrete dtype", i);
    } else if (a->kind == TL_OPERAND_PYSCALAR || a->kind == TL_OPERAND_PYTYPE) {
      if (a->dtype != TL_BOOL && a->dtype != TL_WEAK_INT && a->dtype != TL_WEAK_FLOAT &&
          a->dtype != TL_WEAK_COMPLEX)
        return tl__error(TL_EDTYPE, NULL, "tl_infer_dtype: argument %zu is not a Python bool/int/float/complex", i);
    } else {
      return tl__error(TL_EINVAL, NULL, "tl_infer_dtype: argument %zu has a bad operand kind %d", i, (int)a->kind);
    }
  }
  cfg = tl__cfg(cfg);
  rs_family fam = RS_JAX;
  const char *name = NULL;
  int st = family_of(rules_name, cfg, &fam, &name);
  if (st) return st;

  tl_dtype d = TL_DTYPE_NONE;
  tl_infer_step s;
  if (explicit_dtype != TL_DTYPE_NONE) {
    s = TL_INFER_EXPLICIT;
    if (explicit_dtype == TL_WEAK_INT) st = default_of(fam, cfg, TL_KIND_INT, &d);
    else if (explicit_dtype == TL_WEAK_FLOAT) st = default_of(fam, cfg, TL_KIND_FLOAT, &d);
    else if (explicit_dtype == TL_WEAK_COMPLEX) st = default_of(fam, cfg, TL_KIND_COMPLEX, &d);
    else d = (fam == RS_JAX && !cfg->x64) ? canonical32(explicit_dtype) : explicit_dtype;
  } else {
    size_t i;
    for (i = 0; i < n && !has_dtype(args[i].kind); i++) {}
    if (i < n) {
      s = TL_INFER_ARRAY;
      d = args[i].dtype;
    } else {
      for (i = 0; i < n && args[i].kind != TL_OPERAND_PYSCALAR && args[i].kind != TL_OPERAND_PYTYPE; i++) {}
      if (i < n) {
        s = TL_INFER_SCALAR;
        st = infer_scalar(fam, cfg, &args[i], &d);
      } else {
        s = TL_INFER_DEFAULT;
        st = default_of(fam, cfg, want_kind, &d);
      }
    }
  }
  if (st) return st;
  *out = d;
  if (step) *step = s;
  return tl__ok();
}

int tl_infer_dtype(const tl_config *cfg, tl_dtype explicit_dtype, const tl_operand *args, size_t n,
                   tl_kind want_kind, tl_dtype *out, tl_infer_step *step) {
  return tl_infer_dtype_of(NULL, cfg, explicit_dtype, args, n, want_kind, out, step);
}
