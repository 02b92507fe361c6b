/* cmd_cast.c — `typelattice cast`: convert a raw little-endian binary file or
 * a .npy file between dtypes with tl_convert. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "npy.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int ends_with(const char *s, const char *suf) {
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && strcmp(s + a - b, suf) == 0;
}

static unsigned char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  while (buf) {
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap) break;
    unsigned char *nb = realloc(buf, cap * 2);
    if (!nb) { free(buf); buf = NULL; break; }
    buf = nb;
    cap *= 2;
  }
  int err = ferror(f);
  fclose(f);
  if (err) { free(buf); errno = EIO; return NULL; }
  *len = n;
  return buf;
}

/* Print element i of a buffer as a number (for error messages). */
static void print_elem(FILE *f, tl_dtype d, const unsigned char *p) {
  if (tl_dtype_is_integer(d) || d == TL_BOOL) {
    int64_t v = 0;
    uint64_t u = 0;
    if (tl_dtype_is_unsigned(d)) {
      tl_convert_contiguous(d, p, TL_UINT64, &u, 1, 0, NULL);
      fprintf(f, "%llu", (unsigned long long)u);
    } else {
      tl_convert_contiguous(d, p, TL_INT64, &v, 1, 0, NULL);
      fprintf(f, "%lld", (long long)v);
    }
    return;
  }
  double c[2] = {0, 0};
  tl_convert_contiguous(d, p, tl_dtype_is_complex(d) ? TL_COMPLEX128 : TL_FLOAT64, c, 1, 0, NULL);
  tl_cli_print_double(f, c[0]);
  if (tl_dtype_is_complex(d)) {
    fputs(c[1] < 0 || (c[1] == 0 && 1 / c[1] < 0) ? "-" : "+", f);
    tl_cli_print_double(f, c[1] < 0 ? -c[1] : c[1]);
    fputc('j', f);
  }
}

static int run_cast(int argc, char **argv) {
  const char *from_s = NULL, *to_s = NULL, *in = NULL, *out = NULL;
  unsigned flags = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--from") && i + 1 < argc) from_s = argv[++i];
    else if (!strcmp(argv[i], "--to") && i + 1 < argc) to_s = argv[++i];
    else if (!strcmp(argv[i], "--saturate")) flags |= TL_CONVERT_SATURATE;
    else if (!strcmp(argv[i], "--checked")) flags |= TL_CONVERT_CHECKED;
    else if (argv[i][0] == '-' && argv[i][1]) return tl_cli_usage_error("cast: unknown option '%s'", argv[i]);
    else if (!in) in = argv[i];
    else if (!out) out = argv[i];
    else return tl_cli_usage_error("cast: too many arguments");
  }
  if (!in || !out) return tl_cli_usage_error("cast: need IN and OUT files (see typelattice help cast)");
  if (!to_s) return tl_cli_usage_error("cast: --to DTYPE is required");
  tl_dtype from = TL_DTYPE_NONE, to;
  if (tl_cli_dtype(to_s, &to)) return TL_CLI_USAGE;
  if (from_s && tl_cli_dtype(from_s, &from)) return TL_CLI_USAGE;
  if (tl_dtype_is_weak(to) || (from_s && tl_dtype_is_weak(from)))
    return tl_cli_usage_error("cast: weak kinds are not storage dtypes");
  int in_npy = ends_with(in, ".npy"), out_npy = ends_with(out, ".npy");
  if (!from_s && !in_npy) return tl_cli_usage_error("cast: --from DTYPE is required for raw input");
  if (out_npy && !tl__npy_descr(to))
    return tl_cli_usage_error("cast: NumPy has no .npy code for '%s'; write a raw file instead", tl_dtype_name(to));

  size_t len = 0;
  unsigned char *data = read_all(in, &len);
  if (!data) {
    fprintf(stderr, "typelattice: cast: cannot read '%s': %s\n", in, strerror(errno));
    return TL_CLI_FAIL;
  }
  size_t off = 0, count;
  if (in_npy) {
    tl_npy_header h;
    if (tl__npy_parse(data, len, &h) != TL_OK) {
      fprintf(stderr, "typelattice: cast: %s: %s\n", in, tl_errmsg());
      free(data);
      return TL_CLI_FAIL;
    }
    if (from_s && from != h.dtype) {
      fprintf(stderr, "typelattice: cast: %s holds %s, not %s\n", in, tl_dtype_name(h.dtype), tl_dtype_name(from));
      free(data);
      return TL_CLI_FAIL;
    }
    from = h.dtype;
    off = h.data_offset;
    count = h.count;
    size_t isz = (size_t)tl_dtype_get(from)->itemsize;
    if (count > (len - off) / isz) {
      fprintf(stderr, "typelattice: cast: %s: truncated data (%zu elements announced, %zu bytes present)\n", in, count, len - off);
      free(data);
      return TL_CLI_FAIL;
    }
  } else {
    size_t isz = (size_t)tl_dtype_get(from)->itemsize;
    if (len % isz) {
      fprintf(stderr, "typelattice: cast: %s: %zu bytes is not a whole number of %s elements (%zu bytes each)\n", in, len, tl_dtype_name(from), isz);
      free(data);
      return TL_CLI_FAIL;
    }
    count = len / isz;
  }
  size_t osz = (size_t)tl_dtype_get(to)->itemsize;
  unsigned char hdr[256];
  size_t hlen = 0;
  if (out_npy) tl__npy_write_header(to, count, hdr, sizeof hdr, &hlen);
  unsigned char *obuf = malloc(count * osz + 1);
  if (!obuf) {
    free(data);
    fprintf(stderr, "typelattice: cast: out of memory\n");
    return TL_CLI_FAIL;
  }
  size_t bad = 0;
  int st = tl_convert_contiguous(from, data + off, to, obuf, count, flags, &bad);
  if (st == TL_ECAST) {
    fprintf(stderr, "typelattice: cast: element %zu (value ", bad);
    print_elem(stderr, from, data + off + bad * (size_t)tl_dtype_get(from)->itemsize);
    fprintf(stderr, ") does not survive %s -> %s\n", tl_dtype_name(from), tl_dtype_name(to));
    free(data);
    free(obuf);
    return TL_CLI_FAIL;
  }
  free(data);
  if (st != TL_OK) {
    free(obuf);
    return tl_cli_lib_error(TL_CLI_FAIL);
  }
  /* temporary file in the same directory, renamed on success */
  size_t pl = strlen(out);
  char *tmp = malloc(pl + 16);
  snprintf(tmp, pl + 16, "%s.tmpXXXXXX", out);
  int fd = mkstemp(tmp);
  FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
  int ok = f != NULL;
  if (ok && hlen) ok = fwrite(hdr, 1, hlen, f) == hlen;
  if (ok && count) ok = fwrite(obuf, osz, count, f) == count;
  if (f && fclose(f) != 0) ok = 0;
  if (!f && fd >= 0) close(fd);
  if (ok && rename(tmp, out) != 0) ok = 0;
  if (!ok) {
    fprintf(stderr, "typelattice: cast: cannot write '%s': %s\n", out, strerror(errno));
    if (fd >= 0) unlink(tmp);
  }
  free(tmp);
  free(obuf);
  return ok ? TL_CLI_OK : TL_CLI_FAIL;
}

const tl_cli_command tl_cli_cmd_cast = {
    "cast",
    "convert a raw or .npy file between dtypes",
    "usage: typelattice cast [--from DTYPE] --to DTYPE [--saturate] [--checked] IN OUT\n"
    "\n"
    "Convert the elements of IN into dtype --to and write OUT, with the semantics of\n"
    "tl_convert (docs/conversions.md): NumPy/ml_dtypes astype, one rounding.\n"
    "IN is a raw little-endian file of --from elements (sub-byte types one per byte),\n"
    "or a .npy file (format 1.0-3.0; --from may be omitted, and must match if given).\n"
    "OUT is written as .npy when its name ends in .npy (NumPy builtin dtypes only),\n"
    "else raw. OUT is written to a temporary file and renamed only on success.\n"
    "\n"
    "  --saturate   overflow gives +-max finite instead of inf/NaN\n"
    "  --checked    fail (exit 1) on the first element whose value does not survive,\n"
    "               printing its index and value; OUT is not written\n"
    "\n"
    "Exit status: 0 ok, 1 bad/truncated input or a checked failure, 2 usage error.\n",
    run_cast,
};
