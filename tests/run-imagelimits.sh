#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: limits, images, svg, preview, export, cards
#
# Every image decoder bounded (issue 20): hostile images, written here
# by tests/tools/hostile.py (too big or too many to commit), are each
# refused with an error at the element that shows the image, naming it
# and the limit, in under a second of processor time and 200 MB; no PDF
# is written.  An SVG with a data: PNG and a few <use>, and a JPEG of
# ten scans, still render.  preview and export refuse an image over 100
# megapixels (a board of 287 x 300 mm at 1200 dpi) before they make it,
# naming the --dpi that fits.
# Prints "ok - NAME" / "not ok - NAME".
T=out/test/imagelimits
. tests/suite.sh

# The issue's bounds hold for an ordinary build; valgrind (WRAP) and
# make check's sanitizers run the same work many times slower, and
# AddressSanitizer's shadow memory adds to every process: there the
# memory bound is 200 MB over what the harmless deck takes.
if [ -n "$WRAP" ]; then LIMIT=60
elif grep -qa __asan_init deckpress; then LIMIT=10
else LIMIT=1; fi

# cost FILE CMD...: run CMD (stdout to FILE.out, stderr to FILE.err);
# FILE gets "EXIT CPU_SECONDS MAX_RSS_KB" of it and its children, as
# /usr/bin/time has them from wait4() (as run-costs.sh's timed; a
# python3 measuring the same took 25 to 90 ms of CPU a run to start).
cost() {
	c_f=$1
	shift
	c_rc=0
	/usr/bin/time -o "$c_f.time" -f '%U %S %M' "$@" >"$c_f.out" \
	    2>"$c_f.err" || c_rc=$?
	time_cost "$c_f.time"
	echo "$c_rc $tc_cpu $tc_kb" >"$c_f"
}

D=$T/deck
mkdir -p "$D/art" "$D/text"
printf 'card: standard\nfront:\n  - {type: image, file: "art/{art}", box_mm: [6, 6, 51, 34]}\n  - {type: text, field: title, box_mm: [6, 72, 51, 10], size_pt: [8, 12]}\n' >"$D/layout.yaml"
printf 'cards:\n  one: {title: One}\n' >"$D/text/en.yaml"

# Every hostile.py file the checks show, made by one python3 (its
# make(), as hostile.py KIND FILE calls it) into $T/hostile/KIND.EXT:
# a python3 start less for each (~20 ms under run-all, ~80 ms through
# pyenv's shim).  A kind not made fails the check that shows it.
python3 - "$T/hostile" svg-ok.svg svg-blur.svg svg-datapng.svg \
    svg-datasvg.svg jpeg-scans.jpg svg-datajpeg.svg svg-use.svg \
    svg-cycle.svg svg-many.svg svg-octaves.svg svg-convolve.svg \
    svg-filters.svg jpeg-ok.jpg <<'EOF'
import os, sys
sys.path.insert(0, "tests/tools")
from hostile import make
os.makedirs(sys.argv[1], exist_ok=True)
for name in sys.argv[2:]:
    with open(os.path.join(sys.argv[1], name), "wb") as f:
        f.write(make(name.rsplit(".", 1)[0]))
EOF

# use KIND EXT: the deck shows hostile.py's KIND as art/x.EXT.
use() {
	rm -f "$D"/art/*
	cp "$T/hostile/$1.$2" "$D/art/x.$2"
	printf 'game: test\nlanguages: [en]\nlayout: ./layout.yaml\nattributes:\n  art: text\ncards:\n  - {id: one, art: x.%s}\n' \
	    "$2" >"$D/deck.yaml"
}

# The memory the harmless deck takes, for the sanitizers' bound.
use svg-ok svg
cost "$T/base" $WRAP ./deckpress cards "$D" -o "$T/base.pdf"
MEM=200000
if [ -n "$WRAP" ] || [ "$LIMIT" != 1 ]; then
	MEM=$(($(cut -d' ' -f3 "$T/base") + 200000))
fi

# refused KIND EXT WHY: art/x.EXT of KIND is an error at the layout's
# image element saying "image PATH WHY", exit 1, no PDF, within
# $LIMIT s of processor time and $MEM KB.
refused() {
	use "$1" "$2"
	rm -f "$T/x.pdf"
	cost "$T/$1" $WRAP ./deckpress cards "$D" -o "$T/x.pdf"
	read -r rc cpu kb <"$T/$1"
	echo "$1: exit $rc, $cpu s, $kb KB" >>"$T/costs.txt"
	want="$D/layout.yaml:3:25: error: card 'one': image $D/art/x.$2 $3"
	[ "$rc" = 1 ] || { echo "exit $rc"; cat "$T/$1.err"; return 1; }
	grep -qxF "$want" "$T/$1.err" ||
	    { echo "expected: $want"; cat "$T/$1.err"; return 1; }
	[ ! -e "$T/x.pdf" ] || { echo "a PDF was written"; return 1; }
	awk -v c="$cpu" -v l="$LIMIT" 'BEGIN { exit !(c < l) }' ||
	    { echo "took $cpu s, more than $LIMIT s"; return 1; }
	[ "$kb" -lt "$MEM" ] || { echo "took $kb KB, more than $MEM KB"; return 1; }
}

# fails_with RC PATTERN CMD...: it exits RC saying PATTERN, writes
# nothing on stdout.
fails_with() {
	want=$1 pat=$2
	shift 2
	rc=0
	"$@" >"$T/fails.out" 2>"$T/fails.err" || rc=$?
	[ "$rc" = "$want" ] || { echo "exit $rc"; cat "$T/fails.err"; return 1; }
	grep -qF -- "$pat" "$T/fails.err" || { cat "$T/fails.err"; return 1; }
	[ ! -s "$T/fails.out" ] || { cat "$T/fails.out"; return 1; }
}

# renders KIND EXT: the deck with art/x.EXT of KIND makes a PDF.
renders() {
	use "$1" "$2"
	rm -f "$T/x.pdf"
	cost "$T/$1" $WRAP ./deckpress cards "$D" -o "$T/x.pdf"
	read -r rc cpu kb <"$T/$1"
	echo "$1: exit $rc, $cpu s, $kb KB" >>"$T/costs.txt"
	[ "$rc" = 0 ] || { echo "exit $rc"; cat "$T/$1.err"; return 1; }
	[ -s "$T/x.pdf" ] || { echo "no PDF"; return 1; }
}

: >"$T/costs.txt"
check "30000 x 30000 SVG with a blur: refused before librsvg draws it" \
    refused svg-blur svg \
    "is 30000 x 30000 pixels, more than the 60 megapixels deckpress reads"
check "SVG with a data: PNG of 20000 x 20000: refused" \
    refused svg-datapng svg "embeds an image (a data: URI) of 20000 x 20000 pixels, more than the 60 megapixels deckpress reads"
check "SVG with an SVG in a data: URI (xlink:href): refused" \
    refused svg-datasvg svg \
    "embeds an SVG in a data: URI, which deckpress does not read"
check "progressive JPEG of 100 000 empty scans: refused" \
    refused jpeg-scans jpg \
    "is a progressive JPEG of more than the 100 scans deckpress reads"
check "SVG with that JPEG in a data: URI: refused" \
    refused svg-datajpeg svg \
    "embeds a progressive JPEG (a data: URI) of more than the 100 scans deckpress reads"
check "<use> bomb (10 levels of 10): refused" refused svg-use svg \
    "instances more than the 200000 elements deckpress draws in an SVG once its references (<use>) are followed"
check "two groups that <use> each other: refused" refused svg-cycle svg \
    "has a reference cycle (an element that uses itself)"
check "SVG of 300 000 elements: refused" refused svg-many svg \
    "has more than the 100000 elements deckpress reads in an SVG"
check "feTurbulence of 100 000 octaves: refused" refused svg-octaves svg \
    "has a feTurbulence of 100000 octaves, more than the 10 deckpress draws"
check "feConvolveMatrix of order 21: refused (librsvg would abort)" \
    refused svg-convolve svg \
    "has a feConvolveMatrix of order 21, more than the 20 deckpress draws"
check "a filter of 10 000 blurs: refused" refused svg-filters svg \
    "has more than the 1000 filter primitives deckpress draws"

# The harmless SVG: its grey data: PNG fills the image box and its five
# <use> of a dark dot are drawn, each apart.
svg_drawn() {
	renders svg-ok svg || return 1
	pdftoppm -r 150 -aa no -aaVector no -f 1 -l 1 "$T/x.pdf" "$T/ok"
	./out/test/measure -p "$T"/ok-*1.ppm >"$T/ok.txt"
	grep -q '^color #c8c8c8 ' "$T/ok.txt" ||
	    { echo "the data: PNG is not drawn"; cat "$T/ok.txt"; return 1; }
	n=$(grep -c '^part #1d2733 ' "$T/ok.txt" || true)
	[ "$n" = 5 ] || { echo "$n dots, not 5"; cat "$T/ok.txt"; return 1; }
}
check "SVG with a data: PNG and five <use>: drawn" svg_drawn
check "progressive JPEG of 10 scans: drawn" renders jpeg-ok jpg

# export at a dpi whose largest face is over 100 megapixels: a usage
# error before any image is made, with the highest --dpi that fits
# (by its own numbers: that dpi fits, one more would not).  The face is
# a board of the tests' own as large as Serious Privacy's Home board,
# 287 x 300 mm and 3 mm of bleed.
BOARD=$T/board
mkdir -p "$BOARD/text"
printf 'size: {width_mm: 287, height_mm: 300}\nbleed_mm: 3\ntile: true\nfront:\n  - {type: rect, box_mm: [10, 10, 267, 280], fill: "#336699"}\n' \
    >"$BOARD/board.yaml"
printf 'game: board\nlanguages: [en]\ncomponents:\n  home: {layout: ./board.yaml}\ncards:\n  - {id: home, component: home}\n' \
    >"$BOARD/deck.yaml"
printf 'cards: {}\n' >"$BOARD/text/en.yaml"
export_cap() {
	rm -rf "$T/exp"
	cost "$T/expcost" $WRAP ./deckpress export $BOARD --lang en --dpi 1200 \
	    -o "$T/exp"
	read -r rc cpu kb <"$T/expcost"
	echo "export --dpi 1200: exit $rc, $cpu s, $kb KB" >>"$T/costs.txt"
	[ "$rc" = 2 ] || { echo "exit $rc"; cat "$T/expcost.err"; return 1; }
	[ ! -e "$T/exp" ] || { echo "$T/exp was made"; return 1; }
	# 13843 x 14457 px would be 800 MB of pixels.
	[ "$kb" -lt "$MEM" ] || { echo "took $kb KB"; return 1; }
	line=$(grep "error: at 1200 dpi home-front.png would be" "$T/expcost.err") ||
	    { cat "$T/expcost.err"; return 1; }
	echo "$line" | awk '{ for (i = 1; i <= NF; i++) {
	    if ($i == "be") { w = $(i + 1); h = $(i + 3) }
	    if ($i == "--dpi,") fit = $(i + 1) } }
	    END { k = fit / 1200; k1 = (fit + 1) / 1200
		if (!(w * k * h * k <= 100e6 && w * k1 * h * k1 > 100e6)) {
			print "advised --dpi " fit " does not fit the cap"; exit 1 }
		if (index($0, "more than the 100 megapixels") == 0) {
			print "no cap named"; exit 1 } }' || { echo "$line"; return 1; }
}
check "export --dpi 1200 of a 287 x 300 mm board: refused, --dpi 848 named" \
    export_cap
# A PNG whose rows are more than 64 MB goes through zlib a row at a
# time, not copied whole for libdeflate (src/pdf/png.c): the board at
# 420 dpi, 4845 x 5060 px, 98 MB as Cairo holds it and 74 MB of RGB
# rows, takes at most 30 % more memory than its pixels beyond what the
# board at 30 dpi takes, and decodes whole: blue #336699 in the middle,
# white in the margin.
export_rows() {
	rm -rf "$T/exp30" "$T/exp420"
	cost "$T/exp30cost" $WRAP ./deckpress export $BOARD --lang en \
	    --dpi 30 -o "$T/exp30"
	cost "$T/exp420cost" $WRAP ./deckpress export $BOARD --lang en \
	    --dpi 420 -o "$T/exp420"
	read -r rc0 cpu0 kb0 <"$T/exp30cost"
	read -r rc cpu kb <"$T/exp420cost"
	echo "export --dpi 420: exit $rc, $cpu s, $kb KB (at 30 dpi $kb0 KB)" \
	    >>"$T/costs.txt"
	[ "$rc0" = 0 ] && [ "$rc" = 0 ] ||
	    { cat "$T/exp30cost.err" "$T/exp420cost.err"; return 1; }
	px=$((4845 * 5060 * 4 / 1024))
	[ "$kb" -le $((kb0 + px * 13 / 10)) ] ||
	    { echo "took $kb KB: more than $kb0 + 1.3 x $px KB"; return 1; }
	got=$(./out/test/pngsize "$T/exp420/home-front.png" 2422 2530 60 60) ||
	    return 1
	want='4845 5060
2422 2530 51 102 153 255
60 60 255 255 255 255'
	[ "$got" = "$want" ] || { echo "$got"; return 1; }
}
check "export --dpi 420 of the board: 74 MB of rows written a row at a time, no copy; the PNG decodes" \
    export_rows
check "preview --card home --dpi 849: refused, 848 named" fails_with 2 \
    "more than the 100 megapixels an image can have: give a lower --dpi, 848 or less" \
    $WRAP ./deckpress preview $BOARD --card home --dpi 849 -o "$T/home.png"

sed 's/^/# /' "$T/costs.txt"
summary imagelimits
