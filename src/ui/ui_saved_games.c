/* The saved games offered at start: every unfinished game of
 * games/ (the single autosave.pgn of earlier versions moves there first)
 * whose lock no running instance holds, the newest first, each read to be
 * shown; a damaged file is put aside, a finished one moved to finished/.
 * Resuming one loads it and keeps saving to its file (ui_autosave.c). */
#include "ui_internal.h"

#include "text/quote.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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
    return !strcasecmp(a->game.vname, b->game.vname) && !strcmp(a->game.setup, b->game.setup) &&
           same_list(a->game.options, b->game.options) && same_list(a->game.titans, b->game.titans) &&
           ui_pgn_at_setup(b);
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
    probe.board.drop_type = -1;
    probe.data_dir = u->data_dir;
    probe.look.utf8 = u->look.utf8;
    probe.look.colours = u->look.colours;
    char err[800];
    bool ok = false;
    if (access(c->path, F_OK) != 0)
        return false; /* finished and moved by its player meanwhile */
    if (ui_pgn_load(&probe, c->path, err, sizeof err) != 0) {
        note_damaged(c->path, err, note, notelen);
    } else if (ui_game_over(&probe) || file_says_finished(c->path)) {
        ui_move_to_finished(c->path);
    } else if (!match || same_game_kind(u, &probe)) {
        snprintf(g->path, sizeof g->path, "%s", c->path);
        snprintf(g->title, sizeof g->title, "%s", probe.game.v->title);
        g->plies = probe.game.g.nply;
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
        ui_lock_path_of(list[i].path, lock, sizeof lock);
        int fd = ui_lock_take(lock, false);
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
            ui_lock_drop(list[i].path, &held);
        }
    }
    free(list);
    return found;
}

void ui_saved_game_release(SavedGame *g)
{
    ui_lock_drop(g->path, &g->lock);
}

int ui_saved_game_resume(Ui *u, SavedGame *g, char *err, int errlen)
{
    if (ui_pgn_load(u, g->path, err, errlen) != 0) {
        ui_saved_game_release(g);
        return -1;
    }
    snprintf(u->save.game_file, sizeof u->save.game_file, "%s", g->path);
    u->save.game_lock = g->lock;
    u->save.game_created = false;
    g->lock = 0;
    return 0;
}
