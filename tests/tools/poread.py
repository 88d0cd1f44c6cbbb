# SPDX-License-Identifier: MIT
"""A PO file's messages as the PO suites read them (run-po.sh,
run-potools.sh): imported, not run.

read_po(path) gives each message, the header's too, as a dict:
msgctxt (None if it has none), msgid, msgstr, flags (the "#, " words,
a list), notes ("#. " lines), refs ("#: " words) and prev (the "#|"
previous msgid msgmerge records, or None).  The suites' own readers
check deckpress's PO files against gettext's tools and npm's parsers;
this one is plain Python so that a suite can look at what they agree on.
"""
import json


def unq(s):
    """A PO string literal's value (its escapes are JSON's)."""
    return json.loads(s)


def read_po(path):
    msgs, cur, key = [], None, None
    for line in open(path, encoding="utf-8").read().split("\n") + [""]:
        if line == "":
            if cur is not None and "msgid" in cur:
                msgs.append(cur)
            cur, key = None, None
            continue
        if cur is None:
            cur = {"flags": [], "notes": [], "refs": [], "prev": None,
                   "msgctxt": None}
        if line.startswith("#, "):
            cur["flags"] += [f.strip() for f in line[3:].split(",")]
        elif line.startswith("#. "):
            cur["notes"].append(line[3:])
        elif line.startswith("#: "):
            cur["refs"] += line[3:].split()
        elif line.startswith("#| msgid "):
            cur["prev"], key = unq(line[9:]), "prev"
        elif line.startswith("#| \""):
            cur["prev"] += unq(line[3:])
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            cur[key] += unq(line)
        else:
            key, val = line.split(" ", 1)
            cur[key] = unq(val)
    return msgs
