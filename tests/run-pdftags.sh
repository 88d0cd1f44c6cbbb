#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: tagged-pdf, booklet, pack, cards, determinism, limits
#
# Tagged PDF (issue 25, point 1): every bundled booklet, pack and cards
# PDF is tagged, shows its title as the window's, passes qpdf --check,
# draws nothing that is neither content nor an artifact
# and comes out the same bytes twice; the Data Chain booklet's tree
# has its Markdown's headings (order, level), lists and table; a
# booklet made here has a figure with its alt text, a paragraph over
# two pages as one element and a table header repeated untagged; the
# folios, footers and crop marks are in no element; a cards PDF has a
# Sect a card in deck order, its title first, its back's text after
# its front's.  The tree is read with pdfinfo -struct-text and
# tests/tools/pdftags.py (qpdf --json, qpdf --qdf).  A card's text
# printed untranslated has the source language as its /Lang.
# Prints "ok - NAME" / "not ok - NAME".
#
# usage: sh tests/run-pdftags.sh    (from the repo root)
T=out/test/pdftags
. tests/suite.sh

tags() { python3 tests/tools/pdftags.py "$@"; }

# tagged PDF: pdfinfo says so, qpdf --check is clean, the catalog has
# /ViewerPreferences << /DisplayDocTitle true >>.
tagged() {
	pdfinfo "$1" | grep -q '^Tagged: *yes' || { echo "not tagged"; return 1; }
	qpdf --check "$1" >"$1.check" 2>&1 || { cat "$1.check"; return 1; }
	! grep -qi warning "$1.check" || { cat "$1.check"; return 1; }
	# (The QDF made once read by tr itself: a cat less a PDF.)
	if [ -f "$1.qdf" ]; then tr -d '\n ' <"$1.qdf"
	else qpdf --qdf --object-streams=disable "$1" - | tr -d '\n '; fi |
	    grep -q '/ViewerPreferences<</DisplayDocTitletrue>>' ||
	    { echo "no /DisplayDocTitle true"; return 1; }
}

# --- every bundled booklet, pack and cards PDF --------------------------
bundled
# Each one in QDF form, made once for tagged and marked (PDF.qdf; left
# out where qpdf does not exit 0: the checks then run it themselves).
for f in "$T"/all/*.pdf; do
	qpdf --qdf --object-streams=disable "$f" "$f.qdf" 2>/dev/null ||
	    rm -f "$f.qdf"
done
# (Names by the shell, not basename: a process a PDF.)
n=0
for f in "$T"/all/*.pdf; do
	n=$((n + 1))
	check "${f##*/}: tagged, titled, qpdf --check clean" \
	    tagged "$f"
done
check "all: every bundled game's cards, packs and booklets, each language's ($n)" \
    bundled_ok "$T/all"

# pdftags.py bare of each (PDF.qdf where made), by one python3 calling
# its bare() for all into PDF.bare, what it says on stderr into
# PDF.bare.err: a python3 start less a PDF (~20 ms under run-all).
# The same python3 reads the Data Chain booklet's tree into $T/dc.tree
# (what tree says on stderr to ours, as pdftags.py would) and its marks
# from its QDF into DC.marks (DC.marks.err), for the checks below: two
# python3 starts and a qpdf --qdf less.
DC=$T/all/data-chain-en-rules.pdf
python3 - "$DC" "$T/dc.tree" "$T"/all/*.pdf <<'EOF'
import contextlib, os, sys, traceback
sys.path.insert(0, "tests/tools")
from pdftags import bare, marks, tree
dc, dctree = sys.argv[1:3]
for pdf in sys.argv[3:]:
    q = pdf + ".qdf" if os.path.isfile(pdf + ".qdf") else pdf
    with open(pdf + ".bare", "w") as out, \
            open(pdf + ".bare.err", "w") as err, \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            bare(q)
        except BaseException:
            traceback.print_exc()
with open(dctree, "w") as out, contextlib.redirect_stdout(out):
    try:
        tree(dc)
    except SystemExit as e:      # sys.exit(WHY): WHY on stderr
        print(e.code, file=sys.stderr)
    except Exception:
        traceback.print_exc()
q = dc + ".qdf" if os.path.isfile(dc + ".qdf") else dc
with open(dc + ".marks", "w") as out, \
        open(dc + ".marks.err", "w") as err, \
        contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    try:
        marks(q)
    except BaseException:
        traceback.print_exc()
EOF
# marked PDF: every page draws nothing outside marked content -- each
# text, path, image and form is a structure element's content or an
# artifact -- and the furniture is there, as artifacts.
marked() {
	[ ! -s "$1.bare.err" ] || cat "$1.bare.err"
	awk -F '\t' '$2 > 0 { print "page " $1 ": " $2 \
		" painting operators outside marked content"; bad = 1 }
	    { art += $3 } END { if (art == 0) print "no artifact"
		exit bad || art == 0 }' "$1.bare"
}
for f in "$T"/all/*.pdf; do
	check "${f##*/}: all content tagged or an artifact" \
	    marked "$f"
done

# same: the Data Chain booklet and cards PDF, made again, are the
# same bytes.
same() {
	./deckpress booklet cards/data-chain --lang en -o "$T/again.pdf" \
	    >/dev/null &&
	    cmp "$T/again.pdf" "$T/all/data-chain-en-rules.pdf" &&
	    ./deckpress cards cards/data-chain --lang en \
	    -o "$T/again-cards.pdf" >/dev/null &&
	    cmp "$T/again-cards.pdf" "$T/all/data-chain-en-cards.pdf"
}
check "data-chain: booklet and cards the same bytes twice" same

# --- the Data Chain booklet ---------------------------------------------
MD=cards/data-chain/rules/en.md
pdfinfo -struct-text "$DC" >"$T/dc.struct"
# (Read by the python3 above; by pdftags.py if that one failed.)
[ -f "$T/dc.tree" ] || tags tree "$DC" >"$T/dc.tree"

# The elements' text as pdfinfo prints it stops where Cairo nests a
# span (a ligature, a soft hyphen: issue 25 point 3), so a heading's
# text is to be a beginning of the Markdown's, ligatures spelt out.
headings() {
	awk '/^#+ / { n = index($0, " "); print n - 1 "\t" substr($0, n + 1) }' \
	    "$MD" >"$T/md.heads"
	awk '/^ *H[1-6] \(block\)/ { sub(/^ */, ""); lv = substr($1, 2)
		getline; sub(/^ *"/, ""); sub(/"$/, ""); print lv "\t" $0 }' \
	    "$T/dc.struct" |
	    sed 's/\xef\xac\x80/ff/g; s/\xef\xac\x81/fi/g; s/\xef\xac\x82/fl/g' \
	    >"$T/pdf.heads"
	[ "$(wc -l <"$T/md.heads")" -gt 3 ] || { echo "few headings"; return 1; }
	paste "$T/md.heads" "$T/pdf.heads" | awk -F '\t' '
	    NF != 4 || $1 != $3 || $2 != $4 { print "Markdown " $1 " \"" $2 \
		"\", PDF " $3 " \"" $4 "\""; bad = 1 }
	    END { exit bad }' || return 1
	[ "$(wc -l <"$T/md.heads")" -eq "$(wc -l <"$T/pdf.heads")" ] ||
	    { echo "$(wc -l <"$T/pdf.heads") headings tagged"; return 1; }
}
check "data-chain: the headings, in the Markdown's order and level" headings

# lists: as many LI as the Markdown has items, each an Lbl then an
# LBody, all in an L.
lists() {
	want=$(grep -cE '^ *([-*+]|[0-9]+\.) ' "$MD")
	awk -v want="$want" '
	    $2 == "LI" { n++; li = $1; need = "Lbl"
		if (parent[$1 - 1] != "L") { print "LI not in an L"; bad = 1 } }
	    $1 == li + 1 && need != "" { if ($2 != need) {
		print "LI holds " $2 ", not " need; bad = 1 }
		need = need == "Lbl" ? "LBody" : "" }
	    { parent[$1] = $2 }
	    END { if (n != want) { print n " LI, " want " items"; bad = 1 }
		exit bad || n == 0 }' "$T/dc.tree"
}
check "data-chain: each list item an LI of an L, with Lbl and LBody" lists

# table: a Table of one TR a Markdown row, the header's cells TH, the
# others TD.
table() {
	rows=$(grep -c '^|' "$MD")
	rows=$((rows - 1))	# the |---| line
	cols=$(grep -m1 '^|' "$MD" | awk -F '|' '{ print NF - 2 }')
	awk -v rows="$rows" -v cols="$cols" '
	    $2 == "Table" { t++ }
	    $2 == "TR" { tr++ }
	    $2 == "TH" { th++ }
	    $2 == "TD" { td++ }
	    END { if (t != 1 || tr != rows || th != cols ||
		td != (rows - 1) * cols) {
		print t " Table, " tr " TR, " th " TH, " td " TD for " \
		    rows " rows of " cols; exit 1 } }' "$T/dc.tree"
}
check "data-chain: its table as Table, TR, TH and TD" table

# furniture PDF [folio [LAST]]: with folio, each page's folio (the
# footer ending with the page's number; up to page LAST) is drawn
# outside every element; and no element holds a stroke (a rule, a
# leader, a mark).
furniture() {
	# (The Data Chain booklet's read by the python3 above.)
	if [ -f "$1.marks.err" ]; then
		[ ! -s "$1.marks.err" ] || cat "$1.marks.err"
	else
		tags marks "$1" >"$1.marks"
	fi
	awk -F '\t' -v need="${2:-}" -v last="${3:-0}" '
	    need != "" && (last == 0 || $1 <= last) && $2 !~ (" " $1 "$") {
		print "page " $1 ": no folio outside: " $2; bad = 1 }
	    $5 > 0 { print "page " $1 ": " $5 " strokes inside"; bad = 1 }
	    { out += $4; n++ }
	    END { if (n == 0) print "no pages"
		if (need == "" && out == 0) print "no strokes outside"
		exit bad || n == 0 || (need == "" && out == 0) }' "$1.marks"
}
check "data-chain: folios and footers outside every element" \
    furniture "$DC" folio
# The pack's sheets, as the cards PDF has them, have no folio.
dp pack pack cards/data-chain --lang en -o "$T/pack.pdf"
check "data-chain pack: renders" exits pack 0
sheet0=$(sed -n 's/.*cards from \([0-9]*\)).*/\1/p' "$T/pack.out")
check "data-chain pack: folios, footers, leaders outside every element" \
    furniture "$T/pack.pdf" folio "$((${sheet0:-1} - 1))"

# --- a booklet made here ------------------------------------------------
# A figure with alt text; a quote; a nested list; a paragraph long
# enough to go over a page; a table whose header repeats.
D=$T/game
dp new new "$D"
check "synthetic: a new game" exits new 0
cp tests/decks/rich/icons/gem.png "$D/rules/gem.png"
{
	printf '# Tagged\n\n![A red gem, cut](gem.png)\n\n> A quoted rule.\n\n'
	printf '1. First step.\n2. Second, with:\n   - inner one\n\n'
	i=1
	while [ "$i" -le 45 ]; do
		printf 'Filler line %s.\n\n' "$i"
		i=$((i + 1))
	done
	printf '## Long\n\n'
	i=1
	while [ "$i" -le 160 ]; do
		printf 'Longword%s goes on. ' "$i"
		i=$((i + 1))
	done
	printf '\n\n## Table\n\n| Name | Value |\n|---|---|\n'
	i=1
	while [ "$i" -le 80 ]; do
		printf '| row %s | v%s |\n' "$i" "$i"
		i=$((i + 1))
	done
} >"$D/rules/en.md"
dp syn booklet "$D" -o "$T/syn.pdf"
check "synthetic: the booklet renders" exits syn 0
tags tree "$T/syn.pdf" >"$T/syn.tree"
check "synthetic: tagged, titled, qpdf --check clean" tagged "$T/syn.pdf"
# The Figure has its alt text, after the H1, and its image drawn on page
# 1 as its content.  Cairo 1.18 cannot make the image its content: its
# PDF interchange counts only text as content (cairo 1.18.4:
# _cairo_pdf_interchange_add_content() is called from show_glyphs
# alone), so the image is in no marked content and pdf_finish() makes
# it an artifact; with Cairo 1.18 the Figure, at its place with its
# /Alt, has no content of its own, and the image is checked drawn.
figure() {
	sed -n '2,3p' "$T/syn.tree" >"$T/syn.fig"
	if pkg-config --atleast-version=1.18 cairo; then
		printf '1 H1 pages=1\n1 Figure alt=A red gem, cut\n' |
		    diff - "$T/syn.fig" || return 1
		pdfimages -list -f 1 -l 1 "$T/syn.pdf" |
		    awk 'NR > 2 && $4 == 30 && $5 == 20 { n++ }
		    END { exit n != 1 }' || { echo "no 30 x 20 image"; return 1; }
	else
		printf '1 H1 pages=1\n1 Figure pages=1 alt=A red gem, cut\n' |
		    diff - "$T/syn.fig"
	fi
}
check "synthetic: the figure has the Markdown's alt text" figure
quote() {
	grep -A1 -x '1 BlockQuote' "$T/syn.tree" | tail -1 |
	    grep -qx '2 P pages=1'
}
check "synthetic: the quote a BlockQuote holding a P" quote
# The long paragraph: on two pages, one P.
long() {
	p=$(pdftotext "$T/syn.pdf" - | awk '/Longword1 /{ s = 1 }
	    /\f/ && s { print "split"; exit }')
	[ "$p" = split ] || { echo "the paragraph is on one page"; return 1; }
	awk '$1 == 1 { k++ } $1 == 1 && prev == "H2" && !done {
		print $2 " " $3; done = 1 } $1 == 1 { prev = $2 }' \
	    "$T/syn.tree" | head -1 | grep -qx 'P pages=2'
}
check "synthetic: a paragraph over two pages is one P" long
repeated() {
	n=$(pdftotext -layout "$T/syn.pdf" - | grep -c 'Name  *Value')
	[ "$n" -ge 2 ] || { echo "the header shows $n times"; return 1; }
	awk '$2 == "TH" { th++ } $2 == "TR" { tr++ }
	    END { if (th != 2 || tr != 81) { print th " TH, " tr " TR"
		exit 1 } }' "$T/syn.tree"
}
check "synthetic: the header repeated on a page is untagged" repeated
check "synthetic: no element holds a rule, the footer outside" \
    furniture "$T/syn.pdf" folio

# --- a cards PDF ----------------------------------------------------------
# A new game, its card backs given a text of each card's own.
sed 's/footer: Core set}/footer: Core set, flip: "Back of CARD"}/' \
    "$D/text/en.yaml" >"$T/en.yaml"
sed 's/^\(  \([a-z-]*\): {title.*\)Back of CARD/\1Back of \2/' \
    "$T/en.yaml" >"$D/text/en.yaml"
printf '  - {type: text, field: flip, box_mm: [4, 60, 55, 10], %s\n' \
    'size_pt: [8, 10], color: paper}' >>"$D/layouts/card.yaml"
dp cards cards "$D" -o "$T/cards.pdf"
check "cards: the sheets render" exits cards 0
check "cards: tagged, titled, qpdf --check clean" tagged "$T/cards.pdf"
# One Sect a card (copies and tokens' copies not again), in deck order,
# each starting with its title; the back's text last.
sects() {
	pdfinfo -struct-text "$T/cards.pdf" |
	    sed 's/\xef\xac\x81/fi/g' >"$T/cards.struct"
	awk '
	    /^  Sect/ { s++; k = 0; next }
	    /^    [A-Za-z]+ / { k++; e = $1; next }
	    /^      "/ { t = $0; sub(/^ *"/, "", t); sub(/"$/, "", t)
		if (k == 1) title[s] = e " " t
		last[s] = t }
	    END {
		want[1] = "H The first step"; back[1] = "Back of first-step"
		want[2] = "H The long road"; back[2] = "Back of long-road"
		want[3] = "H Gold"; back[3] = "Gold"
		if (s != 3) { print s " Sect"; bad = 1 }
		for (i = 1; i <= 3; i++) {
			if (index(want[i], title[i]) != 1 || title[i] == "H ") {
				print "Sect " i " begins " title[i]; bad = 1 }
			if (index(back[i], last[i]) != 1 || last[i] == "") {
				print "Sect " i " ends " last[i]; bad = 1 }
		}
		exit bad }' "$T/cards.struct"
}
check "cards: a Sect a card in deck order, title first, back last" sects
check "cards: the crop marks outside every element" \
    furniture "$T/cards.pdf"
# Card sheets of more than 1 000 copies (deckpress(5), LIMITS) are a
# print job: untagged, no /Lang; 1 000 are still tagged.
for c in 993:1000:yes 994:1001:no; do
	count=${c%%:*} rest=${c#*:}
	total=${rest%%:*} want=${rest#*:}
	cp -R "$D" "$T/many-$total"
	sed "s/{id: first-step, component: card, count: 2}/{id: first-step, component: card, count: $count}/" \
	    "$D/deck.yaml" >"$T/many-$total/deck.yaml"
	dp "many-$total" cards "$T/many-$total" -o "$T/many-$total.pdf"
	check "cards: $total copies render" exits "many-$total" 0
	check "cards: $total copies, tagged: $want" sh -c '
	    grep -q "^$3: $2 components" "$1.out" &&
	    pdfinfo "$1.pdf" | grep -q "^Tagged: *$4\$" &&
	    if [ "$4" = no ]; then
		! qpdf --qdf --object-streams=disable "$1.pdf" - |
		    grep -aq "/Lang"
	    fi' sh "$T/many-$total" "$total" "$T/many-$total.pdf" "$want"
done

# A game whose cards are named by another field (title_field:): that
# field's text is the H read first, the 'title' box a P.
cp -R "$D" "$T/tf"
sed 's|^  card: {layout: ./layouts/card.yaml}|  card: {layout: ./layouts/card.yaml, title_field: footer}|' \
    "$D/deck.yaml" >"$T/tf/deck.yaml"
dp tf cards "$T/tf" -o "$T/tf.pdf"
check "cards: a game with title_field: footer renders" exits tf 0
titled_by() {
	pdfinfo -struct-text "$T/tf.pdf" | sed 's/\xef\xac\x81/fi/g' |
	    awk '/^  Sect/ { s++; k = 0; next }
		/^    [A-Za-z]+ / { k++; if (k == 1) e[s] = $1; next }
		/^      "/ { if (k == 1 && !(s in t)) t[s] = $0 }
		END { for (i = 1; i <= 2; i++)
			if (e[i] != "H" || t[i] !~ /"Core set"/) {
				print "Sect " i ": " e[i] " " t[i]; bad = 1 }
		      exit bad }'
}
check "cards: the title field's text begins each Sect as its H" titled_by

# A draft in a language a card has no text in: that card's texts are
# printed in the source language, and marked so.
L=$T/langs
dp newl new "$L"
sed 's/^languages: \[en\]/languages: [en, fr]/' "$L/deck.yaml" >"$T/deck.yaml"
cp "$T/deck.yaml" "$L/deck.yaml"
printf '%s\n' 'components:' '  card: {name: Cartes, back: G}' \
    '  token: {name: Jetons}' 'cards:' \
    '  first-step: {title: Le premier pas, body: Deux cartes., footer: Base}' \
    >"$L/text/fr.yaml"
dp draft cards "$L" --lang fr --draft -o "$T/draft.pdf"
check "cards: a draft in French renders" exits draft 0
untranslated() {
	tags tree "$T/draft.pdf" >"$T/draft.tree"
	# The first card's texts are French: no /Lang of their own; the
	# next two cards' titles and bodies are English (the back, the
	# component's, is French).
	awk '$2 == "Sect" { s++ } $1 == 2 && $2 ~ /^[HP]$/ {
		if (s == 1 && $0 ~ /lang=/) { print "card 1: " $0; bad = 1 }
		if (s > 1 && $2 == "H" && $0 !~ / lang=en$/) {
			print "card " s ": " $0; bad = 1 }
		if ($0 ~ / lang=en$/) en[s]++ }
	    END { if (s != 3 || en[2] < 2 || en[3] < 1) {
		print s " Sect, " en[2] " and " en[3] " in English"; bad = 1 }
		exit bad }' "$T/draft.tree" &&
	    qpdf --qdf --object-streams=disable "$T/draft.pdf" - |
	    tr -d '\n' | grep -aq '/Lang (fr)'
}
check "cards: an untranslated text has its own /Lang, the PDF fr" \
    untranslated

summary pdftags
