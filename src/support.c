/* support.c — the supported-dtype registry (Ivy's valid/invalid dtypes per
 * backend, with_supported_dtypes / with_unsupported_dtypes per function,
 * compositions) and Ivy's casting modes. File format: docs/support.md.
 * Semantics: ivy.md §3.6, §4.2-4.4, §6. */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- dtype sets --------------------------------------------------------------- */

typedef uint64_t dset; /* bit i = concrete dtype i */
#define BIT(d) ((dset)1 << (unsigned)(d))

/* Ivy's 15 dtypes (ivy.md §1). */
static const dset IVY15 = BIT(TL_BOOL) | BIT(TL_INT8) | BIT(TL_INT16) | BIT(TL_INT32) | BIT(TL_INT64) |
                          BIT(TL_UINT8) | BIT(TL_UINT16) | BIT(TL_UINT32) | BIT(TL_UINT64) |
                          BIT(TL_BFLOAT16) | BIT(TL_FLOAT16) | BIT(TL_FLOAT32) | BIT(TL_FLOAT64) |
                          BIT(TL_COMPLEX64) | BIT(TL_COMPLEX128);

enum {
  C_VALID = 1,
  C_NUMERIC = 2,
  C_INTEGER = 4,
  C_SIGNED = 8,
  C_UNSIGNED = 16,
  C_FLOAT = 32,
  C_COMPLEX = 64,
  C_INEXACT = 128
};
static const struct {
  const char *name;
  unsigned bit;
} class_names[] = {{"valid", C_VALID},       {"numeric", C_NUMERIC}, {"integer", C_INTEGER},
                   {"signed", C_SIGNED},     {"unsigned", C_UNSIGNED}, {"float", C_FLOAT},
                   {"complex", C_COMPLEX},   {"inexact", C_INEXACT}};

static bool in_class(tl_dtype d, unsigned cls) {
  return ((cls & C_VALID) != 0) || ((cls & C_NUMERIC) && tl_dtype_is_numeric(d)) ||
         ((cls & C_INTEGER) && tl_dtype_is_integer(d)) || ((cls & C_SIGNED) && tl_dtype_is_signed(d)) ||
         ((cls & C_UNSIGNED) && tl_dtype_is_unsigned(d)) || ((cls & C_FLOAT) && tl_dtype_is_floating(d)) ||
         ((cls & C_COMPLEX) && tl_dtype_is_complex(d)) || ((cls & C_INEXACT) && tl_dtype_is_inexact(d));
}

/* The members of `base` that belong to any class in `cls`. */
static dset class_mask(unsigned cls, dset base) {
  dset m = 0;
  if (!cls) return 0;
  for (int i = 0; i < TL_NUM_CONCRETE; i++)
    if ((base & BIT(i)) && in_class((tl_dtype)i, cls)) m |= BIT(i);
  return m;
}

static dset filter(dset base, int (*pred)(tl_dtype)) {
  dset m = 0;
  for (int i = 0; i < TL_NUM_CONCRETE; i++)
    if ((base & BIT(i)) && pred((tl_dtype)i)) m |= BIT(i);
  return m;
}

/* ---- the registry ----------------------------------------------------------------- */

typedef struct {
  char *key;
  dset dtypes;
  unsigned classes;
  char *where; /* "FILE:LINE" */
} vent;

typedef struct {
  char *backend;
  char *name;   /* "*" for the backend-level entry */
  int polarity; /* +1 supported/valid, -1 unsupported/invalid, 0 none yet */
  char *pol_where;
  vent *v;
  size_t nv, capv;
  char **parts;
  size_t nparts;
  char *compose_where;
  int mark; /* DFS colour for the cycle check */
} entry;

struct tl_support {
  entry *e;
  size_t n, cap;
};

int tl_support_new(tl_support **out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_support_new: NULL out");
  tl_support *r = calloc(1, sizeof *r);
  if (!r) return tl__error(TL_ENOMEM, NULL, "tl_support_new: out of memory");
  *out = r;
  return tl__ok();
}

static void free_entry(entry *e) {
  for (size_t i = 0; i < e->nv; i++) {
    free(e->v[i].key);
    free(e->v[i].where);
  }
  free(e->v);
  for (size_t i = 0; i < e->nparts; i++) free(e->parts[i]);
  free(e->parts);
  free(e->backend);
  free(e->name);
  free(e->pol_where);
  free(e->compose_where);
}

void tl_support_free(tl_support *reg) {
  if (!reg) return;
  for (size_t i = 0; i < reg->n; i++) free_entry(&reg->e[i]);
  free(reg->e);
  free(reg);
}

static char *dupn(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (p) {
    memcpy(p, s, n);
    p[n] = 0;
  }
  return p;
}
static char *dup(const char *s) { return dupn(s, strlen(s)); }

static entry *find(const tl_support *reg, const char *backend, const char *name) {
  for (size_t i = 0; i < reg->n; i++)
    if (strcmp(reg->e[i].backend, backend) == 0 && strcmp(reg->e[i].name, name) == 0) return &reg->e[i];
  return NULL;
}

static bool backend_known(const tl_support *reg, const char *backend) {
  for (size_t i = 0; i < reg->n; i++)
    if (strcmp(reg->e[i].backend, backend) == 0) return true;
  return false;
}

size_t tl_support_backends(const tl_support *reg, const char **out, size_t cap) {
  size_t k = 0;
  if (!reg) return 0;
  for (size_t i = 0; i < reg->n; i++) {
    size_t j;
    for (j = 0; j < i && strcmp(reg->e[j].backend, reg->e[i].backend) != 0; j++) {}
    if (j < i) continue;
    if (out && k < cap) out[k] = reg->e[i].backend;
    k++;
  }
  return k;
}

/* ---- snapshots: loads are all-or-nothing -------------------------------------------- */

typedef struct {
  size_t nv, nparts;
  int polarity;
  bool had_pol_where, had_compose_where;
} snap;

static void rollback(tl_support *reg, size_t old_n, const snap *s) {
  for (size_t i = old_n; i < reg->n; i++) free_entry(&reg->e[i]);
  reg->n = old_n;
  for (size_t i = 0; i < old_n; i++) {
    entry *e = &reg->e[i];
    for (size_t j = s[i].nv; j < e->nv; j++) {
      free(e->v[j].key);
      free(e->v[j].where);
    }
    e->nv = s[i].nv;
    for (size_t j = s[i].nparts; j < e->nparts; j++) free(e->parts[j]);
    e->nparts = s[i].nparts;
    e->polarity = s[i].polarity;
    if (!s[i].had_pol_where) {
      free(e->pol_where);
      e->pol_where = NULL;
    }
    if (!s[i].had_compose_where) {
      free(e->compose_where);
      e->compose_where = NULL;
    }
  }
}

/* ---- the parser --------------------------------------------------------------------- */

typedef enum { T_END, T_WORD, T_STR, T_EQ, T_PLUS, T_COMMA } tok_kind;

typedef struct {
  const char *file;
  int line;
  const char *p; /* cursor in the current line (NUL-terminated copy) */
  tok_kind kind;
  const char *text;
  size_t len;
} lexer;

static int perr(const lexer *lx, const char *fmt, ...) TL__PRINTF(2, 3);
static int perr(const lexer *lx, const char *fmt, ...) {
  char msg[384];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return tl__error(TL_EPARSE, NULL, "%s:%d: %s", lx->file, lx->line, msg);
}

static bool special(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '"' || c == '#' || c == '=' || c == '+' || c == ',' || c == 0;
}

static int next(lexer *lx) {
  const char *p = lx->p;
  while (*p == ' ' || *p == '\t' || *p == '\r') p++;
  lx->text = p;
  lx->len = 0;
  if (*p == 0 || *p == '#') {
    lx->kind = T_END;
    lx->p = p;
    return TL_OK;
  }
  if (*p == '"') {
    const char *q = strchr(p + 1, '"');
    if (!q) return perr(lx, "unterminated quoted version key");
    lx->kind = T_STR;
    lx->text = p + 1;
    lx->len = (size_t)(q - p - 1);
    lx->p = q + 1;
    return TL_OK;
  }
  if (*p == '=' || *p == '+' || *p == ',') {
    lx->kind = *p == '=' ? T_EQ : *p == '+' ? T_PLUS : T_COMMA;
    lx->len = 1;
    lx->p = p + 1;
    return TL_OK;
  }
  while (!special(*p)) p++;
  lx->kind = T_WORD;
  lx->len = (size_t)(p - lx->text);
  lx->p = p;
  return TL_OK;
}

static bool is_word(const lexer *lx, const char *w) {
  return lx->kind == T_WORD && strlen(w) == lx->len && memcmp(lx->text, w, lx->len) == 0;
}

static bool name_ok(const char *s, size_t n, bool allow_dash) {
  if (n == 0) return false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
          (allow_dash && c == '-')))
      return false;
  }
  return true;
}

static const char *tok_desc(const lexer *lx) {
  switch (lx->kind) {
  case T_END: return "end of line";
  case T_STR: return "a quoted string";
  case T_EQ: return "'='";
  case T_PLUS: return "'+'";
  case T_COMMA: return "','";
  default: return "a word";
  }
}

/* Parse one dtype or class name token into *dt / *cls. */
static int parse_item(const lexer *lx, dset *dt, unsigned *cls) {
  char name[64];
  if (lx->len >= sizeof name) return perr(lx, "dtype name too long: '%.40s...'", lx->text);
  memcpy(name, lx->text, lx->len);
  name[lx->len] = 0;
  for (size_t i = 0; i < TL__COUNT(class_names); i++)
    if (strcmp(name, class_names[i].name) == 0) {
      *cls |= class_names[i].bit;
      return TL_OK;
    }
  tl_dtype d;
  if (tl_dtype_parse(name, &d, NULL) == TL_OK && tl__concrete(d)) {
    if (strcmp(tl_dtype_name(d), name) != 0)
      return perr(lx, "write dtype '%s' by its canonical name '%s'", name, tl_dtype_name(d));
    *dt |= BIT(d);
    return TL_OK;
  }
  const char *sug = tl__suggest_dtype(name);
  if (sug) return perr(lx, "unknown dtype or class '%s' (did you mean '%s'?)", name, sug);
  return perr(lx,
              "unknown dtype or class '%s' (classes: valid, numeric, integer, signed, unsigned, float, "
              "complex, inexact)",
              name);
}

static int grow(void **p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap) return TL_OK;
  size_t nc = *cap ? *cap * 2 : 8;
  while (nc < need) nc *= 2;
  void *q = realloc(*p, nc * elem);
  if (!q) return tl__error(TL_ENOMEM, NULL, "supported-dtype registry: out of memory");
  *p = q;
  *cap = nc;
  return TL_OK;
}

static int get_entry(tl_support *reg, const char *backend, size_t bl, const char *name, size_t nl, entry **out) {
  for (size_t i = 0; i < reg->n; i++) {
    entry *e = &reg->e[i];
    if (strlen(e->backend) == bl && memcmp(e->backend, backend, bl) == 0 && strlen(e->name) == nl &&
        memcmp(e->name, name, nl) == 0) {
      *out = e;
      return TL_OK;
    }
  }
  int st = grow((void **)&reg->e, &reg->cap, reg->n + 1, sizeof(entry));
  if (st) return st;
  entry *e = &reg->e[reg->n];
  memset(e, 0, sizeof *e);
  e->backend = dupn(backend, bl);
  e->name = dupn(name, nl);
  if (!e->backend || !e->name) {
    free(e->backend);
    free(e->name);
    return tl__error(TL_ENOMEM, NULL, "supported-dtype registry: out of memory");
  }
  reg->n++;
  *out = e;
  return TL_OK;
}

static char *where_str(const lexer *lx) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s:%d", lx->file, lx->line);
  return dup(buf);
}

static int parse_line(tl_support *reg, lexer *lx) {
  int st;
  if ((st = next(lx))) return st;
  if (lx->kind == T_END) return TL_OK; /* blank or comment */
  if (lx->kind != T_WORD || !name_ok(lx->text, lx->len, true))
    return perr(lx, "expected a backend name at the start of the line, got %s", tok_desc(lx));
  const char *backend = lx->text;
  size_t bl = lx->len;
  if ((st = next(lx))) return st;
  bool is_backend = lx->kind == T_WORD && lx->len == 1 && lx->text[0] == '*';
  if (lx->kind != T_WORD || (!is_backend && !name_ok(lx->text, lx->len, false)))
    return perr(lx, "expected a function name or '*' after the backend, got %s", tok_desc(lx));
  const char *fname = lx->text;
  size_t fl = lx->len;
  if ((st = next(lx))) return st;

  if (lx->kind == T_EQ) { /* composition: BACKEND FUNCTION = PART + PART ... */
    if (is_backend) return perr(lx, "'*' (the backend itself) cannot be a composition");
    entry *e;
    if ((st = get_entry(reg, backend, bl, fname, fl, &e))) return st;
    if (e->compose_where)
      return perr(lx, "composition of %s.%s already given at %s", e->backend, e->name, e->compose_where);
    size_t capparts = 0;
    for (;;) {
      if ((st = next(lx))) return st;
      if (lx->kind != T_WORD || !name_ok(lx->text, lx->len, false))
        return perr(lx, "expected a function name in the composition, got %s", tok_desc(lx));
      if ((st = grow((void **)&e->parts, &capparts, e->nparts + 1, sizeof(char *)))) return st;
      if (!(e->parts[e->nparts] = dupn(lx->text, lx->len)))
        return tl__error(TL_ENOMEM, NULL, "supported-dtype registry: out of memory");
      e->nparts++;
      if ((st = next(lx))) return st;
      if (lx->kind == T_END) break;
      if (lx->kind != T_PLUS) return perr(lx, "expected '+' or end of line in the composition, got %s", tok_desc(lx));
    }
    if (!(e->compose_where = where_str(lx)))
      return tl__error(TL_ENOMEM, NULL, "supported-dtype registry: out of memory");
    return TL_OK;
  }

  if (lx->kind != T_STR) return perr(lx, "expected a quoted version key or '=', got %s", tok_desc(lx));
  char key[128];
  if (lx->len >= sizeof key) return perr(lx, "version key too long");
  memcpy(key, lx->text, lx->len);
  key[lx->len] = 0;
  if (tl_version_key_parse(key, NULL) != TL_OK) return perr(lx, "%s", tl_errmsg());
  if ((st = next(lx))) return st;
  int pol;
  if (is_backend) {
    if (is_word(lx, "valid")) pol = 1;
    else if (is_word(lx, "invalid")) pol = -1;
    else return perr(lx, "expected 'valid' or 'invalid' after the version key of a backend line");
  } else {
    if (is_word(lx, "supported")) pol = 1;
    else if (is_word(lx, "unsupported")) pol = -1;
    else return perr(lx, "expected 'supported' or 'unsupported' after the version key");
  }
  dset dt = 0;
  unsigned cls = 0;
  bool want_item = false; /* after a comma an item must follow */
  for (;;) {
    if ((st = next(lx))) return st;
    if (lx->kind == T_END) {
      if (want_item) return perr(lx, "missing dtype after ','");
      break;
    }
    if (lx->kind == T_COMMA) {
      if (want_item || (dt == 0 && cls == 0)) return perr(lx, "empty item in the dtype list");
      want_item = true;
      continue;
    }
    if (lx->kind != T_WORD) return perr(lx, "expected a dtype or class name, got %s", tok_desc(lx));
    if ((st = parse_item(lx, &dt, &cls))) return st;
    want_item = false;
  }

  entry *e;
  if ((st = get_entry(reg, backend, bl, fname, fl, &e))) return st;
  if (e->polarity && e->polarity != pol) {
    if (is_backend)
      return perr(lx, "backend %s has both valid and invalid lines (first at %s)", e->backend, e->pol_where);
    return perr(lx, "%s.%s has both supported and unsupported lines (Ivy forbids both; first at %s)", e->backend,
                e->name, e->pol_where);
  }
  for (size_t i = 0; i < e->nv; i++)
    if (strcmp(e->v[i].key, key) == 0)
      return perr(lx, "repeated version key \"%s\" for %s%s%s (first at %s)", key, e->backend,
                  is_backend ? "" : ".", is_backend ? "" : e->name, e->v[i].where);
  if ((st = grow((void **)&e->v, &e->capv, e->nv + 1, sizeof(vent)))) return st;
  vent *v = &e->v[e->nv];
  v->key = dup(key);
  v->where = where_str(lx);
  v->dtypes = dt;
  v->classes = cls;
  if (!v->key || !v->where) {
    free(v->key);
    free(v->where);
    return tl__error(TL_ENOMEM, NULL, "supported-dtype registry: out of memory");
  }
  e->nv++;
  if (!e->polarity) {
    if (!(e->pol_where = where_str(lx))) return tl__error(TL_ENOMEM, NULL, "supported-dtype registry: out of memory");
    e->polarity = pol;
  }
  return TL_OK;
}

/* Composition cycle check: DFS with colours (0 white, 1 grey, 2 black). */
static int dfs(tl_support *reg, entry *e) {
  if (e->mark == 2) return TL_OK;
  if (e->mark == 1)
    return tl__error(TL_EPARSE, NULL, "%s: composition cycle through %s.%s", e->compose_where, e->backend, e->name);
  e->mark = 1;
  for (size_t i = 0; i < e->nparts; i++) {
    entry *p = find(reg, e->backend, e->parts[i]);
    if (p) {
      int st = dfs(reg, p);
      if (st) return st;
    }
  }
  e->mark = 2;
  return TL_OK;
}

static int check_cycles(tl_support *reg) {
  int st = TL_OK;
  for (size_t i = 0; i < reg->n; i++) reg->e[i].mark = 0;
  for (size_t i = 0; i < reg->n && !st; i++) st = dfs(reg, &reg->e[i]);
  for (size_t i = 0; i < reg->n; i++) reg->e[i].mark = 0;
  return st;
}

int tl_support_load_string(tl_support *reg, const char *text, const char *name_for_messages) {
  if (!reg || !text) return tl__error(TL_EINVAL, NULL, "tl_support_load_string: NULL argument");
  lexer lx = {name_for_messages ? name_for_messages : "<string>", 0, NULL, T_END, NULL, 0};
  size_t old_n = reg->n;
  snap *s = NULL;
  if (old_n) {
    s = malloc(old_n * sizeof *s);
    if (!s) return tl__error(TL_ENOMEM, NULL, "tl_support_load_string: out of memory");
    for (size_t i = 0; i < old_n; i++) {
      s[i].nv = reg->e[i].nv;
      s[i].nparts = reg->e[i].nparts;
      s[i].polarity = reg->e[i].polarity;
      s[i].had_pol_where = reg->e[i].pol_where != NULL;
      s[i].had_compose_where = reg->e[i].compose_where != NULL;
    }
  }
  int st = TL_OK;
  const char *p = text;
  while (*p && !st) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    char *line = dupn(p, len);
    if (!line) {
      st = tl__error(TL_ENOMEM, NULL, "tl_support_load_string: out of memory");
      break;
    }
    lx.line++;
    if (memchr(p, 0, len)) st = perr(&lx, "NUL byte in line");
    lx.p = line;
    if (!st) st = parse_line(reg, &lx);
    free(line);
    p = nl ? nl + 1 : p + len;
  }
  if (!st) st = check_cycles(reg);
  if (st) rollback(reg, old_n, s);
  free(s);
  return st ? st : tl__ok();
}

int tl_support_load_file(tl_support *reg, const char *path) {
  if (!reg || !path) return tl__error(TL_EINVAL, NULL, "tl_support_load_file: NULL argument");
  FILE *f = fopen(path, "rb");
  if (!f) return tl__error(TL_EIO, NULL, "cannot read %s: %s", path, strerror(errno));
  char *buf = NULL;
  size_t len = 0, cap = 0;
  int st = TL_OK;
  for (;;) {
    if ((st = grow((void **)&buf, &cap, len + 4097, 1))) break;
    size_t got = fread(buf + len, 1, 4096, f);
    len += got;
    if (got < 4096) {
      if (ferror(f)) st = tl__error(TL_EIO, NULL, "cannot read %s: read error", path);
      break;
    }
  }
  fclose(f);
  if (!st) {
    buf[len] = 0;
    if (strlen(buf) != len) st = tl__error(TL_EPARSE, NULL, "%s: contains a NUL byte (not a text file)", path);
    else st = tl_support_load_string(reg, buf, path);
  }
  free(buf);
  return st;
}

/* ---- queries -------------------------------------------------------------------------- */

/* The selected entry of an entry's version dictionary (NULL when it has none). */
static int select_vent(const entry *e, const char *version, const vent **out) {
  *out = NULL;
  if (!e || !e->nv) return TL_OK;
  const char *keys[64] = {0};
  const char **k = e->nv <= 64 ? keys : malloc(e->nv * sizeof *k);
  if (!k) return tl__error(TL_ENOMEM, NULL, "supported-dtype registry: out of memory");
  for (size_t i = 0; i < e->nv; i++) k[i] = e->v[i].key;
  size_t idx;
  int st = tl_version_select(k, e->nv, version, &idx);
  if (k != keys) free((void *)k);
  if (st) return st;
  *out = &e->v[idx];
  return TL_OK;
}

static int check_args(const tl_support *reg, const char *backend, const char *version, const char *who) {
  if (!reg || !backend) return tl__error(TL_EINVAL, NULL, "%s: NULL argument", who);
  if (version) {
    int c;
    int st = tl_version_compare(version, version, &c);
    if (st) return st;
  }
  if (!backend_known(reg, backend)) {
    char known[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < reg->n; i++) {
      size_t j;
      for (j = 0; j < i && strcmp(reg->e[j].backend, reg->e[i].backend) != 0; j++) {}
      if (j < i) continue;
      int w = snprintf(known + used, sizeof known - used, "%s%s", used ? ", " : "", reg->e[i].backend);
      if (w < 0 || (size_t)w >= sizeof known - used) break;
      used += (size_t)w;
    }
    return tl__error(TL_EUNSUPPORTED, NULL, "backend '%s' is not in the registry (known: %s)", backend,
                     used ? known : "none");
  }
  return TL_OK;
}

static int valid_set(const tl_support *reg, const char *backend, const char *version, dset *out) {
  const vent *v;
  const entry *e = find(reg, backend, "*");
  int st = select_vent(e, version, &v);
  if (st) return st;
  dset base = IVY15;
  if (v) {
    dset m = v->dtypes | class_mask(v->classes, IVY15);
    base = e->polarity > 0 ? m : (IVY15 & ~m);
  }
  *out = base;
  return TL_OK;
}

static int fn_set(const tl_support *reg, const char *backend, const char *fname, const char *version, dset valid,
                  int depth, dset *out) {
  if (depth > 64) return tl__error(TL_EINVAL, NULL, "composition of %s.%s nests too deeply", backend, fname);
  const entry *e = find(reg, backend, fname);
  dset s = valid;
  const vent *v;
  int st = select_vent(e, version, &v);
  if (st) return st;
  if (v && (v->dtypes || v->classes)) { /* an empty list is no restriction (Ivy) */
    dset m = v->dtypes | class_mask(v->classes, valid);
    s = e->polarity > 0 ? (s & m) : (s & ~m);
  }
  for (size_t i = 0; e && i < e->nparts; i++) {
    dset p;
    if ((st = fn_set(reg, backend, e->parts[i], version, valid, depth + 1, &p))) return st;
    s &= p;
  }
  *out = s;
  return TL_OK;
}

static void emit(dset s, tl_dtype *out, size_t cap, size_t *n) {
  size_t k = 0;
  for (int i = 0; i < TL_NUM_CONCRETE; i++)
    if (s & BIT(i)) {
      if (out && k < cap) out[k] = (tl_dtype)i;
      k++;
    }
  *n = k;
}

int tl_support_valid(const tl_support *reg, const char *backend, const char *version, tl_dtype *out, size_t cap,
                     size_t *n) {
  if (!n || (!out && cap)) return tl__error(TL_EINVAL, NULL, "tl_support_valid: NULL argument");
  int st = check_args(reg, backend, version, "tl_support_valid");
  if (st) return st;
  dset s;
  if ((st = valid_set(reg, backend, version, &s))) return st;
  emit(s, out, cap, n);
  return tl__ok();
}

static int supported(const tl_support *reg, const char *backend, const char *function, const char *version,
                     dset *valid, dset *sup, const char *who) {
  int st = check_args(reg, backend, version, who);
  if (st) return st;
  if (!function) return tl__error(TL_EINVAL, NULL, "%s: NULL function", who);
  if (strcmp(function, "*") == 0) return tl__error(TL_EINVAL, NULL, "%s: '*' is not a function name", who);
  if ((st = valid_set(reg, backend, version, valid))) return st;
  return fn_set(reg, backend, function, version, *valid, 0, sup);
}

int tl_support_query(const tl_support *reg, const char *backend, const char *function, const char *version,
                     tl_dtype *out, size_t cap, size_t *n) {
  if (!n || (!out && cap)) return tl__error(TL_EINVAL, NULL, "tl_support_query: NULL argument");
  dset valid, s;
  int st = supported(reg, backend, function, version, &valid, &s, "tl_support_query");
  if (st) return st;
  emit(s, out, cap, n);
  return tl__ok();
}

int tl_support_is_supported(const tl_support *reg, const char *backend, const char *function, const char *version,
                            tl_dtype dtype, int *out) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_support_is_supported: NULL out");
  if (!tl__valid_dtype(dtype)) return tl__error(TL_EDTYPE, NULL, "tl_support_is_supported: bad dtype value %d", (int)dtype);
  dset valid, s;
  int st = supported(reg, backend, function, version, &valid, &s, "tl_support_is_supported");
  if (st) return st;
  *out = tl__concrete(dtype) && (s & BIT(dtype)) != 0;
  return tl__ok();
}

/* ---- casting modes ---------------------------------------------------------------------- */

int tl_cast_mode_parse(const char *name, tl_cast_mode *out) {
  if (!name || !out) return tl__error(TL_EINVAL, NULL, "tl_cast_mode_parse: NULL argument");
  static const struct {
    const char *name;
    tl_cast_mode mode;
  } modes[] = {{"upcast", TL_CAST_MODE_UPCAST},
               {"downcast", TL_CAST_MODE_DOWNCAST},
               {"crosscast", TL_CAST_MODE_CROSSCAST},
               {"cast", TL_CAST_MODE_CAST}};
  for (size_t i = 0; i < TL__COUNT(modes); i++)
    if (strcmp(name, modes[i].name) == 0) {
      *out = modes[i].mode;
      return tl__ok();
    }
  return tl__error(TL_EPARSE, NULL, "unknown casting mode '%s' (expected upcast, downcast, crosscast or cast)", name);
}

typedef struct {
  char *buf;
  size_t cap, len;
} sbuf;

static void say(sbuf *b, const char *fmt, ...) TL__PRINTF(2, 3);
static void say(sbuf *b, const char *fmt, ...) {
  if (b->len + 1 >= b->cap) return;
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(b->buf + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  if (w < 0) return;
  b->len += (size_t)w;
  if (b->len >= b->cap) b->len = b->cap - 1;
}

static int cmp_names(const void *a, const void *b) {
  return strcmp(tl_dtype_name(*(const tl_dtype *)a), tl_dtype_name(*(const tl_dtype *)b));
}

/* The ladder (group) of dtype among the valid dtypes; returns its length. */
static size_t ladder(tl_dtype d, dset valid, unsigned flags, tl_dtype *lad, const char **group) {
  dset m;
  if (tl_dtype_is_unsigned(d)) m = filter(valid, tl_dtype_is_unsigned), *group = "uint";
  else if (tl_dtype_is_signed(d)) m = filter(valid, tl_dtype_is_signed), *group = "int";
  else if (tl_dtype_is_floating(d)) m = filter(valid, tl_dtype_is_floating), *group = "float";
  else if (tl_dtype_is_complex(d)) m = filter(valid, tl_dtype_is_complex), *group = "complex";
  else return *group = "none", 0;
  size_t n;
  emit(m, lad, TL_NUM_CONCRETE, &n);
  if ((flags & TL_CAST_IVY_INT_ORDER) && tl_dtype_is_signed(d)) qsort(lad, n, sizeof *lad, cmp_names);
  return n;
}

static void say_ladder(sbuf *b, const char *group, const tl_dtype *lad, size_t n) {
  say(b, "%s ladder ", group);
  for (size_t i = 0; i < n; i++) say(b, "%s%s", i ? " < " : "", tl_dtype_name(lad[i]));
}

/* up (+1) / down (-1) along the ladder: the first entry the function supports. */
static tl_dtype walk(tl_dtype d, dset sup, const tl_dtype *lad, size_t n, int dir) {
  size_t i;
  for (i = 0; i < n && lad[i] != d; i++) {}
  if (i == n) return TL_DTYPE_NONE;
  for (long j = (long)i + dir; j >= 0 && j < (long)n; j += dir)
    if (sup & BIT(lad[j])) return lad[j];
  return TL_DTYPE_NONE;
}

int tl_support_cast(const tl_support *reg, const tl_config *cfg, const char *backend, const char *function,
                    const char *version, tl_dtype dtype, tl_cast_mode mode, unsigned flags, tl_dtype *out,
                    char *explain, size_t cap) {
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_support_cast: NULL out");
  if (mode < TL_CAST_MODE_UPCAST || mode > TL_CAST_MODE_CAST)
    return tl__error(TL_EINVAL, NULL, "tl_support_cast: bad casting mode %d", (int)mode);
  if (!tl__concrete(dtype))
    return tl__error(TL_EDTYPE, NULL, "tl_support_cast: %s is not a concrete dtype",
                     tl__valid_dtype(dtype) ? tl_dtype_name(dtype) : "the dtype value");
  dset valid, sup;
  int st = supported(reg, backend, function, version, &valid, &sup, "tl_support_cast");
  if (st) return st;
  char local[1024];
  sbuf b = {local, sizeof local, 0};
  local[0] = 0;
  const char *dn = tl_dtype_name(dtype);
  say(&b, "%s.%s", backend, function);
  if (version) say(&b, " (version %s)", version);
  say(&b, ": ");
  tl_dtype res = TL_DTYPE_NONE;
  if (sup & BIT(dtype)) {
    say(&b, "%s is supported; no cast", dn);
    res = dtype;
    goto done;
  }
  if (!(valid & BIT(dtype))) {
    say(&b, "%s is not a valid dtype of backend %s; casting modes only handle dtypes the backend supports but the "
            "function does not (Ivy's unsupported minus invalid); no cast",
        dn, backend);
    return tl__error(TL_EUNSUPPORTED, NULL, "%s", local);
  }
  say(&b, "%s is not supported", dn);
  dset intersect = valid & ~sup;
  tl_dtype lad[TL_NUM_CONCRETE];
  const char *group;
  size_t nl = ladder(dtype, valid, flags, lad, &group);
  bool cross = mode == TL_CAST_MODE_CROSSCAST || mode == TL_CAST_MODE_CAST;
  bool up = mode == TL_CAST_MODE_UPCAST || mode == TL_CAST_MODE_CAST;
  bool down = mode == TL_CAST_MODE_DOWNCAST || mode == TL_CAST_MODE_CAST;
  if (cross) {
    dset ints = filter(valid, tl_dtype_is_integer), floats = filter(valid, tl_dtype_is_floating);
    if ((ints & ~intersect) == 0) {
      if ((st = tl_default_dtype(cfg, TL_KIND_FLOAT, &res))) return st;
      say(&b, "; crosscast: no integer dtype is supported -> default float dtype %s", tl_dtype_name(res));
    } else if ((floats & ~intersect) == 0) {
      if ((st = tl_default_dtype(cfg, TL_KIND_INT, &res))) return st;
      say(&b, "; crosscast: no float dtype is supported -> default int dtype %s", tl_dtype_name(res));
    } else {
      say(&b, "; crosscast: not applicable (some integer and some float dtypes are supported)");
    }
    if (res != TL_DTYPE_NONE) {
      if (!(sup & BIT(res)))
        say(&b, " (warning: %s is itself not supported; like Ivy, the crosscast result is not re-checked)",
            tl_dtype_name(res));
      goto done;
    }
  }
  if (nl == 0 && (up || down)) {
    say(&b, "; %s: %s has no ladder (no group to cast within)", up ? "upcast" : "downcast", dn);
  } else {
    if (up) {
      res = walk(dtype, sup, lad, nl, +1);
      say(&b, "; upcast along ");
      say_ladder(&b, group, lad, nl);
      if (res != TL_DTYPE_NONE) {
        say(&b, " -> %s (next higher supported)", tl_dtype_name(res));
        goto done;
      }
      say(&b, ": no higher supported dtype");
    }
    if (down) {
      res = walk(dtype, sup, lad, nl, -1);
      say(&b, "; downcast along ");
      say_ladder(&b, group, lad, nl);
      if (res != TL_DTYPE_NONE) {
        say(&b, " -> %s (next lower supported)", tl_dtype_name(res));
        goto done;
      }
      say(&b, ": no lower supported dtype");
    }
  }
  say(&b, "; no cast");
  return tl__error(TL_EUNSUPPORTED, NULL, "%s", local);
done:
  if (explain && cap) {
    size_t n = strlen(local);
    if (n >= cap) n = cap - 1;
    memcpy(explain, local, n);
    explain[n] = 0;
  }
  *out = res;
  return tl__ok();
}
