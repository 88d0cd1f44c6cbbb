#!/bin/sh
# covers: readme, fonts, rich-text, check, cards
# The README's "Make it yours" card (tests/decks/yours), rendered and
# measured: it checks clean, its own font (fonts/Lobster.otf) and the
# installed family a <span font=...> names are embedded and subset, and
# check says where each face came from.  Needs fonts-dejavu-core, as
# .ci/setup installs it.
T=out/test/yours
. tests/suite.sh
Y=tests/decks/yours

check "yours: check passes with no diagnostic" sh -c '
    $1 ./deckpress check "$2" >"$3/check.out" 2>"$3/check.err" &&
    [ ! -s "$3/check.err" ] || { cat "$3/check.err"; exit 1; }' \
    sh "$WRAP" "$Y" "$T"
check "yours: check names the game's own font file" grep -qxF \
    "  Lobster Two Bold Italic <- $Y/fonts/Lobster.otf (the game's)" \
    "$T/check.out"
check "yours: check names the installed family of a <span font=>" \
    grep -q "^  DejaVu Serif <- .*DejaVuSerif.ttf (installed)$" \
    "$T/check.out"
check "yours: the cards render with no diagnostic" sh -c '
    $1 ./deckpress cards "$2" -o "$3/yours.pdf" >/dev/null 2>"$3/cards.err" &&
    [ ! -s "$3/cards.err" ] || { cat "$3/cards.err"; exit 1; }' \
    sh "$WRAP" "$Y" "$T"
check "yours: the game's Lobster Two embedded and subset" the_font \
    "$T/yours.pdf" LobsterTwo-BoldItalic
check "yours: the span's DejaVu Serif embedded and subset" the_font \
    "$T/yours.pdf" DejaVuSerif
check "yours: the coloured word and the text around it are text" sh -c '
    pdftotext -f 1 -l 1 "$1" - | tr "\n" " " |
    grep -q "star is red, take two"' sh "$T/yours.pdf"
summary yours
