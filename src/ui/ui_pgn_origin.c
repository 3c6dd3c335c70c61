/* What a loaded game keeps of the file it came from, so that saving it
 * loses nothing the program cannot reproduce: the game's tags (names,
 * event, date, tags of other programs), its comments and NAGs while the game still
 * begins with the moves they were written after, and where the game
 * stands in its file, so that saving into that file replaces only that
 * game and leaves the file's other bytes as they were.  Also which file
 * this program last wrote, so that a file it did not write is never
 * replaced without asking (the game screen records it after a save; a
 * file the game was put back into holds other games, so only that game
 * may replace itself there again without a question).  Reading and writing the PGN itself is
 * ui_pgn.c's. */
#include "ui_internal.h"

#include "notation/notation.h"
#include "text/quote.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void ui_origin_free(UiOrigin *o)
{
    for (int i = 0; i < o->ntags; i++)
        free(o->tags[i].value);
    for (int i = 0; i < o->nnotes; i++)
        free(o->notes[i].text);
    for (int i = 0; i < o->nnags; i++)
        free(o->nags[i].text);
    free(o->tags);
    free(o->notes);
    free(o->nags);
    free(o->moves);
    free(o->head);
    free(o->scratch);
    memset(o, 0, sizeof *o);
}

int ui_origin_add_tag(UiOrigin *o, const char *name, const char *value)
{
    UiTag *t = realloc(o->tags, sizeof *t * (size_t)(o->ntags + 1));
    if (!t)
        return -1;
    o->tags = t;
    char *v = strdup(value);
    if (!v)
        return -1;
    snprintf(t[o->ntags].name, sizeof t[o->ntags].name, "%s", name);
    t[o->ntags++].value = v;
    return 0;
}

const char *ui_origin_tag(const UiOrigin *o, const char *name)
{
    for (int i = 0; i < o->ntags; i++)
        if (!strcmp(o->tags[i].name, name))
            return o->tags[i].value;
    return NULL;
}

/* Appends a text after ply plies to a list of notes or NAGs; takes t. */
static int add_to(UiNote **list, int *n, char *t, int ply)
{
    UiNote *l = realloc(*list, sizeof *l * (size_t)(*n + 1));
    if (!l) {
        free(t);
        return -1;
    }
    *list = l;
    l[*n].ply = ply;
    l[(*n)++].text = t;
    return 0;
}

/* The text without its [%clk ...] commands: the clocks are written anew
 * from the game's own clocks. */
static void drop_clk(char *s)
{
    char *c;
    while ((c = strstr(s, "[%clk")) != NULL) {
        char *e = strchr(c, ']');
        e = e ? e + 1 : c + strlen(c);
        memmove(c, e, strlen(e) + 1);
    }
}

static bool blank(const char *s)
{
    for (; *s; s++)
        if (!strchr(" \t\r\n", *s))
            return false;
    return true;
}

int ui_origin_add_note(UiOrigin *o, const char *text, size_t len, int ply, bool clocks)
{
    char *t = strndup(text, len);
    if (!t)
        return -1;
    if (clocks)
        drop_clk(t);
    if (blank(t)) {
        free(t);
        return 0;
    }
    return add_to(&o->notes, &o->nnotes, t, ply);
}

int ui_origin_add_nag(UiOrigin *o, const char *nag, int ply)
{
    char *t = strdup(nag);
    return t ? add_to(&o->nags, &o->nnags, t, ply) : -1;
}

int ui_origin_set_moves(UiOrigin *o, const Move *moves, int nply)
{
    free(o->moves);
    o->moves = NULL;
    o->nply = 0;
    if (nply == 0)
        return 0;
    o->moves = malloc(sizeof *moves * (size_t)nply);
    if (!o->moves)
        return -1;
    memcpy(o->moves, moves, sizeof *moves * (size_t)nply);
    o->nply = nply;
    return 0;
}

/* The start of the first tag line of text: comment and escape lines and
 * blank space before it belong to the file, not to the game. */
static size_t game_start(const char *text)
{
    const char *s = text;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
            s++;
        if (*s != ';' && *s != '%')
            break;
        while (*s && *s != '\n')
            s++;
    }
    while (s > text && (s[-1] == ' ' || s[-1] == '\t'))
        s--;
    return (size_t)(s - text);
}

int ui_origin_set_text(UiOrigin *o, const char *text, const char *end)
{
    while (end > text && strchr(" \t\r\n", end[-1]))
        end--;
    size_t len = (size_t)(end - text);
    free(o->head);
    o->head = malloc(len + 1);
    if (!o->head)
        return -1;
    memcpy(o->head, text, len);
    o->head[len] = 0;
    o->head_len = len;
    o->game_start = game_start(text);
    if (o->game_start > len)
        o->game_start = len;
    return 0;
}

/* The texts of list after ply (0-based) joined by blanks, while the game
 * begins with the loaded moves; NULL none. */
static const char *joined(const Ui *u, const UiNote *list, int count, int ply)
{
    const UiOrigin *co = &u->files.origin;
    UiOrigin *o = (UiOrigin *)co; /* scratch only: the text handed out */
    int before = ply + 1;         /* the plies the comment follows */
    if (before > o->nply || before > u->game.g.nply)
        return NULL;
    for (int i = 0; i < before; i++)
        if (!move_equal(&o->moves[i], &u->game.g.moves[i]))
            return NULL;
    size_t need = 1;
    for (int i = 0; i < count; i++)
        if (list[i].ply == before)
            need += strlen(list[i].text) + 1;
    if (need == 1)
        return NULL;
    if (need > o->scratch_cap) {
        char *s = realloc(o->scratch, need);
        if (!s) {
            o->nomem = true;
            return NULL;
        }
        o->scratch = s;
        o->scratch_cap = need;
    }
    o->scratch[0] = 0;
    for (int i = 0; i < count; i++)
        if (list[i].ply == before) {
            if (o->scratch[0])
                strcat(o->scratch, " ");
            strcat(o->scratch, list[i].text);
        }
    return o->scratch;
}

const char *ui_origin_note(const Ui *u, int ply)
{
    return joined(u, u->files.origin.notes, u->files.origin.nnotes, ply);
}

const char *ui_origin_nags(const Ui *u, int ply)
{
    return joined(u, u->files.origin.nags, u->files.origin.nnags, ply);
}

bool ui_origin_same_file(const char *a, const char *b)
{
    return a[0] && b[0] && !strcmp(a, b);
}

void ui_origin_real_path(const char *path, char *real)
{
    if (!realpath(path, real))
        real[0] = 0;
}

int ui_pgn_save_question(const Ui *u, const char *path, char *question, int qlen)
{
    char real[PATH_MAX], q[600];
    ui_origin_real_path(path, real);
    if (!real[0] || ui_origin_same_file(real, u->files.written) ||
        (u->files.origin.agreed && ui_origin_same_file(real, u->files.origin.path)))
        return 0;
    nc_quote(path, q, sizeof q);
    if (ui_origin_same_file(real, u->files.origin.path))
        snprintf(question, (size_t)qlen,
                 "'%s' was not written by ninjachess. Replace this game in it? Its other games, "
                 "this game's tags, comments and NAGs are kept; its variations are not.", q);
    else
        snprintf(question, (size_t)qlen, "'%s' exists and was not written by ninjachess. Replace it?", q);
    return 1;
}

void ui_pgn_other_name(const char *path, char *out, int len)
{
    char stem[512];
    snprintf(stem, sizeof stem, "%s", path);
    char *dot = strrchr(stem, '.'), *slash = strrchr(stem, '/');
    const char *ext = ".pgn";
    if (dot && (!slash || dot > slash) && dot != stem && (!slash || dot > slash + 1)) {
        ext = path + (dot - stem);
        *dot = 0;
    }
    struct stat st;
    for (int i = 2; i < 1000; i++) {
        snprintf(out, (size_t)len, "%s-%d%s", stem, i, ext);
        if (stat(out, &st) != 0 && errno == ENOENT)
            return;
    }
}

/* The file's text with the loaded game replaced by game (len bytes, its
 * final newline left out); NULL with err when the file changed since the
 * game was loaded (its bytes up to the game's end differ). */
static char *splice(const UiOrigin *o, const char *path, const char *game, size_t len, size_t *outlen, char *err,
                    int errlen)
{
    size_t flen;
    char *file = pgn_read_file(path, &flen, err, errlen);
    if (!file)
        return NULL;
    char q[600];
    if (flen < o->head_len || memcmp(file, o->head, o->head_len)) {
        snprintf(err, (size_t)errlen, "'%s' changed since the game was loaded; save it under another name",
                 nc_quote(path, q, sizeof q));
        free(file);
        return NULL;
    }
    while (len && game[len - 1] == '\n')
        len--;
    size_t tail = flen - o->head_len;
    char *out = malloc(o->game_start + len + tail + 1);
    if (!out) {
        snprintf(err, (size_t)errlen, "out of memory");
        free(file);
        return NULL;
    }
    memcpy(out, file, o->game_start);
    memcpy(out + o->game_start, game, len);
    memcpy(out + o->game_start + len, file + o->head_len, tail);
    *outlen = o->game_start + len + tail;
    out[*outlen] = 0;
    free(file);
    return out;
}

int ui_origin_write(Ui *u, const char *path, const char *game, size_t len, char *err, int errlen)
{
    char real[PATH_MAX];
    ui_origin_real_path(path, real);
    UiOrigin *o = &u->files.origin;
    if (ui_origin_same_file(real, o->path)) {
        size_t outlen;
        char *out = splice(o, path, game, len, &outlen, err, errlen);
        if (!out)
            return -1;
        int rc = ui_atomic_write(path, out, outlen, err, errlen);
        if (rc == 0) {
            /* The file now holds this text: the next save replaces it. */
            size_t glen = len;
            while (glen && game[glen - 1] == '\n')
                glen--;
            rc = ui_origin_set_text(o, out, out + o->game_start + glen);
            if (rc)
                snprintf(err, (size_t)errlen, "out of memory");
            o->agreed = true;
        }
        free(out);
        return rc;
    }
    return ui_atomic_write(path, game, len, err, errlen);
}
