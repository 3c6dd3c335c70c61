/* Fuzz harness for the data-file reader (doc/data-files.md): the input is
 * the text of one variant file, read after the real pieces.txt of the data
 * directory.  A variant that loads is also set up and its first moves
 * generated, because the loader promises a variant the rest can use.
 * The same text is read as a weights file too: one that reads gives
 * weights inside their ranges, one that does not changes none.
 * Touches nothing outside the process: no file is written, nothing is
 * printed on success, the variant is freed before returning. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "notation/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstr(data, size);
    DataErrors errs;
    Variant *v = variant_load_text(fuzz_data_dir(), "fuzz.txt", text, &errs);
    if (v) {
        Position p;
        MoveList ml;
        pos_start(&p, v);
        gen_legal(&p, &ml);
        if (ml.n < 0 || ml.n > NC_MAX_MOVES)
            fuzz_fail("fuzz_datafile: gen_legal returned %d moves", ml.n);
        variant_free(v);
    } else if (errs.n < 1 || errs.n > 64) {
        fuzz_fail("fuzz_datafile: load failed with %d messages", errs.n);
    }
    EvalWeights w, before;
    eval_weights_default(&w);
    before = w;
    errs.n = 0;
    if (eval_weights_parse("fuzz.eval", text, &w, &errs) == 0) {
        for (int i = 0; i < eval_weight_count; i++) {
            int x = eval_weight_get(&w, eval_weight_info[i].index);
            if (x < eval_weight_info[i].lo || x > eval_weight_info[i].hi)
                fuzz_fail("fuzz_datafile: weight %s read as %d, outside its range", eval_weight_info[i].name, x);
        }
    } else if (memcmp(&w, &before, sizeof w) || errs.n < 1) {
        fuzz_fail("fuzz_datafile: a weights file that does not read changed the weights (%d messages)", errs.n);
    }
    free(text);
    return 0;
}
