#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: images, svg, expressions, cards, check
# Parts of images (issue 34): crop_px and crop_mm print the source's
# region as that region cut out beforehand prints; a sprite's index
# from each card's data picks that card's cell (compared with the cells
# as files of their own); svg_id draws only the element named, scaled
# by its own bounds, and nothing else of the SVG; an inline svg: draws
# in its box.  Bad input: a crop past the image, a sprite index past
# its cells, an unknown SVG id -- file:line:col naming the card, exit
# 1, no PDF.  A sheet shown on 120 cards is decoded once.  The sheets
# are made by out/test/spritegen: cells of distinct colours, each with
# a square in its top-left quarter.  One-card pages: the trim at
# (10.5, 16.5) mm.
T=out/test/sprites
. tests/suite.sh

# game DIR CARDS FRONT [KEYS]: a deck of CARDS ("id icon_no icon"
# lines) with number attribute icon_no and text attribute icon, FRONT
# its layout's front elements, KEYS more lines of the layout.
game() {
	mkdir -p "$1/art" "$1/text"
	{
		printf 'game: sprites\nlanguages: [en]\nlayout: ./layout.yaml\n'
		printf 'attributes:\n  icon_no: number\n  icon: text\ncards:\n'
		printf '%s\n' "$2" | while read -r id no icon; do
			printf '  - {id: %s, icon_no: %s, icon: %s}\n' "$id" \
			    "$no" "${icon:-none}"
		done
	} >"$1/deck.yaml"
	{
		printf 'cards:\n'
		printf '%s\n' "$2" | while read -r id _; do
			printf '  %s: {}\n' "$id"
		done
	} >"$1/text/en.yaml"
	printf 'card: standard\n%sfront:\n%s\n' "${4:-}" "$3" \
	    >"$1/layout.yaml"
}
# rendered DIR NAME: DIR's cards as NAME.pdf.
rendered() {
	$WRAP ./deckpress cards "$1" --no-backs -o "$T/$2.pdf" >/dev/null
}
# raster NAME N: page N of NAME.pdf at 600 dpi as NAME-N.ppm, made
# once: a PPM, which pngdiff reads as it reads a PNG, with none of the
# coding and decoding of a PNG of 4960 x 7016 px.
raster() {
	[ -s "$T/$1-$2.ppm" ] ||
	    pdftoppm -r 600 -f "$2" -l "$2" -singlefile "$T/$1.pdf" "$T/$1-$2"
}
# alike A B N: page N of A.pdf and B.pdf alike, but for the resampling
# of the edges inside the art (mean under 0.05 %, no value 48 apart);
# A's raster (100 MB) is removed once compared.  Where both pages are
# drawn from the same objects (pagesum), so are their rasters (pdftoppm
# is deterministic), and none is made: ~0.3 s of CPU each.
alike() {
	if a=$(pagesum "$T/$1.pdf" "$3" "$T/$1.qdf") &&
	    b=$(pagesum "$T/$2.pdf" "$3" "$T/$2.qdf") && [ "$a" = "$b" ]; then
		echo "page $3: drawn from the same objects ($a)"
		return 0
	fi
	raster "$1" "$3" && raster "$2" "$3" || return 1
	./out/test/pngdiff "$T/$1-$3.ppm" 0 0 "$T/$2-$3.ppm" 0 0 4960 7016 |
	    awk '{ print } $2 < 0.05 && $4 < 48 { ok = 1 } END { exit !ok }'
	r=$?
	rm -f "$T/$1-$3.ppm"
	return $r
}
# bad NAME WANT: deck $T/NAME refused with exactly WANT on stderr,
# exit 1, no PDF.
bad() {
	rc=0
	$WRAP ./deckpress cards "$T/$1" -o "$T/$1.pdf" >/dev/null \
	    2>"$T/$1.err" || rc=$?
	printf '%s\n' "$2" | diff - "$T/$1.err" && [ $rc -eq 1 ] &&
	    [ ! -e "$T/$1.pdf" ] || { echo "exit $rc"; return 1; }
}

S=$T/sheet.png
mkdir -p "$T/cells"
./out/test/spritegen sheet 256 192 4 3 "$S" "$T/cells" ||
    { echo "not ok - spritegen"; exit 1; }

# --- crops ------------------------------------------------------------
game "$T/crop" "one 1" "  - {type: image, file: art/sheet.png, crop_px: [40, 20, 100, 60], box_mm: [5, 5, 50, 30]}"
cp "$S" "$T/crop/art/"
game "$T/cropref" "one 1" "  - {type: image, file: art/ref.png, box_mm: [5, 5, 50, 30]}"
./out/test/spritegen crop "$S" 40 20 100 60 "$T/cropref/art/ref.png"
# At 254 dpi a pixel is 0.1 mm: crop_mm [4, 2, 10, 6] is the same crop.
game "$T/cropmm" "one 1" "  - {type: image, file: art/sheet.png, crop_mm: [4, 2, 10, 6], box_mm: [5, 5, 50, 30]}" "dpi: 254
"
cp "$S" "$T/cropmm/art/"
rendered "$T/cropref" cropref
# prints_as NAME REF: deck NAME's first page alike REF's.
prints_as() { rendered "$T/$1" "$1" && alike "$1" "$2" 1; }
check "sprites: crop_px prints as the region cut out beforehand" \
    prints_as crop cropref
check "sprites: crop_mm, at the layout's dpi, prints the same region" \
    prints_as cropmm cropref
rm -f "$T/cropref-1.ppm"

# --- sprites: each card's cell, as the cell's own file prints ---------
cards=$(for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo "c$i $i"; done
    echo "c13 1")
game "$T/sprite" "$cards" '  - {type: image, file: art/sheet.png, sprite: {cols: 4, rows: 3, index: "{icon_no}"}, box_mm: [5, 5, 40, 30]}'
cp "$S" "$T/sprite/art/"
game "$T/cellfiles" "$cards" '  - {type: image, file: "art/{icon_no}.png", box_mm: [5, 5, 40, 30]}'
cp "$T"/cells/*.png "$T/cellfiles/art/"
# Both decks rendered once for both pages (a failed one fails both
# checks: no PDF to sum or rasterise).
rendered "$T/sprite" sprite
rendered "$T/cellfiles" cells
# cells_as P: page P of the sprites alike that of the cells' files.
cells_as() { alike sprite cells "$1" && rm -f "$T/cells-$1.ppm"; }
for p in 1 2; do
	check "sprites: page $p: each card's index picks its cell" cells_as $p
done
# Each cell shown is an image of its own, its 64 x 64 px: a viewer's
# smoothing cannot blend in its neighbours; cards c1 and c13 share one.
check "sprites: each cell is one image of its 64 x 64 px, shared by cards" \
    sh -c '$1 ./deckpress cards "$2/sprite" -o "$2/spriteall.pdf" >/dev/null &&
    pdfimages -list "$2/spriteall.pdf" | awk "NR > 2 { print \$4, \$5 }" |
    sort -u | grep -qx "64 64" &&
    [ "$(pdfimages -list "$2/spriteall.pdf" | awk "NR > 2" | wc -l)" -eq 13 ] &&
    [ "$(pdfimages -list "$2/spriteall.pdf" | awk "NR > 2 { print \$11 }" |
    sort -u | wc -l)" -eq 12 ]' sh "$WRAP" "$T"

check "sprites: check warns of the cells' dpi (64 px in 30 mm) once for the sheet" \
    sh -c '$1 ./deckpress check "$2/sprite" >/dev/null 2>"$2/sprite.chk";
    grep -q "warning: card .c1.: image .*sheet.png \[0, 0, 64, 64\] prints at 54 dpi" \
    "$2/sprite.chk" && [ "$(grep -c "prints at" "$2/sprite.chk")" -eq 1 ]' \
    sh "$WRAP" "$T"

# --- svg_id and inline SVG, measured ----------------------------------
cat >"$T/icons.svg" <<'EOF'
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
  <rect id="red" x="10" y="10" width="80" height="80" fill="#c82828"/>
  <circle id="green" cx="150" cy="50" r="40" fill="#28c828"/>
  <g id="blues"><rect id="blue" x="210" y="20" width="60" height="30" fill="#2850c8"/></g>
</svg>
EOF
svg_layout='  - {type: image, file: art/icons.svg, svg_id: "{icon}", box_mm: [30, 5, 20, 10]}
  - {type: image, svg: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" fill=\"#c8a028\"/></svg>", box_mm: [5, 40, 10, 10]}'
game "$T/svgid" "one 1 blue" "$svg_layout"
cp "$T/icons.svg" "$T/svgid/art/"
game "$T/svgidhash" "one 1 \"#blues\"" "$svg_layout"
cp "$T/icons.svg" "$T/svgidhash/art/"
# Each page piped into measure, no 105 MB file; svgidhash's, where it
# is drawn from the objects svgid's is (pagesum), measures as that one,
# and is not rasterised.
for g in svgid svgidhash; do
	rendered "$T/$g" "$g"
	if [ $g = svgidhash ] && a=$(pagesum "$T/svgid.pdf" 1 "$T/svgid.qdf") &&
	    b=$(pagesum "$T/$g.pdf" 1 "$T/$g.qdf") && [ "$a" = "$b" ]; then
		cp "$T/svgid.txt" "$T/$g.txt"
		continue
	fi
	measure_page "$T/$g.pdf" 1 "$T/$g.txt"
done
check "sprites: svg_id's element fills its box [30, 5, 20, 10] to 0.1 mm" \
    box_at "$T/svgid.txt" "#2850c8" 40.5 21.5 60.5 31.5
check "sprites: nothing else of the SVG is drawn: the page is white elsewhere" \
    sh -c '! grep -q -e "#c82828" -e "#28c828" "$1" &&
    [ "$(grep "^color" "$1" | grep -vc "#999999")" -eq 2 ]' sh "$T/svgid.txt"
check "sprites: svg_id names a group as a URL does (#blues): the same" \
    box_at "$T/svgidhash.txt" "#2850c8" 40.5 21.5 60.5 31.5
check "sprites: an inline svg: fills its box [5, 40, 10, 10] to 0.1 mm" \
    box_at "$T/svgid.txt" "#c8a028" 15.5 56.5 25.5 66.5

# --- bad input: file:line:col naming the card, exit 1, no PDF ---------
game "$T/badcrop" "one 1
two 2" '  - {type: image, file: art/sheet.png, crop_px: [0, 0, "{icon_no} * 150", 50], box_mm: [5, 5, 40, 30]}'
cp "$S" "$T/badcrop/art/"
check "sprites: a crop past the image: an error at it naming the card and both sizes" \
    bad badcrop "$T/badcrop/layout.yaml:3:49: error: card 'two': crop_px [0, 0, 300, 50] reaches past the edge of image $T/badcrop/art/sheet.png, 256 x 192 px
1 error, 0 warnings"
game "$T/badindex" "one 12
two 13" '  - {type: image, file: art/sheet.png, sprite: {cols: 4, rows: 3, index: "{icon_no}"}, box_mm: [5, 5, 40, 30]}'
cp "$S" "$T/badindex/art/"
check "sprites: a sprite index past the cells: an error at it naming the card" \
    bad badindex "$T/badindex/layout.yaml:3:74: error: card 'two': sprite index \"{icon_no}\" is 13 (allowed 1 to 12)
1 error, 0 warnings"
game "$T/badid" "one 1 blue
two 2 bleu" '  - {type: image, file: art/icons.svg, svg_id: "{icon}", box_mm: [5, 5, 40, 30]}'
cp "$T/icons.svg" "$T/badid/art/"
check "sprites: an unknown svg_id: an error at it naming the card and the nearest ids" \
    bad badid "$T/badid/layout.yaml:3:48: error: card 'two': image $T/badid/art/icons.svg has no element with id 'bleu'; the nearest it has: 'blue', 'blues' or 'red'
1 error, 0 warnings"
game "$T/badraster" "one 1 x" '  - {type: image, file: art/sheet.png, svg_id: x, box_mm: [5, 5, 40, 30]}'
cp "$S" "$T/badraster/art/"
check "sprites: svg_id on a PNG: an error at it" \
    bad badraster "$T/badraster/layout.yaml:3:48: error: card 'one': image $T/badraster/art/sheet.png is not an SVG: svg_id draws one element of an SVG
1 error, 0 warnings"
game "$T/badsvg" "one 1" '  - {type: image, svg: "<svg><rect", box_mm: [5, 5, 40, 30]}'
check "sprites: a damaged inline svg: an error at it" sh -c '
    ./deckpress cards "$1" -o "$1.pdf" 2>"$1.err"; [ $? -eq 1 ] &&
    grep -q "layout.yaml:3:24: error: card .one.: the svg text is a damaged SVG" "$1.err" &&
    [ ! -e "$1.pdf" ]' sh "$T/badsvg"
check "sprites: check says the same errors" sh -c '
    ./deckpress check "$1" >/dev/null 2>"$1.chk"; [ $? -eq 1 ] &&
    grep -q "card .two.: crop_px \[0, 0, 300, 50\] reaches past" "$1.chk"' \
    sh "$T/badcrop"

# --- a large sheet on 120 cards is decoded once -----------------------
# 2000 x 2000 px (16 MB decoded: lazy art) of 16 x 8 cells.  Opened
# once however many cards show it: read at load, decoded from the same
# open file to prove it whole, its pixels then kept for the pages.
./out/test/spritegen sheet 2000 2000 16 8 "$T/big.png"
many=$(i=1; while [ $i -le 120 ]; do echo "c$i $i"; i=$((i + 1)); done)
game "$T/big120" "$many" '  - {type: image, file: art/sheet.png, sprite: {cols: 16, rows: 8, index: "{icon_no}"}, box_mm: [10, 10, 20, 40]}'
game "$T/big1" "c1 1" '  - {type: image, file: art/sheet.png, sprite: {cols: 16, rows: 8, index: "{icon_no}"}, box_mm: [10, 10, 20, 40]}'
cp "$T/big.png" "$T/big120/art/sheet.png"
cp "$T/big.png" "$T/big1/art/sheet.png"
# opens DIR: how often the cards of DIR open its sheet (LeakSanitizer,
# of make check, cannot run under ptrace).
opens() {
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	    strace -f -qq -o "$1.st" -P "$1/art/sheet.png" -e trace=openat \
	    ./deckpress cards "$1" --no-backs -o "$1.pdf" >/dev/null &&
	    grep -c 'sheet\.png' "$1.st"
}
opened_once() {
	a=$(opens "$T/big1") && b=$(opens "$T/big120") &&
	    echo "1 card: $a opens; 120 cards: $b" && [ "$a" -eq 1 ] &&
	    [ "$b" -eq 1 ]
}
check "sprites: a 2000 x 2000 sheet on 120 cards is opened once, as on one" \
    opened_once

summary sprites
