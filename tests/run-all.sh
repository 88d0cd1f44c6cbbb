#!/bin/sh
# make test: the cmocka unit tests (given as arguments), the broken-input
# corpus and the end-to-end tests; then one summary line.
set -u
LC_ALL=C
export LC_ALL
log=out/test/run-all.log
mkdir -p out/test
: >"$log"
status=0
before=$(git status --porcelain --untracked-files=no 2>/dev/null || true)

for t in "$@"; do
	echo "# $t"
	CMOCKA_MESSAGE_OUTPUT=TAP "$t" || status=1
done 2>&1 | tee -a "$log"
for s in tests/run-bad.sh tests/run-check.sh tests/run-e2e.sh; do
	echo "# $s"
	sh "$s" || echo "not ok - $s exited with an error"
done 2>&1 | tee -a "$log"

# Running the tests must not change tracked files.
after=$(git status --porcelain --untracked-files=no 2>/dev/null || true)
if [ "$before" != "$after" ]; then
	echo "not ok - the tests changed tracked files:" | tee -a "$log"
	echo "$after" | tee -a "$log"
else
	echo "ok - the tests left tracked files alone" | tee -a "$log"
fi

passed=$(grep -c '^ok ' "$log")
failed=$(grep -c '^not ok ' "$log")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
