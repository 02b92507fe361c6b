#!/usr/bin/env python3
"""Fixed per-call cost of tl.astype (issue 17) beside NumPy's ndarray.astype and
PyTorch's Tensor.to / copy_, in the same run, on small arrays (where the call
overhead dominates), plus tl.add beside np.add.

    python bench/python_overhead.py [--n N] [--repeat R]

Prints ns per call (best of R timing runs of N calls each). torch is used when
importable (e.g. with the reference venv and the package installed into a
private --target directory on PYTHONPATH).
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit

import numpy as np

import typelattice as tl


def ns_per_call(stmt, n, repeat):
    t = timeit.Timer(stmt, timer=time.process_time)  # CPU time: robust on a shared machine
    return min(t.repeat(repeat=repeat, number=n)) / n * 1e9


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=100_000, help="calls per timing run")
    ap.add_argument("--repeat", type=int, default=7, help="timing runs (best is reported)")
    args = ap.parse_args(argv)
    n, rep = args.n, args.repeat
    rows = []
    for size in (1, 16, 1024):
        x = np.arange(size, dtype=np.float32)
        out16 = np.empty(size, np.float16)
        f16 = np.dtype(np.float16)
        t16 = tl.dtype("float16")
        rows.append((f"float32[{size}] -> float16", [
            ("tl.astype(x, 'float16')", ns_per_call(lambda: tl.astype(x, "float16"), n, rep)),
            ("tl.astype(x, tl.dtype)", ns_per_call(lambda: tl.astype(x, t16), n, rep)),
            ("tl.astype(x, np.float16, out=)", ns_per_call(lambda: tl.astype(x, f16, out=out16), n, rep)),
            ("x.astype(np.float16)", ns_per_call(lambda: x.astype(f16), n, rep)),
            ("np.copyto(out, x)", ns_per_call(lambda: np.copyto(out16, x, casting="unsafe"), n, rep)),
        ]))
        try:
            import torch
        except ImportError:
            torch = None
        if torch is not None:
            tx = torch.from_numpy(x)
            tout = torch.empty(size, dtype=torch.float16)
            rows[-1][1].extend([
                ("torch: tx.to(torch.float16)", ns_per_call(lambda: tx.to(torch.float16), n, rep)),
                ("torch: tout.copy_(tx)", ns_per_call(lambda: tout.copy_(tx), n, rep)),
            ])
        a = np.arange(size, dtype=np.int8)
        b = np.arange(size, dtype=np.int8)
        rows.append((f"int8[{size}] + int8[{size}]", [
            ("tl.add(a, b)", ns_per_call(lambda: tl.add(a, b), n // 2, rep)),
            ("np.add(a, b)", ns_per_call(lambda: np.add(a, b), n // 2, rep)),
        ]))
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, typelattice {tl.__version__}, "
          f"convert tier {tl.convert_tier()!r}")
    for title, cells in rows:
        print(f"\n{title}")
        for name, ns in cells:
            print(f"  {name:34s} {ns:9.0f} ns/call")
    return 0


if __name__ == "__main__":
    sys.exit(main())
