"""promote_types, result_type, can_cast, rules: unit tests and bad input."""

from __future__ import annotations

import numpy as np
import re

import pytest

import typelattice as tl

from conftest import REGISTERED, needs_rules


# ---- rules() ----------------------------------------------------------------------

def test_rules_lists_name_description_checked_against():
    rs = tl.rules()
    assert rs and all(isinstance(t, tuple) and len(t) == 3 for t in rs)
    names = [r[0] for r in rs]
    assert "jax" in names and "jax.lax" in names
    assert all(all(isinstance(x, str) and x for x in t) for t in rs)


def test_rules_dtypes():
    ds = tl.rules_dtypes("jax")
    assert all(isinstance(d, tl.dtype) for d in ds)
    assert ds[-3:] == ["int*", "float*", "complex*"]
    with pytest.raises(ValueError, match="unknown rule set 'nope'"):
        tl.rules_dtypes("nope")


# ---- promote_types ---------------------------------------------------------------

@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("int8", "uint8", "int16"), ("bfloat16", "float16", "float32"), ("bool", "int8", "int8"),
        ("int8", "float16", "float16"), ("uint32", "int32", "int32"), ("complex64", "float64", "complex128"),
        (int, "int8", "int8"), (float, "int32", "float64"), ("float32", float, "float32"),
        (np.int8, np.dtype("uint8"), "int16"),
    ],
)
def test_promote_types_jax(a, b, expected):
    r = tl.promote_types(a, b)
    assert isinstance(r, tl.dtype) and r == expected
    assert tl.promote_types(a, b, rules="jax") == expected


def test_promote_types_returns_singletons():
    assert tl.promote_types("int8", "uint8") is tl.dtype("int16")


def test_promote_types_errors_are_the_frameworks():
    with pytest.raises(tl.TypePromotionError, match="have no available implicit dtype promotion path") as e:
        tl.promote_types("float8_e4m3fn", "float8_e5m2")
    assert isinstance(e.value, ValueError)
    with pytest.raises(tl.TypePromotionError, match="jax_numpy_dtype_promotion=strict"):
        tl.promote_types("int8", "int16", strict=True)


# NumPy's promotion errors are numpy.exceptions.DTypePromotionError, a TypeError. Messages and class recorded
# live: numpy 2.5.5 + ml_dtypes 0.6.0 (.venv-ref/ref) and numpy 1.26.4 + ml_dtypes 0.5.4 (.venv-ref/np1) give the
# same texts for np.promote_types(bfloat16, float8_e4m3fn) and np.result_type(bfloat16, float8_e4m3fn);
# np.result_type(ml_dtypes.complex32, np.uint32) is numpy 2.5.5's (ml_dtypes 0.5.4 has no complex32).
NP_NO_COMMON = ("The DTypes <class 'numpy.dtype[bfloat16]'> and <class 'numpy.dtype[float8_e4m3fn]'> do not have "
                "a common DType. For example they cannot be stored in a single array unless the dtype is `object`.")
NP_NOT_PROMOTED = ("The DType <class 'numpy.dtype[{a}]'> could not be promoted by <class '{b}'>. This means that no "
                   "common DType exists for the given inputs. For example they cannot be stored in a single array "
                   "unless the dtype is `object`. The full list of DTypes is: (<class 'numpy.dtype[{a}]'>, "
                   "<class '{b}'>)")


@pytest.mark.parametrize("rules", ["numpy", "numpy1"])
def test_numpy_promotion_errors_are_dtype_promotion_error(rules):
    if rules not in REGISTERED:
        pytest.skip(f"rule set {rules!r} is not registered")
    with pytest.raises(tl.DTypePromotionError) as e:
        tl.promote_types("bfloat16", "float8_e4m3fn", rules=rules)
    assert str(e.value) == NP_NO_COMMON
    # NumPy's class is a TypeError; it is a tl.TypePromotionError (a ValueError) as well
    assert isinstance(e.value, TypeError) and isinstance(e.value, tl.TypePromotionError)
    assert isinstance(e.value, ValueError)
    with pytest.raises(tl.DTypePromotionError) as e:
        tl.result_type("bfloat16", "float8_e4m3fn", rules=rules)
    assert str(e.value) == NP_NOT_PROMOTED.format(a="bfloat16", b="numpy.dtype[float8_e4m3fn]")
    with pytest.raises(TypeError):  # caught as NumPy's class is
        tl.promote_types("float8_e4m3fn", "bfloat16", rules=rules)


@needs_rules("numpy")
def test_numpy2_complex32_uint32_is_dtype_promotion_error():
    with pytest.raises(tl.DTypePromotionError) as e:
        tl.result_type("complex32", "uint32", rules="numpy")
    assert str(e.value) == NP_NOT_PROMOTED.format(a="complex32", b="numpy.dtypes.UInt32DType")


def test_dtype_promotion_error_class():
    assert issubclass(tl.DTypePromotionError, tl.TypePromotionError)
    assert issubclass(tl.DTypePromotionError, TypeError)
    assert tl.DTypePromotionError.__module__ == "typelattice" and "DTypePromotionError" in tl.__all__
    # other frameworks' promotion errors stay plain tl.TypePromotionError (JAX's class is not a TypeError)
    with pytest.raises(tl.TypePromotionError) as e:
        tl.promote_types("float8_e4m3fn", "float8_e5m2", rules="jax")
    assert not isinstance(e.value, tl.DTypePromotionError) and not isinstance(e.value, TypeError)


def test_promote_types_bad_arguments():
    with pytest.raises(TypeError, match="takes 2 positional arguments"):
        tl.promote_types("int8")
    with pytest.raises(TypeError, match="takes 2 positional arguments"):
        tl.promote_types("int8", "int8", "int8")
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        tl.promote_types("int8", "int8", bogus=1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'casting'"):
        tl.promote_types("int8", "int8", casting="safe")
    with pytest.raises(ValueError, match=r"unknown rule set 'nope' \(known: "):
        tl.promote_types("int8", "int8", rules="nope")
    with pytest.raises(TypeError, match="rules must be a rule-set name"):
        tl.promote_types("int8", "int8", rules=3)
    with pytest.raises(tl.DTypeError, match="unknown dtype 'int9'"):
        tl.promote_types("int9", "int8")
    with pytest.raises(tl.DTypeError):
        tl.promote_types(object(), "int8")


def test_promote_types_options_and_memo_do_not_leak_between_configs():
    # the extension memoises answers per configuration: alternate configurations
    for _ in range(3):
        assert tl.promote_types("int8", "int8") == "int8"
        with pytest.raises(tl.TypePromotionError):
            tl.promote_types("int8", "int16", strict=True)
        assert tl.promote_types("int8", "int16") == "int16"


@pytest.mark.parametrize("rules", sorted(REGISTERED))
def test_every_rule_set_answers_or_raises_cleanly(rules):
    ds = tl.rules_dtypes(rules)
    for a in ds:
        for b in ds:
            try:
                r = tl.promote_types(a, b, rules=rules)
            except (ValueError, TypeError, OverflowError, RuntimeError, NotImplementedError) as e:
                assert str(e)
            else:
                assert isinstance(r, tl.dtype)


# ---- result_type -----------------------------------------------------------------

class _Array:
    def __init__(self, dtype, ndim=1, weak_type=None):
        self.dtype = dtype
        self.ndim = ndim
        if weak_type is not None:
            self.weak_type = weak_type


def test_result_type_dtypes_and_weak_flag():
    assert tl.result_type("int8", "uint8") == "int16"
    assert tl.result_type("bfloat16", 1.0, return_weak_type_flag=True) == ("bfloat16", False)
    assert tl.result_type(1.0, return_weak_type_flag=True) == ("float32", True)
    assert tl.result_type(1, 2.0) == "float32"
    assert tl.result_type(1, 2.0, x64=True) == "float64"
    assert tl.result_type(True) == "bool"
    assert tl.result_type(1j) == "complex64"
    r = tl.result_type("int8", return_weak_type_flag=True)
    assert isinstance(r, tuple) and r[0] is tl.dtype("int8") and r[1] is False


def test_result_type_numpy_operands():
    a = np.zeros(3, np.float16)
    assert tl.result_type(a, 2.0) == "float16"
    assert tl.result_type(np.zeros((), np.int8), np.float32(1)) == "float32"
    assert tl.result_type(np.int8(1), np.uint8(1)) == "int16"
    assert tl.result_type(np.float32, np.int64) == "float32"


def test_result_type_duck_typed_arrays_and_weak_type():
    assert tl.result_type(_Array(np.dtype("float32"), ndim=0, weak_type=True), "bfloat16") == "bfloat16"
    assert tl.result_type(_Array(np.dtype("float32"), ndim=0, weak_type=False), "bfloat16") == "float32"
    assert tl.result_type(_Array(np.dtype("float32"), weak_type=True), return_weak_type_flag=True) == (
        "float32", True)


def test_result_type_operand_grammar_strings():
    assert tl.result_type("weak:float32", "bfloat16") == "bfloat16"
    assert tl.result_type("py:int:300", "int8") == "int8"
    with pytest.raises(ValueError):
        tl.result_type("weak:", "int8")
    with pytest.raises(ValueError, match="unknown prefix"):
        tl.result_type("bogus:int8")


def test_result_type_python_int_values_in_op_mode():
    # jnp.add(x, y)'s jit argument parser (JAX 0.12): the path and the exact value
    def jit_msg(path, v):
        return re.escape("An overflow was encountered while parsing an argument to a jitted computation, "
                         f"whose argument path is {path}. Got <class 'int'> with value {v}")
    assert tl.result_type("int8", 2**31 - 1, op=True) == "int8"
    with pytest.raises(OverflowError, match=jit_msg("y", 2**31)):
        tl.result_type("int8", 2**31, op=True)
    with pytest.raises(OverflowError, match=jit_msg("x", 2**100)):
        tl.result_type(2**100, "int8", op=True)
    # beyond 128 bits: still the exact number in the message
    with pytest.raises(OverflowError, match=jit_msg("y", 2**200)):
        tl.result_type("int8", 2**200, op=True)
    with pytest.raises(OverflowError, match=jit_msg("xs[2]", -(2**200))):
        tl.result_type("int8", "int8", -(2**200), op=True)
    assert tl.result_type("int8", 2**200) == "int8"  # not an operation: no value check


def test_result_type_numpy_object_is_an_answer():
    # np.result_type(2**64) is dtype('O'): typelattice answers Python's `object`
    assert tl.result_type(2**64, rules="numpy") is object
    assert tl.result_type("int8", "int8", 2**300, rules="numpy1") is object
    assert tl.result_type("int8", "int8", 1, rules="numpy1") == "int8"


def test_result_type_many_operands_use_the_heap_path():
    ops = ["int8"] * 40 + ["uint8"]
    assert tl.result_type(*ops) == "int16"
    assert tl.result_type(*(["float16"] * 200)) == "float16"


def test_result_type_errors():
    with pytest.raises(ValueError, match="at least one array or dtype is required"):
        tl.result_type()
    with pytest.raises(tl.TypePromotionError):
        tl.result_type("float8_e4m3fn", "float8_e5m2")
    with pytest.raises(TypeError, match="unexpected keyword argument"):
        tl.result_type("int8", casting="safe")
    with pytest.raises(tl.DTypeError):
        tl.result_type(object())
    with pytest.raises(ValueError, match="default_dtype must be a floating dtype"):
        tl.result_type("int8", default_dtype="int8")


def test_result_type_int_subclasses_are_python_scalars():
    import enum

    class E(enum.IntEnum):
        A = 1

    assert tl.result_type("int8", E.A) == "int8"


# ---- can_cast --------------------------------------------------------------------

@pytest.mark.parametrize(
    "a, b, casting, expected",
    [
        ("float32", "float64", "safe", True), ("float64", "float32", "safe", False),
        ("float64", "float32", "same_kind", True), ("float64", "int8", "same_kind", False),
        ("float64", "int8", "unsafe", True), ("int8", "int8", "no", True), ("int8", "int16", "equiv", False),
    ],
)
def test_can_cast_jax_rules(a, b, casting, expected):
    assert tl.can_cast(a, b, casting, rules="jax") is expected
    assert tl.can_cast(a, b, casting=casting, rules="jax") is expected
    assert tl.can_cast(a, b, casting, rules="jax") == np.can_cast(a, b, casting)


def test_can_cast_bad_input():
    with pytest.raises(ValueError, match="casting must be one of"):
        tl.can_cast("int8", "int16", "sometimes", rules="jax")
    with pytest.raises(TypeError, match="casting must be a str"):
        tl.can_cast("int8", "int16", 3, rules="jax")
    with pytest.raises(TypeError, match="multiple values for argument 'casting'"):
        tl.can_cast("int8", "int16", "safe", casting="safe", rules="jax")
    with pytest.raises(TypeError, match="takes 2 or 3 positional arguments"):
        tl.can_cast("int8")
    with pytest.raises(tl.DTypeError):
        tl.can_cast("int9", "int8", rules="jax")


def test_can_cast_defaults_to_jax_rules_as_promotion():
    # one default for every function: JAX's (jax has no complex32, numpy's tables do)
    assert tl.get_config()["rules"] == "jax"
    assert tl.promote_types("int8", "uint8") == tl.promote_types("int8", "uint8", rules="jax")
    assert tl.can_cast("int8", "int16") is True
    with pytest.raises(tl.DTypeError):
        tl.can_cast("int8", "complex32", rules="jax")
    with pytest.raises(tl.DTypeError):
        tl.can_cast("int8", "complex32")
    if "numpy" in REGISTERED:
        assert tl.can_cast("int8", "complex32", rules="numpy") is True
        with tl.config(rules="numpy"):
            assert tl.can_cast("int8", "complex32") is True


@needs_rules("numpy")
def test_can_cast_numpy_rules_smoke():
    assert tl.can_cast("int64", "float64", rules="numpy") == np.can_cast("int64", "float64")


@pytest.mark.parametrize("v", [2**128, 2**128 + 7, 2**129, -2**128 - 5, 10**39 - 1, 2**200, -2**300])
def test_big_python_ints_are_named_by_their_value(v):
    """Ints of more than 128 bits are held clamped; the error names the int itself (2**128 has
    39 digits, as 2**128-1 does, so the digits' length cannot tell them apart)."""
    with pytest.raises(OverflowError) as e:
        tl.result_type(np.int8(1), v, rules="jax", op=True)
    assert str(abs(v)) in str(e.value)
    with pytest.raises(OverflowError) as e:
        tl.add(np.zeros(2, np.int8), v, rules="jax")
    assert str(abs(v)) in str(e.value)
