#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Read a tagged PDF's structure for tests/run-pdftags.sh, with qpdf.

pdftags.py tree PDF
    The structure tree in order, one element a line: its depth (the
    root's kids at 0), its type, then "pages=N" (the pages its own
    marked content is on), "lang=TAG" if it has a /Lang and "alt=TEXT"
    if it has an /Alt.
pdftags.py marks PDF
    Per page, tab-separated: the page number, the text shown outside
    every marked-content sequence with an MCID (page furniture), the
    text shown inside one, and the strokes (S operators) outside and
    inside.  Text is the bytes of the string operands, as Cairo writes
    them (its subset fonts keep ASCII letters and digits).
pdftags.py bare PDF
    Per page, tab-separated: the page number, how many painting
    operators (text, paths, images, forms, shadings) it has outside
    every marked-content sequence -- neither content nor artifact --
    and how many "/Artifact BMC" sequences it has.
"""
import json
import re
import subprocess
import sys


def qpdf_json(pdf):
    out = subprocess.run(["qpdf", "--json", "--json-key=qpdf", pdf],
                         check=True, capture_output=True).stdout
    return json.loads(out)["qpdf"][1]


def deref(objs, v):
    if isinstance(v, str) and v.endswith(" R"):
        return objs.get("obj:" + v, {}).get("value")
    return v


def text(v):
    return v[2:] if isinstance(v, str) and v[:2] in ("u:", "b:") else v


def tree(pdf):
    objs = qpdf_json(pdf)
    cat = next(o["value"] for o in objs.values()
               if isinstance(o.get("value"), dict)
               and o["value"].get("/Type") == "/Catalog")
    root = deref(objs, cat.get("/StructTreeRoot"))
    if root is None:
        sys.exit("no structure tree")

    def kids(e):
        k = e.get("/K")
        return k if isinstance(k, list) else [] if k is None else [k]

    def walk(e, depth):
        for k in kids(e):
            el = deref(objs, k)
            if not isinstance(el, dict) or "/S" not in el:
                continue
            pages = set()
            for m in kids(el):
                if isinstance(m, int):
                    pages.add(el.get("/Pg"))
                elif isinstance(m, dict) and "/MCID" in m:
                    pages.add(m.get("/Pg", el.get("/Pg")))
            line = "%d %s" % (depth, el["/S"][1:])
            if pages:
                line += " pages=%d" % len(pages)
            if "/Lang" in el:
                line += " lang=" + text(el["/Lang"])
            if "/Alt" in el:
                line += " alt=" + text(el["/Alt"])
            print(line)
            walk(el, depth + 1)

    walk(root, 0)


STRING = re.compile(rb"\((?:\\.|[^\\)])*\)")


def qdf_of(pdf):
    """pdf in QDF form: qpdf --qdf's output, or the file's bytes if it
    is in that form already (one qpdf --qdf made for several checks)."""
    with open(pdf, "rb") as f:
        data = f.read()
    if b"\n%QDF-1.0\n" in data[:64]:
        return data
    return subprocess.run(["qpdf", "--qdf", "--object-streams=disable", pdf,
                           "-"], check=True, capture_output=True).stdout


def marks(pdf):
    qdf = qdf_of(pdf)
    page = 0
    inside = False
    stack = []
    res = {}
    for line in qdf.split(b"\n"):
        m = re.match(rb"%% Contents for page (\d+)", line)
        if m:
            page = int(m.group(1))
            res[page] = [b"", b"", 0, 0]
            inside, stack = False, []
            continue
        if line.startswith(b"endstream"):
            page = 0
        if page == 0:
            continue
        r = res[page]
        if line.endswith(b"BDC") or line.endswith(b"BMC"):
            stack.append(b"/MCID" in line)
        elif line.strip() == b"EMC" and stack:
            stack.pop()
        inside = any(stack)
        if line.endswith(b"Tj") or line.endswith(b"TJ"):
            s = b"".join(x[1:-1] for x in STRING.findall(line))
            r[1 if inside else 0] += s
        elif line.endswith(b" S") or line == b"S":
            r[3 if inside else 2] += 1
    for p in sorted(res):
        r = res[p]
        print("%d\t%s\t%s\t%d\t%d" % (p, r[0].decode("latin-1"),
                                      r[1].decode("latin-1"), r[2], r[3]))


PAINT = {b"Tj", b"TJ", b"'", b'"', b"S", b"s", b"f", b"F", b"f*", b"B",
         b"B*", b"b", b"b*", b"Do", b"sh", b"BI"}
# bare() reads a page's content a run of lines at a time, not a line:
# the same strings and tokens, for neither crosses a line (no "\n" in
# STRING and TOKEN, as there is none in a line), and the same state,
# for it changes only at a "%% Contents for page N" line and at a line
# that begins "endstream", the lines AT finds.
AT = re.compile(rb"^(?:%% Contents for page (\d+)|endstream).*$", re.M)
STRING_LINE = re.compile(rb"\((?:\\[^\n]|[^\\)\n])*\)")
TOKEN = re.compile(rb"/[^\s()<>\[\]{}/%]*|<<|>>|<[0-9A-Fa-f \t\r\f\v]*>|"
                   rb"[^\s()<>\[\]{}/%]+")
MARKED = PAINT | {b"BDC", b"BMC", b"EMC"}


def bare(pdf):
    qdf = qdf_of(pdf)
    st = {"page": 0, "depth": 0}
    res = {}

    def lines(block):
        """The lines block, of page st["page"], read."""
        r = res[st["page"]]
        for t in [t for t in TOKEN.findall(STRING_LINE.sub(b" ", block))
                  if t in MARKED]:
            if t in (b"BDC", b"BMC"):
                st["depth"] += 1
            elif t == b"EMC":
                st["depth"] -= 1
            elif st["depth"] == 0:
                r[0] += 1
        r[1] += block.count(b"/Artifact BMC")

    at = 0      # where the lines after the last one AT found begin
    for m in AT.finditer(qdf):
        if st["page"] and m.start() > at:
            lines(qdf[at:m.start() - 1])
        at = m.end() + 1
        if m.group(1) is not None:
            st["page"], st["depth"] = int(m.group(1)), 0
            res[st["page"]] = [0, 0]
        else:
            st["page"] = 0
    if st["page"] and at < len(qdf):
        lines(qdf[at:])
    for p in sorted(res):
        print("%d\t%d\t%d" % (p, res[p][0], res[p][1]))


if __name__ == "__main__":
    modes = {"tree": tree, "marks": marks, "bare": bare}
    if len(sys.argv) != 3 or sys.argv[1] not in modes:
        sys.exit(__doc__)
    modes[sys.argv[1]](sys.argv[2])
