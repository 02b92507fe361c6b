/* rules_tensorflow.c — TensorFlow's classic semantics (no implicit promotion).
 *
 * `x + y` (eager): tensors must have the same dtype (the AddV2 kernel's
 * InvalidArgumentError otherwise); a Python number is converted to the other
 * operand's dtype: `tensor + number` asks for the tensor's dtype only as a hint
 * (falling back to the number's own default dtype, which then fails in the
 * kernel), `number + tensor` (the reflected wrapper) insists on it (TypeError
 * "Cannot convert ..."). Facts: torch_tf_arrayapi.md §2.1; the conversion
 * details (which dtypes have a direct converter, which casts are "compatible",
 * the out-of-range errors) were read off TensorFlow 2.21's behaviour.
 *
 * Data: TensorFlow's dtype names and AddV2's allowed type list. Without --op
 * (result_type of tensors) the same rules apply: there is no other notion. */
#include "internal.h"

#include <math.h>
#include <pthread.h>
#include <float.h>
#include <stdio.h>
#include <string.h>

#define D(x) TL_##x

static const tl_dtype tf_domain[] = {D(BOOL),     D(UINT8),      D(UINT16),      D(UINT32),   D(UINT64),
                                     D(INT8),     D(INT16),      D(INT32),       D(INT64),    D(BFLOAT16),
                                     D(FLOAT16),  D(FLOAT32),    D(FLOAT64),     D(COMPLEX64), D(COMPLEX128),
                                     D(INT4),     D(UINT4),      TL_DTYPE_NONE};

/* tensorflow::DataTypeString */
const char *tl__tf_dtype_name(tl_dtype d) {
  switch (d) {
  case D(FLOAT16): return "half";
  case D(FLOAT32): return "float";
  case D(FLOAT64): return "double";
  default: return tl_dtype_name(d);
  }
}

static int addv2_allows(tl_dtype d) {
  return d != D(BOOL) && d != D(INT4) && d != D(UINT4) && tl__concrete(d) && d != D(COMPLEX32) &&
         (tl_dtype_is_integer(d) ? tl__info(d)->bits >= 8 : d == D(BFLOAT16) || d == D(FLOAT16) || d == D(FLOAT32) ||
                                                                  d == D(FLOAT64) || tl_dtype_is_complex(d));
}

/* The AddV2 kernel's checks on its two inputs. */
static int addv2(tl_dtype x, tl_dtype y, tl_dtype *out) {
  if (!addv2_allows(x))
    return tl__error(TL_EPROMOTE, "InvalidArgumentError",
                     "Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double, "
                     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, complex64, complex128",
                     tl__tf_dtype_name(x));
  if (x != y)
    return tl__error(TL_EPROMOTE, "InvalidArgumentError",
                     "cannot compute AddV2 as input #1(zero-based) was expected to be a %s tensor but is a %s tensor "
                     "[Op:AddV2] name: ",
                     tl__tf_dtype_name(x), tl__tf_dtype_name(y));
  *out = x;
  return TL_OK;
}

/* repr() of a Python number */
static void py_repr(const tl_operand *o, char *buf, size_t cap) {
  if (o->dtype == D(BOOL)) snprintf(buf, cap, "%s", o->value.lo ? "True" : "False");
  else if (o->value.kind == TL_VALUE_INT) tl__value_int_str(&o->value, buf, cap);
  else tl__value_repr(&o->value, buf, cap);
}

static int is_floatish(tl_dtype d) { return tl_dtype_is_floating(d) && !tl_dtype_is_weak(d); }
static int is_cplx(tl_dtype d) { return tl_dtype_is_complex(d) && !tl_dtype_is_weak(d); }
static int is_int(tl_dtype d) { return tl_dtype_is_integer(d) && !tl_dtype_is_weak(d); }
/* dtypes with a direct converter from Python numbers (they also take bools) */
static int has_direct_converter(tl_dtype d) {
  return d == D(FLOAT16) || d == D(FLOAT32) || d == D(FLOAT64) || d == D(INT32) || d == D(INT64) ||
         d == D(UINT64) || d == D(COMPLEX128);
}

static int out_of_range_int(void) {
  return tl__error(TL_EOVERFLOW, "ValueError", "Can't convert Python sequence with out-of-range integer to Tensor.");
}

/* convert_to_tensor(number, dtype=want) (strict) or with want as a hint: the
 * dtype of the resulting tensor. */
int tl__tf_convert_number(const tl_operand *o, tl_dtype want, int strict, tl_dtype *out) {
  char rep[64];
  int has_val = o->kind == TL_OPERAND_PYSCALAR;
  tl_dtype own; /* the dtype the number converts to without a request */
  if (o->dtype == D(BOOL)) {
    if (want == D(BOOL) || has_direct_converter(want)) return *out = want, TL_OK;
    own = D(BOOL);
  } else if (o->dtype == D(WEAK_INT)) {
    int fits64 = 1, fitsu64 = 0, neg = 0;
    if (has_val && o->value.kind == TL_VALUE_INT) {
      fits64 = tl__value_fits(&o->value, INT64_MIN, INT64_MAX);
      fitsu64 = tl__value_fits(&o->value, 0, UINT64_MAX);
      neg = o->value.negative;
      tl_clear_error();
    }
    if (want == D(FLOAT16) || want == D(FLOAT32) || want == D(FLOAT64) || want == D(COMPLEX128))
      return *out = want, TL_OK;
    if (want == D(UINT64)) {
      if (fitsu64) return *out = want, TL_OK;
      /* A negative int made into a uint64 tensor, strictly or as a hint, in
       * either operand position, n-d or 0-d: a fresh TensorFlow 2.21 process
       * raises this SystemError. (A process that has already converted the
       * same number to uint64 answers uint64 from its scalar cache; the
       * generator clears that cache before every case.) */
      if (neg && fits64)
        return tl__error(TL_EINVAL, "SystemError",
                         "<class 'tensorflow.python.framework.ops.EagerTensor'> returned a result with an exception set");
    }
    if (!fits64) return out_of_range_int();
    if (is_int(want) || is_floatish(want) || is_cplx(want)) return *out = want, TL_OK;
    own = D(INT32); /* default int (int64 when it does not fit int32: same for the kernel check) */
    if (has_val && o->value.kind == TL_VALUE_INT && !tl__value_fits(&o->value, INT32_MIN, INT32_MAX)) own = D(INT64);
    tl_clear_error();
  } else if (o->dtype == D(WEAK_FLOAT)) {
    if (is_floatish(want) || is_cplx(want)) return *out = want, TL_OK;
    own = D(FLOAT32);
  } else {
    if (is_cplx(want)) return *out = want, TL_OK;
    own = D(COMPLEX128);
  }
  if (strict) {
    py_repr(o, rep, sizeof rep);
    return tl__error(TL_EPROMOTE, "TypeError", "Cannot convert %s to EagerTensor of dtype %s", rep, tl__tf_dtype_name(want));
  }
  if (own == D(FLOAT32) && has_val && isfinite(o->value.re) && fabs(o->value.re) >= 0x1.ffffffp+127)
    return tl__error(TL_EOVERFLOW, "ValueError",
                     "Can't convert Python sequence with a value out of range for a double-precision float.");
  *out = own;
  return TL_OK;
}

static int is_number(const tl_operand *o) { return o->kind == TL_OPERAND_PYSCALAR || o->kind == TL_OPERAND_PYTYPE; }

/* tf.add's conversion of a Python number given first (no dtype to match):
 * tf.constant(number): bool, int32 (int64 when it does not fit), float32,
 * complex128, with TensorFlow's out-of-range errors. */
static int tf_constant_dtype(const tl_operand *o, tl_dtype *out) {
  if (o->dtype == D(BOOL)) return *out = D(BOOL), TL_OK;
  if (o->dtype == D(WEAK_COMPLEX)) return *out = D(COMPLEX128), TL_OK;
  if (o->dtype == D(WEAK_FLOAT)) {
    if (o->kind == TL_OPERAND_PYSCALAR && isfinite(o->value.re) && fabs(o->value.re) >= 0x1.ffffffp+127)
      return tl__error(TL_EOVERFLOW, "ValueError",
                       "Can't convert Python sequence with a value out of range for a double-precision float.");
    return *out = D(FLOAT32), TL_OK;
  }
  *out = D(INT32);
  if (o->kind == TL_OPERAND_PYSCALAR && o->value.kind == TL_VALUE_INT) {
    int fits32 = tl__value_fits(&o->value, INT32_MIN, INT32_MAX), fits64 = tl__value_fits(&o->value, INT64_MIN, INT64_MAX);
    tl_clear_error();
    if (!fits64) return out_of_range_int();
    if (!fits32) *out = D(INT64);
  }
  return TL_OK;
}

static int tf_binary(const tl_operand *x, const tl_operand *y, tl_dtype *out) {
  tl_dtype xd, yd;
  int st;
  if (is_number(x) && is_number(y))
    return tl__error(TL_EUNSUPPORTED, NULL, "the tensorflow rules need at least one tensor operand");
  if (is_number(x)) { /* number + tensor: tensor.__radd__(number) */
    yd = y->dtype;
    if ((st = tl__tf_convert_number(x, yd, 1, &xd)) != TL_OK) return st;
  } else {
    xd = x->dtype;
    if (is_number(y)) {
      /* strict for a 0-d uint64 tensor: both paths give the SystemError
       * for a negative int (tl__tf_convert_number) */
      int strict = (x->kind == TL_OPERAND_ZERODIM || x->kind == TL_OPERAND_SCALAR) && xd == D(UINT64) &&
                   y->dtype == D(WEAK_INT);
      if ((st = tl__tf_convert_number(y, xd, strict, &yd)) != TL_OK) return st;
    } else {
      yd = y->dtype;
    }
  }
  return addv2(xd, yd, out);
}

int tl__tf_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  (void)cfg;
  tl_dtype r;
  int st;
  if (n == 1) {
    if (is_number(&ops[0])) {
      /* tf.constant(number): int32 (int64 beyond), float32, complex128, bool */
      tl_dtype want = ops[0].dtype == D(WEAK_INT) ? D(INT32) : ops[0].dtype == D(WEAK_FLOAT) ? D(FLOAT32)
                      : ops[0].dtype == D(WEAK_COMPLEX) ? D(COMPLEX128) : D(BOOL);
      if ((st = tl__tf_convert_number(&ops[0], want, 0, &r)) != TL_OK) return st;
    } else {
      r = ops[0].dtype;
    }
  } else {
    /* evaluated left to right: ((a + b) + c) ... */
    tl_operand acc = ops[0];
    const int fn = cfg->op && cfg->op_form == TL_OP_FUNCTION;
    if (fn && is_number(&ops[0])) {
      /* tf.add(number, y): the number becomes a tensor of its own default
       * dtype first, then y is converted against it */
      if ((st = tf_constant_dtype(&ops[0], &r)) != TL_OK) return st;
      acc = tl_operand_array(r, 0);
    }
    if (fn) {
      /* tf.add converts a NumPy scalar after the first operand to that
       * operand's dtype, as it does a Python number (checked with value 1) */
      for (size_t i = 1; i < n; i++) {
        tl_operand y = ops[i];
        if (y.kind == TL_OPERAND_SCALAR) y = tl_operand_array(acc.dtype, 0);
        if ((st = tf_binary(&acc, &y, &r)) != TL_OK) return st;
        acc = tl_operand_array(r, 0);
      }
      out->dtype = acc.dtype;
      out->weak = 0;
      return TL_OK;
    }
    for (size_t i = 1; i < n; i++) {
      if ((st = tf_binary(&acc, &ops[i], &r)) != TL_OK) return st;
      acc = tl_operand_array(r, 0);
    }
    r = acc.dtype;
  }
  out->dtype = r;
  out->weak = 0;
  return TL_OK;
}

int tl__tf_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  (void)cfg;
  if (a != b)
    return tl__error(TL_EPROMOTE, "InvalidArgumentError",
                     "cannot compute AddV2 as input #1(zero-based) was expected to be a %s tensor but is a %s tensor "
                     "[Op:AddV2] name: ",
                     tl__tf_dtype_name(a), tl__tf_dtype_name(b));
  *out = a;
  return TL_OK;
}


/* ---- classic: table-driven fast path --------------------------------------------
 * Derived at first use from the exact code above (no setting changes it):
 * promote_types over the domain, and result_type as the left fold it is
 * (tl__fast_fold_tables: the running value is an n-d tensor). A 0-d first
 * operand (its uint64 + negative int case) and Python numbers outside the
 * plain value classes take the exact path; so does every error. */
static int8_t tf_pt[TL_NUM_DTYPES][TL_NUM_DTYPES];
static int8_t tf_step[TL_NUM_DTYPES][TL__NTOK], tf_first[TL__NTOK][TL__NTOK];
static pthread_once_t tf_once = PTHREAD_ONCE_INIT;

static void tf_build(void) {
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.rules = &tl__rules_tensorflow;
  tl__fast_pair_table(&tl__rules_tensorflow, &cfg, tl__tf_exact_promote, tf_pt);
  tl__fast_fold_tables(&tl__rules_tensorflow, &cfg, tl__tf_exact_result, tf_step, tf_first);
}

static int tf_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  pthread_once(&tf_once, tf_build);
  int r = tf_pt[a][b];
  if (r >= 0) return *out = (tl_dtype)r, TL_OK;
  return tl__tf_exact_promote(cfg, a, b, out);
}

static int tf_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  if (n >= 2 && ops[0].kind != TL_OPERAND_ZERODIM && !(cfg->op && cfg->op_form == TL_OP_FUNCTION)) {
    pthread_once(&tf_once, tf_build);
    int r = tl__fast_fold(tf_step, tf_first, ops, n);
    if (r >= 0) {
      out->dtype = (tl_dtype)r;
      out->weak = 0;
      return TL_OK;
    }
  }
  return tl__tf_exact_result(cfg, ops, n, out);
}

/* tf.dtypes.as_dtype(from).is_compatible_with(to) is equality; TensorFlow has
 * no can_cast. We answer like tf.experimental.numpy.can_cast (NumPy's). */
static int tf_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                       tl_casting casting, int *out) {
  (void)cfg;
  return tl__numpy_can_cast(2, from, fo, to, too, casting, out);
}

const tl_rules tl__rules_tensorflow = {
    "tensorflow",
    "TensorFlow classic: no implicit promotion between tensors; Python numbers take the tensor's dtype",
    "tensorflow 2.21.0",
    tf_domain,
    tf_promote_types,
    tf_result_type,
    tf_can_cast,
    NULL,
    NULL,
    NULL, /* fast_result_type */
    NULL, /* can_cast_operand */
};

/* ---- TF >= 2.15 dtype_conversion_mode 'all' / 'safe' ----------------------
 *
 * flexible_dtypes.py's table over 15 strong dtypes and the weak i32*, i64*,
 * f32*, f64*, c128* is "JAX-like" (torch_tf_arrayapi.md §2.3-2.4): it is
 * derived here as the join on JAX's x64 lattice (weak dtypes as JAX's weak
 * kinds int*, float*, complex*), with TF's weak widths: a weak float result is
 * f64* when a strong integer takes part or an f64* does, else f32*; a weak
 * int result is i64* when an i64* takes part, else i32*; weak complex is c128*.
 * SAFE mode disallows the entries where an input does not convert exactly into
 * the result (ints into floats by mantissa width, u64 into anything but u64),
 * where the result is wider than every input ("bit-widening"), and a Python
 * complex with bfloat16/float16/float32. */

static int tf_new_supported(tl_dtype d) {
  return d == D(BOOL) || ((tl_dtype_is_integer(d) && !tl_dtype_is_weak(d) && tl__info(d)->bits >= 8)) ||
         d == D(BFLOAT16) || d == D(FLOAT16) || d == D(FLOAT32) || d == D(FLOAT64) || d == D(COMPLEX64) ||
         d == D(COMPLEX128);
}

typedef struct { tl_dtype d; int weak; } tf_t;

static int magnitude_bits(tl_dtype d) { return tl__info(d)->bits - (tl_dtype_is_signed(d) ? 1 : 0); }

/* does a value of strong dtype a convert exactly into r? */
static int exact_into(tl_dtype a, tl_dtype r) {
  if (a == r || a == D(BOOL)) return 1;
  const tl_dtype_info *ia = tl__info(a), *ir = tl__info(r);
  if (is_int(a)) {
    if (is_int(r)) {
      if (tl_dtype_is_signed(a) && !tl_dtype_is_signed(r)) return 0;
      return magnitude_bits(a) <= magnitude_bits(r);
    }
    return magnitude_bits(a) <= ir->mantissa_bits + 1;
  }
  if (is_floatish(a)) {
    if (!is_floatish(r) && !is_cplx(r)) return 0;
    return ia->mantissa_bits <= ir->mantissa_bits && ia->exponent_bits <= ir->exponent_bits;
  }
  return is_cplx(r) && ia->bits <= ir->bits;
}

static int tf_new_binary(const tl_config *cfg, int safe, tf_t a, tf_t b, tf_t *out) {
  if (!tf_new_supported(a.d) || !tf_new_supported(b.d))
    return tl__error(TL_EUNSUPPORTED, "NotImplementedError",
                     "Implicit Conversion between <dtype: '%s'> and <dtype: '%s'> is not allowed. Please convert the "
                     "input manually if you need to.",
                     tl_dtype_name(a.d), tl_dtype_name(b.d));
  tl_config jc = *cfg;
  tl_rules_find("jax", &jc.rules);
  tl_clear_error();
  jc.x64 = 1, jc.strict = 0;
  const tl_lattice *lat = tl_rules_lattice(jc.rules, &jc);
  if (!lat) return tl__error(TL_ENOMEM, NULL, "could not build the JAX lattice");
  tl_clear_error();
  tf_t in[2] = {a, b};
  int idx[2], j;
  for (int i = 0; i < 2; i++) {
    tl_dtype node = in[i].weak && in[i].d != D(BOOL) ? tl__weak_of_kind(tl__info(in[i].d)->kind) : in[i].d;
    idx[i] = tl__lattice_node_of(lat, node);
  }
  if (tl_lattice_join(lat, idx[0], idx[1], &j) != TL_OK) return tl__error(TL_EPROMOTE, "TypeError", "no promotion");
  tl_dtype r = tl__lattice_dtype_of(lat, j);
  tf_t res = {r, 0};
  if (tl_dtype_is_weak(r)) {
    res.weak = 1;
    int strong_int = 0, wide = 0;
    for (int i = 0; i < 2; i++) {
      strong_int |= !in[i].weak && is_int(in[i].d);
      wide |= in[i].weak && tl__info(in[i].d)->bits == 64;
    }
    if (r == D(WEAK_INT)) res.d = wide ? D(INT64) : D(INT32);
    else if (r == D(WEAK_FLOAT)) {
      int f64w = 0;
      for (int i = 0; i < 2; i++) f64w |= in[i].weak && in[i].d == D(FLOAT64);
      res.d = strong_int || f64w ? D(FLOAT64) : D(FLOAT32);
    } else res.d = D(COMPLEX128);
  }
  if (safe) {
    int ok = 1, maxbits = 0;
    for (int i = 0; i < 2; i++) {
      if (!in[i].weak && !exact_into(in[i].d, res.d)) ok = 0;
      if (tl__info(in[i].d)->bits > maxbits) maxbits = tl__info(in[i].d)->bits;
      if (in[i].weak && in[i].d == D(COMPLEX128) && !in[1 - i].weak && is_floatish(in[1 - i].d) &&
          tl__info(in[1 - i].d)->bits < 64)
        ok = 0;
      if (in[i].weak && in[i].d != D(BOOL) && !res.weak && (is_int(in[i].d) ? 0 : 0)) ok = 0;
    }
    /* a weak input converts to the result by kind; a strong u64 never exactly
     * into a float; a weak float with strong ints widens to f64* */
    if (tl__info(res.d)->bits > maxbits) ok = 0;
    if (!ok)
      return tl__error(TL_EPROMOTE, "TypeError",
                       "In promotion mode PromoMode.SAFE, implicit dtype promotion between (<dtype: '%s'>, weak=%s) "
                       "and (<dtype: '%s'>, weak=%s) is disallowed. You need to explicitly specify the dtype in your "
                       "op, or relax your dtype promotion rules (such as from SAFE mode to ALL mode).",
                       tl_dtype_name(a.d), a.weak ? "True" : "False", tl_dtype_name(b.d), b.weak ? "True" : "False");
  }
  *out = res;
  return TL_OK;
}

/* _get_dtype_and_weakness */
static int tf_new_input(const tl_operand *o, tf_t *out) {
  switch (o->kind) {
  case TL_OPERAND_PYSCALAR:
  case TL_OPERAND_PYTYPE:
    if (o->dtype == D(BOOL)) return *out = (tf_t){D(BOOL), 0}, TL_OK;
    if (o->dtype == D(WEAK_INT)) {
      if (o->kind == TL_OPERAND_PYSCALAR && o->value.kind == TL_VALUE_INT) {
        int fits = tl__value_fits(&o->value, INT32_MIN, INT32_MAX);
        tl_clear_error();
        if (!fits) {
          char v[64];
          tl__value_int_str(&o->value, v, sizeof v);
          return tl__error(TL_EOVERFLOW, "OverflowError", "Python int %s too large to convert to np.int32", v);
        }
      }
      return *out = (tf_t){D(INT32), 1}, TL_OK;
    }
    return *out = (tf_t){o->dtype == D(WEAK_FLOAT) ? D(FLOAT32) : D(COMPLEX128), 1}, TL_OK;
  case TL_OPERAND_WEAK_ARRAY:
    return *out = (tf_t){o->dtype, o->dtype != D(BOOL)}, TL_OK;
  default:
    return *out = (tf_t){o->dtype, 0}, TL_OK;
  }
}

static int tf_new_fold(const tl_config *cfg, int safe, const tl_operand *ops, size_t n, tf_t *out) {
  tf_t acc, x;
  int st;
  for (size_t i = 0; i < n; i++)
    if ((st = tf_new_input(&ops[i], &x)) != TL_OK) return st;
  tf_new_input(&ops[0], &acc);
  for (size_t i = 1; i < n; i++) {
    tf_new_input(&ops[i], &x);
    if ((st = tf_new_binary(cfg, safe, acc, x, &acc)) != TL_OK) return st;
  }
  *out = acc;
  return TL_OK;
}

/* The old semantics the op wrappers fall back to: Python numbers become
 * tensors of their default dtype, then the kernel runs. */
static int tf_fallback(const tl_operand *ops, size_t n, tl_dtype *out) {
  tl_dtype acc = TL_DTYPE_NONE;
  for (size_t i = 0; i < n; i++) {
    tl_dtype d = ops[i].dtype;
    if (is_number(&ops[i])) d = d == D(WEAK_INT) ? D(INT32) : d == D(WEAK_FLOAT) ? D(FLOAT32) : d == D(WEAK_COMPLEX) ? D(COMPLEX128) : D(BOOL);
    if (i == 0) acc = d;
    else {
      int st = addv2(acc, d, &acc);
      if (st != TL_OK) return st;
    }
  }
  *out = acc;
  return TL_OK;
}

static int tf_new_result_type(const tl_config *cfg, int safe, const tl_operand *ops, size_t n, tl_result *out) {
  tf_t r = {TL_DTYPE_NONE, 0};
  int st = tf_new_fold(cfg, safe, ops, n, &r);
  if (cfg->op) {
    if (st == TL_EUNSUPPORTED) {
      tl_dtype d;
      if ((st = tf_fallback(ops, n, &d)) != TL_OK) return st;
      out->dtype = d, out->weak = 0;
      return TL_OK;
    }
    if (st != TL_OK) return st;
    /* operands are converted to the result dtype, then AddV2 runs on it */
    for (size_t i = 0; i < n; i++) {
      tl_dtype d;
      /* strict conversion, or the hint path right of an n-d uint64 tensor;
       * both give TensorFlow's SystemError for a negative int */
      int strict = !(r.d == D(UINT64) && i > 0 && ops[0].kind != TL_OPERAND_ZERODIM && ops[0].kind != TL_OPERAND_SCALAR &&
                     ops[i].dtype == D(WEAK_INT));
      if (is_number(&ops[i]) && (st = tl__tf_convert_number(&ops[i], r.d, strict, &d)) != TL_OK) return st;
    }
    tl_dtype d;
    if (n > 1 && (st = addv2(r.d, r.d, &d)) != TL_OK) return st;
  } else if (st != TL_OK) {
    return st;
  }
  out->dtype = r.d;
  out->weak = r.weak;
  return TL_OK;
}

int tl__tf_all_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  return tf_new_result_type(cfg, 0, ops, n, out);
}
int tl__tf_safe_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  return tf_new_result_type(cfg, 1, ops, n, out);
}

/* promote_types: two strong dtypes. Table cell: weak kinds stand for the
 * Python numbers (int* = i32*, float* = f32*, complex* = c128*). */
static int tf_new_pair(const tl_config *cfg, int safe, tl_dtype a, tl_dtype b, int *weak, tl_dtype *out) {
  tf_t x = {a, 0}, y = {b, 0}, r;
  if (tl_dtype_is_weak(a)) x = (tf_t){a == D(WEAK_INT) ? D(INT32) : a == D(WEAK_FLOAT) ? D(FLOAT32) : D(COMPLEX128), 1};
  if (tl_dtype_is_weak(b)) y = (tf_t){b == D(WEAK_INT) ? D(INT32) : b == D(WEAK_FLOAT) ? D(FLOAT32) : D(COMPLEX128), 1};
  int st = tf_new_binary(cfg, safe, x, y, &r);
  if (st != TL_OK) return st;
  *weak = r.weak;
  *out = r.d;
  return TL_OK;
}
int tl__tf_all_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  int w;
  return tf_new_pair(cfg, 0, a, b, &w, out);
}
int tl__tf_safe_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  int w;
  return tf_new_pair(cfg, 1, a, b, &w, out);
}

/* ---- 'all' / 'safe': table-driven fast path ---------------------------------------
 * Derived at first use from the exact code above, per mode (nothing else in
 * the configuration changes these answers but cfg->op):
 *   pt[m][a][b]       promote_types over the domain;
 *   bin[m][x][y]      tf_new_binary on (dtype, weak) states, state = dtype +
 *                     TL_NUM_DTYPES * weak: result_type is its left fold over
 *                     _get_dtype_and_weakness of the operands;
 *   conv[s][t][d]     with --op: whether the Python number token t converts to
 *                     dtype d (strict or hint, tl__tf_convert_number);
 *   add[d]            with --op: whether AddV2 runs on d.
 * Python numbers outside the plain value classes and every error (including
 * the NotImplementedError that --op falls back from) take the exact path. */
enum { TFN_NS = 2 * TL_NUM_DTYPES };
static int8_t tfn_pt[2][TL_NUM_DTYPES][TL_NUM_DTYPES];
static int8_t tfn_bin[2][TFN_NS][TFN_NS];
static int8_t tfn_state_py[TL__NTOK]; /* state of a Python type/scalar token */
static uint8_t tfn_conv[2][TL__NTOK][TL_NUM_DTYPES], tfn_add[TL_NUM_DTYPES];
static pthread_once_t tfn_once = PTHREAD_ONCE_INIT;

static void tfn_build(void) {
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.rules = &tl__rules_tensorflow_all;
  const uint64_t domain = tl__rules_domain(&tl__rules_tensorflow_all);
  tl__fast_pair_table(&tl__rules_tensorflow_all, &cfg, tl__tf_all_exact_promote, tfn_pt[0]);
  tl__fast_pair_table(&tl__rules_tensorflow_all, &cfg, tl__tf_safe_exact_promote, tfn_pt[1]);
  for (int safe = 0; safe < 2; safe++)
    for (int x = 0; x < TFN_NS; x++)
      for (int y = 0; y < TFN_NS; y++) {
        tf_t a = {(tl_dtype)(x % TL_NUM_DTYPES), x >= TL_NUM_DTYPES}, b = {(tl_dtype)(y % TL_NUM_DTYPES), y >= TL_NUM_DTYPES}, r;
        tfn_bin[safe][x][y] = -1;
        if (!((domain >> a.d) & 1u) || !((domain >> b.d) & 1u) || tl__is_weak(a.d) || tl__is_weak(b.d)) continue;
        if ((a.weak && a.d == D(BOOL)) || (b.weak && b.d == D(BOOL))) continue;
        if (tf_new_binary(&cfg, safe, a, b, &r) == TL_OK && tl__concrete(r.d))
          tfn_bin[safe][x][y] = (int8_t)(r.d + TL_NUM_DTYPES * (r.weak ? 1 : 0));
      }
  for (int t = 0; t < TL__NTOK; t++) {
    tfn_state_py[t] = -1;
    if (t < TL__TOK_PYTYPE) continue;
    tl_operand o = tl__tok_operand(t);
    tf_t s = {TL_DTYPE_NONE, 0};
    if (tf_new_input(&o, &s) == TL_OK) tfn_state_py[t] = (int8_t)(s.d + TL_NUM_DTYPES * (s.weak ? 1 : 0));
    for (int strict = 0; strict < 2; strict++)
      for (int d = 0; d < TL_NUM_DTYPES; d++) {
        tl_dtype r = TL_DTYPE_NONE;
        tfn_conv[strict][t][d] = (domain >> d) & 1u && !tl__is_weak((tl_dtype)d) &&
                                 tl__tf_convert_number(&o, (tl_dtype)d, strict, &r) == TL_OK;
      }
  }
  for (int d = 0; d < TL_NUM_DTYPES; d++) {
    tl_dtype r = TL_DTYPE_NONE;
    tfn_add[d] = (domain >> d) & 1u && !tl__is_weak((tl_dtype)d) && addv2((tl_dtype)d, (tl_dtype)d, &r) == TL_OK;
  }
  tl_clear_error();
}

static int tf_all_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  pthread_once(&tfn_once, tfn_build);
  int r = tfn_pt[0][a][b];
  if (r >= 0) return *out = (tl_dtype)r, TL_OK;
  return tl__tf_all_exact_promote(cfg, a, b, out);
}
static int tf_safe_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  pthread_once(&tfn_once, tfn_build);
  int r = tfn_pt[1][a][b];
  if (r >= 0) return *out = (tl_dtype)r, TL_OK;
  return tl__tf_safe_exact_promote(cfg, a, b, out);
}

/* The (dtype, weak) state of an operand, or -1. */
static inline int tfn_state(const tl_operand *o) {
  if (o->kind >= TL_OPERAND_PYSCALAR) {
    int t = tl__tok_of(o);
    return t < 0 ? -1 : tfn_state_py[t];
  }
  return (int)o->dtype + (o->kind == TL_OPERAND_WEAK_ARRAY && o->dtype != D(BOOL) ? TL_NUM_DTYPES : 0);
}

static int tfn_fast(const tl_config *cfg, int safe, const tl_operand *ops, size_t n) {
  pthread_once(&tfn_once, tfn_build);
  int r = tfn_state(&ops[0]);
  for (size_t i = 1; i < n && r >= 0; i++) {
    int x = tfn_state(&ops[i]);
    r = x < 0 ? -1 : tfn_bin[safe][r][x];
  }
  if (r < 0 || !cfg->op) return r;
  /* --op: the Python numbers converted to the result dtype, then AddV2 */
  int d = r % TL_NUM_DTYPES;
  for (size_t i = 0; i < n; i++) {
    if (ops[i].kind < TL_OPERAND_PYSCALAR) continue;
    int strict = !(d == D(UINT64) && i > 0 && ops[0].kind != TL_OPERAND_ZERODIM && ops[0].kind != TL_OPERAND_SCALAR &&
                   ops[i].dtype == D(WEAK_INT));
    int t = tl__tok_of(&ops[i]);
    if (t < 0 || !tfn_conv[strict][t][d]) return -1;
  }
  if (n > 1 && !tfn_add[d]) return -1;
  return r;
}

static int tf_all_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  int r = tfn_fast(cfg, 0, ops, n);
  if (r < 0) return tl__tf_all_exact_result(cfg, ops, n, out);
  out->dtype = (tl_dtype)(r % TL_NUM_DTYPES);
  out->weak = r >= TL_NUM_DTYPES;
  return TL_OK;
}
static int tf_safe_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  int r = tfn_fast(cfg, 1, ops, n);
  if (r < 0) return tl__tf_safe_exact_result(cfg, ops, n, out);
  out->dtype = (tl_dtype)(r % TL_NUM_DTYPES);
  out->weak = r >= TL_NUM_DTYPES;
  return TL_OK;
}

static int tf_cell(const tl_config *cfg, int safe, tl_dtype a, tl_dtype b, tl_dtype *out) {
  int w;
  tl_dtype r;
  int st = tf_new_pair(cfg, safe, a, b, &w, &r);
  if (st != TL_OK) return st;
  *out = w ? tl__weak_of_kind(tl__info(r)->kind) : r;
  return TL_OK;
}
static int tf_all_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) { return tf_cell(cfg, 0, a, b, out); }
static int tf_safe_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) { return tf_cell(cfg, 1, a, b, out); }

static const tl_dtype tf_new_domain[] = {
    D(BOOL), D(UINT8), D(UINT16), D(UINT32), D(UINT64), D(INT8), D(INT16), D(INT32), D(INT64), D(BFLOAT16),
    D(FLOAT16), D(FLOAT32), D(FLOAT64), D(COMPLEX64), D(COMPLEX128), D(INT2), D(INT4), D(UINT2), D(UINT4),
    D(FLOAT4_E2M1FN), D(FLOAT8_E4M3FN), D(FLOAT8_E4M3FNUZ), D(FLOAT8_E4M3B11FNUZ), D(FLOAT8_E5M2),
    D(FLOAT8_E5M2FNUZ), D(WEAK_INT), D(WEAK_FLOAT), D(WEAK_COMPLEX), TL_DTYPE_NONE};

const tl_rules tl__rules_tensorflow_all = {
    "tensorflow-all",
    "TensorFlow >= 2.15 dtype_conversion_mode='all': JAX-like lattice with weak i32*/i64*/f32*/f64*/c128*",
    "tensorflow 2.21.0",
    tf_new_domain,
    tf_all_promote,
    tf_all_result_type,
    tf_can_cast,
    tf_all_cell,
    NULL,
    NULL, /* fast_result_type */
    NULL, /* can_cast_operand */
};

const tl_rules tl__rules_tensorflow_safe = {
    "tensorflow-safe",
    "TensorFlow >= 2.15 dtype_conversion_mode='safe': the 'all' lattice without lossy or widening promotions",
    "tensorflow 2.21.0",
    tf_new_domain,
    tf_safe_promote,
    tf_safe_result_type,
    tf_can_cast,
    tf_safe_cell,
    NULL,
    NULL, /* fast_result_type */
    NULL, /* can_cast_operand */
};
