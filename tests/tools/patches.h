/* SPDX-License-Identifier: MIT */
/*
 * The test art's layout, shared by tests/tools/artgen.c and iccgen.c:
 * eight flat patches, 4 x 2, of 64 px (every JPEG block one colour),
 * and the inks of the CMYK ones.
 */
#ifndef DECKPRESS_TEST_PATCHES_H
#define DECKPRESS_TEST_PATCHES_H

#define PATCH	64
#define W	(4 * PATCH)
#define H	(2 * PATCH)

/* C, M, Y, K ink, 0-255 each (255: all ink). */
static const unsigned char inks[8][4] = {
	{ 0, 0, 0, 0 }, { 255, 0, 0, 0 }, { 0, 255, 0, 0 },
	{ 0, 0, 255, 0 }, { 0, 0, 0, 255 }, { 40, 200, 160, 20 },
	{ 180, 60, 10, 90 }, { 100, 100, 100, 100 },
};

/* The patch of pixel x, y. */
static inline int
patch_at(int x, int y)
{
	return (y / PATCH) * 4 + x / PATCH;
}

static inline const unsigned char *
ink_at(int x, int y)
{
	return inks[patch_at(x, y)];
}

#endif
