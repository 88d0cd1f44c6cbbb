#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The words of a tagged PDF in the order of its whole structure tree.

uawords.py PDF MARKED
    PDF's words, one a line: its structure tree walked in order (read
    with qpdf, as uacheck.py reads it), each element that holds marked
    content read whole (its kids' texts in order, as pdfjsread.mjs
    words does), the text of each marked-content sequence taken from
    MARKED, the output of "node tests/tools/pdfjsread.mjs marked PDF"
    (what pdf.js reads there).  pdf.js gives the structure page by page
    only: a folded booklet, its pages printed out of reading order,
    is read in order through this (issue 38).
uawords.py --each PDF...
    The same for each PDF, its MARKED PDF.marked ("pdfjsread.mjs -o
    marked PDF" writes it), into PDF.uawords: one process for all.
    Exit status 1 if a PDF could not be read.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uacheck  # noqa: E402


def words(pdf, marked):
    """pdf's words, in order, the text of its marked content from the
    file marked."""
    doc = uacheck.Doc(uacheck.load(pdf))
    text = {}
    with open(marked, encoding="utf-8") as f:
        for line in f:
            obj, mcid, t = line.rstrip("\n").split("\t", 2)
            text[(int(obj), int(mcid))] = json.loads(t)

    def objnum(ref):
        return int(ref.split()[0]) if isinstance(ref, str) else None

    def content(e, k):
        """(page object, MCID) of kid k of element e, or None."""
        if isinstance(k, (int, float)) and not isinstance(k, bool):
            return objnum(e.get("/Pg")), int(k)
        if isinstance(k, dict) and "/MCID" in k:
            return objnum(k.get("/Pg", e.get("/Pg"))), int(k["/MCID"])
        return None

    last = [None]      # the page of the content read last

    def whole(e, depth=0):
        out = ""
        for k in uacheck.as_list(e.get("/K")):
            c = content(e, k)
            if c is not None:
                t = text.get(c, "")
                # A block's part on the next page begins a line (one
                # line break: a soft hyphen ending the page joins it).
                if last[0] is not None and c[0] != last[0]:
                    out = out.rstrip("\n") + "\n"
                    t = t.lstrip("\n")
                last[0] = c[0]
                out += t
                continue
            d = doc.get(k)
            if isinstance(d, dict) and "/S" in d and depth < 256:
                out += whole(d, depth + 1)
        return out

    blocks = []

    def walk(e, depth=0):
        kids = uacheck.as_list(e.get("/K"))
        if any(content(e, k) is not None for k in kids):
            last[0] = None
            blocks.append(whole(e))
            return
        for k in kids:
            d = doc.get(k)
            if isinstance(d, dict) and "/S" in d and depth < 256:
                walk(d, depth + 1)

    root = doc.get(doc.catalog().get("/StructTreeRoot")) or {}
    walk(root)
    return [w for b in blocks
            for w in b.replace("\u00ad\n", "").replace("\n", " ").split()]


def main(argv):
    if argv[1:2] == ["--each"]:
        bad = 0
        for pdf in argv[2:]:
            try:
                ws = words(pdf, pdf + ".marked")
            except Exception as e:   # the others still read
                sys.stderr.write("uawords: %s: %r\n" % (pdf, e))
                bad = 1
                continue
            with open(pdf + ".uawords", "w", encoding="utf-8") as f:
                f.write("".join(w + "\n" for w in ws))
        return bad
    if len(argv) != 3:
        sys.stderr.write("usage: uawords.py PDF MARKED\n"
                         "       uawords.py --each PDF...\n")
        return 2
    try:
        ws = words(argv[1], argv[2])
    except uacheck.Unreadable as e:
        sys.stderr.write("%s\n" % e)
        return 2
    for w in ws:
        print(w)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
