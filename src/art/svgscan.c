/* SPDX-License-Identifier: MIT */
/*
 * An SVG looked over before librsvg parses it (art.c calls
 * art_svg_scan()): librsvg bounds neither what a few hundred bytes can make
 * it draw (<use> of <use> of ...), nor the images a data: URI embeds,
 * nor some filters' work.  libxml2's reader walks the document once,
 * with nothing loaded from outside; gdk-pixbuf, which librsvg decodes
 * embedded images with, reads their size from their headers.  What its
 * filters and masks cost is read at the same time (svgcost.c) and
 * summed here, once the size it is drawn at is known, over every
 * element each reference and marker draws again.  Part of the art
 * stage.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../util.h"
#include "bounds.h"
#include "jpeg.h"
#include "svgcost.h"
#include "svgscan.h"
#include "svgscandl.h"

/*
 * Far above real art (a detailed illustration has some thousands of
 * elements), far below what costs a second: librsvg draws some 150 000
 * elements a second, and holds some 3 KB for each.
 */
#define MAX_ELEMENTS	100000	/* in the document, entities expanded */
#define MAX_INSTANCES	200000	/* once every reference is followed */
#define MAX_REF_DEPTH	32	/* references inside references */
/* Each octave of feTurbulence is another pass over every pixel. */
#define MAX_OCTAVES	10
/* librsvg 2.54 aborts the whole program at an order of 21. */
#define MAX_ORDER	20
/* Each primitive is a pass over the filter's region. */
#define MAX_PRIMITIVES	1000

/* A reference from inside element 'from' to the element of id 'id'. */
struct ref {
	size_t		 from;
	char		*id;		/* owned */
};

/* How far a walk has counted an element. */
enum { UNSEEN, COUNTING, COUNTED };

struct svgscan {
	size_t		*end;		/* an element's index -> the index
					   past its last descendant */
	size_t		*hider;		/* its nearest ancestor-or-self not
					   drawn where it is (<defs>) + 1;
					   0: none */
	size_t		 caphider;
	size_t		 n, cap;	/* elements in document order */
	size_t		*open;		/* the elements not closed yet */
	size_t		 nopen, capopen;
	struct ref	*refs;		/* in document order */
	size_t		 nrefs, caprefs;
	GHashTable	*ids;		/* id -> index + 1, the first wins */
	size_t		 primitives;	/* filter primitives */
	double		 pixels;	/* of the embedded images, together */
	struct svgcost	*cost;		/* its filters and masks */
	/* A walk (total()): */
	bool		 in_place;	/* what <defs> holds counts where it
					   is, too */
	double		*sub;		/* an element's weight and its
					   descendants' */
	double		*memo;		/* what it draws, references
					   followed */
	unsigned char	*state;		/* UNSEEN, COUNTING, COUNTED */
	const char	*why;		/* the first problem, or NULL */
};

static char why_buf[512];

/* Set the first problem found; later ones are not looked at. */
static void
refuse(struct svgscan *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
refuse(struct svgscan *s, const char *fmt, ...)
{
	va_list ap;

	if (s->why != NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(why_buf, sizeof(why_buf), fmt, ap);
	va_end(ap);
	s->why = why_buf;
}

/* gdk-pixbuf tells the size before it decodes: note it, stop it. */
static void
on_size(GdkPixbufLoader *l, int w, int h, gpointer data)
{
	int *wh = data;

	wh[0] = w;
	wh[1] = h;
	/* A size of 0 makes the loader fail before it allocates. */
	gdk_pixbuf_loader_set_size(l, 0, 0);
}

/*
 * The pixel size of the image of n bytes at b, as gdk-pixbuf's loader
 * for mime (NULL: the one its bytes say) reads it, into wh; wh[0] stays
 * 0 if it cannot tell.  An SVG is told by *svg.
 */
static void
probe(const guchar *b, gsize n, const char *mime, int wh[2], bool *svg)
{
	GdkPixbufLoader *l;
	GdkPixbufFormat *f;
	gsize at, k;
	gchar *name;

	l = mime != NULL ? gdk_pixbuf_loader_new_with_mime_type(mime, NULL) :
	    gdk_pixbuf_loader_new();
	if (l == NULL)
		return;		/* a type gdk-pixbuf (and librsvg) lacks */
	g_signal_connect(l, "size-prepared", G_CALLBACK(on_size), wh);
	/* 4 KiB first: the loader is chosen by then, and an SVG (which
	 * would be parsed whole at close) stops here. */
	for (at = 0; at < n && wh[0] == 0; at += k) {
		k = at == 0 ? MIN(n, 4096) : MIN(n - at, 65536);
		if (!gdk_pixbuf_loader_write(l, b + at, k, NULL))
			break;
		if ((f = gdk_pixbuf_loader_get_format(l)) != NULL) {
			name = gdk_pixbuf_format_get_name(f);
			*svg |= strcmp(name, "svg") == 0;
			g_free(name);
			if (*svg)
				break;
		}
	}
	gdk_pixbuf_loader_close(l, NULL);
	if ((f = gdk_pixbuf_loader_get_format(l)) != NULL) {
		name = gdk_pixbuf_format_get_name(f);
		*svg |= strcmp(name, "svg") == 0;
		g_free(name);
	}
	g_object_unref(l);
}

/* An embedded image of w x h px, counted; refused over the limits. */
static void
embedded(struct svgscan *s, int w, int h)
{
	if ((double)w * h > MAX_PIXELS) {
		refuse(s, "embeds an image (a data: URI) of %d x %d pixels, "
		    "more than the %.0f megapixels deckpress reads", w, h,
		    MAX_PIXELS / 1e6);
		return;
	}
	if (w > MAX_SIDE || h > MAX_SIDE) {
		refuse(s, "embeds an image (a data: URI) of %d x %d pixels, "
		    "more than the %d a side deckpress reads", w, h, MAX_SIDE);
		return;
	}
	s->pixels += (double)w * h;
	if (s->pixels > MAX_PIXELS)
		refuse(s, "embeds images (data: URIs) of more than the %.0f "
		    "megapixels deckpress reads together", MAX_PIXELS / 1e6);
}

/*
 * A data: URI (v after "data:"): the image it holds, by its media type
 * as librsvg takes it, and by its bytes, the larger size counted.  An
 * SVG inside is refused: it would be drawn at its own size, with its
 * own references, by another librsvg that nothing here looks at.
 */
static void
data_uri(struct svgscan *s, const char *v)
{
	const char *comma = strchr(v, ',');
	char *meta, *semi, *mime;
	guchar *b;
	gsize n;
	bool svg = false, b64;
	int a[2] = { 0, 0 }, c[2] = { 0, 0 };

	if (comma == NULL)
		return;		/* not a data: URI: librsvg loads nothing */
	meta = g_ascii_strdown(v, comma - v);
	b64 = g_str_has_suffix(meta, ";base64");
	if ((semi = strchr(meta, ';')) != NULL)
		*semi = '\0';
	mime = g_strstrip(meta);
	svg = strcmp(mime, "image/svg+xml") == 0;
	if (b64)
		b = g_base64_decode(comma + 1, &n);
	else {
		GBytes *u = g_uri_unescape_bytes(comma + 1, -1, NULL, NULL);

		b = u != NULL ? g_bytes_unref_to_data(u, &n) : NULL;
	}
	if (b != NULL && !svg) {
		if (*mime != '\0' && strcmp(mime, "text/plain") != 0)
			probe(b, n, mime, a, &svg);
		probe(b, n, NULL, c, &svg);
	}
	if (svg)
		refuse(s, "embeds an SVG in a data: URI, which deckpress does "
		    "not read");
	/* gdk-pixbuf reads every scan there is. */
	else if (b != NULL && n >= 3 && memcmp(b, "\xFF\xD8\xFF", 3) == 0 &&
	    !art_jpeg_scans_ok(b, n))
		refuse(s, "embeds a progressive JPEG (a data: URI) of more "
		    "than the %d scans deckpress reads", MAX_SCANS);
	else if (a[0] > 0 || c[0] > 0)
		embedded(s, MAX(a[0], c[0]), MAX(a[1], c[1]));
	g_free(b);
	g_free(meta);
}

/* A reference from element i to id (n bytes at id), kept. */
static void
add_ref(struct svgscan *s, size_t i, const char *id, size_t n)
{
	if (n == 0)
		return;
	xgrow((void **)&s->refs, &s->caprefs, s->nrefs + 1, sizeof(*s->refs));
	s->refs[s->nrefs].from = i;
	s->refs[s->nrefs++].id = g_strndup(id, n);
}

/* Each url(#id) in an attribute's value (a style's too) of element i. */
static void
urls(struct svgscan *s, size_t i, const char *v)
{
	const char *p, *e;

	for (p = strstr(v, "url("); p != NULL; p = strstr(p, "url(")) {
		for (p += 4; *p == ' ' || *p == '"' || *p == '\''; p++)
			continue;
		if (*p != '#')
			continue;
		for (e = ++p; *e != '\0' && strchr(")\"' ", *e) == NULL; e++)
			continue;
		add_ref(s, i, p, (size_t)(e - p));
	}
}

/* Does an href on element el draw what it names where el is? */
static bool
instances(const char *el)
{
	static const char *const v[] = { "use", "feImage", "pattern",
	    "linearGradient", "radialGradient", "textPath", "tref", "mpath",
	    "filter", NULL };
	size_t i;

	for (i = 0; v[i] != NULL; i++)
		if (strcmp(el, v[i]) == 0)
			return true;
	return false;
}

/* Filter settings whose work librsvg does not bound. */
static void
filter_attr(struct svgscan *s, const char *el, const char *an, const char *v)
{
	char *end;
	double x;

	if (strcmp(el, "feTurbulence") == 0 && strcmp(an, "numOctaves") ==
	    0 && (x = strtod(v, NULL)) > MAX_OCTAVES)
		refuse(s, "has a feTurbulence of %.0f octaves, more than the "
		    "%d deckpress draws", x, MAX_OCTAVES);
	if (strcmp(el, "feConvolveMatrix") == 0 && strcmp(an, "order") == 0)
		for (; *v != '\0'; v = end) {
			x = strtod(v, &end);
			if (end == v)
				break;
			if (x > MAX_ORDER)
				refuse(s, "has a feConvolveMatrix of order "
				    "%.0f, more than the %d deckpress draws", x,
				    MAX_ORDER);
			while (*end == ' ' || *end == ',')
				end++;
		}
}

/* One attribute of element i, named el, where the reader stands. */
static void
attribute(struct svgscan *s, xmlTextReaderPtr r, size_t i, const char *el)
{
	const char *an = (const char *)xmlTextReaderConstLocalName(r);
	const char *v = (const char *)xmlTextReaderConstValue(r);

	if (an == NULL || v == NULL)
		return;
	if (strcmp(an, "id") == 0 && !g_hash_table_contains(s->ids, v))
		g_hash_table_insert(s->ids, g_strdup(v),
		    GSIZE_TO_POINTER(i + 1));
	else if (strcmp(an, "href") == 0) {
		while (g_ascii_isspace(*v))
			v++;
		if (g_ascii_strncasecmp(v, "data:", 5) == 0)
			data_uri(s, v + 5);
		else if (*v == '#' && instances(el))
			add_ref(s, i, v + 1, strlen(v + 1));
	} else
		filter_attr(s, el, an, v);
	if (strstr(v, "url(") != NULL)
		urls(s, i, v);
	art_svgcost_attr(s->cost, an, v);
}

/* A filter primitive: an element fe... inside a filter. */
static void
primitive(struct svgscan *s, const char *el)
{
	if (strncmp(el, "fe", 2) != 0 || !g_ascii_isupper(el[2]) ||
	    strncmp(el, "feFunc", 6) == 0 || strcmp(el, "feMergeNode") == 0 ||
	    strcmp(el, "feDistantLight") == 0 ||
	    strcmp(el, "fePointLight") == 0 || strcmp(el, "feSpotLight") == 0)
		return;
	if (++s->primitives > MAX_PRIMITIVES)
		refuse(s, "has more than the %d filter primitives deckpress "
		    "draws", MAX_PRIMITIVES);
}

/*
 * Is an element named el drawn only where it is referenced (its
 * content, or what it defines), never where it is?
 */
static bool
hidden(const char *el)
{
	static const char *const v[] = { "defs", "symbol", "marker",
	    "pattern", "mask", "clipPath", "filter", "linearGradient",
	    "radialGradient", NULL };
	size_t i;

	for (i = 0; v[i] != NULL; i++)
		if (strcmp(el, v[i]) == 0)
			return true;
	return false;
}

/* The element the reader stands on, counted, its attributes read. */
static void
element(struct svgscan *s, xmlTextReaderPtr r)
{
	const char *el = (const char *)xmlTextReaderConstLocalName(r);
	size_t i = s->n;
	bool empty = xmlTextReaderIsEmptyElement(r);

	if (s->n == MAX_ELEMENTS) {
		refuse(s, "has more than the %d elements deckpress reads in "
		    "an SVG", MAX_ELEMENTS);
		return;
	}
	xgrow((void **)&s->end, &s->cap, s->n + 1, sizeof(*s->end));
	xgrow((void **)&s->hider, &s->caphider, s->n + 1,
	    sizeof(*s->hider));
	s->end[s->n++] = i + 1;
	s->hider[i] = el != NULL && hidden(el) ? i + 1 : s->nopen > 0 ?
	    s->hider[s->open[s->nopen - 1]] : 0;
	art_svgcost_element(s->cost, i, s->nopen > 0 ?
	    s->open[s->nopen - 1] : SIZE_MAX, el != NULL ? el : "");
	if (!empty) {
		xgrow((void **)&s->open, &s->capopen, s->nopen + 1,
		    sizeof(*s->open));
		s->open[s->nopen++] = i;
	}
	if (el != NULL)
		primitive(s, el);
	while (s->why == NULL && xmlTextReaderMoveToNextAttribute(r) == 1)
		attribute(s, r, i, el != NULL ? el : "");
	xmlTextReaderMoveToElement(r);
	if (empty)
		art_svgcost_end(s->cost, i);
}

/* The end of the element open last. */
static void
end_element(struct svgscan *s)
{
	size_t i;

	if (s->nopen == 0)
		return;
	i = s->open[--s->nopen];
	s->end[i] = s->n;
	art_svgcost_end(s->cost, i);
}

/* Nothing printed: a problem ends the reading, and says little. */
static void
quiet(void *arg, const char *msg, xmlParserSeverities sev,
    xmlTextReaderLocatorPtr loc)
{
	(void)arg;
	(void)msg;
	(void)sev;
	(void)loc;
}

/* No entity, DTD or stylesheet is read from outside. */
static xmlParserInputPtr
no_outside(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
	(void)url;
	(void)id;
	(void)ctxt;
	return NULL;
}

/*
 * Read the document: its elements in order, each one's extent, its ids
 * and references.  Internal entities are expanded, as librsvg expands
 * them.
 */
static void
read_doc(struct svgscan *s, const unsigned char *p, size_t len)
{
	xmlExternalEntityLoader was = xmlGetExternalEntityLoader();
	xmlTextReaderPtr r;
	int rc = 1;

	if (len > INT_MAX) {
		refuse(s, "is too large an SVG");
		return;
	}
	xmlSetExternalEntityLoader(no_outside);
	r = xmlReaderForMemory((const char *)p, (int)len, NULL, NULL,
	    XML_PARSE_NONET | XML_PARSE_NOENT | XML_PARSE_NOERROR |
	    XML_PARSE_NOWARNING);
	if (r == NULL) {
		xmlSetExternalEntityLoader(was);
		refuse(s, "is a damaged SVG");
		return;
	}
	xmlTextReaderSetErrorHandler(r, quiet, NULL);
	while (s->why == NULL && (rc = xmlTextReaderRead(r)) == 1)
		switch (xmlTextReaderNodeType(r)) {
		case XML_READER_TYPE_ELEMENT:
			element(s, r);
			break;
		case XML_READER_TYPE_END_ELEMENT:
			end_element(s);
			break;
		case XML_READER_TYPE_TEXT:
		case XML_READER_TYPE_CDATA:
			/* A <style>'s rules. */
			if (xmlTextReaderConstValue(r) != NULL)
				art_svgcost_text(s->cost, (const char *)
				    xmlTextReaderConstValue(r));
			break;
		default:
			break;
		}
	if (rc < 0)
		refuse(s, "is a damaged SVG");
	xmlFreeTextReader(r);
	xmlSetExternalEntityLoader(was);
}

/* The first reference made from element i or after it. */
static size_t
first_ref(const struct svgscan *s, size_t i)
{
	size_t lo = 0, hi = s->nrefs, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (s->refs[mid].from < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * What element i draws: its own and its descendants' weights (s->sub),
 * and what each reference among them draws, each element counted once
 * (s->memo) and no further than cap.  What lies in an element drawn
 * only where it is referenced (<defs>) inside i counts where it is
 * referenced, and where it lies only if s->in_place.  A cycle is
 * refused.
 */
static double
walk(struct svgscan *s, size_t i, int depth, double cap)
{
	size_t k, t;
	double total;

	if (s->state[i] == COUNTED)
		return s->memo[i];
	if (s->state[i] == COUNTING) {
		refuse(s, "has a reference cycle (an element that uses "
		    "itself)");
		return INFINITY;
	}
	if (depth > MAX_REF_DEPTH) {
		refuse(s, "has references nested more than %d deep",
		    MAX_REF_DEPTH);
		return INFINITY;
	}
	s->state[i] = COUNTING;
	total = s->sub[i];
	for (k = first_ref(s, i); k < s->nrefs && s->refs[k].from <
	    s->end[i] && total <= cap && s->why == NULL; k++) {
		if (!s->in_place && s->hider[s->refs[k].from] > i + 1)
			continue;
		t = GPOINTER_TO_SIZE(g_hash_table_lookup(s->ids,
		    s->refs[k].id));
		if (t > 0)
			total += walk(s, t - 1, depth + 1, cap);
	}
	s->state[i] = COUNTED;
	s->memo[i] = total;
	return total;
}

/*
 * Each element's weight, base[i] (NULL: 1) and, for a shape, what the
 * marker drawn at each of its vertices draws, m; summed over each
 * element's descendants into s->sub, the walk's memory cleared.
 */
static void
weights(struct svgscan *s, const double *base, double m)
{
	size_t i, k;
	double w;

	for (i = s->n; i-- > 0;) {
		w = base != NULL ? base[i] : 1;
		/* No infinity: sums and differences stay numbers. */
		w = isnan(w) ? 1e30 : fmin(w, 1e30);
		if (m > 0)
			w += fmin(art_svgcost_vertices(s->cost, i) * m, 1e30);
		for (k = i + 1; k < s->end[i]; k = s->end[k])
			if (s->in_place || s->hider[k] != k + 1)
				w += s->sub[k];
		s->sub[i] = w;
	}
	memset(s->state, UNSEEN, s->n);
}

/*
 * What the whole document draws, each element weighed by base[i]
 * (NULL: 1), no further than cap: every reference followed, and a
 * marker at every vertex of every shape -- a shape draws as much as the
 * costliest marker times its vertices, markers inside markers reckoned
 * round by round (no deeper than references nest).
 */
static double
total(struct svgscan *s, const double *base, double cap)
{
	double m = 0, next;
	size_t i;
	int round;

	for (round = 0; round <= MAX_REF_DEPTH + 1; round++) {
		weights(s, base, m);
		next = 0;
		for (i = 0; i < s->n && s->why == NULL; i++)
			if (art_svgcost_marker(s->cost, i))
				next = fmax(next, walk(s, i, 0, cap));
		/* Past cap is past cap: any vertex would draw it all. */
		next = fmin(next, cap + 1);
		if (next <= m || s->why != NULL)
			return walk(s, 0, 0, cap);
		m = next;
	}
	return INFINITY;
}

/* The walk's memory for the s->n elements read. */
static void
walk_init(struct svgscan *s)
{
	s->sub = xcalloc(s->n, sizeof(*s->sub));
	s->memo = xcalloc(s->n, sizeof(*s->memo));
	s->state = xcalloc(s->n, 1);
}

struct svgscan *
art_svg_scan(const unsigned char *p, size_t len, const char **why)
{
	static char lib_why[320];
	struct svgscan *s;
	const char *lib;
	char tile[240];

	/* Loaded only now: most runs read no SVG. */
	if ((lib = art_svgscan_load()) != NULL) {
		snprintf(lib_why, sizeof(lib_why), "cannot be read: %s", lib);
		*why = lib_why;
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	s->ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	s->cost = art_svgcost_new();
	read_doc(s, p, len);
	if (s->why == NULL && s->n > 0) {
		art_svgcost_done(s->cost);
		if (!art_svgcost_tiles_ok(s->cost, tile, sizeof(tile)))
			refuse(s, "%s", tile);
		walk_init(s);
		/* <defs> counted in place too, as the limit was set: its
		 * 200 000 take librsvg some 1.3 s as they are. */
		s->in_place = true;
		if (total(s, NULL, MAX_INSTANCES) > MAX_INSTANCES)
			refuse(s, "instances more than the %d elements "
			    "deckpress draws in an SVG once its references "
			    "(<use>) are followed", MAX_INSTANCES);
	}
	*why = s->why;
	if (s->why == NULL)
		return s;
	art_svg_scan_free(s);
	return NULL;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
art_svg_scan_ids(const struct svgscan *s, size_t *n)
{
	GHashTableIter it;
	gpointer k;
	char **v;

	*n = g_hash_table_size(s->ids);
	v = g_new0(char *, *n + 1);
	*n = 0;
	g_hash_table_iter_init(&it, s->ids);
	while (g_hash_table_iter_next(&it, &k, NULL))
		v[(*n)++] = g_strdup(k);
	qsort(v, *n, sizeof(*v), cmp_str);
	return v;
}

void
art_svg_scan_free(struct svgscan *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->nrefs; i++)
		g_free(s->refs[i].id);
	free(s->refs);
	free(s->end);
	free(s->hider);
	free(s->open);
	free(s->sub);
	free(s->memo);
	free(s->state);
	g_hash_table_destroy(s->ids);
	art_svgcost_free(s->cost);
	free(s);
}

/*
 * The refusal of s whose filters and masks, the costliest what (the
 * only one if only), drawn layers times, would cost cost (a phrase).
 */
static void
too_costly(struct svgscan *s, const char *what, bool only, double layers,
    const char *cost, const char *limit)
{
	if (only && layers <= 1)
		refuse(s, "has a %s that would %s, more than the %s deckpress "
		    "allows", what, cost, limit);
	else if (only)
		refuse(s, "has a %s drawn %.0f times, which would %s, more "
		    "than the %s deckpress allows", what, layers, cost, limit);
	else
		refuse(s, "has filters and masks drawn %.0f times, which "
		    "would %s, more than the %s deckpress allows; the "
		    "costliest is a %s", layers, cost, limit, what);
}

/*
 * The estimate of s drawn at w x h px: its pixel operations *ops, the
 * layers it draws *layers and holds at most at once *held; false if it
 * has no filter or mask.
 */
static bool
estimate(struct svgscan *s, double w_px, double h_px, double *ops,
    double *layers, double *held)
{
	double *o = xcalloc(s->n, sizeof(*o));
	double *l = xcalloc(s->n, sizeof(*l));
	bool any, only;

	s->in_place = false;
	art_svgcost_weigh(s->cost, w_px, h_px, o, l, held);
	if ((any = art_svgcost_costliest(s->cost, &only) != NULL)) {
		*ops = total(s, o, INFINITY);
		*layers = total(s, l, INFINITY);
	}
	free(o);
	free(l);
	return any;
}

void
art_svg_estimate(struct svgscan *s, double w_px, double h_px, double *ops,
    double *bytes)
{
	double layers, held;

	*ops = *bytes = 0;
	if (estimate(s, w_px, h_px, ops, &layers, &held))
		*bytes = 4 * ceil(w_px) * ceil(h_px) * (layers + held);
}

bool
art_svg_cost_ok(struct svgscan *s, double w_px, double h_px,
    const char **why)
{
	double o, l, held, bytes;
	const char *what;
	char cost[96], limit[32];
	bool only;

	if (!estimate(s, w_px, h_px, &o, &l, &held))
		return true;
	what = art_svgcost_costliest(s->cost, &only);
	/* The layers the recording keeps, and those a filter works in. */
	bytes = 4 * ceil(w_px) * ceil(h_px) * (l + held);
	if (o > MAX_FILTER_OPS) {
		/* Rounded up: just over the limit does not read as at it. */
		if (o >= 1e29)
			snprintf(cost, sizeof(cost), "cost an unbounded number "
			    "of pixel operations");
		else
			snprintf(cost, sizeof(cost), "cost %.0f million pixel "
			    "operations", ceil(o / 1e6));
		snprintf(limit, sizeof(limit), "%.0f million",
		    MAX_FILTER_OPS / 1e6);
		too_costly(s, what, only, l, cost, limit);
	} else if (bytes > MAX_LAYER_BYTES) {
		snprintf(cost, sizeof(cost), "hold %.0f MB of layers at once",
		    ceil(bytes / (1024 * 1024)));
		snprintf(limit, sizeof(limit), "%.0f MB",
		    MAX_LAYER_BYTES / (1024 * 1024));
		too_costly(s, what, only, l, cost, limit);
	}
	*why = s->why;
	return s->why == NULL;
}
