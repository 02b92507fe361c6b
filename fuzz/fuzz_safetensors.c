/* fuzz_safetensors.c — the .safetensors reader/writer (src/safetensors.h,
 * internal API). Input: a whole .safetensors file. Properties: no crash, never
 * reads past len (exact-size buffer); the error contract; output untouched on
 * failure; a parsed file is consistent (tensors sorted by offset and tiling
 * the data section exactly, byte sizes = count x bits / 8, known codes); and
 * the header tl__st_write_header writes for it parses back to the same
 * tensors and metadata. */
#include "fuzz_common.h"
#include "safetensors.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tl_st_file f, sentinel;
  memset(&f, 0x6B, sizeof f);
  sentinel = f;
  int st = tl__st_parse_file(data, size, &f);
  fz_status(st, "tl__st_parse_file");
  if (st != TL_OK) {
    FZ_CHECK(memcmp(&f, &sentinel, sizeof f) == 0, "tl__st_parse_file wrote output on failure");
    FZ_CHECK(st == TL_EPARSE || st == TL_EOVERFLOW || st == TL_ENOMEM, "unexpected status %s", tl_status_name(st));
    return 0;
  }
  FZ_CHECK(8 + f.header_len + f.data_len == size, "sizes %llu + %llu != %zu", (unsigned long long)f.header_len,
           (unsigned long long)f.data_len, size - 8);
  uint64_t pos = 0;
  for (size_t i = 0; i < f.ntensors; i++) {
    const tl_st_tensor *t = &f.tensors[i];
    FZ_CHECK(t->begin == pos && t->end >= t->begin, "tensor %zu at [%llu, %llu], expected %llu", i,
             (unsigned long long)t->begin, (unsigned long long)t->end, (unsigned long long)pos);
    FZ_CHECK(t->code && t->bits > 0 && (t->end - t->begin) * 8 == t->count * (uint64_t)t->bits,
             "tensor %zu size", i);
    FZ_CHECK(t->dtype == TL_DTYPE_NONE || (tl__st_code(t->dtype) && !strcmp(tl__st_code(t->dtype), t->code)),
             "tensor %zu code %s vs dtype", i, t->code);
    uint64_t c = 1;
    for (int k = 0; k < t->ndim; k++) c *= t->shape[k];
    FZ_CHECK(c == t->count, "tensor %zu count", i);
    pos = t->end;
  }
  FZ_CHECK(pos == f.data_len, "tensors end at %llu of %llu", (unsigned long long)pos, (unsigned long long)f.data_len);

  unsigned char *h = NULL;
  size_t hl = 0;
  st = tl__st_write_header(&f, &h, &hl);
  fz_status(st, "tl__st_write_header");
  if (st == TL_OK) {
    FZ_CHECK(hl >= 8 && (hl - 8) % 8 == 0, "written header length %zu", hl);
    size_t total = hl + (size_t)f.data_len;
    uint8_t *w = calloc(1, total ? total : 1);
    if (!w) abort();
    memcpy(w, h, hl);
    tl_st_file g;
    st = tl__st_parse_file(w, total, &g);
    fz_status(st, "tl__st_parse_file(written)");
    FZ_CHECK(st == TL_OK && g.ntensors == f.ntensors && g.nmeta == f.nmeta && g.has_meta == f.has_meta,
             "written header does not parse back");
    for (size_t i = 0; i < f.ntensors; i++) {
      FZ_CHECK(!strcmp(g.tensors[i].name, f.tensors[i].name) && g.tensors[i].code == f.tensors[i].code &&
                   g.tensors[i].begin == f.tensors[i].begin && g.tensors[i].ndim == f.tensors[i].ndim,
               "tensor %zu differs after the round trip", i);
    }
    for (size_t i = 0; i < 2 * f.nmeta; i++) FZ_CHECK(!strcmp(g.meta[i], f.meta[i]), "metadata %zu differs", i);
    tl__st_free(&g);
    free(w);
    free(h);
  }
  tl__st_free(&f);
  return 0;
}
