/* SPDX-License-Identifier: MIT */
/*
 * Rich text inside a booklet's paragraphs, as in card texts: Pango's
 * tags of the safe subset (cmark hands them over as inline HTML, one
 * node a tag), {icon:NAME} and {img:PATH} in text, and Markdown's own
 * inline images, drawn in the line (layout/inline.c).  Each is checked
 * as a card text's markup is, and a problem is an error at the node.
 * Part of the booklet stage (md.c walks, this file turns inlines).
 */
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm.h>
#include <glib.h>

#include "../art/art.h"
#include "../tmpl/tmpl.h"
#include "../markup/markup.h"
#include "booklet.h"
#include "mdinline.h"

#define ICONS(s)	((s)->fonts ? (s)->fonts->icons : NULL)

/* Where node n starts, or its block's place if cmark gives none. */
static struct srcpos
node_pos(const struct mdin *s, cmark_node *n)
{
	struct srcpos p = s->pos;

	if (cmark_node_get_start_line(n) > 0) {
		p.line = (unsigned int)cmark_node_get_start_line(n);
		p.col = (unsigned int)cmark_node_get_start_column(n);
	}
	return p;
}

/* The first problem of a block, as a card text's first is told. */
static void
error_at(struct mdin *s, const struct srcpos *pos, const char *msg)
{
	if (!s->bad)
		diag_add(s->d, DIAG_ERROR, pos, "markup", "%s", msg);
	s->bad = true;
}

/* A limit of the block's markup passed at pos: one error, as above. */
static void
limit_at(struct mdin *s, const struct srcpos *pos, const char *what)
{
	if (!s->bad)
		diag_add(s->d, DIAG_ERROR, pos, "limit", "%s", what);
	s->bad = true;
}

/*
 * n more tags, icons or images in the block at pos: Pango's layout of
 * a paragraph costs the square of its tags (markup.h).
 */
static void
count_tags(struct mdin *s, size_t n, const struct srcpos *pos)
{
	char *msg;

	if ((s->ntags += n) <= MARKUP_MAX_TAGS || s->bad)
		return;
	msg = g_strdup_printf("more than the %d tags, icons and images one "
	    "paragraph, heading or table cell may have", MARKUP_MAX_TAGS);
	limit_at(s, pos, msg);
	g_free(msg);
}

void
booklet_mdin_open(struct mdin *s, const char *name, const struct srcpos *pos)
{
	char *msg;

	count_tags(s, 1, pos);
	if (s->n >= MARKUP_MAX_DEPTH && !s->bad) {
		msg = g_strdup_printf("'%s%s%s' opens a level %d deep, more "
		    "than the %d levels tags and emphasis may nest",
		    name[0] == '*' || name[0] == '~' ? "" : "<", name,
		    name[0] == '*' || name[0] == '~' ? "" : ">",
		    MARKUP_MAX_DEPTH + 1, MARKUP_MAX_DEPTH);
		limit_at(s, pos, msg);
		g_free(msg);
	}
	xgrow((void **)&s->v, &s->cap, s->n + 1, sizeof(*s->v));
	s->v[s->n].name = name;
	s->v[s->n++].pos = *pos;
}

/* Close name, which must be what opened last (Pango nests). */
void
booklet_mdin_close(struct mdin *s, const char *name, const struct srcpos *pos)
{
	char *msg;

	if (s->n > 0 && strcmp(s->v[s->n - 1].name, name) == 0) {
		s->n--;
		return;
	}
	if (s->n == 0)
		msg = g_strdup_printf("'</%s>' closes no tag", name);
	else
		msg = g_strdup_printf("'%s%s%s' closes where '%s%s>' (opened "
		    "after it) must close first", name[0] == '*' ? "" :
		    "</", name, name[0] == '*' ? "" : ">",
		    s->v[s->n - 1].name[0] == '*' ? "" : "</",
		    s->v[s->n - 1].name);
	error_at(s, pos, msg);
	g_free(msg);
	/* Forget what is open to the matching one, to go on sanely. */
	while (s->n > 0 && strcmp(s->v[--s->n].name, name) != 0)
		;
}

void
booklet_mdin_end(struct mdin *s)
{
	char *msg;

	if (s->n == 0)
		return;
	msg = g_strdup_printf("'<%s>' is not closed by '</%s>'",
	    s->v[s->n - 1].name, s->v[s->n - 1].name);
	error_at(s, &s->v[s->n - 1].pos, msg);
	g_free(msg);
	s->n = 0;
}

/*
 * A text node's literal as card-text markup: '*', '<' and '\' made
 * text, so only braces are markup; map[k] is the literal's byte that
 * byte k of the result comes from.
 */
static char *
text_source(const char *lit, size_t **map)
{
	GString *o = g_string_new(NULL);
	size_t i;

	*map = xcalloc(2 * strlen(lit) + 1, sizeof(**map));
	for (i = 0; lit[i] != '\0'; i++) {
		if (lit[i] == '*' || lit[i] == '<' || lit[i] == '\\') {
			(*map)[o->len] = i;
			g_string_append_c(o, '\\');
		}
		(*map)[o->len] = i;
		g_string_append_c(o, lit[i]);
	}
	(*map)[o->len] = i;
	return g_string_free(o, FALSE);
}

/* A text node: where it is, and whether its literal is the source's. */
struct textat {
	struct srcpos	 pos;		/* the node's first byte */
	const size_t	*map;		/* text_source()'s */
	bool		 exact;		/* the source reads as the literal */
};

/* Where byte off of a text node's markup is in the Markdown file. */
static struct srcpos
text_at(const void *ctx, size_t off)
{
	const struct textat *a = ctx;
	struct srcpos p = a->pos;

	/* cmark's columns count bytes, as this does. */
	if (a->exact)
		p.col += (unsigned int)a->map[off];
	return p;
}

/*
 * Does the source at pos (1-based, bytes) read lit, on one line?  The
 * line is found by its index, not by reading the source up to it: a
 * paragraph has as many text nodes as it likes.
 */
static bool
reads_as(const struct mdin *s, const struct srcpos *pos, const char *lit)
{
	size_t n = strlen(lit), c = pos->col - 1, start, end;

	if (s->src == NULL || pos->line == 0 || pos->col == 0 ||
	    pos->line > s->nlines || strchr(lit, '\n') != NULL)
		return false;
	start = s->lines[pos->line - 1];
	/* The line ends before its '\n', or where the source does. */
	end = pos->line < s->nlines ? s->lines[pos->line] - 1 : s->srclen;
	return c + n <= end - start &&
	    memcmp(s->src + start + c, lit, n) == 0;
}

/*
 * Count the icons and images of a text node's markup t (at a) in the
 * block's tags; false, reported at the one too many, past the limit.
 */
static bool
text_tags(struct mdin *s, const struct mtokens *t, const struct textat *a)
{
	struct srcpos at;
	size_t i;

	for (i = 0; i < t->n && s->ntags <= MARKUP_MAX_TAGS; i++)
		if (markup_opens(t->v[i].type)) {
			at = text_at(a, t->v[i].off);
			count_tags(s, 1, &at);
		}
	return s->ntags <= MARKUP_MAX_TAGS;
}

/* Markup of card text src here: NULL (reported at a) if it is bad. */
static char *
to_markup(struct mdin *s, const char *src, const struct textat *a)
{
	struct mcheck mc = { .dir = s->deck->dir, .icons = ICONS(s),
	    .images = s->images, .pos = &a->pos, .at = text_at, .at_ctx = a };
	struct mctx m = { .icons = ICONS(s), .dir = s->deck->dir,
	    .images = s->images };
	struct mtokens t;
	struct srcpos at;
	char *out = NULL;
	size_t nerr = s->d->nerr;

	if (!markup_parse(src, &t)) {
		at = text_at(a, t.err_off);
		if (t.err_limit)
			limit_at(s, &at, t.err);
		else
			error_at(s, &at, t.err);
	} else if (text_tags(s, &t, a) && markup_check(&mc, &t, s->d))
		out = layout_markup(src, &m);
	if (s->d->nerr > nerr)
		s->bad = true;
	markup_free(&t);
	g_free(m.bad_font);
	return out;
}

char *
booklet_mdin_unmark(const char *lit)
{
	GString *o = g_string_new(NULL);
	const char *p = lit, *q;

	while (*p) {
		if (strncmp(p, MDREF_CLOSE, strlen(MDREF_CLOSE)) == 0) {
			p += strlen(MDREF_CLOSE);
			continue;
		}
		if (strncmp(p, MDREF_OPEN, strlen(MDREF_OPEN)) == 0 &&
		    (q = strstr(p, "\">")) != NULL) {
			p = q + 2;
			continue;
		}
		g_string_append_c(o, *p++);
	}
	return g_string_free(o, FALSE);
}

void
booklet_mdin_text(struct mdin *s, GString *m, cmark_node *n)
{
	const char *lit = cmark_node_get_literal(n);
	struct textat a = { node_pos(s, n), NULL, false };
	char *src, *out = NULL, *esc;
	size_t *map;

	if (cmark_node_get_type(n) == CMARK_NODE_TEXT &&
	    strchr(lit, '{') != NULL) {
		src = text_source(lit, &map);
		a.map = map;
		a.exact = reads_as(s, &a.pos, lit);
		out = to_markup(s, src, &a);
		g_free(src);
		free(map);
	}
	if (out != NULL) {
		g_string_append(m, out);
		g_free(out);
		return;
	}
	src = booklet_mdin_unmark(lit);
	esc = g_markup_escape_text(src, -1);
	g_free(src);
	g_string_append(m, esc);
	g_free(esc);
}

/* Tag name as the open list keeps it: one of mtags.c's, static. */
static const char *
tag_name(const char *name)
{
	static const char *const tags[] = { "span", "b", "i", "u", "s",
	    "sup", "sub", "small", "big" };
	size_t i;

	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if (strcmp(tags[i], name) == 0)
			return tags[i];
	return "span";
}

/* An HTML node that is no tag of ours: a comment stays as text. */
static void
not_a_tag(struct mdin *s, GString *m, const char *lit,
    const struct srcpos *pos, struct mtokens *t, bool bad)
{
	char *esc;

	if (bad && t->err != NULL)
		error_at(s, pos, t->err);
	else if (bad)
		s->bad = true;		/* markup_check() reported it */
	else if (strncmp(lit, "<!--", 4) != 0) {
		esc = g_strdup_printf("'%s' is not one tag a booklet may "
		    "use (write \\< for a '<' that is text)", lit);
		error_at(s, pos, esc);
		g_free(esc);
	}
	esc = g_markup_escape_text(lit, -1);
	g_string_append(m, esc);
	g_free(esc);
}

/* A span's font= names a family deckpress has (reported if not). */
static bool
has_family(struct mdin *s, const struct mtoken *k, const struct srcpos *pos)
{
	const char *font = markup_attr(k, "font"), *hint;
	char *msg;

	if (font == NULL || s->fonts == NULL)
		return true;
	layout_fonts_seek(s->fonts, font);
	if (tmpl_font_lookup(s->fonts->families, font, &hint)) {
		layout_fonts_want(s->fonts, font);	/* if installed */
		return true;
	}
	msg = g_strdup_printf("'<span font=\"%s\">': no font family "
	    "'%s'%s%s%s", font, font, HINT_ARGS(hint));
	error_at(s, pos, msg);
	g_free(msg);
	return false;
}

/*
 * expand_refs()'s mark of a card reference: a span naming its card,
 * that the drawing finds.  True if lit is one.
 */
static bool
card_ref(struct mdin *s, GString *m, const char *lit,
    const struct srcpos *pos)
{
	size_t n = strlen(MDREF_OPEN), card;
	char *end;

	if (strcmp(lit, MDREF_CLOSE) == 0) {
		booklet_mdin_close(s, "span", pos);
		g_string_append(m, "</span>");
		return true;
	}
	if (strncmp(lit, MDREF_OPEN, n) != 0)
		return false;
	card = (size_t)strtoul(lit + n, &end, 10);
	if (end == lit + n || strcmp(end, "\">") != 0)
		return false;
	booklet_mdin_open(s, "span", pos);
	g_string_append_printf(m, MDREF_SPAN "%zu\">", card);
	return true;
}

void
booklet_mdin_html(struct mdin *s, GString *m, cmark_node *n)
{
	const char *lit = cmark_node_get_literal(n);
	struct srcpos pos = node_pos(s, n);
	struct mcheck mc = { .dir = s->deck->dir, .icons = ICONS(s),
	    .images = s->images, .pos = &pos };
	struct mtokens t = { 0 };
	size_t i = 0;
	bool bad;
	char *tag;

	if (card_ref(s, m, lit, &pos))
		return;
	/* One node, one tag: checked as a card text's tag is. */
	if (lit[0] != '<' || !markup_tag_parse(lit, &i, &t, &bad) ||
	    lit[i] != '\0' || !markup_check(&mc, &t, s->d) ||
	    !has_family(s, &t.v[0], &pos)) {
		if (t.err == NULL && t.n == 1 && lit[i] != '\0')
			markup_fail(&t, 0, "'%s' is not one tag", lit);
		not_a_tag(s, m, lit, &pos, &t, t.err != NULL || t.n == 1);
		markup_free(&t);
		return;
	}
	if (t.v[0].type == MT_TAG_OFF) {
		booklet_mdin_close(s, tag_name(t.v[0].text), &pos);
		g_string_append_printf(m, "</%s>", t.v[0].text);
	} else {
		booklet_mdin_open(s, tag_name(t.v[0].text), &pos);
		tag = strcmp(t.v[0].text, "span") == 0 ?
		    markup_pango_tag(&t.v[0], NULL, NULL, 0) :
		    g_strdup_printf("<%s>", t.v[0].text);
		g_string_append(m, tag);
		g_free(tag);
	}
	markup_free(&t);
}

void
booklet_mdin_image(struct mdin *s, GString *m, cmark_node *n)
{
	struct srcpos pos = node_pos(s, n);
	char *path = path_join(s->dir, cmark_node_get_url(n));
	const struct image *img = s->images ? art_load(s->images, path,
	    &pos, NULL, s->d) : NULL;
	unsigned int cp;

	free(path);
	count_tags(s, 1, &pos);
	if (img == NULL) {
		s->bad |= s->images != NULL;
		return;
	}
	if ((cp = layout_inline_add(img, NULL, NULL)) != 0)
		g_string_append_unichar(m, cp);
}
