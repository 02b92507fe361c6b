#!/usr/bin/env bash
# docs/index.html renders in a real browser: headless Chromium loads it, runs
# its inline script, and the DOM it dumps holds the comparison table the script
# builds (324 cells for the default 18 dtypes, a diff count that is 0 for a rule
# set against itself and not 0 for jax against jax.lax). Also writes a
# screenshot to BUILD/docs-screenshot.png for a person to look at.
# When Chromium is not installed it prints a skip line and exits 77, which CTest
# reports as "Not Run (Skipped)", unless TL_DOCS_REQUIRE_CHROMIUM=1 (then it fails).
# make test and make docs-test install Chromium first, so there it really runs.
# Usage: cli_docs_chromium.sh CLI SOURCE_DIR
set -u
CLI=$1
SRC=$2
BUILD=$(cd "$(dirname "$CLI")" && pwd)
PAGE=$SRC/docs/index.html
CHROMIUM=""
for c in chromium chromium-browser google-chrome; do
  if command -v "$c" >/dev/null 2>&1; then CHROMIUM=$(command -v "$c"); break; fi
done
if [ -z "$CHROMIUM" ]; then
  if [ "${TL_DOCS_REQUIRE_CHROMIUM:-0}" = 1 ]; then
    echo "FAIL chromium is not installed (apt-get install chromium; make docs-test does it)"
    echo "0 passed, 1 failed"
    exit 1
  fi
  echo "SKIP cli_docs_chromium: chromium is not installed (make test / make docs-test install it)"
  echo "0 passed, 0 failed, 1 skipped"
  exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fails=0
ok() { pass=$((pass + 1)); }
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

chrome() {
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$TMP/profile" "$@" 2>>"$TMP/chromium.log"
}
[ -f "$PAGE" ] || { fail "no $PAGE (run make docs)"; echo "$pass passed, $fails failed"; exit 1; }
URL="file://$(cd "$(dirname "$PAGE")" && pwd)/index.html"

# 1. the default view: jax against numpy when numpy exists
chrome --dump-dom "$URL" >"$TMP/dom.html"
table=$(python3 - "$TMP/dom.html" <<'PY'
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<table[^>]*id="cmp-table"[^>]*>(.*?)</table>', dom, re.S)
if not m:
    print("none"); sys.exit()
tag = re.search(r'<table[^>]*id="cmp-table"[^>]*>', dom).group(0)
rows = m.group(1).count("<tr")
tds = len(re.findall(r"<td[ >]", m.group(1)))
differ = re.search(r'data-differ="(\d+)"', tag)
print(rows, tds, differ.group(1) if differ else "?")
PY
)
if [ "$table" = none ] || [ -z "$table" ]; then
  fail "the script built no comparison table (id=cmp-table) in the dumped DOM; chromium log:"
  tail -5 "$TMP/chromium.log"
else
  read -r rows tds differ <<<"$table"
  [ "$rows" = 19 ] && ok || fail "comparison table has $rows rows, want 19 (header + 18 dtypes)"
  # 18 x 18 cells plus the 18 row-header cells
  [ "$tds" = 342 ] && ok || fail "comparison table has $tds <td> cells, want 342"
fi
grep -q '<select id="ra"><option' "$TMP/dom.html" && ok || fail "the rule-set pickers were not filled"
grep -q '<img src="lattices/jax.svg"' "$TMP/dom.html" && ok || fail "no lattice picture"

# 2. a rule set against itself: no differences; jax against jax.lax: many
differ_of() {
  chrome --dump-dom "$URL?a=$1&b=$2" | grep -o 'id="cmp-table"[^>]*' | grep -o 'data-differ="[0-9]*"' | grep -o '[0-9]*'
}
d=$(differ_of jax jax)
[ "$d" = 0 ] && ok || fail "jax vs jax: data-differ='$d', want 0"
d=$(differ_of jax jax.lax)
[ -n "$d" ] && [ "$d" -gt 0 ] && ok || fail "jax vs jax.lax: data-differ='$d', want > 0"

# 3. a screenshot, for the eyes
rm -f "$BUILD/docs-screenshot.png"
chrome --window-size=1400,1600 --hide-scrollbars --screenshot="$BUILD/docs-screenshot.png" "$URL" >/dev/null
size=$(stat -c %s "$BUILD/docs-screenshot.png" 2>/dev/null || echo 0)
[ "$size" -gt 20000 ] && ok || fail "screenshot $BUILD/docs-screenshot.png is $size bytes"
echo "screenshot: $BUILD/docs-screenshot.png"
echo "$pass passed, $fails failed"
[ "$fails" = 0 ]
