#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: boxes, export, turning, bleed, shapes, images, rich-text, check
# What "export --boxes" and "check" say of turned, mirrored and bled
# elements and of images inline in a text, measured against the page
# deckpress prints (600 dpi): a turned box's row gives its turn and the
# extent it prints over; a bleed box's row the box grown over the one
# edge it touches; a text's cell names its inline images as
# {img:PATH}; check's dpi of a bleed image is that of the size it
# prints at.  The one card of each deck has its trim at (10.5, 16.5) mm
# on the page.
T=out/test/boxes
. tests/suite.sh

# export_boxes DECK NAME: DECK's table as $T/NAME.tsv.
export_boxes() {
	$WRAP ./deckpress export "$1" --lang en -o "$T/$2" --boxes \
	    >/dev/null && cp "$T/$2"/*-boxes.tsv "$T/$2.tsv"
}

# render DECK NAME: the page at 600 dpi, its colours' boxes in
# $T/NAME.txt.
render() {
	$WRAP ./deckpress cards "$1" -o "$T/$2.pdf" >/dev/null &&
	measure_page "$T/$2.pdf" 1 "$T/$2.txt"
}

# row TSV SELECT: the one row awk condition SELECT picks, tab-separated.
row() {
	awk -F '\t' "NR > 1 && ($2) { print; n++ } END { exit n != 1 }" "$1"
}

# turned_is TSV SELECT ROTATE PX PY FLIP: the row's turn columns, in pt.
turned_is() {
	r=$(row "$1" "$2") || { echo "no single row $2"; return 1; }
	got=$(printf '%s\n' "$r" | cut -f 24-27)
	want=$(printf '%s\t%s\t%s\t%s' "$3" "$4" "$5" "$6")
	[ "$got" = "$want" ] || { echo "turn '$got', expected '$want'"; return 1; }
}

# prints_at TSV SELECT PAGE COLOUR: the row's turned extent (pt, from
# the trim) is where that colour prints on the page, to 0.1 mm.
prints_at() {
	r=$(row "$1" "$2") || { echo "no single row $2"; return 1; }
	printf '%s\n' "$r" | cut -f 28-31 | awk -v c="$4" -v f="$3" '
	    function abs(v) { return v < 0 ? -v : v }
	    function mm(pt) { return pt * 25.4 / 72 }
	    { x0 = mm($1) + 10.5; y0 = mm($2) + 16.5
	      x1 = x0 + mm($3); y1 = y0 + mm($4) }
	    END {
		while ((getline l < f) > 0) {
			split(l, m, " ")
			if (m[1] == "color" && m[2] == c) found = 1
			else continue
			if (abs(m[3] - x0) > 0.1 || abs(m[4] - y0) > 0.1 ||
			    abs(m[5] - x1) > 0.1 || abs(m[6] - y1) > 0.1) {
				printf "%s at %s %s %s %s, the table %.3f %.3f %.3f %.3f\n",
				    c, m[3], m[4], m[5], m[6], x0, y0, x1, y1
				exit 1
			}
		}
		if (!found) { print c " not on the page"; exit 1 }
	    }'
}

# --- a turned element's row (tests/decks/shapes/turn) -------------------
TD=tests/decks/shapes/turn
check "turn: the table is written" export_boxes $TD turn
check "turn: the page renders" render $TD turn
check "turn: every line has 32 columns" \
    awk -F '\t' 'NF != 32 { print NR ": " NF; bad++ } END { exit bad > 0 }' \
    "$T/turn.tsv"
# A 16 x 6 mm rect at (40, 70) turned 90 degrees about its centre
# (48, 73) mm = (136.063, 206.9291) pt: upright, 6 x 16 mm.
Y='$4 == "rect" && $10 == "#c8c828ff"'
check "turn: the turned rect's row, rotate_deg 90 about its centre (48, 73) mm" \
    turned_is "$T/turn.tsv" "$Y" 90 136.063 206.9291 ""
check "turn: ... its unturned box still 16 x 6 mm in x, y, w, h" sh -c '
    [ "$(printf "%s\n" "$1" | cut -f 5-8)" = "$(printf "113.3858\t198.4252\t45.3543\t17.0079")" ]' \
    sh "$(row "$T/turn.tsv" "$Y")"
check "turn: ... its turned extent (6 x 16 mm) is where it prints" \
    prints_at "$T/turn.tsv" "$Y" "$T/turn.txt" "#c8c828"
P='$4 == "rect" && $10 == "#804020ff"'
check "turn: a rect turned about pivot_mm (20, 20): that pivot in the row" \
    turned_is "$T/turn.tsv" "$P" 90 56.6929 56.6929 ""
check "turn: ... and where it prints, left of and below the pivot" \
    prints_at "$T/turn.tsv" "$P" "$T/turn.txt" "#804020"
I='$4 == "image"'
check "turn: a turned image's extent is where it prints" \
    prints_at "$T/turn.tsv" "$I" "$T/turn.txt" "#2850c8"
check "turn: an unturned text: no turn, its extent its box" sh -c '
    r=$(printf "%s\n" "$1" | cut -f 5-8,24-31)
    [ "$r" = "$(printf "56.6929\t11.3386\t34.0157\t28.3465\t\t\t\t\t56.6929\t11.3386\t34.0157\t28.3465")" ] ||
    { echo "$r"; exit 1; }' sh \
    "$(row "$T/turn.tsv" '$4 == "text" && $14 == "#2828c8ff"')"
check "turn: a mirrored polygon: flip horizontal" turned_is "$T/turn.tsv" \
    '$4 == "polygon"' "" "" "" horizontal
check "turn: the same input, the same table" sh -c '
    ./deckpress export "$1" --lang en -o "$2/again" --boxes >/dev/null &&
    cmp "$2/turn.tsv" "$2/again/shapes-turn-en-boxes.tsv"' sh $TD "$T"

# --- a gradient fill (tests/decks/shapes/geo, stops) ---------------------
check "geo: the table is written" export_boxes tests/decks/shapes/geo geo
check "geo: a linear gradient's fill: its angle and each stop" sh -c '
    [ "$(printf "%s\n" "$1" | cut -f 10)" = "linear:90 #00ff00ff@0 #ff00ffff@1" ]' \
    sh "$(row "$T/geo.tsv" '$4 == "rect" && $10 ~ /^linear:90 /')"
check "stops: the table is written" export_boxes tests/decks/shapes/stops stops
check "stops: stops named by an attribute, resolved per card, at their offsets" \
    sh -c '[ "$(printf "%s\n" "$1" | cut -f 10)" = "linear:0 #ffffffff@0 #2828c8ff@0.5 #2828c8ff@1" ]' \
    sh "$(row "$T/stops.tsv" '$1 == "two" && $4 == "rect"')"

# --- bleed over one edge, turned and mirrored (tests/decks/boxes) -------
BD=tests/decks/boxes
check "boxes: the table is written" export_boxes $BD boxes
check "boxes: the page renders" render $BD boxes
B='$4 == "image" && $32 ~ /band.png$/'
check "boxes: an image with bleed on the left edge grows only there: 33 x 20 mm" \
    sh -c '[ "$(printf "%s\n" "$1" | cut -f 5-8)" = "$(printf -- "-8.5039\t85.0394\t93.5433\t56.6929")" ]' \
    sh "$(row "$T/boxes.tsv" "$B")"
check "boxes: ... and prints there" \
    prints_at "$T/boxes.tsv" "$B" "$T/boxes.txt" "#c82828"
F='$4 == "rect"'
check "boxes: a top band with bleed mirrored upside down: flip vertical" \
    turned_is "$T/boxes.tsv" "$F" "" "" "" vertical
check "boxes: ... in place, over the bleed above it, 17 mm below the trim" \
    prints_at "$T/boxes.tsv" "$F" "$T/boxes.txt" "#28c828"
S='$4 == "image" && $32 ~ /side.png$/'
check "boxes: a bleed image turned upright about its grown box's centre (49.5, 70) mm" \
    turned_is "$T/boxes.tsv" "$S" 90 140.315 198.4252 ""
check "boxes: ... prints where its row says, 20 x 33 mm" \
    prints_at "$T/boxes.tsv" "$S" "$T/boxes.txt" "#2828c8"

# --- check: the dpi of a bleed image, as printed -------------------------
# 60 px over the 33 mm it prints across (measured above): 46.18 dpi.
$WRAP ./deckpress check $BD >"$T/check.out" 2>"$T/check.err" || true
w=$(awk '$1 == "color" && $2 == "#c82828" { print $5 - $3 }' "$T/boxes.txt")
check "check: the band prints $w mm wide: 60 px at 46 dpi" awk -v w="$w" \
    'BEGIN { d = 60 / (w / 25.4); exit !(w != "" && d >= 45.5 && d < 46.5) }'
check "check: a bleed image on one edge, at 46 dpi (its printed 33 x 20 mm)" \
    grep -qx "$BD/layout.yaml:9:25: warning: card 'one': image $BD/art/band.png prints at 46 dpi, under the 200 dpi a sharp print needs" \
    "$T/check.err"
check "check: the same turned upright: the same 46 dpi" \
    grep -qx "$BD/layout.yaml:13:25: warning: card 'one': image $BD/art/side.png prints at 46 dpi, under the 200 dpi a sharp print needs" \
    "$T/check.err"
check "check: two warnings, no error" grep -qx "0 errors, 2 warnings" \
    "$T/check.err"

# --- images inline in a text (tests/decks/rich) ---------------------------
RD=tests/decks/rich
check "rich: the table is written" export_boxes $RD rich
check "rich: {img:icons/coin.svg} in a text: its cell names it" \
    sh -c '[ "$(printf "%s\n" "$1" | cut -f 32)" = "H{img:icons/coin.svg}H" ]' \
    sh "$(row "$T/rich.tsv" '$1 == "img" && $4 == "text"')"
check "rich: {icon:coin} of the game's icons/: its file, the same" \
    sh -c '[ "$(printf "%s\n" "$1" | cut -f 32)" = "H{img:icons/coin.svg}H" ]' \
    sh "$(row "$T/rich.tsv" '$1 == "icon" && $4 == "text"')"
check "rich: two PNG icons and a coloured word, in the order written" \
    sh -c '[ "$(printf "%s\n" "$1" | cut -f 32)" = "{img:icons/gem.png} {img:icons/gem.png} <span foreground=\"#b01030\">x</span>" ]' \
    sh "$(row "$T/rich.tsv" '$1 == "gems" && $4 == "text"')"
check "rich: the deck named \"$RD/\": the same table, paths in the game's folder" \
    sh -c './deckpress export "$1/" --lang en -o "$2/slash" --boxes >/dev/null &&
    cmp "$2/rich.tsv" "$2/slash/rich-en-boxes.tsv"' sh $RD "$T"
check "rich: no private-use character (U+F0000...) anywhere in the table" \
    sh -c '! LC_ALL=C grep -q "$(printf "\363[\260-\277]")" "$1"' sh "$T/rich.tsv"

# --- the floor of make bench draws turned boxes as deckpress does --------
make -s out/test/floor >/dev/null
check "floor: the turn deck's table drawn" sh -c '
    ./out/test/floor "$1/turn.tsv" "$1/floor.pdf" >/dev/null &&
    pdftoppm -r 600 -aa no -aaVector no -f 1 -l 1 -singlefile \
        "$1/floor.pdf" | ./out/test/measure /dev/stdin >"$1/floor.txt"' \
    sh "$T"
check "floor: the turned rect upright, 6 x 16 mm, as deckpress prints it" \
    awk '$1 == "color" && $2 == "#c8c828" { found = 1
        w = $5 - $3; h = $6 - $4 }
        END { d = w - 6; e = h - 16; exit !(found && d < 0.1 && d > -0.1 &&
        e < 0.1 && e > -0.1) }' "$T/floor.txt"
check "floor: a text's inline images left out, not printed as {img:...}" sh -c '
    ./out/test/floor "$1/rich.tsv" "$1/floor-rich.pdf" >/dev/null &&
    pdftotext "$1/floor-rich.pdf" "$1/floor-rich.txt" &&
    grep -q "Plain red" "$1/floor-rich.txt" &&
    ! grep -q "img:" "$1/floor-rich.txt"' sh "$T"

summary run-boxes.sh
