#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: check, strings, composition, variants, translations, components,
#         booklet, links, images, svg, text-fit, confinement, limits,
#         diagnostics
#
# The validator's corpus: every folder tests/check/NAME/ is a small deck
# (deck.yaml, its own layout.yaml, text/LANG.yaml, and where the case
# needs them rules.yaml and rules/LANG.md) with at most one defect, and
# the exact outcome of one run of "deckpress check" or "deckpress
# strings" on it:
#
#   NAME/args        one line: the command, then its options, split at
#                    blanks (no quoting), e.g. "check --werror",
#                    "check --lang es --json", "strings --lang es".
#                    The runner runs, from the repo root:
#                        ./deckpress CMD out/test/check/NAME OPTS
#   NAME/expect.out  exact stdout
#   NAME/expect.err  exact stderr
#   NAME/expect.rc   exit status
#   NAME/expect/     optional: the files of the deck folder expected to
#                    change or appear, exact, at their path in the deck
#                    (expect/text/es.yaml: what "strings --lang es"
#                    must leave behind).
#
# Each case runs on a copy of its deck in out/test/check/NAME/ (args and
# expect* left out), so tracked files never change; messages name paths
# in that copy.  After the run the copy must hold exactly the case's
# deck files, with those under NAME/expect/ replacing or added to them:
# nothing else written, changed, or left behind.  A "strings" case that
# exits 0 is run a second time: that run must exit 0, say "(unchanged)"
# and leave every file, and its time stamp, as it was.  The repo root,
# should a message hold it, is cut from stdout and stderr, as in
# run-bad.sh.  A failed case's copy and output stay in out/test/check/
# (NAME/, NAME.out, NAME.err) and out/test/check.want/ (NAME/: what the
# copy should be) to look at; a passed case's are removed.
#
# usage: sh tests/run-check.sh [--regen] [NAME ...]    (from the repo root)
#
#   --regen   rewrite expect.out, expect.err, expect.rc and expect/ from
#             the current output; expect/ gets every file the run
#             changed or added and, for "strings --lang L", text/L.yaml.
#             Read the result (git diff, git status) before committing.
#   WRAP      prefix for every deckpress call, e.g.
#             WRAP="valgrind -q --error-exitcode=99 --leak-check=no"
#   TIMEOUT   seconds per deckpress call: 10, or 300 under WRAP.

corpus=check
# shellcheck source=tests/corpus.sh
. tests/corpus.sh

# pdf_seen PDF: what a reader of PDF sees, one fact a line: its pages
# and their sizes (pt), the fonts it embeds (subset tag cut), its text,
# its structure tree with each element's text, each word's box in
# pixels at 600 dpi and, the pages rasterised at 600 dpi without
# anti-aliasing, each colour's box (mm) and pixels.  A page's raster is
# piped to measure, not written (105 MB for A4).
pdf_seen() {
	np=$(pdfinfo "$1" | awk '/^Pages:/ { print $2 }')
	echo "pages $np"
	pdfinfo -f 1 -l "$np" "$1" | awk '/^Page +[0-9]+ size:/ {
	    print "page " $2 " " $4 " x " $6 }'
	pdffonts "$1" | awk 'NR > 2 { f = $1; sub(/^[A-Z]+\+/, "", f)
	    print "font " f " emb " $(NF-4) " sub " $(NF-3) " uni " $(NF-2) }' |
	    sort
	pdftotext "$1" - | tr '\f' '\n' | sed 's/^/text /'
	pdfinfo -struct-text "$1" | sed 's/^/struct /'
	pdftotext -bbox "$1" - | awk '/<page / { p++ } /<word / {
	    for (i = 2; i <= 5; i++) { split($i, a, "\""); v[i] = a[2] }
	    w = $0; sub(/^.*">/, "", w); sub(/<\/word>.*$/, "", w)
	    printf "word %d %s %.0f %.0f %.0f %.0f\n", p, w, v[2] * 600 / 72,
		v[3] * 600 / 72, v[4] * 600 / 72, v[5] * 600 / 72 }'
	pg=1
	while [ "$pg" -le "$np" ]; do
		pdftoppm -r 600 -aa no -aaVector no -f "$pg" -l "$pg" \
		    -singlefile "$1" | ./out/test/measure /dev/stdin |
		    awk -v p="$pg" '
			$1 == "color" { $1 = "color " p; print }' | sort
		pg=$((pg + 1))
	done
}

# pdf_same WANT GOT SCRATCH: PDF GOT looks and reads as WANT does: the
# same pages, sizes, fonts, text and structure, each word where it
# was to 0.25 mm (6 px at 600 dpi), each colour's box to 0.25 mm and
# its pixels to 1 %.  The bytes may differ: another Cairo and libqpdf
# write others for the same pages, and Pango 1.56 sets a line up to
# 0.2 mm longer than 1.50 (Debian 13 and 12).  Byte identity run to
# run is checked by run-e2e.sh, run-pdftags.sh and run-fonts.sh.
pdf_same() {
	cmp -s "$1" "$2" && return 0
	pdf_seen "$1" >"$3.want" && pdf_seen "$2" >"$3.got" &&
	    [ -s "$3.want" ] || { echo "    $2: cannot be read"; return 1; }
	# Cairo 1.18 marks no image as a Figure's content (run-pdftags.sh
	# says why): the empty text of a Figure whose image WANT's Cairo
	# 1.16 made its content is not there.
	if pkg-config --atleast-version=1.18 cairo; then
		awk '!(fig && $0 == "struct     \"\"") { print }
		    { fig = $0 ~ /^struct +Figure$/ }' "$3.want" \
		    >"$3.w18" && mv "$3.w18" "$3.want"
	fi
	awk -v got="$3.got" -v name="$2" '
	    function off(a, b) { return a > b ? a - b : b - a }
	    { w = $0; if ((getline g <got) <= 0) {
		print "    " name ": ends before: " w; bad = 1; exit } }
	    $1 == "word" { split(g, h)
		if (h[1] != "word" || h[2] != $2 || h[3] != $3 ||
		    off(h[4], $4) > 6 || off(h[5], $5) > 6 ||
		    off(h[6], $6) > 6 || off(h[7], $7) > 6) {
			print "    " name ": " g ", not " w; bad = 1 }
		next }
	    $1 == "color" { split(g, h)
		if (h[1] != "color" || h[2] != $2 || h[3] != $3 ||
		    off(h[4], $4) > 0.25 || off(h[5], $5) > 0.25 ||
		    off(h[6], $6) > 0.25 || off(h[7], $7) > 0.25 ||
		    off(h[8], $8) > $8 / 100) {
			print "    " name ": " g ", not " w; bad = 1 }
		next }
	    g != w { print "    " name ": " g ", not " w; bad = 1 }
	    END { if (!bad && (getline g <got) > 0) {
		print "    " name ": more: " g; bad = 1 }
		exit bad }' "$3.want" >"$3.diff" && return 0
	head -20 "$3.diff"
	return 1
}

# dirs_differ WANT GOT SCRATCH: the folders hold other files, or other
# bytes, but for PDFs that look and read the same (pdf_same); what
# differs is said on stdout.  What "diff -rq WANT GOT" says is read
# from SCRATCH.rq, the case's lines of the one diff of all the cases
# (all_differ): no file, nothing differs.
dirs_differ() {
	[ -f "$3.rq" ] || return 1
	differ=1
	while read -r line; do
		case $line in
		"Files "*".pdf and "*".pdf differ")
			a=${line#Files }
			a=${a%% and *}
			b=${line#* and }
			b=${b% differ}
			pdf_same "$a" "$b" "$3" || differ=0
			;;
		*)
			echo "    $line"
			differ=0
			;;
		esac
	done <"$3.rq"
	rm -f "$3.rq" "$3.want" "$3.got" "$3.diff"
	return $differ
}

# all_differ: one "diff -rq" of out/test/check.want and out/test/check,
# each case's folder against what it should be, not one diff a case
# (116 processes); its lines, "Only in", "Files ... differ" and its
# errors, as "diff -rq" of the case's two folders says them, into
# out/test/check/NAME.seen.rq for the case NAME whose folder a line
# names first (a copy missing: "Only in out/test/check.want: NAME").
# The files beside the copies in out/test/check (NAME.out, NAME.err,
# and so on) are no case's: what diff says of them alone is dropped.
# Each case's lines have their order; no lines, no file.
all_differ() {
	diff -rq "$wantdir" "$outdir" 2>&1 |
	    awk -v w="$wantdir/" -v o="$outdir/" -v top="Only in $wantdir: " '
		index($0, top) == 1 { n = substr($0, length(top) + 1) }
		index($0, top) != 1 { i = index($0, w); j = index($0, o)
		    if (i == 0 || (j > 0 && j < i)) { i = j; l = length(o) }
		    else l = length(w)
		    if (i == 0) next
		    n = substr($0, i + l); sub(/[\/: ].*$/, "", n) }
		n != "" { f = o n ".seen.rq"; print >>f; close(f) }'
}

# Add a reason for "not ok".
because() {
	reasons="${reasons:+$reasons; }$1"
}

# lang_of OPTION...: sets lang to the value of --lang (or -l) in the
# options, if any (set, not printed: no subshell to fork).
lang_of() {
	lang=
	prev=
	for a in "$@"; do
		case $prev in
		--lang | -l) lang=$a ;;
		esac
		case $a in
		--lang=*) lang=${a#--lang=} ;;
		esac
		prev=$a
	done
}

# run_raw OUT ERR: the case's run of deckpress, its stdout and stderr
# into OUT and ERR; sets rc.
run_raw() {
	rc=0
	# $WRAP and $opts are split into words on purpose.
	# shellcheck disable=SC2086
	timeout --foreground "$TIMEOUT" $WRAP ./deckpress "$cmd" "$work" $opts \
	    >"$1" 2>"$2" || rc=$?
}
# run OUT ERR: run_raw, then the repo root cut in place, by one sed for
# both files, from those that are not empty (an empty one has nothing
# to cut): most runs write one.
run() {
	o=$1
	e=$2
	run_raw "$o" "$e"
	set --
	[ ! -s "$o" ] || set -- "$o"
	[ ! -s "$e" ] || set -- "$@" "$e"
	[ $# -eq 0 ] || sed -i "s/$root\///g" "$@"
}

# Was that run cut short?
broken_run() {
	if [ "$rc" = 124 ]; then
		because "$1 timed out after $TIMEOUT s"
	elif [ "$rc" = 99 ] && [ -n "$WRAP" ]; then
		because "$1 exit code 99: $WRAP found memory errors"
	else
		return 1
	fi
}

# same A B: A and B hold the same bytes, by their md5 sums in $sums,
# the case's lines of the one md5sum of every case's expected and
# actual stdout and stderr, instead of a cmp for each pair.
same() {
	ha=
	hb=
	while read -r h f; do
		[ "$f" != "$1" ] || ha=$h
		[ "$f" != "$2" ] || hb=$h
	done <<SUMS
$sums
SUMS
	[ -n "$ha" ] && [ "$ha" = "$hb" ]
}

# Compare the expected file $1 with the output $2, called $3.
compare() {
	if [ ! -f "$1" ]; then
		because "no ${1##*/}"
	elif ! same "$1" "$2"; then
		because "$3 differs"
		diff -u "$1" "$2" | sed 's/^/    /' >>"$diffs" || true
	fi
}

# leftovers NAME...: what each case leaves in out/test/check, one path a
# line, to remove with one rm for all the cases (not one rm each): before
# the first case, as an earlier run's would hide or fake a failure, and
# the passed cases' after the last.
leftovers() {
	for n in "$@"; do
		printf '%s\n' "$outdir/$n" "$outdir/$n.orig" "$wantdir/$n" \
		    "$outdir/$n.out" "$outdir/$n.err" "$outdir/$n.diffs" \
		    "$outdir/$n.stamp" "$outdir/$n.out.2" "$outdir/$n.err.2" \
		    "$outdir/$n.seen.rq"
	done
}
# What each case should make of its copy: out/test/check.want/NAME.
wantdir=$outdir.want
mkdir -p "$wantdir"
# shellcheck disable=SC2086
leftovers $cases | xargs -r rm -rf
# Each case's copy and what it should become, made for all the cases
# before the first runs: their folders copied whole by one cp into
# out/test/check and one into out/test/check.want, then their args and
# expect* taken out of both by one rm (not two cp a case, 232 of them).
# No case writes outside its copy (the corpus's runs name no other), so
# each copy holds its deck's files alone when its case runs.  What a
# copy should become is made of hard links to the deck's files, not
# copies: nothing writes into out/test/check.want but the expect/
# files, which take a link's place (cp --remove-destination), never
# write through it; making 1300 files and folders on ext4 costs 0.2 s
# of CPU, linking them 0.04 s.  Where out/ is on another file system
# than tests/ (no hard link), they are copied.
set --
for name in $cases; do
	[ -f "tests/check/$name/args" ] || continue
	set -- "$@" "tests/check/$name"
done
if [ $# -gt 0 ]; then
	cp -R "$@" "$outdir/"
	if ! cp -Rl "$@" "$wantdir/" 2>/dev/null; then
		for d; do
			printf '%s\n' "$wantdir/${d##*/}"
		done | xargs rm -rf
		cp -R "$@" "$wantdir/"
	fi
	for d; do
		for f in "$outdir/${d##*/}" "$wantdir/${d##*/}"; do
			printf '%s\n' "$f/args" "$f/expect.out" "$f/expect.err" \
			    "$f/expect.rc" "$f/expect"
		done
	done | xargs rm -rf
fi
# case_of NAME: the case's paths, and its command and options from its
# args (one line: read, not a cat); false, setting nothing more, if it
# has no folder or no args.
case_of() {
	name=$1
	dir=tests/check/$name
	work=$outdir/$name
	orig=$outdir/$name.orig
	want=$wantdir/$name
	out=$outdir/$name.out
	err=$outdir/$name.err
	diffs=$outdir/$name.diffs
	stamp=$outdir/$name.stamp
	[ -d "$dir" ] && [ -f "$dir/args" ] || return 1
	line=
	read -r line <"$dir/args" || :
	# The first word is the command, the rest its options.
	set -f
	# shellcheck disable=SC2086
	set -- $line
	set +f
	cmd=${1:-}
	shift || true
	opts=$*
	[ "$regen" = 0 ] || lang_of "$@"
}

# First every case's run, then the repo root cut from all their output
# by one sed, the expected and actual output summed by one md5sum, then
# each case's outcome, in order (as run-bad.sh does: not a sed and an
# md5sum a case, 230 processes).  No case's run reads or writes another
# case's files, nor its outcome another's run.
i=0
: >"$outdir/cut"
for name in $cases; do
	i=$((i + 1))
	case_of "$name" || continue
	# What the deck should look like after the run: the deck (copied
	# above) and the case's expect/.
	if [ -d "$dir/expect" ]; then
		cp -R --remove-destination "$dir/expect/." "$want/"
	fi
	# The copy as it was, for --regen alone.
	if [ "$regen" = 1 ]; then
		cp -R "$work" "$orig"
	fi
	run_raw "$out" "$err"
	eval "rc_$i=\$rc"
	# An empty file has nothing to cut: most runs write one.
	[ ! -s "$out" ] || echo "$out" >>"$outdir/cut"
	[ ! -s "$err" ] || echo "$err" >>"$outdir/cut"
done
xargs -r sed -i "s/$root\///g" <"$outdir/cut"

if [ "$regen" = 1 ]; then
	i=0
	for name in $cases; do
		i=$((i + 1))
		case_of "$name" || continue
		eval "rc=\$rc_$i"
		cp "$out" "$dir/expect.out"
		cp "$err" "$dir/expect.err"
		echo "$rc" >"$dir/expect.rc"
		rm -rf "$dir/expect"
		(cd "$work" && find . -type f | sort) | while read -r f; do
			f=${f#./}
			if [ "$cmd" = strings ] && [ -n "$lang" ] &&
			    [ "$f" = "text/$lang.yaml" ] ||
			    ! cmp -s "$work/$f" "$orig/$f" 2>/dev/null; then
				case $f in
				*/*) mkdir -p "$dir/expect/${f%/*}" ;;
				*) mkdir -p "$dir/expect" ;;
				esac
				cp "$work/$f" "$dir/expect/$f"
			fi
		done
		rm -rf "$want"
		cp -R "$orig" "$want"
		if [ -d "$dir/expect" ]; then
			cp -R "$dir/expect/." "$want/"
		fi
	done
fi

# The sums of each case's expected and actual stdout and stderr, those
# of them that exist, in the cases' order; nsums_I lines for case I.
i=0
for name in $cases; do
	i=$((i + 1))
	n=0
	for f in "tests/check/$name/expect.out" "$outdir/$name.out" \
	    "tests/check/$name/expect.err" "$outdir/$name.err"; do
		[ -f "$f" ] || continue
		echo "$f"
		n=$((n + 1))
	done
	eval "nsums_$i=\$n"
done >"$outdir/summed"
xargs -r md5sum <"$outdir/summed" >"$outdir/sums"
exec 3<"$outdir/sums"
# Every case's folder against what it should be, after all the first
# runs (and --regen), before any second run.
all_differ

passed=
i=0
for name in $cases; do
	i=$((i + 1))
	reasons=
	if ! case_of "$name"; then
		if [ ! -d "$dir" ]; then
			printf 'not ok - check/%s: no folder %s\n' "$name" "$dir"
		else
			printf 'not ok - check/%s: no args\n' "$name"
		fi
		fail=$((fail + 1))
		continue
	fi
	: >"$diffs"
	eval "rc=\$rc_$i n=\$nsums_$i"
	rc1=$rc
	sums=
	while [ "$n" -gt 0 ]; do
		sum=
		read -r sum <&3 || :
		sums="$sums$sum
"
		n=$((n - 1))
	done

	if broken_run "the run"; then
		:
	elif [ ! -f "$dir/expect.rc" ]; then
		because "no expect.rc"
	else
		rc_want=
		read -r rc_want <"$dir/expect.rc" || :
		[ "$rc" = "$rc_want" ] ||
		    because "exit code $rc, expected $rc_want"
	fi
	compare "$dir/expect.out" "$out" stdout
	compare "$dir/expect.err" "$err" stderr
	if dirs_differ "$want" "$work" "$outdir/$name.seen" >>"$diffs"; then
		because "the deck folder is not as expected after the run"
		diff -r -u "$want" "$work" | sed 's/^/    /' >>"$diffs" ||
		    true
	fi

	# A second run of strings changes nothing, not even a time stamp.
	# The stamp is made new by a redirection, as touch would.
	if [ "$cmd" = strings ] && [ "$rc1" = 0 ] && [ -z "$reasons" ]; then
		: >"$stamp"
		run "$out.2" "$err.2"
		if broken_run "the second run"; then
			:
		elif [ "$rc" != 0 ]; then
			because "second run: exit code $rc"
		fi
		# Its first line, read by the shell rather than head and grep.
		first=
		IFS= read -r first <"$out.2" || :
		case $first in
		*' (unchanged)') ;;
		*)
			because "second run: stdout does not say (unchanged)"
			sed 's/^/    /' "$out.2" >>"$diffs"
			;;
		esac
		if ! diff -r "$want" "$work" >/dev/null 2>&1; then
			because "second run: the deck folder changed"
			diff -r -u "$want" "$work" | sed 's/^/    /' \
			    >>"$diffs" || true
		elif [ -n "$(find "$work" -type f -newer "$stamp")" ]; then
			because "second run: rewrote $(find "$work" -type f \
			    -newer "$stamp" | tr '\n' ' ')"
		fi
	fi

	if [ -z "$reasons" ]; then
		printf 'ok - check/%s\n' "$name"
		pass=$((pass + 1))
		passed="$passed $name"
	else
		printf 'not ok - check/%s: %s\n' "$name" "$reasons"
		cat "$diffs"
		fail=$((fail + 1))
	fi
done
exec 3<&-
rm -f "$outdir/cut" "$outdir/summed" "$outdir/sums"
# shellcheck disable=SC2086
leftovers $passed | xargs -r rm -rf

printf 'check cases: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
