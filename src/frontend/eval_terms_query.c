/* --eval-terms (doc/tuning.md): walks the games of a PGN file, as the
 * match tool and self-play write them, or the position texts of a plain
 * file, and prints each position's evaluation split by weight, with
 * what a tuner needs to choose positions (ply, check, capture, the
 * opening's length, the result).  One probe per variant in a row. */
#include "eval_terms_query.h"

#include "search/search.h"
#include "datafile/datafile.h"
#include "rules/rules.h"
#include "notation/notation.h"
#include "session.h"
#include "text/quote.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const Options *opt;
    const char *file;        /* quoted, for messages */
    Variant *v;
    EvalProbe *probe;
    char key[1400];          /* the tags the variant was loaded for */
    Game g;
    int game, opening_plies, pieces;
} TermsRun;

static int board_pieces(const Position *p) { return p->npieces[0] + p->npieces[1]; }

static void print_position(TermsRun *r, int ply, bool captured)
{
    EvalTerms t;
    eval_probe_terms(r->probe, &r->g.pos, &t);
    printf("pos %d %d %d %d %d %d %g", r->game, ply, in_check(&r->g.pos) ? 1 : 0, captured ? 1 : 0, t.phase,
           t.score, t.fixed);
    for (int i = 0; i < eval_weight_count; i++)
        printf(" %.6g %.6g", t.mg[i], t.eg[i]);
    putchar('\n');
}

/* A new variant: its probe and its weights, printed. */
static int use_variant(TermsRun *r, Variant *v, char *err, int errlen)
{
    eval_probe_free(r->probe);
    if (r->v)
        variant_free(r->v);
    r->v = v;
    r->probe = eval_probe_new(v);
    if (!r->probe) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    printf("variant %s\n", v->name);
    for (int i = 0; i < eval_weight_count; i++) {
        const EvalWeightInfo *w = &eval_weight_info[i];
        printf("weight %s %d %d %d\n", w->name, eval_weight_get(&v->eval_weights, w->index), w->lo, w->hi);
    }
    return 0;
}

static int on_move(void *ctx, const char *text, int ply, int line, char *err, int errlen)
{
    TermsRun *r = ctx;
    Move m;
    char warn[600];
    if (pgn_game_move(&r->g, text, r->file, line, ply, &m, warn, sizeof warn, err, errlen))
        return -1;
    if (warn[0]) /* the move stands; the file's mark was wrong */
        fprintf(stderr, "ninjachess: warning: %s\n", warn);
    game_push(&r->g, &m);
    int now = board_pieces(&r->g.pos);
    print_position(r, ply + 1, now < r->pieces);
    r->pieces = now;
    return 0;
}

static void on_comment(void *ctx, const char *text, size_t len, int ply)
{
    TermsRun *r = ctx;
    /* the match tool marks the last ply of the opening it was given */
    if (len >= 7 && strncmp(text, "opening", 7) == 0)
        r->opening_plies = ply;
}

/* The [Result] of the tag section from s to end, "*" when none. */
static const char *tag_result(const char *s, const char *end)
{
    static const char *const known[] = {"1-0", "0-1", "1/2-1/2"};
    const char *at = strstr(s, "[Result \"");
    if (!at || at >= end)
        return "*";
    for (int i = 0; i < 3; i++)
        if (strncmp(at + 9, known[i], strlen(known[i])) == 0 && at[9 + strlen(known[i])] == '"')
            return known[i];
    return "*";
}

/* One game: the text from s (at line `line`) to its end. */
static int one_game(TermsRun *r, const char *s, int line, char *err, int errlen)
{
    const char *start = s;
    PgnTags t;
    if (pgn_read_tags(&s, &line, &t, r->file, err, errlen))
        return -1;
    const char *result = tag_result(start, s);
    char key[sizeof r->key];
    snprintf(key, sizeof key, "%s|%s|%s|%s", t.variant, t.setup, t.options, t.titans);
    if (!r->v || strcmp(key, r->key)) {
        Variant *v = session_tags_variant(r->opt, &t, r->file, err, errlen);
        if (!v || use_variant(r, v, err, errlen))
            return -1;
        snprintf(r->key, sizeof r->key, "%s", key);
    }
    Position p;
    char e[400];
    if (t.fen[0] && pos_from_fen(&p, r->v, t.fen, e, sizeof e)) {
        snprintf(err, (size_t)errlen, "%s: line %d: FEN: %s", r->file, line, e);
        return -1;
    }
    if (!t.fen[0])
        pos_start(&p, r->v);
    game_init(&r->g, &p);
    r->game++;
    r->opening_plies = 0;
    r->pieces = board_pieces(&p);
    print_position(r, 0, false);
    PgnReader reader = {on_move, on_comment, NULL, NULL};
    int rc = pgn_read_moves(s, line, r->file, &reader, r, err, errlen);
    if (rc == 0)
        printf("game %d %s %d %d\n", r->game, result, r->g.nply, r->opening_plies);
    game_free(&r->g);
    return rc;
}

/* Where the game after the one at s starts: the first tag line after move
 * text; the end of the text when there is none. */
static char *next_game(char *s)
{
    bool moves_seen = false;
    while (*s) {
        char *eol = strchr(s, '\n');
        const char *c = s;
        while (*c == ' ' || *c == '\t' || *c == '\r')
            c++;
        if (*c == '[' && moves_seen)
            return s;
        if (*c && *c != '\n' && *c != '[')
            moves_seen = true;
        s = eol ? eol + 1 : s + strlen(s);
    }
    return s;
}

static int count_lines(const char *s, const char *end)
{
    int n = 0;
    for (; s < end; s++)
        n += *s == '\n';
    return n;
}

static int walk_games(TermsRun *r, char *text, char *err, int errlen)
{
    int line = 1;
    for (char *s = text; *s;) {
        char *next = next_game(s);
        char keep = *next;
        *next = 0;
        int rc = one_game(r, s, line, err, errlen);
        *next = keep;
        if (rc)
            return -1;
        line += count_lines(s, next);
        s = next;
    }
    return 0;
}

/* A plain file: one position text of --variant a line ('#' comments). */
static int walk_positions(TermsRun *r, char *text, char *err, int errlen)
{
    Variant *v = session_variant(r->opt, NULL);
    if (!v)
        return -2;
    if (use_variant(r, v, err, errlen))
        return -1;
    int line = 0;
    for (char *s = text, *next; *s; s = next) {
        char *eol = strchr(s, '\n');
        next = eol ? eol + 1 : s + strlen(s);
        if (eol)
            *eol = 0;
        line++;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s || *s == '#')
            continue;
        Position p;
        char e[400];
        if (pos_from_fen(&p, v, s, e, sizeof e)) {
            snprintf(err, (size_t)errlen, "%s: line %d: %s", r->file, line, e);
            return -1;
        }
        game_init(&r->g, &p);
        print_position(r, line, false);
        game_free(&r->g);
    }
    return 0;
}

int eval_terms_main(const Options *opt)
{
    bool from_stdin = strcmp(opt->eval_terms, "-") == 0;
    char file[600], err[1200];
    nc_quote(opt->eval_terms, file, sizeof file);
    size_t len;
    char *text = from_stdin ? pgn_read_stream(stdin, "standard input", &len, err, sizeof err)
                            : pgn_read_file(opt->eval_terms, &len, err, sizeof err);
    TermsRun r = {.opt = opt, .file = file};
    int rc = -1;
    if (text) {
        const char *c = text;
        while (isspace((unsigned char)*c))
            c++;
        bool games = *c == '[';
        if (!games && !opt->variant)
            snprintf(err, sizeof err, "%s holds no games: position texts need --variant", file);
        else
            rc = games ? walk_games(&r, text, err, sizeof err) : walk_positions(&r, text, err, sizeof err);
    }
    if (rc == -1)
        fprintf(stderr, "ninjachess: %s\n", err);
    eval_probe_free(r.probe);
    if (r.v)
        variant_free(r.v);
    free(text);
    return rc == 0 && fflush(stdout) == 0 ? 0 : 1;
}
