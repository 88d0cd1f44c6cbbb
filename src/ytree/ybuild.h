/* SPDX-License-Identifier: MIT */
/*
 * Private to the YAML reader: ytree.c builds the tree, yslip.c words
 * libyaml's errors, both on one struct builder; yget.c reads the tree.
 */
#ifndef DECKPRESS_YBUILD_H
#define DECKPRESS_YBUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "ytree.h"

/*
 * Limits, documented in deckpress(5).  A 20 000-card deck needs some
 * 200 000 nodes in its largest file and strings of a few hundred
 * bytes; anything far beyond is an attack or an accident.
 */
#define MAX_DEPTH	64		/* deeper input is an attack, not a deck */
#define MAX_NODES	1000000		/* values (nodes) in one file */
#define MAX_SCALAR	(64 << 10)	/* bytes of one string: 64 KiB */
/*
 * Values the aliases of one file stand for, each alias counted as the
 * whole value it repeats: a layout's or deck's repeated parts are some
 * hundreds, a billion laughs is refused at its first alias too many.
 */
#define MAX_ALIASED	100000

/*
 * An empty plain scalar followed on its line by "#rrggbb": the node and
 * the colour in one allocation, so that other nodes need no room for
 * it.  node comes first: a pointer to it is one to the whole.
 */
struct ylost {
	struct ynode	 node;
	const char	*colour;	/* "#rrggbb" */
	struct srcpos	 pos;		/* of its '#' */
};

struct builder {
	struct arena		*a;
	struct diags		*d;
	const char		*file;
	const unsigned char	*buf;		/* the whole file */
	size_t			 len;
	yaml_parser_t		 p;
	size_t			 nodes;		/* built so far */
	struct ynode		**stack;	/* children of the open
						   containers */
	size_t			 nstack, capstack;
	const struct ystream	*stream;	/* the mapping to stream */
	bool			 streamed;	/* its key was met */
	bool			 stream_next;	/* the node built next is
						   that mapping */
	size_t			 ahead_line;	/* a line (0-based) and its */
	size_t			 ahead_off;	/* first byte: line_ahead() */
	struct _GHashTable	*anchors;	/* name -> struct yanchor
						   (yalias.c); NULL: none */
	size_t			 expanded;	/* values aliases repeat */
	bool			 in_stream;	/* building a streamed pair */
	bool			 failed;
};

/* A position in the file: at a libyaml mark, at a byte offset. */
struct srcpos	 ytree_mkpos(const struct builder *b, const yaml_mark_t *m);
struct srcpos	 ytree_offpos(const struct builder *b, size_t off);
/* 0-based line0, col0 as a position. */
struct srcpos	 ytree_pos0(const struct builder *b, size_t line0, size_t col0);
/* Line line0 (0-based) of the file: its first byte and length. */
const unsigned char *ytree_line_at(const struct builder *b, size_t line0,
		    size_t *len);
/* How many bytes of s (len) are a "#RGB" or "#RRGGBB" colour, or 0. */
size_t		 ytree_hex_colour(const unsigned char *s, size_t len);
/*
 * Anchors, aliases and merge keys (yalias.c).  ytree_event_anchor() is
 * the anchor an event sets, or the one an alias names, or NULL.  Around
 * building a node with an anchor: ytree_anchor_open() (a weight to hand
 * to ytree_anchor_close() once the node is built).  ytree_alias() is
 * the node an alias repeats, or NULL after an error (no such anchor, a
 * value holding itself, MAX_ALIASED passed).  ytree_merge() replaces the
 * "<<" keys of map (ytree_has_merge()) by the pairs they merge.
 */
const char	*ytree_event_anchor(const yaml_event_t *ev);
size_t		 ytree_anchor_open(struct builder *b, const char *name);
void		 ytree_anchor_close(struct builder *b, const char *name,
		    struct ynode *n, size_t before);
void		 ytree_anchors_free(struct builder *b);
struct ynode	*ytree_alias(struct builder *b, const yaml_event_t *ev,
		    const struct srcpos *pos);
bool		 ytree_has_merge(const struct ynode *map);
void		 ytree_merge(struct builder *b, struct ynode *map);
/* Report libyaml's failure in b->p, in plain words where known. */
bool		 ytree_failed(struct builder *b);

#endif
