/* SPDX-License-Identifier: MIT */
/*
 * pngdiff: compare a rectangle of one PNG image with one of another,
 * both seen on white paper (transparent pixels show white), with Cairo:
 *
 *   pngdiff A AX AY B BX BY W H [DIFF.png]
 *   mean M max X
 *
 * M is the mean absolute difference of the red, green and blue values
 * over the W x H pixels, in per cent of full scale (0-100); X the
 * largest difference of one value (0-255).  DIFF.png, if given, shows
 * the differences, black where the images agree.  A or B may be a
 * binary PPM (P6, 8 bits, as pdftoppm writes it) instead: a page
 * compared whole at 600 dpi need not be coded as a PNG and decoded
 * again.  Exits 1 if a file is neither or a rectangle lies outside its
 * image.
 *
 *   pngdiff -
 *
 * reads many comparisons from standard input, "A AX AY B BX BY W H" a
 * line (paths without blanks), and prints the line above for each, in
 * their order: one process for a suite's many cells, the last A and
 * the last B kept loaded (a large sheet is decoded once, and once when
 * B is A).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

/* The next number of a PPM header, after blanks and comments; -1 if
 * there is none. */
static long
ppm_number(FILE *f)
{
	long n = -1;
	int c;

	while ((c = getc(f)) == '#' || c == ' ' || c == '\t' || c == '\n' ||
	    c == '\r')
		if (c == '#')
			while ((c = getc(f)) != EOF && c != '\n')
				;
	while (c >= '0' && c <= '9' && n < 100000) {
		n = (n < 0 ? 0 : n * 10) + (c - '0');
		c = getc(f);
	}
	if (c >= '0' && c <= '9')
		return -1;	/* too large */
	return n;	/* the one blank after it is read too */
}

/* The binary PPM f (its "P6" read) as RGB24; NULL if it is not one of
 * 8 bits a value or is cut short. */
static cairo_surface_t *
load_ppm(FILE *f)
{
	long w = ppm_number(f), h = ppm_number(f), max = ppm_number(f), x, y;
	unsigned char *row;
	cairo_surface_t *img;
	int ok = 1;

	if (w <= 0 || h <= 0 || max != 255)
		return NULL;
	img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
	row = malloc((size_t)w * 3);
	if (row == NULL || cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
		fputs("pngdiff: out of memory\n", stderr);
		exit(2);
	}
	for (y = 0; y < h && ok; y++) {
		uint32_t *px = (uint32_t *)(void *)(cairo_image_surface_get_data(img) +
		    (size_t)y * (size_t)cairo_image_surface_get_stride(img));

		ok = fread(row, 3, (size_t)w, f) == (size_t)w;
		for (x = 0; x < w && ok; x++)
			px[x] = (uint32_t)row[3 * x] << 16 |
			    (uint32_t)row[3 * x + 1] << 8 | row[3 * x + 2];
	}
	free(row);
	if (!ok) {
		cairo_surface_destroy(img);
		return NULL;
	}
	cairo_surface_mark_dirty(img);
	return img;
}

/* The image at path flattened onto white, as RGB24. */
static cairo_surface_t *
load(const char *path)
{
	cairo_surface_t *png, *img;
	cairo_t *cr;
	FILE *f = fopen(path, "rb");
	char magic[2];

	if (f != NULL && fread(magic, 1, 2, f) == 2 && magic[0] == 'P' &&
	    magic[1] == '6') {
		img = load_ppm(f);
		fclose(f);
		if (img == NULL) {
			fprintf(stderr, "pngdiff: %s: not a PPM of 8-bit "
			    "values, or cut short\n", path);
			exit(1);
		}
		return img;
	}
	if (f != NULL)
		fclose(f);
	png = cairo_image_surface_create_from_png(path);

	if (cairo_surface_status(png) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "pngdiff: %s: %s\n", path,
		    cairo_status_to_string(cairo_surface_status(png)));
		exit(1);
	}
	img = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    cairo_image_surface_get_width(png),
	    cairo_image_surface_get_height(png));
	cr = cairo_create(img);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_surface(cr, png, 0, 0);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_destroy(png);
	cairo_surface_flush(img);
	return img;
}

/* Is the w x h rectangle at (x, y) inside img? */
static int
inside(cairo_surface_t *img, int x, int y, int w, int h)
{
	return x >= 0 && y >= 0 && w > 0 && h > 0 &&
	    x + w <= cairo_image_surface_get_width(img) &&
	    y + h <= cairo_image_surface_get_height(img);
}

/* The pixel at (x, y) of img. */
static uint32_t *
at(cairo_surface_t *img, int x, int y)
{
	unsigned char *row = cairo_image_surface_get_data(img) +
	    (size_t)y * (size_t)cairo_image_surface_get_stride(img);

	return (uint32_t *)(void *)row + x;
}

/*
 * The w x h rectangle at (ax, ay) of a against the one at (bx, by) of
 * b: prints the "mean M max X" line, and draws the differences into
 * diff unless it is NULL.  Exits 1 if a rectangle lies outside its
 * image.
 */
static void
compare(cairo_surface_t *a, int ax, int ay, cairo_surface_t *b, int bx,
    int by, int w, int h, cairo_surface_t *diff)
{
	int x, y, i, max = 0;
	double sum = 0;

	if (!inside(a, ax, ay, w, h) || !inside(b, bx, by, w, h)) {
		fputs("pngdiff: a rectangle lies outside its image\n", stderr);
		exit(1);
	}
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			uint32_t p = *at(a, ax + x, ay + y);
			uint32_t q = *at(b, bx + x, by + y), dp = 0;

			for (i = 0; i < 3; i++) {
				int d = abs((int)((p >> (8 * i)) & 0xff) -
				    (int)((q >> (8 * i)) & 0xff));

				sum += d;
				max = d > max ? d : max;
				dp |= (uint32_t)d << (8 * i);
			}
			if (diff != NULL)
				*at(diff, x, y) = dp;
		}
	printf("mean %.4f max %d\n", sum / (3.0 * w * h) / 255 * 100, max);
}

/*
 * The image at path: the one in the cache (*held its path, *img it)
 * if path is that, else loaded into the cache in its place, the old
 * one freed.  The cache owns it.
 */
static cairo_surface_t *
cached(const char *path, char **held, cairo_surface_t **img)
{
	if (*held != NULL && strcmp(*held, path) == 0)
		return *img;
	if (*img != NULL)
		cairo_surface_destroy(*img);
	free(*held);
	*img = load(path);
	if ((*held = strdup(path)) == NULL) {
		fputs("pngdiff: out of memory\n", stderr);
		exit(2);
	}
	return *img;
}

/* pngdiff -: a comparison a line of standard input; 0, or exits. */
static int
many(void)
{
	char line[8192], a[4096], b[4096], rest;
	char *ha = NULL, *hb = NULL;
	cairo_surface_t *ia = NULL, *ib = NULL;
	int ax, ay, bx, by, w, h;

	while (fgets(line, sizeof(line), stdin) != NULL) {
		if (strchr(line, '\n') == NULL && !feof(stdin)) {
			fputs("pngdiff: a line of standard input is too "
			    "long\n", stderr);
			return 2;
		}
		if (sscanf(line, "%4095s %d %d %4095s %d %d %d %d %c", a, &ax,
		    &ay, b, &bx, &by, &w, &h, &rest) != 8) {
			fprintf(stderr, "pngdiff: not \"A AX AY B BX BY W H\": "
			    "%s", line);
			return 2;
		}
		cached(a, &ha, &ia);
		/* Two rectangles of one image: it is decoded once. */
		compare(ia, ax, ay, strcmp(a, b) == 0 ? ia :
		    cached(b, &hb, &ib), bx, by, w, h, NULL);
	}
	if (ia != NULL)
		cairo_surface_destroy(ia);
	if (ib != NULL)
		cairo_surface_destroy(ib);
	free(ha);
	free(hb);
	return 0;
}

int
main(int argc, char **argv)
{
	cairo_surface_t *a, *b, *diff = NULL;
	int w, h;

	if (argc == 2 && strcmp(argv[1], "-") == 0)
		return many();
	if (argc != 9 && argc != 10) {
		fputs("usage: pngdiff A AX AY B BX BY W H [DIFF.png]\n"
		    "       pngdiff -\n", stderr);
		return 2;
	}
	a = load(argv[1]);
	b = load(argv[4]);
	w = atoi(argv[7]), h = atoi(argv[8]);
	if (argc == 10 && w > 0 && h > 0)
		diff = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	if (diff != NULL)
		cairo_surface_flush(diff);
	compare(a, atoi(argv[2]), atoi(argv[3]), b, atoi(argv[5]),
	    atoi(argv[6]), w, h, diff);
	if (diff != NULL) {
		cairo_surface_mark_dirty(diff);
		cairo_surface_write_to_png(diff, argv[9]);
		cairo_surface_destroy(diff);
	}
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
	return 0;
}
