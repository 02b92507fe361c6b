/* rules_jax.c — JAX's type promotion (jax/_src/dtypes.py), and jax.lax.
 *
 * Data: the standard lattice's edges (x64 on), the one edge x64-off mode
 * changes, and how the strict and jax.lax lattices are generated from the
 * catalogue. Hooks: input canonicalization with x64 off, weak types
 * (lattice_result_type), mapping weak results to default dtypes
 * (result_type), Python-int overflow in operation mode, and JAX's
 * TypePromotionError messages. Facts: ../shared/reference/jax.md §2–§5. */
#include "internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#define D(x) TL_##x

/* Every dtype JAX knows: its promotion types (no complex32) and weak kinds. */
static const tl_dtype jax_domain[] = {
    D(BOOL), D(UINT1), D(UINT2), D(UINT4), D(UINT8), D(UINT16), D(UINT32), D(UINT64), D(INT1), D(INT2), D(INT4), D(INT8), D(INT16),
    D(INT32), D(INT64), D(FLOAT4_E2M1FN), D(FLOAT6_E2M3FN), D(FLOAT6_E3M2FN), D(FLOAT8_E3M4), D(FLOAT8_E4M3),
    D(FLOAT8_E8M0FNU), D(FLOAT8_E4M3B11FNUZ), D(FLOAT8_E4M3FN), D(FLOAT8_E4M3FNUZ), D(FLOAT8_E5M2),
    D(FLOAT8_E5M2FNUZ), D(BFLOAT16), D(FLOAT16), D(FLOAT32), D(FLOAT64), D(COMPLEX64), D(COMPLEX128),
    D(WEAK_INT), D(WEAK_FLOAT), D(WEAK_COMPLEX), TL_DTYPE_NONE};
#define JAX_N (TL__COUNT(jax_domain) - 1)

/* The standard lattice with x64 on (`_type_promotion_lattice(False, True)`).
 * The 1/2/4-bit integers and the 4/6/8-bit floats are sinks reachable only
 * from the weak kinds. */
static const tl_dtype standard_edges[][2] = {
    {D(BOOL), D(WEAK_INT)},
    {D(WEAK_INT), D(UINT8)}, {D(WEAK_INT), D(UINT2)}, {D(WEAK_INT), D(UINT4)},
    {D(WEAK_INT), D(INT8)}, {D(WEAK_INT), D(INT2)}, {D(WEAK_INT), D(INT4)},
    {D(WEAK_INT), D(INT1)}, {D(WEAK_INT), D(UINT1)}, /* JAX 0.12 with ml_dtypes' int1/uint1 */
    {D(UINT8), D(INT16)}, {D(UINT8), D(UINT16)},
    {D(UINT16), D(INT32)}, {D(UINT16), D(UINT32)},
    {D(UINT32), D(INT64)}, {D(UINT32), D(UINT64)}, /* x64 off: uint32 -> int32 (below) */
    {D(UINT64), D(WEAK_FLOAT)},
    {D(INT8), D(INT16)}, {D(INT16), D(INT32)}, {D(INT32), D(INT64)}, {D(INT64), D(WEAK_FLOAT)},
    {D(WEAK_FLOAT), D(FLOAT4_E2M1FN)}, {D(WEAK_FLOAT), D(FLOAT6_E2M3FN)}, {D(WEAK_FLOAT), D(FLOAT6_E3M2FN)},
    {D(WEAK_FLOAT), D(FLOAT8_E3M4)}, {D(WEAK_FLOAT), D(FLOAT8_E4M3)}, {D(WEAK_FLOAT), D(FLOAT8_E8M0FNU)},
    {D(WEAK_FLOAT), D(FLOAT8_E4M3B11FNUZ)}, {D(WEAK_FLOAT), D(FLOAT8_E4M3FN)}, {D(WEAK_FLOAT), D(FLOAT8_E4M3FNUZ)},
    {D(WEAK_FLOAT), D(FLOAT8_E5M2)}, {D(WEAK_FLOAT), D(FLOAT8_E5M2FNUZ)},
    {D(WEAK_FLOAT), D(BFLOAT16)}, {D(WEAK_FLOAT), D(FLOAT16)}, {D(WEAK_FLOAT), D(WEAK_COMPLEX)},
    {D(BFLOAT16), D(FLOAT32)}, {D(FLOAT16), D(FLOAT32)},
    {D(FLOAT32), D(FLOAT64)}, {D(FLOAT32), D(COMPLEX64)}, {D(FLOAT64), D(COMPLEX128)},
    {D(WEAK_COMPLEX), D(COMPLEX64)}, {D(COMPLEX64), D(COMPLEX128)},
};
/* x64 off: promotion never forms a 64-bit type from non-64-bit inputs. */
static const tl_dtype x32_edge_from[2] = {D(UINT32), D(INT64)};
static const tl_dtype x32_edge_to[2] = {D(UINT32), D(INT32)};

enum { L_STD_X64, L_STD_X32, L_STRICT, L_LAX_X64, L_LAX_X32, L_COUNT };
static tl_lattice *lattices[L_COUNT];
static int build_status = TL_OK;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_int built; /* fast check before pthread_once */

static int is_small_float(tl_dtype d) { return d >= D(FLOAT4_E2M1FN) && d <= D(FLOAT8_E8M0FNU); }
static int is_intn(tl_dtype d) {
  return d == D(INT2) || d == D(INT4) || d == D(UINT2) || d == D(UINT4) || d == D(INT1) || d == D(UINT1);
}

static tl_dtype jax_type_slow(tl_dtype d, int weak);
static tl_dtype canonicalize(const tl_config *cfg, tl_dtype d);
static void take_views(void);
static tl_dtype weak_node_of[TL_NUM_DTYPES];
static tl_dtype canon_x32[TL_NUM_DTYPES], canon_x64[TL_NUM_DTYPES]; /* input canonicalization */

static void build_all(void) {
  tl_dtype edges[128][2];
  tl_config x32, x64;
  tl_config_init(&x32);
  tl_config_init(&x64);
  x64.x64 = 1;
  for (int i = 0; i < TL_NUM_DTYPES; i++) {
    weak_node_of[i] = jax_type_slow((tl_dtype)i, 1);
    canon_x32[i] = canonicalize(&x32, (tl_dtype)i);
    canon_x64[i] = canonicalize(&x64, (tl_dtype)i);
  }
  size_t n = TL__COUNT(standard_edges);
  int st = tl__lattice_from_dtypes(jax_domain, JAX_N, standard_edges, n, TL_LATTICE_PARTIAL, &lattices[L_STD_X64]);
  memcpy(edges, standard_edges, sizeof standard_edges);
  for (size_t i = 0; i < n; i++)
    if (edges[i][0] == x32_edge_from[0] && edges[i][1] == x32_edge_from[1]) memcpy(edges[i], x32_edge_to, sizeof x32_edge_to);
  if (st == TL_OK) st = tl__lattice_from_dtypes(jax_domain, JAX_N, (const tl_dtype(*)[2])edges, n, TL_LATTICE_PARTIAL, &lattices[L_STD_X32]);
  /* strict (`_type_promotion_lattice(True, ...)`): int* -> float* and every
   * integer; float* -> complex* and every float; complex* -> every complex */
  n = 0;
  edges[n][0] = D(WEAK_INT), edges[n][1] = D(WEAK_FLOAT), n++;
  edges[n][0] = D(WEAK_FLOAT), edges[n][1] = D(WEAK_COMPLEX), n++;
  for (size_t i = 0; i < JAX_N; i++) {
    tl_dtype d = jax_domain[i];
    if (tl_dtype_is_weak(d)) continue;
    tl_dtype from = tl_dtype_is_integer(d) ? D(WEAK_INT) : tl_dtype_is_floating(d) ? D(WEAK_FLOAT)
                    : tl_dtype_is_complex(d) ? D(WEAK_COMPLEX) : TL_DTYPE_NONE;
    if (from != TL_DTYPE_NONE) edges[n][0] = from, edges[n][1] = d, n++;
  }
  if (st == TL_OK) st = tl__lattice_from_dtypes(jax_domain, JAX_N, (const tl_dtype(*)[2])edges, n, TL_LATTICE_PARTIAL, &lattices[L_STRICT]);
  /* jax.lax: no implicit promotion; a weak value takes the default dtype of
   * its kind (64-bit with x64, 32-bit without) */
  for (int x64 = 1; x64 >= 0 && st == TL_OK; x64--) {
    tl_dtype lax_edges[3][2] = {{D(WEAK_INT), x64 ? D(INT64) : D(INT32)},
                                {D(WEAK_FLOAT), x64 ? D(FLOAT64) : D(FLOAT32)},
                                {D(WEAK_COMPLEX), x64 ? D(COMPLEX128) : D(COMPLEX64)}};
    st = tl__lattice_from_dtypes(jax_domain, JAX_N, (const tl_dtype(*)[2])lax_edges, 3, TL_LATTICE_PARTIAL,
                                 &lattices[x64 ? L_LAX_X64 : L_LAX_X32]);
  }
  build_status = st;
  if (st == TL_OK) take_views();
}

/* The hot-path view of each lattice, taken once after building it. */
typedef struct {
  int n;
  const int16_t *join, *join_off, *off_of;
  const int8_t *node;
  const tl_dtype *dtype_of;
  /* Branch-free fold for the common configuration (no op mode, no default
   * overrides): `absorb` is join_off with one extra row, and every "no join"
   * entry pointing at it, so a failed fold stays failed without a test;
   * opnode[kind][dtype] is the row offset of the operand's lattice node and
   * opd/opw its dtype after canonicalization and its weak flag. */
  int16_t absorb[(TL_NUM_DTYPES + 1) * TL_NUM_DTYPES];
  /* op[kind][dtype], with one extra row and column for out-of-range values:
   * the operand's lattice column, its dtype after canonicalization, its weak
   * flag, and whether the fast path must decline it (not a valid operand) */
  uint32_t op[8][TL_NUM_DTYPES + 1]; /* col | d << 8 | weak << 16 | bad << 24 */
} fastlat;
static fastlat fast[L_COUNT];

static tl_dtype canonicalize(const tl_config *cfg, tl_dtype d);
static tl_dtype weak_node_dtype(const tl_config *cfg, tl_dtype node);

static void take_views(void) {
  for (int i = 0; i < L_COUNT; i++) {
    if (!lattices[i]) continue;
    fastlat *f = &fast[i];
    f->join = tl__lattice_joins(lattices[i], &f->n);
    f->join_off = tl__lattice_join_offsets(lattices[i], &f->off_of);
    f->node = tl__lattice_node_map(lattices[i]);
    f->dtype_of = tl__lattice_dtypes(lattices[i]);
    const int n = f->n, fail = n * n;
    for (int k = 0; k < n * n; k++) f->absorb[k] = f->join_off[k] < 0 ? (int16_t)fail : f->join_off[k];
    for (int k = 0; k < n; k++) f->absorb[fail + k] = (int16_t)fail;
    /* the operand map, for the x64 setting of this lattice (strict: x64 off;
     * a strict x64 call takes the exact path) */
    tl_config c;
    tl_config_init(&c);
    c.x64 = i == L_STD_X64 || i == L_LAX_X64;
    for (int kind = 0; kind < 8; kind++)
      for (int d = 0; d <= TL_NUM_DTYPES; d++) {
        uint32_t *e = &f->op[kind][d];
        *e = UINT32_C(1) << 24; /* bad until proven valid */
        if (kind > TL_OPERAND_PYTYPE || d == TL_NUM_DTYPES) continue;
        int py = kind >= TL_OPERAND_PYSCALAR;
        int ok = py ? (d == D(BOOL) || tl__is_weak((tl_dtype)d)) : (!tl__is_weak((tl_dtype)d) && f->node[d] >= 0);
        if (!ok) continue;
        tl_dtype dd;
        int w;
        if (py) w = d != D(BOOL), dd = w ? weak_node_dtype(&c, (tl_dtype)d) : D(BOOL);
        else if (kind == TL_OPERAND_WEAK_ARRAY) w = 1, dd = (tl_dtype)d;
        else w = 0, dd = canonicalize(&c, (tl_dtype)d);
        int nx = f->node[w ? jax_type_slow(dd, 1) : dd];
        if (nx < 0) continue;
        *e = (uint32_t)nx | (uint32_t)dd << 8 | (uint32_t)w << 16;
      }
  }
}

static const tl_lattice *get_lattice(int which) {
  if (!atomic_load_explicit(&built, memory_order_acquire)) {
    pthread_once(&once, build_all);
    atomic_store_explicit(&built, 1, memory_order_release);
  }
  return build_status == TL_OK ? lattices[which] : NULL;
}

static int jax_which(const tl_config *cfg) { return cfg->strict ? L_STRICT : cfg->x64 ? L_STD_X64 : L_STD_X32; }
static const tl_lattice *jax_lattice(const tl_config *cfg) { return get_lattice(jax_which(cfg)); }
static const tl_lattice *lax_lattice(const tl_config *cfg) { return get_lattice(cfg->x64 ? L_LAX_X64 : L_LAX_X32); }

/* str(dtype) as JAX prints it inside its messages. */
const char *tl__jax_dtype_str(tl_dtype d) {
  switch (d) {
  case D(WEAK_INT): return "<class 'int'>";
  case D(WEAK_FLOAT): return "<class 'float'>";
  case D(WEAK_COMPLEX): return "<class 'complex'>";
  default: return tl_dtype_name(d);
  }
}

/* TypePromotionError for the node set `nodes` (printed as a Python tuple). */
static int promotion_error(const tl_config *cfg, const tl_dtype *nodes, size_t n) {
  char tup[512];
  size_t used = 0;
  int f8 = 0, f6 = 0, f4 = 0, intn = 0;
  used += (size_t)snprintf(tup, sizeof tup, "(");
  for (size_t i = 0; i < n && used < sizeof tup - 48; i++) {
    const char *s = tl__jax_dtype_str(nodes[i]);
    const char *q = strchr(s, '\'') ? "\"" : "'";
    used += (size_t)snprintf(tup + used, sizeof tup - used, "%s%s%s%s", i ? ", " : "", q, s, q);
    tl_dtype d = nodes[i];
    f8 |= d >= D(FLOAT8_E3M4) && d <= D(FLOAT8_E8M0FNU);
    f6 |= d == D(FLOAT6_E2M3FN) || d == D(FLOAT6_E3M2FN);
    f4 |= d == D(FLOAT4_E2M1FN);
    intn |= is_intn(d);
  }
  snprintf(tup + used, sizeof tup - used, "%s)", n == 1 ? "," : "");
  const char *E = "TypePromotionError";
  if (cfg->strict)
    return tl__error(TL_EPROMOTE, E,
                     "Input dtypes %s have no available implicit dtype promotion path when "
                     "jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, "
                     "or set jax_numpy_dtype_promotion=standard.",
                     tup);
  int bits = f8 ? 8 : f6 ? 6 : f4 ? 4 : 0;
  if (bits)
    return tl__error(TL_EPROMOTE, E,
                     "Input dtypes %s have no available implicit dtype promotion path. To avoid unintended "
                     "promotion, %d-bit floats do not support implicit promotion. If you'd like your inputs to be "
                     "promoted to another type, you can do so explicitly using e.g. x.astype('float32')",
                     tup, bits);
  if (intn)
    return tl__error(TL_EPROMOTE, E,
                     "Input dtypes %s have no available implicit dtype promotion path. To avoid unintended "
                     "promotion, 1-bit, 2-bit and 4-bit integers do not support implicit promotion. If you'd like "
                     "your inputs to be promoted to another type, you can do so explicitly using e.g. "
                     "x.astype('int32')",
                     tup);
  return tl__error(TL_EPROMOTE, E,
                   "Input dtypes %s have no available implicit dtype promotion path. Try explicitly casting inputs "
                   "to the desired output type.",
                   tup);
}

/* Least upper bound of a node set on the lattice (`_least_upper_bound`). The
 * set is given with duplicates; errors list it deduplicated, in order. */
static int lub(const tl_config *cfg, const tl_lattice *lat, const tl_dtype *nodes, size_t n, tl_dtype *out) {
  tl_dtype uniq[64];
  size_t nu = 0;
  int idx[64] = {0}; /* zeroed: GCC -O1 -fsanitize flags a maybe-uninitialized read */
  for (size_t i = 0; i < n; i++) {
    int seen = 0;
    for (size_t k = 0; k < nu; k++) seen |= uniq[k] == nodes[i];
    if (!seen && nu < 64) {
      uniq[nu] = nodes[i];
      idx[nu] = tl__lattice_node_of(lat, nodes[i]);
      if (idx[nu] < 0) return tl__error(TL_EDTYPE, "ValueError", "dtype=%s is not a valid dtype for JAX type promotion.", tl_dtype_name(nodes[i]));
      nu++;
    }
  }
  int j;
  if (tl_lattice_join_n(lat, idx, nu, &j) != TL_OK) return promotion_error(cfg, uniq, nu);
  *out = tl__lattice_dtype_of(lat, j);
  return TL_OK;
}

static tl_dtype canonicalize(const tl_config *cfg, tl_dtype d) {
  if (cfg->x64) return d;
  switch (d) {
  case D(INT64): return D(INT32);
  case D(UINT64): return D(UINT32);
  case D(FLOAT64): return D(FLOAT32);
  case D(COMPLEX128): return D(COMPLEX64);
  default: return d;
  }
}

/* default_types[kind]() */
static tl_dtype default_of(const tl_config *cfg, tl_kind k) {
  switch (k) {
  case TL_KIND_BOOL: return D(BOOL);
  case TL_KIND_INT: return cfg->default_int != TL_DTYPE_NONE ? cfg->default_int : cfg->x64 ? D(INT64) : D(INT32);
  case TL_KIND_UINT: return cfg->default_uint != TL_DTYPE_NONE ? cfg->default_uint : cfg->x64 ? D(UINT64) : D(UINT32);
  case TL_KIND_FLOAT: return cfg->default_float != TL_DTYPE_NONE ? cfg->default_float : cfg->x64 ? D(FLOAT64) : D(FLOAT32);
  default: return cfg->default_complex != TL_DTYPE_NONE ? cfg->default_complex : cfg->x64 ? D(COMPLEX128) : D(COMPLEX64);
  }
}

/* dtype(weak node): the canonical default of the kind. */
static tl_dtype weak_node_dtype(const tl_config *cfg, tl_dtype node) {
  switch (node) {
  case D(WEAK_INT): return default_of(cfg, TL_KIND_INT);
  case D(WEAK_FLOAT): return default_of(cfg, TL_KIND_FLOAT);
  case D(WEAK_COMPLEX): return default_of(cfg, TL_KIND_COMPLEX);
  default: return node;
  }
}

/* `_jax_type(dtype, weak)`: the lattice node of an input. */
static tl_dtype jax_type_slow(tl_dtype d, int weak) {
  if (!weak || d == D(BOOL)) return d;
  if (is_small_float(d) || d == D(BFLOAT16)) return D(WEAK_FLOAT);
  return tl__weak_of_kind(tl__info(d)->kind);
}
/* ... tabulated (weak_node_of, filled by build_all) for the hot path */
static inline tl_dtype jax_type(tl_dtype d, int weak) { return weak ? weak_node_of[d] : d; }

static int jax_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  const tl_lattice *lat = jax_lattice(cfg);
  if (!lat) return tl__error(TL_ENOMEM, NULL, "could not build the JAX lattices");
  tl_dtype nodes[2] = {a, b}, r;
  const fastlat *f = &fast[jax_which(cfg)];
  int na = f->node[a], nb = f->node[b];
  int j = (na < 0 || nb < 0) ? -1 : f->join[na * f->n + nb];
  if (j >= 0) {
    r = f->dtype_of[j];
  } else {
    /* slow path: the error names the inputs in argument order */
    int st = lub(cfg, lat, nodes, 2, &r);
    if (st != TL_OK) return st;
  }
  /* a weak result maps to np.dtype(int|float|complex), whatever x64 says */
  *out = r == D(WEAK_INT) ? D(INT64) : r == D(WEAK_FLOAT) ? D(FLOAT64) : r == D(WEAK_COMPLEX) ? D(COMPLEX128) : r;
  return TL_OK;
}

static int jax_table_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  const tl_lattice *lat = jax_lattice(cfg);
  if (!lat) return tl__error(TL_ENOMEM, NULL, "could not build the JAX lattices");
  tl_dtype nodes[2] = {a, b};
  return lub(cfg, lat, nodes, 2, out);
}

/* Python int in operation mode: JAX converts it to the default int first.
 * `jit_path`: the argument path of the operand when the operation is a jitted
 * function, whose argument parser raises the overflow with its own text:
 * "x"/"y" for jnp.add(x, y), "xs[i]" for a variadic jax.jit(lambda *xs: ...)
 * (NULL: the message of lax's conversion). */
static int check_python_int_at(const tl_config *cfg, const tl_operand *op, const char *jit_path) {
  if (op->kind != TL_OPERAND_PYSCALAR || op->value.kind != TL_VALUE_INT) return TL_OK;
  tl_dtype d = default_of(cfg, TL_KIND_INT);
  tl_iinfo ii;
  tl_iinfo_get(d, &ii);
  tl_clear_error();
  if (tl__value_fits(&op->value, ii.min, ii.max)) return TL_OK;
  char v[64];
  tl__value_int_str(&op->value, v, sizeof v);
  if (jit_path)
    return tl__error(TL_EOVERFLOW, "OverflowError",
                     "An overflow was encountered while parsing an argument to a jitted computation, whose argument "
                     "path is %s. Got <class 'int'> with value %s",
                     jit_path, v);
  return tl__error(TL_EOVERFLOW, "OverflowError", "Python int %s too large to convert to %s", v, tl_dtype_name(d));
}

static int check_python_int(const tl_config *cfg, const tl_operand *op) { return check_python_int_at(cfg, op, NULL); }

/* The TypePromotionError of a failed fold: recompute the node set as JAX
 * builds it (strong dtypes for the all-weak rule, else weak-aware nodes). */
static int slow_error(const tl_config *cfg, const tl_lattice *lat, const tl_operand *ops, size_t n, int strong) {
  tl_dtype nodes[256];
  for (size_t i = 0; i < n && i < 256; i++) {
    const tl_operand *o = &ops[i];
    int w = o->kind == TL_OPERAND_WEAK_ARRAY ||
            ((o->kind == TL_OPERAND_PYSCALAR || o->kind == TL_OPERAND_PYTYPE) && o->dtype != D(BOOL));
    tl_dtype d = (o->kind == TL_OPERAND_PYSCALAR || o->kind == TL_OPERAND_PYTYPE)
                     ? (w ? weak_node_dtype(cfg, o->dtype) : D(BOOL))
                     : o->kind == TL_OPERAND_WEAK_ARRAY ? o->dtype : canonicalize(cfg, o->dtype);
    nodes[i] = strong ? d : jax_type(d, w);
  }
  tl_dtype r;
  int st = lub(cfg, lat, nodes, n < 256 ? n : 256, &r);
  return st != TL_OK ? st : tl__error(TL_EPROMOTE, "TypePromotionError", "internal: fold and set disagree");
}

/* lattice_result_type + result_type (cfg->op: promote_dtypes), in one pass:
 * each operand is classified, canonicalized and folded into two join
 * accumulators (its lattice node, and its strong dtype for the all-weak
 * rule). The set-based `lub` runs only to build an error message. */
static int result_type_impl(const tl_config *cfg, const tl_lattice *lat, const tl_operand *ops, size_t n,
                            tl_result *out) {
  /* lat is one of ours: use its precomputed view */
  const fastlat *f = &fast[lat == lattices[L_STRICT] ? L_STRICT : lat == lattices[L_STD_X64] ? L_STD_X64
                           : lat == lattices[L_STD_X32] ? L_STD_X32 : lat == lattices[L_LAX_X64] ? L_LAX_X64 : L_LAX_X32];

  const int nn = f->n;
  const int16_t *off_of = f->off_of, *J = f->join_off;
  const int8_t *node = f->node;
  const tl_dtype *canon = cfg->x64 ? canon_x64 : canon_x32;
  const tl_dtype pyd[3] = {weak_node_dtype(cfg, D(WEAK_INT)), weak_node_dtype(cfg, D(WEAK_FLOAT)),
                           weak_node_dtype(cfg, D(WEAK_COMPLEX))};
  tl_dtype d0 = TL_DTYPE_NONE;
  int all_equal = 1, all_weak = 1, w0 = 0, failed = 0;
  int acc = 0;
  for (size_t i = 0; i < n; i++) {
    const tl_operand *o = &ops[i];
    tl_dtype d;
    int w;
    if (o->kind >= TL_OPERAND_PYSCALAR) {
      if (cfg->op && o->kind == TL_OPERAND_PYSCALAR) {
        char path[32];
        if (n == 2) snprintf(path, sizeof path, "%s", i ? "y" : "x");
        else snprintf(path, sizeof path, "xs[%zu]", i);
        int st = check_python_int_at(cfg, o, path);
        if (st != TL_OK) return st;
      }
      w = o->dtype != D(BOOL);
      d = w ? pyd[o->dtype - D(WEAK_INT)] : D(BOOL);
    } else if (o->kind == TL_OPERAND_WEAK_ARRAY) {
      /* a jax.Array keeps its dtype: weakly typed arrays are not
       * canonicalized (a strong `array:` operand is created by jnp.zeros and
       * so canonicalized like a dtype spec) */
      w = 1;
      d = o->dtype;
    } else {
      w = 0;
      d = canon[o->dtype];
    }
    if (i == 0) d0 = d, w0 = w;
    all_equal &= d == d0;
    all_weak &= w;
    tl_dtype x = jax_type(d, w);
    if (i == 0) acc = off_of[x];
    else if (!failed) acc = node[x] < 0 ? -1 : J[acc + node[x]];
    failed |= acc < 0;
  }
  /* the all-weak rule joins the strong dtypes instead: a second fold, only
   * in that (rare) case */
  int acc_strong = 0, failed_strong = 0;
  if (all_weak && n > 1 && !cfg->strict) {
    for (size_t i = 0; i < n && !failed_strong; i++) {
      const tl_operand *o = &ops[i];
      tl_dtype d = o->kind >= TL_OPERAND_PYSCALAR ? (o->dtype == D(BOOL) ? D(BOOL) : pyd[o->dtype - D(WEAK_INT)])
                                                  : o->dtype;
      acc_strong = i == 0 ? off_of[d] : node[d] < 0 ? -1 : J[acc_strong + node[d]];
      failed_strong = acc_strong < 0;
    }
  }
  acc = acc < 0 ? -1 : acc / nn;
  acc_strong = acc_strong < 0 ? -1 : acc_strong / nn;
  tl_dtype rd;
  int rw;
  if (n == 1) {
    rd = d0, rw = w0;
  } else if (all_equal && !all_weak) {
    rd = d0, rw = 0;
  } else if (all_weak && !cfg->strict) {
    if (failed_strong) return slow_error(cfg, lat, ops, n, 1);
    /* dtype(result): canonicalized with x64 off (weak int64 v weak bool is
     * weak int32); a weak node is the default of its kind (int64 v uint64 = float*) */
    rd = canon[weak_node_dtype(cfg, f->dtype_of[acc_strong])];
    rw = 1;
  } else {
    if (failed) return slow_error(cfg, lat, ops, n, 0);
    tl_dtype r = f->dtype_of[acc];
    rw = tl__is_weak(r);
    rd = canon[weak_node_dtype(cfg, r)];
  }
  /* bool is never weak, except that promote_dtypes hands a single argument
   * back untouched (a weakly typed bool array stays weak) */
  if (rd == D(BOOL) && !(cfg->op && n == 1)) rw = 0;
  if (rw && !cfg->op) {
    /* result_type: a weak result is the default dtype of its kind ('f' for
     * bfloat16 and the small floats) */
    tl_kind k = (is_small_float(rd) || rd == D(BFLOAT16)) ? TL_KIND_FLOAT : tl__info(rd)->kind;
    /* JAX looks up default_types[dtype.kind]; ml_dtypes' intN have kind 'V',
     * which is not a key: JAX raises KeyError (observed with jax 0.12) */
    if (is_intn(rd)) return tl__error(TL_EUNSUPPORTED, "KeyError", "'V'");
    rd = default_of(cfg, k);
  }
  out->dtype = rd;
  out->weak = rw;
  return TL_OK;
}

static int jax_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  const tl_lattice *lat = jax_lattice(cfg);
  if (n > 256) return tl__error(TL_ERANGE, NULL, "too many operands (%zu; at most 256)", n);
  if (!lat) return tl__error(TL_ENOMEM, NULL, "could not build the JAX lattices");
  return result_type_impl(cfg, lat, ops, n, out);
}

/* jnp.can_cast is numpy.can_cast (NumPy 2). */
static int jax_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                        tl_casting casting, int *out) {
  (void)cfg;
  /* Python types as dtypes: np.dtype(int) is int64, float float64, complex complex128 */
  static const tl_dtype as_numpy[3] = {D(INT64), D(FLOAT64), D(COMPLEX128)};
  if (tl__is_weak(from)) from = as_numpy[from - D(WEAK_INT)];
  if (tl__is_weak(to)) to = as_numpy[to - D(WEAK_INT)];
  return tl__numpy_can_cast(2, from, fo, to, too, casting, out);
}

static const tl_lattice *jax_lattice_hook(const tl_config *cfg) { return jax_lattice(cfg); }

/* The fast path of result_type (see struct tl_rules): one table load per
 * operand, two interleaved folds over the join table (the join is
 * associative and commutative), no branch per operand. It declines op mode,
 * default overrides, strict x64, single operands, the all-weak rule, failed
 * joins and anything invalid; the exact path answers those. */
static int jax_fast_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  if (cfg->op || n < 2 || n > 256 || !atomic_load_explicit(&built, memory_order_acquire) ||
      cfg->default_int != TL_DTYPE_NONE || cfg->default_uint != TL_DTYPE_NONE ||
      cfg->default_float != TL_DTYPE_NONE || cfg->default_complex != TL_DTYPE_NONE || (cfg->strict && cfg->x64) ||
      build_status != TL_OK)
    return TL__DECLINED;
  const fastlat *f = &fast[jax_which(cfg)];
  const int nn = f->n, fail = nn * nn;
  const int16_t *A = f->absorb;
  /* one word per operand; out-of-range kinds/dtypes hit the "bad" row/column */
#define TL__ENT(o)                                                                                    \
  (f->op[(unsigned)(o).kind < 7u ? (unsigned)(o).kind : 7u]                                           \
        [(unsigned)(o).dtype < (unsigned)TL_NUM_DTYPES ? (unsigned)(o).dtype : (unsigned)TL_NUM_DTYPES])
  const uint32_t v0 = TL__ENT(ops[0]), v1 = TL__ENT(ops[1]);
  uint32_t any = v0 | v1, all = v0 & v1, diff = v0 ^ v1; /* bad: any; weak: all; equal dtypes: diff */
  int a = (int)(v0 & 0xff) * nn, b = (int)(v1 & 0xff) * nn;
  size_t i = 2;
  for (; i + 1 < n; i += 2) {
    const uint32_t x = TL__ENT(ops[i]), y = TL__ENT(ops[i + 1]);
    a = A[a + (int)(x & 0xff)];
    b = A[b + (int)(y & 0xff)];
    any |= x | y;
    all &= x & y;
    diff |= (x ^ v0) | (y ^ v0);
  }
  if (i < n) {
    const uint32_t x = TL__ENT(ops[i]);
    a = A[a + (int)(x & 0xff)];
    any |= x;
    all &= x;
    diff |= x ^ v0;
  }
#undef TL__ENT
  const unsigned bad = (any >> 24) & 1u, wk = (all >> 16) & 1u, eq = !(diff & 0xff00u), d0 = (v0 >> 8) & 0xffu;
  if (bad || wk) return TL__DECLINED;
  tl_dtype rd;
  int rw = 0;
  if (eq) {
    rd = (tl_dtype)d0;
  } else {
    int j = b == fail ? fail : A[a + b / nn];
    if (j == fail) return TL__DECLINED; /* the exact path builds the error */
    tl_dtype r = f->dtype_of[j / nn];
    rw = tl__is_weak(r);
    rd = (cfg->x64 ? canon_x64 : canon_x32)[weak_node_dtype(cfg, r)];
    if (rd == D(BOOL)) rw = 0;
    if (rw) {
      if (is_intn(rd)) return TL__DECLINED; /* KeyError: 'V' */
      rd = default_of(cfg, (is_small_float(rd) || rd == D(BFLOAT16)) ? TL_KIND_FLOAT : tl__info(rd)->kind);
    }
  }
  out->dtype = rd;
  out->weak = rw;
  return TL_OK;
}

/* The exact paths, for tests/test_rules_fastpath.c to compare the fast path against. */
int tl__jax_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  return jax_promote_types(cfg, a, b, out);
}
int tl__jax_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  return jax_result_type(cfg, ops, n, out);
}

const tl_rules tl__rules_jax = {
    "jax",
    "JAX (jax.numpy): promotion as the join on JAX's lattice; weak types, x64 and strict modes",
    "jax 0.12.0 (lattice of jax/_src/dtypes.py)",
    jax_domain,
    jax_promote_types,
    jax_result_type,
    jax_can_cast,
    jax_table_cell,
    jax_lattice_hook,
    jax_fast_result_type,
    tl__numpy2_can_cast_operand, /* can_cast_operand */
};

/* ---- jax.lax: no implicit promotion -------------------------------------- */

static int lax_error(const tl_dtype *nodes, size_t n) {
  char list[256];
  size_t used = 0;
  list[0] = '\0';
  for (size_t i = 0; i < n && used < sizeof list - 24; i++)
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", tl_dtype_name(nodes[i]));
  return tl__error(TL_EPROMOTE, "TypeError", "lax.add requires arguments to have the same dtypes, got %s.", list);
}

/* lax arithmetic rejects bool (the design note's jax.lax table has b x b = -). */
static int lax_bool_error(void) {
  return tl__error(TL_EPROMOTE, "TypeError", "add does not accept dtype bool. Accepted dtypes are subtypes of number.");
}

static int lax_table_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  if (a == D(BOOL) || b == D(BOOL)) return lax_bool_error();
  const tl_lattice *lat = lax_lattice(cfg);
  int j, ia = tl__lattice_node_of(lat, a), ib = tl__lattice_node_of(lat, b);
  if (tl_lattice_join(lat, ia, ib, &j) != TL_OK) {
    tl_dtype nodes[2] = {a, b};
    return lax_error(nodes, 2);
  }
  *out = tl__lattice_dtype_of(lat, j);
  return TL_OK;
}

static int lax_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  tl_dtype r = TL_DTYPE_NONE;
  int st = lax_table_cell(cfg, a, b, &r);
  if (st != TL_OK) return st;
  *out = tl_dtype_is_weak(r) ? weak_node_dtype(cfg, r) : r;
  return TL_OK;
}

static int lax_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  const tl_lattice *lat = lax_lattice(cfg);
  tl_dtype nodes[256];
  if (n > 256) return tl__error(TL_ERANGE, NULL, "too many operands (%zu; at most 256)", n);
  for (size_t i = 0; i < n; i++) {
    if (cfg->op) {
      int st = check_python_int(cfg, &ops[i]);
      if (st != TL_OK) return st;
    }
    int weak = ops[i].kind == TL_OPERAND_PYSCALAR || ops[i].kind == TL_OPERAND_PYTYPE ||
               ops[i].kind == TL_OPERAND_WEAK_ARRAY;
    tl_dtype d = ops[i].kind == TL_OPERAND_WEAK_ARRAY ? jax_type(canonicalize(cfg, ops[i].dtype), 1)
                 : weak ? ops[i].dtype : canonicalize(cfg, ops[i].dtype);
    nodes[i] = d;
    if (d == D(BOOL) && n > 1) return lax_bool_error();
  }
  int idx[256], j;
  for (size_t i = 0; i < n; i++) idx[i] = tl__lattice_node_of(lat, nodes[i]);
  if (tl_lattice_join_n(lat, idx, n, &j) != TL_OK) return lax_error(nodes, n);
  tl_dtype r = tl__lattice_dtype_of(lat, j);
  out->weak = tl_dtype_is_weak(r);
  out->dtype = out->weak ? weak_node_dtype(cfg, r) : r;
  return TL_OK;
}

static const tl_lattice *lax_lattice_hook(const tl_config *cfg) { return lax_lattice(cfg); }

const tl_rules tl__rules_jax_lax = {
    "jax.lax",
    "jax.lax: no implicit promotion; weak values take the default dtype of their kind",
    "jax 0.12.0 (design note JEP 9407, jax.lax table)",
    jax_domain,
    lax_promote_types,
    lax_result_type,
    jax_can_cast,
    lax_table_cell,
    lax_lattice_hook,
    NULL, /* fast_result_type */
    tl__numpy2_can_cast_operand, /* can_cast_operand */
};
