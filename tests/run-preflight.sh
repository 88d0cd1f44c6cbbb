#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: preflight, check, cards, pack, booklet, export, preview
#
# One preflight (issue 22): whatever "cards", "pack", "booklet",
# "export" or "preview" would refuse for a game, "check" says first.
# Every game of tests/bad and tests/check goes through "check"; those it
# passes (exit 0) go through each render, which must not refuse them
# (exit 1).  "pack" and "booklet" run where the language has a rule
# booklet: a game without one has no pack to make.  (A game with the
# same files as one before it has that one's outcome: see below.)  Then
# the pack's own messages, each with its expected text.
#
# usage: sh tests/run-preflight.sh    (from the repo root, after make)

T=out/test/preflight
# shellcheck source=tests/suite.sh
. tests/suite.sh

# render CASE CMD...: the render must not refuse what check passed.
render() {
	c=$1
	shift
	if ./deckpress "$@" >"$T/$c.out" 2>"$T/$c.err"; then
		return 0
	fi
	echo "check passed $d, but '$*' refused it:"
	cat "$T/$c.err"
	return 1
}

# renders DIR: each render of the game in DIR, after check passed it.
renders() {
	d=$1
	c=${d##*/}	# d has no trailing slash: its last part, no basename run
	render "$c" cards "$d" -o "$T/$c.pdf" &&
	    render "$c" export "$d" --lang en -o "$T/$c.exp" &&
	    render "$c" preview "$d" -o "$T/$c.png" || return 1
	[ -f "$d/rules/en.md" ] || return 0
	render "$c" pack "$d" -o "$T/$c.pdf" &&
	    render "$c" pack "$d" --draft -o "$T/$c.pdf" &&
	    render "$c" booklet "$d" -o "$T/$c.pdf"
}

# Some games are another's copy, made for the other's args or expect
# files (tests/check/clean and clean-json; 23 of the 352, in 9 sets):
# deckpress reads a game's files, not its folder's name, which shows in
# its messages only, so such a game is checked and rendered once, and
# the copies have its outcome (8 games' renders, 0.7 s of CPU, not made
# twice).  A game's files: each entry under its folder (type, mode,
# path, a link's target) and each regular file's md5 sum, but its args
# and expect*, the corpus runners' own, which deckpress never reads;
# only games of one corpus are compared, as a link out of the folder
# leads elsewhere from another.  $T/twins: "GAME N" a line, each game
# in the order below and the line of the first game with the same files
# (its own, if none).
find tests/bad tests/check -mindepth 2 -printf '%y %m %p %l\n' \
    >"$T/entries"
find tests/bad tests/check -mindepth 2 -type f -exec md5sum {} + \
    >"$T/sums"
for d in tests/bad/*/ tests/check/*/; do
	printf '%s\n' "${d%/}"
done | awk 'function game(p,   a) { split(p, a, "/")
	    return a[1] "/" a[2] "/" a[3] }
	# its path in the game: after tests/CORPUS/GAME/
	function in_game(p) { return substr(p, length(game(p)) + 2) }
	function own(p,   a, n) { n = split(p, a, "/")
	    return n == 4 && a[4] ~ /^(args|expect\.(out|err|rc))$/ ||
		n >= 4 && a[4] == "expect" }
	FILENAME == ARGV[1] { p = $3; if (own(p)) next
	    $3 = in_game(p); files[game(p)] = files[game(p)] "\n" $0 }
	FILENAME == ARGV[2] { p = $0; sub(/^[0-9a-f]+  /, "", p)
	    if (!own(p))
		files[game(p)] = files[game(p)] "\n" $1 " " in_game(p) }
	FILENAME == "-" { split($0, a, "/"); k = a[2] files[$0]
	    if (!(k in first)) first[k] = FNR
	    print $0 " " first[k] }' "$T/entries" "$T/sums" - >"$T/twins"

# twin FIRST: the renders' outcome for game FIRST (its line in twins),
# whose files this game has.
twin() {
	eval "printf '%s' \"\$said_$1\""
	eval "[ \"\$rendered_$1\" = 0 ]"
}

passed=0
n=0
while read -r d first <&3; do
	n=$((n + 1))
	if [ "$first" = "$n" ]; then
		rc=0
		./deckpress check "$d" >/dev/null 2>&1 || rc=$?
		eval "checked_$n=\$rc"
	else
		eval "rc=\$checked_$first"
	fi
	[ "$rc" = 0 ] || continue
	passed=$((passed + 1))
	if [ "$first" = "$n" ]; then
		f=$fail
		check "preflight: $d" renders "$d"
		eval "said_$n=\$out rendered_$n=$((fail - f))"
	else
		check "preflight: $d" twin "$first"
	fi
done 3<"$T/twins"
# The corpus must give the renders something to try.
check "check passes some cases ($passed)" test "$passed" -gt 10

# expect_err WHAT WANT CMD...: CMD exits 1 with exactly WANT on stderr.
expect_err() {
	what=$1
	want=$2
	shift 2
	rc=0
	"$@" >/dev/null 2>"$T/err" || rc=$?
	if [ "$rc" = 1 ] && [ "$(cat "$T/err")" = "$want" ]; then
		ok "$what"
	else
		notok "$what (exit $rc)"
		printf 'want:\n%s\ngot:\n' "$want" | sed 's/^/    /'
		sed 's/^/    /' "$T/err"
	fi
}

# A game whose pack strings are its own but has no booklet yet: pack
# warns that the instructions are missing and makes the pack without
# them, and check says the same.
g=$T/nobooklet
cp -R tests/check/clean "$g"
rm -rf "$g/rules"
printf 'pack:\n  tagline: "A test"\n' >>"$g/text/en.yaml"
msg="$g/rules/en.md: warning: the pack in 'en' has no instructions yet: it is made without them until its rule booklet, rules/en.md, is written"
rc=0
./deckpress pack "$g" -o "$T/nobooklet.pdf" >/dev/null 2>"$T/nobooklet.err" ||
    rc=$?
check "pack: no booklet yet: exit 0, a warning that the instructions are missing" \
    sh -c '[ "$1" = 0 ] && [ "$(cat "$2")" = "$3
0 errors, 1 warning" ] || { echo "exit $1"; cat "$2"; exit 1; }' sh "$rc" \
    "$T/nobooklet.err" "$msg"
check "pack: the pack is written without a booklet" test -s "$T/nobooklet.pdf"
./deckpress check "$g" >/dev/null 2>"$T/nobooklet.check" || true
check "check: reports the missing booklet as pack does" \
    grep -qxF "$msg" "$T/nobooklet.check"

# A booklet naming an image that is missing: check says so, as pack.
g=$T/badimage
cp -R tests/check/booklet-image-missing "$g"
rm -f "$g/args" "$g"/expect*
./deckpress pack "$g" -o "$T/badimage.pdf" 2>"$T/badimage.pack" || true
rc=0
./deckpress check "$g" >/dev/null 2>"$T/badimage.check" || rc=$?
check "check: refuses a booklet image pack refuses" test "$rc" = 1
check "check: the booklet image message is pack's" \
    grep -qF "$(grep 'error:' "$T/badimage.pack")" "$T/badimage.check"

# The default languages listed in a stable, sorted order: a language
# deckpress has no pack strings for, with a booklet of its own.
g=$T/nostrings
mkdir -p "$g/rules" "$g/text"
cp tests/check/clean/layout.yaml "$g/"
sed 's/^languages: .*/languages: [nl]/' tests/check/clean/deck.yaml \
    >"$g/deck.yaml"
cp tests/check/clean/text/en.yaml "$g/text/nl.yaml"
printf '# Regels\n\nSpeel.\n' >"$g/rules/nl.md"
: >"$T/nostrings.said"
for i in 1 2 3 4 5; do
	./deckpress pack "$g" -o "$T/nostrings.pdf" >>"$T/nostrings.said" \
	    2>&1 || true
done
# What the five runs said, read by one grep, not one a run.
grep -o 'default pack strings in [a-z, ]*' "$T/nostrings.said" \
    >"$T/langs" || true
check "pack: the default languages sorted, the same each run" \
    test "$(sort -u "$T/langs")" = "default pack strings in de, en, es, fr, it"

summary "preflight"
