/* The player's configuration file, $XDG_CONFIG_HOME/ninjachess/config (or
 * ~/.config/ninjachess/config): colours, glyph set, keys, default level,
 * time control, bell and analysis against the computer (man/ninjachess.6, CONFIGURATION).  Reading it and the
 * values it gives; an error names the file and line, and the program
 * refuses to start until it is fixed (ui_main.c), because a setting
 * silently ignored would look like a bug of the screen. */
#include "ui_internal.h"

#include "files/safe_file.h"
#include "text/quote.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const bg_names[BG_COUNT] = {
    [BG_LIGHT] = "light", [BG_DARK] = "dark", [BG_QUIET] = "quiet", [BG_CAPTURE] = "capture",
    [BG_REMOVED] = "removed", [BG_PUSH] = "push", [BG_PROMO] = "promote", [BG_CASTLE] = "castle",
    [BG_LAST_LIGHT] = "last-light", [BG_LAST_DARK] = "last-dark", [BG_CHECK] = "check",
    [BG_SELECTED] = "selected", [BG_FLYOVER] = "flyover", [BG_LAST_GONE] = "last-removed",
    [BG_LAST_PUSHED] = "last-pushed", [BG_HINT] = "hint",
};

/* The game screen's actions that a key may be given to, with their keys. */
static const struct {
    const char *name;
    int key;
} actions[] = {
    {"move", ':'}, {"drop", 'd'}, {"undo", 'u'}, {"redo", 'r'}, {"flip", 'f'}, {"hint", 'a'},
    {"move-now", 'g'}, {"switch", 'c'}, {"new", 'n'}, {"resign", 'R'}, {"draw", 'D'},
    {"save", 's'}, {"open", 'o'}, {"tutorial", 't'}, {"help", '?'}, {"quit", 'q'},
    {"back", '<'}, {"forward", '>'}, {"analysis", 'e'}, {"lines", 'v'},
};
#define NACTIONS ((int)(sizeof actions / sizeof actions[0]))

void ui_bell(const Ui *u)
{
    /* No screen (the tests drive the game without one): nothing to ring. */
    if (u->cfg.bell >= 0 && stdscr && !isendwin())
        beep();
}

int ui_config_key(const UiConfig *c, int key)
{
    for (int i = 0; i < NACTIONS && i < UI_MAX_KEYS; i++)
        if (c->keys[i] && c->keys[i] == key)
            return actions[i].key;
    return key;
}

int ui_config_action_key(const UiConfig *c, const char *action)
{
    for (int i = 0; i < NACTIONS && i < UI_MAX_KEYS; i++)
        if (!strcmp(action, actions[i].name))
            return c->keys[i] ? c->keys[i] : actions[i].key;
    return -1;
}

const char *ui_config_action_name(int i)
{
    return i >= 0 && i < NACTIONS ? actions[i].name : NULL;
}

int ui_time_control_parse(const char *s, UiTimeControl *tc, char *err, int errlen)
{
    memset(tc, 0, sizeof *tc);
    char *end;
    errno = 0;
    long min = strtol(s, &end, 10), sec = 0;
    if (end == s || min < 0 || min > 600 || errno) {
        snprintf(err, (size_t)errlen, "'%s' is not a time control MINUTES+SECONDS (e.g. 5+3)", s);
        return -1;
    }
    long base = min * 60;
    if (*end == ':') {
        const char *p = end + 1;
        sec = strtol(p, &end, 10);
        if (end != p + 2 || sec < 0 || sec > 59) {
            snprintf(err, (size_t)errlen, "'%s': the seconds after ':' must be 00 to 59", s);
            return -1;
        }
        base += sec;
    }
    long inc = 0;
    if (*end == '+') {
        const char *p = end + 1;
        inc = strtol(p, &end, 10);
        if (end == p || inc < 0 || inc > 600) {
            snprintf(err, (size_t)errlen, "'%s': the increment after '+' must be 0 to 600 seconds", s);
            return -1;
        }
    }
    if (*end || base == 0) {
        snprintf(err, (size_t)errlen, "'%s' is not a time control MINUTES+SECONDS (e.g. 5+3)", s);
        return -1;
    }
    tc->set = true;
    tc->base_seconds = (int)base;
    tc->increment_seconds = (int)inc;
    snprintf(tc->text, sizeof tc->text, "%s", s);
    return 0;
}

static int colour_value(const char *val, short *out)
{
    char *end;
    long n = strtol(val, &end, 10);
    if (end == val || *end || n < 0 || n > 255)
        return -1;
    *out = (short)n;
    return 0;
}

static int set_colour(UiConfig *c, const char *name, const char *val, char *err, int errlen)
{
    short n;
    int ok = colour_value(val, &n);
    if (ok == 0 && !strcmp(name, "white-piece")) {
        c->piece256[NC_WHITE] = n;
        c->piece_set[NC_WHITE] = true;
        return 0;
    }
    if (ok == 0 && !strcmp(name, "black-piece")) {
        c->piece256[NC_BLACK] = n;
        c->piece_set[NC_BLACK] = true;
        return 0;
    }
    for (int b = 0; b < BG_COUNT; b++)
        if (!strcmp(name, bg_names[b])) {
            if (ok == 0) {
                c->bg256[b] = n;
                c->bg_set[b] = true;
                return 0;
            }
            break;
        }
    if (ok != 0)
        snprintf(err, (size_t)errlen, "colour.%s: '%s' is not a colour number 0-255 of the 256-colour palette",
                 name, val);
    else
        snprintf(err, (size_t)errlen, "unknown colour 'colour.%s' (white-piece, black-piece, light, dark, "
                 "last-light, last-dark, ... see ninjachess(6))", name);
    return -1;
}

static int set_key(UiConfig *c, const char *name, const char *val, char *err, int errlen)
{
    for (int i = 0; i < NACTIONS; i++)
        if (!strcmp(name, actions[i].name)) {
            if (strlen(val) != 1 || !isgraph((unsigned char)val[0])) {
                snprintf(err, (size_t)errlen, "key.%s: '%s' is not one printable character", name, val);
                return -1;
            }
            for (int j = 0; j < NACTIONS; j++)
                if (j != i && c->keys[j] == (unsigned char)val[0]) {
                    snprintf(err, (size_t)errlen, "key.%s: '%c' is already the key of %s", name, val[0],
                             actions[j].name);
                    return -1;
                }
            c->keys[i] = (unsigned char)val[0];
            return 0;
        }
    snprintf(err, (size_t)errlen, "unknown action 'key.%s' (move, drop, undo, redo, flip, hint, move-now, "
             "switch, new, resign, draw, save, open, tutorial, help, quit, back, forward, analysis, lines)", name);
    return -1;
}

/* One "name = value" setting; -1 with the reason in err. */
static int set_value(UiConfig *c, const char *name, const char *val, char *err, int errlen)
{
    if (!strncmp(name, "colour.", 7) || !strncmp(name, "color.", 6))
        return set_colour(c, strchr(name, '.') + 1, val, err, errlen);
    if (!strncmp(name, "key.", 4))
        return set_key(c, name + 4, val, err, errlen);
    if (!strcmp(name, "glyphs")) {
        if (strcmp(val, "ascii") && strcmp(val, "unicode")) {
            snprintf(err, (size_t)errlen, "glyphs: '%s' is neither 'unicode' nor 'ascii'", val);
            return -1;
        }
        c->glyphs = !strcmp(val, "ascii") ? UI_GLYPHS_ASCII : UI_GLYPHS_UNICODE;
        return 0;
    }
    if (!strcmp(name, "level")) {
        char *end;
        long n = strtol(val, &end, 10);
        if (end == val || *end || n < 1 || n > 10) {
            snprintf(err, (size_t)errlen, "level: '%s' is not a level 1-10", val);
            return -1;
        }
        c->level = (int)n;
        return 0;
    }
    if (!strcmp(name, "threads")) {
        char *end;
        long n = strtol(val, &end, 10);
        if (end == val || *end || n < 1 || n > SEARCH_MAX_THREADS) {
            snprintf(err, (size_t)errlen, "threads: '%s' is not a number of threads 1-%d", val, SEARCH_MAX_THREADS);
            return -1;
        }
        c->threads = (int)n;
        return 0;
    }
    if (!strcmp(name, "bell")) {
        if (strcmp(val, "on") && strcmp(val, "off")) {
            snprintf(err, (size_t)errlen, "bell: '%s' is neither 'on' nor 'off'", val);
            return -1;
        }
        c->bell = !strcmp(val, "on") ? 1 : -1;
        return 0;
    }
    if (!strcmp(name, "analysis-vs-computer")) {
        if (strcmp(val, "on") && strcmp(val, "off")) {
            snprintf(err, (size_t)errlen, "analysis-vs-computer: '%s' is neither 'on' nor 'off'", val);
            return -1;
        }
        c->analysis = !strcmp(val, "on") ? 1 : -1;
        return 0;
    }
    if (!strcmp(name, "time")) {
        char why[200];
        if (ui_time_control_parse(val, &c->time, why, sizeof why) == 0)
            return 0;
        snprintf(err, (size_t)errlen, "time: %s", why);
        return -1;
    }
    snprintf(err, (size_t)errlen, "unknown setting '%s' (colour.NAME, key.ACTION, glyphs, level, threads, time, bell, "
             "analysis-vs-computer)", name);
    return -1;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* A key given to one action is taken from the action it belonged to; that
 * one must have been given another, or it could not be reached at all.
 * key_line: the line that gave each action its key. */
static int check_keys(const UiConfig *c, const int *key_line, const char *name, char *err, int errlen)
{
    for (int j = 0; j < NACTIONS; j++) {
        if (c->keys[j])
            continue;
        for (int i = 0; i < NACTIONS; i++)
            if (i != j && c->keys[i] == actions[j].key) {
                snprintf(err, (size_t)errlen, "%s:%d: key.%s = %c leaves %s with no key (give it another with "
                         "key.%s)", name, key_line[i], actions[i].name, actions[j].key, actions[j].name,
                         actions[j].name);
                return -1;
            }
    }
    return 0;
}

static int action_of(const char *setting)
{
    for (int i = 0; i < NACTIONS; i++)
        if (!strncmp(setting, "key.", 4) && !strcmp(setting + 4, actions[i].name))
            return i;
    return -1;
}

/* Adds one "FILE:LINE: reason" to the errors in err, a line each, so
 * that a file with several mistakes is fixed in one go. */
static void add_error(char *err, int errlen, int *nerr, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void add_error(char *err, int errlen, int *nerr, const char *fmt, ...)
{
    size_t used = *nerr ? strlen(err) : 0;
    if (*nerr && used + 1 < (size_t)errlen)
        err[used++] = '\n';
    if (used < (size_t)errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + used, (size_t)errlen - used, fmt, ap);
        va_end(ap);
    }
    (*nerr)++;
}

int ui_config_parse(UiConfig *c, const char *text, const char *name, char *err, int errlen)
{
    memset(c, 0, sizeof *c);
    snprintf(c->path, sizeof c->path, "%s", name);
    int line = 0, key_line[NACTIONS] = {0}, nerr = 0;
    for (const char *s = text; *s;) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        line++;
        char buf[256], why[400];
        if (n >= sizeof buf) {
            add_error(err, errlen, &nerr, "%s:%d: line longer than %d characters", name, line, (int)sizeof buf - 1);
            s += n + (e ? 1 : 0);
            continue;
        }
        memcpy(buf, s, n);
        buf[n] = 0;
        s += n + (e ? 1 : 0);
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = 0;
        char *l = trim(buf);
        if (!*l)
            continue;
        char *eq = strchr(l, '=');
        if (!eq) {
            add_error(err, errlen, &nerr, "%s:%d: expected 'name = value', got '%.60s'", name, line, l);
            continue;
        }
        *eq = 0;
        char *setting = trim(l);
        if (set_value(c, setting, trim(eq + 1), why, sizeof why)) {
            add_error(err, errlen, &nerr, "%s:%d: %s", name, line, why);
            continue;
        }
        if (action_of(setting) >= 0)
            key_line[action_of(setting)] = line;
    }
    if (nerr)
        return -1; /* the keys are checked once every line reads */
    return check_keys(c, key_line, name, err, errlen);
}

int ui_config_path(char *buf, int len)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, (size_t)len, "%s/ninjachess/config", xdg);
    else if (home && *home)
        n = snprintf(buf, (size_t)len, "%s/.config/ninjachess/config", home);
    else
        return -1;
    return n < len ? 0 : -1;
}

int ui_config_load(UiConfig *c, char *err, int errlen)
{
    memset(c, 0, sizeof *c);
    char path[600];
    if (ui_config_path(path, sizeof path))
        return 0; /* no home: no file */
    /* A directory others may write to could hand us any settings; a FIFO
     * or a device there would block the start or never end. */
    char dir[600];
    snprintf(dir, sizeof dir, "%s", path);
    *strrchr(dir, '/') = 0;
    if (sf_dir_check(dir, err, errlen))
        return -1;
    char why[200], q[600];
    int fd = sf_open_regular(path, why, sizeof why);
    if (fd < 0 && errno == ENOENT)
        return 0;
    if (fd < 0) {
        snprintf(err, (size_t)errlen, "%s: %s", nc_quote(path, q, sizeof q), why);
        return -1;
    }
    FILE *f = fdopen(fd, "r");
    if (!f) {
        snprintf(err, (size_t)errlen, "%s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    char text[16384];
    size_t n = fread(text, 1, sizeof text - 1, f);
    bool more = !feof(f) && fgetc(f) != EOF;
    bool bad = ferror(f);
    fclose(f);
    if (bad || more) {
        snprintf(err, (size_t)errlen, "%s: %s", path,
                 bad ? "cannot be read" : "longer than 16383 bytes");
        return -1;
    }
    text[n] = 0;
    if (memchr(text, 0, n)) {
        snprintf(err, (size_t)errlen, "%s: not a text file (it holds a NUL byte)", path);
        return -1;
    }
    return ui_config_parse(c, text, path, err, errlen);
}
