#include "ui.h"

#include <stdio.h>

int ui_main(const Options *opt)
{
    (void)opt;
    fprintf(stderr, "ninjachess: the game screen is not built into this version\n");
    return 1;
}
