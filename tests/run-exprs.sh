#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: expressions, templates, limits, check
# A layout's values from data, measured at 600 dpi: repeats placed by
# their step and by {col} and {row}, numbered by {i}, lengths in
# inches, cm and px, a size in inches (tests/decks/exprs/units); each
# card's own hearts, title size and turn, elements chosen by an
# expression and by card ids (tests/decks/exprs/data).  Then every
# error, each a copy of the data deck with one defect: file:line:col,
# exit 1, no output; check lists a value out of range for every card;
# and a layout of 10 000 repeats loads and checks at once.
T=out/test/exprs
. tests/suite.sh
D=tests/decks/exprs

# render NAME: measured_page of the deck $D/NAME.
render() { measured_page "$D/$1" "$1"; }

# from_anchor FILE COLOUR N DX DY: the Nth part of COLOUR has its
# centre DX, DY mm from the anchor's (#000080, centred at 3, 3 mm on
# the card), to 0.05 mm: centres, as each edge is a pixel's rounding.
from_anchor() {
	awk -v c="$2" -v n="$3" -v dx="$4" -v dy="$5" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "part" && $2 == "#000080" { ax = ($3 + $5) / 2
		ay = ($4 + $6) / 2 }
	    $1 == "part" && $2 == c && ++k == n { x = ($3 + $5) / 2
		y = ($4 + $6) / 2 }
	    END { if (x == "" || ax == "") { print c " " n " not found"; exit 1 }
		if (abs(x - ax - dx) > 0.05 || abs(y - ay - dy) > 0.05) {
			print c " " n " at " x - ax ", " y - ay ", expected " \
			    dx ", " dy; exit 1 } }' "$1"
}

# size_is FILE COLOUR W H: COLOUR's box is W x H mm, to 0.05 mm.
size_is() {
	awk -v c="$2" -v w="$3" -v h="$4" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "color" && $2 == c { found = 1
		if (abs($5 - $3 - w) > 0.05 || abs($6 - $4 - h) > 0.05) {
			print c " is " $5 - $3 " x " $6 - $4 ", expected " \
			    w " x " h; bad = 1 } }
	    END { if (!found) print c " not found"; exit bad || !found }' "$1"
}

# left_of FILE A B: colour A's box ends left of where colour B's begins.
left_of() {
	awk -v a="$2" -v b="$3" '$1 == "color" && $2 == a { ax = $5 }
	    $1 == "color" && $2 == b { bx = $3 }
	    END { if (ax == "" || bx == "" || ax >= bx) {
		print a " ends at " ax ", " b " begins at " bx; exit 1 } }' "$1"
}

# --- units: repeats, units, a size in inches ---------------------------
check "exprs: the units deck renders" render units
U=$T/units.txt
check "exprs: size {width: 2.5in, height: 3.5in} is 63.5 x 88.9 mm" \
    size_is "$U" "#808000" 63.5 88.9
check "exprs: repeat count 5 is five circles" parts "$U" "#c82828" 5
for k in 1 2 3 4 5; do
	check "exprs: circle $k is at 5 mm + $((k - 1)) x 12.5 mm" \
	    from_anchor "$U" "#c82828" "$k" \
	    "$(calc "($k - 1) * 12.5 + 6")" 11
done
check "exprs: cols 3 x rows 2 is six squares" parts "$U" "#28c828" 6
check "exprs: {col} places a square: column 3 at 25 mm" \
    from_anchor "$U" "#28c828" 3 25 25
check "exprs: {row} in mm plus cm places a square: row 2 at 35 mm" \
    from_anchor "$U" "#28c828" 5 15 35
check "exprs: box_mm [0.5in, 6cm, 1in, 300px] is at 12.7, 60 mm" \
    from_anchor "$U" "#2828c8" 1 22.4 63.35
check "exprs: 1in wide, 300px high at dpi 600 is 25.4 x 12.7 mm" \
    size_is "$U" "#2828c8" 25.4 12.7
check "exprs: a repeated text is numbered by {i}" sh -c '
    pdftotext "$1" - | tr -s "\n " "  " | grep -q "n1 n2 n3"' sh \
    "$T/units.pdf"

# --- data: each card's own values ---------------------------------------
check "exprs: the data deck renders" render data
V=$T/data.txt
check "exprs: count {hearts}: dragon's 3 hearts" parts "$V" "#c80000" 3
check "exprs: count {hearts}: knight's 5 hearts" parts "$V" "#0000c8" 5
check "exprs: rotate_deg {turn} * 90 turns dragon's bar upright" \
    size_is "$V" "#c8c800" 5 20
check "exprs: rotate_deg {turn} * 90 leaves knight's bar flat" \
    size_is "$V" "#00c8c8" 20 5
check "exprs: size_pt {size}: dragon's 20 pt title twice knight's 10 pt" \
    height_ratio "$T/data.pdf" Dragon Knight 2
# Dragon is left of knight on the page.
on_knight() { parts "$1" "$2" 1 && left_of "$1" "#c80000" "$2"; }
on_dragon() { parts "$1" "$2" 1 && left_of "$1" "$2" "#0000c8"; }
check "exprs: when: an expression shows the orange square on knight alone" \
    on_knight "$V" "#ff8000"
check "exprs: when: {id: [dragon]} shows the green square on dragon alone" \
    on_dragon "$V" "#008000"

# --- errors ---------------------------------------------------------------
# bad NAME FILE SED MESSAGE: the data deck with FILE edited by SED fails
# cards with MESSAGE (a line of stderr, grep -F), exit 1, no PDF.
bad() {
	mkdir -p "$T/$1"
	cp -R "$D/data/." "$T/$1"
	sed -i "$3" "$T/$1/$2"
	dp "$1" cards "$T/$1" -o "$T/$1/out.pdf"
	check "exprs: $1: $4" sh -c '
	    grep -qF -- "$2" "$1.err" || { cat "$1.err"; exit 1; }' sh \
	    "$T/$1" "$4"
	check "exprs: $1: exit 1, no output" sh -c '
	    [ "$(cat "$1.rc")" = 1 ] && [ ! -e "$2" ]' sh "$T/$1" \
	    "$T/$1/out.pdf"
}
bad syntax layout.yaml 's/size_pt: "{size}"/size_pt: "{size} +"/' \
    'layout.yaml:7:75: error: size_pt "{size} +": a value is missing at the end'
bad unknown layout.yaml 's/size_pt: "{size}"/size_pt: "{sise}"/' \
    "layout.yaml:7:67: error: card 'dragon': size_pt \"{sise}\": {sise} names nothing"
bad zero layout.yaml 's/size_pt: "{size}"/size_pt: "{size} \/ ({hearts} - 3)"/' \
    "layout.yaml:7:74: error: card 'dragon': size_pt \"{size} / ({hearts} - 3)\": divides by zero"
bad range deck.yaml 's/size: "20"/size: "0"/; s/size: "10"/size: "300"/' \
    "layout.yaml:7:66: error: card 'dragon': size_pt \"{size}\" is 0 (allowed 2 to 200)"
check "exprs: range: the other card's value out of range too" grep -qF \
    "layout.yaml:7:66: error: card 'knight': size_pt \"{size}\" is 300 (allowed 2 to 200)" \
    "$T/range.err"
bad area layout.yaml 's/box_mm: \[20, 40, 20, 5\]/box_mm: [20, 40, "2mm * 3mm", 5]/' \
    'layout.yaml:8:40: error: box_mm "2mm * 3mm": a length times a length is an area, not a length'
bad limit layout.yaml 's/count: "{hearts}"/count: 10001/' \
    "layout.yaml:5:22: error: a repeat's count is a whole number from 0 to 10000, not 10001"
bad toomany layout.yaml 's/count: "{hearts}"/count: "{hearts} * 4000"/' \
    "layout.yaml:5:22: error: card 'dragon': count \"{hearts} * 4000\" is 12000 (allowed 0 to 10000)"
bad whenid layout.yaml 's/id: \[dragon\]/id: [dragn]/' \
    "layout.yaml:14:13: error: 'when' names card 'dragn', which $T/whenid/deck.yaml does not have; did you mean 'dragon'?"
bad whennum layout.yaml 's/{kind} == event/{kind} > 2/' \
    "layout.yaml:12:12: error: card 'knight': when \"{hearts} >= 4 and {kind} > 2\": {kind} is 'event', not a number"
# Dragon's 3 hearts decide the and: its kind is never read.
check "exprs: whennum: the side and skips is not evaluated" sh -c '
    ! grep -q "card .dragon." "$1"' sh "$T/whennum.err"

# check says each card's value out of range, not the first alone.
dp check check "$T/range"
check "exprs: check exits 1 on values out of range" exits check 1
check "exprs: check lists the value out of range of both cards" sh -c '
    [ "$(grep -c "size_pt \"{size}\" is" "$1")" -eq 2 ] ||
    { cat "$1"; exit 1; }' sh "$T/check.err"

# --- cost: 10 000 repeats ---------------------------------------------------
mkdir -p "$T/many/text"
cp "$D/units/deck.yaml" "$T/many"
echo "cards: {one: {}}" >"$T/many/text/en.yaml"
cat >"$T/many/layout.yaml" <<'EOF'
size: {width: 190, height: 190}
front:
  - {type: rect, box_mm: ["({col} - 1) * 1.9 + 0.2", "({row} - 1) * 1.9 + 0.2",
     1, 1], fill: "#c82828", repeat: {cols: 100, rows: 100}}
EOF
# A sanity bound only: make bench holds the real figures.
many() {
	s=$(date +%s%N)
	$WRAP ./deckpress check "$T/many" >/dev/null 2>"$T/many.err" ||
	    { cat "$T/many.err"; return 1; }
	ms=$((($(date +%s%N) - s) / 1000000))
	[ -n "$WRAP" ] || [ "$ms" -lt 1000 ] || { echo "$ms ms"; return 1; }
}
check "exprs: a layout of 10 000 repeats loads and checks in under 1 s" many

summary exprs
