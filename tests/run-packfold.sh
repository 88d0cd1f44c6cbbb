#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: pack, gutterfold, duplex, printer-profile, sheets, all, watch,
#         cards, check
#
# Every duplex mode in the print-and-play pack (issue 23): pack
# --duplex long|short|none|fold and the printer profile's duplex, as
# cards prints them; the cover and the index say how to print (and
# fold) that pack; all and watch make packs in that mode.  Gutterfold
# pages are rasterised at 600 dpi (pdftoppm -aa no, one pixel 0.042 mm)
# and measured with out/test/measure -p: every back at its front's
# mirror about the dashed fold line +- 0.1 mm.  Test games: a small one
# made here from tests/decks/print/sizes (every card coloured on its
# own, so each back is told from the others), the tests' copy of Data
# Chain (tests/decks/data-chain), the component test game and the
# bundled Serious Privacy.  Prints "ok - NAME" / "not ok - NAME".
T=out/test/packfold
. tests/suite.sh

MEASURE=./out/test/measure
${MAKE:-make} -s $MEASURE

pack() { $WRAP ./deckpress pack "$@"; }
pages() { pdfinfo "$1" | awk '/^Pages:/ { print $2 }'; }
# first_sheet OUT: the page of the first card sheet, from pack's line
# "FILE: N pages (instructions from page 3, cards from 8)".
first_sheet() { sed -n 's/.*cards from \([0-9]*\)).*/\1/p' "$1"; }
text() { pdftotext -layout -f "$2" -l "$2" "$1" - | tr -s ' \n' '  '; }
# has PDF PAGE STRING...: page PAGE's text holds each STRING.
has() {
	f=$1 p=$2
	shift 2
	t=$(text "$f" "$p")
	for s in "$@"; do
		case "$t" in
		*"$s"*) ;;
		*) echo "page $p of $f lacks \"$s\": $t" | cut -c1-600; return 1 ;;
		esac
	done
}
# lacks PDF STRING: no page of PDF holds STRING.
lacks() {
	if pdftotext "$1" - | tr -s ' \n' '  ' | grep -qF "$2"; then
		echo "$1 holds \"$2\""
		return 1
	fi
}

# mirror_ok M N: on gutterfold page M (measure -p output), each card --
# the union of the coloured parts that touch, cards spaced apart -- on
# one side of the dashed fold line (#666666) has, on the other side, one
# at its mirror about the line +- 0.1 mm; N cards on each side.
mirror_ok() {
	awk -v want="$2" '
	function abs(v) { return v < 0 ? -v : v }
	function near(a, b) { return abs(a - b) <= 0.1 }
	function find(i) { while (par[i] != i) i = par[i]; return i }
	$1 == "color" && $2 == "#666666" { fx0 = $3; fy0 = $4; fx1 = $5; fy1 = $6; hasf = 1 }
	$1 == "part" && $2 != "#666666" && $2 != "#999999" {
		n++; x0[n] = $3; y0[n] = $4; x1[n] = $5; y1[n] = $6; par[n] = n
	}
	END {
		if (!hasf) { print "no fold line"; exit 1 }
		vert = fy1 - fy0 > fx1 - fx0
		F = vert ? (fx0 + fx1) / 2 : (fy0 + fy1) / 2
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
			if (x0[i] <= x1[j] + 0.05 && x0[j] <= x1[i] + 0.05 &&
			    y0[i] <= y1[j] + 0.05 && y0[j] <= y1[i] + 0.05) {
				a = find(i); b = find(j); if (a != b) par[a] = b
			}
		for (i = 1; i <= n; i++) {
			r = find(i)
			if (!(r in X0)) { X0[r] = x0[i]; Y0[r] = y0[i]; X1[r] = x1[i]; Y1[r] = y1[i]; c[++nc] = r }
			if (x0[i] < X0[r]) X0[r] = x0[i]; if (y0[i] < Y0[r]) Y0[r] = y0[i]
			if (x1[i] > X1[r]) X1[r] = x1[i]; if (y1[i] > Y1[r]) Y1[r] = y1[i]
		}
		for (k = 1; k <= nc; k++) {
			r = c[k]
			if ((vert ? X1[r] : Y1[r]) < F) na++; else { nb++; continue }
			if (vert) { mx0 = 2 * F - X1[r]; mx1 = 2 * F - X0[r]; my0 = Y0[r]; my1 = Y1[r] }
			else { mx0 = X0[r]; mx1 = X1[r]; my0 = 2 * F - Y1[r]; my1 = 2 * F - Y0[r] }
			hit = 0
			for (m = 1; m <= nc; m++) { q = c[m]
				if (near(X0[q], mx0) && near(X1[q], mx1) && near(Y0[q], my0) && near(Y1[q], my1)) hit = 1 }
			if (!hit) { printf "card at %.3f,%.3f to %.3f,%.3f: nothing at its mirror %.3f,%.3f to %.3f,%.3f\n", X0[r], Y0[r], X1[r], Y1[r], mx0, my0, mx1, my1; bad++ }
		}
		if (na != want || nb != want) { printf "%d cards before the fold, %d after; expected %d each\n", na, nb, want; bad++ }
		exit bad > 0
	}' "$1"
}

# --- 1. a small test game: two kinds, each card coloured on its own ------------
# Standard 63 x 88 (9 cards) and tarot 70 x 120 (4) of the print test
# game.  Gutterfold on A4 (tests/run-print.sh section 4): standard 4 a
# page, turned, fold across (h): pages of 4, 4, 1; tarot 2 a page,
# upright: 2, 2.  The kinds with backs print first, in the deck's order.
g=$T/game
S=tests/decks/print/sizes
mkdir -p "$g/rules" "$g/text"
cp "$S/standard.yaml" "$S/tarot.yaml" "$g/"
grep -v -e '^  poker:' -e '^  mini:' -e '^  cornered:' -e '^  spaced:' \
    -e 'component: poker' -e 'component: mini' -e 'component: cornered' \
    -e 'component: spaced' "$S/deck.yaml" >"$g/deck.yaml"
grep -v -e '^  poker:' -e '^  mini:' -e '^  cornered:' -e '^  spaced:' \
    "$S/text/en.yaml" >"$g/text/en.yaml"
printf '# Print Test\n\n## How to play\n\nDeal the cards.\n' >"$g/rules/en.md"

pack "$g" --duplex fold -o "$T/game-fold.pdf" >"$T/game-fold.out"
s0=$(first_sheet "$T/game-fold.out")
check "small game, pack --duplex fold: 5 sheets after the first at page $s0, nothing after (no credits)" \
    test "$(pages "$T/game-fold.pdf")" = $((s0 + 4))
# pdfpage fold first n gg cw ch
GAME='0 h 0 4 40 63 88
1 h 4 4 40 63 88
2 h 8 1 40 63 88
3 h 0 2 80 70 120
4 h 2 2 80 70 120'
# The sheets s0 + k through one pdftoppm and one measure (measure PAGES
# OUT...): pdftoppm renders each page into the memory of the one before,
# where a pdftoppm a page maps its 100 MB bitmap anew (~0.08 s of system
# CPU).  Should it fail, the suite goes on (set -e), the checks without
# their .m failing.
outs=
while read -r k fold first n gg cw ch; do
	outs="$outs $T/game-$k.m"
	kn=$k
done <<EOF
$GAME
EOF
# shellcheck disable=SC2086
pdftoppm -r 600 -aa no -aaVector no -f "$s0" -l $((s0 + kn)) \
    "$T/game-fold.pdf" | $MEASURE -p /dev/stdin $outs || :
while read -r k fold first n gg cw ch; do
	check "small game, pack --duplex fold, page $((s0 + k)): $n backs, each at its front's mirror about the fold line +- 0.1, turned as the fold turns it" \
	    fold_ok "$T/game-$k.m" "$fold" "$first" "$n" "$gg" 210 297 \
	    "$cw" "$ch" "#303030"
done <<EOF
$GAME
EOF
check "small game, pack --duplex fold: the cover says to print single-sided and fold along the dashed line" \
    has "$T/game-fold.pdf" 1 "single-sided" "Fold the sheets" \
    "Fold each sheet along its dashed line" "Then cut through both layers"
check "small game, pack --duplex fold: the index says which pages to print, fold and cut" \
    has "$T/game-fold.pdf" 2 "Print pages $s0 to $((s0 + 4)) single-sided, then fold each sheet along its dashed line"
check "small game, pack --duplex fold: no padding page (single-sided)" \
    lacks "$T/game-fold.pdf" "intentionally left blank"
cards_fold() { ./deckpress cards "$g" --duplex fold -o "$T/game-cards.pdf" >/dev/null; }
cards_fold
check "small game: the pack's sheets are as many as cards --duplex fold's" \
    test "$(pages "$T/game-cards.pdf")" = 5

# A printer profile's duplex: fold is --duplex fold.
printf 'paper: a4\nduplex: fold\n' >"$T/printer.yaml"
pack "$g" --printer "$T/printer.yaml" -o "$T/game-profile.pdf" >/dev/null
check "small game: a printer profile with duplex: fold gives the PDF of --duplex fold, byte for byte" \
    cmp "$T/game-profile.pdf" "$T/game-fold.pdf"
pack "$g" --printer "$T/printer.yaml" --duplex long -o "$T/game-over.pdf" >/dev/null
pack "$g" -o "$T/game-long.pdf" >/dev/null
check "small game: --duplex long wins over the profile's fold" \
    cmp "$T/game-over.pdf" "$T/game-long.pdf"

# all --duplex fold: the cards and the pack of the game in that mode.
./deckpress all "$g" --duplex fold -j 1 -d "$T/all" >/dev/null 2>"$T/all.err"
check "all --duplex fold: the pack is pack --duplex fold's, byte for byte" \
    cmp "$T/all/print-en-pack.pdf" "$T/game-fold.pdf"
check "all --duplex fold: the card sheets are cards --duplex fold's, byte for byte" \
    cmp "$T/all/print-en-cards.pdf" "$T/game-cards.pdf"
./deckpress all "$g" -j 1 -d "$T/all-long" >/dev/null 2>&1
check "all without --duplex: the long-edge pack, as before" \
    cmp "$T/all-long/print-en-pack.pdf" "$T/game-long.pdf"

# watch --pack --duplex fold builds the fold pack.
./deckpress watch "$g" --pack --duplex fold -o "$T/watch.pdf" \
    >"$T/watch.out" 2>&1 &
wpid=$!
i=0
while [ $i -lt 100 ] && ! grep -q built "$T/watch.out"; do
	sleep 0.1
	i=$((i + 1))
done
kill "$wpid" 2>/dev/null || true
wait "$wpid" 2>/dev/null || true
check "watch --pack --duplex fold: builds the pack of pack --duplex fold" \
    cmp "$T/watch.pdf" "$T/game-fold.pdf"

# --- 2. Data Chain --------------------------------------------------------------
# 52 cards 63 x 88, on A4: fold across, 4 a page, 13 pages.  Its cards
# touch (bleed only round the block): with --spacing 4 each is a part of
# its own on the raster, and the vertical fold holds 3 a page (18 pages).
D=tests/decks/data-chain	# the tests' own copy: its sheets are counted
pack $D --duplex fold -o "$T/dc-fold.pdf" >"$T/dc-fold.out"
d0=$(first_sheet "$T/dc-fold.out")
./deckpress cards $D --duplex fold -o "$T/dc-cards.pdf" >/dev/null
check "Data Chain, pack --duplex fold: 13 sheets, then the credits" \
    test "$(pages "$T/dc-fold.pdf")" = $((d0 + 13))
# The pack's sheets are the cards' gutterfold pages, every one.
pdftoppm -r 20 -f "$d0" -l $((d0 + 12)) "$T/dc-fold.pdf" "$T/dcp"
pdftoppm -r 20 "$T/dc-cards.pdf" "$T/dcc"
same_sheets() {
	for k in $(seq 0 12); do
		a=$(printf '%s-%02d.ppm' "$T/dcp" $((d0 + k)))
		b=$(printf '%s-%02d.ppm' "$T/dcc" $((k + 1)))
		cmp -s "$a" "$b" || { echo "sheet $((k + 1)) differs ($a, $b)"; return 1; }
	done
}
check "Data Chain, pack --duplex fold: its 13 sheets look as cards --duplex fold's" same_sheets
pack $D --duplex fold --spacing 4 -o "$T/dc-spaced.pdf" >"$T/dc-spaced.out"
e0=$(first_sheet "$T/dc-spaced.out")
# The three sheets gathered by qpdf, each with the objects it is drawn
# from (so it rasterises as in its own PDF), into one PDF for one
# pdftoppm, as the small game's above (qpdf exits 3 on a warning, the
# pages copied all the same).
{ qpdf --empty --pages "$T/dc-fold.pdf" "$d0" "$T/dc-spaced.pdf" \
    "$e0,$((e0 + 17))" -- "$T/dc-sheets.pdf" || [ $? -eq 3 ]; } &&
    pdftoppm -r 600 -aa no -aaVector no "$T/dc-sheets.pdf" |
    $MEASURE -p /dev/stdin "$T/dc-first.m" "$T/dcs-first.m" \
    "$T/dcs-last.m" || :
check "Data Chain, pack --duplex fold: the block of backs at the mirror of the fronts' about the fold line, first sheet" \
    mirror_ok "$T/dc-first.m" 1
check "Data Chain, pack --duplex fold --spacing 4, first sheet: 3 cards, each back at its front's mirror +- 0.1" \
    mirror_ok "$T/dcs-first.m" 3
check "Data Chain, pack --duplex fold --spacing 4, last sheet: its 1 card's back at the front's mirror +- 0.1" \
    mirror_ok "$T/dcs-last.m" 1
check "Data Chain, pack --duplex fold: the cover names folding" \
    has "$T/dc-fold.pdf" 1 "Fold the sheets" "Fold each sheet along its dashed line"
# Data Chain writes its own cutting text, for sheets of touching cards
# ("four cuts across"): a folded sheet is cut through both layers, in
# deckpress's words for it.
fold_cuts() {
	has "$T/dc-fold.pdf" 1 "cut the cards out through both layers" &&
	    lacks "$T/dc-fold.pdf" "four cuts across"
}
check "Data Chain, pack --duplex fold: the cover's cutting step is the folded sheet's, not the game's own" \
    fold_cuts
pack $D --duplex fold --lang es -o "$T/dc-es.pdf" >/dev/null
check "Data Chain es, pack --duplex fold: the Spanish cover names folding (deckpress's strings)" \
    has "$T/dc-es.pdf" 1 "Doble las hojas" "línea discontinua"

# --- 2b. a whole kit folded ----------------------------------------------------
# The component test game (tests/decks/components, a booklet added
# here): its three decks of cards fold, 4 a page (alpha 11, beta 9,
# gamma 4: pages of 3, 3 and 1); its two-sided round coins cannot (no
# grid half to mirror into) and print as none prints them, fronts then
# backs (2 pages); its tokens, board and sheets have no backs (2, 4 and
# 2 pages).  The index names each part with its own note, the pages in
# order.
k=$T/kit
rm -rf "$k" && cp -R tests/decks/components "$k" && mkdir -p "$k/rules" &&
    printf '# Component Test\n\nPlay.\n' >"$k/rules/en.md"
pack "$k" --duplex fold -o "$T/kit-fold.pdf" >"$T/kit-fold.out" 2>"$T/kit-fold.err"
./deckpress cards "$k" --duplex fold -o "$T/kit-cards.pdf" >"$T/kit-cards.out" 2>&1
p0=$(first_sheet "$T/kit-fold.out")
check "kit, pack --duplex fold: made, its 17 sheets those of cards --duplex fold, nothing after" \
    sh -c "grep -q '135 components, 17 pages' $T/kit-cards.out &&
    test \"\$(pdfinfo $T/kit-fold.pdf | awk '/^Pages:/ { print \$2 }')\" = $((p0 + 16))"
check "kit, pack --duplex fold: the index folds the decks, prints the coins fronts then backs, the rest single-sided" \
    has "$T/kit-fold.pdf" 2 "Print pages $p0 to $((p0 + 6)) single-sided, then fold each sheet" \
    "Pages $((p0 + 7)) to $((p0 + 8)) hold the fronts first, then the backs" \
    "Print pages $((p0 + 9)) to $((p0 + 16)) single-sided: they have no backs"
# The coins' back page: each back at the long-edge mirror of its front,
# as --duplex none prints it (measured in run-components.sh).
pdftoppm -r 20 -f $((p0 + 7)) -l $((p0 + 8)) "$T/kit-fold.pdf" "$T/kitp"
pdftoppm -r 20 -f 8 -l 9 "$T/kit-cards.pdf" "$T/kitc"
check "kit, pack --duplex fold: the coins' two pages look as cards --duplex fold's" \
    sh -c "cmp -s $T/kitp-$((p0 + 7)).ppm $T/kitc-08.ppm && cmp -s $T/kitp-$((p0 + 8)).ppm $T/kitc-09.ppm"

# Printed fronts then backs (none), each kind of the kit is a part of its
# own -- its backs follow its own fronts --, but gamma's 4 cards and the
# 7 coins, which share a sheet: the index says so part by part.
pack "$k" --duplex none -o "$T/kit-none.pdf" >"$T/kit-none.out"
q0=$(first_sheet "$T/kit-none.out")
check "kit, pack --duplex none: a note per part, its fronts then its backs" \
    has "$T/kit-none.pdf" 2 "Pages $q0 to $((q0 + 3)) hold the fronts first" \
    "Pages $((q0 + 4)) to $((q0 + 5)) hold the fronts first" \
    "Pages $((q0 + 6)) to $((q0 + 7)) hold the fronts first" \
    "Print pages $((q0 + 8)) to $((q0 + 15)) single-sided: they have no backs"

# The bundled kit, Serious Privacy, folded: made, and every page of its
# card sheets as cards --duplex fold prints it, as many as that has.
sp=cards/serious-privacy
pack $sp --duplex fold -o "$T/sp-fold.pdf" >"$T/sp-fold.out" 2>"$T/sp-fold.err"
./deckpress cards $sp --duplex fold -o "$T/sp-cards.pdf" >"$T/sp-cards.out" 2>&1
p0=$(first_sheet "$T/sp-fold.out")
spn=$(pages "$T/sp-cards.pdf")
# (pdftoppm pads the page numbers alike in a run: in name order, the
# rasters are in page order.)
sp_sheets() {
	[ -s "$T/sp-fold.pdf" ] && [ "${spn:-0}" -gt 0 ] || return 1
	rm -rf "$T/spp" "$T/spc"
	mkdir -p "$T/spp" "$T/spc"
	pdftoppm -r 20 -f "$p0" -l $((p0 + spn - 1)) "$T/sp-fold.pdf" "$T/spp/p"
	pdftoppm -r 20 "$T/sp-cards.pdf" "$T/spc/p"
	ls "$T/spp" >"$T/spp.ls"
	ls "$T/spc" >"$T/spc.ls"
	[ "$(wc -l <"$T/spp.ls")" = "$spn" ] && [ "$(wc -l <"$T/spc.ls")" = "$spn" ] ||
	    { echo "$(wc -l <"$T/spp.ls") pack pages, $(wc -l <"$T/spc.ls") cards pages"; return 1; }
	paste "$T/spp.ls" "$T/spc.ls" | while read -r a b; do
		cmp -s "$T/spp/$a" "$T/spc/$b" ||
		    { echo "pack page $a differs from cards page $b"; exit 1; }
	done
}
check "Serious Privacy, pack --duplex fold: made, its $spn sheets look as cards --duplex fold's, page for page" \
    sp_sheets

# --- 3. short and none -----------------------------------------------------------
# Data Chain's en writes its own 'printing' (the long edge): short and
# none take deckpress's strings of their mode.
pack $D --duplex short -o "$T/dc-short.pdf" >"$T/dc-short.out"
pack $D --duplex none -o "$T/dc-none.pdf" >"$T/dc-none.out"
pack $D -o "$T/dc-long.pdf" >"$T/dc-long.out"
s0=$(first_sheet "$T/dc-short.out")
n0=$(first_sheet "$T/dc-none.out")
check "pack --duplex short: the cover says to flip on the short edge" \
    has "$T/dc-short.pdf" 1 "flip on the short edge"
check "pack --duplex short: the index says which pages, flipped on the short edge" \
    has "$T/dc-short.pdf" 2 "Print pages $s0 to $((s0 + 11)) double-sided, flipping on the short edge"
check "pack --duplex short: the first sheet on an odd page ($s0)" \
    test $((s0 % 2)) = 1
check "pack --duplex none: the cover says single-sided, fronts then backs" \
    has "$T/dc-none.pdf" 1 "single-sided" "all the fronts come first, then all the backs"
check "pack --duplex none: the index names the fronts' and backs' pages" \
    has "$T/dc-none.pdf" 2 "Pages $n0 to $((n0 + 11)) hold the fronts first, then the backs"
check "pack --duplex none: no padding page (single-sided)" \
    lacks "$T/dc-none.pdf" "intentionally left blank"
check "pack --duplex none: 12 sheets (6 fronts, 6 backs), then the credits" \
    test "$(pages "$T/dc-none.pdf")" = $((n0 + 12))
check "pack (long, the default): the game's own printing text" \
    has "$T/dc-long.pdf" 1 "flip on the long edge"
check "pack --duplex long: the same PDF as no --duplex" \
    sh -c "./deckpress pack $D --duplex long -o $T/dc-long2.pdf >/dev/null && cmp $T/dc-long2.pdf $T/dc-long.pdf"

# --- 4. a translation without the fold strings -----------------------------------
# Dutch: the game's own pack strings, no deckpress defaults: its long
# pack prints, its fold pack is refused, naming the strings it lacks at
# its file; check does not count them as missing.
n=$T/nl
cp -R "$g" "$n"
sed 's/^languages: .*/languages: [en, nl]/' "$g/deck.yaml" >"$n/deck.yaml"
cp "$g/rules/en.md" "$n/rules/nl.md"
{
	cat "$g/text/en.yaml"
	sed -n '/^pack:/,$p' layouts/pack/en.yaml |
	    grep -v -e '^  [a-z-]*-short:' -e '^  [a-z-]*-none:' \
	    -e '^  [a-z-]*-fold:' -e '^  folding:' -e '^  fold-title:'
	echo '  same: [preparation, paper, print-title, printing, cut-title, cutting, sleeve-title, sleeving, reading-title, reading, index, instructions, cards, cards-note, blank, credits, authors, design, components, single-note, assemble-title, assembling]'
} >"$n/text/nl.yaml"
pack "$n" --lang nl -o "$T/nl-long.pdf" >/dev/null 2>"$T/nl-long.err"
check "nl without fold strings: its long pack prints" test -s "$T/nl-long.pdf"
rc=0
pack "$n" --lang nl --duplex fold -o "$T/nl-fold.pdf" >/dev/null \
    2>"$T/nl-fold.err" || rc=$?
check "nl, pack --duplex fold: exit 1, nothing written" \
    sh -c "test $rc = 1 && test ! -e $T/nl-fold.pdf"
line=$(grep -n '^pack:' "$n/text/nl.yaml" | cut -d: -f1)
check "nl, pack --duplex fold: an error at text/nl.yaml's pack: naming printing-fold, cards-note-fold, fold-title and folding" \
    grep -qF "$n/text/nl.yaml:$line:1: error: the pack has no text in 'nl' for printing-fold, cutting-fold, cards-note-fold, fold-title, folding; write them under 'pack:' in text/nl.yaml" \
    "$T/nl-fold.err"
rc=0
./deckpress check "$n" --lang nl >"$T/nl-check.out" 2>"$T/nl-check.err" || rc=$?
check "nl: check passes (exit 0), the fold strings are not asked of it" \
    sh -c "test $rc = 0 && ! grep -q -e printing- -e cards-note- -e fold-title -e folding $T/nl-check.err"
check "nl: check counts no missing string" \
    grep -q "nl .* 0 missing" "$T/nl-check.out"

# --- 5. usage --------------------------------------------------------------------
rc=0
./deckpress pack "$g" --duplex sideways -o "$T/bad.pdf" 2>"$T/bad.err" || rc=$?
check "pack --duplex sideways: usage error (exit 2), nothing written" \
    sh -c "test $rc = 2 && test ! -e $T/bad.pdf && grep -q 'must be long, short, none or fold' $T/bad.err"
check "pack --help documents --duplex and fold" \
    sh -c "./deckpress pack --help | grep -q -e '--duplex MODE' && ./deckpress pack --help | grep -q gutterfold"

summary "packfold"
