/* cmd_cast.c — `typelattice cast`: convert a raw little-endian binary file, a
 * .npy file or a .safetensors checkpoint (tools/cmd_cast_st.c) between dtypes
 * with tl_convert, streamed in blocks (tools/cast_io.c). */
#define _POSIX_C_SOURCE 200809L
#include "cast_io.h"
#include "cast_opts.h"
#include "cli.h"
#include "npy.h"
#include "safetensors.h"

#include <errno.h>
#include <fnmatch.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int ends_with(const char *s, const char *suf) {
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && strcmp(s + a - b, suf) == 0;
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

/* Convert `count` elements (SIZE_MAX: until end of input, raw only) from the
 * input at byte offset `off` (-1: sequential reads from a pipe) in blocks of
 * TL_CAST_BLOCK, writing to `o` (NULL: only check, for --checked before
 * writing straight through a device). Returns TL_CLI_OK or TL_CLI_FAIL (printed). */
/* Read-ahead: a thread reads the next block while this one is converted and written. */
typedef struct {
  int fd;
  const char *name;
  unsigned char *p;
  size_t n;
  int64_t off;
  ptrdiff_t got;
  pthread_t tid;
  int running;
} read_ahead;

static void *read_ahead_run(void *arg) {
  read_ahead *r = arg;
  r->got = tl_cast_in_read(r->fd, r->name, r->p, r->n, r->off);
  return NULL;
}

static int stream(int fd, const char *in, int64_t off, size_t count, tl_dtype from, tl_dtype to, unsigned flags,
                  int threads, tl_cast_out *o, tl_cast_progress *pg, const char *tensor) {
  size_t isz = (size_t)tl_dtype_get(from)->itemsize, osz = (size_t)tl_dtype_get(to)->itemsize;
  size_t blk = TL_CAST_BLOCK / (isz > osz ? isz : osz);
  int prefetch = off >= 0 && count != SIZE_MAX && count > blk; /* positioned reads of known blocks */
  unsigned char *ib = malloc(blk * isz), *ob = malloc(blk * osz), *spare = prefetch ? malloc(blk * isz) : NULL;
  read_ahead ra;
  memset(&ra, 0, sizeof ra);
  int rc = TL_CLI_OK;
  if (!ib || !ob || (prefetch && !spare)) {
    fprintf(stderr, "typelattice: cast: out of memory\n");
    rc = TL_CLI_FAIL;
  }
  size_t done = 0, carry = 0;
  while (rc == TL_CLI_OK && done < count) {
    size_t want = count - done < blk ? count - done : blk;
    ptrdiff_t got;
    if (ra.running) { /* this block was read ahead */
      pthread_join(ra.tid, NULL);
      ra.running = 0;
      unsigned char *t = ib;
      ib = ra.p;
      spare = t;
      got = ra.got;
    } else {
      got = tl_cast_in_read(fd, in, ib + carry, want * isz - carry, off < 0 ? -1 : off + (int64_t)(done * isz));
    }
    if (got < 0) {
      rc = TL_CLI_FAIL;
      break;
    }
    if (prefetch && (size_t)got == want * isz && done + want < count) {
      size_t next = count - done - want < blk ? count - done - want : blk;
      ra.fd = fd;
      ra.name = in;
      ra.p = spare;
      ra.n = next * isz;
      ra.off = off + (int64_t)((done + want) * isz);
      ra.running = pthread_create(&ra.tid, NULL, read_ahead_run, &ra) == 0;
    }
    size_t bytes = carry + (size_t)got, n = bytes / isz;
    if (count == SIZE_MAX) {
      if (bytes < want * isz && bytes % isz) {
        fprintf(stderr, "typelattice: cast: %s: %zu bytes is not a whole number of %s elements (%zu bytes each)\n",
                in, done * isz + bytes, tl_dtype_name(from), isz);
        rc = TL_CLI_FAIL;
        break;
      }
    } else if (n < want) {
      fprintf(stderr, "typelattice: cast: %s: truncated data (%zu elements announced, %zu present)\n", in, count,
              done + n);
      rc = TL_CLI_FAIL;
      break;
    }
    size_t bad = 0;
    int st = tl_cast_convert(from, ib, to, ob, n, flags, &bad, threads);
    if (st == TL_ECAST) {
      if (tensor) fprintf(stderr, "typelattice: cast: %s: tensor '%s': element %zu (value ", in, tensor, done + bad);
      else fprintf(stderr, "typelattice: cast: element %zu (value ", done + bad);
      print_elem(stderr, from, ib + bad * isz);
      fprintf(stderr, ") does not survive %s -> %s\n", tl_dtype_name(from), tl_dtype_name(to));
      rc = TL_CLI_FAIL;
      break;
    }
    if (st != TL_OK) {
      rc = tl_cli_lib_error(TL_CLI_FAIL);
      break;
    }
    if (o && tl_cast_out_write(o, ob, n * osz) != 0) {
      rc = TL_CLI_FAIL;
      break;
    }
    if (pg) tl_cast_progress_add(pg, n * isz);
    done += n;
    carry = bytes - n * isz;
    if (carry) memmove(ib, ib + n * isz, carry);
    if (bytes < want * isz) break; /* end of a pipe */
  }
  if (ra.running) {
    pthread_join(ra.tid, NULL);
    spare = ra.p;
  }
  free(ib);
  free(ob);
  free(spare);
  return rc;
}

/* Read a .npy header from fd (sequentially) into h. */
static int read_npy_header(int fd, const char *in, tl_npy_header *h) {
  unsigned char pre[12];
  ptrdiff_t got = tl_cast_in_read(fd, in, pre, 10, -1);
  if (got < 0) return TL_CLI_FAIL;
  size_t hl = 0, off = 10;
  if (got == 10 && memcmp(pre, "\x93NUMPY", 6) == 0 && pre[6] >= 2 && pre[6] <= 3) {
    if (tl_cast_in_read(fd, in, pre + 10, 2, -1) != 2) got = 0;
    off = 12;
    hl = (size_t)pre[8] | ((size_t)pre[9] << 8) | ((size_t)pre[10] << 16) | ((size_t)pre[11] << 24);
  } else if (got == 10) {
    hl = (size_t)pre[8] | ((size_t)pre[9] << 8);
  }
  if (hl > ((size_t)16 << 20)) {
    fprintf(stderr, "typelattice: cast: %s: npy: header of %zu bytes is too large (16 MiB at most)\n", in, hl);
    return TL_CLI_FAIL;
  }
  unsigned char *buf = malloc(off + hl);
  if (!buf) {
    fprintf(stderr, "typelattice: cast: out of memory\n");
    return TL_CLI_FAIL;
  }
  memcpy(buf, pre, off);
  size_t have = (size_t)got < off ? (size_t)got : off;
  if (have == off && hl) {
    ptrdiff_t r = tl_cast_in_read(fd, in, buf + off, hl, -1);
    if (r < 0) {
      free(buf);
      return TL_CLI_FAIL;
    }
    have += (size_t)r;
  }
  int st = tl__npy_parse(buf, have, h);
  free(buf);
  if (st != TL_OK) {
    fprintf(stderr, "typelattice: cast: %s: %s\n", in, tl_errmsg());
    return TL_CLI_FAIL;
  }
  return TL_CLI_OK;
}

/* ---- safetensors ----------------------------------------------------------------- */

static int st_rank(const char *code) { /* the package's dtype order (tl__st_code's table order) */
  static const char *const order[] = {"BOOL", "F4", "F6_E2M3", "F6_E3M2", "U8", "I8", "F8_E5M2", "F8_E4M3",
                                      "F8_E8M0", "F8_E4M3FNUZ", "F8_E5M2FNUZ", "I16", "U16", "F16", "BF16",
                                      "I32", "U32", "F32", "C64", "F64", "I64", "U64"};
  for (size_t i = 0; i < sizeof order / sizeof *order; i++)
    if (!strcmp(order[i], code)) return (int)i;
  return -1;
}

static int st_cmp_out(const void *a, const void *b) { /* as the package writes: dtype descending, then name */
  const tl_st_tensor *x = a, *y = b;
  int rx = st_rank(x->code), ry = st_rank(y->code);
  if (rx != ry) return rx > ry ? -1 : 1;
  return strcmp(x->name, y->name);
}

static int st_selected(const tl_cast_opts *opt, const tl_st_tensor *t) {
  if (opt->from != TL_DTYPE_NONE && t->dtype != opt->from) return 0;
  if (!opt->nonly) return 1;
  for (int i = 0; i < opt->nonly; i++)
    if (fnmatch(opt->only[i], t->name, 0) == 0) return 1;
  return 0;
}

static int cast_safetensors(const tl_cast_opts *opt) {
  const char *to_code = tl__st_code(opt->to);
  if (!to_code) return tl_cli_usage_error("cast: safetensors has no dtype code for '%s'", tl_dtype_name(opt->to));
  if (opt->from != TL_DTYPE_NONE && !tl__st_code(opt->from))
    return tl_cli_usage_error("cast: safetensors has no dtype code for '%s' (--from)", tl_dtype_name(opt->from));
  int fd;
  int64_t size;
  if (tl_cast_in_open(opt->in, &fd, &size) != 0) return TL_CLI_FAIL;
  int rc = TL_CLI_FAIL;
  unsigned char *json = NULL, *hdr = NULL;
  tl_st_file f, g;
  memset(&f, 0, sizeof f);
  memset(&g, 0, sizeof g);
  unsigned char pre[8];
  uint64_t n;
  if (size < 0) {
    fprintf(stderr, "typelattice: cast: '%s' is not a regular file (a .safetensors input must be seekable)\n", opt->in);
    goto done;
  }
  ptrdiff_t got = tl_cast_in_read(fd, opt->in, pre, 8, 0);
  if (got < 0) goto done;
  if (tl__st_header_len(pre, got < 8 ? (uint64_t)got : (uint64_t)size, &n) != TL_OK) {
    fprintf(stderr, "typelattice: cast: %s: %s\n", opt->in, tl_errmsg());
    goto done;
  }
  json = malloc((size_t)n);
  if (!json) {
    fprintf(stderr, "typelattice: cast: out of memory\n");
    goto done;
  }
  got = tl_cast_in_read(fd, opt->in, json, (size_t)n, 8);
  if (got < 0) goto done;
  if ((uint64_t)got != n) {
    fprintf(stderr, "typelattice: cast: %s: file shrank while reading its header\n", opt->in);
    goto done;
  }
  if (tl__st_parse(json, (size_t)n, (uint64_t)size - 8 - n, &f) != TL_OK) {
    fprintf(stderr, "typelattice: cast: %s: %s\n", opt->in, tl_errmsg());
    goto done;
  }
  /* the output: same names, shapes, metadata; selected tensors get the new dtype */
  g = f;
  g.tensors = f.ntensors ? malloc(f.ntensors * sizeof *g.tensors) : NULL;
  if (f.ntensors && !g.tensors) {
    fprintf(stderr, "typelattice: cast: out of memory\n");
    memset(&g, 0, sizeof g);
    goto done;
  }
  size_t nsel = 0;
  for (size_t i = 0; i < f.ntensors; i++) {
    tl_st_tensor t = f.tensors[i];
    if (st_selected(opt, &t)) {
      if (t.dtype == TL_DTYPE_NONE) {
        fprintf(stderr, "typelattice: cast: %s: tensor '%s' is %s (packed sub-byte), which cast cannot convert; leave it out with --only or --from\n", opt->in, t.name, t.code);
        goto done_g;
      }
      nsel++;
      t.code = to_code;
      t.dtype = opt->to;
      t.bits = 8 * tl_dtype_get(opt->to)->itemsize;
    }
    g.tensors[i] = t;
  }
  if (!nsel && f.ntensors && (opt->nonly || opt->from != TL_DTYPE_NONE)) {
    fprintf(stderr, "typelattice: cast: %s: no tensor matches the --only/--from selection\n", opt->in);
    goto done_g;
  }
  qsort(g.tensors, g.ntensors, sizeof *g.tensors, st_cmp_out);
  uint64_t pos = 0, total = 0;
  for (size_t i = 0; i < g.ntensors; i++) {
    tl_st_tensor *t = &g.tensors[i];
    uint64_t bytes = t->count * (uint64_t)t->bits / 8; /* bits 8..128: count fits (checked on input) */
    if (t->bits > 8 && t->count > UINT64_MAX / (uint64_t)t->bits) {
      fprintf(stderr, "typelattice: cast: %s: tensor '%s' is too large as %s\n", opt->in, t->name, to_code);
      goto done_g;
    }
    t->begin = pos;
    t->end = pos + bytes;
    pos = t->end;
    total += t->count;
  }
  size_t hlen;
  if (tl__st_write_header(&g, &hdr, &hlen) != TL_OK) {
    fprintf(stderr, "typelattice: cast: %s: %s\n", opt->out, tl_errmsg());
    goto done_g;
  }
  /* find each output tensor's source by name (f is sorted by offset; names are unique) */
  tl_cast_out o;
  if (tl_cast_out_open(&o, opt->out) != 0) goto done_g;
  tl_cast_progress pg;
  int pass_checked = (opt->flags & TL_CONVERT_CHECKED) && tl_cast_out_direct(&o);
  for (int pass = pass_checked ? 0 : 1; pass < 2; pass++) {
    if (pass == 1) {
      tl_cast_progress_start(&pg, f.data_len, opt->progress);
      if (tl_cast_out_write(&o, hdr, hlen) != 0) goto fail_out;
    }
    for (size_t i = 0; i < g.ntensors; i++) {
      const tl_st_tensor *t = &g.tensors[i], *s = NULL;
      for (size_t k = 0; k < f.ntensors && !s; k++)
        if (!strcmp(f.tensors[k].name, t->name)) s = &f.tensors[k];
      int64_t off = (int64_t)(8 + n + s->begin);
      int r;
      if (s->dtype == TL_DTYPE_NONE || s->dtype == t->dtype) { /* bytes as they are */
        if (pass == 0) continue;
        r = stream(fd, opt->in, off, (size_t)(s->end - s->begin), TL_UINT8, TL_UINT8, 0, 1, &o, &pg, t->name);
      } else {
        r = stream(fd, opt->in, off, (size_t)s->count, s->dtype, t->dtype, opt->flags, opt->threads,
                   pass ? &o : NULL, pass ? &pg : NULL, t->name);
      }
      if (r != TL_CLI_OK) {
        if (pass == 1) tl_cast_progress_end(&pg);
        goto fail_out;
      }
    }
  }
  tl_cast_progress_end(&pg);
  rc = tl_cast_out_commit(&o) == 0 ? TL_CLI_OK : TL_CLI_FAIL;
  goto done_g;
fail_out:
  tl_cast_out_abort(&o);
done_g:
  free(g.tensors);
done:
  tl__st_free(&f);
  free(json);
  free(hdr);
  close(fd);
  return rc;
}

static int run_cast(int argc, char **argv) {
  tl_cast_opts opt;
  memset(&opt, 0, sizeof opt);
  opt.threads = tl_cast_default_threads();
  const char *from_s = NULL, *to_s = NULL, *in = NULL, *out = NULL;
  unsigned flags = 0;
  int no_more_options = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!no_more_options && (!strcmp(a, "--from") || !strcmp(a, "--to") || !strcmp(a, "--only") ||
                             !strcmp(a, "--threads"))) {
      if (i + 1 >= argc)
        return tl_cli_usage_error("cast: option '%s' needs a value (%s)", a,
                                  !strcmp(a, "--only")      ? "a tensor name pattern"
                                  : !strcmp(a, "--threads") ? "a thread count"
                                                            : "a dtype name");
      const char *v = argv[++i];
      if (!strcmp(a, "--from")) from_s = v;
      else if (!strcmp(a, "--to")) to_s = v;
      else if (!strcmp(a, "--only")) {
        if (opt.nonly >= TL_CAST_MAX_ONLY) return tl_cli_usage_error("cast: more than %d --only patterns", TL_CAST_MAX_ONLY);
        opt.only[opt.nonly++] = v;
      } else {
        char *end;
        errno = 0;
        long t = strtol(v, &end, 10);
        if (errno || end == v || *end || t < 1 || t > 64)
          return tl_cli_usage_error("cast: --threads wants a count from 1 to 64, not '%s'", v);
        opt.threads = (int)t;
      }
    } else if (!no_more_options && !strcmp(a, "--saturate")) flags |= TL_CONVERT_SATURATE;
    else if (!no_more_options && !strcmp(a, "--checked")) flags |= TL_CONVERT_CHECKED;
    else if (!no_more_options && !strcmp(a, "--progress")) opt.progress = 1;
    else if (!no_more_options && !strcmp(a, "--no-progress")) opt.progress = -1;
    else if (!no_more_options && !strcmp(a, "--")) no_more_options = 1;
    else if (!no_more_options && a[0] == '-' && a[1]) return tl_cli_usage_error("cast: unknown option '%s'", a);
    else if (!in) in = a;
    else if (!out) out = a;
    else return tl_cli_usage_error("cast: too many arguments");
  }
  if (!in || !out) return tl_cli_usage_error("cast: need IN and OUT files (see typelattice help cast)");
  if (!to_s) return tl_cli_usage_error("cast: --to DTYPE is required");
  tl_dtype from = TL_DTYPE_NONE, to;
  if (tl_cli_dtype(to_s, &to)) return TL_CLI_USAGE;
  if (from_s && tl_cli_dtype(from_s, &from)) return TL_CLI_USAGE;
  if (tl_dtype_is_weak(to) || (from_s && tl_dtype_is_weak(from)))
    return tl_cli_usage_error("cast: weak kinds are not storage dtypes");
  opt.in = in;
  opt.out = out;
  opt.from = from;
  opt.to = to;
  opt.flags = flags;
  int in_st = ends_with(in, ".safetensors"), out_st = ends_with(out, ".safetensors");
  if (in_st || out_st) {
    if (!in_st || !out_st)
      return tl_cli_usage_error("cast: a .safetensors file converts to a .safetensors file (IN '%s', OUT '%s')", in, out);
    return cast_safetensors(&opt);
  }
  if (opt.nonly) return tl_cli_usage_error("cast: --only selects tensors of a .safetensors file");
  int in_npy = ends_with(in, ".npy"), out_npy = ends_with(out, ".npy");
  if (!from_s && !in_npy) return tl_cli_usage_error("cast: --from DTYPE is required for raw input");
  if (out_npy && !tl__npy_descr(to))
    return tl_cli_usage_error("cast: NumPy has no .npy code for '%s'; write a raw file instead", tl_dtype_name(to));

  int fd;
  int64_t size;
  if (tl_cast_in_open(in, &fd, &size) != 0) return TL_CLI_FAIL;
  size_t count = SIZE_MAX;
  int64_t data_off = size >= 0 ? 0 : -1;
  tl_npy_header h;
  memset(&h, 0, sizeof h);
  h.ndim = 1;
  if (in_npy) {
    if (read_npy_header(fd, in, &h) != TL_CLI_OK) {
      close(fd);
      return TL_CLI_FAIL;
    }
    if (from_s && from != h.dtype) {
      fprintf(stderr, "typelattice: cast: %s holds %s, not %s\n", in, tl_dtype_name(h.dtype), tl_dtype_name(from));
      close(fd);
      return TL_CLI_FAIL;
    }
    from = h.dtype;
    count = h.count;
    if (data_off >= 0) data_off = (int64_t)h.data_offset;
    size_t isz = (size_t)tl_dtype_get(from)->itemsize;
    if (size >= 0 && count > ((uint64_t)size - h.data_offset) / isz) {
      fprintf(stderr, "typelattice: cast: %s: truncated data (%zu elements announced, %llu bytes present)\n", in,
              count, (unsigned long long)((uint64_t)size - h.data_offset));
      close(fd);
      return TL_CLI_FAIL;
    }
  } else if (size >= 0) {
    size_t isz = (size_t)tl_dtype_get(from)->itemsize;
    if ((uint64_t)size % isz) {
      fprintf(stderr, "typelattice: cast: %s: %llu bytes is not a whole number of %s elements (%zu bytes each)\n", in,
              (unsigned long long)size, tl_dtype_name(from), isz);
      close(fd);
      return TL_CLI_FAIL;
    }
    count = (size_t)((uint64_t)size / isz);
    h.shape[0] = count;
  } else if (out_npy) {
    close(fd);
    return tl_cli_usage_error("cast: '%s' is not a regular file: its element count is unknown, write a raw OUT", in);
  }
  h.count = count;

  unsigned char hdr[TL_NPY_HEADER_MAX];
  size_t hlen = 0;
  if (out_npy && tl__npy_write_header_nd(to, h.ndim, h.shape, h.fortran_order, hdr, sizeof hdr, &hlen) != TL_OK) {
    close(fd);
    return tl_cli_lib_error(TL_CLI_FAIL);
  }
  tl_cast_out o;
  if (tl_cast_out_open(&o, out) != 0) {
    close(fd);
    return TL_CLI_FAIL;
  }
  /* --checked promises an untouched OUT on failure: a device/FIFO cannot be
   * rolled back, so a seekable input is checked whole before writing. */
  if ((flags & TL_CONVERT_CHECKED) && tl_cast_out_direct(&o) && data_off >= 0 &&
      stream(fd, in, data_off, count, from, to, flags, opt.threads, NULL, NULL, NULL) != TL_CLI_OK) {
    tl_cast_out_abort(&o);
    close(fd);
    return TL_CLI_FAIL;
  }
  tl_cast_progress pg;
  tl_cast_progress_start(&pg, count == SIZE_MAX ? 0 : (uint64_t)count * (uint64_t)tl_dtype_get(from)->itemsize,
                         opt.progress);
  int rc = hlen && tl_cast_out_write(&o, hdr, hlen) != 0 ? TL_CLI_FAIL : TL_CLI_OK;
  if (rc == TL_CLI_OK) rc = stream(fd, in, data_off, count, from, to, flags, opt.threads, &o, &pg, NULL);
  tl_cast_progress_end(&pg);
  close(fd);
  if (rc != TL_CLI_OK) {
    tl_cast_out_abort(&o);
    return rc;
  }
  return tl_cast_out_commit(&o) == 0 ? TL_CLI_OK : TL_CLI_FAIL;
}

const tl_cli_command tl_cli_cmd_cast = {
    "cast",
    "convert a raw, .npy or .safetensors file between dtypes",
    "usage: typelattice cast [--from DTYPE] --to DTYPE [--saturate] [--checked]\n"
    "                        [--only PATTERN]... [--threads N] [--progress | --no-progress] IN OUT\n"
    "\n"
    "Convert the elements of IN into dtype --to and write OUT, with the semantics of\n"
    "tl_convert (docs/conversions.md): NumPy/ml_dtypes astype, one rounding.\n"
    "IN is a raw little-endian file of --from elements (sub-byte types one per byte;\n"
    "a pipe works too), a .npy file (format 1.0-3.0, headers as strict as NumPy's;\n"
    "--from may be omitted, and must match if given), or a .safetensors checkpoint.\n"
    "OUT is written as .npy when its name ends in .npy (NumPy builtin dtypes only;\n"
    "shape and C/Fortran order kept, 1-d for raw input), else raw.\n"
    "\n"
    "A .safetensors IN gives a .safetensors OUT with the same tensor names, shapes and\n"
    "__metadata__, laid out as the safetensors package writes (dtype, then name). Every\n"
    "tensor is converted, or only the selected ones:\n"
    "  --only PATTERN  tensors whose name matches the shell PATTERN (fnmatch; repeat for more)\n"
    "  --from DTYPE    tensors of that dtype (with --only: both must hold)\n"
    "Unselected tensors are copied unchanged (packed F4/F6 ones can only be copied).\n"
    "\n"
    "  --saturate      overflow gives +-max finite instead of inf/NaN\n"
    "  --checked       fail (exit 1) on the first element whose value does not survive,\n"
    "                  printing its index (and tensor) and value; OUT is not written\n"
    "  --threads N     conversion threads (default: the CPUs, at most 8)\n"
    "  --progress      progress bar on stderr (default: when stderr is a terminal and\n"
    "                  IN holds 64 MiB or more); --no-progress never\n"
    "\n"
    "Files: IN is streamed in 8 MiB blocks (memory stays bounded). A regular OUT (or a\n"
    "new name) is written to a temporary file in its directory, fsynced and renamed\n"
    "over it only on success (an existing file keeps its mode, a new one gets 0666 minus\n"
    "the umask); SIGINT/SIGTERM/SIGHUP remove the temporary file. A symlink OUT writes\n"
    "its target (the link stays). A device, FIFO or socket OUT is written straight\n"
    "through, never replaced (with --checked a regular IN is checked whole first). A\n"
    "directory is refused.\n"
    "\n"
    "Exit status: 0 ok, 1 bad/truncated input, a write error or a checked failure,\n"
    "2 usage error.\n",
    run_cast,
};
