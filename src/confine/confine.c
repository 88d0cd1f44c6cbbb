/* SPDX-License-Identifier: MIT */
/*
 * Where the files a game names may lie: its own folder and deckpress's
 * layouts/, symbolic links followed.  A deck from a stranger must not
 * read (and print) a file elsewhere on the machine.  The one check every
 * path a game names goes through -- layouts and sheets of deck.yaml,
 * images of a layout, figures of a rule booklet.  Part of the confine
 * stage.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "reading.h"

/*
 * path made absolute (from the working folder) with "." and ".."
 * taken out by its letters alone, no link followed.  g_free().
 */
static char *
lexical(const char *path)
{
	char *cwd, **parts, **p;
	GString *o = g_string_new(NULL);

	if (g_path_is_absolute(path))
		parts = g_strsplit(path, "/", -1);
	else {
		cwd = g_get_current_dir();
		g_string_append(o, cwd);
		g_string_append_c(o, '/');
		g_string_append(o, path);
		g_free(cwd);
		parts = g_strsplit(o->str, "/", -1);
	}
	g_string_truncate(o, 0);
	for (p = parts; *p != NULL; p++) {
		if (**p == '\0' || strcmp(*p, ".") == 0)
			continue;
		if (strcmp(*p, "..") == 0) {
			char *slash = strrchr(o->str, '/');

			g_string_truncate(o, slash ? (gsize)(slash - o->str) :
			    0);
			continue;
		}
		g_string_append_c(o, '/');
		g_string_append(o, *p);
	}
	g_strfreev(parts);
	if (o->len == 0)
		g_string_append_c(o, '/');
	return g_string_free(o, FALSE);
}

/*
 * Where path really is: its realpath, or, for a file that does not
 * exist (yet), its folder's realpath and its name.  g_free().
 */
static char *
resolved(const char *path)
{
	char *r = realpath(path, NULL), *dir, *base, *rd, *out;

	if (r != NULL) {
		out = g_strdup(r);
		free(r);
		return out;
	}
	dir = g_path_get_dirname(path);
	base = g_path_get_basename(path);
	if ((rd = realpath(dir, NULL)) != NULL) {
		r = g_build_filename(rd, base, NULL);
		out = lexical(r);
		g_free(r);
		free(rd);
	} else
		out = lexical(path);
	g_free(dir);
	g_free(base);
	return out;
}

/* Is path root itself or a file under it? */
static bool
inside(const char *path, const char *root)
{
	size_t n;

	if (root == NULL)
		return false;
	n = strlen(root);
	if (n > 0 && root[n - 1] == '/')
		return strncmp(path, root, n) == 0;
	return strncmp(path, root, n) == 0 && (path[n] == '/' ||
	    path[n] == '\0');
}

/* Has path a ".." among its parts? */
static bool
has_dotdot(const char *path)
{
	const char *p;

	for (p = path; (p = strstr(p, "..")) != NULL; p += 2)
		if ((p == path || p[-1] == '/') && (p[2] == '/' ||
		    p[2] == '\0'))
			return true;
	return false;
}

void
confine_init(struct confine *c, const char *deckdir, const char *layoutsdir,
    bool anywhere)
{
	memset(c, 0, sizeof(*c));
	c->anywhere = anywhere;
	if (deckdir != NULL) {
		c->deck = resolved(deckdir);
		c->deck_named = lexical(deckdir);
	}
	confine_layouts(c, layoutsdir);
}

void
confine_layouts(struct confine *c, const char *layoutsdir)
{
	if (layoutsdir == NULL || c->layouts != NULL)
		return;
	c->layouts = resolved(layoutsdir);
	c->layouts_named = lexical(layoutsdir);
}

void
confine_free(struct confine *c)
{
	if (c == NULL)
		return;
	g_free(c->deck);
	g_free(c->deck_named);
	g_free(c->layouts);
	g_free(c->layouts_named);
	confine_journal_free(c->journal);
	free(c->journal);
	memset(c, 0, sizeof(*c));
}

/* Why path, outside, is: a link, a "..", an absolute path. */
static const char *
why_outside(const struct confine *c, const char *path)
{
	char *lex = lexical(path);
	bool link = inside(lex, c->deck_named) || inside(lex, c->deck) ||
	    inside(lex, c->layouts_named) || inside(lex, c->layouts);

	g_free(lex);
	if (link)
		return "is outside the game's folder (a symbolic link leads "
		    "out of it); pass --allow-outside to allow it";
	if (has_dotdot(path))
		return "is outside the game's folder ('..' leads out of "
		    "it); pass --allow-outside to allow it";
	if (g_path_is_absolute(path))
		return "is outside the game's folder (an absolute path); "
		    "pass --allow-outside to allow it";
	return "is outside the game's folder (it names a place outside "
	    "it); pass --allow-outside to allow it";
}

/* Is real, a path with every link resolved, where c allows? */
bool
confine_allows(const struct confine *c, const char *real)
{
	return c == NULL || c->anywhere || inside(real, c->deck) ||
	    inside(real, c->layouts);
}

const char *
confine_why(const struct confine *c, const char *path)
{
	char *real;
	bool ok;

	if (c == NULL || c->anywhere)
		return NULL;
	real = resolved(path);
	ok = confine_allows(c, real);
	g_free(real);
	return ok ? NULL : why_outside(c, path);
}

bool
confine_check(const struct confine *c, const char *path, const char *what,
    const struct srcpos *pos, const char *ctx, struct diags *d)
{
	const char *why = confine_why(c, path);

	if (why != NULL)
		diag_add(d, DIAG_ERROR, pos, "outside", "%s%s%s %s %s",
		    CTX_FMT(ctx), what, path, why);
	return why == NULL;
}
