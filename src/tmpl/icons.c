/* SPDX-License-Identifier: MIT */
/*
 * The icon font's name map: one "name HEX" line per icon, so layouts
 * can say "eye" rather than a private-use code point.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmpl.h"

/*
 * "name HEX" (any blanks between, around): the name and the code.
 * False for anything else: a comment, a blank line.  By hand, not
 * sscanf(): this runs on every start, for some 7 500 lines, and
 * sscanf() made it a tenth of a small deck's whole run.
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

struct iconmap *
tmpl_iconmap_load(const char *path, struct diags *d)
{
	struct iconmap *m = xcalloc(1, sizeof(*m));
	struct srcpos pos = { diag_read(d, path), 0, 0 };
	size_t cap = 0, old;
	char line[256], *name;
	unsigned int code;
	FILE *f;

	if ((f = fopen(path, "r")) == NULL) {
		diag_add(d, DIAG_ERROR, &pos, "font", "cannot open icon map");
		free(m);
		return NULL;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		pos.line++;
		if (!parse_line(line, &name, &code))
			continue;
		old = cap;
		xgrow((void **)&m->names, &cap, m->n + 1, sizeof(char *));
		/* codes is kept as long as names, and grown only with it:
		 * once per line cost 1.5 s under ASan for 7449 icons */
		if (cap != old)
			m->codes = xrealloc(m->codes, cap * sizeof(*m->codes));
		m->names[m->n++] = arena_strdup(&m->arena, name);
		m->codes[m->n - 1] = code;
	}
	fclose(f);
	return m;
}

void
tmpl_iconmap_free(struct iconmap *m)
{
	if (m == NULL)
		return;
	arena_free(&m->arena);
	free(m->names);
	free(m->codes);
	free(m);
}

/* The map file is sorted by name, so a binary search finds an icon. */
unsigned int
tmpl_icon_find(const struct iconmap *m, const char *name)
{
	size_t lo = 0, hi = m->n;

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
	return closest_word(name, m->names, m->n);
}
