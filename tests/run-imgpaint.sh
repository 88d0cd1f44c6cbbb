#!/bin/sh
# SPDX-License-Identifier: MIT
# covers: images, draft, watch, check, cards, diagnostics
# How images paint (issue 34), measured at 600 dpi on
# tests/decks/imgpaint/paint, whose one card's trim is at (10.5, 16.5)
# mm on the page: opacity from the card's data mixing red into blue,
# a tint recolouring every opaque pixel of a PNG and of an SVG and
# leaving the transparent ones paper, multiply and screen (from data)
# on known colours; opacity 2 and an unknown blend name refused.  Art
# not drawn yet (tests/decks/imgpaint/draft): refused in a final build;
# with --draft, in watch or where the layout says missing: placeholder,
# a crossed box naming the file and one warning per file; check
# counting the missing files.  Prints "ok - NAME" / "not ok - NAME".
T=out/test/imgpaint
. tests/suite.sh
D=tests/decks/imgpaint

# render DECK NAME ARGS...: the deck's PDF $T/NAME.pdf, its first page at
# 600 dpi, unsmoothed, as $T/NAME.ppm.
render() {
	d=$1 n=$2
	shift 2
	$WRAP ./deckpress cards "$d" -o "$T/$n.pdf" "$@" >/dev/null \
	    2>"$T/$n.err" &&
	pdftoppm -r 600 -aa no -aaVector no -f 1 -l 1 -singlefile \
	    "$T/$n.pdf" "$T/$n"
}

# region PPM X0 Y0 X1 Y1 R G B TOL: every pixel of the card's box X0..X1,
# Y0..Y1 (mm from its trim, kept 0.5 mm in from each side: the edges
# are resampled) is R G B to TOL of 255.  Only the box's pixels are
# read, a row at a time, not the page's 105 MB for each box.
region() {
	python3 - "$@" <<'EOF'
import sys
ppm, x0, y0, x1, y1, r, g, b, tol = sys.argv[1:]
f = open(ppm, 'rb')
data = f.read(64)
head = data.split(b'\n', 3)
w, h = map(int, head[1].split())
start = len(data) - len(head[3])
def at(mm, off):
    return int(round((float(mm) + off) / 25.4 * 600))
want = (int(r), int(g), int(b))
# A channel's byte -> 1 if within TOL of its wanted value: a row's
# pixels tested at C speed, each channel as a big number of 0/1 bytes,
# the three ANDed (1: the pixel is right).
ok = [bytes(1 if abs(v - c) <= int(tol) else 0 for v in range(256))
      for c in want]
xa, xb = at(x0, 11), at(x1, 10)
n = bad = 0
worst = None
for y in range(at(y0, 17), at(y1, 16)):
    if xb <= xa:
        continue
    f.seek(start + (y * w + xa) * 3)
    row = f.read((xb - xa) * 3)
    m = [int.from_bytes(row[k::3].translate(ok[k]), 'big') for k in range(3)]
    good = (m[0] & m[1] & m[2]).to_bytes(xb - xa, 'big')
    n += xb - xa
    if good.count(1) < xb - xa:
        bad += xb - xa - good.count(1)
        if worst is None:
            x = xa + good.index(0)
            i = (x - xa) * 3
            worst = (x, y, tuple(row[i:i + 3]))
if n == 0 or bad:
    print("%d of %d pixels off %s, first %s" % (bad, n, want, worst))
    sys.exit(1)
EOF
}

# --- paint: opacity, tint, blend ------------------------------------
P=$T/paint.ppm
check "imgpaint: the paint deck renders" render "$D/paint" paint
# 0.5 of red (255, 0, 0) over blue (0, 0, 255): (127.5, 0, 127.5).
check "imgpaint: opacity \"{alpha}\" 0.5 mixes red half into blue, to 2/255" \
    region "$P" 4 4 20 20 128 0 128 2
check "imgpaint: a tint \"{ink}\" recolours every opaque pixel of a PNG" \
    region "$P" 24 4 32 20 0 160 0 0
check "imgpaint: ... and leaves its transparent pixels paper" \
    region "$P" 32 4 40 20 255 255 255 0
check "imgpaint: a tint recolours every opaque pixel of an SVG" \
    region "$P" 44 4 52 20 160 0 0 0
check "imgpaint: ... and leaves its transparent area paper" \
    region "$P" 52 4 60 20 255 255 255 0
# Multiply: (0, 1, 1) x (1, 1, 0) = (0, 1, 0).
check "imgpaint: blend: multiply of cyan into yellow is green" \
    region "$P" 4 24 20 40 0 255 0 2
# Screen: 1 - (1 - 128/255)^2 = 0.752: 191.75.
check "imgpaint: blend \"{mode}\" screen of grey over the same grey is 192" \
    region "$P" 24 24 40 40 192 192 192 2
check "imgpaint: blend: normal, opacity 1 paint the image as it is" \
    region "$P" 44 24 60 40 255 0 0 1
check "imgpaint: the blend is PDF's own, /BM /Multiply and /Screen" sh -c '
    qpdf --qdf --object-streams=disable "$1" "$1.qdf" &&
    grep -q "/BM /Multiply" "$1.qdf" && grep -q "/BM /Screen" "$1.qdf"
    ' sh "$T/paint.pdf"

# bad TAG FROM TO FILE LINE: a copy of the paint deck with sed s|FROM|TO|
# in FILE is refused: exit 1, stderr LINE then the count, no PDF.
bad() {
	rm -rf "${T:?}/$1"
	cp -R "$D/paint" "$T/$1"
	sed -i "s|$2|$3|" "$T/$1/$4"
	dp "$1" cards "$T/$1" -o "$T/$1.pdf"
	printf '%s\n1 error, 0 warnings\n' "$5" | sed "s|DECK|$T/$1|" \
	    >"$T/$1.want"
	exits "$1" 1 && diff "$T/$1.want" "$T/$1.err" &&
	    [ ! -e "$T/$1.pdf" ] && [ ! -s "$T/$1.out" ]
}
check "imgpaint: a card's opacity of 2: an error at the element naming the card" \
    bad op2 'alpha: "0.5"' 'alpha: "2"' deck.yaml \
    "DECK/layout.yaml:7:15: error: card 'one': opacity \"{alpha}\" is 2 (allowed 0 to 1)"
check "imgpaint: opacity: 2 in the layout: an error at its value" \
    bad op2lit 'opacity: 1}' 'opacity: 2}' layout.yaml \
    "DECK/layout.yaml:25:44: error: opacity must be from 0 to 1, not 2"
check "imgpaint: an unknown blend: did you mean the nearest" \
    bad blend 'blend: multiply' 'blend: multipy' layout.yaml \
    "DECK/layout.yaml:17:27: error: unknown blend 'multipy'; did you mean 'multiply'?"
check "imgpaint: a card's unknown blend: the same, naming the card" \
    bad blendcard 'mode: screen' 'mode: scren' deck.yaml \
    "DECK/layout.yaml:21:27: error: card 'one': unknown blend 'scren'; did you mean 'screen'?"
check "imgpaint: a card's tint that is no colour: an error at its value" \
    bad tint 'ink: "#00a000"' 'ink: nope' deck.yaml \
    "DECK/deck.yaml:12:34: error: card 'one': ink 'nope' is not a colour like \"#1d2733\" nor a name of the layout's palette
DECK/layout.yaml:10:5: note: used by this element"

# --- placeholders ------------------------------------------------------
G=$D/draft
err_of() {
	printf "%s:3:25: $2: card '%s': image %s/art/%s.png does not exist%s\n" \
	    "$1/layout.yaml" ghost "$1" ghost "$3" \
	    "$1/layout.yaml" later "$1" later "$3"
}
dp final cards "$G" -o "$T/final.pdf"
{ err_of "$G" error ""; echo "2 errors, 0 warnings"; } >"$T/final.want"
check "imgpaint: a final build refuses missing art: exit 1, each file an error" \
    sh -c '[ "$(cat "$1/final.rc")" = 1 ] &&
    diff "$1/final.want" "$1/final.err" && [ ! -e "$1/final.pdf" ]' sh "$T"

check "imgpaint: cards --draft prints missing art as placeholders" \
    render "$G" draft --draft
{ err_of "$G" warning "; drawn as a placeholder"
  echo "0 errors, 2 warnings"; } >"$T/draft.want"
check "imgpaint: ... each missing file warned of once (two files, four uses)" \
    diff "$T/draft.want" "$T/draft.err"
check "imgpaint: ... each placeholder names its file (pdftotext)" sh -c '
    pdftotext "$1" - >"$1.txt" &&
    [ "$(grep -c "^ghost\.png$" "$1.txt")" = 4 ] &&
    [ "$(grep -c "^later\.png$" "$1.txt")" = 2 ]' sh "$T/draft.pdf"
# Card ghost is the second on the sheet: its trim at (73.5, 16.5) mm.
# Its placeholder is a light grey box outlined in a darker grey: the
# outline on the box's edges, light grey inside, paper outside.
check "imgpaint: ... a grey box on the element's box, outlined and crossed" \
    sh -c 'python3 - "$1" <<"EOF"
import sys
# (Only the 9 pixels read, not the whole 105 MB page.)
f = open(sys.argv[1], "rb")
data = f.read(64)
head = data.split(b"\n", 3)
w = int(head[1].split()[0])
start = len(data) - len(head[3])
def at(x, y):
    i = (int(round((x + 73.5) / 25.4 * 600)) +
        int(round((y + 16.5) / 25.4 * 600)) * w) * 3
    f.seek(start + i)
    return tuple(f.read(3))
# The box is 6..57 x 6..40 mm: a diagonal passes (16.2, 12.8).
want = {(6.05, 20): 153, (56.95, 20): 153, (30, 6.05): 153,
    (30, 39.95): 153, (16.2, 12.8): 153, (10, 10): 229, (50, 30): 229,
    (5.8, 20): 255, (57.2, 20): 255}
bad = [(k, at(*k), v) for k, v in want.items()
    if max(abs(c - v) for c in at(*k)) > 1]
if bad:
    print(bad)
    sys.exit(1)
EOF' sh "$T/draft.ppm"
check "imgpaint: a finished deck prints the same bytes with --draft or without" \
    sh -c '$WRAP ./deckpress cards "$1" -o "$2/a.pdf" >/dev/null 2>&1 &&
    $WRAP ./deckpress cards "$1" --draft -o "$2/b.pdf" >/dev/null 2>&1 &&
    cmp "$2/a.pdf" "$2/b.pdf"' sh "$D/paint" "$T"

# missing: placeholder in the layout, on one of the two elements.
A=$T/allowed
cp -R "$G" "$A"
sed -i 's|fit: cover}|fit: cover, missing: placeholder}|' "$A/layout.yaml"
dp allowed1 cards "$A" -o "$T/allowed1.pdf"
check "imgpaint: missing: placeholder on one element: the other still refuses" \
    sh -c '[ "$(cat "$1.rc")" = 1 ] && [ ! -e "$1.pdf" ] &&
    grep -q "layout.yaml:4:25: error: card .ghost.: image .*ghost.png does not exist$" "$1.err" &&
    grep -q "layout.yaml:3:25: warning: card .ghost.: image .*ghost.png does not exist; drawn as a placeholder$" "$1.err"' \
    sh "$T/allowed1"
sed -i 's|size_pt: \[8, 12\]}|size_pt: [8, 12]}|;
    s|box_mm: \[6, 44, 20, 20\]}|box_mm: [6, 44, 20, 20], missing: placeholder}|' \
    "$A/layout.yaml"
dp allowed2 cards "$A" -o "$T/allowed2.pdf"
check "imgpaint: missing: placeholder on both: printed without --draft, warned of" \
    sh -c '[ "$(cat "$1.rc")" = 0 ] &&
    [ "$(grep -c "warning: .*does not exist; drawn as a placeholder" "$1.err")" = 2 ] &&
    pdftotext "$1.pdf" - | grep -q "^later\.png$"' sh "$T/allowed2"

# check counts the files.
dp chk check "$G"
check "imgpaint: check counts the missing files: images: 2 files missing" \
    sh -c '[ "$(cat "$1.rc")" = 1 ] &&
    grep -qx "images: 2 files missing" "$1.out"' sh "$T/chk"
dp chkjson check "$G" --json
check "imgpaint: check --json: \"images\": {\"missing\": 2}" \
    sh -c 'grep -qx "\"images\": {\"missing\": 2}," "$1.out"' sh "$T/chkjson"
dp chkclean check "$D/paint"
check "imgpaint: check of a deck with all its art: no images line" \
    sh -c '[ "$(cat "$1.rc")" = 0 ] && ! grep -q "^images:" "$1.out"' \
    sh "$T/chkclean"

# watch: the first build prints placeholders.  Started here, stopped
# here by its own pid.
W=$T/watched
cp -R "$G" "$W"
# In the foreground, timeout sends no SIGCONT after the signal it
# passes on (run-watch.sh says why).
# shellcheck disable=SC2086
env --default-signal=INT timeout --foreground -s KILL 60 $WRAP \
    ./deckpress watch "$W" -o "$T/watch.pdf" >"$T/watch.out" \
    2>"$T/watch.err" &
wpid=$!
n=0
while [ $n -lt 600 ] && ! grep -q " built " "$T/watch.out" 2>/dev/null; do
	sleep 0.1
	n=$((n + 1))
done
kill -TERM "$wpid" 2>/dev/null || true
wait "$wpid" 2>/dev/null || true
check "imgpaint: watch builds with missing art as placeholders, warned of" \
    sh -c 'grep -q " built .*watch.pdf" "$1.out" &&
    grep -q "ghost.png does not exist; drawn as a placeholder" "$1.err" &&
    pdftotext "$1.pdf" - | grep -q "^ghost\.png$"' sh "$T/watch"

summary "imgpaint"
