#!/usr/bin/env python3
"""Benchmark the typelattice Python package beside the frameworks, in one run.

    python bench/python_bench.py [--quick] [--n ELEMENTS]

Promotion: ns per call of tl.promote_types / tl.result_type beside
np.promote_types, np.result_type, torch.promote_types, torch.result_type,
jnp.promote_types and jnp.result_type (each framework only when importable).
Every callable is bound to a local name first, so the figures compare the calls
themselves (the timeit loop overhead, ~10-20 ns, is included for all alike).

Conversion: GB/s (bytes read + written) of tl.astype(out=...) beside NumPy's own
cast into a preallocated array (np.copyto(..., casting='unsafe'): NumPy's casts,
and ml_dtypes' for the ml_dtypes types), on contiguous arrays.
"""

from __future__ import annotations

import argparse
import platform
import sys
import timeit
import warnings

import numpy as np

import typelattice as tl

try:
    import ml_dtypes
except ImportError:
    ml_dtypes = None
try:
    import torch
except ImportError:
    torch = None
try:
    import jax
    import jax.numpy as jnp
except ImportError:
    jax = jnp = None


def ns_per_call(stmt: str, env: dict, number: int, repeat: int) -> float:
    t = min(timeit.repeat(stmt, globals=env, number=number, repeat=repeat))
    return t / number * 1e9


def bench_promotion(number: int, repeat: int) -> None:
    f32, i8, u8 = np.dtype("float32"), np.dtype("int8"), np.dtype("uint8")
    arr = np.zeros(8, np.float32)
    env = {
        "tl_pt": tl.promote_types, "tl_rt": tl.result_type, "np_pt": np.promote_types, "np_rt": np.result_type,
        "f32": f32, "i8": i8, "u8": u8, "arr": arr, "T_f32": tl.dtype("float32"), "T_i8": tl.dtype("int8"),
    }
    rows: list[tuple[str, str, str]] = [
        ("promote_types(float32, int8)  [numpy dtypes]", "tl_pt(f32, i8)", "np_pt(f32, i8)"),
        ("promote_types('float32', 'int8')  [str]", "tl_pt('float32', 'int8')", "np_pt('float32', 'int8')"),
        ("promote_types(tl.dtype, tl.dtype)", "tl_pt(T_f32, T_i8)", None),
        ("result_type(float32, int8)  [numpy dtypes]", "tl_rt(f32, i8)", "np_rt(f32, i8)"),
        ("result_type(int8, uint8, float32)", "tl_rt(i8, u8, f32)", "np_rt(i8, u8, f32)"),
        ("result_type(array f32, 1.0)", "tl_rt(arr, 1.0)", "np_rt(arr, 1.0)"),
        ("result_type(array f32, 1.0, rules='jax', x64=True)", "tl_rt(arr, 1.0, rules='jax', x64=True)", None),
    ]
    if "numpy" in {r[0] for r in tl.rules()}:
        rows.append(("result_type(array f32, 1.0, rules='numpy')", "tl_rt(arr, 1.0, rules='numpy')",
                     "np_rt(arr, 1.0)"))
    print(f"\n== promotion: ns per call (best of {repeat} x {number}) ==")
    print(f"{'call':52s} {'typelattice':>12s} {'numpy':>10s} {'speed-up':>9s}")
    for label, tl_stmt, np_stmt in rows:
        t_tl = ns_per_call(tl_stmt, env, number, repeat)
        t_np = ns_per_call(np_stmt, env, number, repeat) if np_stmt else None
        up = f"{t_np / t_tl:8.2f}x" if t_np else ""
        print(f"{label:52s} {t_tl:12.1f} {t_np if t_np is not None else float('nan'):10.1f} {up}")
    print(f"{'(empty call baseline: id(f32))':52s} {ns_per_call('id(f32)', env, number, repeat):12.1f}")

    others = []
    if torch is not None:
        env.update(t_pt=torch.promote_types, t_rt=torch.result_type, tf32=torch.float32, ti8=torch.int8,
                   tt=torch.zeros(8, dtype=torch.float32))
        others += [("torch.promote_types(float32, int8)", "t_pt(tf32, ti8)", "tl_pt(tf32, ti8)"),
                   ("torch.result_type(tensor f32, 1.0)", "t_rt(tt, 1.0)", "tl_rt(tt, 1.0)")]
    if jnp is not None:
        env.update(j_pt=jnp.promote_types, j_rt=jnp.result_type, ja=jnp.zeros(8, jnp.float32))
        others += [("jnp.promote_types(float32, int8)", "j_pt(f32, i8)", "tl_pt(f32, i8)"),
                   ("jnp.result_type(float32, int8)", "j_rt(f32, i8)", "tl_rt(f32, i8)"),
                   ("jnp.result_type(jax array f32, 1.0)", "j_rt(ja, 1.0)", "tl_rt(ja, 1.0)")]
    if others:
        print(f"\n{'framework call (tl: same inputs, jax rules)':52s} {'framework':>12s} {'tl':>10s} {'speed-up':>9s}")
        for label, fw, ours in others:
            t_fw = ns_per_call(fw, env, max(number // 10, 1000), repeat)
            t_tl = ns_per_call(ours, env, number, repeat)
            print(f"{label:52s} {t_fw:12.1f} {t_tl:10.1f} {t_fw / t_tl:8.2f}x")


def bench_astype(n: int, repeat: int) -> None:
    print(f"\n== astype: GB/s (bytes read + written), {n} elements, tier {tl.convert_tier()} ==")
    print(f"{'conversion (into a preallocated out)':36s} {'tl.astype':>10s} {'numpy/ml_dtypes':>15s} {'speed-up':>9s}")
    pairs = [("float32", "float16"), ("float16", "float32"), ("float64", "float32"), ("float64", "int32"),
             ("int8", "float32"), ("int32", "float64"), ("float32", "bfloat16"), ("bfloat16", "float32"),
             ("float32", "float8_e4m3fn"), ("float8_e4m3fn", "float32"), ("float32", "float8_e5m2"),
             ("bfloat16", "float16"), ("float32", "int4")]
    rng = np.random.default_rng(0)
    base = (rng.standard_normal(n) * 3).astype(np.float64)

    def npdt(name):
        return np.dtype(name) if hasattr(np, name) and name != "bool" else np.dtype(getattr(ml_dtypes, name))

    for frm, to in pairs:
        try:
            src_dt, dst_dt = npdt(frm), npdt(to)
        except (AttributeError, TypeError):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            src = base.astype(src_dt) if tl.dtype(frm).kind in "fc" else base.clip(-100, 100).astype(src_dt)
        nbytes = n * (src_dt.itemsize + dst_dt.itemsize)
        out = np.empty(n, dst_dt)
        t_tl = min(timeit.repeat(lambda: tl.astype(src, to, out=out), number=3, repeat=repeat)) / 3
        out2 = np.empty(n, dst_dt)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                # NumPy's cast into a preallocated array, as tl.astype(out=) does
                t_np = min(timeit.repeat(lambda: np.copyto(out2, src, casting="unsafe"), number=3,
                                         repeat=repeat)) / 3
            ref = f"{nbytes / t_np / 1e9:15.2f}"
            up = f"{t_np / t_tl:8.2f}x"
        except TypeError:
            ref, up = f"{'(no cast)':>15s}", ""
        print(f"{frm + ' -> ' + to:36s} {nbytes / t_tl / 1e9:10.2f} {ref} {up}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer iterations")
    ap.add_argument("--n", type=int, default=1 << 22, help="elements per astype array (default 4Mi)")
    args = ap.parse_args()
    number, repeat = (20_000, 3) if args.quick else (200_000, 7)
    vers = [f"python {platform.python_version()}", f"typelattice {tl.__version__}", f"numpy {np.__version__}"]
    for name, mod in (("ml_dtypes", ml_dtypes), ("torch", torch), ("jax", jax)):
        if mod is not None:
            vers.append(f"{name} {mod.__version__}")
    print("; ".join(vers))
    print(f"rule sets: {', '.join(r[0] for r in tl.rules())}; machine: {platform.machine()}, {sys.platform}")
    bench_promotion(number, repeat)
    bench_astype(args.n, 3 if args.quick else 5)


if __name__ == "__main__":
    main()
