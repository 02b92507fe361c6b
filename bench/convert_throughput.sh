#!/usr/bin/env bash
# Per-tier conversion throughput -> docs/convert_throughput.md (+ its HTML page).
# Runs `typelattice bench convert --pairs all --json` once per SIMD tier this CPU has
# (TYPELATTICE_CPU=avx512, avx2, scalar), keeps the JSON in $OUT (default bench/out,
# git-ignored), and writes the page with bench/summarize_convert.py. A tier this CPU lacks
# keeps its archived figures when there are some: its section (as TIER_LABELS names it, else
# the bare tier) of an archived per-tier page
# (bench/data/convert_tiers_<date>_<commit>.md, an earlier docs/convert_throughput.md), else
# bench/data/convert_<tier>_*.md; either says where and when they were measured. The NEON
# tier runs only under qemu here: its section is TL_NEON_NOTE or
# bench/data/convert_neon_note.md (correctness only, under qemu).
#
# Usage: bench/convert_throughput.sh [--quick] [CLI]
#   --quick   32 KiB and 4 MiB, 1/5 of the time per pair (a few minutes in all)
#   CLI       the typelattice binary (default build/typelattice)
# Environment:
#   REUSE=1      a tier whose $OUT/<tier>.json exists is not measured again (the page is
#                written from it; its commit and date from $OUT/<tier>.rev)
#   EXTRA_TIERS  more sections of archived per-tier pages to show, ';'-separated
#                NAME=page.md#SECTION (e.g. the same tier measured on another machine)
#   RUN_CONDITIONS  what else ran (default: "other jobs were running, so DRAM-bound
#                figures vary by tens of percent")
#   TIER_LABELS  names to show for this run's tiers (measured or archived), ';'-separated
#                TIER=LABEL (e.g. "avx2=avx2 (Zen 3);avx512=avx512 (Zen 5)"); default the tier
# The figures are noisy on a shared machine (memory bandwidth drifts by tens of percent).
set -euo pipefail
cd "$(dirname "$0")/.."
QUICK=""
if [ "${1:-}" = "--quick" ]; then QUICK="--quick"; shift; fi
CLI=${1:-build/typelattice}
OUT=${OUT:-bench/out}
[ -x "$CLI" ] || { echo "convert_throughput.sh: no CLI at $CLI (build first)" >&2; exit 2; }
mkdir -p "$OUT"
args=()
revs=()
label() { # TIER_LABELS' name for tier $1, else $1
  local e
  IFS=';' read -r -a labels <<< "${TIER_LABELS:-}"
  for e in "${labels[@]}"; do [ "${e%%=*}" = "$1" ] && { echo "${e#*=}"; return; }; done
  echo "$1"
}
for tier in avx512 avx2 scalar; do
  have=$(TYPELATTICE_CPU=$tier "$CLI" bench convert --pairs float32:float16 --size 64 --quick --json |
         python3 -c 'import json,sys; print(json.load(sys.stdin)["tier"])')
  if [ "$have" = "$tier" ]; then
    if [ "${REUSE:-0}" = 1 ] && [ -s "$OUT/$tier.json" ] && [ -s "$OUT/$tier.rev" ]; then
      echo "tier $tier: reusing $OUT/$tier.json ($(cat "$OUT/$tier.rev"))" >&2
    else
      echo "tier $tier: measuring ($OUT/$tier.json)" >&2
      TYPELATTICE_CPU=$tier "$CLI" bench convert --pairs all $QUICK --json > "$OUT/$tier.json.tmp"
      mv "$OUT/$tier.json.tmp" "$OUT/$tier.json"
      echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown) on $(date -u +%Y-%m-%d)${QUICK:+ (--quick)}" > "$OUT/$tier.rev"
    fi
    args+=(--tier "$(label "$tier")=$OUT/$tier.json")
    revs+=("$tier: $(cat "$OUT/$tier.rev")")
  else
    # the newest archived per-tier page with a section for this tier (it carries its own
    # note: where, when, at which commit), else an archived single-run page
    # (newest: the last committed, as several share a date and their names then sort by commit hash);
    # the section named as TIER_LABELS names this tier (e.g. "avx512 (Zen 4)") when a page has one,
    # else the bare tier
    newest() {
      grep -l -x -F "## $1" bench/data/convert_tiers_*.md 2>/dev/null |
        while read -r f; do echo "$(git log -1 --format=%ct -- "$f" 2>/dev/null || true) $f"; done |
        sort -n | tail -n 1 | sed 's/^[0-9]* //' || true
    }
    sec=$(label "$tier")
    page=$(newest "$sec")
    if [ -z "$page" ] && [ "$sec" != "$tier" ]; then sec=$tier; page=$(newest "$tier"); fi
    archived=$(ls bench/data/convert_${tier}_*.md 2>/dev/null | tail -n 1 || true)
    if [ -n "$page" ]; then
      echo "tier $tier: not on this CPU, archived figures from $page (section $sec)" >&2
      args+=(--tier "$(label "$tier")=$page#$sec")
    elif [ -n "$archived" ]; then
      echo "tier $tier: not on this CPU, archived figures from $archived" >&2
      args+=(--tier "$(label "$tier")=$archived")
    else
      echo "tier $tier: not on this CPU, no archived figures" >&2
    fi
  fi
done
IFS=';' read -r -a extra <<< "${EXTRA_TIERS:-}"
for e in "${extra[@]}"; do [ -n "$e" ] && args+=(--tier "$e"); done
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || echo unknown)
fam=$(grep -m1 '^cpu family' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || true)
model=$(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || true)
simd=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | grep -o -w -E 'avx2|avx512f|avx512bw|avx512vbmi|avx512_bf16' | tr '\n' ' ' | sed 's/ $//' || true)
cc=$(cc --version 2>/dev/null | head -n 1 || echo unknown)
uarch=""
# AMD's family/model -> core (Zen 3: family 25 models 0-15, 32-95; Zen 4: 16-31, 96-127, 160-175)
case "$fam:${model:-0}" in
  23:*) [ "${model:-0}" -ge 49 ] 2>/dev/null && uarch="Zen 2, " ;;
  25:*) m=${model:-0}
        if { [ "$m" -ge 16 ] && [ "$m" -le 31 ]; } || { [ "$m" -ge 96 ] && [ "$m" -le 127 ]; } ||
           { [ "$m" -ge 160 ] && [ "$m" -le 175 ]; }; then uarch="Zen 4, "; else uarch="Zen 3, "; fi ;;
  26:*) uarch="Zen 5, " ;;
  # Intel reports family 6; under KVM the model may be the hypervisor's: name the class by
  # its features (AVX-512 FP16 and AMX first came with Sapphire Rapids)
  6:*) grep -q -w avx512_fp16 /proc/cpuinfo 2>/dev/null && uarch="Intel, AVX-512 FP16 and AMX: Sapphire Rapids or later, " ;;
esac
measured=$(printf '%s; ' "${revs[@]}" | sed 's/; $//')
run_note="Measured here by \`bench/convert_throughput.sh${QUICK:+ $QUICK}\` ($measured): $(nproc)-CPU machine, $cpu${fam:+ (${uarch}family $fam model $model; ${simd:-no AVX2})}, $cc; ${RUN_CONDITIONS:-other jobs were running, so DRAM-bound figures vary by tens of percent}."
archived_note="Not measured by this run (this CPU has no AVX-512): the figures of bench/data/convert_avx512_20261127.md, measured at commit e0cb1c0 on a 2-vCPU KVM guest (AMD EPYC Zen 4, AVX-512 F/BW/VL/DQ/VBMI/BF16, gcc 12.2) on 2026-11-27 with the bench of that commit (x memcpy: the median of side-by-side rounds; bench/data/convert_avx512_20261122.md has the older run at e7e2c4e on a machine with half the memory bandwidth)."
# the NEON section: $TL_NEON_NOTE, else bench/data/convert_neon_note.md (what the qemu check covers)
NEON_NOTE=${TL_NEON_NOTE:-$(cat bench/data/convert_neon_note.md 2>/dev/null || true)}
python3 bench/summarize_convert.py "${args[@]}" --run-note "$run_note" --archived-note "$archived_note" \
  --neon "$([ -n "$NEON_NOTE" ] && echo "see below" || echo "correctness only (qemu)")" \
  --neon-section "${NEON_NOTE:-}" > docs/convert_throughput.md.tmp
mv docs/convert_throughput.md.tmp docs/convert_throughput.md
python3 -c 'import sys; sys.path.insert(0, "docs"); import generate; generate.gen_pages("docs")'
echo "wrote docs/convert_throughput.md" >&2
