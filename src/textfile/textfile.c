/* SPDX-License-Identifier: MIT */
/*
 * The translator's file: write or update text/<lang>.yaml with every
 * string the language needs, the source text beside each as a comment,
 * and the hash of the source each translation was made from.  What the
 * translator wrote (strings, order, their own comments) is kept, new
 * strings are added empty, stale ones are flagged; a second run
 * changes nothing.  "deckpress import" writes text files the same way,
 * the source language's too, with only the strings the deck has.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>

#include "oldfile.h"
#include "../confine/confine.h"
#include "../ytree/ytree.h"

/*
 * Can s be written as a plain YAML scalar and read back unchanged?
 * flow: inside a flow collection, where any of , [ ] { } ends it.
 */
static bool
plain_ok(const char *s, bool flow)
{
	static const char *const words[] = { "true", "false", "yes", "no",
	    "on", "off", "null", "y", "n", NULL };
	size_t n = strlen(s), i;
	char *end;

	if (n == 0 || s[0] == ' ' || s[n - 1] == ' ' ||
	    strchr("-?:,[]{}#&*!|>'\"%@`~", s[0]) != NULL)
		return false;
	if (strstr(s, ": ") || strstr(s, " #") || s[n - 1] == ':')
		return false;
	if (flow && strpbrk(s, ",[]{}") != NULL)
		return false;
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == '\\')
			return false;
	for (i = 0; words[i] != NULL; i++)
		if (g_ascii_strcasecmp(s, words[i]) == 0)
			return false;
	strtod(s, &end);
	return *end != '\0';
}

void
textfile_scalar(struct strbuf *b, const char *s, bool flow)
{
	if (s == NULL) {
		sb_puts(b, "~");
		return;
	}
	if (plain_ok(s, flow)) {
		sb_puts(b, s);
		return;
	}
	sb_puts(b, "\"");
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			sb_printf(b, "\\%c", *s);
		else if (*s == '\n')
			sb_puts(b, "\\n");
		else if ((unsigned char)*s < 0x20)
			sb_printf(b, "\\x%02x", (unsigned char)*s);
		else
			sb_add(b, s, 1);
	sb_puts(b, "\"");
}

/* A comment holds one line: the source text, newlines shown as \\n. */
static void
put_comment(struct strbuf *b, const char *s)
{
	for (; *s; s++)
		if (*s == '\n')
			sb_puts(b, "\\n");
		else
			sb_add(b, s, 1);
}

struct counts {
	size_t	strings, added, stale, todo;
};

/* One run of writing the file: where, what, and how. */
struct writer {
	struct strbuf		 b;
	const struct oldfile	*o;
	const struct deck	*deck;
	size_t			 li;
	const char		*srclang;
	struct counts		 n;
	bool			 verbatim;	/* values as the file had them */
	bool			 all;		/* every string the source has,
						   new ones empty (strings);
						   else the deck's only (import) */
};

/* A string the language has of its own (not deckpress's default). */
static const struct text *
own_text(const struct card *c, size_t li, const char *field)
{
	const struct text *t;

	card_text(c, li, field, &t);
	return t != NULL && !t->deflt ? t : NULL;
}

/*
 * The fields of card c in language li, in the order to write them; all:
 * the source's too.
 */
static size_t
field_order(const struct card *c, size_t li, bool all, const char **out,
    size_t max)
{
	const struct cardtext *ct = &c->texts[li], *src = &c->texts[0];
	size_t n = 0, i;

	/* What the file has, in its order (it is loaded in that order),
	 * even a string whose source is gone: it is the translator's... */
	for (i = 0; i < ct->n && n < max; i++)
		if (!ct->v[i].deflt)
			out[n++] = ct->v[i].field;
	/* ...then what the source has that the file lacks, in the
	 * source's order (a default pack string is written out, but for
	 * deckpress's strings of one duplex mode: only a pack printed so
	 * asks for them, and names any its language lacks). */
	for (i = 0; all && i < src->n && n < max; i++)
		if (own_text(c, li, src->v[i].field) == NULL &&
		    !(src->v[i].deflt && pack_mode_string(src->v[i].field)))
			out[n++] = src->v[i].field;
	return n;
}

static void
put_value(struct writer *w, const struct text *t, int ind)
{
	if (t == NULL || t->value == NULL) {
		sb_puts(&w->b, "~");
		return;
	}
	/* The translator's own quoting and line breaks, kept. */
	if (w->verbatim && !t->deflt && !t->edited &&
	    textfile_old_value(&w->b, w->o, t, ind))
		return;
	textfile_scalar(&w->b, t->value, false);
}

/*
 * A stale string: the source text it was made from (an earlier run
 * wrote it above it; a default's is deckpress's) and what changed.
 */
static void
put_stale(struct writer *w, const struct text *t, const struct text *src,
    int ind)
{
	char *old = t->deflt && t->src_text ? g_strdup(t->src_text) :
	    textfile_old_source(w->o, t), *diff;

	w->n.stale++;
	sb_printf(&w->b, "%*s# STALE: the %s text changed since this was "
	    "translated; update it, then delete its hash in 'source'\n",
	    ind, "", w->srclang);
	if (old == NULL)
		return;
	sb_printf(&w->b, "%*s# %s was: ", ind, "", w->srclang);
	put_comment(&w->b, old);
	diff = textfile_word_diff(old, src->value);
	sb_printf(&w->b, "\n%*s# change: ", ind, "");
	put_comment(&w->b, diff);
	sb_puts(&w->b, "\n");
	g_free(diff);
	g_free(old);
}

/* "field: value", and the comment the file had after the value. */
static void
put_keyval(struct writer *w, const char *field, const struct text *t,
    int ind)
{
	sb_printf(&w->b, "%*s%s: ", ind, "", field);
	put_value(w, t, ind);
	if (t != NULL && !t->deflt)
		textfile_old_trailing(&w->b, w->o, t);
	sb_puts(&w->b, "\n");
}

/* A string the source no longer has: kept for the translator. */
static void
put_obsolete(struct writer *w, const char *field, const struct text *t,
    int ind)
{
	sb_printf(&w->b, "%*s# OBSOLETE: no %s text any more\n", ind, "",
	    w->srclang);
	put_keyval(w, field, t, ind);
}

static void
put_field(struct writer *w, const struct card *c, const char *field, int ind)
{
	const struct text *t = NULL, *src = NULL;
	char h[9];

	card_text(c, 0, field, &src);
	card_text(c, w->li, field, &t);
	/* On the entry's own line ({body: ...}) the comments above are
	 * the entry's, written with it. */
	if (t != NULL && !t->deflt &&
	    t->key_pos.line != c->texts[w->li].key_pos.line)
		textfile_old_comments(&w->b, w->o, t->key_pos.line, ind);
	/* The source's own file: its strings, nothing about them. */
	if (w->li == 0) {
		w->n.strings++;
		put_keyval(w, field, t, ind);
		return;
	}
	if (src == NULL) {
		put_obsolete(w, field, t, ind);
		return;
	}
	w->n.strings++;
	if (src->value != NULL) {
		sb_printf(&w->b, "%*s# %s: ", ind, "", w->srclang);
		put_comment(&w->b, src->value);
		sb_puts(&w->b, "\n");
		text_hash(src->value, h);
	}
	if (t == NULL)
		w->n.added++;
	/* Marked until translated, so a second run writes the same. */
	if (t == NULL || t->value == NULL) {
		sb_printf(&w->b, "%*s# NEW: to translate\n", ind, "");
		w->n.todo++;
	} else if (t->src_hash != NULL && src->value != NULL &&
	    strcmp(t->src_hash, h) != 0)
		put_stale(w, t, src, ind);
	put_keyval(w, field, t, ind);
}

/*
 * source: the hash of the source text each string translates, for
 * every string written: a translation keeps the hash it had (it stays
 * stale until dealt with), one not yet written, or written without a
 * hash, takes the source's of now, so filling it in keeps it.
 */
static void
put_sources(struct writer *w, const struct card *c, const char **fields,
    size_t nf, int ind)
{
	const struct text *t, *src;
	struct strbuf l = { 0 };
	size_t i;
	char h[9];

	if (c->texts[w->li].src_line > 0 &&
	    c->texts[w->li].src_line != c->texts[w->li].key_pos.line)
		textfile_old_comments(&w->b, w->o, c->texts[w->li].src_line,
		    ind);
	for (i = 0; i < nf; i++) {
		if (card_text(c, 0, fields[i], &src) == NULL)
			continue;
		card_text(c, w->li, fields[i], &t);
		if (t != NULL && t->value != NULL && t->src_hash != NULL)
			snprintf(h, sizeof(h), "%s", t->src_hash);
		else
			text_hash(src->value, h);
		sb_printf(&l, "%s%s: %s", l.len ? ", " : "", fields[i], h);
	}
	if (l.len > 0)
		sb_printf(&w->b, "%*ssource: {%s}\n", ind, "", l.s);
	sb_free(&l);
}

/*
 * same: strings meant to equal the source's; a default that equals its
 * source (a title, "Index") is one of them.
 */
static void
put_same(struct writer *w, const struct card *c, const char **fields,
    size_t nf, int ind)
{
	const struct text *t, *src;
	struct strbuf l = { 0 };
	size_t i;

	for (i = 0; i < nf; i++) {
		card_text(c, w->li, fields[i], &t);
		if (t == NULL || t->value == NULL)
			continue;
		if (t->same || (t->deflt && card_text(c, 0, fields[i],
		    &src) != NULL && strcmp(src->value, t->value) == 0))
			sb_printf(&l, "%s%s", l.len ? ", " : "", fields[i]);
	}
	if (l.len > 0)
		sb_printf(&w->b, "%*ssame: [%s]\n", ind, "", l.s);
	sb_free(&l);
}

/* One entry: a card, the pack, or an attribute's values, at indent. */
static void
put_entry(struct writer *w, const struct card *c, const char *key, int ind)
{
	const char *fields[64];
	size_t nf = field_order(c, w->li, w->all, fields, 64), i;

	if (c->texts[w->li].pos.file != NULL)
		textfile_old_comments(&w->b, w->o, c->texts[w->li].key_pos.line,
		    ind);
	sb_printf(&w->b, "%*s%s:%s\n", ind, "", key, nf == 0 ? " {}" : "");
	for (i = 0; i < nf; i++)
		put_field(w, c, fields[i], ind + 2);
	if (w->li == 0)
		return;		/* the source translates nothing */
	put_sources(w, c, fields, nf, ind + 2);
	put_same(w, c, fields, nf, ind + 2);
}

/* Has the language's file an entry for c, or the deck strings of its own? */
static bool
own_entry(const struct writer *w, const struct card *c)
{
	const struct cardtext *ct = &c->texts[w->li];
	size_t i;

	if (ct->pos.file != NULL)
		return true;
	for (i = 0; i < ct->n; i++)
		if (!ct->v[i].deflt)
			return true;
	return false;
}

/*
 * Is the entry of c (an attribute's values, a kind's strings) left out:
 * strings writes those the source or the file has strings for, import
 * those the language has.
 */
static bool
skipped(const struct writer *w, const struct card *c)
{
	if (c->texts == NULL)
		return true;
	if (!w->all)
		return !own_entry(w, c);
	return c->texts[0].n == 0 && c->texts[w->li].n == 0;
}

/* values: the strings of each attribute's values the source has. */
static void
put_values(struct writer *w)
{
	const struct deck *deck = w->deck;
	bool any = false;
	size_t i;

	for (i = 0; i < deck->nattrdefs; i++) {
		const struct card *c = &deck->vals[i];

		if (skipped(w, c))
			continue;
		if (!any)
			sb_puts(&w->b, "values:\n");
		any = true;
		put_entry(w, c, c->id, 2);
	}
}

/* components: the strings each kind of component shares. */
static void
put_kinds(struct writer *w)
{
	const struct deck *deck = w->deck;
	bool any = false;
	size_t i;

	for (i = 0; i < deck->nkinds; i++) {
		const struct card *c = &deck->kinds[i].strs;

		if (skipped(w, c))
			continue;
		if (!any)
			sb_puts(&w->b, "components:\n");
		any = true;
		put_entry(w, c, c->id, 2);
	}
}

/* The pack's strings, a section of their own after the cards. */
static void
put_pack(struct writer *w)
{
	const struct card *c = &w->deck->pack;

	if (c->texts == NULL || c->texts[0].n == 0 ||
	    (!w->all && !own_entry(w, c)))
		return;
	put_entry(w, c, "pack", 0);
}

/* Cards in the file's order, then the deck's cards the file lacks. */
static const struct card **
card_order(const struct deck *deck, size_t li)
{
	const struct card **v = xcalloc(deck->ncards + 1, sizeof(*v));
	size_t n = 0, i, j;

	for (i = 0; i < deck->ncards; i++)
		if (deck->cards[i].texts[li].pos.file != NULL)
			v[n++] = &deck->cards[i];
	/* Insertion sort by line: stable, and linear when the file is
	 * already in deck order, as it usually is. */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1]->texts[li].key_pos.line >
		    v[j]->texts[li].key_pos.line; j--) {
			const struct card *t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	for (i = 0; i < deck->ncards; i++)
		if (deck->cards[i].texts[li].pos.file == NULL)
			v[n++] = &deck->cards[i];
	return v;
}

/* Comment lines after the last entry of the old file. */
static void
put_tail(struct strbuf *b, const struct oldfile *o)
{
	size_t end = o->n, first;

	while (end > 0 && o->lines[end - 1][strspn(o->lines[end - 1],
	    " \t")] == '\0')
		end--;
	for (first = end; first > 0 &&
	    textfile_old_comment(o->lines[first - 1]); first--)
		;
	/* A file of comments only has its header, not a tail. */
	for (; first > 0 && first < end; first++)
		sb_printf(b, "%s\n", o->lines[first]);
}

/* The file's opening comments, or a header for a new file. */
static void
put_header(struct strbuf *b, const struct oldfile *o, const struct deck *deck,
    size_t li)
{
	size_t i;

	if ((o->n == 0 || !textfile_old_comment(o->lines[0])) && li == 0) {
		sb_printf(b, "# %s card texts in '%s', the source language, "
		    "from a spreadsheet:\n# deckpress import FILE --into %s\n"
		    "# writes them; comments, and strings it leaves empty, stay "
		    "as written.\n", deck->game, deck->langs[0], deck->dir);
		return;
	}
	if (o->n == 0 || !textfile_old_comment(o->lines[0])) {
		sb_printf(b, "# %s card texts in '%s', translated from '%s'.\n"
		    "# Kept up to date by: deckpress strings %s --lang %s\n"
		    "# Each string has its %s text above it.  NEW strings are "
		    "to translate;\n# a STALE one translates an older %s "
		    "text: update it, then delete its\n# hash in 'source'.  "
		    "'same: [field]' marks a string meant to equal the\n"
		    "# source, such as a name.\n", deck->game, deck->langs[li],
		    deck->langs[0], deck->dir, deck->langs[li], deck->langs[0],
		    deck->langs[0]);
		return;
	}
	for (i = 0; i < o->n && textfile_old_comment(o->lines[i]); i++)
		sb_printf(b, "%s\n", o->lines[i]);
}

/*
 * Write b to a new temporary file beside path, to rename over it later:
 * false if it cannot be (reported, nothing left behind).
 */
static bool
strings_stage(struct outfile *out, const char *path, const struct strbuf *b,
    struct diags *d)
{
	/* A text file or deck.yaml it read: rewritten on purpose. */
	if (!outfile_rewrite(out, path, d))
		return false;
	if ((b->len > 0 && !outfile_write(out, b->s, b->len)) ||
	    !outfile_check(out, d)) {
		outfile_close(out, false, d);
		return false;
	}
	return true;
}

/*
 * keep: rename out's file over its path, else delete it.  False if
 * keeping failed (reported; the temporary file deleted).
 */
static bool
strings_commit(struct outfile *out, bool keep, struct diags *d)
{
	return outfile_close(out, keep, d) || !keep;
}

/* Write b to path through a temporary file beside it. */
static bool
write_file(const char *path, const struct strbuf *b, struct diags *d)
{
	struct outfile out;

	return strings_stage(&out, path, b, d) && strings_commit(&out, true,
	    d);
}

/* The entry for key of section in the model: a card, values or pack. */
static const struct card *
entry_of(const struct deck *deck, const char *section, const char *key)
{
	if (strcmp(section, "cards") == 0)
		return deck_card(deck, key);
	if (strcmp(section, "values") == 0)
		return deck_vals(deck, key);
	if (strcmp(section, "components") == 0)
		return deck_kind_strs(deck, key);
	return &deck->pack;
}

/* Does one entry's mapping hold the strings the model has? */
static bool
entry_reads_back(const struct writer *w, const struct card *c,
    const struct ynode *map)
{
	const struct text *t;
	const char *want;
	size_t i;

	if (c == NULL || map->type != YNODE_MAP)
		return false;
	for (i = 0; i < map->n; i++) {
		const struct ypair *p = &map->pairs[i];

		if (strcmp(p->key->str, "source") == 0 ||
		    strcmp(p->key->str, "same") == 0)
			continue;
		want = card_text(c, w->li, p->key->str, &t);
		if (ytree_isnull(p->val) ? want != NULL : want == NULL ||
		    p->val->type != YNODE_SCALAR || strcmp(want,
		    p->val->str) != 0)
			return false;
	}
	return true;
}

/*
 * Does the new file read back as the strings the model holds?  Copying
 * a value as the translator wrote it could, in some corner of YAML,
 * change it; then the values are written in deckpress's own quoting.
 */
static bool
reads_back(const struct writer *w)
{
	static const char *const sections[] = { "cards", "values",
	    "components", NULL };
	struct arena a = { 0 };
	struct diags d = { 0 };
	const struct ynode *root, *sec;
	size_t k, i;
	bool ok;

	root = ytree_parse(&a, "strings", (const unsigned char *)w->b.s,
	    w->b.len, &d);
	ok = root != NULL && d.nerr == 0 && root->type == YNODE_MAP;
	for (k = 0; ok && sections[k] != NULL; k++) {
		if ((sec = ytree_get(root, sections[k])) == NULL)
			continue;
		for (i = 0; ok && sec->type == YNODE_MAP && i < sec->n; i++)
			ok = entry_reads_back(w, entry_of(w->deck, sections[k],
			    sec->pairs[i].key->str), sec->pairs[i].val);
	}
	if (ok && (sec = ytree_get(root, "pack")) != NULL)
		ok = entry_reads_back(w, &w->deck->pack, sec);
	arena_free(&a);
	diag_free(&d);
	return ok;
}

/* The whole file into w->b. */
static void
write_all(struct writer *w)
{
	const struct card **order;
	size_t i;

	put_header(&w->b, w->o, w->deck, w->li);
	sb_puts(&w->b, "cards:\n");
	order = card_order(w->deck, w->li);
	for (i = 0; i < w->deck->ncards; i++)
		/* A token or a board shows no text of its own: no entry,
		 * unless the translator wrote one. */
		if ((w->all && order[i]->texts[0].pos.file != NULL) ||
		    own_entry(w, order[i]))
			put_entry(w, order[i], order[i]->id, 2);
	free(order);
	put_values(w);
	put_kinds(w);
	put_pack(w);
	put_tail(&w->b, w->o);
}

bool
textfile_render(const struct deck *deck, size_t li, const char *path,
    bool all, struct strbuf *out, struct strings_report *r)
{
	struct oldfile o = { NULL, 0, deck->langs[0] };
	struct writer w;
	unsigned char *old;
	const char *why;
	size_t len;

	textfile_old_read(&o, deck->confine, path);
	memset(&w, 0, sizeof(w));
	w.o = &o;
	w.deck = deck;
	w.li = li;
	w.srclang = deck->langs[0];
	w.verbatim = true;
	w.all = all;
	write_all(&w);
	if (!reads_back(&w)) {
		sb_free(&w.b);
		memset(&w.n, 0, sizeof(w.n));
		w.verbatim = false;
		write_all(&w);
	}
	r->changed = !confine_slurp(deck->confine, path, MAX_YAML_BYTES, &old,
	    &len, &why) || len != w.b.len || memcmp(old, w.b.s, len) != 0;
	free(old);
	r->strings = w.n.strings;
	r->added = w.n.added;
	r->stale = w.n.stale;
	r->todo = w.n.todo;
	*out = w.b;
	textfile_old_free(&o);
	return r->changed;
}

/* textfile_accept() for one entry's strings. */
static size_t
accept_entry(struct deck *deck, struct card *c, size_t li)
{
	const struct text *src;
	size_t i, n = 0;
	char h[9];

	if (c->texts == NULL)
		return 0;
	for (i = 0; i < c->texts[li].n; i++) {
		struct text *t = &c->texts[li].v[i];

		if (t->deflt || t->value == NULL || card_text(c, 0, t->field,
		    &src) == NULL || src->value == NULL)
			continue;
		text_hash(src->value, h);
		if (t->src_hash != NULL && strcmp(t->src_hash, h) == 0)
			continue;
		t->src_hash = arena_strdup(&deck->arena, h);
		n++;
	}
	return n;
}

size_t
textfile_accept(struct deck *deck, size_t li)
{
	size_t i, n = 0;

	for (i = 0; i < deck->ncards; i++)
		n += accept_entry(deck, &deck->cards[i], li);
	for (i = 0; deck->vals != NULL && i < deck->nattrdefs; i++)
		n += accept_entry(deck, &deck->vals[i], li);
	for (i = 0; i < deck->nkinds; i++)
		n += accept_entry(deck, &deck->kinds[i].strs, li);
	return n + accept_entry(deck, &deck->pack, li);
}

bool
textfile_update(const struct deck *deck, size_t li, const char *path,
    struct strings_report *r, struct diags *d)
{
	struct strbuf b;
	bool ok;

	/* Unchanged content: leave the file (and its time stamp) alone. */
	ok = !textfile_render(deck, li, path, true, &b, r) ||
	    write_file(path, &b, d);
	sb_free(&b);
	return ok;
}

int
textfile_write_lang(const struct deck *deck, size_t li, char **path,
    struct strings_report *r, struct diags *d)
{
	char *dir = path_join(deck->dir, "text");
	char *name = g_strdup_printf("%s.yaml", deck->langs[li]);
	int rc = 0;

	*path = path_join(dir, name);
	g_free(name);
	/* Written only in the game: text/ may be a link to another's. */
	if (!confine_check(deck->confine, *path, "text file", NULL, NULL, d))
		rc = EXIT_INPUT;
	else if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot make %s: %s", dir,
		    strerror(errno));
		rc = EXIT_IO;
	} else if (!textfile_update(deck, li, *path, r, d))
		rc = EXIT_IO;
	free(dir);
	return rc;
}

/*
 * A card the translation has strings for but the source none: the
 * source's entry is gone (a slip, most likely).  Rewriting would mark
 * the translator's work obsolete, so it is an error, as a card whose
 * layout shows texts without them would be.
 */
void
textfile_source_lost(const struct deck *deck, size_t li, struct diags *d)
{
	size_t i;

	if (deck->broken[0])
		return;		/* the source's file has errors, reported */
	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];

		if (c->texts[0].pos.file != NULL || c->texts[li].n == 0)
			continue;
		diag_add(d, DIAG_ERROR, &c->pos, "missing-text", "%s: no text "
		    "in language '%s'", c->label, deck->langs[0]);
		diag_about(d, c->id, deck->langs[0]);
	}
}
