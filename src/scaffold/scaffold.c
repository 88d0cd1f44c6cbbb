/* SPDX-License-Identifier: MIT */
/*
 * deckpress new's stage: a game that renders at once, made in a hidden
 * folder beside the one asked for and renamed to it when every file is
 * written, so that a failure leaves nothing behind.  The layouts are
 * copied from layouts/general/ (the game then renders wherever
 * deckpress is installed, and is the designer's to change); the
 * translations are finished by the strings stage, as a translator's
 * would be.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "../outfile.h"
#include "../util.h"
#include "../load/load.h"
#include "../textfile/textfile.h"
#include "../validate/validate.h"
#include "samples.h"
#include "scaffold.h"

const char *const scaffold_sizes[] = { "standard", "poker", "bridge",
    "euro", "tarot", "mini-euro", NULL };
const char *const scaffold_langs[] = { "de", "en", "es", "fr", "it",
    NULL };

/* The sample cards: id, component, copies, its texts in struct sample. */
static const struct {
	const char	*id, *component;
	unsigned int	 count;
	int		 title, body;	/* SAMPLE_*, or -1: none */
} cards[] = {
	{ "first-step", "card", 2, SAMPLE_T1, SAMPLE_B1 },
	{ "long-road", "card", 1, SAMPLE_T2, SAMPLE_B2 },
	{ "gold", "token", 6, SAMPLE_GOLD, -1 },
};
#define NCARDS	(sizeof(cards) / sizeof(cards[0]))

/* What every file of the game is made from. */
struct game {
	const struct scaffold	*s;
	char			*tmp;	/* the hidden folder */
	char			*real;	/* the empty folder's real path,
					   or NULL: a new folder */
	char			*id;	/* game: from the folder's name */
	char			*title;
};

bool
scaffold_known(const char *const *v, const char *s)
{
	for (; *v != NULL; v++)
		if (strcmp(*v, s) == 0)
			return true;
	return false;
}

/* Write b to the game's file rel (outfile: complete or absent). */
static bool
put(const struct game *g, const char *rel, const char *text,
    struct diags *d)
{
	struct outfile o;
	char *path = path_join(g->tmp, rel);
	bool ok = false;

	if (outfile_open(&o, path, d)) {
		outfile_write(&o, text, strlen(text));
		ok = outfile_close(&o, true, d);
	}
	free(path);
	return ok;
}

/* The game's id and title from its folder's last name: "my quest"
 * becomes my-quest and My quest. */
static void
names(struct game *g)
{
	char *base = g_path_get_basename(g->real ? g->real : g->s->dir);
	char *p, *q;
	bool dash = false;

	g->id = xmalloc(strlen(base) + 5);
	for (p = base, q = g->id; *p != '\0'; p++)
		if (g_ascii_isalnum(*p)) {
			if (dash && q != g->id)
				*q++ = '-';
			*q++ = g_ascii_tolower(*p);
			dash = false;
		} else
			dash = true;
	*q = '\0';
	if (g->id[0] == '\0' || !valid_ident(g->id))
		strcpy(g->id, "game");
	g->title = xstrdup(g->id);
	for (p = g->title; *p != '\0'; p++)
		if (*p == '-')
			*p = ' ';
	g->title[0] = g_ascii_toupper(g->title[0]);
	g_free(base);
}

static bool
deck_yaml(const struct game *g, struct diags *d)
{
	struct strbuf b = { 0 };
	size_t i;
	bool ok;

	sb_printf(&b, "# %s, made by deckpress new: two kinds of component, "
	    "cards and\n# tokens, each with its layout in layouts/.  Add a "
	    "card here (or a row\n# to cards.csv, then deckpress import), "
	    "and its texts in text/.\ngame: %s\ntitle: ", g->title, g->id);
	textfile_scalar(&b, g->title, false);
	sb_puts(&b, "\nlanguages: [");
	for (i = 0; i < g->s->nlangs; i++)
		sb_printf(&b, "%s%s", i ? ", " : "", g->s->langs[i]);
	/* {n}/{total} on a token counts tokens, not the whole game. */
	sb_printf(&b, "]\nnumbering: kind\ncomponents:\n"
	    "  card: {layout: ./layouts/card.yaml}\n"
	    "  token: {layout: ./layouts/token.yaml}\ncards:\n");
	for (i = 0; i < NCARDS; i++) {
		sb_printf(&b, "  - {id: %s, component: %s", cards[i].id,
		    cards[i].component);
		if (cards[i].count != 1)
			sb_printf(&b, ", count: %u", cards[i].count);
		sb_puts(&b, "}\n");
	}
	ok = put(g, "deck.yaml", b.s, d);
	sb_free(&b);
	return ok;
}

/* "key: value" in a flow map; with src, its key added to same when
 * the text equals the source's. */
static void
flow_pair(struct strbuf *b, const char *key, const char *val,
    const char *src, struct strbuf *same)
{
	sb_printf(b, ", %s: ", key);
	textfile_scalar(b, val, true);
	if (src != NULL && strcmp(val, src) == 0)
		sb_printf(same, "%s%s", same->len ? ", " : "", key);
}

/* Close a flow map, its same list first. */
static void
flow_end(struct strbuf *b, struct strbuf *same)
{
	if (same->len > 0)
		sb_printf(b, ", same: [%s]", same->s);
	sb_puts(b, "}\n");
	sb_free(same);
}

/* text/LANG.yaml of sample x; src is the source's sample (NULL for the
 * source itself): a string equal to the source's is marked same. */
static void
text_yaml(const struct game *g, const struct sample *x,
    const struct sample *src, struct strbuf *b)
{
	struct strbuf same = { 0 };
	size_t i;

	if (src == NULL)
		sb_printf(b, "# %s card texts in '%s', the source language.\n",
		    g->title, x->lang);
	else
		sb_printf(b, "# %s card texts in '%s', translated from '%s'.\n"
		    "# Kept up to date by: deckpress strings %s --lang %s\n",
		    g->title, x->lang, src->lang, g->s->dir, x->lang);
	sb_puts(b, "components:\n  card: {name: ");
	textfile_scalar(b, x->cards, true);
	flow_pair(b, "back", g->title, src ? g->title : NULL, &same);
	flow_end(b, &same);
	sb_puts(b, "  token: {name: ");
	textfile_scalar(b, x->tokens, true);
	flow_end(b, &same);
	sb_puts(b, "cards:\n");
	for (i = 0; i < NCARDS; i++) {
		sb_printf(b, "  %s: {title: ", cards[i].id);
		textfile_scalar(b, x->text[cards[i].title], true);
		if (src != NULL && strcmp(x->text[cards[i].title],
		    src->text[cards[i].title]) == 0)
			sb_puts(&same, "title");
		if (cards[i].body >= 0) {
			flow_pair(b, "body", x->text[cards[i].body], src ?
			    src->text[cards[i].body] : NULL, &same);
			flow_pair(b, "footer", x->footer, src ? src->footer :
			    NULL, &same);
		}
		flow_end(b, &same);
	}
}

/* The sample texts and rule book of every language. */
static bool
texts(const struct game *g, struct diags *d)
{
	const struct sample *src = scaffold_sample_for(g->s->langs[0]), *x;
	struct strbuf b = { 0 };
	char *rel;
	size_t i;
	bool ok = true;

	for (i = 0; ok && i < g->s->nlangs; i++) {
		x = scaffold_sample_for(g->s->langs[i]);
		text_yaml(g, x, i == 0 ? NULL : src, &b);
		rel = g_strdup_printf("text/%s.yaml", x->lang);
		ok = put(g, rel, b.s, d);
		g_free(rel);
		rel = g_strdup_printf("rules/%s.md", x->lang);
		ok = ok && put(g, rel, x->rules, d);
		g_free(rel);
		sb_free(&b);
	}
	return ok;
}

/*
 * cards.csv: the sample in the source language, as import reads it.
 * Every text is quoted (they hold commas); none holds a double quote.
 */
static bool
csv(const struct game *g, struct diags *d)
{
	const struct sample *x = scaffold_sample_for(g->s->langs[0]);
	struct strbuf b = { 0 };
	size_t i;
	bool ok;

	sb_puts(&b, "id,component,count,title,body,footer\n");
	for (i = 0; i < NCARDS; i++) {
		sb_printf(&b, "%s,%s,%u,\"%s\",", cards[i].id,
		    cards[i].component, cards[i].count,
		    x->text[cards[i].title]);
		if (cards[i].body >= 0)
			sb_printf(&b, "\"%s\",\"%s\"", x->text[cards[i].body],
			    x->footer);
		else
			sb_puts(&b, ",");
		sb_puts(&b, "\n");
	}
	ok = put(g, "cards.csv", b.s, d);
	sb_free(&b);
	return ok;
}

/* A copy of deckpress's file from (in datadir) as the game's file to. */
static bool
copy(const struct game *g, const char *from, const char *to,
    struct diags *d)
{
	char *path = path_join(g->s->datadir, from), *text = NULL;
	GError *err = NULL;
	bool ok;

	if (!(ok = g_file_get_contents(path, &text, NULL, &err))) {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot read %s: %s "
		    "(is deckpress installed whole?)", path, err->message);
		g_error_free(err);
	} else
		ok = put(g, to, text, d);
	g_free(text);
	free(path);
	return ok;
}

static const char placeholder_svg[] =
"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
"<!-- A placeholder for a card's art, made by deckpress new: replace it\n"
"     or name your own file in layouts/card.yaml. -->\n"
"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"60mm\" height=\"40mm\"\n"
"     viewBox=\"0 0 60 40\">\n"
"  <rect x=\"0.5\" y=\"0.5\" width=\"59\" height=\"39\" fill=\"none\"\n"
"        stroke=\"#2F6690\" stroke-width=\"0.6\" stroke-dasharray=\"2 1\"/>\n"
"  <path d=\"M8 32 L22 16 L32 26 L40 19 L52 32 Z\" fill=\"#2F6690\"\n"
"        opacity=\"0.5\"/>\n"
"  <circle cx=\"44\" cy=\"11\" r=\"4\" fill=\"#2F6690\" opacity=\"0.5\"/>\n"
"</svg>\n";

/* The game's README: what to do next, with the folder's name. */
static bool
readme(const struct game *g, struct diags *d)
{
	const char *dir = g->s->dir, *lang = g->s->langs[0];
	char *text;
	bool ok;

	text = g_strdup_printf("# %s\n\n"
"Made by `deckpress new`: a deck of cards and tokens that prints as it\n"
"is.  Next steps, from the folder holding `%s`:\n\n"
"1. Edit: `deck.yaml` lists the cards (id, component, count),\n"
"   `text/%s.yaml` their texts, `layouts/card.yaml` and\n"
"   `layouts/token.yaml` how they look, `rules/%s.md` the rule book.\n"
"   Put art in `art/`, fonts in `fonts/`, SVG icons in `icons/`.\n"
"2. Check: `deckpress check %s` reports what will not print.\n"
"3. Cards: `deckpress cards %s` writes out/%s-%s-cards.pdf;\n"
"   `deckpress preview %s` one card as a PNG.\n"
"4. Pack: `deckpress pack %s` writes the print-and-play pack,\n"
"   out/%s-%s-pack.pdf; or `cd %s && deckpress all` every language.\n"
"5. Import: keep the cards in a spreadsheet instead, saved as CSV:\n"
"   `deckpress import cards.csv --into %s` (the sample is here).\n"
"6. Translate: `deckpress strings %s --lang LANG`.\n",
	    g->title, dir, lang, lang, dir, dir, g->id, lang, dir, dir, g->id,
	    lang, dir, dir, dir);
	ok = put(g, "README.md", text, d);
	g_free(text);
	return ok;
}

/* Every file but the translations' recorded sources. */
static bool
files(const struct game *g, struct diags *d)
{
	static const char *const dirs[] = { "layouts", "text", "rules",
	    "art", "fonts", "icons" };
	char *path, *from;
	size_t i;
	bool ok = true;

	for (i = 0; ok && i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		path = path_join(g->tmp, dirs[i]);
		if (mkdir(path, 0777) != 0) {
			diag_add(d, DIAG_ERROR, NULL, "io", "cannot make %s: "
			    "%s", path, strerror(errno));
			ok = false;
		}
		free(path);
	}
	from = g_strdup_printf("layouts/general/card-%s.yaml", g->s->size);
	ok = ok && copy(g, from, "layouts/card.yaml", d) &&
	    copy(g, "layouts/general/token.yaml", "layouts/token.yaml", d) &&
	    deck_yaml(g, d) && texts(g, d) && csv(g, d) &&
	    put(g, "art/placeholder.svg", placeholder_svg, d) &&
	    put(g, "fonts/README", "Put the game's own fonts here (.ttf, "
	    ".otf); a layout names them by family.\n", d) &&
	    put(g, "icons/README", "Put the game's own icons here, one SVG "
	    "each; {icon:NAME} and type: icon find them.\n", d) &&
	    readme(g, d);
	g_free(from);
	return ok;
}

/*
 * Each translation's sources recorded, and deckpress's pack strings
 * added, by the strings stage: the file then reads as a translator's
 * finished one, which check passes.
 */
static bool
record_sources(const struct game *g, struct diags *d)
{
	struct load_opts lo = { .lenient = true };
	struct strings_report r;
	struct deck *deck;
	char *path;
	size_t i;
	bool ok = true;

	lo.packdir = path_join(g->s->datadir, "layouts/pack");
	for (i = 1; ok && i < g->s->nlangs; i++) {
		lo.lang = lo.extra = g->s->langs[i];
		if ((deck = load_deck(g->tmp, &lo, d)) == NULL) {
			ok = false;
			break;
		}
		path = g_strdup_printf("%s/text/%s.yaml", g->tmp, lo.lang);
		ok = d->nerr == 0 && textfile_update(deck, i, path, &r, d);
		g_free(path);
		load_deck_free(deck);
	}
	free((char *)lo.packdir);
	return ok;
}

/* nftw: remove one file or folder of a failed scaffold. */
static int
rm_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	return remove(path);
}

/* 0 if dir may become the game: absent, or an empty folder. */
static int
dir_free(const char *dir, bool *exists, struct diags *d)
{
	struct dirent *e;
	DIR *dp;
	int rc = 0;

	*exists = false;
	if ((dp = opendir(dir)) == NULL) {
		if (errno == ENOENT)
			return 0;
		diag_add(d, DIAG_ERROR, &(struct srcpos){ dir, 0, 0 }, "new",
		    "%s; deckpress new makes a game in a new or empty folder",
		    errno == ENOTDIR ? "exists and is not a folder" :
		    strerror(errno));
		return errno == ENOTDIR ? EXIT_INPUT : EXIT_IO;
	}
	*exists = true;
	while (rc == 0 && (e = readdir(dp)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
			diag_add(d, DIAG_ERROR, &(struct srcpos){ dir, 0, 0 },
			    "new", "the folder is not empty (it holds %s); "
			    "deckpress new makes a game in a new or empty "
			    "folder, and changes nothing here", e->d_name);
			rc = EXIT_INPUT;
		}
	closedir(dp);
	return rc;
}

/*
 * The finished files of tmp (inside dir) moved up into dir, an empty
 * folder that stays itself (its owner, its mode, a shell inside it):
 * a few renames within one folder, then tmp removed.
 */
static bool
move_up(const char *tmp, const char *dir, struct diags *d)
{
	struct dirent *e;
	DIR *dp;
	char *from, *to;
	bool ok = true;

	if ((dp = opendir(tmp)) == NULL)
		ok = false;
	while (ok && (e = readdir(dp)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		from = path_join(tmp, e->d_name);
		to = path_join(dir, e->d_name);
		ok = rename(from, to) == 0;
		free(from);
		free(to);
	}
	if (dp != NULL)
		closedir(dp);
	if (!ok || rmdir(tmp) != 0) {
		diag_add(d, DIAG_ERROR, &(struct srcpos){ dir, 0, 0 }, "io",
		    "cannot fill the folder: %s", strerror(errno));
		return false;
	}
	return true;
}

int
scaffold_new(const struct scaffold *s, struct diags *d)
{
	struct game g = { .s = s };
	char *parent = NULL, *base = NULL, *name;
	size_t len;
	bool exists;
	int rc;

	/* As -o: no link another user planted in /tmp is followed. */
	if (!outfile_folder(s->dir, d)) {
		rc = EXIT_IO;
		goto out;
	}
	if ((rc = dir_free(s->dir, &exists, d)) != 0)
		goto out;
	/* An empty folder is filled where it is, from a hidden folder
	 * inside it: "deckpress new ." works in the folder just made,
	 * and takes its name.  A new one is renamed into place whole. */
	if (exists) {
		g.real = realpath(s->dir, NULL);
		g.tmp = path_join(s->dir, ".new-XXXXXX");
	} else {
		/* "quest/" is quest: its parent is where the hidden
		 * folder goes. */
		base = xstrdup(s->dir);
		for (len = strlen(base); len > 1 && base[len - 1] == '/';)
			base[--len] = '\0';
		parent = g_path_get_dirname(base);
		name = g_path_get_basename(base);
		free(base);
		base = g_strdup_printf(".%s.new-XXXXXX", name);
		g.tmp = path_join(parent, base);
		g_free(name);
	}
	names(&g);
	if (mkdtemp(g.tmp) == NULL) {
		diag_add(d, DIAG_ERROR, &(struct srcpos){ s->dir, 0, 0 }, "io",
		    "cannot make a folder beside or in it: %s",
		    strerror(errno));
		rc = EXIT_IO;
		goto out;
	}
	if (!files(&g, d) || !record_sources(&g, d))
		rc = EXIT_IO;
	else if (exists ? !move_up(g.tmp, s->dir, d) :
	    rename(g.tmp, s->dir) != 0) {
		if (!exists)
			diag_add(d, DIAG_ERROR, &(struct srcpos){ s->dir, 0, 0 },
			    "io", "cannot make the folder: %s",
			    strerror(errno));
		rc = EXIT_IO;
	}
	if (rc != 0)
		nftw(g.tmp, rm_one, 16, FTW_DEPTH | FTW_PHYS);
out:
	free(g.tmp);
	free(g.real);
	free(g.id);
	free(g.title);
	g_free(parent);
	g_free(base);
	return rc;
}
