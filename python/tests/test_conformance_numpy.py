"""Live conformance with NumPy (numpy + ml_dtypes are in the repo venv): can_cast,
promote_types and result_type over all pairs and random operand lists."""

from __future__ import annotations

import warnings

import ml_dtypes  # noqa: F401 - registers the ml_dtypes types with NumPy
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import typelattice as tl

from conftest import BIN_SHAPES, REGISTERED, assert_binary_values_same, draw_binary_operand, needs_rules, outcome

NP_NAMES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
            "float16", "float32", "float64", "complex64", "complex128"]
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]


def _np2():
    return int(np.__version__.split(".")[0]) >= 2


def _cast_rules():
    """Rule sets whose can_cast is NumPy 2's: numpy itself and jax (jnp.can_cast)."""
    return [r for r in ("numpy", "jax") if r in REGISTERED]


@pytest.mark.skipif(not _np2(), reason="needs NumPy 2 (the numpy rule set is NumPy 2's)")
@pytest.mark.parametrize("rules", _cast_rules())
@pytest.mark.parametrize("casting", CASTINGS)
def test_can_cast_all_pairs(rules, casting):
    bad = []
    for a in NP_NAMES:
        for b in NP_NAMES:
            for oa in ("<", ">") if casting in ("no", "equiv") else ("=",):
                da = np.dtype(a).newbyteorder(oa) if oa != "=" else np.dtype(a)
                want = np.can_cast(da, np.dtype(b), casting)
                got = tl.can_cast(da, np.dtype(b), casting, rules=rules)
                if got != want:
                    bad.append((str(da), b, want, got))
    assert not bad, bad[:10]


@needs_rules("numpy")
def test_promote_types_all_pairs():
    names = [n for n in NP_NAMES if n in tl.rules_dtypes("numpy")]
    bad = []
    for a in names:
        for b in names:
            want = outcome(np.promote_types, a, b)
            got = outcome(tl.promote_types, a, b, rules="numpy")
            if want[0] != got[0] or (want[0] == "ok" and str(want[1]) != got[1]):
                bad.append((a, b, want, got))
    assert not bad, bad[:10]


def _np_operand():
    names = st.sampled_from(NP_NAMES)
    return st.one_of(
        names.map(np.dtype),
        names.map(lambda n: np.zeros(2, n)),
        names.map(lambda n: np.zeros((), n)),
        names.map(lambda n: np.dtype(n).type(1)),
        st.integers(-300, 300),
        st.floats(-1e5, 1e5),
        st.complex_numbers(max_magnitude=10),
        st.booleans(),
    )


def _compare(ops, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = outcome(np.result_type, *ops)
    got = outcome(tl.result_type, *ops, rules="numpy", **kw)
    assert want[0] == got[0], (ops, want, got)
    if want[0] == "ok":
        assert str(want[1]) == got[1], (ops, want, got)


@needs_rules("numpy")
@pytest.mark.skipif(not _np2(), reason="needs NumPy 2 (NEP 50)")
@given(st.lists(_np_operand(), min_size=1, max_size=5))
def test_result_type_random_operand_lists(ops):
    _compare(ops)


@needs_rules("numpy")
@pytest.mark.skipif(not _np2(), reason="needs NumPy 2 (NEP 50)")
def test_result_type_all_pairs_of_arrays_and_python_scalars():
    scalars = [True, 1, -1, 300, 2**40, 1.5, 1e300, 1j]
    for a in NP_NAMES:
        for s in scalars:
            _compare([np.zeros(2, a), s])
            _compare([np.dtype(a).type(0), s])


# ---- binary operations: values, against NumPy's ufuncs --------------------------------------
# NumPy's own real dtypes and bfloat16, shapes that broadcast each way, values with subnormals,
# zeros, infinities and NaNs; bit-identical results wanted.
_BIN_DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "int64", "uint64", "float16", "float32",
               "float64"]
_NP_OPS = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
           "maximum": np.maximum, "minimum": np.minimum, "equal": np.equal, "less": np.less}


@needs_rules("numpy")
@given(da=st.sampled_from(_BIN_DTYPES), db=st.sampled_from(_BIN_DTYPES), shapes=st.sampled_from(BIN_SHAPES),
       op=st.sampled_from(sorted(_NP_OPS)), data=st.data())
def test_binary_values_match_numpy(da, db, shapes, op, data):
    if not _np2():
        return  # the numpy rule set is NumPy 2's (NEP 50)

    a, b = draw_binary_operand(data, da, shapes[0]), draw_binary_operand(data, db, shapes[1])
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = np.asarray(_NP_OPS[op](a, b))
    except TypeError:
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = getattr(tl, op)(a, b, rules="numpy")
    assert_binary_values_same(op, got, want, (op, da, db, shapes, a, b))
