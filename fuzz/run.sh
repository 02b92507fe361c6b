#!/usr/bin/env bash
# fuzz/run.sh BUILD_DIR SECONDS [JOBS] — run every libFuzzer target for SECONDS
# seconds (JOBS at a time), starting from the committed seeds
# (fuzz/corpus/<t>) and the regression inputs (fuzz/regress/<t>). New
# inputs go to BUILD_DIR/fuzz-corpus/<t> (the committed corpus is never
# written), crashes to BUILD_DIR/fuzz-artifacts/<t>/. Prints executions per
# target; exits 1 if any target found a crash. A crash becomes a regression
# test by copying the artifact into fuzz/regress/<t>/.
set -u
build=$1 secs=$2 jobs=${3:-2}
src=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$build/fuzz-logs"
targets=()
for f in "$src"/fuzz_*.c; do t=$(basename "$f" .c); targets+=("${t#fuzz_}"); done

run_one() {
  local t=$1 bin="$build/fuzz/fuzz_$1" log="$build/fuzz-logs/$1.log"
  rm -rf "$build/fuzz-artifacts/$t"; mkdir -p "$build/fuzz-corpus/$t" "$build/fuzz-artifacts/$t"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$build/fuzz-artifacts/$t/" "$build/fuzz-corpus/$t" "$src/corpus/$t" "$src/regress/$t" \
    >"$log" 2>&1
  echo $? >"$log.rc"
}
export -f run_one
export build secs src
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}'

fail=0
printf '%-10s %12s %8s %s\n' target executions exec/s result
for t in "${targets[@]}"; do
  log="$build/fuzz-logs/$t.log"
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  rc=$(cat "$log.rc")
  if [ "$rc" = 0 ]; then res=ok; else
    res="CRASH (rc $rc): $(ls "$build/fuzz-artifacts/$t/" | head -3 | tr '\n' ' ') log: $log"; fail=1
  fi
  printf '%-10s %12s %8s %s\n' "$t" "${execs:-?}" "${speed:-?}" "$res"
done
if [ $fail = 1 ]; then
  echo "fuzz: crashes found; reproduce with $build/fuzz/fuzz_<t> ARTIFACT, copy it to fuzz/regress/<t>/ once fixed"
fi
exit $fail
