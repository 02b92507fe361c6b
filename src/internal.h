/* internal.h — declarations shared by the library's source files (tl__ names).
 * Nothing here is public API. */
#ifndef TL_INTERNAL_H
#define TL_INTERNAL_H

#include "typelattice.h"

#include <stdarg.h>
#include <stdbool.h>

#if defined(__GNUC__)
#define TL__PRINTF(a, b) __attribute__((format(printf, a, b)))
#define TL__UNUSED __attribute__((unused))
#else
#define TL__PRINTF(a, b)
#define TL__UNUSED
#endif

#define TL__COUNT(a) (sizeof(a) / sizeof((a)[0]))



/* ---- errors (error.c) ---------------------------------------------------- */
/* Record an error on this thread and return `status`. `errtype` is the
 * framework exception class, or NULL for typelattice's own "UsageError". */
int tl__error(int status, const char *errtype, const char *fmt, ...) TL__PRINTF(3, 4);
int tl__verror(int status, const char *errtype, const char *fmt, va_list ap);
/* Mark success: clears the error slot; returns TL_OK. */
int tl__ok(void);

/* ---- dtypes (dtype.c) ---------------------------------------------------- */
/* The catalogue (dtype.c); tl__info is the unchecked-error accessor (NULL
 * when out of range). */
extern const tl_dtype_info tl__catalogue[TL_NUM_DTYPES];
static inline bool tl__valid_dtype(tl_dtype d) { return (int)d >= 0 && (int)d < TL_NUM_DTYPES; }
static inline const tl_dtype_info *tl__info(tl_dtype d) { return tl__valid_dtype(d) ? &tl__catalogue[d] : NULL; }
static inline bool tl__is_weak(tl_dtype d) { return d >= TL_WEAK_INT && d <= TL_WEAK_COMPLEX; }
static inline bool tl__concrete(tl_dtype d) { return (int)d >= 0 && (int)d < TL_NUM_CONCRETE; }
/* The weak kind of a dtype's kind (bool stays bool). */
tl_dtype tl__weak_of_kind(tl_kind kind);
/* "Did you mean" suggestion for an unknown name (NULL when nothing is close). */
const char *tl__suggest_dtype(const char *name);

/* ---- values (operand.c) -------------------------------------------------- */
/* Exact integer helpers on tl_value (kind TL_VALUE_INT or TL_VALUE_BOOL). */
bool tl__value_fits(const tl_value *v, int64_t min, uint64_t max);
/* Decimal rendering of an integer value into buf (cap >= 48). */
void tl__value_int_str(const tl_value *v, char *buf, size_t cap);
/* Python repr() of a float/complex value into buf (cap >= 64). */
void tl__value_repr(const tl_value *v, char *buf, size_t cap);
/* The value as a double (ints rounded to nearest; may be inf for huge ints). */
double tl__value_as_double(const tl_value *v);

/* ---- config (config.c) --------------------------------------------------- */
/* cfg if non-NULL, else this thread's current configuration. */
const tl_config *tl__cfg(const tl_config *cfg);

/* ---- lattices (lattice.c) ------------------------------------------------ */
/* Build a lattice whose node names are catalogue dtypes, from an edge list:
 * edges[i] = {from, to}. Used by rule files for their built-in lattices. */
int tl__lattice_from_dtypes(const tl_dtype *nodes, size_t n_nodes, const tl_dtype (*edges)[2],
                            size_t n_edges, unsigned flags, tl_lattice **out);
/* Node index of a catalogue dtype in a lattice built by tl__lattice_from_dtypes
 * (-1 when absent). O(1). */
int tl__lattice_node_of(const tl_lattice *lat, tl_dtype d);
/* Catalogue dtype of node i of such a lattice. */
tl_dtype tl__lattice_dtype_of(const tl_lattice *lat, int node);
/* Hot paths: the n*n join table (-1 = no join) and the dtype -> node map
 * (TL_NUM_DTYPES entries, -1 = not a node). */
const int16_t *tl__lattice_joins(const tl_lattice *lat, int *n);
const int8_t *tl__lattice_node_map(const tl_lattice *lat);
const tl_dtype *tl__lattice_dtypes(const tl_lattice *lat); /* node -> dtype */
/* Fastest fold: join_off[a_off + b_off] is the join's row offset (node * n,
 * or -1), and *off_of maps a dtype to its row offset (-1 if not a node). */
const int16_t *tl__lattice_join_offsets(const tl_lattice *lat, const int16_t **off_of);

/* Bit mask of a rule set's domain (bit d set when dtype d is in it). */
uint64_t tl__rules_domain(const tl_rules *r);

/* ---- rule sets (rules.c, rules_*.c) -------------------------------------- */
/* The vtable each framework file fills in. Unused hooks are NULL: the generic
 * code then answers TL_EUNSUPPORTED with a clear message. */
struct tl_rules {
  const char *name;
  const char *description;
  const char *checked_against;
  const tl_dtype *dtypes; /* promotion domain, terminated by TL_DTYPE_NONE */
  int (*promote_types)(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
  int (*result_type)(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
  int (*can_cast)(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to,
                  tl_byteorder to_order, tl_casting casting, int *out);
  int (*table_cell)(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
  const tl_lattice *(*lattice)(const tl_config *cfg);
};

/* The registry (rules.c lists every rule set). */
extern const tl_rules tl__rules_jax;
extern const tl_rules tl__rules_jax_lax;
extern const tl_rules tl__rules_numpy;
extern const tl_rules tl__rules_numpy1;
extern const tl_rules tl__rules_torch;
extern const tl_rules tl__rules_tensorflow;
extern const tl_rules tl__rules_tensorflow_all;
extern const tl_rules tl__rules_tensorflow_safe;
extern const tl_rules tl__rules_array_api;
extern const tl_rules tl__rules_ivy;

/* Name used by a framework for a dtype in its messages (JAX: np.dtype names,
 * weak kinds "<class 'int'>"). */
const char *tl__jax_dtype_str(tl_dtype d);

/* NumPy can_cast over catalogue dtypes (cast_numpy.c). */
int tl__numpy_can_cast(int numpy_major, tl_dtype from, tl_byteorder fo, tl_dtype to,
                       tl_byteorder to_order, tl_casting casting, int *out);
/* NumPy's safe-cast relation (builtins and ml_dtypes' types) and dtype.kind. */
int tl__numpy_safe(tl_dtype from, tl_dtype to);
char tl__numpy_kind(tl_dtype d);
/* NumPy's DType class as its messages print it ("<class 'numpy.dtypes.Int8DType'>"). */
const char *tl__numpy_dtype_class(tl_dtype d);
/* np.promote_types (NumPy >= 1.25 common-DType machinery; rules_numpy.c). */
int tl__numpy_promote_types(tl_dtype a, tl_dtype b, tl_dtype *out);
/* PyArray_PromoteDTypeSequence over DTypes (weak kinds = the abstract Python
 * DTypes), and np.add's legacy linear loop search (rules_numpy.c). */
int tl__numpy_promote_sequence(const tl_dtype *dts, size_t n, tl_dtype *out);
int tl__numpy_linear_search(const tl_operand *ops, size_t n, tl_dtype *out);
/* TensorFlow (rules_tensorflow.c): DataTypeString ("half", "float") and the
 * conversion of a Python number to a tensor of dtype `want` (strict: dtype=,
 * else a dtype hint). */
const char *tl__tf_dtype_name(tl_dtype d);
int tl__tf_convert_number(const tl_operand *o, tl_dtype want, int strict, tl_dtype *out);

#endif /* TL_INTERNAL_H */
