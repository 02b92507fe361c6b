"""finfo / iinfo: fields, errors, and conformance with NumPy and ml_dtypes."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest

import typelattice as tl

# float4_e2m1fn_x2 is a packed pair of float4_e2m1fn values, not a number format: finfo refuses it
FLOATS = [d for d in tl.DTYPES if d.kind in "fc" and not d.weak and str(d) != "float4_e2m1fn_x2"]
INTS = [d for d in tl.DTYPES if d.kind in "iu" and not d.weak]


def _reference_finfo(name):
    if name == "complex32":
        name = "float16"  # NumPy reports a complex dtype's component limits
    if name in ("float16", "float32", "float64", "complex64", "complex128"):
        return np.finfo(np.dtype(name))
    t = getattr(ml_dtypes, name, None)
    return ml_dtypes.finfo(t) if t is not None else None


# Differences of the library's catalogue from ml_dtypes, reported upstream (not the
# extension's to fix: it only reads tl_finfo_get).
KNOWN_FINFO_DIFFERENCES = {
    ("float8_e3m4", "resolution"): "catalogue: tl_finfo_get(float8_e3m4).resolution is 0.1015625 "
    "(0.1 rounded to nearest), ml_dtypes 0.6.0 reports 0.09375",
}


# finfo(complex).dtype is the component's float dtype. Recorded live with .venv-ref/ref (numpy 2.5.5,
# ml_dtypes 0.6.0, jax 0.12.0.1, torch 2.15.0, array-api-strict 2.6.1): np.finfo(np.complex64).dtype float32,
# np.finfo(np.complex128).dtype float64, ml_dtypes.finfo(ml_dtypes.complex32).dtype float16,
# ml_dtypes.finfo(ml_dtypes.bcomplex32).dtype bfloat16; jnp.finfo(jnp.complex64/128).dtype float32/float64;
# torch.finfo(torch.complex32/64/128).dtype float16/float32/float64; array_api_strict.finfo(complex64) float32.
COMPONENT = {"complex64": "float32", "complex128": "float64", "complex32": "float16", "bcomplex32": "bfloat16"}

# NumPy's machep/negep (eps == 2**machep, epsneg == 2**negep), recorded live with .venv-ref/ref from
# np.finfo (float16/32/64, complex64/128) and ml_dtypes 0.6.0's finfo (the others); the same in
# jnp.finfo (jax 0.12.0.1) for complex64, complex128, bfloat16, float8_e4m3fn.
MACHEP_NEGEP = {
    "float4_e2m1fn": (-1, -1), "float6_e2m3fn": (-3, -3), "float6_e3m2fn": (-2, -3), "float8_e3m4": (-4, -5),
    "float8_e4m3": (-3, -4), "float8_e4m3fn": (-3, -4), "float8_e4m3fnuz": (-3, -4),
    "float8_e4m3b11fnuz": (-3, -4), "float8_e5m2": (-2, -3), "float8_e5m2fnuz": (-2, -3),
    "float8_e8m0fnu": (0, -1), "bfloat16": (-7, -8), "float16": (-10, -11), "float32": (-23, -24),
    "float64": (-52, -53), "complex64": (-23, -24), "complex128": (-52, -53), "complex32": (-10, -11),
    "bcomplex32": (-7, -8),
}


@pytest.mark.parametrize("name", sorted(MACHEP_NEGEP))
def test_finfo_machep_negep_recorded(name):
    f = tl.finfo(name)
    assert (f.machep, f.negep) == MACHEP_NEGEP[name]


@pytest.mark.parametrize("name", sorted(COMPONENT))
def test_finfo_complex_dtype_is_component(name):
    f = tl.finfo(name)
    assert f.dtype is tl.dtype(COMPONENT[name])
    assert f"dtype={COMPONENT[name]})" in repr(f)
    # the component's own finfo has the same limits
    g = tl.finfo(COMPONENT[name])
    for field in ("bits", "eps", "epsneg", "max", "min", "smallest_normal", "machep", "negep", "precision"):
        assert getattr(f, field) == getattr(g, field), field


def _same(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == b


@pytest.mark.parametrize("d", FLOATS, ids=str)
def test_finfo_matches_ml_dtypes_and_numpy(d):
    f = tl.finfo(d)
    assert f.dtype is tl.dtype(COMPONENT.get(str(d), str(d))) and tl.finfo(str(d)) is f  # cached
    assert f.tiny == f.smallest_normal and f.iexp == f.nexp
    assert "finfo(" in repr(f)
    ref = _reference_finfo(str(d))
    if ref is None:
        pytest.skip(f"neither NumPy nor ml_dtypes {ml_dtypes.__version__} has finfo for {d}")
    for field in ("eps", "epsneg", "max", "min", "smallest_normal", "smallest_subnormal", "resolution"):
        if (str(d), field) in KNOWN_FINFO_DIFFERENCES and not _same(float(getattr(ref, field)), getattr(f, field)):
            pytest.xfail(KNOWN_FINFO_DIFFERENCES[str(d), field])
        assert _same(float(getattr(ref, field)), getattr(f, field)), field
    for field in ("nexp", "nmant", "maxexp", "minexp", "precision", "machep", "negep"):
        assert getattr(ref, field) == getattr(f, field), field
    assert type(f.machep) is int and type(f.negep) is int
    assert f.eps == 2.0**f.machep and f.epsneg == 2.0**f.negep
    assert f.dtype == ref.dtype  # the component for complex dtypes (np.finfo(np.complex64).dtype is float32)
    if d.kind == "f":
        assert ref.bits == f.bits


@pytest.mark.parametrize("d", INTS, ids=str)
def test_iinfo_matches_ml_dtypes_and_numpy(d):
    i = tl.iinfo(d)
    assert i.dtype is d and i.kind == d.kind and i.bits == d.bits
    assert "iinfo(" in repr(i)
    name = str(d)
    if hasattr(np, name) or hasattr(ml_dtypes, name):
        ref = np.iinfo(name) if hasattr(np, name) else ml_dtypes.iinfo(getattr(ml_dtypes, name))
        assert (ref.min, ref.max, ref.bits) == (i.min, i.max, i.bits)
    else:  # torch's shell ints (int3, uint5, ...): no framework has an iinfo; two's complement of the width
        bits = int(name.lstrip("uint"))
        want = (0, 2**bits - 1) if name.startswith("u") else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
        assert (i.min, i.max, i.bits) == (*want, bits)


def test_finfo_refuses_packed_pair():
    with pytest.raises(TypeError, match="float4_e2m1fn_x2 is a packed pair"):
        tl.finfo("float4_e2m1fn_x2")


def test_info_errors():
    # the library raises NumPy's ValueError text for a dtype of the wrong kind
    with pytest.raises(ValueError, match="int8"):
        tl.finfo("int8")
    with pytest.raises(ValueError, match="float32"):
        tl.iinfo("float32")
    with pytest.raises(ValueError, match="bool"):
        tl.iinfo("bool")
    with pytest.raises(tl.DTypeError):
        tl.finfo("nope")
    with pytest.raises(AttributeError):
        tl.finfo("float32").eps = 1.0  # type: ignore[misc]


def test_python_types_names_and_values_read_as_numpy_does():
    """np.finfo(float) / np.finfo(1.0) / np.iinfo(int): NumPy's float64, complex128, int64, not
    the weak kinds (which are no storage type)."""
    for like in (float, "float", 1.0):
        assert str(tl.finfo(like).dtype) == "float64"
        assert tl.finfo(like).eps == np.finfo(np.float64).eps
    for like in (complex, "complex", 1j):
        assert str(tl.finfo(like).dtype) == "float64"
    for like in (int, "int", 3):
        assert (tl.iinfo(like).min, tl.iinfo(like).max) == (np.iinfo(np.int64).min, np.iinfo(np.int64).max)
    with pytest.raises(ValueError):
        tl.finfo(int)
    with pytest.raises(ValueError):
        tl.iinfo(float)
