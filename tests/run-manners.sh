#!/bin/sh
# SPDX-License-Identifier: MIT
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
    "deckpress: option '--p' is ambiguous: --pack, --paper, --printer\nsee 'deckpress watch --help'\n" \
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

summary manners
