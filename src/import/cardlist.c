/* SPDX-License-Identifier: MIT */
/*
 * deck.yaml's card list as a spreadsheet gives it, for "deckpress
 * import": the rest of the file stays as written, the comments above an
 * entry go with it, an entry the table leaves as it was is copied as
 * written, a new or changed one is written {id: ..., ...} in the
 * attributes' order.  Also the first deck.yaml of a new deck.  Part of
 * the import stage; textfile/ writes the text files.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "importing.h"
#include "../textfile/textfile.h"

/*
 * The old card list, by lines (1-based).  An item runs from its '-' to
 * its last line that is not blank or a comment; the blank and comment
 * lines above it are its lead.
 */
struct list {
	size_t	 key;		/* line of "cards:"; 0: none */
	bool	 block;		/* items on lines of their own, the deck's
				   cards in their order */
	size_t	 end;		/* the line after the list's last item */
	size_t	 next;		/* the line of the key after it, or n + 1 */
	size_t	 nitems;
	size_t	*lead, *start, *last;	/* per item */
	int	 indent;	/* of the items' '-' */
};

struct lines {
	char	**v;		/* g_strfreev() */
	size_t	  n;
};

static const char *
line(const struct lines *L, size_t l)
{
	return L->v[l - 1];
}

/* A line of a file saved on Windows ends in "\r": blank all the same. */
static bool
blank_or_comment(const char *s)
{
	s += strspn(s, " \t\r");
	return *s == '\0' || *s == '#';
}

/* Spaces, one '-' and spaces before column col of line s? */
static bool
dash_before(const char *s, unsigned int col, int *indent)
{
	const char *p = s + strspn(s, " "), *end;

	if (col == 0 || (size_t)g_utf8_strlen(s, -1) < col - 1)
		return false;
	end = g_utf8_offset_to_pointer(s, col - 1);
	if (*p != '-' || p >= end)
		return false;
	*indent = (int)(p - s);
	for (p++; p < end; p++)
		if (*p != ' ')
			return false;
	return true;
}

/* The items of a block list v, if each is on lines of its own. */
static bool
find_items(const struct lines *L, const struct ynode *v,
    const struct deck *deck, struct list *l)
{
	size_t i, n = v->n;
	int ind;

	if (v->type != YNODE_SEQ || n == 0 || n != deck->ncards)
		return false;
	l->lead = xcalloc(3 * n, sizeof(size_t));
	l->start = l->lead + n;
	l->last = l->start + n;
	for (i = 0; i < n; i++) {
		const struct ynode *id = ytree_get(v->items[i], "id");

		if (id == NULL || id->type != YNODE_SCALAR ||
		    strcmp(id->str, deck->cards[i].id) != 0)
			return false;
		l->start[i] = v->items[i]->pos.line;
		if (!dash_before(line(L, l->start[i]), v->items[i]->pos.col,
		    &ind) || l->start[i] <= (i ? l->start[i - 1] : l->key) ||
		    l->start[i] >= l->end)
			return false;
		if (i == 0)
			l->indent = ind;
	}
	for (i = 0; i < n; i++) {
		l->last[i] = (i + 1 < n ? l->start[i + 1] : l->end) - 1;
		while (l->last[i] > l->start[i] &&
		    blank_or_comment(line(L, l->last[i])))
			l->last[i]--;
		l->lead[i] = i ? l->last[i - 1] + 1 : l->key + 1;
	}
	l->nitems = n;
	return true;
}

/* Where the card list is in the old file, root its tree. */
static void
find_list(const struct lines *L, const struct ynode *root,
    const struct deck *deck, struct list *l)
{
	size_t k;

	memset(l, 0, sizeof(*l));
	l->indent = 2;
	for (k = 0; root != NULL && k < root->n; k++)
		if (strcmp(root->pairs[k].key->str, "cards") == 0)
			break;
	if (root == NULL || k == root->n)
		return;
	l->key = root->pairs[k].key->pos.line;
	l->next = k + 1 < root->n ? root->pairs[k + 1].key->pos.line :
	    L->n + 1;
	/* Comments before the next key are that key's. */
	for (l->end = l->next; l->end - 1 > l->key &&
	    blank_or_comment(line(L, l->end - 1)); l->end--)
		;
	l->block = find_items(L, root->pairs[k].val, deck, l);
	if (!l->block) {
		free(l->lead);
		l->lead = NULL;
		l->nitems = 0;
		l->indent = 2;
	}
}

static void
put_lines(struct strbuf *b, const struct lines *L, size_t from, size_t to)
{
	for (; from < to; from++)
		sb_printf(b, "%s\n", line(L, from));
}

/* "- {id: x, kind: action, count: 4}", the attributes in their order. */
static void
put_entry(struct strbuf *b, const struct import *im, const struct ientry *e,
    int indent)
{
	size_t k;

	sb_printf(b, "%*s- {id: ", indent, "");
	textfile_scalar(b, e->id, true);
	for (k = 0; k < im->nattrs; k++) {
		if (e->vals[k] == NULL)
			continue;
		sb_printf(b, ", %s: ", im->attrs[k]);
		/* A number as a number: hearts: 3, not "3" (checked). */
		if (im->attrnum[k])
			sb_puts(b, e->vals[k]);
		else
			textfile_scalar(b, e->vals[k], true);
	}
	if (e->count != 1)
		sb_printf(b, ", count: %u", e->count);
	sb_puts(b, "}");
}

/*
 * An old item rewritten: its comments kept, those of a longer item on
 * lines of their own above it, that of a one-line item after it.
 */
static void
put_changed(struct strbuf *b, const struct import *im, const struct ientry *e,
    const struct lines *L, const struct list *l, size_t j)
{
	const char *s, *c = NULL;
	size_t k;

	for (k = l->start[j]; k <= l->last[j]; k++) {
		s = line(L, k);
		if (blank_or_comment(s)) {
			s += strspn(s, " \t\r");
			if (*s != '\0')
				sb_printf(b, "%*s%s\n", l->indent, "", s);
			continue;
		}
		c = textfile_old_comment_in(s, s + strspn(s, " -"));
		if (c != NULL && l->start[j] != l->last[j]) {
			sb_printf(b, "%*s%s\n", l->indent, "", c);
			c = NULL;
		}
	}
	put_entry(b, im, e, l->indent);
	if (c != NULL)
		sb_printf(b, "  %s", c);
	sb_puts(b, "\n");
}

/* Is old item j (card j of the deck) a card of the table? */
static bool
kept(const bool *in, size_t j)
{
	return in[j];
}

/*
 * Old item j in the table's order: the leads of the items the table
 * dropped just before it first, then its own lead, then the item.
 */
static void
put_old(struct strbuf *b, const struct import *im, const struct ientry *e,
    const struct lines *L, const struct list *l, const bool *in)
{
	size_t j = e->old->index, r = j;

	while (r > 0 && !kept(in, r - 1))
		r--;
	for (; r < j; r++)
		put_lines(b, L, l->lead[r], l->start[r]);
	put_lines(b, L, l->lead[j], l->start[j]);
	if (e->changed)
		put_changed(b, im, e, L, l, j);
	else
		put_lines(b, L, l->start[j], l->last[j] + 1);
}

/* The entries, in the table's order. */
static void
put_items(struct strbuf *b, const struct import *im, const struct lines *L,
    const struct list *l, const bool *in)
{
	size_t i, r;

	for (i = 0; i < im->nentries; i++) {
		const struct ientry *e = &im->entries[i];

		if (l->block && e->old != NULL)
			put_old(b, im, e, L, l, in);
		else {
			put_entry(b, im, e, l->indent);
			sb_puts(b, "\n");
		}
	}
	/* The leads of dropped items after the last one kept. */
	for (r = l->nitems; r > 0 && !kept(in, r - 1); r--)
		;
	for (; r < l->nitems; r++)
		put_lines(b, L, l->lead[r], l->start[r]);
}

/* The "cards:" line, and the comments of a list written in one go. */
static void
put_key(struct strbuf *b, const struct lines *L, const struct list *l)
{
	const char *s = line(L, l->key), *c;
	size_t k;

	if (l->block) {
		sb_printf(b, "%s\n", s);
		return;
	}
	c = textfile_old_comment_in(s, s + strspn(s, " "));
	sb_printf(b, "cards:%s%s\n", c ? "  " : "", c ? c : "");
	for (k = l->key + 1; k < l->end; k++)
		if (blank_or_comment(line(L, k)) &&
		    line(L, k)[strspn(line(L, k), " \t\r")] != '\0')
			sb_printf(b, "%s\n", line(L, k));
}

static void
count_entries(const struct import *im, struct icounts *n)
{
	size_t i;

	for (i = 0; i < im->nentries; i++)
		if (im->entries[i].old == NULL)
			n->added++;
		else if (im->entries[i].changed)
			n->changed++;
}

/* Which of the deck's cards the table has. */
static bool *
table_has(const struct import *im, const struct deck *deck)
{
	bool *in = xcalloc(deck->ncards + 1, sizeof(*in));
	size_t i;

	for (i = 0; i < im->nentries; i++)
		if (im->entries[i].old != NULL)
			in[im->entries[i].old->index] = true;
	return in;
}

bool
import_deckyaml(const struct import *im, const struct deck *deck,
    const char *old, size_t len, struct strbuf *out, struct icounts *n,
    struct diags *d)
{
	struct arena a = { 0 };
	struct diags scratch = { 0 };
	const struct ynode *root = NULL;
	struct lines L = { NULL, 0 };
	struct list l;
	char *text = g_strndup(old ? old : "", old ? len : 0);
	bool *in = table_has(im, deck), ok = true;

	L.v = g_strsplit(text, "\n", -1);
	L.n = g_strv_length(L.v);
	if (L.n > 0 && *L.v[L.n - 1] == '\0')
		L.n--;		/* the file's last line break */
	if (old != NULL)
		root = ytree_parse(&a, deck->file, (const unsigned char *)old,
		    len, &scratch);
	if (old != NULL && (root == NULL || root->type != YNODE_MAP)) {
		diag_add(d, DIAG_ERROR, &(struct srcpos){ deck->file, 0, 0 },
		    "yaml", "cannot read the card list");
		ok = false;
		goto out;
	}
	find_list(&L, root, deck, &l);
	count_entries(im, n);
	memset(out, 0, sizeof(*out));
	put_lines(out, &L, 1, l.key ? l.key : L.n + 1);
	if (l.key == 0)
		sb_puts(out, "cards:\n");
	else
		put_key(out, &L, &l);
	put_items(out, im, &L, &l, in);
	if (l.key != 0)
		put_lines(out, &L, l.end, L.n + 1);
	free(l.lead);
out:
	free(in);
	g_strfreev(L.v);
	g_free(text);
	diag_free(&scratch);
	arena_free(&a);
	return ok;
}

/*
 * The layout of a new deck: "NAME", or "kind=NAME,kind=NAME" (checked
 * by the command) for a deck of components, each kind with its own.
 */
static void
put_layouts(struct strbuf *out, const char *spec)
{
	char **v, *eq;
	size_t i;

	if (strchr(spec, '=') == NULL) {
		sb_puts(out, "layout: ");
		textfile_scalar(out, spec, false);
		sb_puts(out, "\n");
		return;
	}
	sb_puts(out, "components:\n");
	v = g_strsplit(spec, ",", -1);
	for (i = 0; v[i] != NULL; i++) {
		eq = strchr(v[i], '=');
		*eq = '\0';
		sb_printf(out, "  %s: {layout: ", v[i]);
		textfile_scalar(out, eq + 1, false);
		sb_puts(out, "}\n");
	}
	g_strfreev(v);
}

void
import_newdeck(const struct import *im, const char *game,
    const char *const *langs, size_t nlangs, const char *layout,
    const char *csvname, struct strbuf *out)
{
	const struct newattr *na;
	size_t i, k;

	memset(out, 0, sizeof(*out));
	sb_printf(out, "# %s: begun by deckpress import from %s.\n# Give it "
	    "a title, credits, rules: an import rewrites only its cards.\n"
	    "game: %s\nlanguages: [", game, csvname, game);
	for (i = 0; i < nlangs; i++)
		sb_printf(out, "%s%s", i ? ", " : "", langs[i]);
	sb_puts(out, "]\n");
	put_layouts(out, layout);
	for (i = 0; i < im->nnew; i++) {
		na = &im->newattrs[i];
		sb_printf(out, "%s  %s: ", i ? "" : "attributes:\n", na->name);
		if (na->number) {
			sb_puts(out, "number\n");
			continue;
		}
		if (na->nvalues == 0)
			sb_puts(out, "text");
		for (k = 0; k < na->nvalues; k++) {
			sb_puts(out, k ? ", " : "[");
			textfile_scalar(out, na->values[k], true);
		}
		sb_puts(out, na->nvalues ? "]\n" : "\n");
	}
}
