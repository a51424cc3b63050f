#!/bin/sh
# Durability barriers a build pays (issue 41, DESIGN.md §7 "Durable without the cost"): 2,000
# Markdown pages (the fixture's page generator at scale 4) built three times under
# `strace -f -c` — the first build, a rebuild after one page changed (no spare yet: the first
# build replaced no site) and the nightly after one more change (from the spare) — optionally
# with DIRTY MiB of other unwritten data on the same file system, written without a flush just
# before each build (after a `sync`, so that each build starts with nothing else of the last one
# left to write). Prints, per build, its time and the calls counted: fsync, fdatasync, syncfs
# and sync are barriers (target: at most 16 each build); sync_file_range, mkdir and link are not.
#
#   Benchmarks/barrier-trace.sh [BINARY] [DIRTY]
#
# BINARY defaults to .build/release/sandjar, DIRTY to 0. Works in ${TMPDIR:-/tmp}; exits 1 when a
# build pays more than 16 barriers.
set -eu

SANDJAR=$(realpath "${1:-.build/release/sandjar}")
DIRTY=${2:-0}
[ -x "$SANDJAR" ] || { echo "barrier-trace: $SANDJAR not found; run 'make build'" >&2; exit 2; }
command -v strace >/dev/null || { echo "barrier-trace: strace not found (apt-get install strace)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sandjar-barrier-trace.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM

"$SANDJAR" debug fixture --scale 4 --out "$WORK/scale4" >/dev/null
mkdir -p "$WORK/data/pages" "$WORK/site"
cp "$WORK"/scale4/pages/*.md "$WORK/data/pages/"
printf 'title = "Two thousand pages"\nlanguage = "en"\ncurrency = "USD"\ntimezone = "UTC"\n' >"$WORK/data/site.toml"
over=0
build() { # build LABEL
    # What the build before left to write is written first, as a day between two nightlies would.
    sync
    if [ "$DIRTY" -gt 0 ]; then
        dd if=/dev/zero of="$WORK/dirty" bs=1M count="$DIRTY" status=none
        unwritten=$(awk '/^(Dirty|Writeback):/ { kb += $2 } END { printf "%d", kb / 1024 }' /proc/meminfo)
    fi
    start=$(date +%s.%N)
    strace -f -c -o "$WORK/count" -e trace=fsync,fdatasync,syncfs,sync,sync_file_range,mkdir,link \
        "$SANDJAR" build "$WORK/data" --out "$WORK/site/out" --cache "$WORK/cache" --today 2026-11-28 --quiet
    end=$(date +%s.%N)
    rm -f "$WORK/dirty"
    awk -v label="$1" -v seconds="$(echo "$end - $start" | bc)" -v unwritten="${unwritten:-}" '
        $NF ~ /^(fsync|fdatasync|syncfs|sync|sync_file_range|mkdir|link)$/ {
            calls[$NF] = ($4 ~ /^[0-9]+$/) ? $4 : $3
        }
        END {
            barriers = calls["fsync"] + calls["fdatasync"] + calls["syncfs"] + calls["sync"]
            printf "barrier-trace: %s: %.2f s%s, %d barriers (fsync %d, fdatasync %d, syncfs %d, sync %d; target <= 16); sync_file_range %d, mkdir %d, link %d\n",
                label, seconds, unwritten == "" ? "" : ", " unwritten " MiB unwritten before it", barriers,
                calls["fsync"], calls["fdatasync"], calls["syncfs"], calls["sync"],
                calls["sync_file_range"], calls["mkdir"], calls["link"]
            exit barriers > 16
        }' "$WORK/count" || over=1
}
build "first build"
first=$(ls "$WORK/data/pages" | head -n 1)
echo "changed once" >>"$WORK/data/pages/$first"
build "rebuild after one change, no spare yet"
second=$(ls "$WORK/data/pages" | sed -n 2p)
echo "changed again" >>"$WORK/data/pages/$second"
build "nightly after one change, from the spare"
exit $over
