/* Safe creation of the program's files (safe_file.h): private directories,
 * temporary files renamed into place, lock files, the sweep of temporary
 * files left by a killed writer, opening only regular files for reading,
 * and appending to a file the user names.  Where the program writes, names
 * are never trusted to be what they seem: a link or a file someone else
 * put there is refused, never followed. */
#include "safe_file.h"

#include "text/quote.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SF_SUFFIX ".tmp"
#define SF_RANDOM 6

int sf_dir_check(const char *dir, char *err, int errlen)
{
    struct stat st;
    char q[600];
    if (stat(dir, &st) != 0) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, (size_t)errlen, "cannot use '%s': %s", nc_quote(dir, q, sizeof q), strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, (size_t)errlen, "'%s' is not a directory", nc_quote(dir, q, sizeof q));
        return -1;
    }
    /* Another user, or anyone who may write there, could plant links and
     * files under the names the program uses. */
    if (st.st_uid != geteuid()) {
        snprintf(err, (size_t)errlen, "'%s' belongs to another user (uid %u): not used",
                 nc_quote(dir, q, sizeof q), (unsigned)st.st_uid);
        return -1;
    }
    /* Group write is the usual umask 002 of systems that give each user a
     * group of their own: allowed for the user's own primary group only. */
    if ((st.st_mode & S_IWOTH) || ((st.st_mode & S_IWGRP) && st.st_gid != getegid())) {
        snprintf(err, (size_t)errlen, "'%s' may be written by other users (mode %04o): not used until "
                 "'chmod go-w' is run on it", nc_quote(dir, q, sizeof q), (unsigned)(st.st_mode & 07777));
        return -1;
    }
    return 0;
}

int sf_dir_make(const char *dir, char *err, int errlen)
{
    char path[1100], q[600];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        snprintf(err, (size_t)errlen, "the directory's name is too long: '%s'", nc_quote(dir, q, sizeof q));
        return -1;
    }
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p)
            continue;
        char c = *p;
        *p = 0;
        struct stat st;
        if (mkdir(path, 0700) != 0 && (errno != EEXIST || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))) {
            int e = errno == EEXIST ? ENOTDIR : errno;
            snprintf(err, (size_t)errlen, "cannot create '%s': %s", nc_quote(path, q, sizeof q), strerror(e));
            return -1;
        }
        *p = c;
        if (!c)
            break;
    }
    return sf_dir_check(dir, err, errlen);
}

/* SF_RANDOM letters and digits, from the kernel's random source; the clock
 * and a counter when it has none to give (O_EXCL keeps the name safe,
 * randomness only makes it hard to guess). */
static void random_letters(char *out)
{
    static const char set[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    static unsigned counter;
    unsigned char r[SF_RANDOM];
    if (getrandom(r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        unsigned long x = (unsigned long)ts.tv_nsec ^ ((unsigned long)getpid() << 12) ^ ++counter * 2654435761u;
        for (int i = 0; i < SF_RANDOM; i++, x = x * 6364136223846793005u + 1442695040888963407u)
            r[i] = (unsigned char)(x >> 33);
    }
    for (int i = 0; i < SF_RANDOM; i++)
        out[i] = set[r[i] % (sizeof set - 1)];
    out[SF_RANDOM] = 0;
}

static bool same_file(int fd, const char *path)
{
    struct stat a, b;
    return fstat(fd, &a) == 0 && lstat(path, &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev;
}

int sf_temp_open(SfTemp *t, const char *path, mode_t mode)
{
    t->fd = -1;
    size_t n = strlen(path);
    if (n + sizeof SF_SUFFIX + SF_RANDOM > sizeof t->tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (int tries = 0; tries < 100; tries++) {
        memcpy(t->tmp, path, n);
        memcpy(t->tmp + n, SF_SUFFIX, sizeof SF_SUFFIX - 1);
        random_letters(t->tmp + n + sizeof SF_SUFFIX - 1);
        int fd = open(t->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0)
            return -1;
        if (flock(fd, LOCK_EX) != 0) {
            int e = errno;
            close(fd);
            unlink(t->tmp);
            errno = e;
            return -1;
        }
        /* A sweep that came between the open and the lock took the file
         * for a dead writer's: start again under another name. */
        if (!same_file(fd, t->tmp)) {
            close(fd);
            continue;
        }
        t->fd = fd;
        return 0;
    }
    errno = EEXIST;
    return -1;
}

void sf_temp_drop(SfTemp *t)
{
    int e = errno;
    if (t->fd >= 0) {
        unlink(t->tmp);
        close(t->fd);
    }
    t->fd = -1;
    errno = e;
}

static int sync_dir_of(const char *path)
{
    char dir[1200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        slash[1] = 0;
    else if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    int e = errno;
    close(fd);
    errno = e;
    /* Some file systems cannot sync a directory; the data is safe anyway. */
    return rc != 0 && errno != EINVAL && errno != EROFS ? -1 : 0;
}

int sf_temp_commit(SfTemp *t, const char *path)
{
    /* Renamed while still locked, so no sweep can remove it meanwhile. */
    if (fsync(t->fd) != 0 || rename(t->tmp, path) != 0) {
        sf_temp_drop(t);
        return -1;
    }
    int rc = close(t->fd);
    t->fd = -1;
    if (rc != 0)
        return -1;
    return sync_dir_of(path);
}

/* Whether name is something EXT.tmpXXXXXX. */
static bool temp_name(const char *name, const char *ext)
{
    size_t n = strlen(name), e = strlen(ext), s = sizeof SF_SUFFIX - 1;
    if (n <= e + s + SF_RANDOM)
        return false;
    const char *tail = name + n - SF_RANDOM - s;
    if (memcmp(tail, SF_SUFFIX, s) || memcmp(tail - e, ext, e))
        return false;
    for (int i = 0; i < SF_RANDOM; i++) {
        char c = tail[s + i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return false;
    }
    return true;
}

int sf_temp_sweep(const char *dir, const char *ext)
{
    DIR *d = opendir(dir);
    int removed = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        char full[1200];
        if (!temp_name(e->d_name, ext) || snprintf(full, sizeof full, "%s/%s", dir, e->d_name) >= (int)sizeof full)
            continue;
        int fd = open(full, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat st;
        /* A writer holds its lock until the rename: a free lock is a dead one. */
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
            flock(fd, LOCK_EX | LOCK_NB) == 0 && same_file(fd, full) && unlink(full) == 0)
            removed++;
        close(fd);
    }
    if (d)
        closedir(d);
    return removed;
}

int sf_open_lock(const char *path, bool excl)
{
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | (excl ? O_EXCL : 0), 0600);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        errno = EINVAL;
        return -1;
    }
    return fd;
}

static const char *kind_of(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISDIR(m) ? "a directory" : S_ISCHR(m) || S_ISBLK(m) ? "a device"
         : S_ISSOCK(m) ? "a socket" : "not a plain file";
}

int sf_open_regular(const char *path, char *why, int whylen)
{
    /* Non-blocking: opening a FIFO would otherwise wait for a writer. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        snprintf(why, (size_t)whylen, "%s", strerror(e));
        errno = e;
        return -1;
    }
    struct stat st;
    st.st_mode = 0;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, (size_t)whylen, "%s, not a regular file: not read", kind_of(st.st_mode));
        close(fd);
        errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return fd;
}

#define SF_APPEND (O_WRONLY | O_APPEND | O_CLOEXEC)

static int fail_with(int e, char *why, int whylen)
{
    snprintf(why, (size_t)whylen, "%s", strerror(e));
    errno = e;
    return -1;
}

static int refuse_kind(mode_t m, char *why, int whylen)
{
    snprintf(why, (size_t)whylen, "%s, not a regular file: not written", kind_of(m));
    errno = EINVAL;
    return -1;
}

/* Whether st is the file the program's standard output or error is. */
static bool is_std_output(const struct stat *st)
{
    struct stat o;
    for (int fd = 1; fd <= 2; fd++)
        if (fstat(fd, &o) == 0 && o.st_dev == st->st_dev && o.st_ino == st->st_ino)
            return true;
    return false;
}

/* path is a link.  Followed, with devices, to a FIFO or a character
 * device (what /dev/stdout is when the output is a pipe or a terminal) or
 * to the program's own output; anything else it leads to could be a file
 * someone else wants overwritten. */
static int append_through_link(const char *path, bool devices, char *why, int whylen)
{
    struct stat st, now;
    if (devices && stat(path, &st) == 0 &&
        (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || (S_ISREG(st.st_mode) && is_std_output(&st)))) {
        int fd = open(path, SF_APPEND);
        if (fd < 0)
            return fail_with(errno, why, whylen);
        /* The link may have been changed between the look and the open. */
        if (fstat(fd, &now) == 0 && now.st_dev == st.st_dev && now.st_ino == st.st_ino)
            return fd;
        close(fd);
    }
    snprintf(why, (size_t)whylen, "a symbolic link, not followed where the program writes (name the file itself)");
    errno = ELOOP;
    return -1;
}

/* fd as sf_open_append returns it: its kind checked, blocking. */
static int append_checked(int fd, bool devices, char *why, int whylen)
{
    struct stat st;
    st.st_mode = 0;
    if (fstat(fd, &st) != 0 || !(S_ISREG(st.st_mode) || (devices && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))))) {
        close(fd);
        return refuse_kind(st.st_mode, why, whylen);
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0 && (fl & O_NONBLOCK))
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return fd;
}

int sf_open_append(const char *path, mode_t mode, bool devices, char *why, int whylen)
{
    for (int tries = 0; tries < 10; tries++) {
        /* Non-blocking until the kind is known: a FIFO would wait for a reader. */
        int fd = open(path, SF_APPEND | O_NOFOLLOW | O_NONBLOCK);
        if (fd < 0 && errno == ENOENT) {
            fd = open(path, SF_APPEND | O_NOFOLLOW | O_CREAT | O_EXCL, mode);
            if (fd < 0 && errno == EEXIST)
                continue; /* made meanwhile: look at it again */
        }
        struct stat st;
        if (fd < 0 && errno == ELOOP && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            return append_through_link(path, devices, why, whylen);
        /* ENXIO: a FIFO no one reads yet, or a socket. */
        if (fd < 0 && errno == ENXIO && lstat(path, &st) == 0) {
            if (!devices || !S_ISFIFO(st.st_mode))
                return refuse_kind(st.st_mode, why, whylen);
            fd = open(path, SF_APPEND | O_NOFOLLOW);
        }
        if (fd < 0)
            return fail_with(errno, why, whylen);
        return append_checked(fd, devices, why, whylen);
    }
    return fail_with(EEXIST, why, whylen);
}
