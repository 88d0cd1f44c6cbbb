# shellcheck shell=sh
# SPDX-License-Identifier: MIT
#
# Part of run-costs.sh: what inline markup in a text costs (issue 32).
# A card's text, a rule booklet's paragraph and deckpress check, each
# at 100, 1 000, 10 000 and 100 000 "<u>x</u> ": what renders has every
# x in its PDF, what is over the limits of deckpress(5) (1000 tags,
# icons and images a text, 32 levels deep) is refused at the tag too
# many, and the cost per tag stays flat; the same for a pack, for tags
# nested, and for **bold**, *italic* and {icon:...} together.  Writes
# only $T/markup*.

# markup_repeat N UNIT: UNIT N times, no newline after.
markup_repeat() {
	awk -v n="$1" -v u="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", u }'
}

# markup_game DIR CARD RULES: a game of one card whose title (in a
# text box where 1000 words fit) is CARD, single-quoted YAML, and whose
# rules/en.md is a heading and the paragraph RULES.
markup_game() {
	mkdir -p "$1/text" "$1/rules"
	printf 'game: markup\nlanguages: [en]\nlayout: ./layout.yaml\ncards:\n  - {id: one}\n' \
	    >"$1/deck.yaml"
	printf 'card: standard\nfront:\n  - {type: text, field: title, box_mm: [3, 3, 57, 82], size_pt: [2, 12]}\n' \
	    >"$1/layout.yaml"
	printf "cards:\n  one:\n    title: '%s'\n" "$2" >"$1/text/en.yaml"
	printf '# Rules\n\n%s\n' "$3" >"$1/rules/en.md"
}

# xs PDF: how many x PDF's text has (one awk, not a tr and a wc).
xs() {
	pdftotext "$1" - | awk '{ n += gsub(/x/, "") } END { print n + 0 }'
}

# markup_xs TAG N: the PDF of run TAG shows N x, all of them.
markup_xs() {
	got=$(xs "$T/$1.pdf")
	[ "$got" -eq "$2" ] || { echo "$1: $got x in the PDF, expected $2"; return 1; }
}

# markup_ok TAG N: run TAG exited 0, cheaply, its PDF with its N x.
markup_ok() {
	exits "$1" 0 && cheap "$1" && markup_xs "$1" "$2"
}

# markup_passes TAG: run TAG (a check) exited 0, cheaply.
markup_passes() {
	exits "$1" 0 && cheap "$1"
}

# markup_says TAG WANT: run TAG's stderr has a line matching WANT.
markup_says() {
	grep -qE "$2" "$T/$1.err" ||
	    { echo "expected a line matching: $2"; cat "$T/$1.err"; return 1; }
}

# markup_flat2 A1 A2 B1 B2 N1 N2: flat for runs A1, A2 and B1, B2.
markup_flat2() {
	flat "$1" "$2" "$5" "$6" && flat "$3" "$4" "$5" "$6"
}

# markup_pack TAG BASE N: pack TAG exited 0, cheaply, with N x more
# than pack BASE (the pack's own pages have words with an x).
markup_pack() {
	exits "$1" 0 && cheap "$1" || return 1
	a=$(xs "$T/$1.pdf")
	b=$(xs "$T/$2.pdf")
	[ $((a - b)) -eq "$3" ] ||
	    { echo "$1: $a x, $b without its rules' $3"; return 1; }
}

# One game per size: the text on the card (c) or in the rules (r).
for n in 100 1000 10000 100000; do
	u=$(markup_repeat "$n" '<u>x</u> ')
	markup_game "$T/markup-c$n" "$u" 'Play.'
	markup_game "$T/markup-r$n" 'One' "$u"
	timed "markup-card-$n" cards "$T/markup-c$n" -o "$T/markup-card-$n.pdf"
	timed "markup-booklet-$n" booklet "$T/markup-r$n" --lang en \
	    -o "$T/markup-booklet-$n.pdf"
	timed "markup-check-$n" check "$T/markup-r$n"
	timed "markup-checkcard-$n" check "$T/markup-c$n"
done
unset u

# Card texts: 1000 tags render; a value of 10 000 or 100 000 is over
# the 64 KiB of a YAML value, refused as it is read.
for n in 100 1000; do
	check "markup: a card text of $n <u>x</u> renders every x" \
	    markup_ok "markup-card-$n" "$n"
done
for n in 10000 100000; do
	check "markup: a card text of $n <u>x</u> is refused, cheaply" \
	    refused "markup-card-$n" \
	    "markup-c$n/text/en.yaml:3:12: error: text of $((n * 9)) bytes: at most 64 KiB"
done
# 7 000 fit in a value: the 1001st tag is refused, at its column.
markup_game "$T/markup-c7000" "$(markup_repeat 7000 '<u>x</u> ')" 'Play.'
timed markup-card-7000 cards "$T/markup-c7000" -o "$T/markup-card-7000.pdf"
check "markup: a card text of 7000 <u>x</u> is refused at tag 1001" \
    refused markup-card-7000 \
    "markup-c7000/text/en.yaml:3:9013: error: card 'one' \\(en\\): title: more than the 1000 tags, icons and images one text may have"

# Rule booklets: the same; 10 000 and 100 000 over the limit.
for n in 100 1000; do
	check "markup: a rules paragraph of $n <u>x</u> renders every x" \
	    markup_ok "markup-booklet-$n" "$n"
done
for n in 10000 100000; do
	check "markup: a rules paragraph of $n <u>x</u> is refused at tag 1001" \
	    refused "markup-booklet-$n" \
	    "markup-r$n/rules/en.md:3:9001: error: more than the 1000 tags, icons and images one paragraph"
done

# check: fine at 1000, the same error past it, each cheap.
for n in 100 1000; do
	check "markup: check of a rules paragraph of $n <u>x</u> passes" \
	    markup_passes "markup-check-$n"
	check "markup: check of a card text of $n <u>x</u> passes" \
	    markup_passes "markup-checkcard-$n"
done
for n in 10000 100000; do
	check "markup: check of a rules paragraph of $n <u>x</u> fails at tag 1001" \
	    refused "markup-check-$n" \
	    "markup-r$n/rules/en.md:3:9001: error: more than the 1000 tags"
	check "markup: check of a card text of $n <u>x</u> fails, cheaply" \
	    refused "markup-checkcard-$n" "error: text of $((n * 9)) bytes"
done
timed markup-checkcard-7000 check "$T/markup-c7000"
check "markup: check of a card text of 7000 <u>x</u> fails at tag 1001" \
    refused markup-checkcard-7000 \
    "markup-c7000/text/en.yaml:3:9013: error: card 'one' \\(en\\): title: more than the 1000 tags"

# The cost of a tag, from 100 to 100 000: flat (or less, refused).
for what in card booklet check checkcard; do
	for step in 100:1000 1000:10000 10000:100000; do
		a=${step%:*}
		b=${step#*:}
		check "markup: $what: the cost per tag at $b is flat from $a" \
		    flat "markup-$what-$a" "markup-$what-$b" "$a" "$b"
	done
done
unset a b

# A pack of the rules: the same booklet with the cards after it.
markup_game "$T/markup-p0" 'One' 'Play.'
timed markup-pack-0 pack "$T/markup-p0" -o "$T/markup-pack-0.pdf"
timed markup-pack-1000 pack "$T/markup-r1000" -o "$T/markup-pack-1000.pdf"
timed markup-pack-10000 pack "$T/markup-r10000" -o "$T/markup-pack-10000.pdf"
check "markup: a pack with 1000 <u>x</u> in its rules renders every x" \
    markup_pack markup-pack-1000 markup-pack-0 1000
check "markup: a pack with 10 000 <u>x</u> in its rules is refused" \
    refused markup-pack-10000 \
    "markup-r10000/rules/en.md:3:9001: error: more than the 1000 tags"
check "markup: pack: the cost per tag at 10 000 is flat from 1000" \
    flat markup-pack-1000 markup-pack-10000 1000 10000

# Nested: 32 levels render; the 33rd is refused where it opens, in a
# card and in a booklet; 7000 "x <u>" never closed, cheaply too.
d32=$(markup_repeat 32 '<b>')x$(markup_repeat 32 '</b>')
d33=$(markup_repeat 33 '<i>')x$(markup_repeat 33 '</i>')
deep=$(markup_repeat 7000 'x <u>')
markup_game "$T/markup-n32" "$d32" "$d32"
markup_game "$T/markup-n33" "$d33" 'Play.'
markup_game "$T/markup-n33r" 'One' "$d33"
markup_game "$T/markup-deep" 'One' "$deep"
timed markup-nest-32 cards "$T/markup-n32" -o "$T/markup-nest-32.pdf"
timed markup-nestb-32 booklet "$T/markup-n32" --lang en \
    -o "$T/markup-nestb-32.pdf"
timed markup-nest-33 cards "$T/markup-n33" -o "$T/markup-nest-33.pdf"
timed markup-nestb-33 booklet "$T/markup-n33r" --lang en \
    -o "$T/markup-nestb-33.pdf"
timed markup-deep booklet "$T/markup-deep" --lang en -o "$T/markup-deep.pdf"
check "markup: 32 tags nested render, on a card" markup_ok markup-nest-32 1
check "markup: 32 tags nested render, in a booklet" markup_ok markup-nestb-32 1
check "markup: a 33rd tag nested in a card text is refused where it opens" \
    refused markup-nest-33 \
    "markup-n33/text/en.yaml:3:109: error: card 'one' \\(en\\): title: '<i>' opens a level 33 deep, more than the 32"
check "markup: a 33rd tag nested in a rules paragraph is refused where it opens" \
    refused markup-nestb-33 \
    "markup-n33r/rules/en.md:3:97: error: '<i>' opens a level 33 deep, more than the 32"
check "markup: 7000 tags opened one in another are refused, cheaply" \
    refused markup-deep "markup-deep/rules/en.md:3:163: error: '<u>' opens a level 33 deep"
unset d32 d33 deep

# **bold**, *italic* and an icon, three tags a unit: 333 units (999)
# render on a card and in a booklet, 334 (1002) are refused.
for n in 333 334; do
	mix=$(markup_repeat "$n" '**b** *x* {icon:star} ')
	markup_game "$T/markup-m$n" "$mix" 'Play.'
	markup_game "$T/markup-mr$n" 'One' "$mix"
	timed "markup-mix-$n" cards "$T/markup-m$n" -o "$T/markup-mix-$n.pdf"
	timed "markup-mixb-$n" booklet "$T/markup-mr$n" --lang en \
	    -o "$T/markup-mixb-$n.pdf"
done
unset mix
check "markup: 999 of **bold**, *italic* and {icon:} render on a card" \
    markup_ok markup-mix-333 333
check "markup: 999 of **bold**, *italic* and {icon:} render in a booklet" \
    markup_ok markup-mixb-333 333
check "markup: 1002 of **bold**, *italic* and {icon:} are refused on a card" \
    refused markup-mix-334 \
    "markup-m334/text/en.yaml:3:[0-9]+: error: card 'one' \\(en\\): title: more than the 1000 tags"
check "markup: 1002 of **bold**, *italic* and {icon:} are refused in a booklet" \
    refused markup-mixb-334 \
    "markup-mr334/rules/en.md:3:[0-9]+: error: more than the 1000 tags"
check "markup: the mix's cost per unit is flat, card and booklet" \
    markup_flat2 markup-mix-333 markup-mix-334 markup-mixb-333 \
    markup-mixb-334 333 334

# Long texts, whatever their tags, cost what their length does: many
# line breaks (Pango's cost per paragraph grows with the text before
# it), text no line may break in (Pango shapes the rest of it again at
# each line), and [[card: never closed (check looked for each "]]").
# A card's text of 20 000 lines overflows its box (a draft draws it);
# 90 lines (past the 64 a text is laid out as one paragraph from) fit.
for n in 90 20000; do
	markup_game "$T/markup-lines$n" 'One' 'Play.'
	printf 'cards:\n  one:\n    title: "%s"\n' \
	    "$(markup_repeat "$n" 'x\\n')" >"$T/markup-lines$n/text/en.yaml"
	timed "markup-lines$n" cards "$T/markup-lines$n" --draft \
	    -o "$T/markup-lines$n.pdf"
done
markup_game "$T/markup-breaks" 'One' "$(markup_repeat 5000 'x  
')"
markup_game "$T/markup-nobreak" 'One' "$(markup_repeat 30000 'a{ ')"
markup_game "$T/markup-unclosed" 'One' "$(markup_repeat 30000 '[[card: ')"
timed markup-breaks booklet "$T/markup-breaks" --lang en \
    -o "$T/markup-breaks.pdf"
timed markup-nobreak booklet "$T/markup-nobreak" --lang en \
    -o "$T/markup-nobreak.pdf"
timed markup-unclosed check "$T/markup-unclosed"
check "markup: a card text of 90 lines renders every x" \
    markup_ok markup-lines90 90
check "markup: a card text of 20 000 lines renders, cheaply" \
    markup_passes markup-lines20000
check "markup: a rules paragraph of 5000 hard line breaks renders every x" \
    markup_ok markup-breaks 5000
check "markup: a rules paragraph of 30 000 'a{ ', nowhere to break, renders" \
    markup_passes markup-nobreak
check "markup: check of 30 000 '[[card: ' never closed, cheaply" \
    markup_passes markup-unclosed
