/* SPDX-License-Identifier: MIT */
/* covers: hyphenation, rich-text, text-fit, text-paint */
/*
 * Layout stage: hyphenation with real dictionaries, inline markup to
 * Pango markup, shrink-to-fit choosing the largest size that fits,
 * justified lines, and the outline of a text's glyphs.
 */
#include "unit.h"
#include <math.h>
#include <string.h>

#include <glib.h>
#include <pango/pangocairo.h>

#include "../../src/layout/fitting.h"
#include "../../src/art/art.h"
#include "../../src/tmpl/tmpl.h"
#include "../../src/markup/markup.h"
#include "../../src/load/load.h"

#define SHY	"\xc2\xad"

static struct fonts *fonts;
static struct iconmap *icons;
static struct diags d;

static int
setup(void **state)
{
	(void)state;
	fonts = layout_fonts_new("fonts", NULL, &d);
	icons = tmpl_iconmap_load("fonts/MaterialDesignIcons.map", &d);
	if (fonts == NULL || icons == NULL)
		return -1;
	fonts->icons = icons;
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	layout_fonts_free(fonts);
	tmpl_iconmap_free(icons);
	diag_free(&d);
	return 0;
}

static void
test_hyphenation(void **state)
{
	char *s;

	(void)state;
	/* German compounds break at the pattern's points (hyphen-de). */
	s = layout_hyph_text(fonts->hyph, "de", "Datenschutzgrundverordnung");
	assert_string_equal(s, "Da" SHY "ten" SHY "schutz" SHY "grund" SHY
	    "ver" SHY "ord" SHY "nung");
	g_free(s);
	/* Umlauts survive the Latin-1 dictionary and its lower case. */
	s = layout_hyph_text(fonts->hyph, "de", "Gesundheitsdaten über "
	    "Zuständigkeit");
	assert_non_null(strstr(s, "Ge" SHY "sund" SHY "heits" SHY "da" SHY
	    "ten"));
	assert_non_null(strstr(s, " über "));	/* short: never broken */
	g_free(s);
	/* Italian and English have their own patterns. */
	s = layout_hyph_text(fonts->hyph, "it", "profilazione");
	assert_non_null(strstr(s, SHY));
	g_free(s);
	/* A language without a dictionary is left alone. */
	s = layout_hyph_text(fonts->hyph, "xx", "Datenschutzgrundverordnung");
	assert_string_equal(s, "Datenschutzgrundverordnung");
	g_free(s);
	/* Markup: tags and entities untouched, text hyphenated. */
	s = layout_hyph_markup(fonts->hyph, "de",
	    "<b>Datenschutz</b> &amp; Verordnung");
	assert_string_equal(s, "<b>Da" SHY "ten" SHY "schutz</b> &amp; "
	    "Ver" SHY "ord" SHY "nung");
	g_free(s);
	/* A '<' or '&' never closed is text (it hung). */
	s = layout_hyph_markup(fonts->hyph, "de", "Datenschutz < Verordnung & "
	    "b");
	assert_string_equal(s, "Da" SHY "ten" SHY "schutz < Ver" SHY "ord"
	    SHY "nung & b");
	g_free(s);
}

/*
 * Words noted first (layout_hyph_note_markup(), a booklet's every
 * block) are broken with the next text's by one automaton, and as a
 * text of their own would break them (e2e's hyphcheck --same compares
 * with the whole dictionary, which takes German seconds to load).
 */
static void
test_hyphenation_noted(void **state)
{
	static const char *const texts[] = {
	    "<i>Datenschutzgrundverordnung</i> und Gesundheitsdaten",
	    "Verschlüsselung &amp; Zuständigkeitsbereich",
	    "Aufsichtsbehörde verarbeitet personenbezogene Informationen" };
	struct hyph *alone = layout_hyph_new(), *noted = layout_hyph_new();
	char *a, *n;
	size_t i;

	(void)state;
	for (i = 0; i < 3; i++)
		layout_hyph_note_markup(noted, "de", texts[i]);
	layout_hyph_note_markup(noted, "xx", texts[0]);	/* no dictionary */
	for (i = 0; i < 3; i++) {
		a = layout_hyph_markup(alone, "de", texts[i]);
		n = layout_hyph_markup(noted, "de", texts[i]);
		assert_non_null(strstr(a, SHY));
		assert_string_equal(n, a);
		g_free(a);
		g_free(n);
	}
	layout_hyph_free(alone);
	layout_hyph_free(noted);
}

/* word with '-' where the dictionary lets it break, for comparison. */
static char *
shown(const char *lang, const char *word)
{
	char *s = layout_hyph_text(fonts->hyph, lang, word);
	GString *b = g_string_new(NULL);
	const char *p;

	for (p = s; *p != '\0';)
		if (strncmp(p, SHY, 2) == 0) {
			g_string_append_c(b, '-');
			p += 2;
		} else
			g_string_append_c(b, *p++);
	g_free(s);
	return g_string_free(b, FALSE);
}

/*
 * Accented words break only where each language's dictionary says:
 * libhyphen counts characters, so a break after an accented letter
 * must not slide one letter on (the Spanish pack once printed
 * "especif-icas" and "publ-icos").  French, Portuguese, Dutch and
 * Russian come from their Debian packages by language code alone.
 */
static void
test_hyphenation_accents(void **state)
{
	static const char *const cases[][2] = {
		{ "es", "es-pe-c\xc3\xad-fi-cas" },
		{ "es", "p\xc3\xba-bli-cos" },
		{ "es", "bio-m\xc3\xa9-tri-cos" },
		{ "es", "in-for-ma-ci\xc3\xb3n" },
		{ "it", "re-spon-sa-bi-lit\xc3\xa0" },
		{ "it", "uni-ver-sit\xc3\xa0" },
		{ "de", "Zu-st\xc3\xa4n-dig-keit" },
		{ "de", "\xc3\x9c" "ber-mitt-lung" },
		{ "en", "in-for-ma-tion" },
		{ "fr", "d\xc3\xa9-ve-lop-pe-ment" },
		{ "fr", "s\xc3\xa9-cu-rit\xc3\xa9" },
		{ "fr", "r\xc3\xa9-gle-men-ta-tion" },
		{ "pt", "in-for-ma-\xc3\xa7\xc3\xa3o" },
		{ "nl", "per-soons-ge-ge-vens" },
		{ "ru", "\xd0\xb1\xd0\xb5\xd0\xb7-\xd0\xbe\xd0\xbf\xd0\xb0"
		    "\xd1\x81-\xd0\xbd\xd0\xbe\xd1\x81\xd1\x82\xd1\x8c" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *plain = g_strdup(cases[i][1]), *got, *q = plain;
		const char *p;

		/* the word as written: the expected breaks taken out */
		for (p = cases[i][1]; *p != '\0'; p++)
			if (*p != '-')
				*q++ = *p;
		*q = '\0';
		assert_true(layout_hyph_has(fonts->hyph, cases[i][0]));
		got = shown(cases[i][0], plain);
		if (strcmp(got, cases[i][1]) != 0)
			fail_msg("%s: %s gives %s, the dictionary says %s",
			    cases[i][0], plain, got, cases[i][1]);
		g_free(got);
		g_free(plain);
	}
	/* a region is chosen by the code too; an unknown one is none */
	assert_true(layout_hyph_has(fonts->hyph, "fr-CA"));
	assert_false(layout_hyph_has(fonts->hyph, "xx"));
}

static void
test_markup(void **state)
{
	struct mctx up = { .upper = true, .icons = icons };
	struct mctx m = { .icons = icons };
	char *s;

	(void)state;
	s = layout_markup("**Bold** & *it* {icon:eye}", &up);
	assert_string_equal(s, "<b>BOLD</b> &amp; <i>IT</i> <span "
	    "font_family=\"Material Design Icons\" font_weight=\"normal\" "
	    "font_style=\"normal\">&#xF0208;</span>");
	g_free(s);
	assert_null(layout_markup("**open", &m));
	/* Tags pass through as Pango reads them; a lone '<' is text. */
	s = layout_markup("a < b <span color=\"#C00\" size=\"150%\" "
	    "letter_spacing=\"0.5pt\">x</span><sup>2</sup> \\<b>", &m);
	assert_string_equal(s, "a &lt; b <span foreground=\"#C00\" "
	    "size=\"150%\" letter_spacing=\"512\">x</span><sup>2</sup> "
	    "&lt;b&gt;");
	g_free(s);
	s = layout_markup("{icon:eye|color=#00AA00}", &m);
	assert_string_equal(s, "<span font_family=\"Material Design Icons\" "
	    "font_weight=\"normal\" font_style=\"normal\" "
	    "foreground=\"#00aa00\">&#xF0208;</span>");
	g_free(s);
	assert_null(layout_markup("<blink>x</blink>", &m));
	assert_null(layout_markup("<b>x<i>y</b></i>", &m));
	assert_null(layout_markup("<span colour=\"red\">x</span>", &m));
	assert_null(layout_markup("**<b>x**</b>", &m));
}

/*
 * Every prefix of texts rich in markup parses or fails cleanly, and
 * whatever parses becomes markup Pango reads: what reaches Pango is
 * never refused (it would print nothing).
 */
static void
test_markup_prefixes(void **state)
{
	static const char *const texts[] = {
	    "a <span color=\"#c00\" size='150%' weight=\"bold\" "
	    "letter_spacing=\"-1.5pt\" underline=\"double\">x</span> "
	    "<b>**y** <i>z</i></b> a < b x<3 \\< {icon:eye|color=#0a0} "
	    "<sup>2</sup><sub>i</sub><small>s</small><big>B</big><u>u</u>"
	    "<s>s</s> {img:x.png|height=3mm} & \"q\" <span style=\"italic\" "
	    "strikethrough=\"true\" font=\"Roboto\">f</span>",
	    "<span color=\"red\">*<b>a</b>*</span> {x} <",
	};
	struct mctx m = { .icons = icons };
	struct mtokens t;
	size_t i, n;
	char *pre, *out;

	(void)state;
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		for (n = 0; n <= strlen(texts[i]); n++) {
			pre = g_strndup(texts[i], n);
			if (markup_parse(pre, &t)) {
				out = layout_markup(pre, &m);
				assert_non_null(out);
				if (!pango_parse_markup(out, -1, 0, NULL, NULL,
				    NULL, NULL))
					fail_msg("Pango refuses \"%s\" from "
					    "\"%s\"", out, pre);
				g_free(out);
			} else {
				assert_non_null(t.err);
				assert_true(t.err_off <= n);
			}
			markup_free(&t);
			g_free(pre);
		}
}

/* Problems and where they are: a byte offset, and the message. */
static void
test_markup_errors(void **state)
{
	static const struct { const char *s; size_t off; const char *err; }
	    bad[] = {
		{ "x <blink>y</blink>", 2, "unknown tag '<blink>'" },
		{ "<bold>y</bold>", 0, "did you mean '<b>'?" },
		{ "<span colour=\"red\">y</span>", 6,
		    "unknown attribute 'colour'; did you mean 'color'?" },
		{ "ab <b>y", 3, "'<b>' is not closed by '</b>'" },
		{ "<i>a</b>", 4, "'</b>' where '</i>'" },
		{ "a</i>", 1, "'</i>' closes no tag" },
		{ "<span>y</span>", 0, "without attributes" },
		{ "<span size=\"huge\">y</span>", 6, "size=\"huge\" is not" },
		{ "<span color=red>y</span>", 6, "needs a value in quotes" },
		{ "<span color=\"#12\">y</span>", 6, "is not a colour" },
		{ "<span weight=\"5\">y</span>", 6, "weight" },
		{ "<b x=\"1\">y</b>", 3, "'<b>' takes no attributes" },
		{ "{icon:a|colr=#fff}", 8, "did you mean 'color'?" },
		{ "{img:a.png|height=0}", 11, "height=0 is not" },
		{ "{img:a.png|height=3cm}", 11, "height=3cm is not" },
		{ "{img:}", 0, "names no image" },
		{ "{img:a.png", 0, "is not closed" },
		{ "**a <i>b** c</i>", 8, "'**' closes bold" },
	};
	struct mtokens t;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_false(markup_parse(bad[i].s, &t));
		if (strstr(t.err, bad[i].err) == NULL || t.err_off != bad[i].off)
			fail_msg("\"%s\": \"%s\" at %zu", bad[i].s, t.err,
			    t.err_off);
		markup_free(&t);
	}
}

/*
 * An inline image is as tall as the capitals of the font where it
 * stands (Roboto's OS/2 cap height, 1456 of 2048 units), 1.2 times
 * that inside <big>, or the height it asks for; as wide as its
 * proportions make it.
 */
static void
test_inline_size(void **state)
{
	static const struct image img = { .w_px = 30, .h_px = 20 };
	static const struct { const char *pre, *post, *height; double h; }
	    cases[] = {
		{ "H", "H", NULL, 20 * 1456.0 / 2048 },
		{ "H<big>", "</big>", NULL, 1.2 * 20 * 1456.0 / 2048 },
		{ "H", "", "3mm", 3 * 72 / 25.4 },
		{ "H", "", "2", 2 * 20 * 1456.0 / 2048 },
	};
	struct elem e = { .type = ELEM_TEXT, .family = "Roboto", .w = 500,
	    .h = 500, .leading = 1 };
	PangoLayoutIter *it;
	PangoRectangle ink;
	PangoLayout *l;
	GString *m;
	size_t i;
	double h, w;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		m = g_string_new(cases[i].pre);
		g_string_append_unichar(m, layout_inline_add(&img,
		    cases[i].height, NULL));
		g_string_append(m, cases[i].post);
		l = layout_at_size(fonts->ctx, &e, m->str, 20);
		/* The object is the layout's second run. */
		it = pango_layout_get_iter(l);
		assert_true(pango_layout_iter_next_run(it));
		pango_layout_iter_get_run_extents(it, &ink, NULL);
		h = pango_units_to_double(ink.height);
		w = pango_units_to_double(ink.width);
		if (fabs(h - cases[i].h) > 0.01 || fabs(w - 1.5 * h) > 0.01)
			fail_msg("%s: %.3f x %.3f pt, expected height %.3f",
			    m->str, w, h, cases[i].h);
		pango_layout_iter_free(it);
		g_object_unref(l);
		g_string_free(m, TRUE);
	}
}

static void
test_fit(void **state)
{
	struct elem e;
	struct fitted f, g;

	(void)state;
	memset(&e, 0, sizeof(e));
	e.type = ELEM_TEXT;
	e.family = "Roboto";
	e.w = MM(40);
	e.h = MM(10);
	e.size_min = 6;
	e.size_max = 20;
	e.leading = 1;
	layout_fit(fonts->ctx, &e, "Short", &f);
	assert_true(f.fits);
	assert_float_equal(f.size, 20, 1e-9);	/* fits at the largest */
	assert_int_equal(f.probes, 1);		/* shaped once */
	g_object_unref(f.layout);
	layout_fit(fonts->ctx, &e, "A longer effect text that has to wrap "
	    "over two or three lines", &f);
	assert_true(f.fits);
	assert_true(f.size < 20 && f.size >= 6);
	assert_true(f.h <= e.h + 0.01 && f.w <= e.w + 0.01);
	g_object_unref(f.layout);
	/* from a quarter point more up nothing fits: f is the largest */
	e.size_min = f.size + 0.25;
	layout_fit(fonts->ctx, &e, "A longer effect text that has to wrap "
	    "over two or three lines", &g);
	assert_false(g.fits);
	assert_true(g.over_h > 0 || g.over_w > 0);
	g_object_unref(g.layout);
	/* a word wider than the box at the minimum size is an overflow */
	e.size_min = e.size_max = 12;
	layout_fit(fonts->ctx, &e, "0123456789012345678901234567890", &f);
	assert_false(f.fits);
	assert_true(f.over_w > 0);
	g_object_unref(f.layout);
}

/* Does text fit e's box at size?  Measured as the renderer draws it. */
static bool
fits_at(const struct elem *e, const char *text, double size)
{
	PangoLayout *l = layout_at_size(fonts->ctx, e, text, size);
	PangoRectangle log;

	pango_layout_get_extents(l, NULL, &log);
	g_object_unref(l);
	return pango_units_to_double(log.width) <= e->w + 0.01 &&
	    pango_units_to_double(log.height) <= e->h + 0.01;
}

/*
 * The size the search finds is, for texts of every length in boxes of
 * several shapes, the one trying every size from the top down finds;
 * and it shapes few sizes to find it, the one drawn among them.
 */
static void
test_fit_exact(void **state)
{
	static const char words[] = "Players on your team draw one extra "
	    "card each and steal a **card** from any player who holds "
	    "personal data about {icon:eye} the other team unless blocked "
	    "by consent Datenschutzgrundverordnung";
	static const double box[][4] = {	/* w, h mm; min, max pt */
		{ 49, 26, 8, 11.5 }, { 51, 21, 9, 14 }, { 30, 30, 6, 20 },
		{ 20, 8, 7, 12 }, { 56, 12, 12, 12 },
	};
	struct mctx mc[2] = { { .icons = icons },
	    { .upper = true, .icons = icons } };
	struct elem e;
	struct fitted f;
	unsigned int total = 0, n = 0, worst = 0;
	size_t b, len;

	(void)state;
	for (b = 0; b < sizeof(box) / sizeof(box[0]); b++)
		for (len = 8; len <= sizeof(words) - 1; len += 9) {
			char *m, *t = g_strndup(words, len);
			double s;

			memset(&e, 0, sizeof(e));
			e.type = ELEM_TEXT;
			e.family = b % 2 ? "Roboto Condensed" : "Roboto";
			e.bold = b % 2;
			e.w = MM(box[b][0]);
			e.h = MM(box[b][1]);
			e.size_min = box[b][2];
			e.size_max = box[b][3];
			e.leading = b == 1 ? 0.95 : 1;
			/* a cut in the middle of markup: whole words */
			m = layout_markup(t, &mc[b == 1]);
			if (m == NULL) {
				g_free(t);
				continue;
			}
			layout_fit(fonts->ctx, &e, m, &f);
			for (s = e.size_max; s > e.size_min &&
			    !fits_at(&e, m, s); s -= 0.25)
				;
			assert_float_equal(f.size, s, 1e-9);
			assert_true(f.fits == fits_at(&e, m, s));
			/* the layout kept is the size chosen */
			assert_int_equal(pango_font_description_get_size(
			    pango_layout_get_font_description(f.layout)),
			    (int)lround(f.size * PANGO_SCALE));
			total += f.probes;
			worst = f.probes > worst ? f.probes : worst;
			n++;
			g_object_unref(f.layout);
			g_free(m);
			g_free(t);
		}
	assert_true(n > 50);
	/*
	 * A binary search took the maximum, the minimum and a probe per
	 * halving: up to 2 + 6 shapings over these 57 sizes.  Measured
	 * now: 2.0 on average, 5 at worst.
	 */
	assert_true(worst <= 6);
	assert_true(total * 10 <= 22 * n);
}

/* A layout's glyph ids, run by run, line by line; g_string_free(). */
static GString *
glyph_ids(PangoLayout *l)
{
	GString *s = g_string_new(pango_layout_get_text(l));
	PangoLayoutIter *it = pango_layout_get_iter(l);

	do {
		PangoLayoutRun *r = pango_layout_iter_get_run_readonly(it);
		int i;

		for (i = 0; r != NULL && i < r->glyphs->num_glyphs; i++)
			g_string_append_printf(s, " %u/%d",
			    r->glyphs->glyphs[i].glyph,
			    r->glyphs->log_clusters[i]);
	} while (pango_layout_iter_next_run(it));
	pango_layout_iter_free(it);
	return s;
}

/* l drawn at 4 x by show (1: layout_show), on white; caller destroys. */
static cairo_surface_t *
drawn(PangoLayout *l, int show)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    400, 400);
	cairo_t *cr = cairo_create(s);

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_scale(cr, 4, 4);
	cairo_set_source_rgb(cr, 0, 0, 0.5);
	cairo_move_to(cr, 5, 5);
	if (show)
		layout_show(cr, l);
	else
		pango_cairo_show_layout(cr, l);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	return s;
}

/*
 * layout_show draws what pango_cairo_show_layout draws, pixel for pixel:
 * the hyphens where soft hyphens broke words (in their span's colour),
 * a ligature across a soft hyphen ("ffl"); and leaves the layout as it
 * was, its text and glyphs.
 */
static void
test_show(void **state)
{
	PangoLayout *l = pango_layout_new(fonts->ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    "Roboto 11");
	cairo_surface_t *a, *b;
	GString *before, *after;
	int y, nshy = 0;

	(void)state;
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(l, 40 * PANGO_SCALE);
	pango_layout_set_markup(l, "Shuf" SHY "fle the <span "
	    "color=\"#e00000\">Daten" SHY "schutz" SHY "grund" SHY "ver" SHY
	    "ord" SHY "nung</span>, shuf" SHY "fling, sec" SHY "ond", -1);
	/* Lines broken at soft hyphens, one in the red span. */
	for (y = 0; y < pango_layout_get_line_count(l); y++) {
		PangoLayoutLine *line = pango_layout_get_line_readonly(l, y);
		const char *end = pango_layout_get_text(l) +
		    line->start_index + line->length;

		nshy += line->length > 2 && strncmp(end - 2, SHY, 2) == 0;
	}
	assert_true(nshy >= 3);
	before = glyph_ids(l);
	a = drawn(l, 0);
	b = drawn(l, 1);
	after = glyph_ids(l);
	assert_string_equal(before->str, after->str);
	for (y = 0; y < 400; y++)
		assert_memory_equal(cairo_image_surface_get_data(a) +
		    y * cairo_image_surface_get_stride(a),
		    cairo_image_surface_get_data(b) +
		    y * cairo_image_surface_get_stride(b), 400 * 4);
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
	g_string_free(before, TRUE);
	g_string_free(after, TRUE);
	g_object_unref(l);
}

/* The width of line l of layout, in pt. */
static double
line_w(PangoLayout *layout, int l)
{
	PangoRectangle log;

	pango_layout_line_get_extents(pango_layout_get_line_readonly(layout,
	    l), NULL, &log);
	return pango_units_to_double(log.width);
}

/*
 * align: justify: every line of a paragraph but its last as wide as
 * the box, hyphenated lines too (Pango 1.50 made a line broken at a
 * soft hyphen a hyphen too wide: layout_at_size() takes it back), the
 * last one not; the lines break where a left-aligned text's do, so
 * fitting finds the same size for it.
 */
static void
test_justify(void **state)
{
	static const char text[] = "Shuf" SHY "fle the deck and deal five "
	    "cards to every player. On your turn, draw a card, then play one "
	    "card from your hand or dis" SHY "card two cards to take an ex"
	    SHY "tra" SHY "or" SHY "di" SHY "nary ac" SHY "tion. Who" SHY
	    "ever col" SHY "lects three match" SHY "ing sym" SHY "bols "
	    "first wins the game.";
	struct elem e;
	struct fitted f, g;
	PangoLayout *l, *left;
	int i, n, shy = 0;

	(void)state;
	memset(&e, 0, sizeof(e));
	e.type = ELEM_TEXT;
	e.family = "Roboto";
	e.w = MM(53);
	e.h = MM(40);
	e.size_min = 6;
	e.size_max = 12;
	e.leading = 1;
	e.halign = HALIGN_JUSTIFY;
	l = layout_at_size(fonts->ctx, &e, text, 9);
	e.halign = HALIGN_LEFT;
	left = layout_at_size(fonts->ctx, &e, text, 9);
	n = pango_layout_get_line_count(l);
	assert_true(n >= 5);
	assert_int_equal(pango_layout_get_line_count(left), n);
	for (i = 0; i < n; i++) {
		PangoLayoutLine *line = pango_layout_get_line_readonly(l, i);
		const char *end = pango_layout_get_text(l) +
		    line->start_index + line->length;

		shy += strncmp(end - 2, SHY, 2) == 0;
		/* The same words on each line as ragged. */
		assert_int_equal(line->length,
		    pango_layout_get_line_readonly(left, i)->length);
		if (i + 1 < n)
			assert_float_equal(line_w(l, i), e.w, 0.01);
		else
			assert_true(line_w(l, i) < e.w - 10);
	}
	assert_true(shy >= 1);	/* a line broken at a soft hyphen */
	g_object_unref(l);
	g_object_unref(left);
	/* Fitted as large as ragged, and within the box. */
	e.h = MM(22);
	layout_fit(fonts->ctx, &e, text, &f);
	e.halign = HALIGN_JUSTIFY;
	layout_fit(fonts->ctx, &e, text, &g);
	assert_true(f.fits && g.fits);
	assert_float_equal(g.size, f.size, 1e-9);
	assert_true(g.size < 12);
	assert_true(g.w <= e.w + 0.01 && g.h <= e.h + 0.01);
	g_object_unref(f.layout);
	g_object_unref(g.layout);
}

/*
 * layout_path: the outlines of the glyphs layout_show draws, where it
 * draws them: the path's extents are the layout's ink from the current
 * point, every line's (two lines, centred).
 */
static void
test_path(void **state)
{
	cairo_surface_t *s = cairo_recording_surface_create(
	    CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(s);
	PangoLayout *l = pango_layout_new(fonts->ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    "Roboto Bold 20");
	PangoRectangle ink;
	double x0, y0, x1, y1;

	(void)state;
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(l, 100 * PANGO_SCALE);
	pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	pango_layout_set_text(l, "Higgs\nboson", -1);
	pango_layout_get_extents(l, &ink, NULL);
	cairo_move_to(cr, 5, 7);
	layout_path(cr, l);
	cairo_fill_extents(cr, &x0, &y0, &x1, &y1);
	assert_float_equal(x0, 5 + pango_units_to_double(ink.x), 0.05);
	assert_float_equal(y0, 7 + pango_units_to_double(ink.y), 0.05);
	assert_float_equal(x1, 5 + pango_units_to_double(ink.x + ink.width),
	    0.05);
	assert_float_equal(y1, 7 + pango_units_to_double(ink.y +
	    ink.height), 0.05);
	/* No current point: from 0, 0, as Pango's own. */
	cairo_new_path(cr);
	layout_path(cr, l);
	cairo_fill_extents(cr, &x0, &y0, &x1, &y1);
	assert_float_equal(x0, pango_units_to_double(ink.x), 0.05);
	g_object_unref(l);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hyphenation),
		cmocka_unit_test(test_hyphenation_accents),
		cmocka_unit_test(test_hyphenation_noted),
		cmocka_unit_test(test_markup),
		cmocka_unit_test(test_markup_prefixes),
		cmocka_unit_test(test_markup_errors),
		cmocka_unit_test(test_inline_size),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_fit_exact),
		cmocka_unit_test(test_show),
		cmocka_unit_test(test_justify),
		cmocka_unit_test(test_path),
	};

	return cmocka_run_group_tests_name("layout", tests, setup, teardown);
}
