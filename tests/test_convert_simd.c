/* test_convert_simd.c — the contiguous SIMD paths (native-integer widening and
 * narrowing, int -> float, -> bool, complex, the 8-bit in-register table
 * lookups, the streaming-store path for large outputs) against the scalar
 * tier: every source into every dtype, lengths around the vector widths
 * (tails), unaligned source and destination pointers, a destination that is
 * not even item-aligned, outputs large enough for streaming stores, and strided
 * calls (which must fall back and agree with the contiguous result). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "convert_internal.h" /* tl__avx2_kernel: which pairs have a kernel */
#include "typelattice.h"

static const char *const tiers[] = {"scalar", "avx2", "avx512"};

static int ntiers_avail(void) {
  int n = 0;
  for (int i = 0; i < 3; i++)
    if (tl_convert_set_tier(tiers[i]) == TL_OK) n = i + 1;
  return n;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static void fill(unsigned char *p, size_t bytes) {
  for (size_t i = 0; i < bytes; i++) p[i] = (unsigned char)next();
}

static size_t isz(tl_dtype d) { return (size_t)tl_dtype_get(d)->itemsize; }

/* Convert with every tier and compare with the scalar tier. */
static void compare_tiers(tl_dtype from, const unsigned char *src, tl_dtype to, size_t n, size_t doff,
                          unsigned flags, unsigned char *out, unsigned char *ref, int nt) {
  size_t ob = n * isz(to);
  for (int t = 0; t < nt; t++) {
    assert_int_equal(tl_convert_set_tier(tiers[t]), TL_OK);
    unsigned char *o = t == 0 ? ref : out;
    memset(o, 0xA5, ob + doff + 8);
    assert_int_equal(tl_convert_contiguous(from, src, to, o + doff, n, flags, NULL), TL_OK);
    if (t > 0 && memcmp(out, ref, ob + doff + 8) != 0) {
      size_t k = 0;
      while (k < ob + doff + 8 && out[k] == ref[k]) k++;
      fail_msg("tier %s differs from scalar: %s -> %s n=%zu doff=%zu flags=%u at byte %zu "
               "(element %zu)",
               tiers[t], tl_dtype_name(from), tl_dtype_name(to), n, doff, flags, k,
               (k - doff) / isz(to));
    }
  }
}

static void test_small_lengths(void **state) {
  (void)state;
  static const size_t lens[] = {16, 17, 31, 63, 64, 65, 127, 128, 129, 200, 255, 1000, 1037};
  enum { MAXN = 1037 };
  unsigned char *sbuf = malloc(MAXN * 16 + 64);
  unsigned char *out = malloc(MAXN * 16 + 64), *ref = malloc(MAXN * 16 + 64);
  int nt = ntiers_avail();
  for (int from = 0; from < TL_NUM_CONCRETE; from++) {
    for (int to = 0; to < TL_NUM_CONCRETE; to++) {
      if (to == from || tl_dtype_is_weak((tl_dtype)from) || tl_dtype_is_weak((tl_dtype)to) || ((from == TL_FLOAT4_E2M1FN_X2) != (to == TL_FLOAT4_E2M1FN_X2))) continue;
      for (size_t li = 0; li < sizeof lens / sizeof *lens; li++) {
        size_t n = lens[li], soff = li % 4, doff = (li * 3) % 5;
        fill(sbuf, MAXN * 16 + 64);
        compare_tiers((tl_dtype)from, sbuf + soff, (tl_dtype)to, n, doff, (li & 1) ? TL_CONVERT_SATURATE : 0,
                      out, ref, nt);
      }
    }
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(sbuf);
  free(out);
  free(ref);
}

/* Wider integers -> float8 through int8's route (tl__nb8_run): chunks of
 * 1024 whose values all fit int8 (unsigned: below 128) take it; a chunk with
 * one misfit anywhere (in its first 4 blocks, tested alone, or later, found
 * at the chunk's end after its codes were stored) goes to the pair's own
 * kernel with the next ones. Misfits that narrowing alone would hide: an
 * int64 whose low word fits (2^32 + 5), an int32 that saturates to int16
 * (65541), the extremes; both modes, lengths with tails, the tiers against
 * the scalar one. */
static void put_int(tl_dtype d, unsigned char *p, int64_t v) {
  switch (d) {
  case TL_INT16: { int16_t x = (int16_t)v; memcpy(p, &x, 2); break; }
  case TL_UINT16: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
  case TL_INT32: { int32_t x = (int32_t)v; memcpy(p, &x, 4); break; }
  case TL_UINT32: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
  default: memcpy(p, &v, 8); break;
  }
}
static void test_nb8_int8_runs(void **state) {
  (void)state;
  static const tl_dtype srcs[] = {TL_INT16, TL_UINT16, TL_INT32, TL_UINT32, TL_INT64, TL_UINT64};
  static const tl_dtype dsts[] = {TL_FLOAT8_E4M3FN, TL_FLOAT8_E4M3, TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E8M0FNU, TL_FLOAT8_E5M2,
                                  TL_FLOAT8_E5M2FNUZ};
  static const size_t lens[] = {1024, 4096 + 37, 20000};
  static const long at[] = {-1, 0, 100, 127, 128, 500, 1023, 1029, 3000, 19999};
  enum { MAXN = 20000 };
  unsigned char *src = malloc(MAXN * 8 + 64), *out = malloc(MAXN + 64), *ref = malloc(MAXN + 64);
  const int nt = ntiers_avail();
  for (size_t a = 0; a < sizeof srcs / sizeof *srcs; a++) {
    const tl_dtype from = srcs[a];
    const int sg = from == TL_INT16 || from == TL_INT32 || from == TL_INT64;
    const int64_t bad[] = {sg ? -129 : 128, 128, from == TL_INT16 || from == TL_UINT16 ? 32767 : 65541,
                           from == TL_INT64 || from == TL_UINT64 ? ((int64_t)1 << 32) + 5 : 255,
                           from == TL_INT64 ? INT64_MIN : from == TL_INT32 ? INT32_MIN : from == TL_INT16 ? -32768 : 200};
    for (size_t b = 0; b < sizeof dsts / sizeof *dsts; b++)
      for (size_t li = 0; li < sizeof lens / sizeof *lens; li++)
        for (size_t k = 0; k < sizeof at / sizeof *at; k++) {
          const size_t n = lens[li];
          if (at[k] >= (long)n) continue;
          for (size_t i = 0; i < n; i++) {
            const uint64_t r = next();
            /* [-128, 127] (unsigned: [0, 127]), the ends often */
            const int64_t v = (r & 7) == 0 ? (sg ? -128 : 0) : (r & 7) == 1 ? 127 : sg ? (int64_t)(r >> 8 & 255) - 128 : (int64_t)(r >> 8 & 127);
            put_int(from, src + i * isz(from), v);
          }
          if (at[k] >= 0) put_int(from, src + (size_t)at[k] * isz(from), bad[k % 5]);
          compare_tiers(from, src, dsts[b], n, 0, 0, out, ref, nt);
          compare_tiers(from, src, dsts[b], n, 0, TL_CONVERT_SATURATE, out, ref, nt);
        }
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(src);
  free(out);
  free(ref);
}

/* A NaN of float dtype c with random payload bits (quiet or signalling) and
 * sign at p (float16, bfloat16, float32, float64; other dtypes left alone). */
static void put_nan(tl_dtype c, unsigned char *p, uint64_t r) {
  int mbits = c == TL_FLOAT16 ? 10 : c == TL_BFLOAT16 ? 7 : c == TL_FLOAT32 ? 23 : c == TL_FLOAT64 ? 52 : 0;
  if (!mbits) return;
  int bits = 8 * (int)isz(c);
  uint64_t mant = r & ((1ull << mbits) - 1);
  uint64_t v = ((1ull << (bits - 1 - mbits)) - 1) << mbits | (mant ? mant : 1) | (r >> 63) << (bits - 1);
  memcpy(p, &v, isz(c)); /* little-endian */
}

/* Every ordered pair (same dtype and complex128 included) over a run long
 * enough for the block-wise paths (chained kernels through intermediates,
 * convert_plan.c) and a tail: a third random bits, a third small integers and
 * halves (ties), a third values around powers of two with NaN, inf and -0
 * (made in `from` by the scalar tier from float64); for 4- and 8-byte integer
 * sources half the random third is integers next to the rounding points of
 * the narrower formats. */
static void test_every_pair_blocks(void **state) {
  (void)state;
  enum { N = 3 * 1024 + 77 };
  unsigned char *src = malloc(N * 16 + 64), *out = malloc(N * 16 + 64), *ref = malloc(N * 16 + 64);
  double *vals = malloc(N * sizeof *vals);
  int nt = ntiers_avail();
  for (size_t i = 0; i < N; i++) {
    uint64_t r = next();
    switch (i % 3) {
    case 0: vals[i] = (double)((int64_t)(r % 1201) - 600) / ((r >> 20) & 1 ? 2.0 : 1.0); break;
    case 1: {
      int e = (int)((r >> 8) % 140) - 70;
      double m = 1.0 + (double)((r >> 16) % 64) / 64.0;
      vals[i] = ldexp((r & 1) ? -m : m, e);
      if (r % 97 == 0) vals[i] = (r & 2) ? NAN : -NAN;
      if (r % 89 == 0) vals[i] = (r & 2) ? INFINITY : -INFINITY;
      if (r % 83 == 0) vals[i] = (r & 2) ? 0.0 : -0.0;
      if (r % 79 == 0) vals[i] = ldexp((r & 2) ? 1.0 : -1.0, (int)((r >> 3) % 64)) + (double)((r >> 9) % 3) - 1.0;
      break;
    }
    default: vals[i] = 0; break;
    }
  }
  for (int from = 0; from < TL_NUM_CONCRETE; from++) {
    if (tl_dtype_is_weak((tl_dtype)from) || from == TL_FLOAT4_E2M1FN_X2) continue; /* x2: copies only */
    size_t fs = isz((tl_dtype)from);
    assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
    fill(src, N * 16 + 64);
    const tl_dtype_info *fi = tl_dtype_get((tl_dtype)from);
    int wide_int = (fi->kind == TL_KIND_INT || fi->kind == TL_KIND_UINT) && fs >= 4;
    for (size_t i = 0; i < N; i++) {
      if (i % 3 != 2) {
        assert_int_equal(tl_convert(TL_FLOAT64, &vals[i], 8, (tl_dtype)from, src + i * fs, (ptrdiff_t)fs, 1, 0, NULL), TL_OK);
      } else if (wide_int && i % 2) {
        /* M * 2^s + d, M of 9-10 bits, or odd of 25 bits (ties of float32), d in
           -1..1: around the rounding points of every narrower format, where
           rounding twice would go wrong */
        uint64_t r = next(), M = 256 + r % 768;
        int mb = 10;
        if ((r >> 32) & 1) M = (1ull << 24) | ((r >> 33) & 0xFFFFFF) | 1, mb = 25;
        int sh = (int)((r >> 10) % (uint64_t)(fi->bits - mb));
        uint64_t v = (M << sh) + ((r >> 20) % 3) - 1;
        if (fi->kind == TL_KIND_INT && ((r >> 30) & 1)) v = (uint64_t)0 - v;
        memcpy(src + i * fs, &v, fs); /* little-endian low bytes */
      }
    }
    /* complex: imaginary parts from other values of the structured thirds
       (the conversion from float64 gives +0) */
    tl_dtype comp = fi->kind == TL_KIND_COMPLEX ? fi->component : (tl_dtype)from;
    size_t cs = isz(comp);
    if (fi->kind == TL_KIND_COMPLEX)
      for (size_t i = 0; i < N; i++)
        if (i % 3 != 2)
          assert_int_equal(tl_convert(TL_FLOAT64, &vals[(7 * i + 1) % N], 8, comp, src + i * fs + cs, (ptrdiff_t)cs, 1, 0, NULL), TL_OK);
    /* float and complex: NaNs with random payloads (quiet or signalling) and
       signs, in the real part, the imaginary part or both */
    for (size_t i = 1; i < N; i += 3) {
      uint64_t r = next();
      if (r % 32) continue;
      for (size_t k = 0; k < fs / cs; k++)
        if (fs == cs || ((r >> 5) % 3) != k) put_nan(comp, src + i * fs + k * cs, next());
    }
    for (int to = 0; to < TL_NUM_CONCRETE; to++)
      for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE)
        if (!(tl_dtype_is_weak((tl_dtype)from) || tl_dtype_is_weak((tl_dtype)to) || ((from == TL_FLOAT4_E2M1FN_X2) != (to == TL_FLOAT4_E2M1FN_X2)))) compare_tiers((tl_dtype)from, src, (tl_dtype)to, N, 0, flags, out, ref, nt);
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(vals);
  free(src);
  free(out);
  free(ref);
}

/* float64 into the 16-bit formats where rounding twice goes wrong: each
 * block of 32 holds mostly harmless values and a few float64 values on or
 * next to a midpoint between two neighbouring bfloat16 (float16) values,
 * normal or subnormal (exactly on it, or a float32 half-ulp or less above or below, so that a
 * float32 rounding would land on it), or in float32's subnormal range (which
 * VCVTNE2PS2BF16 flushes), with random signs; every tier is compared with the
 * scalar one. */
static void test_f64_midpoints_blocks(void **state) {
  (void)state;
  enum { N = 64 * 1024 };
  double *v = malloc(N * sizeof *v);
  unsigned char *out = malloc(N * 8 + 64), *ref = malloc(N * 8 + 64);
  int nt = ntiers_avail();
  static const tl_dtype tos[] = {TL_BFLOAT16, TL_FLOAT16, TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2, TL_FLOAT32, TL_COMPLEX64};
  for (size_t t = 0; t < sizeof tos / sizeof *tos; t++) {
    const int f32 = tos[t] == TL_FLOAT32 || tos[t] == TL_COMPLEX64;
    const int mant = tos[t] == TL_BFLOAT16 ? 7 : tos[t] == TL_FLOAT16 ? 10 : tos[t] == TL_FLOAT8_E4M3FN ? 3 : f32 ? 23 : 2;
    for (size_t i = 0; i < N; i++) {
      uint64_t r = next();
      int e = (int)(r % 60) - 30;
      if (tos[t] == TL_BFLOAT16) e = (int)(r % 250) - 125;
      /* a midpoint: (2^mant + k + 1/2) * 2^(e - mant) */
      double k = (double)((r >> 8) % (1u << mant));
      double m = ldexp((double)(1 << mant) + k + 0.5, e - mant);
      if (((r >> 50) & 3) == 0 && (tos[t] == TL_BFLOAT16 || tos[t] == TL_FLOAT16)) /* between subnormals (k = 0: 0 and the smallest) */
        m = ldexp(k + 0.5, tos[t] == TL_BFLOAT16 ? -133 : -24);
      /* blocks of 32 (one kernel step): plain values, or with one float32
         subnormal, or with one value on / next to a midpoint, or mixed */
      const size_t blk = i / 32, pos = i % 32, special = (blk * 7) % 32;
      unsigned kind = (unsigned)((r >> 20) % 8);
      if (blk % 4 == 0) kind = blk % 8 == 0 && pos == special ? 5 : 7; /* 5: past bfloat16's largest finite */
      else if (blk % 4 == 1) kind = pos == special ? 4 : 7;
      else if (blk % 4 == 2) kind = pos == special ? (unsigned)((r >> 20) % 4) : 7;
      switch (kind) {
      case 0: v[i] = m; break;
      case 1: v[i] = m * (1.0 + ldexp(1.0, -30)); break; /* above, inside float32's half ulp */
      case 2: v[i] = m * (1.0 - ldexp(1.0, -30)); break;
      case 3: v[i] = m * (1.0 + ldexp(1.0, -52)); break;
      case 4: v[i] = ldexp(1.0 + (double)(r >> 40) / 16777216.0, -127 - (int)((r >> 24) % 24)); break; /* float32 subnormal */
      case 5: /* float32: around (2 - 2^-24) * 2^128, the midpoint past FLT_MAX (below: FLT_MAX; on, above: inf, or
                 FLT_MAX saturating) */
        v[i] = f32 ? ldexp(2.0 - ldexp(1.0, -24) + ldexp((double)((int)((r >> 41) % 5) - 2), -40), 127)
                   : ldexp(1.99609375 + (double)(r >> 41) / 1073741824.0, tos[t] == TL_BFLOAT16 ? 127 : 15);
        break;
      default: v[i] = ldexp(1.0 + (double)(r >> 12) / 4503599627370496.0, e); break;
      }
      if ((r >> 30) & 1) v[i] = -v[i];
    }
    for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE)
      compare_tiers(TL_FLOAT64, (const unsigned char *)v, tos[t], N, 0, flags, out, ref, nt);
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(v);
  free(out);
  free(ref);
}

/* float64 / complex128 -> float16 / complex32, float64 -> bfloat16 on the
   doubles' high words (tl__d16hu's steps of 16, rounding half up, even ties
   in the high word sent to the general route): runs of values whose result
   is normal or zero, among them exact midpoints of the target and values a
   little above and below them in the low word alone, with a value that must
   take the general route now and then (below the smallest normal, past the
   largest finite, +-inf, NaN, subnormal midpoints), far enough apart that
   the fast steps resume after each, and at every phase against the step. */
static void test_d16_fast_blocks(void **state) {
  (void)state;
  enum { N = 24 * 1024 };
  double *v = malloc(N * sizeof *v);
  unsigned char *out = malloc(N * 4 + 64), *ref = malloc(N * 4 + 64);
  int nt = ntiers_avail();
  for (int round = 0; round < 6; round++) {
    const int bf = round >= 3, M = bf ? 7 : 10;
    for (size_t i = 0; i < N; i++) {
      const uint64_t r = next();
      const int e = bf ? (int)(r % 250) - 125 : (int)(r % 30) - 14; /* normal binades */
      const double k = (double)((r >> 8) % (1u << M)), m = ldexp((double)(1 << M) + k + 0.5, e - M);
      switch ((r >> 20) % 8) {
      case 0: v[i] = m; break;
      case 1: { /* the midpoint with one low-word bit more or less */
        uint64_t b;
        memcpy(&b, &m, 8);
        b += (r >> 40) & 1 ? 1 : (uint64_t)-1;
        memcpy(&v[i], &b, 8);
        break;
      }
      case 2: v[i] = 0.0; break;
      default: v[i] = ldexp(1.0 + (double)(r >> 12) / 4503599627370496.0, e); break;
      }
      if ((r >> 30) & 1) v[i] = -v[i];
      if (next() % (round % 3 == 0 ? 700 : round % 3 == 1 ? 90 : 5000) == 0) { /* one for the general route */
        static const double special[] = {1e-5,    6.0e-8,   65520.0, 65519.0, 70000.0,  131071.0, 1e300,
                                         2.9802322387695312e-08, 1e-320, 6.103515625e-05, 6.1e-05, 4.5e-05, 3.1e-05};
        static const double special_bf[] = {1e-39, 1.1754943508222875e-38, 1.17e-38, 9e-41, 1e-45,
                                            3.3895313892515355e+38, 3.3961775292304172e+38, 3.4e38, 1e300};
        const double *sp = bf ? special_bf : special;
        const size_t ns = bf ? sizeof special_bf / sizeof *special_bf : sizeof special / sizeof *special;
        const uint64_t q = next() % (ns + 3);
        v[i] = q < ns ? sp[q] : q == ns ? INFINITY : q == ns + 1 ? -INFINITY : NAN;
      }
    }
    for (size_t off = 0; off < 3; off++) {
      if (bf) {
        compare_tiers(TL_FLOAT64, (const unsigned char *)(v + off), TL_BFLOAT16, N - off, off, 0, out, ref, nt);
        compare_tiers(TL_FLOAT64, (const unsigned char *)(v + off), TL_BCOMPLEX32, N - off, 2 * off, 0, out, ref, nt);
        compare_tiers(TL_COMPLEX128, (const unsigned char *)(v + 2 * off), TL_BCOMPLEX32, N / 2 - off, off, 0, out, ref, nt);
        continue;
      }
      compare_tiers(TL_FLOAT64, (const unsigned char *)(v + off), TL_FLOAT16, N - off, off, 0, out, ref, nt);
      compare_tiers(TL_FLOAT64, (const unsigned char *)(v + off), TL_COMPLEX32, N - off, 2 * off, 0, out, ref, nt);
      compare_tiers(TL_COMPLEX128, (const unsigned char *)(v + 2 * off), TL_COMPLEX32, N / 2 - off, off, 0, out, ref, nt);
      compare_tiers(TL_FLOAT64, (const unsigned char *)(v + off), TL_FLOAT16, N - off, off, TL_CONVERT_SATURATE, out, ref, nt);
    }
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(v);
  free(out);
  free(ref);
}

/* The float8/6/4 formats with a sign, mantissa and exponent (the catalogue's
   float4_e2m1fn .. float8_e5m2fnuz; not e8m0), and the largest exponent of a
   finite value: the all-ones field is inf/NaN only in the IEEE family. */
enum { FIRST_NARROW = TL_FLOAT4_E2M1FN, LAST_NARROW = TL_FLOAT8_E5M2FNUZ };
static int narrow_emax(const tl__ffmt *F) { return (1 << F->E) - (F->fam == TL__FAM_IEEE ? 2 : 1) - F->bias; }

/* x as a float32 (past the largest finite: inf of its sign, rather than a
   conversion C leaves undefined) */
static float narrow_f32(double x) { return fabs(x) > FLT_MAX ? (x < 0 ? -INFINITY : INFINITY) : (float)x; }

/* float64, complex128, float32 and complex64 into every float8/6/4 format,
 * in blocks of 32 as the kernels step: values on a midpoint of the target
 * (normal, subnormal, the overflow threshold) or next to one (a float32
 * half-ulp or less away, or the neighbouring double, which differs in the
 * low word alone; from float32: 2^-20 relative, or the neighbouring
 * float32), around the smallest normal, double subnormals (high word 0),
 * values around 2^-126 (float32 subnormals), zeros, huge values, plain ones;
 * some blocks with one inf or NaN; the imaginary parts random, NaN among
 * them. Every tier against the scalar one, with and without saturation. */
static void test_f64_narrow_blocks(void **state) {
  (void)state;
  enum { N = 8192 };
  static const tl_dtype srcs[] = {TL_FLOAT64, TL_COMPLEX128, TL_FLOAT32, TL_COMPLEX64};
  double *v = malloc(2 * N * sizeof *v);
  float *fv = malloc(2 * N * sizeof *fv);
  unsigned char *out = malloc(N + 64), *ref = malloc(N + 64);
  int nt = ntiers_avail();
  for (int f = FIRST_NARROW; f <= LAST_NARROW; f++) {
    const tl__ffmt *F = tl__ffmt_of((tl_dtype)f);
    const int M = F->M, emin = 1 - F->bias, emax = narrow_emax(F);
    for (int si = 0; si < 4; si++) {
      const int cx = srcs[si] == TL_COMPLEX128 || srcs[si] == TL_COMPLEX64, f32 = si >= 2;
      double *re = v;
      for (size_t i = 0; i < N; i++) {
        const uint64_t r = next(), r2 = next();
        const double frac = (double)(r2 >> 12) / 4503599627370496.0; /* [0, 1) */
        const double k = (double)((r >> 8) % (1u << M));
        /* blocks of 32 (one kernel step): plain values (normal results or
           zero) with one inf / NaN / value past the largest finite, or with
           one value of any kind; plain values and normal midpoints; any */
        const size_t blk = i / 32, pos = i % 32, special = (blk * 7) % 32;
        unsigned kind = (unsigned)((r >> 20) % 9);
        if (blk % 4 == 0) kind = pos == special ? (blk % 8 == 0 ? 10 : 2) : 9;
        else if (blk % 4 == 1) kind = pos == special ? kind : 9;
        else if (blk % 4 == 2) kind = (r >> 20) & 1 ? 9 : 0;
        double x;
        switch (kind) {
        case 0: x = ldexp((double)(1 << M) + k + 0.5, (int)((r >> 24) % (unsigned)(emax - emin + 3)) + emin - M); break;
        case 1: x = ldexp(k + 0.5, emin - M); break;                                /* between subnormals */
        case 2: x = ldexp((double)(2 << M) - 0.5, emax - M); break;                 /* past the largest finite */
        case 3: x = ldexp(1.0, emin) * (1.0 + ldexp((double)((int)((r >> 24) % 5) - 2), -40)); break; /* the smallest normal */
        case 4: x = ldexp(frac, -1022 - (int)((r >> 24) % 52)); break;             /* a double subnormal */
        case 5: x = ldexp(1.0 + frac, -125 - (int)((r >> 24) % 4)); break;          /* around 2^-126 */
        case 6: x = (r >> 24) & 1 ? 0.0 : ldexp(1.0 + frac, 100 + (int)((r >> 25) % 900)); break;
        case 7: x = ldexp(1.0 + frac, emin - M - 3 + (int)((r >> 24) % (unsigned)(emax - emin + M + 6))); break;
        case 8: x = ldexp(1.0 + frac, emin - 2 + (int)((r >> 24) % 4)); break; /* near the smallest normal */
        case 9: x = (r >> 24) % 8 == 0 ? 0.0 : ldexp(1.0 + frac, emin + (int)((r >> 27) % (unsigned)(emax - emin + 3))); break;
        default: x = blk % 16 == 0 ? INFINITY : NAN; break;
        }
        const unsigned near = kind <= 3 ? (unsigned)((r >> 40) % 5) : 0; /* on the midpoint, or next to it */
        switch (near) {
        case 1: x *= 1.0 + ldexp(1.0, f32 ? -20 : -30); break;
        case 2: x *= 1.0 - ldexp(1.0, f32 ? -20 : -30); break;
        case 3: x = f32 ? (double)nextafterf((float)x, INFINITY) : nextafter(x, INFINITY); break;
        case 4: x = f32 ? (double)nextafterf((float)x, 0.0f) : nextafter(x, 0.0); break;
        default: break;
        }
        if ((r >> 50) & 1) x = -x;
        const double im = (r2 & 7) == 0 ? NAN : (double)(int64_t)r2 / 1e10;
        if (f32 && cx) fv[2 * i] = narrow_f32(x), fv[2 * i + 1] = narrow_f32(im);
        else if (f32) fv[i] = narrow_f32(x);
        else if (cx) v[2 * i] = x, v[2 * i + 1] = im;
        else re[i] = x;
      }
      for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE)
        compare_tiers(srcs[si], f32 ? (const unsigned char *)fv : (const unsigned char *)v, (tl_dtype)f, N, 0, flags,
                      out, ref, nt);
    }
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(fv);
  free(v);
  free(out);
  free(ref);
}

/* 1-byte float sources into the 2-, 4- and 8-byte floats and complex: the
 * byte-plane decoders skip their lookups (subnormal codes, and where they
 * take them, inf/NaN) in a block of 32 that needs none, and take them
 * without a test in the 16 blocks after one that did; the float32 decoders
 * and the integer ones check an IEEE format's codes for inf/NaN 32 at a
 * time, then 16. Blocks here are mostly plain (normal codes), some with one
 * subnormal or special code, a few random, so that clean runs longer than 16
 * blocks, such codes in both modes and in either half of 32, and IEEE
 * blocks with and without inf/NaN all occur. */
static void test_f8_window_blocks(void **state) {
  (void)state;
  static const tl_dtype tos[] = {TL_FLOAT16,   TL_BFLOAT16, TL_COMPLEX32, TL_BCOMPLEX32, TL_FLOAT32, TL_COMPLEX64,
                                 TL_FLOAT64,   TL_COMPLEX128, TL_INT32,   TL_UINT32,     TL_INT64,   TL_UINT64};
  enum { NB = 300, N = NB * 32 + 7 };
  unsigned char *v = malloc(N), *out = malloc(N * 16 + 64), *ref = malloc(N * 16 + 64);
  int nt = ntiers_avail();
  for (int f = FIRST_NARROW; f <= LAST_NARROW; f++) {
    const tl__ffmt *F = tl__ffmt_of((tl_dtype)f);
    const unsigned E = (unsigned)F->E, M = (unsigned)F->M, sb = 1u << F->sign_bit;
    for (size_t b = 0; b * 32 < N; b++) {
      const uint64_t rb = next();
      const unsigned kind = rb % 16 < 12 ? 0 : rb % 16 < 14 ? 1 : rb % 16 < 15 ? 2 : 3, pos = (unsigned)(rb >> 8) % 32;
      for (size_t i = b * 32; i < b * 32 + 32 && i < N; i++) {
        const uint64_t r = next();
        const unsigned sg = (r & 1) ? sb : 0;
        unsigned c = sg | ((unsigned)(1 + (r >> 4) % ((1u << E) - 2)) << M) | (unsigned)((r >> 12) % (1u << M)); /* normal */
        if (kind == 1 && i % 32 == pos) c = sg | (unsigned)(1 + (r >> 12) % ((1u << M) - 1)); /* subnormal */
        if (kind == 2 && i % 32 == pos) /* -0, 0, or a code of the top exponent (inf, NaN, the largest finite) */
          c = (r >> 20) % 4 == 0 ? sb : (r >> 20) % 4 == 1 ? 0 : sg | (sb - 1 - (unsigned)((r >> 24) % (1u << M)));
        if (kind == 3) c = (unsigned)r;
        v[i] = (unsigned char)c;
      }
    }
    for (size_t t = 0; t < sizeof tos / sizeof *tos; t++)
      for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE)
        compare_tiers((tl_dtype)f, v, tos[t], N, 0, flags, out, ref, nt);
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(v);
  free(out);
  free(ref);
}

/* Outputs of >= 16 MiB take the streaming-store path (with a head that aligns
 * the destination); a destination off its item alignment must not. */
static void test_large(void **state) {
  (void)state;
  const size_t dprev = tl__amd512_defer_set(0); /* the AVX-512 tier's own kernels (test_amd512_defer) */
  static const tl_dtype pairs[][2] = {
      {TL_INT8, TL_INT32},           {TL_UINT8, TL_FLOAT64},        {TL_INT16, TL_INT64},
      {TL_FLOAT8_E4M3FN, TL_FLOAT32}, {TL_FLOAT8_E5M2, TL_BFLOAT16}, {TL_BOOL, TL_FLOAT32},
      {TL_INT4, TL_INT8},            {TL_FLOAT8_E4M3FN, TL_FLOAT64}, {TL_INT32, TL_FLOAT64},
  };
  size_t n = (size_t)(17u << 20) / 4 + 7; /* >= 16 MiB for 4-byte outputs */
  unsigned char *sbuf = malloc(n * 4 + 64), *out = malloc(n * 8 + 64), *ref = malloc(n * 8 + 64);
  fill(sbuf, n * 4 + 64);
  int nt = ntiers_avail();
  for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++) {
    size_t m = (size_t)(17u << 20) / isz(pairs[p][1]) + 7;
    if (m * isz(pairs[p][0]) + 3 > n * 4 + 64) m = (n * 4 + 60) / isz(pairs[p][0]);
    compare_tiers(pairs[p][0], sbuf + 1, pairs[p][1], m, 0, 0, out, ref, nt);
    compare_tiers(pairs[p][0], sbuf, pairs[p][1], m, isz(pairs[p][1]) * 3, 0, out, ref, nt);
    compare_tiers(pairs[p][0], sbuf + 3, pairs[p][1], m, 1, 0, out, ref, nt);
  }
  tl_convert_set_tier(tiers[nt - 1]);
  tl__amd512_defer_set(dprev);
  free(sbuf);
  free(out);
  free(ref);
}

/* float16 / bfloat16 / complex32 -> float6_e2m3fn in one call past the
 * last-level cache (k_h8 with streaming stores: the float32 add in every
 * block, no branch, not the chunks of runs in the caches): values about
 * the format's range, so every block is the kernel's, most holding a value
 * below the smallest normal; a NaN, an inf and a zero now and then (their
 * blocks by the scalar engine), against the scalar tier; and float16 ->
 * float4_e2m1fn, whose window kernel (tl__hq) streams alike. */
static void test_h8_large(void **state) {
  (void)state;
  static const struct { tl_dtype from, to; unsigned flags; } pairs[] = {
      {TL_FLOAT16, TL_FLOAT6_E2M3FN, 0}, {TL_BFLOAT16, TL_FLOAT6_E2M3FN, TL_CONVERT_SATURATE},
      {TL_COMPLEX32, TL_FLOAT6_E2M3FN, TL_CONVERT_SATURATE}, {TL_FLOAT16, TL_FLOAT4_E2M1FN, 0}};
  const int nt = ntiers_avail();
  for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++) {
    const int bf = pairs[p].from == TL_BFLOAT16;
    const size_t S = isz(pairs[p].from), m = (size_t)(33u << 20) / (S + 1) + 29, h = m * S / 2;
    uint16_t *sbuf = malloc(m * S + 64);
    unsigned char *out = malloc(m + 64), *ref = malloc(m + 64);
    assert_non_null(sbuf), assert_non_null(out), assert_non_null(ref);
    for (size_t i = 0; i < h; i++) {
      const uint64_t r = next();
      /* |x| in [2^-6, 16): exponent 9..18 (float16), 121..130 (bfloat16) */
      const unsigned e = (unsigned)(r % 10) + (bf ? 121 : 9), mant = (unsigned)(r >> 8) & (bf ? 0x7F : 0x3FF);
      sbuf[i] = (uint16_t)(((r >> 40) & 1) << 15 | e << (bf ? 7 : 10) | mant);
      if (i % 100003 == 99) sbuf[i] = bf ? 0x7FC1 : 0x7E01;  /* NaN */
      if (i % 200003 == 5) sbuf[i] = bf ? 0xFF80 : 0xFC00;   /* -inf */
      if (i % 70001 == 3) sbuf[i] = 0x8000;                   /* -0 */
    }
    compare_tiers(pairs[p].from, (const unsigned char *)sbuf, pairs[p].to, m, 3, pairs[p].flags, out, ref, nt);
    free(sbuf), free(out), free(ref);
  }
  tl_convert_set_tier(tiers[nt - 1]);
}

/* The templates and chains with outputs >= 16 MiB (streaming stores after a
 * head that aligns the destination, converted with the call's flags). */
static void test_large_streamed(void **state) {
  (void)state;
  const size_t dprev = tl__amd512_defer_set(0); /* the AVX-512 tier's own kernels (test_amd512_defer) */
  static const struct { tl_dtype from, to; unsigned flags; } pairs[] = {
      {TL_FLOAT32, TL_FLOAT8_E4M3FN, TL_CONVERT_SATURATE}, {TL_FLOAT16, TL_FLOAT4_E2M1FN, 1},
      {TL_BFLOAT16, TL_INT8, 0}, {TL_INT32, TL_BFLOAT16, TL_CONVERT_SATURATE}, {TL_FLOAT16, TL_COMPLEX128, 0},
      /* byte-table lookups */
      {TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2, TL_CONVERT_SATURATE},
      /* float8 -> 2- and 8-byte integers (tl__f8int_run) */
      {TL_FLOAT8_E5M2, TL_INT16, 0}, {TL_FLOAT8_E4M3FN, TL_INT64, 0}, {TL_FLOAT8_E5M2, TL_UINT32, 0},
      {TL_FLOAT8_E4M3, TL_UINT16, 0}, {TL_FLOAT8_E3M4, TL_INT16, 0}, {TL_FLOAT6_E2M3FN, TL_UINT64, 0},
      /* float64 / complex128 -> 16-bit floats on the double's bits (tl__d16_run) */
      {TL_FLOAT64, TL_BFLOAT16, 0}, {TL_FLOAT64, TL_FLOAT16, 0}, {TL_COMPLEX128, TL_COMPLEX32, TL_CONVERT_SATURATE},
      {TL_FLOAT64, TL_BCOMPLEX32, 0}, {TL_COMPLEX128, TL_FLOAT16, TL_CONVERT_SATURATE},
      /* real <-> complex of another width (tl__rc_run) */
      {TL_UINT64, TL_COMPLEX64, 0}, {TL_COMPLEX128, TL_FLOAT32, 0}, {TL_INT16, TL_COMPLEX128, 0}, {TL_COMPLEX64, TL_FLOAT64, 0},
      {TL_UINT16, TL_COMPLEX32, TL_CONVERT_SATURATE}, {TL_INT64, TL_COMPLEX32, 0}, {TL_FLOAT16, TL_COMPLEX128, 0},
      {TL_COMPLEX32, TL_FLOAT32, 0}, {TL_FLOAT32, TL_COMPLEX32, 0}, {TL_BFLOAT16, TL_COMPLEX32, 0},
      /* sub-byte integers widened (4-, 8- and 16-byte outputs) */
      {TL_INT3, TL_FLOAT32, 0}, {TL_UINT5, TL_INT64, 0}, {TL_INT6, TL_COMPLEX128, 0},
      /* folded lookups (1- and 2-byte outputs) */
      {TL_FLOAT8_E4M3FN, TL_INT4, 0}, {TL_FLOAT8_E8M0FNU, TL_UINT16, 0},
      /* float8 decoders */
      {TL_FLOAT8_E4M3FN, TL_FLOAT32, 0}, {TL_FLOAT8_E5M2, TL_FLOAT16, 0}, {TL_FLOAT8_E8M0FNU, TL_FLOAT64, 0},
      {TL_FLOAT8_E3M4, TL_BFLOAT16, 0}, {TL_FLOAT8_E8M0FNU, TL_FLOAT16, 0}, {TL_FLOAT8_E4M3FNUZ, TL_COMPLEX32, 0},
      {TL_FLOAT8_E8M0FNU, TL_UINT32, TL_CONVERT_SATURATE}, {TL_FLOAT8_E8M0FNU, TL_INT64, 0},
      /* float widening (float16/bfloat16 -> float32, float16/float32 -> float64, complex32 -> complex64) */
      {TL_FLOAT16, TL_FLOAT32, 0}, {TL_BFLOAT16, TL_FLOAT32, 0}, {TL_FLOAT16, TL_FLOAT64, 0},
      {TL_FLOAT32, TL_FLOAT64, 0}, {TL_COMPLEX32, TL_COMPLEX64, 0}, {TL_COMPLEX64, TL_COMPLEX128, 0},
      /* saturating one-pass kernels: the head before the aligned streaming part saturates too */
      {TL_FLOAT64, TL_COMPLEX64, TL_CONVERT_SATURATE}, {TL_COMPLEX128, TL_FLOAT32, TL_CONVERT_SATURATE},
      {TL_FLOAT32, TL_COMPLEX32, TL_CONVERT_SATURATE}, {TL_BFLOAT16, TL_COMPLEX32, TL_CONVERT_SATURATE},
      {TL_INT64, TL_COMPLEX32, TL_CONVERT_SATURATE},
      /* narrowing kernels with streaming stores (the head with the call's flags) */
      {TL_FLOAT32, TL_FLOAT16, 0}, {TL_FLOAT32, TL_FLOAT16, TL_CONVERT_SATURATE}, {TL_COMPLEX64, TL_COMPLEX32, TL_CONVERT_SATURATE},
      {TL_COMPLEX64, TL_COMPLEX32, 0}, {TL_FLOAT32, TL_BFLOAT16, 0}, {TL_FLOAT64, TL_FLOAT32, 0},
      {TL_FLOAT64, TL_FLOAT32, TL_CONVERT_SATURATE}, {TL_COMPLEX128, TL_COMPLEX64, TL_CONVERT_SATURATE},
      {TL_INT32, TL_FLOAT32, 0}, {TL_INT32, TL_FLOAT64, 0}, {TL_INT32, TL_FLOAT16, TL_CONVERT_SATURATE},
      {TL_INT32, TL_FLOAT8_E8M0FNU, TL_CONVERT_SATURATE}, {TL_FLOAT16, TL_FLOAT8_E8M0FNU, 0},
      {TL_BFLOAT16, TL_FLOAT8_E4M3FN, TL_CONVERT_SATURATE}, {TL_BFLOAT16, TL_FLOAT8_E8M0FNU, TL_CONVERT_SATURATE},
      {TL_FLOAT32, TL_FLOAT8_E8M0FNU, TL_CONVERT_SATURATE}, {TL_FLOAT16, TL_FLOAT8_E5M2, TL_CONVERT_SATURATE},
      {TL_UINT16, TL_FLOAT8_E5M2, TL_CONVERT_SATURATE}, {TL_FLOAT16, TL_BFLOAT16, TL_CONVERT_SATURATE}};
  int nt = ntiers_avail();
  /* narrowing from 8 or 16 bytes: outputs of 3-8 MiB stream too (source + output >= 32 MiB) */
  static const struct { tl_dtype from, to; unsigned flags; } narrow[] = {
      {TL_INT64, TL_INT8, 0}, {TL_FLOAT64, TL_FLOAT8_E4M3FN, TL_CONVERT_SATURATE}, {TL_COMPLEX128, TL_FLOAT8_E5M2, 0},
      {TL_UINT64, TL_FLOAT16, TL_CONVERT_SATURATE}, {TL_FLOAT64, TL_INT4, 0}, {TL_COMPLEX64, TL_FLOAT8_E4M3FNUZ, 0},
      /* the AVX-512 tier's prefetching loops: float -> integer, -> complex32, -> bfloat16 */
      {TL_COMPLEX128, TL_INT16, 0}, {TL_COMPLEX64, TL_UINT8, TL_CONVERT_SATURATE},
      {TL_FLOAT64, TL_COMPLEX32, TL_CONVERT_SATURATE}, {TL_COMPLEX128, TL_BFLOAT16, 0}};
  for (size_t p = 0; p < sizeof narrow / sizeof *narrow; p++) {
    size_t m = (size_t)(33u << 20) / (isz(narrow[p].from) + isz(narrow[p].to)) + 7, ob = m * isz(narrow[p].to) + 64;
    unsigned char *sbuf = malloc(m * isz(narrow[p].from) + 64), *out = malloc(ob + 16), *ref = malloc(ob + 16);
    assert_non_null(sbuf), assert_non_null(out), assert_non_null(ref);
    fill(sbuf, m * isz(narrow[p].from) + 64);
    compare_tiers(narrow[p].from, sbuf, narrow[p].to, m, 5 * isz(narrow[p].to), narrow[p].flags, out, ref, nt);
    free(sbuf), free(out), free(ref);
  }
  /* same-bits copies past the last-level cache (tl__avx2_copy: streaming
     stores after a head that aligns the destination, a tail of < 128 bytes):
     the same dtype, and same-size integers; source and destination at odd
     offsets, the bytes checked against the source and the guard after them */
  static const struct { tl_dtype from, to; } copies[] = {
      {TL_INT8, TL_INT8}, {TL_FLOAT64, TL_FLOAT64}, {TL_INT32, TL_UINT32}, {TL_UINT16, TL_INT16},
      {TL_COMPLEX128, TL_COMPLEX128}, {TL_FLOAT4_E2M1FN, TL_FLOAT4_E2M1FN}};
  for (size_t p = 0; p < sizeof copies / sizeof *copies; p++) {
    const size_t m = (size_t)(17u << 20) / isz(copies[p].to) + 3 + p, bytes = m * isz(copies[p].to);
    const size_t soff = 1 + p % 3, doff = 5 + 2 * p;
    unsigned char *sbuf = malloc(bytes + 64), *out = malloc(bytes + 64), *ref = malloc(bytes + 64);
    assert_non_null(sbuf), assert_non_null(out), assert_non_null(ref);
    fill(sbuf, bytes + 64);
    compare_tiers(copies[p].from, sbuf + soff, copies[p].to, m, doff, 0, out, ref, nt);
    const unsigned char *o = nt > 1 ? out : ref; /* the last tier's output */
    assert_memory_equal(o + doff, sbuf + soff, bytes);
    for (size_t k = 0; k < 8; k++) assert_int_equal(o[doff + bytes + k], 0xA5);
    free(sbuf), free(out), free(ref);
  }
  for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++) {
    size_t m = (size_t)(17u << 20) / isz(pairs[p].to) + 5, ob = m * isz(pairs[p].to) + 64;
    unsigned char *sbuf = malloc(m * isz(pairs[p].from) + 64), *out = malloc(ob + 16), *ref = malloc(ob + 16);
    assert_non_null(sbuf), assert_non_null(out), assert_non_null(ref);
    fill(sbuf, m * isz(pairs[p].from) + 64);
    compare_tiers(pairs[p].from, sbuf, pairs[p].to, m, 3 * isz(pairs[p].to), pairs[p].flags, out, ref, nt);
    free(sbuf), free(out), free(ref);
  }
  tl_convert_set_tier(tiers[nt - 1]);
  tl__amd512_defer_set(dprev);
}

/* Runs past the caches whose output is at most a quarter of the source go
 * through the AVX2 tier in two interleaved streams of one source page a piece
 * (tl__run_streams, plain stores); with the size bound lowered to 32 KiB,
 * every such pair with a kernel (plain and saturating), at lengths of exactly
 * 8 pages, with a part before the first page boundary and a short last piece,
 * and a long run, the source at offsets that are multiples of its item size,
 * the output at odd offsets, must give the scalar tier's bytes with the guard
 * after the output untouched, and the streamed route must have run for each
 * (the count of streamed runs); a source not aligned to its item size, a
 * halving and a widening run, and int64's clamped lookups are not cut. */
static void test_streams(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip();
  const size_t prev = tl__streams_set_min((size_t)32 << 10);
  const size_t maxn = 8 * 4096 + 4096, maxb = maxn * 16 + 8192;
  unsigned char *sbuf = malloc(maxb), *out = malloc(maxb + 64), *ref = malloc(maxb + 64);
  assert_non_null(sbuf), assert_non_null(out), assert_non_null(ref);
  fill(sbuf, maxb);
  int pairs = 0;
  for (int f = 0; f < TL_NUM_CONCRETE; f++)
    for (int t = 0; t < TL_NUM_CONCRETE; t++) {
      const tl_dtype from = (tl_dtype)f, to = (tl_dtype)t;
      if (tl_dtype_is_weak(from) || tl_dtype_is_weak(to) || isz(from) < 4 * isz(to) || from == TL_FLOAT4_E2M1FN_X2 ||
          to == TL_FLOAT4_E2M1FN_X2) /* refused by tl_convert */
        continue;
      for (int sat = 0; sat < 2; sat++) {
        if (!tl__avx2_kernel(from, to, sat)) continue; /* lookups and chains: not cut */
        if (from == TL_INT64 && tl__avx2_cl_has(from, to, sat)) continue; /* measured slower cut: not cut */
        const size_t S = isz(from), P = 4096 / S;
        const size_t lens[3] = {8 * P, 8 * P + P / 2 + 3, (maxn * 16 - 64 * 16) / S};
        const size_t soffs[3] = {0, S * 5, S * 64}, doffs[3] = {0, 3 * isz(to), 64 - isz(to)};
        for (int k = 0; k < 3; k++) {
          const unsigned long before = tl__streams_runs();
          compare_tiers(from, sbuf + soffs[k], to, lens[k], doffs[k], sat ? TL_CONVERT_SATURATE : 0, out, ref, 2);
          if (tl__streams_runs() == before)
            fail_msg("%s -> %s (sat %d) n=%zu: not run in streams", tl_dtype_name(from), tl_dtype_name(to), sat, lens[k]);
          pairs++;
        }
      }
    }
  const unsigned long before = tl__streams_runs();
  /* one piece short of 8 pages: one call, same bytes */
  compare_tiers(TL_INT64, sbuf, TL_INT8, 8 * 512 - 1, 0, 0, out, ref, 2);
  /* the source not aligned to its item size; a halving, a widening run */
  compare_tiers(TL_INT64, sbuf + 3, TL_INT8, maxn, 0, 0, out, ref, 2);
  compare_tiers(TL_INT16, sbuf, TL_INT8, maxn, 0, 0, out, ref, 2);
  compare_tiers(TL_INT8, sbuf, TL_INT64, maxn, 0, 0, out, ref, 2);
  /* int64's clamped lookups */
  compare_tiers(TL_INT64, sbuf, TL_FLOAT4_E2M1FN, maxn, 0, 0, out, ref, 2);
  compare_tiers(TL_INT64, sbuf, TL_FLOAT6_E3M2FN, maxn, 0, TL_CONVERT_SATURATE, out, ref, 2);
  assert_int_equal(tl__streams_runs(), before);
  assert_true(pairs > 3 * 100);
  tl__streams_set_min(prev);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  free(sbuf), free(out), free(ref);
}

/* The AVX-512 tier on Intel (tl__streams512) cuts such runs from float and
 * complex sources into the 1-byte float formats into streams by the AVX2 kernels: with it on, every run of
 * the pairs below past a lowered bound goes in streams and gives the scalar
 * tier's bytes (a source that starts off its page and an output off its line
 * too); with it off, none does; runs into integers, float16/bfloat16, from
 * integers and a halving run never do. Skipped without the AVX-512 tier. */
static void test_streams512(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx512") != TL_OK) skip();
  assert_int_equal(ntiers_avail(), 3);
  const size_t prev = tl__streams_set_min((size_t)32 << 10);
  const int was = tl__streams512(1);
  assert_int_equal(tl__streams512(-1), 1);
  const size_t maxn = 8 * 4096 + 4096, maxb = maxn * 16 + 8192;
  unsigned char *sbuf = malloc(maxb), *out = malloc(maxb + 64), *ref = malloc(maxb + 64);
  assert_non_null(sbuf), assert_non_null(out), assert_non_null(ref);
  fill(sbuf, maxb);
  static const tl_dtype pairs[][2] = {{TL_COMPLEX128, TL_FLOAT6_E2M3FN}, {TL_FLOAT64, TL_FLOAT8_E4M3},
                                      {TL_COMPLEX32, TL_FLOAT4_E2M1FN},  {TL_COMPLEX64, TL_FLOAT8_E8M0FNU},
                                      {TL_FLOAT32, TL_FLOAT8_E5M2}};
  for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
    for (int sat = 0; sat < 2; sat++)
      for (int on = 1; on >= 0; on--) {
        tl__streams512(on);
        const tl_dtype from = pairs[p][0], to = pairs[p][1];
        const size_t n = (maxn * 16 - 64 * 16) / isz(from);
        const unsigned long before = tl__streams_runs();
        /* scalar, avx2 (in streams at this bound), then avx512 */
        compare_tiers(from, sbuf + 2 * isz(from), to, n, 64 - isz(to), sat ? TL_CONVERT_SATURATE : 0, out, ref, 3);
        assert_int_equal(tl_convert_set_tier("avx512"), TL_OK);
        const unsigned long mid = tl__streams_runs();
        assert_int_equal(tl_convert_contiguous(from, sbuf, to, out, n, sat ? TL_CONVERT_SATURATE : 0, NULL), TL_OK);
        if (tl__streams_runs() - mid != (unsigned long)on)
          fail_msg("%s -> %s (sat %d), streams512 %d: %lu runs in streams", tl_dtype_name(from), tl_dtype_name(to), sat,
                   on, tl__streams_runs() - mid);
        assert_true(tl__streams_runs() >= before);
      }
  /* into integers and float16/bfloat16, from integers (measured slower so), and a halving run: one call */
  tl__streams512(1);
  const unsigned long before = tl__streams_runs();
  static const tl_dtype one[][2] = {{TL_INT32, TL_INT8},         {TL_COMPLEX64, TL_UINT8}, {TL_INT64, TL_BFLOAT16},
                                    {TL_UINT64, TL_FLOAT8_E4M3FN}, {TL_INT32, TL_FLOAT4_E2M1FN}, {TL_INT16, TL_INT8}};
  for (size_t p = 0; p < sizeof one / sizeof one[0]; p++) {
    compare_tiers(one[p][0], sbuf, one[p][1], (maxn * 16 - 64 * 16) / isz(one[p][0]), 0, 0, out, ref, 1);
    assert_int_equal(tl_convert_set_tier("avx512"), TL_OK);
    memset(out, 0xA5, maxb);
    assert_int_equal(tl_convert_contiguous(one[p][0], sbuf, one[p][1], out, (maxn * 16 - 64 * 16) / isz(one[p][0]), 0, NULL), TL_OK);
    assert_memory_equal(out, ref, (maxn * 16 - 64 * 16) / isz(one[p][0]) * isz(one[p][1]));
  }
  assert_int_equal(tl__streams_runs(), before);
  tl__streams512(was);
  tl__streams_set_min(prev);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  free(sbuf), free(out), free(ref);
}

/* The AVX-512 tier on Zen 4 (tl__amd512_by_cpu) converts runs of at least
 * the bound (source and output bytes, or an output of half that; lowered here to 64 KiB) of the pairs
 * it lists (integer narrowing, -> bool, float re-widths) by the AVX2 tier's
 * kernel of the pair, through the kept-kernel fast path too; below the
 * bound, with the bound 0, pairs off the list, and a 1-byte source without
 * an AVX2 kernel (its VBMI lookups) by the AVX-512 tier's own. Runs below
 * the bound of the pairs of tl__amd512_small go to the AVX2 kernel too (not
 * counted; some only up to 512 KiB). Elsewhere it never does. The bytes are
 * the scalar tier's every time. Skipped without the AVX-512 tier. */
static void test_amd512_defer(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx512") != TL_OK) skip();
  const size_t prev = tl__amd512_defer_set((size_t)64 << 10);
  const unsigned long on = (unsigned long)tl__amd512_by_cpu();
  const size_t maxb = (size_t)1 << 20;
  unsigned char *sbuf = malloc(maxb), *out = malloc(2 * maxb), *ref = malloc(2 * maxb);
  assert_non_null(sbuf), assert_non_null(out), assert_non_null(ref);
  fill(sbuf, maxb);
  /* listed: past the bound; small: below it (tl__amd512_small: 1 every run, 2 up to 512 KiB) */
  static const struct { tl_dtype from, to; unsigned flags; int listed, small; } pairs[] = {
      {TL_INT32, TL_INT16, 0, 1, 0},          {TL_UINT64, TL_INT4, TL_CONVERT_SATURATE, 1, 0},
      {TL_FLOAT16, TL_FLOAT32, 0, 1, 0},      {TL_COMPLEX64, TL_COMPLEX128, 0, 1, 0},
      {TL_FLOAT16, TL_BOOL, 0, 1, 0},         {TL_INT64, TL_FLOAT32, 0, 1, 0},
      {TL_FLOAT64, TL_FLOAT8_E4M3FN, TL_CONVERT_SATURATE, 0, 0},                      {TL_INT16, TL_FLOAT8_E5M2, 0, 1, 1},
      {TL_COMPLEX128, TL_INT4, 0, 0, 0},      {TL_FLOAT64, TL_BOOL, 0, 0, 0},          {TL_INT32, TL_FLOAT16, 0, 0, 0},
      {TL_INT8, TL_INT16, 0, 0, 0},           {TL_FLOAT32, TL_UINT8, 0, 1, 0},         {TL_INT16, TL_FLOAT8_E4M3, 0, 0, 0},
      {TL_COMPLEX32, TL_FLOAT8_E3M4, 0, 0, 1}, {TL_FLOAT32, TL_FLOAT8_E5M2, TL_CONVERT_SATURATE, 0, 1},
      {TL_FLOAT16, TL_BFLOAT16, 0, 0, 1},     {TL_BFLOAT16, TL_FLOAT6_E2M3FN, 0, 0, 2}, {TL_UINT16, TL_BFLOAT16, 0, 0, 1},
      {TL_COMPLEX64, TL_FLOAT4_E2M1FN, 0, 0, 1}, {TL_FLOAT32, TL_FLOAT8_E4M3FN, 0, 0, 0}};
  for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++) {
    const tl_dtype from = pairs[p].from, to = pairs[p].to;
    const unsigned long want = on && pairs[p].listed;
    assert_non_null(tl__avx2_kernel(from, to, pairs[p].flags != 0));
    /* big: source and output past the bound; small: below it, the output too below half of it */
    const size_t big = ((size_t)96 << 10) / (isz(from) + isz(to)) + 3, small = ((size_t)24 << 10) / (isz(from) + isz(to));
    assert_int_equal(tl_convert_set_tier("avx512"), TL_OK);
    assert_int_equal(tl__amd512_defers(from, to, big), (int)want);
    assert_int_equal(tl__amd512_defers(from, to, small), on && pairs[p].small ? 2 : 0);
    /* below the bound the bytes are the scalar tier's too, by the full path and the fast path */
    compare_tiers(from, sbuf, to, small, 0, pairs[p].flags, out, ref, 2);
    assert_int_equal(tl_convert_set_tier("avx512"), TL_OK);
    for (int call = 0; call < 2; call++) {
      memset(out, 0xA5, small * isz(to) + 8);
      assert_int_equal(tl_convert_contiguous(from, sbuf, to, out, small, pairs[p].flags, NULL), TL_OK);
      assert_memory_equal(out, ref, small * isz(to) + 8);
    }
    for (int call = 0; call < 2; call++) { /* the second call by the fast path (the kernel kept) */
      compare_tiers(from, sbuf + isz(from), to, big, 3 * isz(to), pairs[p].flags, out, ref, 2);
      assert_int_equal(tl_convert_set_tier("avx512"), TL_OK);
      unsigned long before = tl__amd512_runs();
      memset(out, 0xA5, big * isz(to) + 8);
      assert_int_equal(tl_convert_contiguous(from, sbuf + isz(from), to, out, big, pairs[p].flags, NULL), TL_OK);
      assert_memory_equal(out, ref + 3 * isz(to), big * isz(to));
      if (tl__amd512_runs() - before != want)
        fail_msg("%s -> %s, %zu elements, call %d: %lu runs by the AVX2 kernel, want %lu", tl_dtype_name(from),
                 tl_dtype_name(to), big, call, tl__amd512_runs() - before, want);
      before = tl__amd512_runs();
      assert_int_equal(tl_convert_contiguous(from, sbuf, to, out, small, pairs[p].flags, NULL), TL_OK);
      tl__amd512_defer_set(0);
      assert_int_equal(tl_convert_contiguous(from, sbuf + isz(from), to, out, big, pairs[p].flags, NULL), TL_OK);
      assert_memory_equal(out, ref + 3 * isz(to), big * isz(to));
      tl__amd512_defer_set((size_t)64 << 10);
      assert_int_equal(tl__amd512_runs(), before);
    }
  }
  /* the output alone at half the bound (float16 -> float32: 60000 bytes in all, 40000 of output) */
  unsigned long before = tl__amd512_runs();
  compare_tiers(TL_FLOAT16, sbuf, TL_FLOAT32, 10000, 0, 0, out, ref, 3);
  assert_int_equal(tl__amd512_runs() - before, on);
  /* a 1-byte source without an AVX2 kernel: the AVX-512 tier's lookups */
  assert_null(tl__avx2_kernel(TL_INT8, TL_FLOAT8_E5M2, 0));
  before = tl__amd512_runs();
  compare_tiers(TL_INT8, sbuf, TL_FLOAT8_E5M2, (size_t)100 << 10, 0, 0, out, ref, 3);
  assert_int_equal(tl__amd512_runs(), before);
  /* at the default bound: float6_e2m3fn from bfloat16 below 512 KiB of source and output only; off with the bound 0 */
  tl__amd512_defer_set(prev);
  assert_int_equal(tl_convert_set_tier("avx512"), TL_OK);
  assert_int_equal(tl__amd512_defers(TL_BFLOAT16, TL_FLOAT6_E2M3FN, ((size_t)500 << 10) / 3), on ? 2 : 0);
  assert_int_equal(tl__amd512_defers(TL_BFLOAT16, TL_FLOAT6_E2M3FN, ((size_t)600 << 10) / 3), 0);
  assert_int_equal(tl__amd512_defers(TL_COMPLEX32, TL_FLOAT8_E3M4, ((size_t)4 << 20) / 5), on ? 2 : 0);
  assert_int_equal(tl__amd512_defers(TL_COMPLEX32, TL_FLOAT8_E3M4, ((size_t)64 << 20) / 5), 0);
  assert_int_equal(tl__amd512_defers((tl_dtype)-1, TL_FLOAT8_E3M4, 100), 0);
  assert_int_equal(tl__amd512_defers(TL_COMPLEX32, (tl_dtype)TL_NUM_CONCRETE, 100), 0);
  tl__amd512_defer_set(0);
  assert_int_equal(tl__amd512_defers(TL_COMPLEX32, TL_FLOAT8_E3M4, 1000), 0);
  tl__amd512_defer_set(prev);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  free(sbuf), free(out), free(ref);
}

/* By default (setting 0) a run past the caches is cut into streams only on
   the CPUs where that was measured to pay (tl__streams_by_cpu: AMD family
   17h, Intel), else converted as one call; the bytes are the same either way. */
static void test_streams_default(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip();
  const size_t prev = tl__streams_set_min(0);
  const size_t n = (size_t)5 << 20; /* 40 MiB of int64 + 5 MiB of int8: past the 32 MiB bound */
  int64_t *s = malloc(n * sizeof *s);
  int8_t *a = malloc(n), *b = malloc(n);
  assert_non_null(s), assert_non_null(a), assert_non_null(b);
  for (size_t i = 0; i < n; i++) s[i] = (int64_t)(i * 0x9E3779B97F4A7C15ull);
  const unsigned long before = tl__streams_runs();
  assert_int_equal(tl_convert_contiguous(TL_INT64, s, TL_INT8, a, n, 0, NULL), TL_OK);
  assert_int_equal(tl__streams_runs() - before, (unsigned long)tl__streams_by_cpu());
  tl__streams_set_min(SIZE_MAX); /* never: one call */
  assert_int_equal(tl_convert_contiguous(TL_INT64, s, TL_INT8, b, n, 0, NULL), TL_OK);
  assert_int_equal(tl__streams_runs() - before, (unsigned long)tl__streams_by_cpu());
  assert_memory_equal(a, b, n);
  for (size_t i = 0; i < n; i += 4099) assert_int_equal(a[i], (int8_t)s[i]);
  tl__streams_set_min(1); /* always past 8 pieces: streams */
  memset(b, 0, n);
  assert_int_equal(tl_convert_contiguous(TL_INT64, s, TL_INT8, b, n, 0, NULL), TL_OK);
  assert_int_equal(tl__streams_runs() - before, 1ul + (unsigned long)tl__streams_by_cpu());
  assert_memory_equal(a, b, n);
  tl__streams_set_min(prev);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  free(s), free(a), free(b);
}

/* Strided calls fall back to the scalar engine and agree with the contiguous kernels. */
static void test_strided(void **state) {
  (void)state;
  enum { N = 300 };
  static const tl_dtype from_list[] = {TL_INT8, TL_UINT8, TL_BOOL, TL_INT4, TL_FLOAT8_E4M3FN, TL_INT16, TL_INT64, TL_FLOAT32};
  static const tl_dtype to_list[] = {TL_INT32, TL_FLOAT32, TL_BFLOAT16, TL_INT64, TL_INT8, TL_FLOAT64, TL_BOOL};
  static unsigned char src[N * 16], packed[N * 8], a[N * 16], b[N * 8];
  fill(src, sizeof src);
  int nt = ntiers_avail();
  for (int t = 0; t < nt; t++) {
    tl_convert_set_tier(tiers[t]);
    for (size_t f = 0; f < sizeof from_list / sizeof *from_list; f++)
      for (size_t g = 0; g < sizeof to_list / sizeof *to_list; g++) {
        tl_dtype from = from_list[f], to = to_list[g];
        if (from == to) continue;
        size_t fs = isz(from), ts = isz(to);
        for (size_t i = 0; i < N; i++) memcpy(packed + i * fs, src + 2 * i * fs, fs);
        assert_int_equal(tl_convert(from, src, (ptrdiff_t)(2 * fs), to, a, (ptrdiff_t)(2 * ts), N, 0, NULL), TL_OK);
        assert_int_equal(tl_convert_contiguous(from, packed, to, b, N, 0, NULL), TL_OK);
        for (size_t i = 0; i < N; i++)
          if (memcmp(a + 2 * i * ts, b + i * ts, ts))
            fail_msg("tier %s: strided %s -> %s differs at %zu", tiers[t], tl_dtype_name(from), tl_dtype_name(to), i);
      }
  }
  tl_convert_set_tier(tiers[nt - 1]);
}

/* Every byte value of every 1-byte source into every dtype (both flags) through
 * each SIMD tier's contiguous path (the AVX2 vpshufb byte-plane lookup, the
 * AVX-512 VBMI one), against each element converted alone (n = 1 takes the
 * scalar engine's generic path, not a table): the 256 values in a shuffled
 * order, a length with a tail, source and destination off alignment. */
static void test_byte_sources_every_value(void **state) {
  (void)state;
  enum { N = 256 * 3 + 21 };
  static unsigned char src[N + 1], out[N * 16 + 32], ref[N * 16 + 32];
  unsigned char perm[256];
  for (int i = 0; i < 256; i++) perm[i] = (unsigned char)i;
  for (int i = 255; i > 0; i--) {
    int j = (int)(next() % (uint64_t)(i + 1));
    unsigned char t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
  for (size_t i = 0; i < N; i++) src[1 + i] = perm[(i * 7 + i / 256) % 256];
  int nt = ntiers_avail(), checked = 0;
  for (int f = 0; f < TL_NUM_CONCRETE; f++) {
    tl_dtype from = (tl_dtype)f;
    /* weak kinds have no storage; float4_e2m1fn_x2 converts only to itself */
    if (tl_dtype_is_weak(from) || from == TL_FLOAT4_E2M1FN_X2 || isz(from) != 1) continue;
    for (int d = 0; d < TL_NUM_CONCRETE; d++) {
      tl_dtype to = (tl_dtype)d;
      if (tl_dtype_is_weak(to) || to == TL_FLOAT4_E2M1FN_X2) continue;
      size_t ds = isz(to);
      for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE) {
        assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
        memset(ref, 0x5A, sizeof ref);
        for (size_t i = 0; i < N; i++)
          assert_int_equal(tl_convert(from, src + 1 + i, 1, to, ref + 3 + i * ds, (ptrdiff_t)ds, 1, flags, NULL), TL_OK);
        for (int t = 1; t < nt; t++) {
          assert_int_equal(tl_convert_set_tier(tiers[t]), TL_OK);
          /* AVX2: with the code shifts, the row sums, the affine rules and the
             folded lookups; without the code shifts and row sums; with the
             folds only; with none (the 8-bit lookup) */
          for (int off = 0; off < 1 + 3 * (t == 1); off++) {
            tl__avx2_ns_disable(off >= 1);
            tl__avx2_cs_disable(off >= 1);
            tl__avx2_aff_disable(off >= 2);
            tl__avx2_fold_disable(off >= 3);
            memset(out, 0x5A, sizeof out);
            assert_int_equal(tl_convert_contiguous(from, src + 1, to, out + 3, N, flags, NULL), TL_OK);
            tl__avx2_fold_disable(0);
            tl__avx2_aff_disable(0);
            tl__avx2_cs_disable(0);
            tl__avx2_ns_disable(0);
            if (memcmp(out, ref, sizeof out) != 0) {
              size_t k = 0;
              while (out[k] == ref[k]) k++;
              size_t e = (k - 3) / ds;
              fail_msg("tier %s%s: %s -> %s flags=%u: element %zu (byte 0x%02X) differs at byte %zu", tiers[t],
                       off == 1   ? " (row sums off)"
                       : off == 2 ? " (row sums and affine rules off)"
                       : off == 3 ? " (row sums, affine rules and folds off)"
                                  : "",
                       tl_dtype_name(from), tl_dtype_name(to), flags, e, src[1 + (e < N ? e : 0)], k);
            }
            checked++;
          }
        }
      }
    }
  }
  if (nt > 1) assert_true(checked > 0);
  /* bad input on this path: a destination that is no dtype, NULL buffers; nothing written */
  assert_int_equal(tl_convert_set_tier(tiers[nt - 1]), TL_OK);
  memset(out, 0x5A, sizeof out);
  assert_int_equal(tl_convert_contiguous(TL_FLOAT8_E4M3FN, src, (tl_dtype)(TL_NUM_CONCRETE + 1000), out, 64, 0, NULL),
                   TL_EDTYPE);
  assert_non_null(strstr(tl_errmsg(), "to is not a dtype"));
  assert_int_equal(tl_convert_contiguous(TL_INT4, src, TL_FLOAT32, NULL, 64, 0, NULL), TL_EINVAL);
  assert_non_null(strstr(tl_errmsg(), "dst is NULL"));
  assert_int_equal(tl_convert_contiguous(TL_INT4, NULL, TL_FLOAT32, out, 64, 0, NULL), TL_EINVAL);
  for (size_t i = 0; i < sizeof out; i++) assert_int_equal(out[i], 0x5A);
}

/* Into every sub-byte integer (int1 ... uint7, one per byte in the low bits)
 * from every multi-byte source, both flags: the SIMD tiers against the scalar
 * one, and the scalar result against the rule written out here (integers keep
 * their low bits; floats and the real part of complex values truncate, clamp
 * to the destination's range, NaN -> 0, then the low bits). Sources: every bit
 * pattern of the 16-bit ones (every float16 / bfloat16 value, payloads
 * included; complex32's real part, random imaginary parts), every int16 value
 * (with random high bits in half) for the wider integers, and for the wider
 * floats quarters in [-300, 300], values next to every range end, specials
 * and random bits. Source and destination off alignment, with a tail. */
static uint8_t subbyte_rule_f(double x, int bits, int sg) {
  if (isnan(x)) return 0;
  double t = trunc(x), lo = sg ? -ldexp(1.0, bits - 1) : 0.0, hi = sg ? ldexp(1.0, bits - 1) - 1 : ldexp(1.0, bits) - 1;
  if (t < lo) t = lo;
  if (t > hi) t = hi;
  return (uint8_t)((uint64_t)(int64_t)t & ((1u << bits) - 1));
}

static void test_subbyte_destinations(void **state) {
  (void)state;
  enum { N = 65536 + 45 };
  static const tl_dtype froms[] = {TL_INT16, TL_INT32, TL_INT64, TL_UINT16, TL_UINT32, TL_UINT64, TL_FLOAT16,
                                   TL_BFLOAT16, TL_FLOAT32, TL_FLOAT64, TL_COMPLEX32, TL_COMPLEX64, TL_COMPLEX128};
  static const double ends[] = {0.25, 0.5, 0.75, 0.9999999, 1.0, 1.0000001, 1.5, 2.0};
  unsigned char *sbuf = malloc(N * 16 + 64), *out = malloc(N + 64), *ref = malloc(N + 64);
  double *vals = malloc(N * sizeof *vals), *re = malloc(N * sizeof *re);
  assert_non_null(sbuf), assert_non_null(out), assert_non_null(ref), assert_non_null(vals), assert_non_null(re);
  int nt = ntiers_avail(), ndst = 0;
  for (size_t f = 0; f < sizeof froms / sizeof *froms; f++) {
    const tl_dtype from = froms[f];
    const tl_dtype_info *fi = tl_dtype_get(from);
    const size_t fs = isz(from), soff = 1 + f % 7;
    unsigned char *src = sbuf + soff;
    assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
    if (fs == 2 || from == TL_COMPLEX32) { /* every 16-bit pattern */
      fill(src, N * fs);
      for (size_t i = 0; i < N; i++) {
        uint16_t h = (uint16_t)(i * 40503u);
        memcpy(src + i * fs, &h, 2);
      }
    } else if (fi->kind != TL_KIND_FLOAT && fi->kind != TL_KIND_COMPLEX) { /* every int16 value, sign-extended */
      for (size_t i = 0; i < N; i++) {
        uint64_t v = (uint64_t)(int64_t)(int16_t)(uint16_t)(i * 40503u);
        if (i & 1) v ^= next() << 16;
        memcpy(src + i * fs, &v, fs); /* little-endian: the low bytes */
      }
    } else {
      for (size_t i = 0; i < N; i++) {
        uint64_t r = next();
        double x;
        switch (i % 4) {
        case 0: x = (double)((int64_t)(i % 2401) - 1200) / 4.0; break;
        case 1: { /* next to +-2^k and +-(2^k - 1), k = 0..9 */
          double e = ldexp(1.0, (int)(r % 10)) - (double)((r >> 8) & 1);
          x = e + ends[(r >> 12) % 8] - 1.0;
          if ((r >> 16) & 1) x = -x;
          break;
        }
        case 2: {
          static const double sp[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1e300, -1e300, 65504.0, 3e38,
                                      2147483648.0, -2147483649.0, 4294967296.0, 9223372036854775808.0,
                                      -9223372036854775808.0, 18446744073709551616.0, 1e-300, -4.9e-324, 1e-40, -0.5};
          x = sp[r % (sizeof sp / sizeof *sp)];
          break;
        }
        default: memcpy(&x, &r, 8); break; /* random bits, NaN payloads included */
        }
        vals[i] = x;
      }
      assert_int_equal(tl_convert_contiguous(TL_FLOAT64, vals, from, src, N, 0, NULL), TL_OK);
      if (fi->kind == TL_KIND_COMPLEX) /* random imaginary parts: ignored */
        for (size_t i = 0; i < N; i++) fill(src + i * fs + fs / 2, fs / 2);
    }
    if (fi->kind == TL_KIND_FLOAT || fi->kind == TL_KIND_COMPLEX) /* the real part, exactly */
      assert_int_equal(tl_convert_contiguous(from, src, TL_FLOAT64, re, N, 0, NULL), TL_OK);
    for (int d = 0; d < TL_NUM_CONCRETE; d++) {
      const tl_dtype to = (tl_dtype)d;
      const tl_dtype_info *ti = tl_dtype_get(to);
      if (tl_dtype_is_weak(to) || (ti->kind != TL_KIND_INT && ti->kind != TL_KIND_UINT) || ti->bits >= 8) continue;
      const int bits = ti->bits, sg = ti->kind == TL_KIND_INT;
      if (f == 0) ndst++;
      for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE) {
        compare_tiers(from, src, to, N, 3, flags, out, ref, nt);
        for (size_t i = 0; i < N; i++) {
          uint8_t want;
          if (fi->kind == TL_KIND_FLOAT || fi->kind == TL_KIND_COMPLEX) {
            want = subbyte_rule_f(re[i], bits, sg);
          } else {
            uint64_t v = 0;
            memcpy(&v, src + i * fs, fs);
            want = (uint8_t)(v & ((1u << bits) - 1));
          }
          if (ref[3 + i] != want)
            fail_msg("scalar %s -> %s flags=%u element %zu: 0x%02X, the rule gives 0x%02X", tl_dtype_name(from),
                     tl_dtype_name(to), flags, i, ref[3 + i], want);
        }
      }
    }
  }
  assert_int_equal(ndst, 14); /* int1 .. int7, uint1 .. uint7 */
  tl_convert_set_tier(tiers[nt - 1]);
  free(sbuf), free(out), free(ref), free(vals), free(re);
}

/* The float8 -> float32/float64/float16/bfloat16/complex32/bcomplex32 arithmetic
 * decoders (and float8_e8m0fnu -> int32/uint32/int64/uint64) check themselves
 * against the scalar table on first use and stand aside if they differ (the
 * lookup then serves the pair, correct but slower): every one of them must
 * pass that check, with and without saturate. */
static void test_f8_decoders_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const tl_dtype src[] = {TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2, TL_FLOAT8_E4M3, TL_FLOAT8_E3M4,
                                 TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E5M2FNUZ, TL_FLOAT8_E8M0FNU};
  static const tl_dtype dst[] = {TL_FLOAT32,   TL_FLOAT64,    TL_FLOAT16,   TL_BFLOAT16,
                                 TL_COMPLEX32, TL_BCOMPLEX32, TL_COMPLEX64, TL_COMPLEX128};
  int bad = 0, n = 0;
  for (size_t i = 0; i < sizeof src / sizeof src[0]; i++)
    for (size_t j = 0; j < sizeof dst / sizeof dst[0]; j++)
      for (int sat = 0; sat < 2; sat++) {
        /* saturating, 2^127 -> float16 is 65504, not the kernel's inf: the lookup's pair */
        if (src[i] == TL_FLOAT8_E8M0FNU && (dst[j] == TL_FLOAT16 || dst[j] == TL_COMPLEX32) && sat) continue;
        n++;
        if (!tl__avx2_kernel(src[i], dst[j], sat)) {
          print_error("no AVX2 decoder for %s -> %s (sat %d)\n", tl_dtype_name(src[i]), tl_dtype_name(dst[j]), sat);
          bad++;
        }
      }
  /* float8_e8m0fnu -> 4/8-byte integers: a variable shift (tl__e8i_run) */
  static const tl_dtype e8i[] = {TL_INT32, TL_UINT32, TL_INT64, TL_UINT64};
  for (size_t j = 0; j < sizeof e8i / sizeof e8i[0]; j++)
    for (int sat = 0; sat < 2; sat++, n++)
      if (!tl__avx2_kernel(TL_FLOAT8_E8M0FNU, e8i[j], sat)) {
        print_error("no AVX2 kernel for float8_e8m0fnu -> %s (sat %d)\n", tl_dtype_name(e8i[j]), sat);
        bad++;
      }
  /* float8 (not e8m0) -> the 2/4/8-byte integers: a 16-bit product (tl__f8int_run) */
  static const tl_dtype i16[] = {TL_INT16, TL_UINT16, TL_INT32, TL_UINT32, TL_INT64, TL_UINT64};
  for (size_t i = 0; i + 1 < sizeof src / sizeof src[0]; i++)
    for (size_t j = 0; j < sizeof i16 / sizeof i16[0]; j++)
      for (int sat = 0; sat < 2; sat++, n++)
        if (!tl__avx2_kernel(src[i], i16[j], sat)) {
          print_error("no AVX2 kernel for %s -> %s (sat %d)\n", tl_dtype_name(src[i]), tl_dtype_name(i16[j]), sat);
          bad++;
        }
  /* int8/uint8 -> complex32/complex64/bcomplex32 and bool -> wide (tl__sbw_run) and float64/complex128 ->
     float16/bfloat16/complex32/bcomplex32 (tl__d16_run): kernels, not lookups or chains */
  static const struct { tl_dtype from, to; } more[] = {
      {TL_INT8, TL_COMPLEX32},       {TL_UINT8, TL_COMPLEX32},       {TL_INT8, TL_COMPLEX64},
      {TL_UINT8, TL_COMPLEX64},      {TL_INT8, TL_BCOMPLEX32},       {TL_UINT8, TL_BCOMPLEX32},
      {TL_BOOL, TL_INT64},           {TL_BOOL, TL_FLOAT64},          {TL_BOOL, TL_COMPLEX128},
      {TL_FLOAT64, TL_FLOAT16},      {TL_FLOAT64, TL_BFLOAT16},      {TL_FLOAT64, TL_COMPLEX32},
      {TL_FLOAT64, TL_BCOMPLEX32},   {TL_COMPLEX128, TL_FLOAT16},    {TL_COMPLEX128, TL_BFLOAT16},
      {TL_COMPLEX128, TL_COMPLEX32}, {TL_COMPLEX128, TL_BCOMPLEX32},
      /* real <-> complex of another width in one pass (tl__rc_run), not chains */
      {TL_INT16, TL_COMPLEX64},      {TL_UINT32, TL_COMPLEX64},      {TL_INT64, TL_COMPLEX64},
      {TL_BFLOAT16, TL_COMPLEX64},   {TL_INT32, TL_COMPLEX128},      {TL_UINT64, TL_COMPLEX128},
      {TL_BFLOAT16, TL_COMPLEX128},  {TL_FLOAT32, TL_COMPLEX128},    {TL_COMPLEX64, TL_FLOAT64},
      {TL_BFLOAT16, TL_FLOAT64},     {TL_INT16, TL_COMPLEX32},       {TL_UINT64, TL_COMPLEX32},
      {TL_FLOAT16, TL_COMPLEX64},    {TL_FLOAT16, TL_COMPLEX128},    {TL_COMPLEX32, TL_FLOAT32},
      {TL_COMPLEX32, TL_FLOAT64},
      /* the pairs that can overflow, saturating too (they ran in the scalar engine or as chains) */
      {TL_FLOAT64, TL_FLOAT32},      {TL_COMPLEX128, TL_COMPLEX64},  {TL_FLOAT64, TL_COMPLEX64},
      {TL_COMPLEX128, TL_FLOAT32},   {TL_COMPLEX64, TL_COMPLEX32},   {TL_FLOAT32, TL_COMPLEX32},
      {TL_BFLOAT16, TL_COMPLEX32}};
  for (size_t j = 0; j < sizeof more / sizeof more[0]; j++)
    for (int sat = 0; sat < 2; sat++, n++)
      if (!tl__avx2_kernel(more[j].from, more[j].to, sat)) {
        print_error("no AVX2 kernel for %s -> %s (sat %d)\n", tl_dtype_name(more[j].from), tl_dtype_name(more[j].to), sat);
        bad++;
      }
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  assert_int_equal(n, 8 * 8 * 2 - 2 + 8 + 7 * 6 * 2 + 40 * 2);
  assert_int_equal(bad, 0);
}

/* On the AVX2 tier every pair of storage dtypes (the packed float4_e2m1fn_x2
 * aside: it converts only to and from itself) has a kernel or an in-register
 * lookup of its own, with and without saturation: none runs as a chain of
 * kernels or in the scalar engine. */
static void test_every_pair_direct_avx2(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  int n = 0, bad = 0;
  for (int f = 0; f < TL_NUM_CONCRETE; f++)
    for (int t = 0; t < TL_NUM_CONCRETE; t++) {
      const tl_dtype from = (tl_dtype)f, to = (tl_dtype)t;
      if (from == to || tl_dtype_is_weak(from) || tl_dtype_is_weak(to) || from == TL_FLOAT4_E2M1FN_X2 ||
          to == TL_FLOAT4_E2M1FN_X2)
        continue;
      for (int sat = 0; sat < 2; sat++, n++)
        if (!tl__contig_has(tl__tier_current(), from, to, sat)) {
          tl_dtype via[2];
          print_error("avx2: %s -> %s (sat %d) has no kernel of its own (%s)\n", tl_dtype_name(from), tl_dtype_name(to),
                      sat, tl__plan_route(from, to, sat, via) >= 0 ? "a chain" : "the scalar engine");
          bad++;
        }
    }
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  assert_true(n > 2 * 40 * 40);
  assert_int_equal(bad, 0);
}

/* The folded lookups (a float8 / int8 / e8m0 source's full 8-bit table
 * looked up by magnitude, clamped, with the sign applied by a rule): every
 * float8 format into every 1-byte integer type and bool folds to at most 7
 * index bits, and into the float8 formats that keep -0 (e5m2, e4m3fn, e4m3,
 * e3m4); int8 into those too; every float8 format into the 2-, 4- and 8-byte
 * integers (float8_e8m0fnu: the 2-byte ones). Without a fold the pair would
 * still be right (test_byte_sources_every_value runs both), only slower. */
static void test_fold_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const tl_dtype f8[] = {TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2,     TL_FLOAT8_E4M3,        TL_FLOAT8_E3M4,
                                TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E5M2FNUZ, TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E8M0FNU};
  static const tl_dtype f8sgn[] = {TL_FLOAT8_E5M2, TL_FLOAT8_E4M3FN, TL_FLOAT8_E4M3, TL_FLOAT8_E3M4};
  int bad = 0, n = 0;
  for (int d = 0; d < TL_NUM_CONCRETE; d++) {
    const tl_dtype to = (tl_dtype)d;
    const tl_dtype_info *I = tl_dtype_get(to);
    const int is_int = I->itemsize == 1 && (I->kind == TL_KIND_BOOL || I->kind == TL_KIND_INT || I->kind == TL_KIND_UINT);
    int is_sgn = 0;
    for (size_t j = 0; j < sizeof f8sgn / sizeof f8sgn[0]; j++) is_sgn |= to == f8sgn[j];
    for (size_t i = 0; i < sizeof f8 / sizeof f8[0] + 1; i++) {
      const tl_dtype from = i < sizeof f8 / sizeof f8[0] ? f8[i] : TL_INT8;
      if (from == to || (from == TL_INT8 ? !is_sgn : !(is_int || (is_sgn && from != TL_FLOAT8_E8M0FNU)))) continue;
      for (int sat = 0; sat < 2; sat++, n++) {
        const int k = tl__avx2_fold_bits(from, to, sat);
        if (k < 4 || k > 7) {
          print_error("%s -> %s (sat %d): fold bits %d\n", tl_dtype_name(from), tl_dtype_name(to), sat, k);
          bad++;
        }
      }
    }
  }
  /* wider integers: the lookup's byte planes folded to at most two (+-inf's
     saturation patched); float8_e8m0fnu's powers of two fill 4 planes of
     int32/int64 (a variable shift serves them, test_f8_decoders_enabled) */
  static const tl_dtype wide[] = {TL_INT16, TL_UINT16, TL_INT32, TL_UINT32, TL_INT64, TL_UINT64};
  for (size_t i = 0; i < sizeof f8 / sizeof f8[0]; i++)
    for (size_t w = 0; w < sizeof wide / sizeof wide[0]; w++)
      for (int sat = 0; sat < 2; sat++) {
        if (f8[i] == TL_FLOAT8_E8M0FNU && w >= 2) continue;
        const int k = tl__avx2_fold_bits(f8[i], wide[w], sat);
        n++;
        if (k < 4 || k > 7) {
          print_error("%s -> %s (sat %d): fold bits %d\n", tl_dtype_name(f8[i]), tl_dtype_name(wide[w]), sat, k);
          bad++;
        }
      }
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  assert_int_equal(n, 2 * (8 * 17 + 7 * 4 - 4 + 4) + 2 * (8 * 6 - 4));
  assert_int_equal(bad, 0);
}

/* int8 / uint8 -> float8/6/4 by binades (tl__bl: a 16-entry row per range
 * of the magnitude's leading bit, plus the high nibble's code): every format,
 * with and without saturation (int8: not float8_e8m0fnu, which has no sign
 * for int8's). float8_e5m2 and float8_e5m2fnuz (two mantissa bits: rounding
 * reads the high nibble's bit 0 and breaks ties on bit 1) need the 8-row
 * form from uint8 and the adjusted 6-row form (m + 1 where bits 4 and 6 are
 * set) from int8, which then runs it in place of its 7-bit fold. The list is
 * exact: a change that loses a formula fails here. */
static void test_bl_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const struct {
    tl_dtype to;
    int u8, i8;
  } want[] = {
      {TL_FLOAT8_E4M3FN, 1, 1},    {TL_FLOAT8_E4M3, 1, 1},        {TL_FLOAT8_E3M4, 1, 1},
      {TL_FLOAT8_E4M3FNUZ, 1, 1},  {TL_FLOAT8_E4M3B11FNUZ, 1, 1}, {TL_FLOAT8_E5M2, 1, 1},
      {TL_FLOAT8_E5M2FNUZ, 1, 1},  {TL_FLOAT8_E8M0FNU, 1, 0},     {TL_FLOAT6_E2M3FN, 1, 1},
      {TL_FLOAT6_E3M2FN, 1, 1},    {TL_FLOAT4_E2M1FN, 1, 1},
  };
  int bad = 0;
  for (size_t j = 0; j < sizeof want / sizeof want[0]; j++)
    for (int sat = 0; sat < 2; sat++)
      for (int sg = 0; sg < 2; sg++) {
        const tl_dtype from = sg ? TL_INT8 : TL_UINT8;
        const int has = tl__avx2_bl_has(from, want[j].to, sat), w = sg ? want[j].i8 : want[j].u8;
        const int two = want[j].to == TL_FLOAT8_E5M2 || want[j].to == TL_FLOAT8_E5M2FNUZ; /* two mantissa bits */
        const int wform = !w ? 0 : !two ? 1 : sg ? 2 : 3;
        if (has != wform) {
          print_error("%s -> %s (sat %d): binade formula %d, expected %d\n", tl_dtype_name(from), tl_dtype_name(want[j].to),
                      sat, has, wform);
          bad++;
        }
        /* int8's adjusted form runs in place of the fold on every CPU (the blend-free telescoped rows) */
        if (sg && two && tl__avx2_lut8_route(from, want[j].to, sat) != 3) {
          print_error("%s -> %s (sat %d): route %d, expected the binade rows (3)\n", tl_dtype_name(from),
                      tl_dtype_name(want[j].to), sat, tl__avx2_lut8_route(from, want[j].to, sat));
          bad++;
        }
      }
  /* not for other sources or destinations */
  assert_false(tl__avx2_bl_has(TL_INT16, TL_FLOAT8_E4M3FN, 0));
  assert_false(tl__avx2_bl_has(TL_UINT8, TL_INT8, 0));
  assert_false(tl__avx2_bl_has(TL_UINT8, (tl_dtype)-1, 0));
  assert_false(tl__avx2_bl_has(TL_UINT8, (tl_dtype)TL_NUM_CONCRETE, 0));
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  assert_int_equal(bad, 0);
}

/* Integers -> the formats whose codes are constant from magnitude 31 on
 * (float4_e2m1fn, float6_e2m3fn/e3m2fn, float8_e3m4, float8_e4m3b11fnuz) run
 * by the clamped lookup on AVX2, from every 1- to 8-byte integer, with and
 * without saturation; the formats that still round above 31 (float8_e4m3*,
 * e5m2*) and float8_e8m0fnu (no sign bit: negatives are NaN) do not, nor do
 * other sources. The list is exact: a change that loses one fails here. */
static void test_cl_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const tl_dtype froms[] = {TL_INT8, TL_UINT8, TL_INT16, TL_UINT16, TL_INT32, TL_UINT32, TL_INT64, TL_UINT64};
  static const struct {
    tl_dtype to;
    int want;
  } tos[] = {{TL_FLOAT4_E2M1FN, 1},  {TL_FLOAT6_E2M3FN, 1},   {TL_FLOAT6_E3M2FN, 1},       {TL_FLOAT8_E3M4, 1},
             {TL_FLOAT8_E4M3B11FNUZ, 1}, {TL_FLOAT8_E4M3, 0}, {TL_FLOAT8_E4M3FN, 0},      {TL_FLOAT8_E4M3FNUZ, 0},
             {TL_FLOAT8_E5M2, 0},    {TL_FLOAT8_E5M2FNUZ, 0}, {TL_FLOAT8_E8M0FNU, 0}};
  int bad = 0;
  for (size_t f = 0; f < sizeof froms / sizeof *froms; f++)
    for (size_t t = 0; t < sizeof tos / sizeof *tos; t++)
      for (int sat = 0; sat < 2; sat++) {
        const int has = tl__avx2_cl_has(froms[f], tos[t].to, sat);
        if (has != tos[t].want) {
          print_error("%s -> %s (sat %d): clamped lookup %d, expected %d\n", tl_dtype_name(froms[f]),
                      tl_dtype_name(tos[t].to), sat, has, tos[t].want);
          bad++;
        }
      }
  /* not for other sources or destinations, nor out-of-range dtypes */
  assert_false(tl__avx2_cl_has(TL_FLOAT32, TL_FLOAT4_E2M1FN, 0));
  assert_false(tl__avx2_cl_has(TL_INT4, TL_FLOAT4_E2M1FN, 0));
  assert_false(tl__avx2_cl_has(TL_INT16, TL_INT8, 0));
  assert_false(tl__avx2_cl_has(TL_INT16, TL_FLOAT16, 0));
  assert_false(tl__avx2_cl_has(TL_INT8, (tl_dtype)-1, 0));
  assert_false(tl__avx2_cl_has((tl_dtype)TL_NUM_CONCRETE, TL_FLOAT4_E2M1FN, 0));
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  assert_int_equal(bad, 0);
}

/* float8 -> 1-byte types whose results are constant below a low and above a
 * high magnitude code in both sign halves run by the range clamp, whose range
 * is HI - LO + 1: float8_e5m2 -> int8 from 0x3B (0.875 -> 0) to 0x58 (128 ->
 * 127 / -128): 30; float8_e4m3fn -> int2 from 0x37 (0.9375 -> 0) to 0x40
 * (2.0 -> 1 / -2): 10; float8_e5m2 -> int4 from 0x3B to 0x48 (8.0 -> 7 /
 * -8): 14; float8_e4m3b11fnuz -> float4_e2m1fn, 31. Not where a sign half
 * varies over more than 32 codes (float8 -> float8 of other ranges), nor
 * from float8_e8m0fnu (no sign bit) or a non-float8 source. The negative
 * half without lookups of its own where it can: float4/float6 targets by
 * an XOR of the sign bit, unsigned ones one code, int8 the negative half's
 * entries negated (saturating, so -128 gives 127); int2/int4 (their codes
 * the value's low bits: -8 is 8) by lookups. */
static void test_rg_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  /* range (HI - LO + 1, 0: no clamp) and sign rule + 1 (tl__avx2_rg_sign: 1 tables, 2 XOR, 3 one
     code, 4 saturating negation); -1: not checked */
  static const struct { tl_dtype from, to; int range, sign; } want[] = {
      {TL_FLOAT8_E5M2, TL_INT8, 30, 4},
      {TL_FLOAT8_E5M2FNUZ, TL_INT8, 30, 4},
      {TL_FLOAT8_E4M3FN, TL_INT2, 10, -1},
      {TL_FLOAT8_E5M2, TL_INT4, 14, 1},
      {TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT4_E2M1FN, 31, 2},
      {TL_FLOAT8_E5M2, TL_FLOAT4_E2M1FN, -1, 2},
      {TL_FLOAT8_E5M2, TL_FLOAT6_E2M3FN, -1, 2},
      {TL_FLOAT8_E4M3, TL_UINT2, -1, 3},
      {TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2, 0, 0},
      {TL_FLOAT8_E5M2, TL_FLOAT8_E4M3FN, 0, 0},
      {TL_FLOAT8_E8M0FNU, TL_INT2, 0, 0},
      {TL_INT8, TL_INT2, 0, 0},
      {TL_FLOAT8_E5M2, TL_INT16, 0, 0}, /* 1-byte outputs only */
  };
  int bad = 0;
  for (int sat = 0; sat < 2; sat++)
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
      const int r = tl__avx2_rg_range(want[i].from, want[i].to, sat), g = tl__avx2_rg_sign(want[i].from, want[i].to, sat);
      if ((want[i].range >= 0 && r != want[i].range) || (want[i].sign >= 0 && g != want[i].sign)) {
        print_error("%s -> %s (sat %d): range %d sign %d, want %d %d\n", tl_dtype_name(want[i].from),
                    tl_dtype_name(want[i].to), sat, r, g, want[i].range, want[i].sign);
        bad++;
      }
    }
  assert_int_equal(bad, 0);
  assert_int_equal(tl__avx2_rg_sign((tl_dtype)-1, TL_INT8, 0), 0);
  assert_int_equal(tl__avx2_rg_range((tl_dtype)-1, TL_INT8, 0), 0);
  assert_int_equal(tl__avx2_rg_range(TL_FLOAT8_E5M2, (tl_dtype)TL_NUM_CONCRETE, 0), 0);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* Every pair of 1-byte integer types (int1..int8, uint1..uint8) runs by its
   byte rule on AVX2 (its low bits, sign-extended where the source is signed):
   the search must find one for each, with and without saturation. */
static void test_bint_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  int bad = 0, n = 0;
  for (int f = 0; f < TL_NUM_CONCRETE; f++)
    for (int t = 0; t < TL_NUM_CONCRETE; t++) {
      const tl_dtype_info *fi = tl_dtype_get((tl_dtype)f), *ti = tl_dtype_get((tl_dtype)t);
      if (f == t || !fi || !ti || fi->weak || ti->weak || fi->itemsize != 1 || ti->itemsize != 1) continue;
      if ((fi->kind != TL_KIND_INT && fi->kind != TL_KIND_UINT) || (ti->kind != TL_KIND_INT && ti->kind != TL_KIND_UINT))
        continue;
      for (int sat = 0; sat < 2; sat++, n++)
        if (!tl__avx2_bint_rule((tl_dtype)f, (tl_dtype)t, sat)) {
          print_error("%s -> %s (sat %d): no byte rule\n", fi->name, ti->name, sat);
          bad++;
        }
    }
  /* int7 -> int8 sign-extends from bit 6; int8 -> int7 keeps the low 7 bits */
  assert_int_equal(tl__avx2_bint_rule(TL_INT7, TL_INT8, 0), 1 | 0x7F << 8 | 0x40 << 16 | 8 << 24);
  assert_int_equal(tl__avx2_bint_rule(TL_INT8, TL_INT7, 0), 1 | 0x7F << 8 | 0 << 16 | 7 << 24);
  assert_int_equal(tl__avx2_bint_rule(TL_FLOAT8_E4M3FN, TL_INT8, 0), 0);
  assert_int_equal(bad, 0);
  assert_int_equal(n, 2 * 16 * 15); /* int1..int8, uint1..uint8 */
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* The arithmetic decoders of float8 and float6 codes (tl__f8dec16 and the
 * integer ones): each is checked against the pair's 256-entry table before it
 * is used, and falls back to the lookup if it differs, so a wrong decoder
 * would only be slower; here every one must pass its check: the seven signed
 * float8 formats into float32/float64/complex64/complex128, the 2- to
 * 8-byte integers and float16/bfloat16/complex32/bcomplex32 (the byte
 * planes, tl__f8hb), the two float6 formats into the same but int16/uint16
 * and float6_e3m2fn -> float16, float4_e2m1fn into float64, complex64,
 * complex128, int64 and uint64 (the others keep its 16-entry lookup), both
 * flags. */
static void test_f8dec_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip();
  static const tl_dtype src[] = {TL_FLOAT8_E4M3FN,   TL_FLOAT8_E5M2,     TL_FLOAT8_E4M3,        TL_FLOAT8_E3M4,
                                 TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E5M2FNUZ, TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT6_E2M3FN,
                                 TL_FLOAT6_E3M2FN,   TL_FLOAT4_E2M1FN};
  static const tl_dtype dst[] = {TL_FLOAT32, TL_FLOAT64,  TL_COMPLEX64, TL_COMPLEX128, TL_INT32,     TL_UINT32,   TL_INT64,
                                 TL_UINT64,  TL_INT16,    TL_UINT16,    TL_FLOAT16,    TL_BFLOAT16, TL_COMPLEX32, TL_BCOMPLEX32};
  int bad = 0, n = 0;
  for (size_t i = 0; i < sizeof src / sizeof src[0]; i++)
    for (size_t j = 0; j < sizeof dst / sizeof dst[0]; j++) {
      const int f6 = src[i] == TL_FLOAT6_E2M3FN || src[i] == TL_FLOAT6_E3M2FN, f4 = src[i] == TL_FLOAT4_E2M1FN;
      /* float6 -> int16/uint16/int32/uint32 and -> float16/bfloat16:
         lookups (a widened byte into the integers, the sign apart into the
         floats); float4 decodes into float64, complex64, complex128, int64
         and uint64 only */
      const int want = f4 ? dst[j] == TL_FLOAT64 || dst[j] == TL_COMPLEX64 || dst[j] == TL_COMPLEX128 ||
                                dst[j] == TL_INT64 || dst[j] == TL_UINT64
                          : !(f6 && (dst[j] == TL_INT16 || dst[j] == TL_UINT16 || dst[j] == TL_INT32 || dst[j] == TL_UINT32 ||
                                     dst[j] == TL_FLOAT16 || dst[j] == TL_BFLOAT16));
      for (int sat = 0; sat < 2; sat++, n++)
        if (tl__avx2_f8dec_ok(src[i], dst[j], sat) != want) {
          print_error("%s -> %s (sat %d): decoder %s\n", tl_dtype_name(src[i]), tl_dtype_name(dst[j]), sat,
                      want ? "missing or rejected" : "used");
          bad++;
        }
    }
  /* bad input: not dtypes */
  if (tl__avx2_f8dec_ok((tl_dtype)-1, TL_FLOAT32, 0) || tl__avx2_f8dec_ok(TL_FLOAT8_E4M3FN, (tl_dtype)TL_NUM_CONCRETE, 0))
    bad++;
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  assert_int_equal(n, 2 * 10 * 14);
  assert_int_equal(bad, 0);
}

/* The affine rules (float8 -> 1-byte floats by arithmetic on the code, its
 * mantissa shifted by the difference of the two formats' mantissa widths):
 * every pair of the seven signed float8 formats but into float8_e3m4 (whose
 * subnormals span more source codes than a 32-entry window), and each of
 * them into float8_e8m0fnu (the exponent: a right shift by the source's
 * mantissa width), both flags; float8_e5m2 -> float6_e3m2fn / float4_e2m1fn
 * too. Without a rule the pair would still be right
 * (test_byte_sources_every_value runs it with and without), only slower. */
static void test_aff_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  tl__avx2_afl_disable(1); /* the routes without the floored rules (test_afl_floored_rules) */
  static const struct { tl_dtype t; int m; } f8[] = {
      {TL_FLOAT8_E4M3FN, 3}, {TL_FLOAT8_E5M2, 2},     {TL_FLOAT8_E4M3, 3},        {TL_FLOAT8_E3M4, 4},
      {TL_FLOAT8_E4M3FNUZ, 3}, {TL_FLOAT8_E5M2FNUZ, 2}, {TL_FLOAT8_E4M3B11FNUZ, 3}};
  const int nf = (int)(sizeof f8 / sizeof f8[0]);
  int bad = 0, n = 0;
  for (int i = 0; i < nf; i++)
    for (int j = 0; j <= nf; j++) {
      const tl_dtype to = j < nf ? f8[j].t : TL_FLOAT8_E8M0FNU;
      if (j == i || to == TL_FLOAT8_E3M4) continue;
      const int want = j < nf ? f8[j].m - f8[i].m : -f8[i].m;
      for (int sat = 0; sat < 2; sat++, n++) {
        const int sh = tl__avx2_aff_shift(f8[i].t, to, sat);
        if (sh != 16 + want) {
          print_error("%s -> %s (sat %d): shift %d, want %d\n", tl_dtype_name(f8[i].t), tl_dtype_name(to), sat,
                      sh ? sh - 16 : 99, want);
          bad++;
        }
      }
    }
  /* float8_e5m2 (2 mantissa bits) into float6_e3m2fn (2); into float4_e2m1fn
     any rule (its 8 magnitudes fit the window: no shift needed) */
  for (int sat = 0; sat < 2; sat++, n += 2) {
    if (tl__avx2_aff_shift(TL_FLOAT8_E5M2, TL_FLOAT6_E3M2FN, sat) != 16) bad++;
    if (tl__avx2_aff_shift(TL_FLOAT8_E5M2, TL_FLOAT4_E2M1FN, sat) == 0) bad++;
  }
  /* none for multi-byte outputs, int8 or float4_e2m1fn_x2 sources */
  if (tl__avx2_aff_shift(TL_FLOAT8_E4M3FN, TL_INT16, 0) || tl__avx2_aff_shift(TL_INT8, TL_FLOAT8_E4M3FN, 0) ||
      tl__avx2_aff_shift(TL_FLOAT4_E2M1FN_X2, TL_FLOAT4_E2M1FN_X2, 0) || tl__avx2_aff_kind(TL_INT8, TL_FLOAT8_E4M3FN, 0))
    bad++;
  /* the cheaper forms where they give the table: a right shift by one with C
     in one VPAVGB (float8_e4m3fn -> float8_e5m2: C = 32, form 0); no tail
     where the cap gives its codes, with fnuz's 0x80 patched (float8_e4m3fnuz
     -> float8_e4m3: form 5) or not (float8_e4m3fnuz -> float8_e5m2fnuz, also
     VPAVGB: form 4); the tail kept where the source has NaN magnitudes
     (float8_e4m3fn -> float8_e5m2) */
  for (int sat = 0; sat < 2; sat++) {
    if (tl__avx2_aff_kind(TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2, sat) != 16 + 1) bad++;
    if (tl__avx2_aff_kind(TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E4M3, sat) != 5 + 1) bad++;
    if (tl__avx2_aff_kind(TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E5M2FNUZ, sat) != 16 + 4 + 1) bad++;
  }
  /* the window by VPXOR where the formula is flat below it (the 32-entry
     window: float8_e4m3fn -> uint4, form 2; with the level or the patch:
     float8_e4m3b11fnuz -> float6_e2m3fn, form 3), by blends where it is not
     (float8_e8m0fnu -> float8_e4m3fn, whose left shifts wrap: form 6 for
     0; float8_e5m2fnuz -> uint8: form 8 for 3) */
  for (int sat = 0; sat < 2; sat++, n += 3) {
    if (tl__avx2_aff_kind(TL_FLOAT8_E4M3FN, TL_UINT4, sat) != 2 + 1) bad++;
    if (tl__avx2_aff_kind(TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT6_E2M3FN, sat) != 3 + 1) bad++;
    if (tl__avx2_aff_kind(TL_FLOAT8_E5M2FNUZ, TL_UINT8, sat) != 8 + 1) bad++;
  }
  n++;
  if (tl__avx2_aff_kind(TL_FLOAT8_E8M0FNU, TL_FLOAT8_E4M3FN, 0) != 6 + 1) bad++;
  /* that rule runs before the pair's 5-bit fold except where blends are slow
     (tl__cpu_blend_slow: Intel), and the bytes are the scalar tier's either way */
  static const tl_dtype e8to[] = {TL_FLOAT8_E4M3FN, TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E4M3B11FNUZ};
  for (size_t k = 0; k < sizeof e8to / sizeof e8to[0]; k++, n++) {
    if (tl__avx2_fold_bits(TL_FLOAT8_E8M0FNU, e8to[k], 0) != 5) bad++;
    if (tl__avx2_lut8_route(TL_FLOAT8_E8M0FNU, e8to[k], 0) != (tl__cpu_blend_slow ? 6 : 5)) bad++;
    uint8_t src[256 + 32], out[256 + 64], ref[256 + 64];
    for (int i = 0; i < 256 + 32; i++) src[i] = (uint8_t)(i * 73 + 5);
    compare_tiers(TL_FLOAT8_E8M0FNU, src, e8to[k], 256 + 32, 0, 0, out, ref, 2);
  }
  /* where blends are slow an affine rule is priced with its blends at
     three operations (tl__aff_cost): float8_e4m3b11fnuz -> float6_e2m3fn's
     (form 3, four blends) gives way to the fold, float8_e4m3fnuz -> uint4's
     (form 2, one) to the row sums, and float8_e5m2 -> float8_e3m4's range
     clamp, which ran in place of the affine rule, to the fold as well; with
     fast blends the rules stay. The bytes are the scalar tier's either way. */
  static const struct {
    tl_dtype from, to;
    int fast, slow;
  } pr[] = {{TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT6_E2M3FN, 5, 6},
            {TL_FLOAT8_E4M3FNUZ, TL_UINT4, 5, 8},
            {TL_FLOAT8_E5M2, TL_FLOAT8_E3M4, 4, 6}};
  for (size_t k = 0; k < sizeof pr / sizeof pr[0]; k++, n++) {
    const int r = tl__avx2_lut8_route(pr[k].from, pr[k].to, 0);
    if (r != (tl__cpu_blend_slow ? pr[k].slow : pr[k].fast)) {
      print_error("%s -> %s: route %d (blends slow: %d)\n", tl_dtype_name(pr[k].from), tl_dtype_name(pr[k].to), r,
                  tl__cpu_blend_slow);
      bad++;
    }
    uint8_t src[256 + 32], out[256 + 64], ref[256 + 64];
    for (int i = 0; i < 256 + 32; i++) src[i] = (uint8_t)(i * 73 + 5);
    compare_tiers(pr[k].from, src, pr[k].to, 256 + 32, 0, 0, out, ref, 2);
  }
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  tl__avx2_afl_disable(0);
  assert_int_equal(n, 2 * (6 * 6 + 6 + 1 + 2) + 7 + 3 + 3);
  assert_int_equal(bad, 0);
}

/* The row-sum rules (float8 -> 1-byte types as two nibble lookups summed,
 * convert_avx2.c): pairs whose code is the exponent re-biased and the
 * mantissa rounded, with a subnormal row and an inf/NaN row mended, take
 * them (float8_e3m4 -> float8_e4m3 / float8_e5m2, float8_e4m3 ->
 * float8_e5m2, float8_e3m4 -> float6_e3m2fn, float8_e5m2fnuz -> uint8, with
 * and without saturation); none for int8 or float8_e8m0fnu sources (no sign
 * bit), multi-byte outputs or a dtype out of range; turned off, the pair
 * takes another route and the same bytes come out (every code, as
 * test_byte_sources_every_value checks for every pair). A rule whose sign
 * is an XOR of bit 7, with no cap and no row sum past 255, adds the sign
 * bit in its rows' lookup instead (float8_e3m4 -> float8_e4m3,
 * float8_e4m3 -> float8_e5m2; not the capped float8_e4m3 -> float8_e3m4). */
static void test_ns_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  tl__avx2_afl_disable(1); /* the routes without the floored rules (test_afl_floored_rules) */
  static const tl_dtype pairs[][2] = {{TL_FLOAT8_E3M4, TL_FLOAT8_E4M3},
                                      {TL_FLOAT8_E3M4, TL_FLOAT8_E5M2},
                                      {TL_FLOAT8_E4M3, TL_FLOAT8_E5M2},
                                      {TL_FLOAT8_E3M4, TL_FLOAT6_E3M2FN},
                                      {TL_FLOAT8_E5M2FNUZ, TL_UINT8},
                                      {TL_FLOAT8_E4M3, TL_FLOAT8_E3M4},  /* 4 corrections */
                                      {TL_FLOAT8_E4M3FN, TL_UINT8},      /* 4 on rows of 8, against a 7-bit fold */
                                      {TL_FLOAT8_E4M3, TL_FLOAT8_E5M2FNUZ}, /* rows of 8, the fnuz sign */
                                      {TL_FLOAT8_E4M3B11FNUZ, TL_UINT8},    /* rows of 8, an fnuz source */
                                      {TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2FNUZ}, /* its NaN magnitude patched */
                                      {TL_FLOAT8_E3M4, TL_INT8},         /* the negating sign rule */
                                      {TL_FLOAT8_E3M4, TL_INT4},         /* the same modulo 16 */
                                      {TL_FLOAT8_E4M3FNUZ, TL_INT7}};    /* an fnuz source, its NaN (0x80) 0 */
  enum { N = 1000 };
  static uint8_t src[N], out[N], ref[N];
  for (int i = 0; i < N; i++) src[i] = (uint8_t)(i * 73 + 5);
  for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
    for (int sat = 0; sat < 2; sat++) {
      const tl_dtype F = pairs[p][0], T = pairs[p][1];
      const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
      if (tl__avx2_ns_cost(F, T, sat) <= 0 || tl__avx2_lut8_route(F, T, sat) != 8)
        fail_msg("%s -> %s (sat %d): cost %d, route %d", tl_dtype_name(F), tl_dtype_name(T), sat,
                 tl__avx2_ns_cost(F, T, sat), tl__avx2_lut8_route(F, T, sat));
      assert_int_equal(tl_convert_contiguous(F, src, T, ref, N, flags, NULL), TL_OK);
      assert_int_equal(tl__avx2_ns_disable(1), 0);
      const int other = tl__avx2_lut8_route(F, T, sat);
      memset(out, 0x5A, sizeof out);
      assert_int_equal(tl_convert_contiguous(F, src, T, out, N, flags, NULL), TL_OK);
      assert_int_equal(tl__avx2_ns_disable(0), 1);
      assert_true(other != 8 && other != 0);
      assert_memory_equal(out, ref, sizeof out);
    }
  /* the sign bit added in the rows' lookup (TL__NS_XORH): XOR80 rules with no cap and no sum past 255 */
  assert_int_equal(tl__avx2_ns_sgh(TL_FLOAT8_E3M4, TL_FLOAT8_E4M3, 0), 1);
  assert_int_equal(tl__avx2_ns_sgh(TL_FLOAT8_E4M3, TL_FLOAT8_E5M2, 0), 1);
  assert_int_equal(tl__avx2_ns_sgh(TL_FLOAT8_E4M3, TL_FLOAT8_E3M4, 0), 0); /* capped */
  assert_int_equal(tl__avx2_ns_sgh(TL_FLOAT8_E3M4, TL_INT8, 0), 0);        /* the negating rule */
  assert_int_equal(tl__avx2_ns_sgh(TL_INT8, TL_FLOAT8_E4M3, 0), -1);       /* no row sums */
  assert_int_equal(tl__avx2_ns_corrections(TL_FLOAT8_E4M3, TL_FLOAT8_E3M4, 0), 4);
  assert_int_equal(tl__avx2_ns_corrections(TL_FLOAT8_E4M3FN, TL_UINT8, 0), 4);
  /* rows of 8 magnitudes (H indexed by the exponent field of an e4m3 format) where they take fewer
     corrections: float8_e4m3 -> float8_e5m2fnuz has one (the subnormal codes) where rows of 16 needed two
     (and its inf/NaN codes saturate into the cap); rows of 16 where those do as well */
  assert_int_equal(tl__avx2_ns_rows(TL_FLOAT8_E4M3, TL_FLOAT8_E5M2FNUZ, 0), 3);
  assert_int_equal(tl__avx2_ns_corrections(TL_FLOAT8_E4M3, TL_FLOAT8_E5M2FNUZ, 0), 1);
  assert_int_equal(tl__avx2_ns_rows(TL_FLOAT8_E4M3FN, TL_UINT8, 0), 3);
  assert_int_equal(tl__avx2_ns_rows(TL_FLOAT8_E3M4, TL_FLOAT8_E4M3, 0), 4);
  assert_int_equal(tl__avx2_ns_rows(TL_INT8, TL_FLOAT8_E4M3FN, 0), -1);
  /* a magnitude patched before the sign rule (both signs' codes) where that saves a correction:
     float8_e4m3fn's NaN 0x7F in the row of 0x78-0x7E, finite; a code patched after it: an fnuz
     source's NaN 0x80 (float8_e4m3fnuz -> float8_e4m3) */
  assert_int_equal(tl__avx2_ns_patch(TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2FNUZ, 0), 2);
  assert_int_equal(tl__avx2_ns_patch(TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E4M3, 0), 1);
  assert_int_equal(tl__avx2_ns_patch(TL_FLOAT8_E3M4, TL_FLOAT8_E4M3, 0), 0);
  assert_int_equal(tl__avx2_ns_patch(TL_INT8, TL_FLOAT8_E4M3FN, 0), -1);
  assert_int_equal(tl__avx2_ns_rows((tl_dtype)-1, TL_FLOAT8_E4M3FN, 0), -1);
  assert_int_equal(tl__avx2_ns_corrections(TL_INT8, TL_FLOAT8_E4M3FN, 0), -1);
  assert_int_equal(tl__avx2_ns_corrections(TL_FLOAT8_E4M3FN, TL_FLOAT4_E2M1FN_X2, 0), -1);
  assert_int_equal(tl__avx2_ns_corrections(TL_FLOAT8_E4M3FN, TL_WEAK_FLOAT, 0), -1);
  assert_int_equal(tl__avx2_ns_cost(TL_FLOAT8_E4M3FN, TL_WEAK_FLOAT, 0), 0);
  assert_int_equal(tl__avx2_ns_cost(TL_INT8, TL_FLOAT8_E4M3FN, 0), 0);
  assert_int_equal(tl__avx2_ns_cost(TL_FLOAT8_E8M0FNU, TL_FLOAT8_E4M3FN, 0), 0);
  assert_int_equal(tl__avx2_ns_cost(TL_FLOAT8_E4M3FN, TL_INT16, 0), 0);
  assert_int_equal(tl__avx2_ns_cost(TL_FLOAT16, TL_FLOAT8_E4M3FN, 0), 0);
  assert_int_equal(tl__avx2_ns_cost((tl_dtype)-1, TL_FLOAT8_E4M3FN, 0), 0);
  assert_int_equal(tl__avx2_ns_cost(TL_FLOAT8_E4M3FN, (tl_dtype)TL_NUM_CONCRETE, 0), 0);
  assert_int_equal(tl__avx2_afl_disable(0), 1);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* tl_convert_contiguous's fast path (the kept kernel called directly, or a
 * 1-byte source's lookups) is taken only where the full path would run
 * that kernel on the calling thread: a concrete pair with a kernel found by
 * an earlier call (the lookups: known to have none, from 64 elements), at
 * least 16 elements, no checked mode, one thread for the size, no streams;
 * and it gives the full path's bytes, clears the error slot, leaves the
 * output's neighbours alone. */
static void test_fast_path(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const struct { tl_dtype from, to; unsigned flags; } c[] = {
      {TL_FLOAT32, TL_FLOAT16, 0}, {TL_INT32, TL_INT64, 0}, {TL_FLOAT16, TL_FLOAT8_E4M3FN, 0},
      {TL_FLOAT32, TL_FLOAT8_E4M3FN, TL_CONVERT_SATURATE}, {TL_FLOAT64, TL_INT8, TL_CONVERT_SATURATE}};
  enum { N = 1000 };
  static unsigned char src[N * 8 + 64], out[N * 8 + 64], ref[N * 8 + 64];
  fill(src, sizeof src);
  for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
    const size_t ds = isz(c[k].to);
    assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
    assert_false(tl__convert_fast(c[k].from, c[k].to, c[k].flags, N)); /* no x86 kernel in the scalar tier */
    assert_int_equal(tl_convert_contiguous(c[k].from, src, c[k].to, ref, N, c[k].flags, NULL), TL_OK);
    assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
    for (int pass = 0; pass < 2; pass++) { /* the first finds the kernel, the second takes the fast path */
      assert_int_equal(tl_convert_contiguous(c[k].from, NULL, c[k].to, out, N, 0, NULL), TL_EINVAL); /* an error first */
      memset(out, 0x5A, sizeof out);
      assert_int_equal(tl_convert_contiguous(c[k].from, src, c[k].to, out + 1, N, c[k].flags, NULL), TL_OK);
      assert_string_equal(tl_errmsg(), "");
      assert_memory_equal(out + 1, ref, N * ds);
      assert_int_equal(out[0], 0x5A);
      assert_int_equal(out[1 + N * ds], 0x5A);
    }
    assert_true(tl__convert_fast(c[k].from, c[k].to, c[k].flags, N));
    assert_true(tl__convert_fast(c[k].from, c[k].to, c[k].flags, 16));
    assert_false(tl__convert_fast(c[k].from, c[k].to, c[k].flags, 15));
    assert_false(tl__convert_fast(c[k].from, c[k].to, c[k].flags | TL_CONVERT_CHECKED, N));
    assert_false(tl__convert_fast(c[k].from, c[k].to, c[k].flags | 0x100, N));
  }
  /* a 1-byte source's lookups (no kernel: the slot says none once looked for), from 64 elements */
  static const struct { tl_dtype from, to; unsigned flags; } l[] = {
      {TL_FLOAT8_E4M3, TL_INT8, 0}, {TL_FLOAT8_E5M2, TL_FLOAT8_E3M4, 0}, {TL_UINT8, TL_FLOAT8_E5M2, TL_CONVERT_SATURATE}};
  for (size_t k = 0; k < sizeof l / sizeof l[0]; k++) {
    assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
    assert_int_equal(tl_convert_contiguous(l[k].from, src, l[k].to, ref, N, l[k].flags, NULL), TL_OK);
    assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
    assert_null(tl__avx2_kernel(l[k].from, l[k].to, l[k].flags != 0));
    for (int pass = 0; pass < 2; pass++) {
      memset(out, 0x5A, sizeof out);
      assert_int_equal(tl_convert_contiguous(l[k].from, src, l[k].to, out + 3, N, l[k].flags, NULL), TL_OK);
      assert_memory_equal(out + 3, ref, N);
      assert_int_equal(out[2], 0x5A);
      assert_int_equal(out[3 + N], 0x5A);
    }
    assert_int_equal(tl__convert_fast(l[k].from, l[k].to, l[k].flags, N), 2);
    assert_int_equal(tl__convert_fast(l[k].from, l[k].to, l[k].flags, 64), 2);
    assert_int_equal(tl__convert_fast(l[k].from, l[k].to, l[k].flags, 63), 0);
  }
  assert_int_equal(tl__convert_fast(TL_FLOAT32, TL_FLOAT16, 0, N), 1);
  /* checked mode still checks after the kernel is known: 1e6 is no float16 */
  float big[32];
  for (int i = 0; i < 32; i++) big[i] = i == 20 ? 1e6f : (float)i;
  size_t at = 0;
  assert_int_equal(tl_convert_contiguous(TL_FLOAT32, big, TL_FLOAT16, out, 32, TL_CONVERT_CHECKED, &at), TL_ECAST);
  assert_int_equal(at, 20);
  /* dtypes the kernels do not take */
  assert_false(tl__convert_fast(TL_FLOAT32, TL_FLOAT32, 0, N));
  assert_false(tl__convert_fast(TL_WEAK_FLOAT, TL_FLOAT16, 0, N));
  assert_false(tl__convert_fast((tl_dtype)-1, TL_FLOAT16, 0, N));
  assert_false(tl__convert_fast(TL_FLOAT32, (tl_dtype)TL_NUM_CONCRETE, 0, N));
  assert_false(tl__convert_fast(TL_FLOAT4_E2M1FN_X2, TL_FLOAT16, 0, N));
  assert_false(tl__convert_fast(TL_FLOAT32, TL_FLOAT16, 0, (size_t)PTRDIFF_MAX));
  /* more than one thread for the size: the full path (the pool) */
  const int nt0 = tl_convert_threads();
  const size_t th0 = tl_convert_thread_threshold();
  assert_int_equal(tl_convert_set_threads(2), TL_OK);
  assert_int_equal(tl_convert_set_thread_threshold(4096), TL_OK);
  assert_false(tl__convert_fast(TL_FLOAT32, TL_FLOAT16, 0, 1 << 16));
  assert_true(tl__convert_fast(TL_FLOAT32, TL_FLOAT16, 0, 64));
  assert_int_equal(tl_convert_set_threads(1), TL_OK);
  assert_true(tl__convert_fast(TL_FLOAT32, TL_FLOAT16, 0, 1 << 16));
  assert_int_equal(tl_convert_set_threads(nt0), TL_OK);
  assert_int_equal(tl_convert_set_thread_threshold(th0), TL_OK);
  /* streams possible for the size (a quarter-size output): the full path */
  const size_t prev = tl__streams_set_min((size_t)32 << 10);
  assert_int_equal(tl_convert_contiguous(TL_INT64, src, TL_INT8, out, N, 0, NULL), TL_OK);
  assert_false(tl__convert_fast(TL_INT64, TL_INT8, 0, 1 << 16));
  assert_true(tl__convert_fast(TL_INT64, TL_INT8, 0, 1000));
  tl__streams_set_min(prev);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* Every byte value in runs with each code beside many others: src[i] for i < n */
static void fill_codes(uint8_t *src, int n) {
  for (int i = 0; i < n; i++) src[i] = (uint8_t)(i * 151 + i / 256);
}

/* Normalized binades (tl__bn): the formula holds for int8/uint8 into the
 * float8 formats whose overflow past uint8's range is one code (inf, NaN or,
 * saturating, the largest finite: a cap), so into float8_e3m4,
 * e4m3b11fnuz and the float6/float4 formats only when saturating (without,
 * every value from 16 or 32 on overflows to inf or NaN, which a cap at the
 * largest finite does not give); it runs in place of the binade rows' 8-row
 * form (uint8 -> float8_e5m2/e5m2fnuz), the 6-row form and int8's 7-bit
 * folds staying. Results against the scalar tier at every offset. */
static void test_bn_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const struct {
    tl_dtype to;
    int nosat, sat;
  } want[] = {
      {TL_FLOAT8_E4M3, 1, 1},      {TL_FLOAT8_E4M3FN, 1, 1},      {TL_FLOAT8_E4M3FNUZ, 1, 1}, {TL_FLOAT8_E5M2, 1, 1},
      {TL_FLOAT8_E5M2FNUZ, 1, 1},  {TL_FLOAT8_E3M4, 0, 1},        {TL_FLOAT8_E4M3B11FNUZ, 0, 1},
      {TL_FLOAT6_E2M3FN, 0, 1},    {TL_FLOAT6_E3M2FN, 0, 1},      {TL_FLOAT4_E2M1FN, 0, 1},   {TL_FLOAT8_E8M0FNU, 0, 0},
      {TL_INT16, 0, 0},
  };
  for (size_t j = 0; j < sizeof want / sizeof want[0]; j++)
    for (int sat = 0; sat < 2; sat++)
      for (int sg = 0; sg < 2; sg++) {
        const tl_dtype from = sg ? TL_INT8 : TL_UINT8;
        if (tl__avx2_bn_has(from, want[j].to, sat) != (sat ? want[j].sat : want[j].nosat))
          fail_msg("%s -> %s (sat %d): normalized binades %d", tl_dtype_name(from), tl_dtype_name(want[j].to), sat,
                   tl__avx2_bn_has(from, want[j].to, sat));
      }
  assert_false(tl__avx2_bn_has(TL_INT16, TL_FLOAT8_E4M3FN, 0));
  assert_false(tl__avx2_bn_has(TL_UINT8, (tl_dtype)-1, 0));
  assert_false(tl__avx2_bn_has(TL_UINT8, (tl_dtype)TL_NUM_CONCRETE, 0));
  static const struct {
    tl_dtype from, to;
    int route;
  } r[] = {{TL_UINT8, TL_FLOAT8_E5M2, 10}, {TL_UINT8, TL_FLOAT8_E5M2FNUZ, 10}, {TL_UINT8, TL_FLOAT8_E4M3FN, 3},
           {TL_INT8, TL_FLOAT8_E5M2, 3} /* the adjusted 6-row form, before its fold */, {TL_UINT8, TL_FLOAT8_E4M3, 3},
           {TL_UINT8, TL_FLOAT8_E4M3FNUZ, 3}};
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  fill_codes(src, N + 64);
  for (size_t p = 0; p < sizeof r / sizeof r[0]; p++)
    for (int sat = 0; sat < 2; sat++) {
      /* where blends are slow (Intel) uint8's 6-row form gives way to the binades */
      assert_int_equal(tl__avx2_lut8_route(r[p].from, r[p].to, sat),
                       r[p].route == 3 && r[p].from == TL_UINT8 && tl__cpu_blend_slow ? 10 : r[p].route);
      for (int off = 0; off < 32; off += 5) /* the scalar tier, then avx2 (tiers[1]) */
        compare_tiers(r[p].from, src + off, r[p].to, N, (size_t)off, sat ? TL_CONVERT_SATURATE : 0, out, ref, 2);
    }
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* compare_tiers (scalar against avx2) on runs of n = 0 .. N codes from src,
 * at source offsets 0, 7, 14, 21, 28 and destination offsets 31 down: the
 * one-vector steps, the four-vector steps and the tails between them. */
static void compare_runs(tl_dtype from, tl_dtype to, int sat, const unsigned char *src, size_t N, unsigned char *out,
                         unsigned char *ref) {
  for (size_t n = 0; n <= N; n += n < 200 ? 29 : 411)
    for (int off = 0; off < 32; off += 7)
      compare_tiers(from, src + off, to, n, (size_t)(31 - off), sat ? TL_CONVERT_SATURATE : 0, out, ref, 2);
}

/* Every 1-byte pair (both flags) whose AVX2 route is R, run against the
 * scalar tier with tl__cpu_blend_slow 0 and 1 (the forms AMD and Intel
 * run), seen(F, T, sat, slow, arg) called before each run (may be NULL);
 * returns how many pairs. */
static int route_pairs_both_blends(int R, void (*seen)(tl_dtype, tl_dtype, int, int, void *), void *arg,
                                   const unsigned char *src, size_t N, unsigned char *out, unsigned char *ref) {
  const int saved = tl__cpu_blend_slow;
  int np = 0;
  for (int a = 0; a < TL_NUM_CONCRETE; a++)
    for (int b = 0; b < TL_NUM_CONCRETE; b++) {
      const tl_dtype F = (tl_dtype)a, T = (tl_dtype)b;
      if (F == T || isz(F) != 1 || isz(T) != 1 || F == TL_FLOAT4_E2M1FN_X2 || T == TL_FLOAT4_E2M1FN_X2) continue;
      for (int sat = 0; sat < 2; sat++) {
        if (tl__avx2_lut8_route(F, T, sat) != R) continue;
        np++;
        for (int slow = 0; slow < 2; slow++) {
          tl__cpu_blend_slow = slow;
          if (seen) seen(F, T, sat, slow, arg);
          compare_runs(F, T, sat, src, N, out, ref);
        }
        tl__cpu_blend_slow = saved;
      }
    }
  return np;
}

/* Where blends are slow (tl__cpu_blend_slow: Intel) the affine rules of
 * forms 0, 1 and 5 put their tail in by VPMAXUB (where every code before it
 * is at most the tail's) and their patched byte by VPXOR, not VPBLENDVB
 * (tl__avx2_aff_sl): float8_e5m2 -> float8_e4m3 without saturation (form 0;
 * its tail 0x7C, NaN, above every code of a magnitude: the scalar tier's
 * 0x7D-0x7F give it, 0x7C inf gives 0x78; saturating, inf's 0x77 takes form 3), float8_e5m2fnuz -> float8_e4m3 (form 5; its NaN 0x80
 * patched to 0xFC), never with fast blends nor in the other forms (float8_e4m3fn
 * -> uint4, form 2). Every pair with an affine rule gives the scalar tier's
 * bytes either way. */
/* the scalar tier's results r for the 256 codes of 1-byte pair (F, T, sat); the AVX2 tier set again */
static void scalar_table8(tl_dtype F, tl_dtype T, int sat, uint8_t r[256]) {
  uint8_t codes[256];
  for (int i = 0; i < 256; i++) codes[i] = (uint8_t)i;
  assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
  assert_int_equal(tl_convert_contiguous(F, codes, T, r, 256, sat ? TL_CONVERT_SATURATE : 0, NULL), TL_OK);
  assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
}
static void count_aff_sl(tl_dtype F, tl_dtype T, int sat, int slow, void *arg) {
  ((int *)arg)[slow] += tl__avx2_aff_sl(F, T, sat);
}
static void test_aff_sl(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  fill_codes(src, N + 64);
  uint8_t e5[256], e5z[256];
  scalar_table8(TL_FLOAT8_E5M2, TL_FLOAT8_E4M3, 0, e5);
  scalar_table8(TL_FLOAT8_E5M2FNUZ, TL_FLOAT8_E4M3, 0, e5z);
  for (int i = 0x7D; i < 0x80; i++) assert_int_equal(e5[i], 0x7C);
  for (int i = 0; i < 0x7D; i++) assert_true(e5[i] <= 0x78);
  assert_int_equal(e5z[0x80], 0xFC);
  assert_int_equal(tl__avx2_aff_kind(TL_FLOAT8_E5M2, TL_FLOAT8_E4M3, 0), 0 + 1);
  assert_int_equal(tl__avx2_aff_kind(TL_FLOAT8_E5M2FNUZ, TL_FLOAT8_E4M3, 0), 5 + 1);
  assert_int_equal(tl__avx2_aff_kind(TL_FLOAT8_E4M3FN, TL_UINT4, 0), 2 + 1);
  assert_int_equal(tl__avx2_aff_sl((tl_dtype)-1, TL_FLOAT8_E4M3, 0), 0);
  assert_int_equal(tl__avx2_aff_sl(TL_FLOAT8_E5M2, (tl_dtype)TL_NUM_CONCRETE, 0), 0);
  const int saved = tl__cpu_blend_slow;
  for (int slow = 0; slow < 2; slow++) {
    tl__cpu_blend_slow = slow;
    assert_int_equal(tl__avx2_aff_sl(TL_FLOAT8_E5M2, TL_FLOAT8_E4M3, 0), slow);
    assert_int_equal(tl__avx2_aff_sl(TL_FLOAT8_E5M2, TL_FLOAT8_E4M3, 1), 0); /* form 3: inf to 0x77, NaN 0x7C */
    for (int sat = 0; sat < 2; sat++) {
      assert_int_equal(tl__avx2_aff_sl(TL_FLOAT8_E5M2FNUZ, TL_FLOAT8_E4M3, sat), slow);
      assert_int_equal(tl__avx2_aff_sl(TL_FLOAT8_E4M3FN, TL_UINT4, sat), 0);
    }
  }
  tl__cpu_blend_slow = saved;
  int nsl[2] = {0, 0};
  const int npairs = route_pairs_both_blends(5, count_aff_sl, nsl, src, N, out, ref);
  assert_true(nsl[1] > 0 && npairs > nsl[1] && nsl[0] == 0);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* The row sums (route 8) whose negatives all take one code, 0xFF or 0
 * (float8_e4m3 -> float8_e8m0fnu: NaN for every negative; float8_e5m2fnuz ->
 * uint8: 0), put it in by an OR / VPANDN with the sign's mask where blends
 * are slow (tl__cpu_blend_slow: Intel) and by a blend elsewhere; every pair
 * with a row sum gives the scalar tier's bytes with either. */
static void test_ns_blends(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  assert_int_equal(tl__avx2_cs_disable(1), 0); /* float8_e4m3 -> float8_e8m0fnu's code shift off: its row sums */
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  fill_codes(src, N + 64);
  uint8_t e8[256], u8[256];
  scalar_table8(TL_FLOAT8_E4M3, TL_FLOAT8_E8M0FNU, 0, e8);
  scalar_table8(TL_FLOAT8_E5M2FNUZ, TL_UINT8, 0, u8);
  for (int i = 0x80; i < 0x100; i++) assert_int_equal(e8[i], 0xFF);
  for (int i = 0x80; i < 0x100; i++) assert_int_equal(u8[i], 0);
  assert_int_equal(tl__avx2_lut8_route(TL_FLOAT8_E4M3, TL_FLOAT8_E8M0FNU, 0), 8);
  assert_int_equal(tl__avx2_lut8_route(TL_FLOAT8_E5M2FNUZ, TL_UINT8, 0), 8);
  assert_true(route_pairs_both_blends(8, NULL, NULL, src, N, out, ref) >= 2);
  assert_int_equal(tl__avx2_cs_disable(0), 1);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* Pair (from, to, sat) with its rules of route R turned off by disable(1)
 * takes another route (not none) with the bytes it gave on route R over
 * src[0, n): ref gets the first, out the second. */
static void same_bytes_rule_off(tl_dtype from, tl_dtype to, int sat, int R, int (*disable)(int), const uint8_t *src,
                                size_t n, uint8_t *out, uint8_t *ref) {
  const unsigned fl = sat ? TL_CONVERT_SATURATE : 0;
  assert_int_equal(tl__avx2_lut8_route(from, to, sat), R);
  assert_int_equal(tl_convert_contiguous(from, src, to, ref, n, fl, NULL), TL_OK);
  assert_int_equal(disable(1), 0);
  const int other = tl__avx2_lut8_route(from, to, sat);
  memset(out, 0x5A, n);
  assert_int_equal(tl_convert_contiguous(from, src, to, out, n, fl, NULL), TL_OK);
  assert_int_equal(disable(0), 1);
  assert_true(other != R && other != 0);
  assert_memory_equal(out, ref, n);
}

/* Left shifts (route 13): float8_e8m0fnu -> float8_e5m2 is min(sat(x - 110),
 * 33) = u, then max(u, sat(4u - 8)): 2^-16 (x = 111) gives 1, 2^-15 2, 2^-14
 * 4 (the smallest normal), 2^15 (x = 142) 0x78 and from 2^16 on 0x7C (inf;
 * saturating, capped at 0x7B), NaN (0xFF) 0x7E from the tail; the table
 * written here from those values, not from the library. float8_e5m2fnuz
 * the same way (its own rule). Off with the code shifts, the pairs take
 * another route with the same bytes; a table no rule of the form fits
 * (float8_e4m3 -> int8) has none. */
static void test_ls_rules(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  for (int sat = 0; sat < 2; sat++) {
    uint8_t want[256], src[256], out[256];
    for (int x = 0; x < 256; x++) {
      src[x] = (uint8_t)x;
      want[x] = x <= 110 ? 0 : x == 111 ? 1 : x == 112 ? 2 : x <= 142 ? (uint8_t)(4 * (x - 112)) : sat ? 0x7B : 0x7C;
    }
    want[255] = 0x7E;
    assert_int_equal(tl__avx2_ls_rule(TL_FLOAT8_E8M0FNU, TL_FLOAT8_E5M2, sat), 2 + 8 * sat + 16);
    assert_int_equal(tl__avx2_lut8_route(TL_FLOAT8_E8M0FNU, TL_FLOAT8_E5M2, sat), 13);
    memset(out, 0x5A, sizeof out);
    assert_int_equal(tl_convert_contiguous(TL_FLOAT8_E8M0FNU, src, TL_FLOAT8_E5M2, out, 256, sat ? TL_CONVERT_SATURATE : 0, NULL),
                     TL_OK);
    assert_memory_equal(out, want, 256);
    assert_int_equal(tl__avx2_lut8_route(TL_FLOAT8_E8M0FNU, TL_FLOAT8_E5M2FNUZ, sat), 13);
  }
  assert_int_equal(tl__avx2_ls_rule(TL_FLOAT8_E4M3, TL_INT8, 0), -1);
  assert_int_equal(tl__avx2_ls_rule((tl_dtype)-1, TL_FLOAT8_E5M2, 0), -1);
  assert_int_equal(tl__avx2_ls_rule(TL_FLOAT8_E8M0FNU, (tl_dtype)TL_NUM_CONCRETE, 0), -1);
  assert_int_equal(tl__avx2_ls_rule(TL_FLOAT16, TL_FLOAT8_E5M2, 0), -1); /* not a 1-byte source */
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  fill_codes(src, N + 64);
  assert_true(route_pairs_both_blends(13, NULL, NULL, src, N, out, ref) >= 4);
  static const tl_dtype to[] = {TL_FLOAT8_E5M2, TL_FLOAT8_E5M2FNUZ};
  for (size_t k = 0; k < 2; k++)
    for (int sat = 0; sat < 2; sat++) same_bytes_rule_off(TL_FLOAT8_E8M0FNU, to[k], sat, 13, tl__avx2_cs_disable, src, N, out, ref);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* Code shifts (route 11): a float8 code's float8_e8m0fnu (without
 * saturation) is its exponent field plus the ties-up bit below it, re-biased:
 * ((x + 2^(S-1)) >> S) + C with S the source's mantissa bits, but for the
 * codes below the smallest normal (zero 0xFF and the subnormals' rounded
 * exponents: a correction of the first K codes) and the tail of 0xFF from the
 * first inf/NaN code up, the negative codes in it. float8_e4m3: C = 127 - 7 =
 * 120, so codes 0-7 read 120 or 121 against 0xFF, 0x76, 0x77, 0x78, 0x78,
 * 0x78, 0x79, 0x79 (3 and 6-7 agree): K = 6; float8_e5m2 (S = 2): codes 0-3
 * against 0xFF, 0x6F, 0x70, 0x71: K = 3. Every route-11 pair against the
 * scalar tier; off, the pairs take another route with the same bytes. */
static void test_cs_rules(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const tl_dtype f8[] = {TL_FLOAT8_E3M4,      TL_FLOAT8_E4M3,       TL_FLOAT8_E4M3FN, TL_FLOAT8_E4M3FNUZ,
                                TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E5M2,     TL_FLOAT8_E5M2FNUZ};
  for (size_t k = 0; k < sizeof f8 / sizeof f8[0]; k++) {
    const int S = tl_dtype_get(f8[k])->mantissa_bits;
    const int r = tl__avx2_cs_rule(f8[k], TL_FLOAT8_E8M0FNU, 0);
    if (r < 0 || r % 8 != S || r / 256 != 1 || tl__avx2_lut8_route(f8[k], TL_FLOAT8_E8M0FNU, 0) != 11)
      fail_msg("%s -> float8_e8m0fnu: rule %d (want S %d, tail 0xFF), route %d", tl_dtype_name(f8[k]), r, S,
               tl__avx2_lut8_route(f8[k], TL_FLOAT8_E8M0FNU, 0));
  }
  assert_int_equal(tl__avx2_cs_rule(TL_FLOAT8_E4M3, TL_FLOAT8_E8M0FNU, 0), 3 + 8 * 6 + 256);
  assert_int_equal(tl__avx2_cs_rule(TL_FLOAT8_E5M2, TL_FLOAT8_E8M0FNU, 0), 2 + 8 * 3 + 256);
  /* saturating, a negative value is 0x00 and NaN 0xFF: no one tail */
  assert_int_equal(tl__avx2_cs_rule(TL_FLOAT8_E4M3, TL_FLOAT8_E8M0FNU, 1), -1);
  assert_int_equal(tl__avx2_cs_rule(TL_INT8, TL_FLOAT8_E4M3, 0), -1);
  assert_int_equal(tl__avx2_cs_rule((tl_dtype)-1, TL_FLOAT8_E8M0FNU, 0), -1);
  assert_int_equal(tl__avx2_cs_rule(TL_FLOAT8_E4M3, (tl_dtype)TL_NUM_CONCRETE, 0), -1);
  assert_int_equal(tl__avx2_cs_rule(TL_FLOAT16, TL_FLOAT8_E8M0FNU, 0), -1); /* not a 1-byte source */
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  fill_codes(src, N + 64);
  assert_true(route_pairs_both_blends(11, NULL, NULL, src, N, out, ref) >= 7);
  for (size_t k = 0; k < sizeof f8 / sizeof f8[0]; k++)
    same_bytes_rule_off(f8[k], TL_FLOAT8_E8M0FNU, 0, 11, tl__avx2_cs_disable, src, N, out, ref);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* A range clamp (route 4) whose constant results are 0 (the result of the
 * codes above its range for both halves, an fnuz source's 0x80; unsigned
 * targets' negatives) clears those lanes instead of blending them in
 * (tl__avx2_rg_zero 1, or 2 with the negatives, which only Intel's
 * tl__cpu_blend_slow runs): float8_e5m2 -> uint8 (NaN 0 and every
 * negative 0 without saturation, as the scalar tier gives) has 2,
 * float8_e4m3fnuz -> uint8 none (0x7F is 240 there). Every pair with a
 * clamp gives the scalar tier's bytes with either form of the negatives. */
static void count_rg_zero(tl_dtype F, tl_dtype T, int sat, int slow, void *arg) {
  const int zf = tl__avx2_rg_zero(F, T, sat);
  if (!slow) ((int *)arg)[zf >= 0 && zf <= 2 ? zf : 3]++; /* 3: out of range */
}
static void test_rg_zero(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  fill_codes(src, N + 64);
  /* the facts the two named pairs' flags rest on, from the scalar tier */
  uint8_t e5u8[256], fnuz[256];
  scalar_table8(TL_FLOAT8_E5M2, TL_UINT8, 0, e5u8);
  scalar_table8(TL_FLOAT8_E4M3FNUZ, TL_UINT8, 0, fnuz);
  for (int i = 0x7D; i < 0x80; i++) assert_int_equal(e5u8[i] | e5u8[0x80 | i], 0); /* NaN */
  for (int i = 0x80; i < 0x100; i++) assert_int_equal(e5u8[i], 0);
  assert_int_equal(fnuz[0x7F], 240);
  assert_int_equal(tl__avx2_rg_zero(TL_FLOAT8_E5M2, TL_UINT8, 0), 2);
  assert_int_equal(tl__avx2_rg_zero(TL_FLOAT8_E4M3FNUZ, TL_UINT8, 0), 0);
  assert_true(tl__avx2_rg_range(TL_FLOAT8_E4M3FNUZ, TL_UINT8, 0) > 0);
  assert_int_equal(tl__avx2_rg_zero((tl_dtype)-1, TL_UINT8, 0), 0);
  assert_int_equal(tl__avx2_rg_zero(TL_INT8, TL_INT2, 0), 0); /* no clamp */
  int z[4] = {0, 0, 0, 0};
  route_pairs_both_blends(4, count_rg_zero, z, src, N, out, ref);
  assert_true(z[1] > 0 && z[2] > 0 && z[0] > 0 && z[3] == 0);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* A 1-byte lookup that is one shuffle of an index made by one or two
 * operations (the low nibble, min(byte, 1), min(byte & 0x7F, 1)) runs
 * before every rule: bool -> every 1-byte type, the 1-byte types -> bool
 * (the float8 formats with -0 by the last index: 0x80 is false) take the
 * lookup (route 7), not the high nibble's (9) or a range clamp (4), which
 * int8/uint8 -> float8_e8m0fnu keep. Their results against the scalar
 * tier's on every code at every offset of a 32-byte block, at lengths
 * past the four-vector steps and between them. */
static void test_lut_one_shuffle(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  fill_codes(src, N + 64);
  int checked = 0;
  for (int a = 0; a < TL_NUM_CONCRETE; a++)
    for (int b = 0; b < TL_NUM_CONCRETE; b++) {
      const tl_dtype F = (tl_dtype)a, T = (tl_dtype)b;
      if (F == T || isz(F) != 1 || isz(T) != 1 || F == TL_FLOAT4_E2M1FN_X2 || T == TL_FLOAT4_E2M1FN_X2) continue;
      if (F != TL_BOOL && T != TL_BOOL) continue;
      /* int1..7 / uint1..7 -> bool read a low nibble's bits: a one-shuffle lookup too */
      for (int sat = 0; sat < 2; sat++) {
        assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
        if (tl__avx2_lut8_route(F, T, sat) != 7)
          fail_msg("%s -> %s (sat %d): route %d, not the lookup", tl_dtype_name(F), tl_dtype_name(T), sat,
                   tl__avx2_lut8_route(F, T, sat));
        compare_runs(F, T, sat, src, N, out, ref);
        checked++;
      }
    }
  int n1 = 0; /* the 1-byte types but bool and float4_e2m1fn_x2: each to bool and from it, both flags */
  for (int a = 0; a < TL_NUM_CONCRETE; a++) n1 += isz((tl_dtype)a) == 1 && a != TL_BOOL && a != TL_FLOAT4_E2M1FN_X2;
  assert_true(n1 >= 26);
  assert_int_equal(checked, 2 * 2 * n1);
  assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
  for (int sat = 0; sat < 2; sat++) {
    assert_int_equal(tl__avx2_lut8_route(TL_INT8, TL_FLOAT8_E8M0FNU, sat), 9);
    assert_int_equal(tl__avx2_lut8_route(TL_UINT8, TL_FLOAT8_E8M0FNU, sat), 9);
  }
  /* -0 into bool is false, every other float8_e4m3fn code but +-0 true */
  uint8_t c[3] = {0x80, 0x00, 0x81}, o[3];
  assert_int_equal(tl_convert_contiguous(TL_FLOAT8_E4M3FN, c, TL_BOOL, o, 3, 0, NULL), TL_OK);
  assert_int_equal(o[0], 0);
  assert_int_equal(o[1], 0);
  assert_int_equal(o[2], 1);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* float6 -> the unsigned integers and float8_e8m0fnu (every negative
 * code one entry), -> int8 (negated): the lookup reads 5 bits and picks the
 * negative half by code bit 5 (tl__lut_half); int2/int4 saturate at -8 but
 * 7 (not a negation) and keep the 6-bit lookup, float6 -> the float8 formats
 * move the sign bit (tl__lut_sign1). Every byte (bits 6-7 set too: ignored)
 * against the scalar tier at several lengths and offsets. */
static void test_lut_half(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const struct {
    tl_dtype to;
    int half;
  } want[] = {{TL_UINT2, 1}, {TL_UINT4, 1}, {TL_UINT8, 1}, {TL_FLOAT8_E8M0FNU, 1}, {TL_INT8, 2},
              {TL_INT2, 0},  {TL_INT4, 0},  {TL_FLOAT8_E4M3FN, 0}};
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  fill_codes(src, N + 64);
  for (int f = 0; f < 2; f++)
    for (size_t j = 0; j < sizeof want / sizeof want[0]; j++)
      for (int sat = 0; sat < 2; sat++) {
        const tl_dtype F = f ? TL_FLOAT6_E3M2FN : TL_FLOAT6_E2M3FN, T = want[j].to;
        assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
        if (tl__avx2_lut_half(F, T, sat) != want[j].half)
          fail_msg("%s -> %s (sat %d): half %d, want %d", tl_dtype_name(F), tl_dtype_name(T), sat,
                   tl__avx2_lut_half(F, T, sat), want[j].half);
        if (want[j].half) assert_int_equal(tl__avx2_lut8_route(F, T, sat), 7);
        compare_runs(F, T, sat, src, N, out, ref);
      }
  assert_int_equal(tl__avx2_lut_half(TL_FLOAT8_E4M3FN, TL_UINT8, 0), 0);
  assert_int_equal(tl__avx2_lut_half(TL_FLOAT6_E2M3FN, TL_INT16, 0), 0);
  assert_int_equal(tl__avx2_lut_half((tl_dtype)-1, TL_UINT8, 0), 0);
  /* -7.5 -> int8 -7 (0xF9), -> uint8 0; +-0 -> 0 */
  const uint8_t c[4] = {0x3F, 0x1F, 0x20, 0x00};
  uint8_t o[4];
  assert_int_equal(tl_convert_contiguous(TL_FLOAT6_E2M3FN, c, TL_INT8, o, 4, 0, NULL), TL_OK);
  assert_int_equal(o[0], 0xF9);
  assert_int_equal(o[1], 7);
  assert_int_equal(o[2], 0);
  assert_int_equal(o[3], 0);
  assert_int_equal(tl_convert_contiguous(TL_FLOAT6_E2M3FN, c, TL_UINT8, o, 4, 0, NULL), TL_OK);
  assert_int_equal(o[0], 0);
  assert_int_equal(o[1], 7);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* Max windows (route 14): float8 -> float6_e2m3fn from the formats of a
 * three-bit mantissa is the rebias min(sat(m - B), 31) (float8_e4m3fn: 1.0
 * is 0x38 there, 0x08 here: B = 48) above the float6 subnormals, which a
 * window of 32 entries from the first code the rebias misses gives, as the
 * max of the two; the sign at bit 5, and NaN (the MX formats have none) to
 * 0x20 from the positive magnitude's tail before the sign (so 0xFF gives
 * 0x00, the scalar tier's bytes). Taken where it costs no more than the
 * route found without it: float8_e4m3fnuz -> float6_e3m2fn keeps its
 * floored rule (20 operations against 19). Every route-14 pair against the
 * scalar tier with blends fast and slow; with the floored rules off (which
 * turns the max windows off too) the pairs take another route, same bytes. */
static void test_mw_rules(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const tl_dtype f8[] = {TL_FLOAT8_E4M3, TL_FLOAT8_E4M3FN, TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E4M3B11FNUZ};
  for (size_t k = 0; k < 4; k++)
    for (int sat = 0; sat < 2; sat++) {
      const int c = tl__avx2_mw_cost(f8[k], TL_FLOAT6_E2M3FN, sat);
      if (c < 10 || c > 16 || (!tl__cpu_blend_slow && tl__avx2_lut8_route(f8[k], TL_FLOAT6_E2M3FN, sat) != 14))
        fail_msg("%s -> float6_e2m3fn sat %d: cost %d, route %d", tl_dtype_name(f8[k]), sat, c,
                 tl__avx2_lut8_route(f8[k], TL_FLOAT6_E2M3FN, sat));
    }
  /* values written here: 1.0 -> 0x08, 0.5 -> 0x04 (a subnormal), 7.5 -> 0x1F, 448 -> 0x1F, -1.0 -> 0x28, NaN -> 0x20 / 0x00 */
  static const uint8_t in[] = {0x38, 0x30, 0x57, 0x7E, 0xB8, 0x7F, 0xFF}, want[] = {0x08, 0x04, 0x1F, 0x1F, 0x28, 0x20, 0x00};
  uint8_t o[sizeof in];
  assert_int_equal(tl_convert_contiguous(TL_FLOAT8_E4M3FN, in, TL_FLOAT6_E2M3FN, o, sizeof in, 0, NULL), TL_OK);
  assert_memory_equal(o, want, sizeof in);
  if (!tl__cpu_blend_slow) assert_int_not_equal(tl__avx2_lut8_route(TL_FLOAT8_E4M3FNUZ, TL_FLOAT6_E3M2FN, 0), 14);
  assert_int_equal(tl__avx2_mw_cost(TL_INT8, TL_FLOAT6_E2M3FN, 0), 0); /* not a float8 source */
  assert_int_equal(tl__avx2_mw_cost((tl_dtype)-1, TL_FLOAT6_E2M3FN, 0), 0);
  assert_int_equal(tl__avx2_mw_cost(TL_FLOAT8_E4M3, (tl_dtype)TL_NUM_CONCRETE, 0), 0);
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  fill_codes(src, N + 64);
  assert_true(route_pairs_both_blends(14, NULL, NULL, src, N, out, ref) >= 8);
  for (size_t k = 0; k < 4 && !tl__cpu_blend_slow; k++)
    same_bytes_rule_off(f8[k], TL_FLOAT6_E2M3FN, 0, 14, tl__avx2_afl_disable, src, N, out, ref);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* Range clamps of 33-64 codes (four sub-tables a half) run where their
 * cost is below the rule that would run instead: float8_e4m3/e4m3fn ->
 * int8 (0 below 1.0, saturated from 128 on: the window from the code
 * below 1.0's to 128's, found here by encoding those values), float8_e5m2
 * -> uint8 take it; float8_e4m3 -> float6_e2m3fn (a max window, route 14)
 * and float8_e4m3b11fnuz -> uint8 (row sums) keep theirs though a window
 * exists. Their results against the scalar tier's on every code at every
 * offset of a 32-byte block. */
static void test_rg_wide(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  const float at[2] = {1.0f, 128.0f};
  for (int f = 0; f < 2; f++) {
    const tl_dtype F = f ? TL_FLOAT8_E4M3FN : TL_FLOAT8_E4M3;
    uint8_t c[2];
    assert_int_equal(tl_convert_contiguous(TL_FLOAT32, at, F, c, 2, 0, NULL), TL_OK);
    for (int sat = 0; sat < 2; sat++) {
      assert_int_equal(tl__avx2_rg_range(F, TL_INT8, sat), c[1] - c[0] + 2);
      assert_int_equal(tl__avx2_lut8_route(F, TL_INT8, sat), 4);
    }
  }
  assert_true(tl__avx2_rg_range(TL_FLOAT8_E5M2, TL_UINT8, 0) > 32);
  assert_int_equal(tl__avx2_lut8_route(TL_FLOAT8_E5M2, TL_UINT8, 0), 4);
  assert_true(tl__avx2_rg_range(TL_FLOAT8_E4M3, TL_FLOAT6_E2M3FN, 0) > 32);
  assert_int_equal(tl__avx2_lut8_route(TL_FLOAT8_E4M3, TL_FLOAT6_E2M3FN, 0), 14); /* where blends are slow too */
  assert_true(tl__avx2_rg_range(TL_FLOAT8_E4M3B11FNUZ, TL_UINT8, 0) > 32);
  assert_int_equal(tl__avx2_lut8_route(TL_FLOAT8_E4M3B11FNUZ, TL_UINT8, 0), 8);
  static const tl_dtype pairs[][2] = {{TL_FLOAT8_E4M3, TL_INT8}, {TL_FLOAT8_E4M3FN, TL_INT8}, {TL_FLOAT8_E5M2, TL_UINT8},
                                      {TL_FLOAT8_E4M3FNUZ, TL_FLOAT6_E2M3FN}};
  enum { N = 256 * 4 + 31 };
  static uint8_t src[N + 64], out[N + 64], ref[N + 64];
  for (int i = 0; i < N + 64; i++) src[i] = (uint8_t)(i * 167 + i / 256);
  for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
    for (int sat = 0; sat < 2; sat++)
      for (int off = 0; off < 32; off += 7) /* the scalar tier, then avx2 (tiers[1]) */
        compare_tiers(pairs[p][0], src + off, pairs[p][1], N, (size_t)off, sat ? TL_CONVERT_SATURATE : 0, out, ref, 2);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* Integers and float16 -> float8_e8m0fnu (the code: the exponent plus the
 * next bit, ties up), against the scalar tier on every tier: every int8,
 * int16, uint16 and float16 bit pattern, and 4-byte values on both sides of
 * each power of two and of each 1.5 x 2^e (from 2^24 on float32 would round
 * them onto that tie: the kernels shift them right first), 0, -1 and the
 * extremes, and 8-byte ones (blocks of values that fit 4 bytes, which the
 * kernels take through the 4-byte rule, and blocks that do not); both flags. */
static void test_e8m0_from_ints(void **state) {
  (void)state;
  enum { N = 65536 + 64 };
  static unsigned char src[8 * N], out[N], ref[N];
  static const tl_dtype small[] = {TL_INT8, TL_UINT8, TL_INT16, TL_UINT16, TL_FLOAT16};
  const int nt = ntiers_avail();
  for (int k = 0; k < 9; k++) {
    const tl_dtype from = k < 5 ? small[k] : k == 5 ? TL_INT32 : k == 6 ? TL_UINT32 : k == 7 ? TL_INT64 : TL_UINT64;
    const size_t S = (size_t)tl_dtype_get(from)->itemsize;
    size_t n = 0;
    if (S <= 2) {
      for (; n < ((size_t)1 << (8 * S)); n++) memcpy(src + n * S, &(uint16_t){(uint16_t)n}, S);
    } else {
      /* the 4-byte values (as int64 sign-extended, as uint64 zero-extended:
         blocks of 32 whose values all fit 4 bytes, which the 8-byte kernels
         take through the 4-byte rule), then for 8 bytes the same around every
         power of two up to 2^63 (blocks that do not fit) */
      uint32_t v[] = {0, 1, 2, 3, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 0x80000001u};
      uint64_t w;
      for (size_t j = 0; j < sizeof v / sizeof v[0]; j++)
        w = from == TL_INT64 ? (uint64_t)(int64_t)(int32_t)v[j] : v[j], memcpy(src + S * n++, &w, S);
      for (int e = 1; e < (S == 8 ? 64 : 32); e++) {
        const uint64_t p2 = (uint64_t)1 << e, mid = p2 + (p2 >> 1);
        const uint64_t c[] = {p2 - 1, p2, p2 + 1, mid - 2, mid - 1, mid, mid + 1, 0 - p2, 0 - mid};
        for (size_t j = 0; j < sizeof c / sizeof c[0]; j++) {
          w = c[j];
          if (S == 4) w = (uint32_t)w;
          else if (from == TL_INT64 && e < 32) w = (uint64_t)(int64_t)(int32_t)(uint32_t)w;
          memcpy(src + S * n++, &w, S);
        }
      }
    }
    for (int sat = 0; sat < 2; sat++) {
      const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
      assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
      assert_int_equal(tl_convert_contiguous(from, src, TL_FLOAT8_E8M0FNU, ref, n, flags, NULL), TL_OK);
      for (int t = 1; t < nt; t++) {
        assert_int_equal(tl_convert_set_tier(tiers[t]), TL_OK);
        memset(out, 0x5A, sizeof out);
        assert_int_equal(tl_convert_contiguous(from, src, TL_FLOAT8_E8M0FNU, out, n, flags, NULL), TL_OK);
        for (size_t i = 0; i < n; i++)
          if (out[i] != ref[i]) {
            uint64_t x = 0;
            memcpy(&x, src + i * S, S);
            fail_msg("tier %s: %s 0x%llX -> float8_e8m0fnu flags=%u: 0x%02X, want 0x%02X", tiers[t], tl_dtype_name(from),
                     (unsigned long long)x, flags, out[i], ref[i]);
          }
        assert_int_equal(out[n], 0x5A); /* nothing past the end */
      }
    }
  }
  tl_convert_set_tier(tiers[nt - 1]);
}

/* A 1-byte source's route is kept once found (tl__avx2_lut8), but not while
 * a test has the affine rules or the folds off: float8_e4m3fn ->
 * float8_e5m2 runs by its affine rule, by a fold with the rules off, by
 * the lookup with both off, and by its rule again after (a kept route would
 * leave the other paths untested by test_byte_sources_every_value); and the
 * conversion gives the scalar engine's bytes on each. A pair without a
 * route (2-byte source) answers 0. */
static void test_lut8_route_kept(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  const tl_dtype F = TL_FLOAT8_E4M3FN, T = TL_FLOAT8_E5M2;
  enum { N = 4096 };
  static uint8_t src[N], out[N], ref[N];
  for (int i = 0; i < N; i++) src[i] = (uint8_t)(i * 37 + 11);
  assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
  assert_int_equal(tl_convert_contiguous(F, src, T, ref, N, 0, NULL), TL_OK);
  assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
  static const int want[5] = {8, 5, 6, 7, 8}; /* row-sum rule, affine rule, fold, lookup, row sums again */
  for (int step = 0; step < 5; step++) {
    tl__avx2_ns_disable(step >= 1 && step <= 3);
    tl__avx2_aff_disable(step == 2 || step == 3);
    tl__avx2_fold_disable(step == 3);
    const int route = tl__avx2_lut8_route(F, T, 0);
    memset(out, 0x5A, sizeof out);
    const int st = tl_convert_contiguous(F, src, T, out, N, 0, NULL);
    tl__avx2_fold_disable(0);
    tl__avx2_aff_disable(0);
    tl__avx2_ns_disable(0);
    assert_int_equal(st, TL_OK);
    if (route != want[step]) fail_msg("step %d: route %d, want %d", step, route, want[step]);
    assert_memory_equal(out, ref, sizeof out);
  }
  assert_int_equal(tl__avx2_lut8_route(TL_FLOAT16, TL_FLOAT8_E4M3FN, 0), 0);
  assert_int_equal(tl__avx2_lut8_route((tl_dtype)-1, T, 0), 0);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* Floored affine rules (tl__afl): a float8 -> 1-byte pair whose affine rule
 * holds above a floor F (a code of value at most 2^-4) runs by it, blocks of
 * 64 codes with a magnitude below F patched code by code (up to 4 such
 * codes, 2 such blocks a 1 KiB chunk) or handed to the pair's route without
 * it. Every such pair (each saturate mode) gives the scalar engine's bytes on
 * data that takes each of those ways: no code below the floor, one to four
 * in a block, five (the base), three blocks with one in a chunk, a long run
 * of small codes (the base's runs doubling) and back, every code at the end,
 * off alignment with a tail, in place (d == s), and past TL__H8_BRANCH_MAX
 * (the base alone). The floor's code is of value at most 2^-4; with the
 * floored rules off no pair runs by one, and the bytes are the same. */
static void test_afl_floored_rules(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip();
  enum { N = 24 * 1024 + 256 + 37, BIG = (600 << 10) + 5 };
  static unsigned char src[N + 1], out[N + 1], ref[N + 1], inpl[N + 1];
  static unsigned char bsrc[BIG], bout[BIG], bref[BIG];
  int pairs = 0;
  for (int f = 0; f < TL_NUM_CONCRETE; f++) {
    const tl_dtype from = (tl_dtype)f;
    if (tl_dtype_is_weak(from) || isz(from) != 1) continue;
    for (int g = 0; g < TL_NUM_CONCRETE; g++) {
      const tl_dtype to = (tl_dtype)g;
      if (tl_dtype_is_weak(to) || to == TL_FLOAT4_E2M1FN_X2) continue;
      for (int sat = 0; sat < 2; sat++) {
        assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
        const int F = tl__avx2_afl_floor(from, to, sat);
        if (!F) continue;
        pairs++;
        assert_true(F >= 1 && F < 128);
        assert_int_equal(isz(to), 1);
        const unsigned char fc = (unsigned char)F;
        float fv = 0;
        assert_int_equal(tl_convert(from, &fc, 1, TL_FLOAT32, &fv, 4, 1, 0, NULL), TL_OK);
        if (!(fv <= 0.0625f)) fail_msg("%s -> %s: floor code %d has value %g", tl_dtype_name(from), tl_dtype_name(to), F, fv);
        /* codes at or above the floor (either sign) with the ways below mixed in */
        for (size_t i = 0; i < N; i++) {
          const uint64_t r = next();
          src[1 + i] = (unsigned char)((F + r % (unsigned)(128 - F)) | ((r >> 20) & 0x80));
        }
        /* 1 KiB chunk 0: blocks of 1 and 4 (patched); 1: one of 5 (the base: a chunk); 2: blocks of 1, 2, 3
           (the third to the base: two chunks); then a run of 5000 below the floor */
        const size_t blk[] = {0, 64 * 3, 64 * 16, 64 * 33, 64 * 35 + 9, 64 * 37};
        const int cnt[] = {1, 4, 5, 1, 2, 3};
        for (int b = 0; b < 6; b++)
          for (int k = 0; k < cnt[b]; k++) src[1 + blk[b] + 11 * (size_t)k] = (unsigned char)(next() % (unsigned)F | (k & 1) << 7);
        for (size_t i = 6000; i < 6000 + 5000; i++) src[1 + i] = (unsigned char)(next() % (unsigned)F | (i & 0x80)); /* a run */
        for (size_t i = 0; i < 256; i++) src[1 + N - 256 + i] = (unsigned char)i;
        const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
        assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
        memset(ref, 0x5A, sizeof ref);
        assert_int_equal(tl_convert_contiguous(from, src + 1, to, ref + 1, N - 1, flags, NULL), TL_OK);
        assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
        for (int off = 0; off < 2; off++) {
          assert_int_equal(tl__avx2_afl_disable(off), 0);
          if (off) assert_int_equal(tl__avx2_afl_floor(from, to, sat), 0);
          memset(out, 0x5A, sizeof out);
          assert_int_equal(tl_convert_contiguous(from, src + 1, to, out + 1, N - 1, flags, NULL), TL_OK);
          memcpy(inpl, src, sizeof inpl);
          assert_int_equal(tl_convert_contiguous(from, inpl + 1, to, inpl + 1, N - 1, flags, NULL), TL_OK);
          assert_int_equal(tl__avx2_afl_disable(0), off);
          for (size_t i = 0; i <= N; i++)
            if (out[i] != ref[i] || (i >= 1 && i < N && inpl[i] != ref[i]))
              fail_msg("%s -> %s sat=%d floored rules %s: element %zu (code 0x%02X): 0x%02X (in place 0x%02X), want 0x%02X",
                       tl_dtype_name(from), tl_dtype_name(to), sat, off ? "off" : "on", i - 1, src[i], out[i], inpl[i], ref[i]);
        }
        /* past TL__H8_BRANCH_MAX: the base alone */
        for (size_t i = 0; i < BIG; i++) bsrc[i] = (unsigned char)(next() >> 7);
        assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
        assert_int_equal(tl_convert_contiguous(from, bsrc, to, bref, BIG, flags, NULL), TL_OK);
        assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
        assert_int_equal(tl_convert_contiguous(from, bsrc, to, bout, BIG, flags, NULL), TL_OK);
        assert_memory_equal(bout, bref, BIG);
      }
    }
  }
  /* float8_e4m3fn -> float8_e3m4 is 2m - 64 from 2^-2 up, its subnormals below: a floored rule's pair
     (none where blends are slow: tl__afl_get) */
  assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
  if (!tl__cpu_blend_slow) {
    assert_true(tl__avx2_afl_floor(TL_FLOAT8_E4M3FN, TL_FLOAT8_E3M4, 0) > 0);
    assert_int_equal(tl__avx2_lut8_route(TL_FLOAT8_E4M3FN, TL_FLOAT8_E3M4, 0), 12);
    assert_true(pairs > 0);
  }
  /* no such pair: out of range, wide sources */
  assert_int_equal(tl__avx2_afl_floor((tl_dtype)-1, TL_FLOAT8_E3M4, 0), 0);
  assert_int_equal(tl__avx2_afl_floor(TL_FLOAT8_E4M3FN, (tl_dtype)TL_NUM_CONCRETE, 0), 0);
  assert_int_equal(tl__avx2_afl_floor(TL_FLOAT16, TL_FLOAT8_E3M4, 0), 0);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* The lookups whose entries are a narrower core widened (tl__lut_wide) look
 * up only the core's planes: float4_e2m1fn -> float32 (the top two bytes),
 * -> int32 (sign-extended bytes), -> uint32 (zero-extended), -> complex32
 * (the real part's high byte, zeros around it), float6 ->
 * int16 (sign-extended), -> uint32 / int32 (their decoders gone for it);
 * float8_e4m3fn -> float16 (every byte its own) has none. And the lookups
 * by a window of codes (tl__lut_window). Each such pair runs by the lookup
 * and gives the scalar engine's result for every code in a long run with a
 * tail, off alignment (test_byte_sources_every_value runs them all too). */
static void test_lut_wide_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  static const struct { tl_dtype from, to; int want; } c[] = {
      {TL_FLOAT4_E2M1FN, TL_FLOAT32, 3 + 8}, {TL_FLOAT4_E2M1FN, TL_INT32, 2 + 4},  {TL_FLOAT4_E2M1FN, TL_UINT32, 1 + 4},
      {TL_FLOAT6_E2M3FN, TL_INT16, 2 + 4},   {TL_FLOAT6_E3M2FN, TL_INT16, 2 + 4},  {TL_FLOAT6_E2M3FN, TL_UINT32, 1 + 4},
      {TL_FLOAT6_E3M2FN, TL_UINT32, 1 + 4},  {TL_FLOAT6_E2M3FN, TL_INT32, 2 + 4},  {TL_FLOAT6_E3M2FN, TL_INT32, 2 + 4},
      {TL_FLOAT4_E2M1FN, TL_COMPLEX32, 4 + 4}, {TL_FLOAT8_E4M3FN, TL_FLOAT16, 0}};
  enum { N = 4096 + 29 };
  static uint8_t src[N + 1];
  static unsigned char out[4 * N + 8], ref[4 * N + 8];
  for (int i = 0; i < N; i++) src[1 + i] = (uint8_t)(i * 37 + 11 + i / 256);
  for (size_t k = 0; k < sizeof c / sizeof c[0]; k++)
    for (int sat = 0; sat < 2; sat++) {
      const int got = tl__avx2_lut_wide(c[k].from, c[k].to, sat);
      if (got != c[k].want)
        fail_msg("%s -> %s sat %d: widened core %d, want %d", tl_dtype_name(c[k].from), tl_dtype_name(c[k].to), sat, got,
                 c[k].want);
      if (!c[k].want) continue;
      assert_null(tl__avx2_kernel(c[k].from, c[k].to, sat));
      assert_int_equal(tl__avx2_lut8_route(c[k].from, c[k].to, sat), 7);
      const size_t ds = isz(c[k].to);
      const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
      assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
      memset(ref, 0x5A, sizeof ref);
      for (int i = 0; i < N; i++)
        assert_int_equal(tl_convert(c[k].from, src + 1 + i, 1, c[k].to, ref + 2 + i * ds, (ptrdiff_t)ds, 1, flags, NULL), TL_OK);
      assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
      memset(out, 0x5A, sizeof out);
      assert_int_equal(tl_convert_contiguous(c[k].from, src + 1, c[k].to, out + 2, N, flags, NULL), TL_OK);
      assert_memory_equal(out, ref, sizeof out);
    }
  /* float8_e8m0fnu -> int16/uint16: a window of codes from 127 (1.0), capped at 15 (142 on: 32767) and 16 (142:
     32768, 143 on: 65535), looked up by 4 and 5 index bits; no window for a pair whose codes all differ */
  static const struct { tl_dtype to; int sat, a, cap; } w[] = {
      {TL_INT16, 0, 127, 15}, {TL_INT16, 1, 127, 15}, {TL_UINT16, 0, 127, 16}, {TL_UINT16, 1, 127, 16}};
  for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
    const tl_dtype F = TL_FLOAT8_E8M0FNU;
    const int got = tl__avx2_lut_window(F, w[k].to, w[k].sat);
    if (got != 1 + w[k].a + 256 * w[k].cap)
      fail_msg("float8_e8m0fnu -> %s sat %d: window %d, want %d", tl_dtype_name(w[k].to), w[k].sat, got,
               1 + w[k].a + 256 * w[k].cap);
    assert_int_equal(tl__avx2_lut8_route(F, w[k].to, w[k].sat), 7);
    const unsigned flags = w[k].sat ? TL_CONVERT_SATURATE : 0;
    assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
    memset(ref, 0x5A, sizeof ref);
    for (int i = 0; i < N; i++) assert_int_equal(tl_convert(F, src + 1 + i, 1, w[k].to, ref + 2 + i * 2, 2, 1, flags, NULL), TL_OK);
    assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
    memset(out, 0x5A, sizeof out);
    assert_int_equal(tl_convert_contiguous(F, src + 1, w[k].to, out + 2, N, flags, NULL), TL_OK);
    assert_memory_equal(out, ref, sizeof out);
  }
  assert_int_equal(tl__avx2_lut_window(TL_FLOAT8_E4M3FN, TL_FLOAT16, 0), 0);
  /* float8_e8m0fnu -> the 1-byte integers of m value bits (max 2^m - 1): a window from 127 (1.0) of the m
     powers of two below 2^m, capped at the saturated 2^m (m: its own entry; m = 1: 2 saturates to 1, 1.0's),
     NaN (255: -128 from 127) and the codes below 1.0 zero: one shuffle, before the fold they took */
  static const struct { tl_dtype to; int m; } w1[] = {{TL_INT2, 1}, {TL_INT4, 3}, {TL_INT8, 7},
                                                      {TL_UINT2, 2}, {TL_UINT4, 4}, {TL_UINT8, 8}};
  static uint8_t src1[N + 64], out1[N + 64], ref1[N + 64];
  for (int i = 0; i < N + 64; i++) src1[i] = (uint8_t)(i * 151 + i / 256);
  for (size_t k = 0; k < sizeof w1 / sizeof w1[0]; k++)
    for (int sat = 0; sat < 2; sat++) {
      const tl_dtype F = TL_FLOAT8_E8M0FNU;
      assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
      const int cap = w1[k].m == 1 ? 0 : w1[k].m, got = tl__avx2_lut_window(F, w1[k].to, sat);
      if (got != 1 + 127 + 256 * cap)
        fail_msg("float8_e8m0fnu -> %s sat %d: window %d, want %d", tl_dtype_name(w1[k].to), sat, got, 1 + 127 + 256 * cap);
      assert_int_equal(tl__avx2_lut8_route(F, w1[k].to, sat), 7);
      compare_runs(F, w1[k].to, sat, src1, N, out1, ref1);
    }
  assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
  /* into float8 formats the NaN code must stay NaN, not the window's 0: none */
  assert_int_equal(tl__avx2_lut_window(TL_FLOAT8_E8M0FNU, TL_FLOAT8_E4M3FN, 0), 0);
  /* float6 -> float16/bfloat16: 5 index bits and the sign (code bit 5) at output bit 15; float6 -> int16 (a
     negation, not a sign bit) has none */
  static const tl_dtype f6[] = {TL_FLOAT6_E2M3FN, TL_FLOAT6_E3M2FN}, f16[] = {TL_FLOAT16, TL_BFLOAT16};
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++)
      for (int sat = 0; sat < 2; sat++) {
        if (tl__avx2_lut_sign(f6[a], f16[b], sat) != 1 + 15)
          fail_msg("%s -> %s sat %d: sign bit %d, want %d", tl_dtype_name(f6[a]), tl_dtype_name(f16[b]), sat,
                   tl__avx2_lut_sign(f6[a], f16[b], sat), 1 + 15);
        assert_null(tl__avx2_kernel(f6[a], f16[b], sat));
        assert_int_equal(tl__avx2_lut8_route(f6[a], f16[b], sat), 7);
        const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
        assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
        memset(ref, 0x5A, sizeof ref);
        for (int i = 0; i < N; i++)
          assert_int_equal(tl_convert(f6[a], src + 1 + i, 1, f16[b], ref + 2 + i * 2, 2, 1, flags, NULL), TL_OK);
        assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
        memset(out, 0x5A, sizeof out);
        assert_int_equal(tl_convert_contiguous(f6[a], src + 1, f16[b], out + 2, N, flags, NULL), TL_OK);
        assert_memory_equal(out, ref, sizeof out);
      }
  /* float6 -> the float8 formats, the other float6 format and float4_e2m1fn: 5 index bits, the sign from code
     bit 5 to the output's (7, 5, 3: tl__lut_sign1); into the fnuz formats -0 is 0, the sign applied by an AND
     with every nonzero entry's sign bit set in the table */
  static const struct { tl_dtype to; int bit; } s1[] = {
      {TL_FLOAT8_E3M4, 7},     {TL_FLOAT8_E4M3, 7},        {TL_FLOAT8_E4M3FN, 7}, {TL_FLOAT8_E4M3FNUZ, 7},
      {TL_FLOAT8_E4M3B11FNUZ, 7}, {TL_FLOAT8_E5M2, 7},     {TL_FLOAT8_E5M2FNUZ, 7}, {TL_FLOAT6_E2M3FN, 5},
      {TL_FLOAT6_E3M2FN, 5},   {TL_FLOAT4_E2M1FN, 3}};
  for (int a = 0; a < 2; a++)
    for (size_t b = 0; b < sizeof s1 / sizeof s1[0]; b++)
      for (int sat = 0; sat < 2; sat++) {
        if (s1[b].to == f6[a]) continue;
        if (tl__avx2_lut_sign(f6[a], s1[b].to, sat) != 1 + s1[b].bit)
          fail_msg("%s -> %s sat %d: sign bit %d, want %d", tl_dtype_name(f6[a]), tl_dtype_name(s1[b].to), sat,
                   tl__avx2_lut_sign(f6[a], s1[b].to, sat), 1 + s1[b].bit);
        assert_int_equal(tl__avx2_lut8_route(f6[a], s1[b].to, sat), 7);
        const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
        assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
        memset(ref, 0x5A, sizeof ref);
        for (int i = 0; i < N; i++)
          assert_int_equal(tl_convert(f6[a], src + 1 + i, 1, s1[b].to, ref + 1 + i, 1, 1, flags, NULL), TL_OK);
        assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
        memset(out, 0x5A, sizeof out);
        assert_int_equal(tl_convert_contiguous(f6[a], src + 1, s1[b].to, out + 1, N, flags, NULL), TL_OK);
        assert_memory_equal(out, ref, sizeof out);
      }
  /* float6 -> float8_e8m0fnu (no sign), -> int8 (a negation): none */
  assert_int_equal(tl__avx2_lut_sign(TL_FLOAT6_E2M3FN, TL_FLOAT8_E8M0FNU, 0), 0);
  assert_int_equal(tl__avx2_lut_sign(TL_FLOAT6_E3M2FN, TL_INT8, 0), 0);
  assert_int_equal(tl__avx2_lut_sign(TL_FLOAT6_E2M3FN, TL_INT16, 0), 0);
  assert_int_equal(tl__avx2_lut_sign((tl_dtype)-1, TL_FLOAT16, 0), 0);
  assert_int_equal(tl__avx2_lut_sign(TL_FLOAT16, TL_FLOAT32, 0), 0);
  /* bad input: no dtype, a 2-byte source: none */
  assert_int_equal(tl__avx2_lut_window((tl_dtype)-1, TL_INT16, 0), 0);
  assert_int_equal(tl__avx2_lut_window(TL_INT16, TL_INT32, 0), 0);
  assert_int_equal(tl__avx2_lut_wide((tl_dtype)-1, TL_INT16, 0), 0);
  assert_int_equal(tl__avx2_lut_wide(TL_FLOAT4_E2M1FN, (tl_dtype)TL_NUM_CONCRETE, 0), 0);
  assert_int_equal(tl__avx2_lut_wide(TL_INT16, TL_INT32, 0), 0);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* The high-nibble lookups (tl__hn): int8 and uint8 -> float8_e8m0fnu, both
 * flags, whose entries from byte 32 up are their high nibble's, take them
 * (route 9) and give the scalar engine's result on a long run with a tail,
 * off alignment; float8_e8m0fnu -> bool (one entry for all) and float8_e4m3fn
 * -> float8_e5m2 (every byte its own) do not. */
static void test_hn_enabled(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip(); /* skip() leaves the test */
  enum { N = 4096 + 29 };
  static uint8_t src[N + 1], out[N + 2], ref[N + 2];
  for (int i = 0; i < N; i++) src[1 + i] = (uint8_t)(i * 37 + 11 + i / 256);
  static const tl_dtype from[] = {TL_INT8, TL_UINT8};
  for (int a = 0; a < 2; a++)
    for (int sat = 0; sat < 2; sat++) {
      const tl_dtype F = from[a], T = TL_FLOAT8_E8M0FNU;
      const unsigned flags = sat ? TL_CONVERT_SATURATE : 0;
      if (tl__avx2_lut8_route(F, T, sat) != 9)
        fail_msg("%s -> float8_e8m0fnu sat %d: route %d, want 9", tl_dtype_name(F), sat, tl__avx2_lut8_route(F, T, sat));
      assert_null(tl__avx2_kernel(F, T, sat));
      assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
      memset(ref, 0x5A, sizeof ref);
      for (int i = 0; i < N; i++) assert_int_equal(tl_convert(F, src + 1 + i, 1, T, ref + 1 + i, 1, 1, flags, NULL), TL_OK);
      assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
      memset(out, 0x5A, sizeof out);
      assert_int_equal(tl_convert_contiguous(F, src + 1, T, out + 1, N, flags, NULL), TL_OK);
      assert_memory_equal(out, ref, sizeof out);
    }
  assert_int_equal(tl__avx2_lut8_route(TL_FLOAT8_E8M0FNU, TL_BOOL, 0), 7);
  assert_int_not_equal(tl__avx2_lut8_route(TL_FLOAT8_E4M3FN, TL_FLOAT8_E5M2, 0), 9);
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
}

/* float16 / bfloat16 / complex32 -> float8/6/4 (k_h8): into the float8
 * formats whose smallest normal is at most 2^-6 a block of 32 with no |h| in
 * (0, that normal) takes a shorter path (the others keep one path): blocks
 * built to hit each side, against the scalar engine: ordinary values with
 * zeros (the short path, zero through the shift), one value each just below
 * and at the smallest normal, float16 subnormals, signed zeros only, values
 * at the overflow edge, and NaN/inf (the scalar engine's block), with and
 * without saturation. */
static void test_h8_blocks(void **state) {
  (void)state;
  enum { N = 32 * 40 + 7 };
  static const tl_dtype dst[] = {TL_FLOAT8_E4M3FN,   TL_FLOAT8_E5M2,        TL_FLOAT8_E4M3,     TL_FLOAT8_E3M4,
                                 TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E5M2FNUZ, TL_FLOAT6_E2M3FN,
                                 TL_FLOAT6_E3M2FN,   TL_FLOAT4_E2M1FN};
  uint16_t *h = malloc(N * sizeof *h), *bf = malloc(N * sizeof *bf), *c32 = malloc(2 * N * sizeof *c32);
  unsigned char *out = malloc(N * 2 + 64), *ref = malloc(N * 2 + 64);
  assert_non_null(h), assert_non_null(bf), assert_non_null(c32), assert_non_null(out), assert_non_null(ref);
  int nt = ntiers_avail();
  for (size_t j = 0; j < sizeof dst / sizeof *dst; j++) {
    const tl_dtype to = dst[j];
    tl_finfo fi;
    assert_int_equal(tl_finfo_get(to, &fi), TL_OK);
    const float mn = (float)fi.smallest_normal, big = (float)fi.max * 1.0625f; /* the overflow edge */
    for (size_t i = 0; i < N; i++) {
      const size_t b = i / 32, l = i % 32;
      const uint64_t r = next();
      float v = (float)((int)(r % 4001) - 2000) / 16.0f; /* +-125, some exact zeros */
      switch (b % 6) {
      case 0: break;
      case 1: if (l == b % 32) v = (l & 1 ? -mn : mn) * 0.75f; break;      /* one just below the smallest normal */
      case 2: if (l == b % 32) v = l & 1 ? -mn : mn; break;                /* one at it */
      case 3: v = l & 1 ? -0.0f : 0.0f; break;                            /* zeros only */
      case 4: if (l == (b * 7) % 32) v = (float)(r % 3 == 0 ? 1e30 : r % 3 == 1 ? -1e30 : 0.0 / 0.0); break;
      default: if (l % 5 == 0) v = l & 2 ? -big : big; break;               /* at the overflow edge */
      }
      uint32_t u;
      memcpy(&u, &v, 4);
      unsigned char hb[2];
      assert_int_equal(tl_convert(TL_FLOAT32, &v, 4, TL_FLOAT16, hb, 2, 1, 0, NULL), TL_OK);
      memcpy(&h[i], hb, 2);
      if (b % 6 == 1 && l == b % 32 && b % 12 == 7) h[i] = (uint16_t)(0x0001 + r % 0x3FF); /* a float16 subnormal */
      bf[i] = (uint16_t)(u >> 16);
      c32[2 * i] = h[i], c32[2 * i + 1] = (uint16_t)r;
    }
    for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE)
      for (size_t off = 0; off < 2; off++) {
        compare_tiers(TL_FLOAT16, (const unsigned char *)(h + off), to, N - off, off, flags, out, ref, nt);
        compare_tiers(TL_BFLOAT16, (const unsigned char *)(bf + off), to, N - off, off, flags, out, ref, nt);
        compare_tiers(TL_COMPLEX32, (const unsigned char *)(c32 + 2 * off), to, N - off, off, flags, out, ref, nt);
      }
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(h), free(bf), free(c32), free(out), free(ref);
}

/* k_h8 into the formats whose smallest normal is above 2^-2 (float6_e2m3fn,
 * float4_e2m1fn) takes one loop in cache (the float32 add in the blocks that
 * need it) and another past 512 KiB of source and output (chunks of 16
 * blocks: the shift alone, then the blocks holding a subnormal lane again;
 * a NaN sends the chunk and the rest to the per-block loop), streaming past
 * 32 MiB: lengths for each, values +-125 with zeros, one value below the
 * smallest normal in every third block, float16 subnormals, overflow edges,
 * and (nan) one NaN two thirds of the way in; every tier against the scalar
 * one, both flags. */
static void test_h8_chunks(void **state) {
  (void)state;
  static const tl_dtype dst[] = {TL_FLOAT6_E2M3FN, TL_FLOAT4_E2M1FN};
  static const size_t lens[] = {16 * 32 * 20 + 9, 16 * 32 * 400 + 9, (size_t)11 << 20};
  const int nt = ntiers_avail();
  for (size_t li = 0; li < sizeof lens / sizeof *lens; li++) {
    const size_t N = lens[li], nb = N / 32;
    uint16_t *h = malloc(N * 2), *bf = malloc(N * 2), *c32 = malloc(N * 4);
    unsigned char *out = malloc(N + 64), *ref = malloc(N + 64);
    assert_non_null(h), assert_non_null(bf), assert_non_null(c32), assert_non_null(out), assert_non_null(ref);
    for (size_t j = 0; j < sizeof dst / sizeof *dst; j++) {
      tl_finfo fi;
      assert_int_equal(tl_finfo_get(dst[j], &fi), TL_OK);
      const float mn = (float)fi.smallest_normal, big = (float)fi.max * 1.0625f;
      for (int nan = 0; nan < 2; nan++) {
        for (size_t i = 0; i < N; i++) {
          const size_t b = i / 32, l = i % 32;
          const uint64_t r = next();
          float v = r % 16 == 0 ? 0.0f : (float)((int)(r >> 8) % 4001 - 2000) / 16.0f;
          if (b % 3 == 1 && l == (b * 5) % 32) v = mn * (float)((r >> 20) % 1000) / 1000.0f * (r & 1 ? -1.0f : 1.0f);
          if (b % 11 == 4 && l == (b * 3) % 32) v = r & 2 ? -big : big;
          if (nan && b == nb * 2 / 3 && l == 5) v = 0.0f / 0.0f;
          uint32_t u;
          memcpy(&u, &v, 4);
          unsigned char hb[2];
          assert_int_equal(tl_convert(TL_FLOAT32, &v, 4, TL_FLOAT16, hb, 2, 1, 0, NULL), TL_OK);
          memcpy(&h[i], hb, 2);
          if (b % 7 == 3 && l == (b * 11) % 32) h[i] = (uint16_t)((r & 0x8000) | (0x0001 + (r >> 24) % 0x3FF)); /* a float16 subnormal */
          bf[i] = (uint16_t)(u >> 16);
          c32[2 * i] = h[i], c32[2 * i + 1] = (uint16_t)(r >> 32);
        }
        for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE) {
          if (li == 2 && flags) continue; /* the streaming length once */
          compare_tiers(TL_FLOAT16, (const unsigned char *)h, dst[j], N, 0, flags, out, ref, nt);
          compare_tiers(TL_BFLOAT16, (const unsigned char *)(bf + 1), dst[j], N - 1, 1, flags, out, ref, nt);
          compare_tiers(TL_COMPLEX32, (const unsigned char *)c32, dst[j], N, 0, flags, out, ref, nt);
        }
      }
    }
    free(h), free(bf), free(c32), free(out), free(ref);
  }
  tl_convert_set_tier(tiers[nt - 1]);
}

/* NaN and inf inside blocks of normal values, which the AVX2 encoders of
 * float32/complex64, float64/complex128 (on the high words) and
 * float16/bfloat16/complex32 into float8_e4m3fn and the fnuz formats
 * (without sat) keep in their fast loop (their NaN is the overflow code of
 * its sign): in every other block one NaN with a random payload and sign, or
 * +-inf, or a NaN next to an overflowing value, among values of magnitude
 * 0.5-200; every tier against the scalar one, into every float8 format (the
 * IEEE ones test and leave such blocks), both flags. */
static void test_nan_normal_blocks(void **state) {
  (void)state;
  enum { N = 32 * 48 + 5 };
  static const tl_dtype dst[] = {TL_FLOAT8_E4M3FN,   TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E5M2FNUZ,
                                 TL_FLOAT8_E4M3,     TL_FLOAT8_E5M2,     TL_FLOAT8_E3M4};
  static const tl_dtype src[] = {TL_FLOAT32, TL_COMPLEX64, TL_FLOAT64, TL_COMPLEX128, TL_FLOAT16, TL_BFLOAT16, TL_COMPLEX32};
  float *v = malloc(N * sizeof *v);
  unsigned char *buf = malloc(N * 16 + 64), *out = malloc(N + 64), *ref = malloc(N + 64);
  assert_non_null(v), assert_non_null(buf), assert_non_null(out), assert_non_null(ref);
  int nt = ntiers_avail();
  for (size_t i = 0; i < N; i++) {
    const uint64_t r = next();
    v[i] = (0.5f + (float)(r % 1600) / 8.0f) * ((r >> 20) & 1 ? -1.0f : 1.0f);
  }
  for (size_t f = 0; f < sizeof src / sizeof *src; f++) {
    const tl_dtype from = src[f], comp = tl_dtype_get(from)->kind == TL_KIND_COMPLEX ? tl_dtype_get(from)->component : from;
    const size_t fs = isz(from), cs = isz(comp);
    assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
    fill(buf, N * fs);
    for (size_t i = 0; i < N; i++) /* the real part (complex: the imaginary part random) */
      assert_int_equal(tl_convert(TL_FLOAT32, &v[i], 4, comp, buf + i * fs, (ptrdiff_t)cs, 1, 0, NULL), TL_OK);
    for (size_t b = 1; b < N / 32; b += 2) {
      const uint64_t r = next();
      unsigned char *p = buf + (b * 32 + r % 32) * fs;
      switch ((b / 2) % 3) {
      case 0: put_nan(comp, p, next()); break;
      case 1: {
        const float inf = (r >> 7) & 1 ? -INFINITY : INFINITY;
        assert_int_equal(tl_convert(TL_FLOAT32, &inf, 4, comp, p, (ptrdiff_t)cs, 1, 0, NULL), TL_OK);
        break;
      }
      default: {
        const float big = (r >> 7) & 1 ? -1e4f : 1e4f;
        put_nan(comp, p, next());
        assert_int_equal(tl_convert(TL_FLOAT32, &big, 4, comp, buf + (b * 32 + (r + 5) % 32) * fs, (ptrdiff_t)cs, 1, 0, NULL),
                         TL_OK);
      }
      }
    }
    for (size_t j = 0; j < sizeof dst / sizeof *dst; j++)
      for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE)
        compare_tiers(from, buf, dst[j], N, 0, flags, out, ref, nt);
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(v), free(buf), free(out), free(ref);
}

/* float8 -> int16/uint16/int32/uint32/int64/uint64 take blocks of 32 codes
 * without inf, NaN or a magnitude of 2^15 or more by one route (the codes
 * in bytes) and the others by another: random codes of the IEEE and FN
 * formats rarely make such a block. Every such code of each format, in
 * shuffled blocks of 32 only of them, then the same blocks with one inf, NaN
 * or large code put at a varying place in every other block, against the
 * scalar tier, both flags. */
static void test_f8_int_clean_blocks(void **state) {
  (void)state;
  enum { N = 32 * 40 + 7 };
  static const tl_dtype src[] = {TL_FLOAT8_E4M3FN,   TL_FLOAT8_E5M2,     TL_FLOAT8_E4M3,       TL_FLOAT8_E3M4,
                                 TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E5M2FNUZ, TL_FLOAT8_E4M3B11FNUZ};
  static const tl_dtype dst[] = {TL_INT16, TL_UINT16, TL_INT32, TL_UINT32, TL_INT64, TL_UINT64};
  static unsigned char buf[N], out[N * 8 + 64], ref[N * 8 + 64];
  int nt = ntiers_avail();
  for (size_t f = 0; f < sizeof src / sizeof *src; f++) {
    unsigned char clean[256], dirty[256];
    int nc = 0, nd = 0;
    assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
    for (int c = 0; c < 256; c++) {
      const unsigned char code = (unsigned char)c;
      double v;
      assert_int_equal(tl_convert(src[f], &code, 1, TL_FLOAT64, &v, 8, 1, 0, NULL), TL_OK);
      if (isfinite(v) && fabs(v) < 32768.0) clean[nc++] = code;
      else dirty[nd++] = code;
    }
    assert_true(nc >= 200);
    for (int pass = 0; pass < 2; pass++) {
      for (size_t i = 0; i < N; i++) buf[i] = clean[next() % (uint64_t)nc];
      if (pass && nd > 0)
        for (size_t b = 1; b < N / 32; b += 2) buf[b * 32 + next() % 32] = dirty[next() % (uint64_t)nd];
      for (size_t j = 0; j < sizeof dst / sizeof *dst; j++)
        for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE)
          for (size_t off = 0; off < 2; off++) compare_tiers(src[f], buf + off, dst[j], N - off, 0, flags, out, ref, nt);
    }
  }
  tl_convert_set_tier(tiers[nt - 1]);
}

/* float8/6/4 -> int64/uint64 through a narrower core (tl__f8core_run):
   which pairs take it (the cores that fit, by the tables; into uint64 from
   float4/float6 only), and their results against the scalar tier over
   several blocks of 4096 codes with a tail, from every code, at unaligned
   source and destination addresses. */
static void test_f8_core_blocks(void **state) {
  (void)state;
  enum { N = 3 * 4096 + 2048 + 37 };
  static const struct { tl_dtype from; int i64, u64; } want[] = {
      {TL_FLOAT4_E2M1FN, 1, 1},   {TL_FLOAT6_E2M3FN, 1, 1},   {TL_FLOAT6_E3M2FN, 1, 1},
      {TL_FLOAT8_E4M3B11FNUZ, 1, 0}, {TL_FLOAT8_E4M3FN, 2, 0}, {TL_FLOAT8_E4M3FNUZ, 2, 0},
      {TL_FLOAT8_E5M2FNUZ, 0, 0}, {TL_FLOAT8_E5M2, 0, 0},     {TL_FLOAT8_E4M3, 0, 0},
      {TL_FLOAT8_E3M4, 0, 0},     {TL_FLOAT8_E8M0FNU, 0, 0}};
  static unsigned char buf[N + 1], out[N * 8 + 64], ref[N * 8 + 64];
  int nt = ntiers_avail();
  if (nt >= 2) {
    assert_int_equal(tl_convert_set_tier("avx2"), TL_OK);
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
      if (tl__avx2_f8core(want[k].from, TL_INT64) != want[k].i64 || tl__avx2_f8core(want[k].from, TL_UINT64) != want[k].u64)
        fail_msg("%s -> int64/uint64: cores %d/%d, want %d/%d", tl_dtype_name(want[k].from),
                 tl__avx2_f8core(want[k].from, TL_INT64), tl__avx2_f8core(want[k].from, TL_UINT64), want[k].i64, want[k].u64);
    }
    /* no core elsewhere: the other widths, non-integers, bad dtypes */
    assert_int_equal(tl__avx2_f8core(TL_FLOAT4_E2M1FN, TL_INT32), 0);
    assert_int_equal(tl__avx2_f8core(TL_FLOAT6_E2M3FN, TL_FLOAT64), 0);
    assert_int_equal(tl__avx2_f8core(TL_INT8, TL_INT64), 0);
    assert_int_equal(tl__avx2_f8core((tl_dtype)-1, TL_INT64), 0);
    assert_int_equal(tl__avx2_f8core(TL_FLOAT4_E2M1FN, (tl_dtype)TL_NUM_CONCRETE), 0);
  }
  fill(buf, sizeof buf);
  for (int c = 0; c < 256; c++) buf[7 * c + 3] = (unsigned char)c; /* every code, NaN and inf included */
  for (size_t k = 0; k < sizeof want / sizeof *want; k++)
    for (int t = 0; t < 2; t++)
      for (size_t off = 0; off < 2; off++)
        compare_tiers(want[k].from, buf + off, t ? TL_UINT64 : TL_INT64, N - off, off ? 3 : 0, k % 2 ? TL_CONVERT_SATURATE : 0,
                      out, ref, nt);
  tl_convert_set_tier(tiers[nt - 1]);
}

/* Kernels with a fast path for blocks of small values (int64/uint64 ->
   float32/complex64 when all 8 fit int32, -> bfloat16/bcomplex32 when all are
   below 2^24 in magnitude, int32/uint32 -> bfloat16/bcomplex32 likewise;
   float16/complex32 -> int64/uint64 without inf/NaN):
   random bits rarely make such blocks, so these sources mix blocks of small
   values, values at the bounds, and one large value among small ones; in
   blocks of 8 and, for the integer -> bfloat16 kernels that test 16 at a
   time, of 16. */
static void test_small_value_blocks(void **state) {
  (void)state;
  enum { N = 2048 + 5 }; /* blocks of 16: every edge below in one */
  static const struct { tl_dtype from, to; } pairs[] = {
      {TL_INT64, TL_FLOAT32}, {TL_UINT64, TL_FLOAT32}, {TL_INT64, TL_COMPLEX64}, {TL_UINT64, TL_COMPLEX64},
      {TL_INT64, TL_BFLOAT16}, {TL_UINT64, TL_BFLOAT16}, {TL_INT64, TL_BCOMPLEX32}, {TL_UINT64, TL_BCOMPLEX32},
      {TL_FLOAT16, TL_INT64}, {TL_FLOAT16, TL_UINT64}, {TL_COMPLEX32, TL_INT64}, {TL_COMPLEX32, TL_UINT64},
      {TL_FLOAT32, TL_INT64}, {TL_FLOAT32, TL_UINT64}, {TL_COMPLEX64, TL_INT64}, {TL_BFLOAT16, TL_UINT64},
      {TL_BFLOAT16, TL_INT64}, {TL_BCOMPLEX32, TL_UINT64}, {TL_INT32, TL_BFLOAT16}, {TL_UINT32, TL_BFLOAT16},
      {TL_INT32, TL_BCOMPLEX32}, {TL_UINT32, TL_BCOMPLEX32}};
  static const int64_t edges[] = {0, 1, -1, (1 << 24) - 1, 1 << 24, (1 << 24) + 1, -(1 << 24), -(1 << 24) - 1,
                                  (1 << 24) + 3, INT32_MAX, (int64_t)INT32_MAX + 1, INT32_MIN, (int64_t)INT32_MIN - 1,
                                  (int64_t)UINT32_MAX, INT64_MAX, INT64_MIN, 0x7FFFFF5, -0x7FFFFF5,
                                  /* just below a bfloat16 tie, rounded onto it by float32 (double rounding) */
                                  0x102FFFF, -0x102FFFF, 0x40BFFFFF, -0x40BFFFFF};
  const int ne = (int)(sizeof edges / sizeof edges[0]);
  int64_t *q = malloc(N * sizeof *q);
  uint16_t *h = malloc(2 * N * sizeof *h), *h16 = malloc(N * sizeof *h16), *bf = malloc(2 * N * sizeof *bf);
  uint32_t *f32 = malloc(2 * N * sizeof *f32), *i32 = malloc(N * sizeof *i32); /* i32: q's low halves */
  unsigned char *out = malloc(N * 16 + 64), *ref = malloc(N * 16 + 64);
  assert_non_null(q), assert_non_null(h), assert_non_null(h16), assert_non_null(bf), assert_non_null(f32), assert_non_null(i32);
  assert_non_null(out), assert_non_null(ref);
  for (size_t BL = 8; BL <= 16; BL *= 2) {
  for (size_t i = 0; i < N; i++) {
    const size_t b = i / BL;
    const uint64_t r = next();
    switch (b % 5) {
    case 0: q[i] = (int64_t)(r % (1u << 25)) - (1 << 24); break; /* all below 2^24 */
    case 1: q[i] = (int32_t)r; break;                             /* all fit int32 */
    case 2: q[i] = i % BL == 3 ? (int64_t)r : (int64_t)(r % 1000) - 500; break; /* one large */
    case 3: q[i] = i % BL == b / 5 % BL ? edges[b / 5 % (size_t)ne] : (int64_t)(r % 64); break; /* one edge among small */
    default: q[i] = (int64_t)r; break;
    }
    /* float16 bits: finite small values, with inf/NaN in some blocks */
    h[2 * i] = (uint16_t)(b % 4 == 3 ? r : (r & 0x7BFF));
    h[2 * i + 1] = (uint16_t)(r >> 16);
    h16[i] = h[2 * i]; /* float16: the real parts alone */
    /* float32 (and its top halves, bfloat16): the integers above as floats,
       some with fractions, some just below and at 2^31, with NaN/inf in
       some blocks */
    float v = (float)q[i] * (i % 3 ? 1.0f : 0.37f);
    if (b % 7 == 6) v = i % 8 == 5 ? (i % 16 < 8 ? 2147483648.0f : -2147483520.0f) : v;
    uint32_t u;
    memcpy(&u, &v, 4);
    if (b % 11 == 10 && i % 8 == 2) u = (uint32_t)r | 0x7F800000u; /* inf or NaN */
    f32[i] = u;
    bf[i] = (uint16_t)(u >> 16);
    i32[i] = (uint32_t)q[i];
  }
  int nt = ntiers_avail();
  for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++) {
    const tl_dtype f = pairs[p].from;
    /* complex sources: the same values read in pairs (real parts and imaginary parts alike) */
    const unsigned char *src = f == TL_FLOAT16                        ? (const unsigned char *)h16
                               : f == TL_COMPLEX32                    ? (const unsigned char *)h
                               : f == TL_FLOAT32 || f == TL_COMPLEX64 ? (const unsigned char *)f32
                               : f == TL_BFLOAT16 || f == TL_BCOMPLEX32 ? (const unsigned char *)bf
                               : f == TL_INT32 || f == TL_UINT32      ? (const unsigned char *)i32
                                                                      : (const unsigned char *)q;
    const size_t len = f == TL_COMPLEX64 || f == TL_BCOMPLEX32 ? N / 2 : N;
    for (size_t off = 0; off < 3; off++)
      compare_tiers(f, src + off * isz(f), pairs[p].to, len - off, off, 0, out, ref, nt);
  }
  }
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  free(q), free(h), free(h16), free(bf), free(f32), free(i32), free(out), free(ref);
}

/* float16 / bfloat16 / complex32 / bcomplex32 -> the integers of 16 bits and
   fewer take a block of 32 (16) elements without a per-lane clamp or NaN mask
   when no |x| there is 2^31 or more (inf, NaN; float16: none finite), int32 /
   uint32 a step of 8 the same way (bcomplex32 -> uint32 only): blocks
   of small values with, at a moving lane, one edge (the largest finite values,
   2^31 and the bfloat16 below it, inf, NaN, the destinations' range ends and
   values next to them), and blocks of small values alone; each tier against
   the scalar one, saturate on and off, source and output off alignment. */
static void test_half_int_blocks(void **state) {
  (void)state;
  enum { N = 4096 + 7 };
  static const tl_dtype froms[] = {TL_FLOAT16, TL_BFLOAT16, TL_COMPLEX32, TL_BCOMPLEX32};
  static const double edges[] = {65504.0, -65504.0, 2147483648.0, -2147483648.0, 2139095040.0, -2139095040.0,
                                 4294967296.0, 4286578688.0, INFINITY, -INFINITY, NAN, -NAN, 3.3e38, -3.3e38, 0.0, -0.0, 127.5, 128.0, -128.0,
                                 -128.5, -129.0, 255.5, 256.0, -0.75, 0.99, 32767.0, 32768.0, -32768.0, -32769.0,
                                 65535.0, 65536.0, 7.5, -8.5, 3.0, 4.0, -2.0, 1.5, -1.5, 2.0, 15.0, 16.0};
  const size_t ne = sizeof edges / sizeof *edges;
  double *v = malloc(N * sizeof *v);
  unsigned char *half = malloc(N * 2), *src = malloc(N * 4 + 64), *out = malloc(N * 4 + 64), *ref = malloc(N * 4 + 64);
  assert_non_null(v), assert_non_null(half), assert_non_null(src), assert_non_null(out), assert_non_null(ref);
  for (size_t i = 0; i < N; i++) {
    const size_t b = i / 32;
    const uint64_t r = next();
    v[i] = (double)((int64_t)(r % 2400) - 1200) / 4.0; /* small: -300 .. 300 by quarters */
    if (b % 3 != 2 && i % 32 == (b * 7 + b / 3) % 32) v[i] = edges[b % ne]; /* one edge at a moving lane */
    if (b % 5 == 4 && i % 32 == 20 + b % 8) v[i] = edges[(b / 5) % ne]; /* and in the second half of a block */
  }
  int nt = ntiers_avail();
  for (size_t f = 0; f < sizeof froms / sizeof *froms; f++) {
    const tl_dtype from = froms[f], real = from == TL_BFLOAT16 || from == TL_BCOMPLEX32 ? TL_BFLOAT16 : TL_FLOAT16;
    const size_t fs = isz(from), soff = 1 + f;
    assert_int_equal(tl_convert_set_tier("scalar"), TL_OK);
    assert_int_equal(tl_convert_contiguous(TL_FLOAT64, v, real, half, N, 0, NULL), TL_OK);
    for (size_t i = 0; i < N; i++) {
      memcpy(src + soff + i * fs, half + 2 * i, 2);
      if (fs == 4) fill(src + soff + i * fs + 2, 2); /* imaginary parts: ignored */
    }
    for (int d = 0; d < TL_NUM_CONCRETE; d++) {
      const tl_dtype to = (tl_dtype)d;
      const tl_dtype_info *ti = tl_dtype_get(to);
      if (tl_dtype_is_weak(to) || (ti->kind != TL_KIND_INT && ti->kind != TL_KIND_UINT) || ti->bits > 32) continue;
      for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE)
        for (size_t off = 0; off < 2; off++)
          compare_tiers(from, src + soff + off * fs, to, N - off, off + 1, flags, out, ref, nt);
    }
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(v), free(half), free(src), free(out), free(ref);
}

/* The AVX-512 tier runs the AVX2 kernels of the pairs where those take a
   cheaper route (convert.c, tl__avx512_defers) and its own elsewhere;
   either way every tier gives the scalar result (the tests above). */
static void test_avx512_defers(void **state) {
  (void)state;
  static const struct { tl_dtype from, to; int avx2; } cases[] = {
      {TL_INT32, TL_FLOAT6_E2M3FN, 1}, {TL_UINT64, TL_FLOAT4_E2M1FN, 1}, {TL_INT16, TL_FLOAT8_E8M0FNU, 1},
      {TL_FLOAT16, TL_INT8, 1},        {TL_BFLOAT16, TL_UINT16, 1},      {TL_FLOAT64, TL_FLOAT8_E8M0FNU, 1},
      {TL_FLOAT16, TL_FLOAT8_E5M2, 1}, {TL_COMPLEX32, TL_FLOAT8_E5M2, 1}, {TL_FLOAT32, TL_FLOAT16, 0},
      {TL_FLOAT32, TL_FLOAT8_E4M3FN, 1}, {TL_INT8, TL_INT32, 0},         {TL_UINT16, TL_FLOAT8_E4M3FN, 0},
      {TL_FLOAT64, TL_FLOAT8_E5M2, 1},   {TL_COMPLEX128, TL_FLOAT6_E2M3FN, 1}, {TL_COMPLEX64, TL_FLOAT8_E4M3FNUZ, 1},
      {TL_FLOAT32, TL_FLOAT8_E5M2, 0},   {TL_COMPLEX64, TL_FLOAT6_E2M3FN, 0}, {TL_FLOAT16, TL_FLOAT8_E4M3FN, 1},
      {TL_BFLOAT16, TL_FLOAT6_E3M2FN, 1}, {TL_FLOAT16, TL_FLOAT4_E2M1FN, 1}, {TL_COMPLEX32, TL_FLOAT8_E4M3FNUZ, 1},
      {TL_COMPLEX32, TL_FLOAT8_E3M4, 0}, {TL_COMPLEX32, TL_INT4, 1},      {TL_COMPLEX32, TL_UINT2, 1},
      {TL_COMPLEX32, TL_UINT4, 0},       {TL_UINT32, TL_FLOAT8_E8M0FNU, 1}, {TL_UINT64, TL_FLOAT8_E8M0FNU, 1},
      {TL_COMPLEX128, TL_BOOL, 1},       {TL_COMPLEX64, TL_BOOL, 0}};
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    const int r = tl__avx512_runs_avx2(cases[k].from, cases[k].to, 0);
    if (r < 0) skip(); /* no AVX-512 here */
    if (r != cases[k].avx2)
      fail_msg("%s -> %s: the AVX-512 tier runs %s kernel", tl_dtype_name(cases[k].from), tl_dtype_name(cases[k].to),
               r ? "the AVX2" : "its own");
  }
  /* on Zen 4 only (tl__amd512_by_cpu): integers -> bfloat16 / complex32, complex32 -> uint8 / uint16,
     complex64 -> int64 / float8_e5m2 / float8_e4m3; not int64 -> complex32, complex64 -> float8_e3m4 */
  static const struct { tl_dtype from, to; int zen4; } z4[] = {
      {TL_INT32, TL_COMPLEX32, 1},   {TL_UINT64, TL_COMPLEX32, 1},  {TL_INT64, TL_BFLOAT16, 1},
      {TL_UINT32, TL_BFLOAT16, 1},   {TL_COMPLEX32, TL_UINT8, 1},   {TL_COMPLEX32, TL_UINT16, 1},
      {TL_COMPLEX64, TL_INT64, 1},   {TL_COMPLEX64, TL_FLOAT8_E5M2, 1}, {TL_COMPLEX64, TL_FLOAT8_E4M3, 1},
      {TL_INT64, TL_COMPLEX32, 0},   {TL_COMPLEX64, TL_FLOAT8_E3M4, 0}, {TL_COMPLEX32, TL_INT8, 0}};
  for (size_t k = 0; k < sizeof z4 / sizeof *z4; k++) {
    const int want = z4[k].zen4 && tl__amd512_by_cpu();
    if (tl__avx512_runs_avx2(z4[k].from, z4[k].to, 0) != want || tl__avx512_runs_avx2(z4[k].from, z4[k].to, 1) != want)
      fail_msg("%s -> %s: want the %s kernel", tl_dtype_name(z4[k].from), tl_dtype_name(z4[k].to), want ? "AVX2" : "AVX-512");
  }
  /* the float8/6/4 decoders into 8-byte outputs: on Zen 4 the AVX2 kernels (but float6/float4 -> int64),
     elsewhere with VBMI its lookups (no kernel in either tier) */
  static const struct { tl_dtype from, to; int zen4; } dec[] = {
      {TL_FLOAT8_E4M3FN, TL_FLOAT64, 1}, {TL_FLOAT8_E8M0FNU, TL_COMPLEX64, 1}, {TL_FLOAT8_E5M2, TL_INT64, 1},
      {TL_FLOAT6_E2M3FN, TL_UINT64, 1},  {TL_FLOAT4_E2M1FN, TL_FLOAT64, 1},   {TL_FLOAT4_E2M1FN, TL_INT64, 0},
      {TL_FLOAT6_E3M2FN, TL_INT64, 0},   {TL_FLOAT8_E4M3FN, TL_FLOAT32, 0},   {TL_FLOAT8_E5M2, TL_COMPLEX128, 0}};
  for (size_t k = 0; k < sizeof dec / sizeof *dec; k++)
    if (tl_convert_set_tier("avx512") == TL_OK && tl__cpu_has_vbmi()) {
      const int want = dec[k].zen4 && tl__amd512_by_cpu();
      if (tl__avx512_runs_avx2(dec[k].from, dec[k].to, 0) != want)
        fail_msg("%s -> %s: want the %s", tl_dtype_name(dec[k].from), tl_dtype_name(dec[k].to),
                 want ? "AVX2 decoder" : "VBMI lookups");
    }
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  /* uint64 -> float8_e8m0fnu saturating: the AVX-512 tier's own (the AVX2 block rule is not-saturating only) */
  assert_int_equal(tl__avx512_runs_avx2(TL_UINT64, TL_FLOAT8_E8M0FNU, 1), 0);
  assert_int_equal(tl__avx512_runs_avx2(TL_UINT32, TL_FLOAT8_E8M0FNU, 1), 1);
  assert_int_equal(tl__avx512_runs_avx2((tl_dtype)-1, TL_INT8, 0), -1); /* a bad dtype: no kernel, no read out of range */
  /* every pair asks the tiers without harm; float4_e2m1fn_x2 (packed pairs, which tl_convert converts on
     its own path) has no kernel, where the tiers once built a table through the generic engine, which
     cannot write packed pairs, and crashed */
  for (int f = 0; f < TL_NUM_CONCRETE; f++)
    for (int t = 0; t < TL_NUM_CONCRETE; t++)
      for (int sat = 0; sat < 2; sat++) {
        const int r = tl__avx512_runs_avx2((tl_dtype)f, (tl_dtype)t, sat);
        if (f == TL_FLOAT4_E2M1FN_X2 || t == TL_FLOAT4_E2M1FN_X2) assert_int_equal(r, 0);
        else assert_true(r == 0 || r == 1);
      }
}

/* float16 / bfloat16 / complex32 -> int2 / uint2 / int4: a window of |h|'s
   bits looked up per sign (tl__avx2_hw_rule). float16 -> int4 changes at
   1.0 ... 8.0 (0x3C00 ... 0x4800, multiples of 0x100): shift 8, a window
   of 12 steps above 1.0; uint4 (its window from 1.0 to 15.0 is 16 steps of
   0x80) has none. float4_e2m1fn by the window with the sticky bit
   (tl__avx2_hq_rule, below). Every code, in order and interleaved with NaN
   and complex32's imaginary parts, gives the scalar tier's bytes. */
static void test_half_window(void **state) {
  (void)state;
  if (tl_convert_set_tier("avx2") != TL_OK) skip();
  assert_int_equal(tl__avx2_hw_rule(TL_FLOAT16, TL_INT4, 0), 1 + 8 + 16 * 12);
  assert_int_equal(tl__avx2_hw_rule(TL_FLOAT16, TL_UINT4, 0), 0);
  assert_int_equal(tl__avx2_hw_rule(TL_FLOAT32, TL_INT4, 0), 0);
  assert_int_equal(tl__avx2_hw_rule(TL_FLOAT16, TL_INT8, 0), 0);
  assert_int_equal(tl__avx2_hw_rule((tl_dtype)-1, TL_INT4, 0), 0);
  assert_int_equal(tl__avx2_hw_rule(TL_FLOAT16, (tl_dtype)TL_NUM_CONCRETE, 0), 0);
  /* float4_e2m1fn (tl__avx2_hq_rule): with f = 2 (|h| >> sh) + (the bits
     below nonzero), 0.25 (0x3400, a tie that rounds to 0) is f = 0x68, the
     last of the zeros, and above 5.0 (0x4500, a tie to 4.0: f = 0x8A) every
     value gives 6.0 from f = 0x8B on: a window of 36 at sh = 8, the midpoints
     0.25 ... 5.0 having two mantissa bits. bfloat16 at sh = 5 the same:
     0x3E80 -> 0x3E8, 0x40A0 -> 0x40A. */
  for (int sat = 0; sat < 2; sat++) {
    assert_int_equal(tl__avx2_hq_rule(TL_FLOAT16, TL_FLOAT4_E2M1FN, sat), 1 + 8 + 16 * (0x8B - 0x68));
    assert_int_equal(tl__avx2_hq_rule(TL_COMPLEX32, TL_FLOAT4_E2M1FN, sat), 1 + 8 + 16 * (0x8B - 0x68));
    assert_int_equal(tl__avx2_hq_rule(TL_BFLOAT16, TL_FLOAT4_E2M1FN, sat), 1 + 5 + 16 * (0x40B - 0x3E8));
  }
  assert_int_equal(tl__avx2_hq_rule(TL_FLOAT16, TL_FLOAT6_E2M3FN, 0), 0); /* not on the list */
  assert_int_equal(tl__avx2_hq_rule((tl_dtype)-1, TL_FLOAT4_E2M1FN, 0), 0);
  assert_int_equal(tl__avx2_hq_rule(TL_FLOAT16, (tl_dtype)TL_NUM_CONCRETE, 0), 0);
  enum { N = 65536 + 2 * 1024 + 19 };
  uint16_t *src = malloc(2 * N * sizeof *src);
  unsigned char *out = malloc(N + 64), *ref = malloc(N + 64);
  assert_non_null(src), assert_non_null(out), assert_non_null(ref);
  static const tl_dtype from[] = {TL_FLOAT16, TL_BFLOAT16, TL_COMPLEX32};
  static const tl_dtype to[] = {TL_INT2, TL_UINT2, TL_INT4, TL_UINT4, TL_FLOAT4_E2M1FN};
  for (size_t a = 0; a < 3; a++) {
    const int cx = from[a] == TL_COMPLEX32;
    const uint16_t nanc = from[a] == TL_BFLOAT16 ? 0x7FC1 : 0x7E01;
    for (size_t i = 0; i < N; i++) {
      /* every code in order, then codes by a stride with a NaN now and then */
      uint16_t c = i < 65536 ? (uint16_t)i : (uint16_t)(i * 40503u);
      if (i >= 65536 && i % 97 == 0) c = (uint16_t)(nanc | (i & 1) << 15);
      if (cx) src[2 * i] = c, src[2 * i + 1] = (uint16_t)(i * 2654435761u >> 7);
      else src[i] = c;
    }
    for (size_t b = 0; b < 5; b++)
      for (int sat = 0; sat < 2; sat++) {
        if (to[b] != TL_UINT4 && to[b] != TL_FLOAT4_E2M1FN && tl__avx2_hw_rule(from[a], to[b], sat) == 0)
          fail_msg("%s -> %s sat %d: no window rule", tl_dtype_name(from[a]), tl_dtype_name(to[b]), sat);
        compare_tiers(from[a], (const unsigned char *)src, to[b], N, 0, sat ? TL_CONVERT_SATURATE : 0, out, ref, ntiers_avail());
        compare_tiers(from[a], (const unsigned char *)src + (cx ? 4 : 2) * 3, to[b], N - 37, 5,
                      sat ? TL_CONVERT_SATURATE : 0, out, ref, ntiers_avail());
      }
  }
  tl_convert_set_tier(tiers[ntiers_avail() - 1]);
  free(src), free(out), free(ref);
}

/* The 256-entry tables of 1-byte sources: none for other sources, packed
   pairs or dtypes out of range (NULL, nothing built, nothing read). */
static void test_table8_bounds(void **state) {
  (void)state;
  assert_null(tl__table8(TL_BOOL, TL_FLOAT4_E2M1FN_X2, 0));
  assert_null(tl__table8(TL_FLOAT4_E2M1FN_X2, TL_FLOAT32, 1));
  assert_null(tl__table8(TL_FLOAT16, TL_FLOAT32, 0));
  assert_null(tl__table8((tl_dtype)-1, TL_FLOAT32, 0));
  assert_null(tl__table8(TL_INT8, (tl_dtype)TL_NUM_CONCRETE, 0));
  const unsigned char *t = tl__table8(TL_INT8, TL_INT16, 7); /* any nonzero sat: the saturating table */
  assert_non_null(t);
  assert_ptr_equal(t, tl__table8(TL_INT8, TL_INT16, 1));
  assert_int_equal(t[2 * 0xFF] | t[2 * 0xFF + 1] << 8, 0xFFFF); /* int8 -1 -> int16 -1 */
  assert_int_equal(t[2 * 0x7F] | t[2 * 0x7F + 1] << 8, 0x7F);
}

/* The integer / float16 / bfloat16 -> float16 (and complex32) and float8/6/4
 * kernels (clamp to the first overflowing value, then one rounding in 32-bit
 * lanes; for the formats constant from 31 on, the saturating packs and a
 * clamped lookup; bfloat16 -> float16/complex32 in 16-bit lanes while a step
 * stays in float16's normal range): every int16, uint16, float16 and
 * bfloat16 value (in order: steps of 16 whose lanes all cross a range end
 * together), and for the 4- and 8-byte integers +-(m * 2^s + d) with m <
 * 4096 (s <= 4: every rounding and overflow point of float16 and the
 * float8/6/4 formats) or m < 256 (larger s), d in -1..1, plus the type's
 * extremes; saturate on and off, a tail; into float16 with the AVX2 kernels'
 * Intel and AMD forms both. */
static void test_int_narrow_edges(void **state) {
  (void)state;
  static const tl_dtype tos[] = {TL_FLOAT16, TL_COMPLEX32, TL_BFLOAT16, TL_FLOAT8_E8M0FNU, TL_FLOAT8_E3M4, TL_FLOAT8_E4M3,
                                 TL_FLOAT8_E4M3FN, TL_FLOAT8_E4M3FNUZ, TL_FLOAT8_E4M3B11FNUZ, TL_FLOAT8_E5M2,
                                 TL_FLOAT8_E5M2FNUZ, TL_FLOAT6_E2M3FN, TL_FLOAT6_E3M2FN, TL_FLOAT4_E2M1FN};
  static const tl_dtype froms[] = {TL_INT16, TL_UINT16, TL_FLOAT16, TL_BFLOAT16, TL_INT32, TL_UINT32, TL_INT64, TL_UINT64};
  enum { NV = 4096 * 5 * 3 * 2 + 256 * 59 * 3 * 2 + 64 };
  int64_t *v = malloc(NV * sizeof *v);
  size_t nv = 0;
  for (int s = 0; s < 64; s++)
    for (int64_t m = 0; m < (s <= 4 ? 4096 : 256) && nv + 6 <= NV - 16; m++)
      for (int d = -1; d <= 1; d++) {
        const uint64_t x = ((uint64_t)m << s) + (uint64_t)(int64_t)d, nx = 0 - x;
        memcpy(&v[nv++], &x, 8);
        memcpy(&v[nv++], &nx, 8);
      }
  static const int64_t ext[] = {INT64_MIN, INT64_MAX, INT32_MIN, INT32_MAX, UINT32_MAX, 0x100000000ll, -0x100000000ll,
                                -0x100000001ll, 0xFFFFFFFFll + 0x80000000ll, 1ll << 24, (1ll << 24) + 1, -(1ll << 24) - 1};
  for (size_t k = 0; k < sizeof ext / sizeof *ext; k++) v[nv++] = ext[k];
  unsigned char *src = malloc(NV * 8 + 64), *out = malloc(NV * 4 + 64), *ref = malloc(NV * 4 + 64);
  int nt = ntiers_avail();
  for (size_t f = 0; f < sizeof froms / sizeof *froms; f++) {
    tl_dtype from = froms[f];
    size_t fs = isz(from), n;
    if (fs == 2) {
      n = 65536 + 13;
      for (size_t i = 0; i < n; i++) {
        uint16_t h = (uint16_t)i;
        memcpy(src + 2 * i, &h, 2);
      }
    } else {
      n = nv;
      for (size_t i = 0; i < n; i++) memcpy(src + i * fs, &v[i], fs); /* little-endian: the low bytes */
    }
    /* the AVX2 integer -> float16 kernels' Intel and AMD forms (tl__cpu_intel), whichever this CPU is */
    const int saved = tl__cpu_intel;
    for (int intel = 0; intel < 2; intel++) {
      tl__cpu_intel = intel;
      for (size_t t = 0; t < sizeof tos / sizeof *tos; t++)
        for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE)
          if (intel == 0 || tos[t] == TL_FLOAT16) compare_tiers(from, src, tos[t], n, 0, flags, out, ref, nt);
    }
    tl__cpu_intel = saved;
  }
  tl_convert_set_tier(tiers[nt - 1]);
  free(v);
  free(src);
  free(out);
  free(ref);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_small_lengths),
      cmocka_unit_test(test_strided),
      cmocka_unit_test(test_large),
      cmocka_unit_test(test_large_streamed),
      cmocka_unit_test(test_h8_large),
      cmocka_unit_test(test_streams),
      cmocka_unit_test(test_streams512),
      cmocka_unit_test(test_streams_default),
      cmocka_unit_test(test_amd512_defer),
      cmocka_unit_test(test_every_pair_blocks),
      cmocka_unit_test(test_nb8_int8_runs),
      cmocka_unit_test(test_f64_midpoints_blocks),
      cmocka_unit_test(test_d16_fast_blocks),
      cmocka_unit_test(test_f64_narrow_blocks),
      cmocka_unit_test(test_f8_window_blocks),
      cmocka_unit_test(test_byte_sources_every_value),
      cmocka_unit_test(test_subbyte_destinations),
      cmocka_unit_test(test_f8_decoders_enabled),
      cmocka_unit_test(test_every_pair_direct_avx2),
      cmocka_unit_test(test_fold_enabled),
      cmocka_unit_test(test_bl_enabled),
      cmocka_unit_test(test_cl_enabled),
      cmocka_unit_test(test_rg_enabled),
      cmocka_unit_test(test_rg_zero),
      cmocka_unit_test(test_aff_sl),
      cmocka_unit_test(test_ns_blends),
      cmocka_unit_test(test_cs_rules),
      cmocka_unit_test(test_ls_rules),
      cmocka_unit_test(test_mw_rules),
      cmocka_unit_test(test_rg_wide),
      cmocka_unit_test(test_lut_one_shuffle),
      cmocka_unit_test(test_lut_half),
      cmocka_unit_test(test_bn_enabled),
      cmocka_unit_test(test_fast_path),
      cmocka_unit_test(test_h8_blocks),
      cmocka_unit_test(test_h8_chunks),
      cmocka_unit_test(test_f8_int_clean_blocks),
      cmocka_unit_test(test_f8_core_blocks),
      cmocka_unit_test(test_nan_normal_blocks),
      cmocka_unit_test(test_aff_enabled),
      cmocka_unit_test(test_ns_enabled),
      cmocka_unit_test(test_lut8_route_kept),
      cmocka_unit_test(test_afl_floored_rules),
      cmocka_unit_test(test_lut_wide_enabled),
      cmocka_unit_test(test_hn_enabled),
      cmocka_unit_test(test_e8m0_from_ints),
      cmocka_unit_test(test_f8dec_enabled),
      cmocka_unit_test(test_bint_enabled),
      cmocka_unit_test(test_int_narrow_edges),
      cmocka_unit_test(test_small_value_blocks),
      cmocka_unit_test(test_half_int_blocks),
      cmocka_unit_test(test_avx512_defers),
      cmocka_unit_test(test_table8_bounds),
      cmocka_unit_test(test_half_window),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
