#!/usr/bin/env python3
"""Compare typelattice's conversion throughput with NumPy astype and ml_dtypes.

Usage: /work/refenvs/ref/bin/python bench/compare_numpy.py [--cli build/typelattice]
                                          [--pairs FROM:TO,...] [--sizes 32768,67108864]

For every pair and size it measures, in the same run and on the same machine:
  - NumPy (or ml_dtypes) conversion into a preallocated output: np.copyto(out, src,
    casting='unsafe'), best of several runs, single thread;
  - memcpy of the source buffer (np.copyto of a same-size uint8 view);
  - `typelattice bench convert --json` for the same pairs and sizes.
GB/s counts bytes read + written. Prints a table with the speed-up over NumPy/ml_dtypes.
"""
import argparse, json, os, subprocess, sys, time
import numpy as np
import ml_dtypes as m

DEFAULT = ['float32:float16', 'float16:float32', 'float32:bfloat16', 'bfloat16:float32',
           'float64:float16', 'float16:float64', 'float64:bfloat16', 'float64:float32',
           'float32:float64', 'float32:float8_e4m3fn', 'float32:float8_e5m2',
           'float64:float8_e4m3fn', 'float64:float8_e5m2', 'float8_e4m3fn:float32', 'float8_e5m2:float32',
           'bfloat16:float64', 'float8_e4m3fn:float64', 'float16:bfloat16',
           'int32:float32', 'float32:int32', 'int8:int32', 'int64:int8', 'uint8:float32']


def dt(name):
    return np.dtype(getattr(m, name)) if hasattr(m, name) else np.dtype(name)


def best(fn, budget):
    b, t0, r = 1e30, time.perf_counter(), 0
    while r < 3 or time.perf_counter() - t0 < budget:
        s = time.perf_counter(); fn(); b = min(b, time.perf_counter() - s); r += 1
    return b


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument('--cli', default=os.path.join(here, '..', 'build', 'typelattice'))
    ap.add_argument('--pairs', default=','.join(DEFAULT))
    ap.add_argument('--sizes', default='32768,67108864')
    ap.add_argument('--json', action='store_true')
    a = ap.parse_args()
    pairs = a.pairs.split(',')
    sizes = [int(s) for s in a.sizes.split(',')]
    rng = np.random.default_rng(1)
    rows = []
    tl = {}
    for size in sizes:
        out = subprocess.run([a.cli, 'bench', 'convert', '--pairs', a.pairs, '--size', str(size), '--json'],
                             check=True, capture_output=True, text=True).stdout
        doc = json.loads(out)
        for r in doc['results']:
            tl[(r['from'], r['to'], size)] = r
        tier = doc['tier']
    for size in sizes:
        budget = 0.3 if size > 1 << 24 else 0.05
        raw = np.empty(size, np.uint8); raw2 = np.empty(size, np.uint8)
        mem = 2 * size / best(lambda: np.copyto(raw2, raw), budget) / 1e9
        for p in pairs:
            f, t = p.split(':')
            fd, td = dt(f), dt(t)
            n = size // fd.itemsize
            src = (rng.standard_normal(n) * 50).astype(fd)
            dst = np.empty(n, td)
            with np.errstate(all='ignore'):
                sec = best(lambda: np.copyto(dst, src, casting='unsafe'), budget)
            npg = n * (fd.itemsize + td.itemsize) / sec / 1e9
            r = tl[(f, t, size)]
            rows.append(dict(pair=p, size=size, numpy_gbps=npg, tl_gbps=r['gbps'], memcpy_gbps=mem,
                             tl_memcpy_gbps=r['memcpy_gbps'], speedup=r['gbps'] / npg,
                             tl_ratio_memcpy=r['ratio']))
    if a.json:
        print(json.dumps(dict(tier=tier, numpy=np.__version__, ml_dtypes=m.__version__, rows=rows), indent=1))
        return
    print('typelattice tier %s; numpy %s, ml_dtypes %s; GB/s = (read + written) / s, 1 thread' %
          (tier, np.__version__, m.__version__))
    for size in sizes:
        print('\nsize %d bytes of source' % size)
        print('%-34s %9s %9s %8s %9s' % ('pair', 'numpy', 'tl', 'speedup', 'tl/memcpy'))
        for r in rows:
            if r['size'] == size:
                print('%-34s %9.2f %9.2f %7.1fx %9.2f' % (r['pair'], r['numpy_gbps'], r['tl_gbps'],
                                                        r['speedup'], r['tl_ratio_memcpy']))


if __name__ == '__main__':
    main()
