#!/bin/sh
# covers: fonts, rich-text, booklet, pack, cards, determinism
# Faces inside a text, and the fonts of a booklet (tests/decks/faces):
# a face a text asks for with **bold**, *italic*, <b>, <i> or <span
# weight= style= font=> must be a face its family has (Pango would
# print the nearest one instead), an error at the tag naming the faces
# there are; a variable font has every weight of its axis; an icon is
# exempt.  A booklet's paragraph, heading or table with a character
# Roboto lacks is an error naming it and its code point, unless the
# language's fallback: has a font with it.  Each error: exit 1, no PDF.
# The test deck's fonts/ is made here from two fonts of other test
# decks, so no installed font decides: DejaVu Serif (regular only; it
# hides an installed DejaVu Serif with an italic) and Lobster Two (bold
# italic only).  Needs Inter, WenQuanYi Micro Hei and DejaVu Sans of
# .ci/setup (fonts-inter-variable, fonts-wqy-microhei,
# fonts-dejavu-core).
T=out/test/faces
. tests/suite.sh
# The test deck, the installed Inter named as fontconfig names it here.
F=$T/deck
deck_with_inter tests/decks/faces "$F"
inter=$(inter_family)

# deck NAME: a copy of the test deck at $T/NAME, with its fonts/.
deck() {
	mkdir -p "$T/$1/fonts"
	cp -R $F/. "$T/$1"
	cp tests/decks/fonts/fonts/DejaVuSerif.ttf \
	    tests/decks/yours/fonts/Lobster.otf "$T/$1/fonts"
}
# fails CMD NAME EXPECTED: deckpress CMD $T/NAME exits 1, writes no PDF,
# and says exactly EXPECTED (its lines) on stderr.
fails() {
	rm -f "$T/$2.pdf"
	rc=0
	$WRAP ./deckpress "$1" "$T/$2" -o "$T/$2.pdf" >/dev/null \
	    2>"$T/$2.$1.err" || rc=$?
	[ $rc -eq 1 ] || { echo "exit status $rc"; cat "$T/$2.$1.err"
	    return 1; }
	[ ! -e "$T/$2.pdf" ] || { echo "a PDF was written"; return 1; }
	printf '%s\n' "$3" | diff - "$T/$2.$1.err"
}
# passes CMD NAME: deckpress CMD $T/NAME writes its PDF, nothing on
# stderr.
passes() {
	$WRAP ./deckpress "$1" "$T/$2" -o "$T/$2-$1.pdf" >/dev/null \
	    2>"$T/$2.$1.err" && [ ! -s "$T/$2.$1.err" ] ||
	    { cat "$T/$2.$1.err"; return 1; }
}

# --- faces a card's text asks for -------------------------------------
deck good
check "faces: bold, italic, Lobster Two's bold italic, Inter at 650 render" \
    passes cards good
check "faces: Lobster Two Bold Italic is embedded" \
    the_font "$T/good-cards.pdf" LobsterTwo-BoldItalic
# Inter is variable: the MMMM at weight 650 (the element's) takes half
# as much ink again as the one a span sets at 300, the same size (twice
# as much in Inter 4.0 and 4.1; the one is 3.4 % wider in 4.0, 3.0 % in
# 4.1, which is no measure of its weight).
t_650() {
	a=$(word_ink "$T/good-cards.pdf" ">MMMM<" 1) || { echo "$a"; return 1; }
	b=$(word_ink "$T/good-cards.pdf" ">MMMM<" 2) || { echo "$b"; return 1; }
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(b > 1000 && a > b * 1.5) }' ||
	    { echo "650: $a pixels, 300: $b pixels at 600 dpi"; return 1; }
}
check "faces: Inter at weight 650 is drawn heavier than at 300" t_650
t_twice() {
	$WRAP ./deckpress cards "$T/good" -o "$T/good2.pdf" >/dev/null 2>&1 &&
	    cmp "$T/good-cards.pdf" "$T/good2.pdf"
}
check "faces: two renders are byte-identical" t_twice

deck bold
sed "s/title: 'Plain serif'/title: 'Plain **bold** serif'/" \
    $F/text/en.yaml >"$T/bold/text/en.yaml"
check "faces: **bold** in a family with no bold is an error at the **" \
    fails cards bold "$T/bold/text/en.yaml:3:19: error: card 'one' (en): title asks for 'DejaVu Serif' bold in 'bold', which has only regular
1 error, 0 warnings"

deck italic
sed "s|<span font=\"$inter\" weight=\"650\">six fifty</span>|<span font=\"DejaVu Serif\">a <i>slanted</i> word</span>|" \
    $F/text/en.yaml >"$T/italic/text/en.yaml"
check "faces: <i> inside <span font=\"DejaVu Serif\"> is an error at the <i>" \
    fails cards italic "$T/italic/text/en.yaml:4:138: error: card 'one' (en): body asks for 'DejaVu Serif' italic in 'slanted', which has only regular
1 error, 0 warnings"

deck regular
sed 's| weight="bold" style="italic">Lucky|>Lucky|' \
    $F/text/en.yaml >"$T/regular/text/en.yaml"
check "faces: <span font=\"Lobster Two\"> asks for its regular: an error" \
    fails cards regular "$T/regular/text/en.yaml:4:42: error: card 'one' (en): body asks for 'Lobster Two' regular in 'Lucky', which has only bold italic
1 error, 0 warnings"

deck semi
sed "s|<span font=\"$inter\" weight=\"650\">|<span weight=\"600\">|" \
    $F/text/en.yaml >"$T/semi/text/en.yaml"
check "faces: weight 600 in Roboto (400 and 700 only) is an error" \
    fails cards semi "$T/semi/text/en.yaml:4:110: error: card 'one' (en): body asks for 'Roboto' weight 600 in 'six fifty', which has only regular, italic, bold, bold italic
1 error, 0 warnings"

deck fixed
cat >>"$T/fixed/layout.yaml" <<'LAYOUT'
  - {type: text, text: 'Fixed **bold**', font: DejaVu Serif,
     box_mm: [5, 70, 53, 10], size_pt: 12}
LAYOUT
check "faces: **bold** in a layout's fixed text is an error at the text" \
    fails cards fixed "$T/fixed/layout.yaml:11:24: error: card 'one' (en): fixed text asks for 'DejaVu Serif' bold in 'bold', which has only regular
1 error, 0 warnings"

# --- booklets ---------------------------------------------------------
check "faces: the booklet renders" passes booklet good
deck glyph
sed 's/^A paragraph in Roboto, .*/Done ✓, counted 数./' $F/rules/en.md \
    >"$T/glyph/rules/en.md"
msg="$T/glyph/rules/en.md:3:1: error: a paragraph has characters no chosen font can show: '✓' U+2713, '数' U+6570 (add a font with them to the game's fonts/ or name one in fallback: of text/en.yaml)
1 error, 0 warnings"
check "faces: a booklet character Roboto lacks is an error naming it" \
    fails booklet glyph "$msg"
check "faces: the pack refuses it too" fails pack glyph "$msg"

deck fallback
cp "$T/glyph/rules/en.md" "$T/fallback/rules/en.md"
echo "fallback: [DejaVu Sans, WenQuanYi Micro Hei]" \
    >>"$T/fallback/text/en.yaml"
check "faces: with the language's fallback: the booklet renders" \
    passes booklet fallback
t_fallback_fonts() {
	the_font "$T/fallback-booklet.pdf" DejaVuSans &&
	    the_font "$T/fallback-booklet.pdf" WenQuanYiMicroHei &&
	    pdftotext "$T/fallback-booklet.pdf" - | grep -q "Done ✓, counted 数."
}
check "faces: ✓ and 数 from the fallbacks, embedded, as text" \
    t_fallback_fonts
check "faces: with the fallback the pack renders" passes pack fallback

deck heading
sed 's/^## Scoring/## Scoring *now*/' $F/rules/en.md \
    >"$T/heading/rules/en.md"
check "faces: *italic* in a condensed bold heading is an error" \
    fails booklet heading "$T/heading/rules/en.md:5:1: error: a heading asks for 'Roboto Condensed' bold italic in 'now', which has only bold
1 error, 0 warnings"

deck table
sed 's/^| x    | scored  |/| ✓    | scored  |/' $F/rules/en.md \
    >"$T/table/rules/en.md"
check "faces: a table cell's character Roboto lacks is an error" \
    fails booklet table "$T/table/rules/en.md:7:1: error: a table has characters no chosen font can show: '✓' U+2713 (add a font with them to the game's fonts/ or name one in fallback: of text/en.yaml)
1 error, 0 warnings"

summary faces
