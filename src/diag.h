/* SPDX-License-Identifier: MIT */
/*
 * Diagnostics: every stage appends here instead of printing, so that
 * all problems of an input are collected and reported together, sorted
 * by file and line, by main.c alone.
 */
#ifndef DECKPRESS_DIAG_H
#define DECKPRESS_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct srcpos {
	const char	*file;		/* interned by load; NULL: no file */
	unsigned int	 line, col;	/* 1-based; 0: unknown */
};

enum diag_level { DIAG_NOTE, DIAG_WARN, DIAG_ERROR };

struct diag {
	enum diag_level	 level;
	struct srcpos	 pos;
	const char	*code;		/* short stable id, e.g. "unknown-key" */
	char		*msg;		/* owned */
	size_t		 seq;		/* insertion order, for a stable sort */
	char		*card;		/* owned: the card it is about, or NULL */
	char		*lang;		/* owned: the language, or NULL */
	char		*rule;		/* owned: a failed rule's label, or NULL */
	char		*expected;	/* owned: what it expected */
	long		 actual;	/* what the deck has */
	size_t		 head;		/* seq of the diagnostic a note belongs to */
	struct srcpos	 hpos;		/* position of that diagnostic */
};

struct diags {
	struct diag	*v;
	size_t		 n, cap;
	size_t		 nerr, nwarn;
	size_t		 nseq;		/* diagnostics ever added */
	char		**files;	/* interned file names, owned */
	size_t		 nfiles, capfiles;
	const char	**read;		/* the files and folders read, of files */
	size_t		 nread, capread;
};

/*
 * Intern a file name so positions can point at it for as long as the
 * diagnostics live, whatever happens to the document that was read.
 */
const char *diag_file(struct diags *d, const char *path);
/*
 * diag_file(), and remember that path (a file, or a folder whose every
 * file is read, like fonts/) was read, for 'deckpress watch'.
 */
const char *diag_read(struct diags *d, const char *path);

/*
 * Append a diagnostic.  A DIAG_NOTE attaches to the diagnostic added
 * just before it and is printed right after it.  Returns 0 so callers
 * can "return diag_add(...)" where a status is expected.
 */
int	 diag_add(struct diags *d, enum diag_level level,
	    const struct srcpos *pos, const char *code, const char *fmt, ...)
	    __attribute__((format(printf, 5, 6)));

/* Say which rule the last diagnostic is about, with its numbers. */
void	 diag_rule(struct diags *d, const char *rule, const char *expected,
	    long actual);

/* Remove the diagnostics with this code about lang (and their notes). */
void	 diag_drop(struct diags *d, const char *code, const char *lang);

/*
 * Move the diagnostics of from, from the first'th on, to the end of to
 * (their strings with them).  Their files stay interned in from: to
 * must not be printed once from is freed.
 */
void	 diag_move(struct diags *from, size_t first, struct diags *to);

/* Say which card and language the last diagnostic is about (for JSON). */
void	 diag_about(struct diags *d, const char *card, const char *lang);

/*
 * The three arguments for "%s%s%s" that add "; did you mean 'x'?" to a
 * message when hint (a string, or NULL) is not NULL.
 */
#define HINT_ARGS(hint)	((hint) ? "; did you mean '" : ""), \
			((hint) ? (hint) : ""), ((hint) ? "'?" : "")

/* Sort by file, line and column (notes stay with their diagnostic). */
void	 diag_sort(struct diags *d);

/* Of one kind (level and code) in one file, the diagnostics printed. */
#define DIAG_SHOWN	20

/*
 * Print "file:line:col: level: message" lines, then nothing else; the
 * summary line is the caller's.  Past DIAG_SHOWN of one kind in one
 * file, one line "and N more 'CODE' errors in this file, not shown"
 * stands for the rest, at the first of them; d sorted (diag_sort), or
 * the cap counts each run of one file apart.  JSON keeps them all.
 */
void	 diag_print(FILE *f, const struct diags *d);
/*
 * Print the diagnostics as a JSON array of objects with severity,
 * code, file, line, column, card, language and message; notes go into
 * a "notes" array of their diagnostic.
 */
void	 diag_json(FILE *f, const struct diags *d);

/* Write s as a JSON string literal. */
void	 json_string(FILE *f, const char *s);
void	 diag_free(struct diags *d);

/* How deckpress exits: bad input, a bad command line, an I/O error. */
enum { EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

/*
 * A message's context, if any, before what it says: printf("%s%s...",
 * CTX_FMT(ctx)) prints "card 'x': " for ctx "card 'x'", nothing for NULL.
 */
#define CTX_FMT(ctx)	((ctx) ? (ctx) : ""), ((ctx) ? ": " : "")

#endif
