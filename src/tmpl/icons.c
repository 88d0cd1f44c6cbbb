/* SPDX-License-Identifier: MIT */
/*
 * The icon font's name map: one "name HEX" line per icon, so layouts
 * can say "eye" rather than a private-use code point.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "tmpl.h"

/*
 * "name HEX" (any blanks between, around): the name and the code.
 * False for anything else: a comment, a blank line.  By hand, not
 * sscanf(): this runs for some 7 500 lines, and sscanf() made it a
 * tenth of a small deck's whole run.
 */
static bool
parse_line(char *line, char **name, unsigned int *code)
{
	char *s = line + strspn(line, " \t"), *end;
	size_t n = strcspn(s, " \t\r\n");
	unsigned long v;

	if (n == 0 || n > 127 || s[n] == '\0' || *s == '#')
		return false;
	s[n] = '\0';
	*name = s;
	s += n + 1;
	s += strspn(s, " \t");
	v = strtoul(s, &end, 16);
	if (end == s || v > 0x10FFFF)
		return false;
	*code = (unsigned int)v;
	return true;
}

/*
 * The map is read whole here, so that a missing or unreadable one is
 * this run's error as before, but parsed only when a name is first
 * looked up: most decks name no icon, and parsing its 7 500 lines was
 * a twelfth of a small deck's render (issue 36).
 */
struct iconmap *
tmpl_iconmap_load(const char *path, struct diags *d)
{
	struct srcpos pos = { diag_read(d, path), 0, 0 };
	struct iconmap *m;
	gchar *text;

	if (!g_file_get_contents(path, &text, NULL, NULL)) {
		diag_add(d, DIAG_ERROR, &pos, "font", "cannot open icon map");
		return NULL;
	}
	m = xcalloc(1, sizeof(*m));
	m->text = text;
	return m;
}

/*
 * m's lines as names and codes, parsed at the first call (m is only
 * const to its users: what it holds does not change).  Renders run in
 * one thread, but watch --serve's HTTP threads may ask too: the lock
 * makes the first parse the only one.
 */
static const struct iconmap *
parsed(const struct iconmap *cm)
{
	static GMutex lock;
	struct iconmap *m = (struct iconmap *)cm;
	size_t cap = 0, old;
	char *line, *next, *name;
	unsigned int code;

	g_mutex_lock(&lock);
	line = m->codes == NULL ? m->text : NULL;	/* else parsed */
	for (; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (!parse_line(line, &name, &code))
			continue;
		old = cap;
		xgrow((void **)&m->names, &cap, m->n + 1, sizeof(char *));
		/* codes is kept as long as names, and grown only with it:
		 * once per line cost 1.5 s under ASan for 7449 icons */
		if (cap != old)
			m->codes = xrealloc(m->codes, cap * sizeof(*m->codes));
		m->names[m->n++] = name;
		m->codes[m->n - 1] = code;
	}
	if (m->codes == NULL)	/* no line names an icon: parsed all the same */
		m->codes = xcalloc(1, sizeof(*m->codes));
	g_mutex_unlock(&lock);
	return m;
}

void
tmpl_iconmap_free(struct iconmap *m)
{
	if (m == NULL)
		return;
	g_free(m->text);
	free(m->names);
	free(m->codes);
	free(m);
}

/* The map file is sorted by name, so a binary search finds an icon. */
unsigned int
tmpl_icon_find(const struct iconmap *m, const char *name)
{
	size_t lo = 0, hi = parsed(m)->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(m->names[mid], name);

		if (c == 0)
			return m->codes[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

const char *
tmpl_icon_suggest(const struct iconmap *m, const char *name)
{
	m = parsed(m);
	return closest_word(name, m->names, m->n);
}
