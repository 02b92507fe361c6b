"""Reference .safetensors files for `typelattice cast` (tests/data/safetensors/).

Written by the real `safetensors` package (numpy flavour for the inputs, torch flavour for
bfloat16 outputs, which NumPy cannot hold), with the converted values computed by
ml_dtypes/NumPy astype -- the semantics tl_convert documents. The generator also reports
how many elements torch's .to() gives differently (documented differences, not used).

  model.safetensors           mixed dtypes + metadata, written by safetensors.numpy.save_file
  model_bf16.safetensors      every tensor .astype(bfloat16)            (cast --to bfloat16)
  model_f32only_f16.safetensors  only the F32 tensors .astype(float16)  (cast --from float32 --to float16)
  model_only_w_f64.safetensors   only tensors named w* .astype(float64) (cast --only 'w*' --to float64)

And .npy files written by NumPy's np.save (tests/data/npy/): shapes (2, 3) C and Fortran
order, () and (0, 3) in float32, with their np.save(x.astype(float64 / float16)) outputs.

Run: /work/venvs/ref/bin/python tools/refgen/gen_safetensors.py
"""
import os
import sys

import ml_dtypes
import numpy as np
import safetensors
import safetensors.numpy
import safetensors.torch
import torch

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(REPO, "tests", "data", "safetensors")


def inputs():
    rng = np.random.default_rng(16)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, 3.4e38, 65504.0, 65520.0,
                        1.0 + 2.0**-8, 1.0 + 2.0**-9, -1.0 - 3 * 2.0**-9], dtype=np.float32)
    t = {
        "w.attn": np.concatenate([special, rng.standard_normal(60).astype(np.float32)]).reshape(8, 9),
        "w.mlp": (rng.standard_normal((3, 4, 5)) * 1000).astype(np.float64),
        "bias": rng.standard_normal(7).astype(np.float16),
        "scale": np.float32(0.1),  # shape ()
        "empty": np.zeros((0, 3), np.float32),
        "ids": np.array([0, 1, -5, 2**40 + 1, 2**62], np.int64),
        "mask": np.array([[True, False], [False, True]]),
        "u8": np.arange(250, 256, dtype=np.uint8).reshape(2, 3),
        "name \"quoted\" \u00e9": np.arange(3, dtype=np.int16),
    }
    return {k: np.ascontiguousarray(v) for k, v in t.items()}


META = {"format": "np", "note": "a \"quoted\" value\nwith a newline and \u00e9"}


def to_torch(a):
    if a.dtype == ml_dtypes.bfloat16:
        return torch.from_numpy(a.view(np.uint16).copy()).view(torch.bfloat16)
    return torch.from_numpy(a.copy())


def save_converted(src, convert, name):
    out = {k: (v.astype(ml_dtypes.bfloat16) if convert(k, v) == "bf16" else
               v.astype(convert(k, v)) if convert(k, v) is not None else v) for k, v in src.items()}
    if any(v.dtype == ml_dtypes.bfloat16 for v in out.values()):
        safetensors.torch.save_file({k: to_torch(v) for k, v in out.items()}, os.path.join(OUT, name), metadata=META)
    else:
        safetensors.numpy.save_file(out, os.path.join(OUT, name), metadata=META)
    return out


def npy_files():
    d = os.path.join(REPO, "tests", "data", "npy")
    os.makedirs(d, exist_ok=True)
    base = np.array([0.1, -2.5, 65520.0, np.inf, 1e-8, 3.0], np.float32)
    arrays = {
        "c23": base.reshape(2, 3),
        "f23": np.asfortranarray(base.reshape(2, 3)),
        "f234": np.asfortranarray(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 7),
        "scalar": np.array(np.float32(1.0 / 3.0)),
        "empty03": np.zeros((0, 3), np.float32),
    }
    for name, a in arrays.items():
        np.save(os.path.join(d, name + "_f32.npy"), a)
        for t, tn in ((np.float64, "f64"), (np.float16, "f16")):
            b = a.astype(t, order="K")
            np.save(os.path.join(d, name + "_" + tn + ".npy"), b)


def main():
    npy_files()
    os.makedirs(OUT, exist_ok=True)
    src = inputs()
    safetensors.numpy.save_file(src, os.path.join(OUT, "model.safetensors"), metadata=META)
    bf = save_converted(src, lambda k, v: "bf16", "model_bf16.safetensors")
    save_converted(src, lambda k, v: np.float16 if v.dtype == np.float32 else None, "model_f32only_f16.safetensors")
    save_converted(src, lambda k, v: np.float64 if k.startswith("w") else None, "model_only_w_f64.safetensors")
    # documented differences: torch's .to(bfloat16) vs ml_dtypes astype
    diff = 0
    for k, v in src.items():
        a = to_torch(bf[k]).view(torch.int16)
        b = torch.from_numpy(v.copy()).to(torch.bfloat16).view(torch.int16)
        diff += int((a != b).sum())
    print(f"gen_safetensors: safetensors {safetensors.__version__}, numpy {np.__version__}, "
          f"ml_dtypes {ml_dtypes.__version__}, torch {torch.__version__}; torch .to(bfloat16) differs "
          f"from ml_dtypes astype in {diff} element(s)", file=sys.stderr)


if __name__ == "__main__":
    main()
