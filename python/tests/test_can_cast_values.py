"""tl.can_cast with a value as from_ (Python scalars, NumPy scalars, 0-d arrays): tl_can_cast_operand.

Expected values were recorded live (the statement is next to each): numpy 1.26.4 + ml_dtypes 0.5.4
(.venv-ref/np1), numpy 2.5.5, jax 0.12.0.1, torch 2.15.0, array-api-strict 2.6.1 (.venv-ref/ref),
ivy 1.0.0.5 (.venv-ref/ivy). The live sweep compares with NumPy 1.26 itself when it is the installed
NumPy (it skips otherwise).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import typelattice as tl
from conftest import needs_rules

NEP50 = ("can_cast() does not support Python ints, floats, and complex because the result used to depend on "
         "the value.\nThis change was part of adopting NEP 50, we may explicitly allow them again in the future.")

# (from_, to, casting, np.can_cast in NumPy 1.26.4)
NUMPY1 = [
    (1, "int8", "safe", True), (300, "int16", "safe", True), (300, "int8", "safe", False),
    (-1, "int8", "safe", True), (-1, "uint8", "safe", False), (255, "uint8", "safe", True),
    (128, "int8", "safe", False), (True, "bool", "safe", True), (True, "int8", "safe", True),
    (1, "bool", "safe", False), (1.0, "float32", "safe", True), (1.0, "float16", "safe", True),
    (1e300, "float32", "safe", False), (1.5, "int64", "safe", False), (1j, "complex64", "safe", True),
    (1, "float16", "safe", True), (np.int8(1), "uint8", "safe", True), (np.int8(-1), "uint8", "safe", False),
    (np.array(1000), "int16", "safe", True), (np.array(1000), "int8", "safe", False),
    (1, "int8", "no", True), (1, "uint8", "no", True), (1.5, "int8", "same_kind", False),
    (300, "int8", "same_kind", True), (1e300, "int8", "unsafe", True), (2**63, "int64", "safe", False),
    (2**63, "uint64", "safe", True), (2**64, "float64", "safe", False), (2**64, "float64", "unsafe", True),
    (int, "int32", "safe", False), (np.zeros(2, np.int64), "int8", "safe", False),
]


@needs_rules("numpy1")
@pytest.mark.parametrize("from_, to, casting, want", NUMPY1, ids=repr)
def test_numpy1_can_cast_is_value_based(from_, to, casting, want):
    assert tl.can_cast(from_, to, casting, rules="numpy1") is want


@pytest.mark.parametrize("rules", ["numpy", "jax", "jax.lax"])
@pytest.mark.parametrize("value", [1, 300, True, False, 1.0, 1j, -1, 2**64, 2**200])
def test_numpy2_and_jax_refuse_python_values(rules, value):
    # np.can_cast(300, 'int16') and jnp.can_cast(1, jnp.int32) raise this TypeError
    if rules not in {n for n, _, _ in tl.rules()}:
        pytest.skip(f"rule set {rules!r} is not registered")
    with pytest.raises(TypeError) as e:
        tl.can_cast(value, "int32", rules=rules)
    assert str(e.value) == NEP50
    with pytest.raises(TypeError):
        tl.can_cast(value, "int32", "unsafe", rules=rules)


@pytest.mark.parametrize("rules", ["numpy", "jax"])
def test_numpy2_and_jax_numpy_scalars_and_0d_arrays_by_dtype(rules):
    # numpy 2.5.5 / jax 0.12.0.1: np.can_cast(np.int8(1), 'uint8') False, (np.int8(1), 'int8') True,
    # (np.array(1000), 'int16') False, (np.float64(1.0), 'float32') False; np.can_cast(int, 'int32') False,
    # np.can_cast(bool, 'int8') True (Python types are dtypes)
    assert tl.can_cast(np.int8(1), "uint8", rules=rules) is False
    assert tl.can_cast(np.int8(1), "int8", rules=rules) is True
    assert tl.can_cast(np.array(1000), "int16", rules=rules) is False
    assert tl.can_cast(np.float64(1.0), "float32", rules=rules) is False
    assert tl.can_cast(int, "int32", rules=rules) is False
    assert tl.can_cast(bool, "int8", rules=rules) is True


@needs_rules("torch")
@pytest.mark.parametrize("value, name", [(1, "int"), (1.0, "float"), (True, "bool"), (1j, "complex")])
def test_torch_refuses_python_values(value, name):
    # torch.can_cast(1, torch.int32): TypeError (torch 2.15.0)
    with pytest.raises(TypeError, match=rf"^can_cast\(\): argument 'from_' \(position 1\) must be torch.dtype, not {name}$"):
        tl.can_cast(value, "int32", rules="torch")


@needs_rules("array-api")
def test_array_api_refuses_python_values():
    # array_api_strict.can_cast(1, xp.int32): TypeError "from_=1, but should be an array_api array or dtype"
    for value, text in [(1, "1"), (1.0, "1.0"), (True, "True")]:
        with pytest.raises(TypeError) as e:
            tl.can_cast(value, "int32", rules="array-api")
        assert str(e.value) == f"from_={text}, but should be an array_api array or dtype"


@needs_rules("ivy")
def test_ivy_refuses_python_values():
    # ivy.can_cast(300, 'int8') (numpy backend): IvyBackendException with this text
    with pytest.raises(Exception, match=r"^numpy: can_cast: numpy: promote_types: numpy: as_ivy_dtype: 300$"):
        tl.can_cast(300, "int8", rules="ivy")


def test_can_cast_value_bad_input():
    with pytest.raises(ValueError, match="casting must be one of"):
        tl.can_cast(1, "int8", "sometimes", rules="numpy1")
    with pytest.raises(tl.DTypeError, match="unknown dtype 'int9'"):
        tl.can_cast(1, "int9", rules="numpy1")
    with pytest.raises(TypeError, match="casting must be a str"):
        tl.can_cast(1, "int8", 3, rules="numpy1")
    with pytest.raises(ValueError, match="unknown rule set 'nope'"):
        tl.can_cast(1, "int8", rules="nope")
    with pytest.raises(tl.DTypeError, match="not known to the numpy1 rules"):
        tl.can_cast(1, "complex32", rules="numpy1")


def _numpy_is_1x():
    return np.__version__.startswith("1.")


@pytest.mark.skipif(not _numpy_is_1x(), reason=f"the live sweep needs NumPy 1.x (this is {np.__version__}); "
                    "run it with .venv-ref/np1")
def test_numpy1_live_sweep():
    import ml_dtypes

    ints = [0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32769, 65535, 65536, 2**31, -2**31 - 1,
            2**32, 2**63 - 1, 2**63, -2**63, -2**63 - 1, 2**64 - 1, 2**64, 2**200, -2**200]
    floats = [0.0, -0.0, 1.5, 64999.0, 65000.0, -65000.0, 3.4e38, 3.5e38, 1e300, float("inf"), float("nan")]
    values = ints + floats + [1j, (1 + 2j), complex(3.5e38, 0), complex(0, 3.5e38), True, False]
    for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float16,
              np.float32, np.float64, np.complex64, np.complex128, np.bool_):
        for v in (0, 1, 127, 128, 255, 40000, 70000, 2**40, 1.5, 65000.5, 1e39):
            try:
                x = t(v)
            except (OverflowError, ValueError):
                continue
            values += [x, np.array(x)]
    values += [ml_dtypes.bfloat16(1), np.array(ml_dtypes.int4(1)), np.array(1, ">i4"), np.array(300, ">i2")]
    targets = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
               "float32", "float64", "complex64", "complex128", "bfloat16", "float8_e4m3fn", "int4", ">i4"]
    bad = []
    for v, to, casting in itertools.product(values, targets, ["no", "equiv", "safe", "same_kind", "unsafe"]):
        want = bool(np.can_cast(v, np.dtype(getattr(ml_dtypes, to, None) or to), casting))
        got = tl.can_cast(v, to, casting, rules="numpy1")
        if got is not want:
            bad.append((v, to, casting, want, got))
    assert not bad, bad[:20]
