/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: an image file (PNG, JPEG or SVG, told by its first
 * bytes) through art_load(), which decodes it with its bounds: an
 * SVG read over by svgscan.c (its elements, references, data: images
 * sized by gdk-pixbuf, filters) before librsvg draws it, a JPEG's scans
 * counted by libjpeg's progress monitor.  Seeds: the bundled images
 * and tests/fuzz/seeds/image; words: tests/fuzz/svg.dict.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "../../src/art/art.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	struct images *images = art_new();
	char *path = fuzz_write("art/image", data, size);
	struct srcpos pos = { "deck.yaml", 1, 1 };

	art_load(images, path, &pos, NULL, &d);
	art_free(images);
	diag_free(&d);
	free(path);
	return 0;
}
