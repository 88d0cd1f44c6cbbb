#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: colours, strokes, shapes, typography
# Colours, gradients, joins, caps and arcs measured at 600 dpi (issue
# 34): a square in every colour notation read back as its exact RGB
# (tests/decks/gfx/colors), a gradient's colours at its from_mm and
# to_mm and a radial one's at its focus; a join's reach past a corner,
# a cap's past a path's end, a pie's and an arc's pixels only within
# their angles (strokes).  Each deck's one card has its trim at (10.5,
# 16.5) mm on the page, so card mm + that offset is page mm.  Bad
# input: a misspelt colour name, a channel out of range, an unknown
# join, an arc out of range, a focus outside its ellipse, each an error
# at its key, exit 1, no PDF.  typography: smart (typo): each
# language's quotes and the dashes in pdftotext of cards and booklets,
# plain by default, check's warning of a translation's typed quotes.
T=out/test/gfx
. tests/suite.sh
D=tests/decks/gfx

pdf_ok() { $WRAP ./deckpress cards "$@" >/dev/null 2>&1; }

# render NAME: measured_page of the deck $D/NAME, its page kept for rgb.
render() { measured_page "$D/$1" "$1" ppm; }

# rgb NAME X Y: "R G B" of the pixel at card mm X, Y of $T/NAME.ppm
# (a card's trim at 10.5, 16.5 mm on the page).  Its three bytes read
# with od at their offset: pdftoppm's header is three lines, "P6",
# "WIDTH HEIGHT", "255", read by the shell (their words, and their
# length in bytes with the newlines), not by two heads, a tr and a wc;
# od's numbers are set apart by the shell, not by an awk.
rgb() {
	f=$T/$1.ppm
	magic=
	dims=
	maxv=
	{
		IFS= read -r magic && IFS= read -r dims && IFS= read -r maxv
	} <"$f" || :
	# shellcheck disable=SC2086
	set -- "$2" "$3" $magic $dims $maxv \
	    "$((${#magic} + ${#dims} + ${#maxv} + 3))"
	[ "$3" = P6 ] && [ "$6" = 255 ] || { echo "$f: not pdftoppm's PPM"; return 1; }
	o=$(awk -v x="$1" -v y="$2" -v w="$4" -v hl="$7" 'BEGIN { k = 600 / 25.4
	    printf "%d", hl + 3 * (int((y + 16.5) * k) * w + int((x + 10.5) * k)) }')
	# shellcheck disable=SC2046
	set -- $(od -An -tu1 -j "$o" -N 3 "$f")
	[ $# -eq 0 ] || echo "$1 ${2-} ${3-}"
}

# is NAME X Y R G B [TOL]: the pixel there is R G B, each to TOL
# (default 0: exact).
is() {
	got=$(rgb "$1" "$2" "$3")
	# A here-document, not an echo in a subshell, feeds the awk.
	awk -v r="$4" -v g="$5" -v b="$6" -v t="${7:-0}" '
	    function abs(v) { return v < 0 ? -v : v }
	    { if (abs($1 - r) > t || abs($2 - g) > t || abs($3 - b) > t) {
		print "got " $0 ", expected " r " " g " " b " (to " t ")"
		exit 1 } }' <<EOF
$got
EOF
}

# top_is FILE COLOUR Y: that colour's box starts at page mm Y, to 0.1.
top_is() {
	awk -v c="$2" -v y="$3" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "color" && $2 == c { found = 1
		if (abs($4 - y) > 0.1) { print c " top at " $4 ", expected " y
		    bad = 1 } }
	    END { if (!found) print c " not found"; exit bad || !found }' "$1"
}

# --- colours: every notation, exact -----------------------------------
check "colours: the deck renders" render colors
# The centre of each 6 mm square: card x 7, 15, ... 55; y 7 and 15.
check "colours: #rrggbb" is colors 7 7 29 39 51
check "colours: #rgb" is colors 15 7 255 136 0
check "colours: a CSS name, goldenrod" is colors 23 7 218 165 32
check "colours: a CSS name in any case, RebeccaPurple" is colors 31 7 102 51 153
check "colours: rgb() with commas" is colors 39 7 10 200 30
check "colours: rgb() with spaces and percentages" is colors 47 7 51 102 153
check "colours: hsl() with deg" is colors 55 7 0 0 204
check "colours: hsla() with commas and an alpha of 1" is colors 7 15 255 0 0
check "colours: #rrggbbaa at 50 % over white" is colors 15 15 127 127 255 1
check "colours: rgba() at 0.6 over white" is colors 23 15 255 102 102 1
check "colours: a palette name wins over CSS's navy" is colors 31 15 18 52 86
check "colours: a palette entry in hsl()" is colors 39 15 255 255 0
check "colours: a card's {color}, teal" is colors 47 15 0 128 128
check "colours: #rgba" is colors 55 15 119 255 119 1
check "colours: a stroke in a CSS name, crimson" is colors 4.5 23 220 20 60
check "colours: the stroked square's inside stays white" \
    is colors 7 23 255 255 255

# --- gradients: from_mm, to_mm, focus_mm ------------------------------
check "gradients: from_mm's point is the first stop, red" \
    is colors 14.05 33 255 0 0 3
check "gradients: to_mm's point is the last stop, blue" \
    is colors 33.95 33 0 0 255 3
check "gradients: before from_mm, the first stop's colour" \
    is colors 6 33 255 0 0
check "gradients: past to_mm, the last stop's colour" \
    is colors 42 33 0 0 255
check "gradients: half way, half of each" is colors 24 33 127 0 127 3
check "gradients: top to bottom between points, green at from_mm" \
    is colors 53 35.05 0 255 0 3
check "gradients: top to bottom between points, black at to_mm" \
    is colors 53 44.95 0 0 0 3
check "gradients: top to bottom between points, half way" \
    is colors 53 40 0 127 0 3
check "gradients: a radial gradient is the first stop at its focus" \
    is colors 12 55 255 0 0 3
# Without a focus the centre is red; with it, the centre is well on
# its way to blue, and the ellipse's edge is the last stop.
check "gradients: a radial gradient without focus is red at the centre" \
    is colors 46 64 255 0 0 3
bluer() {
	rgb colors "$1" "$2" | awk -v v="$3" '$3 < v { print "blue " $3
	    exit 1 }'
}
check "gradients: a focused radial gradient's centre is not red" \
    bluer 19 55 60
check "gradients: a radial gradient's edge is the last stop" \
    is colors 33.9 55 0 0 255 3

# --- strokes: joins, caps, arcs ---------------------------------------
check "strokes: the deck renders" render strokes
check "strokes: a miter join reaches 4.12 mm above a 28 degree apex" \
    top_is "$T/strokes.txt" "#c82828" 20.38
check "strokes: a round join reaches 1 mm (half the stroke) above it" \
    top_is "$T/strokes.txt" "#28c828" 23.5
check "strokes: a bevel join reaches 0.24 mm above it" \
    top_is "$T/strokes.txt" "#2828c8" 24.26
check "strokes: the miter's tip is painted" is strokes 9 5 200 40 40
check "strokes: a round join has no pixel where the miter's tip would be" \
    is strokes 27 5 255 255 255
check "strokes: a butt cap ends at the path's ends" \
    box_at "$T/strokes.txt" "#c8c828" 14.5 51.5 30.5 53.5
check "strokes: a round cap reaches half the stroke past them" \
    box_at "$T/strokes.txt" "#c828c8" 13.5 57.5 31.5 59.5
check "strokes: a square cap as far" \
    box_at "$T/strokes.txt" "#28c8c8" 13.5 63.5 31.5 65.5
check "strokes: a round cap's corner is not painted" \
    is strokes 3.15 41.15 255 255 255
check "strokes: a square cap's corner is" is strokes 3.15 47.15 40 200 200
check "strokes: a rect with join: round keeps its box" \
    box_at "$T/strokes.txt" "#806040" 62.5 50.5 70.5 58.5
check "strokes: a rect with join: round has round outer corners" \
    is strokes 52.1 34.1 255 255 255
check "strokes: arc [0, 90] filled is a pie from 12 to 3 o'clock" \
    box_at "$T/strokes.txt" "#804020" 50.5 50.5 60.5 60.5
check "strokes: arc [90, 180] stroked is an arc from 3 to 6 o'clock" \
    box_at "$T/strokes.txt" "#208040" 50.5 84.5 60.5 94.5
check "strokes: a stroked arc is not filled" is strokes 44 72 255 255 255
check "strokes: arc [-45, 45] spans 12 o'clock, 90 degrees" \
    box_at "$T/strokes.txt" "#4040c0" 17.43 76.5 31.57 86.5
check "strokes: arc [-45, 45] has no pixel at -72 degrees" \
    is strokes 8 68 255 255 255
check "strokes: arc [-45, 45] has its pixels at 0 degrees" \
    is strokes 14 63 64 64 192

# --- bad input: at its key, exit 1, no PDF ----------------------------
# bad NAME ELEMENT WANT: a deck whose layout's front is ELEMENT (line 3)
# fails with exactly WANT (after "layout.yaml:") first on stderr.
bad() {
	b=$T/bad-$1
	mkdir -p "$b/text"
	printf 'game: bad\nlanguages: [en]\nlayout: ./layout.yaml\n' \
	    >"$b/deck.yaml"
	printf 'cards:\n  - {id: one}\n' >>"$b/deck.yaml"
	printf 'cards:\n  one: {}\n' >"$b/text/en.yaml"
	printf 'card: standard\nfront:\n%s\n' "$2" >"$b/layout.yaml"
	rc=0
	$WRAP ./deckpress cards "$b" -o "$b.pdf" >"$b.out" 2>"$b.err" ||
	    rc=$?
	[ "$rc" = 1 ] || { echo "exit $rc"; cat "$b.err"; return 1; }
	[ ! -e "$b.pdf" ] || { echo "a PDF was written"; return 1; }
	# The first line, read by the shell (not head in a subshell).
	first=
	IFS= read -r first <"$b.err" || :
	[ "$first" = "$b/layout.yaml:$3" ] ||
	    { echo "got:  $first"; echo "want: $b/layout.yaml:$3"; return 1; }
}
check "bad: a misspelt colour name is offered the nearest" bad name \
    '  - {type: rect, fill: goldenrood}' \
    "3:24: error: fill 'goldenrood' is not a colour: did you mean 'goldenrod'?"
check "bad: rgb() with a channel out of range" bad rgb \
    '  - {type: rect, stroke: "rgb(300, 0, 0)"}' \
    "3:26: error: stroke 'rgb(300, 0, 0)' is not a colour: its red is 0 to 255 or 0% to 100%, not 300"
check "bad: hsl() with a hue in px" bad hsl \
    '  - {type: circle, fill: "hsl(10px 50% 50%)"}' \
    "3:26: error: fill 'hsl(10px 50% 50%)' is not a colour: its hue is an angle (deg, rad, grad or turn), not '10px'"
check "bad: a hex colour of 5 digits" bad hex \
    '  - {type: star, fill: "#12345"}' \
    "3:24: error: fill '#12345' is not a colour: a colour in hex has 3, 4, 6 or 8 digits after '#', not 5"
check "bad: a gradient stop's colour" bad stop \
    '  - {type: rect, fill: {linear: 0, stops: [red, blu]}}' \
    "3:49: error: a gradient stop 'blu' is not a colour: did you mean 'blue'?"
check "bad: an unknown join" bad join \
    '  - {type: polygon, points_mm: [[1, 1], [9, 1], [5, 9]], stroke: red, join: rond}' \
    "3:77: error: unknown join 'rond'; did you mean 'round'?"
check "bad: an unknown cap on a path" bad cap \
    '  - {type: path, d: "M 1 1 H 9", stroke: red, cap: flat}' \
    "3:52: error: unknown cap 'flat' (butt, round or square)"
check "bad: a join on a line, which has no corner" bad linejoin \
    '  - {type: line, from_mm: [1, 1], to_mm: [9, 1], join: round}' \
    "3:50: error: unknown key 'join'"
check "bad: an arc past a turn" bad arc \
    '  - {type: circle, box_mm: [5, 5, 20, 20], arc: [0, 400]}' \
    "3:49: error: arc [0, 400] must have -360 <= start < end <= 360, at most 360 degrees apart"
check "bad: an arc that ends where it starts" bad arc0 \
    '  - {type: circle, box_mm: [5, 5, 20, 20], arc: [90, 90]}' \
    "3:49: error: arc [90, 90] must have -360 <= start < end <= 360, at most 360 degrees apart"
check "bad: an arc of one angle" bad arc1 \
    '  - {type: circle, box_mm: [5, 5, 20, 20], arc: 90}' \
    "3:49: error: arc is [start_deg, end_deg], clockwise from 12 o'clock"
check "bad: a focus outside the ellipse" bad focus \
    '  - {type: circle, box_mm: [5, 5, 20, 20], fill: {radial: true, focus_mm: [5, 5], stops: [red, blue]}}' \
    "3:75: error: focus_mm [5, 5] lies outside the ellipse in the box [5, 5, 20, 20] the radial gradient fills"
check "bad: a focus on a linear gradient" bad linfocus \
    '  - {type: rect, fill: {linear: 0, focus_mm: [5, 5], stops: [red, blue]}}' \
    "3:46: error: focus_mm is a radial gradient's"
check "bad: from_mm and to_mm at one point" bad ends \
    '  - {type: rect, fill: {from_mm: [5, 5], to_mm: [5, 5], stops: [red, blue]}}' \
    "3:49: error: a gradient's to_mm is where its from_mm is: it has no direction"
check "bad: from_mm without to_mm" bad end1 \
    '  - {type: rect, fill: {from_mm: [5, 5], stops: [red, blue]}}' \
    "3:24: error: a gradient between two points has both from_mm: [x, y] and to_mm: [x, y]"
check "bad: from_mm with an angle" bad endlin \
    '  - {type: rect, fill: {linear: 0, from_mm: [5, 5], to_mm: [9, 9], stops: [red, blue]}}' \
    "3:24: error: a gradient is {linear: ANGLE_DEG, stops: [...]}, {from_mm: [x, y], to_mm: [x, y], stops: [...]} or {radial: true, stops: [...]}"

# --- typography: smart ------------------------------------------------
Y=$D/typo
# text PDF: pdftotext's lines of PDF, joined into one.
text() { pdftotext "$1" - | tr '\n' ' '; }
# has PDF TEXT: its text has TEXT.
has() {
	text "$1" | grep -qF -- "$2" || { echo "no '$2' in:"; text "$1"; return 1; }
}
for l in en de fr es it nl; do
	check "typography: the $l cards render" pdf_ok "$Y" --lang "$l" \
	    -o "$T/typo-$l.pdf"
done
check "typography: English quotes, dashes and an apostrophe" has \
    "$T/typo-en.pdf" "Say “stop” – then wait—it’s “yours” 1."
check "typography: a quote after a tag opens" has "$T/typo-en.pdf" "“yours”"
check "typography: English inner quotes" has "$T/typo-en.pdf" "A ‘quote’ in"
check "typography: German quotes" has "$T/typo-de.pdf" "Sag „Halt“ – dann"
check "typography: German quotes in bold" has "$T/typo-de.pdf" "„deins“"
# pdftotext gives the narrow no-break space (test_typo checks its bytes)
# as a space.
check "typography: French guillemets, spaced" has "$T/typo-fr.pdf" \
    "Dites « stop » – puis attendez—c’est"
check "typography: French spaces typed inside are the narrow ones" has \
    "$T/typo-fr.pdf" "« à vous » 1."
check "typography: Spanish guillemets" has "$T/typo-es.pdf" "Di «alto» –"
check "typography: Italian guillemets" has "$T/typo-it.pdf" "Di’ «stop» –"
check "typography: a language without a convention keeps straight quotes" \
    has "$T/typo-nl.pdf" 'Zeg "stop" – wacht'
check "typography: the English booklet renders" sh -c \
    "$WRAP ./deckpress booklet $Y -o $T/typo-book.pdf >/dev/null 2>&1"
check "typography: a booklet's quotes across bold, its dashes" has \
    "$T/typo-book.pdf" "Say “stop” – then wait—it’s “yours” and “mine”."
check "typography: a booklet's code keeps its straight quotes" has \
    "$T/typo-book.pdf" 'code keeps "straight" -- quotes'
check "typography: a booklet's table keeps its rule, its cells turned" \
    has "$T/typo-book.pdf" "“x”"
check "typography: the French booklet" sh -c "$WRAP ./deckpress booklet \
    $Y --lang fr -o $T/typo-book-fr.pdf >/dev/null 2>&1 &&
    pdftotext $T/typo-book-fr.pdf - | grep -qF 'Dites « stop » – puis'"
# Without typography: the texts as typed.
mkdir -p "$T/plain"
cp -R "$Y/." "$T/plain/"
sed -i '/^typography:/d' "$T/plain/deck.yaml"
check "typography: plain by default: the cards as typed" sh -c \
    "$WRAP ./deckpress cards $T/plain -o $T/plain.pdf >/dev/null 2>&1"
check "typography: plain by default: straight quotes and --" has \
    "$T/plain.pdf" "Say \"stop\" -- then wait---it's"
dp typo-check check "$Y"
check "typography: check warns of a translation's typed English quotes" \
    grep -qxF "$Y/text/de.yaml:4:11: warning: card 'one' (de): note has ”, not de's quotes „ “; type straight quotes \" and typography: smart prints them as de's" \
    "$T/typo-check.err"
check "typography: only that one" sh -c \
    "[ \$(grep -c 'quotes' $T/typo-check.err) = 1 ]"
dp plain-check check "$T/plain"
check "typography: plain: no warning of quotes" sh -c \
    "! grep -q 'quotes' $T/plain-check.err"
# strings writes the translator's file from the text as typed.
cp -R "$Y" "$T/strings"
dp typo-strings strings "$T/strings" --lang de
check "typography: strings keeps the texts as typed" \
    grep -qF "Sag \"Halt\" -- dann" "$T/strings/text/de.yaml"
mkdir -p "$T/badtypo"
cp -R "$Y/." "$T/badtypo/"
sed -i 's/^typography: smart/typography: fancy/' "$T/badtypo/deck.yaml"
dp badtypo cards "$T/badtypo" -o "$T/badtypo.pdf"
check "typography: an unknown setting is an error at it, exit 1, no PDF" \
    sh -c "[ \$(cat $T/badtypo.rc) = 1 ] && [ ! -e $T/badtypo.pdf ] &&
    head -n 1 $T/badtypo.err | grep -qxF \
    \"$T/badtypo/deck.yaml:6:13: error: typography must be plain or smart, not 'fancy'\""

summary gfx
