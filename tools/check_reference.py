#!/usr/bin/env python3
"""Compare typelattice CLI output with reference-case files (tests/data/ref/*.tsv).

Usage: check_reference.py --cli PATH_TO_typelattice [--verbose] [--max-show N]
                          [--allow-missing-rules] FILES...

Each case line is COMMAND<TAB>FLAGS<TAB>ARGS<TAB>EXPECTED (see docs/design.md).  Cases are grouped
by (COMMAND, FLAGS); each group is answered by one run of `CLI COMMAND FLAGS... --batch`, fed the
ARGS lines on stdin, one output line per input line.

Comparison: exact string equality (trailing blanks ignored), except
  * EXPECTED `error: TYPE: *` matches any `error: TYPE: ...` line;
  * JAX messages `... Input dtypes (TUPLE) have ...`: TUPLE is compared as a multiset (JAX builds
    it from a set), the text around it exactly.
With --allow-missing-rules a group that the CLI answers entirely with
`error: UsageError: unknown rule set ...` is counted as skipped.
Python standard library only.
"""
import argparse
import ast
import collections
import os
import subprocess
import sys

JAX_PREFIX = "Input dtypes ("


def split_jax_tuple(s):
    """If s contains 'Input dtypes (' + a Python tuple literal, return (before, multiset, after)."""
    i = s.find(JAX_PREFIX)
    if i < 0:
        return None
    start = i + len(JAX_PREFIX) - 1  # at '('
    depth, quote, j = 0, None, start
    while j < len(s):
        c = s[j]
        if quote:
            if c == "\\":
                j += 2
                continue
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                break
        j += 1
    else:
        return None
    lit = s[start:j + 1]
    try:
        val = ast.literal_eval(lit)
    except (ValueError, SyntaxError):
        return None
    if not isinstance(val, tuple):
        val = (val,)
    return s[:start], collections.Counter(map(str, val)), s[j + 1:]


def matches(expected, got):
    expected = expected.rstrip()
    got = got.rstrip()
    if expected == got:
        return True
    if expected.startswith("error: ") and expected.endswith(": *"):
        etype = expected[len("error: "):-len(": *")]
        return got.startswith("error: %s: " % etype) or got == "error: %s:" % etype
    if JAX_PREFIX in expected and JAX_PREFIX in got:
        a, b = split_jax_tuple(expected), split_jax_tuple(got)
        if a is not None and b is not None:
            return a == b
    return False


def load(path):
    cases = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n").rstrip("\r")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) != 4:
                raise SystemExit("%s:%d: expected 4 TAB-separated columns, got %d"
                                 % (path, lineno, len(cols)))
            cases.append((path, lineno, cols[0], cols[1], cols[2], cols[3]))
    return cases


UNKNOWN_RULES = "unknown rule set"


def run_group(cli, command, flags, args_list, timeout):
    """Returns (output lines or None, note or None, unknown_rules flag)."""
    cmd = [cli, command] + flags.split() + ["--batch"]
    data = "".join(a + "\n" for a in args_list)
    try:
        p = subprocess.run(cmd, input=data, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "could not run %s: %s" % (" ".join(cmd), e), False
    out = p.stdout.split("\n")
    if out and out[-1] == "":
        out.pop()
    note = None
    if len(out) != len(args_list):
        note = ("%s: %d output lines for %d input lines (exit %d)%s"
                % (" ".join(cmd), len(out), len(args_list), p.returncode,
                   ("; stderr: " + p.stderr.strip().splitlines()[0]) if p.stderr.strip() else ""))
    # the whole group rejected because the rule set does not exist (yet): either every line is
    # "error: UsageError: unknown rule set ...", or the CLI failed with that on stderr
    unknown = bool(
        (out and all(o.startswith("error: UsageError: " + UNKNOWN_RULES) for o in out))
        or (not out and p.returncode != 0 and UNKNOWN_RULES in p.stderr))
    return out, note, unknown


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True, help="path to the typelattice executable")
    ap.add_argument("--verbose", action="store_true", help="print per-group counts")
    ap.add_argument("--max-show", type=int, default=20, help="mismatches to print (default 20)")
    ap.add_argument("--allow-missing-rules", action="store_true",
                    help="count groups answered with 'error: UsageError: unknown rule set' as skipped")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per CLI run")
    ap.add_argument("files", nargs="+")
    opt = ap.parse_args(argv)

    if not os.path.exists(opt.cli):
        print("check_reference: CLI not found: %s" % opt.cli, file=sys.stderr)
        return 2

    all_cases = []
    for path in opt.files:
        all_cases.extend(load(path))

    groups = collections.OrderedDict()
    for c in all_cases:
        groups.setdefault((c[2], c[3]), []).append(c)

    per_file = collections.OrderedDict((p, [0, 0, 0]) for p in opt.files)  # pass, fail, skip
    shown = 0
    notes = []
    for (command, flags), cases in groups.items():
        out, note, unknown = run_group(opt.cli, command, flags, [c[4] for c in cases],
                                       opt.timeout)
        if out is None:
            out = []
        if opt.allow_missing_rules and unknown:
            for c in cases:
                per_file[c[0]][2] += 1
            if opt.verbose:
                print("skipped %-14s %-40s %6d cases (unknown rule set)"
                      % (command, flags, len(cases)))
            continue
        if note:
            notes.append(note)
        gp = gf = 0
        for i, c in enumerate(cases):
            got = out[i] if i < len(out) else "<no output>"
            if matches(c[5], got):
                per_file[c[0]][0] += 1
                gp += 1
            else:
                per_file[c[0]][1] += 1
                gf += 1
                if shown < opt.max_show:
                    shown += 1
                    print("MISMATCH %s:%d: %s %s | %s\n  expected: %s\n  got:      %s"
                          % (c[0], c[1], command, flags, c[4], c[5], got))
        if opt.verbose:
            print("group %-14s %-40s %6d passed %6d failed" % (command, flags, gp, gf))

    for n in notes:
        print("NOTE " + n)
    tp = tf = ts = 0
    for path, (p, f, s) in per_file.items():
        tp, tf, ts = tp + p, tf + f, ts + s
        print("%s: %d passed, %d failed%s" % (path, p, f, (", %d skipped" % s) if s else ""))
    if opt.allow_missing_rules:
        print("%d passed, %d failed, %d skipped" % (tp, tf, ts))
    else:
        print("%d passed, %d failed" % (tp, tf))
    return 1 if tf else 0


if __name__ == "__main__":
    sys.exit(main())
