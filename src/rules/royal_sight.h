/* The rule that the royal pieces may not see each other along a line
 * (xiangqi's flying general): a move after which they do is illegal.
 * Read-only on positions; no I/O. */
#ifndef NC_ROYAL_SIGHT_H
#define NC_ROYAL_SIGHT_H

#include "position.h"

/* True when the variant forbids it (Variant.royal_sight) and the two royal
 * pieces stand on one such line with only empty squares between them. */
bool royals_see_each_other(const Position *p);

#endif
