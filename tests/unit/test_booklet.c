/* SPDX-License-Identifier: MIT */
/* covers: booklet, pagination, links, rich-text */
/*
 * Booklet stage: Markdown to blocks (cmark-gfm), and the pagination
 * rules: headings kept with what follows, no lone line of a paragraph
 * at the top or the bottom of a page, table rows whole.
 */
#include "unit.h"
#include <string.h>

#include <glib.h>

#include "../../src/booklet/booklet.h"
#include "../../src/art/art.h"
#include "../../src/tmpl/tmpl.h"
#include "../../src/load/load.h"

static struct fonts *fonts;
static struct iconmap *icons;
static struct deck *deck;
static struct diags d;

static int
setup(void **state)
{
	(void)state;
	fonts = layout_fonts_new("fonts", NULL, &d);
	icons = tmpl_iconmap_load("fonts/MaterialDesignIcons.map", &d);
	fonts->icons = icons;
	/* The tests' copy of Data Chain, whose titles are pinned below. */
	deck = load_deck("tests/decks/data-chain", NULL, &d);
	return fonts && icons && deck ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	load_deck_free(deck);
	layout_fonts_free(fonts);
	tmpl_iconmap_free(icons);
	diag_free(&d);
	return 0;
}

static void
test_blocks(void **state)
{
	struct bdoc doc;
	char *span;
	const char *md = "# Title\n\nSome **bold** and *italic* & \\<text>.\n\n"
	    "- one\n  - nested\n- two\n\n1. first\n2. second\n\n"
	    "> A variant rule.\n\n| Term | Description |\n|---|---|\n"
	    "| Block | [[card:block]] stops an action |\n\n---\n";

	(void)state;
	assert_true(booklet_parse_text("t.md", md, deck, 1, NULL, NULL, &doc,
	    &d));
	assert_int_equal(d.nerr, 0);
	assert_int_equal(doc.n, 10);
	assert_int_equal(doc.v[9].kind, B_RULE);
	assert_int_equal(doc.v[0].kind, B_HEADING);
	assert_int_equal(doc.v[0].level, 1);
	assert_string_equal(doc.v[0].plain, "Title");
	assert_int_equal(doc.v[1].kind, B_PARA);
	/* Markup for Pango, with the text escaped. */
	assert_string_equal(doc.v[1].markup,
	    "Some <b>bold</b> and <i>italic</i> &amp; &lt;text&gt;.");
	assert_int_equal(doc.v[2].kind, B_ITEM);
	assert_int_equal(doc.v[2].level, 1);
	assert_int_equal(doc.v[3].level, 2);	/* nested */
	assert_string_not_equal(doc.v[2].bullet, doc.v[3].bullet);
	assert_string_equal(doc.v[5].bullet, "1.");
	assert_string_equal(doc.v[6].bullet, "2.");
	assert_int_equal(doc.v[7].kind, B_QUOTE);
	booklet_doc_free(&doc);
	/* Inline tags of the safe subset pass; an unknown one is an error
	 * at its column, its paragraph then shown as text. */
	assert_true(booklet_parse_text("t.md", "A <span color=\"#c00\">red"
	    "</span> <sup>2</sup>.\n\nNo <blink>x</blink>.\n", deck, 1, NULL,
	    NULL, &doc, &d));
	assert_int_equal(d.nerr, 1);
	assert_string_equal(d.v[d.n - 1].msg, "unknown tag '<blink>' (a text "
	    "may use <span>, <b>, <i>, <u>, <s>, <sup>, <sub>, <small>, <big>; "
	    "write \\< for a '<' that is text)");
	assert_int_equal(d.v[d.n - 1].pos.line, 3);
	assert_int_equal(d.v[d.n - 1].pos.col, 4);
	assert_string_equal(doc.v[0].markup, "A <span foreground=\"#c00\">red"
	    "</span> <sup>2</sup>.");
	assert_string_equal(doc.v[1].markup, "No x.");
	diag_free(&d);
	memset(&d, 0, sizeof(d));
	booklet_doc_free(&doc);
	assert_true(booklet_parse_text("t.md", md, deck, 1, NULL, NULL, &doc,
	    &d));
	assert_int_equal(doc.v[8].kind, B_TABLE);
	assert_int_equal(doc.v[8].ncols, 2);
	assert_int_equal(doc.v[8].nrows, 2);
	assert_true(doc.v[8].rows[0].header);
	/* [[card:ID]] is the card's title in the booklet's language (es),
	 * in a span naming the card, which the flow takes out before it
	 * is drawn (for the pack's links). */
	span = g_strdup_printf("<span font_features=\"deckpress-card %zu\">"
	    "Bloquear</span> stops an action", deck_card(deck, "block")->index);
	assert_string_equal(doc.v[8].rows[1].cells[1], span);
	g_free(span);
	booklet_doc_free(&doc);
}

static void
test_unknown_card_ref(void **state)
{
	struct bdoc doc;
	struct diags e = { 0 };

	(void)state;
	booklet_parse_text("t.md", "Play\n[[card:blok]] now.\n", deck, 0, NULL,
	    NULL, &doc, &e);
	assert_int_equal(e.nerr, 1);
	assert_int_equal(e.v[0].pos.line, 2);
	assert_int_equal(e.v[0].pos.col, 1);
	booklet_doc_free(&doc);
	diag_free(&e);
}

/*
 * A paragraph's references are spans naming their cards; \\[[ is text,
 * and a broken paragraph (shown as text) has none.
 */
static void
test_card_refs(void **state)
{
	struct bdoc doc;
	struct diags e = { 0 };
	const struct card *c = deck_card(deck, "block");
	char *want;

	(void)state;
	assert_non_null(c);
	assert_true(booklet_parse_text("t.md", "[[card:block]] and \\[[card:"
	    "block]].\n\nA <blink>[[card:block]]\n", deck, 0, NULL, NULL,
	    &doc, &e));
	want = g_strdup_printf("<span font_features=\"deckpress-card %zu\">"
	    "Block</span> and [[card:block]].", c->index);
	assert_string_equal(doc.v[0].markup, want);
	g_free(want);
	assert_null(strstr(doc.v[1].markup, "deckpress-card"));
	assert_int_equal(e.nerr, 1);	/* the <blink> */
	booklet_doc_free(&doc);
	diag_free(&e);
}

/* A long document of paragraphs of 1 to 7 lines and headings. */
static char *
long_doc(void)
{
	GString *b = g_string_new("# Rules\n\n");
	int i, k;

	for (i = 0; i < 60; i++) {
		if (i % 7 == 3)
			g_string_append_printf(b, "## Section %d\n\n", i);
		for (k = 0; k < (i * 5) % 31 + 4; k++)
			g_string_append(b, "The players take turns and "
			    "draw cards. ");
		g_string_append(b, "\n\n");
		if (i % 13 == 5)
			g_string_append(b, "| A | B |\n|---|---|\n| one | "
			    "two |\n| three | four |\n\n");
	}
	return g_string_free(b, FALSE);
}

/*
 * Lines of text under the heading at i of page pg and the headings
 * right after it, on that page (a table or image counts as two).
 */
static int
lines_after(const struct bpage *pg, size_t i)
{
	int n = 0;

	while (i < pg->n && pg->v[i].b->kind == B_HEADING)
		i++;
	for (; i < pg->n && n < 2; i++) {
		if (pg->v[i].b->kind == B_HEADING)
			break;
		n += pg->v[i].nlayouts == 1 ? pg->v[i].last -
		    pg->v[i].first : 2;
	}
	return n;
}

static void
check_pages(const struct bflow *fl, const struct bstyle *st)
{
	size_t p, i;

	for (p = 0; p < fl->n; p++) {
		const struct bpage *pg = &fl->pages[p];

		assert_true(pg->n > 0);
		for (i = 0; i < pg->n; i++) {
			const struct bplaced *it = &pg->v[i];
			int lines = pango_layout_get_line_count(
			    it->nlayouts ? it->layouts[0] : NULL);

			/* Everything inside the text area. */
			assert_true(it->y >= st->margin_t - 0.01);
			assert_true(it->y + it->h <= st->page_h - st->margin_b +
			    0.01);
			if (it->b->kind == B_TABLE || it->b->kind == B_IMAGE ||
			    it->b->kind == B_RULE)
				continue;
			/* A split paragraph keeps 2 lines on each side. */
			if (it->first > 0 || it->last < lines)
				assert_true(it->last - it->first >= 2);
			/* No heading last on a page (it has a follower). */
			if (it->b->kind == B_HEADING && p + 1 < fl->n)
				assert_true(i + 1 < pg->n);
			if (it->b->kind == B_HEADING && p + 1 < fl->n)
				assert_true(lines_after(pg, i) >= 2);
		}
	}
}

/*
 * A table's header row, and the header repeated where the table goes
 * on, has two of its body rows under it on its page (all of them if
 * the table has fewer).
 */
static void
check_headers(const struct bflow *fl)
{
	size_t p, i, k, want;

	for (p = 0; p < fl->n; p++) {
		const struct bpage *pg = &fl->pages[p];

		for (i = 0; i < pg->n; i++) {
			const struct bplaced *it = &pg->v[i];

			if (!it->header)
				continue;
			want = it->b->nrows - 1 < 2 ? it->b->nrows - 1 : 2;
			for (k = 1; k <= want; k++) {
				assert_true(i + k < pg->n);
				assert_ptr_equal(pg->v[i + k].b, it->b);
				assert_false(pg->v[i + k].header);
			}
		}
	}
}

static void
test_pagination(void **state)
{
	struct bstyle a4, a5;
	struct bdoc doc;
	struct bflow fl;
	char *md = long_doc();
	size_t splits = 0, p;

	(void)state;
	booklet_style_a4(&a4);
	booklet_style_a5(&a5);
	booklet_parse_text("long.md", md, deck, 0, NULL, NULL, &doc, &d);
	booklet_flow(fonts, &doc, &a4, &fl);
	assert_true(fl.n >= 4);
	check_pages(&fl, &a4);
	check_headers(&fl);
	/* The test means something only if paragraphs do split. */
	for (p = 0; p + 1 < fl.n; p++) {
		const struct bpage *pg = &fl.pages[p];
		const struct bplaced *last = &pg->v[pg->n - 1];

		if (last->b->kind == B_PARA &&
		    last->last < pango_layout_get_line_count(last->layouts[0]))
			splits++;
	}
	assert_true(splits > 0);
	/* A heading is bookmarked on the page it is drawn on. */
	assert_int_equal(fl.nmarks, 1 + 9);
	booklet_flow_free(&fl);
	booklet_flow(fonts, &doc, &a5, &fl);
	assert_true(fl.n >= 6);
	check_pages(&fl, &a5);
	booklet_flow_free(&fl);
	booklet_doc_free(&doc);
	g_free(md);
}

/*
 * One-line paragraphs, then two headings in a row, a table of five rows
 * and paragraphs of several lines: with every number of them from 20 to
 * 70, what is kept together falls at each height of a page's foot.
 */
static void
test_keep(void **state)
{
	struct bstyle st[2];
	struct bdoc doc;
	struct bflow fl;
	GString *b;
	int n, i, k;
	size_t s;

	(void)state;
	booklet_style_a4(&st[0]);
	booklet_style_a5(&st[1]);
	for (n = 20; n <= 70; n++) {
		b = g_string_new("# Keep\n\n");
		for (i = 0; i < n; i++)
			g_string_append(b, "Line.\n\n");
		for (i = 0; i < 3; i++) {
			g_string_append(b, "## Outer\n\n### Inner\n\n");
			g_string_append(b, "- One.\n- Two.\n- Three.\n\n"
			    "### List\n\n");
			for (k = 0; k < 3 + 5 * i; k++)
				g_string_append(b, "The players take turns "
				    "and draw cards. ");
			g_string_append(b, "\n\n| A | B |\n|---|---|\n");
			for (k = 0; k < 5; k++)
				g_string_append(b, "| one | two |\n");
			g_string_append(b, "\n");
		}
		booklet_parse_text("keep.md", b->str, deck, 0, NULL, NULL,
		    &doc, &d);
		g_string_free(b, TRUE);
		for (s = 0; s < 2; s++) {
			booklet_flow(fonts, &doc, &st[s], &fl);
			check_pages(&fl, &st[s]);
			check_headers(&fl);
			booklet_flow_free(&fl);
		}
		booklet_doc_free(&doc);
	}
}

/* A PNG alone in a paragraph is a figure, never wider than the text. */
static void
test_image(void **state)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    3000, 600);
	struct bstyle a4;
	struct bdoc doc;
	struct bflow fl;
	const struct bplaced *it;
	struct images *images;

	(void)state;
	diag_free(&d);
	g_mkdir_with_parents("out/test/booklet", 0777);
	assert_int_equal(cairo_surface_write_to_png(img,
	    "out/test/booklet/wide.png"), CAIRO_STATUS_SUCCESS);
	cairo_surface_destroy(img);
	booklet_style_a4(&a4);
	images = art_new();
	booklet_parse_text("out/test/booklet/t.md", "Text.\n\n![](wide.png)\n",
	    deck, 0, images, NULL, &doc, &d);
	assert_int_equal(d.nerr, 0);
	assert_int_equal(doc.n, 2);
	assert_int_equal(doc.v[1].kind, B_IMAGE);
	assert_string_equal(doc.v[1].image, "out/test/booklet/wide.png");
	assert_non_null(doc.v[1].img);
	assert_int_equal(doc.v[1].img->w_px, 3000);
	booklet_flow(fonts, &doc, &a4, &fl);
	it = &fl.pages[0].v[1];
	assert_int_equal(it->b->kind, B_IMAGE);
	assert_float_equal(it->w, a4.page_w - a4.margin_l - a4.margin_r, 0.01);
	assert_float_equal(it->h, it->w / 5, 0.01);	/* aspect kept */
	booklet_flow_free(&fl);
	booklet_doc_free(&doc);
	/* A figure that is not there is an error at its line, not a gap. */
	booklet_parse_text("out/test/booklet/t.md", "Text.\n\n![](gone.png)\n",
	    deck, 0, images, NULL, &doc, &d);
	assert_int_equal(d.nerr, 1);
	assert_int_equal(d.v[0].pos.line, 3);
	assert_null(doc.v[1].img);
	booklet_doc_free(&doc);
	art_free(images);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_unknown_card_ref),
		cmocka_unit_test(test_card_refs),
		cmocka_unit_test(test_pagination),
		cmocka_unit_test(test_keep),
		cmocka_unit_test(test_image),
	};

	return cmocka_run_group_tests_name("booklet", tests, setup, teardown);
}
