"""Shared fixtures and helpers for the typelattice Python tests.

Conformance tests compare against the real frameworks when they are importable and
skip with a reason otherwise. The repo's venv (.venv, `make test`) has numpy and
ml_dtypes; `make conformance` (tools/conformance.sh) runs the whole suite again with
the pinned JAX and PyTorch (it creates their environment if missing; see
docs/python.md).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import typelattice as tl

settings.register_profile(
    "default",
    max_examples=int(os.environ.get("TL_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("TL_HYPOTHESIS_PROFILE", "default"))

REGISTERED = {name for name, _, _ in tl.rules()}


def needs_rules(name: str) -> pytest.MarkDecorator:
    """Skip unless the rule set `name` is registered in this build of the library."""
    return pytest.mark.skipif(
        name not in REGISTERED,
        reason=f"rule set {name!r} is not registered in this build of libtypelattice "
        f"(registered: {', '.join(sorted(REGISTERED))})",
    )


def import_or_skip(module: str):
    """pytest.importorskip with a reason that says which framework is missing and how to get it."""
    return pytest.importorskip(
        module,
        reason=f"{module} is not importable in this environment: live conformance against "
        f"{module} is skipped (run `make conformance` to run it with the pinned frameworks)",
    )


def outcome(fn, *args, **kwargs):
    """('ok', result) or ('error', exception) — to compare frameworks that may raise."""
    try:
        return ("ok", fn(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 - the point is to capture any framework error
        return ("error", e)


# ---- the binary operations' live value tests (test_conformance_numpy/_jax/_torch) -------------
BIN_SHAPES = [((5,), (5,)), ((5,), ()), ((), (5,)), ((2, 5), (5,)), ((2, 1), (1, 3)), ((1, 5), (2, 5)), ((), ())]
BIN_VALUES = [0.0, -0.0, 1.0, -2.5, 6.0, 1e-40, -1e-40, 1e-310, 1e-20, 3e38, float("inf"), float("-inf"),
              float("nan"), 7.0, -21.0]


def draw_binary_operand(data, name, shape):
    """An array of dtype `name` (ml_dtypes' too) and `shape` drawn from BIN_VALUES: subnormals,
    zeros, infinities, NaNs; integers and bools from the finite ones."""
    from hypothesis import strategies as st
    import ml_dtypes
    import numpy as np
    n = int(np.prod(shape)) if shape else 1
    v = np.array(data.draw(st.lists(st.sampled_from(BIN_VALUES), min_size=n, max_size=n)), dtype=np.float64)
    dt = np.dtype(getattr(ml_dtypes, name, None) or name)
    if dt.kind in "iub":
        v = np.clip(np.nan_to_num(v, nan=0.0, posinf=0.0, neginf=0.0), -100, 100)
        v = v != 0 if dt.kind == "b" else np.abs(v) if dt.kind == "u" else v
    with np.errstate(all="ignore"):
        return v.astype(dt).reshape(shape)


def assert_binary_values_same(op, got, want, context, zero_below=0.0):
    """Bit-identical values (any NaN equals any NaN); in maximum/minimum a zero's sign is free and
    magnitudes up to `zero_below` count as zeros (a subnormal flushed or not)."""
    import numpy as np
    assert got.dtype == want.dtype and got.shape == want.shape, (context, got, want)
    g, w = got.ravel(), want.ravel()
    if got.dtype.kind in "biu":
        assert np.array_equal(g, w), (context, got, want)
        return
    gf, wf = g.astype(np.float64), w.astype(np.float64)
    same = (np.isnan(gf) & np.isnan(wf)) | ((gf == wf) & (np.signbit(gf) == np.signbit(wf)))
    if op in ("maximum", "minimum"):
        same |= (np.abs(gf) <= zero_below) & (np.abs(wf) <= zero_below)
    assert same.all(), (context, got, want)
