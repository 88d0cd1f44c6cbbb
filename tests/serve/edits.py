# SPDX-License-Identifier: MIT
# watch --serve after edits other than a card's text (tests/run-serve.sh),
# with python3's standard library alone: a layout's fill changed gives
# every face it draws a new version and a new PNG; a card renamed, its
# old faces answer 404 at once (not held for a draw that cannot come)
# and are gone from the table.  Prints "ok - NAME" / "not ok - NAME".
#
# usage: python3 edits.py PORT DECKDIR
import http.client
import json
import sys
import time

import tap
from tap import say

port, deck = int(sys.argv[1]), sys.argv[2]
HOST = "127.0.0.1:%d" % port
def get(path, timeout=10):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    c.request("GET", path, headers={"Host": HOST})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


def state():
    return json.loads(get("/state.json")[1])


def versions(s):
    """{(id, lang): (front version, back version)} of state s."""
    return {(c["id"], l): (e["v"], e["vb"])
            for c in s.get("cards", []) for l, e in c["l"].items()}


def wait(pred, secs=15):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        time.sleep(0.05)
    return None


def edit(path, old, new):
    with open(path) as f:
        s = f.read()
    if old not in s:
        raise ValueError("%s: no %r" % (path, old))
    with open(path, "w") as f:
        f.write(s.replace(old, new))


def face(id, side="front", lang="en", q=""):
    return get("/face/%s/%s/%s.png%s" % (lang, id, side, q))


# A layout's fill: the faces it draws (all three cards', both languages)
# get new versions and new pixels; nothing but the layout changed.
before = versions(state())
png = face("gravity")
edit(deck + "/layout.yaml", 'fill: "#F4EFE1"', 'fill: "#3060C0"')
after = wait(lambda: (lambda v: all(v.get(k, (0, 0))[0] != before[k][0]
                                    for k in before) and v)(versions(state())))
say(after and len(after) == len(before) == 6,
    "a layout's fill edited: every face it draws gets a new version",
    (before, versions(state())))
png2 = face("gravity")
say(png[0] == png2[0] == 200 and png[1] != png2[1],
    "the face drawn again shows the layout's new fill",
    (png[0], png2[0], len(png[1]), len(png2[1])))
edit(deck + "/layout.yaml", 'fill: "#3060C0"', 'fill: "#F4EFE1"')
wait(lambda: face("gravity")[1] == png[1])

# A card renamed: its old faces, drawn or not, 404 at once.
old = face("gravity")
files = [(deck + "/deck.yaml", "{id: gravity,", "{id: gravitas,"),
         (deck + "/text/en.yaml", "  gravity:", "  gravitas:"),
         (deck + "/text/fr.yaml", "  gravity:", "  gravitas:")]
for f, a, b in files:
    edit(f, a, b)
renamed = wait(lambda: (lambda s: any(c["id"] == "gravitas"
                                      for c in s.get("cards", [])) and
                        not s.get("error") and s)(state()))
say(renamed, "a card renamed: the page's state has its new id")
got, t0 = [], time.monotonic()
for q in ("", "?guides=1"):
    for side in ("front", "back"):
        try:
            got.append(face("gravity", side, "en", q, )[0])
        except OSError as e:
            got.append(str(e))
secs = time.monotonic() - t0
say(old[0] == 200 and got == [404] * 4 and secs < 3,
    "the renamed card's old faces: 404 at once", "%s in %.1f s" % (got, secs))
new = face("gravitas")
say(new[0] == 200 and new[1][:4] == b"\x89PNG", "its new face is drawn",
    new[0])
for f, a, b in files:
    edit(f, b, a)
wait(lambda: any(c["id"] == "gravity" for c in state().get("cards", [])))
sys.exit(1 if tap.fails else 0)
