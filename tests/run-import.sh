#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: import, csv, journal, export, check, strings, translations, limits,
#         diagnostics, confinement, numbers
#
# deckpress import: a spreadsheet (CSV or TSV) into a deck's card list
# and text files.  Prints "ok - NAME" / "not ok - NAME".
#
# First the corpus, tests/import/NAME/: a deck folder (deck.yaml, its
# layout.yaml, text/LANG.yaml; no deck.yaml for a new deck) with the
# spreadsheet beside it, and the exact outcome of one import:
#
#   NAME/args        optional, one line: the spreadsheet's file name in
#                    the folder, then the options (default: cards.csv).
#                    The runner runs, from the repo root:
#                        ./deckpress import out/test/import/NAME/FILE \
#                            --into out/test/import/NAME OPTIONS
#   NAME/expect.out  exact stdout
#   NAME/expect.err  exact stderr
#   NAME/expect.rc   exit status
#   NAME/expect/     the files of the folder expected to change or
#                    appear, exact; nothing else may change, and no
#                    temporary file may stay behind.
#
# An import that exits 0 runs a second time: exit 0, every line of
# stdout "(unchanged)", and not a byte nor a time stamp changed.
#
# Then the Data Chain round trip, on the tests' own copy of the game
# (tests/decks/data-chain, whose cards, strings and lines the checks
# count): tests/decks/import/data-chain.csv holds its 31 cards, counts,
# kind, team and both languages' texts; imported into a copy of it
# whose card list (and, the second time, whose text files' cards) are
# emptied, it gives card sheets in English and Spanish identical to
# the byte to those of tests/decks/data-chain.  And: check and strings agree with what import
# writes, a changed source marks its translation stale, a new deck
# prints, a card set aside (count 0) is listed and not printed, an
# emptied cell clears its text, and export --csv of each bundled game
# imports back changing nothing.
#
# Then all or nothing: an import killed at each of its renames (strace
# injects SIGKILL) leaves the old deck, the new one, or a journal the
# next import finishes; a journal from a stranger is refused.  Last, a
# flood of one kind of error is capped.
#
# usage: sh tests/run-import.sh [--regen]    (from the repo root)
#
#   --regen   rewrite the corpus' expect.out, expect.err, expect.rc and
#             expect/ from the current output; read the result (git
#             diff, git status) before committing.
#   WRAP      prefix for every deckpress call, e.g.
#             WRAP="valgrind -q --error-exitcode=99 --leak-check=no"
T=out/test/import
. tests/suite.sh
. tests/copycase.sh
regen=0
if [ "${1:-}" = --regen ]; then
	regen=1
fi
# The repo root as a sed pattern, cut from messages as run-bad.sh does;
# rootdir, as it is, to find it.
rootdir=$(pwd -P)
root=$(printf '%s\n' "$rootdir" | sed 's/[]\/$*.^[]/\\&/g')
DC=tests/decks/import/data-chain.csv
DCG=tests/decks/data-chain	# the game whose cards $DC holds


# imp TAG ARGS...: ./deckpress import ARGS; stdout, stderr and exit
# status into $T/TAG.out, $T/TAG.err, $T/TAG.rc.  The root is cut in
# place, by one sed for both, from those that hold it (holds): here
# none does, and a sed a run was 90 processes a suite.
imp() {
	tag=$1
	shift
	rc=0
	# $WRAP is split into words on purpose.
	# shellcheck disable=SC2086
	$WRAP ./deckpress import "$@" >"$T/$tag.out" 2>"$T/$tag.err" ||
	    rc=$?
	echo "$rc" >"$T/$tag.rc"
	set --
	! holds "$T/$tag.out" "$rootdir/" || set -- "$T/$tag.out"
	! holds "$T/$tag.err" "$rootdir/" || set -- "$@" "$T/$tag.err"
	[ $# -eq 0 ] || sed -i "s/$root\///g" "$@"
}

# changed FILE: its lines that do not end in " (unchanged)", printed;
# true if there is one.  grep -v's lines, read by the shell: a process
# less for every import run a second time.
changed() {
	ch_none=1
	while IFS= read -r ch_l || [ -n "$ch_l" ]; do
		case $ch_l in
		*' (unchanged)') ;;
		*) printf '%s\n' "$ch_l"; ch_none=0 ;;
		esac
	done <"$1"
	return "$ch_none"
}

# same EXPECTED GOT WHAT: the files are equal, else their diff.
same() {
	if [ ! -f "$1" ]; then
		echo "no $1"
		return 1
	fi
	# Two empty files are the same: no cmp for them.
	if [ ! -s "$1" ] && [ -f "$2" ] && [ ! -s "$2" ]; then
		return 0
	fi
	cmp -s "$1" "$2" && return 0
	echo "$3 differs:"
	diff -u "$1" "$2" | head -40
	return 1
}

# Write the corpus case's expectations from the run (--regen).
regen_case() {
	cp "$T/$name.out" "$dir/expect.out"
	cp "$T/$name.err" "$dir/expect.err"
	cp "$T/$name.rc" "$dir/expect.rc"
	rm -rf "$dir/expect" "$T/$name.want"
	(cd "$work" && find . -type f | sort) | while read -r f; do
		f=${f#./}
		if ! cmp -s "$work/$f" "$T/$name.orig/$f" 2>/dev/null; then
			mkdir -p "$(dirname "$dir/expect/$f")"
			cp "$work/$f" "$dir/expect/$f"
		fi
	done
	cp -R "$T/$name.orig" "$T/$name.want"
	if [ -d "$dir/expect" ]; then
		cp -R "$dir/expect/." "$T/$name.want/"
	fi
}

# back_date DIR: every file of DIR a day older than $T/stamp, so that
# a file written after shows newer than it, whatever the clock's grain.
# One stamp, made here, serves every case: a touch less each.
back_date() {
	find "$1" -exec touch -d '2001-01-01 00:00' {} +
}
touch -d '2001-01-02 00:00' "$T/stamp"

# The second import of a case that passed: nothing changes.
again() {
	back_date "$work"
	# shellcheck disable=SC2086
	imp "$name.2" "$work/$file" --into "$work" $opts
	exits "$name.2" 0 || return 1
	if changed "$T/$name.2.out"; then
		echo "second run: the lines above changed a file"
		return 1
	fi
	diff -r "$T/$name.want" "$work" || return 1
	newer=$(find "$work" -newer "$T/stamp")
	[ -z "$newer" ] || { echo "second run rewrote: $newer"; return 1; }
}

# corpus NAME: one case of tests/import/, in $T/NAME (and NAME.want),
# empty folders the loop below made (one mkdir for all the cases).
corpus() {
	name=$1
	dir=tests/import/$name
	work=$T/$name
	# The deck alone.
	copy_case "$dir" "$work" "$T/$name.want"
	# The copy as it was, for --regen alone.
	if [ "$regen" = 1 ]; then
		cp -R "$work" "$T/$name.orig"
	fi
	if [ -d "$dir/expect" ]; then
		cp -R "$dir/expect/." "$T/$name.want/"
	fi
	# args and expect.rc hold one line each: read, not a cat.
	line=cards.csv
	if [ -f "$dir/args" ]; then
		read -r line <"$dir/args" || :
	fi
	file=${line%% *}
	opts=
	case $line in
	*' '*) opts=${line#* } ;;
	esac
	# shellcheck disable=SC2086
	imp "$name" "$work/$file" --into "$work" $opts
	if [ "$regen" = 1 ]; then
		regen_case
	fi
	bad=0
	same "$dir/expect.out" "$T/$name.out" stdout || bad=1
	same "$dir/expect.err" "$T/$name.err" stderr || bad=1
	rc_want=
	if [ -f "$dir/expect.rc" ]; then
		read -r rc_want <"$dir/expect.rc" || :
	fi
	exits "$name" "$rc_want" || bad=1
	if ! diff -r "$T/$name.want" "$work"; then
		echo "the deck folder is not as expected after the run"
		bad=1
	fi
	[ "$bad" = 0 ] || return 1
	[ "$rc_want" != 0 ] || again
}

# The $T is new (suite.sh): each case's copy and the folder it should
# become begin empty, made by one mkdir for all.
for d in tests/import/*/; do
	n=${d%/}
	printf '%s\n' "$T/${n##*/}" "$T/${n##*/}.want"
done | xargs mkdir
for d in tests/import/*/; do
	n=${d%/}
	check "import/${n##*/}" corpus "${n##*/}"
done

# ---------------------------------------------------------------------
# The Data Chain round trip.

# emptied DIR: a copy of $DCG with an empty card list.
emptied() {
	rm -rf "$1"
	cp -R $DCG "$1"
	sed -i '/^cards:$/,$d' "$1/deck.yaml"
	echo 'cards: []' >>"$1/deck.yaml"
}

# cards_only DIR: its text files lose their cards' strings, keep the pack's.
cards_only() {
	for f in "$1"/text/*.yaml; do
		awk '/^cards:/ { print "cards: {}"; skip = 1; next }
		    /^[a-z]/ { skip = 0 } !skip' "$f" >"$f.new"
		mv "$f.new" "$f"
	done
}

# renders_as DIR: DIR's card sheets, en and es, are $DCG's.  $DCG's
# are rendered by the first check that asks, and kept for the next:
# the same runs, the same PDFs (a run that fails writes none).
renders_as() {
	for l in en es; do
		[ -s "$T/want-$l.pdf" ] ||
		    $WRAP ./deckpress cards $DCG --lang "$l" \
		    -o "$T/want-$l.pdf" >/dev/null || return 1
		$WRAP ./deckpress cards "$1" --lang "$l" -o "$T/got-$l.pdf" \
		    >/dev/null || return 1
		cmp "$T/want-$l.pdf" "$T/got-$l.pdf" || return 1
	done
}

fixture_whole() {
	[ "$(grep -c . "$DC")" = 32 ] || { echo "$DC: not 31 cards"; return 1; }
	head -n 1 "$DC" | grep -qx 'id,count,kind,team,title,body,title@es,body@es'
}
check "import: $DC has the header and 31 cards" fixture_whole

round_trip() {
	emptied "$T/dc"
	imp dc "$DC" --into "$T/dc"
	exits dc 0 || return 1
	grep -qx "$T/dc/deck.yaml: 31 cards, 31 added, 0 changed, 0 removed" \
	    "$T/dc.out" || { cat "$T/dc.out"; return 1; }
	# The card list as $DCG has it, but its three comments.
	grep -v '^  # ' $DCG/deck.yaml >"$T/dc.want"
	same "$T/dc.want" "$T/dc/deck.yaml" deck.yaml || return 1
	renders_as "$T/dc"
}
check "import: Data Chain's CSV into its emptied card list: the same PDFs" \
    round_trip

round_trip_texts() {
	emptied "$T/dct"
	cards_only "$T/dct"
	imp dct "$DC" --into "$T/dct"
	exits dct 0 || return 1
	grep -qx "$T/dct/text/es.yaml: 62 strings set, 0 stale" \
	    "$T/dct.out" || { cat "$T/dct.out"; return 1; }
	# es.yaml comes out as 'deckpress strings' wrote it.
	same $DCG/text/es.yaml "$T/dct/text/es.yaml" es.yaml ||
	    return 1
	renders_as "$T/dct"
}
check "import: ... its text files' cards emptied too: same strings, same PDFs" \
    round_trip_texts

second_run() {
	[ -d "$T/dct" ] || return 1
	cp -R "$T/dct" "$T/dct.before"
	back_date "$T/dct"
	imp dct2 "$DC" --into "$T/dct"
	exits dct2 0 || return 1
	! changed "$T/dct2.out" >/dev/null || { cat "$T/dct2.out"; return 1; }
	diff -r "$T/dct.before" "$T/dct" || return 1
	[ -z "$(find "$T/dct" -newer "$T/stamp")" ]
}
check "import: a second import changes nothing, not even a time stamp" \
    second_run

# (The deck given as -i, the short form of --into.)
as_is() {
	rm -rf "$T/dci"
	cp -R $DCG "$T/dci"
	imp dci "$DC" -i "$T/dci"
	exits dci 0 || return 1
	diff -r -x import.state $DCG "$T/dci"
}
check "import -i: Data Chain's CSV into Data Chain: not a byte changes" as_is

# The translator's tools agree with what import writes.
agrees() {
	[ -d "$T/dct" ] || return 1
	$WRAP ./deckpress check "$T/dct" >"$T/dct.check" 2>&1 ||
	    { cat "$T/dct.check"; return 1; }
	grep -q 'es .*0 missing, 0 extra, 0 stale, 0 without source' \
	    "$T/dct.check" || { cat "$T/dct.check"; return 1; }
	cp "$T/dct/text/es.yaml" "$T/dct.es"
	# strings writes deckpress's default pack strings in too; the
	# cards' strings it leaves as import wrote them.
	$WRAP ./deckpress strings "$T/dct" --lang es >/dev/null || return 1
	sed '/^pack:/,$d' "$T/dct.es" >"$T/dct.es.cards"
	sed '/^pack:/,$d' "$T/dct/text/es.yaml" >"$T/dct.es.strings"
	same "$T/dct.es.cards" "$T/dct.es.strings" "es.yaml's cards"
}
check "import: check finds es up to date; strings keeps its cards as written" \
    agrees

# A source text that changes in the CSV, its translation not: stale.
stale() {
	rm -rf "$T/dcs"
	cp -R $DCG "$T/dcs"
	sed 's/^steal,4,action,,Steal,/steal,4,action,,Steal!,/' "$DC" \
	    >"$T/dcs.csv"
	imp dcs "$T/dcs.csv" --into "$T/dcs"
	exits dcs 0 || return 1
	grep -qx "$T/dcs/text/es.yaml: 0 strings set, 1 stale" "$T/dcs.out" ||
	    { cat "$T/dcs.out"; return 1; }
	grep -A3 '# STALE' "$T/dcs/text/es.yaml" >"$T/dcs.stale"
	printf '    # STALE: the en text changed since this was translated; %s\n' \
	    "update it, then delete its hash in 'source'" >"$T/dcs.want"
	printf '%s\n' '    # en was: Steal' '    # change: [-Steal-]{+Steal!+}' \
	    '    title: Arrebatar' >>"$T/dcs.want"
	same "$T/dcs.want" "$T/dcs.stale" "the stale string" || return 1
	$WRAP ./deckpress check "$T/dcs" --lang es >"$T/dcs.check" 2>&1 ||
	    return 1
	grep -q "warning: card 'steal' (es): title is stale" "$T/dcs.check" &&
	    grep -q '^  es .* 1 stale,' "$T/dcs.check" ||
	    { cat "$T/dcs.check"; return 1; }
}
check "import: a changed source leaves its translation STALE, as strings does" \
    stale

# A new deck from the CSV and a bundled layout prints.
new_deck() {
	rm -rf "$T/new"
	imp new "$DC" --into "$T/new/data-chain" --layout data-chain
	exits new 0 || return 1
	head -n 5 "$T/new/data-chain/deck.yaml" >"$T/new.head"
	printf '%s\n' '# data-chain: begun by deckpress import from data-chain.csv.' \
	    '# Give it a title, credits, rules: an import rewrites only its cards.' \
	    'game: data-chain' 'languages: [en, es]' 'layout: data-chain' \
	    >"$T/new.want"
	same "$T/new.want" "$T/new.head" "deck.yaml's head" || return 1
	$WRAP ./deckpress cards "$T/new/data-chain" --lang es \
	    -o "$T/new-es.pdf" >/dev/null || return 1
	[ "$(pdfinfo "$T/new-es.pdf" | awk '/^Pages:/ { print $2 }')" = 12 ]
}
check "import: --layout begins a new deck, which prints" new_deck

# --layout KIND=NAME,KIND=NAME begins a deck of components, the CSV's
# component column naming each card's kind: it prints, 6 cards and 10
# tokens.
new_components() {
	rm -rf "$T/nc"
	imp nc tests/import/new-components/cards.csv --into "$T/nc/kit" \
	    --layout card=data-chain,token=data-chain
	exits nc 0 || return 1
	grep -qx '  token: {layout: data-chain}' "$T/nc/kit/deck.yaml" ||
	    { cat "$T/nc/kit/deck.yaml"; return 1; }
	$WRAP ./deckpress cards "$T/nc/kit" -o "$T/nc.pdf" >"$T/nc.cards" ||
	    return 1
	grep -qx "$T/nc.pdf: 16 components, 6 pages" "$T/nc.cards" ||
	    { cat "$T/nc.cards"; return 1; }
}
check "import: --layout card=A,token=B begins a deck of components, which prints" \
    new_components

# A kind given twice, or without its layout: a usage error.
bad_components() {
	imp bc tests/import/new-components/cards.csv --into "$T/bc" \
	    --layout "$1"
	exits bc 2 || return 1
	head -n 1 "$T/bc.err" | grep -qxF "deckpress: --layout: $2" ||
	    { head -n 1 "$T/bc.err"; return 1; }
	[ ! -e "$T/bc" ]
}
check "import: --layout card=a,card=b: the kind given twice" \
    bad_components card=a,card=b "the kind 'card' is given twice"
check "import: --layout card=: no layout" \
    bad_components card=,token=a "'card=' is not KIND=LAYOUT"

# A card set aside (count 0 in the CSV): deck.yaml keeps it with
# count: 0, check lists it, and nothing prints it: the export's table
# of faces goes from 104 faces of 52 cards to 96 of 48, none of it.
set_aside() {
	rm -rf "$T/aside" "$T/aside.bx"
	cp -R $DCG "$T/aside"
	sed 's/^steal,4,/steal,0,/' "$DC" >"$T/aside.csv"
	imp aside "$T/aside.csv" --into "$T/aside"
	exits aside 0 || return 1
	grep -qx '  - {id: steal, kind: action, count: 0}' \
	    "$T/aside/deck.yaml" || { grep steal "$T/aside/deck.yaml"; return 1; }
	# Exit 1: rules.yaml wants steal's 4 copies, and says so.
	$WRAP ./deckpress check "$T/aside" >"$T/aside.check" 2>&1 || :
	grep -qx 'set aside (count: 0, not printed): steal' "$T/aside.check" ||
	    { cat "$T/aside.check"; return 1; }
	$WRAP ./deckpress export "$T/aside" --lang en -o "$T/aside.bx" \
	    --boxes >"$T/aside.out" || return 1
	grep -q ': 96 faces of 48 cards,' "$T/aside.out" ||
	    { cat "$T/aside.out"; return 1; }
	if grep -q '^steal' "$T/aside.bx/data-chain-en-boxes.tsv"; then
		echo "a card set aside is printed"
		return 1
	fi
	# Its texts stay, for the day it comes back.
	grep -q '^  steal:' "$T/aside/text/en.yaml"
}
check "import: count 0 sets a card aside: listed by check, not printed" \
    set_aside

# An emptied cell clears its text: steal's title in both languages
# goes, written ~, and check then reports it missing in each.
cleared() {
	rm -rf "$T/cleared"
	cp -R $DCG "$T/cleared"
	sed 's/^steal,4,action,,Steal,\(.*\),Arrebatar,/steal,4,action,,,\1,,/' \
	    "$DC" >"$T/cleared.csv"
	imp cleared "$T/cleared.csv" --into "$T/cleared"
	exits cleared 0 || return 1
	grep -q '^out/test/import/cleared/text/es.yaml: 0 strings set, 1 cleared' \
	    "$T/cleared.out" || { cat "$T/cleared.out"; return 1; }
	$WRAP ./deckpress check "$T/cleared" >/dev/null 2>"$T/cleared.check" &&
	    { echo "check passed"; return 1; }
	printf '%s\n' \
	    "$T/cleared/text/en.yaml:64:12: error: card 'steal': 'title' has no text yet in 'en'" \
	    "$T/cleared/text/es.yaml:125:12: error: card 'steal': 'title' has no text yet in 'es'" \
	    '2 errors, 0 warnings' >"$T/cleared.want"
	sed "s/$root\///g" "$T/cleared.check" >"$T/cleared.got"
	same "$T/cleared.want" "$T/cleared.got" "check's report"
}
check "import: an emptied cell clears its text; check reports it missing" \
    cleared

# export --csv writes the deck as import reads it: imported back into
# the game, it changes nothing, to the byte (every bundled game: their
# attributes, components, languages, stale and 'same' translations).
csv_back() {
	g=$1
	rm -rf "$T/back-$g" "$T/back-$g.csv"
	cp -R "cards/$g" "$T/back-$g"
	$WRAP ./deckpress export "$T/back-$g" --csv -o "$T/back-$g.csv" \
	    >"$T/back-$g.exp" || return 1
	imp "back-$g" "$T/back-$g.csv" --into "$T/back-$g"
	exits "back-$g" 0 || return 1
	if changed "$T/back-$g.out"; then
		echo "the lines above changed a file"
		return 1
	fi
	diff -r -x import.state "cards/$g" "$T/back-$g"
}
for g in data-chain dataset serious-privacy; do
	check "import: export --csv of $g, imported back, changes nothing" \
	    csv_back "$g"
done

# A cell with quotes, a comma, a line break and blanks at its ends goes
# out in quotes and comes back the same.
csv_cell() {
	rm -rf "$T/cell" "$T/cell.0"
	cp -R $DCG "$T/cell"
	awk -F, '$1 == "steal" { $6 = "\" Say \"\"no\"\",\nthen draw. \""
	    } { print }' OFS=, "$DC" >"$T/cell.csv"
	imp cell "$T/cell.csv" --into "$T/cell"
	exits cell 0 || return 1
	grep -qxF '    body: " Say \"no\",\nthen draw. "' "$T/cell/text/en.yaml" ||
	    { grep -A2 '^  steal:' "$T/cell/text/en.yaml"; return 1; }
	cp -R "$T/cell" "$T/cell.0"
	$WRAP ./deckpress export "$T/cell" --csv -o "$T/cell2.csv" >/dev/null ||
	    return 1
	printf '%s\n' 'steal,4,action,,Steal," Say ""no"",' \
	    'then draw. ",Arrebatar,Arrebata una carta al azar de la mano de un rival.' \
	    >"$T/cell.want"
	grep -A1 '^steal,' "$T/cell2.csv" >"$T/cell.got"
	same "$T/cell.want" "$T/cell.got" "the exported row" || return 1
	imp cell2 "$T/cell2.csv" --into "$T/cell"
	exits cell2 0 || return 1
	diff -r "$T/cell.0" "$T/cell"
}
check "import: export --csv quotes a cell with quotes, comma, line break" \
    csv_cell

# A text edited in the YAML since the last import (import.state keeps
# what each import left): the next import lists each one it would
# change and writes nothing; --overwrite sets them, saying so; and the
# import after that has nothing to say.
hand_edit() {
	rm -rf "$T/he" "$T/he.0"
	cp -R $DCG "$T/he"
	imp he.1 "$DC" --into "$T/he"
	exits he.1 0 || return 1
	sed -i -e '/^  steal:/,/^  [a-z]/s/^    title: Steal$/    title: Snatch/' \
	    -e '/^  block:/,/^  [a-z]/s/^    body: .*/    body: Block it./' \
	    "$T/he/text/en.yaml"
	cp -R "$T/he" "$T/he.0"
	imp he.2 "$DC" --into "$T/he"
	exits he.2 1 || return 1
	printf '%s\n' \
	    "$DC:22:17: error: card 'steal': 'title' (en) was edited in text/en.yaml since the last import, and the table would replace it; copy the edit into the table, or give --overwrite" \
	    "$T/he/text/en.yaml:64:12: note: the edited text" \
	    "$DC:23:23: error: card 'block': 'body' (en) was edited in text/en.yaml since the last import, and the table would replace it; copy the edit into the table, or give --overwrite" \
	    "$T/he/text/en.yaml:68:11: note: the edited text" \
	    '2 errors, 0 warnings' >"$T/he.want"
	same "$T/he.want" "$T/he.2.err" "the list of edited texts" || return 1
	diff -r "$T/he.0" "$T/he" || { echo "the refused import wrote"; return 1; }
	imp he.3 "$DC" --into "$T/he" --overwrite
	exits he.3 0 || return 1
	grep -q "^$DC:22:17: warning: card 'steal': 'title' (en) was edited in text/en.yaml since the last import; replaced, as --overwrite asks$" \
	    "$T/he.3.err" || { cat "$T/he.3.err"; return 1; }
	grep -qx 'out/test/import/he/text/en.yaml: 2 strings set' "$T/he.3.out" ||
	    { cat "$T/he.3.out"; return 1; }
	diff -r -x import.state $DCG "$T/he" || return 1
	imp he.4 "$DC" --into "$T/he"
	exits he.4 0 && [ ! -s "$T/he.4.err" ]
}
check "import: a text edited in the YAML since the last import: listed, kept; --overwrite sets it" \
    hand_edit

# The record is the game's file: a sparse 3 GB one is refused as it is
# read, one that is a link out of the folder is not followed; nothing
# is written either way.
bad_state() {
	rm -rf "$T/bs" "$T/bs.0"
	cp -R $DCG "$T/bs"
	case $1 in
	big)	truncate -s 3G "$T/bs/import.state"
		want="$T/bs/import.state: error: file larger than 16 MiB" ;;
	link)	ln -s "$(pwd)/$DCG/deck.yaml" "$T/bs/import.state"
		want="$T/bs/import.state: error: import record $T/bs/import.state is outside the game's folder (a symbolic link leads out of it); pass --allow-outside to allow it" ;;
	esac
	cp -R "$T/bs" "$T/bs.0"
	imp bs "$DC" --into "$T/bs"
	exits bs 1 || return 1
	head -n 1 "$T/bs.err" | grep -qxF "$want" || { cat "$T/bs.err"; return 1; }
	[ "$1" = big ] || { diff -r "$T/bs.0" "$T/bs"; return; }
	# diff -r would read the 3 GB twice (20 s): the rest is compared
	# so, the record by its size and its blocks -- still 3 GiB and
	# not one block written, it is still all zero bytes, as before.
	diff -r -x import.state "$T/bs.0" "$T/bs" || return 1
	got=$(stat -c '%s %b' "$T/bs/import.state") || return 1
	[ "$(stat -c '%s %b' "$T/bs.0/import.state")" = "3221225472 0" ] ||
	    { echo "the copy is not sparse here: comparing it whole"
	    cmp "$T/bs.0/import.state" "$T/bs/import.state"; return; }
	[ "$got" = "3221225472 0" ] ||
	    { echo "import.state: size and blocks $got, expected 3221225472 0"; return 1; }
}
check "import: an import.state of 3 GB (sparse): refused as it is read" \
    bad_state big
check "import: an import.state linking out of the deck: not followed" \
    bad_state link

# ---------------------------------------------------------------------
# All or nothing: an import killed at each of its renames (strace's
# fault injection: SIGKILL as the rename is called, so every rename
# before it is done and none after), and at the journal's removal.
# The CSV adds a card, drops one (--prune) and changes a title, so that
# no file can change alone.  After each kill: with no journal left, the
# deck is the old one or the new one, byte for byte, and renders; with
# one, it renders as the new deck (its files read from the journal,
# the folder untouched), commands warn of it, and the next import
# finishes it to the new deck, which renders.

# LeakSanitizer (make check) cannot run under ptrace: off for the runs
# strace traces; the runs that finish their journals still check.
traced() {
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace "$@"
}

# The old deck, the CSV, the new deck as an import not stopped makes it.
kill_setup() {
	rm -rf "$T/kold" "$T/knew"
	cp -R $DCG "$T/kold"
	sed -e '/^boycott,/d' -e 's/^steal,4,action,,Steal,/steal,4,action,,Steal!,/' \
	    "$DC" >"$T/k.csv"
	echo 'zz-new,2,action,,New card,Its body.,Carta nueva,Su texto.' \
	    >>"$T/k.csv"
	cp -R "$T/kold" "$T/knew"
	traced -f -o "$T/k.trace" -e trace=rename,unlink \
	    ./deckpress import "$T/k.csv" --into "$T/knew" --prune \
	    >"$T/k.out" 2>&1 || { cat "$T/k.out"; return 1; }
	# The syscalls to stop at: each rename, and the journal's unlink.
	grep -E '(rename|unlink)\(' "$T/k.trace" | sed -E 's/^[0-9]+ +//' |
	    grep -E '^rename|import\.journal"\)' >"$T/k.points"
	[ "$(grep -c '^rename' "$T/k.points")" = 5 ] &&
	    [ "$(grep -c '^unlink' "$T/k.points")" = 1 ] ||
	    { cat "$T/k.points"; return 1; }
	! diff -rq "$T/kold" "$T/knew" >/dev/null || return 1
	./deckpress cards "$T/knew" -o "$T/knew.pdf" >/dev/null 2>&1 &&
	    pdftotext "$T/knew.pdf" "$T/knew.txt"
}

# same_deck A B: the same files, but the temporaries a kill left.
same_deck() {
	diff -r -x '*.tmp-*' "$1" "$2" >/dev/null
}

# killed_at K: stopped at the syscall on line K of $T/k.points, call,
# the NTH of its NAME there.  The lines read by the shell (they were a
# sed, a head and a grep a kill point).
killed_at() {
	k=$1
	call='' i=0
	while [ "$i" -lt "$k" ] && IFS= read -r l; do
		i=$((i + 1))
		call=$l
	done <"$T/k.points"
	[ "$i" = "$k" ] || call=
	name=${call%%(*}
	i=0 nth=0
	while [ "$i" -lt "$k" ] && IFS= read -r l; do
		i=$((i + 1))
		case $l in
		"$name("*) nth=$((nth + 1)) ;;
		esac
	done <"$T/k.points"
	w=$T/k$k
	rm -rf "$w"
	cp -R "$T/kold" "$w"
	rc=0
	traced -f -o "$T/k$k.trace" -e trace="$name" \
	    -e inject="$name":signal=KILL:when="$nth" \
	    ./deckpress import "$T/k.csv" --into "$w" --prune \
	    >/dev/null 2>&1 || rc=$?
	[ "$rc" = 137 ] || { echo "exit $rc, not killed"; return 1; }
	# It stopped where it was meant to, on the same file.  strace
	# writes a call another thread's line cut short as "<unfinished
	# ...>", its arguments whole: a matter of timing (make check).  The
	# last line of that call, held by one sed (not a grep, a tail and
	# a sed).
	got=$(sed -n -e "/^[0-9][0-9]*  *$name(/h" -e '$!d' -e x \
	    -e 's/^[0-9]* *//' -e 's/tmp-[0-9]*-[A-Za-z0-9]*/tmp/g' \
	    -e "s|$w|DIR|g" -e 's/ <unfinished \.\.\.>$/)/' -e p \
	    "$T/k$k.trace")
	want=$(echo "$call" | sed -e 's/tmp-[0-9]*-[A-Za-z0-9]*/tmp/g' \
	    -e 's/ = 0$//' -e "s|$T/knew|DIR|g")
	case $got in
	"$want"*) ;;
	*) echo "stopped at $got, not $want"; return 1 ;;
	esac
	rc=0
	rm -rf "$w.snap"
	cp -R "$w" "$w.snap"
	$WRAP ./deckpress cards "$w" -o "$T/k$k.pdf" >"$T/k$k.cards" 2>&1 ||
	    rc=$?
	diff -r "$w.snap" "$w" || { echo "cards changed the deck folder"; return 1; }
	if [ ! -e "$w/import.journal" ]; then
		[ "$rc" = 0 ] || { cat "$T/k$k.cards"; return 1; }
		same_deck "$T/kold" "$w" || same_deck "$T/knew" "$w" ||
		    { echo "neither old nor new:"; diff -r "$T/knew" "$w"; return 1; }
		echo "k$k: no journal, $(same_deck "$T/kold" "$w" && echo old || echo new)"
		return 0
	fi
	[ "$rc" = 0 ] || { echo "does not render:"; cat "$T/k$k.cards"; return 1; }
	grep -q "^$w/import.journal: warning: an import into this deck stopped before" \
	    "$T/k$k.cards" || { cat "$T/k$k.cards"; return 1; }
	pdftotext "$T/k$k.pdf" "$T/k$k.txt"
	cmp "$T/knew.txt" "$T/k$k.txt" ||
	    { echo "does not print as the new deck"; return 1; }
	imp "k$k.again" "$T/k.csv" --into "$w" --prune
	exits "k$k.again" 0 || return 1
	head -n 1 "$T/k$k.again.out" | grep -q "^$w/import.journal: finished an import that had stopped half way (" ||
	    { cat "$T/k$k.again.out"; return 1; }
	diff -r "$T/knew" "$w" || return 1
	$WRAP ./deckpress cards "$w" -o "$T/k$k.pdf" >/dev/null 2>&1 ||
	    { echo "renders not once finished"; return 1; }
	echo "k$k: journal, finished"
}

if check "import: the kill points: 5 renames (the journal, two texts, the record, deck.yaml) and the journal's removal" \
    kill_setup; then
	# Each point's words, by one sed for all six, read a line each.
	sed -e "s|$T/knew/||g" \
	    -e 's/^rename(.*, "\(.*\)").*/the rename to \1/' \
	    -e 's/^unlink("\(.*\)").*/the removal of \1/' "$T/k.points" \
	    >"$T/k.words"
	for k in 1 2 3 4 5 6; do
		IFS= read -r at <&5 || at=
		check "import: killed at $at: old, new, or finished by the next import" \
		    killed_at "$k"
	done 5<"$T/k.words"
fi

# strings rewrites a translation: a stopped import's files are put in
# place first, or its next run would put them over strings' work.
strings_finishes() {
	rm -rf "$T/ks"
	cp -R "$T/kold" "$T/ks"
	# Killed at its third rename: the journal and text/en.yaml in place.
	traced -f -o /dev/null -e trace=rename -e inject=rename:signal=KILL:when=3 \
	    ./deckpress import "$T/k.csv" --into "$T/ks" --prune >/dev/null 2>&1 || :
	[ -e "$T/ks/import.journal" ] || { echo "no journal"; return 1; }
	$WRAP ./deckpress strings "$T/ks" --lang es >"$T/ks.out" 2>"$T/ks.err" ||
	    { cat "$T/ks.out" "$T/ks.err"; return 1; }
	head -n 1 "$T/ks.out" | grep -q "^$T/ks/import.journal: finished an import that had stopped half way (" ||
	    { cat "$T/ks.out"; return 1; }
	[ ! -e "$T/ks/import.journal" ] || { echo "the journal is left"; return 1; }
	diff -r -x es.yaml "$T/knew" "$T/ks"
}
check "strings: a stopped import is finished before the translation is written" \
    strings_finishes

# SIGTERM (or SIGINT, SIGHUP) waits while the files are renamed: sent
# at the second rename, the import ends whole, then dies of it.  Sent
# while the files are staged (the first fsync), nothing is written and
# no temporary file stays.
termed() {
	at=$1 want=$2
	w=$T/kterm-$at
	rm -rf "$w"
	cp -R "$T/kold" "$w"
	rc=0
	traced -f -o /dev/null -e trace="${at%:*}" \
	    -e inject="${at%:*}":signal=TERM:when="${at#*:}" \
	    ./deckpress import "$T/k.csv" --into "$w" --prune \
	    >/dev/null 2>&1 || rc=$?
	[ "$rc" = 143 ] || { echo "exit $rc, not SIGTERM"; return 1; }
	[ ! -e "$w/import.journal" ] || { echo "a journal left"; return 1; }
	[ -z "$(find "$w" -name '*.tmp-*')" ] ||
	    { find "$w" -name '*.tmp-*'; return 1; }
	diff -r "$T/$want" "$w"
}
check "import: SIGTERM at a rename: the import ends whole first" \
    termed rename:2 knew
check "import: SIGTERM while staging: nothing written, no temporary" \
    termed fsync:1 kold

# A journal is untrusted: it may come with a stranger's game.  Each
# bad one is refused with an error naming it, and nothing is written:
# not the deck, nor any file outside it; the journal stays as it was.
bad_journal() {
	what=$1
	w=$T/bj-$what
	o=$T/bj.elsewhere
	j=$w/import.journal
	rm -rf "$w" "$w.before" "$o"
	cp -R $DCG "$w"
	mkdir "$o"
	case $what in
	textlink)
		rm -rf "$w/text"
		ln -s "$(pwd)/$o" "$w/text" ;;
	esac
	cp -R "$w" "$w.before"
	one='deckpress import journal 1'
	case $what in
	link)
		printf '%s\nfile deck.yaml 2\nx\n\nend\n' "$one" >"$o/j"
		ln -s "$(pwd)/$o/j" "$j" ;;
	fifo)	mkfifo "$j" ;;
	big)	truncate -s 3G "$j" ;;
	outside)
		printf '%s\nfile text/../../bj.elsewhere/x.yaml 2\nx\n\nend\n' \
		    "$one" >"$j" ;;
	truncated)
		printf '%s\nfile deck.yaml 200\nx\n' "$one" >"$j" ;;
	textlink)
		printf '%s\nfile text/en.yaml 2\nx\n\nend\n' "$one" >"$j" ;;
	esac
	if [ -f "$j" ] && [ ! -L "$j" ] && [ "$what" != big ]; then
		cp "$j" "$T/bj-$what.journal"
	fi
	imp "bj-$what" "$DC" --into "$w"
	case $what in
	textlink) exits "bj-$what" 3 ;;
	*) exits "bj-$what" 1 ;;
	esac || return 1
	grep -q "^$w/\(import.journal\|text\): error: " "$T/bj-$what.err" ||
	    { cat "$T/bj-$what.err"; return 1; }
	[ ! -s "$T/bj-$what.out" ] || { cat "$T/bj-$what.out"; return 1; }
	diff -r -x import.journal "$w.before" "$w" || return 1
	case $what in
	link)	[ -L "$j" ] ;;
	fifo)	[ -p "$j" ] ;;
	big)	[ "$(wc -c <"$j")" = 3221225472 ] ;;
	*)	cmp "$T/bj-$what.journal" "$j" ;;
	esac || { echo "the journal changed"; return 1; }
	[ -z "$(ls -A "$o" | grep -v '^j$')" ] || { ls -l "$o"; return 1; }
}
check "import: a journal that is a symbolic link: refused, nothing written" \
    bad_journal link
check "import: a journal that is a FIFO: refused at once" bad_journal fifo
check "import: a journal naming a file outside the deck: refused" \
    bad_journal outside
check "import: a journal of 3 GB (sparse): refused as it is read" \
    bad_journal big
check "import: a journal cut short: refused, nothing of it written" \
    bad_journal truncated
check "import: a journal whose text/ is a link out of the deck: refused" \
    bad_journal textlink

# A flood of one kind of error: 200 000 columns the deck does not
# know.  Every one is counted, 20 are shown, one line stands for the
# rest; the deck stays as it was.  (Before: 43 MB of messages.)
flood() {
	rm -rf "$T/flood"
	cp -R $DCG "$T/flood"
	awk 'BEGIN { printf "id"; for (i = 0; i < 200000; i++)
	    printf ",x%d", i; printf "\nboycott"
	    for (i = 0; i < 200000; i++) printf ","; printf "\n" }' \
	    >"$T/flood.csv"
	imp flood "$T/flood.csv" --into "$T/flood"
	exits flood 1 || return 1
	[ "$(wc -c <"$T/flood.err")" -lt 8000 ] ||
	    { echo "$(wc -c <"$T/flood.err") bytes of messages"; return 1; }
	[ "$(grep -c "^$T/flood.csv:1:[0-9]*: error: column 'x[0-9]*' is no" \
	    "$T/flood.err")" = 20 ] || { head -n 3 "$T/flood.err"; return 1; }
	grep -qx "$T/flood.csv:1:74: error: and 199980 more 'column' errors in this file, not shown" \
	    "$T/flood.err" || { tail -n 3 "$T/flood.err"; return 1; }
	tail -n 1 "$T/flood.err" | grep -qx '200000 errors, 0 warnings' ||
	    return 1
	diff -r $DCG "$T/flood"
}
check "import: 200 000 unknown columns: 20 errors shown, 'and 199980 more'" \
    flood

summary "import"
