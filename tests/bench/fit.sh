#!/bin/sh
# SPDX-License-Identifier: MIT
#
# make bench, issue 36 parts 1 and 2: layouts per text, and check.  deckpress cards on
# the 1 200-card bench deck with DECKPRESS_FITSTATS=1 (fit.c prints
# what fitting cost at exit); layouts made to fit per text fitted and
# per text box drawn (the floor makes one per box), against the goal
# (<= 1.05), which fails the bench if not met: the counts do not
# depend on the machine.  With bench.sh's callgrind profiles there,
# HarfBuzz shaping calls (hb_shape_full) of deckpress and the floor.
#
# Part 2: check of bench.sh's 10 000 cards x 2 languages ($B/check)
# lays out no text the widths prove fits: texts it laid out, against
# the goal (0: every text of that deck is proven), which fails the
# bench if not met (its time is bench.sh's "check" line).
#
# Both goals are for Pango 1.50, whose line breaker the widths replay
# (fitstats' "exact 1"); with another Pango (Debian 13's 1.56) they
# only guess, every guess is measured, and the figures are said with
# that reason, not failed on.
#
# usage: sh tests/bench/fit.sh BENCHDIR DECKPRESS   (bench.sh runs it)
set -eu
B=$1
DP=$2
d=$B/deck-1200
[ -d "$d" ] || { echo "fit: no $d" >&2; exit 2; }
# A quick bench.sh (BENCH_QUICK=1) printed the counts of its one run
# of this deck, and of check below, to their .err: read, not run again.
log=$B/gen-1200/dp.err
if ! grep -q '^fitstats:' "$log" 2>/dev/null; then
	log=$B/fit.log
	DECKPRESS_FITSTATS=1 $DP cards "$d" -o "$B/fit.pdf" >/dev/null \
	    2>"$log"
fi
grep '^fitstats:' "$log" | awk '{
	for (i = 2; i < NF; i += 2) v[$i] = $(i + 1)
	t = v["layouts"] / v["texts"]
	printf "layouts per text, 1200 cards: goal <= 1.05 measured %.3f (%d layouts, %d texts fitted, %.3f per box; %d modelled, %d words shaped): %s\n",
	    t, v["layouts"], v["texts"], v["layouts"] / v["boxes"],
	    v["modelled"], v["words"], t <= 1.05 ? "met" : v["exact"] ? \
	    "NOT met" : "NOT met (this Pango is not the 1.50 the widths replay)"
	exit t <= 1.05 || !v["exact"] ? 0 : 1
}'
# calls PROFILE: calls to hb_shape_full that callgrind recorded.
calls() {
	awk '/^c?fn=\([0-9]+\)/ {
		id = $1; sub(/^c?fn=/, "", id)
		if (NF > 1) name[id] = $2
		cur = $1 ~ /^cfn/ ? name[id] : ""
		next
	    }
	    /^calls=/ && cur == "hb_shape_full" { split($1, c, "="); n += c[2] }
	    END { print n + 0 }' "$1"
}
if [ -f "$B/cg-dp.out" ] && [ -f "$B/cg-fl.out" ]; then
	echo "shaping calls (hb_shape_full, callgrind): deckpress $(calls "$B/cg-dp.out"), floor $(calls "$B/cg-fl.out")"
fi

[ -f "$B/check/deck.yaml" ] || exit 0
log=$B/check.err
if ! grep -q '^fitstats:' "$log" 2>/dev/null; then
	log=$B/fitcheck.log
	DECKPRESS_FITSTATS=1 $DP check "$B/check" >/dev/null 2>"$log" ||
	    true
fi
grep '^fitstats:' "$log" | awk '{
	for (i = 2; i < NF; i += 2) v[$i] = $(i + 1)
	printf "check, 10000 cards x 2 languages: texts laid out: goal 0 measured %d (%d boxes, %d texts proven by their widths): %s\n",
	    v["texts"], v["boxes"], v["proven"], v["texts"] == 0 ? "met" : \
	    v["exact"] ? "NOT met" : \
	    "NOT met (this Pango is not the 1.50 the widths replay)"
	exit v["texts"] == 0 || !v["exact"] ? 0 : 1
}'
