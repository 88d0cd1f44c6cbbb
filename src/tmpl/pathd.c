/* SPDX-License-Identifier: MIT */
/*
 * A small, strict parser of SVG path data (the d of a path element):
 * M L H V C S Q T A Z, absolute and relative, in mm from the trim's
 * top-left, turned into moves, lines, cubic béziers and closes in
 * points that Cairo draws as they are.  Arcs become béziers of at most
 * a quarter turn each, quadratics become cubics.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tctx.h"

struct pd {
	const char	*s, *p;		/* data, where we are */
	const char	*why;		/* the first problem, or NULL */
	const char	*at;		/* where it is */
	const char	*cmd;		/* the command being read */
	struct pathseg	*v;
	size_t		 n, cap;
	double		 x, y;		/* current point, mm */
	double		 sx, sy;	/* start of the subpath, mm */
	double		 cx, cy;	/* last control point, mm */
	char		 last;		/* previous command, upper case */
};

static bool
fail(struct pd *q, const char *at, const char *why)
{
	if (q->why == NULL) {
		q->why = why;
		q->at = at;
	}
	return false;
}

static void
skip_sep(struct pd *q)
{
	while (*q->p == ' ' || *q->p == '\t' || *q->p == '\n' ||
	    *q->p == '\r' || *q->p == '\f')
		q->p++;
	if (*q->p == ',') {
		q->p++;
		while (*q->p == ' ' || *q->p == '\t' || *q->p == '\n' ||
		    *q->p == '\r' || *q->p == '\f')
			q->p++;
	}
}

/* Digits at p into *v (scaled by 10 per digit); how many were read. */
static size_t
digits(const char **p, double *v)
{
	size_t n = 0;

	while (isdigit((unsigned char)**p)) {
		*v = *v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	return n;
}

/*
 * An SVG number: sign, digits, fraction, exponent.  Read by hand, not
 * by strtod, so that a locale's decimal comma cannot change it.
 */
static bool
number(struct pd *q, double *out)
{
	const char *p = q->p;
	double v = 0, f = 0, e = 0, sign = 1, esign = 1;
	size_t ni, nf = 0;

	skip_sep(q);
	p = q->p;
	if (*p == '+' || *p == '-')
		sign = *p++ == '-' ? -1 : 1;
	ni = digits(&p, &v);
	if (*p == '.') {
		const char *f0 = ++p;

		nf = digits(&p, &f);
		f /= pow(10, (double)(p - f0));
	}
	if (ni + nf == 0)
		return fail(q, q->p, "expected a number");
	if ((*p == 'e' || *p == 'E') && (isdigit((unsigned char)p[1]) ||
	    ((p[1] == '+' || p[1] == '-') && isdigit((unsigned char)p[2])))) {
		p++;
		if (*p == '+' || *p == '-')
			esign = *p++ == '-' ? -1 : 1;
		digits(&p, &e);
	}
	v = sign * (v + f) * pow(10, esign * e);
	if (!isfinite(v) || fabs(v) > 1e5)
		return fail(q, q->p, "a number out of range");
	*out = v;
	q->p = p;
	return true;
}

/* An arc's flag: a single 0 or 1, which needs no separator after it. */
static bool
flag(struct pd *q, bool *out)
{
	skip_sep(q);
	if (*q->p != '0' && *q->p != '1')
		return fail(q, q->p, "expected an arc flag, 0 or 1");
	*out = *q->p++ == '1';
	return true;
}

static bool
add(struct pd *q, enum segop op, const double *mm, size_t k)
{
	struct pathseg *s;
	size_t i;

	if (q->n >= PATHD_MAX_SEGS)
		return fail(q, q->cmd, "more than 10000 segments");
	xgrow((void **)&q->v, &q->cap, q->n + 1, sizeof(*q->v));
	s = &q->v[q->n++];
	memset(s, 0, sizeof(*s));
	s->op = op;
	for (i = 0; i < k; i++)
		s->p[i] = MM(mm[i]);
	return true;
}

static bool
curve(struct pd *q, double x1, double y1, double x2, double y2, double x,
    double y)
{
	const double mm[6] = { x1, y1, x2, y2, x, y };

	q->cx = x2;
	q->cy = y2;
	q->x = x;
	q->y = y;
	return add(q, SEG_CURVE, mm, 6);
}

static bool
line(struct pd *q, double x, double y)
{
	const double mm[2] = { x, y };

	q->x = x;
	q->y = y;
	return add(q, SEG_LINE, mm, 2);
}

/* A quadratic bézier as the cubic that draws the same curve. */
static bool
quad(struct pd *q, double qx, double qy, double x, double y)
{
	bool ok = curve(q, q->x + 2.0 / 3 * (qx - q->x),
	    q->y + 2.0 / 3 * (qy - q->y), x + 2.0 / 3 * (qx - x),
	    y + 2.0 / 3 * (qy - y), x, y);

	q->cx = qx;
	q->cy = qy;
	return ok;
}

/* One piece of an arc of at most a quarter turn, of the unit circle
 * mapped by (rx, ry, phi) about (cx, cy), from angle a to b. */
static bool
arc_piece(struct pd *q, double cx, double cy, double rx, double ry,
    double phi, double a, double b)
{
	double t = 4.0 / 3 * tan((b - a) / 4);
	double c = cos(phi), s = sin(phi);
	double ux[3] = { cos(a) - t * sin(a), cos(b) + t * sin(b), cos(b) };
	double uy[3] = { sin(a) + t * cos(a), sin(b) - t * cos(b), sin(b) };
	double px[3], py[3];
	int i;

	for (i = 0; i < 3; i++) {
		px[i] = cx + c * rx * ux[i] - s * ry * uy[i];
		py[i] = cy + s * rx * ux[i] + c * ry * uy[i];
	}
	return curve(q, px[0], py[0], px[1], py[1], px[2], py[2]);
}

/*
 * An elliptical arc to (x, y), as the SVG specification's appendix
 * (F.6.5, F.6.6) says: radii too small for the endpoints grow, zero
 * radii draw a line, the centre follows from the two flags.
 */
static bool
arc(struct pd *q, double rx, double ry, double deg, bool large, bool sweep,
    double x, double y)
{
	double phi = deg * M_PI / 180, c = cos(phi), s = sin(phi);
	double dx = (q->x - x) / 2, dy = (q->y - y) / 2;
	double x1 = c * dx + s * dy, y1 = -s * dx + c * dy;
	double l, num, k, cxp, cyp, ccx, ccy, a1, da, ux, uy, vx, vy;
	int i, np;

	if (q->x == x && q->y == y)
		return true;
	rx = fabs(rx);
	ry = fabs(ry);
	if (rx == 0 || ry == 0)
		return line(q, x, y);
	l = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry);
	if (l > 1) {
		rx *= sqrt(l);
		ry *= sqrt(l);
	}
	num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
	k = sqrt(fmax(0, num / (rx * rx * y1 * y1 + ry * ry * x1 * x1)));
	if (large == sweep)
		k = -k;
	cxp = k * rx * y1 / ry;
	cyp = -k * ry * x1 / rx;
	ux = (x1 - cxp) / rx;
	uy = (y1 - cyp) / ry;
	vx = (-x1 - cxp) / rx;
	vy = (-y1 - cyp) / ry;
	a1 = atan2(uy, ux);
	da = atan2(ux * vy - uy * vx, ux * vx + uy * vy);
	if (!sweep && da > 0)
		da -= 2 * M_PI;
	else if (sweep && da < 0)
		da += 2 * M_PI;
	np = (int)ceil(fabs(da) / (M_PI / 2) - 1e-9);
	if (np < 1)
		np = 1;
	/* The centre, from the start point, before the pieces move it. */
	ccx = c * cxp - s * cyp + (q->x + x) / 2;
	ccy = s * cxp + c * cyp + (q->y + y) / 2;
	for (i = 0; i < np; i++)
		if (!arc_piece(q, ccx, ccy, rx, ry, phi, a1 + da * i / np,
		    a1 + da * (i + 1) / np))
			return false;
	/* Land exactly on the endpoint, not on its rounding. */
	q->v[q->n - 1].p[4] = MM(x);
	q->v[q->n - 1].p[5] = MM(y);
	q->x = x;
	q->y = y;
	return true;
}

/* The numbers a command takes, read into v; rel: add the current point
 * to each x y pair (H and V have their own). */
static bool
params(struct pd *q, char cmd, bool rel, double *v, size_t k)
{
	size_t i;
	bool f;

	for (i = 0; i < k; i++) {
		if (cmd == 'A' && (i == 3 || i == 4)) {
			if (!flag(q, &f))
				return false;
			v[i] = f;
		} else if (!number(q, &v[i]))
			return false;
	}
	if (!rel)
		return true;
	if (cmd == 'H')
		v[0] += q->x;
	else if (cmd == 'V')
		v[0] += q->y;
	else
		for (i = cmd == 'A' ? 5 : 0; i + 1 < k; i += 2) {
			v[i] += q->x;
			v[i + 1] += q->y;
		}
	return true;
}

/* The last control point reflected, for S and T (else the point). */
static void
reflect(const struct pd *q, char want, double *x, double *y)
{
	bool after = want == 'S' ? q->last == 'C' || q->last == 'S' :
	    q->last == 'Q' || q->last == 'T';

	*x = after ? 2 * q->x - q->cx : q->x;
	*y = after ? 2 * q->y - q->cy : q->y;
}

static bool
draw(struct pd *q, char cmd, const double *v)
{
	double rx, ry;
	const double mm[2] = { v[0], v[1] };

	switch (cmd) {
	case 'M':
		q->x = q->sx = v[0];
		q->y = q->sy = v[1];
		return add(q, SEG_MOVE, mm, 2);
	case 'L':
		return line(q, v[0], v[1]);
	case 'H':
		return line(q, v[0], q->y);
	case 'V':
		return line(q, q->x, v[0]);
	case 'C':
		return curve(q, v[0], v[1], v[2], v[3], v[4], v[5]);
	case 'S':
		reflect(q, 'S', &rx, &ry);
		return curve(q, rx, ry, v[0], v[1], v[2], v[3]);
	case 'Q':
		return quad(q, v[0], v[1], v[2], v[3]);
	case 'T':
		reflect(q, 'T', &rx, &ry);
		return quad(q, rx, ry, v[0], v[1]);
	case 'A':
		return arc(q, v[0], v[1], v[2], v[3] != 0, v[4] != 0, v[5],
		    v[6]);
	default:
		q->x = q->sx;
		q->y = q->sy;
		return add(q, SEG_CLOSE, NULL, 0);
	}
}

/* The numbers each command takes, by letter. */
static size_t
arity(char cmd)
{
	static const char names[] = "MLHVCSQTAZ";
	static const size_t k[] = { 2, 2, 1, 1, 6, 4, 4, 2, 7, 0 };
	const char *at = strchr(names, cmd);

	return at != NULL && cmd != '\0' ? k[at - names] : (size_t)-1;
}

/* One command letter and all the parameter groups that follow it. */
static bool
command(struct pd *q)
{
	char c = *q->p, cmd = (char)toupper((unsigned char)c);
	bool rel = c != cmd;
	size_t k = arity(cmd);
	double v[7];
	const char *p;

	if (k == (size_t)-1)
		return fail(q, q->p, "expected a command (M L H V C S Q T A Z)");
	if (q->n == 0 && cmd != 'M')
		return fail(q, q->p, "path data starts with M or m");
	q->cmd = q->p++;
	do {
		p = q->p;
		if (!params(q, cmd, rel, v, k) || !draw(q, cmd, v))
			return false;
		q->last = cmd;
		/* Pairs after a move are lines to. */
		if (cmd == 'M')
			cmd = 'L';
		skip_sep(q);
	} while (k > 0 && *q->p != '\0' && !isalpha((unsigned char)*q->p) &&
	    q->p != p);
	return true;
}

bool
tmpl_pathd_parse(struct arena *a, const char *d, struct pathseg **segs,
    size_t *n, size_t *at, const char **why)
{
	struct pd q;
	size_t len = strlen(d);

	memset(&q, 0, sizeof(q));
	q.s = q.p = d;
	if (len > PATHD_MAX_CHARS) {
		*at = 0;
		*why = "more than 100000 characters";
		return false;
	}
	skip_sep(&q);
	if (*q.p == '\0')
		fail(&q, q.p, "no path data");
	while (q.why == NULL && *q.p != '\0') {
		if (command(&q))
			skip_sep(&q);
	}
	if (q.why != NULL) {
		*at = (size_t)(q.at - d);
		*why = q.why;
		free(q.v);
		return false;
	}
	*segs = arena_alloc(a, q.n * sizeof(**segs) + 1);
	memcpy(*segs, q.v, q.n * sizeof(**segs));
	*n = q.n;
	free(q.v);
	return true;
}
