/* ninjachess: command-line entry point; dispatches to the rules queries,
 * the engine front ends or the game screen. */
#include "cli.h"
#include "datafile.h"
#include "search/engine.h"
#include "session.h"
#include "ui/ui.h"

#include <stdlib.h>
#include <string.h>

static int list_variants(const Options *o)
{
    char **names;
    int n = variant_list(o->data_dir, &names);
    if (n == 0) {
        fprintf(stderr, "ninjachess: no variants found in %s/variants\n", o->data_dir);
        return 1;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        DataErrors errs;
        Variant *v = variant_load(o->data_dir, names[i], &errs);
        if (v) {
            printf("%-22s %s\n", names[i], v->description ? v->description : v->title);
            variant_free(v);
        } else {
            data_errors_print(&errs, stderr);
            rc = 1;
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

static int check_variant(const Options *o)
{
    DataErrors errs;
    Variant *v = variant_load_file(o->data_dir, o->check_variant, &errs);
    if (!v) {
        data_errors_print(&errs, stdout);
        return 1;
    }
    printf("%s: variant %s is valid\n", o->check_variant, v->name);
    variant_free(v);
    return 0;
}

static int rules_query(const Options *o)
{
    Variant *v = session_variant(o, NULL);
    if (!v)
        return 1;
    Game g;
    char err[512];
    if (session_game(o, v, &g, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        variant_free(v);
        return 1;
    }
    int rc = 0;
    if (o->print_fen) {
        char buf[1024];
        pos_to_fen(&g.pos, buf, sizeof buf);
        printf("%s\n", buf);
    }
    if (o->status) {
        GameStatus s = game_status(&g);
        int w = game_winner(&g, s);
        printf("%s%s\n", game_status_text(s), w < 0 ? "" : w == NC_WHITE ? ": White wins" : ": Black wins");
    }
    if (o->moves)
        rc = cli_moves(&g.pos);
    if (o->perft >= 0)
        rc = cli_perft(&g.pos, o->perft, o->divide);
    if (!rc && (o->think > 0 || o->depth > 0 || o->nodes > 0))
        rc = engine_cli(o, &g);
    game_free(&g);
    variant_free(v);
    return rc;
}

int main(int argc, char **argv)
{
    static Options opt;
    int rc = options_parse(&opt, argc, argv);
    if (rc)
        return rc - 1;
    if (opt.list_variants)
        return list_variants(&opt);
    if (opt.check_variant)
        return check_variant(&opt);
    if (opt.bench) {
        rc = cli_bench_perft(opt.data_dir);
        return search_bench(opt.data_dir) || rc;
    }
    if (opt.xboard)
        return xboard_main(&opt);
    if (opt.selfplay)
        return selfplay_main(&opt);
    bool query = opt.moves || opt.perft >= 0 || opt.print_fen || opt.status || opt.think > 0 ||
                 opt.depth > 0 || opt.nodes > 0;
    if (query) {
        if (!opt.variant) {
            fprintf(stderr, "ninjachess: this query needs --variant NAME\n");
            return 1;
        }
        return rules_query(&opt);
    }
    return ui_main(&opt);
}
