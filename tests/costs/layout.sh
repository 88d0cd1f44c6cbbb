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
