#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The watch part of make bench (issue 36, part 5): deckpress watch on a
# 1 200-card deck made as tests/bench.sh's gen() makes it, one card's
# body edited 10 times (a different card each time, the file written in
# place as an editor does), each timed from the write's close to the
# PDF's rename (its inode polled every ms).  Prints the median beside
# the goal (under 0.3 s), and the texts each rebuild laid out anew
# (watch --verbose) beside theirs (the one text changed).  The latency
# is wall-clock time on a shared machine, too noisy to fail the bench
# by; the texts laid out are counted, and fail it.
#
# usage: sh tests/bench/watch.sh    (from the repo root, after make)
#   BENCH_QUICK=1   120 cards, 3 edits: seconds, so that it cannot rot
#   DP              deckpress to run (./deckpress)
set -eu
LC_ALL=C
export LC_ALL
QUICK=${BENCH_QUICK:-0}
DP=${DP:-./deckpress}
B=out/test/bench-watch
rm -rf "$B"
mkdir -p "$B"
# gen(), as tests/bench.sh has it: one deck generator, not two.
eval "$(sed -n '/^gen() {$/,/^}$/p' tests/bench.sh)"
if [ "$QUICK" = 1 ]; then
	N=120 EDITS=3
else
	N=1200 EDITS=10
fi
gen "$N" "$B/deck"
# The system's python3 where there, not a version manager's shim on
# PATH (pyenv's costs 0.1 s of CPU a start): the standard library only.
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
PIN=
command -v taskset >/dev/null 2>&1 && PIN="taskset -c 1"
# shellcheck disable=SC2086
$PIN "$DP" watch --verbose "$B/deck" -o "$B/deck.pdf" >"$B/watch.out" \
    2>"$B/watch.err" &
pid=$!
rc=0
$PY - "$B" "$N" "$EDITS" >"$B/times" <<'PY' || rc=$?
import os, re, sys, time
b, n, edits = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
pdf, log, text = b + "/deck.pdf", b + "/watch.out", b + "/deck/text/en.yaml"

def lines():
    with open(log) as f:
        return f.read().splitlines()

def wait(pred, secs):
    end = time.monotonic() + secs
    while not pred():
        if time.monotonic() > end:
            sys.exit("watch: no build within %d s" % secs)
        time.sleep(0.001)

wait(lambda: any(" built " in l for l in lines()), 120)
for k in range(edits):
    time.sleep(0.5)             # past the quiet after a build
    card = (k * 97 + 5) % n
    with open(text) as f:
        src = f.read()
    src = re.sub(r"(\n  c%d:\n    title: [^\n]*\n    body: )" % card,
                 r"\g<1>edit %d " % k, src)
    ino = os.stat(pdf).st_ino
    built = len(lines())
    with open(text, "w") as f:  # in place, closed: one close-write
        f.write(src)
    t0 = time.monotonic()
    wait(lambda: os.stat(pdf).st_ino != ino, 60)
    t1 = time.monotonic()
    wait(lambda: len(lines()) >= built + 2, 60)
    m = re.search(r"laid out anew: (\d+) of", lines()[-1])
    print("%.4f %s" % (t1 - t0, m.group(1) if m else "-"))
PY
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
[ "$rc" = 0 ] || { echo "bench/watch: failed"; cat "$B/watch.err"; exit 1; }
# A clean build of the edited deck: the same bytes as watch wrote.
"$DP" cards "$B/deck" -o "$B/clean.pdf" >/dev/null
same=met
cmp -s "$B/deck.pdf" "$B/clean.pdf" || same="NOT met"
awk -v n="$N" -v e="$EDITS" -v same="$same" '
	{ t[NR] = $1; if ($2 != 1) bad++ }
	END {
		for (i = 1; i <= NR; i++)
			for (j = i + 1; j <= NR; j++)
				if (t[j] < t[i]) { x = t[i]; t[i] = t[j]; t[j] = x }
		m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
		printf "watch, %d cards, %d edits of one card: goal < 0.300 s, measured median %.3f s (%.3f-%.3f): %s\n",
		    n, e, m, t[1], t[NR], m < 0.3 ? "met" : "NOT met"
		printf "watch: goal 1 text laid out anew per edit, measured %s: %s\n",
		    bad ? bad " edits laid out more or less" : "1 each",
		    bad ? "NOT met" : "met"
		printf "watch: goal the PDF the same bytes as a clean build: %s\n", same
		exit bad || same != "met"
	}' "$B/times"
