# SPDX-License-Identifier: MIT
# pngvariants.py DIR: the PNG forms art comes in, for tests/run-art.sh,
# each with the RGB PNG of how it should look on white paper: 16-bit
# RGB (rgb16.png, ref rgb16-ref.png), a palette (pal.png, pal-ref.png),
# a palette with tRNS, patch 0 transparent (trns.png, trns-ref.png,
# that patch white), grey + alpha, patch 1 transparent (ga.png,
# ga-ref.png).  Eight flat 64 px patches, 4 x 2, as tests/tools/artgen.c.
import struct
import sys
import zlib

W, H, P = 256, 128, 64
COLS = [(255, 255, 255), (200, 30, 40), (30, 160, 60), (40, 60, 200),
        (20, 20, 20), (230, 200, 40), (120, 40, 160), (128, 128, 128)]


def chunk(t, d):
    c = struct.pack(">I", len(d)) + t + d
    return c + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)


def png(path, depth, ctype, rows, extra=b""):
    raw = b"".join(b"\0" + r for r in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, depth, ctype,
                                           0, 0, 0)))
        f.write(extra)
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def patch(x, y):
    return (y // P) * 4 + x // P


def rgb_rows(col):
    return [b"".join(bytes(col(patch(x, y))) for x in range(W))
            for y in range(H)]


def main(d):
    png(d + "/rgb16.png", 16, 2, [b"".join(struct.pack(
        ">HHH", *(v * 257 for v in COLS[patch(x, y)])) for x in range(W))
        for y in range(H)])
    png(d + "/rgb16-ref.png", 8, 2, rgb_rows(lambda i: COLS[i]))
    plte = chunk(b"PLTE", b"".join(bytes(c) for c in COLS))
    idx = [bytes(patch(x, y) for x in range(W)) for y in range(H)]
    png(d + "/pal.png", 8, 3, idx, plte)
    png(d + "/pal-ref.png", 8, 2, rgb_rows(lambda i: COLS[i]))
    # patch 0 is white already: make patch 2 (green) the transparent one
    png(d + "/trns.png", 8, 3, idx, plte + chunk(b"tRNS", b"\xff\xff\x00"))
    png(d + "/trns-ref.png", 8, 2, rgb_rows(
        lambda i: (255, 255, 255) if i == 2 else COLS[i]))
    grey = [sum(c) // 3 for c in COLS]
    png(d + "/ga.png", 8, 4, [b"".join(bytes(
        (grey[patch(x, y)], 0 if patch(x, y) == 1 else 255))
        for x in range(W)) for y in range(H)])
    png(d + "/ga-ref.png", 8, 2, rgb_rows(
        lambda i: (255,) * 3 if i == 1 else (grey[i],) * 3))


main(sys.argv[1])
