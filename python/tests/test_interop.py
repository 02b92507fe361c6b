"""tl.dtype with NumPy, ml_dtypes, PyTorch and JAX objects (issue 17): equality and
hashing consistent with NumPy dtypes, conversions both ways, Array API isdtype with
tuples, NUL-free bounded name parsing, bool-only options, one default rule set."""

from __future__ import annotations

import gc
import tracemalloc

import ml_dtypes
import numpy as np
import pytest

import typelattice as tl
from conftest import import_or_skip

# Every storage dtype of the catalogue that NumPy or ml_dtypes has (from the library,
# not a list here: dtypes added to the catalogue are covered when ml_dtypes has them).
STORAGE = [d for d in tl.DTYPES if not d.weak]


def _np_or_none(d):
    name = str(d)
    t = getattr(ml_dtypes, name, None)
    if isinstance(t, type):
        return np.dtype(t)
    try:
        r = np.dtype(name)
    except TypeError:
        return None
    return r if r.name == name else None


WITH_NUMPY = [d for d in STORAGE if _np_or_none(d) is not None]
WITHOUT_NUMPY = [d for d in tl.DTYPES if d.weak or _np_or_none(d) is None]


@pytest.mark.parametrize("d", WITH_NUMPY, ids=str)
def test_equal_and_hash_equal_to_the_numpy_dtype(d):
    npd = _np_or_none(d)
    assert d.numpy == npd and d.numpy is d.numpy
    # both directions, dtype and scalar type
    assert d == npd and npd == d and not (d != npd)
    assert d == npd.type and npd.type == d
    assert hash(d) == hash(npd)
    table = {npd: "hit"}
    assert table[d] == "hit" and d in table
    assert {d: 1}[npd] == 1
    assert d.type is npd.type and d.char == npd.char and d.str == npd.str
    assert d.itemsize == npd.itemsize
    # and back
    assert tl.dtype(npd) is d and tl.dtype(npd.type) is d and tl.dtype(d.numpy) is d


def test_numpy_float16_example_from_the_issue():
    r = tl.result_type("float16", 1.0)
    assert r == np.float16 and r == np.dtype("float16")
    assert {np.dtype("float16"): "half"}[r] == "half"
    assert r.type is np.float16 and r.char == "e" and r.str == "<f2" and r.itemsize == 2
    assert np.zeros(2, dtype=r.numpy).dtype == np.float16
    assert np.zeros(2, dtype=r).dtype == np.float16  # the name works as a NumPy dtype argument


def test_unequal_to_other_dtypes_and_byte_orders():
    f2 = tl.dtype("float16")
    assert f2 != np.dtype("float32") and f2 != np.float32 and f2 != ml_dtypes.bfloat16
    assert f2 != np.dtype(">f2")  # NumPy: np.dtype('>f2') != np.dtype('<f2')
    assert tl.dtype("bfloat16") != np.dtype("float16")
    assert f2 != 3 and f2 != None and f2 != object()  # noqa: E711
    assert f2 != tl.dtype("float32")
    # strings compare as the canonical name (as before)
    assert f2 == "float16" and f2 != "f2"


@pytest.mark.parametrize("d", WITHOUT_NUMPY, ids=str)
def test_dtypes_numpy_lacks_hash_as_their_name_and_say_so(d):
    assert hash(d) == hash(str(d))
    with pytest.raises(tl.DTypeError, match=str(d).replace("*", r"\*")):
        d.numpy
    with pytest.raises(tl.DTypeError):
        d.type
    with pytest.raises(tl.DTypeError):
        d.str


def test_hash_is_stable_and_weak_kinds_are_unequal_to_numpy():
    d = tl.dtype("int32")
    assert hash(d) == hash(d) == hash(tl.dtype("i4"))
    assert tl.dtype("int*") != np.dtype("int64")


def test_astype_and_dict_round_trip_with_ml_dtypes_arrays():
    x = np.arange(4, dtype=ml_dtypes.bfloat16)
    assert tl.dtype(x) == x.dtype and {x.dtype: 1}[tl.dtype(x)] == 1


# ---- torch / jax --------------------------------------------------------------------------


def test_torch_round_trip():
    torch = import_or_skip("torch")
    r = tl.result_type("float16", 1.0)
    z = torch.zeros(2, dtype=r.torch)
    assert z.dtype is torch.float16
    n = 0
    for d in STORAGE:
        t = getattr(torch, str(d), None)
        if isinstance(t, torch.dtype):
            assert d.torch is t and tl.dtype(t) is d and d == t
            n += 1
        else:
            with pytest.raises(tl.DTypeError, match="torch .* has no dtype"):
                d.torch
    assert n >= 12
    with pytest.raises(tl.DTypeError):
        tl.dtype("float*").torch


def test_jax_round_trip():
    import_or_skip("jax")
    import jax.numpy as jnp

    r = tl.result_type("bfloat16", 1.0)
    assert jnp.zeros(2, dtype=r.jax).dtype == jnp.bfloat16
    for d in STORAGE:
        t = getattr(jnp, str(d) if str(d) != "bool" else "bool_", None)
        if t is None:
            with pytest.raises(tl.DTypeError, match="jax .* has no dtype"):
                d.jax
            continue
        assert d.jax == jnp.dtype(t) and tl.dtype(t) is d and tl.dtype(jnp.dtype(t)) is d
    with pytest.raises(tl.DTypeError):
        tl.dtype("int*").jax


# ---- isdtype ------------------------------------------------------------------------------


def test_isdtype_with_tuples_as_the_array_api():
    assert tl.isdtype("int8", ("bool", "integral")) is True
    assert tl.isdtype("float32", ("bool", "integral")) is False
    assert tl.dtype("float32").isdtype(("integral", "real floating")) is True
    assert tl.isdtype("float32", (np.float32, "bool")) is True  # dtypes in the tuple
    assert tl.isdtype("float32", tl.dtype("float32")) is True
    assert tl.isdtype("float32", "float64") is False
    assert tl.isdtype("complex64", ("numeric",)) is True
    assert tl.isdtype("int8", (("bool",), ("signed integer",))) is True


def test_isdtype_bad_kinds():
    with pytest.raises(ValueError, match="empty tuple"):
        tl.isdtype("int8", ())
    with pytest.raises(TypeError, match="kind must be"):
        tl.isdtype("int8", 3)
    with pytest.raises(TypeError, match="kind must be"):
        tl.isdtype("int8", ("bool", 3.5j))
    with pytest.raises(TypeError, match="kind must be"):
        tl.isdtype("int8", ("bool", [1]))  # a bad entry is reported even after a match
    with pytest.raises(ValueError):
        tl.isdtype("int8", "integers")
    with pytest.raises(ValueError, match="NUL"):
        tl.isdtype("int8", "integral\x00junk")
    with pytest.raises(tl.DTypeError):
        tl.isdtype("int9", "integral")


# ---- names: NUL rejected, cache bounded ------------------------------------------------------


@pytest.mark.parametrize("name", ["int8\x00junk", "\x00", "float32\x00", "<f4\x00x"])
def test_names_with_nul_are_rejected(name):
    with pytest.raises(tl.DTypeError, match="NUL") as e:
        tl.dtype(name)
    assert isinstance(e.value, ValueError)
    assert repr(name) in str(e.value)
    with pytest.raises(ValueError, match="NUL"):
        tl.promote_types(name, "int8")
    with pytest.raises(ValueError, match="NUL"):
        tl.astype(np.zeros(2), name)


def test_name_cache_does_not_grow_without_bound():
    def churn(start, n):
        for i in range(start, start + n):
            for name in (f"int8\x00junk{i}", f"junk{i}"):
                try:
                    tl.dtype(name)
                except tl.DTypeError:
                    pass

    churn(0, 2000)  # warm up (interned exception machinery, caches of fixed size)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        churn(10**6, 100_000)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 1 << 20, f"100000 distinct names grew memory by {grown} bytes"
    assert tl.dtype("int8") == "int8"


# ---- yes/no options: bool only -----------------------------------------------------------------


@pytest.mark.parametrize("option", ["x64", "strict", "op", "precise"])
@pytest.mark.parametrize("value", ["no", "", 0, 1, 1.0, np.bool_(True), [True]])
def test_yes_no_options_accept_bool_only(option, value):
    pat = f"{option} must be True, False or None, not [a-z.]*{type(value).__name__}"
    exc = TypeError
    if option == "op":  # op also takes the form of the operation: 'operator' or 'function'
        pat = f"op must be True, False, 'operator', 'function' or None, not [a-z.]*{type(value).__name__}"
        if isinstance(value, str):
            exc, pat = ValueError, f"op form must be 'operator' or 'function' \\(got '{value}'\\)"
    with pytest.raises(exc, match=pat):
        tl.result_type("int8", 1, **{option: value})
    with pytest.raises(exc, match=pat):
        tl.config(**{option: value})
    if option != "op":
        with pytest.raises(TypeError, match=pat):
            tl.promote_types("int8", "uint8", **{option: value})
    assert tl.result_type(1, **{option: False}) == tl.result_type(1)


def test_x64_no_does_not_turn_x64_on():
    with pytest.raises(TypeError, match="x64"):
        tl.result_type(1, rules="jax", x64="no")
    assert tl.result_type(1, rules="jax", x64=False) == "int32"
    assert tl.result_type(1, rules="jax", x64=True) == "int64"


@pytest.mark.parametrize("value", ["no", 1, np.bool_(False)])
def test_other_flags_accept_bool_only(value):
    with pytest.raises(TypeError, match="return_weak_type_flag must be True, False or None"):
        tl.result_type(1, return_weak_type_flag=value)
    with pytest.raises(TypeError, match="saturate must be True or False"):
        tl.astype(np.zeros(2), "float16", saturate=value)
    with pytest.raises(TypeError, match="checked must be True or False"):
        tl.astype(np.zeros(2), "float16", checked=value)


# ---- one default rule set -----------------------------------------------------------------------


def test_one_default_rule_set_for_every_function():
    assert tl.get_config()["rules"] == "jax"
    # jax's promotion (int8, uint8 -> int16 both; uint64, int64 -> float64 under jax's lattice)
    assert tl.promote_types("uint64", "int64") == tl.promote_types("uint64", "int64", rules="jax")
    # can_cast follows the same default: jax has no complex32 (numpy's tables do)
    with pytest.raises(tl.DTypeError):
        tl.can_cast("int8", "complex32")
    assert tl.can_cast("int8", "int16") is tl.can_cast("int8", "int16", rules="jax")
