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

for name in $cases; do
	dir=tests/bad/$name
	if [ ! -d "$dir" ]; then
		notok "no folder $dir"
		fail=$((fail + 1))
		continue
	fi
	# args and expect.rc hold one line each: read, not a cat.
	args=
	if [ -f "$dir/args" ]; then
		read -r args <"$dir/args" || :
	fi
	pdf=$outdir/$name.pdf
	err=$outdir/$name.err
	out=$outdir/$name.out
	rc=0
	# $WRAP and $args are split into words on purpose.
	# shellcheck disable=SC2086
	timeout "$TIMEOUT" $WRAP ./deckpress cards "$dir" $args -o "$pdf" \
	    >"$out" 2>"$err.raw" || rc=$?
	sed "s/$root\///g" "$err.raw" >"$err"

	if [ "$regen" = 1 ]; then
		cp "$err" "$dir/expect.err"
		echo "$rc" >"$dir/expect.rc"
	fi

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
	elif cmp -s "$dir/expect.err" "$err"; then
		differs=0
	else
		reasons="${reasons:+$reasons; }stderr differs"
		differs=1
	fi
	if [ -s "$out" ]; then
		reasons="${reasons:+$reasons; }stdout not empty"
	fi
	if [ -e "$pdf" ]; then
		reasons="${reasons:+$reasons; }$pdf was written"
	fi
	for t in "$pdf".tmp-*; do
		if [ -e "$t" ]; then
			reasons="${reasons:+$reasons; }$t left behind"
		fi
	done

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
clean_out

printf 'bad inputs: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
