/* fuzz_convert.c — tl_convert, differentially.
 * Input: byte 0 `from`, byte 1 `to` (values past the catalogue are bad
 * dtypes), byte 2 flags (bit 0 saturate, bit 1 checked, bits 2-7 extra
 * elements), the rest the source bytes, repeated to fill 1024 + extra
 * elements (so the block-wise SIMD chains of convert_plan.c run) and cut to
 * whole elements. Properties:
 *   - bad dtypes fail with TL_EDTYPE and write nothing;
 *   - every SIMD tier gives the scalar tier's bytes (contiguous);
 *   - a strided call (stride 2 items, both sides) gives the contiguous bytes;
 *   - checked mode: success gives the unchecked bytes; TL_ECAST names an
 *     index < n, leaves the destination untouched, and converting the
 *     elements before it alone passes the check while that one alone fails. */
#include "fuzz_common.h"

static const char *const fz_tiers[] = {"scalar", "avx2", "avx512"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4) return 0;
  const int fr = data[0], tr = data[1];
  const unsigned sat = data[2] & 1u, checked = (data[2] >> 1) & 1u;
  const size_t extra = data[2] >> 2;
  data += 3, size -= 3;
  tl_dtype from = (tl_dtype)fr, to = (tl_dtype)tr;
  unsigned char probe[16] = {0}, sentinel[16];
  memset(sentinel, 0x5A, sizeof sentinel);
  /* a bad dtype (TL_EDTYPE) or a float4_e2m1fn_x2 pair (TL_EUNSUPPORTED): refused, nothing written */
  int want = TL_OK;
  if (fr >= TL_NUM_CONCRETE || tr >= TL_NUM_CONCRETE || tl_dtype_is_weak(from) || tl_dtype_is_weak(to))
    want = TL_EDTYPE;
  else if ((from == TL_FLOAT4_E2M1FN_X2) != (to == TL_FLOAT4_E2M1FN_X2))
    want = TL_EUNSUPPORTED;
  if (want != TL_OK) {
    unsigned char out[16];
    memcpy(out, sentinel, sizeof out);
    int st = tl_convert(from, probe, 1, to, out, 1, 1, 0, NULL);
    fz_status(st, "tl_convert");
    FZ_CHECK(st == want, "refused pair %d -> %d gave %s, not %s", fr, tr, tl_status_name(st), tl_status_name(want));
    FZ_CHECK(memcmp(out, sentinel, sizeof out) == 0, "tl_convert wrote output for a refused pair %d -> %d", fr, tr);
    return 0;
  }
  const size_t fs = (size_t)tl_dtype_get(from)->itemsize, ts = (size_t)tl_dtype_get(to)->itemsize;
  const size_t n = 1024 + extra;
  unsigned char *src = malloc(n * fs), *ref = malloc(n * ts), *out = malloc(n * ts);
  unsigned char *ssrc = malloc(2 * n * fs), *sdst = malloc(2 * n * ts);
  if (!src || !ref || !out || !ssrc || !sdst) abort();
  for (size_t i = 0; i < n * fs; i++) src[i] = data[i % size];
  const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;

  /* every tier against the scalar one */
  const char *best = tl_convert_tier();
  FZ_CHECK(tl_convert_set_tier("scalar") == TL_OK, "set scalar tier");
  int st = tl_convert_contiguous(from, src, to, ref, n, flags, NULL);
  fz_status(st, "tl_convert_contiguous");
  FZ_CHECK(st == TL_OK, "scalar %s -> %s failed", tl_dtype_name(from), tl_dtype_name(to));
  for (int t = 1; t < 3; t++) {
    if (tl_convert_set_tier(fz_tiers[t]) != TL_OK) break;
    memset(out, 0xA5, n * ts);
    FZ_CHECK(tl_convert_contiguous(from, src, to, out, n, flags, NULL) == TL_OK, "tier %s failed", fz_tiers[t]);
    for (size_t i = 0; i < n * ts; i++)
      FZ_CHECK(out[i] == ref[i], "tier %s: %s -> %s%s differs from scalar at element %zu", fz_tiers[t],
               tl_dtype_name(from), tl_dtype_name(to), sat ? " (saturate)" : "", i / ts);
  }
  FZ_CHECK(tl_convert_set_tier(best) == TL_OK, "restore tier %s", best);

  /* strided == contiguous */
  for (size_t i = 0; i < n; i++) memcpy(ssrc + 2 * i * fs, src + i * fs, fs);
  memset(sdst, 0xA5, 2 * n * ts);
  FZ_CHECK(tl_convert(from, ssrc, (ptrdiff_t)(2 * fs), to, sdst, (ptrdiff_t)(2 * ts), n, flags, NULL) == TL_OK,
           "strided call failed");
  for (size_t i = 0; i < n; i++)
    FZ_CHECK(memcmp(sdst + 2 * i * ts, ref + i * ts, ts) == 0, "strided %s -> %s differs at element %zu",
             tl_dtype_name(from), tl_dtype_name(to), i);

  /* checked mode */
  if (checked) {
    size_t bad = (size_t)-1;
    memset(out, 0xA5, n * ts);
    st = tl_convert_contiguous(from, src, to, out, n, flags | TL_CONVERT_CHECKED, &bad);
    fz_status(st, "tl_convert_contiguous (checked)");
    if (st == TL_OK) {
      FZ_CHECK(memcmp(out, ref, n * ts) == 0, "checked success differs from the unchecked result");
    } else {
      FZ_CHECK(st == TL_ECAST, "checked mode gave %s", tl_status_name(st));
      FZ_CHECK(bad < n, "fail index %zu of %zu", bad, n);
      for (size_t i = 0; i < n * ts; i++) FZ_CHECK(out[i] == 0xA5, "checked failure wrote the destination");
      size_t again = (size_t)-1;
      if (bad > 0)
        FZ_CHECK(tl_convert_contiguous(from, src, to, out, bad, flags | TL_CONVERT_CHECKED, &again) == TL_OK,
                 "the %zu elements before the failing one do not pass alone", bad);
      FZ_CHECK(tl_convert_contiguous(from, src + bad * fs, to, out, 1, flags | TL_CONVERT_CHECKED, &again) ==
                       TL_ECAST && again == 0,
               "element %zu does not fail alone", bad);
    }
  }
  free(src), free(ref), free(out), free(ssrc), free(sdst);
  tl_clear_error();
  return 0;
}
