/* The block structure of a data file: 'piece NAME' and 'variant NAME' open
 * a block, 'end' closes it.  Piece lines go to datafile_piece.c; variant
 * lines are only stored here as Directives, their meaning is checked when
 * the variant is built (datafile_build.c). */
#include "datafile_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* Where the reader is in the file. */
typedef struct {
    const char *fname;
    PieceLib *lib;
    VariantBlock *vb;
    bool *have_vb;
    DataErrors *errs;
    PieceDef *cur;    /* piece block being read */
    bool in_variant;  /* variant block being read */
    int block_line;
    char block_name[DF_MAX_VARIANT_NAME + 1];
} BlockReader;

/* A 'piece' or 'variant' line outside any block. */
static void open_block(BlockReader *br, const Line *l)
{
    const char *kw = l->w[0];
    if (l->nw != 2 || !df_valid_name(l->w[1])) {
        df_add_error(br->errs, l->file, l->line, "'%s' needs one name of lower-case letters, digits and '-'", kw);
        return;
    }
    size_t max = kw[0] == 'p' ? DF_MAX_PIECE_NAME : DF_MAX_VARIANT_NAME;
    if (strlen(l->w[1]) > max) {
        df_add_error(br->errs, l->file, l->line, "%s name '%s' is longer than %d bytes", kw, l->w[1], (int)max);
        return;
    }
    br->block_line = l->line;
    snprintf(br->block_name, sizeof br->block_name, "%s", l->w[1]);
    if (kw[0] == 'p') {
        br->cur = df_piece_open(br->lib, l, br->errs);
        return;
    }
    if (*br->have_vb) {
        df_add_error(br->errs, l->file, l->line, "a file holds one variant; '%s' is the second", l->w[1]);
        return;
    }
    br->in_variant = true;
    *br->have_vb = true;
    memset(br->vb, 0, sizeof *br->vb);
    snprintf(br->vb->name, sizeof br->vb->name, "%s", l->w[1]);
    br->vb->line = l->line;
}

/* A line of the variant block, kept for the build step. */
static void store_directive(BlockReader *br, const Line *l, const char *rest)
{
    VariantBlock *vb = br->vb;
    if (vb->nd >= DF_MAX_DIRECTIVES) {
        df_add_error(br->errs, l->file, l->line, "more than %d lines in a variant block", DF_MAX_DIRECTIVES);
        return;
    }
    Directive *d = &vb->d[vb->nd++];
    d->line = l->line;
    assert(strlen(rest) < sizeof d->text);
    memcpy(d->text, rest, strlen(rest) + 1);
    /* the words keep their places in a copy of the line's store */
    memcpy(d->store, l->store, sizeof d->store);
    d->nw = l->nw;
    for (int i = 0; i < l->nw; i++)
        d->words[i] = d->store + (l->w[i] - l->store);
}

/* One line that has words: opens, closes or continues a block. */
static void block_line(BlockReader *br, const Line *l, const char *rest)
{
    const char *kw = l->w[0];
    bool opener = strcmp(kw, "piece") == 0 || strcmp(kw, "variant") == 0;
    if (!br->cur && !br->in_variant) {
        if (opener)
            open_block(br, l);
        else
            df_add_error(br->errs, l->file, l->line, "'%s' outside a piece or variant block", kw);
        return;
    }
    if (strcmp(kw, "end") == 0) {
        if (l->nw > 1)
            df_add_error(br->errs, l->file, l->line, "'end' takes nothing after it, not '%s'", l->w[1]);
        if (br->cur)
            df_piece_close(br->cur, br->block_line, br->fname, br->errs);
        br->cur = NULL;
        br->in_variant = false;
        return;
    }
    if (opener) {
        df_add_error(br->errs, l->file, l->line, "block '%s' (line %d) not closed with 'end'", br->block_name,
                     br->block_line);
        br->cur = NULL;
        br->in_variant = false;
        return;
    }
    if (br->cur)
        df_piece_line(br->cur, l, rest, br->errs);
    else
        store_directive(br, l, rest);
}

/* Parses a file's text: piece blocks go to lib, a variant block to vb. */
void df_parse_text(const char *fname, const char *text, PieceLib *lib, VariantBlock *vb, bool *have_vb,
                   DataErrors *errs)
{
    BlockReader br = {fname, lib, vb, have_vb, errs, NULL, false, 0, ""};
    Line l;
    l.file = fname;
    l.line = 0;
    const char *s = text;
    while (*s) {
        char rest[DF_MAX_LINE + 1];
        s = df_next_line(s, &l, rest, sizeof rest, errs);
        if (l.nw > 0)
            block_line(&br, &l, rest);
    }
    if (br.cur || br.in_variant)
        df_add_error(errs, fname, br.block_line, "block '%s' not closed with 'end'", br.block_name);
}
