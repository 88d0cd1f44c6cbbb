#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: cli, deck, output, cards, all, booklet, pack, preview, new, import,
#         calibrate
#
# The command line's manners (issue 22): a mistyped command or long
# option gets the closest name ("did you mean"), a usage error is the
# one line that is wrong and where the help is, not the whole help; a
# path to deck.yaml is its folder, and a folder given as "." is named
# after itself.  Each case pins the exact stderr and exit status.
# Prints "ok - NAME" / "not ok - NAME".
T=out/test/manners
. tests/suite.sh
Q=tests/decks/quiz

# says NAME RC ERR ARGS...: ./deckpress ARGS exits RC, prints nothing
# on stdout and exactly ERR (printf %b) on stderr.
says() {
	name=$1 want=$2 err=$3
	shift 3
	rc=0
	$WRAP ./deckpress "$@" >"$T/out" 2>"$T/err" || rc=$?
	printf '%b' "$err" >"$T/want"
	if [ "$rc" = "$want" ] && [ ! -s "$T/out" ] && cmp -s "$T/want" "$T/err"
	then
		ok "$name"
	else
		notok "$name (exit $rc, wanted $want)"
		diff "$T/want" "$T/err" | sed 's/^/    /' | head -10
	fi
}

says "a mistyped command: did you mean" 2 \
    "deckpress: unknown command 'card'; did you mean 'cards'?\nsee 'deckpress --help'\n" \
    card $Q
says "an unknown command far from every name: no hint" 2 \
    "deckpress: unknown command 'frobnicate'\nsee 'deckpress --help'\n" \
    frobnicate $Q
says "new --bogus: one line, not the help" 2 \
    "deckpress: unknown option '--bogus'\nsee 'deckpress new --help'\n" \
    new --bogus
says "no command: one line, not the help" 2 \
    "deckpress: no command given\nsee 'deckpress --help'\n"
says "--language: did you mean --lang" 2 \
    "deckpress: unknown option '--language'; did you mean '--lang'?\nsee 'deckpress cards --help'\n" \
    cards $Q --language en
says "a typo in a long option: did you mean" 2 \
    "deckpress: unknown option '--werorr'; did you mean '--werror'?\nsee 'deckpress check --help'\n" \
    check $Q --werorr
says "an unknown long option with no near name" 2 \
    "deckpress: unknown option '--frobnicate'\nsee 'deckpress pack --help'\n" \
    pack $Q --frobnicate
says "an unknown short option" 2 \
    "deckpress: unknown option '-x'\nsee 'deckpress booklet --help'\n" \
    booklet $Q -x
says "a long option without its value" 2 \
    "deckpress: option '--lang' needs a value\nsee 'deckpress export --help'\n" \
    export $Q --lang
says "a short option without its value" 2 \
    "deckpress: option '-l' needs a value\nsee 'deckpress strings --help'\n" \
    strings $Q -l
says "a value given to an option that takes none" 2 \
    "deckpress: option '--draft' takes no value\nsee 'deckpress preview --help'\n" \
    preview $Q --draft=yes
says "an ambiguous beginning lists the options it could be" 2 \
    "deckpress: option '--p' is ambiguous: --pack, --port, --paper, --printer\nsee 'deckpress watch --help'\n" \
    watch $Q --p a4
says "a bad value: the one line, not the help" 2 \
    "deckpress: --jobs must be a whole number from 1 to 64, not 'x'\nsee 'deckpress all --help'\n" \
    all -j x $Q
says "import's unknown option" 2 \
    "deckpress: unknown option '--inot'; did you mean '--into'?\nsee 'deckpress import --help'\n" \
    import x.csv --inot $Q
says "calibrate's unknown option" 2 \
    "deckpress: unknown option '--duplx'; did you mean '--duplex'?\nsee 'deckpress calibrate --help'\n" \
    calibrate --duplx long

# A game whose deck.yaml gives no name is named after its folder, the
# real one when the folder is given as ".", "./" or "..".
mkdir -p "$T/mygame"
cp -R $Q/. "$T/mygame/"
sed '/^game:/d' $Q/deck.yaml >"$T/mygame/deck.yaml"
root=$(pwd)
# named WHERE ARG: deckpress cards ARG, run in $T/WHERE, says it wrote
# out/mygame-en-cards.pdf there (4 cards), and nothing else is in out/.
named() {
	(cd "$T/$1" && rm -rf out && $WRAP "$root/deckpress" cards "$2" \
	    >"$root/$T/named.out" 2>"$root/$T/named.err") || return 1
	[ "$(cat "$T/named.out")" = "out/mygame-en-cards.pdf: 4 cards, 2 pages" ] &&
	    [ ! -s "$T/named.err" ] &&
	    [ "$(ls -A "$T/$1/out")" = mygame-en-cards.pdf ] &&
	    [ "$(pdfinfo "$T/$1/out/mygame-en-cards.pdf" |
	    awk '/^Pages:/ { print $2 }')" = 2 ] ||
	    { cat "$T/named.out" "$T/named.err"; ls -A "$T/$1/out"; return 1; }
}
check "cards .: the folder's real name, out/mygame-en-cards.pdf" named mygame .
check "cards ./: the same" named mygame ./
check "cards .. from a folder inside: the same" named mygame/text ..
rm -rf "$T/mygame/text/out"

# A path to deck.yaml is its folder.
check "cards DIR/deck.yaml: the deck of DIR" sh -c '
    $1 ./deckpress cards "$2/mygame/deck.yaml" -o "$2/path.pdf" \
        >"$2/path.out" 2>"$2/path.err" &&
    [ "$(cat "$2/path.out")" = "$2/path.pdf: 4 cards, 2 pages" ] &&
    [ ! -s "$2/path.err" ] && pdfinfo "$2/path.pdf" >/dev/null' sh "$WRAP" "$T"
check "cards deck.yaml inside the folder: the deck of ." sh -c '
    cd "$2/mygame" && $1 "$3/deckpress" cards deck.yaml -o ../here.pdf \
        >../here.out 2>../here.err &&
    [ "$(cat ../here.out)" = "../here.pdf: 4 cards, 2 pages" ] &&
    [ ! -s ../here.err ]' sh "$WRAP" "$T" "$root"
check "all DIR/deck.yaml: the deck of DIR" sh -c '
    $1 ./deckpress all "$2/mygame/deck.yaml" -d "$2/all" >"$2/all.out" \
        2>"$2/all.err" && [ "$(ls "$2/all" | tr "\n" " ")" = "mygame-en-cards.pdf mygame-en-pack.pdf " ]' \
    sh "$WRAP" "$T"
check "preview DIR/deck.yaml: the deck of DIR" sh -c '
    $1 ./deckpress preview "$2/mygame/deck.yaml" -o "$2/path.png" \
        >"$2/path.out" 2>"$2/path.err" &&
    grep -q "^$2/path.png: 3 cards" "$2/path.out" && [ ! -s "$2/path.err" ]' \
    sh "$WRAP" "$T"

# says_warn NAME ERR ARGS...: ./deckpress ARGS exits 0 and prints
# exactly ERR on stderr.
says_warn() {
	name=$1 err=$2
	shift 2
	rc=0
	$WRAP ./deckpress "$@" >"$T/out" 2>"$T/err" || rc=$?
	printf '%b' "$err" >"$T/want"
	if [ "$rc" = 0 ] && cmp -s "$T/want" "$T/err"; then
		ok "$name"
	else
		notok "$name (exit $rc)"
		diff "$T/want" "$T/err" | sed 's/^/    /' | head -10
	fi
}
# An output name whose extension is not what is written: a warning.
says_warn "cards -o x.png: a warning, the PDF written all the same" \
    "deckpress: warning: -o $T/x.png: what is written is a PDF, not a .png file; name it $T/x.pdf\n0 errors, 1 warning\n" \
    cards $Q -o "$T/x.png"
check "... and x.png is the PDF" sh -c 'pdfinfo "$1" >/dev/null' sh "$T/x.png"
says_warn "pack -o x.txt: a warning" \
    "deckpress: warning: -o $T/x.txt: what is written is a PDF, not a .txt file; name it $T/x.pdf\n0 errors, 1 warning\n" \
    pack $Q -o "$T/x.txt"
says_warn "preview -o x.pdf: a warning (a PNG is written)" \
    "deckpress: warning: -o $T/x.pdf: what is written is a PNG, not a .pdf file; name it $T/x.png\n0 errors, 1 warning\n" \
    preview $Q -o "$T/x.pdf"
says_warn "cards -o X.PDF (any case) or a name with no extension: quiet" "" \
    cards $Q -o "$T/X.PDF"
says_warn "... and no extension at all: quiet" "" cards $Q -o "$T/noext"

summary manners
