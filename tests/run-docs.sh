#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: docs
#
# The tests can be found by feature (issue 31): tests/README.md's
# feature table maps every command and option of deckpress(1), and every
# file, key group, element type and limit of deckpress(5), to suites and
# unit programs whose covers lines name its keyword, as
# tests/tools/doccheck.py reads them from the mdoc; every suite and unit
# program has a covers line of the vocabulary's words.  The features it
# reads are those deckpress --help lists, and it fails, naming the
# feature or the file, on each omission planted here in a copy: a row
# left out, an option or an element added to a manual, a covers line
# gone, away from its file's top or with a word the vocabulary lacks, a
# row naming a suite that
# does not cover its keyword, does not exist or does not name its
# option, and a keyword no suite covers.  Prints "ok - NAME" /
# "not ok - NAME".
#
# usage: sh tests/run-docs.sh    (from the repo root)
T=out/test/docs
. tests/suite.sh

dc() { python3 tests/tools/doccheck.py "$@"; }

check "doccheck: every feature of the manuals mapped to suites that cover it" \
    dc

# The commands deckpress --help lists are the commands read from
# deckpress(1): the reading finds what there is.
commands() {
	./deckpress --help | awk '/^commands:/ { on = 1; next }
	    on && /^  [a-z]/ { print $1 }' | sort >"$T/help.cmds"
	dc --list | grep -E '^[a-z]+$' | sort >"$T/man.cmds"
	[ -s "$T/help.cmds" ] && diff "$T/help.cmds" "$T/man.cmds"
}
check "doccheck --list: the commands of deckpress --help, no more, no less" \
    commands
check "doccheck --list: options, print options, keys, elements and limits" \
    sh -c 'dc() { python3 tests/tools/doccheck.py "$@"; }
    dc --list >"$1/list" &&
    for f in "cards --duplex" "all --jobs" "print-options --image-dpi" \
	"deck.yaml: title_field" "text/LANG.yaml: pack" "element: star" \
	"LIMITS: SVG images" "env CI" "(5) Fonts"; do
	grep -qxF "$f" "$1/list" || { echo "no $f"; exit 1; }
    done' sh "$T"

# planted NAME PATTERN ARGS...: doccheck ARGS exits 1 and says PATTERN
# (a fixed string).
planted() {
	name=$1 pat=$2
	shift 2
	rc=0
	dc "$@" >"$T/$name.out" 2>&1 || rc=$?
	[ "$rc" = 1 ] || { echo "exit $rc, expected 1"; cat "$T/$name.out"; return 1; }
	grep -qF -- "$pat" "$T/$name.out" ||
	    { echo "no '$pat' in:"; cat "$T/$name.out"; return 1; }
}

# A copy of tests/README.md with sed's script applied.
readme() {
	sed "$2" tests/README.md >"$T/$1.md"
}
readme no-variant '/^| `cards --variant` |/d'
check "planted: the row of cards --variant left out: named" planted \
    no-variant '`cards --variant` (deckpress(1)) is mapped to no suite' \
    --readme "$T/no-variant.md"
readme wrong-suite 's/^\(| `cards --variant` | `variants` |\).*/\1 run-yours.sh |/'
check "planted: a row naming a suite that does not cover its keyword" \
    planted wrong-suite "run-yours.sh's covers: line lacks 'variants'" \
    --readme "$T/wrong-suite.md"
readme no-suite 's/^\(| `cards --variant` | `variants` |\).*/\1 run-variants.sh |/'
check "planted: a row naming a suite that does not exist" planted \
    no-suite "no suite or unit program 'run-variants.sh'" \
    --readme "$T/no-suite.md"
readme silent 's/^\(| `cards --component` | `components` |\).*/\1 run-components.sh |/'
check "planted: a row whose suites never name its option" planted \
    silent '`cards --component`: no suite of its row names --component' \
    --readme "$T/silent.md"
readme unused '/^| `docs` |/a\
| `frobnicate` | nothing |'
check "planted: a keyword no suite covers" planted unused \
    "'frobnicate' is covered by no suite or unit program" \
    --readme "$T/unused.md"

# A manual with a feature more.
sed '/^\.Op Fl -no-backs$/a\
.Op Fl -frobnicate' src/deckpress.1 >"$T/deckpress.1"
check "planted: an option added to deckpress(1): named" planted man1 \
    '`cards --frobnicate` (deckpress(1)) is mapped to no suite' \
    --man1 "$T/deckpress.1"
sed '/^\.It Cm star$/i\
.It Cm hexagon\
Six sides.' src/deckpress.5 >"$T/deckpress.5"
check "planted: an element added to deckpress(5): named" planted man5 \
    '`element: hexagon` (deckpress(5)) is mapped to no suite' \
    --man5 "$T/deckpress.5"

# A copy of tests/ (links but for the file changed): one suite's covers
# line gone, or naming a word the vocabulary lacks.
tests_with() {
	d=$T/$1
	rm -rf "$d"
	mkdir -p "$d/unit"
	# One ln for each folder of links (not an ln and a $(pwd) a file).
	here=$(pwd)
	ln -s "$here"/tests/run-*.sh "$d/"
	ln -s "$here"/tests/unit/test_*.c "$d/unit/"
	ln -s "$here/tests/bad" "$here/tests/check" "$here/tests/import" "$d/"
	rm "$d/$2"
	sed "$3" "tests/$2" >"$d/$2"
}
tests_with nocovers run-yours.sh '/^# covers:/d'
check "planted: a suite without a covers line: named" planted nocovers \
    "run-yours.sh: no covers: line" --tests "$T/nocovers"
tests_with moved run-yours.sh '/^# covers:/{h;d};/^T=/{x;p;x}'
check "planted: a covers line away from the top of its suite: named" \
    planted moved "run-yours.sh: its covers: line is not the line after its SPDX line (or shebang)" \
    --tests "$T/moved"
tests_with unknown unit/test_pdf.c 's/covers: tagged-pdf/covers: tagged-pdf, frobnicate/'
check "planted: a covers line naming a word the vocabulary lacks" planted \
    unknown "test_pdf: covers 'frobnicate', which the vocabulary does not define" \
    --tests "$T/unknown"

summary docs
