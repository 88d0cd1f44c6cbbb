/* SPDX-License-Identifier: MIT */
/*
 * What svgcost.c reads of an SVG's filters, masks and styles, and
 * svgweigh.c weighs: shared by those two files alone.
 */
#ifndef DECKPRESS_SVGCOSTING_H
#define DECKPRESS_SVGCOSTING_H

#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

#include "../util.h"
#include "svgcost.h"

enum prim_kind {
	P_OTHER, P_CHEAP, P_BLUR, P_SHADOW, P_MORPH, P_CONVOLVE, P_TURB,
	P_DIFFUSE, P_SPECULAR, P_DISPLACE, P_COMPOSITE, P_BLEND, P_MATRIX,
	P_TRANSFER, P_MERGE
};

struct prim {
	enum prim_kind	 kind;
	size_t		 elem;		/* its element */
	size_t		 filt;		/* its filter */
	const char	*name;		/* its element's name */
	double		 x, y;		/* radius, stdDeviation, order or
					   numOctaves (x), in user units */
	double		 kx, ky;	/* kernelUnitLength; 0: none */
	const char	*what;		/* "radius 1000": x as written */
	const char	*klu;		/* "kernelUnitLength 0.1" */
	int		 nodes;		/* feMerge's */
	const char	*in;		/* its input; NULL: the last one's */
	const char	*result;	/* the name it gives its result */
	bool		 alpha;		/* its input is only an alpha
					   channel (SourceAlpha), which
					   librsvg blurs twice as fast */
};

struct filt {
	size_t		 elem;
	const char	*id;
	bool		 bbox;		/* primitiveUnits objectBoundingBox:
					   its scale is not known */
	size_t		 first, n;	/* its primitives, once the document
					   is read (art_svgcost_done()) */
};

/* One thing a filter or mask property names. */
enum spec_kind { S_FILTER, S_FUNCTION, S_MASK };
struct spec {
	enum spec_kind	 kind;
	size_t		 index;		/* filter's; mask's element */
	const char	*name;		/* a function's */
};

/* A property's value, read once however many elements have it. */
struct val {
	bool		 inherit;
	size_t		 n;
	struct spec	 v[];
};

struct el {
	size_t		 parent;	/* SIZE_MAX: the root */
	const char	*tag, *id, *cls;
	const char	*filter, *mask;	/* attributes; NULL none */
	const char	*sfilter, *smask; /* its style attribute's */
	double		 vertices;	/* markers are drawn at */
	size_t		 filt;		/* + 1: the filter it is */
	size_t		 prim;		/* + 1: the primitive it is */
	size_t		 pat;		/* + 1: the pattern it is */
	bool		 unknown;	/* in a viewport, pattern, marker,
					   mask or clip path: its scale is
					   not bounded */
	double		 fops, flayers;	/* its filter's, once weighed */
	double		 mops, mlayers;	/* its mask's */
};

/* A <pattern>: its tile's size, as written (svgtile.c). */
struct pat {
	size_t		 elem;
	const char	*href;		/* the pattern it inherits from */
	double		 w, h;		/* px, or fractions of the box */
	signed char	 has_w, has_h;	/* 0 unset, 1 set, 2 set in % */
	signed char	 units;		/* -1 unset, 0 userSpaceOnUse,
					   1 objectBoundingBox */
};

struct rule {
	const char	*sel;		/* the selector list */
	size_t		 nsel;
	const char	*filter, *mask;	/* NULL: not set */
};

struct svgcost {
	struct arena	 a;
	struct el	*els;
	size_t		 n, cap;
	size_t		 last;		/* the element attributes go to */
	struct filt	*filts;
	size_t		 nfilts, capfilts;
	struct prim	*prims;
	size_t		 nprims, capprims;
	size_t		 in_style;	/* <style> elements open */
	GHashTable	*targets;	/* filter or mask id -> element + 1 */
	GHashTable	*filter_at;	/* element + 1 -> filter + 1 */
	GHashTable	*vals;		/* value -> struct val */
	struct strbuf	 sheet;		/* the <style> elements' text */
	struct rule	*rules;
	size_t		 nrules, caprules;
	double		 match_work;	/* what matching every rule's
					   selectors against every element
					   would take: bytes compared */
	double		 vb_w, vb_h;	/* the root's viewBox; 0: none */
	double		 root_w, root_h; /* the root's width, height in
					   px; 0: not known */
	struct pat	*pats;
	size_t		 npats, cappats;
	double		 t_lo, t_hi;	/* every transform's scales,
					   multiplied */
	bool		 unknown;	/* no scale can be bounded */
	/* Weighed: */
	bool		 every;		/* each rule is taken to match each
					   element: matching costs too much */
	double		 every_ops[2][2]; /* [scale unknown][mask]: the
					   costliest rule's */
	double		 every_layers[2][2];
	bool		 every_inherit[2]; /* [mask]: a rule inherits */
	double		 w, h, area;
	const struct spec *top;		/* the costliest used */
	double		 top_ops;
	bool		 several;	/* more than one spec used */
	char		 top_text[240];
};

/* svgtile.c: an attribute of pattern p. */
void	 art_svgcost_pattern_attr(struct svgcost *c, struct pat *p,
	    const char *an, const char *v);
/*
 * The length v in CSS pixels (mm, cm, in, pt, pc, em taken at 16 px);
 * *pct, if given, says it is a percentage (its value then divided by
 * 100).  0 if v is no length.
 */
double	 art_svgcost_length(const char *v, bool *pct);

#endif
