#!/bin/sh
# covers: hexes, tokens, duplex, bleed, crop-marks, sheets
# Hex tiles (issue 35), measured on real output: the test game
# tests/decks/hex/ (pointy hexes 40 mm across their flats, 3 mm bleed,
# touching in a honeycomb; flat ones of 15 mm sides, 2 mm bleed, 4 mm
# between trims) rendered with every duplex mode, each page at 600 dpi
# measured by out/test/hexfit (each face's reach along its six edge
# normals, its cut line's middle, from the dot at its centre) and
# out/test/measure (the markers).  Prints "ok - NAME" / "not ok - NAME".
T=out/test/hex
. tests/suite.sh

H=tests/decks/hex
# pointy: W x H, apothem a; flat: 30 x 25.981, a = 12.990
PW=40 PH=46.188 PA=20
FW=30 FH=25.981 FA=12.990

render() { $WRAP ./deckpress cards "$@" >/dev/null; }
# fit PDF PAGE W H NAME: hexfit of the page, and measure -p of it.
fit() {
	pdftoppm -r 600 -aa no -aaVector no -f "$2" -l "$2" -singlefile "$1" \
	    "$T/$5" && ./out/test/hexfit "$T/$5.ppm" "$3" "$4" ff8000 |
	    grep -v -e '#000080' -e '#008000' >"$T/$5.hex" &&
	    ./out/test/measure -p "$T/$5.ppm" >"$T/$5.m" && rm -f "$T/$5.ppm"
}

HEXGEOM='
function abs(v) { return v < 0 ? -v : v }
function bad(msg) { print msg; nbad++ }
# the normal of edge k of a hex pointy (flat == 0) or flat
function nx(k) { return cos((60 * k + (flat ? 30 : 0)) * 3.14159265358979 / 180) }
function ny(k) { return sin((60 * k + (flat ? 30 : 0)) * 3.14159265358979 / 180) }
FNR == 1 { file++ }
file == 1 && $1 == "hex" { n++; col[n] = $2; cx[n] = $3; cy[n] = $4
  for (k = 0; k < 6; k++) { E[n, k] = $(5 + k); C[n, k] = $(11 + k) }
  S[n] = $17 }
'

# hexes_ok FILE FLAT N A BLEED KEPT PITCH: N hexes; each edge of each
# one's cut line within 0.1 mm of the designed hex (apothem A) and
# straight (its pixels within a band of the 0.5 pt line and a pixel);
# its face reaches A + BLEED along an edge no hex faces, A + KEPT along
# one where a hex lies PITCH away across it.
hexes_ok() {
	awk -v flat="$2" -v want="$3" -v a="$4" -v b="$5" -v kept="$6" \
	    -v p="$7" "$HEXGEOM"'
	END {
		if (n != want) bad(n " hexes, expected " want)
		for (i = 1; i <= n; i++) for (k = 0; k < 6; k++) {
			if (abs(C[i, k] - a) > 0.1)
				bad(sprintf("%s: cut line of edge %d at %.3f, expected %.3f", col[i], k, C[i, k], a))
			nb = 0
			for (j = 1; j <= n; j++)
				if (abs(cx[j] - cx[i] - p * nx(k)) < 0.1 && abs(cy[j] - cy[i] - p * ny(k)) < 0.1)
					nb = 1
			e = a + (nb ? kept : b)
			if (abs(E[i, k] - e) > 0.1)
				bad(sprintf("%s: edge %d reaches %.3f, expected %.3f (%s)", col[i], k, E[i, k], e, nb ? "a neighbour" : "outer"))
		}
		for (i = 1; i <= n; i++) if (S[i] > 0.176 + 0.1)
			bad(sprintf("%s: a cut line %.3f mm wide", col[i], S[i]))
		exit nbad > 0 || n == 0
	}' "$1"
}

# honey_ok FILE FLAT PITCH COUNTS: a honeycomb, rows across the page
# (pointy) or down it (flat) PITCH * sqrt(3) / 2 apart, the hexes of a
# row PITCH apart, every other row shifted PITCH / 2; COUNTS the hexes
# of each row ("4 4 1").
honey_ok() {
	awk -v flat="$2" -v p="$3" -v counts="$4" "$HEXGEOM"'
	END {
		nc = split(counts, want, " ")
		for (i = 1; i <= n; i++) {
			u = flat ? cy[i] : cx[i]; v = flat ? cx[i] : cy[i]
			for (r = 1; r <= nr; r++) if (abs(rv[r] - v) < 1) break
			if (r > nr) { nr++; rv[r] = v; cnt[r] = 0; mn[r] = 1e9 }
			cnt[r]++; ru[r, cnt[r]] = u; if (u < mn[r]) mn[r] = u
		}
		for (i = 2; i <= nr; i++) for (j = i; j > 1 && rv[j] < rv[j - 1]; j--) {
			t = rv[j]; rv[j] = rv[j - 1]; rv[j - 1] = t
			t = cnt[j]; cnt[j] = cnt[j - 1]; cnt[j - 1] = t
			t = mn[j]; mn[j] = mn[j - 1]; mn[j - 1] = t
		}
		if (nr != nc) bad(nr " rows, expected " nc)
		for (r = 1; r <= nr; r++) {
			if (cnt[r] != want[r]) bad("row " r ": " cnt[r] " hexes, expected " want[r])
			if (r > 1 && abs(rv[r] - rv[r - 1] - p * sqrt(3) / 2) > 0.05)
				bad(sprintf("rows %d and %d: %.3f mm apart, expected %.3f", r - 1, r, rv[r] - rv[r - 1], p * sqrt(3) / 2))
			if (r % 2 == 0 && abs(mn[r] - mn[1] - p / 2) > 0.05)
				bad(sprintf("row %d shifted %.3f mm", r, mn[r] - mn[1]))
		}
		for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) {
			u = flat ? cy[i] : cx[i]; v = flat ? cx[i] : cy[i]
			uj = flat ? cy[j] : cx[j]; vj = flat ? cx[j] : cy[j]
			if (abs(v - vj) < 1 && uj > u && uj - u < 1.5 * p && abs(uj - u - p) > 0.05)
				bad(sprintf("neighbours at %.3f and %.3f: %.3f mm apart, expected %.3f", u, uj, uj - u, p))
		}
		exit nbad > 0 || n == 0
	}' "$1"
}

# backs_ok FRONT BACK FLAT MODE MAP: every front's back (its colour by
# MAP: tile #RR40C0 -> #C0RR40, flat #20RRA0 -> #A020RR) centred where
# the turn puts it (long: x -> 210 - x, short: y -> 297 - y), each of its
# edges with the bleed of the front's edge behind it.
backs_ok() {
	awk -v flat="$3" -v mode="$4" -v map="$5" "$HEXGEOM"'
	function mirror(k) {
		if (mode == "short") return flat ? (11 - k) % 6 : (6 - k) % 6
		return flat ? (8 - k) % 6 : (9 - k) % 6
	}
	file == 2 { bx[$2] = $3; by[$2] = $4; for (k = 0; k < 6; k++) bE[$2, k] = $(5 + k) }
	END {
		for (i = 1; i <= n; i++) {
			c = col[i]
			b = map == "tile" ? "#c0" substr(c, 2, 2) "40" : "#a020" substr(c, 4, 2)
			if (!(b in bx)) { bad(c ": no back " b); continue }
			ex = mode == "short" ? cx[i] : 210 - cx[i]
			ey = mode == "short" ? 297 - cy[i] : cy[i]
			if (abs(bx[b] - ex) > 0.1 || abs(by[b] - ey) > 0.1)
				bad(sprintf("%s at %.3f,%.3f: back at %.3f,%.3f, expected %.3f,%.3f", c, cx[i], cy[i], bx[b], by[b], ex, ey))
			for (k = 0; k < 6; k++) if (abs(bE[b, mirror(k)] - E[i, k]) > 0.1)
				bad(sprintf("%s: edge %d reaches %.3f, its back %.3f", c, k, E[i, k], bE[b, mirror(k)]))
		}
		exit nbad > 0 || n == 0
	}' "$1" "$2"
}

# markers_ok HEX M DX DY: on the page of HEX (hexfit) and M (measure
# -p), a 6 mm marker #008000 DX, DY mm from each back's centre: the
# back upright (long edge) or upside down (short), top behind top.
markers_ok() {
	awk -v dx="$3" -v dy="$4" "$HEXGEOM"'
	file == 2 && $1 == "part" && $2 == "#008000" { m++; mx[m] = ($3 + $5) / 2; my[m] = ($4 + $6) / 2 }
	END {
		for (i = 1; i <= n; i++) {
			f = 0
			for (j = 1; j <= m; j++) if (abs(mx[j] - cx[i] - dx) < 0.1 && abs(my[j] - cy[i] - dy) < 0.1) f = 1
			if (!f) bad(sprintf("%s at %.3f,%.3f: no marker at %s,%s from it", col[i], cx[i], cy[i], dx, dy))
		}
		exit nbad > 0 || n == 0
	}' "$1" "$2"
}

# --- 1. pointy hexes touching, flat hexes with a gutter ---------------
# Pointy: 40 + 2 x 3 mm across, 46.188 + 4 x 3 / sqrt(3) = 53.116 mm
# corner to corner with bleed, in the 200 x 287 mm printable area: rows
# of floor((200 - 46) / 40) + 1 = 4, shifted rows of floor((200 - 20 -
# 46) / 40) + 1 = 4; 9 tiles: 4, 4, 1.  Flat: rows down the page, pitch
# 25.981 + 4 = 29.981: floor((287 - 29.981) / 29.981) + 1 = 9 a row; 12:
# 9 and 3.  Fronts of each kind, then their backs: 4 pages.
for m in long short none fold; do
	render $H --duplex $m -o "$T/$m.pdf" 2>"$T/$m.err" ||
	    { notok "hex --duplex $m: renders"; cat "$T/$m.err"; continue; }
	ok "hex --duplex $m: renders"
	check "hex --duplex $m: 4 pages" sh -c \
	    'pdfinfo "$1" | grep -q "^Pages: *4$"' sh "$T/$m.pdf"
done
check "hex: no diagnostics" sh -c '! cat "$@" | grep .' sh "$T"/*.err
fit "$T/long.pdf" 1 $PW $PH p1
fit "$T/long.pdf" 3 $FW $FH f1
check "pointy: 9 hexes, every cut edge within 0.1 mm of the designed hex, 3 mm bleed on each outer edge, none where two share a cut line" \
    hexes_ok "$T/p1.hex" 0 9 $PA 3 0 40
check "pointy: a honeycomb, rows across the page 34.641 mm apart, 40 mm pitch, every other row shifted 20 mm (4, 4, 1)" \
    honey_ok "$T/p1.hex" 0 40 "4 4 1"
check "flat, 4 mm gutter: 12 hexes, each edge within 0.1 mm of the designed hex, its 2 mm bleed on every edge" \
    hexes_ok "$T/f1.hex" 1 12 $FA 2 2 29.981
check "flat: a honeycomb, rows down the page 25.964 mm apart, 29.981 mm pitch (9, 3)" \
    honey_ok "$T/f1.hex" 1 29.981 "9 3"

# --- 2. backs behind their fronts ------------------------------------------
# Every mode but short turns the sheet over its long edge (none and
# fold, where a hex has no half to fold into, by hand).
for m in long short none fold; do
	fit "$T/$m.pdf" 2 $PW $PH "$m-p2"
	fit "$T/$m.pdf" 4 $FW $FH "$m-f2"
	turn=long dx=-5 dy=-6.094
	[ $m = short ] && turn=short dx=5 dy=6.094
	check "--duplex $m: each pointy back at its front's mirror, the same bleed behind each edge" \
	    backs_ok "$T/p1.hex" "$T/$m-p2.hex" 0 $turn tile
	check "--duplex $m: each back's top behind its front's top" \
	    markers_ok "$T/$m-p2.hex" "$T/$m-p2.m" $dx $dy
	check "--duplex $m: each flat back at its front's mirror" \
	    backs_ok "$T/f1.hex" "$T/$m-f2.hex" 1 $turn flat
done

summary hex
