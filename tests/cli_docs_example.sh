#!/usr/bin/env bash
# The guide's C example (docs/examples/promote.c) compiles against the build
# tree and prints what docs/examples/promote.expected says.
# Usage: cli_docs_example.sh CLI SOURCE_DIR
set -u
CLI=$1
SRC=$2
BUILD=$(dirname "$CLI")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CC=${CC:-cc}
FLAGS=()
# a sanitizer build's static library needs the sanitizer runtime at link time
if grep -q '^TL_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  FLAGS+=(-fsanitize=address,undefined)
fi
if grep -q '^TL_TSAN:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  FLAGS+=(-fsanitize=thread)
fi
if ! "$CC" -std=c11 -Wall -Wextra -Wpedantic -Werror "${FLAGS[@]}" -I"$SRC/include" \
     "$SRC/docs/examples/promote.c" "$BUILD/libtypelattice.a" -lm -lpthread -o "$TMP/promote" 2>"$TMP/cc.err"; then
  echo "FAIL docs/examples/promote.c does not compile:"
  cat "$TMP/cc.err"
  echo "0 passed, 1 failed"
  exit 1
fi
if ! "$TMP/promote" >"$TMP/out" 2>"$TMP/err"; then
  echo "FAIL docs/examples/promote.c exited non-zero:"
  cat "$TMP/err"
  echo "0 passed, 1 failed"
  exit 1
fi
if ! diff -u "$SRC/docs/examples/promote.expected" "$TMP/out"; then
  echo "FAIL docs/examples/promote.c printed something else (diff above: expected, got)"
  echo "1 passed, 1 failed"
  exit 1
fi
echo "2 passed, 0 failed"
