/* SPDX-License-Identifier: MIT */
/*
 * The game as a stopped import committed it.  import writes deck.yaml
 * and the text files all or nothing: their new bytes go into one
 * journal, DECK/import.journal, renamed into place (the commit point)
 * before the files themselves are renamed (import/jwrite.c).  A run that
 * stops between those renames leaves a mix of old and new files that
 * may not load; the journal holds the new ones whole.  So, until the
 * next import finishes it, every command reads each file the journal
 * holds from the journal, not from the folder: the deck it loads is
 * the new one from the commit point on, and the folder is not written.
 * A journal may come with a stranger's game: it is read as the game's
 * other files are (gfile.c reads it, confine_journal_read()), never through a
 * link, and must be
 * exactly in the form import writes, naming only deck.yaml and
 * text/LANG.yaml.  Part of the confine stage.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "reading.h"

#define MAGIC		"deckpress import journal 1\n"
#define END		"end\n"
/* deck.yaml and a text file per language: far above any real game. */
#define MAXFILES	1000

/*
 * deck.yaml, text/LANG.yaml for a language code LANG, or import.state
 * (the record of what the import left in each text).
 */
static bool
name_ok(const char *name)
{
	size_t n = strlen(name);
	char *lang;
	bool ok;

	if (strcmp(name, "deck.yaml") == 0 ||
	    strcmp(name, "import.state") == 0)
		return true;
	if (n <= 10 || strncmp(name, "text/", 5) != 0 ||
	    strcmp(name + n - 5, ".yaml") != 0)
		return false;
	lang = g_strndup(name + 5, n - 10);
	ok = valid_ident(lang);
	g_free(lang);
	return ok;
}

/* One "file NAME LEN" line at *p, its bytes after; why not, or NULL. */
static const char *
parse_file(char **p, char *end, struct jfile *f)
{
	char *nl = memchr(*p, '\n', (size_t)(end - *p)), *sp, *e;
	unsigned long long len;

	if (nl == NULL)
		return "it ends inside a line";
	*nl = '\0';
	if (strncmp(*p, "file ", 5) != 0 ||
	    (sp = strrchr(*p + 5, ' ')) == NULL)
		return "a line is not 'file NAME LENGTH' nor 'end'";
	*sp = '\0';
	f->name = *p + 5;
	if (!name_ok(f->name))
		return "it names a file other than deck.yaml, "
		    "text/LANG.yaml and import.state";
	errno = 0;
	len = strtoull(sp + 1, &e, 10);
	if (sp[1] < '0' || sp[1] > '9' || *e != '\0' || errno != 0 ||
	    len >= (unsigned long long)(end - nl - 1))
		return "a file's length is not a number of the bytes that "
		    "follow";
	f->bytes = nl + 1;
	f->len = (size_t)len;
	if (f->bytes[f->len] != '\n')
		return "a file's bytes do not end where its length says";
	*p = nl + 1 + f->len + 1;
	return NULL;
}

const char *
confine_journal_parse(struct journal *j, size_t len)
{
	char *p = j->buf, *end = j->buf + len;
	size_t cap = 0, i;

	if (len < sizeof(MAGIC) - 1 || memcmp(p, MAGIC, sizeof(MAGIC) - 1))
		return "its first line is not 'deckpress import journal 1'";
	p += sizeof(MAGIC) - 1;
	while (!((size_t)(end - p) == sizeof(END) - 1 &&
	    memcmp(p, END, sizeof(END) - 1) == 0)) {
		const char *why;

		if (j->n == MAXFILES)
			return "it names more than 1000 files";
		xgrow((void **)&j->v, &cap, j->n + 1, sizeof(*j->v));
		if ((why = parse_file(&p, end, &j->v[j->n])) != NULL)
			return why;
		for (i = 0; i < j->n && strcmp(j->v[i].name,
		    j->v[j->n].name) != 0; i++)
			;
		if (i < j->n)
			return "it names a file twice";
		j->n++;
	}
	return j->n == 0 ? "it names no file" : NULL;
}

void
confine_journal_build(const struct jfile *v, size_t n, struct strbuf *b)
{
	size_t i;

	sb_puts(b, MAGIC);
	for (i = 0; i < n; i++) {
		sb_printf(b, "file %s %zu\n", v[i].name, v[i].len);
		if (v[i].len > 0)
			sb_add(b, v[i].bytes, v[i].len);
		sb_puts(b, "\n");
	}
	sb_puts(b, END);
}

void
confine_journal_free(struct journal *j)
{
	if (j == NULL)
		return;
	free(j->buf);
	free(j->v);
	free(j->path);
	free(j->dir);
	memset(j, 0, sizeof(*j));
}

const struct jfile *
confine_journal_file(const struct journal *j, const char *path)
{
	size_t n, i;

	if (j == NULL || j->n == 0)
		return NULL;
	/* The loaders name a file as DIR/NAME, DIR as the deck's. */
	for (n = strlen(j->dir); n > 1 && j->dir[n - 1] == '/'; n--)
		;
	if (strncmp(path, j->dir, n) != 0 || path[n] != '/')
		return NULL;
	for (path += n + 1; *path == '/'; path++)
		;
	for (i = 0; i < j->n; i++)
		if (strcmp(j->v[i].name, path) == 0)
			return &j->v[i];
	return NULL;
}
