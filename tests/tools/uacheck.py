#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check a PDF against the machine-checkable checkpoints of PDF/UA-1.

uacheck.py PDF...
    For each PDF, one line per checkpoint: "PASS ID NAME" or
    "FAIL ID NAME: WHAT (N times)", then "PDF: N failed".  Exit status 1
    if any checkpoint failed in any PDF, 2 if a PDF cannot be read.
uacheck.py --each PDF...
    The same report of each PDF written to PDF.ua instead (none for a
    PDF that cannot be read), and "PDF: N failed" (or "PDF: unreadable:
    WHY") printed: many PDFs checked in one process, which costs more
    to start than to check one.  The same exit status.
uacheck.py --list
    The checkpoints, one a line: ID and NAME.

There is no PDF/UA validator in Debian or npm, so this is the test
suite's own, after the Matterhorn protocol 1.1's failure conditions
that a program can decide (issue 38).  It reads the PDF with qpdf
(--json; streams inflated here, or decoded by qpdf where they are more
than deflated) and parses the content streams itself:

  01-content   every painting operator (text, path, image, form,
               shading) is inside a marked-content sequence with an
               MCID, or inside an /Artifact one (Matterhorn 01-003,
               01-004); artifacts hold no tagged content (01-001)
  01-mcid      every MCID shown is owned by a structure element, and
               every MCID an element claims is shown (01-005, 01-006)
  01-group     no marked content belongs directly to a grouping element
               (Document, Part, Art, Sect, Div): text is in paragraphs,
               headings, lists ... (ISO 32000-1 14.8.4.2; a document
               whose pages are each one run of text under Document has
               no structure a reader can use)
  02-rolemap   every structure type is standard or role-mapped to a
               standard one, standard types are not remapped, no
               circular mapping (02-001 .. 02-004)
  06-xmp       the catalog has an XMP /Metadata stream with dc:title
               and pdfuaid:part 1 (06-001 .. 06-003)
  07-title     /ViewerPreferences /DisplayDocTitle true (07-001)
  08-marked    /MarkInfo /Marked true, no /Suspects true (01-002)
  09-table     Table holds TR/THead/TBody/TFoot/Caption; these hold TR;
               TR holds TH/TD (09-004, 09-005)
  09-list      L holds LI/Caption/L; LI holds Lbl/LBody (09-005)
  11-lang      the catalog's /Lang is a non-empty language tag (11-006)
  13-alt       every Figure has non-empty /Alt or /ActualText (13-004)
  14-head      numbered headings (H1 ..) and H are not mixed (14-006,
               14-007), the first numbered heading is H1 (14-002), no
               level is skipped on the way down (14-003)
  15-scope     every TH has a /Scope in a Table attribute, or /Headers
               are used (15-003)
  28-link      every Link annotation has non-empty /Contents (28-004)
               and a /StructParent (28-002) that the parent tree maps to
               a Link element holding an OBJR to it (28-011), and that
               element holds text of its own (its marked content shows
               text)
  28-tabs      a page with annotations has /Tabs /S (28-008)
  31-fonts     every font used is embedded (31-009; Type3 needs none)
               and has a /ToUnicode map (31-027) that maps every code
               shown (31-028: no code without Unicode)
  ptree        the parent tree is consistent: each page's
               /StructParents entry lists, at index MCID, the element
               that owns it; no two pages or annotations share a key
"""
import base64
import json
import re
import subprocess
import sys
import traceback
import zlib

CHECKS = [
    ("01-content", "content tagged or artifact"),
    ("01-mcid", "marked content and structure agree"),
    ("01-group", "no content directly in a grouping element"),
    ("02-rolemap", "structure types standard or role-mapped"),
    ("06-xmp", "XMP metadata with dc:title and pdfuaid:part"),
    ("07-title", "DisplayDocTitle"),
    ("08-marked", "MarkInfo Marked"),
    ("09-table", "table structure"),
    ("09-list", "list structure"),
    ("11-lang", "document language"),
    ("13-alt", "figures have alternate text"),
    ("14-head", "heading levels"),
    ("15-scope", "table headers have a scope"),
    ("28-link", "links: Contents, StructParent, Link element, OBJR, text"),
    ("28-tabs", "tab order of pages with annotations"),
    ("31-fonts", "fonts embedded with complete ToUnicode"),
    ("ptree", "parent tree consistent"),
]

# ISO 32000-1, 14.8.4: the standard structure types.
STANDARD = set("""Document Part Art Sect Div BlockQuote Caption TOC TOCI
Index NonStruct Private P H H1 H2 H3 H4 H5 H6 L LI Lbl LBody Table TR TH
TD THead TBody TFoot Span Quote Note Reference BibEntry Code Link Annot
Ruby RB RT RP Warichu WT WP Figure Formula Form""".split())

PAINT = {"Tj", "TJ", "'", '"', "S", "s", "f", "F", "f*", "B", "B*", "b",
         "b*", "Do", "sh", "BI"}
TEXT = {"Tj", "TJ", "'", '"'}


class Report:
    def __init__(self):
        self.fails = {}

    def fail(self, cid, what):
        self.fails.setdefault(cid, {}).setdefault(what, 0)
        self.fails[cid][what] += 1


# --- reading the PDF ------------------------------------------------------

class Unreadable(Exception):
    pass


class Encoded(Exception):
    """A stream Doc.data() leaves to qpdf to decode."""


def load(pdf, encoded=False):
    """pdf's objects, as qpdf's JSON has them; Unreadable if qpdf
    cannot read it.  encoded: its streams' data as they are in the file
    (a third of the JSON: qpdf writes and Python reads it faster), for
    Doc.data() to inflate; Encoded where qpdf says anything."""
    out = subprocess.run(
        ["qpdf", "--json", "--json-key=qpdf", "--json-stream-data=inline",
         "--decode-level=" + ("none" if encoded else "generalized"), pdf],
        capture_output=True)
    if encoded and out.returncode != 0:
        raise Encoded()
    if out.returncode not in (0, 3):
        raise Unreadable(out.stderr.decode(errors="replace").strip())
    return json.loads(out.stdout)["qpdf"][1]


class Doc:
    def __init__(self, objs, encoded=False):
        self.objs = objs
        self.encoded = encoded
        self.ops = {}
        self.forms = {}

    def form_ops(self, ref):
        """The operations of form XObject ref's content, read once: a
        card back drawn on every back page is one form, scanned as
        often as it is drawn."""
        if ref not in self.ops:
            data = self.data(ref)
            self.ops[ref] = None if data is None else content_ops(data)
        return self.ops[ref]

    def get(self, v):
        """v, or what it refers to (a dictionary, or a stream's dict)."""
        if isinstance(v, str) and v.endswith(" R"):
            o = self.objs.get("obj:" + v, {})
            if "value" in o:
                return o["value"]
            if "stream" in o:
                return o["stream"]["dict"]
            return None
        return v

    def data(self, ref):
        o = self.objs.get("obj:" + ref, {}) if isinstance(ref, str) else {}
        s = o.get("stream", {})
        d = s.get("data")
        if not self.encoded:
            return base64.b64decode(d) if d is not None else None
        # Read encoded: a stream with no filter is its data; one with
        # /FlateDecode alone, no /DecodeParms, and whole (zlib's end,
        # nothing after it) is what qpdf's inflate makes of it; any
        # other is Encoded, and the PDF checked again as qpdf decodes
        # it.  (Decoded, qpdf leaves /Filter and /DecodeParms out of the
        # stream's dictionary: the checker reads neither.)
        if d is None:
            raise Encoded()
        data = base64.b64decode(d)
        f = s.get("dict", {}).get("/Filter")
        if f is None:
            return data
        if f not in ("/FlateDecode", ["/FlateDecode"]) or \
                "/DecodeParms" in s.get("dict", {}):
            raise Encoded()
        z = zlib.decompressobj()
        try:
            out = z.decompress(data)
        except zlib.error:
            raise Encoded()
        if not z.eof or z.unused_data:
            raise Encoded()
        return out

    def catalog(self):
        for o in self.objs.values():
            v = o.get("value")
            if isinstance(v, dict) and v.get("/Type") == "/Catalog":
                return v
        return {}

    def pages(self):
        """The pages' references, in order."""
        out = []

        def walk(ref, depth):
            n = self.get(ref)
            if not isinstance(n, dict) or depth > 64:
                return
            if n.get("/Type") == "/Pages" or "/Kids" in n:
                for k in n.get("/Kids", []):
                    walk(k, depth + 1)
            else:
                out.append(ref)
        walk(self.catalog().get("/Pages"), 0)
        return out


def text_of(v):
    if isinstance(v, str) and v[:2] in ("u:", "b:"):
        v = v[2:]
    return v if isinstance(v, str) else ""


def as_list(v):
    return v if isinstance(v, list) else [] if v is None else [v]


# --- content streams -------------------------------------------------------

TOKEN = re.compile(rb"""
    (?P<ws>[\x00\t\n\f\r ]+|%[^\r\n]*)
  | (?P<str>\()
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<dopen><<) | (?P<dclose>>>)
  | (?P<aopen>\[) | (?P<aclose>\])
  | (?P<name>/[^\x00\t\n\f\r ()<>\[\]{}/%]*)
  | (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<op>[^\x00\t\n\f\r ()<>\[\]{}/%]+)
""", re.X)


# A literal string with no backslash, nested three deep: its bytes are
# what is between its parentheses.
_PLAIN = rb"[^()\\]*+"
for _ in range(3):
    _PLAIN = rb"(?:[^()\\]++|\(" + _PLAIN + rb"\))*+"
PLAIN = re.compile(rb"\((" + _PLAIN + rb")\)")


def literal(buf, i):
    """The literal string starting after '(' at i: (bytes, next)."""
    m = PLAIN.match(buf, i - 1)
    if m:
        return m.group(1), m.end()
    out = bytearray()
    depth = 1
    n = len(buf)
    while i < n:
        c = buf[i]
        if c == 0x5C:       # backslash
            i += 1
            if i >= n:
                break
            e = buf[i]
            if 0x30 <= e <= 0x37:
                j = i
                while j < n and j < i + 3 and 0x30 <= buf[j] <= 0x37:
                    j += 1
                out.append(int(buf[i:j], 8) & 0xFF)
                i = j
                continue
            if e in b"\r\n":
                i += 1
                if e == 0x0D and i < n and buf[i] == 0x0A:
                    i += 1
                continue
            out.append({0x6E: 10, 0x72: 13, 0x74: 9, 0x62: 8,
                        0x66: 12}.get(e, e))
            i += 1
            continue
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), i + 1
        out.append(c)
        i += 1
    return bytes(out), i


# The operands most content streams give the operators scan() reads,
# matched whole: a string (Tj), an array of strings and numbers (TJ), a
# name and a number (Tf), a name alone (BMC, Do) or with a dictionary
# of one entry, a number or a string (BDC: an MCID, an ActualText).
# Strings with no backslash or parenthesis, hexadecimal ones with no
# space; a name is followed by a space before a number, as TOKEN would
# end it there; a number is followed by no digit or ".", so that each
# is matched one way only (no backtracking over ways to split "1234")
# and is the one TOKEN reads.  What FAST matches is what
# operands_tokens() reads there; anything else is read by it.
_WS = rb"[\x00\t\n\f\r ]"
_NUM = rb"[+-]?(?:\d+\.?\d*|\.\d+)(?![\d.])"
_NAME = rb"/[^\x00\t\n\f\r ()<>\[\]{}/%]*"
_STR = rb"\((?P<%ss>[^()\\]*)\)|<(?P<%sh>[0-9A-Fa-f]*)>"
ITEM = re.compile((_STR % (b"", b"")) + rb"|(?P<n>" + _NUM + rb")")
FAST = re.compile(
    _WS + rb"*(?:" + (_STR % (b"", b"")) +
    rb"|\[(?P<a>(?:" + _WS + rb"*(?:" + (_STR % (b"a", b"a")) + rb"|" + _NUM +
    rb"))*)" + _WS + rb"*\]" +
    rb"|(?P<name>" + _NAME + rb")(?:" + _WS + rb"+(?P<n>" + _NUM + rb")" +
    rb"|" + _WS + rb"*<<" + _WS + rb"*(?P<k>" + _NAME + rb")(?:" + _WS +
    rb"+(?P<vn>" + _NUM + rb")|" + _WS + rb"*(?:" + (_STR % (b"v", b"v")) +
    rb"))" + _WS + rb"*>>)?)" + _WS + rb"*")


def _hex(h):
    return bytes.fromhex((h + b"0" if len(h) % 2 else h).decode())


def _value(m, p):
    """The number or string FAST or ITEM matched in groups named p..."""
    if m[p + "n"] is not None:
        return ("#", float(m[p + "n"]))
    if m[p + "s"] is not None:
        return ("s", m[p + "s"])
    return ("s", _hex(m[p + "h"]))


def operands(buf, i, n):
    """The operands in buf[i:n], between two operators, as parsed
    objects: ("s", bytes), ("#", float), ("n", name), ("d", dict),
    ("a", list), ("k", keyword)."""
    m = FAST.fullmatch(buf, i, n)
    if m is None:
        return operands_tokens(buf, i, n)
    if m["s"] is not None or m["h"] is not None:
        return [_value(m, "")]
    if m["a"] is not None:
        return [("a", [_value(x, "") for x in ITEM.finditer(m["a"])])]
    name = ("n", m["name"].decode("latin1"))
    if m["n"] is not None:
        return [name, ("#", float(m["n"]))]
    if m["k"] is not None:
        return [name, ("d", {m["k"].decode("latin1"): _value(m, "v")})]
    return [name]


def operands_tokens(buf, i, n):
    """operands(), a token at a time."""
    stack = [[]]
    while i < n:
        m = TOKEN.match(buf, i, n)
        if not m:
            i += 1
            continue
        kind = m.lastgroup
        i = m.end()
        if kind == "ws":
            continue
        if kind == "str":
            s, i = literal(buf, i)
            stack[-1].append(("s", s))
        elif kind == "hex":
            h = re.sub(rb"\s", b"", m.group()[1:-1])
            if len(h) % 2:
                h += b"0"
            stack[-1].append(("s", bytes.fromhex(h.decode())))
        elif kind in ("dopen", "aopen"):
            stack.append([])
        elif kind in ("dclose", "aclose"):
            items = stack.pop() if len(stack) > 1 else []
            if kind == "dclose":
                d = {}
                for k in range(0, len(items) - 1, 2):
                    if items[k][0] == "n":
                        d[items[k][1]] = items[k + 1]
                stack[-1].append(("d", d))
            else:
                stack[-1].append(("a", items))
        elif kind == "name":
            stack[-1].append(("n", m.group().decode("latin1")))
        elif kind == "num":
            stack[-1].append(("#", float(m.group())))
        else:
            # only true, false and null: the scanner ends the run of
            # operands at any other operator
            stack[-1].append(("k", m.group().decode("latin1")))
    return stack[-1]


# The operators scan() acts on; the others (paths' points, colours,
# text positions: most of a content stream) and their operands are
# stepped over in C, by STEP.
SEEN = {"BDC", "BMC", "EMC", "Tf"} | PAINT
# The operators whose operands scan() reads.
ARGS = {"BDC", "BMC", "Tf", "Do"} | TEXT

# One match of STEP steps over what comes before the next operator in
# SEEN (args: its operands), token by token as TOKEN reads them: the
# same alternatives in the same order, possessive, so each token is
# what TOKEN finds there, and "true", "false", "null" operands, as
# operands() has them.  A literal string is matched whole,
# nested three deep; one nested deeper or never closed stops the match
# at its "(" (lstr) and literal() steps over it.  A character TOKEN
# finds nothing at (")", "{", "}", a lone "<" or ">") is skipped, as
# operands() skips it.
_DELIM = rb"\x00\t\n\f\r ()<>\[\]{}/%"
_OPC = rb"[^" + _DELIM + rb"]"
_BAL = rb"(?:[^()\\]++|\\.)*+"
for _ in range(3):
    _BAL = rb"(?:[^()\\]++|\\.|\(" + _BAL + rb"\))*+"
_OPERAND = rb"""(?:[\x00\t\n\f\r ]++|%[^\r\n]*+
      | \(""" + _BAL + rb"""\)
      | <[0-9A-Fa-f\s]*+>
      | << | >> | \[ | \]
      | /""" + _OPC + rb"""*+
      | [+-]?(?:\d+\.?\d*|\.\d+)
      | (?:true|false|null)(?!""" + _OPC + rb""")
      | [)<>{}]
    )"""
_SEEN = b"|".join(re.escape(o.encode()) for o in
                  sorted(SEEN, key=len, reverse=True))
STEP = re.compile(rb"""
    (?:""" + _OPERAND + rb"""*+
       (?!(?:""" + _SEEN + rb""")(?!""" + _OPC + rb"""))""" + _OPC + rb"""++
    )*+
    (?P<args>""" + _OPERAND + rb"""*+)
    (?:(?P<op>""" + _OPC + rb"""++)|(?P<lstr>\())?
""", re.X | re.S)


def step_operations(buf):
    """Yield (operator, operands) of a content stream's operators in
    SEEN, the operands those since the operator before, of any kind;
    they are () for an operator not in ARGS."""
    i = 0          # where the scanner is
    start = 0      # where the operands of the next operator begin
    n = len(buf)
    while i < n:
        m = STEP.match(buf, i)
        if m.start("args") > i:    # an operator not in SEEN was passed
            start = m.start("args")
        last = m.lastgroup
        if last == "lstr":
            _, i = literal(buf, m.end())
            continue
        if last != "op":
            if m.end() != n:
                raise ValueError("content stream not tokenized at %d"
                                 % m.end())
            return
        op = m.group("op").decode("latin1")
        i = m.end()
        args = operands(buf, start, m.start("op")) if op in ARGS else ()
        if op == "BI":
            # inline image: its dictionary, ID, data up to EI
            e = re.compile(rb"\sEI(?=[\s]|$)").search(buf, i)
            i = e.end() if e else n
        start = i
        yield op, args


def token_operations(buf):
    """step_operations(), a token at a time as operands() reads them:
    slower, for a Python whose re mistakes STEP's possessive
    quantifiers (3.11.2, Debian 12's, skips "/Artifact BMC")."""
    i = 0
    start = 0
    n = len(buf)
    while i < n:
        m = TOKEN.match(buf, i)
        if not m:
            i += 1
            continue
        kind = m.lastgroup
        if kind == "str":
            _, i = literal(buf, m.end())
            continue
        i = m.end()
        if kind != "op":
            continue
        op = m.group().decode("latin1")
        if op in ("true", "false", "null"):
            continue
        if op not in SEEN:
            start = i
            continue
        args = operands(buf, start, m.start()) if op in ARGS else ()
        if op == "BI":
            e = re.compile(rb"\sEI(?=[\s]|$)").search(buf, i)
            i = e.end() if e else n
        start = i
        yield op, args


def _step_sound():
    """STEP finds in a few streams what TOKEN finds there."""
    for buf in (b"/Artifact BMC\nEMC\n", b"BT /f-0-0 1 Tf (a) Tj ET\n",
                b"q 1 0 0 1 0 0 cm /P <</MCID 3>> BDC 0 0 m 1 1 l S EMC Q"):
        if list(step_operations(buf)) != list(token_operations(buf)):
            return False
    return True


operations = step_operations if _step_sound() else token_operations

# Content streams' events by their bytes, for every PDF a process
# checks: --each reads PDFs that draw the same pages (one game's packs
# duplex long, short, none and fold, its cards; a pack and its copies
# broken each in one checkpoint), half their content bytes a stream
# read before.  The events are a function of the bytes alone, and
# scan() only reads them.
_OPS = {}


def events(ops):
    """ops, as scan() reads them: ("B", op, tag, property) a BDC or
    BMC (property its second operand, or None), ("E",) an EMC, ("F",
    name) a Tf of a font name, and ("P", n, text, strings, name) n
    painting operators in a row, none of them Do (name None), or one Do
    (name the XObject's, or None), text whether a text operator is one
    of them, strings what their operands show.  A run of painting
    operators is one event: between two others the marked content
    they are in and the font do not change, and what each adds to the
    page's Marked is the same for each but the strings (a page draws
    many paths and lines of text in a row, each scanned again on every
    page that draws the same content)."""
    out = []
    n = 0            # painting operators since the last event
    text = False
    strs = []
    for op, args in ops:
        if op in PAINT and op != "Do":
            n += 1
            if op in TEXT:
                text = True
                for kind, v in args:
                    if kind == "s":
                        strs.append(v)
                    elif kind == "a":
                        strs.extend(x[1] for x in v if x[0] == "s")
            continue
        if n:
            out.append(("P", n, text, tuple(strs), None))
            n = 0
            text = False
            strs = []
        if op in ("BDC", "BMC"):
            tag = args[0][1] if args and args[0][0] == "n" else None
            out.append(("B", op, tag,
                        args[1] if op == "BDC" and len(args) > 1 else None))
        elif op == "EMC":
            out.append(("E",))
        elif op == "Tf":
            if args and args[0][0] == "n":
                out.append(("F", args[0][1]))
        elif op == "Do":
            out.append(("P", 1, False, (),
                        args[0][1] if args and args[0][0] == "n" else None))
    if n:
        out.append(("P", n, text, tuple(strs), None))
    return out


def content_ops(buf):
    """events(operations(buf)), read once a process."""
    ops = _OPS.get(buf)
    if ops is None:
        ops = _OPS[buf] = events(operations(buf))
    return ops


class Marked:
    """What a page's content shows, as its marked content says."""

    def __init__(self):
        self.mcids = {}          # MCID -> does it show text
        self.untagged = 0        # painting outside content and artifact
        self.tagged_in_artifact = 0
        self.fonts_used = {}     # font dict ref or key -> set of codes


def scan(doc, buf, res, page_mark, depth=0, inherited=None, ops=None):
    """Scan content buf (or its events, ops) with resources res into
    page_mark."""
    stack = list(inherited or [])   # ("mcid", n) / ("artifact",) / ("other",)
    font = None
    res = doc.get(res) or {}
    fonts = doc.get(res.get("/Font")) or {}
    xobjs = doc.get(res.get("/XObject")) or {}
    props = doc.get(res.get("/Properties")) or {}
    for ev in content_ops(buf) if ops is None else ops:
        kind = ev[0]
        if kind == "B":
            _, op, tag, p = ev
            mcid = None
            if p is not None:
                d = p[1] if p[0] == "d" else None
                if p[0] == "n":
                    pd = doc.get(props.get(p[1]))
                    d = {k: ("#", v) for k, v in pd.items()} if \
                        isinstance(pd, dict) else None
                if d and "/MCID" in d:
                    mcid = int(d["/MCID"][1])
            if tag == "/Artifact":
                if any(s[0] == "mcid" for s in stack):
                    page_mark.tagged_in_artifact += 1
                stack.append(("artifact",))
            elif mcid is not None:
                if any(s[0] == "artifact" for s in stack):
                    page_mark.tagged_in_artifact += 1
                page_mark.mcids.setdefault(mcid, False)
                stack.append(("mcid", mcid))
            else:
                stack.append(("other",))
        elif kind == "E":
            if stack:
                stack.pop()
        elif kind == "F":
            font = ev[1]
        else:
            _, n, text, strs, name = ev
            if not any(s[0] in ("mcid", "artifact") for s in stack):
                page_mark.untagged += n
            if text:
                for s in stack:
                    if s[0] == "mcid":
                        page_mark.mcids[s[1]] = True
                if font is not None:
                    key = (id(fonts), font, repr(fonts.get(font)))
                    page_mark.fonts_used.setdefault(key, set()).update(strs)
                    page_mark.fonts_used.setdefault("_refs", {})[key] = \
                        fonts.get(font)
            if name is not None and depth < 16:
                ref = xobjs.get(name)
                x = doc.get(ref)
                if isinstance(x, dict) and x.get("/Subtype") == "/Form":
                    fops = doc.form_ops(ref)
                    if fops is not None:
                        # What a form shows is a function of its
                        # content, its resources, the marked content
                        # it is drawn in and its depth: a card back
                        # drawn on every back page is scanned once.
                        # (Resources kept, so that their id is not
                        # another's.)
                        r = x.get("/Resources", res)
                        key = (ref, id(r), tuple(stack), depth)
                        done = doc.forms.get(key)
                        if done is not None and done[0] is r:
                            sub = done[1]
                        else:
                            sub = Marked()
                            scan(doc, None, r, sub, depth + 1, stack, fops)
                            doc.forms[key] = (r, sub)
                        # what the form paints is marked by the page
                        for k, v in sub.mcids.items():
                            page_mark.mcids[k] = page_mark.mcids.get(
                                k, False) or v
                        page_mark.tagged_in_artifact += \
                            sub.tagged_in_artifact
                        page_mark.untagged += sub.untagged
                        for k, v in sub.fonts_used.items():
                            if k == "_refs":
                                page_mark.fonts_used.setdefault(
                                    "_refs", {}).update(v)
                            else:
                                page_mark.fonts_used.setdefault(
                                    k, set()).update(v)
    return page_mark


def page_content(doc, pref):
    p = doc.get(pref)
    out = b""
    for c in as_list(p.get("/Contents")):
        d = doc.data(c)
        if d is not None:
            out += d + b"\n"
    return out


# --- fonts -------------------------------------------------------------

def cmap_codes(data):
    """The codes a ToUnicode CMap maps: {code bytes: unicode text}."""
    out = {}
    text = data.decode("latin1")
    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for a, b in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>",
                               block):
            out[bytes.fromhex(a)] = b
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for a, b, rest in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]*>)",
                block):
            lo, hi, w = int(a, 16), int(b, 16), len(a) // 2
            if rest.startswith("["):
                dst = re.findall(r"<([0-9A-Fa-f]*)>", rest)
                for k in range(lo, hi + 1):
                    if k - lo < len(dst):
                        out[k.to_bytes(w, "big")] = dst[k - lo]
            else:
                start = int(rest[1:-1] or "0", 16)
                for k in range(lo, min(hi, lo + 65535) + 1):
                    out[k.to_bytes(w, "big")] = "%04X" % (start + k - lo)
    return out


# ToUnicode CMaps by their bytes, for every PDF a process checks (one
# game's PDFs embed the same subsets): the codes each maps, and by code
# width the strings shown whose every code it maps.
_CMAPS = {}


def check_font(doc, fref, codes, rep):
    f = doc.get(fref)
    if not isinstance(f, dict):
        return
    sub = f.get("/Subtype")
    width = 2 if sub == "/Type0" else 1
    if sub != "/Type3":
        desc = f
        if sub == "/Type0":
            kids = as_list(f.get("/DescendantFonts"))
            desc = doc.get(kids[0]) if kids else {}
            if isinstance(desc, list):
                desc = doc.get(desc[0])
        fd = doc.get((desc or {}).get("/FontDescriptor")) or {}
        if not any(k in fd for k in ("/FontFile", "/FontFile2",
                                     "/FontFile3")):
            rep.fail("31-fonts", "font %s not embedded" %
                     text_of(f.get("/BaseFont", "?")))
    tu = f.get("/ToUnicode")
    if tu is None:
        rep.fail("31-fonts", "font %s has no ToUnicode" %
                 text_of(f.get("/BaseFont", "?")))
        return
    data = doc.data(tu)
    if data is None:
        rep.fail("31-fonts", "ToUnicode not readable")
        return
    cm, by_width = _CMAPS.get(data) or _CMAPS.setdefault(
        data, (cmap_codes(data), {}))
    whole = by_width.setdefault(width, set())
    for s in codes:
        if s in whole:
            continue
        unmapped = False
        for k in range(0, len(s) - width + 1, width):
            c = s[k:k + width]
            if not cm.get(c):
                unmapped = True
                rep.fail("31-fonts", "code %s of %s has no Unicode" % (
                    c.hex(), text_of(f.get("/BaseFont", "?"))))
        if not unmapped:
            whole.add(s)


# --- the structure tree ------------------------------------------------------

def number_tree(doc, node, out, depth=0):
    node = doc.get(node)
    if not isinstance(node, dict) or depth > 32:
        return
    nums = node.get("/Nums", [])
    for k in range(0, len(nums) - 1, 2):
        if nums[k] in out:
            out[nums[k]] = ("dup", out[nums[k]])
        else:
            out[nums[k]] = nums[k + 1]
    for kid in as_list(node.get("/Kids")):
        number_tree(doc, kid, out, depth + 1)


def role(rolemap, s, seen=None):
    """The standard type s maps to, or None."""
    seen = seen or set()
    while s not in STANDARD:
        if s in seen or s not in rolemap:
            return None
        seen.add(s)
        s = rolemap[s]
    return s


def elements(doc, root):
    """Structure elements in document order: (ref, dict, parent type)."""
    out = []

    def walk(ref, depth):
        if depth > 256:
            return
        for k in as_list(doc.get(ref).get("/K") if isinstance(
                doc.get(ref), dict) else None):
            if isinstance(k, str) and k.endswith(" R"):
                e = doc.get(k)
                if isinstance(e, dict) and "/S" in e and e.get(
                        "/Type", "/StructElem") == "/StructElem":
                    out.append((k, e))
                    walk(k, depth + 1)
    walk(root, 0)
    return out


def kid_types(doc, e, rolemap):
    out = []
    for k in as_list(e.get("/K")):
        d = doc.get(k)
        if isinstance(d, dict) and "/S" in d:
            out.append(role(rolemap, d["/S"][1:]) or d["/S"][1:])
    return out


def attrs(doc, e):
    out = []
    for a in as_list(e.get("/A")):
        a = doc.get(a)
        if isinstance(a, dict):
            out.append(a)
    return out


def check(pdf):
    """pdf's Report: read with its streams encoded, or, where one is
    not inflated as qpdf would (Encoded), as qpdf decodes them."""
    try:
        return check_doc(Doc(load(pdf, True), True))
    except Encoded:
        return check_doc(Doc(load(pdf)))


def check_doc(doc):
    rep = Report()
    cat = doc.catalog()
    pages = doc.pages()

    # 06, 07, 08, 11: the catalog
    meta = doc.data(cat.get("/Metadata")) if isinstance(
        cat.get("/Metadata"), str) else None
    if meta is None:
        rep.fail("06-xmp", "no XMP metadata")
    else:
        x = meta.decode("utf-8", "replace")
        if not re.search(r"pdfuaid:part(>\s*1\s*<|=\"1\")", x):
            rep.fail("06-xmp", "no pdfuaid:part 1")
        if not re.search(r"<dc:title>.*?<rdf:li[^>]*>\s*[^<\s]", x, re.S):
            rep.fail("06-xmp", "no dc:title")
    vp = doc.get(cat.get("/ViewerPreferences")) or {}
    if vp.get("/DisplayDocTitle") is not True:
        rep.fail("07-title", "DisplayDocTitle not true")
    mi = doc.get(cat.get("/MarkInfo")) or {}
    if mi.get("/Marked") is not True:
        rep.fail("08-marked", "MarkInfo Marked not true")
    if mi.get("/Suspects") is True:
        rep.fail("08-marked", "Suspects true")
    if not re.match(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$",
                    text_of(cat.get("/Lang", ""))):
        rep.fail("11-lang", "no /Lang")

    # the structure tree
    root = doc.get(cat.get("/StructTreeRoot"))
    if not isinstance(root, dict):
        rep.fail("01-mcid", "no structure tree")
        root = {}
    rolemap = {k[1:]: v[1:] for k, v in (doc.get(root.get("/RoleMap"))
                                          or {}).items()
               if isinstance(v, str)}
    for k, v in rolemap.items():
        if k in STANDARD:
            rep.fail("02-rolemap", "standard type %s remapped" % k)
        elif role(rolemap, k) is None:
            rep.fail("02-rolemap", "%s maps to no standard type" % k)
    els = elements(doc, cat.get("/StructTreeRoot"))
    owned = {}        # (page ref, mcid) -> element ref
    claims = {}       # element ref -> [(page, mcid)]
    heads = []
    for ref, e in els:
        s = e["/S"][1:]
        t = role(rolemap, s)
        if t is None:
            rep.fail("02-rolemap", "type %s is not standard" % s)
            t = s
        pg = e.get("/Pg")
        for k in as_list(e.get("/K")):
            m = None
            if isinstance(k, (int, float)) and not isinstance(k, bool):
                m = (pg, int(k))
            elif isinstance(k, dict) and "/MCID" in k:
                m = (k.get("/Pg", pg), int(k["/MCID"]))
            if m is not None:
                if t in ("Document", "Part", "Art", "Sect", "Div"):
                    rep.fail("01-group", "marked content directly in %s" % t)
                if m in owned:
                    rep.fail("01-mcid", "an MCID owned twice")
                owned[m] = ref
                claims.setdefault(ref, []).append(m)
        if t == "Figure" and not (text_of(e.get("/Alt", "")).strip() or
                                  text_of(e.get("/ActualText", "")).strip()):
            rep.fail("13-alt", "a Figure without /Alt")
        if re.fullmatch(r"H[1-6]?", t):
            heads.append(t)
        kt = kid_types(doc, e, rolemap)
        if t == "Table":
            for x in kt:
                if x not in ("TR", "THead", "TBody", "TFoot", "Caption"):
                    rep.fail("09-table", "%s in a Table" % x)
        elif t in ("THead", "TBody", "TFoot"):
            for x in kt:
                if x != "TR":
                    rep.fail("09-table", "%s in a %s" % (x, t))
        elif t == "TR":
            for x in kt:
                if x not in ("TH", "TD"):
                    rep.fail("09-table", "%s in a TR" % x)
        elif t == "L":
            for x in kt:
                if x not in ("LI", "Caption", "L"):
                    rep.fail("09-list", "%s in an L" % x)
        elif t == "LI":
            for x in kt:
                if x not in ("Lbl", "LBody"):
                    rep.fail("09-list", "%s in an LI" % x)
        if t in ("TR", "TH", "TD", "THead", "TBody", "TFoot"):
            par = doc.get(e.get("/P"))
            pt = role(rolemap, par.get("/S", "/")[1:]) if isinstance(
                par, dict) else None
            want = {"TR": ("Table", "THead", "TBody", "TFoot"),
                    "TH": ("TR",), "TD": ("TR",), "THead": ("Table",),
                    "TBody": ("Table",), "TFoot": ("Table",)}[t]
            if pt not in want:
                rep.fail("09-table", "%s in a %s" % (t, pt))
        if t in ("LI",):
            par = doc.get(e.get("/P"))
            pt = role(rolemap, par.get("/S", "/")[1:]) if isinstance(
                par, dict) else None
            if pt != "L":
                rep.fail("09-list", "LI in a %s" % pt)
        if t == "TH" and "/Headers" not in str(attrs(doc, e)):
            if not any(a.get("/O") == "/Table" and a.get("/Scope") in (
                    "/Row", "/Column", "/Both") for a in attrs(doc, e)):
                rep.fail("15-scope", "a TH without /Scope")
    if "H" in heads and any(h != "H" for h in heads):
        rep.fail("14-head", "H and numbered headings in one document")
    num = [int(h[1]) for h in heads if h != "H"]
    if num and num[0] != 1:
        rep.fail("14-head", "the first heading is H%d" % num[0])
    for a, b in zip(num, num[1:]):
        if b > a + 1:
            rep.fail("14-head", "H%d after H%d" % (b, a))

    # the parent tree
    ptree = {}
    number_tree(doc, root.get("/ParentTree"), ptree)
    for k, v in ptree.items():
        if isinstance(v, tuple):
            rep.fail("ptree", "key %s twice" % k)

    # pages: content, MCIDs, annotations
    fonts = {}
    shown = set()
    keys = {}
    page_text = {}     # (page, MCID) -> does it show text
    for pref in pages:
        p = doc.get(pref)
        mark = scan(doc, page_content(doc, pref), p.get("/Resources"),
                    Marked())
        if mark.untagged:
            rep.fail("01-content", "%d painting operators neither content "
                     "nor artifact" % mark.untagged)
        if mark.tagged_in_artifact:
            rep.fail("01-content", "tagged content inside an artifact")
        for k, v in mark.fonts_used.items():
            if k == "_refs":
                continue
            fonts.setdefault(repr(k[2]), [mark.fonts_used["_refs"][k],
                                          set()])[1].update(v)
        sp = p.get("/StructParents")
        if mark.mcids and sp is None:
            rep.fail("ptree", "a page with MCIDs has no /StructParents")
        if sp is not None:
            if sp in keys:
                rep.fail("ptree", "/StructParents %s used twice" % sp)
            keys[sp] = pref
        arr = ptree.get(sp) if sp is not None else None
        arr = doc.get(arr) if isinstance(arr, str) else arr
        for mcid, has_text in mark.mcids.items():
            shown.add((pref, mcid))
            el = owned.get((pref, mcid))
            if el is None:
                rep.fail("01-mcid", "MCID shown but owned by no element")
            if not isinstance(arr, list) or mcid >= len(arr) or \
                    arr[mcid] != el:
                rep.fail("ptree", "parent tree entry wrong for an MCID")
        annots = [a for a in as_list(doc.get(p.get("/Annots")))]
        if annots and p.get("/Tabs") != "/S":
            rep.fail("28-tabs", "a page with annotations has no /Tabs /S")
        for aref in annots:
            a = doc.get(aref)
            if not isinstance(a, dict) or a.get("/Subtype") != "/Link":
                continue
            if not text_of(a.get("/Contents", "")).strip():
                rep.fail("28-link", "a Link annotation has no /Contents")
            k = a.get("/StructParent")
            if k is None:
                rep.fail("28-link", "a Link annotation has no /StructParent")
                continue
            if k in keys:
                rep.fail("ptree", "/StructParent %s used twice" % k)
            keys[k] = aref
            el = ptree.get(k)
            e = doc.get(el) if isinstance(el, str) else None
            if not isinstance(e, dict) or role(
                    rolemap, e.get("/S", "/")[1:]) != "Link":
                rep.fail("28-link", "a Link annotation's element is no Link")
                continue
            objr = [x for x in as_list(e.get("/K"))
                    if isinstance(doc.get(x), dict) and
                    doc.get(x).get("/Type") == "/OBJR" and
                    doc.get(x).get("/Obj") == aref]
            if not objr:
                rep.fail("28-link", "a Link element holds no OBJR to its "
                         "annotation")
            if not claims.get(el):
                rep.fail("28-link", "a Link element holds no text")
        for m, t in mark.mcids.items():
            page_text[(pref, m)] = t
    for ref, ms in claims.items():
        for m in ms:
            if m not in shown:
                rep.fail("01-mcid", "an element claims an MCID not shown")
    # a Link element's marked content must show text
    for ref, e in els:
        if role(rolemap, e["/S"][1:]) == "Link":
            ms = claims.get(ref, [])
            if ms and not any(page_text.get(m) for m in ms):
                rep.fail("28-link", "a Link element's content shows no text")
    for fref, codes in fonts.values():
        check_font(doc, fref, codes, rep)
    return rep


def report(pdf):
    """pdf's report, lines as main() prints them, and its failures."""
    rep = check(pdf)
    out = []
    for cid, name in CHECKS:
        f = rep.fails.get(cid)
        if not f:
            out.append("PASS %s %s" % (cid, name))
        else:
            what = "; ".join("%s (%d times)" % (w, n) if n > 1 else w
                             for w, n in sorted(f.items()))
            out.append("FAIL %s %s: %s" % (cid, name, what))
    out.append("%s: %d failed" % (pdf, len(rep.fails)))
    return out, len(rep.fails)


def main(argv):
    if argv[1:] == ["--list"]:
        for cid, name in CHECKS:
            print(cid, name)
        return 0
    each = argv[1:2] == ["--each"]
    bad = unreadable = 0
    for pdf in argv[1 + each:]:
        try:
            lines, n = report(pdf)
        except Unreadable as e:
            if not each:
                sys.stderr.write("%s\n" % e)
                return 2
            print("%s: unreadable: %s" % (pdf, e))
            unreadable += 1
            continue
        except Exception:
            # one PDF the checker breaks on leaves the others checked
            if not each:
                raise
            print("%s: the checker failed:\n%s" %
                  (pdf, traceback.format_exc()))
            unreadable += 1
            continue
        if each:
            with open(pdf + ".ua", "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            print(lines[-1])
        else:
            print("\n".join(lines))
        bad += n > 0
    return 2 if unreadable else 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
