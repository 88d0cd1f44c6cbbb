#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: bench, boxes
#
# make bench must keep working (issue 13): its quick mode (BENCH_QUICK=1:
# the 120- and 1 200-card decks, one run each) prints the table with its
# rows and numbers, and the floor it measures against draws the same
# words at the same sizes as deckpress.  Times are printed, never judged:
# no check here depends on the machine's speed.  Prints "ok - NAME" /
# "not ok - NAME".
T=out/test/run-bench
. tests/suite.sh

L=$T/bench.log
BX=out/test/bench
rc=0
BENCH_QUICK=1 sh tests/bench.sh >"$L" 2>"$T/bench.err" || rc=$?
check "BENCH_QUICK=1 sh tests/bench.sh: exit 0, nothing on stderr" \
    sh -c '[ "$1" = 0 ] && [ ! -s "$2" ] || { cat "$2"; exit 1; }' sh "$rc" \
    "$T/bench.err"
check "the watch part: its latency and texts beside their goals" grep -qE \
    '^watch, 120 cards, 3 edits of one card: goal < 0.300 s, measured median [0-9.]+ s' \
    "$L"
check "the table's heading names its columns" grep -q \
    '^deck  *cards pages | deckpress   floor  ratio | deckpress  floor  ratio | deckpress     floor  ratio | deckpress  floor$' \
    "$L"

# row_ok NAME CARDS: the row of deck NAME has CARDS cards, a number in
# every column (RSS "-" only without GNU time), ratios that are the
# quotients of their columns, and bytes per card the bytes / cards.
row_ok() {
	awk -F '|' -v name="$1" -v cards="$2" '
	function num(v) { return v ~ /^[0-9]+(\.[0-9]+)?$/ }
	# Half a unit of the last digit v is printed with: what rounding
	# may have taken off or added.
	function half(v,   d) {
		d = index(v, ".")
		return d ? 0.5 / 10 ^ (length(v) - d) : 0.5
	}
	# r (printed "%.2f") is the quotient of the numbers a and b were
	# printed from: within what their rounding and its own allow (a
	# ratio of 0.118 and 0.083 is 1.407 to 1.436).
	function ratio_ok(r, a, b,   lo, hi) {
		if (!sub(/x$/, "", r) || !num(r)) return 0
		if (b == 0) return 1
		lo = (a - half(a)) / (b + half(b)) - 0.005
		hi = b > half(b) ? (a + half(a)) / (b - half(b)) + 0.005 : r
		return r >= lo - 1e-9 && r <= hi + 1e-9
	}
	index($0, name " ") == 1 {
		found++
		split($1, h, " "); split($2, t, " "); split($3, m, " ")
		split($4, p, " "); split($5, c, " ")
		if (h[3] != cards) bad = bad " cards " h[3]
		if (!num(h[4]) || h[4] < 1) bad = bad " pages " h[4]
		if (!num(t[1]) || !num(t[2]) || t[1] <= 0 || t[2] <= 0 ||
		    !ratio_ok(t[3], t[1], t[2]))
			bad = bad " times " $2
		if (m[1] != "-" && (!num(m[1]) || !num(m[2]) ||
		    !ratio_ok(m[3], m[1], m[2])))
			bad = bad " RSS " $3
		if (!num(p[1]) || !num(p[2]) || p[1] < 1000 ||
		    !ratio_ok(p[3], p[1], p[2]))
			bad = bad " bytes " $4
		if (c[1] != int(p[1] / cards) || c[2] != int(p[2] / cards))
			bad = bad " per card " $5
	}
	END {
		if (found != 1) { print found + 0 " rows named " name; exit 1 }
		if (bad != "") { print name ":" bad; exit 1 }
	}' "$L"
}
check "row 'generated 120': 120 cards, every column a number" \
    row_ok "generated 120" 120
check "row 'generated 1200': 1200 cards, every column a number" \
    row_ok "generated 1200" 1200
check "quick: no 12000-card row, no bundled game" sh -c '
    ! grep -q "^generated 12000 \|^data-chain " "$1"' sh "$L"
check "the targets line: 1.4x / 1.15x the floor, with verdicts" grep -Eq \
    '^targets: CPU time against the floor: 120 cards [0-9.]+x \(<= 1.4x: (met|NOT met)\), 1200 cards [0-9.]+x \(<= 1.15x: (met|NOT met)\)$' "$L"
check "the check line: 10000 cards x 2 languages, a median in s" grep -Eq \
    '^check, 10000 cards x 2 languages, 1 run\(s\): median [0-9.]+ s \(target < 0.4 s: (met|NOT met)\)$' "$L"
check "the start-up line: a 9-card deck and its font set-up" grep -Eq \
    '^start-up, 9 cards: [0-9.]+ s; of it process start [0-9.]+ s, font set-up ([0-9.]+ s \([0-9]+ %\)|below the clock.s noise)$' "$L"
check "quick: no callgrind" sh -c '! grep -q "^instructions" "$1"' sh "$L"

# The floor draws what deckpress draws: the same words, and each text
# at the same size (the scale of its text matrix, Tm).  The floor's
# plain Pango leaves a word broken at a line end as "investi\u00AD"
# then "gate", which deckpress's text reads whole: joined here.
words() {
	pdftotext "$1" - | sed ':a;/\xc2\xad$/{N;s/\xc2\xad\n//;ba}' |
	    tr -s ' \n\f' '\n\n\n' | sort
}
sizes() {
	qpdf --qdf --object-streams=disable "$1" "$1.qdf" &&
	    awk '/ Tm$/ { printf "%.3f\n", $1 }' "$1.qdf" | sort
}
for n in 120 1200; do
	d=$BX/gen-$n
	words "$d/dp.pdf" >"$T/dp-$n.words"
	words "$d/fl.pdf" >"$T/fl-$n.words"
	check "the floor, $n cards: the words of deckpress's PDF, $(wc -l <"$T/dp-$n.words") of them" \
	    cmp "$T/dp-$n.words" "$T/fl-$n.words"
done
# deckpress draws a back shown on many pages once (a form), the floor
# each time: the sizes used, not how often, compare.
sizes "$BX/gen-120/dp.pdf" | uniq >"$T/dp.sizes"
sizes "$BX/gen-120/fl.pdf" | uniq >"$T/fl.sizes"
check "the floor, 120 cards: every text at deckpress's size, $(wc -l <"$T/dp.sizes") sizes" \
    sh -c 'cmp "$1" "$2" && [ "$(wc -l <"$1")" -gt 5 ]' sh \
    "$T/dp.sizes" "$T/fl.sizes"

# The floor's own errors: where in the table, as deckpress says them.
printf 'header\nc1\t1\tfront\trect\n' >"$T/short.tsv"
check "floor: a short line is an error at its line, exit 1" sh -c '
    out/test/floor "$1" "$1.pdf" 2>"$1.err"; [ $? = 1 ] &&
    grep -qx "$1:2:1: error: fewer than 32 columns" "$1.err"' sh "$T/short.tsv"
check "floor: no arguments, its usage, exit 2" sh -c '
    out/test/floor 2>"$1"; [ $? = 2 ] && grep -q "^usage: floor" "$1"' \
    sh "$T/usage.err"

summary run-bench.sh
