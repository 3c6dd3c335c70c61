/* Data files (doc/data-files.md): piece definitions and variants, loaded
 * into a Variant with every problem reported as "FILE:LINE: message".
 * The parts of the reader share datafile_internal.h, which nothing outside
 * datafile*.c may include. */
#ifndef NC_DATAFILE_H
#define NC_DATAFILE_H

#include "rules/rules.h"
#include <stdio.h>

/* Problems found while reading, each "FILE:LINE: message", one line with
 * outside text quoted.  When there are more than fit, the last message
 * says so. */
typedef struct {
    int n;
    char msg[64][512];
} DataErrors;

/* The data path: every directory searched for data files, first one
 * first, joined by ':' (doc/data-files.md): --data-dir (itself may be a
 * list), $NINJACHESS_DATA_DIR, $XDG_DATA_HOME/ninjachess (default
 * ~/.local/share/ninjachess), ninjachess under each of $XDG_DATA_DIRS
 * (default /usr/local/share:/usr/share), the installed data directory, the
 * source tree's data/.  Each directory once; those found in the
 * environment only when something exists under that name.  Every `dir` below is such a path (one
 * directory is a path too). */
const char *data_dir_find(const char *explicit_dir);
/* Walks a data path: the next directory (its length in *len, not
 * NUL-terminated) or NULL at the end. */
const char *data_path_next(const char **s, int *len);
/* The problems of a data path (a directory, variants/ or pieces.txt that
 * cannot be read; a given directory that does not exist); their count. */
int data_path_check(const char *path, DataErrors *errs);
/* The file variant NAME is read from: variants/NAME.txt in the first
 * directory of the path that has one.  0, or -1 with the problem in errs. */
int variant_file(const char *path, const char *name, char *file, size_t len, DataErrors *errs);

/* Loads the named variant (variant_file), with the pieces.txt of every
 * directory of the path: an earlier directory's definition of a name
 * replaces a later one's; and with the weights of eval_weights_file, the
 * defaults when there is none.  Returns a new Variant, or NULL with the
 * problems in errs. */
Variant *variant_load(const char *dir, const char *name, DataErrors *errs);

/* Chooses the variant's setup named NAME and its castling squares.  0, or
 * -1 with the reason in err (no such setup, or its castling pieces not found). */
int variant_set_setup(Variant *v, const char *name, char *err, int errlen);

/* variant_load(), then the setup, optional rules and Titan types asked for
 * (each NULL or empty for none), in that order: the one way a game, a
 * saved file, the screen and a lesson get their variant.  NULL when the
 * variant does not load (the problems in errs) or refuses one of them
 * (errs->n 0, the reason in err). */
Variant *variant_load_configured(const char *dir, const char *name, const char *setup, const char *options,
                                 const char *titans, DataErrors *errs, char *err, int errlen);
/* Loads a variant from a file path (the pieces.txt files are read first),
 * with the weights of the file beside it (eval_weights_beside). */
Variant *variant_load_file(const char *dir, const char *path, DataErrors *errs);
/* Loads from text held in memory (file name used in messages). */
Variant *variant_load_text(const char *dir, const char *fname, const char *text, DataErrors *errs);
/* Lists the variant names of every directory of the path (sorted, each
 * once); returns the count, names malloc'd. */
int variant_list(const char *dir, char ***names);

/* Evaluation weights files (doc/data-files.md, "Evaluation weights").
 * The file of variant NAME: variants/NAME.eval in the first directory of
 * the path that has one; 1 found (its path in file), 0 none, -1 a problem
 * (in errs). */
int eval_weights_file(const char *path, const char *name, char *file, size_t len, DataErrors *errs);
/* The variant's neural net (doc/data-files.md, "Networks"):
 * variants/NAME.nnue in the first directory of the path that has one, so
 * that a player's own replaces the shipped one; 1, 0 or -1 as above. */
int variant_net_file(const char *path, const char *name, char *file, size_t len, DataErrors *errs);
/* The file beside a variant file: its path with ".txt" replaced by (or,
 * without it, followed by) ".eval"; 1, 0 or -1 as above. */
int eval_weights_beside(const char *variant_path, char *file, size_t len, DataErrors *errs);
/* Reads the weights file at path (or the text held in memory, fname used
 * in messages) over *w: each weight it names replaces w's.  0, or -1 with
 * every problem in errs (added to those already there) and w unchanged. */
int eval_weights_read(const char *path, EvalWeights *w, DataErrors *errs);
int eval_weights_parse(const char *fname, const char *text, EvalWeights *w, DataErrors *errs);
/* The same for variant v: its weights and, from the file's table section
 * (doc/data-files.md, "Learned tables"), its learned values and tables
 * (v->eval_learned), checked against its pieces and board.  The functions
 * above, without a variant, refuse 'value' and 'table' lines. */
int eval_file_read(const char *path, Variant *v, DataErrors *errs);
int eval_file_parse(const char *fname, const char *text, Variant *v, DataErrors *errs);
void data_errors_print(const DataErrors *e, FILE *out);
/* The whole of a file, as the data files, lessons and puzzles are read: a
 * regular file (a link to one is followed; a FIFO or a device is refused,
 * not waited on) of at most max bytes.  Returns its bytes, malloc'd and
 * NUL-terminated, their number in *len; or NULL with the problem in errs
 * as "FILE: what" ("cannot open (REASON)", "a FIFO, not a regular file:
 * not read", "file larger than MAX bytes", ...).  errs may be NULL for a
 * reader that words its own messages: errno then tells what was wrong
 * (EINVAL not a regular file, EFBIG larger than max, ENOMEM, or the
 * system's reason for the open or the read). */
char *data_file_read(const char *path, size_t max, size_t *len, DataErrors *errs);
/* The line (from 1) of the first NUL byte of text, 0 when none: each
 * reader refuses one in its own words. */
int data_text_nul_line(const char *text, size_t len);
/* Adds "FILE:LINE: text" (line 0: "FILE: text") to e as the reader's own
 * messages are: the file quoted, the text cut visibly when too long, the
 * last free slot saying that more problems were found.  For the other
 * readers of line-oriented files (lessons, puzzles). */
void data_error_add(DataErrors *e, const char *file, int line, const char *text);

#endif
