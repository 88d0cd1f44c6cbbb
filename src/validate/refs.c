/* SPDX-License-Identifier: MIT */
/*
 * Rule booklets (cards/<game>/rules/<lang>.md) against the deck: every
 * [[card:ID]] must name a card, and a card title quoted in bold or in
 * quotation marks should be spelled as on the card.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "checking.h"

/* What the scan looks ahead for: next_of()'s patterns. */
enum { PAT_REF_END, PAT_NL, PAT_BOLD, PAT_RSQUO, PAT_RDQUO, PAT_DQ, PAT_SQ,
    NPAT };
static const char *const pats[NPAT] = { "]]", "\n", "**", "\xe2\x80\x99",
    "\xe2\x80\x9d", "\"", "'" };

struct scan {
	const struct deck	*deck;
	size_t			 li;
	const char		*file;
	const char		*buf;
	struct diags		*d;
	const char		**titles;	/* folded, per card */
	const char		*mark;		/* where markpos was counted to */
	struct srcpos		 markpos;
	size_t			 nunknown;	/* unknown cards named so far */
	const char		*next[NPAT];	/* next_of()'s */
	bool			 known[NPAT];
};

/*
 * Hints for the first MAX_HINTS unknown cards of a file only: each
 * costs a look at every card of the deck (as in load/texts.c).
 */
#define MAX_HINTS	100

/*
 * Line and column (characters) of p in the file.  Counted on from the
 * last place asked for, as places come in file order: counting from
 * the start each time made a file of many bad references quadratic.
 */
static struct srcpos
at(struct scan *s, const char *p)
{
	struct srcpos pos = { s->file, 1, 1 };
	const char *q = s->buf;

	if (s->mark != NULL && s->mark <= p) {
		pos = s->markpos;
		q = s->mark;
	}
	for (; q < p; q++)
		if (*q == '\n') {
			pos.line++;
			pos.col = 1;
		} else if (((unsigned char)*q & 0xC0) != 0x80)
			pos.col++;
	s->mark = p;
	s->markpos = pos;
	return pos;
}

static void
check_ref(struct scan *s, const char *p, const char *end)
{
	char *id = g_strndup(p + 7, (gsize)(end - p - 7));
	const struct card *c = deck_card(s->deck, id);
	const struct text *t;
	const char *hint, *tf;
	struct srcpos pos;

	if (c == NULL) {
		pos = at(s, p);
		hint = s->nunknown++ < MAX_HINTS ?
		    deck_suggest_id(s->deck, id) : NULL;
		diag_add(s->d, DIAG_ERROR, &pos, "card-ref", "[[card:%s]] names "
		    "no card%s%s%s", id, HINT_ARGS(hint));
		diag_about(s->d, NULL, s->deck->langs[s->li]);
	} else if (card_title(s->deck, c, s->li, &t) == NULL && t == NULL &&
	    c->texts[s->li].n > 0) {
		/* A card without a title: say that, not "no card". */
		tf = s->deck->kinds[c->kind].title_field;
		pos = at(s, p);
		diag_add(s->d, DIAG_ERROR, &pos, "card-ref", "[[card:%s]] prints "
		    "the card's title, but card '%s' has no '%s' in '%s'", id,
		    id, tf ? tf : "title", s->deck->langs[s->li]);
		diag_about(s->d, id, s->deck->langs[s->li]);
	}
	g_free(id);
}

/*
 * Case-folded, without surrounding blanks and punctuation: a title
 * shouted in the text ("DATA BREACH!") is still that title.
 */
static char *
fold(const char *s, size_t n)
{
	char *t = g_utf8_casefold(s, (gssize)n), *st = g_strstrip(t);
	size_t len;

	while (*st && strchr(".,;:!?'\"", *st) != NULL)
		st++;
	len = strlen(st);
	while (len > 0 && strchr(".,;:!?'\"", st[len - 1]) != NULL)
		len--;
	memmove(t, st, len);
	t[len] = '\0';
	return t;
}

/*
 * A quoted or bold phrase: if it is close to a card title but not one,
 * it is probably a misspelt title.  Phrases far from every title are
 * just emphasis and are left alone.
 */
static void
check_phrase(struct scan *s, const char *p, const char *q, size_t n)
{
	char *f = fold(q, n);
	size_t i, best = (size_t)-1, bi = 0, dist, len = strlen(f), tl;
	const struct text *t;

	if (len < 3 || len > 120)
		goto out;
	for (i = 0; i < s->deck->ncards; i++) {
		if (s->titles[i] == NULL)
			continue;
		if (strcmp(s->titles[i], f) == 0)
			goto out;
		/* At least the lengths' difference apart: never a hint. */
		tl = strlen(s->titles[i]);
		if ((tl > len ? tl - len : len - tl) * 3 > len)
			continue;
		dist = edit_distance(f, s->titles[i]);
		if (dist < best) {
			best = dist;
			bi = i;
		}
	}
	if (best == (size_t)-1 || best * 3 > len || best == 0)
		goto out;
	card_title(s->deck, &s->deck->cards[bi], s->li, &t);
	{
		struct srcpos pos = at(s, p);

		diag_add(s->d, DIAG_WARN, &pos, "title-ref", "'%.*s' is no card "
		    "title; did you mean '%s'?", (int)n, q, t->value);
		diag_about(s->d, s->deck->cards[bi].id, s->deck->langs[s->li]);
	}
out:
	g_free(f);
}

/*
 * The first pattern k at or after p, remembered until the scan passes
 * it: the scan only goes forward, so each pattern is searched for over
 * the file once, where a search from each opening delimiter to its
 * close or the line's end cost the square of a long line of them.
 */
static const char *
next_of(struct scan *s, int k, const char *p)
{
	if (!s->known[k] || (s->next[k] != NULL && s->next[k] < p)) {
		s->next[k] = strstr(p, pats[k]);
		s->known[k] = true;
	}
	return s->next[k];
}

/* The phrase opened at p by the delimiter open, closed by pattern k. */
static const char *
phrase(struct scan *s, const char *p, const char *open, int k)
{
	size_t lo = strlen(open);
	const char *q = p + lo, *e = next_of(s, k, q);
	const char *nl = next_of(s, PAT_NL, q);

	if (e != NULL && (nl == NULL || nl > e) && e != q)
		check_phrase(s, p, q, (size_t)(e - q));
	/* Go on inside: a [[card:ID]] in bold is checked too. */
	return p + lo;
}

/* Straight quotes only open a phrase at a word start (not "team's"). */
static bool
word_start(const struct scan *s, const char *p)
{
	return p == s->buf || !isalnum((unsigned char)p[-1]);
}

static void
scan(struct scan *s)
{
	const char *p = s->buf, *e, *nl;

	while (*p) {
		if (strncmp(p, "[[card:", 7) == 0 &&
		    (e = next_of(s, PAT_REF_END, p)) != NULL &&
		    ((nl = next_of(s, PAT_NL, p)) == NULL || nl > e)) {
			check_ref(s, p, e);
			p = e + 2;
		} else if (*p == '\\' && p[1] != '\0')
			p += 2;		/* \[[ is text, \* no emphasis */
		else if (strncmp(p, "**", 2) == 0)
			p = phrase(s, p, "**", PAT_BOLD);
		else if (strncmp(p, "\xe2\x80\x98", 3) == 0)	/* ‘ */
			p = phrase(s, p, "\xe2\x80\x98", PAT_RSQUO);
		else if (strncmp(p, "\xe2\x80\x9c", 3) == 0)	/* “ */
			p = phrase(s, p, "\xe2\x80\x9c", PAT_RDQUO);
		else if ((*p == '\'' || *p == '"') && word_start(s, p))
			p = phrase(s, p, *p == '"' ? "\"" : "'",
			    *p == '"' ? PAT_DQ : PAT_SQ);
		else
			p++;
	}
}

bool
validate_booklet(const struct deck *deck, size_t li, struct diags *d)
{
	struct scan s = { .deck = deck, .li = li, .d = d };
	char *path, *name = g_strdup_printf("rules/%s.md", deck->langs[li]);
	struct srcpos pos = { NULL, 0, 0 };
	char *buf;
	size_t i, len;

	path = path_join(deck->dir, name);
	g_free(name);
	if (!file_exists(path)) {
		free(path);
		return false;
	}
	s.file = pos.file = diag_file(d, path);
	buf = (char *)confine_read(deck->confine, path, MAX_MD_BYTES, "booklet",
	    &pos, &len, d);
	free(path);
	if (buf == NULL)
		return true;	/* there, but refused: reported */
	s.buf = buf;
	s.titles = xcalloc(deck->ncards + 1, sizeof(char *));
	for (i = 0; i < deck->ncards; i++) {
		const char *t = card_title(deck, &deck->cards[i], li, NULL);

		s.titles[i] = t ? fold(t, strlen(t)) : NULL;
	}
	scan(&s);
	for (i = 0; i < deck->ncards; i++)
		g_free((char *)s.titles[i]);
	free(s.titles);
	free(buf);
	return true;
}
