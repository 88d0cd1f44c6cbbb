/* SPDX-License-Identifier: MIT */
/*
 * Inside the validate stage: the checks check's run (report.c) makes --
 * the rules of rules.yaml (composition.c), the translations
 * (translate.c), the booklet's references (refs.c).
 */
#ifndef DECKPRESS_CHECKING_H
#define DECKPRESS_CHECKING_H

#include "validate.h"

/*
 * Check every rule of every variant.  Each failure is an error at the
 * rule, with notes at the deck entries involved.
 */
void		 validate_rules(const struct deck *deck, const struct rules *r,
		    struct outcomes *out, struct diags *d);
void		 validate_outcomes_free(struct outcomes *o);

/*
 * Check language li (an index into deck->langs) against the source
 * language, index 0; for li == 0 only copy-paste duplicates apply.
 * Findings are diagnostics naming card and language.
 */
void		 validate_translations(const struct deck *deck, size_t li,
		    struct trstats *st, struct diags *d);

/*
 * Check cards/<game>/rules/<lang>.md, if there is one, for language li:
 * [[card:ID]] naming no card is an error; a bold or quoted phrase close
 * to a card title but not one is a warning with the title suggested.
 * Returns whether the booklet exists.
 */
bool		 validate_booklet(const struct deck *deck, size_t li,
		    struct diags *d);

#endif
