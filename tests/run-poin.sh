#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: po, strings, check, translations, limits
#
# PO files in (issue 24): "deckpress strings DECK --lang LANG --from
# FILE.po" and "check --from", on copies of Data Chain (the tests' own,
# tests/decks/data-chain) in out/test/poin
# with PO files written here by hand.  What a PO file changes in
# text/es.yaml is measured with diff and cmp, what check then reports
# with its own counts, and every error at its PO line.
#
# usage: sh tests/run-poin.sh    (from the repo root, after make)

T=out/test/poin
. tests/suite.sh

D=$T/dc
cp -R tests/decks/data-chain "$D"
# Its es.yaml lacks deckpress's pack strings: as strings writes
# it first, so that a PO file's changes alone show.
./deckpress strings "$D" --lang es >/dev/null
# One English body changed: its Spanish one is stale.
sed -i '/^  use-vpn:/,/body:/s/draw 5 new cards\./draw 5 new cards at once./' \
    "$D/text/en.yaml"
cp "$D/text/es.yaml" "$T/es.0"

# po FILE: a PO file's header, then the messages given on stdin.
po() {
	{ printf 'msgid ""\nmsgstr ""\n'
	  printf '"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: es\\n"\n\n'
	  cat; } >"$1"
}

po "$T/one.po" <<'EOF'
msgctxt "card/use-vpn/body"
msgid "Discard your hand, and draw 5 new cards at once."
msgstr "Descarta tu mano y roba 5 cartas nuevas de una vez."
EOF

stale_count() {
	./deckpress check "$D" --lang es 2>/dev/null |
	    sed -n 's/^  es .* \([0-9][0-9]*\) stale,.*/\1/p'
}
stale_before() {
	[ "$(stale_count)" = 1 ] || { ./deckpress check "$D" --lang es; return 1; }
}
check "before: check reports the changed body stale" stale_before

# one body: its text, its source comment and its hash change, no other line
one_body() {
	./deckpress strings "$D" --lang es --from "$T/one.po" >"$T/one.out" ||
	    return 1
	diff "$T/es.0" "$D/text/es.yaml" | grep '^[<>]' >"$T/one.diff"
	h=$(awk '/^  use-vpn:/ { on = 1 }
	    on && /source:/ { print; exit }' "$D/text/es.yaml")
	cat >"$T/one.want" <<EOF
<     # en: Discard your hand, and draw 5 new cards.
<     body: Descarte su mano y robe 5 nuevas cartas.
<     source: {title: e6f495e7, body: f8584590}
>     # en: Discard your hand, and draw 5 new cards at once.
>     body: Descarta tu mano y roba 5 cartas nuevas de una vez.
EOF
	echo "> $h" >>"$T/one.want"
	diff "$T/one.want" "$T/one.diff" || return 1
	# the new hash is not the old one: the source of now is recorded
	case $h in *f8584590*) return 1 ;; esac
	grep -q 'one.po: 1 translation taken (0 fuzzy, left stale), 0 cleared, 0 skipped' \
	    "$T/one.out"
}
check "strings --from: one Spanish body changes only its lines" one_body
stale_after() {
	[ "$(stale_count)" = 0 ] || { ./deckpress check "$D" --lang es; return 1; }
	! ./deckpress check "$D" --lang es 2>&1 | grep -q 'stale:'
}
check "after: check reports nothing stale (the hash recorded)" stale_after

# A PO whose translations are the file's, fuzzy where stale: no byte.
po "$T/same.po" <<'EOF'
msgctxt "card/use-vpn/body"
msgid "Discard your hand, and draw 5 new cards at once."
msgstr "Descarta tu mano y roba 5 cartas nuevas de una vez."

msgctxt "card/go-offline/title"
msgid "Go offline"
msgstr "Desconectarse"
EOF
noop() {
	cp "$D/text/es.yaml" "$T/es.1"
	./deckpress strings "$D" --lang es --from "$T/same.po" >"$T/same.out" &&
	    cmp "$T/es.1" "$D/text/es.yaml" &&
	    grep -q '(unchanged)' "$T/same.out" &&
	    grep -q ': 0 translations taken' "$T/same.out"
}
check "a PO of the file's own translations changes no byte" noop

# fuzzy: written, and still stale for check
po "$T/fuzzy.po" <<'EOF'
#, fuzzy
msgctxt "card/go-offline/body"
msgid "Players on your team can draw one extra card each, and steal a card each from any player."
msgstr "Cada jugador/a de tu equipo roba una carta extra y arrebata una a cualquiera."
EOF
fuzzy() {
	./deckpress strings "$D" --lang es --from "$T/fuzzy.po" >"$T/fuzzy.out" ||
	    return 1
	grep -q 'body: Cada jugador/a de tu equipo roba una carta extra' \
	    "$D/text/es.yaml" || return 1
	./deckpress check "$D" --lang es >"$T/fuzzy.check" 2>&1
	grep -q "card 'go-offline' (es): body is stale" "$T/fuzzy.check" &&
	    [ "$(stale_count)" = 1 ] || { cat "$T/fuzzy.check"; return 1; }
	# again: the fuzzy flag matches the stale mark, nothing changes
	cp "$D/text/es.yaml" "$T/es.2"
	./deckpress strings "$D" --lang es --from "$T/fuzzy.po" >/dev/null &&
	    cmp "$T/es.2" "$D/text/es.yaml"
}
check "a fuzzy message is written and stays stale" fuzzy

# A translation of an older source, not marked fuzzy: taken, but stale.
po "$T/old.po" <<'EOF'
msgctxt "card/use-vpn/body"
msgid "Discard your hand, and draw 5 new cards."
msgstr "Descarta tu mano y roba 5 cartas."
EOF
oldmsgid() {
	./deckpress strings "$D" --lang es --from "$T/old.po" >/dev/null \
	    2>"$T/old.err" || return 1
	grep -q "^$T/old.po:6:1: warning: card/use-vpn/body: its msgid is not the en text of now; imported as stale" "$T/old.err" &&
	    grep -q 'body: Descarta tu mano y roba 5 cartas.$' "$D/text/es.yaml" &&
	    [ "$(stale_count)" = 2 ] || { cat "$T/old.err"; return 1; }
}
check "a message of an older msgid, not fuzzy: written, reported stale" oldmsgid

# Errors: a scratch deck whose body has a {team} name.
E=$T/dc2
cp -R tests/decks/data-chain "$E"
./deckpress strings "$E" --lang es >/dev/null
sed -i '/^  use-vpn:/,/body:/s/draw 5 new cards\./draw 5 new {team} cards./' \
    "$E/text/en.yaml"
long=$(awk 'BEGIN { for (i = 0; i < 12; i++) printf "%sRoba cinco cartas nuevas del mazo y descarta tu mano.", i ? " " : "" }')
po "$T/bad.po" <<EOF
msgctxt "card/use-vpn/body"
msgid "Discard your hand, and draw 5 new {team} cards."
msgstr "Descarta tu mano y roba 5 cartas nuevas."

msgctxt "card/no-such-card/body"
msgid "Gone."
msgstr "Ido."

msgctxt "card/boycott/body"
msgid "Target a Data Broker artefact and disable it until the end of the round."
msgstr "$long"
EOF
cp "$E/text/es.yaml" "$T/es.3"
# three_at OUT: the three findings, each at its PO line
three_at() {
	grep -q "^$T/bad.po:8:1: error: card 'use-vpn' (es): body: markup, icons and names in braces differ" "$1" &&
	    grep -q "^$T/bad.po:10:1: warning: card/no-such-card/body: the deck has no such string" "$1" &&
	    grep -q "^$T/bad.po:16:1: error: card 'boycott' (es): body does not fit its box" "$1" ||
	    { cat "$1"; return 1; }
}
bad() {
	rc=0
	./deckpress strings "$E" --lang es --from "$T/bad.po" >"$T/bad.out" \
	    2>"$T/bad.err" || rc=$?
	[ "$rc" = 1 ] && three_at "$T/bad.err" &&
	    grep -q 'nothing written' "$T/bad.err" &&
	    cmp "$T/es.3" "$E/text/es.yaml" &&
	    [ "$(ls "$E/text")" = "$(printf 'en.yaml\nes.yaml')" ]
}
check "a dropped {team}, an unknown context, a text too long: at their PO lines, nothing written" bad
checkfrom() {
	rc=0
	./deckpress check "$E" --lang es --from "$T/bad.po" >"$T/cf.out" \
	    2>"$T/cf.err" || rc=$?
	[ "$rc" = 1 ] && three_at "$T/cf.err" &&
	    cmp "$T/es.3" "$E/text/es.yaml" &&
	    grep -q '^fit: 1 text too long' "$T/cf.out"
}
check "check --from: the same findings, nothing written" checkfrom

# A malformed PO file: an error at its line.
printf 'msgid ""\nmsgstr ""\n\nmsgctxt "card/use-vpn/body"\nmsgid "x"\nmsgstr "no end\n' >"$T/mal.po"
malformed() {
	rc=0
	./deckpress strings "$E" --lang es --from "$T/mal.po" 2>"$T/mal.err" ||
	    rc=$?
	[ "$rc" = 1 ] && grep -q "^$T/mal.po:7:1: error: end-of-line within string" \
	    "$T/mal.err" &&
	    cmp "$T/es.3" "$E/text/es.yaml" || { cat "$T/mal.err"; return 1; }
}
check "a malformed PO file is an error at its line" malformed

# The PO file's limits (deckpress(5), LIMITS): a sparse file of 3 GB is
# refused unread (from its size: read, it would take seconds and 3 GB),
# by strings and by check; a msgstr over 64 KiB is an error at its
# line.  Nothing written.
truncate -s 3G "$T/huge.po"
huge() {
	rc=0
	./deckpress "$1" "$E" --lang es --from "$T/huge.po" >/dev/null \
	    2>"$T/huge.err" || rc=$?
	[ "$rc" = 1 ] && grep -qx "$T/huge.po: error: 3221225472 bytes, more than the 8388608 a PO file may have" \
	    "$T/huge.err" && cmp "$T/es.3" "$E/text/es.yaml" ||
	    { cat "$T/huge.err"; return 1; }
}
check "strings --from a PO file of 3 GB (sparse): refused unread" huge strings
check "check --from a PO file of 3 GB (sparse): refused unread" huge check
awk 'BEGIN { s = ""; for (i = 0; i < 65537; i++) s = s "x"; print "msgctxt \"card/use-vpn/body\""
    print "msgid \"Discard your hand, and draw 5 new {team} cards.\""
    print "msgstr \"" s "\"" }' | po "$T/long.po"
longstr() {
	rc=0
	./deckpress strings "$E" --lang es --from "$T/long.po" 2>"$T/long.err" ||
	    rc=$?
	[ "$rc" = 1 ] && grep -qx "$T/long.po:8:1: error: card/use-vpn/body: msgstr has 65537 bytes, more than the 64 KiB a string may have" \
	    "$T/long.err" && cmp "$T/es.3" "$E/text/es.yaml" ||
	    { cat "$T/long.err"; return 1; }
}
check "a msgstr of 64 KiB and 1 byte: an error at its line, nothing written" \
    longstr

# A byte-order mark, as Windows editors write UTF-8: skipped, the file
# read as without it (the line numbers too).
B=$T/bom
cp -R tests/decks/data-chain "$B"
./deckpress strings "$B" --lang es >/dev/null
./deckpress strings "$B" --lang es --po -o "$T/bom0.po" >/dev/null
cp "$B/text/es.yaml" "$T/es.b"
{ printf '\357\273\277'; sed 's/^msgstr "Desconectarse"$/msgstr "Sin conexión"/' \
    "$T/bom0.po"; } >"$T/bom.po"
bom() {
	./deckpress strings "$B" --lang es --from "$T/bom.po" >"$T/bom.out" \
	    2>"$T/bom.err" || { cat "$T/bom.err"; return 1; }
	[ "$(head -c 3 "$T/bom.po" | od -An -tx1 | tr -d ' ')" = efbbbf ] &&
	    grep -q 'title: Sin conexión$' "$B/text/es.yaml" &&
	    grep -q 'bom.po: 1 translation taken (0 fuzzy, left stale), 0 cleared, 0 skipped' \
	    "$T/bom.out" && [ ! -s "$T/bom.err" ]
}
check "a PO file starting with a UTF-8 byte-order mark: read, its translation taken" bom
# ... and an error in it is at the line it has with the mark.
{ printf '\357\273\277'; cat "$T/mal.po"; } >"$T/bommal.po"
bommal() {
	! ./deckpress strings "$B" --lang es --from "$T/bommal.po" 2>"$T/bommal.err" &&
	    grep -q "^$T/bommal.po:7:1: error: end-of-line within string" \
	    "$T/bommal.err" || { cat "$T/bommal.err"; return 1; }
}
check "a malformed PO file with a byte-order mark: the error at its line" bommal

# A message without msgctxt, and a plural one: warned about, each
# counted as skipped in the summary.
cp "$B/text/es.yaml" "$T/es.b2"
po "$T/noctx.po" <<'EOF'
msgid "Go offline"
msgstr "Desconectado"

msgctxt "card/go-offline/title"
msgid "Go offline"
msgid_plural "Go offlines"
msgstr[0] "Desconectado"
msgstr[1] "Desconectados"
EOF
noctx() {
	./deckpress strings "$B" --lang es --from "$T/noctx.po" >"$T/noctx.out" \
	    2>"$T/noctx.err" || return 1
	grep -q "^$T/noctx.po:6:1: warning: a message with no msgctxt" "$T/noctx.err" &&
	    grep -q "^$T/noctx.po:9:1: warning: card/go-offline/title: deckpress's strings have no plural forms; skipped" "$T/noctx.err" &&
	    grep -q 'noctx.po: 0 translations taken (0 fuzzy, left stale), 0 cleared, 2 skipped' \
	    "$T/noctx.out" && cmp "$T/es.b2" "$B/text/es.yaml" ||
	    { cat "$T/noctx.out" "$T/noctx.err"; return 1; }
}
check "no msgctxt, a plural message: warned at their lines, 2 skipped, nothing written" noctx

# A cleared msgstr: gettext's "untranslated": the translation removed,
# the string to translate again, reported; check then counts it.
po "$T/clear.po" <<'EOF'
msgctxt "card/go-offline/title"
msgid "Go offline"
msgstr ""
EOF
cleared() {
	./deckpress strings "$B" --lang es --from "$T/clear.po" >"$T/clear.out" \
	    2>"$T/clear.err" || return 1
	grep -q 'clear.po: 0 translations taken (0 fuzzy, left stale), 1 cleared, 0 skipped' \
	    "$T/clear.out" &&
	    grep -q "^$T/clear.po:8:1: warning: card/go-offline/title: msgstr is empty: its translation removed" \
	    "$T/clear.err" &&
	    diff "$T/es.b2" "$B/text/es.yaml" | grep '^[<>]' >"$T/clear.diff"
	printf '%s\n' '<     title: Sin conexión' '>     # NEW: to translate' \
	    '>     title: ~' >"$T/clear.want"
	diff "$T/clear.want" "$T/clear.diff" &&
	    ./deckpress check "$B" --lang es 2>&1 | grep -q "go-offline.*title" ||
	    { cat "$T/clear.out" "$T/clear.err" "$T/clear.diff"; return 1; }
}
check "an empty msgstr for a translated string: removed, 1 cleared, warned" cleared
# Again: nothing left to clear, nothing written.
clear_again() {
	cp "$B/text/es.yaml" "$T/es.b3"
	./deckpress strings "$B" --lang es --from "$T/clear.po" >"$T/clear2.out" \
	    2>&1 && cmp "$T/es.b3" "$B/text/es.yaml" &&
	    grep -q '0 translations taken (0 fuzzy, left stale), 0 cleared, 0 skipped' \
	    "$T/clear2.out"
}
check "the same empty msgstr again: nothing to clear, nothing written" clear_again

summary run-poin.sh
