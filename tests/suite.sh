# shellcheck shell=sh disable=SC2034
# SPDX-License-Identifier: MIT
#
# Sourced by the shell suites that render and measure (run-e2e.sh,
# run-translate.sh) with $T set to their scratch folder: a clean $T,
# the counters, and check NAME COMMAND..., which runs one check and
# prints "ok - NAME" or "not ok - NAME" with the command's output; dp
# and exits, a run of deckpress kept under a tag and its exit status;
# now_ms and within for the suites that wait on a running deckpress;
# and on_tty and progress_ok for the suites that check the progress line.

set -eu
LC_ALL=C
export LC_ALL
WRAP=${WRAP:-}
rm -rf "$T"
mkdir -p "$T"
pass=0
fail=0

now_ms() { date +%s%3N; }

# within SECONDS COMMAND...: COMMAND succeeds within SECONDS, tried every
# 50 ms.
within() {
	end=$(($(now_ms) + $1 * 1000))
	shift
	until "$@"; do
		[ "$(now_ms)" -lt "$end" ] || return 1
		sleep 0.05
	done
}

# holds FILE TEXT: a line of FILE holds TEXT, a string (not a pattern:
# no "." stands for another character), read by the shell rather than
# a grep: a process less each time a check asks (run-confinement,
# run-import).
holds() {
	while IFS= read -r h_line || [ -n "$h_line" ]; do
		case $h_line in
		*"$2"*) return 0 ;;
		esac
	done <"$1"
	return 1
}

ok() { echo "ok - $1"; pass=$((pass + 1)); }
notok() { echo "not ok - $1"; fail=$((fail + 1)); }
# check NAME COMMAND...: run a check, report it, keep going.
check() {
	name=$1
	shift
	if out=$("$@" 2>&1); then
		ok "$name"
	else
		notok "$name"
		printf '%s\n' "$out" | sed 's/^/    /' | head -40
	fi
}

# dp TAG ARGS...: ./deckpress ARGS; its stdout, stderr and exit status
# go to $T/TAG.out, $T/TAG.err and $T/TAG.rc.
dp() {
	tag=$1
	shift
	rc=0
	$WRAP ./deckpress "$@" >"$T/$tag.out" 2>"$T/$tag.err" || rc=$?
	echo "$rc" >"$T/$tag.rc"
}

# bundled: every bundled game's PDFs (deckpress all) and each language's
# A4 rule booklet, GAME-LANG-rules.pdf, into $T/all, each run checked.
bundled() {
	bundled_render booklets
	check "all: the bundled games render" exits all 0
	for md in cards/*/rules/*.md; do
		game_lang "$md"
		check "$g $l: the booklet renders" exits "b-$g-$l" 0
	done
}

# game_lang MD: g and l, the game and the language of the booklet
# cards/GAME/rules/LANG.md.
game_lang() {
	g=${1#cards/}
	g=${g%%/*}
	l=${1##*/}
	l=${l%.md}
}

# bundled_render [booklets]: the runs bundled() checks, made into $T:
# dp all all -d $T/all, and with "booklets" each booklet into $T/all as
# well.  Under tests/run-all.sh (DECKPRESS_TEST_SHARED names a folder
# of its own for the run) the suites share one render of both, the same
# commands on the same games: the first suite to get here makes it
# there (a lock, mkdir), the others wait for it, and each copies the
# PDFs and the runs' .out, .err and .rc into its $T, to check as its
# own.  A suite run alone renders for itself.
bundled_render() {
	S=${DECKPRESS_TEST_SHARED-}
	if [ -z "$S" ] || [ ! -d "$S" ]; then
		bundled_runs "$T" "${1-}"
		return 0
	fi
	if mkdir "$S/bundled.lock" 2>/dev/null; then
		bundled_runs "$S/bundled" booklets
		: >"$S/bundled.done"
	fi
	# At most 10 minutes, then a render of its own (the one rendering
	# was stopped).
	i=0
	while [ ! -f "$S/bundled.done" ] && [ "$i" -lt 6000 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if [ -f "$S/bundled.done" ]; then
		cp -R "$S/bundled/." "$T/"
	else
		bundled_runs "$T" "${1-}"
	fi
}
# bundled_runs DIR [booklets]: bundled_render's runs, into DIR.
bundled_runs() (
	T=$1
	mkdir -p "$T"
	dp all all -d "$T/all"
	[ "${2-}" = booklets ] || exit 0
	for md in cards/*/rules/*.md; do
		game_lang "$md"
		dp "b-$g-$l" booklet "cards/$g" --lang "$l" \
		    -o "$T/all/$g-$l-rules.pdf"
	done
)

# bundled_pdfs: the PDFs bundled() writes, one a line, sorted, read
# from the games themselves: each game's cards in each of its
# languages, and its pack and rule booklet in each one it has
# rules/LANG.md for.  (deckpress all, alone, writes those but the
# booklets, GAME-LANG-rules.pdf.)
bundled_pdfs() {
	for d in cards/*/; do
		d=${d%/}
		g=$(sed -n 's/^game: *\([^ #]*\).*/\1/p' "$d/deck.yaml")
		for l in $(sed -n 's/^languages: *\[\([^]]*\)\].*/\1/p' \
		    "$d/deck.yaml" | tr ',' ' '); do
			echo "${g:-${d#cards/}}-$l-cards.pdf"
			[ -f "$d/rules/$l.md" ] || continue
			echo "${g:-${d#cards/}}-$l-pack.pdf"
			echo "${d#cards/}-$l-rules.pdf"
		done
	done | sort
}
# bundled_ok DIR [PATTERN]: DIR holds the PDFs bundled_pdfs names (but
# those matching the grep PATTERN), and no other PDF.
bundled_ok() {
	bundled_pdfs | grep -v -e "${2:-^$}" >"$1.want"
	(cd "$1" && ls) | grep '\.pdf$' | sort >"$1.got"
	[ -s "$1.want" ] || { echo "no bundled game found"; return 1; }
	diff "$1.want" "$1.got"
}

# exits TAG STATUS: the run TAG exited with STATUS.
exits() {
	# read, not $(cat ...): a process less in every check that asks.
	read -r x_rc <"$T/$1.rc" || x_rc=
	[ "$x_rc" = "$2" ] && return 0
	echo "exit $x_rc, expected $2; stderr:"
	cat "$T/$1.err"
	return 1
}

# inter_family: the family fontconfig gives the installed variable Inter
# (fonts-inter-variable): "Inter" in Debian 12's 4.0 beta, "Inter
# Variable" in Debian 13's 4.1, as upstream named the variable font from
# 4.0 on.  The decks that use it name it so (deck_with_inter).
inter_family() {
	if fc-list ':family=Inter Variable' family | grep -q .; then
		echo 'Inter Variable'
	else
		echo Inter
	fi
}
# deck_with_inter FROM TO: a copy of deck FROM at TO whose layout and
# texts name the installed Inter by its family here.
deck_with_inter() {
	mkdir -p "$2"
	cp -R "$1/." "$2"
	fam=$(inter_family)
	for f in "$2/layout.yaml" "$2"/text/*.yaml; do
		sed -i "s/font: Inter,/font: $fam,/; s/font=\"Inter\"/font=\"$fam\"/g" \
		    "$f"
	done
}

# fonts_from_bundle PDF: its fonts are all embedded and all from fonts/.
fonts_from_bundle() {
	pdffonts "$1" >"$1.fonts"
	awk 'NR > 2 && $(NF-4) != "yes" { print "not embedded: " $1; bad++ }
	    NR > 2 { n++ } END { exit bad > 0 || n == 0 }' "$1.fonts" || return 1
	fc-scan --format "%{postscriptname}\n" fonts/ | sort -u >"$1.ps"
	awk 'NR > 2 { sub(/^[A-Z]+\+/, "", $1); print $1 }' "$1.fonts" |
	    sort -u | while read -r f; do
		grep -qx "$f" "$1.ps" || { echo "font $f is not in fonts/"; exit 1; }
	done
}

# quiz_deck DIR GAME N [LANG...]: a deck GAME of N quiz cards in DIR,
# with tests/decks/quiz's layout, in the languages given (default en),
# each with the same words.
quiz_deck() {
	qd_dir=$1 qd_game=$2 qd_n=$3
	shift 3
	[ $# -gt 0 ] || set -- en
	mkdir -p "$qd_dir/text"
	cp tests/decks/quiz/layout.yaml "$qd_dir/"
	awk -v g="$qd_game" -v n="$qd_n" -v langs="$*" 'BEGIN {
		gsub(/ /, ", ", langs)
		print "game: " g "\ntitle: Big quiz\nlanguages: [" langs "]"
		print "layout: ./layout.yaml"
		print "attributes:\n  category: [science, history]\ncards:"
		for (i = 0; i < n; i++)
			print "  - {id: q" i ", category: " (i % 2 ? "history" : "science") "}"
	}' >"$qd_dir/deck.yaml"
	awk -v n="$qd_n" 'BEGIN {
		print "cards:"
		for (i = 0; i < n; i++)
			print "  q" i ":\n    question: Question " i " of a long quiz, a few words to fit?"
		print "values:\n  category:\n    science: Science\n    history: History"
	}' >"$qd_dir/text/$1.yaml"
	qd_first=$1
	shift
	for l in "$@"; do
		cp "$qd_dir/text/$qd_first.yaml" "$qd_dir/text/$l.yaml"
	done
}

# pagesum PDF N QDF: a sum of what page N of PDF is drawn from: qpdf's
# copy of PDF with page N alone (its content, its resources and the
# catalog, uncompressed, into QDF), less the file ID, which deckpress
# derives from the whole document, and the comments in which the QDF
# names each object's number in PDF (two PDFs may number the same
# objects apart).  Two pages with one sum are drawn from the same
# objects, so their rasters are the same (pdftoppm is deterministic):
# rasterise one of them only, ~0.3 s of CPU each, where the sum takes
# ~0.02.  Fails, printing nothing, when qpdf does.
pagesum() {
	qpdf --static-id --qdf --object-streams=disable "$1" --pages . "$2" \
	    -- "$3" 2>/dev/null || return 1
	grep -av -e '^  /ID \[<[0-9a-f]*><[0-9a-f]*>\]$' \
	    -e '^%% Original object ID: [0-9]* [0-9]*$' "$3" | cksum
}

# What the measuring suites share (run-images, run-shapes, run-fonts,
# run-faces, run-yours, and those that measure a page of their own).
# measure_page PDF N OUT [-p]: page N of PDF at 600 dpi, unsmoothed,
# its colours' boxes (out/test/measure; -p: and their parts) in OUT.
# The page is piped to measure, not written: a PPM of up to 105 MB
# written and read back took a page of run-textpaint 0.21 s of CPU
# against 0.17 s piped, and the pages were 2 GB a make test for the
# kernel to write to the disk.  A pdftoppm that fails says so; measure
# then reads a page cut short and fails too.
measure_page() {
	{ pdftoppm -r 600 -aa no -aaVector no -f "$2" -l "$2" -singlefile \
	    "$1" || echo "pdftoppm failed on page $2 of $1" >&2; } |
	    ./out/test/measure ${4-} /dev/stdin >"$3"
}
# measured_page DECK NAME [ppm]: deckpress cards DECK into $T/NAME.pdf,
# and its first page's colours' boxes and parts at 600 dpi
# (out/test/measure -p) in $T/NAME.txt; with "ppm" the page is kept in
# $T/NAME.ppm as well.
measured_page() {
	$WRAP ./deckpress cards "$1" -o "$T/$2.pdf" >/dev/null || return 1
	if [ "${3-}" = ppm ]; then
		pdftoppm -r 600 -aa no -aaVector no -f 1 -l 1 -singlefile \
		    "$T/$2.pdf" "$T/$2" &&
		    ./out/test/measure -p "$T/$2.ppm" >"$T/$2.txt"
	else
		measure_page "$T/$2.pdf" 1 "$T/$2.txt" -p
	fi
}
# What run-components and run-mixed share: pages measured in runs.
# A pdftoppm renders each of its pages into the memory of the one
# before, where a pdftoppm a page maps its 100 MB bitmap anew (~0.05 s
# of CPU): the pages asked for at once are rendered so, in runs.
# page_runs PAGE...: the PAGEs (increasing) in runs, "STEP FIRST LAST"
# a line: up to three pages that follow on, one run (STEP 1); more, or
# pages apart, the odd ones and the even ones each in runs every other
# page (STEP 2), two runs side by side as before.
page_runs() {
	[ $# -gt 0 ] || return 0
	on=yes l=
	for p; do
		[ -z "$l" ] || [ "$p" = $((l + 1)) ] || on=
		l=$p
	done
	if [ $# -le 3 ] && [ -n "$on" ]; then
		echo "1 $1 $l"
		return
	fi
	for par in 1 0; do
		first="" last=""
		for p; do
			[ $((p % 2)) = $par ] || continue
			if [ -n "$last" ] && [ "$p" = $((last + 2)) ]; then
				last=$p
				continue
			fi
			[ -z "$first" ] || echo "2 $first $last"
			first=$p last=$p
		done
		[ -z "$first" ] || echo "2 $first $last"
	done
}
# run_opts STEP FIRST LAST: pdftoppm's options for that run.
run_opts() {
	if [ "$1" = 1 ]; then
		echo "-f $2 -l $3"
	elif [ $(($2 % 2)) = 1 ]; then
		echo "-o -f $2 -l $3"
	else
		echo "-e -f $2 -l $3"
	fi
}

# measures PDF PREFIX PAGE...: PREFIX-PAGE.m of each, out/test/measure
# of the page at 600 dpi, the runs of page_runs side by side, each
# through one pdftoppm and one measure: the rasters go through a pipe,
# never to the disk.
measures() {
	pdf=$1 pre=$2
	shift 2
	page_runs "$@" | {
		while read -r step first last; do
			outs=
			p=$first
			while [ "$p" -le "$last" ]; do
				outs="$outs $pre-$p.m"
				p=$((p + step))
			done
			# shellcheck disable=SC2046,SC2086
			pdftoppm -r 600 -aa no -aaVector no \
			    $(run_opts "$step" "$first" "$last") "$pdf" |
			    ./out/test/measure /dev/stdin $outs &
		done
		wait
	}
}
# calc EXPR: EXPR worked out by awk (bc is not on every system).
calc() { awk "BEGIN { print $1 }"; }
# box_at FILE COLOUR X0 Y0 X1 Y1 [TOL]: out/test/measure's FILE says
# that colour's box is there, to TOL mm (default 0.1; a pixel at 600 dpi
# is 0.042 mm).
box_at() {
	awk -v c="$2" -v x0="$3" -v y0="$4" -v x1="$5" -v y1="$6" \
	    -v tol="${7:-0.1}" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "color" && $2 == c { found = 1
		if (abs($3 - x0) > tol || abs($4 - y0) > tol ||
		    abs($5 - x1) > tol || abs($6 - y1) > tol) {
			print c " at " $3 " " $4 " " $5 " " $6 ", expected " \
			    x0 " " y0 " " x1 " " y1; bad = 1 } }
	    END { if (!found) print c " not found"; exit bad || !found }' "$1"
}
# parts FILE COLOUR N [W H]: COLOUR is N parts (of W x H mm, to 0.05
# mm: not the holes of the digits written on them).
parts() {
	n=$(awk -v c="$2" -v w="${4:-}" -v h="${5:-}" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "part" && $2 == c && (w == "" ||
	    abs($5 - $3 - w) <= 0.05 && abs($6 - $4 - h) <= 0.05)' "$1" | wc -l)
	[ "$n" -eq "$3" ] || { echo "$2: $n parts, expected $3"; return 1; }
}
# near FILE COLOUR DX DY W H [TOL]: a part of COLOUR is W x H mm (to
# TOL, default 0.05 mm; a circle's edges are two pixels' rounding) with
# its centre DX, DY mm from the centre of the nearest anchor (#000080,
# at each component's top-left), to 0.05 mm.
near() {
	awk -v c="$2" -v dx="$3" -v dy="$4" -v w="$5" -v h="$6" \
	    -v tol="${7:-0.05}" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "part" && $2 == "#000080" { ax[++na] = ($3 + $5) / 2
		ay[na] = ($4 + $6) / 2 }
	    $1 == "part" && $2 == c { px[++np] = ($3 + $5) / 2
		py[np] = ($4 + $6) / 2; pw[np] = $5 - $3; ph[np] = $6 - $4 }
	    END { for (i = 1; i <= np; i++) {
		best = -1
		for (j = 1; j <= na; j++) {
			d = abs(px[i] - ax[j]) + abs(py[i] - ay[j])
			if (px[i] >= ax[j] && py[i] >= ay[j] &&
			    (best < 0 || d < bd)) { best = j; bd = d } }
		if (best < 0) continue
		if (abs(px[i] - ax[best] - dx) <= 0.05 &&
		    abs(py[i] - ay[best] - dy) <= 0.05 &&
		    abs(pw[i] - w) <= tol && abs(ph[i] - h) <= tol) exit 0 }
		printf "no %s part %s x %s at %s, %s from an anchor:", c, w, \
		    h, dx, dy
		for (i = 1; i <= np; i++) printf " [%.2f %.2f %.2f %.2f]", \
		    px[i], py[i], pw[i], ph[i]
		print ""; exit 1 }' "$1"
}
# height_ratio PDF A B R: the word A's box (pdftotext -bbox) is R times
# as high as the word B's, to 0.02: one font's sizes in that ratio.
height_ratio() {
	pdftotext -bbox "$1" - | awk -v a="$2" -v b="$3" -v r="$4" '
	    function h(l) { match(l, /yMin="[0-9.]+"/)
		y0 = substr(l, RSTART + 6, RLENGTH - 7)
		match(l, /yMax="[0-9.]+"/)
		return substr(l, RSTART + 6, RLENGTH - 7) - y0 }
	    $0 ~ ">" a "<" { ha = h($0) } $0 ~ ">" b "<" { hb = h($0) }
	    END { if (!ha || !hb || ha / hb < r - 0.02 || ha / hb > r + 0.02) {
		print "ratio " (hb ? ha / hb : "none") ", expected " r; exit 1 } }'
}
# the_font PDF NAME: pdffonts lists NAME (after the subset tag)
# embedded and subset.
the_font() {
	pdffonts "$1" | awk -v n="$2" 'NR > 2 { f = $1; sub(/^[A-Z]+\+/, "", f)
	    if (f == n && $(NF-4) == "yes" && $(NF-3) == "yes") ok = 1 }
	    END { exit !ok }' || { pdffonts "$1"; return 1; }
}
# word_width PDF REGEX N: the width in pt of the Nth word pdftotext
# finds whose line matches REGEX.
word_width() {
	pdftotext -bbox "$1" - | awk -v re="$2" -v n="$3" '/<word / && $0 ~ re {
	    k++; if (k == n) { match($0, /xMin="[0-9.]+"/)
	    x0 = substr($0, RSTART + 6, RLENGTH - 7)
	    match($0, /xMax="[0-9.]+"/); x1 = substr($0, RSTART + 6, RLENGTH - 7)
	    print x1 - x0 } }'
}
# word_ink PDF REGEX N: the pixels pdftoppm paints dark at 600 dpi,
# without anti-aliasing, in the box pdftotext gives the Nth word whose
# line matches REGEX: the ink it takes, more of it in a heavier weight.
word_ink() {
	b=$(pdftotext -bbox "$1" - | awk -v re="$2" -v n="$3" '
	    /<page / { p++ }
	    /<word / && $0 ~ re && ++k == n {
		for (i = 1; i <= NF; i++)
			if ($i ~ /^[xy]M(in|ax)="/) {
				split($i, a, "\"")
				v[substr($i, 1, 4)] = a[2]
			}
		s = 600 / 72
		printf "%d %d %d %d %d\n", p, v["xMin"] * s, v["yMin"] * s,
		    (v["xMax"] - v["xMin"]) * s + 1,
		    (v["yMax"] - v["yMin"]) * s + 1
		exit
	    }')
	[ -n "$b" ] || { echo "no word $3 matching $2 in $1"; return 1; }
	set -- "$1" $b
	pdftoppm -gray -r 600 -aa no -aaVector no -f "$2" -l "$2" -x "$3" \
	    -y "$4" -W "$5" -H "$6" -singlefile "$1" "$1.ink" || return 1
	tail -c $(($5 * $6)) "$1.ink.pgm" | od -An -v -tu1 |
	    awk '{ for (i = 1; i <= NF; i++) if ($i < 128) n++ }
	    END { print n + 0 }'
}

# summary WHAT: the suite's last line; its exit status says if all passed.
summary() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}

# time_cost FILE: what /usr/bin/time -f '%U %S %M' wrote to FILE, in
# tc_cpu (user + system, "S.ss0") and tc_kb (peak RSS).  A run killed
# by a signal: /usr/bin/time says so on a first line.  Its last line
# read, and user + system added, by the shell (two processes fewer a
# run, run-costs.sh and run-imagelimits.sh time hundreds): %U and %S
# have two decimals, so their sum in hundredths is exact; leading zeros
# off, not to be octal.
time_cost() {
	tc_last=
	while IFS= read -r tc_l; do tc_last=$tc_l; done <"$1"
	# shellcheck disable=SC2086 # "USER SYS KB", split into its words
	set -- $tc_last
	tc_u=${1%.*}${1#*.}
	tc_s=${2%.*}${2#*.}
	tc_u=${tc_u#"${tc_u%%[!0]*}"}
	tc_s=${tc_s#"${tc_s%%[!0]*}"}
	tc_cs=$((${tc_u:-0} + ${tc_s:-0}))
	tc_cpu=$((tc_cs / 100)).$((tc_cs / 10 % 10))$((tc_cs % 10))0
	tc_kb=$3
}

# One python3 a suite asks many questions of (run-pod.sh, run-tts.sh):
# its start costs more than most answers.
# py_start SCRIPT TAG: python3 SCRIPT started, reading from the FIFO
# $T/TAG.in (fd 3 here) a count, then that many lines, the arguments
# of one question, and answering on $T/TAG.out (fd 4) with lines, then
# "TAG: STATUS".  py_stop closes both and waits for it, so that its
# CPU time is counted with the suite's.
py_start() {
	py_tag=$2
	mkfifo "$T/$2.in" "$T/$2.out"
	python3 "$1" <"$T/$2.in" >"$T/$2.out" &
	py_pid=$!
	exec 3>"$T/$2.in" 4<"$T/$2.out"
}
# py_ask ARG...: the answer to ARG..., printed, and its status; fails,
# saying so, if the script is gone.  Read whole before it is printed:
# a reader that stops early leaves no line of it to be taken for the
# next answer's.
py_ask() {
	for p_word; do
		case $p_word in *'
'*) echo "$py_tag: a newline in '$p_word'"; return 1 ;;
		esac
	done
	printf '%s\n' "$#" "$@" >&3
	p_ans='' p_end=''
	while IFS= read -r p_line <&4; do
		case $p_line in
		"$py_tag: "[0-9]*) p_end=${p_line#"$py_tag: "}; break ;;
		esac
		p_ans="$p_ans$p_line
"
	done
	printf '%s' "$p_ans"
	[ -n "$p_end" ] || { echo "$py_tag is gone"; return 1; }
	return "$p_end"
}
py_stop() {
	exec 3>&- 4<&-
	wait "$py_pid" || :
}

# The progress line (run-output.sh, run-jobs.sh).
# on_tty OUT ERR CMD...: run CMD with stderr a terminal (stdout to OUT),
# what it wrote on the terminal into ERR.
on_tty() {
	python3 -c '
import os, pty, subprocess, sys
m, s = pty.openpty()
with open(sys.argv[1], "wb") as out:
    p = subprocess.Popen(sys.argv[3:], stdout=out, stderr=s)
os.close(s)
got = b""
while True:
    try:
        d = os.read(m, 65536)
    except OSError:
        break
    if not d:
        break
    got += d
open(sys.argv[2], "wb").write(got)
sys.exit(p.wait())' "$@"
}
# progress_ok ERR PAGES: the line counted pages of PAGES, reached the
# last, and was erased as the run ended.
progress_ok() {
	grep -q "page [0-9]* of $2" "$1" &&
	    grep -q "page $2 of $2" "$1" &&
	    [ "$(tail -c 4 "$1" | od -An -c | tr -d ' ')" = '\r033[K' ]
}

# What run-print.sh and run-packfold.sh measure with (out/test/measure
# -p output, in mm): GEOM, the colours of the test decks' cards; LATTICE,
# the trim lines from the crop marks; fold_ok, a gutterfold page.
GEOM='
function abs(v) { return v < 0 ? -v : v }
function near(a, b) { return abs(a - b) <= 0.1 }
function bad(msg) { print msg; nbad++ }
function hex(s) { return (index("0123456789abcdef", substr(s, 1, 1)) - 1) * 16 + \
    index("0123456789abcdef", substr(s, 2, 1)) - 1 }
# card i of the kind with green GG (hex): its front and back colours
function front(i, gg) { return sprintf("#%02x%02xc0", 16 + 4 * i, hex(gg)) }
function back(i, gg) { return sprintf("#c0%02x%02x", 16 + 4 * i, hex(gg)) }
'
# The trim lines, from the crop marks: V[1..nv] (x of the vertical
# lines) and Hz[1..nh], sorted, vc[] and hc[] the marks on each.
LATTICE='
function addv(x,   k) {
	for (k = 1; k <= nv; k++) if (abs(V[k] - x) < 0.2) { vc[k]++; return }
	V[++nv] = x; vc[nv] = 1
}
function addh(y,   k) {
	for (k = 1; k <= nh; k++) if (abs(Hz[k] - y) < 0.2) { hc[k]++; return }
	Hz[++nh] = y; hc[nh] = 1
}
function lattice(   i, j, t) {
	for (i = 1; i <= nm; i++)
		if (my1[i] - my0[i] > mx1[i] - mx0[i]) addv((mx0[i] + mx1[i]) / 2)
		else addh((my0[i] + my1[i]) / 2)
	for (i = 2; i <= nv; i++) for (j = i; j > 1 && V[j] < V[j - 1]; j--) {
		t = V[j]; V[j] = V[j - 1]; V[j - 1] = t; t = vc[j]; vc[j] = vc[j - 1]; vc[j - 1] = t
	}
	for (i = 2; i <= nh; i++) for (j = i; j > 1 && Hz[j] < Hz[j - 1]; j--) {
		t = Hz[j]; Hz[j] = Hz[j - 1]; Hz[j - 1] = t; t = hc[j]; hc[j] = hc[j - 1]; hc[j - 1] = t
	}
}
$1 == "mark" { nm++; mx0[nm] = $2; my0[nm] = $3; mx1[nm] = $4; my1[nm] = $5 }
$1 == "color" { cx0[$2] = $3; cy0[$2] = $4; cx1[$2] = $5; cy1[$2] = $6 }
$1 == "part" { np++; pc[np] = $2; px0[np] = $3; py0[np] = $4; px1[np] = $5; py1[np] = $6; pn[np] = $7 }
'

# fold_ok M FOLD FIRST N GG PW PH CW CH [FRONTMARK]: on page M the dashed
# fold line runs across the page (FOLD h) or down it (v) in its middle;
# cards FIRST..FIRST+N-1 (colours as in tests/decks/print/sizes, GG their
# kind's) have their CW x CH front (turned or not) on the fronts' half and
# their back (back colour) at the front's mirror about the line, +- 0.1;
# each back's marker (12 mm, in its front's colour, at its top-left) lies
# behind its front's top-right corner, as the fold turns it.  Where the
# front's top is comes from its FRONTMARK marker (at its top-left), or,
# without one, a turned card's top faces right (grid.c).
fold_ok() {
	awk -v fold="$2" -v first="$3" -v n="$4" -v gg="$5" -v pw="$6" \
	    -v ph="$7" -v cw="$8" -v ch="$9" -v fmark="${10-}" "$GEOM$LATTICE"'
	function mir(v) { return 2 * F - v }
	END {
		g = "#666666"
		if (!(g in cx0)) { bad("no fold line"); exit 1 }
		if (fold == "h") { F = (cy0[g] + cy1[g]) / 2; span = cx1[g] - cx0[g]; mid = ph / 2; full = pw }
		else { F = (cx0[g] + cx1[g]) / 2; span = cy1[g] - cy0[g]; mid = pw / 2; full = ph }
		if (!near(F, mid) || span < full - 1)
			bad(sprintf("fold line at %.3f, %.3f mm long; expected %s the page at %.3f",
			    F, span, fold == "h" ? "across" : "down", mid))
		for (k = 0; k < n; k++) {
			i = first + k; fc = front(i, gg); bc = back(i, gg)
			f = 0; mk = 0; nmk = 0
			for (j = 1; j <= np; j++) if (pc[j] == fc) {
				if (!f || pn[j] > pn[f]) f = j
				if (near(px1[j] - px0[j], 12) && near(py1[j] - py0[j], 12)) { mk = j; nmk++ }
			}
			if (!f) { bad("card " i ": front " fc " missing"); continue }
			X0 = px0[f]; Y0 = py0[f]; X1 = px1[f]; Y1 = py1[f]; w = X1 - X0; h = Y1 - Y0
			if (!(near(w, cw) && near(h, ch)) && !(near(w, ch) && near(h, cw)))
				bad(sprintf("card %d: front %.3f x %.3f mm", i, w, h))
			if ((fold == "h" ? Y1 : X1) > F)
				bad(sprintf("card %d: front at %.3f,%.3f is not on the fronts\x27 half", i, X0, Y0))
			# the front top-left: its marker, else upright or facing right
			corner = w > h ? "tr" : "tl"
			if (fmark != "") {
				corner = ""
				for (j = 1; j <= np; j++) if (pc[j] == fmark && px0[j] >= X0 - 0.1 &&
				    px1[j] <= X1 + 0.1 && py0[j] >= Y0 - 0.1 && py1[j] <= Y1 + 0.1) {
					if (near(px0[j], X0) && near(py0[j], Y0)) corner = "tl"
					else if (near(px1[j], X1) && near(py0[j], Y0)) corner = "tr"
					else if (near(px1[j], X1) && near(py1[j], Y1)) corner = "br"
					else if (near(px0[j], X0) && near(py1[j], Y1)) corner = "bl"
				}
				if (corner == "") { bad("card " i ": no front marker at a corner"); continue }
			}
			# its top-right: the next corner clockwise
			if (corner == "tl") { sx = X1 - 12; sy = Y0 }
			else if (corner == "tr") { sx = X1 - 12; sy = Y1 - 12 }
			else if (corner == "br") { sx = X0; sy = Y1 - 12 }
			else { sx = X0; sy = Y0 }
			if (fold == "h") { bx0 = X0; bx1 = X1; by0 = mir(Y1); by1 = mir(Y0); mx = sx; my = mir(sy + 12) }
			else { bx0 = mir(X1); bx1 = mir(X0); by0 = Y0; by1 = Y1; mx = mir(sx + 12); my = sy }
			if (!(bc in cx0)) { bad("card " i ": back " bc " missing"); continue }
			if (!near(cx0[bc], bx0) || !near(cy0[bc], by0) || !near(cx1[bc], bx1) || !near(cy1[bc], by1))
				bad(sprintf("card %d: back at %.3f,%.3f to %.3f,%.3f; the mirror of its front about the fold is %.3f,%.3f to %.3f,%.3f",
				    i, cx0[bc], cy0[bc], cx1[bc], cy1[bc], bx0, by0, bx1, by1))
			where = near(mx, bx0) ? (near(my, by0) ? "top-left" : "bottom-left") : \
			    (near(my, by0) ? "top-right" : "bottom-right")
			if (nmk != 1) bad(sprintf("card %d: %d back markers of its front colour", i, nmk))
			else if (!near(px0[mk], mx) || !near(py0[mk], my))
				bad(sprintf("card %d: back marker at %.3f,%.3f; behind the front top-right it is at %.3f,%.3f (the back %s)",
				    i, px0[mk], py0[mk], mx, my, where))
			else ok++
		}
		for (j = 1; j <= np; j++) if (pc[j] ~ /^#[0-9a-f][0-9a-f][0-9a-f][0-9a-f]c0$/ && pn[j] > 500000) nf++
		if (nf != n) bad(nf " fronts on the page, expected " n)
		if (!nbad) printf "%d backs at their mirrors; fold at %.3f; last back marker at the back\x27s %s\n", ok, F, where
		exit nbad > 0
	}' "$1"
}
