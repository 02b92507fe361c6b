/* array.c — tl_array: creation (zeros, ones, full, from a scalar, views over
 * caller memory), reference-counted buffers, broadcasting, astype, and Ivy's
 * type_promote_arrays / promote_types_of_inputs. The elementwise operations
 * are in binary.c. docs/arrays.md describes the semantics. */
#include "array_internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- buffers ---------------------------------------------------------------
 * One malloc block: the header, then padding up to a 64-byte boundary, then
 * the elements. Arrays that share it hold a reference each. */
typedef struct tl__buf {
  atomic_long refs;
  void *raw;
} tl__buf;

#define TL__ALIGN 64

static tl__buf *buf_new(size_t bytes, void **data) {
  if (bytes > SIZE_MAX - sizeof(tl__buf) - 2 * TL__ALIGN) return NULL;
  void *raw = malloc(sizeof(tl__buf) + TL__ALIGN + (bytes ? bytes : 1));
  if (!raw) return NULL;
  uintptr_t p = (uintptr_t)raw + sizeof(tl__buf);
  p = (p + TL__ALIGN - 1) & ~(uintptr_t)(TL__ALIGN - 1);
  tl__buf *b = (tl__buf *)raw;
  atomic_init(&b->refs, 1);
  b->raw = raw;
  *data = (void *)p;
  return b;
}

static void buf_release(tl__buf *b) {
  if (b && atomic_fetch_sub_explicit(&b->refs, 1, memory_order_acq_rel) == 1) free(b->raw);
}

void tl_array_free(tl_array *a) {
  if (!a) return;
  buf_release((tl__buf *)a->base_);
  free(a);
}

/* ---- shapes ---------------------------------------------------------------- */

void tl__shape_str(int ndim, const int64_t *shape, char *buf, size_t cap) {
  size_t used = 0;
  if (cap == 0) return;
  buf[0] = 0;
  used += (size_t)snprintf(buf, cap, "(");
  for (int i = 0; i < ndim && used < cap; i++)
    used += (size_t)snprintf(buf + used, cap - used, "%s%lld", i ? "," : "", (long long)shape[i]);
  if (used < cap) snprintf(buf + used, cap - used, ndim == 1 ? ",)" : ")");
}

/* Check ndim/shape/dtype and compute the element count. */
static int check_shape(const char *fn, tl_dtype dtype, int ndim, const int64_t *shape, int64_t *size) {
  if (!tl__valid_dtype(dtype)) return tl__error(TL_EDTYPE, NULL, "%s: invalid dtype value %d", fn, (int)dtype);
  if (!tl__concrete(dtype))
    return tl__error(TL_EDTYPE, NULL, "%s: '%s' is a weak kind, not a concrete dtype", fn, tl_dtype_name(dtype));
  if (ndim < 0 || ndim > TL_MAX_NDIM)
    return tl__error(TL_EINVAL, "ValueError", "%s: ndim = %d is outside 0..%d", fn, ndim, TL_MAX_NDIM);
  if (ndim > 0 && !shape) return tl__error(TL_EINVAL, NULL, "%s: shape is NULL with ndim = %d", fn, ndim);
  const int64_t itemsize = tl__info(dtype)->itemsize;
  const int64_t limit = (int64_t)(PTRDIFF_MAX / 2) / itemsize;
  int64_t n = 1, nz = 1;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] < 0)
      return tl__error(TL_EINVAL, "ValueError", "%s: negative dimensions are not allowed (shape[%d] = %lld)", fn, i,
                       (long long)shape[i]);
    if (shape[i] == 0) {
      n = 0;
      continue;
    }
    if (nz > limit / shape[i]) {
      char s[32 * 22];
      tl__shape_str(ndim, shape, s, sizeof s);
      return tl__error(TL_ERANGE, "ValueError", "%s: array is too big: shape %s of %s overflows the address space", fn,
                       s, tl_dtype_name(dtype));
    }
    nz *= shape[i];
    if (n) n = nz;
  }
  *size = n;
  return TL_OK;
}

static void c_strides(tl_array *a) {
  ptrdiff_t s = tl__info(a->dtype)->itemsize;
  for (int i = a->ndim - 1; i >= 0; i--) {
    a->strides[i] = s;
    s *= (ptrdiff_t)(a->shape[i] ? a->shape[i] : 1);
  }
}

int tl__array_new(const char *fn, tl_dtype dtype, int ndim, const int64_t *shape, tl_array **out) {
  int64_t size;
  int st;
  if (!out) return tl__error(TL_EINVAL, NULL, "%s: out is NULL", fn);
  if ((st = check_shape(fn, dtype, ndim, shape, &size)) != TL_OK) return st;
  tl_array *a = calloc(1, sizeof *a);
  if (!a) return tl__error(TL_ENOMEM, NULL, "%s: out of memory", fn);
  void *data;
  tl__buf *b = buf_new((size_t)size * (size_t)tl__info(dtype)->itemsize, &data);
  if (!b) {
    free(a);
    return tl__error(TL_ENOMEM, NULL, "%s: out of memory for %lld elements of %s", fn, (long long)size,
                     tl_dtype_name(dtype));
  }
  a->dtype = dtype;
  a->ndim = ndim;
  for (int i = 0; i < ndim; i++) a->shape[i] = shape[i];
  c_strides(a);
  a->data = data;
  a->size = size;
  a->owns = 1;
  a->base_ = b;
  *out = a;
  return TL_OK;
}

int tl_array_is_contiguous(const tl_array *a) {
  if (!a) return 0;
  if (a->size <= 1) return 1;
  ptrdiff_t s = tl__info(a->dtype)->itemsize;
  for (int i = a->ndim - 1; i >= 0; i--) {
    if (a->shape[i] != 1 && a->strides[i] != s) return 0;
    s *= (ptrdiff_t)a->shape[i];
  }
  return 1;
}

/* ---- iteration -------------------------------------------------------------- */

int tl__iterate(int ndim, const int64_t *shape, int nops, char *const *base, const ptrdiff_t *const *strides,
                tl__row_fn fn, void *ctx) {
  int64_t sh[TL_MAX_NDIM + 1];
  ptrdiff_t st[4][TL_MAX_NDIM + 1];
  int nd = 0;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] == 0) return TL_OK;
    if (shape[i] == 1) continue;
    /* merge into the previous (outer) dimension when contiguous for all */
    if (nd > 0) {
      int merge = 1;
      for (int k = 0; k < nops; k++)
        if (st[k][nd - 1] != strides[k][i] * (ptrdiff_t)shape[i]) merge = 0;
      if (merge) {
        sh[nd - 1] *= shape[i];
        for (int k = 0; k < nops; k++) st[k][nd - 1] = strides[k][i];
        continue;
      }
    }
    sh[nd] = shape[i];
    for (int k = 0; k < nops; k++) st[k][nd] = strides[k][i];
    nd++;
  }
  if (nd == 0) {
    sh[0] = 1;
    for (int k = 0; k < nops; k++) st[k][0] = 0;
    nd = 1;
  }
  ptrdiff_t inner[4];
  char *p[4];
  for (int k = 0; k < nops; k++) {
    inner[k] = st[k][nd - 1];
    p[k] = base[k];
  }
  int64_t idx[TL_MAX_NDIM + 1] = {0};
  for (;;) {
    int r = fn(ctx, p, inner, sh[nd - 1]);
    if (r != TL_OK) return r;
    int d = nd - 2;
    for (; d >= 0; d--) {
      for (int k = 0; k < nops; k++) p[k] += st[k][d];
      if (++idx[d] < sh[d]) break;
      for (int k = 0; k < nops; k++) p[k] -= st[k][d] * (ptrdiff_t)sh[d];
      idx[d] = 0;
    }
    if (d < 0) return TL_OK;
  }
}

/* ---- values ----------------------------------------------------------------- */

const char *tl__rules_name_of(const tl_config *cfg) {
  cfg = tl__cfg(cfg);
  return cfg->rules ? tl_rules_name(cfg->rules) : "jax";
}

int tl__store_value(const tl_value *v, tl_dtype dtype, void *dst, int wrap) {
  const tl_dtype_info *di = tl__info(dtype);
  switch (v->kind) {
  case TL_VALUE_BOOL: {
    unsigned char b = v->lo != 0;
    return tl_convert(TL_BOOL, &b, 1, dtype, dst, di->itemsize, 1, 0, NULL);
  }
  case TL_VALUE_INT: {
    if (di->kind == TL_KIND_INT || di->kind == TL_KIND_UINT) {
      tl_iinfo ii;
      tl_iinfo_get(dtype, &ii);
      if (!wrap && !tl__value_fits(v, ii.min, ii.max)) {
        char s[64];
        tl__value_int_str(v, s, sizeof s);
        return tl__error(TL_EOVERFLOW, "OverflowError", "Python integer %s out of bounds for %s", s,
                         tl_dtype_name(dtype));
      }
      /* two's complement of the low 64 bits: wraps modulo 2**64, then the
       * conversion int64 -> narrower int wraps further */
      uint64_t lo = v->negative ? (uint64_t)0 - v->lo : v->lo;
      int64_t s;
      memcpy(&s, &lo, sizeof s);
      return tl_convert(TL_INT64, &s, 8, dtype, dst, di->itemsize, 1, 0, NULL);
    }
    if (dtype == TL_BOOL) {
      unsigned char b = v->lo != 0 || v->hi != 0;
      memcpy(dst, &b, 1);
      return tl__ok();
    }
    if (!v->hi && !v->negative) return tl_convert(TL_UINT64, &v->lo, 8, dtype, dst, di->itemsize, 1, 0, NULL);
    if (!v->hi && v->negative && v->lo <= (UINT64_C(1) << 63)) {
      int64_t s = v->lo == (UINT64_C(1) << 63) ? INT64_MIN : -(int64_t)v->lo;
      return tl_convert(TL_INT64, &s, 8, dtype, dst, di->itemsize, 1, 0, NULL);
    }
    double d = tl__value_as_double(v);
    return tl_convert(TL_FLOAT64, &d, 8, dtype, dst, di->itemsize, 1, 0, NULL);
  }
  case TL_VALUE_FLOAT:
  case TL_VALUE_COMPLEX: {
    double c[2] = {v->re, v->kind == TL_VALUE_COMPLEX ? v->im : 0.0};
    if ((di->kind == TL_KIND_INT || di->kind == TL_KIND_UINT) && !(c[0] - c[0] == 0.0))
      return tl__error(TL_ECAST, "ValueError", "cannot convert float %s to integer",
                       c[0] != c[0] ? "NaN" : "infinity");
    if (v->kind == TL_VALUE_COMPLEX) return tl_convert(TL_COMPLEX128, c, 16, dtype, dst, di->itemsize, 1, 0, NULL);
    return tl_convert(TL_FLOAT64, c, 8, dtype, dst, di->itemsize, 1, 0, NULL);
  }
  default: return tl__error(TL_EINVAL, NULL, "the fill value has no kind (TL_VALUE_NONE)");
  }
}

/* Replicate the first element over the whole contiguous buffer. */
static void replicate(tl_array *a) {
  size_t isz = (size_t)tl__info(a->dtype)->itemsize, total = (size_t)a->size * isz, have = isz;
  char *d = a->data;
  if (a->size == 0) return;
  while (have < total) {
    size_t n = have < total - have ? have : total - have;
    memcpy(d + have, d, n);
    have += n;
  }
}

/* ---- creation --------------------------------------------------------------- */

int tl_array_zeros(tl_dtype dtype, int ndim, const int64_t *shape, tl_array **out) {
  tl_array *a = NULL;
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_array_zeros: out is NULL");
  int st = tl__array_new("tl_array_zeros", dtype, ndim, shape, &a);
  if (st != TL_OK) return st;
  memset(a->data, 0, (size_t)a->size * (size_t)tl__info(dtype)->itemsize);
  *out = a;
  return tl__ok();
}

int tl_array_ones(tl_dtype dtype, int ndim, const int64_t *shape, tl_array **out) {
  tl_array *a = NULL;
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_array_ones: out is NULL");
  int st = tl__array_new("tl_array_ones", dtype, ndim, shape, &a);
  if (st != TL_OK) return st;
  if (a->size) {
    unsigned char one = 1;
    st = tl_convert(TL_BOOL, &one, 1, dtype, a->data, tl__info(dtype)->itemsize, 1, 0, NULL);
    if (st != TL_OK) { /* float4_e2m1fn_x2: no conversion from bool */
      tl_array_free(a);
      return st;
    }
    replicate(a);
  }
  *out = a;
  return tl__ok();
}

static int full_impl(const char *fn, const tl_config *cfg, tl_dtype dtype, const tl_value *fill, int ndim,
                     const int64_t *shape, int wrap, tl_array **out) {
  if (!fill || !out) return tl__error(TL_EINVAL, NULL, "%s: NULL %s", fn, fill ? "out" : "fill");
  int st;
  if (dtype == TL_DTYPE_NONE) {
    tl_kind k;
    switch (fill->kind) {
    case TL_VALUE_BOOL: k = TL_KIND_BOOL; break;
    case TL_VALUE_INT: k = TL_KIND_INT; break;
    case TL_VALUE_FLOAT: k = TL_KIND_FLOAT; break;
    case TL_VALUE_COMPLEX: k = TL_KIND_COMPLEX; break;
    default: return tl__error(TL_EINVAL, NULL, "%s: the fill value has no kind (TL_VALUE_NONE)", fn);
    }
    if ((st = tl_default_dtype(cfg, k, &dtype)) != TL_OK) return st;
  }
  tl_array *a = NULL;
  if ((st = tl__array_new(fn, dtype, ndim, shape, &a)) != TL_OK) return st;
  if (a->size) {
    if ((st = tl__store_value(fill, dtype, a->data, wrap)) != TL_OK) {
      tl_array_free(a);
      return st;
    }
    replicate(a);
  }
  *out = a;
  return tl__ok();
}

int tl_array_full(const tl_config *cfg, tl_dtype dtype, const tl_value *fill, int ndim, const int64_t *shape,
                  tl_array **out) {
  return full_impl("tl_array_full", cfg, dtype, fill, ndim, shape, 0, out);
}

int tl__array_full_wrap(const tl_config *cfg, tl_dtype dtype, const tl_value *fill, tl_array **out) {
  return full_impl("tl_array_full", cfg, dtype, fill, 0, NULL, 1, out);
}

static int is_jax_family(const tl_config *cfg) { return strncmp(tl__rules_name_of(cfg), "jax", 3) == 0; }

int tl_array_from_scalar(const tl_config *cfg, const tl_operand *scalar, tl_array **out) {
  if (!scalar || !out) return tl__error(TL_EINVAL, NULL, "tl_array_from_scalar: NULL %s", scalar ? "out" : "scalar");
  if (scalar->kind != TL_OPERAND_PYSCALAR && scalar->kind != TL_OPERAND_SCALAR && scalar->kind != TL_OPERAND_ZERODIM)
    return tl__error(TL_EINVAL, NULL,
                     "tl_array_from_scalar: the operand must be a Python scalar, a NumPy scalar or a 0-d array "
                     "(kind %d)",
                     (int)scalar->kind);
  if (!scalar->has_value) return tl__error(TL_EINVAL, NULL, "tl_array_from_scalar: the operand has no value");
  tl_dtype dt;
  int st, weak = 0;
  if (scalar->kind == TL_OPERAND_PYSCALAR) {
    if ((st = tl_infer_dtype(cfg, TL_DTYPE_NONE, scalar, 1, TL_KIND_ANY, &dt, NULL)) != TL_OK) return st;
    weak = scalar->dtype != TL_BOOL && is_jax_family(cfg);
  } else {
    dt = scalar->dtype;
  }
  tl_array *a = NULL;
  if ((st = full_impl("tl_array_from_scalar", cfg, dt, &scalar->value, 0, NULL, 0, &a)) != TL_OK) return st;
  a->weak = weak;
  *out = a;
  return TL_OK;
}

int tl_array_view(tl_dtype dtype, int weak, void *data, int ndim, const int64_t *shape, const ptrdiff_t *strides,
                  tl_array **out) {
  int64_t size;
  int st;
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_array_view: out is NULL");
  if ((st = check_shape("tl_array_view", dtype, ndim, shape, &size)) != TL_OK) return st;
  if (!data && size > 0) return tl__error(TL_EINVAL, NULL, "tl_array_view: data is NULL with %lld elements", (long long)size);
  if (strides && size > 0) {
    /* the byte span max - min of the addressed elements must fit */
    int64_t lo = 0, hi = 0;
    const int64_t lim = PTRDIFF_MAX / 2;
    for (int i = 0; i < ndim; i++) {
      int64_t s = strides[i], e = shape[i] - 1;
      if (e == 0) continue;
      if (s > lim || s < -lim || (s != 0 && e > lim / (s < 0 ? -s : s)))
        return tl__error(TL_ERANGE, "ValueError", "tl_array_view: the byte span of dimension %d (extent %lld, stride %lld) overflows",
                         i, (long long)shape[i], (long long)s);
      if (s > 0) hi += s * e;
      else lo += s * e;
      if (hi > lim || lo < -lim) return tl__error(TL_ERANGE, "ValueError", "tl_array_view: the byte span of the view overflows");
    }
  }
  tl_array *a = calloc(1, sizeof *a);
  if (!a) return tl__error(TL_ENOMEM, NULL, "tl_array_view: out of memory");
  a->dtype = dtype;
  a->weak = weak != 0;
  a->ndim = ndim;
  for (int i = 0; i < ndim; i++) a->shape[i] = shape[i];
  if (strides)
    for (int i = 0; i < ndim; i++) a->strides[i] = strides[i];
  else
    c_strides(a);
  a->data = data;
  a->size = size;
  *out = a;
  return tl__ok();
}

/* ---- broadcasting ------------------------------------------------------------ */

static int check_plain_shape(const char *fn, int ndim, const int64_t *shape) {
  if (ndim < 0 || ndim > TL_MAX_NDIM)
    return tl__error(TL_EINVAL, "ValueError", "%s: ndim = %d is outside 0..%d", fn, ndim, TL_MAX_NDIM);
  if (ndim > 0 && !shape) return tl__error(TL_EINVAL, NULL, "%s: shape is NULL with ndim = %d", fn, ndim);
  for (int i = 0; i < ndim; i++)
    if (shape[i] < 0)
      return tl__error(TL_EINVAL, "ValueError", "%s: negative dimensions are not allowed (shape[%d] = %lld)", fn, i,
                       (long long)shape[i]);
  return TL_OK;
}

int tl_broadcast_shapes(int ndim_a, const int64_t *shape_a, int ndim_b, const int64_t *shape_b, int *ndim_out,
                        int64_t *shape_out) {
  int st;
  if (!ndim_out || !shape_out) return tl__error(TL_EINVAL, NULL, "tl_broadcast_shapes: NULL output");
  if ((st = check_plain_shape("tl_broadcast_shapes", ndim_a, shape_a)) != TL_OK ||
      (st = check_plain_shape("tl_broadcast_shapes", ndim_b, shape_b)) != TL_OK)
    return st;
  int nd = ndim_a > ndim_b ? ndim_a : ndim_b;
  int64_t res[TL_MAX_NDIM];
  for (int i = 0; i < nd; i++) {
    int ia = i - (nd - ndim_a), ib = i - (nd - ndim_b);
    int64_t ea = ia >= 0 ? shape_a[ia] : 1, eb = ib >= 0 ? shape_b[ib] : 1;
    if (ea == eb || eb == 1) res[i] = ea;
    else if (ea == 1) res[i] = eb;
    else {
      char sa[32 * 22], sb[32 * 22];
      tl__shape_str(ndim_a, shape_a, sa, sizeof sa);
      tl__shape_str(ndim_b, shape_b, sb, sizeof sb);
      return tl__error(TL_EINVAL, "ValueError", "operands could not be broadcast together with shapes %s %s", sa, sb);
    }
  }
  *ndim_out = nd;
  memcpy(shape_out, res, sizeof(int64_t) * (size_t)nd);
  return tl__ok();
}

int tl_array_broadcast_to(const tl_array *a, int ndim, const int64_t *shape, tl_array **out) {
  int st;
  if (!a || !out) return tl__error(TL_EINVAL, NULL, "tl_array_broadcast_to: NULL %s", a ? "out" : "array");
  if ((st = check_plain_shape("tl_array_broadcast_to", ndim, shape)) != TL_OK) return st;
  int ok = ndim >= a->ndim;
  for (int i = 0; ok && i < a->ndim; i++) {
    int64_t e = a->shape[i], t = shape[ndim - a->ndim + i];
    if (e != t && e != 1) ok = 0;
  }
  if (!ok) {
    char sa[32 * 22], sb[32 * 22];
    tl__shape_str(a->ndim, a->shape, sa, sizeof sa);
    tl__shape_str(ndim, shape, sb, sizeof sb);
    return tl__error(TL_EINVAL, "ValueError", "cannot broadcast array of shape %s to shape %s", sa, sb);
  }
  int64_t size;
  if ((st = check_shape("tl_array_broadcast_to", a->dtype, ndim, shape, &size)) != TL_OK) return st;
  tl_array *v = calloc(1, sizeof *v);
  if (!v) return tl__error(TL_ENOMEM, NULL, "tl_array_broadcast_to: out of memory");
  *v = *a;
  v->ndim = ndim;
  for (int i = 0; i < ndim; i++) {
    int ia = i - (ndim - a->ndim);
    v->shape[i] = shape[i];
    v->strides[i] = (ia >= 0 && a->shape[ia] == shape[i]) ? a->strides[ia] : 0;
  }
  for (int i = ndim; i < TL_MAX_NDIM; i++) v->shape[i] = 0, v->strides[i] = 0;
  v->size = size;
  if (v->base_) atomic_fetch_add_explicit(&((tl__buf *)v->base_)->refs, 1, memory_order_relaxed);
  *out = v;
  return tl__ok();
}

/* ---- astype ------------------------------------------------------------------- */

typedef struct {
  tl_dtype from, to;
  unsigned flags;
  int64_t done;    /* elements converted so far (C order) */
  size_t fail;     /* index within the failing row */
} astype_ctx;

static int astype_row(void *vctx, char *const *p, const ptrdiff_t *s, int64_t n) {
  astype_ctx *c = vctx;
  size_t fail = 0;
  int st = tl_convert(c->from, p[0], s[0], c->to, p[1], s[1], (size_t)n, c->flags, &fail);
  if (st != TL_OK) {
    c->fail = fail;
    return st;
  }
  c->done += n;
  return TL_OK;
}

static int check_array(const char *fn, const tl_array *a, const char *what) {
  if (!a) return tl__error(TL_EINVAL, NULL, "%s: %s is NULL", fn, what);
  if (!tl__concrete(a->dtype) || a->ndim < 0 || a->ndim > TL_MAX_NDIM)
    return tl__error(TL_EINVAL, NULL, "%s: %s is not a valid array (dtype %d, ndim %d)", fn, what, (int)a->dtype,
                     a->ndim);
  return TL_OK;
}

static const char *const casting_names[] = {"no", "equiv", "safe", "same_kind", "unsafe"};

int tl_array_astype(const tl_config *cfg, const tl_array *a, tl_dtype dtype, tl_casting casting, unsigned flags,
                    tl_array **out) {
  int st;
  if ((st = check_array("tl_array_astype", a, "array")) != TL_OK) return st;
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_array_astype: out is NULL");
  if ((int)casting < TL_CASTING_NO || casting > TL_CASTING_UNSAFE)
    return tl__error(TL_EINVAL, NULL, "tl_array_astype: invalid casting value %d", (int)casting);
  if (flags & ~(TL_CONVERT_SATURATE | TL_CONVERT_CHECKED))
    return tl__error(TL_EINVAL, NULL, "tl_array_astype: unknown flags 0x%x", flags);
  if (!tl__valid_dtype(dtype)) return tl__error(TL_EDTYPE, NULL, "tl_array_astype: invalid dtype value %d", (int)dtype);
  if (!tl__concrete(dtype))
    return tl__error(TL_EDTYPE, NULL, "tl_array_astype: '%s' is a weak kind, not a concrete dtype", tl_dtype_name(dtype));
  if (casting != TL_CASTING_UNSAFE) {
    int ok;
    if ((st = tl_can_cast(cfg, a->dtype, TL_BYTEORDER_NATIVE, dtype, TL_BYTEORDER_NATIVE, casting, &ok)) != TL_OK)
      return st;
    if (!ok)
      return tl__error(TL_ECAST, "TypeError",
                       "Cannot cast array data from dtype('%s') to dtype('%s') according to the rule '%s'",
                       tl_dtype_name(a->dtype), tl_dtype_name(dtype), casting_names[casting]);
  }
  tl_array *r;
  if ((st = tl__array_new("tl_array_astype", dtype, a->ndim, a->shape, &r)) != TL_OK) return st;
  astype_ctx c = {a->dtype, dtype, flags, 0, 0};
  char *base[2] = {a->data, r->data};
  const ptrdiff_t *strides[2] = {a->strides, r->strides};
  st = tl__iterate(a->ndim, a->shape, 2, base, strides, astype_row, &c);
  if (st != TL_OK) {
    tl_array_free(r);
    if (st == TL_ECAST)
      return tl__error(TL_ECAST, "ValueError", "astype: element %lld (C order) of %s does not survive the conversion to %s",
                       (long long)(c.done + (int64_t)c.fail), tl_dtype_name(a->dtype), tl_dtype_name(dtype));
    return st;
  }
  *out = r;
  return tl__ok();
}

/* ---- promotion of inputs -------------------------------------------------------- */

static int astype_all(const char *fn, const tl_array *const *in, size_t n, tl_dtype dt, int weak, tl_array **res) {
  for (size_t i = 0; i < n; i++) {
    int st = tl_array_astype(NULL, in[i], dt, TL_CASTING_UNSAFE, 0, &res[i]);
    if (st != TL_OK) {
      for (size_t j = 0; j < i; j++) tl_array_free(res[j]);
      (void)fn;
      return st;
    }
    res[i]->weak = weak;
  }
  return TL_OK;
}

int tl_promote_arrays(const tl_config *cfg, const tl_array *const *in, size_t n, tl_array **out) {
  int st;
  if (!in || !out) return tl__error(TL_EINVAL, NULL, "tl_promote_arrays: NULL %s", in ? "out" : "in");
  if (n == 0) return tl__error(TL_EINVAL, "ValueError", "tl_promote_arrays: at least one array is required");
  if (n > 4096) return tl__error(TL_ERANGE, NULL, "tl_promote_arrays: n = %zu is too large (at most 4096)", n);
  tl_operand ops[64], *opp = ops;
  tl_array *tmp[64], **res = tmp;
  if (n > 64) {
    opp = malloc(n * sizeof *opp);
    res = malloc(n * sizeof *res);
    if (!opp || !res) {
      free(opp), free(res);
      return tl__error(TL_ENOMEM, NULL, "tl_promote_arrays: out of memory");
    }
  }
  for (size_t i = 0; i < n; i++) {
    char what[32];
    snprintf(what, sizeof what, "in[%zu]", i);
    if ((st = check_array("tl_promote_arrays", in[i], what)) != TL_OK) goto done;
    opp[i] = tl_operand_array(in[i]->dtype, in[i]->weak);
  }
  tl_result r;
  if ((st = tl_result_type(cfg, opp, n, &r)) != TL_OK) goto done;
  if ((st = astype_all("tl_promote_arrays", in, n, r.dtype, r.weak, res)) != TL_OK) goto done;
  memcpy(out, res, n * sizeof *res);
  st = tl__ok();
done:
  if (n > 64) free(opp), free(res);
  return st;
}

/* Ivy's _get_target_dtype(scalar, array) (ivy.md §3.1). */
static int ivy_target(const tl_config *cfg, const tl_operand *s, tl_dtype arr, tl_dtype *out) {
  tl_dtype sd = s->dtype;
  if (sd == TL_WEAK_FLOAT && tl_dtype_is_integer(arr)) *out = TL_FLOAT64;
  else if (arr == TL_BOOL && sd != TL_BOOL) return tl_infer_dtype(cfg, TL_DTYPE_NONE, s, 1, TL_KIND_ANY, out, NULL);
  else if (sd == TL_WEAK_COMPLEX && !tl_dtype_is_complex(arr)) *out = TL_COMPLEX128;
  else *out = arr;
  return TL_OK;
}

int tl_promote_inputs(const tl_config *cfg, const tl_input *in, size_t n, unsigned flags, tl_array **out) {
  int st;
  if (!in || !out) return tl__error(TL_EINVAL, NULL, "tl_promote_inputs: NULL %s", in ? "out" : "in");
  if (n == 0) return tl__error(TL_EINVAL, "ValueError", "tl_promote_inputs: at least one input is required");
  if (n > 64) return tl__error(TL_ERANGE, NULL, "tl_promote_inputs: n = %zu is too large (at most 64)", n);
  if (flags & ~TL_PROMOTE_IVY_SCALARS) return tl__error(TL_EINVAL, NULL, "tl_promote_inputs: unknown flags 0x%x", flags);
  const tl_array *first = NULL;
  for (size_t i = 0; i < n; i++) {
    if (in[i].array) {
      char what[32];
      snprintf(what, sizeof what, "in[%zu].array", i);
      if ((st = check_array("tl_promote_inputs", in[i].array, what)) != TL_OK) return st;
      if (!first) first = in[i].array;
      continue;
    }
    const tl_operand *s = &in[i].scalar;
    if ((s->kind != TL_OPERAND_PYSCALAR && s->kind != TL_OPERAND_SCALAR) || !s->has_value)
      return tl__error(TL_EINVAL, NULL,
                       "tl_promote_inputs: in[%zu] has no array and its scalar is not a Python or NumPy scalar with a "
                       "value",
                       i);
  }
  tl_dtype dt;
  int weak = 0;
  if (flags & TL_PROMOTE_IVY_SCALARS) {
    for (size_t i = 0; i < n; i++) {
      tl_dtype d;
      if (in[i].array) d = in[i].array->dtype;
      else if (in[i].scalar.kind == TL_OPERAND_SCALAR) d = in[i].scalar.dtype;
      else if (first) {
        if ((st = ivy_target(cfg, &in[i].scalar, first->dtype, &d)) != TL_OK) return st;
      } else if ((st = tl_infer_dtype(cfg, TL_DTYPE_NONE, &in[i].scalar, 1, TL_KIND_ANY, &d, NULL)) != TL_OK)
        return st;
      if (i == 0) dt = d;
      else if ((st = tl_promote_types(cfg, dt, d, &dt)) != TL_OK) return st;
    }
  } else {
    tl_operand ops[64];
    for (size_t i = 0; i < n; i++)
      ops[i] = in[i].array ? tl_operand_array(in[i].array->dtype, in[i].array->weak) : in[i].scalar;
    tl_config c = *tl__cfg(cfg);
    c.op = 1;
    tl_result r;
    if ((st = tl_result_type(&c, ops, n, &r)) != TL_OK) return st;
    dt = r.dtype;
    weak = r.weak;
  }
  if (!tl__concrete(dt))
    return tl__error(TL_EDTYPE, NULL, "tl_promote_inputs: the promoted type %s is not a concrete dtype", tl_dtype_name(dt));
  tl_array *res[64];
  const char *rn = tl__rules_name_of(cfg);
  const int tf_classic = strcmp(rn, "tensorflow") == 0, tf = strncmp(rn, "tensorflow", 10) == 0;
  const int wrap_ints = is_jax_family(cfg) ? 1 : strcmp(rn, "torch") == 0 ? 2 : tf ? 3 : 0;
  for (size_t i = 0; i < n; i++) {
    if (in[i].array) st = tl_array_astype(cfg, in[i].array, dt, TL_CASTING_UNSAFE, 0, &res[i]);
    /* a JAX or PyTorch Python int wraps into the dtype (jnp.add(uint8 x, -7) and
       torch.add(uint8 x, -7) are x + 249): JAX's range check is the default int's, which
       tl_result_type made in op mode (OverflowError beyond int32 / int64); PyTorch's int64's and uint64's, [-2**63, 2**64) (int8 + 2**63 is int8 + 0) */
    else if (wrap_ints == 2 && in[i].scalar.value.kind == TL_VALUE_INT &&
             !tl__value_fits(&in[i].scalar.value, INT64_MIN, UINT64_MAX)) { /* torch reads [2**63, 2**64) as uint64 */
      tl_clear_error();
      st = tl__error(TL_EOVERFLOW, "RuntimeError", "Overflow when unpacking long");
    } else if (wrap_ints == 3 && in[i].scalar.value.kind == TL_VALUE_INT &&
               (tf_classic ? (tl_dtype_is_integer(dt) || dt == TL_BFLOAT16) &&
                                 !(dt == TL_UINT64 ? tl__value_fits(&in[i].scalar.value, 0, UINT64_MAX)
                                                   : tl__value_fits(&in[i].scalar.value, INT64_MIN, INT64_MAX))
                           : !tl__value_fits(&in[i].scalar.value, INT32_MIN, INT32_MAX))) {
      /* TensorFlow converts a Python int to a tensor (int64 in classic mode,
         int32 in the "all"/"safe" modes), then casts it, wrapping (tf.add(int8
         x, 300) is x + 44; TensorFlow 2.21, measured) */
      char v[48];
      tl__value_int_str(&in[i].scalar.value, v, sizeof v);
      tl_clear_error();
      st = tf_classic ? tl__error(TL_EOVERFLOW, "ValueError", "Can't convert Python sequence with out-of-range integer to Tensor.")
                      : tl__error(TL_EOVERFLOW, "OverflowError", "Python int %s too large to convert to np.int32", v);
    } else
      st = full_impl("tl_promote_inputs", cfg, dt, &in[i].scalar.value, 0, NULL,
                     (flags & TL_PROMOTE_IVY_SCALARS) != 0 || wrap_ints != 0, &res[i]);
    if (st != TL_OK) {
      for (size_t j = 0; j < i; j++) tl_array_free(res[j]);
      return st;
    }
    res[i]->weak = weak;
  }
  memcpy(out, res, n * sizeof *res);
  return tl__ok();
}
