#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Break one PDF/UA checkpoint of a PDF, for tests/tools/uacheck.py.

uamutate.py CHECKPOINT IN.pdf OUT.pdf
    Writes OUT.pdf: IN.pdf with one defect that checkpoint CHECKPOINT
    (an ID of uacheck.py --list) exists to find, made through qpdf's
    JSON (--json-output, edited, --json-input).  Exit status 3 if
    IN.pdf has nothing to break that way (no table for 15-scope, no
    link for 28-link), 2 on a usage error.
uamutate.py --each IN.pdf PREFIX CHECKPOINT...
    The same for each CHECKPOINT, into PREFIXCHECKPOINT.pdf, IN.pdf
    read once (a process and qpdf's JSON of IN.pdf a mutation cost
    more than the mutation).  A checkpoint that cannot be broken so
    writes PREFIXCHECKPOINT.err, why, instead; exit status 1 if any.

The suite runs each mutation on a PDF that passes the checkpoint and
asks the checker to fail it: so it is known to see each defect.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile
import traceback


def objects(j):
    return j["qpdf"][1]


def val(o, ref):
    e = o.get("obj:" + ref, {})
    return e.get("value", e.get("stream", {}).get("dict"))


def catalog(o):
    for k, e in o.items():
        v = e.get("value")
        if isinstance(v, dict) and v.get("/Type") == "/Catalog":
            return k[4:], v
    sys.exit(3)


def elements(o, s):
    """References of the structure elements of type s, in object order."""
    out = []
    for k, e in o.items():
        v = e.get("value")
        if isinstance(v, dict) and v.get("/S") == s and \
                v.get("/Type", "/StructElem") == "/StructElem":
            out.append(k[4:])
    return sorted(out, key=lambda r: int(r.split()[0]))


def first_page(o):
    _, cat = catalog(o)
    ref = cat["/Pages"]
    while True:
        v = val(o, ref)
        if "/Kids" not in v:
            return ref, v
        ref = v["/Kids"][0]


def pages(o):
    out = []

    def walk(ref):
        v = val(o, ref)
        if "/Kids" in v:
            for k in v["/Kids"]:
                walk(k)
        else:
            out.append((ref, v))
    walk(catalog(o)[1]["/Pages"])
    return out


def content(o, page):
    c = page["/Contents"]
    ref = c[0] if isinstance(c, list) else c
    return o["obj:" + ref]["stream"]


def edit_data(stream, f):
    d = base64.b64decode(stream["data"])
    stream["data"] = base64.b64encode(f(d)).decode()


def annots(o, subtype):
    out = []
    for ref, p in pages(o):
        a = p.get("/Annots", [])
        a = val(o, a) if isinstance(a, str) else a
        for r in a or []:
            v = val(o, r)
            if isinstance(v, dict) and v.get("/Subtype") == subtype:
                out.append((ref, p, r, v))
    return out


def mutate(cid, o):
    cref, cat = catalog(o)
    if cid == "01-content":
        _, p = first_page(o)
        edit_data(content(o, p), lambda d: b"0 0 m 10 10 l S\n" + d)
    elif cid == "01-mcid":
        _, p = first_page(o)
        s = content(o, p)
        d = base64.b64decode(s["data"])
        if b"/MCID 0 " not in d:
            sys.exit(3)
        edit_data(s, lambda d: d.replace(b"/MCID 0 ", b"/MCID 9999 ", 1))
    elif cid == "01-group":
        ps = elements(o, "/P")
        if not ps:
            sys.exit(3)
        val(o, ps[0])["/S"] = "/Div"
    elif cid == "02-rolemap":
        root = val(o, cat["/StructTreeRoot"])
        root["/RoleMap"] = {"/P": "/Span"}
    elif cid == "06-xmp":
        cat.pop("/Metadata", None)
    elif cid == "07-title":
        cat["/ViewerPreferences"] = {"/DisplayDocTitle": False}
    elif cid == "08-marked":
        cat["/MarkInfo"] = {"/Marked": False}
    elif cid == "09-table":
        tr = elements(o, "/TR")
        if not tr:
            sys.exit(3)
        val(o, tr[0])["/S"] = "/P"
    elif cid == "09-list":
        lb = elements(o, "/LBody")
        if not lb:
            sys.exit(3)
        val(o, lb[0])["/S"] = "/P"
    elif cid == "11-lang":
        cat.pop("/Lang", None)
    elif cid == "13-alt":
        ps = elements(o, "/P")
        if not ps:
            sys.exit(3)
        e = val(o, ps[0])
        e["/S"] = "/Figure"
        e.pop("/Alt", None)
    elif cid == "14-head":
        hs = elements(o, "/H2") or elements(o, "/H1")
        if not hs:
            sys.exit(3)
        val(o, hs[0])["/S"] = "/H4"
    elif cid == "15-scope":
        th = elements(o, "/TH")
        if not th:
            sys.exit(3)
        val(o, th[0]).pop("/A", None)
    elif cid == "28-link":
        a = annots(o, "/Link")
        if not a:
            sys.exit(3)
        a[0][3].pop("/Contents", None)
    elif cid == "28-tabs":
        a = annots(o, "/Link")
        if not a:
            sys.exit(3)
        a[0][1].pop("/Tabs", None)
    elif cid == "31-fonts":
        for e in o.values():
            v = e.get("value")
            if isinstance(v, dict) and v.get("/Type") == "/Font" and \
                    "/ToUnicode" in v:
                v.pop("/ToUnicode")
                break
        else:
            sys.exit(3)
    elif cid == "ptree":
        _, p = first_page(o)
        root = val(o, cat["/StructTreeRoot"])
        tree = val(o, root["/ParentTree"])
        nums = tree.get("/Nums")
        if nums is None:
            sys.exit(3)
        k = nums.index(p["/StructParents"])
        arr = nums[k + 1]
        arr = val(o, arr) if isinstance(arr, str) else arr
        if len(arr) < 2 or arr[0] == arr[1]:
            sys.exit(3)
        arr[0], arr[1] = arr[1], arr[0]
    else:
        sys.exit(2)


def qpdf_json(src):
    """src as qpdf's JSON (its text), streams decoded."""
    return subprocess.run(["qpdf", "--json-output",
                           "--decode-level=generalized", src, "-"],
                          check=True, capture_output=True).stdout


def write(j, dst):
    """Write the PDF of qpdf JSON j to dst; qpdf's complaint, or None."""
    # json.dumps, not json.dump: dumps encodes in C, dump a piece at a
    # time in Python (the same text, ~5 times the CPU).
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as t:
        t.write(json.dumps(j))
    try:
        r = subprocess.run(["qpdf", "--json-input", t.name, dst],
                           capture_output=True)
    finally:
        os.unlink(t.name)
    if r.returncode not in (0, 3):
        return r.stderr.decode(errors="replace")
    return None


def each(src, prefix, cids):
    """Each checkpoint of cids broken in src, into PREFIXcid.pdf; where
    one cannot be, why into PREFIXcid.err."""
    out = qpdf_json(src)
    bad = 0
    for cid in cids:
        j = json.loads(out)      # a fresh copy to break
        why = None
        try:
            mutate(cid, objects(j))
        except SystemExit as e:  # mutate() exits 3 (2): nothing to break
            why = "nothing to break (exit %s)" % e.code
        except Exception:        # the others still written
            why = traceback.format_exc()
        if why is None:
            why = write(j, prefix + cid + ".pdf")
        if why is not None:
            with open(prefix + cid + ".err", "w", encoding="utf-8") as f:
                f.write(why + "\n")
            bad += 1
    return 1 if bad else 0


def main(argv):
    if len(argv) >= 4 and argv[1] == "--each":
        return each(argv[2], argv[3], argv[4:])
    if len(argv) != 4:
        sys.stderr.write("usage: uamutate.py CHECKPOINT IN.pdf OUT.pdf\n"
                         "       uamutate.py --each IN.pdf PREFIX "
                         "CHECKPOINT...\n")
        return 2
    cid, src, dst = argv[1:]
    out = qpdf_json(src)
    j = json.loads(out)
    mutate(cid, objects(j))
    why = write(j, dst)
    if why is not None:
        sys.stderr.write(why)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
