/* safetensors.c — .safetensors header reader/writer; see safetensors.h.
 * Written from the format description (huggingface/safetensors README: "8
 * bytes: N, an unsigned little-endian 64-bit integer ... N bytes: a JSON UTF-8
 * string ... may be trailing padded with whitespace"), and the package's
 * validation rules. */
#include "safetensors.h"

#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The package's dtype codes, in the package's enum order (the writer sorts
 * tensors by it, descending, then by name; keeps every tensor aligned). */
static const struct {
  const char *code;
  int bits;
  tl_dtype d;
} tl__st_codes[] = {
    {"BOOL", 8, TL_BOOL},
    {"F4", 4, TL_DTYPE_NONE},
    {"F6_E2M3", 6, TL_DTYPE_NONE},
    {"F6_E3M2", 6, TL_DTYPE_NONE},
    {"U8", 8, TL_UINT8},
    {"I8", 8, TL_INT8},
    {"F8_E5M2", 8, TL_FLOAT8_E5M2},
    {"F8_E4M3", 8, TL_FLOAT8_E4M3FN}, /* torch.float8_e4m3fn */
    {"F8_E8M0", 8, TL_FLOAT8_E8M0FNU},
    {"F8_E4M3FNUZ", 8, TL_FLOAT8_E4M3FNUZ},
    {"F8_E5M2FNUZ", 8, TL_FLOAT8_E5M2FNUZ},
    {"I16", 16, TL_INT16},
    {"U16", 16, TL_UINT16},
    {"F16", 16, TL_FLOAT16},
    {"BF16", 16, TL_BFLOAT16},
    {"I32", 32, TL_INT32},
    {"U32", 32, TL_UINT32},
    {"F32", 32, TL_FLOAT32},
    {"C64", 64, TL_COMPLEX64},
    {"F64", 64, TL_FLOAT64},
    {"I64", 64, TL_INT64},
    {"U64", 64, TL_UINT64},
};

const char *tl__st_code(tl_dtype d) {
  for (size_t i = 0; i < TL__COUNT(tl__st_codes); i++)
    if (tl__st_codes[i].d == d && d != TL_DTYPE_NONE) return tl__st_codes[i].code;
  return NULL;
}

int tl__st_header_len(const unsigned char prefix[8], uint64_t file_size, uint64_t *n) {
  if (!prefix || !n) return tl__error(TL_EINVAL, NULL, "safetensors: NULL argument");
  if (file_size < 8) return tl__error(TL_EPARSE, NULL, "safetensors: file of %llu bytes has no header length", (unsigned long long)file_size);
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | prefix[i];
  if (v > TL_ST_MAX_HEADER)
    return tl__error(TL_EPARSE, NULL, "safetensors: header length %llu is over the 100 MB limit", (unsigned long long)v);
  if (v > file_size - 8)
    return tl__error(TL_EPARSE, NULL, "safetensors: header length %llu runs past the end of the file (%llu bytes)",
                     (unsigned long long)v, (unsigned long long)file_size);
  if (v < 2) return tl__error(TL_EPARSE, NULL, "safetensors: header of %llu bytes is too short", (unsigned long long)v);
  *n = v;
  return tl__ok();
}

/* ---- JSON ------------------------------------------------------------------------- */

typedef struct {
  const unsigned char *p, *end;
} tl__jc;

static void tl__jws(tl__jc *c) {
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')) c->p++;
}
static int tl__jeat(tl__jc *c, unsigned char ch) {
  tl__jws(c);
  if (c->p < c->end && *c->p == ch) {
    c->p++;
    return 1;
  }
  return 0;
}
static int tl__hex4(const unsigned char *p, unsigned *v) {
  *v = 0;
  for (int i = 0; i < 4; i++) {
    unsigned ch = p[i], d;
    if (ch >= '0' && ch <= '9') d = ch - '0';
    else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
    else if (ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
    else return 0;
    *v = *v << 4 | d;
  }
  return 1;
}
static size_t tl__utf8_put(unsigned char *o, unsigned cp) {
  if (cp < 0x80) { o[0] = (unsigned char)cp; return 1; }
  if (cp < 0x800) { o[0] = (unsigned char)(0xC0 | cp >> 6); o[1] = (unsigned char)(0x80 | (cp & 0x3F)); return 2; }
  if (cp < 0x10000) {
    o[0] = (unsigned char)(0xE0 | cp >> 12); o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
    o[2] = (unsigned char)(0x80 | (cp & 0x3F)); return 3;
  }
  o[0] = (unsigned char)(0xF0 | cp >> 18); o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
  o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F)); o[3] = (unsigned char)(0x80 | (cp & 0x3F)); return 4;
}
/* A JSON string, decoded to a malloc'ed NUL-terminated UTF-8 string (*s); an
 * escaped NUL is refused (it could not be a C name). Returns TL_OK or an error. */
static int tl__jstr(tl__jc *c, char **s, const char *what) {
  tl__jws(c);
  if (c->p >= c->end || *c->p != '"') return tl__error(TL_EPARSE, NULL, "safetensors: header: expected a string (%s)", what);
  c->p++;
  const unsigned char *q = c->p;
  while (q < c->end && *q != '"') q += *q == '\\' && q + 1 < c->end ? 2 : 1;
  if (q >= c->end) return tl__error(TL_EPARSE, NULL, "safetensors: header: unterminated string (%s)", what);
  unsigned char *o = malloc((size_t)(q - c->p) + 1), *w = o;
  if (!o) return tl__error(TL_ENOMEM, NULL, "safetensors: out of memory");
  while (c->p < q) {
    unsigned ch = *c->p++;
    if (ch < 0x20) { free(o); return tl__error(TL_EPARSE, NULL, "safetensors: header: control character in a string (%s)", what); }
    if (ch != '\\') { *w++ = (unsigned char)ch; continue; }
    unsigned e = *c->p++;
    switch (e) {
    case '"': *w++ = '"'; break;
    case '\\': *w++ = '\\'; break;
    case '/': *w++ = '/'; break;
    case 'b': *w++ = '\b'; break;
    case 'f': *w++ = '\f'; break;
    case 'n': *w++ = '\n'; break;
    case 'r': *w++ = '\r'; break;
    case 't': *w++ = '\t'; break;
    case 'u': {
      unsigned cp, lo;
      if (q - c->p < 4 || !tl__hex4(c->p, &cp)) goto bad;
      c->p += 4;
      if (cp >= 0xDC00 && cp <= 0xDFFF) goto bad;
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (q - c->p < 6 || c->p[0] != '\\' || c->p[1] != 'u' || !tl__hex4(c->p + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF) goto bad;
        c->p += 6;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
      }
      if (cp == 0) { free(o); return tl__error(TL_EPARSE, NULL, "safetensors: header: NUL character in a string (%s)", what); }
      w += tl__utf8_put(w, cp); /* at most 4 bytes for 6 or 12 bytes of input */
      break;
    }
    default:
    bad:
      free(o);
      return tl__error(TL_EPARSE, NULL, "safetensors: header: bad escape in a string (%s)", what);
    }
  }
  c->p = q + 1;
  *w = '\0';
  *s = (char *)o;
  return TL_OK;
}
/* A JSON non-negative integer that fits uint64. */
static int tl__ju64(tl__jc *c, uint64_t *v, const char *what) {
  tl__jws(c);
  const unsigned char *s = c->p;
  uint64_t x = 0;
  while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
    unsigned d = *c->p - '0';
    if (x > (UINT64_MAX - d) / 10) return tl__error(TL_EPARSE, NULL, "safetensors: header: %s is too large", what);
    x = x * 10 + d;
    c->p++;
  }
  if (c->p == s || (c->p - s > 1 && *s == '0') ||
      (c->p < c->end && (*c->p == '.' || *c->p == 'e' || *c->p == 'E')))
    return tl__error(TL_EPARSE, NULL, "safetensors: header: %s is not a non-negative integer", what);
  *v = x;
  return TL_OK;
}

static int tl__utf8_valid(const unsigned char *p, size_t n) {
  size_t i = 0;
  while (i < n) {
    unsigned ch = p[i];
    if (ch < 0x80) { i++; continue; }
    size_t k;
    unsigned cp;
    if (ch >= 0xC2 && ch <= 0xDF) { k = 1; cp = ch & 0x1F; }
    else if (ch >= 0xE0 && ch <= 0xEF) { k = 2; cp = ch & 0x0F; }
    else if (ch >= 0xF0 && ch <= 0xF4) { k = 3; cp = ch & 0x07; }
    else return 0;
    if (n - i <= k) return 0;
    for (size_t j = 1; j <= k; j++) {
      if ((p[i + j] & 0xC0) != 0x80) return 0;
      cp = cp << 6 | (p[i + j] & 0x3F);
    }
    if ((k == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (k == 3 && (cp < 0x10000 || cp > 0x10FFFF))) return 0;
    i += k + 1;
  }
  return 1;
}

/* ---- parse -------------------------------------------------------------------------- */

void tl__st_free(tl_st_file *f) {
  if (!f) return;
  for (size_t i = 0; i < f->ntensors; i++) {
    free(f->tensors[i].name);
    free(f->tensors[i].shape);
  }
  free(f->tensors);
  for (size_t i = 0; i < 2 * f->nmeta; i++) free(f->meta[i]);
  free(f->meta);
  memset(f, 0, sizeof *f);
}

static int tl__st_cmp_off(const void *a, const void *b) {
  const tl_st_tensor *x = a, *y = b;
  if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
  if (x->end != y->end) return x->end < y->end ? -1 : 1;
  return strcmp(x->name, y->name);
}

static int tl__st_push(void **arr, size_t *cap, size_t n, size_t elem) {
  if (n < *cap) return 1;
  size_t nc = *cap ? *cap * 2 : 8;
  void *na = realloc(*arr, nc * elem);
  if (!na) return 0;
  *arr = na;
  *cap = nc;
  return 1;
}

static int tl__st_tensor_info(tl__jc *c, tl_st_tensor *t) {
  if (!tl__jeat(c, '{')) return tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': info is not an object", t->name);
  int have_dtype = 0, have_shape = 0, have_off = 0;
  size_t scap = 0;
  if (tl__jeat(c, '}')) return tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': empty info", t->name);
  for (;;) {
    char *key = NULL;
    int st = tl__jstr(c, &key, "tensor info key");
    if (st != TL_OK) return st;
    if (!tl__jeat(c, ':')) { free(key); return tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': missing ':'", t->name); }
    if (!strcmp(key, "dtype") && !have_dtype++) {
      char *code = NULL;
      st = tl__jstr(c, &code, "dtype");
      if (st != TL_OK) { free(key); return st; }
      for (size_t i = 0; i < TL__COUNT(tl__st_codes); i++)
        if (!strcmp(code, tl__st_codes[i].code)) {
          t->code = tl__st_codes[i].code;
          t->bits = tl__st_codes[i].bits;
          t->dtype = tl__st_codes[i].d;
        }
      if (!t->code) {
        st = tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': unknown dtype '%.40s'", t->name, code);
        free(code);
        free(key);
        return st;
      }
      free(code);
    } else if (!strcmp(key, "shape") && !have_shape++) {
      if (!tl__jeat(c, '[')) { free(key); return tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': shape is not a list", t->name); }
      t->count = 1;
      int overflow = 0;
      if (!tl__jeat(c, ']'))
        for (;;) {
          uint64_t v;
          if ((st = tl__ju64(c, &v, "a shape dimension")) != TL_OK) { free(key); return st; }
          if (t->ndim >= 4096) { free(key); return tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': more than 4096 dimensions", t->name); }
          if (!tl__st_push((void **)&t->shape, &scap, (size_t)t->ndim, sizeof *t->shape)) { free(key); return tl__error(TL_ENOMEM, NULL, "safetensors: out of memory"); }
          t->shape[t->ndim++] = v;
          /* the package's product: checked multiplication left to right */
          if (!overflow && t->count && v > UINT64_MAX / t->count) overflow = 1;
          else if (!overflow) t->count *= v;
          if (tl__jeat(c, ']')) break;
          if (!tl__jeat(c, ',')) { free(key); return tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': bad shape list", t->name); }
        }
      if (overflow) { free(key); return tl__error(TL_EOVERFLOW, NULL, "safetensors: tensor '%s': shape product overflows", t->name); }
    } else if (!strcmp(key, "data_offsets") && !have_off++) {
      if (!tl__jeat(c, '[') || (st = tl__ju64(c, &t->begin, "data_offsets[0]")) != TL_OK || !tl__jeat(c, ',') ||
          (st = tl__ju64(c, &t->end, "data_offsets[1]")) != TL_OK || !tl__jeat(c, ']')) {
        free(key);
        return tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': data_offsets is not a list [begin, end]", t->name);
      }
    } else {
      st = tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': %s key '%.40s' in its info", t->name,
                     (!strcmp(key, "dtype") || !strcmp(key, "shape") || !strcmp(key, "data_offsets")) ? "duplicate" : "unknown", key);
      free(key);
      return st;
    }
    free(key);
    if (tl__jeat(c, '}')) break;
    if (!tl__jeat(c, ',')) return tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': expected ',' or '}'", t->name);
  }
  if (!have_dtype || !have_shape || !have_off)
    return tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': info lacks '%s'", t->name,
                     !have_dtype ? "dtype" : !have_shape ? "shape" : "data_offsets");
  return TL_OK;
}

static int tl__st_metadata(tl__jc *c, tl_st_file *f, size_t *cap) {
  tl__jws(c);
  if (c->end - c->p >= 4 && !memcmp(c->p, "null", 4)) {
    c->p += 4;
    return TL_OK;
  }
  if (!tl__jeat(c, '{')) return tl__error(TL_EPARSE, NULL, "safetensors: __metadata__ is not an object of strings");
  f->has_meta = 1;
  if (tl__jeat(c, '}')) return TL_OK;
  for (;;) {
    if (!tl__st_push((void **)&f->meta, cap, 2 * f->nmeta + 1, sizeof *f->meta))
      return tl__error(TL_ENOMEM, NULL, "safetensors: out of memory");
    int st = tl__jstr(c, &f->meta[2 * f->nmeta], "__metadata__ key");
    if (st != TL_OK) return st;
    if (!tl__jeat(c, ':')) { free(f->meta[2 * f->nmeta]); return tl__error(TL_EPARSE, NULL, "safetensors: __metadata__: missing ':'"); }
    st = tl__jstr(c, &f->meta[2 * f->nmeta + 1], "__metadata__ value");
    if (st != TL_OK) { free(f->meta[2 * f->nmeta]); return st; }
    f->nmeta++;
    if (tl__jeat(c, '}')) return TL_OK;
    if (!tl__jeat(c, ',')) return tl__error(TL_EPARSE, NULL, "safetensors: __metadata__: expected ',' or '}'");
  }
}

int tl__st_parse(const void *json, size_t n, uint64_t data_len, tl_st_file *out) {
  if (!json || !out) return tl__error(TL_EINVAL, NULL, "safetensors: NULL argument");
  const unsigned char *b = json;
  if (n == 0 || b[0] != '{') return tl__error(TL_EPARSE, NULL, "safetensors: header does not start with '{'");
  if (!tl__utf8_valid(b, n)) return tl__error(TL_EPARSE, NULL, "safetensors: header is not valid UTF-8");
  tl_st_file f;
  memset(&f, 0, sizeof f);
  f.header_len = n;
  f.data_len = data_len;
  size_t tcap = 0, mcap = 0;
  int seen_meta = 0;
  tl__jc c = {b, b + n};
  int st = TL_OK;
  c.p++;
  if (!tl__jeat(&c, '}'))
    for (;;) {
      char *name = NULL;
      if ((st = tl__jstr(&c, &name, "tensor name")) != TL_OK) goto fail;
      if (!tl__jeat(&c, ':')) {
        st = tl__error(TL_EPARSE, NULL, "safetensors: header: missing ':' after '%s'", name);
        free(name);
        goto fail;
      }
      if (!strcmp(name, "__metadata__")) {
        free(name);
        if (seen_meta++) { st = tl__error(TL_EPARSE, NULL, "safetensors: duplicate __metadata__"); goto fail; }
        if ((st = tl__st_metadata(&c, &f, &mcap)) != TL_OK) goto fail;
      } else {
        for (size_t i = 0; i < f.ntensors; i++)
          if (!strcmp(f.tensors[i].name, name)) {
            st = tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s' appears twice", name);
            free(name);
            goto fail;
          }
        if (!tl__st_push((void **)&f.tensors, &tcap, f.ntensors, sizeof *f.tensors)) {
          free(name);
          st = tl__error(TL_ENOMEM, NULL, "safetensors: out of memory");
          goto fail;
        }
        tl_st_tensor *t = &f.tensors[f.ntensors++];
        memset(t, 0, sizeof *t);
        t->name = name;
        t->dtype = TL_DTYPE_NONE;
        if ((st = tl__st_tensor_info(&c, t)) != TL_OK) goto fail;
      }
      if (tl__jeat(&c, '}')) break;
      if (!tl__jeat(&c, ',')) { st = tl__error(TL_EPARSE, NULL, "safetensors: header: expected ',' or '}'"); goto fail; }
    }
  tl__jws(&c);
  if (c.p != c.end) { st = tl__error(TL_EPARSE, NULL, "safetensors: header: text after the JSON object"); goto fail; }
  if (f.ntensors) qsort(f.tensors, f.ntensors, sizeof *f.tensors, tl__st_cmp_off);
  uint64_t pos = 0;
  for (size_t i = 0; i < f.ntensors; i++) {
    tl_st_tensor *t = &f.tensors[i];
    if (t->end < t->begin) { st = tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': data_offsets [%llu, %llu] end before they begin", t->name, (unsigned long long)t->begin, (unsigned long long)t->end); goto fail; }
    if (t->begin != pos) {
      st = t->begin < pos
               ? tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': data_offsets [%llu, %llu] overlap the previous tensor (ends at %llu)", t->name, (unsigned long long)t->begin, (unsigned long long)t->end, (unsigned long long)pos)
               : tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': data_offsets [%llu, %llu] leave a gap after byte %llu", t->name, (unsigned long long)t->begin, (unsigned long long)t->end, (unsigned long long)pos);
      goto fail;
    }
    if (t->count > UINT64_MAX / (uint64_t)t->bits) { st = tl__error(TL_EOVERFLOW, NULL, "safetensors: tensor '%s': byte size overflows", t->name); goto fail; }
    uint64_t nbits = t->count * (uint64_t)t->bits;
    if (nbits % 8) { st = tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': %llu elements of %s do not fill whole bytes", t->name, (unsigned long long)t->count, t->code); goto fail; }
    if (t->end - t->begin != nbits / 8) {
      st = tl__error(TL_EPARSE, NULL, "safetensors: tensor '%s': data_offsets [%llu, %llu] hold %llu bytes, its %s shape needs %llu", t->name, (unsigned long long)t->begin, (unsigned long long)t->end, (unsigned long long)(t->end - t->begin), t->code, (unsigned long long)(nbits / 8));
      goto fail;
    }
    pos = t->end;
  }
  if (pos != data_len) {
    st = pos > data_len ? tl__error(TL_EPARSE, NULL, "safetensors: tensors need %llu data bytes, the file holds %llu (truncated?)", (unsigned long long)pos, (unsigned long long)data_len)
                        : tl__error(TL_EPARSE, NULL, "safetensors: %llu data bytes after the last tensor (ends at %llu)", (unsigned long long)(data_len - pos), (unsigned long long)pos);
    goto fail;
  }
  *out = f;
  return tl__ok();
fail:
  tl__st_free(&f);
  return st;
}

int tl__st_parse_file(const void *buf, size_t len, tl_st_file *out) {
  if (!buf || !out) return tl__error(TL_EINVAL, NULL, "safetensors: NULL argument");
  uint64_t n;
  if (len < 8) return tl__error(TL_EPARSE, NULL, "safetensors: file of %zu bytes has no header length", len);
  int st = tl__st_header_len(buf, len, &n);
  if (st != TL_OK) return st;
  return tl__st_parse((const unsigned char *)buf + 8, (size_t)n, (uint64_t)len - 8 - n, out);
}

/* ---- write -------------------------------------------------------------------------- */

typedef struct {
  unsigned char *b;
  size_t n, cap;
  int oom;
} tl__sb;

static void tl__sb_put(tl__sb *s, const void *p, size_t n) {
  if (s->oom) return;
  if (s->n + n > s->cap) {
    size_t nc = s->cap ? s->cap : 256;
    while (nc < s->n + n) nc *= 2;
    unsigned char *nb = realloc(s->b, nc);
    if (!nb) { s->oom = 1; return; }
    s->b = nb;
    s->cap = nc;
  }
  memcpy(s->b + s->n, p, n);
  s->n += n;
}
static void tl__sb_str(tl__sb *s, const char *str) { tl__sb_put(s, str, strlen(str)); }
static void tl__sb_u64(tl__sb *s, uint64_t v) {
  char t[24];
  int i = 23;
  t[i] = '\0';
  do { t[--i] = (char)('0' + v % 10); v /= 10; } while (v);
  tl__sb_str(s, t + i);
}
/* A JSON string as serde_json writes it. */
static void tl__sb_jstr(tl__sb *s, const char *str) {
  static const char hex[] = "0123456789abcdef";
  tl__sb_put(s, "\"", 1);
  for (const unsigned char *p = (const unsigned char *)str; *p; p++) {
    unsigned ch = *p;
    if (ch == '"') tl__sb_str(s, "\\\"");
    else if (ch == '\\') tl__sb_str(s, "\\\\");
    else if (ch == '\b') tl__sb_str(s, "\\b");
    else if (ch == '\f') tl__sb_str(s, "\\f");
    else if (ch == '\n') tl__sb_str(s, "\\n");
    else if (ch == '\r') tl__sb_str(s, "\\r");
    else if (ch == '\t') tl__sb_str(s, "\\t");
    else if (ch < 0x20) {
      char e[6] = {'\\', 'u', '0', '0', hex[ch >> 4], hex[ch & 15]};
      tl__sb_put(s, e, 6);
    } else tl__sb_put(s, p, 1);
  }
  tl__sb_put(s, "\"", 1);
}

int tl__st_write_header(const tl_st_file *f, unsigned char **out, size_t *len) {
  if (!f || !out || !len) return tl__error(TL_EINVAL, NULL, "safetensors: NULL argument");
  tl__sb s = {0};
  tl__sb_put(&s, "\0\0\0\0\0\0\0\0{", 9);
  int first = 1;
  if (f->has_meta) {
    tl__sb_str(&s, "\"__metadata__\":{");
    for (size_t i = 0; i < f->nmeta; i++) {
      if (i) tl__sb_put(&s, ",", 1);
      tl__sb_jstr(&s, f->meta[2 * i]);
      tl__sb_put(&s, ":", 1);
      tl__sb_jstr(&s, f->meta[2 * i + 1]);
    }
    tl__sb_put(&s, "}", 1);
    first = 0;
  }
  for (size_t i = 0; i < f->ntensors; i++) {
    const tl_st_tensor *t = &f->tensors[i];
    if (!first) tl__sb_put(&s, ",", 1);
    first = 0;
    tl__sb_jstr(&s, t->name);
    tl__sb_str(&s, ":{\"dtype\":");
    tl__sb_jstr(&s, t->code ? t->code : "");
    tl__sb_str(&s, ",\"shape\":[");
    for (int k = 0; k < t->ndim; k++) {
      if (k) tl__sb_put(&s, ",", 1);
      tl__sb_u64(&s, t->shape[k]);
    }
    tl__sb_str(&s, "],\"data_offsets\":[");
    tl__sb_u64(&s, t->begin);
    tl__sb_put(&s, ",", 1);
    tl__sb_u64(&s, t->end);
    tl__sb_str(&s, "]}");
  }
  tl__sb_put(&s, "}", 1);
  while ((s.n - 8) % 8) tl__sb_put(&s, " ", 1);
  if (s.oom) {
    free(s.b);
    return tl__error(TL_ENOMEM, NULL, "safetensors: out of memory");
  }
  uint64_t n = s.n - 8;
  if (n > TL_ST_MAX_HEADER) {
    free(s.b);
    return tl__error(TL_ERANGE, NULL, "safetensors: header of %llu bytes is over the 100 MB limit", (unsigned long long)n);
  }
  for (int i = 0; i < 8; i++) s.b[i] = (unsigned char)(n >> (8 * i));
  *out = s.b;
  *len = s.n;
  return tl__ok();
}
