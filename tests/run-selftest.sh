#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The test runner's own test: tests/run-all.sh, run on the fake test
# programs of tests/selftest/ with no shell suites (SUITES=) and a log
# of its own (LOG=), must count every way a program fails (a signal, a
# non-zero exit, no plan, too few or too many results, a "not ok") and
# exit non-zero; a sound program alone must pass.  Each case compares
# the nested run's exit status, its summary line and one line of its
# log.  The nested runs' output stays in out/test/selftest/.
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
outer=out/test/run-all.log
outer_first=$(head -n 1 "$outer" 2>/dev/null || true)

# Add a reason for "not ok".
because() {
	reasons="${reasons:+$reasons; }$1"
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
	SUITES=${suites:-} LOG=$log sh tests/run-all.sh "$@" \
	    >"$T/$name.out" 2>&1 || rc=$?
	if [ "$want_rc" = non-zero ]; then
		[ "$rc" != 0 ] || because "exit status 0, expected non-zero"
	elif [ "$rc" != "$want_rc" ]; then
		because "exit status $rc, expected $want_rc"
	fi
	sum=$(tail -n 1 "$T/$name.out")
	# shellcheck disable=SC2254
	case $sum in
	$want_sum) ;;
	*) because "summary '$sum', expected '$want_sum'" ;;
	esac
	if [ ! -f "$log" ]; then
		because "no log $log"
	elif ! grep -qxF "$want_line" "$log"; then
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
noplan='no plan (1..N), 0 results'
aborted='killed by signal ABRT; 1 result for plan 1..2'
expect good 0 '3 passed, 0 failed' \
    'ok - the tests left tracked files alone' $F/good.sh
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
mkdir "$T/stopped.stdout"
expect stopped non-zero '1 passed, 1 failed' \
    'not ok - tests/run-all.sh: stopped before the end' $F/good.sh
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
