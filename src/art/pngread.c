/* SPDX-License-Identifier: MIT */
/*
 * Large PNG art read through libpng from an open file, for lazy images
 * (art.c): decoded a row at a time when the game is loaded (or, for a
 * run that draws it, only its header read then), then from the same
 * open file when the PDF asks for its pixels.  Cairo's own reader keeps
 * a copy of the whole file with every image it makes (as its PNG MIME
 * data, which no PDF uses) and grows it while it reads; for a 1600 x
 * 2200 photograph that is 11 MB more than the 14 MB of its pixels.  The
 * pixels come out as Cairo's reader makes them: 8 bits a channel,
 * palettes and grey made RGB, tRNS made alpha, premultiplied.  Part of
 * the art stage.  Every PNG's colour profile (iCCP), this reader's and
 * Cairo's alike, is applied here (icc.c).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <png.h>

#include "icc.h"
#include "art.h"
#include "pngread.h"

/*
 * The file, how much more of it may be read, and what was read of it
 * ahead: libpng asks for a few bytes at a time.
 */
struct pngsrc {
	int		 fd;
	size_t		 left;
	size_t		 at, n;		/* of buf: next byte, bytes */
	unsigned char	 buf[65536];
};

static void
src_read(png_structp png, png_bytep out, size_t n)
{
	struct pngsrc *s = png_get_io_ptr(png);
	size_t k;
	ssize_t got;

	if (n > s->left)
		png_error(png, "cut short");
	s->left -= n;
	while (n > 0) {
		if (s->at == s->n) {
			got = read(s->fd, s->buf, sizeof(s->buf));
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0)
				png_error(png, "cut short");
			s->at = 0;
			s->n = (size_t)got;
		}
		k = s->n - s->at < n ? s->n - s->at : n;
		memcpy(out, s->buf + s->at, k);
		s->at += k;
		out += k;
		n -= k;
	}
}

/* libpng's messages are not the user's: an error jumps back, quietly. */
static void
quiet_error(png_structp png, png_const_charp msg)
{
	(void)msg;
	png_longjmp(png, 1);
}

static void
quiet_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/*
 * Cairo's transforms: whatever the file holds, 8-bit RGB(A) rows.  The
 * number of passes to read (an interlaced file has 7).
 */
static int
expand(png_structp png, png_infop info)
{
	int passes;
	int type = png_get_color_type(png, info);
	int depth = png_get_bit_depth(png, info);

	if (type == PNG_COLOR_TYPE_PALETTE)
		png_set_palette_to_rgb(png);
	if (type == PNG_COLOR_TYPE_GRAY)
		png_set_expand_gray_1_2_4_to_8(png);
	if (png_get_valid(png, info, PNG_INFO_tRNS))
		png_set_tRNS_to_alpha(png);
	if (depth == 16)
		png_set_strip_16(png);
	if (depth < 8)
		png_set_packing(png);
	if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA)
		png_set_gray_to_rgb(png);
	png_set_filler(png, 0xff, PNG_FILLER_AFTER);
	passes = png_set_interlace_handling(png);
	png_read_update_info(png, info);
	return passes;
}

/* Colour c times alpha a, rounded as Cairo's reader rounds it. */
static uint32_t
premul(uint32_t c, uint32_t a)
{
	uint32_t t = c * a + 0x80;

	return (t + (t >> 8)) >> 8;
}

/* Row of n R,G,B,A bytes, in place, as Cairo's pixels (native words). */
static void
to_cairo(unsigned char *row, size_t n, bool alpha)
{
	uint32_t *px = (uint32_t *)(void *)row;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char *p = row + 4 * i;
		uint32_t a = alpha ? p[3] : 0xff, r = p[0], g = p[1], b = p[2];

		if (a < 0xff) {
			r = premul(r, a);
			g = premul(g, a);
			b = premul(b, a);
		}
		px[i] = a << 24 | r << 16 | g << 8 | b;
	}
}

/*
 * Every pass of every row into rows (NULL: a single scratch row,
 * reused, the pixels not kept).
 */
static void
read_rows(png_structp png, int passes, png_uint_32 h, unsigned char **rows,
    unsigned char *scratch)
{
	png_uint_32 y;
	int p;

	for (p = 0; p < passes; p++)
		for (y = 0; y < h; y++)
			png_read_row(png, rows ? rows[y] : scratch, NULL);
}

/* The file's colour profile, if it has one, applied to s. */
static void
apply_icc(png_structp png, png_infop info, cairo_surface_t *s)
{
	png_charp name;
	png_bytep prof;
	png_uint_32 len;
	int comp;

	if (png_get_iCCP(png, info, &name, &comp, &prof, &len) ==
	    PNG_INFO_iCCP)
		art_icc_convert(s, prof, len);
}

/* Chunks from memory, for art_png_icc(). */
struct pngmem {
	const unsigned char	*p;
	size_t			 left;
};

static void
mem_read(png_structp png, png_bytep out, size_t n)
{
	struct pngmem *m = png_get_io_ptr(png);

	if (n > m->left)
		png_error(png, "cut short");
	memcpy(out, m->p, n);
	m->p += n;
	m->left -= n;
}

void
art_png_icc(const unsigned char *data, size_t len, cairo_surface_t *s)
{
	struct pngmem m = { data, len };
	png_structp png;
	png_infop info = NULL;

	png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL,
	    quiet_error, quiet_warning);
	if (png == NULL || (info = png_create_info_struct(png)) == NULL)
		goto out;
	if (setjmp(png_jmpbuf(png)))
		goto out;	/* decoded by Cairo: no profile to read */
	png_set_read_fn(png, &m, mem_read);
	png_read_info(png, info);
	apply_icc(png, info, s);
out:
	png_destroy_read_struct(&png, info ? &info : NULL, NULL);
}

bool
art_png_read_fd(int fd, size_t max, struct pngread *out, const char **why)
{
	struct pngsrc *src = malloc(sizeof(*src));
	png_structp png;
	png_infop info = NULL;
	unsigned char **volatile rows = NULL, *volatile scratch = NULL;
	cairo_surface_t *volatile surf = NULL;
	volatile bool ok = false;
	png_uint_32 w, h, y;
	unsigned char *px;
	int stride, passes;

	*why = "is a truncated or damaged PNG";
	if (src == NULL || lseek(fd, 0, SEEK_SET) != 0) {
		free(src);
		*why = "cannot be read";
		return false;
	}
	src->fd = fd;
	src->left = max;
	src->at = src->n = 0;
	png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL,
	    quiet_error, quiet_warning);
	if (png == NULL || (info = png_create_info_struct(png)) == NULL)
		goto out;
	if (setjmp(png_jmpbuf(png)))
		goto out;
	png_set_read_fn(png, src, src_read);
	png_read_info(png, info);
	w = png_get_image_width(png, info);
	h = png_get_image_height(png, info);
	out->alpha = (png_get_color_type(png, info) & PNG_COLOR_MASK_ALPHA) ||
	    png_get_valid(png, info, PNG_INFO_tRNS);
	/* The caller knows its size from the header: the file must not
	 * have changed since, nor hold more pixels than it may. */
	if ((int)w != out->w || (int)h != out->h) {
		*why = "changed while deckpress read it";
		goto out;
	}
	if (out->head) {
		ok = true;	/* measured, to be decoded when drawn */
		goto out;
	}
	passes = expand(png, info);
	if (!out->want) {
		scratch = malloc((size_t)w * 4 + 16);
		if (scratch == NULL)
			goto out;
		read_rows(png, passes, h, NULL, scratch);
	} else {
		surf = cairo_image_surface_create(out->alpha ?
		    CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, (int)w, (int)h);
		if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
			*why = "is too large to decode";
			goto out;
		}
		px = cairo_image_surface_get_data(surf);
		stride = cairo_image_surface_get_stride(surf);
		rows = malloc(h * sizeof(*rows));
		if (rows == NULL)
			goto out;
		for (y = 0; y < h; y++)
			rows[y] = px + (size_t)stride * y;
		read_rows(png, passes, h, rows, NULL);
		for (y = 0; y < h; y++)
			to_cairo(rows[y], w, out->alpha);
		cairo_surface_mark_dirty(surf);
		apply_icc(png, info, surf);
	}
	png_read_end(png, NULL);
	ok = true;
out:
	png_destroy_read_struct(&png, info ? &info : NULL, NULL);
	free(src);
	free(rows);
	free(scratch);
	if (ok && out->want)
		out->surface = surf;
	else if (surf != NULL)
		cairo_surface_destroy(surf);
	return ok;
}
