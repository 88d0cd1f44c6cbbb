# SPDX-License-Identifier: MIT
# pngvariants.py DIR: the PNG forms art comes in, for tests/run-art.sh,
# each with the RGB PNG of how it should look on white paper: 16-bit
# RGB (rgb16.png, ref rgb16-ref.png), a palette (pal.png, pal-ref.png),
# a palette with tRNS, patch 0 transparent (trns.png, trns-ref.png,
# that patch white), grey + alpha, patch 1 transparent (ga.png,
# ga-ref.png), 8-bit RGB interlaced (Adam7: ilace.png, ref rgb16-ref.png).
# Eight flat 64 px patches, 4 x 2, as tests/tools/artgen.c; with K, each
# side K times as long (K = 6: 1536 x 768 px, over the 4 MiB decoded that
# makes an image lazy, read from its file again when drawn).
import struct
import sys
import zlib

K = int(sys.argv[2]) if len(sys.argv) > 2 else 1
W, H, P = 256 * K, 128 * K, 64 * K
COLS = [(255, 255, 255), (200, 30, 40), (30, 160, 60), (40, 60, 200),
        (20, 20, 20), (230, 200, 40), (120, 40, 160), (128, 128, 128)]


def chunk(t, d):
    c = struct.pack(">I", len(d)) + t + d
    return c + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)


# Adam7's passes: first column and row, steps across and down.
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
         (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def adam7(rows, bpp):
    """Rows of bpp-byte pixels as the passes of an interlaced image."""
    out, seen = [], {}
    for x0, y0, dx, dy in ADAM7:
        for y in range(y0, H, dy):
            r = rows[y]
            # rows of one band of patches are one object: cut once
            key = (id(r), x0, dx)
            if key not in seen:
                seen[key] = b"".join(r[x * bpp:(x + 1) * bpp]
                                     for x in range(x0, W, dx))
            if seen[key]:
                out.append(b"\0" + seen[key])
    return b"".join(out)


def png(path, depth, ctype, rows, extra=b"", ilace=0):
    raw = adam7(rows, 3) if ilace else b"".join(b"\0" + r for r in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, depth, ctype,
                                           0, 0, ilace)))
        f.write(extra)
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def rows(px):
    """H rows of the patches, px(i) the bytes of one pixel of patch i:
    flat patches, so a band's rows are one object, made once."""
    band = [b"".join(px(4 * r + c) * P for c in range(4)) for r in range(2)]
    return [band[y // P] for y in range(H)]


def rgb_rows(col):
    return rows(lambda i: bytes(col(i)))


def main(d):
    png(d + "/rgb16.png", 16, 2, rows(lambda i: struct.pack(
        ">HHH", *(v * 257 for v in COLS[i]))))
    png(d + "/rgb16-ref.png", 8, 2, rgb_rows(lambda i: COLS[i]))
    png(d + "/ilace.png", 8, 2, rgb_rows(lambda i: COLS[i]), ilace=1)
    plte = chunk(b"PLTE", b"".join(bytes(c) for c in COLS))
    idx = rows(lambda i: bytes([i]))
    png(d + "/pal.png", 8, 3, idx, plte)
    png(d + "/pal-ref.png", 8, 2, rgb_rows(lambda i: COLS[i]))
    # patch 0 is white already: make patch 2 (green) the transparent one
    png(d + "/trns.png", 8, 3, idx, plte + chunk(b"tRNS", b"\xff\xff\x00"))
    png(d + "/trns-ref.png", 8, 2, rgb_rows(
        lambda i: (255, 255, 255) if i == 2 else COLS[i]))
    grey = [sum(c) // 3 for c in COLS]
    png(d + "/ga.png", 8, 4, rows(lambda i: bytes(
        (grey[i], 0 if i == 1 else 255))))
    png(d + "/ga-ref.png", 8, 2, rgb_rows(
        lambda i: (255,) * 3 if i == 1 else (grey[i],) * 3))


main(sys.argv[1])
