#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: numbers, hints, deck, components, csv, export, import, cards,
#         preview, tagged-pdf
#
# Number attributes, numbering by kind and text-box hints (issue 33),
# on tests/decks/numattr: 4 cards of 3 entries and 8 tokens of 2, with
# numbering: kind.  A number attribute printed in text ({hearts}, as
# written: 3.0 stays 3.0), 'when' matching it as a number; {n}/{total}
# counting in the kind, and in the deck without numbering: kind; a
# number column through export --csv and import, back to the same
# deck.yaml; cards --hints and preview --hints outlining every text box
# (measured at 600 dpi) and naming its field, as page furniture, and
# nothing of it without --hints.  The errors (a value over its max,
# under its min, not a number; a 'when' or text file that misuses one;
# numbering: kinds) are cases of tests/bad (number-*, numbering-*,
# layout-when-not-a-number) and tests/import (number-value).
T=out/test/numattr
. tests/suite.sh
D=tests/decks/numattr

# words PDF: its text, one line per line pdftotext -raw reads.
words() { pdftotext -raw "$1" -; }
# has PDF LINE...: every LINE is a line of the PDF's text.
has() {
	pdf=$1
	shift
	words "$pdf" >"$pdf.txt" || return 1
	for l in "$@"; do
		grep -qxF "$l" "$pdf.txt" || { echo "no line '$l' in $pdf"; return 1; }
	done
}

dp cards cards "$D" -o "$T/cards.pdf"
check "cards: exit 0, no diagnostics" sh -c '
    [ "$(cat "$1.rc")" = 0 ] && [ ! -s "$1.err" ]' sh "$T/cards"
# --- number attributes ----------------------------------------------
check "{hearts} and {weight} print each card's number as written" \
    has "$T/cards.pdf" "hearts 3" "weight 2.5" "hearts 0" "weight -3" \
    "hearts 3.0" "weight 1e1"
# The band is drawn 'when: {hearts: 3}': on the dragon (3) and the squire
# (3.0, the same number), not on the two knights (0).
measure_page "$T/cards.pdf" 1 "$T/cards.m" -p
check "when: {hearts: 3} holds for 3 and 3.0, not 0: two red bands" sh -c '
    n=$(awk "\$1 == \"part\" && \$2 == \"#c82828\"" "$1" | wc -l)
    [ "$n" -eq 2 ] || { echo "$n bands"; exit 1; }' sh "$T/cards.m"

# --- numbering: kind --------------------------------------------------
check "numbering: kind: the cards count 1/4 to 4/4" has "$T/cards.pdf" \
    "card 1/4" "card 2/4" "card 3/4" "card 4/4"
# The tokens are imposed in rows: their numbers are words of a line.
tokens() {
	words "$1" | grep -o "tok [0-9]*/[0-9]*" | sort -t/ -k1.5n >"$1.tok"
	printf 'tok %s/8\n' 1 2 3 4 5 6 7 8 | diff - "$1.tok"
}
check "numbering: kind: the tokens count 1/8 to 8/8, the second 2/8" \
    tokens "$T/cards.pdf"
mkdir -p "$T/deckwide"
cp -R "$D/." "$T/deckwide"
sed -i '/^numbering: kind$/d' "$T/deckwide/deck.yaml"
dp deckwide cards "$T/deckwide" -o "$T/deckwide.pdf"
deckwide() {
	has "$1" "card 1/12" "card 4/12" &&
	    words "$1" | grep -q "tok 5/12" && words "$1" | grep -q "tok 12/12"
}
check "numbering: deck (the default): 12 in all, the first token 5/12" \
    deckwide "$T/deckwide.pdf"

# --- a number column through export --csv and import ----------------
mkdir -p "$T/trip"
cp -R "$D/." "$T/trip"
sed -i 's/weight: 1e1/weight: -3e2/' "$T/trip/deck.yaml"
cp "$T/trip/deck.yaml" "$T/trip.yaml"
dp csv export "$T/trip" --csv -o "$T/trip.csv"
check "export --csv: a number column as written, -3 bare, -3e2 guarded" \
    sh -c 'grep -qx "knight,2,card,0,-3,Knight" "$1" &&
    grep -qx "squire,1,card,3.0,'"'"'-3e2,Squire" "$1" || { cat "$1"; exit 1; }' \
    sh "$T/trip.csv"
sed -i '/^cards:$/q' "$T/trip/deck.yaml"
dp import import "$T/trip.csv" --into "$T/trip"
check "import of that CSV into the emptied deck: the same deck.yaml" \
    sh -c '[ "$(cat "$1.rc")" = 0 ] && diff "$2" "$3"' sh "$T/import" \
    "$T/trip.yaml" "$T/trip/deck.yaml"

# --- hints --------------------------------------------------------------
M='#d10070'	# the draft's magenta, which hints draw with
dp hints cards "$D" --hints -o "$T/hints.pdf"
check "cards --hints: exit 0, no diagnostics" sh -c '
    [ "$(cat "$1.rc")" = 0 ] && [ ! -s "$1.err" ]' sh "$T/hints"
check "cards --hints: each text box named: its field, or fixed text" \
    has "$T/hints.pdf" "title" "fixed text" "Dragon"
check "cards (no --hints): no hint" sh -c '
    ! pdftotext -raw "$1" - | grep -qx -e title -e "fixed text" &&
    ! grep -q "^color $2 " "$3"' sh "$T/cards.pdf" "$M" "$T/cards.m"
measure_page "$T/hints.pdf" 1 "$T/hints.m" -p
# The first card's trim is the top-left of its red band (box 0, 0);
# its title box is [5, 12, 53, 10] mm: the dashes of its frame, a line
# 0.8 pt (0.141 mm on each side) on the box's edge, lie 12 to 25 mm
# below the trim, and the hearts box's begin at 30.
outline() {
	awk -v m="$M" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "part" && $2 == "#c82828" && !tx { tx = $3; ty = $4 }
	    $1 == "part" && $2 == m { n++; x0[n] = $3; y0[n] = $4; x1[n] = $5 }
	    END {
		if (!tx) { print "no red band"; exit 1 }
		a = 1e9; b = 1e9; c = -1e9
		for (i = 1; i <= n; i++)
			if (x0[i] >= tx - 1 && x0[i] < tx + 63 &&
			    y0[i] >= ty + 10 && y0[i] < ty + 25) {
				if (x0[i] < a) a = x0[i]
				if (y0[i] < b) b = y0[i]
				if (x1[i] > c) c = x1[i]
			}
		h = 0.8 / 72 * 25.4 / 2
		ex0 = tx + 5 - h; ey0 = ty + 12 - h; ex1 = tx + 58 + h
		if (abs(a - ex0) > 0.1 || abs(b - ey0) > 0.1 || abs(c - ex1) > 0.1) {
			printf "outline from %.3f,%.3f to x %.3f; expected %.3f,%.3f to x %.3f\n",
			    a, b, c, ex0, ey0, ex1
			exit 1
		}
	    }' "$1"
}
check "cards --hints: the title box outlined at [5, 12, 53] mm, to 0.1 mm" \
    outline "$T/hints.m"
# Page furniture (outside every marked-content sequence), not content.
furniture() {
	python3 tests/tools/pdftags.py marks "$1" >"$1.marks" || return 1
	awk -F '\t' '$1 == 1 { if ($2 !~ /title/ || $3 ~ /title|xed text/) bad = 1
	    if ($3 !~ /Dragon/) bad = 1 }
	    END { exit bad }' "$1.marks" || { cat "$1.marks"; return 1; }
}
check "cards --hints: the labels are artifacts, the card texts content" \
    furniture "$T/hints.pdf"

# preview --card at 600 dpi: bleed 3 mm, so the title box's top edge is
# 15 mm down, at pixel row 354.3, from x = 8 mm (pixel 189), and the
# first dash of its frame 2.4 pt long.  On it (+-0.1 mm): the magenta;
# 0.25 mm off the line, and anywhere without --hints: none.
dp prev-hints preview "$D" --card dragon --dpi 600 --hints \
    -o "$T/prev-hints.png"
dp prev preview "$D" --card dragon --dpi 600 -o "$T/prev.png"
# pixel_is PNG "R G B" X Y...: the pixels named are that colour.
pixel_is() {
	png=$1 want=$2
	shift 2
	./out/test/pngsize "$png" "$@" | awk -v w="$want" '
	    NR > 1 { if ($3 " " $4 " " $5 != w) { print "pixel " $1 "," $2 ": " $3 " " $4 " " $5 ", expected " w; bad = 1 } }
	    END { exit bad || NR < 2 }'
}
check "preview --hints: the frame on the title box's top edge, to 0.1 mm" \
    pixel_is "$T/prev-hints.png" "209 0 112" 195 352 195 354 195 356
check "preview --hints: 0.25 mm above and below the edge, no frame" \
    pixel_is "$T/prev-hints.png" "255 255 255" 195 348 195 360
check "preview (no --hints): no frame there" \
    pixel_is "$T/prev.png" "255 255 255" 195 352 195 354 195 356

summary "run-numattr.sh"
