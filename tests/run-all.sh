#!/bin/sh
# SPDX-License-Identifier: MIT
#
# make test: the cmocka unit tests (given as arguments), then the shell
# suites; then one summary line, "N passed, M failed", counted from the
# "ok" and "not ok" lines of the log (", K skipped" added when an "ok"
# line skips its check: "ok - NAME # SKIP WHY").  A test program counts
# as failed, on a line "not ok - PROGRAM: REASONS" of its own, when it
# exits non-zero, dies by a signal (abort, a segfault, a sanitizer
# report), or its TAP output has no plan "1..N", more than one, or not N
# results; a shell suite when it exits non-zero.  The exit status is 0
# only when nothing failed.
#
# Programs and suites are independent: JOBS of them run at once, each
# into a file of its own, and each one's output is passed on whole, in
# the order of the arguments and of SUITES, once it and all before it
# have ended: the log reads as a serial run's, and a line
# "# NAME: S s" after each gives its wall time.  The suites therefore
# never share a scratch folder or any other path they write.
#
# usage: sh tests/run-all.sh [FEATURE ...] [PROGRAM ...]
#        (from the repo root)
#
# An argument with a "/" in it is a unit test program to run; a word
# without one is a feature, a keyword of tests/README.md's vocabulary.
# Given features, only the programs and suites whose covers line names
# one of them run (a program's covers line is that of its source,
# tests/unit/NAME.c, else of the program itself, if it is a script):
# "sh tests/run-all.sh duplex" runs the suites of duplex printing,
# "make test FEATURE=duplex" the same and the unit programs too.  A
# word that no covers line of the suites, the programs given or
# tests/unit/*.c names is a usage error (exit 2), and nothing runs.
#
#   SUITES   the shell suites run after the programs, default
#            all_suites below: every other tests/run-*.sh
#            (run-watch first, see IDLE; then the slowest first, by the
#            CPU time each takes, user + sys as /usr/bin/time gives it:
#            so that the last to start are short ones); set and empty:
#            none (tests/run-selftest.sh runs this script so).
#   IDLE     the suites among SUITES that mostly wait (run-watch sleeps
#            for its files to change: 1.3 s of CPU in 10 s), default
#            "tests/run-watch.sh": each starts in its turn but beside the
#            JOBS others, not in a slot of theirs, where it would hold a
#            CPU idle.
#   JOBS     how many run at once, default one more than the number of
#            CPUs (nproc): a suite waits at times (for a browser, a
#            child it stopped, a file it polls), and a third job on two
#            CPUs fills those waits (make test: 108 s, 101 s with 3 jobs,
#            100 s with 4, the same 193 s of CPU); 1 runs them one after
#            another (those of IDLE beside).
#   LOG      the log, default out/test/run-all.log; each job's output
#            waits in the folder ${LOG%.log}.jobs/ until its turn.

set -eu
LC_ALL=C
export LC_ALL

all_suites="tests/run-watch.sh tests/run-serve.sh tests/run-e2e.sh
    tests/run-components.sh tests/run-print.sh tests/run-pdfua.sh
    tests/run-deb.sh tests/run-pod.sh tests/run-preflight.sh
    tests/run-bench.sh tests/run-jobs.sh tests/run-art.sh
    tests/run-packfold.sh tests/run-costs.sh tests/run-preview.sh
    tests/run-tts.sh tests/run-keep.sh tests/run-import.sh
    tests/run-search.sh tests/run-output.sh tests/run-images.sh
    tests/run-confinement.sh tests/run-fitmodel.sh tests/run-build.sh
    tests/run-hex.sh tests/run-pdftags.sh tests/run-bad.sh
    tests/run-nets.sh tests/run-sprites.sh tests/run-selftest.sh
    tests/run-translate.sh tests/run-links.sh tests/run-po.sh
    tests/run-potools.sh tests/run-check.sh tests/run-mixed.sh
    tests/run-gfx.sh tests/run-compose.sh tests/run-new.sh
    tests/run-fonts.sh tests/run-squib.sh tests/run-imgpaint.sh
    tests/run-shapes.sh tests/run-docs.sh tests/run-numattr.sh
    tests/run-boxes.sh tests/run-rich.sh tests/run-poin.sh
    tests/run-textpaint.sh tests/run-exprs.sh tests/run-system.sh
    tests/run-faces.sh tests/run-imagelimits.sh tests/run-langtags.sh
    tests/run-manners.sh tests/run-yours.sh"
SUITES=${SUITES-$all_suites}
IDLE=${IDLE-tests/run-watch.sh}
JOBS=${JOBS:-$(($(nproc 2>/dev/null || echo 1) + 1))}
case $JOBS in
'' | *[!0-9]* | 0*)
	echo "run-all.sh: JOBS is '$JOBS', not a count of 1 or more" >&2
	exit 2
	;;
esac
LOG=${LOG:-out/test/run-all.log}
J=${LOG%.log}.jobs
done_line='# run-all: every program and suite ran'
before=$(git status --porcelain --untracked-files=no 2>/dev/null || true)

# covers FILE: the keywords of FILE's covers line, one a line: its
# first line that reads "covers:" after its comment marks (# or /*, *),
# and the lines after it while a line ends with a comma.
covers() {
	[ -f "$1" ] || return 0
	awk 'FNR > 30 { exit }
	{ t = $0; sub(/^[ \t]*(#|\/\*|\*)[ \t]?/, "", t)
	    sub(/[ \t]*\*\/[ \t]*$/, "", t) }
	!on && t ~ /^covers:/ { on = 1; sub(/^covers:/, "", t) }
	on { n = split(t, w, /[, \t]+/)
	    for (i = 1; i <= n; i++) if (w[i] != "") print w[i]
	    if (t !~ /,[ \t]*$/) exit }' "$1"
}
# source_of PROGRAM: the file whose covers line is PROGRAM's.
source_of() {
	src=tests/unit/$(basename "$1").c
	if [ -f "$src" ]; then echo "$src"; else echo "$1"; fi
}
# wanted FILE: FILE's covers line names one of the features asked for
# (every file is wanted when none was).
wanted() {
	[ -z "$features" ] && return 0
	for k in $(covers "$1"); do
		case " $features " in *" $k "*) return 0 ;; esac
	done
	return 1
}

# The features among the arguments (the words without a "/"); each must
# be named by a covers line.
features=
for a in "$@"; do
	case $a in
	*/*) ;;
	*) features="${features:+$features }$a" ;;
	esac
done
if [ -n "$features" ]; then
	known=$(for f in $SUITES tests/unit/test_*.c; do covers "$f"; done
	    for p in "$@"; do
		case $p in */*) covers "$(source_of "$p")" ;; esac
	    done)
	for f in $features; do
		printf '%s\n' "$known" | grep -qxF -- "$f" && continue
		echo "run-all.sh: unknown feature '$f': no suite or unit" \
		    "program covers it (see tests/README.md)" >&2
		echo "usage: sh tests/run-all.sh [FEATURE ...] [PROGRAM ...]" >&2
		exit 2
	done
fi

# The jobs, numbered from 1 in the order their output is passed on:
# kind_I is "program" or "suite", name_I what to run.
# idle_I is 1 for a suite of IDLE.
n=0
add_job() {
	n=$((n + 1))
	eval "kind_$n=\$1 name_$n=\$2 idle_$n=0"
	case " $(echo $IDLE) " in
	*" $2 "*) eval "idle_$n=1" ;;
	esac
}
for t in "$@"; do
	case $t in
	*/*) if wanted "$(source_of "$t")"; then add_job program "$t"; fi ;;
	esac
done
for s in $SUITES; do
	if wanted "$s"; then add_job suite "$s"; fi
done

# The log's first line is written before any job starts: a suite that
# reads it (run-selftest.sh) sees it unchanged while the others run.
mkdir -p "$(dirname "$LOG")" "$J"
# shim NAME: $J/bin/NAME, the script on stdin, made afresh: an older
# run's may be a link to the real program, which writing through would
# overwrite.
shim() {
	mkdir -p "$J/bin"
	rm -f "$J/bin/$1"
	cat >"$J/bin/$1.new"
	chmod +x "$J/bin/$1.new"
	mv -f "$J/bin/$1.new" "$J/bin/$1"
}
# Every suite's python3 is the interpreter python3 picks, started with
# -S: a launcher (pyenv's or asdf's shim: a bash script and a dozen
# processes, ~60 ms of CPU a start) is asked once which one it picks,
# and site is not imported, for the suites' Python uses the standard
# library only (run-serve's selenium comes from Debian's python3, which
# it names itself), and site's .pth files may import anything: on one
# machine they cost 20 ms of each of the ~300 starts.
if py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) &&
    [ -x "$py" ]; then
	printf '#!/bin/sh\nexec "%s" -S "$@"\n' "$py" | shim python3
fi
# Every suite's pdftoppm asks glibc's malloc for transparent huge pages
# (glibc.malloc.hugetlb=1, glibc 2.35 on; an older glibc or a kernel
# without them ignores it): a page at 600 dpi is a bitmap of 35 to 105
# MB, which 4 KB pages fault in 25 000 times a page.  The same pixels;
# the 127 pdftoppm runs of make test took 27.0 s of CPU so against 30.4
# s.  deckpress keeps the default: suites measure its peak memory.
# (Not where that pdftoppm is this run's own shim, found on a PATH that
# holds $J/bin already: it would run itself.)
if ppm=$(command -v pdftoppm) && [ -x "$ppm" ] &&
    [ "$ppm" != "$(cd "$J" && pwd)/bin/pdftoppm" ]; then
	tun=${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.hugetlb=1
	case ${GLIBC_TUNABLES-} in
	*glibc.malloc.hugetlb=*) tun=$GLIBC_TUNABLES ;;	# the user's own
	esac
	printf '#!/bin/sh\nGLIBC_TUNABLES=%s\nexport GLIBC_TUNABLES\nexec "%s" "$@"\n' \
	    "$tun" "$ppm" | shim pdftoppm
fi
if [ -d "$J/bin" ]; then
	PATH=$(cd "$J/bin" && pwd):$PATH
	export PATH
fi
# The suites that read the same render of the bundled games share one
# (tests/suite.sh, bundled_render), in a folder of this run's own.
DECKPRESS_TEST_SHARED=${LOG%.log}.shared
case $DECKPRESS_TEST_SHARED in
/*) ;;
*) DECKPRESS_TEST_SHARED=$(pwd -P)/$DECKPRESS_TEST_SHARED ;;
esac
export DECKPRESS_TEST_SHARED
rm -rf "$DECKPRESS_TEST_SHARED"
mkdir -p "$DECKPRESS_TEST_SHARED"
first="# run-all: $n programs and suites, at most $JOBS at a time"
[ -z "$features" ] || first="$first (features: $features)"
echo "$first" | tee "$LOG"
# The jobs say on this pipe when they end.
rm -f "$J/ended"
mkfifo "$J/ended"

# The exit status $1 in words, or nothing if it is 0.
status_reason() {
	case $1 in
	0) ;;
	126 | 127) printf 'exit status %s (could not run it)' "$1" ;;
	*)
		if [ "$1" -gt 128 ] && sig=$(kill -l "$1" 2>/dev/null); then
			printf 'killed by signal %s' "$sig"
		else
			printf 'exit status %s' "$1"
		fi
		;;
	esac
}

# What is wrong with the TAP stream in file $1: no plan, two plans, or
# not as many results as planned; nothing if it is sound.
tap_reason() {
	awk '
	/^1\.\.[0-9]+([ \t]|$)/ { plans++; planned = substr($1, 4) + 0 }
	/^(not )?ok([ \t]|$)/ { results++ }
	END {
		r = (results + 0) (results == 1 ? " result" : " results")
		if (plans == 0)
			printf "no plan (1..N), %s", r
		else if (plans > 1)
			printf "%d plans", plans
		else if (results != planned)
			printf "%s for plan 1..%d", r, planned
	}' "$1"
}

# Run the unit test program $1 and pass its TAP output on; stderr goes
# along as "# " comments, so that it cannot add results.  Its stdout
# and stderr wait in the files $out and $err, which the job sets.
run_program() {
	echo "# $1"
	rc=0
	CMOCKA_MESSAGE_OUTPUT=TAP "$1" >"$out" 2>"$err" || rc=$?
	cat "$out"
	sed 's/^/# /' "$err"
	why=$(status_reason "$rc")
	tap=$(tap_reason "$out")
	if [ -n "$why" ] || [ -n "$tap" ]; then
		echo "not ok - $1: $why${why:+${tap:+; }}$tap"
	fi
	rm -f "$out" "$err"
}

# Run the shell suite $1; it prints its own "ok" and "not ok" lines.
run_suite() {
	echo "# $1"
	rc=0
	sh "$1" || rc=$?
	if [ "$rc" != 0 ]; then
		echo "not ok - $1: $(status_reason "$rc")"
	fi
}

# now_ns: the wall clock in nanoseconds (GNU date).
now_ns() {
	date +%s%N
}

# run_job I: job I, its output into $J/I.log, its wall time on the
# log's last line; then "I STATUS" on the pipe $J/ended.  STATUS is not
# 0 only when this script itself broke off in the job (a test that
# fails is a "not ok" line, and status 0).  Run in the background: the
# set +e and the variables stay in its subshell.
run_job() {
	eval "kind=\$kind_$1 name=\$name_$1"
	t0=$(now_ns)
	set +e
	(
		set -e
		out=$J/$1.stdout
		err=$J/$1.stderr
		# shellcheck disable=SC2154
		"run_$kind" "$name"
	) >"$J/$1.log" 2>&1 3>&-
	rc=$?
	t1=$(now_ns)
	awk -v n="$name" -v a="$t0" -v b="$t1" \
	    'BEGIN { printf "# %s: %.2f s\n", n, (b - a) / 1e9 }' >>"$J/$1.log"
	echo "$1 $rc" >&3
}

# tree PID: PID and every process under it.
tree() {
	echo "$1"
	for c in $(pgrep -P "$1" || true); do
		tree "$c"
	done
}

# stop_jobs: end the jobs still running and all they started: a shell
# runs its background commands with SIGINT ignored, so that ^C alone
# would leave them running.
stop_jobs() {
	k=1
	pids=
	while [ "$k" -lt "$next" ]; do
		if eval "[ -z \"\${rc_$k-}\" ]"; then
			eval "pids=\"\$pids \$(tree \$pid_$k)\""
		fi
		k=$((k + 1))
	done
	# shellcheck disable=SC2086
	[ -z "$pids" ] || kill -TERM $pids 2>/dev/null || true
}

# run_jobs: every job, JOBS at a time, in their order; each one's log
# passed on once it and every job before it have ended.  A job in which
# this script broke off ends the run, after the jobs still running; a
# signal to end the run ends them too.
run_jobs() {
	next=1
	trap 'stop_jobs; exit 130' INT
	trap 'stop_jobs; exit 143' TERM
	trap 'stop_jobs; exit 129' HUP
	exec 3<>"$J/ended"
	shown=1
	running=0
	live=0
	broke=0
	while [ "$shown" -le "$n" ]; do
		# A suite of IDLE starts in its turn but takes no slot.
		while [ "$broke" = 0 ] && [ "$next" -le "$n" ] &&
		    { [ "$running" -lt "$JOBS" ] ||
		    eval "[ \"\$idle_$next\" = 1 ]"; }; do
			run_job "$next" </dev/null >/dev/null 2>&1 &
			eval "pid_$next=\$!"
			eval "[ \"\$idle_$next\" = 1 ]" ||
			    running=$((running + 1))
			next=$((next + 1))
			live=$((live + 1))
		done
		[ "$live" -gt 0 ] || return 1
		read -r i rc <&3
		live=$((live - 1))
		eval "[ \"\$idle_$i\" = 1 ]" || running=$((running - 1))
		eval "rc_$i=\$rc"
		[ "$rc" = 0 ] || broke=1
		while [ "$shown" -le "$n" ] &&
		    eval "[ -n \"\${rc_$shown-}\" ]"; do
			cat "$J/$shown.log"
			rm -f "$J/$shown.log"
			if eval "[ \"\$rc_$shown\" != 0 ]"; then
				wait
				return 1
			fi
			shown=$((shown + 1))
		done
	done
	exec 3>&-
}

# The status of a pipeline is that of tee: failures are only counted
# from the log, and the last line shows that nothing stopped the run.
{
	run_jobs
	echo "$done_line"
} 2>&1 | tee -a "$LOG"
if ! grep -qxF "$done_line" "$LOG"; then
	echo "not ok - tests/run-all.sh: stopped before the end" | tee -a "$LOG"
fi

# Running the tests must not change tracked files.
after=$(git status --porcelain --untracked-files=no 2>/dev/null || true)
if [ "$before" != "$after" ]; then
	echo "not ok - the tests changed tracked files:" | tee -a "$LOG"
	echo "$after" | tee -a "$LOG"
else
	echo "ok - the tests left tracked files alone" | tee -a "$LOG"
fi

# A check that cannot run where it is says so, "ok - NAME # SKIP WHY":
# counted apart, so that a skip never passes for a pass.
passed=$(grep -c -E '^ok( |$)' "$LOG" || true)
skipped=$(grep -c -E '^ok( .*)? # SKIP' "$LOG" || true)
passed=$((passed - skipped))
failed=$(grep -c -E '^not ok( |$)' "$LOG" || true)
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
