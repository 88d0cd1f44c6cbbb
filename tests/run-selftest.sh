#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: test-runner
#
# The test runner's own test: tests/run-all.sh, run on the fake test
# programs of tests/selftest/ with no shell suites (SUITES=) and a log
# of its own (LOG=), must count every way a program fails (a signal, a
# non-zero exit, no plan, too few or too many results, a "not ok") and
# exit non-zero; a sound program alone must pass.  Each case compares
# the nested run's exit status, its summary line and one line of its
# log.  Jobs run side by side (JOBS=2, 3) must be counted alike and
# logged in their order, not in the order they end; a bad JOBS is a
# usage error.  Features given as words run the suites and programs
# whose covers lines name them, and nothing else; an unknown one is a
# usage error.  The nested runs' output stays in out/test/selftest/.
#
# usage: sh tests/run-selftest.sh    (from the repo root)

set -eu
LC_ALL=C
export LC_ALL

T=out/test/selftest
F=tests/selftest
rm -rf "$T"
mkdir -p "$T"
pass=0
fail=0
# The nested runs find a python3 that fails at once: run-all.sh then
# makes no wrapper of it (the programs and suites here run no Python),
# and each of the ~22 runs does not start an interpreter only to ask
# which one it is (10 ms of CPU a run).
mkdir -p "$T/bin"
printf '#!/bin/sh\nexit 1\n' >"$T/bin/python3"
chmod +x "$T/bin/python3"
nested_path=$(pwd -P)/$T/bin:$PATH
outer=out/test/run-all.log
outer_first=$(head -n 1 "$outer" 2>/dev/null || true)

# Add a reason for "not ok".
because() {
	reasons="${reasons:+$reasons; }$1"
}

# has_line LINE FILE: FILE has LINE, whole.
has_line() {
	while IFS= read -r l || [ -n "$l" ]; do
		[ "$l" != "$1" ] || return 0
	done <"$2"
	return 1
}

# expect NAME RC SUMMARY LINE PROGRAM...: sh tests/run-all.sh PROGRAM...
# must exit with RC ("non-zero": anything else than 0), print SUMMARY
# last and have LINE in its log.
expect() {
	name=$1
	want_rc=$2
	want_sum=$3
	want_line=$4
	shift 4
	log=$T/$name.log
	reasons=
	rc=0
	PATH=$nested_path SUITES=${suites:-} LOG=$log JOBS=${jobs:-} \
	    sh tests/run-all.sh "$@" >"$T/$name.out" 2>&1 || rc=$?
	if [ "$want_rc" = non-zero ]; then
		[ "$rc" != 0 ] || because "exit status 0, expected non-zero"
	elif [ "$rc" != "$want_rc" ]; then
		because "exit status $rc, expected $want_rc"
	fi
	# The last line, and whether the log has the line, read by the
	# shell (not tail and grep -qxF): a line without its newline at
	# the end of a file counts, as for them.
	sum=
	while IFS= read -r l || [ -n "$l" ]; do
		sum=$l
	done <"$T/$name.out"
	# shellcheck disable=SC2254
	case $sum in
	$want_sum) ;;
	*) because "summary '$sum', expected '$want_sum'" ;;
	esac
	if [ ! -f "$log" ]; then
		because "no log $log"
	elif ! has_line "$want_line" "$log"; then
		because "no line '$want_line' in the log"
	fi
	if [ -z "$reasons" ]; then
		echo "ok - selftest/$name"
		pass=$((pass + 1))
	else
		echo "not ok - selftest/$name: $reasons"
		sed 's/^/    /' "$T/$name.out"
		fail=$((fail + 1))
	fi
}

suites=
jobs=
noplan='no plan (1..N), 0 results'
aborted='killed by signal ABRT; 1 result for plan 1..2'
expect good 0 '3 passed, 0 failed' \
    'ok - the tests left tracked files alone' $F/good.sh
expect skips 0 '2 passed, 0 failed, 1 skipped' \
    'ok 2 - b # SKIP needs what this machine has not' $F/skips.sh
expect abort non-zero '4 passed, 1 failed' \
    "not ok - $F/abort.sh: $aborted" $F/good.sh $F/abort.sh
expect segv non-zero '2 passed, 1 failed' \
    "not ok - $F/segv.sh: killed by signal SEGV" $F/segv.sh
expect exit1 non-zero '3 passed, 1 failed' \
    "not ok - $F/exit1.sh: exit status 1; $noplan" $F/good.sh \
    $F/exit1.sh
expect short non-zero '3 passed, 1 failed' \
    "not ok - $F/short.sh: 2 results for plan 1..3" $F/short.sh
expect extra non-zero '3 passed, 1 failed' \
    "not ok - $F/extra.sh: 2 results for plan 1..1" $F/extra.sh
expect noplan non-zero '2 passed, 1 failed' \
    "not ok - $F/noplan.sh: no plan (1..N), 1 result" $F/noplan.sh
# The failing test and its program's exit status count, not stderr.
expect notok non-zero '2 passed, 2 failed' \
    "not ok - $F/notok.sh: exit status 1" $F/notok.sh
expect missing non-zero '1 passed, 1 failed' \
    "not ok - $F/missing.sh: exit status 127 (could not run it); $noplan" \
    $F/missing.sh
# The runner itself breaking off (here, cannot read the program's
# output: a folder stands where it goes) counts too.
mkdir -p "$T/stopped.jobs/1.stdout"
expect stopped non-zero '1 passed, 1 failed' \
    'not ok - tests/run-all.sh: stopped before the end' $F/good.sh
# So it does in the second of two jobs side by side, after the first
# job's output.
jobs=2
mkdir -p "$T/stopped-2nd.jobs/2.stdout"
expect stopped-2nd non-zero '3 passed, 1 failed' \
    'not ok - tests/run-all.sh: stopped before the end' $F/good.sh \
    $F/good.sh
jobs=
# A real cmocka binary, if built, next to one that aborts.
if [ -x out/test/test_util ]; then
	expect cmocka-abort non-zero '* passed, 1 failed' \
	    "not ok - $F/abort.sh: $aborted" out/test/test_util $F/abort.sh
else
	echo "ok - selftest/cmocka-abort # SKIP out/test/test_util not built"
	pass=$((pass + 1))
fi

# Shell suites: a non-zero exit counts, a signal too.
suites=$F/exit1.sh
expect suite-exit1 non-zero '1 passed, 1 failed' \
    "not ok - $F/exit1.sh: exit status 1"
suites=$F/abort.sh
expect suite-abort non-zero '2 passed, 1 failed' \
    "not ok - $F/abort.sh: killed by signal ABRT"
suites=$F/good.sh
expect suite-good 0 '3 passed, 0 failed' "# $F/good.sh"

# Side by side: waits.sh passes only if signals.sh runs while it waits,
# and its output still comes first, though it ends last.
SELFTEST_FLAG=$T/flag
export SELFTEST_FLAG
suites=
jobs=2
expect side-by-side 0 '3 passed, 0 failed' "ok 1 - flag made" \
    $F/waits.sh $F/signals.sh
# order NAME FIRST SECOND...: in the log of case NAME, each line
# "# PROGRAM" before the next, and nothing of one job between the
# lines of another: the lines from each "# PROGRAM" to its time line
# "# PROGRAM: S s" are its own.
order() {
	name=$1
	shift
	if awk -v want="$*" '
	BEGIN { n = split(want, w, " ") }
	/^# run-all: / { next }
	inside == "" && /^# / { k++; inside = substr($0, 3)
		if (inside != w[k]) { print "job " k " is " inside; bad = 1 }
		next }
	inside != "" && $0 ~ "^# " inside ": [0-9.]+ s$" { inside = ""; next }
	inside == "" && !/^(ok|not ok) / { print "outside a job: " $0; bad = 1 }
	END { if (k != n) { print k " jobs, expected " n; bad = 1 }
		exit bad }' "$T/$name.log" >"$T/$name.order" 2>&1; then
		echo "ok - selftest/$name: jobs logged in their order"
		pass=$((pass + 1))
	else
		echo "not ok - selftest/$name: jobs not in their order"
		sed 's/^/    /' "$T/$name.order"
		fail=$((fail + 1))
	fi
}
order side-by-side $F/waits.sh $F/signals.sh
# Three at a time, each failure counted and in its place.
jobs=3
expect side-by-side-fail non-zero '9 passed, 3 failed' \
    "not ok - $F/segv.sh: killed by signal SEGV" $F/abort.sh $F/good.sh \
    $F/segv.sh $F/short.sh $F/good.sh
order side-by-side-fail $F/abort.sh $F/good.sh $F/segv.sh $F/short.sh \
    $F/good.sh
# One at a time, and suites side by side too.
jobs=1
expect one-at-a-time non-zero '5 passed, 1 failed' \
    "not ok - $F/short.sh: 2 results for plan 1..3" $F/good.sh $F/short.sh
suites="$F/abort.sh $F/good.sh $F/exit1.sh"
jobs=2
expect suites-side-by-side non-zero '6 passed, 2 failed' \
    "not ok - $F/exit1.sh: exit status 1" $F/good.sh
order suites-side-by-side $F/good.sh $F/abort.sh $F/good.sh $F/exit1.sh
suites=
jobs=

# refused NAME LOG MESSAGE ARG...: env ARG... (variables, then
# sh tests/run-all.sh and its arguments) exits 2 with MESSAGE, a whole
# line of its output, and writes no LOG.
refused() {
	name=$1 log=$2 want=$3
	shift 3
	rc=0
	env "$@" >"$T/refused.out" 2>&1 || rc=$?
	if [ "$rc" = 2 ] && [ ! -e "$log" ] &&
	    grep -qxF "$want" "$T/refused.out"; then
		echo "ok - selftest: $name refused, exit 2"
		pass=$((pass + 1))
	else
		echo "not ok - selftest: $name: exit $rc"
		sed 's/^/    /' "$T/refused.out"
		fail=$((fail + 1))
	fi
}
# A JOBS that is not a count of 1 or more: a usage error, before any
# job runs.
for j in 0 x 1.5 -1; do
	refused "JOBS=$j" "$T/jobs-bad.log" \
	    "run-all.sh: JOBS is '$j', not a count of 1 or more" \
	    SUITES='' LOG="$T/jobs-bad.log" JOBS="$j" sh tests/run-all.sh \
	    $F/good.sh
done

# Features: a word without a "/" picks the suites and programs whose
# covers line names it (a program's from tests/unit/NAME.c, else its
# own), in their order; several pick what names any of them.
C=$T/feat
mkdir -p "$C"
# fake NAME COVERS: a suite or program $C/NAME.sh covering COVERS, one
# passing result.
fake() {
	printf '#!/bin/sh\n# covers: %b\necho 1..1\necho "ok 1 - %s"\n' \
	    "$2" "$1" >"$C/$1.sh"
	chmod +x "$C/$1.sh"
}
fake alpha 'duplex, gutterfold'
# beta's covers line goes on in its next line.
fake beta 'gutterfold,\n#         tokens'
fake gamma tokens
fake prog tokens
suites="$C/alpha.sh $C/beta.sh $C/gamma.sh"
expect feature-one 0 '3 passed, 0 failed' "# $C/alpha.sh" gutterfold
order feature-one "$C/alpha.sh" "$C/beta.sh"
expect feature-continued 0 '4 passed, 0 failed' "# $C/prog.sh" tokens \
    $F/good.sh "$C/prog.sh"
order feature-continued "$C/prog.sh" "$C/beta.sh" "$C/gamma.sh"
expect feature-two 0 '4 passed, 0 failed' "# $C/gamma.sh" duplex tokens
order feature-two "$C/alpha.sh" "$C/beta.sh" "$C/gamma.sh"
# A real unit program: its source's covers line decides.
if [ -x out/test/test_util ] && [ -x out/test/test_pdf ]; then
	suites=
	expect feature-unit 0 '* passed, 0 failed' '# out/test/test_pdf' \
	    tagged-pdf out/test/test_util out/test/test_pdf
	order feature-unit out/test/test_pdf
else
	echo "ok - selftest/feature-unit # SKIP out/test/test_util or test_pdf not built"
	pass=$((pass + 1))
fi
suites=
# An unknown feature: a usage error, exit 2, before any job runs.
for w in frobnicate Duplex; do
	refused "feature '$w'" "$T/feature-bad.log" \
	    "run-all.sh: unknown feature '$w': no suite or unit program covers it (see tests/README.md)" \
	    SUITES="$C/alpha.sh" LOG="$T/feature-bad.log" sh tests/run-all.sh \
	    "$w" $F/good.sh
done
# make test FEATURE=WORD hands WORD to run-all.sh before the programs.
# The build that make test starts first is a recursive make, which -n
# runs, reading the Makefile again (its pkg-config and objdump runs,
# 90 ms of CPU): MAKE=: prints it, unrun; the run-all.sh line is the
# same.
if make -n test FEATURE=tokens MAKE=: 2>/dev/null |
    grep -q '^LC_ALL=C sh tests/run-all.sh tokens out/test/test_'; then
	echo "ok - selftest: make test FEATURE=tokens runs run-all.sh tokens PROGRAM..."
	pass=$((pass + 1))
else
	echo "not ok - selftest: make test FEATURE=tokens does not give run-all.sh the feature"
	make -n test FEATURE=tokens 2>&1 | sed 's/^/    /' | tail -5
	fail=$((fail + 1))
fi

# The nested runs wrote their own logs, not the one of a run-all.sh
# that may be running this script.
if [ "$(head -n 1 "$outer" 2>/dev/null || true)" = "$outer_first" ]; then
	echo "ok - selftest: $outer left alone"
	pass=$((pass + 1))
else
	echo "not ok - selftest: the nested runs wrote $outer"
	fail=$((fail + 1))
fi

printf 'runner self-test: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
