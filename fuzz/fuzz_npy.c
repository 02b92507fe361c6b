/* fuzz_npy.c — the .npy header parser (src/npy.h, internal API).
 * Input: the first bytes of a .npy file. Properties: no crash; never reads
 * past len (the replay driver and libFuzzer hand over an exact-size heap
 * buffer, so ASan sees any overread); the error contract; output untouched
 * on failure; a parsed header is sane (concrete dtype, ndim <= 32, count =
 * product of the shape, data_offset inside the buffer); and a header written
 * by tl__npy_write_header parses back to the same dtype and count. */
#include "fuzz_common.h"
#include "npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tl_npy_header h, sentinel;
  memset(&h, 0x6B, sizeof h);
  sentinel = h;
  int st = tl__npy_parse(data, size, &h);
  fz_status(st, "tl__npy_parse");
  if (st != TL_OK) {
    FZ_CHECK(memcmp(&h, &sentinel, sizeof h) == 0, "tl__npy_parse wrote output on failure");
    FZ_CHECK(st == TL_EPARSE || st == TL_EUNSUPPORTED || st == TL_EOVERFLOW, "unexpected status %s",
             tl_status_name(st));
    return 0;
  }
  FZ_CHECK((int)h.dtype >= 0 && (int)h.dtype < TL_NUM_CONCRETE, "dtype %d", (int)h.dtype);
  FZ_CHECK(h.ndim >= 0 && h.ndim <= TL_NPY_MAX_DIMS, "ndim %d", h.ndim);
  FZ_CHECK(h.major >= 1 && h.major <= 3, "version %d.%d", h.major, h.minor);
  FZ_CHECK(h.fortran_order == 0 || h.fortran_order == 1, "fortran_order %d", h.fortran_order);
  size_t prod = 1;
  for (int i = 0; i < h.ndim; i++) prod *= h.shape[i]; /* no overflow: the parser checked */
  FZ_CHECK(prod == h.count, "count %zu but shape product %zu", h.count, prod);
  FZ_CHECK(h.data_offset <= size && h.data_offset >= 10, "data_offset %zu of %zu bytes", h.data_offset, size);

  /* write a header for the same dtype/count and read it back */
  const char *descr = tl__npy_descr(h.dtype);
  uint8_t buf[256];
  size_t len = 0;
  st = tl__npy_write_header(h.dtype, h.count, buf, sizeof buf, &len);
  fz_status(st, "tl__npy_write_header");
  FZ_CHECK((st == TL_OK) == (descr != NULL), "write_header vs descr for %s", tl_dtype_name(h.dtype));
  if (st == TL_OK) {
    FZ_CHECK(len > 0 && len <= sizeof buf && len % 64 == 0, "header length %zu", len);
    uint8_t *exact = malloc(len);
    if (!exact) abort();
    memcpy(exact, buf, len);
    tl_npy_header back;
    st = tl__npy_parse(exact, len, &back);
    fz_status(st, "tl__npy_parse(written)");
    FZ_CHECK(st == TL_OK && back.dtype == h.dtype && back.count == h.count && back.ndim == 1 &&
                 back.data_offset == len,
             "written header for %s x %zu does not parse back", tl_dtype_name(h.dtype), h.count);
    free(exact);
  }
  return 0;
}
