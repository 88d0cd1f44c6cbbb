#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench's timer: run a command on one core and print its CPU time.

usage: python3 tests/bench/cpu.py OUT COMMAND [ARG ...]

Runs COMMAND with its standard output to OUT.stdout, pinned to CPU 0
where the system allows it, and appends "SECONDS KB" to OUT: the CPU
time the command and its children took, user + system, in seconds to
the microsecond (wait4's, where GNU time's %U and %S round to 10 ms:
too coarse for a 120-card deck's 0.1 s; GNU time's own 1 ms included,
alike for every command), and its peak resident set in KB.  Exits with the command's status.
"""
import os
import sys


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: cpu.py OUT COMMAND [ARG ...]\n")
        return 2
    out, cmd = sys.argv[1], sys.argv[2:]
    try:
        os.sched_setaffinity(0, {0})
    except (AttributeError, OSError):
        pass
    # posix_spawn, not fork: a forked copy of Python would count its
    # own copying (50 ms) before the command even starts.  The peak
    # RSS is GNU time's: wait4's would keep Python's own 13 MB, which a
    # spawned process inherits as its high-water mark through exec.
    rss = out + ".rss"
    timer = ["/usr/bin/time", "-f", "%M", "-o", rss]
    if not os.access(timer[0], os.X_OK):
        timer = []
    fd = os.open(out + ".stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
                 0o666)
    try:
        pid = os.posix_spawnp((timer + cmd)[0], timer + cmd, os.environ,
                              file_actions=[(os.POSIX_SPAWN_DUP2, fd, 1)])
    finally:
        os.close(fd)
    _, status, ru = os.wait4(pid, 0)
    rc = os.waitstatus_to_exitcode(status)
    kb = ru.ru_maxrss
    if timer:
        with open(rss) as f:
            kb = int(f.read().split()[-1])
    with open(out, "a") as f:
        f.write("%.6f %d\n" % (ru.ru_utime + ru.ru_stime, kb))
    return rc


sys.exit(main())
