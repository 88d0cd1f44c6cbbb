/* SPDX-License-Identifier: MIT */
/*
 * The game's own font files (its fonts/ folder), a stranger's input.
 * Each is opened once, where the game's files may lie, and its faces
 * counted and bounded before FreeType reads more than its header; then
 * only its family names are read, through that descriptor.  A file is
 * read whole only when a layout, a fallback or a text names one of its
 * families (fonts.c): its bytes are copied into a sealed memfd, read
 * over again, and fontconfig, FreeType, HarfBuzz and Cairo open that
 * copy as /proc/self/fd/N, so a file swapped or rewritten in the folder
 * after it was checked changes nothing.  Part of the layout stage.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SFNT_NAMES_H
#include FT_TRUETYPE_IDS_H

#include "../confine/confine.h"
#include "../memfile.h"
#include "fitting.h"

/*
 * What a game's fonts/ may hold.  The files and their size: as before.
 * The faces: a real collection has a few (Noto Sans CJK's ten), a real
 * game a few families of four styles, a variable font some twenty named
 * instances; every face costs fontconfig a scan when it is read, and
 * FreeType reads a collection's table of offsets again for each face.
 */
#define GAME_FONTS_MAX		64		/* files */
#define GAME_FONT_BYTES		(64L << 20)	/* a file */
#define FILE_FACES_MAX		64		/* faces of a file */
#define GAME_FACES_MAX		256		/* faces of all, each named
						   instance counted */
#define FACE_NAMES_MAX		512		/* names of a face */
#define FACE_FAMILIES_MAX	128		/* of them family names */

static void
gscan_free(struct gscan *s)
{
	if (s->first != NULL)
		g_ptr_array_unref(s->first);
	if (s->all != NULL)
		g_ptr_array_unref(s->all);
	memset(s, 0, sizeof(*s));
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

/*
 * The faces a TrueType or OpenType file or a collection holds, from
 * its first 12 bytes: a collection says it in its header (numFonts),
 * before a byte of any face is read.  0: none of these.
 */
static unsigned int
header_faces(int fd)
{
	unsigned char h[12];
	uint32_t tag;

	if (pread(fd, h, sizeof(h), 0) != (ssize_t)sizeof(h))
		return 0;
	tag = be32(h);
	if (tag == 0x74746366)			/* "ttcf" */
		return be32(h + 8);
	return tag == 0x00010000 || tag == 0x4f54544f ||	/* "OTTO" */
	    tag == 0x74727565 ? 1 : 0;		/* "true" */
}

/* FreeType reads the file through its descriptor, never by its name. */
static unsigned long
fd_read(FT_Stream s, unsigned long off, unsigned char *buf,
    unsigned long n)
{
	ssize_t r;

	if (n == 0)		/* a seek: it need only be possible */
		return off > s->size;
	r = pread((int)s->descriptor.value, buf, n, (off_t)off);
	return r > 0 ? (unsigned long)r : 0;
}

/* Face idx of the file open as fd, size bytes; st must outlive it. */
static FT_Error
open_face(FT_Library lib, FT_StreamRec *st, int fd, off_t size, FT_Long idx,
    FT_Face *face)
{
	FT_Open_Args a;

	memset(&a, 0, sizeof(a));
	memset(st, 0, sizeof(*st));
	st->size = (unsigned long)size;
	st->descriptor.value = fd;
	st->read = fd_read;
	a.flags = FT_OPEN_STREAM;
	a.stream = st;
	return FT_Open_Face(lib, &a, idx, face);
}

/*
 * A name record of a family name, as fontconfig orders them (its
 * fcfreetype.c): by platform (Microsoft, Unicode, Macintosh, ISO), then
 * name (WWS, typographic, legacy family), encoding, English first,
 * language, place.  Its first is the family fontconfig lists a face by.
 */
struct namerec {
	unsigned int	 plat, nid, enc, lang, idx;
	bool		 english;
};

static int
rank(unsigned int v, const unsigned int *order, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n && order[i] != v; i++)
		;
	return (int)i;
}

static int
namerec_cmp(const void *pa, const void *pb)
{
	const struct namerec *a = pa, *b = pb;

	if (a->plat != b->plat)
		return a->plat < b->plat ? -1 : 1;
	if (a->nid != b->nid)
		return a->nid < b->nid ? -1 : 1;
	if (a->enc != b->enc)
		return a->enc < b->enc ? -1 : 1;
	if (a->lang != b->lang && (a->english || b->english))
		return a->english ? -1 : 1;
	if (a->lang != b->lang)
		return a->lang < b->lang ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/*
 * A family name in UTF-8 (g_free), or NULL where fontconfig would read
 * it otherwise than here: UTF-16 and Latin-1 are read, a Macintosh name
 * only if it is ASCII (fontconfig guesses at the rest).  So every name
 * read here is one fontconfig gives the face too.
 */
static char *
decode(const FT_SfntName *sn)
{
	unsigned int p = sn->platform_id, e = sn->encoding_id, i;
	gunichar2 *u;
	char *s = NULL;

	if (p == TT_PLATFORM_APPLE_UNICODE || (p == TT_PLATFORM_MICROSOFT &&
	    (e == TT_MS_ID_SYMBOL_CS || e == TT_MS_ID_UNICODE_CS ||
	    e == TT_MS_ID_UCS_4)) || (p == TT_PLATFORM_ISO &&
	    e == TT_ISO_ID_10646)) {
		if (sn->string_len % 2 != 0)
			return NULL;
		u = g_new(gunichar2, sn->string_len / 2 + 1);
		for (i = 0; i < sn->string_len / 2; i++)
			u[i] = (gunichar2)(sn->string[2 * i] << 8 |
			    sn->string[2 * i + 1]);
		s = g_utf16_to_utf8(u, sn->string_len / 2, NULL, NULL, NULL);
		g_free(u);
	} else if ((p == TT_PLATFORM_ISO && (e == TT_ISO_ID_7BIT_ASCII ||
	    e == TT_ISO_ID_8859_1)) || (p == TT_PLATFORM_MACINTOSH &&
	    e == TT_MAC_ID_ROMAN && sn->language_id < 0x100)) {
		for (i = 0; i < sn->string_len; i++)
			if (p == TT_PLATFORM_MACINTOSH && sn->string[i] >= 0x80)
				return NULL;
		s = g_convert((const char *)sn->string, sn->string_len,
		    "UTF-8", "ISO-8859-1", NULL, NULL, NULL);
	}
	if (s != NULL)
		g_strstrip(s);	/* fontconfig trims spaces around */
	return s;
}

/* A family name as fontconfig compares them: no spaces, no case. */
static char *
family_key(const char *name)
{
	char *k = g_utf8_casefold(name, -1), *p, *q;

	for (p = q = k; *p != '\0'; p++)
		if (*p != ' ')
			*q++ = *p;
	*q = '\0';
	return k;
}

bool
layout_family_eq(const char *a, const char *b)
{
	char *ka = family_key(a), *kb = family_key(b);
	bool eq = strcmp(ka, kb) == 0;

	g_free(ka);
	g_free(kb);
	return eq;
}

/*
 * Add name to v unless seen (family_key()s) has it, case and spaces
 * aside (owns name).
 */
static void
add_unique(GPtrArray *v, GHashTable *seen, char *name)
{
	char *key = family_key(name);

	if (g_hash_table_contains(seen, key)) {
		g_free(key);
		g_free(name);
		return;
	}
	g_hash_table_add(seen, key);
	g_ptr_array_add(v, name);
}

/*
 * The family names of face into s->all (seen: their family_key()s), in
 * fontconfig's order; its first into s->first.  0 if it has none, -1
 * if it has more than FACE_FAMILIES_MAX, else 1.
 */
static int
face_names(FT_Face face, struct gscan *s, GHashTable *seen)
{
	static const unsigned int plats[] = { TT_PLATFORM_MICROSOFT,
	    TT_PLATFORM_APPLE_UNICODE, TT_PLATFORM_MACINTOSH,
	    TT_PLATFORM_ISO };
	static const unsigned int nids[] = { TT_NAME_ID_WWS_FAMILY,
	    TT_NAME_ID_TYPOGRAPHIC_FAMILY, TT_NAME_ID_FONT_FAMILY };
	FT_UInt count = FT_Get_Sfnt_Name_Count(face), i;
	struct namerec *v = g_new(struct namerec, count + 1);
	size_t n = 0, k;
	FT_SfntName sn;
	char *name, *one = NULL;

	for (i = 0; i < count; i++) {
		if (FT_Get_Sfnt_Name(face, i, &sn) != 0 ||
		    rank(sn.name_id, nids, 3) == 3 ||
		    rank(sn.platform_id, plats, 4) == 4)
			continue;
		v[n].plat = (unsigned int)rank(sn.platform_id, plats, 4);
		v[n].nid = (unsigned int)rank(sn.name_id, nids, 3);
		v[n].enc = sn.encoding_id;
		v[n].lang = sn.language_id;
		v[n].english = (sn.platform_id == TT_PLATFORM_MICROSOFT &&
		    sn.language_id == TT_MS_LANGID_ENGLISH_UNITED_STATES) ||
		    (sn.platform_id == TT_PLATFORM_MACINTOSH &&
		    sn.language_id == TT_MAC_LANGID_ENGLISH);
		v[n++].idx = i;
	}
	/* Every family name is a value fontconfig matches a family with. */
	if (n > FACE_FAMILIES_MAX) {
		g_free(v);
		return -1;
	}
	qsort(v, n, sizeof(*v), namerec_cmp);
	for (k = 0; k < n; k++) {
		if (FT_Get_Sfnt_Name(face, v[k].idx, &sn) != 0 ||
		    (name = decode(&sn)) == NULL)
			continue;
		if (*name != '\0' && one == NULL)
			one = g_strdup(name);
		if (*name != '\0')
			add_unique(s->all, seen, name);
		else
			g_free(name);
	}
	g_free(v);
	/* No name table: FreeType's name, as fontconfig takes it. */
	if (one == NULL && face->family_name != NULL &&
	    *face->family_name != '\0') {
		one = g_strdup(face->family_name);
		add_unique(s->all, seen, g_strdup(one));
	}
	if (one != NULL)
		g_ptr_array_add(s->first, one);
	return one != NULL;
}

/*
 * Face i of the n of the file open as fd (size bytes) into s (seen:
 * the family_key()s of its names so far).  Else false and *why.
 */
static bool
scan_face(FT_Library lib, int fd, off_t size, unsigned int i,
    unsigned int n, struct gscan *s, GHashTable *seen, char *buf,
    size_t nbuf, const char **why)
{
	FT_StreamRec st;
	FT_Face face = NULL;
	FT_UInt names;
	int named;

	*why = "is not a font file FreeType can read";
	if (open_face(lib, &st, fd, size, (FT_Long)i, &face) != 0 ||
	    face->num_faces != (FT_Long)n)
		goto out;
	/* fontconfig compares each name with those before it. */
	if ((names = FT_Get_Sfnt_Name_Count(face)) > FACE_NAMES_MAX) {
		snprintf(buf, nbuf, "has a face of %u names, more than the "
		    "%d a face may have", names, FACE_NAMES_MAX);
		*why = buf;
		goto out;
	}
	s->nfonts += 1 + (unsigned int)(face->style_flags >> 16);
	/* fontconfig lists the variable font itself too. */
	s->nlist += 2 + (unsigned int)(face->style_flags >> 16);
	if ((named = face_names(face, s, seen)) == 1) {
		FT_Done_Face(face);
		return true;
	}
	*why = "has a face without a family name";
	if (named < 0) {
		snprintf(buf, nbuf, "has a face of more than the %d family "
		    "names a face may have", FACE_FAMILIES_MAX);
		*why = buf;
	}
out:
	if (face != NULL)
		FT_Done_Face(face);
	return false;
}

/*
 * The faces of the file open as fd (size bytes) and their names into
 * s, counting them into *total, the game's so far: the faces a header
 * declares are bounded before FreeType reads any, each face's named
 * instances as soon as FreeType has read its header.  Else false and
 * *why, what follows the file's name in a message (static or in buf).
 */
static bool
scan_file(FT_Library lib, int fd, off_t size, unsigned int *total,
    struct gscan *s, char *buf, size_t nbuf, const char **why)
{
	unsigned int n = header_faces(fd), i, least = 0;
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal,
	    g_free, NULL);
	bool ok = true;

	s->first = g_ptr_array_new_with_free_func(g_free);
	s->all = g_ptr_array_new_with_free_func(g_free);
	*why = buf;
	if (n == 0)
		*why = "is not a font file: no TrueType, OpenType or "
		    "collection header";
	else if (n > FILE_FACES_MAX)	/* before FreeType reads a face */
		snprintf(buf, nbuf, "has %u faces, more than the %d a font "
		    "file may have", n, FILE_FACES_MAX);
	for (i = 0; ok && i < n && n <= FILE_FACES_MAX; i++)
		if ((least = *total + s->nfonts + n - i) <= GAME_FACES_MAX)
			ok = scan_face(lib, fd, size, i, n, s, seen, buf, nbuf,
			    why);
		else
			break;
	g_hash_table_destroy(seen);
	if (n == 0 || n > FILE_FACES_MAX || !ok)
		return false;
	if (i == n)
		least = *total + s->nfonts;
	if (least > GAME_FACES_MAX) {
		snprintf(buf, nbuf, "brings the game's fonts to %u faces%s "
		    "(a variable font's named instances counted), more than "
		    "the %d a game may have", least, i < n ? " or more" : "",
		    GAME_FACES_MAX);
		*why = buf;
		return false;
	}
	s->nfaces = n;
	*total += s->nfonts;
	*why = NULL;
	return true;
}

/*
 * The sealed copies this process made, by the SHA-256 of their bytes,
 * each open as long as the process runs.  Cairo keeps a face it opened
 * by its file's name past the font map that asked for it (its font
 * cache, across the units of 'deckpress all' and watch's builds): a
 * name /proc/self/fd/N must never come to mean other bytes.  The same
 * bytes read again (the next build) use the copy made before.
 */
static GHashTable *copies;

/*
 * A sealed copy of the size bytes of the file open as fd (its first
 * bytes, if it grew since): no one can change it, nor make it shorter
 * under a reader's map.  Its descriptor, or -1 and *why.
 */
static int
sealed_copy(int fd, off_t size, const char **why)
{
	GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
	unsigned char buf[1 << 16];
	int m = memfile_open("deckpress-font");
	off_t off = 0;
	ssize_t r = 1;
	gpointer had;

	*why = NULL;
	while (m >= 0 && off < size && (r = pread(fd, buf, (size_t)(size -
	    off < (off_t)sizeof(buf) ? size - off : (off_t)sizeof(buf)),
	    off)) > 0 && memfile_write(m, buf, (size_t)r)) {
		g_checksum_update(sum, buf, r);
		off += r;
	}
	if (m >= 0 && r == 0)
		*why = "changed as deckpress read it: it is shorter";
	else if (m < 0 || off < size || !memfile_seal(m))
		*why = strerror(errno);
	if (*why != NULL) {
		if (m >= 0)
			close(m);
		g_checksum_free(sum);
		return -1;
	}
	if (copies == NULL)
		copies = g_hash_table_new_full(g_str_hash, g_str_equal,
		    g_free, NULL);
	if (g_hash_table_lookup_extended(copies, g_checksum_get_string(sum),
	    NULL, &had)) {
		close(m);
		m = GPOINTER_TO_INT(had);
	} else
		g_hash_table_insert(copies, g_strdup(g_checksum_get_string(
		    sum)), GINT_TO_POINTER(m));
	g_checksum_free(sum);
	return m;
}

static bool
same_names(const GPtrArray *a, const GPtrArray *b)
{
	guint i;

	if (a->len != b->len)
		return false;
	for (i = 0; i < a->len; i++)
		if (strcmp(g_ptr_array_index(a, i), g_ptr_array_index(b, i)))
			return false;
	return true;
}

/*
 * The copy of f, open as m, read over as f was: the bytes fontconfig
 * will read are those counted and named.  NULL, or why not.
 */
static const char *
check_copy(const struct gfont *f, int m, char *buf, size_t nbuf)
{
	struct gscan s = { 0 };
	unsigned int total = 0;
	FT_Library lib;
	const char *why = NULL;

	if (FT_Init_FreeType(&lib) != 0)
		return "cannot be read: FreeType does not start";
	if (!scan_file(lib, m, f->size, &total, &s, buf, nbuf, &why))
		;	/* why says */
	else if (s.nfaces != f->scan.nfaces || s.nfonts != f->scan.nfonts ||
	    !same_names(s.first, f->scan.first) ||
	    !same_names(s.all, f->scan.all))
		why = "changed as deckpress read it";
	gscan_free(&s);
	FT_Done_FreeType(lib);
	return why;
}

bool
layout_gamefont_read(struct gamefonts *g, struct gfont *f)
{
	char buf[256], path[64];
	const char *why;
	int m;

	if (f->path != NULL || f->failed)
		return f->path != NULL;
	if ((m = sealed_copy(f->fd, f->size, &why)) >= 0) {
		why = check_copy(f, m, buf, sizeof(buf));
		snprintf(path, sizeof(path), "/proc/self/fd/%d", m);
		if (why == NULL && access(path, R_OK) != 0)
			why = "cannot be read through /proc/self/fd: is /proc "
			    "mounted?";
	}
	close(f->fd);
	f->fd = -1;
	if (why != NULL) {
		diag_add(g->d, DIAG_ERROR, &g->pos, "font", "%s %s", f->name,
		    why);
		f->failed = true;
		return false;
	}
	f->path = g_strdup(path);
	return true;
}

const char *
layout_gamefont_real(const struct gamefonts *g, const char *file)
{
	size_t i;

	for (i = 0; g != NULL && i < g->n; i++)
		if (g->v[i].path != NULL && strcmp(g->v[i].path, file) == 0)
			return g->v[i].real;
	return file;
}

/* A font file by its name: TrueType, OpenType or a collection. */
static bool
font_name(const char *name)
{
	static const char *const ext[] = { ".ttf", ".otf", ".ttc", ".otc",
	    NULL };
	size_t n = strlen(name), k;

	for (k = 0; ext[k] != NULL; k++)
		if (n > 4 && g_ascii_strcasecmp(name + n - 4, ext[k]) == 0)
			return true;
	return false;
}

static int
strpcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The font files of the folder dp, sorted, at most one more than a
 * game may have (g_strfreev).
 */
static char **
list_dir(DIR *dp, size_t *n)
{
	GPtrArray *v = g_ptr_array_new();
	struct dirent *de;

	while (v->len <= GAME_FONTS_MAX && (de = readdir(dp)) != NULL)
		if (de->d_name[0] != '.' && font_name(de->d_name))
			g_ptr_array_add(v, g_strdup(de->d_name));
	g_ptr_array_sort(v, strpcmp);
	*n = v->len;
	g_ptr_array_add(v, NULL);
	return (char **)g_ptr_array_free(v, FALSE);
}

/*
 * Open, bound and scan fonts/name of the game (dir its fonts/ as
 * named), kept in g; else an error at the folder.
 */
static bool
add_file(struct gamefonts *g, FT_Library lib, const struct confine *conf,
    const char *dir, const char *name, struct diags *d)
{
	char *path = path_join(dir, name), buf[256];
	struct gscan s = { 0 };
	const char *why;
	struct stat st;
	struct gfont *f;
	int fd = confine_open(conf, path, &st, &why);

	if (fd < 0)
		diag_add(d, DIAG_ERROR, &g->pos, strncmp(why, "is outside",
		    10) == 0 ? "outside" : "font", "fonts/%s %s", name, why);
	else if (st.st_size > GAME_FONT_BYTES)
		diag_add(d, DIAG_ERROR, &g->pos, "font", "fonts/%s: a game may "
		    "have %d font files of %ld MiB at most", name,
		    GAME_FONTS_MAX, GAME_FONT_BYTES >> 20);
	else if (!scan_file(lib, fd, st.st_size, &g->nfonts, &s, buf,
	    sizeof(buf), &why))
		diag_add(d, DIAG_ERROR, &g->pos, "font", "fonts/%s %s", name,
		    why);
	else {
		g->v = g_renew(struct gfont, g->v, g->n + 1);
		f = &g->v[g->n++];
		memset(f, 0, sizeof(*f));
		f->name = g_strdup_printf("fonts/%s", name);
		f->real = realpath(path, NULL);
		if (f->real == NULL)
			f->real = xstrdup(path);
		f->fd = fd;
		f->size = st.st_size;
		f->scan = s;
		free(path);
		return true;
	}
	if (fd >= 0)
		close(fd);
	gscan_free(&s);
	free(path);
	return false;
}

bool
layout_gamefonts_scan(struct gamefonts *g, const char *gamedir,
    const struct confine *conf, char **root, struct diags *d)
{
	char *dir = path_join(gamedir, "fonts"), *real, **names = NULL;
	const char *why;
	FT_Library lib;
	size_t n = 0, k;
	DIR *dp = NULL;
	bool ok = true;

	memset(g, 0, sizeof(*g));
	g->d = d;
	g->pos.file = diag_read(d, dir);
	real = realpath(dir, NULL);
	if (real == NULL || (dp = opendir(real)) == NULL) {
		free(real);
		free(dir);
		return true;	/* no fonts of its own */
	}
	if ((why = confine_why(conf, dir)) != NULL) {
		diag_add(d, DIAG_ERROR, &g->pos, "outside", "fonts/ %s", why);
		ok = false;
	} else
		names = list_dir(dp, &n);
	closedir(dp);
	if (n > GAME_FONTS_MAX) {
		diag_add(d, DIAG_ERROR, &g->pos, "font", "fonts/%s: a game may "
		    "have %d font files of %ld MiB at most",
		    names[GAME_FONTS_MAX], GAME_FONTS_MAX, GAME_FONT_BYTES >> 20);
		ok = false;
	} else if (ok && n > 0 && FT_Init_FreeType(&lib) != 0) {
		diag_add(d, DIAG_ERROR, &g->pos, "font", "cannot read the "
		    "game's fonts: FreeType does not start");
		ok = false;
	} else if (ok && n > 0) {
		for (k = 0; ok && k < n; k++)
			ok = add_file(g, lib, conf, dir, names[k], d);
		FT_Done_FreeType(lib);
	}
	g_strfreev(names);
	free(dir);
	if (ok)
		*root = real;
	else
		free(real);
	return ok;
}

void
layout_gamefonts_free(struct gamefonts *g)
{
	size_t i;

	if (g == NULL)
		return;
	for (i = 0; i < g->n; i++) {
		/* A copy stays open: see copies. */
		if (g->v[i].fd >= 0)
			close(g->v[i].fd);
		g_free(g->v[i].name);
		free(g->v[i].real);
		g_free(g->v[i].path);
		gscan_free(&g->v[i].scan);
	}
	g_free(g->v);
	memset(g, 0, sizeof(*g));
}
