/*
 * typelattice.h — the dtype system of array frameworks, as a C11 library.
 *
 * This header is the manual. Read it top to bottom once; every public function
 * says what it does, what it takes, who owns what, and how it fails.
 *
 * Contents
 *   1. Versions
 *   2. Errors               status codes, tl_errmsg(), tl_errtype()
 *   3. Dtypes               the catalogue, names, properties, finfo/iinfo, DLPack
 *   4. Configuration        thread-local settings with scoped overrides
 *   5. Values and operands  what promotion is asked about
 *   6. Rule sets            promote_types, result_type, can_cast per framework
 *   7. Lattices             the generic engine: build, validate, join, lint
 *   8. Conversion           bit-exact astype between every pair of dtypes
 *   9. Arrays               arrays, broadcasting, promoted elementwise ops
 *  10. Defaults             default dtypes per rule set, Ivy's dtype inference
 *  11. Support registry     supported dtypes per function/version, casting modes
 *
 * General contract
 *   - Functions that can fail return an int status: TL_OK (0) on success, a
 *     negative TL_E* code on failure. On failure tl_errmsg() describes the
 *     problem and names the bad input; output parameters are left untouched.
 *   - The library never aborts, never exits, never prints, and has no undefined
 *     behaviour for any input: NULL pointers, unknown names, NaN, overflow.
 *   - Everything is thread-safe. Configuration and the error slot are
 *     thread-local; all tables are read-only after a one-time initialisation.
 *   - Strings returned as `const char *` are static (never free them) unless a
 *     function says otherwise.
 */
#ifndef TYPELATTICE_H
#define TYPELATTICE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(TL_SHARED_BUILD)
#define TL_API __declspec(dllexport)
#elif defined(__GNUC__)
#define TL_API __attribute__((visibility("default")))
#else
#define TL_API
#endif

/* ======================================================================== */
/* 1. Versions                                                               */
/* ======================================================================== */

#define TL_VERSION_MAJOR 0
#define TL_VERSION_MINOR 1
#define TL_VERSION_PATCH 0
#define TL_VERSION_STRING "0.1.0"
#define TL_VERSION_NUMBER (TL_VERSION_MAJOR * 10000 + TL_VERSION_MINOR * 100 + TL_VERSION_PATCH)

/* The version of the library linked at run time (may differ from the header). */
TL_API unsigned tl_version_number(void);
TL_API const char *tl_version_string(void);

/* ======================================================================== */
/* 2. Errors                                                                 */
/* ======================================================================== */

/* Status codes. One table: TL_STATUS_MAP(X) expands X(NAME, value, text). */
#define TL_STATUS_MAP(X)                                                        \
  X(OK, 0, "success")                                                         \
  X(EINVAL, -1, "invalid argument")                                           \
  X(EDTYPE, -2, "unknown or unsupported dtype")                               \
  X(EPARSE, -3, "syntax error")                                               \
  X(EPROMOTE, -4, "no implicit promotion for these inputs")                   \
  X(EOVERFLOW, -5, "value out of range for its dtype")                        \
  X(ENOMEM, -6, "out of memory")                                              \
  X(ELATTICE, -7, "not a lattice")                                            \
  X(ECAST, -8, "value did not survive the conversion")                        \
  X(EUNSUPPORTED, -9, "not supported by this rule set")                       \
  X(EIO, -10, "input/output error")                                           \
  X(ERANGE, -11, "argument out of range")                                     \
  X(ESTATE, -12, "operation not allowed in the current state")

typedef enum tl_status {
#define TL__STATUS_ENUM(name, value, text) TL_##name = value,
  TL_STATUS_MAP(TL__STATUS_ENUM)
#undef TL__STATUS_ENUM
  TL__STATUS_MIN = -12
} tl_status;

/* Name of a status code ("TL_EPROMOTE"); "TL_E?" for an unknown code. */
TL_API const char *tl_status_name(int status);
/* One-line description of a status code; "unknown status" for an unknown code. */
TL_API const char *tl_strerror(int status);

/* The message of the last failure on this thread, naming the bad input, e.g.
 * "unknown dtype 'flaot32' (did you mean 'float32'?)". Empty string when the
 * last call succeeded or nothing failed yet. Valid until the next call into the
 * library on this thread. Messages that reproduce a framework's error are the
 * framework's text verbatim. */
TL_API const char *tl_errmsg(void);

/* The framework exception class that the last failure on this thread reproduces,
 * e.g. "TypePromotionError", "OverflowError", "RuntimeError", "TypeError",
 * "ValueError", "NotImplementedError", "UnrepresentableDtype"; for errors of
 * typelattice itself (bad arguments, parse errors) it is "UsageError". Empty
 * string when the last call succeeded. */
TL_API const char *tl_errtype(void);

/* Clear this thread's error slot. */
TL_API void tl_clear_error(void);

/* ======================================================================== */
/* 3. Dtypes                                                                 */
/* ======================================================================== */

/* Every dtype typelattice knows, with pinned values (they are ABI).
 * The last three are the weak kinds: a Python int/float/complex or a weakly
 * typed value. They are lattice nodes, not storage types: they have no size.
 * Sub-byte types (int2, int4, uint2, uint4, float4/6) are stored one element
 * per byte, in its low bits, as ml_dtypes does.
 *
 * Values 34 and up were appended later (existing values never change, so the
 * weak kinds sit between the older and the newer storage types; order for
 * display is the catalogue's, see tl_dtype_display_order):
 *   int1, uint1    1-bit integers (JAX's lattice, ml_dtypes 0.6): one per byte,
 *                  in bit 0, as ml_dtypes stores them; int1 holds -1 and 0.
 *   int3, int5, int6, int7, uint3, uint5, uint6, uint7
 *                  PyTorch's "shell" integer dtypes (torch 2.15: promotion and
 *                  can_cast only; torch has no copy/convert kernels for them).
 *                  Stored one per byte in the low bits like int2/int4; the
 *                  conversions follow ml_dtypes' intN rules (wrap on integer
 *                  sources, as for int2/int4) -- a typelattice extension with no
 *                  framework to compare against.
 *   bcomplex32     complex with bfloat16 parts (ml_dtypes 0.6, torch's
 *                  BComplex32): 4 bytes, real part first.
 *   float4_e2m1fn_x2
 *                  PyTorch's packed pair of float4_e2m1fn in one byte. torch has
 *                  no conversion for it: tl_convert refuses every pair except a
 *                  copy to itself (TL_EUNSUPPORTED); finfo refuses it. */
#define TL_DTYPE_MAP(X)                                                         \
  X(BOOL, bool, 0)                                                            \
  X(INT2, int2, 1)                                                            \
  X(INT4, int4, 2)                                                            \
  X(INT8, int8, 3)                                                            \
  X(INT16, int16, 4)                                                          \
  X(INT32, int32, 5)                                                          \
  X(INT64, int64, 6)                                                          \
  X(UINT2, uint2, 7)                                                          \
  X(UINT4, uint4, 8)                                                          \
  X(UINT8, uint8, 9)                                                          \
  X(UINT16, uint16, 10)                                                       \
  X(UINT32, uint32, 11)                                                       \
  X(UINT64, uint64, 12)                                                       \
  X(FLOAT4_E2M1FN, float4_e2m1fn, 13)                                         \
  X(FLOAT6_E2M3FN, float6_e2m3fn, 14)                                         \
  X(FLOAT6_E3M2FN, float6_e3m2fn, 15)                                         \
  X(FLOAT8_E3M4, float8_e3m4, 16)                                             \
  X(FLOAT8_E4M3, float8_e4m3, 17)                                             \
  X(FLOAT8_E4M3FN, float8_e4m3fn, 18)                                         \
  X(FLOAT8_E4M3FNUZ, float8_e4m3fnuz, 19)                                     \
  X(FLOAT8_E4M3B11FNUZ, float8_e4m3b11fnuz, 20)                               \
  X(FLOAT8_E5M2, float8_e5m2, 21)                                             \
  X(FLOAT8_E5M2FNUZ, float8_e5m2fnuz, 22)                                     \
  X(FLOAT8_E8M0FNU, float8_e8m0fnu, 23)                                       \
  X(BFLOAT16, bfloat16, 24)                                                   \
  X(FLOAT16, float16, 25)                                                     \
  X(FLOAT32, float32, 26)                                                     \
  X(FLOAT64, float64, 27)                                                     \
  X(COMPLEX32, complex32, 28)                                                 \
  X(COMPLEX64, complex64, 29)                                                 \
  X(COMPLEX128, complex128, 30)                                               \
  X(WEAK_INT, int*, 31)                                                       \
  X(WEAK_FLOAT, float*, 32)                                                   \
  X(WEAK_COMPLEX, complex*, 33)                                               \
  X(INT1, int1, 34)                                                           \
  X(UINT1, uint1, 35)                                                         \
  X(INT3, int3, 36)                                                           \
  X(INT5, int5, 37)                                                           \
  X(INT6, int6, 38)                                                           \
  X(INT7, int7, 39)                                                           \
  X(UINT3, uint3, 40)                                                         \
  X(UINT5, uint5, 41)                                                         \
  X(UINT6, uint6, 42)                                                         \
  X(UINT7, uint7, 43)                                                         \
  X(BCOMPLEX32, bcomplex32, 44)                                               \
  X(FLOAT4_E2M1FN_X2, float4_e2m1fn_x2, 45)

typedef enum tl_dtype {
  TL_DTYPE_NONE = -1, /* "no dtype": unset option, failed lookup */
#define TL__DTYPE_ENUM(id, name, value) TL_##id = value,
  TL_DTYPE_MAP(TL__DTYPE_ENUM)
#undef TL__DTYPE_ENUM
  TL_NUM_DTYPES = 46,     /* number of catalogue entries, weak kinds included */
  TL_NUM_CONCRETE = 46    /* every storage type's value is below this bound (a
                             size for tables indexed by concrete dtypes); the
                             weak kinds 31..33 lie inside the range: test
                             tl_dtype_is_weak when looping over it */
} tl_dtype;

/* Kinds, as NumPy's dtype.kind letters where one exists. */
typedef enum tl_kind {
  TL_KIND_BOOL = 'b',
  TL_KIND_INT = 'i',
  TL_KIND_UINT = 'u',
  TL_KIND_FLOAT = 'f',
  TL_KIND_COMPLEX = 'c'
} tl_kind;

/* Everything the catalogue records about one dtype. */
typedef struct tl_dtype_info {
  tl_dtype id;
  const char *name;     /* canonical name: "float8_e4m3fn", "int*" */
  tl_kind kind;         /* weak kinds report their kind (int* -> 'i') */
  int weak;             /* 1 for int*, float*, complex* */
  int bits;             /* bit width as JAX's itemsize_bits: bool 8, int4 4,
                           float6_e2m3fn 6, complex64 64; weak kinds 0 */
  int itemsize;         /* storage bytes per element; weak kinds 0 */
  int alignment;        /* required alignment of storage in bytes; weak kinds 0 */
  int is_signed;        /* can represent negative values (ints, floats, complex) */
  /* Floating formats (for complex: of each component); zero for others. */
  int exponent_bits;
  int mantissa_bits;    /* explicit (stored) mantissa bits */
  int bias;             /* exponent bias */
  int has_inf;          /* has +-infinity encodings */
  int has_nan;          /* has at least one NaN encoding */
  int has_negative_zero;
  int finite_only;      /* "fn": no infinities */
  int unsigned_zero;    /* "fnuz"/"fnu": no negative zero; 0x80 (or 0xFF) is NaN */
  int nan_encodings;    /* number of NaN bit patterns */
  tl_dtype component;   /* complex: dtype of each component; else TL_DTYPE_NONE */
} tl_dtype_info;

/* The catalogue entry of `dtype`, or NULL (with TL_EDTYPE in tl_errmsg) when
 * `dtype` is not a catalogue value. */
TL_API const tl_dtype_info *tl_dtype_get(tl_dtype dtype);

/* Canonical name of `dtype` ("float32", "int*"; "object" for TL_OBJECT, see
 * section 6), or "?" for a bad value. */
TL_API const char *tl_dtype_name(tl_dtype dtype);

/* Byte order reported by tl_dtype_parse(). */
typedef enum tl_byteorder {
  TL_BYTEORDER_NATIVE = '=', /* no prefix, or '=' */
  TL_BYTEORDER_LITTLE = '<',
  TL_BYTEORDER_BIG = '>',
  TL_BYTEORDER_NA = '|'      /* not applicable (1-byte types) */
} tl_byteorder;

/* Parse a dtype name. This is the one name parser used everywhere.
 * Accepts:
 *   - canonical names: "float32", "float8_e4m3fn", "complex32", "int*";
 *   - NumPy array-protocol typestrs with optional byte-order prefix:
 *     "<f4", "|b1", "i8" (= int64), "u1", "c8" (= complex64), "f2", ">i4";
 *   - NumPy type characters: ? b B h H i I l L q Q p P e f d F D, and
 *     NumPy's scalar-type names byte ubyte short ushort intc uintc long ulong
 *     longlong ulonglong intp uintp int_ uint half single double csingle
 *     cdouble (sizes of 64-bit Linux with NumPy 2: long, intp, int_ = int64);
 *   - the Python type names "bool", "int", "float", "complex" (the last three
 *     are the weak kinds int*, float*, complex*);
 *   - "bf16" and "bfloat16".
 * Rejects bit-width short forms such as "f16", "u8", "i32": they clash with
 * NumPy typestrs (where "u8" is uint64), so the error explains that and
 * suggests the canonical name. Unknown names get a "did you mean" suggestion.
 * NumPy's long double typestrs with a byte order ("<f16", ">c32") and type
 * characters g/G (and the names longdouble, clongdouble) are refused
 * (TL_EDTYPE) with a message naming longdouble /
 * clongdouble, which typelattice does not represent.
 * `byteorder` (may be NULL) receives the byte order of a typestr.
 * Returns TL_OK, TL_EINVAL (NULL name or out), TL_EDTYPE (unknown/ambiguous). */
TL_API int tl_dtype_parse(const char *name, tl_dtype *out, tl_byteorder *byteorder);

/* Classification. Each returns 1 or 0; 0 for a bad dtype value.
 * Weak kinds are classified by their kind (int* is an integer, signed). */
TL_API int tl_dtype_is_bool(tl_dtype dtype);
TL_API int tl_dtype_is_signed(tl_dtype dtype);     /* signed integers only */
TL_API int tl_dtype_is_unsigned(tl_dtype dtype);   /* unsigned integers */
TL_API int tl_dtype_is_integer(tl_dtype dtype);    /* signed or unsigned int */
TL_API int tl_dtype_is_floating(tl_dtype dtype);   /* real floating formats */
TL_API int tl_dtype_is_complex(tl_dtype dtype);
TL_API int tl_dtype_is_numeric(tl_dtype dtype);    /* everything but bool */
TL_API int tl_dtype_is_inexact(tl_dtype dtype);    /* floating or complex */
TL_API int tl_dtype_is_weak(tl_dtype dtype);

/* Array API `isdtype(dtype, kind)`. `kind` is one of "bool", "signed integer",
 * "unsigned integer", "integral", "real floating", "complex floating",
 * "numeric", or a comma-separated list of those (any match), or a dtype name
 * (equality). Sets *out to 1/0. TL_EINVAL for NULL, TL_EPARSE for an unknown kind. */
TL_API int tl_isdtype(tl_dtype dtype, const char *kind, int *out);

/* Machine limits of a floating format, as numpy.finfo / ml_dtypes.finfo.
 * For complex dtypes the values are those of the component (as NumPy), bits
 * included: finfo(complex64).bits is 32 (the catalogue's bits is 64). */
typedef struct tl_finfo {
  int bits;
  double eps;                 /* 2**-nmant: spacing above 1.0 */
  double epsneg;              /* spacing below 1.0 */
  double max;                 /* largest finite value */
  double min;                 /* most negative finite value (-max; e8m0: smallest) */
  double smallest_normal;
  double smallest_subnormal;  /* == smallest_normal when the format has no subnormals */
  double resolution;          /* 10**-precision */
  int nexp;                   /* exponent bits */
  int nmant;                  /* mantissa bits */
  int maxexp;                 /* smallest positive power of 2 that overflows */
  int minexp;                 /* exponent of smallest_normal */
  int precision;              /* approximate decimal digits */
  int machep;                 /* eps == 2**machep */
  int negep;                  /* epsneg == 2**negep */
  int iexp;                   /* exponent bits (== nexp) */
} tl_finfo;

/* Fill *out with the limits of floating/complex `dtype`.
 * TL_EINVAL for NULL out; TL_EDTYPE for a non-floating dtype and for the
 * packed pair float4_e2m1fn_x2 (ask for float4_e2m1fn). */
TL_API int tl_finfo_get(tl_dtype dtype, tl_finfo *out);

/* Integer limits, as numpy.iinfo / ml_dtypes.iinfo (bool is not an integer). */
typedef struct tl_iinfo {
  int bits;
  int64_t min;
  uint64_t max;
} tl_iinfo;
TL_API int tl_iinfo_get(tl_dtype dtype, tl_iinfo *out);

/* DLPack 1.1 data types: code (kDLInt=0, kDLUInt=1, kDLFloat=2, kDLBfloat=4,
 * kDLComplex=5, kDLBool=6, kDLFloat8_e3m4=7 ... kDLFloat4_e2m1fn=17), bits,
 * lanes. Only lanes == 1 is accepted. Weak kinds have no DLPack type. */
typedef struct tl_dlpack_dtype {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
} tl_dlpack_dtype;
TL_API int tl_dtype_to_dlpack(tl_dtype dtype, tl_dlpack_dtype *out);
TL_API int tl_dtype_from_dlpack(tl_dlpack_dtype dl, tl_dtype *out);
/* bcomplex32 and float4_e2m1fn_x2 have no DLPack type either (TL_EDTYPE). */

/* The catalogue in display order: by kind (bool, signed, unsigned, floating,
 * complex), then by width, the weak kinds last -- the order of tables and
 * listings, independent of the (ABI-pinned) numeric values. Writes up to
 * `cap` dtypes to `out` (NULL with cap 0 to ask) and returns TL_NUM_DTYPES. */
TL_API size_t tl_dtype_display_order(tl_dtype *out, size_t cap);

/* ======================================================================== */
/* 4. Configuration                                                          */
/* ======================================================================== */

struct tl_rules;

/* All settings that change an answer. Zero-initialise, then set what you need:
 * a zeroed tl_config (with defaults fields = TL_DTYPE_NONE set by
 * tl_config_init) means "JAX rules, x64 off, standard promotion". */
typedef struct tl_config {
  const struct tl_rules *rules; /* rule set; NULL = "jax" */
  int x64;                      /* JAX: jax_enable_x64 (default 0) */
  int strict;                   /* JAX: jax_numpy_dtype_promotion='strict' */
  int op;                       /* operation mode: what `x + y` computes in */
  int precise;                  /* Ivy: precise mode (default 1 after tl_config_init) */
  tl_dtype default_int;         /* overrides of the rule set's defaults, */
  tl_dtype default_uint;        /* TL_DTYPE_NONE = use the rule set's own */
  tl_dtype default_float;       /* (torch: set_default_dtype) */
  tl_dtype default_complex;
  int api_version;              /* Array API standard version as YYYYMM: 202112, 202212,
                                   202312, 202412, 202512 (tl_api_version_parse); 0 = the
                                   newest, 2025.12 (array-api-strict 2.6's default). Only the
                                   "array-api" rules read it: before 2024.12 result_type
                                   takes no Python scalars (TypeError). Another value:
                                   TL_EINVAL from the array-api rules. */
  /* With op set: which form of the binary operation is modelled (a
   * tl_op_form value; 0 = TL_OP_OPERATOR, so a zeroed config keeps the
   * operator). Any other value makes tl_result_type fail with TL_EINVAL. */
  int op_form;
} tl_config;

/* The two forms of a binary operation that frameworks treat differently
 * (tl_config.op_form; it only matters when tl_config.op is set):
 *   TL_OP_OPERATOR  the operator `x + y` (the default);
 *   TL_OP_FUNCTION  the framework's function form:
 *     tensorflow*: tf.add(x, y) (= tf.math.add). Two Python numbers are
 *       allowed. Classic mode: a Python number given first becomes a tensor of
 *       its own dtype (int32, int64 when it does not fit, float32,
 *       complex128), so tf.add(1, int8 tensor) is AddV2's InvalidArgumentError
 *       where `1 + t` is int8; a NumPy scalar after the first operand takes
 *       that operand's dtype. The numpy-behaviour modes (-all, -safe) answer as
 *       the operator does;
 *     ivy: ivy.promote_types_of_inputs(x, y) called directly (the dtype both
 *       outputs have); the operator form is ivy.add(x, y), which passes native
 *       arrays, so only it infers a Python scalar's own dtype next to a bool
 *       array.
 *   Rule sets without a separate function form answer as for the operator. */
typedef enum tl_op_form {
  TL_OP_OPERATOR = 0,
  TL_OP_FUNCTION = 1
} tl_op_form;

/* Parse "operator" or "function". TL_EPARSE (naming the text) otherwise,
 * TL_EINVAL for NULL. */
TL_API int tl_op_form_parse(const char *name, tl_op_form *out);

/* Set *cfg to the library defaults (JAX rules, x64 off, standard, precise,
 * no default overrides). TL_EINVAL for NULL. */
TL_API int tl_config_init(tl_config *cfg);

/* This thread's current configuration: the innermost pushed scope, else the
 * global configuration. The global one starts as tl_config_init() adjusted by
 * the environment variables JAX_ENABLE_X64 (1/true/yes/on) and
 * JAX_NUMPY_DTYPE_PROMOTION (standard|strict), read once. Never NULL. */
TL_API const tl_config *tl_config_current(void);

/* Replace the process-wide configuration used by threads with no pushed scope.
 * Not meant to race with readers: set it at start-up. TL_EINVAL for NULL. */
TL_API int tl_config_set_global(const tl_config *cfg);

/* Scoped overrides for this thread (the analogue of
 * `with jax.numpy_dtype_promotion('strict'):`): push a copy of *cfg; it is the
 * current configuration until the matching pop. Up to 64 levels.
 * push: TL_EINVAL (NULL), TL_ERANGE (too deep). pop: TL_ESTATE when empty. */
TL_API int tl_config_push(const tl_config *cfg);
TL_API int tl_config_pop(void);

/* Parse an Array API standard version, "2021.12", "2022.12", "2023.12",
 * "2024.12" or "2025.12", into tl_config.api_version (YYYYMM, e.g. 202312).
 * TL_EINVAL for NULL; TL_EPARSE with array-api-strict's ValueError
 * "Unsupported standard version '2020.10'" for anything else. */
TL_API int tl_api_version_parse(const char *text, int *out);

/* ======================================================================== */
/* 5. Values and operands                                                    */
/* ======================================================================== */

/* An exact scalar value. Integers are exact up to 128 bits (sign + 128-bit
 * magnitude): enough for every Python int a dtype rule can care about. */
typedef enum tl_value_kind {
  TL_VALUE_NONE = 0,
  TL_VALUE_BOOL,
  TL_VALUE_INT,
  TL_VALUE_FLOAT,
  TL_VALUE_COMPLEX
} tl_value_kind;

typedef struct tl_value {
  tl_value_kind kind;
  int negative;      /* TL_VALUE_INT: sign */
  uint64_t hi, lo;   /* TL_VALUE_INT: magnitude = hi * 2**64 + lo; TL_VALUE_BOOL: lo */
  double re, im;     /* TL_VALUE_FLOAT: re; TL_VALUE_COMPLEX: re, im */
} tl_value;

/* What kind of thing an operand is. Rule sets treat them differently:
 * JAX cares about weakness, NumPy 2 about Python scalars, NumPy 1 and PyTorch
 * about 0-d-ness and values. */
typedef enum tl_operand_kind {
  TL_OPERAND_DTYPE = 0,   /* a bare dtype specifier: "int8" */
  TL_OPERAND_ARRAY,       /* a strongly typed n-d array: "array:int8" */
  TL_OPERAND_WEAK_ARRAY,  /* a weakly typed array (JAX weak_type=True): "weak:int8" */
  TL_OPERAND_ZERODIM,     /* a 0-d array / 0-dim tensor: "zerodim:int8[:VALUE]" */
  TL_OPERAND_SCALAR,      /* a NumPy scalar such as np.int8(5): "scalar:int8:5" */
  TL_OPERAND_PYSCALAR,    /* a Python bool/int/float/complex value: "300", "py:float:1.5" */
  TL_OPERAND_PYTYPE       /* a Python type object: "int", "float", "complex", "bool" */
} tl_operand_kind;

typedef struct tl_operand {
  tl_operand_kind kind;
  /* The operand's dtype. For PYSCALAR/PYTYPE: TL_BOOL for bool, else the weak
   * kind TL_WEAK_INT / TL_WEAK_FLOAT / TL_WEAK_COMPLEX. */
  tl_dtype dtype;
  int has_value;          /* value is meaningful (ZERODIM may omit it) */
  tl_value value;
} tl_operand;

/* Parse one operand of the grammar (see docs/design.md):
 *   DTYPE | array:DTYPE | weak:DTYPE | zerodim:DTYPE[:VALUE] | scalar:DTYPE:VALUE
 *   | py:int:V | py:float:V | py:complex:V | py:bool:V
 *   | bare literals: 300, -1.5, 1e300, inf, nan, 1j, (1+2j), True, False
 *   | Python types: int, float, complex, bool
 * Values: decimal/hex integers of any sign, Python float reprs (incl. inf,
 * nan, -0.0), Python complex reprs. Integers are exact up to 128 bits. A
 * Python int (py:int:V, a bare literal) beyond that is taken as its sign and
 * the saturated magnitude 2**128-1 (hi = lo = UINT64_MAX), which classifies it
 * right everywhere (it fits no dtype; NumPy makes it an object array);
 * messages that quote it show 340282366920938463463374607431768211455. A B**E-C
 * form beyond 128 bits, and a NumPy value (zerodim:/scalar:) beyond 128 bits,
 * are TL_EOVERFLOW ("too large"), and so is a NumPy integer value outside
 * its dtype (scalar:int8:300: no NumPy scalar holds it).
 * TL_EINVAL for NULL, TL_EPARSE for bad syntax, TL_EDTYPE for a bad dtype. */
TL_API int tl_operand_parse(const char *text, tl_operand *out);

/* Format an operand back into the grammar (canonical spelling) into buf of
 * size cap (NUL-terminated, truncated if needed). Returns the length it needed
 * (excluding NUL), or a negative status. */
TL_API int tl_operand_format(const tl_operand *op, char *buf, size_t cap);

/* Convenience constructors (never fail; a bad dtype is caught by the consumer). */
TL_API tl_operand tl_operand_dtype(tl_dtype dtype);
TL_API tl_operand tl_operand_array(tl_dtype dtype, int weak);
TL_API tl_operand tl_operand_pyint(int64_t v);
TL_API tl_operand tl_operand_pyfloat(double v);

/* ======================================================================== */
/* 6. Rule sets                                                              */
/* ======================================================================== */

/* A rule set: one framework's promotion semantics ("jax", "jax.lax", "numpy",
 * "numpy1", "torch", "tensorflow", "tensorflow-all", "tensorflow-safe",
 * "array-api", "ivy"). Opaque; obtained from tl_rules_find/tl_rules_at. */
typedef struct tl_rules tl_rules;

/* Look up a rule set by its CLI name. TL_EINVAL (NULL), TL_EUNSUPPORTED
 * (unknown name; the message lists the known ones). */
TL_API int tl_rules_find(const char *name, const tl_rules **out);
/* Number of rule sets, and the i-th (NULL when out of range). */
TL_API size_t tl_rules_count(void);
TL_API const tl_rules *tl_rules_at(size_t i);
/* Its name, one-line description, and the framework version it was checked
 * against ("jax 0.12.0"). "?" for NULL. */
TL_API const char *tl_rules_name(const tl_rules *rules);
TL_API const char *tl_rules_description(const tl_rules *rules);
TL_API const char *tl_rules_checked_against(const tl_rules *rules);
/* The dtypes the rule set knows (its promotion domain, weak kinds last when it
 * has them). Writes up to cap entries to out, returns how many it has. */
TL_API size_t tl_rules_dtypes(const tl_rules *rules, tl_dtype *out, size_t cap);

/* The result of a promotion: a dtype and whether it is weakly typed. */
typedef struct tl_result {
  tl_dtype dtype;
  int weak;
} tl_result;

/* The framework's pairwise promote_types(a, b) under cfg (NULL = current
 * configuration): jnp.promote_types, np.promote_types, torch.promote_types...
 * Weak kinds are accepted where the framework accepts Python types. The
 * result is never weak. On a promotion error returns TL_EPROMOTE (or
 * TL_EUNSUPPORTED) with the framework's exception class in tl_errtype() and
 * its message verbatim in tl_errmsg(). */
TL_API int tl_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);

/* The framework's result_type over n operands (n >= 1) under cfg (NULL =
 * current): jax.dtypes.result_type(..., return_weak_type_flag=True),
 * np.result_type, torch.result_type, ... With cfg->op set: the dtype an
 * operation such as `x + y` computes in, with the framework's value checks
 * (e.g. OverflowError for a Python int that does not fit).
 * Errors: TL_EINVAL (NULL, n == 0), TL_EPROMOTE, TL_EOVERFLOW,
 * TL_EUNSUPPORTED, each with the framework's class and message. */
TL_API int tl_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out);

/* Casting modes of can_cast. */
typedef enum tl_casting {
  TL_CASTING_NO = 0,
  TL_CASTING_EQUIV,
  TL_CASTING_SAFE,
  TL_CASTING_SAME_KIND,
  TL_CASTING_UNSAFE
} tl_casting;

/* Parse "no", "equiv", "safe", "same_kind", "unsafe". TL_EPARSE otherwise. */
TL_API int tl_casting_parse(const char *name, tl_casting *out);

/* The framework's can_cast(from, to, casting) under cfg (NULL = current).
 * from_order/to_order are byte orders (TL_BYTEORDER_NATIVE when unknown); they
 * matter only for NumPy's 'no' and 'equiv'. Sets *out to 1/0. */
TL_API int tl_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder from_order,
                       tl_dtype to, tl_byteorder to_order, tl_casting casting, int *out);

/* The framework's can_cast(from_, to, casting) under cfg (NULL = current) where from_ is an operand
 * (section 5) that may carry a value: np.can_cast(300, 'int16'), np.can_cast(np.int8(1), 'uint8'),
 * np.can_cast(np.array(1000), 'int16'). from_order is the byte order of from's dtype (as for
 * tl_can_cast). Sets *out to 1/0. Per rule set:
 *   numpy1: value-based, as NumPy 1.26: a Python scalar (int: int64, then uint64 beyond int64, then
 *     object beyond uint64; float: float64; complex: complex128; bool), a NumPy scalar or a 0-d array
 *     with its value (TL_OPERAND_PYSCALAR, _SCALAR, _ZERODIM with has_value) can cast when casting is
 *     unsafe or its dtype casts; else, for NumPy's builtin numbers only (not ml_dtypes' types),
 *     when min_scalar_type of the value (the signed type of its width when the value is a small
 *     unsigned and `to` is not a builtin unsigned integer) casts by type under the same casting.
 *     np.can_cast(-1, 'int8') and np.can_cast(300, 'int16') are true, (300, 'int8') false; a
 *     Python int beyond uint64 (an object array) casts only with 'unsafe'.
 *   numpy, jax, jax.lax: a Python value is TL_EUNSUPPORTED with NumPy 2's TypeError ("can_cast() does
 *     not support Python ints, floats, and complex because the result used to depend on the
 *     value. ..."; jnp.can_cast raises the same).
 *   torch: a Python value is TL_EUNSUPPORTED with torch's TypeError ("can_cast(): argument 'from_'
 *     (position 1) must be torch.dtype, not int").
 *   array-api: a Python value is TL_EUNSUPPORTED with TypeError "from_=1, but should be an
 *     array_api array or dtype" (the value's Python repr).
 *   ivy: a Python value is TL_EUNSUPPORTED with IvyBackendException "numpy: can_cast: numpy:
 *     promote_types: numpy: as_ivy_dtype: 1".
 *   Everything else (other operand kinds, other rule sets) is tl_can_cast(from->dtype, ...): NumPy 2
 *   and JAX cast NumPy scalars and 0-d arrays by their dtype; Python types are the weak kinds.
 * Errors: TL_EINVAL (NULL; a bad casting value; a bad kind; a Python scalar/type whose dtype is not
 * bool, int*, float* or complex*, or a Python scalar whose value kind differs from its dtype; an array
 * or dtype operand with a weak kind), TL_EDTYPE (a dtype outside the rule set), TL_EUNSUPPORTED as
 * above, and those of tl_can_cast; each message names the bad input. */
TL_API int tl_can_cast_operand(const tl_config *cfg, const tl_operand *from, tl_byteorder from_order,
                               tl_dtype to, tl_byteorder to_order, tl_casting casting, int *out);

/* One cell of the rule set's binary promotion table, as the tables in the
 * JAX docs show it: the join of a and b on the lattice (weak results stay weak
 * kinds int*, float*, complex*), or the rule set's pairwise answer for
 * table-driven frameworks. TL_EPROMOTE (with the framework's message) where
 * the pair has no promotion. */
TL_API int tl_table_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out);

/* NumPy's object dtype, dtype('O'). It is not a catalogue entry (tl_dtype_get
 * gives NULL, tl_convert and the arrays refuse it, it is never accepted as an
 * operand), but it is an answer: tl_result_type under the "numpy" and
 * "numpy1" rules sets out->dtype = TL_OBJECT where NumPy's answer is
 * dtype('O'), i.e. where a Python int fits neither int64 nor uint64 and
 * becomes an object array: np.result_type(2**64) in NumPy 2 and 1.26, NumPy
 * 1.26's value-based result_type and `a + b` with such an int. Its name
 * (tl_dtype_name) is "object". The value lies outside the tl_dtype enum's
 * catalogue range, so loops over the catalogue never meet it. */
#define TL_OBJECT ((tl_dtype)1001)

/* ======================================================================== */
/* 7. Lattices                                                               */
/* ======================================================================== */

/* A promotion lattice: nodes with their immediate successors. The engine
 * derives upper-bound sets and a precomputed join table, so the join of two
 * nodes is O(1) and the join of N nodes is order-independent. Up to 128 nodes.
 * Opaque; create with tl_lattice_parse / tl_lattice_new, free with
 * tl_lattice_free. A built lattice is immutable and may be shared by threads. */
typedef struct tl_lattice tl_lattice;

/* Lattice flags. */
#define TL_LATTICE_PARTIAL 1u /* pairs without any common upper bound are allowed:
                                 joining them fails at query time (JAX's sinks) */

/* Build a lattice from a text spec: one node per line, `NODE -> SUCC, SUCC`
 * (or just `NODE` for a node without successors), `#` starts a comment, and a
 * line `%partial` sets TL_LATTICE_PARTIAL. Node names are any run of
 * characters other than whitespace, ',', '#', and "->".
 * Validation: a cycle, a pair with several minimal upper bounds (ambiguous),
 * or (without %partial) a pair with no common upper bound, rejects the spec
 * with TL_ELATTICE and a message naming the pair, the reason and the options.
 * Syntax errors: TL_EPARSE naming the line. On success *out owns a new
 * lattice. `flags` is ORed with the spec's own. */
TL_API int tl_lattice_parse(const char *spec, unsigned flags, tl_lattice **out);

/* Build a lattice from arrays: nodes[i] names node i; succ[i] is a list of
 * node indices terminated by -1 (NULL = no successors). Same validation. */
TL_API int tl_lattice_new(const char *const *nodes, size_t n_nodes, const int *const *succ,
                          unsigned flags, tl_lattice **out);

TL_API void tl_lattice_free(tl_lattice *lattice); /* NULL is a no-op */

TL_API size_t tl_lattice_size(const tl_lattice *lattice);                /* 0 for NULL */
TL_API const char *tl_lattice_node_name(const tl_lattice *lattice, int node); /* NULL if bad */
/* Index of the node called `name`, or -1 (with TL_EINVAL message). */
TL_API int tl_lattice_node(const tl_lattice *lattice, const char *name);
/* Immediate successors of a node: writes up to cap indices, returns the count. */
TL_API size_t tl_lattice_successors(const tl_lattice *lattice, int node, int *out, size_t cap);
/* 1 when b is an upper bound of a (a <= b), else 0. */
TL_API int tl_lattice_leq(const tl_lattice *lattice, int a, int b);

/* The join (least upper bound) of nodes a and b. TL_EPROMOTE when they have
 * no common upper bound; TL_EINVAL for bad indices. */
TL_API int tl_lattice_join(const tl_lattice *lattice, int a, int b, int *out);
/* The join of n >= 1 nodes; the same for any order of the inputs. */
TL_API int tl_lattice_join_n(const tl_lattice *lattice, const int *nodes, size_t n, int *out);

/* Problems found by validation (tl_lattice_check) and by the design lint. */
typedef struct tl_lattice_problem {
  int is_error;        /* 1: not a lattice; 0: a lint warning */
  char message[256];   /* e.g. "no common upper bound for 'a' and 'b'" */
} tl_lattice_problem;

/* Validate a spec without keeping the lattice: writes up to cap problems to
 * out and sets *n_problems to how many were found (all errors and, when lint
 * is nonzero, the design-lint warnings of the JAX design note: an edge that
 * drops a component (complex -> real), an edge that can overflow
 * (uint32 -> int32), a path that loses precision (int64 -> float64), a join
 * that is wider than both inputs needs). Lint understands nodes named by our
 * dtype names or JAX's short codes (u32, i*, bf16, ...). Returns TL_OK when
 * the spec is a lattice (warnings allowed), TL_ELATTICE when it is not,
 * TL_EPARSE for a syntax error. */
TL_API int tl_lattice_check(const char *spec, unsigned flags, int lint,
                            tl_lattice_problem *out, size_t cap, size_t *n_problems);

/* The lattice behind a rule set under cfg (NULL = current), or NULL for a
 * table-driven rule set (with TL_EUNSUPPORTED in tl_errmsg). The lattice is
 * owned by the library; do not free it. Node names are catalogue names. */
TL_API const tl_lattice *tl_rules_lattice(const tl_rules *rules, const tl_config *cfg);

/* ======================================================================== */
/* 8. Conversion                                                             */
/* ======================================================================== */

/* Conversion flags. */
#define TL_CONVERT_SATURATE 1u /* finite overflow -> +-max finite instead of inf/NaN
                                  (ml_dtypes' C++ kSaturate, OCP satfinite); inf and
                                  NaN inputs are not saturated; e8m0 of 0 or a
                                  negative value -> 0x00 instead of NaN 0xFF */
#define TL_CONVERT_CHECKED 2u  /* fail on the first value that does not survive */

/* Convert n elements of dtype `from` at `src` (byte stride src_stride, may be
 * negative or zero) into dtype `to` at `dst` (byte stride dst_stride, may be
 * negative; not zero unless n <= 1). Both must be concrete dtypes; the buffers
 * must not overlap. Sub-byte types are one element per byte (low bits).
 * Semantics (docs/conversions.md has the full table and every place where
 * NumPy 2.5 / ml_dtypes 0.6 differ):
 *   - float -> float: ONE rounding, to nearest, ties to even (float64 ->
 *     float16/bfloat16/float8 directly, never via float32); subnormals kept;
 *     -0 kept where the format has it (fnuz: +0). float8_e8m0fnu: ties round up,
 *     0 and negatives -> NaN 0xFF, below 2^-127 -> 0x00.
 *   - overflow: IEEE-like formats -> +-inf; float8_e4m3fn -> NaN with sign
 *     (0x7F/0xFF); fnuz -> 0x80; e8m0 -> 0xFF; float6/float4 -> +-max.
 *   - NaN -> the format's canonical quiet NaN with the sign kept (bfloat16
 *     0x7FC0/0xFFC0, e5m2 0x7E/0xFE, e4m3fn 0x7F/0xFF, fnuz 0x80, e8m0 0xFF);
 *     float16 follows NumPy (top payload bits kept, not quieted, 0x7C01 if
 *     empty); float32 <-> float64 as the hardware (payload kept, quieted);
 *     float6/float4 have no NaN: +NaN -> -0, -NaN -> +0 (as ml_dtypes).
 *   - int -> float: one rounding to nearest even; overflow as above.
 *   - float -> int: truncation toward zero; NaN -> 0; +-inf and out-of-range
 *     values saturate to the integer range (NumPy's C cast differs here).
 *   - int -> int: two's-complement wrap; int2/int4/uint2/uint4 keep the low
 *     bits and are sign-/zero-extended on read.
 *   - -> bool: nonzero (NaN included; complex: either part) -> 1.
 *   - complex -> real: the real part; real -> complex: imaginary +0.
 *   - same dtype: each element's bytes are copied unchanged (as NumPy's
 *     astype to the same dtype; sub-byte and bool bytes are not normalised).
 * Results are bit-identical on every SIMD tier, and do not depend on the
 * caller's floating-point environment: the call computes with round-to-
 * nearest-even, subnormals kept and exceptions masked even when the thread
 * has flush-to-zero/denormals-are-zero (-ffast-math start-up code,
 * torch.set_flush_denormal), another rounding mode or enabled traps, and
 * hands the caller's environment (exception flags included) back unchanged.
 * With TL_CONVERT_CHECKED the call fails with TL_ECAST on the first element
 * whose value did not survive (integer overflow, fraction dropped, NaN/inf into
 * an integer, overflow into a float format, nonzero imaginary part dropped,
 * precision lost; NaN -> NaN survives); *fail_index (may be NULL) receives its
 * index, and the destination is left untouched (all elements are validated
 * before any is written). Errors: TL_EINVAL (NULL buffers with n > 0, zero dst
 * stride with n > 1, unknown flags), TL_EDTYPE (weak kinds or bad values,
 * naming `from` or `to`), TL_ERANGE (n too large for byte offsets, or a
 * stride whose |stride| x (n - 1) does not fit in ptrdiff_t), TL_ECAST,
 * TL_EUNSUPPORTED (NotImplementedError) for float4_e2m1fn_x2 with any other
 * dtype, naming both. The appended dtypes follow the same rules: int1..int7 and
 * uint1..uint7 as int2/int4 (low bits kept, sign-/zero-extended on read; int1
 * reads 1 as -1), bcomplex32 as a complex of two bfloat16 parts. */
TL_API int tl_convert(tl_dtype from, const void *src, ptrdiff_t src_stride, tl_dtype to, void *dst,
                      ptrdiff_t dst_stride, size_t n, unsigned flags, size_t *fail_index);

/* Contiguous shorthand: strides are the dtypes' item sizes. Same errors. */
TL_API int tl_convert_contiguous(tl_dtype from, const void *src, tl_dtype to, void *dst,
                                 size_t n, unsigned flags, size_t *fail_index);

/* The SIMD tier in use: "scalar", "avx2" (AVX2+F16C+FMA+BMI2), "avx512"
 * (AVX-512 F/BW/VL/DQ). Chosen once from CPUID + XGETBV; the environment
 * variable TYPELATTICE_CPU=scalar|avx2|avx512 selects a lower tier (an unknown
 * or unavailable value is ignored), and TYPELATTICE_AVX512_BASE=1 keeps the
 * AVX-512 tier off its AVX512-VBMI and AVX512-BF16 kernels (as on CPUs
 * without them; for testing), and TYPELATTICE_PREFETCH=l1|l2 sets where
 * large (streaming) conversions prefetch their source (default: L2 on
 * Intel CPUs, L1 elsewhere; for benchmarks); tl_convert_set_tier switches at run time
 * for the whole process (TL_EINVAL for NULL or an unknown name,
 * TL_EUNSUPPORTED if the CPU lacks it). Never NULL.
 * On AArch64 the tiers are "scalar" and "neon" (Advanced SIMD, from
 * getauxval(AT_HWCAP) on Linux; its float32 -> bfloat16 kernels use BFCVTN
 * when HWCAP2_BF16 is set, which TYPELATTICE_NEON_BASE=1 turns off for
 * testing); TYPELATTICE_CPU=scalar|neon, and the x86 tiers are
 * TL_EUNSUPPORTED there, as "neon" is on x86-64. */
TL_API const char *tl_convert_tier(void);
TL_API int tl_convert_set_tier(const char *tier);

/* Threads. tl_convert (and tl_convert_contiguous) splits a large call over a
 * pool of threads: when the thread count is above 1 and the call moves at
 * least the threshold of bytes (n x (source + destination item sizes)), the
 * elements are cut into one contiguous chunk per thread, each a multiple of
 * 64 elements (whole bytes and cache lines whatever the layout), and each
 * chunk is converted by the same kernels a single thread uses: results are
 * bit-identical for every thread count, tier, stride and dtype pair. The
 * pool (count - 1 workers; the calling thread works too) is created on first
 * use, grows when the count is raised, and is joined at exit; one call at a
 * time uses it: a call made while another thread's call holds it runs on its
 * own thread. TL_CONVERT_CHECKED validates on the calling thread first.
 * Defaults: 1 thread (no pool) and 4 MiB, or the environment, read once:
 * TYPELATTICE_THREADS=N (0 = one per online CPU) and
 * TYPELATTICE_THREAD_THRESHOLD=BYTES (K/M/G suffixes), where values the
 * setters would reject are ignored. Settings are process-wide.
 *   tl_convert_set_threads: n in 1..256, or 0 for one per online CPU;
 *     TL_EINVAL (naming n) otherwise.
 *   tl_convert_set_thread_threshold: bytes >= 4096; TL_EINVAL otherwise.
 *   tl_convert_threads / tl_convert_thread_threshold: the settings in force. */
TL_API int tl_convert_set_threads(int n);
TL_API int tl_convert_threads(void);
TL_API int tl_convert_set_thread_threshold(size_t bytes);
TL_API size_t tl_convert_thread_threshold(void);

/* ======================================================================== */
/* 9. Arrays and promoted elementwise operations                             */
/* ======================================================================== */

/* (section owned by the arrays work: declarations go below this line) */

/* N-dimensional arrays with a dtype, a weak-type flag, a shape and byte
 * strides, and the framework-style operations that need promotion: astype,
 * broadcast_to, Ivy's type_promote_arrays / promote_types_of_inputs, and
 * promoted, broadcasting elementwise binary operations. docs/arrays.md has
 * the long version (semantics per dtype, decisions, performance).
 *
 * Ownership. Every tl_array is allocated by the library and freed with
 * tl_array_free (NULL-safe). Its elements live either in a buffer the library
 * allocated (`owns` = 1; views made from it, e.g. by tl_array_broadcast_to,
 * share the buffer by reference count, so any of them may be freed first), or
 * in caller memory (tl_array_view; `owns` = 0: the caller keeps that memory
 * alive and unchanged in size while the array or its views exist).
 *
 * The struct is public so that callers can read it; treat it as read-only
 * and create arrays only through the functions below. `data` points at the
 * element with all indices 0; element [i0, ..., ik] is at
 * (char *)data + i0*strides[0] + ... + ik*strides[k]. Strides are in bytes
 * and may be negative or zero (zero: broadcast). Sub-byte dtypes (int4,
 * float4_e2m1fn, ...) use one byte per element, as in the conversions. */

#define TL_MAX_NDIM 32

typedef struct tl_array {
  tl_dtype dtype;                 /* a concrete dtype */
  int weak;                       /* JAX weak_type flag */
  int ndim;                       /* 0 .. TL_MAX_NDIM */
  int64_t shape[TL_MAX_NDIM];     /* entries [0, ndim) are used; >= 0 */
  ptrdiff_t strides[TL_MAX_NDIM]; /* byte strides */
  void *data;
  int64_t size;                   /* number of elements: product of shape (1 for 0-d) */
  int owns;                       /* 1: library-allocated buffer; 0: view over caller memory */
  void *base_;                    /* private: the shared buffer */
} tl_array;

/* Free an array (its buffer when the last array using it goes). NULL: no-op. */
TL_API void tl_array_free(tl_array *a);

/* New C-contiguous arrays of `dtype` with `ndim` dimensions of `shape`
 * (shape may be NULL when ndim == 0), 64-byte aligned.
 *   zeros: every element 0 (all bits zero is 0 in every dtype except
 *          float8_e8m0fnu, which has no zero: its elements are the
 *          conversion of 0.0, the NaN pattern 0xFF, as ml_dtypes does);
 *   ones:  every element 1 (True for bool).
 * Errors: TL_EINVAL (NULL out, NULL shape with ndim > 0, ndim < 0 or
 * > TL_MAX_NDIM, a negative extent), TL_EDTYPE (not a concrete dtype),
 * TL_ERANGE (element count or byte size overflows), TL_ENOMEM. */
TL_API int tl_array_zeros(tl_dtype dtype, int ndim, const int64_t *shape, tl_array **out);
TL_API int tl_array_ones(tl_dtype dtype, int ndim, const int64_t *shape, tl_array **out);

/* full(shape, fill_value, dtype). With dtype TL_DTYPE_NONE the fill value
 * picks it, from the rule set of cfg (NULL = current configuration):
 * bool -> bool; int -> the default int dtype; float -> the default float;
 * complex -> the default complex (tl_default_dtype, section 10, so scoped
 * overrides apply). The value is converted as tl_convert converts a float64
 * (or int64 / uint64 for integers, complex128 for complex): floats round to
 * nearest, overflow into a float format gives inf (or NaN/max per format), a
 * float into an integer dtype truncates (NaN/inf into an integer: TL_ECAST),
 * complex into real drops the imaginary part. An integer fill value that
 * does not fit an integer dtype fails like NumPy 2: TL_EOVERFLOW,
 * OverflowError "Python integer 300 out of bounds for int8".
 * Errors: those of tl_array_zeros, TL_EINVAL (NULL or kind-less fill),
 * TL_EOVERFLOW, TL_ECAST, and those of tl_default_dtype. */
TL_API int tl_array_full(const tl_config *cfg, tl_dtype dtype, const tl_value *fill, int ndim,
                         const int64_t *shape, tl_array **out);

/* A 0-d array from a scalar operand, like jnp.asarray(2) / np.asarray(2) /
 * torch.tensor(2). The operand is a Python scalar (TL_OPERAND_PYSCALAR), a
 * NumPy scalar (TL_OPERAND_SCALAR) or a 0-d array with a value
 * (TL_OPERAND_ZERODIM). Its dtype: a NumPy scalar's or 0-d array's own; for
 * a Python scalar the rule set's inference (tl_infer_dtype step 3: JAX gives
 * int32/float32/complex64 with x64 off and fails with OverflowError for an
 * int outside int32; NumPy int64/float64/complex128 ...). Weak typing: under
 * the jax and jax.lax rule sets a Python int/float/complex gives a weakly
 * typed array (jnp.asarray(2).weak_type is True); a Python bool, and every
 * scalar under the other rule sets, gives a strong one. The value is stored
 * as tl_array_full stores it.
 * Errors: TL_EINVAL (NULL, another operand kind, no value), those of
 * tl_infer_dtype and tl_array_full. */
TL_API int tl_array_from_scalar(const tl_config *cfg, const tl_operand *scalar, tl_array **out);

/* A view over caller memory: `data` points at element [0, ..., 0]; `strides`
 * are byte strides (NULL = C-contiguous); they may be negative (a reversed
 * view: data then points into the middle/end of the caller's block) or zero.
 * The array does not own `data`. data may be NULL only when the array has no
 * elements. `weak` sets the weak-type flag.
 * Errors: TL_EINVAL (NULL out, NULL data with elements, NULL shape with ndim
 * > 0, bad ndim, negative extent), TL_EDTYPE, TL_ERANGE (element count or
 * the byte span of the view overflows). */
TL_API int tl_array_view(tl_dtype dtype, int weak, void *data, int ndim, const int64_t *shape,
                         const ptrdiff_t *strides, tl_array **out);

/* 1 when the array is C-contiguous (its elements densely in row-major order
 * from data), else 0 (also for NULL). Arrays with 0 or 1 elements are. */
TL_API int tl_array_is_contiguous(const tl_array *a);

/* The broadcast shape of two shapes (NumPy rules: right-aligned, extents
 * equal or 1). *ndim_out receives max(ndim_a, ndim_b); shape_out needs
 * TL_MAX_NDIM entries. TL_EINVAL (NULL, bad ndim, negative extent) or
 * TL_EINVAL with ValueError "operands could not be broadcast together with
 * shapes (2,3) (4,)" naming both shapes. */
TL_API int tl_broadcast_shapes(int ndim_a, const int64_t *shape_a, int ndim_b,
                               const int64_t *shape_b, int *ndim_out, int64_t *shape_out);

/* np.broadcast_to(a, shape): a new view of a's elements with `ndim`
 * dimensions of `shape` (ndim >= a->ndim), zero strides along the broadcast
 * dimensions. It shares a's buffer (see Ownership) and keeps its dtype and
 * weak flag. Errors: TL_EINVAL (NULL, bad ndim/shape), and for shapes that
 * do not broadcast TL_EINVAL with ValueError "cannot broadcast array of
 * shape (3,) to shape (2,4)", TL_ENOMEM. */
TL_API int tl_array_broadcast_to(const tl_array *a, int ndim, const int64_t *shape, tl_array **out);

/* astype(a, dtype): a new C-contiguous strong array of `dtype` holding a's
 * elements converted by tl_convert (bit-exact NumPy/ml_dtypes semantics).
 * casting: TL_CASTING_UNSAFE converts anything (np.astype's default); with
 * TL_CASTING_NO/EQUIV/SAFE/SAME_KIND the cast must be allowed by the rule
 * set's can_cast under cfg (NULL = current), else TL_ECAST with TypeError
 * "Cannot cast array data from dtype('float64') to dtype('int32') according
 * to the rule 'safe'". flags: TL_CONVERT_SATURATE and TL_CONVERT_CHECKED as
 * tl_convert: checked fails with TL_ECAST, ValueError naming the element
 * index (in C order), its dtype and the target dtype, and creates nothing.
 * Errors: TL_EINVAL (NULL), TL_EDTYPE, TL_ECAST, those of tl_can_cast,
 * TL_ENOMEM. */
TL_API int tl_array_astype(const tl_config *cfg, const tl_array *a, tl_dtype dtype,
                           tl_casting casting, unsigned flags, tl_array **out);

/* Ivy's type_promote_arrays, for n >= 1 arrays: the rule set's result_type
 * of the arrays (strong or weak by their flags) under cfg (NULL = current;
 * cfg->op as given), then an astype (unsafe) of every array into it. out[i]
 * receives a new array for in[i] (always a copy, as Ivy); the results carry
 * the result's weak flag. All or nothing: on error no out[i] is written.
 * Errors: TL_EINVAL (NULL, n == 0), those of tl_result_type (TL_EPROMOTE
 * with the framework's message ...), TL_ENOMEM. */
TL_API int tl_promote_arrays(const tl_config *cfg, const tl_array *const *in, size_t n,
                             tl_array **out);

/* One input of tl_promote_inputs: an array, or (array == NULL) a scalar
 * operand (a Python scalar TL_OPERAND_PYSCALAR with a value, or a NumPy
 * scalar TL_OPERAND_SCALAR). */
typedef struct tl_input {
  const tl_array *array;
  tl_operand scalar;
} tl_input;

/* Flag of tl_promote_inputs: Ivy's own scalar rule (ivy.md §3.1) instead of
 * the rule set's. */
#define TL_PROMOTE_IVY_SCALARS 1u

/* Ivy's promote_types_of_inputs for n >= 1 inputs: every input becomes an
 * array of one common dtype (scalars 0-d arrays). Which dtype:
 *   - default (flags 0): the rule set's operation-mode result type, i.e.
 *     tl_result_type with cfg->op = 1 over the inputs (arrays by their weak
 *     flags, Python scalars as such): exactly what `x1 + 2` computes in
 *     under that framework (JAX weak types, NumPy 2 NEP 50, ...), including
 *     its value checks (NumPy: OverflowError for a Python int that does not
 *     fit the dtype; JAX: one beyond its default int, int32 or int64 with
 *     x64; PyTorch: one outside [-2**63, 2**64), RuntimeError; from 2**63
 *     up it wraps as a uint64).
 *   - TL_PROMOTE_IVY_SCALARS: Ivy's algorithm. Each Python scalar first
 *     gets a target dtype from the first array input: a Python float with
 *     an integer array -> float64; a non-bool scalar with a bool array ->
 *     inferred (tl_infer_dtype: the default of its kind); a Python complex
 *     with a non-complex array -> complex128; else the array's dtype (so
 *     int8_array + 1000 stays int8 and the value wraps). Without any array
 *     every scalar is inferred. Then the dtypes are folded with the rule
 *     set's promote_types. The results are strong.
 * Scalar values are stored as tl_array_full stores them, except that an
 * integer value that does not fit wraps under TL_PROMOTE_IVY_SCALARS (Ivy's
 * asarray) and under the JAX and PyTorch rule sets (jnp.int8(1) + 1000 and
 * torch's are -23). out[i] receives a new array for in[i]. All or
 * nothing. Errors: TL_EINVAL (NULL, n == 0, bad input), those of
 * tl_result_type / tl_promote_types / tl_infer_dtype, TL_ENOMEM. */
TL_API int tl_promote_inputs(const tl_config *cfg, const tl_input *in, size_t n, unsigned flags,
                             tl_array **out);

/* Binary elementwise operations. */
typedef enum tl_binop {
  TL_BINOP_ADD = 0,
  TL_BINOP_SUBTRACT,
  TL_BINOP_MULTIPLY,
  TL_BINOP_DIVIDE,  /* true division */
  TL_BINOP_MAXIMUM,
  TL_BINOP_MINIMUM,
  TL_BINOP_EQUAL,   /* result bool */
  TL_BINOP_LESS,    /* result bool */
  TL_NUM_BINOPS
} tl_binop;

/* "add", "subtract", ... ("?" for a bad value); and the parser (also
 * accepts "sub", "mul", "div", "max", "min", "eq", "lt", "true_divide").
 * TL_EINVAL (NULL) / TL_EPARSE. */
TL_API const char *tl_binop_name(tl_binop op);
TL_API int tl_binop_parse(const char *name, tl_binop *out);

/* The dtypes of op(a, b): *compute (may be NULL) the dtype the operation
 * computes in, *result (may be NULL) the dtype and weak flag of its result.
 *   - compute = the rule set's result_type of (a, b) in operation mode
 *     (cfg->op = 1 whatever cfg says; arrays by their weak flags);
 *   - divide (true division): when that is not inexact, compute =
 *     promote_types(compute, default float dtype) (numpy: int8 / int8 ->
 *     float64; jax: int32 / int32 -> float32 with x64 off, but int2/uint2
 *     stay integers, divided as XLA does; torch -> its default float); the
 *     weak flag is kept (a weak int / weak int is a weak float, as JAX);
 *   - equal, less: result bool (strong), compute as above;
 *   - subtract on bool inputs: TL_EUNSUPPORTED, TypeError (NumPy, JAX and
 *     PyTorch all refuse it);
 *   - the operations' own kernels' rules (tl_binary_inputs_dtypes: TensorFlow's
 *     truediv table and type lists, PyTorch's complex compares, Ivy's divide).
 * Errors: TL_EINVAL (NULL a/b, bad op), those of tl_result_type. */
TL_API int tl_binary_dtypes(const tl_config *cfg, tl_binop op, const tl_array *a,
                            const tl_array *b, tl_result *compute, tl_result *result);

/* op(a, b) with promotion and broadcasting, into a new C-contiguous array
 * (*out). See docs/arrays.md for the semantics of each dtype:
 *   - computed in the compute dtype without converting whole operands:
 *     operands are converted block by block (a few KiB at a time) in scratch
 *     memory, or by fused SIMD kernels for the common mixed pairs;
 *   - integers wrap on overflow (two's complement); bool: add = or,
 *     multiply = and, maximum = or, minimum = and;
 *   - floats: IEEE-754 in the format itself for float32/float64; float16,
 *     bfloat16, float8/6/4 and complex32 compute in float32 (complex64) and
 *     round once back, as NumPy's half loops and ml_dtypes do; sub-byte
 *     ints compute in int8/uint8 and wrap back;
 *   - maximum/minimum propagate NaN (np.maximum); complex maximum, minimum
 *     and less use NumPy's lexicographic order; complex division is
 *     NumPy's (Smith's) algorithm;
 *   - computed in the default floating-point environment whatever the
 *     caller's (as tl_convert: no FTZ/DAZ, nearest-even, no traps);
 *   - except under a JAX rule set, which computes as XLA's CPU code does:
 *     subnormals flushed (DAZ + FTZ) in bfloat16/float32/float64/complex,
 *     a non-broadcast bool times a float selects (False * nan is 0), a
 *     float16/32/64 division by a broadcast divisor multiplies by its
 *     reciprocal (where the divisor is stretched over more elements), complex
 *     division is XLA's, complex maximum/minimum/less are XLA's
 *     lexicographic compares and selects (a tie or a NaN in a gives b),
 *     and with x64 off a 64-bit operand is made 32-bit first (int64 wraps,
 *     as jnp.asarray); under the TensorFlow rule sets subnormals are
 *     flushed likewise; and under the PyTorch rule set complex multiply
 *     rounds both products before summing and complex add/subtract are
 *     a + (+-1+0j) * b (see docs/arrays.md, "Value semantics").
 * The dtypes are tl_binary_dtypes's; the operations' own kernel checks
 * (tl_binary_inputs_dtypes) apply here too.
 * Errors: TL_EINVAL (NULL, bad op, shapes that do not broadcast: ValueError
 * naming both shapes), those of tl_binary_dtypes, TL_ERANGE, TL_ENOMEM. */
TL_API int tl_binary(const tl_config *cfg, tl_binop op, const tl_array *a, const tl_array *b,
                     tl_array **out);

/* The same into an existing array (NumPy's out=): `out` must have the
 * broadcast shape (exactly, same ndim) and the result dtype, or with
 * `dtype` given, NumPy's ufunc dtype= argument: the compute dtype is
 * `dtype` instead of the rule set's (comparisons still give bool).
 * out may be an input itself (same data and strides) but must not
 * otherwise overlap an input. Nothing is written on error.
 * Errors: those of tl_binary, TL_EINVAL (out of the wrong shape or dtype,
 * naming both), TL_EDTYPE (dtype not concrete). */
TL_API int tl_binary_into(const tl_config *cfg, tl_binop op, const tl_array *a, const tl_array *b,
                          tl_dtype dtype, tl_array *out);

/* op(x1, x2) where either input may be a scalar: tl_input's array, or its
 * scalar operand (a Python number TL_OPERAND_PYSCALAR, a NumPy scalar
 * TL_OPERAND_SCALAR, with a value). What the framework computes for
 * `x1 op x2` with a Python number, which is not always the 0-d array of
 * tl_promote_inputs:
 *   - the dtypes are those of the inputs as given (tl_binary_inputs_dtypes;
 *     NumPy 1.x's value-based promotion sees the Python int itself);
 *   - a scalar is converted as tl_promote_inputs converts it (JAX and
 *     PyTorch wrap Python ints; NumPy 2 raises OverflowError; TensorFlow
 *     wraps one that fits int64 (classic) or int32 (its "all"/"safe"
 *     modes): tf.add(int8 x, 300) is x + 44, else ValueError / OverflowError);
 *   - true division of an integer array takes a Python int in the compute
 *     dtype (np.true_divide(uint8 x, 300) is x / 300.0; JAX's and PyTorch's
 *     x / -7 is x / -7.0), except under TensorFlow (the int is wrapped first);
 *   - NumPy 2 compares an integer array with a Python int outside its range
 *     without an error: np.less(uint8 x, 300) is all True, np.equal(x, -1)
 *     all False;
 *   - PyTorch: mul and div in float16/bfloat16 keep a scalar second operand
 *     (a Python number or a 0-d array of another dtype) in float32 (half x *
 *     70000.0 is 35008 for x = 0.5, not inf); a Python number divided by an
 *     array is `t.reciprocal() * number` (Tensor.__rtruediv__); subtraction
 *     with any bool input is NotImplementedError;
 *   - under the JAX rule sets with x64 off, a 64-bit array is made 32-bit
 *     first (int64 wraps into int32), as jnp.asarray does (tl_binary too).
 * out (required) must have the broadcast shape and the result dtype, as
 * tl_binary_into's; dtype: as tl_binary_into's (TL_DTYPE_NONE: the rule
 * set's). Nothing is written on error. Errors: TL_EINVAL (NULL, bad op, an
 * input that is neither an array nor a scalar with a value, out of the wrong
 * shape or dtype), those of tl_binary_inputs_dtypes, tl_promote_inputs and
 * tl_binary. */
TL_API int tl_binary_inputs(const tl_config *cfg, tl_binop op, const tl_input *x1, const tl_input *x2,
                            tl_dtype dtype, tl_array *out);

/* The dtypes of tl_binary_inputs's op(x1, x2), as tl_binary_dtypes gives
 * them for arrays, with these rules beyond them:
 *   - equal/less/maximum/minimum/divide have their own kernels, not add's:
 *     TensorFlow's Equal takes bool (AddV2 does not), Less/Maximum/Minimum
 *     refuse bool and complex (InvalidArgumentError with their type lists),
 *     tf.math.truediv makes 8/16-bit integers float32 and 32/64-bit ones
 *     float64 and refuses bool; PyTorch's eq takes bcomplex32, maximum/minimum
 *     and lt refuse complex (TypeError, NotImplementedError);
 *   - Ivy's divide makes integers its default float dtype (float32), precise
 *     mode or not;
 *   - NumPy 2: no OverflowError for a Python int compared with or dividing
 *     an integer array (see tl_binary_inputs).
 * Errors: TL_EINVAL (NULL, bad op, bad input), those of tl_binary_dtypes. */
TL_API int tl_binary_inputs_dtypes(const tl_config *cfg, tl_binop op, const tl_input *x1, const tl_input *x2,
                                   tl_result *compute, tl_result *result);

/* Shorthands for tl_binary. */
TL_API int tl_add(const tl_config *cfg, const tl_array *a, const tl_array *b, tl_array **out);
TL_API int tl_subtract(const tl_config *cfg, const tl_array *a, const tl_array *b, tl_array **out);
TL_API int tl_multiply(const tl_config *cfg, const tl_array *a, const tl_array *b, tl_array **out);
TL_API int tl_divide(const tl_config *cfg, const tl_array *a, const tl_array *b, tl_array **out);
TL_API int tl_maximum(const tl_config *cfg, const tl_array *a, const tl_array *b, tl_array **out);
TL_API int tl_minimum(const tl_config *cfg, const tl_array *a, const tl_array *b, tl_array **out);
TL_API int tl_equal(const tl_config *cfg, const tl_array *a, const tl_array *b, tl_array **out);
TL_API int tl_less(const tl_config *cfg, const tl_array *a, const tl_array *b, tl_array **out);

/* The SIMD tier the binary kernels use ("scalar", "avx2", "avx512"): the
 * conversions' tier (tl_convert_tier / TYPELATTICE_CPU), read per call.
 * ("neon" on AArch64, where the binary kernels are the scalar ones.) */
TL_API const char *tl_binary_tier(void);


/* ======================================================================== */
/* 10. Default dtypes and dtype inference                                     */
/* ======================================================================== */

/* (section owned by the defaults work: declarations go below this line) */

/* Default dtypes and the dtype a function infers when it is not told one.
 *
 * Each rule set has built-in defaults (docs/support.md lists the sources):
 *
 *   rule set                      int     uint    float    complex
 *   jax, jax.lax  (x64 off)       int32   uint32  float32  complex64
 *   jax, jax.lax  (x64 on)        int64   uint64  float64  complex128
 *   numpy, numpy1                 int64   uint64  float64  complex128
 *   torch                         int64   uint8   float32  follows float:
 *                                 float16->complex32, float32->complex64,
 *                                 float64->complex128, bfloat16->error
 *   tensorflow, tensorflow-all,
 *   tensorflow-safe               int32   uint32  float32  complex128
 *   array-api  (as array-api-strict) int64 uint64 float64  complex128
 *   ivy                           int32   uint32  float32  complex64
 *
 * (torch has no default unsigned dtype: uint8 is its only fully supported
 * one; TensorFlow has none either: uint32 pairs with its int32.)
 *
 * Overrides, innermost first, for a query of kind K:
 *   1. this thread's scoped override stack for K (tl_default_dtype_push(K, d):
 *      Ivy's set_default_int_dtype / unset_default_int_dtype ...);
 *   2. this thread's generic stack (tl_default_dtype_push(TL_KIND_ANY, d):
 *      Ivy's set_default_dtype) when its top has kind K. As in Ivy, a generic
 *      unsigned default also counts as the default *int* (ivy.md §3.3);
 *   3. cfg->default_int / default_uint / default_float / default_complex when
 *      not TL_DTYPE_NONE (set them globally with tl_config_set_global, or for
 *      a scope with tl_config_push);
 *   4. the rule set's built-in default above.
 * The stacks are thread-local and apply to every query on the thread,
 * whatever cfg is passed. Under the jax rule sets with x64 off, a 64-bit
 * override (int64, uint64, float64, complex128) is rejected at query time
 * with Ivy's IvyException message "`int64` output not supported while
 * jax_enable_x64 is set to False, ...". */

/* "Any kind": Ivy's generic default dtype (ivy.default_dtype()). */
#define TL_KIND_ANY ((tl_kind)0)

/* The default dtype of `kind` under cfg (NULL = current configuration).
 * kind: TL_KIND_INT, TL_KIND_UINT, TL_KIND_FLOAT, TL_KIND_COMPLEX,
 * TL_KIND_BOOL (always bool), or TL_KIND_ANY (Ivy's default_dtype(): the top of
 * the generic stack, else the default float dtype).
 * Errors: TL_EINVAL (NULL out, bad kind), TL_EUNSUPPORTED (unknown rule set;
 * torch complex default with a bfloat16 default float; jax x64 check),
 * TL_EDTYPE (a cfg->default_* field of the wrong kind). */
TL_API int tl_default_dtype(const tl_config *cfg, tl_kind kind, tl_dtype *out);

/* The same with the rule set named explicitly ("jax", "numpy", "torch",
 * "tensorflow", "array-api", "ivy", ...); NULL = cfg's rule set. This lets a
 * caller ask about a rule set by name without a tl_rules handle. */
TL_API int tl_default_dtype_of(const char *rules_name, const tl_config *cfg, tl_kind kind,
                               tl_dtype *out);

/* Scoped thread-local overrides (Ivy's set_default_*_dtype / unset_...).
 * push: kind TL_KIND_INT accepts any integer dtype (Ivy's IntDtype accepts
 * unsigned names too), TL_KIND_UINT an unsigned one, TL_KIND_FLOAT a real
 * floating one, TL_KIND_COMPLEX a complex one, TL_KIND_ANY any concrete dtype.
 * Up to 64 levels per kind. Errors: TL_EINVAL (bad kind), TL_EDTYPE (bad or
 * wrong-kind dtype), TL_ERANGE (too deep).
 * pop: TL_ESTATE when that kind's stack is empty (Ivy silently ignores an
 * unbalanced unset; a C caller wants to know). */
TL_API int tl_default_dtype_push(tl_kind kind, tl_dtype dtype);
TL_API int tl_default_dtype_pop(tl_kind kind);
/* Depth of this thread's stack for `kind` (0 for a bad kind). */
TL_API size_t tl_default_dtype_depth(tl_kind kind);

/* Which step of tl_infer_dtype decided. */
typedef enum tl_infer_step {
  TL_INFER_EXPLICIT = 1, /* the explicit dtype argument */
  TL_INFER_ARRAY = 2,    /* the dtype of the first array argument */
  TL_INFER_SCALAR = 3,   /* the first relevant Python scalar / Python type */
  TL_INFER_DEFAULT = 4   /* the global default */
} tl_infer_step;

/* The dtype a function with an optional `dtype` argument uses: Ivy's
 * documented four steps (ivy.md §3.4), with each rule set's own scalar rules.
 *
 *   1. explicit_dtype, when not TL_DTYPE_NONE. A weak kind stands for the
 *      Python type (`dtype=int`): int* -> default int, float* -> default
 *      float, complex* -> default complex. Under jax with x64 off an explicit
 *      64-bit dtype is canonicalised to its 32-bit partner, as JAX does.
 *   2. else the dtype of the first argument that has one: TL_OPERAND_ARRAY,
 *      WEAK_ARRAY, ZERODIM, SCALAR (a NumPy scalar) or DTYPE.
 *   3. else the first Python scalar or Python type argument (the caller
 *      passes only *relevant* scalars, e.g. `fill_value` of full, never
 *      `axis`). bool -> bool; a Python type -> the default of its kind; a
 *      value by the rule set:
 *        ivy:   int  > 2**63-1 -> uint64, > 2**31-1 -> int64, else default
 *               int (like Ivy, large *negative* ints are not checked);
 *               float -> float64 when finite and |v| > 3.4028235e38 or its
 *               frexp exponent is < -126 or > 128, else default float;
 *               complex -> complex128 when both parts pass that test, else
 *               default complex (ivy.md §3.3).
 *        jax:   default int/float/complex; an int outside the default int
 *               fails: TL_EOVERFLOW, OverflowError "Python int V too large
 *               to convert to int32".
 *        numpy, numpy1, array-api: int -> default int when it fits, else
 *               uint64 when it fits (NumPy); anything larger: TL_EOVERFLOW
 *               (NumPy would make an object array); float -> default
 *               float; complex -> default complex.
 *        torch: int -> default int (int64; out of range: TL_EOVERFLOW);
 *               float/complex -> default float/complex.
 *        tensorflow*: int -> int32, int64 when outside int32 (tf.constant),
 *               TL_EOVERFLOW outside int64; float -> float32; complex ->
 *               complex128.
 *   4. else the default of want_kind; with want_kind == TL_KIND_ANY Ivy's
 *      global default dtype (tl_default_dtype(cfg, TL_KIND_ANY)).
 *
 * args may be NULL when n == 0. *step (may be NULL) receives the deciding
 * step. Errors: TL_EINVAL (NULL out, NULL args with n > 0, bad kind),
 * TL_EDTYPE (a bad dtype in explicit_dtype or an operand), TL_EOVERFLOW,
 * TL_EUNSUPPORTED (unknown rule set), and those of tl_default_dtype. */
TL_API int tl_infer_dtype(const tl_config *cfg, tl_dtype explicit_dtype, const tl_operand *args,
                          size_t n, tl_kind want_kind, tl_dtype *out, tl_infer_step *step);

/* The same with the rule set named explicitly (NULL = cfg's rule set). */
TL_API int tl_infer_dtype_of(const char *rules_name, const tl_config *cfg, tl_dtype explicit_dtype,
                             const tl_operand *args, size_t n, tl_kind want_kind, tl_dtype *out,
                             tl_infer_step *step);


/* ======================================================================== */
/* 11. Supported-dtype registry and casting modes                            */
/* ======================================================================== */

/* (section owned by the support-registry work: declarations go below this line) */

/* Ivy-style supported-dtype registry: which dtypes a backend supports at
 * all (its valid/invalid dtypes) and which a function of it supports, per
 * framework version; and Ivy's casting modes that pick the nearest supported
 * dtype for an unsupported one. The file format is in docs/support.md:
 *
 *   # comment
 *   torch *      "2.1.2 and below" invalid     uint16, uint32, uint64
 *   torch cumsum "2.0.1 and below" unsupported uint8, bfloat16, float16
 *   torch cumsum "1.12.1"          unsupported
 *   torch my_fn  = cumsum + expm1
 *
 * Lists hold canonical dtype names and the classes valid, numeric, integer
 * (signed and unsigned, as Ivy), signed, unsigned, float (incl. bfloat16),
 * complex, inexact; classes expand against the backend's valid dtypes. */

/* ---- version keys (Ivy's _dtype_from_version, ivy.md §4.3) --------------- */

/* Versions are dot-separated decimal components ("2.1", "1.12.1"), compared
 * as Python int tuples: lexicographic, so "2.1" < "2.1.0". A "+local" suffix
 * ("2.1.2+cu118") is ignored, as Ivy strips it from torch.__version__.
 * Sets *out to -1, 0, 1. TL_EINVAL (NULL), TL_EPARSE (malformed: empty
 * component, non-digits such as "rc1", more than 8 components). */
TL_API int tl_version_compare(const char *a, const char *b, int *out);

/* The four key forms. */
typedef enum tl_version_key_kind {
  TL_VKEY_EXACT = 0, /* "1.12.1": matches that exact string only */
  TL_VKEY_AND_BELOW, /* "2.0.1 and below": version <= 2.0.1 */
  TL_VKEY_AND_ABOVE, /* "1.11.0 and above": version >= 1.11.0 */
  TL_VKEY_RANGE      /* "1.11.0 to 2.0.1": both bounds inclusive */
} tl_version_key_kind;

/* Validate a key; *kind (may be NULL) receives its form. Tokens are
 * separated by blanks. A range whose lower bound exceeds the upper one is an
 * error (it could never match); equal bounds are fine.
 * TL_EINVAL (NULL), TL_EPARSE (malformed, message says why). */
TL_API int tl_version_key_parse(const char *key, tl_version_key_kind *kind);

/* Does `version` match `key`? Exact keys by string equality (as Ivy: "2.1"
 * does not match "2.1.0"), the others by comparison. */
TL_API int tl_version_key_matches(const char *key, const char *version, int *out);

/* Ivy's choice among the keys of one version dictionary, in insertion
 * order: an exact key equal to `version`; else the first range key that
 * matches; else the last key ("the behaviour of the last known version").
 * version NULL = "latest": the last key. Sets *index.
 * TL_EINVAL (NULL keys/index, n == 0: Ivy's "No version found in the
 * dictionary"), TL_EPARSE (a malformed key or version). */
TL_API int tl_version_select(const char *const *keys, size_t n, const char *version, size_t *index);

/* ---- the registry -------------------------------------------------------- */

/* Opaque registry. Not thread-safe while loading; after loading, queries
 * from several threads are fine. */
typedef struct tl_support tl_support;

/* A new empty registry. TL_EINVAL (NULL out), TL_ENOMEM. */
TL_API int tl_support_new(tl_support **out);
/* Free it (NULL is a no-op). */
TL_API void tl_support_free(tl_support *reg);

/* Add the lines of a registry file / of a string (several loads accumulate:
 * lines about the same backend and function extend the same version
 * dictionary). A load is all-or-nothing: on any error the registry is as it
 * was. name_for_messages names the text in messages (NULL = "<string>").
 * Errors: TL_EINVAL (NULL), TL_EIO (unreadable file: "cannot read FILE: ..."),
 * TL_EPARSE ("FILE:LINE: reason" for a malformed line, a bad version key, an
 * unknown dtype or class name, supported and unsupported lines for one
 * function (Ivy forbids both), valid and invalid lines for one backend, a
 * repeated version key, a composition cycle), TL_ENOMEM. */
TL_API int tl_support_load_file(tl_support *reg, const char *path);
TL_API int tl_support_load_string(tl_support *reg, const char *text, const char *name_for_messages);

/* The backends the registry knows (each appears on some line): writes up to
 * cap names (owned by reg) and returns how many there are; 0 for NULL. */
TL_API size_t tl_support_backends(const tl_support *reg, const char **out, size_t cap);

/* The dtypes `backend` itself supports at `version` (Ivy's valid_dtypes):
 * its `valid` list, else Ivy's 15 dtypes minus its `invalid` list, else all
 * 15. Writes min(cap, count) dtypes in catalogue order and sets *n to the
 * count (snprintf style: out may be NULL with cap 0 to ask the size).
 * version NULL = the last key of each dictionary.
 * Errors: TL_EINVAL (NULL reg/backend/n, NULL out with cap > 0),
 * TL_EUNSUPPORTED (backend not in the registry; message lists the known
 * ones), TL_EPARSE (malformed version). */
TL_API int tl_support_valid(const tl_support *reg, const char *backend, const char *version,
                            tl_dtype *out, size_t cap, size_t *n);

/* The dtypes `function` of `backend` supports at `version` (Ivy's
 * function_supported_dtypes): the backend's valid dtypes, intersected with
 * the function's `supported` list or minus its `unsupported` list (an empty
 * list means no restriction, as in Ivy), intersected with the supported set
 * of every part when the function is a composition. A function without any
 * line is unrestricted. Output convention and errors as tl_support_valid. */
TL_API int tl_support_query(const tl_support *reg, const char *backend, const char *function,
                            const char *version, tl_dtype *out, size_t cap, size_t *n);

/* *out = 1 when `dtype` is in tl_support_query's set, else 0. Errors as
 * tl_support_query, plus TL_EDTYPE for a bad dtype value. */
TL_API int tl_support_is_supported(const tl_support *reg, const char *backend, const char *function,
                                   const char *version, tl_dtype dtype, int *out);

/* ---- casting modes (ivy.md §4.4) ----------------------------------------- */

typedef enum tl_cast_mode {
  TL_CAST_MODE_UPCAST = 1, /* next higher supported dtype in the same group */
  TL_CAST_MODE_DOWNCAST,   /* next lower supported dtype in the same group */
  TL_CAST_MODE_CROSSCAST,  /* no int supported -> default float; no float -> default int */
  TL_CAST_MODE_CAST        /* crosscast, else upcast, else downcast */
} tl_cast_mode;

/* Parse "upcast", "downcast", "crosscast", "cast". TL_EINVAL (NULL),
 * TL_EPARSE otherwise. */
TL_API int tl_cast_mode_parse(const char *name, tl_cast_mode *out);

/* Flag: order the signed-int ladder as Ivy's sorted() of the names does
 * (int16, int32, int64, int8), instead of by width. */
#define TL_CAST_IVY_INT_ORDER 1u

/* Ivy's casting modes for an argument of `dtype` passed to `function`:
 *   - Only dtypes the backend supports but the function does not (Ivy's
 *     `intersect` = function-unsupported minus backend-invalid) are cast. A
 *     supported dtype is returned unchanged (*out = dtype).
 *   - Ladders (groups): the backend's valid dtypes of one group in catalogue
 *     order: unsigned (uint8 < ... < uint64), signed int (int8 < ... < int64,
 *     or Ivy's string order with TL_CAST_IVY_INT_ORDER), float (bfloat16 <
 *     float16 < float32 < float64), complex. bool has none.
 *   - upcast/downcast: walk the ladder up/down from dtype and take the first
 *     entry the function supports.
 *   - crosscast (whatever the dtype's group, as Ivy): when the function
 *     supports no integer dtype (signed or unsigned) -> the default float
 *     dtype of cfg (tl_default_dtype); else when it supports no float dtype
 *     -> the default int dtype; like Ivy the result is not re-checked (the
 *     explanation says so when it is itself unsupported).
 *   - cast: crosscast, then upcast, then downcast; the first that finds one.
 * On success *out is the chosen dtype and `explain` (may be NULL; truncated
 * to cap, NUL-terminated) says why, e.g. "torch.cumsum: float16 is not
 * supported; upcast along float ladder bfloat16 < float16 < float32 <
 * float64 -> float32". When nothing is found returns TL_EUNSUPPORTED with
 * the explanation in tl_errmsg(). Other errors: those of tl_support_query,
 * TL_EINVAL (bad mode, NULL out), TL_EDTYPE (bad or weak dtype). */
TL_API int tl_support_cast(const tl_support *reg, const tl_config *cfg, const char *backend,
                           const char *function, const char *version, tl_dtype dtype,
                           tl_cast_mode mode, unsigned flags, tl_dtype *out, char *explain,
                           size_t cap);


#ifdef __cplusplus
}
#endif

#endif /* TYPELATTICE_H */
