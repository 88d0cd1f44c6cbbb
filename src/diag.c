/* SPDX-License-Identifier: MIT */
/*
 * The diagnostics list: collected by every stage, sorted and printed
 * by main.c in the "file:line:col: error: message" form editors parse.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

int
diag_add(struct diags *d, enum diag_level level, const struct srcpos *pos,
    const char *code, const char *fmt, ...)
{
	struct diag *g;
	va_list ap;
	int n;

	xgrow((void **)&d->v, &d->cap, d->n + 1, sizeof(*d->v));
	g = &d->v[d->n];
	memset(g, 0, sizeof(*g));
	g->level = level;
	if (pos != NULL)
		g->pos = *pos;
	g->code = code;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	g->msg = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(g->msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	/* A message quotes input: no escape sequence of it goes out. */
	if (shown_needed(g->msg)) {
		char *safe = shown_dup(g->msg);

		free(g->msg);
		g->msg = safe;
	}
	g->seq = d->nseq++;
	g->head = g->seq;
	g->hpos = g->pos;
	if (level == DIAG_NOTE && d->n > 0) {
		g->head = d->v[d->n - 1].head;
		g->hpos = d->v[d->n - 1].hpos;
	}
	d->n++;
	if (level == DIAG_ERROR)
		d->nerr++;
	else if (level == DIAG_WARN)
		d->nwarn++;
	return 0;
}

const char *
diag_file(struct diags *d, const char *path)
{
	size_t i;

	for (i = 0; i < d->nfiles; i++)
		if (strcmp(d->files[i], path) == 0)
			return d->files[i];
	xgrow((void **)&d->files, &d->capfiles, d->nfiles + 1,
	    sizeof(*d->files));
	d->files[d->nfiles] = xstrdup(path);
	return d->files[d->nfiles++];
}

const char *
diag_read(struct diags *d, const char *path)
{
	const char *f = diag_file(d, path);
	size_t i;

	for (i = 0; i < d->nread; i++)
		if (d->read[i] == f)
			return f;
	xgrow((void **)&d->read, &d->capread, d->nread + 1, sizeof(*d->read));
	d->read[d->nread++] = f;
	return f;
}

static int
poscmp(const struct srcpos *a, const struct srcpos *b)
{
	int c;

	/* Diagnostics without a file (I/O, usage) come first. */
	if (a->file == NULL || b->file == NULL)
		return (a->file != NULL) - (b->file != NULL);
	if ((c = strcmp(a->file, b->file)) != 0)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return 0;
}

static int
diagcmp(const void *pa, const void *pb)
{
	const struct diag *a = pa, *b = pb;
	int c;

	/* Groups sort by their head's position; a group keeps its order. */
	if (a->head != b->head && (c = poscmp(&a->hpos, &b->hpos)) != 0)
		return c;
	if (a->head != b->head)
		return a->head < b->head ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void
diag_sort(struct diags *d)
{
	if (d->n > 1)
		qsort(d->v, d->n, sizeof(*d->v), diagcmp);
}

static const char *
level_name(enum diag_level l)
{
	switch (l) {
	case DIAG_NOTE:
		return "note";
	case DIAG_WARN:
		return "warning";
	default:
		return "error";
	}
}

/* Where g points: "file:line:col: ", "file: " or "deckpress: ". */
static void
print_pos(FILE *f, const struct srcpos *pos)
{
	char *file;

	if (pos->file == NULL) {
		fprintf(f, "deckpress: ");
		return;
	}
	/* A file's name is the game's too: "art/\x1b[2J.png". */
	file = shown_dup(pos->file);
	if (pos->line == 0)
		fprintf(f, "%s: ", file);
	else
		fprintf(f, "%s:%u:%u: ", file, pos->line, pos->col);
	free(file);
}

/* One kind of diagnostic: a code and a level, in one file. */
struct kind {
	const char	*file, *code;
	enum diag_level	 level;
	size_t		 n, shown;
};

/* Files are mostly interned, but not every position's is. */
static bool
same_file(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static bool
same_kind(const struct kind *k, const struct diag *g)
{
	return same_file(k->file, g->pos.file) && k->level == g->level &&
	    strcmp(k->code ? k->code : "", g->code ? g->code : "") == 0;
}

/*
 * The kinds of the n diagnostics of v (notes go with theirs), each
 * with its count; caller frees.  Linear in the kinds, which are few in
 * one file: the codes are a fixed set.
 */
static struct kind *
count_kinds(const struct diag *v, size_t n, size_t *nkinds)
{
	struct kind *kv = NULL;
	size_t nk = 0, cap = 0, i, k;

	for (i = 0; i < n; i++) {
		if (v[i].level == DIAG_NOTE)
			continue;
		for (k = 0; k < nk && !same_kind(&kv[k], &v[i]); k++)
			;
		if (k == nk) {
			xgrow((void **)&kv, &cap, nk + 1, sizeof(*kv));
			kv[nk++] = (struct kind){ v[i].pos.file, v[i].code,
			    v[i].level, 0, 0 };
		}
		kv[k].n++;
	}
	*nkinds = nk;
	return kv;
}

static struct kind *
kind_of(struct kind *v, size_t n, const struct diag *g)
{
	size_t k;

	for (k = 0; k < n && !same_kind(&v[k], g); k++)
		;
	return &v[k];
}

/* "and N more 'code' errors in this file, not shown", at g. */
static void
print_more(FILE *f, const struct diag *g, size_t n)
{
	print_pos(f, &g->pos);
	fprintf(f, "%s: and %zu more %s%s%s%s%s, not shown\n",
	    level_name(g->level), n, g->code ? "'" : "", g->code ? g->code :
	    "", g->code ? "' " : "", level_name(g->level),
	    g->pos.file ? "s in this file" : "s");
}

/*
 * Print the n diagnostics of v, one file's.  A flood of one kind
 * (200 000 unknown columns of a CSV) would bury the rest and take
 * minutes to scroll: the first DIAG_SHOWN of a kind are printed, then
 * one line counts the others, where the next would have been.  It has
 * the level of those it stands for, so that an editor's list still
 * shows something is wrong there.
 */
static void
print_file(FILE *f, const struct diag *v, size_t n)
{
	const struct diag *g;
	struct kind *kinds, *k;
	size_t nkinds, i;
	bool hide = false;

	kinds = count_kinds(v, n, &nkinds);
	for (i = 0; i < n; i++) {
		g = &v[i];
		if (g->level != DIAG_NOTE) {
			k = kind_of(kinds, nkinds, g);
			hide = k->shown++ >= DIAG_SHOWN;
			/* The first one hidden stands for all of them. */
			if (k->shown == DIAG_SHOWN + 1)
				print_more(f, g, k->n - DIAG_SHOWN);
		}
		if (hide)
			continue;
		print_pos(f, &g->pos);
		fprintf(f, "%s: %s\n", level_name(g->level), g->msg);
	}
	free(kinds);
}

void
diag_print(FILE *f, const struct diags *d)
{
	size_t i, j;

	/* Sorted, a file's diagnostics (and their notes) are together. */
	for (i = 0; i < d->n; i = j) {
		for (j = i + 1; j < d->n && same_file(d->v[j].hpos.file,
		    d->v[i].hpos.file); j++)
			;
		print_file(f, d->v + i, j - i);
	}
}

void
diag_drop(struct diags *d, const char *code, const char *lang)
{
	size_t i, k = 0, dropped = (size_t)-1;

	d->nerr = d->nwarn = 0;
	for (i = 0; i < d->n; i++) {
		struct diag *g = &d->v[i];
		bool drop = g->level == DIAG_NOTE ? g->head == dropped :
		    g->code != NULL && strcmp(g->code, code) == 0 &&
		    g->lang != NULL && strcmp(g->lang, lang) == 0;

		if (g->level != DIAG_NOTE)
			dropped = drop ? g->head : (size_t)-1;
		if (drop) {
			free(g->msg);
			free(g->card);
			free(g->lang);
			free(g->rule);
			free(g->expected);
			continue;
		}
		if (g->level == DIAG_ERROR)
			d->nerr++;
		else if (g->level == DIAG_WARN)
			d->nwarn++;
		d->v[k++] = *g;
	}
	d->n = k;
}

/* A diagnostic counted in d, or no longer (by -1). */
static void
count(struct diags *d, const struct diag *g, int by)
{
	if (g->level == DIAG_ERROR)
		d->nerr += (size_t)by;
	else if (g->level == DIAG_WARN)
		d->nwarn += (size_t)by;
}

void
diag_move(struct diags *from, size_t first, struct diags *to)
{
	size_t i;

	for (i = first; i < from->n; i++) {
		xgrow((void **)&to->v, &to->cap, to->n + 1, sizeof(*to->v));
		to->v[to->n++] = from->v[i];
		count(from, &from->v[i], -1);
		count(to, &from->v[i], 1);
	}
	if (first < from->n)
		from->n = first;
}

void
diag_rule(struct diags *d, const char *rule, const char *expected,
    long actual)
{
	struct diag *g;

	if (d->n == 0)
		return;
	g = &d->v[d->n - 1];
	free(g->rule);
	free(g->expected);
	g->rule = xstrdup(rule);
	g->expected = xstrdup(expected);
	g->actual = actual;
}

void
diag_about(struct diags *d, const char *card, const char *lang)
{
	struct diag *g;

	if (d->n == 0)
		return;
	g = &d->v[d->n - 1];
	free(g->card);
	free(g->lang);
	g->card = card ? shown_dup(card) : NULL;
	g->lang = lang ? xstrdup(lang) : NULL;
}

/*
 * A JSON string of text quoted from input, its control characters
 * written out as in the text messages ("\\x1b"), so that a program
 * printing the message prints no escape sequence either.
 */
void
json_string(FILE *f, const char *s)
{
	char *safe, *p;

	if (s == NULL) {
		fputs("null", f);
		return;
	}
	safe = shown_dup(s);
	fputc('"', f);
	for (p = safe; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', f);
		fputc(*p, f);
	}
	fputc('"', f);
	free(safe);
}

static void
json_diag(FILE *f, const struct diag *g)
{
	fprintf(f, "{\"severity\": ");
	json_string(f, level_name(g->level));
	fprintf(f, ", \"code\": ");
	json_string(f, g->code);
	fprintf(f, ", \"file\": ");
	json_string(f, g->pos.file);
	fprintf(f, ", \"line\": %u, \"column\": %u, \"card\": ",
	    g->pos.line, g->pos.col);
	json_string(f, g->card);
	fprintf(f, ", \"language\": ");
	json_string(f, g->lang);
	fprintf(f, ", \"rule\": ");
	json_string(f, g->rule);
	fprintf(f, ", \"expected\": ");
	json_string(f, g->expected);
	if (g->rule != NULL)
		fprintf(f, ", \"actual\": %ld", g->actual);
	else
		fprintf(f, ", \"actual\": null");
	fprintf(f, ", \"message\": ");
	json_string(f, g->msg);
}

void
diag_json(FILE *f, const struct diags *d)
{
	size_t i;
	bool notes = false;

	fputs("[", f);
	for (i = 0; i < d->n; i++) {
		const struct diag *g = &d->v[i];

		if (g->level == DIAG_NOTE && i > 0) {
			fputs(notes ? ", " : ", \"notes\": [", f);
			json_diag(f, g);
			fputs("}", f);
			notes = true;
			continue;
		}
		if (i > 0)
			fputs(notes ? "]}," : "},", f);
		fputs("\n  ", f);
		json_diag(f, g);
		notes = false;
	}
	if (d->n > 0)
		fputs(notes ? "]}\n" : "}\n", f);
	fputs("]", f);
}

void
diag_free(struct diags *d)
{
	size_t i;

	if (d == NULL)
		return;
	for (i = 0; i < d->n; i++) {
		free(d->v[i].msg);
		free(d->v[i].card);
		free(d->v[i].lang);
		free(d->v[i].rule);
		free(d->v[i].expected);
	}
	free(d->v);
	for (i = 0; i < d->nfiles; i++)
		free(d->files[i]);
	free(d->files);
	free(d->read);
	memset(d, 0, sizeof(*d));
}
