/* SPDX-License-Identifier: MIT */
/*
 * libyaml events into a small tree of scalars, sequences and mappings,
 * each node with its 1-based source position.  libyaml reports neither
 * duplicate keys nor alias cycles, so both are checked here (aliases and
 * merge keys in yalias.c), and the encoding is checked first so that a
 * bad byte gets a line and column.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include <glib.h>

#include "ytree.h"
#include "../confine/confine.h"
#include "ybuild.h"

static bool
next_event(struct builder *b, yaml_event_t *ev)
{
	if (yaml_parser_parse(&b->p, ev))
		return true;
	return ytree_failed(b);
}

/*
 * Length of the well-formed UTF-8 sequence at s (left bytes remain),
 * its code point in *cp; 0 if the bytes are no UTF-8.
 */
static size_t
utf8_char(const unsigned char *s, size_t left, unsigned int *cp)
{
	static const unsigned int min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	unsigned int c = s[0];
	size_t n, i;

	if (c < 0x80)
		n = 1;
	else if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4;
	else
		return 0;
	if (n > left)
		return 0;
	if (n > 1)
		c &= 0x7F >> n;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	/* Overlong forms, surrogates and code points past U+10FFFF. */
	if (c < min[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return n;
}

static bool
printable(unsigned int c)
{
	return c == 0x09 || c == 0x0A || c == 0x0D ||
	    (c >= 0x20 && c <= 0x7E) || c == 0x85 ||
	    (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
	    (c >= 0x10000 && c <= 0x10FFFF);
}

/*
 * Check the encoding before libyaml does: its reader errors carry a
 * byte offset instead of a line and column, and name the byte after a
 * broken sequence rather than the one that starts it.  UTF-16 input
 * (with a byte order mark) is left to libyaml.
 */
static bool
check_encoding(struct builder *b)
{
	const unsigned char *s = b->buf;
	struct srcpos pos;
	size_t i, n;
	unsigned int c = 0;

	if (b->len >= 2 && ((s[0] == 0xFF && s[1] == 0xFE) ||
	    (s[0] == 0xFE && s[1] == 0xFF)))
		return true;
	for (i = 0; i < b->len; i += n) {
		/* Printable ASCII, most of any file, needs no decoding. */
		if ((s[i] >= 0x20 && s[i] < 0x7F) || s[i] == '\n') {
			n = 1;
			continue;
		}
		if ((n = utf8_char(s + i, b->len - i, &c)) != 0 &&
		    printable(c))
			continue;
		pos = ytree_offpos(b, i);
		if (n == 1 && c == 0 && i < 2 && b->len >= 4 && s[i + 2] == 0)
			diag_add(b->d, DIAG_ERROR, &pos, "encoding", "a NUL "
			    "byte every other byte: the file looks like "
			    "UTF-16; save it as UTF-8");
		else if (n == 0)
			diag_add(b->d, DIAG_ERROR, &pos, "encoding", "byte "
			    "0x%02X is not valid UTF-8; save the file as UTF-8",
			    s[i]);
		else
			diag_add(b->d, DIAG_ERROR, &pos, "encoding",
			    "control character U+%04X is not allowed in YAML",
			    c);
		b->failed = true;
		return false;
	}
	return true;
}

static struct ynode *build(struct builder *b, yaml_event_t *ev, int depth);

static struct ynode *
newnode(struct builder *b, enum ynode_type t, const yaml_mark_t *m)
{
	struct ynode *n = arena_alloc(b->a, sizeof(*n));

	n->type = t;
	n->pos = ytree_mkpos(b, m);
	return n;
}

/*
 * ytree_line_at() for the parse as it goes: it asks for lines in order, so
 * each is found from the one before, not from the file's start (a text
 * file of 12 000 empty values took seconds).
 */
static const unsigned char *
line_ahead(struct builder *b, size_t line0, size_t *len)
{
	size_t i = b->ahead_off, line = b->ahead_line, j;

	if (line0 < line)
		i = line = 0;
	while (i < b->len && line < line0)
		if (b->buf[i++] == '\n')
			line++;
	b->ahead_line = line;
	b->ahead_off = i;
	for (j = i; j < b->len && b->buf[j] != '\n'; j++)
		continue;
	*len = j - i;
	return b->buf + i;
}

/*
 * "fill: #E0A030" is a key with no value and a comment: remember the
 * colour so that whoever needs a value can say why it is missing.
 * Returns the node with the colour beside it, or NULL if there is none.
 */
static struct ynode *
lost_colour(struct builder *b, const yaml_mark_t *m)
{
	const unsigned char *l;
	struct ylost *lost;
	size_t len, i, k, at;

	l = line_ahead(b, m->line, &len);
	/* The mark's column counts characters; find its byte. */
	for (i = 0, k = 0; i < len && k < m->column; i++)
		if ((l[i] & 0xC0) != 0x80)
			k++;
	for (at = i; i < len && (l[i] == ' ' || l[i] == '\t'); i++)
		continue;
	if ((k = ytree_hex_colour(l + i, len - i)) == 0)
		return NULL;
	lost = arena_alloc(b->a, sizeof(*lost));
	lost->colour = arena_strndup(b->a, (const char *)l + i, k);
	lost->pos = ytree_pos0(b, m->line, m->column + (i - at));
	lost->node.lost = true;
	return &lost->node;
}

static struct ynode *
build_scalar(struct builder *b, yaml_event_t *ev)
{
	bool plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	size_t len = ev->data.scalar.length;
	struct ynode *n = NULL;

	if (plain && len == 0)
		n = lost_colour(b, &ev->end_mark);
	if (n == NULL)
		n = arena_alloc(b->a, sizeof(*n));
	n->type = YNODE_SCALAR;
	n->pos = ytree_mkpos(b, &ev->start_mark);
	n->end_line = (unsigned int)ev->end_mark.line + 1;
	n->end_col = (unsigned int)ev->end_mark.column + 1;
	n->len = (unsigned int)len;	/* at most MAX_SCALAR */
	/* Empty values are common ("title:", "~" is not one): share "". */
	n->str = len == 0 ? "" : arena_strndup(b->a,
	    (const char *)ev->data.scalar.value, len);
	n->plain = plain;
	return n;
}

/*
 * Is kid, a key of a mapping at depth, the root's key whose mapping
 * the builder streams?  The first such key only, as ytree_get() finds.
 */
static bool
stream_key(struct builder *b, int depth, const struct ynode *kid)
{
	if (b->stream == NULL || b->streamed || depth != 0 ||
	    kid->type != YNODE_SCALAR || strcmp(kid->str, b->stream->key) != 0)
		return false;
	b->streamed = true;
	return true;
}

/*
 * Collect children until the closing event on the builder's stack,
 * shared by every level so that a container costs no allocation of
 * its own but its final array; returns how many, or -1 on failure.
 */
static long
build_children(struct builder *b, yaml_event_type_t end, int depth)
{
	struct ynode *kid;
	size_t base = b->nstack;
	yaml_event_t ev;

	for (;;) {
		if (!next_event(b, &ev))
			return -1;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			return (long)(b->nstack - base);
		}
		kid = build(b, &ev, depth + 1);
		yaml_event_delete(&ev);
		if (kid == NULL)
			return -1;
		xgrow((void **)&b->stack, &b->capstack, b->nstack + 1,
		    sizeof(*b->stack));
		b->stack[b->nstack++] = kid;
		b->stream_next = end == YAML_MAPPING_END_EVENT &&
		    (b->nstack - base) % 2 == 1 && stream_key(b, depth, kid);
	}
}

static struct ynode *
build_seq(struct builder *b, yaml_event_t *ev, int depth)
{
	struct ynode *n = newnode(b, YNODE_SEQ, &ev->start_mark);
	size_t base = b->nstack;
	long cnt;

	if ((cnt = build_children(b, YAML_SEQUENCE_END_EVENT, depth)) < 0)
		return NULL;
	n->n = (size_t)cnt;
	n->items = arena_alloc(b->a, n->n * sizeof(*n->items));
	/* An empty list may come before the stack was ever grown. */
	if (n->n > 0)
		memcpy(n->items, b->stack + base, n->n * sizeof(*n->items));
	b->nstack = base;
	return n;
}

/* Key k repeats the one given at first. */
static void
dup_key(struct builder *b, const struct ynode *k, const struct srcpos *first)
{
	diag_add(b->d, DIAG_ERROR, &k->pos, "duplicate-key",
	    "duplicate key '%s'", k->str);
	diag_add(b->d, DIAG_NOTE, first, NULL, "'%s' first given here",
	    k->str);
}

/* Keys of a mapping this small are compared, not hashed. */
#define FEW_KEYS	8

static const struct ynode *
seen_key(GHashTable *seen, const struct ynode *map, size_t i)
{
	const char *s = map->pairs[i].key->str;
	const struct ynode *k;
	size_t j;

	if (seen != NULL)
		return g_hash_table_lookup(seen, s);
	for (j = 0; j < i; j++)
		if ((k = map->pairs[j].key)->type == YNODE_SCALAR &&
		    strcmp(k->str, s) == 0)
			return k;
	return NULL;
}

static void
check_keys(struct builder *b, struct ynode *map)
{
	/* A text file read whole maps thousands of ids: hash them. */
	GHashTable *seen = map->n > FEW_KEYS ?
	    g_hash_table_new(g_str_hash, g_str_equal) : NULL;
	size_t i;

	for (i = 0; i < map->n; i++) {
		const struct ynode *k = map->pairs[i].key, *o;

		/* The loaders read keys as strings: drop the tree. */
		if (k->type != YNODE_SCALAR) {
			diag_add(b->d, DIAG_ERROR, &k->pos, "yaml",
			    "a key must be plain text, not %s", ytree_kind(k));
			b->failed = true;
			continue;
		}
		if ((o = seen_key(seen, map, i)) != NULL)
			dup_key(b, k, &o->pos);
		else if (seen != NULL)
			g_hash_table_insert(seen, (gpointer)k->str, (gpointer)k);
	}
	if (seen != NULL)
		g_hash_table_destroy(seen);
}

static struct ynode *
build_map(struct builder *b, yaml_event_t *ev, int depth)
{
	struct ynode *n = newnode(b, YNODE_MAP, &ev->start_mark);
	struct ynode **flat = NULL;
	size_t base = b->nstack, i;
	long cnt;

	if ((cnt = build_children(b, YAML_MAPPING_END_EVENT, depth)) < 0)
		return NULL;
	/* libyaml guarantees key/value alternation inside a mapping. */
	n->n = (size_t)cnt / 2;
	if (n->n > 0)
		flat = b->stack + base;
	n->pairs = arena_alloc(b->a, n->n * sizeof(*n->pairs));
	for (i = 0; i < n->n; i++) {
		n->pairs[i].key = flat[2 * i];
		n->pairs[i].val = flat[2 * i + 1];
	}
	b->nstack = base;
	check_keys(b, n);
	if (ytree_has_merge(n))
		ytree_merge(b, n);
	return n;
}

/* Where a key of a streamed mapping was first given. */
struct seen {
	struct srcpos	 pos;
	char		 str[];
};

/*
 * check_keys() for key k of a streamed mapping, whose pairs go once
 * read: seen holds a copy of each key so far, in arena tree.
 */
static void
check_streamed_key(struct builder *b, GHashTable *seen, struct arena *tree,
    const struct ynode *k)
{
	struct seen *o;

	if (k->type != YNODE_SCALAR) {
		diag_add(b->d, DIAG_ERROR, &k->pos, "yaml",
		    "a key must be plain text, not %s", ytree_kind(k));
		b->failed = true;
	} else if ((o = g_hash_table_lookup(seen, k->str)) != NULL)
		dup_key(b, k, &o->pos);
	else {
		o = arena_alloc(tree, sizeof(*o) + k->len + 1);
		o->pos = k->pos;
		memcpy(o->str, k->str, k->len);
		g_hash_table_insert(seen, o->str, o);
	}
}

/*
 * A node of a streamed pair that an anchor marks or an alias repeats
 * would be gone with its pair: the streamed read gives up, without a
 * word, and parse() reads the file whole.
 */
static struct ynode *
stream_gives_up(struct builder *b)
{
	b->failed = true;
	return NULL;
}

/*
 * The mapping the builder streams (ytree_stream()): each pair is built
 * in an arena of its own, handed to the reader and dropped.  The tree
 * keeps an empty mapping in its place.
 */
static struct ynode *
stream_map(struct builder *b, yaml_event_t *ev, int depth)
{
	struct ynode *n = newnode(b, YNODE_MAP, &ev->start_mark), *k, *v;
	struct arena *tree = b->a, pair = { 0 };
	GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
	yaml_event_t e;
	bool ok = false;

	n->pairs = arena_alloc(tree, 0);
	b->a = &pair;
	b->in_stream = true;
	while (next_event(b, &e)) {
		if (e.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&e);
			ok = true;
			break;
		}
		k = build(b, &e, depth + 1);
		yaml_event_delete(&e);
		if (k == NULL || !next_event(b, &e))
			break;
		v = build(b, &e, depth + 1);
		yaml_event_delete(&e);
		if (v == NULL)
			break;
		/* A merge key reaches back into the pairs gone. */
		if (k->type == YNODE_SCALAR && k->plain &&
		    strcmp(k->str, "<<") == 0) {
			stream_gives_up(b);
			break;
		}
		check_streamed_key(b, seen, tree, k);
		if (!b->failed)
			b->stream->pair(b->stream->ctx, k, v);
		arena_free(&pair);
	}
	b->a = tree;
	b->in_stream = false;
	arena_free(&pair);
	g_hash_table_destroy(seen);
	return ok ? n : NULL;
}

static struct ynode *
too_many(struct builder *b, const struct srcpos *pos)
{
	diag_add(b->d, DIAG_ERROR, pos, "limit", "more than %d values in "
	    "one file: split the deck, or check the file is the one meant",
	    MAX_NODES);
	b->failed = true;
	return NULL;
}

/*
 * Refuse what deckpress does not read: a tag ("!x" would silently drop
 * text that starts with '!'), and text past MAX_SCALAR.
 */
static bool
plain_node(struct builder *b, const yaml_event_t *ev,
    const struct srcpos *pos)
{
	const yaml_char_t *tag = NULL;
	const unsigned char *l;
	size_t len, i, k;

	if (ev->type == YAML_SCALAR_EVENT) {
		tag = ev->data.scalar.tag;
		if (ev->data.scalar.length > MAX_SCALAR) {
			diag_add(b->d, DIAG_ERROR, pos, "limit", "text of %zu "
			    "bytes: at most %d KiB fit in one value",
			    ev->data.scalar.length, MAX_SCALAR >> 10);
			b->failed = true;
			return false;
		}
	} else if (ev->type == YAML_SEQUENCE_START_EVENT)
		tag = ev->data.sequence_start.tag;
	else if (ev->type == YAML_MAPPING_START_EVENT)
		tag = ev->data.mapping_start.tag;
	if (tag == NULL)
		return true;
	/* As written ("!!int"), not as resolved ("tag:yaml.org,..."). */
	l = ytree_line_at(b, ev->start_mark.line, &len);
	for (i = ev->start_mark.column; i < len && l[i] != '!'; i++)
		continue;
	for (k = i; k < len && strchr(" \t,]}", l[k]) == NULL; k++)
		continue;
	diag_add(b->d, DIAG_ERROR, pos, "yaml", "'%.*s' is a YAML tag, which "
	    "deckpress does not read: put text that starts with '!' in "
	    "quotes", k > i ? (int)(k - i) : (int)strlen((const char *)tag),
	    k > i ? (const char *)l + i : (const char *)tag);
	b->failed = true;
	return false;
}

/*
 * Can the file hold more than MAX_NODES nodes?  Every node but the
 * root comes with one of the bytes "-:,?[{" (a block entry, a key and
 * its value, a flow item, a container), and none of them brings more
 * than three (a flow mapping's brace: the mapping, its first key and
 * that key's empty value); those in quoted text and comments only make
 * the bound looser.
 */
static bool
maybe_too_many(const struct builder *b)
{
	static const unsigned char makes[256] = { ['-'] = 1, [':'] = 1,
	    [','] = 1, ['?'] = 1, ['['] = 1, ['{'] = 1 };
	size_t i, n = 0;

	for (i = 0; i < b->len; i++)
		n += makes[b->buf[i]];
	return n > (MAX_NODES - 1) / 3;
}

/*
 * A large file may hold more nodes than MAX_NODES: count its events
 * before building anything, so that refusing it costs a parse, not a
 * tree.  A file of len bytes holds fewer than 2 * len + 16 nodes (each
 * takes at least a byte or two of syntax), so small files skip this,
 * and so does one with few of the bytes that make nodes: a deck's text
 * file of 12 000 cards is read once, not twice.  Syntax errors are
 * left to the real pass.
 */
static bool
count_nodes(struct builder *b)
{
	yaml_parser_t q;
	yaml_event_t ev;
	size_t n = 0;
	bool done = false, ok = true;

	if (b->len <= (MAX_NODES - 16) / 2 || !maybe_too_many(b) ||
	    !yaml_parser_initialize(&q))
		return true;
	yaml_parser_set_input_string(&q, b->buf, b->len);
	while (!done && yaml_parser_parse(&q, &ev)) {
		done = ev.type == YAML_STREAM_END_EVENT;
		if ((ev.type == YAML_SCALAR_EVENT ||
		    ev.type == YAML_SEQUENCE_START_EVENT ||
		    ev.type == YAML_MAPPING_START_EVENT ||
		    ev.type == YAML_ALIAS_EVENT) && ++n > MAX_NODES) {
			struct srcpos pos = ytree_mkpos(b, &ev.start_mark);

			too_many(b, &pos);
			done = true;
			ok = false;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&q);
	return ok;
}

static struct ynode *
build_node(struct builder *b, yaml_event_t *ev, int depth, bool stream,
    const struct srcpos *pos)
{
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		return build_scalar(b, ev);
	case YAML_SEQUENCE_START_EVENT:
		return build_seq(b, ev, depth);
	case YAML_MAPPING_START_EVENT:
		return stream ? stream_map(b, ev, depth) :
		    build_map(b, ev, depth);
	case YAML_ALIAS_EVENT:
		return ytree_alias(b, ev, pos);
	default:
		diag_add(b->d, DIAG_ERROR, pos, "yaml",
		    "unexpected YAML event");
		b->failed = true;
		return NULL;
	}
}

static struct ynode *
build(struct builder *b, yaml_event_t *ev, int depth)
{
	struct srcpos pos = ytree_mkpos(b, &ev->start_mark);
	bool stream = b->stream_next;
	const char *anchor = ytree_event_anchor(ev);
	struct ynode *n;
	size_t before = 0;

	b->stream_next = false;		/* for this node, not its children */
	if (depth > MAX_DEPTH) {
		diag_add(b->d, DIAG_ERROR, &pos, "yaml",
		    "nesting deeper than %d levels", MAX_DEPTH);
		b->failed = true;
		return NULL;
	}
	if (++b->nodes > MAX_NODES)
		return too_many(b, &pos);
	if (!plain_node(b, ev, &pos))
		return NULL;
	if (anchor != NULL && b->in_stream)
		return stream_gives_up(b);
	if (anchor != NULL && ev->type != YAML_ALIAS_EVENT)
		before = ytree_anchor_open(b, anchor);
	n = build_node(b, ev, depth, stream, &pos);
	if (n != NULL && anchor != NULL && ev->type != YAML_ALIAS_EVENT)
		ytree_anchor_close(b, anchor, n, before);
	return n;
}

static struct ynode *
parse_document(struct builder *b)
{
	yaml_event_t ev;
	struct ynode *root = NULL;
	yaml_event_type_t t;

	/* STREAM-START, then DOCUMENT-START or STREAM-END for empty. */
	do {
		if (!next_event(b, &ev))
			return NULL;
		t = ev.type;
		if (t == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			return NULL;
		}
		yaml_event_delete(&ev);
	} while (t != YAML_DOCUMENT_START_EVENT);
	if (!next_event(b, &ev))
		return NULL;
	root = build(b, &ev, 0);
	yaml_event_delete(&ev);
	if (root == NULL)
		return NULL;
	if (!next_event(b, &ev))
		return NULL;
	yaml_event_delete(&ev);		/* DOCUMENT-END */
	if (!next_event(b, &ev))
		return NULL;
	if (ev.type != YAML_STREAM_END_EVENT) {
		struct srcpos pos = ytree_mkpos(b, &ev.start_mark);

		diag_add(b->d, DIAG_ERROR, &pos, "yaml",
		    "only one YAML document per file");
		root = NULL;
	}
	yaml_event_delete(&ev);
	return root;
}

/* The file of b as a tree, streaming what b->stream names. */
static struct ynode *
run(struct builder *b)
{
	struct srcpos pos = { b->file, 1, 1 };
	struct ynode *root;
	size_t nerr = b->d->nerr;

	if (!yaml_parser_initialize(&b->p)) {
		diag_add(b->d, DIAG_ERROR, &pos, "yaml", "cannot start parser");
		return NULL;
	}
	yaml_parser_set_input_string(&b->p, b->buf, b->len);
	root = parse_document(b);
	yaml_parser_delete(&b->p);
	ytree_anchors_free(b);
	free(b->stack);
	b->stack = NULL;
	b->nstack = b->capstack = 0;
	if (root == NULL && b->d->nerr == nerr)
		diag_add(b->d, DIAG_ERROR, &pos, "empty", "file is empty");
	/* Duplicate keys leave a usable tree: the loaders report more. */
	return b->failed ? NULL : root;
}

/*
 * Forget the diagnostics added since d was as saved: those of a
 * streamed read that failed, which is read again whole.
 */
static void
rewind_diags(struct diags *d, const struct diags *saved)
{
	struct diag *g;

	while (d->n > saved->n) {
		g = &d->v[--d->n];
		free(g->msg);
		free(g->card);
		free(g->lang);
		free(g->rule);
		free(g->expected);
	}
	d->nerr = saved->nerr;
	d->nwarn = saved->nwarn;
	d->nseq = saved->nseq;
}

/*
 * Hand the pairs of root's mapping that s names to s->pair() and empty
 * it, as if it had been streamed.
 */
static void
feed(struct ynode *root, const struct ystream *s)
{
	struct ynode *n = ytree_get(root, s->key);
	size_t i;

	if (n == NULL || n->type != YNODE_MAP)
		return;
	for (i = 0; i < n->n; i++)
		s->pair(s->ctx, n->pairs[i].key, n->pairs[i].val);
	n->n = 0;
}

/*
 * ytree_parse(), the mapping s names (if s is not NULL) streamed.  A
 * streamed read that fails may have handed some pairs to the reader
 * before: s->undo() forgets them and the file is read again whole, so
 * that what is said about it is what ytree_parse() says, nothing more.
 */
static struct ynode *
parse(struct arena *a, const char *name, const unsigned char *buf,
    size_t len, const struct ystream *s, struct diags *d)
{
	struct builder b = { .a = a, .d = d, .file = diag_file(d, name),
	    .buf = buf, .len = len, .stream = s };
	struct diags saved = *d;
	struct ynode *root;

	if (!check_encoding(&b) || !count_nodes(&b))
		return NULL;
	if ((root = run(&b)) != NULL || s == NULL)
		return root;
	rewind_diags(d, &saved);
	if (b.streamed)
		s->undo(s->ctx);
	b = (struct builder){ .a = a, .d = d, .file = b.file, .buf = buf,
	    .len = len };
	/* A sound file streams but for anchors and merge keys in the
	 * mapping streamed (stream_gives_up()). */
	if ((root = run(&b)) != NULL)
		feed(root, s);
	return root;
}

struct ynode *
ytree_parse(struct arena *a, const char *name, const unsigned char *buf,
    size_t len, struct diags *d)
{
	return parse(a, name, buf, len, NULL, d);
}

/* ytree_load(), the mapping s names (if s is not NULL) streamed. */
static struct ynode *
load(struct arena *a, const struct confine *c, const char *path,
    const struct ystream *s, struct diags *d)
{
	struct srcpos pos = { diag_read(d, path), 0, 0 };
	unsigned char *buf;
	struct ynode *root;
	size_t len;

	if ((buf = confine_read(c, path, MAX_YAML_BYTES, "YAML file", &pos,
	    &len, d)) == NULL)
		return NULL;
	root = parse(a, path, buf, len, s, d);
	free(buf);
	return root;
}

struct ynode *
ytree_load(struct arena *a, const struct confine *c, const char *path,
    struct diags *d)
{
	return load(a, c, path, NULL, d);
}

struct ynode *
ytree_stream(struct arena *a, const struct confine *c, const char *path,
    const struct ystream *s, struct diags *d)
{
	return load(a, c, path, s, d);
}

/* FNV-1a over len bytes of p. */
static uint64_t
fnv(uint64_t h, const void *p, size_t len)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return h;
}

uint64_t
ytree_hash(uint64_t h, const struct ynode *n)
{
	unsigned char head[3];
	uint64_t count;
	size_t i;

	if (n == NULL)
		return fnv(h, "\xff", 1);
	head[0] = n->type;
	head[1] = n->plain;
	head[2] = n->lost;
	h = fnv(h, head, sizeof(head));
	/* The count first: ["a", "b"] is not ["ab"]. */
	count = n->type == YNODE_SCALAR ? n->len : n->n;
	h = fnv(h, &count, sizeof(count));
	switch (n->type) {
	case YNODE_SCALAR:
		return fnv(h, n->str, n->len);
	case YNODE_SEQ:
		for (i = 0; i < n->n; i++)
			h = ytree_hash(h, n->items[i]);
		return h;
	default:
		for (i = 0; i < n->n; i++)
			h = ytree_hash(ytree_hash(h, n->pairs[i].key),
			    n->pairs[i].val);
		return h;
	}
}
