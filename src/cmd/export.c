/* SPDX-License-Identifier: MIT */
/*
 * The export command: a deck for print-on-demand services, which take
 * one image per card face with its bleed, or one PDF with a card face
 * per page and its trim and bleed boxes set; or, for a translator or
 * another program, a table of every face's boxes (where each is, the
 * size each text was fitted to).  The faces are laid out as for the
 * card sheets and drawn by the same code.  Part of the CLI.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cmd.h"
#include "../export/export.h"
#include "../outfile.h"
#include "../pdf/pdf.h"

static const char usage_export[] =
"usage: deckpress export DECK --lang LANG -o DIR [--dpi N]\n"
"       deckpress export DECK --lang LANG -o DIR --per-card-pdf\n"
"       deckpress export DECK --lang LANG -o DIR --boxes\n"
"       (each with [--allow-outside])\n"
"\n"
"Write the deck in folder DECK for a print-on-demand service: each card\n"
"face as a PNG image with its bleed (a round token transparent outside\n"
"its circle), into folder DIR (made if missing; its parent must exist):\n"
"\n"
"    DIR/ID-front.png, DIR/ID-back.png\n"
"\n"
"one file for every copy of card ID that prints the same (its count in\n"
"deck.yaml says how many to order); where a template numbers copies\n"
"({n}), copy N > 1 gets files of its own, DIR/ID-N-front.png and\n"
"DIR/ID-N-back.png.  A kind printed on one side has no back files.\n"
"\n"
"  -l, --lang LANG      language to export\n"
"  -o, --output DIR     folder to write into\n"
"      --dpi N          resolution of the images, 30 to 1200 (default\n"
"                       300)\n"
"      --per-card-pdf   instead, one PDF DIR/GAME-LANG-cards.pdf: every\n"
"                       copy of every card in print order, front then\n"
"                       back, a page each, the page its trim and bleed,\n"
"                       with TrimBox and BleedBox set (vector: no --dpi)\n"
"      --boxes          instead, a table DIR/GAME-LANG-boxes.tsv: every\n"
"                       copy's faces in print order, front then back, a\n"
"                       line per face and a line per box on it (where it\n"
"                       is in pt, its colours, font, the size its text\n"
"                       was fitted to, the text); the columns are named\n"
"                       in its first line and in deckpress(1)\n"
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Exit status: 0 done, 1 invalid input (nothing written), 2 usage,\n"
"3 I/O or font failure.\n";

struct export {
	struct job	 j;
	const char	*dir;		/* -o */
	double		 dpi;
	bool		 has_dpi;	/* --dpi given */
	bool		 pdf;		/* --per-card-pdf */
	bool		 boxes;		/* --boxes */
};

/* One image to write: a face, shared by the copies that print it. */
struct efile {
	const struct laid *l;
	char		*name;		/* owned: ID[-N]-FACE.png */
	int		 w, h;		/* px */
};

/* Pixel sizes of the images and how many have each, for the summary. */
struct esize {
	int		 w, h;
	size_t		 n;
};

/*
 * Every copy's faces of each kind of a print, by enum face, laid out
 * at once: a file is made per face, and the same faces are compared.
 */
struct kfaces {
	struct laid	*f[2];
};

/* Lay out every face of pr into *out; false if a text does not fit. */
static bool
lay_kinds(const struct setup *s, const struct print *pr,
    struct kfaces **out, struct diags *d)
{
	size_t nerr = d->nerr, i, k, f;

	*out = xcalloc(pr->n + 1, sizeof(**out));
	for (i = 0; i < pr->n; i++)
		for (f = 0; f < 2; f++) {
			const struct sheets *sh = &pr->v[i];

			(*out)[i].f[f] = xcalloc(sh->n + 1, sizeof(struct laid));
			for (k = 0; k < sh->n; k++)
				if (f == FACE_FRONT || sh->backs) {
					print_face(s, pr, sh, k, (enum face)f,
					    &(*out)[i].f[f][k], d);
					/* Kept until written: the texts'
					 * layouts would add up. */
					laid_unshape(&(*out)[i].f[f][k]);
				}
		}
	return d->nerr == nerr || s->deck->draft;
}

static void
kinds_free(struct kfaces *v, const struct print *pr)
{
	size_t i, k, f;

	for (i = 0; v != NULL && i < pr->n; i++)
		for (f = 0; f < 2; f++) {
			for (k = 0; k < pr->v[i].n; k++)
				laid_free(&v[i].f[f][k]);
			free(v[i].f[f]);
		}
	free(v);
}

/* Do two layouts of the same face of a card print the same? */
static bool
laid_same(const struct laid *a, const struct laid *b)
{
	size_t i;

	if (a->n != b->n)
		return false;
	/* Only texts differ between copies ({n}); the rest follows. */
	for (i = 0; i < a->n; i++)
		if (a->v[i].e != b->v[i].e || a->v[i].size != b->v[i].size ||
		    a->v[i].marks != b->v[i].marks ||
		    (a->v[i].text == NULL) != (b->v[i].text == NULL) ||
		    (a->v[i].text && strcmp(a->v[i].text, b->v[i].text) != 0))
			return false;
	return true;
}

/*
 * The images of one kind: each copy's faces, unless they print as the
 * card's first copy does, whose files they share.
 */
static void
plan_kind(const struct deck *deck, const struct sheets *sh,
    struct laid *const faces[2], double dpi, struct efile **v, size_t *n,
    size_t *cap)
{
	static const char *const face[2] = { "front", "back" };
	unsigned int copy = 0;
	size_t k, first = 0, f;

	for (k = 0; k < sh->n; k++) {
		const char *id = deck->cards[sh->seq[k]].id;

		copy = k > 0 && sh->seq[k - 1] == sh->seq[k] ? copy + 1 : 0;
		if (copy == 0)
			first = k;
		for (f = 0; f < (sh->backs ? 2u : 1u); f++) {
			const struct laid *l = &faces[f][k];
			struct efile *e;

			if (copy > 0 && laid_same(l, &faces[f][first]))
				continue;
			xgrow((void **)v, cap, *n + 1, sizeof(**v));
			e = &(*v)[(*n)++];
			e->l = l;
			e->name = copy == 0 ? g_strdup_printf("%s-%s.png", id,
			    face[f]) : g_strdup_printf("%s-%u-%s.png", id,
			    copy + 1, face[f]);
			render_face_px(l, dpi, &e->w, &e->h);
		}
	}
}

/* Count an image of w x h px among the sizes. */
static void
add_size(struct esize *sz, size_t *nsz, int w, int h)
{
	size_t i;

	for (i = 0; i < *nsz; i++)
		if (sz[i].w == w && sz[i].h == h) {
			sz[i].n++;
			return;
		}
	sz[*nsz].w = w;
	sz[*nsz].h = h;
	sz[(*nsz)++].n = 1;
}

/* "DIR: 104 files at 300 dpi, 815 x 1110 px" (each size, if several). */
static void
png_summary(const struct export *x, const struct efile *v, size_t n)
{
	struct esize *sz = xcalloc(n + 1, sizeof(*sz));
	size_t nsz = 0, i;

	for (i = 0; i < n; i++)
		add_size(sz, &nsz, v[i].w, v[i].h);
	printf("%s: %zu file%s at %.0f dpi", x->dir, n, n == 1 ? "" : "s",
	    x->dpi);
	if (nsz == 1)
		printf(", %d x %d px\n", sz[0].w, sz[0].h);
	else
		for (i = 0; i < nsz; i++)
			printf("%s%zu of %d x %d px%s", i ? ", " : ": ",
			    sz[i].n, sz[i].w, sz[i].h, i + 1 < nsz ? "" :
			    "\n");
	free(sz);
}

/* Draw and write one image into x->dir; false if it cannot. */
static bool
write_face(const struct setup *s, const struct export *x,
    const struct efile *e, struct diags *d)
{
	cairo_surface_t *img = render_face_image(s->fonts->ctx, e->l, x->dpi);
	char *path = path_join(x->dir, e->name);
	bool ok = cairo_surface_status(img) == CAIRO_STATUS_SUCCESS;

	if (!ok)
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot draw %s: %s", path,
		    cairo_status_to_string(cairo_surface_status(img)));
	ok = ok && png_write(img, path, d);
	cairo_surface_destroy(img);
	free(path);
	return ok;
}

/*
 * Refuse, before any image is written, a name in x->dir that cannot be
 * written (a symbolic link there: outfile_no_links); each reported.
 */
static bool
names_free(const struct export *x, const struct efile *v, size_t n,
    struct diags *d)
{
	size_t i;
	bool ok = true;

	for (i = 0; i < n; i++) {
		char *path = path_join(x->dir, v[i].name);

		ok &= outfile_probe(path, d);
		free(path);
	}
	return ok;
}

/* Every face as a PNG in x->dir. */
static int
export_png(const struct setup *s, const struct export *x,
    const struct print *pr, struct kfaces *kf, struct diags *d)
{
	struct efile *v = NULL;
	size_t n = 0, cap = 0, i;
	char *probe;
	int rc = 0;

	for (i = 0; i < pr->n; i++)
		plan_kind(s->deck, &pr->v[i], kf[i].f, x->dpi, &v, &n, &cap);
	/* Refuse an image too large before any file is written, by the
	 * face's own size: render_face_px() stops at Cairo's limit. */
	for (i = 0; i < n && rc == 0; i++)
		rc = image_fits((v[i].l->w + 2 * v[i].l->bleed) * x->dpi / 72,
		    (v[i].l->h + 2 * v[i].l->bleed) * x->dpi / 72, x->dpi,
		    v[i].name, d);
	probe = path_join(x->dir, "x");
	if (rc == 0 && (ensure_parent(probe, d) != 0 ||
	    !names_free(x, v, n, d)))
		rc = EXIT_IO;
	for (i = 0; i < n && rc == 0; i++)
		if (!write_face(s, x, &v[i], d))
			rc = EXIT_IO;
	if (rc == 0)
		png_summary(x, v, n);
	for (i = 0; i < n; i++)
		g_free(v[i].name);
	free(v);
	free(probe);
	return rc;
}

/* Every copy's faces, a page each, trim and bleed boxes set. */
static int
export_pdf(const struct setup *s, const struct export *x, size_t li,
    const struct print *pr, struct kfaces *kf, struct diags *d)
{
	const struct laid *first = &kf[0].f[FACE_FRONT][0];
	char *name = g_strdup_printf("%s-%s-cards.pdf", s->deck->game,
	    s->deck->langs[li]);
	char *out = path_join(x->dir, name);
	char *title = pdf_title(s->deck, li, "cards, one face a page", false);
	struct pdfout pdf;
	size_t i, k, f, pages = 0, cards = 0;
	bool ok;

	ok = ensure_parent(out, d) == 0 && pdf_open(&pdf, out, first->w +
	    2 * first->bleed, first->h + 2 * first->bleed, title, d);
	for (i = 0; ok && i < pr->n; i++) {
		const struct sheets *sh = &pr->v[i];

		cards += sh->n;
		for (k = 0; k < sh->n; k++)
			for (f = 0; f < (sh->backs ? 2u : 1u); f++) {
				const struct laid *l = &kf[i].f[f][k];

				pdf_page_box(&pdf, l->w + 2 * l->bleed,
				    l->h + 2 * l->bleed, l->bleed);
				render_face(pdf.cr, s->fonts->ctx, l);
				pdf_page(&pdf);
				pages++;
			}
	}
	ok = ok && pdf_close(&pdf, true, d);
	if (ok)
		printf("%s: %zu page%s, the faces of %zu %s%s one a page, "
		    "with trim and bleed boxes\n", out, pages, pages == 1 ?
		    "" : "s", cards, s->deck->multi ? "component" : "card",
		    cards == 1 ? "" : "s");
	g_free(name);
	free(out);
	free(title);
	return ok ? 0 : EXIT_IO;
}

/*
 * --boxes: the columns of DIR/GAME-LANG-boxes.tsv, as its first line
 * names them and deckpress(1) describes them.  A column that means
 * nothing for a line's type is empty.
 */
static const char boxes_header[] =
    "card\tcopy\tside\ttype\tx\ty\tw\th\tbleed\tfill\tstroke\tstroke_w\t"
    "radius\tcolor\tfamily\tbold\titalic\tsize\thalign\tvalign\tleading\t"
    "wrap_w\tstyle\trotate_deg\tpivot_x\tpivot_y\tflip\tturned_x\t"
    "turned_y\tturned_w\tturned_h\ttext\n";

/*
 * A length in pt to 1/10 000 pt, trailing zeros dropped ("8.5039",
 * "14"): finer than any printer, and still readable.
 */
static void
tsv_num(struct strbuf *b, double v)
{
	char buf[64];
	size_t n;

	snprintf(buf, sizeof(buf), "%.4f", v);
	n = strlen(buf);
	while (buf[n - 1] == '0')
		n--;
	if (buf[n - 1] == '.')
		n--;
	buf[n] = '\0';
	/* -0.00001 prints as "-0" */
	sb_puts(b, strcmp(buf, "-0") == 0 ? "0" : buf);
}

/* A column separator, then v as a length. */
static void
tsv_len(struct strbuf *b, double v)
{
	sb_puts(b, "\t");
	tsv_num(b, v);
}

/* A colour as #rrggbbaa. */
static void
tsv_hex(struct strbuf *b, const struct rgba *c)
{
	sb_printf(b, "#%02lx%02lx%02lx%02lx", lround(c->r * 255),
	    lround(c->g * 255), lround(c->b * 255), lround(c->a * 255));
}

/* A column separator, then a colour, or nothing if the element sets
 * none. */
static void
tsv_rgba(struct strbuf *b, bool set, const struct rgba *c)
{
	sb_puts(b, "\t");
	if (set)
		tsv_hex(b, c);
}

/*
 * Text as one field: a tab, a newline, a carriage return and the
 * backslash itself escaped with a backslash (\t \n \r \\), so a line
 * is a box and a tab a column.
 */
static void
tsv_text(struct strbuf *b, const char *s)
{
	for (; s != NULL && *s != '\0'; s++)
		switch (*s) {
		case '\t': sb_puts(b, "\\t"); break;
		case '\n': sb_puts(b, "\\n"); break;
		case '\r': sb_puts(b, "\\r"); break;
		case '\\': sb_puts(b, "\\\\"); break;
		default: sb_add(b, s, 1);
		}
}

/*
 * A gradient fill: "linear:ANGLE" (degrees) or "radial", then each stop
 * as #rrggbbaa@OFFSET, separated by spaces.
 */
static void
tsv_grad(struct strbuf *b, const struct lbox *x)
{
	const struct gradient *g = &x->e->grad;
	size_t i;

	sb_puts(b, "\t");
	if (g->kind == GRAD_LINEAR) {
		sb_puts(b, "linear:");
		tsv_num(b, g->angle);
	} else
		sb_puts(b, "radial");
	for (i = 0; i < g->n; i++) {
		sb_puts(b, " ");
		tsv_hex(b, &x->stops[i]);
		sb_puts(b, "@");
		tsv_num(b, g->at[i]);
	}
}

/*
 * The columns a rectangle or a space has: fill to radius.  A space's
 * outline is drawn whether or not it names a colour, a rectangle's
 * only in the colour it names.
 */
static void
tsv_shape(struct strbuf *b, const struct lbox *x)
{
	const struct elem *e = x->e;
	bool line = e->type == ELEM_SPACE || e->stroke.set;

	sb_puts(b, "\t");	/* bleed */
	if (e->fill.set && e->grad.kind != GRAD_NONE)
		tsv_grad(b, x);
	else
		tsv_rgba(b, e->fill.set, &x->fill);
	tsv_rgba(b, line, &x->stroke);
	if (line)
		tsv_len(b, e->stroke_w);
	else
		sb_puts(b, "\t");
	tsv_len(b, e->radius);
	/* color to wrap_w */
	sb_puts(b, "\t\t\t\t\t\t\t\t\t");
	sb_printf(b, "\t%s", e->type == ELEM_SPACE && e->dash ? "dash" :
	    "");
}

/* A text: its font, the size it was fitted to, its alignment. */
static void
tsv_textbox(struct strbuf *b, const struct lbox *x)
{
	static const char *const ha[] = { "left", "center", "right" };
	static const char *const va[] = { "top", "middle", "bottom" };
	const struct elem *e = x->e;

	sb_puts(b, "\t\t\t\t\t");	/* bleed to radius */
	tsv_rgba(b, true, &x->color);
	sb_printf(b, "\t%s\t%d\t%d", e->family, e->bold, e->italic);
	tsv_len(b, x->size);
	sb_printf(b, "\t%s\t%s", ha[e->halign], va[e->valign]);
	tsv_len(b, e->leading);
	/* The template's width, not the box's: fit_layout() wraps at it. */
	tsv_len(b, e->w);
	sb_puts(b, "\t");	/* style */
}

/* An icon: a glyph of the icon font, as large as the box's short side. */
static void
tsv_icon(struct strbuf *b, const struct lbox *x)
{
	sb_puts(b, "\t\t\t\t\t");
	tsv_rgba(b, true, &x->color);
	sb_printf(b, "\t%s\t0\t0", ICON_FAMILY);
	tsv_len(b, x->w < x->h ? x->w : x->h);
	sb_printf(b, "\t\t\t\t\t%s", x->e->mirror ? "mirror" : "");
}

/* An image: how it fills its box and what it may cover; its file. */
static void
tsv_image(struct strbuf *b, const struct lbox *x)
{
	static const char *const fit[] = { "contain", "cover", "stretch" };
	static const char *const clip[] = { "box", "bleed", "none" };

	sb_printf(b, "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t%s,%s", fit[x->e->fit],
	    clip[x->e->clip]);
}

/*
 * The turn columns: rotate_deg and its pivot (the centre of the box
 * as laid out unless the element names one), empty if unturned; flip;
 * then the extent the box covers on the face turned, as it prints
 * (the box itself if unturned), by the renderer's own turn.
 */
static void
tsv_turn(struct strbuf *b, const struct lbox *x)
{
	static const char *const flip[] = { "", "horizontal", "vertical" };
	const struct elem *e = x->e;
	double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
	cairo_matrix_t m;
	int i;

	if (e->rotate != 0) {
		tsv_len(b, e->rotate);
		tsv_len(b, e->pivot_set ? e->pivot_x : x->x + x->w / 2);
		tsv_len(b, e->pivot_set ? e->pivot_y : x->y + x->h / 2);
	} else
		sb_puts(b, "\t\t\t");
	sb_printf(b, "\t%s", flip[e->flip]);
	render_turn(x, &m);
	for (i = 0; i < 4; i++) {
		double px = x->x + (i & 1 ? x->w : 0);
		double py = x->y + (i & 2 ? x->h : 0);

		cairo_matrix_transform_point(&m, &px, &py);
		x0 = fmin(x0, px);
		y0 = fmin(y0, py);
		x1 = fmax(x1, px);
		y1 = fmax(y1, py);
	}
	tsv_len(b, x0);
	tsv_len(b, y0);
	tsv_len(b, x1 - x0);
	tsv_len(b, y1 - y0);
}

/*
 * A text's markup, each image in its line ({img:PATH}, {icon:NAME} of
 * the game's icons/) written {img:PATH}, PATH in the game's folder dir
 * as a text would write it, in place of the private-use character that
 * stands for it in the markup.
 */
static void
tsv_markup(struct strbuf *b, const char *s, const char *dir)
{
	size_t n = strlen(dir);
	const struct image *img;
	const char *p, *path;
	char *esc;

	/* "DIR/" as "DIR": an image's path may join it with a slash more. */
	while (n > 1 && dir[n - 1] == '/')
		n--;
	for (p = s; p != NULL && *p != '\0'; p = g_utf8_next_char(p)) {
		if ((img = inline_image(g_utf8_get_char(p))) == NULL) {
			/* Only ASCII is escaped: a character whole. */
			if ((unsigned char)*p < 0x80)
				tsv_text(b, (char[]){ *p, '\0' });
			else
				sb_add(b, p, (size_t)(g_utf8_next_char(p) -
				    p));
			continue;
		}
		path = img->path;
		if (strncmp(path, dir, n) == 0 && path[n] == '/')
			for (path += n; *path == '/'; path++)
				continue;
		esc = g_markup_escape_text(path, -1);
		sb_puts(b, "{img:");
		tsv_text(b, esc);
		sb_puts(b, "}");
		g_free(esc);
	}
}

/* The line of a face, then a line per box on it, into b. */
static void
tsv_face(struct strbuf *b, const char *id, unsigned int copy, enum face f,
    const struct laid *l, const char *dir)
{
	static const char *const type[] = { "rect", "text", "icon", "space",
	    "image", "line", "circle", "polygon", "star", "path" };
	char who[64];
	size_t i;

	snprintf(who, sizeof(who), "\t%u\t%s\t", copy + 1,
	    f == FACE_FRONT ? "front" : "back");
	tsv_text(b, id);
	sb_printf(b, "%sface\t0\t0", who);
	tsv_len(b, l->w);
	tsv_len(b, l->h);
	tsv_len(b, l->bleed);
	sb_puts(b, "\t\t\t");	/* fill, stroke, stroke_w */
	tsv_len(b, l->corner);
	/* ... style; no turn, no text */
	sb_printf(b, "\t\t\t\t\t\t\t\t\t\t%s\t\t\t\t\t\t\t\t\t\n",
	    l->shape == SHAPE_CIRCLE ? "circle" : "rect");
	for (i = 0; i < l->n; i++) {
		const struct lbox *x = &l->v[i];

		tsv_text(b, id);
		sb_printf(b, "%s%s", who, type[x->e->type]);
		tsv_len(b, x->x);
		tsv_len(b, x->y);
		tsv_len(b, x->w);
		tsv_len(b, x->h);
		switch (x->e->type) {
		case ELEM_TEXT:
			tsv_textbox(b, x);
			break;
		case ELEM_ICON:
			tsv_icon(b, x);
			break;
		case ELEM_IMAGE:
			tsv_image(b, x);
			break;
		default:
			tsv_shape(b, x);
		}
		tsv_turn(b, x);
		sb_puts(b, "\t");
		if (x->e->type == ELEM_TEXT)
			tsv_markup(b, x->text, dir);
		else if (x->e->type == ELEM_ICON)
			tsv_text(b, x->text);
		else if (x->e->type == ELEM_IMAGE && x->img != NULL)
			tsv_text(b, x->img->path);
		sb_puts(b, "\n");
	}
}

/*
 * Every copy's faces, in print order, front then back, as a line each
 * and a line per box: which size each text got and where each box is,
 * for a translator or another program.
 */
/*
 * The table, built whole before any folder or file is made, so that a
 * text too long leaves nothing behind; the faces are laid out one at a
 * time.
 */
static bool
boxes_table(const struct setup *s, const struct print *pr,
    struct strbuf *b, size_t *faces, size_t *boxes, struct diags *d)
{
	size_t i, k, f, nerr = d->nerr;
	unsigned int copy = 0;
	struct laid l;

	sb_puts(b, boxes_header);
	for (i = 0; i < pr->n; i++) {
		const struct sheets *sh = &pr->v[i];

		for (k = 0; k < sh->n; k++) {
			const char *id = s->deck->cards[sh->seq[k]].id;

			copy = k > 0 && sh->seq[k - 1] == sh->seq[k] ?
			    copy + 1 : 0;
			for (f = 0; f < (sh->backs ? 2u : 1u); f++) {
				print_face(s, pr, sh, k, (enum face)f, &l, d);
				tsv_face(b, id, copy, (enum face)f, &l,
				    s->deck->dir);
				(*faces)++;
				*boxes += l.n;
				laid_free(&l);
			}
		}
	}
	return d->nerr == nerr;
}

static int
export_boxes(const struct setup *s, const struct export *x, size_t li,
    const struct print *pr, struct diags *d)
{
	char *name = g_strdup_printf("%s-%s-boxes.tsv", s->deck->game,
	    s->deck->langs[li]);
	char *out = path_join(x->dir, name);
	struct strbuf b = { 0 };
	struct outfile o;
	size_t i, faces = 0, boxes = 0, cards = 0;
	int rc = 0;

	for (i = 0; i < pr->n; i++)
		cards += pr->v[i].n;
	if (!boxes_table(s, pr, &b, &faces, &boxes, d))
		rc = EXIT_INPUT;
	else if (ensure_parent(out, d) != 0 || !outfile_open(&o, out, d))
		rc = EXIT_IO;
	else if (!outfile_close(&o, outfile_write(&o, b.s, b.len), d))
		rc = EXIT_IO;	/* a write that failed: reported, not kept */
	if (rc == 0)
		printf("%s: %zu faces of %zu %s%s, %zu boxes\n", out, faces,
		    cards, s->deck->multi ? "component" : "card",
		    cards == 1 ? "" : "s", boxes);
	sb_free(&b);
	g_free(name);
	free(out);
	return rc;
}

static int
run_export(const struct export *x, struct diags *d)
{
	const struct printopts po = { DUPLEX_LONG, true, NULL, NULL, 0, 0 };
	struct setup s = { 0 };
	struct load_opts lo;
	struct print pr = { 0 };
	struct kfaces *kf = NULL;
	int rc, li = 0;

	job_load_opts(&x->j, &lo);
	if ((rc = setup_load(&s, x->j.deckdir, &lo, d)) != 0 ||
	    (rc = lang_arg(s.deck, x->j.lang, &li, d)) != 0)
		goto out;
	/* Every face laid out, and any text too long found, before a
	 * file is written. */
	if (!print_build(&s, (size_t)li, &po, &pr, d) ||
	    (!x->boxes && !lay_kinds(&s, &pr, &kf, d)))
		rc = EXIT_INPUT;
	else if (pr.n == 0)
		rc = diag_add(d, DIAG_ERROR, NULL, "input", "the deck has no "
		    "card to export") + EXIT_INPUT;
	else if (x->pdf)
		rc = export_pdf(&s, x, (size_t)li, &pr, kf, d);
	else if (x->boxes)
		rc = export_boxes(&s, x, (size_t)li, &pr, d);
	else
		rc = export_png(&s, x, &pr, kf, d);
out:
	kinds_free(kf, &pr);
	print_free(&pr);
	setup_free(&s);
	return rc;
}

/* What the options miss or contradict: a usage error, else 0. */
static int
check_args(const struct export *x, int nargs)
{
	if (nargs != 1)
		return usage_error(usage_export, "%s", nargs ? "give exactly "
		    "one deck folder" : "no deck folder given");
	if (x->j.lang == NULL)
		return usage_error(usage_export, "%s", "no --lang given: "
		    "export one language at a time");
	if (x->dir == NULL)
		return usage_error(usage_export, "%s", "no -o DIR given: the "
		    "folder to write the files into");
	if (x->pdf && x->boxes)
		return usage_error(usage_export, "%s", "--per-card-pdf and "
		    "--boxes: one at a time");
	if ((x->pdf || x->boxes) && x->has_dpi)
		return usage_error(usage_export, "--dpi is for the images: "
		    "%s", x->pdf ? "--per-card-pdf writes vector pages" :
		    "--boxes writes lengths in pt");
	return 0;
}

int
cmd_export(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "dpi", required_argument, NULL, 'r' },
		{ "per-card-pdf", no_argument, NULL, 'P' },
		{ "boxes", no_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct export x = { .j = JOB_INIT, .dpi = 300 };
	struct diags d = { 0 };
	int c, rc;

	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			x.j.lang = optarg;
			break;
		case 'o':
			x.dir = optarg;
			break;
		case 'r':
			if ((rc = dpi_arg(optarg, &x.dpi, usage_export)) != 0)
				return rc;
			x.has_dpi = true;
			break;
		case 'P':
			x.pdf = true;
			break;
		case 'b':
			x.boxes = true;
			break;
		case 'A':
			x.j.allow_outside = true;
			break;
		case 'h':
			fputs(usage_export, stdout);
			return 0;
		default:
			fputs(usage_export, stderr);
			return EXIT_USAGE;
		}
	if ((rc = check_args(&x, argc - optind)) != 0)
		return rc;
	x.j.deckdir = argv[optind];
	/* Its files are named inside -o DIR: a link there was not asked
	 * for. */
	outfile_no_links();
	return finish(&d, run_export(&x, &d));
}
