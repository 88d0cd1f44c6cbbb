/* SPDX-License-Identifier: MIT */
/*
 * The nets of dice and tuck boxes: panels placed on a plane, flaps and
 * glue tabs on their edges, then every edge sorted into folds (two
 * pieces share it) and cuts (the outline), and each panel's clip grown
 * by the bleed over its cut edges only.  Pure geometry, in points.
 */
#include <math.h>
#include <string.h>

#include "net.h"

#define EPS	1e-6

/* Which edge of which panel: for tabs and the pairs that meet. */
struct edge_ref {
	size_t		 panel;
	unsigned int	 edge;
};

static void
corner(const double m[6], double x, double y, double *out)
{
	out[0] = m[0] * x + m[2] * y + m[4];
	out[1] = m[1] * x + m[3] * y + m[5];
}

/*
 * Add a panel w x h (tri: a triangle, apex up) turned by deg clockwise
 * about its frame's origin, then moved to (ox, oy).  Its corners run
 * clockwise as drawn (y down), so every edge's outside is on its left.
 */
static struct net_panel *
add_panel(struct net *n, bool tri, double w, double h, double deg,
    double ox, double oy)
{
	struct net_panel *p = &n->panels[n->npanels++];
	double r = deg * M_PI / 180, c = cos(r), s = sin(r);
	const double rect[8] = { 0, 0, w, 0, w, h, 0, h };
	const double trio[6] = { w / 2, 0, w, h, 0, h };
	const double *src = tri ? trio : rect;
	size_t i;

	memset(p, 0, sizeof(*p));
	p->tri = tri;
	p->w = w;
	p->h = h;
	/* Whole turns stay exact: a face's lines fall on the pixels. */
	if (fabs(c) < EPS)
		c = 0;
	if (fabs(s) < EPS)
		s = 0;
	p->m[0] = c;
	p->m[1] = s;
	p->m[2] = -s;
	p->m[3] = c;
	p->m[4] = ox;
	p->m[5] = oy;
	p->npts = tri ? 3 : 4;
	for (i = 0; i < p->npts; i++)
		corner(p->m, src[2 * i], src[2 * i + 1], &p->pts[2 * i]);
	return p;
}

/* Ends of edge k of a polygon of n corners. */
static void
ends(const double *pts, size_t n, unsigned int k, double *a, double *b)
{
	a[0] = pts[2 * k];
	a[1] = pts[2 * k + 1];
	b[0] = pts[2 * ((k + 1) % n)];
	b[1] = pts[2 * ((k + 1) % n) + 1];
}

/*
 * A flap of depth d on edge e of panel p, its sides slanting in by
 * inset at each end: a trapezoid outside the panel.  Its base runs the
 * other way round, so the two share the edge as a fold.
 */
static void
add_tab(struct net *n, struct edge_ref e, double d, double inset, bool glue)
{
	const struct net_panel *p = &n->panels[e.panel];
	struct net_tab *t = &n->tabs[n->ntabs++];
	double a[2], b[2], len, ux, uy, nx, ny;

	ends(p->pts, p->npts, e.edge, a, b);
	len = hypot(b[0] - a[0], b[1] - a[1]);
	ux = (b[0] - a[0]) / len;
	uy = (b[1] - a[1]) / len;
	/* Clockwise on the page: the outside is to the left of a to b. */
	nx = uy;
	ny = -ux;
	if (2 * inset > len * 0.8)
		inset = len * 0.4;
	t->glue = glue;
	t->pts[0] = a[0] + nx * d + ux * inset;
	t->pts[1] = a[1] + ny * d + uy * inset;
	t->pts[2] = b[0] + nx * d - ux * inset;
	t->pts[3] = b[1] + ny * d - uy * inset;
	t->pts[4] = b[0];
	t->pts[5] = b[1];
	t->pts[6] = a[0];
	t->pts[7] = a[1];
}

static struct net_seg
seg_of(const double *a, const double *b)
{
	return (struct net_seg){ a[0], a[1], b[0], b[1] };
}

/* Two edges that meet when folded, a tab (of depth d) on the first. */
static void
meet(struct net *n, struct edge_ref x, struct edge_ref y, double d)
{
	double a[2], b[2];
	const struct net_panel *p = &n->panels[x.panel],
	    *q = &n->panels[y.panel];

	ends(p->pts, p->npts, x.edge, a, b);
	n->meets[n->nmeets][0] = seg_of(a, b);
	ends(q->pts, q->npts, y.edge, a, b);
	n->meets[n->nmeets++][1] = seg_of(a, b);
	if (d > 0)
		add_tab(n, x, d, d, true);
}

double
net_seg_len(const struct net_seg *s)
{
	return hypot(s->x1 - s->x0, s->y1 - s->y0);
}

/* Every point of the net moved by (dx, dy). */
static void
shift(struct net *n, double dx, double dy)
{
	size_t i, k;

	for (i = 0; i < n->npanels; i++) {
		n->panels[i].m[4] += dx;
		n->panels[i].m[5] += dy;
		for (k = 0; k < n->panels[i].npts; k++) {
			n->panels[i].pts[2 * k] += dx;
			n->panels[i].pts[2 * k + 1] += dy;
		}
	}
	for (i = 0; i < n->ntabs; i++)
		for (k = 0; k < 4; k++) {
			n->tabs[i].pts[2 * k] += dx;
			n->tabs[i].pts[2 * k + 1] += dy;
		}
	for (i = 0; i < n->nmeets; i++)
		for (k = 0; k < 2; k++) {
			n->meets[i][k].x0 += dx;
			n->meets[i][k].x1 += dx;
			n->meets[i][k].y0 += dy;
			n->meets[i][k].y1 += dy;
		}
}

/* The net's top-left corner to (0, 0), its size into w and h. */
static void
normalise(struct net *n)
{
	double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
	size_t i, k;

	for (i = 0; i < n->npanels; i++)
		for (k = 0; k < n->panels[i].npts; k++) {
			x0 = fmin(x0, n->panels[i].pts[2 * k]);
			x1 = fmax(x1, n->panels[i].pts[2 * k]);
			y0 = fmin(y0, n->panels[i].pts[2 * k + 1]);
			y1 = fmax(y1, n->panels[i].pts[2 * k + 1]);
		}
	for (i = 0; i < n->ntabs; i++)
		for (k = 0; k < 4; k++) {
			x0 = fmin(x0, n->tabs[i].pts[2 * k]);
			x1 = fmax(x1, n->tabs[i].pts[2 * k]);
			y0 = fmin(y0, n->tabs[i].pts[2 * k + 1]);
			y1 = fmax(y1, n->tabs[i].pts[2 * k + 1]);
		}
	shift(n, -x0, -y0);
	n->w = x1 - x0;
	n->h = y1 - y0;
}

/* An edge of a piece (a panel or a tab), for sorting folds from cuts. */
struct pedge {
	double		 a[2], b[2];
	size_t		 piece;
	bool		 shared;
};

static bool
same_point(const double *p, const double *q)
{
	return fabs(p[0] - q[0]) < 1e-4 && fabs(p[1] - q[1]) < 1e-4;
}

/* Every edge of every piece, in v (room for NET_MAX_SEGS * 2). */
static size_t
all_edges(const struct net *n, struct pedge *v)
{
	size_t i, k, m = 0;

	for (i = 0; i < n->npanels; i++)
		for (k = 0; k < n->panels[i].npts; k++, m++) {
			ends(n->panels[i].pts, n->panels[i].npts,
			    (unsigned int)k, v[m].a, v[m].b);
			v[m].piece = i;
			v[m].shared = false;
		}
	for (i = 0; i < n->ntabs; i++)
		for (k = 0; k < 4; k++, m++) {
			ends(n->tabs[i].pts, 4, (unsigned int)k, v[m].a,
			    v[m].b);
			v[m].piece = n->npanels + i;
			v[m].shared = false;
		}
	return m;
}

/*
 * An edge two pieces share (one runs it one way, the other back) is a
 * fold, drawn once; any other edge is cut.
 */
static void
sort_edges(struct net *n, struct pedge *v, size_t m)
{
	size_t i, j;

	for (i = 0; i < m; i++)
		for (j = i + 1; j < m && !v[i].shared; j++)
			if (!v[j].shared && v[j].piece != v[i].piece &&
			    same_point(v[i].a, v[j].b) &&
			    same_point(v[i].b, v[j].a)) {
				v[i].shared = v[j].shared = true;
				n->folds[n->nfolds++] = seg_of(v[i].a, v[i].b);
			}
	for (i = 0; i < m; i++)
		if (!v[i].shared)
			n->cuts[n->ncuts++] = seg_of(v[i].a, v[i].b);
}

/* Where lines p + s u and q + t w cross (they are not parallel). */
static void
cross_at(const double *p, const double *u, const double *q, const double *w,
    double *out)
{
	double den = u[0] * w[1] - u[1] * w[0];
	double s = ((q[0] - p[0]) * w[1] - (q[1] - p[1]) * w[0]) / den;

	out[0] = p[0] + s * u[0];
	out[1] = p[1] + s * u[1];
}

/* Is edge a-b a cut of the net? */
static bool
is_cut(const struct net *n, const double *a, const double *b)
{
	size_t i;

	for (i = 0; i < n->ncuts; i++) {
		double p[2] = { n->cuts[i].x0, n->cuts[i].y0 },
		    q[2] = { n->cuts[i].x1, n->cuts[i].y1 };

		if (same_point(p, a) && same_point(q, b))
			return true;
	}
	return false;
}

/*
 * Panel p's clip: each edge moved out by the bleed if it is cut (a
 * fold keeps the face to its side), the corners where the moved edges
 * cross.
 */
static void
grow_clip(const struct net *n, struct net_panel *p, double bleed)
{
	double base[8][2], dir[8][2], a[2], b[2], len;
	size_t k, np = p->npts;

	for (k = 0; k < np; k++) {
		double g;

		ends(p->pts, np, (unsigned int)k, a, b);
		len = hypot(b[0] - a[0], b[1] - a[1]);
		dir[k][0] = (b[0] - a[0]) / len;
		dir[k][1] = (b[1] - a[1]) / len;
		g = is_cut(n, a, b) ? bleed : 0;
		base[k][0] = a[0] + dir[k][1] * g;
		base[k][1] = a[1] - dir[k][0] * g;
	}
	for (k = 0; k < np; k++) {
		size_t prev = (k + np - 1) % np;

		cross_at(base[prev], dir[prev], base[k], dir[k],
		    &p->clip[2 * k]);
	}
}

/* Place, sort and clip: the net as the other stages read it. */
static void
finish(struct net *n, double bleed)
{
	struct pedge v[2 * NET_MAX_SEGS];
	size_t i;

	normalise(n);
	sort_edges(n, v, all_edges(n, v));
	for (i = 0; i < n->npanels; i++)
		grow_clip(n, &n->panels[i], bleed);
}

/* A glue tab's depth for a die of edge s: a fifth of it, 3 mm or more. */
static double
tab_depth(double s)
{
	double d = s * 0.2, min = 3 * 72 / 25.4;

	return d > min ? d : min < s * 0.4 ? min : s * 0.4;
}

/*
 * The cross: faces 2, 1, 5, 6 down the middle, 3 and 4 either side of
 * 1, so that opposite faces add up to 7.  Edges: 0 top, 1 right, 2
 * bottom, 3 left.
 */
static void
cube(struct net *n, double s)
{
	static const unsigned int faces[6] = { 2, 1, 5, 6, 3, 4 };
	static const double at[6][2] = { { 1, 0 }, { 1, 1 }, { 1, 2 },
	    { 1, 3 }, { 0, 1 }, { 2, 1 } };
	double d = tab_depth(s);
	size_t i;
	enum { TOP, MID, LOW, BACK, LEFT, RIGHT };

	for (i = 0; i < 6; i++)
		add_panel(n, false, s, s, 0, at[i][0] * s, at[i][1] * s)->face =
		    faces[i];
	meet(n, (struct edge_ref){ LEFT, 0 }, (struct edge_ref){ TOP, 3 }, d);
	meet(n, (struct edge_ref){ LEFT, 2 }, (struct edge_ref){ LOW, 3 }, d);
	meet(n, (struct edge_ref){ LEFT, 3 }, (struct edge_ref){ BACK, 3 }, d);
	meet(n, (struct edge_ref){ RIGHT, 0 }, (struct edge_ref){ TOP, 1 }, d);
	meet(n, (struct edge_ref){ RIGHT, 2 }, (struct edge_ref){ LOW, 1 }, d);
	meet(n, (struct edge_ref){ RIGHT, 1 }, (struct edge_ref){ BACK, 1 },
	    d);
	meet(n, (struct edge_ref){ TOP, 0 }, (struct edge_ref){ BACK, 2 }, d);
}

/*
 * A triangle of a lattice of edge s: row r, place k (a half edge
 * apart), pointing up or down.  Up: edges 0 right, 1 bottom, 2 left;
 * down (turned about): 0 left, 1 top, 2 right.
 */
static void
lattice(struct net *n, double s, unsigned int r, unsigned int k, bool up,
    unsigned int face)
{
	double th = s * sqrt(3) / 2, x = k * s / 2, y = r * th;

	if (up)
		add_panel(n, true, s, th, 0, x, y)->face = face;
	else
		add_panel(n, true, s, th, 180, x + s, y + th)->face = face;
}

/* Four triangles in one: a corner each, one in the middle. */
static void
tetra(struct net *n, double s)
{
	double d = tab_depth(s) * 0.8;

	lattice(n, s, 1, 1, false, 1);
	lattice(n, s, 0, 1, true, 2);
	lattice(n, s, 1, 0, true, 3);
	lattice(n, s, 1, 2, true, 4);
	meet(n, (struct edge_ref){ 1, 2 }, (struct edge_ref){ 2, 2 }, d);
	meet(n, (struct edge_ref){ 1, 0 }, (struct edge_ref){ 3, 0 }, d);
	meet(n, (struct edge_ref){ 2, 1 }, (struct edge_ref){ 3, 1 }, d);
}

/*
 * Four faces round the top vertex (a fan of a hexagon), each with a
 * face of the bottom on its outer edge: a six-pointed star's four
 * points.
 */
static void
octa(struct net *n, double s)
{
	/* row, place, up: the fan, then the bottom's faces */
	static const unsigned int at[8][3] = { { 1, 1, 1 }, { 1, 2, 0 },
	    { 1, 3, 1 }, { 2, 3, 0 }, { 1, 0, 0 }, { 0, 2, 1 }, { 1, 4, 0 },
	    { 2, 4, 1 } };
	static const unsigned int faces[8] = { 1, 2, 3, 4, 8, 7, 6, 5 };
	double d = tab_depth(s) * 0.8;
	size_t i;

	for (i = 0; i < 8; i++)
		lattice(n, s, at[i][0], at[i][1], at[i][2] != 0, faces[i]);
	meet(n, (struct edge_ref){ 0, 1 }, (struct edge_ref){ 3, 0 }, d);
	meet(n, (struct edge_ref){ 4, 1 }, (struct edge_ref){ 5, 2 }, d);
	meet(n, (struct edge_ref){ 5, 0 }, (struct edge_ref){ 6, 1 }, d);
	meet(n, (struct edge_ref){ 6, 2 }, (struct edge_ref){ 7, 0 }, d);
	meet(n, (struct edge_ref){ 7, 1 }, (struct edge_ref){ 4, 0 }, d);
}

bool
net_die_ok(unsigned int n)
{
	return n == 4 || n == 6 || n == 8;
}

const char *
net_die_faces(void)
{
	return "4, 6 or 8";
}

struct net *
net_die(struct arena *a, unsigned int faces, double edge, double bleed)
{
	struct net *n;

	if (!net_die_ok(faces) || !(edge > 0))
		return NULL;
	n = arena_alloc(a, sizeof(*n));
	if (faces == 6)
		cube(n, edge);
	else if (faces == 4)
		tetra(n, edge);
	else
		octa(n, edge);
	finish(n, bleed);
	return n;
}

static double
clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

struct net *
net_tuck_box(struct arena *a, double w, double h, double d, double bleed)
{
	struct net *n = arena_alloc(a, sizeof(*n));
	double mm = 72 / 25.4, tuck = clamp(d, 8 * mm, 15 * mm);
	double dust = fmin(d, w / 2) * 0.9, glue = fmin(10 * mm, d);
	double top = d + tuck;
	enum { SPINE1, FRONT, SPINE2, BACK, TOPFLAP, BOTTOM };

	add_panel(n, false, d, h, 0, 0, top)->part = NET_PART_SPINE;
	add_panel(n, false, w, h, 0, d, top)->part = NET_PART_FRONT;
	add_panel(n, false, d, h, 0, d + w, top)->part = NET_PART_SPINE;
	add_panel(n, false, w, h, 0, 2 * d + w, top)->part = NET_PART_BACK;
	/* Turned about, to read from above with the front towards one. */
	add_panel(n, false, w, d, 180, 2 * d + 2 * w, top)->part =
	    NET_PART_FLAP;
	add_panel(n, false, w, d, 0, d, top + h)->part = NET_PART_FLAP;
	/* The tucks, the dust flaps, and the glue tab that meets spine 1. */
	add_tab(n, (struct edge_ref){ TOPFLAP, 2 }, tuck, fmin(tuck / 2, w / 8),
	    false);
	add_tab(n, (struct edge_ref){ BOTTOM, 2 }, tuck, fmin(tuck / 2, w / 8),
	    false);
	add_tab(n, (struct edge_ref){ SPINE1, 0 }, dust, dust * 0.3, false);
	add_tab(n, (struct edge_ref){ SPINE2, 0 }, dust, dust * 0.3, false);
	add_tab(n, (struct edge_ref){ SPINE1, 2 }, dust, dust * 0.3, false);
	add_tab(n, (struct edge_ref){ SPINE2, 2 }, dust, dust * 0.3, false);
	meet(n, (struct edge_ref){ BACK, 1 }, (struct edge_ref){ SPINE1, 3 },
	    0);
	add_tab(n, (struct edge_ref){ BACK, 1 }, glue, fmin(glue, h / 8),
	    true);
	finish(n, bleed);
	return n;
}
