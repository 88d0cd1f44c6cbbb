#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Run the fuzz targets built by 'make fuzz', one after the other (one
# process: the machine is shared), each for SECONDS, on its corpus
# out/fuzz/corpus/TARGET, which keeps what it learns between runs.
# Anything found (crash, leak, UBSan report, timeout, an input slower
# than a second, an allocation over 200 MB) is written to
# out/fuzz/findings/TARGET/.  Prints one line per target:
#
#   fuzz_deck: 360 s, 123456 execs (343/s), corpus 812, findings 0
#
# and exits 1 if any target found something.
#
# usage: sh tests/fuzz/run.sh SECONDS TARGET ...    (from the repo root)
set -eu

secs=$1
shift
found=0
out=out/fuzz

# The dictionary of a target, if it has one.
dict() {
	case $1 in
	csv)		echo "-dict=tests/fuzz/csv.dict" ;;
	markdown)	echo "-dict=tests/fuzz/markdown.dict" ;;
	fit)		echo "-dict=tests/fuzz/markup.dict" ;;
	image|svgdraw)	echo "-dict=tests/fuzz/svg.dict" ;;
	*)		echo "-dict=tests/fuzz/yaml.dict" ;;
	esac
}

# The value of libFuzzer's final stat NAME in log file $2.
stat() {
	sed -n "s/^stat::$1: *//p" "$2" | tail -n 1
}

for t in "$@"; do
	corpus=$out/corpus/$t
	finds=$out/findings/$t
	log=$out/log/$t.log
	mkdir -p "$corpus" "$finds" "$out/log"
	sh tests/fuzz/seed.sh "$t" "$corpus"
	before=$(find "$finds" -type f | wc -l)
	start=$(date +%s)
	rc=0
	# -report_slow_units=1: any input over a second is saved as a
	# slow-unit-* finding (issue 12: no input takes more than a second
	# to refuse); -timeout=2: one over two seconds stops the run as a
	# crash would (issue 32), so a slow input cannot hide in a long
	# run; -malloc_limit_mb=200: nor more than 200 MB.
	# shellcheck disable=SC2046
	ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	LSAN_OPTIONS=suppressions=tests/lsan.supp:print_suppressions=0 \
	    "$out/fuzz_$t" -max_total_time="$secs" -timeout=2 \
	    -rss_limit_mb=2048 -malloc_limit_mb=200 -report_slow_units=1 \
	    -print_final_stats=1 -artifact_prefix="$finds/" $(dict "$t") \
	    "$corpus" >"$log" 2>&1 &
	pid=$!
	wait "$pid" || rc=$?
	# A target that stops at a finding exits before its clean-up.
	rm -rf "/dev/shm/deckpress-fuzz-$pid"
	ran=$(( $(date +%s) - start ))
	n=$(( $(find "$finds" -type f | wc -l) - before ))
	[ "$rc" -eq 0 ] || [ "$n" -gt 0 ] || n=1	# died without an artifact
	execs=$(stat number_of_executed_units "$log")
	rate=$(stat average_exec_per_sec "$log")
	printf 'fuzz_%s: %s s, %s execs (%s/s), corpus %s, findings %s\n' \
	    "$t" "$ran" "${execs:-?}" "${rate:-?}" \
	    "$(find "$corpus" -type f | wc -l)" "$n"
	if [ "$n" -gt 0 ]; then
		found=1
		grep -m 3 -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' \
		    "$log" || true
		echo "  log: $log; inputs: $finds/"
	fi
done
exit $found
