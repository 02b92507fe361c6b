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
      if (!strict && neg && fits64)
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
  if (own == D(FLOAT32) && has_val && isfinite(o->value.re) && fabs(o->value.re) > FLT_MAX)
    return tl__error(TL_EOVERFLOW, "ValueError",
                     "Can't convert Python sequence with a value out of range for a double-precision float.");
  *out = own;
  return TL_OK;
}

static int is_number(const tl_operand *o) { return o->kind == TL_OPERAND_PYSCALAR || o->kind == TL_OPERAND_PYTYPE; }

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
      /* a negative int next to an n-d uint64 tensor trips TensorFlow's
       * SystemError; next to a 0-d one the strict path succeeds */
      int strict = x->kind == TL_OPERAND_ZERODIM && xd == D(UINT64) && y->dtype == D(WEAK_INT);
      if ((st = tl__tf_convert_number(y, xd, strict, &yd)) != TL_OK) return st;
    } else {
      yd = y->dtype;
    }
  }
  return addv2(xd, yd, out);
}

static int tf_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
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

static int tf_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  (void)cfg;
  if (a != b)
    return tl__error(TL_EPROMOTE, "InvalidArgumentError",
                     "cannot compute AddV2 as input #1(zero-based) was expected to be a %s tensor but is a %s tensor "
                     "[Op:AddV2] name: ",
                     tl__tf_dtype_name(a), tl__tf_dtype_name(b));
  *out = a;
  return TL_OK;
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
};
