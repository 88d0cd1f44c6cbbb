#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: shapes, turning, bleed, cards, determinism
# Shapes, turns and bleed, measured at 600 dpi: a circle, a line, a
# dash period, a star's tips, a polygon's and a path's extents, a
# gradient's direction, opacity's blend (tests/decks/shapes/geo); text
# upside down and reading down, a turned rect, a pivot, a mirror
# (turn); a band with bleed grown only over the trim edges it touches
# (bleed).  Each deck's one card has its trim at (10.5, 16.5) mm on the
# page, so card mm + that offset is page mm.  Bad shapes are cases of
# tests/bad (shape-*).
T=out/test/shapes
. tests/suite.sh
D=tests/decks/shapes

pdf_ok() { $WRAP ./deckpress cards "$@" >/dev/null 2>&1; }

# render NAME: measured_page of the deck $D/NAME.
render() { measured_page "$D/$1" "$1"; }


# size_is FILE COLOUR W H: that colour's box measures W x H, to 0.1 mm.
size_is() {
	awk -v c="$2" -v w="$3" -v h="$4" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "color" && $2 == c { found = 1
		if (abs($5 - $3 - w) > 0.1 || abs($6 - $4 - h) > 0.1) {
			print c " is " $5 - $3 " x " $6 - $4 ", expected " \
			    w " x " h; bad = 1 } }
	    END { if (!found) print c " not found"; exit bad || !found }' "$1"
}

# --- geo: the shapes' sizes -------------------------------------------
check "shapes: the shapes deck renders" render geo
check "shapes: a circle in a 20 mm box is 20 mm across" \
    size_is "$T/geo.txt" "#c82828" 20 20
check "shapes: a stroked circle's outside is on its 20 mm box" \
    box_at "$T/geo.txt" "#2828c8" 38.5 20.5 58.5 40.5
check "shapes: a line from (5, 80) to (58, 80) is 53 mm long, 1 mm wide" \
    box_at "$T/geo.txt" "#c8c828" 15.5 96 68.5 97
check "shapes: a star with 5 points has 5 tips" sh -c '
    n=$(awk "\$1 == \"part\" && \$2 == \"#28c828\" && \$7 > 1000" "$1" |
        wc -l)
    [ "$n" -eq 5 ] || { echo "$n tips"; exit 1; }' sh "$T/geo.txt"
# The dashes of a horizontal line are parts in order of x.
check "shapes: dash_mm [2, 1] has a period of 3 mm along the line" sh -c '
    awk "\$1 == \"part\" && \$2 == \"#c828c8\" { x[n++] = \$3 }
        function abs(v) { return v < 0 ? -v : v }
        END { if (n < 10) { print n \" dashes\"; exit 1 }
            p = (x[n - 1] - x[0]) / (n - 1)
            for (i = 1; i < n; i++) if (abs(x[i] - x[i-1] - 3) > 0.1) {
                print \"dash \" i \" after \" x[i] - x[i-1]; exit 1 }
            if (abs(p - 3) > 0.1) { print \"period \" p; exit 1 } }" "$1"
    ' sh "$T/geo.txt"
check "shapes: the polygon spans its points (32..58, 28..50 mm)" \
    box_at "$T/geo.txt" "#28c8c8" 42.5 44.5 68.5 66.5
check "shapes: the path spans its lines, arc and curve (32..52, 54..66 mm)" \
    box_at "$T/geo.txt" "#804020" 42.5 70.5 62.5 82.5
# Pure red at the left of the rect, pure blue at its right, red falling
# from left to right in between: each colour of the gradient is a
# strip, its red less the further right it lies.
gradient_lr() {
	awk 'BEGIN { n = 0 }
	    function hex(s,  i, v) { v = 0; for (i = 1; i <= 2; i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v }
	    $1 == "color" && $4 > 72.4 && $6 < 80.6 && $3 >= 14.4 &&
	    $5 <= 38.6 { x[n] = $3; r[n] = hex(substr($2, 2, 2))
		b[n++] = hex(substr($2, 6, 2)) }
	    END { if (n < 50) { print n " colours"; exit 1 }
		for (i = 0; i < n; i++) for (j = 0; j < n; j++)
			if (x[i] < x[j] && r[i] <= r[j]) {
				print "red rises at " x[j]; exit 1 }
		for (i = 0; i < n; i++) {
			if (r[i] == 255 && x[i] > 15) bad = "red"
			if (b[i] == 255 && x[i] < 38) bad = "blue" }
		if (bad != "") { print bad " off its end"; exit 1 } }' "$1"
}
check "shapes: a linear gradient at 0 degrees runs left to right" \
    gradient_lr "$T/geo.txt"
# Green (the card's {color}) at the top, magenta (the palette's paper)
# at the bottom, green falling from top to bottom.
gradient_tb() {
	awk 'BEGIN { n = 0 }
	    function hex(s,  i, v) { v = 0; for (i = 1; i <= 2; i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v }
	    $1 == "color" && $3 > 26.4 && $5 < 38.6 && $4 >= 82.4 &&
	    $6 <= 88.6 { y[n] = $4; g[n++] = hex(substr($2, 4, 2))
		if (g[n - 1] >= 250 && hex(substr($2, 2, 2)) <= 5) top = $4
		if (g[n - 1] <= 5 && hex(substr($2, 2, 2)) >= 250) bottom = $6 }
	    END { if (n < 50) { print n " colours"; exit 1 }
		for (i = 0; i < n; i++) for (j = 0; j < n; j++)
			if (y[i] < y[j] && g[i] <= g[j]) {
				print "green rises at " y[j]; exit 1 }
		if (top == "" || top > 82.6 || bottom == "" || bottom < 88.4) {
			print "ends at " top ", " bottom; exit 1 } }' "$1"
}
check "shapes: a linear gradient at 90 degrees runs top to bottom, its stops a card's {color} and a palette name" \
    gradient_tb "$T/geo.txt"
check "shapes: opacity 0.5 blends blue half into the white paper" \
    box_at "$T/geo.txt" "#7f7fff" 14.5 82.5 22.5 88.5
pdf_ok "$D/geo" -o "$T/geo2.pdf"
check "shapes: two renders are byte-identical" cmp "$T/geo.pdf" \
    "$T/geo2.pdf"

# Cards whose gradients differ only in a stop bound to {color}: nine
# red ones fill page 1, a red one and a blue one follow on page 2, where
# the blue one must be blue.
check "shapes: the stops deck renders" pdf_ok "$D/stops" -o "$T/stops.pdf"
measure_page "$T/stops.pdf" 2 "$T/stops.txt"
check "shapes: a stop bound to {color} prints each card's own colour, not a face drawn before" \
    box_at "$T/stops.txt" "#2828c8" 104.8 20.5 132.5 40.5

# --- turn: rotate_deg, pivot_mm, flip ---------------------------------
check "turn: the deck renders" render turn
# pdftotext gives the turned words' boxes in pt.
pdftotext -bbox "$T/turn.pdf" "$T/turn.html"
inbox() {
	awk -v w="$2" -v x0="$3" -v y0="$4" -v x1="$5" -v y1="$6" '
	    /<word / { split($0, a, "\""); k = 72 / 25.4
		if ($0 ~ ">" w "<" && a[2] / k >= x0 && a[4] / k >= y0 &&
		    a[6] / k <= x1 && a[8] / k <= y1) found = 1 }
	    END { exit !found }' "$1"
}
check "turn: text turned 180 degrees stays in its corner box" \
    inbox "$T/turn.html" "T." 14.5 20.5 26.5 30.5
# "T." as it reads has the T first (the upper part), the dot low on
# the right; upside down, the dot comes first, high on the left.
check "turn: text turned 180 degrees is upside down" sh -c '
    awk "BEGIN { n = 0; m = 0 }
        \$1 == \"part\" && \$2 == \"#c82828\" { x[n] = \$3; s[n++] = \$7 }
        \$1 == \"part\" && \$2 == \"#2828c8\" { ux[m] = \$3; us[m++] = \$7 }
        END { if (n != 2 || m != 2) { print n, m; exit 1 }
            if (!(us[0] > us[1] && ux[1] > ux[0])) { print \"upright?\"; exit 1 }
            if (!(s[0] < s[1] && x[0] < x[1])) { print \"not turned\"; exit 1 } }" \
    "$1"' sh "$T/turn.txt"
tall() {
	awk -v w="$2" '/<word / { split($0, a, "\"")
		if (index($0, ">" w "<") && a[8] - a[4] > a[6] - a[2])
			ok = 1 }
	    END { exit !ok }' "$1"
}
check "turn: text turned 90 degrees is taller than wide (pdftotext)" \
    tall "$T/turn.html" "T...."
check "turn: text turned 90 degrees has ink 1.5 times as tall as wide" \
    awk '$1 == "color" && $2 == "#28c828" { ok = $6 - $4 > 1.5 * ($5 - $3) }
	END { exit !ok }' "$T/turn.txt"
check "turn: text turned 90 degrees reads down, its T at the top" sh -c '
    awk "BEGIN { n = 0 }
        \$1 == \"part\" && \$2 == \"#28c828\" { y0[n] = \$4; y1[n] = \$6
        s[n++] = \$7 }
        END { if (n != 5) { print n \" parts\"; exit 1 }
            for (i = 1; i < n; i++) if (s[i] >= s[0] || y0[i] < y1[0] - 0.2) {
                print \"part \" i \" above the T\"; exit 1 } }" "$1"
    ' sh "$T/turn.txt"
check "turn: a 16 x 6 mm rect turned 90 degrees stands 6 x 16 mm" \
    box_at "$T/turn.txt" "#c8c828" 55.5 81.5 61.5 97.5
check "turn: pivot_mm turns a rect about its top-left corner" \
    box_at "$T/turn.txt" "#804020" 26.5 36.5 30.5 46.5
check "turn: an image in a 20 x 10 mm box turned 90 degrees stands 10 x 20 mm" \
    box_at "$T/turn.txt" "#2850c8" 45.5 61.5 55.5 81.5
check "turn: flip: horizontal puts the triangle's foot on the right" \
    box_at "$T/turn.txt" "#28c8c8" 63.25 28.5 66.5 30.5
# The bad case's turned text (tests/bad/shape-turned-text-safe) is in
# the safe zone unturned.
mkdir -p "$T/safe"
cp -r tests/bad/shape-turned-text-safe/. "$T/safe/"
sed 's/rotate_deg: 90}/rotate_deg: 0}/' \
    tests/bad/shape-turned-text-safe/layout.yaml >"$T/safe/layout.yaml"
check "turn: the box the safe zone refuses turned passes unturned" \
    pdf_ok "$T/safe" -o "$T/safe.pdf"

# --- bleed: only over the edges a box touches -------------------------
check "bleed: the deck renders" render bleed
check "bleed: a band [0, 0, 63, 17] is 17 mm deep below the trim and reaches the bleed's edge up and sideways" \
    box_at "$T/bleed.txt" "#c82828" 7.5 13.5 76.5 33.5
check "bleed: a circle on no trim edge does not grow" \
    box_at "$T/bleed.txt" "#2828c8" 30.5 56.5 50.5 76.5
check "bleed: a line to the right edge runs on to the bleed's edge" \
    box_at "$T/bleed.txt" "#28c828" 40.5 91 76.5 92

summary shapes
