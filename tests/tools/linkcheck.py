# SPDX-License-Identifier: MIT
"""The links of a PDF against what its pages print (tests/run-links.sh).

    linkcheck.py count PDF
        the number of link annotations, and of outline items, as
        "links N outlines M"
    linkcheck.py index PDF
        every index entry (a line of the index page, the first page with
        links, that ends with a page number) lies under a link to the
        page it names; prints "index N" (entries checked)
    linkcheck.py refs PDF MARKDOWN CSV COLUMN
        the links after the index page, in order, are the Markdown's
        [[card:ID]] references: each covers the card's title (COLUMN of
        the "deckpress export --csv" file CSV), over one line or
        several, and goes to a page whose text holds that title; prints
        "refs N" (references checked)
    linkcheck.py pack PDF MARKDOWN CSV COLUMN
        a pack: index, then refs, then it has an outline ("outlines N")
    linkcheck.py batch
        each line of stdin, "OUT COMMAND ARGS...", run as linkcheck.py
        COMMAND ARGS... would be, its output into the file OUT and its
        exit status into OUT.rc: one python3 for a suite's checks
        (~0.03 s of CPU each to start, ~0.1 s through a pyenv shim)

Links are read with qpdf --json, words with pdftotext -bbox-layout.
Exits 1 with a message on the first mismatch.
"""
import contextlib
import csv
import json
import re
import subprocess
import sys
import traceback
import xml.etree.ElementTree as ET


def fail(msg):
    print(msg)
    sys.exit(1)


def fold(s):
    """Case-folded letters and digits only: hyphens, breaks, spaces go."""
    return "".join(c for c in s.casefold() if c.isalnum())


class Pdf:
    def __init__(self, path):
        j = json.loads(subprocess.run(["qpdf", "--json", path], check=True,
                                      capture_output=True).stdout)
        self.objs = j["qpdf"][1]
        self.pages = [p["object"] for p in j["pages"]]
        trailer = self.objs["trailer"]["value"]
        self.root = self.obj(trailer["/Root"])
        self.dests = {}
        names = self.root.get("/Names")
        if names is not None:
            d = self.obj(names).get("/Dests")
            if d is not None:
                self.name_tree(self.obj(d))
        self.path = path
        self._words = None

    @property
    def words(self):
        """Its words, read when first asked for: count needs none."""
        if self._words is None:
            self._words = self.read_words(self.path)
        return self._words

    def obj(self, ref):
        if isinstance(ref, str) and ref.endswith(" R"):
            return self.objs["obj:" + ref]["value"]
        return ref

    def name_tree(self, node):
        v = node.get("/Names", [])
        for i in range(0, len(v), 2):
            d = self.obj(v[i + 1])
            if isinstance(d, dict):
                d = self.obj(d["/D"])
            self.dests[v[i]] = self.pages.index(d[0]) + 1
        for k in node.get("/Kids", []):
            self.name_tree(self.obj(k))

    def height(self, i):
        return float(self.obj(self.pages[i])["/MediaBox"][3])

    def links(self, i):
        """Page i's links (0-based): (top-down rect, destination page);
        a link over several pieces (its /QuadPoints: a reference that
        wraps, one annotation) gives one a piece, in order."""
        out = []
        for a in self.obj(self.obj(self.pages[i]).get("/Annots", [])):
            a = self.obj(a)
            if a.get("/Subtype") != "/Link":
                continue
            d = a.get("/Dest")
            if isinstance(d, str):
                page = self.dests.get(d)
            elif isinstance(d, list):
                page = self.pages.index(d[0]) + 1
            else:
                page = None
            h = self.height(i)
            q = [float(v) for v in a.get("/QuadPoints", [])]
            if q and len(q) % 8 == 0:
                for k in range(0, len(q), 8):
                    xs, ys = q[k:k + 8:2], q[k + 1:k + 8:2]
                    out.append(((min(xs), h - max(ys), max(xs),
                                 h - min(ys)), page))
                continue
            x0, y0, x1, y1 = (float(v) for v in a["/Rect"])
            out.append(((x0, h - y1, x1, h - y0), page))
        return out

    def annots(self, i):
        """The number of page i's link annotations."""
        return sum(1 for a in self.obj(self.obj(self.pages[i]).get(
            "/Annots", [])) if self.obj(a).get("/Subtype") == "/Link")

    def read_words(self, path):
        xml = subprocess.run(["pdftotext", "-bbox-layout", path, "-"],
                             check=True, capture_output=True).stdout
        xml = re.sub(rb"<!DOCTYPE[^>]*>", b"", xml)
        tree = ET.fromstring(xml)
        pages = []
        for p in tree.iter("{http://www.w3.org/1999/xhtml}page"):
            lines = []
            for ln in p.iter("{http://www.w3.org/1999/xhtml}line"):
                lines.append([(w.text or "", float(w.get("xMin")),
                               float(w.get("yMin")), float(w.get("xMax")),
                               float(w.get("yMax")))
                              for w in ln.iter(
                                  "{http://www.w3.org/1999/xhtml}word")])
            pages.append(lines)
        return pages

    def text(self, i):
        return " ".join(w[0] for ln in self.words[i] for w in ln)

    def under(self, i, r):
        """The words of page i whose centre lies in rect r."""
        return [w[0] for ln in self.words[i] for w in ln
                if r[0] - 1 <= (w[1] + w[3]) / 2 <= r[2] + 1 and
                r[1] - 1 <= (w[2] + w[4]) / 2 <= r[3] + 1]

    def outlines(self):
        o = self.root.get("/Outlines")
        return 0 if o is None else abs(int(self.obj(o).get("/Count", 0)))


def index_page(pdf):
    for i in range(len(pdf.pages)):
        if pdf.links(i):
            return i
    fail("no page has a link")


def check_index(pdf):
    i = index_page(pdf)
    links = pdf.links(i)
    n = 0
    for ln in pdf.words[i]:
        text = " ".join(w[0] for w in ln)
        # The folio ("Game · 2") is no entry.
        if not ln or not ln[-1][0].isdigit() or "\u00b7" in text:
            continue
        n += 1
        cx = (ln[0][1] + ln[-1][3]) / 2
        cy = (ln[0][2] + ln[0][4]) / 2
        hit = [p for r, p in links
               if r[0] <= cx <= r[2] and r[1] <= cy <= r[3]]
        if len(hit) != 1:
            fail("page %d: entry '%s' is under %d links" %
                 (i + 1, text, len(hit)))
        if hit[0] != int(ln[-1][0]):
            fail("page %d: entry '%s' links to page %s" %
                 (i + 1, text, hit[0]))
    if n == 0 or n != len(links):
        fail("page %d: %d entries, %d links" % (i + 1, n, len(links)))
    print("index %d" % n)


def refs_of(md):
    """The [[card:ID]] of the Markdown in order; \\[[ is none."""
    src = open(md, encoding="utf-8").read()
    return [m.group(2) for m in
            re.finditer(r"(\\.|\[\[card:([^\]\n]+)\]\])", src) if m.group(2)]


def check_refs(pdf, md, csvpath, column):
    with open(csvpath, encoding="utf-8-sig", newline="") as f:
        titles = {r["id"]: r[column] for r in csv.DictReader(f)}
    links = []
    for i in range(index_page(pdf) + 1, len(pdf.pages)):
        links += [(i, r, p) for r, p in pdf.links(i)]
    ids = refs_of(md)
    k = 0
    for n, cid in enumerate(ids):
        want = fold(titles[cid])
        got, dest = "", None
        # A reference that wraps is a link a line, to one page.
        while k < len(links) and want.startswith(got) and got != want:
            i, r, p = links[k]
            if dest is not None and p != dest:
                break
            dest = p
            got += fold("".join(pdf.under(i, r)))
            k += 1
        if got != want:
            fail("reference %d ([[card:%s]]): the link covers '%s', not "
                 "'%s'" % (n + 1, cid, got, titles[cid]))
        if dest is None or want not in fold(pdf.text(dest - 1)):
            fail("reference %d ([[card:%s]]) goes to page %s, which does "
                 "not print '%s'" % (n + 1, cid, dest, titles[cid]))
    if k != len(links):
        fail("%d links after the index, %d of them references" %
             (len(links), k))
    print("refs %d" % len(ids))


def main(argv):
    if len(argv) >= 2 and argv[0] == "count":
        pdf = Pdf(argv[1])
        print("links %d outlines %d" %
              (sum(pdf.annots(i) for i in range(len(pdf.pages))),
               pdf.outlines()))
    elif len(argv) == 2 and argv[0] == "index":
        check_index(Pdf(argv[1]))
    elif len(argv) == 5 and argv[0] == "refs":
        check_refs(Pdf(argv[1]), argv[2], argv[3], argv[4])
    elif len(argv) == 5 and argv[0] == "pack":
        pdf = Pdf(argv[1])
        check_index(pdf)
        check_refs(pdf, argv[2], argv[3], argv[4])
        if pdf.outlines() == 0:
            fail("no outline")
        print("outlines %d" % pdf.outlines())
    else:
        fail(__doc__)


def batch():
    for line in sys.stdin:
        out, *args = line.split()
        rc = 0
        with open(out, "w", encoding="utf-8") as f, \
                contextlib.redirect_stdout(f):
            try:
                main(args)
            except SystemExit as e:
                # as sys.exit() would end python3
                if isinstance(e.code, int) or e.code is None:
                    rc = e.code or 0
                else:
                    print(e.code)
                    rc = 1
            except Exception:
                # as python3 would say it, and exit 1
                traceback.print_exc(file=f)
                rc = 1
        with open(out + ".rc", "w", encoding="utf-8") as f:
            f.write("%d\n" % rc)


if sys.argv[1:] == ["batch"]:
    batch()
else:
    main(sys.argv[1:])
