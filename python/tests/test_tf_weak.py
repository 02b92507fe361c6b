"""TensorFlow WeakTensors as result_type operands: weakly typed by their class (no weak_type attribute).

TensorFlow's flexible_dtypes.result_type (dtype_conversion_mode 'all'/'safe', the rule sets
'tensorflow-all'/'tensorflow-safe') treats an instance of
tensorflow.python.framework.weak_tensor.WeakTensor as weak. The extension looks the class up in
sys.modules (it never imports TensorFlow), so a stand-in module exercises it without TensorFlow;
the live test compares with TensorFlow itself and skips without it.
"""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

import typelattice as tl
from conftest import import_or_skip

WT_MODULE = "tensorflow.python.framework.weak_tensor"

# Recorded live with TensorFlow 2.21.0 (.venv-ref/ref), in both dtype_conversion_mode 'all' and 'safe':
# flexible_dtypes.result_type(WeakTensor.from_tensor(tf.constant(1, tf.int32)), tf.zeros(2, tf.int8))
#   -> (tf.int8, False)
# flexible_dtypes.result_type(WeakTensor.from_tensor(tf.constant([1.0, 2.0], tf.float32)), tf.zeros(2, tf.bfloat16))
#   -> (tf.bfloat16, False)
# flexible_dtypes.result_type(WeakTensor.from_tensor(tf.constant(1, tf.int32))) -> (tf.int32, True)
# flexible_dtypes.result_type(WeakTensor(int32), WeakTensor(float32)) -> (tf.float32, True)
RECORDED = [
    (("int32", 0, True), ("int8", 1, False), ("int8", False)),
    (("float32", 1, True), ("bfloat16", 1, False), ("bfloat16", False)),
    (("int32", 0, True), None, ("int32", True)),
    (("int32", 0, True), ("float32", 0, True), ("float32", True)),
]


def _stand_in_module():
    mod = types.ModuleType(WT_MODULE)

    class WeakTensor:  # the real one is an ExtensionType; only the class matters to the extension
        def __init__(self, dtype, ndim):
            self.dtype = np.dtype(dtype)
            self.ndim = ndim

    class EagerWeakTensor(WeakTensor):  # what WeakTensor.from_tensor returns eagerly
        pass

    class Tensor:
        def __init__(self, dtype, ndim):
            self.dtype = np.dtype(tl.dtype(dtype).numpy)
            self.ndim = ndim

    mod.WeakTensor = WeakTensor
    mod.EagerWeakTensor = EagerWeakTensor
    mod.Tensor = Tensor
    return mod


@pytest.mark.parametrize("rules", ["tensorflow-all", "tensorflow-safe"])
@pytest.mark.parametrize("case", range(len(RECORDED)))
def test_weak_tensor_stand_in_is_weak(rules, case, monkeypatch):
    if rules not in {n for n, _, _ in tl.rules()}:
        pytest.skip(f"rule set {rules!r} is not registered")
    mod = _stand_in_module()
    monkeypatch.setitem(sys.modules, WT_MODULE, mod)
    a, b, want = RECORDED[case]

    def make(spec):
        name, ndim, weak = spec
        return mod.EagerWeakTensor(tl.dtype(name).numpy, ndim) if weak else mod.Tensor(name, ndim)

    ops = [make(a)] + ([make(b)] if b else [])
    got = tl.result_type(*ops, rules=rules, return_weak_type_flag=True)
    assert (str(got[0]), got[1]) == want
    # the same objects' classes are not WeakTensor when the module is another one: strong again
    monkeypatch.setitem(sys.modules, WT_MODULE, _stand_in_module())
    got = tl.result_type(ops[0], rules=rules, return_weak_type_flag=True)
    assert got[1] is False


def test_no_weak_tensor_module_means_strong(monkeypatch):
    monkeypatch.delitem(sys.modules, WT_MODULE, raising=False)

    class Arr:
        dtype = np.dtype("int32")
        ndim = 0

    assert tl.result_type(Arr(), return_weak_type_flag=True) == ("int32", False)
    # a module without a WeakTensor class (half-initialised) is ignored, not an error
    monkeypatch.setitem(sys.modules, WT_MODULE, types.ModuleType(WT_MODULE))
    assert tl.result_type(Arr(), return_weak_type_flag=True) == ("int32", False)
    mod = types.ModuleType(WT_MODULE)
    mod.WeakTensor = "not a class"
    monkeypatch.setitem(sys.modules, WT_MODULE, mod)
    assert tl.result_type(Arr(), return_weak_type_flag=True) == ("int32", False)


@pytest.mark.parametrize("mode", ["all", "safe"])
def test_weak_tensor_live_tensorflow(mode):
    import_or_skip("tensorflow")
    rules = f"tensorflow-{mode}"
    if rules not in {n for n, _, _ in tl.rules()}:
        pytest.skip(f"rule set {rules!r} is not registered")
    import tensorflow as tf
    from tensorflow.python.framework import flexible_dtypes, ops
    from tensorflow.python.framework.weak_tensor import WeakTensor

    def W(v, d):
        return WeakTensor.from_tensor(tf.constant(v, d))

    cases = [
        (W(1, tf.int32), tf.zeros(2, tf.int8)),
        (W([1.0, 2.0], tf.float32), tf.zeros(2, tf.bfloat16)),
        (W(1, tf.int32),),
        (W(1, tf.int32), W(1.0, tf.float32)),
        (W(1.0, tf.float64), tf.zeros(2, tf.int32)),
        (W(1, tf.int64), tf.zeros(2, tf.uint8)),
        (W(1, tf.int32), tf.zeros(2, tf.float16)),
        (W(1.0, tf.float32), tf.zeros(2, tf.int16)),
        (W(1j, tf.complex128), tf.zeros(2, tf.float32)),
        (tf.zeros(2, tf.int8), tf.zeros(2, tf.int8)),
    ]
    old = ops.get_dtype_conversion_mode()
    ops.set_dtype_conversion_mode(mode)
    try:
        for objs in cases:
            try:
                want_d, want_w = flexible_dtypes.result_type(*objs)
            except TypeError:  # TF refuses the pair: so must typelattice
                with pytest.raises((TypeError, tl.TypePromotionError)):
                    tl.result_type(*objs, rules=rules)
                continue
            got = tl.result_type(*objs, rules=rules, return_weak_type_flag=True)
            assert got == (tl.dtype(want_d), bool(want_w)), [(o.dtype.name, type(o).__name__) for o in objs]
    finally:
        ops.set_dtype_conversion_mode(old.name.lower())
