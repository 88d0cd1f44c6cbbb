/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a text with inline markup laid out as deckpress lays it
 * out, with the bundled fonts -- fitted into a card's text box
 * (layout_markup(), layout_fit(), then cover.c's checks of the glyphs
 * and faces its runs ask for), and flowed as a rule booklet's paragraph
 * (booklet_parse_text(), booklet_flow(), booklet_check(), its first
 * pages drawn on a recording surface).  What is refused needs only not
 * crash, and a card's text the loader takes (markup_parse(),
 * markup_check()) must become Pango markup; every input must be done
 * in well under a second: a slow one is a cost the markup's limits do
 * not bound (issue 32).
 * The first byte is flags: bit 0 upper case, bit 1 a box narrower than
 * a long word, bit 2 a box the text overflows at its least size, bit 3
 * hyphenated; the rest is the text, to its first NUL as a YAML value.
 */
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "fuzz.h"
#include "../../src/booklet/booklet.h"
#include "../../src/layout/fitting.h"
#include "../../src/markup/markup.h"

#define PAGES	3	/* a booklet's pages drawn, at most */

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_deck(0);
	fuzz_fonts();
	return 0;
}

/* The text box of a card, as flags ask for it. */
static void
card_box(struct elem *e, unsigned int flags)
{
	memset(e, 0, sizeof(*e));
	e->type = ELEM_TEXT;
	e->family = "Roboto";
	e->families = "Roboto,Roboto Condensed";
	e->w = MM(flags & 2 ? 4 : 51);
	e->h = MM(flags & 4 ? 3 : 40);
	e->size_min = 5;
	e->size_max = 12;
	e->leading = 1;
	e->halign = HALIGN_CENTER;
}

/*
 * Would the loader take s as a card's text: markup it parses, colours
 * and icons that exist (load/bind.c checks them so)?
 */
static bool
loads(const struct fonts *f, const char *s)
{
	struct srcpos pos = { "text/en.yaml", 1, 1 };
	struct mcheck mc = { .icons = f->icons, .pos = &pos };
	struct diags d = { 0 };
	struct mtokens t;
	bool ok = markup_parse(s, &t) && markup_check(&mc, &t, &d);

	markup_free(&t);
	diag_free(&d);
	return ok;
}

/* Text s fitted in a card's box, and its fonts checked. */
static void
fit_card(struct fonts *f, const char *s, unsigned int flags)
{
	struct mctx m = { 0 };
	struct fitted fit;
	struct elem e;
	char *pm, *msg;
	int at;

	if (!loads(f, s))
		return;		/* refused: load_bind reports it */
	m.upper = flags & 1;
	m.icons = f->icons;
	m.fonts = f;
	m.h = flags & 8 ? f->hyph : NULL;
	m.lang = "en";
	pm = layout_markup(s, &m);
	g_free(m.bad_font);
	if (pm == NULL)
		abort();	/* markup the loader takes is laid out */
	card_box(&e, flags);
	layout_fit(f->ctx, &e, pm, &fit);
	g_free(layout_fonts_missing(f, fit.layout, &e));
	msg = layout_fonts_badface(f, fit.layout, e.families, &at);
	/* The markup that asks is in the text Pango shows, or none. */
	if (msg != NULL && (at < -1 || at > (int)strlen(
	    pango_layout_get_text(fit.layout))))
		abort();
	g_free(msg);
	g_object_unref(fit.layout);
	g_free(pm);
}

/* Text s as a rule booklet, flowed and checked, a few pages drawn. */
static void
flow_booklet(struct fonts *f, const char *s)
{
	struct diags d = { 0 };
	struct bdoc doc = { 0 };
	struct bflow fl = { 0 };
	struct bstyle st;
	cairo_surface_t *rec;
	cairo_t *cr;
	size_t i;

	booklet_style_a4(&st);
	st.lang = "en";
	if (booklet_parse_text("rules/en.md", s, fuzz_deck(0), 0, NULL, f,
	    &doc, &d)) {
		booklet_flow(f, &doc, &st, &fl);
		booklet_check(f, &fl, &st, &d);
		for (i = 0; i < fl.n && i < PAGES; i++) {
			rec = cairo_recording_surface_create(
			    CAIRO_CONTENT_COLOR_ALPHA, NULL);
			cr = cairo_create(rec);
			booklet_draw(cr, f, &fl, i, &st, "Fuzz", (int)i + 1);
			cairo_destroy(cr);
			cairo_surface_destroy(rec);
		}
	}
	booklet_flow_free(&fl);
	booklet_doc_free(&doc);
	diag_free(&d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fonts *f = fuzz_fonts();
	unsigned int flags = size > 0 ? data[0] : 0;
	char *s;

	if (size > 0) {
		data++;
		size--;
	}
	/* A text from YAML ends at its first NUL, as a C string does;
	 * Pango takes only UTF-8, which the loader has checked. */
	s = xmalloc(size + 1);
	memcpy(s, data, size);
	s[size] = '\0';
	if (g_utf8_validate(s, -1, NULL)) {
		fit_card(f, s, flags);
		flow_booklet(f, s);
	}
	free(s);
	return 0;
}
