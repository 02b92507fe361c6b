#!/usr/bin/env bash
# cli_cast_safetensors_live.sh — our .safetensors output loaded by the real safetensors
# package and compared with torch / ml_dtypes astype. Runs only when TL_SAFETENSORS_PYTHON
# names a Python with safetensors, torch, numpy and ml_dtypes (e.g. /work/venvs/ref/bin/python
# or .venv-ref/ref/bin/python from tools/refgen/setup_venvs.sh); else exits 77 (skipped).
# usage: cli_cast_safetensors_live.sh TYPELATTICE_CLI REPO_DIR
set -u
CLI=$1
SRC=$2
PY=${TL_SAFETENSORS_PYTHON:-}
if [ -z "$PY" ] || ! "$PY" -c 'import safetensors, torch, numpy, ml_dtypes' 2>/dev/null; then
  echo "TL_SAFETENSORS_PYTHON does not name a Python with safetensors+torch+ml_dtypes: skipped"
  exit 77
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$PY" - "$CLI" "$T" <<'PYEOF'
import subprocess, sys
import ml_dtypes, numpy as np, torch
import safetensors.numpy, safetensors.torch
from safetensors import safe_open

cli, tmp = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(1616)
src = {
    "emb.weight": rng.standard_normal((300, 257)).astype(np.float32) * 50,
    "layer.0.w": (rng.standard_normal((64, 33)) * 1e5).astype(np.float64),
    "layer.0.b": rng.standard_normal(33).astype(np.float16),
    "big": rng.standard_normal(3 << 18).astype(np.float32),  # 3 MiB: several blocks/threads
    "pos": np.arange(-100, 100, 3, dtype=np.int64),
    "flags": rng.integers(0, 2, 17).astype(bool),
    "s": np.array(np.float32(1e-3)),
}
safetensors.numpy.save_file(src, f"{tmp}/in.safetensors", metadata={"format": "pt", "k": "v"})
fails = 0
cases = [("bfloat16", ml_dtypes.bfloat16, None, None), ("float16", np.float16, None, None),
         ("float8_e4m3fn", ml_dtypes.float8_e4m3fn, "float32", None),
         ("float8_e5m2", ml_dtypes.float8_e5m2, None, "layer.*")]
for to, npt, frm, only in cases:
    args = [cli, "cast", "--to", to, "--threads", "2"]
    if frm: args += ["--from", frm]
    if only: args += ["--only", only]
    subprocess.run(args + [f"{tmp}/in.safetensors", f"{tmp}/out.safetensors"], check=True)
    got = safetensors.torch.load_file(f"{tmp}/out.safetensors")
    with safe_open(f"{tmp}/out.safetensors", framework="pt") as f:
        meta = f.metadata()
    if meta != {"format": "pt", "k": "v"}:
        print(f"FAIL {to}: metadata {meta}"); fails += 1
    for name, a in src.items():
        sel = (frm is None or a.dtype == np.dtype(frm)) and (only is None or __import__("fnmatch").fnmatchcase(name, only))
        want = a.astype(npt) if sel else a
        g = got[name].reshape(-1)
        if tuple(got[name].shape) != a.shape:
            print(f"FAIL {to} {name}: shape {tuple(got[name].shape)} != {a.shape}"); fails += 1; continue
        gb = g.contiguous().view(torch.uint8).numpy().tobytes() if g.numel() else b""
        wb = np.ascontiguousarray(want).tobytes()
        if gb != wb:
            print(f"FAIL {to} {name}: bytes differ from ml_dtypes astype"); fails += 1
        if sel and to in ("bfloat16", "float16"):
            tt = torch.from_numpy(np.ascontiguousarray(a).reshape(-1)).to(getattr(torch, to))
            nd = int((tt.view(torch.int16) != g.view(torch.int16)).sum()) if g.numel() else 0
            if nd:
                print(f"note {to} {name}: torch .to() differs in {nd} element(s) (documented: double rounding of "
                      f"float64 through float32 in torch)")
print(f"live safetensors: {len(cases)} casts, {fails} failures")
sys.exit(1 if fails else 0)
PYEOF
