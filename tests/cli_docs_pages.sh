#!/usr/bin/env bash
# The docs site opens rendered pages, not raw Markdown: every Markdown page has its
# HTML page (docs/generate.py renders them with docs/mdhtml.py), every relative link
# of the HTML pages resolves to a file that exists, the navigation links of
# index.html open .html pages, and the renderer turns the Markdown the docs use
# (headings, tables, lists, code, links) into the right elements.
# Usage: cli_docs_pages.sh CLI SOURCE_DIR
set -u
SRC=$2
exec python3 - "$SRC/docs" <<'PY'
import glob, html, os, re, sys
docs = sys.argv[1]
sys.path.insert(0, docs)
import mdhtml
passed = failed = 0
def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)

md_pages = sorted(glob.glob(os.path.join(docs, "*.md"))) + [os.path.join(docs, "tables", "index.md")]
for md in md_pages:
    check(os.path.exists(md[:-3] + ".html"), "%s has no rendered %s (run make docs)" % (md, md[:-3] + ".html"))
for page in sorted(glob.glob(os.path.join(docs, "*.html")) + glob.glob(os.path.join(docs, "tables", "*.html"))):
    text = open(page, encoding="utf-8").read()
    for href in re.findall(r'(?:href|src)="([^"]+)"', text):
        href = html.unescape(href)
        if re.match(r"^[a-z]+:", href) or href.startswith("#") or "?" in href:
            continue
        target = os.path.normpath(os.path.join(os.path.dirname(page), href.split("#")[0]))
        check(os.path.exists(target), "%s links to %s, which does not exist" % (os.path.relpath(page, docs), href))
index = open(os.path.join(docs, "index.html"), encoding="utf-8").read()
nav = re.search(r"<nav>(.*?)</nav>", index, re.S).group(1)
for href in re.findall(r'href="([^"]+)"', nav):
    check(href.endswith(".html"), "index.html navigation opens %s, not an HTML page" % href)

# the renderer itself, on a sample written for this test
sample = """# Title `x`

Text with **bold**, *it*, `a|b` and [a page](guide.md#install) and [away](https://example.org/).

| a | b |
|---|---|
| `1 \\\\| 2` | [t](tables/index.md) |

- one
  - nested
- two

1. first
2. second

```c
int x = 1 < 2;
```
"""
out = mdhtml.to_html(sample, lambda t: t.replace(".md", ".html"))
for want in ['<h1 id="title-x">Title <code>x</code></h1>', "<strong>bold</strong>", "<em>it</em>",
             "<code>a|b</code>", '<a href="guide.html#install">a page</a>', '<a href="https://example.org/">away</a>',
             "<thead><tr><th>a</th><th>b</th></tr></thead>", '<a href="tables/index.html">t</a>',
             "<ul><li>one<ul><li>nested</li></ul></li><li>two</li></ul>",
             "<ol><li>first</li><li>second</li></ol>", '<pre><code class="language-c">int x = 1 &lt; 2;</code></pre>']:
    check(want in out, "mdhtml: %r not in the output:\n%s" % (want, out))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
