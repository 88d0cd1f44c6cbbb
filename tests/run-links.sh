#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: links, pack, booklet, check, deck
#
# Links and card references (issue 25, point 2).  In every bundled pack
# (every game, every language) each index entry lies under a link to the
# page it names, each [[card:ID]] of the rules is a link, one a line it
# covers, over the card's title, to a page that prints that title, and
# the outline is still there; a standalone booklet has no links.  Small
# games made here refer to cards whose title field is not called title
# (the first text field the layout draws, or the one title_field: names)
# and to cards that have a title, write \[[ for brackets, and show that
# a reference draws the same pixels as its title written out.  Links are
# read with qpdf --json and pdftotext -bbox-layout (tests/tools/
# linkcheck.py).  Prints "ok - NAME" / "not ok - NAME".
#
# Every PDF is made first, then one linkcheck.py batch reads them all
# (one python3, not one a check: ~0.03 s of CPU each to start, ~0.1 s
# through a pyenv shim), then the checks run in their order, each on
# what the batch wrote for it.
#
# usage: sh tests/run-links.sh    (from the repo root)
T=out/test/links
. tests/suite.sh

# lc_todo NAME COMMAND ARGS...: linkcheck.py COMMAND ARGS... for the
# batch, its output to $T/NAME.lc, its exit status to $T/NAME.lc.rc.
lc_todo() {
	l_name=$1
	shift
	echo "$T/$l_name.lc $*" >>"$T/lc.todo"
}
# lc NAME: what the batch's run NAME printed; its exit status.
lc() {
	l_rc=1
	read -r l_rc <"$T/$1.lc.rc" || l_rc=1
	cat "$T/$1.lc" || return 1
	return "$l_rc"
}

# The languages deck.yaml lists: "languages: [it, de, en]".
langs_of() {
	sed -n 's/^languages: *\[\([^]]*\)\].*/\1/p' "$1/deck.yaml" |
	    tr -d ' ' | tr ',' ' '
}

# bundled_make GAME LANG: its pack, and its index entries, references
# and outline for the batch (linkcheck.py pack).
bundled_make() {
	g=$1 l=$2 pdf=$T/$1-$2.pdf
	# The source language's title column has no @LANG.
	col=title
	[ "$l" = "$(langs_of "cards/$g" | cut -d' ' -f1)" ] || col=title@$l
	shared "$g-$l-pack.pdf" "$pdf" ||
	    dp "$g-$l" pack "cards/$g" --lang "$l" -o "$pdf"
	lc_todo "$g-$l" pack "$pdf" "cards/$g/rules/$l.md" "$T/$g.csv" "$col"
}
# bundled GAME LANG: the checks of its pack (its counts kept in
# $T/counts).  A pack taken from the shared render was made by its run
# "all".
bundled() {
	b_tag=$1-$2
	[ -f "$T/$b_tag.rc" ] || b_tag=all
	check "$1 $2: the pack is made" exits "$b_tag" 0
	check "$1 $2: index entries and [[card:]] link to their pages" \
	    pack_ok "$1-$2"
}

# pack_ok NAME: the batch's linkcheck.py pack NAME passed, its counts
# kept.
pack_ok() {
	lc "$1" >"$T/one" || { cat "$T/one"; return 1; }
	cat "$T/one" >>"$T/counts"
}

# no_links NAME: the batch's linkcheck.py count NAME found not one link
# annotation.
no_links() {
	lc "$1" | grep -q '^links 0 ' || { lc "$1"; return 1; }
}

# Under tests/run-all.sh the bundled games' packs (duplex long, the
# default) are rendered once for all the suites that read them (suite.sh,
# bundled_render: deckpress all, the same bytes as pack --lang here);
# bundled_make takes them from $T/all.  Alone, the suite renders each
# pack itself.
if [ -n "${DECKPRESS_TEST_SHARED-}" ] && [ -d "$DECKPRESS_TEST_SHARED" ]; then
	bundled_render booklets
fi
# shared NAME TO: the shared render's $T/all/NAME, if there is one,
# moved to TO.
shared() { [ -f "$T/all/$1" ] && mv "$T/all/$1" "$2"; }
for dir in cards/*/; do
	g=$(basename "$dir")
	./deckpress export "cards/$g" --csv -o "$T/$g.csv" >/dev/null
	for l in $(langs_of "cards/$g"); do
		bundled_make "$g" "$l"
	done
done
# (The shared render's Data Chain booklet is --lang en, its first
# language: the same bytes as no --lang.)
shared data-chain-en-rules.pdf "$T/dc-rules.pdf" ||
    dp dcbook booklet cards/data-chain -o "$T/dc-rules.pdf"
lc_todo dcbook count "$T/dc-rules.pdf"

# game NAME FIELDS TITLEFIELD: a game of two cards whose front draws
# the text fields FIELDS (blank-separated) in order; TITLEFIELD, if
# not empty, is its title_field:.  Each card's FIELD reads "FIELD of
# ID".  Its rules refer to both cards, one of them in a table too, and
# write one reference as text (\[[).
game() {
	d=$T/$1
	mkdir -p "$d/text" "$d/rules"
	{
		echo "game: $1"
		echo "languages: [en]"
		echo "layout: ./layout.yaml"
		[ -z "$3" ] || echo "title_field: $3"
		echo "cards:"
		echo "  - {id: first-card}"
		echo "  - {id: second-card}"
	} >"$d/deck.yaml"
	{
		echo "card: standard"
		echo "front:"
		y=8
		for f in $2; do
			echo "  - {type: text, field: $f, box_mm: [6, $y, 51, 20]," \
			    "size_pt: [8, 12]}"
			y=$((y + 30))
		done
	} >"$d/layout.yaml"
	{
		echo "cards:"
		for id in first-card second-card; do
			echo "  $id:"
			for f in $2; do
				echo "    $f: ${f} of $id"
			done
		done
	} >"$d/text/en.yaml"
	cat >"$d/rules/en.md" <<'EOF'
# How to play

Play [[card:first-card]] first, then [[card:second-card]] on top of it.
Write \[[card:no-such-card]] to refer to a card.

| Card | When |
|---|---|
| [[card:second-card]] | last |
EOF
}

# prints NAME PHRASE: the booklet of game NAME prints PHRASE.
prints() {
	pdftotext "$T/$1-rules.pdf" - | tr '\n' ' ' | grep -qF -- "$2" ||
	    { echo "'$2' not in:"; pdftotext "$T/$1-rules.pdf" -; return 1; }
}

# clean TAG: run TAG exited 0 and said nothing on stderr.
clean() {
	exits "$1" 0 && ! grep . "$T/$1.err"
}

# refers_make NAME TITLEFIELD: game NAME's runs (check, booklet, pack)
# and its booklet's and pack's links for the batch.
refers_make() {
	n=$1 f=$2
	dp "$n-check" check "$T/$n"
	dp "$n-book" booklet "$T/$n" -o "$T/$n-rules.pdf"
	lc_todo "$n-book" count "$T/$n-rules.pdf"
	dp "$n-pack" pack "$T/$n" -o "$T/$n-pack.pdf"
	./deckpress export "$T/$n" --csv -o "$T/$n.csv" >/dev/null
	lc_todo "$n-pack" pack "$T/$n-pack.pdf" "$T/$n/rules/en.md" \
	    "$T/$n.csv" "$f"
}
# refers NAME TITLEFIELD: game NAME checks clean, its references print
# TITLEFIELD, \[[ prints brackets, and its pack links them.
refers() {
	n=$1 f=$2
	check "$n: check finds nothing (\\[[ is no reference)" clean "$n-check"
	check "$n: the booklet is made" exits "$n-book" 0
	check "$n: [[card:first-card]] prints its $f" prints "$n" \
	    "Play $f of first-card first, then $f of second-card on top"
	check "$n: \\[[card:...]] prints the brackets" prints "$n" \
	    "Write [[card:no-such-card]] to refer"
	check "$n: its booklet has no links" no_links "$n-book"
	check "$n: the pack is made" exits "$n-pack" 0
	check "$n: its index and references link to their pages" \
	    pack_ok "$n-pack"
}

game titled "title body" ""
refers_make titled title
game described "desc" ""
refers_make described desc
game named "desc name" name
refers_make named name

# The same rules with the titles written out: the pages show the same
# words in the same places, only the links differ.  Not the same
# pixels: a reference's text is drawn apart, in its Link element, so
# Cairo places it (and what follows it on its line) exactly where Pango
# lays it out, where one run of text drifts by Cairo's rounding of its
# TJ offsets (up to 0.4 pt along a line, issue 38).
cp -R "$T/described" "$T/plain"
sed -i 's/\([^\\]\)\[\[card:\([a-z-]*\)\]\]/\1desc of \2/g' \
    "$T/plain/rules/en.md"
dp plain-pack pack "$T/plain" -o "$T/plain-pack.pdf"
lc_todo plain-count count "$T/plain-pack.pdf"
lc_todo described-count count "$T/described-pack.pdf"

# In code a reference prints its title too, with no mark of its own.
mkdir -p "$T/coded"
cp -R "$T/described/." "$T/coded/"
printf '# Code\n\nIn code: `[[card:first-card]]`.\n\n    [[card:%s]]\n' \
    second-card >"$T/coded/rules/en.md"
dp coded-book booklet "$T/coded" -o "$T/coded-rules.pdf"

# Every PDF made: the batch, then the checks.
# (a batch that fails leaves its checks no .lc.rc: not ok)
python3 tests/tools/linkcheck.py batch <"$T/lc.todo" || :
for dir in cards/*/; do
	g=$(basename "$dir")
	for l in $(langs_of "cards/$g"); do
		bundled "$g" "$l"
	done
done
check "a standalone booklet has no links (no card pages)" no_links dcbook
refers titled title
refers described desc
refers named name

same_words() {
	pdftotext -bbox "$T/described-pack.pdf" "$T/w-ref.html"
	pdftotext -bbox "$T/plain-pack.pdf" "$T/w-plain.html"
	python3 - "$T/w-ref.html" "$T/w-plain.html" <<'PY'
import re, sys
w = [re.findall(r'<(page|word)[^>]*?(?:xMin="([\d.]+)" yMin="([\d.]+)" '
                r'xMax="([\d.]+)" yMax="([\d.]+)")?>([^<]*)', open(f).read())
     for f in sys.argv[1:]]
if len(w[0]) != len(w[1]) or len(w[0]) < 10:
    sys.exit("%d words, %d written out" % (len(w[0]), len(w[1])))
for a, b in zip(*w):
    if a[0] != b[0] or a[5] != b[5] or (a[0] == "word" and max(
            abs(float(a[k]) - float(b[k])) for k in range(1, 5)) > 0.5):
        sys.exit("%s at %s, written out %s at %s" % (a[5], a[1:5], b[5],
                                                      b[1:5]))
PY
}
check "a reference draws the words its title written out draws (0.5 pt)" \
    same_words
# links_2_5: the batch's counts: 2 links in the pack with the titles
# written out, 5 in the one with references.
links_2_5() {
	lc plain-count | grep -q '^links 2 ' &&
	    lc described-count | grep -q '^links 5 '
}
check "... and only the one with references has links" links_2_5

check "a reference in code prints its title" prints coded \
    "In code: desc of first"
check "... in a code block too, and no mark shows" sh -c \
    "pdftotext $T/coded-rules.pdf - | grep -q '^desc of second' &&
    ! pdftotext $T/coded-rules.pdf - | grep -q 'dp-ref'"

echo "# $(awk '/^index/ { i += $2 } /^refs/ { r += $2 }
    END { printf "%d index entries, %d references checked", i, r }' \
    "$T/counts")"
echo "links: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
