#!/usr/bin/env bash
# Create the reference environments with the pinned framework versions (all from PyPI):
#   $REFGEN_VENV_DIR/ref  Python >= 3.12: JAX, NumPy 2, ml_dtypes, PyTorch (CPU), TensorFlow,
#                         array-api-strict, safetensors
#   $REFGEN_VENV_DIR/np1  NumPy 1.26 + ml_dtypes 0.5 (Python 3.11: NumPy 1.26 has no 3.13 wheels)
#   $REFGEN_VENV_DIR/ivy  Ivy (numpy backend)
# An environment that already imports its packages at the pinned versions is kept.
# REFGEN_VENV_DIR defaults to <repo>/.venv-ref. Used by `make conformance` and gen_all.sh.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DIR="${REFGEN_VENV_DIR:-$REPO/.venv-ref}"
mkdir -p "$DIR"

# the pins (keep README.md's "Checked against" table in step)
REF_PINS="jax==0.12.0.1 jaxlib==0.12.0.1 numpy==2.5.5 ml_dtypes==0.6.0 torch==2.15.0 tensorflow-cpu==2.21.0 array-api-strict==2.6.1 safetensors==0.8.0"
NP1_PINS="numpy==1.26.4 ml_dtypes==0.5.4"
IVY_PINS="ivy==1.0.0.5 numpy==2.4.6"

find_python() {  # find_python MIN_MINOR MAX_MINOR: first interpreter in that 3.x range
  local lo=$1 hi=$2 c m
  for c in python3.12 python3.13 python3.11 python3 /root/.pyenv/versions/3.1*/bin/python /usr/bin/python3*; do
    command -v "$c" >/dev/null 2>&1 || [ -x "$c" ] || continue
    m=$("$c" -c 'import sys; print(sys.version_info[1] if sys.version_info[0] == 3 else 0)' 2>/dev/null) || continue
    if [ "$m" -ge "$lo" ] && [ "$m" -le "$hi" ]; then echo "$c"; return 0; fi
  done
  return 1
}

make_venv() {  # make_venv NAME PYTHON CHECK PINS...
  local name=$1 py=$2 check=$3; shift 3
  if [ -x "$DIR/$name/bin/python" ] && "$DIR/$name/bin/python" -c "$check" 2>/dev/null; then
    echo "setup_venvs: $DIR/$name is ready"; return 0
  fi
  echo "setup_venvs: creating $DIR/$name with $py: $*"
  rm -rf "$DIR/$name"
  "$py" -m venv "$DIR/$name"
  "$DIR/$name/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
  "$DIR/$name/bin/python" -m pip install -q --disable-pip-version-check "$@"
  "$DIR/$name/bin/python" -c "$check" || { echo "setup_venvs: $name does not import its pinned versions" >&2; return 1; }
  echo "setup_venvs: $DIR/$name created"
}

PY_REF=$(find_python 12 13) || { echo "setup_venvs: need Python 3.12 or 3.13 for JAX 0.12 / NumPy 2.5 (none found)" >&2; exit 1; }
PY_NP1=$(find_python 9 12) || { echo "setup_venvs: need Python 3.9-3.12 for NumPy 1.26 (none found)" >&2; exit 1; }

make_venv ref "$PY_REF" "import jax, numpy, ml_dtypes, torch, tensorflow, array_api_strict, safetensors; assert jax.__version__ == '0.12.0.1' and numpy.__version__ == '2.5.5' and ml_dtypes.__version__ == '0.6.0' and torch.__version__.split('+')[0] == '2.15.0' and tensorflow.__version__ == '2.21.0'" $REF_PINS &
p1=$!
make_venv np1 "$PY_NP1" "import numpy, ml_dtypes; assert numpy.__version__ == '1.26.4' and ml_dtypes.__version__ == '0.5.4'" $NP1_PINS &
p2=$!
make_venv ivy "$PY_NP1" "import ivy, numpy; assert ivy.__version__ == '1.0.0.5' and numpy.__version__ == '2.4.6'" $IVY_PINS &
p3=$!
st=0
wait $p1 || st=1
wait $p2 || st=1
wait $p3 || st=1
exit $st
