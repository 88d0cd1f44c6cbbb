/* SPDX-License-Identifier: MIT */
/*
 * iccgen: art in a colour space of its own, for tests/run-art.sh.
 *
 *   iccgen jpeg|png|raw|ref|cmyk|cmykraw|cmykref OUT
 *
 * Eight flat patches of saturated colours (4 x 2 patches of 64 px), in
 * a wide-gamut RGB space made here with Little CMS (Adobe RGB's
 * primaries, D65, gamma 2.2): jpeg, an RGB JPEG with that profile
 * embedded (APP2); png, a PNG with it as iCCP; raw, the same PNG with no
 * profile (what a reader that ignores it prints); ref, the patches
 * converted to sRGB, how a colour-managed viewer shows the first two.
 * And eight patches of inks: cmyk, an Adobe CMYK JPEG (inks stored
 * inverted) with a CMYK profile made here embedded, a press whose inks
 * print duller and warmer than the naive formula says; cmykraw, the
 * same JPEG without it; cmykref, the PNG of the inks through the
 * profile to sRGB.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <lcms2.h>
#include <png.h>

#include "patches.h"

static const unsigned char cols[8][3] = {
	{ 255, 255, 255 }, { 200, 30, 40 }, { 30, 170, 60 }, { 40, 60, 200 },
	{ 20, 20, 20 }, { 230, 200, 40 }, { 120, 40, 160 }, { 60, 200, 200 },
};

static const unsigned char *
col_at(int x, int y)
{
	return cols[patch_at(x, y)];
}

/* The press: sRGB of inks c, m, y, k (0-1), duller and warmer. */
static void
press(const double *in, double *rgb)
{
	double k = 1 - 0.9 * in[3];

	rgb[0] = (1 - 0.85 * in[0]) * k;
	rgb[1] = (1 - 0.8 * in[1]) * k * 0.96;
	rgb[2] = (1 - 0.75 * in[2]) * k * 0.88;
}

static cmsHTRANSFORM srgb_lab;

/* The profile's table: inks to Lab, through the press and sRGB. */
static cmsInt32Number
sample(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo)
{
	double ink[4], rgb[3];
	cmsCIELab lab;
	int i;

	(void)cargo;
	for (i = 0; i < 4; i++)
		ink[i] = in[i] / 65535.0;
	press(ink, rgb);
	cmsDoTransform(srgb_lab, rgb, &lab, 1);
	cmsFloat2LabEncoded(out, &lab);
	return 1;
}

static cmsHPROFILE
press_cmyk(void)
{
	cmsHPROFILE p = cmsCreateProfilePlaceholder(NULL);
	cmsHPROFILE srgb = cmsCreate_sRGBProfile(), lab = cmsCreateLab4Profile(
	    NULL);
	cmsPipeline *lut = cmsPipelineAlloc(NULL, 4, 3);
	cmsStage *clut = cmsStageAllocCLut16bit(NULL, 9, 4, 3, NULL);
	cmsMLU *d = cmsMLUalloc(NULL, 1);

	srgb_lab = cmsCreateTransform(srgb, TYPE_RGB_DBL, lab, TYPE_Lab_DBL,
	    INTENT_RELATIVE_COLORIMETRIC, 0);
	cmsStageSampleCLut16bit(clut, sample, NULL, 0);
	/* A v4 AToB table: curves, the table, curves (both none here). */
	cmsPipelineInsertStage(lut, cmsAT_BEGIN, clut);
	cmsPipelineInsertStage(lut, cmsAT_BEGIN, cmsStageAllocToneCurves(NULL,
	    4, NULL));
	cmsPipelineInsertStage(lut, cmsAT_END, cmsStageAllocToneCurves(NULL, 3,
	    NULL));
	cmsSetProfileVersion(p, 4.3);
	cmsSetDeviceClass(p, cmsSigOutputClass);
	cmsSetColorSpace(p, cmsSigCmykData);
	cmsSetPCS(p, cmsSigLabData);
	cmsWriteTag(p, cmsSigAToB0Tag, lut);
	cmsWriteTag(p, cmsSigMediaWhitePointTag, cmsD50_XYZ());
	cmsMLUsetASCII(d, "en", "US", "deckpress test press CMYK");
	cmsWriteTag(p, cmsSigProfileDescriptionTag, d);
	cmsMLUfree(d);
	cmsPipelineFree(lut);
	cmsDeleteTransform(srgb_lab);
	cmsCloseProfile(srgb);
	cmsCloseProfile(lab);
	return p;
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

/* The profile's bytes (the press's, with cmyk); caller frees. */
static unsigned char *
profile_bytes(cmsUInt32Number *n, int cmyk)
{
	cmsHPROFILE p = cmyk ? press_cmyk() : wide_rgb();
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
		prof = profile_bytes(&n, 0);
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

/*
 * px, W x H pixels of comps bytes (3: RGB; 4: CMYK, stored inverted
 * with Adobe's marker, as Photoshop writes it), as a JPEG of quality
 * 95 with profile prof (n bytes) embedded, or none if NULL.
 */
static int
write_jpeg(const char *out, const unsigned char *px, int comps,
    const unsigned char *prof, cmsUInt32Number n)
{
	struct jpeg_compress_struct ci;
	struct jpeg_error_mgr err;
	FILE *f = fopen(out, "wb");
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
	ci.input_components = comps;
	ci.in_color_space = comps == 4 ? JCS_CMYK : JCS_RGB;
	jpeg_set_defaults(&ci);
	if (comps == 4) {
		jpeg_set_colorspace(&ci, JCS_CMYK);
		ci.write_Adobe_marker = TRUE;
	}
	jpeg_set_quality(&ci, 95, TRUE);
	jpeg_start_compress(&ci, TRUE);
	if (prof != NULL)
		jpeg_write_icc_profile(&ci, prof, n);
	while (ci.next_scanline < H) {
		row = (JSAMPROW)(px + (size_t)comps * W * ci.next_scanline);
		jpeg_write_scanlines(&ci, &row, 1);
	}
	jpeg_finish_compress(&ci);
	jpeg_destroy_compress(&ci);
	return fclose(f) != 0;
}

/* The inks as an Adobe CMYK JPEG, with the press's profile or (raw) none. */
static int
write_cmyk(const char *out, int raw)
{
	unsigned char *ink = malloc(W * H * 4), *prof = NULL;
	cmsUInt32Number n = 0;
	int x, y, i, rc;

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			for (i = 0; i < 4; i++)
				ink[4 * (y * W + x) + i] = 255 -
				    ink_at(x, y)[i];
	if (!raw)
		prof = profile_bytes(&n, 1);
	rc = write_jpeg(out, ink, 4, prof, n);
	free(prof);
	free(ink);
	return rc;
}

/* The inks through the press's profile to sRGB, as RGB bytes. */
static unsigned char *
cmyk_pixels(void)
{
	unsigned char *px = malloc(W * H * 3), *ink = malloc(W * H * 4);
	cmsHPROFILE in = press_cmyk(), out = cmsCreate_sRGBProfile();
	cmsHTRANSFORM t = cmsCreateTransform(in, TYPE_CMYK_8, out, TYPE_RGB_8,
	    INTENT_PERCEPTUAL, 0);
	int x, y;

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			memcpy(ink + 4 * (y * W + x), ink_at(x, y), 4);
	cmsDoTransform(t, ink, px, W * H);
	cmsDeleteTransform(t);
	cmsCloseProfile(in);
	cmsCloseProfile(out);
	free(ink);
	return px;
}

int
main(int argc, char **argv)
{
	unsigned char *px;
	int rc;

	if (argc != 3 || (strcmp(argv[1], "jpeg") != 0 && strcmp(argv[1],
	    "png") != 0 && strcmp(argv[1], "raw") != 0 &&
	    strcmp(argv[1], "ref") != 0 && strcmp(argv[1], "cmyk") != 0 &&
	    strcmp(argv[1], "cmykraw") != 0 &&
	    strcmp(argv[1], "cmykref") != 0)) {
		fprintf(stderr, "usage: iccgen jpeg|png|raw|ref|cmyk|cmykraw|"
		    "cmykref OUT\n");
		return 2;
	}
	if (strncmp(argv[1], "cmyk", 4) == 0 && strcmp(argv[1], "cmykref"))
		return write_cmyk(argv[2], strcmp(argv[1], "cmykraw") == 0);
	if (strcmp(argv[1], "cmykref") == 0) {
		px = cmyk_pixels();
		rc = write_png(argv[2], px, 0);
		free(px);
		return rc;
	}
	px = pixels(strcmp(argv[1], "ref") == 0);
	if (strcmp(argv[1], "jpeg") == 0) {
		cmsUInt32Number n;
		unsigned char *prof = profile_bytes(&n, 0);

		rc = write_jpeg(argv[2], px, 3, prof, n);
		free(prof);
	}
	else
		rc = write_png(argv[2], px, strcmp(argv[1], "png") == 0);
	free(px);
	return rc;
}
