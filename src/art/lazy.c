/* SPDX-License-Identifier: MIT */
/*
 * Large raster art, lazy: checked whole when the game is loaded, then
 * its pixels and bytes freed, and read again from its file -- kept open
 * since, else opened again, confined and bounded as at load -- when
 * Cairo asks for its pixels, resampled for --image-dpi; one such image
 * held at a time, so that memory follows the largest image, not the
 * deck's art.  Deferred (art_defer(): a run that draws its images into
 * its output and checks the rest before keeping it), a large PNG or
 * JPEG is only measured when loaded and checked by its one decode, when
 * first drawn; art_check_pending() decodes
 * those no page drew.  Cairo asks for an image's pixels several times a
 * page, but a PDF needs them only to write the image, once a document:
 * every other time it is given a stand-in of the same size, format and
 * id, without pixels (lazy_standin()), so that an image is decoded once
 * for each PDF however many cards show it (and, unless deferred, once
 * more to check it).  Part of the art stage, for art.c (images.h).
 */
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "../confine/confine.h"
#include "bounds.h"
#include "images.h"
#include "jpeg.h"
#include "pngread.h"
#include "resample.h"

/*
 * The unique id that names lazy image img's pixels, as drawn, in
 * surface s: the PDF embeds them once however often it is given them.
 */
static void
lazy_uid(const struct image *img, cairo_surface_t *s)
{
	char *uid = g_strdup_printf("deckpress %s %dx%d", img->path,
	    img->px_w, img->px_h);

	cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_UNIQUE_ID,
	    (unsigned char *)uid, strlen(uid), g_free, uid);
}

/*
 * Of lazy image img, decoded whole into full (borrowed) from the file's
 * len bytes at *data (NULL for a PNG, which is read as it is decoded),
 * the pixels drawn: px_w x px_h, resampled for --image-dpi if fewer; a
 * JPEG's own bytes, *data (then owned by the surface: *data NULL), its
 * MIME data unless its pixels were converted.  A unique id names the
 * file and size, so that the PDF embeds it once however often it is
 * asked for.  Caller destroys the surface.
 */
static cairo_surface_t *
lazy_pixels(const struct image *img, cairo_surface_t *full,
    unsigned char **data, size_t len, bool converted)
{
	cairo_surface_t *s;

	if (img->px_w < img->w_px || img->px_h < img->h_px)
		s = art_surface_downscale(full, img->px_w, img->px_h,
		    img->kind == IMG_JPEG);
	else {
		s = cairo_surface_reference(full);
		if (img->kind == IMG_JPEG && !converted && *data != NULL) {
			cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG,
			    *data, len, g_free, *data);
			*data = NULL;
		}
	}
	lazy_uid(img, s);
	return s;
}

/*
 * Lazy image img's pixels, px_w x px_h, read and decoded from its file
 * again (and resampled, for --image-dpi); NULL with why if the file is
 * no longer the image it was, or (pending) is damaged.  A unique id
 * names the file and size, so that the PDF embeds it once however often
 * it is asked for.
 */
static cairo_surface_t *
lazy_decode(const struct image *img, const char **why)
{
	const struct confine *conf = img->cache->confine;
	struct image t = { .path = img->path, .kind = img->kind };
	struct pngread r = { .w = (int)img->w_px, .h = (int)img->h_px,
	    .want = true };
	cairo_surface_t *s = NULL;
	struct stat st;
	bool ok;
	int fd;

	/* Read from the file kept open since it was checked, from its
	 * start; else opened again as it was first: where the game may
	 * read, a regular file.  Bounded as then.  A PNG is read from the
	 * file as it is decoded, its bytes not held. */
	if (img->fd_kept)
		fd = fstat(img->fd, &st) == 0 ? img->fd : -1;
	else
		fd = confine_open(conf, img->path, &st, why);
	*why = "cannot be read";
	if (fd < 0)
		ok = false;
	else if (img->kind == IMG_PNG) {
		ok = art_png_read_fd(fd, MAX_BYTES, &r, why);
		t.surface = r.surface;
		t.w_px = img->w_px;
		t.h_px = img->h_px;
	} else
		ok = lseek(fd, 0, SEEK_SET) == 0 && confine_slurp_fd(fd, &st,
		    MAX_BYTES, &t.data, &t.len, why) &&
		    art_load_jpeg(&t, why);
	if (fd >= 0 && !img->fd_kept)
		close(fd);
	if (ok && t.w_px == img->w_px && t.h_px == img->h_px)
		s = lazy_pixels(img, t.surface, &t.data, t.len, t.converted);
	else if (ok)
		*why = "changed while deckpress read it";
	if (t.surface != NULL)
		cairo_surface_destroy(t.surface);
	g_free(t.data);
	return s;
}

/*
 * A deferred image that its first decode found damaged: said where it
 * was first named, as loading would have said it, and not drawn.
 */
static void
lazy_damaged(struct images *c, struct image *img, const char *why)
{
	struct srcpos pos = { NULL, img->named_line, img->named_col };

	img->pending = false;
	img->changed = true;
	img->failed = true;
	c->damaged++;
	if (c->d == NULL)
		return;
	if (img->named_file != NULL)
		pos.file = diag_file(c->d, img->named_file);
	diag_add(c->d, DIAG_ERROR, &pos, "image", "%s%simage %s %s",
	    CTX_FMT(img->named_ctx), img->path, why);
}

void
art_lazy_pend(struct image *img, const struct srcpos *pos, const char *ctx)
{
	img->named_file = pos != NULL && pos->file != NULL ?
	    g_strdup(pos->file) : NULL;
	img->named_line = pos != NULL ? pos->line : 0;
	img->named_col = pos != NULL ? pos->col : 0;
	img->named_ctx = ctx != NULL ? g_strdup(ctx) : NULL;
}

/*
 * Lazy image img's pixels decoded into c->held_px (the last held let
 * go): a pending one checked so; one that cannot be read again as it
 * was, or is damaged, said once and held as transparent pixels, drawn
 * as nothing (the error keeps the PDF from being written).
 */
static void lazy_changed(struct images *c, struct image *img);

static void
lazy_hold(struct images *c, struct image *img)
{
	const char *why = NULL;

	art_lazy_drop(c);
	c->held_px = lazy_decode(img, &why);
	if (c->held_px == NULL) {
		if (img->pending)
			lazy_damaged(c, img, why);
		else
			lazy_changed(c, img);
		c->held_px = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
		    img->px_w, img->px_h);
	}
	img->pending = false;
	c->held = img;
}

/* Images named where (file, line, col) by_named() orders them. */
static gint
by_named(gconstpointer a, gconstpointer b)
{
	const struct image *x = *(struct image *const *)a;
	const struct image *y = *(struct image *const *)b;
	int k = g_strcmp0(x->named_file, y->named_file);

	if (k != 0)
		return k;
	if (x->named_line != y->named_line)
		return x->named_line < y->named_line ? -1 : 1;
	if (x->named_col != y->named_col)
		return x->named_col < y->named_col ? -1 : 1;
	return strcmp(x->path, y->path);
}

void
art_check_pending(struct images *c)
{
	GPtrArray *v;
	GHashTableIter it;
	gpointer k, img;
	guint i;

	if (c == NULL)
		return;
	v = g_ptr_array_new();
	g_hash_table_iter_init(&it, c->by_path);
	while (g_hash_table_iter_next(&it, &k, &img))
		if (((struct image *)img)->pending)
			g_ptr_array_add(v, img);
	g_ptr_array_sort(v, by_named);
	for (i = 0; i < v->len; i++)
		lazy_hold(c, g_ptr_array_index(v, i));
	g_ptr_array_free(v, true);
}

/* A lazy image that cannot be read again as it was: said once. */
static void
lazy_changed(struct images *c, struct image *img)
{
	struct srcpos pos = { NULL, 0, 0 };

	if (c->d == NULL || img->changed)
		return;
	img->changed = true;
	pos.file = diag_file(c->d, img->path);
	diag_add(c->d, DIAG_ERROR, &pos, "image", "changed while deckpress "
	    "was drawing it (it is read again for each page it is on): "
	    "nothing written; run again");
}

/*
 * Pages of zeros, never written, of at least n bytes (mapped from
 * /dev/zero the first time: they take no memory unless read), or NULL.
 */
static unsigned char *
lazy_zeros(struct images *c, size_t n)
{
	void *m;
	int fd;

	if (c->zero_len == 0 && c->zero_max > 0) {
		if ((fd = open("/dev/zero", O_RDONLY | O_CLOEXEC)) < 0)
			return NULL;
		m = mmap(NULL, c->zero_max, PROT_READ | PROT_WRITE, MAP_PRIVATE,
		    fd, 0);
		close(fd);
		if (m == MAP_FAILED)
			return NULL;
		c->zero = m;
		c->zero_len = c->zero_max;
	}
	return n <= c->zero_len ? c->zero : NULL;
}

void
art_lazy_unmap(struct images *c)
{
	if (c->zero_len > 0)
		munmap(c->zero, c->zero_len);
	c->zero = NULL;
	c->zero_len = 0;
}

/*
 * Where Cairo asks for an opaque lazy image's pixels only to learn what
 * they are, a stand-in: an image of the same size, format and unique
 * id whose pixels are pages of zeros never read; NULL where it may draw
 * them (every other target, a PDF's own copy of the pattern, which it
 * writes the image from, and any image with transparency, whose
 * analysis reads its alpha).  Cairo's PDF surface (1.16 to 1.18):
 * - a recording surface analysing a page asks, for a 1 x 1 image,
 *   whether the pattern has transparency: an RGB24 image's format says
 *   it has none;
 * - each time the image is drawn, the PDF asks for its size and unique
 *   id, to find it among those it has written, and copies the pattern
 *   (lazy_copy()) the first time, while it still holds what it was
 *   given (1.16 then asks again with its copy, only to know that it is
 *   an image: while the first is held, a stand-in too);
 * - it writes the image at the end of the page from its copy: pixels.
 */
static cairo_surface_t *
lazy_standin(const struct image *img, cairo_pattern_t *p,
    cairo_surface_t *target)
{
	struct images *c = img->cache;
	cairo_surface_t *s;
	unsigned char *px;
	int stride;

	if (img->alpha)
		return NULL;
	switch (cairo_surface_get_type(target)) {
	case CAIRO_SURFACE_TYPE_IMAGE:
		if (cairo_image_surface_get_width(target) != 1 ||
		    cairo_image_surface_get_height(target) != 1 ||
		    cairo_image_surface_get_format(target) !=
		    CAIRO_FORMAT_ARGB32)
			return NULL;
		return cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	case CAIRO_SURFACE_TYPE_PDF:
		if (g_hash_table_contains(c->pdf_copies, p) &&
		    img->acquired < 2)
			return NULL;
		break;
	default:
		return NULL;
	}
	stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, img->px_w);
	if ((px = lazy_zeros(c, (size_t)stride * img->px_h)) == NULL)
		return NULL;
	s = cairo_image_surface_create_for_data(px, CAIRO_FORMAT_RGB24,
	    img->px_w, img->px_h, stride);
	lazy_uid(img, s);
	return s;
}

/*
 * Cairo asks for a lazy image's pixels (to analyse a page, to write the
 * image, to draw a preview): the last one decoded is kept, since it is
 * asked for several times in a row; any other is freed first.
 */
static cairo_surface_t *
lazy_acquire(cairo_pattern_t *p, void *data, cairo_surface_t *target,
    const cairo_rectangle_int_t *ext)
{
	struct image *img = data;
	struct images *c = img->cache;

	cairo_surface_t *s;

	(void)ext;
	img->acquired++;
	if ((s = lazy_standin(img, p, target)) != NULL)
		return s;
	if (c->held != img)
		lazy_hold(c, img);
	return cairo_surface_reference(c->held_px);
}

void
art_lazy_drop(struct images *c)
{
	if (c->held_px != NULL)
		cairo_surface_destroy(c->held_px);
	c->held_px = NULL;
	c->held = NULL;
}

void
art_idle(struct images *c)
{
	if (c != NULL)
		art_lazy_drop(c);
}

static void
lazy_release(cairo_pattern_t *p, void *data, cairo_surface_t *s)
{
	struct image *img = data;

	(void)p;
	img->acquired--;
	cairo_surface_destroy(s);
}

/*
 * Cairo 1.16's PDF surface copies a raster source pattern for each page
 * that draws it and never destroys the copy (192 bytes an image a
 * page; make check's leak check sees it).  Every copy is noted as it
 * is made and forgotten as Cairo destroys it (lazy_finish()): those
 * left when the images are freed, every PDF finished by then, are the
 * ones Cairo dropped, and art_free() destroys them.
 */
static cairo_status_t
lazy_copy(cairo_pattern_t *copy, void *data, const cairo_pattern_t *other)
{
	struct image *img = data;

	(void)other;
	g_hash_table_add(img->cache->copies, copy);
	/* A copy made while its pixels are asked for: a PDF's, which it
	 * writes the image from (lazy_standin()). */
	if (img->acquired > 0)
		g_hash_table_add(img->cache->pdf_copies, copy);
	return CAIRO_STATUS_SUCCESS;
}

static void
lazy_finish(cairo_pattern_t *p, void *data)
{
	struct image *img = data;

	g_hash_table_remove(img->cache->copies, p);
	g_hash_table_remove(img->cache->pdf_copies, p);
}

cairo_pattern_t *
art_pattern(const struct image *img)
{
	cairo_matrix_t m;
	cairo_pattern_t *p;

	if (!img->lazy)
		return cairo_pattern_create_for_surface(img->surface);
	p = cairo_pattern_create_raster_source((void *)img, img->alpha ?
	    CAIRO_CONTENT_COLOR_ALPHA : CAIRO_CONTENT_COLOR, img->px_w,
	    img->px_h);
	cairo_raster_source_pattern_set_acquire(p, lazy_acquire, lazy_release);
	cairo_raster_source_pattern_set_copy(p, lazy_copy);
	cairo_raster_source_pattern_set_finish(p, lazy_finish);
	/* From the image's w_px x h_px to its pixels. */
	cairo_matrix_init_scale(&m, img->px_w / img->w_px,
	    img->px_h / img->h_px);
	cairo_pattern_set_matrix(p, &m);
	return p;
}

/*
 * img's surface: a recording, w_px x h_px, of its raster source of
 * px_w x px_h pixels scaled to fill it.  Whoever draws the surface
 * (PDF, preview, an inline image) draws the pixels, decoded then.
 */
static void
lazy_record(struct image *img)
{
	cairo_rectangle_t ext = { 0, 0, img->w_px, img->h_px };
	cairo_content_t ct = img->alpha ? CAIRO_CONTENT_COLOR_ALPHA :
	    CAIRO_CONTENT_COLOR;
	cairo_pattern_t *p;
	cairo_t *cr;

	if (img->surface != NULL)
		cairo_surface_destroy(img->surface);
	img->surface = cairo_recording_surface_create(ct, &ext);
	cr = cairo_create(img->surface);
	p = art_pattern(img);
	cairo_set_source(cr, p);
	cairo_paint(cr);
	cairo_pattern_destroy(p);
	cairo_destroy(cr);
}

/*
 * A large raster image, decoded whole (so a damaged file is refused
 * where it is named), made lazy: its pixels and bytes freed -- but for
 * the pixels of the last one loaded, held as if it had been read again
 * to be drawn, so that art most cards draw (a sprite sheet, a frame) is
 * decoded once, not once to check it and again to draw it.
 */
void
art_make_lazy(struct images *c, struct image *img)
{
	img->px_w = (int)img->w_px;
	img->px_h = (int)img->h_px;
	img->cache = c;
	img->lazy = true;
	c->zero_max = MAX(c->zero_max, (size_t)cairo_format_stride_for_width(
	    CAIRO_FORMAT_RGB24, img->px_w) * img->px_h);
	if (img->pending) {
		/* Only its header read: alpha known (a JPEG has none). */
		g_free(img->data);
		img->data = NULL;	/* len stays: the file's size */
		lazy_record(img);
		return;
	}
	img->alpha = cairo_image_surface_get_format(img->surface) !=
	    CAIRO_FORMAT_RGB24;
	art_lazy_drop(c);
	c->held_px = lazy_pixels(img, img->surface, &img->data, img->len,
	    img->converted);
	c->held = img;
	cairo_surface_destroy(img->surface);
	img->surface = NULL;
	g_free(img->data);
	img->data = NULL;	/* len stays: the file's size */
	lazy_record(img);
}

void
art_resample(struct images *c, const struct image *img, double w,
    double h)
{
	struct image *m = g_hash_table_lookup(c->by_path, img->path);
	int nw = (int)ceil(w), nh = (int)ceil(h), have_w, have_h;

	if (m == NULL || m->failed || m->kind == IMG_SVG ||
	    m->surface == NULL)
		return;
	if (m->lazy) {
		have_w = m->px_w;
		have_h = m->px_h;
	} else {
		have_w = cairo_image_surface_get_width(m->surface);
		have_h = cairo_image_surface_get_height(m->surface);
	}
	/* Never larger, never on one axis only past what it has. */
	nw = nw < 1 ? 1 : nw > have_w ? have_w : nw;
	nh = nh < 1 ? 1 : nh > have_h ? have_h : nh;
	if (nw == have_w && nh == have_h)
		return;
	if (!m->lazy) {
		art_downscale(m, nw, nh);
		return;
	}
	m->px_w = nw;
	m->px_h = nh;
	if (c->held == m)
		art_lazy_drop(c);
	lazy_record(m);
}
