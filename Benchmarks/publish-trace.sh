#!/bin/sh
# What a nightly rebuild touches (issue 33): the sample site (content/) built on two nights, as
# cron leaves it (the site, the spare beside it and the records of both), then built again on the
# second night after one new deposit, under strace. It prints how many files that build opened
# (every openat(2) of the process, a failed one too: the loader's, the data folder's, the jar
# cache's and the site's) and how many bytes it read back of the old site (read(2) on a file
# opened in the published site, the spare or the records file beside them), against the
# targets: at most 150 files and 1 MB.
#
#   Benchmarks/publish-trace.sh [BINARY] [--keep DIR]
#
# BINARY defaults to .build/release/sandjar. Needs strace (Debian package strace) and a kernel
# that lets a process trace its child (ptrace). Prints one line, "publish-trace: …"; exits 1
# when a target is missed.
set -eu

SANDJAR=${1:-.build/release/sandjar}
SANDJAR=$(realpath "$SANDJAR")
[ -x "$SANDJAR" ] || { echo "publish-trace: $SANDJAR not found; run 'make build'" >&2; exit 2; }
command -v strace >/dev/null || { echo "publish-trace: strace not found (apt-get install strace)" >&2; exit 2; }
[ -d content ] || { echo "publish-trace: run from the repository root" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sandjar-publish-trace.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM

cp -R content "$WORK/data"
mkdir "$WORK/site"
for day in 2026-11-27 2026-11-28; do
    "$SANDJAR" build "$WORK/data" --out "$WORK/site/out" --cache "$WORK/cache" --today "$day" --quiet 2>/dev/null
done
printf '\n[[deposit]]\nat = 2026-11-28T21:30:00+08:00\namount = 12\nnote = "nightly"\n' \
    >>"$WORK/data/goals/milk-tea.toml"
strace -f -qq -o "$WORK/trace" -e trace=openat,open,read,fsync,fdatasync,syncfs \
    "$SANDJAR" build "$WORK/data" --out "$WORK/site/out" --cache "$WORK/cache" --today 2026-11-28 --quiet

# Each openat is counted; a read is counted when its descriptor was last opened on a path in the
# old site. strace -f splits a call another thread interrupts into "<unfinished ...>" and
# "<... resumed>" lines, which are put together first.
awk -v site="$WORK/site/" '
    function old(path) {
        return index(path, site "out/") == 1 || index(path, site ".out.sandjar-spare") == 1 \
            || index(path, site ".out.sandjar-new-") == 1 || index(path, site ".out.sandjar-records") == 1
    }
    {
        # strace -f puts the pid first once there is more than one thread, not before.
        pid = "first"
        line = $0
        if (match(line, /^[0-9]+ +/)) { pid = $1; line = substr(line, RLENGTH + 1) }
        if (line ~ /<unfinished \.\.\.>$/) { pending[pid] = substr(line, 1, length(line) - 17); next }
        if (line ~ /^<\.\.\. [a-z0-9]+ resumed>/) { sub(/^<\.\.\. [a-z0-9]+ resumed>/, "", line); line = pending[pid] line }
        result = line
        sub(/.*\) += /, "", result)
        sub(/ .*/, "", result)
        if (line ~ /^(openat|open)\(/) {
            opened++
            path = line
            sub(/^[^"]*"/, "", path)
            sub(/".*/, "", path)
            base = line
            sub(/^openat\(/, "", base)
            sub(/,.*/, "", base)
            if (substr(path, 1, 1) != "/" && base ~ /^[0-9]+$/ && (base in fd)) path = fd[base] "/" path
            if (result + 0 >= 0 && result ~ /^[0-9]+$/) fd[result] = path
        } else if (line ~ /^read\(/) {
            n = line
            sub(/^read\(/, "", n)
            sub(/,.*/, "", n)
            if (result + 0 > 0 && (n in fd) && old(fd[n])) { bytes += result; reads++ }
        } else if (line ~ /^(fsync|fdatasync)\(/) {
            fsyncs++
        } else if (line ~ /^syncfs\(/) {
            syncfs++
        }
    }
    END {
        if (opened == 0) { print "publish-trace: strace recorded no openat; see " FILENAME > "/dev/stderr"; exit 2 }
        printf "publish-trace: %d files opened (target <= 150), %d bytes of the old site read in %d reads (target <= 1048576), %d fsync, %d syncfs\n",
            opened, bytes, reads, fsyncs, syncfs
        exit (opened <= 150 && bytes <= 1048576) ? 0 : 1
    }' "$WORK/trace"
