#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The lines of a net on a page rendered at 600 dpi (a binary PPM from
# pdftoppm -aa no -aaVector no), for tests/run-nets.sh:
#
#   netlines.py PPM bbox
#       the box of every black pixel: "x0 y0 x1 y1" in mm
#   netlines.py PPM v Y0 Y1 [X0 X1]
#       the vertical lines crossing the band Y0..Y1 mm (between X0 and
#       X1 mm): "X solid" or "X dashed", one a line, X its middle in mm
#   netlines.py PPM h X0 X1 [Y0 Y1]
#       the same for horizontal lines crossing the band X0..X1 mm
#
# A line is solid if black over all the band, dashed if over 30 to 90 %
# of it (a fold's dashes); less is some other mark, and not reported.
# Python's standard library only.
import sys

DPI = 600
MM = DPI / 25.4


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6":
        sys.exit("%s: not a binary PPM" % path)
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos + 1:]


# A channel's byte -> 1 if dark (< 64), else 0.
DARK = bytes(1 if v < 64 else 0 for v in range(256))


def mask(rgb):
    """One byte a pixel of rgb (bytes, 3 a pixel): 1 if black (all
    three channels < 64), else 0.  Whole rows at C speed: each channel
    as a big number of 0/1 bytes, ANDed."""
    t = rgb.translate(DARK)
    n = len(t) // 3
    if n == 0:
        return b""
    r, g, b = (int.from_bytes(t[c::3], "big") for c in range(3))
    return (r & g & b).to_bytes(n, "big")


def bbox(w, h, px):
    x0, y0, x1, y1 = w, h, -1, -1
    dark = px.translate(DARK)
    for y in range(h):
        # Most rows are paper and light colours: skip them at C speed.
        if dark.find(1, 3 * w * y, 3 * w * (y + 1)) < 0:
            continue
        m = mask(px[3 * w * y:3 * w * (y + 1)])
        first = m.find(1)
        if first >= 0:
            x0, x1 = min(x0, first), max(x1, m.rfind(1) + 1)
            y0, y1 = min(y0, y), max(y1, y + 1)
    print("%.3f %.3f %.3f %.3f" % (x0 / MM, y0 / MM, x1 / MM, y1 / MM))


def counts(w, h, px, vertical, b0, b1, r0, r1):
    """For each r in r0..r1, its black pixels across the band b0..b1."""
    if not vertical:
        return [mask(px[3 * (w * r + b0):3 * (w * r + b1)]).count(1)
                for r in range(r0, r1)]
    # Vertical: column sums of the band's rows, added as big numbers of
    # one byte a column, at most 255 rows a sum (no byte overflows).
    k = [0] * (r1 - r0)
    for c0 in range(b0, b1, 255):
        acc = 0
        for y in range(c0, min(c0 + 255, b1)):
            acc += int.from_bytes(mask(px[3 * (w * y + r0):3 * (w * y + r1)]),
                                  "big")
        for i, v in enumerate(acc.to_bytes(r1 - r0, "big")):
            k[i] += v
    return k


def lines(w, h, px, vertical, b0, b1, r0, r1):
    """Lines across the band b0..b1 (pixels), scanned over r0..r1."""
    n = b1 - b0
    runs, cur = [], None
    for r, k in zip(range(r0, r1), counts(w, h, px, vertical, b0, b1, r0, r1)):
        frac = k / n
        if frac >= 0.3:
            if cur is None:
                cur = [r, r, frac]
            cur[1] = r
            cur[2] = max(cur[2], frac)
        elif cur is not None:
            runs.append(cur)
            cur = None
    if cur is not None:
        runs.append(cur)
    for a, z, frac in runs:
        kind = "solid" if frac > 0.97 else "dashed" if frac < 0.9 else "?"
        print("%.3f %s" % ((a + z + 1) / 2 / MM, kind))


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: netlines.py PPM bbox | v|h B0 B1 [R0 R1]")
    w, h, px = read_ppm(sys.argv[1])
    if sys.argv[2] == "bbox":
        bbox(w, h, px)
        return
    vertical = sys.argv[2] == "v"
    b0, b1 = (int(float(v) * MM) for v in sys.argv[3:5])
    size = w if vertical else h
    r0, r1 = 0, size
    if len(sys.argv) > 5:
        r0, r1 = (int(float(v) * MM) for v in sys.argv[5:7])
    lines(w, h, px, vertical, b0, b1, max(r0, 0), min(r1, size))


main()
