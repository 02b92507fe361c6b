/* safetensors.h — .safetensors header reader/writer (internal API, used by
 * `typelattice cast`; fuzzed by fuzz/fuzz_safetensors.c).
 *
 * A file is: an 8-byte little-endian header length N, N bytes of JSON (an
 * object; "__metadata__" maps strings to strings, every other key names a
 * tensor {"dtype": CODE, "shape": [..], "data_offsets": [begin, end]} with
 * offsets relative to the data section), then the data section. We validate
 * as the safetensors package does: N <= 100,000,000 and inside the file, UTF-8
 * JSON starting with '{', offsets that tile the data section exactly (sorted,
 * contiguous, no overlap, no gap, no trailing bytes), byte sizes that match
 * dtype x shape. */
#ifndef TL_SAFETENSORS_H
#define TL_SAFETENSORS_H

#include "typelattice.h"

#include <stddef.h>
#include <stdint.h>

#define TL_ST_MAX_HEADER 100000000u

typedef struct tl_st_tensor {
  char *name;           /* UTF-8, NUL-terminated (names with NUL are rejected) */
  const char *code;     /* "F32", "BF16" ... (static string) */
  tl_dtype dtype;       /* TL_DTYPE_NONE for codes without a catalogue type (F4, F6_*: packed) */
  int bits;             /* bits per element */
  int ndim;
  uint64_t *shape;      /* ndim entries (NULL when ndim == 0) */
  uint64_t count;       /* product of the shape */
  uint64_t begin, end;  /* byte offsets in the data section */
} tl_st_tensor;

typedef struct tl_st_file {
  uint64_t header_len;  /* N */
  uint64_t data_len;    /* bytes of the data section */
  size_t ntensors;
  tl_st_tensor *tensors; /* sorted by data offset */
  size_t nmeta;
  char **meta;           /* 2 * nmeta strings: key, value, ... (UTF-8) */
  int has_meta;          /* "__metadata__" present (an object) */
} tl_st_file;

/* The header length from the first 8 bytes, checked against the file size:
 * TL_EPARSE naming the problem (too large, past the end of the file). */
int tl__st_header_len(const unsigned char prefix[8], uint64_t file_size, uint64_t *n);
/* Parse the JSON header (json[0..n)) of a file whose data section holds
 * data_len bytes. On success *out owns its memory (tl__st_free). Errors:
 * TL_EPARSE (syntax, UTF-8, structure, offsets: the message names the tensor),
 * TL_EOVERFLOW (shape product), TL_ENOMEM, TL_EINVAL (NULL). *out is untouched
 * on failure. */
int tl__st_parse(const void *json, size_t n, uint64_t data_len, tl_st_file *out);
/* A whole file in memory: prefix + header + data-section size checks. */
int tl__st_parse_file(const void *buf, size_t len, tl_st_file *out);
void tl__st_free(tl_st_file *f);

/* The safetensors code of a catalogue dtype ("BF16"), NULL when it has none. */
const char *tl__st_code(tl_dtype d);

/* Serialise a header for f's tensors in f's order with their current code,
 * shape and begin/end (the caller lays them out) and f's metadata: the
 * 8-byte length + JSON padded with spaces to a multiple of 8. *out is malloc'ed. */
int tl__st_write_header(const tl_st_file *f, unsigned char **out, size_t *len);

#endif
