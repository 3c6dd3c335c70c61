/* Line input of the protocol front ends: a buffer filled with read(2)
 * and poll(2), cut into lines; nothing else. */
#include "line_in.h"

#include <poll.h>
#include <string.h>
#include <unistd.h>

/* Drops what is left of a line that filled the buffer; true once its
 * newline has been dropped too. */
static bool line_skip(LineIn *in)
{
    char *nl = memchr(in->buf, '\n', in->len);
    size_t used = nl ? (size_t)(nl - in->buf) + 1 : in->len;
    memmove(in->buf, in->buf + used, in->len - used);
    in->len -= used;
    in->skip = !nl;
    return nl != NULL;
}

/* Takes one complete line out of the buffer into out; false when none.
 * A line longer than the buffer is cut there (it would otherwise wait
 * forever for its newline) and the rest of it is dropped. */
bool line_take(LineIn *in, char *out, size_t outlen)
{
    if (in->skip && !line_skip(in))
        return false;
    char *nl = memchr(in->buf, '\n', in->len);
    bool cut = false;
    if (!nl) {
        if (in->len == sizeof in->buf)
            cut = true;
        else if (!in->eof || in->len == 0)
            return false;
        nl = in->buf + in->len; /* last line without a newline, or cut */
    }
    size_t n = (size_t)(nl - in->buf);
    size_t c = n < outlen - 1 ? n : outlen - 1;
    memcpy(out, in->buf, c);
    out[c] = 0;
    if (c && out[c - 1] == '\r')
        out[c - 1] = 0;
    size_t used = n < in->len ? n + 1 : n;
    memmove(in->buf, in->buf + used, in->len - used);
    in->len -= used;
    in->skip = cut;
    return true;
}

/* Reads what is available (waiting up to timeout_ms; -1 forever). */
void line_fill(LineIn *in, int timeout_ms)
{
    if (in->eof || in->len == sizeof in->buf)
        return;
    struct pollfd pfd = {in->fd, POLLIN, 0};
    if (poll(&pfd, 1, timeout_ms) <= 0)
        return;
    ssize_t r = read(in->fd, in->buf + in->len, sizeof in->buf - in->len);
    if (r <= 0)
        in->eof = true;
    else
        in->len += (size_t)r;
}

/* Blocking read of the next line; false at end of input. */
bool line_get(LineIn *in, char *out, size_t outlen)
{
    for (;;) {
        if (line_take(in, out, outlen))
            return true;
        if (in->eof)
            return false;
        line_fill(in, -1);
    }
}

