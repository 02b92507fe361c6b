/* binary.c — promoted, broadcasting binary elementwise operations.
 *
 * Engine: the result dtype comes from the rule set (operation mode). Every
 * compute dtype C has a work dtype W that a C kernel handles (float16,
 * bfloat16, float8/6/4 -> float32; complex32 -> complex64; int2/int4 -> int8;
 * uint2/uint4 -> uint8; the rest are their own). The operands are walked row
 * by row (tl__iterate) and each row in blocks of at most 4 KiB of W: an
 * operand that is already W and contiguous is used in place, otherwise its
 * block is converted into stack scratch with the conversion kernels; the
 * same-dtype kernel runs on the blocks; a result that is not W (or not
 * contiguous) is converted from scratch into the output. Fused SIMD kernels
 * (binary_avx2.c, binary_avx512.c) take the common float32 mixed pairs in
 * one pass. docs/arrays.md has the semantics. */
#include "array_internal.h"
#include "convert_internal.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names ------------------------------------------------------------------ */

static const char *const binop_names[TL_NUM_BINOPS] = {"add",     "subtract", "multiply", "divide",
                                                        "maximum", "minimum",  "equal",    "less"};

const char *tl_binop_name(tl_binop op) {
  return (int)op >= 0 && op < TL_NUM_BINOPS ? binop_names[op] : "?";
}

int tl_binop_parse(const char *name, tl_binop *out) {
  static const struct {
    const char *n;
    tl_binop op;
  } alias[] = {{"sub", TL_BINOP_SUBTRACT}, {"mul", TL_BINOP_MULTIPLY}, {"div", TL_BINOP_DIVIDE},
               {"true_divide", TL_BINOP_DIVIDE}, {"max", TL_BINOP_MAXIMUM}, {"min", TL_BINOP_MINIMUM},
               {"eq", TL_BINOP_EQUAL}, {"lt", TL_BINOP_LESS}};
  if (!name || !out) return tl__error(TL_EINVAL, NULL, "tl_binop_parse: NULL %s", name ? "out" : "name");
  for (int i = 0; i < TL_NUM_BINOPS; i++)
    if (strcmp(name, binop_names[i]) == 0) {
      *out = (tl_binop)i;
      return tl__ok();
    }
  for (size_t i = 0; i < TL__COUNT(alias); i++)
    if (strcmp(name, alias[i].n) == 0) {
      *out = alias[i].op;
      return tl__ok();
    }
  return tl__error(TL_EPARSE, NULL,
                   "unknown binary operation '%s' (known: add, subtract, multiply, divide, maximum, minimum, equal, "
                   "less)",
                   name);
}

/* ---- SIMD tier ----------------------------------------------------------------- */

const char *tl_binary_tier(void) { return tl_convert_tier(); }

static int tier_now(void) {
  const char *t = tl_convert_tier();
  return strcmp(t, "avx512") == 0 ? 2 : strcmp(t, "avx2") == 0 ? 1 : 0;
}

#if !defined(TL_HAVE_X86)
tl__fused_fn tl__binary_avx2_fused(tl_binop op, tl_dtype a, tl_dtype b) {
  (void)op, (void)a, (void)b;
  return NULL;
}
tl__fused_fn tl__binary_avx512_fused(tl_binop op, tl_dtype a, tl_dtype b) {
  (void)op, (void)a, (void)b;
  return NULL;
}
#endif

/* ---- same-dtype kernels ----------------------------------------------------------
 * k(a, sa, b, sb, o, n): sa/sb are 1 (contiguous) or 0 (one broadcast value);
 * o is contiguous (W for arithmetic, bool bytes for comparisons). */
typedef void (*kern_fn)(const void *a, int sa, const void *b, int sb, void *o, size_t n);

#define LOOP(T, OT, EXPR)                                                                    \
  const T *A = av, *B = bv;                                                                 \
  OT *O = ov;                                                                               \
  if (sa && sb)                                                                             \
    for (size_t i = 0; i < n; i++) {                                                        \
      T x = A[i], y = B[i];                                                                 \
      O[i] = (OT)(EXPR);                                                                    \
    }                                                                                       \
  else if (sa) {                                                                            \
    const T y = B[0];                                                                       \
    for (size_t i = 0; i < n; i++) {                                                        \
      T x = A[i];                                                                           \
      O[i] = (OT)(EXPR);                                                                    \
    }                                                                                       \
  } else if (sb) {                                                                          \
    const T x = A[0];                                                                       \
    for (size_t i = 0; i < n; i++) {                                                        \
      T y = B[i];                                                                           \
      O[i] = (OT)(EXPR);                                                                    \
    }                                                                                       \
  } else {                                                                                  \
    const T x = A[0], y = B[0];                                                             \
    const OT r = (OT)(EXPR);                                                                \
    for (size_t i = 0; i < n; i++) O[i] = r;                                                \
  }

#define KERN(NAME, T, OT, EXPR)                                                              \
  static void NAME(const void *av, int sa, const void *bv, int sb, void *ov, size_t n) {   \
    LOOP(T, OT, EXPR)                                                                       \
  }

/* integers: wrap via the unsigned type U (no signed overflow, no promotion
 * of narrow unsigned types to int before a multiply) */
#define INT_KERNELS(TAG, T, U)                                                               \
  KERN(k_add_##TAG, T, T, (T)(U)((U)x + (U)y))                                              \
  KERN(k_sub_##TAG, T, T, (T)(U)((U)x - (U)y))                                              \
  KERN(k_mul_##TAG, T, T, (T)(U)((U)x * (U)y))                                              \
  KERN(k_max_##TAG, T, T, x >= y ? x : y)                                                   \
  KERN(k_min_##TAG, T, T, x <= y ? x : y)                                                   \
  KERN(k_eq_##TAG, T, uint8_t, x == y)                                                      \
  KERN(k_lt_##TAG, T, uint8_t, x < y)

INT_KERNELS(i8, int8_t, uint32_t)
INT_KERNELS(i16, int16_t, uint32_t)
INT_KERNELS(i32, int32_t, uint32_t)
INT_KERNELS(i64, int64_t, uint64_t)
INT_KERNELS(u8, uint8_t, uint32_t)
INT_KERNELS(u16, uint16_t, uint32_t)
INT_KERNELS(u32, uint32_t, uint32_t)
INT_KERNELS(u64, uint64_t, uint64_t)

/* bool: bytes, any nonzero is True */
KERN(k_or_b, uint8_t, uint8_t, (x != 0) | (y != 0))
KERN(k_and_b, uint8_t, uint8_t, (x != 0) & (y != 0))
KERN(k_eq_b, uint8_t, uint8_t, (x != 0) == (y != 0))
KERN(k_lt_b, uint8_t, uint8_t, (x == 0) & (y != 0))

/* floats: IEEE-754; maximum/minimum propagate NaN as np.maximum does
 * (x >= y || isnan(x) ? x : y) */
#define FLOAT_KERNELS(TAG, T)                                                                \
  KERN(k_add_##TAG, T, T, x + y)                                                            \
  KERN(k_sub_##TAG, T, T, x - y)                                                            \
  KERN(k_mul_##TAG, T, T, x * y)                                                            \
  KERN(k_div_##TAG, T, T, x / y)                                                            \
  KERN(k_max_##TAG, T, T, (x >= y || x != x) ? x : y)                                       \
  KERN(k_min_##TAG, T, T, (x <= y || x != x) ? x : y)                                       \
  KERN(k_eq_##TAG, T, uint8_t, x == y)                                                      \
  KERN(k_lt_##TAG, T, uint8_t, x < y)

FLOAT_KERNELS(f32, float)
FLOAT_KERNELS(f64, double)

/* complex: pairs of T. Multiplication as NumPy's SIMD loop: the products
 * fused, re = fma(xr, yr, -(xi*yi)), im = fma(xr, yi, xi*yr); division
 * Smith's algorithm as NumPy's loops; order is NumPy's lexicographic one. */
#define CX_LT(xr, xi, yr, yi) (((xr) < (yr) && (xi) == (xi) && (yi) == (yi)) || ((xr) == (yr) && (xi) < (yi)))
#define CX_GE(xr, xi, yr, yi) (((xr) > (yr) && (xi) == (xi) && (yi) == (yi)) || ((xr) == (yr) && (xi) >= (yi)))
#define CX_LE(xr, xi, yr, yi) (((xr) < (yr) && (xi) == (xi) && (yi) == (yi)) || ((xr) == (yr) && (xi) <= (yi)))

#define CX_KERN(NAME, T, OUT_CX, BODY)                                                       \
  static void NAME(const void *av, int sa, const void *bv, int sb, void *ov, size_t n) {   \
    const T *A = av, *B = bv;                                                               \
    const size_t ia = sa ? 2 : 0, ib = sb ? 2 : 0;                                          \
    for (size_t i = 0; i < n; i++) {                                                        \
      const T xr = A[i * ia], xi = A[i * ia + 1], yr = B[i * ib], yi = B[i * ib + 1];       \
      T rr, ri;                                                                             \
      uint8_t rb;                                                                           \
      BODY;                                                                                 \
      if (OUT_CX) {                                                                         \
        ((T *)ov)[2 * i] = rr;                                                              \
        ((T *)ov)[2 * i + 1] = ri;                                                          \
      } else                                                                                \
        ((uint8_t *)ov)[i] = rb;                                                            \
      (void)rr, (void)ri, (void)rb;                                                         \
    }                                                                                       \
  }

#define CX_DIV_BODY(T)                                                                       \
  {                                                                                          \
    const T br = (T)fabs((double)yr), bi = (T)fabs((double)yi); /* +0 for -0 (npy_fabs) */  \
    if (br >= bi) {                                                                          \
      if (br == 0 && bi == 0) {                                                              \
        rr = xr / br;                                                                        \
        ri = xi / br;                                                                        \
      } else {                                                                               \
        const T rat = yi / yr, scl = (T)1.0 / (yr + yi * rat);                               \
        rr = (xr + xi * rat) * scl;                                                          \
        ri = (xi - xr * rat) * scl;                                                          \
      }                                                                                      \
    } else {                                                                                 \
      const T rat = yr / yi, scl = (T)1.0 / (yi + yr * rat);                                 \
      rr = (xr * rat + xi) * scl;                                                            \
      ri = (xi * rat - xr) * scl;                                                            \
    }                                                                                        \
    rb = 0;                                                                                  \
  }

#define CX_KERNELS(TAG, T)                                                                   \
  CX_KERN(k_add_##TAG, T, 1, (rr = xr + yr, ri = xi + yi, rb = 0))                          \
  CX_KERN(k_sub_##TAG, T, 1, (rr = xr - yr, ri = xi - yi, rb = 0))                          \
  CX_KERN(k_mul_##TAG, T, 1, (rr = FMA_##TAG(xr, yr, -(xi * yi)), ri = FMA_##TAG(xr, yi, xi * yr), rb = 0)) \
  CX_KERN(k_div_##TAG, T, 1, CX_DIV_BODY(T))                                                \
  CX_KERN(k_max_##TAG, T, 1,                                                                \
          (rb = CX_GE(xr, xi, yr, yi) || xr != xr || xi != xi, rr = rb ? xr : yr, ri = rb ? xi : yi)) \
  CX_KERN(k_min_##TAG, T, 1,                                                                \
          (rb = CX_LE(xr, xi, yr, yi) || xr != xr || xi != xi, rr = rb ? xr : yr, ri = rb ? xi : yi)) \
  CX_KERN(k_eq_##TAG, T, 0, (rr = ri = 0, rb = xr == yr && xi == yi))                       \
  CX_KERN(k_lt_##TAG, T, 0, (rr = ri = 0, rb = CX_LT(xr, xi, yr, yi)))

#define FMA_c64 fmaf
#define FMA_c128 fma
CX_KERNELS(c64, float)
CX_KERNELS(c128, double)

/* JAX multiply of a bool array that is not broadcast by an inexact one:
 * XLA's CPU compiler rewrites convert(pred) * x as select(pred, x, 0)
 * (jaxlib 0.12: False * -2.0 is +0.0, False * inf and False * nan are 0,
 * True * (nan+0j) is nan+0j). The selector is the bool operand converted to
 * the work dtype (0 or 1); sela: a is the bool, selb: b. */
KERN(k_sela_f32, float, float, x != 0 ? y : 0.0f)
KERN(k_selb_f32, float, float, y != 0 ? x : 0.0f)
KERN(k_sela_f64, double, double, x != 0 ? y : 0.0)
KERN(k_selb_f64, double, double, y != 0 ? x : 0.0)
CX_KERN(k_sela_c64, float, 1, ((void)xi, rr = xr != 0 ? yr : 0.0f, ri = xr != 0 ? yi : 0.0f, rb = 0))
CX_KERN(k_selb_c64, float, 1, ((void)yi, rr = yr != 0 ? xr : 0.0f, ri = yr != 0 ? xi : 0.0f, rb = 0))
CX_KERN(k_sela_c128, double, 1, ((void)xi, rr = xr != 0 ? yr : 0.0, ri = xr != 0 ? yi : 0.0, rb = 0))
CX_KERN(k_selb_c128, double, 1, ((void)yi, rr = yr != 0 ? xr : 0.0, ri = yr != 0 ? xi : 0.0, rb = 0))

/* JAX's complex division: XLA's CPU code (jaxlib 0.12) is Smith's algorithm
 * with fused products and a division by the denominator (NumPy multiplies
 * by its reciprocal), and where that gives NaN + NaN i the C99 Annex G
 * recoveries: a zero denominator gives copysign(inf, yr) times x (the sign
 * of a -0 real part kept, unlike NumPy's division by |yr|), an infinite
 * numerator over a finite denominator and a finite one over an infinite
 * denominator their infinities / zeros. Bit-exact with jnp.divide on
 * 20,000 random complex64 and complex128 pairs and on every pair of
 * {0, -0, 0.7, 1.5, -2, 3e300, inf, -inf, nan} parts (6,561). */
/* Subnormals as zeros of their sign (XLA's CPU flushing, done in software
 * where an instruction might not honour MXCSR.DAZ) */
static inline float ftz_f32(float v) { return fabsf(v) < FLT_MIN ? copysignf(0.0f, v) : v; }
static inline double ftz_f64(double v) { return fabs(v) < DBL_MIN ? copysign(0.0, v) : v; }

/* (the operands flushed first: the run is under DAZ, but the tests of the
   recoveries are scalar compares) */
#define XDIV_BODY(T, FMA, FABS, FTZ)                                                         \
  {                                                                                          \
    T rat, den, nr, ni;                                                                      \
    const T ar = FTZ(xr), ai = FTZ(xi), br = FTZ(yr), bi = FTZ(yi);                           \
    if (FABS(br) < FABS(bi)) {                                                               \
      rat = br / bi, den = FMA(br, rat, bi), nr = FMA(ar, rat, ai), ni = FMA(ai, rat, -ar);  \
    } else {                                                                                 \
      rat = bi / br, den = FMA(bi, rat, br), nr = FMA(ai, rat, ar), ni = FMA(-ar, rat, ai);  \
    }                                                                                        \
    rr = nr / den, ri = ni / den;                                                            \
    if (rr != rr && ri != ri) {                                                              \
      const T inf = (T)INFINITY;                                                             \
      if (br == 0 && bi == 0 && (ar == ar || ai == ai)) {                                    \
        rr = copysign(inf, br) * ar, ri = copysign(inf, br) * ai;                            \
      } else if ((isinf(ar) || isinf(ai)) && isfinite(br) && isfinite(bi)) {                 \
        const T sr = copysign(isinf(ar) ? (T)1 : (T)0, ar), si = copysign(isinf(ai) ? (T)1 : (T)0, ai); \
        rr = inf * (sr * br + si * bi), ri = inf * (si * br - sr * bi);                      \
      } else if ((isinf(br) || isinf(bi)) && isfinite(ar) && isfinite(ai)) {                 \
        const T sr = copysign(isinf(br) ? (T)1 : (T)0, br), si = copysign(isinf(bi) ? (T)1 : (T)0, bi); \
        rr = (T)0 * (ar * sr + ai * si), ri = (T)0 * (ai * sr - ar * si);                    \
      }                                                                                      \
    }                                                                                        \
    rb = 0;                                                                                  \
  }
CX_KERN(k_xdiv_c64, float, 1, XDIV_BODY(float, fmaf, fabsf, ftz_f32))
CX_KERN(k_xdiv_c128, double, 1, XDIV_BODY(double, fma, fabs, ftz_f64))

/* PyTorch's complex multiply: the products rounded, then summed (its
 * Vectorized kernels: mul, then hsub/addsub; c10::complex's operator*):
 * re = xr*yr - xi*yi, im = xr*yi + xi*yr, no fused product. Bit-exact with
 * torch.mul on 5,000 random complex128 pairs (NumPy's fused form: 3,900). */
CX_KERN(k_pmul_c64, float, 1, (rr = xr * yr - xi * yi, ri = xr * yi + xi * yr, rb = 0))
CX_KERN(k_pmul_c128, double, 1, (rr = xr * yr - xi * yi, ri = xr * yi + xi * yr, rb = 0))

/* PyTorch's complex add and sub: a + alpha * b with alpha = 1 or -1 as a
 * complex, multiplied as c10::complex does (add_kernel's ufunc::add; sub is
 * add with -alpha): b's parts meet 0 * the other part, so a NaN or inf in
 * one part of b makes both NaN (torch (5+6j) + complex(nan, 0) is nan+nanj)
 * and a zero's sign can change */
CX_KERN(k_padd_c64, float, 1, (rr = xr + (1.0f * yr - 0.0f * yi), ri = xi + (1.0f * yi + 0.0f * yr), rb = 0))
CX_KERN(k_padd_c128, double, 1, (rr = xr + (1.0 * yr - 0.0 * yi), ri = xi + (1.0 * yi + 0.0 * yr), rb = 0))
CX_KERN(k_psub_c64, float, 1, (rr = xr + (-1.0f * yr - 0.0f * yi), ri = xi + (-1.0f * yi + 0.0f * yr), rb = 0))
CX_KERN(k_psub_c128, double, 1, (rr = xr + (-1.0 * yr - 0.0 * yi), ri = xi + (-1.0 * yi + 0.0 * yr), rb = 0))

/* TensorFlow's complex division: Eigen's vector pdiv_complex (its kernels
 * run complex64/128 in packets): the divisor scaled by the larger magnitude
 * of its parts, x times the scaled conjugate (products rounded, Eigen's
 * addsub), divided by the scaled |y|^2, then by the scale. Unlike NumPy's
 * Smith division it forms no reciprocal, so 7 / 1e38 is 7e-38 under the
 * runtime's flushing, not 0 (TensorFlow 2.21, measured); y = 0 is NaN. */
#define TDIV_BODY(T, FABS)                                                                    \
  {                                                                                           \
    const T ar = FABS(yr), ai = FABS(yi), m = ar > ai ? ar : ai;                              \
    const T sr = yr / m, si = yi / m, den = sr * sr + si * si;                                \
    const T pr = xr * sr - (-(xi * si)), pi = -(xr * si) + xi * sr;                           \
    rr = pr / den / m, ri = pi / den / m, rb = 0;                                             \
  }
CX_KERN(k_tdiv_c64, float, 1, TDIV_BODY(float, fabsf))
CX_KERN(k_tdiv_c128, double, 1, TDIV_BODY(double, fabs))

/* ... except for the output's last (size mod P) elements in C order, which
 * Eigen's executor leaves past its last whole packet (P = 4 complex64, 2
 * complex128 in TensorFlow's AVX build, whatever the broadcasting): those
 * are std::complex's scalar division, the C runtime's complex divide (libgcc
 * __divsc3/__divdc3): Smith's algorithm in the type's own precision, then
 * C99 Annex G's recovery of infinities and zeros from NaN + NaN i, all under
 * the runtime's flushing. TensorFlow 2.21, measured: 0 / (NaN - inf i) is
 * 0 there and NaN + NaN i in a packet, and finite quotients differ in the
 * last bit (Smith's 300 of 300 tails, the packet formula's not). */
#define TSDIV_BODY(T, FABS)                                                                   \
  {                                                                                           \
    T a = xr, b = xi, c = yr, d = yi, x, y;                                                   \
    if (FABS(c) < FABS(d)) {                                                                  \
      const T r = c / d, den = c * r + d;                                                     \
      x = (a * r + b) / den, y = (b * r - a) / den;                                           \
    } else {                                                                                  \
      const T r = d / c, den = d * r + c;                                                     \
      x = (b * r + a) / den, y = (b - a * r) / den;                                           \
    }                                                                                         \
    if (isnan(x) && isnan(y)) {                                                               \
      if (c == 0 && d == 0 && (!isnan(a) || !isnan(b))) {                                     \
        x = (T)copysign(INFINITY, c) * a, y = (T)copysign(INFINITY, c) * b;                   \
      } else if ((isinf(a) || isinf(b)) && isfinite(c) && isfinite(d)) {                     \
        a = (T)copysign(isinf(a) ? 1.0 : 0.0, a), b = (T)copysign(isinf(b) ? 1.0 : 0.0, b);   \
        x = (T)INFINITY * (a * c + b * d), y = (T)INFINITY * (b * c - a * d);                 \
      } else if ((isinf(c) || isinf(d)) && isfinite(a) && isfinite(b)) {                     \
        c = (T)copysign(isinf(c) ? 1.0 : 0.0, c), d = (T)copysign(isinf(d) ? 1.0 : 0.0, d);   \
        x = (T)0 * (a * c + b * d), y = (T)0 * (b * c - a * d);                               \
      }                                                                                       \
    }                                                                                         \
    rr = x, ri = y, rb = 0;                                                                   \
  }
CX_KERN(k_tsdiv_c64, float, 1, TSDIV_BODY(float, fabsf))
CX_KERN(k_tsdiv_c128, double, 1, TSDIV_BODY(double, fabs))

/* TensorFlow's complex multiply: in Eigen's packets (its AVX build's pmul)
 * the four products rounded, then added and subtracted (no FMA: NumPy's
 * loop, which the shared kernel follows, fuses one); past the last whole
 * packet std::complex's operator*, the C runtime's __mulsc3: the same
 * products, then C99 Annex G's recovery of infinities from NaN + NaN i.
 * TensorFlow 2.21, measured: 200 x 5 finite products bit-exact unfused,
 * (-2 - 0i) (inf + NaN i) NaN + NaN i in a packet and -inf + NaN i in the
 * tail (84 of 400 special pairs differ between the two places). */
#define TMUL_BODY(T) (rr = xr * yr - xi * yi, ri = xr * yi + xi * yr, rb = 0)
#define TSMUL_BODY(T)                                                                         \
  {                                                                                           \
    T a = xr, b = xi, c = yr, d = yi;                                                         \
    const T ac = a * c, bd = b * d, ad = a * d, bc = b * c;                                   \
    T x = ac - bd, y = ad + bc;                                                               \
    if (isnan(x) && isnan(y)) {                                                               \
      int recalc = 0;                                                                         \
      if (isinf(a) || isinf(b)) { /* the infinite factor boxed, NaNs in the other made 0 */   \
        a = (T)copysign(isinf(a) ? 1.0 : 0.0, a), b = (T)copysign(isinf(b) ? 1.0 : 0.0, b);   \
        if (isnan(c)) c = (T)copysign(0.0, c);                                                \
        if (isnan(d)) d = (T)copysign(0.0, d);                                                \
        recalc = 1;                                                                           \
      }                                                                                       \
      if (isinf(c) || isinf(d)) {                                                             \
        c = (T)copysign(isinf(c) ? 1.0 : 0.0, c), d = (T)copysign(isinf(d) ? 1.0 : 0.0, d);   \
        if (isnan(a)) a = (T)copysign(0.0, a);                                                \
        if (isnan(b)) b = (T)copysign(0.0, b);                                                \
        recalc = 1;                                                                           \
      }                                                                                       \
      if (!recalc && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) { /* overflow */     \
        if (isnan(a)) a = (T)copysign(0.0, a);                                                \
        if (isnan(b)) b = (T)copysign(0.0, b);                                                \
        if (isnan(c)) c = (T)copysign(0.0, c);                                                \
        if (isnan(d)) d = (T)copysign(0.0, d);                                                \
        recalc = 1;                                                                           \
      }                                                                                       \
      if (recalc) x = (T)INFINITY * (a * c - b * d), y = (T)INFINITY * (a * d + b * c);       \
    }                                                                                         \
    rr = x, ri = y, rb = 0;                                                                   \
  }
CX_KERN(k_tmul_c64, float, 1, TMUL_BODY(float))
CX_KERN(k_tmul_c128, double, 1, TMUL_BODY(double))
CX_KERN(k_tsmul_c64, float, 1, TSMUL_BODY(float))
CX_KERN(k_tsmul_c128, double, 1, TSMUL_BODY(double))

/* XLA's integer division (lax.div), which jnp.divide runs on int2/uint2:
 * JAX's to_inexact_dtype leaves them integers (jnp.divide(uint2 [1, 3, 0],
 * uint2 [2, 2, 0]) is [0, 1, 3]): truncated, x / 0 all ones (-1, or the
 * unsigned maximum, wrapped to the width by the conversion back), INT_MIN /
 * -1 INT_MIN; computed in int8/uint8 */
KERN(k_xidiv_i8, int8_t, int8_t, y == 0 ? (int8_t)-1 : (x == INT8_MIN && y == -1) ? x : (int8_t)(x / y))
KERN(k_xidiv_u8, uint8_t, uint8_t, y == 0 ? (uint8_t)0xFF : (uint8_t)(x / y))

/* XLA's complex compares (jnp.maximum, jnp.minimum, jnp.less): lexicographic
 * on (real, imag), subnormals read as zeros; maximum/minimum select x where
 * x > y (x < y), else y: a NaN in x is not propagated, a tie gives y */
#define XCX_GT(F) (F(xr) > F(yr) || (F(xr) == F(yr) && F(xi) > F(yi)))
#define XCX_LT(F) (F(xr) < F(yr) || (F(xr) == F(yr) && F(xi) < F(yi)))
CX_KERN(k_xmax_c64, float, 1, (rb = XCX_GT(ftz_f32), rr = rb ? xr : yr, ri = rb ? xi : yi))
CX_KERN(k_xmin_c64, float, 1, (rb = XCX_LT(ftz_f32), rr = rb ? xr : yr, ri = rb ? xi : yi))
CX_KERN(k_xlt_c64, float, 0, (rr = ri = 0, rb = XCX_LT(ftz_f32)))
CX_KERN(k_xmax_c128, double, 1, (rb = XCX_GT(ftz_f64), rr = rb ? xr : yr, ri = rb ? xi : yi))
CX_KERN(k_xmin_c128, double, 1, (rb = XCX_LT(ftz_f64), rr = rb ? xr : yr, ri = rb ? xi : yi))
CX_KERN(k_xlt_c128, double, 0, (rr = ri = 0, rb = XCX_LT(ftz_f64)))

/* JAX's maximum/minimum under XLA's flushing (see run): x where x > y
 * (x < y) or x is NaN, else y (y on a tie: max(1e-39, 0) in bfloat16 is 0,
 * the comparison reading the subnormal as 0); in float32/float64 the chosen
 * operand as the instruction read it, a subnormal as a zero of its sign
 * (flushed explicitly: x * 1, which would, is folded to x); in bfloat16
 * (computed in float32) as it was: min(1e-39, 1) is 1e-39 (TensorFlow,
 * whose runtime flushes too, flushes it there as well: 0) */
KERN(k_jmax_f32, float, float, ftz_f32((ftz_f32(x) > ftz_f32(y) || x != x) ? x : y))
KERN(k_jmin_f32, float, float, ftz_f32((ftz_f32(x) < ftz_f32(y) || x != x) ? x : y))
KERN(k_jmax_f64, double, double, ftz_f64((ftz_f64(x) > ftz_f64(y) || x != x) ? x : y))
KERN(k_jmin_f64, double, double, ftz_f64((ftz_f64(x) < ftz_f64(y) || x != x) ? x : y))
KERN(k_jmax_bf16, float, float, (ftz_f32(x) > ftz_f32(y) || x != x) ? x : y)
KERN(k_jmin_bf16, float, float, (ftz_f32(x) < ftz_f32(y) || x != x) ? x : y)
/* TensorFlow's maximum/minimum (Eigen, NaN propagated: x's, else y's):
 * float32/float64 in its packets as the kernels above (a tie, +-0 or a
 * subnormal against a zero, gives y, flushed); past the last whole packet
 * (the output's last size % 8 float32, % 4 float64 elements) its scalar
 * loop, where a tie gives x, flushed; bfloat16 gives x on a tie in both,
 * flushed in its packets (computed in float32) and as it was in the tail (%
 * 8: max(-9.2e-41, 0) is -9.2e-41 there, -0 in a packet). TensorFlow 2.21,
 * measured on the signed zeros, +-9.18e-41 (float64 +-9.18e-310), +-1 and
 * NaN in pairs, in both places. */
KERN(k_tsmax_f32, float, float, ftz_f32((ftz_f32(x) >= ftz_f32(y) || x != x) ? x : y))
KERN(k_tsmin_f32, float, float, ftz_f32((ftz_f32(x) <= ftz_f32(y) || x != x) ? x : y))
KERN(k_tsmax_f64, double, double, ftz_f64((ftz_f64(x) >= ftz_f64(y) || x != x) ? x : y))
KERN(k_tsmin_f64, double, double, ftz_f64((ftz_f64(x) <= ftz_f64(y) || x != x) ? x : y))
KERN(k_tmax_bf16, float, float, ftz_f32((ftz_f32(x) >= ftz_f32(y) || x != x) ? x : y))
KERN(k_tmin_bf16, float, float, ftz_f32((ftz_f32(x) <= ftz_f32(y) || x != x) ? x : y))
KERN(k_tsmax_bf16, float, float, (ftz_f32(x) >= ftz_f32(y) || x != x) ? x : y)
KERN(k_tsmin_bf16, float, float, (ftz_f32(x) <= ftz_f32(y) || x != x) ? x : y)
/* and its comparisons: subnormals read as zeros (XLA's vector compares
   honour DAZ; a scalar comiss does not, on Zen 5 at least, so the kernels
   flush in software rather than trust MXCSR) */
KERN(k_jeq_f32, float, uint8_t, ftz_f32(x) == ftz_f32(y))
KERN(k_jlt_f32, float, uint8_t, ftz_f32(x) < ftz_f32(y))
KERN(k_jeq_f64, double, uint8_t, ftz_f64(x) == ftz_f64(y))
KERN(k_jlt_f64, double, uint8_t, ftz_f64(x) < ftz_f64(y))
CX_KERN(k_jeq_c64, float, 0, (rr = ri = 0, rb = ftz_f32(xr) == ftz_f32(yr) && ftz_f32(xi) == ftz_f32(yi)))
CX_KERN(k_jeq_c128, double, 0, (rr = ri = 0, rb = ftz_f64(xr) == ftz_f64(yr) && ftz_f64(xi) == ftz_f64(yi)))

/* Work dtypes and their kernels, indexed [slot][op]. */
enum { W_B, W_I8, W_I16, W_I32, W_I64, W_U8, W_U16, W_U32, W_U64, W_F32, W_F64, W_C64, W_C128, W_COUNT };

#define INT_ROW(TAG) {k_add_##TAG, k_sub_##TAG, k_mul_##TAG, NULL, k_max_##TAG, k_min_##TAG, k_eq_##TAG, k_lt_##TAG}
#define FLT_ROW(TAG) {k_add_##TAG, k_sub_##TAG, k_mul_##TAG, k_div_##TAG, k_max_##TAG, k_min_##TAG, k_eq_##TAG, k_lt_##TAG}

static const kern_fn kernels[W_COUNT][TL_NUM_BINOPS] = {
    {k_or_b, NULL, k_and_b, NULL, k_or_b, k_and_b, k_eq_b, k_lt_b},
    INT_ROW(i8), INT_ROW(i16), INT_ROW(i32), INT_ROW(i64),
    INT_ROW(u8), INT_ROW(u16), INT_ROW(u32), INT_ROW(u64),
    FLT_ROW(f32), FLT_ROW(f64), FLT_ROW(c64), FLT_ROW(c128),
};

static const tl_dtype slot_dtype[W_COUNT] = {TL_BOOL,   TL_INT8,    TL_INT16,  TL_INT32,     TL_INT64,
                                             TL_UINT8,  TL_UINT16,  TL_UINT32, TL_UINT64,    TL_FLOAT32,
                                             TL_FLOAT64, TL_COMPLEX64, TL_COMPLEX128};

static int work_slot(tl_dtype c);

/* The select kernel of compute dtype c for the bool operand a (which 1) or
 * b (2), or NULL where JAX multiplies (see k_sela_f32): its CPU compiler
 * selects for float16/32/64, complex64/128 and the float6 formats, and
 * multiplies bfloat16, the float8 formats and float4_e2m1fn (measured). */
static kern_fn sel_kernel(tl_dtype c, int which) {
  switch (c) {
  case TL_FLOAT16: case TL_FLOAT32: case TL_FLOAT6_E2M3FN: case TL_FLOAT6_E3M2FN:
    return which == 1 ? k_sela_f32 : k_selb_f32;
  case TL_FLOAT64: return which == 1 ? k_sela_f64 : k_selb_f64;
  case TL_COMPLEX64: return which == 1 ? k_sela_c64 : k_selb_c64;
  case TL_COMPLEX128: return which == 1 ? k_sela_c128 : k_selb_c128;
  default: return NULL;
  }
}

static int work_slot(tl_dtype c) {
  switch (c) {
  case TL_BOOL: return W_B;
  case TL_INT2: case TL_INT4: case TL_INT8: return W_I8;
  case TL_INT1: case TL_INT3: case TL_INT5: case TL_INT6: case TL_INT7: return W_I8;
  case TL_INT16: return W_I16;
  case TL_INT32: return W_I32;
  case TL_INT64: return W_I64;
  case TL_UINT2: case TL_UINT4: case TL_UINT8: return W_U8;
  case TL_UINT1: case TL_UINT3: case TL_UINT5: case TL_UINT6: case TL_UINT7: return W_U8;
  case TL_UINT16: return W_U16;
  case TL_UINT32: return W_U32;
  case TL_UINT64: return W_U64;
  case TL_FLOAT64: return W_F64;
  case TL_COMPLEX32: case TL_BCOMPLEX32: case TL_COMPLEX64: return W_C64;
  case TL_COMPLEX128: return W_C128;
  default: return W_F32; /* float32 and every narrower float format */
  }
}

/* Whose numerics a rule set's binary operations follow: IEEE in the default
 * environment (NumPy, the Array API, Ivy), XLA's CPU code (JAX), TensorFlow's
 * runtime (flushing, Eigen's kernels), PyTorch's kernels. Derived from the
 * rule set's name once per call. */
typedef enum { NUM_IEEE, NUM_XLA, NUM_TF, NUM_TORCH } numerics;

static numerics numerics_of(const tl_config *cfg) {
  const char *rn = tl__rules_name_of(tl__cfg(cfg));
  return strncmp(rn, "jax", 3) == 0          ? NUM_XLA
         : strncmp(rn, "tensorflow", 10) == 0 ? NUM_TF
         : strcmp(rn, "torch") == 0           ? NUM_TORCH
                                              : NUM_IEEE;
}

/* Whether op runs a kernel of its own under N, whose type checks are not
 * those of `x + y` (TensorFlow's AddV2, PyTorch's add_stub) that operation
 * mode applies: TensorFlow's RealDiv, Maximum, Minimum, Equal, Less (its Sub
 * and Mul are checked as AddV2); PyTorch's all but add and sub. */
static int own_kernel(numerics N, tl_binop op) {
  if (op == TL_BINOP_ADD || op == TL_BINOP_SUBTRACT) return 0;
  return N == NUM_TORCH || (N == NUM_TF && op != TL_BINOP_MULTIPLY);
}

/* A 0-d array over the value at data (a constant operand: 1 for a
 * reciprocal, 0 for a filled comparison) */
static tl_array view0(tl_dtype d, void *data) {
  tl_array a;
  memset(&a, 0, sizeof a);
  a.dtype = d, a.ndim = 0, a.size = 1, a.data = data;
  return a;
}

/* ---- dtypes of an operation ------------------------------------------------------ */

static int check_arr(const char *fn, const tl_array *a, const char *what) {
  if (!a) return tl__error(TL_EINVAL, NULL, "%s: %s is NULL", fn, what);
  if (!tl__concrete(a->dtype) || a->ndim < 0 || a->ndim > TL_MAX_NDIM)
    return tl__error(TL_EINVAL, NULL, "%s: %s is not a valid array (dtype %d, ndim %d)", fn, what, (int)a->dtype,
                     a->ndim);
  if (!a->data && a->size > 0) return tl__error(TL_EINVAL, NULL, "%s: %s has no data", fn, what);
  if (a->dtype == TL_FLOAT4_E2M1FN_X2)
    return tl__error(TL_EUNSUPPORTED, "NotImplementedError",
                     "%s: %s is a float4_e2m1fn_x2 array (packed pairs): no arithmetic on it", fn, what);
  return TL_OK;
}

/* The operand a rule set sees for an array: weak arrays as weak arrays; a
 * strong 0-d array as a 0-d operand with its value (PyTorch's dimension
 * categories and NumPy 1's value-based casting look at 0-d-ness / values). */
static tl_operand operand_of(const tl_array *x) {
  tl_operand o = tl_operand_array(x->dtype, x->weak);
  if (x->weak || x->ndim != 0 || x->size != 1) return o;
  o.kind = TL_OPERAND_ZERODIM;
  const tl_dtype_info *in = tl__info(x->dtype);
  if (x->dtype == TL_BOOL) {
    o.value.kind = TL_VALUE_BOOL;
    o.value.lo = *(const unsigned char *)x->data != 0;
  } else if (in->kind == TL_KIND_INT || in->kind == TL_KIND_UINT) {
    int64_t v = 0;
    uint64_t u = 0;
    o.value.kind = TL_VALUE_INT;
    if (in->kind == TL_KIND_UINT) {
      tl__convert_scalar(x->dtype, x->data, 0, TL_UINT64, (char *)&u, 8, 1, 0);
      o.value.lo = u;
    } else {
      tl__convert_scalar(x->dtype, x->data, 0, TL_INT64, (char *)&v, 8, 1, 0);
      o.value.negative = v < 0;
      o.value.lo = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    }
  } else if (in->kind == TL_KIND_FLOAT) {
    o.value.kind = TL_VALUE_FLOAT;
    tl__convert_scalar(x->dtype, x->data, 0, TL_FLOAT64, (char *)&o.value.re, 8, 1, 0);
  } else {
    double c[2];
    o.value.kind = TL_VALUE_COMPLEX;
    tl__convert_scalar(x->dtype, x->data, 0, TL_COMPLEX128, (char *)c, 16, 1, 0);
    o.value.re = c[0], o.value.im = c[1];
  }
  o.has_value = 1;
  return o;
}

/* The dtype of an input: its array's, or its scalar operand's (TL_BOOL or a
 * weak kind for a Python scalar) */
static tl_dtype in_dtype(const tl_input *x) { return x->array ? x->array->dtype : x->scalar.dtype; }
static int is_pyint(const tl_input *x) {
  return !x->array && x->scalar.kind == TL_OPERAND_PYSCALAR && x->scalar.dtype == TL_WEAK_INT;
}
/* an integer array (a bool one too for true division: np.true_divide(bool x,
   2**64) is float64) */
static int is_int_array(const tl_input *x, tl_binop op) {
  return x->array && (tl_dtype_is_integer(x->array->dtype) || (op == TL_BINOP_DIVIDE && x->array->dtype == TL_BOOL));
}

/* TensorFlow's allowed-type lists of the Less and Maximum/Minimum kernels,
 * as their InvalidArgumentError prints them (TensorFlow 2.21, measured) */
static int tf_kernel_check(tl_binop op, tl_dtype c) {
  if (op != TL_BINOP_LESS && op != TL_BINOP_MAXIMUM && op != TL_BINOP_MINIMUM) return TL_OK;
  if (c != TL_BOOL && !tl_dtype_is_complex(c)) return TL_OK;
  return tl__error(TL_EPROMOTE, "InvalidArgumentError", "Value for attr 'T' of %s is not in the list of allowed values: %s",
                   tl__tf_dtype_name(c),
                   op == TL_BINOP_LESS ? "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"
                                       : "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64");
}

/* TensorFlow's kernel name of op, as its InvalidArgumentError names it */
static const char *tf_kernel(tl_binop op) {
  static const char *const k[TL_NUM_BINOPS] = {"AddV2", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "Equal", "Less"};
  return k[op];
}

/* TensorFlow without promotion between tensors: its classic mode, and
 * tf.math.less in every mode (measured, TensorFlow 2.21: in "all" mode
 * tf.less(int8 x, int16 y) is the InvalidArgumentError below while
 * tf.maximum(int8 x, int16 y) is int16). Two arrays must have one dtype,
 * which the kernel must take (x's first: tf.maximum(bool x, int8 y) names
 * bool). 1 if decided (*st the status, *c the dtype), 0 for the promotion. */
static int tf_exact(const tl_config *conf, tl_binop op, const tl_input *x, const tl_input *y, tl_dtype *c, int *st) {
  const int classic = strcmp(tl__rules_name_of(conf), "tensorflow") == 0;
  if ((!classic && op != TL_BINOP_LESS) || !x->array || !y->array || op == TL_BINOP_ADD) return 0;
  const tl_dtype a = x->array->dtype, b = y->array->dtype;
  if ((*st = tf_kernel_check(op, a)) != TL_OK) return 1;
  if (a != b) {
    if (op == TL_BINOP_DIVIDE)
      *st = tl__error(TL_EPROMOTE, "TypeError", "`x` and `y` must have the same dtype, got tf.%s != tf.%s.",
                      tl_dtype_name(a), tl_dtype_name(b));
    else
      *st = tl__error(TL_EPROMOTE, "InvalidArgumentError",
                      "cannot compute %s as input #1(zero-based) was expected to be a %s tensor but is a %s tensor "
                      "[Op:%s] name: ",
                      tf_kernel(op), tl__tf_dtype_name(a), tl__tf_dtype_name(b), tf_kernel(op));
    return 1;
  }
  if (op == TL_BINOP_SUBTRACT || op == TL_BINOP_MULTIPLY) return 0; /* same dtype: AddV2's checks */
  *c = a;
  *st = TL_OK;
  return 1;
}

/* The dtypes of op(x, y) (see tl_binary_inputs_dtypes); forced: the compute
 * dtype given (tl_binary_into's dtype) or TL_DTYPE_NONE. *konst (may be
 * NULL): -1, or the bool every element of the result is, without computing
 * (NumPy 2 compares an integer array with a Python int outside its range so:
 * np.less(uint8 x, 300) is all True). */
static int op_dtypes(const tl_config *cfg, tl_binop op, const tl_input *x, const tl_input *y, tl_dtype forced,
                     tl_result *compute, tl_result *result, int *konst) {
  int st;
  tl_result c;
  tl_config conf = *tl__cfg(cfg);
  conf.op = 1;
  const char *rn = tl__rules_name_of(&conf);
  const numerics N = numerics_of(&conf);
  const int jax = N == NUM_XLA, tf = N == NUM_TF, torch = N == NUM_TORCH;
  if (konst) *konst = -1;
  if (torch && op == TL_BINOP_SUBTRACT && (in_dtype(x) == TL_BOOL || in_dtype(y) == TL_BOOL))
    return tl__error(TL_EUNSUPPORTED, "NotImplementedError",
                     "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert "
                     "a mask, use the `~` or `logical_not()` operator instead.");
  if (forced != TL_DTYPE_NONE) {
    c.dtype = forced;
    c.weak = 0;
  } else {
    tl_operand ops[2] = {x->array ? operand_of(x->array) : x->scalar, y->array ? operand_of(y->array) : y->scalar};
    /* NumPy 2 compares an integer array with any Python int, and divides it
       by one in float64: no OverflowError (np.less(uint8 x, 300),
       np.true_divide(uint8 x, 300)) */
    const int np_pyint = strcmp(rn, "numpy") == 0 &&
                         (op == TL_BINOP_EQUAL || op == TL_BINOP_LESS || op == TL_BINOP_DIVIDE) &&
                         ((is_pyint(x) && is_int_array(y, op)) || (is_pyint(y) && is_int_array(x, op)));
    if (np_pyint) conf.op = 0;
    c.weak = 0;
    /* tf.math.less converts a Python number strictly into the tensor's dtype
       (tf.less(int64 t, -2.5) is "Cannot convert -2.5 to EagerTensor of
       dtype int64", as `-2.5 + t`, the reflected operator): that check,
       the number first (tf_less_cfg made conf classic) */
    if (tf && op == TL_BINOP_LESS && !x->array != !y->array) {
      const tl_operand rev[2] = {x->array ? ops[1] : ops[0], x->array ? ops[0] : ops[1]};
      tl_result chk;
      if ((st = tl_result_type(&conf, rev, 2, &chk)) != TL_OK) {
        if (strcmp(tl_errtype(), "TypeError") == 0) return st; /* the conversion's, not AddV2's type checks */
        tl_clear_error();
      }
    }
    const int exact = tf && tf_exact(&conf, op, x, y, &c.dtype, &st);
    if (!exact) st = tl_result_type(&conf, ops, 2, &c);
    /* op mode checks what `x + y` runs (TensorFlow's AddV2, PyTorch's
       add_stub); the other operations have kernels of their own: their
       dtype is the promotion's, checked below */
    if (st != TL_OK && !exact && own_kernel(N, op) && (st == TL_EPROMOTE || st == TL_EUNSUPPORTED)) {
      tl_config c0 = conf;
      c0.op = 0;
      tl_result c2;
      if (tf && in_dtype(x) == TL_BOOL && in_dtype(y) == TL_BOOL) { /* classic mode has no other notion */
        tl_clear_error();
        c.dtype = TL_BOOL, c.weak = 0, st = TL_OK;
      } else {
        char type[64], msg[512]; /* the first answer's error, if the second does not apply */
        snprintf(type, sizeof type, "%s", tl_errtype());
        snprintf(msg, sizeof msg, "%s", tl_errmsg());
        /* PyTorch's mul, div, maximum, minimum and eq have kernels for the
           barebones unsigned types add lacks (uint16 * uint16 is uint16) */
        if (tl_result_type(&c0, ops, 2, &c2) == TL_OK &&
            (c2.dtype == TL_BOOL || tl_dtype_is_complex(c2.dtype) ||
             (torch && (c2.dtype == TL_UINT16 || c2.dtype == TL_UINT32 || c2.dtype == TL_UINT64)))) {
          tl_clear_error();
          c = c2, st = TL_OK;
        } else {
          st = tl__error(st, type[0] ? type : NULL, "%s", msg);
        }
      }
    }
    if (st != TL_OK) return st;
    if (c.dtype == TL_OBJECT)
      return tl__error(TL_EUNSUPPORTED, "TypeError",
                       "%s: NumPy computes this in dtype=object (a Python int beyond 64 bits); typelattice has no "
                       "object arrays",
                       tl_binop_name(op));
    if (np_pyint && op != TL_BINOP_DIVIDE && konst) {
      const tl_value *v = is_pyint(x) ? &x->scalar.value : &y->scalar.value;
      const tl_dtype_info *in = tl__info(c.dtype);
      const int64_t lo = in->kind == TL_KIND_UINT ? 0 : in->bits >= 64 ? INT64_MIN : -((int64_t)1 << (in->bits - 1));
      const uint64_t hi = in->kind == TL_KIND_UINT ? (in->bits >= 64 ? UINT64_MAX : ((uint64_t)1 << in->bits) - 1)
                                                   : (uint64_t)(in->bits >= 64 ? INT64_MAX : ((int64_t)1 << (in->bits - 1)) - 1);
      if (!tl__value_fits(v, lo, hi))
        *konst = op == TL_BINOP_EQUAL ? 0 : is_pyint(y) ? !v->negative : v->negative;
    }
    if (tf && (st = tf_kernel_check(op, c.dtype)) != TL_OK) return st;
    if (torch && tl_dtype_is_complex(c.dtype) && (op == TL_BINOP_MAXIMUM || op == TL_BINOP_MINIMUM))
      return tl__error(TL_EUNSUPPORTED, "TypeError", "%s not implemented for complex tensors.",
                       op == TL_BINOP_MAXIMUM ? "maximum" : "minimum");
    if (torch && op == TL_BINOP_LESS &&
        (tl_dtype_is_complex(c.dtype) || c.dtype == TL_UINT16 || c.dtype == TL_UINT32 || c.dtype == TL_UINT64))
      return tl__error(TL_EUNSUPPORTED, "NotImplementedError", "\"lt_cpu\" not implemented for '%s'",
                       tl__torch_name(c.dtype));
    if (torch && ((c.dtype == TL_BCOMPLEX32 && op == TL_BINOP_MULTIPLY) ||
                  ((c.dtype == TL_BCOMPLEX32 || c.dtype == TL_COMPLEX32) && op == TL_BINOP_DIVIDE)))
      return tl__error(TL_EUNSUPPORTED, "NotImplementedError", "\"%s\" not implemented for '%s'",
                       op == TL_BINOP_MULTIPLY ? "mul_cpu" : "div_cpu", tl__torch_name(c.dtype));
    if (op == TL_BINOP_DIVIDE && !tl_dtype_is_inexact(c.dtype)) {
      if (jax) {
        /* JAX's dtypes.to_inexact_dtype: bool and ints of <= 32 bits ->
         * float32, 64-bit ints -> float64 (float32 with x64 off), except
         * int2/uint2, which it leaves as they are (integer division) */
        if (c.dtype != TL_INT2 && c.dtype != TL_UINT2)
          c.dtype = tl__info(c.dtype)->bits > 32 && conf.x64 ? TL_FLOAT64 : TL_FLOAT32;
      } else if (tf) {
        /* tf.math.truediv's table (math_ops._TRUEDIV_TABLE): 8- and 16-bit
           integers -> float32, 32- and 64-bit ones -> float64; no bool */
        if (c.dtype == TL_BOOL)
          return tl__error(TL_EUNSUPPORTED, "TypeError",
                           "Invalid dtype tf.bool in __truediv__. Expected one of {tf.uint8, tf.int8, tf.uint16, "
                           "tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, tf.bfloat16, tf.float16, tf.float32, "
                           "tf.float64, tf.complex64, tf.complex128}.");
        c.dtype = tl__info(c.dtype)->bits > 16 ? TL_FLOAT64 : TL_FLOAT32;
      } else if (torch) {
        /* torch.div of integers is the default float dtype (uint16 / uint16
           is float32, where promote_types(uint16, float32) is an error) */
        if ((st = tl_default_dtype(&conf, TL_KIND_FLOAT, &c.dtype)) != TL_OK) return st;
      } else if (strncmp(rn, "ivy", 3) == 0) {
        /* ivy.divide: an integer quotient is the default float dtype,
           precise mode or not (int32 / int32 is float32; Ivy 1.0.0.5) */
        if ((st = tl_default_dtype(&conf, TL_KIND_FLOAT, &c.dtype)) != TL_OK) return st;
      } else {
        tl_dtype f;
        if ((st = tl_default_dtype(&conf, TL_KIND_FLOAT, &f)) != TL_OK) return st;
        if ((st = tl_promote_types(&conf, c.dtype, f, &c.dtype)) != TL_OK) return st;
      }
    }
  }
  if (!tl__concrete(c.dtype))
    return tl__error(TL_EDTYPE, NULL, "%s: the compute dtype %s is not a concrete dtype", tl_binop_name(op),
                     tl_dtype_name(c.dtype));
  if (c.dtype == TL_BOOL && (op == TL_BINOP_SUBTRACT || op == TL_BINOP_DIVIDE))
    return tl__error(TL_EUNSUPPORTED, "TypeError",
                     "%s: boolean %s is not supported (NumPy, JAX and PyTorch refuse it); convert to an integer "
                     "dtype first",
                     tl_binop_name(op), op == TL_BINOP_SUBTRACT ? "subtract, the `-` operator," : "division");
  if (!tl_dtype_is_inexact(c.dtype) && op == TL_BINOP_DIVIDE && !(jax && (c.dtype == TL_INT2 || c.dtype == TL_UINT2)))
    return tl__error(TL_EUNSUPPORTED, "TypeError", "divide: true division needs an inexact compute dtype, not %s",
                     tl_dtype_name(c.dtype));
  if (compute) *compute = c;
  if (result) {
    /* comparisons keep the weak flag of the promoted inputs (JAX's lax.eq) */
    if (op == TL_BINOP_EQUAL || op == TL_BINOP_LESS) result->dtype = TL_BOOL, result->weak = c.weak;
    else *result = c;
  }
  return TL_OK;
}

static tl_input input_array(const tl_array *a) {
  tl_input in;
  memset(&in, 0, sizeof in);
  in.array = a;
  return in;
}

int tl_binary_dtypes(const tl_config *cfg, tl_binop op, const tl_array *a, const tl_array *b, tl_result *compute,
                     tl_result *result) {
  int st;
  if ((int)op < 0 || op >= TL_NUM_BINOPS) return tl__error(TL_EINVAL, NULL, "tl_binary_dtypes: invalid op %d", (int)op);
  if ((st = check_arr("tl_binary_dtypes", a, "a")) != TL_OK || (st = check_arr("tl_binary_dtypes", b, "b")) != TL_OK)
    return st;
  tl_result c = {TL_DTYPE_NONE, 0}, r = {TL_DTYPE_NONE, 0};
  const tl_input x = input_array(a), y = input_array(b);
  if ((st = op_dtypes(cfg, op, &x, &y, TL_DTYPE_NONE, &c, &r, NULL)) != TL_OK) return st;
  if (compute) *compute = c;
  if (result) *result = r;
  return tl__ok();
}

/* ---- the engine ---------------------------------------------------------------- */

#define TL__BLOCK 4096 /* bytes of scratch per operand */

typedef struct {
  tl_dtype A, B, C, W, O; /* operand, compute, work and output dtypes */
  ptrdiff_t csz;
  int a_via_c, b_via_c;   /* operand is rounded to C before widening to W */
  ptrdiff_t asz, bsz, wsz, osz, kosz; /* item sizes; kosz: kernel output item */
  tl_dtype KO;                        /* kernel output dtype (W or bool) */
  kern_fn kern;
  int nan_pos;                        /* float32 NaN results made positive before the output conversion */
  tl__fused_fn fused;                 /* contiguous f32 path, or NULL */
  tl__contig_fn cva, cvb, cvo, cvc;   /* SIMD conversions A->W, B->W, KO->O, C->W (or NULL) */
  size_t block;                       /* elements per block */
} engine;

static void conv_block(tl_dtype from, const char *src, ptrdiff_t ss, ptrdiff_t fsz, tl_dtype to, char *dst,
                       ptrdiff_t ds, ptrdiff_t tsz, size_t n, tl__contig_fn fast) {
  if (fast && ss == fsz && ds == tsz) fast(src, dst, n);
  else tl__convert_scalar(from, src, ss, to, dst, ds, n, 0);
}

/* Operand block -> W: directly, or (when the compute dtype C is narrower
 * than W and the operand is not C) rounded to C first, exactly as the
 * framework converts the operand to the promoted dtype before computing. */
static void load_block(const engine *E, tl_dtype from, int via_c, const char *src, ptrdiff_t ss, ptrdiff_t fsz,
                       char *dst, size_t m, tl__contig_fn fast, unsigned char *tmp) {
  if (!via_c) {
    conv_block(from, src, ss, fsz, E->W, dst, E->wsz, E->wsz, m, fast);
    return;
  }
  tl__convert_scalar(from, src, ss, E->C, (char *)tmp, E->csz, m, 0);
  conv_block(E->C, (const char *)tmp, E->csz, E->csz, E->W, dst, E->wsz, E->wsz, m, E->cvc);
}

static int engine_row(void *vctx, char *const *p, const ptrdiff_t *s, int64_t n64) {
  const engine *E = vctx;
  size_t n = (size_t)n64;
  _Alignas(64) unsigned char sa_buf[TL__BLOCK], sb_buf[TL__BLOCK], so_buf[TL__BLOCK], tmp[TL__BLOCK];
  if (E->fused && s[0] == E->asz && s[1] == E->bsz && s[2] == E->osz) {
    E->fused(p[0], p[1], p[2], n);
    return TL_OK;
  }
  /* broadcast operands (stride 0) are converted once per row */
  const int a_direct = !E->a_via_c && E->A == E->W && s[0] == E->wsz;
  const int b_direct = !E->b_via_c && E->B == E->W && s[1] == E->wsz;
  const int a_bcast = s[0] == 0, b_bcast = s[1] == 0;
  const int o_direct = E->KO == E->O && s[2] == E->osz;
  if (a_bcast && !a_direct) load_block(E, E->A, E->a_via_c, p[0], 0, E->asz, (char *)sa_buf, 1, NULL, tmp);
  if (b_bcast && !b_direct) load_block(E, E->B, E->b_via_c, p[1], 0, E->bsz, (char *)sb_buf, 1, NULL, tmp);
  for (size_t off = 0; off < n; off += E->block) {
    size_t m = n - off < E->block ? n - off : E->block;
    const void *ka, *kb;
    void *ko;
    if (a_bcast) ka = a_direct ? (const void *)p[0] : sa_buf;
    else if (a_direct) ka = p[0] + (ptrdiff_t)off * s[0];
    else {
      load_block(E, E->A, E->a_via_c, p[0] + (ptrdiff_t)off * s[0], s[0], E->asz, (char *)sa_buf, m, E->cva, tmp);
      ka = sa_buf;
    }
    if (b_bcast) kb = b_direct ? (const void *)p[1] : sb_buf;
    else if (b_direct) kb = p[1] + (ptrdiff_t)off * s[1];
    else {
      load_block(E, E->B, E->b_via_c, p[1] + (ptrdiff_t)off * s[1], s[1], E->bsz, (char *)sb_buf, m, E->cvb, tmp);
      kb = sb_buf;
    }
    ko = o_direct ? (void *)(p[2] + (ptrdiff_t)off * s[2]) : (void *)so_buf;
    E->kern(ka, !a_bcast, kb, !b_bcast, ko, m);
    if (E->nan_pos && !o_direct)
      for (size_t i = 0; i < m; i++) {
        float *v = (float *)(void *)so_buf + i;
        if (*v != *v) *v = NAN;
      }
    if (!o_direct)
      conv_block(E->KO, (const char *)so_buf, E->kosz, E->kosz, E->O, p[2] + (ptrdiff_t)off * s[2], s[2], E->osz, m,
                 E->cvo);
  }
  return TL_OK;
}

static tl__contig_fn simd_conv(int tier, tl_dtype from, tl_dtype to) {
  tl__contig_fn f = NULL;
  if (from == to) return NULL;
  if (tier >= 2) f = tl__avx512_kernel(from, to, 0);
  if (!f && tier >= 1) f = tl__avx2_kernel(from, to, 0);
  return f;
}

/* Which operand of a multiply under the JAX rule sets is a bool array of the
 * result's shape (1 a, 2 b; 0 none, or both bool): JAX selects there (see
 * k_sela_f32). A broadcast bool (lower rank, or a size-1 dimension
 * stretched: a Python bool times an array) is converted and multiplied. */
static int jax_bool_operand(numerics N, tl_binop op, const tl_array *a, const tl_array *b, int nd, const int64_t *shape) {
  if (N != NUM_XLA || op != TL_BINOP_MULTIPLY || (a->dtype == TL_BOOL) == (b->dtype == TL_BOOL)) return 0;
  const tl_array *p = a->dtype == TL_BOOL ? a : b;
  if (p->ndim != nd) return 0;
  for (int i = 0; i < nd; i++)
    if (p->shape[i] != shape[i]) return 0;
  return p == a ? 1 : 2;
}

/* Whether N computes C with subnormals flushed (DAZ + FTZ). XLA's CPU
   runtime and TensorFlow's do in what they compute in float32/float64:
   bfloat16 (via float32), float32, float64, complex. Not float16 or the
   narrow formats, whose values are normal in float32 and whose results XLA
   converts back without flushing (jnp.add(float16 6e-8, 0) is 6e-8;
   bfloat16 1e-39 + 0 is 0), except float8_e8m0fnu, whose 2^-127 is a
   float32 subnormal: flushed, 2^-127 * 2 is 0, which is NaN in
   float8_e8m0fnu (jnp.multiply) */
static int flushes(numerics N, tl_dtype C) {
  return (N == NUM_XLA || N == NUM_TF) && (C == TL_BFLOAT16 || C == TL_FLOAT32 || C == TL_FLOAT64 ||
                                           C == TL_COMPLEX64 || C == TL_COMPLEX128 || C == TL_FLOAT8_E8M0FNU);
}

/* The kernel of op in compute dtype C (work slot `slot`) under N, where N's
 * differs from the shared table's (k: the table's); sel: jax_bool_operand's
 * answer. */
static kern_fn framework_kernel(numerics N, tl_binop op, tl_dtype C, int slot, int sel, kern_fn k) {
  const kern_fn kse = sel ? sel_kernel(C, sel) : NULL;
  if (kse) return kse;
  if (N == NUM_TORCH && op == TL_BINOP_MULTIPLY && (slot == W_C64 || slot == W_C128))
    return slot == W_C64 ? k_pmul_c64 : k_pmul_c128;
  if (N == NUM_TORCH && (op == TL_BINOP_ADD || op == TL_BINOP_SUBTRACT) && (slot == W_C64 || slot == W_C128))
    return op == TL_BINOP_ADD ? (slot == W_C64 ? k_padd_c64 : k_padd_c128) : (slot == W_C64 ? k_psub_c64 : k_psub_c128);
  if (N == NUM_XLA && op == TL_BINOP_DIVIDE && (slot == W_C64 || slot == W_C128))
    return slot == W_C64 ? k_xdiv_c64 : k_xdiv_c128;
  if (N == NUM_TF && op == TL_BINOP_DIVIDE && (slot == W_C64 || slot == W_C128))
    return slot == W_C64 ? k_tdiv_c64 : k_tdiv_c128;
  if (N == NUM_TF && op == TL_BINOP_MULTIPLY && (slot == W_C64 || slot == W_C128))
    return slot == W_C64 ? k_tmul_c64 : k_tmul_c128;
  if (N == NUM_XLA && op == TL_BINOP_DIVIDE && (C == TL_INT2 || C == TL_UINT2))
    return C == TL_INT2 ? k_xidiv_i8 : k_xidiv_u8;
  if (N == NUM_XLA && (op == TL_BINOP_MAXIMUM || op == TL_BINOP_MINIMUM || op == TL_BINOP_LESS) &&
      (slot == W_C64 || slot == W_C128)) {
    const int c = slot == W_C64;
    return op == TL_BINOP_MAXIMUM ? (c ? k_xmax_c64 : k_xmax_c128)
           : op == TL_BINOP_MINIMUM ? (c ? k_xmin_c64 : k_xmin_c128)
                                    : (c ? k_xlt_c64 : k_xlt_c128);
  }
  if (!flushes(N, C)) return k;
  if (op == TL_BINOP_EQUAL)
    return slot == W_F32 ? k_jeq_f32 : slot == W_F64 ? k_jeq_f64 : slot == W_C64 ? k_jeq_c64 : k_jeq_c128;
  if (op == TL_BINOP_LESS && (slot == W_F32 || slot == W_F64)) return slot == W_F32 ? k_jlt_f32 : k_jlt_f64;
  if ((op == TL_BINOP_MAXIMUM || op == TL_BINOP_MINIMUM) && (slot == W_F32 || slot == W_F64)) {
    const int mx = op == TL_BINOP_MAXIMUM;
    if (C == TL_BFLOAT16 && N == NUM_TF) return mx ? k_tmax_bf16 : k_tmin_bf16;
    return C == TL_BFLOAT16 && N == NUM_XLA ? (mx ? k_jmax_bf16 : k_jmin_bf16)
           : slot == W_F32                  ? (mx ? k_jmax_f32 : k_jmin_f32)
                                            : (mx ? k_jmax_f64 : k_jmin_f64);
  }
  return k;
}

/* Run op over a, b (broadcast to out's shape) into out, computing in C with
 * N's numerics; sel: jax_bool_operand's answer; b_exact: b is converted to
 * the work dtype directly, not rounded to C first. */
static int run(tl_binop op, const tl_array *a, const tl_array *b, tl_dtype C, numerics N, int sel, int b_exact,
               tl_array *out) {
  engine E;
  memset(&E, 0, sizeof E);
  int slot = work_slot(C);
  E.A = a->dtype, E.B = b->dtype, E.C = C, E.W = slot_dtype[slot], E.O = out->dtype;
  E.csz = tl__info(C)->itemsize;
  E.a_via_c = E.A != C && C != E.W;
  E.b_via_c = E.B != C && C != E.W && !b_exact; /* b_exact: b enters W unrounded */
  E.kern = framework_kernel(N, op, C, slot, sel, kernels[slot][op]);
  const int ftz = flushes(N, C), own = E.kern != kernels[slot][op];
  /* XLA converts every NaN to float4_e2m1fn's 0x8 (-0); ml_dtypes, whose
     conversion tl_convert follows, a positive NaN only, and x86's 0 / 0 is a
     negative one: JAX's float4 0 / 0 is -0 */
  E.nan_pos = N == NUM_XLA && C == TL_FLOAT4_E2M1FN && E.W == TL_FLOAT32;
  if (!E.kern)
    return tl__error(TL_EUNSUPPORTED, "TypeError", "%s is not supported for %s", tl_binop_name(op), tl_dtype_name(C));
  E.KO = (op == TL_BINOP_EQUAL || op == TL_BINOP_LESS) ? TL_BOOL : E.W;
  E.asz = tl__info(E.A)->itemsize, E.bsz = tl__info(E.B)->itemsize, E.wsz = tl__info(E.W)->itemsize;
  E.osz = tl__info(E.O)->itemsize, E.kosz = tl__info(E.KO)->itemsize;
  E.block = (size_t)(TL__BLOCK / E.wsz);
  int tier = tier_now();
  E.cva = simd_conv(tier, E.A, E.W);
  E.cvb = simd_conv(tier, E.B, E.W);
  E.cvo = simd_conv(tier, E.KO, E.O);
  E.cvc = simd_conv(tier, C, E.W);
  if (C == TL_FLOAT32 && E.O == TL_FLOAT32 && op <= TL_BINOP_MINIMUM && !own) { /* fused: the table's kernels */
    if (tier >= 2) E.fused = tl__binary_avx512_fused(op, E.A, E.B);
    if (!E.fused && tier >= 1) E.fused = tl__binary_avx2_fused(op, E.A, E.B);
  }
  /* strides of a and b broadcast to out's shape */
  ptrdiff_t sa[TL_MAX_NDIM], sb[TL_MAX_NDIM];
  const int nd = out->ndim;
  for (int i = 0; i < nd; i++) {
    int ia = i - (nd - a->ndim), ib = i - (nd - b->ndim);
    sa[i] = (ia >= 0 && a->shape[ia] != 1) ? a->strides[ia] : 0;
    sb[i] = (ib >= 0 && b->shape[ib] != 1) ? b->strides[ib] : 0;
  }
  char *base[3] = {a->data, b->data, out->data};
  const ptrdiff_t *strides[3] = {sa, sb, out->strides};
  tl__fpenv env;
  tl__fpenv_enter(&env); /* NumPy's results under the default environment, whatever the caller's */
  /* JAX's and TensorFlow's: the operation flushed, its conversions as the
     instructions XLA and Eigen convert with do (float32 -> float64 under
     DAZ: a subnormal is 0; bfloat16 <-> float32 are bit operations: kept) */
  if (ftz) tl__fpenv_ftz();
  /* TensorFlow's complex division and multiply, and its maximum/minimum, past the last whole packet (P
     elements): those elements by its scalar loop's kernel, computed first into tb (out may be an input:
     its elements are read before the main pass writes them), stored after it */
  kern_fn tail = NULL;
  int64_t P = 0;
  if (N == NUM_TF) {
    static const struct {
      kern_fn packet, scalar;
      int P;
    } tails[] = {{k_tdiv_c64, k_tsdiv_c64, 4},   {k_tdiv_c128, k_tsdiv_c128, 2}, {k_tmul_c64, k_tsmul_c64, 4},
                 {k_tmul_c128, k_tsmul_c128, 2}, {k_jmax_f32, k_tsmax_f32, 8},   {k_jmin_f32, k_tsmin_f32, 8},
                 {k_jmax_f64, k_tsmax_f64, 4},   {k_jmin_f64, k_tsmin_f64, 4},   {k_tmax_bf16, k_tsmax_bf16, 8},
                 {k_tmin_bf16, k_tsmin_bf16, 8}};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++)
      if (E.kern == tails[i].packet) tail = tails[i].scalar, P = tails[i].P;
  }
  const int64_t nt = tail ? out->size % P : 0;
  _Alignas(16) unsigned char tb[8 * 16];
  ptrdiff_t to[8];
  int st = TL_OK;
  if (nt) {
    engine T = E;
    T.kern = tail, T.fused = NULL;
    for (int64_t k = 0; k < nt && st == TL_OK; k++) {
      ptrdiff_t o[3] = {0, 0, 0};
      for (int64_t i = nd - 1, rem = out->size - nt + k; i >= 0; i--) {
        const int64_t ix = rem % out->shape[i];
        rem /= out->shape[i];
        o[0] += (ptrdiff_t)ix * sa[i], o[1] += (ptrdiff_t)ix * sb[i], o[2] += (ptrdiff_t)ix * out->strides[i];
      }
      char *const p[3] = {base[0] + o[0], base[1] + o[1], (char *)tb + k * E.osz};
      const ptrdiff_t s[3] = {(ptrdiff_t)E.asz, (ptrdiff_t)E.bsz, (ptrdiff_t)E.osz};
      st = engine_row(&T, p, s, 1);
      to[k] = o[2];
    }
  }
  if (st == TL_OK) st = tl__iterate(nd, out->shape, 3, base, strides, engine_row, &E);
  for (int64_t k = 0; k < nt && st == TL_OK; k++) memcpy(base[2] + to[k], tb + k * E.osz, (size_t)E.osz);
  tl__fpenv_leave(&env);
  return st;
}

/* run() for op under cfg's rule set: a JAX divide in float16/32/64 by a
 * broadcast divisor is a times the divisor's reciprocal (XLA's CPU compiler
 * rewrites A / broadcast(B) as A * broadcast(1 / B): jnp.divide(x, 6.0) in
 * float32 is x * 0.16666667f, -21 / 6 -> -3.5000002; measured bit-exact for
 * scalar, size-1 and stretched divisors; complex divides directly); 1 / B
 * is computed on B's own elements, then multiplied (a bool numerator of the
 * result's shape then selects, jax_bool_operand). In bfloat16 the reciprocal
 * stays in float32 (flushed) and the product is rounded once: XLA computes
 * bfloat16 in float32 and keeps it between the two (int8 6 / bfloat16
 * 3.004e38 stretched over rows is 0: 1 / 3.004e38 is subnormal). */
static int run_op1(const tl_config *cfg, tl_binop op, const tl_array *a, const tl_array *b, tl_dtype C, int nd,
                   const int64_t *shape, int b_exact, tl_array *out) {
  const numerics N = numerics_of(cfg);
  /* XLA rewrites the division where the divisor is stretched over more
     elements than it has: not for jnp.divide(int32 [7], 3) (one element),
     nor for (1, 3) / (3,), whose divisor jnp only reshapes (measured) */
  const int bcast = b->size < out->size;
  /* complex: only a bool numerator of the result's shape shows the rewrite,
     as XLA's select (jnp.true_divide(bool [False, True], 0j) is [0j,
     inf+nanj]; measured) */
  const int cx_sel = (C == TL_COMPLEX64 || C == TL_COMPLEX128) && jax_bool_operand(N, TL_BINOP_MULTIPLY, a, b, nd, shape) == 1;
  if (!(N == NUM_XLA && op == TL_BINOP_DIVIDE && bcast &&
        (C == TL_FLOAT16 || C == TL_BFLOAT16 || C == TL_FLOAT32 || C == TL_FLOAT64 || cx_sel)))
    return run(op, a, b, C, N, jax_bool_operand(N, op, a, b, nd, shape), b_exact, out);
  double one_v = 1.0;
  tl_array one = view0(TL_FLOAT64, &one_v);
  tl_array *r;
  const int bf = C == TL_BFLOAT16;
  int st = tl__array_new("tl_binary", bf ? TL_FLOAT32 : C, b->ndim, b->shape, &r);
  if (st != TL_OK) return st;
  if ((st = run(TL_BINOP_DIVIDE, &one, b, C, N, 0, 0, r)) == TL_OK)
    st = run(TL_BINOP_MULTIPLY, a, r, C, N, jax_bool_operand(N, TL_BINOP_MULTIPLY, a, r, nd, shape), bf, out);
  tl_array_free(r);
  return st;
}

/* What an operand of dtype d goes through before XLA converts it to the
 * compute dtype C (jaxlib 0.12 on CPU, measured), or d itself:
 *   - with x64 off jnp.asarray makes a 64-bit array 32-bit (int64 wraps into
 *     int32, float64 rounds to float32): jnp.add(int64 [2**40 + 1], 0.0) is 1.0;
 *   - XLA converts 32- and 64-bit integers to bfloat16 and float8_e8m0fnu,
 *     and float64 to bfloat16 and float16, through float32 (rounding twice:
 *     int32 2**30 + 2**22 + 1 + bfloat16 0 is 2**30, not 2**30 + 2**23).
 * Chained: int64 with x64 off into bfloat16 is int32, then float32. */
static tl_dtype xla_via(const tl_config *cfg, tl_dtype d, tl_dtype C) {
  if (numerics_of(cfg) != NUM_XLA) return d;
  if (!tl__cfg(cfg)->x64) {
    const tl_dtype c = d == TL_INT64 ? TL_INT32 : d == TL_UINT64 ? TL_UINT32 : d == TL_FLOAT64 ? TL_FLOAT32
                       : d == TL_COMPLEX128 ? TL_COMPLEX64 : d;
    if (c != d) return c;
  }
  const int wide_int = d == TL_INT32 || d == TL_UINT32 || d == TL_INT64 || d == TL_UINT64;
  if ((wide_int && (C == TL_BFLOAT16 || C == TL_FLOAT8_E8M0FNU)) ||
      (d == TL_FLOAT64 && (C == TL_BFLOAT16 || C == TL_FLOAT16)))
    return TL_FLOAT32;
  return d;
}

/* The operand as XLA converts it (xla_via, repeated): *tmp a new array, or
 * NULL and the operand itself */
static int xla_operand(const tl_config *cfg, const tl_array *x, tl_dtype C, tl_array **tmp) {
  *tmp = NULL;
  for (tl_dtype d = x->dtype, v; (v = xla_via(cfg, d, C)) != d; d = v) {
    tl_array *n;
    int st = tl_array_astype(NULL, *tmp ? *tmp : x, v, TL_CASTING_UNSAFE, 0, &n);
    tl_array_free(*tmp);
    *tmp = NULL;
    if (st != TL_OK) return st;
    *tmp = n;
  }
  return TL_OK;
}

static int run_op(const tl_config *cfg, tl_binop op, const tl_array *a, const tl_array *b, tl_dtype C, int nd,
                  const int64_t *shape, int b_exact, tl_array *out) {
  if (numerics_of(cfg) != NUM_XLA) return run_op1(cfg, op, a, b, C, nd, shape, b_exact, out);
  tl_array *a2 = NULL, *b2 = NULL;
  int st = xla_operand(cfg, a, C, &a2);
  if (st == TL_OK && !b_exact) st = xla_operand(cfg, b, C, &b2);
  if (st == TL_OK) st = run_op1(cfg, op, a2 ? a2 : a, b2 ? b2 : b, C, nd, shape, b_exact, out);
  tl_array_free(a2);
  tl_array_free(b2);
  return st;
}

int tl_binary(const tl_config *cfg, tl_binop op, const tl_array *a, const tl_array *b, tl_array **out) {
  int st;
  if ((int)op < 0 || op >= TL_NUM_BINOPS) return tl__error(TL_EINVAL, NULL, "tl_binary: invalid op %d", (int)op);
  if ((st = check_arr("tl_binary", a, "a")) != TL_OK || (st = check_arr("tl_binary", b, "b")) != TL_OK) return st;
  if (!out) return tl__error(TL_EINVAL, NULL, "tl_binary: out is NULL");
  int nd;
  int64_t shape[TL_MAX_NDIM];
  if ((st = tl_broadcast_shapes(a->ndim, a->shape, b->ndim, b->shape, &nd, shape)) != TL_OK) return st;
  tl_result c = {TL_DTYPE_NONE, 0}, r = {TL_DTYPE_NONE, 0};
  const tl_input x = input_array(a), y = input_array(b);
  if ((st = op_dtypes(cfg, op, &x, &y, TL_DTYPE_NONE, &c, &r, NULL)) != TL_OK) return st;
  tl_array *o;
  if ((st = tl__array_new("tl_binary", r.dtype, nd, shape, &o)) != TL_OK) return st;
  o->weak = r.weak;
  if ((st = run_op(cfg, op, a, b, c.dtype, nd, shape, 0, o)) != TL_OK) {
    tl_array_free(o);
    return st;
  }
  *out = o;
  return tl__ok();
}

/* out has the broadcast shape (nd, shape) and no broadcast (zero-stride)
 * dimension: TL_OK, or TL_EINVAL (ValueError) naming both shapes */
static int check_out(tl_binop op, int nd, const int64_t *shape, const tl_array *out) {
  int same = nd == out->ndim;
  for (int i = 0; same && i < nd; i++) same = shape[i] == out->shape[i];
  if (!same) {
    char s1[32 * 22], s2[32 * 22];
    tl__shape_str(nd, shape, s1, sizeof s1);
    tl__shape_str(out->ndim, out->shape, s2, sizeof s2);
    return tl__error(TL_EINVAL, "ValueError", "%s: the result has shape %s but out has shape %s", tl_binop_name(op), s1,
                     s2);
  }
  for (int i = 0; i < nd; i++)
    if (out->strides[i] == 0 && out->shape[i] > 1)
      return tl__error(TL_EINVAL, "ValueError", "%s: out has a zero stride in dimension %d (a broadcast view)",
                       tl_binop_name(op), i);
  return TL_OK;
}

int tl_binary_into(const tl_config *cfg, tl_binop op, const tl_array *a, const tl_array *b, tl_dtype dtype,
                   tl_array *out) {
  int st;
  if ((int)op < 0 || op >= TL_NUM_BINOPS) return tl__error(TL_EINVAL, NULL, "tl_binary_into: invalid op %d", (int)op);
  if ((st = check_arr("tl_binary_into", a, "a")) != TL_OK || (st = check_arr("tl_binary_into", b, "b")) != TL_OK ||
      (st = check_arr("tl_binary_into", out, "out")) != TL_OK)
    return st;
  if (dtype != TL_DTYPE_NONE && !tl__concrete(dtype))
    return tl__error(TL_EDTYPE, NULL, "tl_binary_into: dtype %s is not a concrete dtype",
                     tl__valid_dtype(dtype) ? tl_dtype_name(dtype) : "(invalid)");
  int nd;
  int64_t shape[TL_MAX_NDIM];
  if ((st = tl_broadcast_shapes(a->ndim, a->shape, b->ndim, b->shape, &nd, shape)) != TL_OK) return st;
  if ((st = check_out(op, nd, shape, out)) != TL_OK) return st;
  tl_result c = {TL_DTYPE_NONE, 0}, r = {TL_DTYPE_NONE, 0};
  const tl_input x = input_array(a), y = input_array(b);
  if ((st = op_dtypes(cfg, op, &x, &y, dtype, &c, &r, NULL)) != TL_OK) return st;
  if (r.dtype != out->dtype)
    return tl__error(TL_EINVAL, "TypeError", "%s: the result dtype is %s but out has dtype %s", tl_binop_name(op),
                     tl_dtype_name(r.dtype), tl_dtype_name(out->dtype));
  if ((st = run_op(cfg, op, a, b, c.dtype, nd, shape, 0, out)) != TL_OK) return st;
  return tl__ok();
}

/* ---- operations on arrays and scalars ------------------------------------------------ */

static int check_input(const char *fn, const tl_input *x, const char *what) {
  if (!x) return tl__error(TL_EINVAL, NULL, "%s: %s is NULL", fn, what);
  if (x->array) return check_arr(fn, x->array, what);
  if ((x->scalar.kind != TL_OPERAND_PYSCALAR && x->scalar.kind != TL_OPERAND_SCALAR) || !x->scalar.has_value)
    return tl__error(TL_EINVAL, NULL, "%s: %s has no array and its scalar is not a Python or NumPy scalar with a value",
                     fn, what);
  if (x->scalar.kind == TL_OPERAND_SCALAR && !tl__concrete(x->scalar.dtype))
    return tl__error(TL_EINVAL, NULL, "%s: %s is a NumPy scalar of a dtype that is not concrete", fn, what);
  return TL_OK;
}

/* tf.math.less does not promote in any mode: with a Python number it takes
 * the classic conversion into the tensor's dtype (tf.less(-2.5, int64 t) is
 * "Cannot convert -2.5 to EagerTensor of dtype int64" in the "all" mode too;
 * float32 t < 2**31 works there; TensorFlow 2.21, measured). The classic rule
 * set for less under a TensorFlow rule set, in *own; cfg otherwise. */
static const tl_config *tf_less_cfg(const tl_config *cfg, tl_binop op, tl_config *own) {
  if (op != TL_BINOP_LESS || numerics_of(cfg) != NUM_TF) return cfg;
  *own = *tl__cfg(cfg);
  return tl_rules_find("tensorflow", &own->rules) == TL_OK ? own : cfg;
}

int tl_binary_inputs_dtypes(const tl_config *cfg, tl_binop op, const tl_input *x1, const tl_input *x2,
                            tl_result *compute, tl_result *result) {
  int st;
  if ((int)op < 0 || op >= TL_NUM_BINOPS)
    return tl__error(TL_EINVAL, NULL, "tl_binary_inputs_dtypes: invalid op %d", (int)op);
  if ((st = check_input("tl_binary_inputs_dtypes", x1, "x1")) != TL_OK ||
      (st = check_input("tl_binary_inputs_dtypes", x2, "x2")) != TL_OK)
    return st;
  tl_result c = {TL_DTYPE_NONE, 0}, r = {TL_DTYPE_NONE, 0};
  tl_config lc;
  if ((st = op_dtypes(tf_less_cfg(cfg, op, &lc), op, x1, x2, TL_DTYPE_NONE, &c, &r, NULL)) != TL_OK) return st;
  if (compute) *compute = c;
  if (result) *result = r;
  return tl__ok();
}

/* Whether framework N converts Python number v into dtype D through
 * float32 (a round trip the 0-d array of tl_promote_inputs, rounded once,
 * lacks):
 *   - XLA: with x64 off jnp makes a Python float a float32 first, so it
 *     rounds twice into every narrower float (1 + 2**-8 + 2**-30 + bfloat16
 *     0 is 1.0, 65519.99999999 + float16 0 is inf); with x64 on a float64
 *     goes through float32 into bfloat16 and float16 only (xla_via), and a
 *     Python int into bfloat16 and float8_e8m0fnu (jaxlib 0.12, measured);
 *   - PyTorch: c10::Half and c10::BFloat16 convert a double or an int64
 *     through float (bfloat16 [0] + (1 + 2**-8 + 2**-30) is 1.0, +
 *     (2**30 + 2**22 + 1) is 2**30; torch 2.15.0, measured). */
static int via_float32(const tl_config *cfg, numerics N, const tl_value *v, tl_dtype D) {
  const tl_dtype_info *in = tl__info(D);
  if (N == NUM_TORCH)
    return v->kind != TL_VALUE_BOOL && (D == TL_FLOAT16 || D == TL_BFLOAT16 || D == TL_COMPLEX32 || D == TL_BCOMPLEX32);
  if (N != NUM_XLA) return 0;
  if (v->kind == TL_VALUE_FLOAT || v->kind == TL_VALUE_COMPLEX)
    return in->kind == TL_KIND_FLOAT && in->itemsize < 4 && (!tl__cfg(cfg)->x64 || D == TL_BFLOAT16 || D == TL_FLOAT16);
  return v->kind == TL_VALUE_INT && (D == TL_BFLOAT16 || D == TL_FLOAT8_E8M0FNU);
}

/* The 0-d array *a of Python number v made again through float32 (or
 * complex64) when via_float32 says so (*a replaced) */
static int scalar_as_framework(const tl_config *cfg, numerics N, const tl_value *v, tl_array **a) {
  const tl_dtype D = (*a)->dtype;
  if (!via_float32(cfg, N, v, D)) return TL_OK;
  tl_array *f, *r;
  int st = tl_array_full(NULL, tl_dtype_is_complex(D) || v->kind == TL_VALUE_COMPLEX ? TL_COMPLEX64 : TL_FLOAT32, v, 0,
                         NULL, &f);
  if (st != TL_OK) return st;
  st = tl_array_astype(NULL, f, D, TL_CASTING_UNSAFE, 0, &r);
  tl_array_free(f);
  if (st != TL_OK) return st;
  r->weak = (*a)->weak;
  tl_array_free(*a);
  *a = r;
  return TL_OK;
}

/* The framework's 0-d arrays for the scalar inputs of op (as[i] NULL for an
 * array input): `x + 2` promotes the scalar with the other input
 * (tl_promote_inputs: JAX's weak types, NEP 50's checks, the wrapping of
 * Python ints); true division of an integer array takes a Python number in
 * the compute dtype C (jnp.true_divide(uint8 x, -7) and np.true_divide(uint8
 * x, 300) are x / -7.0, x / 300.0), except TensorFlow's, which converts it
 * into the array's dtype first (tf.math.truediv(int8 x, 300) is x / 44). */
static int scalar_arrays(const tl_config *cfg, tl_binop op, const tl_input *in, tl_dtype C, numerics N, tl_array **as) {
  int st = TL_OK;
  as[0] = as[1] = NULL;
  if (in[0].array && in[1].array) return TL_OK;
  const int si = in[0].array ? 1 : 0;
  /* NumPy 1.x: the value-based promotion made C wide enough for the number,
     and NumPy casts it to C directly (float32 0-d + 0.1 is float64 1.1, the
     0.1 not rounded to float32 first) */
  if (strcmp(tl__rules_name_of(tl__cfg(cfg)), "numpy1") == 0) {
    for (int i = 0; i < 2 && st == TL_OK; i++)
      if (!in[i].array) st = tl_array_full(cfg, C, &in[i].scalar.value, 0, NULL, &as[i]);
    if (st != TL_OK) tl_array_free(as[0]), tl_array_free(as[1]), as[0] = as[1] = NULL;
    return st;
  }
  /* JAX: a Python bool times an array of the result's shape selects there
     (jax_bool_operand): it stays a bool (jnp.multiply(False, 0-d -2.0) is +0) */
  if (N == NUM_XLA && op == TL_BINOP_MULTIPLY && in[si].scalar.dtype == TL_BOOL && in[1 - si].array &&
      in[1 - si].array->dtype != TL_BOOL)
    return tl_array_full(cfg, TL_BOOL, &in[si].scalar.value, 0, NULL, &as[si]);
  if (op == TL_BINOP_DIVIDE && N != NUM_TF && tl_dtype_is_inexact(C) && in[1 - si].array &&
      !tl_dtype_is_inexact(in[1 - si].array->dtype) &&
      in[si].scalar.value.kind != TL_VALUE_FLOAT && in[si].scalar.value.kind != TL_VALUE_COMPLEX)
    return tl_array_full(cfg, C, &in[si].scalar.value, 0, NULL, &as[si]);
  tl_array *pr[2] = {NULL, NULL};
  if ((st = tl_promote_inputs(cfg, in, 2, 0, pr)) == TL_OK) {
    for (int i = 0; i < 2; i++) {
      if (in[i].array) {
        tl_array_free(pr[i]);
        continue;
      }
      as[i] = pr[i];
      if ((st = scalar_as_framework(cfg, N, &in[i].scalar.value, &as[i])) != TL_OK) {
        tl_array_free(as[0]), tl_array_free(as[1]);
        as[0] = as[1] = NULL;
        return st;
      }
    }
    return TL_OK;
  }
  /* tl_promote_inputs checks what `x + 2` runs (AddV2, add_stub); the other
     operations have kernels of their own, checked by op_dtypes: the scalar
     as a value of C (torch.eq(bfloat16 x, 1j), torch uint16 x * 3) */
  if (!own_kernel(N, op) || (st != TL_EPROMOTE && st != TL_EUNSUPPORTED)) return st;
  tl_clear_error();
  return tl__array_full_wrap(cfg, C, &in[si].scalar.value, &as[si]); /* ints wrap, as both convert them */
}

/* Every element of out (bool) = k, by comparing two 0-d int8 zeros (equal:
 * true, less: false), broadcast */
static int fill_bool(const tl_config *cfg, int k, int nd, const int64_t *shape, tl_array *out) {
  int8_t z = 0;
  tl_array zero = view0(TL_INT8, &z);
  return run_op(cfg, k ? TL_BINOP_EQUAL : TL_BINOP_LESS, &zero, &zero, TL_INT8, nd, shape, 0, out);
}

/* PyTorch's CPU kernels for mul and div keep a scalar second operand
 * (a Python number, or any other 0-d tensor) in float32, their opmath type,
 * when they compute in float16 or bfloat16: half * 70000.0 is half(half *
 * 70000f), not half * half(70000) = inf (mul_kernel, div_true_kernel:
 * iter.original_scalar_value<opmath_t>). The scalar as a float32 0-d array,
 * or NULL where that does not apply. */
static int torch_opmath_scalar(const tl_config *cfg, tl_binop op, const tl_input *y, tl_dtype C, numerics N,
                               tl_array **b32) {
  *b32 = NULL;
  if (N != NUM_TORCH || (op != TL_BINOP_MULTIPLY && op != TL_BINOP_DIVIDE) || (C != TL_FLOAT16 && C != TL_BFLOAT16))
    return TL_OK;
  if (y->array) {
    if (y->array->ndim != 0 || y->array->dtype == C || tl_dtype_is_complex(y->array->dtype)) return TL_OK;
    return tl_array_astype(cfg, y->array, TL_FLOAT32, TL_CASTING_UNSAFE, 0, b32);
  }
  if (y->scalar.value.kind == TL_VALUE_COMPLEX) return TL_OK;
  return tl_array_full(cfg, TL_FLOAT32, &y->scalar.value, 0, NULL, b32);
}

/* PyTorch's `2 / t` is Tensor.__rtruediv__: t.reciprocal() * 2 (torch has
 * no scalar-first division): 1000 / int16 300 is float32(1 / 300) * 1000.
 * 1 if done (into out), 0 if it does not apply, or a negative status. */
static int torch_rdiv(const tl_config *cfg, const tl_input *x1, const tl_input *x2, tl_dtype rd, tl_array *out,
                      int *st) {
  const tl_dtype t = x2->array->dtype;
  tl_dtype R = t;
  if (!tl_dtype_is_inexact(t) && (*st = tl_default_dtype(cfg, TL_KIND_FLOAT, &R)) != TL_OK) return 1;
  tl_array *r;
  if ((*st = tl__array_new("tl_binary_inputs", R, x2->array->ndim, x2->array->shape, &r)) != TL_OK) return 1;
  double one_v = 1.0;
  tl_array one = view0(TL_FLOAT64, &one_v);
  if ((*st = run_op(cfg, TL_BINOP_DIVIDE, &one, x2->array, R, x2->array->ndim, x2->array->shape, 0, r)) == TL_OK) {
    tl_input rin;
    memset(&rin, 0, sizeof rin);
    rin.array = r;
    tl_result pr;
    if (tl_binary_inputs_dtypes(cfg, TL_BINOP_MULTIPLY, &rin, x1, NULL, &pr) != TL_OK || pr.dtype != rd) {
      tl_clear_error();
      tl_array_free(r);
      return 0; /* the quotient's dtype is not the product's: divide as it is */
    }
    *st = tl_binary_inputs(cfg, TL_BINOP_MULTIPLY, &rin, x1, TL_DTYPE_NONE, out);
  }
  tl_array_free(r);
  return 1;
}

int tl_binary_inputs(const tl_config *cfg, tl_binop op, const tl_input *x1, const tl_input *x2, tl_dtype dtype,
                     tl_array *out) {
  const char *fn = "tl_binary_inputs";
  int st;
  tl_config lc;
  cfg = tf_less_cfg(cfg, op, &lc);
  if ((int)op < 0 || op >= TL_NUM_BINOPS) return tl__error(TL_EINVAL, NULL, "%s: invalid op %d", fn, (int)op);
  if ((st = check_input(fn, x1, "x1")) != TL_OK || (st = check_input(fn, x2, "x2")) != TL_OK ||
      (st = check_arr(fn, out, "out")) != TL_OK)
    return st;
  if (dtype != TL_DTYPE_NONE && !tl__concrete(dtype))
    return tl__error(TL_EDTYPE, NULL, "%s: dtype %s is not a concrete dtype", fn,
                     tl__valid_dtype(dtype) ? tl_dtype_name(dtype) : "(invalid)");
  const int64_t none[1] = {0};
  int nd;
  int64_t shape[TL_MAX_NDIM];
  if ((st = tl_broadcast_shapes(x1->array ? x1->array->ndim : 0, x1->array ? x1->array->shape : none,
                                x2->array ? x2->array->ndim : 0, x2->array ? x2->array->shape : none, &nd, shape)) != TL_OK)
    return st;
  if ((st = check_out(op, nd, shape, out)) != TL_OK) return st;
  tl_result c, r;
  int konst;
  if ((st = op_dtypes(cfg, op, x1, x2, dtype, &c, &r, &konst)) != TL_OK) return st;
  if (r.dtype != out->dtype)
    return tl__error(TL_EINVAL, "TypeError", "%s: the result dtype is %s but out has dtype %s", tl_binop_name(op),
                     tl_dtype_name(r.dtype), tl_dtype_name(out->dtype));
  if (konst >= 0) return (st = fill_bool(cfg, konst, nd, shape, out)) == TL_OK ? tl__ok() : st;
  const numerics N = numerics_of(cfg);
  /* PyTorch's `2 + t` and `2 * t` are t.__radd__ / t.__rmul__: t + 2, t * 2,
     the scalar second (its alpha-multiplied complex add, its float32
     opmath scalar: 70000.0 * half [0.5] is 35008) */
  if (N == NUM_TORCH && (op == TL_BINOP_ADD || op == TL_BINOP_MULTIPLY) && !x1->array && x2->array) {
    const tl_input *t = x1;
    x1 = x2, x2 = t;
  }
  if (N == NUM_TORCH && op == TL_BINOP_DIVIDE && !x1->array && x2->array && dtype == TL_DTYPE_NONE &&
      torch_rdiv(cfg, x1, x2, r.dtype, out, &st))
    return st == TL_OK ? tl__ok() : st;
  const tl_input in[2] = {*x1, *x2};
  tl_array *as[2], *b32 = NULL;
  if ((st = scalar_arrays(cfg, op, in, c.dtype, N, as)) != TL_OK) return st;
  if ((st = torch_opmath_scalar(cfg, op, x2, c.dtype, N, &b32)) == TL_OK) {
    const tl_array *a = as[0] ? as[0] : x1->array, *b = b32 ? b32 : as[1] ? as[1] : x2->array;
    /* the run in c (the dtype the inputs promote to, not the 0-d arrays') */
    st = run_op(cfg, op, a, b, c.dtype, nd, shape, b32 != NULL, out);
  }
  tl_array_free(as[0]);
  tl_array_free(as[1]);
  tl_array_free(b32);
  return st == TL_OK ? tl__ok() : st;
}

#define SHORTHAND(NAME, OP)                                                                          \
  int NAME(const tl_config *cfg, const tl_array *a, const tl_array *b, tl_array **out) {             \
    return tl_binary(cfg, OP, a, b, out);                                                            \
  }
SHORTHAND(tl_add, TL_BINOP_ADD)
SHORTHAND(tl_subtract, TL_BINOP_SUBTRACT)
SHORTHAND(tl_multiply, TL_BINOP_MULTIPLY)
SHORTHAND(tl_divide, TL_BINOP_DIVIDE)
SHORTHAND(tl_maximum, TL_BINOP_MAXIMUM)
SHORTHAND(tl_minimum, TL_BINOP_MINIMUM)
SHORTHAND(tl_equal, TL_BINOP_EQUAL)
SHORTHAND(tl_less, TL_BINOP_LESS)
