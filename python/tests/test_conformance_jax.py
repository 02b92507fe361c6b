"""Live conformance with JAX (skipped unless jax is importable: run
`make conformance`, see docs/python.md)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import BIN_SHAPES, assert_binary_values_same, draw_binary_operand, import_or_skip, outcome

jax = import_or_skip("jax")
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import typelattice as tl  # noqa: E402

JAX_DTYPES = [d for d in tl.rules_dtypes("jax") if not d.weak and hasattr(jnp, str(d))]


@contextlib.contextmanager
def jax_x64(flag):
    """jax_enable_x64 set to `flag` for the block (restored afterwards)."""
    old = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", flag)
    try:
        yield
    finally:
        jax.config.update("jax_enable_x64", old)


@pytest.fixture(params=[False, True], ids=["x32", "x64"])
def x64(request):
    with jax_x64(request.param):
        yield request.param


def _same(want, got):
    if want[0] != got[0]:
        return False
    if want[0] == "error":
        return type(got[1]).__name__ in ("TypePromotionError", "OverflowError", "TypeError", "ValueError")
    return str(np.dtype(want[1][0]) if isinstance(want[1], tuple) else np.dtype(want[1])) == (
        got[1][0] if isinstance(got[1], tuple) else got[1]) and (
        not isinstance(want[1], tuple) or bool(want[1][1]) == got[1][1])


@pytest.mark.parametrize("strict", [False, True], ids=["standard", "strict"])
def test_promote_types_all_pairs(x64, strict):
    bad = []
    with jax.numpy_dtype_promotion("strict" if strict else "standard"):
        for a in JAX_DTYPES + [int, float, complex]:
            for b in JAX_DTYPES:
                ja = getattr(jnp, str(a)) if isinstance(a, str) else a
                want = outcome(jnp.promote_types, ja, getattr(jnp, str(b)))
                got = outcome(tl.promote_types, a, b, rules="jax", x64=x64, strict=strict)
                if not _same(want, got):
                    bad.append((a, b, want, got))
    assert not bad, bad[:10]


def _jax_operand():
    dts = st.sampled_from(JAX_DTYPES)
    return st.one_of(
        dts.map(lambda d: jnp.dtype(str(d))),
        dts.map(lambda d: jnp.zeros(2, str(d))),
        st.sampled_from([jnp.asarray(1.0), jnp.asarray(1), jnp.asarray(1j)]),  # weakly typed
        st.integers(-(2**31), 2**31 - 1),
        st.floats(-1e30, 1e30),
        st.complex_numbers(max_magnitude=10),
        st.booleans(),
        st.sampled_from([int, float, complex, bool]),
    )


@given(ops=st.lists(_jax_operand(), min_size=1, max_size=5), x64=st.booleans())
def test_result_type_random_operand_lists(ops, x64):
    with jax_x64(x64):
        want = outcome(jax.dtypes.result_type, *ops, return_weak_type_flag=True)
    got = outcome(tl.result_type, *ops, rules="jax", x64=x64, return_weak_type_flag=True)
    assert _same(want, got), (ops, want, got)


@given(ops=st.lists(_jax_operand(), min_size=1, max_size=4))
def test_result_type_strict(ops):
    with jax.numpy_dtype_promotion("strict"):
        want = outcome(jax.dtypes.result_type, *ops, return_weak_type_flag=True)
    got = outcome(tl.result_type, *ops, rules="jax", strict=True, return_weak_type_flag=True,
                  x64=bool(jax.config.jax_enable_x64))
    assert _same(want, got), (ops, want, got)


NUMPY_NATIVE = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "float32", "float64", "complex64", "complex128"}


def _can_cast_mismatches(dtypes):
    bad = []
    for a in dtypes:
        for b in dtypes:
            for casting in ("safe", "same_kind"):
                want = outcome(jnp.can_cast, jnp.dtype(str(a)), jnp.dtype(str(b)), casting)
                got = outcome(tl.can_cast, a, b, casting, rules="jax")
                if want != got and not (want[0] == got[0] == "error"):
                    bad.append((a, b, casting, want, got))
    return bad


def test_can_cast_all_pairs_of_numpy_dtypes():
    bad = _can_cast_mismatches([d for d in JAX_DTYPES if d in NUMPY_NATIVE])
    assert not bad, bad[:10]


def test_can_cast_all_pairs_with_ml_dtypes():
    bad = _can_cast_mismatches(JAX_DTYPES)
    assert not bad, f"{len(bad)} mismatches, e.g. {bad[:5]}"


def test_weak_jax_arrays_are_read_as_weak():
    assert tl.result_type(jnp.asarray(1.0), return_weak_type_flag=True)[1] is True
    assert tl.result_type(jnp.asarray(1.0), "bfloat16") == "bfloat16"
    assert tl.dtype(jnp.bfloat16) == "bfloat16"
    assert tl.dtype(jnp.zeros(2, jnp.int4)) == "int4"


# ---- binary operations: values, against jnp on the CPU ---------------------------------------
# Real dtypes (complex products and quotients are compared within tolerance by
# tests/test_binary.c; here the values must be bit-identical), shapes that broadcast each way,
# values with subnormals, zeros, infinities and NaNs: XLA's flushing, its bool select and its
# division by a broadcast divisor (docs/arrays.md) are what this checks, on cases drawn anew.
_BIN_DTYPES = ["bool", "int8", "uint8", "int16", "int32", "float16", "bfloat16", "float32", "float64"]


def _np_dtype(name):
    import ml_dtypes
    return np.dtype(getattr(ml_dtypes, name, None) or name)


@given(da=st.sampled_from(_BIN_DTYPES), db=st.sampled_from(_BIN_DTYPES), shapes=st.sampled_from(BIN_SHAPES),
       op=st.sampled_from(["add", "subtract", "multiply", "divide", "maximum", "minimum", "equal", "less"]),
       x64=st.booleans(), data=st.data())
def test_binary_values_match_jnp(da, db, shapes, op, x64, data):
    if (da == "float64" or db == "float64") and not x64:
        return  # JAX would canonicalise to float32
    a, b = draw_binary_operand(data, da, shapes[0]), draw_binary_operand(data, db, shapes[1])
    with jax_x64(x64):
        try:
            want = np.asarray(getattr(jnp, op)(jnp.asarray(a), jnp.asarray(b)))
        except Exception:
            return
    got = getattr(tl, op)(a, b, rules="jax", x64=x64)
    tiny = np.finfo(np.float32).tiny if got.dtype == _np_dtype("bfloat16") else 0.0  # flushed or not
    assert_binary_values_same(op, got, want, (op, da, db, shapes, a, b), zero_below=tiny)
