#!/bin/sh
# A failing test, reported as cmocka does: "not ok", then an exit
# status of the number of failures; stderr must not add results.
echo 1..2
echo 'ok 1 - a'
echo 'not ok 2 - b'
echo 'ok 3 - printed on stderr' >&2
exit 1
