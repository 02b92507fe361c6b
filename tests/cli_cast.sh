#!/usr/bin/env bash
# cli_cast.sh — `typelattice cast` on real files (issues 16 and 18): .npy shape and
# order kept (compared byte for byte with np.save output committed by
# tools/refgen/gen_safetensors.py), strict .npy headers, output through FIFOs, devices
# and symlinks, modes and umask, NAME_MAX names, signal cleanup, bounded memory,
# threads, progress, pipes, safetensors bad files, and clear messages.
# usage: cli_cast.sh TYPELATTICE_CLI REPO_DIR
set -u
CLI=$1
SRC=$2
D=$SRC/tests/data
T=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
# run EXPECTED_STATUS EXPECTED_STDERR_SUBSTRING ARGS...
run() {
  local want=$1 msg=$2
  shift 2
  "$CLI" cast "$@" 2>"$T/err" >"$T/out"
  local st=$?
  if [ "$st" != "$want" ]; then bad "cast $* -> status $st, want $want: $(cat "$T/err")"; return 1; fi
  if [ -n "$msg" ] && ! grep -qF -- "$msg" "$T/err"; then bad "cast $*: stderr '$(cat "$T/err")' lacks '$msg'"; return 1; fi
  ok
}
no_temp() { # no temporary file left in a directory
  if ls -a "$1" | grep -q '^\.tlcast\.'; then bad "temporary file left in $1: $(ls -a "$1")"; else ok; fi
}

# ---- .npy: shape and memory order kept, bytes identical to np.save(x.astype(t)) ----
for n in c23 f23 f234 scalar empty03; do
  for t in f64:float64 f16:float16; do
    run 0 "" --to "${t#*:}" "$D/npy/${n}_f32.npy" "$T/o.npy" &&
      { cmp -s "$T/o.npy" "$D/npy/${n}_${t%%:*}.npy" && ok || bad "$n -> ${t#*:} differs from np.save"; }
  done
done
# raw -> .npy is 1-d of the element count; .npy -> raw is the data in file order
run 0 "" --to float32 "$D/npy/f23_f32.npy" "$T/f23.raw"
tail -c 24 "$D/npy/f23_f32.npy" | cmp -s - "$T/f23.raw" && ok || bad "npy -> raw is not the data in file order"
run 0 "" --from float32 --to float32 "$T/f23.raw" "$T/f23.npy"
head -c 80 "$T/f23.npy" | grep -qF "'shape': (6,)" && ok || bad "raw -> npy shape"

# ---- .npy headers NumPy rejects ----
mk_npy() { # mk_npy FILE DICT (printf format) -- a version 1.0 file with 8 bytes of data
  local dict
  dict=$(printf "$2" | od -An -c | wc -c) # unused: keep printf's escapes
  printf "$2" >"$T/dict"
  local len
  len=$(stat -c %s "$T/dict")
  { printf '\x93NUMPY\x01\x00'; printf "\\x$(printf %02x $((len & 255)))\\x$(printf %02x $((len >> 8)))"; cat "$T/dict"; printf 'ABCDEFGH'; } >"$1"
}
mk_npy "$T/good.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }    \n"
run 0 "" --to float64 "$T/good.npy" "$T/x.raw"
mk_npy "$T/h1.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } junk\n"
run 1 "text after the header dict" --to float64 "$T/h1.npy" "$T/x.raw"
mk_npy "$T/h2.npy" "{'descr': '<f4\\0xx', 'fortran_order': False, 'shape': (2,), }\n"
run 1 "NUL byte in the header" --to float64 "$T/h2.npy" "$T/x.raw"
mk_npy "$T/h3.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (2), }\n"
run 1 "not a tuple" --to float64 "$T/h3.npy" "$T/x.raw"
mk_npy "$T/h4.npy" "{'descr': '<f4', 'fortran_order': Falsey, 'shape': (2,), }\n"
run 1 "fortran_order" --to float64 "$T/h4.npy" "$T/x.raw"
printf '\x93NUMPY\x01\x01\x10\x00{}              ' >"$T/h5.npy"
run 1 "unsupported format version 1.1" --to float64 "$T/h5.npy" "$T/x.raw"
rm -f "$T/x.raw"
run 1 "text after the header dict" --to float64 "$T/h1.npy" "$T/x.raw"
[ ! -e "$T/x.raw" ] && ok || bad "a rejected input wrote OUT"

# ---- messages (issue 18) ----
run 2 "option '--to' needs a value (a dtype name)" "$T/good.npy" "$T/x.raw" --to
run 2 "option '--from' needs a value" --to float32 "$T/good.npy" "$T/x.raw" --from
run 2 "option '--only' needs a value" --to float32 "$T/good.npy" "$T/x.raw" --only
run 1 "'$T' is a directory" --from float32 --to float16 "$T" "$T/x.raw"
mkdir "$T/outdir"
run 1 "'$T/outdir' is a directory" --to float16 "$T/good.npy" "$T/outdir"
run 2 "--threads wants a count" --threads 0 --to float16 "$T/good.npy" "$T/x.raw"

# ---- output through special files and symlinks ----
ref="$D/npy/c23_f64.npy"
mkfifo "$T/fifo"
cat "$T/fifo" >"$T/from_fifo" &
reader=$!
run 0 "" --to float64 "$D/npy/c23_f32.npy" "$T/fifo"
wait $reader
[ -p "$T/fifo" ] && ok || bad "the FIFO was replaced"
tail -c 48 "$ref" | cmp -s - "$T/from_fifo" && ok || bad "data through the FIFO differs" # OUT not *.npy: raw
run 0 "" --to float64 "$D/npy/c23_f32.npy" /dev/null
[ -c /dev/null ] && ok || bad "/dev/null is no longer a character device"
if [ -c /dev/full ]; then
  run 1 "cannot write '/dev/full': No space left on device" --to float64 "$D/npy/c23_f32.npy" /dev/full
  [ -c /dev/full ] && ok || bad "/dev/full replaced"
fi
echo old >"$T/target.npy"
ln -s target.npy "$T/link.npy"
run 0 "" --to float64 "$D/npy/c23_f32.npy" "$T/link.npy"
[ -L "$T/link.npy" ] && ok || bad "the symlink was replaced by a file"
cmp -s "$T/target.npy" "$ref" && ok || bad "the symlink's target was not written"
ln -s sub/../dangling_target.npy "$T/dangling.npy"
mkdir "$T/sub"
run 0 "" --to float64 "$D/npy/c23_f32.npy" "$T/dangling.npy"
[ -L "$T/dangling.npy" ] && cmp -s "$T/dangling_target.npy" "$ref" && ok || bad "dangling symlink: target not created"
ln -s loop2 "$T/loop1"; ln -s loop1 "$T/loop2"
run 1 "cannot write '$T/loop1'" --to float64 "$D/npy/c23_f32.npy" "$T/loop1"
no_temp "$T"

# ---- modes: an existing file keeps its mode, a new one gets the umask's ----
echo old >"$T/m.npy"
chmod 640 "$T/m.npy"
run 0 "" --to float64 "$D/npy/c23_f32.npy" "$T/m.npy"
[ "$(stat -c %a "$T/m.npy")" = 640 ] && ok || bad "mode 640 became $(stat -c %a "$T/m.npy")"
chmod 604 "$T/m.npy"
run 0 "" --to float16 "$D/npy/c23_f32.npy" "$T/m.npy"
[ "$(stat -c %a "$T/m.npy")" = 604 ] && ok || bad "mode 604 became $(stat -c %a "$T/m.npy")"
for u in 022:644 027:640 077:600 002:664; do
  rm -f "$T/new.npy"
  (umask "${u%%:*}" && "$CLI" cast --to float64 "$D/npy/c23_f32.npy" "$T/new.npy") || bad "umask ${u%%:*}: cast failed"
  [ "$(stat -c %a "$T/new.npy")" = "${u#*:}" ] && ok || bad "umask ${u%%:*}: mode $(stat -c %a "$T/new.npy"), want ${u#*:}"
done
# the same file as input and output
cp "$D/npy/c23_f32.npy" "$T/same.npy"
run 0 "" --to float64 "$T/same.npy" "$T/same.npy"
cmp -s "$T/same.npy" "$ref" && ok || bad "in-place cast"

# ---- a name of NAME_MAX bytes ----
max=$(getconf NAME_MAX "$T" 2>/dev/null || echo 255)
long=$(printf 'n%.0s' $(seq 1 $((max - 4)))).npy
run 0 "" --to float64 "$D/npy/c23_f32.npy" "$T/$long"
cmp -s "$T/$long" "$ref" && ok || bad "NAME_MAX-byte output name"
run 0 "" --to float16 "$D/npy/c23_f32.npy" "$T/$long" # over an existing one
no_temp "$T"

# ---- signals: the temporary file goes, the destination is untouched ----
for sig in TERM INT HUP; do
  mkfifo "$T/in_$sig.fifo"
  sleep 30 >"$T/in_$sig.fifo" & # a writer that never writes: cast blocks reading
  writer=$!
  echo keep >"$T/sig_$sig.raw"
  # job control on: a background job keeps SIGINT (non-interactive bash would ignore it)
  set -m
  "$CLI" cast --from float32 --to float16 "$T/in_$sig.fifo" "$T/sig_$sig.raw" 2>/dev/null &
  pid=$!
  set +m
  for _ in $(seq 1 50); do ls -a "$T" | grep -q '^\.tlcast\.' && break; sleep 0.1; done
  ls -a "$T" | grep -q '^\.tlcast\.' && ok || bad "SIG$sig: no temporary file while running (test cannot see cleanup)"
  kill -"$sig" "$pid"
  wait "$pid"
  st=$?
  kill "$writer" 2>/dev/null; wait "$writer" 2>/dev/null
  [ "$st" -gt 128 ] && ok || bad "SIG$sig: exit status $st, want death by the signal"
  no_temp "$T"
  [ "$(cat "$T/sig_$sig.raw")" = keep ] && ok || bad "SIG$sig: destination changed"
done

# ---- pipes: raw input streamed from a pipe ----
head -c 4000000 /dev/urandom >"$T/rand.raw"
run 0 "" --from float32 --to bfloat16 "$T/rand.raw" "$T/r1.raw"
cat "$T/rand.raw" | "$CLI" cast --from float32 --to bfloat16 /dev/stdin "$T/r2.raw" && cmp -s "$T/r1.raw" "$T/r2.raw" && ok || bad "pipe input"
head -c 4000001 /dev/urandom | "$CLI" cast --from float32 --to bfloat16 /dev/stdin "$T/r3.raw" 2>"$T/err"
[ $? = 1 ] && grep -qF "not a whole number" "$T/err" && [ ! -e "$T/r3.raw" ] && ok || bad "pipe input with a partial element"
cat "$T/rand.raw" | "$CLI" cast --from float32 --to float16 /dev/stdin "$T/r4.npy" 2>"$T/err"
[ $? = 2 ] && grep -qF "not a regular file" "$T/err" && ok || bad "pipe raw input to .npy"

# ---- threads give the same bytes; progress bar when asked ----
head -c 33554432 /dev/urandom >"$T/big.raw"
run 0 "" --threads 1 --from float32 --to float8_e4m3fn "$T/big.raw" "$T/t1.raw"
run 0 "" --threads 4 --from float32 --to float8_e4m3fn "$T/big.raw" "$T/t4.raw"
cmp -s "$T/t1.raw" "$T/t4.raw" && ok || bad "--threads 4 differs from --threads 1"
# the read-ahead path (positioned reads of a regular file) against plain sequential reads of a pipe
cat "$T/big.raw" | "$CLI" cast --from float32 --to float8_e4m3fn /dev/stdin "$T/t7.raw" && cmp -s "$T/t1.raw" "$T/t7.raw" && ok || bad "multi-block file cast differs from the same data through a pipe"
run 0 "100%" --progress --from float32 --to float16 "$T/big.raw" "$T/t5.raw"
if command -v script >/dev/null 2>&1; then # on a terminal, a file of 64 MiB or more shows the bar by itself
  truncate -s 64M "$T/z64.raw"
  script -qec "'$CLI' cast --from float32 --to float16 '$T/z64.raw' '$T/z64.out'" /dev/null >"$T/tty.txt" 2>&1
  grep -q '100%' "$T/tty.txt" && ok || bad "no progress bar on a terminal: $(head -c 300 "$T/tty.txt")"
  script -qec "'$CLI' cast --no-progress --from float32 --to float16 '$T/z64.raw' '$T/z64.out'" /dev/null >"$T/tty.txt" 2>&1
  ! grep -q '%' "$T/tty.txt" && ok || bad "--no-progress showed a bar"
  rm -f "$T/z64.raw" "$T/z64.out"
fi
run 0 "" --from float32 --to float16 "$T/big.raw" "$T/t6.raw"
[ ! -s "$T/err" ] && ok || bad "progress shown when stderr is not a terminal: $(cat "$T/err")"
# checked failure in a late block: OUT untouched (file) / nothing written (FIFO)
truncate -s 33554432 "$T/zeros.raw"
printf '\x00\x00\x80\x7f' >>"$T/zeros.raw" # +inf after 8 Mi zeros
cp "$T/m.npy" "$T/m_before.npy"
run 1 "element 8388608 (value inf) does not survive float32 -> int32" --checked --from float32 --to int32 "$T/zeros.raw" "$T/m.npy"
cmp -s "$T/m.npy" "$T/m_before.npy" && ok || bad "checked failure changed OUT"
cat "$T/fifo" >"$T/from_fifo2" &
reader=$!
run 1 "element 8388608 (value inf)" --checked --from float32 --to int32 "$T/zeros.raw" "$T/fifo"
wait $reader
[ ! -s "$T/from_fifo2" ] && ok || bad "checked failure wrote $(stat -c %s "$T/from_fifo2") bytes into a FIFO"
no_temp "$T"

# ---- bounded memory: a 256 MiB cast stays far below the file size ----
if [ -x /usr/bin/time ] && ! grep -q __asan_init "$CLI"; then
  truncate -s 256M "$T/huge.raw"
  /usr/bin/time -f %M -o "$T/rss" "$CLI" cast --from float32 --to float64 "$T/huge.raw" "$T/huge2.raw" || bad "256 MiB cast failed"
  rss=$(tail -1 "$T/rss")
  [ "$rss" -lt 65536 ] && ok || bad "peak RSS ${rss} KiB for a 256 MiB cast"
  [ "$(stat -c %s "$T/huge2.raw")" = 536870912 ] && ok || bad "256 MiB cast output size"
  rm -f "$T/huge.raw" "$T/huge2.raw"
fi

# ---- safetensors: bad files, selection errors ----
S=$D/safetensors
sz=$(stat -c %s "$S/model.safetensors")
head -c $((sz - 3)) "$S/model.safetensors" >"$T/trunc.safetensors"
run 1 "truncated" --to bfloat16 "$T/trunc.safetensors" "$T/o.safetensors"
[ ! -e "$T/o.safetensors" ] && ok || bad "bad safetensors input wrote OUT"
head -c 5 "$S/model.safetensors" >"$T/tiny.safetensors"
run 1 "has no header length" --to bfloat16 "$T/tiny.safetensors" "$T/o.safetensors"
{ printf '\xff\xff\xff\xff\xff\xff\xff\xff'; tail -c +9 "$S/model.safetensors"; } >"$T/ovf.safetensors"
run 1 "over the 100 MB limit" --to bfloat16 "$T/ovf.safetensors" "$T/o.safetensors"
{ printf '\x00\x10\x00\x00\x00\x00\x00\x00'; tail -c +9 "$S/model.safetensors"; } >"$T/past.safetensors"
run 1 "runs past the end of the file" --to bfloat16 "$T/past.safetensors" "$T/o.safetensors"
j='{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}}'
{ printf "\\x$(printf %02x ${#j})\\x00\\x00\\x00\\x00\\x00\\x00\\x00"; printf %s "$j"; head -c 12 /dev/zero; } >"$T/overlap.safetensors"
run 1 "tensor 'b': data_offsets [4, 12] overlap the previous tensor" --to bfloat16 "$T/overlap.safetensors" "$T/o.safetensors"
run 1 "no tensor matches" --only 'nope*' --to bfloat16 "$S/model.safetensors" "$T/o.safetensors"
run 2 "safetensors has no dtype code for 'int4'" --to int4 "$S/model.safetensors" "$T/o.safetensors"
run 2 "converts to a .safetensors file" --to bfloat16 "$S/model.safetensors" "$T/o.npy"
run 1 "tensor 'ids': element 3 (value 1099511627777) does not survive int64 -> float16" --checked --to float16 "$S/model.safetensors" "$T/o.safetensors"
run 0 "" --to float32 "$S/model.safetensors" "$T/o.safetensors"
run 0 "" --to bfloat16 "$T/o.safetensors" "$T/o2.safetensors"
# (byte comparisons with the package's files, up to metadata order: tests/test_safetensors.c)
no_temp "$T"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
