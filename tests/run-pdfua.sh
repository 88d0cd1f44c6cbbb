#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: pdf-ua, tagged-pdf, links, searchable-text, saddle-stitch,
# check, booklet, pack, cards, determinism
#
# PDF/UA-1 (issue 38, part 1).  tests/tools/uacheck.py, the checker of
# the Matterhorn protocol's machine-checkable checkpoints, passes every
# bundled booklet (A4 and folded A5), pack (duplex long, short, none and
# fold) and card sheet, in every language; each of its checkpoints,
# broken in a bundled PDF that passes it (tests/tools/uamutate.py),
# fails.  Read as Firefox reads them (pdf.js, tests/tools/pdfjsread.mjs,
# which needs tests/npm/node_modules: npm ci --prefix tests/npm), the
# Data Chain pack's index entries and [[card:]] references are each one
# link named by its text (the entry, the card's title) whose Link
# element holds that text, a reference that wraps one link over its
# two pieces; no booklet reads a word in two pieces where a line-end
# hyphen broke it (its text a soft hyphen, U+00AD), a word's own hyphen
# at a line end stays; the folded A5 booklet reads the A4 booklet's
# words in the same order (its whole structure tree,
# tests/tools/uawords.py).  check warns, file:line:col, of a layout
# image with neither alt: nor decorative: true, a booklet image with no
# alt text and a skipped heading level, and the pack of such a game
# claims no PDF/UA; alt: on an icon is the card's Figure with its alt
# text, an empty alt: or one on a decorative picture an error.  Every
# PDF comes out the same bytes twice.  Prints "ok - NAME" /
# "not ok - NAME".
#
# Each tool runs once for all the PDFs it reads (uacheck.py and
# uawords.py --each, uamutate.py --each, pdfjsread.mjs -o), its output
# a file a PDF that each check reads: starting Python or loading pdf.js
# costs more than reading one PDF.
#
# usage: sh tests/run-pdfua.sh    (from the repo root)
T=out/test/pdfua
. tests/suite.sh

ua() { python3 tests/tools/uacheck.py "$@"; }
js() { node tests/tools/pdfjsread.mjs "$@"; }

# checked PDF: uacheck.py --each wrote PDF's report, PDF.ua.
checked() {
	[ -f "$1.ua" ] && return 0
	echo "no report of $1:"
	cat "$T/ua.out"
	return 1
}
# passes PDF: every checkpoint passes (its report ends "PDF: 0 failed").
# (Read by the shell, not tail and grep: 42 PDFs, three processes each.)
passes() {
	checked "$1" || return 1
	last=
	failed=
	while IFS= read -r l; do
		last=$l
		case $l in FAIL*) failed=1 ;; esac
	done <"$1.ua"
	[ "$last" = "$1: 0 failed" ] && [ -z "$failed" ] ||
	    { grep -v '^PASS' "$1.ua"; return 1; }
}

# Every bundled booklet, pack and card sheet.
# Under tests/run-all.sh the bundled games' card sheets, packs (duplex
# long, the default) and A4 booklets are rendered once for all the
# suites that read them (suite.sh, bundled_render: deckpress all and
# booklet, the same bytes as the runs here); they are taken from
# there, into $T/all.  Alone, the suite renders every PDF itself.
if [ -n "${DECKPRESS_TEST_SHARED-}" ] && [ -d "$DECKPRESS_TEST_SHARED" ]; then
	bundled_render booklets
fi
# shared NAME TO: the shared render's $T/all/NAME, if there is one,
# moved to TO.
shared() { [ -f "$T/all/$1" ] && mv "$T/all/$1" "$2"; }
# (Names from the paths by the shell, not basename: a process each.)
for d in cards/*/; do
	g=${d%/}
	g=${g##*/}
	for md in "$d"rules/*.md; do
		l=${md##*/}
		l=${l%.md}
		shared "$g-$l-rules.pdf" "$T/$g-$l-rules.pdf" ||
		    dp "b-$g-$l" booklet "$d" --lang "$l" \
		    -o "$T/$g-$l-rules.pdf"
		dp "a5-$g-$l" booklet "$d" --lang "$l" -f a5-booklet \
		    -o "$T/$g-$l-rules-a5.pdf"
		shared "$g-$l-pack.pdf" "$T/$g-$l-pack-long.pdf" ||
		    dp "p-$g-$l-long" pack "$d" --lang "$l" -d long \
		    -o "$T/$g-$l-pack-long.pdf"
		for m in short none fold; do
			dp "p-$g-$l-$m" pack "$d" --lang "$l" -d "$m" \
			    -o "$T/$g-$l-pack-$m.pdf"
		done
	done
	for t in "$d"text/*.yaml; do
		l=${t##*/}
		l=${l%.yaml}
		shared "$g-$l-cards.pdf" "$T/$g-$l-cards.pdf" ||
		    dp "c-$g-$l" cards "$d" --lang "$l" -o "$T/$g-$l-cards.pdf"
	done
done

# Each checkpoint broken in the Data Chain pack (links, lists, tables,
# headings: every kind there is), into $T/mut/CHECKPOINT.pdf, to be
# checked with the rest.
P=$T/data-chain-en-pack-long.pdf
mkdir "$T/mut"
cids=$(ua --list | cut -d' ' -f1)
# shellcheck disable=SC2086 # the IDs, one word each
python3 tests/tools/uamutate.py --each "$P" "$T/mut/" $cids \
    >"$T/mutate.out" 2>&1 || :
# Every PDF checked in one process (a Python process costs more to
# start than a PDF to check): PDF.ua each.
ua --each "$T"/*.pdf "$T"/mut/*.pdf >"$T/ua.out" 2>&1 || :

n=0
for f in "$T"/*.pdf; do
	n=$((n + 1))
	b=${f##*/}
	check "${b%.pdf}: every PDF/UA-1 checkpoint passes" passes "$f"
done
check "the bundled games give 42 PDFs to check" test "$n" -eq 42

# Each checkpoint broken in the pack is found.
mutated() {
	m=$T/mut/$1.pdf
	[ -f "$m" ] || { echo "uamutate $1 failed:"; cat "$T/mutate.out" \
	    "$T/mut/$1.err" 2>/dev/null; return 1; }
	grep -q "^PASS $1 " "$P.ua" || { echo "$1 fails before"; return 1; }
	checked "$m" || return 1
	grep -q '^FAIL' "$m.ua" || { echo "passes broken"; return 1; }
	grep -q "^FAIL $1 " "$m.ua" ||
	    { echo "$1 not failed:"; cat "$m.ua"; return 1; }
}
for c in $cids; do
	check "checkpoint $c broken in the pack: found" mutated "$c"
done

# The same input gives the same bytes: a pack, a folded booklet.
dp again-p pack cards/data-chain -o "$T/again-pack.pdf"
dp again-a5 booklet cards/data-chain -f a5-booklet -o "$T/again-a5.pdf"
check "the pack twice: the same bytes" cmp "$P" "$T/again-pack.pdf"
check "the folded booklet twice: the same bytes" \
    cmp "$T/data-chain-en-rules-a5.pdf" "$T/again-a5.pdf"

# pdf.js: a suite that cannot read as Firefox does fails, it never
# skips.
pdfjs_here() {
	command -v node >/dev/null || { echo "no node (apt: nodejs)"; return 1; }
	[ -f tests/npm/node_modules/pdfjs-dist/legacy/build/pdf.mjs ] || {
		echo "tests/npm/node_modules has no pdfjs-dist:" \
		    "npm ci --prefix tests/npm"
		return 1
	}
}
check "pdf.js is installed (tests/npm)" pdfjs_here

# Every pdf.js reading the checks below make, in one node process
# (pdf.js costs more to load than a PDF to read): PDF.MODE each.  Then
# the A4 and folded A5 booklets' words in structure-tree order, in one
# Python process: PDF.uawords each.
set --
for md in cards/*/rules/*.md; do
	game_lang "$md"
	set -- "$@" words "$T/$g-$l-rules.pdf" marked "$T/$g-$l-rules.pdf" \
	    marked "$T/$g-$l-rules-a5.pdf"
done
js -o links "$P" tree "$T/data-chain-en-cards.pdf" "$@" \
    >"$T/pdfjs.out" 2>&1 || :
python3 tests/tools/uawords.py --each "$T"/*-rules.pdf "$T"/*-rules-a5.pdf \
    >"$T/uawords.out" 2>&1 || :
# readout FILE: pdf.js (or uawords.py) wrote FILE.
# (Said on stderr: same_words's stdout is the words.)
readout() {
	[ -f "$1" ] && return 0
	{ echo "no $1:"; cat "$T/pdfjs.out" "$T/uawords.out"; } >&2
	return 1
}

# The pack's links as pdf.js reads them: index entries first (the
# index page), then one link a reference of rules/en.md in order, each
# named by the card's title and holding it; one of them wraps (one
# annotation, two pieces).
./deckpress export cards/data-chain --csv -o "$T/dc.csv" >/dev/null
links_named() {
	readout "$P.links" || return 1
	python3 - "$P.links" cards/data-chain/rules/en.md "$T/dc.csv" \
	    "$P" <<'EOF'
import csv, json, re, subprocess, sys
links, md, csvp, pdf = sys.argv[1:5]
rows = [l.rstrip("\n").split("\t") for l in open(links, encoding="utf-8")]
if not rows:
    sys.exit("no link")
for page, name, text in rows:
    if not name.strip() or name != text:
        sys.exit("page %s: link named %r holds %r" % (page, name, text))
first = rows[0][0]
index = [r for r in rows if r[0] == first]
refs = [r for r in rows if r[0] != first]
heads = [l[3:].strip() for l in open(md, encoding="utf-8")
         if l.startswith("## ")]
titles = {r["id"]: r["title"] for r in csv.DictReader(
    open(csvp, encoding="utf-8-sig", newline=""))}
want = [titles[m] for m in re.findall(r"\[\[card:([^\]\n]+)\]\]",
                                      open(md, encoding="utf-8").read())]
got = [r[1] for r in refs]
if got != want:
    sys.exit("references %s, want %s" % (got, want))
if len(index) < 3:
    sys.exit("%d index links" % len(index))
o = json.loads(subprocess.run(["qpdf", "--json", "--json-key=qpdf", pdf],
               capture_output=True, check=True).stdout)["qpdf"][1]
wraps = [v["value"].get("/Contents") for v in o.values()
         if isinstance(v.get("value"), dict) and
         v["value"].get("/Subtype") == "/Link" and
         len(v["value"].get("/QuadPoints", [])) > 8]
if not wraps:
    sys.exit("no reference wraps: nothing proves one link a reference")
print("%d index entries, %d references, %d wrapped" %
      (len(index), len(refs), len(wraps)))
EOF
}
check "pack: each index entry and reference one link, named by its text" \
    links_named

# words MD PDF: pdf.js reads no word of the booklet in two pieces at a
# line-end break (a word ending in "-" is one whose own hyphen ends the
# line: written so in MD), no U+00AD inside a word, and some words were
# broken at a line end (a soft hyphen joined them: else this proves
# nothing).  whole_all MD PDF [MD PDF...] gives each PDF's verdict,
# by one python3 for all (~20 ms of CPU each to start): what it says
# into PDF.whole, its exit status into PDF.whole.rc.
whole_all() {
	python3 - "$@" <<'EOF'
import json, re, sys, traceback


def whole(md, words, marked):
    src = re.sub(r"\s+", " ", open(md, encoding="utf-8").read())
    w = open(words, encoding="utf-8").read().split("\n")
    for a, b in zip(w, w[1:]):
        # "Minimierung- und": a hyphen of the text, not at a line end.
        if a.endswith("-") and re.sub(r"\W+$", "", a + b) not in src and \
                a + " " + b not in src:
            sys.exit("read in two pieces: %s %s" % (a, b))
        if "\u00ad" in a:
            sys.exit("a soft hyphen inside %r" % a)
    soft = sum(json.loads(l.split("\t", 2)[2]).count("\u00ad\n")
               for l in open(marked, encoding="utf-8"))
    if soft == 0:
        sys.exit("no word broken at a line end")
    return "%d words, %d joined at a line end" % (len(w), soft)


for md, pdf in zip(sys.argv[1::2], sys.argv[2::2]):
    try:
        msg, rc = whole(md, pdf + ".words", pdf + ".marked"), 0
    except SystemExit as e:
        msg, rc = str(e.code), 1
    except Exception:
        # as python3 would have said it, exiting 1
        msg, rc = traceback.format_exc(), 1
    with open(pdf + ".whole", "w", encoding="utf-8") as f:
        f.write(msg.rstrip("\n") + "\n")
    with open(pdf + ".whole.rc", "w", encoding="utf-8") as f:
        f.write("%d\n" % rc)
EOF
}
whole_words() {
	readout "$2.words" && readout "$2.marked" || return 1
	w_rc=1
	read -r w_rc <"$2.whole.rc" || w_rc=1
	cat "$2.whole" || return 1
	return "$w_rc"
}
# same_words A4 A5: the structure trees read the same words in order
# (a word that ends in its own hyphen or a slash, where a line may
# break with no space, joined to the next in both: the folded pages
# break their lines elsewhere).
tree_words() {
	readout "$1.uawords" || return 1
	awk '/[-\/]$/ { held = held $0; next }
	    { print held $0; held = "" }' "$1.uawords"
}
same_words() {
	tree_words "$1" >"$T/w4" && tree_words "$2" >"$T/w5" || return 1
	[ -s "$T/w4" ] && cmp "$T/w4" "$T/w5" ||
	    { diff "$T/w4" "$T/w5" | head -5; return 1; }
}
set --
for md in cards/*/rules/*.md; do
	game_lang "$md"
	set -- "$@" "$md" "$T/$g-$l-rules.pdf"
done
# (a python3 that fails leaves its checks no .whole.rc: not ok)
whole_all "$@" || :
for d in cards/*/; do
	g=${d%/}
	g=${g##*/}
	for md in "$d"rules/*.md; do
		l=${md##*/}
		l=${l%.md}
		check "$g $l booklet: pdf.js reads each broken word whole" \
		    whole_words "$md" "$T/$g-$l-rules.pdf"
		check "$g $l: the folded booklet reads the A4 one's words" \
		    same_words "$T/$g-$l-rules.pdf" "$T/$g-$l-rules-a5.pdf"
	done
done

# The team icon: a Figure a card, its alt text the card's team.
figures() {
	tree=$T/data-chain-en-cards.pdf.tree
	readout "$tree" || return 1
	a=$(grep -c 'Figure alt=Team: activist$' "$tree") || :
	b=$(grep -c 'Figure alt=Team: broker$' "$tree") || :
	[ "$a" -eq 10 ] && [ "$b" -eq 10 ] ||
	    { echo "$a activist, $b broker figures, expected 10 each"; return 1; }
}
check "cards: the team icon is a Figure with alt text 'Team: {team}'" \
    figures

# check's three warnings, and a pack that claims no PDF/UA: a game
# with a layout image with neither key, a booklet image with no alt
# text and a heading that skips a level.
W=$T/warn
cp -R cards/data-chain "$W"
cp cards/data-chain/preview-rules.png "$W/rules/pic.png"
cp layouts/data-chain.yaml "$W/layout.yaml"
sed -i 's|^layout: data-chain .*|layout: ./layout.yaml|' "$W/deck.yaml"
sed -i 's|^back:$|  - {type: image, file: rules/pic.png, box_mm: [1, 1, 5, 5], when: {kind: action}}\
back:|' "$W/layout.yaml"
printf '\n## Extra\n\n#### Too deep\n\n![](pic.png)\n' >>"$W/rules/en.md"
img=$(grep -n 'rules/pic.png' "$W/layout.yaml" | cut -d: -f1)
hd=$(grep -n '^#### Too deep' "$W/rules/en.md" | cut -d: -f1)
dp warn check "$W" --lang en
warned() {
	exits warn 0 || return 1
	for want in "layout.yaml:$img:5: warning: card '" \
	    "': image has neither 'alt:' nor 'decorative: true'" \
	    "rules/en.md:$hd:1: warning: a level-4 heading after a level-2 one" \
	    "rules/en.md:$((hd + 2)):1: warning: an image with no alt text"; do
		grep -qF "$want" "$T/warn.err" ||
		    { echo "no '$want' in:"; cat "$T/warn.err"; return 1; }
	done
	grep -q '^0 errors, 3 warnings$' "$T/warn.err" ||
	    { tail -1 "$T/warn.err"; return 1; }
}
check "check: a layout image, a booklet image, a skipped heading: 3 warnings" \
    warned
unclaimed() {
	exits warnpack 0 || return 1
	! ua "$T/warn-pack.pdf" >"$T/warn-pack.ua" || return 1
	for c in 06-xmp 13-alt 14-head; do
		grep -q "^FAIL $c " "$T/warn-pack.ua" ||
		    { echo "$c not failed"; cat "$T/warn-pack.ua"; return 1; }
	done
}
dp warnpack pack "$W" -o "$T/warn-pack.pdf"
check "... and its pack claims no PDF/UA (no XMP), as it fails" unclaimed

# alt: errors: empty; on a decorative picture.
bad_alt() {
	cp -R "$W" "$T/$1"
	sed -i "s|box_mm: \[1, 1, 5, 5\],|box_mm: [1, 1, 5, 5], $2,|" \
	    "$T/$1/layout.yaml"
	dp "$1" cards "$T/$1" -o "$T/$1.pdf"
	exits "$1" 1 || return 1
	[ ! -e "$T/$1.pdf" ] || { echo "a PDF was written"; return 1; }
	grep -q "layout.yaml:$img:[0-9]*: error: alt: is what a reader hears for the picture: $3" \
	    "$T/$1.err" || { cat "$T/$1.err"; return 1; }
}
check "alt: \"\" is an error at it" bad_alt empty 'alt: ""' "not empty"
check "alt: on a decorative picture is an error at it" bad_alt both \
    'alt: "x", decorative: true' "a picture with it is not decorative"

summary pdfua
