#!/bin/sh
# covers: components, tokens, boards, cards, duplex, pack, check, composition,
#         all
# Components beyond cards (issue 9), measured on real output: a test
# game (tests/decks/components/: three decks with a back per card,
# round tokens on one side and coins on two, a board tiled over four
# sheets, a single-sided sheet) and the bundled Serious Privacy.  Pages
# are rasterised at 600 dpi and measured with out/test/measure (colour
# boxes, black components) and out/test/assemble (cut circles; a
# board's tiles found by their marks, put together as a player would,
# its spaces measured).  Prints "ok - NAME" / "not ok - NAME".
T=out/test/components
. tests/suite.sh

C=tests/decks/components
SP=cards/serious-privacy

render() { $WRAP ./deckpress cards "$@" >/dev/null; }

# rasters PDF PREFIX PAGE...: PREFIX-PAGE.ppm at 600 dpi, the runs of
# page_runs side by side (pdftoppm pads the page numbers of a long PDF:
# renamed).
rasters() {
	pdf=$1 pre=$2
	shift 2
	page_runs "$@" | {
		while read -r step first last; do
			# shellcheck disable=SC2046
			pdftoppm -r 600 -aa no -aaVector no \
			    $(run_opts "$step" "$first" "$last") "$pdf" "$pre" &
		done
		wait
	}
	for p; do
		for f in "$pre-0$p.ppm" "$pre-00$p.ppm"; do
			[ ! -e "$f" ] || mv "$f" "$pre-$p.ppm"
		done
	done
}

pages() { pdfinfo "$1" | awk '/^Pages:/ { print $2 }'; }

# a4_pages PDF N: N pages, every one A4 portrait.  One pdfinfo gives
# the count and every page's size: it stops -l at the last page.
a4_pages() {
	pdfinfo -f 1 -l 1000000 "$1" | awk -v want="$2" -v f="$1" '
	    /^Pages:/ { n = $2 }
	    /^Page +[0-9]+ size: / { k++; if ($4 != "595.276" || $6 != "841.89") {
	        bad[++nb] = "page " $2 ": " $4 " x " $6 } }
	    END { if (n != want) { print f ": " n " pages, expected " want; exit 1 }
		for (i = 1; i <= nb; i++) print bad[i]
		if (k != n || n == 0) { print k + 0 " sizes"; nb++ }
		exit nb > 0 }'
}

GEOM='
function abs(v) { return v < 0 ? -v : v }
function near(a, b) { return abs(a - b) <= 0.1 }
function near2(a, b) { return abs(a - b) <= 0.2 }
function bad(msg) { print msg; nbad++ }
'

# --- 1. the test game's pages -------------------------------------------
# A4, 5 mm kept free, no gutter.  Cards 63 x 88 + 3 mm bleed: 3 x 3 a
# sheet, trims at x 10.5 + 63c, y 16.5 + 88r.  alpha 11 cards: 2 sheets,
# 4 pages; beta 9: 1 sheet, 2 pages.  gamma's 4 cards and the 7 coins
# (30 mm + 2 mm bleed: 45 a sheet in hexagonal rows, 5 + 5 a row pair,
# 9 rows; square rows hold 5 x 8 = 40) each fill less than a sheet, so
# they share one: gamma's 2 rows, then a row of coins below them, 2
# pages.  Those have backs and come first, each from an odd page:
# fronts on pages 1, 3, 5, 7, each followed by its backs.  Then the
# single-sided: 100 tokens, 98 a sheet (test 3): 2 pages; the board,
# 2 x 2 tiles: 4 pages; 3 sheets of 190 x 138 mm, 2 a page: 2 pages.
# 16 pages.
render $C -o "$T/long.pdf" 2>"$T/long.err" &&
    render $C --duplex short -o "$T/short.pdf" 2>"$T/short.err" &&
    render $C --duplex none -o "$T/none.pdf" 2>"$T/none.err" ||
    { notok "components: renders"; cat "$T"/*.err; summary components; exit 1; }
ok "components: renders (long, short and no duplex)"
check "components: no diagnostics" sh -c '! cat "$@" | grep .' sh "$T"/*.err
for m in long short none; do
	check "components --duplex $m: 16 pages, all A4" a4_pages "$T/$m.pdf" 16
done

# What each page shows: card ids on fronts, "back ID" on backs, the
# coins' ids on both sides, the board's label on its tiles, the
# sheets' ids; tokens show no text.
ids() {
	i=$2
	while [ "$i" -le "$3" ]; do printf '%s%s%02d\n' "${4-}" "$1" "$i"; i=$((i + 1)); done
}
coins() { for k in 1 2 3 4 5 6 7; do echo "c$k"; done; }
expect_page() {
	case $1 in
	1) ids a 1 9 ;;		2) ids a 1 9 "back " ;;
	3) ids a 10 11 ;;	4) ids a 10 11 "back " ;;
	5) ids b 1 9 ;;		6) ids b 1 9 "back " ;;
	7) ids g 1 4; coins ;;	8) ids g 1 4 "back "; coins ;;
	9 | 10) ;;
	1[1-4]) echo "Test board · $(($1 - 10))/4" ;;
	15) printf 's1\ns2\n' ;;	16) echo s3 ;;
	esac
}
# --duplex none: each kind's fronts, then its backs in the same order
# (alpha's two sheets of fronts, then their two of backs).
expect_none() {
	case $1 in
	2) expect_page 3 ;;
	3) expect_page 2 ;;
	*) expect_page "$1" ;;
	esac
}
# page_words ff|at: from text on stdin whose pages end in form feeds
# (ff: pdftotext) or start with a line "@N" (at: expect_page), each
# word of each page, "PP<tab>WORD" a line, sorted: a page's words
# together and in order (a turned back reads "a01 back").  Words are
# split at spaces and line ends only.
page_words() {
	awk -v mode="$1" 'BEGIN { RS = "\f" }
	{
		if (mode == "ff") p++
		n = split($0, l, "\n")
		for (i = 1; i <= n; i++) {
			if (mode == "at" && l[i] ~ /^@/) { p = substr(l[i], 2); continue }
			m = split(l[i], w, / /)
			for (j = 1; j <= m; j++) if (w[j] != "") printf "%02d\t%s\n", p, w[j]
		}
	}' | sort
}
# page_plan PDF MODE: each of the 16 pages shows the words expect_page
# (expect_none with MODE none) gives it.  One pdftotext of the whole
# PDF: its pages, each ended by a form feed, are those of one per page;
# kept in PDF.txt (label_ok reads the board's tiles there).
page_plan() {
	pdftotext -raw "$1" "$1.txt" || :
	page_words ff <"$1.txt" >"$1.got"
	p=1
	while [ "$p" -le 16 ]; do
		echo "@$p"
		if [ "$2" = none ]; then expect_none $p; else expect_page $p; fi
		p=$((p + 1))
	done | page_words at >"$1.want"
	awk 'FNR == 1 { f++ }
	{ p = substr($0, 1, 2) + 0; w = substr($0, 4) }
	f == 1 { want[p] = want[p] w " " }
	f == 2 { got[p] = got[p] w " " }
	END {
		for (p = 1; p <= 16; p++) if (want[p] != got[p]) {
			print "page " p ": expected [" want[p] "], found [" got[p] "]"
			bad = 1
		}
		exit bad
	}' "$1.want" "$1.got"
}
check "components long: kinds with backs first, from odd pages, each front page followed by its backs; then single-sided kinds" \
    page_plan "$T/long.pdf" long
check "components short: the same pages" page_plan "$T/short.pdf" short
check "components none: a kind's fronts, then its backs" \
    page_plan "$T/none.pdf" none

# --- 2. backs behind their own fronts ------------------------------------
# sheet_ok FRONT.m BACK.m I0 N KINDCOLOUR MODE: cards I0..I0+N-1 (their
# colours: front marker #RR40C0, back #C0RR40, RR = 0x10 + 4i) fill the
# sheet's first N cells.  On the front each marker is 12 x 12 mm at its
# cell's trim corner, and the deck's colour covers the filled cells and
# 3 mm of bleed.  On the back each card's back is 63 x 88 mm and,
# mirrored as the paper turns (x -> 210 - x long, y -> 297 - y short),
# lies on its front's trim; its marker is at its top-left, or at its
# bottom-right on a short-edge back (turned 180 degrees); the grey bleed
# is the front's painted area mirrored.
sheet_ok() {
	awk -v i0="$3" -v n="$4" -v kc="$5" -v mode="$6" "$GEOM"'
	FNR == 1 { file++ }
	$1 == "color" && file == 1 { fx0[$2] = $3; fy0[$2] = $4; fx1[$2] = $5; fy1[$2] = $6 }
	$1 == "color" && file == 2 { bx0[$2] = $3; by0[$2] = $4; bx1[$2] = $5; by1[$2] = $6 }
	function tx(c) { return 10.5 + 63 * c }
	function ty(r) { return 16.5 + 88 * r }
	END {
		for (k = 0; k < n; k++) {
			i = i0 + k; r = int(k / 3); c = k % 3
			m = sprintf("#%02x40c0", 16 + 4 * i)
			b = sprintf("#c0%02x40", 16 + 4 * i)
			if (!(m in fx0)) { bad("front marker " m " missing"); continue }
			if (!near(fx0[m], tx(c)) || !near(fy0[m], ty(r)) ||
			    !near(fx1[m] - fx0[m], 12) || !near(fy1[m] - fy0[m], 12))
				bad(sprintf("card %d: front marker at %.3f,%.3f size %.3f x %.3f; expected %.1f,%.1f 12 x 12",
				    i, fx0[m], fy0[m], fx1[m] - fx0[m], fy1[m] - fy0[m], tx(c), ty(r)))
			if (!(b in bx0)) { bad("card " i ": back " b " missing"); continue }
			w = bx1[b] - bx0[b]; h = by1[b] - by0[b]
			if (!near(w, 63) || !near(h, 88))
				bad(sprintf("card %d: back %.3f x %.3f mm", i, w, h))
			if (mode == "long") { mx = 210 - bx1[b]; my = by0[b] }
			else { mx = bx0[b]; my = 297 - by1[b] }
			if (!near(mx, fx0[m]) || !near(my, fy0[m]))
				bad(sprintf("card %d: back at %.3f,%.3f lands at %.3f,%.3f, its front at %.3f,%.3f",
				    i, bx0[b], by0[b], mx, my, fx0[m], fy0[m]))
			if (mode == "long") { ex = bx0[b]; ey = by0[b] }
			else { ex = bx1[b] - 12; ey = by1[b] - 12 }
			if (!(m in bx0) || !near(bx0[m], ex) || !near(by0[m], ey))
				bad(sprintf("card %d: back marker at %.3f,%.3f, expected %.3f,%.3f (%s)",
				    i, bx0[m], by0[m], ex, ey, mode == "long" ? "upright" : "turned"))
		}
		# painted: the filled cells and 3 mm of bleed
		mc = n >= 3 ? 2 : n - 1; mr = int((n - 1) / 3)
		X0 = tx(0) - 3; X1 = tx(mc + 1) + 3; Y0 = ty(0) - 3; Y1 = ty(mr + 1) + 3
		if (!near(fx0[kc], X0) || !near(fy0[kc], Y0) || !near(fx1[kc], X1) || !near(fy1[kc], Y1))
			bad(sprintf("front: %s painted %.3f,%.3f to %.3f,%.3f; expected %.1f,%.1f to %.1f,%.1f",
			    kc, fx0[kc], fy0[kc], fx1[kc], fy1[kc], X0, Y0, X1, Y1))
		g = "#707070"
		if (mode == "long") { x0 = 210 - X1; x1 = 210 - X0; y0 = Y0; y1 = Y1 }
		else { x0 = X0; x1 = X1; y0 = 297 - Y1; y1 = 297 - Y0 }
		if (!near(bx0[g], x0) || !near(by0[g], y0) || !near(bx1[g], x1) || !near(by1[g], y1))
			bad(sprintf("back: bleed painted %.3f,%.3f to %.3f,%.3f; expected %.1f,%.1f to %.1f,%.1f",
			    bx0[g], by0[g], bx1[g], by1[g], x0, y0, x1, y1))
		exit nbad > 0
	}' "$1" "$2"
}

# as_long P: page P of short.pdf is drawn from the same bytes as long.pdf's
# (pagesum), as fronts are: its measures are long's, copied, and it is
# not rasterised again (~0.25 s of CPU a page).
as_long() {
	a=$(pagesum "$T/long.pdf" "$1" "$T/long-$1.qdf") &&
	    b=$(pagesum "$T/short.pdf" "$1" "$T/short-$1.qdf") &&
	    [ "$a" = "$b" ] || return 1
	cp "$T/long-$1.m" "$T/short-$1.m"
	[ "$1" != 7 ] || cp "$T/coin-long-7.r" "$T/coin-short-7.r"
}

# page:first card:cards:deck colour:what
# Pages 7 and 8 (gamma and the coins) are rasterised once, to files: the
# coins' checks (3.) read their cut circles from the same rasters.  The
# short-edge fronts (odd pages) are long's where drawn from the same
# bytes.
for m in long short; do
	todo=
	for p in 1 2 3 4 5 6; do
		[ "$m" = short ] && [ $((p % 2)) = 1 ] && as_long $p ||
		    todo="$todo $p"
	done
	# shellcheck disable=SC2086
	measures "$T/$m.pdf" "$T/$m" $todo
	todo=
	for p in 7 8; do
		[ "$m" = short ] && [ $p = 7 ] && as_long $p || todo="$todo $p"
	done
	# shellcheck disable=SC2086
	rasters "$T/$m.pdf" "$T/$m" $todo
	for p in $todo; do
		./out/test/measure "$T/$m-$p.ppm" >"$T/$m-$p.m" || :
		./out/test/assemble -rings "$T/$m-$p.ppm" 404040 \
		    >"$T/coin-$m-$p.r" || :
		rm -f "$T/$m-$p.ppm"
	done
	while IFS=: read -r p i0 n kc what; do
		check "cards $m edge, $what: every back behind its own front" \
		    sheet_ok "$T/$m-$p.m" "$T/$m-$((p + 1)).m" "$i0" "$n" "$kc" $m
	done <<EOF
1:0:9:#2e8b57:alpha sheet 1 (full)
3:9:2:#2e8b57:alpha sheet 2 (2 cards)
5:11:9:#8b2e57:beta (full)
7:20:4:#2e578b:gamma (4 cards)
EOF
done

# --- 3. round tokens -------------------------------------------------------
# Tokens: d = 20, b = 2, no gutter: pitch p = d + 2b = 24.  Inside the
# printable 200 x 287 mm: square rows hold floor((200 - 24) / 24) + 1 = 8
# across and floor((287 - 24) / 24) + 1 = 11 down, 88.  Hexagonal rows
# p * sqrt(3) / 2 = 20.785 apart: floor((287 - 24) / 20.785) + 1 = 13
# rows, 8 in the even ones and floor((200 - 12 - 24) / 24) + 1 = 7 in the
# odd ones (shifted by p / 2 = 12): 7 x 8 + 6 x 7 = 98, more: hexagonal.
rasters "$T/long.pdf" "$T/tok" 9 10
./out/test/assemble -rings "$T/tok-9.ppm" 404040 >"$T/rings-9" || :
./out/test/assemble -rings "$T/tok-9.ppm" 2060a0 >"$T/dots-9" || :
./out/test/assemble -rings "$T/tok-10.ppm" 404040 >"$T/rings-10" || :
rm -f "$T"/tok-*.ppm
rings_ok() {
	awk -v want="$2" "$GEOM"'
	{ n++; x[n] = $2; y[n] = $3; dw[n] = $6; dh[n] = $7 }
	END {
		if (n != want) bad(n " cut circles, expected " want)
		for (i = 1; i <= n; i++) {
			if (!near(dw[i], 20) || !near(dh[i], 20))
				bad(sprintf("ring at %.3f,%.3f: %.3f x %.3f mm", x[i], y[i], dw[i], dh[i]))
			if (x[i] - 12 < 4.9 || x[i] + 12 > 205.1 || y[i] - 12 < 4.9 || y[i] + 12 > 292.1)
				bad(sprintf("ring at %.3f,%.3f: its bleed reaches the 5 mm edge band", x[i], y[i]))
		}
		exit nbad > 0
	}' "$1"
}
check "tokens: 98 cut circles on the first sheet, each 20 mm +- 0.1 across and down (middle of the stroke)" \
    rings_ok "$T/rings-9" 98
check "tokens: the other 2 on the second sheet" rings_ok "$T/rings-10" 2
check "tokens: no two rings' bleed areas overlap (centres >= 24 mm apart)" \
    awk "$GEOM"'
    { n++; x[n] = $2; y[n] = $3 }
    END {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
		d = sqrt((x[i] - x[j]) ^ 2 + (y[i] - y[j]) ^ 2)
		if (d < 24 - 0.1) bad(sprintf("rings at %.3f,%.3f and %.3f,%.3f: %.3f mm apart", x[i], y[i], x[j], y[j], d))
	}
	exit nbad > 0 || n == 0
    }' "$T/rings-9"
check "tokens: hexagonal rows, 20.785 mm apart, 8 and 7 by turns, odd rows shifted 12 mm, 24 mm pitch" \
    awk "$GEOM"'
    { n++; x[n] = $2; y[n] = $3 }
    END {
	for (i = 1; i <= n; i++) {
		for (r = 1; r <= nr; r++) if (abs(ry[r] - y[i]) < 1) break
		if (r > nr) { nr++; ry[r] = y[i]; cnt[r] = 0; mn[r] = 1e9 }
		cnt[r]++; rx[r, cnt[r]] = x[i]; if (x[i] < mn[r]) mn[r] = x[i]
	}
	for (i = 2; i <= nr; i++) for (j = i; j > 1 && ry[j] < ry[j-1]; j--) {
		t = ry[j]; ry[j] = ry[j-1]; ry[j-1] = t; t = cnt[j]; cnt[j] = cnt[j-1]; cnt[j-1] = t
		t = mn[j]; mn[j] = mn[j-1]; mn[j-1] = t
	}
	if (nr != 13) bad(nr " rows, expected 13")
	for (r = 1; r <= nr; r++) {
		if (cnt[r] != (r % 2 ? 8 : 7)) bad("row " r ": " cnt[r] " rings, expected " (r % 2 ? 8 : 7))
		if (r > 1 && !near(ry[r] - ry[r-1], 24 * sqrt(3) / 2))
			bad(sprintf("rows %d and %d: %.3f mm apart", r - 1, r, ry[r] - ry[r-1]))
		if (r % 2 == 0 && !near(mn[r] - mn[1], 12))
			bad(sprintf("row %d shifted %.3f mm", r, mn[r] - mn[1]))
	}
	for (i = 1; i <= n; i++) for (j = 1; j <= n; j++)
		if (i != j && abs(y[i] - y[j]) < 1 && x[j] > x[i] && x[j] - x[i] < 30 && !near(x[j] - x[i], 24))
			bad(sprintf("neighbours at x %.3f and %.3f: %.3f mm apart", x[i], x[j], x[j] - x[i]))
	exit nbad > 0
    }' "$T/rings-9"
check "tokens: each one's centre dot at the centre of its cut circle" \
    awk "$GEOM"'
    FNR == 1 { file++ }
    file == 1 { n++; x[n] = $2; y[n] = $3 }
    file == 2 { m++; dx[m] = $2; dy[m] = $3 }
    END {
	if (m != n) bad(m " dots, " n " rings")
	for (i = 1; i <= n; i++) {
		for (j = 1; j <= m; j++) if (near(x[i], dx[j]) && near(y[i], dy[j])) break
		if (j > m) bad(sprintf("ring at %.3f,%.3f has no dot at its centre", x[i], y[i]))
	}
	exit nbad > 0 || n == 0
    }' "$T/rings-9" "$T/dots-9"

# Coins, two-sided (back: front): coin k (1..7) is #20A0KK, KK = 0x10 k,
# over trim and bleed (34 mm).  Its back is at the mirrored centre.
coins_ok() {
	awk -v mode="$3" "$GEOM"'
	FNR == 1 { file++ }
	$1 == "color" && file == 1 { fx[$2] = ($3 + $5) / 2; fy[$2] = ($4 + $6) / 2; fw[$2] = $5 - $3; fh[$2] = $6 - $4 }
	$1 == "color" && file == 2 { bx[$2] = ($3 + $5) / 2; by[$2] = ($4 + $6) / 2; bw[$2] = $5 - $3; bh[$2] = $6 - $4 }
	END {
		for (k = 1; k <= 7; k++) {
			c = sprintf("#20a0%02x", 16 * k)
			if (!(c in fx) || !(c in bx)) { bad("coin " c " missing"); continue }
			if (!near(fw[c], 34) || !near(fh[c], 34) || !near(bw[c], 34) || !near(bh[c], 34))
				bad(sprintf("coin %s: %.3f x %.3f front, %.3f x %.3f back; expected 34", c, fw[c], fh[c], bw[c], bh[c]))
			ex = mode == "long" ? 210 - fx[c] : fx[c]
			ey = mode == "long" ? fy[c] : 297 - fy[c]
			if (!near(bx[c], ex) || !near(by[c], ey))
				bad(sprintf("coin %s: front at %.3f,%.3f, back at %.3f,%.3f; expected %.3f,%.3f", c, fx[c], fy[c], bx[c], by[c], ex, ey))
		}
		exit nbad > 0
	}' "$1" "$2"
}
# coin_rings RINGS MEASURE: 7 cut circles of 30 mm, each on a coin.
coin_rings() {
	awk "$GEOM"'
	FNR == 1 { file++ }
	file == 1 { n++; x[n] = $2; y[n] = $3; if (!near($6, 30) || !near($7, 30))
	    bad(sprintf("cut circle at %.3f,%.3f: %.3f x %.3f mm", $2, $3, $6, $7)) }
	file == 2 && $1 == "color" && $2 ~ /^#20a0/ { m++; cx[m] = ($3 + $5) / 2; cy[m] = ($4 + $6) / 2 }
	END {
		if (n != 7) bad(n " cut circles, expected 7")
		for (i = 1; i <= n; i++) {
			for (j = 1; j <= m; j++) if (near(x[i], cx[j]) && near(y[i], cy[j])) break
			if (j > m) bad(sprintf("cut circle at %.3f,%.3f is not on a coin", x[i], y[i]))
		}
		exit nbad > 0
	}' "$1" "$2"
}
# Pages 7 and 8 were measured and their cut circles found in 2.
for m in long short; do
	check "coins $m edge: each back at its front's mirrored centre" \
	    coins_ok "$T/$m-7.m" "$T/$m-8.m" $m
	check "coins $m edge: a 30 mm cut circle on each coin, front" \
	    coin_rings "$T/coin-$m-7.r" "$T/$m-7.m"
	check "coins $m edge: a 30 mm cut circle on each coin, back" \
	    coin_rings "$T/coin-$m-8.r" "$T/$m-8.m"
done

# --- 4. the board, put together from its tiles ---------------------------
# kind_sizes DECK: "KIND SHAPE W H" for each kind of DECK, its trim in
# mm, from the size its layout gives.  One awk reads deck.yaml and each
# kind's layout (not an awk a kind: they run 6 times, for 8 kinds).
kind_sizes() {
	awk -v deck="$1" '
	BEGIN {
		split("standard 63 88 poker 63.5 88.9 bridge 57 89 " \
		    "euro 59 86 tarot 70 120 mini-euro 44 68", p, " ")
		for (i = 1; i < 18; i += 3) { pw[p[i]] = p[i + 1]; ph[p[i]] = p[i + 2] }
	}
	# the first size: or card: line of layout f
	function size(kind, f,   l, s, d, w, h, done, rc) {
		while ((rc = getline l < f) > 0) {
			if (done || l !~ /^(size|card):/) continue
			s = l; sub(/^[a-z]+: */, "", s); sub(/ +#.*/, "", s); done = 1
			if (s in pw) { print kind, "rect", pw[s], ph[s]; continue }
			if (match(s, /diameter_mm: *[0-9.]+/)) {
				d = substr(s, RSTART, RLENGTH); sub(/.*: */, "", d)
				print kind, "circle", d, d; continue
			}
			w = s; sub(/.*width_mm: */, "", w); sub(/[^0-9.].*/, "", w)
			h = s; sub(/.*height_mm: */, "", h); sub(/[^0-9.].*/, "", h)
			print kind, "rect", w, h
		}
		close(f)
		if (rc < 0) { print "kind_sizes: cannot read " f > "/dev/stderr"; return }
		if (!done) print kind, "rect", 63, 88
	}
	# "  KIND: {layout: LAYOUT...": ./ and ../ and *.yaml in the deck
	match($0, /^  [a-z0-9_-]*: *[{] *layout: *[^,} ]*/) {
		kind = substr($0, 3, RLENGTH - 2); sub(/:.*/, "", kind)
		lay = substr($0, 1, RLENGTH); sub(/.*layout: */, "", lay)
		if (lay ~ /^\.\.\// || lay ~ /^\.\// || lay ~ /\.yaml$/) {
			sub(/^\.\//, "", lay); f = deck "/" lay
		} else
			f = "layouts/" lay ".yaml"
		size(kind, f)
	}' "$1/deck.yaml"
}

# layout_of DECK KIND: the file of KIND's layout.
layout_of() {
	lay=$(sed -n "s/^  $2: *{ *layout: *\([^,} ]*\).*/\1/p" "$1/deck.yaml")
	case $lay in
	./* | ../* | *.yaml) echo "$1/${lay#./}" ;;
	*) echo "layouts/$lay.yaml" ;;
	esac
}

# space_specs DECK LAYOUT: each space on LAYOUT's front, "SHAPE X Y W H
# KIND": where its outline should be (mm from the board's trim), from
# its at_mm, its kind's size and its clearance_mm.
space_specs() {
	kind_sizes "$1" >"$T/kinds"
	awk -v kf="$T/kinds" '
	BEGIN {
		while ((getline l < kf) > 0) {
			split(l, f, " "); sh[f[1]] = f[2]; kw[f[1]] = f[3]; kh[f[1]] = f[4]
		}
	}
	/^[ \t]*#/ { next }
	/^front:/ { on = 1; next }
	/^[a-z]/ { on = 0 }
	on { all = all " " $0 }
	function num(e, key,   s) {
		if (!match(e, key ": *[-0-9.]+")) return 0
		s = substr(e, RSTART, RLENGTH); sub(/.*: */, "", s); return s + 0
	}
	END {
		n = split(all, el, /- *\{/)
		for (i = 2; i <= n; i++) {
			e = el[i]
			if (e !~ /type: *space/) continue
			match(e, /component: *[a-z0-9_-]+/)
			k = substr(e, RSTART, RLENGTH); sub(/.*: */, "", k)
			match(e, /at_mm: *\[[^]]*\]/)
			a = substr(e, RSTART, RLENGTH); gsub(/[^-0-9.,]/, "", a)
			split(a, xy, ",")
			c = num(e, "clearance_mm")
			if (!(k in sh)) { print "unknown kind " k > "/dev/stderr"; continue }
			print sh[k], xy[1] - c, xy[2] - c, kw[k] + 2 * c, kh[k] + 2 * c, k
		}
	}' "$2"
}

# assemble OUT PDF PAGE...: the board on those tile pages put together,
# its spaces (OUT.spaces, from space_specs) measured, into OUT; with
# $tile_measures set, each tile page measured too, into OUT-PAGE.m.
# Without, the tiles are rendered grey and piped: out/test/assemble
# reads black (marks, join lines, ticks) and where a space's stroke
# changes to what is around it, no colour (the same measures as from
# colour pages, on Serious Privacy's boards); a grey page costs
# pdftoppm ~25 % less CPU, and a third of the bytes, read from a pipe,
# never written to a file and removed.  The pages go in their order,
# a pdftoppm a run of pages that follow on.  measure's colours
# (inside_marks: nothing painted outside the window but the map's
# #333333) need colour pages, read twice: files.
assemble() {
	aout=$1 apdf=$2
	shift 2
	rc=0
	if [ -z "${tile_measures-}" ]; then
		cut -d' ' -f1-5 "$aout.spaces" >"$aout.in"
		dashes=""
		for p; do dashes="$dashes -"; done
		# shellcheck disable=SC2086
		{
			s="" e=""
			for p; do
				if [ -n "$e" ] && [ "$p" = $((e + 1)) ]; then
					e=$p
					continue
				fi
				[ -z "$s" ] || pdftoppm -gray -r 600 -aa no \
				    -aaVector no -f "$s" -l "$e" "$apdf"
				s=$p e=$p
			done
			pdftoppm -gray -r 600 -aa no -aaVector no -f "$s" -l "$e" \
			    "$apdf"
		} | ./out/test/assemble -s "$aout.in" $dashes >"$aout" \
		    2>"$aout.err" || rc=$?
		return $rc
	fi
	rasters "$apdf" "$aout" "$@"
	files=""
	for p; do
		files="$files $aout-$p.ppm"
		./out/test/measure "$aout-$p.ppm" >"$aout-$p.m" || :
	done
	# shellcheck disable=SC2086
	cut -d' ' -f1-5 "$aout.spaces" | ./out/test/assemble $files >"$aout" \
	    2>"$aout.err" || rc=$?
	# shellcheck disable=SC2086
	rm -f $files
	return $rc
}

# tiling_ok OUT ROWS COLS W H OVERLAP: the tiles' marks make a ROWS x
# COLS grid whose glue strips are OVERLAP wide and which, put together,
# is the W x H mm board; each tile lies in line with its neighbours;
# the ticks on each side of every seam meet.
tiling_ok() {
	awk -v rows="$2" -v cols="$3" -v W="$4" -v H="$5" -v ov="$6" "$GEOM"'
	$1 == "grid" { grid = $2 " x " $3 }
	$1 == "glue" {
		for (i = 3; i <= 4; i++) if ($i != 0) {
			nglue++
			if (!near($i, ov)) bad(sprintf("tile %d: glue strip %.3f mm wide, expected %g", $2, $i, ov))
		}
	}
	$1 == "board" { bw = $2; bh = $3 }
	$1 == "misfit" && $2 > 2 { bad("tiles out of line by " $2 " px") }
	$1 == "ticks" {
		nseam++
		if ($4 < 2 || $5 != $4 || $6 > 0.1)
			bad(sprintf("seam %s = %.3f: %d ticks, %d meet across it, worst %.3f mm", $2, $3, $4, $5, $6))
	}
	END {
		if (grid != rows " x " cols) bad("tiles in a grid of " grid ", expected " rows " x " cols)
		want = rows * (cols - 1) + (rows - 1) * cols
		if (nglue != want) bad(nglue " glue strips, expected " want)
		if (nseam != want) bad(nseam " seams, expected " want)
		if (!near2(bw, W) || !near2(bh, H))
			bad(sprintf("board %.3f x %.3f mm, expected %g x %g", bw, bh, W, H))
		exit nbad > 0
	}' "$1"
}

# spaces_ok OUT KIND...: every space for a component of one of the KINDs
# measures its outline's size (its kind's trim plus twice its
# clearance) +- 0.2 mm, at its place +- 0.2 mm.
spaces_ok() {
	sout=$1
	shift
	awk -v kinds=" $* " "$GEOM"'
	FNR == 1 { file++ }
	file == 1 { ns++; shp[ns] = $1; ex[ns] = $2; ey[ns] = $3; ew[ns] = $4; eh[ns] = $5; ek[ns] = $6; next }
	$1 == "space" { got[$2] = $0; x[$2] = $5; y[$2] = $6; w[$2] = $7; h[$2] = $8; d[$2] = $9 }
	END {
		for (i = 1; i <= ns; i++) {
			if (index(kinds, " " ek[i] " ") == 0) continue
			n++
			if (!(i in got)) { bad("space " i " not measured"); continue }
			if (!near2(w[i], ew[i]) || !near2(h[i], eh[i]) ||
			    (shp[i] == "circle" && !near2(d[i], ew[i])) ||
			    !near2(x[i], ex[i]) || !near2(y[i], ey[i]))
				bad(sprintf("%s space %d at %g,%g: %.3f x %.3f mm%s at %.3f,%.3f; expected %g x %g",
				    ek[i], i, ex[i], ey[i], w[i], h[i],
				    shp[i] == "circle" ? sprintf(" (diameter %.3f)", d[i]) : "",
				    x[i], y[i], ew[i], eh[i]))
		}
		if (n == 0) bad("no spaces for" kinds)
		exit nbad > 0
	}' "$sout.spaces" "$sout"
}

# label_ok PDF PAGE LABEL N/T OUT I: tile page PAGE says "LABEL · N/T",
# and its "N/T" lies below tile I's window (its crop marks' inner ends,
# from OUT) and above the 5 mm edge band.  PDF's text is read from
# PDF.txt (page_plan's pdftotext -raw, pages ended by form feeds) and
# PDF.bbox (pdftotext -bbox, a <page> element a page): one pdftotext
# each for the four tiles, not two a tile.
label_ok() {
	awk -v p="$2" -v l="$3 · $4" 'BEGIN { RS = "\f" }
	    NR == p { n = split($0, s, "\n"); for (i = 1; i <= n; i++) if (index(s[i], l)) f = 1 }
	    END { exit !f }' "$1.txt" ||
	    { echo "page $2 does not say '$3 · $4'"; return 1; }
	awk -v t="$6" -v p="$2" -v w="$4" '
	FILENAME == ARGV[1] { if ($1 == "tile" && $2 == t) bottom = $15; next }
	/<page / { pg++ }
	pg == p && index($0, ">" w "</word>") {
		n = split($0, f, "\"")
		for (i = 1; i < n; i++) {
			if (f[i] ~ /yMin=$/) y0 = f[i + 1] * 25.4 / 72
			if (f[i] ~ /yMax=$/) y1 = f[i + 1] * 25.4 / 72
		}
		found = 1
		if (y0 <= bottom || y1 > 292)
			{ printf "\"%s\" at y %.1f to %.1f mm: not between the window (%.1f) and the edge band (292)\n", w, y0, y1, bottom; bad = 1 }
	}
	END { if (!found) print "no word \"" w "\""; exit bad || !found }' "$5" "$1.bbox"
}

# inside_marks OUT I TILE.m: on tile I, everything painted but the
# label and the map (#333333) and the black marks lies inside the
# window the crop marks leave.
inside_marks() {
	awk -v i="$2" "$GEOM"'
	FNR == 1 { file++ }
	file == 1 && $1 == "tile" && $2 == i { X0 = $12; Y0 = $13; X1 = $14; Y1 = $15 }
	file == 2 && $1 == "color" && $2 != "#333333" {
		n++
		if ($3 < X0 - 0.05 || $4 < Y0 - 0.05 || $5 > X1 + 0.05 || $6 > Y1 + 0.05)
			bad(sprintf("%s painted %.3f,%.3f to %.3f,%.3f, outside the marks at %.3f,%.3f to %.3f,%.3f",
			    $2, $3, $4, $5, $6, X0, Y0, X1, Y1))
	}
	END { if (!n) bad("nothing painted"); exit nbad > 0 }' "$1" "$3"
}

B=$T/board
space_specs $C $C/board.yaml >"$B.spaces"
tile_measures=yes
if assemble "$B" "$T/long.pdf" 11 12 13 14; then
	ok "board: each tile's crop marks and join lines found, tiles put together"
else
	notok "board: each tile's crop marks and join lines found, tiles put together"
	sed 's/^/    /' "$B.err"
fi
check "board: 2 x 2 tiles, 10 mm glue strips, assembled 300 x 330 mm, ticks meet across the seams" \
    tiling_ok "$B" 2 2 300 330 10
check "board: every card space 63 x 88 mm +- 0.2, in place" spaces_ok "$B" alpha
check "board: every token space 20 + 2 x 1.5 mm +- 0.2, in place" \
    spaces_ok "$B" token
tile_measures=
# (It says "no word list" on stderr for each page without words: kept
# in a file, not the log.)
pdftotext -bbox "$T/long.pdf" "$T/long.pdf.bbox" 2>"$T/long.pdf.bbox.err" || :
for i in 1 2 3 4; do
	check "board: tile $i says 'Test board · $i/4' below its window" \
	    label_ok "$T/long.pdf" $((10 + i)) "Test board" "$i/4" "$B" $i
	check "board: tile $i paints nothing beyond its crop marks" \
	    inside_marks "$B" $i "$B-$((10 + i)).m"
done

# --- 5. Serious Privacy -----------------------------------------------------
check "serious-privacy: check --werror is clean" \
    sh -c '$1 ./deckpress check "$2" --werror >/dev/null' sh "$WRAP" $SP

# broken NAME WHAT MESSAGE: a copy of the game with the first entry
# matching WHAT removed fails check, with MESSAGE.
broken() {
	d=$T/$1
	rm -rf "$d"
	cp -R $SP "$d"
	awk -v what="$2" '!done && index($0, what) { done = 1; next } { print }' \
	    $SP/deck.yaml >"$d/deck.yaml"
	rc=0
	$WRAP ./deckpress check "$d" --werror >/dev/null 2>"$d.err" || rc=$?
	[ "$rc" -eq 1 ] || { echo "exit $rc, expected 1"; cat "$d.err"; return 1; }
	grep -F "$3" "$d.err" || { echo "no '$3' in:"; cat "$d.err"; return 1; }
}
# The rules' labels and lines, from rules.yaml.
# rule KIND N: "LINE:COLUMN:LABEL" of the rule that wants N of KIND.
rule() {
	awk -v what="where: {component: $1}, exactly: $2}" '
	index($0, what) { l = $0; sub(/.*label: */, "", l); sub(/,.*/, "", l)
	    print NR ":" index($0, "{") ":" l; exit }' $SP/rules.yaml
}
r=$(rule harm 40)
check "serious-privacy less a Harm card: check fails at the rule '${r#*:*:}'" \
    broken sp-less-harm "component: harm," \
    "$T/sp-less-harm/rules.yaml:${r%:*}: error: expected 40 ${r#*:*:}, deck has 39"
r=$(rule character 6)
check "serious-privacy less a character: check fails at the rule '${r#*:*:}'" \
    broken sp-less-character "component: character," \
    "$T/sp-less-character/rules.yaml:${r%:*}: error: expected 6 ${r#*:*:}, deck has 5"

P=$T/sp-pack.pdf
if $WRAP ./deckpress pack $SP --lang en -o "$P" >/dev/null 2>"$P.err"; then
	ok "serious-privacy: pack renders"
else
	notok "serious-privacy: pack renders"
	sed 's/^/    /' "$P.err"
fi
check "serious-privacy pack: no diagnostics" test ! -s "$P.err"
check "serious-privacy pack: qpdf --check" qpdf --check "$P"
check "serious-privacy pack: every page A4" a4_pages "$P" "$(pages "$P")"
check "serious-privacy pack: fonts embedded, all from fonts/" fonts_from_bundle "$P"
pdftotext -raw "$P" "$P.txt" || :
check "serious-privacy pack: every card string (titles, texts, powers) is text" \
    ./out/test/textcheck $SP en "$P.txt"

# values ATTR: the names of an attribute's values, from text/en.yaml.
values() {
	sed -n "s/^  $1: *{\(.*\)}$/\1/p" $SP/text/en.yaml | tr ',' '\n' |
	    sed 's/^ *[a-z-]*: *//'
}
# component STRING KIND: a string of a kind, from text/en.yaml.
component() {
	awk -v k="$2" -v s="$1" '
	/^components:/ { on = 1; next } /^[a-z]/ { on = 0 }
	on && $0 ~ "^  " k ":" { in_k = 1; next } on && /^  [a-z]/ { in_k = 0 }
	in_k && $0 ~ "^    " s ":" { sub(/^ *[a-z-]+: */, ""); print; exit }' \
	    $SP/text/en.yaml
}
# names_ok TEXT NAME...: each NAME is in TEXT (case and line breaks aside:
# lines joined by a space, runs of spaces squeezed).  One awk, not a tr
# a name; the NAMEs are taken out of its operands, not read as files.
names_ok() {
	awk 'BEGIN { for (i = 2; i < ARGC; i++) { name[i] = ARGV[i]; ARGV[i] = "" } }
	{ hay = hay $0 " " }
	END {
		gsub(/ +/, " ", hay); hay = tolower(hay)
		for (i = 2; i < ARGC; i++)
			if (!index(hay, tolower(name[i]))) { print "missing: " name[i]; miss = 1 }
		exit miss
	}' "$@"
}
# list LINES: "a, b, c"
list() { printf '%s\n' "$1" | awk 'NR > 1 { printf ", " } { printf "%s", $0 }'; }
chars=$(values character)
sectors=$(values sector)
home_title=$(component title home)
home_name=$(component name home)
IFS='
'
# shellcheck disable=SC2086
check "serious-privacy pack: every character's name is text ($(list "$chars"))" \
    names_ok "$P.txt" $chars
# shellcheck disable=SC2086
check "serious-privacy pack: every board's name is text ($(list "$home_title
$sectors"))" names_ok "$P.txt" "$home_title" $sectors
unset IFS

# The credits page (the pack's last): the seed's makers, what this edition
# wrote (the pack string `edition`) and the seed's acknowledgements
# (`thanks`, under its `thanks-title`), every word of each as
# text/en.yaml gives it.
# pack_string KEY: a pack string of text/en.yaml, a block's lines joined.
pack_string() {
	awk -v k="$1" '
	/^pack:/ { on = 1; next } /^[a-z]/ { on = 0 }
	on && $0 ~ "^  " k ":" { sub(/^ *[a-z-]+: */, ""); if ($0 == "|-") { blk = 1; next }
	    gsub(/^"|"$/, ""); print; exit }
	blk && /^    / { sub(/^ +/, ""); print; next } blk && !/^ *$/ { exit }' \
	    $SP/text/en.yaml
}
# words_of TEXT: its words, one a line, without Markdown's ** and *.
words_of() {
	printf '%s\n' "$1" | sed 's/\*//g' | tr -s ' \n' '\n\n' | sed '/^$/d'
}
# in_order FILE WORD...: the WORDs are found in FILE in that order, a word
# hyphenated at a line end ("-" after a letter, or a U+00AD) read whole.
in_order() {
	f=$1
	shift
	printf '%s\n' "$@" >"$f.want"
	tr '\n' ' ' <"$f" | sed -e 's/\xc2\xad //g' \
	    -e 's/\([[:alpha:]]\)- \([[:alpha:]]\)/\1\2/g' | tr -s ' ' '\n' >"$f.got"
	awk 'NR == FNR { w[++n] = $0; next } i < n && $0 == w[i + 1] { i++ }
	    END { if (i < n) { print "missing from the credits page, in order: " w[i + 1]; exit 1 } }' \
	    "$f.want" "$f.got"
}
last=$(pages "$P")
pdftotext -f "$last" -l "$last" -raw "$P" "$T/sp-credits.txt" || :
edition=$(pack_string edition)
thanks=$(pack_string thanks)
# The edition paragraph names the parts the seed does not have.
check "serious-privacy credits: the edition paragraph says the card texts, Event effects, boards and Character sheets were written for it" \
    sh -c 'for w in "card titles and texts|texts of the Harm, Benefit and Event cards" "Event cards. effects" boards "Character sheets" "written"; do
	printf "%s\n" "$1" | grep -Eq "$w" || { echo "edition: no \"$w\""; exit 1; }; done' sh "$edition"
# shellcheck disable=SC2046
check "serious-privacy credits page: the seed's makers, then the edition paragraph, every word in order" \
    in_order "$T/sp-credits.txt" "Ralph" "O'Brien" "Szilvia" "Laszlo" "Gio" "Spadaro" \
    $(words_of "$edition")
# shellcheck disable=SC2046
check "serious-privacy credits page: the seed's acknowledgements under 'Acknowledgements', every word in order" \
    in_order "$T/sp-credits.txt" Acknowledgements $(words_of "$thanks")
check "serious-privacy credits page: the acknowledgements name the seed's co-hosts, proof reader and play testers" \
    names_ok "$T/sp-credits.txt" "K Royal" "Breitbarth" "Rowenna Fielding" \
    "Caiden, Emma, Fey, James, John, Keiron"

# The same two strings make a credits page for a game that names nobody
# in deck.yaml: the test game, with a booklet and the two strings.
K=$T/thanks-only
rm -rf "$K" && cp -r $C "$K" && mkdir "$K/rules" &&
    printf '# Test\n\nPlay.\n' >"$K/rules/en.md" &&
    printf 'pack:\n  edition: "Cards drawn for this edition by Ada."\n  thanks-title: Acknowledgements\n  thanks: "Thanks to Grace, who played it first."\n' \
	>>"$K/text/en.yaml"
if $WRAP ./deckpress pack "$K" -o "$K.pdf" >/dev/null 2>"$K.err"; then
	n=$(pages "$K.pdf")
	pdftotext -f "$n" -l "$n" -raw "$K.pdf" "$K.txt" || :
	check "pack credits: no credits: in deck.yaml, the pack strings edition and thanks alone make the last page 'Credits', in order" \
	    in_order "$K.txt" Credits Cards drawn for this edition by Ada. \
	    Acknowledgements Thanks to Grace, who played it first.
else
	notok "pack credits: a game with only the pack strings edition and thanks packs"
	sed 's/^/    /' "$K.err"
fi
# thanks without its heading: refused, the missing string named.
sed -i '/^  thanks-title:/d' "$K/text/en.yaml"
check "pack credits: thanks without thanks-title: exit 1, the missing string named, no PDF" sh -c '
    rm -f "$2.pdf"
    if $1 ./deckpress pack "$2" -o "$2.pdf" >/dev/null 2>"$2.err"; then echo "exit 0"; exit 1; fi
    grep -q "error: the pack has no text in .en. for thanks-title" "$2.err" || { cat "$2.err"; exit 1; }
    test ! -e "$2.pdf" || { echo "$2.pdf written"; exit 1; }' sh "$WRAP" "$K"

# The boards, from their tiles in the card sheets: each labelled tile,
# put together, its card spaces and token spaces measured.
S=$T/sp.pdf
check "serious-privacy: cards render" render $SP -o "$S"
# its text, one pdftotext for the tiles' labels and the Event card below
pdftotext -raw "$S" "$S.txt" || :
awk 'BEGIN { RS = "\f" } {
	n = split($0, l, "\n")
	for (i = 1; i <= n; i++) if (l[i] ~ / · [0-9]+\/[0-9]+$/) {
		s = l[i]; sub(/ · [0-9]+\/[0-9]+$/, "", s)
		k = l[i]; sub(/.* · /, "", k)
		print NR "\t" s "\t" k
	}
}' "$S.txt" >"$T/sp-tiles"
# boards_ok TILES NAME...: the labelled tiles (page, board, k/n) are
# those of the boards NAME..., each with its tiles 1/n to n/n.
boards_ok() {
	tiles=$1
	shift
	want=$(printf '%s\n' "$@" | sort -u)
	got=$(cut -f2 "$tiles" | sort -u)
	[ "$want" = "$got" ] || { echo "boards: [$got], expected [$want]"; return 1; }
	awk -F '\t' '{ split($3, a, "/"); n[$2]++; t[$2] = a[2]; seen[$2, a[1]] = 1 }
	END {
		for (b in n) {
			if (n[b] != t[b]) { print b ": " n[b] " tiles of " t[b]; bad = 1 }
			for (i = 1; i <= t[b]; i++)
				if (!((b, i) in seen)) { print b ": no tile " i; bad = 1 }
		}
		exit bad
	}' "$tiles"
}
IFS='
'
# shellcheck disable=SC2086
check "serious-privacy: a board for Home and each sector, each tile labelled 'BOARD · k/n'" \
    boards_ok "$T/sp-tiles" "$home_name" $sectors
unset IFS
overlap() { awk '/^overlap_mm:/ { print $2; f = 1 } END { if (!f) print 10 }' "$1"; }
kind_sizes $SP >"$T/sp-kinds"
# kind rows cols: Home, 287 x 300 mm, and a sector, 287 x 258 mm, with
# 3 mm bleed: A4 shows at most 189 x 267 mm of a board (210 x 297 less
# 2 x (5 + 5.5) for the edge band and the marks, less 9 mm of label).
while read -r kind rows cols; do
	L=$(layout_of $SP "$kind")
	if [ "$kind" = home ]; then names=$home_name; else names=$sectors; fi
	# shellcheck disable=SC2046
	set -- $(awk -v k=$kind '$1 == k { print $3, $4 }' "$T/sp-kinds")
	W=$1 H=$2
	ov=$(overlap "$L")
	while IFS= read -r bname; do
		tiles=$(awk -F '\t' -v b="$bname" '$2 == b { print $3, $1 }' \
		    "$T/sp-tiles" | sort -n | cut -d' ' -f2 | tr '\n' ' ')
		O=$T/sp-$(echo "$bname" | tr ' [:upper:]' '-[:lower:]')
		space_specs $SP "$L" >"$O.spaces"
		# shellcheck disable=SC2086
		if assemble "$O" "$S" $tiles; then
			ok "serious-privacy board '$bname': tiles found by their marks and put together"
		else
			notok "serious-privacy board '$bname': tiles found by their marks and put together"
			sed 's/^/    /' "$O.err"
			continue
		fi
		check "serious-privacy board '$bname': $rows x $cols tiles, $ov mm glue strips, assembled $W x $H mm, ticks meet" \
		    tiling_ok "$O" $rows $cols "$W" "$H" "$ov"
		check "serious-privacy board '$bname': every card space 63 x 88 mm +- 0.2, in place" \
		    spaces_ok "$O" harm benefit event
		check "serious-privacy board '$bname': every token and pawn space its token's size + 2 x clearance +- 0.2, in place" \
		    spaces_ok "$O" token pawn
	done <<EOF
$names
EOF
done <<EOF
home 2 2
sector 1 2
EOF

# The Regulator's colour against the Event deck's: on a Regulator Event
# card the sector's head band must stand out from the deck's frame, and
# be the colour the Regulator board's head band has.
# pixel PDF PAGE XPT YPT: "R G B" of the 600 dpi pixel at that point.
# (one awk for both offsets, od's three numbers joined by the shell)
pixel() {
	# shellcheck disable=SC2046
	set -- "$1" "$2" $(awk -v x="$3" -v y="$4" \
	    'BEGIN { printf "%d %d", x * 600 / 72, y * 600 / 72 }')
	pdftoppm -r 600 -aa no -aaVector no -f "$2" -l "$2" -x "$3" -y "$4" \
	    -W 1 -H 1 -singlefile "$1" "$T/px" || return
	# shellcheck disable=SC2046
	set -- $(tail -c 3 "$T/px.ppm" | od -An -tu1)
	echo "$*"
}
# words PDF PAGE: "word xMin yMin xMax yMax" (pt) of each word on PAGE.
bboxes() {
	pdftotext -bbox -f "$2" -l "$2" "$1" - | sed -n \
	    's/.*xMin="\([0-9.]*\)" yMin="\([0-9.]*\)" xMax="\([0-9.]*\)" yMax="\([0-9.]*\)">\(.*\)<\/word>/\5 \1 \2 \3 \4/p'
}
# dist "R G B" "R G B": their distance in RGB.
dist() { echo "$1 $2" | awk '{ printf "%d", sqrt(($1-$4)^2 + ($2-$5)^2 + ($3-$6)^2) }'; }
ev=$(sed -n 's/.*{id: \([a-z-]*\), component: event, sector: regulator.*/\1/p' $SP/deck.yaml | head -1)
# its title's first two words (a Harm card's title may share the first)
set -- $(awk -v id="$ev" '$1 == id ":" { on = 1; next }
    on && /title:/ { print $2, $3; exit }' $SP/text/en.yaml)
w1=$1 w2=$2
evpage=$(awk -v w="$w1 $w2" 'BEGIN { RS = "\f" }
    { gsub(/\n/, " ") } index($0, w) { print NR; exit }' "$S.txt")
# The REGULATOR above the title, in the same card: the sector's name on
# its band, the icon left of it and the frame left of that (16 mm from
# the trim to the name, the frame 0-3.5 mm).
set -- $(bboxes "$S" "$evpage" | awk -v w1="$w1" -v w2="$w2" '
    $1 == w2 && p == w1 && !t { tx = px; ty = py; t = 1 } { p = $1; px = $2; py = $3 }
    $1 == "REGULATOR" { n++; x[n] = $2; y0[n] = $3; x1[n] = $4; y1[n] = $5 }
    END { for (i = 1; i <= n; i++) if (y1[i] < ty && x[i] > tx && x[i] - tx < 40 &&
	(!b || ty - y1[i] < ty - y1[b])) b = i
	if (b) print x[b] - 14.5 * 72 / 25.4, x1[b] + 2 * 72 / 25.4, (y0[b] + y1[b]) / 2 }')
frame=$(pixel "$S" "$evpage" "$1" "$3")
band=$(pixel "$S" "$evpage" "$2" "$3")
bpage=$(awk -F '\t' '$2 == "Regulator" && $3 ~ /^1\// { print $1 }' "$T/sp-tiles")
set -- $(bboxes "$S" "$bpage" | awk '$1 == "REGULATOR" && $5 - $3 > h { h = $5 - $3; x = $4; y = ($3 + $5) / 2 }
    END { print x + 2 * 72 / 25.4, y }')
board=$(pixel "$S" "$bpage" "$1" "$2")
# rgb NAME: a colour of the cards' palette, "R G B".
rgb() {
	sed -n "s/^  $1: \"#\(..\)\(..\)\(..\)\"$/\1 \2 \3/p" \
	    layouts/serious-privacy/cards.yaml | while read -r r g b; do
		printf '%d %d %d\n' "0x$r" "0x$g" "0x$b"; done
}
check "serious-privacy: card '$ev' sampled: its frame ($frame) is the Event colour ($(rgb event)), within 6" \
    test "$(dist "$frame" "$(rgb event)")" -le 6
check "serious-privacy: card '$ev' sampled: its head band ($band) is the Regulator colour ($(rgb regulator)), within 6" \
    test "$(dist "$band" "$(rgb regulator)")" -le 6
check "serious-privacy: a Regulator Event card's head band ($band) differs clearly from the Event frame ($frame): RGB distance > 60" \
    test "$(dist "$band" "$frame")" -gt 60
check "serious-privacy: the Regulator band on its Event card ($band) is the Regulator board's ($board), within 6" \
    test "$(dist "$band" "$board")" -le 6

# --- 6. every game --------------------------------------------------------
# deckpress all -d $T/all, or the run of it the suites share under
# run-all.sh (suite.sh, bundled_render).
bundled_render
check "all -d: every bundled game renders, exit 0" sh -c '
    [ "$(cat "$1.rc")" = 0 ] || { cat "$1.err"; exit 1; }
    for f in data-chain-en-cards data-chain-en-pack dataset-it-cards \
	dataset-it-pack serious-privacy-en-cards serious-privacy-en-pack; do
	    [ -s "$1/$f.pdf" ] || { echo "no $1/$f.pdf"; exit 1; }
    done' sh "$T/all"

summary components
