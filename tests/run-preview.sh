#!/bin/sh
# covers: preview, export, boxes, tokens, determinism
# Seeing and shipping (issue 11): deckpress preview (a card, or a
# contact sheet of the deck, as a PNG) and deckpress export (a PNG per
# card face, or a PDF of a face a page, for print-on-demand services),
# measured in pixels with out/test/pngsize and out/test/pngdiff, against
# the PDFs rasterised by poppler, and the PDF's boxes with pdfinfo and
# qpdf.  Prints "ok - NAME" / "not ok - NAME".
T=out/test/preview
. tests/suite.sh

DC=tests/decks/data-chain	# the tests' own copy: its faces are counted
SP=cards/serious-privacy	# counted from its deck.yaml and layouts
Q=tests/decks/quiz
FIRST=adjust-privacy-settings	# Data Chain's first card in print order

preview() { $WRAP ./deckpress preview "$@" >/dev/null; }
export_() { $WRAP ./deckpress export "$@" >/dev/null; }
# size PNG: "W H" (pngsize -m: the image decoded, its size printed, not
# copied to ARGB32 as for reading its pixels: 30 ms less of the 1748 x
# 9848 px contact sheet).
size() { ./out/test/pngsize -m "$1"; }

# is_size PNG "W H": the image is W x H px.
is_size() {
	s=$(size "$1") || return 1
	[ "$s" = "$2" ] || { echo "$1 is $s px, expected $2"; return 1; }
}

# alpha_is PNG A X Y...: every pixel named has alpha A.
alpha_is() {
	png=$1 a=$2
	shift 2
	./out/test/pngsize "$png" "$@" | awk -v a="$a" '
	    NR > 1 && $6 != a { print "pixel " $1 "," $2 ": alpha " $6 ", expected " a; bad++ }
	    END { exit bad > 0 || NR < 2 }'
}

# mean A AX AY B BX BY W H: pngdiff's mean difference, in per cent.
mean() { ./out/test/pngdiff "$@" | awk '{ print $2 }'; }
# below V LIMIT, above V LIMIT: compare two numbers.
# below V L, above V L: V, which must be a number (an empty one is a
# measure that did not run), is below or above L.
below() { awk -v v="$1" -v l="$2" 'BEGIN { if (v !~ /^-?[0-9.]+$/ || !(v + 0 < l)) { print "\"" v "\" is not below " l; exit 1 } }'; }
above() { awk -v v="$1" -v l="$2" 'BEGIN { if (v !~ /^-?[0-9.]+$/ || !(v + 0 > l)) { print "\"" v "\" is not above " l; exit 1 } }'; }

# fails RC ERRFILE PATTERN COMMAND...: it exits RC, says PATTERN on
# stderr and nothing on stdout.
fails() {
	want=$1 errf=$2 pat=$3
	shift 3
	rc=0
	"$@" >"$errf.out" 2>"$errf" || rc=$?
	[ "$rc" = "$want" ] || { echo "exit $rc, expected $want"; cat "$errf"; return 1; }
	grep -q -- "$pat" "$errf" || { echo "stderr lacks '$pat':"; cat "$errf"; return 1; }
	[ ! -s "$errf.out" ] || { echo "stdout:"; cat "$errf.out"; return 1; }
}

# faces DECK: "FILES PAGES" of DECK's export, from its deck.yaml and
# the layouts it names (each kind's, or its one layout): FILES a PNG a
# card and side (its front, and its back where its layout has one), as
# export writes them for cards whose copies print alike; PAGES a page
# of --per-card-pdf a copy and side.  A card set aside (count 0) has
# none.
faces() {
	awk -v deck="$1" '
	function file_of(n) {
		return n ~ /^\.\.?\// || n ~ /\.yaml$/ ? deck "/" n : "layouts/" n ".yaml"
	}
	function has_back(n,   f, line, b) {
		f = file_of(n)
		while ((getline line <f) > 0) if (line ~ /^back:/) b = 1
		close(f)
		return b + 0
	}
	/^layout:/ { one = $2 }
	/^components:/ { kinds = 1; next }
	kinds && /^  [a-z0-9-]+: *\{/ { k = $1; sub(/:$/, "", k)
		l = $0; sub(/.*layout: */, "", l); sub(/[,}].*/, "", l)
		layout[k] = l; next }
	kinds && !/^  / { kinds = 0 }
	/^  - \{id:/ { c = 1; k = ""
		if (match($0, /count: *[0-9]+/)) {
			c = substr($0, RSTART, RLENGTH); sub(/count: */, "", c) }
		if (match($0, /component: *[a-z0-9-]+/)) {
			k = substr($0, RSTART, RLENGTH); sub(/component: */, "", k) }
		l = k == "" ? one : layout[k]
		if (!(l in back)) back[l] = has_back(l)
		if (c > 0) { files += 1 + back[l]; pages += c * (1 + back[l]) } }
	END { print files + 0, pages + 0 }' "$1/deck.yaml"
}

# no_temp DIR: no temporary file is left in DIR.
no_temp() {
	left=$(find "$1" -name '*.tmp-*')
	[ -z "$left" ] || { echo "left behind: $left"; return 1; }
}

# --- help -------------------------------------------------------------
for cmd in preview export; do
	check "$cmd --help: its usage on stdout, exit 0" sh -c '
	    $1 ./deckpress "$2" --help >"$3/help-$2" 2>"$3/help-$2.err" &&
	    grep -q "^usage: deckpress $2 DECK" "$3/help-$2" &&
	    [ ! -s "$3/help-$2.err" ]' sh "$WRAP" "$cmd" "$T"
	check "deckpress --help lists $cmd" sh -c \
	    './deckpress --help | grep -q "^  $1 DECK"' sh "$cmd"
done

# --- one card ---------------------------------------------------------
# 63 x 88 mm and 3 mm of bleed on every side: 69 x 94 mm, at 300 dpi
# 814.96 x 1110.24 px.
preview $DC --card $FIRST --dpi 300 -o "$T/first.png"
check "preview --card at 300 dpi: trim plus bleed, 815 x 1110 px" \
    is_size "$T/first.png" "815 1110"
check "preview --card: a rectangular card is opaque to its corners" \
    alpha_is "$T/first.png" 255 0 0 814 0 0 1109 814 1109 407 555
preview $DC --card $FIRST -o "$T/first-150.png"
check "preview: 150 dpi by default, 407 x 555 px" \
    is_size "$T/first-150.png" "407 555"
preview $DC --card $FIRST --dpi 30 -o "$T/first-30.png"
check "preview --dpi 30 (the least): 81 x 111 px" \
    is_size "$T/first-30.png" "81 111"

# The same face as the print: the PDF of a face a page rasterised at
# 300 dpi puts its pixels where the preview has them.  Rasterised by
# pdftocairo: pdftoppm's own rasteriser differs from Cairo's by 0.65 %
# on this very PDF page (0.86 % over the card's trim on the sheet at
# 254 dpi), which would measure the rasterisers, not the preview.
export_ $DC --lang en -o "$T/pc" --per-card-pdf
PC=$T/pc/data-chain-en-cards.pdf
pdftocairo -png -r 300 -f 1 -l 1 -singlefile "$PC" "$T/pc-1"
pdftocairo -png -r 300 -f 3 -l 3 -singlefile "$PC" "$T/pc-3"
m=$(mean "$T/pc-1.png" 0 0 "$T/first.png" 0 0 815 1110)
check "preview = the PDF page of its face at 300 dpi, bleed too: mean difference $m % < 1 %" \
    below "$m" 1
m3=$(mean "$T/pc-3.png" 0 0 "$T/first.png" 0 0 815 1110)
check "the same measure tells the next card apart: $m3 % > 2 %" above "$m3" 2

# On the card sheet: at 254 dpi (10 px a mm) the first card's trim,
# at 10.5, 16.5 mm on A4, and the preview's, at 3, 3 mm, sit on the
# pixel grid alike.  Neighbours overlap a card's bleed on a sheet of
# touching cards, so the trim only: 630 x 880 px.  Only the 640 x 890
# px from (100, 160) of the sheet are rasterised, the trim with 0.5 mm
# about it: the page whole costs seven times as much, and its pixels
# there are these, value for value (pngdiff's max 0), so the
# coordinates below are the page's less 100, 160.
./deckpress cards $DC -o "$T/dc.pdf" >/dev/null
pdftocairo -png -r 254 -f 1 -l 1 -x 100 -y 160 -W 640 -H 890 -singlefile \
    "$T/dc.pdf" "$T/sheet"
preview $DC --card $FIRST --dpi 254 -o "$T/first-254.png"
check "preview at 254 dpi: 690 x 940 px" is_size "$T/first-254.png" "690 940"
# The trim where it is and 0.1 mm off each way (OFF, X,Y on the page):
# one pngdiff for the five, which decodes the two images once, not five
# times; a mean a line, in order.
OFF="104,165 106,165 105,164 105,166"
{
	echo "$T/sheet.png 5 5 $T/first-254.png 30 30 630 880"
	for d in $OFF; do
		echo "$T/sheet.png $((${d%,*} - 100)) $((${d#*,} - 160))" \
		    "$T/first-254.png 30 30 630 880"
	done
} | ./out/test/pngdiff - | awk '{ print $2 }' >"$T/sheet.means"
exec 5<"$T/sheet.means"
read -r m <&5 || m=
check "preview = the card on its sheet (trim, 254 dpi): mean difference $m % < 1 %" \
    below "$m" 1
for d in $OFF; do
	read -r ms <&5 || ms=
	check "... and 0.1 mm off (${d%,*} ${d#*,}) it differs more: $ms % > $m %" \
	    above "$ms" "$m"
done
exec 5<&-

# A round token: its circle of trim plus bleed, transparent outside.
# 20 mm and 2 mm of bleed: 24 mm, 283.46 px at 300 dpi, centre 141.5.
preview $SP --card benefit-token --dpi 300 -o "$T/token.png"
check "preview of a round token: 283 x 283 px" is_size "$T/token.png" "283 283"
check "round token: transparent at the corners and just outside its circle" \
    alpha_is "$T/token.png" 0 0 0 282 0 0 282 282 282 40 40 242 242 40 242
check "round token: opaque inside its circle, to its edge" \
    alpha_is "$T/token.png" 255 141 141 43 43 239 239 141 1 1 141 281 141
export_ $SP --lang en -o "$T/sppdf" --per-card-pdf
SPC=$T/sppdf/serious-privacy-en-cards.pdf
tp=$(pdfinfo -f 1 -l 999 "$SPC" | awk '/^Page +[0-9]+ size: +68.03/ { print $2; exit }')
pdftocairo -png -r 300 -f "$tp" -l "$tp" -singlefile "$SPC" "$T/sp-token"
m=$(mean "$T/sp-token.png" 0 0 "$T/token.png" 0 0 283 283)
check "round token = its PDF page (page $tp) on white paper: mean $m % < 1 %" \
    below "$m" 1

# Front and back side by side, 4 mm (47 px) apart.
preview $DC --card steal --face both --dpi 300 -o "$T/both.png"
preview $DC --card steal --face back --dpi 300 -o "$T/back.png"
check "--face both: 815 + 47 + 815 px wide" is_size "$T/both.png" "1677 1110"
check "--face both: transparent between the faces" \
    alpha_is "$T/both.png" 0 815 0 838 555 861 1109
# Its right and its left face against the back: one pngdiff, which
# decodes the two images once, not twice.
printf '%s\n' "$T/both.png 862 0 $T/back.png 0 0 815 1110" \
    "$T/both.png 0 0 $T/back.png 0 0 815 1110" |
    ./out/test/pngdiff - | awk '{ print $2 }' >"$T/both.means"
{ read -r m; read -r m2; } <"$T/both.means" || :
check "--face both: the back at the right is --face back's, pixel for pixel" \
    [ "$m" = "0.0000" ]
m=$m2
check "--face both: the front at the left is no back ($m %)" above "$m" 1

# A template that numbers copies ({n}/{total}) shows copy N.
preview $Q --lang en --card waterloo --copy 2 -o "$T/w2.png"
preview $Q --lang en --card waterloo -o "$T/w1.png"
m=$(mean "$T/w1.png" 0 0 "$T/w2.png" 0 0 407 555)
check "--copy 2 draws the second copy's number ($m % differs)" above "$m" 0

# Default names, from another folder (the binary finds its data).
mkdir -p "$T/cwd"
R=../../../..
check "default output: out/GAME-LANG-ID.png, -N for a copy, -back" sh -c '
    cd "$1" && $2 $3/deckpress preview $3/tests/decks/quiz --card waterloo \
        >/dev/null &&
    $2 $3/deckpress preview $3/tests/decks/quiz --card waterloo --copy 2 \
        --lang fr --draft >/dev/null 2>&1 &&
    $2 $3/deckpress preview $3/tests/decks/quiz --card gravity --face back \
        >/dev/null &&
    $2 $3/deckpress preview $3/tests/decks/quiz >/dev/null &&
    ls out | tr "\n" " " | grep -qx \
    "quiz-en-gravity-back.png quiz-en-preview.png quiz-en-waterloo.png quiz-fr-waterloo-2.png "' \
    sh "$T/cwd" "$WRAP" "$R"

# --- contact sheets -----------------------------------------------------
# At 150 dpi a card is 407 x 555 px; 4 mm (24 px) apart and round the
# edge; 6 mm (35 px) under each for its id; rows as wide as 400 mm
# (2362 px) hold five.  Every card once: Data Chain has 31, in 7 rows.
ncards() { grep -c '^  - {id:' "$1/deck.yaml"; }
# sheet_size N PER_ROW CELL_W [CARD_H GAP LABEL]: "W H" of N cards of
# CARD_H px high (555), GAP px apart (24) with a LABEL px band (35).
sheet_size() {
	awk -v n="$1" -v per="$2" -v cw="$3" -v ch="${4:-555}" \
	    -v g="${5:-24}" -v l="${6:-35}" 'BEGIN {
	    cols = n < per ? n : per; rows = int((n + per - 1) / per)
	    print g + cols * (cw + g), g + rows * (ch + l + g) }'
}
preview $DC -o "$T/dc-sheet.png"
preview $Q --lang en -o "$T/quiz-sheet.png"
# Both sheets sized by one pngsize for the three checks below: the 2179
# x 4322 px sheet is decoded once, not twice (70 ms of CPU).
./out/test/pngsize -m "$T/dc-sheet.png" "$T/quiz-sheet.png" \
    >"$T/sheets.wh" || :
{ read -r dc_wh; read -r quiz_wh; } <"$T/sheets.wh" || :
# is_wh PNG "W H" "W H": PNG, measured the first size, is the second.
is_wh() {
	[ "$2" = "$3" ] || { echo "$1 is $2 px, expected $3"; return 1; }
}
check "contact sheet of Data Chain: $(ncards $DC) cards, 5 a row" \
    is_wh "$T/dc-sheet.png" "$dc_wh" "$(sheet_size "$(ncards $DC)" 5 407)"
check "contact sheet of the quiz: $(ncards $Q) cards, one row" \
    is_wh "$T/quiz-sheet.png" "$quiz_wh" "$(sheet_size "$(ncards $Q)" 5 407)"
# taller "W H" "W H": the first is the taller.
taller() {
	[ "${1#* }" -gt "${2#* }" ] ||
	    { echo "'$1' is not taller than '$2'"; return 1; }
}
check "a contact sheet grows with the deck" taller "$dc_wh" "$quiz_wh"
# At 30 dpi: a card 81 x 111 px, 4 mm 5 px, 6 mm 7 px, a row 400 mm
# (472 px): a pair 81 + 5 + 81 = 167 px, two a row as at 150 dpi (a
# third would end at 521 px).  What is checked, faces paired and pairs
# a row, is so at any dpi; at 150 dpi the 1748 x 9848 px sheet cost
# 0.4 s of CPU to draw and size, at 30 dpi 0.03.
preview $DC --face both --dpi 30 -o "$T/dc-both.png"
check "contact sheet --face both: front and back a pair, two pairs a row" \
    is_size "$T/dc-both.png" "$(sheet_size "$(ncards $DC)" 2 167 111 5 7)"
# The first and the last card are the previews' own pixels.
preview $DC --card discard-redraw -o "$T/last-150.png"
# Each card's id below it: its band is not bare ground; an empty
# place's band is.  The four measures by one pngdiff, which decodes
# the 2179 x 4322 px sheet once, not six times; a line each, in order.
CS=$T/dc-sheet.png
printf '%s\n' "$CS 24 24 $T/first-150.png 0 0 407 555" \
    "$CS 24 3708 $T/last-150.png 0 0 407 555" \
    "$CS 24 579 $CS 455 4263 407 35" "$CS 455 4263 $CS 886 4263 407 35" |
    ./out/test/pngdiff - | awk '{ print $2 }' >"$T/dc-sheet.means"
{ read -r c1; read -r c2; read -r c3; read -r c4; } <"$T/dc-sheet.means" || :
check "contact sheet: first the first card, as preview --card draws it" \
    [ "$c1" = "0.0000" ]
check "contact sheet: last the last card (row 7), as preview --card draws it" \
    [ "$c2" = "0.0000" ]
check "contact sheet: an id under the first card ($c3 % from bare ground)" \
    above "$c3" 1
check "contact sheet: no id under an empty place" [ "$c4" = "0.0000" ]
# Serious Privacy: each kind from a new row; round pawns in print order.
preview $SP --dpi 30 -o "$T/sp-sheet.png"
check "contact sheet of Serious Privacy, every kind (30 dpi)" sh -c '
    set -- $(./out/test/pngsize "$1"); [ "$1" -gt 0 ]' \
    sh "$T/sp-sheet.png"
check "contact sheets leave no temporary file" no_temp "$T"

# --- export: a PNG per face -------------------------------------------
$WRAP ./deckpress export $DC --lang en -o "$T/dc-png" >"$T/dc-png.out"
n=$(ncards $DC)
check "export Data Chain: $((2 * n)) files, a front and a back per card" \
    [ "$(ls "$T/dc-png" | wc -l)" -eq $((2 * n)) ]
check "export: ID-front.png and ID-back.png for every id of deck.yaml" sh -c '
    sed -n "s/^  - {id: \([^,]*\),.*/\1/p" "$1/deck.yaml" | while read -r id; do
	for f in front back; do
	    [ -f "$2/$id-$f.png" ] || { echo "no $id-$f.png"; exit 1; }
	done
    done' sh $DC "$T/dc-png"
# One pngsize for the folder: a line for each image, in their order.
check "export: every image 815 x 1110 px at 300 dpi" sh -c '
    set -- "$1"/*.png
    ./out/test/pngsize -m "$@" | {
	for f; do
	    read -r s || s=
	    [ "$s" = "815 1110" ] || { echo "$f: $s"; exit 1; }
	done
    }' sh "$T/dc-png"
check "export: the summary says files, dpi and pixels" grep -qx \
    "$T/dc-png: $((2 * n)) files at 300 dpi, 815 x 1110 px" "$T/dc-png.out"
m=$(mean "$T/dc-png/$FIRST-front.png" 0 0 "$T/first.png" 0 0 815 1110)
check "export: a face is preview --card's, pixel for pixel" [ "$m" = "0.0000" ]
check "export leaves no temporary file" no_temp "$T/dc-png"

# Copies: one file while they print the same, one each when {n} makes
# them differ (the quiz's waterloo prints twice, numbered; its back
# does not number it).  At 100 dpi, 272 x 370 px a face: which files
# copies get, and that the numbered fronts differ, is so at any dpi
# (the default 300 dpi is Data Chain's above); 0.02 s of CPU, not 0.09.
export_ $Q --lang en -o "$T/quiz-png" --dpi 100
check "export quiz: waterloo's second copy has a front of its own" \
    [ -f "$T/quiz-png/waterloo-2-front.png" ]
check "export quiz: ... and shares the first copy's back" \
    [ ! -e "$T/quiz-png/waterloo-2-back.png" ]
check "export quiz: 7 files (3 cards, 4 copies)" \
    [ "$(ls "$T/quiz-png" | wc -l)" -eq 7 ]
m=$(mean "$T/quiz-png/waterloo-front.png" 0 0 "$T/quiz-png/waterloo-2-front.png" 0 0 272 370)
check "export quiz: the two fronts differ ($m %)" above "$m" 0

# Serious Privacy at 100 dpi (its faces, boards too, at 300 dpi cost
# seconds; the 300 dpi sizes are Data Chain's above): tokens 20 mm +
# 2 x 2 mm (94.5 px), one side, a file per token whatever its count.
# How many files and pages, from its deck.yaml and layouts: a file per
# card and side, a page per copy and side (its tokens' copies).
set -- $(faces $SP)
spfiles=$1 sppages=$2
export_ $SP --lang en -o "$T/sp-png" --dpi 100
for t in benefit harm fatigue; do
	check "export Serious Privacy: $t-token-front.png, 94 x 94 px" \
	    is_size "$T/sp-png/$t-token-front.png" "94 94"
	check "export Serious Privacy: $t-token has no back, no copy files" \
	    [ "$(ls "$T/sp-png" | grep -c "^$t-token")" -eq 1 ]
done
check "export Serious Privacy: token corners transparent" \
    alpha_is "$T/sp-png/harm-token-front.png" 0 0 0 93 93
check "export Serious Privacy: $spfiles files, a front a card and a back for each kind that has one" \
    [ "$(ls "$T/sp-png" | wc -l)" -eq "$spfiles" ]
check "export Serious Privacy: a pawn's two sides, 26 + 4 mm = 118 px" \
    is_size "$T/sp-png/citizen-pawn-back.png" "118 118"

# --- export --per-card-pdf ----------------------------------------------
# Data Chain: 52 copies, front and back: 104 pages of 69 x 94 mm
# (195.591 x 266.457 pt), the trim inset 3 mm (8.504 pt).
pdfinfo -box -f 1 -l 999 "$PC" >"$T/pc.box"
# boxes_ok BOXFILE PAGES: every page has a BleedBox equal to its
# MediaBox and a TrimBox inset by 3 mm or 2 mm on every side; writes
# "W H INSET" per page to BOXFILE.pages.
boxes_ok() {
	awk -v want="$2" -v out="$1.pages" '
	function near(a, b) { return (a - b < 0.011 && b - a < 0.011) }
	/^Pages:/ { pages = $2 }
	$1 == "Page" && $3 == "MediaBox:" { m[$2] = $4 " " $5 " " $6 " " $7 }
	$1 == "Page" && $3 == "BleedBox:" { b[$2] = $4 " " $5 " " $6 " " $7 }
	$1 == "Page" && $3 == "TrimBox:" { t0[$2] = $4; t1[$2] = $5; t2[$2] = $6; t3[$2] = $7 }
	END {
		if (pages != want) { print pages " pages, expected " want; bad++ }
		for (p = 1; p <= pages; p++) {
			split(m[p], v, " ")
			if (b[p] != m[p]) { print "page " p ": BleedBox " b[p] " is not the MediaBox " m[p]; bad++ }
			i = t0[p] - v[1]
			if (!near(t1[p] - v[2], i) || !near(v[3] - t2[p], i) || !near(v[4] - t3[p], i) ||
			    !(near(i, 8.504) || near(i, 5.669))) {
				print "page " p ": TrimBox " t0[p] " " t1[p] " " t2[p] " " t3[p] " in MediaBox " m[p]; bad++
			}
			printf "%.2f %.2f %.2f\n", v[3] - v[1], v[4] - v[2], i > out
		}
		exit bad > 0
	}' "$1"
}
check "--per-card-pdf Data Chain: 104 pages, TrimBox 3 mm inside, BleedBox the page" \
    boxes_ok "$T/pc.box" 104
check "--per-card-pdf Data Chain: every page 195.59 x 266.46 pt" sh -c '
    [ "$(sort -u "$1")" = "195.59 266.46 8.50" ]' sh "$T/pc.box.pages"
check "--per-card-pdf: qpdf --check finds nothing" sh -c '
    qpdf --check "$1" >"$1.check" 2>&1 && ! grep -qi "warning\|error:" "$1.check"' \
    sh "$PC"
check "--per-card-pdf: fonts embedded, all from fonts/" fonts_from_bundle "$PC"
check "--per-card-pdf: text stays text" sh -c '
    pdftotext -f 1 -l 1 "$1" - | tr "\n" " " | grep -q "ADJUST PRIVACY"' sh "$PC"
pdfinfo -box -f 1 -l 999 "$SPC" >"$T/spc.box"
check "--per-card-pdf Serious Privacy: $sppages pages, a copy's each side, every one boxed" \
    boxes_ok "$T/spc.box" "$sppages"
check "--per-card-pdf Serious Privacy: tokens 68.03 pt square, trim 2 mm in" \
    grep -qx "68.03 68.03 5.67" "$T/spc.box.pages"
check "--per-card-pdf Serious Privacy: qpdf --check finds nothing" \
    qpdf --check "$SPC"
cp "$PC" "$T/pc-first.pdf"
export_ $DC --lang en -o "$T/pc" --per-card-pdf
check "--per-card-pdf: the same input gives the same bytes" \
    cmp "$T/pc-first.pdf" "$PC"
export_ $DC --lang es -o "$T/pc" --per-card-pdf
check "--per-card-pdf --lang es: the Spanish cards" sh -c '
    pdftotext -f 1 -l 1 "$1" - | tr "\n" " " | grep -q "PRIVACIDAD"' \
    sh "$T/pc/data-chain-es-cards.pdf"

# --- export --boxes ----------------------------------------------------
# The table of every face and box: what the PDF of a face a page prints
# ($PC, the English faces in the same order), line for line.
./deckpress export $DC --lang en -o "$T/bx" --boxes >"$T/bx.out"
BX=$T/bx/data-chain-en-boxes.tsv
hdr=$(printf 'card\tcopy\tside\ttype\tx\ty\tw\th\tbleed\tfill\tstroke\tstroke_w\tradius\tcolor\tfamily\tbold\titalic\tsize\thalign\tvalign\tleading\twrap_w\tstyle\trotate_deg\tpivot_x\tpivot_y\tflip\tturned_x\tturned_y\tturned_w\tturned_h\ttext')
check "--boxes: the first line names the 32 columns" \
    [ "$(head -n 1 "$BX")" = "$hdr" ]
check "--boxes: every line has 32 columns" \
    awk -F '\t' 'NF != 32 { print NR ": " NF " columns"; bad++ } END { exit bad > 0 }' "$BX"
check "--boxes: it says what it wrote, 104 faces of 52 cards, 580 boxes" \
    grep -qx "$BX: 104 faces of 52 cards, 580 boxes" "$T/bx.out"
check "--boxes: a line per face and per box, 1 + 104 + 580" \
    [ "$(wc -l <"$BX")" -eq 685 ]
check "--boxes: print order, each copy's front then its back" sh -c '
    awk -F "\t" "\$4 == \"face\" { print \$3 }" "$1" | uniq -c |
    awk "\$1 != 1 || (NR % 2) != (\$2 == \"front\") { exit 1 }
        END { exit NR != 104 }"' sh "$BX"
check "--boxes: the first card's title, Roboto Condensed bold at 14 pt, unturned: its extent its box" \
    grep -q "^adjust-privacy-settings	1	front	text	17.0079	82.2047	144.5669	59.5276	.*	#1d2733ff	Roboto Condensed	1	0	14	center	middle	0.95	144.5669						17.0079	82.2047	144.5669	59.5276	ADJUST PRIVACY SETTINGS$" "$BX"
# Cairo sets each text's size as the scale of its text matrix (Tm):
# page by page, the sizes the PDF prints are the sizes of the table.
qpdf --qdf --object-streams=disable "$PC" "$T/pc.qdf"
awk '/^%% Contents for page/ { p = $5 } / Tm$/ { printf "%d %.2f\n", p, $1 }' \
    "$T/pc.qdf" | sort -u >"$T/pc.sizes"
awk -F '\t' 'NR > 1 && $4 == "face" { p++ }
    NR > 1 && ($4 == "text" || $4 == "icon") { printf "%d %.2f\n", p, $18 }' \
    "$BX" | sort -u >"$T/bx.sizes"
check "--boxes: on each of the 104 pages the PDF prints the sizes of the table (228, some fitted down to 12.25 pt)" \
    sh -c 'cmp "$1" "$2" && [ "$(wc -l <"$1")" -eq 228 ] &&
    grep -q " 12.25$" "$1"' sh "$T/pc.sizes" "$T/bx.sizes"
# The quiz: a left-aligned text starts where its box does, bleed
# added; a text with a tab, a newline and a backslash stays one line.
mkdir -p "$T/esc"
cp -R $Q/. "$T/esc/deck"
sed 's|question: Which force pulls an apple towards the ground?|question: "Which force\\tpulls an apple\\ntowards the ground? \\\\o/"|' \
    $Q/text/en.yaml >"$T/esc/deck/text/en.yaml"
export_ "$T/esc/deck" --lang en -o "$T/esc" --boxes
export_ "$T/esc/deck" --lang en -o "$T/esc" --per-card-pdf
QB=$T/esc/quiz-en-boxes.tsv
check "--boxes: a tab, a newline and a backslash escaped with a backslash" \
    grep -qF 'Which force\tpulls an apple\ntowards the ground? \\o/' "$QB"
check "--boxes: ... on a line of its own, 32 columns" \
    awk -F '\t' 'NF != 32 { exit 1 }' "$QB"
x=$(awk -F '\t' '$1 == "gravity" && $4 == "face" && !b { b = $9 }
    $1 == "gravity" && $4 == "text" && $19 == "left" { print $5 + b; exit }' "$QB")
px=$(pdftotext -bbox -f 1 -l 1 "$T/esc/quiz-en-cards.pdf" - |
    sed -n 's|.*xMin="\([0-9.]*\)".*>1/4</word>|\1|p')
check "--boxes: '1/4', left-aligned, at x + bleed = $x pt, where the PDF prints it ($px)" \
    awk -v a="$x" -v b="$px" 'BEGIN { d = a - b; exit !(b != "" && d < 0.01 && d > -0.01) }'

# --- usage errors: exit 2, nothing written -------------------------------
U=$T/usage
mkdir -p "$U"
check "preview --card unknown: usage error, with a hint" fails 2 "$U/e1" \
    "no card 'stael'; did you mean 'steal'?" \
    $WRAP ./deckpress preview $DC --card stael -o "$U/x.png"
for dpi in 29 1201 abc 150x ''; do
	check "preview --dpi '$dpi': usage error" fails 2 "$U/e2" \
	    "dpi must be a whole number from 30 to 1200" \
	    $WRAP ./deckpress preview $DC --dpi "$dpi" -o "$U/x.png"
done
check "export --dpi 2000: usage error" fails 2 "$U/e3" \
    "dpi must be a whole number from 30 to 1200" \
    $WRAP ./deckpress export $DC --lang en --dpi 2000 -o "$U/d"
check "preview --face sideways: usage error" fails 2 "$U/e4" \
    "face must be front, back or both, not 'sideways'" \
    $WRAP ./deckpress preview $DC --card steal --face sideways -o "$U/x.png"
check "preview --copy without --card: usage error" fails 2 "$U/e5" \
    "copy needs --card" $WRAP ./deckpress preview $DC --copy 2 -o "$U/x.png"
check "preview --copy beyond the card's count: usage error" fails 2 "$U/e6" \
    "card 'waterloo' prints 2 copies, so there is no copy 3" \
    $WRAP ./deckpress preview $Q --card waterloo --copy 3 -o "$U/x.png"
check "preview --face back of a one-sided token: usage error" fails 2 "$U/e7" \
    "card 'harm-token' has no back: its token prints on one side" \
    $WRAP ./deckpress preview $SP --card harm-token --face back -o "$U/x.png"
check "preview --lang xx: usage error naming the languages" fails 2 "$U/e8" \
    "no language 'xx' (it has en, es)" \
    $WRAP ./deckpress preview $DC --lang xx -o "$U/x.png"
check "preview too large for an image: usage error, lower --dpi" fails 2 \
    "$U/e9" "give a lower --dpi" \
    $WRAP ./deckpress preview $SP --dpi 1200 -o "$U/x.png"
check "preview --bogus: usage error" fails 2 "$U/e10" "unknown option '--bogus'" \
    $WRAP ./deckpress preview $DC --bogus
check "preview without a deck: usage error" fails 2 "$U/e11" \
    "no deck folder given" $WRAP ./deckpress preview
check "export without --lang: usage error" fails 2 "$U/e12" "no --lang given" \
    $WRAP ./deckpress export $DC -o "$U/d"
check "export without -o: usage error" fails 2 "$U/e13" "no -o DIR given" \
    $WRAP ./deckpress export $DC --lang en
check "export --dpi with --per-card-pdf: usage error" fails 2 "$U/e14" \
    "dpi is for the images" \
    $WRAP ./deckpress export $DC --lang en --dpi 300 --per-card-pdf -o "$U/d"
check "export --dpi with --boxes: usage error" fails 2 "$U/e15" \
    "dpi is for the images: --boxes writes lengths in pt" \
    $WRAP ./deckpress export $DC --lang en --dpi 300 --boxes -o "$U/d"
check "export --boxes with --per-card-pdf: usage error" fails 2 "$U/e16" \
    "one at a time" \
    $WRAP ./deckpress export $DC --lang en --boxes --per-card-pdf -o "$U/d"
check "usage errors wrote nothing" [ -z "$(ls -A "$U" | grep -v '^e')" ]

# --- input and I/O errors: nothing half-written --------------------------
O=tests/decks/overflow
check "preview of a card whose text does not fit: exit 1" fails 1 "$U/i1" \
    "body does not fit its box" \
    $WRAP ./deckpress preview $O --card too-long -o "$U/over.png"
check "... and nothing written" [ ! -e "$U/over.png" ]
preview $O --card fits -o "$U/kept.png"
cp "$U/kept.png" "$U/kept.orig"
check "a contact sheet of that deck: exit 1" fails 1 "$U/i2" \
    "body does not fit its box" \
    $WRAP ./deckpress preview $O -o "$U/kept.png"
check "... and the old image is left as it was" cmp "$U/kept.png" "$U/kept.orig"
check "export of that deck: exit 1" fails 1 "$U/i3" "body does not fit" \
    $WRAP ./deckpress export $O --lang en -o "$U/over-dir"
check "... and no folder, no file" [ ! -e "$U/over-dir" ]
check "preview -o into a folder that does not exist: exit 3" fails 3 "$U/i4" \
    "cannot create folder" \
    $WRAP ./deckpress preview $DC --card steal -o "$U/no/such/x.png"
check "... and nothing left behind" [ ! -e "$U/no" ]
check "export -o into a folder that does not exist: exit 3" fails 3 "$U/i5" \
    "cannot create folder" \
    $WRAP ./deckpress export $Q --lang en -o "$U/no/such"
check "export --per-card-pdf likewise: exit 3" fails 3 "$U/i6" \
    "cannot create folder" \
    $WRAP ./deckpress export $Q --lang en -o "$U/no/such" --per-card-pdf
check "export --boxes likewise: exit 3" fails 3 "$U/i8" \
    "cannot create folder" \
    $WRAP ./deckpress export $Q --lang en -o "$U/no/such" --boxes
check "export --boxes of a deck whose text does not fit: exit 1" fails 1 \
    "$U/i9" "body does not fit" \
    $WRAP ./deckpress export $O --lang en -o "$U/over-dir" --boxes
check "... and nothing left behind" sh -c '[ ! -e "$1/no" ] && [ ! -e "$1/over-dir" ]' sh "$U"
: >"$U/afile"
check "export -o onto a file: exit 3" fails 3 "$U/i7" "cannot write" \
    $WRAP ./deckpress export $Q --lang en -o "$U/afile"
check "no temporary file anywhere" no_temp "$T"

summary run-preview.sh
