/* array_internal.h — shared declarations of array.c and binary.c (tl__ names).
 * Not public API. */
#ifndef TL_ARRAY_INTERNAL_H
#define TL_ARRAY_INTERNAL_H

#include "internal.h"

/* A new C-contiguous array with uninitialised elements (checks the
 * arguments; `fn` names the public function in messages). */
int tl__array_new(const char *fn, tl_dtype dtype, int ndim, const int64_t *shape, tl_array **out);
/* tl_array_full of a 0-d array whose integer fill wraps into dtype (as a
   framework converting a Python int: torch.eq(uint16 x, -7) compares with
   65529) instead of OverflowError */
int tl__array_full_wrap(const tl_config *cfg, tl_dtype dtype, const tl_value *fill, tl_array **out);

/* Callback of tl__iterate: one inner row of n elements; ptrs[k] points at
 * operand k's first element of the row, strides[k] is its byte stride.
 * Returns TL_OK to go on, anything else stops the iteration. */
typedef int (*tl__row_fn)(void *ctx, char *const *ptrs, const ptrdiff_t *strides, int64_t n);

/* Visit every element of `nops` (<= 4) operands of one shape in C order, a
 * row at a time, after merging dimensions that are contiguous for every
 * operand (so a contiguous array is one row). Returns the first non-OK
 * callback status. */
int tl__iterate(int ndim, const int64_t *shape, int nops, char *const *base,
                const ptrdiff_t *const *strides, tl__row_fn fn, void *ctx);

/* "(2,3)", "(3,)", "()" into buf. */
void tl__shape_str(int ndim, const int64_t *shape, char *buf, size_t cap);

/* The rule set's name for cfg (never NULL; "jax" for cfg->rules == NULL). */
const char *tl__rules_name_of(const tl_config *cfg);

/* Store `v` (a Python value) converted to `dtype` in the element at dst
 * (as tl_array_full; wrap: out-of-range ints wrap instead of failing). */
int tl__store_value(const tl_value *v, tl_dtype dtype, void *dst, int wrap);



/* ---- binary kernels (binary.c, binary_avx2.c, binary_avx512.c) ---------- */
/* A fused contiguous kernel: o[i] = op(A(a[i]), B(b[i])) computed in float32,
 * for a, b of the dtypes it was made for and float32 output. */
typedef void (*tl__fused_fn)(const void *a, const void *b, void *o, size_t n);
/* NULL when the tier has no fused kernel for (op, a, b). */
tl__fused_fn tl__binary_avx2_fused(tl_binop op, tl_dtype a, tl_dtype b);
tl__fused_fn tl__binary_avx512_fused(tl_binop op, tl_dtype a, tl_dtype b);
#endif
