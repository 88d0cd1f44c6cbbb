#!/bin/sh
# covers: tts, export, components, tokens, boards, determinism
# export --tts, the deck for Tabletop Simulator: every face sheet is
# NumWidth x NumHeight faces of the card's size, at most 10 x 7 and
# 4096 px a side; the last slot (the face TTS shows for a hidden card)
# holds exactly the back's pixels; the saved object parses, names every
# image written (and only those) by file:// URL, and holds each card as
# many times as deck.yaml counts it.  Data Chain (en, es; the tests' own
# copy, tests/decks/data-chain, whose 31 faces the report's grid
# counts), Serious Privacy (boards, tokens, pawns; its tokens counted
# from its deck.yaml), the component test deck (a back per
# card: back sheets) and a 75-card deck made here (two sheets).  Two
# runs write the same bytes; --dpi is honoured, lowered to fit.
T=out/test/tts
. tests/suite.sh
DC=tests/decks/data-chain
[ -x out/test/pngsize ] && [ -x out/test/pngdiff ] ||
    make -s out/test/pngsize out/test/pngdiff

# tts DECK LANG OUT [ARGS]: export --tts, its report kept in OUT.out.
tts() {
	d=$1 l=$2 o=$3
	shift 3
	$WRAP ./deckpress export "$d" --lang "$l" -o "$o" --tts "$@" \
	    >"$o.out" 2>"$o.err" && [ ! -s "$o.err" ] ||
	    { cat "$o.err"; return 1; }
}

# One python3 runs every check of the suite's Python, sheets.py and
# objects.py, where a python3 a check took ~25 ms of CPU to start and
# import, 15 times: a run is the number of its words, then each on a
# line of its own (the script first, then its arguments), into one
# FIFO; what the script prints comes back on another, then
# "py: STATUS", its exit status.  Each script runs as if started alone
# (exec'd with globals of its own, sys.argv its words), its traceback,
# if any, printed with its output.
cat >"$T/serve.py" <<'EOF'
import sys, traceback

while True:
    n = sys.stdin.readline()
    if not n:
        break
    sys.argv = [sys.stdin.readline()[:-1] for _ in range(int(n))]
    status = 0
    try:
        with open(sys.argv[0]) as f:
            code = compile(f.read(), sys.argv[0], 'exec')
        exec(code, {'__name__': '__main__'})
    except SystemExit as e:
        if isinstance(e.code, int):
            status = e.code
        elif e.code is not None:
            print(e.code)
            status = 1
    except BaseException:
        traceback.print_exc(file=sys.stdout)
        status = 1
    print('py: %d' % status, flush=True)
EOF
# py SCRIPT ARG...: SCRIPT run by serve.py (py_start), its output, its
# status.
py_start "$T/serve.py" py
py() { py_ask "$@"; }

# sheets DECK OUT: the checks above on OUT, made from DECK/deck.yaml.
sheets() { py "$T/sheets.py" "$1/deck.yaml" "$2"; }
cat >"$T/sheets.py" <<'EOF'
import glob, json, os, re, struct, subprocess, sys
from urllib.parse import unquote

sys.path.insert(0, "tests/tools")
from pngtools import diffs, sizes

def png(path):
    """(w, h) of a PNG, read by pngsize."""
    return sizes([path])[path]

# Each cell compared by one pngdiff for them all, at the end: same_cell
# queues a pair of rectangles and the complaint if they differ.
cells = []

def same_cell(a, ax, ay, b, bx, by, w, h, why):
    """Are the two rectangles the same pixels (pngdiff's max 0)?"""
    assert not any(c.isspace() for c in a + b), (a, b)
    cells.append(('%s %d %d %s %d %d %d %d\n' % (a, ax, ay, b, bx, by, w, h),
                  why))

def compare_cells():
    got = diffs([c[0] for c in cells])
    bad.extend(why for (c, why), d in zip(cells, got) if d != '0')

yaml, out = sys.argv[1], sys.argv[2]
bad = []
want = {}
for m in re.finditer(r'^  - \{id: ([^,}]+)(.*)\}', open(yaml).read(), re.M):
    c = re.search(r'count: (\d+)', m.group(2))
    want[m.group(1)] = int(c.group(1)) if c else 1
save = json.load(open(glob.glob(out + '/*.json')[0]))
named, got, seen = set(), {}, set()

def path(u):
    assert u.startswith('file:///'), u
    return unquote(u[len('file://'):])

def ihdr(p):
    """(w, h) of a PNG from its header, for a sheet pngdiff decodes."""
    b = open(p, 'rb').read(24)
    assert b[:8] == b'\x89PNG\r\n\x1a\n' and b[12:16] == b'IHDR', p
    return struct.unpack('>II', b[16:24])

# The folder's images, sized by one pngsize (an image named elsewhere
# is sized when it is named); but the sheets and first backs whose
# cells pngdiff compares below, which it decodes whole: their headers
# give their sizes, and a 4096 px sheet is decoded once, not twice.
compared = set()
for o in save['ObjectStates']:
    for c in [o] + o.get('ContainedObjects', []):
        cd = c.get('CustomDeck')
        if cd:
            first = cd[min(cd, key=int)]['BackURL']
            compared.add(os.path.realpath(path(first)))
            compared.update(os.path.realpath(path(e['FaceURL']))
                            for e in cd.values())
pngs = [os.path.join(out, f) for f in sorted(os.listdir(out))
        if f.endswith('.png')]
cache = {os.path.realpath(p): wh for p, wh in sizes(
    [p for p in pngs if os.path.realpath(p) not in compared]).items()}
cache.update((os.path.realpath(p), ihdr(p)) for p in pngs
             if os.path.realpath(p) in compared)

def local(u):
    p = path(u)
    named.add(os.path.basename(p))
    if os.path.realpath(p) not in cache:
        cache[os.path.realpath(p)] = png(p)
    return cache[os.path.realpath(p)]

def deck(cd, ids):
    # The hidden slot of every sheet holds the deck's first back.
    first = cd[min(cd, key=int)]['BackURL']
    for key, e in cd.items():
        if json.dumps(e, sort_keys=True) in seen:
            continue
        seen.add(json.dumps(e, sort_keys=True))
        face, nw, nh = local(e['FaceURL']), e['NumWidth'], e['NumHeight']
        if not (1 <= nw <= 10 and 1 <= nh <= 7):
            bad.append('%s: a grid of %d x %d' % (e['FaceURL'], nw, nh))
        back = local(e['BackURL'])
        cw, ch = (back[0] // nw, back[1] // nh) if e['UniqueBack'] else \
            back[:2]
        if (face[0], face[1]) != (nw * cw, nh * ch) or \
                max(face[:2]) > 4096:
            bad.append('%s: %d x %d px, not %d x %d faces of %d x %d' %
                       (e['FaceURL'], face[0], face[1], nw, nh, cw, ch))
            continue
        same_cell(path(e['FaceURL']), (nw - 1) * cw, (nh - 1) * ch,
                  path(first), 0, 0, cw, ch,
                  '%s: the hidden slot is not the back' % e['FaceURL'])
        if e['BackIsHidden']:
            bad.append('%s: BackIsHidden' % e['FaceURL'])
    for i in ids:
        e = cd.get(str(i // 100))
        if e is None or i % 100 >= e['NumWidth'] * e['NumHeight'] - 1:
            bad.append('card id %d is on no sheet' % i)

for o in save['ObjectStates']:
    if o['Name'] == 'Deck':
        deck(o['CustomDeck'], o['DeckIDs'])
        if len(o['DeckIDs']) != len(o['ContainedObjects']):
            bad.append('%s: DeckIDs and cards differ' % o['Nickname'])
        cards = o['ContainedObjects']
    else:
        cards = [o]
    for c in cards:
        if c['Name'] == 'Card':
            deck(c['CustomDeck'], [c['CardID']])
        else:
            local(c['CustomImage']['ImageURL'])
            if c['CustomImage']['ImageSecondaryURL']:
                local(c['CustomImage']['ImageSecondaryURL'])
        got[c['Memo']] = got.get(c['Memo'], 0) + c.get('Number', 1)
compare_cells()
# The saved object's thumbnail is named by no object.
files = {f for f in os.listdir(out) if f.endswith('.png')} - {
    os.path.basename(glob.glob(out + '/*.json')[0])[:-5] + '.png'}
if files != named:
    bad.append('written, not named: %s; named, not written: %s' %
               (sorted(files - named), sorted(named - files)))
if got != want:
    bad.append('counts differ from deck.yaml: %s' % sorted(
        (k, got.get(k), want.get(k)) for k in set(got) | set(want)
        if got.get(k) != want.get(k)))
print('\n'.join(bad))
sys.exit(1 if bad else 0)
EOF

# objects DECK OUT LANG [TRIM]: every object of OUT's saved object as
# large on the table as printed, its size in mm read from its layout
# (TTS_CARD_MM: a card's height at scale 1, 80 mm; TTS_TILE_MM: a
# tile's side, 30.1 mm), one scale for a card; Hands, HideWhenFaceDown
# and SidewaysCard (landscape) on cards and decks; the type of each
# shape (a card's: rect 1, rounded 0, circle 4; a tile's: box 0,
# circle 2, rounded 3); stackable tiles but boards, no two objects of
# the same images (identical tokens are one stack); names in LANG: a
# card's Nickname its title in DECK/text/LANG.yaml, its Description
# holding its body, a deck's Nickname its kind's name (or the pack's word for
# cards); the thumbnail a 256 px PNG; with TRIM (export --trim at the
# sheets' dpi), each sheet cell the pixels of its card's face.
objects() { py "$T/objects.py" "$@"; }
cat >"$T/objects.py" <<'EOF2'
import glob, json, os, re, subprocess, sys
from urllib.parse import unquote

deckdir, out, lang = sys.argv[1:4]
trim = sys.argv[4] if len(sys.argv) > 4 else None
CARD_MM, TILE_MM = 80.0, 80.0 * 1.318 / 3.5
bad = []
yaml = open(deckdir + '/deck.yaml').read()
game = re.search(r'^game: (\S+)', yaml, re.M).group(1)
presets = {m.group(1): (float(m.group(2)), float(m.group(3))) for m in
           re.finditer(r'\{ "([\w-]+)", ([\d.]+), ([\d.]+) \}',
                       open('src/tmpl/tmpl.c').read())}

def layout(ref):
    # A layout's trim in mm, its shape and whether it is a board.
    path = os.path.join(deckdir, ref) if ref.startswith('.') else \
        'layouts/%s.yaml' % ref
    t = open(path).read()
    m = re.search(r'^(?:size|card): (.*)$', t, re.M)
    v, shape = m.group(1).strip(), 'rect'
    if v in presets:
        w, h = presets[v]
    elif 'diameter_mm' in v:
        w = h = float(re.search(r'diameter_mm: ([\d.]+)', v).group(1))
        shape = 'circle'
    elif 'height_mm' in v:
        w = float(re.search(r'width_mm: ([\d.]+)', v).group(1))
        h = float(re.search(r'height_mm: ([\d.]+)', v).group(1))
    m = re.search(r'^shape: (\w+)', t, re.M)
    shape = m.group(1) if m else shape
    if shape == 'hex':
        # Across the flats and corner to corner: a regular hex.
        side = re.search(r'side_mm: ([\d.]+)', v)
        flat = re.search(r'^orient: flat', t, re.M) is not None
        across = float(side.group(1)) * 3 ** 0.5 if side else \
            float(re.search(r'width_mm: ([\d.]+)', v).group(1))
        corner = across * 2 / 3 ** 0.5
        w, h = (corner, across) if flat else (across, corner)
    return w, h, shape, re.search(r'^tile: true', t, re.M) is not None

kinds = {m.group(1): layout(m.group(2)) for m in re.finditer(
    r'^  ([\w-]+): \{layout: ([^,}]+)', yaml, re.M)}
if not kinds:
    kinds = {'card': layout(re.search(r'^layout: (\S+)', yaml,
                                      re.M).group(1))}
text = open('%s/text/%s.yaml' % (deckdir, lang)).read()
cards = text[text.find('cards:'):]

def field(id, name):
    # Card id's field name in the text file, if written there, in block
    # style or flow style ({title: Gold}).
    m = re.search(r'^  %s:\n((?:    .*\n)+)' % re.escape(id), cards, re.M)
    f = m and re.search(r'^    %s: (.*)$' % name, m.group(1), re.M)
    if not m:
        m = re.search(r'^  %s: \{(.*)\}$' % re.escape(id), cards, re.M)
        f = m and re.search(r'(?:^|, )%s: ([^,]*)' % name, m.group(1))
    return f.group(1).strip('"') if f else None

def kind_name(k):
    m = re.search(r'^  %s: \{name: ([^,}]+)' % k, text, re.M) or \
        re.search(r'^  %s:\n    name: (.*)$' % k, text, re.M)
    if m:
        return m.group(1)
    if len(kinds) == 1:
        pack = open('layouts/pack/%s.yaml' % lang).read()
        return re.search(r'^  cards: (.*)$', pack, re.M).group(1)
    return k

def kind_of(url):
    # The kind an image URL is of: GAME-LANG-KIND-...png.
    name = os.path.basename(unquote(url))[len(game) + len(lang) + 2:]
    return max((k for k in kinds if name.startswith(k + '-')), key=len)

def near(a, b, what):
    if abs(a - b) > 0.01:
        bad.append('%s: %.3f mm, not %.3f' % (what, a, b))

def card(o, k):
    w, h, shape, board = kinds[k]
    t = o['Transform']
    near(t['scaleZ'] * CARD_MM, h, '%s height' % o['Nickname'])
    if t['scaleX'] != t['scaleZ']:
        bad.append('%s: scaleX %g, scaleZ %g' % (o['Nickname'],
                   t['scaleX'], t['scaleZ']))
    for key, want in (('Hands', True), ('HideWhenFaceDown', True),
                      ('SidewaysCard', w > h)):
        if o.get(key) != want:
            bad.append('%s: %s is %s' % (o['Nickname'], key, o.get(key)))
    for e in o['CustomDeck'].values():
        if e['Type'] != {'rect': 1, 'rounded': 0, 'circle': 4}[shape]:
            bad.append('%s: card type %d' % (o['Nickname'], e['Type']))

def names(o):
    title, body = field(o['Memo'], 'title'), field(o['Memo'], 'body')
    # As plain text: **bold** and *italic* without their stars.
    body = body and re.sub(r'\*+', '', body)
    if title is None and sum(1 for m in re.finditer(r'component: %s[,}]' %
                             o['kind'], yaml)) == 1:
        title = kind_name(o['kind'])
    if title is not None and o['Nickname'] != title:
        bad.append('%s: named %r, not %r' % (o['Memo'], o['Nickname'],
                                             title))
    if body is not None and body not in o['Description']:
        bad.append('%s: described %r' % (o['Memo'], o['Description']))

sys.path.insert(0, "tests/tools")
from pngtools import diffs, sizes

# The faces --trim wrote, sized by one pngsize; each card's cell and
# its face compared by one pngdiff for them all, at the end.
faces = sizes(sorted(os.path.join(trim, f) for f in os.listdir(trim)
                     if f.endswith('-front.png'))) if trim else {}
queued = []

def cells(o, k):
    # The card's sheet cell and its face exported with --trim.
    e = o['CustomDeck'][str(o['CardID'] // 100)]
    sheet = unquote(e['FaceURL'])[len('file://'):]
    face = '%s/%s-front.png' % (trim, o['Memo'])
    if not os.path.exists(face):
        return
    w, h = faces[face] if face in faces else sizes([face])[face]
    i = o['CardID'] % 100
    assert not any(c.isspace() for c in sheet + face), (sheet, face)
    queued.append(('%s %d %d %s 0 0 %d %d\n' % (sheet, i % e['NumWidth'] * w,
                  i // e['NumWidth'] * h, face, w, h), o['Memo']))

def compare_cells():
    got = diffs([d[0] for d in queued])
    for (d, memo), most in zip(queued, got):
        if most != '0':
            bad.append('%s: its cell differs from its face by %s' %
                       (memo, most))

save = json.load(open('%s/%s-%s.json' % (out, game, lang)))
images = set()
for o in save['ObjectStates']:
    if o['Name'] in ('Deck', 'Card'):
        cd = next(iter(o['CustomDeck'].values()))
        k = kind_of(cd['FaceURL'])
        card(o, k)
        if o['Name'] == 'Deck' and o['Nickname'] != kind_name(k):
            bad.append('deck %s named %r' % (k, o['Nickname']))
        for c in o.get('ContainedObjects', [o]):
            c['kind'] = k
            card(c, k)
            names(c)
            if trim:
                cells(c, k)
        continue
    ci = o['CustomImage']
    k = kind_of(ci['ImageURL'])
    w, h, shape, board = kinds[k]
    o['kind'] = k
    t = o['Transform']
    near(t['scaleX'] * TILE_MM, w, '%s width' % o['Memo'])
    near(t['scaleZ'] * TILE_MM, h, '%s height' % o['Memo'])
    names(o)
    want = {'rect': 0, 'hex': 1, 'circle': 2, 'rounded': 3}[shape]
    if ci['CustomTile']['Type'] != want or \
            ci['CustomTile']['Stackable'] == board:
        bad.append('%s: tile %s' % (o['Memo'], ci['CustomTile']))
    pair = (ci['ImageURL'], ci['ImageSecondaryURL'])
    if pair in images:
        bad.append('%s: a second object of the same images' % o['Memo'])
    images.add(pair)
compare_cells()
thumb = '%s/%s-%s.png' % (out, game, lang)
if open(thumb, 'rb').read(8) != b'\x89PNG\r\n\x1a\n' or \
        subprocess.run(['./out/test/pngsize', thumb], check=True,
                       capture_output=True,
                       text=True).stdout.split()[:2] != ['256', '256']:
    bad.append('%s: not a 256 x 256 PNG' % thumb)
print('\n'.join(bad))
sys.exit(1 if bad else 0)
EOF2

# same A B: two runs' folders hold the same files, byte for byte.
same() {
	(cd "$1" && ls) >"$T/a.ls"
	(cd "$2" && ls) >"$T/b.ls"
	cmp "$T/a.ls" "$T/b.ls" || return 1
	for f in $(cat "$T/a.ls"); do
		cmp "$1/$f" "$2/$f" || return 1
	done
}

# has FILE TEXT: the report says TEXT.
has() { grep -F -- "$2" "$1" >/dev/null || { cat "$1"; return 1; }; }

# --- Data Chain: 31 faces, one back -----------------------------------
check "tts: Data Chain en exports" tts $DC en "$T/dc"
check "tts: Data Chain en's sheets, hidden slot and counts" \
    sheets $DC "$T/dc"
# 63 x 88 mm: at 235 dpi 583 x 814 px a card, 7 x 5 in 4096 px.
check "tts: the report gives the sheet, its grid, size and dpi" \
    has "$T/dc.out" "'card', 31 faces at 235 dpi, 583 x 814 px a card: data-chain-en-card-1.png 7 x 5 (4081 x 4070 px); data-chain-en-card-back.png"
# Spanish at 60 dpi: what its checks test, the names in Spanish, the
# sheets' grid, hidden slot and counts, and that its sheet is not the
# English one (against the English at 60 dpi, below), is the same at
# any dpi; the default's 235 dpi, lowered to fit, is the English run's.
# 60 dpi costs 0.06 s of CPU to export and decode, where 235 cost 0.5.
check "tts: Data Chain es exports" tts $DC es "$T/dc-es" --dpi 60
check "tts: Data Chain es's sheets, hidden slot and counts" \
    sheets $DC "$T/dc-es"
check "tts: Data Chain en's objects: sizes, hands, names in English" \
    objects $DC "$T/dc" en
check "tts: Data Chain es's objects: names in Spanish" \
    objects $DC "$T/dc-es" es
# The JSON names the folder: the second run into the same one.
check "tts: a second run" tts $DC en "$T/dc2"
mv "$T/dc2" "$T/dc2x"
check "tts: ... and a third into the same folder" \
    tts $DC en "$T/dc2"
check "tts: two runs write the same bytes" same "$T/dc2x" "$T/dc2"
# --dpi 60: 63 x 88 mm at 60 dpi is 149 x 208 px; no limit is reached,
# so the most compact grid for 32 slots, 7 x 5.
check "tts: --dpi 60 is honoured" tts $DC en "$T/dc60" \
    --dpi 60
check "tts: --dpi 60's report" has "$T/dc60.out" \
    "31 faces at 60 dpi, 149 x 208 px a card: data-chain-en-card-1.png 7 x 5 (1043 x 1040 px)"
check "tts: --dpi 60's sheets" sheets $DC "$T/dc60"
# Both at 60 dpi, of one size: only their text can tell them apart.
check "tts: the Spanish sheet is not the English one" \
    eval '! cmp -s "$T/dc60/data-chain-en-card-1.png" "$T/dc-es/data-chain-es-card-1.png"'
# Every cell the pixels "export --trim" draws of its face, at 60 dpi.
check "tts: faces cut at the trim at 60 dpi" eval '$WRAP ./deckpress export \
    $DC --lang en -o "$T/trim60" --dpi 60 --trim >/dev/null'
check "tts: each cell is its face's pixels" \
    objects $DC "$T/dc60" en "$T/trim60"

# --- Serious Privacy: decks, a character deck, boards and tokens -------
# At 100 dpi, to keep the suite quick: its 300 dpi sheets are as Data
# Chain's, lowered to fit.
check "tts: Serious Privacy exports" tts cards/serious-privacy en "$T/sp" \
    --dpi 100
check "tts: Serious Privacy's sheets, tiles and counts" \
    sheets cards/serious-privacy "$T/sp"
# As many token images as deck.yaml has token entries, whatever each's
# count (tokens 20 mm + 2 x 2 mm of bleed: 79 px at 100 dpi).
ntok=$(grep -c '^  - {id: [a-z0-9-]*, component: token[,}]' \
    cards/serious-privacy/deck.yaml)
check "tts: its boards and tokens are single images ($ntok tokens)" \
    has "$T/sp.out" "'token', $ntok images of 79 x 79 px at 100 dpi"
check "tts: its objects as large as printed, tokens stacked" \
    objects cards/serious-privacy "$T/sp" en
# 30 fatigue tokens, one stack of 30.
check "tts: 30 identical tokens are one stack of 30" eval \
    'grep -A4 "\"Memo\" : \"fatigue-token\"" "$T/sp/serious-privacy-en.json" |
    grep -q "\"Number\" : 30"'
check "tts: the report names the thumbnail" has "$T/sp.out" \
    "serious-privacy-en.png, its thumbnail"

# --- a back of each card's own: back sheets ---------------------------
check "tts: the component deck exports" \
    tts tests/decks/components en "$T/comp" --dpi 100
check "tts: its face and back sheets" sheets tests/decks/components "$T/comp"
check "tts: its objects, a landscape sheet sideways" \
    objects tests/decks/components "$T/comp" en
check "tts: backs that differ make back sheets" has "$T/comp.out" \
    "'alpha', 11 faces at 100 dpi, 248 x 346 px a card: components-en-alpha-1.png 4 x 3 (992 x 1038 px); back sheets of the same grid"

# --- hex tiles: hex custom tiles at their size ------------------------
check "tts: the hex deck exports" tts tests/decks/hex en "$T/hex" --dpi 100
check "tts: its hexes are hex tiles, pointy and flat, at their size" \
    objects tests/decks/hex "$T/hex" en

# --- dice and a tuck box: skipped, a warning each ---------------------
check "tts: dice and a tuck box: exit 0, a warning each, only the cards" \
    eval '$WRAP ./deckpress export tests/decks/nets --lang en -o "$T/nets" \
    --tts >"$T/nets.out" 2>"$T/nets.err" &&
    [ "$(grep -c "skipped: a die'"'"'s faces go to" "$T/nets.err")" = 4 ] &&
    grep -q "kind '"'"'box'"'"' skipped: a tuck box is folded" "$T/nets.err" &&
    [ "$(ls "$T/nets" | tr "\n" " ")" = "nets-en-card-1.png nets-en-card-back.png nets-en.json nets-en.png " ]'

# --- 75 cards: two sheets ---------------------------------------------
mkdir -p "$T/big/text"
grep -v "component: beta\|component: gamma" \
    tests/decks/components/cards.yaml >"$T/big/cards.yaml"
{
	printf 'game: big\ntitle: Big\nlanguages: [en]\ncomponents:\n'
	printf '  alpha: {layout: ./cards.yaml}\n'
	printf 'attributes: {mark: text, back: text, color: text}\ncards:\n'
	i=1
	while [ $i -le 75 ]; do
		printf '  - {id: c%02d, component: alpha, mark: "#%02x40c0", back: "#c04040"%s}\n' \
		    $i $((i * 3)) "$([ $i -eq 7 ] && echo ', count: 3')"
		i=$((i + 1))
	done
} >"$T/big/deck.yaml"
printf 'components:\n  alpha: {name: Alpha}\ncards: {}\n' \
    >"$T/big/text/en.yaml"
check "tts: a 75-card deck exports" tts "$T/big" en "$T/bigo"
check "tts: its two sheets, 69 faces and 6" has "$T/bigo.out" \
    "'alpha', 75 faces at 165 dpi"
check "tts: ... the first 10 x 7" has "$T/bigo.out" \
    "big-en-alpha-1.png 10 x 7 ("
check "tts: ... 10 x 7 and a smaller grid" has "$T/bigo.out" \
    "big-en-alpha-2.png 4 x 2 ("
check "tts: the 75-card deck's sheets and counts" sheets "$T/big" "$T/bigo"

# --- deckpress new's game; a rounded board -----------------------------
# The game a designer starts from, as it comes: cards and round tokens.
rm -rf "$T/new"
mkdir -p "$T/new"
check "tts: deckpress new's game" eval '(cd "$T/new" &&
    "$OLDPWD/deckpress" new quest >/dev/null)'
check "tts: ... exports" tts "$T/new/quest" en "$T/newo" --dpi 100
check "tts: ... its sheets and counts" sheets "$T/new/quest" "$T/newo"
check "tts: ... its objects as large as printed, tokens stacked" \
    objects "$T/new/quest" "$T/newo" en
# The component deck with its board rounded: a rounded tile (Type 3).
rm -rf "$T/round"
cp -R tests/decks/components "$T/round"
sed 's/^tile: true$/tile: true\nshape: rounded\ncorner_mm: 5/' \
    tests/decks/components/board.yaml >"$T/round/board.yaml"
check "tts: a rounded board exports" tts "$T/round" en "$T/roundo" \
    --dpi 30
check "tts: ... as a rounded tile" objects "$T/round" "$T/roundo" en

# --- usage ------------------------------------------------------------
# usage ARGS...: export exits 2, saying why, and writes nothing.
usage() {
	rc=0
	./deckpress export $DC --lang en -o "$T/u" "$@" \
	    2>"$T/u.err" || rc=$?
	[ $rc -eq 2 ] && [ ! -e "$T/u" ] && grep -q "one at a time" "$T/u.err" ||
	    { echo "exit $rc"; cat "$T/u.err"; return 1; }
}
check "tts: --tts with --boxes is a usage error" usage --tts --boxes
check "tts: --tts with --per-card-pdf is a usage error" usage --tts \
    --per-card-pdf
# A link where the saved object goes: refused before any image.
link() {
	mkdir -p "$T/link"
	ln -sf /nonexistent "$T/link/data-chain-en.json"
	rc=0
	./deckpress export $DC --lang en -o "$T/link" --tts \
	    2>"$T/link.err" || rc=$?
	[ $rc -eq 3 ] && grep -q "symbolic link" "$T/link.err" &&
	    [ -z "$(ls "$T/link" | grep png)" ] ||
	    { echo "exit $rc"; cat "$T/link.err"; ls "$T/link"; return 1; }
}
check "tts: a symbolic link in DIR: exit 3, no image written" link

# serve.py ends as its FIFO closes; waited for, so that its CPU (and its
# children's) is counted as the suite's, and no process outlives it.
py_stop

summary tts
