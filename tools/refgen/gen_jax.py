#!/usr/bin/env python3
"""Generate tests/data/ref/jax*.tsv by running the installed JAX (rules 'jax').

Configurations: x64 off/on (flag --x64) x standard/strict promotion (flag --strict).
Functions: jnp.promote_types (promote-types), jax.dtypes.result_type(...,
return_weak_type_flag=True) (promote), jax._src.numpy.util.promote_dtypes (promote --op),
jnp.can_cast (can-cast)."""
import ast
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import CATALOGUE, fmt_err, dtype_result, py, parse_operand  # noqa: E402

import numpy as np  # noqa: E402
import ml_dtypes  # noqa: E402
import jax  # noqa: E402
import jaxlib  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax._src import dtypes as jdt  # noqa: E402
from jax._src.lax import lax as lax_internal  # noqa: E402
from jax._src.numpy import util as jnp_util  # noqa: E402

jax.config.update("jax_platforms", "cpu")

NATIVE = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"}


def np_dtype(name):
    if name in NATIVE:
        return np.dtype(name)
    return np.dtype(getattr(ml_dtypes, name))


def jax_known(name):
    try:
        dt = np_dtype(name)
    except AttributeError:
        return False
    return dt in jdt._jax_types or any(dt == t for t in jdt._jax_types if not isinstance(t, type))


DTYPES = [d for d in CATALOGUE if jax_known(d)]
TYPES = ["int", "float", "complex", "bool"]
MODES = ["no", "equiv", "safe", "same_kind", "unsafe"]
BIG_INTS = [2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**32, 2**63 - 1, 2**63, -2**63, -2**63 - 1,
            2**64, 2**100, -2**100]

_cache = {}


def build(tok):
    if tok in _cache:
        return _cache[tok]
    kind, d, v = parse_operand(tok)
    if kind == "pytype":
        obj = {"int": int, "float": float, "complex": complex, "bool": bool}[d]
    elif kind == "py":
        obj = v
    elif kind == "dtype":
        obj = np_dtype(d)
    elif kind == "array":
        obj = jnp.zeros(2, np_dtype(d))
    elif kind == "weak":
        obj = lax_internal._convert_element_type(np.zeros(2, np_dtype(d)), np_dtype(d),
                                                 weak_type=True)
        assert obj.aval.weak_type
    elif kind == "zerodim":
        obj = jnp.asarray(np.array(0 if v is None else v, np_dtype(d)))
    else:
        raise ValueError(tok)
    _cache[tok] = obj
    return obj


def fmt(dt, weak):
    return dtype_result(np.dtype(dt).name, bool(weak))


def run(fn):
    try:
        return fn()
    except Exception as e:
        return fmt_err(e)


def run_set(fn):
    """Like run(), for result_type/promote_dtypes: their 'Input dtypes (...)' tuple comes from a
    Python set (order varies between runs), so write it sorted (the checker compares it as a
    multiset)."""
    r = run(fn)
    i = r.find("Input dtypes (")
    j = r.find(") have ", i)
    if i >= 0 and j > 0:
        start = i + len("Input dtypes ")
        try:
            t = ast.literal_eval(r[start:j + 1])
            if not isinstance(t, tuple):
                t = (t,)
            r = r[:start] + repr(tuple(sorted(t))) + r[j + 1:]
        except (ValueError, SyntaxError):
            pass
    return r


def set_config(x64, strict):
    jax.config.update("jax_enable_x64", x64)
    jax.config.update("jax_numpy_dtype_promotion", "strict" if strict else "standard")
    _cache.clear()
    _abs_cache.clear()


def do_promote(ops):
    def f():
        dt, weak = jdt.result_type(*[build(t) for t in ops], return_weak_type_flag=True)
        return fmt(dt, weak)
    return run_set(f)


_abs_cache = {}


def abstract(tok):
    """Abstract (shape/dtype/weak) value of an array operand, made without running XLA."""
    if tok in _abs_cache:
        return _abs_cache[tok]
    kind, d, v = parse_operand(tok)
    dt = np_dtype(d)
    if kind == "array":
        r = jax.eval_shape(lambda: jnp.zeros(2, dt))
    elif kind == "weak":
        r = jax.eval_shape(lambda: lax_internal._convert_element_type(
            jnp.zeros(2, dt), dt, weak_type=True))
        assert r.weak_type
    elif kind == "zerodim":
        r = jax.eval_shape(lambda: jnp.asarray(np.array(0 if v is None else v, dt)))
    else:
        raise ValueError(tok)
    _abs_cache[tok] = r
    return r


def do_op(ops):
    """Output dtype/weak flag of jax._src.numpy.util.promote_dtypes(*ops): arrays are traced
    abstractly (jax.eval_shape), Python scalars are passed as concrete values."""
    def f():
        parsed = [parse_operand(t) for t in ops]
        arr_idx = [i for i, p in enumerate(parsed) if p[0] != "py"]
        structs = [abstract(ops[i]) for i in arr_idx]

        def fn(*xs):
            it = iter(xs)
            args = [next(it) if p[0] != "py" else p[2] for p in parsed]
            return jnp_util.promote_dtypes(*args)[0]
        r = jax.eval_shape(fn, *structs)
        return fmt(r.dtype, r.weak_type)
    return run_set(f)


def main():
    w = common.CaseWriter("jax", "tools/refgen/gen_jax.py",
                          [("jax", jax.__version__), ("jaxlib", jaxlib.__version__),
                           ("numpy", np.__version__), ("ml_dtypes", ml_dtypes.__version__)])
    rng = random.Random(31337)
    pt = DTYPES + TYPES
    pyvals = [py(2), py(1.5), py(1j), py(True), py(False), py(0), py(-1), py(-0.0),
              py(float("inf")), py(float("nan")), py(1e300), "300", "-1.5", "1e+300", "1j", "True"]
    bigs = [py(v) for v in BIG_INTS]
    weaks = ["weak:" + d for d in DTYPES]
    arrays = ["array:" + d for d in DTYPES]
    pair_ops = DTYPES + weaks + ["int", "float", "complex", "bool",
                                 py(2), py(1.5), py(1j), py(True)]
    nary_pool = DTYPES + weaks + TYPES + pyvals + bigs + ["zerodim:" + d for d in
                                                            ("int8", "float16", "int64")]
    op_pairs = arrays + weaks + [py(2), py(1.5), py(1j), py(True), py(-1), py(1e300)] + bigs
    op_pool = arrays + weaks + pyvals + bigs

    for x64 in (False, True):
        for strict in (False, True):
            set_config(x64, strict)
            fl = "--rules jax" + (" --x64" if x64 else "") + (" --strict" if strict else "")
            for a in pt:
                for b in pt:
                    w.add("promote-types", fl, [a, b],
                          run(lambda: np.dtype(jnp.promote_types(build(a), build(b))).name
                              if np.dtype(jnp.promote_types(build(a), build(b))).name
                              in common.CATALOGUE_SET else common.UNREPRESENTABLE))
            for a in pair_ops:
                w.add("promote", fl, [a], do_promote([a]))
                for b in pair_ops:
                    w.add("promote", fl, [a, b], do_promote([a, b]))
            for _ in range(10000):
                ops = [rng.choice(nary_pool) for _ in range(rng.randint(1, 6))]
                w.add("promote", fl, ops, do_promote(ops))
            ofl = fl + " --op"
            for a in op_pairs:
                for b in op_pairs:
                    if a in bigs and b in bigs:
                        continue
                    w.add("promote", ofl, [a, b], do_op([a, b]))
            for _ in range(2500):
                ops = [rng.choice(op_pool) for _ in range(rng.randint(1, 6))]
                w.add("promote", ofl, ops, do_op(ops))
        # can-cast (jnp.can_cast is np.can_cast; x64 does not matter, recorded for both)
        set_config(x64, False)
        fl = "--rules jax" + (" --x64" if x64 else "")
        for mode in MODES:
            for a in pt:
                for b in pt:
                    w.add("can-cast", fl + " --casting " + mode, [a, b],
                          run(lambda: "true" if jnp.can_cast(build(a), build(b), mode)
                              else "false"))
    w.write()


if __name__ == "__main__":
    main()
