/* SPDX-License-Identifier: MIT */
/*
 * artgen: art as print workflows hand it over, for tests/run-art.sh.
 *
 *   artgen cmyk|adobe|ycck|rgb OUT
 *
 * Writes eight flat patches of known inks (4 x 2 patches of 64 px, so
 * every JPEG block is one colour) as: a CMYK JPEG without an Adobe
 * marker (0 is no ink); an Adobe CMYK JPEG (APP14 marker, inks stored
 * inverted, as Photoshop writes them); an Adobe YCCK JPEG (inverted
 * too); or, for rgb, the PNG of the same patches converted the naive
 * way (R = (1 - C)(1 - K)), the reference the others are compared to.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <jpeglib.h>

#include "patches.h"

static int
write_png(const char *out)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    W, H);
	unsigned char *px = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s), x, y, i;

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			const unsigned char *k = ink_at(x, y);
			unsigned int rgb[3];

			for (i = 0; i < 3; i++)
				rgb[i] = ((255u - k[i]) * (255u - k[3]) +
				    127) / 255;
			((unsigned int *)(void *)(px + y * stride))[x] =
			    rgb[0] << 16 | rgb[1] << 8 | rgb[2];
		}
	cairo_surface_mark_dirty(s);
	if (cairo_surface_write_to_png(s, out) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "artgen: cannot write %s\n", out);
		return 1;
	}
	cairo_surface_destroy(s);
	return 0;
}

static int
write_jpeg(const char *mode, const char *out)
{
	struct jpeg_compress_struct ci;
	struct jpeg_error_mgr err;
	unsigned char row[W * 4];
	bool adobe = strcmp(mode, "cmyk") != 0;
	FILE *f;
	int x, i;

	if ((f = fopen(out, "wb")) == NULL) {
		perror(out);
		return 1;
	}
	ci.err = jpeg_std_error(&err);
	jpeg_create_compress(&ci);
	jpeg_stdio_dest(&ci, f);
	ci.image_width = W;
	ci.image_height = H;
	ci.input_components = 4;
	ci.in_color_space = JCS_CMYK;
	jpeg_set_defaults(&ci);
	jpeg_set_colorspace(&ci, strcmp(mode, "ycck") == 0 ? JCS_YCCK :
	    JCS_CMYK);
	ci.write_Adobe_marker = adobe;
	jpeg_set_quality(&ci, 95, TRUE);
	jpeg_start_compress(&ci, TRUE);
	while (ci.next_scanline < ci.image_height) {
		unsigned char *r = row;

		for (x = 0; x < W; x++)
			for (i = 0; i < 4; i++)
				row[4 * x + i] = adobe ? 255 - ink_at(x,
				    (int)ci.next_scanline)[i] :
				    ink_at(x, (int)ci.next_scanline)[i];
		jpeg_write_scanlines(&ci, &r, 1);
	}
	jpeg_finish_compress(&ci);
	jpeg_destroy_compress(&ci);
	return fclose(f) != 0;
}

int
main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "cmyk") != 0 && strcmp(argv[1],
	    "adobe") != 0 && strcmp(argv[1], "ycck") != 0 &&
	    strcmp(argv[1], "rgb") != 0)) {
		fputs("usage: artgen cmyk|adobe|ycck|rgb OUT\n", stderr);
		return 2;
	}
	if (strcmp(argv[1], "rgb") == 0)
		return write_png(argv[2]);
	return write_jpeg(argv[1], argv[2]);
}
