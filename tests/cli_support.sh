#!/usr/bin/env bash
# CLI tests for `typelattice support` and `typelattice defaults`.
# Usage: cli_support.sh CLI SOURCE_DIR
set -u
CLI=$1
SRC=$2
F=$SRC/tests/data/support/ivy_sample.txt
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0

# expect NAME WANT_RC WANT_STDOUT -- ARGS...
expect() {
  local name=$1 want_rc=$2 want_out=$3
  shift 4
  local out rc
  out=$("$CLI" "$@" 2>"$TMP/err")
  rc=$?
  if [ "$rc" != "$want_rc" ] || [ "$out" != "$want_out" ]; then
    echo "FAIL $name: rc=$rc (want $want_rc)"
    echo "  got:  $out"
    echo "  want: $want_out"
    echo "  stderr: $(cat "$TMP/err")"
    fails=$((fails + 1))
  fi
}
# expect1 NAME WANT_RC WANT_FIRST_LINE -- ARGS...: compare the first line only
expect1() {
  local name=$1 want_rc=$2 want_out=$3
  shift 4
  local out rc
  out=$("$CLI" "$@" 2>"$TMP/err")
  rc=$?
  out=${out%%$'\n'*}
  if [ "$rc" != "$want_rc" ] || [ "$out" != "$want_out" ]; then
    echo "FAIL $name: rc=$rc (want $want_rc), first line '$out' (want '$want_out'), stderr: $(cat "$TMP/err")"
    fails=$((fails + 1))
  fi
}
# expect_err NAME WANT_RC STDERR_SUBSTRING -- ARGS...
expect_err() {
  local name=$1 want_rc=$2 want_err=$3
  shift 4
  "$CLI" "$@" >/dev/null 2>"$TMP/err"
  local rc=$?
  if [ "$rc" != "$want_rc" ] || ! grep -qF -- "$want_err" "$TMP/err"; then
    echo "FAIL $name: rc=$rc (want $want_rc), stderr: $(cat "$TMP/err") (want: $want_err)"
    fails=$((fails + 1))
  fi
}

T12="bool int8 int16 int32 int64 uint8 bfloat16 float16 float32 float64 complex64 complex128"

# ---- defaults ----
expect defaults-jax 0 "int: int32
uint: uint32
float: float32
complex: complex64
default: float32" -- defaults
expect defaults-jax-x64 0 "int: int64
uint: uint64
float: float64
complex: complex128
default: float64" -- defaults --rules jax --x64
expect defaults-torch-f64 0 "int: int64
uint: uint8
float: float64
complex: complex128
default: float64" -- defaults --rules torch --float float64
expect defaults-ivy-generic 0 "int: int16
uint: uint32
float: float32
complex: complex64
default: int16" -- defaults --rules ivy --default-dtype int16
expect_err defaults-unknown 2 "unknown rule set 'nope'" -- defaults --rules nope
expect_err defaults-bad-kind 2 "not a valid default float dtype" -- defaults --rules ivy --float int8
expect1 defaults-x64 1 "int: error: \`int64\` output not supported while jax_enable_x64 is set to False, please import jax and enable the flag using jax.config.update('jax_enable_x64', True)" -- defaults --rules jax --int int64
expect infer-ivy-large 0 "int64 (scalar)" -- defaults --rules ivy --infer 3000000000
expect infer-array 0 "int8 (array)" -- defaults --rules ivy --infer 1.5 array:int8
expect infer-explicit 0 "int16 (explicit)" -- defaults --rules ivy --infer --explicit int16 array:int8
expect infer-default 0 "float64 (default)" -- defaults --rules numpy --infer
expect_err infer-jax-overflow 1 "Python int 3000000000 too large to convert to int32" -- defaults --rules jax --infer 3000000000
# ints beyond 128 bits are held clamped to 2**128-1 (as 39 digits, like 2**128): the message names the int
expect_err infer-jax-2p128 1 "Python int 340282366920938463463374607431768211456 too large" -- defaults --rules jax --infer py:int:340282366920938463463374607431768211456
expect_err infer-jax-huge-neg 1 "Python int -1000000000000000000000000000000000000000000 too large" -- defaults --rules jax --infer py:int:-1000000000000000000000000000000000000000000

# ---- support ----
expect check-ok 0 "$F: ok" -- support --check "$F"
printf 'torch f "1.0" supported int8\ntorch g "1.0 and beneath" supported int8\n' >"$TMP/bad.txt"
expect_err check-bad 1 "$TMP/bad.txt:2: malformed version key '1.0 and beneath'" -- support --check "$TMP/bad.txt"
expect_err check-missing 2 "cannot read $TMP/missing.txt" -- support --check "$TMP/missing.txt"
expect_err query-bad-file 1 "$TMP/bad.txt:2:" -- support "$TMP/bad.txt" --backend torch
expect valid-torch 0 "$T12" -- support "$F" --backend torch --version 2.1.2
expect cumsum-1.11 0 "bool int8 int16 int32 int64 float32 float64 complex64 complex128" -- \
  support "$F" --backend torch --function cumsum --version 1.11.0
expect cumsum-exact 0 "$T12" -- support "$F" --backend torch --function cumsum --version 1.12.1
expect cumsum-fallback 0 "$T12" -- support "$F" --backend torch --function cumsum --version 2.2.0
expect upcast 0 "float32
torch.expm1 (version 2.0.1): float16 is not supported; upcast along float ladder bfloat16 < float16 < float32 < float64 -> float32 (next higher supported)" -- \
  support "$F" --backend torch --function expm1 --version 2.0.1 --dtype float16 --mode upcast
expect1 downcast 0 "bfloat16" -- support "$F" --backend torch --function expm1 --version 2.0.1 --dtype float16 --mode downcast
expect_err nocast 1 "no lower supported dtype; no cast" -- \
  support "$F" --backend torch --function cumsum --version 2.0.1 --dtype float16 --mode downcast
printf 't noint "1.0 and above" unsupported integer\n' >"$TMP/cross.txt"
expect1 cross-ivy 0 "float32" -- support "$TMP/cross.txt" --backend t --function noint --dtype int8 --mode cast
expect1 cross-jax-x64 0 "float64" -- support "$TMP/cross.txt" --backend t --function noint --dtype int8 --mode crosscast --rules jax --x64
expect_err unknown-backend 2 "backend 'pytorch' is not in the registry" -- support "$F" --backend pytorch
expect_err bad-mode 2 "unknown casting mode 'sidecast'" -- support "$F" --backend torch --function expm1 --dtype float16 --mode sidecast
expect_err no-backend 2 "--backend is required" -- support "$F"
expect_err dtype-without-mode 2 "--dtype and --mode go together" -- support "$F" --backend torch --function expm1 --dtype float16

if [ "$fails" -ne 0 ]; then
  echo "$fails CLI test(s) failed"
  exit 1
fi
echo "all CLI support tests passed"
