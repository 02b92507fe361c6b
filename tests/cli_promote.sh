#!/usr/bin/env bash
# cli_promote.sh CLI SRCDIR — the promotion commands: promote, promote-types, can-cast,
# table, lattice; environment variables. Final line "N passed, M failed"; exit 1 on failure.
CLI=${1:?usage: cli_promote.sh CLI SRCDIR}
SRC=${2:?usage: cli_promote.sh CLI SRCDIR}
pass=0; fail=0
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
run() { "$CLI" "$@" >"$T/out" 2>"$T/err"; rc=$?; }
expect_rc() { [ "$rc" = "$1" ] && ok || bad "$2: exit $rc, expected $1 (stderr: $(head -c 300 "$T/err"))"; }
out_is() { [ "$(cat "$T/out")" = "$1" ] && ok || bad "$2: stdout '$(head -c 300 "$T/out")', expected '$1'"; }
out_has() { grep -qF -- "$1" "$T/out" && ok || bad "$2: stdout lacks '$1'"; }
err_is() { [ "$(cat "$T/err")" = "$1" ] && ok || bad "$2: stderr '$(head -c 400 "$T/err")', expected '$1'"; }
err_has() { grep -qF -- "$1" "$T/err" && ok || bad "$2: stderr lacks '$1'"; }
empty_out() { [ ! -s "$T/out" ] && ok || bad "$1: unexpected stdout '$(head -c 200 "$T/out")'"; }
# p EXPECTED ARGS... : promote prints EXPECTED, exit 0
p() { local want=$1; shift; run promote "$@"; expect_rc 0 "promote $*"; out_is "$want" "promote $*"; }

# promote (jax.md §3 worked examples; x64 off by default)
unset JAX_ENABLE_X64 JAX_NUMPY_DTYPE_PROMOTION
p "int8" array:int8 2
p "int32 (weak)" array:bool 1
p "float32 (weak)" array:bool 1.0
p "int8" True array:int8
p "float32 (weak)" 1 1.0
p "complex64 (weak)" int float complex
p "uint8" uint8 int
p "float64 (weak)" --x64 array:uint64 array:int64
p "complex128" --x64 array:float64 1j
p "float16" --x64 uint64 int64 float16
p "float16" --x64 float16 uint64 int64
p "int32" int32 int64
p "int64" --x64 int32 int64
p "bfloat16" --op array:bfloat16 1.0
p "int32" --rules jax.lax array:int32 3
p "float16 (weak)" --op weak:float16 weak:float16
p "float32 (weak)" --op --strict weak:float16 weak:float16
# promotion errors: framework class and message on stderr, exit 1, nothing on stdout
run promote --strict float32 int32; expect_rc 1 "promote --strict float32 int32"; empty_out "promote --strict"
err_is "TypePromotionError: Input dtypes ('float32', 'int32') have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, or set jax_numpy_dtype_promotion=standard." "promote --strict float32 int32"
run promote float8_e4m3fn float8_e5m2; expect_rc 1 "promote f8 x f8"
err_has "TypePromotionError: Input dtypes (" "promote f8 x f8"; err_has "8-bit floats do not support implicit promotion" "promote f8 x f8"
run promote --op array:int32 2147483648; expect_rc 1 "promote --op overflow"
err_is "OverflowError: An overflow was encountered while parsing an argument to a jitted computation, whose argument path is y. Got <class 'int'> with value 2147483648" "promote --op overflow"
run promote --rules jax.lax array:int32 array:float32; expect_rc 1 "lax int32 float32"; err_has "TypeError: " "lax int32 float32"
# usage errors: exit 2
run promote flaot32; expect_rc 2 "promote flaot32"; err_has "unknown dtype 'flaot32' (did you mean 'float32'?)" "promote flaot32"
run promote; expect_rc 2 "promote (no operands)"
run promote --rules nosuch int8; expect_rc 2 "promote --rules nosuch"; err_has "'nosuch'" "promote --rules nosuch"
run promote --bogus int8; expect_rc 2 "promote --bogus"; err_has "--bogus" "promote --bogus"
run promote 'py:int:2**129-1'; expect_rc 1 "promote 2**129-1"; err_has "too large" "promote 2**129-1"

# --batch: one line per case, errors as "error: TYPE: MESSAGE"
printf 'int8 3\nfloat8_e4m3fn float32\nweak:float16\nflaot32\n\narray:int32 py:int:2147483648\n' >"$T/in"
"$CLI" promote --batch --op <"$T/in" >"$T/out" 2>"$T/err"; rc=$?
expect_rc 0 "promote --batch"
mapfile -t L <"$T/out"
[ "${#L[@]}" = 6 ] && ok || bad "promote --batch: ${#L[@]} lines, expected 6"
[ "${L[0]}" = "int8" ] && ok || bad "batch line 1: '${L[0]}'"
[[ "${L[1]}" == "error: TypePromotionError: Input dtypes ('float8_e4m3fn', 'float32') have no available implicit dtype promotion path. To avoid unintended promotion, 8-bit floats do not support implicit promotion."* ]] && ok || bad "batch line 2: '${L[1]}'"
[ "${L[2]}" = "float16 (weak)" ] && ok || bad "batch line 3: '${L[2]}'"
[[ "${L[3]}" == "error: UsageError: unknown dtype 'flaot32'"* ]] && ok || bad "batch line 4: '${L[3]}'"
[[ "${L[4]}" == "error: UsageError: "* ]] && ok || bad "batch line 5 (empty case): '${L[4]}'"
[ "${L[5]}" = "error: OverflowError: An overflow was encountered while parsing an argument to a jitted computation, whose argument path is y. Got <class 'int'> with value 2147483648" ] && ok || bad "batch line 6: '${L[5]}'"
run promote --batch int8; expect_rc 2 "promote --batch with arguments"

# promote-types and can-cast
run promote-types int8 uint8; expect_rc 0 "promote-types"; out_is "int16" "promote-types int8 uint8"
run promote-types uint32 int32; out_is "int32" "promote-types uint32 int32 (x64 off)"
run promote-types --x64 uint32 int32; out_is "int64" "promote-types --x64 uint32 int32"
run promote-types int64 uint64; out_is "float64" "promote-types int64 uint64"
run promote-types uint8 int; out_is "uint8" "promote-types uint8 int"
run promote-types int4 int32; expect_rc 1 "promote-types int4 int32"; err_has "1-bit, 2-bit and 4-bit integers" "promote-types int4 int32"
printf 'int8 uint8\nint8 f16\n' | "$CLI" promote-types --batch >"$T/out" 2>&1
mapfile -t L <"$T/out"
[ "${L[0]}" = "int16" ] && ok || bad "promote-types --batch line 1: '${L[0]}'"
[[ "${L[1]}" == "error: UsageError: "*"'float16'"* ]] && ok || bad "promote-types --batch line 2: '${L[1]}'"
run can-cast int8 int16; expect_rc 0 "can-cast"; out_is "true" "can-cast int8 int16"
run can-cast int16 int8; out_is "false" "can-cast int16 int8"
run can-cast --casting same_kind float64 float32; out_is "true" "can-cast same_kind"
run can-cast --casting sometimes int8 int8; expect_rc 2 "can-cast --casting sometimes"

# environment variables (read once by the library)
JAX_ENABLE_X64=1 "$CLI" promote int32 int64 >"$T/out" 2>"$T/err"; rc=$?
expect_rc 0 "JAX_ENABLE_X64=1"; out_is "int64" "JAX_ENABLE_X64=1 promote int32 int64"
JAX_ENABLE_X64=true "$CLI" promote-types uint32 int8 >"$T/out" 2>&1; out_is "int64" "JAX_ENABLE_X64=true promote-types uint32 int8"
JAX_ENABLE_X64=0 "$CLI" promote int32 int64 >"$T/out" 2>&1; out_is "int32" "JAX_ENABLE_X64=0"
JAX_NUMPY_DTYPE_PROMOTION=strict "$CLI" promote float32 int32 >"$T/out" 2>"$T/err"; rc=$?
expect_rc 1 "JAX_NUMPY_DTYPE_PROMOTION=strict"; err_has "jax_numpy_dtype_promotion=strict" "JAX_NUMPY_DTYPE_PROMOTION=strict"
JAX_NUMPY_DTYPE_PROMOTION=strict "$CLI" promote --standard float32 int32 >"$T/out" 2>&1; out_is "float32" "--standard overrides the env"
JAX_ENABLE_X64=1 "$CLI" promote --no-x64 int32 int64 >"$T/out" 2>&1; out_is "int32" "--no-x64 overrides the env"
JAX_NUMPY_DTYPE_PROMOTION=standard "$CLI" promote float32 int32 >"$T/out" 2>&1; out_is "float32" "JAX_NUMPY_DTYPE_PROMOTION=standard"

# table: every format
run table --format tsv; expect_rc 0 "table tsv"
[ "$(head -1 "$T/out" | cut -f1)" = 'row\col' ] && ok || bad "table tsv: first cell is not row\\col"
[ "$(wc -l <"$T/out")" = 19 ] && ok || bad "table tsv: $(wc -l <"$T/out") lines, expected 19"
awk -F'\t' 'NR==1{n=NF} NF!=n{exit 1}' "$T/out" && ok || bad "table tsv: ragged rows"
[ "$(awk -F'\t' '$1=="uint64"{print $7}' "$T/out")" = "float*" ] && ok || bad "table tsv: uint64 x int8 is not float*"
[ "$(awk -F'\t' '$1=="bfloat16"{print $12}' "$T/out")" = "float32" ] && ok || bad "table tsv: bfloat16 x float16 is not float32"
run table --format tsv --x64 --dtypes uint32,int8; expect_rc 0 "table --dtypes"
[ "$(awk -F'\t' '$1=="uint32"{print $3}' "$T/out")" = "int64" ] && ok || bad "table --x64: uint32 x int8"
run table --format tsv --dtypes uint32,int8; [ "$(awk -F'\t' '$1=="uint32"{print $3}' "$T/out")" = "int32" ] && ok || bad "table x32: uint32 x int8"
run promote --rules numpy scalar:int8:300 array:uint8; expect_rc 1 "promote scalar:int8:300"
err_is "OverflowError: operand 'scalar:int8:300': the value is out of bounds for int8" "promote scalar:int8:300"
run promote --rules numpy1 zerodim:uint8:-1 array:int8; expect_rc 1 "promote zerodim:uint8:-1"
for bad in "" ",," "int8,,int16"; do
  run table --dtypes "$bad"; expect_rc 2 "table --dtypes '$bad'"; err_has "has an empty name" "table --dtypes '$bad'"
done
run table --format tsv --rules jax.lax; [ "$(awk -F'\t' '$1=="int8"{print $2}' "$T/out")" = "-" ] && ok || bad "table lax: int8 x bool is not -"
run table --format json; expect_rc 0 "table json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["cells"])==18 and d["cells"][0][0]=="bool"' "$T/out" && ok || bad "table json"
run table --format json --diff jax.lax
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["differs"][0][0] is True and d["differs"][1][1] is False' "$T/out" && ok || bad "table json --diff"
run table --format html; expect_rc 0 "table html"; out_has '<table class="promotion"' "table html"
grep -q 'class="d"' "$T/out" && bad "table html without --diff marks cells" || ok
run table --format html --diff jax.lax; expect_rc 0 "table html --diff"
out_has '<tr><td>bool</td><td class="d">bool</td>' "table html --diff (bool x bool differs from jax.lax)"
out_has '<tr><td>uint8</td><td class="d">uint8</td><td>uint8</td>' "table html --diff (uint8 x uint8 is the same)"
run table --format markdown; expect_rc 0 "table markdown"; out_has '| **uint8** |' "table markdown"
run table --format markdown --diff jax.lax; out_has '| **uint8** | **uint8** | uint8 |' "table markdown --diff"
run table; expect_rc 0 "table text"; out_has "complex128" "table text"
run table --diff jax.lax; out_has "(> marks cells that differ from --rules jax.lax)" "table text --diff"
run table --format bogus; expect_rc 2 "table --format bogus"
run table --dtypes int8,flaot32; expect_rc 2 "table --dtypes with a bad name"; err_has "flaot32" "table --dtypes bad"

# lattice
run lattice --format text; expect_rc 0 "lattice text"; out_has "bool -> int*" "lattice text"
cp "$T/out" "$T/jax.lattice"
run lattice --check "$T/jax.lattice"; expect_rc 0 "lattice --check of the printed jax lattice"; out_has "is a lattice" "lattice --check jax"
for cfg in "--x64" "--strict" "--rules jax.lax" "--rules jax.lax --x64"; do
  "$CLI" lattice --format text $cfg >"$T/l.txt" 2>/dev/null
  "$CLI" lattice --check "$T/l.txt" >/dev/null 2>&1 && ok || bad "lattice --check of 'lattice $cfg' fails"
done
run lattice --format dot; expect_rc 0 "lattice dot"; out_has 'digraph "jax"' "lattice dot"; out_has '"bool" -> "int*";' "lattice dot"
if command -v dot >/dev/null 2>&1; then
  dot -Tsvg "$T/out" >"$T/l.svg" 2>"$T/doterr" && grep -q '<svg' "$T/l.svg" && ok || bad "dot -Tsvg failed: $(head -c 200 "$T/doterr")"
else
  echo "skip: graphviz not installed (dot rendering)"
fi
run lattice --format png; expect_rc 2 "lattice --format png"
printf 'a\nb\n' >"$T/nolub.txt"
run lattice --check "$T/nolub.txt"; expect_rc 1 "lattice --check not a lattice"; out_has "error: no common upper bound for 'a' and 'b'" "lattice --check"
printf 'a -> c, d\nb -> c, d\nc\nd\n' >"$T/amb.txt"
run lattice --check "$T/amb.txt"; expect_rc 1 "lattice --check ambiguous"; out_has "several minimal upper bounds" "lattice --check ambiguous"
printf 'a -> b\nb -> a\n' >"$T/cyc.txt"
run lattice --check "$T/cyc.txt"; expect_rc 1 "lattice --check cycle"; out_has "cycle" "lattice --check cycle"
printf '%%partial\na\nb\n' >"$T/part.txt"
run lattice --check "$T/part.txt"; expect_rc 0 "lattice --check %partial"
printf 'a -> b\nb c\n' >"$T/syn.txt"
run lattice --check "$T/syn.txt"; expect_rc 1 "lattice --check syntax error"; err_has "line 2" "lattice --check syntax error"
run lattice --check "$T/does-not-exist"; expect_rc 2 "lattice --check missing file"
printf 'c64 -> f32\nu32 -> i32\ni64 -> f64\nf32 -> f64\ni32 -> f64\n' >"$T/lint.txt"
run lattice --check "$T/lint.txt" --lint; expect_rc 0 "lattice --check --lint"
out_has "warning: edge 'c64' -> 'f32' drops a whole component (complex -> real)" "lint complex->real"
out_has "warning: edge 'u32' -> 'i32' can overflow" "lint overflow"
out_has "warning: path 'i64' -> 'f64' loses precision" "lint precision"
run lattice --check "$T/lint.txt"; grep -q warning "$T/out" && bad "lattice --check without --lint prints warnings" || ok
run lattice --check "$SRC/tests/data/seed/lattice_2022.txt"; expect_rc 0 "lattice --check seed lattice"

# issue 15: NumPy's object dtype is an answer; Python ints of any size; JAX's jit overflow text
run promote --rules numpy 2**64; expect_rc 0 "numpy 2**64"; out_is "object" "np.result_type(2**64)"
run promote --rules numpy1 int8 int8 py:int:1; out_is "int8" "numpy1 int8 int8 1"
run promote --rules numpy1 float64 int8 py:int:1; out_is "float64" "numpy1 float64 int8 1"
run promote --rules numpy1 int8 py:int:-2**300; expect_rc 0 "numpy1 -2**300"; out_is "object" "numpy1 int8 -2**300"
BIG=1606938044258990275541962092341162602522202993782792835301376
run promote --op array:int8 "py:int:$BIG"; expect_rc 1 "jax --op 2**200"
err_is "OverflowError: An overflow was encountered while parsing an argument to a jitted computation, whose argument path is y. Got <class 'int'> with value $BIG" "jax --op 2**200 quotes the real value"
run promote --op array:int8 array:int8 "-$BIG"; expect_rc 1 "jax --op N-ary"
err_is "OverflowError: An overflow was encountered while parsing an argument to a jitted computation, whose argument path is xs[2]. Got <class 'int'> with value -$BIG" "jax --op N-ary path"
run promote --rules torch --op array:int8 "$BIG"; expect_rc 1 "torch 2**200"; err_is "OverflowError: int too big to convert" "torch 2**200"
run promote-types --rules torch int8 int4; expect_rc 1 "torch int8 int4"; err_has "RuntimeError: ix_b != -1 INTERNAL ASSERT FAILED" "torch int8 int4 is torch's RuntimeError"
run promote --rules array-api --api-version 2023.12 int8 1; expect_rc 1 "array-api 2023.12 scalar"
err_is "TypeError: result_type() inputs must be Array API arrays or dtypes" "array-api 2023.12 refuses Python scalars"
run promote --rules array-api --api-version 2024.12 int8 1; out_is "int8" "array-api 2024.12 scalar"
run promote --rules array-api --api-version 2020.10 int8; expect_rc 2 "bad --api-version"; err_has "Unsupported standard version '2020.10'" "bad --api-version named"
run promote --rules array-api --api-version; expect_rc 2 "--api-version without a value"
# --function / --op-form: tf.add(x, y) and ivy.promote_types_of_inputs (values observed live)
p int32 --rules tensorflow --function 1 2
p int8 --rules tensorflow --op 1 array:int8
p int8 --rules tensorflow --op-form operator 1 array:int8
run promote --rules tensorflow --function 1 array:int8; expect_rc 1 "tf.add(1, int8)"; err_has "InvalidArgumentError: cannot compute AddV2" "tf.add(1, int8)"
p bool --rules ivy --function array:bool 1
p int32 --rules ivy --op array:bool 1
run promote --rules ivy --op-form method array:int8 1; expect_rc 2 "--op-form method"; err_has "'method'" "--op-form method"; empty_out "--op-form method"
run promote --rules ivy --op-form; expect_rc 2 "--op-form without a value"; err_has "needs a value" "--op-form without a value"
run promote-types --rules ivy --function int8 int16; expect_rc 2 "promote-types --function"; err_has "unknown option '--function'" "promote-types --function"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
