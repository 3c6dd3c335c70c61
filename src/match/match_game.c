/* Plays one game of a match: sets both engines up, keeps the clocks,
 * relays the moves and judges every one with the rules library.  Owns the
 * CECP conversation of a game; it must not start or stop processes
 * (match.c does), write files or keep scores. */
#include "match_game.h"
#include "match_pgn.h"
#include "notation/notation.h"

#include "rules/rules.h"

#include <stdio.h>
#include <string.h>

/* Seconds for the answer to the ping after the setup commands. */
#define SETUP_SECONDS 10.0

typedef struct {
    Engine *eng[2];     /* by colour */
    const char *const *names;
    const MatchTc *tc;
    Game *g;
    double clock[2];    /* TC_CLOCK: seconds left */
    int known[2];       /* plies each engine has been told */
    bool forced[2];     /* in force mode: needs "go" to move */
    char claim[2][128]; /* the last result an engine claimed ("" none) */
    /* thinking output: the mover's last reported score for this move */
    bool scored;
    int score;
    long long nodes;    /* the most nodes a thinking line reported for this move */
    int streak;         /* plies in a row whose mover reported a win for lead_side */
    int lead_side;
    GameOutcome *out;
    char *err;          /* why the game stopped without an outcome */
    size_t errlen;
} Play;


/* The position before ply `ply` of g. */
static void position_at(const Game *g, int ply, Position *p)
{
    *p = g->pos;
    for (int i = g->nply - 1; i >= ply; i--)
        unmake_move(p, &g->moves[i], &g->undos[i]);
}

/* Tells e the move m, legal in p, in XBoard's coordinates. */
static int send_move(Engine *e, const Position *p, const Move *m)
{
    char text[64];
    xb_move_text(p, m, text, sizeof text);
    return e->usermove ? engine_send(e, "usermove %s", text) : engine_send(e, "%s", text);
}

/* Replies during the setup that mean the engine did not take it.  A
 * command it does not know (post, for one) is no problem; Fairy-Stockfish
 * 11 spells that error "unkown command". */
static bool setup_problem(const char *line)
{
    return !strncmp(line, "Illegal", 7) || !strncmp(line, "tellusererror", 13) ||
           (!strncmp(line, "Error", 5) && !strstr(line, "unknown command") && !strstr(line, "unkown command"));
}

/* The time-control commands of tc. */
static void send_time_control(Engine *e, const MatchTc *tc)
{
    if (tc->kind == TC_ST) {
        engine_send(e, "st %g", tc->st);
    } else if (tc->kind == TC_CLOCK) {
        long secs = (long)(tc->base + 0.5);
        if (secs % 60)
            engine_send(e, "level 0 %ld:%02ld %g", secs / 60, secs % 60, tc->inc);
        else
            engine_send(e, "level 0 %ld %g", secs / 60, tc->inc);
    }
    if (tc->depth > 0)
        engine_send(e, "sd %d", tc->depth);
}

/* new, variant, force, time control, setboard and the opening moves, then
 * a ping to be sure all was taken; 0, or -1 with the reason in err. */
static int setup_engine(Engine *e, const Variant *v, const Opening *op, const MatchTc *tc, char *err, size_t errlen)
{
    const char *xbv = xb_variant_xbname(v->name);
    engine_send(e, "new");
    if (strcmp(xbv, "normal") != 0)
        engine_send(e, "variant %s", xbv);
    engine_send(e, "force");
    if (tc->win_plies || tc->kind == TC_NODES)
        engine_send(e, "post"); /* scores adjudicate; node counts are checked */
    send_time_control(e, tc);
    if (op->setboard) {
        char fen[1024];
        xb_position_fen(&op->start, fen, sizeof fen);
        engine_send(e, "setboard %s", fen);
    }
    Position p = op->start;
    for (int i = 0; i < op->nmoves; i++) {
        send_move(e, &p, &op->moves[i]);
        Undo u;
        make_move(&p, &op->moves[i], &u);
    }
    char problem[256];
    if (engine_sync(e, SETUP_SECONDS, setup_problem, problem, sizeof problem)) {
        char why[64];
        if (e->eof)
            engine_exit_text(e, why, sizeof why);
        else
            snprintf(why, sizeof why, "did not answer the ping");
        snprintf(err, errlen, "engine '%s' %s while setting up a game", e->spec->cmd, why);
        return -1;
    }
    if (problem[0]) {
        snprintf(err, errlen, "engine '%s' refused the game's setup: %s", e->spec->cmd, problem);
        return -1;
    }
    return 0;
}

/* The outcome of a fault by side's engine: the other side wins. */
static void forfeit(Play *pl, int side, const char *termination, const char *what)
{
    GameOutcome *o = pl->out;
    o->winner = side ^ 1;
    o->termination = termination;
    o->forfeit = side;
    snprintf(o->reason, sizeof o->reason, "%s (%.60s) %.240s", nc_colour_name(side), pl->names[side], what);
}

/* Sends the clocks, the moves the engine has not seen, and "go" when it is
 * in force mode; -1 when it is gone. */
static int ask_move(Play *pl, int side)
{
    Engine *e = pl->eng[side];
    int rc = 0;
    if (pl->tc->kind == TC_CLOCK && e->time) {
        double mine = pl->clock[side] > 0 ? pl->clock[side] : 0;
        double theirs = pl->clock[side ^ 1] > 0 ? pl->clock[side ^ 1] : 0;
        rc |= engine_send(e, "time %ld", (long)(mine * 100));
        rc |= engine_send(e, "otim %ld", (long)(theirs * 100));
    }
    for (int i = pl->known[side]; i < pl->g->nply; i++) {
        Position p;
        position_at(pl->g, i, &p);
        rc |= send_move(e, &p, &pl->g->moves[i]);
    }
    pl->known[side] = pl->g->nply;
    if (pl->forced[side]) {
        rc |= engine_send(e, "go");
        pl->forced[side] = false;
    }
    return rc ? -1 : 0;
}

typedef enum { R_MOVE, R_ILLEGAL, R_RESIGN, R_REJECT, R_TIME, R_GONE, R_INTERRUPT } Reply;

/* What one line of the engine on move means; R_GONE for "nothing yet". */
static Reply take_reply(Play *pl, const char *line, Move *m, char *text, size_t len)
{
    char word[64] = "";
    if (!strncmp(line, "move ", 5) && sscanf(line + 5, "%63s", word) == 1) {
        snprintf(text, len, "%s", word);
        Position p = pl->g->pos;
        return xb_parse_move(&p, word, m) == 0 && !p.scepter ? R_MOVE : R_ILLEGAL;
    }
    if (!strcmp(line, "resign") || !strncmp(line, "resign ", 7))
        return R_RESIGN;
    if (!strncmp(line, "Illegal move", 12)) {
        snprintf(text, len, "%.200s", line);
        return R_REJECT;
    }
    /* A result claim does not end the game: the rules decide.  It is kept
     * for the record, since an engine may stop moving after it. */
    if (!strncmp(line, "1-0", 3) || !strncmp(line, "0-1", 3) || !strncmp(line, "1/2-1/2", 7))
        snprintf(pl->claim[pl->g->pos.side], sizeof pl->claim[0], "%.127s", line);
    /* thinking output "ply score time nodes pv": the score is kept */
    int ply, score, centis;
    long long nodes;
    if (sscanf(line, "%d %d %d %lld", &ply, &score, &centis, &nodes) == 4) {
        pl->scored = true;
        pl->score = score;
        if (nodes > pl->nodes)
            pl->nodes = nodes;
    }
    /* errors and the rest: ignored */
    return R_GONE;
}

/* Waits for side's move until limit (seconds from now) plus the margin. */
static Reply wait_move(Play *pl, int side, double limit, Move *m, char *text, size_t len, double *elapsed)
{
    Engine *e = pl->eng[side];
    double t0 = nc_seconds(), deadline = t0 + limit + pl->tc->margin;
    char line[4096];
    for (;;) {
        int r = engine_read_line(e, line, sizeof line, deadline);
        *elapsed = nc_seconds() - t0;
        if (r == 0)
            return engine_interrupted ? R_INTERRUPT : R_TIME;
        if (r < 0)
            return R_GONE;
        Reply rep = take_reply(pl, line, m, text, len);
        if (rep != R_GONE)
            return rep;
    }
}

/* Seconds side may take for the next move. */
static double move_limit(const Play *pl, int side)
{
    switch (pl->tc->kind) {
    case TC_ST: return pl->tc->st;
    case TC_CLOCK: return pl->clock[side] > 0 ? pl->clock[side] : 0;
    default: return MATCH_DEPTH_MOVE_SECONDS;
    }
}

/* Turns a failed reply into the forfeit it is; -1 for an interrupt. */
static int reply_fault(Play *pl, int side, Reply rep, const char *text, double elapsed)
{
    char what[300];
    switch (rep) {
    case R_ILLEGAL:
        snprintf(what, sizeof what, "played an illegal move: %s", text);
        forfeit(pl, side, "rules infraction", what);
        return 0;
    case R_REJECT:
        snprintf(what, sizeof what, "refused a legal move (%s)", text);
        forfeit(pl, side, "rules infraction", what);
        return 0;
    case R_RESIGN:
        forfeit(pl, side, "normal", "resigns");
        pl->out->forfeit = -1;
        return 0;
    case R_TIME:
        snprintf(what, sizeof what, "lost on time (no move after %.2f s%s%.100s)", elapsed,
                 pl->claim[side][0] ? "; it claimed " : "", pl->claim[side]);
        forfeit(pl, side, "time forfeit", what);
        return 0;
    case R_GONE: {
        char why[64];
        engine_exit_text(pl->eng[side], why, sizeof why);
        snprintf(what, sizeof what, "%s", why);
        forfeit(pl, side, "abandoned", what);
        return 0;
    }
    default:
        return -1;
    }
}

/* After side's move: whether its engine's score continues the run of plies
 * in which the movers agree that one side is winning. */
static void count_win_streak(Play *pl, int side)
{
    if (!pl->tc->win_plies)
        return;
    if (!pl->scored || (pl->score < pl->tc->win_score && pl->score > -pl->tc->win_score)) {
        pl->streak = 0;
        return;
    }
    int leader = pl->score > 0 ? side : side ^ 1;
    if (pl->streak && leader != pl->lead_side)
        pl->streak = 0;
    pl->lead_side = leader;
    pl->streak++;
}

long long match_nodes_allowed(long long nodes)
{
    return nodes + nodes / 64 + 1024;
}

/* Under TC_NODES, whether side's engine kept to the node count; false
 * with the reason in pl->err.  A count over it means the engine was not
 * told (--nodes on its command line), and the games would then measure
 * the machine's speed, not the engines. */
static bool kept_nodes(Play *pl, int side)
{
    if (pl->tc->kind != TC_NODES || pl->nodes <= match_nodes_allowed(pl->tc->nodes))
        return true;
    snprintf(pl->err, pl->errlen,
             "engine '%s' reported %lld nodes for a move, more than --nodes %lld allows; give it the node count "
             "on its command line (for this program: --xboard --nodes %lld)",
             pl->eng[side]->spec->cmd, pl->nodes, pl->tc->nodes, pl->tc->nodes);
    return false;
}

/* One move of the side to move: 1 played, 0 the game ended by a fault,
 * -1 interrupted, -2 stopped with the reason in pl->err. */
static int play_move(Play *pl)
{
    int side = pl->g->pos.side;
    double limit = move_limit(pl, side), elapsed = 0;
    Move m;
    char text[300] = "";
    pl->scored = false;
    pl->nodes = 0;
    Reply rep = ask_move(pl, side) ? R_GONE : wait_move(pl, side, limit, &m, text, sizeof text, &elapsed);
    if (rep == R_MOVE && elapsed > limit + pl->tc->margin)
        rep = R_TIME;
    if (rep != R_MOVE)
        return reply_fault(pl, side, rep, text, elapsed) ? -1 : 0;
    if (!kept_nodes(pl, side))
        return -2;
    if (pl->tc->kind == TC_CLOCK)
        pl->clock[side] += pl->tc->inc - elapsed;
    game_push(pl->g, &m);
    pl->known[side] = pl->g->nply;
    count_win_streak(pl, side);
    return 1;
}

/* True (with the outcome set) when the rules or the ply limit end the game. */
static bool game_over(Play *pl)
{
    GameOutcome *o = pl->out;
    GameStatus st = game_status(pl->g);
    if (st != GS_ONGOING) {
        o->winner = game_winner(pl->g, st);
        o->termination = "normal";
        game_end_text(pl->g, st, o->reason, sizeof o->reason);
        return true;
    }
    if (pl->tc->win_plies && pl->streak >= pl->tc->win_plies) {
        o->winner = pl->lead_side;
        o->termination = "adjudication";
        snprintf(o->reason, sizeof o->reason, "adjudicated a win for %s: both engines scored it %d cp or more for %d plies",
                 nc_colour_name(o->winner), pl->tc->win_score, pl->streak);
        return true;
    }
    int lim = pl->tc->adjudicate_plies;
    if (lim && pl->g->nply >= lim) {
        o->winner = -1;
        o->termination = "adjudication";
        snprintf(o->reason, sizeof o->reason, "adjudicated a draw after %d plies", pl->g->nply);
        return true;
    }
    return false;
}

int match_play_game(Engine *eng[2], const char *const names[2], const Variant *v, const Opening *op, const MatchTc *tc, GameOutcome *out,
                    char *err, size_t errlen)
{
    for (int c = 0; c < 2; c++)
        if (setup_engine(eng[c], v, op, tc, err, errlen))
            return -1;
    memset(out, 0, sizeof *out);
    out->forfeit = -1;
    game_init(&out->g, &op->start);
    for (int i = 0; i < op->nmoves; i++)
        game_push(&out->g, &op->moves[i]);
    Play pl = {.eng = {eng[0], eng[1]}, .names = names, .tc = tc, .g = &out->g, .clock = {tc->base, tc->base},
               .known = {op->nmoves, op->nmoves}, .forced = {true, true}, .out = out, .err = err, .errlen = errlen};
    for (;;) {
        if (game_over(&pl))
            break;
        int r = play_move(&pl);
        if (r < 0) {
            game_free(&out->g);
            if (r == -1)
                snprintf(err, errlen, "interrupted");
            return -1;
        }
        if (r == 0)
            break;
    }
    const char *res = pgn_result_token(out->winner);
    for (int c = 0; c < 2; c++)
        if (c != out->forfeit)
            engine_send(eng[c], "result %s {%s}", res, out->reason);
    return 0;
}
