#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: searchable-text, hyphenation, cards, pack, booklet
#
# Searchable text (issue 25, point 3): pdftotext of every bundled PDF
# (card sheets, packs and booklets, every language) has no soft hyphen
# (U+00AD) inside a line: the only ones end a line, the text of the
# hyphen drawn where a word breaks (ISO 32000-1 14.8.2.2.3, issue 38);
# every word of each bundled booklet's Markdown is found whole in the
# text of that booklet, some of them hyphenated at a line end in the
# PDF; on a made-up card, a compound broken at the dictionary's points
# reads whole, its hyphens are drawn (ink at 600 dpi), and in the word's
# colour.  Prints "ok - NAME" / "not ok - NAME".
#
# usage: sh tests/run-search.sh    (from the repo root)
T=out/test/search
. tests/suite.sh

bundled

# noshy: no PDF of $T/all has a U+00AD inside a line of its text (one
# ending a line is a word's break).
noshy() {
	n=0
	shy=$(printf '\302\255')
	for f in "$T"/all/*.pdf; do
		pdftotext "$f" "$f.txt" && pdftotext -raw "$f" "$f.raw" ||
		    return 1
		k=$(cat "$f.txt" "$f.raw" | grep -c "$shy.") || :
		[ "$k" -eq 0 ] ||
		    { echo "$f: $k lines with U+00AD inside"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -gt 0 ] && bundled_ok "$T/all"
}
check "no U+00AD inside a line of any bundled card sheet, pack, booklet" \
    noshy

# nospan: no PDF of $T/all has a span whose /ActualText is a U+00AD
# (Cairo's for a soft hyphen inside a line, where nothing is drawn: a
# reader honouring /ActualText got "Wel\u00ADcome"), and the Data Chain
# booklet's structure gives its first paragraph's words whole (poppler's
# structure text stopped at the first such span: "Wel").
nospan() {
	for f in "$T"/all/*.pdf; do
		k=$(qpdf --qdf --object-streams=disable "$f" - |
		    grep -ac 'ActualText <feff00ad>') || :
		[ "$k" -eq 0 ] || { echo "$f: $k soft-hyphen spans"; return 1; }
	done
	pdfinfo -struct-text "$T/all/data-chain-en-pack.pdf" |
	    grep -q '"Welcome to Data Chain, a card game about data activism!'
}
check "no soft-hyphen span in any bundled PDF; paragraphs read whole" nospan

# words MD PDF: every word (run of letters) of MD, less its Markdown,
# [[card:]] references, {icon:} and tags, figures (their alt text is not
# printed) and link targets, is found whole in pdftotext's text of PDF
# in reading order (-raw), a word broken at a line end joined
# ("shuf\u00AD" + "fle": a soft hyphen, as a reader joins it), and in
# its default text.  Prints how
# many were hyphenated at a line end; fails if none was (then it proves
# nothing).  What words_all found for it, before the checks.
words() {
	w_rc=1
	read -r w_rc <"$2.words.rc" || w_rc=1
	cat "$2.words" || return 1
	return "$w_rc"
}
# words_all MD PDF [MD PDF...]: words' verdict on each MD and PDF into
# PDF.words, what it prints, and PDF.words.rc, its exit status, by one
# python3 for all of them (~0.03 s of CPU each to start, ~0.1 s through
# a pyenv shim).  The two texts of a bundled PDF are noshy's, made once.
words_all() {
	for f; do
		case $f in *.pdf) ;; *) continue ;; esac
		rm -f "$f.nowords"
		[ -s "$f.txt" ] && [ -s "$f.raw" ] ||
		    { pdftotext "$f" "$f.txt" && pdftotext -raw "$f" "$f.raw"; } ||
		    echo "no text of $f" >"$f.nowords"
	done
	python3 - "$@" <<'EOF'
import os, re, sys, traceback


def words(md, text, raw):
    """What words prints, and whether it passes."""
    src = open(md, encoding='utf-8').read()
    for pat in (r'<!--.*?-->', r'!\[[^\]]*\]\([^)]*\)', r'\[\[[^\]]*\]\]',
                r'\{[a-z]+:[^}]*\}', r'</?[A-Za-z][^>]*>', r'\]\([^)]*\)'):
        src = re.sub(pat, ' ', src, flags=re.S)
    word = r'[^\W\d_]+'
    want = set(re.findall(word, src))
    t = open(text, encoding='utf-8').read()
    r = open(raw, encoding='utf-8').read()
    broken = {a + b for a, b in re.findall('(%s)\u00ad\n(%s)' % (word, word),
                                           r) if a + b in want}
    joined = re.sub(r'([^\W\d_])\u00ad\n([^\W\d_])', r'\1\2', r)
    missing = sorted(want - set(re.findall(word, joined)))
    if missing:
        return '%d words not in the -raw text: %s' % (
            len(missing), ' '.join(missing[:10])), False
    # In pdftotext's layout a table cell's lines can be put apart (a word
    # broken in a cell has the next cell between its halves): only such a
    # word may be missing there.
    apart = want - set(re.findall(word, t))
    if apart - broken:
        return 'not in the text: %s' % ' '.join(
            sorted(apart - broken)[:10]), False
    if not broken:
        return 'no word of %s is hyphenated at a line end' % md, False
    return ('%d words, %d hyphenated at a line end, %d of them apart in the '
            'layout text' % (len(want), len(broken), len(apart)), True)


for md, pdf in zip(sys.argv[1::2], sys.argv[2::2]):
    if os.path.exists(pdf + '.nowords'):
        msg, ok = open(pdf + '.nowords', encoding='utf-8').read(), False
    else:
        try:
            msg, ok = words(md, pdf + '.txt', pdf + '.raw')
        except Exception:
            # as python3 would have said it, exiting 1
            msg, ok = traceback.format_exc(), False
    with open(pdf + '.words', 'w', encoding='utf-8') as f:
        f.write(msg.rstrip('\n') + '\n')
    with open(pdf + '.words.rc', 'w', encoding='utf-8') as f:
        f.write('%d\n' % (0 if ok else 1))
EOF
}
set --
for md in cards/*/rules/*.md; do
	game_lang "$md"
	set -- "$@" "$md" "$T/all/$g-$l-rules.pdf"
done
# (a python3 that fails leaves its checks no .words.rc: not ok)
words_all "$@" || :
for md in cards/*/rules/*.md; do
	game_lang "$md"
	check "booklet $g $l: every word of rules/$l.md found whole" \
	    words "$md" "$T/all/$g-$l-rules.pdf"
done

# A made-up German deck: a compound in a narrow box, once black, once
# red, broken at the dictionary's points (tests/decks/hyphen).
D=$T/hy
cp -r tests/decks/hyphen "$D"
cat >"$D/deck.yaml" <<'EOF'
languages: [de]
layout: ./layout.yaml
cards:
  - {id: black}
  - {id: red}
EOF
cat >"$D/text/de.yaml" <<'EOF'
cards:
  black: {body: Die Datenschutzgrundverordnung gilt.}
  red:
    body: >-
      Die <span color="#e00000">Datenschutzgrundverordnung</span> gilt.
EOF
dp hy cards "$D" -o "$T/hy.pdf"
check "made-up deck: renders" exits hy 0
hywhole() {
	pdftotext "$T/hy.pdf" "$T/hy.txt" && pdftotext -raw "$T/hy.pdf" \
	    "$T/hy.raw" || return 1
	shy=$(printf '\302\255')
	! grep -q "$shy." "$T/hy.txt" "$T/hy.raw" ||
	    { echo "U+00AD inside a line"; return 1; }
	# A reader joins the lines a soft hyphen ends.  (The count in an
	# awk, not a python3: the text less its U+00AD-newlines.)
	n=$(awk '{ t = t $0 "\n" } END { gsub(/\302\255\n/, "", t)
	    print gsub(/Datenschutzgrundverordnung/, "", t) }' "$T/hy.txt")
	[ "$n" -eq 2 ] ||
	    { echo "$n whole words, expected 2:"; cat "$T/hy.txt"; return 1; }
	n=$(grep -c -- "$shy\$" "$T/hy.raw") || :
	[ "$n" -ge 4 ] || { echo "$n line-end hyphens, expected 4"; return 1; }
	! grep -q -- '-$' "$T/hy.raw" ||
	    { echo "a line-end hyphen reads '-'"; return 1; }
}
check "made-up deck: the broken compound reads whole, its breaks U+00AD" \
    hywhole

# inked: each word ending in U+00AD (pdftotext -bbox) has ink at 600 dpi in
# the right of its box, at hyphen height, of the colour of its letters;
# a red one among them.  Only the area those words cover is rasterised
# (pdftoppm -x -y -W -H: the whole page's pixels there); a box is read
# at the page's pixels, less the crop's offset.
inked() {
	pdftotext -bbox "$T/hy.pdf" "$T/hy.html" || return 1
	python3 - "$T/hy.html" "$T/hy.pdf" "$T/hy" <<'EOF'
import re, subprocess, sys
html, pdf, out = sys.argv[1:4]
page = open(html, encoding='utf-8').read().split('<page')[1]
k = 600 / 72
words = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                   r'yMax="([\d.]+)">([^<]*)\u00ad</word>', page)
if len(words) < 4:
    print('%d hyphenated words' % len(words))
    sys.exit(1)
words = [tuple(map(float, b[:4])) + (b[4],) for b in words]
# The crop holds every pixel ink() reads: int(v * k), as there.
cx = min(int(b[0] * k) for b in words)
cy = min(int(b[1] * k) for b in words)
cw = max(int(b[2] * k) for b in words) + 1 - cx
ch = max(int(b[3] * k) for b in words) + 1 - cy
subprocess.run(['pdftoppm', '-r', '600', '-f', '1', '-l', '1',
                '-x', str(cx), '-y', str(cy), '-W', str(cw), '-H', str(ch),
                '-singlefile', pdf, out], check=True)
data = open(out + '.ppm', 'rb').read()
head = re.match(rb'P6\s+(\d+)\s+(\d+)\s+(\d+)\s', data)
w, h = int(head.group(1)), int(head.group(2))
if (w, h) != (cw, ch):
    print('crop %d x %d, expected %d x %d' % (w, h, cw, ch))
    sys.exit(1)
px = data[head.end():]

def ink(x0, y0, x1, y1):
    """The dark pixels of a box (pt): their mean colour, their count."""
    n, s = 0, [0, 0, 0]
    for y in range(int(y0 * k), int(y1 * k)):
        for x in range(int(x0 * k), int(x1 * k)):
            i = 3 * ((y - cy) * w + x - cx)
            c = px[i:i + 3]
            if min(c) < 160:
                n += 1
                for j in range(3):
                    s[j] += c[j]
    return n, [v / max(n, 1) for v in s]

red = 0
for x0, y0, x1, y1, t in words:
    eh = y1 - y0
    n, hy = ink(x1 - 0.2 * eh, y0 + 0.4 * eh, x1, y0 + 0.7 * eh)
    m, letters = ink(x0, y0, x1 - 0.3 * eh, y1)
    if n < 20:
        print('%s-: no hyphen drawn (%d dark pixels)' % (t, n))
        sys.exit(1)
    if max(abs(a - b) for a, b in zip(hy, letters)) > 40:
        print('%s-: hyphen %s, letters %s' % (t, hy, letters))
        sys.exit(1)
    red += hy[0] > 150 and hy[1] < 90 and hy[2] < 90
if red < 2:
    print('%d red hyphens' % red)
    sys.exit(1)
EOF
}
check "made-up deck: each line-end hyphen drawn, in its word's colour" inked

summary search
