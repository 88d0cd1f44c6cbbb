#!/bin/sh
# covers: po, strings, check, translations, components
# PO files out (issue 24): 'deckpress strings --pot' and '--po' of Data
# Chain (the tests' own copy, tests/decks/data-chain), read back by
# gettext's msgfmt and by a small PO reader here: every string once
# with its context and its source's file:line, the Spanish translations
# as msgstr, a changed English body fuzzy with its old English as
# "#| msgid", the same bytes twice, nothing written into the game; and
# the room each note gives a box measured against the renderer: the
# longest text of that many characters 'deckpress check' lets fit,
# found by bisection, within 15 %.  Prints "ok - NAME" / "not ok - NAME".
T=out/test/po
. tests/suite.sh
G=tests/decks/data-chain

# The PO reader and the text files' reader the checks share: a PO's
# messages as (msgctxt, msgid, msgstr, flags, prev msgid, notes, refs),
# tests/tools/poread.py's, as run-potools.sh reads them; a text file's "id: {field: value}" and "pack: {field: value}" with the
# line of each value.
cat >"$T/po.py" <<'EOF'
import json, re, sys

sys.path.insert(0, "tests/tools")
from poread import read_po, unq

def read_texts(path):
    """{context: (value, line)} of a flat text file like Data Chain's."""
    out, card, section = {}, None, None
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if re.match(r"^[a-z]+:$", line):
            section = line[:-1]
            continue
        m = re.match(r"^  ([a-z0-9-]+):$", line)
        if m and section == "cards":
            card = m.group(1)
            continue
        m = re.match(r"^( {2,4})([a-z0-9-]+): (.*)$", line)
        # source: and same: are the file's own records, not strings
        if not m or m.group(2) in ("source", "same"):
            continue
        v = m.group(3)
        v = unq(v) if v.startswith('"') else v
        if section == "cards" and len(m.group(1)) == 4:
            out["card/%s/%s" % (card, m.group(2))] = (v, n)
        elif section == "pack" and len(m.group(1)) == 2:
            out["pack/%s" % m.group(2)] = (v, n)
    return out
EOF

# 1. The template: msgfmt accepts it, every string of text/en.yaml once.
dp pot strings $G --pot -o "$T/dc.pot"
check "strings --pot exits 0 and says how many messages" sh -c '
    [ "$(cat "$1.rc")" = 0 ] && grep -q "88 messages, 0 fuzzy, 88 untranslated" "$1.out"' \
    sh "$T/pot"
check "msgfmt --check-format -c accepts the template" \
    msgfmt --check-format -c -o /dev/null "$T/dc.pot"
check "the template: every string of text/en.yaml once, with its context and file:line" \
    python3 -c '
import sys; sys.path.insert(0, sys.argv[1]); from po import *
msgs = read_po(sys.argv[2]); want = read_texts(sys.argv[3])
seen = {}
for m in msgs:
    if m["msgid"] == "":
        continue
    seen.setdefault(m["msgctxt"], []).append(m)
bad = 0
for ctx, (val, line) in want.items():
    got = seen.get(ctx, [])
    if len(got) != 1 or got[0]["msgid"] != val or got[0]["msgstr"] != "" or \
       got[0]["refs"] != ["text/en.yaml:%d" % line]:
        print(ctx, "expected once as", repr(val), "at line", line, "got", got)
        bad += 1
cards = [c for c in want if c.startswith("card/")]
if len(cards) != 62 or bad:
    print(len(cards), "card strings"); sys.exit(1)
' "$T" "$T/dc.pot" "$G/text/en.yaml"
check "the template: a note names the card, its attributes and the room" \
    python3 -c '
import sys; sys.path.insert(0, sys.argv[1]); from po import *
m = [m for m in read_po(sys.argv[2]) if m["msgctxt"] == "card/steal/body"][0]
want = ["Card \"Steal\" (kind: action)", "Room: about "]
if not (m["notes"][0] == want[0] and m["notes"][1].startswith(want[1])):
    print(m["notes"]); sys.exit(1)
' "$T" "$T/dc.pot"
check "the template: a pack string lists the markup it must keep" sh -c '
    grep -B4 "msgctxt \"pack/printing\"" "$1" | grep -qx "#\. Keep: \*\*bold\*\*" &&
    grep -B6 "msgctxt \"pack/cards-note\"" "$1" | grep -qx "#\. Keep: {first}, {last}"' \
    sh "$T/dc.pot"
dp pot2 strings $G --pot -o -
check "the same bytes twice, to a file and to standard output" \
    cmp "$T/dc.pot" "$T/pot2.out"

# 2. Spanish: every translation a msgstr; nothing written in the game.
cp -R $G "$T/game"
(cd "$T/game" && find . -type f | sort | xargs md5sum) >"$T/game.before"
dp es strings "$T/game" --po --lang es -o "$T/es.po"
check "strings --po --lang es: 88 messages, none fuzzy, none untranslated" sh -c '
    [ "$(cat "$1.rc")" = 0 ] && grep -q "88 messages, 0 fuzzy, 0 untranslated" "$1.out"' \
    sh "$T/es"
check "msgfmt --check-format -c accepts the Spanish PO" \
    msgfmt --check-format -c -o /dev/null "$T/es.po"
check "every Spanish translation of text/es.yaml is its message's msgstr" \
    python3 -c '
import sys; sys.path.insert(0, sys.argv[1]); from po import *
msgs = {m["msgctxt"]: m for m in read_po(sys.argv[2])}
es = read_texts(sys.argv[3]); bad = 0
for ctx, (val, line) in es.items():
    if ctx not in msgs or msgs[ctx]["msgstr"] != val or "fuzzy" in msgs[ctx]["flags"]:
        print(ctx, repr(val), msgs.get(ctx)); bad += 1
if len(es) < 62 or bad: sys.exit(1)
' "$T" "$T/es.po" "$G/text/es.yaml"
(cd "$T/game" && find . -type f | sort | xargs md5sum) >"$T/game.after"
check "strings --po writes nothing into the game's folder" \
    cmp "$T/game.before" "$T/game.after"
(cd "$T" && $WRAP ../../../deckpress strings game --po --lang es) \
    >"$T/default.out" 2>&1 || true
check "strings --po writes out/GAME-LANG.po by default" \
    cmp "$T/es.po" "$T/out/data-chain-es.po"

dp fr strings "$T/game" --po --lang fr -o "$T/fr.po"
check "strings --po --lang fr, a language deck.yaml lacks: every card's msgstr empty" \
    python3 -c '
import sys; sys.path.insert(0, sys.argv[1]); from po import *
msgs = read_po(sys.argv[2])
cards = [m for m in msgs if (m["msgctxt"] or "").startswith("card/")]
if len(cards) != 62 or any(m["msgstr"] for m in cards) or \
   "Language: fr\n" not in msgs[0]["msgstr"]:
    print(len(cards), msgs[0]); sys.exit(1)
' "$T" "$T/fr.po"

# 3. A changed English body: its Spanish message fuzzy, the old English
# as the previous msgid.
sed -i 's/^    body: Steal a random card from a rival'"'"'s hand\.$/    body: Steal two random cards from a rival'"'"'s hand./' \
    "$T/game/text/en.yaml"
dp stale strings "$T/game" --po --lang es -o "$T/stale.po"
check "a changed English body: its Spanish message fuzzy, #| msgid the old English" \
    python3 -c '
import sys; sys.path.insert(0, sys.argv[1]); from po import *
msgs = read_po(sys.argv[2])
fz = [m for m in msgs if "fuzzy" in m["flags"]]
m = [m for m in msgs if m["msgctxt"] == "card/steal/body"][0]
ok = (len(fz) == 1 and fz[0] is m and
    m["prev"] == "Steal a random card from a rival\x27s hand." and
    m["msgid"] == "Steal two random cards from a rival\x27s hand." and
    m["msgstr"] != "")
if not ok: print(len(fz), m); sys.exit(1)
' "$T" "$T/stale.po"
check "msgfmt --check-format -c accepts the PO with a fuzzy message" \
    msgfmt --check-format -c -o /dev/null "$T/stale.po"

# 3b. Translated in the PO (its fuzzy flag and previous source cleared,
# as a PO editor does), then imported: the stale report clears, and
# only that string of text/es.yaml changes.
python3 - "$T/stale.po" "$T/fixed.po" <<'PY'
import sys
out, skip, ctx = [], False, None
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("#, fuzzy") or line.startswith("#| "):
        continue
    if line.startswith("msgctxt "):
        ctx = line.split(" ", 1)[1].strip()
    if ctx == '"card/steal/body"' and line.startswith("msgstr "):
        line = 'msgstr "Roba dos cartas al azar de la mano de un rival."\n'
        skip = True
    elif skip and line.startswith('"'):
        continue
    else:
        skip = False
    out.append(line)
open(sys.argv[2], "w", encoding="utf-8").write("".join(out))
PY
cp "$T/game/text/es.yaml" "$T/es-before.yaml"
dp stalecheck check "$T/game" --lang es
dp fixed strings "$T/game" --lang es --from "$T/fixed.po"
dp fixedcheck check "$T/game" --lang es
check "the changed body, translated in the PO and imported: check reported it stale, now nothing is" \
    sh -c 'grep -q "card/steal\|steal" "$1/stalecheck.err" &&
    grep -qi stale "$1/stalecheck.err" && [ "$(cat "$1/fixed.rc")" = 0 ] &&
    ! grep -qi stale "$1/fixedcheck.err"' sh "$T"
check "the import changed that one string of text/es.yaml (and its source hash)" \
    sh -c 'diff "$1/es-before.yaml" "$1/game/text/es.yaml" | grep "^[<>]" |
    grep -v -e "source:" -e "# en" -e STALE | grep -c . | grep -qx 2 &&
    grep -q "Roba dos cartas al azar de la mano de un rival" "$1/game/text/es.yaml"' sh "$T"

# 3c. The round trip: the bundled Spanish exported and imported again
# changes no byte of text/es.yaml.
cp -R $G "$T/trip"
dp trippo strings "$T/trip" --lang es --po -o "$T/trip.po"
dp tripin strings "$T/trip" --lang es --from "$T/trip.po"
check "Data Chain es: --po then --from changes no byte of text/es.yaml" \
    sh -c '[ "$(cat "$1/tripin.rc")" = 0 ] && cmp "$2/text/es.yaml" "$1/trip/text/es.yaml" &&
    grep -q "(unchanged)" "$1/tripin.out"' sh "$T" "$G"

# 3d. Every script: the quiz in Arabic, Japanese and Greek, half
# translated (its pack strings not yet).  --po then --from changes no
# byte of the text file, and the PO written again after the import is
# the same bytes: right-to-left text, CJK and Greek kept as they are.
S=$T/scripts
rm -rf "$S"
cp -R tests/decks/quiz "$S"
rm -f "$S/text/fr.yaml" "$S/rules/fr.md"
sed -i 's/^languages: .*/languages: [en, ar, ja, el]/' "$S/deck.yaml"
tr_file() {
	printf 'cards:\n  gravity:\n    question: %s\n  waterloo:\n    question: %s\n  photosynthesis:\n    question: %s\nvalues:\n  category:\n    science: %s\n    history: %s\n' \
	    "$2" "$3" "$4" "$5" "$6" >"$S/text/$1.yaml"
}
tr_file ar 'ما القوة التي تجذب التفاحة نحو الأرض؟' 'في أي عام دارت معركة واترلو؟' \
    'ماذا تصنع النباتات من الضوء والماء والهواء؟' 'علوم' 'تاريخ'
tr_file ja 'りんごを地面に引き寄せる力は何ですか？' 'ワーテルローの戦いは何年に行われましたか？' \
    '植物は光と水と空気から何を作りますか？' '科学' '歴史'
tr_file el 'Ποια δύναμη τραβά ένα μήλο προς το έδαφος;' 'Ποια χρονιά έγινε η μάχη του Βατερλώ;' \
    'Τι φτιάχνουν τα φυτά από φως, νερό και αέρα;' 'Επιστήμη' 'Ιστορία'
script_trip() {
	./deckpress strings "$S" --lang "$1" >/dev/null &&
	    cp "$S/text/$1.yaml" "$T/$1-before.yaml" &&
	    ./deckpress strings "$S" --lang "$1" --po -o "$T/$1-1.po" >/dev/null &&
	    ./deckpress strings "$S" --lang "$1" --from "$T/$1-1.po" >/dev/null &&
	    cmp "$T/$1-before.yaml" "$S/text/$1.yaml" &&
	    ./deckpress strings "$S" --lang "$1" --po -o "$T/$1-2.po" >/dev/null &&
	    cmp "$T/$1-1.po" "$T/$1-2.po" &&
	    grep -qF "$2" "$T/$1-1.po" && msgfmt --check-format -c -o /dev/null "$T/$1-1.po"
}
check "Arabic: --po then --from changes no byte; the PO again is the same bytes" \
    script_trip ar 'msgstr "ما القوة التي تجذب التفاحة نحو الأرض؟"'
check "Japanese: --po then --from changes no byte; the PO again is the same bytes" \
    script_trip ja 'msgstr "りんごを地面に引き寄せる力は何ですか？"'
check "Greek: --po then --from changes no byte; the PO again is the same bytes" \
    script_trip el 'msgstr "Ποια δύναμη τραβά ένα μήλο προς το έδαφος;"'

# 4. Refused: nothing written.
dp src strings $G --po --lang en -o "$T/src.po"
check "strings --po --lang en (the source): usage error, nothing written" sh -c '
    [ "$(cat "$1.rc")" = 2 ] && grep -q "is the source language" "$1.err" &&
    [ ! -e "$2" ]' sh "$T/src" "$T/src.po"
dp potlang strings $G --pot --lang es
check "strings --pot --lang es: usage error" exits potlang 2
dp full strings $G --pot -o /dev/full
check "strings --pot -o /dev/full: an I/O error, exit 3" sh -c '
    [ "$(cat "$1.rc")" = 3 ] && grep -q "cannot write" "$1.err"' sh "$T/full"
# libgettextpo reports no failed write: the file read back catches it.
rc=0
(ulimit -f 4 && $WRAP ./deckpress strings $G --pot -o "$T/short.pot") \
    >"$T/short.out" 2>"$T/short.err" || rc=$?
check "strings --pot under a 4 KiB file size limit: exit 3, no file, no temporary" sh -c '
    [ "$2" = 3 ] && grep -q "short.pot: cannot write: it came out incomplete" "$1.err" &&
    [ -z "$(ls "$3" | grep short.pot)" ]' sh "$T/short" "$rc" "$T"
cp "$T/game/text/es.yaml" "$T/es-input.yaml"
dp input strings "$T/game" --po --lang es -o "$T/game/text/es.yaml"
check "strings --po -o the game's text/es.yaml: refused (an input), unchanged" sh -c '
    [ "$(cat "$1.rc")" = 3 ] && grep -q "one of this run.s inputs" "$1.err" &&
    cmp -s "$2" "$3"' sh "$T/input" "$T/game/text/es.yaml" "$T/es-input.yaml"
mkdir "$T/dir.po"
dp isdir strings $G --pot -o "$T/dir.po"
check "strings --pot -o FOLDER: refused, exit 3" exits isdir 3

cp -R $G "$T/broken"
printf '  steal: {title: [\n' >>"$T/broken/text/es.yaml"
dp broken strings "$T/broken" --po --lang es -o "$T/broken.po"
check "strings --po with errors in text/es.yaml: exit 1, nothing written" sh -c '
    [ "$(cat "$1.rc")" = 1 ] && grep -q "es.yaml:[0-9]*:[0-9]*: error: " "$1.err" &&
    grep -q "nothing written" "$1.err" && [ ! -e "$2" ]' \
    sh "$T/broken" "$T/broken.po"

# A game of several components: their strings, the attribute values.
dp sp strings cards/serious-privacy --pot -o "$T/sp.pot"
check "serious-privacy's template: msgfmt -c accepts it" \
    msgfmt --check-format -c -o /dev/null "$T/sp.pot"
check "serious-privacy: values/ATTR/VALUE and components/KIND/FIELD, with their boxes' room" \
    python3 -c '
import sys; sys.path.insert(0, sys.argv[1]); from po import *
msgs = {m["msgctxt"]: m for m in read_po(sys.argv[2])}
v = msgs.get("values/sector/government"); k = msgs.get("components/harm/deck")
c = [m for x, m in msgs.items() if x and x.startswith("card/")][0]
room = lambda m: any(n.startswith("Room: about ") for n in m["notes"])
ok = (v and v["msgid"] == "Government" and k and k["msgid"] == "Harm" and
    room(k) and room(v) and
    c["notes"][0].startswith("Component \x27"))
if not ok: print(v, k, c["notes"]); sys.exit(1)
' "$T" "$T/sp.pot"

# 5. The room: the longest text of English prose 'deckpress check' fits
# in the box, found by bisection, against the note's room.  The four
# texts are bisected side by side, each run of check trying a length of
# each: in Data Chain's layout each is a box of its own (box_mm), which
# nothing else in it flows into, and check says which text of which
# card does not fit, so what one run finds of one text is what a run
# of its own finds (9 runs of check, not 32).
cat >"$T/room.py" <<'EOF'
import json, re, subprocess, sys
sys.path.insert(0, sys.argv[1]); from po import *
T, pot, game = sys.argv[1], sys.argv[2], sys.argv[3]
msgs = {m["msgctxt"]: m for m in read_po(pot)}
src = open(game + "/text/en.yaml", encoding="utf-8").read()
texts = read_texts(game + "/text/en.yaml")
# Representative prose: the deck's other card bodies, in turn.
prose = " ".join(v for c, (v, n) in sorted(texts.items())
                 if c.endswith("/body"))
prose = (prose + " ") * 20

def fitting(trial):
    """{(card, field): n}: those whose first n characters of prose fit,
    each written in its field (the others as they were), in one run."""
    lines = src.split("\n")
    for (card, field), n in trial.items():
        line = texts["card/%s/%s" % (card, field)][1]
        lines[line - 1] = "    %s: %s" % (field, json.dumps(
            prose[:n].rstrip(), ensure_ascii=False))
    open(game + "/text/en.yaml", "w", encoding="utf-8").write(
        "\n".join(lines))
    r = subprocess.run(["./deckpress", "check", game, "--lang", "en"],
                       capture_output=True, text=True)
    return {k for k in trial
            if "card '%s' (en): %s does not fit" % k not in r.stderr}

keys = [("adjust-privacy-settings", "body"), ("steal", "body"),
        ("adjust-privacy-settings", "title"), ("steal", "title")]
room, lo, hi, said = {}, {}, {}, {}
for k in keys:
    note = [x for x in msgs["card/%s/%s" % k]["notes"]
            if x.startswith("Room: ")][0]
    room[k] = int(re.search(r"about (\d+) ", note).group(1))
    # Within 15 % if the text 15 % shorter fits and 15 % longer does
    # not; the bisection between them gives the number.
    lo[k], hi[k] = int(room[k] / 1.15), int(room[k] * 1.15) + 1
fit_lo = fitting({k: lo[k] for k in keys})
fit_hi = fitting({k: hi[k] for k in keys})
bad = 0
for k in keys:
    if k not in fit_lo or k in fit_hi:
        said[k] = "%s %s: room %d, not within 15 %%" % (k + (room[k],))
        bad += 1
left = [k for k in keys if k not in said]
while True:
    trial = {k: (lo[k] + hi[k]) // 2 for k in left if hi[k] - lo[k] > 1}
    if not trial:
        break
    fit = fitting(trial)
    for k, mid in trial.items():
        lo[k], hi[k] = (mid, hi[k]) if k in fit else (lo[k], mid)
for k in left:
    off = 100.0 * (room[k] - lo[k]) / lo[k]
    said[k] = "%s %s: room %d, fits %d: %+.1f %%" % (k + (room[k], lo[k],
                                                          off))
    bad += abs(off) > 15
for k in keys:
    print(said[k])
open(game + "/text/en.yaml", "w", encoding="utf-8").write(src)
sys.exit(bad > 0)
EOF
rm -rf "$T/room"
cp -R $G "$T/room"
check "the room of two bodies and two titles: within 15 % of what fits" sh -c '
    python3 "$1/room.py" "$1" "$1/dc.pot" "$1/room" >"$1/room.log" 2>&1
    rc=$?; cat "$1/room.log"; exit $rc' sh "$T"
sed 's/^/    /' "$T/room.log"

summary po
