/* SPDX-License-Identifier: MIT */
/*
 * noiseart: a photograph-like PNG for make bench's art-heavy deck:
 *
 *   noiseart W H SEED OUT.png
 *
 * Smooth gradients (a different hue for each seed) plus per-pixel noise
 * of +-24, which defeats PNG's compression as a photograph's grain does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cairo.h>

static uint32_t state;

static int
noise(void)
{
	state ^= state << 13;
	state ^= state >> 17;
	state ^= state << 5;
	return (int)(state % 49) - 24;
}

static unsigned int
clamp(int v)
{
	return v < 0 ? 0 : v > 255 ? 255 : (unsigned int)v;
}

int
main(int argc, char **argv)
{
	cairo_surface_t *s;
	unsigned char *px;
	int w, h, seed, stride, x, y;

	if (argc != 5 || (w = atoi(argv[1])) <= 0 || (h = atoi(argv[2])) <= 0) {
		fputs("usage: noiseart W H SEED OUT.png\n", stderr);
		return 2;
	}
	seed = atoi(argv[3]);
	state = 2463534242u + (uint32_t)seed * 7919u;
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	px = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	for (y = 0; y < h; y++) {
		uint32_t *row = (uint32_t *)(void *)(px + (size_t)y * stride);

		for (x = 0; x < w; x++) {
			int r = x * 255 / w, g = y * 255 / h;
			int b = (x + y + seed * 40) % 256;

			row[x] = clamp(r + noise()) << 16 |
			    clamp((g + seed * 20) % 256 + noise()) << 8 |
			    clamp(b + noise());
		}
	}
	cairo_surface_mark_dirty(s);
	if (cairo_surface_write_to_png(s, argv[4]) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "noiseart: cannot write %s\n", argv[4]);
		return 1;
	}
	cairo_surface_destroy(s);
	return 0;
}
