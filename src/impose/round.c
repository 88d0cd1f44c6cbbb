/* SPDX-License-Identifier: MIT */
/*
 * Round components (tokens) and hexes on a sheet, in rows.  Tokens keep
 * their bleed as a ring, rings one gutter apart, in square rows or in
 * hexagonal ones (every other row shifted by half a pitch and the rows
 * p * sqrt(3) / 2 apart, so neighbours stay p apart), whichever holds
 * more; they are cut along the circle of their trim, so no crop mark is
 * needed, and none could avoid crossing a neighbour.  Hexes lie in the
 * same hexagonal rows as a honeycomb, upright: pointy ones in rows
 * across the page, flat ones in rows down it, p their width across
 * their flats plus the gutter between trims; with none, neighbours
 * share their cut line and keep bleed only on the honeycomb's outer
 * edges (impose_hex_bleeds()), as cards touching do.
 */
#include <math.h>

#include "../hexagon.h"
#include "arrange.h"

/* What the rows are made of, in a frame where they run across. */
struct rowspec {
	double	ax, ay;		/* pt, the printable area */
	double	ex, ey;		/* pt, a component with its bleed */
	double	p;		/* pt, to the next in a row */
	bool	square;		/* square rows may be tried */
};

/* How many of ex with p between their starts fit in avail. */
static unsigned int
along(double avail, double ex, double p)
{
	if (avail + 1e-6 < ex)
		return 0;
	return (unsigned int)floor((avail - ex) / p + 1e-9) + 1;
}

/* The rows that hold more, square or hexagonal; false: none fits. */
static bool
rows_fit(const struct rowspec *r, struct grid *g)
{
	double py = r->p * HEX_SQRT3 / 2, bw, bh;
	unsigned int cols, rows, odd, hrows, square, hex;

	cols = along(r->ax, r->ex, r->p);
	rows = along(r->ay, r->ey, r->p);
	if (cols == 0 || rows == 0)
		return false;
	square = r->square ? cols * rows : 0;
	odd = along(r->ax - r->p / 2, r->ex, r->p);
	hrows = along(r->ay, r->ey, py);
	hex = (hrows + 1) / 2 * cols + hrows / 2 * odd;
	g->arrange = ARR_ROUND;
	g->hex = !r->square || (hrows >= 2 && hex > square);
	g->cols = cols;
	g->odd_cols = g->hex ? odd : cols;
	g->rows = g->hex ? hrows : rows;
	g->ncells = g->hex ? hex : square;
	g->pitch_x = r->p;
	g->pitch_y = g->hex ? py : r->p;
	bw = (cols - 1) * r->p + r->ex;
	if (g->hex && odd > 0 && (odd - 1) * r->p + r->p / 2 + r->ex > bw)
		bw = (odd - 1) * r->p + r->p / 2 + r->ex;
	bh = (g->rows - 1) * g->pitch_y + r->ey;
	/* Centred: the first one's centre, in the rows' frame. */
	g->x0 = (r->ax - bw) / 2 + r->ex / 2;
	g->y0 = (r->ay - bh) / 2 + r->ey / 2;
	return true;
}

/*
 * Square rows or hexagonal ones, the block centred on the paper; hexes
 * always hexagonal, flat ones with the rows down the page.
 */
bool
impose_round(const struct sheet *s, const struct tmpl *t, struct grid *g)
{
	double u = s->unprintable, b = t->bleed, a, h;
	struct rowspec r;

	g->card_w = t->w;
	g->card_h = t->h;
	g->hexes = t->shape == SHAPE_HEX;
	g->down = g->hexes && t->w > t->h;
	r.ax = (g->down ? s->paper_h : s->paper_w) - 2 * u;
	r.ay = (g->down ? s->paper_w : s->paper_h) - 2 * u;
	r.square = !g->hexes;
	if (g->hexes) {
		/* A pointy hex in the rows' frame: across its flats, 2a;
		 * corner to corner, h; its bleed reaches 2b / sqrt(3)
		 * past a corner. */
		a = hex_apothem(t->w, t->h);
		h = fmax(t->w, t->h);
		g->gutter = impose_kind_gutter(s, t);
		r.ex = 2 * a + 2 * b;
		r.ey = h + 4 * b / HEX_SQRT3;
		r.p = 2 * a + g->gutter;
	} else {
		r.ex = r.ey = t->w + 2 * b;
		r.p = r.ex + s->gutter;
	}
	if (!rows_fit(&r, g))
		return false;
	/* From the printable area's corner to the paper's, and turned
	 * onto the page's axes when the rows run down it. */
	a = g->x0 + u;
	h = g->y0 + u;
	g->x0 = g->down ? h : a;
	g->y0 = g->down ? a : h;
	return true;
}

void
impose_hex_clip(const struct grid *g, struct slot *out)
{
	double xy[12], x0, y0, x1, y1;
	int k;

	hex_corners(g->card_w, g->card_h, out->x + g->card_w / 2,
	    out->y + g->card_h / 2, out->grow, xy);
	x0 = x1 = xy[0];
	y0 = y1 = xy[1];
	for (k = 1; k < 6; k++) {
		x0 = fmin(x0, xy[2 * k]);
		x1 = fmax(x1, xy[2 * k]);
		y0 = fmin(y0, xy[2 * k + 1]);
		y1 = fmax(y1, xy[2 * k + 1]);
	}
	out->clip[0] = x0;
	out->clip[1] = y0;
	out->clip[2] = x1 - x0;
	out->clip[3] = y1 - y0;
}

void
impose_round_slot(const struct grid *g, unsigned int i, struct slot *out)
{
	unsigned int row = 0, n = g->cols, k;
	double cu, cv, cx, cy, rb = g->card_w / 2 + g->bleed;

	while (i >= n) {
		i -= n;
		row++;
		n = g->hex && row % 2 == 1 ? g->odd_cols : g->cols;
	}
	memset(out, 0, sizeof(*out));
	out->row = row;
	out->col = i;
	cu = i * g->pitch_x + (g->hex && row % 2 == 1 ? g->pitch_x / 2 : 0);
	cv = row * g->pitch_y;
	cx = g->x0 + (g->down ? cv : cu);
	cy = g->y0 + (g->down ? cu : cv);
	impose_place(g, cx - g->card_w / 2, cy - g->card_h / 2, out);
	out->bl = out->bt = out->br = out->bb = g->bleed;
	if (g->hexes) {
		out->hex = true;
		for (k = 0; k < 6; k++)
			out->grow[k] = g->bleed;
		impose_hex_clip(g, out);
		return;
	}
	out->clip[0] = cx - rb;
	out->clip[1] = cy - rb;
	out->clip[2] = out->clip[3] = 2 * rb;
	out->round = true;
}

/*
 * A hex keeps its whole bleed on an edge that faces no other hex of the
 * page, and half the gap to one it faces, so that neighbours never
 * print over each other's trim: none when they share a cut line.
 */
void
impose_hex_bleeds(const struct grid *g, struct placement *v, size_t n)
{
	double a = hex_apothem(g->card_w, g->card_h), nx, ny, dx, dy, d;
	size_t i, j;
	unsigned int k;

	for (i = 0; i < n; i++) {
		struct slot *si = &v[i].slot;

		if (!si->hex)
			continue;
		for (j = 0; j < n; j++) {
			if (j == i || !v[j].slot.hex)
				continue;
			dx = v[j].slot.x - si->x;
			dy = v[j].slot.y - si->y;
			d = hypot(dx, dy);
			if (d < 1e-9)
				continue;
			k = hex_edge(g->card_w, g->card_h, dx / d, dy / d);
			hex_normal(g->card_w, g->card_h, k, &nx, &ny);
			/* Only a hex straight across an edge faces it. */
			if (fabs(nx * dy - ny * dx) > 1e-6 * d)
				continue;
			si->grow[k] = fmin(si->grow[k], fmax((d - 2 * a) / 2,
			    0));
		}
		impose_hex_clip(g, si);
	}
}
