/* SPDX-License-Identifier: MIT */
/*
 * measure: read a page rasterised by "pdftoppm -r DPI -aa no -aaVector
 * no" (binary PPM, or with -gray binary PGM) and print, in mm from the
 * page's top-left corner:
 *
 *   size W H
 *   color #rrggbb X0 Y0 X1 Y1 PIXELS    one line per colour but white
 *   mark X0 Y0 X1 Y1                     one per black component
 *
 * With -p, also before the marks, one line per 4-connected component
 * of one colour but white and black, in the order their first pixels
 * come (row by row), so that two things painted in the same colour --
 * a card's front and the marker on its back, on a gutterfold page --
 * or the separate bleeds of spaced cards, are told apart:
 *
 *   part #rrggbb X0 Y0 X1 Y1 PIXELS
 *
 * Box edges are pixel edges: X0 is the left edge of the first pixel,
 * X1 the right edge of the last.  With anti-aliasing off every fill
 * keeps its exact colour, so a colour's box is where it was painted.
 * A grey page's pixel of grey G reads as the colour #GGGGGG: its black
 * is the colour page's, the same pixels (Splash fills the same ones
 * either way), for a third of the bytes, where no colour is read.
 *
 *   measure [-p] [-r DPI] PAGES OUT...
 *
 * reads as many pages as OUTs, one after another, each page's lines
 * into its OUT: one pdftoppm for several pages of a PDF, which renders
 * each into the same memory (a process a page maps 100 MB anew).
 *
 * The page is read a row at a time, never held whole (at 600 dpi an A4
 * page is 100 MB, and the suites measure a hundred): every result comes
 * from the runs of one colour along a row, joined to the runs they touch
 * in the row above.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppm.h"


struct box {
	uint32_t	rgb;
	long		x0, y0, x1, y1, n;
	int		used;
};

#define NSLOT	65536

static struct box slots[NSLOT];
static long W, H;
static double dpi = 600;
static FILE *out;		/* where a page's measures go */

/* A run of one colour on one row, a node of the components' forest. */
struct run {
	uint32_t	rgb;
	long		x0, x1, y;	/* pixels, x1 included */
	long		up;		/* parent run; itself at a root */
	long		bx0, by0, bx1, by1, n;	/* a root's component */
};

static struct box *
slot(uint32_t rgb)
{
	uint32_t h = (rgb * 2654435761u) >> 16;

	while (slots[h % NSLOT].used && slots[h % NSLOT].rgb != rgb)
		h++;
	return &slots[h % NSLOT];
}

static double
mm(long px)
{
	return px * 25.4 / dpi;
}

/*
 * The runs of black, in scan order, joined row to row as the colours'
 * runs are: the marks.
 */
static struct run *bruns;
static long nbrun, capbrun;

/* The runs of the colours but white and black, for -p. */
static struct run *runs;
static long nrun, caprun;

static void join(struct run *, long, long);

static int
push_black(long x0, long x1, long y)
{
	if (nbrun == capbrun) {
		capbrun = capbrun ? 2 * capbrun : 1 << 12;
		if ((bruns = realloc(bruns, (size_t)capbrun *
		    sizeof(*bruns))) == NULL)
			return -1;
	}
	bruns[nbrun] = (struct run){ 0, x0, x1, y, nbrun, 0, 0, 0, 0, 0 };
	nbrun++;
	return 0;
}

static int
push_run(uint32_t rgb, long x0, long x1, long y)
{
	if (nrun == caprun) {
		caprun = caprun ? 2 * caprun : 1 << 16;
		if ((runs = realloc(runs, (size_t)caprun *
		    sizeof(*runs))) == NULL)
			return -1;
	}
	runs[nrun] = (struct run){ rgb, x0, x1, y, nrun, 0, 0, 0, 0, 0 };
	nrun++;
	return 0;
}

static long root(struct run *, long);

/*
 * Join each run of r[cur..n) (this row's) to the runs of r[prev..cur)
 * (the row above's) that it touches, side by side or corner to corner
 * not: 4-connected.  Both rows' runs are in x order.
 */
static void
join_rows(struct run *r, long prev, long cur, long n)
{
	long i = cur, j = prev;

	while (i < n && j < cur) {
		if (r[j].x1 >= r[i].x0 && r[i].x1 >= r[j].x0 &&
		    r[j].rgb == r[i].rgb)
			join(r, i, j);
		if (r[j].x1 < r[i].x1)
			j++;
		else
			i++;
	}
}

/*
 * One pass over the page, row by row as F gives them, run by run: each
 * colour's box, the black runs and, with -p, the runs of the other
 * colours, each joined to the runs of its colour it touches above.
 * -1 out of memory, -2 the page ends short.
 */
static int
scan(FILE *f, int grey, int want_parts)
{
	long x, y, x0, prev = 0, cur, bprev = 0, bcur;
	struct box *last = NULL;
	unsigned char *row = malloc((size_t)(3 * W));

	if (row == NULL)
		return -1;
	for (y = 0; y < H; y++) {
		if (fread(row, grey ? 1 : 3, (size_t)W, f) != (size_t)W) {
			free(row);
			return -2;
		}
		/* a grey row, read into the first third: spread, from its end */
		if (grey)
			for (x = W - 1; x >= 0; x--)
				row[3 * x] = row[3 * x + 1] =
				    row[3 * x + 2] = row[x];
		cur = nrun;
		bcur = nbrun;
		for (x = 0; x < W; ) {
			unsigned char *p = row + 3 * x;
			uint32_t rgb = (uint32_t)p[0] << 16 | p[1] << 8 | p[2];
			struct box *b;

			x0 = x;
			x = ppm_run_end(row, x, W);
			if (rgb == 0xffffff)
				continue;
			b = last != NULL && last->rgb == rgb ? last : slot(rgb);
			last = b;
			if (!b->used) {
				b->used = 1;
				b->rgb = rgb;
				b->x0 = x0;
				b->x1 = x - 1;
				b->y0 = b->y1 = y;
			}
			if (x0 < b->x0) b->x0 = x0;
			if (x - 1 > b->x1) b->x1 = x - 1;
			if (y > b->y1) b->y1 = y;
			b->n += x - x0;
			if (rgb == 0) {
				if (push_black(x0, x - 1, y) != 0) {
					free(row);
					return -1;
				}
			} else if (want_parts &&
			    push_run(rgb, x0, x - 1, y) != 0) {
				free(row);
				return -1;
			}
		}
		join_rows(runs, prev, cur, nrun);
		join_rows(bruns, bprev, bcur, nbrun);
		prev = cur;
		bprev = bcur;
	}
	free(row);
	return 0;
}

static void
colors(void)
{
	size_t i;

	for (i = 0; i < NSLOT; i++)
		if (slots[i].used && slots[i].rgb != 0)
			fprintf(out, "color #%06x %.3f %.3f %.3f %.3f %ld\n",
			    (unsigned)slots[i].rgb, mm(slots[i].x0),
			    mm(slots[i].y0), mm(slots[i].x1 + 1),
			    mm(slots[i].y1 + 1), slots[i].n);
}

/*
 * Each run's component (its root's) gets its box and pixel count; the
 * roots, in scan order (a component's first pixel's), print with
 * print(ROOT).
 */
static void
boxes(struct run *r, long n, void (*print)(const struct run *))
{
	long i;

	for (i = 0; i < n; i++) {
		struct run *t = &r[root(r, i)];

		if (t->n == 0) {
			t->bx0 = r[i].x0;
			t->bx1 = r[i].x1;
			t->by0 = t->by1 = r[i].y;
		}
		if (r[i].x0 < t->bx0) t->bx0 = r[i].x0;
		if (r[i].x1 > t->bx1) t->bx1 = r[i].x1;
		if (r[i].y > t->by1) t->by1 = r[i].y;
		t->n += r[i].x1 - r[i].x0 + 1;
	}
	for (i = 0; i < n; i++)
		if (r[i].up == i)
			print(&r[i]);
}

static void
print_mark(const struct run *t)
{
	fprintf(out, "mark %.3f %.3f %.3f %.3f\n", mm(t->bx0), mm(t->by0),
	    mm(t->bx1 + 1), mm(t->by1 + 1));
}

static void
print_part(const struct run *t)
{
	fprintf(out, "part #%06x %.3f %.3f %.3f %.3f %ld\n", (unsigned)t->rgb,
	    mm(t->bx0), mm(t->by0), mm(t->bx1 + 1), mm(t->by1 + 1), t->n);
}

static long
root(struct run *r, long i)
{
	while (r[i].up != i)
		i = r[i].up = r[r[i].up].up;
	return i;
}

/* The older run stays the root, so roots come in scan order. */
static void
join(struct run *r, long a, long b)
{
	a = root(r, a);
	b = root(r, b);
	if (a < b)
		r[b].up = a;
	else if (b < a)
		r[a].up = b;
}

/*
 * One page from f, its measures to out: 0, 1 out of memory, 2 not a
 * whole PPM or PGM of 255.
 */
static int
page(FILE *f, int want_parts)
{
	int magic = 0, rc;
	long maxv;

	memset(slots, 0, sizeof(slots));
	nrun = nbrun = 0;
	if (fscanf(f, "P%d %ld %ld %ld", &magic, &W, &H, &maxv) != 4 ||
	    (magic != 5 && magic != 6) || maxv != 255 || W <= 0 || H <= 0 ||
	    fgetc(f) == EOF || (rc = scan(f, magic == 5, want_parts)) == -2)
		return 2;
	if (rc != 0)
		return 1;
	fprintf(out, "size %.3f %.3f\n", mm(W), mm(H));
	colors();
	if (want_parts)
		boxes(runs, nrun, print_part);
	boxes(bruns, nbrun, print_mark);
	return 0;
}

/*
 * n pages from f, one after another (pdftoppm -f M -l N writes them so
 * to its stdout), the measures of the i-th into the file outs[i]; as
 * page() returns.
 */
static int
pages(FILE *f, int want_parts, char **outs, int n)
{
	int i, rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		if ((out = fopen(outs[i], "w")) == NULL) {
			perror(outs[i]);
			return 2;
		}
		rc = page(f, want_parts);
		if (fclose(out) != 0) {
			perror(outs[i]);
			return 2;
		}
	}
	return rc;
}

int
main(int argc, char **argv)
{
	int want_parts = 0, rc = 2;
	FILE *f = NULL;

	if (argc >= 2 && strcmp(argv[1], "-p") == 0) {
		want_parts = 1;
		argv++;
		argc--;
	}
	if (argc >= 4 && strcmp(argv[1], "-r") == 0) {
		dpi = atof(argv[2]);
		argv += 2;
		argc -= 2;
	}
	out = stdout;
	if (argc >= 2 && (f = fopen(argv[1], "rb")) != NULL) {
		if (argc == 2)
			rc = page(f, want_parts);
		else
			rc = pages(f, want_parts, argv + 2, argc - 2);
		fclose(f);
	}
	free(runs);
	free(bruns);
	if (rc == 1)
		fprintf(stderr, "measure: out of memory\n");
	else if (rc == 2)
		fprintf(stderr, "usage: measure [-p] [-r DPI] PAGE.ppm|PAGE.pgm "
		    "[OUT...]\n");
	return rc;
}
