#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: text-paint, text-fit, hyphenation, tagged-pdf, searchable-text
# Outlined, gradient and justified text (issue 34, points 5 and 6),
# measured at 600 dpi and in pdftotext: an outline's width in mm under
# the fill and over it, the letters' own box kept, a gradient text's two
# ends' colours (tests/decks/textpaint/paint); justified paragraphs
# whose lines but the last end at the box's right edge, hyphenated by
# the dictionary, fitted inside their boxes (textpaint/justify); the
# texts still text (pdftotext, pdffonts) and tagged; and the bad inputs
# tests/bad/text-*, each its exact message, exit 1 and no PDF.  Each
# deck's one card has its trim at (10.5, 16.5) mm on the page.
T=out/test/textpaint
. tests/suite.sh
D=tests/decks/textpaint

# render NAME: the deck's PDF, its page at 600 dpi and its colours' boxes
# (measure) in $T/NAME.txt.
render() {
	$WRAP ./deckpress cards "$D/$1" -o "$T/$1.pdf" >/dev/null 2>&1 &&
	measure_page "$T/$1.pdf" 1 "$T/$1.txt"
}

# grown FILE INNER OUTER DY MM: colour OUTER's box is colour INNER's
# moved down by DY mm and grown by MM on every side, to 0.05 mm: from
# the widths and heights, so that each edge's pixel rounding halves.
grown() {
	awk -v a="$2" -v b="$3" -v dy="$4" -v g="$5" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "color" && $2 == a { ax0 = $3; ay0 = $4; ax1 = $5; ay1 = $6 }
	    $1 == "color" && $2 == b { bx0 = $3; by0 = $4; bx1 = $5; by1 = $6 }
	    END { if (ax1 == "" || bx1 == "") { print "a colour is missing"
		    exit 1 }
		gx = (bx1 - bx0 - (ax1 - ax0)) / 2
		gy = (by1 - by0 - (ay1 - ay0)) / 2
		cx = (bx0 + bx1 - ax0 - ax1) / 2
		cy = (by0 + by1 - ay0 - ay1) / 2 - dy
		printf "grown %.3f, %.3f mm; centre off by %.3f, %.3f\n", \
		    gx, gy, cx, cy
		exit abs(gx - g) > 0.05 || abs(gy - g) > 0.05 ||
		    abs(cx) > 0.05 || abs(cy) > 0.05 }' "$1"
}

# --- paint: outlines and gradients --------------------------------------
check "paint: the deck renders" render paint
check "paint: an outline under the fill leaves the letter as it was" \
    grown "$T/paint.txt" "#28c828" "#2828c8" 20 0
check "paint: stroke_mm 0.5 under the fill shows 0.5 mm round the letter" \
    grown "$T/paint.txt" "#28c828" "#c82828" 20 0.5
# Over the fill the outline is centred on the letter's edge: it reaches
# 0.25 mm outside it, and eats 0.25 mm into it.
check "paint: stroke_first: false puts a 0.5 mm band on the letter's edge, half outside" \
    grown "$T/paint.txt" "#28c828" "#c828c8" 40 0.25
check "paint: stroke_first: false leaves 0.25 mm less of the letter's fill a side" \
    grown "$T/paint.txt" "#28c828" "#c8c828" 40 -0.25

# The gradient's colours across "HHHH" (page 38.5 to 68.5 mm, 20.5 to
# 34.5 mm down): its leftmost ink near red, its rightmost near the
# card's {ink}, blue, and red falling from left to right.
gradient_ends() {
	awk 'function hex(s,  i, v) { v = 0; for (i = 1; i <= 2; i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v }
	    $1 == "color" && $3 >= 38.4 && $5 <= 68.6 && $4 >= 20.4 &&
	    $6 <= 34.6 { n++; x[n] = $3; r[n] = hex(substr($2, 2, 2))
		b[n] = hex(substr($2, 6, 2))
		if (lo == "" || $3 < x[lo]) lo = n
		if (hi == "" || $3 > x[hi]) hi = n }
	    END { if (n < 20) { print n " colours"; exit 1 }
		printf "left end r %d b %d at %.2f mm; right end r %d b %d at %.2f mm\n", \
		    r[lo], b[lo], x[lo], r[hi], b[hi], x[hi]
		for (i = 1; i <= n; i++) for (j = 1; j <= n; j++)
			if (x[i] < x[j] && r[i] < r[j]) {
				print "red rises at " x[j]; exit 1 }
		exit !(r[lo] >= 230 && b[lo] <= 25 && b[hi] >= 230 &&
		    r[hi] <= 25) }' "$1"
}
check "paint: a gradient text runs from red at its left to the card's blue at its right" \
    gradient_ends "$T/paint.txt"

pdftotext "$T/paint.pdf" "$T/paint.pdftxt"
has_line() { grep -qx "$2" "$1" || { echo "no line '$2'"; return 1; }; }
check "paint: an outlined text is still text (pdftotext)" \
    has_line "$T/paint.pdftxt" "Outlined title"
check "paint: a gradient text with an outline is still text" \
    has_line "$T/paint.pdftxt" "Golden title"
check "paint: a gradient text alone is still text" \
    has_line "$T/paint.pdftxt" "HHHH"
check "paint: the texts are Roboto's glyphs, embedded (pdffonts)" \
    the_font "$T/paint.pdf" Roboto-Bold
# Tagged: each outlined text a P of the card's Sect, its outline drawn
# inside that element's marked content, nothing outside one.
tagged_p() {
	pdfinfo -struct-text "$1" | awk -v w="$2" '
	    /^ *P/ { p = 1; next } p && index($0, "\"" w "\"") { ok = 1 }
	    { p = 0 } END { exit !ok }' || { pdfinfo -struct-text "$1"
	    return 1; }
}
check "paint: an outlined text is a P of the tagged PDF" \
    tagged_p "$T/paint.pdf" "Outlined title"
check "paint: a gradient text is a P of the tagged PDF" \
    tagged_p "$T/paint.pdf" "Golden title"
strokes_inside() {
	python3 tests/tools/pdftags.py marks "$1" | awk -F '\t' '
	    { out += $4; in_ += $5 } END {
		print in_ " strokes inside marked content"
		exit in_ != 4 }'
}
check "paint: the four outlines are stroked inside their texts' marked content" \
    strokes_inside "$T/paint.pdf"
check "paint: the page draws nothing outside marked content" sh -c '
    python3 tests/tools/pdftags.py bare "$1" | awk -F "\t" "\$2 > 0 {
	print \"page \" \$1 \": \" \$2 \" outside\"; bad = 1 } END { exit bad }"
    ' sh "$T/paint.pdf"
./deckpress cards "$D/paint" -o "$T/paint2.pdf" >/dev/null 2>&1
check "paint: two renders are byte-identical" cmp "$T/paint.pdf" \
    "$T/paint2.pdf"

# --- justify -------------------------------------------------------------
check "justify: the deck renders" render justify
pdftotext -bbox "$T/justify.pdf" "$T/justify.html"
# lines FILE X0 Y0 X1 Y1: the lines of the words pdftotext finds in
# that box (mm on the page), one a line: its first word's left and its
# last word's right edge in mm, and its last word.
lines() {
	awk -v x0="$2" -v y0="$3" -v x1="$4" -v y1="$5" '/<word / {
		split($0, a, "\""); k = 25.4 / 72
		l = a[2] * k; t = a[4] * k; r = a[6] * k
		if (l < x0 - 0.5 || r > x1 + 0.5 || t < y0 - 0.5 || t > y1) next
		w = $0; sub(/^.*">/, "", w); sub(/<.*$/, "", w)
		if (n == 0 || a[4] != y) { n++; y = a[4]; L[n] = l }
		R[n] = r; W[n] = w }
	    END { for (i = 1; i <= n; i++) printf "%.3f %.3f %s\n", L[i], R[i], W[i] }' "$1"
}
# justified FILE X0 Y0 X1 Y1: of the lines in that box, every one starts
# at X0 and all but the last end at X1, each to 0.2 mm; the last ends 2
# mm short of X1 or more (left, not justified).
justified() {
	lines "$@" | awk -v x0="$2" -v x1="$4" '
	    function abs(v) { return v < 0 ? -v : v }
	    { n++; l[n] = $1; r[n] = $2 }
	    END { if (n < 3) { print n " lines"; exit 1 }
		for (i = 1; i <= n; i++) {
			if (abs(l[i] - x0) > 0.2) {
				print "line " i " starts at " l[i]; bad = 1 }
			if (i < n && abs(r[i] - x1) > 0.2) {
				print "line " i " ends at " r[i]; bad = 1 } }
		if (r[n] > x1 - 2) { print "last line ends at " r[n]; bad = 1 }
		if (!bad) printf "%d lines, ends %.3f to %.3f mm\n", n, \
		    r[1], r[n - 1]
		exit bad }'
}
check "justify: each line but the last ends at the box's right edge (53 mm box)" \
    justified "$T/justify.html" 15.5 21.5 68.5 61.5
check "justify: each line but the last ends at the box's right edge (40 mm box, fitted)" \
    justified "$T/justify.html" 15.5 66.5 55.5 96.5
# The dictionary's hyphens: a justified paragraph breaks a word at a
# line end (its text U+00AD, a soft hyphen, after the line, as
# searchable-text wants).
hyphenated() {
	lines "$1" 15.5 21.5 68.5 61.5 | grep -q -- "$(printf '\302\255')\$" ||
	    { lines "$1" 15.5 21.5 68.5 61.5; return 1; }
}
# box_in FILE COLOUR X0 Y0 X1 Y1: that colour's box lies inside, to
# 0.05 mm (a pixel's rounding).
box_in() {
	awk -v c="$2" -v x0="$3" -v y0="$4" -v x1="$5" -v y1="$6" '
	    $1 == "color" && $2 == c { found = 1
		if ($3 < x0 - 0.05 || $4 < y0 - 0.05 || $5 > x1 + 0.05 ||
		    $6 > y1 + 0.05) {
			print c " at " $3 " " $4 " " $5 " " $6; bad = 1 } }
	    END { if (!found) print c " not found"; exit bad || !found }' "$1"
}
check "justify: the English dictionary hyphenates a justified paragraph" \
    hyphenated "$T/justify.html"
check "justify: the first paragraph's ink stays in its box" \
    box_in "$T/justify.txt" "#2828c8" 15.5 21.5 68.5 61.5
check "justify: the fitted paragraph's ink stays in its box" \
    box_in "$T/justify.txt" "#c82828" 15.5 66.5 55.5 96.5
./deckpress export "$D/justify" -l en -o "$T/boxes" --boxes >/dev/null 2>&1
# The 40 mm box's row (113.3858 pt wide): its size, its alignment.
check "justify: the fitted paragraph is below its 12 pt maximum, justified (export --boxes)" \
    awk -F '\t' '$4 == "text" && $7 == 113.3858 && $19 == "justify" &&
	$18 < 12 { ok++ } END { exit ok != 1 }' \
    "$T/boxes/justify-en-boxes.tsv"

# --- bad inputs ----------------------------------------------------------
root=$(pwd -P | sed 's/[]\/$*.^[]/\\&/g')
# bad NAME: tests/bad/NAME's exact message, exit 1, no PDF.
bad() {
	rc=0
	$WRAP ./deckpress cards "tests/bad/$1" -o "$T/$1.pdf" >"$T/$1.out" \
	    2>"$T/$1.raw" || rc=$?
	sed "s/$root\///g" "$T/$1.raw" >"$T/$1.err"
	[ "$rc" = 1 ] || { echo "exit $rc"; return 1; }
	[ ! -e "$T/$1.pdf" ] || { echo "a PDF was written"; return 1; }
	diff -u "tests/bad/$1/expect.err" "$T/$1.err"
}
check "bad: a stroke that is no colour, at its key" bad text-stroke-colour
check "bad: stroke_mm 9, past 5 mm" bad text-stroke-range
check "bad: a card's stroke_mm from its data, out of range, names the card" \
    bad text-stroke-card
check "bad: a text's gradient of one stop" bad text-gradient-one-stop
check "bad: align: justfy, did you mean justify" bad text-align-typo

summary textpaint
