#!/usr/bin/env python3
"""Compare typelattice's conversion throughput with NumPy, ml_dtypes and PyTorch, fairly.

Usage: /work/venvs/ref/bin/python bench/compare_numpy.py [--lib build/libtypelattice.so]
           [--pairs FROM:TO,...] [--sizes 32768,67108864] [--repeats 15] [--quick] [--json]

One harness times every contender the same way, in one process:
  - numpy:       np.copyto(dst, src, casting='unsafe') into a preallocated output (the same
                 loop as src.astype(dst.dtype) without the allocation; ml_dtypes' casts for its
                 dtypes, which register with NumPy);
  - torch:       dst.copy_(src) on tensors sharing the same buffers (torch.from_numpy), with
                 torch.set_num_threads(1); only pairs whose dtypes both exist in torch;
  - typelattice: tl_convert_contiguous through ctypes on the same buffers (1 thread:
                 tl_convert_set_threads(1));
  - tl.astype:   the Python package's tl.astype(src, dtype, out=dst) (its C fast path; 1 thread:
                 TYPELATTICE_THREADS=1), when the package imports: a Python caller's cost per call,
                 which ctypes' argument conversion (~1-2 us a call) overstates in cache;
  - memcpy:      np.copyto between two uint8 buffers of the source's size.
Each sample is a batch of back-to-back calls lasting >= 20 us (per-call time = batch time /
calls), so Python call overhead is paid equally by all; the contenders' batches alternate
(A, B, C, D, A, B, ...) so all see the same state of a shared machine; the figure is the median
of --repeats rounds. Every buffer is 64-byte aligned at its own page offset (adjacent heap
blocks make glibc's memcpy 20x slower in cache). GB/s = (bytes read + written) / s.
"""
import argparse, ctypes, json, os, statistics, sys, time
import numpy as np
import ml_dtypes as m

try:
    import torch
except Exception:  # torch is optional
    torch = None
os.environ['TYPELATTICE_THREADS'] = '1'  # before the package's first conversion
try:
    import typelattice as tlpy
except Exception:  # the Python package is optional
    tlpy = None

DEFAULT = ['float32:float16', 'float16:float32', 'float32:bfloat16', 'bfloat16:float32',
           'float64:float16', 'float16:float64', 'float64:bfloat16', 'float64:float32',
           'float32:float64', 'float32:float8_e4m3fn', 'float32:float8_e5m2',
           'float64:float8_e4m3fn', 'float64:float8_e5m2', 'float8_e4m3fn:float32', 'float8_e5m2:float32',
           'bfloat16:float64', 'float8_e4m3fn:float64', 'float16:bfloat16',
           'int32:float32', 'float32:int32', 'int8:int32', 'int64:int8', 'uint8:float32']
BATCH_S = 20e-6


def dt(name):
    return np.dtype(getattr(m, name)) if hasattr(m, name) else np.dtype(name)


_slot = [0]


def aligned_empty(nbytes):
    """A uint8 buffer of nbytes, 64-byte aligned, at a page offset of its own."""
    _slot[0] = (_slot[0] + 1) % 8
    raw = np.empty(nbytes + 8192, np.uint8)
    addr = raw.ctypes.data
    want = 512 * _slot[0]
    off = (want - addr % 4096) % 4096
    return raw[off:off + nbytes]


def per_call(fn):
    calls, t0 = 0, time.perf_counter()
    while True:
        fn()
        calls += 1
        t = time.perf_counter()
        if t - t0 >= BATCH_S:
            return (t - t0) / calls


def race(fns, repeats):
    """Median per-call seconds of each fn, batches alternating between them."""
    for f in fns.values():  # warm-up (page faults, lazy tables)
        f()
    times = {k: [] for k in fns}
    for _ in range(repeats):
        for k, f in fns.items():
            times[k].append(per_call(f))
    return {k: statistics.median(v) for k, v in times.items()}


def torch_dtype(name):
    if torch is None:
        return None
    return getattr(torch, name, None) if name != 'bool' else torch.bool


def load_lib(path):
    lib = ctypes.CDLL(path)
    lib.tl_dtype_parse.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_void_p]
    lib.tl_convert_contiguous.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p,
                                          ctypes.c_size_t, ctypes.c_uint, ctypes.c_void_p]
    lib.tl_convert_tier.restype = ctypes.c_char_p
    if hasattr(lib, 'tl_convert_set_threads'):
        lib.tl_convert_set_threads(1)
    return lib


def tl_code(lib, name):
    v = ctypes.c_int()
    if lib.tl_dtype_parse(name.encode(), ctypes.byref(v), None) != 0:
        raise SystemExit('typelattice does not know dtype %r' % name)
    return v.value


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument('--lib', default=os.path.join(here, '..', 'build', 'libtypelattice.so'))
    ap.add_argument('--pairs', default=','.join(DEFAULT))
    ap.add_argument('--sizes', default='32768,67108864')
    ap.add_argument('--repeats', type=int, default=15)
    ap.add_argument('--quick', action='store_true', help='5 repeats, 4 MiB instead of 64 MiB')
    ap.add_argument('--json', action='store_true')
    a = ap.parse_args()
    if a.quick:
        a.repeats = 5
        if a.sizes == '32768,67108864':
            a.sizes = '32768,4194304'
    if a.repeats < 1:
        raise SystemExit('--repeats must be >= 1')
    sizes = []
    for s in a.sizes.split(','):
        if not s.isdigit() or not 64 <= int(s) <= 1 << 28:
            raise SystemExit('bad size %r (64 to 268435456 bytes)' % s)
        sizes.append(int(s))
    lib = load_lib(a.lib)
    if torch is not None:
        torch.set_num_threads(1)
    rng = np.random.default_rng(1)
    rows = []
    for size in sizes:
        for p in a.pairs.split(','):
            f, t = p.split(':')
            fd, td = dt(f), dt(t)
            n = size // fd.itemsize
            src = aligned_empty(n * fd.itemsize).view(fd)
            src[...] = (rng.standard_normal(n) * 50).astype(fd)
            dst = aligned_empty(n * td.itemsize).view(td)
            raw, raw2 = aligned_empty(size), aligned_empty(size)
            raw[...] = 3
            cf, ct = tl_code(lib, f), tl_code(lib, t)
            sp, dp = src.ctypes.data, dst.ctypes.data
            fns = {
                'memcpy': lambda: np.copyto(raw2, raw),
                'numpy': lambda: np.copyto(dst, src, casting='unsafe'),
                'typelattice': lambda: lib.tl_convert_contiguous(cf, sp, ct, dp, n, 0, None),
            }
            if tlpy is not None:
                try:
                    tlpy.astype(src, t, out=dst)
                    fns['tl.astype'] = lambda: tlpy.astype(src, t, out=dst)
                except Exception:
                    pass
            tf, tt = torch_dtype(f), torch_dtype(t)
            if tf is not None and tt is not None:
                try:
                    ts = torch.from_numpy(src.view(np.uint8)).view(tf)
                    tdst = torch.from_numpy(dst.view(np.uint8)).view(tt)
                    tdst.copy_(ts)
                    fns['torch'] = lambda: tdst.copy_(ts)
                except Exception:
                    pass
            with np.errstate(all='ignore'):
                med = race(fns, a.repeats)
            moved = n * (fd.itemsize + td.itemsize)
            row = dict(pair=p, size=size, repeats=a.repeats, memcpy_gbps=2 * size / med['memcpy'] / 1e9)
            for k in ('numpy', 'torch', 'typelattice', 'tl.astype'):
                row[k + '_gbps'] = moved / med[k] / 1e9 if k in med else None
            rows.append(row)
    meta = dict(tier=lib.tl_convert_tier().decode(), numpy=np.__version__, ml_dtypes=m.__version__,
                torch=torch.__version__ if torch is not None else None, threads=1)
    if a.json:
        print(json.dumps(dict(meta, rows=rows), indent=1))
        return
    print('typelattice tier %s; numpy %s, ml_dtypes %s, torch %s; 1 thread each; GB/s = (read + written) / s,'
          ' median of %d alternating rounds of >= 20 us batches' %
          (meta['tier'], np.__version__, m.__version__, meta['torch'], a.repeats))
    fmt = lambda v: '%9.2f' % v if v is not None else '%9s' % '-'
    for size in sizes:
        print('\nsize %d bytes of source' % size)
        print('%-34s %9s %9s %9s %9s %9s %9s %9s %9s' % ('pair', 'memcpy', 'numpy', 'torch', 'tl', 'tl/numpy', 'tl/torch',
                                                     'tl.astype', 'py/numpy'))
        for r in rows:
            if r['size'] != size:
                continue
            tlg = r['typelattice_gbps']
            pyg = r['tl.astype_gbps']
            print('%-34s %s %s %s %s %s %s %s %s' % (
                r['pair'], fmt(r['memcpy_gbps']), fmt(r['numpy_gbps']), fmt(r['torch_gbps']), fmt(tlg),
                fmt(tlg / r['numpy_gbps']), fmt(tlg / r['torch_gbps'] if r['torch_gbps'] else None), fmt(pyg),
                fmt(pyg / r['numpy_gbps'] if pyg else None)))


if __name__ == '__main__':
    main()
