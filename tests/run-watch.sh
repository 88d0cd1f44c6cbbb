#!/bin/sh
# covers: watch, cards, pack
# deckpress watch (issue 11), end to end on copies of tests/decks/quiz:
# the first build; edits by sed -i, by an editor's save (a new file
# renamed over the old) and again after it, each seen in the PDF's text
# within 2 s; a tab in the YAML reported as 'deckpress cards' reports
# it, the PDF left as it was and watch still running, then fixed; the
# deck's own layout and a bundled sheet and pack strings (outside the
# deck) edited; the PDF written inside the deck folder not taken for a
# change; SIGTERM and SIGINT ending it with status 0 and no temporary
# file; the deck folder removed and made again, or moved away and
# replaced, found again; its parent removed, or '.' made again: watch
# says it stopped; usage errors.  Issue 36: with --verbose, an edit of
# one card's text lays out that text alone, a layout's edit the texts of
# its boxes, a font added every text, each PDF the same bytes as a clean
# build's; a character no font shows fails every build, not only the
# first.  Prints "ok - NAME" / "not ok - NAME".
#
#   WRAP      prefix for every deckpress call (valgrind): time-outs and
#             the latency bound grow to match
#   TIMEOUT   seconds to wait for a build: 10, or 300 under WRAP
T=out/test/watch
. tests/suite.sh

if [ -n "$WRAP" ]; then
	TIMEOUT=${TIMEOUT:-300}
	LIMIT_MS=60000		# valgrind runs a build 20-100 times slower
	QUIET=5			# seconds without a build of its own
else
	TIMEOUT=${TIMEOUT:-10}
	LIMIT_MS=2000		# what the issue asks: under 2 s
	QUIET=1
fi

# The bundled data (layouts/, fonts/) as a copy that the tests may edit.
HOME_DIR=$(pwd -P)/$T/home
mkdir -p "$HOME_DIR"
cp -R layouts "$HOME_DIR/"
ln -s "$(pwd -P)/fonts" "$HOME_DIR/fonts"
DECKPRESS_HOME=$HOME_DIR
export DECKPRESS_HOME

cp -R tests/decks/quiz "$T/quiz"
D=$T/quiz
# Inside the deck, as when watching '.' from the deck folder: its own
# writes must not look like edits.
PDF=$D/out/quiz.pdf

# count FILE WORD: the lines "HH:MM:SS WORD ..." in FILE.
count() {
	grep -cE "^[0-9]{2}:[0-9]{2}:[0-9]{2} $2 " "$1" 2>/dev/null || true
}
# builds: the builds of the watch running now, the first included.
builds() { count "$LOG" '(re)?built'; }
builds_reach() { [ "$(builds)" -ge "$1" ]; }
fails_reach() { [ "$(count "$LOG" failed:)" -ge "$1" ]; }

# has PDF STRING: the PDF's text shows STRING.
has() { pdftotext "$1" - 2>/dev/null | grep -q "$2"; }

# start TAG ARGS...: deckpress watch ARGS in the background as $pid; its
# stdout and stderr go to $T/TAG.out and $T/TAG.err ($LOG and $ERR).
# A shell's background job ignores SIGINT: env gives it back.  timeout
# passes signals on, and kills a watch that outlives every check; in the
# foreground, so that it passes a signal to the watch alone and sends
# no SIGCONT after it: under make check a SIGCONT that lands as
# LeakSanitizer stops the exiting watch's threads (PTRACE_ATTACH) drops
# that stop, and the leak check waits for it for ever (seen in CI).
start() {
	LOG=$T/$1.out
	ERR=$T/$1.err
	shift
	# $WRAP is split into words on purpose.
	# shellcheck disable=SC2086
	env --default-signal=INT timeout --foreground -s KILL \
	    $((TIMEOUT * 30)) $WRAP ./deckpress watch "$@" >"$LOG" 2>"$ERR" &
	pid=$!
}

# ended PID: the process has exited (a zombie until waited for).
ended() {
	st=$(cut -d ' ' -f 3 "/proc/$1/stat" 2>/dev/null) || return 0
	[ "$st" = Z ]
}

# stuck PID: what the watch under timeout PID is doing, thread by
# thread: its state, where the kernel holds it, and its stack if gdb is
# there.  A watch must end within a build of the signal.
stuck() {
	for c in $(pgrep -P "$1"); do
		for t in /proc/"$c"/task/*; do
			echo "thread ${t##*/} $(cat "$t/comm"):" \
			    "$(cut -d ' ' -f 3 "$t/stat") in $(cat "$t/wchan")"
			sed 's/^/    /' "$t/stack" 2>/dev/null || true
		done
		command -v gdb >/dev/null 2>&1 && gdb -p "$c" -batch -nx \
		    -ex 'thread apply all bt 12' 2>&1 | grep '^#\|^Thread'
	done
}

# reap: wait for the watch under timeout $pid to end, its exit status
# into $T/stop.rc.  One still running $TIMEOUT s later is killed (137),
# what it was doing in $T/stuck.  Not within check: only this shell may
# wait for its job.
reap() {
	if ! within "$TIMEOUT" ended "$pid"; then
		stuck "$pid" >"$T/stuck" 2>&1 || true
		pkill -KILL -P "$pid" || true
	fi
	rc=0
	wait "$pid" || rc=$?
	echo "$rc" >"$T/stop.rc"
}

# stop SIGNAL: send it, then reap.
stop() {
	rm -f "$T/stuck"
	kill "-$1" "$pid"
	reap
}

# stopped_with RC: the last stop's exit status was RC; else what it was,
# and where the watch was stuck.
stopped_with() {
	[ "$(cat "$T/stop.rc")" = "$1" ] && return 0
	echo "exit status $(cat "$T/stop.rc")"
	cat "$T/stuck" 2>/dev/null || true
	return 1
}

# first_build: the first build's line, within the time-out.
first_build() {
	within "$TIMEOUT" builds_reach 1 && return 0
	echo "no build line within $TIMEOUT s; stdout:"
	cat "$LOG"
	echo "stderr:"
	cat "$ERR"
	return 1
}

# edited NAME PDF STRING COMMAND...: run COMMAND (an edit) and see STRING
# in the PDF within $LIMIT_MS ms of its end; the time goes to
# $T/latency.  The build line is awaited first, since it costs less to
# look for than pdftotext and so measures closer.
edited() {
	name=$1 pdf=$2 want=$3
	shift 3
	n=$(builds)
	"$@"
	t0=$(now_ms)
	within "$TIMEOUT" builds_reach $((n + 1)) || true
	if ! has "$pdf" "$want" && ! within "$TIMEOUT" has "$pdf" "$want"; then
		echo "'$want' not in the PDF after $TIMEOUT s; stdout:"
		cat "$LOG"
		echo "stderr:"
		cat "$ERR"
		return 1
	fi
	ms=$(($(now_ms) - t0))
	echo "$name $ms" >>"$T/latency"
	[ "$ms" -lt "$LIMIT_MS" ] && return 0
	echo "rebuilt in $ms ms, not under $LIMIT_MS"
	return 1
}

# line_ok: the last line on stdout is a build's, as the issue shows it:
# "12:03:41 rebuilt out/quiz-en-cards.pdf in 0.21 s".
line_ok() {
	last=$(tail -n 1 "$LOG")
	hms='[0-9]{2}:[0-9]{2}:[0-9]{2}'
	file=$(printf '%s\n' "$last" |
	    sed -nE "s/^$hms (re)?built (.*) in [0-9]+\.[0-9]{2} s\$/\2/p")
	[ "$file" = "$PDF" ] && return 0
	echo "last line: $last"
	return 1
}

# no_tmp DIR: no temporary file of the PDF writer left in DIR.
no_tmp() {
	left=$(find "$1" -name '*.tmp-*')
	[ -z "$left" ] && return 0
	echo "left behind: $left"
	return 1
}

# sed_rename FILE SCRIPT: save FILE as an editor does, a new file renamed
# over the old one (gedit's .goutputstream-*, atomic saves).
sed_rename() {
	sed "$2" "$1" >"$(dirname "$1")/.save-tmp"
	mv "$(dirname "$1")/.save-tmp" "$1"
}

# --- the card sheets --------------------------------------------------
start watch "$D" -o "$PDF"
check "watch builds the cards first" first_build
check "the first build's line" line_ok
check "the first build printed nothing on stderr" test ! -s "$ERR"
check "the first PDF shows the deck's text" has "$PDF" apple
sleep "$QUIET"
check "writing its PDF in the deck folder starts no build" \
    test "$(builds)" = 1
n=$(builds)
check "sed -i: rebuilt within 2 s" \
    edited sed-i "$PDF" pear sed -i 's/an apple/a pear/' "$D/text/en.yaml"
check "the rebuild's line" line_ok
# sed -i writes a temporary file and renames it: a burst of events.
sleep "$QUIET"
check "one build for the burst of one save" test "$(builds)" = $((n + 1))
check "an editor's save by rename: rebuilt within 2 s" \
    edited rename "$PDF" plum sed_rename "$D/text/en.yaml" 's/a pear/a plum/'
check "the replaced file is still watched" \
    edited sed-i-again "$PDF" fig sed -i 's/a plum/a fig/' "$D/text/en.yaml"
# Five writes 30 ms apart, quicker than the 150 ms of quiet awaited: one
# build, or two on a machine so loaded that a sleep overran.
n=$(builds)
for i in 1 2 3 4 5; do
	echo "# burst $i" >>"$D/text/en.yaml"
	sleep 0.03
done
within "$TIMEOUT" builds_reach $((n + 1)) || true
sleep "$QUIET"
check "a burst of writes: one build" test "$(builds)" -le $((n + 2))

cp "$PDF" "$T/before.pdf"
n=$(builds)
sed -i 's/^  gravity:/\tgravity:/' "$D/text/en.yaml"
check "a tab in the YAML: a failed line" within "$TIMEOUT" fails_reach 1
check "the failed line" grep -qE \
    '^[0-9]{2}:[0-9]{2}:[0-9]{2} failed: 1 error$' "$LOG"
check "the error at file:line:col" grep -q \
    "^$D/text/en.yaml:3:1: error: " "$ERR"
# The same diagnostics as 'deckpress cards' prints for the broken deck.
rc=0
$WRAP ./deckpress cards "$D" -o "$T/refused.pdf" >/dev/null \
    2>"$T/refused.err" || rc=$?
check "cards refuses the broken deck too" test "$rc" = 1
# as_cards: the last lines on stderr are what cards printed.
as_cards() {
	tail -n "$(wc -l <"$T/refused.err")" "$ERR" |
	    cmp -s - "$T/refused.err" && return 0
	echo "cards:"
	cat "$T/refused.err"
	echo "watch:"
	cat "$ERR"
	return 1
}
check "the diagnostics are those of cards" as_cards
check "the PDF is left as it was" cmp "$PDF" "$T/before.pdf"
check "watch keeps running" kill -0 "$pid"
check "no build line for the failure" test "$(builds)" = "$n"
check "fixed: rebuilt within 2 s" \
    edited fix "$PDF" kiwi sed -i 's/^\tgravity:/  gravity:/; s/a fig/a kiwi/' \
    "$D/text/en.yaml"
check "the deck's layout: rebuilt within 2 s" \
    edited layout "$PDF" TRIVIA sed -i 's/text: QUIZ/text: TRIVIA/' \
    "$D/layout.yaml"
# The sheet is a bundled one, in a folder outside the deck.
letter() { pdfinfo "$PDF" 2>/dev/null | grep -q '^Page size: *612 x 792'; }
sed -i 's/^paper: a4/paper: letter/' "$HOME_DIR/layouts/sheets/a4.yaml"
check "a bundled sheet: rebuilt on Letter" within "$TIMEOUT" letter
# A layout in a folder not there yet: the build fails; then the folder
# and the file come, watched only as part of the deck folder.
n=$(count "$LOG" failed:)
sed -i 's|^layout: .*|layout: ./more/new.yaml|' "$D/deck.yaml"
check "a layout not there yet: failed" within "$TIMEOUT" fails_reach $((n + 1))
check "the missing layout reported" grep -q "more/new.yaml not found" "$ERR"
new_layout() {
	mkdir "$D/more"
	sed 's/TRIVIA/GAMMA/' "$D/layout.yaml" >"$T/new.yaml"
	mv "$T/new.yaml" "$D/more/new.yaml"
}
check "a new folder and file in the deck: rebuilt within 2 s" \
    edited new-folder "$PDF" GAMMA new_layout

# An edit, then SIGTERM at once: mid-build or not, a clean end.
echo "# touched" >>"$D/text/en.yaml"
stop TERM
check "SIGTERM: exit status 0" stopped_with 0
check "SIGTERM: no temporary file left" no_tmp "$D/out"
check "SIGTERM: only the PDF in its folder" \
    test "$(ls "$D/out")" = quiz.pdf

# --- what a build keeps for the next ------------------------------------
# Only the deck's own YAML changed: the fonts, images and fits are kept,
# and --verbose says how many texts a build laid out anew; whatever it
# kept, the PDF is the same bytes as a clean build of the same files.
K=$T/keep
cp -R tests/decks/quiz "$K"
KPDF=$T/keep.pdf
# anew N: the last build laid out N texts anew, of as many as the first.
anew() {
	last=$(tail -n 1 "$LOG")
	all=$(sed -n 's/^  laid out anew: \([0-9]*\) of \([0-9]*\) texts$/\2/p' \
	    "$LOG" | head -n 1)
	[ "$last" = "  laid out anew: $1 of $all texts" ] && return 0
	echo "last line: $last (of $all texts)"
	return 1
}
# clean: the PDF watch wrote is the one deckpress cards writes now.
clean() {
	$WRAP ./deckpress cards "$K" -o "$T/clean.pdf" >/dev/null 2>&1 &&
	    cmp "$KPDF" "$T/clean.pdf"
}
# rebuilt COMMAND...: run it, wait for its build's --verbose line.
rebuilt() {
	n=$(builds)
	"$@"
	within "$TIMEOUT" builds_reach $((n + 1)) &&
	    within "$TIMEOUT" sh -c "tail -n 1 '$LOG' | grep -q 'laid out'"
}
start keep --verbose "$K" -o "$KPDF"
check "--verbose: the first build" first_build
check "--verbose: the first build laid out every text" sh -c \
    "sleep 0.2; tail -n 1 '$LOG' | grep -qE '^  laid out anew: ([0-9]+) of \\1 texts\$'"
check "one card's text edited: rebuilt" \
    rebuilt sed -i 's/an apple/a quince/' "$K/text/en.yaml"
check "... its one text laid out anew, the rest kept" anew 1
check "... the PDF a clean build's, byte for byte" clean
check "... showing the edit" has "$KPDF" quince
# The questions' box: the three questions laid out anew (two copies of
# a card share one).
check "the deck's layout edited: rebuilt" \
    rebuilt sed -i 's/size_pt: \[7, 11\]/size_pt: [7, 10]/' "$K/layout.yaml"
check "... every card's text of that box laid out anew" anew 3
check "... the PDF a clean build's" clean
# A character no font shows, on a card not edited since: an error in
# every build, as in a clean one, however its fit was kept.
n=$(count "$LOG" failed:)
sed -i 's/a quince/a quince ✓/' "$K/text/en.yaml"
check "a character no font shows: failed" \
    within "$TIMEOUT" fails_reach $((n + 1))
cp "$KPDF" "$T/keep-before.pdf"
sed -i 's/battle of Waterloo/battle of Waterloo really/' "$K/text/en.yaml"
check "another card edited: failed again" \
    within "$TIMEOUT" fails_reach $((n + 2))
check "... the same error each time" test "$(grep -c \
    "question has characters no chosen font can show: '✓'" "$ERR")" = 2
check "... the last good PDF left as it was" cmp "$KPDF" "$T/keep-before.pdf"
check "fixed: rebuilt" rebuilt sed -i 's/a quince ✓/a quince/' \
    "$K/text/en.yaml"
check "... the PDF a clean build's" clean
# A damaged image: its error in every build, also in one that kept the
# images, as in a clean one; then the fix builds.
bad_image() {
	mkdir -p "$K/art"
	printf 'not a PNG at all' >"$K/art/bad.png"
	printf '  - {type: image, file: art/bad.png, box_mm: [5, 60, 10, 10]}\n' \
	    >>"$K/layout.yaml"
}
n=$(count "$LOG" failed:)
bad_image
within "$TIMEOUT" fails_reach $((n + 1)) || true
bad=$(grep -c 'art/bad.png' "$ERR" || true)
check "a damaged image: failed" test "$bad" -ge 1
sed -i 's/Waterloo really/Waterloo indeed/' "$K/text/en.yaml"
check "a card edited after it: failed again" \
    within "$TIMEOUT" fails_reach $((n + 2))
check "... the image's error said again" test "$(grep -c \
    'art/bad.png' "$ERR")" -ge "$((bad + 1))"
check "the image taken out: rebuilt" rebuilt sed -i '/art\/bad.png/d' \
    "$K/layout.yaml"
check "... the PDF a clean build's" clean
# A font of the game's own: everything loaded and laid out afresh.
add_font() {
	mkdir -p "$T/keepfonts/fonts"
	cp fonts/RobotoCondensed-Bold.ttf "$T/keepfonts/fonts/"
	mv "$T/keepfonts/fonts" "$K/fonts"
}
check "a font added to the game: rebuilt" rebuilt add_font
check "... every text laid out anew" sh -c \
    "tail -n 1 '$LOG' | grep -qE '^  laid out anew: ([0-9]+) of \\1 texts\$'"
check "... the PDF a clean build's" clean
check "an edit after it: rebuilt" \
    rebuilt sed -i 's/a quince/a medlar/' "$K/text/en.yaml"
check "... the PDF a clean build's" clean
stop TERM
check "--verbose: stopped with status 0" stopped_with 0

# --- the pack, stopped by SIGINT --------------------------------------
P=$T/pack/quiz-pack.pdf
start pack --pack "$D" -o "$P"
check "watch --pack builds the pack first" first_build
check "the pack shows the rules" has "$P" "read its question"
add_rule() {
	printf '\nZebra crossings are the last rule.\n' >>"$D/rules/en.md"
}
check "the rule booklet: rebuilt within 2 s" edited rules "$P" Zebra add_rule
check "layouts/pack: rebuilt within 2 s" \
    edited pack-strings "$P" "Hedgehog" sed -i \
    's/^  preparation: .*/  preparation: Hedgehog/' \
    "$HOME_DIR/layouts/pack/en.yaml"
stop INT
check "SIGINT: exit status 0" stopped_with 0
check "SIGINT: no temporary file left" no_tmp "$T/pack"

# --- the deck folder replaced -----------------------------------------
# Removed and made again, or moved away and another put in its place:
# a new folder, which watch finds and builds once it is whole.  Its
# parent removed, or a '.' that still names the removed folder: watch
# says it stopped, status 3, never waits in silence.
R=$T/re/quiz
mkdir -p "$T/re"
cp -R tests/decks/quiz "$R"
RPDF=$T/re.pdf
# remade WORD: a copy of the quiz deck, its apple a WORD, made at $R.
remade() {
	rm -rf "$T/re.new"
	cp -R tests/decks/quiz "$T/re.new"
	sed -i "s/an apple/a $1/" "$T/re.new/text/en.yaml"
	cp -R "$T/re.new" "$R"
}
# wait_stop: wait for watch to say it stopped, then reap it.
wait_stop() {
	rm -f "$T/stuck"
	within "$TIMEOUT" grep -q ": error: watch stopped: " "$ERR" || true
	reap
}
# stopped: it said so, and ended with status 3.
stopped() {
	stopped_with 3 && return 0
	echo "stdout:"
	cat "$LOG"
	echo "stderr:"
	cat "$ERR"
	return 1
}
start re "$R" -o "$RPDF"
check "replaced deck: the first build" first_build
n=$(count "$LOG" failed:)
rm -rf "$R"
check "the deck folder removed: a failed build" \
    within "$TIMEOUT" fails_reach $((n + 1))
check "the deck folder made again: rebuilt from the new one" \
    edited remade "$RPDF" mango remade mango
moved() {
	mv "$R" "$T/re/quiz.old"
	remade lime
}
check "moved away, another in its place: rebuilt from it" \
    edited moved "$RPDF" lime moved
n=$(builds)
echo "# the old one" >>"$T/re/quiz.old/text/en.yaml"
sleep "$QUIET"
check "the folder moved away is let go" test "$(builds)" = "$n"
check "the new folder is watched" \
    edited re-edit "$RPDF" melon sed -i 's/a lime/a melon/' "$R/text/en.yaml"
rm -rf "$T/re"
wait_stop
check "the deck's parent removed: 'watch stopped', status 3" stopped
check "... naming the folder and why" grep -q \
    "^$R: error: watch stopped: this folder is gone, and so is $(pwd -P)/$T/re, which held it" \
    "$ERR"

# Watching '.': the folder made again is not what '.' names.
mkdir -p "$T/dot"
cp -R tests/decks/quiz "$T/dot/quiz"
root=$(pwd -P)
LOG=$T/dot.out
ERR=$T/dot.err
# shellcheck disable=SC2086
(cd "$T/dot/quiz" && exec env --default-signal=INT \
    timeout --foreground -s KILL $((TIMEOUT * 30)) $WRAP "$root/deckpress" \
    watch . -o "$root/$T/dot.pdf") >"$LOG" 2>"$ERR" &
pid=$!
check "watch .: the first build" first_build
rm -rf "$T/dot/quiz"
cp -R tests/decks/quiz "$T/dot/quiz"
wait_stop
check "watch ., its folder made again: 'watch stopped', status 3" stopped
check "... saying to start again with the folder's path" grep -q \
    "^\.: error: watch stopped: the folder was made again, but this name still leads to the one removed; start watch again with $root/$T/dot/quiz\$" \
    "$ERR"

# --- usage ------------------------------------------------------------
# usage NAME ARGS...: deckpress watch ARGS exits 2 at once, saying why.
usage() {
	name=$1
	shift
	rc=0
	# shellcheck disable=SC2086
	timeout --foreground "$TIMEOUT" $WRAP ./deckpress watch "$@" >"$T/usage.out" \
	    2>"$T/usage.err" || rc=$?
	if [ "$rc" = 2 ] && grep -q "deckpress" "$T/usage.err"; then
		ok "usage error: $name"
	else
		notok "usage error: $name"
		echo "    exit $rc; stderr:"
		sed 's/^/    /' "$T/usage.err"
	fi
}
usage "no deck" -o "$T/u.pdf"
usage "two decks" "$D" "$D"
usage "no such folder" "$T/no-such-deck"
usage "an unknown option" --bogus "$D"
usage "a bad --paper" --paper a5 "$D"
usage "--variant with --pack" --pack --variant learn "$D"
usage "a language the deck lacks" --lang xx "$D" -o "$T/u.pdf"
rc=0
$WRAP ./deckpress watch --help >"$T/help.out" 2>&1 || rc=$?
check "--help exits 0 with the synopsis" \
    grep -q "^usage: deckpress watch DECK" "$T/help.out"
check "--help status" test "$rc" = 0

while read -r name ms; do
	echo "# rebuild latency, $name: $ms ms"
done <"$T/latency"
summary run-watch.sh
