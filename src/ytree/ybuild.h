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
/* Report libyaml's failure in b->p, in plain words where known. */
bool		 ytree_failed(struct builder *b);

#endif
