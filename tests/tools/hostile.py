# SPDX-License-Identifier: MIT
"""
Write one hostile (or, for contrast, harmless) image file for
tests/run-imagelimits.sh and tests/costs/svg.sh: files that cost the
decoders far more than their size, made here because they are too big,
or too many, to commit.  A kind may take numbers after colons
(svg-morph:1000:2000).

usage: python3 tests/tools/hostile.py KIND[:N...] FILE

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
  svg-morph:R:S       an S x S px SVG through a feMorphology of radius R
  svg-bigblur:S       an S x S px SVG through a feGaussianBlur
  svg-fuse:L:N:S      an S x S px SVG whose one filtered dot is drawn N^L
                      times: L levels of N <use> each
  svg-fmarker:V:S     an S x S px SVG with a marker whose dot is
                      filtered, at each of V vertices of a polyline
  svg-fmask:N:S       an S x S px SVG of N masked dots
  svg-cssfilter:N:S   an S x S px SVG of N dots a stylesheet rule filters
  svg-results:N:S     an S x S px SVG through a filter of N feFlood, each
                      result named (each kept to the filter's end)
  svg-klu:K:S         an S x S px SVG through a feConvolveMatrix of
                      kernelUnitLength K thousandths
  svg-mbomb:V:N       a marker of N dots at each of V vertices
  svg-tile:T:S        an S x S px SVG filled with a pattern of a T x T px
                      tile, filled whole, its edge across the SVG
  svg-tilebox:K       the same, its tile K times the box it fills a way
  svg-shadow:W:H      a W x H px card with a drop shadow (blur, offset,
                      flood, composite, merge): renders
  png-big      a 20000 x 20000 PNG (all zeros, some 400 KB)
  jpeg-scans   a 1448 x 1448 progressive JPEG of 100 000 empty scans
  jpeg-ok      the same JPEG with 10 scans: decodes
"""
import base64
import struct
import sys
import zlib


def repeated(z, data, m):
	"""z's zlib stream of data m times over, of two data's compressing:
	after a full flush z starts afresh, so each data after the first
	compresses to the same bytes, written m - 1 times; then an empty last
	block of fixed codes, and the Adler-32 of it all, worked out from
	data's own.  (zlib took a second of CPU over png-big's 400 MB.)"""
	first = z.compress(data) + z.flush(zlib.Z_FULL_FLUSH)
	again = z.compress(data) + z.flush(zlib.Z_FULL_FLUSH)
	# Adler-32 over data from (a, b): a += sum, b += len * a + what
	# data adds to b from a = 0 (one's sums less its len)
	one, n = zlib.adler32(data), len(data)
	add_a, add_b = (one & 0xffff) - 1, (one >> 16) - n
	a, b = 1, 0
	for _ in range(m):
		b = (b + n * a + add_b) % 65521
		a = (a + add_a) % 65521
	return first + again * (m - 1) + b"\x03\x00" + \
	    struct.pack(">I", b << 16 | a)


def png(w, h, grey=0):
	"""A w x h grey PNG, every pixel grey, compressed row by row (a
	hundred rows at a time, made once, from a thousand rows on)."""
	def chunk(kind, data):
		crc = zlib.crc32(kind + data) & 0xffffffff
		return struct.pack(">I", len(data)) + kind + data + \
		    struct.pack(">I", crc)
	z = zlib.compressobj(9)
	row = b"\0" + bytes([grey]) * w	# filter byte 0, then the row
	if h >= 1000 and h % 100 == 0:
		idat = repeated(z, row * 100, h // 100)
	else:
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


SHADOW = ('<filter id="shadow" x="-10%" y="-10%" width="130%" '
    'height="130%"><feGaussianBlur in="SourceAlpha" stdDeviation="6"/>'
    '<feOffset dx="8" dy="8" result="o"/><feFlood flood-color="#000" '
    'flood-opacity="0.6"/><feComposite in2="o" operator="in"/><feMerge>'
    '<feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>')


def filtered(s, filt, body=None):
	"""An s x s SVG: filter f, then body (a rect over it all, filtered)."""
	if body is None:
		body = '<rect width="%d" height="%d" filter="url(#f)"/>' % (s, s)
	return svg(s, s, '<filter id="f">%s</filter>%s' % (filt, body))


def made(kind, n):
	"""The kinds that take numbers n."""
	if kind == "svg-morph":
		return filtered(n[1], '<feMorphology radius="%d"/>' % n[0])
	if kind == "svg-bigblur":
		return filtered(n[0], '<feGaussianBlur stdDeviation="20"/>')
	if kind == "svg-fuse":
		body = '<defs><circle id="l0" r="5" cx="20" cy="20" ' \
		    'filter="url(#f)"/>'
		for i in range(1, n[0] + 1):
			body += '<g id="l%d">%s</g>' % (i, "".join(
			    '<use href="#l%d"/>' % (i - 1) for _ in range(n[1])))
		return filtered(n[2], '<feOffset dx="2"/>', body +
		    '</defs><use href="#l%d"/>' % n[0])
	if kind == "svg-fmarker":
		pts = " ".join("%d,%d" % (i % 50, i // 50) for i in range(n[0]))
		return filtered(n[1], '<feOffset dx="1"/>', '<marker id="m">'
		    '<circle r="3" cx="5" cy="5" filter="url(#f)"/></marker>'
		    '<polyline points="%s" fill="none" stroke="#000" '
		    'marker-mid="url(#m)"/>' % pts)
	if kind == "svg-fmask":
		return svg(n[1], n[1], '<mask id="m"><rect width="%d" '
		    'height="%d" fill="#fff"/></mask>%s' % (n[1], n[1], "".join(
		    '<circle r="3" cx="%d" cy="%d" mask="url(#m)"/>' %
		    (i % 100, i // 100) for i in range(n[0]))))
	if kind == "svg-cssfilter":
		return filtered(n[1], '<feOffset dx="1"/>', '<style>.d { '
		    'filter: url(#f) }</style>%s' % "".join(
		    '<circle class="d" r="3" cx="%d" cy="%d"/>' %
		    (i % 100, i // 100) for i in range(n[0])))
	if kind == "svg-results":
		return filtered(n[1], "".join('<feFlood flood-color="#%06x" '
		    'result="r%d"/>' % (i * 997 % 0xffffff, i)
		    for i in range(n[0])))
	if kind == "svg-klu":
		return filtered(n[1], '<feConvolveMatrix order="3" '
		    'kernelMatrix="1 1 1 1 1 1 1 1 1" kernelUnitLength="%g"/>' %
		    (n[0] / 1000))
	if kind == "svg-mbomb":
		pts = " ".join("%d,%d" % (i % 100, i // 100) for i in range(n[0]))
		return svg(100, 100, '<marker id="m">%s</marker><polyline '
		    'points="%s" marker-mid="url(#m)"/>' % ("".join(
		    '<circle r="1" cx="%d" cy="1"/>' % i for i in range(n[1])),
		    pts))
	if kind in ("svg-tile", "svg-tilebox"):
		units = 'patternUnits="userSpaceOnUse" x="50" y="50" ' \
		    'width="%d" height="%d"' % (n[0], n[0]) \
		    if kind == "svg-tile" else 'width="%d" height="%d"' % (n[0], n[0])
		s = n[1] if kind == "svg-tile" else 300
		return svg(s, s, '<pattern id="p" %s><rect x="-1000000" '
		    'y="-1000000" width="2000000" height="2000000" fill="#c33"/>'
		    '</pattern><rect width="%d" height="%d" fill="url(#p)"/>' %
		    (units, s, s))
	if kind == "svg-shadow":
		return svg(n[0], n[1], '%s<rect x="%d" y="%d" width="%d" '
		    'height="%d" rx="%d" fill="#2a6fdb" filter="url(#shadow)"/>'
		    % (SHADOW, n[0] // 8, n[1] // 8, n[0] * 5 // 8, n[1] * 5 // 8,
		    n[0] // 20))
	sys.exit("hostile.py: no kind %s" % kind)


def make(kind):
	if ":" in kind:
		name, *n = kind.split(":")
		return made(name, [int(x) for x in n])
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
