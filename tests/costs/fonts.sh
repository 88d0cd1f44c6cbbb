# shellcheck shell=sh
# SPDX-License-Identifier: MIT
# Sourced by tests/run-costs.sh.  A game's fonts/ (issue 32): a
# collection of 20 000 or 100 000 faces is refused from its header by
# check and cards alike, before FreeType or fontconfig read a face; a
# big font nothing names costs no more than the game without it; and a
# game's font file is opened once, its checked bytes read from then on
# through a sealed copy (strace).  The fonts are made here from the
# bundled Roboto and the test decks' DejaVu Serif.

# fontpy MODE ARGS [MODE ARGS...]: hostile fonts written by Python (no
# fontTools), one after the other by one python3 (a start costs more
# than most of these fonts take to write), each MODE ARGS one of:
#   ttc SRC N OUT    a collection of N faces, each SRC's one face (every
#                    offset points at one table directory), padded to
#                    42 bytes a face (FreeType wants 32 at least)
#   every SRC OUT    SRC with a cmap mapping every code point to one
#                    glyph: what costs fontconfig most to scan
#   big SRC MIB OUT  SRC with a private table of MIB MiB
#   names SRC N F OUT  SRC with N names, all different, F of them
#                    family names (the first, which fontconfig lists
#                    the face by, a CJK one), the others style names
fontpy() {
	python3 - "$@" <<'EOF'
import struct, sys

def tables(b):
    n = struct.unpack('>H', b[4:6])[0]
    t = {}
    for i in range(n):
        tag, _, off, ln = struct.unpack('>4sIII', b[12 + 16 * i:28 + 16 * i])
        t[tag] = b[off:off + ln]
    return b[:4], t

# the tables joined once: the 60 MiB one is not copied table by table
def sfnt(ver, t):
    tags = sorted(t)
    at = 12 + 16 * len(tags)
    head = ver + struct.pack('>HHHH', len(tags), 0, 0, 0)
    recs, body = [], []
    for tag in tags:
        recs.append(struct.pack('>4sIII', tag, 0, at, len(t[tag])))
        body += [t[tag], bytes(-len(t[tag]) % 4)]
        at += len(t[tag]) + -len(t[tag]) % 4
    return b''.join([head] + recs + body)


def make(mode, argv):
    src = open(argv[2], 'rb').read()
    if mode == 'ttc':
        n, out = int(argv[3]), argv[4]
        h = 12 + 4 * n
        d = bytearray(src)
        for i in range(struct.unpack('>H', src[4:6])[0]):
            o = 12 + 16 * i + 8
            d[o:o + 4] = struct.pack('>I', struct.unpack('>I', src[o:o + 4])[0] + h)
        b = b'ttcf' + struct.pack('>II', 0x10000, n) + struct.pack('>I', h) * n
        b += bytes(d)
        b += bytes(max(0, 42 * n - len(b)))
    elif mode == 'every':
        out = argv[3]
        ver, t = tables(src)
        sub = struct.pack('>HHIII', 13, 0, 28, 0, 1) + struct.pack('>III', 0, 0x10FFFF, 3)
        t[b'cmap'] = struct.pack('>HHHHI', 0, 1, 3, 10, 12) + sub
        b = sfnt(ver, t)
    elif mode == 'big':
        out = argv[4]
        ver, t = tables(src)
        t[b'zzzz'] = bytes(int(argv[3]) << 20)
        b = sfnt(ver, t)
    else:
        n, f, out = int(argv[3]), int(argv[4]), argv[5]
        ver, t = tables(src)
        # name i: the 8 characters from the i-th of a sequence that
        # repeats no 8 in a row
        text = b''.join(struct.pack('>H', 0x4E00 + i * 7919 % 0x5000)
                        for i in range(n + 8))
        recs = sorted((3, 1, 0x409, 1 if i < f else 2, 16, 2 * i)
                      for i in range(n))
        t[b'name'] = struct.pack('>HHH', 0, n, 6 + 12 * n) + \
            b''.join(struct.pack('>6H', *r) for r in recs) + text
        b = sfnt(ver, t)
    open(out, 'wb').write(b)

ARGS = {'ttc': 3, 'every': 2, 'big': 3, 'names': 4}
todo = sys.argv[1:]
while todo:
    mode, argv = todo[0], [''] + todo[:ARGS[todo[0]] + 1]
    todo = todo[ARGS[mode] + 1:]
    make(mode, argv)
EOF
}

# fonts_game NAME [FONT...]: the harmless game at $T/NAME, the FONTs in
# its fonts/.
fonts_game() {
	g=$T/$1
	shift
	rm -rf "$g"
	cp -R "$T/base" "$g"
	mkdir -p "$g/fonts"
	[ $# -eq 0 ] || cp "$@" "$g/fonts/"
}

# near TAG BASE: run TAG cost about what BASE did: twice its processor
# time and 0.05 s (times the build's slowness), 30 MB more at most
# (100 MB under the sanitizers and valgrind, whose own use varies by as
# much as 36 MB from one run to the next).
near() {
	read -r _ c1 k1 <"$T/$2.cost"
	read -r _ c2 k2 <"$T/$1.cost"
	more=30000
	[ "$LIMIT" = 1 ] || more=100000
	awk -v a="$c1" -v b="$c2" -v l="$LIMIT" \
	    'BEGIN { exit !(b <= 2 * a + 0.05 * l) }' ||
	    { echo "$1 took $c2 s, $2 $c1 s"; return 1; }
	[ "$k2" -le $((k1 + more)) ] ||
	    { echo "$1 took $k2 KB, $2 $k1 KB"; return 1; }
}

# Every font below, made by one fontpy, into the games made for them
# first: of the bundled Roboto (R) and the test decks' DejaVu Serif (D,
# for the big fonts nothing names: see there).
R=fonts/Roboto-Regular.ttf
D=tests/decks/fonts/fonts/DejaVuSerif.ttf
for g in fonts-unused-big.ttf fonts-unused-every.ttc fonts-names \
    fonts-families fonts-unused-names; do
	fonts_game $g
done
fontpy ttc $R 20000 "$T/fonts-many.ttc" ttc $R 100000 "$T/fonts-huge.ttc" \
    ttc $R 64 "$T/fonts-64.ttc" \
    big $D 60 "$T/fonts-unused-big.ttf/fonts/fonts-big.ttf" \
    every $D "$T/fonts-every.ttf" \
    ttc "$T/fonts-every.ttf" 64 \
    "$T/fonts-unused-every.ttc/fonts/fonts-every.ttc" \
    names $D 600 1 "$T/fonts-names/fonts/n.ttf" \
    names $D 200 129 "$T/fonts-families/fonts/n.ttf" \
    names $D 512 128 "$T/fonts-512.ttf" \
    ttc "$T/fonts-512.ttf" 64 "$T/fonts-unused-names/fonts/n.ttc"

for n in many huge; do
	fonts_game "fonts-$n" "$T/fonts-$n.ttc"
	faces=20000
	[ $n = many ] || faces=100000
	want="fonts: error: fonts/fonts-$n.ttc has $faces faces, more than the 64 a font file may have$"
	timed "fonts-$n-check" check "$T/fonts-$n"
	check "fonts: a collection of $faces faces: check refuses it" \
	    refused "fonts-$n-check" "$want"
	timed "fonts-$n-cards" cards "$T/fonts-$n" -o "$T/fonts-$n-cards.pdf"
	check "fonts: a collection of $faces faces: cards refuses it" \
	    refused "fonts-$n-cards" "$want"
done

# Five collections of 64 faces: 320 in all, over the game's 256.
fonts_game fonts-five
for k in 1 2 3 4 5; do
	cp "$T/fonts-64.ttc" "$T/fonts-five/fonts/c$k.ttc"
done
timed fonts-five-check check "$T/fonts-five"
check "fonts: 320 faces in all: refused at the fifth file" \
    refused fonts-five-check "fonts: error: fonts/c5.ttc brings the game's fonts to 320 faces or more \(a variable font's named instances counted\), more than the 256 a game may have$"

# Big fonts nothing names: a 60 MiB file, and a collection of 64 faces
# that map every code point (fontconfig scanned it in 8.7 s).  Made of
# the test decks' DejaVu Serif: a game's Roboto would hide deckpress's,
# and be read at once, as deckpress draws in Roboto where no layout
# names a font.
timed fonts-base-check check "$T/base"
for n in big.ttf every.ttc; do
	timed "fonts-unused-$n-check" check "$T/fonts-unused-$n"
	check "fonts: an unused fonts/fonts-$n: check costs what it costs without" \
	    near "fonts-unused-$n-check" fonts-base-check
	timed "fonts-unused-$n-cards" cards "$T/fonts-unused-$n" \
	    -o "$T/fonts-unused-$n.pdf"
	check "fonts: an unused fonts/fonts-$n: cards costs what it costs without" \
	    near "fonts-unused-$n-cards" base
done

# Names: fontconfig compares each name of a face with those before it.
timed fonts-names-check check "$T/fonts-names"
check "fonts: a face of 600 names: refused" refused fonts-names-check \
    "fonts: error: fonts/n.ttf has a face of 600 names, more than the 512 a face may have$"
timed fonts-families-check check "$T/fonts-families"
check "fonts: a face of 129 family names: refused" refused \
    fonts-families-check "fonts: error: fonts/n.ttf has a face of more than the 128 family names a face may have$"
# 64 faces at both bounds, nothing naming them: their names read, fast.
timed fonts-unused-names-check check "$T/fonts-unused-names"
check "fonts: an unused collection of 64 faces of 512 names: check costs what it costs without" \
    near fonts-unused-names-check fonts-base-check

# The game's own font, named: its file opened once, by confine_open();
# fontconfig, FreeType, HarfBuzz and Cairo read the sealed copy, so a
# file swapped in after the check is never read.
fonts_game fonts-own $D
sed 's/size_pt: \[8, 12\]/size_pt: [8, 12], font: DejaVu Serif/' \
    "$T/base/layout.yaml" >"$T/fonts-own/layout.yaml"
# LeakSanitizer (make check) cannot run under ptrace: off for it.
t_opened_once() {
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	    strace -f -e trace=open,openat -o "$T/fonts-own.strace" \
	    ./deckpress cards "$T/fonts-own" -o "$T/fonts-own.pdf" \
	    >/dev/null 2>"$T/fonts-own.err" ||
	    { echo "cards failed:"; cat "$T/fonts-own.err"; return 1; }
	n=$(grep -c "\"$T/fonts-own/fonts/DejaVuSerif.ttf\"" \
	    "$T/fonts-own.strace") || true
	[ "$n" -eq 1 ] ||
	    { echo "fonts/DejaVuSerif.ttf opened $n times"; return 1; }
	grep -q '"/proc/self/fd/[0-9]*", O_RDONLY' "$T/fonts-own.strace" ||
	    { echo "no copy read through /proc/self/fd"; return 1; }
	the_font "$T/fonts-own.pdf" DejaVuSerif
}
if strace -o /dev/null true 2>/dev/null; then
	check "fonts: the game's font file is opened once, then read as its sealed copy" \
	    t_opened_once
else
	ok "fonts: the game's font file is opened once, then read as its sealed copy # SKIP no strace"
fi
