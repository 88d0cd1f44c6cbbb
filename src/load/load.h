/* SPDX-License-Identifier: MIT */
/*
 * The load stage: YAML files into the model of model.h, with a source
 * position on every node and every problem collected as a diagnostic.
 */
#ifndef DECKPRESS_LOAD_H
#define DECKPRESS_LOAD_H

#include <cairo.h>

#include "../model.h"

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
	unsigned int	  end_col;	/* character (see ynode_end()) */
	unsigned char	  type;		/* enum ynode_type */
	bool		  plain;	/* unquoted scalar */
	bool		  lost;		/* empty scalar followed on its line
					   by a "#rrggbb", a colour YAML
					   took for a comment */
};

struct ypair {
	struct ynode	*key, *val;
};

/*
 * The one way to read a game's file (load/gfile.c).  game_open() opens
 * path to read if it is a regular file where c allows (NULL: anywhere,
 * for the files a user names on the command line), *st its status;
 * else -1 and why ("is a FIFO, not a regular file", "is outside the
 * game's folder (...); pass --allow-outside ...").  game_slurp() reads
 * the whole of it, at most max bytes (a whole number of MiB) counted
 * as it reads, NUL-terminated (caller frees).  game_read() is
 * game_slurp() reporting at pos: "WHAT PATH WHY".
 */
/* The most of a rule booklet (rules/LANG.md) and a YAML file read. */
#define MAX_MD_BYTES	(16 << 20)	/* 16 MiB */
#define MAX_YAML_BYTES	(16 << 20)

struct stat;
struct confine;
/* Is there a file at path, in the folder or in a pending journal? */
bool		 game_exists(const struct confine *c, const char *path);
int		 game_open(const struct confine *c, const char *path,
		    struct stat *st, const char **why);
bool		 game_slurp(const struct confine *c, const char *path,
		    size_t max, unsigned char **buf, size_t *len,
		    const char **why);
unsigned char	*game_read(const struct confine *c, const char *path,
		    size_t max, const char *what, const struct srcpos *pos,
		    size_t *len, struct diags *d);
/*
 * Parse one YAML file into a tree allocated in arena.  Syntax errors,
 * aliases, duplicate keys and non-scalar keys are diagnostics.  Returns
 * the root, or NULL if the file cannot be read, is empty or is not
 * valid YAML (then at least one error was added).  The file is read
 * with game_read(), where c allows (NULL: anywhere: deckpress's own
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

const char	*ynode_kind(const struct ynode *n);
/* Where scalar n ends: just past its last character. */
struct srcpos	 ynode_end(const struct ynode *n);
struct ynode	*ymap_get(const struct ynode *map, const char *key);

/*
 * Report every key of map not in known[] (NULL-terminated), with a
 * "did you mean" hint; ctx, if non-NULL, names the card.  Returns the
 * number of unknown keys.
 */
size_t		 ymap_check_keys(const struct ynode *map,
		    const char *const *known, const char *ctx,
		    struct diags *d);

/* Typed access: on a type mismatch add an error and return false. */
bool		 yexpect(const struct ynode *n, enum ynode_type t,
		    const char *what, const char *ctx, struct diags *d);
bool		 ystring(const struct ynode *n, const char **out,
		    const char *what, const char *ctx, struct diags *d);
bool		 ynumber(const struct ynode *n, double *out,
		    const char *what, const char *ctx, struct diags *d);
bool		 ybool(const struct ynode *n, bool *out,
		    const char *what, const char *ctx, struct diags *d);
bool		 yisnull(const struct ynode *n);

/* Format " (card 'id')" style context into a static-free string. */
#define CTX_FMT(ctx)	((ctx) ? (ctx) : ""), ((ctx) ? ": " : "")

/*
 * Limits of a deck, each far above any real game (the bundled ones have
 * 52 to 120 cards; a 20 000-card deck still renders) and low enough
 * that a hostile file is refused at once, not after minutes and
 * gigabytes: 100 000 card entries (a list 5 x the largest real
 * collection game), 10 000 copies of one card, 200 000 copies in all
 * (22 000 sheets of nine), 50 000 pages in one PDF (a print shop's
 * largest job is far smaller; poppler and qpdf still open it).
 */
#define MAX_CARDS	100000	/* entries of the card list */
#define MAX_COUNT	10000	/* copies of one card */
#define MAX_COPIES	200000	/* copies of all cards together */
#define MAX_PAGES	50000	/* pages of one output */

/* Ids, language codes, game names: letters, digits, '-', '_'; 1-64. */
bool		 valid_ident(const char *s);
/* What is wrong with s as one ("is empty", ...), or NULL. */
const char	*ident_problem(const char *s);
/* Is s a BCP 47 language tag (en, pt-BR, sr-Latn)?  langtag.c */
bool		 lang_tag_valid(const char *s);
/* The error for s, a language code that is not one, naming the form. */
void		 lang_tag_error(struct diags *, const struct srcpos *,
		    const char *code, const char *s);

/* What load_deck() reads, and how it treats what is missing. */
struct load_opts {
	const char	*lang;		/* the language to print: only its
					   texts and the source's are read;
					   NULL: every language's */
	bool		 lenient;	/* keep a deck whose texts have errors */
	const char	*extra;		/* a language to load as well though
					   deck.yaml does not list it yet: the
					   translator's new one (strings) */
	bool		 draft;		/* fill missing strings of lang from
					   the source and flag stale ones,
					   warnings instead of errors */
	const char	*packdir;	/* deckpress's default pack strings,
					   PACKDIR/LANG.yaml; NULL: none */
	const char	*layouts;	/* deckpress's layouts/, which a
					   game may name files in besides
					   its own folder; NULL: none */
	bool		 one;		/* lang NULL means the source only,
					   not every language */
	bool		 head;		/* deck.yaml alone, no text files;
					   its card list may be empty or
					   missing (import's view of a deck
					   the CSV fills) */
	const char	*deckyaml;	/* deck.yaml's text as import will
					   write it, read instead of the
					   file; NULL: the file */
	size_t		 decklen;
	bool		 allow_outside;	/* --allow-outside: the files
					   the game names may lie
					   anywhere */
	bool		 skip_unknown;	/* text for a card the deck lacks is
					   left out, not an error (import
					   has checked it holds no strings,
					   or was told to --prune them) */
};

/*
 * Deck: cards/<game>/deck.yaml and its text/<lang>.yaml files, as o
 * says (NULL: every language, strictly, no default pack strings).  A
 * deck whose deck.yaml is sound is returned with o->lenient even when
 * its text files have errors (reported), so that the validator can go
 * on checking what it can.  Free with deck_free().
 */
struct deck	*load_deck(const char *dir, const struct load_opts *o,
		    struct diags *d);
void		 deck_free(struct deck *deck);
int		 deck_lang_index(const struct deck *deck, const char *lang);
/*
 * Has language li a pack: its rule booklet (rules/LANG.md), or pack
 * strings the game writes in it?  A translation of the cards alone has
 * none: no pack to make, no pack strings to want.
 */
bool		 deck_has_pack(const struct deck *deck, size_t li);
/*
 * Is field a pack string that only a pack printed in a duplex mode other
 * than long needs ("printing-fold", "cards-note-none", "folding",
 * "cutting-fold")?  A translation that leaves out deckpress's default
 * for it is not unfinished: only a pack in that mode asks for it
 * (doc/packtext.c).
 */
bool		 pack_mode_string(const char *field);
/* deck->by_id's order: card pointers by id (load/lookup.c). */
int		 card_idcmp(const void *a, const void *b);
/* The card with this id (a binary search), or NULL. */
struct card	*deck_card(const struct deck *deck, const char *id);
/* The card id closest to word, if word looks like a typo of it. */
const char	*deck_suggest_id(const struct deck *deck, const char *word);
const char	*card_attr(const struct card *c, const char *name);
const char	*card_text(const struct card *c, size_t lang,
		    const char *field, const struct text **where);
/*
 * Card c's title in language lang: the text of its kind's title field
 * (load/cardtitle.c), NULL if it has none or it is not written yet;
 * *where, if where is non-NULL, the text or NULL.
 */
const char	*card_title(const struct deck *deck, const struct card *c,
		    size_t lang, const struct text **where);
/*
 * Choose each kind's title field, now that its template tmpls[k] is
 * known: the kind's title_field: in deck.yaml, checked (false, and an
 * error, if no card of it has that text); else "title" if its cards
 * have one; else the first text field its front layout draws; else
 * none.
 */
bool		 load_titles(struct deck *deck,
		    const struct tmpl *const *tmpls, struct diags *d);
unsigned int	 deck_total(const struct deck *deck);
/* The strings of attribute name's values (a pseudo-card), or NULL. */
const struct card *deck_vals(const struct deck *deck, const char *name);

/*
 * Read the text files of the deck's languages (texts.c; called by
 * load_deck).  deck.yaml lists its languages at langs_pos, language li
 * at lang_pos[li] for each of the deck's ndeclared.
 */
bool		 load_texts(struct deck *deck, const struct srcpos *langs_pos,
		    const struct srcpos *lang_pos, const struct load_opts *o,
		    struct diags *d);

/*
 * Append an empty string for field to ct, allocated in the deck's arena;
 * returns it.
 */
struct text	*cardtext_add(struct deck *deck, struct cardtext *ct,
		    const char *field);

/* Short hash of a source text, as "deckpress strings" records it. */
void		 text_hash(const char *s, char out[9]);

/* The variables a pack string may use: {title}, {paper}, ... */
extern const char *const pack_vars[];

/* An image a game names, decoded once (load/image.c). */
enum image_kind { IMG_PNG, IMG_JPEG, IMG_SVG };

struct image {
	char		*path;		/* as read */
	enum image_kind	 kind;
	double		 w_px, h_px;	/* its pixels; SVG: CSS px, 96/in */
	cairo_surface_t	*surface;	/* PNG, JPEG (with its bytes as the
					   JPEG MIME data, for the PDF) */
	void		*svg;		/* SVG: an RsvgHandle */
	unsigned char	*data;		/* the file's bytes; NULL if lazy */
	size_t		 len;		/* the file's size */
	bool		 failed;	/* reported; not to be drawn */
	/*
	 * A large raster image is lazy: checked whole when it is loaded,
	 * then its pixels freed; its surface is a recording of a raster
	 * source that reads and decodes the file again when drawn, so
	 * memory holds one such image at a time, not the deck's art.
	 */
	bool		 lazy;
	bool		 converted;	/* a JPEG whose pixels are not its
					   file's: CMYK or YCCK, or of an
					   ICC profile other than sRGB */
	bool		 alpha;		/* lazy: has transparency */
	int		 px_w, px_h;	/* lazy: the pixels drawn (its own,
					   or fewer for --image-dpi) */
	struct images	*cache;		/* lazy: the cache it is in */
	bool		 changed;	/* lazy: not what it was when
					   loaded (reported) */
};

/*
 * Where the files a game names may lie (load/confine.c): in its own
 * folder or in deckpress's layouts/, symbolic links followed; anywhere
 * if the user passes --allow-outside.
 */
struct confine {
	char	*deck;		/* the deck folder's realpath */
	char	*deck_named;	/* it as named, made absolute, ".."
				   taken out */
	char	*layouts;	/* the data folder's layouts/, realpath */
	char	*layouts_named;	/* it as named, absolute */
	bool	 anywhere;	/* --allow-outside: no check */
	struct journal *journal;	/* owned: the files a stopped
				   import committed, read in place
				   of the folder's; NULL: none */
};

/*
 * The game as a stopped import committed it (load/journal.c):
 * DECK/import.journal, which import/jwrite.c writes, holds the new bytes
 * of deck.yaml and text files; until the next import finishes it, they
 * are read from it.
 */
#define JOURNAL_NAME	"import.journal"
#define JOURNAL_MAX	(64 * 1024 * 1024)	/* bytes, all files */

/* One file of the game and its bytes (borrowed). */
struct jfile {
	const char	*name;		/* "deck.yaml" or "text/LANG.yaml" */
	const char	*bytes;
	size_t		 len;
};

struct journal {
	char		*path;		/* DIR/import.journal */
	char		*dir;		/* the deck's folder, as named */
	char		*buf;		/* the journal's bytes */
	struct jfile	*v;		/* its files, into buf */
	size_t		 n;		/* 0: no journal */
};

/*
 * Read dir's journal where c allows, if there is one (j->n 0 if not):
 * a regular file, no link, of at most JOURNAL_MAX bytes, exactly in
 * the form import writes, naming deck.yaml and text/LANG.yaml only.
 * False, an error in d, if it is not.  Free with journal_free().
 */
bool		 journal_read(const struct confine *c, const char *dir,
		    struct journal *j, struct diags *d);
void		 journal_free(struct journal *j);
/* Append to b the journal of the n files of v, as journal_read reads. */
void		 journal_build(const struct jfile *v, size_t n,
		    struct strbuf *b);
/* The file of j at path (DIR/NAME, DIR as given), or NULL. */
const struct jfile *journal_file(const struct journal *j,
		    const char *path);

/* The roots of c (either may be NULL); free with confine_free(). */
void		 confine_init(struct confine *c, const char *deckdir,
		    const char *layoutsdir, bool anywhere);
/* Add deckpress's layouts/ to c, if it has none yet. */
void		 confine_layouts(struct confine *c, const char *layoutsdir);
void		 confine_free(struct confine *c);
/*
 * Is path (relative to the working folder, or absolute) where c allows
 * a game's files?  If not, an error at pos: "CTX: WHAT PATH is outside
 * the game's folder (why)".  A NULL c allows anything.
 */
bool		 confine_check(const struct confine *c, const char *path,
		    const char *what, const struct srcpos *pos,
		    const char *ctx, struct diags *d);
/*
 * confine_check() unreported: NULL if c allows path, else why not ("is
 * outside the game's folder (...); pass --allow-outside to allow it").
 */
const char	*confine_why(const struct confine *c, const char *path);
/* Does c allow real, a path with every link resolved?  NULL c: yes. */
bool		 confine_allows(const struct confine *c, const char *real);

/* A cache of images by path: each file read once, embedded once. */
struct images	*images_new(void);
/*
 * Read only images where conf allows (borrowed: it must outlive c);
 * one outside is an error where it is named, and never read.  A large
 * image read again when it is drawn that is no longer what it was is
 * an error in d (borrowed too).
 */
void		 images_confine(struct images *c,
		    const struct confine *conf, struct diags *d);
/*
 * The font families an SVG's text may name (as load_tmpl takes them,
 * kept by the caller): an SVG naming another is warned of; for each it
 * names that there is, want(ctx, family) is called before it is drawn.
 */
void		 images_fonts(struct images *c, const char *const *families,
		    void (*want)(void *ctx, const char *family), void *ctx);
void		 images_free(struct images *c);
/* How many files c has read (or tried to). */
size_t		 images_count(const struct images *c);
/*
 * A pattern that paints img in its w_px x h_px (for set_source; caller
 * destroys it): its surface's, or for a lazy image, its raster source,
 * which the PDF writes as the image itself, without the form its
 * recording surface would wrap it in.
 */
cairo_pattern_t	*image_pattern(const struct image *img);
/*
 * Raster image img of c (PNG or JPEG; an SVG is left alone) resampled
 * once to w x h pixels, if that is fewer than its own, with Cairo's
 * good filter; it keeps its size in w_px, h_px (the new surface has
 * the device scale that makes it so), so layout and drawing do not
 * change.  A JPEG resampled is embedded as a new JPEG (quality 90).
 */
void		 images_resample(struct images *c, const struct image *img,
		    double w, double h);

/*
 * The image at path, read and decoded the first time it is asked for;
 * NULL if it cannot be (missing, unreadable, not an image, damaged,
 * more than 60 megapixels), reported at pos (ctx names the card) the
 * first time only.
 */
const struct image *image_load(struct images *c, const char *path,
		    const struct srcpos *pos, const char *ctx,
		    struct diags *d);

/* One cell of a spreadsheet's table, as text. */
struct csvcell {
	const char	*s;		/* UTF-8, line breaks "\n"; "" empty */
	struct srcpos	 pos;		/* its first character, or quote */
};

struct csvrow {
	struct csvcell	*v;
	size_t		 n;
	struct srcpos	 pos;		/* of its first cell */
};

/* A CSV or TSV file: its header row, then the rows under it. */
struct csvtab {
	struct arena	 arena;		/* owns the cells */
	const char	*file;
	char		 sep;		/* ',', ';' or '\t' */
	struct csvrow	 head;		/* the header */
	struct csvrow	*rows;		/* the rows under it; rows of empty
					   cells left out */
	size_t		 nrows;
};

/*
 * Read a spreadsheet saved as CSV or TSV (libcsv, strict quoting): UTF-8
 * with or without a byte order mark, cells in double quotes when they
 * hold the separator, quotes ("" inside) or line breaks.  The separator
 * is a tab for a .tsv or .tab file, else the most frequent of tab, ','
 * and ';' on the header line.  Rows may differ in length: the caller
 * knows what they mean.  NULL if the file cannot be read or parsed
 * (reported).  Free with csvtab_free().
 */
struct csvtab	*load_csv(const char *path, struct diags *d);
/* The same from memory; name is the file name for messages and sniffing. */
struct csvtab	*load_csv_buf(const char *name, const unsigned char *buf,
		    size_t len, struct diags *d);
void		 csvtab_free(struct csvtab *t);

/* The icon font's name map (fonts/<font>.map: "name HEX" lines). */
struct iconmap	*load_iconmap(const char *path, struct diags *d);
void		 iconmap_free(struct iconmap *m);
unsigned int	 iconmap_find(const struct iconmap *m, const char *name);
const char	*iconmap_suggest(const struct iconmap *m, const char *name);

/*
 * A component's template.  families lists the font families the deck
 * can use, then (fonts.c) a "Family\tW" or "Family\tW italic" entry for
 * each face, W its CSS weight or a variable font's "MIN-MAX": a family
 * with such entries must have the face an element asks for.  icons
 * lists the icon names.  The file is read where conf allows (NULL:
 * anywhere).  Returns NULL on any error.  Spaces (outlines of another
 * kind) are sized by load_spaces().
 */
struct tmpl	*load_tmpl(const struct confine *conf, const char *path,
		    const char *const *families, const struct iconmap *icons,
		    struct diags *d);
void		 tmpl_free(struct tmpl *t);

/* Fonts of a layout (load/tfont.c); families as load_tmpl takes them. */
/*
 * True if name is a family of the list; else false, with *hint (if
 * hint is not NULL) the family it looks like a typo of, or NULL.
 */
bool		 font_lookup(const char *const *families, const char *name,
		    const char **hint);
/* True if name is a family of the list, else an error at pos. */
bool		 font_known(const char *const *families, const char *name,
		    const struct srcpos *pos, struct diags *d);
/*
 * A "fallback:" list of families (or one family), each known, as Pango
 * takes it: "A,B" (in a), or NULL when n is NULL.
 */
bool		 font_fallback(struct arena *a, const char *const *families,
		    const struct ynode *n, const char **out, struct diags *d);
/*
 * A text file's "fallback:" for language li, kept in deck->fallback as
 * "A,B"; its families are checked against the fonts later.
 */
bool		 lang_fallback(struct deck *deck, size_t li,
		    const struct ynode *n, struct diags *d);
/* The font keys of text element e: font, bold, italic, weight, fallback
 * (after its own, the layout's lfallback). */
bool		 tmpl_font(struct arena *a, const char *const *families,
		    const char *const *faces, const char *lfallback,
		    struct elem *e, const struct ynode *n, struct diags *d);

/*
 * True if faces (layout/fonts.c's list) has family in weight (CSS, 100
 * to 1000; any of a variable font's axis) and slant; else *has lists
 * the faces it has, "bold, bold italic" (in a), NULL if it has none.
 */
bool		 font_face(struct arena *a, const char *const *faces,
		    const char *family, int weight, bool italic,
		    const char **has);
/* A face for messages: "regular", "bold italic", "weight 650". */
char		*face_name(struct arena *a, int lo, int hi, bool italic);

/* A sheet file, read where c allows (NULL: anywhere). */
struct sheet	*load_sheet(const struct confine *c, const char *path,
		    struct diags *d);
void		 sheet_free(struct sheet *s);
/* Set s's paper by name (a4, letter); false if the name is no paper. */
bool		 sheet_paper(struct sheet *s, const char *name);
/* Set s's guides by name (marks, full, corners); false if none such. */
bool		 sheet_guides(struct sheet *s, const char *name);

/*
 * A printer profile (--printer FILE): paper, back_offset_mm: [x, y],
 * duplex, unprintable_mm.  NULL on any error.  Free with
 * printer_free().
 */
struct printer	*load_printer(const char *path, struct diags *d);
void		 printer_free(struct printer *p);

/*
 * Check a deck against its kinds' templates (tmpls[k] for kind k; kinds
 * may share one): every text field a visible element shows exists for
 * every card in the source language (and in every language if
 * all_langs; the validator checks translations against the source
 * itself), every string a template shares is in the kind's strings,
 * bound attributes exist and hold colours or icon names.
 */
bool		 load_bind(const struct deck *deck,
		    const struct tmpl *const *tmpls,
		    const struct iconmap *icons, struct images *images,
		    bool all_langs, struct diags *d);

/*
 * The fields a template shows that no card of its kinds has in any
 * text file (a typo in the layout, "field: bdy"), each reported once at
 * the layout, and the text fields named as their hints: neither is
 * blamed again on every card.
 */

struct orphans {
	const char	**field;	/* the layout's fields no card has */
	const char	**hint;		/* the closest text field, or NULL */
	size_t		  n;
};

/*
 * fieldcheck.c: kind k's orphans into o (its template tmpls[k] shows
 * them; o is freed with orphans_free()), reported at the layout when k
 * is the first kind of its template.  False if it has any.
 */
bool		 bind_orphans(const struct deck *deck,
		    const struct tmpl *const *tmpls, size_t k,
		    struct orphans *o, struct diags *d);
/* Is field one of o's fields; one of the text fields named as hints? */
bool		 orphans_field(const struct orphans *o, const char *field);
bool		 orphans_hint(const struct orphans *o, const char *field);
void		 orphans_free(struct orphans *o);
/*
 * fieldcheck.c: a warning for each translation that prints {attr} with
 * deck.yaml's spelling of the attribute's values (no text file has
 * "values: ATTR:").
 */
void		 bind_raw_values(const struct deck *deck,
		    const struct tmpl *const *tmpls, struct diags *d);

/*
 * The file image element e of template t shows on card c: its name
 * with {id} and the card's attributes filled in, in the deck's folder
 * (or, for a layout's own image, beside the layout).  Caller frees.
 */
char		*image_path(const struct deck *deck, const struct tmpl *t,
		    const struct elem *e, const struct card *c);

/*
 * Size every space element of the kinds' templates: the trim of the
 * kind it names, plus its clearance, with that kind's corners.  An
 * unknown kind, or a space off its component, is an error.
 */
bool		 load_spaces(const struct deck *deck, struct tmpl *const *tmpls,
		    struct diags *d);

/* The strings of kind k (its printed name, shared texts), or NULL. */
const struct card *deck_kind_strs(const struct deck *deck, const char *name);

/* Does element e show on card c (all its 'when' conditions hold)? */
bool		 elem_applies(const struct elem *e, const struct card *c);

/*
 * Inline markup of a text: **bold**, *italic*, {icon:name},
 * {img:path}, {name}, and Pango's tags of a safe subset (mtags.c).
 */
enum mtok { MT_TEXT, MT_BOLD_ON, MT_BOLD_OFF, MT_ITALIC_ON, MT_ITALIC_OFF,
    MT_ICON, MT_VAR, MT_IMG, MT_TAG_ON, MT_TAG_OFF };

#define MAX_VAR		64	/* characters of a variable's name */

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
};

/*
 * Split s into tokens.  Returns false with t->err set on unbalanced
 * or misnested markup, an unknown tag or attribute, a value a tag or
 * an inline object cannot take, or an unclosed icon or image; free t
 * with markup_free() either way.  Colour names are checked by the
 * caller (markup_color()), which knows the layout's palette.
 */
bool		 markup_parse(const char *s, struct mtokens *t);
void		 markup_free(struct mtokens *t);
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
bool		 mtag_parse(const char *s, size_t *i, struct mtokens *t,
		    bool *bad);
/* Parse "|key=value" options of an icon or image (mtags.c). */
bool		 mopts_parse(const char *s, size_t from, size_t to,
		    struct mtoken *k, struct mtokens *t);
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
char		*plain_subst(const char *s,
		    const char *(*get)(const void *ctx, const char *name),
		    const void *ctx);

/* A colour of template t: a palette name or "#rrggbb". */
bool		 tmpl_color(const struct tmpl *t, const char *s,
		    struct rgba *out);

/* Parse "#rgb", "#rrggbb" or "#rrggbbaa". */
bool		 parse_color(const char *s, struct rgba *out);

#endif
