/* Chess clocks: a time control with increment ("5+3": five minutes each,
 * three seconds added after every move), both sides' remaining time, its
 * history for taking moves back and for saving ([%clk] per move), and the
 * texts of the PGN TimeControl tag and [%clk] comments.  Arithmetic only:
 * callers pass the current time (clock.h's nc_seconds) in; no I/O. */
#ifndef NC_GAMECLOCK_H
#define NC_GAMECLOCK_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    bool on;               /* a time control is set */
    double base, inc;      /* seconds */
    double left[2];        /* each side's time at the start of the current turn */
    double turn_start;     /* when the current turn began; < 0 stopped */
    /* after[k][c]: side c's time after k plies (after[0] = base). */
    double (*after)[2];
    int n, cap;            /* plies recorded + 1; allocated entries */
    /* Plies taken back that a redo gives back: their after[] entries stay
     * beyond n until a new move replaces them.  top_left and top_used are
     * both clocks and the running turn's time used (< 0: stopped) when the
     * first of them was taken back, so that redoing them all leaves the
     * clocks as they were. */
    int redo_n;
    double top_left[2], top_used;
} GameClock;

/* "MINUTES+SECONDS" (minutes may be M:SS or a fraction, seconds a
 * whole or fractional number; "5" alone means no increment).  Returns 0,
 * or -1 with a message naming what is wrong (format, out of range: at
 * most 600 minutes and 600 seconds, more than 0 time). */
int gameclock_parse(const char *text, double *base, double *inc, char *err, int errlen);
/* The PGN TimeControl tag ("300+3"); parsing it back.  A value that is not
 * of this form ("-", "?", "40/9000") gives -1 with a message. */
void gameclock_tc_text(const GameClock *c, char *buf, size_t len);
int gameclock_parse_tc(const char *text, double *base, double *inc, char *err, int errlen);

/* Sets the time control (clears the history); base 0 switches clocks off. */
void gameclock_init(GameClock *c, double base, double inc);
void gameclock_free(GameClock *c);
/* Copies src into dst (dst's own memory freed first); false without memory. */
bool gameclock_copy(GameClock *dst, const GameClock *src);
/* The clock runs (from now) for the side to move, or stops. */
void gameclock_start(GameClock *c, double now);
void gameclock_stop(GameClock *c, double now, int side);
/* side has moved at `now`: its time used is charged and the increment
 * added; the next side's turn begins.  Records the ply. */
void gameclock_moved(GameClock *c, int side, double now);
/* Sets side's time after the last recorded ply (a [%clk] read back). */
void gameclock_set_last(GameClock *c, int side, double seconds);
/* A ply taken back: the clocks go back to what they were before it (and
 * stop when no ply is left: the first move costs no time); the ply is
 * kept for gameclock_redo until a new move is recorded. */
void gameclock_undo(GameClock *c, double now);
/* The last ply taken back is played again: the clocks it recorded come
 * back, and after the last one the time the side to move had used on its
 * turn too.  False when no ply is kept (the caller records the move with
 * gameclock_moved then). */
bool gameclock_redo(GameClock *c, double now);
/* Side's remaining time at `now` (the side to move is `to_move`). */
double gameclock_left(const GameClock *c, int side, int to_move, double now);
/* Side's time after ply `ply` (0-based), as recorded. */
double gameclock_after(const GameClock *c, int ply, int side);

/* "H:MM:SS" for [%clk] (whole seconds, rounded down, at least 0). */
void gameclock_clk_text(double seconds, char *buf, size_t len);
/* The [%clk H:MM:SS] inside a comment's text: true with the seconds. */
bool gameclock_find_clk(const char *comment, size_t len, double *seconds);
/* How the panel shows a clock: "M:SS", "H:MM:SS" from an hour, and
 * tenths under ten seconds ("0:07.3"). */
void gameclock_display(double seconds, char *buf, size_t len);

#endif
