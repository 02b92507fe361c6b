"""tl.add, tl.subtract, ... on NumPy arrays (issue 17): the C binary operations
(tl_binary_into) with the rule set's promotion, against NumPy's ufuncs (rules='numpy')
and JAX's semantics (the default rule set; live jax.numpy when importable)."""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest

import typelattice as tl
from conftest import REGISTERED, import_or_skip, needs_rules

NUMPY = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float16", "float32", "float64", "complex64", "complex128"]
OPS = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
       "maximum": np.maximum, "minimum": np.minimum, "equal": np.equal, "less": np.less}


def values(name, n, seed):
    rng = np.random.default_rng(seed)
    d = np.dtype(name)
    if d.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if d.kind in "iu":
        info = np.iinfo(d)
        lo, hi = max(int(info.min), -1000), min(int(info.max), 1000)
        return rng.integers(lo, hi, n).astype(d)
    v = rng.standard_normal(n) * 50
    v[:3] = [0.0, -0.0, np.nan] if n >= 3 else v[:3]
    if d.kind == "c":
        v = v + 1j * rng.standard_normal(n)
    return v.astype(d)


def same(got, want):
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape
    if got.dtype.kind in "fc":
        np.testing.assert_array_equal(got, want)  # NaN == NaN here
    else:
        assert (got == want).all()


@needs_rules("numpy")
@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize("a", NUMPY)
def test_numpy_rules_match_numpy_ufuncs(op, a):
    for b in NUMPY:
        x, y = values(a, 7, 1), values(b, 7, 2)
        try:
            with np.errstate(all="ignore"):
                want = OPS[op](x, y)
        except TypeError:
            with pytest.raises(TypeError):
                getattr(tl, op)(x, y, rules="numpy")
            continue
        if op in ("maximum", "minimum") and want.dtype.kind == "c":
            continue  # complex NaN ordering: not compared here
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = getattr(tl, op)(x, y, rules="numpy")
        if want.dtype.kind in "fc" and op in ("divide", "multiply") and want.dtype.itemsize <= 4:
            np.testing.assert_allclose(got.astype(np.complex128), want.astype(np.complex128), rtol=1e-3)
            assert got.dtype == want.dtype
        else:
            same(got, want)


@needs_rules("numpy")
def test_numpy_rules_python_scalars_and_broadcasting():
    x = np.arange(6, dtype=np.int8).reshape(2, 3)
    same(tl.add(x, 1, rules="numpy"), x + 1)
    same(tl.add(x, 1.5, rules="numpy"), x + 1.5)
    same(tl.multiply(x, np.arange(3, dtype=np.uint8), rules="numpy"), x * np.arange(3, dtype=np.uint8))
    same(tl.divide(x, 2, rules="numpy"), x / 2)
    same(tl.less(x[:, :1], x, rules="numpy"), x[:, :1] < x)
    with pytest.raises(OverflowError, match="300"):
        tl.add(x, 300, rules="numpy")


def test_jax_rules_by_default():
    i8 = np.arange(4, dtype=np.int8)
    u8 = np.arange(4, dtype=np.uint8)
    assert tl.add(i8, 1).dtype == np.int8  # weak int keeps int8
    assert tl.add(i8, u8).dtype == np.int16
    assert tl.add(i8, 1.5).dtype == np.float32  # weak float: jax's default float (x64 off)
    assert tl.add(i8, 1.5, x64=True).dtype == np.float64
    assert tl.divide(np.arange(4, dtype=np.int32), 2).dtype == np.float32
    assert tl.add(np.arange(3, dtype=ml_dtypes.bfloat16), 1.0).dtype == ml_dtypes.bfloat16
    assert tl.equal(i8, u8).dtype == np.bool_
    for a in ("int8", "uint8", "float16", "bfloat16", "float32", "int32"):
        for b in ("int8", "uint16", "float16", "bfloat16", "complex64"):
            x = np.zeros(2, tl.dtype(a).numpy)
            y = np.zeros(2, tl.dtype(b).numpy)
            assert tl.add(x, y).dtype == tl.result_type(x, y, op=True).numpy
    same(tl.add(np.array([100, 120], np.int8), 100), np.array([-56, -36], np.int8))  # wraps


def test_against_live_jax():
    import_or_skip("jax")
    import jax.numpy as jnp

    names = ["bool", "int8", "int16", "int32", "uint8", "uint16", "uint32", "float16", "bfloat16", "float32",
             "complex64"]
    for op in OPS:
        for a in names:
            for b in names:
                x = np.ones(3, tl.dtype(a).numpy)
                y = np.ones(3, tl.dtype(b).numpy)
                try:
                    want = np.asarray(getattr(jnp, op)(x, y))
                except TypeError:
                    with pytest.raises(TypeError):
                        getattr(tl, op)(x, y)
                    continue
                got = getattr(tl, op)(x, y)
                assert got.dtype == want.dtype, (op, a, b)
                np.testing.assert_array_equal(got.astype(np.complex128), want.astype(np.complex128))


def test_out_and_zero_d():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    out = np.empty((2, 3), np.float32)
    assert tl.add(x, 1.0, out=out) is out
    same(out, x + 1)
    r = tl.add(np.float32(2), 1.0)
    assert r.shape == () and r.dtype == np.float32 and r == 3
    assert tl.add(2, 3).dtype == np.int32  # two Python ints: jax's weak int32
    # out is an input (same memory and strides): allowed
    tl.multiply(x, 2.0, out=x)
    same(x, np.arange(6, dtype=np.float32).reshape(2, 3) * 2)


def test_out_partially_overlapping_an_input():
    x = np.arange(10, dtype=np.int32)
    tl.add(x[:-1], 1, out=x[1:])
    same(x, np.arange(10, dtype=np.int32))  # x[i+1] = old x[i] + 1, not a running sum
    z = np.arange(10, dtype=np.int32)
    tl.add(z[1:], z[:-1], out=z[:-1])
    same(z, np.array([1, 3, 5, 7, 9, 11, 13, 15, 17, 9], np.int32))
    y = np.arange(10, dtype=np.float32)
    tl.subtract(y[::-1], y, out=y)  # reversed view of out itself
    same(y, (np.arange(10.0)[::-1] - np.arange(10.0)).astype(np.float32))


def test_bad_input():
    x = np.arange(3, dtype=np.int8)
    with pytest.raises(ValueError, match=r"\(3,\).*\(4,\)"):
        tl.add(x, np.arange(4, dtype=np.int8))
    with pytest.raises(TypeError):
        tl.subtract(np.array([True]), np.array([False]))
    with pytest.raises((TypeError, ValueError), match="int16"):
        tl.add(x, x, out=np.empty(3, np.int16))
    with pytest.raises(ValueError):
        tl.add(x, x, out=np.empty(4, np.int8))
    ro = np.zeros(3, np.int8)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        tl.add(x, x, out=ro)
    with pytest.raises(TypeError, match="out must be a numpy.ndarray, not list"):
        tl.add(x, x, out=[0, 0, 0])
    with pytest.raises(TypeError, match="x64 must be True, False or None"):
        tl.add(x, 1, x64="no")
    with pytest.raises(TypeError, match="unexpected keyword argument 'op'"):
        tl.add(x, 1, op=True)
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        tl.add(x, 1, bogus=True)
    with pytest.raises(ValueError, match="unknown rule set"):
        tl.add(x, 1, rules="nope")
    with pytest.raises(OverflowError):
        tl.add(x, 2**40)  # jax: a Python int outside int32
    with pytest.raises(tl.TypePromotionError):
        tl.add(x, np.zeros(3, np.float32), strict=True)
    before = ro.copy()
    assert (ro == before).all()
    with pytest.raises((TypeError, ValueError)):
        tl.add(x, "abc")


def test_python_ints_wrap_under_jax_and_torch():
    """A Python int out of the array's integer range wraps under JAX and PyTorch (recorded from
    jax 0.12.0.1 and torch 2.15.0: jnp.add(uint8 [1, 2], -7) and torch.add are [250, 251]), true
    division takes it as a float (x / -7.0), NumPy 2 raises (NEP 50), JAX beyond its default int."""
    x = np.array([1, 2], np.uint8)
    rule_sets = ["jax"] + (["torch"] if "torch" in REGISTERED else [])
    for rules in rule_sets:
        assert tl.add(x, -7, rules=rules).tolist() == [250, 251]
        assert tl.multiply(300, x, rules=rules).tolist() == [44, 88]
        got = tl.divide(x, -7, rules=rules)
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, np.array([1, 2], np.float32) / np.float32(-7.0))
    if "numpy" in REGISTERED:
        with pytest.raises(OverflowError):
            tl.add(x, -7, rules="numpy")
    with pytest.raises(OverflowError):
        tl.add(x, 2**31)  # JAX, x64 off: beyond int32


def test_jax_bool_array_with_python_scalar_keeps_its_select():
    """jnp.divide(bool [False, True], -7) is [+0, -1/7]: the bool array is not broadcast, so
    XLA's select gives +0 (recorded from jax 0.12.0.1); converting the array first gave -0."""
    got = tl.divide(np.array([False, True]), -7)
    assert got[0] == 0 and not np.signbit(got[0])
    assert got[1] == np.float32(1) / np.float32(-7)  # a 0-d divisor: JAX multiplies by the reciprocal


# ---- scalars as each framework takes them (tl_binary_inputs) ------------------------------------
# Expected values recorded from the live frameworks: NumPy 2.5.5, TensorFlow 2.21.0, PyTorch 2.15.0,
# jax 0.12.0.1 (CPU), Ivy 1.0.0.5.


@needs_rules("numpy")
def test_numpy2_out_of_range_python_int_in_comparisons_and_true_division():
    x = np.array([0, 100, 255], np.uint8)
    assert tl.less(x, 300, rules="numpy").tolist() == [True, True, True]   # np.less(x, 300)
    assert tl.less(300, x, rules="numpy").tolist() == [False, False, False]
    assert tl.equal(x, -1, rules="numpy").tolist() == [False, False, False]
    assert tl.less(-1, x, rules="numpy").tolist() == [True, True, True]
    assert tl.less(x, 2**70, rules="numpy").tolist() == [True, True, True]
    got = tl.divide(x, 300, rules="numpy")                                   # np.true_divide(x, 300)
    assert got.dtype == np.float64 and got.tolist() == [0.0, 100 / 300, 0.85]
    with pytest.raises(OverflowError, match="Python integer 300 out of bounds for uint8"):
        tl.add(x, 300, rules="numpy")


@needs_rules("numpy1")
def test_numpy1_binary_dtype_sees_the_python_int():
    got = tl.add(np.array([1.0], np.float32), -2147483647, rules="numpy1")  # NumPy 1.26.4: float64
    assert got.dtype == np.float64 and got[0] == -2147483646.0


@needs_rules("tensorflow")
def test_tensorflow_wraps_python_ints_and_divides_by_its_table():
    x = np.array([1, 2], np.int8)
    for rules in ("tensorflow", "tensorflow-all"):
        assert tl.add(x, 300, rules=rules).tolist() == [45, 46]             # tf.add(int8 x, 300)
        assert tl.add(np.array([1, 2], np.uint8), -1, rules=rules).tolist() == [0, 1]
        assert tl.divide(np.array([1, 0], np.int32), np.array([2, 2], np.int32), rules=rules).dtype == np.float64
        assert tl.divide(x, x, rules=rules).dtype == np.float32
        assert tl.equal(np.array([True, False]), np.array([True, True]), rules=rules).tolist() == [True, False]
    assert tl.divide(x, 300, rules="tensorflow").tolist() == [np.float32(1) / np.float32(44),
                                                             np.float32(2) / np.float32(44)]
    with pytest.raises(OverflowError, match="Python int 2147483648 too large to convert to np.int32"):
        tl.add(x, 2**31, rules="tensorflow-all")
    with pytest.raises(ValueError, match="Can't convert Python sequence with out-of-range integer"):
        tl.add(x, 2**63, rules="tensorflow")
    with pytest.raises(TypeError, match="Invalid dtype tf.bool in __truediv__"):
        tl.divide(np.array([True]), np.array([True]), rules="tensorflow")
    with pytest.raises(ValueError, match="cannot compute Less as input #1"):
        tl.less(x, np.array([2, 2], np.int16), rules="tensorflow-all")


@needs_rules("torch")
def test_torch_scalars_errors_and_complex_add():
    half = np.array([0.5], np.float16)
    assert tl.multiply(half, 70000.0, rules="torch")[0] == 35008        # opmath float32 scalar
    assert tl.multiply(np.array(70000.0), half, rules="torch")[0] == np.inf  # a 0-d first operand
    assert tl.divide(np.array([1.0], np.float16), 70000.0, rules="torch").view(np.uint16)[0] == 0x00F0
    got = tl.divide(1000, np.array([300], np.int16), rules="torch")    # t.reciprocal() * 1000
    assert got.dtype == np.float32 and got[0] == np.float32(3.3333334922790527)
    got = tl.add(np.array([5 + 6j], np.complex64), np.array([complex(np.nan, 0)], np.complex64), rules="torch")
    assert np.isnan(got[0].real) and np.isnan(got[0].imag)            # a + alpha * b
    with pytest.raises(NotImplementedError, match="Subtraction, the `-` operator, with a bool tensor"):
        tl.subtract(np.array([1], np.int8), True, rules="torch")
    with pytest.raises(TypeError, match="maximum not implemented for complex tensors"):
        tl.maximum(np.array([1j]), np.array([2j]), rules="torch")
    with pytest.raises(NotImplementedError, match="\"lt_cpu\" not implemented for 'ComplexFloat'"):
        tl.less(np.array([1.0], np.float32), 1j, rules="torch")
    assert tl.equal(np.array([1.0], ml_dtypes.bfloat16), 1j, rules="torch").tolist() == [False]


def test_jax_x64_off_arrays_made_32_bit_and_complex_compares():
    assert tl.add(np.array([2**40 + 1], np.int64), 0.0, rules="jax").tolist() == [1.0]
    assert tl.divide(np.array([7], np.int32), 3, rules="jax")[0] == np.float32(7) / np.float32(3)
    assert tl.divide(np.array([1, 2], np.int8), 2, rules="jax", strict=True).tolist() == [0.5, 1.0]
    c = np.complex64
    assert tl.maximum(np.array([complex(np.nan, 0)], c), np.array([1 + 0j], c))[0] == 1 + 0j
    assert tl.minimum(np.array([complex(1, np.nan)], c), np.array([1 + 0j], c))[0] == 1 + 0j
    assert tl.less(np.array([complex(-1, np.nan)], c), np.array([0j], c)).tolist() == [True]


@needs_rules("ivy")
def test_ivy_divide_of_ints_is_float32():
    got = tl.divide(np.array([1, 3], np.int32), np.array([3, 3], np.int32), rules="ivy", precise=True)
    assert got.dtype == np.float32
