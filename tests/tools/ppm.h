/* SPDX-License-Identifier: MIT */
/*
 * A binary PPM (P6, 8 bits), as pdftoppm writes one, and the runs of
 * one colour in its rows: what hexfit and assemble read whole and
 * measure reads a row at a time.  A file is mapped, read only: the page
 * cache's own pages, not 100 MB copied into memory zeroed for them.
 * assemble reads a grey page (PGM, P5, "pdftoppm -gray") as well: a
 * pixel of 1 byte, not 3, where no colour is read.
 */
#ifndef DECKPRESS_TEST_PPM_H
#define DECKPRESS_TEST_PPM_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

struct ppm {
	long		 w, h;
	unsigned char	*p;		/* w x h pixels, bpp bytes each */
	int		 bpp;		/* 3, or 1: grey (P5) */
	void		*map;		/* p's file mapped, else NULL */
	size_t		 maplen;
};

/*
 * The header of a P6 of 255 (with grey set, or a P5 of 255) from f:
 * im's w, h and bpp.  -1 if not one.
 */
static inline int
ppm_header(FILE *f, struct ppm *im, int grey)
{
	long maxv;
	int magic = 0;

	if (fscanf(f, "P%d %ld %ld %ld", &magic, &im->w, &im->h,
	    &maxv) != 4 || (magic != 6 && !(grey && magic == 5)) ||
	    maxv != 255 || im->w <= 0 || im->h <= 0 || fgetc(f) == EOF)
		return -1;
	im->bpp = magic == 5 ? 1 : 3;
	return 0;
}

/* The pixels after the header, read on from f into memory; -1 short. */
static inline int
ppm_pixels(FILE *f, struct ppm *im)
{
	size_t n = (size_t)im->w * (size_t)im->h * (size_t)im->bpp;

	im->map = NULL;
	im->p = malloc(n);
	if (im->p == NULL || fread(im->p, 1, n, f) != n) {
		free(im->p);
		im->p = NULL;
		return -1;
	}
	return 0;
}

/*
 * The next page of a stream of them into *im (pdftoppm -f M -l N writes
 * its pages one after another to a pipe: no file written, nor removed);
 * as ppm_load().
 */
static inline int
ppm_next(FILE *f, struct ppm *im, int grey)
{
	im->map = NULL;
	im->p = NULL;
	if (ppm_header(f, im, grey) != 0)
		return -1;
	return ppm_pixels(f, im);
}

/*
 * path's pixels into *im, read only: mapped from its file where it can
 * be, else read (a pipe); -1 if not a whole P6 of 255 (with grey set,
 * or a P5 of 255).  ppm_free() gives them back.
 */
static inline int
ppm_load(const char *path, struct ppm *im, int grey)
{
	FILE *f = fopen(path, "rb");
	long off;
	size_t n;

	im->map = NULL;
	im->p = NULL;
	if (f == NULL)
		return -1;
	if (ppm_header(f, im, grey) != 0) {
		fclose(f);
		return -1;
	}
	n = (size_t)im->w * (size_t)im->h * (size_t)im->bpp;
	if ((off = ftell(f)) > 0 && fseek(f, 0, SEEK_END) == 0 &&
	    ftell(f) >= off + (long)n) {
		im->maplen = (size_t)off + n;
		im->map = mmap(NULL, im->maplen, PROT_READ, MAP_PRIVATE,
		    fileno(f), 0);
		if (im->map == MAP_FAILED)
			im->map = NULL;
	}
	if (im->map != NULL) {
		fclose(f);
		im->p = (unsigned char *)im->map + off;
		return 0;
	}
	/* A pipe: read on from the header; a file: back to its end. */
	if ((off > 0 && fseek(f, off, SEEK_SET) != 0) ||
	    ppm_pixels(f, im) != 0) {
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

/* A P6 of 255 only, as ppm_load() reads it. */
static inline int
ppm_read(const char *path, struct ppm *im)
{
	return ppm_load(path, im, 0);
}

/* What ppm_read() took. */
static inline void
ppm_free(struct ppm *im)
{
	if (im->map != NULL)
		munmap(im->map, im->maplen);
	else
		free(im->p);
	im->map = NULL;
	im->p = NULL;
}

/*
 * The end of the run of one colour that starts at pixel x of a row of
 * rw pixels of bpp bytes: the first pixel past it.  A pixel is in the
 * run when its bytes equal the pixel's before it, so a run is where the
 * row equals itself shifted by bpp bytes; compared 8 bytes at a time.
 */
static inline long
ppm_run_end_bpp(const unsigned char *row, long x, long rw, int bpp)
{
	size_t n = (size_t)bpp, i = (size_t)(bpp * x + bpp);
	size_t end = (size_t)(bpp * rw);
	uint64_t a, b;

	while (i + 8 <= end) {
		memcpy(&a, row + i, 8);
		memcpy(&b, row + i - n, 8);
		if (a != b) {
			int k = 0;

			while (row[i + k] == row[i + k - n])
				k++;
			return (long)((i + k) / n);
		}
		i += 8;
	}
	while (i < end && row[i] == row[i - n])
		i++;
	return (long)(i / n);
}

/* ppm_run_end_bpp() on a row of a P6. */
static inline long
ppm_run_end(const unsigned char *row, long x, long rw)
{
	return ppm_run_end_bpp(row, x, rw, 3);
}

#endif
