#!/bin/sh
# covers: langtags, hyphenation, translations, strings, check, cards, booklet,
#         import
# Language tags and a deck brought from elsewhere: BCP 47 codes (pt-BR,
# sr-Latn) in deck.yaml, --lang, text/, rules/ and output names, each
# tag's hyphenation dictionary (proved with a dictionary folder of our
# own where the wrong file breaks words visibly elsewhere), codes that
# are not tags refused at their line; 'strings --accept' on a
# translation that records no source; the source hash computed
# independently (python3) as deckpress(5) gives it; and numbers equal
# to their source not reported identical.  Prints "ok - NAME" /
# "not ok - NAME".  Decks are made under $T.
T=out/test/langtags
. tests/suite.sh
rm -rf "$T"
mkdir -p "$T"

# has FILE TEXT: FILE holds the line part TEXT (fixed string).
has() {
	grep -qF -- "$2" "$1" && return 0
	echo "no \"$2\" in $1:"
	sed 's/^/    /' "$1"
	return 1
}

# count FILE TEXT N: FILE has N lines holding TEXT.
count() {
	n=$(grep -cF -- "$2" "$1" || :)
	[ "$n" -eq "$3" ] && return 0
	echo "$n lines with \"$2\" in $1, expected $3"
	return 1
}

# --- a deck in en, pt-BR and sr-Latn ------------------------------------
D=$T/tags
mkdir -p "$D/text" "$D/rules"
cat >"$D/deck.yaml" <<'EOF'
game: tags
languages: [en, pt-BR, sr-Latn]
layout: ./layout.yaml
cards:
  - {id: law}
  - {id: n}
EOF
# A box some ten letters wide: the long words must break.
cat >"$D/layout.yaml" <<'EOF'
front:
  - {type: text, field: body, box_mm: [5, 5, 22, 40], size_pt: 11,
     align: left, valign: top}
EOF
cat >"$D/text/en.yaml" <<'EOF'
cards:
  law: {body: The law is unconstitutional.}
  n: {body: "42"}
EOF
cat >"$D/text/pt-BR.yaml" <<'EOF'
cards:
  law: {body: A inconstitucionalidade se aplica.}
  n: {body: "42"}
EOF
cat >"$D/text/sr-Latn.yaml" <<'EOF'
cards:
  law: {body: Ustavni zakon se primenjuje.}
  n: {body: "42"}
EOF

for l in en pt-BR sr-Latn; do
	dp cards-$l cards "$D" --lang $l -o "$T/cards-$l.pdf"
	check "tags: cards --lang $l renders" exits cards-$l 0
	pdftotext -raw "$T/cards-$l.pdf" "$T/cards-$l.txt" 2>/dev/null
done
check "tags: the pt-BR cards show the pt-BR text" \
    has "$T/cards-pt-BR.txt" "se aplica."
check "tags: the sr-Latn cards show the sr-Latn text" \
    has "$T/cards-sr-Latn.txt" "primenjuje."
dp outname cards "$D" --lang pt-BR
check "tags: the default output is named by the tag" \
    has "$T/outname.out" "tags-pt-BR-cards.pdf"
rm -f out/tags-pt-BR-cards.pdf
dp check-pt check "$D" --lang pt-BR
check "tags: check --lang pt-BR runs" exits check-pt 0
check "tags: check --lang pt-BR checks pt-BR's two strings" \
    has "$T/check-pt.out" "pt-BR  2 strings"
printf '# Regras\n\nLeia as cartas.\n' >"$D/rules/pt-BR.md"
dp booklet-pt booklet "$D" --lang pt-BR -o "$T/rules-pt-BR.pdf"
check "tags: rules/pt-BR.md is the pt-BR booklet" sh -c '
    pdftotext "$1" - | grep -q "Leia as cartas"' sh "$T/rules-pt-BR.pdf"

# --- hyphenation by tag -----------------------------------------------------
# The pt-BR word breaks with a hyphen, where hyph_pt_BR.dic allows.
check "tags: a long Portuguese word breaks at a line end" \
    has "$T/cards-pt-BR.txt" "inconstitu$(printf '\302\255')"
check "tags: each break is where the pt-BR dictionary allows" \
    ./out/test/hyphcheck pt-BR "$T/cards-pt-BR.txt"
# A folder where pt-BR's own file is the real one and pt's and pt-PT's
# break before every 'c': the same pages prove hyph_pt_BR.dic is read.
H=$T/hyphen
mkdir -p "$H"
cp /usr/share/hyphen/hyph_pt_BR.dic "$H/"
printf 'UTF-8\n1c\n' >"$H/hyph_pt_PT.dic"
cp "$H/hyph_pt_PT.dic" "$H/hyph_pt.dic"
export DECKPRESS_HYPHEN_DIR="$H"
dp own-pt cards "$D" --lang pt-BR -o "$T/own-pt-BR.pdf"
pdftotext -raw "$T/own-pt-BR.pdf" "$T/own-pt-BR.txt" 2>/dev/null || :
check "tags: pt-BR reads hyph_pt_BR.dic, not pt's or pt-PT's" \
    cmp "$T/cards-pt-BR.txt" "$T/own-pt-BR.txt"
# sr-Latn: Serbian's patterns (hyph_sr.dic) may be Cyrillic's.  A word
# too wide for the box: without a hyph_sr_Latn.dic it is not broken
# (and does not fit), with one it breaks where that file says.
S=$T/sr
mkdir -p "$S/text"
cp "$D/deck.yaml" "$D/layout.yaml" "$S/"
cp "$D/text/en.yaml" "$S/text/"
sed 's/^  law:.*/  law: {body: Neprimenjivanje zakona.}/' \
    "$D/text/sr-Latn.yaml" >"$S/text/sr-Latn.yaml"
printf 'UTF-8\n1n\n' >"$H/hyph_sr.dic"
cp "$H/hyph_sr.dic" "$H/hyph_sr_SR.dic"
dp sr-none cards "$S" --lang sr-Latn -o "$T/sr-none.pdf"
check "tags: sr-Latn does not take Serbian's script-less patterns" \
    has "$T/sr-none.err" "body does not fit its box at 11 pt: a word"
check "tags: and says nothing false about a dictionary" \
    count "$T/sr-none.err" "hyph" 0
cp "$H/hyph_sr.dic" "$H/hyph_sr_Latn.dic"
dp sr-latn cards "$S" --lang sr-Latn -o "$T/sr-latn.pdf"
unset DECKPRESS_HYPHEN_DIR
check "tags: sr-Latn with its own dictionary renders" exits sr-latn 0
pdftotext -raw "$T/sr-latn.pdf" "$T/sr-latn.txt" 2>/dev/null || :
check "tags: sr-Latn breaks by hyph_sr_Latn.dic (before an n)" \
    has "$T/sr-latn.txt" "Neprime$(printf '\302\255')"

# --- codes that are not tags --------------------------------------------
for bad in pt_br '"pt-"' pt-B x en-a x-toolongprivate p1 en--US; do
	sed "s/^languages:.*/languages: [en, $bad]/" "$D/deck.yaml" \
	    >"$T/bad.yaml"
	mkdir -p "$T/bad"
	cp "$T/bad.yaml" "$T/bad/deck.yaml"
	cp "$D/layout.yaml" "$T/bad/"
	dp bad check "$T/bad"
	check "tags: languages [en, $bad] is an error" exits bad 1
	check "tags: ... at its line and column, naming the form" \
	    has "$T/bad.err" "$T/bad/deck.yaml:2:17: error: '$(echo "$bad" |
	    tr -d '"')' is not a language tag: write a BCP 47 tag"
done
for good in nb pt-PT zh-Hant sr-Latn-RS es-419 de-CH-1996 zh-yue-HK \
    en-a-bbb-x-ccc x-klingon; do
	sed "s/^languages:.*/languages: [en, $good]/" "$D/deck.yaml" \
	    >"$T/bad/deck.yaml"
	dp good check "$T/bad"
	check "tags: languages [en, $good] is a tag (only its file is missing)" \
	    has "$T/good.err" "language '$good' has no text file"
done
sed "s/^languages:.*/languages: [en, pt_br]/" "$D/deck.yaml" \
    >"$T/bad/deck.yaml"
dp bad check "$T/bad"
check "tags: pt_br: the tag meant is suggested" \
    has "$T/bad.err" "did you mean 'pt-BR'?"
dp badlang strings "$D" --lang pt_BR
check "tags: strings --lang pt_BR is a usage error" exits badlang 2
check "tags: ... that names the form" has "$T/badlang.err" \
    "'pt_BR' is not a language tag"

# --- strings --accept on a translation brought from elsewhere -----------
E=$T/accept
mkdir -p "$E/text"
cat >"$E/deck.yaml" <<'EOF'
game: accept
languages: [en, es]
layout: ./layout.yaml
cards:
  - {id: law}
  - {id: n}
  - {id: plus}
  - {id: name}
  - {id: todo}
  - {id: old}
EOF
cp "$D/layout.yaml" "$E/"
cat >"$E/text/en.yaml" <<'EOF'
cards:
  law: {body: "Ação — 5€ per\nline"}
  n: {body: "42"}
  plus: {body: "+2 —"}
  name: {body: Tapas}
  todo: {body: Not yet}
  old: {body: The new text}
EOF
# As a converter leaves it: no source hashes; and one stale string.
cat >"$E/text/es.yaml" <<'EOF'
# Imported from elsewhere: keep this comment.
cards:
  law: {body: "Acción — 5€ por\nlínea"}
  n: {body: "42"}
  plus: {body: "+2 —"}
  # The dish: the same name in Spanish.
  name: {body: Tapas}
  todo: {body: ~}
  old:
    body: El texto viejo
    source: {body: 0badc0de}
EOF
dp before check "$E" --lang es
# What 'strings' alone makes of it first: the stale string marked so.
cp "$E/text/es.yaml" "$T/es-orig.yaml"
dp plain strings "$E" --lang es
check "accept: strings alone marks the stale string STALE" \
    count "$E/text/es.yaml" "# STALE:" 1
cp "$T/es-orig.yaml" "$E/text/es.yaml"
check "accept: before, 4 strings record no source" \
    count "$T/before.err" "records no source" 4
check "accept: before, 1 is stale" count "$T/before.err" "is stale" 1
check "accept: numbers and signs equal to the source are not identical" \
    count "$T/before.err" "is the same as the en text" 1
check "accept: a name with letters equal to the source still is" \
    has "$T/before.err" "card 'name' (es): body is the same as the en text"
dp accept strings "$E" --lang es --accept
check "accept: strings --accept runs" exits accept 0
check "accept: reports the 5 translations it accepted" \
    has "$T/accept.out" "5 translations accepted"
dp after check "$E" --lang es
check "accept: after, no string records no source" \
    count "$T/after.err" "records no source" 0
check "accept: after, none is stale" count "$T/after.err" "stale" 0
check "accept: the untranslated string stays untranslated" \
    has "$E/text/es.yaml" "body: ~"
check "accept: the file's comments are kept" sh -c '
    grep -q "^# Imported from elsewhere: keep this comment.$" "$1" &&
    grep -q "^  # The dish: the same name in Spanish.$" "$1"' sh \
    "$E/text/es.yaml"
check "accept: ... once each (an entry on one line: {body: ...})" \
    count "$E/text/es.yaml" "# The dish" 1
check "accept: the STALE mark is gone" count "$E/text/es.yaml" "STALE" 0
check "accept: the strings keep the file's order" sh -c '
    [ "$(sed -n "s/^  \([a-z]*\):.*/\1/p" "$1" | tr "\n" " ")" = \
    "law n plus name todo old " ]' sh "$E/text/es.yaml"
cp "$E/text/es.yaml" "$T/es-once.yaml"
dp again strings "$E" --lang es --accept
check "accept: a second --accept changes no byte" \
    cmp "$T/es-once.yaml" "$E/text/es.yaml"
check "accept: ... and accepts none" has "$T/again.out" \
    "0 translations accepted"

# --- the source hash, computed as deckpress(5) gives it -------------------
# FNV-1a, 32 bits, over the UTF-8 bytes of the source text as YAML reads
# it (escapes resolved), in 8 lower-case hex digits.
fnv() {
	python3 -c 'import sys
h = 2166136261
for b in sys.argv[1].encode("utf-8"):
	h = ((h ^ b) * 16777619) & 0xffffffff
print("%08x" % h)' "$1"
}
hash_of() {	# hash_of CARD: the hash text/es.yaml records for CARD's body
	sed -n "/^  $1:/,/^  [a-z]*:\$/s/^    source: {body: \\([0-9a-f]*\\)}/\\1/p" \
	    "$E/text/es.yaml"
}
check "hash: of a text with accents, a dash, a euro and a newline" \
    test "$(hash_of law)" = "$(fnv "$(printf 'Ação — 5€ per\nline')")"
check "hash: of a number" test "$(hash_of n)" = "$(fnv 42)"
check "hash: of the stale string's new source, once accepted" \
    test "$(hash_of old)" = "$(fnv 'The new text')"

# import takes the same tags: --lang and a spreadsheet's title@LANG.
rc=0
./deckpress import /dev/null --into "$T/none" --lang pt_br >/dev/null \
    2>"$T/imp.err" || rc=$?
check "import --lang pt_br: a usage error naming the BCP 47 form" \
    sh -c "test $rc = 2 && grep -q 'BCP 47' $T/imp.err"

summary langtags
