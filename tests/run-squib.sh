#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: expressions, compose, numbers
# Squib's own sample scripts as deckpress games (tests/decks/squib, its
# README says which sample each is), rendered and measured at 600 dpi:
# per-card sizes, positions, colours and turns (arrays); elements for
# some cards by id, by value and by comparison, a count per card
# (ranges); a layout extended with entries changed by name and offsets
# computed, merge keys, styles (layouts); a card in inches, lengths in
# every unit, Squib's cell and its middle and deck shorthands (units).
T=out/test/squib
. tests/suite.sh
Q=tests/decks/squib

# render GAME: its PDF, checked clean, and page 1 measured in $T/GAME.txt.
render() {
	$WRAP ./deckpress check "$Q/$1" >/dev/null 2>"$T/$1.check" &&
	[ ! -s "$T/$1.check" ] &&
	$WRAP ./deckpress cards "$Q/$1" -o "$T/$1.pdf" >/dev/null &&
	measure_page "$T/$1.pdf" 1 "$T/$1.txt" -p ||
	    { cat "$T/$1.check"; return 1; }
}
# on_cards FILE COLOUR WANT: the cards (1, 2, 3: by their anchors, left
# to right on one row) that have a part of COLOUR are WANT ("1 3").
on_cards() {
	got=$(awk -v c="$2" '$1 == "part" && $2 == "#000080" { ax[++n] = $3 }
	    $1 == "part" && $2 == c { for (k = n; k >= 1; k--)
		if ($3 >= ax[k]) { print k; break } }' "$1" | sort -nu |
	    tr "\n" " ")
	[ "$got" = "$3 " ] || { echo "$2 on cards $got, expected $3"; return 1; }
}
# word_left PDF WORD: where WORD begins, in mm from the page's left.
word_left() {
	pdftotext -bbox "$1" - | awk -v w="$2" '$0 ~ ">" w "<" {
	    match($0, /xMin="[0-9.]+"/)
	    print substr($0, RSTART + 6, RLENGTH - 7) * 25.4 / 72; exit }'
}
# left_from_anchor GAME WORD CARD MM: WORD begins MM mm (to 1 mm: the
# first letter's side bearing) right of card CARD's anchor's left edge
# minus 2 mm (the anchor is at 2 mm).
left_from_anchor() {
	x=$(word_left "$T/$1.pdf" "$2")
	awk -v x="$x" -v k="$3" -v want="$4" '$1 == "part" && $2 == "#000080" &&
	    ++n == k { d = x - ($3 - 2) - want
		if (d < -0.1 || d > 1) { print "begins " x - ($3 - 2) " mm in, " \
		    "expected " want; bad = 1 }; found = 1 }
	    END { exit bad || !found }' "$T/$1.txt"
}
# --- arrays: every option per card --------------------------------------
check "squib arrays: checks clean and renders" render arrays
A=$T/arrays.txt
check "squib arrays: size_pt {size}: Ninja's 20 pt twice Golem's 10" \
    height_ratio "$T/arrays.pdf" Ninja Golem 2
check "squib arrays: Thief's 15 pt 1.5 times Golem's" \
    height_ratio "$T/arrays.pdf" Thief Golem 1.5
check "squib arrays: box x {x}: Golem 4 mm in" \
    left_from_anchor arrays Golem 1 4
check "squib arrays: Ninja 14 mm in" left_from_anchor arrays Ninja 2 14
check "squib arrays: Thief 24 mm in" left_from_anchor arrays Thief 3 24
check "squib arrays: fill {ink}, turn 0: Golem's red bar flat" \
    near "$A" "#c80000" 27 49 20 4
check "squib arrays: turn 90: Ninja's green bar upright" \
    near "$A" "#00a000" 27 49 4 20
check "squib arrays: turn 180: Thief's blue bar flat" \
    near "$A" "#0000c8" 27 49 20 4

# --- ranges: some cards only; a count per card ------------------------------
check "squib ranges: checks clean and renders" render ranges
R=$T/ranges.txt
check "squib ranges: by id: thief and mastermind" \
    on_cards "$R" "#c80000" "1 3"
check "squib ranges: by value: the thinkers" on_cards "$R" "#00a000" "2 3"
check "squib ranges: by comparing: level 2 and up, not thugs" \
    on_cards "$R" "#0000c8" "2 3"
check "squib ranges: hearts 0, 1, 2: three in all" parts "$R" "#c800c8" 3
check "squib ranges: the mastermind's second heart 8 mm below its first" \
    near "$R" "#c800c8" 6 48 6 6 0.1
check "squib ranges: the grifter's and mastermind's hearts" \
    on_cards "$R" "#c800c8" "2 3"

# --- layouts: extends, entries by name, offsets, merge keys, styles ----------
check "squib layouts: checks clean and renders" render layouts
L=$T/layouts.txt
check "squib layouts: icon_middle removed: two icons" parts "$L" "#c80000" 2
check "squib layouts: the merge key's icon at 8, 24 mm" \
    near "$L" "#c80000" 10 26 10 10
check "squib layouts: and at 45.5, 24 mm" near "$L" "#c80000" 47.5 26 10 10
check "squib layouts: the bonus moved 10 mm right, to 18, 50 mm" \
    near "$L" "#202020" 30 57 30 20
check "squib layouts: its inner box with it, 2 mm inside" \
    near "$L" "#f0f0f0" 30 57 26 16
check "squib layouts: the title's style: Roboto Bold" the_font \
    "$T/layouts.pdf" Roboto-Bold
check "squib layouts: the text the extending layout adds" sh -c '
    pdftotext "$1" - | grep -q "Extends!"' sh "$T/layouts.pdf"

# --- units: inches, cm, pt, px, cells, shorthands -----------------------------
check "squib units: checks clean and renders" render units
U=$T/units.txt
# Anchor [1, 1, 1, 1]: its centre 1.5 mm in.
check "squib units: a cell (37.5 px at 300 dpi) at 1, 2 cells" \
    near "$U" "#0000c8" "$(calc "4.7625 - 1.5")" \
    "$(calc "7.9375 - 1.5")" 3.175 3.175
check "squib units: a circle of 2 cells at 2, 1 cells" \
    near "$U" "#00a000" "$(calc "9.525 - 1.5")" \
    "$(calc "6.35 - 1.5")" 6.35 6.35 0.1
check "squib units: middle + 0.5 cell, 1.5 cells from the foot" \
    near "$U" "#c80000" "$(calc "19.05 + 3.175 - 1.5")" \
    "$(calc "38.1 - 3.175 - 1.5")" 3.175 3.175
check "squib units: 1cm + 10pt, 0.5cm" near "$U" "#c800c8" \
    "$(calc "10 + 10 * 25.4 / 72 + 1 - 1.5")" \
    "$(calc "5 + 1 - 1.5")" 2 2
# A rect's stroke lies inside its box: the dashes span 1.25 in, each
# dash on the top edge 1 pt deep.
check "squib units: the cut in inches: 1.25in and a 1pt stroke" sh -c '
    awk "\$1 == \"color\" && \$2 == \"#808080\" { w = \$5 - \$3 }
        \$1 == \"part\" && \$2 == \"#808080\" && ++k == 2 { h = \$6 - \$4 }
        END { dw = w - 31.75; dh = h - 25.4 / 72
            if (dw < -0.05 || dw > 0.05 || dh < -0.05 || dh > 0.05) {
                print w \" wide, \" h \" deep\"; exit 1 } }" "$1"' sh "$U"
summary squib
