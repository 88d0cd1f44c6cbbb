/* SPDX-License-Identifier: MIT */
/*
 * A deck's faces laid out kind by kind and kept until written, for the
 * exports that write each face as a file of its own: the images and
 * one-face PDFs of faces.c, Tabletop Simulator's sheets of tts.c.
 * Part of the export stage.
 */
#include <stdlib.h>
#include <string.h>

#include "exporting.h"

bool
export_lay_kinds(const struct setup *s, const struct print *pr,
    struct kfaces **out, struct diags *d)
{
	size_t nerr = d->nerr, i, k, f;

	*out = xcalloc(pr->n + 1, sizeof(**out));
	for (i = 0; i < pr->n; i++)
		for (f = 0; f < 2; f++) {
			const struct sheets *sh = &pr->v[i];

			(*out)[i].f[f] = xcalloc(sh->n + 1, sizeof(struct laid));
			for (k = 0; k < sh->n; k++)
				if (f == FACE_FRONT || sh->backs) {
					print_face(s, pr, sh, k, (enum face)f,
					    &(*out)[i].f[f][k], d);
					/* Kept until written: the texts'
					 * layouts would add up. */
					layout_laid_unshape(&(*out)[i].f[f][k]);
				}
		}
	return d->nerr == nerr || s->deck->draft;
}

void
export_kinds_free(struct kfaces *v, const struct print *pr)
{
	size_t i, k, f;

	for (i = 0; v != NULL && i < pr->n; i++)
		for (f = 0; f < 2; f++) {
			for (k = 0; k < pr->v[i].n; k++)
				layout_laid_free(&v[i].f[f][k]);
			free(v[i].f[f]);
		}
	free(v);
}

bool
export_laid_same(const struct laid *a, const struct laid *b)
{
	size_t i;

	if (a->n != b->n)
		return false;
	/* Only texts differ between copies ({n}); the rest follows. */
	for (i = 0; i < a->n; i++)
		if (a->v[i].e != b->v[i].e || a->v[i].size != b->v[i].size ||
		    a->v[i].marks != b->v[i].marks ||
		    (a->v[i].text == NULL) != (b->v[i].text == NULL) ||
		    (a->v[i].text && strcmp(a->v[i].text, b->v[i].text) != 0))
			return false;
	return true;
}
