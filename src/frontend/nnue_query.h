/* The net each search evaluates with (doc/data-files.md, "Networks"):
 * the hand-made evaluation with --no-nnue, --nnue FILE's net, or by
 * default the variant's variants/NAME.nnue along the data path. */
#ifndef NC_NNUE_QUERY_H
#define NC_NNUE_QUERY_H

#include "nnue/nnue.h"
#include "options.h"
#include "search/search.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    FE_NET_DEFAULT, /* the data path's net of the variant, unless --no-nnue or --nnue FILE */
    FE_NET_ASKED,   /* --nnue FILE's only: the tools that measure the hand-made evaluation */
} FeNetUse;

/* The net for searches of v as opt asks (opt NULL: as when no option
 * asks, for the game screen), looked for along data_path; NULL means the
 * hand-made evaluation.  file gets the net's file ("" for none).
 * A missing net is no problem.  A net of the data path that does not load
 * gives NULL and, the first time only, "FILE: what is wrong; ..." in
 * problem ("" otherwise).  A --nnue FILE that does not load for the first
 * variant asked ends the program with its message (an engine must not play
 * on with another evaluation than the one asked for); a later variant it
 * was not made for gets the hand-made evaluation.  Nets stay loaded until
 * the program ends, shared by its searches; from one thread. */
const NnueNet *fe_net_for(const Options *opt, const char *data_path, const Variant *v, FeNetUse use, char *file,
                          size_t filelen, char *problem, size_t problemlen);

/* Gives s that net (or none) for games of v, a problem printed on stderr
 * once; desc, when not NULL, gets "net FILE" or "hand-made". */
void fe_search_net(Search *s, const Options *opt, const Variant *v, FeNetUse use, char *desc, size_t desclen);

/* The same for the game screen, which owns the terminal: the data path's
 * net (none with no_net, --no-nnue), and the problem (else "") in msg
 * instead of on stderr. */
void fe_screen_net(Search *s, const char *data_path, bool no_net, const Variant *v, char *msg, size_t msglen);

#endif
