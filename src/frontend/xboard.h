/* --xboard: the XBoard / WinBoard protocol (CECP v2) on stdin/stdout.
 * The protocol only: variant translation is xboard_variant.h's, the
 * thinking time the search's (search/timeman.h). */
#ifndef NC_FRONTEND_XBOARD_H
#define NC_FRONTEND_XBOARD_H

#include "options.h"

/* CECP v2 on stdin/stdout (coordinate moves e2e4, e7e8q, P@e4; castling
 * as the king's move).  Every shipped variant is announced; for those
 * XBoard does not know, a setup line (and piece lines where Betza notation
 * is exact) is sent.  What XBoard cannot show is listed in
 * xboard_variant.c.  Returns at "quit" or end of input. */
int xboard_main(const Options *opt);

#endif
