/* UCI move text from and to XBoard's: the same coordinates with every
 * rank number moved by the difference between the variant's first rank
 * label and XBoard's; nothing else changes. */
#include "uci_move.h"
#include "notation/notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* What to add to XBoard's rank labels to get ours: both count from the
 * box's lowest rank, XBoard from xb_rank_first, we from rank_base. */
static int rank_shift(const Variant *v)
{
    return v->rank_base - xb_rank_first(v);
}

/* Copies text into out with every square's rank number (the digits after
 * a lower-case file letter) moved by shift; false when one would fall
 * below 0 or out does not hold the result. */
static bool relabel(const char *text, int shift, char *out, size_t len)
{
    size_t used = 0;
    for (const char *s = text; *s;) {
        if (islower((unsigned char)*s) && isdigit((unsigned char)s[1])) {
            int n = 0;
            const char *d = s + 1;
            while (isdigit((unsigned char)*d) && n < 1000)
                n = n * 10 + (*d++ - '0');
            if (n + shift < 0)
                return false;
            int w = snprintf(out + used, len - used, "%c%d", *s, n + shift);
            if (w < 0 || (size_t)w >= len - used)
                return false;
            used += (size_t)w;
            s = d;
        } else {
            if (used + 1 >= len)
                return false;
            out[used++] = *s++;
        }
    }
    out[used] = 0;
    return true;
}

void uci_move_text(const Position *p, const Move *m, char *buf, size_t len)
{
    char xb[64];
    xb_move_text(p, m, xb, sizeof xb);
    if (!relabel(xb, rank_shift(p->v), buf, len))
        snprintf(buf, len, "%s", xb); /* cannot happen: every label is >= 0 */
}

int uci_parse_move(Position *p, const char *text, Move *out)
{
    char xb[64];
    if (!relabel(text, -rank_shift(p->v), xb, sizeof xb))
        return -1;
    return xb_parse_move(p, xb, out);
}
