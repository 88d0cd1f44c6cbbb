# SPDX-License-Identifier: MIT
# watch --serve's security, with python3's standard library alone
# (tests/run-serve.sh): a foreign Host refused, another site's page
# refused (Sec-Fetch-Site) and no answer embeddable by one (CORP), no
# inline handler in the page (its CSP would block it), paths with ..
# (plain or %2e%2e) and anything but the page's own files and faces
# 404, POST, PUT and others 405, 200 connections at once and the server answering
# after, listening on the loopback only.  Prints "ok - NAME" or
# "not ok - NAME" with why.
#
# usage: python3 security.py PORT
import http.client
import re
import socket
import sys
import time

from tap import say

port = int(sys.argv[1])
HOST = "127.0.0.1:%d" % port


def request(method, path, host=HOST, body=None, headers=None, full=False):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    if host is not None:
        c.putheader("Host", host)
    for k, v in (headers or {}).items():
        c.putheader(k, v)
    if body is not None:
        c.putheader("Content-Length", str(len(body)))
    c.endheaders(body.encode() if body is not None else None)
    r = c.getresponse()
    data = r.read()
    c.close()
    if full:
        return r.status, data, r
    return r.status, data


def raw(req):
    """The status line of a request sent byte for byte (no client
    normalising its path)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(req.encode())
    data = b""
    while b"\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    s.close()
    return data.split(b"\r\n")[0].decode(errors="replace")


st, _ = request("GET", "/")
say(st == 200, "the page answers with Host 127.0.0.1:PORT", "status %d" % st)
for h in ("localhost:%d" % port, "[::1]:%d" % port):
    st, _ = request("GET", "/state.json", host=h)
    say(st == 200, "Host %s is ours" % h.split(":%d" % port)[0], "status %d" % st)
bad = ["evil.example", "evil.example:%d" % port, "127.0.0.1",
       "127.0.0.1:1", "localhost.evil.example:%d" % port, ""]
got = [request("GET", "/state.json", host=h)[0] for h in bad]
say(all(s in (421, 403) for s in got),
    "a foreign or missing Host is refused (DNS rebinding)", "statuses %s" % got)
st, _ = request("GET", "/state.json", host=None)
say(st in (400, 421, 403), "no Host at all is refused", "status %d" % st)

paths = ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
         "/face/../../../etc/passwd", "/face/%2e%2e/%2e%2e/etc/passwd.png",
         "/face/en/../../deck.yaml.png", "/deck.yaml", "/text/en.yaml",
         "/layout.yaml", "/face/en/nosuchcard/front.png",
         "/face/xx/gravity/front.png", "/face/en/gravity/side.png",
         "/face/en/gravity/front.png/..", "/page.js/../../deck.yaml",
         "/etc/passwd", "//etc/passwd", "/state.json/../deck.yaml"]
res = []
for p in paths:
    line = raw("GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n"
               % (p, HOST))
    res.append((p, line))
say(all(" 404 " in l or " 400 " in l for _, l in res),
    "paths with .. or %2e%2e, files of the deck, unknown faces: 404",
    "; ".join("%s -> %s" % r for r in res if " 404 " not in r[1]))
# Nothing a face can name is a file: what is served is the page's
# three files, the state, and PNGs.
st, body = request("GET", "/face/en/gravity/front.png?v=1")
say(st == 200 and body[:8] == b"\x89PNG\r\n\x1a\n",
    "a face is a PNG", "status %d" % st)

# Another site's page embedding a face (<img src=http://127.0.0.1:PORT/
# face/...>) sends our Host: the browser's Sec-Fetch-Site gives it away.
got = {(p, site): request("GET", p, headers={"Sec-Fetch-Site": site})[0]
       for p in ("/face/en/gravity/front.png", "/state.json", "/")
       for site in ("cross-site", "same-site", "Cross-Site")}
say(all(s == 403 for s in got.values()),
    "Sec-Fetch-Site cross-site or same-site: 403", str(got))
got = [request("GET", "/face/en/gravity/front.png",
               headers={"Sec-Fetch-Site": site})[0]
       for site in ("same-origin", "none")]
say(got == [200, 200], "Sec-Fetch-Site same-origin or none: served", str(got))
bad = []
for p in ("/", "/page.js", "/state.json", "/face/en/gravity/front.png",
          "/nothing", "/face/en/nosuchcard/front.png"):
    st, _, r = request("GET", p, full=True)
    if (r.getheader("Cross-Origin-Resource-Policy") != "same-origin" or
            r.getheader("X-Content-Type-Options") != "nosniff"):
        bad.append((p, st))
st, _, r = request("GET", "/", headers={"Sec-Fetch-Site": "cross-site"},
                   full=True)
if r.getheader("Cross-Origin-Resource-Policy") != "same-origin":
    bad.append(("/ refused", st))
say(not bad, "every answer: Cross-Origin-Resource-Policy: same-origin, "
    "X-Content-Type-Options: nosniff", str(bad))

# The page's own CSP (default-src 'self') blocks inline script: no
# handler may be an attribute of its HTML.
st, html = request("GET", "/")
inline = re.findall(rb"<[^>]*\son[a-z]+\s*=[^>]*>", html, re.I)
say(st == 200 and not inline, "the page has no inline handler its CSP "
    "would block", str(inline))

got = {m: request(m, "/", body="x=1" if m in ("POST", "PUT") else None)[0]
       for m in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS")}
say(all(s == 405 for s in got.values()), "only GET and HEAD: others 405",
    str(got))
st, body = request("HEAD", "/state.json")
say(st == 200 and body == b"", "HEAD answers without a body", "status %d" % st)

# 200 connections at once: those past the cap are closed, none takes
# the server down; then it answers again.
socks = []
for _ in range(200):
    try:
        socks.append(socket.create_connection(("127.0.0.1", port), timeout=5))
    except OSError:
        pass
for s in socks:
    try:
        s.sendall(("GET /state.json HTTP/1.1\r\nHost: %s\r\n\r\n" % HOST)
                  .encode())
    except OSError:
        pass
for s in socks:
    s.close()
# Their threads see them closed within moments: the server answers
# again within a few seconds at most.
st, end = 0, time.monotonic() + 5
while st != 200 and time.monotonic() < end:
    try:
        st, _ = request("GET", "/state.json")
    except OSError:
        time.sleep(0.05)
say(st == 200, "200 connections at once, then the server still answers",
    "status %d" % st)


def listening(path, port):
    """The local addresses listening on port in /proc/net/tcp[6]."""
    out = []
    try:
        with open(path) as f:
            next(f)
            for line in f:
                w = line.split()
                addr, p = w[1].split(":")
                if w[3] == "0A" and int(p, 16) == port:
                    out.append(addr)
    except OSError:
        pass
    return out


v4 = listening("/proc/net/tcp", port)
v6 = listening("/proc/net/tcp6", port)
loop4 = "0100007F"
loop6 = "00000000000000000000000001000000"
say(v4 == [loop4] and all(a == loop6 for a in v6),
    "listening on 127.0.0.1 and ::1 only", "v4 %s, v6 %s" % (v4, v6))
