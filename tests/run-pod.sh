#!/bin/sh
# covers: pod, export, preview
# Print-on-demand (issue 23, parts 3 and 4): export --for NAME (The Game
# Crafter, MakePlayingCards) at each service's pixel size, --trim,
# rounded corners transparent in exports and previews, every PNG's
# resolution in its pHYs chunk, and preview --guides.  Measured with
# python3's zlib and struct on the PNGs deckpress wrote (no PIL).
# Prints "ok - NAME" / "not ok - NAME".
T=out/test/pod
. tests/suite.sh

D=tests/decks/pod
DC=cards/data-chain

# $T/png.py: what the checks read from a PNG.
cat >"$T/png.py" <<'PY'
import struct, sys, zlib

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

def pixels(path, nrows):
    # The first nrows rows, decoded: enough for a corner, and quick.
    w, h, depth, ctype, ch, data = read(path)
    assert depth == 8 and ctype in (2, 6), path + ': not 8-bit RGB(A)'
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompressobj().decompress(data, nrows * (w * bpp + 1))
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(nrows):
        f = raw[y * (stride + 1)]
        cur = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
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
    def px(x, y):
        r = rows[y][x * bpp:x * bpp + bpp]
        return tuple(r) + ((255,) if bpp == 3 else ())
    return w, h, px

# size, phys and time take any number of PNGs (one python3 for a
# folder of them), a line for each, in their order.
cmd = sys.argv[1]
for path in sys.argv[2:] if cmd in ('size', 'phys', 'time') else []:
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
if cmd == 'edge':
    path, args = sys.argv[2], [int(a) for a in sys.argv[3:]]
    # The pixels of the top-left N x N corner partly covered: how many,
    # and how many are not R G B as drawn (within what a premultiplied
    # byte keeps at alpha a: 128 / a, and 1), or are transparent but
    # not 0, 0, 0, 0.
    n, r, g, b = args
    w, h, px = pixels(path, n)
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
PY
png() { python3 "$T/png.py" "$@"; }
# alpha PNG X Y...: the alpha of each pixel named, out/test/pngsize's.
alpha() { ./out/test/pngsize "$@" | awk 'NR > 1 { printf "%s%s", s, $6; s = " " } END { print "" }'; }
# changed A B X0 Y0 X1 Y1: how many pixels of the line from (X0, Y0) to
# (X1, Y1), a row or a column, differ between PNGs A and B.
changed() {
	pts=$(awk -v x0="$3" -v y0="$4" -v x1="$5" -v y1="$6" 'BEGIN {
	    for (x = x0; x <= x1; x++) for (y = y0; y <= y1; y++) printf "%d %d ", x, y }')
	# shellcheck disable=SC2086
	./out/test/pngsize "$1" $pts >"$T/changed.a" &&
	    ./out/test/pngsize "$2" $pts >"$T/changed.b" ||
	    { echo "pngsize failed"; return 0; }
	awk 'FNR == 1 { next } NR == FNR { p[$1 " " $2] = $0; next }
	    p[$1 " " $2] != $0 { n++ } END { print n + 0 }' \
	    "$T/changed.a" "$T/changed.b"
}

# each_is DIR CMD WANT: every PNG in DIR gives WANT for png CMD (one
# python3 reads them all, a line each).
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
ex $D --lang en -o "$T/tgc-trim" --for thegamecrafter --trim
check "--for thegamecrafter --trim: every PNG 750 x 1050 px" \
    each_is "$T/tgc-trim" size "750 1050"
check "... at 300 dpi" each_is "$T/tgc-trim" phys "11811 11811 1"

# Rounded corners: transparent outside, opaque inside.
check "rounded template, with bleed: corner alpha 0, centre 255" \
    is "$(alpha "$T/tgc/r1-front.png" 0 0 824 1124 412 562 412 0)" "0 0 255 255"
check "rounded template, trimmed: corner alpha 0, centre and edge 255" \
    is "$(alpha "$T/tgc-trim/r1-front.png" 0 0 749 0 375 525 0 525)" "0 0 255 255"
check "... its back too" \
    is "$(alpha "$T/tgc-trim/r1-back.png" 0 1049 749 1049 375 525)" "0 0 255"
check "a square template keeps its corners" \
    is "$(alpha "$T/tgc-trim/s1-front.png" 0 0 749 1049)" "255 255"
check "the corners' edge pixels unpremultiplied: the bleed's grey #808080" \
    is "$(png edge "$T/tgc/r1-front.png" 60 128 128 128 | awk '{ print ($1 > 20) " " $2 }')" "1 0"
ex $D --lang en -o "$T/tgc-round" --for thegamecrafter --trim --rounded
check "--rounded: a square template's corners transparent too" \
    is "$(alpha "$T/tgc-round/s1-front.png" 0 0 749 1049 375 525)" "0 0 255"

# MakePlayingCards: 822 x 1122 px at 300 dpi, 36 px of bleed.
ex $D --lang en -o "$T/mpc" --for makeplayingcards
check "--for makeplayingcards: every PNG 822 x 1122 px" each_is "$T/mpc" size "822 1122"
check "... at 300 dpi" each_is "$T/mpc" phys "11811 11811 1"
ex $D --lang en -o "$T/mpc-trim" --for makeplayingcards --trim
check "--for makeplayingcards --trim: 750 x 1050 px" each_is "$T/mpc-trim" size "750 1050"

# A landscape poker card: the size turned.
cp -r $D "$T/land"
sed -i 's/^card: poker/size: {width_mm: 88.9, height_mm: 63.5}/' "$T/land/square.yaml"
ex "$T/land" --lang en -o "$T/land-tgc" --for thegamecrafter
check "a landscape poker card: 1125 x 825 px" \
    is "$(png size "$T/land-tgc/s1-front.png")/$(png size "$T/land-tgc/r1-front.png")" \
    "1125 825/825 1125"

# A deck of a size the service does not make: an error, nothing written.
check "Data Chain (63 x 88 mm) --for thegamecrafter: exit 1 naming its sizes" \
    fails 1 "The Game Crafter makes no card 63 x 88 mm: its cards are 63.5 x 88.9 mm (poker)" \
    ./deckpress export $DC --lang en -o "$T/dc-tgc" --for thegamecrafter
check "... no folder written" test ! -e "$T/dc-tgc"
check "Data Chain --for makeplayingcards: exit 1 naming its sizes" \
    fails 1 "MakePlayingCards makes no card 63 x 88 mm: its cards are 63.5 x 88.9 mm (poker)" \
    ./deckpress export $DC --lang en -o "$T/dc-mpc" --for makeplayingcards
check "... no folder written" test ! -e "$T/dc-mpc"

# Usage.
check "--for with --dpi: exit 2" fails 2 "no --dpi" \
    ./deckpress export $D --lang en -o "$T/u1" --for thegamecrafter --dpi 300
check "--for an unknown service: exit 2 naming those known" \
    fails 2 "thegamecrafter, makeplayingcards" \
    ./deckpress export $D --lang en -o "$T/u2" --for printer
check "--trim with --per-card-pdf: exit 2" fails 2 "for the images" \
    ./deckpress export $D --lang en -o "$T/u3" --trim --per-card-pdf

# Every PNG records the dpi it was drawn at.
ex $D --lang en -o "$T/e150" --dpi 150
check "export --dpi 150: every PNG's pHYs 5906 px/m" each_is "$T/e150" phys "5906 5906 1"
ex $D --lang en -o "$T/e300t" --trim
check "export --trim at 300 dpi: 750 x 1050 px (63.5 x 88.9 mm)" \
    each_is "$T/e300t" size "750 1050"
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
check "--guides: the left trim line across row 1000 (x = 66..76 px)" \
    test "$(changed "$T/plain.png" "$T/guides.png" 66 1000 76 1000)" -gt 2
check "... red there" is "$(./out/test/pngsize "$T/guides.png" 71 1000 |
    awk 'NR == 2 { print ($3 > $5 + 100) }')" 1
check "... the top trim line across (y = 71 px)" \
    test "$(changed "$T/plain.png" "$T/guides.png" 200 71 1300 71)" -gt 1000
check "... the safe area's dashes down x = 142 px, more than half of it" \
    test "$(changed "$T/plain.png" "$T/guides.png" 142 200 142 1900)" -gt 850
check "... and nothing else: column x = 300 px unchanged from y = 200 to 1900" \
    is "$(changed "$T/plain.png" "$T/guides.png" 300 200 300 1900)" 0

summary run-pod.sh
