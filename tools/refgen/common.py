"""Shared helpers for the reference-data generators (tools/refgen/gen_*.py).

Case files follow docs/design.md: '#' header lines, then
COMMAND <TAB> FLAGS <TAB> ARGS <TAB> EXPECTED per line.
"""
import datetime
import os
import sys
import warnings

warnings.simplefilter("ignore")

# Reproducibility: some framework messages list a Python set (JAX's "Input dtypes (...)"), whose
# order depends on string hashing.  Re-run the generator with a fixed hash seed.
if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTDIR = os.environ.get("REFGEN_OUT", os.path.join(REPO, "tests", "data", "ref"))
# Where gen_convert.py, gen_binary.py and gen_finfo.py write (convert/, binary/, finfo.tsv and
# iinfo.tsv below it): $REFGEN_DATA, default tests/data.
DATADIR = os.environ.get("REFGEN_DATA", os.path.join(REPO, "tests", "data"))
# $REFGEN_SEED (an integer) is mixed into every generator's fixed seed, so the random cases are
# ones no committed file holds (`CONFORMANCE_SEED=N make conformance`); unset or empty, the
# generators write the committed cases.
SEED = os.environ.get("REFGEN_SEED", "").strip()
if SEED and not SEED.lstrip("-").isdigit():
    sys.exit("REFGEN_SEED must be an integer, not %r" % SEED)


def seed(base):
    """The generator's seed BASE, or, with $REFGEN_SEED set, a seed derived from both."""
    if not SEED:
        return base
    return (base * 1000003 + int(SEED) * 7919 + 1) % (1 << 31)


def seed_note():
    """A header line naming $REFGEN_SEED when it is set ("" otherwise)."""
    return "# REFGEN_SEED: %s (cases other than the committed ones)\n" % SEED if SEED else ""
MAX_BYTES = 8 * 1000 * 1000

# Our catalogue, in catalogue order.
CATALOGUE = [
    "bool", "int2", "int4", "int8", "int16", "int32", "int64",
    "uint2", "uint4", "uint8", "uint16", "uint32", "uint64",
    "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3",
    "float8_e4m3fn", "float8_e4m3fnuz", "float8_e4m3b11fnuz", "float8_e5m2",
    "float8_e5m2fnuz", "float8_e8m0fnu", "bfloat16", "float16", "float32", "float64",
    "complex32", "complex64", "complex128",
    # appended to the catalogue later (enum values 34..45)
    "int1", "uint1", "int3", "int5", "int6", "int7", "uint3", "uint5", "uint6", "uint7",
    "bcomplex32", "float4_e2m1fn_x2",
]
CATALOGUE_SET = set(CATALOGUE)
PYTYPES = ["int", "float", "complex", "bool"]

UNREPRESENTABLE = "error: UnrepresentableDtype: *"


def fmt_err(e):
    """error: <class name>: <first line of str(e)>, tabs collapsed, trailing blanks stripped."""
    msg = str(e)
    lines = msg.splitlines()
    msg = lines[0] if lines else ""
    msg = msg.replace("\t", " ").replace("\r", " ").rstrip()
    return "error: %s: %s" % (type(e).__name__, msg)


def dtype_result(name, weak=False):
    """Format a result dtype given by its catalogue name (or something else)."""
    if name not in CATALOGUE_SET:
        return UNREPRESENTABLE
    return name + " (weak)" if weak else name


def fmt_value(v):
    """Python value -> exact literal used in the operand grammar."""
    if isinstance(v, bool):
        return repr(v)
    if isinstance(v, int):
        return str(v)
    return repr(v)  # float / complex


def py(v):
    """Python scalar -> operand token py:KIND:V."""
    kind = {bool: "bool", int: "int", float: "float", complex: "complex"}[type(v)]
    return "py:%s:%s" % (kind, fmt_value(v))


def parse_value(s):
    """Inverse of fmt_value (for the value part of operands and bare literals)."""
    if s in ("True", "False"):
        return s == "True"
    try:
        return int(s)
    except ValueError:
        pass
    try:
        return float(s)
    except ValueError:
        pass
    return complex(s)


def parse_operand(tok):
    """Operand token -> (kind, dtype_name_or_None, value_or_None).

    kinds: 'dtype', 'array', 'weak', 'zerodim', 'scalar', 'py', 'pytype'."""
    if tok in PYTYPES:
        return ("pytype", tok, None)
    if tok.startswith("py:"):
        _, kind, v = tok.split(":", 2)
        val = parse_value(v)
        conv = {"int": int, "float": float, "complex": complex, "bool": bool}[kind]
        if kind == "bool":
            val = (v == "True")
        return ("py", kind, conv(val))
    for k in ("array", "weak", "zerodim", "scalar"):
        if tok.startswith(k + ":"):
            rest = tok[len(k) + 1:]
            if ":" in rest:
                d, v = rest.split(":", 1)
                return (k, d, parse_value(v))
            return (k, rest, None)
    if tok in CATALOGUE_SET or tok[:1] in "<>=|":
        return ("dtype", tok, None)
    # bare literal
    return ("py", None, parse_value(tok))


class CaseWriter:
    """Collects cases and writes tests/data/ref/<base>.tsv (split if too large)."""

    def __init__(self, base, generator, versions):
        self.base = base
        self.generator = generator
        self.versions = versions
        self.lines = []
        self.seen = set()

    def add(self, command, flags, args, expected):
        if isinstance(args, (list, tuple)):
            args = " ".join(args)
        key = (command, flags, args)
        if key in self.seen:
            return
        self.seen.add(key)
        for col in (command, flags, args, expected):
            assert "\t" not in col and "\n" not in col, (command, flags, args, expected)
        self.lines.append("%s\t%s\t%s\t%s\n" % (command, flags, args, expected))

    def header(self, part=None, nparts=None):
        h = ["# typelattice reference cases (generated from the real frameworks; do not edit)\n",
             "# generator: %s\n" % self.generator,
             "# date: %s\n" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
             "# python: %s\n" % sys.version.split()[0]]
        for k, v in self.versions:
            h.append("# %s: %s\n" % (k, v))
        if seed_note():
            h.append(seed_note())
        if nparts and nparts > 1:
            h.append("# part %d of %d\n" % (part, nparts))
        h.append("# columns: COMMAND<TAB>FLAGS<TAB>ARGS<TAB>EXPECTED (see docs/design.md)\n")
        return h

    def write(self):
        os.makedirs(OUTDIR, exist_ok=True)
        # remove stale outputs of this base
        for f in os.listdir(OUTDIR):
            if f == self.base + ".tsv" or (f.startswith(self.base + ".") and f.endswith(".tsv")
                                            and f[len(self.base) + 1:-4].isdigit()):
                os.remove(os.path.join(OUTDIR, f))
        chunks, cur, size = [], [], 0
        for ln in self.lines:
            if size + len(ln) > MAX_BYTES and cur:
                chunks.append(cur)
                cur, size = [], 0
            cur.append(ln)
            size += len(ln)
        if cur or not chunks:
            chunks.append(cur)
        names = []
        for i, ch in enumerate(chunks, 1):
            name = self.base + (".tsv" if len(chunks) == 1 else ".%d.tsv" % i)
            with open(os.path.join(OUTDIR, name), "w", encoding="utf-8") as f:
                f.writelines(self.header(i, len(chunks)))
                f.writelines(ch)
            names.append(name)
        print("%s: %d cases -> %s" % (self.base, len(self.lines), ", ".join(names)), file=sys.stderr)
        return names


def versions_of(*mods):
    out = []
    for name in mods:
        try:
            m = __import__(name)
            out.append((name, getattr(m, "__version__", "?")))
        except Exception as e:  # noqa
            out.append((name, "not installed (%s)" % type(e).__name__))
    return out


def same_value(v, got):
    """True if `got` (a Python value read back from an array) is exactly the Python
    value v: same type class, same value; floats compare by finiteness (a NaN is a
    NaN, an inf keeps its sign)."""
    import math
    if isinstance(v, bool) or isinstance(got, bool):
        return type(v) is type(got) and v == got
    if isinstance(v, complex) and not isinstance(got, complex):
        return False
    if isinstance(v, float) and isinstance(got, int):
        return False
    if isinstance(v, (float, complex)):
        v, got = complex(v), complex(got)
        for a, b in ((v.real, got.real), (v.imag, got.imag)):
            if math.isnan(a) != math.isnan(b) or math.isinf(a) != math.isinf(b):
                return False
            if math.isinf(a) and a != b:
                return False
        return True
    return got == v


def run(fn):
    """fn()'s result, or the error line for the exception it raises."""
    try:
        return fn()
    except Exception as e:
        return fmt_err(e)


def operand_builder(make):
    """build(tok): parse an operand token and make the framework object with
    make(kind, dtype, value), memoized per token (failures are not cached)."""
    cache = {}

    def build(tok):
        if tok not in cache:
            cache[tok] = make(*parse_operand(tok))
        return cache[tok]
    build.clear = cache.clear  # for configuration changes that change the objects
    return build


def buildable(build, tok):
    """True if the framework can represent the operand token at all."""
    try:
        build(tok)
        return True
    except Exception:
        return False
