/* Opening file reading and opening building for the match.  Owns the
 * opening lines; it must not talk to engines or print (match.c reports
 * the errors it returns). */
#include "match_openings.h"
#include "frontend/frontend.h"

#include "rules/rules.h"
#include "notation/notation.h"
#include "files/safe_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void game_start_position(const Game *g, Position *start)
{
    Position p = g->pos;
    for (int i = g->nply - 1; i >= 0; i--)
        unmake_move(&p, &g->moves[i], &g->undos[i]);
    *start = p;
}

/* Plays the moves of a move-list line on g; 0, or -1 with a message. */
static int play_line(Game *g, const char *text, char *err, size_t errlen)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    for (char *w = strtok_r(buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        Move m;
        char why[256];
        if (game_status(g) != GS_ONGOING) {
            snprintf(err, errlen, "move '%s' after the game ended", w);
            return -1;
        }
        if (g->nply >= OPENING_MAX_MOVES) {
            snprintf(err, errlen, "more than %d moves", OPENING_MAX_MOVES);
            return -1;
        }
        if (move_from_text(&g->pos, w, &m, why, sizeof why)) {
            snprintf(err, errlen, "%s", why);
            return -1;
        }
        game_push(g, &m);
    }
    return 0;
}

/* A copy of base's history in g (its own arrays). */
static void copy_game(const Game *base, Game *g)
{
    Position first;
    game_start_position(base, &first);
    game_init(g, &first);
    for (int i = 0; i < base->nply; i++)
        game_push(g, &base->moves[i]);
}

/* The game a line starts: from its position text, or from base with the
 * line's moves after base's.  0, or -1 with a message (nothing to free). */
static int line_game(const OpeningLine *l, const Game *base, Game *g, char *err, size_t errlen)
{
    if (l->is_fen) {
        Position p;
        if (pos_from_fen(&p, base->pos.v, l->text, err, (int)errlen))
            return -1;
        game_init(g, &p);
    } else {
        copy_game(base, g);
        if (play_line(g, l->text, err, errlen)) {
            game_free(g);
            return -1;
        }
    }
    if (game_status(g) != GS_ONGOING) {
        snprintf(err, errlen, "the game is over (%s)", game_status_text(game_status(g)));
        game_free(g);
        return -1;
    }
    return 0;
}

/* Takes one line of the file into the book (when it is not blank or a
 * comment) after checking it; 0 or -1 with the message in err. */
static int add_line(OpeningBook *book, const char *text, int lineno, const Game *base, char *err, size_t errlen)
{
    while (*text == ' ' || *text == '\t')
        text++;
    if (!*text || *text == '#')
        return 0;
    OpeningLine l = {strdup(text), strchr(text, '/') != NULL, lineno};
    OpeningLine *grown = realloc(book->lines, sizeof *book->lines * (size_t)(book->n + 1));
    if (!l.text || !grown) {
        free(l.text);
        if (grown)
            book->lines = grown;
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    book->lines = grown;
    Game g;
    if (line_game(&l, base, &g, err, errlen)) {
        free(l.text);
        return -1;
    }
    game_free(&g);
    book->lines[book->n++] = l;
    return 0;
}

enum { LINE_OK, LINE_END, LINE_LONG, LINE_NUL };

/* One line of f into buf (cap bytes with the NUL), without its newline or
 * a CR before it.  A line that does not fit or holds a NUL byte is
 * reported, never split or cut, so an endless file (/dev/zero) ends too. */
static int read_line(FILE *f, char *buf, size_t cap)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (c == 0)
            return LINE_NUL;
        if (n + 1 >= cap)
            return LINE_LONG;
        buf[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return LINE_END;
    if (n && buf[n - 1] == '\r')
        n--;
    buf[n] = 0;
    return LINE_OK;
}

int openings_load(const char *path, const Game *base, OpeningBook *book, char *err, size_t errlen)
{
    memset(book, 0, sizeof *book);
    char line[4096], why[256];
    /* A regular file only: a FIFO would block, a device never end. */
    int fd = sf_open_regular(path, why, sizeof why);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, fd < 0 ? why : strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    int lineno = 0, rc = 0;
    for (int got; rc == 0 && (got = read_line(f, line, sizeof line)) != LINE_END;) {
        lineno++;
        if (got == LINE_LONG)
            snprintf(why, sizeof why, "line longer than %d bytes", (int)sizeof line - 1);
        else if (got == LINE_NUL)
            snprintf(why, sizeof why, "a NUL byte: not a text file");
        if (got != LINE_OK || add_line(book, line, lineno, base, why, sizeof why)) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            rc = -1;
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        rc = -1;
    }
    fclose(f);
    if (rc == 0 && book->n == 0) {
        snprintf(err, errlen, "%s: no openings in the file", path);
        rc = -1;
    }
    if (rc)
        openings_free(book);
    return rc;
}

void openings_free(OpeningBook *book)
{
    for (int i = 0; i < book->n; i++)
        free(book->lines[i].text);
    free(book->lines);
    book->lines = NULL;
    book->n = 0;
}

/* Random legal plies on g that leave the game going: each ply is drawn
 * again (a few times) when it would end the game, and the walk stops early
 * when every try does. */
static void random_plies(Game *g, int plies, uint64_t *rng)
{
    for (int k = 0; k < plies && g->nply < OPENING_MAX_MOVES; k++) {
        bool placed = false;
        for (int attempt = 0; attempt < 16 && !placed; attempt++) {
            Move m;
            if (fe_random_move(g, rng, &m))
                return;
            game_push(g, &m);
            if (game_status(g) == GS_ONGOING)
                placed = true;
            else
                game_pop(g);
        }
        if (!placed)
            return;
    }
}

/* One splitmix64 step: spreads seed and pair over the xorshift state. */
static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

int opening_build(const OpeningBook *book, const Game *base, int pair, int nrandom, uint64_t seed, Opening *out,
                  char *err, size_t errlen)
{
    Position first;
    game_start_position(base, &first);
    Game g;
    if (book && book->n) {
        const OpeningLine *l = &book->lines[pair % book->n];
        if (line_game(l, base, &g, err, errlen))
            return -1;
        out->line = l->line;
    } else {
        copy_game(base, &g);
        out->line = 0;
    }
    uint64_t rng = mix(seed ^ mix((uint64_t)pair + 1)) | 1;
    random_plies(&g, nrandom, &rng);
    game_start_position(&g, &out->start);
    Position setup;
    pos_start(&setup, first.v);
    char a[1024], b[1024];
    pos_to_fen(&setup, a, sizeof a);
    pos_to_fen(&out->start, b, sizeof b);
    out->setboard = first.v->setup != 0 || strcmp(a, b) != 0;
    out->nmoves = g.nply;
    memcpy(out->moves, g.moves, sizeof *g.moves * (size_t)g.nply);
    game_free(&g);
    return 0;
}
