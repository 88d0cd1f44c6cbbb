#!/bin/sh
# covers: output, progress, cards, booklet, preview, export, watch
# Output on every path (issue 12), through the one writer (src/outfile.c):
# -o - (the PDF or PNG on standard output, the summary on stderr, a
# terminal or a closed standard output refused); character devices made with mknod under $T, never
# the system's own (a twin of /dev/full reports "No space left on
# device", exit 3, the node left as it was; a twin of /dev/null takes
# the PDF); a FIFO written through, and nothing written to it by a run
# that fails; a folder, a block device, a socket and a symbolic link to
# nothing refused, a link to a file written through the link; a large
# render signalled midway (SIGINT, SIGTERM, SIGHUP) leaving the old PDF
# byte-identical and no temporary file; SIGKILL leaving the old PDF and
# a temporary that the next run removes; a symbolic link that the
# kernel's protected_symlinks would not follow (another user's in a
# sticky world-writable folder, or a chain through one) refused as root
# and as nobody (setpriv), one it would follow written through; export
# refusing a link in its folder, and a folder that is a refused link;
# an output that is one of the run's inputs refused; a replaced file's
# mode (not setuid), owner and group kept; a full disk (a 64 KiB tmpfs,
# where mount is allowed) and a file size limit (prlimit --fsize: EFBIG,
# the same code path) doing the same.  mknod, mount, chown and setpriv
# need root: they are skipped, saying so, where not allowed.  Prints "ok - NAME" /
# "not ok - NAME" / "ok - NAME # SKIP why".
#
#   WRAP      prefix for every deckpress call (valgrind)
#   TIMEOUT   seconds to wait for a large render's temporary: 60
#   NBIG      cards in the large deck: 2000 (a render of 0.4 s, paused)
#   NOVER     cards in the full disk's and size limit's deck: 300
T=out/test/output
# A tmpfs a killed run left mounted would stop suite.sh's rm -rf.
umount "$T/disk" 2>/dev/null || true
. tests/suite.sh

TIMEOUT=${TIMEOUT:-60}
NBIG=${NBIG:-2000}
Q=tests/decks/quiz
# Standard output, devices and FIFOs are spooled here: nothing may stay.
TMPDIR=$(pwd -P)/$T/spool
export TMPDIR
mkdir -p "$TMPDIR"

skip() { echo "ok - $1 # SKIP $2"; pass=$((pass + 1)); }

# fails RC ERRFILE PATTERN COMMAND...: it exits RC and says PATTERN on
# stderr.
fails() {
	want=$1 errf=$2 pat=$3
	shift 3
	rc=0
	"$@" >"$errf.out" 2>"$errf" || rc=$?
	[ "$rc" = "$want" ] || { echo "exit $rc, expected $want"; cat "$errf"; return 1; }
	grep -q -- "$pat" "$errf" || { echo "stderr lacks '$pat':"; cat "$errf"; return 1; }
}

# no_temp DIR: no temporary file is left in DIR.
no_temp() {
	left=$(find "$1" -name '*.tmp-*')
	[ -z "$left" ] || { echo "left behind: $left"; return 1; }
}

# empty FILE: it exists and is empty.
empty() { [ -f "$1" ] && [ ! -s "$1" ] || { echo "$1 is not empty"; return 1; }; }

# node PATH: its type and device numbers, as stat shows them.
node() { stat -c '%F %t:%T' "$1"; }

# same_node PATH WANT: PATH is still the node WANT describes.
same_node() {
	now=$(node "$1") || return 1
	[ "$now" = "$2" ] || { echo "$1 is now '$now', was '$2'"; return 1; }
}

dpout() { $WRAP ./deckpress "$@"; }

dpout cards $Q -o "$T/ref.pdf" >/dev/null
dpout preview $Q --card gravity -o "$T/ref.png" >/dev/null
dpout booklet $Q -o "$T/ref-rules.pdf" >/dev/null

# --- -o -: standard output ---------------------------------------------
dpout cards $Q -o - >"$T/stdout.pdf" 2>"$T/stdout.err"
check "cards -o -: the PDF on standard output, as -o FILE writes it" \
    cmp "$T/ref.pdf" "$T/stdout.pdf"
check "cards -o -: the summary on stderr names standard output" \
    grep -q "^standard output: 4 cards, 2 pages$" "$T/stdout.err"
dpout preview $Q --card gravity -o - >"$T/stdout.png" 2>/dev/null
check "preview -o -: the PNG on standard output" \
    cmp "$T/ref.png" "$T/stdout.png"
dpout booklet $Q -o - >"$T/stdout-rules.pdf" 2>/dev/null
check "booklet -o -: the rule booklet on standard output" \
    cmp "$T/ref-rules.pdf" "$T/stdout-rules.pdf"
check "-o - into a pipe: the PDF reaches the reader whole" sh -c '
    $1 ./deckpress cards "$2" -o - 2>/dev/null | cat >"$3/piped.pdf" &&
    cmp "$3/ref.pdf" "$3/piped.pdf"' sh "$WRAP" $Q "$T"
check "-o - with standard output closed: exit 3, nothing written" sh -c '
    rc=0; $1 ./deckpress cards "$2" -o - >&- 2>"$3/closed.err" || rc=$?
    [ "$rc" = 3 ] &&
    grep -q "standard output: error: cannot write: Bad file descriptor" \
        "$3/closed.err"' sh "$WRAP" $Q "$T"
check "watch -o -: a usage error (every build after the last)" \
    fails 2 "$T/watch-stdout.err" "-o -: every build" \
    dpout watch $Q -o -
if command -v python3 >/dev/null 2>&1; then
	check "-o - on a terminal: refused, exit 3" \
	    fails 3 "$T/tty.err" "standard output: error: cannot write: it is a terminal" \
	    python3 -c '
import os, pty, subprocess, sys
m, s = pty.openpty()
r = subprocess.run(sys.argv[1:], stdout=s, stderr=subprocess.PIPE)
os.close(s)
sys.stderr.write(r.stderr.decode())
sys.exit(r.returncode)' ./deckpress cards $Q -o -
else
	skip "-o - on a terminal: refused, exit 3" "no python3 to make a pty"
fi

# --- character devices -------------------------------------------------
mkdir -p "$T/dev"
if mknod "$T/dev/full" c 1 7 2>/dev/null && mknod "$T/dev/null" c 1 3; then
	full=$(node "$T/dev/full")
	check "-o a full device: exit 3, 'No space left on device'" \
	    fails 3 "$T/full.err" "$T/dev/full: error: cannot write: No space left on device" \
	    dpout cards $Q -o "$T/dev/full"
	check "-o a full device: the node left as it was" \
	    same_node "$T/dev/full" "$full"
	check "preview -o a full device: exit 3, the node kept" sh -c '
	    rc=0; $1 ./deckpress preview "$2" --card gravity -o "$3" \
	        >/dev/null 2>&1 || rc=$?
	    [ "$rc" = 3 ] && [ "$(stat -c "%F %t:%T" "$3")" = "$4" ]' \
	    sh "$WRAP" $Q "$T/dev/full" "$full"
	null=$(node "$T/dev/null")
	check "-o a null device: exit 0, the PDF written to it" \
	    dpout cards $Q -o "$T/dev/null"
	check "-o a null device: the node left as it was" \
	    same_node "$T/dev/null" "$null"
	check "devices: no temporary file beside them" no_temp "$T/dev"
	if mknod "$T/dev/loop" b 7 0 2>/dev/null; then
		blk=$(node "$T/dev/loop")
		check "-o a block device: refused, exit 3" \
		    fails 3 "$T/blk.err" "cannot write: it is a block device" \
		    dpout cards $Q -o "$T/dev/loop"
		check "-o a block device: the node left as it was" \
		    same_node "$T/dev/loop" "$blk"
	else
		skip "-o a block device: refused, exit 3" "mknod b not allowed"
	fi
else
	for n in "-o a full device" "-o a null device" "-o a block device"; do
		skip "$n" "mknod not allowed here (needs root)"
	done
fi

# --- FIFOs -------------------------------------------------------------
mkfifo "$T/fifo"
timeout 60 cat "$T/fifo" >"$T/fifo.pdf" &
reader=$!
dpout cards $Q -o "$T/fifo" >/dev/null 2>"$T/fifo.err" || true
wait $reader || true
check "-o a FIFO: the PDF written through to its reader" \
    cmp "$T/ref.pdf" "$T/fifo.pdf"
check "-o a FIFO: still a FIFO" test -p "$T/fifo"
# The spool cannot be made: the FIFO was opened, nothing goes through.
timeout 60 cat "$T/fifo" >"$T/fifo-fail.pdf" &
reader=$!
check "-o a FIFO, the run failing: exit 3" \
    fails 3 "$T/fifo-fail.err" "$T/fifo: error: cannot write" \
    env TMPDIR="$T/no-such-folder" $WRAP ./deckpress cards $Q -o "$T/fifo"
wait $reader || true
check "-o a FIFO, the run failing: the reader gets nothing" \
    empty "$T/fifo-fail.pdf"

# --- folders, sockets, links --------------------------------------------
mkdir -p "$T/folder"
check "cards -o a folder: refused, exit 3" \
    fails 3 "$T/folder.err" "$T/folder: error: cannot write: it is a folder, not a file" \
    dpout cards $Q -o "$T/folder"
check "cards -o a folder: nothing written in it" \
    test -z "$(ls -A "$T/folder")"
check "export -o a folder: the files go into it, as before" sh -c '
    $1 ./deckpress export "$2" --lang en -o "$3" >/dev/null &&
    [ -n "$(ls "$3"/*.png)" ]' sh "$WRAP" $Q "$T/folder"
if command -v python3 >/dev/null 2>&1 &&
    python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
    "$T/socket"; then
	check "-o a socket: refused, exit 3" \
	    fails 3 "$T/socket.err" "cannot write: it is a socket" \
	    dpout cards $Q -o "$T/socket"
	check "-o a socket: still a socket" test -S "$T/socket"
else
	skip "-o a socket: refused, exit 3" "no python3 to make a socket"
fi
ln -s nowhere.pdf "$T/dangling"
check "-o a symbolic link to nothing: refused, exit 3" \
    fails 3 "$T/dangling.err" "cannot write: a symbolic link to nothing" \
    dpout cards $Q -o "$T/dangling"
echo old >"$T/linked.pdf"
ln -s linked.pdf "$T/link"
dpout cards $Q -o "$T/link" >/dev/null
check "-o a symbolic link to a file: the file rewritten" \
    cmp "$T/ref.pdf" "$T/linked.pdf"
check "-o a symbolic link to a file: the link kept" test -L "$T/link"

# --- links others made, inputs, modes (issue 20) ----------------------
# As root, and as nobody (setpriv) where it matters, in a sticky
# world-writable folder like /tmp.  The kernel's protected_symlinks is
# applied whatever /proc/sys/fs/protected_symlinks says.
S=$T/sticky
mkdir -p "$S" "$T/cache"
chmod 1777 "$S" "$T/cache"

# run_as USER COMMAND...: COMMAND as USER (its group, no other), with a
# fontconfig cache it can write.
run_as() {
	u=$1
	shift
	setpriv --reuid="$u" --regid="$(id -g "$u")" --clear-groups \
	    env XDG_CACHE_HOME="$T/cache" "$@"
}

# same_file FILE COPY MODE: FILE holds COPY's bytes and has mode MODE.
same_file() {
	cmp "$1" "$2" || { echo "$1 changed"; return 1; }
	m=$(stat -c %a "$1")
	[ "$m" = "$3" ] || { echo "$1 has mode $m, not $3"; return 1; }
}

# owned FILE OWNER:GROUP MODE: FILE's owner, group and mode.
owned() {
	o=$(stat -c %U:%G:%a "$1")
	[ "$o" = "$2:$3" ] || { echo "$1 is $o, not $2:$3"; return 1; }
}

# pdf_in FILE: FILE is now a PDF, the reference's bytes.
pdf_in() { cmp "$T/ref.pdf" "$1"; }

# Why these cannot run here, or nothing: deckpress finds its fonts by
# its own absolute path, which nobody must be able to walk (a clone in
# a folder only its owner may enter, as mktemp -d makes, is not).
others_why() {
	if [ "$(id -u)" != 0 ]; then echo "they need root"
	elif ! command -v setpriv >/dev/null 2>&1; then echo "no setpriv"
	elif ! id nobody >/dev/null 2>&1 || ! id daemon >/dev/null 2>&1; then
		echo "no user nobody or daemon"
	elif ! run_as nobody test -x ./deckpress -a -r $Q/deck.yaml -a \
	    -r "$(pwd -P)/fonts/MaterialDesignIcons.map"; then
		echo "nobody cannot reach $(pwd -P)/fonts (a folder on the way" \
		    "is closed to other users)"
	fi
}
why=$(others_why)
if [ -z "$why" ]; then
	nuid=$(id -u nobody)
	echo secret >"$T/secret"
	chmod 600 "$T/secret"
	cp "$T/secret" "$T/secret.was"
	ln -s ../secret "$S/planted.pdf"
	chown -h nobody "$S/planted.pdf"
	check "root, -o another user's link in a sticky folder: refused, exit 3, the link named" \
	    fails 3 "$T/planted.err" "$S/planted.pdf: error: cannot write: it is a symbolic link of another user (uid $nuid) in $S, a sticky world-writable folder" \
	    dpout cards $Q -o "$S/planted.pdf"
	check "root, another user's link: the file it names unchanged, still 0600" \
	    same_file "$T/secret" "$T/secret.was" 600
	check "root, another user's link: still a link, nothing beside it" sh -c '
	    test -L "$1/planted.pdf" && [ -z "$(find "$1" "$2" -name "*.tmp-*")" ]' \
	    sh "$S" "$T"
	ln -s planted.pdf "$S/hop.pdf"
	check "root, -o a link of root's leading to another user's: refused, that link named" \
	    fails 3 "$T/hop.err" "$S/hop.pdf: error: cannot write: it leads through $S/planted.pdf, a symbolic link of another user" \
	    dpout cards $Q -o "$S/hop.pdf"
	check "root, the chain of links: the file at its end unchanged" \
	    same_file "$T/secret" "$T/secret.was" 600
	echo mine >"$T/mine"
	chmod 600 "$T/mine"
	ln -s ../mine "$S/mine.pdf"
	check "root, -o root's own link in the sticky folder: written through" sh -c '
	    $1 ./deckpress cards "$2" -o "$3/mine.pdf" >/dev/null &&
	    cmp "$4/ref.pdf" "$4/mine" && test -L "$3/mine.pdf"' \
	    sh "$WRAP" $Q "$S" "$T"
	check "root, the file written through the link: still 0600, root's" \
	    owned "$T/mine" root:root 600

	# nobody: its own file, linked by daemon (another user) and by
	# root (the folder's owner, whose links the kernel follows).
	run_as nobody sh -c 'umask 077; echo own >"$1/own.pdf"' sh "$S"
	cp "$S/own.pdf" "$T/own.was"
	ln -s own.pdf "$S/daemon.pdf"
	chown -h daemon "$S/daemon.pdf"
	check "nobody, -o daemon's link in a sticky folder: refused, exit 3" \
	    fails 3 "$T/daemon.err" "$S/daemon.pdf: error: cannot write: it is a symbolic link of another user" \
	    run_as nobody $WRAP ./deckpress cards $Q -o "$S/daemon.pdf"
	check "nobody, daemon's link: nobody's file unchanged, still 0600" \
	    same_file "$S/own.pdf" "$T/own.was" 600
	ln -s own.pdf "$S/root.pdf"
	check "nobody, -o a link of the folder's owner (root): written through" \
	    run_as nobody $WRAP ./deckpress cards $Q -o "$S/root.pdf"
	check "nobody, through root's link: its file has the PDF, still 0600" \
	    sh -c 'cmp "$1" "$2" && [ "$(stat -c %U:%a "$2")" = nobody:600 ]' \
	    sh "$T/ref.pdf" "$S/own.pdf"

	# export -o DIR: DIR/NAME a link, whoever made it.
	mkdir -p "$T/ex"
	echo outside >"$T/outside"
	cp "$T/outside" "$T/outside.was"
	ln -s ../outside "$T/ex/gravity-front.png"
	check "export -o DIR, DIR/ID-front.png root's own link out: refused, exit 3, the link named" \
	    fails 3 "$T/ex.err" "$T/ex/gravity-front.png: error: cannot write: it is a symbolic link: a file made in a folder" \
	    dpout export $Q --lang en -o "$T/ex"
	check "export, a link in DIR: the outside file unchanged, no image written" \
	    sh -c 'cmp "$1/outside" "$1/outside.was" &&
	    [ "$(ls -A "$1/ex")" = gravity-front.png ]' sh "$T"
	mkdir -p "$T/exdir"
	ln -s ../exdir "$S/exdir"
	chown -h nobody "$S/exdir"
	check "root, export -o another user's link to a folder in a sticky folder: refused" \
	    fails 3 "$T/exdir.err" "$S/exdir: error: cannot write: it is a symbolic link of another user" \
	    dpout export $Q --lang en -o "$S/exdir"
	check "root, export -o another user's link: nothing in the folder it names" \
	    test -z "$(ls -A "$T/exdir")"
	check "root, cards -o a file in another user's link to a folder: refused" \
	    fails 3 "$T/exdir-cards.err" "$S/exdir: error: cannot write: it is a symbolic link of another user" \
	    dpout cards $Q -o "$S/exdir/x.pdf"
	mkdir -p "$T/exdir/sub"
	check "root, cards -o a file two folders below another user's link: refused, the link named" \
	    fails 3 "$T/exdir-sub.err" "$S/exdir: error: cannot write: it is a symbolic link of another user" \
	    dpout cards $Q -o "$S/exdir/sub/x.pdf"
	check "root, through another user's link to a folder: nothing written there" \
	    test -z "$(find "$T/exdir" -type f)"

	# A file kept as it was: mode (not setuid), owner and group.
	cp "$T/ref.pdf" "$T/theirs.pdf"
	chown nobody:nogroup "$T/theirs.pdf"
	chmod 640 "$T/theirs.pdf"
	dpout cards $Q -o "$T/theirs.pdf" >/dev/null
	check "root rewrites nobody's 0640 file: still nobody:nogroup 0640" \
	    owned "$T/theirs.pdf" nobody:nogroup 640
	cp "$T/ref.pdf" "$T/suid.pdf"
	chmod 4755 "$T/suid.pdf"
	dpout cards $Q -o "$T/suid.pdf" >/dev/null
	check "a setuid 4755 file rewritten: 0755, the setuid bit dropped" \
	    owned "$T/suid.pdf" root:root 755
	cp "$T/ref-rules.pdf" "$S/own.pdf"
	run_as nobody $WRAP ./deckpress cards $Q -o "$S/own.pdf" >/dev/null
	check "nobody rewrites its 0600 file in a sticky folder: still 0600, the new PDF" \
	    sh -c 'cmp "$1" "$2" && [ "$(stat -c %U:%a "$2")" = nobody:600 ]' \
	    sh "$T/ref.pdf" "$S/own.pdf"
else
	skip "links of other users, owners kept" "$why"
fi

printf 'old\n' >"$T/private.pdf"
chmod 600 "$T/private.pdf"
dpout cards $Q -o "$T/private.pdf" >/dev/null
check "a 0600 output rewritten: still 0600, the new PDF in it" \
    sh -c 'cmp "$1" "$2" && [ "$(stat -c %a "$2")" = 600 ]' \
    sh "$T/ref.pdf" "$T/private.pdf"
rm -f "$T/new.pdf"
(umask 027; $WRAP ./deckpress cards $Q -o "$T/new.pdf" >/dev/null)
check "a new output: 0666 less the umask (027: 0640)" \
    test "$(stat -c %a "$T/new.pdf")" = 640

# An output that is one of the run's inputs.
G=$T/game
cp -R $Q "$G"
cp -R $Q "$T/game.was"
check "-o GAME/deck.yaml: refused, exit 3, one of this run's inputs" \
    fails 3 "$T/deck.err" "$G/deck.yaml: error: cannot write: it is one of this run's inputs" \
    dpout cards "$G" -o "$G/deck.yaml"
check "-o GAME/text/en.yaml (booklet): refused, exit 3" \
    fails 3 "$T/text.err" "$G/text/en.yaml: error: cannot write: it is one of this run's inputs" \
    dpout booklet "$G" -o "$G/text/en.yaml"
ln "$G/layout.yaml" "$T/hard.pdf"
check "-o a hard link to the game's layout: refused, exit 3" \
    fails 3 "$T/hard.err" "$T/hard.pdf: error: cannot write: it is one of this run's inputs" \
    dpout cards "$G" -o "$T/hard.pdf"
ln -s game/deck.yaml "$T/to-deck.pdf"
check "-o a symbolic link to the deck: refused, exit 3, the link named" \
    fails 3 "$T/to-deck.err" "$T/to-deck.pdf: error: cannot write: it is one of this run's inputs" \
    dpout cards "$G" -o "$T/to-deck.pdf"
printf 'back_offset_mm: [1, 0]\n' >"$T/printer.yaml"
cp "$T/printer.yaml" "$T/printer.was"
check "-o the --printer profile: refused, exit 3" \
    fails 3 "$T/printer.err" "$T/printer.yaml: error: cannot write: it is one of this run's inputs" \
    dpout cards "$G" --printer "$T/printer.yaml" -o "$T/printer.yaml"
check "-o the --printer profile: the profile unchanged" \
    cmp "$T/printer.yaml" "$T/printer.was"
check "an input refused: the game unchanged, no temporary in it" sh -c '
    diff -r "$1" "$2" && [ -z "$(find "$1" -name "*.tmp-*")" ]' sh \
    "$T/game.was" "$G"

# --- a large render, signalled midway ---------------------------------
# Each render below is made to last as long as its test needs, on any
# machine, as run-jobs.sh makes its progress line's: it is stopped
# (SIGSTOP) once its temporary holds bytes, midway through its pages,
# and let go on (SIGCONT) once the test has done what it does while the
# render runs.  A signal sent to a stopped run waits for it to go on
# (but SIGKILL, which ends it there), so it lands midway however fast
# the machine is; the progress line's runs go on 1.5 s later, past the
# second the line waits for (AFTER in src/progress.c).  The deck has
# NBIG cards: its temporary holds bytes within the first fifth of its
# render, which goes on for about 0.3 s of CPU here after that: time
# enough to stop it on a machine three times as fast, polling every
# 20 ms.  (Those runs were made to last by their size: 4000 cards to
# signal, 12 000 for the progress line, 1.6 s of CPU each of its three
# runs.)
B=$T/big
quiz_deck "$B" big "$NBIG"
mkdir -p "$T/sig"
OLD=$T/ref.pdf

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

# stopped PID PDF: while the job PID runs, the run writing PDF is
# stopped once a temporary of PDF holds bytes; $kid is that run's
# process (the PID in the temporary's name).  False, saying why, if no
# such temporary is seen while PID runs, or if the run was done before
# it could be stopped.  TIMEOUT is counted in tries, 50 a second (their
# processes make it longer, never shorter), not read from date: a
# process less a try.
stopped() {
	kid='' tmp='' tries=$((TIMEOUT * 50))
	until [ -n "$kid" ]; do
		for t in "$2".tmp-*; do
			[ -s "$t" ] || continue
			kid=${t##*.tmp-}
			kid=${kid%-*}
			tmp=$t
		done
		[ -n "$kid" ] && break
		tries=$((tries - 1))
		if ! kill -0 "$1" 2>/dev/null || [ "$tries" -lt 0 ]; then
			echo "no temporary seen while it ran: make NBIG larger"
			return 1
		fi
		sleep 0.02
	done
	# Stopped with its temporary still there: not done, not renamed.
	kill -s STOP "$kid" 2>/dev/null && [ -e "$tmp" ] && return 0
	kill -s CONT "$kid" 2>/dev/null || true
	echo "$2 done before it was stopped: make NBIG larger"
	return 1
}

# signalled SIG RC: render the large deck over a copy of the old PDF,
# stop it once its temporary holds bytes, send SIG and let it go on,
# and expect exit RC (128 + the signal's number), the old PDF
# byte-identical, no temporary (but for KILL, whose temporary is left:
# nothing can catch it).
signalled() {
	sig=$1 want=$2 pdf=$T/sig/$1.pdf
	cp "$OLD" "$pdf"
	$DEFSIG $WRAP ./deckpress cards "$B" -o "$pdf" >/dev/null 2>&1 &
	pid=$!
	if ! stopped $pid "$pdf"; then
		kill $pid 2>/dev/null || true
		wait $pid || true
		return 1
	fi
	kill -s "$sig" $pid
	# SIGKILL ended it: nothing to let go on.
	kill -s CONT "$kid" 2>/dev/null || true
	rc=0
	wait $pid || rc=$?
	[ "$rc" = "$want" ] || { echo "exit $rc, expected $want"; return 1; }
	cmp "$OLD" "$pdf" || { echo "the old PDF changed"; return 1; }
	if [ "$sig" = KILL ]; then
		has_temp "$pdf" || { echo "no temporary left by SIGKILL?"; return 1; }
	else
		no_temp "$T/sig"
	fi
}

# The progress line: on a terminal only, not in CI, erased at the end.
# paused PID PDF: the run writing PDF for the job PID is stopped midway
# (stopped) and let go on 1.5 s later, a render of over a second;
# false, once PID has ended, if it was not.
paused() {
	stopped "$1" "$2" || { wait "$1" || true; return 1; }
	sleep 1.5
	kill -s CONT "$kid"
}
# The first render, stderr not a terminal and CI unset, gives the
# standard output the runs on a terminal must print, and is the one
# that must show no progress line (checked below), though it lasts as
# long as they do.
(unset CI; exec $WRAP ./deckpress cards "$B" -o "$T/longer.pdf" \
    >"$T/longer.out" 2>"$T/pipe.err") &
p=$!
paused $p "$T/longer.pdf" >"$T/pipe.paused" || true
rc=0
wait $p || rc=$?
echo "$rc" >"$T/pipe.rc"
# on_tty_paused OUT ERR: the large deck into longer.pdf on a terminal
# (on_tty), paused midway.
on_tty_paused() {
	on_tty "$1" "$2" $WRAP ./deckpress cards "$B" -o "$T/longer.pdf" &
	p=$!
	paused $p "$T/longer.pdf" || return 1
	wait $p
}
tty_progress() {
	(unset CI; on_tty_paused "$T/tty-progress.out" "$T/tty-progress.err") &&
	    progress_ok "$T/tty-progress.err" "$1"
}
tty_ci() {
	(CI=1; export CI; on_tty_paused "$T/ci.out" "$T/ci.err") &&
	    [ ! -s "$T/ci.err" ]
}
# pipe_quiet: the first render, paused as the others, exited 0 and
# wrote nothing on stderr.
pipe_quiet() {
	read -r x <"$T/pipe.rc"
	[ ! -s "$T/pipe.paused" ] || { cat "$T/pipe.paused"; return 1; }
	[ "$x" = 0 ] || { echo "exit $x"; return 1; }
	[ ! -s "$T/pipe.err" ] || { echo "stderr:"; cat "$T/pipe.err"; return 1; }
}
if command -v python3 >/dev/null 2>&1; then
	pages=$(sed -n 's/.*, \([0-9]*\) pages$/\1/p' "$T/longer.out")
	check "progress on a terminal: pages done of $pages, then erased" \
	    tty_progress "$pages"
	check "progress: standard output as without it" \
	    cmp "$T/longer.out" "$T/tty-progress.out"
	check "no progress line in CI (CI set), even on a terminal" tty_ci
else
	skip "the progress line" "no python3 to make a pty"
fi
check "no progress line when stderr is not a terminal" pipe_quiet
if [ -n "$DEFSIG" ]; then
	check "SIGINT midway: exit 130, the old PDF byte-identical, no temporary" \
	    signalled INT 130
else
	skip "SIGINT midway" "env --default-signal missing: background jobs ignore SIGINT"
fi
check "SIGTERM midway: exit 143, the old PDF byte-identical, no temporary" \
    signalled TERM 143
check "SIGHUP midway: exit 129, the old PDF byte-identical, no temporary" \
    signalled HUP 129
check "SIGKILL midway: exit 137, the old PDF byte-identical" \
    signalled KILL 137
dpout cards $Q -o "$T/sig/KILL.pdf" >/dev/null
check "SIGKILL: the next run over the same target removes its temporary" \
    no_temp "$T/sig"
# A killed run of another target: not this run's business.
touch "$T/sig/other.pdf.tmp-2147483000-abcdef"
dpout cards $Q -o "$T/sig/KILL.pdf" >/dev/null
check "a stale temporary of another target is left alone" \
    test -f "$T/sig/other.pdf.tmp-2147483000-abcdef"
rm -f "$T/sig/other.pdf.tmp-2147483000-abcdef"

# --- a full disk and a file size limit --------------------------------
# Their deck, V: NOVER cards (~105 kB of PDF).  What they check needs
# of its size only that its PDF outgrows, about twice over, the room
# the 64 KiB disk has beside the old PDF (7.6 kB) and the 50 kB limit;
# deckpress renders every page before it stops: the four runs of the
# large deck took 0.8 s of CPU each, of 1200 cards 0.25 s.
NOVER=${NOVER:-300}
V=$T/over
quiz_deck "$V" big "$NOVER"

# full PDF ERRFILE PATTERN COMMAND...: COMMAND, writing deck V over PDF
# (the old one), fails with exit 3 saying PATTERN, the old PDF
# byte-identical and no temporary beside it.
full() {
	pdf=$1
	shift
	fails 3 "$@" || return 1
	cmp "$OLD" "$pdf" || { echo "the old PDF changed"; return 1; }
	no_temp "$(dirname "$pdf")"
}

mkdir -p "$T/disk"
if mount -t tmpfs -o size=64k tmpfs "$T/disk" 2>"$T/mount.err"; then
	trap 'umount "$T/disk" 2>/dev/null || true' EXIT
	cp "$OLD" "$T/disk/quiz.pdf"
	check "a full disk (64 KiB tmpfs): exit 3, 'No space left on device', the old PDF byte-identical, no temporary" \
	    full "$T/disk/quiz.pdf" "$T/disk.err" \
	    "$T/disk/quiz.pdf: error: cannot write: No space left on device" \
	    dpout cards "$V" -o "$T/disk/quiz.pdf"
	# The spool of -o - on the full disk: nothing reaches the pipe.
	check "-o - with a full spool: exit 3, nothing on standard output" \
	    fails 3 "$T/disk-stdout.err" "standard output: error: cannot write: No space left on device" \
	    env TMPDIR="$T/disk" $WRAP ./deckpress cards "$V" -o -
	check "-o - with a full spool: standard output empty" \
	    empty "$T/disk-stdout.err.out"
	check "-o - with a full spool: no spool file left" \
	    test "$(ls -A "$T/disk")" = quiz.pdf
	umount "$T/disk"
	trap - EXIT
else
	why=$(head -n 1 "$T/mount.err")
	skip "a full disk (64 KiB tmpfs)" "mount -t tmpfs not allowed here ($why); the file size limit below takes the same path"
fi

mkdir -p "$T/limit"
cp "$OLD" "$T/limit/quiz.pdf"
if command -v prlimit >/dev/null 2>&1; then
	# 50 kB: above the old PDF (7.6 kB), below V's (~105 kB).
	check "a file size limit (prlimit --fsize, EFBIG): exit 3, the old PDF byte-identical, no temporary" \
	    full "$T/limit/quiz.pdf" "$T/limit.err" \
	    "$T/limit/quiz.pdf: error: cannot write: File too large" \
	    prlimit --fsize=50000 $WRAP ./deckpress cards "$V" -o "$T/limit/quiz.pdf"
	check "-o - past a file size limit: exit 3, nothing on standard output" sh -c '
	    rc=0
	    prlimit --fsize=50000 $1 ./deckpress cards "$2" -o - \
	        >"$3/limit.out" 2>"$3/limit.out.err" || rc=$?
	    [ "$rc" = 3 ] && [ ! -s "$3/limit.out" ] &&
	    grep -q "File too large" "$3/limit.out.err"' sh "$WRAP" "$V" "$T"
else
	skip "a file size limit (prlimit --fsize)" "no prlimit"
fi

check "nothing left in the spool folder (\$TMPDIR)" \
    test -z "$(ls -A "$TMPDIR")"
summary output
