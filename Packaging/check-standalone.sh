#!/bin/sh
# Fails unless BINARY stands alone (DESIGN.md §6): it may load glibc's own libraries and nothing
# else — no Swift runtime, libcmark, Chipmunk2D, zlib, libstdc++ or libgcc_s — and may need no glibc
# symbol newer than GLIBC_FLOOR (default 2.35: Debian 12, Ubuntu 22.04 and later); and it has no
# RUNPATH or RPATH, so the loader looks for glibc in the system's folders only.
#
#   Packaging/check-standalone.sh BINARY
set -eu
[ $# -eq 1 ] || { echo "usage: Packaging/check-standalone.sh BINARY" >&2; exit 2; }
binary=$1
floor=${GLIBC_FLOOR:-2.35}

needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
others=$(echo "$needed" | grep -Ev '^(libc|libm|libpthread|libdl|librt|libutil)\.so\.[0-9]+$|^ld-linux' || true)
if [ -n "$others" ]; then
    echo "check-standalone: $binary loads more than glibc:" $others >&2
    echo "check-standalone: a stale build? remove .build/release and run make build again" >&2
    exit 1
fi

paths=$(readelf -d "$binary" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p')
if [ -n "$paths" ]; then
    echo "check-standalone: $binary looks for libraries in" $paths "before the system's; build it with" \
        "--disable-local-rpath (make build)" >&2
    exit 1
fi

newest=$(objdump -T "$binary" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1)
if [ "$(printf '%s\n%s\n' "$floor" "$newest" | sort -V | tail -n 1)" != "$floor" ]; then
    echo "check-standalone: $binary needs glibc $newest, newer than $floor:" >&2
    objdump -T "$binary" | grep "GLIBC_$newest" >&2
    exit 1
fi
echo "$binary stands alone: it loads" $needed "and needs glibc $newest or later"
