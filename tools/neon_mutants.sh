#!/usr/bin/env bash
# tools/neon_mutants.sh — does the AArch64 tier check catch broken NEON kernels?
# Applies one mutation at a time to a copy of src/convert_neon.c (in a temporary
# copy of the tree), cross-builds tests/tier_check and runs it under qemu-user;
# every mutant must make it fail. The worktree itself is never modified.
#   tools/neon_mutants.sh            (needs aarch64-linux-gnu-gcc and qemu-aarch64)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sysroot=/usr/aarch64-linux-gnu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/CMakeLists.txt" "$root/src" "$root/include" "$root/tests" "$root/cmake" "$root/tools" "$root/fuzz" "$tmp/"
cmake -S "$tmp" -B "$tmp/b" -DCMAKE_TOOLCHAIN_FILE="$tmp/cmake/aarch64-linux-gnu.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DTL_TIER_CHECK_ONLY=ON \
  "-DCMAKE_C_FLAGS=-Wno-format-truncation -Wno-unused-parameter -Wno-unused-function -Wno-unused-variable" >/dev/null
orig="$tmp/convert_neon.c.orig"
cp "$tmp/src/convert_neon.c" "$orig"

# name ~ env for the run ~ text ~ replacement (python string literals, first occurrence)
mutants=(
  "f32->f16/bf16 sat overflow not redone~TYPELATTICE_NEON_BASE=0~'if (sat) m = vorrq_u16(m, tl__top16(h, inf));'~'(void)inf;'"
  "bf16 integer rounding: ties away~TYPELATTICE_NEON_BASE=1~'bias = vdupq_n_u32(0x7FFFu)'~'bias = vdupq_n_u32(0x8000u)'"
  "bf16 BFCVTN result on odd lanes lost~TYPELATTICE_NEON_BASE=0~'vcvtq_high_bf16_f32(vcvtq_low_bf16_f32(a), b)'~'vcvtq_high_bf16_f32(vcvtq_low_bf16_f32(a), a)'"
  "f64->f16 double rounding (FCVTN instead of FCVTXN)~TYPELATTICE_NEON_BASE=0~'vcvtx_high_f32_f64(vcvtx_f32_f64(a), b), r1 = vcvtx_high_f32_f64(vcvtx_f32_f64(c), d);\n  uint16x8_t h = tl__cvt_f16x8'~'vcvt_high_f32_f64(vcvt_f32_f64(a), b), r1 = vcvt_high_f32_f64(vcvt_f32_f64(c), d);\n  uint16x8_t h = tl__cvt_f16x8'"
  "float32 NaN lanes not redone~TYPELATTICE_NEON_BASE=0~'return vmvnq_u32(vceqq_f32(a, a));'~'return vdupq_n_u32(0);'"
  "float16 NaN test misses signalling NaNs~TYPELATTICE_NEON_BASE=0~'vcgtq_u16(vandq_u16(h, vdupq_n_u16(0x7FFF)), vdupq_n_u16(0x7C00)));\n}\nstatic inline uint64_t b_f16_f64'~'vcgtq_u16(vandq_u16(h, vdupq_n_u16(0x7FFF)), vdupq_n_u16(0x7E00)));\n}\nstatic inline uint64_t b_f16_f64'"
  "f64->f32 sat overflow not redone~TYPELATTICE_NEON_BASE=0~'if (sat) m |= tl__m32(tl__inf32(r0), tl__inf32(r1));'~''"
  "int4 clamp off by one~TYPELATTICE_NEON_BASE=0~'hi = vdupq_n_s32((1 << (bits - 1)) - 1)'~'hi = vdupq_n_s32(1 << (bits - 1))'"
  "float -> int16 wraps instead of saturating~TYPELATTICE_NEON_BASE=0~'int16x8_t h = vcombine_s16(vqmovn_s32(v.lo), vqmovn_s32(v.hi));'~'int16x8_t h = vcombine_s16(vmovn_s32(v.lo), vmovn_s32(v.hi));'"
  "uint2 saturation bound wrong~TYPELATTICE_NEON_BASE=0~'const uint32x4_t hi = vdupq_n_u32((1u << bits) - 1u);'~'const uint32x4_t hi = vdupq_n_u32(1u << bits);'"
  "table lookup: second quarter misindexed~TYPELATTICE_NEON_BASE=0~'uint8x16_t r = vqtbl4q_u8(t[0], idx);\n  idx = vsubq_u8(idx, k64);'~'uint8x16_t r = vqtbl4q_u8(t[0], idx);\n  idx = vsubq_u8(idx, vdupq_n_u8(63));'"
  "table lookup: 2-byte planes swapped~TYPELATTICE_NEON_BASE=0~'{{tl__tbl256(tb[0], idx), tl__tbl256(tb[1], idx)}}'~'{{tl__tbl256(tb[1], idx), tl__tbl256(tb[0], idx)}}'"
  "integer kernels: destination stride uses the source size~TYPELATTICE_NEON_BASE=0~'memcpy(d + i * sizeof(TD), &b, sizeof b);'~'memcpy(d + i * sizeof(TS), &b, sizeof b);'"
  "block kernels: tail one element short~TYPELATTICE_NEON_BASE=0~'tl__convert_generic(FROM, s + i * (S), S, TO, d + i * (D), D, n - i,  '~'tl__convert_generic(FROM, s + i * (S), S, TO, d + i * (D), D, n - i - 1,'"
  "f16->f64 upper half from the lower~TYPELATTICE_NEON_BASE=0~'STU8(dp, 48, vreinterpretq_u8_f64(vcvt_high_f64_f32(hi)));'~'STU8(dp, 48, vreinterpretq_u8_f64(vcvt_high_f64_f32(lo)));'"
  "float8 encoder: fnuz keeps -0~TYPELATTICE_NEON_BASE=0~'if (F->fam == TL__FAM_FNUZ) sg = vand_u8(sg, vtst_u8(b, b));'~''"
  "float8 encoder: double rounding from float64 (FCVTN instead of FCVTXN)~TYPELATTICE_NEON_BASE=0~'u0 = vreinterpretq_u32_f32(vcvtx_high_f32_f64(vcvtx_f32_f64(a), b));'~'u0 = vreinterpretq_u32_f32(vcvt_high_f32_f64(vcvt_f32_f64(a), b));'"
  "float8 encoder: sat inf saturated~TYPELATTICE_NEON_BASE=0~'sat && F->fam != TL__FAM_MX ? 0x7F7FFFFFu : 0x7F800000u'~'0x7F800000u'"
  "e8m0 encoder: subnormal threshold one off~TYPELATTICE_NEON_BASE=0~'vdupq_n_u32(0x00600000u)'~'vdupq_n_u32(0x00600001u)'"
  "-> bool: -0.0 counted as true~TYPELATTICE_NEON_BASE=0~'X(f32, TL_FLOAT32, 4, 0, 0x7FFFFFFFu)'~'X(f32, TL_FLOAT32, 4, 0, 0xFFFFFFFFu)'"
  "complex -> bool: imaginary part ignored~TYPELATTICE_NEON_BASE=0~'p1 = tl__nz32(LD32(sp, 32), LD32(sp, 48), (uint32_t)mask);\n      nz = vorrq_u16(vuzp1q_u16(p0, p1), vuzp2q_u16(p0, p1));'~'p1 = tl__nz32(LD32(sp, 32), LD32(sp, 48), (uint32_t)mask);\n      nz = vuzp1q_u16(p0, p1);'"
  "float16 -> complex32: NaN not redone~TYPELATTICE_NEON_BASE=0~'vzip2q_u16(h, vdupq_n_u16(0))));\n  return tl__m16('~'vzip2q_u16(h, vdupq_n_u16(0))));\n  return 0 & tl__m16('"
  "int64 -> float32: sticky bit dropped~TYPELATTICE_NEON_BASE=0~'t = vorrq_u32(t, vshrq_n_u32(vtstq_u32(st, st), 31));'~''"
  "int64 -> bfloat16/e8m0: rounded twice (float32 RNE first)~TYPELATTICE_NEON_BASE=0~'if (rto) { /* the top 24 bits, the rest sticky */'~'if (0) { /* the top 24 bits, the rest sticky */'"
  "complex -> complex: NaN parts redone as real~TYPELATTICE_NEON_BASE=0~'return (m0 || m1) ? tl__cx_mask(m0) | tl__cx_mask(m1) << 32 : 0;'~'return (m0 & 0xFFFFFFFFu) | m1 << 32;'"
)
caught=0 missed=0
for m in "${mutants[@]}"; do
  IFS='~' read -r name envs old new <<<"$m"
  python3 - "$orig" "$tmp/src/convert_neon.c" "$old" "$new" <<'PY'
import ast, sys
src = open(sys.argv[1]).read()
old, new = ast.literal_eval(sys.argv[3]), ast.literal_eval(sys.argv[4])
if src.count(old) < 1:
    sys.exit("mutation text not found: %r" % old)
open(sys.argv[2], "w").write(src.replace(old, new, 1))
PY
  if ! cmake --build "$tmp/b" -j 2 --target tier_check >"$tmp/build.log" 2>&1; then
    echo "BUILD FAILED for mutant: $name"; tail -5 "$tmp/build.log"; missed=$((missed + 1)); continue
  fi
  if env $envs qemu-aarch64 -L "$sysroot" "$tmp/b/tests/tier_check" --quick >"$tmp/run.log" 2>&1; then
    echo "MISSED: $name"; missed=$((missed + 1))
  else
    echo "caught: $name -- $(grep -m1 FAIL "$tmp/run.log" | cut -c1-160)"; caught=$((caught + 1))
  fi
done
cp "$orig" "$tmp/src/convert_neon.c"
echo "$caught caught, $missed missed"
[ "$missed" = 0 ]
