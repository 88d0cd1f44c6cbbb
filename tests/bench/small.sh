#!/bin/sh
# SPDX-License-Identifier: MIT
#
# make bench, small decks (issue 36, part 3): run by tests/bench.sh once
# it has measured, with its work folder.  Prints, each beside its goal:
#   - the 120-card deck's time against the floor's, as bench.sh measured
#     it (read from B/rows, not measured again; goal <= 1.4x);
#   - the instructions of the 9-card start-up deck (callgrind, as
#     bench.sh counted them in B/cg-9.log when valgrind was there; 0.198
#     G before this part), with the share of fontconfig's system
#     configuration, which a game of deckpress's and its own fonts no
#     longer reads;
#   - the shared libraries: linked (ldd), loaded while the 9-card deck
#     renders and while it is checked (LD_DEBUG=libs: every initialiser
#     called, those opened later included), deckpress's and the
#     floor's (67 and 50 at the issue; librsvg and libqpdf are now
#     loaded when first needed: 57 linked).
# None fails the bench: a time on a shared machine is noisy, and the
# counts differ with the system's libraries and fonts.
#
# usage: sh tests/bench/small.sh B     (B: bench.sh's folder, from the
#                                       repo root; B/deck-9 built)
set -eu
B=$1
DP=./deckpress
FLOOR=out/test/floor

# The 120-card ratio: "gen-120 SECONDS FLOORSECONDS KB" in B/rows.
awk '$1 == "gen-120" {
	if ($3 + 0 > 0) {
		r = $2 / $3
		printf "small decks: 120 cards %.2fx the floor (goal <= 1.4x: %s; time, not failed on)\n",
		    r, r <= 1.4 ? "met" : "NOT met"
	}
}' "$B/rows"

# Instructions of the 9-card deck, and fontconfig's share of them.
if [ -s "$B/cg-9.log" ] && [ -s "$B/cg-9.out" ]; then
	total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$B/cg-9.log")
	sys=$(callgrind_annotate --inclusive=yes "$B/cg-9.out" 2>/dev/null |
	    awk '/FcInitLoadConfig(AndFonts)?( |$)/ { c = $1; gsub(/,/, "", c)
		if (c > m) m = c } END { print m + 0 }')
	awk -v t="$total" -v s="$sys" 'BEGIN {
		printf "small decks: start-up, 9 cards: %.3f G instructions (goal < 0.198 G, before part 3: %s); fontconfig system configuration %.3f G\n",
		    t / 1e9, t < 198e6 ? "met" : "NOT met", s / 1e9 }'
else
	echo "small decks: start-up, 9 cards: no instruction count (callgrind not run)"
fi

# Libraries: linked, and loaded by a render.
linked() { ldd "$1" | wc -l | tr -d ' '; }
loaded() { LD_DEBUG=libs "$@" 2>&1 >/dev/null | grep -c 'calling init:'; }
ld=$(linked $DP)
lf=$(linked $FLOOR)
rd=$(loaded $DP cards "$B/deck-9" -o "$B/small-9.pdf")
rc=$(loaded $DP check "$B/deck-9")
tsv=$(ls "$B"/gen-120/tsv/*-boxes.tsv 2>/dev/null | head -n 1)
rf=-
[ -n "$tsv" ] && rf=$(loaded $FLOOR "$tsv" "$B/small-floor.pdf")
echo "small decks: libraries linked (ldd) deckpress $ld, floor $lf; loaded (LD_DEBUG=libs) rendering 9 cards deckpress $rd, floor $rf; checking them $rc (issue: 67 and 50; goal: fewer where a lazy load is clean: $([ "$ld" -lt 67 ] && echo met || echo NOT met): libxml2, gdk-pixbuf and librsvg loaded by the first SVG, libqpdf and the libraries only it needs by the first PDF finished; not failed on, the counts are the system's)"
