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
 * the differences, black where the images agree.  Exits 1 if a file
 * is no PNG or a rectangle lies outside its image.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cairo.h>

/* The image at path flattened onto white, as RGB24. */
static cairo_surface_t *
load(const char *path)
{
	cairo_surface_t *png = cairo_image_surface_create_from_png(path), *img;
	cairo_t *cr;

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

int
main(int argc, char **argv)
{
	cairo_surface_t *a, *b, *diff = NULL;
	int ax, ay, bx, by, w, h, x, y, i, max = 0;
	double sum = 0;

	if (argc != 9 && argc != 10) {
		fputs("usage: pngdiff A AX AY B BX BY W H [DIFF.png]\n",
		    stderr);
		return 2;
	}
	a = load(argv[1]);
	b = load(argv[4]);
	ax = atoi(argv[2]), ay = atoi(argv[3]);
	bx = atoi(argv[5]), by = atoi(argv[6]);
	w = atoi(argv[7]), h = atoi(argv[8]);
	if (!inside(a, ax, ay, w, h) || !inside(b, bx, by, w, h)) {
		fputs("pngdiff: a rectangle lies outside its image\n", stderr);
		return 1;
	}
	if (argc == 10)
		diff = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	if (diff != NULL)
		cairo_surface_flush(diff);
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
	if (diff != NULL) {
		cairo_surface_mark_dirty(diff);
		cairo_surface_write_to_png(diff, argv[9]);
		cairo_surface_destroy(diff);
	}
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
	return 0;
}
