/* SPDX-License-Identifier: MIT */
/*
 * pngsize: the size of a PNG image and, for each X Y given, its pixel
 * there, read with Cairo (as deckpress writes it):
 *
 *   pngsize FILE [X Y ...]
 *   W H
 *   X Y R G B A        one line per point, 0-255, not premultiplied
 *
 *   pngsize -m FILE...
 *   W H                one line per file, in their order
 *
 * Each file read whole with Cairo all the same: one process for a
 * folder of images.  Exits 1 if a file is no PNG or a point lies
 * outside it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

/* The image at path as ARGB32, whatever the PNG's colour type. */
static cairo_surface_t *
load(const char *path)
{
	cairo_surface_t *png = cairo_image_surface_create_from_png(path), *img;
	cairo_t *cr;

	if (cairo_surface_status(png) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "pngsize: %s: %s\n", path,
		    cairo_status_to_string(cairo_surface_status(png)));
		exit(1);
	}
	img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    cairo_image_surface_get_width(png),
	    cairo_image_surface_get_height(png));
	cr = cairo_create(img);
	cairo_set_source_surface(cr, png, 0, 0);
	cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_destroy(png);
	cairo_surface_flush(img);
	return img;
}

/* The pixel at (x, y) of img, un-premultiplied. */
static void
pixel(cairo_surface_t *img, int x, int y, int rgba[4])
{
	const unsigned char *row = cairo_image_surface_get_data(img) +
	    (size_t)y * (size_t)cairo_image_surface_get_stride(img);
	uint32_t p = ((const uint32_t *)(const void *)row)[x];
	int a = (int)(p >> 24), i;

	for (i = 0; i < 3; i++) {
		int c = (int)(p >> (16 - 8 * i)) & 0xff;

		rgba[i] = a ? (c * 255 + a / 2) / a : 0;
	}
	rgba[3] = a;
}

int
main(int argc, char **argv)
{
	cairo_surface_t *img;
	int w, h, i, x, y, rgba[4];

	if (argc >= 3 && strcmp(argv[1], "-m") == 0) {
		for (i = 2; i < argc; i++) {
			/* Decoded whole, not copied to ARGB32: no pixel read. */
			img = cairo_image_surface_create_from_png(argv[i]);
			if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
				fprintf(stderr, "pngsize: %s: %s\n", argv[i],
				    cairo_status_to_string(
				    cairo_surface_status(img)));
				return 1;
			}
			printf("%d %d\n", cairo_image_surface_get_width(img),
			    cairo_image_surface_get_height(img));
			cairo_surface_destroy(img);
		}
		return 0;
	}
	if (argc < 2 || argc % 2 != 0) {
		fputs("usage: pngsize FILE [X Y ...]\n"
		    "       pngsize -m FILE...\n", stderr);
		return 2;
	}
	img = load(argv[1]);
	w = cairo_image_surface_get_width(img);
	h = cairo_image_surface_get_height(img);
	printf("%d %d\n", w, h);
	for (i = 2; i < argc; i += 2) {
		x = atoi(argv[i]);
		y = atoi(argv[i + 1]);
		if (x < 0 || y < 0 || x >= w || y >= h) {
			fprintf(stderr, "pngsize: %d,%d is outside %dx%d\n",
			    x, y, w, h);
			return 1;
		}
		pixel(img, x, y, rgba);
		printf("%d %d %d %d %d %d\n", x, y, rgba[0], rgba[1], rgba[2],
		    rgba[3]);
	}
	cairo_surface_destroy(img);
	return 0;
}
