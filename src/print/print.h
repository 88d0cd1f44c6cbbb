/* SPDX-License-Identifier: MIT */
/*
 * The print plan: the components of a deck in one language laid out
 * and imposed kind by kind on their sheets -- which faces, on which
 * pages, in which order -- for the game a job loaded and the variant the
 * validator's rules name; the faces laid out and drawn as each page
 * needs them.  What the card sheets, the pack's components part and the
 * exports that draw faces all print from.
 */
#ifndef DECKPRESS_PRINT_H
#define DECKPRESS_PRINT_H

#include <cairo.h>

#include "../impose/impose.h"
#include "../job/job.h"

/*
 * One kind imposed on its sheets; its faces are laid out when a page
 * that shows them is drawn, and freed once it is.
 */
struct sheets {
	size_t		 kind;
	struct grid	 grid;		/* on a sheet of its own */
	size_t		*seq, n;	/* card indices in print order,
					   ascending: a card's copies in a row */
	bool		 backs;		/* it has a back, printed */
	enum duplex	 mode;		/* how it prints: the print's mode,
					   but gutterfold prints what it
					   cannot fold (a round token, a
					   board) as none */
	bool		 shared;	/* on sheets shared with other kinds */
	size_t		 part;		/* index into the print's parts */
	size_t		 first;		/* 0-based page of its first front,
					   counted from the print's start */
};

/*
 * The pages one plan prints: a kind's own sheets, or the sheets small
 * kinds share, each kind a run of the plan.
 */
struct sheetpart {
	struct plan	 plan;
	bool		 backs;		/* a kind of it has backs, printed */
	enum duplex	 mode;		/* its kinds' */
	const struct sheet *sheet;	/* the sheet its kinds print on */
	bool		 shared;	/* kinds may join it */
	size_t		 first;		/* 0-based page of its first sheet */
};

/*
 * The sheets of every kind a command prints, ready to draw page by
 * page: parts with backs first, each starting on an odd page (a blank
 * one pads), so the part prints double-sided; then the single-sided
 * parts.  Pages are counted from the print's start, itself odd.
 */
struct print {
	struct sheets	*v;		/* in the order of their first pages */
	size_t		 n;
	struct sheetpart *parts;
	size_t		 nparts;
	size_t		 npages;	/* with the blank ones */
	size_t		 nduplex;	/* pages to print double-sided */
	size_t		 lang;		/* index into the deck's languages */
	unsigned int	 marks;		/* draft marks of all faces, or-ed */
	bool		 laid;		/* every face laid out once already
					   (a draft, for its note): drawing
					   reports nothing again */
	char		*note;		/* owned: a draft's margin note */
	struct reuse	*reuse;		/* owned: faces met, drawn once */
	double		 paper_w, paper_h;	/* pt, of the first kind */
	const char	*paper;		/* its name, "A4" or "Letter", or NULL */
	double		 back_x, back_y;	/* pt, back pages moved */
};

/* What to print: the kinds, their backs, which cards. */
struct variant;
struct printopts {
	enum duplex		 duplex;
	bool			 backs;
	const struct variant	*only;	/* a variant's cards, or NULL */
	const char		*kind;	/* one kind by name, or NULL: all */
	double			 back_x, back_y;	/* pt, every back
					   page moved by this */
	const bool		*skip;	/* per kind: true, not printed
					   (export --for); or NULL */
};

/*
 * Plan the pages of the components of s in language lang, kind by
 * kind, as o says: a kind that fills less than a sheet (or says
 * "sheet: shared") shares sheets with the others that do, unless its
 * sheet fixes its grid, it is a board, or gutterfold folds its backs.  False if a kind does not fit its paper or the
 * print would be too long (reported).  Text is fitted as pages are
 * drawn, except in a draft, whose margin note must know from its
 * first page whether any text is too long: a draft lays out every
 * face here first.  Free with print_free().
 */
bool	 print_build(struct setup *s, size_t lang, const struct printopts *o,
	    struct print *pr, struct diags *d);
/* How many components print pr holds, all kinds together. */
size_t	 print_count(const struct print *pr);

/*
 * Draw every page of pr into pdf, a page each, each named as link
 * destination first + i (pdf_dest(); first 0: none); false if a text
 * does not fit (reported): the PDF is then not to be kept.  A print
 * not print_tagged() is drawn untagged.
 */
struct pdfout;
bool	 print_pages(struct pdfout *pdf, const struct setup *s,
	    const struct print *pr, size_t first, struct diags *d);
/*
 * Is pr a document to read, tagged, and not a print job: at most
 * PDF_TAG_CARDS components (pdf.h)?
 */
bool	 print_tagged(const struct print *pr);
/*
 * Face f of component k (in print order) of sh, laid out; free with
 * layout_laid_free().
 */
void	 print_face(const struct setup *s, const struct print *pr,
	    const struct sheets *sh, size_t k, enum face f, struct laid *out,
	    struct diags *d);
/*
 * The page of pr, 1-based from the print's start, that prints the
 * first front of each of the deck's ncards cards into page[card] (0:
 * not printed), read from the plan: nothing is laid out or drawn.
 */
void	 print_front_pages(const struct print *pr, size_t ncards,
	    size_t *page);
void	 print_free(struct print *pr);

#endif
