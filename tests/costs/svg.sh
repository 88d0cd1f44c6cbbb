# shellcheck shell=sh
# SPDX-License-Identifier: MIT
#
# SVG filters and masks (issue 32), a part of tests/run-costs.sh: each
# priced before librsvg draws anything (src/art/svgweigh.c) and refused
# past 100 million pixel operations or 160 MB of layers, whatever makes
# the cost -- a feMorphology radius, a blur's canvas, a filter drawn by
# a thousand <use>, at each vertex of a marker, by a stylesheet rule, a
# mask, named results, a kernelUnitLength -- in under $LIMIT s and $MEM
# KB, the cost of refusing flat as the file asks for more.  A card with
# a drop shadow, at 300 and 600 px to the inch, still renders, its
# shadow there.  preview, export, check, a booklet's figure and an
# image inline in a card's text refuse the bomb as cards does.  The
# SVGs are tests/tools/hostile.py's; every file is under $T/svg*.

# svg_run NAME KIND: a one-card deck $T/svg-NAME showing hostile.py's
# KIND as art/x.svg over the card, rendered under timed as svg-NAME
# into $T/svg-NAME.pdf.  AddressSanitizer (make check) keeps what is
# freed in a quarantine of 256 MB, so that librsvg's layers, each freed
# once a filter has run, would count against $MEM as if all were held
# at once: 16 MB of it is enough to find a use after free.
svg_run() {
	d=$T/svg-$1
	# svg_arts made both folders of most (a mkdir a case less)
	[ -d "$d/text" ] || mkdir -p "$d/art" "$d/text"
	printf 'card: standard\nfront:\n  - {type: image, file: art/x.svg, box_mm: [0, 0, 63, 88]}\n  - {type: text, field: title, box_mm: [6, 76, 51, 6], size_pt: [6, 8]}\n' \
	    >"$d/layout.yaml"
	printf 'game: svg\nlanguages: [en]\nlayout: ./layout.yaml\ncards:\n  - {id: one}\n' \
	    >"$d/deck.yaml"
	printf 'cards:\n  one: {title: One}\n' >"$d/text/en.yaml"
	# svg_arts made it, unless NAME is not in its list (or KIND differs)
	made=
	read -r made <"$d/art/x.kind" 2>/dev/null || :
	[ "$made" = "$2" ] || python3 tests/tools/hostile.py "$2" "$d/art/x.svg"
	(
		ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=16
		export ASAN_OPTIONS
		timed "svg-$1" cards "$d" -o "$T/svg-$1.pdf"
	)
}

# svg_arts NAME=KIND...: each $T/svg-NAME/art/x.svg, hostile.py's KIND,
# written by one Python process (starting one costs more than writing
# most of these files), with KIND in x.kind beside it for svg_run, and
# the deck's text/ folder made.
svg_arts() {
	python3 - "$T" "$@" <<'PY'
import os, sys
sys.path.insert(0, "tests/tools")
import hostile
for a in sys.argv[2:]:
    name, kind = a.split("=", 1)
    d = "%s/svg-%s/art" % (sys.argv[1], name)
    os.makedirs(d, exist_ok=True)
    os.makedirs(d + "/../text", exist_ok=True)
    with open(d + "/x.svg", "wb") as f:
        f.write(hostile.make(kind))
    with open(d + "/x.kind", "w") as f:
        f.write(kind + "\n")
PY
}
svg_arts morph10=svg-morph:10:2000 morph100=svg-morph:100:2000 \
    morph1000=svg-morph:1000:2000 blur3000=svg-bigblur:3000 \
    blur5000=svg-bigblur:5000 blur7000=svg-bigblur:7000 \
    use100=svg-fuse:2:10:300 use3=svg-fuse:3:10:300 use4=svg-fuse:4:10:300 \
    marker=svg-fmarker:200:1000 mask=svg-fmask:200:1000 \
    css=svg-cssfilter:1000:300 results=svg-results:200:1000 \
    klu=svg-klu:50:300 markers=svg-mbomb:20000:100 tile=svg-tile:15000:300 \
    tilebox=svg-tilebox:92 tilesmall=svg-tile:1500:300 \
    shadow300=svg-shadow:744:1039 shadow600=svg-shadow:1488:2079 \
    ok=svg-ok

# svg_drawn NAME: the run svg-NAME made its PDF, cheaply.
svg_drawn() {
	exits "svg-$1" 0 && [ -s "$T/svg-$1.pdf" ] && cheap "svg-$1"
}

# svg_refused NAME WHY: the run svg-NAME was refused with the error
# "image PATH WHY" at the layout's image element (WHY a grep -E
# pattern), cheaply, without a PDF.
svg_refused() {
	refused "svg-$1" "^$T/svg-$1/layout.yaml:3:25: error: card 'one': image $T/svg-$1/art/x.svg $2\$"
}

# The morphology bomb: librsvg clamps the radius at 10 px, so 10, 100
# and 1000 all cost the same (12.8 s and 69 MB before).
for r in 10 100 1000; do
	svg_run "morph$r" "svg-morph:$r:2000"
	check "feMorphology radius $r over 2000 x 2000 px: refused" \
	    svg_refused "morph$r" "has a filter 'f' \(feMorphology radius $r over 2000 x 2000 px\) that would cost 1792 million pixel operations, more than the 100 million deckpress allows"
done
check "... the cost of refusing flat from radius 10 to 1000" \
    flat svg-morph10 svg-morph1000 10 1000

# A blur under the 60 megapixels an image may have (7000 x 7000: 12.8 s
# and 1.3 GB before): priced by its canvas.
for s in 3000 5000 7000; do
	svg_run "blur$s" "svg-bigblur:$s"
done
check "feGaussianBlur over 3000 x 3000 px: refused" svg_refused blur3000 \
    "has a filter 'f' \(feGaussianBlur stdDeviation 20 over 3000 x 3000 px\) that would cost 189 million pixel operations, more than the 100 million deckpress allows"
check "feGaussianBlur over 5000 x 5000 px: refused" svg_refused blur5000 \
    "has a filter 'f' \(feGaussianBlur stdDeviation 20 over 5000 x 5000 px\) that would cost 525 million pixel operations, more than the 100 million deckpress allows"
check "feGaussianBlur over 7000 x 7000 px: refused" svg_refused blur7000 \
    "has a filter 'f' \(feGaussianBlur stdDeviation 20 over 7000 x 7000 px\) that would cost 1029 million pixel operations, more than the 100 million deckpress allows"
check "... the cost of refusing flat from 9 to 49 megapixels" \
    flat svg-blur3000 svg-blur7000 9 49

# One filtered dot drawn by <use> of <use> of it: every drawing is
# another layer of the canvas (1000 of them: 1.4 s and 381 MB before).
svg_run use100 svg-fuse:2:10:300
check "a filter drawn 100 times by <use> over 300 x 300 px: drawn" \
    svg_drawn use100
for l in 3 4; do
	svg_run "use$l" "svg-fuse:$l:10:300"
done
check "a filter drawn 1000 times by <use>: refused" svg_refused use3 \
    "has a filter 'f' \(feOffset over 300 x 300 px\) drawn 1000 times, which would cost 630 million pixel operations, more than the 100 million deckpress allows"
check "a filter drawn 10 000 times by <use>: refused" svg_refused use4 \
    "has a filter 'f' \(feOffset over 300 x 300 px\) drawn 10000 times, which would cost 6300 million pixel operations, more than the 100 million deckpress allows"
check "... the cost of refusing flat from 1000 drawings to 10 000" \
    flat svg-use3 svg-use4 1000 10000

# The other ways of drawing a filter, or a layer, many times.
svg_run marker svg-fmarker:200:1000
check "a filtered marker at 200 vertices: refused" svg_refused marker \
    "has a filter 'f' \(feOffset over 1000 x 1000 px\) drawn 202 times, which would cost 1414 million pixel operations, more than the 100 million deckpress allows"
svg_run mask svg-fmask:200:1000
check "200 masked dots over 1000 x 1000 px: refused" svg_refused mask \
    "has a mask 'm' \(over 1000 x 1000 px\) drawn 200 times, which would cost 300 million pixel operations, more than the 100 million deckpress allows"
svg_run css svg-cssfilter:1000:300
check "a stylesheet rule filtering 1000 dots: refused" svg_refused css \
    "has a filter 'f' \(feOffset over 300 x 300 px\) drawn 1000 times, which would cost 630 million pixel operations, more than the 100 million deckpress allows"
svg_run results svg-results:200:1000
check "a filter of 200 named results, each a layer kept: refused" \
    svg_refused results \
    "has a filter 'f' \(feFlood and 199 more primitives over 1000 x 1000 px\) that would cost 306 million pixel operations, more than the 100 million deckpress allows"
svg_run klu svg-klu:50:300
check "feConvolveMatrix kernelUnitLength 0.05 (a 20 times larger input): refused" \
    svg_refused klu \
    "has a filter 'f' \(feConvolveMatrix kernelUnitLength 0.05 over 300 x 300 px\) that would cost 393 million pixel operations, more than the 100 million deckpress allows"
svg_run markers svg-mbomb:20000:100
check "a marker of 100 dots at 20000 vertices: refused" svg_refused markers \
    "instances more than the 200000 elements deckpress draws in an SVG once its references \(<use>\) are followed"

# A pattern's tile is drawn as pixels whole where the card crosses its
# edge: preview at 100 dpi took 625 MB for a tile of 15000 px, 2 GB and
# 2.5 s for one 92 times the box it fills (fuzz_svgdraw found it).
svg_tile() {
	svg_run "$1" "$2"
	timed "svg-$1-preview" preview "$T/svg-$1" --card one --dpi 100 \
	    -o "$T/svg-$1-preview.png"
	refused "svg-$1-preview" "^$T/svg-$1/layout.yaml:3:25: error: card 'one': image $T/svg-$1/art/x.svg $3\$" &&
	    [ ! -e "$T/svg-$1-preview.png" ] && svg_refused "$1" "$3"
}
check "a pattern of a 15000 x 15000 px tile: refused by cards and preview" \
    svg_tile tile svg-tile:15000:300 "has a pattern 'p' whose tile would be 15000 x 15000 pixels, more than the 4 megapixels deckpress draws a tile of"
check "a pattern 92 times the box it fills: refused by cards and preview" \
    svg_tile tilebox svg-tilebox:92 "has a pattern 'p' whose tile is 92 x 92 times the box it fills, more than the 4 boxes deckpress draws a tile of"
svg_run tilesmall svg-tile:1500:300
check "a pattern of a 1500 x 1500 px tile: drawn" svg_drawn tilesmall

# svg_shadow NAME: the card of svg-NAME drawn; on its page at 300 dpi,
# 4 px right of the blue card's right edge and below its bottom edge is
# the grey of its shadow, 40 px out the white of the page.  Only the
# page's top left 1000 x 1400 px are rendered: the first card's cell
# (its trim at 124, 195 px, 744 x 1039 px) with more than its bleed
# and 40 px about it, a sixth of the page (whole, 0.1 s of CPU more).
svg_shadow() {
	svg_drawn "$1" || return 1
	pdftoppm -r 300 -f 1 -l 1 -singlefile -x 0 -y 0 -W 1000 -H 1400 \
	    "$T/svg-$1.pdf" "$T/svg-$1" || return 1
	python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
magic, w, h, top, px = d.split(maxsplit=4)
w, h = int(w), int(h)
def at(x, y):
    i = (y * w + x) * 3
    return tuple(px[i:i + 3])
# The blue pixels (blue over 200, red under 80) of every third row and
# column: their bounds.  Each row a mask of bytes, 1 where blue, read as
# a number: its highest and lowest bits are the first and last blue
# pixel (pixel by pixel, in Python, this took 0.4 s of CPU a page).
red = bytes(v < 80 for v in range(256))
blu = bytes(v > 200 for v in range(256))
x0 = y0 = x1 = y1 = None
for y in range(0, h, 3):
    row = px[y * w * 3:(y + 1) * w * 3]
    r = row[0::9].translate(red)
    b = row[2::9].translate(blu)
    m = int.from_bytes(r, "big") & int.from_bytes(b, "big")
    if not m:
        continue
    first = 3 * (len(r) - 1 - (m.bit_length() - 1) // 8)
    last = 3 * (len(r) - 1 - ((m & -m).bit_length() - 1) // 8)
    x0 = first if x0 is None else min(x0, first)
    x1 = last if x1 is None else max(x1, last)
    y0 = y if y0 is None else y0
    y1 = y
if x0 is None:
    sys.exit("no blue card on the page")
xm = (x0 + x1) // 2
ym = (y0 + y1) // 2
for name, near, far in (("right", at(x1 + 4, ym), at(x1 + 40, ym)),
    ("below", at(xm, y1 + 4), at(xm, y1 + 40))):
    print(name, near, far)
    if not (max(near) < 200 and max(near) - min(near) < 8):
        sys.exit("no grey shadow " + name + " of the card")
    if min(far) < 250:
        sys.exit("the shadow reaches 40 px " + name + " of the card")
' "$T/svg-$1.ppm"
}
svg_run shadow300 svg-shadow:744:1039
check "a drop shadow on a card of 744 x 1039 px (300 dpi): drawn, its shadow grey" \
    svg_shadow shadow300
svg_run shadow600 svg-shadow:1488:2079
check "a drop shadow on a card of 1488 x 2079 px (600 dpi): drawn, its shadow grey" \
    svg_shadow shadow600

# Every command that draws an SVG loads it through the same scan: the
# morphology bomb as card art in preview, export and check's preflight,
# as a booklet's figure, and inline in a card's text.
P=$T/svg-paths
mkdir -p "$P/rules"
cp -R "$T/svg-morph1000/." "$P"
# the harmless SVG, which svg_arts made as ok
cp "$T/svg-ok/art/x.svg" "$P/art/ok.svg"
printf '# Rules\n\nPlay a card.\n\n![A figure](../art/x.svg)\n' >"$P/rules/en.md"
# svg_refused_at TAG WHERE: the run TAG was refused with the morphology
# bomb's error at WHERE (its "FILE:LINE:COL: error: " and what precedes
# "image"), cheaply, writing nothing at $T/TAG.*.
svg_refused_at() {
	refused "$1" "^$2image $3 has a filter 'f' \(feMorphology radius 1000 over 2000 x 2000 px\) that would cost 1792 million pixel operations, more than the 100 million deckpress allows\$" ||
	    return 1
	[ ! -e "$T/$1.png" ] && [ ! -e "$T/$1.d" ] ||
	    { echo "an output was written"; return 1; }
}
timed svg-preview preview "$P" --card one -o "$T/svg-preview.png"
check "preview of the morphology bomb: refused" svg_refused_at svg-preview \
    "$P/layout.yaml:3:25: error: card 'one': " "$P/art/x.svg"
timed svg-export export "$P" --lang en -o "$T/svg-export.d"
check "export of the morphology bomb: refused" svg_refused_at svg-export \
    "$P/layout.yaml:3:25: error: card 'one': " "$P/art/x.svg"
timed svg-check check "$P"
check "check of the morphology bomb: refused" svg_refused_at svg-check \
    "$P/layout.yaml:3:25: error: card 'one': " "$P/art/x.svg"
sed 's|file: art/x.svg|file: art/ok.svg|' "$T/svg-morph1000/layout.yaml" \
    >"$P/layout.yaml"
timed svg-booklet booklet "$P" --lang en -o "$T/svg-booklet.pdf"
check "the morphology bomb as a booklet's figure: refused" svg_refused_at \
    svg-booklet "$P/rules/en.md:5:1: error: " "$P/rules/../art/x.svg"
printf 'cards:\n  one: {title: "One {img:art/x.svg}"}\n' >"$P/text/en.yaml"
timed svg-inline cards "$P" -o "$T/svg-inline.pdf"
check "the morphology bomb inline in a card's text: refused" svg_refused_at \
    svg-inline "$P/text/en.yaml:2:21: error: card 'one' \(en\): title: " \
    "$P/art/x.svg"
