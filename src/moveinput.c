/* Which notation a move is read and shown in (moveinput.h). */
#include "moveinput.h"

#include "movetext.h"
#include "san.h"

#include <stdio.h>
#include <string.h>

int move_from_input(Position *p, const char *text, Move *out, char *err, int errlen)
{
    if (move_from_text(p, text, out, err, errlen) == 0)
        return 0;
    if (!san_applies(p->v))
        return -1;
    char san_err[400];
    if (san_parse(p, text, out, san_err, sizeof san_err) == 0)
        return 0;
    /* Move text that names no legal move keeps its own reason; a text that
     * is not move text at all gets SAN's. */
    if (strncmp(err, "malformed", 9) == 0)
        snprintf(err, (size_t)errlen, "%s", san_err);
    return -1;
}

char *move_label(const Position *p, const Move *m, char *buf, int buflen)
{
    if (san_applies(p->v))
        return san_format(p, m, buf, buflen);
    return move_to_text(p, m, buf, buflen);
}
