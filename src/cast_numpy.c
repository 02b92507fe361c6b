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
  switch (d) {
  case TL_BOOL: case TL_INT8: case TL_INT16: case TL_INT32: case TL_INT64:
  case TL_UINT8: case TL_UINT16: case TL_UINT32: case TL_UINT64:
  case TL_FLOAT16: case TL_FLOAT32: case TL_FLOAT64: case TL_COMPLEX64: case TL_COMPLEX128:
    return 1;
  default:
    return 0;
  }
}

/* dtype.kind as NumPy reports it */
static char numpy_kind(tl_dtype d) {
  if (is_builtin(d)) return (char)tl__info(d)->kind;
  if (d == TL_FLOAT8_E5M2) return 'f';
  return 'V';
}

static int kind_order(char k) {
  switch (k) {
  case 'b': return 0;
  case 'u': return 1;
  case 'i': return 2;
  case 'f': return 4;
  case 'c': return 5;
  default: return 8; /* V */
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

/* Casts ml_dtypes registers as safe (PyArray_RegisterCanCast). */
static int mldtypes_safe(tl_dtype from, tl_dtype to) {
  if (from == to) return 1;
  int ff = tl_dtype_is_floating(from) && !is_builtin(from);
  int tf = tl_dtype_is_floating(to) && !is_builtin(to);
  if (ff && (to == TL_FLOAT32 || to == TL_FLOAT64 || to == TL_COMPLEX64 || to == TL_COMPLEX128)) return 1;
  if (tf && (from == TL_BOOL || from == TL_INT8 || from == TL_UINT8)) return 1;
  int fi = from == TL_INT2 || from == TL_INT4 || from == TL_UINT2 || from == TL_UINT4;
  int ti = to == TL_INT2 || to == TL_INT4 || to == TL_UINT2 || to == TL_UINT4;
  if (fi && is_builtin(to)) {
    if (to == TL_BOOL) return 0;
    if (tl_dtype_is_integer(to))
      return tl_dtype_is_signed(from) ? tl_dtype_is_signed(to) : 1;
    return 1; /* float16/32/64 and complex */
  }
  if (ti && from == TL_BOOL) return 1;
  return 0;
}

int tl__numpy_can_cast(int numpy_major, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                       tl_casting casting, int *out) {
  (void)numpy_major;
  if (!tl__concrete(from) || !tl__concrete(to) || from == TL_COMPLEX32 || to == TL_COMPLEX32)
    return tl__error(TL_EDTYPE, "TypeError", "NumPy has no dtype %s",
                     tl_dtype_name(tl__concrete(from) && from != TL_COMPLEX32 ? to : from));
  int multibyte = tl__info(from)->itemsize > 1;
  int same_order = fo == too || !multibyte || (fo == TL_BYTEORDER_NATIVE && too == TL_BYTEORDER_LITTLE) ||
                   (fo == TL_BYTEORDER_LITTLE && too == TL_BYTEORDER_NATIVE);
  int safe = (is_builtin(from) && is_builtin(to)) ? builtin_safe(from, to) : mldtypes_safe(from, to);
  switch (casting) {
  case TL_CASTING_NO: *out = from == to && same_order; break;
  case TL_CASTING_EQUIV: *out = from == to; break;
  case TL_CASTING_SAFE: *out = safe; break;
  case TL_CASTING_SAME_KIND: *out = safe || kind_order(numpy_kind(from)) <= kind_order(numpy_kind(to)); break;
  default: *out = 1; break;
  }
  return TL_OK;
}
