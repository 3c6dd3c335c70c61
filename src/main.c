/* ninjachess: command-line entry point.  Parses the options and hands over
 * to one front end (queries, bench, XBoard, UCI, self-play, match) or the game
 * screen; it does no work of its own but setting how a file-size limit
 * is met. */
#include "frontend/frontend.h"
#include "match/match.h"
#include "session.h"
#include "ui/ui.h"

#include <signal.h>

int main(int argc, char **argv)
{
    static Options opt;
    /* A write past a file-size limit (ulimit -f) then fails with EFBIG and
     * is reported like a full disk, instead of killing a game in play. */
    signal(SIGXFSZ, SIG_IGN);
    int rc = options_parse(&opt, argc, argv);
    if (rc)
        return rc - 1;
    if (opt.list_variants)
        return query_list_variants(&opt);
    if (opt.check_variant)
        return query_check_variant(&opt);
    if (opt.check_lessons)
        return lessons_check_main(&opt);
    if (opt.endgame)
        return endgame_query_main(&opt);
    if (opt.find_puzzles)
        return puzzles_find_main(&opt);
    if (opt.check_puzzles)
        return puzzles_check_main(&opt);
    if (opt.nnue_features)
        return nnue_features_main(&opt);
    if (opt.analyse)
        return analyse_main(&opt);
    if (opt.eval_terms)
        return eval_terms_main(&opt);
    if (opt.eval_tables)
        return eval_tables_main(&opt);
    if (opt.bench)
        return bench_main(&opt);
    if (opt.search_param_list)
        return fe_search_param_list();
    if (opt.match)
        return match_main(&opt);
    if (opt.xboard)
        return xboard_main(&opt);
    if (opt.uci)
        return uci_main(&opt);
    if (opt.make_book)
        return book_make_main(&opt);
    if (opt.datagen)
        return datagen_main(&opt);
    if (opt.check_data)
        return dg_check_main(&opt);
    if (opt.selfplay)
        return selfplay_main(&opt);
    if (query_asked(&opt))
        return query_main(&opt);
    return ui_main(&opt);
}
