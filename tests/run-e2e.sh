#!/bin/sh
# covers: cards, duplex, crop-marks, bleed, determinism, fonts, text-fit,
#         draft, check, rich-text, variants, pack, booklet, saddle-stitch,
#         hyphenation, links, cli
# End-to-end tests: render decks with ./deckpress, then measure the PDFs
# with poppler (pdfinfo, pdffonts, pdftotext, pdftoppm at 600 dpi) and
# qpdf, as a print shop would.  Prints "ok - NAME" / "not ok - NAME".
T=out/test/e2e
. tests/suite.sh

render() { $WRAP ./deckpress cards "$@" >/dev/null; }

# measure PDF PAGE OUT [PAGE OUT]...: 600 dpi rasters of the PAGEs
# (increasing), each measured in mm into its OUT; the rasters (100 MB
# each) go through a pipe, never to the disk.  A page drawn from the
# same objects as one measured before (suite.sh's pagesum: the same
# raster) takes that one's measures: the duplex modes share sheets
# (short edge's fronts, duplex none's pages 6, 7 and 12 are long edge's
# 11, 11, 2 and 12), ~0.35 s of CPU each where the sum takes ~0.02.
# The others go in runs of pages that follow on, one pdftoppm and one
# measure a run: pdftoppm renders each page of a run into the memory
# of the one before, where a pdftoppm a page maps its 100 MB anew
# (~0.06 s of CPU).  $T/sums lists the sums measured, "CRC SIZE OUT" a
# line.
measure() {
	m_pdf=$1
	shift
	m_first='' m_last='' m_outs='' m_new=''
	while [ $# -ge 2 ]; do
		m_sum=$(pagesum "$m_pdf" "$1" "$T/measure.qdf") || m_sum=
		m_done=
		if [ -n "$m_sum" ] && [ -f "$T/sums" ]; then
			while read -r m_crc m_size m_out; do
				[ "$m_crc $m_size" = "$m_sum" ] || continue
				cp "$m_out" "$2"
				m_done=yes
				break
			done <"$T/sums"
		fi
		if [ -z "$m_done" ]; then
			if [ -n "$m_last" ] && [ "$1" != $((m_last + 1)) ]; then
				measure_run
			fi
			m_first=${m_first:-$1} m_last=$1
			m_outs="$m_outs $2"
			[ -z "$m_sum" ] || m_new="$m_new$m_sum $2
"
		fi
		shift 2
	done
	[ -z "$m_last" ] || measure_run
}
# measure_run: measure's run of pages m_first..m_last into m_outs, its
# sums (m_new) then listed as measured.
measure_run() {
	# shellcheck disable=SC2086 # m_outs: the OUTs, one a word
	pdftoppm -r 600 -aa no -aaVector no -f "$m_first" -l "$m_last" \
	    "$m_pdf" | ./out/test/measure /dev/stdin $m_outs
	printf '%s' "$m_new" >>"$T/sums"
	m_first='' m_last='' m_outs='' m_new=''
}

# --- geometry of the 3x3 A4 sheet (mm) -------------------------------
# Cards 63 x 88 touch each other, centred: trims at x 10.5 + 63c,
# y 16.5 + 88r; the outer bleed is 3 mm.
GEOM='
function abs(v) { return v < 0 ? -v : v }
function near(a, b) { return abs(a - b) <= 0.1 }
function tx(c) { return 10.5 + 63 * c }
function ty(r) { return 16.5 + 88 * r }
function bad(msg) { print msg; nbad++ }
'

# pages DECKPDF: every page A4 portrait.
# (one pdfinfo: the page count and every page's size)
a4_pages() {
	pdfinfo -f 1 -l 99999 "$1" | awk -v f="$1" -v want="$2" '
	    /^Pages:/ { n = $2 }
	    /^Page +[0-9]+ size: / { s++; if ($4 != "595.276" || $6 != "841.89") {
	        sz = sz "page size " $4 " x " $6 "\n"; bad++ } }
	    END { if (n != want) { print f ": " n " pages, expected " want; exit 1 }
	        printf "%s", sz
	        if (s != n) { print s " sizes"; bad++ } exit bad > 0 }'
}

# marks MEASUREFILE [N]: every black component is a crop mark on a trim
# line, outside every trim and bleed, with part of it in the printable
# area; N in all, 16 by default (4 trim lines each way, both ends; a
# part-filled sheet marks only beside its used cells).
marks_ok() {
	awk -v want="${2:-16}" "$GEOM"'
	$1 == "mark" {
		n++; w = $4 - $2; h = $5 - $3
		if (h > w) {		# vertical mark: on x = trim line
			cx = ($2 + $4) / 2; hit = 0
			for (c = 0; c <= 3; c++) if (near(cx, tx(c))) hit = 1
			if (!hit) bad("vertical mark at x " cx " not on a trim line")
			if (w > 0.3) bad("mark " w " mm thick")
			if (!($5 <= 13.5 || $3 >= 283.5))
				bad("mark at y " $3 "-" $5 " inside the bleed")
			if (h < 4.9) bad("mark only " h " mm long")
			inner = $5 <= 13.5 ? $5 - 5 : 297 - 5 - $3
			if (inner < 1.9) bad("mark prints only " inner " mm")
		} else {
			cy = ($3 + $5) / 2; hit = 0
			for (r = 0; r <= 3; r++) if (near(cy, ty(r))) hit = 1
			if (!hit) bad("horizontal mark at y " cy " not on a trim line")
			if (h > 0.3) bad("mark " h " mm thick")
			if (!($4 <= 7.5 || $2 >= 202.5))
				bad("mark at x " $2 "-" $4 " inside the bleed")
			if (w < 4.9) bad("mark only " w " mm long")
			inner = $4 <= 7.5 ? $4 - 5 : 210 - 5 - $2
			if (inner < 1.9) bad("mark prints only " inner " mm")
		}
	}
	END { if (n != want) bad(n " marks, expected " want); exit nbad > 0 }' "$1"
}

# The back page carries the front page's marks mirrored (MODE long:
# left-right, short: top-bottom).
marks_mirrored() {
	awk -v mode="$3" '
	FNR == 1 { file++ }
	$1 != "mark" { next }
	file == 1 { f[++nf] = sprintf("%.1f %.1f %.1f %.1f", $2, $3, $4, $5) }
	file == 2 {
		if (mode == "long") { x0 = 210 - $4; x1 = 210 - $2; y0 = $3; y1 = $5 }
		else { x0 = $2; x1 = $4; y0 = 297 - $5; y1 = 297 - $3 }
		b[sprintf("%.1f %.1f %.1f %.1f", x0, y0, x1, y1)] = 1; nb++
	}
	END {
		for (i = 1; i <= nf; i++) if (!(f[i] in b)) { print "front mark " f[i] " has no mirror on the back"; bad++ }
		if (nf != nb) { print nf " front marks, " nb " back marks"; bad++ }
		exit bad > 0
	}' "$1" "$2"
}

# cards_ok MEASUREFILE SHEET FACE MODE: on geometry-deck sheet SHEET
# (0-based), every card's trim is 63 x 88 mm at its cell; on a back
# page each back is at the duplex cell and its corner marker shows
# whether it is turned.
cards_ok() {
	awk -v sheet="$2" -v face="$3" -v mode="$4" "$GEOM"'
	$1 == "color" { x0[$2] = $3; y0[$2] = $4; x1[$2] = $5; y1[$2] = $6 }
	function box(col, c, r, w, h, what) {
		if (!(col in x0)) { bad(what " " col " missing"); return }
		if (!near(x0[col], tx(c)) || !near(y0[col], ty(r)) ||
		    !near(x1[col] - x0[col], w) || !near(y1[col] - y0[col], h))
			bad(sprintf("%s %s at %.3f,%.3f size %.3f x %.3f; expected %.1f,%.1f size %g x %g",
			    what, col, x0[col], y0[col], x1[col] - x0[col],
			    y1[col] - y0[col], tx(c), ty(r), w, h))
	}
	END {
		for (i = sheet * 9; i < sheet * 9 + 9 && i < 52; i++) {
			k = i - sheet * 9; r = int(k / 3); c = k % 3
			fc = sprintf("#%02x40c0", 16 + 4 * i)
			bc = sprintf("#c0%02x40", 16 + 4 * i)
			if (face == "front") { box(fc, c, r, 63, 88, "front"); continue }
			if (mode == "short") { r = 2 - r } else { c = 2 - c }
			box(bc, c, r, 63, 88, "back")
			# marker: 12 x 12 mm at the top-left of the back,
			# or at its bottom-right when turned 180 degrees
			if (mode == "short") {
				if (!near(x0[fc], tx(c) + 51) || !near(y0[fc], ty(r) + 76))
					bad("back " bc " not turned: marker at " x0[fc] "," y0[fc])
			} else if (!near(x0[fc], tx(c)) || !near(y0[fc], ty(r)))
				bad("back " bc " turned: marker at " x0[fc] "," y0[fc])
		}
		exit nbad > 0
	}' "$1"
}

# The painted area of a full sheet is the grid plus 3 mm of bleed.
bleed_ok() {
	awk "$GEOM"'
	$1 == "color" && $2 != "#999999" {
		if (!n++ || $3 < X0) X0 = $3; if (n == 1 || $4 < Y0) Y0 = $4
		if (n == 1 || $5 > X1) X1 = $5; if (n == 1 || $6 > Y1) Y1 = $6
	}
	END {
		if (!near(X0, 7.5) || !near(Y0, 13.5) || !near(X1, 202.5) || !near(Y1, 283.5))
			bad("painted " X0 "," Y0 " to " X1 "," Y1 "; expected 7.5,13.5 to 202.5,283.5")
		exit nbad > 0
	}' "$1"
}

# --- the bundled deck, both languages --------------------------------
for lang in en es; do
	pdf=$T/data-chain-$lang.pdf
	if render cards/data-chain --lang $lang -o "$pdf" 2>"$T/err-$lang"; then
		ok "data-chain $lang renders"
	else
		notok "data-chain $lang renders"
		sed 's/^/    /' "$T/err-$lang"
		continue
	fi
	check "data-chain $lang: no text overflows (stderr empty)" \
	    test ! -s "$T/err-$lang"
	check "data-chain $lang: 12 A4 pages" a4_pages "$pdf" 12
	check "data-chain $lang: qpdf --check" qpdf --check "$pdf"
	pdffonts "$pdf" >"$T/fonts-$lang"
	check "data-chain $lang: every font embedded" awk '
	    NR > 2 && $(NF-4) != "yes" { print "not embedded: " $1; bad++ }
	    NR > 2 { n++ } END { exit bad > 0 || n == 0 }' "$T/fonts-$lang"
	check "data-chain $lang: every font from fonts/" sh -c '
	    fc-scan --format "%{postscriptname}\n" fonts/ | sort -u >"$1.ps"
	    awk "NR > 2 { sub(/^[A-Z]+\\+/, \"\", \$1); print \$1 }" "$1" |
	    sort -u | while read -r f; do
		grep -qx "$f" "$1.ps" || { echo "font $f is not in fonts/"; exit 1; }
	    done' sh "$T/fonts-$lang"
	pdftotext -raw "$pdf" "$pdf.txt"
	check "data-chain $lang: every title and effect is text" \
	    ./out/test/textcheck cards/data-chain $lang "$pdf.txt"
done
tr '\n' ' ' <"$T/data-chain-es.pdf.txt" >"$T/text-es-1line.txt"
check "data-chain es: accents survive as text" grep -q \
    'ÉXITO DE LA PETICIÓN DE UNA NUEVA LEGISLACIÓN SOBRE DATOS' \
    "$T/text-es-1line.txt"
check "data-chain es: n-tilde survives as text" grep -q \
    'INTERCAMBIO ENTRE COMPAÑEROS/AS' "$T/text-es-1line.txt"

measure "$T/data-chain-en.pdf" 1 "$T/dc-p1" 2 "$T/dc-p2"
check "data-chain: crop marks on trim lines, outside bleed (front)" \
    marks_ok "$T/dc-p1"
check "data-chain: crop marks on the back page" marks_ok "$T/dc-p2"
check "data-chain: back marks mirror the front's" \
    marks_mirrored "$T/dc-p1" "$T/dc-p2" long
check "data-chain: painted area is the grid plus 3 mm bleed" \
    bleed_ok "$T/dc-p1"

# --- duplex geometry, with a deck whose every back differs -----------
G=tests/decks/geometry
render $G -o "$T/long.pdf"
render $G --duplex short -o "$T/short.pdf"
check "geometry: 52 cards give 12 pages" a4_pages "$T/long.pdf" 12
measure "$T/long.pdf" 1 "$T/long-1" 2 "$T/long-2" 11 "$T/long-11" \
    12 "$T/long-12"
for p in 1 2 11 12; do
	sheet=$(( (p - 1) / 2 ))
	face=front
	[ $((p % 2)) -eq 0 ] && face=back
	check "long edge, page $p (sheet $((sheet + 1)) $face): every trim 63 x 88 mm in place" \
	    cards_ok "$T/long-$p" $sheet $face long
	# The last sheet holds 7 cards, 3 + 3 + 1: 4 marks above, 2 below
	# the one card of the last row, 4 left, 3 right of the 2 full rows.
	n=16
	[ "$p" -lt 11 ] || n=13
	check "long edge, page $p: crop marks, $n" marks_ok "$T/long-$p" $n
done
check "long edge: back marks mirror the front's (last sheet)" \
    marks_mirrored "$T/long-11" "$T/long-12" long
measure "$T/short.pdf" 11 "$T/short-11" 12 "$T/short-12"
for p in 11 12; do
	face=front
	[ $((p % 2)) -eq 0 ] && face=back
	check "short edge, page $p (last sheet $face): rows mirrored, backs turned" \
	    cards_ok "$T/short-$p" 5 $face short
done
check "short edge: back marks mirror the front's" \
    marks_mirrored "$T/short-11" "$T/short-12" short

render $G --duplex none -o "$T/none.pdf"
check "duplex none: 12 pages" a4_pages "$T/none.pdf" 12
measure "$T/none.pdf" 6 "$T/none-6" 7 "$T/none-7" 12 "$T/none-12"
check "duplex none: page 6 is the last front sheet" \
    cards_ok "$T/none-6" 5 front none
check "duplex none: page 12 holds its backs, for a long-edge turn" \
    cards_ok "$T/none-12" 5 back long
check "duplex none: page 7 holds the first sheet's backs" \
    cards_ok "$T/none-7" 0 back long
render $G --no-backs -o "$T/nobacks.pdf"
check "--no-backs: 6 pages of fronts" a4_pages "$T/nobacks.pdf" 6

# --- same input, same bytes -------------------------------------------
render cards/data-chain --lang es -o "$T/again-es.pdf"
check "determinism: two renders are byte-identical" \
    cmp "$T/data-chain-es.pdf" "$T/again-es.pdf"

# --- text that does not fit: an error, as in check; a draft flags it --
O=tests/decks/overflow
rm -f "$T/overflow.err"
for lang in en de; do
	$WRAP ./deckpress cards $O --lang $lang -o "$T/overflow.pdf" \
	    >/dev/null 2>>"$T/overflow.err" || echo "exit $?" >>"$T/overflow.err"
done
check "overflow: an error with card, language, field and mm; nothing written" \
    sh -c 'diff -u "$1" "$2" && test ! -e "$3"' sh $O/expect.err \
    "$T/overflow.err" "$T/overflow.pdf"
$WRAP ./deckpress cards $O --lang de --draft -o "$T/overflow-draft.pdf" \
    >/dev/null 2>"$T/overflow-draft.err" || echo "exit $?" >>"$T/overflow-draft.err"
check "overflow --draft: a warning, the PDF written" \
    diff -u $O/expect-draft.err "$T/overflow-draft.err"
check "overflow --draft: the box flagged TOO LONG, DRAFT in the margin" sh -c '
    pdftotext -raw "$1" "$1.txt" && tr "\n" " " <"$1.txt" | grep -q "TOO LONG" &&
    grep -q "^DRAFT de" "$1.txt"' sh "$T/overflow-draft.pdf"

# --- the validator on the bundled decks -----------------------------
for deck in cards/*/; do
	check "check --werror ${deck%/}: clean" \
	    sh -c '$1 ./deckpress check "$2" --werror >/dev/null' sh "$WRAP" \
	    "${deck%/}"
done

# --- inline markup: bold, italic and icons render as styled text ------
M=tests/decks/markup
render $M -o "$T/markup.pdf"
check "markup: bold and italic faces are embedded" sh -c '
    pdffonts "$1" >"$1.fonts" && grep -q "Roboto-Bold" "$1.fonts" &&
    grep -q "Roboto-Italic" "$1.fonts" &&
    grep -q "MaterialDesignIcons" "$1.fonts"' sh "$T/markup.pdf"
check "markup: the words are text, the markers are gone" sh -c '
    pdftotext -raw "$1" "$1.txt" && tr "\n" " " <"$1.txt" |
    grep -q "Place this card on top of one artefact" &&
    ! grep -q "[*{]" "$1.txt"' sh "$T/markup.pdf"

# --- DATASET: 120 cards in three languages, icons as glyphs ----------
for lang in it de en; do
	D=$T/dataset-$lang.pdf
	if render cards/dataset --lang $lang -o "$D" 2>"$D.err"; then
		ok "dataset $lang renders"
	else
		notok "dataset $lang renders"
		continue
	fi
	check "dataset $lang: no text overflows (stderr empty)" test ! -s "$D.err"
	check "dataset $lang: 120 cards on 14 sheets, 28 A4 pages" a4_pages "$D" 28
	pdftotext -raw "$D" "$D.txt"
	check "dataset $lang: every title, role label, reminder and colour name is text" \
	    ./out/test/textcheck cards/dataset $lang "$D.txt"
	check "dataset $lang: icons are glyphs, no raster image" sh -c '
	    [ "$(pdfimages -list "$1" | tail -n +3 | wc -l)" -eq 0 ]' sh "$D"
	check "dataset $lang: fonts embedded, all from fonts/" fonts_from_bundle "$D"
done
check "dataset: the 120-card PDF stays small (under 400 kB)" sh -c '
    s=$(wc -c <"$1"); echo "$s bytes"; [ "$s" -lt 400000 ]' sh "$T/dataset-en.pdf"
# --variant prints the variant's cards alone: as many as the total its
# rules.yaml gives it (which check --werror holds the deck to, above),
# 9 a sheet of fronts and backs.
variant_total() {
	awk -v v="$2" '/^variants:/ { on = 1; next } on && /^[^ #]/ { on = 0 }
	    on && /^  [a-z0-9-]+:/ { cur = $1; sub(/:$/, "", cur) }
	    on && cur == v && /^    total:/ { print $2; exit }' "$1/rules.yaml"
}
vt=$(variant_total cards/dataset purpose-only)
render cards/dataset --variant purpose-only -o "$T/dataset-learn.pdf"
check "dataset --variant purpose-only: its ${vt:-?} cards, $(((${vt:-0} + 8) / 9)) sheets" \
    a4_pages "$T/dataset-learn.pdf" $((2 * ((${vt:-0} + 8) / 9)))
# --- rule booklets and print-and-play packs ---------------------------

# The index page (2) lists each part with a page number; that page's
# text starts with the part's heading.
index_ok() {
	# (the running footer, "Title · 2", is not an entry)
	pdftotext -layout -f 2 -l 2 "$1" - | grep -v '·' |
	    awk 'NF >= 2 && $NF ~ /^[0-9]+$/ {
	    n = $NF; $NF = ""; sub(/ +$/, ""); print n "\t" $0 }' >"$1.index"
	[ "$(wc -l <"$1.index")" -eq "$2" ] || { cat "$1.index"; echo "expected $2 parts"; return 1; }
	# Each page's text as pdftotext -f N -l N gives it, from one run,
	# and its first line that is not blank; then each entry in turn,
	# in one awk.
	all_text "$1" || return 1
	awk 'FILENAME == ARGV[2] { n = split($0, l, "\n")
		for (i = 1; i <= n; i++) if (l[i] ~ /[^ \t]/) {
			first[FNR] = l[i]; break }
		next }
	    { page = $0; sub(/\t.*/, "", page); name = ""
		if (index($0, "\t")) { name = $0; sub(/^[^\t]*\t/, "", name) }
		if (first[page + 0] != name) {
			print "index: \047" name "\047 on page " page \
			    ", which starts with \047" first[page + 0] "\047"
			exit 1 } }' RS='\f' "$1.all" RS='\n' "$1.index"
}

# Every heading of the booklet (but the title, on the cover) and every
# part has a bookmark.
outline_ok() {
	qpdf --json --json-key=outlines "$1" |
	    sed -n 's/^ *"title": "\(.*\)",*$/\1/p' >"$1.outline"
	# (one awk: the outline's titles, then each heading, each part;
	# a name trimmed of blanks, as read trims it)
	awk 'function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s)
		return s }
	    FILENAME == ARGV[1] { t[$0] = 1; next }
	    FILENAME == ARGV[2] { if (!/^##/) next; h = $0; sub(/^##+ */, "", h)
		h = trim(h); if (!(h in t)) { print "no bookmark for \047" h "\047"; exit 1 }
		next }
	    { h = $0	# cut -f2: the second field, or a line without tabs
		if (index(h, "\t")) { sub(/^[^\t]*\t/, "", h); sub(/\t.*/, "", h) }
		h = trim(h); if (!(h in t)) {
		print "no bookmark for part \047" h "\047"; exit 1 } }' \
	    "$1.outline" "$2" "$1.index"
}

all_a4() {
	pdfinfo -f 1 -l 999 "$1" | awk '/^Page +[0-9]+ size: / { n++;
	    if ($4 != "595.276" || $6 != "841.89") { print "page " $2 ": " $4 " x " $6; bad++ } }
	    END { exit bad > 0 || n == 0 }'
}

# raw_text PDF: PDF.txt, pdftotext -raw of PDF: the one a check above
# made, if it did (the PDFs here are never written twice).
raw_text() { [ -f "$1.txt" ] || pdftotext -raw "$1" "$1.txt"; }
# all_text PDF [FIRST LAST]: PDF.all, pdftotext of PDF (its default
# text), made once as raw_text's: page N of it, up to its form feed, is
# what pdftotext -f N -l N gives (index_ok reads it so).  With FIRST
# and LAST, a pack's card sheets, the pages after FIRST up to LAST are
# left blank (a form feed each): no check reads them, and a blank page
# fails any check that would (no first line, no text).  They are most
# of the cost, ~0.1 s of CPU for DATASET's, as Poppler draws each
# card's radial shading even for text.
all_text() {
	[ -f "$1.all" ] && return 0
	if [ -z "${2-}" ] || [ -z "${3-}" ] || [ "$2" -ge "$3" ]; then
		pdftotext "$1" "$1.all"
		return
	fi
	pdftotext -f 1 -l "$2" "$1" "$1.all" || { rm -f "$1.all"; return 1; }
	a_p=$2
	while [ "$a_p" -lt "$3" ]; do
		printf '\f'
		a_p=$((a_p + 1))
	done >>"$1.all"
	# (the pages after LAST: none in a pack without a credits page,
	# which pdftotext -f calls an error)
	pdftotext -f $(($3 + 1)) "$1" - 2>/dev/null >>"$1.all" || :
}

# PAGES_SAME: an awk program over two pdftotext texts, A (ARGV[1]) and
# B: page N of each is its text up to the form feed that ends it, byte
# for byte what pdftotext -raw -f N -l N gives.  pair(a, b) is true
# when A's page a and B's page b are both there and the same.
PAGES_SAME='
BEGIN { RS = "\f" }
FILENAME == ARGV[1] { A[FNR] = $0; next }
{ B[FNR] = $0 }
function pair(a, b) { return (a in A) && (b in B) && A[a] == B[b] }
'

# The pack's card sheets are those of "deckpress cards", page for page.
same_sheets() {
	cards=$(pdfinfo "$2" | awk '/^Pages:/ { print $2 }')
	raw_text "$2" && raw_text "$1" || return 1
	awk -v first="$3" -v cards="$cards" "$PAGES_SAME"'
	END { for (i = 1; i <= cards; i++) if (!pair(i, first + i - 1)) {
		print "pack page " first + i - 1 " is not cards page " i
		exit 1 } }' "$2.txt" "$1.txt"
}

# Pack pages FIRST, FIRST+2, ... are the sheets of fronts and the page
# after each is its sheet of backs: "deckpress cards --duplex none"
# gives all fronts (pages 1..N) and then, in the same order and places,
# all backs (N+1..2N).  So the pack prints double-sided with every back
# behind its own front.
fronts_then_backs() {
	./deckpress cards "cards/$2" --lang "$3" --duplex none \
	    -o "$1.none.pdf" >/dev/null
	nf=$(($(pdfinfo "$1.none.pdf" | awk '/^Pages:/ { print $2 }') / 2))
	pdftotext -raw "$1.none.pdf" "$1.none.pdf.txt" && raw_text "$1" ||
	    return 1
	awk -v first="$4" -v nf="$nf" "$PAGES_SAME"'
	END { for (k = 0; k < nf; k++) for (side = 0; side <= 1; side++) {
		pf = first + 2 * k
		if (!pair(k + 1 + side * nf, pf + side)) {
			print "pack page " pf + side " is not the " \
			    (side ? "backs" : "fronts") " of sheet " k + 1
			exit 1 } } }' "$1.none.pdf.txt" "$1.txt"
}

# deck:lang:parts (a deck without credits has no credits page)
for pk in data-chain:en:3 data-chain:es:3 dataset:it:2 dataset:de:2 dataset:en:2; do
	deck=${pk%%:*} parts=${pk##*:} lang=${pk#*:} lang=${lang%%:*}
	P=$T/pack-$deck-$lang.pdf
	if $WRAP ./deckpress pack cards/$deck --lang $lang -o "$P" \
	    >"$P.out" 2>"$P.err"; then
		ok "pack $deck $lang: renders"
	else
		notok "pack $deck $lang: renders"
		sed 's/^/    /' "$P.err"
		continue
	fi
	check "pack $deck $lang: no diagnostics" test ! -s "$P.err"
	pdftotext -raw "$P" "$P.txt"
	# shellcheck disable=SC2046
	check "pack $deck $lang: every word broken at a line end breaks where the dictionary allows" \
	    ./out/test/hyphcheck $lang "$P.txt" \
	    $(find cards/$deck -name '*.yaml' -o -name '*.md')
	check "pack $deck $lang: qpdf --check" qpdf --check "$P"
	check "pack $deck $lang: every page A4" all_a4 "$P"
	check "pack $deck $lang: fonts embedded, all from fonts/" fonts_from_bundle "$P"
	# The card sheets' pages: from the pack's own count, as many as
	# deckpress cards makes.
	first=$(sed -n 's/.*cards from \([0-9]*\)).*/\1/p' "$P.out")
	last=$((first + $(pdfinfo "$T/$deck-$lang.pdf" | awk '/^Pages:/ { print $2 }') - 1))
	all_text "$P" "$first" "$last" || :
	check "pack $deck $lang: the index gives each part's real page" index_ok "$P" "$parts"
	check "pack $deck $lang: bookmarks for every heading and part" \
	    outline_ok "$P" cards/$deck/rules/$lang.md
	check "pack $deck $lang: title, author and language in the metadata" sh -c '
	    pdfinfo "$1" | grep -q "^Title: *$3$" &&
	    { [ "$4" = dataset ] || pdfinfo "$1" | grep -q "^Author: *DaLi"; } &&
	    qpdf --qdf --object-streams=disable "$1" - |
	    grep -aq "/Lang ($2)"' sh "$P" $lang "$(sed -n 's/^title: //p' cards/$deck/deck.yaml)" $deck
	check "pack $deck $lang: the card sheets are those of deckpress cards" \
	    same_sheets "$P" "$T/$deck-$lang.pdf" "$first"
	check "pack $deck $lang: card fronts start on an odd page ($first)" \
	    test $((first % 2)) -eq 1
	check "pack $deck $lang: each page of fronts is followed by its backs" \
	    fronts_then_backs "$P" "$deck" "$lang" "$first"
	# (page 2 of its text, all_text's; the form feed that ends it a
	# blank, as the other line ends)
	check "pack $deck $lang: the index names the pages to print double-sided ($first-$last)" sh -c '
	    awk "NR == 2" RS="\f" "$1.all" | tr "\n" " " |
	    grep -q "[^0-9]$2[^0-9].*[^0-9]$3[^0-9]"' sh "$P" "$first" "$last"
done
# (its pdftotext -raw, made above)
check "pack es: \"específicas\" is not broken one letter late (específ-icas)" sh -c '
    tr -d "\n" <"$1" | grep -q "específicas" &&
    ! grep -q "específ.$" "$1"' sh "$T/pack-data-chain-es.pdf.txt"
# (its text, all_text's, made above)
all_text "$T/pack-dataset-de.pdf" || :
check "pack de: the DATASET booklet has the every-3-rounds refill rule" sh -c '
    tr "\n" " " <"$1" |
    grep -q "Alle 3 Runden zieht jeder Spieler 3 weitere Karten"' sh "$T/pack-dataset-de.pdf.all"
check "pack en: the glossary is a table with the terms and descriptions" sh -c '
    pdftotext -layout "$1" - | grep -q "Boycott  *A form of protest"' sh "$T/pack-data-chain-en.pdf"

# a5-booklet: A5 pages two up on A4 landscape, in saddle-stitch order.
saddle_ok() {
	sides=$(pdfinfo "$1" | awk '/^Pages:/ { print $2 }')
	n=$((sides * 2))
	[ $((n % 4)) -eq 0 ] || { echo "$n A5 pages, not a multiple of 4"; return 1; }
	pdfinfo "$1" | grep -q "Page size: *841.89 x 595.276" ||
	    { echo "not A4 landscape"; return 1; }
	# The page numbers' strip of each half, on every side: one
	# pdftotext a half, its pages split at the form feeds.
	for half in 0 1; do
		pdftotext -x $((half * 421)) -y 540 -W 421 -H 55 "$1" \
		    "$1.half$half" || return 1
	done
	# One awk reads both: on each side, each half's page number, the
	# digits after the last "·" of each line that has one (one a line).
	awk -v sides="$sides" -v n="$n" -v content="$2" -v dot='·' '
	BEGIN { RS = "\f" }
	{ half = FILENAME == ARGV[1] ? 0 : 1; m = split($0, l, "\n"); g = ""
		for (i = 1; i <= m; i++) {
			s = l[i]; last = ""
			while (match(s, dot " *[0-9]+")) {
				last = substr(s, RSTART, RLENGTH)
				s = substr(s, RSTART + 1)
			}
			if (last == "") continue
			sub("^" dot " *", "", last)
			g = g (g == "" ? "" : "\n") last
		}
		got[half, FNR] = g }
	END { for (k = 0; k < sides; k++) {
		if (k % 2 == 0) { lp = n - k; rp = k + 1 } else { lp = k + 1; rp = n - k }
		for (half = 0; half <= 1; half++) {
			want = half ? rp : lp; g = got[half, k + 1]
			if (g == want "") continue
			# blank padding pages (past the content) have no number
			if (g == "" && content ~ /^[0-9]+$/ && want > content + 0)
				continue
			print "side " k + 1 " half " half ": page \047" g \
			    "\047, expected " want
			exit 1 } } }' "$1.half0" "$1.half1"
}
for lang in en es; do
	B=$T/a5-$lang.pdf
	$WRAP ./deckpress booklet cards/data-chain --lang $lang --format a5-booklet \
	    -o "$B" >"$B.out"
	pages=$(sed -n 's/.*: \([0-9]*\) A5 pages.*/\1/p' "$B.out")
	content=$(pdftotext "$B" - | sed -n 's/.*· *\([0-9][0-9]*\)$/\1/p' | sort -n | tail -1)
	check "a5-booklet $lang: $pages A5 pages in saddle-stitch order" \
	    saddle_ok "$B" "$content"
	check "a5-booklet $lang: qpdf --check" qpdf --check "$B"
done

# --- hyphenation with real dictionaries -------------------------------
H=tests/decks/hyphen
render $H -o "$T/hyphen.pdf"
pdftotext -raw "$T/hyphen.pdf" "$T/hyphen.txt"
check "hyphenation: a German compound breaks at dictionary points" \
    cmp "$H/expect.txt" "$T/hyphen.txt"
check "hyphenation: the words are still found as text" \
    ./out/test/textcheck $H de "$T/hyphen.txt"

# words DIC: words for deckpress's small automata and the whole
# dictionary to disagree on, if they could, ten to a line (a text):
# random runs of two to four patterns' letters, which meet many patterns
# at once, and in a dictionary of compounds (NEXTLEVEL: German's first
# level lists whole words) every 20th compound and random pairs of them.
words() {
	iconv -f "$(head -n 1 "$1" | tr -d '\r')" -t UTF-8 "$1" | awk '
	function out(w) { printf "%s%s", w, ++n % 10 ? " " : "\n" }
	function any(a, k) { return a[int(rand() * k)] }
	BEGIN { srand(1) }
	NR == 1 { next }
	/^NEXTLEVEL/ { two = 1; next }
	{ w = $1; gsub(/[0-9]/, "", w) }
	w !~ /^[.]?[a-z\200-\377]+[.]?$/ { next }
	!two && w !~ /[.]/ { c[nc++] = w }
	{ gsub(/[.]/, "", w); p[np++] = w }
	END {
		for (i = 0; i < 3000; i++) {
			w = any(p, np) any(p, np)
			for (k = int(rand() * 3); k > 0; k--)
				w = w any(p, np)
			out(w)
		}
		for (i = 0; two && i < nc; i += 20)
			out(c[i])
		for (i = 0; two && i < 500; i++)
			out(any(c, nc) any(c, nc))
		print ""
	}'
}
dic=${DECKPRESS_HYPHEN_DIR:-/usr/share/hyphen}
for ll in de_DE en_US es_ES it_IT; do
	lang=${ll%_*}
	words "$dic/hyph_$ll.dic" >"$T/words-$lang.txt"
	check "hyphenation: every word breaks where the whole $lang dictionary breaks it" \
	    ./out/test/hyphcheck --same $lang cards/*/text/*.yaml \
	    cards/*/rules/*.md "$T/words-$lang.txt"
done

# deckpress reads a dictionary's lines as libhyphen 2.8.8 does, corners
# too: CRLF, a later line of the same letters winning, a line too long
# for libhyphen's buffer (read as two), '%' comments, non-standard
# patterns, a second NEXTLEVEL (the rest unread), a last line without
# its newline (a setting, a pattern), a charset line longer than its
# buffer (the rest a pattern), an empty first level.
D=$T/dict
mkdir -p "$D"
long=$(awk 'BEGIN { printf "e5"; while (n++ < 110) printf " " }')
printf 'UTF-8\r\nLEFTHYPHENMIN 1\r\n%% 1a1\n1b1\r\nab3c\nab2c\n.a2b\nc1d.\n'\
'a b1c\n%s\nd1e/dd=d,1,2\nc1cc/c=c,1,2\n\nNOHYPHEN ed\nNEXTLEVEL\n1a\n'\
'b1c1d\ne1a\n1ee1\nNEXTLEVEL\na9b\nc1e' "$long" >"$D/hyph_xa.dic"
printf 'ISO8859-1\nRIGHTHYPHENMIN 1\n1b1\nab1c\n2a1e\n.ca3\nbad1\n'\
'ab4cde\nNOHYPHEN ed' >"$D/hyph_xb.dic"
printf 'ISO8859-1//TRANSLITabc3d\na1b\nb1c1d\n.a1cd\nbb3b\n' >"$D/hyph_xc.dic"
printf 'UTF-8\nNEXTLEVEL\nde1a\n1b1\na1c\nc1d\nab1c\na1b' >"$D/hyph_xd.dic"
awk 'BEGIN { srand(3); for (i = 0; i < 2000; i++) {
	for (n = 6 + int(rand() * 11); n > 0; n--)
		printf "%s", substr("abcde", 1 + int(rand() * 5), 1)
	printf "%s", i % 5 == 4 ? "\n" : " " } }' >"$D/words.txt"
for lang in xa xb xc xd; do
	check "hyphenation: a dictionary's corners read as libhyphen reads them ($lang)" \
	    env DECKPRESS_HYPHEN_DIR="$D" ./out/test/hyphcheck --same $lang \
	    "$D/words.txt"
done

# --- the command line -------------------------------------------------
# cli NAME EXPECTED-EXIT PATTERN-IN-OUTPUT ARGS...
cli() {
	name=$1 want=$2 pat=$3
	shift 3
	set +e
	$WRAP ./deckpress "$@" >"$T/cli.out" 2>"$T/cli.err"
	rc=$?
	set -e
	if [ "$rc" -eq "$want" ] && cat "$T/cli.out" "$T/cli.err" |
	    grep -q -- "$pat"; then
		ok "cli: $name"
	else
		notok "cli: $name (exit $rc, wanted $want and '$pat')"
		sed 's/^/    /' "$T/cli.out" "$T/cli.err" | head -10
	fi
}
cli "--version" 0 '^deckpress [0-9]' --version
cli "--help lists the commands" 0 'cards DECK' --help
cli "cards --help documents every option" 0 '--no-backs' cards --help
cli "cards --help documents --duplex" 0 'short' cards --help
cli "no command is a usage error" 2 "see 'deckpress --help'" 
cli "unknown command is a usage error" 2 "unknown command 'print'" print
cli "bad --duplex value" 2 "must be long, short, none or fold" cards \
    cards/data-chain --duplex sideways
cli "unknown option" 2 "unknown option '--frobnicate'" cards --frobnicate x
cli "unknown language" 2 "no language 'de' (it has en, fr)" cards \
    tests/decks/quiz --lang de -o "$T/de.pdf"
check "unknown language writes nothing" test ! -e "$T/de.pdf"
cli "missing deck folder" 1 'cannot open' cards "$T/no-such-deck" \
    -o "$T/none.pdf"
cli "default output under out/" 0 'out/geometry-en-cards.pdf' cards $G
rm -f out/geometry-en-cards.pdf
# The variants, in rules.yaml's order.
variants=$(awk '/^variants:/ { on = 1; next } on && /^[^ #]/ { on = 0 }
    on && /^  [a-z0-9-]+:[ \t]*(#.*)?$/ { n = $1; sub(/:$/, "", n)
	printf "%s%s", sep, n; sep = ", " }' cards/dataset/rules.yaml)
cli "unknown variant lists the known ones ($variants)" 2 \
    "no variant 'expert' (it has $variants)" \
    cards cards/dataset --variant expert -o "$T/x.pdf"

summary end-to-end
