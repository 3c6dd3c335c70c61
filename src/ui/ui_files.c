/* The screen's own files: a path as typed at a prompt ("~" and "~NAME"
 * expanded), and a file replaced whole, atomically, through the one safe
 * writer; the saved games, their origin files and the lesson progress are
 * written through it. */
#include "ui_internal.h"

#include "files/safe_file.h"
#include "text/quote.h"

#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "cannot write 'PATH': REASON" with the path quoted. */
static void write_error(char *err, int errlen, const char *path, int e)
{
    char q[600];
    snprintf(err, (size_t)errlen, "cannot write '%s': %s", nc_quote(path, q, sizeof q), strerror(e));
}

static int write_all(int fd, const char *data, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return -1;
        if (w == 0) {
            errno = ENOSPC;
            return -1;
        }
        done += (size_t)w;
    }
    return 0;
}

int ui_expand_path(const char *typed, char *out, int len)
{
    if (typed[0] != '~')
        return snprintf(out, (size_t)len, "%s", typed) < len ? 0 : -1;
    /* "~" or "~/..." is $HOME (the password entry without one); "~NAME"
     * that user's home, as a shell reads it. */
    const char *rest = strchr(typed, '/');
    size_t nlen = rest ? (size_t)(rest - typed - 1) : strlen(typed + 1);
    const char *home = NULL;
    if (nlen == 0) {
        home = getenv("HOME");
        if (!home || !*home) {
            struct passwd *pw = getpwuid(getuid());
            home = pw ? pw->pw_dir : NULL;
        }
    } else {
        char name[256];
        if (nlen >= sizeof name)
            return -1;
        memcpy(name, typed + 1, nlen);
        name[nlen] = 0;
        struct passwd *pw = getpwnam(name);
        home = pw ? pw->pw_dir : NULL;
    }
    if (!home)
        return -1;
    return snprintf(out, (size_t)len, "%s%s", home, rest ? rest : "") < len ? 0 : -1;
}

/* Through the one safe writer (src/files/safe_file.c): a new temporary
 * file beside path, written, fsynced, renamed over path, the directory
 * fsynced; the file holds the old contents or the new, never a part. */
int ui_atomic_write(const char *path, const char *data, size_t len, char *err, int errlen)
{
    SfTemp t;
    if (sf_temp_open(&t, path, 0644) != 0) {
        write_error(err, errlen, path, errno);
        return -1;
    }
    if (write_all(t.fd, data, len) != 0) {
        sf_temp_drop(&t);
        write_error(err, errlen, path, errno);
        return -1;
    }
    if (sf_temp_commit(&t, path) != 0) {
        write_error(err, errlen, path, errno);
        return -1;
    }
    return 0;
}
