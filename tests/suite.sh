# shellcheck shell=sh disable=SC2034
# SPDX-License-Identifier: MIT
#
# Sourced by the shell suites that render and measure (run-e2e.sh,
# run-translate.sh) with $T set to their scratch folder: a clean $T,
# the counters, and check NAME COMMAND..., which runs one check and
# prints "ok - NAME" or "not ok - NAME" with the command's output; and
# on_tty and progress_ok for the suites that check the progress line.

set -eu
LC_ALL=C
export LC_ALL
WRAP=${WRAP:-}
rm -rf "$T"
mkdir -p "$T"
pass=0
fail=0

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

# What the measuring suites share (run-images, run-shapes, run-fonts,
# run-faces, run-yours).
# box_at FILE COLOUR X0 Y0 X1 Y1: out/test/measure's FILE says that
# colour's box is there, to 0.1 mm.
box_at() {
	awk -v c="$2" -v x0="$3" -v y0="$4" -v x1="$5" -v y1="$6" '
	    function abs(v) { return v < 0 ? -v : v }
	    $1 == "color" && $2 == c { found = 1
		if (abs($3 - x0) > 0.1 || abs($4 - y0) > 0.1 ||
		    abs($5 - x1) > 0.1 || abs($6 - y1) > 0.1) {
			print c " at " $3 " " $4 " " $5 " " $6 ", expected " \
			    x0 " " y0 " " x1 " " y1; bad = 1 } }
	    END { if (!found) print c " not found"; exit bad || !found }' "$1"
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

# summary WHAT: the suite's last line; its exit status says if all passed.
summary() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
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
