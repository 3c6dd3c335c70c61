/* Saved games: PGN with [Variant], [FEN] when the game did not begin at the
 * setup, and the moves in the move text.  Files are replaced atomically so a
 * crash or a full disk never leaves half a game behind.  Nothing is drawn
 * here, and a failed load leaves the game as it was.  Where the game in
 * progress is kept is ui_autosave.c's. */
#include "ui_internal.h"
#include "../pgn_tags.h"

#include "../quote.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

/* The rename is only durable once the directory holding it is on disk. */
static int sync_dir_of(const char *path)
{
    char dir[1100];
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

/* Temp file in the same directory, write, fsync, rename, fsync the
 * directory: the file holds the old contents or the new, never a part. */
int ui_atomic_write(const char *path, const char *data, size_t len, char *err, int errlen)
{
    char tmp[1100];
    if (snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", path) >= (int)sizeof tmp) {
        write_error(err, errlen, path, ENAMETOOLONG);
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        write_error(err, errlen, path, errno);
        return -1;
    }
    if (write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        int e = errno;
        close(fd);
        unlink(tmp);
        write_error(err, errlen, path, e);
        return -1;
    }
    fchmod(fd, 0644);
    if (close(fd) != 0 || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        write_error(err, errlen, path, e);
        return -1;
    }
    if (sync_dir_of(path) != 0) {
        write_error(err, errlen, path, errno);
        return -1;
    }
    return 0;
}

bool ui_pgn_at_setup(const Ui *u)
{
    Position p;
    pos_start(&p, u->v);
    char a[1024], b[1024];
    pos_to_fen(&p, a, sizeof a);
    pos_to_fen(&u->start, b, sizeof b);
    return !strcmp(a, b);
}

static const char *result_token(const Ui *u)
{
    if (!ui_game_over(u))
        return "*";
    if (!strncmp(u->result, "1-0", 3))
        return "1-0";
    if (!strncmp(u->result, "0-1", 3))
        return "0-1";
    return "1/2-1/2";
}

int ui_pgn_write(const Ui *u, FILE *f)
{
    char date[16] = "????.??.??";
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    pgn_put_tag(f, "Event", "ninjachess game");
    pgn_put_tag(f, "Site", "?");
    pgn_put_tag(f, "Date", date);
    pgn_put_tag(f, "Round", "-");
    pgn_put_tag(f, "White", u->player[0] == PL_COMPUTER ? "computer" : "human");
    pgn_put_tag(f, "Black", u->player[1] == PL_COMPUTER ? "computer" : "human");
    pgn_put_tag(f, "Result", result_token(u));
    pgn_put_tag(f, "Variant", u->vname);
    if (u->setup[0])
        pgn_put_tag(f, "VariantSetup", u->setup);
    if (u->options[0])
        pgn_put_tag(f, "VariantOptions", u->options);
    if (u->titans[0])
        pgn_put_tag(f, "Titans", u->titans);
    if (u->level) {
        char lv[8];
        snprintf(lv, sizeof lv, "%d", u->level);
        pgn_put_tag(f, "Level", lv);
    }
    if (!ui_pgn_at_setup(u)) {
        char fen[1024];
        pos_to_fen(&u->start, fen, sizeof fen);
        pgn_put_tag(f, "SetUp", "1");
        pgn_put_tag(f, "FEN", fen);
    }
    if (u->result[0] && ui_game_over(u))
        pgn_put_tag(f, "Termination", u->result);
    fputc('\n', f);
    int col = 0;
    int first_black = u->start.side == NC_BLACK;
    for (int i = 0; i < u->g.nply; i++) {
        char tok[200];
        int num = u->start.fullmove + (i + first_black) / 2;
        int n;
        if ((i + first_black) % 2 == 0)
            n = snprintf(tok, sizeof tok, "%d. %s", num, u->text[i]);
        else if (i == 0)
            n = snprintf(tok, sizeof tok, "%d... %s", num, u->text[i]);
        else
            n = snprintf(tok, sizeof tok, "%s", u->text[i]);
        if (col && col + 1 + n > 79) {
            fputc('\n', f);
            col = 0;
        }
        if (col) {
            fputc(' ', f);
            col++;
        }
        fputs(tok, f);
        col += n;
    }
    fprintf(f, "%s%s\n", col ? " " : "", result_token(u));
    return ferror(f) ? -1 : 0;
}

int ui_pgn_save(const Ui *u, const char *path, char *err, int errlen)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int rc = ui_pgn_write(u, f);
    fclose(f);
    if (rc == 0)
        rc = ui_atomic_write(path, buf, len, err, errlen);
    else
        snprintf(err, (size_t)errlen, "cannot write %s", path);
    free(buf);
    return rc;
}

/* ---- reading ---- */

typedef struct {
    char variant[48], setup[24], options[96], titans[160], fen[1024], white[1024], black[1024];
    int level;
    bool has_variant;
} Tags;

static const char *skip_space(const char *s, int *line)
{
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') {
            if (*s == '\n')
                (*line)++;
            s++;
        }
        if (*s == ';' || (*s == '%')) { /* comment to end of line / escape line */
            while (*s && *s != '\n')
                s++;
            continue;
        }
        return s;
    }
}

/* Copies a tag value; false when it does not fit the field (no tag this
 * program reads is cut). */
static bool set_field(char *dst, size_t n, const char *v)
{
    size_t l = strlen(v);
    if (l >= n)
        return false;
    memcpy(dst, v, l + 1);
    return true;
}

/* The field a tag this program uses is kept in (NULL for the others). */
static char *tag_field(Tags *t, const char *name, size_t *size)
{
    static const struct {
        const char *name;
        size_t offset, size;
    } fields[] = {
        {"Variant", offsetof(Tags, variant), sizeof ((Tags *)0)->variant},
        {"VariantSetup", offsetof(Tags, setup), sizeof ((Tags *)0)->setup},
        {"VariantOptions", offsetof(Tags, options), sizeof ((Tags *)0)->options},
        {"Titans", offsetof(Tags, titans), sizeof ((Tags *)0)->titans},
        {"FEN", offsetof(Tags, fen), sizeof ((Tags *)0)->fen},
        {"White", offsetof(Tags, white), sizeof ((Tags *)0)->white},
        {"Black", offsetof(Tags, black), sizeof ((Tags *)0)->black},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (!strcmp(name, fields[i].name)) {
            *size = fields[i].size;
            return (char *)t + fields[i].offset;
        }
    return NULL;
}

/* Keeps the value of a tag this program uses; others are ignored.
 * Returns false when the value is longer than the program keeps. */
static bool store_tag(Tags *t, const char *name, const char *val)
{
    size_t size;
    char *field = tag_field(t, name, &size);
    if (field && !set_field(field, size, val))
        return false;
    if (!strcmp(name, "Variant")) {
        /* "Titan Chess" written by other programs means titan-chess. */
        for (char *c = t->variant; *c; c++)
            *c = *c == ' ' ? '-' : (*c >= 'A' && *c <= 'Z') ? (char)(*c - 'A' + 'a') : *c;
        t->has_variant = true;
    } else if (!strcmp(name, "Level")) {
        t->level = atoi(val);
        if (t->level < 0 || t->level > 10)
            t->level = 0;
    }
    return true;
}

static int parse_tag(const char *s, const char **end, Tags *t, int line, char *err, int errlen)
{
    /* s points after '[' */
    char name[32];
    int n = 0;
    while (*s == ' ')
        s++;
    while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_') {
        if (n < 31)
            name[n++] = *s;
        s++;
    }
    name[n] = 0;
    while (*s == ' ')
        s++;
    if (!n || *s != '"') {
        snprintf(err, (size_t)errlen, "line %d: malformed tag (expected [Name \"value\"])", line);
        return -1;
    }
    s++;
    char val[1024];
    int k = 0;
    while (*s && *s != '"' && *s != '\n') {
        if (*s == '\\' && s[1])
            s++;
        if (k == (int)sizeof val - 1) {
            snprintf(err, (size_t)errlen, "line %d: the value of tag %s is longer than %d bytes", line, name,
                     (int)sizeof val - 1);
            return -1;
        }
        val[k++] = *s++;
    }
    val[k] = 0;
    if (*s != '"') {
        snprintf(err, (size_t)errlen, "line %d: tag %s is not closed", line, name);
        return -1;
    }
    s++;
    while (*s == ' ')
        s++;
    if (*s != ']') {
        snprintf(err, (size_t)errlen, "line %d: tag %s is not closed with ]", line, name);
        return -1;
    }
    *end = s + 1;
    if (!store_tag(t, name, val)) {
        size_t size = 0;
        tag_field(t, name, &size);
        snprintf(err, (size_t)errlen, "line %d: the value of tag %s is longer than %d bytes", line, name,
                 (int)size - 1);
        return -1;
    }
    return 0;
}

static bool is_result(const char *tok)
{
    return !strcmp(tok, "1-0") || !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2") || !strcmp(tok, "*");
}

/* The tag section; s is left at the move text. */
static int read_tags(const char **sp, int *line, Tags *t, const char *name, char *err, int errlen)
{
    char e[400];
    const char *s = skip_space(*sp, line);
    if (*s != '[') {
        snprintf(err, (size_t)errlen, "%s is not a saved game (no PGN tags at the start)", name);
        return -1;
    }
    while (*s == '[') {
        if (parse_tag(s + 1, &s, t, *line, e, sizeof e)) {
            snprintf(err, (size_t)errlen, "%s: %s", name, e);
            return -1;
        }
        s = skip_space(s, line);
    }
    if (!t->has_variant) {
        snprintf(err, (size_t)errlen, "%s: no [Variant] tag; cannot tell which game this is", name);
        return -1;
    }
    *sp = s;
    return 0;
}

/* Skips a {comment} at s; returns NULL when it is not closed. */
static const char *skip_comment(const char *s, int *line)
{
    while (*s && *s != '}') {
        if (*s == '\n')
            (*line)++;
        s++;
    }
    return *s ? s + 1 : NULL;
}

/* The move in a token: past a move number "12." or "12..." (also "12.e3-e5"). */
static const char *move_of_token(const char *tok)
{
    const char *mv = tok;
    if (*mv >= '0' && *mv <= '9') {
        const char *q = mv;
        while (*q >= '0' && *q <= '9')
            q++;
        if (*q == '.') {
            while (*q == '.')
                q++;
            mv = q;
        }
    }
    return mv;
}

/* Plays one move of the move text on n, or says why it cannot be. */
static int play_token(Ui *n, const char *mv, int ply, int line, const char *name, char *err, int errlen)
{
    char e[400], q[64];
    nc_quote(mv, q, sizeof q);
    if (n->g.pos.scepter || (ui_game_over(n) && n->status == GS_CHECKMATE)) {
        snprintf(err, (size_t)errlen, "%s: line %d: move '%s' after the game ended", name, line, q);
        return -1;
    }
    Move m;
    if (move_from_text(&n->g.pos, mv, &m, e, sizeof e)) {
        snprintf(err, (size_t)errlen, "%s: line %d: move %d '%s': %s", name, line, ply / 2 + 1, q, e);
        return -1;
    }
    ui_play(n, &m);
    return 0;
}

/* Plays the move text from s up to its result token (or its end). */
static int play_movetext(Ui *n, const char *s, int line, const char *name, char *err, int errlen)
{
    int ply = 0;
    while (*s) {
        s = skip_space(s, &line);
        if (!*s)
            break;
        if (*s == '{') {
            int opened = line;
            s = skip_comment(s, &line);
            if (!s) {
                snprintf(err, (size_t)errlen, "%s: line %d: comment '{' is not closed", name, opened);
                return -1;
            }
            continue;
        }
        if (*s == '(' || *s == ')') {
            snprintf(err, (size_t)errlen, "%s: line %d: variations are not supported", name, line);
            return -1;
        }
        char tok[200];
        int k = 0;
        while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r' && *s != '{') {
            if (k == (int)sizeof tok - 1) {
                snprintf(err, (size_t)errlen, "%s: line %d: a move longer than %d bytes", name, line, (int)sizeof tok - 1);
                return -1;
            }
            tok[k++] = *s++;
        }
        tok[k] = 0;
        if (is_result(tok))
            break;
        const char *mv = move_of_token(tok);
        if (tok[0] == '$' || !*mv)
            continue;
        if (play_token(n, mv, ply, line, name, err, errlen))
            return -1;
        ply++;
    }
    return 0;
}

/* Puts the loaded game n into u, keeping the player's screen settings and
 * taking the game's players and level where the tags name them. */
static void adopt_game(Ui *u, Ui *n, const Tags *t)
{
    ui_computer_stop(u);
    ui_autosave_leave(u);
    Ui old = *u;
    *u = *n;
    u->data_dir = old.data_dir;
    u->flipped = old.flipped;
    u->lay = old.lay;
    u->search = old.search;
    u->level = t->level ? t->level : old.level;
    u->player[0] = t->white[0] ? (!strcmp(t->white, "computer") ? PL_COMPUTER : PL_HUMAN) : old.player[0];
    u->player[1] = t->black[0] ? (!strcmp(t->black, "computer") ? PL_COMPUTER : PL_HUMAN) : old.player[1];
    old.search = NULL;
    ui_game_free(&old);
    /* Nothing to save until it changes; it gets a file of its own then. */
    u->changes = u->saved_changes = u->failed_changes = 0;
    u->cursor = u->g.pos.king[u->g.pos.side] ? u->g.pos.king[u->g.pos.side] : u->v->squares[0];
    ui_refresh(u);
}

int ui_pgn_load_text(Ui *u, const char *text, const char *name, char *err, int errlen)
{
    Tags t;
    memset(&t, 0, sizeof t);
    int line = 1;
    const char *s = text;
    if (read_tags(&s, &line, &t, name, err, errlen))
        return -1;
    /* Build the new game aside, so a bad file leaves the current one alone. */
    Ui n;
    memset(&n, 0, sizeof n);
    n.drop_type = -1;
    n.utf8 = u->utf8;
    n.ascii = u->ascii;
    n.colours = u->colours;
    char e[400];
    if (ui_game_new(&n, u->data_dir, t.variant, t.setup, t.options, t.titans, t.fen, e, sizeof e)) {
        snprintf(err, (size_t)errlen, "%s: %s", name, e);
        ui_game_free(&n);
        return -1;
    }
    if (play_movetext(&n, s, line, name, err, errlen)) {
        ui_game_free(&n);
        return -1;
    }
    adopt_game(u, &n, &t);
    return 0;
}

/* Reads a whole file of at most 64 MiB; NULL with the reason in err. */
static char *read_file(const char *path, size_t *lenp, char *err, int errlen)
{
    char q[600];
    nc_quote(path, q, sizeof q);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, (size_t)errlen, "cannot open '%s': %s", q, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        snprintf(err, (size_t)errlen, "'%s' is a directory, not a saved game", q);
        return NULL;
    }
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int e = 0;
    for (;;) {
        if (len + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 8192;
            char *nb = cap > (size_t)64 << 20 ? NULL : realloc(buf, cap);
            if (!nb) {
                e = cap > (size_t)64 << 20 ? EFBIG : ENOMEM;
                break;
            }
            buf = nb;
        }
        size_t r = fread(buf + len, 1, 4096, f);
        len += r;
        if (r < 4096) {
            e = ferror(f) ? errno : 0;
            break;
        }
    }
    fclose(f);
    if (e) {
        free(buf);
        if (e == EFBIG)
            snprintf(err, (size_t)errlen, "'%s' is too large to be a saved game", q);
        else
            snprintf(err, (size_t)errlen, "cannot read '%s': %s", q, strerror(e));
        return NULL;
    }
    buf[len] = 0;
    *lenp = len;
    return buf;
}

int ui_pgn_load(Ui *u, const char *path, char *err, int errlen)
{
    size_t len;
    char *buf = read_file(path, &len, err, errlen);
    if (!buf)
        return -1;
    if (memchr(buf, 0, len)) {
        char q[600];
        free(buf);
        snprintf(err, (size_t)errlen, "'%s' is not a saved game (binary data)", nc_quote(path, q, sizeof q));
        return -1;
    }
    char q[600];
    int rc = ui_pgn_load_text(u, buf, nc_quote(path, q, sizeof q), err, errlen);
    free(buf);
    return rc;
}
