#!/usr/bin/env python3
"""Fill docs/guide.md.in's examples with their real output -> docs/guide.md.

    python3 docs/gen_guide.py [--cli build/typelattice] [--python .venv/bin/python]

Every example in the guide is run, so the guide cannot drift from the code.
Directives, each on a line of its own in the template:

  @run SHELL COMMAND       run with bash (`typelattice` is the CLI under test);
                           consecutive @run lines make one console block that
                           shows `$ COMMAND` and what it printed (stdout+stderr)
  @include PATH [LANG]     the file, in a fenced block
  @c-example PATH          compile PATH against the build tree, run it, show
                           its output in a fenced block
  @python ... @end         Python statements run REPL-style (>>> lines and the
                           repr of each expression) with the typelattice
                           package; without the package, the code alone and a
                           note saying how to see the outputs
  @rules-table             a Markdown table of `typelattice rules`
  @if-rules NAME ... @endif    kept only when the rule set exists
  @if-command NAME ... @endif  kept only when `typelattice help NAME` works
  @else                    (inside @if-*) kept when the condition is false

Standard library only; used by docs/generate.py (make docs).
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PY_RUNNER = r'''
import ast, contextlib, io, json, sys
job = json.loads(sys.stdin.read())
g = {"__name__": "__main__"}
with contextlib.redirect_stdout(io.StringIO()):  # the earlier blocks, quietly: one session
    for pre in job["pre"]:
        try:
            exec(compile(pre, "<guide>", "exec"), g)
        except Exception:
            pass
src = job["code"]
tree = ast.parse(src)
lines = src.splitlines()
for node in tree.body:
    text = lines[node.lineno - 1:node.end_lineno]
    print(">>> " + text[0])
    for t in text[1:]:
        print("... " + t)
    if len(text) > 1 and not isinstance(node, ast.Expr):
        print("... ")
    try:
        if isinstance(node, ast.Expr):
            v = eval(compile(ast.Expression(node.value), "<guide>", "eval"), g)
            if v is not None:
                print(repr(v))
        else:
            exec(compile(ast.Module([node], []), "<guide>", "exec"), g)
    except Exception as e:
        print("Traceback (most recent call last):\n  ...")
        print("%s: %s" % (type(e).__name__, e))
    sys.stdout.flush()
'''


class Guide:
    def __init__(self, cli, python):
        self.cli = os.path.abspath(cli)
        self.build = os.path.dirname(self.cli)
        self.python = python
        self.env = dict(os.environ)
        self.env["PATH"] = self.build + os.pathsep + self.env.get("PATH", "")
        self.env["LC_ALL"] = "C"
        for k in ("JAX_ENABLE_X64", "JAX_NUMPY_DTYPE_PROMOTION"):  # the documented defaults
            self.env.pop(k, None)
        self.py_done = []
        self.rules = set()
        for line in subprocess.run([self.cli, "rules"], capture_output=True, text=True, check=True).stdout.splitlines():
            if line and not line[0].isspace():
                self.rules.add(line.split()[0])
        self.rules_lines = [l for l in subprocess.run([self.cli, "rules"], capture_output=True, text=True).stdout.splitlines()
                            if l and not l[0].isspace()]
        self.has_python = bool(python) and subprocess.run(
            [python, "-c", "import typelattice"], capture_output=True, cwd=tempfile.gettempdir()).returncode == 0

    def has_command(self, name):
        return subprocess.run([self.cli, "help", name], capture_output=True).returncode == 0

    def shell(self, cmd):
        p = subprocess.run(["bash", "-o", "pipefail", "-c", "{ %s ; } 2>&1" % cmd], capture_output=True, text=True,
                           env=self.env, cwd=ROOT)
        if p.returncode == 2 or p.returncode >= 126:  # a usage error, or no such program: the guide is wrong
            raise RuntimeError("guide example failed (exit %d): %s\n%s" % (p.returncode, cmd, p.stdout))
        return p.stdout

    def run_block(self, cmds):
        out = ["```console"]
        for c in cmds:
            out.append("$ " + c)
            text = self.shell(c).rstrip("\n")
            if text:
                out.append(text)
        out.append("```")
        return out

    def c_example(self, path):
        src = os.path.join(ROOT, path)
        with tempfile.TemporaryDirectory() as tmp:
            exe = os.path.join(tmp, "example")
            cc = os.environ.get("CC", "cc")
            cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", os.path.join(ROOT, "include"), src,
                   os.path.join(self.build, "libtypelattice.a"), "-lm", "-lpthread", "-o", exe]
            subprocess.run(cmd, check=True, capture_output=True, text=True)
            p = subprocess.run([exe], capture_output=True, text=True, env=self.env)
            if p.returncode != 0:
                raise RuntimeError("%s exited %d: %s" % (path, p.returncode, p.stderr))
            return ["```text"] + p.stdout.rstrip("\n").splitlines() + ["```"]

    def python_block(self, code):
        if not self.has_python:
            return (["```python"] + code + ["```", "",
                    "*(The outputs of this block are filled in by `make docs` when the Python package is "
                    "installed: `make test-python` or `pip install .`.)*"])
        job = json.dumps({"pre": self.py_done, "code": "\n".join(code) + "\n"})
        self.py_done.append("\n".join(code) + "\n")
        p = subprocess.run([self.python, "-c", PY_RUNNER], input=job, capture_output=True,
                           text=True, env=self.env, cwd=tempfile.gettempdir())
        if p.returncode != 0:
            raise RuntimeError("python block failed: %s" % p.stderr)
        return ["```pycon"] + p.stdout.rstrip("\n").splitlines() + ["```"]

    def rules_table(self):
        out = ["| rule set | what it models (checked against) |", "|---|---|"]
        for l in self.rules_lines:
            name, _, desc = l.partition(" ")
            out.append("| `%s` | %s |" % (name, desc.strip().replace("|", "\\|")))
        return out

    def render(self, template):
        lines = template.splitlines()
        out, keep, i = [], [True], 0
        out.append("<!-- Generated by `make docs` (docs/gen_guide.py) from docs/guide.md.in: edit that file. -->")
        while i < len(lines):
            line = lines[i]
            word = line.split(" ", 1)[0]
            arg = line[len(word):].strip()
            if word in ("@if-rules", "@if-command"):
                cond = (arg in self.rules) if word == "@if-rules" else self.has_command(arg)
                keep.append(keep[-1] and cond)
                keep_parent = keep[-2]
                keep[-1] = keep_parent and cond
                i += 1
                continue
            if word == "@else":
                keep[-1] = keep[-2] and not keep[-1]
                i += 1
                continue
            if word == "@endif":
                keep.pop()
                i += 1
                continue
            if word == "@python":
                code = []
                i += 1
                while lines[i].strip() != "@end":
                    code.append(lines[i])
                    i += 1
                i += 1
                if keep[-1]:
                    out += self.python_block(code)
                continue
            if not keep[-1]:
                i += 1
                continue
            if word == "@run":
                cmds = []
                while i < len(lines) and lines[i].startswith("@run "):
                    cmds.append(lines[i][5:].strip())
                    i += 1
                out += self.run_block(cmds)
                continue
            if word == "@include":
                parts = shlex.split(arg)
                with open(os.path.join(ROOT, parts[0]), encoding="utf-8") as f:
                    body = f.read().rstrip("\n")
                out += ["```" + (parts[1] if len(parts) > 1 else "")] + body.splitlines() + ["```"]
            elif word == "@c-example":
                out += self.c_example(arg)
            elif word == "@rules-table":
                out += self.rules_table()
            else:
                out.append(line)
            i += 1
        if len(keep) != 1:
            raise RuntimeError("guide template: unbalanced @if/@endif")
        # collapse runs of blank lines left by dropped sections
        text, blank = [], False
        for l in out:
            if not l.strip():
                if blank:
                    continue
                blank = True
            else:
                blank = False
            text.append(l)
        return "\n".join(text).rstrip("\n") + "\n"


def generate(cli, template, output, python=None):
    if python is None:
        venv = os.path.join(ROOT, ".venv", "bin", "python")
        python = venv if os.access(venv, os.X_OK) else sys.executable
    g = Guide(cli, python)
    with open(template, encoding="utf-8") as f:
        text = g.render(f.read())
    old = None
    if os.path.exists(output):
        with open(output, encoding="utf-8") as f:
            old = f.read()
    if old != text:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    return g.has_python


def main():
    ap = argparse.ArgumentParser(description="Fill docs/guide.md.in's examples with their real output.")
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "typelattice"))
    ap.add_argument("--python", default=None, help="a Python with the typelattice package (default: .venv, then this one)")
    ap.add_argument("--template", default=os.path.join(HERE, "guide.md.in"))
    ap.add_argument("--output", default=os.path.join(HERE, "guide.md"))
    a = ap.parse_args()
    generate(a.cli, a.template, a.output, a.python)


if __name__ == "__main__":
    main()
