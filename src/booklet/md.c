/* SPDX-License-Identifier: MIT */
/*
 * Markdown to booklet blocks: cmark-gfm (with its table extension)
 * parses, this file walks the tree and turns each block into Pango
 * markup.  [[card:ID]] is replaced by the card's title beforehand.
 */
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <glib.h>

#include "../confine/confine.h"
#include "../art/art.h"
#include "../load/load.h"
#include "../markup/markup.h"
#include "booklet.h"
#include "mdinline.h"

/*
 * Limits of a booklet's Markdown, far above any rule booklet: a file
 * as large as a YAML file may be; 32 levels of block quotes, lists,
 * emphasis and links inside one another (real rules nest three or
 * four; the walk below recurses once a level); a table of 100 columns
 * (under 2 mm each on A4) and 10 000 rows (some 200 pages).
 */
#define MAX_MD_DEPTH	32
#define MAX_TABLE_COLS	100
#define MAX_TABLE_ROWS	10000

struct walk {
	struct bdoc	*doc;
	size_t		 cap;
	const char	*file;
	const char	*dir;		/* for image paths */
	struct images	*images;
	const struct deck *deck;
	const struct fonts *fonts;	/* icons and families; or NULL */
	const char	*src;		/* the Markdown, for columns */
	const char	*smart;		/* typography: smart: the language */
	size_t		*lines;		/* where each line of src starts */
	size_t		 nlines, srclen;
	int		 list_depth, quote_depth;
	GString		*open;		/* elements to open before the next
					   block (tag_open) */
	struct diags	*d;
};

/*
 * Structure elements around blocks (a list, its items, a quote): name
 * is opened before the next block; pop_tag closes the innermost after
 * the last one, or forgets it if no block came.
 */
static void
push_tag(struct walk *w, const char *name)
{
	if (w->open->len > 0)
		g_string_append_c(w->open, ' ');
	g_string_append(w->open, name);
}

static void
pop_tag(struct walk *w)
{
	char *sp;

	if (w->open->len > 0) {
		sp = strrchr(w->open->str, ' ');
		g_string_truncate(w->open, sp ? (gsize)(sp - w->open->str) : 0);
	} else if (w->doc->n > 0)
		w->doc->v[w->doc->n - 1].tag_close++;
}

static struct bblock *
add_block(struct walk *w, enum bkind kind, cmark_node *n)
{
	struct bblock *b;

	xgrow((void **)&w->doc->v, &w->cap, w->doc->n + 1, sizeof(*b));
	b = &w->doc->v[w->doc->n++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	if (w->open->len > 0) {
		b->tag_open = g_strdup(w->open->str);
		g_string_truncate(w->open, 0);
	}
	b->pos.file = w->file;
	b->pos.line = (unsigned int)cmark_node_get_start_line(n);
	b->pos.col = (unsigned int)cmark_node_get_start_column(n);
	return b;
}

static void inlines(struct mdin *s, GString *m, GString *plain,
    cmark_node *n);

/* Emphasis and the like: opened and closed around n's inlines. */
static void
wrap(struct mdin *s, GString *m, GString *plain, cmark_node *n,
    const char *name, const char *open, const char *close)
{
	struct srcpos pos = s->pos;

	if (cmark_node_get_start_line(n) > 0) {
		pos.line = (unsigned int)cmark_node_get_start_line(n);
		pos.col = (unsigned int)cmark_node_get_start_column(n);
	}
	booklet_mdin_open(s, name, &pos);
	g_string_append(m, open);
	inlines(s, m, plain, n);
	g_string_append(m, close);
	booklet_mdin_close(s, name, &pos);
}

/*
 * Text node c's quotes and dashes as its language has them
 * (typography: smart), the quote's side told by the text before it in
 * plain, its emphasis marks aside.
 */
static void
smarten(const struct mdin *s, const GString *plain, cmark_node *c)
{
	struct arena a = { 0 };
	size_t k = plain->len;

	while (k > 0 && strchr("*_~", plain->str[k - 1]) != NULL)
		k--;
	cmark_node_set_literal(c, load_smarten(&a,
	    cmark_node_get_literal(c), s->smart, k > 0 ?
	    plain->str[k - 1] : '\0'));
	arena_free(&a);
}

/* One inline node: text, a tag, an image, a break. */
static void
inline_node(struct mdin *s, GString *m, GString *plain, cmark_node *c)
{
	/* A block over the limit of its tags is refused (reported): the
	 * rest of it, 100 000 tags maybe, is not worth making. */
	if (s->ntags > MARKUP_MAX_TAGS)
		return;
	switch (cmark_node_get_type(c)) {
	case CMARK_NODE_TEXT:
	case CMARK_NODE_CODE:
		if (s->smart != NULL && cmark_node_get_type(c) ==
		    CMARK_NODE_TEXT)
			smarten(s, plain, c);
		booklet_mdin_text(s, m, c);
		g_string_append(plain, cmark_node_get_literal(c));
		break;
	case CMARK_NODE_HTML_INLINE:
		booklet_mdin_html(s, m, c);
		break;
	case CMARK_NODE_IMAGE:
		booklet_mdin_image(s, m, c);
		break;
	case CMARK_NODE_SOFTBREAK:
		g_string_append_c(m, ' ');
		g_string_append_c(plain, ' ');
		break;
	case CMARK_NODE_LINEBREAK:
		g_string_append_c(m, '\n');
		g_string_append_c(plain, ' ');
		break;
	case CMARK_NODE_EMPH:
		wrap(s, m, plain, c, "*", "<i>", "</i>");
		break;
	case CMARK_NODE_STRONG:
		wrap(s, m, plain, c, "**", "<b>", "</b>");
		break;
	default:
		/* Links show their text; strikethrough is struck. */
		if (strcmp(cmark_node_get_type_string(c), "strikethrough") == 0)
			wrap(s, m, plain, c, "~~", "<s>", "</s>");
		else
			inlines(s, m, plain, c);
	}
}

/* The inline children of n as Pango markup (and as plain text). */
static void
inlines(struct mdin *s, GString *m, GString *plain, cmark_node *n)
{
	cmark_node *c;

	for (c = cmark_node_first_child(n); c; c = cmark_node_next(c))
		inline_node(s, m, plain, c);
}

/*
 * The inlines of block n as Pango markup (and, if plain, as text).  A
 * block whose tags are broken (reported) shows as text, so that what
 * reaches Pango is always markup it reads.
 */
static char *
inline_markup(struct walk *w, cmark_node *n, char **plain)
{
	GString *m = g_string_new(NULL), *p = g_string_new(NULL);
	struct mdin s = { .deck = w->deck, .fonts = w->fonts,
	    .images = w->images, .dir = w->dir, .src = w->src,
	    .lines = w->lines, .nlines = w->nlines, .srclen = w->srclen,
	    .smart = w->smart, .d = w->d, .pos = { w->file,
	    (unsigned int)cmark_node_get_start_line(n),
	    (unsigned int)cmark_node_get_start_column(n) } };
	char *esc;

	inlines(&s, m, p, n);
	booklet_mdin_end(&s);
	free(s.v);
	if (s.bad) {
		g_string_free(m, TRUE);
		m = g_string_new(NULL);
		esc = g_markup_escape_text(p->str, -1);
		g_string_append(m, esc);
		g_free(esc);
	}
	if (plain != NULL)
		*plain = g_strstrip(g_string_free(p, FALSE));
	else
		g_string_free(p, TRUE);
	return g_string_free(m, FALSE);
}

static void walk_blocks(struct walk *w, cmark_node *n);

static void
walk_table(struct walk *w, cmark_node *n)
{
	struct bblock *b = add_block(w, B_TABLE, n);
	cmark_node *row, *cell;
	size_t r = 0, c;

	b->ncols = cmark_gfm_extensions_get_table_columns(n);
	for (row = cmark_node_first_child(n); row; row = cmark_node_next(row))
		b->nrows++;
	b->rows = xcalloc(b->nrows + 1, sizeof(*b->rows));
	for (row = cmark_node_first_child(n); row; row = cmark_node_next(row)) {
		b->rows[r].header =
		    cmark_gfm_extensions_get_table_row_is_header(row);
		b->rows[r].cells = xcalloc(b->ncols + 1, sizeof(char *));
		c = 0;
		for (cell = cmark_node_first_child(row); cell && c < b->ncols;
		    cell = cmark_node_next(cell))
			b->rows[r].cells[c++] = inline_markup(w, cell, NULL);
		while (c < b->ncols)
			b->rows[r].cells[c++] = g_strdup("");
		r++;
	}
}

/* A paragraph that is one image and nothing else is a figure. */
static bool
walk_image(struct walk *w, cmark_node *n)
{
	cmark_node *img = cmark_node_first_child(n);
	struct bblock *b;

	if (img == NULL || cmark_node_next(img) != NULL ||
	    cmark_node_get_type(img) != CMARK_NODE_IMAGE)
		return false;
	b = add_block(w, B_IMAGE, n);
	g_free(inline_markup(w, img, &b->alt));
	b->image = path_join(w->dir, cmark_node_get_url(img));
	/* A figure that cannot be read is an error, not a gap. */
	b->img = w->images ? art_load(w->images, b->image, &b->pos, NULL,
	    w->d) : NULL;
	return true;
}

static void
walk_paragraph(struct walk *w, cmark_node *n)
{
	cmark_node *parent = cmark_node_parent(n);
	struct bblock *b;

	if (walk_image(w, n))
		return;
	if (cmark_node_get_type(parent) == CMARK_NODE_ITEM) {
		b = add_block(w, B_ITEM, n);
		b->level = w->list_depth;
		/* Only an item's first paragraph carries its bullet. */
		if (cmark_node_first_child(parent) == n) {
			cmark_node *list = cmark_node_parent(parent), *i;
			int k = cmark_node_get_list_start(list);

			if (cmark_node_get_list_type(list) == CMARK_ORDERED_LIST) {
				for (i = cmark_node_first_child(list);
				    i != parent; i = cmark_node_next(i))
					k++;
				b->bullet = g_strdup_printf("%d.", k);
			} else
				b->bullet = g_strdup(w->list_depth % 2 ?
				    "\xe2\x80\xa2" : "\xe2\x80\x93");
		}
	} else if (w->quote_depth > 0) {
		b = add_block(w, B_QUOTE, n);
		b->level = w->quote_depth;
	} else
		b = add_block(w, B_PARA, n);
	b->markup = inline_markup(w, n, NULL);
}

static void
walk_node(struct walk *w, cmark_node *n)
{
	struct bblock *b;
	char *code;

	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_HEADING:
		b = add_block(w, B_HEADING, n);
		b->level = cmark_node_get_heading_level(n);
		b->markup = inline_markup(w, n, &b->plain);
		break;
	case CMARK_NODE_PARAGRAPH:
		walk_paragraph(w, n);
		break;
	case CMARK_NODE_LIST:
		w->list_depth++;
		/* Its numbering, as the bullets drawn say (walk_paragraph):
		 * "1." Decimal, a bullet Disc, an en dash None (a label
		 * of no numbering scheme). */
		push_tag(w, cmark_node_get_list_type(n) == CMARK_ORDERED_LIST ?
		    "L=Decimal" : w->list_depth % 2 ? "L=Disc" : "L=None");
		walk_blocks(w, n);
		pop_tag(w);
		w->list_depth--;
		break;
	case CMARK_NODE_ITEM:
		/* The bullet, drawn with the first paragraph, goes in an
		 * Lbl before the LBody (draw.c). */
		push_tag(w, "LI");
		push_tag(w, "LBody");
		walk_blocks(w, n);
		pop_tag(w);
		pop_tag(w);
		break;
	case CMARK_NODE_BLOCK_QUOTE:
		w->quote_depth++;
		push_tag(w, "BlockQuote");
		walk_blocks(w, n);
		pop_tag(w);
		w->quote_depth--;
		break;
	case CMARK_NODE_THEMATIC_BREAK:
		add_block(w, B_RULE, n);
		break;
	case CMARK_NODE_CODE_BLOCK:
		b = add_block(w, B_PARA, n);
		code = booklet_mdin_unmark(cmark_node_get_literal(n));
		b->markup = g_markup_escape_text(code, -1);
		g_free(code);
		break;
	default:
		if (strcmp(cmark_node_get_type_string(n), "table") == 0)
			walk_table(w, n);
		else
			walk_blocks(w, n);	/* items, documents */
	}
}

static void
walk_blocks(struct walk *w, cmark_node *n)
{
	cmark_node *c;

	for (c = cmark_node_first_child(n); c; c = cmark_node_next(c))
		walk_node(w, c);
}

void
booklet_md_escape(GString *o, const char *s)
{
	for (; *s; s++) {
		if (strchr("\\`*_{}[]()#+-.!|<>&~", *s) != NULL)
			g_string_append_c(o, '\\');
		g_string_append_c(o, *s);
	}
}

/*
 * Replace each [[card:ID]] by the card's title in lang (card_title()).
 * An unknown id stays as written and is an error (deckpress check
 * reports it too); \[[ is no reference.
 */
static char *
expand_refs(const char *src, const char *file, const struct deck *deck,
    size_t lang, struct diags *d)
{
	GString *o = g_string_new(NULL);
	const char *p = src, *e, *close = src, *nl = strchr(src, '\n');
	struct srcpos pos = { file, 1, 1 };

	while (*p) {
		/* At a reference, the next "]]" and line end after it, found
		 * again only once p is past them: each "[[card:" searching
		 * the rest of the file cost the square of a file of many. */
		if (strncmp(p, "[[card:", 7) == 0) {
			if (close != NULL && close < p + 7)
				close = strstr(p + 7, "]]");
			if (nl != NULL && nl < p)
				nl = strchr(p, '\n');
		}
		if (strncmp(p, "[[card:", 7) == 0 && (e = close) != NULL &&
		    (nl == NULL || nl > e)) {
			char *id = g_strndup(p + 7, (gsize)(e - p - 7));
			const struct card *c = deck_card(deck, id);
			const char *title = c ? card_title(deck, c, lang,
			    NULL) : NULL;
			const char *tf = c ? deck->kinds[c->kind].title_field :
			    NULL;

			if (title != NULL) {
				g_string_append_printf(o, MDREF_OPEN "%zu\">",
				    c->index);
				booklet_md_escape(o, title);
				g_string_append(o, MDREF_CLOSE);
			}
			else {
				if (c == NULL)
					diag_add(d, DIAG_ERROR, &pos, "card-ref",
					    "[[card:%s]] names no card", id);
				else
					diag_add(d, DIAG_ERROR, &pos, "card-ref",
					    "[[card:%s]] prints the card's "
					    "title, but card '%s' has no '%s' "
					    "in '%s'", id, id, tf ? tf : "title",
					    deck->langs[lang]);
				booklet_md_escape(o, id);
			}
			g_free(id);
			pos.col += (unsigned int)(e + 2 - p);
			p = e + 2;
			continue;
		}
		/* \[[ is text: the backslash and what it escapes go to
		 * cmark as written, which prints the bracket. */
		if (*p == '\\' && p[1] != '\0' && p[1] != '\n') {
			g_string_append_c(o, *p++);
			pos.col++;
		}
		if (*p == '\n') {
			pos.line++;
			pos.col = 1;
		} else if (((unsigned char)*p & 0xC0) != 0x80)
			pos.col++;
		g_string_append_c(o, *p++);
	}
	return g_string_free(o, FALSE);
}

/* Does node n nest what is inside it one level deeper? */
static bool
nests(cmark_node *n)
{
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_BLOCK_QUOTE:
	case CMARK_NODE_LIST:
	case CMARK_NODE_EMPH:
	case CMARK_NODE_STRONG:
	case CMARK_NODE_LINK:
	case CMARK_NODE_IMAGE:
		return true;
	default:
		return strcmp(cmark_node_get_type_string(n), "strikethrough")
		    == 0;
	}
}

/* A table over the limits: an error at it. */
static bool
table_ok(cmark_node *n, const struct srcpos *pos, struct diags *d)
{
	size_t cols = cmark_gfm_extensions_get_table_columns(n), rows = 0;
	cmark_node *r;

	for (r = cmark_node_first_child(n); r; r = cmark_node_next(r))
		rows++;
	if (cols <= MAX_TABLE_COLS && rows <= MAX_TABLE_ROWS)
		return true;
	diag_add(d, DIAG_ERROR, pos, "limit", "a table of %zu columns and %zu "
	    "rows, more than the %d x %d a booklet's table may have", cols,
	    rows, MAX_TABLE_COLS, MAX_TABLE_ROWS);
	return false;
}

/*
 * Markdown within the limits: nesting no deeper than MAX_MD_DEPTH, and
 * tables no larger than the limits; else an error at the first block
 * over one.  Iterative, so any depth is safe to look at.
 */
static bool
md_limits(cmark_node *doc, const char *file, struct diags *d)
{
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	struct srcpos pos = { file, 1, 1 };
	cmark_node *n;
	int depth = 0;
	bool ok = true;

	while (ok && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_EXIT) {
			depth -= nests(n);
			continue;
		}
		/* Inlines may have no position: keep their block's. */
		if (cmark_node_get_start_line(n) > 0) {
			pos.line = (unsigned int)cmark_node_get_start_line(n);
			pos.col = (unsigned int)cmark_node_get_start_column(n);
		}
		if (nests(n) && ++depth > MAX_MD_DEPTH) {
			diag_add(d, DIAG_ERROR, &pos, "limit", "Markdown "
			    "nested more than %d levels deep (block quotes, "
			    "lists, emphasis and links inside one another)",
			    MAX_MD_DEPTH);
			ok = false;
		} else if (strcmp(cmark_node_get_type_string(n), "table") == 0)
			ok = table_ok(n, &pos, d);
	}
	cmark_iter_free(it);
	return ok;
}

/* Where each line of src starts, a byte offset; *n of them. */
static size_t *
line_starts(const char *src, size_t *n, size_t *len)
{
	const char *p;
	size_t *v, k = 0;

	*n = 1;
	for (p = src; *p != '\0'; p++)
		*n += *p == '\n';
	*len = (size_t)(p - src);
	v = xcalloc(*n + 1, sizeof(*v));
	for (p = src; *p != '\0'; p++)
		if (*p == '\n')
			v[++k] = (size_t)(p + 1 - src);
	return v;
}

bool
booklet_parse_text(const char *name, const char *text,
    const struct deck *deck, size_t lang, struct images *images,
    const struct fonts *fonts, struct bdoc *out, struct diags *d)
{
	struct walk w = { .doc = out, .file = name, .images = images,
	    .deck = deck, .fonts = fonts, .d = d };
	cmark_parser *p;
	cmark_node *doc;
	char *src, *dir = g_path_get_dirname(name);
	bool ok;

	memset(out, 0, sizeof(*out));
	w.dir = dir;
	src = expand_refs(text, name, deck, lang, d);
	w.src = src;
	w.smart = deck->smart ? deck->langs[lang] : NULL;
	w.lines = line_starts(src, &w.nlines, &w.srclen);
	w.open = g_string_new(NULL);
	cmark_gfm_core_extensions_ensure_registered();
	p = cmark_parser_new(CMARK_OPT_DEFAULT);
	cmark_parser_attach_syntax_extension(p,
	    cmark_find_syntax_extension("table"));
	cmark_parser_attach_syntax_extension(p,
	    cmark_find_syntax_extension("strikethrough"));
	cmark_parser_feed(p, src, strlen(src));
	doc = cmark_parser_finish(p);
	ok = md_limits(doc, name, d);
	if (ok)
		walk_blocks(&w, doc);
	g_string_free(w.open, TRUE);
	cmark_node_free(doc);
	cmark_parser_free(p);
	g_free(src);
	free(w.lines);
	g_free(dir);
	return ok;
}

bool
booklet_parse(const char *path, const struct deck *deck, size_t lang,
    struct images *images, const struct fonts *fonts, struct bdoc *out,
    struct diags *d)
{
	struct srcpos pos = { diag_read(d, path), 0, 0 };
	char *text;
	size_t len;
	bool ok;

	memset(out, 0, sizeof(*out));
	/* Refused before a byte past the limit is read. */
	if ((text = (char *)confine_read(deck->confine, path, MAX_MD_BYTES,
	    "booklet", &pos, &len, d)) == NULL)
		return false;
	if (!g_utf8_validate(text, (gssize)len, NULL)) {
		diag_add(d, DIAG_ERROR, &pos, "encoding", "not UTF-8 text");
		free(text);
		return false;
	}
	ok = booklet_parse_text(pos.file, text, deck, lang, images, fonts,
	    out, d);
	free(text);
	return ok;
}

void
booklet_doc_free(struct bdoc *doc)
{
	size_t i, r, c;

	if (doc == NULL)
		return;
	for (i = 0; i < doc->n; i++) {
		struct bblock *b = &doc->v[i];

		g_free(b->markup);
		g_free(b->plain);
		g_free(b->bullet);
		g_free(b->alt);
		g_free(b->tag_open);
		free(b->image);
		g_free(b->page);
		free(b->faces);
		for (r = 0; r < b->nrows; r++) {
			for (c = 0; c < b->ncols; c++)
				g_free(b->rows[r].cells[c]);
			free(b->rows[r].cells);
		}
		free(b->rows);
	}
	free(doc->v);
	memset(doc, 0, sizeof(*doc));
}

/* A new block at the end of doc, zeroed. */
static struct bblock *
append(struct bdoc *doc, enum bkind kind)
{
	struct bblock *b;

	xgrow((void **)&doc->v, &doc->cap, doc->n + 1, sizeof(*doc->v));
	b = &doc->v[doc->n++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	return b;
}

void
booklet_doc_add_index(struct bdoc *doc, const char *name, size_t page,
    int level)
{
	struct bblock *b = append(doc, B_INDEX);

	b->level = level;
	/* A run of entries is one TOC, each a TOCI. */
	if (doc->n > 1 && doc->v[doc->n - 2].kind == B_INDEX)
		doc->v[doc->n - 2].tag_close--;
	else
		b->tag_open = g_strdup("TOC");
	b->tag_close = 1;
	b->markup = g_markup_escape_text(name, -1);
	b->plain = g_strdup(name);
	b->page = g_strdup_printf("%zu", page);
}

void
booklet_doc_add_faces(struct bdoc *doc, const struct laid *const *faces,
    size_t n, double scale)
{
	struct bblock *b = append(doc, B_FACES);

	b->faces = xcalloc(n + 1, sizeof(*b->faces));
	memcpy(b->faces, faces, n * sizeof(*faces));
	b->nfaces = n;
	b->scale = scale;
}

void
booklet_doc_append(struct bdoc *doc, struct bdoc *more)
{
	xgrow((void **)&doc->v, &doc->cap, doc->n + more->n + 1,
	    sizeof(*doc->v));
	memcpy(doc->v + doc->n, more->v, more->n * sizeof(*more->v));
	doc->n += more->n;
	free(more->v);
	memset(more, 0, sizeof(*more));
}
