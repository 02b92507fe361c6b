#!/usr/bin/env python3
"""Generate the pictures and tables under docs/ from the library itself.

    python3 docs/generate.py [--cli build/typelattice] [--docs docs]

Writes (every file is a pure function of the CLI's output, so running it twice
changes nothing):
  docs/tables/<variant>.md, .html   the promotion table of every rule set (and of
                                    its --x64 / --strict modes where they differ),
                                    cells that differ from NumPy marked
  docs/tables/index.md              the list of tables
  docs/tables/disagreements.md, .html
                                    every pair on which the frameworks disagree
  docs/lattices/<variant>.svg       the lattice of every lattice-based rule set
                                    (Graphviz `dot`)
  docs/index.html                   one static page: tables, pictures, and a
                                    two-rule-set comparison computed in the browser
  docs/guide.md                     from docs/guide.md.in (docs/gen_guide.py)
  docs/*.html, docs/tables/index.html
                                    every Markdown page rendered (docs/mdhtml.py), so
                                    the site's links open HTML, not raw Markdown

It asks `typelattice rules` which rule sets exist, so rule sets added later
appear without editing this file. Standard library only.
"""
import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The frameworks compared on the disagreements page, in column order.
FRAMEWORKS = ["jax", "numpy", "torch", "tensorflow", "array-api", "ivy"]
FRAMEWORK_TITLES = {
    "jax": "JAX", "numpy": "NumPy 2", "torch": "PyTorch", "tensorflow": "TensorFlow",
    "array-api": "Array API", "ivy": "Ivy",
}
MODES = [("", []), ("-x64", ["--x64"]), ("-strict", ["--strict"])]

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 1.5em auto;
       max-width: 1400px; padding: 0 1em; color: #222; line-height: 1.45; }
h1, h2, h3 { line-height: 1.2; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.92em; }
table.promotion, table.dis { border-collapse: collapse; font-size: 12px; margin: 0.5em 0 1.5em; }
table.promotion th, table.promotion td, table.dis th, table.dis td {
  border: 1px solid #ccc; padding: 2px 5px; text-align: center; white-space: nowrap; }
table.promotion tr:first-child th, table.promotion td:first-child, table.dis th { background: #f3f3f3; font-weight: 600; }
table.promotion td.d, table.dis td.d { background: #ffd8a8; font-weight: 600; }
table.promotion td.e, table.dis td.e { color: #999; }
.wrap { overflow-x: auto; }
.muted { color: #666; }
nav a { margin-right: 1em; }
"""


class Cli:
    def __init__(self, path):
        self.path = path

    def run(self, *args, check=True):
        p = subprocess.run([self.path, *args], capture_output=True, text=True)
        if check and p.returncode != 0:
            raise RuntimeError("typelattice %s failed (%d): %s" % (" ".join(args), p.returncode, p.stderr.strip()))
        return p

    def out(self, *args):
        return self.run(*args).stdout

    def ok(self, *args):
        return self.run(*args, check=False).returncode == 0


def rule_sets(cli):
    """[(name, description)] in `typelattice rules` order."""
    rules = []
    for line in cli.out("rules").splitlines():
        if not line.strip() or line[0].isspace():
            continue
        name, _, desc = line.partition(" ")
        rules.append((name, desc.strip()))
    return rules


def slug(name):
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)


def write(path, text):
    """Write text only when it changed (keeps mtimes and makes runs idempotent)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return False
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return True


def parse_tsv(text):
    lines = [l.split("\t") for l in text.strip("\n").split("\n")]
    cols = lines[0][1:]
    rows = [l[0] for l in lines[1:]]
    cells = {(r[0], c): v for r in lines[1:] for c, v in zip(cols, r[1:])}
    return rows, cols, cells


def table_variants(cli, rules):
    """Every (variant name, rule set, flags) whose table exists, modes kept only
    where they change the table."""
    out = []
    for name, _ in rules:
        base = cli.out("table", "--rules", name, "--format", "tsv")
        out.append((slug(name), name, []))
        for suffix, flags in MODES[1:]:
            p = cli.run("table", "--rules", name, "--format", "tsv", *flags, check=False)
            if p.returncode == 0 and p.stdout != base:
                out.append((slug(name) + suffix, name, flags))
    return out


def md_escape_weak(text):
    # int*, float*, complex* would open emphasis in Markdown
    return re.sub(r"(int|float|complex)\*", r"\1\\*", text)


def page_html(title, body, rel=""):
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<title>%s</title>\n<link rel=\"stylesheet\" href=\"%stables/style.css\">\n</head>\n<body>\n"
            "<nav><a href=\"%sindex.html\">typelattice docs</a><a href=\"%stables/index.html\">all tables</a>"
            "<a href=\"%stables/disagreements.html\">where frameworks disagree</a></nav>\n%s\n</body>\n</html>\n"
            % (html.escape(title), rel, rel, rel, rel, body))


def variant_title(name, flags):
    return "%s%s" % (name, "".join(" " + f for f in flags))


def gen_tables(cli, docs, rules, variants):
    names = [n for n, _ in rules]
    desc = dict(rules)
    have_numpy = "numpy" in names
    index = ["# Promotion tables", "",
             "Generated by `make docs` (`docs/generate.py`) from `typelattice table`; do not edit.", "",
             "Each table gives the dtype of `a + b` for the row's and the column's dtype. `int*`, `float*`, "
             "`complex*` are the weak kinds (a Python `int`, `float`, `complex`, or a weakly typed JAX value); "
             "`-` means the framework has no implicit promotion for the pair (it raises). "
             + ("Cells that differ from NumPy 2 (`--rules numpy`) are **bold** in Markdown and highlighted "
                "in HTML, as in the JAX documentation's table." if have_numpy else ""), "",
             "| rule set | mode | Markdown | HTML | what it models |", "|---|---|---|---|---|"]
    written = []
    for vslug, name, flags in variants:
        diff = []
        if have_numpy and not (name == "numpy" and not flags):
            diff = ["--diff", "numpy"]
        args = ["table", "--rules", name, *flags]
        md = cli.run(*args, "--format", "markdown", *diff, check=False)
        if md.returncode != 0 and diff:  # a dtype set NumPy cannot compare: no marks
            diff = []
            md = cli.run(*args, "--format", "markdown")
        hm = cli.out(*args, "--format", "html", *diff)
        cmd = "typelattice " + " ".join(args + ["--format", "markdown"] + diff)
        title = "Promotion table: %s" % variant_title(name, flags)
        note = ("Cells that differ from NumPy 2 are marked (bold here, highlighted in the HTML version)."
                if diff else "")
        mdtext = "\n".join([
            "# " + title, "",
            "%s" % desc.get(name, ""), "",
            "Generated by `make docs` from `%s`; do not edit. %s" % (cmd, note), "",
            "Rows and columns are the two operands; `int*`, `float*`, `complex*` are the weak kinds; "
            "`-` means no implicit promotion (an error).", "",
            md_escape_weak(md.stdout.rstrip("\n")), ""])
        write(os.path.join(docs, "tables", vslug + ".md"), mdtext)
        body = ("<h1>%s</h1>\n<p>%s</p>\n<p class=\"muted\">Generated by <code>make docs</code> from <code>%s</code>. %s</p>\n"
                "<div class=\"wrap\">\n%s</div>\n"
                % (html.escape(title), html.escape(desc.get(name, "")), html.escape(cmd.replace("markdown", "html")),
                   html.escape(note), hm))
        write(os.path.join(docs, "tables", vslug + ".html"), page_html(title, body, "../"))
        mode = " ".join(flags) or "default"
        index.append("| `%s` | %s | [%s.md](%s.md) | [%s.html](%s.html) | %s |"
                     % (name, mode, vslug, vslug, vslug, vslug, desc.get(name, "").replace("|", "\\|")))
        written.append(vslug)
    index += ["", "See also [where the frameworks disagree](disagreements.md).", ""]
    write(os.path.join(docs, "tables", "index.md"), "\n".join(index))
    # one stylesheet for every table page (index.html inlines it: it is a single file)
    write(os.path.join(docs, "tables", "style.css"), CSS.strip("\n") + "\n")
    return written


def gen_disagreements(cli, docs, rules):
    names = [n for n, _ in rules]
    fws = [f for f in FRAMEWORKS if f in names]
    base = "jax" if "jax" in names else names[0]
    rows, cols, _ = parse_tsv(cli.out("table", "--rules", base, "--format", "tsv"))
    dtypes = cols
    tables = {}
    for f in fws:
        p = cli.run("table", "--rules", f, "--format", "tsv", "--dtypes", ",".join(dtypes), check=False)
        if p.returncode != 0:
            p = cli.run("table", "--rules", f, "--format", "tsv")
        tables[f] = parse_tsv(p.stdout)[2]

    def cell(f, a, b):
        x = tables[f].get((a, b), "n/a")
        y = tables[f].get((b, a), "n/a")
        return x if x == y else "%s / %s" % (x, y)

    pairs = [(dtypes[i], dtypes[j]) for i in range(len(dtypes)) for j in range(i, len(dtypes))]
    dis = []
    for a, b in pairs:
        answers = [cell(f, a, b) for f in fws]
        if len(set(answers)) > 1:
            dis.append((a, b, answers))
    agree = {(f, g): sum(1 for a, b in pairs if cell(f, a, b) == cell(g, a, b)) for f in fws for g in fws}

    def majority(answers):
        counts = {}
        for x in answers:
            counts[x] = counts.get(x, 0) + 1
        best = max(counts.values())
        tops = [x for x in answers if counts[x] == best]
        return tops[0] if len(set(tops)) == 1 else None

    head = [FRAMEWORK_TITLES.get(f, f) + " (`%s`)" % f for f in fws]
    intro = ("Generated by `make docs` (`docs/generate.py`) from `typelattice table --rules R --format tsv` "
             "for R in %s; do not edit. The dtypes are the default 18 of `typelattice table` "
             "(the 15 of the JAX documentation's table and the weak kinds `int*`, `float*`, `complex*`, "
             "which stand for a Python `int`, `float`, `complex`: in JAX a weakly typed value, in NumPy 2 "
             "a Python scalar, in PyTorch a Python number). `-` means the framework raises: no implicit "
             "promotion. In each row the answers that differ from the most common one are marked."
             % ", ".join("`%s`" % f for f in fws))
    summary = ("Of the %d unordered pairs of these %d dtypes, the %d frameworks agree on %d and "
               "disagree on %d." % (len(pairs), len(dtypes), len(fws), len(pairs) - len(dis), len(dis)))
    md = ["# Where the frameworks disagree", "", intro, "", summary, "",
          "## How often two frameworks agree", "",
          "Pairs (out of %d) on which the row's and the column's framework give the same answer:" % len(pairs), "",
          "| | " + " | ".join("`%s`" % f for f in fws) + " |", "|---" * (len(fws) + 1) + "|"]
    for f in fws:
        md.append("| `%s` | " % f + " | ".join(str(agree[f, g]) for g in fws) + " |")
    md += ["", "## Every pair on which they disagree", "",
           "| a | b | " + " | ".join(head) + " |", "|---|---" + "|---" * len(fws) + "|"]
    hrows = []
    for a, b, answers in dis:
        maj = majority(answers)
        cells_md, cells_h = [], []
        for x in answers:
            mark = maj is not None and x != maj
            cells_md.append(("**%s**" % x) if mark else x)
            cls = "d" if mark else ("e" if x == "-" else "")
            cells_h.append("<td%s>%s</td>" % (' class="%s"' % cls if cls else "", html.escape(x)))
        md.append(md_escape_weak("| %s | %s | %s |" % (a, b, " | ".join(cells_md))))
        hrows.append("<tr><th>%s</th><th>%s</th>%s</tr>" % (html.escape(a), html.escape(b), "".join(cells_h)))
    md.append("")
    write(os.path.join(docs, "tables", "disagreements.md"), "\n".join(md))

    def md_inline(s):
        s = html.escape(s)
        s = re.sub(r"`([^`]+)`", r"<code>\1</code>", s)
        return s

    agree_h = ("<table class=\"dis\"><tr><th></th>%s</tr>%s</table>"
               % ("".join("<th>%s</th>" % html.escape(f) for f in fws),
                  "".join("<tr><th>%s</th>%s</tr>" % (html.escape(f), "".join("<td>%d</td>" % agree[f, g] for g in fws))
                          for f in fws)))
    body = ("<h1>Where the frameworks disagree</h1>\n<p>%s</p>\n<p><b>%s</b></p>\n"
            "<h2>How often two frameworks agree</h2>\n<p>Pairs (out of %d) on which the row's and the column's "
            "framework give the same answer:</p>\n%s\n<h2>Every pair on which they disagree</h2>\n"
            "<div class=\"wrap\"><table class=\"dis\"><tr><th>a</th><th>b</th>%s</tr>\n%s\n</table></div>\n"
            % (md_inline(intro), html.escape(summary), len(pairs), agree_h,
               "".join("<th>%s</th>" % md_inline(h) for h in head), "\n".join(hrows)))
    write(os.path.join(docs, "tables", "disagreements.html"), page_html("Where the frameworks disagree", body, "../"))
    return {"frameworks": fws, "pairs": len(pairs), "disagree": len(dis)}


def gen_lattices(cli, docs, rules, dot):
    """SVG of every distinct lattice: [(file stem, title)]."""
    out, seen = [], set()
    for name, _ in rules:
        for suffix, flags in MODES:
            p = cli.run("lattice", "--rules", name, "--format", "text", *flags, check=False)
            if p.returncode != 0:
                break  # table-driven: no lattice in any mode
            body = "\n".join(l for l in p.stdout.splitlines() if not l.startswith("#"))
            if body in seen:
                continue
            seen.add(body)
            stem = slug(name) + suffix
            src = cli.out("lattice", "--rules", name, "--format", "dot", *flags)
            if dot:
                svg = subprocess.run([dot, "-Tsvg"], input=src, capture_output=True, text=True, check=True).stdout
                svg = re.sub(r"<!-- Generated by graphviz[^>]*-->\n", "", svg)  # version-free: idempotent across machines
                write(os.path.join(docs, "lattices", stem + ".svg"), svg)
            write(os.path.join(docs, "lattices", stem + ".dot"), src)
            out.append((stem, variant_title(name, flags)))
    return out


def gen_index(cli, docs, rules, variants, lattices, dis):
    data = {"rules": [{"name": n, "description": d} for n, d in rules], "tables": []}
    for vslug, name, flags in variants:
        t = json.loads(cli.out("table", "--rules", name, *flags, "--format", "json"))
        data["tables"].append({"id": vslug, "label": variant_title(name, flags), "rules": name,
                               "dtypes": t["dtypes"], "cells": t["cells"]})
    with open(os.path.join(HERE, "index.html.in"), encoding="utf-8") as f:
        tpl = f.read()
    js = json.dumps(data, separators=(",", ":"), sort_keys=False).replace("</", "<\\/")
    rules_rows = "\n".join("<tr><td><code>%s</code></td><td>%s</td></tr>" % (html.escape(n), html.escape(d))
                           for n, d in rules)
    pics = "\n".join("<figure><img src=\"lattices/%s.svg\" alt=\"%s lattice\"><figcaption><code>typelattice lattice "
                     "--rules %s --format dot | dot -Tsvg</code></figcaption></figure>"
                     % (html.escape(s), html.escape(t), html.escape(t)) for s, t in lattices)
    links = "\n".join("<li><a href=\"tables/%s.html\">%s</a></li>" % (html.escape(v), html.escape(variant_title(n, f)))
                      for v, n, f in variants)
    page = (tpl.replace("@CSS@", CSS).replace("@DATA@", js).replace("@RULES@", rules_rows)
            .replace("@LATTICES@", pics).replace("@TABLE_LINKS@", links)
            .replace("@DISAGREE@", "%d of the %d pairs of dtypes (%s)" % (
                dis["disagree"], dis["pairs"], ", ".join(dis["frameworks"]))))
    write(os.path.join(docs, "index.html"), page)


def gen_pages(docs):
    """Every Markdown page of the docs (docs/*.md, tables/index.md) as an HTML page beside it,
    so the site's links open rendered pages, not raw Markdown. Returns the pages written."""
    import mdhtml
    pages = sorted(f for f in os.listdir(docs) if f.endswith(".md"))
    pages = [os.path.join(docs, f) for f in pages] + [os.path.join(docs, "tables", "index.md")]
    rendered = {os.path.abspath(p) for p in pages}
    for page in pages:
        here = os.path.dirname(page)
        rel = "../" if os.path.abspath(here) != os.path.abspath(docs) else ""

        def link_map(target, here=here):
            if re.match(r"^[a-z]+:", target) or target.startswith(("#", "/")):
                return target
            path, _, frag = target.partition("#")
            if path.endswith(".md") and os.path.abspath(os.path.join(here, path)) in rendered:
                path = path[:-3] + ".html"
            return path + ("#" + frag if frag else "")

        with open(page, encoding="utf-8") as f:
            text = f.read()
        title = mdhtml.first_heading(text, os.path.basename(page))
        write(page[:-3] + ".html", page_html(title, mdhtml.to_html(text, link_map), rel))
    return pages


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "typelattice"))
    ap.add_argument("--docs", default=HERE)
    ap.add_argument("--dot", default=shutil.which("dot"))
    ap.add_argument("--no-guide", action="store_true")
    a = ap.parse_args()
    if not os.access(a.cli, os.X_OK):
        sys.exit("generate.py: no CLI at %s (build first: make)" % a.cli)
    if not a.dot:
        sys.exit("generate.py: Graphviz `dot` not found (apt-get install graphviz)")
    cli = Cli(a.cli)
    rules = rule_sets(cli)
    variants = table_variants(cli, rules)
    gen_tables(cli, a.docs, rules, variants)
    dis = gen_disagreements(cli, a.docs, rules)
    lattices = gen_lattices(cli, a.docs, rules, a.dot)
    gen_index(cli, a.docs, rules, variants, lattices, dis)
    if not a.no_guide:
        sys.path.insert(0, HERE)
        import gen_guide
        gen_guide.generate(cli.path, os.path.join(a.docs, "guide.md.in"), os.path.join(a.docs, "guide.md"))
    sys.path.insert(0, HERE)
    pages = gen_pages(a.docs)
    print("docs: %d rule sets, %d tables, %d lattices, %d disagreeing pairs, %d Markdown pages as HTML" %
          (len(rules), len(variants), len(lattices), dis["disagree"], len(pages)))


if __name__ == "__main__":
    main()
