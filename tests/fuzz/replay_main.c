/* Replays fuzz inputs without libFuzzer: a main that feeds every file of the
 * directories (or the files) named on the command line to the harness it is
 * linked with, so the normal suite checks the seed corpus and the inputs
 * that once crashed with any compiler.  Files named README* and hidden
 * files are skipped; a directory that cannot be read fails the run, so a
 * wrong path in the build does not pass silently. */
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            uint8_t *bigger = realloc(buf, cap);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    int bad = ferror(f) || !buf;
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return -1;
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays the directory's files in name order (a failure is then the same
 * one on every machine); returns the count, or -1. */
static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return -1;
    }
    char **names = NULL;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strncmp(e->d_name, "README", 6) == 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **bigger = realloc(names, (size_t)cap * sizeof *names);
            if (!bigger)
                abort();
            names = bigger;
        }
        names[n] = strdup(e->d_name);
        if (!names[n])
            abort();
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, (size_t)n, sizeof *names, by_name);
    int done = 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *path = malloc(len);
        if (!path)
            abort();
        snprintf(path, len, "%s/%s", dir, names[i]);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            if (replay_file(path) < 0)
                done = -1;
            else if (done >= 0)
                done++;
        }
        free(path);
        free(names[i]);
    }
    free(names);
    return done;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR|FILE...\n", argv[0]);
        return 2;
    }
    int total = 0, status = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        int n;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
            n = replay_dir(argv[i]);
        else
            n = replay_file(argv[i]) == 0 ? 1 : -1;
        if (n < 0)
            status = 1;
        else
            total += n;
        printf("%s: %d inputs\n", argv[i], n < 0 ? 0 : n);
    }
    printf("replayed %d inputs%s\n", total, status ? ", some could not be read" : "");
    return status;
}
