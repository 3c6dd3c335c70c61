/* Types and steps shared by the parts of the data-file reader (datafile*.c):
 * the reader's limits, lines and words, the piece library, parsed variant
 * blocks, the error collector.  Only datafile*.c include this; everything else goes through
 * datafile.h.  Messages are asserted by tests/test_datafile.c: keep them. */
#ifndef NC_DATAFILE_INTERNAL_H
#define NC_DATAFILE_INTERNAL_H

#include "datafile.h"
#include "text/quote.h"

#include <stdbool.h>
#include <stddef.h>

/* The reader's limits (doc/data-files.md, "Limits"); input over one is
 * refused with a message naming it. */
#define DF_MAX_LINE 1023        /* bytes on a line, without the newline */
#define DF_MAX_WORDS 40         /* words on a line */
#define DF_MAX_FILE (1L << 20)  /* bytes in a file */
#define DF_MAX_DEFS 96          /* piece definitions in pieces.txt and the variant file together */
#define DF_MAX_DIRECTIVES 96    /* lines in a variant block */
#define DF_MAX_PIECE_NAME 31    /* bytes in a piece (type) name */
#define DF_MAX_VARIANT_NAME 47  /* bytes in a variant name */
#define DF_MAX_PIECE_TITLE 47   /* bytes in a piece's title */
#define DF_MAX_VARIANT_TITLE 63 /* bytes in a variant's title */
#define DF_MAX_SETUP_NAME 23    /* bytes in a setup name */
#define DF_MAX_SETUPS 4
#define DF_MAX_OPTIONS 4
#define DF_MAX_PATH 1023        /* bytes in a file's path */

/* One line of a file split into words (comment cut off). */
typedef struct {
    const char *file;
    int line;
    int nw;
    char *w[DF_MAX_WORDS];
    char store[DF_MAX_LINE + 1];
} Line;

/* A piece definition as read, with where it came from. */
typedef struct {
    PieceType pt;
    int line;
    const char *file; /* the name the file was read under; outlives the library */
    bool defined;     /* its block was closed with 'end' */
    int title_line, letter_line, value_line; /* where each was given; 0 = not yet */
} PieceDef;

/* Every piece definition of pieces.txt and the variant file, in order. */
typedef struct {
    PieceDef defs[DF_MAX_DEFS];
    int n;
} PieceLib;

/* One line of a variant block, kept as words (pointing into store) and as
 * the text after the keyword; its meaning is checked when the variant is
 * built.  Directives are not copied once stored, so the words stay valid. */
typedef struct {
    int line;
    char text[DF_MAX_LINE + 1];
    int nw;
    const char *words[DF_MAX_WORDS];
    char store[DF_MAX_LINE + 1];
} Directive;

typedef struct {
    char name[DF_MAX_VARIANT_NAME + 1];
    int line;
    Directive d[DF_MAX_DIRECTIVES];
    int nd;
} VariantBlock;

/* State while a Variant is built from a VariantBlock. */
typedef struct {
    Variant *v;
    const char *fname;
    DataErrors *errs;
    int before; /* errs->n when building began: more means it failed */
    int setup_line[DF_MAX_SETUPS]; /* where each setup was given */
    int option_line[DF_MAX_OPTIONS];
    int special_line;               /* the first line giving special squares; 0 = none */
    int zone_line[3];               /* datafile_zones.c: promotion-zone, royals-may-not-face, first-move-lost-to; 0 = not yet */
} Build;

/* datafile_errors.c: the error collector ("FILE:LINE: message"; line 0 = none).
 * The file name and every %s argument are outside text: they are quoted
 * (nc_quote), each cut visibly after about 60 bytes.  Only %s, %.*s, %d,
 * %c and %% may be used.  df_add_error_text adds a message whose text is
 * already safe (made by another parser that quotes its input). */
void df_add_error(DataErrors *e, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void df_add_error_text(DataErrors *e, const char *file, int line, const char *text);

/* datafile_path.c: walking a data path (data_path_next is data_path_next of
 * datafile.h); df_pieces_files writes the pieces.txt paths that exist, first directory
 * first, and returns their count or -1 after an error. */
int df_path_count(const char *path);
int df_pieces_files(const char *path, char (*files)[DF_MAX_PATH + 1], int max, DataErrors *errs);

/* datafile_lex.c: files, lines, words.  df_read_file: data_file_read of
 * at most DF_MAX_FILE bytes, a NUL byte refused ("NUL byte at line N"). */
char *df_read_file(const char *path, DataErrors *errs);
const char *df_next_line(const char *s, Line *l, char *rest, size_t restlen, DataErrors *errs);
bool df_append_text(char **text, const char *add);
bool df_valid_name(const char *s);
bool df_parse_int(const char *s, long lo, long hi, long *out);

/* datafile_tables.c: the table section of a weights file.  A table's rows
 * follow its header line; the table ends at the first line that is not a
 * row (df_table_is_row) or at the end of the file (df_table_end). */
typedef struct {
    const Variant *v;  /* NULL: value and table lines are refused */
    EvalLearned *out;
    int value_line[NC_MAX_TYPES];    /* where each was given; 0 = not yet */
    int table_line[NC_MAX_TYPES][2];
    bool open;         /* a table's rows are being read */
    bool bad;          /* its header was refused: its rows are not checked */
    int type, half, rows, header_line;
    char name[DF_MAX_PIECE_NAME + 4]; /* "knight mg", for messages */
} TableReader;
bool df_table_is_row(const Line *l);
void df_table_line(TableReader *r, const Line *l, DataErrors *errs); /* a 'value' or 'table' line */
void df_table_row(TableReader *r, const Line *l, DataErrors *errs);
void df_table_end(TableReader *r, const char *file, DataErrors *errs);

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

/* datafile_names.c: a square word ("e11"; a missing square only when
 * allow_missing) and a type name of the Variant being built; -1 for none. */
int df_square_word(const Variant *v, const char *w, bool allow_missing);
int df_type_named(const Variant *v, const char *name);

/* datafile_rules.c: the rule lines of a variant block (promotion, castling,
 * drops, Titans, options, special squares). */
void df_apply_rule(Build *b, const Directive *d);
/* datafile_zones.c: promotion-zone, promotion-limit, region,
 * royals-may-not-face; false when the line is none of them. */
bool df_apply_zone_rule(Build *b, const Directive *d);

#endif
