/* SPDX-License-Identifier: MIT */
/*
 * Images a game names (card art, a back, a booklet's figures): PNG read
 * by Cairo, JPEG by libjpeg (and kept as it is, for the PDF to carry
 * the file's own bytes), SVG by librsvg (drawn as vectors).  Each file
 * is read once however many cards show it, so it is embedded once; a
 * file that is missing, not an image, damaged or too large is an error
 * where it is named.  Large raster art is not kept but read again when
 * drawn (lazy.c).  Part of the art stage.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib.h>
#include <librsvg/rsvg.h>
#include <png.h>

#include "../confine/confine.h"
#include "art.h"
#include "bounds.h"
#include "images.h"
#include "jpeg.h"
#include "pngread.h"
#include "rsvgdl.h"
#include "svgscan.h"

struct images *
art_new(void)
{
	struct images *c = xcalloc(1, sizeof(*c));

	c->by_path = g_hash_table_new(g_str_hash, g_str_equal);
	c->copies = g_hash_table_new(NULL, NULL);
	c->pdf_copies = g_hash_table_new(NULL, NULL);
	c->texts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    (GDestroyNotify)art_image_free);
	return c;
}

void
art_image_free(struct image *img)
{
	if (img == NULL)
		return;
	if (img->surface != NULL)
		cairo_surface_destroy(img->surface);
	if (img->svg != NULL)
		g_object_unref(img->svg);
	if (img->fd_kept)
		close(img->fd);
	g_free(img->data);
	g_free(img->path);
	g_free(img->named_file);
	g_free(img->named_ctx);
	g_strfreev(img->ids);
	if (img->parts != NULL)
		g_hash_table_destroy(img->parts);
	free(img);
}

void
art_confine(struct images *c, const struct confine *conf,
    struct diags *d)
{
	c->confine = conf;
	c->d = d;
}

void
art_defer(struct images *c, bool on)
{
	c->defer = on;
}

size_t
art_count(const struct images *c)
{
	return c != NULL ? g_hash_table_size(c->by_path) +
	    g_hash_table_size(c->texts) : 0;
}

void
art_free(struct images *c)
{
	GHashTableIter it;
	gpointer k, v;
	GList *dropped, *l;

	if (c == NULL)
		return;
	if (c->held_px != NULL)
		cairo_surface_destroy(c->held_px);
	/* The images' own recordings first: the copies they hold of the
	 * patterns are destroyed with them.  The rest Cairo dropped; each
	 * is forgotten (lazy_finish()) while its image is still here. */
	g_hash_table_iter_init(&it, c->by_path);
	while (g_hash_table_iter_next(&it, &k, &v))
		if (((struct image *)v)->surface != NULL) {
			cairo_surface_destroy(((struct image *)v)->surface);
			((struct image *)v)->surface = NULL;
		}
	dropped = g_hash_table_get_keys(c->copies);
	for (l = dropped; l != NULL; l = l->next)
		cairo_pattern_destroy(l->data);
	g_list_free(dropped);
	g_hash_table_destroy(c->copies);
	g_hash_table_destroy(c->pdf_copies);
	art_lazy_unmap(c);
	g_hash_table_iter_init(&it, c->by_path);
	while (g_hash_table_iter_next(&it, &k, &v))
		art_image_free(v);
	g_hash_table_destroy(c->by_path);
	g_hash_table_destroy(c->texts);
	free(c);
}

/* The kind of image the first bytes say, or -1. */
static int
sniff(const unsigned char *p, size_t n)
{
	size_t i;

	if (n >= 8 && memcmp(p, "\x89PNG\r\n\x1a\n", 8) == 0)
		return IMG_PNG;
	if (n >= 3 && p[0] == 0xFF && p[1] == 0xD8 && p[2] == 0xFF)
		return IMG_JPEG;
	/* SVG is XML: an <svg element near the start. */
	for (i = 0; i + 4 <= n && i < 4096; i++)
		if (memcmp(p + i, "<svg", 4) == 0)
			return IMG_SVG;
	return -1;
}

/* Cairo reads a PNG from memory through this. */
struct membuf {
	const unsigned char	*p;
	size_t			 n, at;
};

static cairo_status_t
read_mem(void *closure, unsigned char *data, unsigned int len)
{
	struct membuf *m = closure;

	if (m->n - m->at < len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, m->p + m->at, len);
	m->at += len;
	return CAIRO_STATUS_SUCCESS;
}

/* The size libpng reads from the header, before anything is decoded. */
static bool
png_size(struct image *img, const char **why)
{
	png_image pi;

	memset(&pi, 0, sizeof(pi));
	pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&pi, img->data, img->len)) {
		*why = "is a damaged PNG";
		return false;
	}
	img->w_px = pi.width;
	img->h_px = pi.height;
	png_image_free(&pi);
	return true;
}

/* A PNG small enough to hold decoded (its size checked): decoded. */
static bool
load_png(struct image *img, const char **why)
{
	struct membuf m = { img->data, img->len, 0 };

	img->surface = cairo_image_surface_create_from_png_stream(read_mem,
	    &m);
	if (cairo_surface_status(img->surface) != CAIRO_STATUS_SUCCESS) {
		*why = "is a truncated or damaged PNG";
		return false;
	}
	art_png_icc(img->data, img->len, img->surface);
	return true;
}


/*
 * Draw the SVG once into a recording surface: every card then paints
 * that, and the PDF keeps it as one form of vectors, embedded once
 * however many cards show it.  The one place librsvg draws: the whole
 * document (id NULL), or only its element id, both in the document's
 * own coordinates; the recording's origin is at (x, y) of them and it
 * is w x h CSS px.
 */
cairo_surface_t *
art_record_svg(void *svg, double doc_w, double doc_h, const char *id,
    double x, double y, double w, double h)
{
	cairo_rectangle_t ext = { 0, 0, w, h };
	RsvgRectangle vp = { .x = 0, .y = 0, .width = doc_w,
	    .height = doc_h };
	cairo_surface_t *s;
	cairo_t *cr;
	bool ok;

	s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &ext);
	cr = cairo_create(s);
	cairo_translate(cr, -x, -y);
	ok = (id != NULL ? rsvg_handle_render_layer(svg, cr, id, &vp, NULL) :
	    rsvg_handle_render_document(svg, cr, &vp, NULL)) &&
	    cairo_status(cr) == CAIRO_STATUS_SUCCESS;
	cairo_destroy(cr);
	if (ok)
		return s;
	cairo_surface_destroy(s);
	return NULL;
}

static bool
record_svg(struct image *img, const char **why)
{
	img->surface = art_record_svg(img->svg, img->w_px, img->h_px, NULL, 0,
	    0, img->w_px, img->h_px);
	if (img->surface == NULL)
		*why = "is an SVG librsvg cannot draw";
	return img->surface != NULL;
}

static bool
load_svg(struct image *img, const char **why)
{
	static char lib_why[320];
	struct svgscan *scan;
	const char *lib;
	GError *err = NULL;
	gdouble w, h;
	double bytes;
	bool ok = false;

	/* Its elements, references, embedded images and filters read
	 * before librsvg reads them. */
	if ((scan = art_svg_scan(img->data, img->len, why)) == NULL)
		return false;
	if ((lib = art_rsvg_load()) != NULL) {
		snprintf(lib_why, sizeof(lib_why), "cannot be drawn: %s", lib);
		*why = lib_why;
		goto out;
	}
	img->svg = rsvg_handle_new_from_data(img->data, img->len, &err);
	if (img->svg == NULL) {
		*why = "is a damaged SVG";
		g_clear_error(&err);
		goto out;
	}
	/* Its size in CSS pixels (96 to the inch), for fitting and dpi. */
	if (!rsvg_handle_get_intrinsic_size_in_pixels(img->svg, &w, &h) ||
	    w <= 0 || h <= 0) {
		RsvgRectangle ink, logical;

		if (!rsvg_handle_get_geometry_for_element(img->svg, NULL, &ink,
		    &logical, NULL) || logical.width <= 0 ||
		    logical.height <= 0) {
			*why = "is an SVG without a size (no width, height or "
			    "viewBox)";
			goto out;
		}
		w = logical.width;
		h = logical.height;
	}
	img->w_px = w;
	img->h_px = h;
	/* librsvg rasterises filters and masks at this size as it
	 * records, over the whole canvas each time: refused before it
	 * draws anything, by their pixels, then by what they do to
	 * each. */
	ok = !art_too_large(img, why) && art_svg_cost_ok(scan, w, h, why) &&
	    record_svg(img, why);
	if (ok) {
		/* What drawing one of its elements may cost at most, and
		 * the ids to draw one by (svgpart.c). */
		art_svg_estimate(scan, w, h, &img->svg_ops, &bytes);
		img->ids = art_svg_scan_ids(scan, &img->nids);
	}
out:
	art_svg_scan_free(scan);
	return ok;
}

/*
 * Read path into img->data, where c allows, a regular file of at most
 * MAX_BYTES, and keep it open (img->fd) for a large image, read again
 * from it (keep_file()); false with why if it cannot be.
 */
static bool
read_file(const struct images *c, struct image *img, const char **why)
{
	int fd;

	if (!g_file_test(img->path, G_FILE_TEST_EXISTS)) {
		*why = "does not exist";
		img->missing = true;
		return false;
	}
	if (g_file_test(img->path, G_FILE_TEST_IS_DIR)) {
		*why = "is a folder, not an image file";
		return false;
	}
	if (!confine_slurp_open(c->confine, img->path, MAX_BYTES, &img->data,
	    &img->len, &fd, why)) {
		/* Ours say what is wrong; the system's need a subject. */
		if (strncmp(*why, "is ", 3) != 0)
			*why = "cannot be read";
		return false;
	}
	img->fd = fd;
	img->fd_kept = fd >= 0;
	return true;
}

/*
 * img, decoded (lazy or not) or failed: its file, open since read_file(),
 * kept open for a lazy image, to be read again when drawn, while fewer
 * than KEPT_FILES (or a quarter of the limit of open files) are; else
 * closed.
 */
static void
keep_file(struct images *c, struct image *img)
{
	struct rlimit rl;
	size_t max = KEPT_FILES;

	if (!img->fd_kept)
		return;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur !=
	    RLIM_INFINITY && rl.rlim_cur / 4 < max)
		max = rl.rlim_cur / 4;
	if (img->lazy && c->nkept < max) {
		c->nkept++;
		return;
	}
	close(img->fd);
	img->fd_kept = false;
}

/*
 * A PNG too large to hold decoded for the whole run (LAZY_BYTES, its
 * size checked): its bytes freed, the file, still open, read again a
 * row at a time (its bytes and pixels are not held at once), its
 * pixels kept until art_make_lazy() makes it lazy.  Deferred
 * (art_defer()), only its header read: pending, decoded and checked
 * when first drawn.  False with why if it cannot be read or is damaged.
 */
static bool
big_png(struct images *c, struct image *img, const char **why)
{
	struct pngread r = { .want = true, .head = c->defer };

	g_free(img->data);
	img->data = NULL;	/* len stays: the file's size */
	/* Its pixels will be held: one large image's at a time. */
	if (!c->defer)
		art_lazy_drop(c);
	r.w = (int)img->w_px;
	r.h = (int)img->h_px;
	/* Its bytes came from no file kept open: an inline SVG's text, a
	 * pending journal's copy.  Neither holds a large PNG. */
	if (!img->fd_kept) {
		*why = "cannot be read";
		return false;
	}
	if (!art_png_read_fd(img->fd, MAX_BYTES, &r, why))
		return false;
	img->surface = r.surface;
	img->alpha = r.alpha;
	img->pending = c->defer;
	return true;
}

/*
 * A JPEG decoded; deferred (art_defer()) and too large to hold for the
 * run (LAZY_BYTES), only measured: pending, decoded and checked when
 * first drawn.
 */
static bool
load_jpeg(struct images *c, struct image *img, const char **why)
{
	/* Bytes from no file kept open (a pending journal's) are decoded
	 * now: there is no file to read them again from. */
	if (!c->defer || !img->fd_kept) {
		art_lazy_drop(c);	/* it may be large: see big_png() */
		return art_load_jpeg(img, why);
	}
	if (!art_jpeg_measure(img, why))
		return false;
	if (img->w_px * img->h_px * 4 <= LAZY_BYTES) {
		art_lazy_drop(c);
		return art_load_jpeg(img, why);
	}
	img->pending = true;
	return true;
}

/* Read and decode img->path; false with why on any problem. */
static void	check_svg_fonts(const struct images *c,
		    const struct image *img, const struct srcpos *pos,
		    const char *ctx, struct diags *d);

static bool	decode_bytes(struct images *c, struct image *img,
		    const struct srcpos *pos, const char *ctx,
		    struct diags *d, const char **why);

/*
 * Read and decode img; an SVG's font families are checked (and made
 * drawable) first: librsvg sets its text as it is recorded.
 */
static bool
decode(struct images *c, struct image *img, const struct srcpos *pos,
    const char *ctx, struct diags *d, const char **why)
{
	if (!read_file(c, img, why))
		return false;
	return decode_bytes(c, img, pos, ctx, d, why);
}

/* Decode img->data, as decode() and an inline SVG do. */
static bool
decode_bytes(struct images *c, struct image *img,
    const struct srcpos *pos, const char *ctx, struct diags *d,
    const char **why)
{
	int kind;

	if ((kind = sniff(img->data, img->len)) < 0) {
		*why = "is not a PNG, JPEG or SVG image";
		return false;
	}
	img->kind = (enum image_kind)kind;
	switch (img->kind) {
	case IMG_PNG:
		if (!png_size(img, why) || art_too_large(img, why))
			return false;
		return img->w_px * img->h_px * 4 > LAZY_BYTES ?
		    big_png(c, img, why) : load_png(img, why);
	case IMG_JPEG:
		return load_jpeg(c, img, why);
	default:
		check_svg_fonts(c, img, pos, ctx, d);
		return load_svg(img, why);
	}
}

void
art_fonts(struct images *c, const char *const *const *families,
    void (*want)(void *ctx, const char *family), void *ctx)
{
	c->families = families;
	c->want = want;
	c->want_ctx = ctx;
}

/* A family of the list (fontconfig ignores case), wanted. */
static bool
svg_family_listed(const struct images *c, const char *fam)
{
	const char *const *v = *c->families;
	size_t i;

	for (i = 0; v[i] != NULL && strchr(v[i], '\t') == NULL; i++)
		if (g_ascii_strcasecmp(fam, v[i]) == 0) {
			/* An installed family, given to librsvg's Pango. */
			if (c->want != NULL)
				c->want(c->want_ctx, v[i]);
			return true;
		}
	return false;
}

/*
 * A family the configuration has, or generic.  One the list lacks may
 * be installed: wanting it has the installed fonts read, and the list
 * is looked up again.
 */
static bool
svg_family_ok(const struct images *c, const char *fam)
{
	static const char *const generic[] = { "serif", "sans-serif",
	    "monospace", "cursive", "fantasy", "system-ui", "inherit",
	    "initial", NULL };
	size_t i;

	for (i = 0; generic[i] != NULL; i++)
		if (g_ascii_strcasecmp(fam, generic[i]) == 0)
			return true;
	if (svg_family_listed(c, fam))
		return true;
	if (c->want == NULL)
		return false;
	c->want(c->want_ctx, fam);
	return svg_family_listed(c, fam);
}

/*
 * The families of one font-family value at p (an attribute's, after
 * its quote q, or a CSS declaration's, q 0), each unknown one warned
 * of once.  Returns where the value ends.
 */
static const char *
svg_families(const struct images *c, const char *p, char q, GHashTable *said,
    const struct image *img, const struct srcpos *pos, const char *ctx,
    struct diags *d)
{
	const char *b, *e;
	char *fam;

	for (;;) {
		while (*p == ' ' || *p == ',' || *p == '\t')
			p++;
		if (*p == '\0' || *p == q || *p == ';' || *p == '}' ||
		    *p == '<' || *p == '\n' || *p == '>')
			return p;
		if ((*p == '\'' || *p == '"') && *p != q) {
			b = p + 1;
			if ((e = strchr(b, *p)) == NULL)
				return b;
			p = e + 1;
		} else {
			b = p;
			while (*p != '\0' && *p != ',' && *p != q &&
			    strchr(";}<>\n\"'", *p) == NULL)
				p++;
			for (e = p; e > b && (e[-1] == ' ' || e[-1] == '\t');)
				e--;
		}
		fam = g_strndup(b, (gsize)(e - b));
		/* Not a family: the value has ended (a style attribute's
		 * closing quote, say). */
		if (strpbrk(fam, ":;=<>") != NULL || strlen(fam) > 100) {
			g_free(fam);
			return p;
		}
		if (*fam != '\0' && !svg_family_ok(c, fam) &&
		    g_hash_table_add(said, fam))
			diag_add(d, DIAG_WARN, pos, "font", "%s%simage %s "
			    "names font family '%s', which none of the fonts "
			    "has (the game's fonts/, deckpress's, installed): "
			    "its text prints in another font", CTX_FMT(ctx),
			    img->path, fam);
		else
			g_free(fam);
	}
}

/*
 * librsvg draws an SVG's text with the fonts of the layout (fontconfig's
 * current configuration is deckpress's), and with another font, without
 * a word, where a family is not there: warn of each family an SVG names,
 * in a font-family attribute or CSS property, that no font has.
 */
static void
check_svg_fonts(const struct images *c, const struct image *img,
    const struct srcpos *pos, const char *ctx, struct diags *d)
{
	GHashTable *said;
	const char *p, *s = (const char *)img->data;
	char q;

	if (c->families == NULL || s == NULL || strstr(s, "font-family") ==
	    NULL)
		return;
	said = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (p = strstr(s, "font-family"); p != NULL;
	    p = strstr(p, "font-family")) {
		p += strlen("font-family");
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '=' && (p[1] == '"' || p[1] == '\'')) {
			q = p[1];
			p = svg_families(c, p + 2, q, said, img, pos, ctx, d);
		} else if (*p == ':')
			p = svg_families(c, p + 1, 0, said, img, pos, ctx, d);
	}
	g_hash_table_destroy(said);
}

/*
 * img's file does not exist: with placeholder, a warning (once) and
 * img to draw in its place; else an error (once) and NULL.  A file a
 * draft may miss is still an error wherever no placeholder may stand
 * for it.
 */
static const struct image *
missing(struct image *img, const struct srcpos *pos, const char *ctx,
    bool placeholder, struct diags *d)
{
	if (placeholder) {
		if (!img->warned)
			diag_add(d, DIAG_WARN, pos, "image", "%s%simage %s "
			    "does not exist; drawn as a placeholder",
			    CTX_FMT(ctx), img->path);
		img->warned = true;
		return img;
	}
	if (!img->refused)
		diag_add(d, DIAG_ERROR, pos, "image", "%s%simage %s does not "
		    "exist", CTX_FMT(ctx), img->path);
	img->refused = true;
	return NULL;
}

bool
art_all_good(const struct images *c)
{
	GHashTableIter it;
	gpointer v;

	g_hash_table_iter_init(&it, c->by_path);
	while (g_hash_table_iter_next(&it, NULL, &v))
		if (((const struct image *)v)->failed ||
		    ((const struct image *)v)->warned)
			return false;
	return true;
}

size_t
art_damaged(const struct images *c)
{
	return c != NULL ? c->damaged : 0;
}

const struct image *
art_load_draft(struct images *c, const char *path, const struct srcpos *pos,
    const char *ctx, bool placeholder, struct diags *d)
{
	struct image *img;
	const char *why = NULL;

	if (g_hash_table_lookup_extended(c->by_path, path, NULL,
	    (gpointer *)&img)) {
		if (img->missing)
			return missing(img, pos, ctx, placeholder, d);
		return img->failed ? NULL : img;
	}
	img = xcalloc(1, sizeof(*img));
	img->path = g_strdup(path);
	g_hash_table_insert(c->by_path, img->path, img);
	if (!confine_check(c->confine, path, "image", pos, ctx, d)) {
		img->failed = true;
		return NULL;
	}
	if (decode(c, img, pos, ctx, d, &why)) {
		if (img->pending)
			art_lazy_pend(img, pos, ctx);
		if (img->kind != IMG_SVG && img->w_px * img->h_px * 4 >
		    LAZY_BYTES)
			art_make_lazy(c, img);
		keep_file(c, img);
		return img;
	}
	keep_file(c, img);
	img->failed = true;
	if (img->missing)
		return missing(img, pos, ctx, placeholder, d);
	/* Reported once, where it is first named; later uses stay quiet. */
	diag_add(d, DIAG_ERROR, pos, "image", "%s%simage %s %s", CTX_FMT(ctx),
	    path, why);
	return NULL;
}

const struct image *
art_load_svg_text(struct images *c, const char *text,
    const struct srcpos *pos, const char *ctx, struct diags *d)
{
	struct image *img;
	const char *why = NULL;

	if (g_hash_table_lookup_extended(c->texts, text, NULL,
	    (gpointer *)&img))
		return img->failed ? NULL : img;
	img = xcalloc(1, sizeof(*img));
	img->path = g_strdup("(inline svg)");
	img->len = strlen(text);
	img->data = (unsigned char *)g_strndup(text, img->len);
	g_hash_table_insert(c->texts, g_strdup(text), img);
	/* Bounded as a file is: its size, then as an SVG. */
	if (img->len > MAX_BYTES)
		why = "is larger than 64 MiB";
	else if (sniff(img->data, img->len) != IMG_SVG)
		why = "is not an SVG (<svg ...>)";
	else if (decode_bytes(c, img, pos, ctx, d, &why))
		return img;
	img->failed = true;
	diag_add(d, DIAG_ERROR, pos, "image", "%s%sthe svg text %s",
	    CTX_FMT(ctx), why);
	return NULL;
}

const struct image *
art_load(struct images *c, const char *path, const struct srcpos *pos,
    const char *ctx, struct diags *d)
{
	return art_load_draft(c, path, pos, ctx, false, d);
}

size_t
art_missing(const struct images *c)
{
	GHashTableIter it;
	gpointer k, v;
	size_t n = 0;

	if (c == NULL)
		return 0;
	g_hash_table_iter_init(&it, c->by_path);
	while (g_hash_table_iter_next(&it, &k, &v))
		n += ((const struct image *)v)->missing;
	return n;
}
