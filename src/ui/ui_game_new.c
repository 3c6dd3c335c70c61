/* Starting a game on the Ui: the variant loaded with its setup, optional
 * rules and Titans, the position from the setup or a given FEN, and the
 * game it replaces stopped and left saved (ui_autosave.c) before the new
 * one is set up (ui_game.c).  A game that cannot start leaves the Ui as it
 * was. */
#include "ui_internal.h"

#include "ui_analysis.h"

#include "datafile/datafile.h"
#include "notation/notation.h"

#include <string.h>

/* Loads a variant with its setup, rules and Titans, keeping the messages
 * for the screen instead of printing them (the terminal is in curses mode). */
static Variant *load_variant(const char *dir, const char *name, const char *setup,
                             const char *options, const char *titans, char *err, int errlen)
{
    DataErrors errs;
    Variant *v = variant_load_configured(dir, name, setup, options, titans, &errs, err, errlen);
    if (!v && errs.n > 0)
        snprintf(err, (size_t)errlen, "%s", errs.msg[0]);
    return v;
}

static void copy_str(char *dst, size_t n, const char *s)
{
    snprintf(dst, n, "%s", s ? s : "");
}

int ui_game_new(Ui *u, const char *data_dir, const char *variant, const char *setup,
                const char *options, const char *titans, const char *fen, char *err, int errlen)
{
    Variant *v = load_variant(data_dir, variant, setup, options, titans, err, errlen);
    if (!v)
        return -1;
    Position start;
    if (fen && *fen) {
        if (pos_from_fen(&start, v, fen, err, errlen)) {
            variant_free(v);
            return -1;
        }
    } else {
        pos_start(&start, v);
    }
    ui_computer_stop(u);
    ui_analysis_halt(u); /* its search refers to the variant; it follows the new game */
    if (u->engine.search) { /* made again when needed, with the new variant's net */
        search_free(u->engine.search);
        u->engine.search = NULL;
    }
    ui_autosave_leave(u); /* the game being replaced stays saved */
    if (u->game.v) {
        game_free(&u->game.g);
        variant_free(u->game.v);
    }
    u->game.v = v;
    u->data_dir = data_dir;
    copy_str(u->game.vname, sizeof u->game.vname, variant);
    copy_str(u->game.setup, sizeof u->game.setup, setup);
    copy_str(u->game.options, sizeof u->game.options, options);
    copy_str(u->game.titans, sizeof u->game.titans, titans);
    /* The start position refers to the variant by pointer; it is ours now. */
    start.v = v;
    memset(&u->game.g, 0, sizeof u->game.g);
    game_init(&u->game.g, &start);
    u->board.cursor = 0;
    ui_game_reset(u, &start);
    return 0;
}
