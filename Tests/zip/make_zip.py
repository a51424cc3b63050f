#!/usr/bin/env python3
"""Writes zip archives with a writer that is not sandjar's (Python's zipfile and zlib), for
ZipTests and ImportLoopTests, and prints as JSON how Python's zipfile reads the result back.

    python3 Tests/zip/make_zip.py MODE FOLDER OUT.zip

FOLDER's files (names relative to it, `/` between folders, sorted) go into OUT.zip as MODE says:

    stored, deflated (level 9), fast (deflate level 1)  as they are
    stream       deflated to a stream that cannot seek: sizes and CRC in data descriptors (flag 3)
    nested       under one folder named after FOLDER, with that folder's own entry
    bomb         deflated, plus `bomb.csv`: 17 MiB of zeros, honestly declared
    many         deflated, plus five entries of 15 MiB of zeros each (75 MiB in all)
    liar         deflated, but `Habits.csv` holds 8 MiB more spaces than its headers declare
    truncated    deflated, then cut to two thirds of its length
    badcrc       stored, one byte of `Habits.csv`'s data changed (its CRC-32 no longer matches)
    climb        deflated, plus `../../x`
    absolute     deflated, plus `/tmp/x`
    backslash    deflated, plus `dir\\x`
    encrypted    deflated, every entry flagged as encrypted (flag bit 0), as ZipCrypto would
    bzip2        compressed with bzip2 (method 12)
    duplicate    deflated, with `Habits.csv` twice
    zip64        deflated, with a Zip64 end record (as for more than 65,535 entries)
    cp437        stored, each `#` in a name written as byte 0x82 without flag 11 (code page 437: é)
    unicodepath  as cp437, with Info-ZIP's Unicode Path field (0x7075) giving the name with `日`
                 for each `#`, its CRC-32 that of the name as stored
    stalepath    as unicodepath, but the field's CRC-32 is not the stored name's (a stale field)
    empty        no entry at all (FOLDER is not read)
    foreign      only `notes.txt` (FOLDER is not read)

Prints {"entries": [{"name", "size", "crc", "flags", "method"}]} as zipfile reads OUT.zip, or
{"error": "..."} when it cannot.
"""

import json
import os
import struct
import sys
import warnings
import zipfile
import zlib

# `duplicate` writes a name twice on purpose.
warnings.filterwarnings("ignore", "Duplicate name")


def files_of(folder):
    found = []
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            found.append((os.path.relpath(path, folder).replace(os.sep, "/"), path))
    return sorted(found)


class Unseekable:
    """A file zipfile cannot tell or seek in, so it writes data descriptors."""

    def __init__(self, handle):
        self.handle = handle

    def write(self, data):
        return self.handle.write(data)

    def flush(self):
        self.handle.flush()

    def tell(self):
        raise OSError("unseekable")


def central_directory(data):
    """(offset of each central-directory header, its name) — APPNOTE 4.3.12."""
    end = data.rfind(b"PK\x05\x06")
    count, size, offset = struct.unpack("<HII", data[end + 10 : end + 20])
    headers = []
    at = offset
    for _ in range(count):
        name_length, extra_length, comment_length = struct.unpack("<HHH", data[at + 28 : at + 34])
        headers.append((at, data[at + 46 : at + 46 + name_length]))
        at += 46 + name_length + extra_length + comment_length
    return headers


def patch(data, name, change):
    """Calls change(data, central_header_offset, local_header_offset) for entry `name`."""
    for at, raw in central_directory(data):
        if raw == name.encode():
            local = struct.unpack("<I", data[at + 42 : at + 46])[0]
            change(data, at, local)
            return
    raise SystemExit("no entry " + name)


def write(mode, folder, out):
    method = zipfile.ZIP_STORED if mode in ("stored", "badcrc", "cp437", "unicodepath", "stalepath") else zipfile.ZIP_DEFLATED
    if mode == "bzip2":
        method = zipfile.ZIP_BZIP2
    level = 1 if mode == "fast" else 9 if method == zipfile.ZIP_DEFLATED else None
    files = [] if mode in ("empty", "foreign") else files_of(folder)
    if mode == "stream":
        handle = open(out, "wb")
        archive = zipfile.ZipFile(Unseekable(handle), "w", method, compresslevel=level)
    else:
        handle = None
        archive = zipfile.ZipFile(out, "w", method, compresslevel=level)
    if mode == "zip64":
        zipfile.ZIP_FILECOUNT_LIMIT = 1
    prefix = os.path.basename(os.path.normpath(folder)) + "/" if mode == "nested" else ""
    if prefix:
        archive.writestr(zipfile.ZipInfo(prefix), b"")
    for name, path in files:
        with open(path, "rb") as source:
            data = source.read()
        if mode == "liar" and name == "Habits.csv":
            data += b" " * (8 << 20)
        info = zipfile.ZipInfo(prefix + name)
        info.compress_type = method
        if mode in ("unicodepath", "stalepath") and "#" in name:
            stored = (prefix + name).replace("#", "\x82").encode("latin-1")
            crc = zlib.crc32(stored) ^ (0xFFFF if mode == "stalepath" else 0)
            unicode = struct.pack("<BI", 1, crc) + (prefix + name).replace("#", "\u65e5").encode()
            info.extra = struct.pack("<HH", 0x7075, len(unicode)) + unicode
        archive.writestr(info, data, compresslevel=level)
        if mode == "duplicate" and name == "Habits.csv":
            archive.writestr(info, data, compresslevel=level)
    if mode == "bomb":
        archive.writestr("bomb.csv", bytes(17 << 20), compresslevel=9)
    if mode == "many":
        for number in range(5):
            archive.writestr("zeros-%d.csv" % number, bytes(15 << 20), compresslevel=9)
    extra = {"climb": "../../x", "absolute": "/tmp/x", "backslash": "dir\\x", "foreign": "notes.txt"}
    if mode in extra:
        archive.writestr(zipfile.ZipInfo(extra[mode]), b"hello\n")
    archive.close()
    if handle:
        handle.close()

    with open(out, "rb") as source:
        data = bytearray(source.read())
    if mode == "liar":
        size = os.path.getsize(os.path.join(folder, "Habits.csv"))

        def lie(data, central, local):
            struct.pack_into("<I", data, central + 24, size)
            struct.pack_into("<I", data, local + 22, size)

        patch(data, "Habits.csv", lie)
    elif mode == "truncated":
        del data[len(data) * 2 // 3 :]
    elif mode == "badcrc":

        def flip(data, central, local):
            name_length, extra_length = struct.unpack("<HH", data[local + 26 : local + 30])
            data[local + 30 + name_length + extra_length] ^= 0x01

        patch(data, "Habits.csv", flip)
    elif mode == "encrypted":
        for central, _ in central_directory(data):
            local = struct.unpack("<I", data[central + 42 : central + 46])[0]
            for at in (central + 8, local + 6):
                struct.pack_into("<H", data, at, struct.unpack("<H", data[at : at + 2])[0] | 1)
    elif mode in ("cp437", "unicodepath", "stalepath"):
        for central, raw in central_directory(data):
            local = struct.unpack("<I", data[central + 42 : central + 46])[0]
            for at in (central + 46, local + 30):
                data[at : at + len(raw)] = raw.replace(b"#", b"\x82")
    with open(out, "wb") as target:
        target.write(data)


def main():
    mode, folder, out = sys.argv[1:4]
    write(mode, folder, out)
    try:
        with zipfile.ZipFile(out) as archive:
            entries = [
                {
                    "name": info.filename,
                    "size": info.file_size,
                    "crc": info.CRC,
                    "flags": info.flag_bits,
                    "method": info.compress_type,
                }
                for info in archive.infolist()
            ]
        print(json.dumps({"entries": entries}))
    except Exception as error:  # what zipfile says, for the test to show
        print(json.dumps({"error": "%s: %s" % (type(error).__name__, error)}))


if __name__ == "__main__":
    main()
