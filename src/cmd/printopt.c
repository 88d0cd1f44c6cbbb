/* SPDX-License-Identifier: MIT */
/*
 * How a home printer prints, from the command line or a printer
 * profile: the paper, the shift of its back pages, the edge it turns
 * on (or gutterfold), the margin it cannot print, the guides to cut
 * along and the spacing between cards.  Shared by the commands that
 * print; part of the CLI.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* "1.5,-0.8": two numbers in mm, into pt.  False if it is not that. */
static bool
parse_pair(const char *s, double *x, double *y)
{
	char *end;

	errno = 0;
	*x = strtod(s, &end);
	if (end == s || *end != ',' || errno != 0)
		return false;
	s = end + 1;
	*y = strtod(s, &end);
	if (end == s || *end != '\0' || errno != 0 || *x < -20 || *x > 20 ||
	    *y < -20 || *y > 20)
		return false;
	*x = MM(*x);
	*y = MM(*y);
	return true;
}

static bool
parse_duplex(const char *s, enum duplex *m)
{
	static const char *const names[] = { "long", "short", "none", "fold",
	    NULL };
	size_t i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(s, names[i]) == 0) {
			*m = (enum duplex)i;
			return true;
		}
	return false;
}

static bool
parse_mm(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0' || errno != 0 || v < lo || v > hi)
		return false;
	*out = MM(v);
	return true;
}

int
job_option(struct job *j, int c, const char *arg, const char *usage)
{
	struct sheet tmp;

	switch (c) {
	case 'd':
		if (!parse_duplex(arg, &j->duplex))
			return usage_error(usage, "--duplex must be long, "
			    "short, none or fold, not '%s'", arg);
		j->has_duplex = true;
		return 0;
	case 'P':
		if (!sheet_paper(&tmp, arg))
			return usage_error(usage, "--paper must be a4 or "
			    "letter, not '%s'", arg);
		j->paper = arg;
		return 0;
	case 'O':
		if (!parse_pair(arg, &j->back_x, &j->back_y))
			return usage_error(usage, "--back-offset must be X,Y "
			    "in mm (each -20 to 20), like 1.5,-0.8, not '%s'",
			    arg);
		j->has_offset = true;
		return 0;
	case 'R':
		j->printer = arg;
		return 0;
	case 'G':
		if (!sheet_guides(&tmp, arg))
			return usage_error(usage, "--guides must be marks, "
			    "full or corners, not '%s'", arg);
		j->guides = (int)tmp.guides;
		return 0;
	case 'S':
		if (!parse_mm(arg, 0, 100, &j->spacing))
			return usage_error(usage, "--spacing must be a length "
			    "in mm from 0 to 100, not '%s'", arg);
		return 0;
	case 'U':
		j->outside = true;
		return 0;
	case 'A':
		j->allow_outside = true;
		return 0;
	default:
		return -1;
	}
}

int
job_printer(struct job *j, struct diags *d)
{
	struct printer *p;

	if (j->printer == NULL)
		return 0;
	if ((p = load_printer(j->printer, d)) == NULL)
		return EXIT_INPUT;
	/* The profile's paper name lives in its arena: keep a static one. */
	if (j->paper == NULL && p->paper != NULL)
		j->paper = strcmp(p->paper, "letter") == 0 ? "letter" : "a4";
	if (!j->has_offset && p->has_offset) {
		j->back_x = p->back_x;
		j->back_y = p->back_y;
	}
	if (!j->has_duplex && p->has_duplex)
		j->duplex = p->duplex;
	if (j->unprintable < 0 && p->has_unprintable)
		j->unprintable = p->unprintable;
	printer_free(p);
	return 0;
}

/* Has an earlier kind the same sheet (kinds may share one)? */
static bool
done_before(struct sheet *const *v, size_t k)
{
	size_t i;

	for (i = 0; i < k; i++)
		if (v[i] == v[k])
			return true;
	return false;
}

void
job_sheets(const struct job *j, struct setup *s)
{
	size_t k;

	for (k = 0; s->deck != NULL && k < s->deck->nkinds; k++) {
		struct sheet *sh = s->sheets[k];

		if (sh == NULL || done_before(s->sheets, k))
			continue;
		if (j->paper != NULL)
			sheet_paper(sh, j->paper);
		if (j->unprintable >= 0)
			sh->unprintable = j->unprintable;
		if (j->guides >= 0)
			sh->guides = (enum guides)j->guides;
		if (j->spacing >= 0) {
			sh->spaced = true;
			sh->spacing = j->spacing;
		}
		if (j->outside) {
			sh->spaced = false;
			sh->gutter = 0;
		}
	}
}
