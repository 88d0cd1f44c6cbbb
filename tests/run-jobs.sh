#!/bin/sh
# covers: all, jobs, progress, output
# deckpress all -j N (issue 13): each language of each deck rendered in
# a process of its own, N at a time, with the output of a serial run.
# The bundled decks with -j 1, 2 and 3: the same stdout, stderr, exit
# status and PDFs, byte for byte (the one the default -j is, suite.sh's
# shared render; the wall time of the others printed, not judged); decks
# with errors and an unfinished language
# likewise with -j 1, 2, 4 and the default; bad -j values refused;
# SIGTERM and SIGINT to the parent midway through two large renders
# passed on, the old PDFs kept byte-identical, no temporary and no
# child left, the parent dead of the signal; a child killed (SIGKILL)
# reported in its place, exit 3, the other units rendered and printed.
# Prints "ok - NAME" / "not ok - NAME".
#
#   WRAP      prefix for every deckpress call (valgrind)
#   TIMEOUT   seconds to wait for a large render's temporary: 60
#   NBIG      cards in each language of the large deck: 4000
#   NLONG     cards in each language of the progress line's and the
#             killed child's deck: 2000
T=out/test/jobs
. tests/suite.sh

TIMEOUT=${TIMEOUT:-60}
NBIG=${NBIG:-4000}
NLONG=${NLONG:-2000}

# all TAG ARGS...: ./deckpress all ARGS; its stdout, stderr and exit
# status go to $T/TAG.out, $T/TAG.err and $T/TAG.rc.
all() {
	tag=$1
	shift
	rc=0
	$WRAP ./deckpress all "$@" >"$T/$tag.out" 2>"$T/$tag.err" || rc=$?
	echo "$rc" >"$T/$tag.rc"
}

# same A B: the runs A and B printed the same bytes on stdout and on
# stderr, exited alike, and wrote the same PDFs (folders $T/A, $T/B):
# the same names, listed by the shell, and every pair of files with the
# same md5 sum, all taken by one md5sum (not a cmp for each pair and an
# ls for each folder, 17 processes for the bundled decks).
same() {
	s_a=
	s_b=
	for f in "$T/$1"/*; do
		[ ! -e "$f" ] || s_a="$s_a ${f##*/}"
	done
	for f in "$T/$2"/*; do
		[ ! -e "$f" ] || s_b="$s_b ${f##*/}"
	done
	[ "$s_a" = "$s_b" ] ||
	    { echo "$1 wrote$s_a;"; echo "$2 wrote$s_b"; return 1; }
	s_1=$1 s_2=$2
	set --
	for f in out err rc; do
		set -- "$@" "$T/$s_1.$f" "$T/$s_2.$f"
	done
	for f in $s_a; do
		set -- "$@" "$T/$s_1/$f" "$T/$s_2/$f"
	done
	md5sum "$@" >"$T/$s_2.sums" || return 1
	awk 'NR % 2 { h = $1; f = $2; next }
	    $1 != h { print f " and " $2 " differ"; bad = 1 }
	    END { exit bad }' "$T/$s_2.sums"
}

# into DIR TAG ARGS...: all TAG -d $T/DIR ARGS, the PDFs then moved to
# $T/TAG: every run writes to the same folder, so that the paths it
# prints are the same.
into() {
	dir=$1 tag=$2
	shift 2
	rm -rf "${T:?}/$dir" "${T:?}/$tag"
	all "$tag" -d "$T/$dir" "$@"
	mv "$T/$dir" "$T/$tag"
}

# --- the bundled decks ------------------------------------------------
# literal OLD NEW FILE: FILE with every OLD (a string, not a pattern) made
# NEW, on stdout.
literal() {
	awk -v o="$1" -v n="$2" '{ s = ""
	    while ((i = index($0, o)) > 0) {
		s = s substr($0, 1, i - 1) n
		$0 = substr($0, i + length(o))
	    }
	    print s $0 }' "$3"
}
# The shared render of the bundled games (suite.sh, bundled_render: made
# once per make test, or here when run alone) is deckpress all with the
# default -j, the number of cores (sysconf, as getconf reads it): where
# that is 1, 2 or 3 it is that run here, not rendered again (1 s of
# CPU).  Its PDFs were written to a folder of their own, so the paths it
# printed are made this suite's, those of the runs into $T/bundled; the
# booklets the render may hold beside them (GAME-LANG-rules.pdf, one run
# each, b-GAME-LANG) are not deckpress all's and are taken out.
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || cores=0
case $cores in
1 | 2 | 3)
	bundled_render
	if [ -n "${DECKPRESS_TEST_SHARED-}" ] &&
	    [ -f "$DECKPRESS_TEST_SHARED/bundled.done" ]; then
		made=$DECKPRESS_TEST_SHARED/bundled/all
	else
		made=$T/all
	fi
	set --
	for md in cards/*/rules/*.md; do
		game_lang "$md"
		[ ! -f "$T/b-$g-$l.rc" ] || set -- "$@" "$T/all/$g-$l-rules.pdf"
	done
	rm -f "$@"
	;;
esac
for j in 1 2 3; do
	if [ "$j" = "$cores" ]; then
		rm -rf "${T:?}/bundled-j$j"
		mv "$T/all" "$T/bundled-j$j"
		for f in out err; do
			literal "$made/" "$T/bundled/" "$T/all.$f" \
			    >"$T/bundled-j$j.$f"
		done
		cp "$T/all.rc" "$T/bundled-j$j.rc"
		echo "# deckpress all -j $j (the bundled decks): the shared render"
		continue
	fi
	s=$(now_ms)
	into bundled bundled-j$j -j $j
	e=$(now_ms)
	echo "# deckpress all -j $j (the bundled decks): $((e - s)) ms"
done
check "bundled decks: -j 1 exits 0" test "$(cat "$T/bundled-j1.rc")" = 0
check "bundled decks: -j 1 wrote each game's cards and packs, each language's" \
    bundled_ok "$T/bundled-j1" '-rules\.pdf$'
check "bundled decks: -j 2 as -j 1 (stdout, stderr, exit status, every PDF)" \
    same bundled-j1 bundled-j2
check "bundled decks: -j 3 as -j 1 (stdout, stderr, exit status, every PDF)" \
    same bundled-j1 bundled-j3

# --- errors, an unfinished language, a missing deck -------------------
# Each deck's errors in its place: quiz (fr unfinished: skipped, with
# warnings), a deck that does not load, text that does not fit in both
# languages, an unknown font, no deck at all, then a good one.
ERR="tests/decks/quiz tests/bad/duplicate-id tests/decks/overflow
    tests/bad/layout-unknown-font $T/nowhere tests/decks/geometry"
# shellcheck disable=SC2086
{
	into errors errors-j1 -j 1 $ERR
	into errors errors-j2 -j 2 $ERR
	into errors errors-j4 --jobs=4 $ERR
	into errors errors-default $ERR
}
check "errors: -j 1 exits 1" test "$(cat "$T/errors-j1.rc")" = 1
check "errors: -j 1 reports on stderr (the skip, each error)" sh -c '
    grep -q "'"'"'fr'"'"' skipped" "$1" &&
    grep -q "duplicate card id" "$1" && grep -q "does not fit" "$1" &&
    grep -q "unknown font" "$1" && grep -q "nowhere/deck.yaml" "$1"' \
    sh "$T/errors-j1.err"
check "errors: -j 2 as -j 1 (stdout, stderr, exit status, every PDF)" \
    same errors-j1 errors-j2
check "errors: --jobs=4, more jobs than cores, as -j 1" \
    same errors-j1 errors-j4
check "errors: the default -j as -j 1" same errors-j1 errors-default

# --- bad values -------------------------------------------------------
# refused ARG: -j ARG is a usage error, exit 2, saying so.
refused() {
	rc=0
	$WRAP ./deckpress all -j "$1" tests/decks/quiz -d "$T/refused" \
	    >"$T/refused.out" 2>"$T/refused.err" || rc=$?
	[ "$rc" = 2 ] || { echo "exit $rc, expected 2"; return 1; }
	grep -q "^deckpress: --jobs must be a whole number from 1 to 64, not '$1'" \
	    "$T/refused.err" || { cat "$T/refused.err"; return 1; }
	grep -qx "see 'deckpress all --help'" "$T/refused.err" &&
	    [ ! -s "$T/refused.out" ] && [ ! -e "$T/refused" ]
}
for v in 0 65 -1 x 2x 1.5 ''; do
	check "-j '$v': usage error, exit 2" refused "$v"
done
check "-j without a value: usage error, exit 2" sh -c '
    rc=0; $1 ./deckpress all -j >/dev/null 2>&1 || rc=$?; [ "$rc" = 2 ]' \
    sh "$WRAP"
check "--help names -j" sh -c './deckpress all --help | grep -q -- "-j, --jobs N"'

# Forking a process with threads is unsafe: Pango's font-sorting thread
# must start in the children only.
if strace -o /dev/null true 2>/dev/null; then
	check "-j 2: the parent starts no thread (no Pango, no fontconfig)" sh -c '
	    strace -f -e trace=clone,clone3 -o "$1/strace.txt" \
	        ./deckpress all -j 2 -d "$1/strace" tests/decks/overflow \
	        >/dev/null 2>&1
	    parent=$(awk "NR == 1 { print \$1 }" "$1/strace.txt")
	    # None in the parent; some in the children, or nothing was seen.
	    ! grep "^$parent .*CLONE_THREAD" "$1/strace.txt" &&
	    grep -q CLONE_THREAD "$1/strace.txt"' sh "$T"
else
	echo "ok - -j 2: the parent starts no thread # SKIP strace missing or not allowed here"
	pass=$((pass + 1))
fi

# --- signals ----------------------------------------------------------
# A deck of NBIG cards a language, whose two card sheets take a few
# seconds each.
B=$T/big
quiz_deck "$B" big "$NBIG" en fr
# A deck of NLONG cards a language, the first ones of B: the progress
# line's below, and the killed child's, whose other language renders
# whole (half of B's, 0.6 s of CPU less; its temporary holds bytes as
# early, within the first tenth of its render: see the progress line).
L=$T/long
quiz_deck "$L" long "$NLONG" en fr
OLD=$T/errors-j1/quiz-en-pack.pdf

# A background job of a shell without job control ignores SIGINT; env
# gives it back its default action, which deckpress then catches.
if env --default-signal=INT true 2>/dev/null; then
	DEFSIG="env --default-signal=INT,TERM,HUP"
else
	DEFSIG=
fi

# has_temp PDF: a temporary of PDF exists and holds bytes already.
has_temp() {
	for t in "$1".tmp-*; do
		[ -s "$t" ] && return 0
	done
	return 1
}

# no_temp DIR: no temporary file is left in DIR.
no_temp() {
	left=$(find "$1" -name '*.tmp-*')
	[ -z "$left" ] || { echo "left behind: $left"; return 1; }
}

# await PID PDF...: wait until each PDF has a temporary holding bytes,
# while PID runs; false (PID killed) if it ends or TIMEOUT passes.  The
# time is counted in tries, TIMEOUT * 50 of them 20 ms apart (their
# processes make it longer, never shorter), not read from date: a
# process less a try.
await() {
	pid=$1 tries=$((TIMEOUT * 50))
	shift
	for pdf; do
		until has_temp "$pdf"; do
			tries=$((tries - 1))
			if ! kill -0 "$pid" 2>/dev/null || [ "$tries" -lt 0 ]; then
				kill "$pid" 2>/dev/null || true
				wait "$pid" || true
				echo "no temporary of $pdf seen: make NBIG (or NLONG) larger"
				return 1
			fi
			sleep 0.02
		done
	done
}

# signalled SIG RC: all -j 2 of the quiz and the large deck over old
# PDFs; once both large sheets are being written, SIG to deckpress.  It
# exits RC (128 + the signal's number) once its children are gone; the
# old PDFs are byte-identical, the quiz's sheets (done before) those of
# a serial run, and no temporary is left.
signalled() {
	sig=$1 want=$2 D=$T/sig-$1
	rm -rf "$D"
	mkdir -p "$D"
	cp "$OLD" "$D/big-en-cards.pdf"
	cp "$OLD" "$D/big-fr-cards.pdf"
	$DEFSIG $WRAP ./deckpress all -j 2 -d "$D" tests/decks/quiz "$B" \
	    >"$D.out" 2>"$D.err" &
	pid=$!
	await $pid "$D/big-en-cards.pdf" "$D/big-fr-cards.pdf" || return 1
	kids=$(pgrep -P $pid | tr '\n' ' ')
	[ -n "$kids" ] || { echo "no child process seen"; return 1; }
	kill -s "$sig" $pid
	rc=0
	wait $pid || rc=$?
	[ "$rc" = "$want" ] || { echo "exit $rc, expected $want"; cat "$D.err"; return 1; }
	for k in $kids; do
		! kill -0 "$k" 2>/dev/null || { echo "child $k left running"; return 1; }
	done
	cmp "$OLD" "$D/big-en-cards.pdf" || return 1
	cmp "$OLD" "$D/big-fr-cards.pdf" || return 1
	cmp "$T/errors-j1/quiz-en-cards.pdf" "$D/quiz-en-cards.pdf" || return 1
	no_temp "$D"
}

check "SIGTERM to all -j 2 midway: children stopped, exit 143, the old PDFs byte-identical, no temporary" \
    signalled TERM 143
if [ -n "$DEFSIG" ]; then
	check "SIGINT to all -j 2 midway: children stopped, exit 130, the old PDFs byte-identical, no temporary" \
	    signalled INT 130
else
	echo "ok - SIGINT to all -j 2 midway # SKIP env --default-signal missing: background jobs ignore SIGINT"
	pass=$((pass + 1))
fi

# killed: all -j 2 of the long deck, then the quiz; the child writing
# long-en-cards.pdf (its pid is in its temporary's name) gets SIGKILL.
# The others go on: exit 3, the death said on stderr in en's place
# before fr's, the quiz's sheets written and reported as serially.
killed() {
	D=$T/killed
	rm -rf "$D"
	mkdir -p "$D"
	cp "$OLD" "$D/long-en-cards.pdf"
	$WRAP ./deckpress all -j 2 -d "$D" "$L" tests/decks/quiz \
	    >"$D.out" 2>"$D.err" &
	pid=$!
	await $pid "$D/long-en-cards.pdf" || return 1
	for t in "$D"/long-en-cards.pdf.tmp-*; do
		kid=${t##*.tmp-}
		kid=${kid%-*}
	done
	kill -s KILL "$kid"
	rc=0
	wait $pid || rc=$?
	[ "$rc" = 3 ] || { echo "exit $rc, expected 3"; cat "$D.err"; return 1; }
	cmp "$OLD" "$D/long-en-cards.pdf" || return 1
	head -n 1 "$D.err" | grep -qxF "deckpress: error: $L, language en: killed by signal 9 (Killed)" ||
	    { echo "stderr:"; cat "$D.err"; return 1; }
	grep -q "'fr' skipped" "$D.err" || { cat "$D.err"; return 1; }
	# What the serial run says of the quiz, last on both streams.
	tail -n "$(wc -l <"$T/quiz.out")" "$D.out" | cmp - "$T/quiz.out" &&
	    tail -n "$(wc -l <"$T/quiz.err")" "$D.err" | cmp - "$T/quiz.err" &&
	    grep -q "long-fr-cards.pdf: $NLONG cards" "$D.out" &&
	    cmp "$T/quiz/quiz-en-cards.pdf" "$D/quiz-en-cards.pdf"
}
all quiz -j 1 -d "$T/killed" tests/decks/quiz
mv "$T/killed" "$T/quiz"
check "a child killed (SIGKILL): said in its place, exit 3, the other units rendered and printed" \
    killed
rm -f "$T"/killed/*.tmp-*

# The progress line: on a terminal, one line for the pages of every
# unit, which the children send to the parent; erased at the end, and
# standard output as without it.  It shows once a run has lasted a
# second (AFTER in src/progress.c).  For a deck to last that long by
# its size alone on a machine three times as fast as this one, each of
# its languages would have to take over 3 s of CPU here, in each of
# the two runs below: the 12 000 cards a language this deck used to
# have took 1.5 s (a run of both, -j 2, 1.6 s of wall time on two
# idle cores: 0.5 s on such a machine, too short already).  So the run
# is made to last instead, on any machine: each child is stopped
# (SIGSTOP) as soon as its sheet's temporary appears, midway through
# its render, and let go on (SIGCONT) 1.5 s later; its pages reach the
# parent after more than a second, as a slow render's would.  The deck
# has NLONG cards a language, the signal tests' deck's first ones: its
# temporary appears within the first tenth of a child's run, which
# goes on rendering for about 0.4 s of CPU here: time enough (0.13 s)
# to stop it on a machine three times as fast, polling every 20 ms.
# (L is made above, with the signal tests' deck.)
# paused PID DIR: while PID runs, each language's child writing into
# DIR is stopped once its temporary appears, and both let go on 1.5 s
# after the last is; false, once PID has ended, if one is not caught
# midway.  TIMEOUT counted in tries, as await does.
paused() {
	pid=$1 kids='' tries=$((TIMEOUT * 50))
	for l in en fr; do
		kid=
		until [ -n "$kid" ]; do
			for t in "$2/long-$l-cards.pdf".tmp-*; do
				[ -e "$t" ] || continue
				kid=${t##*.tmp-}
				kid=${kid%-*}
			done
			[ -n "$kid" ] && break
			tries=$((tries - 1))
			if ! kill -0 "$pid" 2>/dev/null || [ "$tries" -lt 0 ]; then
				kill -s CONT $kids 2>/dev/null || true
				wait "$pid" || true
				echo "no temporary of long-$l-cards.pdf seen: make NLONG larger"
				return 1
			fi
			sleep 0.02
		done
		kill -s STOP "$kid" 2>/dev/null || {
			kill -s CONT $kids 2>/dev/null || true
			wait "$pid" || true
			echo "long-$l-cards.pdf done before it was stopped: make NLONG larger"
			return 1
		}
		kids="$kids $kid"
	done
	sleep 1.5
	kill -s CONT $kids
}
# The same deck with -j 2 and stderr not a terminal is the reference:
# what stdout reads without the line.  (-j 2's stdout is -j 1's: the
# bundled decks' checks above prove it.)
progress() {
	rm -rf "$T/long-j2"
	(unset CI; on_tty "$T/long-j2.out" "$T/long-j2.err" \
	    $WRAP ./deckpress all -j 2 -d "$T/long-j2" "$L") &
	p=$!
	paused $p "$T/long-j2" || return 1
	wait $p || return 1
	total=$(sed -n 's/.*, \([0-9]*\) pages$/\1/p' "$T/long-j2b.out" |
	    awk '{ t += $1 } END { print t }')
	sed "s|$T/long-j2b|$T/long-j2|" "$T/long-j2b.out" | cmp - "$T/long-j2.out" &&
	    grep -q "deckpress: all: page [0-9]* of" "$T/long-j2.err" &&
	    progress_ok "$T/long-j2.err" "$total"
}
# no_progress: the reference run, paused as the one on a terminal: no
# line, though it lasts as long.
no_progress() {
	rm -rf "$T/long-j2b"
	(unset CI; exec $WRAP ./deckpress all -j 2 -d "$T/long-j2b" "$L" \
	    >"$T/long-j2b.out" 2>"$T/long-j2b.err") &
	p=$!
	paused $p "$T/long-j2b" || return 1
	wait $p && [ ! -s "$T/long-j2b.err" ]
}
check "progress: none with stderr not a terminal" no_progress
if command -v python3 >/dev/null 2>&1; then
	check "progress: all -j 2 on a terminal, one line for both languages' pages, erased; stdout as without a terminal" \
	    progress
else
	echo "ok - progress: all -j 2 on a terminal # SKIP no python3 to make a pty"
	pass=$((pass + 1))
fi

summary jobs
