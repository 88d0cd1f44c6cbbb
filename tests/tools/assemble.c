/* SPDX-License-Identifier: MIT */
/*
 * assemble: put the tiles of a board back together as a player would,
 * from rasters of its tile pages ("pdftoppm -r 600 -aa no -aaVector
 * no", binary PPM, or with -gray binary PGM), and measure the spaces
 * on the assembled board.
 * Nothing is taken from deckpress: each tile's cut lines are found from
 * its crop marks, its join lines from the pixels, and each tile is laid
 * with its cut edge on its neighbour's join line.
 *
 *   assemble [-r DPI] [-o OUT.ppm] [-s SPACES] TILE.ppm ...
 *
 * takes the tiles row by row (the grid follows from their join lines)
 * and reads the spaces to measure from stdin (with -s, from the file
 * SPACES), one a line, "rect X Y W H" or "circle X Y W H": where each
 * space's outline should be on the board, mm from its trim's top-left.
 * A TILE "-" (with -s) is the next page on stdin: pdftoppm -f M -l N
 * piped in, its pages one after another, never written to files.  It
 * prints, in mm:
 *
 *   tile I cut L T R B join JX JY window X0 Y0 X1 Y1   (on its page;
 *                         a join of -1: none; the window is where
 *                         the crop marks end, each side)
 *   glue I GX GY          its glue strips: cut edge less join line
 *   grid ROWS COLS
 *   board W H             the assembled board, cut edge to cut edge
 *   misfit PX             the most that a tile's edges miss those of
 *                         the tiles in line with it, in pixels
 *   ticks x|y AT N MATCHED DMAX   the ticks crossing a seam at AT, on
 *                         each side of it; DMAX the worst offset
 *   space I rect|circle #rrggbb X Y W H [D]   what was found where
 *                         space I should be: its outline's outer box
 *                         (D: a circle's fitted outer diameter)
 *
 * Grey tiles (all of them) make a grey board: a pixel of grey G reads
 * as the colour #GGGGGG, black as black.  Nothing here needs a colour,
 * only where a colour changes: a third of the bytes to render and read.
 *
 *   assemble -rings [-r DPI] PAGE.ppm RRGGBB
 *
 * measures the rings of one colour on a page (deckpress's cut
 * circles): "ring CX CY W H DW DH", centre, outer width and height,
 * and the diameters of the stroke's middle line across and down.
 *
 * Exit 0; 1 with a message when a tile's marks are not found or its
 * join lines do not fit a grid; 2 on a usage or I/O error.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppm.h"

/* A tile's lines, in pixels (pixel-edge coordinates) on its page. */
struct tile {
	struct ppm	 im;
	double		 cut[4];	/* left, top, right, bottom */
	double		 jx, jy;	/* join lines; < 0: none */
	double		 win[4];	/* window, between the marks */
	long		 sx, sy;	/* page pixel + s = board pixel */
};

struct comp {
	long	x0, y0, x1, y1, n;	/* inclusive pixel box */
};

static double dpi = 600;

static double
mm(double px)
{
	return px * 25.4 / dpi;
}

static double
px(double v_mm)
{
	return v_mm * dpi / 25.4;
}

static uint32_t
rgb(const struct ppm *im, long x, long y)
{
	const unsigned char *p;

	if (x < 0 || y < 0 || x >= im->w || y >= im->h)
		return 0xffffff;
	p = im->p + (size_t)im->bpp * ((size_t)y * (size_t)im->w +
	    (size_t)x);
	if (im->bpp == 1)
		return (uint32_t)p[0] * 0x010101;
	return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static int
black(const struct ppm *im, long x, long y)
{
	return rgb(im, x, y) == 0;
}

/*
 * The connected components (4-neighbours) of pixels of colour c.
 * Caller frees *out.
 */
static size_t
components(const struct ppm *im, uint32_t c, struct comp **out)
{
	size_t n = 0, cap = 64, npx = (size_t)im->w * (size_t)im->h;
	size_t sp, maxsp = 1 << 16;
	unsigned char *seen = calloc(npx, 1);
	long *stack = malloc(sizeof(long) * maxsp), x, y;
	struct comp *v = malloc(cap * sizeof(*v));

	for (y = 0; y < im->h; y++)
		for (x = 0; x < im->w; x++) {
			const unsigned char *p = im->p + (size_t)im->bpp *
			    ((size_t)y * (size_t)im->w + (size_t)x);
			struct comp k = { x, y, x, y, 0 };

			/*
			 * rgb() without its bounds, as the scan is inside; a
			 * run of another colour passed over whole.
			 */
			if ((im->bpp == 1 ? (uint32_t)p[0] * 0x010101 :
			    (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 |
			    p[2]) != c) {
				x = ppm_run_end_bpp(p - im->bpp * x, x, im->w,
				    im->bpp) - 1;
				continue;
			}
			if (seen[y * im->w + x])
				continue;
			sp = 0;
			stack[sp++] = y * im->w + x;
			seen[y * im->w + x] = 1;
			while (sp > 0) {
				long q = stack[--sp], qx = q % im->w;
				long qy = q / im->w, nb[4][2] = { { qx - 1, qy },
				    { qx + 1, qy }, { qx, qy - 1 },
				    { qx, qy + 1 } };
				int i;

				k.n++;
				if (qx < k.x0) k.x0 = qx;
				if (qx > k.x1) k.x1 = qx;
				if (qy < k.y0) k.y0 = qy;
				if (qy > k.y1) k.y1 = qy;
				for (i = 0; i < 4; i++) {
					long nx = nb[i][0], ny = nb[i][1];

					if (nx < 0 || ny < 0 || nx >= im->w ||
					    ny >= im->h ||
					    seen[ny * im->w + nx] ||
					    rgb(im, nx, ny) != c)
						continue;
					if (sp == maxsp)
						stack = realloc(stack,
						    sizeof(long) * (maxsp *= 2));
					seen[ny * im->w + nx] = 1;
					stack[sp++] = ny * im->w + nx;
				}
			}
			if (n == cap)
				v = realloc(v, (cap *= 2) * sizeof(*v));
			v[n++] = k;
		}
	free(seen);
	free(stack);
	*out = v;
	return n;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Crop marks: thin straight strokes 4.5 to 5.5 mm long.  A cut line is
 * where two of them lie on one line, one each side of the window.
 * Sets lines[0..1] (sorted) and the inner ends of the marks (*in0:
 * where the first side's marks end, *in1: where the other's start);
 * vertical: marks above and below, giving x.
 */
static int
cut_lines(const struct comp *v, size_t n, int vertical, double lines[2],
    double *in0, double *in1)
{
	double thin = px(0.35), lmin = px(4.5), lmax = px(5.5), tol = px(0.1);
	double found[8];
	size_t i, j, nf = 0;

	*in0 = -1;
	*in1 = 1e12;
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			const struct comp *a = &v[i], *b = &v[j];
			double along_a, along_b, ca, cb, len_a, len_b;
			double th_a, th_b;
			size_t k;

			if (i == j)
				continue;
			if (vertical) {
				th_a = a->x1 - a->x0 + 1;
				th_b = b->x1 - b->x0 + 1;
				len_a = a->y1 - a->y0 + 1;
				len_b = b->y1 - b->y0 + 1;
				ca = (a->x0 + a->x1 + 1) / 2.0;
				cb = (b->x0 + b->x1 + 1) / 2.0;
				along_a = a->y1 + 1;
				along_b = b->y0;
			} else {
				th_a = a->y1 - a->y0 + 1;
				th_b = b->y1 - b->y0 + 1;
				len_a = a->x1 - a->x0 + 1;
				len_b = b->x1 - b->x0 + 1;
				ca = (a->y0 + a->y1 + 1) / 2.0;
				cb = (b->y0 + b->y1 + 1) / 2.0;
				along_a = a->x1 + 1;
				along_b = b->x0;
			}
			/* a before the window, b after it, on one line */
			if (th_a > thin || th_b > thin || len_a < lmin ||
			    len_a > lmax || len_b < lmin || len_b > lmax ||
			    fabs(ca - cb) > tol || along_b - along_a < px(20))
				continue;
			if (along_a > *in0)
				*in0 = along_a;
			if (along_b < *in1)
				*in1 = along_b;
			for (k = 0; k < nf; k++)
				if (fabs(found[k] - (ca + cb) / 2) <= tol)
					break;
			if (k == nf && nf < 8)
				found[nf++] = (ca + cb) / 2;
		}
	if (nf != 2)
		return -(int)nf - 1;
	qsort(found, nf, sizeof(double), cmp_double);
	lines[0] = found[0];
	lines[1] = found[1];
	return 0;
}

/*
 * The black runs of row y between columns x0 and x1 (clipped to the
 * page), each passed to fn(arg, START, END), END past its last pixel.
 * Runs of other colours are passed over whole (ppm_run_end), so a row
 * costs its runs, not its pixels.
 */
static void
black_runs(const struct ppm *im, long y, long x0, long x1,
    void (*fn)(void *, long, long), void *arg)
{
	const unsigned char *row;
	long x, e;

	if (y < 0 || y >= im->h)
		return;
	if (x0 < 0)
		x0 = 0;
	if (x1 > im->w)
		x1 = im->w;
	row = im->p + (size_t)im->bpp * (size_t)y * (size_t)im->w;
	for (x = x0; x < x1; x = e) {
		const unsigned char *p = row + im->bpp * x;

		e = ppm_run_end_bpp(row, x, im->w, im->bpp);
		if (e > x1)
			e = x1;
		if ((im->bpp == 1 ? p[0] : p[0] | p[1] | p[2]) == 0)
			fn(arg, x, e);
	}
}

/*
 * Over the window's rows, each column's black run going on (the row
 * it last grew) and each column's and each row's longest.
 */
struct lineruns {
	long	 x0, y0, y;	/* the window's first column and row; the
				 * row being read */
	long	*run, *last, *col, *row;	/* per column; col, row: the
						 * longest, per line */
};

static void
line_run(void *arg, long s, long e)
{
	struct lineruns *l = arg;
	long a;

	if (e - s > l->row[l->y - l->y0])
		l->row[l->y - l->y0] = e - s;
	for (a = s - l->x0; a < e - l->x0; a++) {
		l->run[a] = l->last[a] == l->y - 1 ? l->run[a] + 1 : 1;
		l->last[a] = l->y;
		if (l->run[a] > l->col[a])
			l->col[a] = l->run[a];
	}
}

/*
 * A join line among lines a0..a1-1 whose longest black runs are
 * most[]: the lines whose run covers most (0.8) of the n pixels
 * across the window.  Returns its middle, -1 if none, -2 if the lines
 * found are not one thin line.
 */
static double
join_line(const long *most, long a0, long a1, long n)
{
	long a, first = -1, last = -1, need = (long)(0.8 * n);

	for (a = a0; a < a1; a++) {
		if (most[a - a0] < need)
			continue;
		if (first >= 0 && a != last + 1)
			break;
		if (first < 0)
			first = a;
		last = a;
	}
	if (a < a1)
		return -2;
	if (first < 0)
		return -1;
	if (last - first + 1 > px(0.5))
		return -2;
	return (first + last + 1) / 2.0;
}

/*
 * The tile's join lines, *jx down the window and *jy across it, as
 * join_line() returns them: the page read once, row by row, along its
 * black runs only.  -1 out of memory.
 */
static int
join_lines(const struct ppm *im, const double win[4], double *jx,
    double *jy)
{
	long x0 = (long)ceil(win[0]), x1 = (long)floor(win[2]);
	long y0 = (long)ceil(win[1]), y1 = (long)floor(win[3]);
	long nx = x1 > x0 ? x1 - x0 : 0, ny = y1 > y0 ? y1 - y0 : 0, a;
	struct lineruns l = { x0, y0, 0, NULL, NULL, NULL, NULL };
	int rc = -1;

	l.run = calloc((size_t)nx + 1, sizeof(*l.run));
	l.last = malloc(((size_t)nx + 1) * sizeof(*l.last));
	l.col = calloc((size_t)nx + 1, sizeof(*l.col));
	l.row = calloc((size_t)ny + 1, sizeof(*l.row));
	if (l.run == NULL || l.last == NULL || l.col == NULL || l.row == NULL)
		goto out;
	for (a = 0; a < nx; a++)
		l.last[a] = y0 - 2;
	for (l.y = y0; l.y < y1; l.y++)
		black_runs(im, l.y, x0, x1, line_run, &l);
	*jx = join_line(l.col, x0, x1, y1 - y0);
	*jy = join_line(l.row, y0, y1, x1 - x0);
	rc = 0;
out:
	free(l.run);
	free(l.last);
	free(l.col);
	free(l.row);
	return rc;
}

static int
find_lines(struct tile *t, const char *name)
{
	struct comp *v;
	size_t n = components(&t->im, 0, &v);
	double xs[2], ys[2];
	int rx, ry;

	rx = cut_lines(v, n, 1, xs, &t->win[1], &t->win[3]);
	ry = cut_lines(v, n, 0, ys, &t->win[0], &t->win[2]);
	free(v);
	if (rx != 0 || ry != 0) {
		fprintf(stderr, "%s: crop marks give %d vertical and %d "
		    "horizontal cut lines, expected 2 and 2\n", name,
		    rx ? -rx - 1 : 2, ry ? -ry - 1 : 2);
		return -1;
	}
	t->cut[0] = xs[0];
	t->cut[2] = xs[1];
	t->cut[1] = ys[0];
	t->cut[3] = ys[1];
	if (join_lines(&t->im, t->win, &t->jx, &t->jy) != 0) {
		fprintf(stderr, "assemble: out of memory\n");
		return -1;
	}
	if (t->jx < -1.5 || t->jy < -1.5) {
		fprintf(stderr, "%s: a join line is not one thin line\n",
		    name);
		return -1;
	}
	return 0;
}

/* First pixel of a tile's part: its centre on or after the cut line. */
static long
from(double cut)
{
	return (long)ceil(cut - 0.5);
}

/*
 * Place each tile: the first column's left cut edge and the first
 * row's top one at 0, every other tile's cut edge on the join line of
 * the tile before it.  Returns the most the placements after the left
 * and the upper neighbour disagree (px).
 */
static long
place(struct tile *t, int rows, int cols)
{
	long worst = 0;
	int r, c;

	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++) {
			struct tile *k = &t[r * cols + c];

			if (c == 0)
				k->sx = -from(k->cut[0]);
			else
				k->sx = lround(k[-1].jx + k[-1].sx - k->cut[0]);
			if (r == 0)
				k->sy = -from(k->cut[1]);
			else
				k->sy = lround(k[-cols].jy + k[-cols].sy -
				    k->cut[1]);
			/* Its left edge where the tile above has its own,
			 * its top edge where the tile before has its own. */
			if (r > 0 && labs(from(k->cut[0]) + k->sx -
			    from(k[-cols].cut[0]) - k[-cols].sx) > worst)
				worst = labs(from(k->cut[0]) + k->sx -
				    from(k[-cols].cut[0]) - k[-cols].sx);
			if (c > 0 && labs(from(k->cut[1]) + k->sy -
			    from(k[-1].cut[1]) - k[-1].sy) > worst)
				worst = labs(from(k->cut[1]) + k->sy -
				    from(k[-1].cut[1]) - k[-1].sy);
		}
	return worst;
}

static void
paint(struct ppm *b, const struct tile *t, int n)
{
	int i;
	long x, y;

	b->w = b->h = 0;
	for (i = 0; i < n; i++) {
		long x1 = from(t[i].cut[2]) + t[i].sx;
		long y1 = from(t[i].cut[3]) + t[i].sy;

		if (x1 > b->w)
			b->w = x1;
		if (y1 > b->h)
			b->h = y1;
	}
	b->bpp = t[0].im.bpp;
	b->p = malloc((size_t)b->w * (size_t)b->h * (size_t)b->bpp);
	memset(b->p, 255, (size_t)b->w * (size_t)b->h * (size_t)b->bpp);
	/*
	 * Row by row: each tile lies on the glue strips before it.  A row
	 * goes in one copy, of the part of it on both the tile's page and
	 * the board.
	 */
	for (i = 0; i < n; i++)
		for (y = from(t[i].cut[1]); y < from(t[i].cut[3]); y++) {
			long by = y + t[i].sy, x0 = from(t[i].cut[0]);
			long x1 = from(t[i].cut[2]);

			if (by < 0 || by >= b->h || y < 0 || y >= t[i].im.h)
				continue;
			x = 0 > -t[i].sx ? 0 : -t[i].sx;
			if (x0 < x)
				x0 = x;
			x = t[i].im.w < b->w - t[i].sx ? t[i].im.w :
			    b->w - t[i].sx;
			if (x1 > x)
				x1 = x;
			if (x0 < x1)
				memcpy(b->p + (size_t)b->bpp * ((size_t)by *
				    b->w + (size_t)(x0 + t[i].sx)),
				    t[i].im.p + (size_t)b->bpp * ((size_t)y *
				    t[i].im.w + (size_t)x0),
				    (size_t)b->bpp * (size_t)(x1 - x0));
		}
}

/*
 * Middles of the thin black runs (at most 0.35 mm: ticks, not the
 * strokes of the board) along a line of the board, [a0, a1).
 */
static size_t
runs(const struct ppm *b, int vertical, long at, long a0, long a1,
    double *out, size_t max)
{
	size_t n = 0;
	long a, start = -1;

	for (a = a0; a <= a1; a++) {
		int k = a < a1 && (vertical ? black(b, at, a) :
		    black(b, a, at));

		if (k && start < 0)
			start = a;
		else if (!k && start >= 0) {
			if (n < max && a - start <= px(0.35))
				out[n++] = (start + a) / 2.0;
			start = -1;
		}
	}
	return n;
}

/*
 * The ticks crossing a seam, 2 mm before it and 2 mm after it, must
 * meet: each on one side has one on the other within 0.1 mm.  Prints
 * how many there are (the more of the two sides), how many of the
 * first side's meet one, and the worst offset.
 */
static void
seam_ticks(const struct ppm *b, int vertical, long at, long a0, long a1)
{
	double s0[512], s1[512], dmax = 0;
	size_t n0, n1, i, j, matched = 0;
	long d = lround(px(2));

	n0 = runs(b, vertical, at - d, a0, a1, s0, 512);
	n1 = runs(b, vertical, at + d, a0, a1, s1, 512);
	for (i = 0; i < n0; i++) {
		double best = 1e9;

		for (j = 0; j < n1; j++)
			if (fabs(s0[i] - s1[j]) < best)
				best = fabs(s0[i] - s1[j]);
		if (best <= px(0.1))
			matched++;
		if (best > dmax)
			dmax = best;
	}
	printf("ticks %s %.3f %zu %zu %.3f\n", vertical ? "x" : "y", mm(at),
	    n0 > n1 ? n0 : n1, matched, mm(dmax));
}

static void
all_seams(const struct ppm *b, const struct tile *t, int rows, int cols)
{
	int r, c;

	for (r = 0; r < rows; r++)
		for (c = 0; c + 1 < cols; c++) {
			const struct tile *k = &t[r * cols + c + 1];
			long y0 = from(k->cut[1]) + k->sy;
			long y1 = from(k->cut[3]) + k->sy;

			if (r + 1 < rows)
				y1 = from(k[cols].cut[1]) + k[cols].sy;
			seam_ticks(b, 1, from(k->cut[0]) + k->sx, y0, y1);
		}
	for (r = 0; r + 1 < rows; r++)
		for (c = 0; c < cols; c++) {
			const struct tile *k = &t[(r + 1) * cols + c];
			long x0 = from(k->cut[0]) + k->sx;
			long x1 = from(k->cut[2]) + k->sx;

			if (c + 1 < cols)
				x1 = from(k[1].cut[0]) + k[1].sx;
			seam_ticks(b, 0, from(k->cut[1]) + k->sy, x0, x1);
		}
}

/* The colour most often found along the band just inside an outline. */
static uint32_t
stroke_colour(const struct ppm *b, int circle, double x, double y, double w,
    double h)
{
	static uint32_t col[8192];
	static int cnt[8192];
	size_t n = 0, i, best = 0;
	double in, t;

	for (in = px(0.1); in <= px(0.3) + 1e-9; in += px(0.1)) {
		double pts[4096][2];
		size_t np = 0, k;

		if (circle)
			for (t = 0; t < 360 && np < 4096; t += 1) {
				double r = w / 2 - in, a = t * M_PI / 180;

				pts[np][0] = x + w / 2 + r * cos(a);
				pts[np++][1] = y + h / 2 + r * sin(a);
			}
		else
			for (t = px(2); t < w - px(2) && np < 4090;
			    t += px(0.5)) {
				pts[np][0] = x + t;
				pts[np++][1] = y + in;
				pts[np][0] = x + t;
				pts[np++][1] = y + h - in;
			}
		for (t = px(2); !circle && t < h - px(2) && np < 4090;
		    t += px(0.5)) {
			pts[np][0] = x + in;
			pts[np++][1] = y + t;
			pts[np][0] = x + w - in;
			pts[np++][1] = y + t;
		}
		for (k = 0; k < np; k++) {
			uint32_t c = rgb(b, (long)floor(pts[k][0]),
			    (long)floor(pts[k][1]));

			for (i = 0; i < n && col[i] != c; i++)
				;
			if (i == n) {
				if (n == 8192)
					continue;
				col[n] = c;
				cnt[n++] = 0;
			}
			cnt[i]++;
		}
	}
	for (i = 1; i < n; i++)
		if (cnt[i] > cnt[best])
			best = i;
	return n ? col[best] : 0xffffff;
}

static double
median(double *v, size_t n)
{
	if (n == 0)
		return NAN;
	qsort(v, n, sizeof(double), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * A rectangle's outer edges: along each line across the middle 60 % of
 * a side, the outermost pixel of the stroke's colour within 1 mm of
 * where the edge should be; the median of them all.
 */
static void
measure_rect(const struct ppm *b, uint32_t c, double x, double y, double w,
    double h, double e[4])
{
	double *v = malloc(sizeof(double) * (size_t)(w + h + 16));
	long s = lround(px(1)), i, k;
	size_t n;
	int side;

	for (side = 0; side < 4; side++) {
		int across = side == 0 || side == 2;	/* scan rows */
		double lo = across ? y + 0.2 * h : x + 0.2 * w;
		double hi = across ? y + 0.8 * h : x + 0.8 * w;
		double edge = side == 0 ? x : side == 1 ? y : side == 2 ?
		    x + w : y + h;

		n = 0;
		for (i = (long)lo; i < (long)hi; i++) {
			long a0 = lround(edge) - s, a1 = lround(edge) + s;

			if (side < 2) {
				for (k = a0; k <= a1; k++)
					if ((across ? rgb(b, k, i) :
					    rgb(b, i, k)) == c)
						break;
				if (k <= a1)
					v[n++] = (double)k;
			} else {
				for (k = a1; k >= a0; k--)
					if ((across ? rgb(b, k, i) :
					    rgb(b, i, k)) == c)
						break;
				if (k >= a0)
					v[n++] = (double)k + 1;
			}
		}
		e[side] = median(v, n);
	}
	free(v);
}

/* Kasa's circle fit of the points whose keep[] is set. */
static int
fit_circle(double (*p)[2], const int *keep, size_t n, double *cx,
    double *cy, double *r)
{
	double s[3][4] = { { 0 } }, m;
	size_t i;
	int a, k, j;

	for (i = 0; i < n; i++) {
		double x = p[i][0], y = p[i][1], z = x * x + y * y;
		double row[4] = { x, y, 1, -z };

		if (!keep[i])
			continue;
		for (a = 0; a < 3; a++)
			for (k = 0; k < 4; k++)
				s[a][k] += row[a] * row[k];
	}
	/* Gauss-Jordan on the 3 x 3 normal equations. */
	for (a = 0; a < 3; a++) {
		if (fabs(s[a][a]) < 1e-12)
			return -1;
		for (j = 0; j < 3; j++) {
			if (j == a)
				continue;
			m = s[j][a] / s[a][a];
			for (k = 0; k < 4; k++)
				s[j][k] -= m * s[a][k];
		}
	}
	*cx = -s[0][3] / s[0][0] / 2;
	*cy = -s[1][3] / s[1][1] / 2;
	*r = sqrt(*cx * *cx + *cy * *cy - s[2][3] / s[2][2]);
	return 0;
}

/*
 * A circle's outline: along 720 rays from where its centre should be,
 * the outermost pixel of the stroke's colour within 1 mm of the
 * radius; a circle fitted to them, points more than 0.1 mm off it
 * dropped (a seam's line or tick crossing the ring) and fitted again.
 * e[] is the box of the points kept, d the fitted outer diameter.
 */
static void
measure_circle(const struct ppm *b, uint32_t c, double x, double y,
    double w, double e[4], double *d)
{
	static double p[720][2];
	static int keep[720];
	double cx0 = x + w / 2, cy0 = y + w / 2, r0 = w / 2, cx, cy, r;
	size_t n = 0, i;
	int pass;

	for (i = 0; i < 720; i++) {
		double a = i * M_PI / 360, t;

		for (t = r0 + px(1); t >= r0 - px(1); t -= 0.25) {
			long qx = (long)floor(cx0 + t * cos(a));
			long qy = (long)floor(cy0 + t * sin(a));

			if (rgb(b, qx, qy) == c) {
				/* about the centre, for a well-conditioned
				 * fit */
				p[n][0] = qx + 0.5 - cx0;
				p[n][1] = qy + 0.5 - cy0;
				keep[n++] = 1;
				break;
			}
		}
	}
	e[0] = e[1] = e[2] = e[3] = *d = NAN;
	for (pass = 0; pass < 3; pass++) {
		if (fit_circle(p, keep, n, &cx, &cy, &r) != 0)
			return;
		for (i = 0; i < n; i++)
			keep[i] = fabs(hypot(p[i][0] - cx, p[i][1] - cy) - r) <=
			    px(0.1);
	}
	*d = 2 * r + 1;
	for (i = 0; i < n; i++) {
		p[i][0] += cx0;
		p[i][1] += cy0;
	}
	e[0] = e[1] = 1e12;
	e[2] = e[3] = -1e12;
	for (i = 0; i < n; i++) {
		if (!keep[i])
			continue;
		if (p[i][0] - 0.5 < e[0]) e[0] = p[i][0] - 0.5;
		if (p[i][1] - 0.5 < e[1]) e[1] = p[i][1] - 0.5;
		if (p[i][0] + 0.5 > e[2]) e[2] = p[i][0] + 0.5;
		if (p[i][1] + 0.5 > e[3]) e[3] = p[i][1] + 0.5;
	}
}

static void
spaces(const struct ppm *b, FILE *in)
{
	char kind[16];
	double v[4];
	int i = 0;

	while (fscanf(in, "%15s %lf %lf %lf %lf", kind, &v[0], &v[1], &v[2],
	    &v[3]) == 5) {
		int circle = strcmp(kind, "circle") == 0;
		double x = px(v[0]), y = px(v[1]), w = px(v[2]), h = px(v[3]);
		uint32_t c = stroke_colour(b, circle, x, y, w, h);
		double e[4], d = 0;

		i++;
		if (circle)
			measure_circle(b, c, x, y, w, e, &d);
		else
			measure_rect(b, c, x, y, w, h, e);
		printf("space %d %s #%06x %.3f %.3f %.3f %.3f", i, kind,
		    (unsigned)c, mm(e[0]), mm(e[1]), mm(e[2] - e[0]),
		    mm(e[3] - e[1]));
		if (circle)
			printf(" %.3f", mm(d));
		printf("\n");
	}
}

static int
write_ppm(const char *path, const struct ppm *b)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL)
		return -1;
	fprintf(f, "P%d\n%ld %ld\n255\n", b->bpp == 1 ? 5 : 6, b->w, b->h);
	fwrite(b->p, (size_t)b->bpp, (size_t)b->w * (size_t)b->h, f);
	return fclose(f);
}

/*
 * The tiles' grid, from their join lines: the first row ends with the
 * first tile that has no join line on its right, and every tile has a
 * join line on each side where a neighbour follows.  0 if they agree.
 */
static int
grid(const struct tile *t, int n, const char **names, int *rows, int *cols)
{
	int i, bad = 0;

	for (i = 0; i < n && t[i].jx >= 0; i++)
		;
	*cols = i + 1;
	*rows = n / *cols;
	if (*rows * *cols != n) {
		fprintf(stderr, "assemble: %d tiles, rows of %d\n", n, *cols);
		return -1;
	}
	for (i = 0; i < n; i++) {
		int r = i / *cols, c = i % *cols;

		if ((c + 1 < *cols) == (t[i].jx >= 0) &&
		    (r + 1 < *rows) == (t[i].jy >= 0))
			continue;
		fprintf(stderr, "%s: tile %d,%d of %d x %d has %s join line "
		    "on its right and %s below\n", names[i], r, c, *rows,
		    *cols, t[i].jx >= 0 ? "a" : "no", t[i].jy >= 0 ? "a" :
		    "no");
		bad = 1;
	}
	return -bad;
}

static int
board(int n, const char **argv, const char *out, FILE *in)
{
	struct tile *t = calloc((size_t)n, sizeof(*t));
	struct ppm b = { 0, 0, NULL, 3, NULL, 0 };
	const char **names = calloc((size_t)n, sizeof(*names));
	char (*label)[32] = calloc((size_t)n, sizeof(*label));
	long misfit;
	int i, rows, cols, rc = 1, piped = 0;

	if (t == NULL || names == NULL || label == NULL) {
		fprintf(stderr, "assemble: out of memory\n");
		goto out;
	}
	/* a tile from stdin named by its place there */
	for (i = 0; i < n; i++) {
		names[i] = argv[i];
		if (strcmp(argv[i], "-") == 0) {
			snprintf(label[i], sizeof(label[i]), "stdin's page %d",
			    ++piped);
			names[i] = label[i];
		}
	}
	for (i = 0; i < n; i++) {
		struct tile *k = &t[i];

		if ((strcmp(argv[i], "-") == 0 ? ppm_next(stdin, &k->im, 1) :
		    ppm_load(names[i], &k->im, 1)) != 0) {
			fprintf(stderr, "assemble: cannot read %s\n",
			    names[i]);
			rc = 2;
			goto out;
		}
		if (k->im.bpp != t[0].im.bpp) {
			fprintf(stderr, "assemble: %s: grey and colour "
			    "tiles mixed\n", names[i]);
			rc = 2;
			goto out;
		}
		if (find_lines(k, names[i]) != 0)
			goto out;
		printf("tile %d cut %.3f %.3f %.3f %.3f join %.3f %.3f "
		    "window %.3f %.3f %.3f %.3f\n", i + 1,
		    mm(k->cut[0]), mm(k->cut[1]), mm(k->cut[2]),
		    mm(k->cut[3]), k->jx < 0 ? -1 : mm(k->jx),
		    k->jy < 0 ? -1 : mm(k->jy), mm(k->win[0]),
		    mm(k->win[1]), mm(k->win[2]), mm(k->win[3]));
		printf("glue %d %.3f %.3f\n", i + 1,
		    k->jx < 0 ? 0 : mm(k->cut[2] - k->jx),
		    k->jy < 0 ? 0 : mm(k->cut[3] - k->jy));
	}
	if (grid(t, n, names, &rows, &cols) != 0)
		goto out;
	printf("grid %d %d\n", rows, cols);
	misfit = place(t, rows, cols);
	paint(&b, t, n);
	printf("board %.3f %.3f\n", mm((double)b.w), mm((double)b.h));
	printf("misfit %ld\n", misfit);
	all_seams(&b, t, rows, cols);
	spaces(&b, in);
	rc = 0;
	if (out != NULL && write_ppm(out, &b) != 0) {
		fprintf(stderr, "assemble: cannot write %s\n", out);
		rc = 2;
	}
out:
	for (i = 0; t != NULL && i < n; i++)
		ppm_free(&t[i].im);
	free(t);
	free(names);
	free(label);
	free(b.p);
	return rc;
}

/*
 * Rings of one colour: each connected piece, its box, and the middle
 * line of its stroke across and down through the box's centre.
 */
static int
rings(const char *path, const char *hex)
{
	struct ppm im;
	struct comp *v;
	uint32_t c = (uint32_t)strtoul(hex[0] == '#' ? hex + 1 : hex, NULL,
	    16);
	size_t n, i;

	if (ppm_load(path, &im, 1) != 0) {
		fprintf(stderr, "assemble: cannot read %s\n", path);
		return 2;
	}
	n = components(&im, c, &v);
	for (i = 0; i < n; i++) {
		const struct comp *k = &v[i];
		long my = (k->y0 + k->y1) / 2, mx = (k->x0 + k->x1) / 2;
		long a0, a1, b0, b1, q;
		double dw, dh;

		/* across: the first run from the left, the last one */
		for (a0 = k->x0; a0 <= k->x1 && rgb(&im, a0, my) != c; a0++)
			;
		for (a1 = a0; a1 + 1 <= k->x1 && rgb(&im, a1 + 1, my) == c;
		    a1++)
			;
		for (b1 = k->x1; b1 >= k->x0 && rgb(&im, b1, my) != c; b1--)
			;
		for (b0 = b1; b0 - 1 >= k->x0 && rgb(&im, b0 - 1, my) == c;
		    b0--)
			;
		dw = ((b0 + b1) - (a0 + a1)) / 2.0;
		for (a0 = k->y0; a0 <= k->y1 && rgb(&im, mx, a0) != c; a0++)
			;
		for (a1 = a0; a1 + 1 <= k->y1 && rgb(&im, mx, a1 + 1) == c;
		    a1++)
			;
		for (q = k->y1; q >= k->y0 && rgb(&im, mx, q) != c; q--)
			;
		b1 = q;
		for (b0 = b1; b0 - 1 >= k->y0 && rgb(&im, mx, b0 - 1) == c;
		    b0--)
			;
		dh = ((b0 + b1) - (a0 + a1)) / 2.0;
		printf("ring %.3f %.3f %.3f %.3f %.3f %.3f\n",
		    mm((k->x0 + k->x1 + 1) / 2.0),
		    mm((k->y0 + k->y1 + 1) / 2.0), mm(k->x1 - k->x0 + 1.0),
		    mm(k->y1 - k->y0 + 1.0), mm(dw), mm(dh));
	}
	free(v);
	ppm_free(&im);
	return 0;
}

static int
usage(void)
{
	fprintf(stderr, "usage: assemble [-r DPI] [-o OUT.ppm] TILE.ppm ... "
	    "<SPACES\n       assemble [-r DPI] [-o OUT.ppm] -s SPACES "
	    "TILE.ppm|- ...\n       assemble -rings [-r DPI] "
	    "PAGE.ppm RRGGBB\n");
	return 2;
}

int
main(int argc, char **argv)
{
	const char *out = NULL, *sp = NULL;
	FILE *in = stdin;
	int ring = 0, i, rc;

	argv++;
	argc--;
	while (argc > 0 && argv[0][0] == '-' && argv[0][1] != '\0') {
		if (strcmp(argv[0], "-rings") == 0)
			ring = 1;
		else if (strcmp(argv[0], "-r") == 0 && argc > 1) {
			dpi = atof(argv[1]);
			argv++;
			argc--;
		} else if (strcmp(argv[0], "-o") == 0 && argc > 1) {
			out = argv[1];
			argv++;
			argc--;
		} else if (strcmp(argv[0], "-s") == 0 && argc > 1) {
			sp = argv[1];
			argv++;
			argc--;
		} else
			return usage();
		argv++;
		argc--;
	}
	if (ring)
		return argc == 2 ? rings(argv[0], argv[1]) : usage();
	if (argc < 1)
		return usage();
	/* stdin holds either the spaces or tiles */
	for (i = 0; sp == NULL && i < argc; i++)
		if (strcmp(argv[i], "-") == 0)
			return usage();
	if (sp != NULL && (in = fopen(sp, "r")) == NULL) {
		perror(sp);
		return 2;
	}
	rc = board(argc, (const char **)argv, out, in);
	if (in != stdin)
		fclose(in);
	return rc;
}
