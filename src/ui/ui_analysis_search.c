/* The end of the analysis search (ui_analysis.h): halted, waiting for
 * it, before the game's variant is replaced, and freed with the game.
 * Apart from the rest of the analysis, which reads the game, so that the
 * game's own code may call these without the two calling each other. */
#include "ui_analysis.h"

#include <stdlib.h>

void ui_analysis_halt(Ui *u)
{
    UiAnalysis *a = u->analysis;
    if (!a)
        return;
    if (a->running) {
        search_stop(a->search);
        search_wait(a->search, NULL);
    }
    a->running = false;
    a->stopping = false;
    a->have_target = false;
    a->have_info = false;
    /* the next start makes a search with the new variant's net */
    search_free(a->search);
    a->search = NULL;
}

void ui_analysis_free(Ui *u)
{
    UiAnalysis *a = u->analysis;
    if (!a)
        return;
    ui_analysis_halt(u);
    search_free(a->search);
    free(a);
    u->analysis = NULL;
}
