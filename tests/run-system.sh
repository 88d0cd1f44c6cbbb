#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: expressions, compose, numbers, components, check
# A game system in one folder, every form of the layout language at
# once (tests/decks/system, "Track and Tiles"), rendered and measured
# at 600 dpi: cards that extend a base layout (an element moved and
# restyled, one removed), a style's font, hearts repeated by a number
# attribute, title sizes from data (shared by an anchor and merge
# keys), marks chosen by an expression and by id, a bar placed in
# inches, cm and px; tiles of 2 inches whose edges come from an
# included file and whose road turns by {turn} about a pivot in
# inches; die faces whose pips are chosen by expressions; a board's
# 64 numbered spaces from two elements; numbering: kind.
T=out/test/system
. tests/suite.sh
S=tests/decks/system

check "system: check passes with no diagnostic" sh -c '
    $1 ./deckpress check "$2" >"$3/check.out" 2>"$3/check.err" &&
    [ ! -s "$3/check.err" ] || { cat "$3/check.err"; exit 1; }' \
    sh "$WRAP" "$S" "$T"
dp cards cards "$S" -o "$T/s.pdf"
check "system: the cards render" exits cards 0
# The cards, the dice and the board each fill less than a sheet: they
# share one, in bands; the tiles have a sheet of their own.
check "system: two sheets: cards, dice and the board; the tiles" sh -c '
    [ "$(pdfinfo "$1" | awk "/^Pages:/ { print \$2 }")" = 2 ]' sh "$T/s.pdf"
# Each page at 600 dpi, its colours' boxes and parts in $T/pN.txt.
for p in 1 2; do
	measure_page "$T/s.pdf" $p "$T/p$p.txt" -p || :
done

# colour_box FILE COLOUR: COLOUR's whole box, "x0 y0 x1 y1" in mm.
colour_box() {
	awk -v c="$2" '$1 == "color" && $2 == c { print $3, $4, $5, $6 }' "$1"
}
# words PAGE: the page's text, one line.
words() { pdftotext -f "$1" -l "$1" "$T/s.pdf" - | tr -s "\n\f " "   "; }

# --- cards: extends, styles, defaults, values from data -----------------
P=$T/p1.txt
check "system: repeat count {hearts}: 2 + 1 + 5 hearts" parts "$P" "#c80000" 8
check "system: the fifth of dragon's hearts 32 mm right of its first" \
    near "$P" "#c80000" "$(calc "6 + 3 - 3 + 32")" 40 6 6 0.1
check "system: when \"{hearts} >= 3\": one orange mark" parts "$P" "#ff8000" 1
check "system: when {id: [dragon]}: one green mark" parts "$P" "#008000" 1
check "system: both marks on the dragon, the card with 5 hearts" sh -c '
    o=$(awk "\$1 == \"part\" && \$2 == \"#ff8000\" { print \$3 }" "$1")
    g=$(awk "\$1 == \"part\" && \$2 == \"#008000\" { print \$3 }" "$1")
    h=$(awk "\$1 == \"part\" && \$2 == \"#c80000\" { print \$3 }" "$1" |
        sort -n | tail -1)
    [ "${o%.*}" -gt 100 ] && [ "${g%.*}" -gt 100 ] && [ "${h%.*}" -gt 100 ]' \
    sh "$P"
check "system: box_mm [0.25in, 6cm, 1in, 59px] at 300 dpi, to 0.05 mm" \
    near "$P" "#2828c8" "$(calc "6.35 + 12.7 - 3")" \
    "$(calc "60 + 59 * 25.4 / 600 - 3")" 25.4 \
    "$(calc "59 * 25.4 / 300")"
check "system: extends: the base's badge removed" sh -c '
    ! grep -q "^color #808080 " "$1"' sh "$P"
# The title moved to box_mm [6, 20, 51.5, 12] (the base's is at y 6):
# its text, in the warm style's colour, centred near y 26 on the card.
title_moved() {
	set -- $(colour_box "$P" "#8a2b0e") \
	    $(awk '$1 == "part" && $2 == "#000080" { print $4; exit }' "$P")
	[ $# = 5 ] || { echo "no warm title"; return 1; }
	awk -v y0="$2" -v y1="$4" -v a="$5" 'BEGIN {
	    c = (y0 + y1) / 2 - a; if (c < 24 || c > 28) {
		print "title centred " c " mm down the card"; exit 1 } }'
}
check "system: extends: the title moved by name, in style warm" title_moved
check "system: size_pt {title_size}: Dragon's 18 pt 1.5 times Knight's 12" \
    height_ratio "$T/s.pdf" Dragon Knight 1.5
check "system: the anchor's 12 pt overridden: Squire's 9 pt 0.75 times" \
    height_ratio "$T/s.pdf" Squire Knight 0.75
check "system: the style's Roboto Condensed Bold embedded" the_font \
    "$T/s.pdf" RobotoCondensed-Bold
check "system: the defaults' Roboto embedded" the_font "$T/s.pdf" Roboto-Regular

# --- tiles: inches, include, rotation from data, numbering: kind -------------
P=$T/p2.txt
check "system: include: four edges on each of three tiles" \
    parts "$P" "#5a8f3c" 12
check "system: turn 0: the road's end north, 6 x 8 mm" \
    near "$P" "#c8c800" 22.4 5 6 8
check "system: turn 1: turned 90 about the 1in pivot, east, 8 x 6 mm" \
    near "$P" "#c8c800" 39.8 22.4 8 6
check "system: turn 2: south" near "$P" "#c8c800" 22.4 39.8 6 8
# pitch FILE DX: the first two anchors are DX mm apart, to 0.05 mm.
pitch() {
	awk -v want="$2" '$1 == "part" && $2 == "#000080" { x[++n] = $3 }
	    END { d = x[2] - x[1] - want; if (n < 2 || d < -0.05 || d > 0.05) {
		print "anchors " x[2] - x[1] " mm apart, expected " want; exit 1 } }' "$1"
}
check "system: the sheet's gutter_mm \"0.1in\": tiles 2in + 0.1in apart" \
    pitch "$P" 53.34
check "system: numbering: kind: the tiles count 1/3 to 3/3" sh -c '
    echo "$1" | grep -q "1/3 2/3 3/3" || { echo "$1"; exit 1; }' sh \
    "$(words 2)"
check "system: numbering: kind: the cards too" sh -c '
    echo "$1" | grep -q "1/3.*2/3.*3/3" || { echo "$1"; exit 1; }' sh \
    "$(words 1)"

# A sheet names no card's data.
mkdir -p "$T/badsheet"
cp -R "$S/." "$T/badsheet"
echo 'unprintable_mm: "{hearts} + 1"' >>"$T/badsheet/sheet.yaml"
dp badsheet cards "$T/badsheet" -o "$T/badsheet/out.pdf"
check "system: a sheet's {hearts}: an error at it, exit 1, no PDF" sh -c '
    grep -qF "sheet.yaml:5:17: error: unprintable_mm \"{hearts} + 1\": {hearts} names nothing" "$1.err" &&
    [ "$(cat "$1.rc")" = 1 ] && [ ! -e "$1/out.pdf" ] || { cat "$1.err"; exit 1; }' \
    sh "$T/badsheet"

# --- dice: pips chosen by expressions -------------------------------------
check "system: when expressions: 1 + 2 + ... + 6 = 21 pips" \
    parts "$T/p1.txt" "#111111" 21

# --- the board: 64 numbered spaces from two elements -------------------------
P=$T/p1.txt
check "system: repeat cols 16 x rows 4: 64 spaces" \
    parts "$P" "#e0c080" 64 10 10
check "system: space 1 at 8, 20 mm" near "$P" "#e0c080" 10 22 10 10
check "system: space 16 at 173, 20 mm" near "$P" "#e0c080" 175 22 10 10
check "system: space 64 at 173, 53 mm" near "$P" "#e0c080" 175 55 10 10
check "system: the spaces numbered 1 to 64 by {i}" sh -c '
    echo "$1" | grep -q " 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 .* 63 64 *$" ||
    { echo "$1"; exit 1; }' sh "$(words 1)"
summary system
