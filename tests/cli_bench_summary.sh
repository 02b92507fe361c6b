#!/usr/bin/env bash
# bench/summarize_convert.py, the page docs/convert_throughput.md is made with: the counts of
# a per-tier page from a hand-written bench run (figures chosen so each count is known),
# a section of such a page read back as an archived tier (the same page again), and bad
# archived inputs (a missing section, a section without counts) refused with a message
# naming them.
# Usage: cli_bench_summary.sh CLI SOURCE_DIR
set -u
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
exec python3 - "$SRC/bench/summarize_convert.py" "$T" <<'PY'
import json, os, subprocess, sys
script, tmp = sys.argv[1], sys.argv[2]
passed = failed = 0
def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)

def run(*args):
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True)

# 4 pairs at 32 KiB (ratios 1.0, 0.6, 0.4, 0.95; one of them into int3, a later dtype)
# and 4 at 64 MiB (ratios 1.1, 0.89, 0.91, 0.5), memcpy 100 and 20 GB/s
res = []
for size, mc, rows in ((32768, 100.0, [("float32", "float16", 1.0), ("int8", "float32", 0.6),
                                        ("float32", "int3", 0.4), ("int16", "int8", 0.95)]),
                       (67108864, 20.0, [("float32", "float16", 1.1), ("int8", "float32", 0.89),
                                         ("float32", "int3", 0.91), ("int16", "int8", 0.5)])):
    for f, t, r in rows:
        res.append(dict(size=size, memcpy_gbps=mc, gbps=mc * r, ratio=r, ratio_best=r, route="simd",
                        **{"from": f, "to": t}))
with open(os.path.join(tmp, "run.json"), "w") as fh:
    json.dump(dict(tier="avx2", results=res), fh)
p = run("--tier", "avx2=" + os.path.join(tmp, "run.json"), "--run-note", "A hand-written run.",
        "--neon", "none")
check(p.returncode == 0, "per-tier page from a JSON run: exit %d, %s" % (p.returncode, p.stderr))
page = p.stdout
check("| avx2 | 32768 | 100.0 | 2 of 4 | 3 of 4 |" in page, "32 KiB summary row (2 at 0.9x, 3 at 0.5x)")
check("| avx2 | 67108864 | 20.0 | 2 of 4 | 4 of 4 |" in page, "64 MiB summary row (2 at 0.9x, 4 at 0.5x)")
check("- of the 3 pairs of the 31 dtypes issue 14 counted: 2 at or above 0.9x, 3 at or above 0.5x."
      in page, "32 KiB counts without the later dtypes")
check("- of the 3 pairs of the 31 dtypes issue 14 counted: 1 at or above 0.9x, 3 at or above 0.5x."
      in page, "64 MiB counts without the later dtypes")
check(page.index("| float32 → int3 | 40.00 | 0.40 |") < page.index("| int8 → float32 | 60.00 | 0.60 |"),
      "slowest pairs first")
check("A hand-written run." in page, "the run note")
pg = os.path.join(tmp, "page.md")
with open(pg, "w") as fh:
    fh.write(page)

# the page's section read back as an archived tier gives the same page, its note marked archived
p = run("--tier", "avx2=%s#avx2" % pg, "--neon", "none")
mark = "Archived: section `avx2` of %s, not measured by this run. " % pg
check(p.returncode == 0 and p.stdout == page.replace("A hand-written run.", mark + "A hand-written run."),
      "a section of an archived page read back: %s" % p.stderr)
# read back again: marked once
with open(os.path.join(tmp, "page2.md"), "w") as fh:
    fh.write(p.stdout)
p2 = run("--tier", "avx2=%s#avx2" % os.path.join(tmp, "page2.md"), "--neon", "none")
check(p2.returncode == 0 and p2.stdout == p.stdout, "an archived section carried over twice: %s" % p2.stderr)
# under another name, with a live tier beside it
p = run("--tier", "avx2=" + os.path.join(tmp, "run.json"), "--tier", "avx2 (old)=%s#avx2" % pg)
check(p.returncode == 0 and "| avx2 (old) | 32768 | 100.0 | 2 of 4 | 3 of 4 |" in p.stdout,
      "an archived section beside a live tier")

# bad archived inputs: refused, the message names the file and the section
p = run("--tier", "avx512=%s#avx512" % pg)
check(p.returncode != 0 and pg in p.stderr and '"## avx512"' in p.stderr and not p.stdout,
      "a missing section: exit %d, %r" % (p.returncode, p.stderr))
bad = os.path.join(tmp, "bad.md")
with open(bad, "w") as fh:
    fh.write(page.replace("- 2 of 4 ordered pairs at or above 0.9x memcpy;", "- two of four;", 1))
p = run("--tier", "avx2=%s#avx2" % bad)
check(p.returncode != 0 and bad in p.stderr and "no counts line" in p.stderr,
      "a section without its counts line: exit %d, %r" % (p.returncode, p.stderr))

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
