#!/bin/sh
# Installs a sandjar .deb on a bare Debian 12 — a debootstrap minbase chroot, without Swift,
# libcmark or Chipmunk2D — and builds a new data folder there: the proof that the package stands
# alone (DESIGN.md §6). zlib1g is in every Debian (dpkg needs it), so it proves nothing of zlib:
# Packaging/check-standalone.sh, which fails on any libz.so the binary needs, does. Needs root,
# debootstrap and the Debian mirror; takes a minute or two, so it is not part of `make test`.
#
#   sudo Packaging/deb-chroot-check.sh .build/deb/sandjar_VERSION_amd64.deb [MIRROR]
set -eu
[ $# -ge 1 ] || { echo "usage: Packaging/deb-chroot-check.sh DEB [MIRROR]" >&2; exit 2; }
deb=$1
mirror=${2:-http://deb.debian.org/debian}
[ "$(id -u)" = 0 ] || { echo "deb-chroot-check: needs root (debootstrap, chroot, mount)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "deb-chroot-check: run: apt-get install -y debootstrap" >&2; exit 1; }

root=$(mktemp -d /tmp/sandjar-chroot.XXXXXX)
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    # Never remove a tree with the host's /proc still mounted in it.
    if mountpoint -q "$root/proc"; then
        echo "deb-chroot-check: $root/proc is still mounted; left $root" >&2
    else
        rm -rf --one-file-system "$root"
    fi
}
trap cleanup EXIT INT TERM

echo "debootstrap bookworm (minbase) into $root"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1 || {
    cat "$root.log" >&2
    exit 1
}
rm -f "$root.log"
cp "$deb" "$root/tmp/sandjar.deb"
# Swift reads a program's arguments from /proc/self/cmdline, as every Linux machine has it.
mount -t proc proc "$root/proc"
chroot "$root" /bin/sh -eu -c '
    echo "installed before: $(dpkg -l | grep -Eci "cmark|chipmunk|swift" || true) packages of cmark, Chipmunk or Swift"
    dpkg -i /tmp/sandjar.deb
    dpkg -s sandjar | grep "^Depends:"
    cd /root
    sandjar init d
    sandjar build d --out s
    test -f s/index.html
    sandjar --version
'
echo "deb-chroot-check: $deb installs and builds on a bare Debian 12"
