/* SPDX-License-Identifier: MIT */
/*
 * Colours as a layout writes them: "#rgb", "#rgba", "#rrggbb",
 * "#rrggbbaa", the 148 names of CSS Color 4, and rgb()/rgba() and
 * hsl()/hsla() in their comma and space forms.  The one colour parser
 * of the template stage (a palette's, an element's, a stop's, a card's
 * bound value), the palette's names looked up first.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tctx.h"

/* CSS Color 4's named colours, sorted for bsearch(). */
static const struct named {
	const char	*name;
	unsigned long	 rgb;	/* 0xrrggbb */
} css[] = {
	{ "aliceblue", 0xf0f8ff }, { "antiquewhite", 0xfaebd7 },
	{ "aqua", 0x00ffff }, { "aquamarine", 0x7fffd4 },
	{ "azure", 0xf0ffff }, { "beige", 0xf5f5dc },
	{ "bisque", 0xffe4c4 }, { "black", 0x000000 },
	{ "blanchedalmond", 0xffebcd }, { "blue", 0x0000ff },
	{ "blueviolet", 0x8a2be2 }, { "brown", 0xa52a2a },
	{ "burlywood", 0xdeb887 }, { "cadetblue", 0x5f9ea0 },
	{ "chartreuse", 0x7fff00 }, { "chocolate", 0xd2691e },
	{ "coral", 0xff7f50 }, { "cornflowerblue", 0x6495ed },
	{ "cornsilk", 0xfff8dc }, { "crimson", 0xdc143c },
	{ "cyan", 0x00ffff }, { "darkblue", 0x00008b },
	{ "darkcyan", 0x008b8b }, { "darkgoldenrod", 0xb8860b },
	{ "darkgray", 0xa9a9a9 }, { "darkgreen", 0x006400 },
	{ "darkgrey", 0xa9a9a9 }, { "darkkhaki", 0xbdb76b },
	{ "darkmagenta", 0x8b008b }, { "darkolivegreen", 0x556b2f },
	{ "darkorange", 0xff8c00 }, { "darkorchid", 0x9932cc },
	{ "darkred", 0x8b0000 }, { "darksalmon", 0xe9967a },
	{ "darkseagreen", 0x8fbc8f }, { "darkslateblue", 0x483d8b },
	{ "darkslategray", 0x2f4f4f }, { "darkslategrey", 0x2f4f4f },
	{ "darkturquoise", 0x00ced1 }, { "darkviolet", 0x9400d3 },
	{ "deeppink", 0xff1493 }, { "deepskyblue", 0x00bfff },
	{ "dimgray", 0x696969 }, { "dimgrey", 0x696969 },
	{ "dodgerblue", 0x1e90ff }, { "firebrick", 0xb22222 },
	{ "floralwhite", 0xfffaf0 }, { "forestgreen", 0x228b22 },
	{ "fuchsia", 0xff00ff }, { "gainsboro", 0xdcdcdc },
	{ "ghostwhite", 0xf8f8ff }, { "gold", 0xffd700 },
	{ "goldenrod", 0xdaa520 }, { "gray", 0x808080 },
	{ "green", 0x008000 }, { "greenyellow", 0xadff2f },
	{ "grey", 0x808080 }, { "honeydew", 0xf0fff0 },
	{ "hotpink", 0xff69b4 }, { "indianred", 0xcd5c5c },
	{ "indigo", 0x4b0082 }, { "ivory", 0xfffff0 },
	{ "khaki", 0xf0e68c }, { "lavender", 0xe6e6fa },
	{ "lavenderblush", 0xfff0f5 }, { "lawngreen", 0x7cfc00 },
	{ "lemonchiffon", 0xfffacd }, { "lightblue", 0xadd8e6 },
	{ "lightcoral", 0xf08080 }, { "lightcyan", 0xe0ffff },
	{ "lightgoldenrodyellow", 0xfafad2 }, { "lightgray", 0xd3d3d3 },
	{ "lightgreen", 0x90ee90 }, { "lightgrey", 0xd3d3d3 },
	{ "lightpink", 0xffb6c1 }, { "lightsalmon", 0xffa07a },
	{ "lightseagreen", 0x20b2aa }, { "lightskyblue", 0x87cefa },
	{ "lightslategray", 0x778899 }, { "lightslategrey", 0x778899 },
	{ "lightsteelblue", 0xb0c4de }, { "lightyellow", 0xffffe0 },
	{ "lime", 0x00ff00 }, { "limegreen", 0x32cd32 },
	{ "linen", 0xfaf0e6 }, { "magenta", 0xff00ff },
	{ "maroon", 0x800000 }, { "mediumaquamarine", 0x66cdaa },
	{ "mediumblue", 0x0000cd }, { "mediumorchid", 0xba55d3 },
	{ "mediumpurple", 0x9370db }, { "mediumseagreen", 0x3cb371 },
	{ "mediumslateblue", 0x7b68ee }, { "mediumspringgreen", 0x00fa9a },
	{ "mediumturquoise", 0x48d1cc }, { "mediumvioletred", 0xc71585 },
	{ "midnightblue", 0x191970 }, { "mintcream", 0xf5fffa },
	{ "mistyrose", 0xffe4e1 }, { "moccasin", 0xffe4b5 },
	{ "navajowhite", 0xffdead }, { "navy", 0x000080 },
	{ "oldlace", 0xfdf5e6 }, { "olive", 0x808000 },
	{ "olivedrab", 0x6b8e23 }, { "orange", 0xffa500 },
	{ "orangered", 0xff4500 }, { "orchid", 0xda70d6 },
	{ "palegoldenrod", 0xeee8aa }, { "palegreen", 0x98fb98 },
	{ "paleturquoise", 0xafeeee }, { "palevioletred", 0xdb7093 },
	{ "papayawhip", 0xffefd5 }, { "peachpuff", 0xffdab9 },
	{ "peru", 0xcd853f }, { "pink", 0xffc0cb },
	{ "plum", 0xdda0dd }, { "powderblue", 0xb0e0e6 },
	{ "purple", 0x800080 }, { "rebeccapurple", 0x663399 },
	{ "red", 0xff0000 }, { "rosybrown", 0xbc8f8f },
	{ "royalblue", 0x4169e1 }, { "saddlebrown", 0x8b4513 },
	{ "salmon", 0xfa8072 }, { "sandybrown", 0xf4a460 },
	{ "seagreen", 0x2e8b57 }, { "seashell", 0xfff5ee },
	{ "sienna", 0xa0522d }, { "silver", 0xc0c0c0 },
	{ "skyblue", 0x87ceeb }, { "slateblue", 0x6a5acd },
	{ "slategray", 0x708090 }, { "slategrey", 0x708090 },
	{ "snow", 0xfffafa }, { "springgreen", 0x00ff7f },
	{ "steelblue", 0x4682b4 }, { "tan", 0xd2b48c },
	{ "teal", 0x008080 }, { "thistle", 0xd8bfd8 },
	{ "tomato", 0xff6347 }, { "turquoise", 0x40e0d0 },
	{ "violet", 0xee82ee }, { "wheat", 0xf5deb3 },
	{ "white", 0xffffff }, { "whitesmoke", 0xf5f5f5 },
	{ "yellow", 0xffff00 }, { "yellowgreen", 0x9acd32 },
};
#define NCSS	(sizeof(css) / sizeof(css[0]))

/* A number of a colour function and its unit: "50%", "120deg", "0.5". */
struct cnum {
	double	v;
	char	unit[6];	/* lower case; "" for a plain number */
};

/* Say why into why (n bytes), if wanted; false, for returning. */
static bool __attribute__((format(printf, 3, 4)))
say(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (why == NULL)
		return false;
	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
	return false;
}

static int
cmp_name(const void *key, const void *elem)
{
	return strcasecmp(key, ((const struct named *)elem)->name);
}

/* A CSS name, in any case ("Navy" as "navy", as CSS reads them). */
static bool
by_name(const char *s, struct rgba *out)
{
	const struct named *p = bsearch(s, css, NCSS, sizeof(css[0]),
	    cmp_name);
	unsigned long v;

	if (p == NULL)
		return false;
	v = p->rgb;
	out->r = (double)(v >> 16 & 0xff) / 255.0;
	out->g = (double)(v >> 8 & 0xff) / 255.0;
	out->b = (double)(v & 0xff) / 255.0;
	out->a = 1;
	return true;
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* "#rgb", "#rgba", "#rrggbb" or "#rrggbbaa" (s after the '#'). */
static bool
by_hex(const char *s, struct rgba *out, char *why, size_t nwhy)
{
	unsigned int v[8];
	size_t n = strlen(s), i;
	double *ch[4] = { &out->r, &out->g, &out->b, &out->a };

	if (n != 3 && n != 4 && n != 6 && n != 8)
		return say(why, nwhy, "a colour in hex has 3, 4, 6 or 8 "
		    "digits after '#', not %zu", n);
	for (i = 0; i < n; i++) {
		int h = hexval(s[i]);

		if (h < 0)
			return say(why, nwhy, "'%c' is not a hex digit", s[i]);
		v[i] = (unsigned int)h;
	}
	out->a = 1;
	for (i = 0; i < n / (n < 6 ? 1 : 2); i++)
		*ch[i] = n < 6 ? v[i] * 17 / 255.0 :
		    (v[2 * i] * 16 + v[2 * i + 1]) / 255.0;
	return true;
}

static const char *
skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* A number and its unit at p; the end of it, or NULL if none is. */
static const char *
get_num(const char *p, struct cnum *c)
{
	const char *q = p;
	char buf[64];
	size_t int_digits, frac_digits = 0, k = 0;

	if (*q == '+' || *q == '-')
		q++;
	int_digits = strspn(q, "0123456789");
	q += int_digits;
	if (*q == '.') {
		frac_digits = strspn(q + 1, "0123456789");
		q += 1 + frac_digits;
	}
	if (int_digits + frac_digits == 0)
		return NULL;
	if ((*q == 'e' || *q == 'E') && (isdigit((unsigned char)q[1]) ||
	    ((q[1] == '+' || q[1] == '-') && isdigit((unsigned char)q[2]))))
		q += 2 + strspn(q + 2, "0123456789");
	if ((size_t)(q - p) >= sizeof(buf))
		return NULL;
	memcpy(buf, p, (size_t)(q - p));
	buf[q - p] = '\0';
	c->v = strtod(buf, NULL);
	while (isalpha((unsigned char)*q) || *q == '%') {
		if (k + 1 == sizeof(c->unit))
			return NULL;
		c->unit[k++] = (char)tolower((unsigned char)*q++);
	}
	c->unit[k] = '\0';
	return isfinite(c->v) ? q : NULL;
}

/*
 * The arguments of a colour function, p just after its '(': three
 * numbers and an optional alpha, all separated by commas ("1, 2, 3,
 * 0.5") or by spaces with a slash before the alpha ("1 2 3 / 0.5"),
 * then ')' and the end of the text.  Their count into *n.
 */
static bool
get_args(const char *p, struct cnum v[4], size_t *n)
{
	bool comma = false;
	size_t i;

	p = skip_ws(p);
	for (i = 0; ; i++) {
		if (i == 4 || (p = get_num(p, &v[i])) == NULL)
			return false;
		p = skip_ws(p);
		if (*p == ')')
			break;
		if (i == 0)
			comma = *p == ',';
		if (comma || i == 2) {
			if (*p != (comma ? ',' : '/'))
				return false;
			p = skip_ws(p + 1);
		} else if (*p == ',' || *p == '/')
			return false;
	}
	*n = i + 1;
	return *skip_ws(p + 1) == '\0';
}

/* A channel of 0..max, or a percentage, as 0..1. */
static bool
channel(const struct cnum *c, double max, const char *name, double *out,
    char *why, size_t nwhy)
{
	double lim = strcmp(c->unit, "%") == 0 ? 100 : max;

	if (c->unit[0] != '\0' && strcmp(c->unit, "%") != 0)
		return say(why, nwhy, "its %s is a number or a percentage, "
		    "not '%g%s'", name, c->v, c->unit);
	if (!(c->v >= 0 && c->v <= lim))
		return say(why, nwhy, "its %s is 0 to %g or 0%% to 100%%, not "
		    "%g%s", name, max, c->v, c->unit);
	*out = c->v / lim;
	return true;
}

/* A hue in degrees (deg, rad, grad, turn, or a plain number). */
static bool
hue(const struct cnum *c, double *deg, char *why, size_t nwhy)
{
	static const char *const units[] = { "", "deg", "rad", "grad",
	    "turn" };
	static const double per[] = { 1, 1, 180 / M_PI, 0.9, 360 };
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(c->unit, units[i]) == 0) {
			*deg = fmod(c->v * per[i], 360);
			if (*deg < 0)
				*deg += 360;
			return true;
		}
	return say(why, nwhy, "its hue is an angle (deg, rad, grad or "
	    "turn), not '%g%s'", c->v, c->unit);
}

/* CSS's hsl() as red, green and blue (h degrees, s and l 0..1). */
static void
hsl_rgb(double h, double s, double l, struct rgba *out)
{
	double c = (1 - fabs(2 * l - 1)) * s, hp = h / 60;
	double x = c * (1 - fabs(fmod(hp, 2) - 1)), m = l - c / 2;
	double r = 0, g = 0, b = 0;

	if (hp < 1)
		r = c, g = x;
	else if (hp < 2)
		r = x, g = c;
	else if (hp < 3)
		g = c, b = x;
	else if (hp < 4)
		g = x, b = c;
	else if (hp < 5)
		r = x, b = c;
	else
		r = c, b = x;
	out->r = r + m;
	out->g = g + m;
	out->b = b + m;
}

/* rgb(), rgba(), hsl() or hsla(): f is the name, p after its '('. */
static bool
by_function(const char *f, size_t nf, const char *p, struct rgba *out,
    char *why, size_t nwhy)
{
	static const char *const rgbn[] = { "red", "green", "blue" };
	bool rgb = (nf == 3 || nf == 4) && strncasecmp(f, "rgba", nf) == 0;
	bool hsl = (nf == 3 || nf == 4) && strncasecmp(f, "hsla", nf) == 0;
	struct cnum v[4];
	double h = 0, s = 0, l = 0;
	size_t n, i;

	if (!rgb && !hsl)
		return say(why, nwhy, "'%.*s()' is no colour function; there "
		    "are rgb(), rgba(), hsl() and hsla()", (int)nf, f);
	if (!get_args(p, v, &n) || n < 3)
		return say(why, nwhy, rgb ? "rgb() takes 3 numbers and an "
		    "optional alpha, as rgb(29, 39, 51), rgb(29 39 51 / 0.5) "
		    "or rgb(11%%, 15%%, 20%%)" : "hsl() takes a hue, 2 "
		    "percentages and an optional alpha, as hsl(215, 27%%, "
		    "16%%) or hsl(215deg 27%% 16%% / 0.5)");
	out->a = 1;
	if (n == 4 && !channel(&v[3], 1, "alpha", &out->a, why, nwhy))
		return false;
	if (rgb) {
		double *ch[3] = { &out->r, &out->g, &out->b };

		for (i = 0; i < 3; i++)
			if (!channel(&v[i], 255, rgbn[i], ch[i], why, nwhy))
				return false;
		return true;
	}
	/* CSS Color 4 takes a plain number for a percentage here. */
	if (!hue(&v[0], &h, why, nwhy) ||
	    !channel(&v[1], 100, "saturation", &s, why, nwhy) ||
	    !channel(&v[2], 100, "lightness", &l, why, nwhy))
		return false;
	hsl_rgb(h, s, l, out);
	return true;
}

/* The parser; why (nwhy bytes, may be NULL) gets what is wrong, or ""
 * for a name that is no CSS name. */
static bool
parse(const char *s, struct rgba *out, char *why, size_t nwhy)
{
	const char *paren;
	struct rgba v;

	if (why != NULL)
		why[0] = '\0';
	if (s[0] == '#') {
		if (!by_hex(s + 1, &v, why, nwhy))
			return false;
	} else if ((paren = strchr(s, '(')) != NULL) {
		if (!by_function(s, (size_t)(paren - s), paren + 1, &v, why,
		    nwhy))
			return false;
	} else if (!by_name(s, &v))
		return false;
	*out = v;
	return true;
}

bool
tmpl_parse_color(const char *s, struct rgba *out)
{
	return parse(s, out, NULL, 0);
}

bool
tmpl_color(const struct tmpl *t, const char *s, struct rgba *out)
{
	size_t i;

	for (i = 0; i < t->npal; i++)
		if (strcmp(t->pal_names[i], s) == 0) {
			*out = t->pal[i];
			return true;
		}
	return tmpl_parse_color(s, out);
}

const char *
tmpl_color_problem(const struct tmpl *t, const char *s, char *buf, size_t n)
{
	const char *hint = NULL, *ph = NULL, *names[NCSS];
	char low[64];
	struct rgba v;
	size_t i;

	if ((t != NULL && tmpl_color(t, s, &v)) || parse(s, &v, buf, n))
		return NULL;
	if (buf[0] != '\0')
		return buf;
	/* An unknown name: the nearest of the CSS names and the palette's. */
	for (i = 0; s[i] != '\0' && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[i] = '\0';
	if (s[i] == '\0') {
		for (i = 0; i < NCSS; i++)
			names[i] = css[i].name;
		hint = closest_word(low, names, NCSS);
	}
	if (t != NULL && t->npal > 0)
		ph = closest_word(s, (const char *const *)t->pal_names,
		    t->npal);
	if (ph != NULL && (hint == NULL || edit_distance(s, ph) <=
	    edit_distance(low, hint)))
		hint = ph;
	if (hint != NULL)
		snprintf(buf, n, "did you mean '%s'?", hint);
	return buf;
}
