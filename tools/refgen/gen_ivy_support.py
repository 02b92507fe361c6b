#!/usr/bin/env python3
"""Generate Ivy's supported-dtypes registry for the numpy backend from the ivy 1.0.0.5 sources,
and the live Ivy's answers to check it against.

  gen_ivy_support.py -> tests/data/support/ivy.txt             (registry, docs/support.md format)
                     -> tests/data/support/ivy-numpy-live.tsv  (FUNCTION<TAB>supported dtypes)

ivy.txt: read with `ast` (the decorator arguments, not their evaluation) from every module under
ivy/functional/backends/numpy/: the backend's `invalid_dtypes` dictionary (__init__.py) and each
module-level function's @with_supported_dtypes / @with_unsupported_dtypes({KEY: (NAMES...)},
backend_version) decorator.  Decorators whose argument is not such a literal dictionary, and the
per-device variants (with_*_device_and_dtypes), are listed in a comment and not registered; a
name that is no dtype or class (relu's "int") is dropped, as Ivy's expansion ignores it.
ivy-numpy-live.tsv: for every function the numpy backend exposes, the live
ivy.function_supported_dtypes(backend function) under Ivy's numpy backend, dtypes in
catalogue order; the registry must answer the same for `--version <that NumPy>`
(tests/cli_support_ivy.sh).  Needs the ivy venv ($IVY_PY in gen_all.sh).
"""
import ast
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

import numpy as np  # noqa: E402
import ivy  # noqa: E402

ivy.set_backend("numpy")
BACKEND = ivy.current_backend()
ROOT = os.path.dirname(BACKEND.__file__)
OUT = os.path.join(common.REPO, "tests", "data", "support")
DECOS = {"with_supported_dtypes": "supported", "with_unsupported_dtypes": "unsupported"}
NAMES = set(common.CATALOGUE) | {"valid", "numeric", "integer", "signed", "unsigned", "float",
                                  "complex", "inexact", "bool"}


def literal_names(node):
    """('float16', ivy.bfloat16, ...) -> list of names, or None if not a literal tuple."""
    if not isinstance(node, (ast.Tuple, ast.List)):
        return None
    out = []
    for e in node.elts:
        if isinstance(e, ast.Constant) and isinstance(e.value, str):
            out.append(e.value)
        elif isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "ivy":
            out.append(e.attr)
        else:
            return None
    return out


def literal_dict(node):
    """{KEY: (NAMES...)} -> [(key, names)] or None."""
    if not isinstance(node, ast.Dict):
        return None
    out = []
    for k, v in zip(node.keys, node.values):
        names = literal_names(v)
        if not (isinstance(k, ast.Constant) and isinstance(k.value, str)) or names is None:
            return None
        out.append((k.value, names))
    return out


def scan():
    funcs, skipped, invalid = {}, [], None
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames.sort()
        for fn in sorted(filenames):
            if not fn.endswith(".py"):
                continue
            path = os.path.join(dirpath, fn)
            rel = os.path.relpath(path, os.path.dirname(os.path.dirname(ROOT)))
            tree = ast.parse(open(path, encoding="utf-8").read(), path)
            for node in tree.body:
                if (rel.endswith("numpy/__init__.py") and isinstance(node, ast.Assign)
                        and [getattr(t, "id", None) for t in node.targets] == ["invalid_dtypes"]):
                    invalid = literal_dict(node.value) or invalid  # later: re-assigned by a call
                if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
                    continue
                for d in node.decorator_list:
                    name = getattr(getattr(d, "func", None), "id", None) or \
                        getattr(getattr(d, "func", None), "attr", None)
                    if not name or "dtypes" not in name or not name.startswith("with_"):
                        continue
                    entries = literal_dict(d.args[0]) if name in DECOS and d.args else None
                    if entries is None:
                        skipped.append("%s:%d %s @%s" % (rel, d.lineno, node.name, name))
                        continue
                    # a name that is neither a dtype nor a class Ivy knows (relu's "int")
                    # matches nothing in Ivy's expansion: dropped, as the live Ivy shows
                    bad = [n for _, ns in entries for n in ns if n not in NAMES]
                    if bad:
                        skipped.append("%s:%d %s: names %s dropped (match no dtype in Ivy)"
                                       % (rel, d.lineno, node.name, bad))
                        entries = [(k, [n for n in ns if n in NAMES]) for k, ns in entries]
                    funcs.setdefault(node.name, []).append((rel, DECOS[name], entries))
    return funcs, skipped, invalid


def write_registry(funcs, skipped, invalid):
    lines = ["# Ivy supported-dtypes registry, numpy backend (format: docs/support.md).\n",
             "# Generated by tools/refgen/gen_ivy_support.py from the ivy %s sources\n" % ivy.__version__,
             "# (ivy/functional/backends/numpy/**.py, decorator arguments read with ast); do not edit.\n",
             "# Checked against the live Ivy by tests/cli_support_ivy.sh (ivy-numpy-live.tsv).\n"]
    for s in skipped:
        lines.append("# note: %s\n" % s)
    lines.append("\n")
    if invalid is not None:
        for key, names in invalid:
            lines.append('numpy * "%s" invalid %s\n' % (key, ", ".join(names)))
    dup = []
    for name in sorted(funcs):
        defs = funcs[name]
        if len(defs) > 1:
            dup.append(name)
        rel, kind, entries = defs[-1]  # a later module overrides an earlier one on import
        lines.append("# %s\n" % rel)
        for key, names in entries:
            lines.append('numpy %s "%s" %s %s\n' % (name, key, kind, ", ".join(names)))
    with open(os.path.join(OUT, "ivy.txt"), "w", encoding="utf-8") as f:
        f.writelines(lines)
    return dup


def write_live():
    order = {d: i for i, d in enumerate(common.CATALOGUE)}
    rows = []
    for name in sorted(dir(BACKEND)):
        if name.startswith("_"):
            continue
        fn = getattr(BACKEND, name)
        if not callable(fn) or isinstance(fn, type) or getattr(fn, "__module__", "") is None:
            continue
        mod = getattr(fn, "__module__", "") or ""
        if not mod.startswith("ivy.functional.backends.numpy"):
            continue
        try:
            sup = ivy.function_supported_dtypes(fn)
        except Exception:  # noqa
            continue
        ds = sorted({str(d) for d in sup}, key=lambda d: order.get(d, 99))
        rows.append("%s\t%s\n" % (name, " ".join(ds)))
    with open(os.path.join(OUT, "ivy-numpy-live.tsv"), "w", encoding="utf-8") as f:
        f.write("# ivy %s, numpy backend, NumPy %s: ivy.function_supported_dtypes(fn) for every\n"
                % (ivy.__version__, np.__version__))
        f.write("# function of the backend; generated by tools/refgen/gen_ivy_support.py, do not edit\n")
        f.write("# numpy_version: %s\n" % np.__version__)
        f.writelines(rows)
    return len(rows)


def main():
    funcs, skipped, invalid = scan()
    dup = write_registry(funcs, skipped, invalid)
    n = write_live()
    print("ivy.txt: %d decorated functions, %d skipped decorators, %d defined twice; "
          "ivy-numpy-live.tsv: %d functions" % (len(funcs), len(skipped), len(dup), n), file=sys.stderr)


if __name__ == "__main__":
    main()
