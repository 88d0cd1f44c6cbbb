/* SPDX-License-Identifier: MIT */
/*
 * spritegen: sprite sheets and their cells, for tests/run-sprites.sh
 * and make bench.
 *
 *   spritegen sheet W H COLS ROWS OUT.png [CELLDIR]
 *   spritegen crop IN.png X Y W H OUT.png
 *
 * sheet writes a W x H PNG of COLS x ROWS cells, each a colour of its
 * own with a square of another in its top-left quarter (so that a cell
 * shifted or turned shows), and with CELLDIR each cell as CELLDIR/N.png
 * too, N from 1 row by row; W and H must be multiples of COLS and ROWS.
 * crop writes the W x H pixels of IN at (X, Y) as OUT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

/* Cell i's colour, and its square's: none alike over 1000 cells. */
static void
cell_rgb(int i, int square, double rgb[3])
{
	int v = i * 7 + square * 3;

	rgb[0] = (40 + (v * 53) % 200) / 255.0;
	rgb[1] = (40 + (v * 97 / 3) % 200) / 255.0;
	rgb[2] = (40 + (i % 7) * 30 + square * 10) / 255.0;
}

static int
write_png(cairo_surface_t *s, const char *out)
{
	if (cairo_surface_write_to_png(s, out) == CAIRO_STATUS_SUCCESS)
		return 0;
	fprintf(stderr, "spritegen: cannot write %s\n", out);
	return 1;
}

/* The part x, y, w, h of s written to out. */
static int
crop(cairo_surface_t *s, int x, int y, int w, int h, const char *out)
{
	cairo_surface_t *c = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w,
	    h);
	cairo_t *cr = cairo_create(c);
	int rc;

	cairo_set_source_surface(cr, s, -x, -y);
	cairo_paint(cr);
	cairo_destroy(cr);
	rc = write_png(c, out);
	cairo_surface_destroy(c);
	return rc;
}

static int
sheet(int w, int h, int cols, int rows, const char *out, const char *dir)
{
	cairo_surface_t *s;
	cairo_t *cr;
	double rgb[3];
	int cw = w / cols, ch = h / rows, i, rc = 0;
	char path[4096];

	if (cols < 1 || rows < 1 || w % cols != 0 || h % rows != 0) {
		fprintf(stderr, "spritegen: %dx%d is not %d x %d cells\n", w,
		    h, cols, rows);
		return 2;
	}
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cr = cairo_create(s);
	for (i = 0; i < cols * rows; i++) {
		cell_rgb(i, 0, rgb);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_rectangle(cr, i % cols * cw, i / cols * ch, cw, ch);
		cairo_fill(cr);
		cell_rgb(i, 1, rgb);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_rectangle(cr, i % cols * cw + cw / 8, i / cols * ch +
		    ch / 8, cw / 4, ch / 4);
		cairo_fill(cr);
	}
	cairo_destroy(cr);
	cairo_surface_flush(s);
	rc = write_png(s, out);
	for (i = 0; rc == 0 && dir != NULL && i < cols * rows; i++) {
		snprintf(path, sizeof(path), "%s/%d.png", dir, i + 1);
		rc = crop(s, i % cols * cw, i / cols * ch, cw, ch, path);
	}
	cairo_surface_destroy(s);
	return rc;
}

int
main(int argc, char **argv)
{
	cairo_surface_t *s;
	int rc;

	if (argc >= 7 && argc <= 8 && strcmp(argv[1], "sheet") == 0)
		return sheet(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]),
		    atoi(argv[5]), argv[6], argc == 8 ? argv[7] : NULL);
	if (argc == 8 && strcmp(argv[1], "crop") == 0) {
		s = cairo_image_surface_create_from_png(argv[2]);
		if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
			fprintf(stderr, "spritegen: cannot read %s\n", argv[2]);
			return 1;
		}
		rc = crop(s, atoi(argv[3]), atoi(argv[4]), atoi(argv[5]),
		    atoi(argv[6]), argv[7]);
		cairo_surface_destroy(s);
		return rc;
	}
	fprintf(stderr, "usage: spritegen sheet W H COLS ROWS OUT.png "
	    "[CELLDIR]\n       spritegen crop IN.png X Y W H OUT.png\n");
	return 2;
}
