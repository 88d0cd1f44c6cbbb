# shellcheck shell=sh
# SPDX-License-Identifier: MIT
#
# Sourced by the suites of corpora whose cases are a deck plus args and
# expect* files (run-check.sh through tests/corpus.sh, run-import.sh).

# copy_case DIR DEST...: a corpus case's deck, the files of DIR but
# args and expect* (chosen here rather than copied and then removed: a
# process less), copied into each DEST (a path without blanks).
copy_case() (
	cc_dir=$1
	shift
	cc_dests=$*
	set --
	for f in "$cc_dir"/* "$cc_dir"/.[!.]* "$cc_dir"/..?*; do
		[ -e "$f" ] || [ -L "$f" ] || continue
		case ${f##*/} in
		args | expect.out | expect.err | expect.rc | expect) ;;
		*) set -- "$@" "$f" ;;
		esac
	done
	[ $# -gt 0 ] || exit 0
	for d in $cc_dests; do
		cp -R "$@" "$d/"
	done
)
