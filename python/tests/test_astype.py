"""tl.astype: the C conversion kernels on NumPy arrays, against ndarray.astype and ml_dtypes."""

from __future__ import annotations

import array as pyarray
import warnings

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import typelattice as tl


NUMPY = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float16", "float32", "float64", "complex64", "complex128"]
ML = [str(d) for d in tl.DTYPES if not d.weak and str(d) not in NUMPY and hasattr(ml_dtypes, str(d))]
ALL = NUMPY + ML


def npdt(name):
    return np.dtype(name) if name in NUMPY else np.dtype(getattr(ml_dtypes, name))


def sample(name, n=64, seed=0):
    """Values every dtype holds, plus the interesting edges of its own range."""
    rng = np.random.default_rng(seed)
    d = npdt(name)
    if name == "bool":
        return rng.integers(0, 2, n).astype(bool)
    if d.kind in "iu":
        info = np.iinfo(d) if name in NUMPY else ml_dtypes.iinfo(d)
        v = rng.integers(int(info.min), int(info.max), n, endpoint=True, dtype=np.int64 if info.max < 2**63 else np.uint64)
        return v.astype(d)
    base = rng.standard_normal(n) * 4
    base[:6] = [0.0, -0.0, 1.0, -1.5, 0.5, 3.0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if d.kind == "c":
            return (base + 1j * rng.standard_normal(n)).astype(d)
        return base.astype(d)


def as_wide(a):
    k = tl.dtype(a.dtype).kind
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return a.astype(np.complex128 if k == "c" else np.float64 if k == "f" else np.int64 if k in "ib" else np.uint64)


def mismatches(a, b):
    """Indices where a and b differ (NaN equals NaN; +0 and -0 are compared by sign too)."""
    assert a.dtype == b.dtype and a.shape == b.shape
    fa, fb = as_wide(a).reshape(-1), as_wide(b).reshape(-1)
    if fa.dtype.kind in "fc":
        nan = np.isnan(fa) & np.isnan(fb)
        sign = np.signbit(fa.real) == np.signbit(fb.real)
        return np.flatnonzero(~(nan | ((fa == fb) & sign)))
    return np.flatnonzero(fa != fb)


def same_bits(a, b):
    return mismatches(a, b).size == 0


def reference_astype(x, to):
    """ndarray.astype, whose casts involving ml_dtypes types are ml_dtypes' own. Where
    ml_dtypes registers no direct cast (int2 -> uint2, float8 -> float8_e8m0fnu, ...),
    go through int64 (integer sources) or float32 (which holds every value of the small
    formats exactly), so the only rounding is the final one."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return x.astype(npdt(to))
        except TypeError:
            via = np.int64 if tl.dtype(x.dtype).kind in "iub" else np.float32
            return x.astype(via).astype(npdt(to))


def is_defined(x, to):
    """Values whose reference cast is well defined: NumPy's float -> int cast of NaN, inf
    or an out-of-range value is undefined behaviour in C (and ml_dtypes' differs)."""
    src, dst = tl.dtype(x.dtype), tl.dtype(to)
    if dst.kind not in "iu" or src.kind not in "fc":
        return np.ones(x.shape, bool)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        f = x.astype(np.complex128).real if src.kind == "c" else x.astype(np.float64)
    info = tl.iinfo(dst)
    return np.isfinite(f) & (f > float(info.min) - 1) & (f < float(info.max) + 1)


@pytest.mark.parametrize("frm", ALL)
def test_all_pairs_match_ndarray_astype_and_ml_dtypes(frm):
    x = sample(frm)
    failures = []
    for to in ALL:
        if frm in ("complex32", "bcomplex32") or to in ("complex32", "bcomplex32"):
            # NumPy/ml_dtypes casts for complex32 are checked separately; ml_dtypes 0.6's
            # bcomplex32 -> bool and complex32 <-> bcomplex32 casts are wrong (docs/conversions.md
            # item 10) and the C reference tests check bcomplex32 case by case
            continue
        ok = is_defined(x, to)
        xs = x[ok]
        got = tl.astype(xs, to)
        want = reference_astype(xs, to)
        bad = mismatches(got, want)
        if bad.size:
            failures.append(f"{frm}->{to}: first mismatch at {bad[:3]}: {xs[bad[:3]]!r} -> tl {got[bad[:3]]!r}, ref {want[bad[:3]]!r}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("to", ["float32", "bfloat16", "int8", "float8_e4m3fn", "complex64"])
def test_layouts(to):
    base = np.arange(60, dtype=np.float32).reshape(3, 4, 5) / 7
    for x in (base, base.T, base[:, ::-2, 1:], base[::2, :, ::3], base[1], base[1, 2, 3:4], base.reshape(-1)[::-1]):
        got = tl.astype(x, to)
        assert got.shape == x.shape and got.flags.c_contiguous
        assert same_bits(got, reference_astype(x, to))
    zero_d = np.array(1.25, np.float32)
    assert tl.astype(zero_d, to).shape == ()
    assert tl.astype(np.zeros((0, 3), np.float32), to).shape == (0, 3)


def test_returns_numpy_and_ml_dtypes_arrays():
    assert tl.astype(np.ones(3), "float32").dtype == np.float32
    assert tl.astype(np.ones(3), "bfloat16").dtype == np.dtype(ml_dtypes.bfloat16)
    assert tl.astype(np.ones(3), tl.dtype("int4")).dtype == np.dtype(ml_dtypes.int4)
    if hasattr(ml_dtypes, "complex32"):
        assert tl.astype(np.ones(3), "complex32").dtype == np.dtype(ml_dtypes.complex32)


def test_buffer_protocol_inputs_and_byte_order():
    a = pyarray.array("h", [1, -2, 300])
    assert tl.astype(a, "int8").tolist() == np.asarray(a).astype(np.int8).tolist()
    assert tl.astype(memoryview(b"\x01\x02\xff"), "int16").tolist() == [1, 2, 255]
    assert tl.astype([1.5, 2.5], "int32").tolist() == [1, 2]
    be = np.arange(5, dtype=">f4")
    assert tl.astype(be, "float64").tolist() == [0, 1, 2, 3, 4]
    unaligned = np.frombuffer(b"\x00" + np.arange(4, dtype=np.float32).tobytes(), np.float32, offset=1)
    assert tl.astype(unaligned, "float64").tolist() == [0, 1, 2, 3]


def test_out():
    x = np.linspace(-3, 3, 12).reshape(3, 4)
    out = np.empty((3, 4), np.float16)
    assert tl.astype(x, "float16", out=out) is out
    assert same_bits(out, x.astype(np.float16))
    strided = np.empty((3, 8), np.float16)[:, ::2]
    tl.astype(x, "float16", out=strided)
    assert same_bits(strided, x.astype(np.float16))
    with pytest.raises(ValueError, match="dtype"):
        tl.astype(x, "float16", out=np.empty((3, 4), np.float32))
    with pytest.raises(ValueError, match="shape"):
        tl.astype(x, "float16", out=np.empty((4, 3), np.float16))
    ro = np.empty((3, 4), np.float16)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        tl.astype(x, "float16", out=ro)
    with pytest.raises(TypeError, match="out must be"):
        tl.astype(x, "float16", out=[0] * 12)


def test_checked_names_the_first_index_and_value():
    x = np.array([[1.0, 2.0], [300.0, 4.0]])
    with pytest.raises(ValueError, match=r"element \[1, 0\] = 300.0 \(float64\) did not survive the conversion to int8"):
        tl.astype(x, "int8", checked=True)
    out = np.zeros((2, 2), np.int8)
    with pytest.raises(ValueError):
        tl.astype(x, "int8", out=out, checked=True)
    assert not out.any()  # untouched
    assert tl.astype(np.array([1.0, 2.0]), "int8", checked=True).tolist() == [1, 2]
    tl.astype(np.array([1.0, 2.0]), "int8", checked=True, out=out[0])
    assert out[0].tolist() == [1, 2]
    with pytest.raises(ValueError, match="element"):
        tl.astype(np.array([0.1]), "float16", checked=True)


def test_saturate():
    x = np.array([1e6, -1e6, 1.0], np.float32)
    plain = tl.astype(x, "float16")
    assert np.isinf(plain[0]) and np.isinf(plain[1])
    sat = tl.astype(x, "float16", saturate=True)
    assert sat.tolist() == [65504.0, -65504.0, 1.0]


def test_bad_targets():
    with pytest.raises(tl.DTypeError, match="weak"):
        tl.astype(np.ones(2), "float*")
    with pytest.raises(tl.DTypeError):
        tl.astype(np.ones(2), "nope")
    with pytest.raises(tl.DTypeError):
        tl.astype(np.array(["a"]), "float32")


@given(st.sampled_from(NUMPY), st.sampled_from(ALL), st.integers(0, 2**32 - 1))
def test_random_pairs_property(frm, to, seed):
    if to == "complex32":
        return
    x = sample(frm, n=17, seed=seed)
    x = x[is_defined(x, to)]
    assert same_bits(tl.astype(x, to), reference_astype(x, to))


@pytest.mark.skipif(not hasattr(ml_dtypes, "complex32"), reason="ml_dtypes has no complex32 in this version")
def test_complex32_against_ml_dtypes():
    c32 = np.dtype(ml_dtypes.complex32)
    x = (np.linspace(-4, 4, 33) + 1j * np.linspace(3, -3, 33)).astype(np.complex64)
    assert same_bits(tl.astype(x, "complex32"), x.astype(c32))
    y = x.astype(c32)
    assert same_bits(tl.astype(y, "complex64"), y.astype(np.complex64))


# ---- issue 17: out overlapping the input, fast path, bad out --------------------------------


@pytest.mark.parametrize("to", ["float32", "int16", "float16", "bfloat16"])
@pytest.mark.parametrize("shift", [-3, -1, 0, 1, 3])
def test_out_overlapping_the_input_gets_the_input_values(to, shift):
    buf = np.arange(40, dtype=np.float32) * 1.25 - 7
    src_view = buf[10:30]
    want = src_view.copy().astype(npdt(to))
    # out aliases the same memory, shifted by `shift` elements of its own size
    raw = buf.view(np.uint8)
    isz = npdt(to).itemsize
    start = 40 + shift * isz
    out = raw[start:start + 20 * isz].view(npdt(to))
    res = tl.astype(src_view, to, out=out)
    assert res is out
    np.testing.assert_array_equal(out.view(np.uint8), want.view(np.uint8))


def test_out_is_the_input_itself_and_reversed_views():
    x = np.arange(10, dtype=np.int32)
    tl.astype(x, "int32", out=x)
    np.testing.assert_array_equal(x, np.arange(10))
    x = np.arange(10, dtype=np.int32)
    tl.astype(x[::-1], "int32", out=x)
    np.testing.assert_array_equal(x, np.arange(10)[::-1])
    x = np.arange(12, dtype=np.float64).reshape(3, 4)
    tl.astype(x.T.copy(), "float64", out=x.T)  # no overlap, transposed out
    np.testing.assert_array_equal(x, np.arange(12).reshape(3, 4))
    y = np.arange(12, dtype=np.float64).reshape(3, 4)
    tl.astype(y, "float64", out=y.T.T)
    np.testing.assert_array_equal(y, np.arange(12).reshape(3, 4))


def test_checked_failure_with_overlapping_out_leaves_out_untouched():
    buf = np.array([1.0, 2.0, np.nan, 4.0], dtype=np.float64)
    before = buf.copy()
    out = buf.view(np.int32)[:4]  # the int32 result would overwrite buf[0:2]
    with pytest.raises(ValueError, match=r"element \[2\] = nan"):
        tl.astype(buf, "int32", out=out, checked=True)
    np.testing.assert_array_equal(buf.view(np.uint64), before.view(np.uint64))
    buf[2] = 3.0
    tl.astype(buf, "int32", out=out, checked=True)
    np.testing.assert_array_equal(out, [1, 2, 3, 4])


def test_out_bad_input():
    x = np.arange(4, dtype=np.float32)
    with pytest.raises(TypeError, match="out must be a numpy.ndarray, not list"):
        tl.astype(x, "float16", out=[0, 0, 0, 0])
    with pytest.raises(ValueError, match="out has dtype"):
        tl.astype(x, "float16", out=np.zeros(4, np.float32))
    # (a byte-swapped out of the right dtype is written in its order: test_out_byte_order_decides)
    with pytest.raises(ValueError, match=r"out has shape \(5,\), expected \(4,\)"):
        tl.astype(x, "float16", out=np.zeros(5, np.float16))
    ro = np.zeros(4, np.float16)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        tl.astype(x, "float16", out=ro)
    assert not ro.any()
    with pytest.raises(TypeError, match="unexpected keyword argument 'order'"):
        tl.astype(x, "float16", order="C")
    with pytest.raises(TypeError, match="missing required argument 'dtype'"):
        tl.astype(x)
    with pytest.raises(TypeError, match="takes 2 positional arguments"):
        tl.astype(x, "float16", None)
    with pytest.raises(tl.DTypeError, match="weak kind"):
        tl.astype(x, "float*")


def test_keywords_and_subclasses_take_the_slow_path_with_the_same_result():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    want = x.astype(np.float16)
    np.testing.assert_array_equal(tl.astype(array=x, dtype="float16"), want)
    m = np.ma.masked_array(x)
    np.testing.assert_array_equal(tl.astype(m, "float16"), want)
    np.testing.assert_array_equal(tl.astype(x.astype(">f4"), "float16"), want)
    np.testing.assert_array_equal(tl.astype(x.tolist(), "float16"), x.astype(np.float64).astype(np.float16))


def test_complex32_nan_parts_as_ml_dtypes():
    """ml_dtypes 0.6.0 (measured): complex32's NaN parts come out canonical into float16 and with
    the quiet bit into float64/complex128, unchanged into float32/complex64; typelattice's kernels
    on every tier agree (the float16 rules keep a float16 NaN's payload instead)."""
    if not hasattr(ml_dtypes, "complex32"):
        pytest.skip("ml_dtypes without complex32")
    x = np.array([0x7E80, 0, 0x7D00, 0x3C00, 0xFD01, 0x3C00] * 40, np.uint16).view(ml_dtypes.complex32)
    want = {
        "float16": (np.uint16, [0x7E00, 0x7E00, 0xFE00]),
        "float32": (np.uint32, [0x7FD00000, 0x7FA00000, 0xFFA02000]),
        "float64": (np.uint64, [0x7FFA000000000000, 0x7FFC000000000000, 0xFFFC040000000000]),
        "complex128": (np.uint64, [0x7FFA000000000000, 0, 0x7FFC000000000000, 0x3FF0000000000000,
                                   0xFFFC040000000000, 0x3FF0000000000000]),
    }
    for to, (view, bits) in want.items():
        got = tl.astype(x, to).view(view).tolist()
        assert got == bits * 40, to


@pytest.mark.parametrize("to", [">f2", ">f4", ">f8", ">c8", ">c16", ">i2", ">i4", ">i8", ">u4", "<f4", "|u1"])
def test_byte_swapped_targets_are_stored_as_numpy_stores_them(to):
    """astype(x, '>f4') is big-endian, byte for byte what ndarray.astype gives (values that
    convert the same way in NumPy: in range, no NaN)."""
    x = np.array([[1.5, -2.25, 3.0], [100.0, 0.5, 7.0]])
    if to[1] == "u":
        x = abs(x)
    for src in (x, x[:, ::-1], x.T):
        got, want = tl.astype(src, to), src.astype(to)
        assert got.dtype == want.dtype, to
        assert got.tobytes() == want.tobytes(), to
        out = np.zeros(src.shape, want.dtype)
        assert tl.astype(src, to, out=out) is out
        assert out.tobytes() == want.tobytes(), to


def test_out_byte_order_decides():
    x = np.array([1.5, -2.25, 65504.0])
    out = np.zeros(3, ">f2")
    tl.astype(x, "float16", out=out)
    assert out.tobytes() == x.astype(">f2").tobytes()
    out = np.zeros(3, "<f2")
    tl.astype(x, ">f2", out=out)
    assert out.tobytes() == x.astype("<f2").tobytes()
    bad = np.zeros(3, ">f4")
    with pytest.raises(ValueError, match="out has dtype"):
        tl.astype(x, "float16", out=bad)
    assert not bad.any()
