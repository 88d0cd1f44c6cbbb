#!/bin/sh
# covers: build, all, cards
# The build's edges (issue 12): on a copy of the tree with this build's
# objects, "make install PREFIX=P DESTDIR=" rebuilds what the data
# folder is compiled into (and only that), and P/bin/deckpress, run from
# an empty folder, renders every bundled game from P/share/deckpress,
# the same bytes as the tree's binary; CPPFLAGS reach every compile and
# LDFLAGS every link; librsvg, libqpdf and libgettextpo are loaded only
# when needed, one that cannot be is an error.  Prints "ok - NAME" /
# "not ok - NAME".
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
# The make that runs the tests may be silent (make -s test): its flags
# are not this one's, whose compile lines are read.
make_install() {
	env -u MAKEFLAGS -u MFLAGS make -C "$TREE" install PREFIX="$PFX" \
	    DESTDIR= >"$ROOT/$T/install.log" 2>&1 ||
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

# The tree's layers (issue 21, issue 31), bottom to top, as the drawing
# in the README's "How the code is laid out" has them: each row of the
# fenced block after the "<!-- layers" line is a layer, its folders the
# leading "name/" words, the top row first; src/ (util, diag, outfile,
# the model) is the floor.  A file may include, and call, only its own
# folder and the rows below; main.c dispatches to the commands, so it
# is one of them.
layers() {
	awk '/^<!-- layers/ { on = 1; next }
	    on && /^```/ { if (++fence == 2) exit; next }
	    on && fence == 1 { n = 0
		for (i = 1; i <= NF && $i ~ /^[a-z]+\/$/; i++) {
			sub(/\/$/, "", $i); row = row " " $i; n++ }
		if (n) { rows[++nr] = row; row = "" } }
	    END { for (r = nr; r >= 1; r--) { split(rows[r], f, " ")
		for (k in f) print f[k], nr - r } }' README.md
}
layers >"$T/layers"
# The folder of file $1 (src/x/y.c: x; src/y.c: src; src/main.c: cmd).
# FOLDER_OF is the same in awk, folder_of(F), for a list of files.
FOLDER_OF='function folder_of(f) {
	if (f ~ /^(out\/obj\/)?src\/main\.[co]$/) return "cmd"
	if (f ~ /^(out\/obj\/)?src\/.*\//) {
		sub(/^(out\/obj\/)?src\//, "", f); sub(/\/.*/, "", f); return f }
	return "src"
}
'
folder_of() {
	case $1 in
	src/main.[co] | out/obj/src/main.o) echo cmd ;;
	src/*/* | out/obj/src/*/*) d=${1#*src/}; echo "${d%%/*}" ;;
	*) echo src ;;
	esac
}
drawn() {
	[ -s "$T/layers" ] || { echo "README.md: no drawing of the layers"; return 1; }
	bad=0
	for d in src/*/; do
		d=${d%/}; d=${d#src/}
		# deb/ holds the package's control files, no code.
		[ "$d" = deb ] && continue
		grep -q "^$d " "$T/layers" ||
		    { echo "src/$d/ is in no row of the README's drawing"; bad=1; }
	done
	awk '{ print $1 }' "$T/layers" | sort | uniq -d | sed 's/$/: in two rows/'
	cut -d' ' -f1 "$T/layers" | while read -r d; do
		[ "$d" = src ] || [ -d "src/$d" ] ||
		    { echo "the drawing names $d/, which src/ has not"; exit 1; }
	done || bad=1
	[ -z "$(awk '{ print $1 }' "$T/layers" | sort | uniq -d)" ] && return $bad
	return 1
}
check "the README's drawing has every folder of src/ in one row" drawn

# includes: "FILE HEADER" for each #include "..." of src/, the header's
# path resolved against the file's folder.
# One awk for every file: the header's path is made plain as realpath
# -m would (no "." or "..", src/ holds no symbolic link).
includes() {
	# shellcheck disable=SC2046
	awk '/^#include "/ { h = $0; sub(/^#include "/, "", h)
		sub(/"[^"]*$/, "", h)
		d = FILENAME; sub(/\/[^\/]*$/, "", d)
		n = split(d "/" h, part, "/"); k = 0
		for (i = 1; i <= n; i++) {
			if (part[i] == "" || part[i] == ".") continue
			if (part[i] == ".." && k > 0 && keep[k] != "..") { k--; continue }
			keep[++k] = part[i]
		}
		p = keep[1]
		for (i = 2; i <= k; i++) p = p "/" keep[i]
		print FILENAME, p }' $(find src -name '*.[ch]' | sort)
}
# below FILE: "A B" pairs of files (A uses B) whose folders break the
# layers: B's row is A's or above it, A and B in different folders.
below() {
	awk "$FOLDER_OF"'NR == FNR { layer[$1] = $2; next }
	    { fa = folder_of($1); fb = folder_of($2) }
	    fa != fb { la = (fa in layer) ? layer[fa] : -1
		lb = (fb in layer) ? layer[fb] : -1
		if (la < 0 || lb < 0) print $1 " -> " $2 ": a folder of no row"
		else if (lb >= la) print $1 " -> " $2 ": " fb "/ is not below " fa "/" }' \
	    "$T/layers" "$1"
}
layered() {
	includes >"$T/includes"
	below "$T/includes" >"$T/includes.bad"
	[ ! -s "$T/includes.bad" ] || { cat "$T/includes.bad"; return 1; }
}
check "no file includes a header of its row or a row above (README)" layered

# calls: "CALLER CALLEE" for each global symbol an object of src/ uses
# and another defines (nm over this build's objects).
# One nm for every object, each line "OBJECT:" first (-A); OBJECT is
# turned back into its source's name.
objects() {
	for f in $(find src -name '*.c' | sort); do
		o=out/obj/${f%.c}.o
		[ -f "$o" ] || { echo "$o: not built" >&2; return 1; }
		echo "$o"
	done
}
# nm_src NM-OPTIONS...: nm -A over the objects, each line's "OBJECT:"
# made "src/FILE.c " (a file of its own).
nm_src() {
	objs=$(objects) || return 1
	# shellcheck disable=SC2086
	nm -A "$@" $objs | sed 's|^out/obj/\(src/[^:]*\)\.o:|\1.c |'
}
calls() {
	{ nm_src -g --defined-only | awk 'NF == 4 { print "D", $4, $1 }'
	  nm_src -u | awk '{ print "U", $NF, $1 }'
	} | awk '$1 == "D" { def[$2] = $3; next }
	    { use[++n] = $2 " " $3 }
	    END { for (i = 1; i <= n; i++) { split(use[i], u, " ")
		if ((u[1] in def) && def[u[1]] != u[2])
			print u[2], def[u[1]] } }' | sort -u
}
called() {
	calls >"$T/calls" || return 1
	[ -s "$T/calls" ] || { echo "no calls found"; return 1; }
	below "$T/calls" >"$T/calls.bad"
	[ ! -s "$T/calls.bad" ] || { cat "$T/calls.bad"; return 1; }
}
check "no file calls into its row or a row above (README, nm)" called
# tsort says where its input has a loop.
no_circles() {
	tsort "$1" >/dev/null 2>"$T/tsort.err" && return 0
	cat "$T/tsort.err"
	return 1
}
circles() {
	no_circles "$T/calls" || return 1
	awk "$FOLDER_OF"'{ fa = folder_of($1); fb = folder_of($2) }
	    fa != fb { print fa, fb }' "$T/calls" | sort -u >"$T/folder-calls"
	no_circles "$T/folder-calls"
}
check "no circle of calls between files, nor between folders" circles
# Two files that include each other, directly.
no_pairs() {
	awk '{ inc[$1 " " $2] = 1 }
	    END { for (k in inc) { split(k, p, " ")
		if ((p[2] " " p[1]) in inc) { print p[1] " <-> " p[2]; bad = 1 } }
		exit bad }' "$T/includes"
}
check "no two files include each other" no_pairs

# A stage's functions carry its name: every global symbol an object of
# src/STAGE/ defines begins with STAGE_ (the floor, src/*.c, is util,
# diag, outfile and the model's own names).  Names the compiler makes
# begin with "__" (AddressSanitizer's __odr_asan.NAME, make check).
named() {
	# The stage of src/STAGE/FILE.c; src/FILE.c, the floor, is left out.
	nm_src -g --defined-only | awk 'NF == 4 && split($1, p, "/") >= 3 &&
	    index($4, "__") != 1 && index($4, p[2] "_") != 1 {
		print $1 ": " $4 }' >"$T/names.bad"
	[ ! -s "$T/names.bad" ] || { cat "$T/names.bad"; return 1; }
}
check "every function of a stage begins with the stage's name" named

# A stage's header opens with what it is for: its line 2 or 3 opens a
# comment or goes on with one.  One awk reads every header (not a sed
# and a grep each) and names the first, in the glob's order, without.
headed() {
	awk '(FNR == 2 || FNR == 3) && /^\/\*|^ \* [A-Za-z]/ {
		top[FILENAME] = 1 }
	    END { for (i = 1; i < ARGC; i++) if (!(ARGV[i] in top)) {
		print ARGV[i] ": no comment at its top"; exit 1 } }' src/*/*.h
}
check "every stage header opens with what it is for" headed
# One name, one file: a file's name says which it is.
unique() {
	# Each path's last part, as basename would say, by one sed.
	find src -name '*.[ch]' | sed 's|.*/||' | sort | uniq -d >"$T/twice"
	[ ! -s "$T/twice" ] || { sed 's/$/: twice in src\//' "$T/twice"; return 1; }
}
check "every file name in src/ is unique" unique
# Rooms a reader takes in: no header over 250 lines, no folder over
# 15 % of src/'s lines.
sized() {
	wc -l $(find src -name '*.h') | awk '$2 != "total" && $1 > 250 {
	    print $2 ": " $1 " lines, more than 250"; bad = 1 } END { exit bad }' ||
	    return 1
	# Each file's lines by one wc (the newlines cat | wc -l counts, file
	# by file), added up for src/ and each folder (its subfolders too)
	# by one awk, not a find, cat and wc a folder; folders in the
	# glob's order.
	set -- src/*/
	find src -name '*.[ch]' -exec wc -l {} + | awk -v dirs="$*" '
	    $2 == "total" && NF == 2 { next }
	    { total += $1
		for (i = 1; i <= nd; i++) if (index($2, d[i]) == 1) n[i] += $1 }
	    BEGIN { nd = split(dirs, d, " ") }
	    END { for (i = 1; i <= nd; i++) if (n[i] * 100 > total * 15) {
		print d[i] ": " n[i] + 0 " of " total \
		    " lines, more than 15 %"
		exit 1 } }'
}
check "no header over 250 lines, no folder over 15 % of src/" sized

# Libraries loaded when first needed (issue 36): "NAME SONAME-PATTERN"
# of each, the soname this build found read from the binary.
lazy_libs="librsvg librsvg-2[.]so[.][0-9]*
libqpdf libqpdf[.]so[.][0-9]*
libmicrohttpd libmicrohttpd[.]so[.][0-9]*
libgettextpo libgettextpo[.]so[.][0-9]*"
soname_of() { grep -ao "$1" deckpress | head -n 1; }
# loaded ARGS...: the libraries ./deckpress ARGS initialises, one a line.
loaded() {
	LD_DEBUG=libs ./deckpress "$@" 2>&1 >/dev/null |
	    sed -n 's/.*calling init: //p'
}
not_loaded() {
	loaded "$@" >"$T/loaded" || true
	[ -s "$T/loaded" ] || { echo "LD_DEBUG=libs: no library listed"; return 1; }
	echo "$lazy_libs" | while read -r name pat; do
		! grep "/$pat\$" "$T/loaded" || { echo "$name loaded"; exit 1; }
	done
}
check "deckpress --version loads none of librsvg, libqpdf, libmicrohttpd, libgettextpo" \
    not_loaded --version
check "check of a deck loads none of librsvg, libqpdf, libmicrohttpd, libgettextpo" \
    not_loaded check tests/decks/quiz
# An SVG loads librsvg, and draws (run-images.sh measures it); a PDF
# with a language loads libqpdf to finish it (run-output.sh reads it).
# loads PATTERN ARGS...
loads() {
	pat=$1
	shift
	rm -f "$T/loads.pdf"
	loaded "$@" -o "$T/loads.pdf" >"$T/loaded" &&
	    [ -s "$T/loads.pdf" ] || { echo "no PDF"; return 1; }
	grep "/$pat\$" "$T/loaded"
}
check "an SVG's card loads librsvg when it is read" \
    loads "librsvg-2[.]so[.][0-9]*" cards tests/decks/images
check "a PDF with a language loads libqpdf when it is finished" \
    loads "libqpdf[.]so[.][0-9]*" cards cards/data-chain --lang en
check "strings --po loads libgettextpo when it writes the PO file" \
    loads "libgettextpo[.]so[.][0-9]*" strings tests/decks/quiz --po --lang fr
# A library that cannot be loaded (a file that is none; a library
# without the functions, found first by LD_LIBRARY_PATH): an error at
# what needed it, naming the library, exit RC, no output file nor a
# temporary one left.
# lazy_fails NAME SONAME-PATTERN RC WANT ARGS...
lazy_fails() {
	so=$(soname_of "$2")
	[ -n "$so" ] || { echo "no $1 soname in deckpress"; return 1; }
	want_rc=$3
	want=$4
	shift 4
	mkdir -p "$T/junk" "$T/empty"
	printf 'not a library\n' >"$T/junk/$so"
	cc -shared -o "$T/empty/$so" -x c /dev/null || return 1
	for d in junk empty; do
		rm -f "$T/lazy.pdf"
		LD_LIBRARY_PATH=$ROOT/$T/$d ./deckpress "$@" -o "$T/lazy.pdf" \
		    >"$T/lazy.out" 2>"$T/lazy.err" && rc=0 || rc=$?
		[ "$rc" -eq "$want_rc" ] && [ ! -e "$T/lazy.pdf" ] &&
		    ! ls "$T" | grep -q '^lazy[.]pdf.' &&
		    grep -q "^$want.*: error: .*cannot load $so: " "$T/lazy.err" ||
		    { echo "$d $so: exit $rc"; cat "$T/lazy.err"; ls "$T"; return 1; }
	done
	grep -q "cannot load $so: it has no " "$T/lazy.err" ||
	    { cat "$T/lazy.err"; return 1; }
}
check "librsvg not loadable: an error at the SVG, exit 1, no PDF" \
    lazy_fails librsvg "librsvg-2[.]so[.][0-9]*" 1 \
    "tests/decks/images/layout.yaml:[0-9]*:[0-9]*" \
    cards tests/decks/images
check "libqpdf not loadable: an error at the PDF, exit 3, no PDF" \
    lazy_fails libqpdf "libqpdf[.]so[.][0-9]*" 3 "$T/lazy[.]pdf" \
    cards cards/data-chain --lang en
check "libgettextpo not loadable: an error at the PO file, exit 3, none written" \
    lazy_fails libgettextpo "libgettextpo[.]so[.][0-9]*" 3 "$T/lazy[.]pdf" \
    strings tests/decks/quiz --po --lang fr

summary build
