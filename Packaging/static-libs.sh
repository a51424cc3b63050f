#!/bin/sh
# The static archives the release binary links in place of shared libraries (DESIGN.md §6,
# "Installed, it stands alone"): Debian's libcmark.a (libcmark-dev), libchipmunk.a
# (libchipmunk-dev) and libz.a (zlib1g-dev), and GCC's libstdc++.a (libstdc++-12-dev, which Swift
# itself needs).
#
#   Packaging/static-libs.sh DIR
#
# Links each archive into DIR and nothing else. The release build searches DIR before the system's
# folders (-Xlinker -L DIR), so the -lcmark, -lchipmunk, -lz and -lstdc++ that the module maps and the
# Swift runtime ask for find these archives, never the .so files beside them.
set -eu
[ $# -eq 1 ] || { echo "usage: Packaging/static-libs.sh DIR" >&2; exit 2; }
dir=$1

# An archive a Debian package ships, found through dpkg so the multiarch folder is never guessed.
from_package() {
    path=$(dpkg -L "$1" 2>/dev/null | grep "/$2\$" | head -n 1) || true
    [ -n "$path" ] || { echo "static-libs: $2 not found; run: sudo apt-get install -y $1" >&2; exit 1; }
    echo "$path"
}

# GCC's C++ library, where the compiler looks for it.
libstdcxx() {
    for compiler in clang cc; do
        path=$("$compiler" -print-file-name=libstdc++.a 2>/dev/null) || continue
        [ -f "$path" ] && { echo "$path"; return; }
    done
    echo "static-libs: libstdc++.a not found; run: sudo apt-get install -y libstdc++-12-dev" >&2
    exit 1
}

cmark=$(from_package libcmark-dev libcmark.a)
chipmunk=$(from_package libchipmunk-dev libchipmunk.a)
zlib=$(from_package zlib1g-dev libz.a)
stdcxx=$(libstdcxx)
mkdir -p "$dir"
ln -sf "$cmark" "$dir/libcmark.a"
ln -sf "$chipmunk" "$dir/libchipmunk.a"
ln -sf "$zlib" "$dir/libz.a"
ln -sf "$stdcxx" "$dir/libstdc++.a"
