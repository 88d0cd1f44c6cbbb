#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: pagination, booklet, pack, saddle-stitch, new
#
# Typesetting kept together (issue 25, point 4): no page of a bundled
# booklet or pack ends with a heading or with a table's header row and
# no body row; and a booklet made here, where a heading, a table header
# and a paragraph's single line would each fall at a page's foot, moves
# each to the next page.  Pages are read with pdftotext -layout; their
# last line (the folio left out) is compared with the Markdown's
# headings (rules/LANG.md, lines starting with #) and its tables'
# header rows.  Prints "ok - NAME" / "not ok - NAME".
#
# usage: sh tests/run-keep.sh    (from the repo root)
T=out/test/keep
. tests/suite.sh

# laid PDF: PDF.layout, pdftotext -layout of PDF: one pdftotext a PDF,
# however many pages and checks read it.
laid() { [ -f "$1.layout" ] || pdftotext -layout "$1" "$1.layout"; }

# layout PDF [N]: pdftotext -layout of PDF, or of its page N alone (its
# text and the form feed that ends it, byte for byte what -f N -l N
# gives), from PDF.layout.
layout() {
	laid "$1" || return 1
	if [ -z "${2-}" ]; then
		cat "$1.layout"
	else
		awk -v p="$2" 'BEGIN { RS = "\f" } NR == p { printf "%s\f", $0 }' \
		    "$1.layout"
	fi
}

# LASTLINES: awk functions that take pdftotext's text apart, one input
# line at a time (text_line), its pages split at form feeds, and call
# page_end(PAGE, PREVIOUS, LAST) with each page's last two lines, after
# its folio (a line that is only a number, or a running footer "... ·
# N"), whitespace runs made one space; PAGE is the page's number (p,
# from 1) and sfx after it.
LASTLINES='
    function flush() {
	if (k > 0 && (l[k] ~ /^[0-9]+$/ || l[k] ~ /\xc2\xb7 [0-9]+$/))
		k--
	if (k > 0)
		page_end(p sfx, k > 1 ? l[k - 1] : "", l[k])
	k = 0
    }
    function add(s) {
	gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s)
	if (s != "")
		l[++k] = s
    }
    function text_line(s) {
	while ((i = index(s, "\f")) > 0) {
		add(substr(s, 1, i - 1))
		flush()
		p++
		s = substr(s, i + 1)
	}
	add(s)
    }'

# halves FILE: the lines that end a page of a folded booklet FILE, each
# side of it two pages side by side, one a page, as
# "SIDE<TAB>PREVIOUS<TAB>LAST", SIDE its number then "l" or "r".
halves() {
	# Every side of a folded booklet is one size: the first's halves.
	wh=$(pdfinfo "$1" | awk '/^Page size:/ {
	    printf "%d %d", $3 / 2, $5 + 1; exit }')
	pdftotext -layout -x 0 -y 0 -W "${wh% *}" -H "${wh#* }" "$1" - |
	    lastlines l
	pdftotext -layout -x "${wh% *}" -y 0 -W "${wh% *}" -H "${wh#* }" \
	    "$1" - | lastlines r
}

# lastlines SUFFIX: halves' lines of pdftotext's text on stdin.
lastlines() {
	awk -v sfx="$1" -v p=1 "$LASTLINES"'
	    function page_end(pg, prev, last) {
		print pg "\t" prev "\t" last }
	    { text_line($0) }
	    END { flush() }'
}

# kept PDF MD: no page of PDF ends with a heading or a table header of
# MD (a heading wrapped on two lines counts too).  What may not end a
# page is each heading's text (its #s and Markdown emphasis left out)
# and each table's header row, its cells joined by one space.  One awk
# reads MD's and then the page ends: those of PDF.layout, pdftotext
# -layout of PDF, or with HALVES set (a folded booklet) halves' in
# PDF.ends (three awks a PDF before).
kept() {
	if [ -n "${HALVES:-}" ]; then
		halves "$1" >"$1.ends"
		set -- "$1" "$2" "$1.ends"
	else
		laid "$1" || return 1
		set -- "$1" "$2" "$1.layout"
	fi
	awk -v pdf="$1" -v md="$2" -v ends="${HALVES:+1}" -v sfx= -v p=1 \
	    "$LASTLINES"'
	    function norm(s) { gsub(/[*_`]/, "", s); gsub(/[ \t]+/, " ", s)
		sub(/^ /, "", s); sub(/ $/, "", s); return s }
	    function page_end(pg, prev, last) {
		ne++
		if (last in h || (prev " " last) in h) {
			print "page " pg " of " pdf " ends with \"" last "\""
			bad = 1
		}
	    }
	    FILENAME == md && /^#+ / { t = $0; sub(/^#+ +/, "", t)
		sub(/ +#+$/, "", t); h[norm(t)] = 1; nh++ }
	    FILENAME == md && /^\|? *:?-+:? *\|/ && prev ~ /\|/ { r = prev
		gsub(/^ *\| *| *\| *$/, "", r); gsub(/ *\| */, " ", r)
		h[norm(r)] = 1; nh++ }
	    FILENAME == md { prev = $0; next }
	    ends { split($0, f, "\t"); page_end(f[1], f[2], f[3]); next }
	    { text_line($0) }
	    END {
		if (!ends)
			flush()
		if (!nh) { print "no headings read from " md; exit 1 }
		if (!ne) { print "no pages read from " pdf; exit 1 }
		exit bad
	    }' "$2" "$3"
}

# --- every bundled booklet and pack -------------------------------------
bundled
for md in cards/*/rules/*.md; do
	# cards/GAME/rules/LANG.md, taken apart by the shell: four processes
	# less a booklet.
	game=${md#cards/}
	game=${game%%/*}
	lang=${md##*/}
	lang=${lang%.md}
	check "$game $lang: no booklet page ends with a heading or a lone \
table header" kept "$T/all/$game-$lang-rules.pdf" "$md"
	check "$game $lang: no pack page ends with a heading or a lone \
table header" kept "$T/all/$game-$lang-pack.pdf" "$md"
	dp "a5-$game-$lang" booklet "cards/$game" --lang "$lang" \
	    -f a5-booklet -o "$T/all/$game-$lang-a5.pdf"
	check "$game $lang: the folded booklet renders" \
	    exits "a5-$game-$lang" 0
	HALVES=1
	check "$game $lang: no folded booklet page ends with a heading or a \
lone table header" kept "$T/all/$game-$lang-a5.pdf" "$md"
	HALVES=
done

# --- a booklet built to fall at the page ends ---------------------------
# A new game whose booklet is one-line filler paragraphs, then what is
# to be kept.  The page's length in fillers (F) is read from a render,
# not assumed; with F - k fillers for k = 0..5 the tail starts at every
# height near the foot of page 1.  Each case is rendered twice: with
# the tail, and with only the tail's first block or line (a heading
# alone, a table's header alone, a one-line paragraph) that has nothing
# to be kept with.  Where that alone is on page 1 and the full tail's
# start is on page 2, the start was moved: each kind must have such a
# case, and no case may end a page with a heading or lone header.
D=$T/game
dp new new "$D"
check "synthetic: a new game" exits new 0

# mkbook FILL TAIL [ITEMS]: rules/en.md of FILL one-line paragraphs
# and ITEMS one-line list items, then the Markdown in file TAIL.
mkbook() {
	{
		printf '# Keep\n\n'
		i=1
		while [ "$i" -le "$1" ]; do
			printf 'Filler line %s.\n\n' "$i"
			i=$((i + 1))
		done
		i=1
		while [ "$i" -le "${3:-0}" ]; do
			printf -- '- Filler item %s.\n' "$i"
			i=$((i + 1))
		done
		echo
		# the tail, by the shell: a cat a render less
		while IFS= read -r line || [ -n "$line" ]; do
			printf '%s\n' "$line"
		done <"$2"
	} >"$D/rules/en.md"
}

# render FILL TAIL OUT [ITEMS]: the booklet of mkbook FILL TAIL ITEMS
# in OUT.
render() {
	mkbook "$1" "$2" "${4:-0}"
	# A layout of an older render of OUT (none, as every render here
	# has an OUT of its own): an rm only then, not one a render.
	[ ! -e "$3.layout" ] || rm -f "$3.layout"
	./deckpress booklet "$D" -o "$3" >"$3.err" 2>&1 || {
		cat "$3.err"
		return 1
	}
}

# on PDF N TEXT: page N of PDF has TEXT on one of its lines (whitespace
# runs made one space); one awk, for the many calls.
on() {
	laid "$1" || return 1
	TEXT=$3 awk -v p="$2" 'BEGIN { RS = "\f" } NR == p {
	    n = split($0, l, "\n")
	    for (i = 1; i <= n; i++) {
		gsub(/[[:space:]]+/, " ", l[i])
		if (index(l[i], ENVIRON["TEXT"])) found = 1
	    } } END { exit !found }' "$1.layout"
}

printf 'Filler end.\n' >"$T/none.md"
render 200 "$T/none.md" "$T/fill.pdf"
F=$(pdftotext -f 1 -l 1 "$T/fill.pdf" - |
    sed -n 's/^Filler line \([0-9]*\)\.$/\1/p' | tail -1)
check "synthetic: page 1 holds ${F:-no} fillers" test "${F:-0}" -gt 10

# moves NAME TAIL ALONE FIRST: for k = 0..5, TAIL after F - k fillers
# (with ITEMS set, for k = 0..9, after F - k fillers and k list items:
# a list item is shorter than a filler, so the tail starts in finer
# steps); the case moved when ALONE in its place has FIRST on page 1
# and TAIL has FIRST on page 2.  Every case kept; one moved.  ALONE is
# rendered only where it can decide that, while no case has moved: in
# a case whose TAIL is not so, or after one that moved, its render
# (~25 ms of CPU and a pdftotext, 34 of the suite's 70 renders) could
# not change the check's outcome.
moves() {
	k=0
	moved=0
	last=5
	[ -z "${ITEMS:-}" ] || last=9
	while [ "$k" -le "$last" ]; do
		fill=$((F - k))
		items=${ITEMS:+$k}
		render "$fill" "$2" "$T/$1-$k.pdf" "$items" || return 1
		kept "$T/$1-$k.pdf" "$D/rules/en.md" || return 1
		if [ "$moved" -eq 0 ] && ! on "$T/$1-$k.pdf" 1 "$4" &&
		    on "$T/$1-$k.pdf" 2 "$4"; then
			render "$fill" "$3" "$T/$1-a$k.pdf" "$items" || return 1
			if on "$T/$1-a$k.pdf" 1 "$4"; then
				moved=$((moved + 1))
			fi
		fi
		k=$((k + 1))
	done
	[ "$moved" -gt 0 ] || { echo "no case moved \"$4\""; return 1; }
}

# A heading with a paragraph after it.
cat >"$T/head.md" <<'EOF'
## Kept heading

Alpha one. Alpha one. Alpha one. Alpha one. Alpha one. Alpha one. Alpha
one. Alpha one. Alpha one. Alpha one. Alpha one. Alpha one. Alpha one.
Alpha one. Alpha one. Alpha one. Alpha one. Alpha one. Alpha one. Alpha
one. Alpha one. Alpha one. Alpha one. Alpha one. Alpha one. Alpha one.
EOF
printf '## Kept heading\n' >"$T/head1.md"
check "synthetic: a heading at the foot moves to the next page" \
    moves head "$T/head.md" "$T/head1.md" "Kept heading"

# Two headings in a row: the first must not stay behind alone.
cat >"$T/two.md" <<'EOF'
## Outer heading

### Inner heading

Beta two. Beta two. Beta two. Beta two. Beta two. Beta two. Beta two.
Beta two. Beta two. Beta two. Beta two. Beta two. Beta two. Beta two.
Beta two. Beta two. Beta two. Beta two. Beta two. Beta two. Beta two.
Beta two. Beta two. Beta two. Beta two. Beta two. Beta two. Beta two.
EOF
printf '## Outer heading\n' >"$T/two1.md"
check "synthetic: a heading before a heading moves with it" \
    moves two "$T/two.md" "$T/two1.md" "Outer heading"

# A heading over a list of one-line items: two of them go with it.
printf '## List heading\n\n- Kappa one.\n- Kappa two.\n- Kappa three.\n' \
    >"$T/list.md"
printf '## List heading\n' >"$T/list1.md"
check "synthetic: a heading over a list moves to the next page" \
    moves list "$T/list.md" "$T/list1.md" "List heading"
# with_two: in every case, the heading's page shows two items.
with_two() {
	for k in 0 1 2 3 4 5; do
		for p in 1 2; do
			on "$T/list-$k.pdf" "$p" "List heading" || continue
			on "$T/list-$k.pdf" "$p" "Kappa two." ||
			    { echo "case $k: one item under the heading"
			    return 1; }
		done
	done
}
check "synthetic: the heading has two items under it" with_two

# A table whose header would fit at the foot, two rows not; in other
# cases it goes on to page 2.
cat >"$T/table.md" <<'EOF'
| Thing | Count |
| --- | --- |
| Gamma | 1 |
| Delta | 2 |
| Epsilon | 3 |
| Theta | 4 |
| Iota | 5 |
EOF
head -2 "$T/table.md" >"$T/table1.md"
check "synthetic: a table header at the foot moves to the next page" \
    moves table "$T/table.md" "$T/table1.md" "Thing Count"

# two_rows: in every case, the two lines under the table's header, and
# under the header repeated on page 2, are body rows (the last row does
# not go on alone); and in some case the table goes on to page 2.
two_rows() {
	split=0
	for k in 0 1 2 3 4 5; do
		laid "$T/table-$k.pdf" || return 1
		sed 's/[[:space:]]\{1,\}/ /g; s/^ //; s/ $//' \
		    "$T/table-$k.pdf.layout" >"$T/table-$k.txt"
		awk -v k="$k" '/^Thing Count$/ { seen++; n = 2; next }
		    n > 0 && !/^(Gamma 1|Delta 2|Epsilon 3|Theta 4|Iota 5)$/ {
			print "case " k ": under the header: " $0; bad = 1 }
		    n > 0 { n-- }
		    END { exit bad || !seen }' "$T/table-$k.txt" || return 1
		[ "$(grep -c '^Thing Count$' "$T/table-$k.txt")" -lt 2 ] ||
		    split=1
	done
	[ "$split" = 1 ] || { echo "no case splits the table"; return 1; }
}
check "synthetic: each header has two rows under it, repeated too" \
    two_rows

# A paragraph of six lines whose first line alone would fit at the
# foot (an orphan) moves whole; no case leaves one line on a page.
cat >"$T/para.md" <<'EOF'
Zeta first. Zeta line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta
line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta line.
Zeta line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta
line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta line.
Zeta line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta
line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta line. Zeta end.
EOF
printf 'Zeta first.\n' >"$T/para1.md"
ITEMS=1
check "synthetic: a paragraph's first line alone at the foot moves" \
    moves para "$T/para.md" "$T/para1.md" "Zeta first."

# lines PDF: how many lines of pages 1 and 2 show the paragraph; fails
# when either is one.  (One awk counts both pages' lines.)
lines() {
	laid "$1" || return 1
	ab=$(awk 'BEGIN { RS = "\f" } NR <= 2 {
	    n = split($0, l, "\n")
	    for (i = 1; i <= n; i++) if (l[i] ~ /Zeta/) c[NR]++ }
	    END { print c[1] + 0, c[2] + 0 }' "$1.layout")
	a=${ab% *} b=${ab#* }
	echo "$a $b"
	[ "$a" -ne 1 ] && [ "$b" -ne 1 ]
}
# nolone: no case leaves one line of the paragraph alone on a page, and
# one case splits it (the rule is met by splitting, not by moving all).
nolone() {
	split=0
	for k in 0 1 2 3 4 5 6 7 8 9; do
		ab=$(lines "$T/para-$k.pdf") || {
			echo "case $k: $ab lines"
			return 1
		}
		[ "${ab% *}" -ge 2 ] && [ "${ab#* }" -ge 2 ] && split=1
	done
	[ "$split" = 1 ] || { echo "no case splits the paragraph"; return 1; }
}
check "synthetic: no page has a single line of the paragraph" nolone

# A run of headings taller than a page cannot stay together (nor can
# its pages help ending with a heading): each keeps with the next alone
# and pages fill (not one heading a page), and the
# run is walked a page's worth at a time (a quadratic walk took half a
# minute for 3000).
awk 'BEGIN { for (i = 1; i <= 3000; i++) printf "## H%d\n\n", i }' \
    >"$T/run.md"
cp "$T/run.md" "$D/rules/en.md"
runrun() {
	timeout --foreground 10 ./deckpress booklet "$D" -o "$T/run.pdf" \
	    >"$T/run.err" 2>&1 || { echo "exit $?"; cat "$T/run.err"; return 1; }
	n=$(pdfinfo "$T/run.pdf" | awk '/^Pages:/ { print $2 }')
	[ "$n" -lt 300 ] || { echo "$n pages for 3000 headings"; return 1; }
}
check "synthetic: 3000 headings in a row fill their pages, in 10 s" runrun

summary keep
