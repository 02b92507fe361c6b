"""A small Markdown -> HTML renderer for the docs pages (standard library only).

It covers the Markdown the docs use: ATX headings, paragraphs, fenced code blocks,
bullet and numbered lists (nested by indentation), pipe tables, block quotes, horizontal
rules, and inline code, links, images, **bold**, *italic*. Relative links to another
page that is rendered too (`guide.md`, `tables/index.md#x`) are rewritten to its .html
page, so the rendered pages link to each other; everything else is kept as written.

    to_html(markdown_text, link_map=lambda target: target) -> HTML fragment
"""

from __future__ import annotations

import html
import re

_CODE = re.compile(r"(`+)(.+?)\1", re.S)
_IMG = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_AUTOLINK = re.compile(r"<(https?://[^>\s]+)>")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITAL = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_LIST = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_HEAD = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def _slug(text):
    text = re.sub(r"<[^>]+>", "", text).lower()
    return re.sub(r"[^a-z0-9 _-]", "", text).strip().replace(" ", "-")


def inline(text, link_map=lambda t: t):
    """Inline Markdown of one block of text -> HTML (code spans are not touched inside)."""
    parts = []
    pos = 0
    for m in _CODE.finditer(text):
        parts.append(("t", text[pos:m.start()]))
        parts.append(("c", m.group(2).strip() if m.group(2).strip() else m.group(2)))
        pos = m.end()
    parts.append(("t", text[pos:]))
    out = []
    for kind, s in parts:
        if kind == "c":
            out.append("<code>%s</code>" % html.escape(s, quote=False))
            continue
        s = html.escape(s, quote=False)
        s = _IMG.sub(lambda m: '<img src="%s" alt="%s">' % (html.escape(link_map(m.group(2))), m.group(1)), s)
        s = _LINK.sub(lambda m: '<a href="%s">%s</a>' % (html.escape(link_map(html.unescape(m.group(2)))),
                                                          m.group(1)), s)
        s = _AUTOLINK.sub(lambda m: '<a href="%s">%s</a>' % (m.group(1), m.group(1)), s)
        s = _BOLD.sub(r"<strong>\1</strong>", s)
        s = _ITAL.sub(r"<em>\1</em>", s)
        out.append(s)
    return "".join(out)


def _cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    cells, cur, in_code = [], "", False
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line) and line[i + 1] == "|":
            cur += "|"
            i += 2
            continue
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append(cur.strip())
            cur = ""
        else:
            cur += ch
        i += 1
    cells.append(cur.strip())
    return cells


def _list_html(items, link_map):
    """items: [(indent, ordered, text)] -> nested <ul>/<ol>."""
    out = []
    stack = []  # (indent, tag)
    for indent, ordered, text in items:
        tag = "ol" if ordered else "ul"
        while stack and indent < stack[-1][0]:
            out.append("</li></%s>" % stack.pop()[1])
        if not stack or indent > stack[-1][0]:
            out.append("<%s><li>" % tag)
            stack.append((indent, tag))
        else:
            out.append("</li><li>")
        out.append(inline(text, link_map))
    while stack:
        out.append("</li></%s>" % stack.pop()[1])
    return "".join(out)


def to_html(text, link_map=lambda t: t):
    lines = text.replace("\r\n", "\n").split("\n")
    out = []
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if line.lstrip().startswith("<!--"):  # an HTML comment passes through as it is
            block = []
            while i < n:
                block.append(lines[i])
                i += 1
                if "-->" in block[-1]:
                    break
            out.append("\n".join(block))
            continue
        fence = re.match(r"^\s*(```+|~~~+)\s*([\w+-]*)", line)
        if fence:
            mark = fence.group(1)
            lang = fence.group(2)
            body = []
            i += 1
            while i < n and not lines[i].strip().startswith(mark):
                body.append(lines[i])
                i += 1
            i += 1
            cls = ' class="language-%s"' % lang if lang else ""
            out.append("<pre><code%s>%s</code></pre>" % (cls, html.escape("\n".join(body), quote=False)))
            continue
        h = _HEAD.match(line)
        if h:
            level = len(h.group(1))
            body = inline(h.group(2), link_map)
            out.append('<h%d id="%s">%s</h%d>' % (level, _slug(body), body, level))
            i += 1
            continue
        if re.match(r"^\s*([-*_])(\s*\1){2,}\s*$", line):
            out.append("<hr>")
            i += 1
            continue
        if "|" in line and i + 1 < n and _TABLE_SEP.match(lines[i + 1]):
            head = _cells(line)
            i += 2
            rows = []
            while i < n and "|" in lines[i] and lines[i].strip():
                rows.append(_cells(lines[i]))
                i += 1
            out.append("<table><thead><tr>%s</tr></thead><tbody>%s</tbody></table>" % (
                "".join("<th>%s</th>" % inline(c, link_map) for c in head),
                "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % inline(c, link_map) for c in r) for r in rows)))
            continue
        if line.lstrip().startswith(">"):
            quote = []
            while i < n and lines[i].lstrip().startswith(">"):
                quote.append(re.sub(r"^\s*>\s?", "", lines[i]))
                i += 1
            out.append("<blockquote>%s</blockquote>" % to_html("\n".join(quote), link_map))
            continue
        if _LIST.match(line):
            items = []
            while i < n:
                m = _LIST.match(lines[i])
                if m:
                    items.append((len(m.group(1)), m.group(2)[0].isdigit(), m.group(3)))
                elif lines[i].strip() and items and lines[i].startswith(" "):
                    ind, o, t = items[-1]
                    items[-1] = (ind, o, t + " " + lines[i].strip())  # continuation line
                else:
                    break
                i += 1
            out.append(_list_html(items, link_map))
            continue
        para = []
        while (i < n and lines[i].strip() and not _HEAD.match(lines[i]) and not _LIST.match(lines[i])
               and not re.match(r"^\s*(```|~~~)", lines[i]) and not lines[i].lstrip().startswith(">")
               and not ("|" in lines[i] and i + 1 < n and _TABLE_SEP.match(lines[i + 1]))):
            para.append(lines[i].strip())
            i += 1
        out.append("<p>%s</p>" % inline("\n".join(para), link_map))
    return "\n".join(out) + "\n"


def first_heading(text, default):
    for line in text.split("\n"):
        h = _HEAD.match(line)
        if h:
            return re.sub(r"[`*]", "", h.group(2))
    return default
