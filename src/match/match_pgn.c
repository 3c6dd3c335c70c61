/* PGN writing for the match and self-play front ends.  Owns the tags of a
 * finished game; the moves are written as pgn.c writes them (SAN where
 * the variant uses it).  It must not decide results (the callers do) nor
 * read PGN (pgn.c does). */
#include "match_pgn.h"
#include "notation/notation.h"
#include "match_openings.h"

#include "files/safe_file.h"
#include "text/quote.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

/* "opening" after the last ply of the opening, the reason the game ended
 * after the last ply. */
static const char *game_comment(void *ctx, int ply, char *buf, size_t len)
{
    const PgnGame *pg = ctx;
    bool opening = pg->opening_plies > 0 && ply + 1 == pg->opening_plies;
    bool last = ply + 1 == pg->game->nply && pg->reason && pg->reason[0]; /* -1 when no ply was played */
    snprintf(buf, len, "%s%s%s", opening ? "opening" : "", opening && last ? "; " : "", last ? pg->reason : "");
    return buf;
}

int pgn_write(FILE *f, const PgnGame *pg)
{
    const Game *g = pg->game;
    Position p;
    game_start_position(g, &p);
    put_tags(f, pg, &p);
    int rc = pgn_write_moves(f, &p, g->moves, g->nply, game_comment, (void *)pg, pgn_result_token(pg->winner));
    fputc('\n', f);
    return rc || ferror(f) ? -1 : 0;
}

FILE *pgn_open(const char *path, char *err, size_t errlen)
{
    char why[200], q[600];
    nc_quote(path, q, sizeof q);
    /* close-on-exec: engines started later never hold it */
    int fd = sf_open_append(path, 0644, true, why, sizeof why);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "a");
    if (fd >= 0 && !f) {
        snprintf(why, sizeof why, "%s", strerror(errno));
        close(fd);
    }
    if (!f)
        snprintf(err, errlen, "cannot write %s: %s", q, why);
    return f;
}

int pgn_append(FILE *f, const char *path, const PgnGame *pg, char *err, size_t errlen)
{
    int rc = pgn_write(f, pg);
    if (fflush(f) != 0)
        rc = -1;
    if (rc) {
        char q[600];
        snprintf(err, errlen, "cannot write %s: %s", nc_quote(path, q, sizeof q), strerror(errno));
    }
    return rc;
}
