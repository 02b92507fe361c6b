"""Packaging (issue 17): `python -m build` makes an sdist and, from it, a wheel;
the wheel installs with pip into an empty target and imports there. Skipped when
the `build` frontend is not installed (it is in python/requirements-test.txt).
Builds without isolation (the installed scikit-build-core), so no network is needed."""

from __future__ import annotations

import importlib.util
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(importlib.util.find_spec("build") is None,
                       reason="the `build` frontend is not installed (pip install build)"),
    pytest.mark.skipif(importlib.util.find_spec("scikit_build_core") is None,
                       reason="scikit-build-core is not installed (python/requirements-test.txt)"),
    pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed"),
]


def test_sdist_and_wheel_build_install_and_import(tmp_path):
    dist = tmp_path / "dist"
    env = dict(os.environ, CMAKE_BUILD_PARALLEL_LEVEL="2")
    r = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(ROOT)],
                       capture_output=True, text=True, env=env, timeout=1800)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    sdists = list(dist.glob("typelattice-*.tar.gz"))
    wheels = list(dist.glob("typelattice-*.whl"))
    assert len(sdists) == 1 and len(wheels) == 1, list(dist.iterdir())
    with tarfile.open(sdists[0]) as t:
        names = t.getnames()
    top = names[0].split("/")[0]
    for need in ("pyproject.toml", "CMakeLists.txt", "include/typelattice.h", "python/src/_typelattice.c",
                 "python/typelattice/__init__.py", "python/typelattice/_interop.py"):
        assert f"{top}/{need}" in names, need
    assert not any(n.endswith(".so") or "/build" in n[len(top):] or ".venv" in n for n in names)
    with zipfile.ZipFile(wheels[0]) as z:
        wnames = z.namelist()
    assert any(n.startswith("typelattice/_typelattice") and n.endswith(".so") for n in wnames)
    assert "typelattice/py.typed" in wnames and "typelattice/_interop.py" in wnames

    target = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                        "--disable-pip-version-check", "--target", str(target), str(wheels[0])],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    code = ("import typelattice as tl, sys; "
            "assert tl.__file__.startswith(sys.argv[1]), tl.__file__; "
            "assert tl.promote_types('int8', 'uint8') == 'int16'; "
            "print(tl.__version__)")
    r = subprocess.run([sys.executable, "-c", code, str(target)], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=str(target)), cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip()
