#!/bin/sh
# covers: rich-text, images, svg, translations, check, cards, booklet,
#         text-fit, determinism
# Rich text, measured (issue 19, points 6 and 7): Pango's tags in a
# card text colour their words and nothing else; a '<' that opens no
# tag prints as text; the game's own icons and images sit in the line
# as tall as its capitals (the "H" beside them, measured in the same
# raster), on its baseline, in their own colour or the one asked for;
# the fit makes room for <big>; an SVG stays vectors and a PNG is
# embedded once; a translation whose tags differ is reported; the same
# in a Markdown booklet.  Rasters at 600 dpi without anti-aliasing, so
# each colour's box is where it was painted (out/test/measure, mm).
# (<blink>, an unknown attribute, an unclosed <b>: cases of tests/bad.)
T=out/test/rich
. tests/suite.sh
R=tests/decks/rich

pdf_ok() { $WRAP ./deckpress cards "$@" >/dev/null 2>"$T/cards.err"; }

# color FILE #rrggbb: "X0 Y0 X1 Y1" of the colour's box, in mm.
color() { awk -v c="$2" '$1 == "color" && $2 == c { print $3, $4, $5, $6 }' "$1"; }

# word PDF TEXT N: the Nth word TEXT's box in mm (pdftotext -bbox).
word() {
	pdftotext -bbox -f 1 -l 1 "$1" - | awk -v w="$2" -v n="$3" '
	    index($0, ">" w "</word>") { split($0, a, "\"")
		if (++k == n) printf "%f %f %f %f\n", a[2] * 25.4 / 72,
		    a[4] * 25.4 / 72, a[6] * 25.4 / 72, a[8] * 25.4 / 72 }'
}

# inside "BOX" "OUTER" TOL: BOX lies within OUTER, give or take TOL mm.
inside() {
	echo "$1 $2" | awk -v t="$3" '{ if ($1 < $5 - t || $2 < $6 - t ||
	    $3 > $7 + t || $4 > $8 + t) { print "box " $1, $2, $3, $4 \
	    " is not inside " $5, $6, $7, $8; exit 1 } }'
}

# beside FILE #object #ink: the object's part between the ink's two
# H's is as tall as they are (0.2 mm), sits on their baseline (0.1 mm)
# and keeps the image's 3:2 ratio (0.2 mm); prints the part's height.
beside() {
	awk -v o="$2" -v ink="$3" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "color" && $2 == ink { x0 = $3; y0 = $4; x1 = $5; y1 = $6 }
	    $1 == "part" { p[++n] = $0 }
	    END {
		if (x1 == "") { print "no " ink; exit 1 }
		for (i = 1; i <= n; i++) { split(p[i], a, " ")
			if (a[2] != o || a[3] < x0 || a[5] > x1) continue
			h = a[6] - a[4]; w = a[5] - a[3]; cap = y1 - y0
			printf "%s: %.3f x %.3f mm, capitals %.3f mm\n",
			    o, w, h, cap
			if (abs(h - cap) > 0.2 || abs(a[6] - y1) > 0.1 ||
			    abs(w - 1.5 * h) > 0.2) exit 1
			found = 1 }
		if (!found) { print "no " o " between the " ink " H"; exit 1 }
	    }' "$1"
}

# --- cards ------------------------------------------------------------
check "rich: the deck renders with no diagnostics" sh -c '
    $1 ./deckpress cards "$2" -o "$3" >/dev/null 2>"$3.err" && ! [ -s "$3.err" ]' \
    sh "$WRAP" $R "$T/cards.pdf"
measure_page "$T/cards.pdf" 1 "$T/cards.txt" -p
# red TXT PDF: the #cc0000 box lies within the word "red".
red_word() {
	red=$(color "$1" "#cc0000"); w=$(word "$2" red 1)
	[ -n "$red" ] && [ -n "$w" ] || { echo "red: [$red] word: [$w]"; return 1; }
	inside "$red" "$w" 0.05
}
check "rich: <span color=\"#CC0000\"> paints the word red" \
    red_word "$T/cards.txt" "$T/cards.pdf"
# The ink's box spans "Plain" on the first line to "words" on the
# second: both in the text's colour, nothing of it elsewhere.
own_colour() {
	ink=$(color "$1" "#202020"); a=$(word "$2" Plain 1)
	b=$(word "$2" words 1)
	echo "$ink $a $b" | awk '{ if ($2 < $6 || $2 > $8 || $4 < $10 ||
	    $4 > $12 || $1 < ($5 < $9 ? $5 : $9) - 0.05 ||
	    $3 > ($7 > $11 ? $7 : $11) + 0.05) { print "ink " $1, $2, $3,
	    $4 " is not Plain (" $5, $6, $7, $8 ") to words (" $9, $10,
	    $11, $12 ")"; exit 1 } }'
}
check "rich: the rest of the text keeps its own colour" \
    own_colour "$T/cards.txt" "$T/cards.pdf"
check "rich: a < b and x<3 print as written" sh -c '
    pdftotext "$1" - | grep -qF "a < b and x<3"' sh "$T/cards.pdf"
check "rich: {img:icons/coin.svg} is as tall as the capitals, on the baseline" \
    beside "$T/cards.txt" "#2050c8" "#303030"
check "rich: {icon:coin} is the game's icons/coin.svg, same rule" \
    beside "$T/cards.txt" "#2050c8" "#383838"
recolored() {
	beside "$1" "#00aa00" "#404040" &&
	    ! beside "$1" "#2050c8" "#404040" >/dev/null
}
check "rich: {icon:coin|color=#00AA00} draws it in that colour" \
    recolored "$T/cards.txt"
check "rich: {img:icons/gem.png|height=3mm} is 3 mm tall" sh -c '
    awk "\$1 == \"part\" && \$2 == \"#c87820\" { h = \$6 - \$4
	if (h > 2.9 && h < 3.1) ok = 1 } END { exit !ok }" "$1"' \
    sh "$T/cards.txt"
check "rich: a palette name colours a span (crimson)" \
    test -n "$(color "$T/cards.txt" "#b01030")"
# The same text in the same box, once with <big>: the fit shrinks it
# to stay in the 55 x 40 mm box, its plain words smaller.
# many PDF TXT #ink: the height of the word "Many" in that ink, mm.
many() {
	ink=$(color "$2" "$3")
	for k in 1 2; do
		w=$(word "$1" Many $k)
		inside "$w" "$ink" 2 >/dev/null &&
		    echo "$w" | awk '{ print $4 - $2 }'
	done
	return 0
}
big_fits() {
	a=$(many "$2" "$1" "#484848"); b=$(many "$2" "$1" "#505050")
	[ -n "$a" ] && [ -n "$b" ] || { echo "Many: [$a] [$b]"; return 1; }
	echo "0 $a 0 $b" | awk '{ if (!($4 < $2 - 0.2)) {
	    print "Many: " $2 " mm plain, " $4 " with <big>"; exit 1 } }' ||
	    return 1
	for c in "#484848" "#505050"; do
		color "$1" "$c" | awk -v c="$c" '{ if ($3 - $1 > 55 ||
		    $4 - $2 > 40) { print c " is " $3 - $1 " x " $4 - $2 \
		    " mm"; exit 1 } }' || return 1
	done
}
check "rich: the fit makes room for <big> (smaller, still in its box)" \
    big_fits "$T/cards.txt" "$T/cards.pdf"
check "rich: the SVG stays vectors, the PNG is embedded once for 3 uses" sh -c '
    pdfimages -list "$1" >"$1.img"
    n=$(awk "NR > 2 { print \$11 }" "$1.img" | sort -u | wc -l)
    uses=$(awk "NR > 2" "$1.img" | wc -l)
    [ "$n" -eq 1 ] && [ "$uses" -eq 3 ] ||
    { echo "$n image objects for $uses uses (1 PNG, 3 uses)"; cat "$1.img"; exit 1; }' \
    sh "$T/cards.pdf"
$WRAP ./deckpress cards $R -o "$T/cards2.pdf" >/dev/null 2>&1
check "rich: two renders are byte-identical" cmp "$T/cards.pdf" "$T/cards2.pdf"
check "rich: qpdf --check is clean" qpdf --check "$T/cards.pdf"

# --- translations -----------------------------------------------------
check "rich: check reports the translation whose tags differ" sh -c '
    $1 ./deckpress check "$2" >/dev/null 2>"$3" && exit 1
    grep -q "fr.yaml:3:11: error: card .red. (fr): body: markup, icons and names in braces differ from the en text (en: <span color=\"#CC0000\"> </span>; fr: <b> </b>)" "$3" &&
    [ "$(grep -c "error:" "$3")" -eq 1 ]' sh "$WRAP" $R "$T/check.err"

# --- booklet ----------------------------------------------------------
check "rich: the booklet renders with no diagnostics" sh -c '
    $1 ./deckpress booklet "$2" -o "$3" >/dev/null 2>"$3.err" && ! [ -s "$3.err" ]' \
    sh "$WRAP" $R "$T/rules.pdf"
measure_page "$T/rules.pdf" 1 "$T/rules.txt" -p
check "rich: booklet: {img:icons/coin.svg} as tall as the capitals" \
    beside "$T/rules.txt" "#2050c8" "#303030"
check "rich: booklet: <span color=\"#CC0000\"> paints the word red" \
    red_word "$T/rules.txt" "$T/rules.pdf"
check "rich: booklet: {icon:coin|color=#00AA00} in that colour" \
    test -n "$(color "$T/rules.txt" "#00aa00")"
gem_inline() {
	awk 'function abs(v) { return v < 0 ? -v : v }
	    $1 == "color" && $2 == "#2050c8" { h = $6 - $4 }
	    $1 == "color" && $2 == "#c87820" { g = $6 - $4 }
	    END { if (g == "" || abs(g - h) > 0.1) {
		print "gem " g " mm, coin " h " mm"; exit 1 } }' "$1" &&
	    pdftotext "$2" - | grep -q "sits in the line, a < b."
}
check "rich: booklet: an inline ![gem](...) is drawn in its line, cap high" \
    gem_inline "$T/rules.txt" "$T/rules.pdf"

# A booklet's broken inline: an error at it, no PDF.
bad_rules() {
	rm -rf "$T/bad" && mkdir -p "$T/bad" && cp -R $R/. "$T/bad/" &&
	    printf '%s\n' "$1" >"$T/bad/rules/en.md"
	! $WRAP ./deckpress booklet "$T/bad" -o "$T/bad.pdf" >/dev/null \
	    2>"$T/bad.err" && ! [ -e "$T/bad.pdf" ] &&
	    grep -qF "$2" "$T/bad.err" || { cat "$T/bad.err"; return 1; }
}
check "rich: booklet: a missing inline image is an error at it" bad_rules \
    'Text ![x](../icons/gone.png) here.' \
    "rules/en.md:1:6: error: image $T/bad/rules/../icons/gone.png does not exist"
check "rich: booklet: <blink> is an error at its column" bad_rules \
    'Do not <blink>x</blink>.' \
    "rules/en.md:1:8: error: unknown tag '<blink>'"
check "rich: booklet: an unknown icon is an error, with a hint" bad_rules \
    'A {icon:stra} here.' \
    "rules/en.md:1:3: error: unknown icon 'stra'; did you mean 'star'?"
check "rich: booklet: a span's font must be a family deckpress has" bad_rules \
    'A <span font="Robot">x</span>.' \
    "rules/en.md:1:3: error: '<span font=\"Robot\">': no font family 'Robot'; did you mean 'Roboto'?"
# A card text's font= likewise, at the tag's column.
card_font() {
	rm -rf "$T/font" && cp -R $R "$T/font" &&
	    sed -i 's/<span color="#CC0000">/<span font="Robotto">/' \
	    "$T/font/text/en.yaml"
	! $WRAP ./deckpress cards "$T/font" -o "$T/font.pdf" >/dev/null \
	    2>"$T/font.err" && ! [ -e "$T/font.pdf" ] &&
	    grep -qF "$1" "$T/font.err" || { cat "$T/font.err"; return 1; }
}
check "rich: a card's span font must be a family deckpress has" card_font \
    "text/en.yaml:3:17: error: card 'red' (en): body: '<span font=\"Robotto\">': no font family 'Robotto'; did you mean 'Roboto'?"

summary rich
