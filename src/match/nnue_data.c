/* --nnue-features (nnue_data.h): a --datagen file's positions as the
 * net's input features, for the trainer. */
#include "nnue_data.h"

#include "datagen_file.h"
#include "files/safe_file.h"
#include "nnue/nnue.h"
#include "notation/notation.h"
#include "session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void put_u32(FILE *f, uint32_t x)
{
    unsigned char b[4] = {(unsigned char)x, (unsigned char)(x >> 8), (unsigned char)(x >> 16), (unsigned char)(x >> 24)};
    fwrite(b, 1, 4, f);
}

static void put_u16(FILE *f, unsigned x)
{
    unsigned char b[2] = {(unsigned char)x, (unsigned char)(x >> 8)};
    fwrite(b, 1, 2, f);
}

/* One record: score (White's view, int16), result for White in half
 * points, side to move, then each view's feature count and features. */
static void put_record(FILE *f, const Position *p, const DgRecord *r)
{
    int feats[2][NNUE_MAX_ACTIVE], n[2];
    for (int c = 0; c < 2; c++)
        n[c] = nnue_active(p, c, feats[c], NNUE_MAX_ACTIVE);
    int score = r->score > 32000 ? 32000 : r->score < -32000 ? -32000 : r->score;
    put_u16(f, (unsigned)(uint16_t)(int16_t)score);
    fputc(r->result2, f);
    fputc(p->side, f);
    put_u16(f, (unsigned)n[0]);
    put_u16(f, (unsigned)n[1]);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < n[c]; i++)
            put_u32(f, (uint32_t)feats[c][i]);
}

int nnue_features_main(const Options *opt)
{
    if (!opt->variant) {
        fprintf(stderr, "ninjachess: --nnue-features needs --variant NAME (with the file's --option and --titans)\n");
        return 1;
    }
    Variant *v = session_variant(opt, NULL);
    if (!v)
        return 1;
    char err[800];
    FILE *in = NULL;
    int fd = sf_open_regular(opt->nnue_features, err, sizeof err);
    if (fd >= 0 && !(in = fdopen(fd, "r")))
        close(fd);
    if (!in) {
        fprintf(stderr, "ninjachess: %s: %s\n", opt->nnue_features, err[0] ? err : strerror(errno));
        variant_free(v);
        return 1;
    }
    fwrite("NCFEAT1\n", 1, 8, stdout);
    put_u32(stdout, (uint32_t)nnue_features(v));
    put_u32(stdout, (uint32_t)v->width);
    put_u32(stdout, (uint32_t)v->height);
    put_u32(stdout, (uint32_t)v->ntypes);
    char line[DG_LINE_MAX + 2];
    long long lineno = 0, records = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, in)) {
        lineno++;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n')
            line[--len] = 0;
        if (!len || line[0] == '#')
            continue;
        DgRecord r;
        char why[300];
        Position p;
        if (dg_parse(line, &r, why, sizeof why) || pos_from_fen(&p, v, r.text, why, sizeof why)) {
            fprintf(stderr, "ninjachess: %s:%lld: %s\n", opt->nnue_features, lineno, why);
            rc = 1;
            break;
        }
        put_record(stdout, &p, &r);
        records++;
    }
    if (rc == 0 && ferror(in)) {
        fprintf(stderr, "ninjachess: %s: %s\n", opt->nnue_features, strerror(errno));
        rc = 1;
    }
    if (fflush(stdout) || ferror(stdout)) {
        perror("ninjachess: --nnue-features: writing");
        rc = 1;
    }
    if (rc == 0)
        fprintf(stderr, "ninjachess: %lld positions, %d features\n", records, nnue_features(v));
    fclose(in);
    variant_free(v);
    return rc;
}
