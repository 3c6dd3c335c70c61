/* Quoting outside text inside a message: what a user typed or a file holds
 * is echoed without control bytes or broken UTF-8 reaching the terminal.
 * No I/O; used by every parser's error messages. */
#ifndef NC_QUOTE_H
#define NC_QUOTE_H

#include <stddef.h>

/* Writes s into buf (len >= 8) with every control byte, DEL and byte that
 * is not part of valid UTF-8 written as \xNN and a backslash as \\.  A
 * result longer than len - 4 bytes is cut and ends in "...", so that the
 * cut is visible.  Returns buf. */
char *nc_quote(const char *s, char *buf, size_t len);
/* The same for the first n bytes of s (s need not be NUL-terminated). */
char *nc_quote_n(const char *s, size_t n, char *buf, size_t len);

#endif
