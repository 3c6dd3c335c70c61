/* Fuzz harness for the PGN loader of the game screen (src/ui/ui_pgn.c):
 * the bytes are a saved game's text, loaded with ui_pgn_load_text into a
 * fresh Ui whose data directory is fuzz_common's.  A failed load must say
 * why and leave the Ui without a game.  A loaded game must be consistent:
 * replayed ply by ply from its start position every move is legal, its
 * label (SAN or move text) reads back to it, and the replay ends in the
 * loaded position;
 * game_status runs on it; and the game written again (ui_pgn_write) loads
 * back to the same moves.  No terminal is opened: loading draws nothing.
 * Reads the data files; writes nothing but into memory. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui_internal.h"

static void ui_fresh(Ui *u)
{
    memset(u, 0, sizeof *u);
    u->data_dir = fuzz_data_dir();
    u->board.drop_type = -1;
    u->mode.tut_type = -1;
    u->look.utf8 = true;
    u->engine.level = 1;
}

static bool in_list(const MoveList *ml, const Move *m)
{
    for (int i = 0; i < ml->n; i++)
        if (move_equal(&ml->m[i], m))
            return true;
    return false;
}

/* Replays u's moves from its start position, checking each one. */
static void check_game(const Ui *u)
{
    Game g;
    game_init(&g, &u->game.start);
    for (int i = 0; i < u->game.g.nply; i++) {
        const Move *m = &u->game.g.moves[i];
        MoveList ml;
        gen_legal(&g.pos, &ml);
        if (!in_list(&ml, m))
            fuzz_fail("fuzz_pgn: ply %d ('%s') is not legal when replayed", i + 1, u->game.text[i]);
        Move back;
        char e[300];
        if (move_from_input(&g.pos, u->game.text[i], &back, e, sizeof e) || !move_equal(&back, m))
            fuzz_fail("fuzz_pgn: the text of ply %d ('%s') does not read back to its move", i + 1, u->game.text[i]);
        game_push(&g, m);
    }
    if (g.pos.key != u->game.g.pos.key)
        fuzz_fail("fuzz_pgn: the replay of %d plies ends in another position", u->game.g.nply);
    GameStatus st = game_status(&g);
    if (st != u->game.status && u->game.end == END_STATUS)
        fuzz_fail("fuzz_pgn: game_status %d on the replay, %d in the loaded game", (int)st, (int)u->game.status);
    game_free(&g);
}

/* Writes u as the program saves it and loads that text again. */
static void check_round_trip(const Ui *u)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        fuzz_fail("fuzz_pgn: no memory stream");
    int rc = ui_pgn_write(u, f);
    fclose(f);
    if (rc)
        fuzz_fail("fuzz_pgn: ui_pgn_write failed");
    Ui w;
    ui_fresh(&w);
    char err[512] = "";
    if (ui_pgn_load_text(&w, text, "saved.pgn", err, sizeof err))
        fuzz_fail("fuzz_pgn: the game as written does not load again: %s\n%s", err, text);
    if (w.game.g.nply != u->game.g.nply || w.game.g.pos.key != u->game.g.pos.key ||
        w.game.start.key != u->game.start.key)
        fuzz_fail("fuzz_pgn: the game as written loads as another game (%d plies, was %d)\n%s", w.game.g.nply,
                  u->game.g.nply, text);
    for (int i = 0; i < u->game.g.nply; i++)
        if (!move_equal(&w.game.g.moves[i], &u->game.g.moves[i]))
            fuzz_fail("fuzz_pgn: ply %d changes when the game is written and loaded again", i + 1);
    ui_game_free(&w);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstr(data, size);
    Ui u;
    ui_fresh(&u);
    char err[512] = "";
    if (ui_pgn_load_text(&u, text, "fuzz.pgn", err, sizeof err)) {
        if (!err[0])
            fuzz_fail("fuzz_pgn: a refused game without a message");
        if (u.game.v)
            fuzz_fail("fuzz_pgn: a refused game changed the Ui: %s", err);
    } else {
        if (!u.game.v)
            fuzz_fail("fuzz_pgn: a loaded game without a variant");
        check_game(&u);
        check_round_trip(&u);
    }
    ui_game_free(&u);
    free(text);
    return 0;
}
