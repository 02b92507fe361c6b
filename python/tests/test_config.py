"""tl.config: scoped, thread-local defaults; get_config."""

from __future__ import annotations

import threading

import pytest

import typelattice as tl
from typelattice import _typelattice as _C


def test_defaults():
    c = tl.get_config()
    assert c["rules"] == "jax" and c["op"] is False and c["default_dtype"] is None


def test_scope_sets_and_restores():
    before = tl.get_config()
    with tl.config(x64=True) as c:
        assert isinstance(c, tl.config)
        assert tl.get_config()["x64"] is True
        assert tl.result_type(1) == "int64"
    assert tl.get_config() == before
    assert tl.result_type(1) == "int32"


def test_nested_scopes_override_on_top_of_the_enclosing_one():
    with tl.config(rules="jax", x64=True):
        with tl.config(strict=True):
            c = tl.get_config()
            assert c["x64"] is True and c["strict"] is True
            with pytest.raises(tl.TypePromotionError):
                tl.promote_types("int8", "int16")
        assert tl.get_config()["strict"] is False
        assert tl.promote_types("int8", "int16") == "int16"


def test_call_options_override_the_scope():
    with tl.config(x64=True):
        assert tl.result_type(1, x64=False) == "int32"


def test_scope_is_popped_when_the_block_raises():
    before = tl.get_config()
    with pytest.raises(ZeroDivisionError):
        with tl.config(x64=True, strict=True):
            1 / 0
    assert tl.get_config() == before


def test_reentrant_and_reusable():
    scope = tl.config(x64=True)
    with scope:
        with scope:
            assert tl.get_config()["x64"] is True
        assert tl.get_config()["x64"] is True
    assert tl.get_config()["x64"] is False


def test_decorator():
    @tl.config(x64=True)
    def f():
        """doc"""
        return tl.result_type(1)

    assert f() == "int64" and f.__doc__ == "doc" and f.__name__ == "f"
    assert tl.result_type(1) == "int32"


def test_bad_options_fail_at_construction():
    with pytest.raises(ValueError, match="unknown rule set 'nope'"):
        tl.config(rules="nope")
    with pytest.raises(ValueError, match="default_dtype must be a floating dtype"):
        tl.config(default_dtype="int8")
    with pytest.raises(TypeError):
        tl.config(bogus=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        tl.config("jax")  # type: ignore[misc]


def test_default_dtype_and_op_and_precise_are_recorded():
    with tl.config(default_dtype="float64", op=True, precise=False):
        c = tl.get_config()
        assert c["default_dtype"] == "float64" and c["op"] is True and c["precise"] is False
    assert repr(tl.config(x64=True)) == "config(x64=True)"


def test_pop_without_push_and_depth_limit():
    with pytest.raises(RuntimeError, match="no scope to pop"):
        _C._config_pop()
    pushed = 0
    try:
        with pytest.raises(RuntimeError, match="nested scopes"):
            for _ in range(100):
                _C._config_push(x64=True)
                pushed += 1
    finally:
        for _ in range(pushed):
            _C._config_pop()
    assert tl.get_config()["x64"] is False


def test_scopes_are_thread_local():
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def worker(x64: bool, strict: bool):
        try:
            with tl.config(x64=x64, strict=strict):
                barrier.wait(timeout=10)
                for _ in range(2000):
                    assert tl.result_type(1) == ("int64" if x64 else "int32")
                    if strict:
                        with pytest.raises(tl.TypePromotionError):
                            tl.promote_types("int8", "int16")
                    else:
                        assert tl.promote_types("int8", "int16") == "int16"
                barrier.wait(timeout=10)
            assert tl.get_config()["x64"] is False
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(i % 2 == 0, i >= 2)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert tl.get_config()["x64"] is False


def test_op_form_function():
    # tf.add(1, int8 tensor) fails where `1 + t` gives int8 (TensorFlow 2.21, tensorflow-fn.tsv);
    # ivy.promote_types_of_inputs keeps a bool ivy.Array's dtype, ivy.add does not (ivy.tsv)
    assert str(tl.result_type(1, "array:int8", rules="tensorflow", op=True)) == "int8"
    assert str(tl.result_type(1, "array:int8", rules="tensorflow", op="operator")) == "int8"
    with pytest.raises(Exception, match="cannot compute AddV2"):
        tl.result_type(1, "array:int8", rules="tensorflow", op="function")
    assert str(tl.result_type(1, 2, rules="tensorflow", op="function")) == "int32"
    assert str(tl.result_type("array:bool", 1, rules="ivy", op="function")) == "bool"
    assert str(tl.result_type("array:bool", 1, rules="ivy", op=True)) == "int32"


def test_op_form_bad_value():
    with pytest.raises(ValueError, match="'method'"):
        tl.result_type("int8", "int16", rules="ivy", op="method")
    with pytest.raises(ValueError, match="'method'"):
        with tl.config(op="method"):
            pass
