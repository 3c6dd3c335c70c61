/* The start screen: variant, setup, optional rules, Titans, players and
 * level, each item a line of one menu so that it works with keys or mouse.
 * Enter on the first line starts Titan Chess, human against the computer. */
#include "ui_internal.h"

#include "../datafile.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    char name[48], title[64], desc[160];
    int nsetups, noptions;
    char setups[4][24];
    char options[4][24], option_desc[4][120];
} VariantInfo;

static int read_variants(const char *dir, VariantInfo *out, int max)
{
    char **names;
    int n = variant_list(dir, &names), k = 0;
    for (int i = 0; i < n; i++) {
        DataErrors errs;
        Variant *v = k < max ? variant_load(dir, names[i], &errs) : NULL;
        if (v) {
            VariantInfo *vi = &out[k++];
            memset(vi, 0, sizeof *vi);
            snprintf(vi->name, sizeof vi->name, "%s", names[i]);
            snprintf(vi->title, sizeof vi->title, "%s", v->title);
            snprintf(vi->desc, sizeof vi->desc, "%s", v->description ? v->description : "");
            vi->nsetups = v->nsetups;
            for (int s = 0; s < v->nsetups && s < 4; s++)
                snprintf(vi->setups[s], sizeof vi->setups[s], "%s", v->setup_name[s]);
            vi->noptions = v->noptions;
            for (int o = 0; o < v->noptions && o < 4; o++) {
                snprintf(vi->options[o], sizeof vi->options[o], "%s", v->options[o].name);
                snprintf(vi->option_desc[o], sizeof vi->option_desc[o], "%s",
                         v->options[o].description ? v->options[o].description : "");
            }
            variant_free(v);
        }
        free(names[i]);
    }
    free(names);
    return k;
}

static bool option_on(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *s = list; *s;) {
        const char *e = strchr(s, ',');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        if (l == n && !strncmp(s, name, n))
            return true;
        s += l + (e ? 1 : 0);
    }
    return false;
}

static void toggle_option(char *list, size_t len, const char *name)
{
    char out[96] = "";
    bool was = option_on(list, name);
    for (const char *s = list; *s;) {
        const char *e = strchr(s, ',');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        if (!(l == strlen(name) && !strncmp(s, name, l)) && l) {
            size_t o = strlen(out);
            snprintf(out + o, sizeof out - o, "%s%.*s", o ? "," : "", (int)l, s);
        }
        s += l + (e ? 1 : 0);
    }
    if (!was) {
        size_t o = strlen(out);
        snprintf(out + o, sizeof out - o, "%s%s", o ? "," : "", name);
    }
    snprintf(list, len, "%s", out);
}

bool ui_start_screen(Ui *u, const char *data_dir, char *variant, int vlen, char *setup, int slen,
                     char *options, int olen, char *titans, int tlen)
{
    static VariantInfo vars[32];
    int nv = read_variants(data_dir, vars, 32);
    if (nv == 0) {
        ui_msg(u, true, "no variants found in %s/variants", data_dir);
        return false;
    }
    int cur = 0;
    for (int i = 0; i < nv; i++)
        if (!strcmp(vars[i].name, u->v ? u->vname : "titan-chess"))
            cur = i;
    char opts[96] = "", tit[160] = "", set[24] = "";
    if (u->v && !strcmp(u->vname, vars[cur].name)) {
        snprintf(opts, sizeof opts, "%s", u->options);
        snprintf(tit, sizeof tit, "%s", u->titans);
        snprintf(set, sizeof set, "%s", u->setup);
    }
    char note[200] = "New game";
    for (;;) {
        VariantInfo *vi = &vars[cur];
        char lines[10][200];
        const char *items[10];
        int act[10], n = 0;
        enum { A_START, A_VARIANT, A_SETUP, A_OPTIONS, A_TITANS, A_WHITE, A_BLACK, A_LEVEL, A_TUTORIAL, A_QUIT };
#define ITEM(a, ...) do { snprintf(lines[n], sizeof lines[n], __VA_ARGS__); items[n] = lines[n]; act[n++] = a; } while (0)
        ITEM(A_START, "Start the game");
        ITEM(A_VARIANT, "Variant: %s - %s", vi->title, vi->desc);
        if (vi->nsetups > 1)
            ITEM(A_SETUP, "Setup:   %s", set[0] ? set : vi->setups[0]);
        if (vi->noptions)
            ITEM(A_OPTIONS, "Rules:   %s", opts[0] ? opts : "standard (no optional rules)");
        ITEM(A_TITANS, "Titans:  %s", tit[0] ? tit : "as the variant says");
        ITEM(A_WHITE, "White:   %s", u->player[0] == PL_COMPUTER ? "computer" : "human");
        ITEM(A_BLACK, "Black:   %s", u->player[1] == PL_COMPUTER ? "computer" : "human");
        ITEM(A_LEVEL, "Level:   %d (computer strength 1-10)", u->level ? u->level : 10);
        ITEM(A_TUTORIAL, "Tutorial: learn the pieces of this variant");
        ITEM(A_QUIT, "Quit");
#undef ITEM
        int pick = ui_menu(u, note, items, n);
        snprintf(note, sizeof note, "New game");
        if (pick < 0) {
            if (u->v || ui_signal_caught)
                return false; /* back to the game in progress */
            continue;
        }
        switch (act[pick]) {
        case A_START:
        case A_TUTORIAL: {
            char err[400];
            /* Check the choices now, so a bad Titan list is told here. */
            Ui probe;
            memset(&probe, 0, sizeof probe);
            probe.drop_type = -1;
            if (ui_game_new(&probe, data_dir, vi->name, set, opts, tit, NULL, err, sizeof err)) {
                snprintf(note, sizeof note, "%.190s", err);
                ui_game_free(&probe);
                break;
            }
            ui_game_free(&probe);
            if (act[pick] == A_TUTORIAL) {
                if (ui_game_new(u, data_dir, vi->name, set, opts, tit, NULL, err, sizeof err) == 0)
                    ui_tutorial(u);
                break;
            }
            snprintf(variant, (size_t)vlen, "%s", vi->name);
            snprintf(setup, (size_t)slen, "%s", set);
            snprintf(options, (size_t)olen, "%s", opts);
            snprintf(titans, (size_t)tlen, "%s", tit);
            return true;
        }
        case A_VARIANT: {
            char vl[32][200];
            const char *vitems[32];
            for (int i = 0; i < nv; i++) {
                snprintf(vl[i], sizeof vl[i], "%s - %s", vars[i].title, vars[i].desc);
                vitems[i] = vl[i];
            }
            int c = ui_menu(u, "Variant", vitems, nv);
            if (c >= 0 && c != cur) {
                cur = c;
                opts[0] = tit[0] = set[0] = 0;
            }
            break;
        }
        case A_SETUP: {
            const char *sitems[4];
            for (int i = 0; i < vi->nsetups && i < 4; i++)
                sitems[i] = vi->setups[i];
            int c = ui_menu(u, "Setup", sitems, vi->nsetups < 4 ? vi->nsetups : 4);
            if (c >= 0)
                snprintf(set, sizeof set, "%s", vi->setups[c]);
            break;
        }
        case A_OPTIONS: {
            char ol[4][200];
            const char *oitems[4];
            for (int i = 0; i < vi->noptions && i < 4; i++) {
                snprintf(ol[i], sizeof ol[i], "[%c] %s: %s", option_on(opts, vi->options[i]) ? 'x' : ' ',
                         vi->options[i], vi->option_desc[i]);
                oitems[i] = ol[i];
            }
            int c = ui_menu(u, "Switch an optional rule on or off", oitems, vi->noptions < 4 ? vi->noptions : 4);
            if (c >= 0)
                toggle_option(opts, sizeof opts, vi->options[c]);
            break;
        }
        case A_TITANS:
            ui_prompt(u, "Titan piece types (names or letters, comma-separated; empty: none): ", tit, sizeof tit);
            break;
        case A_WHITE: u->player[0] ^= 1; break;
        case A_BLACK: u->player[1] ^= 1; break;
        case A_LEVEL: {
            int lv = u->level ? u->level : 10;
            u->level = lv % 10 + 1;
            break;
        }
        case A_QUIT:
            return false;
        }
    }
}
