# shellcheck shell=sh disable=SC2034
# SPDX-License-Identifier: MIT
#
# Sourced by the shell suites that render and measure (run-e2e.sh,
# run-translate.sh) with $T set to their scratch folder: a clean $T,
# the counters, and check NAME COMMAND..., which runs one check and
# prints "ok - NAME" or "not ok - NAME" with the command's output.

set -eu
LC_ALL=C
export LC_ALL
WRAP=${WRAP:-}
rm -rf "$T"
mkdir -p "$T"
pass=0
fail=0

ok() { echo "ok - $1"; pass=$((pass + 1)); }
notok() { echo "not ok - $1"; fail=$((fail + 1)); }
# check NAME COMMAND...: run a check, report it, keep going.
check() {
	name=$1
	shift
	if out=$("$@" 2>&1); then
		ok "$name"
	else
		notok "$name"
		printf '%s\n' "$out" | sed 's/^/    /' | head -40
	fi
}

# summary WHAT: the suite's last line; its exit status says if all passed.
summary() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
