#!/bin/sh
# covers: images, image-dpi, printer-profile, cards, pack, preview, check
# Art as it comes from artists (issue 23): CMYK, Adobe inverted CMYK
# and YCCK JPEGs (made by out/test/artgen) printed by cards and drawn
# by preview with the colours of their RGB conversion, mean difference
# under 2 %; 16-bit, palette, tRNS and grey + alpha PNGs (made by
# tests/tools/pngvariants.py) as their RGB references look; --image-dpi
# and the printer profile's image-dpi resampling art once, to its size.
T=out/test/art
. tests/suite.sh

# deck NAME FILE: a one-card deck showing FILE (256 x 128 px) in a
# 64 x 32 mm box, the same way for every file.  Its folders are made
# unless DECKS below made them; FILE is copied unless it is already
# there, art/a.EXT, as the generators here write it.
deck() {
	[ -d "$T/$1/text" ] || mkdir -p "$T/$1/art" "$T/$1/text"
	[ "$2" = "$T/$1/art/a.${2##*.}" ] || cp "$2" "$T/$1/art/a.${2##*.}"
	printf 'game: %s\nlanguages: [en]\nlayout: ./layout.yaml\ncards:\n  - {id: one}\n' \
	    "$1" >"$T/$1/deck.yaml"
	printf 'card: standard\nfront:\n  - {type: image, file: art/a.%s, box_mm: [0, 0, 64, 32]}\n' \
	    "${2##*.}" >"$T/$1/layout.yaml"
	printf 'cards:\n  one: {}\n' >"$T/$1/text/en.yaml"
}

# page NAME: its cards PDF's first page at 150 dpi, NAME.png: only the
# image's box (PX, PY, PW x PH below), the one rectangle of it that any
# check compares, with the pixels the whole page's render has there (a
# whole page takes ten times the CPU).
page() {
	$WRAP ./deckpress cards "$T/$1" --no-backs -o "$T/$1.pdf" \
	    >/dev/null 2>"$T/$1.err" &&
	pdftoppm -r 150 -png -f 1 -l 1 -singlefile -x $PX -y $PY -W $PW \
	    -H $PH "$T/$1.pdf" "$T/$1"
}
# face NAME: its preview, NAME-face.png.
face() {
	$WRAP ./deckpress preview "$T/$1" --card one -o "$T/$1-face.png" \
	    >/dev/null 2>"$T/$1.err"
}
# same A B X Y W H: the rectangle of A.png and B.png under 2 % apart.
same() {
	./out/test/pngdiff "$T/$1.png" "$3" "$4" "$T/$2.png" "$3" "$4" \
	    "$5" "$6" | awk '{ print } $1 == "mean" && $2 < 2 { ok = 1 }
	    END { exit !ok }'
}
# The image's box inside, 2 px in from every edge: on the page, the
# trim at (10.5, 16.5) mm; on the preview, past the card's 3 mm bleed.
# A page's PNG is that box alone (page): compared at PAGE, from 0 0.
PX=66 PY=101 PW=370 PH=182
PAGE="0 0 $PW $PH"

# DECKS: every deck's art/ and text/, made by one mkdir (two processes
# a deck before, with the copy of its art).
DECKS="rgb cmyk adobe ycck rgb16 pal trns ga rgb16-ref pal-ref trns-ref
    ga-ref ilace lazy-rgb16 lazy-pal lazy-trns lazy-ga lazy-ilace icc-jpeg
    icc-png icc-raw icc-ref icc-cmyk icc-cmykraw icc-cmykref big"
set --
for d in $DECKS; do
	set -- "$@" "$T/$d/art" "$T/$d/text"
done
mkdir -p "$@"
out/test/artgen rgb "$T/rgb/art/a.png"
deck rgb "$T/rgb/art/a.png"
page rgb
face rgb
for m in cmyk adobe ycck; do
	out/test/artgen $m "$T/$m/art/a.jpg"
	deck $m "$T/$m/art/a.jpg"
	check "art: a $m JPEG prints" page $m
	check "art: a $m JPEG prints as its RGB conversion (under 2 %)" \
	    same $m rgb $PAGE
	check "art: a $m JPEG previews" face $m
	check "art: a $m JPEG previews as its RGB conversion (under 2 %)" \
	    same $m-face rgb-face 30 30 330 150
done
check "art: a CMYK JPEG is embedded as RGB pixels, not its own bytes" sh -c '
    pdfimages -list "$1" | awk "NR > 2 && \$6 != \"rgb\" { exit 1 }
    NR > 2 { n++ } END { exit n != 1 }"' sh "$T/adobe.pdf"

python3 tests/tools/pngvariants.py "$T"
for v in rgb16 pal trns ga; do
	deck $v "$T/$v.png"
	deck $v-ref "$T/$v-ref.png"
	page $v-ref
	check "art: a $v PNG prints" page $v
	check "art: a $v PNG prints as it looks (under 2 %)" \
	    same $v $v-ref $PAGE
done
# page_same NAME REF: NAME printed, as REF's page looks (under 2 %).
page_same() { page "$1" && same "$1" "$2" $PAGE; }
deck ilace "$T/ilace.png"
check "art: an interlaced PNG prints as it looks (under 2 %)" \
    page_same ilace rgb16-ref
# The same forms six times as large, 1536 x 768 px: lazy images, read
# a row at a time at load and decoded by deckpress's own reader
# (art/pngread.c) when the PDF and the preview ask for them.
mkdir -p "$T/lazy"
python3 tests/tools/pngvariants.py "$T/lazy" 6
for v in rgb16 pal trns ga ilace; do
	ref=$v-ref
	[ $v = ilace ] && ref=rgb16-ref
	deck lazy-$v "$T/lazy/$v.png"
	check "art: a large $v PNG, read when drawn, prints as it looks (under 2 %)" \
	    page_same lazy-$v $ref
done
# A large image is opened once, when the game loads, and kept open;
# only its header is read then (its first lseek: read from its start).
# It is decoded whole as it is first drawn (the second lseek): refused
# there, it cannot be read, an error where the layout names it, and no
# PDF, no PNG (export's folder left as it was: empty).  Once another
# large image has been drawn after it (b.png, on card c before a.png),
# drawing it again reads the file again from its start (the third
# lseek): refused then (strace's fault injection), it is an image that
# changed since it was loaded, an error naming it, and no PNG.
mkdir -p "$T/lazy-two/art" "$T/lazy-two/text"
cp "$T/lazy/pal.png" "$T/lazy-two/art/a.png"
cp "$T/lazy/rgb16.png" "$T/lazy-two/art/b.png"
printf 'game: two\nlanguages: [en]\nlayout: ./layout.yaml\nattributes:\n  art: [a, b]\ncards:\n  - {id: a, art: a}\n  - {id: b, art: b}\n  - {id: c, art: b}\n' \
    >"$T/lazy-two/deck.yaml"
printf 'card: standard\nfront:\n  - {type: image, file: "art/{art}.png", box_mm: [0, 0, 64, 32]}\n  - {type: image, file: "art/a.png", box_mm: [0, 40, 64, 32], when: {id: c}}\n' \
    >"$T/lazy-two/layout.yaml"
printf 'cards:\n  a: {}\n  b: {}\n  c: {}\n' >"$T/lazy-two/text/en.yaml"
# refused WHEN OUT MESSAGE COMMAND...: a.png's lseek number WHEN
# refused while deckpress COMMAND... writes OUT: an error MESSAGE, exit
# non-zero, no OUT (or, export's, an empty folder).
refused() {
	when=$1 out=$2 msg=$3
	shift 3
	rm -rf "$out"
	rc=0
	strace -f -qq -o /dev/null -P "$T/lazy-two/art/a.png" -e trace=lseek \
	    -e inject=lseek:error=EIO:when="$when" ./deckpress "$@" -o "$out" \
	    >/dev/null 2>"$T/refused.err" || rc=$?
	[ $rc -ne 0 ] && { [ ! -e "$out" ] || [ -z "$(ls -A "$out")" ]; } &&
	    grep -q "$msg" "$T/refused.err" ||
	    { echo "exit $rc"; cat "$T/refused.err"; return 1; }
}
check "art: a large image that cannot be read again when drawn: an error at it, no PNG" \
    refused 3 "$T/changed" \
    "lazy-two/art/a.png: error: changed while deckpress was drawing it" \
    export "$T/lazy-two" --lang en
check "art: a large image that cannot be read when first drawn: an error at its line, no PDF" \
    refused 2 "$T/changed.pdf" \
    "lazy-two/layout.yaml:3:25: error: card 'a': image .*lazy-two/art/a.png cannot be read" \
    cards "$T/lazy-two"
check "art: ... nor export's PNGs: the same error, no file written" \
    refused 2 "$T/changed" \
    "lazy-two/layout.yaml:3:25: error: card 'a': image .*lazy-two/art/a.png cannot be read" \
    export "$T/lazy-two" --lang en
face ga-ref
face_same() { face "$1" && same "$1-face" "$2-face" 30 30 330 150; }
check "art: a large grey + alpha PNG previews as the small one's reference (under 2 %)" \
    face_same lazy-ga ga-ref

# --- colour profiles ----------------------------------------------------
# Saturated patches in a wide-gamut RGB space (out/test/iccgen: Adobe
# RGB's primaries), its ICC profile embedded in a JPEG (APP2) and in a
# PNG (iCCP): each prints and previews as the patches converted to sRGB
# (ref), as a colour-managed viewer shows them; the same PNG without its
# profile (raw) differs from ref by more than 2 %, so the check can fail.
for m in jpeg png raw ref; do
	e=png
	[ $m = jpeg ] && e=jpg
	out/test/iccgen $m "$T/icc-$m/art/a.$e"
	deck icc-$m "$T/icc-$m/art/a.$e"
done
page icc-ref
face icc-ref
# differs A B: the image boxes of A.png and B.png 2 % or more apart.
differs() { ! same "$1" "$2" $PAGE >/dev/null; }
page icc-raw
check "art: the wide-gamut patches without their profile are not sRGB's (2 % or more apart)" \
    differs icc-raw icc-ref
for m in jpeg png; do
	check "art: a $m with an ICC profile prints as its sRGB conversion (under 2 %)" \
	    page_same icc-$m icc-ref
	check "art: a $m with an ICC profile previews as its sRGB conversion (under 2 %)" \
	    face_same icc-$m icc-ref
done
# A press's CMYK profile (made by iccgen: its inks duller and warmer
# than the naive conversion says) in an Adobe CMYK JPEG: the inks print
# through it; the same JPEG without it (the naive conversion) is 2 % or
# more from that.
for m in cmyk cmykraw cmykref; do
	e=jpg
	[ $m = cmykref ] && e=png
	out/test/iccgen $m "$T/icc-$m/art/a.$e"
	deck icc-$m "$T/icc-$m/art/a.$e"
done
page icc-cmykref
page icc-cmykraw
check "art: the press's inks without its profile are not its colours (2 % or more apart)" \
    differs icc-cmykraw icc-cmykref
check "art: an Adobe CMYK JPEG with a press's ICC profile prints through it (under 2 %)" \
    page_same icc-cmyk icc-cmykref
check "art: a JPEG whose profile changed its pixels is embedded as pixels, not its bytes" \
    sh -c 'pdfimages -list "$1" | awk "NR > 2 && \$9 == \"jpeg\" { exit 1 }"' \
    sh "$T/icc-jpeg.pdf"

# --- --image-dpi --------------------------------------------------------
# A 1512 x 756 px gradient in the 64 x 32 mm box prints at 600 dpi: at
# 150 dpi it is 378 x 189 px (64 and 32 mm at 150 dpi, rounded up).
python3 -c '
import struct, sys, zlib
W, H = 1512, 756
# each row: a filter byte 0, then R G B: x * 255 // W, y * 255 // H, 128
# (written a channel at a time: a pixel at a time took 0.16 s of CPU)
row = bytearray(1 + 3 * W)
row[1::3] = bytes(x * 255 // W for x in range(W))
row[3::3] = b"\x80" * W
rows = []
for y in range(H):
    row[2::3] = bytes([y * 255 // H]) * W
    rows.append(bytes(row))
raw = b"".join(rows)
def chunk(t, d):
    return (struct.pack(">I", len(d)) + t + d +
        struct.pack(">I", zlib.crc32(t + d) & 0xffffffff))
sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR",
    struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)) +
    chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))' \
    >"$T/big/art/a.png"
deck big "$T/big/art/a.png"
printf 'image_dpi: 150\n' >"$T/150.yaml"
# images PDF: "W H X-PPI" of each image pdfimages lists
images() { pdfimages -list "$1" | awk 'NR > 2 { print $4, $5, $13 }'; }
# one PDF W H: the PDF has one image object, W x H px
one() {
	n=$(images "$1")
	[ "$n" = "$2 $3 150" ] || { echo "images: $n, not $2 x $3"; return 1; }
}
check "art: --image-dpi 150 renders" $WRAP ./deckpress cards "$T/big" \
    --image-dpi 150 -o "$T/big150.pdf"
check "art: --image-dpi 150 of 600 dpi art embeds it once, 378 x 189 px" \
    one "$T/big150.pdf" 378 189
check "art: the printer profile's image_dpi does the same" sh -c '
    $1 ./deckpress cards "$2/big" --printer "$2/150.yaml" -o "$2/bigp.pdf" &&
    cmp "$2/big150.pdf" "$2/bigp.pdf"' sh "$WRAP" "$T"
# (of each page only the rectangle compared, at 55 90, rendered)
check "art: resampled art prints where and as the original (under 2 %)" \
    sh -c '$1 ./deckpress cards "$2/big" -o "$2/big.pdf" >/dev/null &&
    pdftoppm -r 150 -png -f 1 -l 1 -singlefile -x 55 -y 90 -W 395 -H 205 \
    "$2/big.pdf" "$2/bigA" &&
    pdftoppm -r 150 -png -f 1 -l 1 -singlefile -x 55 -y 90 -W 395 -H 205 \
    "$2/big150.pdf" "$2/bigB" &&
    ./out/test/pngdiff "$2/bigA.png" 0 0 "$2/bigB.png" 0 0 395 205 |
    awk "{ print } \$2 < 2 { ok = 1 } END { exit !ok }"' sh "$WRAP" "$T"
check "art: a JPEG over the cap is embedded resampled, as a JPEG" sh -c '
    $1 ./deckpress cards "$2/adobe" --image-dpi 72 -o "$2/a72.pdf" &&
    pdfimages -list "$2/a72.pdf" | awk "NR > 2 { print \$4, \$5, \$9 }" |
    grep -qx "182 91 jpeg"' sh "$WRAP" "$T"
check "art: --image-dpi over every image's changes nothing, to the byte" \
    sh -c '$1 ./deckpress cards tests/decks/images -o "$2/i0.pdf" &&
    $1 ./deckpress cards tests/decks/images --image-dpi 2400 -o "$2/i1.pdf" &&
    cmp "$2/i0.pdf" "$2/i1.pdf"' sh "$WRAP" "$T"
# Large art (over 4 MiB decoded) is read again when drawn, not held:
# on three cards it is still one image object, drawn as it looks.
mkdir -p "$T/big3"
cp -r "$T/big/art" "$T/big/text" "$T/big/layout.yaml" "$T/big3/"
printf 'game: big3\nlanguages: [en]\nlayout: ./layout.yaml\ncards:\n  - {id: one, count: 3}\n' \
    >"$T/big3/deck.yaml"
check "art: large art on three cards is one image object, used three times" \
    sh -c '$1 ./deckpress cards "$2/big3" -o "$2/big3.pdf" >/dev/null &&
    [ "$(pdfimages -list "$2/big3.pdf" | awk "NR > 2 { print \$11 }" |
    sort -u | wc -l)" -eq 1 ] &&
    [ "$(pdfimages -list "$2/big3.pdf" | awk "NR > 2" | wc -l)" -eq 3 ]' \
    sh "$WRAP" "$T"
check "art: large art previews as it prints (under 2 %)" sh -c '
    $1 ./deckpress preview "$2/big" --card one -o "$2/bigface.png" &&
    pdftoppm -r 150 -png -f 1 -l 1 -singlefile -x 44 -y 80 -W 407 -H 555 \
    "$2/big.pdf" "$2/bigcrop" &&
    ./out/test/pngdiff "$2/bigface.png" 30 30 "$2/bigcrop.png" 30 30 330 150 |
    awk "{ print } \$2 < 2 { ok = 1 } END { exit !ok }"' sh "$WRAP" "$T"
mkdir -p "$T/big/rules"
printf '# Rules\n\nDraw a card.\n' >"$T/big/rules/en.md"
check "art: pack takes --image-dpi" sh -c '
    $1 ./deckpress pack "$2/big" --image-dpi 150 -o "$2/bigpack.pdf" &&
    pdfimages -list "$2/bigpack.pdf" | awk "NR > 2 { print \$4, \$5 }" |
    sort -u | grep -qx "378 189"' sh "$WRAP" "$T"
check "art: --image-dpi 50 is a usage error" sh -c '
    $1 ./deckpress cards "$2/big" --image-dpi 50 -o "$2/x.pdf" 2>"$2/u.err"
    [ $? -eq 2 ] && grep -q "image-dpi must be a whole number from 72" "$2/u.err" &&
    [ ! -e "$2/x.pdf" ]' sh "$WRAP" "$T"
printf 'image_dpi: 5000\n' >"$T/bad.yaml"
check "art: a profile's image_dpi out of range is an error at its line" sh -c '
    $1 ./deckpress cards "$2/big" --printer "$2/bad.yaml" -o "$2/x.pdf" 2>"$2/p.err"
    [ $? -eq 1 ] && grep -q "bad.yaml:1:.*image_dpi must be between 72 and 2400" "$2/p.err"' \
    sh "$WRAP" "$T"

# --- check: a PDF over 50 MB ---------------------------------------------
# Five noisy 1600 x 2200 px PNGs (8 MB each, about 10 MB each in a PDF):
# one made, copied under five names.  deckpress loads and embeds each
# file as an image of its own (five image objects, 50.7 MB), and what
# the checks weigh is their bytes, which noiseart's seeds 1 to 5 made
# within 0.03 % of one another; each took 0.33 s of CPU to make.  (A
# deckpress that shared art of the same bytes would fail these checks.)
H=$T/heavy
mkdir -p "$H/art" "$H/text"
printf 'game: heavy\nlanguages: [en]\nlayout: ./layout.yaml\ncards:\n' >"$H/deck.yaml"
printf 'cards:\n' >"$H/text/en.yaml"
out/test/noiseart 1600 2200 1 "$H/art/c1.png"
for i in 1 2 3 4 5; do
	[ $i = 1 ] || cp "$H/art/c1.png" "$H/art/c$i.png"
	printf '  - {id: c%d}\n' $i >>"$H/deck.yaml"
	printf '  c%d: {}\n' $i >>"$H/text/en.yaml"
done
printf 'card: standard\nfront:\n  - {type: image, file: "art/{id}.png", box_mm: [0, 0, 63, 88]}\n' \
    >"$H/layout.yaml"
check "art: check warns of a PDF over 50 MB and names --image-dpi 300's size" \
    sh -c '$1 ./deckpress check "$2" >/dev/null 2>"$3"
    grep -q "deck.yaml: warning: the cards.* PDF will be about 5[0-9] MB, over the 50 MB.*--image-dpi 300 makes it about 1[0-9] MB" "$3"' \
    sh "$WRAP" "$H" "$T/heavy.err"
check "art: the estimate is within 10 % of the PDF written" sh -c '
    $1 ./deckpress cards "$2" --no-backs -o "$3" >/dev/null &&
    est=$(sed -n "s/.*will be about \([0-9]*\) MB.*/\1/p" "$4") &&
    real=$(wc -c <"$3") &&
    awk -v e="$est" -v r="$real" "BEGIN { print e, r / 1e6;
        exit !(e * 1e6 > r * 0.9 && e * 1e6 < r * 1.1) }"' \
    sh "$WRAP" "$H" "$T/heavy.pdf" "$T/heavy.err"
for g in cards/*/; do
	check "art: no PDF-size warning for the bundled $(basename "$g")" sh -c '
	    $1 ./deckpress check "$2" >/dev/null 2>"$3"; ! grep -q "pdf-size\|PDF will be" "$3"' \
	    sh "$WRAP" "$g" "$T/bundled.err"
done

summary art
