/* Where the games in progress are kept, so that no game is lost: each game
 * has its own file, $XDG_STATE_HOME/ninjachess/games/DATE-TIME-PID.pgn,
 * written atomically after every change, with DATE-TIME-PID.lock beside it,
 * flock()ed by the instance playing that game.  A finished game's file
 * moves to games/finished/ once the game is left.  Also the saved games to
 * offer at start (the single autosave.pgn of earlier versions moves into
 * games/ first).  Nothing is drawn here; failures go to the Ui's message. */
#include "ui_internal.h"

#include "files/safe_file.h"
#include "notation/notation.h"
#include "text/quote.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- the state directory ---- */

int ui_state_dir(char *buf, int len, const char *sub, bool create, char *err, int errlen)
{
    const char *xdg = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    int n;
    /* A relative XDG_STATE_HOME is ignored, as the XDG rules say. */
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, (size_t)len, "%s/ninjachess%s%s", xdg, *sub ? "/" : "", sub);
    else if (home && *home)
        n = snprintf(buf, (size_t)len, "%s/.local/state/ninjachess%s%s", home, *sub ? "/" : "", sub);
    else {
        snprintf(err, (size_t)errlen, "neither XDG_STATE_HOME nor HOME is set: nowhere to keep the game");
        return -1;
    }
    if (n >= len) {
        snprintf(err, (size_t)errlen, "the state directory's name is too long");
        return -1;
    }
    /* The directory and the one of the program above it: created 0700,
     * and refused when another user could put links in them. */
    if (create ? sf_dir_make(buf, err, errlen) : sf_dir_check(buf, err, errlen))
        return -1;
    if (*sub) {
        char base[1024];
        snprintf(base, sizeof base, "%.*s", (int)(strlen(buf) - strlen(sub) - 1), buf);
        return sf_dir_check(base, err, errlen);
    }
    return 0;
}

int ui_autosave_path(char *buf, int len, bool create_dir)
{
    char dir[1024], err[800];
    if (ui_state_dir(dir, sizeof dir, "", create_dir, err, sizeof err))
        return -1;
    return snprintf(buf, (size_t)len, "%s/autosave.pgn", dir) >= len ? -1 : 0;
}

/* ---- locks: DIR/NAME.lock beside DIR/NAME.pgn ---- */

static void lock_path_of(const char *game, char *buf, size_t len)
{
    size_t n = strlen(game);
    if (n > 4 && !strcmp(game + n - 4, ".pgn"))
        n -= 4;
    snprintf(buf, len, "%.*s.lock", (int)n, game);
}

/* Takes the lock; -1 with errno EWOULDBLOCK when another instance has it.
 * A lock file its holder removed while we waited is not a lock: retried. */
static int lock_take(const char *path, bool excl)
{
    for (int tries = 0; tries < 5; tries++) {
        int fd = sf_open_lock(path, excl); /* a link there is refused, never followed */
        if (fd < 0)
            return -1;
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int e = errno;
            close(fd);
            errno = e;
            return -1;
        }
        struct stat a, b;
        if (fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev)
            return fd;
        close(fd);
        excl = false;
    }
    errno = EWOULDBLOCK;
    return -1;
}

/* Removed while still held, so whoever opens it next knows it is stale. */
static void lock_drop(const char *game, int *lock)
{
    if (!*lock)
        return;
    char path[1200];
    lock_path_of(game, path, sizeof path);
    unlink(path);
    close(*lock - 1);
    *lock = 0;
}

/* ---- saving the game in progress ---- */

/* Makes the game's file name and takes its lock. */
static int new_game_file(Ui *u, char *err, int errlen)
{
    char dir[1024], stamp[32] = "0";
    if (ui_state_dir(dir, sizeof dir, "games", true, err, errlen))
        return -1;
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int k = 0; k < 100; k++) {
        char lock[1200], num[16] = "";
        if (k)
            snprintf(num, sizeof num, "-%d", k);
        if (snprintf(u->game_file, sizeof u->game_file, "%s/%s-%ld%s.pgn", dir, stamp, (long)getpid(), num) >=
            (int)sizeof u->game_file)
            break;
        lock_path_of(u->game_file, lock, sizeof lock);
        if (access(u->game_file, F_OK) == 0)
            continue;
        int fd = lock_take(lock, true);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0) {
            char q[600];
            snprintf(err, (size_t)errlen, "cannot create '%s': %s", nc_quote(lock, q, sizeof q), strerror(errno));
            u->game_file[0] = 0;
            return -1;
        }
        u->game_lock = fd + 1;
        u->game_created = true;
        return 0;
    }
    u->game_file[0] = 0;
    char q[600];
    snprintf(err, (size_t)errlen, "no free name for the game in '%s'", nc_quote(dir, q, sizeof q));
    return -1;
}

int ui_autosave(Ui *u)
{
    if (!u->v || u->tutorial || u->changes == u->saved_changes)
        return 0;
    if (!u->game_file[0] && u->g.nply == 0) {
        u->saved_changes = u->changes; /* nothing worth a file yet */
        return 0;
    }
    char err[700];
    if ((!u->game_file[0] && new_game_file(u, err, sizeof err)) || ui_pgn_save(u, u->game_file, err, sizeof err)) {
        u->save_failed = true;
        u->failed_changes = u->changes;
        u->save_retry = (long)time(NULL) + 5;
        snprintf(u->save_err, sizeof u->save_err, "%s", err);
        ui_msg(u, true, "Game not saved: %s; the game stays open", err);
        return -1;
    }
    u->saved_changes = u->changes;
    u->save_failed = false;
    return 0;
}

void ui_autosave_tick(Ui *u)
{
    if (u->changes == u->saved_changes)
        return;
    if (u->save_failed && u->failed_changes == u->changes && (long)time(NULL) < u->save_retry) {
        if (!u->msg[0])
            ui_msg(u, true, "Game not saved: %s; the game stays open", u->save_err);
        return;
    }
    ui_autosave(u);
}

/* games/finished/NAME; a file that cannot move stays where it is, and is
 * kept out of the offer by its result. */
static void move_to_finished(const char *path)
{
    char dir[1024], err[800], dest[1200];
    if (ui_state_dir(dir, sizeof dir, "games/finished", true, err, sizeof err))
        return;
    const char *base = strrchr(path, '/');
    int n = snprintf(dest, sizeof dest, "%s/%s", dir, base ? base + 1 : path);
    if (n < 0 || (size_t)n >= sizeof dest)
        return; /* a path too long to name: never a cut one */
    rename(path, dest);
}

void ui_autosave_leave(Ui *u)
{
    ui_autosave(u);
    if (u->game_file[0] && u->changes == u->saved_changes) {
        if (ui_game_over(u))
            move_to_finished(u->game_file);
        else if (u->game_created && u->g.nply == 0)
            unlink(u->game_file); /* all its moves were taken back */
    }
    lock_drop(u->game_file, &u->game_lock);
    u->game_file[0] = 0;
    u->game_created = false;
    u->changes = u->saved_changes = u->failed_changes = 0;
    u->save_failed = false;
    u->save_err[0] = 0;
}

/* ---- the saved games to offer ---- */

typedef struct {
    char path[1100];
    long long mtime;      /* nanoseconds: two saves in one second still differ */
} Candidate;

static long long mtime_ns(const struct stat *st)
{
    return (long long)st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
}

static int newest_first(const void *a, const void *b)
{
    long long x = ((const Candidate *)a)->mtime, y = ((const Candidate *)b)->mtime;
    return x < y ? 1 : x > y ? -1 : strcmp(((const Candidate *)a)->path, ((const Candidate *)b)->path);
}

/* The autosave.pgn of earlier versions joins games/ as a game of its own;
 * where it cannot move, it is offered where it is. */
static void adopt_old_autosave(const char *games, Candidate **list, int *n, int *cap)
{
    char old[1100], dest[1200];
    struct stat st;
    if (ui_autosave_path(old, sizeof old, false) || stat(old, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    snprintf(dest, sizeof dest, "%s/%ld-autosave.pgn", games, (long)st.st_mtime);
    if (games[0] && access(dest, F_OK) != 0 && rename(old, dest) == 0)
        return;
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        Candidate *nl = realloc(*list, sizeof **list * (size_t)*cap);
        if (!nl)
            return;
        *list = nl;
    }
    snprintf((*list)[*n].path, sizeof (*list)[*n].path, "%s", old);
    (*list)[(*n)++].mtime = mtime_ns(&st);
}

/* Every games/NAME.pgn (and the old autosave), the newest first. */
static Candidate *list_candidates(int *np)
{
    char games[1024], err[800];
    Candidate *list = NULL;
    int n = 0, cap = 0;
    if (ui_state_dir(games, sizeof games, "games", false, err, sizeof err))
        return NULL;
    struct stat st;
    if (stat(games, &st) != 0 && ui_state_dir(games, sizeof games, "games", true, err, sizeof err))
        games[0] = 0;
    adopt_old_autosave(games, &list, &n, &cap);
    DIR *d = games[0] ? opendir(games) : NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 4, ".pgn") || e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            Candidate *nl = realloc(list, sizeof *list * (size_t)cap);
            if (!nl)
                break;
            list = nl;
        }
        snprintf(list[n].path, sizeof list[n].path, "%s/%s", games, e->d_name);
        if (stat(list[n].path, &st) == 0 && S_ISREG(st.st_mode))
            list[n++].mtime = mtime_ns(&st);
    }
    if (d)
        closedir(d);
    if (n)
        qsort(list, (size_t)n, sizeof *list, newest_first);
    *np = n;
    return list;
}

/* Whether every word of list a (split at commas and spaces) is in b. */
static bool words_in(const char *a, const char *b)
{
    for (const char *s = a; *s;) {
        size_t l = strcspn(s, ", ");
        bool found = l == 0;
        for (const char *t = b; *t && !found;) {
            size_t m = strcspn(t, ", ");
            found = m == l && !strncasecmp(s, t, l);
            t += m + (t[m] ? 1 : 0);
        }
        if (!found)
            return false;
        s += l + (s[l] ? 1 : 0);
    }
    return true;
}

/* Lists of rules or Titans given in another order are the same. */
static bool same_list(const char *a, const char *b)
{
    return words_in(a, b) && words_in(b, a);
}

static bool same_game_kind(const Ui *a, const Ui *b)
{
    return !strcasecmp(a->vname, b->vname) && !strcmp(a->setup, b->setup) && same_list(a->options, b->options) &&
           same_list(a->titans, b->titans) && ui_pgn_at_setup(b);
}

/* A result other than "*" in the file: the game ended (resigned, agreed). */
static bool file_says_finished(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256];
    bool done = false;
    while (f && fgets(line, sizeof line, f) && line[0] == '[')
        if (!strncmp(line, "[Result \"", 9) && strncmp(line + 9, "*\"", 2))
            done = true;
    if (f)
        fclose(f);
    return done;
}

static void note_damaged(const char *path, const char *why, char *note, int notelen)
{
    char bad[1200], q[600];
    snprintf(bad, sizeof bad, "%s.damaged", path);
    rename(path, bad);
    snprintf(note, (size_t)notelen, "The saved game could not be read (kept as '%s'): %s",
             nc_quote(bad, q, sizeof q), why);
}

/* The temporary files of saves that were cut short (NAME.pgn.tmpXXXXXX),
 * removed once the game's lock is ours, so no writer can own them. */
static void remove_leftovers(const char *path)
{
    char dir[1100], tmp[1200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return;
    *slash = 0;
    int n = snprintf(tmp, sizeof tmp, "%s.tmp", slash + 1);
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (strncmp(e->d_name, tmp, (size_t)n) || strlen(e->d_name) != (size_t)n + 6)
            continue;
        char full[1200];
        if (snprintf(full, sizeof full, "%s/%s", dir, e->d_name) < (int)sizeof full)
            unlink(full);
    }
    if (d)
        closedir(d);
}

/* Looks at one candidate with its lock held; true when it is offered. */
static bool examine(const Ui *u, bool match, const Candidate *c, SavedGame *g, char *note, int notelen)
{
    Ui probe;
    memset(&probe, 0, sizeof probe);
    probe.drop_type = -1;
    probe.data_dir = u->data_dir;
    probe.utf8 = u->utf8;
    probe.colours = u->colours;
    char err[800];
    bool ok = false;
    if (access(c->path, F_OK) != 0)
        return false; /* finished and moved by its player meanwhile */
    if (ui_pgn_load(&probe, c->path, err, sizeof err) != 0) {
        note_damaged(c->path, err, note, notelen);
    } else if (ui_game_over(&probe) || file_says_finished(c->path)) {
        move_to_finished(c->path);
    } else if (!match || same_game_kind(u, &probe)) {
        snprintf(g->path, sizeof g->path, "%s", c->path);
        snprintf(g->title, sizeof g->title, "%s", probe.v->title);
        g->plies = probe.g.nply;
        g->mtime = (long)(c->mtime / 1000000000LL);
        time_t t = (time_t)g->mtime;
        struct tm tm;
        snprintf(g->when, sizeof g->when, "?");
        if (localtime_r(&t, &tm))
            strftime(g->when, sizeof g->when, "%Y-%m-%d %H:%M", &tm);
        ok = true;
    }
    ui_game_free(&probe);
    return ok;
}

int ui_saved_games(const Ui *u, bool match, SavedGame *out, int max, char *note, int notelen)
{
    int n = 0, found = 0;
    note[0] = 0;
    Candidate *list = list_candidates(&n);
    for (int i = 0; i < n && found < max; i++) {
        char lock[1200];
        lock_path_of(list[i].path, lock, sizeof lock);
        int fd = lock_take(lock, false);
        if (fd < 0 && errno == EWOULDBLOCK)
            continue; /* another instance is playing it */
        /* Without a lock (a read-only directory) the game is still offered. */
        int held = fd >= 0 ? fd + 1 : 0;
        if (held)
            remove_leftovers(list[i].path);
        memset(&out[found], 0, sizeof out[found]);
        if (examine(u, match, &list[i], &out[found], note, notelen)) {
            out[found++].lock = held;
        } else {
            lock_drop(list[i].path, &held);
        }
    }
    free(list);
    return found;
}

void ui_saved_game_release(SavedGame *g)
{
    lock_drop(g->path, &g->lock);
}

int ui_saved_game_resume(Ui *u, SavedGame *g, char *err, int errlen)
{
    if (ui_pgn_load(u, g->path, err, errlen) != 0) {
        ui_saved_game_release(g);
        return -1;
    }
    snprintf(u->game_file, sizeof u->game_file, "%s", g->path);
    u->game_lock = g->lock;
    u->game_created = false;
    g->lock = 0;
    return 0;
}
