# SPDX-License-Identifier: MIT
"""PNG sizes and differences for the suites' Python (run-tts.sh):
imported, not run.  Each asks one process for many images, not one
each (run from the repo root, after make test built the tools).

sizes(paths) gives {path: (w, h)}, read by out/test/pngsize -m.
diffs(lines) gives, for each line "A AX AY B BX BY W H" (a rectangle of
PNG A against one of B), pngdiff's largest difference, as a string.
"""
import subprocess


def sizes(paths):
    """{path: (w, h)} of PNGs, read by one pngsize for them all."""
    if not paths:
        return {}
    got = subprocess.run(['./out/test/pngsize', '-m'] + paths, check=True,
                         capture_output=True, text=True).stdout.split()
    return {p: (int(got[2 * i]), int(got[2 * i + 1]))
            for i, p in enumerate(paths)}


def diffs(lines):
    """pngdiff's largest difference for each line, by one pngdiff."""
    if not lines:
        return []
    out = subprocess.run(['./out/test/pngdiff', '-'], check=True,
                         input=''.join(lines), capture_output=True,
                         text=True).stdout.splitlines()
    assert len(out) == len(lines), out
    return [o.split()[3] for o in out]
