/* Line input for the protocol front ends (XBoard, UCI): lines read with
 * read(2) into a buffer of our own, so that a front end thinking on the
 * search thread can look for new commands with poll(2) without stdio
 * buffering hiding lines that already arrived. */
#ifndef NC_FRONTEND_LINE_IN_H
#define NC_FRONTEND_LINE_IN_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char buf[65536];
    size_t len;
    int fd;
    bool eof;
    bool skip; /* a line filled the buffer: drop the rest of it */
} LineIn;

/* Takes one complete line (without its newline or a trailing CR) out of
 * the buffer into out; false when none.  A line longer than the buffer is
 * cut there and the rest of it is dropped; one longer than outlen is cut
 * to it. */
bool line_take(LineIn *in, char *out, size_t outlen);
/* Reads what is available, waiting up to timeout_ms (-1: forever). */
void line_fill(LineIn *in, int timeout_ms);
/* Blocking read of the next line; false at end of input. */
bool line_get(LineIn *in, char *out, size_t outlen);

#endif
