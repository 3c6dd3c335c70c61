/* Chess clocks (gameclock.h).  Numbers are parsed by hand, not strtod,
 * because the game screen sets the locale and a decimal comma must not
 * change what "2.5+1" means. */
#include "gameclock.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BASE_MIN 600.0
#define MAX_INC_SEC 600.0

/* A decimal number at *s ("12", "2.5"): advances *s; -1 when none. */
static double read_number(const char **s)
{
    const char *p = *s;
    if (!isdigit((unsigned char)*p))
        return -1;
    double v = 0;
    while (isdigit((unsigned char)*p) && v < 1e6)
        v = v * 10 + (*p++ - '0');
    if (*p == '.' && isdigit((unsigned char)p[1])) {
        double scale = 0.1;
        for (p++; isdigit((unsigned char)*p); p++, scale /= 10)
            v += (*p - '0') * scale;
    }
    *s = p;
    return v;
}

int gameclock_parse(const char *text, double *base, double *inc, char *err, int errlen)
{
    const char *s = text;
    double minutes = read_number(&s);
    if (minutes >= 0 && *s == ':') {
        s++;
        const char *sec_start = s;
        double secs = read_number(&s);
        if (secs < 0 || secs >= 60 || s - sec_start != 2)
            minutes = -1;
        else
            minutes += secs / 60;
    }
    double increment = 0;
    if (minutes >= 0 && *s == '+') {
        s++;
        increment = read_number(&s);
    }
    if (minutes < 0 || increment < 0 || *s) {
        snprintf(err, (size_t)errlen, "time control '%.40s' is not MINUTES+SECONDS (e.g. 5+3 or 0:30+1)", text);
        return -1;
    }
    if (minutes <= 0 || minutes > MAX_BASE_MIN || increment > MAX_INC_SEC) {
        snprintf(err, (size_t)errlen,
                 "time control '%.40s' is out of range (more than 0 and at most %g minutes, at most %g seconds a move)",
                 text, MAX_BASE_MIN, MAX_INC_SEC);
        return -1;
    }
    *base = minutes * 60;
    *inc = increment;
    return 0;
}

void gameclock_tc_text(const GameClock *c, char *buf, size_t len)
{
    if (!c->on)
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%g+%g", c->base, c->inc);
}

int gameclock_parse_tc(const char *text, double *base, double *inc, char *err, int errlen)
{
    const char *s = text;
    double b = read_number(&s), i = 0;
    if (b >= 0 && *s == '+') {
        s++;
        i = read_number(&s);
    }
    if (b <= 0 || i < 0 || *s || b > MAX_BASE_MIN * 60 || i > MAX_INC_SEC) {
        snprintf(err, (size_t)errlen, "TimeControl '%.40s' is not SECONDS+SECONDS within our limits (e.g. 300+3)",
                 text);
        return -1;
    }
    *base = b;
    *inc = i;
    return 0;
}

static bool reserve(GameClock *c, int n)
{
    if (n <= c->cap)
        return true;
    int cap = c->cap ? c->cap : 64;
    while (cap < n)
        cap *= 2;
    double(*a)[2] = realloc(c->after, sizeof *a * (size_t)cap);
    if (!a)
        return false;
    c->after = a;
    c->cap = cap;
    return true;
}

void gameclock_init(GameClock *c, double base, double inc)
{
    c->on = base > 0;
    c->base = base;
    c->inc = inc;
    c->left[0] = c->left[1] = base;
    c->turn_start = -1;
    c->n = 0;
    c->redo_n = 0;
    if (reserve(c, 1)) {
        c->after[0][0] = c->after[0][1] = base;
        c->n = 1;
    }
}

void gameclock_free(GameClock *c)
{
    free(c->after);
    c->after = NULL;
    c->n = c->cap = 0;
}

bool gameclock_copy(GameClock *dst, const GameClock *src)
{
    if (dst == src)
        return true;
    gameclock_free(dst);
    GameClock c = *src;
    c.after = NULL;
    c.cap = 0;
    if (!reserve(&c, src->n > 0 ? src->n : 1))
        return false;
    if (src->n)
        memcpy(c.after, src->after, sizeof *c.after * (size_t)src->n);
    *dst = c;
    return true;
}

void gameclock_start(GameClock *c, double now)
{
    c->turn_start = now;
}

void gameclock_stop(GameClock *c, double now, int side)
{
    if (c->turn_start >= 0)
        c->left[side] -= now - c->turn_start;
    c->turn_start = -1;
}

void gameclock_moved(GameClock *c, int side, double now)
{
    if (!c->on)
        return;
    if (c->turn_start >= 0)
        c->left[side] -= now - c->turn_start;
    c->left[side] += c->inc;
    c->turn_start = c->turn_start >= 0 ? now : -1;
    c->redo_n = 0; /* a new move: the plies taken back are gone */
    if (reserve(c, c->n + 1)) {
        c->after[c->n][0] = c->left[0];
        c->after[c->n][1] = c->left[1];
        c->n++;
    }
}

void gameclock_set_last(GameClock *c, int side, double seconds)
{
    c->left[side] = seconds;
    if (c->n > 0)
        c->after[c->n - 1][side] = seconds;
}

void gameclock_undo(GameClock *c, double now)
{
    if (!c->on || c->n < 2)
        return;
    if (c->redo_n == 0) {
        c->top_left[0] = c->left[0];
        c->top_left[1] = c->left[1];
        c->top_used = c->turn_start >= 0 ? now - c->turn_start : -1;
    }
    c->n--;
    c->redo_n++;
    c->left[0] = c->after[c->n - 1][0];
    c->left[1] = c->after[c->n - 1][1];
    if (c->n == 1)
        c->turn_start = -1;
    else if (c->turn_start >= 0)
        c->turn_start = now;
}

bool gameclock_redo(GameClock *c, double now)
{
    if (!c->on || c->redo_n == 0 || c->n >= c->cap)
        return false;
    c->n++;
    c->redo_n--;
    if (c->redo_n == 0) {
        c->left[0] = c->top_left[0];
        c->left[1] = c->top_left[1];
        c->turn_start = c->top_used >= 0 ? now - c->top_used : -1;
    } else {
        c->left[0] = c->after[c->n - 1][0];
        c->left[1] = c->after[c->n - 1][1];
        c->turn_start = now;
    }
    return true;
}

double gameclock_left(const GameClock *c, int side, int to_move, double now)
{
    double t = c->left[side];
    if (side == to_move && c->turn_start >= 0)
        t -= now - c->turn_start;
    return t;
}

double gameclock_after(const GameClock *c, int ply, int side)
{
    if (ply + 1 < c->n)
        return c->after[ply + 1][side];
    return c->left[side];
}

void gameclock_clk_text(double seconds, char *buf, size_t len)
{
    long s = seconds > 0 ? (long)seconds : 0;
    snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

bool gameclock_find_clk(const char *comment, size_t len, double *seconds)
{
    char buf[200];
    if (len >= sizeof buf)
        len = sizeof buf - 1;
    memcpy(buf, comment, len);
    buf[len] = 0;
    const char *s = strstr(buf, "[%clk");
    if (!s)
        return false;
    s += 5;
    while (isspace((unsigned char)*s))
        s++;
    /* H:MM:SS[.f], also M:SS */
    double part[3];
    int n = 0;
    while (n < 3) {
        double v = read_number(&s);
        if (v < 0)
            return false;
        part[n++] = v;
        if (*s != ':')
            break;
        s++;
    }
    while (isspace((unsigned char)*s))
        s++;
    if (*s != ']' || n < 2)
        return false;
    *seconds = n == 3 ? part[0] * 3600 + part[1] * 60 + part[2] : part[0] * 60 + part[1];
    return true;
}

void gameclock_display(double seconds, char *buf, size_t len)
{
    if (seconds < 0)
        seconds = 0;
    if (seconds < 10) {
        int tenths = (int)(seconds * 10);
        snprintf(buf, len, "0:%02d.%d", tenths / 10, tenths % 10);
        return;
    }
    long s = (long)seconds;
    if (s >= 3600)
        snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}
