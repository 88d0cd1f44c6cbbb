/* SPDX-License-Identifier: MIT */
/*
 * A binary PPM (P6, 8 bits), as pdftoppm writes one, read whole: the
 * pixels of hexfit, which measures a rendered page.  (measure reads its
 * page a row at a time instead.)  A file is mapped, read only: the page
 * cache's own pages, not 100 MB copied into memory zeroed for them.
 */
#ifndef DECKPRESS_TEST_PPM_H
#define DECKPRESS_TEST_PPM_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

/*
 * path's w x h pixels, 3 bytes each, into *img (mapped, or malloc'd from
 * a pipe; never to be written or freed); -1 if not.
 */
static int
ppm_read(const char *path, long *w, long *h, unsigned char **img)
{
	FILE *f = fopen(path, "rb");
	long maxv, off;
	void *map;
	int ok;

	if (f == NULL)
		return -1;
	ok = fscanf(f, "P6 %ld %ld %ld", w, h, &maxv) == 3 && maxv == 255 &&
	    *w > 0 && *h > 0 && fgetc(f) != EOF;
	if (ok && (off = ftell(f)) > 0 && fseek(f, 0, SEEK_END) == 0) {
		size_t len = (size_t)off + (size_t)(*w * *h * 3);

		ok = ftell(f) >= (long)len &&
		    (map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fileno(f),
		    0)) != MAP_FAILED;
		if (ok)
			*img = (unsigned char *)map + off;
		fclose(f);
		return ok ? 0 : -1;
	}
	ok = ok && (*img = malloc((size_t)(*w * *h * 3))) != NULL &&
	    fread(*img, 3, (size_t)(*w * *h), f) == (size_t)(*w * *h);
	fclose(f);
	return ok ? 0 : -1;
}

#endif
