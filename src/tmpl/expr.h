/* SPDX-License-Identifier: MIT */
/*
 * The expressions a layout's values may be (expr.c): arithmetic over
 * numbers, lengths with their units and {name} references, the
 * comparisons and logic of a when:, and {name}s replaced in a string.
 * Pure: the names' values come from the caller, nothing is printed.
 */
#ifndef DECKPRESS_EXPR_H
#define DECKPRESS_EXPR_H

#include <stdbool.h>
#include <stddef.h>

#include "../util.h"

#define EXPR_MAX_LEN	1000	/* bytes of one expression */
#define EXPR_MAX_DEPTH	32	/* parentheses, signs and nots nested */
#define EXPR_MAX_NAME	64	/* bytes of a {name} */

/* What a value is: a plain number, a length, text, true or false, or
 * not known until a card is (a name only a card has a value for). */
enum evkind { EV_NUM, EV_LEN, EV_STR, EV_BOOL, EV_UNKNOWN };

struct evalue {
	enum evkind	 kind;
	double		 v;		/* NUM; LEN in pt; BOOL 0 or 1 */
	const char	*s;		/* STR, n bytes (not terminated) */
	size_t		 n;
	size_t		 at, end;	/* bytes of the source it came from */
};

/*
 * What get() returns for a name whose value a card will give, at a
 * time no card is known: the value is EV_UNKNOWN, no error.
 */
extern const char tmpl_expr_unknown[];

/* Where names get their values, and what the units are. */
struct eenv {
	const char	*(*get)(void *ctx, const char *name);	/* the value
					   as text, NULL: names nothing, or
					   tmpl_expr_unknown */
	void		*ctx;
	double		 dpi;		/* what 1px is: 1/dpi inch */
	double		 unit;		/* pt of a plain number beside a
					   length (the key's unit: mm, pt);
					   0: the key takes no length */
};

enum eerrcode { EXPR_OK, EXPR_SYNTAX, EXPR_NAME, EXPR_ZERO, EXPR_TYPE,
    EXPR_LIMIT };

/* Why an expression failed, and at which byte of it. */
struct eerr {
	enum eerrcode	 code;
	size_t		 at;
	char		 msg[200];
};

/*
 * Evaluate expression s: + - * / (numbers and lengths), unary minus,
 * parentheses, numbers with a unit (mm cm in pt px), {name}, quoted or
 * bare words, comparisons (== != < <= > >=) and and, or, not.  A
 * name's text is read as a number (with a unit) where arithmetic needs
 * one.  False with *err set on a syntax error, a name that names
 * nothing, a division by zero, a value of the wrong kind (a length
 * times a length, a word where a number is needed) or a limit passed.
 */
bool	tmpl_expr_eval(const char *s, const struct eenv *env,
	    struct evalue *out, struct eerr *err);

/*
 * s as a number of the key's unit (env->unit: a length is divided by
 * it; 0: a length is an error), or *unknown.  False with *err.
 */
bool	tmpl_expr_number(const char *s, const struct eenv *env, double *out,
	    bool *unknown, struct eerr *err);

/* s as a condition (true or false), or *unknown.  False with *err. */
bool	tmpl_expr_cond(const char *s, const struct eenv *env, bool *out,
	    bool *unknown, struct eerr *err);

/*
 * s with each {name} replaced by its value (\{ stays as written), in
 * arena a.  keep: a name get() does not know (NULL) stays as written;
 * else it is an error.  *unknown if some value is tmpl_expr_unknown
 * (then the result is NULL).  False with *err.
 */
bool	tmpl_expr_subst(struct arena *a, const char *s,
	    const struct eenv *env, bool keep, const char **out,
	    bool *unknown, struct eerr *err);

/* Does s hold a {name} reference (not \{)? */
bool	tmpl_expr_has_ref(const char *s);

#endif
