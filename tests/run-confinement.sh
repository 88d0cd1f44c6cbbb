#!/bin/sh
# covers: confinement, limits, journal, output, cards, all, booklet, pack,
#         check, strings, import, preview, export, watch
# Confinement and limits, on hostile and huge input (issue 12): the
# paths a game names stay in its folder or deckpress's layouts/ unless
# --allow-outside says otherwise, and every limit of deckpress(5),
# LIMITS, is refused at once with an error at the place that goes over
# it, while a 20 000-card deck still renders.  The inputs too big to
# commit are written here, under $T.  (The image decoders' limits:
# tests/run-imagelimits.sh.)
# tests/bad/outside-* and tests/bad/limit-* pin the exact messages.
# Prints "ok - NAME" / "not ok - NAME".
T=out/test/confinement
. tests/suite.sh

ROOT=$(pwd -P)
PNG=tests/bad/image-bomb-png/art/ok.png
# A refusal must take well under a second; valgrind is slower.
# The bound is a second of an ordinary build; valgrind (WRAP)
# and make check's sanitizers run the same work many times slower.
# asan: deckpress is built with a sanitizer (asked once, not a grep of
# the binary in each bounded check).
asan=0
! grep -qa __asan_init deckpress || asan=1
if [ -n "$WRAP" ]; then LIMIT=60
elif [ "$asan" = 1 ]; then LIMIT=10
else LIMIT=1; fi

# last_line FILE: sets last to FILE's last line, read by the shell.
last_line() {
	last=
	while IFS= read -r l_line || [ -n "$l_line" ]; do
		last=$l_line
	done <"$1"
}

# fails RC ERRFILE TEXT COMMAND...: it exits RC, says TEXT on stderr
# and nothing on stdout.
fails() {
	want=$1 errf=$2 pat=$3
	shift 3
	rc=0
	"$@" >"$errf.out" 2>"$errf" || rc=$?
	[ "$rc" = "$want" ] || { echo "exit $rc, expected $want"; cat "$errf"; return 1; }
	holds "$errf" "$pat" || { echo "stderr lacks '$pat':"; cat "$errf"; return 1; }
	[ ! -s "$errf.out" ] || { echo "stdout:"; cat "$errf.out"; return 1; }
}

# The processor time of this shell's children so far, in ms (user and
# system): unlike the time on the clock, it does not grow when the
# machine is busy with something else.
# "times" must run in this shell, not in a $(...) of its own: it goes
# to a file, read after.  cpu_ms FILE: sets ms to FILE's, read from
# its second line ("XmY.Zs XmY.Zs", the children's user and system
# time) by the shell, not an awk: a process less in each check.  The
# fraction is cut to its first three digits (ms), after a 1, so that
# no leading 0 makes it octal.
cpu_ms() {
	{ read -r c_line && read -r c_u c_s; } <"$1"
	ms=0
	for c_t in "$c_u" "$c_s"; do
		c_m=${c_t%%m*}
		c_t=${c_t#*m}
		c_t=${c_t%s}
		c_f=${c_t#*.}000
		c_f=${c_f%"${c_f#???}"}
		ms=$((ms + c_m * 60000 + ${c_t%%.*} * 1000 + 1$c_f - 1000))
	done
}

# clock_ms: up, the time on the clock since boot in ms, read from
# /proc/uptime ("SECONDS.CC ...", in steps of 10 ms) by the shell: two
# date processes a check before.  The fraction is read after a 1, so
# that no leading 0 makes it octal.
clock_ms() {
	read -r up_s _ </proc/uptime
	up=$((${up_s%.*} * 1000 + 1${up_s#*.}0 - 1000))
}

# quick ERRFILE PATTERN COMMAND...: it exits 1 saying PATTERN, within
# $LIMIT seconds of processor time (and 3 x that on the clock), and
# writes no PDF ($T/x.pdf).
quick() {
	errf=$1 pat=$2
	shift 2
	# an rm only where a PDF is left (few checks write one): a process
	# less in most checks
	[ ! -e "$T/x.pdf" ] || rm -f "$T/x.pdf"
	times >"$T/times0"
	clock_ms
	t0=$up
	fails 1 "$errf" "$pat" "$@" || return 1
	clock_ms
	t1=$up
	times >"$T/times1"
	cpu_ms "$T/times0"
	c0=$ms
	cpu_ms "$T/times1"
	c1=$ms
	# the clock's 10 ms step counted against the run: never less than
	# it took
	ms=$((t1 - t0 + 10)) cpu=$((c1 - c0))
	echo "$cpu ms cpu, $ms ms" >"$errf.time"
	[ "$cpu" -lt $((LIMIT * 1000)) ] && [ "$ms" -lt $((LIMIT * 3000)) ] ||
	    { echo "took $cpu ms cpu, $ms ms, more than $LIMIT s"; return 1; }
	[ ! -e "$T/x.pdf" ] || { echo "a PDF was written"; return 1; }
}

# writes RC COMMAND...: it exits 0 and writes $T/x.pdf.
writes() {
	[ ! -e "$T/x.pdf" ] || rm -f "$T/x.pdf"
	"$@" >"$T/writes.out" 2>"$T/writes.err" ||
	    { echo "exit $?"; cat "$T/writes.err"; return 1; }
	[ -s "$T/x.pdf" ] || { echo "no PDF"; return 1; }
}

cards() { $WRAP ./deckpress cards "$@"; }
booklet() { $WRAP ./deckpress booklet "$@"; }

# deck DIR LAYOUT-LINE: a two-card deck with its text file.
deck() {
	mkdir -p "$1/text" "$1/rules"
	printf 'game: test\nlanguages: [en]\n%s\nattributes:\n  art: text\ncards:\n  - {id: one, art: ok}\n  - {id: two, art: ok}\n' \
	    "$2" >"$1/deck.yaml"
	printf 'cards:\n  one: {title: One}\n  two: {title: Two}\n' \
	    >"$1/text/en.yaml"
	printf '# Rules\n\nPlay.\n' >"$1/rules/en.md"
}

# layout DIR IMAGE-FILE: DIR/layout.yaml showing that image and the title.
layout() {
	printf 'card: standard\nfront:\n  - {type: image, file: "%s", box_mm: [6, 6, 51, 34]}\n  - {type: text, field: title, box_mm: [6, 72, 51, 10], size_pt: [8, 12]}\n' \
	    "$2" >"$1/layout.yaml"
}

# --- paths: refused, then allowed with --allow-outside -----------------
mkdir -p "$T/shared"
cp "$PNG" "$T/shared/ok.png"
layout "$T/shared" ok.png
cp layouts/sheets/a4.yaml "$T/shared/sheet.yaml"

deck "$T/dotdot" "layout: ./layout.yaml"
layout "$T/dotdot" ../shared/ok.png
deck "$T/absolute" "layout: ./layout.yaml"
layout "$T/absolute" "$ROOT/$T/shared/ok.png"
deck "$T/attr" "layout: ./layout.yaml"
layout "$T/attr" "art/{art}.png"
mkdir -p "$T/attr/art"
sed 's|art: ok}|art: ../../shared/ok}|' "$T/attr/deck.yaml" >"$T/attr/d" &&
    mv "$T/attr/d" "$T/attr/deck.yaml"
deck "$T/link" "layout: ./layout.yaml"
layout "$T/link" art/ok.png
mkdir -p "$T/link/art"
ln -s ../../shared/ok.png "$T/link/art/ok.png"
deck "$T/linkdir" "layout: ./layout.yaml"
layout "$T/linkdir" art/ok.png
ln -s ../shared "$T/linkdir/art"
deck "$T/layout" "layout: ../shared/layout.yaml"
deck "$T/sheet" "layout: ../shared/layout.yaml
sheet: ../shared/sheet.yaml"
sed 's|layout: ../shared/layout.yaml|layout: ./layout.yaml|' \
    "$T/sheet/deck.yaml" >"$T/sheet/d" && mv "$T/sheet/d" "$T/sheet/deck.yaml"
layout "$T/sheet" art/ok.png
mkdir -p "$T/sheet/art"
cp "$PNG" "$T/sheet/art/ok.png"

for d in dotdot absolute attr link linkdir layout sheet; do
	check "$d: outside the game's folder, refused" quick "$T/$d.err" \
	    "is outside the game's folder" cards "$T/$d" -o "$T/x.pdf"
	check "$d: --allow-outside reads it" writes \
	    cards "$T/$d" --allow-outside -o "$T/x.pdf"
done

deck "$T/fig" "layout: ./layout.yaml"
layout "$T/fig" art/ok.png
mkdir -p "$T/fig/art"
cp "$PNG" "$T/fig/art/ok.png"
printf '# Rules\n\n![Board](../../shared/ok.png)\n' >"$T/fig/rules/en.md"
check "booklet figure outside: refused" quick "$T/fig.err" \
    "is outside the game's folder" booklet "$T/fig" -o "$T/x.pdf"
check "booklet figure outside: --allow-outside reads it" writes \
    booklet "$T/fig" --allow-outside -o "$T/x.pdf"
check "pack with a figure outside: refused" quick "$T/fig-pack.err" \
    "is outside the game's folder" $WRAP ./deckpress pack "$T/fig" \
    -o "$T/x.pdf"
check "pack: --allow-outside reads it" writes \
    $WRAP ./deckpress pack "$T/fig" --allow-outside -o "$T/x.pdf"
check "check: an image outside is an error" fails 1 "$T/check.err" \
    "is outside the game's folder" sh -c \
    '$1 ./deckpress check "$2" >/dev/null' sh "$WRAP" "$T/dotdot"
check "check --allow-outside: clean" sh -c \
    '$1 ./deckpress check "$2" --allow-outside >/dev/null' sh "$WRAP" \
    "$T/dotdot"
check "preview: an image outside is refused" fails 1 "$T/preview.err" \
    "is outside the game's folder" $WRAP ./deckpress preview "$T/dotdot" \
    -o "$T/x.png"
check "preview --allow-outside draws it" $WRAP ./deckpress preview \
    "$T/dotdot" --allow-outside -o "$T/x.png"
check "export --allow-outside writes it" $WRAP ./deckpress export \
    "$T/dotdot" --lang en --allow-outside -o "$T/export"

# Out and back in, a deck reached through a link: all inside.
deck "$T/inside" "layout: ./layout.yaml"
layout "$T/inside" ../inside/art/ok.png
mkdir -p "$T/inside/art"
cp "$PNG" "$T/inside/art/ok.png"
ln -s inside "$T/inside-link"
check "'..' that comes back into the game's folder: allowed" writes \
    cards "$T/inside" -o "$T/x.pdf"
check "a deck given through a link to its folder: allowed" writes \
    cards "$T/inside-link" -o "$T/x.pdf"
check "the bundled games name nothing outside" sh -c '
    for d in cards/*/; do $1 ./deckpress check "$d" >/dev/null || exit 1
    done' sh "$WRAP"

for cmd in cards all check booklet pack preview export watch import; do
	check "$cmd --help: --allow-outside" sh -c \
	    './deckpress "$1" --help | grep -q -- "--allow-outside"' sh "$cmd"
done

# --- a stranger's game: every file it has, fixed or named --------------
# Links from the files deckpress looks for by name (rules/LANG.md,
# text/, text/LANG.yaml) and from a layout, an image and a font, to a
# file outside: refused, naming the link, nothing written, the outside
# file's bytes nowhere; --allow-outside reads them.

# bounded ERRFILE PATTERN ARGS...: deckpress ARGS is refused as quick
# says, in under 200 MB (not measured under valgrind or sanitizers).
bounded() {
	errf=$1 pat=$2
	shift 2
	quick "$errf" "$pat" /usr/bin/time -f %M -o "$errf.rss" \
	    $WRAP ./deckpress "$@" || return 1
	[ -n "$WRAP" ] || [ "$asan" = 1 ] || {
		last_line "$errf.rss"
		[ "$last" -lt 204800 ] || { echo "peak $last KB"; return 1; }
	}
}
# nowhere SECRET: no file under $T/out, and no message, holds SECRET.
nowhere() {
	! grep -rqa -- "$1" "$T"/*.err "$T"/*.out "$T/x.pdf" 2>/dev/null ||
	    { echo "$1 found in an output"; return 1; }
}
# stranger DIR: a deck with a booklet, an image and a font of its own,
# a copy of one made once ($T/stranger0): two processes a game, not
# five, for the twelve games made afresh.
stranger() {
	if [ ! -d "$T/stranger0" ]; then
		deck "$T/stranger0" "layout: ./layout.yaml"
		layout "$T/stranger0" art/ok.png
		mkdir -p "$T/stranger0/art" "$T/stranger0/fonts"
		cp "$PNG" "$T/stranger0/art/ok.png"
		cp tests/decks/yours/fonts/Lobster.otf "$T/stranger0/fonts/"
	fi
	rm -rf "$1"
	cp -R "$T/stranger0" "$1"
}
SECRET=Zebra-secret-4711
mkdir -p "$T/away/text"
printf '# Rules\n\n%s\n' "$SECRET" >"$T/away/secret.md"
printf 'cards:\n  one: {title: %s}\n  two: {title: Two}\n' "$SECRET" \
    >"$T/away/text/en.yaml"
cp "$T/away/text/en.yaml" "$T/away/en.yaml"
layout "$T/away" art/ok.png
cp tests/decks/yours/fonts/Lobster.otf "$T/away/Lobster.otf"

G=$T/stranger
stranger "$G"
ln -sf "$ROOT/$T/away/secret.md" "$G/rules/en.md"
for cmd in booklet pack; do
	check "rules/en.md a link out: $cmd refuses it" bounded "$T/r-$cmd.err" \
	    "rules/en.md: error: booklet $G/rules/en.md is outside the game's folder (a symbolic link leads out of it)" \
	    $cmd "$G" -o "$T/x.pdf"
	check "... and $cmd prints it nowhere" nowhere "$SECRET"
done
check "rules/en.md a link out: check says so" fails 1 "$T/r-check.err" \
    "rules/en.md: error: booklet $G/rules/en.md is outside the game's folder" \
    sh -c '$1 ./deckpress check "$2" >/dev/null' sh "$WRAP" "$G"
check "rules/en.md a link out: --allow-outside prints it" writes \
    booklet "$G" --allow-outside -o "$T/x.pdf"
check "... the outside file's text in the booklet" sh -c \
    'pdftotext "$1" - | grep -q "$2"' sh "$T/x.pdf" "$SECRET"

stranger "$G"
ln -sf "$ROOT/$T/away/text/en.yaml" "$G/text/en.yaml"
check "text/en.yaml a link out: refused" bounded "$T/t.err" \
    "text/en.yaml: error: YAML file $G/text/en.yaml is outside the game's folder (a symbolic link leads out of it)" \
    cards "$G" -o "$T/x.pdf"
check "... printed nowhere" nowhere "$SECRET"
# strings rewrites a translation: one leading into another game is
# not, the other game's file left as it was.
cp "$T/away/text/en.yaml" "$T/away/before.yaml"
ln -s "$ROOT/$T/away/text/en.yaml" "$G/text/fr.yaml"
check "text/fr.yaml a link out: strings refuses it" fails 1 "$T/t-strings.err" \
    "text/fr.yaml is outside the game's folder" $WRAP ./deckpress strings \
    "$G" --lang fr
check "... and leaves the outside file as it was" \
    cmp "$T/away/text/en.yaml" "$T/away/before.yaml"
rm "$G/text/fr.yaml"
ln -s "$ROOT/$T/away/new.yaml" "$G/text/fr.yaml"
check "text/fr.yaml a link out to nothing: strings writes nothing" fails \
    1 "$T/t-new.err" "error:" $WRAP ./deckpress strings "$G" --lang fr
check "... nothing made outside" test ! -e "$T/away/new.yaml"
check "text/en.yaml a link out: --allow-outside reads it" writes \
    cards "$G" --allow-outside -o "$T/x.pdf"

stranger "$G"
rm -r "$G/text"
ln -s "$ROOT/$T/away/text" "$G/text"
check "text/ a link out: refused" bounded "$T/td.err" \
    "text/en.yaml: error: YAML file $G/text/en.yaml is outside the game's folder" \
    cards "$G" -o "$T/x.pdf"
check "... printed nowhere" nowhere "$SECRET"
check "text/ a link out: --allow-outside reads it" writes \
    cards "$G" --allow-outside -o "$T/x.pdf"

stranger "$G"
ln -sf "$ROOT/$T/away/layout.yaml" "$G/layout.yaml"
check "layout.yaml a link out: refused" bounded "$T/l.err" \
    "deck.yaml:3:9: error: layout file $G/layout.yaml is outside the game's folder (a symbolic link" \
    cards "$G" -o "$T/x.pdf"
check "layout.yaml a link out: --allow-outside reads it" writes \
    cards "$G" --allow-outside -o "$T/x.pdf"

stranger "$G"
ln -sf "$ROOT/$T/away/Lobster.otf" "$G/fonts/Lobster.otf"
check "a font a link out: refused, naming it" bounded "$T/f.err" \
    "fonts/Lobster.otf" cards "$G" -o "$T/x.pdf"
check "a font a link out: --allow-outside reads it" writes \
    cards "$G" --allow-outside -o "$T/x.pdf"

# A journal (a stopped import's files, read in place of the folder's)
# may come with the game too: one import did not write, or a link to
# one outside, is refused by every command.
stranger "$G"
printf 'deckpress import journal 1\nfile ../../etc/passwd 3\nabc\nend\n' \
    >"$G/import.journal"
check "a journal naming a file outside the deck: cards refuses it" \
    bounded "$T/j.err" "import.journal: error: not a journal deckpress import wrote: it names a file other than deck.yaml, text/LANG.yaml and import.state" \
    cards "$G" -o "$T/x.pdf"
rm "$G/import.journal"
printf 'deckpress import journal 1\nfile deck.yaml 3\nabc\nend\n' \
    >"$T/away/import.journal"
ln -s "$ROOT/$T/away/import.journal" "$G/import.journal"
check "a journal that is a link out: refused" bounded "$T/jl.err" \
    "import.journal: error: not a journal deckpress import wrote: it is a symbolic link" \
    cards "$G" --allow-outside -o "$T/x.pdf"

# An output named as one of the files the run reads: refused, the file
# as it was -- the booklet read before the PDF is begun, the image
# while the cards are drawn.
stranger "$G"
cp "$G/rules/en.md" "$T/en.md.before"
check "-o the booklet it reads: refused" fails 3 "$T/in-md.err" \
    "rules/en.md: error: cannot write: it is one of this run's inputs" \
    $WRAP ./deckpress booklet "$G" -o "$G/rules/en.md"
check "... the booklet as it was" cmp "$G/rules/en.md" "$T/en.md.before"
check "-o an image the cards show: refused" fails 3 "$T/in-png.err" \
    "art/ok.png: error: cannot write: it is one of this run's inputs" \
    $WRAP ./deckpress cards "$G" -o "$G/art/ok.png"
check "... the image as it was" cmp "$G/art/ok.png" "$PNG"

# /dev/zero and a FIFO for a booklet, a text file and an image; a sparse
# 3 GB file for a booklet and an image: refused from what they are,
# within a second and 200 MB, --allow-outside or not.
for what in rules/en.md text/en.yaml art/ok.png; do
	stranger "$G"
	rm "$G/$what"
	mkfifo "$G/$what"
	case $what in rules/*) cmd=booklet ;; *) cmd=cards ;; esac
	check "$what a FIFO: refused at once" bounded "$T/fifo.err" \
	    "is a FIFO, not a regular file" $cmd "$G" -o "$T/x.pdf"
	rm "$G/$what"
	ln -s /dev/zero "$G/$what"
	check "$what a link to /dev/zero: refused at once" bounded \
	    "$T/zero.err" "is a device, not a regular file" $cmd "$G" \
	    --allow-outside -o "$T/x.pdf"
done
stranger "$G"
truncate -s 3G "$G/art/ok.png"
check "a sparse 3 GB image: refused unread" bounded "$T/sparse.err" \
    "image $G/art/ok.png is larger than the 64 MiB deckpress reads" \
    cards "$G" -o "$T/x.pdf"
stranger "$G"
truncate -s 3G "$G/rules/en.md"
check "a sparse 3 GB booklet: refused unread" bounded "$T/sparse-md.err" \
    "en.md: error: file larger than 16 MiB" booklet "$G" -o "$T/x.pdf"
rm -rf "$G" "$T/stranger0"

# --- limits -----------------------------------------------------------
# A small layout, each card its id: the limits are about the deck, not
# its looks.
mkdir -p "$T/big"
printf 'card: standard\nfront:\n  - {type: rect, box_mm: [3, 3, 57, 82], fill: "#336699"}\n  - {type: text, text: "{id}", box_mm: [6, 72, 51, 10], size_pt: 10}\n' \
    >"$T/big/layout.yaml"
# bigdeck DIR N: a deck of N cards, no strings.
bigdeck() {
	mkdir -p "$1/text"
	cp "$T/big/layout.yaml" "$1/layout.yaml"
	printf 'cards: {}\n' >"$1/text/en.yaml"
	awk -v n="$2" 'BEGIN {
	    print "game: big\nlanguages: [en]\nlayout: ./layout.yaml\ncards:"
	    for (i = 1; i <= n; i++) printf "  - {id: c%06d}\n", i }' \
	    >"$1/deck.yaml"
}
bigdeck "$T/cards-over" 100001
check "100 001 cards: refused at the one too many" quick "$T/cards-over.err" \
    "deck.yaml:100005:5: error: the deck lists 100001 cards, more than the 100000" \
    cards "$T/cards-over" -o "$T/x.pdf"
bigdeck "$T/cards-20k" 20000
times >"$T/times0"
clock_ms
t0=$up
check "20 000 cards still render" writes cards "$T/cards-20k" --no-backs \
    -o "$T/x.pdf"
clock_ms
t1=$up
times >"$T/times1"
cpu_ms "$T/times0"
c0=$ms
cpu_ms "$T/times1"
echo "$((ms - c0)) ms cpu, $((t1 - t0 + 10)) ms" >"$T/cards-20k.time"
check "... on 2 223 sheets" sh -c \
    'pdfinfo "$1" | grep -q "^Pages: *2223$"' sh "$T/x.pdf"

check "200 001 copies: refused in time" quick "$T/copies.err" \
    "more than the 200000 copies" cards tests/bad/limit-copies -o "$T/x.pdf"
check "240 000 pages: refused before any is laid out" quick "$T/pages.err" \
    "past the 50000 pages" cards tests/bad/limit-pages -o "$T/x.pdf"

# Markdown: the booklets of a small deck.
deck "$T/md" "layout: ./layout.yaml"
layout "$T/md" art/ok.png
mkdir -p "$T/md/art"
cp "$PNG" "$T/md/art/ok.png"
awk 'BEGIN { print "# Rules\n\n| a | b |\n|---|---|"
    for (i = 1; i <= 10001; i++) print "| " i " | x |" }' >"$T/md/rules/en.md"
check "a table of 10 001 rows: refused" quick "$T/rows.err" \
    "en.md:3:1: error: a table of 2 columns and 10002 rows" \
    booklet "$T/md" -o "$T/x.pdf"
# 100 000 '>' then " deep": head and tr write them (an awk adding one
# '>' at a time to a string took 0.13 s of CPU).
{
	head -c 100000 /dev/zero | tr '\0' '>'
	echo ' deep'
} >"$T/md/rules/en.md"
check "block quotes 100 000 deep: refused, no crash" quick "$T/quotes.err" \
    "en.md:1:33: error: Markdown nested more than 32 levels" \
    booklet "$T/md" -o "$T/x.pdf"
awk 'BEGIN { s = ""; for (i = 0; i < 5000; i++) s = s "*a _b "
    s = s "x"; for (i = 0; i < 5000; i++) s = s " b_ a*"; print s }' \
    >"$T/md/rules/en.md"
check "emphasis 10 000 deep: refused, no crash" quick "$T/emph.err" \
    "Markdown nested more than 32 levels" booklet "$T/md" -o "$T/x.pdf"
head -c 17000000 /dev/zero | tr '\0' 'a' >"$T/md/rules/en.md"
check "a Markdown file of 17 MB: refused unread" quick "$T/md-size.err" \
    "en.md: error: file larger than 16 MiB" booklet "$T/md" -o "$T/x.pdf"
# Each figure a page of its own: a tall SVG, 50 001 times.
printf '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="2000"/>\n' \
    >"$T/md/art/tall.svg"
awk 'BEGIN { print "# Rules\n"; for (i = 0; i <= 50000; i++)
    print "![tall](../art/tall.svg)\n" }' >"$T/md/rules/en.md"
check "a booklet of 50 001 pages: refused" quick "$T/md-pages.err" \
    "error: the booklet would have 50002 pages, more than the 50000" \
    booklet "$T/md" -o "$T/x.pdf"

# A hostile booklet for check: every line names a card that is not
# there and quotes a phrase near a title -- each answered at once, not
# by counting the file from its start nor comparing with every card
# (5.6 s before).  check's table on stdout is not what is measured.
# 20 of each kind are printed; the line that counts the rest says all
# 20 000 were answered.
awk 'BEGIN { print "# Rules\n"; for (i = 0; i < 20000; i++)
    print "See [[card:nope" i "]] and \"Onee\" here." }' >"$T/md/rules/en.md"
check "20 000 unknown cards named in a booklet: check answers in time" \
    quick "$T/refs.err" "en.md:23:5: error: and 19980 more 'card-ref' errors in this file, not shown" \
    sh -c '"$@" >/dev/null' sh $WRAP ./deckpress check "$T/md"

summary confinement
