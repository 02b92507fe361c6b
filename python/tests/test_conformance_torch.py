"""Live conformance with PyTorch (skipped unless torch is importable: run
`make conformance`, see docs/python.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import BIN_SHAPES, assert_binary_values_same, draw_binary_operand, import_or_skip, needs_rules, outcome

torch = import_or_skip("torch")

import typelattice as tl  # noqa: E402

NAMES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
         "complex64", "complex128"]
TORCH = {n: getattr(torch, n) for n in NAMES}


def test_torch_dtypes_are_understood():
    for n, t in TORCH.items():
        assert tl.dtype(t) == n
    assert tl.dtype(torch.zeros(2, dtype=torch.float16)) == "float16"
    for extra in ("complex32", "uint16", "uint32", "uint64", "float8_e4m3fn", "float8_e5m2"):
        if hasattr(torch, extra):
            assert tl.dtype(getattr(torch, extra)) == extra


@needs_rules("torch")
def test_promote_types_all_pairs():
    bad = []
    for a in NAMES:
        for b in NAMES:
            want = outcome(torch.promote_types, TORCH[a], TORCH[b])
            got = outcome(tl.promote_types, TORCH[a], TORCH[b], rules="torch")
            if want[0] != got[0] or (want[0] == "ok" and str(want[1]) != f"torch.{got[1]}"):
                bad.append((a, b, want, got))
    assert not bad, bad[:10]


def _operand():
    names = st.sampled_from(NAMES)
    return st.one_of(
        names.map(lambda n: torch.zeros(2, dtype=TORCH[n])),
        names.map(lambda n: torch.zeros((), dtype=TORCH[n])),
        st.integers(-100, 100),
        st.floats(-1e3, 1e3),
        st.booleans(),
    )


@needs_rules("torch")
@given(a=_operand(), b=_operand())
def test_result_type_random_pairs(a, b):
    if not isinstance(a, torch.Tensor) and not isinstance(b, torch.Tensor):
        return  # torch.result_type needs a tensor
    want = outcome(torch.result_type, a, b)
    got = outcome(tl.result_type, a, b, rules="torch")
    assert want[0] == got[0], (a, b, want, got)
    if want[0] == "ok":
        assert str(want[1]) == f"torch.{got[1]}", (a, b, want, got)


# ---- binary operations: values, against torch on the CPU -------------------------------------
# Real dtypes, shapes that broadcast each way, values with subnormals, zeros, infinities and
# NaNs; bit-identical results wanted (complex products and quotients: tests/test_binary.c, with
# the documented tolerance).
_BIN_DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64"]
_TORCH_OPS = {"add": "add", "subtract": "sub", "multiply": "mul", "divide": "true_divide", "maximum": "maximum",
              "minimum": "minimum", "equal": "eq", "less": "lt"}


@needs_rules("torch")
@given(da=st.sampled_from(_BIN_DTYPES), db=st.sampled_from(_BIN_DTYPES), shapes=st.sampled_from(BIN_SHAPES),
       op=st.sampled_from(sorted(_TORCH_OPS)), data=st.data())
def test_binary_values_match_torch(da, db, shapes, op, data):
    import ml_dtypes
    import numpy as np

    def to_t(x):
        if x.dtype == np.dtype(ml_dtypes.bfloat16):
            return torch.from_numpy(x.view(np.int16).copy()).view(torch.bfloat16)
        return torch.from_numpy(np.array(x, copy=True))

    def from_t(t):
        if t.dtype == torch.bfloat16:
            return t.view(torch.int16).numpy().view(ml_dtypes.bfloat16)
        return t.numpy()

    a, b = draw_binary_operand(data, da, shapes[0]), draw_binary_operand(data, db, shapes[1])
    try:
        want = from_t(getattr(torch, _TORCH_OPS[op])(to_t(a), to_t(b)))
    except Exception:
        return
    got = getattr(tl, op)(a, b, rules="torch")
    assert_binary_values_same(op, got, want, (op, da, db, shapes, a, b))
