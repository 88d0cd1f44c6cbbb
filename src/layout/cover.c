/* SPDX-License-Identifier: MIT */
/*
 * Which font shows each character of a shaped text.  Pango takes, for
 * each character, the first font of the family list ("Font,Fallback")
 * that has it, else any other font of the configuration (the installed
 * ones among them), else prints a hex box: a character is covered only
 * when a font the element chose shows it.  Part of the layout stage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangofc-font.h>

#include "../tmpl/tmpl.h"
#include "fitting.h"

/* An element with its language's fallback families after its own. */
struct variant {
	struct elem	 e;
	char		 families[];
};

const struct elem *
layout_fonts_elem(const struct fonts *f, const struct deck *deck,
    const struct elem *e, size_t lang)
{
	const char *fb = deck->fallback != NULL ? deck->fallback[lang] : NULL;
	const char *fam = e->families != NULL ? e->families : e->family;
	char *key;
	struct variant *v;
	size_t n;

	if (fb == NULL || f->variants == NULL || e->type != ELEM_TEXT)
		return e;
	key = g_strdup_printf("%p %zu", (const void *)e, lang);
	if ((v = g_hash_table_lookup(f->variants, key)) != NULL) {
		g_free(key);
		return &v->e;
	}
	n = strlen(fam) + strlen(fb) + 2;
	v = g_malloc(sizeof(*v) + n);
	v->e = *e;
	snprintf(v->families, n, "%s,%s", fam, fb);
	v->e.families = v->families;
	g_hash_table_insert(f->variants, key, v);
	return &v->e;
}

/* True if family is one of the comma-separated list. */
static bool
in_list(const char *list, const char *family)
{
	size_t n = strlen(family);
	const char *p = list;

	while (p != NULL && *p != '\0') {
		if (g_ascii_strncasecmp(p, family, n) == 0 &&
		    (p[n] == ',' || p[n] == '\0'))
			return true;
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	return false;
}

/*
 * A character that needs no glyph of its own: spaces, line and
 * paragraph breaks, soft hyphens and joiners are drawn (or not) in any
 * font; U+FFFC stands for an inline object (a shape Pango leaves to
 * the caller to draw).
 */
static bool
needs_glyph(gunichar ch)
{
	GUnicodeType t = g_unichar_type(ch);

	return !g_unichar_isspace(ch) && ch != 0xFFFC &&
	    t != G_UNICODE_FORMAT &&
	    t != G_UNICODE_CONTROL && t != G_UNICODE_LINE_SEPARATOR &&
	    t != G_UNICODE_PARAGRAPH_SEPARATOR;
}

/* The icon font draws the private-use glyphs of {icon:...} spans. */
static bool
icon_char(gunichar ch)
{
	return (ch >= 0xE000 && ch <= 0xF8FF) || ch >= 0xF0000;
}

/* Add ch to the missing ones, once. */
static void
add_missing(GString *out, GArray *seen, gunichar ch)
{
	guint i;

	if (!needs_glyph(ch))
		return;
	for (i = 0; i < seen->len; i++)
		if (g_array_index(seen, gunichar, i) == ch)
			return;
	g_array_append_val(seen, ch);
	if (out->len > 0)
		g_string_append(out, ", ");
	g_string_append_printf(out, "'");
	g_string_append_unichar(out, ch);
	g_string_append_printf(out, "' U+%04X", (unsigned int)ch);
}

/* Remember the face a run is drawn in, and its file, for check. */
static void
note_used(const struct fonts *f, PangoFont *font)
{
	PangoFontDescription *fd;
	FcPattern *pat;
	FcChar8 *file = NULL;
	char *name, *key;

	if (f->used == NULL || !PANGO_IS_FC_FONT(font) ||
	    g_object_get_data(G_OBJECT(font), "deckpress-noted") == f->used)
		return;
	/* Once a face: a check notes every text's. */
	g_object_set_data(G_OBJECT(font), "deckpress-noted", f->used);
	pat = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
	if (pat == NULL || FcPatternGetString(pat, FC_FILE, 0, &file) !=
	    FcResultMatch)
		return;
	fd = pango_font_describe(font);
	pango_font_description_unset_fields(fd, PANGO_FONT_MASK_SIZE |
	    PANGO_FONT_MASK_VARIATIONS);
	name = pango_font_description_to_string(fd);
	/* A game's file is read as its copy: named as the game has it. */
	key = g_strdup_printf("%s\t%s", name, layout_gamefont_real(f->game,
	    (const char *)file));
	if (!g_hash_table_contains(f->used, key))
		g_hash_table_add(f->used, key);
	else
		g_free(key);
	g_free(name);
	pango_font_description_free(fd);
}

/* The characters of one run no chosen font shows. */
static void
run_missing(const struct fonts *f, const char *text, PangoGlyphItem *run,
    const char *chosen, GString *out, GArray *seen)
{
	PangoItem *it = run->item;
	PangoFontDescription *fd = pango_font_describe(it->analysis.font);
	const char *fam = pango_font_description_get_family(fd);
	const char *p = text + it->offset, *end = p + it->length;
	bool icon = fam != NULL && strcmp(fam, ICON_FAMILY) == 0;
	bool ok = fam != NULL && (in_list(chosen, fam) || icon);
	GArray *boxes = g_array_new(FALSE, FALSE, sizeof(gunichar));
	int i;

	note_used(f, it->analysis.font);
	/* Pango's hex boxes: their characters, named below in the text's
	 * order (the glyphs of a right-to-left run are in visual order). */
	for (i = 0; i < run->glyphs->num_glyphs; i++)
		if (run->glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG) {
			gunichar ch = run->glyphs->glyphs[i].glyph &
			    ~PANGO_GLYPH_UNKNOWN_FLAG;

			g_array_append_val(boxes, ch);
		}
	/* Any other font: every character of the run is one it lacks;
	 * the icon font only for the icons' own code points. */
	for (; p < end; p = g_utf8_next_char(p)) {
		gunichar ch = g_utf8_get_char(p);
		bool box = false;
		guint k;

		for (k = 0; k < boxes->len && !box; k++)
			box = g_array_index(boxes, gunichar, k) == ch;
		if (box || !ok || (icon && !icon_char(ch) &&
		    !in_list(chosen, ICON_FAMILY)))
			add_missing(out, seen, ch);
	}
	g_array_free(boxes, TRUE);
	pango_font_description_free(fd);
}

/* What a run asks for: the layout's face as the markup changes it. */
struct asked {
	int		 weight;
	bool		 italic;
	int		 at;		/* byte offset of the markup that
					   asks, or -1 */
	const char	*family;	/* the innermost <span font=>'s
					   (interned), or NULL: the
					   element's families */
};

/* Apply attribute at of the layout's list to a, if it sets the face. */
static void
ask_attr(const PangoAttribute *at, struct asked *a)
{
	const PangoFontDescription *fd;
	PangoFontMask m;

	switch (at->klass->type) {
	case PANGO_ATTR_WEIGHT:
		a->weight = ((const PangoAttrInt *)at)->value;
		break;
	case PANGO_ATTR_STYLE:
		a->italic = ((const PangoAttrInt *)at)->value !=
		    PANGO_STYLE_NORMAL;
		break;
	case PANGO_ATTR_FAMILY:
		/* The attributes are copies, freed by the caller: the name
		 * is kept interned (a few families per game). */
		a->family = g_intern_string(((const PangoAttrString *)at)->
		    value);
		break;
	case PANGO_ATTR_FONT_DESC:
		fd = ((const PangoAttrFontDesc *)at)->desc;
		m = pango_font_description_get_set_fields(fd);
		if (m & PANGO_FONT_MASK_WEIGHT)
			a->weight = pango_font_description_get_weight(fd);
		if (m & PANGO_FONT_MASK_STYLE)
			a->italic = pango_font_description_get_style(fd) !=
			    PANGO_STYLE_NORMAL;
		if (m & PANGO_FONT_MASK_FAMILY)
			a->family = g_intern_string(
			    pango_font_description_get_family(fd));
		if (!(m & (PANGO_FONT_MASK_WEIGHT | PANGO_FONT_MASK_STYLE |
		    PANGO_FONT_MASK_FAMILY)))
			return;
		break;
	default:
		return;
	}
	a->at = (int)at->start_index;
}

/*
 * What each attribute of the layout's list sets of what a run asks
 * (bits of ASK_*; ASK_ANY: it asks at all), 0 if it sets no face.
 */
enum { ASK_WEIGHT, ASK_STYLE, ASK_FAMILY, ASK_ANY, ASK_N };

static unsigned int
ask_fields(const PangoAttribute *at)
{
	PangoFontMask m;
	unsigned int f = 0;

	switch (at->klass->type) {
	case PANGO_ATTR_WEIGHT:
		f = 1u << ASK_WEIGHT;
		break;
	case PANGO_ATTR_STYLE:
		f = 1u << ASK_STYLE;
		break;
	case PANGO_ATTR_FAMILY:
		f = 1u << ASK_FAMILY;
		break;
	case PANGO_ATTR_FONT_DESC:
		m = pango_font_description_get_set_fields(
		    ((const PangoAttrFontDesc *)at)->desc);
		f = (m & PANGO_FONT_MASK_WEIGHT ? 1u << ASK_WEIGHT : 0) |
		    (m & PANGO_FONT_MASK_STYLE ? 1u << ASK_STYLE : 0) |
		    (m & PANGO_FONT_MASK_FAMILY ? 1u << ASK_FAMILY : 0);
		break;
	default:
		break;
	}
	return f != 0 ? f | 1u << ASK_ANY : 0;
}

/*
 * One pass over the face attributes of a layout, at offsets that only
 * grow.  Each field's stack holds the attributes started so far that
 * set it, in the list's order; one that has ended stays until it is on
 * top, and is dropped then, as no later offset is inside it.  So the
 * top, once the ended are dropped, is the last attribute in the list
 * that covers the offset and sets the field: the one that wins.
 */
struct sweep {
	GSList			*all;		/* the list's copies, owned */
	const PangoAttribute	**v;		/* face attributes, in order */
	size_t			 n, next;	/* next: the first not started */
	size_t			*stack[ASK_N];	/* indices into v */
	size_t			 depth[ASK_N];
	struct asked		 base;		/* the layout's own face */
};

static void
sweep_init(struct sweep *s, PangoLayout *l)
{
	const PangoFontDescription *fd = pango_layout_get_font_description(l);
	PangoAttrList *attrs = pango_layout_get_attributes(l);
	GSList *p;
	size_t k;

	memset(s, 0, sizeof(*s));
	s->base = (struct asked){ PANGO_WEIGHT_NORMAL, false, -1, NULL };
	if (fd != NULL) {
		s->base.weight = pango_font_description_get_weight(fd);
		s->base.italic = pango_font_description_get_style(fd) !=
		    PANGO_STYLE_NORMAL;
	}
	s->all = attrs != NULL ? pango_attr_list_get_attributes(attrs) : NULL;
	s->v = xcalloc(g_slist_length(s->all) + 1, sizeof(*s->v));
	for (p = s->all; p != NULL; p = p->next)
		if (ask_fields(p->data) != 0)
			s->v[s->n++] = p->data;
	for (k = 0; k < ASK_N; k++)
		s->stack[k] = xcalloc(s->n + 1, sizeof(size_t));
}

static void
sweep_free(struct sweep *s)
{
	size_t k;

	for (k = 0; k < ASK_N; k++)
		free(s->stack[k]);
	free(s->v);
	g_slist_free_full(s->all, (GDestroyNotify)pango_attribute_destroy);
}

/*
 * The face the text at byte off asks for: the layout's weight and
 * slant, then those of each tag around off, outermost first (the
 * list is in order of start, so a later one that covers off is nested
 * in the earlier: Pango applies it last too).  A span's family
 * replaces the element's list, its fallbacks too, in Pango as here.
 * off must be at least the last call's.
 */
static struct asked
sweep_at(struct sweep *s, guint off)
{
	struct asked a = s->base;
	size_t top[ASK_N], n = 0, i, k, t;
	unsigned int f;

	for (; s->next < s->n && s->v[s->next]->start_index <= off;
	    s->next++)
		for (f = ask_fields(s->v[s->next]), k = 0; k < ASK_N; k++)
			if (f & 1u << k)
				s->stack[k][s->depth[k]++] = s->next;
	for (k = 0; k < ASK_N; k++) {
		while (s->depth[k] > 0 &&
		    s->v[s->stack[k][s->depth[k] - 1]]->end_index <= off)
			s->depth[k]--;
		if (s->depth[k] == 0)
			continue;
		/* The winners in the list's order, as Pango applies them. */
		t = s->stack[k][s->depth[k] - 1];
		for (i = n++; i > 0 && top[i - 1] > t; i--)
			top[i] = top[i - 1];
		top[i] = t;
	}
	for (i = 0; i < n; i++)
		ask_attr(s->v[top[i]], &a);
	return a;
}

/*
 * What the runs of one layout ask for, by the byte each starts at,
 * found in one sweep: a text of 7 000 tags has as many runs, and
 * looking at every attribute for each run took seconds.
 */
struct asks {
	guint		*off;		/* sorted, distinct */
	struct asked	*a;		/* a[i]: asked at off[i] */
	size_t		 n;
};

static int
guint_cmp(const void *x, const void *y)
{
	guint a = *(const guint *)x, b = *(const guint *)y;

	return (a > b) - (a < b);
}

static void
asks_init(struct asks *as, PangoLayout *l)
{
	GArray *offs = g_array_new(FALSE, FALSE, sizeof(guint));
	struct sweep s;
	GSList *line, *r;
	size_t i;

	for (line = pango_layout_get_lines_readonly(l); line != NULL;
	    line = line->next)
		for (r = ((PangoLayoutLine *)line->data)->runs; r != NULL;
		    r = r->next) {
			guint off = (guint)((PangoGlyphItem *)r->data)->
			    item->offset;

			g_array_append_val(offs, off);
		}
	/* Runs are in visual order: right to left ones are not sorted.
	 * (An empty text has no runs, and no array to sort.) */
	if (offs->len > 1)
		qsort(offs->data, offs->len, sizeof(guint), guint_cmp);
	as->off = xcalloc(offs->len + 1, sizeof(guint));
	as->a = xcalloc(offs->len + 1, sizeof(struct asked));
	as->n = 0;
	sweep_init(&s, l);
	for (i = 0; i < offs->len; i++) {
		guint off = g_array_index(offs, guint, i);

		if (as->n > 0 && as->off[as->n - 1] == off)
			continue;
		as->off[as->n] = off;
		as->a[as->n++] = sweep_at(&s, off);
	}
	sweep_free(&s);
	g_array_free(offs, TRUE);
}

static void
asks_free(struct asks *as)
{
	free(as->off);
	free(as->a);
}

/* What the run that starts at byte off asks for. */
static struct asked
asks_at(const struct asks *as, guint off)
{
	const guint *p = bsearch(&off, as->off, as->n, sizeof(guint),
	    guint_cmp);

	return as->a[p != NULL ? (size_t)(p - as->off) : 0];
}

char *
layout_fonts_missing(const struct fonts *f, PangoLayout *l,
    const struct elem *e)
{
	return layout_fonts_missing_in(f, l, e->families != NULL ? e->families :
	    e->family);
}

char *
layout_fonts_missing_in(const struct fonts *f, PangoLayout *l,
    const char *chosen)
{
	const char *text = pango_layout_get_text(l);
	GString *out = g_string_new(NULL);
	GArray *seen = g_array_new(FALSE, FALSE, sizeof(gunichar));
	GSList *line, *r;
	struct asks as;

	asks_init(&as, l);
	for (line = pango_layout_get_lines_readonly(l); line != NULL;
	    line = line->next)
		for (r = ((PangoLayoutLine *)line->data)->runs; r != NULL;
		    r = r->next) {
			PangoGlyphItem *run = r->data;
			struct asked a = asks_at(&as,
			    (guint)run->item->offset);

			run_missing(f, text, run, a.family != NULL ? a.family :
			    chosen, out, seen);
		}
	asks_free(&as);
	g_array_free(seen, TRUE);
	if (out->len == 0) {
		g_string_free(out, TRUE);
		return NULL;
	}
	return g_string_free(out, FALSE);
}

/* The words of a run, for a message: at most 24 characters. */
static char *
run_words(const char *text, const PangoItem *it)
{
	const char *p = text + it->offset, *end = p + it->length;
	GString *w = g_string_new(NULL);
	long n = 0;

	for (; p < end; p = g_utf8_next_char(p)) {
		gunichar ch = g_utf8_get_char(p);

		if (g_unichar_isspace(ch) && (w->len == 0 ||
		    w->str[w->len - 1] == ' '))
			continue;
		if (g_unichar_isspace(ch))
			ch = ' ';
		else if (!needs_glyph(ch))
			continue;
		if (n++ == 24) {
			g_string_append(w, "...");
			break;
		}
		g_string_append_unichar(w, ch);
	}
	if (w->len > 0 && w->str[w->len - 1] == ' ')
		g_string_truncate(w, w->len - 1);
	return g_string_free(w, FALSE);
}

/*
 * Is fam, a family of chosen (not the icon font), without the face
 * weight, italic asks for: *has gets the faces it has (in ar).
 */
static bool
lacks_face(const struct fonts *f, struct arena *ar, const char *chosen,
    const char *fam, int weight, bool italic, const char **has)
{
	return fam != NULL && strcmp(fam, ICON_FAMILY) != 0 &&
	    in_list(chosen, fam) && !tmpl_font_face(ar, f->families +
	    f->nfamilies, fam, weight, italic, has) && *has != NULL;
}

/*
 * A run drawn in a chosen family (another is a missing character) in
 * a face that family lacks: Pango took the nearest, a substitute.  A
 * variable font has every weight of its axis; a fixed face only its
 * own, as for the element's weight: key (tmpl/tfont.c).
 */
static char *
run_face(const struct fonts *f, PangoLayout *l, const struct asks *as,
    const PangoItem *it, const char *chosen, int *at)
{
	PangoFontDescription *fd = pango_font_describe(it->analysis.font);
	const char *fam = pango_font_description_get_family(fd);
	struct asked a = asks_at(as, (guint)it->offset);
	struct arena ar = { 0 };
	const char *has;
	char *msg = NULL, *words;

	if (a.family != NULL)
		chosen = a.family;
	if (lacks_face(f, &ar, chosen, fam, a.weight, a.italic, &has)) {
		words = run_words(pango_layout_get_text(l), it);
		msg = g_strdup_printf("asks for '%s' %s in '%s', which has "
		    "only %s", fam, tmpl_face_name(&ar, a.weight, a.weight,
		    a.italic), words, has);
		g_free(words);
		*at = a.at;
	}
	arena_free(&ar);
	pango_font_description_free(fd);
	return msg;
}

char *
layout_fonts_badface(const struct fonts *f, PangoLayout *l, const char *chosen,
    int *at)
{
	GSList *line, *r;
	char *msg = NULL;
	struct asks as;

	*at = -1;
	asks_init(&as, l);
	for (line = pango_layout_get_lines_readonly(l); line != NULL &&
	    msg == NULL; line = line->next)
		for (r = ((PangoLayoutLine *)line->data)->runs; r != NULL &&
		    msg == NULL; r = r->next) {
			PangoItem *it = ((PangoGlyphItem *)r->data)->item;

			msg = run_face(f, l, &as, it, chosen, at);
		}
	asks_free(&as);
	return msg;
}

/*
 * What run_missing() and run_face() would say of a run of face, the
 * layout's own weight and slant asked (no tags): nothing, if face's
 * family is one e chose (not the icon font) and has that face, and
 * face shows every character (the caller's to know).
 */
bool
layout_fonts_face_ok(const struct fonts *f, PangoFont *face,
    const struct elem *e)
{
	PangoFontDescription *fd = pango_font_describe(face);
	const char *fam = pango_font_description_get_family(fd);
	const char *chosen = e->families != NULL ? e->families : e->family;
	int weight = e->weight ? e->weight : e->bold ? PANGO_WEIGHT_BOLD :
	    PANGO_WEIGHT_NORMAL;
	struct arena ar = { 0 };
	const char *has = NULL;
	bool ok = fam != NULL && strcmp(fam, ICON_FAMILY) != 0 &&
	    in_list(chosen, fam) && !lacks_face(f, &ar, chosen, fam, weight,
	    e->italic, &has);

	arena_free(&ar);
	pango_font_description_free(fd);
	return ok;
}

void
layout_fonts_note(const struct fonts *f, PangoFont *face)
{
	note_used(f, face);
}

void
layout_fonts_track(struct fonts *f)
{
	if (f->used == NULL)
		f->used = g_hash_table_new_full(g_str_hash, g_str_equal,
		    g_free, NULL);
}

void
layout_fonts_check_only(struct fonts *f)
{
	f->checking = true;
}

/* Where a font file came from, as check says it. */
static const char *
source_of(const struct fonts *f, const char *file)
{
	size_t n;

	if (f->gamefonts != NULL && (n = strlen(f->gamefonts)) > 0 &&
	    strncmp(file, f->gamefonts, n) == 0 && file[n] == '/')
		return "the game's";
	if (f->ownfonts != NULL && (n = strlen(f->ownfonts)) > 0 &&
	    strncmp(file, f->ownfonts, n) == 0 && file[n] == '/')
		return "deckpress's";
	return "installed";
}

static int
strpcmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

char **
layout_fonts_used(const struct fonts *f)
{
	guint n = 0, i;
	char **keys, **out, *cwd = g_get_current_dir();
	size_t len = strlen(cwd);

	if (f->used == NULL) {
		g_free(cwd);
		return g_new0(char *, 1);
	}
	keys = (char **)g_hash_table_get_keys_as_array(f->used, &n);
	qsort(keys, n, sizeof(char *), strpcmp);
	out = g_new0(char *, n + 1);
	for (i = 0; i < n; i++) {
		const char *tab = strchr(keys[i], '\t'), *file = tab + 1;

		/* Under the working folder: as the user would name it. */
		if (strncmp(file, cwd, len) == 0 && file[len] == '/')
			file += len + 1;
		out[i] = g_strdup_printf("%.*s <- %s (%s)", (int)(tab -
		    keys[i]), keys[i], file, source_of(f, tab + 1));
	}
	g_free(keys);
	g_free(cwd);
	return out;
}
