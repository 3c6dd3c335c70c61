/* The text a piece is drawn as, on the board, in the panel's hands and
 * legend and on the help page: its chess glyph when the terminal speaks
 * UTF-8, ASCII was not asked for and the type has one, else
 * its letter (upper case for White). */
#include "ui_internal.h"

#include <string.h>

static const char *glyph(const Variant *v, int code)
{
    static const char *const names[] = {"king", "queen", "rook", "bishop", "knight", "pawn", "run-pawn"};
    static const char *const white[] = {"\u2654", "\u2655", "\u2656", "\u2657", "\u2658", "\u2659", "\u2659"};
    static const char *const black[] = {"\u265a", "\u265b", "\u265c", "\u265d", "\u265e", "\u265f", "\u265f"};
    int t = nc_type(code);
    for (int shown = 0; shown < v->ntypes; shown++) /* a promoted piece's stand-in looks like its type */
        if (v->promoted_as[shown] == t)
            t = shown;
    const char *name = v->types[t].name;
    for (int i = 0; i < 7; i++)
        if (!strcmp(name, names[i]))
            return nc_colour(code) == NC_WHITE ? white[i] : black[i];
    return NULL;
}

const char *ui_piece_str(const Ui *u, int code, char *buf)
{
    if (u->look.utf8 && !u->look.ascii) {
        const char *g = glyph(u->game.v, code);
        if (g)
            return g;
    }
    char c = u->game.v->types[nc_type(code)].letter;
    buf[0] = nc_colour(code) == NC_WHITE ? c : (char)(c - 'A' + 'a');
    buf[1] = 0;
    return buf;
}
