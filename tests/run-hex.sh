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
# fits PDF PAGE W H NAME [PAGE W H NAME]...: of each page (PAGEs
# increasing), hexfit into $T/NAME.hex and measure -p into $T/NAME.m.
# Where a page drawn from the same objects (pagesum) was fitted
# already, its results are copied: none and fold print the backs as
# long does.  The others are rendered by one pdftoppm where they follow
# on or are every other page, each into the memory of the one before (a
# pdftoppm a page maps its 100 MB anew, ~0.06 s of CPU), else one a
# page.  (The rasters are files: two readers of a pipe through tee cost
# more.)
fits() {
	f_pdf=$1
	shift
	f_todo='' f_pages='' f_first='' f_last='' f_step=''
	while [ $# -ge 4 ]; do
		if s=$(pagesum "$f_pdf" "$1" "$T/$4.qdf"); then
			s=${s%% *}-${s##* }
			if [ -s "$T/once-$s.hex" ] && [ -s "$T/once-$s.m" ]; then
				cp "$T/once-$s.hex" "$T/$4.hex" &&
				    cp "$T/once-$s.m" "$T/$4.m"
				shift 4
				continue
			fi
		else
			s=-
		fi
		f_todo="$f_todo$1 $2 $3 $4 $s
"
		f_pages="$f_pages $1"
		if [ -z "$f_first" ]; then
			f_first=$1
		elif [ -z "$f_step" ] || [ "$f_step" = $(($1 - f_last)) ]; then
			f_step=$(($1 - f_last))
		else
			f_step=x
		fi
		f_last=$1
		shift 4
	done
	[ -n "$f_todo" ] || return 0
	f_opts=
	case ${f_step:-1} in
	1) f_opts="-f $f_first -l $f_last" ;;
	2) f_opts="-e -f $f_first -l $f_last"
	    [ $((f_first % 2)) = 0 ] || f_opts="-o -f $f_first -l $f_last" ;;
	esac
	if [ -n "$f_opts" ]; then
		# shellcheck disable=SC2086 # the options, one a word
		pdftoppm -r 600 -aa no -aaVector no $f_opts "$f_pdf" "$T/r"
	else
		for p in $f_pages; do
			pdftoppm -r 600 -aa no -aaVector no -f "$p" -l "$p" \
			    "$f_pdf" "$T/r"
		done
	fi
	while read -r p w h n s; do
		[ -n "$p" ] || continue
		# (pdftoppm pads a page's number to the digits of the last's)
		for r in "$T/r-$p.ppm" "$T/r-0$p.ppm" "$T/r-00$p.ppm"; do
			[ ! -e "$r" ] || break
		done
		./out/test/hexfit "$r" "$w" "$h" ff8000 </dev/null |
		    grep -v -e '#000080' -e '#008000' >"$T/$n.hex" &&
		    ./out/test/measure -p "$r" >"$T/$n.m" </dev/null &&
		    rm -f "$r"
		[ "$s" = - ] || { cp "$T/$n.hex" "$T/once-$s.hex" &&
		    cp "$T/$n.m" "$T/once-$s.m"; }
	done <<EOF
$f_todo
EOF
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
# 9 and 3.  Fronts of each kind, then their backs: 4 pages (and 2 of
# the sprue's cards, section 3).
for m in long short none fold; do
	render $H --duplex $m -o "$T/$m.pdf" 2>"$T/$m.err" ||
	    { notok "hex --duplex $m: renders"; cat "$T/$m.err"; continue; }
	ok "hex --duplex $m: renders"
	check "hex --duplex $m: 6 pages" sh -c \
	    'pdfinfo "$1" | grep -q "^Pages: *6$"' sh "$T/$m.pdf"
done
check "hex: no diagnostics" sh -c '! cat "$@" | grep .' sh "$T"/*.err
# (long's four pages of hexes, one pdftoppm: its backs, section 2's,
# fitted here with its fronts)
fits "$T/long.pdf" 1 $PW $PH p1 2 $PW $PH long-p2 3 $FW $FH f1 \
    4 $FW $FH long-f2
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
	[ $m = long ] || fits "$T/$m.pdf" 2 $PW $PH "$m-p2" 4 $FW $FH "$m-f2"
	turn=long dx=-5 dy=-6.094
	[ $m = short ] && turn=short dx=5 dy=6.094
	check "--duplex $m: each pointy back at its front's mirror, the same bleed behind each edge" \
	    backs_ok "$T/p1.hex" "$T/$m-p2.hex" 0 $turn tile
	check "--duplex $m: each back's top behind its front's top" \
	    markers_ok "$T/$m-p2.hex" "$T/$m-p2.m" $dx $dy
	check "--duplex $m: each flat back at its front's mirror" \
	    backs_ok "$T/f1.hex" "$T/$m-f2.hex" 1 $turn flat
done

# --- 3. a custom sprue ---------------------------------------------------
# tests/decks/hex/sprue.yaml: 63 x 88 mm cards, 3 mm bleed, at [20, 20],
# [87, 20] turned 90 (88 x 63 placed), [20, 150] turned 180 and [110,
# 150] turned 270; the first two 4 mm apart keep 2 mm towards each other.
# Pages 5 (fronts) and 6 (backs, long edge).
# (Both pages from one pdftoppm, piped into one measure: no 105 MB
# file written, one 100 MB mapping.)
pdftoppm -r 600 -aa no -aaVector no -f 5 -l 6 "$T/long.pdf" |
    ./out/test/measure -p /dev/stdin "$T/sp5.m" "$T/sp6.m"
fronts_at() {
	box_at "$1" "#801020" 17 17 85 111 &&
	    box_at "$1" "#802020" 85 17 178 86 &&
	    box_at "$1" "#803020" 17 147 86 241 &&
	    box_at "$1" "#804020" 107 147 201 216
}
check "sprue: each card where its slot asked, with its kept bleed" \
    fronts_at "$T/sp5.m"
check "sprue: each card turned as its slot says (its top-left marker where the turn puts it)" \
    awk '
    function abs(v) { return v < 0 ? -v : v }
    $1 == "part" && $2 == "#000080" { n++; x[n] = $3; y[n] = $4 }
    END {
	split("24 24 165 24 73 228 114 203", w, " ")
	for (k = 0; k < 4; k++) {
		f = 0
		for (i = 1; i <= n; i++) if (abs(x[i] - w[2 * k + 1]) < 0.1 && abs(y[i] - w[2 * k + 2]) < 0.1) f = 1
		if (!f) { print "no marker at " w[2 * k + 1] "," w[2 * k + 2]; bad = 1 }
	}
	exit bad || n != 4
    }' "$T/sp5.m"
# Marks: 8 a slot, but where one would cross the other slot: the first
# slot loses its top right mark, the second both of its left ones: 29,
# each on the extension of a trim line of a slot, beside that slot.
check "sprue: crop marks only at the slots, on their trim lines (29)" \
    awk '
    function abs(v) { return v < 0 ? -v : v }
    BEGIN { split("20 20 83 108 87 20 175 83 20 150 83 238 110 150 198 213", S, " ") }
    $1 == "mark" { n++
	v = $5 - $3 > $4 - $2; c = v ? ($2 + $4) / 2 : ($3 + $5) / 2
	f = 0
	for (k = 0; k < 4; k++) {
		x0 = S[4 * k + 1]; y0 = S[4 * k + 2]; x1 = S[4 * k + 3]; y1 = S[4 * k + 4]
		if (v && (abs(c - x0) < 0.1 || abs(c - x1) < 0.1) && $3 > y0 - 10 && $5 < y1 + 10) f = 1
		if (!v && (abs(c - y0) < 0.1 || abs(c - y1) < 0.1) && $2 > x0 - 10 && $4 < x1 + 10) f = 1
	}
	if (!f) { print "a mark at " $2 "," $3 " beside no slot"; bad = 1 } }
    END { if (n != 29) print n " marks, expected 29"; exit bad || n != 29 }' "$T/sp5.m"
backs_at() {
	box_at "$1" "#108020" 125 17 193 111 &&
	    box_at "$1" "#208020" 32 17 125 86 &&
	    box_at "$1" "#308020" 124 147 193 241 &&
	    box_at "$1" "#408020" 9 147 103 216
}
check "sprue: each back behind its front, long edge" backs_at "$T/sp6.m"

summary hex
