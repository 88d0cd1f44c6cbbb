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
	/* Written so that NaN, which compares false, is refused too. */
	if (end == s || *end != '\0' || errno != 0 || !(*x >= -20 && *x <= 20)
	    || !(*y >= -20 && *y <= 20))
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
	if (end == s || *end != '\0' || errno != 0 || !(v >= lo && v <= hi))
		return false;
	*out = MM(v);
	return true;
}

/* A whole number of dots per inch within IMAGE_DPI_MIN..MAX. */
static bool
parse_dpi(const char *s, double *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (end == s || *end != '\0' || errno != 0 || v < IMAGE_DPI_MIN ||
	    v > IMAGE_DPI_MAX)
		return false;
	*out = (double)v;
	return true;
}

int
cmd_cards_option(struct job *j, int c, const char *arg)
{
	switch (c) {
	case 'l':
		j->lang = arg;
		return 0;
	case 'o':
		j->output = arg;
		return 0;
	case 'B':
		j->backs = false;
		return 0;
	case 'V':
		j->variant = arg;
		return 0;
	case 'D':
		j->draft = true;
		return 0;
	case 'H':
		j->hints = true;
		return 0;
	case 'C':
		j->kind = arg;
		return 0;
	default:
		return -1;
	}
}

int
cmd_job_option(struct job *j, int c, const char *arg, const char *usage)
{
	struct sheet tmp;

	switch (c) {
	case 'd':
		if (!parse_duplex(arg, &j->duplex))
			return cmd_usage_error(usage, "--duplex must be long, "
			    "short, none or fold, not '%s'", arg);
		j->has_duplex = true;
		return 0;
	case 'P':
		if (!tmpl_sheet_paper(&tmp, arg))
			return cmd_usage_error(usage, "--paper must be a4 or "
			    "letter, not '%s'", arg);
		j->paper = arg;
		return 0;
	case 'O':
		if (!parse_pair(arg, &j->back_x, &j->back_y))
			return cmd_usage_error(usage, "--back-offset must be "
			    "X,Y in mm (each -20 to 20), like 1.5,-0.8, not "
			    "'%s'", arg);
		j->has_offset = true;
		return 0;
	case 'R':
		j->printer = arg;
		return 0;
	case 'G':
		if (!tmpl_sheet_guides(&tmp, arg))
			return cmd_usage_error(usage, "--guides must be marks, "
			    "full or corners, not '%s'", arg);
		j->guides = (int)tmp.guides;
		return 0;
	case 'S':
		if (!parse_mm(arg, 0, 100, &j->spacing))
			return cmd_usage_error(usage, "--spacing must be a "
			    "length in mm from 0 to 100, not '%s'", arg);
		return 0;
	case 'U':
		j->outside = true;
		return 0;
	case 'I':
		if (!parse_dpi(arg, &j->image_dpi))
			return cmd_usage_error(usage, "--image-dpi must be a "
			    "whole number from %d to %d, not '%s'",
			    IMAGE_DPI_MIN, IMAGE_DPI_MAX, arg);
		return 0;
	case 'A':
		j->allow_outside = true;
		return 0;
	default:
		return -1;
	}
}

