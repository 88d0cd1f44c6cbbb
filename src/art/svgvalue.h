/* SPDX-License-Identifier: MIT */
/*
 * The little languages inside an SVG's attributes that svgcost.c reads
 * (svgvalue.c): CSS declarations and stylesheets, transform lists,
 * path data.  Private to the art stage.
 */
#ifndef DECKPRESS_SVGVALUE_H
#define DECKPRESS_SVGVALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "../util.h"

/*
 * The value of property prop (ASCII case and escapes ignored) in the
 * CSS declarations of n bytes at decls (a style attribute's, or a
 * rule's block; its comments gone), the last one given, "!important"
 * dropped, copied into a; NULL if there is none.
 */
char	*art_css_value(struct arena *a, const char *decls, size_t n,
	    const char *prop);

/*
 * The n bytes at s with their CSS escapes undone ("\\66" is "f");
 * caller frees.
 */
char	*art_css_unescape(const char *s, size_t n);

/*
 * Each rule of the stylesheet sheet, at-rules' blocks (@media) read as
 * rules too: fn(ctx, sel, nsel, decls, ndecls) with its selector list
 * and its declarations, both within sheet.  Comments must be gone
 * (art_css_uncomment()).
 */
void	 art_css_rules(const char *sheet, void (*fn)(void *ctx,
	    const char *sel, size_t nsel, const char *decls, size_t ndecls),
	    void *ctx);
/* sheet with each comment made spaces, in place. */
void	 art_css_uncomment(char *sheet);

/*
 * Might a selector of the list of n bytes at sel match an element
 * named tag, of id id and class attribute cls (NULL: none)?  Only each
 * selector's last compound is compared (its type, id and classes), so
 * true is said of a superset of the elements it matches.
 */
bool	 art_css_may_match(const char *sel, size_t n, const char *tag,
	    const char *id, const char *cls);

/*
 * Bounds of the scale of the transform list t (an SVG transform
 * attribute): *lo at most its smallest singular value, *hi at least its
 * largest.  False if t cannot be read.
 */
bool	 art_transform_scale(const char *t, double *lo, double *hi);

/*
 * At least as many as the vertices of path data d (its numbers and
 * commands), or of a points list (half its numbers, and one).
 */
double	 art_path_vertices(const char *d, bool points);

/*
 * The one or two numbers at v ("5" or "5 10" or "5,10"): *x, and *y
 * (*x if only one).  False if v starts with no number.
 */
bool	 art_number_pair(const char *v, double *x, double *y);

#endif
