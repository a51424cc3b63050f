#!/bin/sh
# The coin jar's cost (DESIGN.md §7): a goal with five years of daily deposits (1,826), the cost
# of one deposit with 100, 1,000 and 1,826 deposits already in the jar, the cold build from an
# empty cache, the warm build after one more deposit, and peak memory. Medians of RUNS runs.
#
#   Benchmarks/jar-bench.sh [RUNS]
#
# Run from the repository root after `swift build -c release --product sandjar-bench` (`make bench`
# does both); SANDJAR_BENCH overrides the binary. Nothing is timed by the test suite.
set -eu

RUNS=${1:-5}
BENCH=${SANDJAR_BENCH:-.build/release/sandjar-bench}

[ -x "$BENCH" ] || { echo "jar-bench: $BENCH not found; run 'make bench'" >&2; exit 1; }
echo "machine: $(uname -m), $(nproc) cpus; $(swift --version 2>/dev/null | head -n 1)"
exec "$BENCH" "$RUNS"
