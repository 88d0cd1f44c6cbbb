#!/bin/sh
# covers: fonts, svg, confinement, check, cards, determinism
# Fonts, measured (tests/decks/fonts): a game's own font file embedded
# and subset, the same family taken from the installed fonts when the
# game's file is gone, a missing face an error naming the faces there
# are, a variable font's weight, fallback fonts for Arabic and Chinese
# with the text in its logical order, right-to-left text laid right to
# left and aligned at its start, a character no chosen font has an
# error naming it, the game's fonts/ confined to itself, two games in
# one process each printed in its own font.  Needs the
# installed fonts of .ci/setup: fonts-dejavu-core, fonts-inter-variable,
# fonts-kacst-one, fonts-wqy-microhei.
T=out/test/fonts
. tests/suite.sh
# The test deck, the installed Inter named as fontconfig names it here.
F=$T/deck
deck_with_inter tests/decks/fonts "$F"

render() { $WRAP ./deckpress cards "$@" >/dev/null 2>&1; }
# fails DECK ERRFILE ARGS...: deckpress cards exits 1, no PDF written.
fails() {
	d=$1 e=$2
	shift 2
	rm -f "$T/bad.pdf"
	rc=0
	$WRAP ./deckpress cards "$d" -o "$T/bad.pdf" "$@" >/dev/null 2>"$e" ||
	    rc=$?
	[ $rc -eq 1 ] || { echo "exit status $rc"; cat "$e"; return 1; }
	[ ! -e "$T/bad.pdf" ] || { echo "a PDF was written"; return 1; }
}

# --- the game's own font ----------------------------------------------
check "fonts: the deck renders in English" render $F -o "$T/en.pdf"
check "fonts: the game's DejaVu Serif is embedded and subset" \
    the_font "$T/en.pdf" DejaVuSerif
t_check_game() {
	$WRAP ./deckpress check $F >"$T/check.txt" 2>/dev/null
	grep -qx "  DejaVu Serif <- $F/fonts/DejaVuSerif.ttf (the game's)" \
	    "$T/check.txt" &&
	grep -qx "  Roboto <- fonts/Roboto-Regular.ttf (deckpress's)" \
	    "$T/check.txt" || { cat "$T/check.txt"; return 1; }
}
check "fonts: check lists DejaVu Serif from the game's fonts/" t_check_game
# fails_with DECK ERRFILE PATTERN ARGS...: fails, and says PATTERN.
fails_with() {
	d=$1 e=$2 p=$3
	shift 3
	fails "$d" "$e" "$@" || return 1
	grep -q "$p" "$e" || { cat "$e"; return 1; }
}
# The installed DejaVu Serif has a bold italic; the game's family, a
# regular only, hides it: asking for bold italic is an error.
mkdir -p "$T/style"
cp -R $F/. "$T/style"
sed 's/font: DejaVu Serif,/font: DejaVu Serif, bold: true, italic: true,/' \
    $F/layout.yaml >"$T/style/layout.yaml"
check "fonts: a face the game's family lacks is an error naming its faces" \
    fails_with "$T/style" "$T/style.err" "layout.yaml:8:[0-9]*: error: font 'DejaVu Serif' has no bold italic; it has regular$"
mkdir -p "$T/weight"
cp -R $F/. "$T/weight"
sed 's/font: DejaVu Serif,/font: DejaVu Serif, weight: 300,/' \
    $F/layout.yaml >"$T/weight/layout.yaml"
check "fonts: weight: 300 of a family without it is an error" \
    fails_with "$T/weight" "$T/weight.err" "layout.yaml:8:[0-9]*: error: font 'DejaVu Serif' has no weight 300; it has regular$"

# --- the same family, installed ---------------------------------------
mkdir -p "$T/installed"
cp -R $F/. "$T/installed"
rm -r "$T/installed/fonts"
t_installed() {
	render "$T/installed" -o "$T/installed.pdf" &&
	    the_font "$T/installed.pdf" DejaVuSerif || return 1
	$WRAP ./deckpress check "$T/installed" >"$T/installed.txt" 2>/dev/null
	grep -q "^  DejaVu Serif <- /.*/DejaVuSerif.ttf (installed)$" \
	    "$T/installed.txt" || { cat "$T/installed.txt"; return 1; }
}
check "fonts: without the game's file, the installed DejaVu Serif" \
    t_installed

# --- the game's fonts/ is its own -------------------------------------
mkdir -p "$T/link"
cp -R $F/. "$T/link"
rm "$T/link/fonts/DejaVuSerif.ttf"
ln -s "$(pwd)/$F/fonts/DejaVuSerif.ttf" "$T/link/fonts/DejaVuSerif.ttf"
check "fonts: a font file linking out of the game's folder is refused" \
    fails_with "$T/link" "$T/link.err" "fonts/DejaVuSerif.ttf is outside the game's folder (a symbolic link leads out of it)"
mkdir -p "$T/linkdir"
cp -R $F/. "$T/linkdir"
rm -r "$T/linkdir/fonts"
ln -s "$(pwd)/$F/fonts" "$T/linkdir/fonts"
check "fonts: a fonts/ folder linking out of the game's folder is refused" \
    fails_with "$T/linkdir" "$T/linkdir.err" "fonts: error: fonts/ is outside the game's folder (a symbolic link leads out of it)"
mkdir -p "$T/notfont"
cp -R $F/. "$T/notfont"
echo "not a font" >"$T/notfont/fonts/Fake.ttf"
check "fonts: a file that is no font is an error" \
    fails_with "$T/notfont" "$T/notfont.err" "fonts/Fake.ttf is not a font file"

# --- a variable font's weight -----------------------------------------
# Inter (installed, one variable file): MMMMMM at weight 300 and 800,
# the same size; the heavier is wider.
t_weights() {
	a=$(word_width "$T/en.pdf" MMMMMM 1) b=$(word_width "$T/en.pdf" MMMMMM 2)
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 0 && b > a * 1.03) }' ||
	    { echo "300: $a pt, 800: $b pt"; return 1; }
}
check "fonts: Inter at weight 800 is wider than at 300" t_weights

# --- fallback: Arabic and Chinese -------------------------------------
check "fonts: the deck renders in Arabic" render $F --lang ar -o "$T/ar.pdf"
# pdftotext marks Arabic runs with U+202B ... U+202C: taken out.
t_logical() {
	pdftotext "$T/ar.pdf" - | sed 's/\xe2\x80\xab//g; s/\xe2\x80\xac//g' \
	    >"$T/ar.txt"
	grep -qx "مرحبا بالعالم" "$T/ar.txt" &&
	    grep -qx "你好 مرحبا" "$T/ar.txt" || { cat "$T/ar.txt"; return 1; }
}
check "fonts: Arabic and Chinese words come back in their logical order" \
    t_logical
t_fallbacks() {
	the_font "$T/ar.pdf" KacstOne && the_font "$T/ar.pdf" WenQuanYiMicroHei
}
check "fonts: the fallback fonts are embedded" t_fallbacks
# The body "مرحبا بالعالم", align: left: its first word (with ح) right
# of its second (with ع), and its line ends at the box's right edge,
# where it starts: the card's trim is at 29.76 pt, the box 5 to 58 mm.
glyph_x() {
	pdftotext -bbox "$1" - | awk -v g="$2" 'index($0, ">" g "<") {
	    match($0, /xMin="[0-9.]+"/)
	    print substr($0, RSTART + 6, RLENGTH - 7); exit }'
}
t_rtl() {
	h=$(glyph_x "$T/ar.pdf" ح) a=$(glyph_x "$T/ar.pdf" ع)
	r=$(pdftotext -bbox "$T/ar.pdf" - | grep 'yMin="104\.' |
	    sed 's/.*xMax="\([0-9.]*\)".*/\1/' | sort -n | tail -1)
	awk -v h="$h" -v a="$a" -v r="$r" 'BEGIN {
	    e = 29.764 + 58 * 72 / 25.4
	    exit !(h > a && r - e < 0.5 && e - r < 0.5) }' ||
	    { echo "ح at $h, ع at $a, line ends at $r"; return 1; }
}
check "fonts: an Arabic line runs right to left, aligned at its start" t_rtl
# Without the fallbacks: each missing character named, exit 1, no PDF.
mkdir -p "$T/nofb"
cp -R $F/. "$T/nofb"
sed -i '/^fallback:/d; s/fallback: \[[^]]*\], //' "$T/nofb/layout.yaml" \
    "$T/nofb/text/ar.yaml"
check "fonts: without fallbacks, an error names each character" \
    fails_with "$T/nofb" "$T/nofb.err" "text/ar.yaml:8:9: error: card 'one' (ar): zh has characters no chosen font can show: '你' U+4F60, '好' U+597D, 'م' U+0645, 'ر' U+0631, 'ح' U+062D, 'ب' U+0628, 'ا' U+0627 (add a font with them to the game's fonts/ or name one in fallback:)" --lang ar
mkdir -p "$T/badfb"
cp -R $F/. "$T/badfb"
sed -i 's/^fallback: .*/fallback: [Kacst Onee]/' "$T/badfb/text/ar.yaml"
check "fonts: an unknown fallback family is an error at the language's key" \
    fails_with "$T/badfb" "$T/badfb.err" "text/ar.yaml:2:11: error: unknown font 'Kacst Onee'; did you mean 'KacstOne'?" --lang ar

# --- text in an SVG ---------------------------------------------------
# art/sign.svg sets "SVG sign" in red in the bundled Roboto, bold: no
# machine has it installed, so librsvg finds it only through deckpress's
# fonts; in DejaVu Sans Bold (what fontconfig's own configuration gives
# for a family it lacks) the same words are a fifth wider.
red_width() {
	measure_page "$1" 1 "$1.m" &&
	    awk '$2 == "#c82828" { print $5 - $3 }' "$1.m"
}
mkdir -p "$T/svg"
cp -R $F/. "$T/svg"
sed 's/font-family="Roboto"/font-family="DejaVu Sans"/' $F/art/sign.svg \
    >"$T/svg/art/sign.svg"
t_svg_font() {
	render "$T/svg" -o "$T/svg.pdf" || return 1
	a=$(red_width "$T/en.pdf") b=$(red_width "$T/svg.pdf")
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 20 && b > 1.15 * a) }' ||
	    { echo "Roboto Bold $a mm, DejaVu Sans Bold $b mm"; return 1; }
}
check "fonts: an SVG's text is drawn in the family it names: the bundled Roboto, the installed DejaVu Sans" t_svg_font
check "fonts: the deck's SVG names known families: no warning" sh -c '
    $1 ./deckpress cards "$2" -o "$3" 2>"$4" >/dev/null && [ ! -s "$4" ] ||
    { cat "$4"; exit 1; }' sh "$WRAP" $F "$T/quiet.pdf" "$T/quiet.err"
mkdir -p "$T/svgbad"
cp -R $F/. "$T/svgbad"
sed "s/font-family=\"Roboto\"/style=\"font-family: 'Comic Neue', serif\"/" \
    $F/art/sign.svg >"$T/svgbad/art/sign.svg"
t_svg_warn() {
	$WRAP ./deckpress cards "$T/svgbad" -o "$T/svgbad.pdf" >/dev/null \
	    2>"$T/svgbad.err" || return 1
	grep -q "layout.yaml:18:25: warning: card 'one': image .*art/sign.svg names font family 'Comic Neue', which none of the fonts has" \
	    "$T/svgbad.err" && [ "$(grep -c warning: "$T/svgbad.err")" -eq 1 ] ||
	    { cat "$T/svgbad.err"; return 1; }
}
check "fonts: an SVG naming a family no font has is warned of" t_svg_warn

# --- two games in one process -----------------------------------------
# deckpress all -j 1 renders one game after the other in one process,
# each game's font read through a copy named /proc/self/fd/N: Cairo,
# which keeps the faces it opened by their file's name, must never draw
# the second game's text with the first one's font.
for g in one two; do
	mkdir -p "$T/all-$g/text" "$T/all-$g/fonts"
	printf 'game: %s\nlanguages: [en]\nlayout: ./layout.yaml\ncards:\n  - {id: one}\n' \
	    "$g" >"$T/all-$g/deck.yaml"
	printf 'cards:\n  one: {title: One}\n' >"$T/all-$g/text/en.yaml"
done
cp tests/decks/fonts/fonts/DejaVuSerif.ttf "$T/all-one/fonts/Own.ttf"
cp tests/decks/yours/fonts/Lobster.otf "$T/all-two/fonts/Own.ttf"
printf 'card: standard\nfront:\n  - {type: text, field: title, box_mm: [6, 6, 51, 20], size_pt: 12, font: %s}\n' \
    "DejaVu Serif" >"$T/all-one/layout.yaml"
printf 'card: standard\nfront:\n  - {type: text, field: title, box_mm: [6, 6, 51, 20], size_pt: 12, font: %s}\n' \
    "Lobster Two, bold: true, italic: true" >"$T/all-two/layout.yaml"
t_two_games() {
	$WRAP ./deckpress all "$T/all-one" "$T/all-two" -j 1 -d "$T/all" \
	    >/dev/null 2>"$T/all.err" || { cat "$T/all.err"; return 1; }
	the_font "$T/all/one-en-cards.pdf" DejaVuSerif &&
	    the_font "$T/all/two-en-cards.pdf" LobsterTwo-BoldItalic || return 1
	! pdffonts "$T/all/two-en-cards.pdf" | grep DejaVu
}
check "fonts: two games in one process each print their own font" \
    t_two_games

# --- the installed fonts, read only when a game names one -------------
# fontconfig's system configuration, here one it warns of (its own
# includes it), is read only when a family is none of the game's or
# deckpress's: the game with its own DejaVu Serif never reads it;
# without that file the installed DejaVu Serif is found, through it.
printf '<?xml version="1.0"?>\n<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><deckpress-test/></fontconfig>\n' \
    >"$T/warn.conf"
mkdir -p "$T/lazy-inst"
cp -R "$T/all-one/." "$T/lazy-inst"
rm -r "$T/lazy-inst/fonts"
# lazy DECK PDF ERR: render DECK with that configuration.
lazy() {
	FONTCONFIG_FILE="$(pwd)/$T/warn.conf" $WRAP ./deckpress cards "$1" \
	    -o "$2" >/dev/null 2>"$3" || { cat "$3"; return 1; }
}
t_lazy_own() {
	lazy "$T/all-one" "$T/lazy-own.pdf" "$T/lazy-own.err" &&
	    the_font "$T/lazy-own.pdf" DejaVuSerif || return 1
	! grep . "$T/lazy-own.err"
}
check "fonts: a game of its own and deckpress's fonts reads no system configuration" \
    t_lazy_own
t_lazy_inst() {
	lazy "$T/lazy-inst" "$T/lazy-inst.pdf" "$T/lazy-inst.err" &&
	    the_font "$T/lazy-inst.pdf" DejaVuSerif || return 1
	grep -q 'unknown element "deckpress-test"' "$T/lazy-inst.err" ||
	    { cat "$T/lazy-inst.err"; return 1; }
}
check "fonts: a game naming an installed family reads it then" t_lazy_inst

# --- same input, same bytes -------------------------------------------
render $F --lang ar -o "$T/ar2.pdf"
check "fonts: two renders are byte-identical" cmp "$T/ar.pdf" "$T/ar2.pdf"

summary fonts
