#!/bin/sh
# covers: watch, serve
# deckpress watch --serve (issue 37) on a copy of tests/decks/quiz whose
# French records its sources (deckpress strings): the address printed;
# security with python3's standard library (tests/serve/security.py:
# foreign Host, .. and %2e%2e paths, POST/PUT, 200 connections at once,
# loopback only); the page in a real browser, headless Debian chromium
# driven by python3-selenium (tests/serve/browser.py: every face, one
# edit changing one face, a broken file's error over the faces kept,
# a translation that does not parse said on the page, failing nothing,
# language switch, ?compare=fr, Tab and Enter); edits besides a card's
# text (tests/serve/edits.py: a layout's fill, a card renamed: its old
# faces 404 at once); SIGINT and SIGTERM
# ending it with status 0, the port closed and no file left; --port N
# taken: exit 3 and "cannot listen on 127.0.0.1:N"; usage errors.
# Without chromium the suite fails (CI installs it).  Prints "ok - NAME"
# / "not ok - NAME".
#
#   WRAP      prefix for every deckpress call (valgrind)
T=out/test/serve
. tests/suite.sh

TIMEOUT=${TIMEOUT:-20}
[ -n "$WRAP" ] && TIMEOUT=300
# Debian's python3 has python3-selenium; another first in PATH may not.
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3

cp -R tests/decks/quiz "$T/quiz"
D=$T/quiz
./deckpress strings "$D" --lang fr >/dev/null

built() { grep -q ' built ' "$LOG"; }

# start TAG ARGS...: watch --serve ARGS in the background ($pid), its
# output in $T/TAG.out and .err; env gives a background job its SIGINT,
# and timeout in the foreground passes a signal to the watch alone, with
# no SIGCONT after it (run-watch.sh says why).
start() {
	LOG=$T/$1.out
	ERR=$T/$1.err
	shift
	# shellcheck disable=SC2086
	env --default-signal=INT timeout --foreground -s KILL $((TIMEOUT * 10)) \
	    $WRAP ./deckpress watch "$@" >"$LOG" 2>"$ERR" &
	pid=$!
}
port_of() { sed -n 's|^serving http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' "$1"; }

start main "$D" --serve --port 0 -o "$T/quiz.pdf"
serving() {
	within "$TIMEOUT" built && [ -n "$(port_of "$LOG")" ] ||
	    { cat "$LOG" "$ERR"; return 1; }
}
check "watch --serve prints 'serving http://127.0.0.1:PORT/', builds the PDF" \
    serving
PORT=$(port_of "$LOG")
[ -n "$PORT" ] || PORT=1

# run_py SCRIPT ARGS...: its "ok"/"not ok" lines counted as checks.
run_py() {
	$PY "$@" >"$T/py.out" 2>&1 || true
	cat "$T/py.out"
	pass=$((pass + $(grep -c '^ok - ' "$T/py.out" || true)))
	fail=$((fail + $(grep -c '^not ok - ' "$T/py.out" || true)))
	grep -q '^\(not \)\?ok - ' "$T/py.out" ||
	    { fail=$((fail + 1)); echo "not ok - $1 ran"; }
}
run_py tests/serve/security.py "$PORT"
run_py tests/serve/browser.py "$PORT" "$D"
run_py tests/serve/edits.py "$PORT" "$D"

# stop SIGNAL: sent, then the exit status in $T/stop.rc.
stop() {
	kill "-$1" "$pid"
	rc=0
	wait "$pid" || rc=$?
	echo "$rc" >"$T/stop.rc"
}
closed() { ! $PY -c 'import socket, sys
socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=2)' "$1" \
    2>/dev/null; }
# stopped: after stop (at the top: a check runs in a subshell, which
# cannot wait for the watch), status 0, the port closed, nothing left.
stopped() {
	[ "$(cat "$T/stop.rc")" = 0 ] && closed "$PORT" &&
	    [ -z "$(find "$T" -name '*.tmp-*')" ] &&
	    [ "$(ls "$D")" = "$(ls tests/decks/quiz)" ] ||
	    { echo "exit $(cat "$T/stop.rc")"; find "$T" -name '*.tmp-*';
	      ls "$D"; cat "$ERR"; return 1; }
}
stop INT
check "SIGINT stops it: status 0, the port closed, no file left" stopped
start term "$D" --serve --port 0 -o "$T/quiz.pdf"
within "$TIMEOUT" built >/dev/null 2>&1 || true
PORT=$(port_of "$LOG")
stop TERM
check "SIGTERM stops it too, cleanly" stopped

# A translation that does not parse: the page read it for itself alone,
# so the printed build stands, and the page says the error over the
# check (state.json's "said").
cp -R "$D" "$T/broken"
printf '  broken: [\n' >>"$T/broken/text/fr.yaml"
start broken "$T/broken" --serve --port 0 -o "$T/broken.pdf"
said() {
	within "$TIMEOUT" built && PORT=$(port_of "$LOG") &&
	    $PY -c 'import json, sys, urllib.request
u = "http://127.0.0.1:%s/state.json" % sys.argv[1]
s = json.load(urllib.request.urlopen(u, timeout=5))
sys.exit(not (s["error"] is None and
    "fr.yaml:" in s["said"] and ": error: invalid YAML" in s["said"]))' \
	    "$PORT" && [ -s "$T/broken.pdf" ] && ! grep -q 'fr\.yaml' "$ERR" ||
	    { cat "$LOG" "$ERR"; return 1; }
}
check "a broken translation fails no build; the page says its error" said
stop INT

# A port taken, asked for: exit 3, said.
taken() {
	$PY -c 'import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
print(s.getsockname()[1], flush=True); time.sleep(30)' >"$T/busy.port" &
	busy=$!
	within 5 test -s "$T/busy.port" || return 1
	p=$(cat "$T/busy.port")
	rc=0
	$WRAP ./deckpress watch "$D" --serve --port "$p" -o "$T/busy.pdf" \
	    >"$T/busy.out" 2>"$T/busy.err" || rc=$?
	kill "$busy"
	[ "$rc" = 3 ] && grep -q "cannot listen on 127\.0\.0\.1:$p: " \
	    "$T/busy.err" && [ ! -e "$T/busy.pdf" ] ||
	    { echo "exit $rc"; cat "$T/busy.err"; return 1; }
}
check "--port N taken: 'cannot listen on 127.0.0.1:N: ...', exit 3" taken

usage() {
	want=$1
	shift
	rc=0
	./deckpress watch "$@" >"$T/usage.out" 2>"$T/usage.err" || rc=$?
	[ "$rc" = 2 ] && grep -q -- "$want" "$T/usage.err" ||
	    { echo "exit $rc"; cat "$T/usage.err"; return 1; }
}
check "--port without --serve: a usage error" usage "give --serve" \
    "$D" --port 0
check "--serve --pack: a usage error" usage "not the pack" "$D" --serve --pack
check "--port 70000: a usage error" usage "from 0 to 65535" "$D" --serve \
    --port 70000
helped() { ./deckpress watch --help | grep -q -- "--serve"; }
check "watch --help lists --serve and --port" helped

summary serve
