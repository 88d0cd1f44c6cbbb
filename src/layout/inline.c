/* SPDX-License-Identifier: MIT */
/*
 * Images in a line of text: a game's own icons ({icon:NAME} from its
 * icons/ folder) and any of its images ({img:PATH}).  The markup holds
 * one private-use character per object (U+F0000 + its number in a
 * table of this process); once a layout has its markup at a size,
 * layout_inline_attach() lays a PangoAttrShape over each, as tall as the
 * capitals of the font there (or as the object says), on the baseline;
 * the shape renderer layout_inline_setup() puts on the context draws the
 * image there.  Part of the layout stage.
 */
#include <math.h>
#include <string.h>

#include <hb-ot.h>
#include <pango/pangocairo.h>

#include "../art/art.h"
#include "fitting.h"

#define FIRST	0xF0000u	/* plane 15's private use area */
#define LAST	0xFFFFDu

/* One object: an image, its height and its colour. */
struct inl {
	const struct image	*img;	/* borrowed from the image cache */
	double			 height; /* pt; 0: capitals' height times k */
	double			 k;	/* factor of the capitals' height */
	bool			 colored; /* drawn in color, image as mask */
	struct rgba		 color;
};

/*
 * The table: one per process, for the markup of cards and booklets
 * alike; an object's number depends only on the order objects first
 * appear in, so the same input gives the same numbers, and the same
 * object the same number, which the fit cache's key then holds.
 */
static GPtrArray	*objs;
static GHashTable	*by_key;

/* A height option: "3mm", "9pt" or a factor "1.5". */
static void
parse_height(const char *v, struct inl *o)
{
	char *end;
	double x = v != NULL ? g_ascii_strtod(v, &end) : 1;

	o->height = 0;
	o->k = 1;
	if (v == NULL)
		return;
	if (strcmp(end, "mm") == 0)
		o->height = MM(x);
	else if (strcmp(end, "pt") == 0)
		o->height = x;
	else
		o->k = x;
}

unsigned int
layout_inline_add(const struct image *img, const char *height,
    const struct rgba *color)
{
	char *key = g_strdup_printf("%p\x1f%s\x1f%a %a %a %a",
	    (const void *)img, height ? height : "", color ? color->r : -1,
	    color ? color->g : 0, color ? color->b : 0, color ? color->a : 0);
	gpointer hit;
	struct inl *o;

	if (objs == NULL) {
		objs = g_ptr_array_new_with_free_func(g_free);
		by_key = g_hash_table_new_full(g_str_hash, g_str_equal,
		    g_free, NULL);
	}
	if (g_hash_table_lookup_extended(by_key, key, NULL, &hit)) {
		g_free(key);
		return GPOINTER_TO_UINT(hit);
	}
	if (FIRST + objs->len > LAST) {
		g_free(key);
		return 0;
	}
	o = g_new0(struct inl, 1);
	o->img = img;
	parse_height(height, o);
	if (color != NULL) {
		o->colored = true;
		o->color = *color;
	}
	g_ptr_array_add(objs, o);
	g_hash_table_insert(by_key, key,
	    GUINT_TO_POINTER(FIRST + objs->len - 1));
	return FIRST + objs->len - 1;
}

static const struct inl *
find(gunichar c)
{
	if (objs == NULL || c < FIRST || c - FIRST >= objs->len)
		return NULL;
	return g_ptr_array_index(objs, c - FIRST);
}

const struct image *
layout_inline_image(unsigned int c)
{
	const struct inl *o = find(c);

	return o != NULL ? o->img : NULL;
}

/*
 * The height of the capitals of the font desc names, in pt: the font's
 * OS/2 sCapHeight, or the ink of its "H" if it has none.
 */
static double
cap_height(PangoContext *ctx, const PangoFontDescription *desc)
{
	PangoFont *font = pango_context_load_font(ctx, desc);
	double size = pango_units_to_double(
	    pango_font_description_get_size(desc)), cap = 0.7 * size;
	hb_font_t *hb, *un;
	hb_position_t pos;
	hb_codepoint_t g;
	hb_glyph_extents_t ext;
	unsigned int upem;

	if (font == NULL)
		return cap;
	hb = pango_font_get_hb_font(font);
	/* In font units: the font made anew keeps the face's own scale. */
	un = hb_font_create(hb_font_get_face(hb));
	upem = hb_face_get_upem(hb_font_get_face(hb));
	if (hb_ot_metrics_get_position(un, HB_OT_METRICS_TAG_CAP_HEIGHT,
	    &pos) && pos > 0)
		cap = size * pos / upem;
	else if (hb_font_get_nominal_glyph(un, 'H', &g) &&
	    hb_font_get_glyph_extents(un, g, &ext))
		cap = size * ext.y_bearing / upem;
	hb_font_destroy(un);
	g_object_unref(font);
	return cap;
}

/*
 * The font at byte i of l: its own, with the markup's attributes, as
 * iterator it (of l's list, or NULL) finds them.  The objects come in
 * the order of the text, so it only goes forward: one walk over the
 * list for all of them.
 */
static PangoFontDescription *
font_at(PangoLayout *l, PangoAttrIterator *it, int i)
{
	const PangoFontDescription *base = pango_layout_get_font_description(l);
	PangoFontDescription *fd = base ? pango_font_description_copy(base) :
	    pango_font_description_new();
	int s, e;

	if (it == NULL)
		return fd;
	pango_attr_iterator_range(it, &s, &e);
	while (e <= i && pango_attr_iterator_next(it))
		pango_attr_iterator_range(it, &s, &e);
	if (s <= i && i < e)
		pango_attr_iterator_get_font(it, fd, NULL, NULL);
	return fd;
}

/* The shape of object o at byte i of l: its size from the font there. */
static PangoAttribute *
shape_of(PangoLayout *l, PangoAttrIterator *it, int i, const struct inl *o)
{
	PangoFontDescription *fd = font_at(l, it, i);
	double h = o->height, w;
	PangoRectangle r;
	PangoAttribute *a;

	if (h <= 0)
		h = o->k * cap_height(pango_layout_get_context(l), fd);
	pango_font_description_free(fd);
	w = o->img != NULL && o->img->h_px > 0 ? h * o->img->w_px /
	    o->img->h_px : h;
	/* On the baseline: Pango's y grows downwards from it. */
	r.x = 0;
	r.y = -(int)lround(h * PANGO_SCALE);
	r.width = (int)lround(w * PANGO_SCALE);
	r.height = (int)lround(h * PANGO_SCALE);
	a = pango_attr_shape_new_with_data(&r, &r, (gpointer)o, NULL, NULL);
	a->start_index = (guint)i;
	a->end_index = (guint)i + 4;	/* plane 15: four bytes of UTF-8 */
	return a;
}

PangoAttrList *
layout_attrs_merged(PangoAttrList *al, GPtrArray *add)
{
	PangoAttrList *out = pango_attr_list_new();
	GSList *v = al != NULL ? pango_attr_list_get_attributes(al) : NULL, *p;
	guint k = 0;

	for (p = v; p != NULL; p = p->next) {
		PangoAttribute *a = p->data;

		for (; k < add->len && ((PangoAttribute *)
		    g_ptr_array_index(add, k))->start_index <
		    a->start_index; k++)
			pango_attr_list_insert(out, g_ptr_array_index(add, k));
		pango_attr_list_insert(out, a);
	}
	for (; k < add->len; k++)
		pango_attr_list_insert(out, g_ptr_array_index(add, k));
	g_slist_free(v);
	return out;
}

void
layout_inline_attach(PangoLayout *l)
{
	const char *text = pango_layout_get_text(l), *p;
	PangoAttrList *al = pango_layout_get_attributes(l), *all;
	PangoAttrIterator *it = NULL;
	GPtrArray *shapes = NULL;
	const struct inl *o;

	if (objs == NULL)
		return;
	for (p = text; *p != '\0'; p = g_utf8_next_char(p)) {
		if ((o = find(g_utf8_get_char(p))) == NULL)
			continue;
		if (shapes == NULL) {
			shapes = g_ptr_array_new();
			it = al != NULL ? pango_attr_list_get_iterator(al) :
			    NULL;
		}
		g_ptr_array_add(shapes, shape_of(l, it, (int)(p - text), o));
	}
	if (shapes == NULL)
		return;
	if (it != NULL)
		pango_attr_iterator_destroy(it);
	all = layout_attrs_merged(al, shapes);
	pango_layout_set_attributes(l, all);
	pango_attr_list_unref(all);
	g_ptr_array_free(shapes, TRUE);
}

/* Draw one object, its logical rectangle from the current point. */
static void
draw_shape(cairo_t *cr, PangoAttrShape *a, gboolean do_path, gpointer data)
{
	const struct inl *o = a->data;
	double x, y, w, h;

	(void)data;
	if (do_path || o == NULL || o->img == NULL || o->img->surface == NULL)
		return;
	cairo_get_current_point(cr, &x, &y);
	w = pango_units_to_double(a->logical_rect.width);
	h = pango_units_to_double(a->logical_rect.height);
	cairo_save(cr);
	cairo_translate(cr, x, y + pango_units_to_double(a->logical_rect.y));
	cairo_scale(cr, w / o->img->w_px, h / o->img->h_px);
	if (o->colored) {
		/* One colour where the image is: its alpha as a mask. */
		cairo_set_source_rgba(cr, o->color.r, o->color.g, o->color.b,
		    o->color.a);
		cairo_mask_surface(cr, o->img->surface, 0, 0);
	} else {
		/* The same surface every time: a PNG is embedded once, an
		 * SVG's recording surface stays vectors. */
		cairo_set_source_surface(cr, o->img->surface, 0, 0);
		cairo_paint(cr);
	}
	cairo_restore(cr);
}

void
layout_inline_setup(PangoContext *ctx)
{
	pango_cairo_context_set_shape_renderer(ctx, draw_shape, NULL, NULL);
}
