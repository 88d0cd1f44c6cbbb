#!/bin/sh
# make bench: render a generated 540-card deck (60 cards x 9 copies, in
# the Data Chain layout) RUNS times and print the median wall time.
set -eu
RUNS=${RUNS:-10}
B=out/test/bench
rm -rf "$B"
mkdir -p "$B/text"
{
	echo "languages: [en]"
	echo "layout: data-chain"
	echo "attributes: {kind: [artefact, action], team: [activist, broker]}"
	echo "cards:"
	i=0
	while [ $i -lt 60 ]; do
		case $((i % 3)) in
		0) echo "  - {id: c$i, kind: artefact, team: activist, count: 9}" ;;
		1) echo "  - {id: c$i, kind: artefact, team: broker, count: 9}" ;;
		*) echo "  - {id: c$i, kind: action, count: 9}" ;;
		esac
		i=$((i + 1))
	done
} >"$B/deck.yaml"
{
	echo "cards:"
	i=0
	while [ $i -lt 60 ]; do
		echo "  c$i: {title: Card number $i of the benchmark, body: \"Players on your team can draw one extra card each, and steal a card each from any player ($i).\"}"
		i=$((i + 1))
	done
} >"$B/text/en.yaml"
./deckpress cards "$B" -o "$B/bench.pdf"
i=0
while [ $i -lt "$RUNS" ]; do
	s=$(date +%s.%N)
	./deckpress cards "$B" -o "$B/bench.pdf" >/dev/null
	e=$(date +%s.%N)
	echo "$s $e" | awk '{ printf "%.4f\n", $2 - $1 }'
	i=$((i + 1))
done | sort -n | awk -v runs="$RUNS" '
	{ t[NR] = $1 }
	END {
		m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
		printf "540 cards (120 pages), %d runs: median %.3f s, min %.3f s, max %.3f s\n", NR, m, t[1], t[NR]
	}'

# The validator: a generated deck of 10 000 cards in two languages,
# with a rules file, checked in full (composition, translations, fit).
C=out/test/bench-check
rm -rf "$C"
mkdir -p "$C/text"
awk 'BEGIN {
	print "languages: [en, es]\nlayout: data-chain"
	print "attributes: {kind: [artefact, action], team: [activist, broker]}"
	print "cards:"
	for (i = 0; i < 10000; i++)
		if (i % 3 == 0) print "  - {id: c" i ", kind: artefact, team: activist}"
		else if (i % 3 == 1) print "  - {id: c" i ", kind: artefact, team: broker}"
		else print "  - {id: c" i ", kind: action}"
}' >"$C/deck.yaml"
awk 'BEGIN {
	print "cards:"
	for (i = 0; i < 10000; i++) {
		print "  c" i ":"
		print "    title: Card number " i
		print "    body: Players on your team can draw one extra card each, and steal card " i " from any player."
	}
}' >"$C/text/en.yaml"
awk 'BEGIN {
	print "cards:"
	for (i = 0; i < 10000; i++) {
		print "  c" i ":"
		print "    title: Carta número " i
		print "    body: Tu equipo puede robar una carta extra cada uno/a, y robar la carta " i " a cualquier jugador/a."
	}
}' >"$C/text/es.yaml"
printf 'total: 10000\nrules:\n  - {where: {kind: action}, exactly: 3333}\n  - {each: team, where: {kind: artefact}, at_least: 3333}\n' >"$C/rules.yaml"
./deckpress strings "$C" --lang es >/dev/null
i=0
while [ $i -lt "${CHECK_RUNS:-3}" ]; do
	s=$(date +%s.%N)
	./deckpress check "$C" --werror >/dev/null
	e=$(date +%s.%N)
	echo "$s $e" | awk '{ printf "%.4f\n", $2 - $1 }'
	i=$((i + 1))
done | sort -n | awk '
	{ t[NR] = $1 }
	END {
		m = t[int((NR + 1) / 2)]
		printf "check, 10000 cards x 2 languages, %d runs: median %.3f s = %.3f s per 1000 cards\n", NR, m, m / 10
	}'
