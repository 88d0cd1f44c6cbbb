/* SPDX-License-Identifier: MIT */
/* covers: sheets, duplex, tokens, boards, bleed, hexes, mixed-sheets */
/*
 * Unit tests of the impose stage's geometry: fixed and computed grids
 * (turned when more fit), round tokens in square or hexagonal rows,
 * boards split into tiles, the bleed each slot keeps, where duplex
 * backs land and the page plan.  Nothing is drawn.  Run from the
 * repository root.
 */
#include "unit.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/hexagon.h"
#include "../../src/impose/arrange.h"
#include "../../src/tmpl/tmpl.h"
#include "../../src/load/load.h"

#define EPS	1e-9
#define GEPS	1e-6	/* pt: what "exactly" means after a matrix */

/* Data Chain cards: 63 x 88 mm with 3 mm bleed. */
#define CARD_W	MM(63)
#define CARD_H	MM(88)
#define BLEED	MM(3)

/* tile.c keeps this much below a tile's window for its label. */
#define TILE_LABEL_H	MM(9)

/* layouts/sheets/a4-3x3.yaml, filled by hand; cols = rows = 0 is a4.yaml. */
static struct sheet
a4_sheet(unsigned int cols, unsigned int rows, double gutter_mm)
{
	struct sheet s;

	memset(&s, 0, sizeof(s));
	s.file = "hand-sheet.yaml";
	s.grid_pos.file = s.file;
	s.grid_pos.line = 2;
	s.grid_pos.col = 7;
	s.paper_w = MM(210);
	s.paper_h = MM(297);
	s.cols = cols;
	s.rows = rows;
	s.gutter = MM(gutter_mm);
	s.unprintable = MM(5);
	s.mark_len = MM(5);
	s.mark_gap = MM(0.5);
	s.mark_width = 0.5;
	return s;
}

/* layouts/sheets/letter.yaml: 8.5 x 11 in, the grid computed. */
static struct sheet
letter_sheet(void)
{
	struct sheet s = a4_sheet(0, 0, 0);

	s.paper_w = 612;
	s.paper_h = 792;
	return s;
}

/* A template with only what impose reads, as load would fill it. */
static struct tmpl
rect_tmpl(double w_mm, double h_mm, double bleed_mm)
{
	struct tmpl t;

	memset(&t, 0, sizeof(t));
	t.file = "hand-layout.yaml";
	t.size_pos.file = t.file;
	t.size_pos.line = 4;
	t.size_pos.col = 7;
	t.w = MM(w_mm);
	t.h = MM(h_mm);
	t.bleed = MM(bleed_mm);
	t.back_bleed = t.bleed;	/* a back like its front, unless a test says */
	t.shape = SHAPE_RECT;
	return t;
}

static struct tmpl
round_tmpl(double d_mm, double bleed_mm)
{
	struct tmpl t = rect_tmpl(d_mm, d_mm, bleed_mm);

	t.shape = SHAPE_CIRCLE;
	return t;
}

static struct tmpl
board_tmpl(double w_mm, double h_mm, double bleed_mm, double overlap_mm)
{
	struct tmpl t = rect_tmpl(w_mm, h_mm, bleed_mm);

	t.tile = true;
	t.overlap = MM(overlap_mm);
	return t;
}

/* The arrangement of t on s, which must succeed without a word. */
static void
arrange(const struct sheet *s, const struct tmpl *t, struct grid *g)
{
	struct diags d = { 0 };

	assert_true(impose_grid(s, t, g, &d));
	assert_int_equal(d.n, 0);
	diag_free(&d);
}

static void
a4_grid(unsigned int cols, unsigned int rows, double gutter_mm,
    struct grid *g)
{
	struct sheet s = a4_sheet(cols, rows, gutter_mm);
	struct tmpl t = rect_tmpl(63, 88, 3);

	arrange(&s, &t, g);
}

static void
assert_bleeds_at(const struct slot *s, double l, double t, double r,
    double b, const char *file, int line)
{
	if (fabs(s->bl - l) > EPS || fabs(s->bt - t) > EPS ||
	    fabs(s->br - r) > EPS || fabs(s->bb - b) > EPS) {
		print_error("slot (%u, %u) keeps l %g t %g r %g b %g mm, "
		    "expected %g %g %g %g mm\n", s->row, s->col, TO_MM(s->bl),
		    TO_MM(s->bt), TO_MM(s->br), TO_MM(s->bb), TO_MM(l),
		    TO_MM(t), TO_MM(r), TO_MM(b));
		_fail(file, line);
	}
}

#define assert_bleeds(s, l, t, r, b) \
	assert_bleeds_at((s), (l), (t), (r), (b), __FILE__, __LINE__)

/* Where matrix m puts component point (u, v). */
static void
map(const cairo_matrix_t *m, double u, double v, double *x, double *y)
{
	*x = u;
	*y = v;
	cairo_matrix_transform_point(m, x, y);
}

static void
assert_maps_at(const cairo_matrix_t *m, double u, double v, double x,
    double y, const char *file, int line)
{
	double gx, gy;

	map(m, u, v, &gx, &gy);
	if (fabs(gx - x) <= GEPS && fabs(gy - y) <= GEPS)
		return;
	print_error("(%g, %g) mm maps to (%.6f, %.6f) mm, expected "
	    "(%.6f, %.6f) mm\n", TO_MM(u), TO_MM(v), TO_MM(gx), TO_MM(gy),
	    TO_MM(x), TO_MM(y));
	_fail(file, line);
}

/* Matrix m puts component point (u, v) at page point (x, y). */
#define assert_maps(m, u, v, x, y) \
	assert_maps_at((m), (u), (v), (x), (y), __FILE__, __LINE__)

/* The number of size that fit in avail, gap between: by counting. */
static unsigned int
count_fit(double avail, double size, double gap)
{
	unsigned int n = 0;

	while ((n + 1) * size + n * gap <= avail + GEPS)
		n++;
	return n;
}

/*
 * Every trim of a grid with its kept bleed and the gap before the marks
 * stays inside the printable area, and the matrix of each slot puts the
 * component's trim exactly on its cell.
 */
static void
check_grid_inside(const struct sheet *s, const struct tmpl *t,
    const struct grid *g)
{
	bool filled[1024];
	struct slot sl;
	unsigned int r, c;
	/* The marks start past the gap, and 1 mm of each stays printable. */
	double lo = s->unprintable, gap = s->mark_gap + MM(1), w = t->w;
	double h = t->h;

	assert_int_equal(g->arrange, ARR_GRID);
	assert_int_equal(g->ncells, g->cols * g->rows);
	/* The outer bleed kept: the template's, or cut to no less than
	 * 1 mm to fit more. */
	assert_true(g->bleed <= t->bleed + GEPS);
	assert_true(g->bleed >= MM(1) - GEPS || g->bleed >= t->bleed - GEPS);
	assert_true(g->ncells > 0 && g->ncells <= 1024);
	memset(filled, 1, sizeof(filled));
	for (r = 0; r < g->rows; r++)
		for (c = 0; c < g->cols; c++) {
			impose_grid_slot(g, r, c, filled, &sl);
			assert_true(sl.clip[0] - gap >= lo - GEPS);
			assert_true(sl.clip[1] - gap >= lo - GEPS);
			assert_true(sl.clip[0] + sl.clip[2] + gap <=
			    s->paper_w - lo + GEPS);
			assert_true(sl.clip[1] + sl.clip[3] + gap <=
			    s->paper_h - lo + GEPS);
			/* The corners of the trim land on the cell's. */
			if (g->rotated) {
				assert_maps(&sl.m, 0, 0, sl.x + g->card_w,
				    sl.y);
				assert_maps(&sl.m, w, h, sl.x, sl.y +
				    g->card_h);
			} else {
				assert_maps(&sl.m, 0, 0, sl.x, sl.y);
				assert_maps(&sl.m, w, h, sl.x + g->card_w,
				    sl.y + g->card_h);
			}
		}
}

/*
 * The most cards a sheet holds with outer bleed b: the band kept free,
 * the bleed, the mark gap and 1 mm of each mark outside the band on
 * every side; *rot: turned, when more fit so.
 */
static unsigned int
most(const struct sheet *s, const struct tmpl *t, double b, bool *rot)
{
	double keep = 2 * (s->unprintable + s->mark_gap + MM(1) + b);
	double ax = s->paper_w - keep, ay = s->paper_h - keep;
	unsigned int up = count_fit(ax, t->w, s->gutter) *
	    count_fit(ay, t->h, s->gutter);
	unsigned int turned = count_fit(ax, t->h, s->gutter) *
	    count_fit(ay, t->w, s->gutter);

	*rot = turned > up;
	return turned > up ? turned : up;
}

/*
 * A computed grid is the largest: no more fit even with the outer
 * bleed cut to 1 mm; it is cut only when that fits more, and turned
 * only when more fit turned.
 */
static void
check_grid_largest(const struct sheet *s, const struct tmpl *t,
    const struct grid *g)
{
	double keep = 2 * (s->unprintable + s->mark_gap + MM(1) + MM(1));
	double ax = s->paper_w - keep, ay = s->paper_h - keep;
	bool rot_full, rot_thin;
	unsigned int full = most(s, t, t->bleed, &rot_full);
	unsigned int thin = most(s, t, MM(1), &rot_thin);

	assert_near(g->card_w, g->rotated ? t->h : t->w, EPS);
	assert_near(g->card_h, g->rotated ? t->w : t->h, EPS);
	assert_true((g->cols + 1) * g->card_w + g->cols * s->gutter > ax +
	    GEPS);
	assert_true((g->rows + 1) * g->card_h + g->rows * s->gutter > ay +
	    GEPS);
	assert_int_equal(g->ncells, thin > full ? thin : full);
	assert_int_equal(g->rotated, thin > full ? rot_thin : rot_full);
	if (thin <= full)
		assert_near(g->bleed, t->bleed, EPS);	/* not cut */
}

/* --- impose_grid: the sheet's own grid ----------------------------------- */

static void
test_grid_a4_3x3(void **state)
{
	struct tmpl t = rect_tmpl(63, 88, 3);
	struct diags d = { 0 };
	struct sheet *s;
	struct grid g;

	(void)state;
	s = tmpl_sheet_load(NULL, "layouts/sheets/a4-3x3.yaml", &d);
	assert_non_null(s);
	assert_true(impose_grid(s, &t, &g, &d));
	assert_int_equal(d.n, 0);
	assert_int_equal(g.arrange, ARR_GRID);
	assert_near(g.paper_w, 595.276, 1e-3);
	assert_near(g.paper_h, 841.890, 1e-3);
	assert_int_equal(g.cols, 3);
	assert_int_equal(g.rows, 3);
	assert_int_equal(g.ncells, 9);
	assert_false(g.rotated);
	assert_near(g.card_w, 178.583, 1e-3);
	assert_near(g.card_h, 249.449, 1e-3);
	/* Centred: (595.276 - 3 * 178.583) / 2 and likewise down. */
	assert_near(g.x0, (595.276 - 3 * 178.583) / 2, 1e-3);
	assert_near(g.y0, (841.890 - 3 * 249.449) / 2, 1e-3);
	assert_near(g.x0, MM(10.5), EPS);
	assert_near(g.y0, MM(16.5), EPS);
	/* No gutter: trims touch. */
	assert_near(g.pitch_x, g.card_w, EPS);
	assert_near(g.pitch_y, g.card_h, EPS);
	assert_near(g.gutter, 0, 0);
	assert_near(g.bleed, MM(3), EPS);
	/* The sheet's marks travel with the grid. */
	assert_near(g.mark_gap, MM(0.5), EPS);
	assert_near(g.mark_len, MM(5), EPS);
	assert_near(g.unprintable, MM(5), EPS);
	/* The right margin equals the left one. */
	assert_near(g.paper_w - (g.x0 + 2 * g.pitch_x + g.card_w), g.x0,
	    EPS);
	assert_near(g.paper_h - (g.y0 + 2 * g.pitch_y + g.card_h), g.y0,
	    EPS);
	tmpl_sheet_free(s);
	diag_free(&d);
}

static void
test_grid_with_gutter(void **state)
{
	struct grid g;

	(void)state;
	/* 2 x 2 with 10 mm gutters: 136 x 186 mm, centred. */
	a4_grid(2, 2, 10, &g);
	assert_int_equal(g.cols, 2);
	assert_int_equal(g.rows, 2);
	assert_int_equal(g.ncells, 4);
	assert_near(g.pitch_x, MM(73), EPS);
	assert_near(g.pitch_y, MM(98), EPS);
	assert_near(g.x0, MM(37), EPS);
	assert_near(g.y0, MM(55.5), EPS);
	assert_near(g.gutter, MM(10), EPS);
}

static void
test_grid_does_not_fit(void **state)
{
	struct tmpl t = rect_tmpl(63, 88, 3);
	struct diags d = { 0 };
	struct sheet s;
	struct grid g;

	(void)state;
	/* Four columns of 63 mm are wider than A4. */
	s = a4_sheet(4, 3, 0);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.nerr, 1);
	assert_int_equal(d.v[0].level, DIAG_ERROR);
	assert_string_equal(d.v[0].code, "sheet");
	assert_string_equal(d.v[0].pos.file, "hand-sheet.yaml");
	/* Reported at the sheet's "grid", where the user changes it. */
	assert_int_equal(d.v[0].pos.line, 2);
	assert_int_equal(d.v[0].pos.col, 7);
	assert_string_equal(d.v[0].msg, "4 x 3 cards of 63.0 x 88.0 mm with "
	    "3.0 mm bleed do not fit the paper (29.5 mm short)");
	diag_free(&d);
	/* Four rows of 88 mm are taller. */
	s = a4_sheet(3, 4, 0);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.nerr, 1);
	assert_string_equal(d.v[0].msg, "3 x 4 cards of 63.0 x 88.0 mm with "
	    "3.0 mm bleed do not fit the paper (36.0 mm short)");
	diag_free(&d);
	/* The trims fit but the bleed would reach the unprintable band. */
	s = a4_sheet(3, 3, 0);
	s.unprintable = MM(7.5);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.nerr, 1);
	assert_string_equal(d.v[0].msg, "3 x 3 cards of 63.0 x 88.0 mm with "
	    "3.0 mm bleed do not fit the paper (0.5 mm short)");
	diag_free(&d);
	/* A 4 mm gutter pushes three columns 1 mm too far out. */
	s = a4_sheet(3, 3, 4);
	s.unprintable = MM(4);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_string_equal(d.v[0].msg, "3 x 3 cards of 63.0 x 88.0 mm with "
	    "3.0 mm bleed do not fit the paper (1.0 mm short)");
	diag_free(&d);
	/* With 1 mm to spare it fits. */
	s.unprintable = MM(2);
	assert_true(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.n, 0);
	/*
	 * With 7 mm unprintable the bleed and gap end exactly on the band
	 * (10.5 - 3 - 0.5 = 7 mm): an exact fit, which rounding in points
	 * must not reject.
	 */
	s = a4_sheet(3, 3, 0);
	s.unprintable = MM(7);
	assert_true(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.n, 0);
	diag_free(&d);
}

/* --- impose_grid_slot ---------------------------------------------------- */

static void
test_slot_full_sheet_no_gutter(void **state)
{
	bool filled[9];
	struct grid g;
	struct slot s;
	unsigned int r, c;

	(void)state;
	a4_grid(3, 3, 0, &g);
	memset(filled, 1, sizeof(filled));
	for (r = 0; r < 3; r++)
		for (c = 0; c < 3; c++) {
			double x = MM(10.5) + c * MM(63);
			double y = MM(16.5) + r * MM(88);

			impose_grid_slot(&g, r, c, filled, &s);
			assert_int_equal(s.row, r);
			assert_int_equal(s.col, c);
			assert_near(s.x, x, EPS);
			assert_near(s.y, y, EPS);
			assert_false(s.turned);
			assert_false(s.round);
			/* Full bleed on outer sides, none between cards. */
			assert_bleeds(&s, c == 0 ? BLEED : 0,
			    r == 0 ? BLEED : 0, c == 2 ? BLEED : 0,
			    r == 2 ? BLEED : 0);
			/* Upright: the card is only moved to its cell. */
			assert_near(s.m.xx, 1, 0);
			assert_near(s.m.yy, 1, 0);
			assert_near(s.m.xy, 0, 0);
			assert_near(s.m.yx, 0, 0);
			assert_maps(&s.m, 0, 0, x, y);
			assert_maps(&s.m, CARD_W, CARD_H, x + CARD_W,
			    y + CARD_H);
			/* What may show: the trim and the bleed it keeps. */
			assert_near(s.clip[0], x - s.bl, EPS);
			assert_near(s.clip[1], y - s.bt, EPS);
			assert_near(s.clip[2], CARD_W + s.bl + s.br, EPS);
			assert_near(s.clip[3], CARD_H + s.bt + s.bb, EPS);
		}
}

static void
test_slot_empty_neighbours(void **state)
{
	/* Cards at (0,0), (0,1), (1,0) and (2,2) only. */
	static const bool filled[9] = { true, true, false, true, false,
	    false, false, false, true };
	struct grid g;
	struct slot s;

	(void)state;
	a4_grid(3, 3, 0, &g);
	impose_grid_slot(&g, 0, 0, filled, &s);
	assert_bleeds(&s, BLEED, BLEED, 0, 0);
	impose_grid_slot(&g, 0, 1, filled, &s);
	assert_bleeds(&s, 0, BLEED, BLEED, BLEED);
	impose_grid_slot(&g, 1, 0, filled, &s);
	assert_bleeds(&s, BLEED, 0, BLEED, BLEED);
	/* Alone: full bleed all round, diagonal neighbours do not count. */
	impose_grid_slot(&g, 2, 2, filled, &s);
	assert_bleeds(&s, BLEED, BLEED, BLEED, BLEED);
	assert_near(s.clip[2], CARD_W + 2 * BLEED, EPS);
	assert_near(s.clip[3], CARD_H + 2 * BLEED, EPS);
	/* The slot of an empty cell is still placed on the grid. */
	impose_grid_slot(&g, 1, 1, filled, &s);
	assert_near(s.x, g.x0 + g.pitch_x, EPS);
	assert_near(s.y, g.y0 + g.pitch_y, EPS);
	assert_bleeds(&s, 0, 0, BLEED, BLEED);
}

static void
test_slot_gutter(void **state)
{
	bool filled[4];
	struct grid g;
	struct slot s;

	(void)state;
	memset(filled, 1, sizeof(filled));
	/* 10 mm gutter: half is 5 mm, more than the 3 mm bleed. */
	a4_grid(2, 2, 10, &g);
	impose_grid_slot(&g, 0, 0, filled, &s);
	assert_near(s.x, MM(37), EPS);
	assert_bleeds(&s, BLEED, BLEED, BLEED, BLEED);
	impose_grid_slot(&g, 1, 1, filled, &s);
	assert_near(s.x, MM(37 + 73), EPS);
	assert_near(s.y, MM(55.5 + 98), EPS);
	assert_bleeds(&s, BLEED, BLEED, BLEED, BLEED);
	/* 4 mm gutter: neighbours keep 2 mm each, outer sides 3 mm. */
	a4_grid(2, 2, 4, &g);
	impose_grid_slot(&g, 0, 1, filled, &s);
	assert_near(s.x, g.x0 + MM(67), EPS);
	assert_bleeds(&s, MM(2), BLEED, BLEED, MM(2));
	impose_grid_slot(&g, 1, 0, filled, &s);
	assert_bleeds(&s, BLEED, MM(2), MM(2), BLEED);
	/* Towards an empty cell the full bleed again. */
	filled[1] = false;
	impose_grid_slot(&g, 0, 0, filled, &s);
	assert_bleeds(&s, BLEED, BLEED, BLEED, MM(2));
	/* Bleeds of neighbours never overlap: they meet in the gutter. */
	filled[1] = true;
	{
		struct slot a, b;

		impose_grid_slot(&g, 0, 0, filled, &a);
		impose_grid_slot(&g, 0, 1, filled, &b);
		assert_true(a.x + g.card_w + a.br <= b.x - b.bl + EPS);
		assert_true(a.clip[0] + a.clip[2] <= b.clip[0] + EPS);
	}
}

/* --- impose_grid: computed grids ---------------------------------------- */

/* A4 with the grid computed (layouts/sheets/a4.yaml) for w x h mm. */
static void
a4_computed(double w_mm, double h_mm, double bleed_mm, struct grid *g)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = rect_tmpl(w_mm, h_mm, bleed_mm);

	arrange(&s, &t, g);
	check_grid_inside(&s, &t, g);
	check_grid_largest(&s, &t, g);
}

static void
test_grid_computed_a4(void **state)
{
	struct grid g, fixed;
	struct slot s;
	bool filled[16];
	unsigned int r, c;

	(void)state;
	memset(filled, 1, sizeof(filled));
	/*
	 * Standard 63 x 88: the room is 210 - 2 * (5 + 0.5 + 3) = 193 by
	 * 280 mm, so 3 x 3 (turned, 2 x 4 = 8); exactly where a4-3x3.yaml
	 * puts them.
	 */
	a4_computed(63, 88, 3, &g);
	a4_grid(3, 3, 0, &fixed);
	assert_int_equal(g.cols, 3);
	assert_int_equal(g.rows, 3);
	assert_false(g.rotated);
	assert_near(g.x0, fixed.x0, EPS);
	assert_near(g.y0, fixed.y0, EPS);
	assert_near(g.pitch_x, fixed.pitch_x, EPS);
	assert_near(g.pitch_y, fixed.pitch_y, EPS);
	for (r = 0; r < 3; r++)
		for (c = 0; c < 3; c++) {
			impose_grid_slot(&g, r, c, filled, &s);
			assert_near(s.x, MM(10.5 + 63 * c), EPS);
			assert_near(s.y, MM(16.5 + 88 * r), EPS);
			assert_maps(&s.m, 0, 0, MM(10.5 + 63 * c),
			    MM(16.5 + 88 * r));
		}
	/* layouts/sheets/a4.yaml computes the same. */
	{
		struct tmpl t = rect_tmpl(63, 88, 3);
		struct diags d = { 0 };
		struct sheet *s4;
		struct grid g4;

		s4 = tmpl_sheet_load(NULL, "layouts/sheets/a4.yaml", &d);
		assert_non_null(s4);
		assert_int_equal(s4->cols, 0);
		arrange(s4, &t, &g4);
		assert_memory_equal(&g4, &g, sizeof(g));
		tmpl_sheet_free(s4);
		diag_free(&d);
	}
	/* Poker 63.5 x 88.9: 190.5 <= 193, 266.7 <= 280; turned 2 x 4. */
	a4_computed(63.5, 88.9, 3, &g);
	assert_int_equal(g.cols, 3);
	assert_int_equal(g.rows, 3);
	assert_false(g.rotated);
	assert_near(g.x0, MM((210 - 190.5) / 2), EPS);
	assert_near(g.y0, MM((297 - 266.7) / 2), EPS);
	/* Mini euro 44 x 68: 4 x 4 (176, 272); turned 2 x 6 = 12. */
	a4_computed(44, 68, 3, &g);
	assert_int_equal(g.cols, 4);
	assert_int_equal(g.rows, 4);
	assert_false(g.rotated);
	assert_near(g.x0, MM(17), EPS);
	assert_near(g.y0, MM(12.5), EPS);
	/*
	 * Tarot 70 x 120: 2 x 2; turned 1 x 4 (4 x 70 = 280 exactly) is
	 * no more, so it stays upright.
	 */
	a4_computed(70, 120, 3, &g);
	assert_int_equal(g.cols, 2);
	assert_int_equal(g.rows, 2);
	assert_false(g.rotated);
	assert_near(g.x0, MM(35), EPS);
	assert_near(g.y0, MM(28.5), EPS);
	/* With a gutter the cells move one gutter apart, still centred. */
	{
		struct sheet sh = a4_sheet(0, 0, 2);
		struct tmpl t = rect_tmpl(63, 88, 3);

		/* 3 x 63 + 2 x 2 = 193: an exact fit; 3 x 88 + 4 = 268. */
		arrange(&sh, &t, &g);
		check_grid_inside(&sh, &t, &g);
		check_grid_largest(&sh, &t, &g);
		assert_int_equal(g.cols, 3);
		assert_int_equal(g.rows, 3);
		assert_near(g.x0, MM(8.5), EPS);
		assert_near(g.y0, MM(14.5), EPS);
		assert_near(g.pitch_x, MM(65), EPS);
	}
}

/* The corners of a turned slot: its top faces right. */
static void
check_quarter_turn(const struct grid *g, const struct tmpl *t,
    unsigned int row, unsigned int col)
{
	bool filled[64];
	struct slot s;

	memset(filled, 1, sizeof(filled));
	impose_grid_slot(g, row, col, filled, &s);
	assert_near(s.x, g->x0 + col * g->pitch_x, EPS);
	assert_near(s.y, g->y0 + row * g->pitch_y, EPS);
	/* Clockwise: top-left -> top-right -> bottom-right -> ... */
	assert_maps(&s.m, 0, 0, s.x + g->card_w, s.y);
	assert_maps(&s.m, t->w, 0, s.x + g->card_w, s.y + g->card_h);
	assert_maps(&s.m, t->w, t->h, s.x, s.y + g->card_h);
	assert_maps(&s.m, 0, t->h, s.x, s.y);
	assert_false(s.turned);
}

static void
test_grid_computed_turned(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t;
	struct grid g;
	unsigned int r, c;

	(void)state;
	/*
	 * 90 x 60 mm: upright 2 x 4 = 8 (193 / 90, 280 / 60); turned, as
	 * 60 x 90, 3 x 3 = 9.  Placed 180 x 270 mm, centred.
	 */
	t = rect_tmpl(90, 60, 3);
	arrange(&s, &t, &g);
	check_grid_inside(&s, &t, &g);
	check_grid_largest(&s, &t, &g);
	assert_true(g.rotated);
	assert_int_equal(g.cols, 3);
	assert_int_equal(g.rows, 3);
	assert_near(g.card_w, MM(60), EPS);
	assert_near(g.card_h, MM(90), EPS);
	assert_near(g.x0, MM(15), EPS);
	assert_near(g.y0, MM(13.5), EPS);
	for (r = 0; r < g.rows; r++)
		for (c = 0; c < g.cols; c++)
			check_quarter_turn(&g, &t, r, c);
	/*
	 * A 190 x 138 mm character sheet: upright 1 x 2 (276 <= 280);
	 * turned 138 wide, 190 tall: 1 x 1.  Upright it is.
	 */
	t = rect_tmpl(190, 138, 3);
	arrange(&s, &t, &g);
	check_grid_inside(&s, &t, &g);
	check_grid_largest(&s, &t, &g);
	assert_false(g.rotated);
	assert_int_equal(g.cols, 1);
	assert_int_equal(g.rows, 2);
	assert_near(g.x0, MM(10), EPS);
	assert_near(g.y0, MM(10.5), EPS);
	/* The same sheet in portrait, 138 x 190: only turned do 2 fit. */
	t = rect_tmpl(138, 190, 3);
	arrange(&s, &t, &g);
	check_grid_inside(&s, &t, &g);
	check_grid_largest(&s, &t, &g);
	assert_true(g.rotated);
	assert_int_equal(g.cols, 1);
	assert_int_equal(g.rows, 2);
	assert_near(g.card_w, MM(190), EPS);
	assert_near(g.card_h, MM(138), EPS);
	assert_near(g.x0, MM(10), EPS);
	assert_near(g.y0, MM(10.5), EPS);
	check_quarter_turn(&g, &t, 0, 0);
	check_quarter_turn(&g, &t, 1, 0);
}

static void
test_grid_computed_letter(void **state)
{
	struct sheet s = letter_sheet();
	struct tmpl t;
	struct grid g;

	(void)state;
	/*
	 * Letter is 215.9 x 279.4 mm.  Three rows of 88 mm leave 7.7 mm at
	 * top and bottom: 5 kept free, 0.5 before the marks, 1 of mark
	 * outside the band leave 1.2 mm of bleed, which is still more than
	 * the 1 mm a cut may leave.  So 3 x 3 upright, the outer bleed cut
	 * to 1.2 mm, whether the template asks 2 or 3 mm.
	 */
	t = rect_tmpl(63, 88, 2);
	arrange(&s, &t, &g);
	check_grid_inside(&s, &t, &g);
	check_grid_largest(&s, &t, &g);
	assert_false(g.rotated);
	assert_int_equal(g.cols, 3);
	assert_int_equal(g.rows, 3);
	assert_near(g.x0, (612 - MM(189)) / 2, EPS);
	assert_near(g.y0, (792 - MM(264)) / 2, EPS);
	assert_near(g.bleed, MM(1.2), 1e-6);
	t = rect_tmpl(63, 88, 3);
	arrange(&s, &t, &g);
	check_grid_inside(&s, &t, &g);
	check_grid_largest(&s, &t, &g);
	assert_false(g.rotated);
	assert_int_equal(g.ncells, 9);
	assert_near(g.bleed, MM(1.2), 1e-6);
	/* Less than the margins allow is kept as the template says. */
	t = rect_tmpl(63, 88, 1);
	arrange(&s, &t, &g);
	assert_int_equal(g.ncells, 9);
	assert_near(g.bleed, MM(1), 1e-6);
	/* The bundled Letter sheet gives the same. */
	{
		struct diags d = { 0 };
		struct sheet *ls;
		struct grid lg;

		ls = tmpl_sheet_load(NULL, "layouts/sheets/letter.yaml", &d);
		assert_non_null(ls);
		assert_int_equal(d.n, 0);
		assert_near(ls->paper_w, 612, 1e-9);
		assert_near(ls->paper_h, 792, 1e-9);
		assert_int_equal(ls->cols, 0);
		t = rect_tmpl(63, 88, 3);
		arrange(ls, &t, &lg);
		assert_false(lg.rotated);
		assert_int_equal(lg.ncells, 9);
		tmpl_sheet_free(ls);
		diag_free(&d);
	}
}

/*
 * A computed grid exists exactly when one component fits either way;
 * then it is the largest, turned only if more fit so, and every trim
 * with its bleed and mark gap lies inside the printable area.
 */
static void
check_computed(const struct sheet *s, double w_mm, double h_mm,
    double bleed_mm)
{
	struct tmpl t = rect_tmpl(w_mm, h_mm, bleed_mm);
	/* It fits somehow if it fits with its bleed cut to 1 mm. */
	double keep = 2 * (s->unprintable + s->mark_gap + MM(1) + MM(1));
	double ax = s->paper_w - keep, ay = s->paper_h - keep;
	struct diags d = { 0 };
	struct grid g;
	bool any;

	any = (t.w <= ax + GEPS && t.h <= ay + GEPS) ||
	    (t.h <= ax + GEPS && t.w <= ay + GEPS);
	assert_int_equal(impose_grid(s, &t, &g, &d), any);
	assert_int_equal(d.nerr, any ? 0 : 1);
	diag_free(&d);
	if (any) {
		check_grid_inside(s, &t, &g);
		check_grid_largest(s, &t, &g);
	}
}

/* Over many sizes, bleeds, gutters and both papers. */
static void
test_grid_computed_sweep(void **state)
{
	static const double bleeds[] = { 0, 3 }, gutters[] = { 0, 2.5 };
	struct sheet s;
	size_t p, b, k;
	double w, h;

	(void)state;
	for (p = 0; p < 2; p++)
		for (k = 0; k < 2; k++) {
			s = p == 0 ? a4_sheet(0, 0, 0) : letter_sheet();
			s.gutter = MM(gutters[k]);
			for (b = 0; b < 2; b++)
				for (w = 20; w <= 300; w += 7)
					for (h = 20; h <= 300; h += 11)
						check_computed(&s, w, h,
						    bleeds[b]);
		}
}

static void
test_grid_computed_no_fit(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct diags d = { 0 };
	struct tmpl t;
	struct grid g;

	(void)state;
	/*
	 * With the bleed cut to 1 mm the room is 195 x 282 mm.  150 x 290:
	 * 8 mm too tall; turned it would be 95 mm too wide.
	 */
	t = rect_tmpl(150, 290, 3);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.nerr, 1);
	assert_int_equal(d.v[0].level, DIAG_ERROR);
	assert_string_equal(d.v[0].code, "sheet");
	/* At the template's size, which is what the user would change. */
	assert_string_equal(d.v[0].pos.file, "hand-layout.yaml");
	assert_int_equal(d.v[0].pos.line, 4);
	assert_int_equal(d.v[0].pos.col, 7);
	assert_string_equal(d.v[0].msg, "a 150.0 x 290.0 mm component does "
	    "not fit the printable area of 210.0 x 297.0 mm paper, even with "
	    "its bleed cut to 1.0 mm: 8.0 mm too tall ('tile: true' splits "
	    "it over several sheets)");
	/* And a note at the sheet, where the paper is chosen. */
	assert_int_equal(d.n, 2);
	assert_int_equal(d.v[1].level, DIAG_NOTE);
	assert_string_equal(d.v[1].pos.file, "hand-sheet.yaml");
	assert_int_equal(d.v[1].pos.line, 2);
	assert_string_equal(d.v[1].msg, "the paper and the 5.0 mm kept free "
	    "at its edges are set here");
	diag_free(&d);
	/* 200 x 250: 5 mm too wide; turned 55 mm. */
	t = rect_tmpl(200, 250, 3);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.nerr, 1);
	assert_string_equal(d.v[0].msg, "a 200.0 x 250.0 mm component does "
	    "not fit the printable area of 210.0 x 297.0 mm paper, even with "
	    "its bleed cut to 1.0 mm: 5.0 mm too wide ('tile: true' splits "
	    "it over several sheets)");
	diag_free(&d);
	/* 250 x 290: both. */
	t = rect_tmpl(250, 290, 3);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.nerr, 1);
	assert_string_equal(d.v[0].msg, "a 250.0 x 290.0 mm component does "
	    "not fit the printable area of 210.0 x 297.0 mm paper, even with "
	    "its bleed cut to 1.0 mm: 55.0 mm too wide and 8.0 mm too tall "
	    "('tile: true' splits it over several sheets)");
	diag_free(&d);
	/* 250 x 200: upright 55 mm too wide, turned only 5 mm: the
	 * message names the nearer miss. */
	t = rect_tmpl(250, 200, 3);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_string_equal(d.v[0].msg, "a 250.0 x 200.0 mm component does "
	    "not fit the printable area of 210.0 x 297.0 mm paper, even with "
	    "its bleed cut to 1.0 mm: 5.0 mm too wide turned a quarter "
	    "('tile: true' splits it over several sheets)");
	diag_free(&d);
	/* A 282 mm height fills the room exactly: only the width is named. */
	t = rect_tmpl(200, 282, 1);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_string_equal(d.v[0].msg, "a 200.0 x 282.0 mm component does "
	    "not fit the printable area of 210.0 x 297.0 mm paper, even with "
	    "its bleed cut to 1.0 mm: 5.0 mm too wide ('tile: true' splits "
	    "it over several sheets)");
	diag_free(&d);
	/* A token wider than the sheet: 199 + 2 x 3 = 205 of 200 mm. */
	s = a4_sheet(0, 0, 0);
	t = round_tmpl(199, 3);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.nerr, 1);
	assert_string_equal(d.v[0].msg, "a 199.0 x 199.0 mm component does "
	    "not fit the printable area of 210.0 x 297.0 mm paper, with its "
	    "3.0 mm bleed: 5.0 mm too wide ('tile: true' splits it over "
	    "several sheets)");
	diag_free(&d);
}

/* --- round components ------------------------------------------------- */

/*
 * Square and hexagonal counts from the design notes: pitch p = d + 2b
 * + gap; square rows p apart, hexagonal rows p * sqrt(3) / 2 apart with
 * every other row shifted by p / 2.  Round tokens have no crop marks,
 * so only the unprintable band is kept free.
 */
static void
round_counts(const struct sheet *s, const struct tmpl *t,
    unsigned int *square, unsigned int *hex)
{
	double dia = t->w + 2 * t->bleed, p = dia + s->gutter;
	double ax = s->paper_w - 2 * s->unprintable;
	double ay = s->paper_h - 2 * s->unprintable;
	unsigned int cols = count_fit(ax, dia, s->gutter);
	unsigned int odd = count_fit(ax - p / 2, dia, s->gutter);
	unsigned int rows = 0;

	*square = cols * count_fit(ay, dia, s->gutter);
	while (dia + rows * p * sqrt(3) / 2 <= ay + GEPS)
		rows++;
	*hex = (rows + 1) / 2 * cols + rows / 2 * odd;
}

/* The centre of what may show of a slot: a ring's centre. */
static void
clip_centre(const struct slot *sl, double *cx, double *cy)
{
	*cx = sl->clip[0] + sl->clip[2] / 2;
	*cy = sl->clip[1] + sl->clip[3] / 2;
}

/*
 * Every ring of a round arrangement: its clip the box of trim and
 * bleed, the token drawn upright inside it, inside the printable area,
 * and no two rings closer than a pitch, so bleeds never overlap.
 */
static void
check_rings(const struct sheet *s, const struct tmpl *t,
    const struct grid *g)
{
	double rb = t->w / 2 + t->bleed, p = 2 * rb + s->gutter;
	double lo = s->unprintable, *cx, *cy;
	unsigned int i, j, last_row = 0;
	struct slot sl;

	assert_int_equal(g->arrange, ARR_ROUND);
	assert_near(g->pitch_x, p, EPS);
	assert_near(g->pitch_y, g->hex ? p * sqrt(3) / 2 : p, EPS);
	cx = xcalloc(g->ncells + 1, sizeof(*cx));
	cy = xcalloc(g->ncells + 1, sizeof(*cy));
	for (i = 0; i < g->ncells; i++) {
		impose_round_slot(g, i, &sl);
		assert_true(sl.round);
		assert_false(sl.turned);
		assert_bleeds(&sl, t->bleed, t->bleed, t->bleed, t->bleed);
		assert_near(sl.clip[2], 2 * rb, EPS);
		assert_near(sl.clip[3], 2 * rb, EPS);
		clip_centre(&sl, &cx[i], &cy[i]);
		assert_maps(&sl.m, t->w / 2, t->w / 2, cx[i], cy[i]);
		assert_maps(&sl.m, 0, 0, cx[i] - t->w / 2, cy[i] - t->w / 2);
		assert_maps(&sl.m, t->w, t->w, cx[i] + t->w / 2,
		    cy[i] + t->w / 2);
		assert_near(sl.x, cx[i] - t->w / 2, EPS);
		assert_near(sl.y, cy[i] - t->w / 2, EPS);
		assert_true(sl.clip[0] >= lo - GEPS);
		assert_true(sl.clip[1] >= lo - GEPS);
		assert_true(sl.clip[0] + sl.clip[2] <= s->paper_w - lo + GEPS);
		assert_true(sl.clip[1] + sl.clip[3] <= s->paper_h - lo + GEPS);
		/* Cells fill row by row. */
		assert_true(sl.row == last_row || sl.row == last_row + 1);
		last_row = sl.row;
		assert_true(sl.col < (g->hex && sl.row % 2 == 1 ?
		    g->odd_cols : g->cols));
		assert_near(cy[i], g->y0 + sl.row * g->pitch_y, EPS);
	}
	assert_int_equal(last_row + 1, g->rows);
	for (i = 0; i < g->ncells; i++)
		for (j = i + 1; j < g->ncells; j++)
			if (hypot(cx[i] - cx[j], cy[i] - cy[j]) < p - GEPS)
				fail_msg("rings %u and %u are %g mm apart, "
				    "less than the pitch %g mm", i, j,
				    TO_MM(hypot(cx[i] - cx[j], cy[i] - cy[j])),
				    TO_MM(p));
	free(cx);
	free(cy);
}

static void
test_round_hex_or_square(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = round_tmpl(20, 2);
	unsigned int square, hex;
	struct slot a, b;
	struct grid g;
	double ax, ay, bx, by;

	(void)state;
	/*
	 * d 20 mm, bleed 2, no gap: p = 24 in a 200 x 287 mm area.
	 * Square: 8 x 11 = 88.  Hexagonal: rows 20.78 mm apart, 13 of
	 * them (24 + 12 x 20.78 = 273.4 <= 287); odd rows hold 7
	 * (12 + 7 x 24 = 180; 8 would need 204): 7 x 8 + 6 x 7 = 98.
	 */
	round_counts(&s, &t, &square, &hex);
	assert_int_equal(square, 88);
	assert_int_equal(hex, 98);
	arrange(&s, &t, &g);
	assert_int_equal(g.arrange, ARR_ROUND);
	assert_true(g.hex);
	assert_int_equal(g.ncells, 98);
	assert_int_equal(g.cols, 8);
	assert_int_equal(g.odd_cols, 7);
	assert_int_equal(g.rows, 13);
	assert_false(g.rotated);
	assert_near(g.card_w, MM(20), EPS);
	/* The block is 192 mm wide and 24 + 12 x 20.78 mm tall, centred. */
	assert_near(g.x0, MM(21), EPS);
	assert_near(g.y0, (MM(297) - (12 * MM(24) * sqrt(3) / 2 +
	    MM(24))) / 2 + MM(12), EPS);
	check_rings(&s, &t, &g);
	/* An odd row starts half a pitch in, its ring touching two. */
	impose_round_slot(&g, 0, &a);
	impose_round_slot(&g, 8, &b);
	assert_int_equal(b.row, 1);
	assert_int_equal(b.col, 0);
	clip_centre(&a, &ax, &ay);
	clip_centre(&b, &bx, &by);
	assert_near(bx - ax, MM(12), EPS);
	assert_near(hypot(bx - ax, by - ay), MM(24), GEPS);
	impose_round_slot(&g, 97, &b);
	assert_int_equal(b.row, 12);
	assert_int_equal(b.col, 7);
	/*
	 * A 2 mm gap: p = 26.  Square 7 x 11 = 77 (7 x 26 - 2 = 180,
	 * 11 x 26 - 2 = 284).  Hexagonal 12 rows 22.52 mm apart (24 + 11
	 * x 22.52 = 271.7), 7 in odd rows too (13 + 180 = 193): 84.
	 */
	s.gutter = MM(2);
	round_counts(&s, &t, &square, &hex);
	assert_int_equal(square, 77);
	assert_int_equal(hex, 84);
	arrange(&s, &t, &g);
	assert_true(g.hex);
	assert_int_equal(g.ncells, 84);
	assert_int_equal(g.rows, 12);
	assert_int_equal(g.odd_cols, 7);
	check_rings(&s, &t, &g);
	/*
	 * Few rows: d 90, bleed 2, p = 94.  Square 2 x 3 = 6; hexagonal
	 * 3 rows (94 + 2 x 81.4 = 256.8), odd rows 1 (47 + 94 = 141;
	 * 2 would need 235): 2 + 1 + 2 = 5.  Square wins.
	 */
	s.gutter = 0;
	t = round_tmpl(90, 2);
	round_counts(&s, &t, &square, &hex);
	assert_int_equal(square, 6);
	assert_int_equal(hex, 5);
	arrange(&s, &t, &g);
	assert_false(g.hex);
	assert_int_equal(g.ncells, 6);
	assert_int_equal(g.cols, 2);
	assert_int_equal(g.rows, 3);
	assert_near(g.pitch_y, MM(94), EPS);
	/* 188 x 282 mm centred: first centre 11 + 47, 7.5 + 47 mm in. */
	assert_near(g.x0, MM(58), EPS);
	assert_near(g.y0, MM(54.5), EPS);
	check_rings(&s, &t, &g);
}

/*
 * The arrangement of a d mm token holds the more of square and
 * hexagonal rows, and every ring stays clear of the others and of the
 * unprintable band.
 */
static void
check_round(const struct sheet *s, double d_mm, double bleed_mm)
{
	struct tmpl t = round_tmpl(d_mm, bleed_mm);
	unsigned int square, hex;
	struct grid g;

	round_counts(s, &t, &square, &hex);
	arrange(s, &t, &g);
	assert_int_equal(g.hex, hex > square);
	assert_int_equal(g.ncells, hex > square ? hex : square);
	check_rings(s, &t, &g);
}

/* Over many diameters, bleeds, gaps and both papers. */
static void
test_round_sweep(void **state)
{
	static const double bleeds[] = { 0, 2 }, gaps[] = { 0, 1.5 };
	struct sheet s;
	size_t p, b, k;
	double d;

	(void)state;
	for (p = 0; p < 2; p++)
		for (k = 0; k < 2; k++) {
			s = p == 0 ? a4_sheet(0, 0, 0) : letter_sheet();
			s.gutter = MM(gaps[k]);
			for (b = 0; b < 2; b++)
				for (d = 8; d <= 140; d += 6.5)
					check_round(&s, d, bleeds[b]);
		}
}

/* --- tiles ---------------------------------------------------------------- */

/* The part of the component (pt from its trim's top-left) a tile shows. */
struct part {
	double	u0, v0, u1, v1;
};

/* Map the tile's window back through its matrix. */
static struct part
tile_part(const struct slot *sl)
{
	static const double cx[] = { 0, 1, 0, 1 }, cy[] = { 0, 0, 1, 1 };
	cairo_matrix_t inv = sl->m;
	struct part p = { INFINITY, INFINITY, -INFINITY, -INFINITY };
	double u, v;
	size_t i;

	assert_int_equal(cairo_matrix_invert(&inv), CAIRO_STATUS_SUCCESS);
	for (i = 0; i < 4; i++) {
		u = sl->clip[0] + cx[i] * sl->clip[2];
		v = sl->clip[1] + cy[i] * sl->clip[3];
		cairo_matrix_transform_point(&inv, &u, &v);
		p.u0 = fmin(p.u0, u);
		p.v0 = fmin(p.v0, v);
		p.u1 = fmax(p.u1, u);
		p.v1 = fmax(p.v1, v);
	}
	return p;
}

/*
 * Two neighbouring tiles show the same stretch across the seam and
 * overlap along it by exactly the glue strip.
 */
static void
check_seam(const struct part *a, const struct part *b, double o)
{
	bool same_u = fabs(a->u0 - b->u0) <= GEPS &&
	    fabs(a->u1 - b->u1) <= GEPS;
	bool same_v = fabs(a->v0 - b->v0) <= GEPS &&
	    fabs(a->v1 - b->v1) <= GEPS;

	assert_true(same_u != same_v);
	if (same_v)
		assert_near(fmin(a->u1, b->u1) - fmax(a->u0, b->u0), o, GEPS);
	else
		assert_near(fmin(a->v1, b->v1) - fmax(a->v0, b->v0), o, GEPS);
}

/*
 * Every tile of a board: its clip the window, the window with its
 * marks and label inside the printable area, neighbours overlapping by
 * the glue strip, and all of them together the trim with its bleed.
 */
static void
check_tiles(const struct sheet *s, const struct tmpl *t,
    const struct grid *g)
{
	double z = s->unprintable + s->mark_gap + s->mark_len;
	struct part all = { INFINITY, INFINITY, -INFINITY, -INFINITY };
	struct part *p;
	struct slot sl;
	unsigned int r, c, n = g->tcols * g->trows;

	assert_int_equal(g->arrange, ARR_TILES);
	assert_int_equal(g->ncells, 1);
	assert_near(g->overlap, t->overlap, EPS);
	assert_true(g->win_x >= z - GEPS);
	assert_true(g->win_y >= z - GEPS);
	assert_true(g->win_x + g->span_x <= s->paper_w - z + GEPS);
	assert_true(g->win_y + g->span_y + TILE_LABEL_H <=
	    s->paper_h - z + GEPS);
	p = xcalloc(n + 1, sizeof(*p));
	for (r = 0; r < g->trows; r++)
		for (c = 0; c < g->tcols; c++) {
			impose_tile_slot(g, r, c, &sl);
			assert_int_equal(sl.row, r);
			assert_int_equal(sl.col, c);
			assert_false(sl.round);
			assert_near(sl.clip[0], g->win_x, EPS);
			assert_near(sl.clip[1], g->win_y, EPS);
			assert_near(sl.clip[2], g->span_x, EPS);
			assert_near(sl.clip[3], g->span_y, EPS);
			p[r * g->tcols + c] = tile_part(&sl);
		}
	for (r = 0; r < g->trows; r++)
		for (c = 0; c < g->tcols; c++) {
			const struct part *q = &p[r * g->tcols + c];

			if (c + 1 < g->tcols)
				check_seam(q, q + 1, t->overlap);
			if (r + 1 < g->trows)
				check_seam(q, q + g->tcols, t->overlap);
			all.u0 = fmin(all.u0, q->u0);
			all.v0 = fmin(all.v0, q->v0);
			all.u1 = fmax(all.u1, q->u1);
			all.v1 = fmax(all.v1, q->v1);
		}
	assert_near(all.u0, -t->bleed, GEPS);
	assert_near(all.v0, -t->bleed, GEPS);
	assert_near(all.u1, t->w + t->bleed, GEPS);
	assert_near(all.v1, t->h + t->bleed, GEPS);
	free(p);
}

static void
test_tiles_board(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t;
	struct grid g;
	struct slot sl;

	(void)state;
	/*
	 * A tile's window on A4: 210 - 2 x (5 + 0.5 + 5) = 189 mm across,
	 * 297 - 21 - 9 (label) = 267 mm down.  A 280 x 250 board with 3 mm
	 * bleed is 286 x 256: ceil((286 - 10) / (189 - 10)) = 2 across,
	 * 1 down (turned: 2 x 2).  Each shows (286 + 10) / 2 = 148 mm.
	 */
	t = board_tmpl(280, 250, 3, 10);
	arrange(&s, &t, &g);
	assert_int_equal(g.arrange, ARR_TILES);
	assert_false(g.rotated);
	assert_int_equal(g.tcols, 2);
	assert_int_equal(g.trows, 1);
	assert_near(g.span_x, MM(148), EPS);
	assert_near(g.span_y, MM(256), EPS);
	assert_near(g.win_x, MM(31), EPS);
	assert_near(g.win_y, MM(16), EPS);
	assert_near(g.card_w, MM(280), EPS);
	check_tiles(&s, &t, &g);
	/* The first tile starts with the bleed at the window's corner. */
	impose_tile_slot(&g, 0, 0, &sl);
	assert_maps(&sl.m, -MM(3), -MM(3), MM(31), MM(16));
	/* The second starts one window less the glue strip further on. */
	impose_tile_slot(&g, 0, 1, &sl);
	assert_maps(&sl.m, MM(135), -MM(3), MM(31), MM(16));
	assert_maps(&sl.m, MM(283), MM(253), MM(31 + 148), MM(16 + 256));
	/*
	 * 287 x 300 (home): 293 x 306 with bleed, 2 x 2 either way, so
	 * upright: 151.5 x 158 mm a tile, seams both ways.
	 */
	t = board_tmpl(287, 300, 3, 10);
	arrange(&s, &t, &g);
	assert_false(g.rotated);
	assert_int_equal(g.tcols, 2);
	assert_int_equal(g.trows, 2);
	assert_near(g.span_x, MM(151.5), EPS);
	assert_near(g.span_y, MM(158), EPS);
	assert_near(g.win_x, MM(29.25), EPS);
	assert_near(g.win_y, MM(65), EPS);
	check_tiles(&s, &t, &g);
	/*
	 * Two tiles cover at most 2 x 189 - 10 = 368 mm: a 362 mm board
	 * (368 with bleed) fills both windows exactly, 364 mm takes three
	 * of (370 + 2 x 10) / 3 = 130 mm.
	 */
	t = board_tmpl(362, 200, 3, 10);
	arrange(&s, &t, &g);
	assert_false(g.rotated);
	assert_int_equal(g.tcols, 2);
	assert_int_equal(g.trows, 1);
	assert_near(g.span_x, MM(189), EPS);
	check_tiles(&s, &t, &g);
	t = board_tmpl(364, 200, 3, 10);
	arrange(&s, &t, &g);
	assert_false(g.rotated);
	assert_int_equal(g.tcols, 3);
	assert_int_equal(g.trows, 1);
	assert_near(g.span_x, MM(130), EPS);
	check_tiles(&s, &t, &g);
	/* A board that fits the sheet is not tiled. */
	t = board_tmpl(150, 200, 3, 10);
	arrange(&s, &t, &g);
	assert_int_equal(g.arrange, ARR_GRID);
	assert_int_equal(g.ncells, 1);
	/* A sheet's fixed grid is for cards: a board ignores it. */
	s = a4_sheet(3, 3, 0);
	t = board_tmpl(280, 250, 3, 10);
	arrange(&s, &t, &g);
	assert_int_equal(g.arrange, ARR_TILES);
	assert_int_equal(g.tcols, 2);
	assert_int_equal(g.trows, 1);
}

static void
test_tiles_turned(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = board_tmpl(500, 180, 3, 10);
	struct diags d = { 0 };
	struct grid g;
	struct slot sl;

	(void)state;
	/*
	 * 506 x 186 mm with bleed: upright ceil(496 / 179) = 3 tiles
	 * across; turned, 186 <= 189 across and ceil(496 / 257) = 2 down.
	 * Turned: 186 x (506 + 10) / 2 = 258 mm a tile.
	 */
	arrange(&s, &t, &g);
	assert_true(g.rotated);
	assert_int_equal(g.tcols, 1);
	assert_int_equal(g.trows, 2);
	assert_near(g.card_w, MM(180), EPS);
	assert_near(g.card_h, MM(500), EPS);
	assert_near(g.span_x, MM(186), EPS);
	assert_near(g.span_y, MM(258), EPS);
	assert_near(g.win_x, MM(12), EPS);
	assert_near(g.win_y, MM(15), EPS);
	check_tiles(&s, &t, &g);
	/* A quarter clockwise: the board's left edge runs along the top. */
	impose_tile_slot(&g, 0, 0, &sl);
	assert_maps(&sl.m, -MM(3), MM(183), MM(12), MM(15));
	assert_maps(&sl.m, -MM(3), -MM(3), MM(12 + 186), MM(15));
	impose_tile_slot(&g, 1, 0, &sl);
	assert_maps(&sl.m, MM(503), -MM(3), MM(12 + 186), MM(15 + 258));
	/* A glue strip half a window wide leaves no room for a tile. */
	t.overlap = MM(95);
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.nerr, 1);
	assert_int_equal(d.v[0].pos.line, 4);
	assert_string_equal(d.v[0].msg, "overlap_mm 95.0 leaves no room on a "
	    "sheet for the board's tiles");
	diag_free(&d);
}

/* --- duplex --------------------------------------------------------------- */

static void
check_duplex_cells(unsigned int cols, unsigned int rows)
{
	struct grid g;
	unsigned int r, c, br, bc, r2, c2;

	memset(&g, 0, sizeof(g));
	g.cols = cols;
	g.rows = rows;
	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++) {
			br = bc = 99;
			assert_false(impose_duplex_cell(&g, DUPLEX_LONG, r, c,
			    &br, &bc));
			assert_int_equal(br, r);
			assert_int_equal(bc, cols - 1 - c);
			/* Applying it twice gives the front cell back. */
			impose_duplex_cell(&g, DUPLEX_LONG, br, bc, &r2, &c2);
			assert_int_equal(r2, r);
			assert_int_equal(c2, c);
			br = bc = 99;
			assert_true(impose_duplex_cell(&g, DUPLEX_SHORT, r, c,
			    &br, &bc));
			assert_int_equal(br, rows - 1 - r);
			assert_int_equal(bc, c);
			impose_duplex_cell(&g, DUPLEX_SHORT, br, bc, &r2, &c2);
			assert_int_equal(r2, r);
			assert_int_equal(c2, c);
			/* By hand: turned over the long edge, not turned. */
			br = bc = 99;
			assert_false(impose_duplex_cell(&g, DUPLEX_NONE, r, c,
			    &br, &bc));
			assert_int_equal(br, r);
			assert_int_equal(bc, cols - 1 - c);
		}
}

static void
test_duplex_cell(void **state)
{
	struct grid g;
	unsigned int br, bc;

	(void)state;
	check_duplex_cells(3, 3);
	check_duplex_cells(2, 4);
	check_duplex_cells(4, 1);
	check_duplex_cells(1, 1);
	/* Spelled out for 3 x 3. */
	memset(&g, 0, sizeof(g));
	g.cols = g.rows = 3;
	impose_duplex_cell(&g, DUPLEX_LONG, 2, 0, &br, &bc);
	assert_int_equal(br, 2);
	assert_int_equal(bc, 2);
	impose_duplex_cell(&g, DUPLEX_SHORT, 2, 0, &br, &bc);
	assert_int_equal(br, 0);
	assert_int_equal(bc, 0);
	impose_duplex_cell(&g, DUPLEX_LONG, 1, 1, &br, &bc);
	assert_int_equal(br, 1);
	assert_int_equal(bc, 1);
}

static struct grid
offcentre_grid(void)
{
	struct grid g;

	memset(&g, 0, sizeof(g));
	g.arrange = ARR_GRID;
	g.paper_w = MM(210);
	g.paper_h = MM(297);
	g.cols = 3;
	g.rows = 2;
	g.ncells = 6;
	g.card_w = CARD_W;
	g.card_h = CARD_H;
	g.gutter = MM(2);
	g.pitch_x = CARD_W + g.gutter;
	g.pitch_y = CARD_H + g.gutter;
	g.bleed = BLEED;
	g.back_bleed = BLEED;
	g.x0 = MM(4);		/* 3 * 63 + 2 * 2 = 193 mm: 13 mm right */
	g.y0 = MM(20);		/* 2 * 88 + 2 = 178 mm: 99 mm below */
	return g;
}

static void
test_duplex_grid(void **state)
{
	struct grid f = offcentre_grid(), b, c;
	unsigned int r, col, br, bc;

	(void)state;
	impose_duplex_grid(&f, DUPLEX_LONG, &b);
	assert_near(b.x0, MM(13), EPS);
	assert_near(b.y0, MM(20), EPS);
	assert_int_equal(b.cols, 3);
	assert_int_equal(b.rows, 2);
	assert_near(b.pitch_x, f.pitch_x, 0);
	assert_near(b.card_w, f.card_w, 0);
	impose_duplex_grid(&f, DUPLEX_NONE, &c);
	assert_near(c.x0, MM(13), EPS);
	assert_near(c.y0, MM(20), EPS);
	/* Every back lies exactly behind its front, mirrored left-right. */
	for (r = 0; r < f.rows; r++)
		for (col = 0; col < f.cols; col++) {
			double fx = f.x0 + col * f.pitch_x;
			double fy = f.y0 + r * f.pitch_y;

			impose_duplex_cell(&f, DUPLEX_LONG, r, col, &br, &bc);
			assert_near(b.x0 + bc * b.pitch_x,
			    f.paper_w - (fx + f.card_w), EPS);
			assert_near(b.y0 + br * b.pitch_y, fy, EPS);
		}
	impose_duplex_grid(&f, DUPLEX_SHORT, &b);
	assert_near(b.x0, MM(4), EPS);
	assert_near(b.y0, MM(99), EPS);
	for (r = 0; r < f.rows; r++)
		for (col = 0; col < f.cols; col++) {
			double fx = f.x0 + col * f.pitch_x;
			double fy = f.y0 + r * f.pitch_y;

			impose_duplex_cell(&f, DUPLEX_SHORT, r, col, &br, &bc);
			assert_near(b.y0 + br * b.pitch_y,
			    f.paper_h - (fy + f.card_h), EPS);
			assert_near(b.x0 + bc * b.pitch_x, fx, EPS);
		}
	/* A centred grid stays where it is. */
	a4_grid(3, 3, 0, &f);
	impose_duplex_grid(&f, DUPLEX_LONG, &b);
	assert_near(b.x0, f.x0, EPS);
	assert_near(b.y0, f.y0, EPS);
	impose_duplex_grid(&f, DUPLEX_SHORT, &b);
	assert_near(b.x0, f.x0, EPS);
	assert_near(b.y0, f.y0, EPS);
}

/* Page point (x, y) seen through the paper after its turn. */
static void
through(const struct grid *g, enum duplex mode, double *x, double *y)
{
	if (mode == DUPLEX_SHORT)
		*y = g->paper_h - *y;
	else
		*x = g->paper_w - *x;
}

/*
 * Back slot b lies behind front slot f of a w x h component: the
 * back's point (u, v) is where the front's (w - u, v) shows through
 * the paper (a component's back is seen turned over its own vertical
 * axis), and what may show of it is the front's clip, mirrored.
 */
static void
check_behind(const struct grid *g, enum duplex mode, const struct slot *f,
    const struct slot *b, double w, double h)
{
	static const double pu[] = { 0, 1, 0, 1, 0.5, 0.25 };
	static const double pv[] = { 0, 0, 1, 1, 0.5, 0.125 };
	double x, y, fcx, fcy, bcx, bcy;
	size_t i;

	for (i = 0; i < sizeof(pu) / sizeof(pu[0]); i++) {
		map(&f->m, w - pu[i] * w, pv[i] * h, &x, &y);
		through(g, mode, &x, &y);
		assert_maps(&b->m, pu[i] * w, pv[i] * h, x, y);
	}
	clip_centre(f, &fcx, &fcy);
	clip_centre(b, &bcx, &bcy);
	through(g, mode, &fcx, &fcy);
	assert_near(bcx, fcx, GEPS);
	assert_near(bcy, fcy, GEPS);
	assert_near(b->clip[2], f->clip[2], EPS);
	assert_near(b->clip[3], f->clip[3], EPS);
	assert_int_equal(b->round, f->round);
}

/*
 * impose_duplex_slot() of front slot f, w x h: behind it, turned when a
 * short-edge turn puts an upright component upside down, the bleeds
 * swapped with the sides, the trim's box where its corners land.
 */
static void
check_back_slot(const struct grid *g, enum duplex mode, const struct slot *f,
    double w, double h, struct slot *b)
{
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	double x, y;
	unsigned int k, br, bc;

	impose_duplex_slot(g, mode, f, w, b);
	check_behind(g, mode, f, b, w, h);
	assert_int_equal(b->turned, mode == DUPLEX_SHORT && !g->rotated);
	if (mode == DUPLEX_SHORT) {
		assert_near(b->clip[0], f->clip[0], EPS);
		assert_near(b->clip[1], g->paper_h - f->clip[1] - f->clip[3],
		    EPS);
		assert_bleeds(b, f->bl, f->bb, f->br, f->bt);
	} else {
		assert_near(b->clip[0], g->paper_w - f->clip[0] - f->clip[2],
		    EPS);
		assert_near(b->clip[1], f->clip[1], EPS);
		assert_bleeds(b, f->br, f->bt, f->bl, f->bb);
	}
	for (k = 0; k < 4; k++) {
		map(&b->m, k % 2 * w, k / 2 * h, &x, &y);
		x0 = fmin(x0, x);
		y0 = fmin(y0, y);
		x1 = fmax(x1, x);
		y1 = fmax(y1, y);
	}
	assert_near(b->x, x0, GEPS);
	assert_near(b->y, y0, GEPS);
	assert_near(x1 - x0, g->card_w, GEPS);
	assert_near(y1 - y0, g->card_h, GEPS);
	if (g->arrange == ARR_GRID) {
		impose_duplex_cell(g, mode, f->row, f->col, &br, &bc);
		assert_int_equal(b->row, br);
		assert_int_equal(b->col, bc);
	} else {
		assert_int_equal(b->row, f->row);
		assert_int_equal(b->col, f->col);
	}
}

/* Every mode; "none" must place backs as a long-edge turn does. */
static void
check_back_modes(const struct grid *g, const struct slot *f, double w,
    double h)
{
	struct slot l, s, n;

	check_back_slot(g, DUPLEX_LONG, f, w, h, &l);
	check_back_slot(g, DUPLEX_SHORT, f, w, h, &s);
	check_back_slot(g, DUPLEX_NONE, f, w, h, &n);
	assert_memory_equal(&n.m, &l.m, sizeof(n.m));
	assert_memory_equal(n.clip, l.clip, sizeof(n.clip));
}

static void
test_duplex_slot_grid(void **state)
{
	static const bool filled[9] = { true, true, true, true, false,
	    false, false, false, false };
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = rect_tmpl(90, 60, 3);
	struct grid g;
	struct slot f, b;
	unsigned int r, c;

	(void)state;
	a4_grid(3, 3, 0, &g);
	for (r = 0; r < 3; r++)
		for (c = 0; c < 3; c++) {
			impose_grid_slot(&g, r, c, filled, &f);
			check_back_modes(&g, &f, CARD_W, CARD_H);
		}
	/*
	 * Card (0, 0) of a4-3x3: long edge, its back is upright in cell
	 * (0, 2), x 136.5 mm; short edge, upside down in cell (2, 0),
	 * its top-left at the cell's bottom-right (73.5, 280.5) mm.
	 */
	impose_grid_slot(&g, 0, 0, filled, &f);
	impose_duplex_slot(&g, DUPLEX_LONG, &f, CARD_W, &b);
	assert_maps(&b.m, 0, 0, MM(136.5), MM(16.5));
	assert_near(b.m.xx, 1, EPS);
	assert_near(b.m.yy, 1, EPS);
	assert_false(b.turned);
	/* Its neighbours right and below: on the back, left and below. */
	assert_bleeds(&b, 0, BLEED, BLEED, 0);
	impose_duplex_slot(&g, DUPLEX_SHORT, &f, CARD_W, &b);
	assert_maps(&b.m, 0, 0, MM(73.5), MM(280.5));
	assert_near(b.m.xx, -1, EPS);
	assert_near(b.m.yy, -1, EPS);
	assert_true(b.turned);
	assert_bleeds(&b, BLEED, 0, 0, BLEED);
	/*
	 * 90 x 60 cards turned, 3 x 3 of 60 x 90 from (15, 13.5) mm.  The
	 * card in cell (0, 2), long edge: behind it is cell (0, 0) and
	 * the back turns a quarter anticlockwise, its top-left at the
	 * cell's bottom-left (15, 103.5).  Short edge: cell (2, 2), the
	 * back turned clockwise like its front, from (195, 193.5).
	 */
	arrange(&s, &t, &g);
	assert_true(g.rotated);
	for (r = 0; r < 3; r++)
		for (c = 0; c < 3; c++) {
			impose_grid_slot(&g, r, c, filled, &f);
			check_back_modes(&g, &f, t.w, t.h);
		}
	impose_grid_slot(&g, 0, 2, filled, &f);
	impose_duplex_slot(&g, DUPLEX_LONG, &f, t.w, &b);
	assert_maps(&b.m, 0, 0, MM(15), MM(103.5));
	assert_maps(&b.m, t.w, 0, MM(15), MM(13.5));
	assert_int_equal(b.row, 0);
	assert_int_equal(b.col, 0);
	assert_false(b.turned);
	impose_duplex_slot(&g, DUPLEX_SHORT, &f, t.w, &b);
	assert_maps(&b.m, 0, 0, MM(195), MM(193.5));
	assert_maps(&b.m, t.w, 0, MM(195), MM(283.5));
	assert_int_equal(b.row, 2);
	assert_int_equal(b.col, 2);
	assert_false(b.turned);
}

static void
test_duplex_slot_round_tile(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = round_tmpl(20, 2);
	struct grid g;
	struct slot f, b;
	unsigned int i, r, c;
	double cx, cy;

	(void)state;
	arrange(&s, &t, &g);
	for (i = 0; i < g.ncells; i++) {
		impose_round_slot(&g, i, &f);
		check_back_modes(&g, &f, t.w, t.h);
	}
	/* Token 8 starts the first odd row: centre 21 + 12 = 33 mm in. */
	impose_round_slot(&g, 8, &f);
	clip_centre(&f, &cx, &cy);
	assert_near(cx, MM(33), EPS);
	impose_duplex_slot(&g, DUPLEX_LONG, &f, t.w, &b);
	assert_maps(&b.m, t.w / 2, t.w / 2, MM(210 - 33), cy);
	assert_false(b.turned);
	assert_true(b.round);
	impose_duplex_slot(&g, DUPLEX_SHORT, &f, t.w, &b);
	assert_maps(&b.m, t.w / 2, t.w / 2, MM(33), MM(297) - cy);
	assert_true(b.turned);
	/* Tiles of an upright board and of a turned one. */
	t = board_tmpl(287, 300, 3, 10);
	arrange(&s, &t, &g);
	for (r = 0; r < g.trows; r++)
		for (c = 0; c < g.tcols; c++) {
			impose_tile_slot(&g, r, c, &f);
			check_back_modes(&g, &f, t.w, t.h);
		}
	t = board_tmpl(500, 180, 3, 10);
	arrange(&s, &t, &g);
	assert_true(g.rotated);
	for (r = 0; r < g.trows; r++)
		for (c = 0; c < g.tcols; c++) {
			impose_tile_slot(&g, r, c, &f);
			check_back_modes(&g, &f, t.w, t.h);
		}
}

/* --- impose_plan ------------------------------------------------------- */

/*
 * A plan's pages, all made at once, for tests that look across pages;
 * each placement's card is seq[] of its print-order index, as a caller
 * maps it.
 */
struct tplan {
	struct page	*pages;
	size_t		 n;
};

static void
tplan_make(const struct grid *g, enum duplex mode, bool backs,
    const size_t *seq, size_t n, double w, struct tplan *out)
{
	struct run r = { 0 };
	struct plan pl;
	size_t i, k;

	r.grid = *g;
	r.n = n;
	r.w = w;
	r.backs = backs;
	impose_plan(&r, 1, mode, backs, &pl);
	out->n = pl.n;
	out->pages = xcalloc(pl.n + 1, sizeof(*out->pages));
	for (i = 0; i < pl.n; i++) {
		impose_plan_page(&pl, i, &out->pages[i]);
		for (k = 0; k < out->pages[i].n; k++)
			out->pages[i].v[k].card = seq[out->pages[i].v[k].card];
	}
	impose_plan_free(&pl);
}

static void
tplan_free(struct tplan *p)
{
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; i < p->n; i++)
		impose_page_free(&p->pages[i]);
	free(p->pages);
	memset(p, 0, sizeof(*p));
}

/* The print order of cards 0..n-1, one copy each. */
static size_t *
identity_seq(size_t n)
{
	size_t *seq = xcalloc(n + 1, sizeof(*seq)), i;

	for (i = 0; i < n; i++)
		seq[i] = i;
	return seq;
}

/* Cards n-1..0: print order is not card order. */
static size_t *
reverse_seq(size_t n)
{
	size_t *seq = xcalloc(n + 1, sizeof(*seq)), i;

	for (i = 0; i < n; i++)
		seq[i] = n - 1 - i;
	return seq;
}

static const struct placement *
find_card(const struct page *pg, size_t card)
{
	size_t i;

	for (i = 0; i < pg->n; i++)
		if (pg->v[i].card == card)
			return &pg->v[i];
	fail_msg("card %zu is not on the page", card);
	return NULL;
}

/*
 * Back page b holds front page f's components, each behind its own
 * front: clip centre on the front's mirrored, matrix the front's seen
 * through the paper.
 */
static void
check_backs_behind(const struct grid *g, enum duplex mode,
    const struct page *f, const struct page *b, double w, double h)
{
	size_t i;

	assert_int_equal(f->face, FACE_FRONT);
	assert_int_equal(b->face, FACE_BACK);
	assert_int_equal(b->n, f->n);
	assert_int_equal(b->grid.arrange, g->arrange);
	for (i = 0; i < f->n; i++)
		check_behind(g, mode, &f->v[i].slot,
		    &find_card(b, f->v[i].card)->slot, w, h);
}

/*
 * The back page holds the front's cards, each at its duplex cell and
 * behind its front (an upright grid: card_w x card_h is the trim).
 */
static void
check_back_of(const struct grid *g, enum duplex mode, const struct page *f,
    const struct page *b)
{
	size_t i;
	unsigned int br, bc;
	bool turned;

	assert_int_equal(f->face, FACE_FRONT);
	assert_int_equal(b->face, FACE_BACK);
	assert_int_equal(b->n, f->n);
	for (i = 0; i < f->n; i++) {
		const struct slot *fs = &f->v[i].slot;
		const struct slot *bs = &find_card(b, f->v[i].card)->slot;

		assert_false(fs->turned);
		turned = impose_duplex_cell(g, mode, fs->row, fs->col, &br,
		    &bc);
		assert_int_equal(bs->row, br);
		assert_int_equal(bs->col, bc);
		assert_int_equal(bs->turned, turned);
		assert_near(bs->x, b->grid.x0 + bc * b->grid.pitch_x, EPS);
		assert_near(bs->y, b->grid.y0 + br * b->grid.pitch_y, EPS);
	}
	check_backs_behind(g, mode, f, b, g->card_w, g->card_h);
}

/* Fronts fill row by row with the cards in print order. */
static void
check_front(const struct page *pg, size_t first, size_t n)
{
	size_t i;

	assert_int_equal(pg->face, FACE_FRONT);
	assert_int_equal(pg->n, n);
	for (i = 0; i < n; i++) {
		assert_int_equal(pg->v[i].card, first + i);
		assert_int_equal(pg->v[i].slot.row, i / pg->grid.cols);
		assert_int_equal(pg->v[i].slot.col, i % pg->grid.cols);
	}
}

static void
test_plan_duplex_alternates(void **state)
{
	static const enum duplex modes[] = { DUPLEX_LONG, DUPLEX_SHORT };
	size_t *seq = identity_seq(52), m, k;
	struct grid g;
	struct tplan p;

	(void)state;
	a4_grid(3, 3, 0, &g);
	for (m = 0; m < 2; m++) {
		tplan_make(&g, modes[m], true, seq, 52, CARD_W, &p);
		/* 52 cards, 9 a sheet: 6 sheets, front and back each. */
		assert_int_equal(p.n, 12);
		for (k = 0; k < 6; k++) {
			check_front(&p.pages[2 * k], 9 * k, k < 5 ? 9 : 7);
			check_back_of(&g, modes[m], &p.pages[2 * k],
			    &p.pages[2 * k + 1]);
		}
		tplan_free(&p);
		assert_int_equal(p.n, 0);
		assert_null(p.pages);
	}
	free(seq);
}

static void
test_plan_duplex_none(void **state)
{
	size_t *seq = identity_seq(52), k;
	struct grid g;
	struct tplan p;

	(void)state;
	a4_grid(3, 3, 0, &g);
	tplan_make(&g, DUPLEX_NONE, true, seq, 52, CARD_W, &p);
	/* All six fronts, then the six backs in the same sheet order. */
	assert_int_equal(p.n, 12);
	for (k = 0; k < 6; k++) {
		check_front(&p.pages[k], 9 * k, k < 5 ? 9 : 7);
		check_back_of(&g, DUPLEX_NONE, &p.pages[k], &p.pages[6 + k]);
	}
	tplan_free(&p);
	free(seq);
}

static void
test_plan_no_backs(void **state)
{
	static const enum duplex modes[] = { DUPLEX_LONG, DUPLEX_SHORT,
	    DUPLEX_NONE };
	size_t *seq = identity_seq(52), m, k;
	struct grid g;
	struct tplan p;

	(void)state;
	a4_grid(3, 3, 0, &g);
	for (m = 0; m < 3; m++) {
		tplan_make(&g, modes[m], false, seq, 52, CARD_W, &p);
		assert_int_equal(p.n, 6);
		for (k = 0; k < 6; k++)
			check_front(&p.pages[k], 9 * k, k < 5 ? 9 : 7);
		tplan_free(&p);
	}
	free(seq);
}

static void
test_plan_last_sheet_long(void **state)
{
	/* Cards 45..51 on the last sheet; where each back lands. */
	static const unsigned int brow[] = { 0, 0, 0, 1, 1, 1, 2 };
	static const unsigned int bcol[] = { 2, 1, 0, 2, 1, 0, 2 };
	size_t *seq = identity_seq(52), i;
	const struct page *f, *b;
	const struct slot *s;
	struct grid g;
	struct tplan p;

	(void)state;
	a4_grid(3, 3, 0, &g);
	tplan_make(&g, DUPLEX_LONG, true, seq, 52, CARD_W, &p);
	f = &p.pages[10];
	b = &p.pages[11];
	assert_int_equal(f->n, 7);
	for (i = 0; i < 7; i++) {
		s = &find_card(b, 45 + i)->slot;
		assert_int_equal(s->row, brow[i]);
		assert_int_equal(s->col, bcol[i]);
		assert_false(s->turned);
	}
	/* Card 51 alone in the last row: bleed into the empty cells. */
	s = &find_card(f, 51)->slot;
	assert_int_equal(s->row, 2);
	assert_int_equal(s->col, 0);
	assert_bleeds(s, BLEED, 0, BLEED, BLEED);
	s = &find_card(b, 51)->slot;
	assert_bleeds(s, BLEED, 0, BLEED, BLEED);
	/* Card 49 in the middle has an empty cell below, front and back. */
	assert_bleeds(&find_card(f, 49)->slot, 0, 0, 0, BLEED);
	assert_bleeds(&find_card(b, 49)->slot, 0, 0, 0, BLEED);
	/* Card 48 has 51 below it on both sides of the paper. */
	assert_bleeds(&find_card(f, 48)->slot, BLEED, 0, 0, 0);
	assert_bleeds(&find_card(b, 48)->slot, 0, 0, BLEED, 0);
	/* Card 50: right edge on the front, left edge on the back. */
	assert_bleeds(&find_card(f, 50)->slot, 0, 0, BLEED, BLEED);
	assert_bleeds(&find_card(b, 50)->slot, BLEED, 0, 0, BLEED);
	tplan_free(&p);
	free(seq);
}

static void
test_plan_last_sheet_short(void **state)
{
	static const unsigned int brow[] = { 2, 2, 2, 1, 1, 1, 0 };
	static const unsigned int bcol[] = { 0, 1, 2, 0, 1, 2, 0 };
	size_t *seq = identity_seq(52), i;
	const struct page *b;
	const struct slot *s;
	struct grid g;
	struct tplan p;

	(void)state;
	a4_grid(3, 3, 0, &g);
	tplan_make(&g, DUPLEX_SHORT, true, seq, 52, CARD_W, &p);
	b = &p.pages[11];
	assert_int_equal(b->face, FACE_BACK);
	for (i = 0; i < 7; i++) {
		s = &find_card(b, 45 + i)->slot;
		assert_int_equal(s->row, brow[i]);
		assert_int_equal(s->col, bcol[i]);
		assert_true(s->turned);
	}
	/* 51 is now top left, with 48 below it. */
	assert_bleeds(&find_card(b, 51)->slot, BLEED, BLEED, BLEED, 0);
	assert_bleeds(&find_card(b, 49)->slot, 0, BLEED, 0, 0);
	assert_bleeds(&find_card(b, 45)->slot, BLEED, 0, 0, BLEED);
	tplan_free(&p);
	free(seq);
}

static void
test_plan_rectangular_grid(void **state)
{
	size_t *seq = identity_seq(11);
	struct sheet s = a4_sheet(2, 3, 0);
	struct tmpl t = rect_tmpl(63, 88, 3);
	const struct page *b;
	struct grid g;
	struct tplan p;

	(void)state;
	/* A3 paper, 2 columns x 3 rows: rows and columns differ. */
	s.paper_w = MM(297);
	s.paper_h = MM(420);
	arrange(&s, &t, &g);
	assert_int_equal(g.cols, 2);
	assert_int_equal(g.rows, 3);
	tplan_make(&g, DUPLEX_SHORT, true, seq, 11, CARD_W, &p);
	assert_int_equal(p.n, 4);
	check_front(&p.pages[0], 0, 6);
	check_front(&p.pages[2], 6, 5);
	check_back_of(&g, DUPLEX_SHORT, &p.pages[0], &p.pages[1]);
	check_back_of(&g, DUPLEX_SHORT, &p.pages[2], &p.pages[3]);
	b = &p.pages[3];
	/* Card 10 at front (2, 0) goes to back (0, 0). */
	assert_int_equal(find_card(b, 10)->slot.row, 0);
	assert_int_equal(find_card(b, 10)->slot.col, 0);
	assert_int_equal(find_card(b, 6)->slot.row, 2);
	assert_int_equal(find_card(b, 7)->slot.col, 1);
	tplan_free(&p);
	tplan_make(&g, DUPLEX_LONG, true, seq, 11, CARD_W, &p);
	b = &p.pages[3];
	assert_int_equal(find_card(b, 10)->slot.row, 2);
	assert_int_equal(find_card(b, 10)->slot.col, 1);
	assert_int_equal(find_card(b, 6)->slot.col, 1);
	tplan_free(&p);
	free(seq);
}

/* A computed, turned grid: backs behind fronts on every sheet. */
static void
test_plan_turned_grid(void **state)
{
	static const enum duplex modes[] = { DUPLEX_LONG, DUPLEX_SHORT,
	    DUPLEX_NONE };
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = rect_tmpl(90, 60, 3);
	size_t *seq = reverse_seq(13), m, k, i;
	struct grid g;
	struct tplan p;

	(void)state;
	arrange(&s, &t, &g);
	assert_true(g.rotated);
	for (m = 0; m < 3; m++) {
		tplan_make(&g, modes[m], true, seq, 13, t.w, &p);
		/* 9 a sheet: 2 sheets. */
		assert_int_equal(p.n, 4);
		for (k = 0; k < 2; k++) {
			const struct page *f = &p.pages[modes[m] ==
			    DUPLEX_NONE ? k : 2 * k];
			const struct page *b = &p.pages[modes[m] ==
			    DUPLEX_NONE ? 2 + k : 2 * k + 1];

			assert_int_equal(f->n, k == 0 ? 9 : 4);
			for (i = 0; i < f->n; i++)
				assert_int_equal(f->v[i].card,
				    seq[9 * k + i]);
			check_backs_behind(&g, modes[m], f, b, t.w, t.h);
		}
		tplan_free(&p);
	}
	free(seq);
}

static void
test_plan_inside_paper(void **state)
{
	static const enum duplex modes[] = { DUPLEX_LONG, DUPLEX_SHORT,
	    DUPLEX_NONE };
	size_t *seq = identity_seq(52), m, k, i, nfront;
	struct grid g;
	struct tplan p;
	double band = MM(5);

	(void)state;
	a4_grid(3, 3, 0, &g);
	for (m = 0; m < 3; m++) {
		tplan_make(&g, modes[m], true, seq, 52, CARD_W, &p);
		nfront = 0;
		for (k = 0; k < p.n; k++) {
			const struct page *pg = &p.pages[k];

			if (pg->face == FACE_FRONT)
				nfront += pg->n;
			assert_near(pg->grid.paper_w, MM(210), EPS);
			for (i = 0; i < pg->n; i++) {
				const struct slot *s = &pg->v[i].slot;

				/* Trim and kept bleed stay off the band. */
				assert_true(s->x - s->bl >= band - EPS);
				assert_true(s->y - s->bt >= band - EPS);
				assert_true(s->x + g.card_w + s->br <=
				    g.paper_w - band + EPS);
				assert_true(s->y + g.card_h + s->bb <=
				    g.paper_h - band + EPS);
			}
		}
		assert_int_equal(nfront, 52);
		tplan_free(&p);
	}
	free(seq);
}

static void
test_plan_edge_counts(void **state)
{
	size_t *seq = identity_seq(10);
	struct grid g;
	struct tplan p;

	(void)state;
	a4_grid(3, 3, 0, &g);
	tplan_make(&g, DUPLEX_LONG, true, seq, 0, CARD_W, &p);
	assert_int_equal(p.n, 0);
	tplan_free(&p);
	tplan_make(&g, DUPLEX_LONG, true, seq, 9, CARD_W, &p);
	assert_int_equal(p.n, 2);
	check_front(&p.pages[0], 0, 9);
	tplan_free(&p);
	tplan_make(&g, DUPLEX_NONE, true, seq, 10, CARD_W, &p);
	assert_int_equal(p.n, 4);
	assert_int_equal(p.pages[0].face, FACE_FRONT);
	assert_int_equal(p.pages[1].face, FACE_FRONT);
	assert_int_equal(p.pages[1].n, 1);
	assert_int_equal(p.pages[3].face, FACE_BACK);
	assert_int_equal(p.pages[3].v[0].card, 9);
	assert_int_equal(p.pages[3].v[0].slot.col, 2);
	/* Alone on its sheet: full bleed all round. */
	assert_bleeds(&p.pages[3].v[0].slot, BLEED, BLEED, BLEED, BLEED);
	tplan_free(&p);
	tplan_free(NULL);
	free(seq);
}

/* Front page pg holds seq[first..first+n), its slots those of g. */
static void
check_front_round(const struct grid *g, const struct page *pg,
    const size_t *seq, size_t first, size_t n)
{
	struct slot sl;
	size_t i;

	assert_int_equal(pg->face, FACE_FRONT);
	assert_int_equal(pg->grid.arrange, ARR_ROUND);
	assert_int_equal(pg->n, n);
	for (i = 0; i < n; i++) {
		assert_int_equal(pg->v[i].card, seq[first + i]);
		impose_round_slot(g, (unsigned int)i, &sl);
		assert_memory_equal(&pg->v[i].slot, &sl, sizeof(sl));
	}
}

static void
test_plan_round(void **state)
{
	static const enum duplex modes[] = { DUPLEX_LONG, DUPLEX_SHORT,
	    DUPLEX_NONE };
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = round_tmpl(20, 2);
	size_t *seq = reverse_seq(200), m, k, fi, bi;
	struct grid g;
	struct tplan p;

	(void)state;
	/* 98 a sheet (see test_round_hex_or_square): 98 + 98 + 4. */
	arrange(&s, &t, &g);
	assert_int_equal(g.ncells, 98);
	for (m = 0; m < 3; m++) {
		tplan_make(&g, modes[m], false, seq, 200, t.w, &p);
		assert_int_equal(p.n, 3);
		for (k = 0; k < 3; k++)
			check_front_round(&g, &p.pages[k], seq, 98 * k,
			    k < 2 ? 98 : 4);
		tplan_free(&p);
		tplan_make(&g, modes[m], true, seq, 200, t.w, &p);
		assert_int_equal(p.n, 6);
		for (k = 0; k < 3; k++) {
			/* Alternating, or all fronts then all backs. */
			fi = modes[m] == DUPLEX_NONE ? k : 2 * k;
			bi = modes[m] == DUPLEX_NONE ? 3 + k : 2 * k + 1;
			check_front_round(&g, &p.pages[fi], seq, 98 * k,
			    k < 2 ? 98 : 4);
			check_backs_behind(&g, modes[m], &p.pages[fi],
			    &p.pages[bi], t.w, t.h);
		}
		tplan_free(&p);
	}
	/* A full sheet and nothing more; nothing at all. */
	tplan_make(&g, DUPLEX_SHORT, true, seq, 98, t.w, &p);
	assert_int_equal(p.n, 2);
	tplan_free(&p);
	tplan_make(&g, DUPLEX_SHORT, true, seq, 0, t.w, &p);
	assert_int_equal(p.n, 0);
	tplan_free(&p);
	free(seq);
}

/* --- kinds sharing a sheet (bands.c) ---------------------------------- */

/* A run of n components of template t on sheet s, kind k. */
static struct run
run_of(const struct sheet *s, const struct tmpl *t, size_t k, size_t n,
    bool backs)
{
	struct run r;

	memset(&r, 0, sizeof(r));
	arrange(s, t, &r.grid);
	r.kind = k;
	r.n = n;
	r.w = t->w;
	r.backs = backs;
	return r;
}

/* Do the clips of two slots (rectangles or a ring's square) overlap? */
static bool
clips_overlap(const struct slot *a, const struct slot *b)
{
	return a->clip[0] + a->clip[2] > b->clip[0] + 1e-6 &&
	    b->clip[0] + b->clip[2] > a->clip[0] + 1e-6 &&
	    a->clip[1] + a->clip[3] > b->clip[1] + 1e-6 &&
	    b->clip[1] + b->clip[3] > a->clip[1] + 1e-6;
}

/*
 * 5 squares of 30 mm (backs), 6 round tokens of 20 mm (backs) and 14
 * stickers of 16 mm (none) share one A4 sheet as tests/decks/mixed: the
 * squares' band where their grid starts (13.5 mm), the tokens' centres
 * 3 mm past the squares' marks (51 + 3 + 12 = 66 mm), the stickers'
 * trims past the tokens' rings and their own marks (87.5 mm); no two
 * components of different kinds overlap, all inside the printable
 * area; the back holds the squares' and tokens' backs only.
 */
static void
test_bands_shared(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl sq = rect_tmpl(30, 30, 2), tok = round_tmpl(20, 2),
	    st = rect_tmpl(16, 16, 1);
	struct run runs[3];
	struct plan pl;
	struct page f, b;
	size_t i, j;

	(void)state;
	runs[0] = run_of(&s, &sq, 1, 5, true);
	runs[1] = run_of(&s, &tok, 2, 6, true);
	runs[2] = run_of(&s, &st, 0, 14, false);
	impose_plan(runs, 3, DUPLEX_LONG, true, &pl);
	assert_int_equal(pl.nsheets, 1);
	assert_int_equal(pl.n, 2);
	impose_plan_page(&pl, 0, &f);
	assert_int_equal(f.nbands, 3);
	assert_int_equal(f.n, 25);
	assert_true(fabs(TO_MM(f.bands[0].grid.y0) - 13.5) < 1e-6);
	assert_true(fabs(TO_MM(f.bands[1].grid.y0) - 66) < 1e-6);
	assert_true(fabs(TO_MM(f.bands[2].grid.y0) - 87.5) < 1e-6);
	assert_int_equal(f.bands[0].grid.rows, 1);
	assert_int_equal(f.bands[2].grid.rows, 2);
	for (i = 0; i < f.n; i++) {
		assert_int_equal(f.v[i].kind, i < 5 ? 1 : i < 11 ? 2 : 0);
		assert_true(f.v[i].slot.clip[1] >= MM(5) - 1e-6);
		assert_true(f.v[i].slot.clip[1] + f.v[i].slot.clip[3] <=
		    MM(292) + 1e-6);
		for (j = 0; j < i; j++)
			if (f.v[i].kind != f.v[j].kind)
				assert_false(clips_overlap(&f.v[i].slot,
				    &f.v[j].slot));
	}
	impose_plan_page(&pl, 1, &b);
	assert_int_equal(b.face, FACE_BACK);
	assert_int_equal(b.n, 11);
	assert_int_equal(b.bands[2].n, 0);
	assert_int_equal(impose_plan_first_page(&pl, 2), 0);
	impose_page_free(&f);
	impose_page_free(&b);
	impose_plan_free(&pl);
}

/*
 * A kind whose rows fill the sheet leaves none for the next: 7 cards
 * of 63 x 88 mm take the three rows of their grid, and 6 tokens start
 * the next sheet, where their grid starts, as on a sheet of their own;
 * a run's first page says so.
 */
static void
test_bands_next_sheet(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl card = rect_tmpl(63, 88, 3), tok = round_tmpl(20, 2);
	struct run runs[2];
	struct plan pl;
	struct page pg;

	(void)state;
	runs[0] = run_of(&s, &card, 0, 7, true);
	runs[1] = run_of(&s, &tok, 1, 6, false);
	impose_plan(runs, 2, DUPLEX_LONG, true, &pl);
	assert_int_equal(pl.nsheets, 2);
	assert_int_equal(pl.n, 4);
	assert_int_equal(impose_plan_first_page(&pl, 0), 0);
	assert_int_equal(impose_plan_first_page(&pl, 1), 2);
	impose_plan_page(&pl, 2, &pg);
	assert_int_equal(pg.nbands, 1);
	assert_int_equal(pg.n, 6);
	assert_true(fabs(pg.bands[0].grid.y0 - runs[1].grid.y0) < 1e-9);
	impose_page_free(&pg);
	/* Its back: the cards-less sheet has no backs to show. */
	impose_plan_page(&pl, 3, &pg);
	assert_int_equal(pg.n, 0);
	impose_page_free(&pg);
	impose_plan_free(&pl);
}

/* Front page pg shows tile i of component card. */
static void
check_front_tile(const struct grid *g, const struct page *pg, size_t card,
    unsigned int i)
{
	struct slot sl;

	assert_int_equal(pg->face, FACE_FRONT);
	assert_int_equal(pg->grid.arrange, ARR_TILES);
	assert_int_equal(pg->n, 1);
	assert_int_equal(pg->v[0].card, card);
	impose_tile_slot(g, i / g->tcols, i % g->tcols, &sl);
	assert_memory_equal(&pg->v[0].slot, &sl, sizeof(sl));
}

static void
check_tile_plan(const struct tmpl *t, unsigned int ntiles)
{
	static const enum duplex modes[] = { DUPLEX_LONG, DUPLEX_SHORT,
	    DUPLEX_NONE };
	static const size_t seq[] = { 4, 2, 7 };
	struct sheet s = a4_sheet(0, 0, 0);
	size_t m, k, n = 3 * ntiles;
	struct grid g;
	struct tplan p;

	arrange(&s, t, &g);
	assert_int_equal(g.tcols * g.trows, ntiles);
	for (m = 0; m < 3; m++) {
		/* A sheet per tile, the boards in print order. */
		tplan_make(&g, modes[m], false, seq, 3, t->w, &p);
		assert_int_equal(p.n, n);
		for (k = 0; k < n; k++)
			check_front_tile(&g, &p.pages[k], seq[k / ntiles],
			    (unsigned int)(k % ntiles));
		tplan_free(&p);
		tplan_make(&g, modes[m], true, seq, 3, t->w, &p);
		assert_int_equal(p.n, 2 * n);
		for (k = 0; k < n; k++) {
			size_t fi = modes[m] == DUPLEX_NONE ? k : 2 * k;
			size_t bi = modes[m] == DUPLEX_NONE ? n + k : 2 * k + 1;

			check_front_tile(&g, &p.pages[fi], seq[k / ntiles],
			    (unsigned int)(k % ntiles));
			check_backs_behind(&g, modes[m], &p.pages[fi],
			    &p.pages[bi], t->w, t->h);
		}
		tplan_free(&p);
	}
}

static void
test_plan_tiles(void **state)
{
	struct tmpl t;

	(void)state;
	/* 2 x 2 tiles upright (see test_tiles_board). */
	t = board_tmpl(287, 300, 3, 10);
	check_tile_plan(&t, 4);
	/* 1 x 2 tiles turned (see test_tiles_turned). */
	t = board_tmpl(500, 180, 3, 10);
	check_tile_plan(&t, 2);
}

/* A regular hex w_mm wide as it stands, pointy or flat. */
static struct tmpl
hex_tmpl(double w_mm, bool flat, double bleed_mm)
{
	double h = flat ? w_mm * sqrt(3) / 2 : w_mm * 2 / sqrt(3);
	struct tmpl t = rect_tmpl(w_mm, h, bleed_mm);

	t.shape = SHAPE_HEX;
	return t;
}

/*
 * The corners of an offset hex lie on both of their edges' moved lines
 * (each edge keeps its slant); with no offset a pointy hex 40 wide has
 * corners 40 / sqrt(3) from its centre, straight above and below.
 */
static void
test_hex_corners(void **state)
{
	double w = MM(40), h = MM(80 / sqrt(3)), xy[12], nx, ny;
	double grow[6] = { MM(3), 0, MM(1), MM(3), MM(2), 0 }, a;
	unsigned int k, j;

	(void)state;
	a = hex_apothem(w, h);
	assert_near(a, MM(20), EPS);
	hex_corners(w, h, 0, 0, NULL, xy);
	/* Corner 1 (edges 1 and 2) is the bottom one, 4 the top one. */
	assert_near(xy[2], 0, GEPS);
	assert_near(xy[3], h / 2, GEPS);
	assert_near(xy[9], -h / 2, GEPS);
	hex_corners(w, h, MM(100), MM(50), grow, xy);
	for (k = 0; k < 6; k++)
		for (j = k; j <= k + 1; j++) {
			hex_normal(w, h, j, &nx, &ny);
			assert_near(nx * (xy[2 * k] - MM(100)) + ny *
			    (xy[2 * k + 1] - MM(50)), a + grow[j % 6], GEPS);
		}
	/* Flat: edge 1 faces straight down; an edge at the top. */
	hex_normal(h, w, 1, &nx, &ny);
	assert_near(nx, 0, EPS);
	assert_near(ny, 1, EPS);
	assert_int_equal(hex_edge(h, w, 0, -1), 4);
	assert_true(hex_inside(w, h, MM(3), MM(16.9), 0));
	assert_true(hex_inside(w, h, MM(3), 0, MM(19.5)));
	assert_false(hex_inside(w, h, MM(3), MM(17.1), 0));
	assert_false(hex_inside(w, h, MM(3), 0, MM(19.8)));
	assert_false(hex_inside(w, h, 0, MM(20.1), 0));
}

/*
 * Pointy hexes 40 mm across their flats, 3 mm bleed, no gutter: a
 * honeycomb 40 mm apart in rows 34.64 mm apart; on a full page each
 * hex keeps no bleed on an edge another hex faces and 3 mm on the
 * others; flat ones in rows down the page.
 */
static void
test_hex_honeycomb(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = hex_tmpl(40, false, 3);
	struct placement *v;
	struct grid g;
	double nx, ny;
	size_t i, j;
	unsigned int k, outer = 0, shared = 0;
	bool nb;

	(void)state;
	arrange(&s, &t, &g);
	assert_int_equal(g.arrange, ARR_ROUND);
	assert_true(g.hexes && g.hex && !g.down && !g.rotated);
	assert_near(g.pitch_x, MM(40), EPS);
	assert_near(g.pitch_y, MM(40) * sqrt(3) / 2, EPS);
	/* (200 - 46) / 40 + 1 = 4 a row, shifted ones too; rows:
	 * (287 - 53.12) / 34.64 + 1 = 7. */
	assert_int_equal(g.cols, 4);
	assert_int_equal(g.odd_cols, 4);
	assert_int_equal(g.rows, 7);
	v = xcalloc(g.ncells, sizeof(*v));
	for (i = 0; i < g.ncells; i++)
		impose_round_slot(&g, (unsigned int)i, &v[i].slot);
	impose_hex_bleeds(&g, v, g.ncells);
	for (i = 0; i < g.ncells; i++) {
		assert_true(v[i].slot.hex);
		assert_true(v[i].slot.clip[0] >= s.unprintable - GEPS);
		assert_true(v[i].slot.clip[1] >= s.unprintable - GEPS);
		for (k = 0; k < 6; k++) {
			hex_normal(t.w, t.h, k, &nx, &ny);
			nb = false;
			for (j = 0; j < g.ncells; j++)
				nb |= fabs(v[j].slot.x - v[i].slot.x -
				    MM(40) * nx) < GEPS && fabs(v[j].slot.y -
				    v[i].slot.y - MM(40) * ny) < GEPS;
			assert_near(v[i].slot.grow[k], nb ? 0 : MM(3), EPS);
			outer += !nb;
			shared += nb;
		}
	}
	assert_int_equal(g.ncells, 28);
	/* Each shared edge counted from both sides. */
	assert_int_equal(shared % 2, 0);
	assert_int_equal(outer + shared, 6 * 28);
	free(v);
	t = hex_tmpl(30, true, 2);
	s.gutter = MM(4);
	arrange(&s, &t, &g);
	assert_true(g.hexes && g.down);
	assert_near(g.pitch_x, MM(15 * sqrt(3) + 4), GEPS);
	assert_near(g.gutter, MM(4), EPS);
}

/* A hex's back keeps, on the edge behind each front edge, its bleed. */
static void
test_hex_back(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = hex_tmpl(40, false, 3);
	struct placement v[2];
	struct slot b;
	struct grid g;
	unsigned int k;

	(void)state;
	arrange(&s, &t, &g);
	impose_round_slot(&g, 0, &v[0].slot);
	impose_round_slot(&g, 1, &v[1].slot);
	impose_hex_bleeds(&g, v, 2);
	/* Only edge 0 (right) faces the second hex. */
	for (k = 0; k < 6; k++)
		assert_near(v[0].slot.grow[k], k == 0 ? 0 : MM(3), EPS);
	impose_duplex_slot(&g, DUPLEX_LONG, &v[0].slot, t.w, &b);
	/* Mirrored left to right: the shared edge faces left (3). */
	for (k = 0; k < 6; k++)
		assert_near(b.grow[k], k == 3 ? 0 : MM(3), EPS);
	assert_near(b.x, s.paper_w - v[0].slot.x - t.w, GEPS);
	impose_duplex_slot(&g, DUPLEX_SHORT, &v[0].slot, t.w, &b);
	assert_near(b.grow[0], 0, EPS);
	assert_near(b.y, s.paper_h - v[0].slot.y - t.h, GEPS);
	assert_true(b.turned);
}

/* Slots by hand: placed and turned as listed; errors at the slot. */
static void
test_sprue(void **state)
{
	struct sheet s = a4_sheet(0, 0, 0);
	struct tmpl t = rect_tmpl(63, 88, 3);
	struct sprue sp[2] = {
		{ MM(20), MM(20), 0, { "s.yaml", 3, 5 } },
		{ MM(87), MM(20), 1, { "s.yaml", 4, 5 } },
	};
	struct placement v[2];
	struct diags d = { 0 };
	struct grid g;
	double x, y;

	(void)state;
	s.slots = sp;
	s.nslots = 2;
	arrange(&s, &t, &g);
	assert_int_equal(g.arrange, ARR_SLOTS);
	assert_int_equal(g.ncells, 2);
	impose_sprue_slot(&g, 0, &v[0].slot);
	impose_sprue_slot(&g, 1, &v[1].slot);
	impose_sprue_bleeds(&g, v, 2);
	/* 4 mm apart: 2 mm each towards the other, 3 elsewhere. */
	assert_bleeds(&v[0].slot, MM(3), MM(3), MM(2), MM(3));
	assert_bleeds(&v[1].slot, MM(2), MM(3), MM(3), MM(3));
	/* Turned a quarter clockwise: the card's top-left is at the
	 * placed box's top-right. */
	x = 0;
	y = 0;
	cairo_matrix_transform_point(&v[1].slot.m, &x, &y);
	assert_near(x, MM(87 + 88), GEPS);
	assert_near(y, MM(20), GEPS);
	/* Off the paper: an error at the slot. */
	sp[1].x = MM(150);
	sp[1].turn = 0;
	assert_false(impose_grid(&s, &t, &g, &d));
	assert_int_equal(d.nerr, 1);
	assert_int_equal(d.v[0].pos.line, 4);
	diag_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grid_a4_3x3),
		cmocka_unit_test(test_grid_with_gutter),
		cmocka_unit_test(test_grid_does_not_fit),
		cmocka_unit_test(test_grid_computed_a4),
		cmocka_unit_test(test_grid_computed_turned),
		cmocka_unit_test(test_grid_computed_letter),
		cmocka_unit_test(test_grid_computed_sweep),
		cmocka_unit_test(test_grid_computed_no_fit),
		cmocka_unit_test(test_slot_full_sheet_no_gutter),
		cmocka_unit_test(test_slot_empty_neighbours),
		cmocka_unit_test(test_slot_gutter),
		cmocka_unit_test(test_round_hex_or_square),
		cmocka_unit_test(test_round_sweep),
		cmocka_unit_test(test_tiles_board),
		cmocka_unit_test(test_tiles_turned),
		cmocka_unit_test(test_duplex_cell),
		cmocka_unit_test(test_duplex_grid),
		cmocka_unit_test(test_duplex_slot_grid),
		cmocka_unit_test(test_duplex_slot_round_tile),
		cmocka_unit_test(test_plan_duplex_alternates),
		cmocka_unit_test(test_plan_duplex_none),
		cmocka_unit_test(test_plan_no_backs),
		cmocka_unit_test(test_plan_last_sheet_long),
		cmocka_unit_test(test_plan_last_sheet_short),
		cmocka_unit_test(test_plan_rectangular_grid),
		cmocka_unit_test(test_plan_turned_grid),
		cmocka_unit_test(test_plan_inside_paper),
		cmocka_unit_test(test_plan_edge_counts),
		cmocka_unit_test(test_bands_shared),
		cmocka_unit_test(test_bands_next_sheet),
		cmocka_unit_test(test_plan_round),
		cmocka_unit_test(test_plan_tiles),
		cmocka_unit_test(test_hex_corners),
		cmocka_unit_test(test_hex_honeycomb),
		cmocka_unit_test(test_hex_back),
		cmocka_unit_test(test_sprue),
	};

	return cmocka_run_group_tests_name("impose", tests, NULL, NULL);
}
