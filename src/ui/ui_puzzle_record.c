/* The player's puzzle record (ui_puzzle.h), one small text file in the
 * state directory ($XDG_STATE_HOME/ninjachess/puzzles.txt):
 *     # ninjachess puzzle record 1
 *     rating 1216
 *     streak 1
 *     seen chess 2 03
 * "seen VARIANT N HEX": the offered puzzles of the variant's file of N
 * puzzles, a bit each, two hex digits a byte, puzzle i in bit i % 8 of
 * byte i / 8.  Written whole through a temporary file and a rename; a
 * damaged file is moved aside and told with its line, never trusted.
 * Also the rating's update and the choice of the next puzzle. */
#include "ui_puzzle_record.h"

#include "datafile/datafile.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER "# ninjachess puzzle record 1"
#define RATING_MIN 100
#define RATING_MAX 4000
#define LINE_MAX_LEN (80 + PUZZLE_SEEN_MAX / 4)
#define RECORD_MAX (128 + PUZZLE_RECORD_VARIANTS * (LINE_MAX_LEN + 1))

void puzzle_record_init(PuzzleRecord *r)
{
    memset(r, 0, sizeof *r);
    r->rating = PUZZLE_RATING_START;
}

/* The variant's seen set, made when missing (NULL when the record holds
 * as many variants as it can); a set of another count starts empty. */
static PuzzleSeen *seen_of(PuzzleRecord *r, const char *variant, int n, bool make)
{
    for (int i = 0; i < r->nseen; i++)
        if (!strcmp(r->seen[i].variant, variant)) {
            if (r->seen[i].n != n && make) {
                memset(r->seen[i].bits, 0, sizeof r->seen[i].bits);
                r->seen[i].n = n;
            }
            return &r->seen[i];
        }
    if (!make || r->nseen == PUZZLE_RECORD_VARIANTS)
        return NULL;
    PuzzleSeen *s = &r->seen[r->nseen++];
    memset(s, 0, sizeof *s);
    snprintf(s->variant, sizeof s->variant, "%s", variant);
    s->n = n;
    return s;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* "VARIANT N HEX" of a seen line; 0, or -1 with what is wrong. */
static int parse_seen(PuzzleRecord *r, char *rest, char *what, int whatlen)
{
    char *name = strtok(rest, " "), *count = strtok(NULL, " "), *hex = strtok(NULL, " "), *end;
    if (!name || !count || !hex || strtok(NULL, " ")) {
        snprintf(what, (size_t)whatlen, "expected 'seen VARIANT COUNT HEX'");
        return -1;
    }
    long n = strtol(count, &end, 10);
    if (*end || n < 1 || n > PUZZLE_SEEN_MAX || strlen(name) >= sizeof r->seen[0].variant) {
        snprintf(what, (size_t)whatlen, "a seen line's variant or count (1 to %d) is wrong", PUZZLE_SEEN_MAX);
        return -1;
    }
    size_t bytes = ((size_t)n + 7) / 8;
    if (strlen(hex) != 2 * bytes || strspn(hex, "0123456789abcdef") != 2 * bytes) {
        snprintf(what, (size_t)whatlen, "a seen line needs %zu hex digits for %ld puzzles", 2 * bytes, n);
        return -1;
    }
    PuzzleSeen *s = seen_of(r, name, (int)n, false);
    if (s) {
        snprintf(what, (size_t)whatlen, "a second seen line of %s", name);
        return -1;
    }
    if (!(s = seen_of(r, name, (int)n, true))) {
        snprintf(what, (size_t)whatlen, "more than %d variants", PUZZLE_RECORD_VARIANTS);
        return -1;
    }
    for (size_t i = 0; i < bytes; i++)
        s->bits[i] = (uint8_t)(hexval(hex[2 * i]) << 4 | hexval(hex[2 * i + 1]));
    return 0;
}

/* One line after the header; 0, or -1 with what is wrong. */
static int parse_line(PuzzleRecord *r, char *buf, bool got[2], char *what, int whatlen)
{
    char *sp = strchr(buf, ' ');
    if (!sp) {
        snprintf(what, (size_t)whatlen, "expected 'rating N', 'streak N' or 'seen VARIANT COUNT HEX'");
        return -1;
    }
    *sp = 0;
    char *val = sp + 1, *end;
    if (!strcmp(buf, "seen"))
        return parse_seen(r, val, what, whatlen);
    int which = !strcmp(buf, "rating") ? 0 : !strcmp(buf, "streak") ? 1 : -1;
    if (which < 0) {
        snprintf(what, (size_t)whatlen, "unknown word '%.40s'", buf);
        return -1;
    }
    errno = 0;
    long n = strtol(val, &end, 10);
    bool bad = !*val || *end || errno || (which == 0 ? n < RATING_MIN || n > RATING_MAX : n < 0 || n > 1000000);
    if (bad || got[which]) {
        snprintf(what, (size_t)whatlen, bad ? "%s '%.40s': %s" : "a second %s line", buf, val,
                 which == 0 ? "a number from 100 to 4000" : "a number from 0 to 1000000");
        return -1;
    }
    got[which] = true;
    *(which == 0 ? &r->rating : &r->streak) = (int)n;
    return 0;
}

int puzzle_record_parse(PuzzleRecord *r, const char *text, const char *name, char *err, int errlen)
{
    puzzle_record_init(r);
    int line = 0;
    bool got[2] = {false, false};
    char what[200];
    what[0] = 0;
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        char buf[LINE_MAX_LEN + 1];
        line++;
        if (len > LINE_MAX_LEN)
            snprintf(what, sizeof what, "longer than %d bytes", LINE_MAX_LEN);
        else {
            memcpy(buf, s, len);
            buf[len] = 0;
            if (line == 1 ? strcmp(buf, HEADER) != 0 : parse_line(r, buf, got, what, sizeof what) != 0) {
                if (line == 1)
                    snprintf(what, sizeof what, "not a puzzle record (the first line is '%s')", HEADER);
            }
        }
        if (what[0]) {
            snprintf(err, (size_t)errlen, "%s:%d: %s", name, line, what);
            puzzle_record_init(r);
            return -1;
        }
        s += len + (nl != NULL);
    }
    if (!got[0] || !got[1]) {
        snprintf(err, (size_t)errlen, "%s:%d: no %s line", name, line, got[0] ? "streak" : "rating");
        puzzle_record_init(r);
        return -1;
    }
    return 0;
}

int puzzle_record_format(const PuzzleRecord *r, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%s\nrating %d\nstreak %d\n", HEADER, r->rating, r->streak);
    for (int i = 0; i < r->nseen && n < len; i++) {
        const PuzzleSeen *s = &r->seen[i];
        n += (size_t)snprintf(buf + n, len - n, "seen %s %d ", s->variant, s->n);
        for (int b = 0; b < (s->n + 7) / 8 && n < len; b++)
            n += (size_t)snprintf(buf + n, len - n, "%02x", s->bits[b]);
        if (n < len)
            n += (size_t)snprintf(buf + n, len - n, "\n");
    }
    return n < len ? (int)n : -1;
}

static int record_path(char *buf, int len, bool create, char *err, int errlen)
{
    char dir[1024];
    if (ui_state_dir(dir, sizeof dir, "", create, err, errlen))
        return -1;
    if (snprintf(buf, (size_t)len, "%s/%s", dir, PUZZLE_RECORD_FILE) >= len) {
        snprintf(err, (size_t)errlen, "the puzzle record's name is too long");
        return -1;
    }
    return 0;
}

/* What reading the file gave. */
enum { READ_OK, READ_MISSING, READ_FAILED, READ_DAMAGED };

/* The file's text (NUL-terminated, malloc'd, in *text) or why there is
 * none: READ_FAILED (the file may be fine: it stays) or READ_DAMAGED.
 * Read as data files are (a regular file, the size cap); the record's own
 * words for what is wrong. */
static int read_text(const char *path, char **text, char *err, int errlen)
{
    size_t n;
    *text = data_file_read(path, RECORD_MAX, &n, NULL);
    if (!*text) {
        int e = errno;
        if (e == EFBIG) {
            snprintf(err, (size_t)errlen, "%s: larger than %d bytes", path, RECORD_MAX);
            return READ_DAMAGED;
        }
        snprintf(err, (size_t)errlen, "cannot read %.1000s (%s)", path,
                 e == ENOMEM ? "out of memory" : e == EISDIR ? "a directory, not a regular file: not read"
                 : e == EINVAL ? "not a regular file: not read" : strerror(e));
        return e == ENOENT ? READ_MISSING : READ_FAILED;
    }
    if (data_text_nul_line(*text, n)) {
        snprintf(err, (size_t)errlen, "%s: a NUL byte", path);
        free(*text);
        *text = NULL;
        return READ_DAMAGED;
    }
    return READ_OK;
}

void puzzle_record_load(PuzzleRecord *r, char *note, int notelen)
{
    char path[1100], err[1400];
    puzzle_record_init(r);
    note[0] = 0;
    if (record_path(path, sizeof path, false, err, sizeof err)) {
        snprintf(note, (size_t)notelen, "Puzzle record: %s; the rating is not kept", err);
        return;
    }
    char *text;
    int rc = read_text(path, &text, err, sizeof err);
    if (rc == READ_OK && puzzle_record_parse(r, text, path, err, sizeof err))
        rc = READ_DAMAGED;
    free(text);
    if (rc == READ_FAILED)
        snprintf(note, (size_t)notelen, "Puzzle record: %s; starting at 1200", err);
    if (rc != READ_DAMAGED)
        return;
    char aside[1200];
    snprintf(aside, sizeof aside, "%s.damaged", path);
    bool moved = rename(path, aside) == 0;
    snprintf(note, (size_t)notelen, "Puzzle record damaged: %s; %s", err,
             moved ? "moved aside to puzzles.txt.damaged, starting afresh at 1200" : "starting afresh at 1200");
}

int puzzle_record_save(const PuzzleRecord *r, char *err, int errlen)
{
    char path[1100];
    if (record_path(path, sizeof path, true, err, errlen))
        return -1;
    char *buf = malloc(RECORD_MAX);
    if (!buf) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int n = puzzle_record_format(r, buf, RECORD_MAX);
    int rc = n < 0 ? -1 : ui_atomic_write(path, buf, (size_t)n, err, errlen);
    if (n < 0)
        snprintf(err, (size_t)errlen, "the puzzle record does not fit its buffer");
    free(buf);
    return rc;
}

int puzzle_rate(int player, int puzzle, bool solved)
{
    double expected = 1.0 / (1.0 + pow(10.0, (puzzle - player) / 400.0));
    int r = player + (int)lround(PUZZLE_K * ((solved ? 1.0 : 0.0) - expected));
    return r < RATING_MIN ? RATING_MIN : r > RATING_MAX ? RATING_MAX : r;
}

int puzzle_pick(PuzzleRecord *r, const char *variant, const int *ratings, int n)
{
    if (n <= 0)
        return -1;
    PuzzleSeen *s = n <= PUZZLE_SEEN_MAX ? seen_of(r, variant, n, true) : NULL;
    for (int round = 0; round < 2; round++) {
        int best = -1;
        for (int i = 0; i < n; i++) {
            if (s && i < PUZZLE_SEEN_MAX && (s->bits[i / 8] >> (i % 8) & 1))
                continue;
            if (best < 0 || abs(ratings[i] - r->rating) < abs(ratings[best] - r->rating))
                best = i;
        }
        if (best >= 0)
            return best;
        memset(s->bits, 0, sizeof s->bits); /* all seen: they are offered again */
    }
    return 0;
}

void puzzle_mark_seen(PuzzleRecord *r, const char *variant, int n, int i)
{
    PuzzleSeen *s = n <= PUZZLE_SEEN_MAX ? seen_of(r, variant, n, true) : NULL;
    if (s && i >= 0 && i < n)
        s->bits[i / 8] |= (uint8_t)(1u << (i % 8));
}
