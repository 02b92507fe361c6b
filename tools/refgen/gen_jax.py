#!/usr/bin/env python3
"""Generate tests/data/ref/jax*.tsv by running the installed JAX (rules 'jax').

Configurations: x64 off/on (flag --x64) x standard/strict promotion (flag --strict).
Functions: jnp.promote_types (promote-types), jax.dtypes.result_type(...,
return_weak_type_flag=True) (promote), jax._src.numpy.util.promote_dtypes evaluated eagerly,
with Python ints the real operator rejects as 'OverflowError: *' (promote --op; see do_op),
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

def make_operand(kind, d, v):
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
    return obj


build = common.operand_builder(make_operand)


def fmt(dt, weak):
    return dtype_result(np.dtype(dt).name, bool(weak))


run = common.run


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
    build.clear()


def do_promote(ops):
    def f():
        dt, weak = jdt.result_type(*[build(t) for t in ops], return_weak_type_flag=True)
        return fmt(dt, weak)
    return run_set(f)


OVERFLOW = "error: OverflowError: *"
# Counters for the --op agreement checks, printed to stderr at the end of main().
STATS = {"binary_checked": 0, "binary_overflow": 0, "overflow_rule_disagree": [],
         "eager": 0, "fallback": [], "lattice_agree": 0, "lattice_disagree": [],
         "fallback_not_float6": []}
_stats_seen = set()  # (x64, strict, ops): count each written case once


def py_int_overflows(v):
    """True when JAX cannot take the Python int v as an array (jnp.asarray raises OverflowError:
    outside int32 with x64 off, outside int64 with x64 on)."""
    try:
        jnp.asarray(v)
    except OverflowError:
        return True
    return False


def _lattice(args):
    dt, weak = jdt.lattice_result_type(*args)
    return fmt(dt, weak)


def do_op(ops):
    """The dtype `x + y` computes in (rules 'jax', --op).

    1. A Python int the real operator cannot take raises OverflowError at the jit boundary
       ("... whose argument path is y. Got <class 'int'> with value 2147483648"), recorded
       verbatim.  Binary cases run jnp.add(a, b) eagerly (paths x, y); N-ary lists use the
       equivalent test "jnp.asarray(v) raises OverflowError" for each Python int operand (checked
       equal to jnp.add on every binary case, see STATS) and record the message of a variadic
       jax.jit(lambda *xs: ...) (paths xs[i]).
    2. Otherwise the output dtype/weak flag of jax._src.numpy.util.promote_dtypes(*ops),
       evaluated eagerly (eval_shape would canonicalize weak 64-bit arrays).  A single operand is
       returned as is (lax.asarray).  Where the eager conversion crashes XLA CPU (float6:
       "Invalid bitcast i6 to i8" -> JaxRuntimeError), the dtypes come from
       dtypes.lattice_result_type(*ops), which converts no data.
    3. Other errors (TypePromotionError, ...) verbatim."""
    key = (jax.config.jax_enable_x64, jax.config.jax_numpy_dtype_promotion, tuple(ops))
    if key in _stats_seen:
        return _op_results[key]
    _stats_seen.add(key)
    _op_results[key] = r = _do_op(ops)
    return r


_op_results = {}


def jit_overflow(args):
    """N-ary --op: the OverflowError of a variadic jitted function, jax.jit(lambda *xs: ...)(*args),
    whose argument parser names the first Python int that does not fit ("xs[i]")."""
    try:
        jax.jit(lambda *xs: xs[0])(*args)
    except OverflowError as e:
        return fmt_err(e)
    except Exception:  # noqa
        pass
    STATS["overflow_rule_disagree"].append(("jit", len(args)))
    return OVERFLOW


def _do_op(ops):
    parsed = [parse_operand(t) for t in ops]
    rule = any(p[0] == "py" and type(p[2]) is int and py_int_overflows(p[2]) for p in parsed)
    try:
        args = [build(t) for t in ops]
    except Exception as e:  # noqa
        return fmt_err(e)
    if len(ops) == 2 and any(p[0] == "py" for p in parsed):
        STATS["binary_checked"] += 1
        real = None
        try:
            jnp.add(*args)
        except OverflowError as e:
            real = fmt_err(e)  # the jit argument parser's text, argument path x or y
        except Exception:  # noqa: other failures (TypePromotionError, missing kernels)
            pass
        STATS["binary_overflow"] += real is not None
        if (real is not None) != rule:
            STATS["overflow_rule_disagree"].append((ops, real, rule))
        if real is not None:
            return real
    if rule:
        return jit_overflow(args)

    def f():
        try:
            r = jnp_util.promote_dtypes(*args)[0]
        except jax.errors.JaxRuntimeError as e:
            STATS["fallback"].append((ops, str(e).splitlines()[0][:80]))
            if not any(p[1] and p[1].startswith("float6") for p in parsed):
                STATS["fallback_not_float6"].append(ops)
            return _lattice(args)
        out = fmt(r.dtype, r.aval.weak_type)
        STATS["eager"] += 1
        if not any(p[1] and p[1].startswith("float6") for p in parsed):
            lat = run(lambda: _lattice(args))
            if lat == out:
                STATS["lattice_agree"] += 1
            else:
                STATS["lattice_disagree"].append((ops, out, lat))
        return out
    return run_set(f)


HUGE_INTS = [2**127, 2**128 - 1, 2**128, -2**128, 2**200, -2**200, 2**1000]


def issue15_cases(w, rng, fl, op_pool):
    """Python ints of any size in every position of binary and N-ary --op lists (the jit
    OverflowError text with its argument path), and in result_type (no value check)."""
    huge = [py(v) for v in HUGE_INTS] + [str(v) for v in HUGE_INTS[:3]]
    ofl = fl + " --op"
    for h in huge:
        w.add("promote", fl, [h], do_promote([h]))
        for x in rng.sample(op_pool, 6):
            w.add("promote", ofl, [x, h], do_op([x, h]))
            w.add("promote", ofl, [h, x], do_op([h, x]))
            w.add("promote", fl, [x, h], do_promote([x, h]))
    for _ in range(300):
        n = rng.randint(1, 5)
        ops = [rng.choice(op_pool) for _ in range(n)]
        ops[rng.randrange(n)] = rng.choice(huge)
        w.add("promote", ofl, ops, do_op(ops))


def main():
    w = common.CaseWriter("jax", "tools/refgen/gen_jax.py",
                          [("jax", jax.__version__), ("jaxlib", jaxlib.__version__),
                           ("numpy", np.__version__), ("ml_dtypes", ml_dtypes.__version__)])
    rng = random.Random(common.seed(31337))
    pt = DTYPES + TYPES
    pyvals = [py(2), py(1.5), py(1j), py(True), py(False), py(0), py(-1), py(-0.0),
              py(float("inf")), py(float("nan")), py(1e300), "300", "-1.5", "1e+300", "1j", "True"]
    bigs = [py(v) for v in BIG_INTS]
    # int1/uint1 take part as dtypes only. JAX 0.12 cannot make a weak int1/uint1 array
    # (convert_element_type fails with RuntimeProgramInputMismatch even in a fresh process),
    # and after a few thousand other cases its answers for int1/uint1 arrays change (an
    # int1 array + a bool array gave bool, where a fresh process gives int1), so no
    # array/weak operand of theirs is recorded.
    runtime = [d for d in DTYPES if d not in ("int1", "uint1")]
    weaks = ["weak:" + d for d in runtime]
    arrays = ["array:" + d for d in runtime]
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
            issue15_cases(w, rng, fl, op_pool)
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
    st = STATS
    print("--op: binary cases with a Python operand run through jnp.add: %d (OverflowError: %d); "
          "jnp.add vs jnp.asarray overflow rule disagreements: %d"
          % (st["binary_checked"], st["binary_overflow"], len(st["overflow_rule_disagree"])),
          file=sys.stderr)
    for x in st["overflow_rule_disagree"][:20]:
        print("  overflow disagree:", x, file=sys.stderr)
    print("--op: eager promote_dtypes results: %d; lattice_result_type fallbacks (XLA crash): %d "
          "(%d without a float6 operand)" % (st["eager"], len(st["fallback"]),
                                             len(st["fallback_not_float6"])), file=sys.stderr)
    for x in st["fallback"][:3]:
        print("  fallback:", x, file=sys.stderr)
    print("--op: lattice_result_type vs eager promote_dtypes on non-float6 cases: %d agree, "
          "%d disagree" % (st["lattice_agree"], len(st["lattice_disagree"])), file=sys.stderr)
    for x in st["lattice_disagree"][:10]:
        print("  lattice disagree:", x, file=sys.stderr)


if __name__ == "__main__":
    main()
