/* Writing PGN tags (pgn_tags.h). */
#include "pgn_tags.h"

void pgn_put_tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s \"", name);
    for (const char *s = value; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputs("\"]\n", f);
}
