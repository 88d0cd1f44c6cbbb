#!/bin/sh
# covers: images, svg, check, cards, booklet, determinism
# Images on cards and in booklets, measured: each distinct file
# embedded once however many cards show it, a JPEG passed through
# untouched, an SVG drawn as vectors (no image object), every image in
# its box to 0.1 mm at 600 dpi, a low-resolution image warned about by
# check, a large image's file opened once.  (Broken images are cases
# of tests/bad and tests/check.)
T=out/test/images
. tests/suite.sh
I=tests/decks/images

pdf_ok() { $WRAP ./deckpress cards "$@" >/dev/null 2>&1; }

# --- embedded once, JPEG untouched, SVG as vectors --------------------
check "images: the deck renders" pdf_ok $I -o "$T/images.pdf"
check "images: each distinct image file embedded once" sh -c '
    n=$(pdfimages -list "$1" | awk "NR > 2 { print \$11 }" | sort -u | wc -l)
    uses=$(pdfimages -list "$1" | awk "NR > 2" | wc -l)
    [ "$n" -eq 5 ] && [ "$uses" -gt "$n" ] ||
    { echo "$n objects for $uses uses (5 files: 4 PNG, 1 JPEG)"; exit 1; }' \
    sh "$T/images.pdf"
check "images: the JPEG is embedded as it is, byte for byte" sh -c '
    pdfimages -j -f 1 -l 1 "$1" "$2/x" &&
    for f in "$2"/x-*.jpg; do cmp -s "$f" "$3" && exit 0; done; exit 1' \
    sh "$T/images.pdf" "$T" $I/art/banner.jpg
check "images: the SVG back is vectors, no image on the backs" sh -c '
    [ "$(pdfimages -list -f 2 -l 2 "$1" | awk "NR > 2" | wc -l)" -eq 0 ]' \
    sh "$T/images.pdf"
check "images: qpdf --check is clean" qpdf --check "$T/images.pdf"
pdf_ok $I -o "$T/images2.pdf"
check "images: two renders are byte-identical" cmp "$T/images.pdf" \
    "$T/images2.pdf"

# --- every image in its box, at 600 dpi -------------------------------
# A solid PNG (3:2, contained in a 3:2 box) and a solid SVG (2:1, in a
# 2:1 box) on one card (tests/decks/images-geo): each colour's box is
# the element's box_mm from the trim at (10.5, 16.5) mm.
G=tests/decks/images-geo
pdf_ok "$G" -o "$T/geo.pdf"
measure_page "$T/geo.pdf" 1 "$T/geo.txt"
check "images: the PNG fills its box [6, 6, 51, 34] to 0.1 mm" \
    box_at "$T/geo.txt" "#c82828" 16.5 22.5 67.5 56.5
check "images: the SVG fills its box [10, 50, 40, 20] to 0.1 mm" \
    box_at "$T/geo.txt" "#2850c8" 20.5 66.5 60.5 86.5

# --- low resolution ---------------------------------------------------
check "images: check warns of an image under 200 dpi, naming card and dpi" \
    sh -c '$1 ./deckpress check "$2" >/dev/null 2>"$3";
    grep -q "warning: card .four.: image .*lowres.png prints at 30 dpi, under the 200 dpi" "$3" &&
    [ "$(grep -c "prints at" "$3")" -eq 1 ]' sh "$WRAP" $I "$T/check.err"

# --- a large image's file opened once ---------------------------------
# Two large PNGs (over 4 MiB decoded: lazy, read again from their
# file when the PDF is written; one sheet of flat cells, which decodes
# fast -- opens are counted, not pixels -- hard-linked, read as two
# images by their paths), a shown on the first and last card, b loaded
# after it, so that a's pixels are let go and read again to be drawn:
# each file is opened once, the second read from the file kept open.
# --image-dpi 72: the pixels written are few, what is read is not.
# LeakSanitizer (make check) cannot run under ptrace.
O=$T/once
mkdir -p "$O/art" "$O/text"
out/test/spritegen sheet 1025 1024 25 16 "$O/art/a.png"
ln -f "$O/art/a.png" "$O/art/b.png"
printf 'game: once\nlanguages: [en]\nlayout: ./layout.yaml\nattributes:\n  pic: text\ncards:\n  - {id: c1, pic: a}\n  - {id: c2, pic: b}\n  - {id: c3, pic: a}\n' \
    >"$O/deck.yaml"
printf 'card: standard\nfront:\n  - {type: image, file: "art/{pic}.png", box_mm: [0, 0, 63, 88]}\n' \
    >"$O/layout.yaml"
printf 'cards:\n  c1: {}\n  c2: {}\n  c3: {}\n' >"$O/text/en.yaml"
check "images: a large image's file is opened once a run, however often drawn" \
    sh -c 'ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
    strace -f -qq -e trace=openat -o "$2.strace" $1 ./deckpress cards \
    "$3" --image-dpi 72 -o "$2.pdf" >/dev/null || exit 1
    n=$(grep -c "art/a\.png" "$2.strace") m=$(grep -c "art/b\.png" "$2.strace")
    [ "$n" -eq 1 ] && [ "$m" -eq 1 ] ||
    { echo "a.png opened $n times, b.png $m times"; exit 1; }' \
    sh "$WRAP" "$T/once" "$O"

# --- a large image decoded once -----------------------------------------
# Two noisy PNGs (out/test/noiseart: PNG cannot compress grain, so the
# file is about as large as its pixels and reading it is decoding it),
# a on the first card and b on the second.  "cards" draws every image
# it loads: it reads each file whole once to know it (the bytes freed),
# then only its header, and decodes it once, as the PDF is written.
# Before, each was decoded when loaded to check it and a, let go for
# b, decoded again to be drawn: its file read through three times.
# "preview --card c1" the same: a decoded as the card is drawn, b (on
# no card drawn) decoded to check it before the PNG is written; before,
# a was read through three times too.
D=$T/decoded
mkdir -p "$D/art" "$D/text"
out/test/noiseart 1100 1000 1 "$D/art/a.png"
out/test/noiseart 1100 1000 2 "$D/art/b.png"
printf 'game: decoded\nlanguages: [en]\nlayout: ./layout.yaml\nattributes:\n  pic: text\ncards:\n  - {id: c1, pic: a}\n  - {id: c2, pic: b}\n' \
    >"$D/deck.yaml"
cp "$O/layout.yaml" "$D/"
printf 'cards:\n  c1: {}\n  c2: {}\n' >"$D/text/en.yaml"
# read_through FILE COMMAND...: how many times deckpress COMMAND read
# FILE's bytes, to a tenth.
read_through() {
	f=$1
	shift
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	    strace -f -qq -e trace=read -P "$f" -o "$T/decoded.strace" \
	    $WRAP ./deckpress "$@" >/dev/null 2>/dev/null || return 1
	awk -v size="$(wc -c <"$f")" '{ n = $NF; if (n > 0) s += n }
	    END { printf "%.1f\n", s / size }' "$T/decoded.strace"
}
# decoded_once DECK COMMAND...: each image of DECK read through twice,
# no more.
decoded_once() {
	dk=$1
	shift
	for f in a b; do
		n=$(read_through "$dk/art/$f.png" "$@") || return 1
		[ "$n" = 2.0 ] || { echo "$f.png read through $n times"; return 1; }
	done
}
check "images: cards decodes a large image once, drawing it: read whole twice" \
    decoded_once "$D" cards "$D" -o "$T/decoded.pdf"
check "images: preview too, the image it draws and the one it checks: read whole twice" \
    decoded_once "$D" preview "$D" --card c1 -o "$T/decoded.png"
# export draws each face into a file of its own: a third card shows a
# again, after b's card.  Its faces are drawn by the large image they
# show, each decoded once for all of them; before, each image was
# decoded to check it as it loaded, and a again for c3: read through
# three and four times.  Its Tabletop Simulator sheet (the three faces
# on one) the same.
D3=$T/decoded3
rm -rf "$D3"
cp -R "$D" "$D3"
printf '  - {id: c3, pic: a}\n' >>"$D3/deck.yaml"
printf '  c3: {}\n' >>"$D3/text/en.yaml"
check "images: export too, a file per face, the faces drawn by image: read whole twice" \
    decoded_once "$D3" export "$D3" --lang en --dpi 30 -o "$T/decoded-png"
check "images: ... and its Tabletop Simulator sheet: read whole twice" \
    decoded_once "$D3" export "$D3" --lang en --dpi 30 --tts \
    -o "$T/decoded-tts"

# The same deck, its images cut short: a PNG and a JPEG (a page of its
# own PDF, 1240 x 1754 px) too large to hold, so cards and pack decode
# each first as it is drawn; each is the error loading would say, at
# the layout's line and its card, the exit status an input's, and no
# PDF.  preview the same, drawing c1's a.png and checking c2's b.jpg
# before it would write its PNG.
X=$T/damaged
rm -rf "$X"
cp -R "$D" "$X"
head -c 100000 "$D/art/a.png" >"$X/art/a.png"
rm "$X/art/b.png"
pdftoppm -jpeg -r 150 -f 1 -l 1 -singlefile "$T/decoded.pdf" "$T/whole"
head -c 60000 "$T/whole.jpg" >"$X/art/b.jpg"
sed 's/{pic}\.png/{pic}.{pic_ext}/' "$O/layout.yaml" >"$X/layout.yaml"
sed -i 's/  pic: text/  pic: text\n  pic_ext: text/; s/pic: a}/pic: a, pic_ext: png}/; s/pic: b}/pic: b, pic_ext: jpg}/' \
    "$X/deck.yaml"
# damaged OUT COMMAND [ARG...]: deckpress COMMAND on the damaged deck,
# its ARGs, -o OUT.
damaged() {
	out=$1 cmd=$2
	shift 2
	rm -rf "$out"
	rc=0
	$WRAP ./deckpress "$cmd" "$X" "$@" -o "$out" >/dev/null \
	    2>"$T/damaged.err" || rc=$?
	[ $rc -eq 1 ] && [ ! -e "$out" ] &&
	    grep -q "layout.yaml:3:25: error: card 'c1': image .*art/a.png is a truncated or damaged PNG" "$T/damaged.err" &&
	    grep -q "layout.yaml:3:25: error: card 'c2': image .*art/b.jpg is a truncated or damaged JPEG" "$T/damaged.err" ||
	    { echo "exit $rc"; cat "$T/damaged.err"; return 1; }
}
check "images: damaged large art that cards draws: errors at its lines, exit 1, no PDF" \
    damaged "$T/damaged.pdf" cards
check "images: damaged large art that pack draws: errors at its lines, exit 1, no PDF" \
    damaged "$T/damaged.pdf" pack
check "images: damaged large art that preview draws or checks: errors at its lines, exit 1, no PNG" \
    damaged "$T/damaged.png" preview --card c1
check "images: ... and a preview stopped before drawing (no such card) says them too" \
    damaged "$T/damaged.png" preview --card nope
# export writes a file per face, each held until the last is drawn: a
# damaged image found as it is drawn leaves none, nor the folder made.
check "images: damaged large art that export draws: errors at its lines, exit 1, no file, no folder" \
    damaged "$T/damaged-png" export --lang en --dpi 30
check "images: ... its Tabletop Simulator sheets the same" \
    damaged "$T/damaged-tts" export --lang en --dpi 30 --tts
check "images: ... its PDF of faces the same" \
    damaged "$T/damaged-pdf" export --lang en --per-card-pdf
# Only c2's b.jpg damaged: previewing c1 draws a whole a.png, and the
# PNG is not written all the same.
cp "$D/art/a.png" "$X/art/a.png"
check "images: a damaged image on a card not previewed: its error, exit 1, no PNG" \
    sh -c 'rm -f "$2"; rc=0; $1 ./deckpress preview "$3" --card c1 -o "$2" \
	>/dev/null 2>"$2.err" || rc=$?
    [ $rc -eq 1 ] && [ ! -e "$2" ] &&
	grep -q "layout.yaml:3:25: error: card .c2.: image .*art/b.jpg is a truncated or damaged JPEG" "$2.err" ||
	{ echo "exit $rc"; cat "$2.err"; exit 1; }' sh "$WRAP" "$T/damaged-c2.png" "$X"

summary images
