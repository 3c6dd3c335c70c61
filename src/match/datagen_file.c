/* The --datagen file's format (datagen_file.h): writing and reading a
 * record line, the header, where a file leaves off, and --check-data.
 * Reads outside files, so every problem is reported with FILE:LINE. */
#include "datagen_file.h"

#include "rules/rules.h"
#include "search/search.h"
#include "session.h"
#include "notation/notation.h"
#include "files/safe_file.h"
#include "text/quote.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DG_SEP " | "
#define DG_MAX_PROBLEMS 20

void dg_header(const Options *opt, const char *variant, char *buf, size_t len)
{
    snprintf(buf, len, "# ninjachess datagen: variant %s setup %s option %s titans %s\n", variant,
             opt->setup ? opt->setup : "-", opt->options ? opt->options : "-", opt->titans ? opt->titans : "-");
}

void dg_evaluation(const NnueNet *net, const char *file, char *buf, size_t len)
{
    char quoted[600];
    if (!net)
        snprintf(buf, len, "hand-made evaluation");
    else
        snprintf(buf, len, "net %s (checksum %08x)", nc_quote(file, quoted, sizeof quoted),
                 (unsigned)nnue_checksum(net));
}

static const char *const result_text[3] = {"0", "0.5", "1"};

int dg_format(const DgRecord *r, char *buf, size_t len)
{
    return snprintf(buf, len, "%s" DG_SEP "%d" DG_SEP "%s" DG_SEP "%d" DG_SEP "%lld\n", r->text, r->score,
                    result_text[r->result2], r->ply, r->game);
}

/* A decimal integer in [lo, hi], all of s; false when it is not. */
static bool parse_number(const char *s, long long lo, long long hi, long long *out)
{
    const char *d = *s == '-' ? s + 1 : s;
    if (!*d || strspn(d, "0123456789") != strlen(d) || strlen(d) > 15 || (d[0] == '0' && d[1]))
        return false;
    long long v = strtoll(s, NULL, 10);
    if (v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

int dg_parse(char *line, DgRecord *r, char *why, size_t whylen)
{
    char *field[5];
    field[0] = line;
    for (int i = 1; i < 5; i++) {
        char *sep = strstr(field[i - 1], DG_SEP);
        if (!sep) {
            snprintf(why, whylen, "%d fields, not 5 (TEXT | SCORE | RESULT | PLY | GAME)", i);
            return -1;
        }
        *sep = 0;
        field[i] = sep + strlen(DG_SEP);
    }
    if (strstr(field[4], DG_SEP)) {
        snprintf(why, whylen, "more than 5 fields (TEXT | SCORE | RESULT | PLY | GAME)");
        return -1;
    }
    long long score, ply, game;
    int result2 = -1;
    for (int i = 0; i < 3; i++)
        if (!strcmp(field[2], result_text[i]))
            result2 = i;
    if (!parse_number(field[1], -(SEARCH_MATE - 1000), SEARCH_MATE - 1000, &score)) {
        snprintf(why, whylen, "score must be whole centipawns, not a mate, not '%.40s'", field[1]);
        return -1;
    }
    if (result2 < 0) {
        snprintf(why, whylen, "result must be 1, 0.5 or 0, not '%.40s'", field[2]);
        return -1;
    }
    if (!parse_number(field[3], 0, 1000000, &ply) || !parse_number(field[4], 0, 1LL << 50, &game)) {
        snprintf(why, whylen, "ply and game must be whole numbers from 0, not '%.40s' and '%.40s'", field[3], field[4]);
        return -1;
    }
    *r = (DgRecord){field[0], (int)score, result2, (int)ply, game};
    return 0;
}

/* The next line of f, without its newline, in buf; 1 read, 0 at the end,
 * -1 with the problem (too long, no newline at the end) in why. */
static int read_line(FILE *f, char *buf, size_t len, char *why, size_t whylen)
{
    if (!fgets(buf, (int)len, f))
        return 0;
    size_t n = strlen(buf);
    if (n && buf[n - 1] == '\n') {
        buf[n - 1] = 0;
        return 1;
    }
    if (n + 1 == len)
        snprintf(why, whylen, "line longer than %d bytes", (int)len - 2);
    else
        snprintf(why, whylen, "the last line has no newline (an interrupted write?); remove it to go on");
    return -1;
}

/* path opened for reading when it is a regular file (a FIFO would block,
 * a device never end); NULL with errno and "PATH: reason" in err. */
static FILE *open_regular(const char *path, char *err, size_t errlen)
{
    char why[200];
    int fd = sf_open_regular(path, why, sizeof why);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "r");
    if (fd >= 0 && !f) {
        snprintf(why, sizeof why, "%s", strerror(errno));
        close(fd);
    }
    if (!f) {
        int e = errno;
        snprintf(err, errlen, "%s: %s", path, why);
        errno = e;
    }
    return f;
}

int dg_scan(const char *path, const char *header, long long *next, long long *records, char *err, size_t errlen)
{
    *next = 0;
    *records = 0;
    FILE *f = open_regular(path, err, errlen);
    if (!f)
        return errno == ENOENT ? 0 : -1;
    char line[DG_LINE_MAX], why[1024];
    int lineno = 0, rc = 0, got;
    while (rc == 0 && (got = read_line(f, line, sizeof line, why, sizeof why)) != 0) {
        lineno++;
        DgRecord r;
        if (got < 0)
            rc = -1;
        else if (lineno == 1 && (strncmp(line, header, strlen(line)) || strlen(line) + 1 != strlen(header)))
            snprintf(why, sizeof why, "not this variant's header '%.*s' (another variant, setup, option or titans?): '%.200s'",
                     (int)strlen(header) - 1, header, line), rc = -1;
        else if (line[0] != '#' && dg_parse(line, &r, why, sizeof why))
            rc = -1;
        else if (line[0] != '#') {
            ++*records;
            if (r.game >= *next)
                *next = r.game + 1;
        }
    }
    if (rc == 0 && ferror(f))
        snprintf(err, errlen, "%s: %s", path, strerror(errno)), rc = -1;
    else if (rc)
        snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
    fclose(f);
    return rc;
}

/* What --check-data keeps while reading. */
typedef struct {
    const char *path;
    const Variant *v;
    int problems;
    long long records, cur_game;
    int cur_result2, cur_ply, cur_line;
    long long (*done)[2]; /* finished games: number, first line */
    size_t ndone, cap;
    long long wins[3];
} DgCheck;

static void problem(DgCheck *c, int line, const char *why)
{
    if (c->problems < DG_MAX_PROBLEMS)
        fprintf(stderr, "ninjachess: %s:%d: %s\n", c->path, line, why);
    else if (c->problems == DG_MAX_PROBLEMS)
        fprintf(stderr, "ninjachess: %s: more problems; only the first %d are listed\n", c->path, DG_MAX_PROBLEMS);
    c->problems++;
}

/* The position of r against the rules; 0, or -1 with why. */
static int check_position(const DgCheck *c, const DgRecord *r, char *why, size_t whylen)
{
    Position p;
    char err[256], back[NC_POS_TEXT_MAX];
    if (pos_from_fen(&p, c->v, r->text, err, sizeof err)) {
        snprintf(why, whylen, "position text: %s", err);
        return -1;
    }
    pos_to_fen(&p, back, sizeof back);
    if (strcmp(back, r->text)) {
        snprintf(why, whylen, "position text is printed back as '%.300s'", back);
        return -1;
    }
    if (in_check(&p)) {
        snprintf(why, whylen, "the side to move is in check");
        return -1;
    }
    return 0;
}

/* Records one more game as finished (for the duplicate test at the end). */
static int note_game(DgCheck *c)
{
    if (c->ndone == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 1024;
        long long(*grown)[2] = realloc(c->done, sizeof *grown * cap);
        if (!grown)
            return -1;
        c->done = grown;
        c->cap = cap;
    }
    c->done[c->ndone][0] = c->cur_game;
    c->done[c->ndone++][1] = c->cur_line;
    c->wins[c->cur_result2]++;
    return 0;
}

/* One record line: its position, and its game against the lines before. */
static int check_record(DgCheck *c, char *line, int lineno)
{
    DgRecord r;
    char why[512];
    if (dg_parse(line, &r, why, sizeof why) || check_position(c, &r, why, sizeof why)) {
        problem(c, lineno, why);
        return 0;
    }
    c->records++;
    if (c->cur_line && r.game == c->cur_game) {
        if (r.result2 != c->cur_result2)
            problem(c, lineno, "another result than the game's earlier lines");
        else if (r.ply <= c->cur_ply)
            problem(c, lineno, "ply not after the game's line before");
        c->cur_ply = r.ply;
        return 0;
    }
    if (c->cur_line && note_game(c))
        return -1;
    c->cur_game = r.game;
    c->cur_result2 = r.result2;
    c->cur_ply = r.ply;
    c->cur_line = lineno;
    return 0;
}

static int cmp_game(const void *a, const void *b)
{
    const long long *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1];
}

/* Each game's lines together: a number seen again is a problem. */
static void check_games_once(DgCheck *c)
{
    qsort(c->done, c->ndone, sizeof *c->done, cmp_game);
    for (size_t i = 1; i < c->ndone; i++)
        if (c->done[i][0] == c->done[i - 1][0]) {
            char why[128];
            snprintf(why, sizeof why, "game %lld again (its lines from line %lld)", c->done[i][0], c->done[i - 1][1]);
            problem(c, (int)c->done[i][1], why);
        }
}

/* Reads every line of f into c; 0, or -1 when reading failed. */
static int check_lines(DgCheck *c, FILE *f, const char *header)
{
    char line[DG_LINE_MAX], why[256];
    int lineno = 0, got;
    while ((got = read_line(f, line, sizeof line, why, sizeof why)) != 0) {
        lineno++;
        if (got < 0) {
            problem(c, lineno, why);
            break;
        }
        if (lineno == 1 && (strncmp(line, header, strlen(line)) || strlen(line) + 1 != strlen(header)))
            problem(c, 1, "not the header of this variant and its options (see doc/data-files.md)");
        else if (line[0] != '#' && check_record(c, line, lineno))
            return -1;
    }
    if (lineno == 0)
        problem(c, 0, "empty file");
    return ferror(f) || (c->cur_line && note_game(c)) ? -1 : 0;
}

int dg_check_main(const Options *opt)
{
    if (!opt->variant) {
        fprintf(stderr, "ninjachess: --check-data needs --variant NAME (with the file's --option and --titans)\n");
        return 1;
    }
    Variant *v = session_variant(opt, NULL);
    if (!v)
        return 1;
    DgCheck c = {.path = opt->check_data, .v = v};
    char header[512];
    dg_header(opt, v->name, header, sizeof header);
    char err[1000];
    FILE *f = open_regular(c.path, err, sizeof err);
    int rc = 1;
    if (!f)
        fprintf(stderr, "ninjachess: %s\n", err);
    else if (check_lines(&c, f, header))
        fprintf(stderr, "ninjachess: %s: %s\n", c.path, ferror(f) ? strerror(errno) : "out of memory");
    else {
        check_games_once(&c);
        printf("%s: %lld positions of %zu games (White wins %lld, draws %lld, Black wins %lld)%s\n", c.path, c.records,
               c.ndone, c.wins[2], c.wins[1], c.wins[0], c.problems ? "" : ", all valid");
        rc = c.problems ? 1 : 0;
    }
    if (f)
        fclose(f);
    free(c.done);
    variant_free(v);
    return rc;
}
