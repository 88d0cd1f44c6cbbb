/* SPDX-License-Identifier: MIT */
/*
 * hexfit: measure the hexes on a page rasterised by "pdftoppm -r 600
 * -aa no -aaVector no" (binary PPM).  Each hex carries a dot of colour
 * DOT at its centre; W and H (mm) are the hex's trim as it stands
 * (pointy when W < H), which numbers its edges as deckpress does:
 * pointy, edge 0 faces right and the others follow clockwise 60
 * degrees apart; flat, edge 0 faces 30 degrees below the right.  For
 * every colour but white, DOT and the cut line's #404040 (each hex
 * face in a colour of its own) it prints, in mm:
 *
 *   hex #rrggbb CX CY E0 .. E5 C0 .. C5 S
 *
 * CX, CY the centre of the dot nearest the colour's pixels; Ek how far
 * the colour reaches from the centre along edge k's normal (pixel
 * edges); Ck the middle of the cut line along that normal (the mean
 * over its pixels within 20 degrees of the normal and 1 mm of the
 * edge, -1 if none) and S the widest spread of those pixels about a
 * straight line, over the six edges.  A cut line is 0.5 pt wide.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppm.h"

#define NCOL	4096
#define NDOT	1024

static unsigned char *img;
static long W, H;
static const double px = 25.4 / 600;

struct col {
	uint32_t	rgb;
	double		sx, sy, n;	/* pixel sums, count */
	double		e[6];		/* max n_k . p, pixel edges */
};

static struct col cols[NCOL];
static int ncol;
static double dotx[NDOT], doty[NDOT];
static int ndot;

static uint32_t
at(long x, long y)
{
	const unsigned char *p = img + 3 * (y * W + x);

	return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* The end of the run of one colour from pixel X of row Y (ppm.h). */
static long
run_end(long x, long y)
{
	return ppm_run_end(img + 3 * y * W, x, W);
}

/* The dots: connected parts of colour dot, each its box's centre. */
static void
find_dots(uint32_t dot)
{
	long *stack = malloc(sizeof(long) * (size_t)(W * H / 4 + 16));
	unsigned char *seen = calloc((size_t)(W * H), 1);
	long x, y, sp, i, x0, y0, x1, y1;

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			if (at(x, y) != dot) {
				/* a run of another colour, passed over whole */
				x = run_end(x, y) - 1;
				continue;
			}
			if (seen[y * W + x])
				continue;
			x0 = x1 = x;
			y0 = y1 = y;
			sp = 0;
			stack[sp++] = y * W + x;
			seen[y * W + x] = 1;
			while (sp > 0) {
				long q = stack[--sp], qx = q % W, qy = q / W;
				long nb[4] = { q - 1, q + 1, q - W, q + W };

				x0 = qx < x0 ? qx : x0;
				x1 = qx > x1 ? qx : x1;
				y0 = qy < y0 ? qy : y0;
				y1 = qy > y1 ? qy : y1;
				for (i = 0; i < 4; i++) {
					if (nb[i] < 0 || nb[i] >= W * H ||
					    (i < 2 && nb[i] / W != qy) ||
					    seen[nb[i]] || at(nb[i] % W,
					    nb[i] / W) != dot)
						continue;
					seen[nb[i]] = 1;
					stack[sp++] = nb[i];
				}
			}
			if (ndot < NDOT) {
				dotx[ndot] = (x0 + x1 + 1) / 2.0 * px;
				doty[ndot++] = (y0 + y1 + 1) / 2.0 * px;
			}
		}
	free(stack);
	free(seen);
}

static struct col *
col_of(uint32_t rgb)
{
	int i;

	for (i = 0; i < ncol; i++)
		if (cols[i].rgb == rgb)
			return &cols[i];
	if (ncol == NCOL)
		return NULL;
	cols[ncol].rgb = rgb;
	for (i = 0; i < 6; i++)
		cols[ncol].e[i] = -1e9;
	return &cols[ncol++];
}

int
main(int argc, char **argv)
{
	double hw, hh, a, nx[6], ny[6], t, *sx, *sy;
	long x, y, ns = 0, i;
	uint32_t dot;
	int k, c, d;
	struct ppm page;

	if (argc != 5 || ppm_read(argv[1], &page) != 0) {
		fprintf(stderr, "usage: hexfit PPM W H DOT\n");
		return 2;
	}
	img = page.p;
	W = page.w;
	H = page.h;
	hw = atof(argv[2]);
	hh = atof(argv[3]);
	dot = (uint32_t)strtoul(argv[4], NULL, 16);
	a = (hw < hh ? hw : hh) / 2;
	for (k = 0; k < 6; k++) {
		t = (60.0 * k + (hw < hh ? 0 : 30)) * M_PI / 180;
		nx[k] = cos(t);
		ny[k] = sin(t);
	}
	find_dots(dot);
	sx = malloc(sizeof(double) * (size_t)(W * H / 8 + 16));
	sy = malloc(sizeof(double) * (size_t)(W * H / 8 + 16));
	/*
	 * Run by run along each row: the colour looked up once a run, and
	 * its reach (a linear function of the pixel, rounding monotone
	 * too) taken at the run's two ends, where its largest is; the
	 * sums still pixel by pixel, in the same order.
	 */
	for (y = 0; y < H; y++)
		for (x = 0; x < W; ) {
			uint32_t v = at(x, y);
			double cy = (y + 0.5) * px, cx;
			struct col *p;
			long x0 = x, e;

			x = run_end(x, y);
			if (v == 0xffffff || v == dot)
				continue;
			if (v == 0x404040) {
				for (e = x0; e < x; e++) {
					sx[ns] = (e + 0.5) * px;
					sy[ns++] = cy;
				}
				continue;
			}
			if ((p = col_of(v)) == NULL)
				continue;
			for (e = x0; e < x; e++) {
				p->sx += (e + 0.5) * px;
				p->sy += cy;
				p->n++;
			}
			for (e = x0; e < x; e = e == x - 1 ? x : x - 1) {
				cx = (e + 0.5) * px;
				for (k = 0; k < 6; k++) {
					t = nx[k] * cx + ny[k] * cy + px / 2 *
					    (fabs(nx[k]) + fabs(ny[k]));
					if (t > p->e[k])
						p->e[k] = t;
				}
			}
		}
	for (c = 0; c < ncol; c++) {
		struct col *p = &cols[c];
		double mx, my, bd = 1e18, dx, dy, spread = 0, r, q;
		double sum[6], lo[6], hi[6];
		long m[6];
		int best = -1;

		/* A face, not a few pixels of some mark. */
		if (p->n * px * px < 20 || ndot == 0)
			continue;
		mx = p->sx / p->n;
		my = p->sy / p->n;
		for (d = 0; d < ndot; d++) {
			dx = dotx[d] - mx;
			dy = doty[d] - my;
			if (dx * dx + dy * dy < bd) {
				bd = dx * dx + dy * dy;
				best = d;
			}
		}
		printf("hex #%06x %.3f %.3f", (unsigned)p->rgb, dotx[best],
		    doty[best]);
		for (k = 0; k < 6; k++)
			printf(" %.3f", p->e[k] - nx[k] * dotx[best] -
			    ny[k] * doty[best]);
		/* Each cut pixel's distance once, for the six edges. */
		for (k = 0; k < 6; k++) {
			sum[k] = 0;
			lo[k] = 1e9;
			hi[k] = -1e9;
			m[k] = 0;
		}
		for (i = 0; i < ns; i++) {
			dx = sx[i] - dotx[best];
			dy = sy[i] - doty[best];
			r = hypot(dx, dy);
			for (k = 0; k < 6; k++) {
				q = nx[k] * dx + ny[k] * dy;
				if (fabs(q - a) > 1 || q < r * cos(20 * M_PI /
				    180))
					continue;
				sum[k] += q;
				m[k]++;
				lo[k] = q < lo[k] ? q : lo[k];
				hi[k] = q > hi[k] ? q : hi[k];
			}
		}
		for (k = 0; k < 6; k++) {
			printf(" %.3f", m[k] > 0 ? sum[k] / m[k] : -1.0);
			if (m[k] > 0 && hi[k] - lo[k] > spread)
				spread = hi[k] - lo[k];
		}
		printf(" %.3f\n", spread);
	}
	return 0;
}
