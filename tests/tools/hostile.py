# SPDX-License-Identifier: MIT
"""
Write one hostile (or, for contrast, harmless) image file for
tests/run-imagelimits.sh: files that cost the decoders far more than their
size, made here because they are too big, or too many, to commit.

usage: python3 tests/tools/hostile.py KIND FILE

  svg-blur     a 30000 x 30000 px SVG drawn through a blur filter
  svg-region   a 100 x 100 px SVG whose blur's filter region is a
               thousand times the canvas each way
  svg-datapng  an SVG with a 20000 x 20000 PNG in a data: URI
  svg-datajpeg an SVG with jpeg-scans in a data: URI
  svg-datasvg  an SVG with an SVG in a data: URI
  svg-use      a <use> bomb: 10 levels of 10 <use> each (10^10)
  svg-cycle    two groups that <use> each other
  svg-many     a flat SVG of 300 000 elements
  svg-octaves  a feTurbulence of 100 000 octaves
  svg-convolve a feConvolveMatrix of order 21 (librsvg 2.54 aborts)
  svg-filters  a filter of 10 000 blurs
  svg-ok       a small SVG with a data: PNG and a few <use>: renders
  png-big      a 20000 x 20000 PNG (all zeros, some 400 KB)
  jpeg-scans   a 1448 x 1448 progressive JPEG of 100 000 empty scans
  jpeg-ok      the same JPEG with 10 scans: decodes
"""
import base64
import struct
import sys
import zlib


def png(w, h, grey=0):
	"""A w x h grey PNG, every pixel grey, compressed row by row."""
	def chunk(kind, data):
		crc = zlib.crc32(kind + data) & 0xffffffff
		return struct.pack(">I", len(data)) + kind + data + \
		    struct.pack(">I", crc)
	z = zlib.compressobj(9)
	row = b"\0" + bytes([grey]) * w	# filter byte 0, then the row
	idat = b"".join(z.compress(row) for _ in range(h)) + z.flush()
	return b"\x89PNG\r\n\x1a\n" + \
	    chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) + \
	    chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def svg(w, h, body):
	return ('<svg xmlns="http://www.w3.org/2000/svg" '
	    'xmlns:xlink="http://www.w3.org/1999/xlink" '
	    'width="%d" height="%d">%s</svg>\n' % (w, h, body)).encode()


def data_uri(mime, data):
	return "data:%s;base64,%s" % (mime, base64.b64encode(data).decode())


def blur(w, h, region=""):
	return svg(w, h, '<filter id="b"%s><feGaussianBlur stdDeviation="20"/>'
	    '</filter><rect width="%d" height="%d" fill="red" '
	    'filter="url(#b)"/>' % (region, w, h))


def use_bomb(levels, n):
	body = '<defs><rect id="l0" width="1" height="1"/>'
	for i in range(1, levels + 1):
		body += '<g id="l%d">%s</g>' % (i, ''.join(
		    '<use xlink:href="#l%d"/>' % (i - 1) for _ in range(n)))
	return svg(10, 10, body + '</defs><use href="#l%d"/>' % levels)


def jpeg(scans):
	"""
	A grey progressive JPEG of 181 x 181 blocks: a DC scan, then
	'scans' AC scans (1 to 63) that code every block as empty with one
	end-of-band run.  Each AC scan is as valid as the first, so libjpeg
	decodes them all without a warning.
	"""
	side = 181 * 8
	blocks = 181 * 181
	def seg(marker, data):
		return bytes([0xFF, marker]) + struct.pack(">H", len(data) + 2) + \
		    data
	dqt = seg(0xDB, b"\x00" + bytes([1] * 64))
	sof = seg(0xC2, struct.pack(">BHHB", 8, side, side, 1) + b"\x01\x11\x00")
	# DC table 0: one code '0' for category 0; AC table 0: one code '0'
	# for EOB run class 14 (symbol 0xE0).
	dht = seg(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00" +
	    b"\x10" + bytes([1] + [0] * 15) + b"\xE0")
	dc = seg(0xDA, b"\x01\x01\x00\x00\x00\x00") + bytes(blocks // 8) + \
	    bytes([(0xFF >> (blocks % 8)) & 0xFF])
	# Code '0', then the run's 14 extra bits (blocks - 2^14), then 1s.
	run = blocks - (1 << 14)
	bits = "0" + format(run, "014b") + "1"
	ac = seg(0xDA, b"\x01\x01\x00\x01\x3F\x00") + \
	    int(bits, 2).to_bytes(2, "big")
	return b"\xFF\xD8" + dqt + sof + dht + dc + ac * scans + b"\xFF\xD9"


def make(kind):
	if kind == "svg-blur":
		return blur(30000, 30000)
	if kind == "svg-region":
		return blur(100, 100, ' x="-50000%" y="-50000%" '
		    'width="100000%" height="100000%"')
	if kind == "svg-datapng":
		return svg(100, 100, '<image width="100" height="100" '
		    'href="%s"/>' % data_uri("image/png", png(20000, 20000)))
	if kind == "svg-datajpeg":
		return svg(100, 100, '<image width="100" height="100" '
		    'href="%s"/>' % data_uri("image/jpeg", jpeg(100000)))
	if kind == "svg-datasvg":
		return svg(100, 100, '<image width="100" height="100" '
		    'xlink:href="%s"/>' % data_uri("image/svg+xml",
		    svg(10, 10, '<rect width="5" height="5"/>')))
	if kind == "svg-use":
		return use_bomb(10, 10)
	if kind == "svg-cycle":
		return svg(10, 10, '<g id="a"><use href="#b"/></g>'
		    '<g id="b"><use href="#a"/></g>')
	if kind == "svg-many":
		return svg(10, 10, '<rect width="1" height="1"/>' * 300000)
	if kind == "svg-ok":
		return svg(100, 100, '<defs><g id="dot"><circle r="4" '
		    'fill="#1D2733"/></g></defs><image width="100" '
		    'height="100" xlink:href="%s"/>%s' % (data_uri("image/png",
		    png(64, 64, 200)), ''.join('<use href="#dot" x="%d" y="50"/>' %
		    (10 + 20 * i) for i in range(5))))
	if kind == "svg-octaves":
		return svg(100, 100, '<filter id="f"><feTurbulence '
		    'baseFrequency="0.05" numOctaves="100000"/></filter>'
		    '<rect width="100" height="100" filter="url(#f)"/>')
	if kind == "svg-convolve":
		return svg(100, 100, '<filter id="f"><feConvolveMatrix '
		    'order="21" kernelMatrix="%s"/></filter><rect width="100" '
		    'height="100" filter="url(#f)"/>' % " ".join(["1"] * 441))
	if kind == "svg-filters":
		return svg(100, 100, '<filter id="f">%s</filter><rect '
		    'width="100" height="100" filter="url(#f)"/>' %
		    ('<feGaussianBlur stdDeviation="3"/>' * 10000))
	if kind == "png-big":
		return png(20000, 20000)
	if kind == "jpeg-scans":
		return jpeg(100000)
	if kind == "jpeg-ok":
		return jpeg(10)
	sys.exit("hostile.py: no kind %s" % kind)


if __name__ == "__main__":
	if len(sys.argv) != 3:
		sys.exit(__doc__)
	with open(sys.argv[2], "wb") as f:
		f.write(make(sys.argv[1]))
