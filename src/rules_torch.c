/* rules_torch.c — PyTorch: torch.promote_types, torch.result_type, torch.can_cast.
 *
 * torch 2.15's shell dtypes take part: uint1..uint7 are "barebones unsigned"
 * (only a floating partner promotes), int1..int7 and float4_e2m1fn_x2 are not
 * in promoteTypes' lookup table (TORCH_INTERNAL_ASSERT ix_a/ix_b), bcomplex32
 * is in it (complex bfloat16). can_cast: isIntegralType excludes the sub-byte
 * integers, so float -> int3 is allowed.
 *
 * Data: PyTorch's C++ type names (its error messages print them) and which
 * dtypes torch.add has CPU kernels for. The 13x13 promoteTypes table is not
 * typed in: it is a "category + size" table (torch_tf_arrayapi.md §1.1) and
 * follows from the catalogue:
 *   bool < integers < floats < complex; within integers the wider one, and
 *   uint8 with int8 -> int16; any integer with a float -> the float; floats
 *   by size, float16 with bfloat16 -> float32; with a complex -> the complex
 *   type of the promoted component types.
 * In front of the table: the float8 and "barebones unsigned" (uint16/32/64)
 * checks in promoteTypes' order. result_type: the three priority classes
 * (dimensioned tensors > 0-dim tensors > Python numbers) and
 * combine_categories (§1.2). can_cast: kind-based (§1.4). */
#include "internal.h"

#include <pthread.h>
#include <stdio.h>

#define D(x) TL_##x
/* torch's complex bfloat16 (toComplexType(BFloat16), torch.bcomplex32) */
#define BCOMPLEX32 TL_BCOMPLEX32

static const tl_dtype torch_domain[] = {
    D(BOOL), D(UINT8), D(UINT16), D(UINT32), D(UINT64), D(INT8), D(INT16), D(INT32), D(INT64), D(FLOAT16),
    D(BFLOAT16), D(FLOAT32), D(FLOAT64), D(COMPLEX32), D(COMPLEX64), D(COMPLEX128), D(FLOAT8_E4M3FN),
    D(FLOAT8_E5M2), D(FLOAT8_E4M3FNUZ), D(FLOAT8_E5M2FNUZ), D(FLOAT8_E8M0FNU), D(WEAK_INT), D(WEAK_FLOAT),
    D(WEAK_COMPLEX),
    /* torch 2.15's shell dtypes and complex bfloat16 */
    D(INT1), D(INT2), D(INT3), D(INT4), D(INT5), D(INT6), D(INT7), D(UINT1), D(UINT2), D(UINT3), D(UINT4),
    D(UINT5), D(UINT6), D(UINT7), D(FLOAT4_E2M1FN_X2), D(BCOMPLEX32), TL_DTYPE_NONE};

/* c10::toString(ScalarType) */
const char *tl__torch_name(tl_dtype d) {
  if (d == BCOMPLEX32) return "BComplex32";
  switch (d) {
  case D(BOOL): return "Bool";
  case D(UINT8): return "Byte";
  case D(INT8): return "Char";
  case D(INT16): return "Short";
  case D(INT32): return "Int";
  case D(INT64): return "Long";
  case D(UINT16): return "UInt16";
  case D(UINT32): return "UInt32";
  case D(UINT64): return "UInt64";
  case D(FLOAT16): return "Half";
  case D(BFLOAT16): return "BFloat16";
  case D(FLOAT32): return "Float";
  case D(FLOAT64): return "Double";
  case D(COMPLEX32): return "ComplexHalf";
  case D(COMPLEX64): return "ComplexFloat";
  case D(COMPLEX128): return "ComplexDouble";
  case D(FLOAT8_E4M3FN): return "Float8_e4m3fn";
  case D(FLOAT8_E5M2): return "Float8_e5m2";
  case D(FLOAT8_E4M3FNUZ): return "Float8_e4m3fnuz";
  case D(FLOAT8_E5M2FNUZ): return "Float8_e5m2fnuz";
  case D(FLOAT8_E8M0FNU): return "Float8_e8m0fnu";
  case D(INT1): return "Int1";
  case D(INT2): return "Int2";
  case D(INT3): return "Int3";
  case D(INT4): return "Int4";
  case D(INT5): return "Int5";
  case D(INT6): return "Int6";
  case D(INT7): return "Int7";
  case D(UINT1): return "UInt1";
  case D(UINT2): return "UInt2";
  case D(UINT3): return "UInt3";
  case D(UINT4): return "UInt4";
  case D(UINT5): return "UInt5";
  case D(UINT6): return "UInt6";
  case D(UINT7): return "UInt7";
  case D(FLOAT4_E2M1FN_X2): return "Float4_e2m1fn_x2";
  default: return tl_dtype_name(d);
  }
}

static int is_float8(tl_dtype d) { return d >= D(FLOAT8_E3M4) && d <= D(FLOAT8_E8M0FNU); }
/* c10::isBarebonesUnsignedType: uint1..uint7 too */
static int is_barebones_unsigned(tl_dtype d) {
  return d == D(UINT16) || d == D(UINT32) || d == D(UINT64) || (tl_dtype_is_unsigned(d) && tl__info(d)->bits < 8);
}
/* dtypes outside promoteTypes' lookup table (dtype2index == -1): the signed
 * shell integers int1..int7 and float4_e2m1fn_x2 */
static int not_in_table(tl_dtype d) {
  return d == D(FLOAT4_E2M1FN_X2) || (tl_dtype_is_signed(d) && tl__info(d)->bits < 8);
}
/* torch 2.15's shell dtypes: no copy/convert kernels at all */
static int is_shell(tl_dtype d) {
  return d == D(FLOAT4_E2M1FN_X2) || (tl_dtype_is_integer(d) && !tl_dtype_is_weak(d) && tl__info(d)->bits < 8);
}
/* c10::isIntegralType(t, includeBool=false): the 8..64-bit integers only */
static int is_integral(tl_dtype d) { return tl_dtype_is_integer(d) && tl__info(d)->bits >= 8; }
/* c10::isFloatingType: half, bfloat16, float, double and the float8 types */
static int is_floating(tl_dtype d) { return tl_dtype_is_floating(d) && !tl_dtype_is_weak(d); }
static int is_complex(tl_dtype d) { return d == BCOMPLEX32 || (tl_dtype_is_complex(d) && !tl_dtype_is_weak(d)); }

static tl_dtype complex_component(tl_dtype c) { return tl__info(c)->component; }
static tl_dtype complex_of(tl_dtype f) {
  return f == D(FLOAT16) ? D(COMPLEX32) : f == D(BFLOAT16) ? BCOMPLEX32 : f == D(FLOAT32) ? D(COMPLEX64) : D(COMPLEX128);
}

/* The legacy 13x13 table, derived from category and size. */
static tl_dtype table(tl_dtype a, tl_dtype b) {
  if (a == b || b == D(BOOL)) return a;
  if (a == D(BOOL)) return b;
  int ca = is_complex(a) ? 3 : is_floating(a) ? 2 : 1, cb = is_complex(b) ? 3 : is_floating(b) ? 2 : 1;
  if (ca < cb) return table(b, a);
  const tl_dtype_info *ia = tl__info(a), *ib = tl__info(b);
  if (ca > cb) {
    if (ca == 2 || cb == 1) return a; /* float > integer, complex > integer */
    /* complex with a float: the complex type of the promoted components */
    return complex_of(table(complex_component(a), b));
  }
  if (ca == 1) {
    /* integers: uint8 with int8 needs int16; otherwise the wider */
    if (ia->bits == ib->bits) return D(INT16);
    return ia->bits > ib->bits ? a : b;
  }
  if (ca == 2) {
    if (ia->bits == ib->bits) return D(FLOAT32); /* float16 with bfloat16 */
    return ia->bits > ib->bits ? a : b;
  }
  /* two complex types: the complex type of the promoted components
     (complex32 with bcomplex32 -> complex64) */
  return complex_of(table(complex_component(a), complex_component(b)));
}

/* c10::promoteTypes, its checks in order. */
static int promote(tl_dtype a, tl_dtype b, tl_dtype *out) {
  if (a == b) {
    *out = a;
    return TL_OK;
  }
  if (is_float8(a) || is_float8(b))
    return tl__error(TL_EPROMOTE, "RuntimeError",
                     "Promotion for Float8 Types is not supported, attempted to promote %s and %s", tl__torch_name(a),
                     tl__torch_name(b));
  if (is_barebones_unsigned(a) || is_barebones_unsigned(b)) {
    if (is_floating(a)) *out = a;
    else if (is_floating(b)) *out = b;
    else
      return tl__error(TL_EPROMOTE, "RuntimeError",
                       "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote %s and %s",
                       tl__torch_name(a), tl__torch_name(b));
    return TL_OK;
  }
  /* TORCH_INTERNAL_ASSERT(ix_a != -1) / (ix_b != -1) in c10/core/ScalarType.cpp */
  if (not_in_table(a))
    return tl__error(TL_EPROMOTE, "RuntimeError",
                     "ix_a != -1 INTERNAL ASSERT FAILED at \"/__w/pytorch/pytorch/c10/core/ScalarType.cpp\":103, "
                     "please report a bug to PyTorch.");
  if (not_in_table(b))
    return tl__error(TL_EPROMOTE, "RuntimeError",
                     "ix_b != -1 INTERNAL ASSERT FAILED at \"/__w/pytorch/pytorch/c10/core/ScalarType.cpp\":105, "
                     "please report a bug to PyTorch.");
  *out = table(a, b);
  return TL_OK;
}

#define UNDEF TL_DTYPE_NONE

static int promote_skip_undefined(tl_dtype a, tl_dtype b, tl_dtype *out) {
  if (a == UNDEF) return *out = b, TL_OK;
  if (b == UNDEF) return *out = a, TL_OK;
  return promote(a, b, out);
}

/* c10::toComplexType for a floating type */
static int to_complex(tl_dtype d, tl_dtype *out) {
  switch (d) {
  case D(FLOAT16): *out = D(COMPLEX32); return TL_OK;
  case D(FLOAT32): *out = D(COMPLEX64); return TL_OK;
  case D(FLOAT64): *out = D(COMPLEX128); return TL_OK;
  case D(BFLOAT16): *out = BCOMPLEX32; return TL_OK;
  default:
    return tl__error(TL_EPROMOTE, "RuntimeError", "Unknown Complex ScalarType for %s", tl__torch_name(d));
  }
}

static int combine_categories(tl_dtype higher, tl_dtype lower, tl_dtype *out) {
  if (higher != UNDEF && is_complex(higher)) return *out = higher, TL_OK;
  if (lower != UNDEF && is_complex(lower)) {
    if (higher != UNDEF && is_floating(higher)) return to_complex(higher, out);
    return *out = lower, TL_OK;
  }
  if (higher != UNDEF && is_floating(higher)) return *out = higher, TL_OK;
  if (higher == D(BOOL) || (lower != UNDEF && is_floating(lower))) return promote_skip_undefined(higher, lower, out);
  return *out = higher != UNDEF ? higher : lower, TL_OK;
}

static tl_dtype default_float(const tl_config *cfg) {
  return cfg->default_float != TL_DTYPE_NONE ? cfg->default_float : D(FLOAT32);
}
static int default_complex(const tl_config *cfg, tl_dtype *out) {
  if (cfg->default_complex != TL_DTYPE_NONE) return *out = cfg->default_complex, TL_OK;
  tl_dtype f = default_float(cfg);
  if (f == D(FLOAT16)) return *out = D(COMPLEX32), TL_OK;
  if (f == D(FLOAT64)) return *out = D(COMPLEX128), TL_OK;
  /* c10's default complex dtype is ComplexFloat for every other default
     (set_default_dtype): with torch.set_default_dtype(torch.bfloat16),
     torch.result_type(int8 tensor, 1j) is complex64 (torch 2.15.0,
     measured), while torch.tensor(1j) is the RuntimeError below (that is
     tl_default_dtype's / tl_infer_dtype's answer) */
  if (f == D(FLOAT32) || f == D(BFLOAT16)) return *out = D(COMPLEX64), TL_OK;
  return tl__error(TL_EUNSUPPORTED, "RuntimeError", "invalid default scalar type for complex");
}

/* The dtype of a wrapped Python number: bool -> Bool, int -> Long (UInt64
 * above 2**63 - 1; "int too big to convert" beyond), float -> default dtype,
 * complex -> default complex dtype. */
static int wrapped_dtype(const tl_config *cfg, const tl_operand *o, tl_dtype *out) {
  switch (o->dtype) {
  case D(BOOL): return *out = D(BOOL), TL_OK;
  case D(WEAK_INT):
    if (o->kind == TL_OPERAND_PYSCALAR && o->value.kind == TL_VALUE_INT) {
      int i64 = tl__value_fits(&o->value, INT64_MIN, INT64_MAX), u64 = tl__value_fits(&o->value, 0, UINT64_MAX);
      tl_clear_error();
      if (!i64 && !u64)
        return tl__error(TL_EOVERFLOW, "OverflowError",
                         o->value.negative ? "can't convert negative int to unsigned" : "int too big to convert");
      return *out = i64 ? D(INT64) : D(UINT64), TL_OK;
    }
    return *out = D(INT64), TL_OK;
  case D(WEAK_FLOAT): return *out = default_float(cfg), TL_OK;
  default: return default_complex(cfg, out);
  }
}

/* Which dtypes torch.add has (CPU) kernels for: not the barebones unsigned
 * types, not the float8 types, not bcomplex32 and none of the shell dtypes
 * (int1..int7, float4_e2m1fn_x2: tensor + tensor raises add_stub; with a
 * Python number torch fails earlier, in copy_, with the same class). */
static int add_kernel_check(tl_dtype d) {
  if (is_barebones_unsigned(d) || is_float8(d) || d == BCOMPLEX32 || not_in_table(d))
    return tl__error(TL_EUNSUPPORTED, "NotImplementedError", "\"add_stub\" not implemented for '%s'", tl__torch_name(d));
  return TL_OK;
}

int tl__torch_exact_result(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  tl_dtype dim = UNDEF, zero = UNDEF, wrapped = UNDEF;
  int st;
  /* Python numbers are converted first (the overflow check happens there) */
  for (size_t i = 0; i < n; i++) {
    tl_dtype d;
    if ((ops[i].kind == TL_OPERAND_PYSCALAR || ops[i].kind == TL_OPERAND_PYTYPE) &&
        (st = wrapped_dtype(cfg, &ops[i], &d)) != TL_OK)
      return st;
  }
  for (size_t i = 0; i < n; i++) {
    const tl_operand *o = &ops[i];
    tl_dtype d = o->dtype, *slot;
    switch (o->kind) {
    case TL_OPERAND_PYSCALAR:
    case TL_OPERAND_PYTYPE:
      if ((st = wrapped_dtype(cfg, o, &d)) != TL_OK) return st;
      slot = &wrapped;
      break;
    case TL_OPERAND_ZERODIM:
    case TL_OPERAND_SCALAR:
      slot = &zero;
      break;
    default:
      slot = &dim;
      break;
    }
    if ((st = promote_skip_undefined(*slot, d, slot)) != TL_OK) return st;
  }
  tl_dtype lower, r;
  if ((st = combine_categories(zero, wrapped, &lower)) != TL_OK) return st;
  if ((st = combine_categories(dim, lower, &r)) != TL_OK) return st;
  if (cfg->op) {
    /* a + b first casts each operand (a Python number as its wrapped dtype)
       to the result type: a cast from or into a shell dtype fails there
       (bfloat16 + uint2: copy_ for 'UInt2'; int3 + 1: copy_ for 'Int3'; the result's name when both are shells) */
    for (size_t i = 0; i < n; i++) {
      tl_dtype d = ops[i].dtype;
      if ((ops[i].kind == TL_OPERAND_PYSCALAR || ops[i].kind == TL_OPERAND_PYTYPE) &&
          (st = wrapped_dtype(cfg, &ops[i], &d)) != TL_OK)
        return st;
      if (d != r && (is_shell(d) || is_shell(r)))
        return tl__error(TL_EUNSUPPORTED, "NotImplementedError", "\"copy_\" not implemented for '%s'",
                         tl__torch_name(is_shell(r) ? r : d));
    }
    if ((st = add_kernel_check(r)) != TL_OK) return st;
  }
  out->dtype = r;
  out->weak = 0;
  return TL_OK;
}

/* A Python type where torch takes a dtype: its argument parser maps int,
 * float and complex to torch.int64, torch.float64 and torch.complex128
 * (torch.promote_types(int, float) is float64, torch.can_cast(int,
 * torch.int32) True; torch 2.15.0, measured) */
static tl_dtype py_type_dtype(tl_dtype d) {
  return d == D(WEAK_INT) ? D(INT64) : d == D(WEAK_FLOAT) ? D(FLOAT64) : d == D(WEAK_COMPLEX) ? D(COMPLEX128) : d;
}

int tl__torch_exact_promote(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  (void)cfg;
  return promote(py_type_dtype(a), py_type_dtype(b), out);
}


/* ---- table-driven fast path ---------------------------------------------------
 * Derived at first use from the exact code above, for the default dtypes
 * (float32, complex64; an override takes the exact path):
 *   pt[a][b]            promote_types over the domain;
 *   join[s][d]          promote_skip_undefined(s, d), s = UNDEF (index
 *                       TL_NUM_DTYPES) or a dtype: each priority class (dim
 *                       tensors, 0-dim tensors, Python numbers) is its left
 *                       fold in operand order;
 *   fin[op][d][z][w]    the two combine_categories and the --op kernel check.
 * Python numbers: a bool is Bool, a Python type or an int of the plain class
 * Long, a float/complex the default dtypes (their values do not matter). */
enum { T_UNDEF = TL_NUM_DTYPES, T_NS = TL_NUM_DTYPES + 1 };
static int8_t t_pt[TL_NUM_DTYPES][TL_NUM_DTYPES];
static int8_t t_join[T_NS][TL_NUM_DTYPES];
static int8_t t_fin[2][T_NS][T_NS][T_NS];
static int8_t t_py[TL__NTOK]; /* wrapped dtype of a Python token, -1 = exact path */
static pthread_once_t t_once = PTHREAD_ONCE_INIT;

static void t_build(void) {
  tl_config cfg;
  tl_config_init(&cfg);
  cfg.rules = &tl__rules_torch;
  const uint64_t domain = tl__rules_domain(&tl__rules_torch);
  tl__fast_pair_table(&tl__rules_torch, &cfg, tl__torch_exact_promote, t_pt);
  int ok[T_NS];
  for (int d = 0; d < T_NS; d++) ok[d] = d == T_UNDEF || (((domain >> d) & 1u) && !tl__is_weak((tl_dtype)d));
  for (int s = 0; s < T_NS; s++)
    for (int d = 0; d < TL_NUM_DTYPES; d++) {
      tl_dtype r = TL_DTYPE_NONE;
      t_join[s][d] = (int8_t)(ok[s] && ok[d] && promote_skip_undefined(s == T_UNDEF ? UNDEF : (tl_dtype)s, (tl_dtype)d, &r) == TL_OK &&
                                      tl__concrete(r) ? r : -1);
    }
  for (int op = 0; op < 2; op++)
    for (int d = 0; d < T_NS; d++)
      for (int z = 0; z < T_NS; z++)
        for (int w = 0; w < T_NS; w++) {
          tl_dtype lower = UNDEF, r = UNDEF;
          t_fin[op][d][z][w] = -1;
          if (!ok[d] || !ok[z] || !ok[w]) continue;
          if (combine_categories(z == T_UNDEF ? UNDEF : (tl_dtype)z, w == T_UNDEF ? UNDEF : (tl_dtype)w, &lower) != TL_OK ||
              combine_categories(d == T_UNDEF ? UNDEF : (tl_dtype)d, lower, &r) != TL_OK || !tl__concrete(r) ||
              (op && add_kernel_check(r) != TL_OK))
            continue;
          t_fin[op][d][z][w] = (int8_t)r;
        }
  for (int t = 0; t < TL__NTOK; t++) {
    tl_dtype r = TL_DTYPE_NONE;
    tl_operand o = tl__tok_operand(t);
    t_py[t] = (int8_t)(t >= TL__TOK_PYTYPE && wrapped_dtype(&cfg, &o, &r) == TL_OK && tl__concrete(r) ? r : -1);
  }
  tl_clear_error();
}

static int torch_promote_types(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  pthread_once(&t_once, t_build);
  int r = t_pt[a][b];
  if (r >= 0) return *out = (tl_dtype)r, TL_OK;
  return tl__torch_exact_promote(cfg, a, b, out);
}

static int torch_result_type(const tl_config *cfg, const tl_operand *ops, size_t n, tl_result *out) {
  if (tl__cfg_plain_defaults(cfg)) {
    pthread_once(&t_once, t_build);
    /* slot per operand kind: 0 dim, 1 zero-dim, 2 Python number */
    static const uint8_t slot_of[7] = {0, 0, 0, 1, 1, 2, 2};
    int st[3] = {T_UNDEF, T_UNDEF, T_UNDEF};
    size_t i;
    for (i = 0; i < n; i++) {
      unsigned k = (unsigned)ops[i].kind;
      int d = (int)ops[i].dtype, s = slot_of[k];
      if (cfg->op && tl__valid_dtype((tl_dtype)d) && is_shell((tl_dtype)d)) break; /* exact path */
      if (s == 2) {
        int t = tl__tok_of(&ops[i]);
        if (t < 0 || (d = t_py[t]) < 0) break;
      }
      if ((st[s] = t_join[st[s]][d]) < 0) break;
    }
    if (i == n) {
      int r = t_fin[cfg->op ? 1 : 0][st[0]][st[1]][st[2]];
      if (r >= 0) {
        out->dtype = (tl_dtype)r;
        out->weak = 0;
        return TL_OK;
      }
    }
  }
  return tl__torch_exact_result(cfg, ops, n, out);
}

/* Table cell: promote_types for two dtypes; a weak kind is a Python number
 * next to a dimensioned tensor (torch.result_type(tensor, number)). */
static int torch_table_cell(const tl_config *cfg, tl_dtype a, tl_dtype b, tl_dtype *out) {
  if (!tl_dtype_is_weak(a) && !tl_dtype_is_weak(b)) return promote(a, b, out);
  tl_operand ops[2];
  tl_dtype ab[2] = {a, b};
  for (int i = 0; i < 2; i++) {
    ops[i] = tl_operand_array(ab[i], 0);
    if (tl_dtype_is_weak(ab[i])) {
      ops[i].kind = TL_OPERAND_PYTYPE;
      ops[i].has_value = 0;
    }
  }
  tl_config c = *cfg;
  c.op = 0;
  tl_result r = {TL_DTYPE_NONE, 0};
  int st = tl__torch_exact_result(&c, ops, 2, &r);
  if (st != TL_OK) return st;
  *out = r.dtype;
  return TL_OK;
}

/* c10::canCast: kind-based */
static int torch_can_cast(const tl_config *cfg, tl_dtype from, tl_byteorder fo, tl_dtype to, tl_byteorder too,
                          tl_casting casting, int *out) {
  (void)cfg, (void)fo, (void)too, (void)casting;
  from = py_type_dtype(from), to = py_type_dtype(to);
  int no = (is_complex(from) && !is_complex(to)) ||
           (is_floating(from) && is_integral(to)) || (from != D(BOOL) && to == D(BOOL));
  *out = !no;
  return TL_OK;
}

/* torch.can_cast takes torch.dtypes only: a Python value is a TypeError naming its type (torch 2.15.0,
 * measured: "can_cast(): argument 'from_' (position 1) must be torch.dtype, not int"). Everything else
 * (tensors' dtypes) keeps the dtype answer. */
static int torch_can_cast_operand(const tl_config *cfg, const tl_operand *from, tl_byteorder fo, tl_dtype to,
                                  tl_byteorder too, tl_casting casting, int *out) {
  (void)cfg, (void)fo, (void)to, (void)too, (void)casting, (void)out;
  if (from->kind != TL_OPERAND_PYSCALAR) return TL__DECLINED;
  const tl_value_kind k = from->value.kind;
  return tl__error(TL_EUNSUPPORTED, "TypeError", "can_cast(): argument 'from_' (position 1) must be torch.dtype, not %s",
                   k == TL_VALUE_BOOL ? "bool" : k == TL_VALUE_INT ? "int" : k == TL_VALUE_FLOAT ? "float" : "complex");
}

const tl_rules tl__rules_torch = {
    "torch",
    "PyTorch: promote_types table (category + size), result_type with dim > 0-dim > Python-number priority",
    "torch 2.15.0",
    torch_domain,
    torch_promote_types,
    torch_result_type,
    torch_can_cast,
    torch_table_cell,
    NULL,
    NULL, /* fast_result_type */
    torch_can_cast_operand, /* can_cast_operand */
};
