#!/usr/bin/env python3
"""Generate tests/data/ref/array-api.tsv with array_api_strict (rules 'array-api'),
API version 2025.12 (array-api-strict's default), plus a set of cases for each version
2021.12 ... 2025.12 (flag --api-version V; see version_cases).

promote-types: xp.result_type(A, B) on dtypes; promote: xp.result_type over arrays, dtypes and
Python scalars; promote --op: a + b; can-cast: xp.can_cast(FROM, TO)."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import dtype_result, py, parse_operand  # noqa: E402

import numpy as np  # noqa: E402
import array_api_strict as xp  # noqa: E402

API_VERSION = "2025.12"
VERSIONS = ["2021.12", "2022.12", "2023.12", "2024.12", "2025.12"]
xp.set_array_api_strict_flags(api_version=API_VERSION)

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64", "complex64", "complex128"]
XD = {d: getattr(xp, d) for d in DTYPES}


def xname(dt):
    for k, v in XD.items():
        if v == dt:
            return k
    return "?" + str(dt)


VALUES = [0, 1, -1, 127, 128, 255, 256, -129, 2**31, 2**63 - 1, 2**63, 2**64, -2**63 - 1,
          1.5, -0.0, 1e300, float("inf"), float("nan"), True, False, 1j, (1e40 + 0j)]

def make_operand(kind, d, v):
    if kind == "py":
        obj = v
    elif kind == "dtype":
        obj = XD[d]
    elif kind == "array":
        obj = xp.zeros(2, dtype=XD[d])
    elif kind == "zerodim":
        obj = xp.asarray(0 if v is None else v, dtype=XD[d])
    else:
        raise ValueError(tok)
    return obj


build = common.operand_builder(make_operand)


run = common.run


def main():
    w = common.CaseWriter("array-api", "tools/refgen/gen_array_api.py",
                          [("array_api_strict", xp.__version__), ("numpy", np.__version__),
                           ("array_api_version", API_VERSION)])
    rng = random.Random(common.seed(2412))
    FL = "--rules array-api"
    for a in DTYPES:
        for b in DTYPES:
            w.add("promote-types", FL, [a, b],
                  run(lambda: dtype_result(xname(xp.result_type(XD[a], XD[b])))))
            w.add("can-cast", FL, [a, b],
                  run(lambda: "true" if xp.can_cast(XD[a], XD[b]) else "false"))
    arrays = ["array:" + d for d in DTYPES]
    zerodims = ["zerodim:" + d for d in DTYPES]
    pyvals = [py(v) for v in VALUES] + ["300", "-1.5", "1j", "True"]
    # bare dtype operands; `bool` is left out because the bare token `bool` means the Python
    # type in the operand grammar (which array_api_strict rejects), not the dtype.
    bare = [d for d in DTYPES if d != "bool"]
    pairs = []
    ops_all = arrays + bare + pyvals + zerodims
    for a in arrays + bare:
        for b in arrays + bare + pyvals:
            pairs += [(a, b), (b, a)]
    for a in zerodims:
        for b in arrays + pyvals:
            pairs += [(a, b), (b, a)]
    for a in pyvals[:8]:
        for b in pyvals[:8]:
            pairs.append((a, b))
    for a, b in pairs:
        w.add("promote", FL, [a, b],
              run(lambda: dtype_result(xname(xp.result_type(build(a), build(b))))))
    for a in bare + arrays + pyvals:
        w.add("promote", FL, [a], run(lambda: dtype_result(xname(xp.result_type(build(a))))))
    for _ in range(5000):
        ops = [rng.choice(ops_all) for _ in range(rng.randint(1, 6))]
        w.add("promote", FL, ops,
              run(lambda: dtype_result(xname(xp.result_type(*[build(t) for t in ops])))))
    # same-kind lists (mostly successful)
    kinds = [["bool"], ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32"],
             ["uint8", "uint16", "uint32", "uint64"], ["float32", "float64", "complex64",
                                                        "complex128"]]
    for _ in range(3000):
        k = rng.choice(kinds)
        ops = []
        for _ in range(rng.randint(1, 6)):
            r = rng.random()
            d = rng.choice(k)
            ops.append(d if r < 0.3 and d != "bool" else ("array:" + d if r < 0.8 else
                                          rng.choice(pyvals)))
        w.add("promote", FL, ops,
              run(lambda: dtype_result(xname(xp.result_type(*[build(t) for t in ops])))))
    for a, b in pairs:
        if parse_operand(a)[0] == "dtype" or parse_operand(b)[0] == "dtype":
            continue
        if parse_operand(a)[0] == "py" and parse_operand(b)[0] == "py":
            continue
        w.add("promote", FL + " --op", [a, b],
              run(lambda: dtype_result(xname((build(a) + build(b)).dtype))))
    version_cases(w, rng, arrays, bare, pyvals, zerodims)
    xp.set_array_api_strict_flags(api_version=API_VERSION)
    w.write()


def version_cases(w, rng, arrays, bare, pyvals, zerodims):
    """Every standard version: what result_type accepts (before 2024.12 no Python scalars),
    promote-types, can-cast and a + b."""
    pool = arrays + bare + pyvals + zerodims
    lists = [[a, b] for a in arrays[:6] + bare[:4] + pyvals[:6] for b in rng.sample(pool, 6)]
    lists += [[rng.choice(pool) for _ in range(rng.randint(1, 5))] for _ in range(400)]
    for v in VERSIONS:
        xp.set_array_api_strict_flags(api_version=v)
        build.clear()
        fl = "--rules array-api --api-version " + v
        for a in DTYPES:
            for b in DTYPES:
                w.add("promote-types", fl, [a, b],
                      run(lambda: dtype_result(xname(xp.result_type(XD[a], XD[b])))))
                w.add("can-cast", fl, [a, b],
                      run(lambda: "true" if xp.can_cast(XD[a], XD[b]) else "false"))
        for ops in lists:
            w.add("promote", fl, ops,
                  run(lambda: dtype_result(xname(xp.result_type(*[build(t) for t in ops])))))
        for a in arrays[:7]:
            for b in rng.sample(pyvals, 5) + rng.sample(arrays, 3):
                w.add("promote", fl + " --op", [a, b],
                      run(lambda: dtype_result(xname((build(a) + build(b)).dtype))))


if __name__ == "__main__":
    main()
