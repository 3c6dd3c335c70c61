/* Building the variant and the game that the command-line options ask for. */
#include "session.h"

#include "datafile/datafile.h"
#include "notation/notation.h"
#include "text/quote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Variant *session_variant(const Options *opt, const char *name)
{
    DataErrors errs;
    char err[256];
    Variant *v = variant_load_configured(opt->data_dir, name ? name : opt->variant, opt->setup, opt->options,
                                         opt->titans, &errs, err, sizeof err);
    if (!v) {
        for (int i = 0; i < errs.n; i++)
            fprintf(stderr, "ninjachess: %s\n", errs.msg[i]);
        if (!errs.n)
            fprintf(stderr, "ninjachess: %s\n", err);
    }
    return v;
}

static int play_options(const Options *opt, Game *g, const char *ended, char *err, int errlen);

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
    return play_options(opt, g, "", err, errlen);
}

/* Plays opt->play on g, refusing a move once the game is over (by its
 * position, or as ended tells: the end a loaded file records, "" none);
 * frees g on an error. */
static int play_options(const Options *opt, Game *g, const char *ended, char *err, int errlen)
{
    for (int i = 0; i < opt->nplay; i++) {
        Move m;
        char q[64];
        GameStatus st = game_status(g);
        if (g->pos.scepter || st != GS_ONGOING || ended[0]) {
            snprintf(err, (size_t)errlen, "--play %s: the game is over (%s)", nc_quote(opt->play[i], q, sizeof q),
                     ended[0] ? ended : game_status_text(st));
            game_free(g);
            return -1;
        }
        if (move_from_input(&g->pos, opt->play[i], &m, err, errlen)) {
            game_free(g);
            return -1;
        }
        game_push(g, &m);
    }
    return 0;
}

/* ---- --load ---- */

/* The variant the tags name, with their setup, options and Titans; the
 * message in err does not name the file. */
static Variant *tags_variant(const Options *opt, const PgnTags *t, char *err, int errlen)
{
    if (opt->variant && strcmp(opt->variant, t->variant)) {
        snprintf(err, (size_t)errlen, "a game of %s, not of --variant %s", t->variant, opt->variant);
        return NULL;
    }
    DataErrors errs;
    char e[256];
    Variant *v = variant_load_configured(opt->data_dir, t->variant, t->setup, t->options, t->titans, &errs, e, sizeof e);
    if (!v)
        snprintf(err, (size_t)errlen, "%s", errs.n ? errs.msg[0] : e);
    return v;
}

Variant *session_tags_variant(const Options *opt, const PgnTags *t, const char *file, char *err, int errlen)
{
    char e[600];
    Variant *v = tags_variant(opt, t, e, sizeof e);
    if (!v)
        snprintf(err, (size_t)errlen, "%s: %s", file, e);
    return v;
}

/* A game being loaded: its variant and game, made when the tags are read. */
typedef struct {
    const Options *opt;
    Variant *v;
    Game *g;
    bool begun;
} Loading;

static int load_begin(void *ctx, const PgnTags *t, Game **g, char *err, int errlen)
{
    Loading *ld = ctx;
    if (!(ld->v = tags_variant(ld->opt, t, err, errlen)))
        return -1;
    Position start;
    char e[400];
    if (t->fen[0] && pos_from_fen(&start, ld->v, t->fen, e, sizeof e)) {
        snprintf(err, (size_t)errlen, "FEN: %s", e);
        return -1;
    }
    if (!t->fen[0])
        pos_start(&start, ld->v);
    game_init(ld->g, &start);
    ld->begun = true;
    *g = ld->g;
    return 0;
}

static void load_played(void *ctx, const Move *m, const char *warn)
{
    Loading *ld = ctx;
    if (warn[0]) /* the move stands; the file's mark was wrong */
        fprintf(stderr, "ninjachess: warning: %s\n", warn);
    game_push(ld->g, m);
}

/* One game from *sp (pgn_game_read): the variant its tags name and the
 * game; *sp and *line move past it.  0, or -1 with err and nothing left
 * to free. */
static int load_game(const Options *opt, const char *file, const char **sp, int *line, PgnTags *t, Variant **vout,
                     Game *g, char *err, int errlen)
{
    Loading ld = {opt, NULL, g, false};
    PgnGameHooks h = {.begin = load_begin, .played = load_played};
    if (pgn_game_read(sp, line, file, &h, &ld, t, err, errlen)) {
        if (ld.begun)
            game_free(g);
        if (ld.v)
            variant_free(ld.v);
        return -1;
    }
    *vout = ld.v;
    return 0;
}

int session_load(const Options *opt, Variant **vout, Game *g, char *err, int errlen)
{
    char ended[300];
    return session_load_ended(opt, vout, g, ended, sizeof ended, err, errlen);
}

int session_load_ended(const Options *opt, Variant **vout, Game *g, char *ended, int endedlen, char *err,
                       int errlen)
{
    ended[0] = 0;
    char file[600];
    nc_quote(opt->load, file, sizeof file);
    size_t len;
    char *text = pgn_read_file(opt->load, &len, err, errlen);
    if (!text)
        return -1;
    PgnTags t;
    int line = 1;
    const char *s = text;
    Variant *v = NULL;
    int rc = load_game(opt, file, &s, &line, &t, &v, g, err, errlen);
    free(text);
    if (rc)
        return -1;
    if (game_status(g) == GS_ONGOING) {
        char how[300];
        int w = pgn_recorded_end(&t, how, sizeof how);
        if (w >= 0)
            snprintf(ended, (size_t)endedlen, "%s: %s wins", how, w == NC_WHITE ? "White" : "Black");
        else if (w == -1)
            snprintf(ended, (size_t)endedlen, "%s%s", how, strncmp(how, "draw", 4) ? ": a draw" : "");
    }
    if (play_options(opt, g, ended, err, errlen)) {
        variant_free(v);
        return -1;
    }
    *vout = v;
    return 0;
}

/* Whether text from s holds nothing but white space. */
static bool only_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    return !*s;
}

int session_each_game(const Options *opt, const char *path, SessionGameFn each, void *ctx, char *err, int errlen)
{
    char file[600];
    nc_quote(path, file, sizeof file);
    size_t len;
    char *text = pgn_read_file(path, &len, err, errlen);
    if (!text)
        return -1;
    const char *s = text;
    int line = 1, rc = 0;
    for (int index = 0; rc == 0 && !only_space(s); index++) {
        PgnTags t;
        Variant *v;
        Game g;
        const char *before = s;
        if (load_game(opt, file, &s, &line, &t, &v, &g, err, errlen)) {
            rc = -1;
            break;
        }
        if (s == before) { /* nothing read: the walk would not move on */
            snprintf(err, (size_t)errlen, "%s: line %d: no game here", file, line);
            rc = -1;
        } else {
            rc = each(ctx, v, &g, &t, index) ? 1 : 0;
        }
        game_free(&g);
        variant_free(v);
    }
    free(text);
    return rc < 0 ? -1 : 0;
}
