#!/usr/bin/env bash
# Recreate the Python environments used by tools/refgen/gen_*.py.
#
#   $REFGEN_VENV_DIR/ref : Python 3.12 + jax, jaxlib, numpy 2, ml_dtypes, array-api-strict,
#                          torch, tensorflow-cpu
#   $REFGEN_VENV_DIR/np1 : Python 3.11 + numpy 1.26, ml_dtypes
#
# REFGEN_VENV_DIR defaults to <repo>/.venv-ref (ignored by git).  The versions are the ones the
# committed tests/data/ref/*.tsv were generated with (see each file's header); override a pin
# with e.g. REFGEN_PIP_EXTRA="jax==X" if needed.  This script records nothing itself.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DIR="${REFGEN_VENV_DIR:-$REPO/.venv-ref}"

pick_python() {  # $1 = minor version, e.g. 3.12
    local p
    for p in /root/.pyenv/versions/"$1".*/bin/python "$HOME"/.pyenv/versions/"$1".*/bin/python; do
        if [ -x "$p" ]; then echo "$p"; return; fi
    done
    if command -v "python$1" >/dev/null 2>&1; then command -v "python$1"; return; fi
    command -v python3
}

PY312="$(pick_python 3.12)"
PY311="$(pick_python 3.11)"
mkdir -p "$DIR"

echo "== $DIR/ref with $PY312"
"$PY312" -m venv "$DIR/ref"
"$DIR/ref/bin/pip" install -q --upgrade pip
"$DIR/ref/bin/pip" install -q \
    jax==0.12.0.1 jaxlib==0.12.0.1 numpy==2.5.5 ml_dtypes==0.6.0 array-api-strict==2.6.1 \
    ${REFGEN_PIP_EXTRA:-}
"$DIR/ref/bin/pip" install -q torch==2.15.0
"$DIR/ref/bin/pip" install -q tensorflow-cpu==2.21.0
# tensorflow must not have changed numpy / ml_dtypes / jax
"$DIR/ref/bin/python" - <<'PY'
import numpy, ml_dtypes, jax
assert numpy.__version__ == "2.5.5", numpy.__version__
assert ml_dtypes.__version__ == "0.6.0", ml_dtypes.__version__
print("ref ok:", numpy.__version__, ml_dtypes.__version__, jax.__version__)
PY

echo "== $DIR/np1 with $PY311"
"$PY311" -m venv "$DIR/np1"
"$DIR/np1/bin/pip" install -q --upgrade pip
"$DIR/np1/bin/pip" install -q numpy==1.26.4 ml_dtypes==0.5.4
"$DIR/np1/bin/python" -c "import numpy, ml_dtypes; print('np1 ok:', numpy.__version__, ml_dtypes.__version__)"
