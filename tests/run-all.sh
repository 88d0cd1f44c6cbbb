#!/bin/sh
# SPDX-License-Identifier: MIT
#
# make test: the cmocka unit tests (given as arguments), then the shell
# suites; then one summary line, "N passed, M failed", counted from the
# "ok" and "not ok" lines of the log.  A test program counts as failed,
# on a line "not ok - PROGRAM: REASONS" of its own, when it exits
# non-zero, dies by a signal (abort, a segfault, a sanitizer report), or
# its TAP output has no plan "1..N", more than one, or not N results;
# a shell suite when it exits non-zero.  The exit status is 0 only when
# nothing failed.
#
# usage: sh tests/run-all.sh [PROGRAM ...]    (from the repo root)
#
#   SUITES   the shell suites run after the programs, default
#            "tests/run-bad.sh tests/run-check.sh tests/run-e2e.sh
#            tests/run-images.sh tests/run-shapes.sh tests/run-rich.sh
#            tests/run-yours.sh
#            tests/run-components.sh tests/run-print.sh
#            tests/run-translate.sh tests/run-import.sh
#            tests/run-preview.sh tests/run-watch.sh tests/run-build.sh
#            tests/run-limits.sh tests/run-output.sh tests/run-jobs.sh
#            tests/run-bench.sh tests/run-fonts.sh tests/run-faces.sh
#            tests/run-boxes.sh tests/run-bounds.sh
#            tests/run-selftest.sh"; set and
#            empty: none (tests/run-selftest.sh runs this script so).
#   LOG      the log, default out/test/run-all.log.

set -eu
LC_ALL=C
export LC_ALL

all_suites="tests/run-bad.sh tests/run-check.sh tests/run-e2e.sh
    tests/run-images.sh tests/run-shapes.sh tests/run-rich.sh
    tests/run-yours.sh
    tests/run-components.sh
    tests/run-print.sh
    tests/run-translate.sh tests/run-import.sh tests/run-preview.sh
    tests/run-watch.sh tests/run-build.sh tests/run-limits.sh
    tests/run-output.sh tests/run-jobs.sh tests/run-bench.sh
    tests/run-fonts.sh tests/run-faces.sh
    tests/run-boxes.sh tests/run-bounds.sh
    tests/run-selftest.sh"
SUITES=${SUITES-$all_suites}
LOG=${LOG:-out/test/run-all.log}
mkdir -p "$(dirname "$LOG")"
: >"$LOG"
# One program's stdout and stderr while it runs.
out=${LOG%.log}.stdout
err=${LOG%.log}.stderr
done_line='# run-all: every program and suite ran'
before=$(git status --porcelain --untracked-files=no 2>/dev/null || true)

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
# along as "# " comments, so that it cannot add results.
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

# The status of a pipeline is that of tee: failures are only counted
# from the log, and the last line shows that nothing stopped the loop.
{
	for t in "$@"; do
		run_program "$t"
	done
	for s in $SUITES; do
		run_suite "$s"
	done
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

passed=$(grep -c -E '^ok( |$)' "$LOG" || true)
failed=$(grep -c -E '^not ok( |$)' "$LOG" || true)
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
