/* SPDX-License-Identifier: MIT */
/*
 * The validate stage: a deck checked against its game's rules
 * (rules.yaml: totals, quotas, variants) and its translations checked
 * against the source language; check's whole run and its report
 * (report.c, which lays cards out to see that their texts fit).  Takes
 * a loaded deck, gives diagnostics and counts.
 */
#ifndef DECKPRESS_VALIDATE_H
#define DECKPRESS_VALIDATE_H

#include <stdio.h>

#include "../load/load.h"
#include "../outfile.h"

struct fonts;

enum quant { Q_EXACTLY, Q_AT_LEAST, Q_AT_MOST, Q_BETWEEN };
enum rule_kind { RULE_COUNT, RULE_DISTINCT, RULE_EACH };

/* One rule: how many copies match a filter, or values an attribute takes. */
struct rule {
	enum rule_kind	 kind;
	struct srcpos	 pos;
	const char	*label;		/* "action cards"; generated if absent */
	struct cond	*where;		/* all must hold; attribute "id" too */
	size_t		 nwhere;
	const char	*attr;		/* distinct / each: the attribute */
	enum quant	 q;
	long		 lo, hi;	/* bounds; equal for exactly */
};

/* One filter of an "any of" list: all its conditions must hold. */
struct alt {
	struct cond	*w;
	size_t		 n;
};

/* The whole deck (first, name "deck") or a named subset of it. */
struct variant {
	const char	*name;
	struct srcpos	 pos;
	struct alt	*where;		/* cards matching any of these; */
	size_t		 nwhere;	/* none: every card */
	struct rule	*rules;
	size_t		 nrules;
};

struct rules {
	struct arena	 arena;
	const char	*file;
	struct variant	*v;
	size_t		 n;
};

/*
 * Load cards/<game>/rules.yaml for deck.  Attribute names and values
 * are checked against the deck's declarations.  Returns NULL on error
 * (reported); a deck without the file gets an empty set: callers see
 * rules->n == 0.
 */
struct rules	*validate_rules_load(const char *path, const struct deck *deck,
		    struct diags *d);
void		 validate_rules_free(struct rules *r);

/* The outcome of one rule (one per value for "each" rules). */
struct outcome {
	const struct variant	*variant;
	const struct rule	*rule;
	char			*what;		/* owned: the row's label */
	char			*expected;	/* owned: "32", "at least 6" */
	long			 actual;
	bool			 ok;
};

struct outcomes {
	struct outcome	*v;
	size_t		 n, cap;
};

/* Is card c in variant v? */
bool		 validate_variant_has(const struct variant *v,
		    const struct card *c);

/* What the translation check of one language found. */
struct trstats {
	size_t	strings, missing, extra, stale, unrecorded, identical;
};

/*
 * Translation t of src (card c, language lang; srclang the source's)
 * has the markup, icons and {names} of src, in that order: else an
 * error at t->pos.
 */
void		 validate_markup(const struct card *c, const char *lang,
		    const char *srclang, const struct text *src,
		    const struct text *t, struct diags *d);

/*
 * Card c laid out in language li with template t and fonts, both
 * faces, each copy if they differ, as check lays it: a text that does
 * not fit is an error at its text.  Returns the errors added.
 */
size_t		 validate_fit_card(const struct deck *deck,
		    const struct fonts *fonts, const struct tmpl *t,
		    const struct card *c, size_t li, struct diags *d);

/* What check found, for its report. */
struct check_report {
	struct rules	*rules;		/* rules.yaml, or NULL: errors */
	const char	*rulesfile;	/* its name as diagnostics give it */
	struct outcomes	 outcomes;	/* point into rules */
	bool		 rules_ok;	/* rules.yaml absent or loaded */
	struct trstats	*tr;		/* per language */
	bool		*checked;	/* per language: asked for */
	bool		*booklet;	/* per language: rules/LANG.md exists */
	bool		 fit_checked;	/* the layout could be bound */
	size_t		 overflow;	/* texts that do not fit */
};

/*
 * Check deck as "deckpress check" does: its composition against
 * rules.yaml, then each language asked for (lang, or every one if
 * NULL) against the source, with its booklet; with fit (the templates
 * tmpls, one per kind, bound to deck), every text of every card laid
 * out with fonts in that language, and the images' resolution with the
 * source's.  Findings go to d, counts to k; free k with
 * validate_report_free(), after printing it.
 */
void		 validate_check(const struct deck *deck, struct fonts *fonts,
		    struct tmpl *const *tmpls, const char *lang, bool fit,
		    struct check_report *k, struct diags *d);

/*
 * k as check's table to f: composition rules, translations, fit, the
 * image files missing (if any) and the fonts drawn.
 */
void		 validate_print_table(FILE *f, const struct deck *deck,
		    const struct fonts *fonts, const struct check_report *k);

/* k and the findings d (sorted) as check's JSON object to f. */
void		 validate_print_json(FILE *f, const struct deck *deck,
		    const struct fonts *fonts, const struct check_report *k,
		    const struct diags *d);

/*
 * The findings d alone as check's JSON object to f: the deck did not
 * load, or the command was misused.
 */
void		 validate_print_findings(FILE *f, const struct diags *d);

void		 validate_report_free(struct check_report *k);

#endif
