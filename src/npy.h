/* npy.h — minimal .npy (format 1.0-3.0) header reader/writer. Internal API,
 * used by the `typelattice cast` command; it will get a fuzzer. */
#ifndef TL_NPY_H
#define TL_NPY_H

#include "typelattice.h"

#include <stddef.h>

#define TL_NPY_MAX_DIMS 32

typedef struct tl_npy_header {
  int major, minor;          /* format version */
  tl_dtype dtype;            /* from 'descr' (NumPy builtin little-endian codes) */
  int fortran_order;
  int ndim;
  size_t shape[TL_NPY_MAX_DIMS];
  size_t count;              /* product of shape (1 for shape ()) */
  size_t data_offset;        /* bytes before the data (magic + lengths + header) */
} tl_npy_header;

/* Parse the header at buf[0..len). Never reads past len. TL_EPARSE (bad magic,
 * version, length, dict syntax, missing key), TL_EUNSUPPORTED (a descr that
 * is not a little-endian/byte NumPy bool/int/uint/float/complex code),
 * TL_EOVERFLOW (shape product overflows), TL_EINVAL (NULL). The message names
 * the problem. Does not check that the data is all there: the caller compares
 * data_offset + count * itemsize with the file size. */
int tl__npy_parse(const void *buf, size_t len, tl_npy_header *out);

/* The .npy descr for a dtype ("<f4"), or NULL when NumPy has no builtin code
 * for it (bfloat16, float8, int4 ...). */
const char *tl__npy_descr(tl_dtype d);

/* Write a version 1.0 header for a 1-d array of `count` elements into buf
 * (cap >= 128 is always enough); *len receives its length (a multiple of 64).
 * TL_EUNSUPPORTED for dtypes without a descr. */
int tl__npy_write_header(tl_dtype d, size_t count, void *buf, size_t cap, size_t *len);

/* The largest header tl__npy_write_header_nd writes (32 dims of 20 digits fit). */
#define TL_NPY_HEADER_MAX 1024

/* Write a version 1.0 header for an array of the given shape (ndim 0..32;
 * shape () is a 0-d array of one element) and memory order, laid out as NumPy
 * writes it; cap >= TL_NPY_HEADER_MAX is always enough. TL_EUNSUPPORTED for
 * dtypes without a descr, TL_EINVAL for a bad ndim or a small buffer. */
int tl__npy_write_header_nd(tl_dtype d, int ndim, const size_t *shape, int fortran_order, void *buf, size_t cap,
                            size_t *len);

#endif
