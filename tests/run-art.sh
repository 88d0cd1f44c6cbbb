#!/bin/sh
# Art as it comes from artists (issue 23): CMYK, Adobe inverted CMYK
# and YCCK JPEGs (made by out/test/artgen) printed by cards and drawn
# by preview with the colours of their RGB conversion, mean difference
# under 2 %; 16-bit, palette, tRNS and grey + alpha PNGs (made by
# tests/tools/pngvariants.py) as their RGB references look; --image-dpi
# and the printer profile's image-dpi resampling art once, to its size.
T=out/test/art
. tests/suite.sh

# deck NAME FILE: a one-card deck showing FILE (256 x 128 px) in a
# 64 x 32 mm box, the same way for every file.
deck() {
	mkdir -p "$T/$1/art" "$T/$1/text"
	cp "$2" "$T/$1/art/a.${2##*.}"
	printf 'game: %s\nlanguages: [en]\nlayout: ./layout.yaml\ncards:\n  - {id: one}\n' \
	    "$1" >"$T/$1/deck.yaml"
	printf 'card: standard\nfront:\n  - {type: image, file: art/a.%s, box_mm: [0, 0, 64, 32]}\n' \
	    "${2##*.}" >"$T/$1/layout.yaml"
	printf 'cards:\n  one: {}\n' >"$T/$1/text/en.yaml"
}

# page NAME: its cards PDF's first page at 150 dpi, NAME.png.
page() {
	$WRAP ./deckpress cards "$T/$1" --no-backs -o "$T/$1.pdf" \
	    >/dev/null 2>"$T/$1.err" &&
	pdftoppm -r 150 -png -f 1 -l 1 -singlefile "$T/$1.pdf" "$T/$1"
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
PX=66 PY=101 PW=370 PH=182

out/test/artgen rgb "$T/rgb.png"
deck rgb "$T/rgb.png"
page rgb
face rgb
for m in cmyk adobe ycck; do
	out/test/artgen $m "$T/$m.jpg"
	deck $m "$T/$m.jpg"
	check "art: a $m JPEG prints" page $m
	check "art: a $m JPEG prints as its RGB conversion (under 2 %)" \
	    same $m rgb $PX $PY $PW $PH
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
	    same $v $v-ref $PX $PY $PW $PH
done

summary art
