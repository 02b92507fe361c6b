/* tier_check.c — every SIMD tier the CPU runs (avx2, avx512 on x86-64; neon on
 * AArch64) against the scalar tier, bit for bit: every pair of concrete dtypes,
 * plain and TL_CONVERT_SATURATE, on data that mixes random bit patterns,
 * moderate values and edge values (NaN payloads quiet and signalling, infs,
 * subnormals, rounding ties of every 16-bit format and of float32, float64
 * values that double rounding gets wrong, integer saturation bounds), at
 * lengths around the vector blocks and the plan block (1024), with unaligned
 * buffers; guard bytes around the destination catch writes past the end.
 * Bad input too: unknown and unavailable tier names.
 *
 * A plain C program (no cmocka) so that `make test-aarch64` can cross-compile
 * it and run it under qemu-user, where the target's cmocka is not installed.
 *   tier_check [--require TIER] [--quick] [--start-only]
 * --require: fail unless TIER is the tier chosen at start-up (CPU detection and
 * TYPELATTICE_CPU); --quick: fewer lengths; --start-only: only that and the bad
 * input checks, no conversions. Exit 0 pass, 1 fail, 77 no SIMD tier (skipped). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typelattice.h"

static const char *const all_tiers[] = {"avx2", "avx512", "neon"};
static int failures = 0;

#define CHECK(cond, ...)                                                                  \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                \
      fprintf(stderr, __VA_ARGS__);                                                       \
      fputc('\n', stderr);                                                                \
      if (++failures > 20) exit(1);                                                       \
    }                                                                                     \
  } while (0)

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static const tl_dtype_info *info(tl_dtype d) { return tl_dtype_get(d); }
static size_t isz(tl_dtype d) { return (size_t)info(d)->itemsize; }

/* Edge bit patterns by component width. */
static const uint16_t edge16[] = {
    0x0000, 0x8000, 0x7C00, 0xFC00, 0x7C01, 0x7E00, 0xFE01, 0x7DFF, 0x7FFF, 0x0001, 0x03FF, 0x8001,
    0x0400, 0x7BFF, 0xFBFF, 0x3C00, 0xBC00, 0x7F80, 0xFF80, 0x7F81, 0x7FC0, 0xFFC1, 0x7FA0, 0x0080,
    0x007F, 0x7F7F, 0xFF7F, 0x3F80, 0x4B00, 0x5BFF, 0x5C00, 0x6800, 0xE800, 0x477F, 0x4F00, 0xCF00};
static const uint32_t edge32f[] = {
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
    0x7FBFFFFF, 0x7FA00000, 0xFFC02000, 0x7FC00001, 0x7F802000, 0x7F801FFF, 0x00000001, 0x007FFFFF,
    0x80000001, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x477FE000, 0x477FF000, 0x477FEFFF, 0xC77FF000,
    0x477FF001, 0x47800000, 0x38800000, 0x387FE000, 0x38801000, 0x33800000, 0x33000000, 0x33000001,
    0x33C00000, 0xB3C00000, 0x34200000, 0x3F801000, 0x3F803000, 0x3F801001, 0x3F808000, 0x3F818000,
    0x3F808001, 0x7F7F8000, 0x7F7F7FFF, 0xFF7F8000, 0x00008000, 0x00018000, 0x00007FFF, 0x80008000,
    0x4F000000, 0xCF000000, 0xCF000001, 0x4EFFFFFF, 0x4F800000, 0x4F7FFFFF, 0x5F000000, 0xDF000000,
    0xDF000001, 0x5F800000, 0x5F7FFFFF, 0x437F0000, 0x437F8000, 0x43800000, 0x43000000, 0x42FE0000,
    0xC3000000, 0xC3010000, 0xBF000000, 0xBF800000, 0x3F7FFFFF, 0x46FFFE00, 0x47000000, 0xC7000100,
    0xC7000000, 0x477FFF00, 0x47800000, 0x41000000, 0xC1080000, 0x40E00000, 0x40F00000, 0xC1000000,
    0x40400000, 0x40800000, 0xC0000000, 0xC0200000, 0x3FC00000, 0x40200000, 0x4B800001, 0xCB800001};
static const uint32_t edge32i[] = {0, 1, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0x80000001, 0x01000001,
                                   0x01000003, 0xFEFFFFFF, 0x00FFFFFF, 0x7FFFFFC0, 0x7FFFFF80, 0xFFFF,
                                   0x10000, 0xFF, 0x100, 0x7F, 0x80, 0xFFFFFF80, 0xFFFF8000, 0x8001};
static const uint64_t edge64f[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7FF0000000000000ull, 0xFFF0000000000000ull,
    0x7FF8000000000000ull, 0xFFF8000000000000ull, 0x7FF0000000000001ull, 0x7FF8000000000001ull,
    0xFFF0000000000001ull, 0x7FF7FFFFFFFFFFFFull, 0x7FF0000020000000ull, 0x7FF000001FFFFFFFull,
    0x0000000000000001ull, 0x000FFFFFFFFFFFFFull, 0x8000000000000001ull, 0x7FEFFFFFFFFFFFFFull,
    0x47EFFFFFE0000000ull, 0x47EFFFFFF0000000ull, 0x47EFFFFFEFFFFFFFull, 0xC7EFFFFFF0000000ull,
    0x47F0000000000000ull, 0x3FF0000010000000ull, 0x3FF0000030000000ull, 0x3FF0000010000001ull,
    0x3FF0020000000001ull, 0x3FF0020000000000ull, 0x3FF001FFFFFFFFFFull, 0x3FF0060000000000ull,
    0x3FF0100000000001ull, 0x3FF0100000000000ull, 0x40EFFE0000000000ull, 0x40EFFF0000000000ull,
    0x40EFFF0000000001ull, 0x40EFFEFFFFFFFFFFull, 0x36A0000000000000ull, 0x3690000000000000ull,
    0x3690000000000001ull, 0x36A8000000000000ull, 0x3800000000000000ull, 0x3810000000000000ull,
    0x380FFFFFFFFFFFFFull, 0x3E70000000000000ull, 0x3E60000000000000ull, 0x3E60000000000001ull,
    0x43E0000000000000ull, 0xC3E0000000000000ull, 0xC3E0000000000001ull, 0x43DFFFFFFFFFFFFFull,
    0x43F0000000000000ull, 0x43EFFFFFFFFFFFFFull, 0x41E0000000000000ull, 0xC1E0000000000000ull,
    0xC1E0000000200000ull, 0x41DFFFFFFFC00000ull, 0x41EFFFFFFFE00000ull, 0x41F0000000000000ull,
    0x406FE00000000000ull, 0x406FF00000000000ull, 0x4070000000000000ull, 0xBFE0000000000000ull,
    0xBFF0000000000000ull, 0x3FEFFFFFFFFFFFFFull, 0x40DFFFC000000000ull, 0x40E0000000000000ull,
    0xC0E0002000000000ull, 0x4020000000000000ull, 0xC021000000000000ull, 0x401C000000000000ull,
    0x401E000000000000ull, 0x4340000000000001ull, 0x4330000000000001ull, 0x4170000010000000ull};
static const uint64_t edge64i[] = {0, 1, UINT64_MAX, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull,
                                   0x8000000000000001ull, 0x0020000000000001ull, 0x0020000000000003ull,
                                   0xFFDFFFFFFFFFFFFFull, 0x001FFFFFFFFFFFFFull, 0x7FFFFFFFFFFFFC00ull,
                                   0x7FFFFFFFFFFFFE00ull, 0xFFFFFFFFFFFFFC00ull, 0x1000001000000001ull,
                                   0x0000000100000000ull, 0xFFFFFFFF, 0x7FFFFFFF, 0xFFFFFFFF80000000ull,
                                   0x0000000001000001ull, 0xFFFFFFFFFEFFFFFFull, 0xFF, 0xFFFF, 0x8000,
                                   /* just above a bfloat16 tie, just below e8m0's 1.5 x 2^62: rounding
                                      through float32 first gets them wrong */
                                   0x0100800000000001ull, 0xFEFF7FFFFFFFFFFFull, 0x5FFFFFFFFFFFFFFFull};

/* A moderate float value in a component of width w (random sign, exponent
   within +-40 of 1, random mantissa): exercises the roundings. */
static uint64_t moderate(size_t w) {
  uint64_t r = next();
  int e = (int)(r % 81) - 40;
  if (w == 2) { /* float16 or bfloat16 bit patterns both: any 16 bits, biased to finite */
    uint16_t v = (uint16_t)(next() & 0xBFFF);
    return v;
  }
  if (w == 4) return ((r >> 63) << 31) | ((uint64_t)(127 + e) << 23) | ((next() >> 41) & 0x7FFFFF);
  return ((r >> 63) << 63) | ((uint64_t)(1023 + e) << 52) | (next() >> 12);
}

static void put(unsigned char *p, size_t w, uint64_t v) {
  switch (w) {
  case 1: *p = (unsigned char)v; break;
  case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
  case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
  default: memcpy(p, &v, 8); break;
  }
}

/* n elements of dtype d: a mixture of random bits, moderate values, edges. */
static void make_source(tl_dtype d, unsigned char *buf, size_t n) {
  const tl_dtype_info *di = info(d);
  int is_float = di->kind == TL_KIND_FLOAT || di->kind == TL_KIND_COMPLEX;
  size_t w = di->kind == TL_KIND_COMPLEX ? isz(d) / 2 : isz(d);
  size_t parts = isz(d) / w;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t c = 0; c < parts; c++) {
      unsigned char *p = buf + i * isz(d) + c * w;
      uint64_t r = next(), v;
      if (w == 1) {
        v = (i < 256 ? i : r); /* every byte first, then random */
      } else if (r % 4 == 0) {
        v = next();
      } else if (r % 4 == 1 && is_float) {
        v = moderate(w);
      } else if (r % 4 == 1) { /* small integers, sign-extended */
        int bits = (int)(next() % (8 * w)) + 1;
        v = next() & ((bits >= 64 ? 0 : (1ull << bits)) - 1);
        if (next() & 1) v = (uint64_t)0 - v;
      } else {
        k++;
        if (w == 2) v = edge16[k % (sizeof edge16 / sizeof edge16[0])];
        else if (w == 4 && is_float) v = edge32f[k % (sizeof edge32f / sizeof edge32f[0])];
        else if (w == 4) v = edge32i[k % (sizeof edge32i / sizeof edge32i[0])];
        else if (is_float) v = edge64f[k % (sizeof edge64f / sizeof edge64f[0])];
        else v = edge64i[k % (sizeof edge64i / sizeof edge64i[0])];
      }
      put(p, w, v);
    }
}

#if defined(__aarch64__)
/* A caller's FPCR the library must not be affected by: flush to zero (FZ,
   FZ16), default NaN, alternative half precision, round toward zero. */
static unsigned long get_fpcr(void) {
  unsigned long v;
  __asm__ volatile("mrs %0, fpcr" : "=r"(v));
  return v;
}
static void set_fpcr(unsigned long v) { __asm__ volatile("msr fpcr, %0" : : "r"(v)); }
#define HOSTILE_FPCR ((1ul << 24) | (1ul << 19) | (1ul << 25) | (1ul << 26) | (3ul << 22))
#endif

enum { GUARD = 16 };

/* Convert with `tier` and with scalar; compare the destination and its guards. */
static void compare(const char *tier, tl_dtype from, const unsigned char *src, tl_dtype to, size_t n,
                    size_t doff, unsigned flags, unsigned char *out, unsigned char *ref, int hostile) {
  size_t ob = n * isz(to) + doff + 2 * GUARD;
  tl_convert_set_tier("scalar");
  memset(ref, 0xA5, ob);
  int st = tl_convert_contiguous(from, src, to, ref + GUARD + doff, n, flags, NULL);
  if (st == TL_EUNSUPPORTED) { /* a pair no tier converts (float4_e2m1fn_x2): every tier refuses it, writing nothing */
    CHECK(tl_convert_set_tier(tier) == TL_OK, "set_tier(%s)", tier);
    memset(out, 0xA5, ob);
    st = tl_convert_contiguous(from, src, to, out + GUARD + doff, n, flags, NULL);
    CHECK(st == TL_EUNSUPPORTED, "%s %s -> %s: status %d, scalar refused it", tier, tl_dtype_name(from), tl_dtype_name(to), st);
    for (size_t b = 0; b < ob; b++)
      if (out[b] != 0xA5) { CHECK(0, "%s %s -> %s: refused but wrote byte %zu", tier, tl_dtype_name(from), tl_dtype_name(to), b); break; }
    return;
  }
  CHECK(st == TL_OK, "scalar %s -> %s: status %d", tl_dtype_name(from), tl_dtype_name(to), st);
  CHECK(tl_convert_set_tier(tier) == TL_OK, "set_tier(%s)", tier);
  memset(out, 0xA5, ob);
#if defined(__aarch64__)
  unsigned long saved = get_fpcr(), want = saved;
  if (hostile) {
    set_fpcr(HOSTILE_FPCR);
    want = get_fpcr(); /* bits the CPU lacks (FZ16 without FP16) read as 0 */
  }
#endif
  st = tl_convert_contiguous(from, src, to, out + GUARD + doff, n, flags, NULL);
#if defined(__aarch64__)
  if (hostile) {
    unsigned long after = get_fpcr();
    set_fpcr(saved);
    CHECK(after == want, "the caller's FPCR 0x%lx came back as 0x%lx", want, after);
  }
#else
  (void)hostile;
#endif
  CHECK(st == TL_OK, "%s %s -> %s: status %d", tier, tl_dtype_name(from), tl_dtype_name(to), st);
  if (memcmp(out, ref, ob) != 0) {
    size_t b = 0;
    while (out[b] == ref[b]) b++;
    size_t e = b < GUARD + doff ? 0 : (b - GUARD - doff) / isz(to);
    char sv[40] = "", rv[40] = "", ov[40] = "";
    if (b >= GUARD + doff && e < n) {
      for (size_t j = 0; j < isz(from) && j < 16; j++)
        snprintf(sv + 2 * j, 3, "%02x", src[(e + 1) * isz(from) - 1 - j]);
      for (size_t j = 0; j < isz(to) && j < 16; j++) {
        size_t o = GUARD + doff + (e + 1) * isz(to) - 1 - j;
        snprintf(rv + 2 * j, 3, "%02x", ref[o]);
        snprintf(ov + 2 * j, 3, "%02x", out[o]);
      }
    }
    CHECK(0, "tier %s differs from scalar: %s -> %s flags=%u n=%zu doff=%zu%s at byte %zu (element %zu: "
             "0x%s -> scalar 0x%s, %s 0x%s)",
          tier, tl_dtype_name(from), tl_dtype_name(to), flags, n, doff, hostile ? " hostile FPCR" : "", b, e,
          sv, rv, tier, ov);
  }
}

static void check_bad_input(void) {
  CHECK(tl_convert_set_tier(NULL) == TL_EINVAL, "set_tier(NULL)");
  CHECK(tl_convert_set_tier("NEON") == TL_EINVAL, "set_tier(NEON): names are lower case");
  CHECK(strstr(tl_errmsg(), "'NEON'") && strstr(tl_errmsg(), "neon"), "message names the input and the tiers: %s",
        tl_errmsg());
  CHECK(tl_convert_set_tier("") == TL_EINVAL, "set_tier(\"\")");
  const char *before = tl_convert_tier();
#if defined(__aarch64__)
  const char *absent = "avx2";
#else
  const char *absent = "neon";
#endif
  CHECK(tl_convert_set_tier(absent) == TL_EUNSUPPORTED, "set_tier(%s) on this CPU", absent);
  CHECK(strstr(tl_errmsg(), absent) != NULL, "message names the tier: %s", tl_errmsg());
  CHECK(strcmp(tl_convert_tier(), before) == 0, "a failed set_tier changed the tier to %s", tl_convert_tier());
}

/* The library's internals (tier_check links the static library): does the
   current tier have a kernel for the pair, or a chain of kernels? */
int tl__tier_current(void);
int tl__contig_has(int tier, tl_dtype from, tl_dtype to, int sat);
int tl__plan_route(tl_dtype from, tl_dtype to, int sat, tl_dtype via[2]);

/* Coverage: on every SIMD tier, each pair of the 31 dtypes issue 14 counts
   (the catalogue's entries before the weak kinds; the sub-byte shells,
   bcomplex32 and float4_e2m1fn_x2 came after them) runs as a kernel or a
   chain of kernels, none in the scalar engine. Prints the counts. */
static void check_coverage(const char *tier) {
  CHECK(tl_convert_set_tier(tier) == TL_OK, "set_tier(%s)", tier);
  const int t = tl__tier_current();
  int kernels = 0, chains = 0, scalar = 0;
  for (int a = 0; a < TL_WEAK_INT; a++)
    for (int b = 0; b < TL_WEAK_INT; b++) {
      const tl_dtype from = (tl_dtype)a, to = (tl_dtype)b;
      if (a == b) continue;
      tl_dtype via[2];
      if (tl__contig_has(t, from, to, 0)) {
        kernels++;
        continue;
      }
      if (tl__plan_route(from, to, 0, via) >= 0) {
        chains++;
        continue;
      }
      scalar++;
      CHECK(0, "tier %s: %s -> %s runs in the scalar engine", tier, tl_dtype_name(from), tl_dtype_name(to));
    }
  printf("tier %s: of the %d pairs of distinct dtypes, %d kernels, %d chains, %d in the scalar engine\n", tier,
         kernels + chains + scalar, kernels, chains, scalar);
}

/* float32 and float64 into every 1-byte float format, on every float16 and
   bfloat16 value (which hold every such format's values, the midpoints
   between them, the overflow thresholds and e8m0's 1.5 x 2^k) and their
   neighbours one ulp of the source away on either side: each rounding tie
   and each value just off one, plain and saturating. Returns the number of
   pair/flag combinations checked. */
static long check_narrow_exhaustive(const char *const *tiers, int nt) {
  enum { NV = 65536 * 2 * 3 };
  unsigned char *src = malloc((size_t)NV * 8), *out = malloc(NV + 2 * GUARD), *ref = malloc(NV + 2 * GUARD);
  uint16_t *codes = malloc(65536 * sizeof *codes);
  float *val = malloc(2 * 65536 * sizeof *val); /* every float16 value as float32, then every bfloat16 value */
  long pairs = 0;
  if (!src || !out || !ref || !codes || !val) {
    free(src), free(out), free(ref), free(codes), free(val);
    CHECK(0, "out of memory");
    return 0;
  }
  for (uint32_t h = 0; h < 65536; h++) codes[h] = (uint16_t)h;
  CHECK(tl_convert_contiguous(TL_FLOAT16, codes, TL_FLOAT32, val, 65536, 0, NULL) == TL_OK, "float16 -> float32");
  CHECK(tl_convert_contiguous(TL_BFLOAT16, codes, TL_FLOAT32, val + 65536, 65536, 0, NULL) == TL_OK, "bfloat16 -> float32");
  for (int t = 0; t < nt; t++)
    for (int f64 = 0; f64 <= 1; f64++) {
      const tl_dtype from = f64 ? TL_FLOAT64 : TL_FLOAT32;
      size_t n = 0;
      for (size_t v = 0; v < 2 * 65536; v++) {
        const float x = val[v];
        for (int d = -1; d <= 1; d++) {
          if (f64) {
            double y = (double)x;
            uint64_t u;
            memcpy(&u, &y, 8);
            if ((u & 0x7FFFFFFFFFFFFFFFull) != 0 && (u & 0x7FF0000000000000ull) != 0x7FF0000000000000ull) u += (uint64_t)(int64_t)d;
            put(src + 8 * n++, 8, u);
          } else {
            uint32_t u;
            memcpy(&u, &x, 4);
            if ((u & 0x7FFFFFFFu) != 0 && (u & 0x7F800000u) != 0x7F800000u) u += (uint32_t)d;
            put(src + 4 * n++, 4, u);
          }
        }
      }
      for (int b = 0; b < TL_NUM_DTYPES; b++) {
        const tl_dtype to = (tl_dtype)b;
        if (!tl_dtype_get(to) || info(to)->weak || info(to)->itemsize != 1 || info(to)->kind != TL_KIND_FLOAT) continue;
        for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE) {
          compare(tiers[t], from, src, to, n, 0, flags, out, ref, 0);
          pairs++;
        }
      }
    }
  free(src), free(out), free(ref), free(codes), free(val);
  return pairs;
}

/* Floats and complex values into every integer type on data that mostly fits
   int32 (|x| < 2^19, fractions, both signs; every 97th element NaN, +-inf,
   +-3e9 or -2^31): runs of 32 in-range values take the kernels' fast steps,
   which the mixed data of make_source seldom has (nearly every step of it
   holds a value out of int32's range), the rest their exact steps. Returns
   the number of pair/flag combinations checked. */
static long check_float_int_tame(const char *const *tiers, int nt) {
  enum { NV = 4099 };
  static const tl_dtype froms[] = {TL_FLOAT32, TL_FLOAT64, TL_COMPLEX64, TL_COMPLEX128,
                                   TL_FLOAT16, TL_BFLOAT16, TL_COMPLEX32, TL_BCOMPLEX32};
  static const double specials[] = {NAN, INFINITY, -INFINITY, 3e9, -3e9, -2147483648.0};
  double *v = malloc(2 * NV * sizeof *v);
  unsigned char *src = malloc((size_t)NV * 16), *out = malloc((size_t)NV * 8 + 3 + 2 * GUARD),
                *ref = malloc((size_t)NV * 8 + 3 + 2 * GUARD);
  long pairs = 0;
  if (!v || !src || !out || !ref) {
    free(v), free(src), free(out), free(ref);
    CHECK(0, "out of memory");
    return 0;
  }
  for (size_t i = 0; i < 2 * NV; i++) {
    const uint64_t r = next();
    v[i] = i % 97 == 96 ? specials[(i / 97) % (sizeof specials / sizeof specials[0])]
                        : ldexp((double)(int64_t)(r % (1u << 20)) - (double)(1u << 19), -(int)((r >> 20) % 11));
  }
  for (size_t fi = 0; fi < sizeof froms / sizeof froms[0]; fi++) {
    const tl_dtype from = froms[fi];
    tl_convert_set_tier("scalar");
    /* complex: (v[2i], v[2i+1]) read as n complex values from 2n doubles */
    const int cx = info(from)->kind == TL_KIND_COMPLEX;
    CHECK(tl_convert_contiguous(cx ? TL_COMPLEX128 : TL_FLOAT64, v, from, src, NV, 0, NULL) == TL_OK, "make %s",
          tl_dtype_name(from));
    for (int t = 0; t < nt; t++)
      for (int b = 0; b < TL_NUM_DTYPES; b++) {
        const tl_dtype to = (tl_dtype)b;
        if (!tl_dtype_get(to) || info(to)->weak || !info(to)->itemsize ||
            (info(to)->kind != TL_KIND_INT && info(to)->kind != TL_KIND_UINT))
          continue;
        for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE) {
          compare(tiers[t], from, src, to, NV, 0, flags, out, ref, 0);
          compare(tiers[t], from, src, to, NV - 35, 3, flags, out, ref, 0);
          pairs++;
        }
      }
  }
  free(v), free(src), free(out), free(ref);
  return pairs;
}

int main(int argc, char **argv) {
  const char *require = NULL;
  int quick = 0, start_only = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--require") == 0 && i + 1 < argc) require = argv[++i];
    else if (strcmp(argv[i], "--quick") == 0) quick = 1;
    else if (strcmp(argv[i], "--start-only") == 0) start_only = 1;
    else {
      fprintf(stderr, "usage: %s [--require TIER] [--quick] [--start-only]\n", argv[0]);
      return 2;
    }
  }
  const char *start = tl_convert_tier();
  printf("tier at start-up: %s\n", start);
  if (require) CHECK(strcmp(start, require) == 0, "expected the %s tier at start-up, got %s", require, start);
  check_bad_input();
  if (start_only) {
    printf("%s\n", failures ? "FAILED" : "start-up tier and bad input: ok");
    return failures ? 1 : 0;
  }

  const char *tiers[3];
  int nt = 0;
  for (int i = 0; i < 3; i++)
    if (tl_convert_set_tier(all_tiers[i]) == TL_OK) tiers[nt++] = all_tiers[i];
  if (nt == 0) {
    printf("no SIMD tier on this CPU: skipped\n");
    return failures ? 1 : 77;
  }

  static const size_t lens_full[] = {0, 1, 7, 8, 9, 15, 16, 17, 24, 31, 33, 63, 64, 65, 100, 257, 1061, 3000};
  static const size_t lens_quick[] = {1, 9, 17, 65, 1061, 3000};
  const size_t *lens = quick ? lens_quick : lens_full;
  size_t nl = quick ? sizeof lens_quick / sizeof lens_quick[0] : sizeof lens_full / sizeof lens_full[0];
  enum { NMAX = 3000 };
  unsigned char *src = malloc(NMAX * 16 + 64), *out = malloc(NMAX * 16 + 64 + 2 * GUARD),
                *ref = malloc(NMAX * 16 + 64 + 2 * GUARD);
  if (!src || !out || !ref) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int t = 0; t < nt; t++) check_coverage(tiers[t]);
  long pairs = 0;
  for (int t = 0; t < nt; t++) {
    /* every concrete dtype of the catalogue (weak kinds have no storage) */
    for (int a = 0; a < TL_NUM_DTYPES; a++) {
      tl_dtype from = (tl_dtype)a;
      if (!tl_dtype_get(from) || info(from)->weak || !info(from)->itemsize) continue;
      for (int b = 0; b < TL_NUM_DTYPES; b++) {
        tl_dtype to = (tl_dtype)b;
        if (!tl_dtype_get(to) || info(to)->weak || !info(to)->itemsize) continue;
        for (unsigned flags = 0; flags <= TL_CONVERT_SATURATE; flags += TL_CONVERT_SATURATE) {
          for (size_t li = 0; li < nl; li++) {
            size_t n = lens[li];
            /* unaligned source (1 byte in) and destination (3 bytes in) for every other length */
            size_t soff = (li & 1) ? 1 : 0, doff = (li & 1) ? 3 : 0;
            make_source(from, src + soff, n);
            compare(tiers[t], from, src + soff, to, n, doff, flags, out, ref, 0);
#if defined(__aarch64__)
            if (n == 65 || n == 3000) compare(tiers[t], from, src + soff, to, n, doff, flags, out, ref, 1);
#endif
          }
          pairs++;
        }
      }
    }
  }
  free(src);
  free(out);
  free(ref);
  pairs += check_narrow_exhaustive(tiers, nt);
  pairs += check_float_int_tame(tiers, nt);
  printf("%d tier(s), %ld pair/flag combinations: %s\n", nt, pairs, failures ? "FAILED" : "all bit-identical");
  return failures ? 1 : 0;
}
