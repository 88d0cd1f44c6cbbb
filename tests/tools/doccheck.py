# SPDX-License-Identifier: MIT
"""
The manuals' features against the tests that cover them, for
tests/run-docs.sh (issue 31).  Reads the commands and options of
deckpress(1) and the files, key groups, element types and LIMITS of
deckpress(5) from their mdoc, the vocabulary and the feature table of
tests/README.md, and the "covers:" line of every shell suite
(tests/run-*.sh but run-all.sh) and unit program (tests/unit/test_*.c);
prints each problem on a line of its own and exits 1 if there is one.
The rule is written at the top of tests/README.md's feature table.

usage: python3 tests/tools/doccheck.py [--list] [--readme FILE]
           [--man1 FILE] [--man5 FILE] [--tests DIR]

  --list    print the features the manuals document, one a line, and
            nothing else
"""
import glob
import os
import re
import sys

MACRO = re.compile(r"^[A-Z][a-z][a-z]?$")


def words(line):
    """The words of an mdoc line, its leading dot and macro included."""
    return line.lstrip(".").split()


def flags(tokens):
    """The options of every Fl in tokens: '-l', '--lang'."""
    out = []
    i = 0
    while i < len(tokens):
        if tokens[i] != "Fl":
            i += 1
            continue
        i += 1
        while i < len(tokens) and not MACRO.match(tokens[i]):
            t = tokens[i]
            if t not in (",", "|", "...") and re.match(r"^-?[A-Za-z]", t):
                out.append("-" + t)
            i += 1
    return out


def text_of(tokens):
    """The words of a line less its macros and delimiters."""
    return " ".join(t for t in tokens if not MACRO.match(t) and
                    t not in (",", "|", "Ns"))


def slug(title):
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def mdoc(lines):
    """Each line of an mdoc page with its words and where it stands: the
    section (.Sh) and subsection (.Ss) it is in and how deep in lists
    (.Bl ... .El); structural says the line is one of those macros."""
    sh = ss = None
    depth = 0
    for line in lines:
        structural = True
        if line.startswith(".Sh "):
            sh, ss, depth = line[4:], None, 0
        elif line.startswith(".Ss "):
            ss = line[4:]
        elif line.startswith(".Bl"):
            depth += 1
        elif line.startswith(".El"):
            depth -= 1
        else:
            structural = False
        yield line, words(line), sh, ss, depth, structural


def man1(path, spellings=None):
    """The features of deckpress(1), in order, each once; spellings, if
    given, gets each option's other spelling ("-l" and "--lang") from
    wherever the manual pairs them."""
    lines = open(path, encoding="utf-8").read().splitlines()
    # Each command's short and long forms, from ".It Fl l , -lang".
    pairs = {}
    cmd = None
    for line, w, sh, ss, depth, structural in mdoc(lines):
        if line.startswith((".Sh ", ".Ss ")):
            cmd = None
        elif structural:
            continue
        elif sh == "DESCRIPTION" and ss is None and depth == 1 and \
                w[:2] == ["It", "Cm"]:
            cmd = w[2]
        elif line.startswith(".It Fl"):
            f = flags(w)
            scope = cmd if ss is None else slug(ss)
            if len(f) == 2 and len(f[0]) == 2 and f[1].startswith("--"):
                pairs.setdefault(scope, {})[f[0]] = f[1]
                if spellings is not None:
                    spellings.setdefault(f[0], set()).add(f[1])
                    spellings.setdefault(f[1], set()).add(f[0])

    items = []

    def add(item):
        if item not in items:
            items.append(item)

    def opt(scope, f):
        f = pairs.get(scope, {}).get(f, f)
        add(f if scope is None else scope + " " + f)

    cmd = None
    for line, w, sh, ss, depth, structural in mdoc(lines):
        if line.startswith(".Sh "):
            cmd = None
            if sh in ("EXIT STATUS", "DIAGNOSTICS"):
                add("(1) " + sh)
            continue
        if sh == "SYNOPSIS":
            if line == ".Nm":
                cmd = None
            elif w[:1] == ["Cm"] and cmd is None:
                cmd = w[1]
                add(cmd)
            else:
                for f in flags(w):
                    opt(cmd, f)
        elif sh == "DESCRIPTION":
            if line.startswith(".Ss "):
                cmd = None
                add("(1) " + ss)
            elif structural:
                continue
            elif ss is None and depth == 1 and w[:2] == ["It", "Cm"]:
                cmd = w[2]
                add(cmd)
                for f in flags(w):
                    opt(cmd, f)
            elif w[:2] == ["It", "Fl"]:
                scope = cmd if ss is None else slug(ss)
                for f in flags(w):
                    opt(scope, f)
        elif sh == "ENVIRONMENT" and w[:2] == ["It", "Ev"]:
            add("env " + w[2])
    return items


def man5(path):
    """The files, key groups, element types and limits of deckpress(5)."""
    items = []
    lines = open(path, encoding="utf-8").read().splitlines()
    for line, w, sh, ss, depth, structural in mdoc(lines):
        if line.startswith(".Sh "):
            if sh == "SECURITY CONSIDERATIONS":
                items.append("(5) " + sh)
        elif line.startswith(".Ss ") and sh == "DESCRIPTION":
            items.append("(5) " + ss)
        elif not structural and depth == 1 and w[:1] == ["It"]:
            if sh == "LIMITS":
                items.append("LIMITS: " + text_of(w[1:]))
            elif ss in ("deck.yaml", "text/LANG.yaml") and w[1] == "Cm":
                items.append(ss + ": " + w[2])
            elif ss in ("Component templates", "Shapes") and w[1] == "Cm":
                items.append("element: " + w[2])
    return items


def covers(path):
    """The keywords of a file's covers line and the line's index (None,
    None if it has none): the first line whose text, less its comment
    marks, begins "covers:", and the lines after it while a line ends
    with a comma."""
    got = at = None
    lines = open(path, encoding="utf-8").read().splitlines()[:30]
    for i, line in enumerate(lines):
        t = re.sub(r"^\s*(#|/\*|\*)\s?", "", line)
        t = re.sub(r"\s*\*/\s*$", "", t).strip()
        if got is None:
            if t.startswith("covers:"):
                got, at = t[len("covers:"):], i
            else:
                continue
        else:
            got += " " + t
        if not got.rstrip().endswith(","):
            break
    if got is None:
        return None, None
    return [k for k in re.split(r"[,\s]+", got) if k], at


def covers_at(path):
    """Where the covers line belongs: after the shebang, and after the
    SPDX line if the file has one."""
    lines = open(path, encoding="utf-8").read().splitlines()[:3]
    i = 1 if lines and lines[0].startswith("#!") else 0
    if len(lines) > i and "SPDX-License-Identifier" in lines[i]:
        i += 1
    return i


def sections(path):
    """tests/README.md: {heading: [table rows as lists of cells]}."""
    out, head = {}, None
    for line in open(path, encoding="utf-8").read().splitlines():
        if line.startswith("## "):
            head = line[3:].strip()
            out[head] = []
        elif head and line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if all(re.match(r"^:?-+:?$", c) for c in cells):
                continue
            out[head].append(cells)
    return out


def ticked(cell):
    return re.findall(r"`([^`]+)`", cell)


def main(argv):
    args = {"--readme": "tests/README.md", "--man1": "src/deckpress.1",
            "--man5": "src/deckpress.5", "--tests": "tests"}
    listing = False
    i = 0
    while i < len(argv):
        if argv[i] == "--list":
            listing = True
            i += 1
        elif argv[i] in args and i + 1 < len(argv):
            args[argv[i]] = argv[i + 1]
            i += 2
        else:
            print(__doc__.strip().splitlines()[-6], file=sys.stderr)
            return 2
    spell = {}
    of5 = man5(args["--man5"])
    features = man1(args["--man1"], spell) + of5
    if listing:
        print("\n".join(features))
        return 0
    tests = args["--tests"]
    bad = []

    # The covers lines.
    files = {}
    for p in sorted(glob.glob(os.path.join(tests, "run-*.sh"))):
        if os.path.basename(p) != "run-all.sh":
            files[os.path.basename(p)] = p
    for p in sorted(glob.glob(os.path.join(tests, "unit", "test_*.c"))):
        files[os.path.basename(p)[:-2]] = p
    cov = {}
    for name, p in files.items():
        c, at = covers(p)
        if c is None:
            bad.append("%s: no covers: line" % name)
        elif at != covers_at(p):
            bad.append("%s: its covers: line is not the line after its "
                       "SPDX line (or shebang)" % name)
        elif not c:
            bad.append("%s: its covers: line names no feature" % name)
        else:
            cov[name] = c

    sec = sections(args["--readme"])
    vocab = {}
    for cells in sec.get("Vocabulary", []):
        k = ticked(cells[0])
        if len(k) == 1 and k[0] != "keyword":
            vocab[k[0]] = True
    if not vocab:
        bad.append("%s: no vocabulary (a table under '## Vocabulary')" %
                   args["--readme"])
    used = set()
    for name, c in cov.items():
        for k in c:
            used.add(k)
            if k not in vocab:
                bad.append("%s: covers '%s', which the vocabulary does not "
                           "define" % (name, k))
    for k in vocab:
        if k not in used:
            bad.append("vocabulary: '%s' is covered by no suite or unit "
                       "program" % k)

    # The feature table.
    rows = [r for h, rs in sec.items() if h.startswith("Features")
            for r in rs]
    mapped = set()
    for cells in rows:
        if len(cells) < 3 or cells[0] == "Feature":
            continue
        items = ticked(cells[0])
        kws = ticked(cells[1]) or [cells[1]]
        names = re.findall(r"[A-Za-z0-9_.-]+", cells[2])
        where = ", ".join("`%s`" % x for x in items) or cells[0]
        if len(kws) != 1 or kws[0] not in vocab:
            bad.append("table: %s: keyword '%s' is not in the vocabulary" %
                       (where, cells[1]))
            continue
        kw = kws[0]
        if not names:
            bad.append("table: %s: no suite or unit program" % where)
            continue
        ok = True
        for n in names:
            if n not in files:
                bad.append("table: %s: no suite or unit program '%s'" %
                           (where, n))
                ok = False
            elif kw not in cov.get(n, []):
                bad.append("table: %s: %s's covers: line lacks '%s'" %
                           (where, n, kw))
                ok = False
        # An option is named by a suite that tests it: in its text, or
        # in the args of its corpus (tests/NAME/*/args of run-NAME.sh).
        for it in items:
            m = re.match(r"^\S+ (-\S+)$", it) or re.match(r"^(--?\S+)$", it)
            if not m or not ok:
                continue
            o = m.group(1)
            forms = [o] + sorted(spell.get(o, ()))
            pat = re.compile(r"(^|[^A-Za-z0-9_-])(%s)([^A-Za-z0-9_-]|$)" %
                             "|".join(re.escape(x) for x in forms), re.M)
            said = False
            for n in names:
                if not n.endswith(".sh"):
                    continue
                srcs = [files[n]] + glob.glob(os.path.join(
                    tests, n[len("run-"):-len(".sh")], "*", "args"))
                if any(pat.search(open(s, encoding="utf-8").read())
                       for s in srcs):
                    said = True
            if not said:
                bad.append("table: `%s`: no suite of its row names %s" %
                           (it, " or ".join(forms)))
        if ok:
            mapped.update(items)
    for f in features:
        if f not in mapped:
            bad.append("table: `%s` (deckpress(%s)) is mapped to no suite" %
                       (f, "5" if f in of5 else "1"))
    for b in bad:
        print("doccheck: " + b)
    if not bad:
        print("doccheck: %d features of deckpress(1) and (5), %d keywords, "
              "%d suites and unit programs" %
              (len(features), len(vocab), len(files)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
