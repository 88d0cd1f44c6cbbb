/* SPDX-License-Identifier: MIT */
/*
 * The floor of make bench: a box line of the table "deckpress export
 * --boxes" writes, read into a struct box (floor.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "floor.h"

/* Undo the table's escapes (\t \n \r \\) in place. */
static char *
unescape(char *s)
{
	char *r = s, *w = s;

	for (; *r != '\0'; r++, w++) {
		if (*r == '\\' && r[1] != '\0') {
			r++;
			*w = *r == 't' ? '\t' : *r == 'n' ? '\n' : *r == 'r' ?
			    '\r' : *r;
		} else
			*w = *r;
	}
	*w = '\0';
	return s;
}

static struct rgba
colour(const char *s)
{
	struct rgba c = { 0, 0, 0, 0, false };
	unsigned int r, g, b, a;

	if (sscanf(s, "#%2x%2x%2x%2x", &r, &g, &b, &a) == 4)
		c = (struct rgba){ r / 255.0, g / 255.0, b / 255.0, a / 255.0,
		    true };
	return c;
}

/*
 * A gradient fill, "linear:ANGLE" or "radial" then stops
 * "#rrggbbaa@OFFSET" separated by spaces, into g (kind 0 if s is none).
 */
static void
gradient(const char *s, struct grad *g)
{
	int n;

	memset(g, 0, sizeof(*g));
	if (sscanf(s, "linear:%lf%n", &g->angle, &n) == 1)
		g->kind = 1;
	else if (strncmp(s, "radial", 6) == 0) {
		g->kind = 2;
		n = 6;
	} else
		return;
	for (s += n; *s == ' ' && g->n < GRAD_MAX; ) {
		const char *at = strchr(s, '@');

		if (at == NULL)
			break;
		g->stop[g->n] = colour(s + 1);
		g->at[g->n++] = atof(at + 1);
		s = at + strcspn(at, " ");
	}
}

/* Take the images inline in a text, {img:PATH}, out of it, in place. */
static void
drop_inline(char *s)
{
	char *r = s, *w = s, *end;

	while (*r != '\0')
		if (strncmp(r, "{img:", 5) == 0 && (end = strchr(r, '}')) !=
		    NULL)
			r = end + 1;
		else
			*w++ = *r++;
	*w = '\0';
}

/* Index of s in v (n long), or 0. */
int
word(const char *s, const char *const *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(s, v[i]) == 0)
			return i;
	return 0;
}

void
parse_box(char **c, struct box *b)
{
	static const char *const al[] = { "left", "center", "right",
	    "justify" };
	static const char *const va[] = { "top", "middle", "bottom" };
	static const char *const fit[] = { "contain", "cover", "stretch" };
	static const char *const clip[] = { "box", "bleed", "none" };
	static const char *const flips[] = { "", "horizontal", "vertical" };
	char *comma = strchr(c[22], ',');

	memset(b, 0, sizeof(*b));
	b->x = atof(c[4]);
	b->y = atof(c[5]);
	b->w = atof(c[6]);
	b->h = atof(c[7]);
	b->fill = colour(c[9]);
	gradient(c[9], &b->grad);
	b->fill.set = b->fill.set || b->grad.kind != 0;
	b->stroke = colour(c[10]);
	b->stroke_w = atof(c[11]);
	b->radius = atof(c[12]);
	b->color = colour(c[13]);
	b->family = strdup(c[14]);
	b->bold = strcmp(c[15], "1") == 0;
	b->italic = strcmp(c[16], "1") == 0;
	b->size = atof(c[17]);
	b->halign = word(c[18], al, 4);
	b->valign = word(c[19], va, 3);
	b->leading = *c[20] ? atof(c[20]) : 1;
	b->wrap_w = atof(c[21]);
	b->mirror = strcmp(c[22], "mirror") == 0;
	b->dash = strcmp(c[22], "dash") == 0;
	if (comma != NULL) {
		*comma = '\0';
		b->fit = word(c[22], fit, 3);
		b->clip = word(comma + 1, clip, 3);
	}
	b->rotate = atof(c[23]);
	b->px = atof(c[24]);
	b->py = atof(c[25]);
	b->flip = word(c[26], flips, 3);
	b->text = strdup(unescape(c[31]));
	drop_inline(b->text);
}
