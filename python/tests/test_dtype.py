"""tl.dtype: construction from every kind of dtype-like, properties, errors."""

from __future__ import annotations

import pickle

import ml_dtypes
import numpy as np
import pytest

import typelattice as tl

CANONICAL = [str(d) for d in tl.DTYPES]


def test_catalogue_has_every_dtype_once():
    assert len(tl.DTYPES) == 46
    assert len(set(CANONICAL)) == 46
    assert CANONICAL[-3:] == ["int*", "float*", "complex*"]
    # display order: by kind, then width (the appended int1/int3.. sit with the other ints)
    assert CANONICAL[:5] == ["bool", "int1", "int2", "int3", "int4"]
    for name in ("uint1", "uint7", "bcomplex32", "float4_e2m1fn_x2"):
        assert name in CANONICAL


@pytest.mark.parametrize("name", CANONICAL)
def test_canonical_names_round_trip_to_singletons(name):
    d = tl.dtype(name)
    assert not isinstance(d, str) and isinstance(d, tl.dtype)  # see docs/python.md: not a str subclass
    assert d == name and str(d) == name and d.name == name
    assert tl.dtype(d) is d
    assert tl.dtype(name) is d
    # hash: that of the equal NumPy dtype (so d keys dicts of NumPy dtypes); the
    # name's hash only for dtypes NumPy/ml_dtypes lack (as np.dtype, d == name
    # holds but the hashes differ)
    try:
        npd = np.dtype(d.numpy)
    except tl.DTypeError:
        assert hash(d) == hash(name)
    else:
        assert d == npd and npd == d and hash(d) == hash(npd)
    assert repr(d) == f"dtype('{name}')"
    assert pickle.loads(pickle.dumps(d)) is d
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(d, protocol=proto)) is d


@pytest.mark.parametrize(
    "spelling, name",
    [
        ("f4", "float32"), ("<f4", "float32"), (">f4", "float32"), ("=f8", "float64"), ("i8", "int64"),
        ("|b1", "bool"), ("u1", "uint8"), ("c8", "complex64"), ("c16", "complex128"), ("?", "bool"),
        ("e", "float16"), ("d", "float64"), ("F", "complex64"), ("bf16", "bfloat16"),
        ("bfloat16", "bfloat16"), ("int", "int*"), ("float", "float*"), ("complex", "complex*"),
        ("bool", "bool"), ("int*", "int*"), ("float8_e4m3fn", "float8_e4m3fn"),
    ],
)
def test_spellings(spelling, name):
    assert tl.dtype(spelling) == name


@pytest.mark.parametrize(
    "kind, expected", [(bool, "bool"), (int, "int*"), (float, "float*"), (complex, "complex*")]
)
def test_python_types_and_values(kind, expected):
    assert tl.dtype(kind) == expected
    assert tl.dtype(kind(1)) == expected
    assert tl.dtype(kind).weak == (expected != "bool")


NUMPY_NAMES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
               "float16", "float32", "float64", "complex64", "complex128"]


@pytest.mark.parametrize("name", NUMPY_NAMES)
def test_numpy_dtypes_scalar_types_scalars_and_arrays(name):
    npd = np.dtype(name)
    assert tl.dtype(npd) == name
    assert tl.dtype(npd.type) == name
    assert tl.dtype(npd.type(0)) == name
    assert tl.dtype(np.zeros((2, 2), npd)) == name
    assert tl.dtype(npd.newbyteorder(">")) == name
    assert tl.dtype(npd.str) == name


ML_NAMES = [n for n in CANONICAL if hasattr(ml_dtypes, n) and n not in NUMPY_NAMES]


@pytest.mark.parametrize("name", ML_NAMES)
def test_ml_dtypes_types(name):
    t = getattr(ml_dtypes, name)
    assert tl.dtype(t) == name
    assert tl.dtype(np.dtype(t)) == name
    assert tl.dtype(np.zeros(3, t)) == name


@pytest.mark.parametrize(
    "name, kind, bits, itemsize, weak",
    [
        ("bool", "b", 8, 1, False), ("int4", "i", 4, 1, False), ("uint2", "u", 2, 1, False),
        ("int64", "i", 64, 8, False), ("float8_e4m3fn", "f", 8, 1, False), ("bfloat16", "f", 16, 2, False),
        ("float6_e2m3fn", "f", 6, 1, False), ("complex64", "c", 64, 8, False), ("complex32", "c", 32, 4, False),
        ("int*", "i", 0, 0, True), ("float*", "f", 0, 0, True), ("complex*", "c", 0, 0, True),
    ],
)
def test_properties(name, kind, bits, itemsize, weak):
    d = tl.dtype(name)
    assert (d.kind, d.bits, d.itemsize, d.weak) == (kind, bits, itemsize, weak)
    assert isinstance(d.num, int)


def test_isdtype():
    assert tl.dtype("int8").isdtype("signed integer")
    assert tl.dtype("uint8").isdtype("integral")
    assert not tl.dtype("float32").isdtype("integral")
    assert tl.dtype("complex64").isdtype("complex floating")
    assert tl.dtype("float32").isdtype("bool, real floating")
    with pytest.raises(ValueError):
        tl.dtype("int8").isdtype("no such kind")


class _FakeTorchDtype:
    """Duck-typed stand-in for torch.dtype (str() is 'torch.<name>')."""

    def __init__(self, name):
        self.name = name

    def __str__(self):
        return f"torch.{self.name}"


_FakeTorchDtype.__name__ = _FakeTorchDtype.__qualname__ = "dtype"
_FakeTorchDtype.__module__ = "torch"


class _FakeTFDtype:
    def __init__(self, name):
        self.name = name


_FakeTFDtype.__name__ = _FakeTFDtype.__qualname__ = "DType"
_FakeTFDtype.__module__ = "tensorflow.python.framework.dtypes"


@pytest.mark.parametrize("name", ["float32", "bfloat16", "complex32", "uint16", "float8_e5m2", "bool"])
def test_duck_typed_torch_and_tensorflow_dtypes(name):
    assert tl.dtype(_FakeTorchDtype(name)) == name
    assert tl.dtype(_FakeTFDtype(name)) == name


class _Array:
    """Anything with .dtype and .ndim (torch tensors, JAX arrays)."""

    def __init__(self, dtype, ndim=1, weak_type=None):
        self.dtype = dtype
        self.ndim = ndim
        if weak_type is not None:
            self.weak_type = weak_type


def test_objects_with_a_dtype_attribute():
    assert tl.dtype(_Array(np.dtype("int16"))) == "int16"
    assert tl.dtype(_Array(_FakeTorchDtype("float16"))) == "float16"


def test_unknown_names_raise_dtype_error_with_the_library_message():
    with pytest.raises(tl.DTypeError, match=r"unknown dtype 'flaot32' \(did you mean 'float32'\?\)"):
        tl.dtype("flaot32")
    for exc in (TypeError, ValueError):
        with pytest.raises(exc):
            tl.dtype("flaot32")
    with pytest.raises(tl.DTypeError, match="ambiguous dtype 'u8'"):
        tl.dtype("u8")
    with pytest.raises(tl.DTypeError, match="ambiguous dtype 'f16'"):
        tl.dtype("f16")
    with pytest.raises(tl.DTypeError, match="empty dtype name"):
        tl.dtype("")


@pytest.mark.parametrize("bad", [object(), None, [1], np.dtype("O"), np.dtype("M8[s]"), np.dtype("U3"),
                                 np.longdouble if np.dtype(np.longdouble).itemsize > 8 else np.dtype("V4")])
def test_uninterpretable_objects(bad):
    with pytest.raises(tl.DTypeError) as info:
        tl.dtype(bad)
    assert str(info.value)


def test_dtype_is_final_and_takes_one_argument():
    with pytest.raises(TypeError):
        type("Sub", (tl.dtype,), {})
    with pytest.raises(TypeError):
        tl.dtype()
    with pytest.raises(TypeError):
        tl.dtype("int8", "int16")
    assert tl.dtype(x="int8") == "int8"


def test_non_native_byte_order_names_are_cached_separately():
    # '>f4' and 'f4' are the same dtype but differ for can_cast(casting='no')
    assert tl.dtype(">f4") is tl.dtype("f4")
    assert tl.can_cast(">f4", "<f4", "no", rules="jax") == np.can_cast(">f4", "<f4", "no")
    assert tl.can_cast(">f4", "<f4", "equiv", rules="jax") == np.can_cast(">f4", "<f4", "equiv")
    assert tl.can_cast(np.dtype(">f4"), "<f4", "no", rules="jax") == np.can_cast(">f4", "<f4", "no")


@pytest.mark.parametrize("name", ["byte", "ubyte", "short", "ushort", "intc", "uintc", "long", "ulong",
                                  "longlong", "ulonglong", "intp", "uintp", "int_", "uint", "half", "single",
                                  "double", "csingle", "cdouble", "p", "P", ">p"])
def test_numpy_scalar_type_names(name):
    """NumPy's scalar-type names read as np.dtype reads them (NumPy 2 on 64-bit Linux)."""
    if np.dtype("long").itemsize != 8:
        pytest.skip("not an LP64 NumPy 2")
    assert str(tl.dtype(name)) == np.dtype(name).newbyteorder("=").name


@pytest.mark.parametrize("name", ["<double", "|byte", "=half"])
def test_numpy_scalar_type_names_refuse_a_byte_order(name):
    with pytest.raises(tl.DTypeError):
        tl.dtype(name)


def test_array_api_strict_dtypes_and_arrays():
    xp = pytest.importorskip("array_api_strict")
    assert str(tl.dtype(xp.int8)) == "int8"
    assert str(tl.dtype(xp.zeros(2, dtype=xp.uint16))) == "uint16"
    for a, b in [(xp.int8, xp.int16), (xp.int16, xp.int8), (xp.uint8, xp.int16), (xp.float32, xp.complex64),
                 (xp.int64, xp.float64), (xp.bool, xp.int8)]:
        assert tl.can_cast(a, b, rules="array-api") == xp.can_cast(a, b), (a, b)
    assert tl.finfo(xp.zeros(2)).dtype == tl.dtype(xp.finfo(xp.zeros(2)).dtype)
