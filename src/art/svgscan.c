/* SPDX-License-Identifier: MIT */
/*
 * An SVG looked over before librsvg parses it (art.c calls
 * art_svg_scan()): librsvg bounds neither what a few hundred bytes can make
 * it draw (<use> of <use> of ...), nor the images a data: URI embeds,
 * nor some filters' work.  libxml2's reader walks the document once,
 * with nothing loaded from outside; gdk-pixbuf, which librsvg decodes
 * embedded images with, reads their size from their headers.  Part of
 * the art stage.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib.h>
#include <libxml/parser.h>
#include <libxml/xmlreader.h>

#include "../util.h"
#include "bounds.h"
#include "jpeg.h"
#include "svgscan.h"

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

struct scan {
	size_t		*end;		/* an element's index -> the index
					   past its last descendant */
	long		*memo;		/* its instances + 1; 0 not counted
					   yet, -1 being counted */
	size_t		 n, cap;	/* elements in document order */
	size_t		*open;		/* the elements not closed yet */
	size_t		 nopen, capopen;
	struct ref	*refs;		/* in document order */
	size_t		 nrefs, caprefs;
	GHashTable	*ids;		/* id -> index + 1, the first wins */
	size_t		 primitives;	/* filter primitives */
	double		 pixels;	/* of the embedded images, together */
	const char	*why;		/* the first problem, or NULL */
};

static char why_buf[200];

/* Set the first problem found; later ones are not looked at. */
static void
refuse(struct scan *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
refuse(struct scan *s, const char *fmt, ...)
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
embedded(struct scan *s, int w, int h)
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
data_uri(struct scan *s, const char *v)
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
add_ref(struct scan *s, size_t i, const char *id, size_t n)
{
	if (n == 0)
		return;
	xgrow((void **)&s->refs, &s->caprefs, s->nrefs + 1, sizeof(*s->refs));
	s->refs[s->nrefs].from = i;
	s->refs[s->nrefs++].id = g_strndup(id, n);
}

/* Each url(#id) in an attribute's value (a style's too) of element i. */
static void
urls(struct scan *s, size_t i, const char *v)
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
filter_attr(struct scan *s, const char *el, const char *an, const char *v)
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
attribute(struct scan *s, xmlTextReaderPtr r, size_t i, const char *el)
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
}

/* A filter primitive: an element fe... inside a filter. */
static void
primitive(struct scan *s, const char *el)
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

/* The element the reader stands on, counted, its attributes read. */
static void
element(struct scan *s, xmlTextReaderPtr r)
{
	const char *el = (const char *)xmlTextReaderConstLocalName(r);
	size_t i = s->n;

	if (s->n == MAX_ELEMENTS) {
		refuse(s, "has more than the %d elements deckpress reads in "
		    "an SVG", MAX_ELEMENTS);
		return;
	}
	xgrow((void **)&s->end, &s->cap, s->n + 1, sizeof(*s->end));
	s->end[s->n++] = i + 1;
	if (!xmlTextReaderIsEmptyElement(r)) {
		xgrow((void **)&s->open, &s->capopen, s->nopen + 1,
		    sizeof(*s->open));
		s->open[s->nopen++] = i;
	}
	if (el == NULL)
		return;
	primitive(s, el);
	while (s->why == NULL && xmlTextReaderMoveToNextAttribute(r) == 1)
		attribute(s, r, i, el);
	xmlTextReaderMoveToElement(r);
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
read_doc(struct scan *s, const unsigned char *p, size_t len)
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
			if (s->nopen > 0)
				s->end[s->open[--s->nopen]] = s->n;
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
first_ref(const struct scan *s, size_t i)
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
 * How many elements element i instances: itself, its descendants, and
 * what each reference among them instances, counted once per element
 * (memo) and no further than MAX_INSTANCES + 1.  A cycle is refused.
 */
static long
count(struct scan *s, size_t i, int depth)
{
	size_t k, t;
	long total;

	if (s->memo[i] > 0)
		return s->memo[i] - 1;
	if (s->memo[i] < 0) {
		refuse(s, "has a reference cycle (an element that uses "
		    "itself)");
		return MAX_INSTANCES + 1;
	}
	if (depth > MAX_REF_DEPTH) {
		refuse(s, "has references nested more than %d deep",
		    MAX_REF_DEPTH);
		return MAX_INSTANCES + 1;
	}
	s->memo[i] = -1;
	total = (long)(s->end[i] - i);
	for (k = first_ref(s, i); k < s->nrefs && s->refs[k].from <
	    s->end[i] && total <= MAX_INSTANCES && s->why == NULL; k++) {
		t = GPOINTER_TO_SIZE(g_hash_table_lookup(s->ids,
		    s->refs[k].id));
		if (t > 0)
			total += count(s, t - 1, depth + 1);
	}
	total = MIN(total, MAX_INSTANCES + 1);
	s->memo[i] = total + 1;
	return total;
}

bool
art_svg_scan(const unsigned char *p, size_t len, const char **why)
{
	struct scan s = { 0 };
	size_t i;

	s.ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	read_doc(&s, p, len);
	if (s.why == NULL && s.n > 0) {
		s.memo = xcalloc(s.n, sizeof(*s.memo));
		if (count(&s, 0, 0) > MAX_INSTANCES)
			refuse(&s, "instances more than the %d elements "
			    "deckpress draws in an SVG once its references "
			    "(<use>) are followed", MAX_INSTANCES);
	}
	for (i = 0; i < s.nrefs; i++)
		g_free(s.refs[i].id);
	free(s.refs);
	free(s.end);
	free(s.memo);
	free(s.open);
	g_hash_table_destroy(s.ids);
	*why = s.why;
	return s.why == NULL;
}
