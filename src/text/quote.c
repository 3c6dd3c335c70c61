/* Quoting outside text for messages (quote.h). */
#include "quote.h"

#include <stdio.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if none:
 * no overlong forms, no surrogates, nothing past U+10FFFF. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned min;
    if (c >= 0xc2 && c <= 0xdf)
        len = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4, min = 0x10000;
    else
        return 0;
    if (len > n)
        return 0;
    unsigned cp = c & (0x3f >> (len - 1));
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

char *nc_quote_n(const char *text, size_t n, char *buf, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t out = 0, room = len - 4; /* keeps space for "..." and the NUL */
    size_t i = 0;
    while (i < n) {
        char piece[8];
        size_t plen;
        size_t u = s[i] >= 0x80 ? utf8_length(s + i, n - i) : 0;
        if (u) {
            memcpy(piece, s + i, u);
            plen = u;
        } else if (s[i] < 0x20 || s[i] == 0x7f || s[i] >= 0x80) {
            plen = (size_t)snprintf(piece, sizeof piece, "\\x%02x", s[i]);
            u = 1;
        } else if (s[i] == '\\') {
            memcpy(piece, "\\\\", 2);
            plen = 2;
            u = 1;
        } else {
            piece[0] = (char)s[i];
            plen = 1;
            u = 1;
        }
        if (out + plen > room) {
            memcpy(buf + out, "...", 4);
            return buf;
        }
        memcpy(buf + out, piece, plen);
        out += plen;
        i += u;
    }
    buf[out] = 0;
    return buf;
}

char *nc_quote(const char *s, char *buf, size_t len)
{
    return nc_quote_n(s, strlen(s), buf, len);
}
