#!/usr/bin/env bash
# cast_vs_cp.sh — GB/s of `typelattice cast` on a 1 GiB file against cp of the same
# file, in the same run (same disk, same page-cache state for each: the input is read
# once before timing so every contender starts from a warm cache).
# usage: bench/cast_vs_cp.sh [TYPELATTICE] [DIR] [SIZE_MIB]
#   TYPELATTICE  the CLI (default build/typelattice); DIR where the files go (default a
#   temp dir under /tmp); SIZE_MIB the input size (default 1024 = 1 GiB).
# Rows: cp; cp + sync of the copy (cast fsyncs its output before renaming it); cast
# float32 -> bfloat16 / float16 / float32 (same size: a pure streaming copy through
# tl_convert) / float64; cast of a .safetensors checkpoint to bfloat16. GB/s = input
# bytes / wall seconds (10^9 bytes).
set -euo pipefail
CLI=${1:-build/typelattice}
DIR=${2:-$(mktemp -d /tmp/tl_cast_bench.XXXXXX)}
MIB=${3:-1024}
mkdir -p "$DIR"
trap 'rm -f "$DIR"/in.raw "$DIR"/out.* "$DIR"/model.safetensors' EXIT
bytes=$((MIB * 1048576))
head -c "$bytes" /dev/urandom >"$DIR/in.raw"
cat "$DIR/in.raw" >/dev/null
now() { date +%s.%N; }
row() { # row LABEL COMMAND...
  local label=$1
  shift
  rm -f "$DIR"/out.*
  sync
  local t0 t1
  t0=$(now)
  "$@"
  t1=$(now)
  awk -v l="$label" -v b="$bytes" -v a="$t0" -v z="$t1" 'BEGIN { printf "%-34s %7.3f s  %6.2f GB/s\n", l, z - a, b / (z - a) / 1e9 }'
}
echo "input: $MIB MiB of random float32 in $DIR ($(nproc) CPUs)"
row "cp" cp "$DIR/in.raw" "$DIR/out.cp"
row "cp + sync" sh -c 'cp "$1" "$2" && sync "$2"' _ "$DIR/in.raw" "$DIR/out.cp"
for to in bfloat16 float16 float32 float64; do
  row "cast float32 -> $to" "$CLI" cast --no-progress --from float32 --to "$to" "$DIR/in.raw" "$DIR/out.raw"
done
row "cast float32 -> bfloat16 --threads 1" "$CLI" cast --no-progress --threads 1 --from float32 --to bfloat16 "$DIR/in.raw" "$DIR/out.raw"
# a checkpoint: the same bytes as one F32 tensor
json="{\"__metadata__\":{\"format\":\"pt\"},\"w\":{\"dtype\":\"F32\",\"shape\":[$((bytes / 4))],\"data_offsets\":[0,$bytes]}}"
while [ $(((${#json}) % 8)) != 0 ]; do json="$json "; done
n=${#json}
{ printf "\\x$(printf %02x $((n & 255)))\\x$(printf %02x $((n >> 8)))\\x00\\x00\\x00\\x00\\x00\\x00"; printf %s "$json"; cat "$DIR/in.raw"; } >"$DIR/model.safetensors"
rm -f "$DIR/in.raw"
cat "$DIR/model.safetensors" >/dev/null
row "cp (.safetensors)" cp "$DIR/model.safetensors" "$DIR/out.cp"
row "cast .safetensors -> bfloat16" "$CLI" cast --no-progress --to bfloat16 "$DIR/model.safetensors" "$DIR/out.safetensors"
