/* convert.c — the public conversion API: argument checks, checked mode,
 * run-time tier selection (CPUID + XGETBV, TYPELATTICE_CPU) and dispatch. */
#include "convert_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* ---- CPU detection ------------------------------------------------------- */

enum { TL__TIER_SCALAR = 0, TL__TIER_AVX2 = 1, TL__TIER_AVX512 = 2, TL__TIER_NEON = 3 };
static const char *const tl__tier_names[] = {"scalar", "avx2", "avx512", "neon"};
enum { TL__NTIERS = 4 };

static int tl__cpu_best = TL__TIER_SCALAR; /* set once by tl__tier_init */
static int tl__cpu_vbmi = 0;               /* AVX512-VBMI (with the avx512 tier) */
static int tl__cpu_bf16 = 0;               /* AVX512-BF16 (with the avx512 tier) */
static int tl__cpu_streams = 0;            /* interleaved streams pay past the caches (tl__run_streams): Zen 2, Intel */
static _Atomic int tl__cpu_streams512 = 0; /* the AVX-512 tier's runs too, by the AVX2 kernels: Intel */
/* software prefetch into L2 (PREFETCHT1) in streaming runs: Intel CPUs
   (tl__pf, convert_internal.h); set once by tl__tier_init, read by kernels */
int tl__pf_l2 = 0;
/* the kernels that drop their prefetch in tl__run_streams's pieces (Zen 2's
   measure) keep it: Intel CPUs; set once by tl__tier_init (not by
   TYPELATTICE_PREFETCH, which picks the cache level only) */
int tl__pf_pieces = 0;
/* VPBLENDVB ymm costs more than a VPXOR (Intel cores: one a cycle against
   three); the AVX2 1-byte routes weigh blended forms by it (tl__aff_use) */
int tl__cpu_blend_slow = 0;
/* the vendor is Intel: for AVX2 kernels whose faster form was measured to
   differ between Intel's and AMD's cores (each use says where and how) */
int tl__cpu_intel = 0;
/* AMD family 19h (Zen 3, Zen 4: of those only Zen 4 has AVX-512), where the
   AVX-512 tier was measured to gain from: no prefetch in some streaming loops
   (convert_avx512.c, TL__PF512), the AVX2 kernels of some pairs (in cache:
   tl__avx512_defers; streaming runs and, of other pairs, the runs below
   that bound: tl__amd512_defer) and the AVX2 float8
   decoders into 8-byte outputs (convert_avx2.c, tl__f8dec_checked) */
int tl__cpu_amd19 = 0;
static _Atomic int tl__tier = TL__TIER_SCALAR;
static pthread_once_t tl__tier_once = PTHREAD_ONCE_INIT;
static _Atomic int tl__tier_ready; /* 1 once tl__tier_init has run (tl_convert_contiguous's fast path) */

#if defined(TL_HAVE_X86) && (defined(__x86_64__) || defined(__i386__))
#include <cpuid.h>
static uint64_t tl__xgetbv0(void) {
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return ((uint64_t)hi << 32) | lo;
}
static int tl__detect(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return TL__TIER_SCALAR;
  {
    unsigned v0, vb, vc, vd;
    __cpuid(0, v0, vb, vc, vd);
    const unsigned family = ((a >> 8) & 0xF) + (((a >> 8) & 0xF) == 0xF ? (a >> 20) & 0xFF : 0);
    /* "AuthenticAMD" (EBX "Auth", EDX "enti", ECX "cAMD", little-endian); family
       17h (base 0xF + extended 0x08): Zen, Zen+, Zen 2 (tl__run_streams) */
    const int amd = vb == 0x68747541 && vd == 0x69746E65 && vc == 0x444D4163, zen2 = amd && family == 0x17;
    /* "GenuineIntel" (EBX "Genu", EDX "ineI", ECX "ntel") */
    const int intel = vb == 0x756E6547 && vd == 0x49656E69 && vc == 0x6C65746E;
    tl__cpu_streams = zen2 || intel;
    atomic_store_explicit(&tl__cpu_streams512, intel, memory_order_relaxed);
    tl__pf_l2 = intel;
    tl__pf_pieces = intel;
    tl__cpu_blend_slow = intel;
    tl__cpu_intel = intel;
    tl__cpu_amd19 = amd && family == 0x19;
    (void)v0;
  }
  int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1, f16c = (c >> 29) & 1, fma = (c >> 12) & 1;
  if (!osxsave || !avx) return TL__TIER_SCALAR;
  uint64_t xcr0 = tl__xgetbv0();
  if ((xcr0 & 6) != 6) return TL__TIER_SCALAR;
  unsigned max = __get_cpuid_max(0, NULL);
  if (max < 7) return TL__TIER_SCALAR;
  __cpuid_count(7, 0, a, b, c, d);
  int avx2 = (b >> 5) & 1, bmi2 = (b >> 8) & 1;
  int avx512f = (b >> 16) & 1, avx512dq = (b >> 17) & 1, avx512bw = (b >> 30) & 1,
      avx512vl = (b >> 31) & 1;
  if (!(avx2 && f16c && fma && bmi2)) return TL__TIER_SCALAR;
  if (avx512f && avx512dq && avx512bw && avx512vl && (xcr0 & 0xE6) == 0xE6) {
    tl__cpu_vbmi = (c >> 1) & 1; /* CPUID.7.0:ECX bit 1 */
    if (a >= 1) { /* CPUID.7.0:EAX = the highest subleaf */
      unsigned a1, b1, c1, d1;
      __cpuid_count(7, 1, a1, b1, c1, d1);
      tl__cpu_bf16 = (a1 >> 5) & 1; /* CPUID.7.1:EAX bit 5 */
      (void)b1, (void)c1, (void)d1;
    }
    return TL__TIER_AVX512;
  }
  return TL__TIER_AVX2;
}
#elif defined(TL_HAVE_NEON) && defined(__aarch64__)
static int tl__detect(void) { return tl__neon_detect() ? TL__TIER_NEON : TL__TIER_SCALAR; }
#else
static int tl__detect(void) { return TL__TIER_SCALAR; }
#endif

/* Can this CPU run tier t? The x86 tiers are ordered (avx512 implies avx2);
   neon stands alone (AArch64); scalar always runs. */
static int tl__tier_ok(int t) {
  if (t == TL__TIER_SCALAR || t == tl__cpu_best) return 1;
  return tl__cpu_best != TL__TIER_NEON && t != TL__TIER_NEON && t <= tl__cpu_best;
}

static int tl__tier_by_name(const char *name) {
  for (int i = 0; i < TL__NTIERS; i++)
    if (strcmp(name, tl__tier_names[i]) == 0) return i;
  return -1;
}

static void tl__tier_init(void) {
  tl__cpu_best = tl__detect();
  int t = tl__cpu_best;
  const char *env = getenv("TYPELATTICE_CPU");
  if (env && *env) {
    int want = tl__tier_by_name(env);
    if (want >= 0 && tl__tier_ok(want)) t = want; /* unknown or unavailable: ignored */
  }
  /* TYPELATTICE_AVX512_BASE=1: the AVX-512 tier on F/BW/VL/DQ alone, without
     its VBMI and BF16 kernels, as on CPUs that lack them (Skylake-X); the
     tests run both */
  const char *nv = getenv("TYPELATTICE_AVX512_BASE");
  if (nv && *nv && strcmp(nv, "0") != 0) tl__cpu_vbmi = 0, tl__cpu_bf16 = 0;
  /* TYPELATTICE_PREFETCH=l1|l2: the streaming runs' software prefetch into L1
     (PREFETCHT0) or L2 (PREFETCHT1) whatever the vendor (benchmarks) */
  const char *pv = getenv("TYPELATTICE_PREFETCH");
  if (pv && strcmp(pv, "l1") == 0) tl__pf_l2 = 0;
  else if (pv && strcmp(pv, "l2") == 0) tl__pf_l2 = 1;
  atomic_store(&tl__tier, t);
  atomic_store_explicit(&tl__tier_ready, 1, memory_order_release);
}

static int tl__tier_get(void) {
  pthread_once(&tl__tier_once, tl__tier_init);
  return atomic_load_explicit(&tl__tier, memory_order_relaxed);
}

const char *tl_convert_tier(void) { return tl__tier_names[tl__tier_get()]; }

int tl_convert_set_tier(const char *tier) {
  if (!tier) return tl__error(TL_EINVAL, NULL, "tl_convert_set_tier: tier is NULL");
  tl__tier_get();
  int t = tl__tier_by_name(tier);
  if (t < 0)
    return tl__error(TL_EINVAL, NULL,
                     "tl_convert_set_tier: unknown tier '%s' (expected scalar, avx2, avx512 or neon)",
                     tier);
  if (!tl__tier_ok(t))
    return tl__error(TL_EUNSUPPORTED, NULL,
                     "tl_convert_set_tier: this CPU does not support the '%s' tier (best: %s)",
                     tier, tl__tier_names[tl__cpu_best]);
  atomic_store(&tl__tier, t);
  return tl__ok();
}

/* ---- dispatch ------------------------------------------------------------ */

#if !defined(TL_HAVE_X86)
tl__contig_fn tl__avx2_kernel(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return NULL;
}
tl__contig_fn tl__avx512_kernel(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return NULL;
}
int tl__avx2_has_nan(tl_dtype d, const void *buf, size_t n) {
  (void)d, (void)buf, (void)n;
  return 1;
}
#endif
#if !defined(TL_HAVE_NEON)
tl__contig_fn tl__neon_kernel(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return NULL;
}
int tl__neon_lut8(tl_dtype from, tl_dtype to, int sat, const void *src, void *dst, size_t n) {
  (void)from, (void)to, (void)sat, (void)src, (void)dst, (void)n;
  return 0;
}
#endif

int tl__tier_current(void) { return tl__tier_get(); }
int tl__cpu_has_vbmi(void) {
  tl__tier_get(); /* runs the CPU detection once */
  return tl__cpu_vbmi;
}
int tl__cpu_has_bf16(void) {
  tl__tier_get();
  return tl__cpu_bf16;
}

int tl__contig_has(int tier, tl_dtype from, tl_dtype to, int sat) {
  const tl_dtype_info *fi = tl__info(from), *ti = tl__info(to);
  if (from == to || from == TL_FLOAT4_E2M1FN_X2 || to == TL_FLOAT4_E2M1FN_X2) return 0;
  if (tier == TL__TIER_NEON)
    return tl__neon_kernel(from, to, sat) || (fi->itemsize == 1 && ti->itemsize <= 4);
  if (tier >= TL__TIER_AVX512 && tl__avx512_kernel(from, to, sat)) return 1;
  if (tier >= TL__TIER_AVX2 && tl__avx2_kernel(from, to, sat)) return 1;
#if defined(TL_HAVE_X86)
  if (tier >= TL__TIER_AVX512 && tl__cpu_vbmi && fi->itemsize == 1 && ti->itemsize != 16) return 1;
  if (tier >= TL__TIER_AVX2 && fi->itemsize == 1 && tl__avx2_lut8_ok(from, to, sat)) return 1;
#else
  (void)fi, (void)ti;
#endif
  return 0;
}

/* ---- interleaved streams past the last-level cache ---------------------------
 * One sequential stream through memory reads at ~12 GB/s on a Zen 2 core, so
 * a conversion that reads much more than it writes runs at that rate there.
 * Two streams, read a source page (4 KiB) at a time in turn, go faster, if
 * the pieces start on the source's page boundaries (with the source 64 bytes
 * into a page, as glibc's large blocks are, pieces aligned to the output
 * instead gained nothing). So in the AVX2 tier, a run whose output is at most
 * a quarter of its source, of at least tl__streams_min bytes (source and
 * output), is cut into two halves at a page boundary of the source, and the
 * kernel called on one page of each half in turn, with plain stores
 * (tl__nt_off: streaming stores would need the output aligned at every
 * piece, a scalar head each, which halved the speed). The bench, Zen 2, 64
 * MiB, x memcpy, one call -> streams (two runs): int64 -> int8 0.73/0.77 ->
 * 0.89/0.85, float32 -> float8_e4m3fn 0.68/0.77 -> 0.84/0.82, uint16 ->
 * float8_e4m3fn 0.78/0.85 -> 0.89/0.92, complex64 -> int8 0.87/0.90 ->
 * 0.99/0.98, int64 -> float16 0.86/0.87 -> 0.97/0.97, complex128 ->
 * float8_e4m3fn 0.68/0.70 -> 0.83/0.85; halving pairs lost (int16 -> int8
 * 1.30 -> 1.12, float64 -> float32 1.27 -> 1.12: the plain stores' reads of a
 * large output) and stay one call. Only the order of the work and the kind
 * of store change, not the bytes. A Zen 4 core is the other way round: one
 * stream reads at 17-20 GB/s, two interleaved at 11-14, and the pairs ran
 * faster as one call (AVX2 tier, 64 MiB, in alternation, 110 of the 117 pairs
 * the bench had below 0.9x memcpy). An Intel Xeon (AVX-512 FP16 class, KVM,
 * 2 vCPUs) gains as Zen 2 does, with the software prefetch kept in every
 * piece (the kernels that drop it in pieces on Zen 2, float -> integer and
 * uint64 -> float8, keep it on Intel: tl__pf_pieces): AVX2, 64 MiB, source and
 * output out of every cache (a 1 GiB read between calls), x memcpy, median
 * of 5, one call -> streams in alternation, over the 142 pairs of issue 14's
 * set whose output is at most a quarter of the source and which the bench
 * had below 0.95x: 26 -> 83 at >= 0.9x (an earlier run, the machine faster:
 * 70 -> 108), complex128 -> float8_e4m3fn 0.86 -> 1.02, complex64 ->
 * float6_e2m3fn 0.72 -> 0.88, int32 -> int8 0.85 -> 0.98, float64 ->
 * float8_e4m3fn 0.93 -> 1.01, uint64 -> float8_e4m3fn 0.83 -> 0.92; lost:
 * float32 -> the 1-byte integers 1.03-1.06 -> 0.96-0.99, int64 -> bfloat16
 * 0.90 -> 0.86. So streams are the default on the CPUs measured to gain: AMD
 * family 17h (Zen to Zen 2) and Intel (tl__cpu_streams); other CPUs (Zen
 * 3/4/5) run one call, the pattern their prefetchers follow. */
enum { TL__NSTREAMS = 2, TL__PAGE = 4096 };
/* the bound; 0: by the CPU (32 MiB, the AVX2 kernels' streaming-store bound,
   where streams pay, tl__cpu_streams; else none) */
static _Atomic size_t tl__streams_min = 0;
static _Atomic unsigned long tl__streams_count;
_Thread_local int tl__nt_off;

int tl__streams_by_cpu(void) {
  tl__tier_get();
  return tl__cpu_streams;
}

int tl__streams512(int on) {
  tl__tier_get();
  return on < 0 ? atomic_load_explicit(&tl__cpu_streams512, memory_order_relaxed)
                : atomic_exchange_explicit(&tl__cpu_streams512, on != 0, memory_order_relaxed);
}

size_t tl__streams_set_min(size_t bytes) {
  return atomic_exchange_explicit(&tl__streams_min, bytes, memory_order_relaxed);
}
unsigned long tl__streams_runs(void) { return atomic_load_explicit(&tl__streams_count, memory_order_relaxed); }

/* The bound in bytes (source and output) from which a run may go in streams:
   tl__streams_min, or by the CPU when 0 */
static size_t tl__streams_bound(void) {
  const size_t min = atomic_load_explicit(&tl__streams_min, memory_order_relaxed);
  return min ? min : tl__cpu_streams ? (size_t)32 << 20 : SIZE_MAX;
}
/* May a run of tier `tier` (S -> D bytes an element, n elements) go in
 * streams by its shape? Past the bound, an output at most a quarter of the
 * source; in the AVX-512 tier only where tl__streams512_run cuts (Intel,
 * float and complex sources into the 1-byte float formats). The one
 * statement of it for tl__run_streams, tl__streams512_run and the fast path. */
static int tl__streams_shape(int tier, tl_dtype from, tl_dtype to, size_t S, size_t D, size_t n) {
  if (S < 4 * D || (S + D) * n < tl__streams_bound()) return 0;
  if (tier == TL__TIER_AVX2) return 1;
  const char fk = tl__catalogue[from].kind;
  return tier == TL__TIER_AVX512 && atomic_load_explicit(&tl__cpu_streams512, memory_order_relaxed) && D == 1 &&
         tl__catalogue[to].kind == TL_KIND_FLOAT && (fk == TL_KIND_FLOAT || fk == TL_KIND_COMPLEX);
}

/* Run the AVX2 tier's kernel fn for pair (from, to, sat) on n elements (S -> D
 * bytes each) in streams when that pays: 1 if it did, 0 (nothing written) if
 * the run is to be one call. Not cut besides the shapes above: int64's clamped
 * lookups (into float4/float6/e3m4/b11), which lost when cut with pieces of 1,
 * 2 or 4 pages alike (0.76-0.84 -> 0.55-0.61x memcpy; uint64's kept
 * 0.88-0.94, int64 -> float8_e4m3fn gained 0.77 -> 0.87). */
static int tl__run_streams(tl__contig_fn fn, tl_dtype from, tl_dtype to, int sat, const char *s, char *d, size_t n,
                           size_t S, size_t D) {
  const size_t P = TL__PAGE / S; /* elements a piece: one page of source */
  if (!tl__streams_shape(TL__TIER_AVX2, from, to, S, D, n) || n < 4 * TL__NSTREAMS * P || (uintptr_t)s % S != 0) return 0;
  if (from == TL_INT64 && tl__avx2_cl_has(from, to, sat)) return 0;
  const size_t i0 = ((TL__PAGE - ((uintptr_t)s & (TL__PAGE - 1))) & (TL__PAGE - 1)) / S; /* to the first page */
  const size_t per = (n - i0) / TL__NSTREAMS / P * P; /* the halves start on page boundaries */
  size_t at[TL__NSTREAMS], end[TL__NSTREAMS];
  for (int j = 0; j < TL__NSTREAMS; j++) {
    at[j] = j ? i0 + (size_t)j * per : 0;
    end[j] = j + 1 < TL__NSTREAMS ? i0 + (size_t)(j + 1) * per : n;
  }
  const int saved = tl__nt_off;
  tl__nt_off = 1;
  for (int left = TL__NSTREAMS; left;) {
    left = 0;
    for (int j = 0; j < TL__NSTREAMS; j++) {
      if (at[j] == end[j]) continue;
      /* stream 0's first piece takes the part before the first page; a
         stream's last piece what is left below 2 pieces (no short pieces) */
      size_t m = (j == 0 && at[0] == 0 ? i0 : 0) + P;
      if (end[j] - at[j] < m + 2 * P) m = end[j] - at[j];
      fn(s + at[j] * S, d + at[j] * D, m);
      at[j] += m;
      left += at[j] < end[j];
    }
  }
  tl__nt_off = saved;
  atomic_fetch_add_explicit(&tl__streams_count, 1, memory_order_relaxed);
  return 1;
}

/* The x86 tiers' kernel of each (pair, saturate), kept per tier once found:
 * finding it asks up to a dozen kernel tables and checks (tl__avx2_kernel's
 * last branch), ~25 ns a call, 2-4% of a 32 KiB conversion (Zen 2). A slot
 * holds the kernel, or tl__kc_none for "none"; two threads that find it at
 * once store the same value. */
#if defined(TL_HAVE_X86)
static void tl__kc_none(const void *src, void *dst, size_t n) { (void)src, (void)dst, (void)n; }
static _Atomic(tl__contig_fn) tl__kc[2][TL_NUM_CONCRETE][TL_NUM_CONCRETE][2];
/* Pairs whose AVX2 kernel takes a cheaper route than the AVX-512 tier's own,
 * which the AVX-512 tier therefore runs (bit-identical either way): integers
 * into the float8/6/4 formats (AVX2: the clamp and saturating packs that make
 * them 16-bit lookups, and float8_e8m0fnu's lean encoders), float16 /
 * bfloat16 into the integers of 16 bits and fewer (blocks without a per-lane
 * clamp or NaN mask), every float into float8_e8m0fnu (lean encoders) and
 * float16 / complex32 into float8_e5m2 (its code is float16's top byte).
 * Zen 4 (AVX-512 on 256-bit units), 32 KiB, x memcpy, the AVX-512 tier's own
 * kernel against the AVX2 tier's in the same full run at 031e553: int32 ->
 * float6_e2m3fn 0.22 / 0.98, uint32 -> float8_e4m3b11fnuz 0.19 / 0.95, uint64
 * -> float4_e2m1fn 0.24 / 0.79, int64 -> float8_e5m2 0.24 / 0.36, int16 ->
 * float4_e2m1fn 0.47 / 0.91, bfloat16 -> uint8 0.29 / 0.48, float16 -> int8
 * 0.33 / 0.50, float64 -> float8_e8m0fnu 0.25 / 0.54, float16 -> float8_e5m2
 * 0.22 / 0.47; in alternation at 64 MiB (one call, no streams) the AVX2
 * kernels gained too: int32 -> float6_e2m3fn 1.00 -> 1.31, float16 ->
 * float8_e5m2 1.07 -> 1.58. Only pairs at least ~1.4x faster on AVX2 there
 * are listed: on CPUs with 512-bit units the AVX-512 kernels run twice as
 * wide. Since (AVX2 encoders without the clamp, and without the NaN test
 * into float8_e4m3fn and the fnuz formats; 32 KiB, x memcpy, AVX-512 tier's
 * own / AVX2's, one process): float64 -> float8/6/4 0.20 / 0.32-0.44,
 * complex128 0.32 / 0.50-0.61, float32 -> float8_e4m3fn 0.25 / 0.40, -> the
 * fnuz formats 0.21 / 0.38, complex64 -> float8_e4m3fn/fnuz 0.34-0.40 /
 * 0.57 (float32/complex64 into the other formats 1.1-1.37x: kept);
 * float16/bfloat16 -> every float8 format and float6_e3m2fn 0.21-0.24 /
 * 0.35-0.45, complex32 -> float8_e4m3/e4m3fn/e4m3fnuz/e4m3b11fnuz 0.30 /
 * 0.43-0.47 (complex32 -> e3m4/e3m2fn/e5m2fnuz 1.35-1.38x and float6_e2m3fn
 * / float4_e2m1fn, 0.9-1.0x: kept). complex32 -> int2/uint2/int4 (tl__hw's
 * window lookups): 1.12-1.15x in cache, the same at 64 MiB. float16 /
 * bfloat16 / complex32 -> float4_e2m1fn (tl__hq's window with the sticky
 * bit): 0.23-0.28 / 0.27-0.33. The 8- and 4-byte unsigned integers into
 * float8_e8m0fnu too since their AVX2 kernels take a block of values that
 * fit 4 bytes (uint64) or stay below 2^24 (uint32) by a shorter rule (one
 * process, AVX-512 tier's own / AVX2's): uint64 0.30 / 0.46, uint32 0.28 /
 * 0.64, uint32 saturating 0.22 / 0.27; uint64 saturating (that rule is
 * not-saturating only) 0.26 / 0.23 keeps its own. complex128 -> bool
 * (the AVX2 kernel's signed-saturating packs of 16 vectors against a mask
 * compare of each 64 bytes, on Zen 5): 1.66x. */
static int tl__avx512_defers(tl_dtype from, tl_dtype to, int sat) {
  const tl_dtype_info *fi = tl__info(from), *ti = tl__info(to);
  /* Zen 4 (tl__cpu_amd19; AVX-512 on 256-bit units) in alternation in one
     process, the tier switched, 32 KiB, x memcpy, AVX-512 / AVX2: int32 ->
     complex32 0.34 / 0.99, uint32 0.57 / 0.98, uint64 0.57 / 0.79; int64 /
     uint64 -> bfloat16 0.41-0.42 / 0.62-0.68, int32 / uint32 0.46-0.48 /
     0.55-0.59; complex32 -> uint8 0.42 / 0.51, -> uint16 0.50 / 0.60;
     complex64 -> int64 0.46 / 1.01, -> float8_e5m2 / float8_e4m3 0.41-0.42 /
     0.56-0.58 */
  if (tl__cpu_amd19) {
    if ((from == TL_INT32 || from == TL_UINT32 || from == TL_INT64 || from == TL_UINT64) && to == TL_BFLOAT16) return 1;
    if ((from == TL_INT32 || from == TL_UINT32 || from == TL_UINT64) && to == TL_COMPLEX32) return 1;
    if (from == TL_COMPLEX32 && (to == TL_UINT8 || to == TL_UINT16)) return 1;
    if (from == TL_COMPLEX64 && (to == TL_INT64 || to == TL_FLOAT8_E5M2 || to == TL_FLOAT8_E4M3)) return 1;
  }
  const int narrow = ti->kind == TL_KIND_FLOAT && ti->itemsize == 1 && to != TL_FLOAT4_E2M1FN_X2; /* float8/6/4 */
  const int small_int = (ti->kind == TL_KIND_INT || ti->kind == TL_KIND_UINT) && ti->bits <= 16;
  const tl__ffmt *F = narrow ? tl__ffmt_of(to) : NULL;
  /* bool and the 2- and 4-bit integers -> complex128: the AVX2 tier's magic-number placement (tl__sbm8) against
     the AVX-512 tier's byte-table planes (VBMI), Zen 5, 32 KiB, one process: 1.23x (0.50 -> 0.61x memcpy) */
  if (to == TL_COMPLEX128 && (from == TL_BOOL || from == TL_INT2 || from == TL_INT4 || from == TL_UINT2 || from == TL_UINT4))
    return 1;
  switch (from) {
  case TL_INT32:
  case TL_UINT32:
  case TL_INT64:
  case TL_UINT64: return narrow && !(from == TL_UINT64 && to == TL_FLOAT8_E8M0FNU && sat);
  case TL_INT16:
    return to == TL_FLOAT4_E2M1FN || to == TL_FLOAT6_E2M3FN || to == TL_FLOAT6_E3M2FN || to == TL_FLOAT8_E3M4 ||
           to == TL_FLOAT8_E4M3B11FNUZ || to == TL_FLOAT8_E8M0FNU;
  case TL_UINT16: return to == TL_FLOAT8_E8M0FNU;
  case TL_FLOAT16:
  case TL_BFLOAT16: /* every float8 format, float6_e3m2fn: k_h8's blocks without the float32 lanes; float4 (tl__hq) */
    return small_int || (F && tl__ffmt_h8_fast(F)) || to == TL_FLOAT8_E8M0FNU || to == TL_FLOAT4_E2M1FN;
  case TL_COMPLEX32: /* float8_e5m2, e8m0 and the four e4m3 formats; int2/uint2/int4 (tl__hw), float4 (tl__hq) */
    return to == TL_FLOAT8_E5M2 || to == TL_FLOAT8_E8M0FNU || (F && F->E == 4 && F->M == 3) || to == TL_INT2 ||
           to == TL_UINT2 || to == TL_INT4 || to == TL_FLOAT4_E2M1FN;
  case TL_FLOAT64:
  case TL_COMPLEX128: return narrow || to == TL_FLOAT8_E8M0FNU || to == TL_BOOL;
  case TL_FLOAT32:
  case TL_COMPLEX64: /* float8_e4m3fn, the fnuz formats (no NaN test in the AVX2 blocks) and e8m0 */
    return (F && tl__ffmt_nan_is_ovf(F)) || to == TL_FLOAT8_E8M0FNU;
  default: return (fi->kind == TL_KIND_FLOAT || fi->kind == TL_KIND_COMPLEX) && fi->itemsize > 1 && to == TL_FLOAT8_E8M0FNU;
  }
}
static tl__contig_fn tl__x86_kernel(int tier, tl_dtype from, tl_dtype to, int sat) {
  _Atomic(tl__contig_fn) *slot = &tl__kc[tier >= TL__TIER_AVX512][from][to][sat != 0];
  tl__contig_fn fn = atomic_load_explicit(slot, memory_order_acquire);
  if (!fn && (from == TL_FLOAT4_E2M1FN_X2 || to == TL_FLOAT4_E2M1FN_X2)) /* packed pairs: tl_convert's own path */
    fn = tl__kc_none;
  if (!fn) {
    if (tier >= TL__TIER_AVX512 && tl__avx512_defers(from, to, sat)) fn = tl__avx2_kernel(from, to, sat);
    if (!fn && tier >= TL__TIER_AVX512) fn = tl__avx512_kernel(from, to, sat);
    if (!fn) fn = tl__avx2_kernel(from, to, sat);
    atomic_store_explicit(slot, fn ? fn : tl__kc_none, memory_order_release);
  }
  return fn == tl__kc_none ? NULL : fn;
}
/* For the tests: does the AVX-512 tier run pair (from, to, sat) by the AVX2
   tier's kernel (-1: the CPU lacks either tier)? */
int tl__avx512_runs_avx2(tl_dtype from, tl_dtype to, int sat) {
  tl__tier_get(); /* the CPU's tiers, when nothing has asked yet */
  if (!tl__tier_ok(TL__TIER_AVX512) || (int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE)
    return -1;
  const tl__contig_fn a = tl__x86_kernel(TL__TIER_AVX512, from, to, sat), b = tl__x86_kernel(TL__TIER_AVX2, from, to, sat);
  return a != NULL && a == b;
}
#else
/* none off x86: the streams below (x86 helpers) are left out with it */
static tl__contig_fn tl__x86_kernel(int tier, tl_dtype from, tl_dtype to, int sat) {
  (void)tier, (void)from, (void)to, (void)sat;
  return NULL;
}
int tl__avx512_runs_avx2(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return -1;
}
#endif

#if defined(TL_HAVE_X86)
/* A 1-byte source's pair without a kernel in x86 tier `tier`: its VBMI
   lookups (AVX-512 with VBMI) or the AVX2 tier's routes; 1 if it converted
   the run, 0 (nothing written) if none takes the pair */
static int tl__lut8_run(int tier, tl_dtype from, tl_dtype to, int sat, const char *src, char *dst, size_t n) {
  if (tier >= TL__TIER_AVX512 && tl__cpu_vbmi && tl__avx512vbmi_lut8(from, to, sat, src, dst, n)) return 1;
  return tl__avx2_lut8(from, to, sat, src, dst, n);
}
#endif

/* The AVX-512 tier on Intel (tl__cpu_streams512): a run tl__run_streams
 * would cut is converted in streams by the AVX2 tier's kernel of the pair, whose pieces
 * prefetch (the AVX-512 kernels prefetch only with streaming stores, so their
 * pieces gained nothing). An Intel Xeon (AVX-512 FP16 class), 64 MiB, out of
 * every cache, x memcpy, median of 5, the AVX-512 kernel as one call ->
 * the AVX2 kernel in streams, in alternation: complex128 -> float6_e2m3fn
 * 0.82 -> 1.00, complex64 -> float8_e4m3fn 0.86 -> 0.97, float64 ->
 * float8_e4m3 0.79 -> 0.91, float32 -> float8_e5m2 0.71 -> 0.86, uint64 ->
 * float8_e4m3fn 0.84 -> 0.91. Over 142 pairs of issue 14's set whose output
 * is at most a quarter of the source: 69 -> 107 at >= 0.9x; the gains into
 * the 1-byte float formats (float8/6/4: 87 pairs, 17 -> 54), the losses
 * into integers (int32 -> int8 1.08 -> 0.94, complex32 -> uint8 1.07 ->
 * 0.91) and float16/bfloat16 (int64 -> bfloat16 1.10 -> 0.88): so only runs
 * into the 1-byte float formats. In the bench (64 MiB, the run after this
 * against ff26a7b's) the float and complex sources into them gained (mean
 * +0.02 to +0.18x; complex128 -> float6_e2m3fn 0.83 -> 1.02, float32 ->
 * float8_e5m2 0.69 -> 0.85), the integer ones lost (mean -0.03 to -0.10),
 * where out of cache they had gained +0.02 to +0.05: so only float and
 * complex sources. 1 if it converted the run, 0 (nothing written) if not. */
static int tl__streams512_run(int tier, tl_dtype from, tl_dtype to, int sat, const char *src, char *dst, size_t n,
                              size_t S, size_t D) {
#if defined(TL_HAVE_X86)
  if (tier < TL__TIER_AVX512 || !tl__streams_shape(tier, from, to, S, D, n)) return 0;
  const tl__contig_fn f2 = tl__x86_kernel(TL__TIER_AVX2, from, to, sat);
  return f2 && tl__run_streams(f2, from, to, sat, src, dst, n, S, D);
#else
  (void)tier, (void)from, (void)to, (void)sat, (void)src, (void)dst, (void)n, (void)S, (void)D;
  return 0; /* no x86 tiers */
#endif
}

/* The AVX-512 tier on Zen 4 (tl__cpu_amd19 with AVX-512): a run that streams
 * its stores (the kernels' bound, tl__nt_head_f: output >= 16 MiB, or source
 * and output together >= 32 MiB; tl__amd512_min is the latter) of the pairs
 * below goes to the AVX2 tier's kernel. Zen 4 runs 512-bit operations as two
 * 256-bit halves; streaming past the caches, the AVX-512 tier's plain loops
 * (one 64-byte store a step: widening, narrowing, -> bool) fell behind the
 * AVX2 ones. Measured in alternation in one process (the deferral on and
 * off), 64 MiB of source, one thread, x memcpy, over the 463 pairs of issue
 * 14's set with an AVX2 kernel: integers -> narrower integers and bool, all
 * 56 pairs 1.34-1.87x (int32 -> int16 0.87 -> 1.34); float16/bfloat16/
 * float32/complex32/complex64 -> bool 1.50-1.97x; float16 <-> float32 <->
 * float64 and complex32 <-> complex64 <-> complex128 into 32- and 64-bit
 * parts 1.46-1.69x (float16 -> float32 1.09 -> 1.66, complex64 ->
 * complex128 1.10 -> 1.61); int64/uint64 and complex128 -> float32
 * 1.41-1.64x; float32 -> uint2/uint4/uint8/uint16 1.14-1.25x; int16/uint16
 * -> float8_e5m2/e5m2fnuz 1.03-1.23x. The others lost as often as they
 * gained (median 0.96x; complex128 -> int4 0.70x, int32 -> float16 0.71x,
 * float64 -> bool 0.91x): they keep the tier's own kernels. Runs that do not stream gained nothing
 * (8 MiB: 0.95-1.08x; 16 MiB of source: 1.46-1.60x where the output
 * streamed, float16 -> float32 and complex64 -> complex128, 0.77-0.82x where
 * not, int32 -> int16 and int64 -> int8; at 32 MiB 1.27-1.81x for all five;
 * a plain 512-bit copy loop as fast as a 256-bit one either way). 0 turns it
 * off (tests, benchmarks). */
static _Atomic size_t tl__amd512_min = 2 * TL__NT_MIN;
size_t tl__amd512_defer_set(size_t bytes) { return atomic_exchange_explicit(&tl__amd512_min, bytes, memory_order_relaxed); }
static int tl__amd512_pair(tl_dtype from, tl_dtype to) {
  const tl_dtype_info *fi = tl__info(from), *ti = tl__info(to);
  const int fint = fi->kind == TL_KIND_INT || fi->kind == TL_KIND_UINT;
  const int tint = ti->kind == TL_KIND_INT || ti->kind == TL_KIND_UINT;
  if (fint && ((tint && fi->itemsize > ti->itemsize) || to == TL_BOOL)) return 1;
  if (to == TL_BOOL)
    return from == TL_FLOAT16 || from == TL_BFLOAT16 || from == TL_FLOAT32 || from == TL_COMPLEX32 || from == TL_COMPLEX64;
  if (to == TL_FLOAT32 && (from == TL_INT64 || from == TL_UINT64 || from == TL_COMPLEX128)) return 1;
  if (from == TL_FLOAT32 && ti->kind == TL_KIND_UINT && ti->itemsize <= 2) return 1;
  if ((from == TL_INT16 || from == TL_UINT16) && (to == TL_FLOAT8_E5M2 || to == TL_FLOAT8_E5M2FNUZ)) return 1;
  /* the re-widths into 32- and 64-bit parts, real to real and complex to complex */
  const int fr = from == TL_FLOAT16 || from == TL_FLOAT32 || from == TL_FLOAT64;
  const int fc = from == TL_COMPLEX32 || from == TL_COMPLEX64 || from == TL_COMPLEX128;
  return (fr && (to == TL_FLOAT32 || to == TL_FLOAT64)) || (fc && (to == TL_COMPLEX64 || to == TL_COMPLEX128));
}
/* And the other way, the runs below that bound (in and near the caches; 1:
 * every one, 2: those of at most 512 KiB of source and output, the AVX2
 * kernel's own bound for its per-block branch, k_h8) of the pairs below,
 * whose AVX2 kernels run faster there on Zen 4 (AVX2 encoders with fewer
 * operations a block: no per-lane clamp or NaN mask, the blocks of normal
 * results on the source's bits). Measured in alternation in one process,
 * the tier switched, one thread, x memcpy, AVX-512 tier's own / AVX2's, 32
 * KiB, 1 MiB, 8 MiB of source: complex32 -> float8_e3m4 0.29 / 0.49, 0.35 /
 * 0.47, 0.59 / 0.93, -> float8_e5m2fnuz 0.30 / 0.49, 0.36 / 0.59, 0.61 /
 * 1.01, -> float6_e3m2fn 0.30 / 0.47, -> bfloat16 0.40 / 0.48, -> int8 0.44
 * / 0.50, 0.55 / 0.61, 0.90 / 1.03, -> uint4 0.42 / 0.49; complex64 ->
 * float8_e3m4 / float6 / float4 0.41-0.42 / 0.45-0.48, 0.50 / 0.56, 0.82-0.89
 * / 0.87-1.02; float16 -> bfloat16 0.30 / 0.50, 0.36 / 0.61, 0.58 / 0.97;
 * float32 -> float8_e4m3 / e5m2 0.26 / 0.37-0.38, 0.31 / 0.45, 0.51 / 0.74-
 * 0.77, -> float8_e3m4 / float6 / float4 0.25 / 0.30, 0.31 / 0.37, 0.50 /
 * 0.60; int16 / uint16 -> bfloat16 0.42 / 0.46-0.49, 0.51 / 0.57-0.60, 0.80-
 * 0.83 / 0.91-0.99; int16 -> float8_e5m2 / e5m2fnuz 0.18-0.19 / 0.25,
 * uint16 0.23-0.24 / 0.29; saturating alike or more (float16 -> bfloat16
 * 0.17 / 0.49, complex32 -> bfloat16 0.23 / 0.48). float16 / bfloat16 /
 * complex32 -> float6_e2m3fn (2): 32 KiB 0.22-0.30 / 0.32-0.43, 1 MiB and 8
 * MiB 0.97-1.06x. At 64 MiB the AVX-512 tier's own kernels were as fast or
 * faster (complex32 -> float8_e3m4 1.28 / 1.13, float16 -> float6_e2m3fn
 * 1.17 / 1.01): they keep those runs. */
static int tl__amd512_small(tl_dtype from, tl_dtype to) {
  switch (from) {
  case TL_FLOAT16: return to == TL_FLOAT6_E2M3FN ? 2 : to == TL_BFLOAT16;
  case TL_BFLOAT16: return to == TL_FLOAT6_E2M3FN ? 2 : 0;
  case TL_COMPLEX32:
    return to == TL_FLOAT6_E2M3FN ? 2
                                  : to == TL_BFLOAT16 || to == TL_FLOAT6_E3M2FN || to == TL_FLOAT8_E3M4 ||
                                        to == TL_FLOAT8_E5M2FNUZ || to == TL_INT8 || to == TL_UINT4;
  case TL_COMPLEX64:
    return to == TL_FLOAT8_E3M4 || to == TL_FLOAT6_E2M3FN || to == TL_FLOAT6_E3M2FN || to == TL_FLOAT4_E2M1FN;
  case TL_FLOAT32:
    return to == TL_FLOAT8_E4M3 || to == TL_FLOAT8_E5M2 || to == TL_FLOAT8_E3M4 || to == TL_FLOAT6_E2M3FN ||
           to == TL_FLOAT6_E3M2FN || to == TL_FLOAT4_E2M1FN;
  case TL_INT16:
  case TL_UINT16: return to == TL_BFLOAT16 || to == TL_FLOAT8_E5M2 || to == TL_FLOAT8_E5M2FNUZ;
  default: return 0;
  }
}
static _Atomic unsigned long tl__amd512_count; /* runs it deferred (tests) */
unsigned long tl__amd512_runs(void) { return atomic_load_explicit(&tl__amd512_count, memory_order_relaxed); }
int tl__amd512_by_cpu(void) {
  tl__tier_get(); /* the CPU's flags, when nothing has asked yet */
  return tl__cpu_amd19 && tl__tier_ok(TL__TIER_AVX512);
}
/* 1: a run past the bound that goes to the AVX2 kernel (counted), 2: one
   below it (tl__amd512_small; not counted: no shared counter on short
   runs), 0: the tier's own kernel */
static int tl__amd512_defer(int tier, tl_dtype from, tl_dtype to, size_t n) {
  if (tier != TL__TIER_AVX512 || !tl__cpu_amd19) return 0;
  const size_t min = atomic_load_explicit(&tl__amd512_min, memory_order_relaxed), D = (size_t)tl__info(to)->itemsize;
  const size_t SD = (size_t)tl__info(from)->itemsize + D;
  if (!min) return 0;
  if (SD * n >= min || D * n >= min / 2) return tl__amd512_pair(from, to);
  const int sm = tl__amd512_small(from, to);
  return sm == 1 || (sm == 2 && SD * n <= TL__H8_BRANCH_MAX) ? 2 : 0;
}
int tl__amd512_defers(tl_dtype from, tl_dtype to, size_t n) {
  if ((int)from < 0 || from >= TL_NUM_CONCRETE || (int)to < 0 || to >= TL_NUM_CONCRETE) return 0;
  return tl__amd512_defer(tl__tier_get(), from, to, n);
}

/* A SIMD kernel for a contiguous run, if the tier has one: returns 1 when it
 * converted the run, 0 (nothing written) when it has none. */
int tl__contig_run(tl_dtype from, const char *src, tl_dtype to, char *dst, size_t n, int sat) {
  const tl_dtype_info *fi = tl__info(from), *ti = tl__info(to);
  if (from == to || n < 16) return 0;
  int tier = tl__tier_get();
  tl__contig_fn fn = NULL;
  if (tier == TL__TIER_NEON) {
    if ((fn = tl__neon_kernel(from, to, sat)) != NULL) {
      fn(src, dst, n);
      return 1;
    }
    return fi->itemsize == 1 && ti->itemsize <= 4 && n >= 64 && tl__neon_lut8(from, to, sat, src, dst, n);
  }
  if (tier >= TL__TIER_AVX2) fn = tl__x86_kernel(tier, from, to, sat);
  const int df = fn ? tl__amd512_defer(tier, from, to, n) : 0;
  if (df) {
    const tl__contig_fn f2 = tl__x86_kernel(TL__TIER_AVX2, from, to, sat);
    if (f2) {
      fn = f2;
      if (df == 1) atomic_fetch_add_explicit(&tl__amd512_count, 1, memory_order_relaxed);
    }
  }
  if (fn) {
    /* streams in the AVX2 tier, and in the AVX-512 tier on Intel by the AVX2
       kernels (tl__streams512_run); not in the AVX-512 tier elsewhere (on a
       Zen 4 its runs are one call, by the AVX2 kernel for the pairs of
       tl__amd512_defer above; the AVX2 kernels it runs, tl__avx512_defers,
       ran slower in streams there: int32 -> float6_e2m3fn 1.31 -> 0.88x
       memcpy at 64 MiB) */
    const size_t S = (size_t)fi->itemsize, D = (size_t)ti->itemsize;
    const int cut = tier == TL__TIER_AVX2 ? tl__run_streams(fn, from, to, sat, src, dst, n, S, D)
                                          : tl__streams512_run(tier, from, to, sat, src, dst, n, S, D);
    if (!cut) fn(src, dst, n);
    return 1;
  }
#if defined(TL_HAVE_X86)
  if (tier >= TL__TIER_AVX2 && fi->itemsize == 1 && n >= 64 && tl__lut8_run(tier, from, to, sat, src, dst, n)) return 1;
  (void)ti;
#else
  (void)fi, (void)ti;
#endif
  return 0;
}

void tl__run(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, char *dst,
             ptrdiff_t ds, size_t n, unsigned flags) {
  const tl_dtype_info *fi = tl__info(from), *ti = tl__info(to);
  if (ss == fi->itemsize && ds == ti->itemsize) {
    if (from == to) { /* same dtype: the bytes are copied */
#if defined(TL_HAVE_X86)
      if (tl__tier_get() >= TL__TIER_AVX2) {
        tl__avx2_copy(dst, src, n * (size_t)fi->itemsize);
        return;
      }
#endif
      memcpy(dst, src, n * (size_t)fi->itemsize);
      return;
    }
    if (tl__contig_run(from, src, to, dst, n, (flags & TL_CONVERT_SATURATE) != 0)) return;
    if (tl__run_plan(from, src, to, dst, n, flags)) return;
  }
  tl__convert_scalar(from, src, ss, to, dst, ds, n, flags);
}

static int tl__check_dtype(tl_dtype d, const char *arg) {
  if (!tl__valid_dtype(d))
    return tl__error(TL_EDTYPE, NULL, "tl_convert: %s is not a dtype (value %d)", arg, (int)d);
  if (!tl__concrete(d))
    return tl__error(TL_EDTYPE, NULL,
                     "tl_convert: %s is the weak kind '%s', not a concrete dtype", arg,
                     tl_dtype_name(d));
  return TL_OK;
}

/* The bytes a strided operand spans, |stride| x (n - 1) + itemsize, must fit
 * in ptrdiff_t (pointer arithmetic on them is otherwise undefined). */
static int tl__check_span(ptrdiff_t stride, int itemsize, size_t n, const char *arg) {
  if (n < 2) return TL_OK;
  const size_t mag = stride < 0 ? (size_t)0 - (size_t)stride : (size_t)stride, lim = (size_t)PTRDIFF_MAX - (size_t)itemsize;
  /* both below 2^32 (every real call): the product cannot wrap, no division
     (two 64-bit divides a call were ~2% of a 32 KiB conversion, Zen 2) */
  const int small = mag <= UINT32_MAX && n - 1 <= UINT32_MAX;
  if (mag != 0 && (small ? (n - 1) * mag > lim : (n - 1) > lim / mag))
    return tl__error(TL_ERANGE, NULL,
                     "tl_convert: %s = %td with n = %zu spans more bytes than a pointer offset can hold",
                     arg, stride, n);
  return TL_OK;
}

int tl_convert(tl_dtype from, const void *src, ptrdiff_t src_stride, tl_dtype to, void *dst,
               ptrdiff_t dst_stride, size_t n, unsigned flags, size_t *fail_index) {
  int st;
  if ((st = tl__check_dtype(from, "from")) != TL_OK) return st;
  if ((st = tl__check_dtype(to, "to")) != TL_OK) return st;
  if ((from == TL_FLOAT4_E2M1FN_X2 || to == TL_FLOAT4_E2M1FN_X2) && from != to)
    return tl__error(TL_EUNSUPPORTED, "NotImplementedError",
                     "tl_convert: no conversion %s -> %s: float4_e2m1fn_x2 is a packed pair of "
                     "float4_e2m1fn values that torch only copies (to float4_e2m1fn_x2 itself)",
                     tl_dtype_name(from), tl_dtype_name(to));
  if (flags & ~(TL_CONVERT_SATURATE | TL_CONVERT_CHECKED))
    return tl__error(TL_EINVAL, NULL, "tl_convert: unknown flags 0x%x", flags);
  if (n == 0) return tl__ok();
  if (!src) return tl__error(TL_EINVAL, NULL, "tl_convert: src is NULL with n = %zu", n);
  if (!dst) return tl__error(TL_EINVAL, NULL, "tl_convert: dst is NULL with n = %zu", n);
  if (dst_stride == 0 && n > 1)
    return tl__error(TL_EINVAL, NULL, "tl_convert: dst_stride is 0 with n = %zu > 1", n);
  const size_t maxn = (size_t)PTRDIFF_MAX / 16;
  if (n > maxn) return tl__error(TL_ERANGE, NULL, "tl_convert: n = %zu is too large", n);
  if ((st = tl__check_span(src_stride, tl__info(from)->itemsize, n, "src_stride")) != TL_OK) return st;
  if ((st = tl__check_span(dst_stride, tl__info(to)->itemsize, n, "dst_stride")) != TL_OK) return st;
  tl__fpenv env;
  tl__fpenv_enter(&env);
  if (flags & TL_CONVERT_CHECKED) {
    size_t bad = tl__convert_validate(from, src, src_stride, to, n, flags);
    if (bad < n) {
      tl__fpenv_leave(&env);
      if (fail_index) *fail_index = bad;
      return tl__error(TL_ECAST, NULL,
                       "tl_convert: element %zu does not survive the conversion %s -> %s", bad,
                       tl_dtype_name(from), tl_dtype_name(to));
    }
  }
  tl__run_threaded(from, src, src_stride, to, dst, dst_stride, n, flags);
  tl__fpenv_leave(&env);
  return tl__ok();
}

/* tl_convert_contiguous's fast path for (from, to, flags, n): 1 if the full
 * path would run the pair's kept kernel (tl__x86_kernel's slot, filled by
 * an earlier call) on the calling thread and nothing else: an x86 tier, a
 * concrete pair, at least 16 elements (as tl__contig_run), valid flags, not
 * checked mode, one thread for the size (tl__threads_one), no streams (the
 * kernel into *fn); 2 if it would run a 1-byte source's lookups
 * (tl__lut8_run: the slot known to hold no kernel, from 64 elements); 0:
 * the full path. */
static int tl__fast_path(tl_dtype from, tl_dtype to, unsigned flags, size_t n, int *tier, tl__contig_fn *fn) {
#if defined(TL_HAVE_X86)
  if (!tl__concrete(from) || !tl__concrete(to) || from == to || n < 16 || n > (size_t)PTRDIFF_MAX / 16 ||
      (flags & ~(unsigned)TL_CONVERT_SATURATE) != 0 || !atomic_load_explicit(&tl__tier_ready, memory_order_acquire))
    return 0;
  const int t = atomic_load_explicit(&tl__tier, memory_order_relaxed);
  if (t != TL__TIER_AVX2 && t != TL__TIER_AVX512) return 0;
  const tl__contig_fn f = atomic_load_explicit(&tl__kc[t >= TL__TIER_AVX512][from][to][flags != 0], memory_order_acquire);
  const size_t S = (size_t)tl__catalogue[from].itemsize, D = (size_t)tl__catalogue[to].itemsize;
  if (!f) return 0; /* not looked for yet */
  if (f == tl__kc_none) {
    if (S != 1 || n < 64 || from == TL_FLOAT4_E2M1FN_X2 || to == TL_FLOAT4_E2M1FN_X2) return 0;
  } else if (tl__streams_shape(t, from, to, S, D, n)) {
    return 0; /* streams possible */
  } else {
    const int df = tl__amd512_defer(t, from, to, n);
    if (df == 1) return 0; /* the AVX2 kernel's counted run on Zen 4 */
    if (df == 2) { /* a short run by the AVX2 kernel, once kept */
      const tl__contig_fn f2 = atomic_load_explicit(&tl__kc[0][from][to][flags != 0], memory_order_acquire);
      if (!f2 || f2 == tl__kc_none) return 0;
      if (!tl__threads_one(n, S + D)) return 0;
      *tier = t, *fn = f2;
      return 1;
    }
  }
  if (!tl__threads_one(n, S + D)) return 0;
  *tier = t, *fn = f;
  return f == tl__kc_none ? 2 : 1;
#else
  (void)from, (void)to, (void)flags, (void)n, (void)tier, (void)fn;
  return 0;
#endif
}
int tl__convert_fast(tl_dtype from, tl_dtype to, unsigned flags, size_t n) {
  int tier;
  tl__contig_fn fn;
  return tl__fast_path(from, to, flags, n, &tier, &fn);
}

int tl_convert_contiguous(tl_dtype from, const void *src, tl_dtype to, void *dst, size_t n,
                          unsigned flags, size_t *fail_index) {
  int st;
  /* the fast path (tl__fast_path), with valid buffers: the same kernel or
     lookups, floating-point environment and result as the full path,
     without its chain of calls and tests: n = 64, AVX2 tier on Zen 4, three
     runs, 41-51 -> 14-22 ns a call, the kernel alone 6.5-10.7; 32 KiB
     conversions take 0.5-1.5 us */
  int tier, fast = 0;
  tl__contig_fn fn = NULL;
  if (src && dst && (fast = tl__fast_path(from, to, flags, n, &tier, &fn)) != 0) {
    tl__fpenv env;
    tl__fpenv_enter(&env);
#if defined(TL_HAVE_X86)
    if (fast == 1) fn(src, dst, n);
    else fast = tl__lut8_run(tier, from, to, flags != 0, src, dst, n); /* 0: none took it, nothing written */
#endif
    tl__fpenv_leave(&env);
    if (fast) return tl__ok();
  }
  if ((st = tl__check_dtype(from, "from")) != TL_OK) return st;
  if ((st = tl__check_dtype(to, "to")) != TL_OK) return st;
  return tl_convert(from, src, tl__info(from)->itemsize, to, dst, tl__info(to)->itemsize, n,
                    flags, fail_index);
}
