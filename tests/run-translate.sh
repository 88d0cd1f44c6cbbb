#!/bin/sh
# covers: translations, draft, strings, templates, cards, pack, all, check
# Translations end to end, with the quiz of tests/decks/quiz (English,
# the source, and a French left unfinished): what prints and what is
# refused while strings are missing, drafts, the names a fixed text may
# show ({category}, {n}/{total}, {id}) measured in place with pdftotext
# -bbox, packs in five languages with deckpress's default strings, and
# 'deckpress strings'.  Prints "ok - NAME" / "not ok - NAME".  A test
# that writes into a deck works on a copy under $T.
T=out/test/translate
. tests/suite.sh
Q=tests/decks/quiz

# quiet TAG: the run TAG printed nothing on stderr.
quiet() {
	[ ! -s "$T/$1.err" ] && return 0
	echo "stderr:"
	cat "$T/$1.err"
	return 1
}

# pages PDF: its number of pages (nothing if it is no PDF).
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ { print $2 }'; }

# made TAG PDF [PAGES]: the run TAG exited 0 and wrote PDF (with PAGES
# pages).
made() {
	exits "$1" 0 || return 1
	n=$(pages "$2")
	[ -n "$n" ] || { echo "$2: no PDF"; return 1; }
	[ -z "${3-}" ] || [ "$n" = "$3" ] || { echo "$2: $n pages, expected $3"; return 1; }
}

# refused TAG PDF: the run TAG exited 1 and wrote nothing.
refused() {
	exits "$1" 1 || return 1
	[ ! -e "$2" ] || { echo "$2 written"; return 1; }
}

# has PDF STRING...: each STRING is in the text of PDF (lines joined),
# PDF.line, made by the first has that reads PDF (a PDF here is never
# written twice): the drafts' are read four and three times.
has() {
	f=$1
	shift
	[ -f "$f.line" ] || pdftotext -raw "$f" - | tr -s '\n' ' ' >"$f.line"
	for s in "$@"; do
		grep -qF -- "$s" "$f.line" || { echo "'$s' is not in $f"; return 1; }
	done
}

# lacks PDF REGEX: no line of the text of PDF, nor its metadata, matches.
lacks() {
	! pdftotext -raw "$1" - | grep -E -- "$2" && ! pdfinfo "$1" | grep -E -- "$2"
}

# gaps TEXTFILE: each string of a text file left empty (~), as
# "LINE COL OWNER FIELD": OWNER is the card, or under values: the
# attribute; FIELD the string's key.  (Block style, indent 2.)
gaps() {
	awk "$KEYS"'
	}
	ind == 2 { owner = key }
	ind == 4 && /: ~ *$/ { print NR, index($0, "~"), owner, key }' "$1"
}

# The start of an awk program over a block-style text file: skips
# comments, sets ind (the key's indent) and key on every key line.
KEYS='
	/^ *#/ || !/^ *[^ :]+:/ { next }
	{
		ind = match($0, /[^ ]/) - 1
		key = $0
		sub(/^ */, "", key)
		sub(/:.*/, "", key)
'

# string TEXTFILE OWNER FIELD: the text of a string, without quotes.
string() {
	awk -v owner="$2" -v field="$3" "$KEYS"'
	}
	ind == 2 { o = key }
	ind == 4 && o == owner && key == field {
		v = $0
		sub(/^ *[^ :]+: */, "", v)
		if (v ~ /^".*"$/) v = substr(v, 2, length(v) - 2)
		print v
		exit
	}' "$1"
}

# names_gaps ERRFILE TEXTFILE LEVEL [MORE]: ERRFILE has, for each string
# left ~ in TEXTFILE, a line "TEXTFILE:LINE:COL: LEVEL: " naming its
# owner and field in quotes, and containing MORE.
names_gaps() {
	gaps "$2" >"$1.gaps"
	[ -s "$1.gaps" ] || { echo "$2 has no ~ string"; return 1; }
	while read -r line col owner field; do
		grep -F "$2:$line:$col: $3: " "$1" | grep -F "'$owner'" |
		    grep -F "'$field'" | grep -qF -- "${4-}" || {
			echo "no $3 for $owner's $field at $2:$line:$col${4:+ saying '$4'}:"
			cat "$1"
			return 1
		}
	done <"$1.gaps"
}

# bbox_words PDF PAGE: the words of a page, "WORD X0 Y0 X1 Y1" in mm
# from the top-left corner of the paper.
bbox_words() {
	pdftotext -f "$2" -l "$2" -bbox "$1" - | sed -n \
	    's/.*xMin="\([^"]*\)" yMin="\([^"]*\)" xMax="\([^"]*\)" yMax="\([^"]*\)">\(.*\)<\/word>.*/\5 \1 \2 \3 \4/p' |
	    awk '{ k = 25.4 / 72
		printf "%s %.3f %.3f %.3f %.3f\n", $1, $2 * k, $3 * k, $4 * k, $5 * k }'
}

gaps $Q/text/fr.yaml >"$T/gaps"
ngaps=$(wc -l <"$T/gaps" | tr -d ' ')
check "fixture: fr leaves a card's string and a value's string ~" sh -c '
    grep -q " waterloo question$" "$1" && grep -q " category history$" "$1"' \
    sh "$T/gaps"

# --- 1. English prints while French is unfinished; French is refused -
dp en-cards cards $Q --lang en -o "$T/en-cards.pdf"
check "cards --lang en: exit 0, 4 cards on 2 pages, though fr has ~ strings" \
    made en-cards "$T/en-cards.pdf" 2
check "cards --lang en: nothing said about fr (stderr empty)" quiet en-cards
dp en-pack pack $Q --lang en -o "$T/en-pack.pdf"
check "pack --lang en: exit 0, a PDF, though fr has ~ strings" \
    made en-pack "$T/en-pack.pdf"
check "pack --lang en: nothing said about fr (stderr empty)" quiet en-pack
# --lang defaults to the deck's first language, the source.
dp def-cards cards $Q -o "$T/def-cards.pdf"
check "cards without --lang: prints en (the first language), exit 0" \
    made def-cards "$T/def-cards.pdf" 2
check "cards without --lang: the same bytes as --lang en" \
    cmp "$T/en-cards.pdf" "$T/def-cards.pdf"
dp def-pack pack $Q -o "$T/def-pack.pdf"
check "pack without --lang: prints en (the first language), exit 0" \
    made def-pack "$T/def-pack.pdf"
dp check-en check $Q --lang en
check "check --lang en: clean; fr's gaps are not en's business" exits check-en 0

dp fr-cards cards $Q --lang fr -o "$T/fr-cards.pdf"
check "cards --lang fr (no --draft): exit 1, nothing written" \
    refused fr-cards "$T/fr-cards.pdf"
check "cards --lang fr: each missing string an error at its file:line:col" \
    names_gaps "$T/fr-cards.err" $Q/text/fr.yaml error
dp fr-pack pack $Q --lang fr -o "$T/fr-pack.pdf"
check "pack --lang fr (no --draft): exit 1, nothing written" \
    refused fr-pack "$T/fr-pack.pdf"

D=$T/all
dp all all $Q -d "$D"
check "all: exit 0 (fr skipped as unfinished)" exits all 0
# all_en DIR: the English cards (2 pages) and pack are in DIR.
all_en() {
	[ "$(pages "$1/quiz-en-cards.pdf")" = 2 ] ||
	    { echo "no 2-page $1/quiz-en-cards.pdf"; ls "$1"; return 1; }
	[ -n "$(pages "$1/quiz-en-pack.pdf")" ] ||
	    { echo "no $1/quiz-en-pack.pdf"; ls "$1"; return 1; }
}
check "all: the English cards (2 pages) and pack" all_en "$D"
check "all: the English cards are those of deckpress cards, byte for byte" \
    cmp "$T/en-cards.pdf" "$D/quiz-en-cards.pdf"
check "all: no French PDF (only the two English ones)" sh -c '
    ls "$1" | grep -e "-fr-" && exit 1; [ "$(ls "$1" | wc -l)" -eq 2 ]' sh "$D"
check "all: stderr names each missing French string (file:line:col, card, field)" \
    names_gaps "$T/all.err" $Q/text/fr.yaml warning
check "all: stderr says fr was skipped, and how many strings it lacks" \
    grep -F "$Q: 'fr' skipped: $ngaps strings are missing" "$T/all.err"
check "all: the skip warning points to where the strings are listed" awk '
    /skipped: / {
	skip = NR
	dir = /above/ ? "above" : /below/ ? "below" : ""
    }
    /fr\.yaml:[0-9]+:[0-9]+: warning: / { if (!first) first = NR; last = NR }
    END {
	if (dir == "above" && skip > last || dir == "below" && skip < first)
		exit 0
	print "skip warning on line " skip " says \"" dir "\"; the strings are on lines " first "-" last
	exit 1
    }' "$T/all.err"

D2=$T/all-draft
dp all-draft all $Q -d "$D2" --draft
check "all --draft: exit 0" exits all-draft 0
check "all --draft: the English cards and pack" all_en "$D2"
check "all --draft: the French cards and pack too, as drafts" sh -c '
    for f in quiz-fr-cards.pdf quiz-fr-pack.pdf; do
	pdfinfo "$1/$f" | grep -q "^Title: *DRAFT" || { echo "$f: no draft"; exit 1; }
    done' sh "$D2"

# --- 2. drafts -----------------------------------------------------------
# missing_en PDF: each string left ~ is printed as its English text.
missing_en() {
	while read -r line col owner field; do
		s=$(string $Q/text/en.yaml "$owner" "$field")
		[ -n "$s" ] || { echo "no en text for $owner's $field"; return 1; }
		has "$1" "$s" || return 1
	done <"$T/gaps"
}
# bbox_pages PDF: bbox_words of every page, from one pdftotext -bbox
# (a page's words are those -f N -l N gives), each page's led by a
# line "page".
bbox_pages() {
	pdftotext -bbox "$1" - | sed -n -e 's/^ *<page .*/page/p' -e \
	    's/.*xMin="\([^"]*\)" yMin="\([^"]*\)" xMax="\([^"]*\)" yMax="\([^"]*\)">\(.*\)<\/word>.*/\5 \1 \2 \3 \4/p' |
	    awk 'NF == 1 { print; next } { k = 25.4 / 72
		printf "%s %.3f %.3f %.3f %.3f\n", $1, $2 * k, $3 * k, $4 * k, $5 * k }'
}
# draft_margin PDF: every page says DRAFT fr in its top margin, above
# where the card sheets' bleed begins (13.5 mm).  (One bbox_pages, not a
# pdftotext, sed and awk a page; the first page without one is named.)
draft_margin() {
	n=$(pages "$1")
	bbox_pages "$1" | awk -v n="$n" '
	    NF == 1 { p++; next }
	    $1 == "DRAFT" { where[p] = where[p] sprintf(" %.1f-%.1f", $3, $5) }
	    $1 == "DRAFT" && $5 <= 13.5 { found[p] = 1 }
	    END { for (p = 1; p <= n; p++) if (!found[p]) {
		print "page " p ": no DRAFT in the top margin" \
		    (where[p] ? " (DRAFT at y" where[p] " mm)" : "")
		exit 1 } }'
}
for k in cards pack; do
	dp draft-$k $k $Q --lang fr --draft -o "$T/draft-$k.pdf"
	check "$k --lang fr --draft: exit 0, a PDF" made draft-$k "$T/draft-$k.pdf"
	check "$k --draft: stderr lists each string printed in en" \
	    names_gaps "$T/draft-$k.err" $Q/text/fr.yaml warning \
	    "printed in 'en' (draft)"
	check "$k --draft: every missing string is printed as its English text" \
	    missing_en "$T/draft-$k.pdf"
	check "$k --draft: the translated strings are printed in French" \
	    has "$T/draft-$k.pdf" "$(string $Q/text/fr.yaml gravity question)" \
	    "$(string $Q/text/fr.yaml category science)"
	check "$k --draft: DRAFT fr in the top margin of every page" \
	    draft_margin "$T/draft-$k.pdf"
	check "$k --draft: pdfinfo's Title and Subject say DRAFT" sh -c '
	    pdfinfo "$1" >"$1.info" && grep -q "^Title: *DRAFT" "$1.info" &&
	    grep -q "^Subject: *DRAFT fr" "$1.info"' sh "$T/draft-$k.pdf"
done
check "cards --draft: the margin counts the strings in en" sh -c '
    pdftotext -raw "$1" - | grep -qx "DRAFT fr · $2 strings in en"' \
    sh "$T/draft-cards.pdf" "$ngaps"
# Each string printed in English is flagged "en" on its card: waterloo,
# printed twice, has two such strings (question, category).
check "cards --draft: each string in en flagged en on its card (2 copies x 2)" sh -c '
    n=$(pdftotext -f 1 -l 1 -raw "$1" - | grep -cix en)
    [ "$n" = 4 ] || { echo "$n flags"; exit 1; }' \
    sh "$T/draft-cards.pdf"
check "cards en: no DRAFT, no en flag" lacks "$T/en-cards.pdf" '^(EN|en)$|DRAFT'

# A complete language prints the same with or without --draft.
F=$T/full
cp -R $Q "$F"
sed -e 's/^    question: ~$/    question: En quelle année la bataille de Waterloo a-t-elle eu lieu ?/' \
    -e 's/^    history: ~$/    history: Histoire/' $Q/text/fr.yaml >"$F/text/fr.yaml"
check "fixture copy: a complete French (no ~ left)" sh -c '
    ! grep -n ": ~" "$1"' sh "$F/text/fr.yaml"
for k in cards pack; do
	dp en-$k-d $k $Q --lang en --draft -o "$T/en-$k-d.pdf"
	check "$k en: byte-identical with and without --draft" \
	    cmp "$T/en-$k.pdf" "$T/en-$k-d.pdf"
	dp full-$k $k "$F" --lang fr -o "$T/full-$k.pdf"
	dp full-$k-d $k "$F" --lang fr --draft -o "$T/full-$k-d.pdf"
	check "$k, complete fr: exit 0, no diagnostics" sh -c '
	    [ "$(cat "$1")" = 0 ] && [ ! -s "$2" ]' sh "$T/full-$k.rc" "$T/full-$k.err"
	check "$k, complete fr: byte-identical with and without --draft" \
	    cmp "$T/full-$k.pdf" "$T/full-$k-d.pdf"
	check "$k, complete fr: no DRAFT, no en flag" lacks "$T/full-$k.pdf" '^(EN|en)$|DRAFT'
	dp draft-$k-2 $k $Q --lang fr --draft -o "$T/draft-$k-2.pdf"
	check "$k --draft: two renders are byte-identical" \
	    cmp "$T/draft-$k.pdf" "$T/draft-$k-2.pdf"
done

# --- 3. templates, measured in place ------------------------------------
# The first sheet is the 3x3 grid of run-e2e.sh: cell k is column k % 3,
# row k / 3, its trim's top-left at x 10.5 + 63c, y 16.5 + 88r mm.  The
# print order: gravity, waterloo (twice), photosynthesis.  The boxes of
# tests/decks/quiz/layout.yaml, [x, y, width, height] in mm:
CAT="5 5 53 10" COPY="5 20 25 8" CARD="33 20 25 8" QUEST="5 32 53 36" ID="5 74 53 8"

# inbox WORDS CELL X Y W H WORD...: each WORD is on the card in CELL,
# and every time it is, inside the box [X, Y, W, H] (mm from the trim)
# give or take 1 mm.  One awk for all the WORDs (not one each), which
# says what a loop of one awk a WORD would have: each WORD's misplaced
# copies, in order, up to the first WORD that fails.
inbox() {
	f=$1 cell=$2 bx=$3 by=$4 bw=$5 bh=$6
	shift 6
	[ $# -gt 0 ] || return 0
	ws=
	for w in "$@"; do
		ws="$ws${ws:+
}$w"
	done
	awk -v cell="$cell" -v bx="$bx" -v by="$by" -v bw="$bw" \
	    -v bh="$bh" -v words="$ws" '
	BEGIN { ox = 10.5 + 63 * (cell % 3); oy = 16.5 + 88 * int(cell / 3)
		nw = split(words, want, "\n") }
	{
		for (k = 1; k <= nw; k++) {
			if ($1 != want[k])
				continue
			x0 = $2 - ox; y0 = $3 - oy; x1 = $4 - ox; y1 = $5 - oy
			cx = (x0 + x1) / 2; cy = (y0 + y1) / 2
			if (cx < 0 || cx > 63 || cy < 0 || cy > 88)
				continue	# on another card
			n[k]++
			if (x0 >= bx - 1 && y0 >= by - 1 && x1 <= bx + bw + 1 &&
			    y1 <= by + bh + 1)
				continue
			msg[k] = msg[k] sprintf("%s on card %d at [%.1f, %.1f, %.1f, %.1f], outside its box [%g, %g, %g, %g]\n",
			    want[k], cell, x0, y0, x1 - x0, y1 - y0, bx, by, bw, bh)
			bad[k]++
		}
	}
	END {
		for (k = 1; k <= nw; k++) {
			printf "%s", msg[k]
			if (n[k] == 0) print want[k] " is not on card " cell
			if (n[k] == 0 || bad[k] > 0) exit 1
		}
	}' "$f"
}

# cells WORDS BOX WORD...: the i-th WORD (from 0) is on card i, in BOX.
cells() {
	f=$1 box=$2
	shift 2
	i=0
	for w in "$@"; do
		# shellcheck disable=SC2086
		inbox "$f" $i $box "$w" || return 1
		i=$((i + 1))
	done
}

# questions WORDS LANG TEXTDIR: every word of each card's question is
# on its card, inside the question's box.
questions() {
	set -f
	i=0
	for id in gravity waterloo waterloo photosynthesis; do
		# shellcheck disable=SC2046,SC2086
		inbox "$1" $i $QUEST $(string "$3/$2.yaml" $id question) ||
		    return 1
		i=$((i + 1))
	done
}

bbox_words "$T/en-cards.pdf" 1 >"$T/en-words"
bbox_words "$T/full-cards.pdf" 1 >"$T/fr-words"
check "{category}: en prints each value's string (Science, History) in its box" \
    cells "$T/en-words" "$CAT" Science History History Science
check "{category}: fr prints the translated values (Sciences, Histoire)" \
    cells "$T/fr-words" "$CAT" Sciences Histoire Histoire Sciences
check "{category}: the raw values (science, history) are not printed" sh -c '
    ! grep -E "^(science|history) " "$1" "$2"' sh "$T/en-words" "$T/fr-words"
check "{n}/{total}: copies counted, 1/4 to 4/4, each in its box" \
    cells "$T/en-words" "$COPY" 1/4 2/4 3/4 4/4
check "{n}/{total} with numbering: cards: 1/3 2/3 2/3 3/3, each in its box" \
    cells "$T/en-words" "$CARD" 1/3 2/3 2/3 3/3
check "{n}/{total}: the same numbers in fr" sh -c '
    awk "\$1 ~ /^[0-9]+\\/[0-9]+\$/ { print \$1 }" "$1" >"$1.n" &&
    awk "\$1 ~ /^[0-9]+\\/[0-9]+\$/ { print \$1 }" "$2" | cmp - "$1.n"' \
    sh "$T/en-words" "$T/fr-words"
check "{id}: each card's id, in its box" \
    cells "$T/en-words" "$ID" gravity waterloo waterloo photosynthesis
check "question: every word of each en question inside its box" \
    questions "$T/en-words" en $Q/text
check "question: every word of each fr question inside its box" \
    questions "$T/fr-words" fr "$F/text"
check "templates: no brace printed" sh -c '
    ! grep "[{}]" "$1" "$2"' sh "$T/en-words" "$T/fr-words"

# A typo in a name: an error where it is written, with a hint.
# typo TAG FILE: the run TAG reports '{nme}' in FILE, at the line and
# column of the string holding it, hinting 'name'; exit 1, nothing
# written.
typo() {
	refused "$1" "$T/$1.pdf" || return 1
	at=$(awk '(c = index($0, "{nme}")) {
	    s = substr($0, 1, c - 1); q = match(s, /"[^"]*$/)
	    print NR ":" (q ? q : c); exit }' "$2")
	grep -qF "$2:$at: error: " "$T/$1.err" &&
	    grep -F "$2:$at: error: " "$T/$1.err" |
	    grep -qF "unknown name '{nme}'; did you mean 'name'?" || {
		echo "expected $2:$at: error: ...unknown name '{nme}'; did you mean 'name'?"
		cat "$T/$1.err"
		return 1
	}
}
mkdir -p "$T/typo"
cp -R $Q "$T/typo/layout"
sed 's/"{id}"/"{nme}"/' $Q/layout.yaml >"$T/typo/layout/layout.yaml"
check "fixture copy: a layout text \"{nme}\"" grep -q '"{nme}"' \
    "$T/typo/layout/layout.yaml"
dp typo-layout cards "$T/typo/layout" --lang en -o "$T/typo-layout.pdf"
check "{nme} in a layout: file:line:col: error, did you mean 'name'?, exit 1, nothing written" \
    typo typo-layout "$T/typo/layout/layout.yaml"
cp -R $Q "$T/typo/text"
sed 's/^    question: Which force\(.*\)$/    question: "{nme}: which force\1"/' \
    $Q/text/en.yaml >"$T/typo/text/text/en.yaml"
dp typo-text cards "$T/typo/text" --lang en -o "$T/typo-text.pdf"
check "{nme} in a card text: file:line:col: error, did you mean 'name'?, exit 1, nothing written" \
    typo typo-text "$T/typo/text/text/en.yaml"

# --- 4. packs in five languages with no pack: strings -----------------
M=$T/five
cp -R $Q "$M"
cp "$F/text/fr.yaml" "$M/text/fr.yaml"
sed 's/^languages: .*/languages: [en, es, it, de, fr]/' $Q/deck.yaml >"$M/deck.yaml"
cat >"$M/text/es.yaml" <<'EOF'
cards:
  gravity:
    question: ¿Qué fuerza atrae una manzana hacia el suelo?
  waterloo:
    question: ¿En qué año se libró la batalla de Waterloo?
  photosynthesis:
    question: ¿Qué fabrican las plantas con luz, agua y aire?
values:
  category:
    science: Ciencia
    history: Historia
EOF
cat >"$M/text/it.yaml" <<'EOF'
cards:
  gravity:
    question: Quale forza attira una mela verso il suolo?
  waterloo:
    question: In che anno fu combattuta la battaglia di Waterloo?
  photosynthesis:
    question: Che cosa producono le piante con luce, acqua e aria?
values:
  category:
    science: Scienza
    history: Storia
EOF
cat >"$M/text/de.yaml" <<'EOF'
cards:
  gravity:
    question: Welche Kraft zieht einen Apfel zum Boden?
  waterloo:
    question: In welchem Jahr fand die Schlacht bei Waterloo statt?
  photosynthesis:
    question: Was stellen Pflanzen aus Licht, Wasser und Luft her?
values:
  category:
    science: Wissenschaft
    history: Geschichte
EOF
cat >"$M/rules/es.md" <<'EOF'
# Quiz

## Cómo se juega

Roba una carta, lee su pregunta en voz alta y deja que los demás respondan.
EOF
cat >"$M/rules/it.md" <<'EOF'
# Quiz

## Come si gioca

Pesca una carta, leggi la domanda ad alta voce e lascia rispondere gli altri.
EOF
cat >"$M/rules/de.md" <<'EOF'
# Quiz

## So wird gespielt

Zieh eine Karte, lies ihre Frage laut vor und lass die anderen antworten.
EOF
check "fixture copy: five languages, no pack: strings in any text file" sh -c '
    ! grep -l "^pack:" "$1"/text/*.yaml && [ "$(ls "$1"/text/*.yaml | wc -l)" -eq 5 ]' \
    sh "$M"

# defaults LANG FILE: deckpress's default pack strings in LANG into
# FILE, "KEY STRING" a line (the string's quotes cut), by one sed for
# all of them: a check reads some 24, two seds each before.
defaults() {
	sed -n '/^  [^ :]*:/ {
	    s/^  \([^ :]*\): */\1 /
	    s/^\([^ ]*\) "\(.*\)"$/\1 \2/
	    p
	}' "layouts/pack/$1.yaml" >"$2"
}
# default FILE KEY: sets s to the string KEY in FILE (defaults wrote
# it), read by the shell: no subshell, no sed.  A key found twice gives
# both strings, a line each, as a sed would print them.
default() {
	s=
	found=
	while IFS= read -r kv; do
		[ "${kv%% *}" = "$2" ] || continue
		s=${found:+$s
}${kv#* }
		found=1
	done <"$1"
}
# page_text PDF PAGE: the text of a page, as pdftotext -f PAGE -l PAGE
# gives it (but its form feed), read from PDF.all, pdftotext's text of
# every page, made once: ~0.01 s of CPU a pdftotext, where a pack's
# checks read seven pages (checked byte for byte on the five packs).
page_text() {
	[ -f "$1.all" ] || pdftotext "$1" "$1.all" || return 1
	awk -v p="$2" 'NR == p { print; exit }' RS='\f' "$1.all"
}
# first_line PDF PAGE: the first line of text on a page (page_text's).
first_line() {
	[ -f "$1.all" ] || pdftotext "$1" "$1.all" || return 1
	awk -v p="$2" 'NR == p { n = split($0, l, "\n")
	    for (i = 1; i <= n; i++) if (l[i] ~ /[^ \t]/) { print l[i]; exit }
	    exit }' RS='\f' "$1.all"
}
# pack_headings PDF LANG: the cover's headings, the index's title and
# entries, and the first line of the instructions, cards and credits
# pages are deckpress's default strings for LANG, none of them empty.
pack_headings() {
	defaults "$2" "$1.defaults"
	for key in preparation print-title cut-title sleeve-title reading-title \
	    index instructions cards credits authors; do
		default "$1.defaults" $key
		[ -n "$s" ] ||
		    { echo "layouts/pack/$2.yaml: no $key"; return 1; }
	done
	page_text "$1" 1 >"$1.cover" || return 1
	for key in preparation print-title cut-title sleeve-title reading-title; do
		default "$1.defaults" $key
		grep -qxF -- "$s" "$1.cover" ||
		    { echo "cover: no heading '$s' ($key)"; return 1; }
	done
	pdftotext -layout -f 2 -l 2 "$1" - >"$1.index"
	for key in instructions cards credits; do
		default "$1.defaults" $key
		grep -q "^$s  *[0-9][0-9]*$" "$1.index" ||
		    { echo "index: no entry '$s' ($key)"; cat "$1.index"; return 1; }
	done
	n=$(pages "$1")
	for pk in 2:index 3:instructions 4:cards "$n:credits"; do
		p=${pk%%:*}
		default "$1.defaults" "${pk#*:}"
		[ "$(first_line "$1" "$p")" = "$s" ] || {
			echo "page $p starts '$(first_line "$1" "$p")', not '$s' (${pk#*:})"
			return 1
		}
	done
	default "$1.defaults" authors
	page_text "$1" "$n" | grep -qxF -- "$s" ||
	    { echo "credits: no '$s'"; return 1; }
}
for lang in en es it de fr; do
	dp five-$lang pack "$M" --lang $lang -o "$T/five-$lang.pdf"
	check "five languages, pack $lang: exit 0, a PDF" made five-$lang "$T/five-$lang.pdf"
	check "five languages, pack $lang: no diagnostics" quiet five-$lang
	check "five languages, pack $lang: cover, index and part headings are layouts/pack/$lang.yaml's" \
	    pack_headings "$T/five-$lang.pdf" $lang
	check "five languages, pack $lang: /Lang ($lang)" \
	    sh -c 'qpdf --qdf --object-streams=disable "$1" - |
	    grep -aqF "/Lang ($2)"' sh "$T/five-$lang.pdf" "$lang"
done
# headings_differ PREFIX: no two of PREFIX-LANG.pdf's page 2 start with
# the same line.
headings_differ() {
	for l in en es it de fr; do
		first=$(first_line "$1-$l.pdf" 2)
		echo "$first"
	done | sort | uniq -d | grep . && return 1
	return 0
}
check "five languages: the five packs' headings differ (no fallback to en)" \
    headings_differ "$T/five"

# --- 5. deckpress strings ------------------------------------------------
S=$T/strings
cp -R $Q "$S"
dp strings-before check "$S" --lang fr
check "check fr before strings: translated strings record no source" sh -c '
    grep -q "card .gravity. (fr): question records no source" "$1"' \
    sh "$T/strings-before.err"
dp strings strings "$S" --lang fr
check "strings --lang fr: exit 0" exits strings 0
cp "$S/text/fr.yaml" "$T/fr-after-strings.yaml"
# hashes TEXTFILE: every string of every block (card, attribute's
# values, pack) has an 8-hex-digit hash under its block's source:.
hashes() {
	awk "$KEYS"'
		val = $0
		sub(/^ *[^ :]+: */, "", val)
	}
	val == "" { block = key; next }
	key == "source" {
		gsub(/[{} ]/, "", val)
		n = split(val, kv, ",")
		for (i = 1; i <= n; i++) {
			split(kv[i], p, ":")
			if (length(p[2]) == 8 && p[2] !~ /[^0-9a-f]/)
				h[block SUBSEP p[1]] = 1
		}
		next
	}
	key == "same" { next }
	{ f[block SUBSEP key] = 1; nf++ }
	END {
		for (k in f) if (!(k in h)) {
			split(k, b, SUBSEP)
			print b[1] ": " b[2] " has no source hash"
			bad++
		}
		if (nf < 5) { print nf " strings"; bad++ }
		exit bad > 0
	}' "$1"
}
check "strings: a source hash for every string (cards, values, pack)" \
    hashes "$S/text/fr.yaml"
check "strings: the French already written is kept" sh -c '
    grep -qxF "    question: $2" "$1" && grep -qxF "    science: $3" "$1"' \
    sh "$S/text/fr.yaml" "$(string $Q/text/fr.yaml gravity question)" \
    "$(string $Q/text/fr.yaml category science)"
check "strings: each ~ string still ~, marked NEW" sh -c '
    [ "$(grep -c "# NEW" "$1")" = "$2" ] && [ "$(grep -c ": ~$" "$1")" = "$2" ]' \
    sh "$S/text/fr.yaml" "$ngaps"
dp strings-2 strings "$S" --lang fr
check "strings: a second run changes nothing" \
    cmp "$T/fr-after-strings.yaml" "$S/text/fr.yaml"
dp strings-check check "$S" --lang fr
check "check fr after strings: no string without source" sh -c '
    ! grep "records no source" "$1" &&
    grep -q "0 stale, 0 without source" "$2"' \
    sh "$T/strings-check.err" "$T/strings-check.out"
# The translator fills in the waterloo question.
sed 's/^    question: ~$/    question: En quelle année la bataille de Waterloo a-t-elle eu lieu ?/' \
    "$T/fr-after-strings.yaml" >"$S/text/fr.yaml"
check "fixture copy: the waterloo question filled in" sh -c '
    ! cmp -s "$1" "$2"' sh "$T/fr-after-strings.yaml" "$S/text/fr.yaml"
dp filled-check check "$S" --lang fr
check "check fr after filling one in: no 'records no source' for it" sh -c '
    ! grep -e "records no source" -e "waterloo" "$1"' sh "$T/filled-check.err"
check "check fr after filling one in: 1 missing, 0 stale, 0 without source" \
    grep -q "1 missing, 0 extra, 0 stale, 0 without source" "$T/filled-check.out"
# A changed source text makes its translation stale.
sed 's/^    question: Which force pulls/    question: What force pulls/' \
    $Q/text/en.yaml >"$S/text/en.yaml"
dp stale-check check "$S" --lang fr
check "check fr after the en source changed: gravity's question is stale" sh -c '
    grep "fr.yaml:[0-9]*:[0-9]*: warning: " "$1" | grep gravity | grep -q stale &&
    grep -q "1 stale" "$2"' sh "$T/stale-check.err" "$T/stale-check.out"

summary translate
