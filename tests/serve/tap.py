# SPDX-License-Identifier: MIT
# The checks' lines of tests/serve/*.py, as tests/run-serve.sh counts
# them: "ok - NAME" / "not ok - NAME", then why, indented; fails counts
# the failed ones.
fails = 0


def say(ok, name, why=""):
    global fails
    print(("ok - " if ok else "not ok - ") + name)
    if not ok:
        fails += 1
        if why:
            print("    " + str(why)[:600])
