# SPDX-License-Identifier: MIT
"""
Calibrate the SVG filter cost model (src/art/svgweigh.c): draw SVGs of
one filter primitive (or a chain of them, or many small filtered or
masked dots) at several sizes and settings with out/test/svgtime, which
draws them as deckpress does and prints what librsvg took and what the
model estimates, and print per case the processor time, the time per
canvas pixel, the model's pixel operations and the nanoseconds each
took, the peak memory of the process and the model's bytes of layers.

usage: python3 tests/tools/svgcalib.py [-q] [-r RUNS] [FILTER]
        (from the repo root, after make out/test/svgtime)

-q leaves out the largest canvases; RUNS (default 3) runs of each
case, the fastest kept; FILTER keeps the cases whose name has it.
"""
import os
import subprocess
import sys
import tempfile

SVGTIME = "out/test/svgtime"


def svg(w, h, filt, body=None, defs=""):
	"""A w x h px SVG: a rect over it all drawn through filter filt."""
	if body is None:
		body = '<rect width="%d" height="%d" fill="#c33" ' \
		    'filter="url(#f)"/>' % (w, h)
	return ('<svg xmlns="http://www.w3.org/2000/svg" '
	    'xmlns:xlink="http://www.w3.org/1999/xlink" width="%d" '
	    'height="%d">%s<filter id="f">%s</filter>%s</svg>\n' %
	    (w, h, defs, filt, body))


def dots(n, filt_attr):
	"""n small circles, each drawn through filt_attr."""
	return "".join('<circle cx="%d" cy="%d" r="10" fill="#c33" %s/>' %
	    (20 + (i % 20) * 40, 20 + (i // 20) * 40, filt_attr)
	    for i in range(n))


SHADOW = ('<feGaussianBlur in="SourceAlpha" stdDeviation="8"/>'
    '<feOffset dx="6" dy="6" result="o"/>'
    '<feFlood flood-color="#000" flood-opacity="0.5"/>'
    '<feComposite in2="o" operator="in"/>'
    '<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>')
GLOW = ('<feMorphology operator="dilate" radius="2" in="SourceAlpha"/>'
    '<feGaussianBlur stdDeviation="4"/>'
    '<feFlood flood-color="#fc0"/><feComposite in2="SourceAlpha" '
    'operator="out"/><feMerge><feMergeNode/>'
    '<feMergeNode in="SourceGraphic"/></feMerge>')


# One primitive each, taking the last one's result: chained.
CHAIN = [("offset", '<feOffset dx="1"/>'),
    ("flood", '<feFlood flood-color="#0f0" flood-opacity="0.5"/>'),
    ("composite", '<feComposite in2="SourceGraphic" operator="in"/>'),
    ("arithmetic", '<feComposite in2="SourceGraphic" operator="arithmetic" '
    'k1="0.5" k2="0.5" k3="0.5" k4="0.1"/>'),
    ("blend", '<feBlend in2="SourceGraphic" mode="multiply"/>'),
    ("colormatrix", '<feColorMatrix type="saturate" values="0.3"/>'),
    ("transfer", '<feComponentTransfer><feFuncR type="table" '
    'tableValues="0 0.5 1"/><feFuncG type="gamma" exponent="2"/>'
    '</feComponentTransfer>'),
    ("merge2", '<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/>'
    '</feMerge>'),
    ("tile", '<feTile/>'),
    ("blur1", '<feGaussianBlur stdDeviation="1.9"/>'),
    ("blur5", '<feGaussianBlur stdDeviation="5"/>'),
    ("morph1", '<feMorphology radius="1"/>'),
    ("morph3", '<feMorphology radius="3"/>'),
    ("convolve3", '<feConvolveMatrix order="3" kernelMatrix="1 1 1 1 1 1 '
    '1 1 1"/>'),
    ("turbulence1", '<feTurbulence baseFrequency="0.05"/>'),
    ("turbulence4", '<feTurbulence baseFrequency="0.05" numOctaves="4"/>'),
    ("diffuse", '<feDiffuseLighting surfaceScale="5"><feSpotLight x="50" '
    'y="50" z="100" pointsAtX="200" pointsAtY="200" limitingConeAngle="30"/>'
    '</feDiffuseLighting>'),
    ("specular", '<feSpecularLighting surfaceScale="5" specularExponent="20">'
    '<feSpotLight x="50" y="50" z="100" pointsAtX="200" pointsAtY="200" '
    'limitingConeAngle="30"/></feSpecularLighting>'),
    ("displacement", '<feDisplacementMap in2="SourceGraphic" scale="20"/>'),
    ("image", '<feImage xlink:href="#dot"/>'),
    ("alpha", '<feOffset in="SourceAlpha"/>'),
    ("ablur5", '<feGaussianBlur in="SourceAlpha" stdDeviation="5"/>'),
    ("ablur1", '<feGaussianBlur in="SourceAlpha" stdDeviation="1.9"/>')]


def cases(quick):
	"""(name, svg text) for every case measured."""
	sizes = [300, 700, 1200] if quick else [300, 700, 1200, 2000]
	out = []
	for s in sizes:
		for r in ["0.5", "1", "2", "5", "10", "1000"]:
			out.append(("morphology r=%s %d" % (r, s),
			    svg(s, s, '<feMorphology radius="%s"/>' % r)))
		for d in ["0.5", "1.9", "2", "20", "1000"]:
			out.append(("blur sd=%s %d" % (d, s),
			    svg(s, s, '<feGaussianBlur stdDeviation="%s"/>' % d)))
		for o in [3, 5, 10, 20]:
			out.append(("convolve order=%d %d" % (o, s),
			    svg(s, s, '<feConvolveMatrix order="%d" '
			    'kernelMatrix="%s"/>' % (o, " ".join(["1"] * o * o)))))
		for k in ["1", "0.5", "0.2"]:
			if s <= 700:
				out.append(("convolve klu=%s %d" % (k, s),
				    svg(s, s, '<feConvolveMatrix order="3" '
				    'kernelMatrix="1 1 1 1 1 1 1 1 1" '
				    'kernelUnitLength="%s"/>' % k)))
		for n in [1, 4, 10]:
			out.append(("turbulence octaves=%d %d" % (n, s),
			    svg(s, s, '<feTurbulence baseFrequency="0.05" '
			    'numOctaves="%d"/>' % n)))
		for light in ['<feDistantLight azimuth="45" elevation="45"/>',
		    '<fePointLight x="50" y="50" z="100"/>',
		    '<feSpotLight x="50" y="50" z="100" pointsAtX="200" '
		    'pointsAtY="200" specularExponent="4" '
		    'limitingConeAngle="30"/>']:
			name = light.split()[0][1:]
			out.append(("diffuse %s %d" % (name, s),
			    svg(s, s, '<feDiffuseLighting surfaceScale="5">'
			    '%s</feDiffuseLighting>' % light)))
			out.append(("specular %s %d" % (name, s),
			    svg(s, s, '<feSpecularLighting surfaceScale="5" '
			    'specularExponent="20">%s</feSpecularLighting>' %
			    light)))
		for name, prim in [
		    ("offset", '<feOffset dx="5" dy="5"/>'),
		    ("flood", '<feFlood flood-color="#0f0"/>'),
		    ("composite", '<feComposite in2="SourceAlpha" '
		    'operator="in"/>'),
		    ("arithmetic", '<feComposite in2="SourceAlpha" '
		    'operator="arithmetic" k1="0.5" k2="0.5" k3="0.5" '
		    'k4="0.1"/>'),
		    ("blend", '<feBlend in2="SourceAlpha" mode="multiply"/>'),
		    ("colormatrix", '<feColorMatrix type="saturate" '
		    'values="0.3"/>'),
		    ("transfer", '<feComponentTransfer><feFuncR '
		    'type="table" tableValues="0 0.5 1"/><feFuncG '
		    'type="gamma" exponent="2"/></feComponentTransfer>'),
		    ("merge2", '<feMerge><feMergeNode in="SourceAlpha"/>'
		    '<feMergeNode in="SourceGraphic"/></feMerge>'),
		    ("tile", '<feOffset dx="3" result="t"/><feTile/>'),
		    ("displacement", '<feTurbulence baseFrequency="0.05" '
		    'result="n"/><feDisplacementMap in="SourceGraphic" '
		    'in2="n" scale="20"/>'),
		    ("image", '<feImage xlink:href="#dot"/>'),
		    ("dropshadow", '<feDropShadow dx="4" dy="4" '
		    'stdDeviation="5"/>'),
		    ("shadow", SHADOW), ("glow", GLOW)]:
			defs = '<circle id="dot" r="20" cx="50" cy="50"/>' \
			    if name == "image" else ""
			out.append(("%s %d" % (name, s), svg(s, s, prim,
			    defs=defs)))
	# Chains: each primitive once and six times over, one after the
	# other, for what one more costs within a filter.
	for s in [800, 1400]:
		for name, prim in CHAIN:
			for n in [1, 6]:
				out.append(("chain %s x%d %d" % (name, n, s),
				    svg(s, s, prim * n, defs='<circle id="dot" '
				    'r="20" cx="50" cy="50"/>')))
	# Layers: many small filtered dots on a large canvas.
	for s in ([700, 1500] if quick else [700, 1500, 2000]):
		for n in [1, 10, 40]:
			out.append(("layers offset x%d %d" % (n, s), svg(s, s,
			    '<feOffset dx="1"/>', body=dots(n,
			    'filter="url(#f)"'))))
			out.append(("layers shadow x%d %d" % (n, s), svg(s, s,
			    SHADOW, body=dots(n, 'filter="url(#f)"'))))
			out.append(("layers mask x%d %d" % (n, s), svg(s, s, "",
			    defs='<mask id="m"><rect width="%d" height="%d" '
			    'fill="#fff"/></mask>' % (s, s), body=dots(n,
			    'mask="url(#m)"'))))
	return out


def run(path):
	"""svgtime's numbers for one file: w h cpu kb ok est."""
	r = subprocess.run([SVGTIME, path], capture_output=True, text=True,
	    timeout=600)
	if r.returncode != 0:
		sys.exit("svgcalib: svgtime failed on %s: %s" % (path,
		    r.stderr.strip()))
	return r.stdout.split()


def main():
	args = sys.argv[1:]
	quick = "-q" in args
	args = [a for a in args if a != "-q"]
	runs = 3
	if args[:1] == ["-r"]:
		runs = int(args[1])
		args = args[2:]
	want = args[0] if args else ""
	if not os.access(SVGTIME, os.X_OK):
		sys.exit("svgcalib: make %s first" % SVGTIME)
	print("%-30s %8s %7s %10s %6s %7s %7s" % ("case", "cpu s", "ns/px",
	    "ops", "ns/op", "MB", "est MB"))
	with tempfile.TemporaryDirectory() as d:
		path = os.path.join(d, "case.svg")
		for name, text in cases(quick):
			if want not in name:
				continue
			with open(path, "w") as f:
				f.write(text)
			best = None
			for _ in range(runs):
				v = run(path)
				if best is None or float(v[2]) < float(best[2]):
					best = v
			w, h, cpu, kb = (float(best[0]), float(best[1]),
			    float(best[2]), int(best[3]))
			est, mem = float(best[5]), float(best[6])
			print("%-30s %8.4f %7.1f %10.0f %6s %7.1f %7.1f" % (name,
			    cpu, cpu * 1e9 / (w * h), est,
			    "%.2f" % (cpu * 1e9 / est) if est > 0 else "-",
			    kb / 1024, mem / 1048576), flush=True)


if __name__ == "__main__":
	main()
