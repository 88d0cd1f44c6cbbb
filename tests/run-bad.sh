#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: cards, deck, components, templates, translations, images, svg,
#         shapes, turning, rich-text, fonts, sheets, printer-profile,
#         langtags, confinement, limits, diagnostics, numbers, colours
#
# Bad inputs: every folder tests/bad/NAME/ is a deck with a defect.
# deckpress must print exactly NAME/expect.err on stderr, nothing on
# stdout, exit with NAME/expect.rc and leave no PDF (nor a temporary
# file) behind.  NAME/args, if present, holds extra arguments on one
# line.  The repo root, which deckpress finds through /proc/self/exe,
# is cut from paths in messages so that expect.err holds paths relative
# to it, like the deck paths given on the command line.
#
# usage: sh tests/run-bad.sh [--regen] [NAME ...]    (from the repo root)
#
#   --regen   rewrite expect.err and expect.rc from the current output;
#             review the result with git diff.
#   WRAP      prefix for every deckpress call, e.g.
#             WRAP="valgrind -q --error-exitcode=99 --leak-check=no"
#   TIMEOUT   seconds per case: 10, or 300 under WRAP.

corpus=bad
# shellcheck source=tests/corpus.sh
. tests/corpus.sh

# Print "not ok" with a reason; the caller counts.
notok() {
	printf 'not ok - bad/%s: %s\n' "$name" "$1"
}

# Leftovers of an earlier run would hide or fake a failure: each
# case's files are removed before it runs, all at once (a process a
# case less, 236 of them).
clean_out() {
	for name in $cases; do
		printf '%s\n' "$outdir/$name.pdf" "$outdir/$name.err" \
		    "$outdir/$name.err.raw" "$outdir/$name.out"
	done | xargs rm -f
	rm -f "$outdir"/*.pdf.tmp-*
}
clean_out

# First every case's run, under its time-out; then the repo root cut
# from all their stderr by one sed -i and the expected and actual
# stderr compared by one md5sum for all (not a sed and a cmp a case,
# 472 processes); then each case's outcome, in order.  Nothing reads
# or writes a case's files between its run and its outcome.
i=0
set --
for name in $cases; do
	i=$((i + 1))
	dir=tests/bad/$name
	[ -d "$dir" ] || continue
	# args and expect.rc hold one line each: read, not a cat.
	args=
	if [ -f "$dir/args" ]; then
		read -r args <"$dir/args" || :
	fi
	rc=0
	# $WRAP and $args are split into words on purpose.
	# shellcheck disable=SC2086
	timeout --foreground "$TIMEOUT" $WRAP ./deckpress cards "$dir" $args \
	    -o "$outdir/$name.pdf" >"$outdir/$name.out" \
	    2>"$outdir/$name.err" || rc=$?
	eval "rc_$i=\$rc"
	# An empty stderr has nothing to cut.
	[ ! -s "$outdir/$name.err" ] || set -- "$@" "$outdir/$name.err"
done
[ $# -eq 0 ] || sed -i "s/$root\///g" "$@"

if [ "$regen" = 1 ]; then
	i=0
	for name in $cases; do
		i=$((i + 1))
		dir=tests/bad/$name
		[ -d "$dir" ] || continue
		cp "$outdir/$name.err" "$dir/expect.err"
		eval "echo \"\$rc_$i\"" >"$dir/expect.rc"
	done
fi

# The sums of each case's expect.err and stderr, a pair of lines a case
# that has an expect.err, in the cases' order.
set --
for name in $cases; do
	[ ! -f "tests/bad/$name/expect.err" ] ||
	    set -- "$@" "tests/bad/$name/expect.err" "$outdir/$name.err"
done
: >"$outdir/sums"
[ $# -eq 0 ] || md5sum "$@" >"$outdir/sums"
exec 3<"$outdir/sums"

# The temporary files left behind, one a line, by one look at
# $outdir for all the cases (not a read of it a case): a case looks
# for its own only if there are some of its name.
tmps=
for t in "$outdir"/*.pdf.tmp-*; do
	[ ! -e "$t" ] || tmps="$tmps$t
"
done

i=0
for name in $cases; do
	i=$((i + 1))
	dir=tests/bad/$name
	if [ ! -d "$dir" ]; then
		notok "no folder $dir"
		fail=$((fail + 1))
		continue
	fi
	pdf=$outdir/$name.pdf
	err=$outdir/$name.err
	out=$outdir/$name.out
	eval "rc=\$rc_$i"

	reasons=
	if [ "$rc" = 124 ]; then
		reasons="timed out after $TIMEOUT s"
	elif [ "$rc" = 99 ] && [ -n "$WRAP" ]; then
		reasons="exit code 99: $WRAP found memory errors"
	elif [ ! -f "$dir/expect.rc" ]; then
		reasons="no expect.rc"
	else
		want=
		read -r want <"$dir/expect.rc" || :
		[ "$rc" = "$want" ] || reasons="exit code $rc, expected $want"
	fi
	if [ ! -f "$dir/expect.err" ]; then
		reasons="${reasons:+$reasons; }no expect.err"
		differs=0
	else
		h1=
		f1=
		h2=
		f2=
		read -r h1 f1 <&3 || :
		read -r h2 f2 <&3 || :
		if [ "$f1" = "$dir/expect.err" ] && [ "$f2" = "$err" ] &&
		    [ "$h1" = "$h2" ]; then
			differs=0
		else
			reasons="${reasons:+$reasons; }stderr differs"
			differs=1
		fi
	fi
	if [ -s "$out" ]; then
		reasons="${reasons:+$reasons; }stdout not empty"
	fi
	if [ -e "$pdf" ]; then
		reasons="${reasons:+$reasons; }$pdf was written"
	fi
	case $tmps in
	*"$pdf".tmp-*)
		for t in "$pdf".tmp-*; do
			if [ -e "$t" ]; then
				reasons="${reasons:+$reasons; }$t left behind"
			fi
		done
		;;
	esac

	if [ -z "$reasons" ]; then
		printf 'ok - bad/%s\n' "$name"
		pass=$((pass + 1))
	else
		notok "$reasons"
		if [ "$differs" = 1 ]; then
			diff -u "$dir/expect.err" "$err" | sed 's/^/    /' ||
			    true
		fi
		fail=$((fail + 1))
	fi
done
exec 3<&-
rm -f "$outdir/sums"
clean_out

printf 'bad inputs: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
