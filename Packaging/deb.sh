#!/bin/sh
# A Debian package of what `make install PREFIX=/usr` put into ROOT (DESIGN.md §6): the
# stand-alone binary, its man page and its completions. Depends: libc6 only.
#
#   Packaging/deb.sh ROOT OUTDIR
#
# Writes OUTDIR/sandjar_VERSION_ARCH.deb with dpkg-deb: VERSION is the one the binary reports
# (SandjarCommand.version), ARCH dpkg's, the libc6 version the newest glibc symbol the binary
# needs. DEB_MAINTAINER sets the Maintainer field (default: the author of the last commit).
set -eu
[ $# -eq 2 ] || { echo "usage: Packaging/deb.sh ROOT OUTDIR" >&2; exit 2; }
root=$1
out=$2
binary=$root/usr/bin/sandjar
[ -x "$binary" ] || { echo "deb: $binary not found; run 'make deb'" >&2; exit 1; }

version=$("$binary" --version | sed -n '1s/^sandjar \([^ ]*\) .*/\1/p')
commit=$("$binary" --version | sed -n '1s/.*(commit \(.*\))$/\1/p')
arch=$(dpkg --print-architecture)
glibc=$(objdump -T "$binary" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1)
maintainer=${DEB_MAINTAINER:-$(git log -1 --format='%an <%ae>')}
# The last commit's date, so the same checkout gives the same changelog.
date=$(git log -1 --format=%aD)

doc=$root/usr/share/doc/sandjar
mkdir -p "$doc" "$root/DEBIAN"

# The binary holds libcmark, Chipmunk2D, zlib, libstdc++ and the Swift runtime, so their notices ship too.
{
    cat <<TEXT
sandjar: a folder of TOML files in, a personal dashboard website out.
Built from commit $commit.

/usr/bin/sandjar is linked statically with the libraries below; their copyright notices follow.

- The Swift runtime and Foundation (Swift $(swift --version 2>/dev/null | sed -n '1s/.*version \([^ ]*\).*/\1/p')): Apache License 2.0 with the
  Runtime Library Exception (/usr/share/common-licenses/Apache-2.0); Foundation carries ICU's
  data and code under the Unicode License.
- libstdc++ and libgcc (GCC 12): GPL 3 with the GCC Runtime Library Exception
  (/usr/share/common-licenses/GPL-3).
- libcmark (Debian's libcmark-dev), Chipmunk2D (Debian's libchipmunk-dev) and zlib (Debian's
  zlib1g-dev): below, as Debian ships them.
TEXT
    for package in libcmark-dev libchipmunk-dev zlib1g-dev; do
        printf '\n\n==== %s: /usr/share/doc/%s/copyright ====\n\n' "$package" "$package"
        cat "/usr/share/doc/$package/copyright"
    done
} > "$doc/copyright"

cat <<TEXT | gzip -9n > "$doc/changelog.gz"
sandjar ($version) unstable; urgency=medium

  * Built from commit $commit.

 -- $maintainer  $date
TEXT

cat > "$root/DEBIAN/control" <<TEXT
Package: sandjar
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk "$root/usr" | cut -f 1)
Depends: libc6 (>= $glibc)
Section: utils
Priority: optional
Description: personal dashboard website from TOML files
 sandjar turns a folder of plain TOML files (savings goals and their
 deposits, subscriptions, breathing-practice logs) into a static dashboard
 site: coin jars simulated with Chipmunk2D, Markdown pages, iCalendar and
 Atom feeds, data.json. It is meant to be run nightly from cron.
 .
 The binary stands alone: the Swift runtime, libcmark, Chipmunk2D and zlib
 are linked in, so it needs only glibc.
TEXT

(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +
find "$root" -type f -exec chmod 644 {} +
chmod 755 "$binary"

mkdir -p "$out"
deb=$out/sandjar_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "wrote $deb"
