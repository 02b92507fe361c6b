#!/usr/bin/env python3
"""Generate tests/data/binary/*.tsv: promoted binary elementwise operations computed by the
real frameworks (NumPy 2 + ml_dtypes, JAX with x64 off and on, PyTorch, TensorFlow with
same-dtype operands) on random inputs and fixed edge cases.

Run with the reference environment:  .venv-ref/ref/bin/python tools/refgen/gen_binary.py
(writes $REFGEN_DATA/binary, default tests/data/binary; $REFGEN_SEED: other random inputs)

One file per framework configuration (numpy.tsv, jax.tsv, jax-x64.tsv, torch.tsv, tensorflow.tsv).
Lines:
  # comments (generator, date, versions)
  RULES <TAB> FLAGS <TAB> OP <TAB> A <TAB> B <TAB> OUT
RULES is the typelattice rule set ("numpy", "jax", "torch"), FLAGS "x64" or "-", OP one of add
subtract multiply divide maximum minimum equal less. A, B and OUT are arrays written as
  DTYPE[:weak] | SHAPE | HEX
SHAPE is comma-separated ("" for 0-d), HEX the C-order element bytes, little-endian,
concatenated. ":weak" marks a JAX weakly typed array (a Python scalar operand). Cases where the
framework raises are not written. Nothing here is computed by typelattice.
"""
import datetime
import os
import random
import sys
import warnings

warnings.simplefilter("ignore")

import numpy as np
import ml_dtypes

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

OUT = os.path.join(common.DATADIR, "binary")
OPS = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "equal", "less"]
NP_OPS = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.true_divide,
          "maximum": np.maximum, "minimum": np.minimum, "equal": np.equal, "less": np.less}
SHAPES = [((7,), (7,)), ((2, 3), (3,)), ((4, 1), (1, 3)), ((), (5,)), ((3, 2), (3, 2))]
MIXED_PER_OP = 28


def npdt(name):
    if hasattr(ml_dtypes, name):
        return np.dtype(getattr(ml_dtypes, name))
    return np.dtype(name)


def rand_values(rng, name, shape):
    d = npdt(name)
    n = int(np.prod(shape)) if shape else 1
    if name == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    if name in ("int4", "uint4"):
        lo, hi = (-8, 7) if name == "int4" else (0, 15)
        return rng.integers(lo, hi + 1, size=shape).astype(d)
    if d.kind in "iu":
        info = np.iinfo(d)
        return rng.integers(int(info.min), int(info.max), size=shape, endpoint=True, dtype=d)

    def reals():
        x = rng.standard_normal(n) * 10.0 ** rng.uniform(-2, 2, n)
        x[np.abs(x) < 1e-30] = 0.0
        special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0]
        for i in range(n):
            if rng.random() < 0.12:
                x[i] = special[rng.integers(len(special))]
        return x

    if d.kind == "c":
        v = reals() + 1j * reals()
    else:
        v = reals()
    v = v.reshape(shape) if shape else v.reshape(())
    return v.astype(d)


def hexof(a):
    a = np.ascontiguousarray(a)
    return a.tobytes().hex()


def fmt(name, weak, shape, hexs):
    return "%s%s|%s|%s" % (name, ":weak" if weak else "", ",".join(str(s) for s in shape), hexs)


def pairs(rng, dtypes, same_extra=()):
    out = [(d, d) for d in dtypes] + list(same_extra)
    mixed = [(a, b) for a in dtypes for b in dtypes if a != b]
    rng_py = random.Random(int(rng.integers(1 << 30)))
    out += rng_py.sample(mixed, min(MIXED_PER_OP, len(mixed)))
    return out


# ---- edge cases (after each framework's random cases, in a fixed order: no rng) ------------
# Subnormal inputs and results (XLA's CPU runtime flushes them in float32/float64 math), a bool
# times a float with the bool of the result's shape or broadcast (XLA selects for the former),
# divisions by a broadcast divisor (XLA multiplies by the reciprocal) and complex division on a
# grid of zeros, infinities and NaNs (Annex G recoveries).
TINY = {"float16": (6e-8, 6.1e-5, 1e-3), "bfloat16": (1e-39, 1.2e-38, 1e-20), "float32": (1e-40, 1.1754944e-38, 1e-20),
        "float64": (1e-310, 2.2250738585072014e-308, 1e-160)}
TINY["complex64"], TINY["complex128"] = TINY["float32"], TINY["float64"]


def edge_cases(base):
    """(op, da, a, db, b) tuples over the float dtypes of base."""
    out = []
    floats = [d for d in base if d in TINY]
    for d in floats:
        s, mn, sq = TINY[d]
        x = [s, -s, mn, -1.5 * mn, sq, -3.0, 0.0, -0.0]
        y = [1.0, 0.5, 0.5, -0.75, sq, sq, 2.0, -1.0]
        if npdt(d).kind == "c":
            x = [complex(v, w) for v, w in zip(x, x[::-1])]
            y = [complex(v, w) for v, w in zip(y, y[3:] + y[:3])]
        a, b = np.array(x).astype(npdt(d)), np.array(y).astype(npdt(d))
        for op in OPS:
            if npdt(d).kind == "c" and op in ("maximum", "minimum", "less"):
                continue
            out += [(op, d, a, d, b), (op, d, a, d, np.array(b[4])), (op, d, np.array(a[4]), d, b),
                    (op, d, a, d, a[::-1].copy())]  # subnormals against zeros
        spec = [-2.0, np.inf, np.nan, -0.0, 3.0, -np.inf, 0.0, 1.0]
        f = np.array([complex(v, 1.0) if npdt(d).kind == "c" and i % 2 else v for i, v in enumerate(spec)]).astype(npdt(d))
        p = np.array([False, True] * 4)
        for pa, fb in [(p, f), (np.array(p[0]), f), (p, np.array(f[0])), (p.reshape(1, 8), np.stack([f, f[::-1]])),
                       (np.stack([p, ~p]), f.reshape(1, 8))]:
            out += [("multiply", "bool", pa, d, fb), ("multiply", d, fb, "bool", pa)]
        out += [("divide", d, f, d, np.array(f[4])), ("divide", d, f, d, np.stack([f, f]).reshape(2, 8)[:1])]
    if "bool" in base:
        p = np.array([False, True, False, True])
        out += [("divide", "bool", p, "bool", np.array(False)), ("divide", "bool", p, "bool", p[::-1].copy())]
    if "int8" in base:
        out += [("divide", "int8", np.array([-21, 7, 1, -128, 0, 5], np.int8), "int8", np.array(6, np.int8))]
    vals = [0.0, -0.0, 1.5, -2.0, np.inf, -np.inf, np.nan]
    grid = [complex(r, i) for r in vals for i in vals]
    for d in [c for c in ("complex64", "complex128") if c in base]:
        a = np.array([u for u in grid for _ in grid]).astype(npdt(d))
        b = np.array([v for _ in grid for v in grid]).astype(npdt(d))
        out.append(("divide", d, a, d, b))
    # the same kind of pairs as the last three of seven elements: past TensorFlow's last whole packet
    # (4 complex64, 2 complex128), where Eigen's scalar divide recovers infinities and zeros
    na = [0j, complex(1.5, -2.0), complex(np.inf, 0.0), complex(np.nan, 0.0), complex(0.0, np.inf)]
    nb = [0j, complex(-0.0, -0.0), complex(np.nan, -np.inf), complex(np.inf, 0.0), complex(0.0, np.inf),
          complex(1.0, -1.0), complex(np.inf, np.inf), complex(np.nan, np.nan)]
    tail = [(u, v) for u in na for v in nb]
    for d in [c for c in ("complex64", "complex128") if c in base]:
        for k in range(0, len(tail), 3):
            t = tail[k:k + 3]
            a = np.array([complex(1.0, 2.0)] * (7 - len(t)) + [u for u, _ in t]).astype(npdt(d))
            b = np.array([complex(-3.0, 0.5)] * (7 - len(t)) + [v for _, v in t]).astype(npdt(d))
            out.append(("divide", d, a, d, b))
    return out


def narrow_cases():
    """(op, d, a, d, b): the small float formats against each other, pairs of codes (every pair
    of float4_e2m1fn; the smallest, some middle and the largest codes of the float8 formats)."""
    out = []
    for d, codes in [("float4_e2m1fn", list(range(16))),
                     ("float8_e8m0fnu", list(range(0, 9)) + list(range(120, 136)) + list(range(250, 256))),
                     ("float8_e4m3fn", list(range(0, 12)) + list(range(60, 68)) + list(range(120, 140)) + list(range(248, 256))),
                     ("float8_e5m2", list(range(0, 8)) + list(range(60, 68)) + list(range(120, 136)) + list(range(250, 256)))]:
        c = np.array(codes, np.uint8)
        a = np.repeat(c, len(c)).view(npdt(d))
        b = np.tile(c, len(c)).view(npdt(d))
        for op in OPS:
            out.append((op, d, a, d, b))
    return out


def np_name(dt):
    dt = np.dtype(dt)
    for n in ("bfloat16", "float8_e4m3fn", "float8_e5m2", "int4", "uint4"):
        if dt == npdt(n):
            return n
    return dt.name


# ---- NumPy ------------------------------------------------------------------------------

def gen_numpy(rng, lines):
    base = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
            "float16", "float32", "float64", "complex64", "complex128"]
    extra = [("bfloat16", "bfloat16"), ("float8_e4m3fn", "float8_e4m3fn"), ("float8_e5m2", "float8_e5m2"),
             ("int4", "int4"), ("uint4", "uint4"), ("bfloat16", "float32"), ("float32", "bfloat16")]
    for op in OPS:
        for da, db in pairs(rng, base, extra):
            sa, sb = SHAPES[rng.integers(len(SHAPES))]
            a, b = rand_values(rng, da, sa), rand_values(rng, db, sb)
            try:
                r = NP_OPS[op](a, b)
            except Exception:
                continue
            r = np.asarray(r)
            lines.append("\t".join(["numpy", "-", op, fmt(da, 0, sa, hexof(a)), fmt(db, 0, sb, hexof(b)),
                                    fmt(np_name(r.dtype), 0, r.shape, hexof(r))]))
    for op, da, a, db, b in edge_cases(base) + narrow_cases():
        with np.errstate(all="ignore"):
            try:
                r = np.asarray(NP_OPS[op](a, b))
            except TypeError:
                continue
        lines.append("\t".join(["numpy", "-", op, fmt(da, 0, a.shape, hexof(a)), fmt(db, 0, b.shape, hexof(b)),
                                fmt(np_name(r.dtype), 0, r.shape, hexof(r))]))


# ---- JAX ----------------------------------------------------------------------------------

def gen_jax(rng, lines, x64):
    import jax
    jax.config.update("jax_enable_x64", bool(x64))
    jax.config.update("jax_platforms", "cpu")
    import jax.numpy as jnp
    ops = {"add": jnp.add, "subtract": jnp.subtract, "multiply": jnp.multiply, "divide": jnp.true_divide,
           "maximum": jnp.maximum, "minimum": jnp.minimum, "equal": jnp.equal, "less": jnp.less}
    base = ["bool", "int8", "int16", "int32", "uint8", "uint16", "uint32", "float16", "bfloat16", "float32",
            "complex64"]
    if x64:
        base += ["int64", "uint64", "float64", "complex128"]
    flags = "x64" if x64 else "-"
    for op in OPS:
        cases = [(a, b, None) for a, b in pairs(rng, base)]
        # weakly typed Python scalars on the right
        for kind in ("int", "float", "complex"):
            for _ in range(3):
                cases.append((base[rng.integers(len(base))], None, kind))
        for da, db, kind in cases:
            sa, sb = SHAPES[rng.integers(len(SHAPES))]
            a = rand_values(rng, da, sa)
            if kind is None:
                b = rand_values(rng, db, sb)
                bj = jnp.asarray(b)
            else:
                v = {"int": int(rng.integers(-100, 101)), "float": float(rng.integers(-64, 65)) / 4,
                     "complex": complex(float(rng.integers(-16, 17)) / 2, float(rng.integers(-16, 17)) / 2)}[kind]
                bj = jnp.asarray(v)  # a weakly typed 0-d array
                b = np.asarray(bj)
                db, sb = np_name(b.dtype), ()
            if kind == "complex" and op in ("maximum", "minimum", "less"):
                continue
            try:
                r = ops[op](jnp.asarray(a), bj)
                weak = bool(getattr(r, "weak_type", False))
                rn = np.asarray(r)
            except Exception:
                continue
            if np_name(rn.dtype) not in base + ["bool"]:
                continue
            if op in ("maximum", "minimum", "less") and np.dtype(rn.dtype).kind == "c":
                continue  # complex ordering: NumPy's lexicographic order is documented, JAX's is its own
            if np.dtype(np.asarray(jnp.asarray(a)).dtype) != np.dtype(a.dtype):
                continue  # canonicalised input (x64 off)
            lines.append("\t".join(["jax", flags, op, fmt(da, 0, sa, hexof(a)),
                                    fmt(db, kind is not None, sb, hexof(b)),
                                    fmt(np_name(rn.dtype), weak, rn.shape, hexof(rn))]))
    for op, da, a, db, b in edge_cases(base) + narrow_cases():
        try:
            r = ops[op](jnp.asarray(a), jnp.asarray(b))
        except Exception:
            continue
        rn = np.asarray(r)
        lines.append("\t".join(["jax", flags, op, fmt(da, 0, a.shape, hexof(a)), fmt(db, 0, b.shape, hexof(b)),
                                fmt(np_name(rn.dtype), bool(getattr(r, "weak_type", False)), rn.shape, hexof(rn))]))


# ---- PyTorch --------------------------------------------------------------------------------

def gen_torch(rng, lines):
    import torch
    ops = {"add": torch.add, "subtract": torch.sub, "multiply": torch.mul, "divide": torch.true_divide,
           "maximum": torch.maximum, "minimum": torch.minimum, "equal": torch.eq, "less": torch.lt}
    base = ["bool", "int8", "int16", "int32", "int64", "uint8", "float16", "bfloat16", "float32", "float64",
            "complex64", "complex128"]

    def to_t(a, name):
        if name == "bfloat16":
            return torch.from_numpy(a.view(np.int16).copy()).view(torch.bfloat16)
        return torch.from_numpy(np.array(a, copy=True))

    def from_t(t):
        if t.dtype == torch.bfloat16:
            return t.view(torch.int16).numpy().view(npdt("bfloat16")), "bfloat16"
        if t.dtype == torch.complex32:  # ComplexHalf (float16 tensor with a complex operand): no .numpy()
            parts = torch.view_as_real(t).contiguous().view(torch.int16).numpy()
            return parts.view(np.uint32).reshape(tuple(t.shape)), "complex32"
        n = t.numpy()
        return n, np_name(n.dtype)

    for op in OPS:
        for da, db in pairs(rng, base):
            sa, sb = SHAPES[rng.integers(len(SHAPES))]
            a, b = rand_values(rng, da, sa), rand_values(rng, db, sb)
            try:
                r = ops[op](to_t(a, da), to_t(b, db))
            except Exception:
                continue
            rn, rname = from_t(r)
            lines.append("\t".join(["torch", "-", op, fmt(da, 0, sa, hexof(a)), fmt(db, 0, sb, hexof(b)),
                                    fmt(rname, 0, rn.shape, hexof(rn))]))
    for op, da, a, db, b in edge_cases(base):
        rn, rname = from_t(ops[op](to_t(a, da), to_t(b, db)))
        lines.append("\t".join(["torch", "-", op, fmt(da, 0, a.shape, hexof(a)), fmt(db, 0, b.shape, hexof(b)),
                                fmt(rname, 0, rn.shape, hexof(rn))]))


# ---- TensorFlow (classic promotion: same-dtype operands) --------------------------------------

def gen_tensorflow(rng, lines):
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
    ops = {"add": tf.math.add, "subtract": tf.math.subtract, "multiply": tf.math.multiply,
           "divide": tf.math.divide, "maximum": tf.math.maximum, "minimum": tf.math.minimum,
           "equal": tf.math.equal, "less": tf.math.less}
    base = ["int8", "int16", "int32", "int64", "uint8", "float16", "bfloat16", "float32", "float64",
            "complex64", "complex128"]

    def to_tf(x, name):
        return tf.constant(x, dtype=getattr(tf, name))

    def run(op, da, a, db, b):
        if da != db or (op == "divide" and npdt(da).kind in "iu"):
            return  # classic TensorFlow: no implicit promotion; integer truediv is its own rule
        if op in ("maximum", "minimum", "less") and npdt(da).kind == "c":
            return
        try:
            r = ops[op](to_tf(a, da), to_tf(b, db)).numpy()
        except Exception:
            return
        lines.append("\t".join(["tensorflow", "-", op, fmt(da, 0, a.shape, hexof(a)), fmt(db, 0, b.shape, hexof(b)),
                                fmt(np_name(r.dtype), 0, r.shape, hexof(r))]))

    for op in OPS:
        for d in base:
            sa, sb = SHAPES[rng.integers(len(SHAPES))]
            run(op, d, rand_values(rng, d, sa), d, rand_values(rng, d, sb))
    for op, da, a, db, b in edge_cases(base):
        run(op, da, a, db, b)


def header(what):
    import jax, torch
    return ["# generated by tools/refgen/gen_binary.py (%s) on %s" % (what, datetime.date.today().isoformat()),
            "# numpy %s, ml_dtypes %s, jax %s, jaxlib %s, torch %s, python %s" % (
                np.__version__, ml_dtypes.__version__, jax.__version__,
                getattr(__import__("jaxlib"), "__version__", "?"), torch.__version__, sys.version.split()[0]),
            common.seed_note().rstrip("\n"),
            "# RULES\tFLAGS\tOP\tA\tB\tOUT   (arrays: DTYPE[:weak]|SHAPE|HEX, little-endian C order)"]


def main():
    os.makedirs(OUT, exist_ok=True)
    jobs = [("numpy.tsv", "numpy", lambda r, l: gen_numpy(r, l)),
            ("jax.tsv", "jax, x64 off", lambda r, l: gen_jax(r, l, False)),
            ("jax-x64.tsv", "jax, x64 on", lambda r, l: gen_jax(r, l, True)),
            ("torch.tsv", "torch", lambda r, l: gen_torch(r, l)),
            ("tensorflow.tsv", "tensorflow", lambda r, l: gen_tensorflow(r, l))]
    for i, (fname, what, fn) in enumerate(jobs):
        rng = np.random.default_rng(common.seed(20260 + i))
        lines = []
        fn(rng, lines)
        with open(os.path.join(OUT, fname), "w") as f:
            f.write("\n".join([h for h in header(what) if h] + lines) + "\n")
        print("%s: %d cases" % (fname, len(lines)))


if __name__ == "__main__":
    main()
