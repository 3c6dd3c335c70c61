/* Types and steps shared by the parts of the data-file reader (datafile*.c):
 * lines and words, the piece library, parsed variant blocks, the error
 * collector.  Only datafile*.c include this; everything else goes through
 * datafile.h.  Messages are asserted by tests/test_datafile.c: keep them. */
#ifndef NC_DATAFILE_INTERNAL_H
#define NC_DATAFILE_INTERNAL_H

#include "datafile.h"

#include <stdbool.h>
#include <stddef.h>

#define DF_MAX_WORDS 40

/* One line of a file split into words (comment cut off). */
typedef struct {
    const char *file;
    int line;
    int nw;
    char *w[DF_MAX_WORDS];
    char store[1024];
} Line;

/* A piece definition as read, with where it came from. */
typedef struct {
    PieceType pt;
    int line;
    char file[256];
    bool defined; /* its block was closed with 'end' */
} PieceDef;

/* Every piece definition of pieces.txt and the variant file, in order. */
typedef struct {
    PieceDef defs[96];
    int n;
} PieceLib;

/* One line of a variant block, kept as words and as the text after the
 * keyword; its meaning is checked when the variant is built. */
typedef struct {
    int line;
    char text[1024];
    int nw;
    char words[DF_MAX_WORDS][128];
} Directive;

typedef struct {
    char name[48];
    int line;
    Directive d[96];
    int nd;
} VariantBlock;

/* State while a Variant is built from a VariantBlock. */
typedef struct {
    Variant *v;
    const char *fname;
    DataErrors *errs;
    int before; /* errs->n when building began: more means it failed */
} Build;

/* datafile.c: the error collector ("FILE:LINE: message"; line 0 = none). */
void df_add_error(DataErrors *e, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* datafile_lex.c: files, lines, words. */
char *df_read_file(const char *path, DataErrors *errs);
const char *df_next_line(const char *s, Line *l, char *rest, size_t restlen);
char *df_append_text(char *old, const char *add);
bool df_valid_name(const char *s);

/* datafile_piece.c: piece blocks. */
int df_lib_find(const PieceLib *lib, const char *name);
PieceDef *df_piece_open(PieceLib *lib, const Line *l, DataErrors *errs);
void df_piece_line(PieceDef *def, const Line *l, const char *rest, DataErrors *errs);
void df_piece_close(PieceDef *def, int block_line, const char *fname, DataErrors *errs);

/* datafile_blocks.c: a file's text into piece definitions and a variant block. */
void df_parse_text(const char *fname, const char *text, PieceLib *lib, VariantBlock *vb, bool *have_vb,
                   DataErrors *errs);

/* datafile_build.c: a VariantBlock and the piece library into a Variant. */
Variant *df_build_variant(const VariantBlock *vb, const PieceLib *lib, const char *fname, DataErrors *errs);
int df_locate_castling(Variant *v, char *err, int errlen);
int df_square_word(const Variant *v, const char *w, bool allow_missing);
int df_type_named(const Variant *v, const char *name);

/* datafile_rules.c: the rule lines of a variant block (promotion, castling,
 * drops, Titans, options, special squares). */
void df_apply_rule(Build *b, const Directive *d);

#endif
