#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: new, pack, check, cards, booklet, export, preview, import, all,
#         build, numbers
#
# deckpress new: a designer's first game, made in an empty folder, then
# put through every command as they would: pack (pages, the sample
# titles in its text), check --werror, cards, booklet, export, preview,
# import of the cards.csv it wrote (nothing changes), and all inside
# the game's folder (that game alone, into its out/).  Then --lang
# en,fr (French texts, check clean), --size poker (its trim box in
# export's per-card PDF), and the refusals: a folder not empty, a file,
# a bad --size or --lang (usage, exit 2), each writing nothing.  Last,
# new and pack with an installed deckpress (make install PREFIX=P).
# Prints "ok - NAME" / "not ok - NAME".
#
# usage: sh tests/run-new.sh    (from the repo root)
#
#   WRAP   prefix for every deckpress call, e.g.
#          WRAP="valgrind -q --error-exitcode=99 --leak-check=no"
T=out/test/new
. tests/suite.sh
ROOT=$(pwd -P)
DP="$ROOT/deckpress"
export DECKPRESS_HOME="$ROOT"

# dpin ARGS...: deckpress in $T, its output into $T/log.
dpin() {
	# $WRAP is split into words on purpose.
	# shellcheck disable=SC2086
	(cd "$T" && $WRAP "$DP" "$@") >"$T/log" 2>&1 ||
	    { rc=$?; cat "$T/log"; return "$rc"; }
}

made() {
	dpin new quest && [ -f "$T/quest/deck.yaml" ] &&
	    [ -f "$T/quest/text/en.yaml" ] && [ -f "$T/quest/rules/en.md" ] &&
	    [ -f "$T/quest/cards.csv" ] && [ -f "$T/quest/README.md" ] &&
	    [ -f "$T/quest/art/placeholder.svg" ] &&
	    [ -f "$T/quest/fonts/README" ] && [ -f "$T/quest/icons/README" ] &&
	    [ -f "$T/quest/layouts/card.yaml" ] &&
	    [ -f "$T/quest/layouts/token.yaml" ] &&
	    [ -z "$(find "$T" -maxdepth 1 -name '.quest.new-*')" ]
}
check "new quest makes the game's files, no hidden folder left" made

pack() {
	dpin pack quest || return 1
	n=$(pdfinfo "$T/out/quest-en-pack.pdf" | awk '/^Pages:/ { print $2 }')
	[ "$n" -gt 0 ] || { echo "pages: $n"; return 1; }
	pdftotext "$T/out/quest-en-pack.pdf" "$T/pack.txt"
	for t in "The first step" "The long road" "Gold" "five gold tokens"; do
		grep -q "$t" "$T/pack.txt" || { echo "no '$t' in the pack"; return 1; }
	done
}
check "pack quest: a pack with the sample cards and rules" pack

check "check quest --werror exits 0" dpin check quest --werror

cards() {
	dpin cards quest -o cards.pdf &&
	    [ "$(pdfinfo "$T/cards.pdf" | awk '/^Pages:/ { print $2 }')" -gt 0 ]
}
check "cards quest" cards
booklet() {
	dpin booklet quest -o rules.pdf &&
	    pdftotext "$T/rules.pdf" - | grep -q "five gold tokens"
}
check "booklet quest: the sample rules" booklet
export_png() {
	dpin export quest --lang en -o png --dpi 50 &&
	    [ -f "$T/png/first-step-front.png" ] &&
	    [ -f "$T/png/first-step-back.png" ] && [ -f "$T/png/gold-front.png" ]
}
check "export quest: each card's PNGs" export_png
preview() {
	dpin preview quest -o sheet.png --dpi 50 &&
	    file "$T/sheet.png" | grep -q "PNG image"
}
check "preview quest: a contact sheet" preview

# The first import begins the record of what it left in each text
# (import.state); the game's own files stay byte for byte.
import_same() {
	cp -R "$T/quest" "$T/quest.before"
	dpin import quest/cards.csv --into quest &&
	    grep -q "(unchanged)" "$T/log" &&
	    diff -r -x import.state "$T/quest.before" "$T/quest" &&
	    [ -f "$T/quest/import.state" ]
}
check "import quest/cards.csv --into quest changes no file of the game" \
    import_same

# numbering: kind, which new writes: {n}/{total} on a token counts the
# game's 6 gold tokens, on a card its 3 cards (2 copies of one), not
# all 9 components.  Measured on a copy whose layouts print them.
numbered() {
	grep -qx "numbering: kind" "$T/quest/deck.yaml" ||
	    { echo "no numbering: kind in deck.yaml"; return 1; }
	rm -rf "$T/numbered" && cp -R "$T/quest" "$T/numbered" || return 1
	echo '  - {type: text, text: "tok {n}/{total}", box_mm: [7, 17, 11, 4], size_pt: 5}' \
	    >>"$T/numbered/layouts/token.yaml"
	sed -i '/^back:/i\  - {type: text, text: "card {n}/{total}", box_mm: [4, 79.5, 25, 4.5], size_pt: 6}' \
	    "$T/numbered/layouts/card.yaml"
	dpin cards numbered -o numbered.pdf || return 1
	pdftotext -raw "$T/numbered.pdf" - |
	    grep -o -e "tok [0-9]*/[0-9]*" -e "card [0-9]*/[0-9]*" |
	    sort >"$T/numbered.got"
	printf '%s\n' "card 1/3" "card 2/3" "card 3/3" "tok 1/6" "tok 2/6" \
	    "tok 3/6" "tok 4/6" "tok 5/6" "tok 6/6" | diff - "$T/numbered.got"
}
check "new's numbering: kind: a token says 1/6 of the tokens, a card 1/3" \
    numbered

# all inside the game: that game alone, into the game's out/; the
# bundled games are not rendered.
all_inside() {
	(cd "$T/quest" && $WRAP "$DP" all) >"$T/log" 2>&1 || { cat "$T/log"; return 1; }
	ls "$T/quest/out" >"$T/all.ls"
	[ "$(cat "$T/all.ls")" = "quest-en-cards.pdf
quest-en-pack.pdf" ] || { cat "$T/all.ls"; return 1; }
}
check "all inside quest/ renders quest alone into quest/out" all_inside

french() {
	dpin new bilingual --lang en,fr && dpin check bilingual --werror &&
	    grep -q "title: Le premier pas" "$T/bilingual/text/fr.yaml" &&
	    [ -f "$T/bilingual/rules/fr.md" ] &&
	    dpin pack bilingual --lang fr &&
	    pdftotext "$T/out/bilingual-fr-pack.pdf" - | grep -q "La longue route"
}
check "new --lang en,fr: French texts and rules, check --werror and pack fr" \
    french

# Poker cards are 63.5 x 88.9 mm: 180 x 252 pt, the trim box of each
# page of export's per-card PDF.
poker() {
	dpin new big --size poker && grep -q "^card: poker" "$T/big/layouts/card.yaml" &&
	    dpin export big --lang en -o poker --per-card-pdf || return 1
	pdfinfo -box -f 1 -l 1 "$T/poker/big-en-cards.pdf" |
	    awk '/^Page +1 TrimBox:/ { w = $6 - $4; h = $7 - $5
		ok = (w > 179.9 && w < 180.1 && h > 251.9 && h < 252.1) }
		END { exit !ok }' ||
	    { pdfinfo -box -f 1 -l 1 "$T/poker/big-en-cards.pdf"; return 1; }
}
check "new --size poker: 63.5 x 88.9 mm cards in export" poker

# refused RC NAME ARGS...: deckpress ARGS exits RC, says why, and $T
# holds what it held before.
refused() {
	want=$1
	shift
	# The listings, and the run's output, are left out of them.
	ls -A "$T" | grep -v -e '^refused\.' -e '\.ls$' >"$T/before.ls"
	rc=0
	(cd "$T" && $WRAP "$DP" "$@") >"$T/refused.out" 2>"$T/refused.err" || rc=$?
	ls -A "$T" | grep -v -e '^refused\.' -e '\.ls$' >"$T/after.ls"
	[ "$rc" -eq "$want" ] && [ -s "$T/refused.err" ] &&
	    cmp -s "$T/before.ls" "$T/after.ls" ||
	    { echo "exit $rc, expected $want"; cat "$T/refused.err"; return 1; }
}
notempty() {
	mkdir -p "$T/taken" && echo keep >"$T/taken/notes.txt" &&
	    refused 1 new taken &&
	    grep -q "taken: error: the folder is not empty (it holds notes.txt)" \
	    "$T/refused.err" &&
	    [ "$(ls -A "$T/taken")" = notes.txt ]
}
check "new refuses a folder that is not empty, writes nothing" notempty
check "new refuses a file" refused 1 new quest/deck.yaml
check "new --size huge is a usage error" refused 2 new x --size huge
check "new --lang en,xx is a usage error" refused 2 new x --lang en,xx
check "new with no folder is a usage error" refused 2 new
empty_ok() {
	mkdir -p "$T/empty" && dpin new empty && dpin check empty --werror
}
check "new fills an empty folder" empty_ok
# "deckpress new ." in the folder just made: filled in place, the game
# named after the folder; "new side/" as "new side".
dot() {
	mkdir -p "$T/My Game" &&
	    (cd "$T/My Game" && $WRAP "$DP" new . && $WRAP "$DP" all) \
	    >"$T/log" 2>&1 || { cat "$T/log"; return 1; }
	grep -q "^game: my-game$" "$T/My Game/deck.yaml" &&
	    [ -f "$T/My Game/out/my-game-en-pack.pdf" ] &&
	    [ -z "$(find "$T/My Game" -name '.new-*')" ] &&
	    dpin new side/ && grep -q "^game: side$" "$T/side/deck.yaml" &&
	    grep -q "see side/README.md" "$T/log"
}
check "new . fills the folder it is in, named after it; new side/" dot

# From an installed deckpress, no tree and no DECKPRESS_HOME: a copy of
# the tree with this build's objects installed into a prefix, as
# run-build.sh does, then new and pack from an empty folder.
installed() {
	tree=$ROOT/$T/tree
	pfx=$ROOT/$T/prefix
	mkdir -p "$tree/out" "$T/empty-dir"
	# -p: the sources keep their times, so the copied objects stay
	# current and only setup.c (the data folder) is compiled again.
	cp -Rp Makefile src fonts layouts cards "$tree/" &&
	    cp -Rp out/obj "$tree/out/" &&
	    make -C "$tree" install PREFIX="$pfx" DESTDIR= >"$T/install.log" 2>&1 ||
	    { cat "$T/install.log"; return 1; }
	(cd "$T/empty-dir" && env -u DECKPRESS_HOME "$pfx/bin/deckpress" new quest &&
	    env -u DECKPRESS_HOME "$pfx/bin/deckpress" pack quest &&
	    env -u DECKPRESS_HOME "$pfx/bin/deckpress" check quest --werror) \
	    >"$T/log" 2>&1 || { cat "$T/log"; return 1; }
	pdftotext "$T/empty-dir/out/quest-en-pack.pdf" - | grep -q "The first step"
}
check "installed: P/bin/deckpress new quest && pack quest from an empty folder" \
    installed

summary run-new.sh
