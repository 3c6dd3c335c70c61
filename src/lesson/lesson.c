/* Reading lesson files (doc/lessons.md): lines, words and texts, the
 * blocks "lesson ID" ... "end", each key's syntax and limits.  Squares
 * and moves are checked here for their shape only; what they mean in the
 * variant is lesson_check.c's business. */
#include "lesson.h"

#include "datafile/datafile.h"
#include "notation/notation.h"
#include "text/quote.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const key_names[LK_COUNT] = {
    [LK_LESSON] = "lesson", [LK_VARIANT] = "variant", [LK_SETUP] = "setup", [LK_OPTIONS] = "options",
    [LK_TITANS] = "titans", [LK_TOPIC] = "topic", [LK_TITLE] = "title", [LK_SOURCE] = "source",
    [LK_POSITION] = "position", [LK_PLAY] = "play", [LK_SELECT] = "select",
    [LK_DESTINATIONS] = "destinations", [LK_REMOVES] = "removes", [LK_PUSHES] = "pushes",
    [LK_QUESTION] = "question", [LK_ANSWER] = "answer", [LK_GOAL] = "goal", [LK_HINT] = "hint",
    [LK_EXPLAIN] = "explain",
};

/* Keys whose value is free text (kept whole, '#' included). */
static bool is_text_key(int k)
{
    return k == LK_TOPIC || k == LK_TITLE || k == LK_SOURCE || k == LK_QUESTION || k == LK_HINT ||
           k == LK_EXPLAIN || k == LK_POSITION;
}

/* Keys that may be given on several lines. */
static bool repeats(int k)
{
    return k == LK_PLAY || k == LK_REMOVES || k == LK_PUSHES || k == LK_EXPLAIN;
}

void lesson_error(DataErrors *e, const char *file, int line, const char *fmt, ...)
{
    char body[390];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    data_error_add(e, file, line, body);
}

/* The reading state of one file. */
typedef struct {
    LessonSet *set;
    DataErrors *e;
    const char *file;
    int line;
    int errors;
    Lesson *cur;                 /* the open block, NULL outside one */
} Reader;

#define ERR(r, ...) ((r)->errors++, lesson_error((r)->e, (r)->file, (r)->line, __VA_ARGS__))

static bool valid_id(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-'))
            return false;
    return true;
}

/* A square name's shape: a file letter a-p and a rank 0-16, written plainly. */
static bool square_shape(const char *s)
{
    if (s[0] < 'a' || s[0] > 'p' || !isdigit((unsigned char)s[1]))
        return false;
    if (s[2] == 0)
        return true;
    return s[1] == '1' && s[2] >= '0' && s[2] <= '6' && s[3] == 0;
}

static bool copy_word(Reader *r, char *dst, size_t cap, const char *w, const char *what)
{
    char q[80];
    if (strlen(w) >= cap) {
        ERR(r, "%s '%s' is longer than %d bytes", what, nc_quote(w, q, sizeof q), (int)cap - 1);
        return false;
    }
    memcpy(dst, w, strlen(w) + 1);
    return true;
}

static bool bad_square(Reader *r, const char *w)
{
    char q[80];
    if (square_shape(w))
        return false;
    ERR(r, "bad square '%s' (expected a file letter and a rank, like e4 or l12)", nc_quote(w, q, sizeof q));
    return true;
}

static int find_key(const char *w)
{
    for (int k = 0; k < LK_COUNT; k++)
        if (!strcmp(w, key_names[k]))
            return k;
    return -1;
}

static void key_text(Reader *r, int k, const char *text)
{
    Lesson *l = r->cur;
    static const struct {
        int key;
        size_t off, cap;
    } fields[] = {
        {LK_TOPIC, offsetof(Lesson, topic), LESSON_MAX_TOPIC + 1},
        {LK_TITLE, offsetof(Lesson, title), LESSON_MAX_TITLE + 1},
        {LK_SOURCE, offsetof(Lesson, source), LESSON_MAX_TEXT + 1},
        {LK_QUESTION, offsetof(Lesson, question), LESSON_MAX_TEXT + 1},
        {LK_HINT, offsetof(Lesson, hint), LESSON_MAX_TEXT + 1},
        {LK_POSITION, offsetof(Lesson, position), LESSON_MAX_LINE + 1},
    };
    if (!*text) {
        ERR(r, "'%s' needs a value", key_names[k]);
        return;
    }
    if (k == LK_EXPLAIN) {
        size_t have = strlen(l->explain), add = strlen(text);
        if (have + (have > 0) + add > LESSON_MAX_EXPLAIN) {
            ERR(r, "explanation longer than %d bytes", LESSON_MAX_EXPLAIN);
            return;
        }
        if (have)
            l->explain[have++] = ' ';
        memcpy(l->explain + have, text, add + 1);
        return;
    }
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (fields[i].key == k) {
            if (strlen(text) >= fields[i].cap) {
                ERR(r, "%s longer than %d bytes", key_names[k], (int)fields[i].cap - 1);
                return;
            }
            memcpy((char *)l + fields[i].off, text, strlen(text) + 1);
        }
}

static void key_claim(Reader *r, int k, char **w, int nw)
{
    Lesson *l = r->cur;
    int *n = k == LK_REMOVES ? &l->nremoves : &l->npushes;
    LessonClaim *c = k == LK_REMOVES ? l->removes : l->pushes;
    if (nw < 2) {
        ERR(r, "'%s' needs a destination and the squares, e.g. '%s h4 g4 h4'", key_names[k], key_names[k]);
        return;
    }
    if (*n == LESSON_MAX_CLAIMS) {
        ERR(r, "more than %d '%s' lines in a lesson", LESSON_MAX_CLAIMS, key_names[k]);
        return;
    }
    if (nw - 1 > LESSON_MAX_CLAIM_SQ) {
        ERR(r, "more than %d squares on a '%s' line", LESSON_MAX_CLAIM_SQ, key_names[k]);
        return;
    }
    LessonClaim cl = {.line = r->line};
    for (int i = 0; i < nw; i++) {
        if (bad_square(r, w[i]))
            return;
        for (int j = 1; j < i; j++)
            if (!strcmp(w[i], w[j])) {
                ERR(r, "square %s given twice", w[i]);
                return;
            }
    }
    for (int i = 0; i < *n; i++)
        if (!strcmp(c[i].to, w[0])) {
            ERR(r, "a second '%s %s' line (first at line %d)", key_names[k], w[0], c[i].line);
            return;
        }
    snprintf(cl.to, sizeof cl.to, "%s", w[0]);
    for (int i = 1; i < nw; i++)
        snprintf(cl.sq[cl.nsq++], sizeof cl.sq[0], "%s", w[i]);
    c[(*n)++] = cl;
}

static void key_dests(Reader *r, char **w, int nw)
{
    Lesson *l = r->cur;
    l->has_dests = true;
    if (nw == 1 && !strcmp(w[0], "none"))
        return;
    if (nw == 0) {
        ERR(r, "'destinations' needs squares, or 'none'");
        return;
    }
    if (nw > LESSON_MAX_DESTS) {
        ERR(r, "more than %d destinations", LESSON_MAX_DESTS);
        return;
    }
    for (int i = 0; i < nw; i++) {
        if (bad_square(r, w[i]))
            return;
        for (int j = 0; j < i; j++)
            if (!strcmp(w[i], w[j])) {
                ERR(r, "square %s given twice", w[i]);
                return;
            }
        snprintf(l->dests[l->ndests++], sizeof l->dests[0], "%s", w[i]);
    }
}

static void key_moves(Reader *r, int k, char **w, int nw)
{
    Lesson *l = r->cur;
    int *n = k == LK_PLAY ? &l->nplay : &l->nanswers;
    int max = k == LK_PLAY ? LESSON_MAX_PLAY : LESSON_MAX_ANSWERS;
    char(*out)[LESSON_MOVE_MAX + 1] = k == LK_PLAY ? l->play : l->answer;
    if (nw == 0) {
        ERR(r, "'%s' needs at least one move", key_names[k]);
        return;
    }
    for (int i = 0; i < nw; i++) {
        if (*n == max) {
            ERR(r, "more than %d %s moves in a lesson", max, key_names[k]);
            return;
        }
        if (!copy_word(r, out[*n], sizeof out[0], w[i], "move"))
            return;
        (*n)++;
    }
}

static void key_select(Reader *r, char **w, int nw)
{
    char q[80];
    Lesson *l = r->cur;
    if (nw != 1) {
        ERR(r, "'select' needs one square or a hand piece like J@");
        return;
    }
    const char *s = w[0];
    if (isupper((unsigned char)s[0]) && s[1] == '@' && !s[2]) {
        snprintf(l->select, sizeof l->select, "%s", s);
        return;
    }
    if (!square_shape(s)) {
        ERR(r, "bad selection '%s' (expected a square like f4 or a hand piece like J@)", nc_quote(s, q, sizeof q));
        return;
    }
    snprintf(l->select, sizeof l->select, "%s", s);
}

static void key_words(Reader *r, int k, char **w, int nw)
{
    Lesson *l = r->cur;
    char q[80];
    switch (k) {
    case LK_VARIANT: case LK_SETUP: case LK_OPTIONS: case LK_TITANS: {
        char *dst = k == LK_VARIANT ? l->variant : k == LK_SETUP ? l->setup : k == LK_OPTIONS ? l->options : l->titans;
        size_t cap = k == LK_VARIANT ? sizeof l->variant : k == LK_SETUP ? sizeof l->setup
                   : k == LK_OPTIONS ? sizeof l->options : sizeof l->titans;
        if (nw != 1)
            ERR(r, "'%s' needs one word", key_names[k]);
        else if (strspn(w[0], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-,") != strlen(w[0]))
            ERR(r, "bad %s '%s' (letters, digits, '-' and ',')", key_names[k], nc_quote(w[0], q, sizeof q));
        else
            copy_word(r, dst, cap, w[0], key_names[k]);
        return;
    }
    case LK_PLAY: case LK_ANSWER: key_moves(r, k, w, nw); return;
    case LK_SELECT: key_select(r, w, nw); return;
    case LK_DESTINATIONS: key_dests(r, w, nw); return;
    case LK_REMOVES: case LK_PUSHES: key_claim(r, k, w, nw); return;
    case LK_GOAL:
        if (nw == 1 && !strcmp(w[0], "check"))
            l->goal = GOAL_CHECK;
        else if (nw == 1 && !strcmp(w[0], "mate"))
            l->goal = GOAL_MATE;
        else
            ERR(r, "bad goal '%s' (check, mate)", nw ? nc_quote(w[0], q, sizeof q) : "");
        return;
    default: return;
    }
}

/* What every lesson needs, checked at its 'end'. */
static void finish_lesson(Reader *r)
{
    Lesson *l = r->cur;
    static const int required[] = {LK_VARIANT, LK_TOPIC, LK_TITLE, LK_POSITION, LK_EXPLAIN};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!l->line[required[i]])
            ERR(r, "lesson '%s' has no '%s' line", l->id, key_names[required[i]]);
    if (!l->select[0] && !l->nanswers)
        ERR(r, "lesson '%s' has neither 'select' nor 'answer'", l->id);
    if ((l->has_dests || l->nremoves || l->npushes) && !l->select[0])
        ERR(r, "lesson '%s' claims destinations without a 'select' line", l->id);
    if (l->select[0] && !l->has_dests)
        ERR(r, "lesson '%s' selects %s but claims no 'destinations'", l->id, l->select);
    if (!!l->question[0] != !!l->nanswers)
        ERR(r, "lesson '%s': a 'question' needs an 'answer' and an 'answer' a 'question'", l->id);
    if ((l->goal != GOAL_NONE || l->hint[0]) && !l->nanswers)
        ERR(r, "lesson '%s': 'goal' and 'hint' belong to an exercise (with 'answer')", l->id);
    r->set->n++;
    r->cur = NULL;
}

static void open_lesson(Reader *r, char **w, int nw)
{
    char q[80];
    if (nw != 1 || !valid_id(w[0])) {
        ERR(r, "'lesson' needs one name of lower-case letters, digits and '-'");
        return;
    }
    if (strlen(w[0]) > LESSON_MAX_ID) {
        ERR(r, "lesson name '%s' is longer than %d bytes", nc_quote(w[0], q, sizeof q), LESSON_MAX_ID);
        return;
    }
    LessonSet *s = r->set;
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->l[i].id, w[0])) {
            char qf[160];
            ERR(r, "lesson '%s' is defined twice (first at %s:%d)", w[0],
                nc_quote(s->files[s->l[i].file], qf, sizeof qf), s->l[i].line[LK_LESSON]);
            return;
        }
    if (s->n == LESSON_MAX_LESSONS) {
        ERR(r, "more than %d lessons", LESSON_MAX_LESSONS);
        return;
    }
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 16;
        Lesson *nl = realloc(s->l, sizeof *nl * (size_t)cap);
        if (!nl) {
            ERR(r, "out of memory");
            return;
        }
        s->l = nl;
        s->cap = cap;
    }
    r->cur = &s->l[s->n];
    memset(r->cur, 0, sizeof *r->cur);
    snprintf(r->cur->id, sizeof r->cur->id, "%s", w[0]);
    r->cur->file = s->nfiles - 1;
    r->cur->line[LK_LESSON] = r->line;
}

/* The text after the keyword, trimmed. */
static const char *rest_of(char *line)
{
    char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    while (*s && *s != ' ' && *s != '\t')
        s++;
    while (*s == ' ' || *s == '\t')
        s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        *--e = 0;
    return s;
}

/* "collection NAME": outside the blocks, once a file. */
static void collection(Reader *r, char *line)
{
    LessonSet *s = r->set;
    int f = s->nfiles - 1;
    const char *text = rest_of(line);
    if (r->cur)
        ERR(r, "'collection' belongs outside the lesson blocks");
    else if (s->collection_line[f])
        ERR(r, "repeated 'collection' line (first at line %d)", s->collection_line[f]);
    else if (!*text)
        ERR(r, "'collection' needs a value");
    else if (strlen(text) > LESSON_MAX_TITLE)
        ERR(r, "collection longer than %d bytes", LESSON_MAX_TITLE);
    else {
        snprintf(s->collection[f], sizeof s->collection[f], "%s", text);
        s->collection_line[f] = r->line;
    }
}

static void one_line(Reader *r, char *line)
{
    char text[LESSON_MAX_LINE + 1], *w[LESSON_MAX_WORDS + 1], q[80];
    snprintf(text, sizeof text, "%s", line);
    int nw = 0;
    char *save = NULL;
    for (char *t = strtok_r(line, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
        if (*t == '#' && nw == 0)
            return;
        if (nw == LESSON_MAX_WORDS + 1)
            break;
        w[nw++] = t;
    }
    if (nw == 0)
        return;
    int k = find_key(w[0]);
    if (!strcmp(w[0], "end")) {
        if (!r->cur)
            ERR(r, "'end' outside a lesson block");
        else if (nw > 1)
            ERR(r, "'end' takes nothing after it, not '%s'", nc_quote(w[1], q, sizeof q));
        else
            finish_lesson(r);
        return;
    }
    if (k == LK_LESSON) {
        if (r->cur)
            ERR(r, "lesson '%s' (line %d) not closed with 'end'", r->cur->id, r->cur->line[LK_LESSON]);
        else
            open_lesson(r, w + 1, nw - 1);
        return;
    }
    if (!strcmp(w[0], "collection")) {
        collection(r, text);
        return;
    }
    if (!r->cur) {
        ERR(r, "'%s' outside a lesson block", nc_quote(w[0], q, sizeof q));
        return;
    }
    if (k < 0) {
        ERR(r, "unknown keyword '%s' in lesson block", nc_quote(w[0], q, sizeof q));
        return;
    }
    if (r->cur->line[k] && !repeats(k)) {
        ERR(r, "repeated '%s' line (first at line %d)", key_names[k], r->cur->line[k]);
        return;
    }
    if (!r->cur->line[k])
        r->cur->line[k] = r->line;
    if (is_text_key(k)) {
        key_text(r, k, rest_of(text));
        return;
    }
    /* '#' ends the words of a line that is not text */
    for (int i = 1; i < nw; i++)
        if (w[i][0] == '#')
            nw = i;
    if (nw > LESSON_MAX_WORDS) {
        ERR(r, "more than %d words on a line", LESSON_MAX_WORDS);
        return;
    }
    key_words(r, k, w + 1, nw - 1);
}

static int add_file_name(LessonSet *s, const char *name, DataErrors *e)
{
    if (s->nfiles == LESSON_MAX_FILES) {
        lesson_error(e, name, 0, "more than %d lesson files", LESSON_MAX_FILES);
        return -1;
    }
    if (strlen(name) >= sizeof s->files[0]) {
        lesson_error(e, "lesson file", 0, "path longer than %d bytes", (int)sizeof s->files[0] - 1);
        return -1;
    }
    snprintf(s->files[s->nfiles++], sizeof s->files[0], "%s", name);
    return 0;
}

int lesson_load_text(LessonSet *s, const char *name, const char *text, DataErrors *e)
{
    if (add_file_name(s, name, e))
        return -1;
    Reader r = {.set = s, .e = e, .file = s->files[s->nfiles - 1]};
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        r.line++;
        if (len > LESSON_MAX_LINE) {
            ERR(&r, "line longer than %d bytes", LESSON_MAX_LINE);
        } else {
            char line[LESSON_MAX_LINE + 1];
            memcpy(line, p, len);
            line[len] = 0;
            one_line(&r, line);
        }
        p += len + (nl != NULL);
    }
    if (r.cur) {
        ERR(&r, "lesson '%s' (line %d) not closed with 'end'", r.cur->id, r.cur->line[LK_LESSON]);
        r.cur = NULL;
    }
    return r.errors ? -1 : 0;
}

int lesson_load_file(LessonSet *s, const char *path, DataErrors *e)
{
    size_t n;
    char *buf = data_file_read(path, LESSON_MAX_FILE, &n, e);
    if (!buf)
        return -1;
    int nul = data_text_nul_line(buf, n), rc = -1;
    if (nul)
        lesson_error(e, path, nul, "NUL byte in the line");
    else
        rc = lesson_load_text(s, path, buf, e);
    free(buf);
    return rc;
}

/* Collects the .txt names of dir/lessons that no earlier directory had
 * (names[] from *n on); -1 after a problem reported in e. */
static int lesson_names(const char *dir, char **names, char **dirs, int *n, DataErrors *e)
{
    DIR *d = opendir(dir);
    if (!d) {
        if (errno == ENOENT)
            return 0;
        lesson_error(e, dir, 0, "cannot open the lesson directory (%s)", strerror(errno));
        return -1;
    }
    int earlier = *n, rc = 0;
    for (struct dirent *de; (de = readdir(d));) {
        size_t len = strlen(de->d_name);
        if (de->d_name[0] == '.' || len < 5 || strcmp(de->d_name + len - 4, ".txt"))
            continue;
        bool seen = false;
        for (int i = 0; i < earlier && !seen; i++)
            seen = names[i] && !strcmp(names[i], de->d_name);
        if (seen)
            continue;
        if (*n == LESSON_MAX_FILES) {
            lesson_error(e, dir, 0, "more than %d lesson files", LESSON_MAX_FILES);
            rc = -1;
            break;
        }
        names[*n] = strdup(de->d_name);
        dirs[(*n)++] = strdup(dir);
    }
    closedir(d);
    return rc;
}

static int cmp_lesson_files(const void *a, const void *b)
{
    const char *const *x = a, *const *y = b;
    return strcmp(x[0] ? x[0] : "", y[0] ? y[0] : "");
}

int lesson_load_dir(LessonSet *s, const char *data_path, DataErrors *e)
{
    char *files[LESSON_MAX_FILES + 1][2]; /* name, directory */
    char *names[LESSON_MAX_FILES + 1], *dirs[LESSON_MAX_FILES + 1];
    int n = 0, rc = 0, len;
    const char *walk = data_path, *d;
    while (rc == 0 && (d = data_path_next(&walk, &len))) {
        char dir[1024];
        if (snprintf(dir, sizeof dir, "%.*s/lessons", len, d) >= (int)sizeof dir) {
            lesson_error(e, dir, 0, "data directory path longer than %d bytes", (int)sizeof dir - 9);
            rc = -1;
        } else {
            rc = lesson_names(dir, names, dirs, &n, e);
        }
    }
    if (rc == 0 && n == 0) {
        lesson_error(e, data_path, 0, "no lessons/ directory with lesson files in the data path");
        rc = -1;
    }
    for (int i = 0; i < n; i++) {
        files[i][0] = names[i];
        files[i][1] = dirs[i];
    }
    qsort(files, (size_t)n, sizeof files[0], cmp_lesson_files);
    for (int i = 0; i < n; i++) {
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", files[i][1] ? files[i][1] : "", files[i][0] ? files[i][0] : "");
        if (rc == 0 && (!files[i][0] || !files[i][1] || lesson_load_file(s, path, e)))
            rc = -1;
        free(files[i][0]);
        free(files[i][1]);
    }
    return rc;
}

void lesson_set_free(LessonSet *s)
{
    free(s->l);
    memset(s, 0, sizeof *s);
}

bool lesson_is_exercise(const Lesson *l)
{
    return l->nanswers > 0;
}
