#!/bin/sh
# covers: pod, export, preview
# Print-on-demand (issue 23, parts 3 and 4; issue 35, parts 7 and 8):
# export --for NAME (The Game Crafter, MakePlayingCards) at each
# service's pixel size, kind by kind, a kind it does not make skipped
# with a warning, --fit, --component; --trim, rounded corners
# transparent in exports and previews, every PNG's resolution in its
# pHYs chunk, and preview --guides; export --hand, --showcase and
# --shadow, images for a shop page.  Measured with python3's zlib and
# struct on the PNGs deckpress wrote (no PIL).
# Prints "ok - NAME" / "not ok - NAME".
T=out/test/pod
. tests/suite.sh

D=tests/decks/pod
DC=cards/data-chain

# $T/png.py: what the checks read from a PNG.
cat >"$T/png.py" <<'PY'
import collections, struct, sys, zlib

def read(path):
    b = open(path, 'rb').read()
    assert b[:8] == b'\x89PNG\r\n\x1a\n', path + ': no PNG'
    i, ch = 8, {}
    data = b''
    while i < len(b):
        n, t = struct.unpack('>I4s', b[i:i + 8])
        body = b[i + 8:i + 8 + n]
        if t == b'IDAT':
            data += body
        else:
            ch.setdefault(t.decode(), body)
        i += 12 + n
    w, h, depth, ctype = struct.unpack('>IIBB', ch['IHDR'][:10])
    return w, h, depth, ctype, ch, data

def decoded(path, nrows):
    # The image's width, the bytes a pixel takes (3 or 4) and its
    # first nrows rows, decoded: enough for a corner, and quick.
    w, h, depth, ctype, ch, data = read(path)
    assert depth == 8 and ctype in (2, 6), path + ': not 8-bit RGB(A)'
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompressobj().decompress(data, nrows * (w * bpp + 1))
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    # Alternate bytes of a row, for the Up filter: a mask, its complement.
    lo = int.from_bytes((b'\0\xff' * stride)[:stride], 'big')
    hi = lo ^ ((1 << 8 * stride) - 1)
    for y in range(nrows):
        f = raw[y * (stride + 1)]
        cur = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f in (0, 2):
            # None, or Up (what cairo writes here): each byte plus the
            # one above it, mod 256, summed a row at a time, alternate
            # bytes apart so that no carry reaches the next byte.
            if f == 2:
                a, u = int.from_bytes(cur, 'big'), int.from_bytes(prev, 'big')
                cur = bytearray(((((a & lo) + (u & lo)) & lo) |
                                 (((a & hi) + (u & hi)) & hi)).to_bytes(
                                     stride, 'big'))
            rows.append(bytes(cur))
            prev = cur
            continue
        for x in range(stride):
            a = cur[x - bpp] if x >= bpp else 0
            up = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1: cur[x] = (cur[x] + a) & 255
            elif f == 2: cur[x] = (cur[x] + up) & 255
            elif f == 3: cur[x] = (cur[x] + (a + up) // 2) & 255
            elif f == 4:
                p = a + up - c
                pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
                pr = a if pa <= pb and pa <= pc else up if pb <= pc else c
                cur[x] = (cur[x] + pr) & 255
        rows.append(bytes(cur))
        prev = cur
    return w, bpp, rows

def pixels(path, nrows):
    # The width and the first nrows rows' pixels: px(x, y) is
    # (R, G, B, A).
    w, bpp, rows = decoded(path, nrows)
    def px(x, y):
        r = rows[y][x * bpp:x * bpp + bpp]
        return tuple(r) + ((255,) if bpp == 3 else ())
    return w, px

def answer(argv):
    # A question, argv[1:], answered on standard output.  size, phys
    # and time take any number of PNGs (one question for a folder of
    # them), a line for each, in their order.
    cmd = argv[1]
    for path in argv[2:] if cmd in ('size', 'phys', 'time') else []:
        if cmd == 'size':
            print(*read(path)[:2])
        elif cmd == 'phys':
            ch = read(path)[4]
            if 'pHYs' not in ch:
                print('none')
            else:
                print(*struct.unpack('>IIB', ch['pHYs']))
        else:
            print('tIME' in read(path)[4])
    if cmd == 'row':
        # The longest run of white pixels in row Y.
        path, y = argv[2], int(argv[3])
        w, px = pixels(path, y + 1)
        best = run = 0
        for x in range(w):
            run = run + 1 if px(x, y)[:3] == (255, 255, 255) else 0
            best = max(best, run)
        print(best)
    if cmd == 'count':
        # Its colour type, how many pixels are transparent, how many are
        # black and translucent (a shadow) and the most opaque of those,
        # and how many are each colour RRGGBB given, opaque.
        path, want = argv[2], [tuple(bytes.fromhex(c)) for c in argv[3:]]
        w, h, depth, ctype = read(path)[:4]
        w, bpp, rows = decoded(path, h)
        # Each pixel as px gives it, (R, G, B, A), counted by value: zip
        # and Counter tally them at C's pace, where a loop calling px
        # for each took 0.13 s of CPU an image; then a few thousand
        # colours weighed as px's pixels were one by one.
        tally = collections.Counter()
        for row in rows:
            tally.update(zip(*(row[i::bpp] for i in range(bpp))))
        n = [0] * len(want)
        clear = shade = most = 0
        for p, k in tally.items():
            p += (255,) if bpp == 3 else ()
            clear += k * (p[3] == 0)
            if 0 < p[3] < 255 and p[:3] == (0, 0, 0):
                shade += k
                most = max(most, p[3])
            if p[3] == 255 and p[:3] in want:
                n[want.index(p[:3])] += k
        print(ctype, clear, shade, most, *n)
    if cmd == 'said':
        # Do the PNGs have the sizes, and as many each, that export's
        # summary line in OUT says ("N files at D dpi, W x H px" or
        # "N files at D dpi: N of W x H px, ...")?
        import re
        line = open(argv[2]).read().strip().splitlines()[-1]
        m = re.search(r': (\d+) files? at \d+ dpi, (\d+) x (\d+) px$', line)
        said = collections.Counter()
        if m:
            said[(int(m[2]), int(m[3]))] = int(m[1])
        for n, w, h in re.findall(r'(\d+) of (\d+) x (\d+) px', line):
            said[(int(w), int(h))] += int(n)
        got = collections.Counter(read(p)[:2] for p in argv[3:])
        print('ok' if said and got == said else 'said %s, got %s' % (dict(said), dict(got)))
    if cmd == 'edge':
        path, args = argv[2], [int(a) for a in argv[3:]]
        # The pixels of the top-left N x N corner partly covered: how many,
        # and how many are not R G B as drawn (within what a premultiplied
        # byte keeps at alpha a: 128 / a, and 1), or are transparent but
        # not 0, 0, 0, 0.
        n, r, g, b = args
        w, px = pixels(path, n)
        cnt = bad = 0
        for y in range(n):
            for x in range(n):
                p = px(x, y)
                if 0 < p[3] < 255:
                    cnt += 1
                    bad += any(abs(p[i] - (r, g, b)[i]) > 128 / p[3] + 1
                               for i in range(3))
                bad += p[3] == 0 and p[:3] != (0, 0, 0)
        print(cnt, bad)

# One process answers every question of the suite, where a python3 a
# question took ~10 ms of CPU to start, 39 times: a question is the
# number of its words, then each word on a line of its own; its answer
# the lines it prints, then "png.py: 0", or the error and "png.py: 1".
while True:
    n = sys.stdin.readline()
    if not n:
        break
    argv = ['png.py'] + [sys.stdin.readline()[:-1] for _ in range(int(n))]
    try:
        answer(argv)
        end = 0
    except Exception as e:
        print('png.py %s: %s: %s' % (argv[1:3], type(e).__name__, e))
        end = 1
    print('png.py: %d' % end, flush=True)
PY
# png CMD ARG...: png.py's answer, asked of the one png.py started here
# (py_start); fails, printing why, when png.py did, or is gone.
py_start "$T/png.py" png.py
png() { py_ask "$@"; }
# alpha PNG X Y...: the alpha of each pixel named, out/test/pngsize's.
alpha() { ./out/test/pngsize "$@" | awk 'NR > 1 { printf "%s%s", s, $6; s = " " } END { print "" }'; }
# line X0 Y0 X1 Y1: the points of the line from (X0, Y0) to (X1, Y1),
# a row or a column, as pngsize takes them.
line() {
	awk -v x0="$1" -v y0="$2" -v x1="$3" -v y1="$4" 'BEGIN {
	    for (x = x0; x <= x1; x++) for (y = y0; y <= y1; y++) printf "%d %d ", x, y }'
}
# changed A B X0 Y0 X1 Y1: how many pixels of that line differ between
# PNGs A and B.  Read from $T/changed.a and .b, pngsize's pixels of A
# and B, when those hold them (one pngsize an image for all the lines
# of its checks, made by pixels_of), else read for the line alone.
changed() {
	if [ "$(cat "$T/changed.of" 2>/dev/null)" != "$1 $2" ]; then
		# shellcheck disable=SC2046
		./out/test/pngsize "$1" $(line "$3" "$4" "$5" "$6") \
		    >"$T/changed.a" &&
		    ./out/test/pngsize "$2" $(line "$3" "$4" "$5" "$6") \
		    >"$T/changed.b" || { echo "pngsize failed"; return 0; }
	fi
	awk -v x0="$3" -v y0="$4" -v x1="$5" -v y1="$6" '
	    FNR == 1 || $1 < x0 || $1 > x1 || $2 < y0 || $2 > y1 { next }
	    NR == FNR { p[$1 " " $2] = $0; next }
	    { n += p[$1 " " $2] != $0; seen++ }
	    END { if (seen != (x1 - x0 + 1) * (y1 - y0 + 1)) print "pngsize failed"
		else print n + 0 }' "$T/changed.a" "$T/changed.b"
}
# pixels_of A B LINE...: pngsize's pixels of A and B on every LINE
# ("X0 Y0 X1 Y1"), into $T/changed.a and .b for changed.
pixels_of() {
	a=$1 b=$2
	shift 2
	pts=
	for l; do
		# shellcheck disable=SC2086
		pts="$pts $(line $l)"
	done
	rm -f "$T/changed.of"
	# shellcheck disable=SC2086
	./out/test/pngsize "$a" $pts >"$T/changed.a" &&
	    ./out/test/pngsize "$b" $pts >"$T/changed.b" &&
	    echo "$a $b" >"$T/changed.of"
}

# each_is DIR CMD WANT: every PNG in DIR gives WANT for png CMD (one
# question reads them all, a line each).
each_is() {
	e_dir=$1 e_cmd=$2 e_want=$3
	set -- "$e_dir"/*.png
	[ -e "$1" ] || { echo "no PNG in $e_dir"; return 1; }
	png "$e_cmd" "$@" >"$T/each.got" || { echo "png.py failed"; return 1; }
	printf '%s\n' "$@" >"$T/each.files"
	[ "$(wc -l <"$T/each.got")" -eq $# ] ||
	    { echo "$(wc -l <"$T/each.got") lines for $# PNGs"; return 1; }
	paste "$T/each.files" "$T/each.got" | awk -F '\t' -v c="$e_cmd" \
	    -v w="$e_want" '$2 != w { bad = 1
		printf "%s: %s is \047%s\047, expected \047%s\047\n", $1, c, $2, w }
	    END { exit bad }'
}
is() {
	set -- "$1" "$2" "$3" "$1"/*.png
	[ -e "$4" ] || { echo "no PNG in $1"; return 1; }
	png "$2" "$4" "$@" >"$T/each.got" || { echo "png.py failed"; return 1; }
	shift 3
	printf '%s\n' "$@" >"$T/each.files"
	[ "$(wc -l <"$T/each.got")" -eq $# ] || { echo "$(wc -l <"$T/each.got") lines for $# PNGs"; return 1; }
	paste -d '\t' "$T/each.files" "$T/each.got" | awk -F '\t' -v cmd="$2" -v want="$3" '
	    $2 != want { printf "%s: %s is \047%s\047, expected \047%s\047\n", $1, cmd, $2, want; bad = 1 }
	    END { exit bad }'
}
is() { [ "$1" = "$2" ] || { echo "'$1', expected '$2'"; return 1; }; }
files_are() { is "$(cd "$1" && ls | tr '\n' ' ')" "$2"; }
# fails CODE TEXT CMD...: CMD exits CODE and says TEXT.
fails() {
	code=$1 text=$2
	shift 2
	set +e
	out=$("$@" 2>&1)
	rc=$?
	set -e
	[ "$rc" = "$code" ] || { echo "exit $rc, expected $code: $out"; return 1; }
	case $out in *"$text"*) ;; *) echo "no '$text' in: $out"; return 1 ;; esac
}

ex() { $WRAP ./deckpress export "$@" >/dev/null; }
pv() { $WRAP ./deckpress preview "$@" >/dev/null; }

# The Game Crafter: 825 x 1125 px at 300 dpi, 1/8 in of bleed.
ex $D --lang en -o "$T/tgc" --for thegamecrafter
check "--for thegamecrafter: every PNG 825 x 1125 px" each_is "$T/tgc" size "825 1125"
check "... each with pHYs 300 dpi (11811 px/m, unit metre)" \
    each_is "$T/tgc" phys "11811 11811 1"
check "... and no tIME chunk" each_is "$T/tgc" time False
check "... a file per distinct face, the back a kind shares once" \
    files_are "$T/tgc" "c1-back.png c1-front.png c2-back.png c2-front.png r1-back.png r1-front.png s1-front.png s2-front.png square-back.png "

# Rounded corners: transparent outside, opaque inside.
check "rounded template, with bleed: corner alpha 0, centre 255" \
    is "$(alpha "$T/tgc/r1-front.png" 0 0 824 1124 412 562 412 0)" "0 0 255 255"
ex $D --lang en -o "$T/trim" --trim
check "export --trim at 300 dpi: every PNG 750 x 1050 px" \
    each_is "$T/trim" size "750 1050"
check "... at 300 dpi" each_is "$T/trim" phys "11811 11811 1"
check "rounded template, trimmed: corner alpha 0, centre and edge 255" \
    is "$(alpha "$T/trim/r1-front.png" 0 0 749 0 375 525 0 525)" "0 0 255 255"
check "... its back too" \
    is "$(alpha "$T/trim/r1-back.png" 0 1049 749 1049 375 525)" "0 0 255"
check "a square template keeps its corners" \
    is "$(alpha "$T/trim/s1-front.png" 0 0 749 1049)" "255 255"
check "the corners' edge pixels unpremultiplied: the bleed's grey #808080" \
    is "$(png edge "$T/tgc/r1-front.png" 60 128 128 128 | awk '{ print ($1 > 20) " " $2 }')" "1 0"
# Only the square kind: what is checked is a square template's corner,
# and the round and colour kinds' six more 300 dpi PNGs cost 0.06 s.
ex $D --lang en -o "$T/round" --trim --rounded --component square
check "--rounded: a square template's corners transparent too" \
    is "$(alpha "$T/round/s1-front.png" 0 0 749 1049 375 525)" "0 0 255"

# MakePlayingCards: 822 x 1122 px at 300 dpi, 36 px of bleed.
ex $D --lang en -o "$T/mpc" --for makeplayingcards
check "--for makeplayingcards: every PNG 822 x 1122 px" each_is "$T/mpc" size "822 1122"
check "... at 300 dpi" each_is "$T/mpc" phys "11811 11811 1"

# A landscape poker card: the size turned.
cp -r $D "$T/land"
sed -i 's/^card: poker/size: {width_mm: 88.9, height_mm: 63.5}/' "$T/land/square.yaml"
# s1 and r1 alone, the two measured: s2, c1 and c2 would add five 300
# dpi PNGs (0.05 s of CPU) to a check of one card of each orientation.
sed -i '/id: s2,\|id: c[12],/d' "$T/land/deck.yaml"
ex "$T/land" --lang en -o "$T/land-tgc" --for thegamecrafter
check "a landscape poker card: 1125 x 825 px" \
    is "$(png size "$T/land-tgc/s1-front.png")/$(png size "$T/land-tgc/r1-front.png")" \
    "1125 825/825 1125"

# --component: one kind, in every format but --csv.
ex $D --lang en -o "$T/comp" --for thegamecrafter --component round
check "--for --component round: only its faces" files_are "$T/comp" \
    "r1-back.png r1-front.png "
ex $D --lang en -o "$T/comp-png" --component colour --dpi 100
check "--component colour: only its faces" files_are "$T/comp-png" \
    "c1-back.png c1-front.png c2-back.png c2-front.png "
dp comp-pdf export $D --lang en -o "$T/comp-pdf" --per-card-pdf --component square
check "--per-card-pdf --component square: 3 copies' fronts, 3 pages" \
    is "$(pdfinfo "$T/comp-pdf/pod-en-cards.pdf" | awk '/^Pages:/ { print $2 }')" 6
check "--component that names no kind: exit 2 naming the kinds" \
    fails 2 "the deck has no component 'tile' (it has square, round, colour)" \
    ./deckpress export $D --lang en -o "$T/comp-bad" --component tile
check "... nothing written" test ! -e "$T/comp-bad"
check "--csv with --component: exit 2" fails 2 "no --component" \
    ./deckpress export $D --csv -o "$T/comp.csv" --component round

# deckpress new's game (63 x 88 mm cards, 25 mm round tokens): its
# cards are The Game Crafter's Euro Poker Deck and MakePlayingCards'
# 63 x 88 mm game cards, written with no edit; the tokens are skipped
# with a warning, and with --fit scaled to The Game Crafter's 1 in chit.
(cd "$T" && $WRAP ../../../deckpress new quest >/dev/null)
dp new-tgc export "$T/quest" --lang en -o "$T/new-tgc" --for thegamecrafter
check "new, --for thegamecrafter: exit 0" exits new-tgc 0
check "... its cards written, 825 x 1125 px" each_is "$T/new-tgc" size "825 1125"
check "... at 300 dpi" each_is "$T/new-tgc" phys "11811 11811 1"
check "... the fronts and the shared back of its cards, no token" \
    files_are "$T/new-tgc" "card-back.png first-step-front.png long-road-front.png "
check "... one warning: the tokens, 25 mm, not the 25.4 mm chit, --fit" \
    is "$(grep -c warning: "$T/new-tgc.err")/$(grep -c "token.yaml:.*kind 'token' skipped: it is 25 mm across, The Game Crafter's LargeCircleChit 25.4 mm across: --fit scales it by 101.6 %" "$T/new-tgc.err")" "1/1"
dp new-mpc export "$T/quest" --lang en -o "$T/new-mpc" --for makeplayingcards
check "new, --for makeplayingcards: exit 0, its cards 822 x 1122 px" \
    each_is "$T/new-mpc" size "822 1122"
check "... one warning: MakePlayingCards makes no round tokens" \
    grep -q "warning: kind 'token' skipped: MakePlayingCards makes no round tokens" "$T/new-mpc.err"
dp new-fit export "$T/quest" --lang en -o "$T/new-fit" --for thegamecrafter --fit
check "new, --for thegamecrafter --fit: the scale printed" \
    grep -qx "kind 'token': 25 mm across scaled by 101.6 % to The Game Crafter's LargeCircleChit, 25.4 mm across" "$T/new-fit.out"
check "... no warning" is "$(grep -c warning: "$T/new-fit.err")" 0
check "... the tokens 375 x 375 px (1 in and 1/8 in of bleed each side)" \
    is "$(png size "$T/new-fit/gold-front.png")" "375 375"
check "... the cards 825 x 1125 px" is "$(png size "$T/new-fit/long-road-front.png")" "825 1125"
check "... the token's disc reaches its image's edges, the corners transparent" \
    is "$(alpha "$T/new-fit/gold-front.png" 187 1 187 373 1 187 373 187 0 0 374 374)" \
    "255 255 255 255 0 0"
dp new-no export "$T/quest" --lang en -o "$T/new-no" --for makeplayingcards --component token
check "--component token --for makeplayingcards: nothing to write, exit 1" exits new-no 1
check "... saying so" grep -q "error: nothing to write for MakePlayingCards: the component skipped" "$T/new-no.err"
check "... nothing written" test ! -e "$T/new-no"

# Hex tiles: a flat hex 3.75 in corner to corner is The Game Crafter's
# Large Hex Tile, 1200 x 1050 px, transparent outside its bleed's hex;
# the test game's 40 mm pointy hexes match no product: one warning.
cp -r tests/decks/hex "$T/hex"
sed -i 's/^size: {side_mm: 15}/size: {width: 3.75in}/' "$T/hex/flat.yaml"
# Two of the twelve flat hexes and one of the four sprue cards: each
# costs two 300 dpi PNGs (0.5 s of CPU for all), and what is checked is
# a flat hex's image and the kind skipped, not how many there are.  The
# nine pointy tiles stay: skipped, they cost nothing, and with them the
# warning is the kind's, once, not a card's.
sed -i '/id: f0[3-9],\|id: f1[0-9],\|id: c[2-4],/d' "$T/hex/deck.yaml"
dp hex-tgc export "$T/hex" --lang en -o "$T/hex-tgc" --for thegamecrafter
check "hex tiles --for thegamecrafter: exit 0" exits hex-tgc 0
check "... the flat hexes 1200 x 1050 px (LargeHexTile)" \
    is "$(png size "$T/hex-tgc/f01-front.png")" "1200 1050"
check "... transparent outside the hex, opaque at its edges' middles" \
    is "$(alpha "$T/hex-tgc/f01-front.png" 0 0 1199 1049 600 1 1 525 600 525)" \
    "0 0 255 255 255"
check "... the 40 mm pointy hexes skipped, one warning" \
    is "$(grep -c "kind 'tile' skipped" "$T/hex-tgc.err")" 1
# The copy's pointy tiles are the test game's (only flat.yaml was
# changed): t01 alone, the one measured; the other eight would add 16
# PNGs at 300 dpi (0.07 s of CPU) to a check of how a tile is cut.
sed -i '/id: t0[2-9],/d' "$T/hex/deck.yaml"
ex "$T/hex" --lang en -o "$T/hex-trim" --trim --component tile
check "hex tiles --trim: cut to the hex, transparent at the box's corners" \
    is "$(alpha "$T/hex-trim/t01-front.png" 0 0 471 545 236 2 236 273)" \
    "0 0 255 255"

# Dice and tuck boxes: nets to fold are no product, a warning each; the
# 16 mm sticker die is not the service's sticker size, a warning too;
# the deck's cards are still written.
dp nets-tgc export tests/decks/nets --lang en -o "$T/nets-tgc" --for thegamecrafter
check "dice and a tuck box --for thegamecrafter: exit 0, the cards written" \
    files_are "$T/nets-tgc" "playing-front.png "
check "... the four nets skipped as nets to fold, a warning each" \
    is "$(grep -c "skipped: The Game Crafter makes no nets to fold" "$T/nets-tgc.err")" 4
check "... the sticker die skipped as die stickers of its size" \
    grep -q "kind 'sticker' skipped: The Game Crafter makes no die stickers of 16 x 16 mm" "$T/nets-tgc.err"

# A design a little off a product's size: 62 x 87 mm, skipped with a
# warning naming both sizes and --fit; with --fit, scaled to cover the
# product's trim (101.6 %, the larger of 63/62 and 88/87), centred.
cp -r $D "$T/off"
sed -i 's/^card: poker/size: {width_mm: 62, height_mm: 87}/' "$T/off/square.yaml"
dp off-mpc export "$T/off" --lang en -o "$T/off-mpc" --for makeplayingcards --component square
check "62 x 87 mm --for makeplayingcards: refused, exit 1" exits off-mpc 1
check "... naming both sizes and --fit" grep -q \
    "square.yaml:.*warning: kind 'square' skipped: it is 62 x 87 mm, MakePlayingCards's game card 63 x 88 mm: --fit scales it by 101.6 % to cover that" "$T/off-mpc.err"
check "... nothing written" test ! -e "$T/off-mpc"
dp off-fit export "$T/off" --lang en -o "$T/off-fit" --for makeplayingcards --fit --component square
check "... with --fit: the scale printed" grep -qx \
    "kind 'square': 62 x 87 mm scaled by 101.6 % to MakePlayingCards's game card, 63 x 88 mm" "$T/off-fit.out"
check "... 822 x 1122 px" each_is "$T/off-fit" size "822 1122"
# The white 20 mm square of the design, scaled 101.6 % (63 / 62): 240
# px wide at 300 dpi, measured across its middle row, y = 572 px (the
# trim, 87 mm scaled to 88.4, centred in 1122 px: its top at 39 px; the
# square's centre 44.45 mm scaled below it).
# white_row PNG: the white run across row 572 is 240 px, +- 2.
white_row() {
	n=$(png row "$1" 572)
	[ "$n" -ge 238 ] && [ "$n" -le 242 ] || { echo "$n px"; return 1; }
}
check "... the design scaled, not stretched: the white square 240 px wide" \
    white_row "$T/off-fit/s1-front.png"

# The bundled games with --fit: each kind of the size of a product
# written at its pixel size, the others skipped, the scales printed.
for g in cards/*/; do
	g=${g%/}
	n=${g#cards/}
	for svc in thegamecrafter makeplayingcards; do
		dp "b-$n-$svc" export "$g" --lang en -o "$T/b-$n-$svc" --for $svc --fit
		check "$n --for $svc --fit: exit 0" exits "b-$n-$svc" 0
		check "... each image of a size, as many as, the summary says" \
		    is "$(png said "$T/b-$n-$svc.out" "$T/b-$n-$svc"/*.png)" ok
	done
done
check "Data Chain (63 x 88 mm): The Game Crafter's Euro Poker Deck, 825 x 1125 px" \
    each_is "$T/b-data-chain-thegamecrafter" size "825 1125"
check "... MakePlayingCards' 63 x 88 mm game card, 822 x 1122 px" \
    each_is "$T/b-data-chain-makeplayingcards" size "822 1122"
check "Serious Privacy --for thegamecrafter --fit: the 20 mm tokens scaled 95.2 %, the 26 mm pawns 97.7 %" \
    sh -c 'grep -qx "kind '\''token'\'': 20 mm across scaled by 95.2 % to The Game Crafter'\''s MediumCircleChit, 19.05 mm across" "$1" &&
	grep -qx "kind '\''pawn'\'': 26 mm across scaled by 97.7 % to The Game Crafter'\''s LargeCircleChit, 25.4 mm across" "$1"' sh "$T/b-serious-privacy-thegamecrafter.out"
check "... its tokens 300 x 300 px (3/4 in), its pawns 375 x 375 (1 in)" \
    is "$(png size "$T/b-serious-privacy-thegamecrafter/$(sed -n 's/^ *- {id: \([^,]*\), component: token.*/\1/p' cards/serious-privacy/deck.yaml | head -1)-front.png")/$(png size "$T/b-serious-privacy-thegamecrafter/$(sed -n 's/^ *- {id: \([^,]*\), component: pawn.*/\1/p' cards/serious-privacy/deck.yaml | head -1)-front.png")" \
    "300 300/375 375"
check "... its boards and character sheets skipped, a warning each" \
    is "$(grep -c "warning: kind '\(home\|sector\|character\)' skipped: The Game Crafter makes no" "$T/b-serious-privacy-thegamecrafter.err")" 3
check "... MakePlayingCards: 5 kinds skipped (boards, tokens, pawns, sheets)" \
    is "$(grep -c "warning: kind '[a-z]*' skipped: MakePlayingCards makes no" "$T/b-serious-privacy-makeplayingcards.err")" 5

# Images for a shop page (part 8), at 100 dpi: a poker card's trim is
# 250 x 350 px.  A hand of three chosen cards fanned out on a
# transparent ground: its corners clear, each card's colour there.
dp hand export $D --lang en -o "$T/hand.png" --hand --cards s1,r1,c1 --dpi 100
check "--hand --cards s1,r1,c1: exit 0, saying what it drew" \
    grep -q "hand.png: a hand of 3 cards, [0-9]* x [0-9]* px at 100 dpi" "$T/hand.out"
png count "$T/hand.png" 2060c0 c04020 a0a020 >"$T/hand.count"
check "... a PNG with an alpha channel (colour type 6)" \
    is "$(cut -d' ' -f1 "$T/hand.count")" 6
check "... its corners transparent" \
    is "$(set -- $(png size "$T/hand.png"); alpha "$T/hand.png" 0 0 $(($1 - 1)) 0 0 $(($2 - 1)) $(($1 - 1)) $(($2 - 1)))" "0 0 0 0"
check "... each chosen card's colour there (s1 #2060c0, r1 #c04020, c1 #a0a020)" \
    awk '{ exit !($5 > 1000 && $6 > 1000 && $7 > 1000) }' "$T/hand.count"
# fanned PNG: across the row a third of the way down, s1's #2060c0
# first, c1's #a0a020 after it.
fanned() {
	# shellcheck disable=SC2046
	set -- "$1" $(png size "$1")
	y=$(($3 / 3))
	# shellcheck disable=SC2046
	./out/test/pngsize "$1" $(awk -v y=$y 'BEGIN { for (x = 0; x < 700; x += 4) printf "%d %d ", x, y }') |
	awk 'NR > 1 && $3 == 32 && $4 == 96 && $5 == 192 && !b { b = $1 }
	     NR > 1 && $3 == 160 && $4 == 160 && $5 == 32 { c = $1 }
	     END { exit !(b && c && b < c) }'
}
check "... the first card turned left, the last right: the first's colour left of the last's" \
    fanned "$T/hand.png"
dp hand-kind export $D --lang en -o "$T/hand-kind.png" --hand --cards s1 --component round
check "--hand --cards with --component: a card of another kind, exit 2, nothing written" \
    sh -c '[ "$(cat "$1.rc")" = 2 ] && [ ! -e "$2" ] &&
    grep -q "error: card .s1. is a .square., not a .round. (--component)" "$1.err"' _ \
    "$T/hand-kind" "$T/hand-kind.png"
dp hands export $D --lang en -o "$T/hand-shadow.png" --hand --cards s1,r1,c1 --dpi 100 --shadow
png count "$T/hand-shadow.png" >"$T/hands.count"
# shadowed COUNT BARE PNG SHADOWED: COUNT (png count's) has fewer
# clear pixels than 95 % of BARE's, and PNG and SHADOWED are one size.
shadowed() {
	test "$(cut -d" " -f2 "$1")" -lt "$(($(cut -d" " -f2 "$2") * 95 / 100))" &&
	    test "$(png size "$3")" = "$(png size "$4")"
}
check "--shadow: a shadow where the ground was clear, the image as large" \
    shadowed "$T/hands.count" "$T/hand.count" "$T/hand.png" "$T/hand-shadow.png"
check "... its shadow black and translucent (where shadows overlap, darker); none without --shadow" \
    is "$(awk '{ printf "%s %s/", ($3 > 1000), ($4 > 0 && $4 < 255) }' "$T/hands.count")$(cut -d' ' -f3 "$T/hand.count")" "1 1/0"
# A showcase of s1 and c1: the first card's column at x = 28 + 106 px
# (the margin, 7 mm, then half its foreshortened width, 0.85 x 250):
# the card opaque at y = 100 (above its white square); its reflection from y =
# 364 (its slanted bottom edge, 0.9 x 350 / 2 below, and 1 mm), its
# colour #2060c0 but faint; nothing below it.
dp show export $D --lang en -o "$T/show.png" --showcase --cards s1,c1 --dpi 100
check "--showcase: exit 0, saying what it drew" \
    grep -q "show.png: a showcase of 2 cards" "$T/show.out"
./out/test/pngsize "$T/show.png" 134 100 134 370 134 470 >"$T/show.px"
check "... the card opaque, its colour #2060c0" \
    is "$(awk 'NR == 2 { print $3, $4, $5, $6 }' "$T/show.px")" "32 96 192 255"
check "... below it its reflection, fainter: the card's colour, alpha 1 to 128" \
    awk 'NR == 3 { d = ($3 - 32) ^ 2 + ($4 - 96) ^ 2 + ($5 - 192) ^ 2
	exit !($6 > 0 && $6 <= 128 && d < 300) }' "$T/show.px"
check "... and nothing below the reflection" \
    is "$(awk 'NR == 4 { print $6 }' "$T/show.px")" 0
check "... in perspective: the near edge taller than the far (rows of #2060c0 at x = 30 and 238)" \
    sh -c 'for x in 30 238; do ./out/test/pngsize "$1" $(awk -v x=$x "BEGIN { for (y = 0; y < 420; y++) printf \"%d %d \", x, y }") |
	    awk "NR > 1 && \$6 == 255 { n++ } END { print n + 0 }"; done | tr "\n" " " |
	awk "{ exit !(\$1 > \$2 + 40) }"' sh "$T/show.png"

# Usage.
check "--for with --dpi: exit 2" fails 2 "no --dpi" \
    ./deckpress export $D --lang en -o "$T/u1" --for thegamecrafter --dpi 300
check "--for an unknown service: exit 2 naming those known" \
    fails 2 "thegamecrafter, makeplayingcards" \
    ./deckpress export $D --lang en -o "$T/u2" --for printer
check "--trim with --per-card-pdf: exit 2" fails 2 "for the images" \
    ./deckpress export $D --lang en -o "$T/u3" --trim --per-card-pdf
check "--for with --rounded: exit 2" fails 2 "no --trim or --rounded" \
    ./deckpress export $D --lang en -o "$T/u4" --for thegamecrafter --rounded
check "... nothing written" test ! -e "$T/u4"
check "--for with --trim: exit 2" fails 2 "no --trim or --rounded" \
    ./deckpress export $D --lang en -o "$T/u5" --for makeplayingcards --trim
check "... nothing written" test ! -e "$T/u5"
check "--fit without --for: exit 2" fails 2 "give --for NAME" \
    ./deckpress export $D --lang en -o "$T/u6" --fit
check "--hand with --showcase: exit 2" fails 2 "one at a time" \
    ./deckpress export $D --lang en -o "$T/u7.png" --hand --showcase
check "--shadow without --hand: exit 2" fails 2 "for --hand and --showcase" \
    ./deckpress export $D --lang en -o "$T/u8" --shadow
check "--hand with --for: exit 2" fails 2 "write one image of their own" \
    ./deckpress export $D --lang en -o "$T/u9.png" --hand --for thegamecrafter
check "--hand --cards naming no card: exit 2" \
    fails 2 "the deck has no card 's3'" \
    ./deckpress export $D --lang en -o "$T/u10.png" --hand --cards s1,s3
check "... nothing written" test ! -e "$T/u10.png"

# Every PNG records the dpi it was drawn at.
ex $D --lang en -o "$T/e150" --dpi 150
check "export --dpi 150: every PNG's pHYs 5906 px/m" each_is "$T/e150" phys "5906 5906 1"
# The same run as $T/trim's above, same arguments: its images, read
# again, not made again.
check "export --trim at 300 dpi: 750 x 1050 px (63.5 x 88.9 mm)" \
    each_is "$T/trim" size "750 1050"
pv $D --card s1 --dpi 200 -o "$T/p200.png"
check "preview --dpi 200: pHYs 7874 px/m" is "$(png phys "$T/p200.png")" "7874 7874 1"
pv $D --dpi 100 -o "$T/sheet.png"
check "contact sheet at 100 dpi: pHYs 3937 px/m" is "$(png phys "$T/sheet.png")" "3937 3937 1"
pv $DC --card steal -o "$T/dc.png"
check "preview at the default 150 dpi: pHYs 5906 px/m" is "$(png phys "$T/dc.png")" "5906 5906 1"

# A rounded card's preview: corners transparent.
pv $D --card r1 --dpi 300 -o "$T/r1.png"
check "preview of a rounded card: corner alpha 0, centre 255" \
    is "$(alpha "$T/r1.png" 0 0 815 0 407 555)" "0 0 255"

# --guides at 600 dpi: bleed 3 mm = 70.9 px, the trim line there (red),
# the safe area 3 mm inside it, at 141.7 px (blue dashes).
pv $D --card s1 --dpi 600 -o "$T/plain.png"
pv $D --card s1 --dpi 600 --guides -o "$T/guides.png"
# The lines the checks below measure, read by one pngsize an image.
pixels_of "$T/plain.png" "$T/guides.png" "66 1000 76 1000" "200 71 1300 71" \
    "142 200 142 1900" "300 200 300 1900" || true
check "--guides: the left trim line across row 1000 (x = 66..76 px)" \
    test "$(changed "$T/plain.png" "$T/guides.png" 66 1000 76 1000)" -gt 2
# red_at PNG X Y: 1 if the pixel is red (R above B by more than 100),
# read from $T/changed.b when pixels_of left PNG's pixels there, that
# one among them (the 600 dpi image not decoded again: 0.03 s of CPU),
# else by pngsize.
red_at() {
	r_of=
	read -r r_of 2>/dev/null <"$T/changed.of" || :
	r_px=
	[ "${r_of#* }" != "$1" ] || r_px=$(awk -v x="$2" -v y="$3" \
	    'FNR > 1 && $1 == x && $2 == y { print; exit }' "$T/changed.b")
	[ -n "$r_px" ] || r_px=$(./out/test/pngsize "$1" "$2" "$3" | sed 1d)
	echo "$r_px" | awk '{ print ($3 > $5 + 100) }'
}
check "... red there" is "$(red_at "$T/guides.png" 71 1000)" 1
check "... the top trim line across (y = 71 px)" \
    test "$(changed "$T/plain.png" "$T/guides.png" 200 71 1300 71)" -gt 1000
check "... the safe area's dashes down x = 142 px, more than half of it" \
    test "$(changed "$T/plain.png" "$T/guides.png" 142 200 142 1900)" -gt 850
check "... and nothing else: column x = 300 px unchanged from y = 200 to 1900" \
    is "$(changed "$T/plain.png" "$T/guides.png" 300 200 300 1900)" 0

# png.py ends as its FIFO closes; waited for, so that its CPU (and its
# children's) is counted as the suite's, and no process outlives it.
py_stop

summary run-pod.sh
