/* SPDX-License-Identifier: MIT */
/*
 * The floor of make bench (floor.c): a box of the table "deckpress
 * export --boxes" writes, and reading one (floortsv.c).
 */
#ifndef FLOOR_H
#define FLOOR_H

#include <stdbool.h>

#define NCOLS		32		/* columns of the table */
#define ICON_FAMILY	"Material Design Icons"

/* B_SHAPE: a line, circle, polygon, star or path, whose points the
 * table does not give: not drawn (no bench deck has one). */
enum btype { B_RECT, B_TEXT, B_ICON, B_SPACE, B_IMAGE, B_SHAPE };

struct rgba {
	double	r, g, b, a;
	bool	set;
};

#define GRAD_MAX	8

/* A gradient fill: linear at angle (degrees) or radial, its stops. */
struct grad {
	int		 kind;		/* 0 none, 1 linear,
					   2 radial */
	double		 angle;
	int		 n;
	struct rgba	 stop[GRAD_MAX];
	double		 at[GRAD_MAX];
};

/* One box of a face, as the table gives it; lengths in pt. */
struct box {
	enum btype	 type;
	double		 x, y, w, h;
	struct rgba	 fill, stroke, color;
	struct grad	 grad;		/* fill, if kind is set */
	double		 stroke_w, radius;
	char		*family;	/* owned */
	bool		 bold, italic;
	double		 size, leading, wrap_w;
	int		 halign, valign;	/* 0 left/top, 1 centre, 2;
					   3 justified */
	bool		 mirror, dash;	/* icon; space */
	int		 fit, clip;	/* image: 0 contain/box,
					   1 cover/bleed, 2 stretch/none */
	double		 rotate;	/* degrees clockwise */
	double		 px, py;	/* the pivot */
	int		 flip;		/* 0 none, 1 horizontal,
					   2 vertical */
	char		*text;		/* owned: markup, glyph or path */
};

/* Index of s in v (n long), or 0. */
int	word(const char *s, const char *const *v, int n);
/* Columns c[] (NCOLS of them) of a box line into b: the text owned. */
void	parse_box(char **c, struct box *b);

#endif
