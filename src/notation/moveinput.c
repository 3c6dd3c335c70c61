/* Which notation a move is read and shown in (moveinput.h). */
#include "moveinput.h"

#include "movetext.h"
#include "san.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* A text that begins as the move text does ("e2-", "e2e4", "J@") keeps
 * the move text's message; another gets SAN's. */
static bool looks_like_move_text(const Variant *v, const char *text)
{
    while (isspace((unsigned char)*text))
        text++;
    if (text[0] && text[1] == '@')
        return true;
    const char *s = text;
    if (nc_parse_sq(v, &s) < 0)
        return false;
    while (isspace((unsigned char)*s))
        s++;
    return *s == '-' || nc_parse_sq(v, &s) >= 0;
}

MoveReadStatus move_read_input(Position *p, const char *text, MoveRead *r)
{
    if (move_read_text(p, text, r) == MOVE_READ_OK || !san_applies(p->v))
        return r->status;
    MoveRead san;
    if (san_read(p, text, &san) == MOVE_READ_OK || !looks_like_move_text(p->v, text))
        *r = san;
    return r->status;
}

int move_from_input(Position *p, const char *text, Move *out, char *err, int errlen)
{
    MoveRead r;
    if (move_read_input(p, text, &r) == MOVE_READ_OK) {
        *out = r.move;
        return 0;
    }
    snprintf(err, (size_t)errlen, "%s", r.msg);
    return -1;
}

int move_from_record(Position *p, const char *text, Move *out, char *warn, int warnlen, char *err, int errlen)
{
    warn[0] = 0;
    if (move_from_input(p, text, out, err, errlen) == 0)
        return 0;
    char bare[200], e[400];
    size_t n = strlen(text);
    if (n >= sizeof bare)
        return -1;
    memcpy(bare, text, n + 1);
    while (n > 0 && (bare[n - 1] == '+' || bare[n - 1] == '#'))
        bare[--n] = 0;
    if (n == strlen(text) || n == 0 || move_from_input(p, bare, out, e, sizeof e))
        return -1; /* not a matter of the marks: the first error stands */
    snprintf(warn, (size_t)warnlen, "%s; read as %s", err, bare);
    return 0;
}

char *move_label(const Position *p, const Move *m, char *buf, int buflen)
{
    if (san_applies(p->v))
        return san_format(p, m, buf, buflen);
    return move_to_text(p, m, buf, buflen);
}
