#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: compose, templates, deck, confinement, limits, diagnostics
# Layouts composed of others (issue 33), rendered and measured at
# 600 dpi (tests/decks/compose): defaults and styles (styled), a layout
# that extends another and changes it by name (inherit) or a bundled
# one (token), elements included from files (include), YAML anchors,
# aliases and merge keys in a deck and its layout (anchors).  Each
# deck's first card has its trim at (10.5, 16.5) mm on the page, so
# card mm + that offset is page mm.  Then the errors, each at its
# file:line:col with exit 1 and no PDF (bad-*), and what a deep chain
# of layouts and many styles cost.
T=out/test/compose
. tests/suite.sh
D=tests/decks/compose

# render NAME: measured_page of the deck $D/NAME.
render() { measured_page "$D/$1" "$1"; }

# none FILE COLOUR: nothing is painted in that colour.
none() {
	! grep -q "^color $2 " "$1" || { grep "^color $2 " "$1"; return 1; }
}

# height PDF N: the height in pt of the Nth word pdftotext finds.
height() {
	pdftotext -bbox "$1" - | awk -v n="$2" '/<word / && ++k == n {
	    match($0, /yMin="[0-9.]+"/); y0 = substr($0, RSTART + 6, RLENGTH - 7)
	    match($0, /yMax="[0-9.]+"/); y1 = substr($0, RSTART + 6, RLENGTH - 7)
	    print y1 - y0 }'
}

# ratio A B R: A / B is R, to 1 %.
ratio() {
	awk -v a="$1" -v b="$2" -v r="$3" 'BEGIN { if (b == 0 ||
	    (a / b - r) ^ 2 > (r / 100) ^ 2) { print a " / " b " is not " r
	    exit 1 } }'
}

# --- styled: defaults and styles -------------------------------------
check "compose: a deck with defaults and styles renders" render styled
check "defaults: a rect without a fill takes the defaults' fill" \
    box_at "$T/styled.txt" "#c82828" 14.5 20.5 24.5 30.5 0.05
check "styles: a circle takes its style's fill" \
    box_at "$T/styled.txt" "#c8c828" 30.5 20.5 40.5 30.5 0.05
check "styles: an element's own fill wins over its style's" \
    box_at "$T/styled.txt" "#28c828" 46.5 20.5 56.5 30.5 0.05
# same_width PDF WORD: its first two WORDs are as wide.
same_width() {
	a=$(word_width "$1" "$2" 1)
	b=$(word_width "$1" "$2" 2)
	[ -n "$a" ] && [ "$a" = "$b" ] || { echo "widths $a and $b"; return 1; }
}
check "defaults: a text takes the defaults' size (as wide as 20 pt given)" \
    same_width "$T/styled.pdf" WIDE
check "defaults: a type's own defaults colour the texts, not the rects" \
    sh -c 'grep -q "^color #2828c8 " "$1"' sh "$T/styled.txt"
check "styles: a style's font is embedded (pdffonts)" \
    the_font "$T/styled.pdf" RobotoCondensed-Bold
check "styles: of two styles, a later's colour on a text; its fill left out" \
    sh -c 'awk "\$1 == \"color\" && \$2 == \"#c86428\" && \$4 > 64.5 &&
	\$6 < 78.5 { ok = 1 } END { exit !ok }" "$1"' sh "$T/styled.txt"
check "styles: a style that takes a style: its font at its size, 30 pt" \
    ratio "$(height "$T/styled.pdf" 4)" "$(height "$T/styled.pdf" 3)" 1.5

# --- inherit: extends, by name ---------------------------------------
check "extends: a layout that extends another renders" render inherit
check "extends: the element of that name moved and grown, its style kept" \
    box_at "$T/inherit.txt" "#2828c8" 40.75 57 52.75 65 0.05
check "extends: the child's palette colour wins over the base's" \
    none "$T/inherit.txt" "#c82828"
check "extends: remove: true drops the base's element" \
    none "$T/inherit.txt" "#c828c8"
check "extends: the base's other elements stay" \
    box_at "$T/inherit.txt" "#28c828" 50.5 20.5 60.5 30.5 0.05
check "extends: the child's other elements are added" \
    box_at "$T/inherit.txt" "#c8c828" 14.5 86.5 24.5 91.5 0.05

# --- token: a bundled layout extended ---------------------------------
check "extends: a bundled layout by name (general/token) renders" \
    render token
check "extends: the bundled token's accent, and the mark added on it" \
    sh -c 'grep -q "^color #2f6690 " "$1" && grep -q "^color #c82828 " "$1"' \
    sh "$T/token.txt"

# --- include ----------------------------------------------------------
check "include: a layout with included elements renders" render include
check "include: the included file's two edges are drawn" \
    parts "$T/include.txt" "#c82828" 2
check "include: the edges lie on the trim's top and bottom" \
    box_at "$T/include.txt" "#c82828" 10.5 16.5 73.5 104.5 0.05
check "include: an include inside an included file, from its folder" \
    box_at "$T/include.txt" "#2828c8" 14.5 20.5 19.5 25.5 0.05
check "include: the layout's own element after them" \
    box_at "$T/include.txt" "#28c828" 35.5 56.5 45.5 66.5 0.05

# --- anchors ----------------------------------------------------------
check "anchors: a deck and layout with aliases and merge keys render" \
    render anchors
check "anchors: a card merging an x- mapping, with its box merged" \
    box_at "$T/anchors.txt" "#c82828" 14.5 20.5 24.5 30.5 0.05
check "anchors: a card's own key wins over the merged one" \
    box_at "$T/anchors.txt" "#2828c8" 77.5 20.5 87.5 30.5 0.05
check "anchors: an alias merged with a new box, on each card" \
    parts "$T/anchors.txt" "#28c828" 4

# --- errors -----------------------------------------------------------
# refused NAME WANT [ARGS]: cards on bad-NAME exits 1 with the line
# WANT on stderr (exactly) and writes no PDF.
refused() {
	name=$1
	want=$2
	shift 2
	dp "bad-$name" cards "$D/bad-$name" -o "$T/bad-$name.pdf" "$@"
	exits "bad-$name" 1 || return 1
	grep -qxF "$want" "$T/bad-$name.err" ||
	    { echo "expected: $want"; cat "$T/bad-$name.err"; return 1; }
	[ ! -e "$T/bad-$name.pdf" ] || { echo "a PDF was written"; return 1; }
}
check "styles: an unknown style, at its name, with did-you-mean" \
    refused style "$D/bad-style/layout.yaml:6:70: error: unknown style 'tilte'; did you mean 'title'?"
check "extends: a cycle, with its chain of files" \
    refused cycle "$D/bad-cycle/c.yaml:1:10: error: extends makes a cycle: $D/bad-cycle/b.yaml -> $D/bad-cycle/c.yaml -> $D/bad-cycle/b.yaml"
check "include: a cycle, with its chain of files" \
    refused include "$D/bad-include/parts/b.yaml:2:12: error: include makes a cycle: $D/bad-include/parts/a.yaml -> $D/bad-include/parts/b.yaml -> $D/bad-include/parts/a.yaml"
check "extends: a layout out of the game's folder is refused" \
    refused outside "$D/bad-outside/layout.yaml:2:10: error: extends: layout file $D/bad-outside/../styled/layout.yaml is outside the game's folder ('..' leads out of it); pass --allow-outside to allow it"
dp outside-allowed cards "$D/bad-outside" --allow-outside \
    -o "$T/outside.pdf"
check "extends: --allow-outside lets it be read" exits outside-allowed 0
mkdir -p "$T/bad-typo"
cp -R "$D/token/." "$T/bad-typo"
sed -i 's|general/token|general/tokn|' "$T/bad-typo/layout.yaml"
dp bad-typo cards "$T/bad-typo" -o "$T/bad-typo.pdf"
check "extends: an unknown bundled layout, at its name" sh -c '
    grep -qxF "$1/layout.yaml:2:10: error: extends: unknown layout '"'"'general/tokn'"'"' (the bundled ones are in layouts/; a file of the game is named ./general/tokn.yaml)" "$2" &&
    [ "$(cat "$3")" = 1 ] && [ ! -e "$4" ] || { cat "$2"; exit 1; }' sh "$T/bad-typo" \
    "$T/bad-typo.err" "$T/bad-typo.rc" "$T/bad-typo.pdf"
check "anchors: a billion laughs in a layout, refused at the alias" \
    refused bomb "$D/bad-bomb/layout.yaml:9:10: error: with this alias the file's aliases repeat more than 100000 values: write the values out, or check the file is the one meant"

# --- costs ------------------------------------------------------------
# ordinary: not under valgrind or the sanitizers, which slow everything.
ordinary() { [ -z "$WRAP" ] && ! grep -qa __asan_init deckpress; }
/usr/bin/time -o "$T/bomb.time" -f '%U %S %M' $WRAP ./deckpress cards \
    "$D/bad-bomb" -o "$T/bad-bomb.pdf" >/dev/null 2>&1 || :
tail -n 1 "$T/bomb.time" >"$T/bomb.time.last"
if ordinary; then
	check "anchors: the billion laughs cost under 0.1 s and 50 MB" awk \
	    '{ if ($1 + $2 >= 0.1 || $3 >= 50000) { print; exit 1 } }' \
	    "$T/bomb.time.last"
else
	ok "anchors: the billion laughs cost under 0.1 s # SKIP not an ordinary build"
fi
# cpu TAG CMD...: CMD's processor time in s into $T/TAG.cpu.
cpu() {
	tag=$1
	shift
	/usr/bin/time -o "$T/$tag.time" -f '%U %S' $WRAP ./deckpress "$@" \
	    >"$T/$tag.out" 2>"$T/$tag.err" || return 1
	awk '{ print $1 + $2 }' "$T/$tag.time" >"$T/$tag.cpu"
}
# A layout of 100 styles (each taking the one before, ten deep) and 100
# elements, extended by a chain of 20 layouts, each adding a style,
# moving an element by name and adding one; and the same layout alone.
many() {
	d=$T/$1
	mkdir -p "$d/text"
	printf 'game: cost\nlanguages: [en]\nlayout: ./layout.yaml\n' >"$d/deck.yaml"
	printf 'cards:\n  - {id: one}\n' >>"$d/deck.yaml"
	printf 'cards:\n  one: {}\n' >"$d/text/en.yaml"
	awk 'BEGIN { print "card: standard"; print "styles:"
	    for (i = 0; i < 100; i++)
		printf "  s%d: {fill: \"#0000%02x\", stroke_mm: 0.%d%s}\n", i, i,
		    i % 9 + 1, i % 10 ? ", style: s" i - 1 : ""
	    print "front:"
	    for (i = 0; i < 100; i++)
		printf "  - {name: e%d, type: rect, box_mm: [%d, %d, 5, 5], " \
		    "style: s%d}\n", i, i % 50 + 1, int(i / 50) * 40 + 2, i }' \
	    >"$d/l0.yaml"
	i=1
	while [ "$i" -le "$2" ]; do
		printf 'extends: ./l%d.yaml\nstyles: {t%d: {stroke_mm: 0.5}}\n' \
		    $((i - 1)) "$i" >"$d/l$i.yaml"
		printf 'front:\n  - {name: e%d, box_mm: [%d, 50, 5, 5]}\n' \
		    "$i" "$i" >>"$d/l$i.yaml"
		printf '  - {type: rect, box_mm: [%d, 60, 2, 2], style: t%d}\n' \
		    "$i" "$i" >>"$d/l$i.yaml"
		i=$((i + 1))
	done
	echo "extends: ./l$2.yaml" >"$d/layout.yaml"
}
many deep 20
many flat 0
check "costs: 100 styles and 20 layouts extending one another are read" \
    cpu deep check "$T/deep"
check "costs: the same 100 styles in one layout are read" \
    cpu flat check "$T/flat"
if ordinary; then
	check "costs: under 0.1 s more than one layout" awk \
	    -v a="$(cat "$T/deep.cpu")" -v b="$(cat "$T/flat.cpu")" \
	    'BEGIN { if (a - b >= 0.1) { print a " s against " b " s"; exit 1 } }'
else
	ok "costs: under 0.1 s more than one layout # SKIP not an ordinary build"
fi

summary "compose"
