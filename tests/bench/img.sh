#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Images decoded once per run (issue 36 part 4): 12 photographic PNGs
# (out/test/noiseart, 1630 x 2220 px: gradients plus grain, which PNG
# cannot compress) shown on 12 cards, then on 120 (each image on ten),
# with and without --image-dpi 300.  Goals: the 120-card deck within
# 1.3 x the 12-card deck's CPU time (median of RUNS, interleaved); peak
# RSS at most 4 x the largest decoded image; opens of each image file
# (strace) 1.  Fails the bench where the figure is deterministic: peak
# RSS over the limit, or opens that grow with the cards (an image read
# again for each use).  BENCH_QUICK: 1 image of 1100 x 1000 px (lazy:
# over 4 MiB decoded) on 1 and 10 cards, one run, the rows only: no
# check of tests/run-bench.sh reads them, and a second image cost 0.6 s
# of CPU (made, then decoded in each of the four runs).
#
# usage: sh tests/bench/img.sh    (from the repo root, after make
#                                  deckpress out/test/noiseart)
set -eu
LC_ALL=C
export LC_ALL

QUICK=${BENCH_QUICK:-0}
RUNS=${RUNS:-5}
n=12 w=1630 h=2220
if [ "$QUICK" = 1 ]; then
	RUNS=1
	n=1 w=1100 h=1000
fi
B=out/test/bench/img
DP=./deckpress
rm -rf "$B"
mkdir -p "$B"
TIME=
/usr/bin/time -f %M -o "$B/probe" true 2>/dev/null &&
    grep -qx '[0-9][0-9]*' "$B/probe" && TIME=/usr/bin/time
STRACE=
command -v strace >/dev/null 2>&1 &&
    strace -f -qq -e trace=openat -o "$B/probe" true 2>/dev/null &&
    STRACE=strace

# deck CARDS: CARDS cards in $B/dCARDS, card i showing image (i-1)%n+1.
deck() {
	d=$B/d$1
	mkdir -p "$d/text" "$d/art"
	# The same files (hard links: a symbolic link would lead out).
	ln "$B"/art/*.png "$d/art/"
	{
		printf 'game: art\nlanguages: [en]\nlayout: ./layout.yaml\n'
		printf 'attributes:\n  pic: number\ncards:\n'
	} >"$d/deck.yaml"
	printf 'cards:\n' >"$d/text/en.yaml"
	i=1
	while [ $i -le "$1" ]; do
		printf '  - {id: c%d, pic: %d}\n' $i $(((i - 1) % n + 1)) \
		    >>"$d/deck.yaml"
		printf '  c%d: {}\n' $i >>"$d/text/en.yaml"
		i=$((i + 1))
	done
	printf 'card: standard\nfront:\n  - {type: image, file: "art/p{pic}.png", box_mm: [0, 0, 63, 88]}\n' \
	    >"$d/layout.yaml"
}
mkdir -p "$B/art"
i=1
while [ $i -le $n ]; do
	out/test/noiseart $w $h $i "$B/art/p$i.png"
	i=$((i + 1))
done
few=$n
many=$((n * 10))
deck $few
deck $many

# run FILE ARGS...: CPU seconds (user + sys) and peak RSS in KB ("-"
# without GNU time) appended to FILE.
run() {
	o=$1
	shift
	if [ -n "$TIME" ]; then
		$TIME -f '%U %S %M' -o "$o.last" "$@" >/dev/null
		awk '{ printf "%.3f %s\n", $1 + $2, $3 }' "$o.last" >>"$o"
	else
		s=$(date +%s.%N)
		"$@" >/dev/null
		e=$(date +%s.%N)
		echo "$s $e" | awk '{ printf "%.3f -\n", $2 - $1 }' >>"$o"
	fi
}
median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
# opens DIR ARGS...: the most times one image file of DIR is opened.
opens() {
	d=$1
	shift
	strace -f -qq -e trace=openat -o "$B/strace" $DP cards "$d" "$@" \
	    -o "$B/strace.pdf" >/dev/null
	grep -o 'art/p[0-9]*\.png' "$B/strace" | sort | uniq -c |
	    awk '$1 > m { m = $1 } END { print m + 0 }'
}

fail=0
cap=$((w * h * 4 * 4 / 1024))
for dpi in "" "--image-dpi 300"; do
	what=${dpi:-"as it is"}
	: >"$B/few.t"
	: >"$B/many.t"
	r=0
	while [ $r -lt "$RUNS" ]; do
		# shellcheck disable=SC2086
		run "$B/few.t" $DP cards "$B/d$few" $dpi -o "$B/few.pdf"
		# shellcheck disable=SC2086
		run "$B/many.t" $DP cards "$B/d$many" $dpi -o "$B/many.pdf"
		r=$((r + 1))
	done
	tf=$(cut -d ' ' -f 1 "$B/few.t" | median)
	tm=$(cut -d ' ' -f 1 "$B/many.t" | median)
	kb=$(cut -d ' ' -f 2 "$B/few.t" "$B/many.t" | sort -n | tail -n 1)
	awk -v f="$tf" -v m="$tm" -v a="$few" -v b="$many" -v what="$what" \
	    -v w="$w" -v h="$h" -v n="$n" -v q="$QUICK" 'BEGIN {
		printf "images, %d PNGs of %d x %d px, %s: %d cards %.2f s CPU, %d cards %.2f s\n",
		    n, w, h, what, a, f, b, m
		if (q != 1)
			printf "  images: goal 120 cards within 1.3 x the time of 12, measured %.2f x: %s\n",
			    m / f, m <= 1.3 * f ? "met" : "NOT met" }'
	[ "$QUICK" = 1 ] && continue
	if [ "$kb" != - ]; then
		if [ "$kb" -le "$cap" ]; then
			echo "  images: goal peak RSS <= 4 x the largest decoded image ($((cap / 1024)) MB), measured $((kb / 1024)) MB: met"
		else
			echo "  images: goal peak RSS <= 4 x the largest decoded image ($((cap / 1024)) MB), measured $((kb / 1024)) MB: NOT met"
			fail=1
		fi
	fi
	[ -n "$STRACE" ] || continue
	# shellcheck disable=SC2086
	of=$(opens "$B/d$few" $dpi)
	# shellcheck disable=SC2086
	om=$(opens "$B/d$many" $dpi)
	echo "  images: goal opens of an image file 1, measured $of on $few cards, $om on $many: $([ "$om" -le 1 ] && echo met || echo NOT met)"
	if [ "$om" -gt "$of" ]; then
		echo "  images: an image file is opened more often on $many cards than on $few: NOT met"
		fail=1
	fi
done
[ "$fail" = 0 ] || { echo "bench: the image targets are NOT met" >&2; exit 1; }
