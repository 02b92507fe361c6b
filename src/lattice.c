/* lattice.c — the generic lattice engine.
 *
 * A lattice is data: nodes and each node's immediate successors. From the
 * edges the engine derives each node's upper-bound set (reflexive-transitive
 * closure, as 128-bit sets) and a precomputed join table, so a pairwise join
 * is one table lookup and an N-ary join is a fold of lookups (exact because
 * every pair with a common upper bound has a unique least one, which the
 * builder checks). */
#include "internal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TL__MAX_NODES 128
#define TL__NO_JOIN (-1)

typedef struct {
  uint64_t w[2];
} tl__set;

static inline void set_add(tl__set *s, int i) { s->w[i >> 6] |= UINT64_C(1) << (i & 63); }
static inline int set_has(const tl__set *s, int i) { return (int)((s->w[i >> 6] >> (i & 63)) & 1u); }
static inline tl__set set_and(tl__set a, tl__set b) {
  tl__set r = {{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
  return r;
}
static inline int set_empty(tl__set s) { return !(s.w[0] | s.w[1]); }
static inline int set_subset(tl__set a, tl__set b) { /* a ⊆ b */
  return !(a.w[0] & ~b.w[0]) && !(a.w[1] & ~b.w[1]);
}

struct tl_lattice {
  int n;
  unsigned flags;
  char **names;
  int *succ_start; /* CSR: successors of i are succ[succ_start[i] .. succ_start[i+1]) */
  int *succ;
  tl__set *ub;     /* ub[i]: every j with i <= j */
  int16_t *join;   /* n*n; TL__NO_JOIN where there is no common upper bound */
  int16_t *join_off; /* the same with row offsets: join_off[a*n + b] = join * n (or -1) */
  int16_t off_of[TL_NUM_DTYPES]; /* dtype -> node * n (or -1), for dtype lattices */
  tl_dtype *dtype_of;              /* for dtype lattices; NULL otherwise */
  int8_t node_of[TL_NUM_DTYPES];   /* catalogue dtype -> node (-1) */
};

void tl_lattice_free(tl_lattice *l) {
  if (!l) return;
  if (l->names)
    for (int i = 0; i < l->n; i++) free(l->names[i]);
  free(l->names);
  free(l->succ_start);
  free(l->succ);
  free(l->ub);
  free(l->join);
  free(l->join_off);
  free(l->dtype_of);
  free(l);
}

/* ---- problems ------------------------------------------------------------- */

typedef struct {
  tl_lattice_problem *out;
  size_t cap, count, errors;
  char first[256]; /* first error, for the status message */
} tl__problems;

static void TL__PRINTF(3, 4) problem(tl__problems *p, int is_error, const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (is_error && p->errors++ == 0) memcpy(p->first, msg, sizeof msg);
  if (p->out && p->count < p->cap) {
    p->out[p->count].is_error = is_error;
    memcpy(p->out[p->count].message, msg, sizeof msg);
  }
  p->count++;
}

/* ---- building ---------------------------------------------------------------- */

/* Build from n names and an edge list. Takes ownership of nothing; copies. */
static int build(char *const *names, int n, const int (*edges)[2], size_t n_edges, unsigned flags,
                 tl__problems *pr, tl_lattice **out) {
  if (n <= 0) return tl__error(TL_ELATTICE, NULL, "a lattice needs at least one node");
  if (n > TL__MAX_NODES)
    return tl__error(TL_ERANGE, NULL, "lattice has %d nodes; at most %d are supported", n, TL__MAX_NODES);
  tl_lattice *l = calloc(1, sizeof *l);
  if (!l) return tl__error(TL_ENOMEM, NULL, "out of memory building a lattice");
  l->n = n;
  l->flags = flags;
  memset(l->node_of, -1, sizeof l->node_of);
  l->names = calloc((size_t)n, sizeof *l->names);
  l->succ_start = calloc((size_t)n + 1, sizeof *l->succ_start);
  l->succ = calloc(n_edges ? n_edges : 1, sizeof *l->succ);
  l->ub = calloc((size_t)n, sizeof *l->ub);
  l->join = malloc(sizeof *l->join * (size_t)n * (size_t)n);
  if (!l->names || !l->succ_start || !l->succ || !l->ub || !l->join) goto oom;
  for (int i = 0; i < n; i++) {
    size_t len = strlen(names[i]);
    l->names[i] = malloc(len + 1);
    if (!l->names[i]) goto oom;
    memcpy(l->names[i], names[i], len + 1);
  }
  /* CSR successor lists, duplicates dropped, order kept */
  for (size_t e = 0; e < n_edges; e++) l->succ_start[edges[e][0] + 1]++;
  for (int i = 0; i < n; i++) l->succ_start[i + 1] += l->succ_start[i];
  {
    int *fill = calloc((size_t)n, sizeof *fill);
    if (!fill) goto oom;
    for (size_t e = 0; e < n_edges; e++) {
      int a = edges[e][0], b = edges[e][1], dup = 0;
      for (int k = l->succ_start[a]; k < l->succ_start[a] + fill[a]; k++) dup |= l->succ[k] == b;
      if (!dup) l->succ[l->succ_start[a] + fill[a]++] = b;
    }
    /* compact away dropped duplicates */
    int w = 0;
    for (int i = 0; i < n; i++) {
      int s = l->succ_start[i];
      l->succ_start[i] = w;
      for (int k = 0; k < fill[i]; k++) l->succ[w++] = l->succ[s + k];
    }
    l->succ_start[n] = w;
    free(fill);
  }
  /* upper-bound sets by DFS; a back edge is a cycle */
  {
    int *state = calloc((size_t)n, sizeof *state); /* 0 new, 1 on stack, 2 done */
    int *stack = malloc(sizeof *stack * (size_t)n), *iter = malloc(sizeof *iter * (size_t)n);
    if (!state || !stack || !iter) {
      free(state), free(stack), free(iter);
      goto oom;
    }
    int cycle = 0;
    for (int root = 0; root < n && !cycle; root++) {
      if (state[root]) continue;
      int sp = 0;
      stack[sp] = root;
      iter[sp] = l->succ_start[root];
      state[root] = 1;
      while (sp >= 0 && !cycle) {
        int v = stack[sp];
        if (iter[sp] < l->succ_start[v + 1]) {
          int w = l->succ[iter[sp]++];
          if (state[w] == 1) {
            /* report the cycle path w -> ... -> v -> w */
            char path[200] = "";
            size_t used = 0;
            int start = sp;
            while (start > 0 && stack[start] != w) start--;
            for (int k = start; k <= sp && used < sizeof path - 40; k++)
              used += (size_t)snprintf(path + used, sizeof path - used, "'%s' -> ", l->names[stack[k]]);
            snprintf(path + used, sizeof path - used, "'%s'", l->names[w]);
            problem(pr, 1, "cycle detected: %s", path);
            cycle = 1;
          } else if (state[w] == 0) {
            state[w] = 1;
            sp++;
            stack[sp] = w;
            iter[sp] = l->succ_start[w];
          }
        } else {
          set_add(&l->ub[v], v);
          for (int k = l->succ_start[v]; k < l->succ_start[v + 1]; k++) {
            tl__set s = l->ub[l->succ[k]];
            l->ub[v].w[0] |= s.w[0];
            l->ub[v].w[1] |= s.w[1];
          }
          state[v] = 2;
          sp--;
        }
      }
    }
    free(state), free(stack), free(iter);
    if (cycle) {
      tl_lattice_free(l);
      return TL_ELATTICE;
    }
  }
  /* join table: the least element of the common upper bounds */
  for (int a = 0; a < n; a++) {
    for (int b = a; b < n; b++) {
      tl__set cub = set_and(l->ub[a], l->ub[b]);
      int16_t j = TL__NO_JOIN;
      if (set_empty(cub)) {
        if (!(flags & TL_LATTICE_PARTIAL))
          problem(pr, 1, "no common upper bound for '%s' and '%s'", l->names[a], l->names[b]);
      } else {
        int nmin = 0, mins[TL__MAX_NODES];
        for (int c = 0; c < n; c++) {
          if (!set_has(&cub, c)) continue;
          if (set_subset(cub, l->ub[c])) j = (int16_t)c; /* c is below every common upper bound */
          /* minimal: no other common upper bound strictly below c */
          int minimal = 1;
          for (int d = 0; d < n && minimal; d++)
            if (d != c && set_has(&cub, d) && set_has(&l->ub[d], c)) minimal = 0;
          if (minimal) mins[nmin++] = c;
        }
        if (j == TL__NO_JOIN) {
          char opts[160] = "";
          size_t used = 0;
          for (int k = 0; k < nmin && used < sizeof opts - 24; k++)
            used += (size_t)snprintf(opts + used, sizeof opts - used, "%s'%s'", k ? ", " : "", l->names[mins[k]]);
          problem(pr, 1, "'%s' and '%s' have several minimal upper bounds: %s", l->names[a], l->names[b], opts);
        }
      }
      l->join[a * n + b] = l->join[b * n + a] = j;
    }
  }
  if (pr->errors) {
    tl_lattice_free(l);
    return TL_ELATTICE;
  }
  l->join_off = malloc(sizeof *l->join_off * (size_t)n * (size_t)n);
  if (!l->join_off) goto oom;
  for (int k = 0; k < n * n; k++) l->join_off[k] = (int16_t)(l->join[k] < 0 ? -1 : l->join[k] * n);
  for (int k = 0; k < TL_NUM_DTYPES; k++) l->off_of[k] = -1;
  *out = l;
  return TL_OK;
oom:
  tl_lattice_free(l);
  return tl__error(TL_ENOMEM, NULL, "out of memory building a lattice");
}

static int finish(int st, tl__problems *pr) {
  if (st == TL_ELATTICE) return tl__error(TL_ELATTICE, NULL, "not a lattice: %s", pr->first);
  return st;
}

int tl_lattice_new(const char *const *nodes, size_t n_nodes, const int *const *succ, unsigned flags,
                   tl_lattice **out) {
  if (!nodes || !out) return tl__error(TL_EINVAL, NULL, "tl_lattice_new: NULL %s", nodes ? "out" : "nodes");
  if (n_nodes > TL__MAX_NODES)
    return tl__error(TL_ERANGE, NULL, "lattice has %zu nodes; at most %d are supported", n_nodes, TL__MAX_NODES);
  size_t n_edges = 0;
  for (size_t i = 0; i < n_nodes; i++) {
    if (!nodes[i] || !nodes[i][0]) return tl__error(TL_EINVAL, NULL, "tl_lattice_new: node %zu has no name", i);
    for (size_t j = 0; j < i; j++)
      if (strcmp(nodes[i], nodes[j]) == 0)
        return tl__error(TL_EINVAL, NULL, "tl_lattice_new: node name '%s' is used twice", nodes[i]);
    if (succ && succ[i])
      for (const int *s = succ[i]; *s != -1; s++) {
        if (*s < 0 || (size_t)*s >= n_nodes)
          return tl__error(TL_EINVAL, NULL, "tl_lattice_new: node '%s' has successor index %d out of range",
                           nodes[i], *s);
        if (++n_edges > 100000) return tl__error(TL_ERANGE, NULL, "tl_lattice_new: too many edges");
      }
  }
  int(*edges)[2] = malloc(sizeof *edges * (n_edges ? n_edges : 1));
  if (!edges) return tl__error(TL_ENOMEM, NULL, "out of memory");
  size_t e = 0;
  for (size_t i = 0; i < n_nodes; i++)
    if (succ && succ[i])
      for (const int *s = succ[i]; *s != -1; s++) edges[e][0] = (int)i, edges[e][1] = *s, e++;
  tl__problems pr;
  memset(&pr, 0, sizeof pr);
  tl_lattice *l = NULL;
  int st = build((char *const *)nodes, (int)n_nodes, (const int(*)[2])edges, n_edges, flags, &pr, &l);
  free(edges);
  if (st != TL_OK) return finish(st, &pr);
  *out = l;
  return tl__ok();
}

/* ---- text specs -------------------------------------------------------------- */

typedef struct {
  char *names[TL__MAX_NODES];
  int n;
  int (*edges)[2];
  size_t n_edges, cap_edges;
  unsigned flags;
} tl__spec;

static void spec_free(tl__spec *s) {
  for (int i = 0; i < s->n; i++) free(s->names[i]);
  free(s->edges);
}

static int spec_node(tl__spec *s, const char *name, size_t len, int line) {
  for (int i = 0; i < s->n; i++)
    if (strlen(s->names[i]) == len && memcmp(s->names[i], name, len) == 0) return i;
  if (s->n >= TL__MAX_NODES)
    return tl__error(TL_ERANGE, NULL, "line %d: more than %d nodes", line, TL__MAX_NODES), -1;
  char *c = malloc(len + 1);
  if (!c) return tl__error(TL_ENOMEM, NULL, "out of memory"), -1;
  memcpy(c, name, len);
  c[len] = '\0';
  s->names[s->n] = c;
  return s->n++;
}

static int spec_edge(tl__spec *s, int a, int b) {
  if (s->n_edges == s->cap_edges) {
    size_t nc = s->cap_edges ? s->cap_edges * 2 : 64;
    if (nc > 100000) return tl__error(TL_ERANGE, NULL, "too many edges");
    void *p = realloc(s->edges, sizeof *s->edges * nc);
    if (!p) return tl__error(TL_ENOMEM, NULL, "out of memory");
    s->edges = p;
    s->cap_edges = nc;
  }
  s->edges[s->n_edges][0] = a;
  s->edges[s->n_edges][1] = b;
  s->n_edges++;
  return TL_OK;
}

static int is_name_char(char c) { return c && !isspace((unsigned char)c) && c != ',' && c != '#'; }

/* Read one node name at *p (stops at whitespace, ',', '#', "->"). */
static size_t read_name(const char *p) {
  size_t k = 0;
  while (is_name_char(p[k]) && !(p[k] == '-' && p[k + 1] == '>')) k++;
  return k;
}

static int spec_parse(const char *text, tl__spec *s) {
  memset(s, 0, sizeof *s);
  int line = 1;
  const char *p = text;
  while (*p) {
    const char *eol = strchr(p, '\n');
    size_t len = eol ? (size_t)(eol - p) : strlen(p);
    char buf[4096];
    if (len >= sizeof buf) return tl__error(TL_EPARSE, NULL, "line %d: line too long", line);
    memcpy(buf, p, len);
    buf[len] = '\0';
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    char *q = buf;
    while (isspace((unsigned char)*q)) q++;
    if (*q == '%') {
      char *e = q + strlen(q);
      while (e > q && isspace((unsigned char)e[-1])) *--e = '\0';
      if (strcmp(q, "%partial") == 0) s->flags |= TL_LATTICE_PARTIAL;
      else return tl__error(TL_EPARSE, NULL, "line %d: unknown directive '%s' (known: %%partial)", line, q);
    } else if (*q) {
      size_t nl = read_name(q);
      if (nl == 0) return tl__error(TL_EPARSE, NULL, "line %d: expected a node name, found '%.20s'", line, q);
      int a = spec_node(s, q, nl, line);
      if (a < 0) return tl__error(TL_EPARSE, NULL, "%s", tl_errmsg());
      q += nl;
      while (isspace((unsigned char)*q)) q++;
      if (q[0] == '-' && q[1] == '>') {
        q += 2;
        int expect = 1;
        for (;;) {
          while (isspace((unsigned char)*q)) q++;
          if (!*q) break;
          if (*q == ',') {
            if (expect) return tl__error(TL_EPARSE, NULL, "line %d: empty successor name before ','", line);
            expect = 1;
            q++;
            continue;
          }
          if (!expect) return tl__error(TL_EPARSE, NULL, "line %d: expected ',' between successors", line);
          size_t sl = read_name(q);
          if (sl == 0) return tl__error(TL_EPARSE, NULL, "line %d: bad successor name at '%.20s'", line, q);
          int b = spec_node(s, q, sl, line);
          if (b < 0) return tl__error(TL_EPARSE, NULL, "%s", tl_errmsg());
          int st = spec_edge(s, a, b);
          if (st != TL_OK) return st;
          q += sl;
          expect = 0;
        }
      } else if (*q) {
        return tl__error(TL_EPARSE, NULL, "line %d: expected '->' after '%s', found '%.20s'", line, s->names[a], q);
      }
    }
    line++;
    p = eol ? eol + 1 : p + len;
  }
  if (s->n == 0) return tl__error(TL_EPARSE, NULL, "the spec declares no nodes");
  return TL_OK;
}

int tl_lattice_parse(const char *spec, unsigned flags, tl_lattice **out) {
  if (!spec || !out) return tl__error(TL_EINVAL, NULL, "tl_lattice_parse: NULL %s", spec ? "out" : "spec");
  tl__spec s;
  int st = spec_parse(spec, &s);
  if (st == TL_OK) {
    tl__problems pr;
    memset(&pr, 0, sizeof pr);
    tl_lattice *l = NULL;
    st = build(s.names, s.n, (const int(*)[2])s.edges, s.n_edges, flags | s.flags, &pr, &l);
    st = finish(st, &pr);
    if (st == TL_OK) {
      *out = l;
      tl__ok();
    }
  }
  spec_free(&s);
  return st;
}

/* ---- queries ---------------------------------------------------------------- */

size_t tl_lattice_size(const tl_lattice *l) { return l ? (size_t)l->n : 0; }

const char *tl_lattice_node_name(const tl_lattice *l, int node) {
  return (l && node >= 0 && node < l->n) ? l->names[node] : NULL;
}

int tl_lattice_node(const tl_lattice *l, const char *name) {
  if (!l || !name) return tl__error(TL_EINVAL, NULL, "tl_lattice_node: NULL %s", l ? "name" : "lattice"), -1;
  for (int i = 0; i < l->n; i++)
    if (strcmp(l->names[i], name) == 0) return i;
  return tl__error(TL_EINVAL, NULL, "no node named '%s' in the lattice", name), -1;
}

size_t tl_lattice_successors(const tl_lattice *l, int node, int *out, size_t cap) {
  if (!l || node < 0 || node >= l->n) return 0;
  size_t cnt = (size_t)(l->succ_start[node + 1] - l->succ_start[node]);
  for (size_t k = 0; k < cnt && k < cap && out; k++) out[k] = l->succ[l->succ_start[node] + (int)k];
  return cnt;
}

int tl_lattice_leq(const tl_lattice *l, int a, int b) {
  if (!l || a < 0 || b < 0 || a >= l->n || b >= l->n) return 0;
  return set_has(&l->ub[a], b);
}

int tl_lattice_join(const tl_lattice *l, int a, int b, int *out) {
  if (!l || !out) return tl__error(TL_EINVAL, NULL, "tl_lattice_join: NULL %s", l ? "out" : "lattice");
  if (a < 0 || b < 0 || a >= l->n || b >= l->n)
    return tl__error(TL_EINVAL, NULL, "tl_lattice_join: node index out of range (%d, %d; lattice has %d nodes)", a, b,
                     l->n);
  int j = l->join[a * l->n + b];
  if (j == TL__NO_JOIN)
    return tl__error(TL_EPROMOTE, NULL, "'%s' and '%s' have no common upper bound", l->names[a], l->names[b]);
  *out = j;
  return tl__ok();
}

int tl_lattice_join_n(const tl_lattice *l, const int *nodes, size_t n, int *out) {
  if (!l || !nodes || !out) return tl__error(TL_EINVAL, NULL, "tl_lattice_join_n: NULL argument");
  if (n == 0) return tl__error(TL_EINVAL, NULL, "tl_lattice_join_n: no nodes");
  int acc = nodes[0];
  if (acc < 0 || acc >= l->n) return tl__error(TL_EINVAL, NULL, "tl_lattice_join_n: node index %d out of range", acc);
  for (size_t i = 1; i < n; i++) {
    int b = nodes[i];
    if (b < 0 || b >= l->n) return tl__error(TL_EINVAL, NULL, "tl_lattice_join_n: node index %d out of range", b);
    int j = l->join[acc * l->n + b];
    if (j == TL__NO_JOIN) {
      /* name the first input that has no common upper bound with the rest */
      return tl__error(TL_EPROMOTE, NULL, "'%s' and '%s' have no common upper bound", l->names[nodes[0]],
                       l->names[b]);
    }
    acc = j;
  }
  *out = acc;
  return tl__ok();
}

/* ---- dtype lattices (rule files) -------------------------------------------- */

int tl__lattice_from_dtypes(const tl_dtype *nodes, size_t n_nodes, const tl_dtype (*edges)[2], size_t n_edges,
                            unsigned flags, tl_lattice **out) {
  char *names[TL_NUM_DTYPES];
  int node_of[TL_NUM_DTYPES];
  if (n_nodes > TL_NUM_DTYPES) return tl__error(TL_ERANGE, NULL, "too many dtype nodes");
  for (int i = 0; i < TL_NUM_DTYPES; i++) node_of[i] = -1;
  for (size_t i = 0; i < n_nodes; i++) {
    if (!tl__valid_dtype(nodes[i])) return tl__error(TL_EDTYPE, NULL, "bad dtype in lattice");
    names[i] = (char *)tl_dtype_name(nodes[i]);
    node_of[nodes[i]] = (int)i;
  }
  int(*e)[2] = malloc(sizeof *e * (n_edges ? n_edges : 1));
  if (!e) return tl__error(TL_ENOMEM, NULL, "out of memory");
  for (size_t i = 0; i < n_edges; i++) {
    e[i][0] = node_of[edges[i][0]];
    e[i][1] = node_of[edges[i][1]];
    if (e[i][0] < 0 || e[i][1] < 0) {
      free(e);
      return tl__error(TL_EINVAL, NULL, "lattice edge %s -> %s names a dtype that is not a node",
                       tl_dtype_name(edges[i][0]), tl_dtype_name(edges[i][1]));
    }
  }
  tl__problems pr;
  memset(&pr, 0, sizeof pr);
  tl_lattice *l = NULL;
  int st = build(names, (int)n_nodes, (const int(*)[2])e, n_edges, flags, &pr, &l);
  free(e);
  if (st != TL_OK) return finish(st, &pr);
  l->dtype_of = malloc(sizeof *l->dtype_of * n_nodes);
  if (!l->dtype_of) {
    tl_lattice_free(l);
    return tl__error(TL_ENOMEM, NULL, "out of memory");
  }
  for (size_t i = 0; i < n_nodes; i++) {
    l->dtype_of[i] = nodes[i];
    l->node_of[nodes[i]] = (int8_t)i;
    l->off_of[nodes[i]] = (int16_t)(i * n_nodes);
  }
  *out = l;
  return tl__ok();
}

const int16_t *tl__lattice_joins(const tl_lattice *l, int *n) {
  *n = l->n;
  return l->join;
}

const int8_t *tl__lattice_node_map(const tl_lattice *l) { return l->node_of; }

const int16_t *tl__lattice_join_offsets(const tl_lattice *l, const int16_t **off_of) {
  *off_of = l->off_of;
  return l->join_off;
}

int tl__lattice_node_of(const tl_lattice *l, tl_dtype d) {
  return (l && tl__valid_dtype(d)) ? l->node_of[d] : -1;
}

tl_dtype tl__lattice_dtype_of(const tl_lattice *l, int node) {
  return (l && l->dtype_of && node >= 0 && node < l->n) ? l->dtype_of[node] : TL_DTYPE_NONE;
}

const tl_dtype *tl__lattice_dtypes(const tl_lattice *l) { return l->dtype_of; }

/* ---- design lint (JEP 9407 criteria) ------------------------------------------ */

/* Map a node name to a catalogue dtype: our names, JAX's bit-width short codes
 * (u32, i*, bf16, c128) or the docs' byte codes (u4, f8, c16). `bytes` selects
 * the byte convention for the codes that differ. */
static tl_dtype lint_dtype(const char *name, int bytes) {
  tl_dtype d;
  if (strcmp(name, "i*") == 0) return TL_WEAK_INT;
  if (strcmp(name, "f*") == 0) return TL_WEAK_FLOAT;
  if (strcmp(name, "c*") == 0) return TL_WEAK_COMPLEX;
  if (strcmp(name, "b1") == 0 || strcmp(name, "bool") == 0) return TL_BOOL;
  if (strcmp(name, "bf") == 0 || strcmp(name, "bf16") == 0) return TL_BFLOAT16;
  char k = name[0];
  if ((k == 'u' || k == 'i' || k == 'f' || k == 'c') && isdigit((unsigned char)name[1])) {
    char *end;
    long v = strtol(name + 1, &end, 10);
    if (*end == '\0' && v > 0 && v <= 1024) { /* bounded: v * 8 overflowed for huge codes */
      long bits = bytes ? v * 8 : v;
      static const struct { char k; long bits; tl_dtype d; } codes[] = {
          {'u', 8, TL_UINT8},    {'u', 16, TL_UINT16},  {'u', 32, TL_UINT32},  {'u', 64, TL_UINT64},
          {'i', 8, TL_INT8},     {'i', 16, TL_INT16},   {'i', 32, TL_INT32},   {'i', 64, TL_INT64},
          {'f', 16, TL_FLOAT16}, {'f', 32, TL_FLOAT32}, {'f', 64, TL_FLOAT64}, {'c', 64, TL_COMPLEX64},
          {'c', 128, TL_COMPLEX128}, {'u', 4, TL_UINT4}, {'i', 4, TL_INT4}, {'u', 2, TL_UINT2}, {'i', 2, TL_INT2}};
      for (size_t i = 0; i < TL__COUNT(codes); i++)
        if (codes[i].k == k && codes[i].bits == bits) return codes[i].d;
      return TL_DTYPE_NONE;
    }
  }
  for (int i = 0; i < TL_NUM_DTYPES; i++)
    if (strcmp(name, tl_dtype_name((tl_dtype)i)) == 0) return (tl_dtype)i;
  (void)d;
  return TL_DTYPE_NONE;
}

/* Does every value of `a` have an exact representation in `b`? Weak kinds are
 * treated as unbounded (no verdict: returns 1). */
static int holds(tl_dtype a, tl_dtype b) {
  const tl_dtype_info *ia = tl__info(a), *ib = tl__info(b);
  if (a == b || a == TL_BOOL) return 1;
  if (ia->weak || ib->weak) return 1;
  if (b == TL_BOOL) return 0;
  tl_kind ka = ia->kind, kb = ib->kind;
  if (kb == TL_KIND_COMPLEX && ka != TL_KIND_COMPLEX) return holds(a, ib->component);
  if (ka == TL_KIND_COMPLEX) return kb == TL_KIND_COMPLEX && holds(ia->component, ib->component);
  if (ka == TL_KIND_INT || ka == TL_KIND_UINT) {
    tl_iinfo x;
    tl_iinfo_get(a, &x);
    if (kb == TL_KIND_INT || kb == TL_KIND_UINT) {
      tl_iinfo y;
      tl_iinfo_get(b, &y);
      return x.min >= y.min && x.max <= y.max;
    }
    /* into a float: magnitude bits must fit the significand and range */
    tl_finfo f;
    if (tl_finfo_get(b, &f) != TL_OK) { /* float4_e2m1fn_x2, a packed pair: holds no single value */
      tl_clear_error();
      return 0;
    }
    if (x.min < 0 && f.min >= 0) return 0;
    int vbits = ia->bits - (ka == TL_KIND_INT);
    return vbits <= f.nmant + 1 && ldexp(1.0, ia->bits - (ka == TL_KIND_INT)) <= f.max * 2;
  }
  if (kb != TL_KIND_FLOAT) return 0; /* float -> int/uint */
  tl_finfo x, y;
  if (tl_finfo_get(a, &x) != TL_OK || tl_finfo_get(b, &y) != TL_OK) { /* float4_e2m1fn_x2 */
    tl_clear_error();
    return 0;
  }
  if (x.nmant > y.nmant || x.max > y.max || x.smallest_subnormal < y.smallest_subnormal) return 0;
  if (ia->has_inf && !ib->has_inf) return 0;
  if (x.min < 0 && y.min >= 0) return 0;
  return 1;
}

static void lint(const tl_lattice *l, tl__problems *pr) {
  int bytes = 0;
  for (int i = 0; i < l->n; i++) {
    const char *nm = l->names[i];
    if (!strcmp(nm, "u1") || !strcmp(nm, "i1") || !strcmp(nm, "f2") || !strcmp(nm, "c16") || !strcmp(nm, "f8") ||
        !strcmp(nm, "c8"))
      bytes = 1;
  }
  tl_dtype *d = malloc(sizeof *d * (size_t)l->n);
  if (!d) return;
  for (int i = 0; i < l->n; i++) d[i] = lint_dtype(l->names[i], bytes);
  for (int a = 0; a < l->n; a++) {
    if (d[a] == TL_DTYPE_NONE) continue;
    const tl_dtype_info *ia = tl__info(d[a]);
    /* edges: dropped components and overflow */
    for (int k = l->succ_start[a]; k < l->succ_start[a + 1]; k++) {
      int b = l->succ[k];
      if (d[b] == TL_DTYPE_NONE) continue;
      const tl_dtype_info *ib = tl__info(d[b]);
      if (ia->kind == TL_KIND_COMPLEX && ib->kind != TL_KIND_COMPLEX)
        problem(pr, 0, "edge '%s' -> '%s' drops a whole component (complex -> real)", l->names[a], l->names[b]);
      else if ((ia->kind == TL_KIND_FLOAT || ia->kind == TL_KIND_COMPLEX) &&
               (ib->kind == TL_KIND_INT || ib->kind == TL_KIND_UINT || ib->kind == TL_KIND_BOOL))
        problem(pr, 0, "edge '%s' -> '%s' drops the fractional part (inexact -> integer)", l->names[a], l->names[b]);
      else if ((ia->kind == TL_KIND_INT || ia->kind == TL_KIND_UINT) && !ia->weak &&
               (ib->kind == TL_KIND_INT || ib->kind == TL_KIND_UINT) && !ib->weak && !holds(d[a], d[b]))
        problem(pr, 0, "edge '%s' -> '%s' can overflow (not every %s fits %s)", l->names[a], l->names[b],
                tl_dtype_name(d[a]), tl_dtype_name(d[b]));
    }
    /* paths: precision loss into inexact types */
    for (int b = 0; b < l->n; b++) {
      if (b == a || d[b] == TL_DTYPE_NONE || !set_has(&l->ub[a], b)) continue;
      const tl_dtype_info *ib = tl__info(d[b]);
      if (ia->weak || ib->weak) continue;
      if ((ib->kind == TL_KIND_FLOAT || ib->kind == TL_KIND_COMPLEX) && ia->kind != TL_KIND_COMPLEX &&
          !holds(d[a], d[b]))
        problem(pr, 0, "path '%s' -> '%s' loses precision (not every %s is exact in %s)", l->names[a], l->names[b],
                tl_dtype_name(d[a]), tl_dtype_name(d[b]));
    }
  }
  /* joins wider than both inputs need */
  for (int a = 0; a < l->n; a++)
    for (int b = a + 1; b < l->n; b++) {
      int j = l->join[a * l->n + b];
      if (j < 0 || j == a || j == b || d[a] == TL_DTYPE_NONE || d[b] == TL_DTYPE_NONE || d[j] == TL_DTYPE_NONE)
        continue;
      const tl_dtype_info *ij = tl__info(d[j]);
      if (ij->weak || tl__info(d[a])->weak || tl__info(d[b])->weak) continue;
      for (int c = 0; c < TL_NUM_CONCRETE; c++) {
        const tl_dtype_info *ic = tl__info((tl_dtype)c);
        if (ic->weak) continue;
        if (ic->kind == ij->kind && ic->bits < ij->bits && holds(d[a], (tl_dtype)c) && holds(d[b], (tl_dtype)c)) {
          problem(pr, 0, "join of '%s' and '%s' is '%s', wider than both need (%s holds both)", l->names[a],
                  l->names[b], l->names[j], ic->name);
          break;
        }
      }
    }
  free(d);
}

int tl_lattice_check(const char *spec, unsigned flags, int do_lint, tl_lattice_problem *out, size_t cap,
                     size_t *n_problems) {
  if (!spec) return tl__error(TL_EINVAL, NULL, "tl_lattice_check: NULL spec");
  if (!out && cap) return tl__error(TL_EINVAL, NULL, "tl_lattice_check: NULL out with cap %zu", cap);
  tl__spec s;
  int st = spec_parse(spec, &s);
  if (st != TL_OK) {
    spec_free(&s);
    return st;
  }
  tl__problems pr;
  memset(&pr, 0, sizeof pr);
  pr.out = out;
  pr.cap = cap;
  tl_lattice *l = NULL;
  st = build(s.names, s.n, (const int(*)[2])s.edges, s.n_edges, flags | s.flags, &pr, &l);
  if (st == TL_OK && do_lint) lint(l, &pr);
  tl_lattice_free(l);
  spec_free(&s);
  if (n_problems) *n_problems = pr.count;
  if (st == TL_ELATTICE) return tl__error(TL_ELATTICE, NULL, "not a lattice: %s", pr.first);
  if (st != TL_OK) return st;
  return tl__ok();
}
