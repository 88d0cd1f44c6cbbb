#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: limits, svg, rich-text, fonts, po, csv, export, import, new, diagnostics, deck, compose, expressions
#
# Every cost bounded by construction (issues 32, 33): what a small file in a
# stranger's game folder can make deckpress spend.  Each case is run
# under /usr/bin/time and must be refused (or handled) in under a second
# of processor time and 200 MB; the SVG filter and markup cases run at
# several sizes and show the cost flat.  The cases live in tests/costs/,
# one file per kind of input, sourced here in name order; each writes
# its measures to $T/costs.txt ("NAME: exit RC, CPU s, KB KB").
# Prints "ok - NAME" / "not ok - NAME" ("# SKIP WHY" where a case cannot
# run on this machine).
T=out/test/costs
. tests/suite.sh

# The bounds hold for an ordinary build; valgrind (WRAP) and
# make check's sanitizers run the same work many times slower, and
# AddressSanitizer's shadow memory adds to every process: there the
# memory bound is 200 MB over what a harmless run takes (BASE_KB).
if [ -n "$WRAP" ]; then LIMIT=60
elif grep -qa __asan_init deckpress; then LIMIT=10
else LIMIT=1; fi
MEM=200000
# Under AddressSanitizer the measured runs keep no quarantine: ASan
# holds freed blocks back to catch their use, and that alone made a
# booklet whose heap peaks at 6 MB (massif) weigh 1.58 GB.  The other
# suites keep it; here memory is what is measured.
if [ "$LIMIT" = 10 ]; then
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0
	export ASAN_OPTIONS
fi

# timed TAG CMD...: dp TAG CMD... under /usr/bin/time; $T/TAG.cost gets
# "EXIT CPU_SECONDS MAX_RSS_KB" and a line goes to $T/costs.txt.
timed() {
	tag=$1
	shift
	rc=0
	/usr/bin/time -o "$T/$tag.time" -f '%U %S %M' $WRAP ./deckpress "$@" \
	    >"$T/$tag.out" 2>"$T/$tag.err" || rc=$?
	echo "$rc" >"$T/$tag.rc"
	time_cost "$T/$tag.time"
	cpu=$tc_cpu kb=$tc_kb
	echo "$rc $cpu $kb" >"$T/$tag.cost"
	echo "$tag: exit $rc, $cpu s, $kb KB" >>"$T/costs.txt"
}

# thousandths X: th, the decimal X ("0.080", "1", "0.1": no more than
# three places) in thousandths, by the shell: an awk in every cheap
# took 0.1 s of the suite's CPU.  The fraction is cut to three digits
# after a 1, so that no leading 0 makes it octal.
thousandths() {
	th_i=${1%%.*}
	th_i=${th_i#"${th_i%%[!0]*}"}
	th_f=
	case $1 in *.*) th_f=${1#*.} ;; esac
	th_f=${th_f}000
	th_f=${th_f%"${th_f#???}"}
	th=$((${th_i:-0} * 1000 + 1$th_f - 1000))
}

# cheap TAG [FACTOR]: the run TAG took under FACTOR (default 1) times
# $LIMIT s of processor time and under $MEM KB.
cheap() {
	read -r rc cpu kb <"$T/$1.cost"
	thousandths "$cpu"
	c_th=$th
	thousandths "${2:-1}"
	[ "$c_th" -lt $((LIMIT * th)) ] ||
	    { echo "$1 took $cpu s, more than $LIMIT s"; return 1; }
	[ "$kb" -lt "$MEM" ] ||
	    { echo "$1 took $kb KB, more than $MEM KB"; return 1; }
}

# refused TAG WANT: the run TAG exited 1, its stderr has the line WANT
# (a grep -E pattern), it wrote no PDF at $T/TAG.pdf, and it was cheap.
refused() { refused_with 1 "$@"; }
# refused_with RC TAG WANT: the same with exit status RC.
refused_with() {
	exits "$2" "$1" || return 1
	grep -qE "$3" "$T/$2.err" ||
	    { echo "expected a line matching: $3"; cat "$T/$2.err"; return 1; }
	[ ! -e "$T/$2.pdf" ] || { echo "a PDF was written"; return 1; }
	cheap "$2"
}

# flat TAG1 TAG2 N1 N2: the cost per unit of run TAG2 (N2 units) is at
# most 3 times that of TAG1 (N1 units), with 0.05 s granted for start-up.
flat() {
	read -r _ c1 _ <"$T/$1.cost"
	read -r _ c2 _ <"$T/$2.cost"
	awk -v a="$c1" -v b="$c2" -v n1="$3" -v n2="$4" 'BEGIN {
		u1 = (a + 0.05) / n1; u2 = b / n2
		printf "per unit: %.3g s at %d, %.3g s at %d\n", u1, n1, u2, n2
		exit !(u2 <= 3 * u1) }' >"$T/$2.flat" ||
	    { cat "$T/$2.flat"; return 1; }
}

: >"$T/costs.txt"
BASE_KB=0
mkdir -p "$T/base"
printf 'game: base\nlanguages: [en]\nlayout: ./layout.yaml\ncards:\n  - {id: one}\n' \
    >"$T/base/deck.yaml"
printf 'card: standard\nfront:\n  - {type: text, field: title, box_mm: [6, 6, 51, 20], size_pt: [8, 12]}\n' \
    >"$T/base/layout.yaml"
mkdir -p "$T/base/text"
printf 'cards:\n  one: {title: One}\n' >"$T/base/text/en.yaml"
timed base cards "$T/base" -o "$T/base.pdf"
check "a harmless deck renders" exits base 0
if [ -n "$WRAP" ] || [ "$LIMIT" != 1 ]; then
	BASE_KB=$(cut -d' ' -f3 "$T/base.cost")
	MEM=$((BASE_KB + 200000))
fi

for part in tests/costs/*.sh; do
	[ -e "$part" ] || continue
	# shellcheck disable=SC1090
	. "$part"
done

sed 's/^/# /' "$T/costs.txt"
summary costs
