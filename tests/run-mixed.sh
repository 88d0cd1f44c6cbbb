#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: mixed-sheets, sheets, components, crop-marks, duplex, tokens,
#   pack, hexes, nets
#
# Mixed sheets, measured at 600 dpi (tests/decks/mixed): three small
# kinds that each fill less than a sheet share one A4 sheet in bands of
# whole rows -- 5 squares, 6 round tokens, 14 stickers -- each component
# at its place, no band over another, all inside the printable area;
# the backs behind their fronts (long edge); crop marks only beside
# used cells, counted; the pack's cover saying how to cut each kind, in
# English and German; a pack without rules; and "sheet: shared" where
# a kind cannot share, an error; and every genre (dice stickers, dice
# nets, coins, hex tiles) on one sheet.
T=out/test/mixed
. tests/suite.sh
D=tests/decks/mixed

GEOM='function abs(v) { return v < 0 ? -v : v }
function near(a, b) { return abs(a - b) <= 0.1 }
function bad(s) { print s; nbad++ }'

# Where each component's trim lies on the front (mm), worked out as
# deckpress packs the sheet.  Squares 30 mm + 2 mm bleed: a grid of 6 x
# 9 on a sheet of their own, trims from (15, 13.5), the first band,
# one row of 5.  Its marks end 2 + 0.5 + 5 mm below the trims, at 51;
# 3 mm on, the tokens' band: 20 mm + 2 mm bleed, 24 mm apart, 8 to a
# row from x 21, so the first row's centres are at y 51 + 3 + 12 = 66.
# Their rings end at 78; 3 mm on, the stickers' marks, then their trims
# at 78 + 3 + 0.5 + 0.5 + 5 + 1 = 87.5... : 16 mm with 1 mm bleed, 12
# to a row from x 9, rows 16 mm apart: 12 and 2.
PLACES='
function sq_x(i) { return 15 + 30 * i }
function tok_x(i) { return 21 + 24 * i }
function st_x(i) { return 9 + 16 * (i % 12) }
function st_y(i) { return 87.5 + 16 * int(i / 12) }'

dp long cards "$D" -o "$T/long.pdf"
check "mixed: cards renders, exit 0, no diagnostics" \
    sh -c '[ "$(cat "$1.rc")" = 0 ] && ! grep . "$1.err"' sh "$T/long"
check "mixed: the three kinds share one sheet: 2 pages (front, back)" \
    sh -c '[ "$(pdfinfo "$1" | awk "/^Pages:/ { print \$2 }")" = 2 ]' \
    sh "$T/long.pdf"
measures "$T/long.pdf" "$T/long" 1 2

# fronts_ok M: every marker at its component's trim corner (a token's
# dot at its centre), each the size its layout gives.
fronts_ok() {
	awk "$GEOM$PLACES"'
	$1 == "color" { x0[$2] = $3; y0[$2] = $4; x1[$2] = $5; y1[$2] = $6 }
	function at(c, x, y, s, what) {
		if (!(c in x0)) { bad(what " " c " missing"); return }
		if (!near(x0[c], x) || !near(y0[c], y) ||
		    !near(x1[c] - x0[c], s) || !near(y1[c] - y0[c], s))
			bad(sprintf("%s %s at %.3f,%.3f %.3f x %.3f; expected %.2f,%.2f %g x %g",
			    what, c, x0[c], y0[c], x1[c] - x0[c], y1[c] - y0[c], x, y, s, s))
	}
	END {
		for (i = 0; i < 5; i++)
			at(sprintf("#a010%02x", 16 * (i + 1)), sq_x(i), 13.5, 6, "square")
		for (i = 0; i < 6; i++)
			at(sprintf("#a020%02x", 16 * (i + 1)), tok_x(i) - 1, 65, 2, "token")
		for (i = 0; i < 14; i++)
			at(sprintf("#a030%02x", 16 * (i + 1)), st_x(i), st_y(i), 4, "sticker")
		exit nbad > 0
	}' "$1"
}
check "mixed front: 5 squares, 6 tokens and 14 stickers, each at its place, +- 0.1 mm" \
    fronts_ok "$T/long-1.m"

# bands_ok M: each kind's painted area (its colour over trims and
# bleed) where its rows are, the bands one below the other with 3 mm
# and the marks between them, and everything printed but the grey
# guides inside the printable area, 5 mm in from each edge.
bands_ok() {
	awk "$GEOM"'
	$1 == "color" { x0[$2] = $3; y0[$2] = $4; x1[$2] = $5; y1[$2] = $6 }
	function band(c, bx0, by0, bx1, by1, what) {
		if (!(c in x0)) { bad(what " not painted"); return }
		if (!near(x0[c], bx0) || !near(y0[c], by0) ||
		    !near(x1[c], bx1) || !near(y1[c], by1))
			bad(sprintf("%s painted %.3f,%.3f to %.3f,%.3f; expected %g,%g to %g,%g",
			    what, x0[c], y0[c], x1[c], y1[c], bx0, by0, bx1, by1))
	}
	END {
		band("#30a050", 13, 11.5, 167, 45.5, "squares")
		band("#5050c0", 9, 54, 153, 78, "tokens")
		band("#c08030", 8, 86.5, 202, 120.5, "stickers")
		if (y1["#30a050"] >= y0["#5050c0"] || y1["#5050c0"] >= y0["#c08030"])
			bad("the bands overlap")
		for (c in x0) {
			if (c == "#999999") continue	# guides run to the edge
			if (x0[c] < 5 || y0[c] < 5 || x1[c] > 205 || y1[c] > 292)
				bad(sprintf("%s painted %.3f,%.3f to %.3f,%.3f: in the 5 mm edge band",
				    c, x0[c], y0[c], x1[c], y1[c]))
		}
		exit nbad > 0
	}' "$1"
}
check "mixed front: squares, tokens, stickers in bands 3 mm past the marks, none over another, all inside the printable area" \
    bands_ok "$T/long-1.m"

# backs_ok M: on the back (long edge) each square's back marker at its
# front's trim mirrored left to right (x -> 210 - x - 30, upright), each
# token's dot at its mirrored centre, and nothing of the stickers, which
# have no back.
backs_ok() {
	awk "$GEOM$PLACES"'
	$1 == "color" { x0[$2] = $3; y0[$2] = $4; x1[$2] = $5; y1[$2] = $6 }
	END {
		for (i = 0; i < 5; i++) {
			c = sprintf("#b010%02x", 16 * (i + 1)); x = 210 - sq_x(i) - 30
			if (!(c in x0)) bad("square back " c " missing")
			else if (!near(x0[c], x) || !near(y0[c], 13.5))
				bad(sprintf("square back %s at %.3f,%.3f; its front lands at %.2f,13.5", c, x0[c], y0[c], x))
		}
		for (i = 0; i < 6; i++) {
			c = sprintf("#b020%02x", 16 * (i + 1)); x = 210 - tok_x(i)
			if (!(c in x0)) bad("token back " c " missing")
			else if (!near((x0[c] + x1[c]) / 2, x) || !near((y0[c] + y1[c]) / 2, 66))
				bad(sprintf("token back %s centred at %.3f,%.3f; its front at %.2f,66 mirrored",
				    c, (x0[c] + x1[c]) / 2, (y0[c] + y1[c]) / 2, x))
		}
		for (c in x0) if (c ~ /^#a03/ || c == "#c08030") bad("a sticker on the back: " c)
		exit nbad > 0
	}' "$1"
}
check "mixed back, long edge: each square's and token's back behind its front, no sticker" \
    backs_ok "$T/long-2.m"

# marks_count M BAND Y0 Y1 N: N crop marks (black lines) with their
# middle between Y0 and Y1 mm.
marks_count() {
	awk -v a="$3" -v b="$4" -v want="$5" -v what="$2" '
	$1 == "mark" && ($3 + $5) / 2 > a && ($3 + $5) / 2 < b { n++ }
	END { if (n != want) { print what ": " n + 0 " marks, expected " want; exit 1 } }' "$1"
}
# Squares: 5 used of a row of 6: 6 vertical trim lines marked above and
# below, 2 horizontal ones on the left, none on the right, beside the
# empty cell: 14 (a full row would have 18).  Stickers: a row of 12 and
# one of 2: 13 lines above, 3 below the 2, 3 lines left, 2 right (the
# third beside an empty cell): 21, not the 32 of two full rows.
check "mixed front: the squares' band has 14 crop marks, none beside its empty cell" \
    marks_count "$T/long-1.m" squares 0 52 14
check "mixed front: the tokens' band has none (cut along their circles)" \
    marks_count "$T/long-1.m" tokens 52 80 0
check "mixed front: the stickers' band has 21 crop marks, none beside an empty cell" \
    marks_count "$T/long-1.m" stickers 80 297 21
check "mixed front: the stickers' marks below their last row only under its 2 stickers (x 9, 25, 41)" \
    awk "$GEOM"'
    $1 == "mark" && $3 > 104 && $5 - $3 > $4 - $2 { n++; x = ($2 + $4) / 2
	if (!near(x, 9) && !near(x, 25) && !near(x, 41)) bad(sprintf("mark at x %.3f below an empty cell", x)) }
    END { if (n != 3) bad(n + 0 " marks below the stickers, expected 3"); exit nbad > 0 }' "$T/long-1.m"
check "mixed back: the squares' 14 marks mirrored, none for the stickers, which have no back" \
    sh -c 'marks() { awk -v a="$2" -v b="$3" "\$1 == \"mark\" && (\$3 + \$5) / 2 > a && (\$3 + \$5) / 2 < b { n++ } END { print n + 0 }" "$1"; }
    [ "$(marks "$1" 0 52)" = 14 ] && [ "$(marks "$1" 52 297)" = 0 ] ||
    { echo "$(marks "$1" 0 52) and $(marks "$1" 52 297)"; exit 1; }' sh "$T/long-2.m"

# --- the pack: how to cut each kind ----------------------------------------
# cover_says PDF TEXT: the cover (page 1) says TEXT, its lines joined.
cover_says() {
	pdftotext -f 1 -l 1 "$1" - | tr '\n' ' ' | grep -qF -- "$2" ||
	    { echo "the cover does not say: $2"; pdftotext -f 1 -l 1 "$1" - | sed -n '/^Cut\|^Schneid/,$p' | head -12; return 1; }
}
dp pack-en pack "$D" -o "$T/pack-en.pdf"
dp pack-de pack "$D" --lang de -o "$T/pack-de.pdf"
check "pack en, de: render, exit 0" sh -c '[ "$(cat "$1.rc")$(cat "$2.rc")" = 00 ]' \
    sh "$T/pack-en" "$T/pack-de"
check "pack en: the cover says to cut the squares and stickers along the crop marks" \
    cover_says "$T/pack-en.pdf" "Squares, Stickers: Once the ink is dry, cut the cards out along the crop marks"
check "pack en: ... and the tokens along their cut lines" \
    cover_says "$T/pack-en.pdf" "Tokens: Cut each round or hexagonal piece out along the thin line printed round it"
check "pack de: the cover says to cut the squares and stickers along the crop marks" \
    cover_says "$T/pack-de.pdf" "Quadrate, Aufkleber: Sobald die Tinte trocken ist, schneide die Karten"
check "pack de: ... and the tokens along their cut lines" \
    cover_says "$T/pack-de.pdf" "Spielsteine: Schneide jedes runde oder sechseckige Teil entlang der dünnen Linie aus"

# --- a pack without rules ---------------------------------------------------
# The same game with no rules written yet: its pack still comes, with a
# warning: cover, contents, the divider, a blank page, the sheet's 2
# pages; no instructions.
N=$T/norules
cp -R "$D" "$N"
rm -rf "$N/rules"
dp norules pack "$N" -o "$T/norules.pdf"
check "pack without rules: exit 0, a warning that the instructions are missing" \
    sh -c '[ "$(cat "$1.rc")" = 0 ] && [ "$(cat "$1.err")" = "$2/rules/en.md: warning: the pack in '"'en'"' has no instructions yet: it is made without them until its rule booklet, rules/en.md, is written
0 errors, 1 warning" ] || { cat "$1.rc" "$1.err"; exit 1; }' sh "$T/norules" "$N"
check "pack without rules: it says so, and its pages: cover, contents, divider, blank, 2 sheet pages" \
    sh -c 'grep -qxF "$2: 6 pages (no instructions yet, cards from 5)" "$1.out" &&
    [ "$(pdfinfo "$2" | awk "/^Pages:/ { print \$2 }")" = 6 ] ||
    { cat "$1.out"; pdfinfo "$2" | grep Pages; exit 1; }' sh "$T/norules" "$T/norules.pdf"
check "pack without rules: the cover says how to cut, the contents name no instructions" \
    sh -c 'pdftotext -f 1 -l 1 "$1" - | grep -q "^Cut the cards" &&
    ! pdftotext -f 2 -l 2 "$1" - | grep -q Instructions &&
    ! pdftotext "$1" - | grep -q "print the instructions"' sh "$T/norules.pdf"
measures "$T/norules.pdf" "$T/norules" 5
check "pack without rules: the sheet as cards prints it" fronts_ok "$T/norules-5.m"

# --- sheet: shared where a kind cannot share --------------------------------
# bad_case NAME MESSAGE: cards on $T/NAME exits 1 with MESSAGE and the
# count, and writes nothing.
bad_case() {
	dp "$1" cards "$T/$1" -o "$T/$1.pdf"
	[ "$(cat "$T/$1.rc")" = 1 ] &&
	    [ "$(cat "$T/$1.err")" = "$2
1 error, 0 warnings" ] && [ ! -e "$T/$1.pdf" ] ||
	    { echo "exit $(cat "$T/$1.rc")"; cat "$T/$1.err"; ls "$T/$1.pdf" 2>&1; return 1; }
}
B=$T/board
cp -R "$D" "$B"
printf 'size: {width_mm: 300, height_mm: 400}\ntile: true\nfront:\n  - {type: rect, bleed: true, fill: "#30a050"}\n' >"$B/board.yaml"
sed -i 's|^  token: {layout: ./token.yaml}|&\n  board: {layout: ./board.yaml, sheet: shared}|' "$B/deck.yaml"
echo '  - {id: b1, component: board}' >>"$B/deck.yaml"
line=$(grep -n 'board: {layout' "$B/deck.yaml" | cut -d: -f1)
check "sheet: shared on a board split over sheets: an error at the key, exit 1, nothing written" \
    bad_case board "$B/deck.yaml:$line:40: error: component 'board' is split over several sheets: it cannot share one"
F=$T/fixed
cp -R "$D" "$F"
sed -i 's|^components:|sheet: a4-3x3\n&|; s|  sticker: {layout: ./sticker.yaml}|  sticker: {layout: ./sticker.yaml, sheet: shared}|' "$F/deck.yaml"
line=$(grep -n 'sticker: {layout' "$F/deck.yaml" | cut -d: -f1)
check "sheet: shared on a fixed grid: an error at the key, exit 1, nothing written" \
    bad_case fixed "$F/deck.yaml:$line:44: error: component 'sticker' cannot share a sheet whose grid is fixed (3 x 3): shared sheets compute each kind's rows"
H=$T/flathex
cp -R tests/decks/genres "$H"
sed -i 's|^shape: hex|&\norient: flat|; s|box_mm: \[6, 18, 28, 10\]|box_mm: [10, 12, 20, 10]|' "$H/tile.yaml"
sed -i 's|  tile: {layout: ./tile.yaml}|  tile: {layout: ./tile.yaml, sheet: shared}|' "$H/deck.yaml"
line=$(grep -n 'tile: {layout' "$H/deck.yaml" | cut -d: -f1)
col=$(awk -v l="$line" 'NR == l { print index($0, "shared") }' "$H/deck.yaml")
check "sheet: shared on flat hexes: an error at the key, exit 1, nothing written" \
    bad_case flathex "$H/deck.yaml:$line:$col: error: component 'tile' is flat hexes, whose rows run down the page: they cannot share a sheet"
S=$T/slotted
cp -R "$D" "$S"
printf 'paper: a4\nslots:\n  - {at_mm: [20, 20]}\n  - {at_mm: [60, 20]}\n' >"$S/slots.yaml"
sed -i 's|^components:|sheet: ./slots.yaml\n&|; s|  sticker: {layout: ./sticker.yaml}|  sticker: {layout: ./sticker.yaml, sheet: shared}|' "$S/deck.yaml"
line=$(grep -n 'sticker: {layout' "$S/deck.yaml" | cut -d: -f1)
col=$(awk -v l="$line" 'NR == l { print index($0, "shared") }' "$S/deck.yaml")
check "sheet: shared on a sheet of listed slots: an error at the key, exit 1, nothing written" \
    bad_case slotted "$S/deck.yaml:$line:$col: error: component 'sticker' cannot share a sheet that lists its slots: shared sheets compute each kind's rows"

# --- every genre on one sheet (tests/decks/genres, the README's picture)
# 12 stickers of two blank dice, two dice as nets, 6 coins, 3 hex tiles:
# one front sheet and its back (the coins have backs), each kind in a
# band of its own -- each colour's box inside the printable area, no
# two kinds' boxes overlapping down the page -- the hexes sharing their
# cut lines (43 mm a tile: its 40 across the flats and 3 of outer bleed).
G=tests/decks/genres
dp genres cards "$G" -o "$T/genres.pdf"
check "genres: dice stickers, dice nets, coins and hex tiles: one sheet and its back" \
    sh -c '[ "$(cat "$1.rc")" = 0 ] && pdfinfo "$2" | grep -qx "Pages: *2"' _ \
    "$T/genres" "$T/genres.pdf"
measures "$T/genres.pdf" "$T/genres" 1
check "genres: each kind in a band of its own, none over another, all inside the printable area" \
    awk "$GEOM"'
    $1 == "color" { k = "" }
    $1 == "color" && $2 == "#d9a520" { k = "coins" }
    $1 == "color" && $2 == "#fbf6ea" { k = "stickers" }
    $1 == "color" && ($2 == "#2b5d8a" || $2 == "#b5651d") { k = "dice" }
    $1 == "color" && ($2 == "#2b6f9e" || $2 == "#8a5a2b" ||
	$2 == "#3f8f5a") { k = "tiles" }
    $1 == "color" && k != "" { if (!(k in top) || $4 < top[k]) top[k] = $4
	if (!(k in bot) || $6 > bot[k]) bot[k] = $6
	if ($3 < 5 || $4 < 5 || $5 > 205 || $6 > 292) bad(k " outside")
	n[k]++ }
    END { for (a in top) for (b in top) if (a < b &&
	    top[a] < bot[b] && top[b] < bot[a]) bad(a " over " b)
	if (length(top) != 4) bad(length(top) " kinds found")
	exit nbad > 0 }' "$T/genres-1.m"
check "genres: three hex tiles in a row sharing their cut lines, 3 mm of bleed outside" \
    awk "$GEOM"'
    $1 == "color" && ($2 == "#2b6f9e" || $2 == "#8a5a2b" ||
	$2 == "#3f8f5a") { n++; x0[n] = $3; x1[n] = $5 }
    END { if (n != 3) bad(n " tiles")
	# in x order: a tile ends where the next begins, on their cut line
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (x0[j] < x0[i]) { t = x0[i]; x0[i] = x0[j]; x0[j] = t
			t = x1[i]; x1[i] = x1[j]; x1[j] = t }
	if (!near(x1[1], x0[2]) || !near(x1[2], x0[3])) bad("not touching")
	if (!near(x1[1] - x0[1], 43) || !near(x1[2] - x0[2], 40) ||
	    !near(x1[3] - x0[3], 43)) bad("widths")
	exit nbad > 0 }' "$T/genres-1.m"

# The pack of a game with no rules yet: a warning; its cover says how to
# cut each kind, the dice nets included.
dp genres-pack pack "$G" --lang en -o "$T/genres-pack.pdf"
check "genres: pack without rules, exit 0, one warning" \
    sh -c '[ "$(cat "$1.rc")" = 0 ] && [ -s "$1.pdf" ] &&
    grep -q "warning: the pack in .en. has no instructions yet" "$1.err"' _ \
    "$T/genres-pack"
check "genres: the pack's cover: coins and tiles along their lines, dice cut, folded, glued" \
    sh -c 'pdftotext -f 1 -l 1 "$1" - | tr "\n" " " >"$1.txt" &&
    grep -q "Coins, Tiles: Cut each round or hexagonal piece" "$1.txt" &&
    grep -q "Dice stickers: Once the ink is dry, cut the cards out along the crop marks" "$1.txt" &&
    grep -q "Dice: Cut each net out along its solid outline, glue tabs included. Fold it along every dashed line" "$1.txt"' _ \
    "$T/genres-pack.pdf"

echo "mixed: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
