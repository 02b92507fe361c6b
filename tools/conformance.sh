#!/usr/bin/env bash
# make conformance: check typelattice against the LIVE frameworks on this machine.
#
#   1. creates the reference environments if they are missing (tools/refgen/setup_venvs.sh:
#      the pinned JAX, NumPy 2 and 1.26, ml_dtypes, PyTorch, TensorFlow, array-api-strict,
#      Ivy versions, all from PyPI) under $REFGEN_VENV_DIR (default <repo>/.venv-ref);
#   2. regenerates every reference file from the live frameworks into $OUT/ref
#      (tools/refgen/gen_all.sh with REFGEN_OUT; the committed tests/data/ref is not touched)
#      and checks the build's answers against them (tools/check_reference.py);
#   3. says which regenerated files differ from the committed ones (besides the date line):
#      a difference means a framework's answer changed or the generator did;
#   3b. regenerates the conversion data (NumPy + ml_dtypes), the binary-operation data (NumPy,
#      JAX, PyTorch) and finfo/iinfo into $OUT/data and runs the C tests that read them
#      (test_convert_ref, test_binary, test_dtype) on it (TL_TEST_DATA), every SIMD tier;
#   4. loads `typelattice cast`'s .safetensors output with the real safetensors package;
#   5. runs the Python test suite with the reference interpreter, so the live JAX and PyTorch
#      conformance tests run instead of skipping.
#
# Usage: tools/conformance.sh [BUILD_DIR]   (BUILD_DIR defaults to build; run `make` first)
# CONFORMANCE_SEED=N (an integer): every generator draws its random cases from a seed mixed
# with N (REFGEN_SEED), so the run checks cases no committed file holds; the step-3 report then
# lists the random files as differing, as it should.
# Exit status 0 when every check passed. Needs network access to PyPI only for step 1.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$REPO/build}"
DIR="${REFGEN_VENV_DIR:-$REPO/.venv-ref}"
OUT="${CONFORMANCE_OUT:-$REPO/build-conformance}"
export REFGEN_VENV_DIR="$DIR"
if [ -n "${CONFORMANCE_SEED:-}" ]; then
  [[ "$CONFORMANCE_SEED" =~ ^-?[0-9]+$ ]] || { echo "conformance: CONFORMANCE_SEED must be an integer, not '$CONFORMANCE_SEED'" >&2; exit 2; }
  export REFGEN_SEED="$CONFORMANCE_SEED"
  echo "== CONFORMANCE_SEED=$CONFORMANCE_SEED: random cases other than the committed ones"
fi
REF_PY="$DIR/ref/bin/python"
CLI="$BUILD/typelattice"
[ -x "$CLI" ] || { echo "conformance: no CLI at $CLI (run make first)" >&2; exit 2; }

if [ ! -x "$REF_PY" ] || [ ! -x "$DIR/np1/bin/python" ] || [ ! -x "$DIR/ivy/bin/python" ] || ! "$DIR/ref/bin/python" -c "import jax, torch, tensorflow, array_api_strict" 2>/dev/null; then
  echo "== creating the reference environments in $DIR (tools/refgen/setup_venvs.sh)"
  bash "$REPO/tools/refgen/setup_venvs.sh"
fi
"$REF_PY" - <<'PY'
import importlib
mods = ["numpy", "ml_dtypes", "jax", "torch", "tensorflow", "array_api_strict"]
print("== live frameworks: " + ", ".join(
    "%s %s" % (m, importlib.import_module(m).__version__) for m in mods))
PY
"$DIR/np1/bin/python" -c "import numpy, ml_dtypes; print('== and numpy %s, ml_dtypes %s' % (numpy.__version__, ml_dtypes.__version__))"

status=0
rm -rf "$OUT/ref"
mkdir -p "$OUT/ref"
echo "== regenerating the reference cases into $OUT/ref"
REFGEN_OUT="$OUT/ref" bash "$REPO/tools/refgen/gen_all.sh"
echo "== checking $CLI against the live answers"
python3 "$REPO/tools/check_reference.py" --cli "$CLI" "$OUT"/ref/*.tsv || status=1

echo "== regenerated files that differ from the committed tests/data/ref (date lines ignored)"
same=0
for f in "$OUT"/ref/*.tsv; do
  c="$REPO/tests/data/ref/$(basename "$f")"
  if [ ! -f "$c" ]; then echo "  new: $(basename "$f")"; continue; fi
  if diff -q <(grep -v '^#' "$f") <(grep -v '^#' "$c") >/dev/null; then
    same=$((same + 1))
  else
    echo "  differs: $(basename "$f") ($(diff <(grep -v '^#' "$f") <(grep -v '^#' "$c") | grep -c '^[<>]') lines)"
  fi
done
echo "  $same file(s) identical"

echo "== regenerating the conversion, binary-operation and finfo/iinfo data into $OUT/data"
rm -rf "$OUT/data"
mkdir -p "$OUT/data"
for g in gen_convert gen_binary gen_finfo; do
  echo "-- $g.py" >&2
  REFGEN_DATA="$OUT/data" TF_CPP_MIN_LOG_LEVEL=3 PYTHONWARNINGS=ignore JAX_PLATFORMS=cpu \
    "$REF_PY" "$REPO/tools/refgen/$g.py" >/dev/null || { echo "  $g.py failed" >&2; status=1; }
done
echo "== the C tests that read that data, on the regenerated files (TL_TEST_DATA=$OUT/data)"
for t in test_convert_ref test_binary test_dtype; do
  if TL_TEST_DATA="$OUT/data" "$BUILD/tests/$t" >"$OUT/$t.log" 2>&1; then
    echo "  $t: passed (log: $OUT/$t.log)"
  else
    echo "  $t: FAILED (see $OUT/$t.log)"
    status=1
  fi
done
(cd "$OUT/data" && find . -name '*.tsv' | sort) | while read -r f; do
  c="$REPO/tests/data/${f#./}"
  if [ ! -f "$c" ]; then echo "  new: ${f#./}"
  elif ! diff -q <(grep -v '^#' "$OUT/data/$f") <(grep -v '^#' "$c") >/dev/null; then echo "  differs from the committed file: ${f#./}"
  fi
done

echo "== typelattice cast's .safetensors output loaded by the real safetensors package (skipped in make test)"
TL_SAFETENSORS_PYTHON="$REF_PY" bash "$REPO/tests/cli_cast_safetensors_live.sh" "$CLI" "$REPO" || status=1

echo "== the Python tests with the reference interpreter (live JAX / PyTorch conformance)"
PYT="$OUT/python-ref"
rm -rf "$PYT"
"$REF_PY" -m pip install -q --disable-pip-version-check --target "$PYT" --no-deps "$REPO"
"$REF_PY" -m pip install -q --disable-pip-version-check --target "$PYT" pytest hypothesis
(cd "$REPO" && PYTHONPATH="$PYT" "$REF_PY" -m pytest -q -p no:cacheprovider python/tests) || status=1
exit $status
