#!/usr/bin/env python3
"""Generate TensorFlow reference cases.  One mode per process (TF's promotion mode can only be
set at program start):

  gen_tensorflow.py classic  -> tests/data/ref/tensorflow.tsv       (rules 'tensorflow')
  gen_tensorflow.py all      -> tests/data/ref/tensorflow-all.tsv   (rules 'tensorflow-all')
  gen_tensorflow.py safe     -> tests/data/ref/tensorflow-safe.tsv  (rules 'tensorflow-safe')

classic: only `promote --op` (a + b; TF classic has no promotion function).
all/safe: tf.experimental.numpy.experimental_enable_numpy_behavior(dtype_conversion_mode=MODE);
promote = tensorflow.python.framework.flexible_dtypes.result_type(*ops) -> (dtype, weak);
promote --op = a + b (weak iff the result is a WeakTensor).

Each run also writes the function form, tf.add(a, b) (= tf.math.add), as `promote --function`
cases to tests/data/ref/tensorflow-fn.tsv, tensorflow-all-fn.tsv, tensorflow-safe-fn.tsv: Python
numbers and NumPy scalars (`scalar:D:V`) are allowed on either side, also both.
`gen_tensorflow.py MODE fn` writes only that file."""
import os
import random
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import dtype_result, py, parse_operand  # noqa: E402

MODE = sys.argv[1] if len(sys.argv) > 1 else "classic"
assert MODE in ("classic", "all", "safe"), MODE
ONLY_FN = sys.argv[2:] == ["fn"]
assert ONLY_FN or len(sys.argv) <= 2, sys.argv

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

if MODE != "classic":
    tf.experimental.numpy.experimental_enable_numpy_behavior(dtype_conversion_mode=MODE)

from tensorflow.python.eager import context  # noqa: E402
from tensorflow.python.framework import flexible_dtypes  # noqa: E402
from tensorflow.python.framework.weak_tensor import WeakTensor  # noqa: E402

import logging  # noqa: E402
tf.get_logger().setLevel(logging.ERROR)

RULES = {"classic": "tensorflow", "all": "tensorflow-all", "safe": "tensorflow-safe"}[MODE]
FL = "--rules " + RULES

CORE = ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
        "bfloat16", "float16", "float32", "float64", "complex64", "complex128"]
EXTRA = [d for d in ["int2", "int4", "uint2", "uint4", "float4_e2m1fn", "float8_e4m3fn",
                     "float8_e5m2", "float8_e4m3fnuz", "float8_e4m3b11fnuz", "float8_e5m2fnuz"]
         if hasattr(tf.dtypes.experimental, d)]
DTYPES = CORE + EXTRA


def tfd(name):
    return getattr(tf, name) if name in CORE else getattr(tf.dtypes.experimental, name)


VALUES = [0, 1, -1, 127, 128, 255, 256, -129, 2**31 - 1, 2**31, 2**63, 1.5, -0.0, 1e300,
          float("inf"), float("nan"), True, False, 1j]

def make_operand(kind, d, v):
    if kind == "py":
        obj = v
    elif kind == "dtype":
        obj = tfd(d)
    elif kind == "array":
        obj = tf.zeros(2, tfd(d))
    elif kind == "weak":
        obj = WeakTensor.from_tensor(tf.zeros(2, tfd(d)))
    elif kind == "zerodim":
        obj = tf.constant(0 if v is None else v, tfd(d))
    elif kind == "scalar":
        obj = np.dtype(d).type(v)
        if not common.same_value(v, obj.item()):
            raise ValueError("inexact")
    else:
        raise ValueError(tok)
    return obj


build = common.operand_builder(make_operand)


def valid(tok):
    return common.buildable(build, tok)


def run(f):
    # TF keeps a cache of Python scalars converted to tensors: once tf.add(uint64, -1) has
    # run, `uint64 + (-1)` answers uint64 instead of a fresh process's SystemError. Every
    # case starts from an empty cache, so each answer is the one a new program gets.
    context.context()._clear_caches()
    return common.run(f)


def promote(ops):
    def f():
        dt, weak = flexible_dtypes.result_type(*[build(t) for t in ops])
        return dtype_result(tf.as_dtype(dt).name, bool(weak))
    return run(f)


def op(a, b):
    def f():
        r = build(a) + build(b)
        weak = isinstance(r, WeakTensor)
        return dtype_result(r.dtype.name, weak and MODE != "classic")
    return run(f)


def fn(a, b):
    def f():
        r = tf.add(build(a), build(b))
        weak = isinstance(r, WeakTensor)
        return dtype_result(r.dtype.name, weak and MODE != "classic")
    return run(f)


def main_fn():
    """tf.add(a, b) cases -> <rules>-fn.tsv."""
    assert tf.add is tf.math.add
    w = common.CaseWriter(RULES + "-fn", "tools/refgen/gen_tensorflow.py " + MODE,
                          [("tensorflow", tf.__version__), ("numpy", np.__version__),
                           ("tf_dtype_conversion_mode", MODE)])
    fl = FL + " --function"
    arrays = ["array:" + d for d in DTYPES if valid("array:" + d)]
    pyvals = [py(v) for v in VALUES] + ["300", "-1.5", "1j", "True"]
    zerodims = [t for t in ("zerodim:%s" % d for d in CORE) if valid(t)]
    scalars = [t for t in ("scalar:%s:1" % d for d in CORE if d != "bfloat16") if valid(t)]
    weaks = []
    if MODE != "classic":
        weaks = [t for t in ("weak:" + d for d in DTYPES) if valid(t)]
    pairs = []
    for a in arrays + weaks:
        for b in arrays + weaks + scalars:
            pairs += [(a, b), (b, a)]
        for b in pyvals + zerodims:
            pairs += [(a, b), (b, a)]
    for a in pyvals + scalars + zerodims:
        for b in pyvals + scalars + zerodims:
            pairs.append((a, b))
    for a, b in pairs:
        w.add("promote", fl, [a, b], fn(a, b))
    w.write()


def main():
    main_fn()
    if ONLY_FN:
        return
    w = common.CaseWriter(RULES, "tools/refgen/gen_tensorflow.py " + MODE,
                          [("tensorflow", tf.__version__), ("numpy", np.__version__),
                           ("tf_dtype_conversion_mode", MODE)])
    rng = random.Random(common.seed(2150))
    arrays = ["array:" + d for d in DTYPES if valid("array:" + d)]
    pyvals = [py(v) for v in VALUES] + ["300", "-1.5", "1j", "True"]
    zerodims = [t for t in ("zerodim:%s" % d for d in CORE) if valid(t)]
    weaks = []
    if MODE != "classic":
        weaks = [t for t in ("weak:" + d for d in DTYPES) if valid(t)]
    bare = [d for d in DTYPES if d != "bool"]  # bare `bool` means the Python type

    oppairs = []
    for a in arrays + weaks:
        for b in arrays + weaks:
            oppairs.append((a, b))
        for b in pyvals + zerodims:
            oppairs += [(a, b), (b, a)]
    for a in zerodims:
        for b in zerodims + pyvals:
            oppairs.append((a, b))
    for a, b in oppairs:
        w.add("promote", FL + " --op", [a, b], op(a, b))

    if MODE != "classic":
        pairs = []
        ops_all = arrays + weaks + bare + pyvals + zerodims
        for a in arrays + weaks + bare:
            for b in arrays + weaks + bare + pyvals:
                pairs += [(a, b), (b, a)]
        for a in pyvals:
            for b in pyvals:
                pairs.append((a, b))
        for a, b in pairs:
            w.add("promote", FL, [a, b], promote([a, b]))
        for a in ops_all:
            w.add("promote", FL, [a], promote([a]))
        for _ in range(10000):
            ops = [rng.choice(ops_all) for _ in range(rng.randint(1, 6))]
            w.add("promote", FL, ops, promote(ops))
        for _ in range(2500):
            ops = [rng.choice(arrays + weaks + pyvals) for _ in range(2)]
            if all(parse_operand(t)[0] == "py" for t in ops):
                continue
            w.add("promote", FL + " --op", ops, op(*ops))
    w.write()


if __name__ == "__main__":
    main()
