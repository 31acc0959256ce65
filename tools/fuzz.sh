#!/usr/bin/env bash
# Runs the cargo-fuzz targets of fuzz/ one after another, each for SECONDS (default 600),
# with libFuzzer's limits: an input that takes more than a second or allocates more than
# 1 GB is a failure like a crash. Then it minimizes each target's corpus (cargo fuzz cmin)
# and prints a line a target: executions, coverage (libFuzzer's `cov` edges and `ft`
# features), corpus size, and whether it found anything.
#
#   tools/install_fuzz.sh                 # once: nightly and cargo-fuzz
#   python3 tools/fuzz_seeds.py           # seeds from the tests and the shipped files
#   tools/fuzz.sh [SECONDS] [TARGET...]   # all targets of fuzz/bodies.rs without TARGET
#
# A crash leaves its input in fuzz/artifacts/TARGET/; copy it to fuzz/regressions/TARGET/
# once fixed, so that `cargo test` (tests/areachess/fuzz_replay.rs) replays it for good.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(sed -n 's/^    ("\([a-z]*\)", .*/\1/p' fuzz/bodies.rs)
fi
logs="${FUZZ_LOGS:-fuzz/logs}"
mkdir -p "$logs"
status=0
for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$t"
    log="$logs/$t.log"
    # -fork/-jobs are not used: one process a target keeps the figures one run's.
    (cd fuzz && cargo +nightly fuzz run --release "$t" "corpus/$t" -- \
        -max_total_time="$seconds" -timeout=1 -rss_limit_mb=1024 -malloc_limit_mb=1024 \
        -max_len=65536 -print_final_stats=1) >"$log" 2>&1
    code=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    line=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(echo "$line" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$line" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
    if [ $code -eq 0 ]; then
        (cd fuzz && cargo +nightly fuzz cmin --release "$t" "corpus/$t" -- -timeout=1 -rss_limit_mb=1024) \
            >"$logs/$t.cmin.log" 2>&1
        verdict="no crash, no timeout, no out-of-memory"
    else
        verdict="FOUND (exit $code): see $log and fuzz/artifacts/$t/"
        status=1
    fi
    printf '%-8s %6ss  %10s execs  cov %6s  ft %6s  corpus %5s  %s\n' "$t" "$seconds" \
        "${execs:-?}" "${cov:-?}" "${ft:-?}" "$(ls "fuzz/corpus/$t" | wc -l)" "$verdict"
done
exit $status
