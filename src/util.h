/* SPDX-License-Identifier: MIT */
/*
 * Small helpers every stage uses: allocation that never returns NULL,
 * an arena that owns a loaded document, and a growable string buffer.
 */
#ifndef DECKPRESS_UTIL_H
#define DECKPRESS_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

void	*xmalloc(size_t n);
void	*xcalloc(size_t nmemb, size_t size);
void	*xrealloc(void *p, size_t n);
char	*xstrdup(const char *s);

/*
 * Grow the array *v of *cap elements of size sz so that it holds at
 * least need elements.  Doubles, so appends are amortised O(1).
 */
void	 xgrow(void **v, size_t *cap, size_t need, size_t sz);

/* Bump allocator: everything of one loaded document lives in one. */
struct arena {
	struct arena_block	*head;
};

void	*arena_alloc(struct arena *a, size_t n);	/* zeroed */
char	*arena_strdup(struct arena *a, const char *s);
char	*arena_strndup(struct arena *a, const char *s, size_t n);
char	*arena_printf(struct arena *a, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	 arena_free(struct arena *a);

struct strbuf {
	char	*s;	/* always NUL-terminated once anything was added */
	size_t	 len, cap;
};

void	 sb_add(struct strbuf *b, const char *s, size_t n);
void	 sb_puts(struct strbuf *b, const char *s);
void	 sb_printf(struct strbuf *b, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	 sb_free(struct strbuf *b);
/*
 * Text quoted from input as a message may show it: each control
 * character written out ("\x1b", "U+009B"), so that no escape
 * sequence in a stranger's file reaches the terminal.  shown_dup()
 * returns a copy to free; shown_needed() says if s has any.
 */
void	 sb_shown(struct strbuf *b, const char *s);
char	*shown_dup(const char *s);
bool	 shown_needed(const char *s);

/* Edit distance (swaps count 1), for "did you mean" hints. */
size_t	 edit_distance(const char *a, const char *b);

/*
 * Of the n candidates, the one closest to word if it is close enough to
 * be a likely typo (distance <= 2 and less than half the word), or NULL.
 */
const char *closest_word(const char *word, const char *const *cand, size_t n);

/* Join dir and name with one '/'; caller frees. */
char	*path_join(const char *dir, const char *name);
/*
 * Is there something at path, a folder aside?  A FIFO or a device
 * counts: the reader (confine/gfile.c) refuses it and says what it is,
 * where "there is none" would mislead.
 */
int	 file_exists(const char *path);

/* Ids, language codes, game names: letters, digits, '-', '_'; 1-64. */
bool		 valid_ident(const char *s);
/* What is wrong with s as one ("is empty", ...), or NULL. */
const char	*ident_problem(const char *s);

/*
 * A spreadsheet cell a spreadsheet would run as a formula: export
 * writes it after an apostrophe, import takes that one off.
 */
bool		 cell_formula_like(const char *s);

#endif
