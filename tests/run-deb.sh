#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: deb, new, pack, check, all
# The Debian package (issue 22): "make deb", in a copy of the tree (its
# binary is built for /usr), gives out/deckpress_VERSION_ARCH.deb that
# lintian passes without an error; installed with dpkg (as root, and
# only where no deckpress package is installed already: the test
# removes what it installs), deckpress renders from an empty folder
# with no clone, its data from /usr/share/deckpress, and is gone again
# once the package is removed.  Prints "ok - NAME" / "not ok - NAME".
T=out/test/deb
. tests/suite.sh

ROOT=$(pwd -P)
TREE=$ROOT/$T/tree
mkdir -p "$TREE/out"
# The sources, and this tree's objects when a plain build made them:
# all with their times, so that make rebuilds only what PREFIX=/usr
# changes (src/job/setup.o, by its stamp) and links -- the objects a
# build from scratch gives, without compiling them all again (15 s).
# make check's objects are sanitized: then the copy builds from scratch.
cp -pR Makefile src fonts layouts cards "$TREE/"
if [ -d out/obj/src ] &&
    ! find out/obj -name '*.o' -exec grep -l -e __asan_ -e __ubsan_ {} + |
    grep -q .; then
	mkdir -p "$TREE/out/obj"
	cp -pR out/obj/src "$TREE/out/obj/"
fi

# The package is compressed with xz at level 0 (DEB_XZ_LEVEL): still
# xz, what make deb uses; its default level, dpkg-deb's own, is that
# of the dry run below.
built() {
	make -C "$TREE" -j"$(nproc)" deb DEB_XZ_LEVEL=0 >"$ROOT/$T/deb.log" 2>&1 ||
	    { tail -20 "$ROOT/$T/deb.log"; return 1; }
	set -- "$TREE"/out/deckpress_*.deb
	[ -f "$1" ] || { echo "no package in $TREE/out"; return 1; }
	echo "$1" >"$ROOT/$T/deb.path"
}
check "make deb builds out/deckpress_VERSION_ARCH.deb" built
DEB=$(cat "$T/deb.path" 2>/dev/null || echo none)

# xz: the package's data is data.tar.xz; make deb, left to itself,
# runs dpkg-deb -Zxz with no level of its own.
xz_default() {
	ar t "$DEB" | grep -qx 'data.tar.xz' ||
	    { echo "members:"; ar t "$DEB"; return 1; }
	env -u MAKEFLAGS -u MFLAGS make -C "$TREE" -n deb >"$ROOT/$T/dry.log" \
	    2>&1 || { tail -5 "$ROOT/$T/dry.log"; return 1; }
	grep 'dpkg-deb .*--build' "$ROOT/$T/dry.log" >"$ROOT/$T/dry.deb" ||
	    { echo "make -n deb runs no dpkg-deb --build"; return 1; }
	grep -q -- ' -Zxz ' "$ROOT/$T/dry.deb" &&
	    ! grep -q -- ' -z[0-9]' "$ROOT/$T/dry.deb" ||
	    { cat "$ROOT/$T/dry.deb"; return 1; }
}
check "the package's data is xz; make deb's own level is dpkg-deb's default" \
    xz_default

contents() {
	dpkg-deb --contents "$DEB" >"$T/contents" || return 1
	# These files listed (each a line's last column), and every file
	# root's, none writable by others: one awk over the listing.
	awk -v want="./usr/bin/deckpress ./usr/share/man/man1/deckpress.1.gz
	    ./usr/share/man/man5/deckpress.5.gz
	    ./usr/share/doc/deckpress/copyright
	    ./usr/share/doc/deckpress/changelog.gz
	    ./usr/share/deckpress/fonts/Roboto-Regular.ttf
	    ./usr/share/deckpress/layouts/sheets/a4.yaml
	    ./usr/share/deckpress/cards/data-chain/deck.yaml" '
	    BEGIN { n = split(want, w) }
	    { seen[$NF] = 1 }
	    $2 != "root/root" || $1 ~ /w.$/ { print; bad = 1 }
	    END {
		for (i = 1; i <= n; i++)
			if (!(w[i] in seen)) {
				print "no " w[i]
				exit 1
			}
		if (bad) {
			print "files not root\047s, or writable by all"
			exit 1
		}
	    }' "$T/contents" || return 1
	# librsvg, libqpdf and libgettextpo are loaded when needed, not
	# linked.  The field read once, each name looked for in it by the
	# shell.
	dep=$(dpkg-deb --field "$DEB" Depends) || return 1
	for p in libcairo2 librsvg2-2 libqpdf libgettextpo0 libdeflate0; do
		case $dep in
		*"$p"*) ;;
		*) echo "Depends has no $p"; return 1 ;;
		esac
	done
}
check "the package holds the binary, manual pages, data and games, root's" \
    contents

lint() {
	if ! command -v lintian >/dev/null; then
		echo "lintian is not installed (.ci/setup installs it)"
		return 1
	fi
	lintian --fail-on error "$DEB" >"$T/lintian.txt" 2>&1 ||
	    { cat "$T/lintian.txt"; return 1; }
	! grep '^E: ' "$T/lintian.txt" || return 1
}
check "lintian finds no error in it" lint

# Installed, from an empty folder with no clone near: a new game made,
# checked, packed, and rendered by "all" inside it; a bundled example,
# copied out of /usr/share, packed too.
# dpkg -i --no-triggers: man-db's index is rebuilt (mandb, seconds of
# CPU) once, by dpkg -r's run of the trigger left pending, not twice;
# the manual page is looked up by man -w, which reads the folders.
installed() {
	dpkg -i --no-triggers "$DEB" >"$T/dpkg.log" 2>&1 || { cat "$T/dpkg.log"; return 1; }
	rm -rf "$T/empty" && mkdir -p "$T/empty"
	(cd "$T/empty" && unset DECKPRESS_HOME &&
	    /usr/bin/deckpress new quest && /usr/bin/deckpress pack quest \
	    -o quest.pdf && /usr/bin/deckpress check quest --werror &&
	    (cd quest && /usr/bin/deckpress all) &&
	    cp -R /usr/share/deckpress/cards/data-chain game &&
	    /usr/bin/deckpress pack game -o game.pdf) \
	    >"$T/use.log" 2>&1 || { cat "$T/use.log"; return 1; }
	for f in quest.pdf game.pdf quest/out/quest-en-pack.pdf; do
		pdfinfo "$T/empty/$f" | grep -q '^Pages: *[1-9]' ||
		    { echo "$f: no pages"; return 1; }
	done
	[ "$(ls "$T/empty/quest/out")" = "quest-en-cards.pdf
quest-en-pack.pdf" ] || { echo "all inside quest made:"; ls "$T/empty/quest/out"; return 1; }
	man -w deckpress >/dev/null 2>&1 ||
	    [ -f /usr/share/man/man1/deckpress.1.gz ] || return 1
}
removed() {
	dpkg -r deckpress >"$T/remove.log" 2>&1 || { cat "$T/remove.log"; return 1; }
	[ ! -e /usr/bin/deckpress ] && [ ! -e /usr/share/deckpress ] ||
	    { echo "files left behind"; return 1; }
	# man-db's trigger, left pending by dpkg -i --no-triggers, was run.
	st=$(dpkg-query -W -f '${db:Status-Abbrev}' man-db 2>/dev/null) || st=
	case $st in
	?[tW]*) echo "man-db's trigger left pending: $st"; return 1 ;;
	esac
}
if [ "$(id -u)" -ne 0 ]; then
	echo "# dpkg -i skipped: not root (the rest ran)"
elif dpkg -s deckpress >/dev/null 2>&1; then
	echo "# dpkg -i skipped: a deckpress package is installed already"
else
	check "dpkg -i: from an empty folder, new quest, pack, check --werror, all inside it" \
	    installed
	check "dpkg -r: nothing of it left" removed
fi

summary deb
