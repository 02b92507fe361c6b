#!/usr/bin/env bash
# `make install` works: install the build into a temporary prefix, then build
# and run a tiny program against it twice: through pkg-config, and through
# CMake's find_package(typelattice). The pkg-config program runs without
# LD_LIBRARY_PATH or an -rpath of its own: the .pc file carries the rpath.
# Args: CLI path, source dir (as CTest passes them to every tests/cli_*.sh).
set -u
cli=$1; src=$2
build=$(dirname "$cli")
pass=0; fail=0
ok()  { echo "ok   $1"; pass=$((pass+1)); }
bad() { echo "FAIL $1"; fail=$((fail+1)); }
if grep -q '^TL_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "skipped: sanitizer build (an installed ASan library needs ASan-built consumers)"
  echo "0 passed, 0 failed, 1 skipped"; exit 77  # CTest: Not Run (Skipped)
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
if cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1; then ok "cmake --install"; else bad "cmake --install"; cat "$tmp/install.log"; fi
for f in include/typelattice.h bin/typelattice; do
  [ -e "$prefix/$f" ] && ok "installed $f" || bad "installed $f"
done
libdir=$(ls -d "$prefix"/lib* | head -1)
for f in libtypelattice.so libtypelattice.a pkgconfig/typelattice.pc cmake/typelattice/typelatticeConfig.cmake; do
  [ -e "$libdir/$f" ] && ok "installed $f" || bad "installed $f"
done
cat > "$tmp/demo.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <typelattice.h>
int main(void) {
  tl_dtype a, b, r;
  if (tl_dtype_parse("int8", &a, NULL) || tl_dtype_parse("uint8", &b, NULL)) return 1;
  if (tl_promote_types(NULL, a, b, &r) != TL_OK) return 2;
  printf("%s\n", tl_dtype_name(r));
  return strcmp(tl_dtype_name(r), "int16") != 0;
}
C
export PKG_CONFIG_PATH=$libdir/pkgconfig
unset LD_LIBRARY_PATH
[ "$("$prefix/bin/typelattice" promote int8 uint8 2>&1)" = int16 ] && ok "installed CLI runs" || bad "installed CLI runs"
if cc -std=c11 -o "$tmp/demo_pc" "$tmp/demo.c" $(pkg-config --cflags --libs typelattice) 2>"$tmp/cc.log"; then
  out=$("$tmp/demo_pc"); [ "$out" = int16 ] && ok "pkg-config program runs (int8 + uint8 -> $out)" || bad "pkg-config program printed '$out'"
else bad "compile with pkg-config"; cat "$tmp/cc.log"; fi
if cc -std=c11 -o "$tmp/demo_static" "$tmp/demo.c" $(pkg-config --cflags typelattice) "$libdir/libtypelattice.a" -lm -lpthread 2>"$tmp/cc2.log"; then
  [ "$("$tmp/demo_static")" = int16 ] && ok "static link" || bad "static link output"
else bad "static link"; cat "$tmp/cc2.log"; fi
mkdir -p "$tmp/consumer"
cp "$tmp/demo.c" "$tmp/consumer/demo.c"
cat > "$tmp/consumer/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.16)
project(consumer C)
find_package(typelattice REQUIRED)
add_executable(demo demo.c)
target_link_libraries(demo PRIVATE typelattice::typelattice)
install(TARGETS demo RUNTIME DESTINATION bin)
CM
if cmake -S "$tmp/consumer" -B "$tmp/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/cm.log" 2>&1 &&
   cmake --build "$tmp/consumer/build" >>"$tmp/cm.log" 2>&1; then
  [ "$("$tmp/consumer/build/demo")" = int16 ] && ok "find_package(typelattice) consumer runs" || bad "find_package consumer output"
  # installed, the consumer loses CMake's build-tree rpath: the package config's rpath remains
  if cmake --install "$tmp/consumer/build" --prefix "$tmp/consumer-prefix" >>"$tmp/cm.log" 2>&1; then
    [ "$("$tmp/consumer-prefix/bin/demo" 2>&1)" = int16 ] && ok "installed find_package consumer runs" \
      || bad "installed find_package consumer: $("$tmp/consumer-prefix/bin/demo" 2>&1 | head -1)"
  else bad "cmake --install of the consumer"; tail -5 "$tmp/cm.log"; fi
else bad "find_package(typelattice) consumer builds"; tail -20 "$tmp/cm.log"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
