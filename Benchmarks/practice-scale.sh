#!/bin/sh
# Practice logs at scale: YEARS of daily practice, PER_DAY sessions a day (default 20 × 3, about
# 22,000 sessions in 240 month files), written into a copy of Tests/Fixtures/base under a temporary
# folder; then times `sandjar check` on it (load, validate, compute, render in memory) RUNS times
# and prints the best and the median wall-clock time.
#
#   Benchmarks/practice-scale.sh [YEARS] [PER_DAY] [RUNS]
#
# Run from the repository root after a release build (`make build`); SANDJAR overrides the binary.
# Nothing is timed by the test suite: this is `make bench`'s job (DESIGN.md §7).
set -eu

YEARS=${1:-20}
PER_DAY=${2:-3}
RUNS=${3:-5}
SANDJAR=${SANDJAR:-.build/release/sandjar}
TODAY=2026-11-29

[ -x "$SANDJAR" ] || { echo "practice-scale: $SANDJAR not found; run 'make build' first" >&2; exit 1; }
[ -d Tests/Fixtures/base ] || { echo "practice-scale: run from the repository root" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/sandjar-practice-scale.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
DATA="$WORK/data"
cp -R Tests/Fixtures/base "$DATA"
rm -rf "$DATA/practice"
mkdir "$DATA/practice"

# One file per month, ending in the month of TODAY. Sessions rotate through the patterns, log by
# cycles and by minutes, carry moods, and one a day counts toward the fixture's program 'short'.
awk -v years="$YEARS" -v per_day="$PER_DAY" -v dir="$DATA/practice" -v last_year="${TODAY%%-*}" '
function leap(y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
BEGIN {
    split("31 28 31 30 31 30 31 31 30 31 30 31", dim, " ")
    split("4-7-8 box equal coherent calm", patterns, " ")
    total = 0
    for (y = last_year - years + 1; y <= last_year; y++) {
        for (m = 1; m <= 12; m++) {
            file = sprintf("%s/%04d-%02d.toml", dir, y, m)
            days = dim[m] + (m == 2 && leap(y))
            for (d = 1; d <= days; d++) {
                for (s = 0; s < per_day; s++) {
                    hour = (7 + s * 24 / per_day) % 24
                    printf "[[session]]\nat = %04d-%02d-%02dT%02d:%02d:00+08:00\n", y, m, d, hour, (d * 7 + s) % 60 > file
                    printf "pattern = \"%s\"\n", patterns[(d + s) % 5 + 1] > file
                    if (s % 2 == 0) printf "cycles = %d\n", 3 + (d + s) % 6 > file
                    else printf "minutes = %d.5\n", 2 + d % 4 > file
                    if (s == 0) printf "program = \"short\"\n" > file
                    if (s == 1) printf "mood_before = %d\nmood_after = %d\n", 1 + d % 3, 3 + d % 3 > file
                    printf "\n" > file
                    total++
                }
            }
            close(file)
        }
    }
    print total > (dir "/../.count")
}'
SESSIONS=$(cat "$DATA/.count")
rm "$DATA/.count"
FILES=$(ls "$DATA/practice" | wc -l | tr -d ' ')
BYTES=$(du -sk "$DATA/practice" | cut -f1)

# Once untimed, so a data or template error is shown instead of timed.
"$SANDJAR" check "$DATA" --today "$TODAY" >/dev/null

TIMES="$WORK/times"
i=0
while [ "$i" -lt "$RUNS" ]; do
    start=$(date +%s.%N)
    "$SANDJAR" check "$DATA" --today "$TODAY" >/dev/null
    end=$(date +%s.%N)
    echo "$start $end" | awk '{ printf "%.3f\n", $2 - $1 }' >> "$TIMES"
    i=$((i + 1))
done
sort -n "$TIMES" | awk -v sessions="$SESSIONS" -v files="$FILES" -v kb="$BYTES" -v years="$YEARS" -v per_day="$PER_DAY" '
{ t[NR] = $1 }
END {
    printf "practice-scale: %d sessions in %d month files (%d KiB; %d years x %d a day): ", sessions, files, kb, years, per_day
    printf "sandjar check best %.3f s, median %.3f s over %d runs\n", t[1], t[int((NR + 1) / 2)], NR
}'
