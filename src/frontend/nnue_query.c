/* The net each search evaluates with (nnue_query.h): the choice the options
 * make, the data path's net of a variant, and the nets read so far, kept
 * for the program's life so that every search (a new game, a new hash
 * table, the other side in self-play) shares one and a file that does not
 * load is told once. */
#include "nnue_query.h"

#include "datafile/datafile.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FILE_MAX 1100

/* One net file read for one variant: the net, or NULL when it did not load. */
typedef struct {
    char file[FILE_MAX];
    char variant[64];
    int features;
    NnueNet *net;
} NetEntry;

static NetEntry *nets;
static int nnets, capnets;
static NnueNet *asked;  /* --nnue FILE's, read for the first variant asked */
static bool asked_read;

/* --nnue FILE's net for v: read once (exits when it does not load). */
static const NnueNet *asked_net(const char *path, const Variant *v)
{
    if (!asked_read) {
        char err[1400];
        asked = nnue_load(path, v, err, sizeof err);
        if (!asked) {
            fprintf(stderr, "ninjachess: --nnue: %s\n", err);
            exit(1);
        }
        asked_read = true;
    }
    return nnue_fits(asked, v) ? asked : NULL;
}

/* The entry of file for v, made now when it is new (the file read when
 * load, else no net); NULL when out of memory.  *fresh: made by this call,
 * nnue_load's problem in why. */
static NetEntry *entry_of(const char *file, const Variant *v, bool load, bool *fresh, char *why, size_t whylen)
{
    *fresh = false;
    for (int i = 0; i < nnets; i++)
        if (!strcmp(nets[i].file, file) && !strcmp(nets[i].variant, v->name) &&
            nets[i].features == nnue_features(v))
            return &nets[i];
    if (nnets == capnets) {
        int cap = capnets ? 2 * capnets : 8;
        NetEntry *n = realloc(nets, sizeof *n * (size_t)cap);
        if (!n)
            return NULL;
        nets = n;
        capnets = cap;
    }
    NetEntry *e = &nets[nnets++];
    snprintf(e->file, sizeof e->file, "%s", file);
    snprintf(e->variant, sizeof e->variant, "%s", v->name);
    e->features = nnue_features(v);
    e->net = load ? nnue_load(file, v, why, (int)whylen) : NULL;
    *fresh = true;
    return e;
}

/* The data path's net of v; a problem in problem the first time. */
static const NnueNet *path_net(const char *data_path, const Variant *v, char *file, size_t filelen, char *problem,
                               size_t problemlen)
{
    static DataErrors errs; /* large; from one thread */
    errs.n = 0;
    char path[FILE_MAX];
    int found = variant_net_file(data_path, v->name, path, sizeof path, &errs);
    if (found == 0)
        return NULL;
    bool fresh;
    char why[1400] = "";
    NetEntry *e = entry_of(path, v, found > 0, &fresh, why, sizeof why);
    if (!e) {
        snprintf(problem, problemlen, "%s: out of memory; the hand-made evaluation is used", path);
        return NULL;
    }
    if (found < 0) /* a file that cannot be looked at: the lookup's message */
        snprintf(why, sizeof why, "%s", errs.n ? errs.msg[0] : path);
    if (!e->net && fresh)
        snprintf(problem, problemlen, "%s; the hand-made evaluation is used", why);
    if (e->net)
        snprintf(file, filelen, "%s", path);
    return e->net;
}

const NnueNet *fe_net_for(const Options *opt, const char *data_path, const Variant *v, FeNetUse use, char *file,
                          size_t filelen, char *problem, size_t problemlen)
{
    file[0] = 0;
    problem[0] = 0;
    if (opt && opt->no_nnue)
        return NULL;
    if (opt && opt->nnue) {
        const NnueNet *n = asked_net(opt->nnue, v);
        if (n)
            snprintf(file, filelen, "%s", opt->nnue);
        return n;
    }
    if (use != FE_NET_DEFAULT)
        return NULL;
    return path_net(data_path, v, file, filelen, problem, problemlen);
}

/* Gives s the net; the text of a problem in problem (kept when set). */
static void give_net(Search *s, const NnueNet *n, const char *file, char *problem, size_t problemlen)
{
    if (!search_set_nnue(s, n) && !problem[0])
        snprintf(problem, problemlen, "%s: out of memory for the net; the hand-made evaluation is used", file);
}

void fe_search_net(Search *s, const Options *opt, const Variant *v, FeNetUse use, char *desc, size_t desclen)
{
    char file[FILE_MAX], problem[1600];
    const NnueNet *n = fe_net_for(opt, opt->data_dir, v, use, file, sizeof file, problem, sizeof problem);
    give_net(s, n, file, problem, sizeof problem);
    if (problem[0])
        fprintf(stderr, "ninjachess: %s\n", problem);
    if (desc)
        snprintf(desc, desclen, n ? "net %s" : "hand-made", file);
}

void fe_screen_net(Search *s, const char *data_path, bool no_net, const Variant *v, char *msg, size_t msglen)
{
    char file[FILE_MAX];
    if (no_net) {
        msg[0] = 0;
        search_set_nnue(s, NULL);
        return;
    }
    const NnueNet *n = fe_net_for(NULL, data_path, v, FE_NET_DEFAULT, file, sizeof file, msg, msglen);
    give_net(s, n, file, msg, msglen);
}
