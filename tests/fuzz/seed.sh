#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Copy the seeds of one fuzz target from cards/, layouts/ and tests/
# into its corpus folder (out/fuzz/corpus/TARGET), each named by a
# checksum of its content so that a second run adds nothing twice.
# Targets that load a file for a bundled game get the game's digit
# first ('0' data-chain, '1' dataset, '2' serious-privacy; tests' own
# decks: '0'), as fuzz_game() reads it; the CSV target a byte saying
# TSV ('1') or CSV ('0'); the markup and fit targets a byte of flags
# ('0': none).  Files over 128 KiB are left out: they only make every
# mutation slower.
#
# usage: sh tests/fuzz/seed.sh TARGET DIR    (from the repo root)
set -eu

target=$1
dir=$2
mkdir -p "$dir"

# The files of a target, one a line.
files() {
	case $target in
	deck)	find cards tests -name deck.yaml ;;
	text)	find cards tests -path '*/text/*.yaml' ;;
	rules)	find cards tests -name rules.yaml ;;
	layout)	find layouts tests -name '*.yaml' ! -path '*/sheets/*' \
		    ! -path '*/pack/*' ! -path '*/text/*' ! -name deck.yaml \
		    ! -name rules.yaml ;;
	sheet)	find layouts tests -path '*/sheets/*.yaml' ;;
	profile) find tests/fuzz/seeds/profile -name '*.yaml' ;;
	csv)	find tests -name '*.csv' -o -name '*.tsv' ;;
	markup)	find cards tests -path '*/text/*.yaml'
		find tests/fuzz/seeds/markup -type f ;;
	markdown) find cards tests -name '*.md' -path '*/rules/*' ;;
	fit)	find cards tests -path '*/text/*.yaml'
		find cards tests -name '*.md' -path '*/rules/*'
		find tests/fuzz/seeds/markup tests/fuzz/seeds/fit -type f ;;
	image)	find cards tests -name '*.png' -o -name '*.jpg' \
		    -o -name '*.jpeg' -o -name '*.svg' ;;
	svgdraw) find cards tests -name '*.svg' ;;
	expr)	find tests/fuzz/seeds/expr -type f ;;
	*)	echo "seed.sh: no target $target" >&2; exit 2 ;;
	esac
}

# The byte that goes before the file's content, if the target wants one.
prefix() {
	case $target in
	deck|text|rules|markdown)
		case $1 in
		cards/dataset/*)		printf 1 ;;
		cards/serious-privacy/*)	printf 2 ;;
		*)				printf 0 ;;
		esac ;;
	csv)	case $1 in
		*.tsv)	printf 1 ;;
		*)	printf 0 ;;
		esac ;;
	markup|fit) printf 0 ;;
	esac
}

files | LC_ALL=C sort | while read -r f; do
	[ "$(wc -c <"$f")" -le 131072 ] || continue
	tmp=$dir/.seed.$$
	{ prefix "$f"; cat "$f"; } >"$tmp"
	sum=$(cksum <"$tmp" | cut -d' ' -f1)
	mv "$tmp" "$dir/seed-$sum"
done
