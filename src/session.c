/* Building the variant and the game that the command-line options ask for. */
#include "session.h"

#include "datafile.h"
#include "movetext.h"

#include <stdio.h>

Variant *session_variant(const Options *opt, const char *name)
{
    DataErrors errs;
    Variant *v = variant_load(opt->data_dir, name ? name : opt->variant, &errs);
    if (!v) {
        for (int i = 0; i < errs.n; i++)
            fprintf(stderr, "ninjachess: %s\n", errs.msg[i]);
        return NULL;
    }
    char err[256];
    if ((opt->setup && variant_set_setup(v, opt->setup, err, sizeof err)) ||
        (opt->options && variant_set_options(v, opt->options, err, sizeof err)) ||
        (opt->titans && variant_set_titans(v, opt->titans, err, sizeof err))) {
        fprintf(stderr, "ninjachess: %s\n", err);
        variant_free(v);
        return NULL;
    }
    return v;
}

int session_game(const Options *opt, const Variant *v, Game *g, char *err, int errlen)
{
    Position start;
    if (opt->fen) {
        if (pos_from_fen(&start, v, opt->fen, err, errlen))
            return -1;
    } else {
        pos_start(&start, v);
    }
    game_init(g, &start);
    for (int i = 0; i < opt->nplay; i++) {
        Move m;
        if (g->pos.scepter) {
            snprintf(err, (size_t)errlen, "move '%s' after the game ended", opt->play[i]);
            game_free(g);
            return -1;
        }
        if (move_from_text(&g->pos, opt->play[i], &m, err, errlen)) {
            game_free(g);
            return -1;
        }
        game_push(g, &m);
    }
    return 0;
}
