/* SPDX-License-Identifier: MIT */
/*
 * Art in a colour space of its own -- a photograph in Adobe RGB or
 * Display P3, a JPEG for a press in its CMYK -- with the ICC profile
 * that says so embedded: its pixels converted to sRGB by Little CMS, the
 * space the PDF's DeviceRGB, previews and screens take them in, so that
 * it prints as a colour-managed viewer shows it.  Art without a profile,
 * or with an sRGB one, is taken as it is.  Part of the art stage.
 */
#include <string.h>

#include <glib.h>
#include <lcms2.h>

#include "icc.h"

/* Cairo's ARGB32 and RGB24 pixels, a native 32-bit word each. */
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
#define CAIRO_PX	TYPE_BGRA_8
#define CAIRO_PX_PM	TYPE_BGRA_8_PREMUL
#else
#define CAIRO_PX	TYPE_ARGB_8
#define CAIRO_PX_PM	TYPE_ARGB_8_PREMUL
#endif

/* Little CMS's complaints about a damaged profile are not the user's. */
static void
quiet(cmsContext ctx, cmsUInt32Number code, const char *text)
{
	(void)ctx;
	(void)code;
	(void)text;
}

/* Does profile p name itself sRGB (as the ones cameras embed do)? */
static bool
is_srgb(cmsHPROFILE p)
{
	char name[256];

	if (cmsGetProfileInfoASCII(p, cmsInfoDescription, "en", "US", name,
	    sizeof(name)) == 0)
		return false;
	return strstr(name, "sRGB") != NULL;
}

cmsHTRANSFORM
art_icc_transform(const unsigned char *icc, size_t len, enum icc_from from)
{
	cmsHPROFILE in, srgb;
	cmsHTRANSFORM t = NULL;
	cmsColorSpaceSignature want = from == ICC_RGB || from == ICC_RGB_PM ?
	    cmsSigRgbData : cmsSigCmykData;
	cmsUInt32Number fmt = from == ICC_RGB ? CAIRO_PX : from == ICC_RGB_PM ?
	    CAIRO_PX_PM : from == ICC_CMYK ? TYPE_CMYK_8 : TYPE_CMYK_8_REV;

	if (icc == NULL || len < 128 || len > ICC_MAX_BYTES)
		return NULL;
	cmsSetLogErrorHandler(quiet);
	if ((in = cmsOpenProfileFromMem(icc, (cmsUInt32Number)len)) == NULL)
		return NULL;
	/* A profile of another space than the pixels' says nothing of
	 * them; an sRGB one, nothing to change. */
	if (cmsGetColorSpace(in) == want && !(want == cmsSigRgbData &&
	    is_srgb(in))) {
		srgb = cmsCreate_sRGBProfile();
		/* CMYK has no alpha to copy: Little CMS 2.16 refuses the
		 * flag then ("Mismatched alpha channels"), 2.14 not. */
		t = cmsCreateTransform(in, fmt, srgb, from == ICC_RGB_PM ?
		    CAIRO_PX_PM : CAIRO_PX, INTENT_PERCEPTUAL,
		    want == cmsSigRgbData ? cmsFLAGS_COPY_ALPHA : 0);
		cmsCloseProfile(srgb);
	}
	cmsCloseProfile(in);
	return t;
}

void
art_icc_surface(cmsHTRANSFORM t, cairo_surface_t *s)
{
	unsigned char *px = cairo_image_surface_get_data(s);
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s), y;

	cairo_surface_flush(s);
	for (y = 0; y < h; y++)
		cmsDoTransform(t, px + (size_t)stride * y, px + (size_t)stride *
		    y, (cmsUInt32Number)w);
	cairo_surface_mark_dirty(s);
}

void
art_icc_row(cmsHTRANSFORM t, const unsigned char *in, unsigned char *out,
    size_t n)
{
	cmsDoTransform(t, in, out, (cmsUInt32Number)n);
}

void
art_icc_free(cmsHTRANSFORM t)
{
	if (t != NULL)
		cmsDeleteTransform(t);
}

bool
art_icc_convert(cairo_surface_t *s, const unsigned char *icc, size_t len)
{
	bool alpha = cairo_image_surface_get_format(s) == CAIRO_FORMAT_ARGB32;
	cmsHTRANSFORM t = art_icc_transform(icc, len, alpha ? ICC_RGB_PM :
	    ICC_RGB);

	if (t == NULL)
		return false;
	art_icc_surface(t, s);
	art_icc_free(t);
	return true;
}
