/* Endgame tables on demand, and their cache files: a 128-byte header
 * (magic, version, variant name and identity, material, attacker, square
 * count, positions, checksum of the data) and then the attacker-to-move and
 * defender-to-move bytes.  A file is written under a temporary name and
 * renamed, so a reader never sees half of one; it is mapped read-only
 * once every field and the checksum agree. */
#include "eg_store.h"

#include "eg_solve.h"

#include "files/safe_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define EG_FILE_VERSION 1u
#define EG_HEADER_SIZE 128
#define EG_STORE_MAX 32
static const char eg_magic[8] = {'N', 'C', 'E', 'G', 'T', 'B', 'L', '\n'};

typedef struct {
    char magic[8];
    uint32_t version, nsquares;
    uint64_t npos, identity, checksum;
    char variant[48];
    char material[8];
    uint32_t attacker;
    char pad[EG_HEADER_SIZE - 8 - 8 - 24 - 48 - 8 - 4];
} EgHeader;
_Static_assert(sizeof(EgHeader) == EG_HEADER_SIZE, "the cache header is 128 bytes");

struct EgStore {
    char dir[900];
    bool progress;
    int n;
    EgTable *tables[EG_STORE_MAX];
    uint64_t ids[EG_STORE_MAX];
    const Variant *vs[EG_STORE_MAX];
    /* tables looked for without building and not found: not looked for
     * again (a search asks at every root of such an ending) */
    int nmissing;
    uint64_t missing[EG_STORE_MAX];
    const Variant *missing_v[EG_STORE_MAX];
    bool swept;  /* dead writers' temporary files removed */
    int dir_ok;  /* the cache directory: 0 not checked yet, 1 usable, -1 refused */
    const atomic_int *stop; /* set: a build stops (eg_store_set_stop) */
    char dir_err[300];
};

EgStore *eg_store_new(const char *dir, bool progress)
{
    EgStore *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->progress = progress;
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (dir)
        snprintf(s->dir, sizeof s->dir, "%s", dir);
    else if (xdg && xdg[0] == '/')
        snprintf(s->dir, sizeof s->dir, "%s/ninjachess", xdg);
    else if (home && home[0])
        snprintf(s->dir, sizeof s->dir, "%s/.cache/ninjachess", home);
    return s;
}

static void table_release(EgTable *t)
{
    if (t->mem_kind == 1)
        free(t->mem);
    else if (t->mem_kind == 2)
        munmap(t->mem, t->memlen);
    free(t);
}

void eg_store_free(EgStore *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n; i++)
        table_release(s->tables[i]);
    free(s);
}

void eg_store_discard(EgStore *s, const EgTable *t)
{
    for (int i = 0; i < s->n; i++) {
        if (s->tables[i] != t)
            continue;
        char path[1100];
        if (eg_store_path(s, t->v, &t->mat, path, sizeof path) == 0)
            unlink(path);
        table_release(s->tables[i]);
        s->n--;
        memmove(s->tables + i, s->tables + i + 1, sizeof s->tables[0] * (size_t)(s->n - i));
        memmove(s->ids + i, s->ids + i + 1, sizeof s->ids[0] * (size_t)(s->n - i));
        memmove(s->vs + i, s->vs + i + 1, sizeof s->vs[0] * (size_t)(s->n - i));
        return;
    }
}

int eg_store_path(const EgStore *s, const Variant *v, const EgMaterial *m, char *buf, int len)
{
    if (!s->dir[0])
        return -1;
    int k = snprintf(buf, (size_t)len, "%s/%s-%s-%s.egtb", s->dir, v->name, m->name, m->attacker ? "b" : "w");
    return k < 0 || k >= len ? -1 : 0;
}

static uint64_t checksum(const uint8_t *d, size_t len)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, d + i, 8);
        h = (h ^ w) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    for (; i < len; i++)
        h = (h ^ d[i]) * 0x100000001b3ULL;
    return h;
}

static void fill_header(EgHeader *h, const EgTable *t)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, eg_magic, sizeof eg_magic);
    h->version = EG_FILE_VERSION;
    h->nsquares = (uint32_t)t->n;
    h->npos = t->npos;
    h->identity = eg_identity(t->v, &t->mat);
    snprintf(h->variant, sizeof h->variant, "%s", t->v->name);
    snprintf(h->material, sizeof h->material, "%s", t->mat.name);
    h->attacker = (uint32_t)t->mat.attacker;
}

/* Maps the cache file into t when it is valid; otherwise says why in why
 * (empty when there is no file). */
static int load(EgTable *t, const char *path, char *why, int whylen)
{
    why[0] = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno != ENOENT)
            snprintf(why, (size_t)whylen, "%s", strerror(errno));
        return -1;
    }
    EgHeader want, got;
    fill_header(&want, t);
    struct stat st;
    size_t len = EG_HEADER_SIZE + 2 * t->npos;
    int rc = -1;
    if (fstat(fd, &st) || (uint64_t)st.st_size != len)
        snprintf(why, (size_t)whylen, "size %lld, not %zu", (long long)st.st_size, len);
    else if (read(fd, &got, sizeof got) != (ssize_t)sizeof got)
        snprintf(why, (size_t)whylen, "unreadable header");
    else if (memcmp(got.magic, want.magic, 8) || got.version != want.version)
        snprintf(why, (size_t)whylen, "not a table of this version");
    else if (got.identity != want.identity || strcmp(got.variant, want.variant) || strcmp(got.material, want.material) ||
             got.attacker != want.attacker || got.nsquares != want.nsquares || got.npos != want.npos)
        snprintf(why, (size_t)whylen, "made for another variant or material");
    else {
        void *map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map == MAP_FAILED) {
            snprintf(why, (size_t)whylen, "%s", strerror(errno));
        } else if (checksum((const uint8_t *)map + EG_HEADER_SIZE, 2 * t->npos) != got.checksum) {
            snprintf(why, (size_t)whylen, "checksum does not match");
            munmap(map, len);
        } else {
            t->mem = map;
            t->memlen = len;
            t->mem_kind = 2;
            t->wtm = (uint8_t *)map + EG_HEADER_SIZE;
            t->btm = t->wtm + t->npos;
            rc = 0;
        }
    }
    close(fd);
    return rc;
}

static int write_all(int fd, const void *data, size_t len)
{
    const char *d = data;
    while (len) {
        ssize_t k = write(fd, d, len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k == 0)
            errno = EIO;
        if (k <= 0)
            return -1;
        d += k;
        len -= (size_t)k;
    }
    return 0;
}

/* Earlier versions wrote NAME.egtb.PID.tmp: such a file whose process is
 * gone is a build killed mid-save. */
static void sweep_old_temps(const char *dir)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        const char *dot = strstr(e->d_name, ".egtb.");
        char *end;
        if (!dot)
            continue;
        long pid = strtol(dot + 6, &end, 10);
        char full[1200];
        struct stat st;
        if (end == dot + 6 || strcmp(end, ".tmp") || pid <= 0 ||
            snprintf(full, sizeof full, "%s/%s", dir, e->d_name) >= (int)sizeof full)
            continue;
        if (lstat(full, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && kill((pid_t)pid, 0) != 0 &&
            errno == ESRCH)
            unlink(full);
    }
    if (d)
        closedir(d);
}

/* Once a store: the temporary files of writers killed mid-save go. */
static void sweep(EgStore *s)
{
    if (s->swept)
        return;
    s->swept = true;
    sf_temp_sweep(s->dir, ".egtb");
    sweep_old_temps(s->dir);
}

/* Saves t; a failure is told but the table in memory stays usable.  The
 * file is written under a new temporary name (never through a link that
 * someone put there) and renamed into place. */
static void save(EgStore *s, const EgTable *t, const char *path)
{
    EgHeader h;
    fill_header(&h, t);
    h.checksum = checksum(t->wtm, 2 * t->npos);
    char why[400];
    if (sf_dir_make(s->dir, why, sizeof why) == 0) {
        sweep(s);
        SfTemp tmp;
        int e;
        if (sf_temp_open(&tmp, path, 0644) != 0) {
            e = errno;
        } else if (write_all(tmp.fd, &h, sizeof h) != 0 || write_all(tmp.fd, t->wtm, 2 * t->npos) != 0) {
            e = errno;
            sf_temp_drop(&tmp);
        } else if (sf_temp_commit(&tmp, path) != 0) {
            e = errno;
        } else {
            return;
        }
        snprintf(why, sizeof why, "%s", strerror(e));
    }
    if (s->progress)
        fprintf(stderr, "ninjachess: could not save %s: %s\n", path, why);
}

typedef struct {
    const EgTable *t;
    int last, last_layer; /* shown last */
    bool tty;  /* a terminal: one line updated in place; else only the stages */
    const char *stage;
    bool show; /* print the progress */
    const atomic_int *stop;
} Progress;

void eg_store_set_stop(EgStore *s, const atomic_int *stop)
{
    s->stop = stop;
}

/* The solver's progress: a line on stderr when asked for; false (stop)
 * once the store's stop flag is set. */
static bool on_progress(void *ctx, const char *stage, double fraction, int layer)
{
    Progress *pr = ctx;
    if (pr->stop && atomic_load_explicit(pr->stop, memory_order_relaxed))
        return false;
    if (!pr->show)
        return true;
    int pct = (int)(fraction * 100);
    if (layer < 0 ? pct == pr->last : layer == pr->last_layer)
        return true;
    pr->last = pct;
    pr->last_layer = layer;
    if (!pr->tty) {
        if (pr->stage != stage)
            fprintf(stderr, "ninjachess: building %s (%s): %s\n", pr->t->mat.name, pr->t->v->name, stage);
        pr->stage = stage;
        return true;
    }
    if (layer >= 0)
        fprintf(stderr, "\rninjachess: building %s (%s): %s %d        ", pr->t->mat.name, pr->t->v->name, stage, layer);
    else
        fprintf(stderr, "\rninjachess: building %s (%s): %s %d%%       ", pr->t->mat.name, pr->t->v->name, stage, pct);
    fflush(stderr);
    return true;
}

static int add(EgStore *s, EgTable *t)
{
    if (s->n == EG_STORE_MAX) {
        table_release(s->tables[0]);
        memmove(s->tables, s->tables + 1, sizeof s->tables[0] * (EG_STORE_MAX - 1));
        memmove(s->ids, s->ids + 1, sizeof s->ids[0] * (EG_STORE_MAX - 1));
        memmove(s->vs, s->vs + 1, sizeof s->vs[0] * (EG_STORE_MAX - 1));
        s->n--;
    }
    s->tables[s->n] = t;
    s->ids[s->n] = eg_identity(t->v, &t->mat);
    s->vs[s->n++] = t->v;
    return 0;
}

static const EgTable *find(const EgStore *s, const Variant *v, const EgMaterial *m)
{
    uint64_t id = eg_identity(v, m);
    for (int i = 0; i < s->n; i++)
        if (s->vs[i] == v && s->ids[i] == id && !strcmp(s->tables[i]->mat.name, m->name))
            return s->tables[i];
    return NULL;
}

static int build(EgStore *s, EgTable *t, bool allow, bool allow_small, char *err, int errlen)
{
    const EgTable *sub[EG_MAX_PIECES] = {NULL, NULL};
    if (t->mat.npieces == 2)
        for (int k = 0; k < 2; k++) {
            EgMaterial m = eg_material_without(&t->mat, k);
            sub[k] = eg_store_get(s, t->v, &m, allow, allow_small, err, errlen);
            if (!sub[k])
                return -1;
        }
    Progress pr = {.t = t, .last = -1, .last_layer = -1, .tty = isatty(STDERR_FILENO), .show = s->progress,
                   .stop = s->stop};
    int rc = eg_solve(t, sub, on_progress, &pr, err, errlen);
    if (s->progress && rc == 0)
        fprintf(stderr, "%sninjachess: built %s (%s)%s\n", pr.tty ? "\r" : "", t->mat.name, t->v->name,
                pr.tty ? "                                        " : "");
    return rc;
}

/* The cache directory is used only when it is this user's and no one else
 * may write there (a planted table or link would be trusted); the reason
 * is told once.  Its first use removes dead writers' temporary files. */
static bool cache_usable(EgStore *s, char *why, int whylen)
{
    if (s->dir_ok == 0) {
        s->dir_ok = sf_dir_check(s->dir, s->dir_err, sizeof s->dir_err) ? -1 : 1;
        if (s->dir_ok > 0)
            sweep(s);
        if (s->dir_ok < 0 && s->progress)
            fprintf(stderr, "ninjachess: the endgame cache is not used: %s\n", s->dir_err);
    }
    if (s->dir_ok < 0)
        snprintf(why, (size_t)whylen, "%s", s->dir_err);
    return s->dir_ok > 0;
}

const EgTable *eg_store_get(EgStore *s, const Variant *v, const EgMaterial *m, bool allow, bool allow_small, char *err,
                            int errlen)
{
    const EgTable *have = find(s, v, m);
    if (have)
        return have;
    if (!allow && !(allow_small && m->npieces == 1))
        for (int i = 0; i < s->nmissing; i++)
            if (s->missing_v[i] == v && s->missing[i] == eg_identity(v, m)) {
                snprintf(err, (size_t)errlen, "no table of %s for %s", m->name, v->name);
                return NULL;
            }
    EgTable *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, (size_t)errlen, "out of memory");
        return NULL;
    }
    eg_table_init(t, v, m);
    char path[1100], why[400] = "";
    bool cached = eg_store_path(s, v, m, path, sizeof path) == 0 && cache_usable(s, why, sizeof why);
    if (cached && load(t, path, why, sizeof why) == 0) {
        add(s, t);
        return t;
    }
    if (!allow && !(allow_small && m->npieces == 1)) {
        snprintf(err, (size_t)errlen, "no table of %s for %s%s%s", m->name, v->name, why[0] ? ": " : "", why);
        free(t);
        if (s->nmissing < EG_STORE_MAX) {
            s->missing[s->nmissing] = eg_identity(v, m);
            s->missing_v[s->nmissing++] = v;
        }
        return NULL;
    }
    if (cached && why[0] && s->progress)
        fprintf(stderr, "ninjachess: %s is not a valid table (%s): building it again\n", path, why);
    if (build(s, t, allow, allow_small, err, errlen)) {
        table_release(t);
        return NULL;
    }
    if (cached)
        save(s, t, path);
    add(s, t);
    return t;
}
