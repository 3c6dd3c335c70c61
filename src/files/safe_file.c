/* Safe creation of the program's files (safe_file.h): private directories,
 * temporary files renamed into place, lock files, the sweep of temporary
 * files left by a killed writer, and opening only regular files for
 * reading.  Names are never trusted to be what they seem: a link or a
 * file someone else put there is refused, never followed. */
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

int sf_open_regular(const char *path, char *err, int errlen)
{
    char q[600];
    /* Non-blocking: opening a FIFO would otherwise wait for a writer. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno != ENOENT)
            snprintf(err, (size_t)errlen, "%s: %s", nc_quote(path, q, sizeof q), strerror(errno));
        return -1;
    }
    struct stat st;
    st.st_mode = 0;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, (size_t)errlen, "%s: %s, not a regular file: not read", nc_quote(path, q, sizeof q),
                 kind_of(st.st_mode));
        close(fd);
        errno = EINVAL;
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return fd;
}
