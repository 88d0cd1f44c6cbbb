/* SPDX-License-Identifier: MIT */
/*
 * Inline markup in card and booklet texts: **bold**, *italic*,
 * {icon:name}, {img:path}, template variables {name} and Pango's tags of
 * a safe subset (mtags.c), split into tokens (markup.c) and checked for
 * what they name -- colours, icons, images (mcheck.c).
 */
#ifndef DECKPRESS_MARKUP_H
#define DECKPRESS_MARKUP_H

#include <stdbool.h>
#include <stddef.h>

#include "../model.h"

struct iconmap;
struct images;

/*
 * Inline markup of a text: **bold**, *italic*, {icon:name},
 * {img:path}, {name}, and Pango's tags of a safe subset (mtags.c).
 */
enum mtok { MT_TEXT, MT_BOLD_ON, MT_BOLD_OFF, MT_ITALIC_ON, MT_ITALIC_OFF,
    MT_ICON, MT_VAR, MT_IMG, MT_TAG_ON, MT_TAG_OFF };

#define MAX_VAR		64	/* characters of a variable's name */

/*
 * Limits of one text's markup, a card's text or a booklet's block
 * (deckpress(5), LIMITS), far above any real game's (the bundled ones
 * have at most 18 in a rule booklet's paragraph, 4 in a card's text):
 * Pango lays text out in time that grows with its tags squared (each
 * run of a line looks at every underline or colour before it) and with
 * how deep they nest times their number.  Tags are those that open:
 * <tag>, ** and *, and each icon and image.
 */
#define MARKUP_MAX_TAGS		1000
#define MARKUP_MAX_DEPTH	32	/* levels open inside one another */

/* One attribute of a tag, or one "|key=value" of an icon or image. */
struct mattr {
	char		*key, *val;	/* owned; val without its quotes */
	size_t		 off;		/* byte offset of key in the source */
};

struct mtoken {
	enum mtok	 type;
	char		*text;		/* owned: text, icon or variable
					   name, image path, tag name */
	size_t		 off;		/* byte offset in the source string */
	struct mattr	*attrs;		/* owned: tags, icons, images */
	size_t		 nattrs;
};

struct mtokens {
	struct mtoken	*v;
	size_t		 n, cap;
	char		*err;		/* owned message, NULL if none */
	size_t		 err_off;	/* byte offset of the problem */
	bool		 err_limit;	/* err is a limit's: too many tags
					   or too deep */
	size_t		 nopen;		/* tags, icons and images opened */
	size_t		 tlen, tcap;	/* the last text token's bytes and
					   room (markup.c appends to it) */
};

/*
 * Split s into tokens.  Returns false with t->err set on unbalanced
 * or misnested markup, an unknown tag or attribute, a value a tag or
 * an inline object cannot take, or an unclosed icon or image; and with
 * t->err_limit set too on more than MARKUP_MAX_TAGS tags, icons and
 * images or tags nested deeper than MARKUP_MAX_DEPTH, at the one too
 * many, found before anything after it is read.  Free t with
 * markup_free() either way.  Colour names are checked by the caller
 * (markup_color()), which knows the layout's palette.
 */
bool		 markup_parse(const char *s, struct mtokens *t);
void		 markup_free(struct mtokens *t);
/*
 * Does a token of type ty open a tag, or stand for an icon or image
 * (what MARKUP_MAX_TAGS counts)?
 */
bool		 markup_opens(enum mtok ty);
/* The code of t's error in a diagnostic: a limit's, or bad markup's. */
#define MARKUP_CODE(t)	((t)->err_limit ? "limit" : "markup")
/* The value of attribute key of token k, or NULL. */
const char	*markup_attr(const struct mtoken *k, const char *key);
/*
 * Is v a colour a tag or an inline object may take: "#rgb", "#rrggbb",
 * one of pal's n names, or a colour name Pango knows?  Sets *out.
 */
bool		 markup_color(const char *v, const char *const *pal,
		    size_t n, struct rgba *out);
/*
 * Tag token k (MT_TAG_ON) as a Pango opening tag, its values as Pango
 * reads them, pal's names (n, colours pc) resolved; caller frees.
 */
char		*markup_pango_tag(const struct mtoken *k,
		    const char *const *pal, const struct rgba *pc, size_t n);

/*
 * Where byte off of text t's value is in its file: its own column when
 * the value is on one line and written as it reads (plain, or quoted
 * with nothing escaped), else where the value starts.
 */
struct srcpos	 markup_pos(const struct text *t, size_t off);

/* What markup_check() checks a text's markup against (mcheck.c). */
struct mcheck {
	const char		*dir;		/* the game's folder */
	const struct iconmap	*icons;		/* the icon font's names */
	struct images		*images;	/* images are read here */
	const char *const	*pal;		/* the layout's palette */
	size_t			 npal;
	const struct text	*text;		/* the text, for positions */
	const struct srcpos	*pos;		/* else where it is */
	const char		*ctx;		/* names the card; NULL */
	/* else, if set, where byte off of the markup is (a booklet's) */
	struct srcpos		(*at)(const void *at_ctx, size_t off);
	const void		*at_ctx;
};

/*
 * The colours, icons and images markup m names: a colour must be one
 * (markup_color()), an icon the game's icons/NAME.svg or .png or one of
 * the icon font, an image readable; each problem an error at its
 * column in c->text (markup_pos()).  False if there was any.
 */
bool		 markup_check(const struct mcheck *c, const struct mtokens *m,
		    struct diags *d);
/* The game's icons/NAME.svg, else icons/NAME.png, if one exists. */
char		*markup_icon_path(const char *dir, const char *name);

/* Parse a tag at s + *i (mtags.c): false if what is there is no tag. */
bool		 markup_tag_parse(const char *s, size_t *i, struct mtokens *t,
		    bool *bad);

/* Set t's error at byte off (printf format); returns false. */
bool		 markup_fail(struct mtokens *t, size_t off, const char *fmt,
		    ...) __attribute__((format(printf, 3, 4)));

/* Length of the variable "{name}" at s, braces included; 0 if none. */
size_t		 markup_var(const char *s);

/*
 * s with every variable {name} replaced by get(ctx, name), escaped so
 * it reads as text, not markup; a name get() does not know (NULL) is
 * left as written.  Caller frees.
 */
char		*markup_subst(const char *s,
		    const char *(*get)(const void *ctx, const char *name),
		    const void *ctx);
/* The same with the values as they are (a file name); caller frees. */
char		*markup_plain_subst(const char *s,
		    const char *(*get)(const void *ctx, const char *name),
		    const void *ctx);

#endif
