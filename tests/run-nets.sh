#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: nets, templates, cards
# Components that fold or stick (tests/decks/nets), measured at 600 dpi
# with tests/tools/netlines.py, which finds the solid (cut) and dashed
# (fold) lines across a band of the page: a 16 mm die's net, its six
# faces square and equal to 0.1 mm, so that the edges that meet when it
# folds are equal; its glue tabs a fifth of its edge; its six faces as
# 16 mm stickers 16 mm apart; a tuck box for 52 cards of 0.3 mm, 63 x
# 88 mm, whose folds hold the deck to 0.5 mm; d4 and d8 nets.  Bad
# dice and boxes are cases of tests/bad (net-*).
T=out/test/nets
. tests/suite.sh
D=tests/decks/nets
L=tests/tools/netlines.py

# page KIND OUT TOOL...: kind KIND's cards ($T/KIND.pdf), the first
# page at 600 dpi piped into TOOL (never a 105 MB file), its output
# $T/OUT.
page() {
	k=$1 o=$2
	shift 2
	$WRAP ./deckpress cards "$D" --component "$k" -o "$T/$k.pdf" \
	    >/dev/null &&
	pdftoppm -r 600 -aa no -aaVector no -f 1 -l 1 -singlefile \
	    "$T/$k.pdf" | "$@" >"$T/$o"
}
# band KIND v|h B0 B1 [R0 R1]: netlines.py's lines of KIND's page across
# the band B0..B1 mm, that band alone rasterised (pdftoppm -y/-H or
# -x/-W: the page's pixels, not a page's 105 MB read for 2 mm of it).
# The band keeps the page's whole length, so the lines found along it
# are all of the page's, at the page's positions; its rows (columns)
# are netlines.py's own, int(mm * 600 / 25.4), given it as 0..N.
band() {
	k=$1 dir=$2 b0=$3 b1=$4
	shift 4
	# shellcheck disable=SC2046
	set -- $(awk -v b0="$b0" -v b1="$b1" 'BEGIN { mm = 600 / 25.4
	    p = int(b0 * mm); n = int(b1 * mm) - p
	    printf "%d %d %.6f\n", p, n, (n + 0.5) / mm }') "$@"
	if [ "$dir" = v ]; then crop="-y $1 -H $2"; else crop="-x $1 -W $2"; fi
	w=$3
	shift 3
	# shellcheck disable=SC2086
	pdftoppm -r 600 -aa no -aaVector no -f 1 -l 1 $crop -singlefile \
	    "$T/$k.pdf" | python3 "$L" /dev/stdin "$dir" 0 "$w" "$@"
}

# gaps FILE KINDS WANT...: the lines of FILE (netlines.py's) are of
# KINDS (s solid, d dashed, one letter a line) and each WANT mm after
# the one before, to 0.1 mm.
gaps() {
	f=$1
	kinds=$2
	shift 2
	awk -v kinds="$kinds" -v want="$*" '
	    function abs(v) { return v < 0 ? -v : v }
	    { x[++n] = $1; k = k substr($2, 1, 1) }
	    END { if (k != kinds) { print "lines " k ", expected " kinds
		    exit 1 }
		m = split(want, w, " ")
		for (i = 1; i <= m; i++) if (abs(x[i + 1] - x[i] - w[i]) > 0.1) {
			printf "line %d is %.3f mm after line %d, expected %s\n",
			    i + 1, x[i + 1] - x[i], i, w[i]; bad = 1 }
		exit bad }' "$f"
}

# --- the d6 net -------------------------------------------------------
# Its box: three faces and two tabs across, four faces and a tab down
# (the lines' width, 0.25 pt each side, and a pixel of rounding more).
check "nets: the die's net renders" page net net.box python3 "$L" /dev/stdin bbox
read -r X0 Y0 X1 Y1 <"$T/net.box"
check "nets: the net is 3 x 16 mm + 2 tabs of 3.2 by 4 x 16 mm + a tab" \
    sh -c 'awk "BEGIN { w = $3 - $1
	h = $4 - $2; if (w < 54.4 || w > 54.8 || h < 67.2 || h > 67.6) {
		print w \" x \" h; exit 1 } }"' sh "$X0" "$Y0" "$X1" "$Y1"
# The middle column (faces 2, 1, 5, 6), scanned left of its letters:
# the top tab's cut, four faces between dashed folds, the bottom cut.
CX=$(calc "$X0 + 3.2 + 16")
band net h "$(calc "$CX + 4")" "$(calc "$CX + 6")" >"$T/net.col"
check "nets: the column's four faces are 16 mm tall, folds dashed" \
    gaps "$T/net.col" sdddds 3.2 16 16 16 16
# Face 1's row (faces 3, 1, 4) across its pips (dark blue, not black),
# below its letters: a tab, three faces between folds, a tab.
RY=$(awk 'NR == 3 { print $1 }' "$T/net.col")
band net v "$(calc "$RY + 10")" "$(calc "$RY + 12.5")" >"$T/net.row"
check "nets: the row's three faces are 16 mm wide, tabs 3.2 mm" \
    gaps "$T/net.row" sdddds 3.2 16 16 16 3.2
# Faces 2, 5 and 6 across (cut both sides), faces 3 and 4 down (folds
# to face 2 above, face 5 below: each a tab's).
for r in 0 2 3; do
	y=$(awk -v r="$r" 'NR == 2 { print $1 + r * 16 + 13 }' "$T/net.col")
	band net v "$y" "$(calc "$y + 2")" >"$T/net.r$r"
	check "nets: the face in row $r of the column is 16 mm wide" \
	    gaps "$T/net.r$r" ss 16
done
band net h "$(calc "$X0 + 3.2 + 1")" \
    "$(calc "$X0 + 3.2 + 3")" "$(calc "$RY - 5")" "$(calc "$RY + 21")" \
    >"$T/net.left"
check "nets: face 3 (left) is 16 mm tall, between its tabs' folds" \
    gaps "$T/net.left" dd 16
check "nets: the faces show their values, each once" sh -c '
    [ "$(pdftotext "$1" - | grep "^[A-F]$" | sort | tr -d "\n")" = \
    ABCDEF ]' sh "$T/net.pdf"

# --- stickers -----------------------------------------------------------
check "nets: the die's stickers render" \
    page sticker sticker.txt ./out/test/measure -p /dev/stdin
check "nets: six stickers, no more (one die)" sh -c '
    pdfinfo "$1" | grep -q "^Pages: *1$" &&
    [ "$(pdftotext "$1" - | grep -c "^[A-F]$")" -eq 6 ]' sh "$T/sticker.pdf"
check "nets: the stickers' 14 mm squares (1 mm in) are six" \
    parts "$T/sticker.txt" "#f4e6c8" 6 14 14
check "nets: the stickers are 16 mm apart, as the die is" sh -c '
    awk "\$1 == \"part\" && \$2 == \"#f4e6c8\" &&
	\$5 - \$3 > 13.9 { print \$3 }" "$1" |
    sort -n | awk "NR > 1 { d = \$1 - p; if (d < 15.9 || d > 16.1) {
	print \"pitch \" d; bad = 1 } } { p = \$1 } END { exit bad }"' \
    sh "$T/sticker.txt"

# --- the tuck box --------------------------------------------------------
check "nets: the tuck box renders" page box box.box python3 "$L" /dev/stdin bbox
read -r X0 Y0 X1 Y1 <"$T/box.box"
# The body, below its text: spine, front, spine, back, glue tab.  The
# box is for 52 cards of 0.3 mm, 63 x 88 mm: inside 63.4 x 88.4 x 16.
BY=$(calc "$Y0 + 16 + 15 + 60")
band box v "$BY" "$(calc "$BY + 10")" >"$T/box.body"
check "nets: spine, front, spine, back between folds (16, 63.4 mm)" \
    gaps "$T/box.body" sdddds 16 63.4 16 63.4 10
# Down the front, left of its title, where the bottom flap's tuck is.
FX=$(awk 'NR == 2 { print $1 + 9 }' "$T/box.body")
band box h "$FX" "$(calc "$FX + 4")" >"$T/box.front"
check "nets: the front is 88.4 mm tall, then a flap 16 mm to its tuck" \
    gaps "$T/box.front" sdds 88.4 16 15
check "nets: 52 cards of 0.3 mm, 63 x 88 mm, fit within 0.5 mm" sh -c '
    awk "NR == FNR { x[FNR] = \$1; next } { y[FNR] = \$1 }
	function no(what, v, lo) { if (v < lo || v > lo + 0.5) {
		print what \" \" v; bad = 1 } }
	END { no(\"width\", x[3] - x[2], 63); no(\"depth\", x[2] - x[1], 15.6)
	    no(\"height\", y[2] - y[1], 88); exit bad }" "$1" "$2"' \
    sh "$T/box.body" "$T/box.front"
check "nets: the box shows its title, back and spines" sh -c '
    pdftotext "$1" - | grep -q "Nets Test" &&
    pdftotext "$1" - | grep -q "Back" &&
    [ "$(pdftotext "$1" - | grep -c "^S$")" -eq 2 ]' sh "$T/box.pdf"

# --- d4 and d8 -----------------------------------------------------------
for k in d4 d8; do
	n=${k#d}
	check "nets: the $k's net renders, its $n faces numbered" sh -c '
	    ./deckpress cards "$1" --component "$2" -o "$3" >/dev/null &&
	    [ "$(pdftotext "$3" - | grep -c "^[1-8]$")" -eq "$4" ]' \
	    sh "$D" "$k" "$T/$k.pdf" "$n"
done

# --- every kind at once, and the same bytes twice ------------------------
check "nets: the whole game renders, twice the same" sh -c '
    ./deckpress cards "$1" -o "$2/all1.pdf" >/dev/null &&
    ./deckpress cards "$1" -o "$2/all2.pdf" >/dev/null &&
    cmp -s "$2/all1.pdf" "$2/all2.pdf"' sh "$D" "$T"

summary nets
