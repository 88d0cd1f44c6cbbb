#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: paper, calibrate, back-offset, printer-profile, gutterfold,
#         crop-marks, sheets, bleed, duplex, components, cards, all, pack,
#         booklet, saddle-stitch
#
# Home printing (issue 10), measured on real output: US Letter and the
# card sizes, the calibration sheet, back-page offsets and printer
# profiles, gutterfold, full and corner guides, spacing, and the usage
# errors of the new options.  Pages are rasterised at 600 dpi
# (pdftoppm -aa no, one pixel 0.042 mm) and measured with
# out/test/measure: each colour's box, with -p each colour's connected
# parts, and the black components (crop marks, guides, rulers).  Test
# decks: tests/decks/print/sizes (a kind per card size, every card with
# colours of its own) and tests/decks/geometry.  Prints "ok - NAME" /
# "not ok - NAME".
T=out/test/print
. tests/suite.sh

S=tests/decks/print/sizes
G=tests/decks/geometry
MEASURE=./out/test/measure
# (make test builds it; run alone, the suite needs measure -p too)
${MAKE:-make} -s $MEASURE

render() { $WRAP ./deckpress cards "$@" >/dev/null; }

# gather NAME [grey] PDF N OUT ...: for each PDF N OUT, OUT.m, page N
# of PDF measured (measure -p), the rasters through a pipe, never to the
# disk, all through one pdftoppm and one measure: qpdf copies
# the pages, each with the objects it is drawn from, into NAME.pdf, so
# each rasterises as in its own PDF (pdftoppm is deterministic), and
# pdftoppm renders each page into the memory of the one before, where a
# pdftoppm a page maps its bitmap anew (~0.08 s of system CPU).  A PDF
# that is not there is left out: its checks find no OUT.m.  With "grey"
# the rasters are grey (pdftoppm -gray: a third of the bytes, a quarter
# less CPU), for the checks that read black alone (the marks: the same
# pixels as in colour, as Splash fills the same ones) and at most
# whether a grey #GGGGGG is painted (it reads #GGGGGG still; another
# colour may read so too, which can fail such a check but never pass
# it).  The pages go in order of size, A4 and Letter apart (each kept
# in the order given): pdftoppm maps a new bitmap each time the size
# changes, and pages1's ten changes cost it 0.6 s of system CPU.
gather() {
	gn=$1
	shift
	g=
	[ "$1" != grey ] || { g=-gray; shift; }
	gp=
	go=
	while [ $# -ge 3 ]; do
		[ ! -s "$1" ] || { gp="$gp $1 $2"; go="$go $3.m"; }
		shift 3
	done
	[ -n "$gp" ] || return 0
	# (qpdf exits 3 on a warning, the pages copied all the same)
	# shellcheck disable=SC2086
	qpdf --empty --pages $gp -- "$gn.all.pdf" || [ $? -eq 3 ] || return 1
	# "PAGE OUT" a line, by size, then as given; none if pdfinfo fails.
	pdfinfo -f 1 -l 1000000 "$gn.all.pdf" | awk -v go="$go" '
	    BEGIN { split(go, out, " ") }
	    /^Page +[0-9]+ size: / { print $4 "x" $6, $2, out[$2] }' |
	    sort -s -k1,1 | awk '{ print $2, $3 }' >"$gn.order"
	[ -s "$gn.order" ] || return 1
	# shellcheck disable=SC2046
	qpdf "$gn.all.pdf" --pages . $(awk '{ printf "%s%s", (NR > 1 ? "," : ""),
	    $1 }' "$gn.order") -- "$gn.pdf" || [ $? -eq 3 ] || return 1
	# shellcheck disable=SC2046,SC2086
	pdftoppm $g -r 600 -aa no -aaVector no "$gn.pdf" |
	    $MEASURE -p /dev/stdin $(awk '{ print $2 }' "$gn.order")
}

# paper_pages PDF W H [N]: every page W x H pt (as pdfinfo prints it),
# and N pages if N is given.  One pdfinfo gives the count and every
# page's size: it stops -l at the last page.
paper_pages() {
	pdfinfo -f 1 -l 1000000 "$1" | awk -v w="$2" -v h="$3" -v want="${4-}" \
	    -v f="$1" '
	    /^Pages:/ { n = $2 }
	    /^Page +[0-9]+ size: / { k++; if ($4 != w || $6 != h) {
		bad[++nb] = "page " $2 ": " $4 " x " $6 " pt, expected " w " x " h } }
	    END { if (want != "" && n != want) {
		print f ": " n " pages, expected " want; exit 1 }
		for (i = 1; i <= nb; i++) print bad[i]
		if (k != n || n == 0) { print k + 0 " page sizes, " n " pages"; nb++ }
		exit nb > 0 }'
}
A4='595.276 841.89'
LETTER='612 792'
# GEOM, LATTICE and fold_ok: tests/suite.sh

# --- 1. paper sizes and card sizes ----------------------------------------
# The computed grid (src/impose/grid.c): outside its outer trims each
# side keeps the bleed b, the 0.5 mm mark gap, 1 mm of crop mark and the
# 5 mm band, b + 6.5 mm; with b = 3 that leaves 191 x 278 mm of A4 and
# 196.9 x 260.4 of Letter (215.9 x 279.4), with b cut to 1 mm 195 x 282
# and 200.9 x 264.4.  The most cards, turned if more fit so; the thin
# bleed only if it fits more, the bleed then what the margin leaves,
# (min(x0, y0) - 6.5).  The grid is centred.
#   standard 63 x 88  A4:     3 x 3 (turned 2 x 4); x0 10.5, y0 16.5, b 3
#                     Letter: 3 x 2 = 6, turned 2 x 4 = 8; thin: 3 x 3
#                             (264 <= 264.4): x0 13.45, y0 7.7, b 1.2
#   poker 63.5 x 88.9 A4:     3 x 3; x0 9.75, y0 15.15, b 3
#                     Letter: 3 x 2 = 6, turned 2 x 4 = 8, thin no more:
#                             turned, 2 x 4 of 88.9 x 63.5; x0 19.05,
#                             y0 12.7, b 3; 9 cards: 8 + 1
#   tarot 70 x 120    A4:     2 x 2 (turned 1 x 3); x0 35, y0 28.5, b 3
#                     Letter: 2 x 2; x0 37.95, y0 19.7, b 3
#   mini euro 44 x 68 A4:     4 x 4 (176 x 272; turned 2 x 6); x0 17,
#                             y0 12.5, b 3
#                     Letter: 4 x 3 = 12 (4 rows need 272 > 260.4;
#                             turned 2 x 5); thin: 4 x 3, turned 2 x 6 =
#                             12, no more: 4 x 3, x0 19.95, y0 37.7, b 3;
#                             16 cards: 12 + 4
# kind paper cols rows w h (as placed) x0 y0 bleed sheets cards GG
SIZES='standard a4 3 3 63 88 10.5 16.5 3 1 9 40
standard letter 3 3 63 88 13.45 7.7 1.2 1 9 40
poker a4 3 3 63.5 88.9 9.75 15.15 3 1 9 60
poker letter 2 4 88.9 63.5 19.05 12.7 3 2 9 60
tarot a4 2 2 70 120 35 28.5 3 1 4 80
tarot letter 2 2 70 120 37.95 19.7 3 1 4 80
mini a4 4 4 44 68 17 12.5 3 1 16 a0
mini letter 4 3 44 68 19.95 37.7 3 2 16 a0'

# grid_ok M COLS ROWS CW CH X0 Y0 B PW PH FIRST N GG: on the measured
# page M the crop marks lie on the trim lines of the cells used (COLS +
# 1 vertical and ROWS + 1 horizontal on a full page), two marks each but
# none beside an empty cell, CW and CH apart from X0, Y0; the trims are
# 5 mm or more inside the paper; each mark starts 0.5 mm past the
# B mm bleed and has 1 mm or more outside the 5 mm band; cards FIRST to
# FIRST + N - 1 of kind GG fill the cells row by row, each trim CW x CH
# mm; the grey bleed is painted B mm round the filled cells.
grid_ok() {
	awk -v cols="$2" -v rows="$3" -v cw="$4" -v ch="$5" -v x0="$6" \
	    -v y0="$7" -v b="$8" -v pw="$9" -v ph="${10}" -v first="${11}" \
	    -v n="${12}" -v gg="${13}" "$GEOM$LATTICE"'
	# Marks only beside used cells: the used uc x ur of the grid, each
	# trim line marked at an end where the outermost cell of the grid
	# beside it (first or last row or column) is used; the last
	# row holds L cards.
	function rused(r) { return r >= 0 && r < ur && (r < ur - 1 || L >= cols) }
	END {
		lattice()
		uc = n < cols ? n : cols; ur = int((n + cols - 1) / cols)
		L = n - (ur - 1) * cols
		if (nv != uc + 1 || nh != ur + 1)
			bad(sprintf("the crop marks show %d x %d trims, expected %d x %d",
			    nv - 1, nh - 1, uc, ur))
		for (k = 1; k <= nv; k++) {
			want = 1 + (k - 1 <= L)
			if (vc[k] != want) bad(sprintf("trim line x = %.3f: %d marks, expected %d", V[k], vc[k], want))
			if (!near(V[k], x0 + (k - 1) * cw))
				bad(sprintf("trim line %d at x %.3f, expected %.3f", k - 1, V[k], x0 + (k - 1) * cw))
		}
		for (k = 1; k <= nh; k++) {
			want = 1 + (rused(k - 2) || rused(k - 1))
			if (hc[k] != want) bad(sprintf("trim line y = %.3f: %d marks, expected %d", Hz[k], hc[k], want))
			if (!near(Hz[k], y0 + (k - 1) * ch))
				bad(sprintf("trim line %d at y %.3f, expected %.3f", k - 1, Hz[k], y0 + (k - 1) * ch))
		}
		if (V[1] < 5 || V[nv] > pw - 5 || Hz[1] < 5 || Hz[nh] > ph - 5)
			bad(sprintf("trims %.3f,%.3f to %.3f,%.3f: not 5 mm inside the paper",
			    V[1], Hz[1], V[nv], Hz[nh]))
		for (i = 1; i <= nm; i++) {
			w = mx1[i] - mx0[i]; h = my1[i] - my0[i]
			if (w > 0.3 && h > 0.3) { bad(sprintf("mark %.3f,%.3f %.3f x %.3f is not a line", mx0[i], my0[i], w, h)); continue }
			if (h > w) {
				if (my1[i] <= Hz[1]) { e = my1[i]; want = Hz[1] - b - 0.5; inb = e - 5 }
				else { e = my0[i]; want = Hz[nh] + b + 0.5; inb = ph - 5 - e }
			} else {
				if (mx1[i] <= V[1]) { e = mx1[i]; want = V[1] - b - 0.5; inb = e - 5 }
				else { e = mx0[i]; want = V[nv] + b + 0.5; inb = pw - 5 - e }
			}
			if (!near(e, want))
				bad(sprintf("mark %.3f,%.3f to %.3f,%.3f starts at %.3f, expected %.3f (0.5 mm past %g mm of bleed)",
				    mx0[i], my0[i], mx1[i], my1[i], e, want, b))
			if (inb < 0.95)
				bad(sprintf("mark %.3f,%.3f to %.3f,%.3f: only %.3f mm outside the 5 mm band",
				    mx0[i], my0[i], mx1[i], my1[i], inb))
		}
		for (k = 0; k < n; k++) {
			c = front(first + k, gg); r = int(k / cols); col = k % cols
			ex = x0 + col * cw; ey = y0 + r * ch
			if (!(c in cx0)) { bad("card " first + k " (" c ") missing"); continue }
			if (!near(cx1[c] - cx0[c], cw) || !near(cy1[c] - cy0[c], ch) ||
			    !near(cx0[c], ex) || !near(cy0[c], ey))
				bad(sprintf("card %d: trim %.3f x %.3f at %.3f,%.3f; expected %g x %g at %.3f,%.3f",
				    first + k, cx1[c] - cx0[c], cy1[c] - cy0[c], cx0[c], cy0[c], cw, ch, ex, ey))
		}
		for (c in cx0) if (c ~ /^#[0-9a-f][0-9a-f][0-9a-f][0-9a-f]c0$/) ncards++
		if (ncards != n) bad(ncards " cards on the page, expected " n)
		g = "#808080"
		X0 = x0 - b; Y0 = y0 - b; X1 = x0 + uc * cw + b; Y1 = y0 + ur * ch + b
		if (!(g in cx0)) bad("no bleed painted")
		else if (!near(cx0[g], X0) || !near(cy0[g], Y0) || !near(cx1[g], X1) || !near(cy1[g], Y1))
			bad(sprintf("bleed painted %.3f,%.3f to %.3f,%.3f; expected %.3f,%.3f to %.3f,%.3f (%g mm)",
			    cx0[g], cy0[g], cx1[g], cy1[g], X0, Y0, X1, Y1, b))
		else if (cx0[g] < 5 || cy0[g] < 5 || cx1[g] > pw - 5 || cy1[g] > ph - 5)
			bad("the bleed reaches into the 5 mm band")
		exit nbad > 0
	}' "$1"
}

# renders PDF W H N: rendered without a word on stderr (PDF.err), N
# pages of W x H pt.
renders() {
	[ -e "$1.err" ] && ! grep . "$1.err" && paper_pages "$@"
}

# --- the pages measured -----------------------------------------------------
# Every page that sections 1 to 5 measure, rendered here and measured by
# three gathers side by side, each one pdftoppm: the colour pages in
# two, about half the pixels each (q1, q2), the grey ones in the third
# (qg).  A pdftoppm a page, or a section, mapped its bitmap anew each
# time (~0.08 s of system CPU).
q1='' q2='' qg=''
# 1: the card sizes' sheets
while read -r kind paper cols rows cw ch x0 y0 b sheets n gg; do
	render $S --component "$kind" --paper "$paper" --no-backs \
	    -o "$T/$kind-$paper.pdf" 2>"$T/$kind-$paper.pdf.err" || continue
	p=1
	while [ "$p" -le "$sheets" ]; do
		q1="$q1 $T/$kind-$paper.pdf $p $T/$kind-$paper-$p"
		p=$((p + 1))
	done
done <<EOF
$SIZES
EOF

# 2: the calibration sheets (the checks: section 2), grey: the
# calibration checks read their marks alone.  A front drawn from the
# same bytes (pagesum) as one gathered already is not gathered again but
# copied from its ONCE.m, after: the fronts are the same for both duplex
# modes.
# paper mode pw ph offset?
CALIB='a4 long 210 297 yes
a4 short 210 297 no
letter long 215.9 279.4 no
letter short 215.9 279.4 yes'
onces='' copies=''
while read -r paper mode pw ph off; do
	C=$T/cal-$paper-$mode
	$WRAP ./deckpress calibrate --paper "$paper" --duplex "$mode" -o "$C.pdf" \
	    >/dev/null 2>"$C.pdf.err" || echo "exit $?" >>"$C.pdf.err"
	q=
	if s=$(pagesum "$C.pdf" 1 "$C-1.qdf"); then
		o=$T/once-${s% *}-${s#* }
		copies="$copies $o:$C-1"
		case "$onces" in
		*" $o "*) ;;
		*) onces="$onces $o " q="$C.pdf 1 $o" ;;
		esac
	else
		q="$C.pdf 1 $C-1"
	fi
	q="$q $C.pdf 2 $C-2"
	if [ "$off" = yes ]; then
		$WRAP ./deckpress calibrate --paper "$paper" --duplex "$mode" \
		    --back-offset 1.5,-0.8 -o "$C-off.pdf" >/dev/null \
		    2>>"$C.pdf.err" || echo "exit $?" >>"$C.pdf.err"
		q="$q $C-off.pdf 2 $C-off-2"
	fi
	qg="$qg $q"
done <<EOF
$CALIB
EOF

# 3: the backs without and with the offset (the checks: section 3)
O=$T/off
render $G -o "$O.pdf"
render $G --back-offset 1.5,-0.8 -o "$O-opt.pdf"
q1="$q1 $O.pdf 2 $O-2 $O.pdf 12 $O-12 $O-opt.pdf 2 $O-opt-2"
q1="$q1 $O-opt.pdf 12 $O-opt-12"

# 4: gutterfold (the checks, and how many cards a page: section 4)
# name paper pages page fold first n gg pw ph cw ch frontmark
FOLDS='geom-a4 A4 13 1 h 0 4 40 210 297 63 88 -
geom-a4 A4 13 13 h 48 4 40 210 297 63 88 -
geom-letter letter 13 13 v 48 4 40 215.9 279.4 63 88 -
standard-a4 A4 3 3 h 8 1 40 210 297 63 88 #303030
tarot-a4 A4 2 1 h 0 2 80 210 297 70 120 #303030
mini-letter letter 3 3 v 12 4 a0 215.9 279.4 44 68 #303030'
F=$T/fold
render $G --duplex fold -o "$F-geom-a4.pdf"
render $G --duplex fold --paper letter -o "$F-geom-letter.pdf"
render $S --component standard --duplex fold -o "$F-standard-a4.pdf"
render $S --component tarot --duplex fold -o "$F-tarot-a4.pdf"
render $S --component mini --duplex fold --paper letter -o "$F-mini-letter.pdf"
while read -r fname paper pg p fold first n gg pw ph cw ch fm; do
	q2="$q2 $F-$fname.pdf $p $F-$fname-$p"
done <<EOF
$FOLDS
EOF

# 5: guides and spacing (the checks: section 5); grey: full_ok reads
# the marks and whether #999999 is painted
U=$T/guides
render $G --guides full -o "$U-full.pdf"
render $S --component standard --paper letter --guides full --no-backs \
    -o "$U-full-letter.pdf"
render $S --component standard --guides corners --no-backs -o "$U-corners.pdf"
render $S --component tarot --guides corners -o "$U-corners-tarot.pdf"
render $S --component cornered --no-backs -o "$U-corners-sheet.pdf"
render $S --component standard --spacing 4 -o "$U-spacing.pdf"
render $S --component standard --spacing 4 --paper letter \
    -o "$U-spacing-letter.pdf"
render $S --component spaced --no-backs -o "$U-spaced.pdf"
render $S --component spaced --no-backs --bleed-only-outside -o "$U-outside.pdf"
qg="$qg $U-full.pdf 1 $U-full-1 $U-full.pdf 2 $U-full-2"
qg="$qg $U-full-letter.pdf 1 $U-full-letter-1"
q2="$q2 $U-corners.pdf 1 $U-corners-1 $U-corners-tarot.pdf 1"
q2="$q2 $U-corners-tarot-1 $U-corners-tarot.pdf 2 $U-corners-tarot-2"
q2="$q2 $U-corners-sheet.pdf 1 $U-corners-sheet-1"
q2="$q2 $U-spaced.pdf 1 $U-spaced-1"
q2="$q2 $U-spacing.pdf 1 $U-spacing-1 $U-spacing.pdf 2 $U-spacing-2"
q1="$q1 $U-spacing-letter.pdf 1 $U-spacing-letter-1"
q1="$q1 $U-spacing-letter.pdf 2 $U-spacing-letter-2"
q1="$q1 $U-outside.pdf 1 $U-outside-1"
# shellcheck disable=SC2086
gather "$T/pages1" $q1 &
# shellcheck disable=SC2086
gather "$T/pages2" $q2 &
# shellcheck disable=SC2086
gather "$T/pages-grey" grey $qg &
wait
for c in $copies; do
	[ ! -e "${c%%:*}.m" ] || cp "${c%%:*}.m" "${c#*:}.m"
done

# The card sizes' checks.
while read -r kind paper cols rows cw ch x0 y0 b sheets n gg; do
	pdf=$T/$kind-$paper.pdf
	if [ "$paper" = a4 ]; then size=$A4; else size=$LETTER; fi
	# shellcheck disable=SC2086
	check "$kind on $paper: renders, $sheets page(s) of $size pt" \
	    renders "$pdf" $size "$sheets"
	pw=210 ph=297
	[ "$paper" = a4 ] || { pw=215.9 ph=279.4; }
	per=$((cols * rows))
	p=1
	while [ "$p" -le "$sheets" ]; do
		first=$(((p - 1) * per))
		m=$((n - first))
		[ "$m" -le "$per" ] || m=$per
		check "$kind on $paper, page $p: marks on a $cols x $rows grid from $x0,$y0; $m trims of $cw x $ch mm +- 0.1 in their cells, >= 5 mm from the edges; $b mm bleed" \
		    grid_ok "$T/$kind-$paper-$p.m" "$cols" "$rows" "$cw" "$ch" \
		    "$x0" "$y0" "$b" $pw $ph $first $m "$gg"
		p=$((p + 1))
	done
done <<EOF
$SIZES
EOF

# Every bundled game on Letter, and a pack and a booklet.
A=$T/all
check "all --paper letter -d DIR: every bundled game renders, exit 0" \
    sh -c '$1 ./deckpress all --paper letter -d "$2" >"$2.out" 2>"$2.err" ||
    { cat "$2.err"; exit 1; }' sh "$WRAP" "$A"
# all_letter DIR: each bundled game's cards and pack in each language
# it has text for, every page of every PDF 612 x 792 pt.
all_letter() {
	for d in cards/*/; do
		game=$(sed -n 's/^game: *//p' "$d/deck.yaml")
		for t in "$d"text/*.yaml; do
			lang=$(basename "$t" .yaml)
			[ -s "$1/$game-$lang-cards.pdf" ] ||
			    { echo "no $1/$game-$lang-cards.pdf"; return 1; }
			[ ! -e "$d/rules/$lang.md" ] || [ -s "$1/$game-$lang-pack.pdf" ] ||
			    { echo "no $1/$game-$lang-pack.pdf"; return 1; }
		done
	done
	for f in "$1"/*.pdf; do
		# shellcheck disable=SC2086
		paper_pages "$f" $LETTER || { echo "in $f"; return 1; }
	done
}
check "all --paper letter: every game's cards and pack, every page of every PDF 612 x 792 pt" \
    all_letter "$A"
P=$T/pack-letter.pdf
check "pack cards/data-chain --paper letter: renders" \
    sh -c '$1 ./deckpress pack cards/data-chain --paper letter -o "$2" >/dev/null' \
    sh "$WRAP" "$P"
# shellcheck disable=SC2086
check "pack --paper letter: Letter throughout (612 x 792 pt)" paper_pages "$P" $LETTER
B=$T/booklet-letter.pdf
check "booklet cards/data-chain --paper letter --format a5-booklet: renders" \
    sh -c '$1 ./deckpress booklet cards/data-chain --paper letter \
    --format a5-booklet -o "$2" >/dev/null' sh "$WRAP" "$B"
check "booklet --paper letter --format a5-booklet: every side Letter landscape (792 x 612 pt)" \
    paper_pages "$B" 792 612

# --- 2. the calibration sheet -------------------------------------------------
# calib_items M: what a calibration page's black components show, named:
#   ruler h100|h4in|v100 X0 Y0 X1 Y1 LENGTH   the rulers, the one across
#       the page above the other first; LENGTH is the box's, less the
#       0.25 pt (0.088 mm) of the stroke that the end ticks add
#   tick x|y I X0 Y0 X1 Y1   the ticks of the back's scales, I = -20..20
#       (0.5 mm steps; 0 in the middle); a scale's 41 ticks stand apart
#       and start on one line
#   count rulers|xticks|yticks N
calib_items() {
	awk "$GEOM"'
	function tick(l) { return abs(l - 2.5) < 0.15 || abs(l - 4) < 0.15 || abs(l - 6) < 0.15 }
	$1 == "mark" {
		w = $4 - $2; h = $5 - $3
		if (h > 3.9 && h < 4.2 && w > 50) { nh++; hl[nh] = $2 " " $3 " " $4 " " $5; hy[nh] = $3; hw[nh] = w }
		else if (w > 3.9 && w < 4.2 && h > 50) { nv++; vl = $2 " " $3 " " $4 " " $5; vh = h }
		else if (w < 0.2 && tick(h)) { nx++; xl[nx] = $0; xk[nx] = $3; xc[nx] = ($2 + $4) / 2 }
		else if (h < 0.2 && tick(w)) { ny++; yl[ny] = $0; yk[ny] = $2; yc[ny] = ($3 + $5) / 2 }
	}
	# scale(name, n, key, centre, line): the 41 ticks with one key
	function scale(name, n, k, c, l,   i, j, m, t, idx) {
		for (i = 1; i <= n; i++) {
			m = 0
			for (j = 1; j <= n; j++) if (abs(k[j] - k[i]) < 0.1) idx[++m] = j
			if (m == 41) break
		}
		if (m != 41) { print "count " name "ticks 0"; return }
		for (i = 2; i <= 41; i++) for (j = i; j > 1 && c[idx[j]] < c[idx[j - 1]]; j--) {
			t = idx[j]; idx[j] = idx[j - 1]; idx[j - 1] = t
		}
		print "count " name "ticks 41"
		for (i = 1; i <= 41; i++) {
			split(l[idx[i]], f, " ")
			print "tick", name, i - 21, f[2], f[3], f[4], f[5]
		}
	}
	END {
		s = 0.25 * 25.4 / 72
		print "count rulers", nh + nv
		if (nh == 2) {
			a = hy[1] < hy[2] ? 1 : 2; b = 3 - a
			print "ruler h100", hl[a], hw[a] - s
			print "ruler h4in", hl[b], hw[b] - s
		}
		if (nv == 1) print "ruler v100", vl, vh - s
		scale("x", nx, xk, xc, xl)
		scale("y", ny, yk, yc, yl)
	}' "$1"
}

# rulers_ok ITEMS: three rulers, 100 mm, 4 in (101.6 mm) and 100 mm down
# the page, each +- 0.1 mm.
rulers_ok() {
	awk "$GEOM"'
	$1 == "count" && $2 == "rulers" && $3 != 3 { bad($3 " rulers found, expected 3") }
	$1 == "ruler" { got[$2] = $7 }
	END {
		want["h100"] = 100; want["h4in"] = 101.6; want["v100"] = 100
		for (r in want) {
			if (!(r in got)) bad("no ruler " r)
			else if (!near(got[r], want[r])) bad(sprintf("ruler %s measures %.3f mm, expected %g", r, got[r], want[r]))
			else printf "ruler %s: %.3f mm\n", r, got[r]
		}
		exit nbad > 0
	}' "$1"
}

# front_lines PDF M OUT: "X Y" into OUT, where the front page's X line
# (down the page) and Y line (across it) are, in mm: they cross, so each
# is measured alone in a 10 mm strip of the page at 600 dpi, across the X
# line above the crossing and across the Y line right of it.
front_lines() {
	# shellcheck disable=SC2046
	set -- "$1" "$3" $(awk '
	    $1 == "size" { W = $2; H = $3 }
	    $1 == "mark" && $4 - $2 > 100 && $5 - $3 > 100 && !n++ {
		k = 600 / 25.4
		printf "%d %d %d %d %d\n", W * k + 0.5, H * k + 0.5,
		    ($3 + 5) * k, ($4 - 15) * k, 10 * k }' "$2")
	[ $# -eq 7 ] || { echo "no crossing lines on the front"; return 1; }
	pdftoppm -r 600 -aa no -aaVector no -f 1 -l 1 -singlefile \
	    -x 0 -y "$5" -W "$3" -H "$7" "$1" | $MEASURE /dev/stdin >"$2.xs"
	pdftoppm -r 600 -aa no -aaVector no -f 1 -l 1 -singlefile \
	    -x "$6" -y 0 -W "$7" -H "$4" "$1" | $MEASURE /dev/stdin >"$2.ys"
	x=$(awk '$1 == "mark" && $5 - $3 > 9.8 && $4 - $2 < 0.3 { print ($2 + $4) / 2; exit }' "$2.xs")
	y=$(awk '$1 == "mark" && $4 - $2 > 9.8 && $5 - $3 < 0.3 { print ($3 + $5) / 2; exit }' "$2.ys")
	if [ -z "$x" ] || [ -z "$y" ]; then
		echo "X line '$x', Y line '$y' not found"
		return 1
	fi
	echo "$x $y" >"$2"
}

# zeros_ok ITEMS LINES MODE PW PH: the back's X scale's 0 tick is where
# the front's X line shows through, its Y scale's where the Y line does:
# the paper turned on its long edge (x -> PW - x) or short (y -> PH - y).
zeros_ok() {
	awk -v mode="$3" -v pw="$4" -v ph="$5" "$GEOM"'
	FNR == 1 { file++ }
	file == 1 && $1 == "count" && $2 ~ /ticks/ && $3 != 41 { bad("the " $2 " scale has not 41 ticks") }
	file == 1 && $1 == "tick" && $3 == 0 { z[$2] = $2 == "x" ? ($4 + $6) / 2 : ($5 + $7) / 2; zl[$2] = $2 == "x" ? $7 - $5 : $6 - $4 }
	file == 2 { fx = $1; fy = $2 }
	END {
		ex = mode == "long" ? pw - fx : fx
		ey = mode == "long" ? fy : ph - fy
		if (!("x" in z) || !("y" in z)) { bad("scales not found"); exit 1 }
		if (!near(zl["x"], 6) || !near(zl["y"], 6)) bad("the 0 ticks are not the long ones")
		if (!near(z["x"], ex))
			bad(sprintf("X scale 0 at x %.3f; the front X line (x %.3f) shows through at %.3f", z["x"], fx, ex))
		if (!near(z["y"], ey))
			bad(sprintf("Y scale 0 at y %.3f; the front Y line (y %.3f) shows through at %.3f", z["y"], fy, ey))
		if (!nbad) printf "X 0 tick at %.3f (line through at %.3f), Y 0 tick at %.3f (%.3f)\n", z["x"], ex, z["y"], ey
		exit nbad > 0
	}' "$1" "$2"
}

# shifted_ok BASE OFF DX DY: every ruler and tick of OFF is BASE's moved
# by DX, DY mm, +- 0.1.
shifted_ok() {
	awk -v dx="$3" -v dy="$4" "$GEOM"'
	FNR == 1 { file++ }
	$1 == "count" { if (file == 1) c[$2] = $3; else if (c[$2] != $3) bad($2 ": " c[$2] " then " $3) }
	$1 != "ruler" && $1 != "tick" { next }
	{ k = $1 " " $2 (($1 == "tick") ? " " $3 : ""); o = $1 == "tick" ? 4 : 3 }
	file == 1 { n++; key[n] = k; x0[k] = $o; y0[k] = $(o + 1); x1[k] = $(o + 2); y1[k] = $(o + 3) }
	file == 2 {
		seen[k] = 1
		if (!(k in x0)) { bad(k " only with the offset"); next }
		if (!near($o - x0[k], dx) || !near($(o + 1) - y0[k], dy) ||
		    !near($(o + 2) - x1[k], dx) || !near($(o + 3) - y1[k], dy))
			bad(sprintf("%s moved by %.3f,%.3f (corner 2: %.3f,%.3f)", k,
			    $o - x0[k], $(o + 1) - y0[k], $(o + 2) - x1[k], $(o + 3) - y1[k]))
		else if (k == "tick x 0") printf "X scale 0 tick moved by %.3f,%.3f\n", $o - x0[k], $(o + 1) - y0[k]
	}
	END {
		for (i = 1; i <= n; i++) if (!(key[i] in seen)) bad(key[i] " missing with the offset")
		if (n < 85) bad(n " rulers and ticks, expected 85")
		exit nbad > 0
	}' "$1" "$2"
}

# samepage PDF1 PDF2 N: page N of both, rasterised at 600 dpi, is the
# same, byte for byte.  Where both are drawn from the same bytes
# (pagesum), so are their rasters, and none is made; else both are
# rasterised and compared.
samepage() {
	if a=$(pagesum "$1" "$3" "$1.$3.qdf") &&
	    b=$(pagesum "$2" "$3" "$2.$3.qdf") && [ "$a" = "$b" ]; then
		echo "page $3: drawn from the same objects ($a)"
		return 0
	fi
	a=$(pdftoppm -r 600 -aa no -aaVector no -f "$3" -l "$3" -singlefile "$1" | cksum)
	b=$(pdftoppm -r 600 -aa no -aaVector no -f "$3" -l "$3" -singlefile "$2" | cksum)
	[ "$a" = "$b" ] || { echo "page $3 differs: $a vs $b"; return 1; }
}

# (CALIB and its pages: rendered and measured in "the pages measured")
while read -r paper mode pw ph off; do
	C=$T/cal-$paper-$mode
	if [ "$paper" = a4 ]; then size=$A4; else size=$LETTER; fi
	# shellcheck disable=SC2086
	check "calibrate $paper $mode: 2 pages of $size pt" renders "$C.pdf" $size 2
	for p in 1 2; do
		calib_items "$C-$p.m" >"$C-$p.items" || :
		check "calibrate $paper $mode, page $p: rulers of 100 mm, 4 in (101.6 mm) and 100 mm down, +- 0.1 at 600 dpi" \
		    rulers_ok "$C-$p.items"
	done
	check "calibrate $paper $mode: front X and Y lines found" \
	    front_lines "$C.pdf" "$C-1.m" "$C.lines"
	check "calibrate $paper $mode: the back's X and Y scales read 0 where the front's lines show through ($mode edge)" \
	    zeros_ok "$C-2.items" "$C.lines" "$mode" "$pw" "$ph"
	[ "$off" = yes ] || continue
	calib_items "$C-off-2.m" >"$C-off-2.items" || :
	check "calibrate $paper $mode --back-offset 1.5,-0.8: the back's rulers and 82 scale ticks move by 1.5,-0.8 mm +- 0.1" \
	    shifted_ok "$C-2.items" "$C-off-2.items" 1.5 -0.8
	check "calibrate $paper $mode --back-offset 1.5,-0.8: the front is the same raster" \
	    samepage "$C.pdf" "$C-off.pdf" 1
done <<EOF
$CALIB
EOF

# --- 3. the back-page offset, printer profiles --------------------------------
# moved_ok BASE.m OFF.m DX DY: every black component (crop marks) and
# every colour's box (trims, markers, bleed) of OFF is BASE's moved by
# DX, DY mm +- 0.1, but the grey guides', which run on to the paper's
# edge and are cut there.
moved_ok() {
	awk -v dx="$3" -v dy="$4" "$GEOM"'
	FNR == 1 { file++ }
	$1 == "color" && $2 != "#999999" {
		if (file == 1) { n++; c[n] = $2; x0[$2] = $3; y0[$2] = $4; x1[$2] = $5; y1[$2] = $6; next }
		seen[$2] = 1
		if (!($2 in x0)) bad($2 " only with the offset")
		else if (!near($3 - x0[$2], dx) || !near($4 - y0[$2], dy) ||
		    !near($5 - x1[$2], dx) || !near($6 - y1[$2], dy))
			bad(sprintf("%s moved by %.3f,%.3f (far corner %.3f,%.3f)", $2,
			    $3 - x0[$2], $4 - y0[$2], $5 - x1[$2], $6 - y1[$2]))
		else { moved++; sx += $3 - x0[$2]; sy += $4 - y0[$2] }
	}
	$1 == "mark" && file == 1 { m++; mx0[m] = $2; my0[m] = $3; mx1[m] = $4; my1[m] = $5 }
	$1 == "mark" && file == 2 {
		m2++
		for (j = 1; j <= m; j++)
			if (!used[j] && near($2 - mx0[j], dx) && near($3 - my0[j], dy) &&
			    near($4 - mx1[j], dx) && near($5 - my1[j], dy)) break
		if (j > m) bad(sprintf("mark %.3f,%.3f to %.3f,%.3f is no mark moved by %g,%g", $2, $3, $4, $5, dx, dy))
		else used[j] = 1
	}
	END {
		for (i = 1; i <= n; i++) if (!(c[i] in seen)) bad(c[i] " gone with the offset")
		if (m2 != m || m == 0) bad(m " marks without the offset, " m2 " with it")
		if (!nbad) printf "%d boxes moved by %.3f,%.3f on average; %d marks\n", moved, sx / moved, sy / moved, m
		exit nbad > 0
	}' "$1" "$2"
}

# (off.pdf and off-opt.pdf: rendered and measured in "the pages
# measured")
O=$T/off
for p in 2 12; do
	check "cards --back-offset 1.5,-0.8, page $p (backs): every mark, trim, marker and bleed moved by 1.5,-0.8 mm +- 0.1" \
	    moved_ok "$O-$p.m" "$O-opt-$p.m" 1.5 -0.8
done
for p in 1 11; do
	check "cards --back-offset 1.5,-0.8, page $p (fronts): the same raster as without" \
	    samepage "$O.pdf" "$O-opt.pdf" $p
done

printf 'back_offset_mm: [1.5, -0.8]\n' >"$T/printer.yaml"
render $G --printer "$T/printer.yaml" -o "$O-profile.pdf"
check "--printer with back_offset_mm: [1.5, -0.8]: the same PDF bytes as --back-offset 1.5,-0.8" \
    cmp "$O-opt.pdf" "$O-profile.pdf"
printf 'back_offset_mm: [3, 3]\n' >"$T/printer-3.yaml"
render $G --printer "$T/printer-3.yaml" --back-offset 1.5,-0.8 -o "$O-over.pdf"
check "--back-offset 1.5,-0.8 wins over the profile's [3, 3]" \
    cmp "$O-opt.pdf" "$O-over.pdf"
printf 'paper: letter\nback_offset_mm: [1.5, -0.8]\nduplex: short\nunprintable_mm: 5\n' \
    >"$T/printer-letter.yaml"
render $G --printer "$T/printer-letter.yaml" -o "$O-pl.pdf"
render $G --paper letter --duplex short --back-offset 1.5,-0.8 -o "$O-ol.pdf"
check "a profile's paper, duplex and offset: the same PDF as the options" \
    cmp "$O-ol.pdf" "$O-pl.pdf"
render $G --printer "$T/printer-letter.yaml" --paper a4 --duplex long \
    -o "$O-po.pdf"
check "--paper a4 --duplex long win over the profile's letter and short" \
    cmp "$O-opt.pdf" "$O-po.pdf"

# bad_profile NAME YAML WANT [COMMAND]: the profile NAME.yaml holding YAML
# is an error, WANT the first line of stderr after its path; exit 1, no
# PDF written.
bad_profile() {
	f=$T/$1.yaml
	printf '%b' "$2" >"$f"
	rm -f "$T/$1.pdf"
	rc=0
	# shellcheck disable=SC2086
	$WRAP ./deckpress ${4:-cards $G} --printer "$f" -o "$T/$1.pdf" \
	    >/dev/null 2>"$T/$1.err" || rc=$?
	first=$(head -n 1 "$T/$1.err")
	[ "$rc" -eq 1 ] || { echo "exit $rc, expected 1"; cat "$T/$1.err"; return 1; }
	[ "$first" = "$f:$3" ] ||
	    { echo "stderr: $first"; echo "wanted: $f:$3"; return 1; }
	[ ! -e "$T/$1.pdf" ] || { echo "$T/$1.pdf written"; return 1; }
}
check "a profile with an unknown key: file:line:col: error, exit 1, nothing written" \
    bad_profile printer-key 'paper: a4\nback_offset_mm: [1.5, -0.8]\nduplx: long\n' \
    "3:1: error: unknown key 'duplx'; did you mean 'duplex'?"
check "a profile with duplex: sideways: file:line:col: error, exit 1, nothing written" \
    bad_profile printer-duplex 'paper: a4\nduplex: sideways\n' \
    "2:9: error: duplex must be long, short, none or fold, not 'sideways'"
check "a profile with an offset of -25 mm: file:line:col: error, exit 1, nothing written" \
    bad_profile printer-range 'back_offset_mm: [1.5, -25]\n' \
    "1:23: error: a back offset of -25 mm is more than any printer's (at most 20 mm either way)"
check "calibrate with a broken profile: the same error, nothing written" \
    bad_profile printer-cal 'duplex: sideways\n' \
    "1:9: error: duplex must be long, short, none or fold, not 'sideways'" calibrate

# --- 4. gutterfold (fold_ok: tests/suite.sh) -------------------------------------------------------------
# impose_fold_grid: half the paper for the fronts, against a line across
# it (h) or down it (v), whichever holds more (h when equal); the half
# keeps b + 6.5 mm at its outer sides and b + 2 mm at the fold:
#   63 x 88 on A4:   h: 191 x 134 mm: 3 x 1, turned 2 x 2 = 4;
#                    v: 90.5 x 278: 1 x 3, turned 1 x 4 = 4: h, turned,
#                    4 a page (52 cards: 13 pages; 9: 3, the last with 1)
#   63 x 88 on Letter: h: 196.9 x 125.2: 3 x 1 = 3; v: 93.45 x 260.4:
#                    1 x 2, turned 1 x 4: v, turned, 4 a page (13 pages)
#   70 x 120 on A4:  h: 2 x 1; v: 1 x 2: h, upright, 2 a page (2 pages)
#   44 x 68 on Letter: h: 4 x 1, turned 2 x 2; v: 2 x 3, turned 1 x 5:
#                    v, upright, 6 a page (16 cards: 3 pages, 4 on the last)
# (FOLDS and its pages: rendered and measured in "the pages measured")
F=$T/fold
counted=
while read -r fname paper pg p fold first n gg pw ph cw ch fm; do
	[ "$fm" != - ] || fm=
	case " $counted " in
	*" $fname "*) ;;
	*)
		counted="$counted $fname"
		if [ "$paper" = A4 ]; then size=$A4; else size=$LETTER; fi
		# shellcheck disable=SC2086
		check "--duplex fold, $fname: $pg pages (ceil(cards / cards a page)) of $size pt" \
		    paper_pages "$F-$fname.pdf" $size "$pg"
		;;
	esac
	check "--duplex fold, $fname, page $p: $n backs, each at its front's mirror about the $fold fold line +- 0.1, turned as the fold turns it" \
	    fold_ok "$F-$fname-$p.m" "$fold" "$first" "$n" "$gg" "$pw" "$ph" \
	    "$cw" "$ch" "$fm"
done <<EOF
$FOLDS
EOF

# --- 5. guides and spacing -----------------------------------------------------
# full_ok M COLS ROWS CW CH X0 Y0 B PW PH: with --guides full each trim
# line of the COLS x ROWS grid of CW x CH trims from X0, Y0 is drawn in
# black from where its crop mark starts (0.5 mm past the B mm bleed) out
# to the paper edge, at both ends: one black line from x = 0 or to x =
# PW, from y = 0 or to y = PH, on the trim line +- 0.1; nothing else is
# black and no thin grey guide is left.
full_ok() {
	awk -v cols="$2" -v rows="$3" -v cw="$4" -v ch="$5" -v x0="$6" \
	    -v y0="$7" -v b="$8" -v pw="$9" -v ph="${10}" "$GEOM"'
	$1 == "color" && $2 == "#999999" { bad("thin grey guides are left") }
	$1 == "mark" {
		n++; w = $4 - $2; h = $5 - $3; hit = ""
		if (h > w) {
			cx = ($2 + $4) / 2
			for (i = 0; i <= cols; i++) if (near(cx, x0 + i * cw)) hit = "x" i
			top = y0 - b - 0.5; bottom = y0 + rows * ch + b + 0.5
			if ($3 <= 0.05 && near($5, top)) hit = hit " top"
			else if (near($3, bottom) && $5 >= ph - 0.05) hit = hit " bottom"
			else hit = ""
		} else {
			cy = ($3 + $5) / 2
			for (i = 0; i <= rows; i++) if (near(cy, y0 + i * ch)) hit = "y" i
			left = x0 - b - 0.5; right = x0 + cols * cw + b + 0.5
			if ($2 <= 0.05 && near($4, left)) hit = hit " left"
			else if (near($2, right) && $4 >= pw - 0.05) hit = hit " right"
			else hit = ""
		}
		if (hit == "" || (w > 0.3 && h > 0.3))
			bad(sprintf("black %.3f,%.3f to %.3f,%.3f is no trim line from its mark to the edge", $2, $3, $4, $5))
		else if (hit in seen) bad("two lines " hit)
		else seen[hit] = 1
	}
	END {
		if (n != 2 * (cols + 1) + 2 * (rows + 1))
			bad(n " black lines, expected " 2 * (cols + 1) + 2 * (rows + 1))
		if (!nbad) printf "%d lines, e.g. x %.3f from y 0 to %.3f\n", n, x0, y0 - b - 0.5
		exit nbad > 0
	}' "$1"
}

# corners_ok M R: with --guides corners each corner of every trim of a
# full grid has a quarter circle of radius R: where four cards meet,
# their four arcs make one #404040 part reaching R mm from the corner
# each way; at the grid's sides and corners it reaches R mm towards the
# cards and only half its 0.35 pt stroke outwards.  The trim corners
# come from the crop marks.
corners_ok() {
	awk -v r="$2" "$GEOM$LATTICE"'
	END {
		lattice()
		for (j = 1; j <= np; j++) if (pc[j] == "#404040") { na++; a[na] = j }
		if (na != nv * nh) bad(na " arcs, expected one at each of " nv " x " nh " trim corners")
		for (u = 1; u <= nv; u++) for (v = 1; v <= nh; v++) {
			X = V[u]; Y = Hz[v]; f = 0
			for (k = 1; k <= na; k++) {
				j = a[k]
				if (px0[j] <= X + 0.1 && px1[j] >= X - 0.1 && py0[j] <= Y + 0.1 && py1[j] >= Y - 0.1) f = j
			}
			if (!f) { bad(sprintf("no corner guide at %.3f,%.3f", X, Y)); continue }
			e["left"] = X - px0[f]; e["right"] = px1[f] - X; e["up"] = Y - py0[f]; e["down"] = py1[f] - Y
			want["left"] = u > 1 ? r : 0; want["right"] = u < nv ? r : 0
			want["up"] = v > 1 ? r : 0; want["down"] = v < nh ? r : 0
			for (d in e) {
				if (want[d] > 0 && !near(e[d], want[d]) || want[d] == 0 && e[d] > 0.15)
					bad(sprintf("corner %.3f,%.3f: the guide reaches %.3f mm %s, expected %s", X, Y, e[d], d,
					    want[d] > 0 ? want[d] : "half its stroke"))
				if (want[d] > 0 && abs(e[d] - r) > worst) worst = abs(e[d] - r)
			}
		}
		if (!nbad) printf "%d corners, each arc %g mm +- %.3f\n", na, r, worst
		exit nbad > 0
	}' "$1"
}

# spaced_ok M GAP B FACE GG: on the FACE (front or back) page M every
# card of kind GG keeps its whole B mm bleed, painted apart from the
# others' (one part of grey each, the trim +- B), and neighbouring trims
# are 2 B + GAP mm apart (GAP between the bleeds), +- 0.1.
spaced_ok() {
	awk -v gap="$2" -v b="$3" -v face="$4" -v gg="$5" "$GEOM$LATTICE"'
	function mine(c) {
		return face == "front" ? c ~ "^#[0-9a-f][0-9a-f]" gg "c0$" : c ~ "^#c0[0-9a-f][0-9a-f]" gg "$"
	}
	END {
		grey = face == "front" ? "#808080" : "#707070"
		for (c in cx0) if (mine(c)) { n++; k[n] = c }
		if (n == 0) { bad("no cards"); exit 1 }
		for (j = 1; j <= np; j++) if (pc[j] == grey && pn[j] > 10000) ng++
		if (ng != n) bad(ng " parts of bleed for " n " cards")
		for (i = 1; i <= n; i++) {
			c = k[i]; X0 = cx0[c]; Y0 = cy0[c]; X1 = cx1[c]; Y1 = cy1[c]
			if (!(near(X1 - X0, 63) && near(Y1 - Y0, 88)) && !(near(X1 - X0, 88) && near(Y1 - Y0, 63)))
				bad(sprintf("%s: trim %.3f x %.3f", c, X1 - X0, Y1 - Y0))
			f = 0
			for (j = 1; j <= np; j++) if (pc[j] == grey && px0[j] < X0 && px1[j] > X1 && py0[j] < Y0 && py1[j] > Y1) f = j
			if (!f) bad(c ": no bleed round it")
			else if (!near(X0 - px0[f], b) || !near(px1[f] - X1, b) || !near(Y0 - py0[f], b) || !near(py1[f] - Y1, b))
				bad(sprintf("%s: bleed %.3f, %.3f, %.3f, %.3f mm (left, top, right, bottom), expected %g",
				    c, X0 - px0[f], Y0 - py0[f], px1[f] - X1, py1[f] - Y1, b))
			else if (!seenb++) mb = X0 - px0[f]
			# the next card right and the next down
			for (j = 1; j <= n; j++) {
				d = k[j]
				if (abs(cy0[d] - Y0) < 0.5 && cx0[d] > X1 && (!(i in rx) || cx0[d] < rx[i])) rx[i] = cx0[d]
				if (abs(cx0[d] - X0) < 0.5 && cy0[d] > Y1 && (!(i in dy) || cy0[d] < dy[i])) dy[i] = cy0[d]
			}
			if (i in rx) { pairs++; if (!near(rx[i] - X1, 2 * b + gap)) bad(sprintf("%s: the next trim right %.3f mm away, expected %g", c, rx[i] - X1, 2 * b + gap)); else mg = rx[i] - X1 }
			if (i in dy) { pairs++; if (!near(dy[i] - Y1, 2 * b + gap)) bad(sprintf("%s: the next trim down %.3f mm away, expected %g", c, dy[i] - Y1, 2 * b + gap)); else mg = dy[i] - Y1 }
		}
		if (!pairs) bad("no two cards side by side")
		if (!nbad) printf "%d cards, trims %.3f mm apart, bleed %.3f mm\n", n, mg, mb
		exit nbad > 0
	}' "$1"
}

# (the pages: rendered and measured in "the pages measured")
U=$T/guides
check "--guides full, A4 front: every trim line drawn from its mark to the paper edge (x 0, 210, y 0, 297)" \
    full_ok "$U-full-1.m" 3 3 63 88 10.5 16.5 3 210 297
check "--guides full, A4 back: the same lines" \
    full_ok "$U-full-2.m" 3 3 63 88 10.5 16.5 3 210 297
check "--guides full, Letter (1.2 mm bleed): every trim line from its mark to the paper edge" \
    full_ok "$U-full-letter-1.m" 3 3 63 88 13.45 7.7 1.2 215.9 279.4
check "--guides corners, standard (rect): quarter circles of 3 mm +- 0.1 at every trim corner" \
    corners_ok "$U-corners-1.m" 3
check "--guides corners, tarot (shape: rounded, corner_mm: 4), front: arcs of 4 mm +- 0.1" \
    corners_ok "$U-corners-tarot-1.m" 4
check "--guides corners, tarot, back: arcs of 4 mm +- 0.1" \
    corners_ok "$U-corners-tarot-2.m" 4
check "a sheet with guides: corners, corner_mm: 2.5: arcs of 2.5 mm +- 0.1" \
    corners_ok "$U-corners-sheet-1.m" 2.5
check "--spacing 4, A4 front: each card its whole 3 mm bleed, trims 2 x 3 + 4 mm apart" \
    spaced_ok "$U-spacing-1.m" 4 3 front 40
check "--spacing 4, A4 back: each back its whole 3 mm bleed, trims 10 mm apart" \
    spaced_ok "$U-spacing-2.m" 4 3 back 40
check "--spacing 4, Letter front: each card its whole 3 mm bleed, trims 10 mm apart" \
    spaced_ok "$U-spacing-letter-1.m" 4 3 front 40
check "--spacing 4, Letter back: each back its whole 3 mm bleed, trims 10 mm apart" \
    spaced_ok "$U-spacing-letter-2.m" 4 3 back 40
check "a sheet with spacing_mm: 4 (A4): each card its whole 3 mm bleed, trims 10 mm apart" \
    spaced_ok "$U-spaced-1.m" 4 3 front e0
check "--bleed-only-outside over a sheet's spacing_mm: trims touching, 3 x 3 from 10.5,16.5, 3 mm bleed round the block" \
    grid_ok "$U-outside-1.m" 3 3 63 88 10.5 16.5 3 210 297 0 9 e0

# --- 6. usage errors -------------------------------------------------------------
# usage OPTION ARGS...: exit 2, the first line of stderr (before the
# synopsis, which names every option) is "deckpress: OPTION ...", and
# nothing is written.
usage() {
	pat=$1
	shift
	rm -f "$T/usage.pdf"
	rc=0
	$WRAP ./deckpress "$@" -o "$T/usage.pdf" >"$T/usage.out" 2>"$T/usage.err" || rc=$?
	[ "$rc" -eq 2 ] || { echo "exit $rc, expected 2"; cat "$T/usage.err"; return 1; }
	head -n 1 "$T/usage.err" | grep -q -e "^deckpress: $pat " ||
	    { echo "the message does not name $pat:"; cat "$T/usage.err"; return 1; }
	[ ! -e "$T/usage.pdf" ] || { echo "$T/usage.pdf written"; return 1; }
}
check "cards --paper a3: exit 2, names --paper" usage '--paper' cards $S --paper a3
check "cards --back-offset 1.5 (one number): exit 2, names --back-offset" \
    usage '--back-offset' cards $S --back-offset 1.5
check "cards --back-offset 30,0: exit 2, names --back-offset" \
    usage '--back-offset' cards $S --back-offset 30,0
check "cards --guides dotted: exit 2, names --guides" usage '--guides' \
    cards $S --guides dotted
check "cards --spacing -1: exit 2, names --spacing" usage '--spacing' \
    cards $S --spacing -1
check "calibrate --paper a3: exit 2, names --paper" usage '--paper' \
    calibrate --paper a3
check "calibrate --back-offset 30,0: exit 2, names --back-offset" \
    usage '--back-offset' calibrate --back-offset 30,0
check "pack --guides dotted: exit 2, names --guides" usage '--guides' \
    pack cards/data-chain --guides dotted
check "booklet --paper a3: exit 2, names --paper" usage '--paper' \
    booklet cards/data-chain --paper a3

summary print
