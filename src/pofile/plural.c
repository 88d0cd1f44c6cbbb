/* SPDX-License-Identifier: MIT */
/*
 * The Plural-Forms a PO file's header gives for its language: deckpress's
 * strings have no plural forms, but a PO editor (Poedit, Weblate) and
 * msgfmt read the header's, and a file without one is taken for a
 * language whose rules are unknown.  The formulas are gettext's manual's
 * ("Plural forms"); every language not in the table counts as English
 * does, the rule of most European languages.
 */
#include <string.h>

#include <glib.h>

#include "messages.h"

static const struct {
	const char	*tag;	/* a language, or a language and region */
	const char	*forms;
} plurals[] = {
	/* One form: no plural at all. */
	{ "ja", "nplurals=1; plural=0;" },
	{ "ko", "nplurals=1; plural=0;" },
	{ "zh", "nplurals=1; plural=0;" },
	{ "vi", "nplurals=1; plural=0;" },
	{ "th", "nplurals=1; plural=0;" },
	{ "id", "nplurals=1; plural=0;" },
	/* Zero counts as singular. */
	{ "fr", "nplurals=2; plural=(n > 1);" },
	{ "pt-br", "nplurals=2; plural=(n > 1);" },
	/* Three forms, by the last digits. */
	{ "ru", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && "
	    "n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);" },
	{ "uk", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && "
	    "n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);" },
	{ "pl", "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
	    "(n%100<10 || n%100>=20) ? 1 : 2);" },
	{ "cs", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;" },
	{ "sk", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;" },
};

/* Does tag (a BCP 47 tag, or gettext's de_DE) begin with want's subtags? */
static bool
tag_is(const char *tag, const char *want)
{
	size_t i;

	for (i = 0; want[i] != '\0'; i++) {
		char c = tag[i] == '_' ? '-' : g_ascii_tolower(tag[i]);

		if (c != want[i])
			return false;
	}
	return tag[i] == '\0' || tag[i] == '-' || tag[i] == '_' ||
	    tag[i] == '@';
}

const char *
pofile_plural_forms(const char *lang)
{
	size_t i, best = SIZE_MAX;

	/* The longest tag that fits: pt-BR's rule, not pt's. */
	for (i = 0; lang != NULL && i < G_N_ELEMENTS(plurals); i++)
		if (tag_is(lang, plurals[i].tag) && (best == SIZE_MAX ||
		    strlen(plurals[i].tag) > strlen(plurals[best].tag)))
			best = i;
	return best != SIZE_MAX ? plurals[best].forms :
	    "nplurals=2; plural=(n != 1);";
}
