#!/usr/bin/env bash
# Regenerate every tests/data/ref/*.tsv from the real frameworks.
#
# Interpreters: $REF_PY (default $REFGEN_VENV_DIR/ref/bin/python), $NP1_PY (default
# $REFGEN_VENV_DIR/np1/bin/python) and $IVY_PY (default $REFGEN_VENV_DIR/ivy/bin/python,
# ivy 1.0.0.5); REFGEN_VENV_DIR defaults to <repo>/.venv-ref
# (create it with tools/refgen/setup_venvs.sh).  Output directory: $REFGEN_OUT (default
# tests/data/ref).  All generators use fixed seeds, so reruns give the same cases (only the
# date header line changes).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
DIR="${REFGEN_VENV_DIR:-$REPO/.venv-ref}"
REF_PY="${REF_PY:-$DIR/ref/bin/python}"
NP1_PY="${NP1_PY:-$DIR/np1/bin/python}"
IVY_PY="${IVY_PY:-$DIR/ivy/bin/python}"
export TF_CPP_MIN_LOG_LEVEL=3 PYTHONWARNINGS=ignore JAX_PLATFORMS=cpu PYTHONHASHSEED=0

run() {  # quiet framework log spam, keep our own summary lines and tracebacks
    # A generator killed by a signal is run again, twice at most: TensorFlow 2.21 now and
    # then aborts in its tensor-handle cache (pywrap_tensor_conversion.h "Check failed:
    # !PyErr_Occurred()") on a run that succeeds when repeated. An ordinary failure (exit
    # status 1, a Python exception) is not retried.
    local try rc
    for try in 1 2 3; do
        echo "-- $*" >&2
        rc=0
        "$@" 2> >(grep -v -E '^(I0000|W0000|E0000|WARNING: All log messages)' >&2) || rc=$?
        [ "$rc" -le 128 ] && return "$rc"
        echo "-- killed by signal $((rc - 128)) (try $try of 3)" >&2
    done
    return "$rc"
}

run "$REF_PY" "$HERE/gen_numpy.py"
run "$NP1_PY" "$HERE/gen_numpy.py"
run "$REF_PY" "$HERE/gen_jax.py"
run "$REF_PY" "$HERE/gen_torch.py"
run "$REF_PY" "$HERE/gen_array_api.py"
for mode in classic all safe; do  # each also writes tensorflow[-MODE]-fn.tsv (tf.add)
    run "$REF_PY" "$HERE/gen_tensorflow.py" "$mode"
done
run "$IVY_PY" "$HERE/gen_ivy.py"
run "$IVY_PY" "$HERE/gen_ivy_support.py"  # tests/data/support/ivy.txt, ivy-numpy-live.tsv
wait
du -ch "${REFGEN_OUT:-$REPO/tests/data/ref}"/*.tsv | tail -1 >&2
