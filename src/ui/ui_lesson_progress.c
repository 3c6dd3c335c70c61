/* Progress through the lessons, one file in the state directory
 * ($XDG_STATE_HOME/ninjachess/lessons.txt): a header line, then one
 * "ID seen" or "ID solved" line a lesson.  Written whole through a
 * temporary file and a rename, so a crash leaves the old file or the new
 * one; a damaged file is moved aside and reported, never trusted. */
#include "ui_lesson.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER "# ninjachess lesson progress 1"

int ui_progress_get(const LessonProgress *p, const char *id)
{
    for (int i = 0; i < p->n; i++)
        if (!strcmp(p->id[i], id))
            return p->state[i];
    return PROGRESS_NONE;
}

bool ui_progress_mark(LessonProgress *p, const char *id, int state)
{
    for (int i = 0; i < p->n; i++)
        if (!strcmp(p->id[i], id)) {
            if (state > p->state[i])
                p->state[i] = (unsigned char)state;
            return true;
        }
    if (p->n == LESSON_MAX_LESSONS || strlen(id) > LESSON_MAX_ID)
        return false;
    snprintf(p->id[p->n], sizeof p->id[0], "%s", id);
    p->state[p->n++] = (unsigned char)state;
    return true;
}

int ui_progress_format(const LessonProgress *p, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%s\n", HEADER);
    for (int i = 0; i < p->n && n < len; i++)
        if (p->state[i] != PROGRESS_NONE)
            n += (size_t)snprintf(buf + n, len - n, "%s %s\n", p->id[i],
                                  p->state[i] == PROGRESS_SOLVED ? "solved" : "seen");
    return n < len ? (int)n : -1;
}

static bool id_ok(const char *s)
{
    size_t n = strlen(s);
    return n > 0 && n <= LESSON_MAX_ID && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == n;
}

int ui_progress_parse(LessonProgress *p, const char *text, char *err, int errlen)
{
    memset(p, 0, sizeof *p);
    int line = 0;
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        line++;
        char buf[128], id[64], word[16], extra[4];
        if (len >= sizeof buf) {
            snprintf(err, (size_t)errlen, "line %d: longer than %d bytes", line, (int)sizeof buf - 1);
            return -1;
        }
        memcpy(buf, s, len);
        buf[len] = 0;
        s += len + (nl != NULL);
        if (line == 1) {
            if (strcmp(buf, HEADER)) {
                snprintf(err, (size_t)errlen, "line 1: not a lesson progress file");
                return -1;
            }
            continue;
        }
        if (sscanf(buf, "%63s %15s %3s", id, word, extra) != 2 || !id_ok(id) ||
            (strcmp(word, "seen") && strcmp(word, "solved"))) {
            snprintf(err, (size_t)errlen, "line %d: expected 'LESSON seen' or 'LESSON solved'", line);
            return -1;
        }
        if (!ui_progress_mark(p, id, !strcmp(word, "solved") ? PROGRESS_SOLVED : PROGRESS_SEEN)) {
            snprintf(err, (size_t)errlen, "line %d: more than %d lessons", line, LESSON_MAX_LESSONS);
            return -1;
        }
    }
    if (line == 0) {
        snprintf(err, (size_t)errlen, "empty file");
        return -1;
    }
    return 0;
}

static int progress_path(char *buf, int len, bool create, char *err, int errlen)
{
    char dir[1024];
    if (ui_state_dir(dir, sizeof dir, "", create, err, errlen))
        return -1;
    if (snprintf(buf, (size_t)len, "%s/%s", dir, PROGRESS_FILE) >= len) {
        snprintf(err, (size_t)errlen, "the progress file's name is too long");
        return -1;
    }
    return 0;
}

int ui_progress_load(LessonProgress *p, char *note, int notelen)
{
    char path[1100], err[800];
    memset(p, 0, sizeof *p);
    note[0] = 0;
    if (progress_path(path, sizeof path, false, err, sizeof err)) {
        snprintf(note, (size_t)notelen, "lesson progress: %s", err);
        return -1;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        snprintf(note, (size_t)notelen, "lesson progress: cannot read %s (%s)", path, strerror(errno));
        return -1;
    }
    enum { MAX = LESSON_MAX_LESSONS * 48 + 64 };
    char *text = malloc(MAX + 1);
    size_t n = text ? fread(text, 1, MAX, f) : 0;
    bool too_big = text && n == MAX && fgetc(f) != EOF;
    fclose(f);
    if (!text) {
        snprintf(note, (size_t)notelen, "lesson progress: out of memory");
        return -1;
    }
    text[n] = 0;
    int rc = 0;
    if (too_big)
        snprintf(err, sizeof err, "larger than %d bytes", (int)MAX);
    if (too_big || memchr(text, 0, n) || ui_progress_parse(p, text, err, sizeof err)) {
        if (memchr(text, 0, n) && !too_big)
            snprintf(err, sizeof err, "a NUL byte");
        char aside[1200];
        snprintf(aside, sizeof aside, "%s.damaged", path);
        bool moved = rename(path, aside) == 0;
        snprintf(note, (size_t)notelen, "lesson progress %s is damaged (%s); %s", path, err,
                 moved ? "moved aside to lessons.txt.damaged, starting afresh" : "starting afresh");
        memset(p, 0, sizeof *p);
        rc = 0;
    }
    free(text);
    return rc;
}

int ui_progress_save(const LessonProgress *p, char *err, int errlen)
{
    char path[1100];
    if (progress_path(path, sizeof path, true, err, errlen))
        return -1;
    size_t cap = (size_t)p->n * (LESSON_MAX_ID + 9) + sizeof HEADER + 2;
    char *buf = malloc(cap);
    if (!buf) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int n = ui_progress_format(p, buf, cap);
    int rc = n < 0 ? -1 : ui_atomic_write(path, buf, (size_t)n, err, errlen);
    if (n < 0)
        snprintf(err, (size_t)errlen, "the progress does not fit its buffer");
    free(buf);
    return rc;
}
