#!/usr/bin/env python3
"""Generate tests/data/ref/torch.tsv by running the installed PyTorch (rules 'torch').

promote-types: torch.promote_types; promote: torch.result_type (2 operands) or
torch._prims_common.elementwise_dtypes(..., DEFAULT)[1] (1 or >2 operands); promote --op: a + b;
can-cast: torch.can_cast.  Cases with Python scalars are also recorded with
--default-dtype float64 (torch.set_default_dtype(torch.float64))."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import dtype_result, py, parse_operand  # noqa: E402

import torch  # noqa: E402
from torch._prims_common import elementwise_dtypes, ELEMENTWISE_TYPE_PROMOTION_KIND  # noqa: E402

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex32", "complex64", "complex128",
          "float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e8m0fnu",
          # torch 2.15's shell dtypes (promotion and can_cast only) and complex bfloat16
          "int1", "int2", "int3", "int4", "int5", "int6", "int7",
          "uint1", "uint2", "uint3", "uint4", "uint5", "uint6", "uint7",
          "float4_e2m1fn_x2", "bcomplex32"]
# Shell dtypes: torch has no kernels for them (a + b fails in copy_ or add_stub), and
# elementwise_dtypes (the N-ary reference) rejects them ("Invalid dtype!"): they are recorded
# through promote_types, can_cast, binary result_type and a + b, not in the N-ary cases.
SHELLS = {"int1", "int2", "int3", "int4", "int5", "int6", "int7", "uint1", "uint2", "uint3",
          "uint4", "uint5", "uint6", "uint7", "float4_e2m1fn_x2"}
DTYPES = [d for d in DTYPES if hasattr(torch, d)]
VALUES = [0, 1, -1, 127, 128, 255, 256, -129, 2**31, 2**63 - 1, 2**63, 2**64, 1.5, -0.0, 65504.0,
          3.4e38, 1e300, float("inf"), float("nan"), True, False, 1j, (1e40 + 0j)]
ZVALUES = [0, 1, -1, 127, 128, 255, 256, -129, 2**31, 1.5, 65504.0, 1e300, float("inf"),
           float("nan"), True, 1j]

TD = {d: getattr(torch, d) for d in DTYPES}
NAME = {v: k for k, v in TD.items()}


def tname(dt):
    n = NAME.get(dt)
    return n if n is not None else str(dt).replace("torch.", "")


def stored_ok(t, v):
    try:
        got = t.item()
    except Exception:
        return False
    return common.same_value(v, got)


def make_operand(kind, d, v):
    if kind == "py":
        obj = v
    elif kind in ("array", "dtype"):
        obj = torch.zeros(2, dtype=TD[d])
    elif kind == "zerodim":
        obj = torch.tensor(v, dtype=TD[d])
        if not stored_ok(obj, v):
            raise ValueError("unrepresentable")
    else:
        raise ValueError(tok)
    return obj


build = common.operand_builder(make_operand)


def valid(tok):
    return common.buildable(build, tok)


run = common.run


DISAGREE = []


def promote(ops):
    objs = [build(t) for t in ops]

    def ew():
        return dtype_result(tname(elementwise_dtypes(
            *objs, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT)[1]))
    if len(ops) == 2:
        r = run(lambda: dtype_result(tname(torch.result_type(*objs))))
        e = run(ew)
        if r != e:
            DISAGREE.append((ops, r, e))
        return r
    return run(ew)


def op(a, b):
    return run(lambda: dtype_result(tname((build(a) + build(b)).dtype)))


SHELL = ["int2", "int4", "uint2", "uint4"]  # torch's shell dtypes that our catalogue has


def issue15_cases(w, rng, FL):
    """The shell dtypes int2/int4/uint2/uint4 (promote_types refuses most pairs with RuntimeError)
    and Python ints of any size next to tensors (OverflowError "int too big to convert")."""
    sd = {d: getattr(torch, d) for d in SHELL}
    alld = dict(TD, **sd)
    for a in alld:
        for b in alld:
            if a in sd or b in sd:
                w.add("promote-types", FL, [a, b],
                      run(lambda: dtype_result(tname(torch.promote_types(alld[a], alld[b])))))
                w.add("can-cast", FL, [a, b],
                      run(lambda: "true" if torch.can_cast(alld[a], alld[b]) else "false"))
    for v in [2**63, 2**64 - 1, 2**64, -2**63 - 1, 2**128, -2**200, 2**1000]:
        for d in ["int8", "uint8", "int64", "float32", "bool", "complex64"]:
            for ops in (["array:" + d, str(v)], [str(v), "array:" + d]):
                w.add("promote", FL, ops, promote(ops))
                w.add("promote", FL + " --op", ops, op(*ops))


def main():
    w = common.CaseWriter("torch", "tools/refgen/gen_torch.py", [("torch", torch.__version__)])
    rng = random.Random(common.seed(4242))
    FL = "--rules torch"
    for a in DTYPES:
        for b in DTYPES:
            w.add("promote-types", FL, [a, b],
                  run(lambda: dtype_result(tname(torch.promote_types(TD[a], TD[b])))))
    for a in DTYPES:
        for b in DTYPES:
            w.add("can-cast", FL, [a, b],
                  run(lambda: "true" if torch.can_cast(TD[a], TD[b]) else "false"))

    arrays = ["array:" + d for d in DTYPES]
    pyvals = [py(v) for v in VALUES] + ["300", "-1.5", "1e+300", "1j", "True"]
    zerodims = [t for t in ("zerodim:%s:%s" % (d, common.fmt_value(v))
                            for d in DTYPES for v in ZVALUES) if valid(t)]
    pairs = [(a, b) for a in arrays for b in arrays]
    for x in arrays:
        for y in pyvals:
            pairs += [(x, y), (y, x)]
        for y in zerodims:
            pairs.append((x, y) if rng.random() < 0.5 else (y, x))
    for y in zerodims:
        for x in rng.sample(pyvals, 6):
            pairs.append((x, y) if rng.random() < 0.5 else (y, x))
    for _ in range(1500):
        pairs.append((rng.choice(zerodims), rng.choice(zerodims)))
    for _ in range(200):
        pairs.append((rng.choice(pyvals), rng.choice(pyvals)))
    # N-ary lists go through torch._prims_common.elementwise_dtypes, which disagrees with the
    # C++ torch.result_type on dtypes whose promotion torch does not support (uint16/32/64,
    # float8: C++ raises, the Python reference promotes) and on Python ints outside int64.
    # Keep the N-ary pool to operands where both agree on every binary case.
    def nary_ok(t):
        k, d, v = parse_operand(t)
        if d in ("uint16", "uint32", "uint64") or (d or "").startswith("float8"):
            return False
        if d in SHELLS or d == "bcomplex32":
            return False
        return not (isinstance(v, int) and not isinstance(v, bool) and not -2**63 <= v < 2**63)
    pool = [t for t in arrays + pyvals + zerodims if nary_ok(t)]
    nary = []
    for _ in range(10500):
        nary.append([rng.choice(pool) for _ in range(rng.randint(1, 6))])

    def has_py(ops):
        return any(parse_operand(t)[0] == "py" for t in ops)

    for default in (None, "float64"):
        if default:
            torch.set_default_dtype(torch.float64)
        fl = FL + (" --default-dtype " + default if default else "")
        for a, b in pairs:
            if default and not has_py([a, b]):
                continue
            w.add("promote", fl, [a, b], promote([a, b]))
        for ops in nary:
            if default and not has_py(ops):
                continue
            w.add("promote", fl, ops, promote(ops))
        for a, b in pairs:
            if parse_operand(a)[0] == "py" and parse_operand(b)[0] == "py":
                continue
            if default and not has_py([a, b]):
                continue
            w.add("promote", fl + " --op", [a, b], op(a, b))
    torch.set_default_dtype(torch.float32)
    issue15_cases(w, rng, FL)
    w.write()
    print("torch.result_type vs elementwise_dtypes disagreements on binary cases: %d"
          % len(DISAGREE), file=sys.stderr)
    for ops, r, e in DISAGREE[:40]:
        print("  %s: result_type=%s elementwise_dtypes=%s" % (" ".join(ops), r, e[:120]),
              file=sys.stderr)


if __name__ == "__main__":
    main()
