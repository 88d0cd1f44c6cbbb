/* SPDX-License-Identifier: MIT */
/*
 * iccgen: art in a colour space of its own, for tests/run-art.sh.
 *
 *   iccgen jpeg|png|raw|ref OUT
 *
 * Eight flat patches of saturated colours (4 x 2 patches of 64 px), in
 * a wide-gamut RGB space made here with Little CMS (Adobe RGB's
 * primaries, D65, gamma 2.2): jpeg, an RGB JPEG with that profile
 * embedded (APP2); png, a PNG with it as iCCP; raw, the same PNG with no
 * profile (what a reader that ignores it prints); ref, the patches
 * converted to sRGB, how a colour-managed viewer shows the first two.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <lcms2.h>
#include <png.h>

#define PATCH	64
#define W	(4 * PATCH)
#define H	(2 * PATCH)

static const unsigned char cols[8][3] = {
	{ 255, 255, 255 }, { 200, 30, 40 }, { 30, 170, 60 }, { 40, 60, 200 },
	{ 20, 20, 20 }, { 230, 200, 40 }, { 120, 40, 160 }, { 60, 200, 200 },
};

static const unsigned char *
col_at(int x, int y)
{
	return cols[(y / PATCH) * 4 + x / PATCH];
}

static cmsHPROFILE
wide_rgb(void)
{
	cmsCIExyY white = { 0.3127, 0.3290, 1 };
	cmsCIExyYTRIPLE prim = { { 0.64, 0.33, 1 }, { 0.21, 0.71, 1 },
	    { 0.15, 0.06, 1 } };
	cmsToneCurve *g = cmsBuildGamma(NULL, 2.2);
	cmsToneCurve *gs[3] = { g, g, g };
	cmsHPROFILE p = cmsCreateRGBProfile(&white, &prim, gs);
	cmsMLU *d = cmsMLUalloc(NULL, 1);

	cmsMLUsetASCII(d, "en", "US", "deckpress test wide RGB");
	cmsWriteTag(p, cmsSigProfileDescriptionTag, d);
	cmsMLUfree(d);
	cmsFreeToneCurve(g);
	return p;
}

/* The profile's bytes; caller frees. */
static unsigned char *
profile_bytes(cmsUInt32Number *n)
{
	cmsHPROFILE p = wide_rgb();
	unsigned char *b;

	cmsSaveProfileToMem(p, NULL, n);
	b = malloc(*n);
	cmsSaveProfileToMem(p, b, n);
	cmsCloseProfile(p);
	return b;
}

/* W x H RGB bytes: the patches, or (srgb) them converted to sRGB. */
static unsigned char *
pixels(int srgb)
{
	unsigned char *px = malloc(W * H * 3);
	cmsHPROFILE in, out;
	cmsHTRANSFORM t;
	int x, y;

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			memcpy(px + 3 * (y * W + x), col_at(x, y), 3);
	if (srgb) {
		in = wide_rgb();
		out = cmsCreate_sRGBProfile();
		t = cmsCreateTransform(in, TYPE_RGB_8, out, TYPE_RGB_8,
		    INTENT_PERCEPTUAL, 0);
		cmsDoTransform(t, px, px, W * H);
		cmsDeleteTransform(t);
		cmsCloseProfile(in);
		cmsCloseProfile(out);
	}
	return px;
}

static int
write_png(const char *out, const unsigned char *px, int icc)
{
	FILE *f = fopen(out, "wb");
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL,
	    NULL, NULL);
	png_infop info = png_create_info_struct(png);
	unsigned char *prof = NULL;
	cmsUInt32Number n = 0;
	int y;

	if (f == NULL || setjmp(png_jmpbuf(png))) {
		fprintf(stderr, "iccgen: cannot write %s\n", out);
		return 1;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, W, H, 8, PNG_COLOR_TYPE_RGB,
	    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	    PNG_FILTER_TYPE_DEFAULT);
	if (icc) {
		prof = profile_bytes(&n);
		png_set_iCCP(png, info, "wide", 0, prof, n);
	}
	png_write_info(png, info);
	for (y = 0; y < H; y++)
		png_write_row(png, px + 3 * W * y);
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	free(prof);
	return fclose(f) != 0;
}

static int
write_jpeg(const char *out, const unsigned char *px)
{
	struct jpeg_compress_struct ci;
	struct jpeg_error_mgr err;
	FILE *f = fopen(out, "wb");
	cmsUInt32Number n;
	unsigned char *prof = profile_bytes(&n);
	JSAMPROW row;

	if (f == NULL) {
		fprintf(stderr, "iccgen: cannot write %s\n", out);
		return 1;
	}
	ci.err = jpeg_std_error(&err);
	jpeg_create_compress(&ci);
	jpeg_stdio_dest(&ci, f);
	ci.image_width = W;
	ci.image_height = H;
	ci.input_components = 3;
	ci.in_color_space = JCS_RGB;
	jpeg_set_defaults(&ci);
	jpeg_set_quality(&ci, 95, TRUE);
	jpeg_start_compress(&ci, TRUE);
	jpeg_write_icc_profile(&ci, prof, n);
	while (ci.next_scanline < H) {
		row = (JSAMPROW)(px + 3 * W * ci.next_scanline);
		jpeg_write_scanlines(&ci, &row, 1);
	}
	jpeg_finish_compress(&ci);
	jpeg_destroy_compress(&ci);
	free(prof);
	return fclose(f) != 0;
}

int
main(int argc, char **argv)
{
	unsigned char *px;
	int rc;

	if (argc != 3 || (strcmp(argv[1], "jpeg") != 0 && strcmp(argv[1],
	    "png") != 0 && strcmp(argv[1], "raw") != 0 &&
	    strcmp(argv[1], "ref") != 0)) {
		fprintf(stderr, "usage: iccgen jpeg|png|raw|ref OUT\n");
		return 2;
	}
	px = pixels(strcmp(argv[1], "ref") == 0);
	if (strcmp(argv[1], "jpeg") == 0)
		rc = write_jpeg(argv[2], px);
	else
		rc = write_png(argv[2], px, strcmp(argv[1], "png") == 0);
	free(px);
	return rc;
}
