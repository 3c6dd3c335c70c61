/* Where the games in progress are kept, so that no game is lost: each game
 * has its own file, $XDG_STATE_HOME/ninjachess/games/DATE-TIME-PID.pgn,
 * written atomically after every change, with DATE-TIME-PID.lock beside it,
 * flock()ed by the instance playing that game.  A finished game's file
 * moves to games/finished/ once the game is left.  The saved games offered
 * at start are ui_saved_games.c's.  Nothing is drawn here; failures go to
 * the Ui's message. */
#include "ui_internal.h"

#include "files/safe_file.h"
#include "text/quote.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
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

void ui_lock_path_of(const char *game, char *buf, size_t len)
{
    size_t n = strlen(game);
    if (n > 4 && !strcmp(game + n - 4, ".pgn"))
        n -= 4;
    snprintf(buf, len, "%.*s.lock", (int)n, game);
}

/* Takes the lock; -1 with errno EWOULDBLOCK when another instance has it.
 * A lock file its holder removed while we waited is not a lock: retried. */
int ui_lock_take(const char *path, bool excl)
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
void ui_lock_drop(const char *game, int *lock)
{
    if (!*lock)
        return;
    char path[1200];
    ui_lock_path_of(game, path, sizeof path);
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
        int w = snprintf(u->save.game_file, sizeof u->save.game_file, "%s/%s-%ld%s.pgn", dir, stamp,
                         (long)getpid(), num);
        if (w >= (int)sizeof u->save.game_file)
            break;
        ui_lock_path_of(u->save.game_file, lock, sizeof lock);
        if (access(u->save.game_file, F_OK) == 0)
            continue;
        int fd = ui_lock_take(lock, true);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0) {
            char q[600];
            snprintf(err, (size_t)errlen, "cannot create '%s': %s", nc_quote(lock, q, sizeof q), strerror(errno));
            u->save.game_file[0] = 0;
            return -1;
        }
        u->save.game_lock = fd + 1;
        u->save.game_created = true;
        return 0;
    }
    u->save.game_file[0] = 0;
    char q[600];
    snprintf(err, (size_t)errlen, "no free name for the game in '%s'", nc_quote(dir, q, sizeof q));
    return -1;
}

int ui_autosave(Ui *u)
{
    if (!u->game.v || u->mode.tutorial || u->save.changes == u->save.saved_changes)
        return 0;
    if (!u->save.game_file[0] && u->game.g.nply == 0) {
        u->save.saved_changes = u->save.changes; /* nothing worth a file yet */
        return 0;
    }
    char err[700];
    if ((!u->save.game_file[0] && new_game_file(u, err, sizeof err)) ||
        ui_pgn_save(u, u->save.game_file, err, sizeof err)) {
        u->save.save_failed = true;
        u->save.failed_changes = u->save.changes;
        u->save.save_retry = (long)time(NULL) + 5;
        snprintf(u->save.save_err, sizeof u->save.save_err, "%s", err);
        ui_msg(u, true, "Game not saved: %s; the game stays open", err);
        return -1;
    }
    u->save.saved_changes = u->save.changes;
    u->save.save_failed = false;
    return 0;
}

void ui_autosave_tick(Ui *u)
{
    if (u->save.changes == u->save.saved_changes)
        return;
    if (u->save.save_failed && u->save.failed_changes == u->save.changes && (long)time(NULL) < u->save.save_retry) {
        if (!u->msg[0])
            ui_msg(u, true, "Game not saved: %s; the game stays open", u->save.save_err);
        return;
    }
    ui_autosave(u);
}

/* games/finished/NAME; a file that cannot move stays where it is, and is
 * kept out of the offer by its result. */
void ui_move_to_finished(const char *path)
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
    if (u->save.game_file[0] && u->save.changes == u->save.saved_changes) {
        if (ui_game_over(u))
            ui_move_to_finished(u->save.game_file);
        else if (u->save.game_created && u->game.g.nply == 0)
            unlink(u->save.game_file); /* all its moves were taken back */
    }
    ui_lock_drop(u->save.game_file, &u->save.game_lock);
    u->save.game_file[0] = 0;
    u->save.game_created = false;
    u->save.changes = u->save.saved_changes = u->save.failed_changes = 0;
    u->save.save_failed = false;
    u->save.save_err[0] = 0;
}
