#!/usr/bin/env python3
"""Reads the QR code `sandjar serve --listen` prints, as a phone's camera would, and prints what it says.

    python3 Tests/browser/decode_qr.py < SERVE_OUTPUT

The half blocks of serve's output (▀ ▄ █ and spaces, ANSI colours allowed) are drawn as a PNG, each
module 8 pixels square, dark on white, with the quiet zone the text has; then Debian's `zbarimg`
(zbar-tools), a decoder written apart from sandjar, reads it. Prints the decoded text on one
line; exits 1 when no code is found or zbar cannot read it, 77 when zbarimg is missing.
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

BLOCKS = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
SCALE = 8


def modules(text: str) -> list[list[bool]]:
    """The module rows of the first run of lines made only of half blocks."""
    rows: list[list[bool]] = []
    for line in text.splitlines():
        line = re.sub(r"\x1b\[[0-9;]*m", "", line)
        if line and all(c in BLOCKS for c in line) and any(c != " " for c in line):
            top = [BLOCKS[c][0] for c in line]
            bottom = [BLOCKS[c][1] for c in line]
            rows += [top, bottom]
        elif rows:
            break
    return rows


def png(rows: list[list[bool]]) -> bytes:
    """A greyscale PNG of the modules, dark as black, with a light margin of four modules."""
    margin = 4
    width = (max(len(r) for r in rows) + 2 * margin) * SCALE
    height = (len(rows) + 2 * margin) * SCALE
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        row = y // SCALE - margin
        for x in range(width):
            column = x // SCALE - margin
            dark = 0 <= row < len(rows) and 0 <= column < len(rows[row]) and rows[row][column]
            raw.append(0 if dark else 255)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw))) + chunk(b"IEND", b"")


def main() -> int:
    zbarimg = shutil.which("zbarimg")
    if not zbarimg:
        print("skipped: zbarimg is missing (apt-get install zbar-tools)", file=sys.stderr)
        return 77
    rows = modules(sys.stdin.read())
    if not rows:
        print("no QR code in the input", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "code.png")
        with open(path, "wb") as f:
            f.write(png(rows))
        run = subprocess.run([zbarimg, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path],
                             capture_output=True, text=True)
    if run.returncode != 0 or not run.stdout.strip():
        print(f"zbarimg could not read it ({run.returncode}): {run.stderr.strip()}", file=sys.stderr)
        return 1
    print(run.stdout.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
