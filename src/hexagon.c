/* SPDX-License-Identifier: MIT */
/*
 * A regular hexagon's edges and corners (hexagon.h): its orientation
 * is read from its size as it stands, narrower than tall when pointy.
 */
#include <math.h>
#include <stddef.h>

#include "hexagon.h"

void
hex_normal(double w, double h, unsigned int k, double *nx, double *ny)
{
	/* Pointy: edges face 0, 60, .. 300 degrees; flat: 30, 90, .. */
	double a = (60.0 * (k % 6) + (w < h ? 0 : 30)) * M_PI / 180;

	*nx = cos(a);
	*ny = sin(a);
}

unsigned int
hex_edge(double w, double h, double nx, double ny)
{
	unsigned int k, best = 0;
	double ex, ey, d, bd = -2;

	for (k = 0; k < 6; k++) {
		hex_normal(w, h, k, &ex, &ey);
		d = ex * nx + ey * ny;
		if (d > bd) {
			bd = d;
			best = k;
		}
	}
	return best;
}

double
hex_apothem(double w, double h)
{
	return (w < h ? w : h) / 2;
}

void
hex_corners(double w, double h, double cx, double cy, const double grow[6],
    double xy[12])
{
	double a = hex_apothem(w, h), n1x, n1y, n2x, n2y, h1, h2;
	double det = sin(M_PI / 3);
	unsigned int k;

	/* Corner k is where edge k's line meets edge k + 1's. */
	for (k = 0; k < 6; k++) {
		hex_normal(w, h, k, &n1x, &n1y);
		hex_normal(w, h, k + 1, &n2x, &n2y);
		h1 = a + (grow != NULL ? grow[k] : 0);
		h2 = a + (grow != NULL ? grow[(k + 1) % 6] : 0);
		xy[2 * k] = cx + (h1 * n2y - h2 * n1y) / det;
		xy[2 * k + 1] = cy + (h2 * n1x - h1 * n2x) / det;
	}
}

bool
hex_inside(double w, double h, double in, double x, double y)
{
	double a = hex_apothem(w, h) - in, nx, ny;
	unsigned int k;

	for (k = 0; k < 6; k++) {
		hex_normal(w, h, k, &nx, &ny);
		if (nx * x + ny * y > a + 1e-6)
			return false;
	}
	return true;
}
