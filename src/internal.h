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



/* ---- the floating-point environment ------------------------------------------
 * Conversions and arithmetic compute in the default environment whatever the
 * caller's: round-to-nearest-even, subnormals kept (no FTZ/DAZ), every
 * exception masked (no trap). tl__fpenv_enter saves the caller's environment
 * and installs the default; tl__fpenv_leave puts the caller's
 * back exactly, exception flags included, so the library's own inexact or
 * invalid operations leave no trace. On x86-64 this is MXCSR alone (all float
 * work is SSE/AVX); elsewhere <fenv.h>. */
#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
typedef struct {
  unsigned csr;
} tl__fpenv;
/* x86-64: the caller's MXCSR stored (STMXCSR into e, not read back: reading
   the value STMXCSR just stored waited ~20 cycles, twice a call), the default
   loaded (masks on, RC = nearest, FTZ/DAZ off, no flags), and at the end the
   stored word loaded back unread, flags included: n = 64 conversions 36 ->
   32.5 ns a call on Zen 4 */
static inline void tl__fpenv_enter(tl__fpenv *e) {
  __asm__ volatile("stmxcsr %0" : "=m"(e->csr));
  _mm_setcsr(0x1F80u);
}
static inline void tl__fpenv_leave(const tl__fpenv *e) { __asm__ volatile("ldmxcsr %0" : : "m"(e->csr)); }
/* After tl__fpenv_enter: subnormal inputs read as zero and subnormal results
   flushed to zero (DAZ + FTZ), as XLA's CPU runtime computes (JAX's rule
   sets' binary operations) */
static inline void tl__fpenv_ftz(void) { _mm_setcsr(0x1F80u | 0x8040u); }
/* Is the environment the default one tl__fpenv_enter installs (the exception
   flags aside)? (not after tl__fpenv_ftz) */
static inline int tl__fpenv_is_default(void) { return (_mm_getcsr() & ~0x3Fu) == 0x1F80u; }
#elif defined(__aarch64__)
/* AArch64: FPCR (rounding mode, FZ, FZ16, DN, AHP, trap enables) and FPSR (the
   flags). FPCR = 0 is the default: round to nearest even, subnormals kept,
   NaN payloads propagated, IEEE half precision, no traps. glibc's fesetenv
   keeps FZ16 and AHP, which change the NEON tier's float16 conversions. */
typedef struct {
  unsigned long fpcr, fpsr;
} tl__fpenv;
static inline void tl__fpenv_enter(tl__fpenv *e) {
  __asm__ volatile("mrs %0, fpcr" : "=r"(e->fpcr));
  __asm__ volatile("mrs %0, fpsr" : "=r"(e->fpsr));
  if (e->fpcr != 0) __asm__ volatile("msr fpcr, %0" : : "r"(0ul) : "memory");
}
static inline void tl__fpenv_leave(const tl__fpenv *e) {
  unsigned long c;
  __asm__ volatile("mrs %0, fpcr" : "=r"(c));
  if (c != e->fpcr) __asm__ volatile("msr fpcr, %0" : : "r"(e->fpcr) : "memory");
  __asm__ volatile("msr fpsr, %0" : : "r"(e->fpsr) : "memory");
}
/* FPCR.FZ: single and double precision subnormals flushed, inputs and results */
static inline void tl__fpenv_ftz(void) { __asm__ volatile("msr fpcr, %0" : : "r"(1ul << 24) : "memory"); }
static inline int tl__fpenv_is_default(void) {
  unsigned long c;
  __asm__ volatile("mrs %0, fpcr" : "=r"(c));
  return c == 0;
}
#else
#include <fenv.h>
typedef struct {
  fenv_t env;
} tl__fpenv;
static inline void tl__fpenv_enter(tl__fpenv *e) {
  fegetenv(&e->env);
  fesetenv(FE_DFL_ENV);
}
static inline void tl__fpenv_leave(const tl__fpenv *e) { fesetenv(&e->env); }
/* no portable way: subnormals kept */
static inline void tl__fpenv_ftz(void) {}
static inline int tl__fpenv_is_default(void) { return fegetround() == FE_TONEAREST; }
#endif

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
static inline bool tl__concrete(tl_dtype d) { return (int)d >= 0 && (int)d < TL_NUM_CONCRETE && !tl__is_weak(d); }
/* The weak kind of a dtype's kind (bool stays bool). */
tl_dtype tl__weak_of_kind(tl_kind kind);
/* "Did you mean" suggestion for an unknown name (NULL when nothing is close). */
const char *tl__suggest_dtype(const char *name);
/* Position of a dtype in tl_dtype_display_order (TL_NUM_DTYPES if invalid). */
int tl__display_rank(tl_dtype d);

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
  /* Optional fast path of result_type, tried before any validation: it must
   * accept any operand values (garbage included) without undefined behaviour,
   * never report an error, and return TL__DECLINED for anything it does not
   * fully handle (the validated exact path then answers). */
  int (*fast_result_type)(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
  /* Optional: can_cast whose from_ is an operand with its value (tl_can_cast_operand). Called with a
   * validated operand, `to` in the domain and a valid casting; returns TL__DECLINED to have it
   * answered by can_cast on the operand's dtype. NULL: always that. */
  int (*can_cast_operand)(const tl_config *cfg, const tl_operand *from, tl_byteorder fo, tl_dtype to,
                          tl_byteorder to_order, tl_casting casting, int *out);
};
#define TL__DECLINED 1

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

/* NumPy 1.x has two DTypes for uint64: ULong (type number 8, np.uint64) and
 * ULongLong (10), which is what min_scalar_type gives a non-negative int64
 * value >= 2**32 and what np.array(2**63) is. They promote and cast like each
 * other among NumPy's own types, but ml_dtypes registers its casts with ULong
 * only. Only the numpy1 rule set makes it; the NumPy helpers below accept it. */
#define TL__NPY_ULONGLONG ((tl_dtype)1002)
/* ... and two for int64: Long (7, np.int64) and LongLong (9), which is what
 * type_num_unsigned_to_signed makes of ULongLong (a small unsigned Python int
 * next to a signed type). It promotes and casts as int64 and is reported as
 * int64; only NumPy's error messages tell it apart (LongLongDType). */
#define TL__NPY_LONGLONG ((tl_dtype)1003)
/* dtype('O'): what NumPy 1.x makes of a Python int beyond int64/uint64. Its
 * DType is the common DType of everything; as a result it is TL_OBJECT. */
#define TL__NPY_OBJECT TL_OBJECT

/* NumPy can_cast over catalogue dtypes (cast_numpy.c). */
int tl__numpy_can_cast(int numpy_major, tl_dtype from, tl_byteorder fo, tl_dtype to,
                       tl_byteorder to_order, tl_casting casting, int *out);
/* NumPy's safe-cast relation (builtins and ml_dtypes' types) and dtype.kind. */
int tl__numpy_safe(tl_dtype from, tl_dtype to);
char tl__numpy_kind(tl_dtype d);
/* can_cast_operand hook of NumPy >= 2 and JAX (jnp.can_cast is np.can_cast): a Python
 * int/float/complex/bool value is NumPy 2's TypeError; anything else TL__DECLINED. */
int tl__numpy2_can_cast_operand(const tl_config *cfg, const tl_operand *from, tl_byteorder fo, tl_dtype to,
                                tl_byteorder to_order, tl_casting casting, int *out);
/* NumPy's DType class as its messages print it ("<class 'numpy.dtypes.Int8DType'>"). */
const char *tl__numpy_dtype_class(tl_dtype d);
/* np.promote_types (NumPy >= 1.25 common-DType machinery; rules_numpy.c). */
int tl__numpy_promote_types(tl_dtype a, tl_dtype b, tl_dtype *out);
/* PyArray_PromoteDTypeSequence over DTypes (weak kinds = the abstract Python
 * DTypes), and np.add's legacy linear loop search (rules_numpy.c). */
int tl__numpy_promote_sequence(const tl_dtype *dts, size_t n, tl_dtype *out);
/* The same with NumPy 1.x's abstract Python DTypes: they keep another builtin
 * number (int with int16 -> int16, float with complex64 -> complex64) and go
 * first when paired (priority inversion). */
int tl__numpy1_promote_sequence(const tl_dtype *dts, size_t n, tl_dtype *out);
int tl__numpy_linear_search(const tl_operand *ops, size_t n, tl_dtype *out);
/* TensorFlow (rules_tensorflow.c): DataTypeString ("half", "float") and the
 * conversion of a Python number to a tensor of dtype `want` (strict: dtype=,
 * else a dtype hint). */
const char *tl__tf_dtype_name(tl_dtype d);
int tl__tf_convert_number(const tl_operand *o, tl_dtype want, int strict, tl_dtype *out);

/* ---- table-driven fast paths (rules_fastpath.c, rules_*.c) ------------------ */
/* The rule sets that are not JAX answer promote_types and result_type from
 * tables derived, at first use, from their exact code (the *_exact hooks
 * below); whatever the tables cannot answer (value-dependent operands, every
 * error) goes to the exact code. */

/* Value classes of a Python scalar (PYSCALAR) operand whose value no rule set
 * looks at beyond its class: a bool; an int 0..127 (fits every integer dtype,
 * even int8, as itself and as its min_scalar_type uint8); a float 0 or of
 * magnitude in [1e-30, 65000) (NumPy 1 min_scalar_type float16, float32's
 * normal range, not Ivy's float64); a complex with both parts such floats.
 * -1: any other value (the exact path decides). */
typedef int (*tl__promote_fn)(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
typedef int (*tl__result_fn)(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
enum { TL__PYC_BOOL = 0, TL__PYC_INT, TL__PYC_FLOAT, TL__PYC_COMPLEX, TL__PYC_N };
static inline int tl__plain_float(double x) {
  double a = x < 0 ? -x : x;
  return x == 0.0 || (a >= 1e-30 && a < 65000.0);
}
static inline int tl__pyscalar_class(const tl_operand *o) {
  const tl_value *v = &o->value;
  switch (o->dtype) {
  case TL_BOOL: return v->kind == TL_VALUE_BOOL && v->lo <= 1 ? TL__PYC_BOOL : -1;
  case TL_WEAK_INT: return v->kind == TL_VALUE_INT && !v->negative && v->hi == 0 && v->lo <= 127 ? TL__PYC_INT : -1;
  case TL_WEAK_FLOAT: return v->kind == TL_VALUE_FLOAT && tl__plain_float(v->re) ? TL__PYC_FLOAT : -1;
  case TL_WEAK_COMPLEX:
    return v->kind == TL_VALUE_COMPLEX && tl__plain_float(v->re) && tl__plain_float(v->im) ? TL__PYC_COMPLEX : -1;
  default: return -1;
  }
}
/* A representative operand of a class (kind PYSCALAR), for deriving tables. */
tl_operand tl__pyscalar_rep(int cls);
/* Python type operand (PYTYPE) of a class's kind. */
tl_operand tl__pytype_rep(int cls);
/* The class's dtype (TL_BOOL, TL_WEAK_INT, ...). */
static inline tl_dtype tl__pyc_dtype(int cls) { return cls == TL__PYC_BOOL ? TL_BOOL : (tl_dtype)(TL_WEAK_INT + cls - 1); }
/* cfg without default-dtype overrides (the tables are derived for those). */
static inline int tl__cfg_plain_defaults(const tl_config *cfg) {
  /* TL_DTYPE_NONE is -1 (all bits set): the AND is -1 only when all four are */
  return (cfg->default_int & cfg->default_uint & cfg->default_float & cfg->default_complex) == TL_DTYPE_NONE;
}
/* Fill t[a][b] (dtype, or -1 = ask the exact code) from an exact
 * promote_types over the rule set's domain, under cfg. Leaves no error set. */
void tl__fast_pair_table(const tl_rules *r, const tl_config *cfg,
                         int (*exact)(const tl_config *, tl_dtype, tl_dtype, tl_dtype *),
                         int8_t t[TL_NUM_DTYPES][TL_NUM_DTYPES]);


/* Operand tokens of the left-fold fast paths: 0..33 a dtype (an operand with a
 * .dtype, as an n-d array), then the 4 Python types, then the 4 plain value
 * classes of Python scalars. -1: no token (the exact path decides). */
enum { TL__TOK_PYTYPE = TL_NUM_DTYPES, TL__TOK_PYSCALAR = TL_NUM_DTYPES + TL__PYC_N, TL__NTOK = TL_NUM_DTYPES + 2 * TL__PYC_N };
static inline int tl__tok_of(const tl_operand *o) {
  if (o->kind == TL_OPERAND_PYTYPE) return TL__TOK_PYTYPE + (o->dtype == TL_BOOL ? 0 : (int)o->dtype - TL_WEAK_INT + 1);
  if (o->kind == TL_OPERAND_PYSCALAR) {
    int c = tl__pyscalar_class(o);
    return c < 0 ? -1 : TL__TOK_PYSCALAR + c;
  }
  return (int)o->dtype;
}
/* A representative operand of a token. */
tl_operand tl__tok_operand(int t);
/* For a rule set whose result_type (under cfg) is a left fold whose state is
 * an n-d array of the running result dtype: step[r][t] = exact(array r, token
 * t), first[s][t] = exact(token s, token t); -1 for an error, a weak result or
 * a token outside the domain. Leaves no error set. */
void tl__fast_fold_tables(const tl_rules *r, const tl_config *cfg, tl__result_fn exact,
                          int8_t step[TL_NUM_DTYPES][TL__NTOK], int8_t first[TL__NTOK][TL__NTOK]);
/* The left fold over those tables (n >= 2): the result dtype, or -1. */
static inline int tl__fast_fold(int8_t (*step)[TL__NTOK], int8_t (*first)[TL__NTOK], const tl_operand *ops,
                                size_t n) {
  int s = tl__tok_of(&ops[0]), t = tl__tok_of(&ops[1]);
  int r = s < 0 || t < 0 ? -1 : first[s][t];
  for (size_t i = 2; i < n && r >= 0; i++) {
    t = tl__tok_of(&ops[i]);
    r = t < 0 ? -1 : step[r][t];
  }
  return r;
}

/* The exact (table-free) hooks of a rule set, for tests: 0 and the hooks, or
 * -1 when the rule set has no table-driven fast path (JAX). They take what
 * the rule set's hooks take (inputs already validated by rules.c). */
int tl__rules_exact_hooks(const tl_rules *r, tl__promote_fn *promote, tl__result_fn *result);
int tl__numpy_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
int tl__numpy_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
int tl__numpy1_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
const char *tl__torch_name(tl_dtype d); /* c10::toString(ScalarType) */
int tl__torch_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
int tl__torch_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
int tl__api_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
int tl__api_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
int tl__tf_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
int tl__tf_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
int tl__tf_all_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
int tl__tf_all_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
int tl__tf_safe_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
int tl__tf_safe_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
int tl__ivy_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
int tl__ivy_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);
int tl__jax_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);
int tl__jax_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);

#endif /* TL_INTERNAL_H */
