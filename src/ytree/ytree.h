/* SPDX-License-Identifier: MIT */
/*
 * The YAML tree and its positions: a file's bytes parsed by libyaml into
 * a small tree of scalars, sequences and mappings, each node with its
 * 1-based line and column, and typed reading of that tree with an error
 * at the node when a value is not what a key wants.  Below it, only the
 * game's folder (confine/), through which a file is read.
 */
#ifndef DECKPRESS_YTREE_H
#define DECKPRESS_YTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../diag.h"
#include "../util.h"

/* The most of a YAML file read. */
#define MAX_YAML_BYTES	(16 << 20)	/* 16 MiB */

enum ynode_type { YNODE_SCALAR, YNODE_SEQ, YNODE_MAP };

struct ypair;

/*
 * One value of a YAML file.  A deck of 12 000 cards has some 200 000 of
 * them, so the node is kept to 48 bytes: the three views of its
 * contents share one pointer (type says which), the end position
 * carries no file (it is pos's) and a lost colour lives beside the
 * node, not in it (see ynode_lost()).
 */
struct ynode {
	struct srcpos	  pos;
	union {
		const char	 *str;		/* scalar text, NUL-terminated */
		struct ynode	**items;	/* sequence */
		struct ypair	 *pairs;	/* mapping */
	};
	size_t		  n;		/* items or pairs */
	unsigned int	  len;		/* scalar length (may hold NULs) */
	unsigned int	  end_line;	/* scalar: just past its last */
	unsigned int	  end_col;	/* character (see ytree_end()) */
	unsigned char	  type;		/* enum ynode_type */
	bool		  plain;	/* unquoted scalar */
	bool		  lost;		/* empty scalar followed on its line
					   by a "#rrggbb", a colour YAML
					   took for a comment */
};

struct ypair {
	struct ynode	*key, *val;
};

struct confine;
/*
 * Parse one YAML file into a tree allocated in arena.  Syntax errors,
 * duplicate keys and non-scalar keys are diagnostics.  An alias is the
 * node its anchor marks, shared (so a node may be reached twice: never
 * change one); "<<" merge keys are merged away.  Returns
 * the root, or NULL if the file cannot be read, is empty or is not
 * valid YAML (then at least one error was added).  The file is read
 * with confine_read(), where c allows (NULL: anywhere: deckpress's own
 * files and those the user names).
 */
struct ynode	*ytree_load(struct arena *a, const struct confine *c,
		    const char *path, struct diags *d);
struct ynode	*ytree_parse(struct arena *a, const char *name,
		    const unsigned char *buf, size_t len, struct diags *d);

/*
 * A mapping too large to keep whole, read a pair at a time: the value
 * of the root's first key named key (a text file's cards), if it is a
 * mapping, is handed to pair() one key and value at a time in the
 * file's order, duplicates too.  Both live only for the call.  If the
 * file turns out to be refused, undo() is called: the reader forgets
 * every pair it was handed.
 */
struct ystream {
	const char	*key;
	void		(*pair)(void *ctx, const struct ynode *key,
			    const struct ynode *val);
	void		(*undo)(void *ctx);
	void		*ctx;
};

/*
 * ytree_load(), the mapping s names streamed: each of its pairs is
 * built in an arena of its own, emptied once pair() returns, and the
 * tree holds an empty mapping in its place.  A file ytree_load() would
 * refuse is refused the same, with the same diagnostics and none of
 * the reader's: it is read again whole to say why.
 */
struct ynode	*ytree_stream(struct arena *a, const struct confine *c,
		    const char *path, const struct ystream *s,
		    struct diags *d);

const char	*ytree_kind(const struct ynode *n);
/* Where scalar n ends: just past its last character. */
struct srcpos	 ytree_end(const struct ynode *n);
struct ynode	*ytree_get(const struct ynode *map, const char *key);

/*
 * Report every key of map not in known[] (NULL-terminated) but those
 * starting "x-" (a place for a value an anchor marks), with a
 * "did you mean" hint; ctx, if non-NULL, names the card.  Returns the
 * number of unknown keys.
 */
size_t		 ytree_check_keys(const struct ynode *map,
		    const char *const *known, const char *ctx,
		    struct diags *d);

/* Typed access: on a type mismatch add an error and return false. */
bool		 ytree_expect(const struct ynode *n, enum ynode_type t,
		    const char *what, const char *ctx, struct diags *d);
bool		 ytree_string(const struct ynode *n, const char **out,
		    const char *what, const char *ctx, struct diags *d);
bool		 ytree_number(const struct ynode *n, double *out,
		    const char *what, const char *ctx, struct diags *d);
bool		 ytree_bool(const struct ynode *n, bool *out,
		    const char *what, const char *ctx, struct diags *d);
bool		 ytree_isnull(const struct ynode *n);

/*
 * FNV-1a of n's contents (types, keys, scalars, quoting; not where
 * they stand, so that a comment or a blank line changes nothing) over
 * h, the offset basis YTREE_HASH0 to start: two trees that read the
 * same hash the same.  NULL hashes as a node of its own.
 */
#define YTREE_HASH0	0xcbf29ce484222325ULL
uint64_t	 ytree_hash(uint64_t h, const struct ynode *n);

#endif
