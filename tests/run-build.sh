#!/bin/sh
# The build's edges (issue 12): on a copy of the tree with this build's
# objects, "make install PREFIX=P DESTDIR=" rebuilds what the data
# folder is compiled into (and only that), and P/bin/deckpress, run from
# an empty folder, renders every bundled game from P/share/deckpress,
# the same bytes as the tree's binary; CPPFLAGS reach every compile and
# LDFLAGS every link.  Prints "ok - NAME" / "not ok - NAME".
T=out/test/build
. tests/suite.sh

ROOT=$(pwd -P)
TREE=$ROOT/$T/tree
PFX=$ROOT/$T/prefix
mkdir -p "$TREE/out"
# -p: the sources keep their times, so the copied objects stay current.
cp -Rp Makefile src fonts layouts cards "$TREE/"
mkdir -p "$TREE/tests"
cp -Rp tests/unit "$TREE/tests/"
cp -Rp out/obj "$TREE/out/"

# The install's compile lines: setup.c's alone, with the new folder.
make_install() {
	make -C "$TREE" install PREFIX="$PFX" DESTDIR= >"$ROOT/$T/install.log" 2>&1 ||
	    { cat "$ROOT/$T/install.log"; return 1; }
	grep -- ' -c -o ' "$ROOT/$T/install.log" >"$ROOT/$T/compiled" || true
	[ "$(wc -l <"$ROOT/$T/compiled")" -eq 1 ] &&
	    grep -q "src/job/setup.o" "$ROOT/$T/compiled" &&
	    grep -q "DATADIR='\"$PFX/share/deckpress\"'" "$ROOT/$T/compiled" ||
	    { echo "compiled:"; cat "$ROOT/$T/compiled"; return 1; }
}
check "make install PREFIX=P after make: setup.c rebuilt for P, nothing else" \
    make_install

# The installed binary on its own: no tree, no DECKPRESS_HOME.
all_installed() {
	mkdir -p "$ROOT/$T/run"
	(cd "$ROOT/$T/run" && env -u DECKPRESS_HOME "$PFX/bin/deckpress" all) \
	    >"$ROOT/$T/all.log" 2>&1 || { cat "$ROOT/$T/all.log"; return 1; }
	want=$(find cards -mindepth 1 -maxdepth 1 -type d | wc -l)
	got=$(find "$ROOT/$T/run/out" -name '*-cards.pdf' -exec dirname {} \; |
	    wc -l)
	n=$(ls "$ROOT/$T/run/out" | sed 's/-[a-z][a-z]-.*//' | sort -u | wc -l)
	[ "$n" -eq "$want" ] && [ "$got" -ge "$want" ] ||
	    { echo "$n games of $want rendered"; ls "$ROOT/$T/run/out"; return 1; }
}
check "P/bin/deckpress all from an empty folder renders every bundled game" \
    all_installed

same_bytes() {
	$WRAP ./deckpress cards cards/data-chain --lang en -o "$T/ref.pdf" \
	    >/dev/null 2>&1 &&
	    cmp "$T/ref.pdf" "$T/run/out/data-chain-en-cards.pdf"
}
check "the installed binary's PDF is the tree binary's, byte for byte" \
    same_bytes

# Every compile and link line with the user's flags (a dry run).
flags_through() {
	make -C "$TREE" -n -B deckpress out/test/test_load \
	    CPPFLAGS=-DDECKPRESS_CPPFLAGS_SEEN LDFLAGS=-Wl,-O1,--as-needed \
	    >"$ROOT/$T/dry.raw" 2>&1 || { tail -5 "$ROOT/$T/dry.raw"; return 1; }
	# A recipe line continued with a backslash is one command.
	sed -e :a -e '/\\$/N; s/\\\n//; ta' "$ROOT/$T/dry.raw" >"$ROOT/$T/dry.log"
	cc_lines=$(grep -c -- ' -c -o ' "$ROOT/$T/dry.log")
	cpp_lines=$(grep -- ' -c -o ' "$ROOT/$T/dry.log" |
	    grep -c -- '-DDECKPRESS_CPPFLAGS_SEEN')
	link_lines=$(grep -v -- ' -c -o ' "$ROOT/$T/dry.log" |
	    grep -c -- ' -o deckpress \| -o out/test/test_load ')
	ld_lines=$(grep -v -- ' -c -o ' "$ROOT/$T/dry.log" |
	    grep -- ' -o deckpress \| -o out/test/test_load ' |
	    grep -c -- '-Wl,-O1,--as-needed')
	[ "$cc_lines" -gt 40 ] && [ "$cpp_lines" -eq "$cc_lines" ] &&
	    [ "$link_lines" -eq 2 ] && [ "$ld_lines" -eq 2 ] || {
		echo "compiles $cc_lines, with CPPFLAGS $cpp_lines;" \
		    "links $link_lines, with LDFLAGS $ld_lines"
		return 1
	}
}
check "make CPPFLAGS=... LDFLAGS=...: on every compile and link line" \
    flags_through

# The tree's layers (issue 21), bottom to top; a file may include the
# headers of its own folder and of folders below it, never above: a
# stage never reaches up into a command, nor a document into the
# commands that ask for it.  src/*.h (util, diag, outfile, ...) are the
# floor; pdf/ writes a PDF and needs nothing above the floor.
layer() {
	case $1 in
	src) echo 0 ;; pdf) echo 1 ;; confine) echo 2 ;; ytree) echo 3 ;;
	art) echo 4 ;; tmpl) echo 5 ;; markup) echo 6 ;; load | textfile) echo 7 ;;
	layout) echo 8 ;; render | validate) echo 9 ;;
	booklet | impose | job) echo 10 ;; print) echo 11 ;;
	doc | export | import | pofile | run | scaffold) echo 12 ;; cmd) echo 13 ;;
	*) echo 99 ;;
	esac
}
# includes: "FILE HEADER" for each #include "..." of src/, the header's
# path resolved against the file's folder.
includes() {
	find src -name '*.[ch]' | sort | while read -r f; do
		d=$(dirname "$f")
		sed -n 's/^#include "\(.*\)".*/\1/p' "$f" | while read -r h; do
			echo "$f $(realpath -m --relative-to=. "$d/$h")"
		done
	done
}
layered() {
	includes >"$T/includes"
	bad=0
	while read -r f h; do
		ff=$(dirname "$f"); hf=$(dirname "$h")
		fl=$(layer "${ff##*/}"); hl=$(layer "${hf##*/}")
		# main() dispatches to the commands: it is one of them.
		[ "$f" != src/main.c ] || fl=$(layer cmd)
		if [ "$hl" = 99 ] || [ "$fl" = 99 ]; then
			echo "$f: folder of no layer ($ff or $hf)"; bad=1
		elif [ "$hl" -gt "$fl" ]; then
			echo "$f includes $h, a layer above it"; bad=1
		fi
	done <"$T/includes"
	return $bad
}
check "no file includes a header of a layer above its own (cmd/ on top)" \
    layered
# Two files that include each other, directly.
no_pairs() {
	awk '{ inc[$1 " " $2] = 1 }
	    END { for (k in inc) { split(k, p, " ")
		if ((p[2] " " p[1]) in inc) { print p[1] " <-> " p[2]; bad = 1 } }
		exit bad }' "$T/includes"
}
check "no two files include each other" no_pairs
# A stage's one header says at its top what it takes and gives.
headed() {
	for h in src/*/*.h; do
		sed -n '2,3p' "$h" | grep -q '^/\*\|^ \* [A-Za-z]' ||
		    { echo "$h: no comment at its top"; return 1; }
	done
}
check "every stage header opens with what it is for" headed

summary build
