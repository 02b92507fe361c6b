#!/usr/bin/env python3
"""Compare `typelattice bench binary` with NumPy's np.add(a, b, out=o) on the same pairs and sizes.

usage: python bench/compare_binary_numpy.py [--cli build/typelattice] [--tier T]
Needs numpy and ml_dtypes (bfloat16), e.g. /work/refenvs/ref/bin/python. Single thread for both
(OMP/BLAS do not matter for np.add, which is single-threaded). GB/s counts both inputs read and
the output written; ratio > 1 means typelattice is faster.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np
import ml_dtypes

PAIRS = [("float32", "float32"), ("int8", "float32"), ("float16", "float32"), ("bfloat16", "float32")]
SIZES = [32 << 10, 64 << 20]


def dt(name):
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


def best_time(fn, min_s):
    best = 1e30
    for _ in range(5):
        it, t0 = 0, time.perf_counter()
        while True:
            fn()
            it += 1
            t = time.perf_counter()
            if t - t0 >= min_s:
                break
        best = min(best, (t - t0) / it)
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(__file__), "..", "build", "typelattice"))
    ap.add_argument("--tier")
    args = ap.parse_args()
    cmd = [args.cli, "bench", "binary", "--json"] + (["--tier", args.tier] if args.tier else [])
    ours = {(r["size"], r["pair"]): r for r in json.loads(subprocess.check_output(cmd))}
    print("numpy %s, ml_dtypes %s, python %s" % (np.__version__, ml_dtypes.__version__, sys.version.split()[0]))
    print("%-8s %-20s %12s %12s %8s" % ("size", "pair", "numpy GB/s", "ours GB/s", "ours/np"))
    for size in SIZES:
        n = size // 4
        for a_name, b_name in PAIRS:
            ramp = ((np.arange(n) % 97) - 48).astype(np.float32) * 0.5
            a, b = ramp.astype(dt(a_name)), ramp.astype(dt(b_name))
            o = np.empty(n, np.float32)
            np.add(a, b, out=o)
            t = best_time(lambda: np.add(a, b, out=o), 0.05 if size < (1 << 20) else 0.2)
            moved = n * (a.itemsize + b.itemsize + 4)
            np_gbs = moved / t / 1e9
            label = "%s + %s" % (a_name, b_name)
            r = ours[(size, label)]
            print("%-8s %-20s %12.2f %12.2f %7.2fx" % ("32 KiB" if size < (1 << 20) else "64 MiB", label, np_gbs,
                                                     r["gb_per_s"], r["gb_per_s"] / np_gbs))


if __name__ == "__main__":
    main()
