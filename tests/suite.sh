# shellcheck shell=sh disable=SC2034
# SPDX-License-Identifier: MIT
#
# Sourced by the shell suites that render and measure (run-e2e.sh,
# run-translate.sh) with $T set to their scratch folder: a clean $T,
# the counters, and check NAME COMMAND..., which runs one check and
# prints "ok - NAME" or "not ok - NAME" with the command's output.

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

# summary WHAT: the suite's last line; its exit status says if all passed.
summary() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
