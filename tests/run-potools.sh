#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: po, strings, translations, determinism
#
# PO files that pass every translator's tool (issue 38, part 2): the
# template and every language's PO file of every bundled game
# (cards/*), read by the real tools: gettext's msgfmt -c (no warning:
# its stderr empty), msgmerge (the PO merged with its template: still
# clean, the same translations, the room notes unchanged), msgattrib
# (translated and fuzzy ones apart) and the JavaScript readers of
# translation platforms, gettext-parser and pofile from npm
# (tests/tools/poparse.mjs; tests/npm, installed by .ci/setup), each
# reading what this suite's own reader reads.  The header: no gettext
# placeholder, a fixed date (the same bytes from a copy with other file
# times), Plural-Forms; format flags; and the round trip: each game
# copied, its PO exported and imported, the folder diffed: identical,
# "0 translations taken".  Prints "ok - NAME" / "not ok - NAME".
T=out/test/potools
. tests/suite.sh

# The npm tools are the test's: missing, the suite fails, never skips.
if [ ! -d tests/npm/node_modules/gettext-parser ] ||
    [ ! -d tests/npm/node_modules/pofile ]; then
	notok "tests/npm/node_modules is missing: run sh .ci/setup (npm ci --prefix tests/npm)"
	echo "run-potools.sh: $pass passed, $fail failed"
	exit 1
fi

# Every bundled game's template and PO files, from its own deck.yaml.
files=
for d in cards/*/; do
	d=${d%/}
	g=${d#cards/}
	langs=$(sed -n 's/^languages: *\[\([^]]*\)\].*/\1/p' "$d/deck.yaml" |
	    tr ',' ' ')
	dp "pot-$g" strings "$d" --pot -o "$T/$g.pot"
	check "$g: the template is written" exits "pot-$g" 0
	files="$files $T/$g.pot"
	src=
	for l in $langs; do
		[ -n "$src" ] || { src=$l; continue; }
		dp "po-$g-$l" strings "$d" --lang "$l" --po -o "$T/$g-$l.po"
		check "$g $l: the PO file is written" exits "po-$g-$l" 0
		files="$files $T/$g-$l.po"
		echo "$g $l" >>"$T/pairs"
	done
done

# msgfmt -c: no error, no warning.
msgfmt_clean() {
	msgfmt -c -o /dev/null "$1" 2>"$1.msgfmt" && [ ! -s "$1.msgfmt" ] ||
	    { cat "$1.msgfmt"; return 1; }
}
for f in $files; do
	check "msgfmt -c: $(basename "$f") passes, stderr empty" msgfmt_clean "$f"
done

# The header: every field msgfmt -c asks for, none a placeholder.
header_ok() {
	f=$1 lang=$2
	sed -n '1,/^$/p' "$f" >"$f.head"
	! grep -q -e 'YEAR-MO-DA' -e 'FULL NAME' -e 'EMAIL@ADDRESS' \
	    -e 'LANGUAGE' -e 'PACKAGE VERSION' -e 'CHARSET' "$f.head" &&
	grep -qx '"POT-Creation-Date: 2024-01-01 00:00+0000\\n"' "$f.head" &&
	grep -qx '"PO-Revision-Date: 2024-01-01 00:00+0000\\n"' "$f.head" &&
	grep -qx "\"Language: $lang\\\\n\"" "$f.head" &&
	grep -qx '"Content-Type: text/plain; charset=UTF-8\\n"' "$f.head" &&
	grep -q '^"Plural-Forms: nplurals=[0-9]; plural=.*;\\n"$' "$f.head" ||
	    { cat "$f.head"; return 1; }
}
while read -r g l; do
	check "$g $l: header without placeholders, with dates, Language, Plural-Forms" \
	    header_ok "$T/$g-$l.po" "$l"
done <"$T/pairs"
src=$(sed -n 's/^languages: *\[ *\([^], ]*\).*/\1/p' cards/dataset/deck.yaml)
check "dataset.pot: header in the source language ($src)" header_ok \
    "$T/dataset.pot" "$src"

# Plural-Forms by language: French counts 0 as singular, German not.
cp -R tests/decks/data-chain "$T/dc"
dp po-fr strings "$T/dc" --lang fr --po -o "$T/dc-fr.po"
dp po-de strings "$T/dc" --lang de --po -o "$T/dc-de.po"
check "Plural-Forms: fr n > 1, de n != 1, both accepted by msgfmt -c" sh -c '
    grep -qx "\"Plural-Forms: nplurals=2; plural=(n > 1);\\\\n\"" "$1/dc-fr.po" &&
    grep -qx "\"Plural-Forms: nplurals=2; plural=(n != 1);\\\\n\"" "$1/dc-de.po" &&
    msgfmt -c -o /dev/null "$1/dc-fr.po" 2>"$1/fr.err" && [ ! -s "$1/fr.err" ]' \
    sh "$T"

# Every rule of the table is one msgfmt -c takes.
for l in pt-BR ru pl cs ja; do
	dp "po-$l" strings "$T/dc" --lang "$l" --po -o "$T/dc-$l.po"
	check "Plural-Forms of $l: msgfmt -c takes it" sh -c '
	    grep -q "^\"Plural-Forms: nplurals=[0-9]; plural=" "$1" &&
	    msgfmt -c -o /dev/null "$1" 2>"$1.err" && [ ! -s "$1.err" ] ||
	    { cat "$1.err"; grep Plural "$1"; exit 1; }' sh "$T/dc-$l.po"
done

# Deterministic: a copy whose files have other times gives the same bytes.
cp -R cards/dataset "$T/ds-copy"
find "$T/ds-copy" -exec touch -d '2031-05-06 07:08:09' {} +
dp po-copy strings "$T/ds-copy" --lang de --po -o "$T/ds-copy-de.po"
check "the same game with other file times: the same bytes" \
    cmp "$T/dataset-de.po" "$T/ds-copy-de.po"

# Format flags: a brace placeholder, python-brace-format; a %,
# no-c-format; each message flagged iff its msgid has one.
cat >"$T/po.py" <<'PY'
import json, re, sys

sys.path.insert(0, "tests/tools")
from poread import read_po, unq

# what poparse.mjs prints, read here
def dump(path):
    out = ["file " + path]
    msgs = read_po(path)
    for m in msgs:
        if m["msgid"] == "" and m["msgctxt"] is None:
            for h in m["msgstr"].split("\n"):
                k, _, v = h.partition(": ")
                if v:
                    out.append("header %s: %s" % (k, v))
            continue
        out.append(json.dumps([m["msgctxt"], m["msgid"], m["msgstr"],
            sorted(f for f in m["flags"] if f), "\n".join(m["notes"]),
            m["refs"]], ensure_ascii=False, separators=(",", ":")))
    return out

brace = re.compile(r"(?<!\\)\{(icon:|img:)?[^{}\s]+\}")

def flags(path):
    bad = []
    for m in read_po(path):
        if m["msgid"] == "":
            continue
        want = {"python-brace-format": bool(brace.search(m["msgid"])),
                "no-c-format": "%" in m["msgid"]}
        for f, on in want.items():
            if (f in m["flags"]) != on:
                bad.append("%s: %s %s" % (m["msgctxt"], f,
                    "missing" if on else "not wanted"))
    return bad

def rooms(path):
    return ["%s %s" % (m["msgctxt"], n) for m in read_po(path)
        for n in m["notes"] if n.startswith("Room:")]

def nonotes(path):
    # dump | tail -n +2 | sort, each message's notes left out
    out = []
    for l in sorted(dump(path)[1:]):
        if l.startswith("["):
            v = json.loads(l)
            l = json.dumps(v[:4] + v[5:], ensure_ascii=False)
        out.append(l + "\n")
    return out

def merged(po, mg, f):
    # PO MERGED: the messages without notes of each (PO.a, PO.b) the
    # same, and their rooms (PO.ra, PO.rb) the same; what differs into
    # f; 0 if nothing does
    import difflib
    a, b = nonotes(po), nonotes(mg)
    ra = "\n".join(rooms(po)) + "\n"
    rb = "\n".join(rooms(mg)) + "\n"
    for path, text in ((po + ".a", "".join(a)), (po + ".b", "".join(b)),
                       (po + ".ra", ra), (po + ".rb", rb)):
        with open(path, "w", encoding="utf-8") as o:
            o.write(text)
    if a != b:
        f.writelines(difflib.unified_diff(a, b, po + ".a", po + ".b"))
        return 1
    if ra != rb:
        f.write("%s.ra and %s.rb differ\n" % (po, po))
        return 1
    return 0

def counts(po):
    # the messages of PO and of its parts PO.done, PO.todo, PO.fuzzy
    # (todo and fuzzy 0 where msgattrib wrote none)
    import os
    cs = []
    for p in (po, po + ".done", "?" + po + ".todo", "?" + po + ".fuzzy"):
        if p.startswith("?"):
            p = p[1:]
            if not os.path.isfile(p):
                cs.append(0)
                continue
        cs.append(sum(1 for m in read_po(p) if m["msgid"] != ""))
    return cs

if sys.argv[1] == "flags":
    bad = flags(sys.argv[2])
    print("\n".join(bad))
    sys.exit(1 if bad else 0)
elif sys.argv[1] == "flagsdump":
    # DUMP FILE...: each FILE's wrong flags into FILE.flags, one a
    # line, then "N wrong" (no such last line: this broke off), and
    # the dump of them all into DUMP: the python3 of each file's flags
    # check and of the dump, in one
    with open(sys.argv[2], "w", encoding="utf-8") as d:
        for p in sys.argv[3:]:
            with open(p + ".flags", "w", encoding="utf-8") as f:
                bad = flags(p)
                f.write("".join(b + "\n" for b in bad))
                f.write("%d wrong\n" % len(bad))
            d.write("\n".join(dump(p)) + "\n")
elif sys.argv[1] == "pairs":
    # PO...: for each PO (its msgmerge and msgattrib run), what differs
    # between it and PO.merged into PO.merged.py, then "merged N", N 0
    # if nothing does (no such last line: this broke off), and its
    # counts into PO.counts: the two python3 of each PO's msgmerge and
    # msgattrib checks, in one for all; a PO whose files cannot be read
    # has that said in its own files, the others go on
    for po in sys.argv[2:]:
        with open(po + ".merged.py", "w", encoding="utf-8") as f:
            try:
                st = merged(po, po + ".merged", f)
            except Exception as e:
                f.write("%s\n" % e)
                st = 1
            f.write("merged %d\n" % st)
        with open(po + ".counts", "w", encoding="utf-8") as f:
            try:
                f.write(" ".join(str(c) for c in counts(po)) + "\n")
            except Exception as e:
                f.write("%s\n" % e)
PY
# said FILE LINE: FILE, which a python3 run for many checks wrote for
# one, ends in LINE (the outcome); else what it says is shown.
said() {
	[ -f "$1" ] || { echo "no $1"; return 1; }
	last=
	while IFS= read -r l; do
		last=$l
	done <"$1"
	[ "$last" = "$2" ] || { cat "$1"; return 1; }
}
# Every file's flags and the dump the npm readers are compared with
# below, by one python3 (not one a file and one more).
python3 "$T/po.py" flagsdump "$T/py.dump.raw" $files
for f in $files; do
	check "flags: $(basename "$f"): python-brace-format where braces, no-c-format where %" \
	    said "$f.flags" "0 wrong"
done
# A scratch Data Chain with a % in a body, beside a {name} and alone.
sed -i -e '/^  use-vpn:/,/body:/s/draw 5 new cards\./draw 5 new cards (50 % of a hand)./' \
    -e '/^  go-offline:/,/body:/s/each from any player\./each from any {team} player (100 %)./' \
    "$T/dc/text/en.yaml"
dp pct strings "$T/dc" --pot -o "$T/dc.pot"
check "a % alone: no-c-format; with {team}: python-brace-format, no-c-format; msgfmt -c clean" sh -c '
    grep -B1 "^msgctxt \"card/use-vpn/body\"" "$1/dc.pot" | grep -qx "#, no-c-format" &&
    grep -B1 "^msgctxt \"card/go-offline/body\"" "$1/dc.pot" |
    grep -qx "#, no-c-format, python-brace-format" &&
    python3 "$1/po.py" flags "$1/dc.pot" &&
    msgfmt -c -o /dev/null "$1/dc.pot" 2>"$1/pct.err" && [ ! -s "$1/pct.err" ]' \
    sh "$T"
# The flag makes the tools check the braces: a translation that drops
# {first} is refused by msgfmt -c.
awk '/^msgctxt "pack\/cards-note"/ { on = 1 }
    on && /^msgstr/ { on = 2 }
    on == 2 && sub(/\{first\}/, "eins") { on = 0 }
    /^$/ { on = 0 }
    { print }' "$T/dataset-de.po" >"$T/dropped.po"
check "a msgstr without {first}: msgfmt -c refuses it (the flag is read)" sh -c '
    ! cmp -s "$1/dataset-de.po" "$1/dropped.po" &&
    ! msgfmt -c -o /dev/null "$1/dropped.po" 2>"$1/dropped.err" &&
    grep -q "argument .first. doesn.t exist in .msgstr." "$1/dropped.err"' sh "$T"

# gettext-parser and pofile read what this suite's reader reads.
LC_ALL=C sort "$T/py.dump.raw" >"$T/py.dump"
# Both readers in one node (its start, 60 ms of CPU, once): each one's
# output into $T/READER.dump.raw, what it throws into $T/READER.err;
# node's own stderr into $T/node.err, which neither check allows.
node tests/tools/poparse.mjs --each "$T/" $files 2>"$T/node.err" || :
for p in gettext-parser pofile; do
	[ ! -s "$T/node.err" ] || cat "$T/node.err" >>"$T/$p.err"
	LC_ALL=C sort "$T/$p.dump.raw" >"$T/$p.dump" 2>>"$T/$p.err" || :
	check "$p (npm) reads every message, header and flag of every file as gettext writes them" \
	    sh -c 'diff "$1" "$2" >"$2.diff" && [ ! -s "$3" ] &&
	    [ "$(grep -c "^\[" "$2")" -gt 600 ] ||
	    { head -20 "$2.diff"; cat "$3"; exit 1; }' sh "$T/py.dump" "$T/$p.dump" \
	    "$T/$p.err"
done

# msgmerge: each PO merged with its template: clean, the same messages,
# translations and flags, the room notes the same (a room is the box's,
# the same number in the template and in every language; msgmerge
# gives every message the template's notes).  msgattrib: the
# translated and the fuzzy apart, each clean.  First every PO's
# msgmerge and msgattrib, then one python3 reads what all of them
# wrote (not two a PO), then each PO's two checks.
k=0
set --
while read -r g l; do
	k=$((k + 1))
	f=$T/$g-$l.po
	rc=0
	msgmerge --quiet -o "$f.merged" "$f" "$T/$g.pot" 2>"$f.merge.err" ||
	    rc=$?
	eval "merge_rc_$k=\$rc"
	rc=0
	{ msgattrib --translated --no-fuzzy -o "$f.done" "$f" &&
	    msgattrib --untranslated -o "$f.todo" "$f" &&
	    msgattrib --only-fuzzy -o "$f.fuzzy" "$f"; } 2>"$f.attrib.err" ||
	    rc=$?
	eval "attrib_rc_$k=\$rc"
	set -- "$@" "$f"
done <"$T/pairs"
python3 "$T/po.py" pairs "$@" || :

# merged K PO: PO's msgmerge (the K-th) clean, its output too, and the
# same messages and room notes as PO.
merged() {
	eval "rc=\$merge_rc_$1"
	[ "$rc" = 0 ] && [ ! -s "$2.merge.err" ] ||
	    { echo "msgmerge: exit $rc"; cat "$2.merge.err"; return 1; }
	msgfmt_clean "$2.merged" && said "$2.merged.py" "merged 0"
}
# attrib K PO: PO's msgattrib runs (the K-th) clean, each part written
# clean, their messages adding up to the PO's.
attrib() {
	eval "rc=\$attrib_rc_$1"
	[ "$rc" = 0 ] || { echo "msgattrib: exit $rc"; cat "$2.attrib.err"
	    return 1; }
	for x in done todo fuzzy; do
		[ ! -f "$2.$x" ] || msgfmt_clean "$2.$x" || return 1
	done
	# the four counts: the PO's, then each part's (todo and fuzzy 0
	# where msgattrib wrote none)
	cs=
	read -r cs <"$2.counts" || :
	case $cs in
	'' | *[!0-9\ ]*) echo "counts: $cs"; return 1 ;;
	esac
	# shellcheck disable=SC2086
	set -- $cs
	[ $# = 4 ] || { echo "counts: $cs"; return 1; }
	n=$1 a=$2 b=$3 c=$4
	[ $((a + b + c)) -eq "$n" ] && [ "$n" -gt 0 ] ||
	    { echo "$a + $b + $c of $n"; return 1; }
}
k=0
while read -r g l; do
	k=$((k + 1))
	check "msgmerge $g-$l.po $g.pot: clean, same translations, same room notes" \
	    merged "$k" "$T/$g-$l.po"
done <"$T/pairs"
k=0
while read -r g l; do
	k=$((k + 1))
	check "msgattrib $g-$l.po: translated, untranslated and fuzzy add up, each clean" \
	    attrib "$k" "$T/$g-$l.po"
done <"$T/pairs"

# The round trip: every game and language, exported, imported back
# from the unchanged file: the game's folder identical, 0 taken.
while read -r g l; do
	rm -rf "$T/rt-$g-$l"
	cp -R "cards/$g" "$T/rt-$g-$l"
	dp "rtpo-$g-$l" strings "$T/rt-$g-$l" --lang "$l" --po -o "$T/rt-$g-$l.po"
	dp "rtin-$g-$l" strings "$T/rt-$g-$l" --lang "$l" --from "$T/rt-$g-$l.po"
	check "$g $l: --po then --from: the folder identical, 0 taken" sh -c '
	    [ "$(cat "$1/rtin-$3-$4.rc")" = 0 ] && diff -r "cards/$3" "$2" &&
	    grep -q ": 0 translations taken (0 fuzzy, left stale), 0 cleared, 0 skipped$" \
	        "$1/rtin-$3-$4.out" &&
	    grep -q "(unchanged)$" "$1/rtin-$3-$4.out" ||
	    { cat "$1/rtin-$3-$4.out" "$1/rtin-$3-$4.err"; exit 1; }' \
	    sh "$T" "$T/rt-$g-$l" "$g" "$l"
	# the merged file too: msgmerge's rewrap changes nothing
	dp "rtmg-$g-$l" strings "$T/rt-$g-$l" --lang "$l" --from "$T/$g-$l.po.merged"
	check "$g $l: the msgmerged PO imported: the folder identical" sh -c '
	    [ "$(cat "$1/rtmg-$3-$4.rc")" = 0 ] && diff -r "cards/$3" "$2" &&
	    grep -q ": 0 translations taken" "$1/rtmg-$3-$4.out"' \
	    sh "$T" "$T/rt-$g-$l" "$g" "$l"
done <"$T/pairs"

echo "run-potools.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
