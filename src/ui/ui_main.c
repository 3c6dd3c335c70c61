/* Entry point of the game screen: chooses the game from the options, a
 * saved game or the start screen, runs the screens' event loop, and saves
 * the game in progress on the way out, whatever the way out is (it is
 * also saved after every move: ui_autosave.c).  It sets up
 * the terminal and the signals; what a screen does is the screen's. */
#include "ui.h"
#include "ui_internal.h"
#include "ui_drill.h"
#include "ui_dialog.h"
#include "ui_game_screen.h"
#include "ui_puzzle.h"
#include "ui_screen.h"
#include "ui_start.h"
#include "ui_tutorial.h"

#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The screen each id opens; the one place that knows every screen. */
static const Screen *const screens[SCR_COUNT] = {
    [SCR_START] = &ui_start_screen,
    [SCR_GAME] = &ui_game_screen,
    [SCR_TUTORIAL] = &ui_tutorial_screen,
    [SCR_DRILL] = &ui_drill_screen,
    [SCR_PUZZLE] = &ui_puzzle_screen,
    [SCR_DIALOG] = &ui_dialog_screen,
};

static bool curses_on;

static void on_signal(int sig)
{
    ui_signal_caught = sig;
}

/* A crash must not leave the terminal in raw mode; endwin is not
 * async-signal-safe, but the process is dying anyway. */
static void on_fatal(int sig)
{
    if (curses_on)
        endwin();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = on_fatal;
    sa.sa_flags = (int)SA_RESETHAND;
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGFPE, &sa, NULL);
    sigaction(SIGABRT, &sa, NULL);
}

static int start_curses(void)
{
    const char *term = getenv("TERM");
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "ninjachess: the game screen needs a terminal (use --moves, --xboard etc. otherwise)\n");
        return -1;
    }
    if (!term || !*term || !strcmp(term, "dumb")) {
        fprintf(stderr, "ninjachess: TERM is not set to a terminal that can show the game screen\n");
        return -1;
    }
    if (!newterm(NULL, stdout, stdin)) {
        fprintf(stderr, "ninjachess: cannot use terminal type '%s'\n", term);
        return -1;
    }
    curses_on = true;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    /* The terminal's own cursor sits on the cursor square: one more cue
     * that works on every terminal, colour or not. */
    curs_set(1);
    /* The release is asked for although nothing acts on it: ncurses' getch,
     * having read a mouse event that the mask leaves out, goes on reading
     * without its timeout, so a release arriving just after its press
     * (a touchpad tap) left getch waiting for the next key while the
     * computer's search ended unseen.  ui_getch passes it over. */
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
    mouseinterval(0);
    timeout(40); /* keys and redraws within 50 ms while the computer thinks */
    return 0;
}

static void stop_curses(void)
{
    if (curses_on) {
        endwin();
        curses_on = false;
    }
}

static int player_of(const char *s, int dflt)
{
    if (!s)
        return dflt;
    return strcmp(s, "computer") == 0 ? PL_COMPUTER : PL_HUMAN;
}

static int play_opt_moves(Ui *u, const Options *opt)
{
    for (int i = 0; i < opt->nplay; i++) {
        Move m;
        char err[256];
        if (ui_game_over(u)) {
            fprintf(stderr, "ninjachess: --play %s: the game is over (%s)\n", opt->play[i], u->game.result);
            return -1;
        }
        if (move_from_input(&u->game.g.pos, opt->play[i], &m, err, sizeof err)) {
            fprintf(stderr, "ninjachess: --play %s: %s\n", opt->play[i], err);
            return -1;
        }
        ui_play(u, &m);
    }
    return 0;
}

static void init_ui(Ui *u, const Options *opt)
{
    memset(u, 0, sizeof *u);
    u->board.drop_type = -1;
    u->data_dir = opt->data_dir;
    u->look.ascii = opt->ascii;
    u->look.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    u->engine.level = opt->level ? opt->level : 3;
    u->game.player[0] = player_of(opt->white, PL_HUMAN);
    u->game.player[1] = player_of(opt->black, PL_COMPUTER);
    double base, inc;
    char err[200];
    if (opt->time && gameclock_parse(opt->time, &base, &inc, err, sizeof err) == 0) { /* checked by options.c */
        ui_clock_configure(u, base, inc); /* also a loaded game's that has none */
        u->clocks.tc_base = base;
        u->clocks.tc_inc = inc;
    }
}

/* The players and level the command line names win over the file's. */
static void apply_opt_players(Ui *u, const Options *opt)
{
    if (opt->white)
        u->game.player[0] = player_of(opt->white, PL_HUMAN);
    if (opt->black)
        u->game.player[1] = player_of(opt->black, PL_COMPUTER);
    if (opt->level)
        u->engine.level = opt->level;
}

/* The game the command line asks for, if any; checked before the screen
 * starts so that its errors are plain lines on the terminal.  Returns -1
 * on an error (told), else whether a game was chosen. */
static int game_from_options(Ui *u, const Options *opt)
{
    char err[1200];
    if (opt->load) {
        if (ui_pgn_load(u, opt->load, err, sizeof err)) {
            fprintf(stderr, "ninjachess: %s\n", err);
            return -1;
        }
        if (opt->variant && strcmp(opt->variant, u->game.vname)) {
            fprintf(stderr, "ninjachess: %s: a game of %s, not of --variant %s\n", opt->load, u->game.vname,
                    opt->variant);
            return -1;
        }
        apply_opt_players(u, opt);
        snprintf(u->files.save_path, sizeof u->files.save_path, "%s", opt->load);
        return play_opt_moves(u, opt) ? -1 : 1; /* --play continues the loaded game */
    }
    if (!opt->variant && !opt->fen && !opt->tutorial)
        return 0;
    const char *name = opt->variant ? opt->variant : "titan-chess";
    if (ui_game_new(u, opt->data_dir, name, opt->setup, opt->options, opt->titans, opt->fen, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        return -1;
    }
    /* before --play, whose moves collect their increments */
    ui_clock_configure(u, u->clocks.tc_base, u->clocks.tc_inc);
    return play_opt_moves(u, opt) ? -1 : 1;
}

/* Asks which saved game to resume: yes/no for one, a menu for several,
 * a dialog alone on the stack run by the one loop; returns its index, or
 * -1 for a new game (also when a signal ended the loop). */
static int choose_saved_game(Ui *u, const SavedGame *g, int n)
{
    char q[200];
    char labels[9][120];
    const char *items[10];
    bool asked;
    screen_stack_reset(u, screens);
    if (n == 1) {
        snprintf(q, sizeof q, "Resume the saved game of %s (%d pl%s, %s)?", g[0].title, g[0].plies,
                 g[0].plies == 1 ? "y" : "ies", g[0].when);
        asked = screen_ask_yes(0, q);
    } else {
        for (int i = 0; i < n; i++) {
            snprintf(labels[i], sizeof labels[i], "%s, %d pl%s, %s", g[i].title, g[i].plies,
                     g[i].plies == 1 ? "y" : "ies", g[i].when);
            items[i] = labels[i];
        }
        items[n] = "Start a new game";
        asked = screen_ask_menu(0, "Resume a saved game?", items, n + 1);
    }
    if (!asked)
        return -1;
    screen_run();
    ScreenResult r = *screen_last_result();
    screen_stack_reset(u, screens);
    if (!r.chosen)
        return -1;
    return n == 1 ? 0 : r.choice >= 0 && r.choice < n ? r.choice : -1;
}

/* Offers the unfinished saved games (with match, only those like the game
 * the options made); returns whether one was resumed. */
static bool offer_saved_games(Ui *u, const Options *opt, bool match)
{
    SavedGame g[9];
    char note[1400], err[1200];
    int n = ui_saved_games(u, match, g, 9, note, sizeof note);
    if (note[0])
        ui_msg(u, true, "%s", note);
    if (n == 0 || ui_signal_caught) {
        for (int i = 0; i < n; i++)
            ui_saved_game_release(&g[i]);
        return false;
    }
    int pick = choose_saved_game(u, g, n);
    bool resumed = false;
    if (pick >= 0 && !ui_signal_caught) {
        if (ui_saved_game_resume(u, &g[pick], err, sizeof err) == 0) {
            resumed = true;
            if (match)
                apply_opt_players(u, opt);
            ui_msg(u, false, "Resumed the saved game (%d pl%s)", u->game.g.nply, u->game.g.nply == 1 ? "y" : "ies");
        } else {
            ui_msg(u, true, "%s", err);
        }
    }
    for (int i = 0; i < n; i++)
        ui_saved_game_release(&g[i]);
    return resumed;
}

/* Runs the start screen alone until it pops; returns -1 when a game was
 * chosen and made, else the exit status (the terminal is restored then). */
static int game_from_start_screen(Ui *u)
{
    screen_stack_reset(u, screens);
    screen_push(SCR_START, NULL, 0);
    screen_run();
    ScreenResult r = *screen_last_result();
    screen_stack_reset(u, screens);
    if (!r.chosen || ui_signal_caught) {
        stop_curses();
        return ui_signal_caught ? 128 + ui_signal_caught : 0;
    }
    const GameChoice *c = &r.game;
    char keep[256], err[1200];
    snprintf(keep, sizeof keep, "%s", u->msg);
    if (ui_game_new(u, u->data_dir, c->variant, c->setup, c->options, c->titans, NULL, err, sizeof err)) {
        stop_curses();
        fprintf(stderr, "ninjachess: %s\n", err);
        return 1;
    }
    ui_clock_configure(u, c->clock_base, c->clock_inc);
    if (keep[0])
        ui_msg(u, u->msg_error, "%s", keep);
    return -1;
}

/* The tutorial alone, as --tutorial asks; nothing is saved. */
static int run_tutorial(Ui *u)
{
    screen_stack_reset(u, screens);
    screen_push(SCR_TUTORIAL, NULL, 0);
    screen_run();
    screen_stack_reset(u, screens);
    stop_curses();
    return 0;
}

/* The checkmate drill alone, as --drill asks; nothing is saved. */
static DrillChoice drill_choice(const Options *opt)
{
    DrillChoice c;
    memset(&c, 0, sizeof c);
    snprintf(c.variant, sizeof c.variant, "%s", opt->variant ? opt->variant : "");
    snprintf(c.material, sizeof c.material, "%s", opt->drill);
    c.seed = opt->drill_seed;
    return c;
}

static int run_drill(Ui *u, const Options *opt)
{
    DrillChoice c = drill_choice(opt);
    screen_stack_reset(u, screens);
    screen_push(SCR_DRILL, &c, sizeof c);
    int opened = screen_depth();
    screen_run();
    screen_stack_reset(u, screens);
    stop_curses();
    if (!opened)
        fprintf(stderr, "ninjachess: %s\n", u->msg);
    return opened ? 0 : 1;
}

/* The puzzles alone, as --puzzle asks; they keep their own record.  -1
 * when there are none to show (the message says why): the start screen
 * follows. */
static int run_puzzle(Ui *u, const Options *opt)
{
    const char *variant = opt->variant ? opt->variant : "";
    screen_stack_reset(u, screens);
    screen_push(SCR_PUZZLE, variant, strlen(variant) + 1);
    int opened = screen_depth();
    if (opened)
        screen_run();
    screen_stack_reset(u, screens);
    if (!opened)
        return -1;
    stop_curses();
    return ui_signal_caught ? 128 + ui_signal_caught : 0;
}

/* Saves what is left to save and gives up the game's file; the reason
 * of a failure reaches stderr once the terminal is back. */
static int run_game(Ui *u)
{
    if (!ui_signal_caught && !u->msg[0])
        ui_msg(u, false, "%s: %s vs %s. Press ? for help.", u->game.v->title,
               u->game.player[0] == PL_COMPUTER ? "computer" : "human",
               u->game.player[1] == PL_COMPUTER ? "computer" : "human");
    screen_stack_reset(u, screens);
    screen_push(SCR_GAME, NULL, 0);
    screen_run();
    screen_stack_reset(u, screens);
    ui_computer_stop(u);
    bool lost = ui_autosave(u) != 0;
    char why[800];
    snprintf(why, sizeof why, "%s", u->save.save_err);
    ui_autosave_leave(u);
    stop_curses();
    if (lost)
        fprintf(stderr, "ninjachess: the game was not saved: %s\n", why);
    int sig = ui_signal_caught;
    return sig ? 128 + sig : lost ? 1 : 0;
}

/* Whether the options ask for a game a saved one can continue: a game
 * from --fen, --load or --play is a game of its own. */
static bool matchable(const Options *opt)
{
    return !opt->load && !opt->fen && opt->nplay == 0;
}

static int run_screens(Ui *u, const Options *opt, bool chosen)
{
    install_signals();
    ui_colours_init(u);
    if (opt->tutorial)
        return run_tutorial(u);
    if (opt->drill)
        return run_drill(u, opt);
    if (opt->puzzle) {
        int st = run_puzzle(u, opt);
        if (st < 0)
            st = game_from_start_screen(u);
        return st >= 0 ? st : run_game(u);
    }
    if (!chosen)
        chosen = offer_saved_games(u, opt, false);
    else if (matchable(opt))
        offer_saved_games(u, opt, true);
    if (!chosen && !ui_signal_caught) {
        int st = game_from_start_screen(u);
        if (st >= 0)
            return st;
    }
    return run_game(u);
}

int ui_main(const Options *opt)
{
    setlocale(LC_ALL, "");
    if (opt->nnue) {
        /* the screen changes variant; each reads its own net */
        fprintf(stderr, "ninjachess: --nnue FILE is for the engine front ends and the tools; the game screen "
                        "reads each variant's variants/NAME.nnue from the data path (--no-nnue: none)\n");
        return 2;
    }
    static Ui u;
    init_ui(&u, opt);
    /* A broken config file stops the program before the screen starts, so
     * that the player sees FILE:LINE and what is wrong. */
    char cfg_err[4000];
    if (ui_config_load(&u.cfg, cfg_err, sizeof cfg_err)) {
        /* one error a line, each named as the program's */
        for (char *l = cfg_err, *nl; l; l = nl) {
            nl = strchr(l, '\n');
            if (nl)
                *nl++ = 0;
            fprintf(stderr, "ninjachess: %s%s\n", l, nl ? "" : " (fix or remove the file)");
        }
        return 1;
    }
    if (u.cfg.glyphs == UI_GLYPHS_ASCII)
        u.look.ascii = true;
    if (u.cfg.level && !opt->level)
        u.engine.level = u.cfg.level;
    /* The config's clocks for the games begun here; a loaded game keeps
     * its own (or none), as only --time gives one to a game without. */
    if (u.cfg.time.set && !opt->time) {
        u.clocks.tc_base = u.cfg.time.base_seconds;
        u.clocks.tc_inc = u.cfg.time.increment_seconds;
    }
    /* the computer thinks on every core but one, which keeps the screen
     * (and the rest of the machine) answering */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    u.engine.no_net = opt->no_nnue;
    u.engine.threads = opt->threads ? opt->threads : u.cfg.threads ? u.cfg.threads : cores > 2 ? (int)cores - 1 : 1;
    int chosen = game_from_options(&u, opt);
    char err[400];
    if (chosen >= 0 && opt->drill) {
        DrillChoice c = drill_choice(opt);
        if (ui_drill_prepare(opt->data_dir, &c, err, sizeof err)) {
            fprintf(stderr, "ninjachess: --drill: %s\n", err);
            chosen = -1;
        }
    }
    if (chosen < 0 || start_curses()) {
        ui_game_free(&u);
        return 1;
    }
    int status = run_screens(&u, opt, chosen > 0);
    ui_game_free(&u);
    return status;
}
