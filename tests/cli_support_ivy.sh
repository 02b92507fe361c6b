#!/usr/bin/env bash
# The generated Ivy registry (tests/data/support/ivy.txt, from the ivy 1.0.0.5 sources) against
# the live Ivy's ivy.function_supported_dtypes for every numpy-backend function
# (tests/data/support/ivy-numpy-live.tsv; both from tools/refgen/gen_ivy_support.py).
# Usage: cli_support_ivy.sh CLI SOURCE_DIR
set -u
CLI=$1
SRC=$2
REG=$SRC/tests/data/support/ivy.txt
LIVE=$SRC/tests/data/support/ivy-numpy-live.tsv
pass=0
fail=0
ver=$(sed -n 's/^# numpy_version: //p' "$LIVE")
[ -n "$ver" ] || { echo "FAIL: no numpy_version line in $LIVE"; exit 1; }
"$CLI" support --check "$REG" >/dev/null || { echo "FAIL: $REG does not load"; exit 1; }
while IFS=$'\t' read -r fn want; do
  case $fn in '#'*|'') continue ;; esac
  got=$("$CLI" support "$REG" --backend numpy --function "$fn" --version "$ver" 2>&1)
  if [ "$got" = "$want" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: numpy.$fn: registry '$got', live ivy '$want'"; fi
done <"$LIVE"
# the registry holds the decorated functions: at least these many were compared
[ "$pass" -ge 300 ] || { echo "FAIL: only $pass functions compared"; fail=$((fail + 1)); }
# bad input: an unknown backend is an error, not an empty answer
"$CLI" support "$REG" --backend nosuch --function abs >/dev/null 2>&1 && { echo "FAIL: unknown backend accepted"; fail=$((fail + 1)); }
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
