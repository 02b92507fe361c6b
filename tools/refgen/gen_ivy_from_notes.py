#!/usr/bin/env python3
"""Generate tests/data/ref/ivy.tsv (rules 'ivy') from the reference NOTES, not from Ivy.

Ivy cannot be run here, so every expected value comes from ../shared/reference/ivy.md:
  * the effective promotion matrices of ivy.md §2.2, read from their verbatim copies in
    tests/data/ivy/precise.txt and tests/data/ivy/non_precise.txt;
  * the rules stated in ivy.md: §2.3 step 2 (Python types -> the default dtypes of §3.3:
    int32, float32, complex64), §3.1 can_cast(a, b) == (promote_types(a, b) == b), §3.1
    promote_types_of_inputs (_get_target_dtype for a Python scalar next to an array, value-based
    default_dtype(item=v) of §3.3 for a scalar next to a bool array or next to another scalar).
Nothing here calls typelattice.  Standard library only.

Cases: promote-types (all 225 ordered pairs, and the Python types int/float/complex against every
dtype), can-cast (all 225), promote --op (array x array, array x Python scalar both ways, two
scalars); each in precise mode (the default) and with --no-precise.  No non-op `promote` cases:
ivy.result_type delegates to the backend's own rules (ivy.md §3.1), so the notes give no
Ivy-level expectation for it.

Usage: gen_ivy_from_notes.py [OUTPUT]   (default tests/data/ref/ivy.tsv)
"""
import datetime
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOTES = "../shared/reference/ivy.md"
MATRICES = {"precise": "tests/data/ivy/precise.txt", "non_precise": "tests/data/ivy/non_precise.txt"}
FLAGS = {"precise": "--rules ivy", "non_precise": "--rules ivy --no-precise"}

# ivy.md §2.2 legend
CODES = {"b": "bool", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
         "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64", "bf16": "bfloat16",
         "f16": "float16", "f32": "float32", "f64": "float64", "c64": "complex64",
         "c128": "complex128"}

# ivy.md §3.3: hard defaults with nothing pushed
DEFAULT = {"int": "int32", "float": "float32", "complex": "complex64", "bool": "bool"}


def load_matrix(rel):
    """Markdown table -> {(row dtype, col dtype): result dtype}."""
    rows = []
    with open(os.path.join(REPO, rel), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("|") or line.startswith("|---"):
                continue
            rows.append([c.strip().strip("*") for c in line.strip().strip("|").split("|")])
    header = [CODES[c] for c in rows[0][1:]]
    m = {}
    for r in rows[1:]:
        for col, cell in zip(header, r[1:]):
            if cell == "-":
                raise SystemExit("%s: undefined cell (%s, %s): the notes say the table is complete" % (rel, r[0], col))
            m[(CODES[r[0]], col)] = CODES[cell]
    if len(m) != 225:
        raise SystemExit("%s: expected 225 cells, got %d" % (rel, len(m)))
    return header, m


# Python scalars used with --op: (literal in the operand grammar, Python type, inferred dtype
# by ivy.md §3.3 default_dtype(item=v) with nothing pushed).
SCALARS = [
    ("True", "bool", "bool"),
    ("1", "int", "int32"),
    ("3000000000", "int", "int64"),            # > 2**31-1
    ("10000000000000000000", "int", "uint64"),  # > 2**63-1
    ("-3000000000", "int", "int32"),           # QUIRK: large negatives are not checked
    ("1.5", "float", "float32"),
    ("1e300", "float", "float64"),             # |v| > 3.4028235e38
    ("1j", "complex", "complex64"),
    ("(1e+300+1e+300j)", "complex", "complex128"),  # both parts need float64
]


def target(scalar_type, inferred, arr):
    """ivy.md §3.1 _get_target_dtype(scalar, array)."""
    if scalar_type == "float" and "int" in arr:
        return "float64"
    if arr == "bool" and scalar_type != "bool":
        return inferred
    if scalar_type == "complex" and "complex" not in arr:
        return "complex128"
    return arr


def promote_inputs(m, d1, d2):
    """ivy.md §3.1 step 3: promote only when the dtypes differ."""
    return d1 if d1 == d2 else m[(d1, d2)]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "tests", "data", "ref", "ivy.tsv")
    cases = []
    for mode in ("precise", "non_precise"):
        dts, m = load_matrix(MATRICES[mode])
        fl = FLAGS[mode]
        for a in dts:
            for b in dts:
                cases.append(("promote-types", fl, "%s %s" % (a, b), m[(a, b)]))
                cases.append(("can-cast", fl, "%s %s" % (a, b), "true" if m[(a, b)] == b else "false"))
        # §2.3 step 2: Python types become the default dtypes
        for t in ("int", "float", "complex"):
            for d in dts:
                cases.append(("promote-types", fl, "%s %s" % (t, d), m[(DEFAULT[t], d)]))
                cases.append(("promote-types", fl, "%s %s" % (d, t), m[(d, DEFAULT[t])]))
            for t2 in ("int", "float", "complex"):
                cases.append(("promote-types", fl, "%s %s" % (t, t2), m[(DEFAULT[t], DEFAULT[t2])]))
        op = fl + " --op"
        for a in dts:
            for b in dts:
                cases.append(("promote", op, "array:%s array:%s" % (a, b), promote_inputs(m, a, b)))
            for lit, ptype, inferred in SCALARS:
                t = target(ptype, inferred, a)
                cases.append(("promote", op, "array:%s %s" % (a, lit), promote_inputs(m, a, t)))
                cases.append(("promote", op, "%s array:%s" % (lit, a), promote_inputs(m, t, a)))
        # §3.1 step 2: neither has a .dtype -> both inferred
        for l1, _, i1 in SCALARS:
            for l2, _, i2 in SCALARS:
                cases.append(("promote", op, "%s %s" % (l1, l2), promote_inputs(m, i1, i2)))
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    with open(out, "w", encoding="utf-8") as f:
        f.write("# typelattice reference cases for the ivy rule set\n")
        f.write("# generated from %s, Ivy not run\n" % NOTES)
        f.write("# generator: tools/refgen/gen_ivy_from_notes.py (expected values from the notes' matrices\n")
        f.write("#   tests/data/ivy/precise.txt, tests/data/ivy/non_precise.txt = ivy.md §2.2, and the rules of\n")
        f.write("#   ivy.md §2.3, §3.1, §3.3; never from typelattice)\n")
        f.write("# date: %s\n" % now)
        f.write("# ivy: 0.0.6.0 as read in 2lambda123/unifyai-ivy 4f1268bb9c35afb953878b39b7e13e2d9ca3ba9b (per ivy.md §0)\n")
        f.write("# columns: COMMAND<TAB>FLAGS<TAB>ARGS<TAB>EXPECTED (see docs/design.md)\n")
        for c in cases:
            f.write("\t".join(c) + "\n")
    print("%s: %d cases" % (os.path.relpath(out, REPO), len(cases)), file=sys.stderr)


if __name__ == "__main__":
    main()
