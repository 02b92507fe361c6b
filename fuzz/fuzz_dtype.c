/* fuzz_dtype.c — tl_dtype_parse and the other name parsers.
 * Input: a name (bytes up to the first NUL). Properties: no crash; the error
 * contract; output untouched on failure; a parsed dtype is valid, its
 * canonical name parses back to it, and the catalogue/classification/DLPack
 * answers agree with each other. */
#include "fuzz_common.h"

static void check_dtype_consistency(tl_dtype d) {
  const tl_dtype_info *info = tl_dtype_get(d);
  FZ_CHECK(info != NULL && info->id == d, "tl_dtype_get(%d)", (int)d);
  const char *name = tl_dtype_name(d);
  tl_dtype back = TL_DTYPE_NONE;
  int st = tl_dtype_parse(name, &back, NULL);
  fz_status(st, "tl_dtype_parse(canonical)");
  FZ_CHECK(st == TL_OK && back == d, "canonical name '%s' does not parse back to %d", name, (int)d);
  FZ_CHECK(tl_dtype_is_integer(d) == (tl_dtype_is_signed(d) || tl_dtype_is_unsigned(d)), "integer class of %s", name);
  FZ_CHECK(tl_dtype_is_numeric(d) == !tl_dtype_is_bool(d), "numeric class of %s", name);
  FZ_CHECK(tl_dtype_is_inexact(d) == (tl_dtype_is_floating(d) || tl_dtype_is_complex(d)), "inexact class of %s", name);
  FZ_CHECK(tl_dtype_is_weak(d) == (info->weak != 0), "weak flag of %s", name);
  tl_dlpack_dtype dl;
  memset(&dl, 0xAB, sizeof dl);
  st = tl_dtype_to_dlpack(d, &dl);
  fz_status(st, "tl_dtype_to_dlpack");
  if (st == TL_OK) {
    tl_dtype d2 = TL_DTYPE_NONE;
    st = tl_dtype_from_dlpack(dl, &d2);
    fz_status(st, "tl_dtype_from_dlpack");
    FZ_CHECK(st == TL_OK && d2 == d, "DLPack round trip of %s", name);
  } else {
    FZ_CHECK(dl.code == 0xAB && dl.lanes == 0xABAB, "tl_dtype_to_dlpack wrote output on failure");
  }
  tl_finfo fi;
  st = tl_finfo_get(d, &fi);
  fz_status(st, "tl_finfo_get");
  if (st == TL_OK) FZ_CHECK(tl_dtype_is_inexact(d), "finfo of non-inexact %s", name);
  /* every number format has finfo; float4_e2m1fn_x2 (packed pairs) is refused: TypeError */
  if (tl_dtype_is_inexact(d) && !tl_dtype_is_weak(d) && d != TL_FLOAT4_E2M1FN_X2) FZ_CHECK(st == TL_OK, "no finfo for %s", name);
  tl_iinfo ii;
  st = tl_iinfo_get(d, &ii);
  fz_status(st, "tl_iinfo_get");
  if (st == TL_OK) FZ_CHECK(tl_dtype_is_integer(d), "iinfo of non-integer %s", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = fz_cstr(data, size);
  tl_dtype d = (tl_dtype)12345;
  tl_byteorder bo = (tl_byteorder)'?';
  int st = tl_dtype_parse(s, &d, &bo);
  fz_status(st, "tl_dtype_parse");
  if (st == TL_OK) {
    FZ_CHECK((int)d >= 0 && (int)d < TL_NUM_DTYPES, "parsed invalid dtype %d", (int)d);
    FZ_CHECK(bo == TL_BYTEORDER_NATIVE || bo == TL_BYTEORDER_LITTLE || bo == TL_BYTEORDER_BIG ||
                 bo == TL_BYTEORDER_NA, "bad byte order %d", (int)bo);
    check_dtype_consistency(d);
    /* the same answer without the byteorder output */
    tl_dtype d2 = TL_DTYPE_NONE;
    FZ_CHECK(tl_dtype_parse(s, &d2, NULL) == TL_OK && d2 == d, "parse depends on byteorder pointer");
  } else {
    FZ_CHECK(d == (tl_dtype)12345 && bo == (tl_byteorder)'?', "tl_dtype_parse wrote output on failure");
    FZ_CHECK(st == TL_EDTYPE, "tl_dtype_parse: unexpected status %s", tl_status_name(st));
  }

  /* isdtype with the input as the kind string, for a dtype from the input */
  tl_dtype probe = (tl_dtype)(size ? (int)(data[0] % (TL_NUM_DTYPES + 2)) - 1 : 0);
  int yes = 7;
  st = tl_isdtype(probe, s, &yes);
  fz_status(st, "tl_isdtype");
  FZ_CHECK(st == TL_OK ? (yes == 0 || yes == 1) : yes == 7, "tl_isdtype output");

  /* the other small name parsers */
  tl_casting c = (tl_casting)99;
  st = tl_casting_parse(s, &c);
  fz_status(st, "tl_casting_parse");
  FZ_CHECK(st == TL_OK ? (c >= TL_CASTING_NO && c <= TL_CASTING_UNSAFE) : c == (tl_casting)99, "casting");
  tl_cast_mode m = (tl_cast_mode)99;
  st = tl_cast_mode_parse(s, &m);
  fz_status(st, "tl_cast_mode_parse");
  FZ_CHECK(st == TL_OK ? (m >= TL_CAST_MODE_UPCAST && m <= TL_CAST_MODE_CAST) : m == (tl_cast_mode)99, "mode");
  const tl_rules *r = NULL;
  st = tl_rules_find(s, &r);
  fz_status(st, "tl_rules_find");
  FZ_CHECK(st == TL_OK ? r != NULL && strcmp(tl_rules_name(r), s) == 0 : r == NULL, "rules_find");

  /* DLPack from raw bytes */
  if (size >= 4) {
    tl_dlpack_dtype dl = {data[0], data[1], (uint16_t)(data[2] | data[3] << 8)};
    tl_dtype dd = (tl_dtype)12345;
    st = tl_dtype_from_dlpack(dl, &dd);
    fz_status(st, "tl_dtype_from_dlpack");
    if (st == TL_OK) {
      tl_dlpack_dtype back;
      FZ_CHECK(tl_dtype_to_dlpack(dd, &back) == TL_OK && back.code == dl.code && back.bits == dl.bits &&
                   back.lanes == dl.lanes, "DLPack (%u,%u,%u) does not round trip", dl.code, dl.bits, dl.lanes);
    } else {
      FZ_CHECK(dd == (tl_dtype)12345, "tl_dtype_from_dlpack wrote output on failure");
    }
    /* the by-value queries with an arbitrary integer */
    int32_t raw;
    memcpy(&raw, data, 4);
    (void)tl_dtype_name((tl_dtype)raw);
    (void)tl_dtype_get((tl_dtype)raw);
    (void)tl_dtype_is_bool((tl_dtype)raw);
    (void)tl_dtype_is_floating((tl_dtype)raw);
    (void)tl_dtype_is_weak((tl_dtype)raw);
    (void)tl_status_name(raw);
    (void)tl_strerror(raw);
  }
  free(s);
  return 0;
}
