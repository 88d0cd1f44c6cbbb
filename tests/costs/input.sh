# shellcheck shell=sh
# Sourced by tests/run-costs.sh: the smaller faults of issue 32.
# Spreadsheet-safe CSV, terminal-safe messages, a PO file's language and
# size, new through a planted link, and numbers that are not finite.

I=$T/input
mkdir -p "$I/g/text"
printf 'game: t\nlanguages: [en, es]\nlayout: ./layout.yaml\ncards:\n  - {id: a}\n  - {id: b}\n  - {id: c}\n  - {id: d}\n  - {id: e}\n  - {id: f}\n  - {id: g}\n  - {id: h}\n' \
    >"$I/g/deck.yaml"
printf 'card: standard\nfront:\n  - {type: text, field: title, box_mm: [6, 6, 51, 20], size_pt: [8, 12]}\n' \
    >"$I/g/layout.yaml"
# What a spreadsheet would run, and what it would not.
cat >"$I/g/text/en.yaml" <<'YAML'
cards:
  a: {title: '=HYPERLINK("http://example.com/x","click")'}
  b: {title: "-2 points"}
  c: {title: "'=already guarded"}
  d: {title: "@SUM(1+1)"}
  e: {title: "-3"}
  f: {title: "+1.5"}
  g: {title: "'Tis the season"}
  h: {title: "\t=tabbed"}
YAML
printf 'cards:\n  a: {title: "+ una"}\n' >"$I/g/text/es.yaml"
for c in b c d e f g h; do printf '  %s: {title: "%s"}\n' "$c" "$c" >>"$I/g/text/es.yaml"; done

# --- export --csv, import --------------------------------------------
# csv_safe CSV: no cell a spreadsheet would run as a formula (= + - @,
# tab or CR first), but plain numbers; the guarded ones read back.
csv_safe() {
	python3 - "$1" <<'PY'
import csv, re, sys
bad = []
with open(sys.argv[1], encoding="utf-8-sig", newline="") as f:
    for row in csv.reader(f):
        for cell in row:
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and \
                    not re.fullmatch(r"[+-]?\d+(\.\d+)?", cell):
                bad.append(cell)
want = {"'=HYPERLINK(\"http://example.com/x\",\"click\")", "'-2 points",
        "''=already guarded", "'@SUM(1+1)", "-3", "+1.5", "'Tis the season",
        "'\t=tabbed", "'+ una"}
with open(sys.argv[1], encoding="utf-8-sig", newline="") as f:
    got = {c for row in csv.reader(f) for c in row}
missing = want - got
if bad or missing:
    print("formula-like cells:", bad, "cells not found:", missing)
    sys.exit(1)
PY
}
csv_out() {
	timed csv export "$I/g" --csv -o "$I/g.csv"
	exits csv 0 && csv_safe "$I/g.csv"
}
check "export --csv: a formula-like cell goes out after an apostrophe" \
    csv_out
csv_back() {
	rm -rf "$I/back"
	cp -R "$I/g" "$I/back"
	timed csvin import "$I/g.csv" --into "$I/back"
	exits csvin 0 || return 1
	diff -r -x import.state "$I/g" "$I/back"
}
check "import: export --csv's guarded cells come back unchanged" csv_back
# A spreadsheet user's own apostrophe before a formula is taken off too;
# one before ordinary text is the text's.
hand_csv() {
	rm -rf "$I/hand"
	cp -R "$I/g" "$I/hand"
	python3 - "$I/g.csv" "$I/hand.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8-sig", newline="")))
col = rows[0].index("title")
for r in rows:
    if r[0] == "a":
        r[col] = "'=1+2"
    if r[0] == "b":
        r[col] = "'plain"
csv.writer(open(sys.argv[2], "w", newline="")).writerows(rows)
PY
	timed hand import "$I/hand.csv" --into "$I/hand"
	exits hand 0 || return 1
	# Read back through export, whose guard is known from the tests above:
	# a title "=1+2" goes out as '=1+2, one still "'=1+2" as ''=1+2.
	timed handout export "$I/hand" --csv -o "$I/hand-again.csv"
	exits handout 0 || return 1
	python3 - "$I/hand-again.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8-sig", newline="")))
col = rows[0].index("title")
t = {r[0]: r[col] for r in rows[1:] if r[0] in ("a", "b")}
if t != {"a": "'=1+2", "b": "'plain"}:
    print(t)
    sys.exit(1)
PY
}
check "import: a leading apostrophe before a formula is the guard's" hand_csv

# --- terminal-safe messages ---------------------------------------------
# A text's card id, a layout's file name and a PO file's context, each
# with ESC (a terminal's escape) and U+009B (CSI, an escape to some):
# every message shows them written out, in text and in --json.
mkdir -p "$I/esc/text"
printf 'game: t\nlanguages: [en, es]\nlayout: "./l\\e]0;owned\\a.yaml"\ncards:\n  - {id: one}\n' \
    >"$I/esc/deck.yaml"
printf 'card: standard\nfront:\n  - {type: text, field: title, box_mm: [6, 6, 51, 20], size_pt: [8, 12], colour: red}\n' \
    >"$I/esc/$(printf 'l\033]0;owned\007.yaml')"
printf 'cards:\n  one: {title: "One"}\n  "tw\\eo\\u009b": {title: "x"}\n' \
    >"$I/esc/text/en.yaml"
printf 'cards:\n  one: {title: "Uno"}\n' >"$I/esc/text/es.yaml"
# no_escapes FILE WANT...: FILE has no C0 control but newline, no DEL,
# no C1, and has each WANT (a fixed string).
no_escapes() {
	f=$1
	shift
	python3 - "$f" "$@" <<'PY' || return 1
import sys
b = open(sys.argv[1], "rb").read()
t = b.decode("utf-8")
bad = [hex(ord(c)) for c in t if (ord(c) < 32 and c != "\n") or
       0x7f <= ord(c) < 0xa0]
missing = [w for w in sys.argv[2:] if w not in t]
if bad or missing:
    print("control characters:", bad, "missing:", missing)
    print(t)
    sys.exit(1)
PY
}
timed esc check "$I/esc"
check "check: a card id's ESC and CSI written out in the message" \
    no_escapes "$T/esc.err" "'tw\\x1boU+009B'" "l\\x1b]0;owned\\x07.yaml:"
timed escj check "$I/esc" --json
check "check --json: the same, as text a program prints safely" \
    no_escapes "$T/escj.out" "'tw\\\\x1boU+009B'" "l\\\\x1b]0;owned\\\\x07.yaml"
cat >"$I/esc.po" <<'PO'
msgid ""
msgstr ""
"Language: es\n"
"Content-Type: text/plain; charset=UTF-8\n"

msgctxt "card/one\e[2J/title"
msgid "One"
msgstr "Uno\e[2J"
PO
sed -i 's/\\e/\x1b/g' "$I/esc.po"
timed escpo check "$I/esc" --lang es --from "$I/esc.po"
check "check --from: a PO context's ESC written out in the message" \
    no_escapes "$T/escpo.err" "one\\x1b[2J"

# --- a PO file's language and size ----------------------------------------
mkdir -p "$I/po/text"
cp "$I/g/deck.yaml" "$I/g/layout.yaml" "$I/po/"
cp "$I/g/text/en.yaml" "$I/g/text/es.yaml" "$I/po/text/"
cp "$I/po/text/es.yaml" "$I/es.was"
# po_files [po FILE LANG N | big FILE BYTES]...: the PO files below,
# written by one python3 (a start costs more than most take to write):
#   po FILE LANG N   a PO file of language LANG whose header is followed
#                    by N messages (the card 'a' first, then contexts
#                    the deck does not have)
#   big FILE BYTES   a PO file of BYTES bytes, its one message after a
#                    long comment
po_files() {
	python3 - "$@" <<'PY'
import sys

def po(path, lang, n):
    with open(path, "w") as f:
        f.write('msgid ""\nmsgstr ""\n"Language: %s\\n"\n'
                '"Content-Type: text/plain; charset=UTF-8\\n"\n' % lang)
        f.write('\nmsgctxt "card/a/title"\nmsgid "=HYPERLINK(\\"http://example.com/x\\",\\"click\\")"\nmsgstr "Uno"\n')
        for i in range(1, n):
            f.write('\nmsgctxt "card/x%d/title"\nmsgid "a"\nmsgstr "b"\n' % i)

def big(path, size):
    head = 'msgid ""\nmsgstr ""\n"Language: es\\n"\n\n'
    tail = 'msgctxt "card/a/title"\nmsgid "x"\nmsgstr "Uno"\n'
    line = "#. " + "c" * 76 + "\n"
    body = size - len(head) - len(tail)
    n, rest = divmod(body, len(line))
    with open(path, "w") as f:
        f.write(head + line * n + "#" * (rest - 1) + "\n" + tail)

a = sys.argv[1:]
while a:
    if a[0] == "po":
        po(a[1], a[2], int(a[3]))
        a = a[4:]
    else:
        big(a[1], int(a[2]))
        a = a[3:]
PY
}
po_files po "$I/de.po" de 1 po "$I/es.po" es_ES 1 po "$I/many.po" es 50001 \
    po "$I/full.po" es 50000 big "$I/big.po" $((8 << 20)) \
    big "$I/over.po" $(((8 << 20) + 1))
# lang_refused TAG CMD...: the run says the file is German, not 'es'.
lang_refused() {
	refused "$1" "^$I/de.po:3:1: error: this file is in 'de' \(its header's Language:\), not 'es' as --lang asks$" &&
	    cmp "$I/es.was" "$I/po/text/es.yaml"
}
timed de strings "$I/po" --lang es --from "$I/de.po"
check "strings --from: a German PO file is not taken as Spanish" lang_refused de
timed dechk check "$I/po" --lang es --from "$I/de.po"
check "check --from: a German PO file is not checked as Spanish" lang_refused dechk
timed esES strings "$I/po" --lang es --from "$I/es.po"
check "strings --from: Language: es_ES translates 'es'" sh -c '
    grep -q "title: Uno" "$1/text/es.yaml"' sh "$I/po"
cp "$I/es.was" "$I/po/text/es.yaml"
# The bounds (deckpress(5), LIMITS): 50 000 messages, 8 MiB.  One more
# message is refused at its line before libgettextpo reads anything; at
# the bound, the file is read in under a second and 200 MB.
timed many strings "$I/po" --lang es --from "$I/many.po"
check "strings --from: 50 001 messages refused at the last one, cheaply" \
    refused many "^$I/many.po:200006:1: error: more than the 50000 messages a PO file may have$"
timed full check "$I/po" --lang es --from "$I/full.po"
# Contexts the deck does not have are warnings, counted.
full_ok() {
	exits full 0 && cheap full &&
	    grep -q "and 49979 more 'po' warnings" "$T/full.err" ||
	    { tail -3 "$T/full.err"; return 1; }
}
check "check --from: 50 000 messages read in under a second and 200 MB" \
    full_ok
timed big check "$I/po" --lang es --from "$I/big.po"
big_ok() { exits big 0 && cheap big; }
check "check --from: a PO file of 8 MiB read in under a second and 200 MB" \
    big_ok
timed over strings "$I/po" --lang es --from "$I/over.po"
check "strings --from: a PO file of 8 MiB and a byte refused unread" \
    refused over "^$I/over.po: error: 8388609 bytes, more than the 8388608 a PO file may have$"

# --- new through a planted link ------------------------------------------
# As -o does: new refuses a game folder that is, or lies through, a
# symbolic link another user planted in a sticky world-writable folder
# (/tmp), and leaves the folder it names empty.  Planting a link of
# another user needs root.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	S=$I/sticky
	mkdir -p "$S" "$I/victim" "$I/victim2"
	chmod 1777 "$S"
	ln -s ../victim "$S/quest"
	ln -s ../victim2 "$S/via"
	chown -h nobody "$S/quest" "$S/via"
	nuid=$(id -u nobody)
	planted_new() {
		refused_with 3 "$1" "^$2: error: cannot write: it is a symbolic link of another user \(uid $nuid\) in $S, a sticky world-writable folder" &&
		    [ -z "$(ls -A "$3")" ] || { ls -A "$3"; return 1; }
	}
	timed newq new "$S/quest"
	check "new: another user's link in a sticky folder refused, nothing made" \
	    planted_new newq "$S/quest" "$I/victim"
	timed newv new "$S/via/quest"
	check "new: a game folder through another user's link refused" \
	    planted_new newv "$S/via" "$I/victim2"
	ln -s ../victim "$S/mine"
	timed newm new "$S/mine"
	check "new: through root's own link in the sticky folder, made" \
	    sh -c 'test -f "$1/deck.yaml"' sh "$I/victim"
else
	echo "ok - new: another user's planted link refused # SKIP planting a link of another user (nobody) needs root"
fi

# --- numbers that are not finite ------------------------------------------
# nan and inf are no number a layout takes: refused at the key.
mkdir -p "$I/nan/text"
printf 'game: t\nlanguages: [en]\nlayout: ./layout.yaml\ncards:\n  - {id: one}\n' \
    >"$I/nan/deck.yaml"
printf 'cards:\n  one: {title: One}\n' >"$I/nan/text/en.yaml"
# nan_at TAG ELEMENT WANT: the layout whose front is ELEMENT is refused
# with WANT.
nan_at() {
	printf 'card: standard\nfront:\n  - %s\n' "$2" >"$I/nan/layout.yaml"
	timed "$1" cards "$I/nan" -o "$T/$1.pdf"
	refused "$1" "$3"
}
check "a gradient stop's offset of nan is refused at the stop" nan_at \
    gradnan '{type: rect, box_mm: [0, 0, 10, 10], fill: {linear: 0, stops: ["#ff0000 nan", "#0000ff 1"]}}' \
    "layout.yaml:3:.*: error: .*a stop is .*not '#ff0000 nan'"
check "a gradient stop's offset [colour, .nan] is refused" nan_at \
    gradnan2 '{type: rect, box_mm: [0, 0, 10, 10], fill: {linear: 0, stops: [["#ff0000", .nan], ["#0000ff", 1]]}}' \
    "layout.yaml:3:.*: error: .*must be a number, not '.nan'"
check "a size of inf is refused at the key" nan_at \
    sizeinf '{type: text, field: title, box_mm: [6, 6, 51, 20], size_pt: inf}' \
    "layout.yaml:3:.*: error: .*not 'inf'"
check "a box of nan is refused at the key" nan_at \
    boxnan '{type: rect, box_mm: [nan, 0, 10, 10], fill: "#000000"}' \
    "layout.yaml:3:.*: error: .*not 'nan'"
