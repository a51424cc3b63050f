#!/bin/sh
# A slow disk for the benchmarks (issue 33): an ext4 file system on a loop device whose I/O the
# kernel throttles to what an SD card of application class A1 promises at least — 1,500 random
# reads and 500 random writes a second, 10 MB/s written (speed class 10) — as a Raspberry Pi
# that runs the nightly build from cron might have.
#
#   Benchmarks/slow-disk.sh up DIR     makes DIR/slow-disk.img, mounts it on DIR/slow, prints DIR/slow
#   Benchmarks/slow-disk.sh cold DIR   mounts it again, so that nothing of it is left in memory:
#                                      a nightly build reads a disk the day has gone by on
#   Benchmarks/slow-disk.sh down DIR   takes the throttle off, unmounts, detaches, removes the image
#
# The throttle is the block I/O controller of cgroup v1 (blkio.throttle.*_device), set in the
# root group for the loop device alone: every write to it is slow, the kernel's own writeback too,
# and nothing else on the machine is touched. A machine with cgroup v2 alone would need io.max in
# a child group holding the benchmark, with its writeback charged there; this script does not do
# that (it was written on a machine whose io controller belongs to v1) and says so. Needs root,
# losetup, mkfs.ext4 and mount; when something is missing it prints why on stderr and exits 1.
set -eu

WRITE_IOPS=500
READ_IOPS=1500
WRITE_BPS=10485760
BLKIO=/sys/fs/cgroup/blkio

usage() { echo "usage: $0 up|cold|down DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
DIR=$2
IMAGE="$DIR/slow-disk.img"
MOUNT="$DIR/slow"
STATE="$DIR/slow-disk.state"
unavailable() { echo "slow-disk: not available: $*" >&2; exit 1; }

case "$1" in
up)
    [ "$(id -u)" = 0 ] || unavailable "needs root, to attach a loop device and throttle it"
    for tool in losetup mkfs.ext4 mount umount; do
        command -v "$tool" >/dev/null || unavailable "$tool not found"
    done
    [ -w "$BLKIO/blkio.throttle.write_iops_device" ] \
        || unavailable "no writable $BLKIO/blkio.throttle.write_iops_device (cgroup v1's block I/O controller); cgroup v2's io.max is not set up by this script"
    truncate -s 4G "$IMAGE"
    # Direct I/O on the image, so the loop device's writes are not cached a second time.
    DEVICE=$(losetup --find --show --direct-io=on "$IMAGE" 2>/dev/null || losetup --find --show "$IMAGE") \
        || { rm -f "$IMAGE"; unavailable "losetup could not attach $IMAGE"; }
    echo "device=$DEVICE" >"$STATE"
    if ! mkfs.ext4 -q -F "$DEVICE" >/dev/null 2>&1; then "$0" down "$DIR"; unavailable "mkfs.ext4 $DEVICE failed"; fi
    mkdir -p "$MOUNT"
    if ! mount "$DEVICE" "$MOUNT"; then "$0" down "$DIR"; unavailable "cannot mount $DEVICE"; fi
    echo "mount=$MOUNT" >>"$STATE"
    NUMBERS=$(printf '%d:%d' "0x$(stat -c %t "$DEVICE")" "0x$(stat -c %T "$DEVICE")")
    echo "numbers=$NUMBERS" >>"$STATE"
    if ! { echo "$NUMBERS $WRITE_IOPS" >"$BLKIO/blkio.throttle.write_iops_device" \
        && echo "$NUMBERS $READ_IOPS" >"$BLKIO/blkio.throttle.read_iops_device" \
        && echo "$NUMBERS $WRITE_BPS" >"$BLKIO/blkio.throttle.write_bps_device"; } 2>/dev/null; then
        "$0" down "$DIR"
        unavailable "the kernel refused a throttle for $DEVICE ($NUMBERS)"
    fi
    echo "$MOUNT"
    ;;
cold)
    DEVICE=$(sed -n 's/^device=//p' "$STATE")
    sync
    umount "$MOUNT"
    mount "$DEVICE" "$MOUNT"
    ;;
down)
    [ -f "$STATE" ] || exit 0
    DEVICE=$(sed -n 's/^device=//p' "$STATE")
    NUMBERS=$(sed -n 's/^numbers=//p' "$STATE")
    if [ -n "$NUMBERS" ]; then
        for file in write_iops_device read_iops_device write_bps_device; do
            echo "$NUMBERS 0" >"$BLKIO/blkio.throttle.$file" 2>/dev/null || true
        done
    fi
    if grep -q "^mount=" "$STATE"; then umount "$MOUNT" 2>/dev/null || umount -l "$MOUNT" 2>/dev/null || true; fi
    [ -z "$DEVICE" ] || losetup -d "$DEVICE" 2>/dev/null || true
    rm -f "$IMAGE" "$STATE"
    rmdir "$MOUNT" 2>/dev/null || true
    ;;
*) usage ;;
esac
