/* SPDX-License-Identifier: MIT */
/*
 * The print-and-play pack's words: its strings in the pack's language
 * (the game's own, else deckpress's defaults) with their variables, the
 * check that none is missing, and the Markdown of the cover and the
 * credits.  Part of the document stage (doc.h, pack.h).
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../markup/markup.h"
#include "pack.h"

/* The strings every pack prints; credits' only if it has credits. */
static const char *const needed[] = { "preparation", "paper", "print-title",
    "printing", "cut-title", "cutting", "sleeve-title", "sleeving",
    "reading-title", "reading", "index", "instructions", "cards",
    "cards-note", "blank", NULL };
/*
 * How to print the sheets, which pages, and how to cut them
 * ("printing", "cards-note", "cutting" in needed[]), per duplex mode
 * (enum duplex's order): a game that writes only "printing" keeps it
 * for the long edge, and takes deckpress's default for the others.  The
 * cuts are the same unless the sheets are folded first.
 */
static const char *const mode_keys[][4] = {
	{ "printing", "printing-short", "printing-none", "printing-fold" },
	{ "cards-note", "cards-note-short", "cards-note-none",
	    "cards-note-fold" },
	{ "cutting", "cutting", "cutting", "cutting-fold" },
};
/* Gutterfold has a step of its own on the cover: fold, glue, then cut. */
static const char *const needed_fold[] = { "fold-title", "folding", NULL };
static const char *const needed_unfolded[] = { "cards-note", NULL };
static const char *const needed_credits[] = { "credits", "authors",
    "design", NULL };
/*
 * The acknowledgements have a heading of their own, the game's like
 * them: no default, so no game without thanks gains a string to translate.
 */
static const char *const needed_thanks[] = { "thanks-title", NULL };
/* A game of several kinds names the part "Components"; single-sided
 * parts and boards of several sheets need saying how to print. */
static const char *const needed_multi[] = { "components", NULL };
static const char *const needed_single[] = { "single-note", NULL };
static const char *const needed_tiled[] = { "assemble-title", "assembling",
    NULL };

static const char *
pack_var(const void *ctx, const char *name)
{
	const struct pack *p = ctx;

	if (strcmp(name, "title") == 0)
		return p->title;
	if (strcmp(name, "paper") == 0)
		return p->paper;
	if (strcmp(name, "first") == 0)
		return p->num[0];
	if (strcmp(name, "last") == 0)
		return p->num[1];
	return NULL;	/* the loader refused other names */
}

const char *
doc_pack_mode_key(const char *base, enum duplex mode)
{
	size_t i;

	for (i = 0; i < sizeof(mode_keys) / sizeof(mode_keys[0]); i++)
		if (strcmp(base, mode_keys[i][0]) == 0)
			return mode_keys[i][mode];
	return base;
}

/*
 * A pack string in the pack's language, its variables filled in: the
 * game's own, else deckpress's default (checked by doc_pack_strings_ok()
 * and the validator).
 */
const char *
doc_pack_str(const struct pack *p, const char *field)
{
	const char *s = card_text(&p->s->deck->pack, p->li, field, NULL);
	char *v;

	if (s == NULL)
		return "";	/* optional (tagline), or reported */
	v = markup_subst(s, pack_var, p);
	g_ptr_array_add(p->strs, v);
	return v;
}

/* The name a kind of component has in the pack's language. */
const char *
doc_pack_kind_name(const struct pack *p, size_t k)
{
	const char *s = card_text(&p->s->deck->kinds[k].strs, p->li, "name",
	    NULL);

	return s != NULL ? s : p->s->deck->kinds[k].name;
}

/* g_ptr_array_sort() hands the comparison pointers to its elements. */
static int
cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The languages deckpress has default pack strings for, sorted so the
 * message reads the same on every run: "de, en".
 */
static char *
default_langs(const struct setup *s)
{
	char *dir = path_join(s->datadir, "layouts/pack");
	GDir *gd = g_dir_open(dir, 0, NULL);
	GPtrArray *v = g_ptr_array_new_with_free_func(g_free);
	GString *b = g_string_new(NULL);
	const char *name;
	size_t i;

	while (gd != NULL && (name = g_dir_read_name(gd)) != NULL)
		if (g_str_has_suffix(name, ".yaml"))
			g_ptr_array_add(v, g_strndup(name, strlen(name) - 5));
	if (gd != NULL)
		g_dir_close(gd);
	g_ptr_array_sort(v, cmp_name);
	for (i = 0; i < v->len; i++)
		g_string_append_printf(b, "%s%s", i ? ", " : "",
		    (const char *)g_ptr_array_index(v, i));
	g_ptr_array_free(v, TRUE);
	free(dir);
	return g_string_free(b, FALSE);
}

/*
 * A game's own optional pack string (tagline, edition, thanks): NULL
 * when the game has none in the pack's language.
 */
static const char *
pack_own(const struct pack *p, const char *field)
{
	const char *s = doc_pack_str(p, field);

	return *s != '\0' ? s : NULL;
}

/*
 * The credits page: who made the game (deck.yaml credits:), what this
 * edition added to it ("edition") and whom the makers thank ("thanks"),
 * the last two pack strings, as they are words in a language.
 */
bool
doc_pack_has_credits(const struct pack *p)
{
	const struct credits *c = &p->s->deck->credits;

	return c->nauthors > 0 || c->ndesign > 0 || c->website != NULL ||
	    c->licence != NULL || c->funding != NULL ||
	    pack_own(p, "edition") != NULL || pack_own(p, "thanks") != NULL;
}

/*
 * Add to miss each of names[] the pack has no text for, as duplex mode
 * names them ("printing-fold").
 */
static void
missing(const struct pack *p, const char *const *names, enum duplex mode,
    GString *miss)
{
	const char *f;
	size_t i;

	for (i = 0; names[i] != NULL; i++) {
		f = doc_pack_mode_key(names[i], mode);
		if (card_text(&p->s->deck->pack, p->li, f, NULL) == NULL)
			g_string_append_printf(miss, "%s%s", miss->len ?
			    ", " : "", f);
	}
}

/*
 * How a kind's components are cut out, as the pack string that says
 * so: rectangles along their crop marks ("cutting", as the duplex mode
 * says it), round ones along the cut line printed round each
 * ("cutting-lines").  A shape cut another way is one case more: a net
 * cut out, folded and glued says "cutting-nets".
 */
static const char *
cut_key(const struct tmpl *t, enum duplex mode)
{
	if (t->net != NULL)
		return "cutting-nets";
	switch (t->shape) {
	case SHAPE_CIRCLE:
	case SHAPE_HEX:
		return "cutting-lines";
	default:
		return doc_pack_mode_key("cutting", mode);
	}
}

/*
 * The ways the pack's kinds are cut, each once, in the order of the
 * sheets, into keys[] (at most p->sheets.n); returns how many.
 */
static size_t
cut_keys(const struct pack *p, const char **keys)
{
	size_t i, j, n = 0;

	for (i = 0; i < p->sheets.n; i++) {
		const char *k = cut_key(p->s->tmpls[p->sheets.v[i].kind],
		    p->duplex);

		for (j = 0; j < n && strcmp(keys[j], k) != 0; j++)
			;
		if (j == n)
			keys[n++] = k;
	}
	return n;
}

/* The ways of cutting the cover names (cut_md()) need their strings. */
static void
missing_cuts(const struct pack *p, GString *miss)
{
	const char **keys = xcalloc(p->sheets.n + 1, sizeof(*keys));
	const char *one[2] = { NULL, NULL };
	size_t n = cut_keys(p, keys), i;

	for (i = 0; i < n; i++) {
		one[0] = keys[i];
		/* "cutting" is needed[]'s, as the duplex mode says it. */
		if (strcmp(keys[i], doc_pack_mode_key("cutting",
		    p->duplex)) != 0)
			missing(p, one, p->duplex, miss);
	}
	free(keys);
}

/* A kind the pack names in its index must have a name to name it by. */
static bool
kind_names_ok(const struct pack *p, struct diags *d)
{
	const struct deck *deck = p->s->deck;
	const char *lang = deck->langs[p->li];
	size_t i;
	bool ok = true;

	for (i = 0; p->multi && i < p->sheets.n; i++) {
		const struct kind *k = &deck->kinds[p->sheets.v[i].kind];

		if (card_text(&k->strs, p->li, "name", NULL) != NULL)
			continue;
		diag_add(d, DIAG_ERROR, &k->pos, "missing-text", "component "
		    "'%s' has no 'name' in '%s', which the pack's index "
		    "prints: write it under components: %s: in text/%s.yaml",
		    k->name, lang, k->name, lang);
		diag_about(d, NULL, lang);
		ok = false;
	}
	return ok;
}

/* Every string the pack prints must have a text: never a blank. */
bool
doc_pack_strings_ok(const struct pack *p, struct diags *d)
{
	const struct deck *deck = p->s->deck;
	const struct cardtext *ct = &deck->pack.texts[p->li];
	const char *lang = deck->langs[p->li];
	GString *miss = g_string_new(NULL);
	char *langs;
	size_t n;

	missing(p, needed, p->duplex, miss);
	if (p->duplex == DUPLEX_FOLD)
		missing(p, needed_fold, p->duplex, miss);
	/* A fold pack's round tokens and boards print as none does. */
	if (p->unfolded)
		missing(p, needed_unfolded, DUPLEX_NONE, miss);
	if (doc_pack_has_credits(p))
		missing(p, needed_credits, p->duplex, miss);
	if (pack_own(p, "thanks") != NULL)
		missing(p, needed_thanks, p->duplex, miss);
	if (p->multi)
		missing(p, needed_multi, p->duplex, miss);
	if (p->single)
		missing(p, needed_single, p->duplex, miss);
	if (p->tiled)
		missing(p, needed_tiled, p->duplex, miss);
	missing_cuts(p, miss);
	if (miss->len > 0) {
		langs = default_langs(p->s);
		diag_add(d, DIAG_ERROR, ct->pos.file ? &ct->key_pos :
		    &deck->pack.pos, "missing-text", "the pack has no text "
		    "in '%s' for %s; write %s under 'pack:' in text/%s.yaml "
		    "(deckpress has default pack strings in %s)", lang,
		    miss->str, strchr(miss->str, ',') ? "them" : "it", lang,
		    langs);
		diag_about(d, "pack", lang);
		g_free(langs);
	}
	n = miss->len;
	g_string_free(miss, TRUE);
	return n == 0 && kind_names_ok(p, d);
}

/*
 * How to cut, on the cover: the one way all the kinds are cut, or a
 * paragraph per way, each naming its kinds in bold.
 */
static void
cut_md(const struct pack *p, GString *b)
{
	const char **keys = xcalloc(p->sheets.n + 1, sizeof(*keys));
	size_t n = cut_keys(p, keys), i, k, named;

	g_string_append_printf(b, "### %s\n\n", doc_pack_str(p, "cut-title"));
	if (n <= 1)
		g_string_append_printf(b, "%s\n\n", doc_pack_str(p, n == 1 ?
		    keys[0] : doc_pack_mode_key("cutting", p->duplex)));
	for (i = 0; n > 1 && i < n; i++) {
		g_string_append(b, "**");
		for (k = named = 0; k < p->sheets.n; k++) {
			size_t kind = p->sheets.v[k].kind;

			if (strcmp(cut_key(p->s->tmpls[kind], p->duplex),
			    keys[i]) != 0)
				continue;
			if (named++ > 0)
				g_string_append(b, ", ");
			booklet_md_escape(b, doc_pack_kind_name(p, kind));
		}
		g_string_append_printf(b, ":** %s\n\n", doc_pack_str(p,
		    keys[i]));
	}
	free(keys);
}

/*
 * Cover: the title, the tagline, and how to print (in the pack's duplex
 * mode), fold (gutterfold), cut (cut_md()), assemble boards, sleeve
 * and read the instructions, if the game has them yet.
 */
char *
doc_pack_cover_md(const struct pack *p)
{
	const char *const parts[][2] = {
	    { "print-title", doc_pack_mode_key("printing", p->duplex) },
	    { "fold-title", "folding" },
	    { "cut-title", doc_pack_mode_key("cutting", p->duplex) },
	    { "assemble-title", "assembling" },
	    { "sleeve-title", "sleeving" }, { "reading-title", "reading" } };
	GString *b = g_string_new("# ");
	size_t i;

	booklet_md_escape(b, p->title);
	g_string_append(b, "\n\n");
	/* The tagline is the game's own: none, no line. */
	if (*doc_pack_str(p, "tagline") != '\0')
		g_string_append_printf(b, "*%s*\n\n", doc_pack_str(p,
		    "tagline"));
	g_string_append_printf(b, "## %s\n\n%s\n\n", doc_pack_str(p,
	    "preparation"), doc_pack_str(p, "paper"));
	for (i = 0; i < 6; i++)
		if (i == 2)
			cut_md(p, b);
		else if ((i != 1 || p->duplex == DUPLEX_FOLD) &&
		    (i != 3 || p->tiled) && (i != 5 || !p->norules))
			g_string_append_printf(b, "### %s\n\n%s\n\n",
			    doc_pack_str(p, parts[i][0]), doc_pack_str(p,
			    parts[i][1]));
	return g_string_free(b, FALSE);
}

char *
doc_pack_credits_md(const struct pack *p)
{
	const struct credits *c = &p->s->deck->credits;
	GString *b = g_string_new(NULL);
	const char *s;
	size_t i;

	g_string_append_printf(b, "## %s\n\n", doc_pack_str(p, "credits"));
	if (c->nauthors > 0) {
		g_string_append_printf(b, "### %s\n\n", doc_pack_str(p,
		    "authors"));
		for (i = 0; i < c->nauthors; i++)
			g_string_append_printf(b, "%s  \n", c->authors[i]);
		g_string_append(b, "\n");
	}
	if (c->ndesign > 0) {
		g_string_append_printf(b, "### %s\n\n", doc_pack_str(p,
		    "design"));
		for (i = 0; i < c->ndesign; i++)
			g_string_append_printf(b, "%s  \n", c->design[i]);
		g_string_append(b, "\n");
	}
	if (c->website != NULL)
		g_string_append_printf(b, "%s\n\n", c->website);
	/* Which parts of this edition are not the authors' own. */
	if ((s = pack_own(p, "edition")) != NULL)
		g_string_append_printf(b, "%s\n\n", s);
	if (c->licence != NULL)
		g_string_append_printf(b, "%s\n\n", c->licence);
	if (c->funding != NULL)
		g_string_append_printf(b, "> %s\n\n", c->funding);
	if ((s = pack_own(p, "thanks")) != NULL)
		g_string_append_printf(b, "### %s\n\n%s\n\n",
		    doc_pack_str(p, "thanks-title"), s);
	return g_string_free(b, FALSE);
}
