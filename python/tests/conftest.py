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
