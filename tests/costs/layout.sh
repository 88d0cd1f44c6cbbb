# shellcheck shell=sh
# Sourced by tests/run-costs.sh: a layout language that is general must
# stay cheap to load (issue 33).  One layout of 10 000 repeated
# elements, taking two of 100 styles, at the end of a chain of 20
# layouts each extending the next: check loads, composes and binds it
# in under a tenth of the time bound, under 0.1 s on an ordinary build.

L=$T/layout
mkdir -p "$L/text"
printf 'game: t\nlanguages: [en]\nlayout: ./l20.yaml\ncards:\n  - {id: one}\n' \
    >"$L/deck.yaml"
echo "cards: {one: {}}" >"$L/text/en.yaml"
{
	echo "card: poker"
	echo "styles:"
	k=1
	while [ $k -le 100 ]; do
		printf '  s%d: {fill: "#%02x2828", stroke_mm: 0.%d}\n' $k $k $((k % 9 + 1))
		k=$((k + 1))
	done
	echo "front:"
	echo '  - {name: frame, type: rect, box_mm: [2, 2, 59.5, 84.9], style: s1}'
} >"$L/l0.yaml"
k=1
while [ $k -le 20 ]; do
	printf 'extends: ./l%d.yaml\nfront:\n  - {name: frame, style: s%d}\n' \
	    $((k - 1)) $((k * 5)) >"$L/l$k.yaml"
	k=$((k + 1))
done
cat >>"$L/l20.yaml" <<'YAML'
  - {type: rect, box_mm: ["({col} - 1) * 0.6 + 1.5", "({row} - 1) * 0.85 + 1.5",
     0.5, 0.5], style: [s7, s99], repeat: {cols: 100, rows: 100}}
YAML
timed layout check "$L"
check "layout: 10 000 repeats, 100 styles, 20 extends: check exits 0" \
    exits layout 0
check "layout: ... loaded in under 0.1 s" cheap layout 0.1

# 12 000 cards whose data asks each for 10 000 repeats: 120 million
# elements from a 300 KB deck.yaml, refused once half a million are made.
B=$T/repeats
mkdir -p "$B/text"
{
	printf 'game: t\nlanguages: [en]\nlayout: ./l.yaml\n'
	printf 'attributes:\n  h: number\ncards:\n'
	k=1
	while [ $k -le 12000 ]; do
		echo "  - {id: c$k, h: 10000}"
		k=$((k + 1))
	done
} >"$B/deck.yaml"
echo "cards: {}" >"$B/text/en.yaml"
printf 'card: poker\nfront:\n  - {type: rect, box_mm: [2, 2, 1, 1], fill: "#000000",\n     repeat: {count: "{h}", step_mm: [0.005, 0]}}\n' >"$B/l.yaml"
timed repeats cards "$B" -o "$T/repeats.pdf"
check "layout: 12 000 cards x 10 000 repeats from data: refused, cheaply" \
    refused repeats "l.yaml:3:5: error: card 'c51': the deck's elements from data make more than 500000 elements in all"
