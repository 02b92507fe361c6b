#!/usr/bin/env bash
# cli_basic.sh CLI SRCDIR — the typelattice CLI: --help, --version, help, list, info.
# Prints one line per failed check and a final "N passed, M failed"; exits 1 on failure.
CLI=${1:?usage: cli_basic.sh CLI SRCDIR}
SRC=${2:?usage: cli_basic.sh CLI SRCDIR}
pass=0; fail=0
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# run ARGS...: stdout -> $T/out, stderr -> $T/err, status -> $rc
run() { "$CLI" "$@" >"$T/out" 2>"$T/err"; rc=$?; }
expect_rc() { [ "$rc" = "$1" ] && ok || bad "$2: exit $rc, expected $1 (stderr: $(head -c 300 "$T/err"))"; }
out_has() { grep -qF -- "$1" "$T/out" && ok || bad "$2: stdout lacks '$1'"; }
err_has() { grep -qF -- "$1" "$T/err" && ok || bad "$2: stderr lacks '$1'"; }
out_line() { grep -qxF -- "$1" "$T/out" && ok || bad "$2: no stdout line '$1'"; }
empty_out() { [ ! -s "$T/out" ] && ok || bad "$1: unexpected stdout"; }
empty_err() { [ ! -s "$T/err" ] && ok || bad "$1: unexpected stderr: $(head -c 200 "$T/err")"; }

# --help / --version / help COMMAND
run --help;            expect_rc 0 "--help"; out_has "usage: typelattice COMMAND" "--help"; empty_err "--help"
for c in list info rules promote promote-types can-cast table lattice; do
  grep -qE "^  $c " "$T/out" && ok || bad "--help does not list '$c'"
done
run -h;                expect_rc 0 "-h"; out_has "usage: typelattice" "-h"
run --version;         expect_rc 0 "--version"; out_line "typelattice 0.1.0" "--version"
run help promote;      expect_rc 0 "help promote"; out_has "usage: typelattice promote" "help promote"
run help lattice;      expect_rc 0 "help lattice"; out_has "--check FILE" "help lattice"
run info --help;       expect_rc 0 "info --help"; out_has "usage: typelattice info DTYPE" "info --help"
run help nosuchcmd;    expect_rc 2 "help nosuchcmd"; err_has "unknown command 'nosuchcmd'" "help nosuchcmd"
run nosuchcmd;         expect_rc 2 "nosuchcmd"; err_has "unknown command 'nosuchcmd'" "nosuchcmd"; empty_out "nosuchcmd"
run;                   expect_rc 2 "no arguments"; err_has "usage:" "no arguments"

# list
run list; expect_rc 0 "list"
[ "$(wc -l <"$T/out")" = 46 ] && ok || bad "list: $(wc -l <"$T/out") lines, expected 46 (one per dtype)"
for n in bool int2 uint4 float4_e2m1fn float8_e8m0fnu bfloat16 complex32 complex128 'int\*' 'float\*' 'complex\*' \
         int1 uint1 int3 uint7 bcomplex32 float4_e2m1fn_x2; do
  grep -qE "^$n " "$T/out" && ok || bad "list lacks $n"
done
grep -E '^int\* ' "$T/out" | grep -qF '(weak)' && ok || bad "list: int* not marked weak"
# display order: by kind then width (bool, int1, int2, int3, ...), not by enum value
[ "$(head -4 "$T/out" | cut -d' ' -f1 | tr '\n' ' ')" = "bool int1 int2 int3 " ] && ok || bad "list: not in display order"
run list --json; expect_rc 0 "list --json"
python3 -m json.tool "$T/out" >/dev/null 2>&1 && ok || bad "list --json is not valid JSON"
python3 - "$T/out" <<'PY' && ok || bad "list --json content"
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d) == 46, len(d)
by = {e["name"]: e for e in d}
assert by["float8_e4m3fn"]["bits"] == 8 and by["float8_e4m3fn"]["itemsize"] == 1
assert by["int4"]["bits"] == 4 and by["int4"]["itemsize"] == 1 and by["int4"]["kind"] == "signed integer"
assert by["complex128"]["itemsize"] == 16
assert by["float*"]["weak"] is True and by["float32"]["weak"] is False
assert by["int1"]["bits"] == 1 and by["int1"]["itemsize"] == 1 and by["uint7"]["kind"] == "unsigned integer"
assert by["bcomplex32"]["itemsize"] == 4 and by["bcomplex32"]["kind"] == "complex floating"
assert by["float4_e2m1fn_x2"]["bits"] == 8 and by["float4_e2m1fn_x2"]["itemsize"] == 1
PY
run list --bogus; expect_rc 2 "list --bogus"; err_has "--bogus" "list --bogus"

# info
run info float8_e4m3fn; expect_rc 0 "info float8_e4m3fn"
out_line "max: 448" "info float8_e4m3fn"; out_line "min: -448" "info float8_e4m3fn"
out_line "dlpack_code: 10" "info float8_e4m3fn"; out_line "has_inf: false" "info float8_e4m3fn"
out_line "name: float8_e4m3fn" "info float8_e4m3fn"
run info '<f4';     expect_rc 0 "info <f4"; out_line "name: float32" "info <f4"; out_line "byteorder: <" "info <f4"
run info '>i4';     expect_rc 0 "info >i4"; out_line "byteorder: >" "info >i4"; out_line "max: 2147483647" "info >i4"
run info int64;     out_line "min: -9223372036854775808" "info int64"; out_line "max: 9223372036854775807" "info int64"
run info uint64;    out_line "max: 18446744073709551615" "info uint64"
run info bf16;      expect_rc 0 "info bf16"; out_line "name: bfloat16" "info bf16"
run info int;       expect_rc 0 "info int"; out_line "name: int*" "info int"; out_line "weak: true" "info int"
run info float8_e4m3fn --json; expect_rc 0 "info --json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["max"]==448 and d["name"]=="float8_e4m3fn"' "$T/out" \
  && ok || bad "info --json: invalid JSON or wrong max"
run info float32 --json
python3 -m json.tool "$T/out" >/dev/null 2>&1 && ok || bad "info float32 --json is not valid JSON"
# every float field round-trips to the value recorded from numpy/ml_dtypes (tests/data/finfo.tsv)
python3 - "$CLI" "$SRC/tests/data/finfo.tsv" <<'PY' && ok || bad "info: floats do not round-trip to finfo.tsv"
import subprocess, sys
cli, tsv = sys.argv[1], sys.argv[2]
rows = [l.rstrip("\n").split("\t") for l in open(tsv) if not l.startswith("#")]
head, rows = rows[0], rows[1:]
bad = 0
for r in rows:
    want = dict(zip(head, r))
    out = subprocess.run([cli, "info", want["dtype"]], capture_output=True, text=True).stdout
    got = dict(l.split(": ", 1) for l in out.splitlines())
    for k in ("eps", "epsneg", "max", "min", "smallest_normal", "smallest_subnormal", "resolution"):
        if float(got[k]) != float.fromhex(want[k]):
            print(f"  {want['dtype']}.{k}: printed {got[k]}, recorded {float.fromhex(want[k])!r}")
            bad += 1
    for k in ("nexp", "nmant", "maxexp", "minexp", "precision"):
        if int(got[k]) != int(want[k]):
            print(f"  {want['dtype']}.{k}: printed {got[k]}, recorded {want[k]}"); bad += 1
sys.exit(1 if bad else 0)
PY
# unknown names: message on stderr, exit 2, nothing on stdout
run info flaot32;  expect_rc 2 "info flaot32"; err_has "unknown dtype 'flaot32' (did you mean 'float32'?)" "info flaot32"; empty_out "info flaot32"
run info f16;      expect_rc 2 "info f16"; err_has "float16" "info f16"; err_has "bit-width" "info f16"
run info u8;       expect_rc 2 "info u8"; err_has "uint64" "info u8"
run info;          expect_rc 2 "info (no dtype)"; err_has "missing DTYPE" "info (no dtype)"
run info int8 int16; expect_rc 2 "info two dtypes"
# the appended dtypes (ml_dtypes 0.6: iinfo(int1) = (-1, 0); torch.finfo(bcomplex32) = bfloat16's)
run info int1;       expect_rc 0 "info int1"; out_line "min: -1" "info int1"; out_line "max: 0" "info int1"
run info uint7;      expect_rc 0 "info uint7"; out_line "max: 127" "info uint7"
run info bcomplex32; expect_rc 0 "info bcomplex32"; out_line "itemsize: 4" "info bcomplex32"; out_line "nmant: 7" "info bcomplex32"
run info float4_e2m1fn_x2; expect_rc 0 "info float4_e2m1fn_x2"; out_line "itemsize: 1" "info float4_e2m1fn_x2"
run info int9;       expect_rc 2 "info int9"; err_has "unknown dtype 'int9'" "info int9"; empty_out "info int9"
run info bcomplex16; expect_rc 2 "info bcomplex16"; err_has "did you mean 'bcomplex32'" "info bcomplex16"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
