"""Property tests (hypothesis): algebraic laws the rule sets promise."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import typelattice as tl

from conftest import REGISTERED, outcome

# Rule sets whose promote_types is a lattice join (commutative, associative).
LATTICE_RULES = sorted(REGISTERED & {"jax", "jax.lax", "array-api", "ivy", "numpy", "torch"})


def _norm(o):
    kind, v = o
    return (kind, type(v).__name__ if kind == "error" else v)


@pytest.mark.parametrize("rules", LATTICE_RULES)
@given(data=st.data())
def test_promote_types_is_commutative(rules, data):
    ds = tl.rules_dtypes(rules)
    a = data.draw(st.sampled_from(ds))
    b = data.draw(st.sampled_from(ds))
    for x64 in (False, True):
        assert _norm(outcome(tl.promote_types, a, b, rules=rules, x64=x64)) == _norm(
            outcome(tl.promote_types, b, a, rules=rules, x64=x64))


def _operands():
    dtypes = st.sampled_from([d for d in tl.rules_dtypes("jax") if not d.weak])
    return st.one_of(
        dtypes,
        dtypes.map(lambda d: f"weak:{d}"),
        st.integers(-(2**40), 2**40),
        st.floats(allow_nan=True, allow_infinity=True),
        st.complex_numbers(allow_nan=False, max_magnitude=1e10),
        st.booleans(),
        st.sampled_from([int, float, complex, bool]),
    )


@given(ops=st.lists(_operands(), min_size=1, max_size=6), data=st.data(),
       x64=st.booleans(), strict=st.booleans())
def test_jax_result_type_is_order_independent(ops, data, x64, strict):
    perm = data.draw(st.permutations(ops))
    kw = dict(rules="jax", x64=x64, strict=strict, return_weak_type_flag=True)
    assert _norm(outcome(tl.result_type, *ops, **kw)) == _norm(outcome(tl.result_type, *perm, **kw))


@given(st.sampled_from([d for d in tl.rules_dtypes("jax")]))
def test_jax_promotion_is_idempotent(d):
    r = outcome(tl.promote_types, d, d)
    assert r[0] == "error" or r[1] == tl.promote_types(r[1], d)


@given(st.sampled_from(tl.DTYPES))
def test_dtype_round_trips_through_its_name(d):
    assert tl.dtype(str(d)) is d and tl.dtype(d.name) is d
