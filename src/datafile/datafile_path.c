/* The data path (doc/data-files.md, "Where the files are found"): every
 * directory searched for data files, first one first, joined by ':' as in
 * $XDG_DATA_DIRS.  Building it from the options and the environment,
 * walking it, which file a variant is read from, the variants it holds,
 * the pieces.txt files it holds, and its problems (a directory or file
 * that cannot be read).  Reading the files is the rest of datafile*.c. */
#include "datafile_internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef NC_DATA_DIR_INSTALLED
#define NC_DATA_DIR_INSTALLED "/usr/local/share/ninjachess"
#endif
#ifndef NC_DATA_DIR_SOURCE
#define NC_DATA_DIR_SOURCE ""
#endif

/* Room for the whole data path; a longer one is reported by data_path_check. */
#define DF_MAX_DATA_PATH 16383

static bool path_overflow; /* data_dir_find left directories out */

const char *data_path_next(const char **s, int *len)
{
    while (**s == ':')
        (*s)++;
    if (!**s)
        return NULL;
    const char *dir = *s, *e = strchr(dir, ':');
    *len = e ? (int)(e - dir) : (int)strlen(dir);
    *s = dir + *len;
    return dir;
}

static bool in_path(const char *path, const char *dir, int len)
{
    const char *s = path, *d;
    int n;
    while ((d = data_path_next(&s, &n)))
        if (n == len && !strncmp(d, dir, (size_t)len))
            return true;
    return false;
}

/* Adds PREFIX SUFFIX to the path in buf unless it is empty or there
 * already; one that does not exist is added only when `always` (given by
 * the player, so that using it reports what is wrong with it). */
static void add_dir(char *buf, const char *prefix, int plen, const char *suffix, bool always)
{
    char dir[DF_MAX_PATH + 2];
    int len = snprintf(dir, sizeof dir, "%.*s%s", plen, prefix, suffix);
    if (plen == 0 || len < 0 || in_path(buf, dir, len))
        return;
    /* a file where the directory should be, or one that cannot be looked
     * at, stays in the path so that data_path_check reports it */
    struct stat st;
    if (!always && (len > DF_MAX_PATH || (stat(dir, &st) != 0 && errno == ENOENT)))
        return;
    size_t n = strlen(buf);
    if (n + (size_t)len + 2 > DF_MAX_DATA_PATH) {
        path_overflow = true;
        return;
    }
    snprintf(buf + n, DF_MAX_DATA_PATH + 1 - n, "%s%s", n ? ":" : "", dir);
}

/* Adds each directory of a ':'-separated list, each followed by suffix. */
static void add_list(char *buf, const char *list, const char *suffix, bool always)
{
    const char *s = list ? list : "", *d;
    int n;
    while ((d = data_path_next(&s, &n)))
        add_dir(buf, d, n, suffix, always);
}

const char *data_dir_find(const char *explicit_dir)
{
    static char buf[DF_MAX_DATA_PATH + 1]; /* the returned path; rebuilt on each call */
    buf[0] = 0;
    path_overflow = false;
    add_list(buf, explicit_dir, "", true);
    add_list(buf, getenv("NINJACHESS_DATA_DIR"), "", true);
    const char *home = getenv("XDG_DATA_HOME");
    if (home && *home)
        add_dir(buf, home, (int)strlen(home), "/ninjachess", false);
    else if ((home = getenv("HOME")) && *home)
        add_dir(buf, home, (int)strlen(home), "/.local/share/ninjachess", false);
    const char *dirs = getenv("XDG_DATA_DIRS");
    add_list(buf, dirs && *dirs ? dirs : "/usr/local/share:/usr/share", "/ninjachess", false);
    add_dir(buf, NC_DATA_DIR_INSTALLED, (int)strlen(NC_DATA_DIR_INSTALLED), "", false);
    add_dir(buf, NC_DATA_DIR_SOURCE, (int)strlen(NC_DATA_DIR_SOURCE), "", false);
    return buf;
}

/* stat that tells "not there" (false, errno 0) from "cannot tell" (false,
 * errno set: a directory on the way that cannot be searched). */
static bool exists(const char *file, struct stat *st)
{
    if (stat(file, st) == 0)
        return true;
    if (errno == ENOENT || errno == ENOTDIR)
        errno = 0;
    return false;
}

int variant_file(const char *path, const char *name, char *file, size_t len, DataErrors *errs)
{
    const char *s = path, *d;
    int n;
    while ((d = data_path_next(&s, &n))) {
        if (snprintf(file, len, "%.*s/variants/%s.txt", n, d, name) >= (int)len) {
            char dir[DF_MAX_PATH + 1];
            snprintf(dir, sizeof dir, "%.*s", n, d);
            df_add_error(errs, dir, 0, "data directory path longer than %d bytes",
                         (int)len - 15 - (int)strlen(name));
            return -1;
        }
        struct stat st;
        if (exists(file, &st))
            return 0;
        if (errno) {
            df_add_error(errs, file, 0, "cannot open (%s)", strerror(errno));
            return -1;
        }
    }
    df_add_error(errs, name, 0, "unknown variant (see --list-variants)");
    return -1;
}

int df_pieces_files(const char *path, char (*files)[DF_MAX_PATH + 1], int max, DataErrors *errs)
{
    const char *s = path, *d;
    int n, k = 0;
    while ((d = data_path_next(&s, &n))) {
        char dir[DF_MAX_PATH + 1];
        snprintf(dir, sizeof dir, "%.*s", n, d);
        if (n > DF_MAX_PATH - 11) {
            df_add_error(errs, dir, 0, "data directory path longer than %d bytes", DF_MAX_PATH - 11);
            return -1;
        }
        if (k == max) {
            df_add_error(errs, dir, 0, "more than %d data directories", max);
            return -1;
        }
        memcpy(files[k], d, (size_t)n);
        memcpy(files[k] + n, "/pieces.txt", 12);
        struct stat st;
        if (exists(files[k], &st))
            k++;
        else if (errno) {
            df_add_error(errs, files[k], 0, "cannot open (%s)", strerror(errno));
            return -1;
        }
    }
    return k;
}

int df_path_count(const char *path)
{
    const char *s = path;
    int n, k = 0;
    while (data_path_next(&s, &n))
        k++;
    return k;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds the *.txt names of one variants directory to names (n of cap). */
static int list_dir(const char *vdir, char ***names, int *n, int *cap)
{
    DIR *dh = opendir(vdir);
    if (!dh)
        return 0;
    struct dirent *e;
    while ((e = readdir(dh))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt"))
            continue;
        if (*n == *cap) {
            *cap = *cap ? *cap * 2 : 16;
            char **nn = realloc(*names, sizeof **names * (size_t)*cap);
            if (!nn)
                break;
            *names = nn;
        }
        char *name = strndup(e->d_name, len - 4);
        if (!name)
            break;
        (*names)[(*n)++] = name;
    }
    closedir(dh);
    return 0;
}

int variant_list(const char *path, char ***names)
{
    *names = NULL;
    int n = 0, cap = 0;
    const char *s = path, *d;
    int len;
    while ((d = data_path_next(&s, &len))) {
        char vdir[DF_MAX_PATH + 16];
        if (snprintf(vdir, sizeof vdir, "%.*s/variants", len, d) < (int)sizeof vdir)
            list_dir(vdir, names, &n, &cap);
    }
    if (n == 0)
        return 0;
    qsort(*names, (size_t)n, sizeof **names, cmp_str);
    /* a name in several directories is one variant (the first directory's) */
    int k = 1;
    for (int i = 1; i < n; i++) {
        if (strcmp((*names)[i], (*names)[k - 1]) == 0)
            free((*names)[i]);
        else
            (*names)[k++] = (*names)[i];
    }
    return k;
}

/* One directory of the path: it must be a directory that can be read, and
 * so must its variants/ and pieces.txt where they exist. */
static void check_dir(const char *dir, DataErrors *errs)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        df_add_error(errs, dir, 0, "cannot use as data directory (%s)", strerror(errno));
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        df_add_error(errs, dir, 0, "cannot use as data directory (%s)", strerror(ENOTDIR));
        return;
    }
    char sub[DF_MAX_PATH + 16];
    snprintf(sub, sizeof sub, "%s/variants", dir);
    if (stat(sub, &st) == 0) {
        DIR *dh = opendir(sub);
        if (!dh)
            df_add_error(errs, sub, 0, "cannot read (%s)", strerror(errno));
        else
            closedir(dh);
    } else if (errno != ENOENT) {
        df_add_error(errs, sub, 0, "cannot read (%s)", strerror(errno));
    }
    snprintf(sub, sizeof sub, "%s/pieces.txt", dir);
    if (stat(sub, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            df_add_error(errs, sub, 0, "cannot read (%s)", strerror(EISDIR));
        else if (access(sub, R_OK) != 0)
            df_add_error(errs, sub, 0, "cannot read (%s)", strerror(errno));
    } else if (errno != ENOENT) {
        df_add_error(errs, sub, 0, "cannot read (%s)", strerror(errno));
    }
}

int data_path_check(const char *path, DataErrors *errs)
{
    errs->n = 0;
    if (path_overflow)
        df_add_error(errs, path, 0, "more data directories than fit in %d bytes", DF_MAX_DATA_PATH);
    const char *s = path, *d;
    int n;
    while ((d = data_path_next(&s, &n))) {
        char dir[DF_MAX_PATH + 1];
        if (n > DF_MAX_PATH - 11) {
            snprintf(dir, sizeof dir, "%.*s", DF_MAX_PATH, d);
            df_add_error(errs, dir, 0, "data directory path longer than %d bytes", DF_MAX_PATH - 11);
            continue;
        }
        snprintf(dir, sizeof dir, "%.*s", n, d);
        check_dir(dir, errs);
    }
    return errs->n;
}
