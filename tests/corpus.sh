# shellcheck shell=sh disable=SC2034,SC2154
# SPDX-License-Identifier: MIT
#
# Sourced by tests/run-bad.sh and tests/run-check.sh, with $corpus set
# to bad or check: the options, time-outs and list of cases both corpora
# of tests/$corpus/NAME/ folders share.  Sets WRAP, TIMEOUT, regen,
# outdir, root, pass, fail and cases for the script that sources it.

set -eu
LC_ALL=C
export LC_ALL
. tests/copycase.sh

WRAP=${WRAP:-}
if [ -n "$WRAP" ]; then
	TIMEOUT=${TIMEOUT:-300}
else
	TIMEOUT=${TIMEOUT:-10}
fi
regen=0
if [ "${1:-}" = --regen ]; then
	regen=1
	shift
fi

if [ ! -x ./deckpress ] || [ ! -d "tests/$corpus" ]; then
	echo "run-$corpus.sh: run from the repo root after make" >&2
	exit 2
fi

outdir=out/test/$corpus
mkdir -p "$outdir"
# The repo root as a sed pattern: every special character escaped.
root=$(pwd -P | sed 's/[]\/$*.^[]/\\&/g')
pass=0
fail=0

if [ $# -gt 0 ]; then
	cases=$*
else
	cases=$(cd "tests/$corpus" && for d in */; do printf '%s\n' "${d%/}"; done)
fi
