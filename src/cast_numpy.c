/* cast_numpy.c — numpy.can_cast over the catalogue (shared by the numpy,
 * numpy1 and jax rule sets: jnp.can_cast is np.can_cast).
 *
 * Derived, not typed in: NumPy's safe-cast table for its builtin types follows
 * from sizes and kinds (numpy/_core/src/multiarray/can_cast_table.h; facts in
 * ../shared/reference/numpy_mldtypes.md §3.2–3.3); ml_dtypes' types follow the
 * casts it registers as safe (§5.4), and same_kind compares NumPy's kind
 * ordering b < u < i < f < c < V ('V' = ml_dtypes' legacy kind for every
 * custom type except float8_e5m2, which is 'f'). */
#include "internal.h"

/* NumPy's builtin dtypes (the ones with a NumPy type number). */
static int is_builtin(tl_dtype d) {
  if (d == TL__NPY_ULONGLONG || d == TL__NPY_LONGLONG) return 1;
  switch (d) {
  case TL_BOOL: case TL_INT8: case TL_INT16: case TL_INT32: case TL_INT64:
  case TL_UINT8: case TL_UINT16: case TL_UINT32: case TL_UINT64:
  case TL_FLOAT16: case TL_FLOAT32: case TL_FLOAT64: case TL_COMPLEX64: case TL_COMPLEX128:
    return 1;
  default:
    return 0;
  }
}

/* NumPy 1.x's ULongLong DType behaves as uint64 among the builtins. */
static tl_dtype builtin_alias(tl_dtype d) {
  return d == TL__NPY_ULONGLONG ? TL_UINT64 : d == TL__NPY_LONGLONG ? TL_INT64 : d;
}

static int kind_order(char k) {
  switch (k) {
  case 'b': return 0;
  case 'u': return 1;
  case 'i': return 2;
  case 'f': return 4;
  case 'c': return 5;
  case 'V': return 8;
  default: return -1; /* e.g. ml_dtypes' complex32 ('W') */
  }
}

/* The builtin safe-cast rule. */
static int builtin_safe(tl_dtype from, tl_dtype to) {
  const tl_dtype_info *a = tl__info(from), *b = tl__info(to);
  if (from == to || from == TL_BOOL) return 1;
  int sa = a->itemsize, sb = b->itemsize;
  switch (a->kind) {
  case TL_KIND_INT:
    if (b->kind == TL_KIND_INT) return sb >= sa;
    break;
  case TL_KIND_UINT:
    if (b->kind == TL_KIND_UINT) return sb >= sa;
    if (b->kind == TL_KIND_INT) return sb > sa;
    break;
  case TL_KIND_FLOAT:
    if (b->kind == TL_KIND_FLOAT) return sb >= sa;
    if (b->kind == TL_KIND_COMPLEX) return sb / 2 >= sa;
    return 0;
  case TL_KIND_COMPLEX:
    return b->kind == TL_KIND_COMPLEX && sb >= sa;
  default:
    return 0;
  }
  /* integer -> inexact: strictly smaller than the (component) float, or both
   * at least 8 bytes */
  if (b->kind == TL_KIND_FLOAT || b->kind == TL_KIND_COMPLEX) {
    int fs = b->kind == TL_KIND_COMPLEX ? sb / 2 : sb;
    return sa < fs || (sa == fs && sa >= 8);
  }
  return 0;
}

/* ml_dtypes' 1-byte "mesh": the custom floats with legacy kind 'V' and one
 * byte of storage, apart from float8_e8m0fnu (no casts to the others). NumPy
 * reports every cast ml_dtypes registers among them and the intN types as
 * safe, in both directions (checked against numpy 2.5.5 + ml_dtypes 0.6.0 and
 * numpy 1.26.4 + ml_dtypes 0.5.4: the same relation). */
static int is_mesh_float(tl_dtype d) {
  switch (d) {
  case TL_FLOAT4_E2M1FN: case TL_FLOAT6_E2M3FN: case TL_FLOAT6_E3M2FN: case TL_FLOAT8_E3M4:
  case TL_FLOAT8_E4M3: case TL_FLOAT8_E4M3FN: case TL_FLOAT8_E4M3FNUZ: case TL_FLOAT8_E4M3B11FNUZ:
  case TL_FLOAT8_E5M2FNUZ:
    return 1;
  default:
    return 0;
  }
}
static int is_intn(tl_dtype d) {
  return d == TL_INT2 || d == TL_INT4 || d == TL_UINT2 || d == TL_UINT4 || d == TL_INT1 || d == TL_UINT1;
}
/* ml_dtypes' complex types (kind 'W'): complex32 and, since 0.6, bcomplex32;
 * each casts safely to the other and to complex64/complex128 */
static int is_ml_complex(tl_dtype d) { return d == TL_COMPLEX32 || d == TL_BCOMPLEX32; }
static int is_custom_float(tl_dtype d) { return tl_dtype_is_floating(d) && !is_builtin(d); }
int tl__numpy_safe(tl_dtype from, tl_dtype to);

/* Safe casts involving ml_dtypes' types (PyArray_RegisterCanCast plus the
 * legacy casts NumPy wraps as safe). */
static int mldtypes_safe(tl_dtype from, tl_dtype to) {
  if (from == to || from == TL_BOOL) return 1;
  /* ml_dtypes registers its casts with ULong / Long (np.uint64, np.int64),
     not ULongLong / LongLong */
  if (from == TL__NPY_ULONGLONG || to == TL__NPY_ULONGLONG || from == TL__NPY_LONGLONG || to == TL__NPY_LONGLONG)
    return 0;
  /* ml_dtypes registers no cast between int4/uint4 and float6_e2m3fn */
  int no_cast = (from == TL_FLOAT6_E2M3FN && (to == TL_INT4 || to == TL_UINT4)) ||
                (to == TL_FLOAT6_E2M3FN && (from == TL_INT4 || from == TL_UINT4));
  if (is_custom_float(from)) {
    if (to == TL_FLOAT32 || to == TL_FLOAT64 || to == TL_COMPLEX64 || to == TL_COMPLEX128) return 1;
    return is_mesh_float(from) && (is_mesh_float(to) || is_intn(to)) && !no_cast;
  }
  if (is_ml_complex(from)) return to == TL_COMPLEX64 || to == TL_COMPLEX128 || is_ml_complex(to);
  if (from == TL_INT8 || from == TL_UINT8) return is_custom_float(to) || is_ml_complex(to);
  if (is_intn(from)) {
    int fs = tl_dtype_is_signed(from);
    if (is_intn(to)) return fs == tl_dtype_is_signed(to) && tl__info(to)->bits > tl__info(from)->bits;
    if (is_mesh_float(to)) return !no_cast;
    if (!is_builtin(to) || to == TL_BOOL) return 0;
    if (tl_dtype_is_integer(to)) return fs ? tl_dtype_is_signed(to) : 1;
    return 1; /* float16/32/64, complex64/128 */
  }
  return 0;
}

/* Whether any cast is registered (else can_cast is false in every mode):
 * ml_dtypes registers none between two different intN types (apart from the
 * safe widenings), none between float8_e8m0fnu and the intN/1-byte floats,
 * none between int4/uint4 and float6_e2m3fn. */
static int cast_exists(tl_dtype from, tl_dtype to) {
  if (from == to || tl__numpy_safe(from, to)) return 1;
  if (is_intn(from) && is_intn(to)) return 0;
  tl_dtype o = from == TL_FLOAT8_E8M0FNU ? to : to == TL_FLOAT8_E8M0FNU ? from : TL_DTYPE_NONE;
  if (o != TL_DTYPE_NONE && (is_intn(o) || is_mesh_float(o) || o == TL_FLOAT8_E5M2 || is_ml_complex(o))) return 0;
  if ((from == TL_FLOAT6_E2M3FN && (to == TL_INT4 || to == TL_UINT4)) ||
      (to == TL_FLOAT6_E2M3FN && (from == TL_INT4 || from == TL_UINT4)))
    return 0;
  return 1;
}

int tl__numpy_safe(tl_dtype from, tl_dtype to) {
  return (is_builtin(from) && is_builtin(to)) ? builtin_safe(builtin_alias(from), builtin_alias(to))
                                             : mldtypes_safe(from, to);
}

char tl__numpy_kind(tl_dtype d) {
  if (is_builtin(d)) return (char)tl__info(builtin_alias(d))->kind;
  if (d == TL_FLOAT8_E5M2) return 'f';
  if (is_ml_complex(d)) return 'W';
  return 'V';
}

int tl__numpy_can_cast(int numpy_major, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                       tl_casting casting, int *out) {
  /* Python types int/float/complex stand for np.dtype(int) etc. */
  if (tl_dtype_is_weak(from)) from = from == TL_WEAK_INT ? TL_INT64 : from == TL_WEAK_FLOAT ? TL_FLOAT64 : TL_COMPLEX128;
  if (tl_dtype_is_weak(to)) to = to == TL_WEAK_INT ? TL_INT64 : to == TL_WEAK_FLOAT ? TL_FLOAT64 : TL_COMPLEX128;
  if (!tl__concrete(from) || !tl__concrete(to) ||
      (numpy_major < 2 && (from == TL_COMPLEX32 || to == TL_COMPLEX32)))
    return tl__error(TL_EDTYPE, "TypeError", "NumPy has no dtype %s",
                     tl_dtype_name(tl__concrete(from) && from != TL_COMPLEX32 ? to : from));
  int multibyte = tl__info(from)->itemsize > 1;
  int same_order = fo == too || !multibyte || (fo == TL_BYTEORDER_NATIVE && too == TL_BYTEORDER_LITTLE) ||
                   (fo == TL_BYTEORDER_LITTLE && too == TL_BYTEORDER_NATIVE);
  int safe = tl__numpy_safe(from, to);
  int fk = kind_order(tl__numpy_kind(from)), tk = kind_order(tl__numpy_kind(to));
  switch (casting) {
  case TL_CASTING_NO: *out = from == to && same_order; break;
  case TL_CASTING_EQUIV: *out = from == to; break;
  case TL_CASTING_SAFE: *out = safe; break;
  case TL_CASTING_SAME_KIND: *out = safe || (fk >= 0 && fk <= tk && cast_exists(from, to)); break;
  default: *out = cast_exists(from, to); break;
  }
  return TL_OK;
}

/* np.can_cast(300, 'int16') (NumPy >= 2, NEP 50) and jnp.can_cast(1, jnp.int32): Python values are
 * refused with this TypeError (numpy 2.5.5, jax 0.12.0.1, measured); NumPy scalars and 0-d arrays
 * count by their dtype, and so do Python types (np.can_cast(int, 'int32') is False). */
int tl__numpy2_can_cast_operand(const tl_config *cfg, const tl_operand *from, tl_byteorder fo, tl_dtype to,
                                tl_byteorder to_order, tl_casting casting, int *out) {
  (void)cfg, (void)fo, (void)to, (void)to_order, (void)casting, (void)out;
  if (from->kind != TL_OPERAND_PYSCALAR) return TL__DECLINED;
  return tl__error(TL_EUNSUPPORTED, "TypeError",
                   "can_cast() does not support Python ints, floats, and complex because the result used to "
                   "depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow them "
                   "again in the future.");
}
