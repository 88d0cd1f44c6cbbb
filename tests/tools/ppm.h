/* SPDX-License-Identifier: MIT */
/*
 * A binary PPM (P6, 8 bits), as pdftoppm writes one, read whole: the
 * pixels of hexfit, which measures a rendered page.  (measure reads its
 * page a row at a time instead.)
 */
#ifndef DECKPRESS_TEST_PPM_H
#define DECKPRESS_TEST_PPM_H

#include <stdio.h>
#include <stdlib.h>

/* path's w x h pixels, 3 bytes each, into *img (malloc'd); -1 if not. */
static int
ppm_read(const char *path, long *w, long *h, unsigned char **img)
{
	FILE *f = fopen(path, "rb");
	long maxv;
	int ok;

	if (f == NULL)
		return -1;
	ok = fscanf(f, "P6 %ld %ld %ld", w, h, &maxv) == 3 && maxv == 255 &&
	    *w > 0 && *h > 0 && fgetc(f) != EOF &&
	    (*img = malloc((size_t)(*w * *h * 3))) != NULL &&
	    fread(*img, 3, (size_t)(*w * *h), f) == (size_t)(*w * *h);
	fclose(f);
	return ok ? 0 : -1;
}

#endif
