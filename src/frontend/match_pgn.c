/* PGN writing for the match and self-play front ends.  Owns the text
 * format of a finished game; it must not decide results (the callers do)
 * nor read PGN (the game screen's loader does). */
#include "match_pgn.h"
#include "pgn_tags.h"
#include "match_openings.h"

#include "movetext.h"

#include <errno.h>
#include <string.h>
#include <time.h>

const char *pgn_result_token(int winner)
{
    switch (winner) {
    case NC_WHITE: return "1-0";
    case NC_BLACK: return "0-1";
    case -1: return "1/2-1/2";
    default: return "*";
    }
}

/* The tags: the seven of the PGN standard, then ours. */
static void put_tags(FILE *f, const PgnGame *pg, const Position *start)
{
    char date[16] = "????.??.??";
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    pgn_put_tag(f, "Event", pg->event);
    pgn_put_tag(f, "Site", "?");
    pgn_put_tag(f, "Date", date);
    pgn_put_tag(f, "Round", pg->round);
    pgn_put_tag(f, "White", pg->white);
    pgn_put_tag(f, "Black", pg->black);
    pgn_put_tag(f, "Result", pgn_result_token(pg->winner));
    pgn_put_tag(f, "Variant", pg->variant);
    if (pg->setup)
        pgn_put_tag(f, "VariantSetup", pg->setup);
    if (pg->options)
        pgn_put_tag(f, "VariantOptions", pg->options);
    if (pg->titans)
        pgn_put_tag(f, "Titans", pg->titans);
    /* FEN only when the game does not begin at the variant's setup, as the
     * game screen writes it (and reads it back with --load) */
    Position setup;
    pos_start(&setup, start->v);
    char a[1024], b[1024];
    pos_to_fen(&setup, a, sizeof a);
    pos_to_fen(start, b, sizeof b);
    if (strcmp(a, b) != 0) {
        pgn_put_tag(f, "SetUp", "1");
        pgn_put_tag(f, "FEN", b);
    }
    pgn_put_tag(f, "TimeControl", pg->time_control ? pg->time_control : "-");
    pgn_put_tag(f, "PlyCount", (snprintf(a, sizeof a, "%d", pg->game->nply), a));
    pgn_put_tag(f, "Termination", pg->termination);
    fputc('\n', f);
}

/* Appends one token, breaking lines before column 80. */
static void put_token(FILE *f, const char *tok, int *col)
{
    int n = (int)strlen(tok);
    if (*col && *col + 1 + n > 79) {
        fputc('\n', f);
        *col = 0;
    }
    if (*col) {
        fputc(' ', f);
        (*col)++;
    }
    fputs(tok, f);
    *col += n;
}

int pgn_write(FILE *f, const PgnGame *pg)
{
    const Game *g = pg->game;
    Position p;
    game_start_position(g, &p);
    put_tags(f, pg, &p);
    int col = 0, first_black = p.side == NC_BLACK, fullmove = p.fullmove;
    for (int i = 0; i < g->nply; i++) {
        char text[200], tok[240];
        move_to_text(&p, &g->moves[i], text, sizeof text);
        int num = fullmove + (i + first_black) / 2;
        if ((i + first_black) % 2 == 0)
            snprintf(tok, sizeof tok, "%d. %s", num, text);
        else if (i == 0 || i == pg->opening_plies)
            snprintf(tok, sizeof tok, "%d... %s", num, text);
        else
            snprintf(tok, sizeof tok, "%s", text);
        put_token(f, tok, &col);
        if (i + 1 == pg->opening_plies)
            put_token(f, "{opening}", &col);
        Undo u;
        make_move(&p, &g->moves[i], &u);
    }
    if (pg->reason && pg->reason[0]) {
        char c[300];
        snprintf(c, sizeof c, "{%s}", pg->reason);
        for (char *q = c + 1; q[1]; q++) /* a brace inside would end the comment */
            if (*q == '{' || *q == '}')
                *q = *q == '{' ? '(' : ')';
        put_token(f, c, &col);
    }
    put_token(f, pgn_result_token(pg->winner), &col);
    fputs("\n\n", f);
    return ferror(f) ? -1 : 0;
}

int pgn_append(const char *path, const PgnGame *pg, char *err, size_t errlen)
{
    FILE *f = fopen(path, "ae"); /* close-on-exec: engines started later never hold it */
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    int rc = pgn_write(f, pg);
    if (fclose(f) != 0)
        rc = -1;
    if (rc)
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return rc;
}
