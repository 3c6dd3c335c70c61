/* Fuzz harness for the two small settings readers: the game screen's
 * config file (ui_config_parse, src/ui/ui_config.c) and a variant's
 * evaluation weights file (eval_weights_parse, src/datafile_eval.c).  The
 * first byte chooses (even: config, odd: weights); the rest is the file's
 * text.  Checks: a refused text has a message; an accepted config gives no
 * key to two actions; accepted weights are each within their documented
 * range, and refused ones leave the weights as they were. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "ui/ui_internal.h"

static void check_config(const char *text)
{
    UiConfig c;
    char err[512] = "";
    if (ui_config_parse(&c, text, "config", err, sizeof err) != 0) {
        if (!err[0])
            fuzz_fail("fuzz_config: a config refused without a message");
        return;
    }
    /* two actions never share a key once the file is accepted */
    for (int i = 0; i < UI_MAX_KEYS; i++)
        for (int j = i + 1; j < UI_MAX_KEYS; j++)
            if (c.keys[i] && c.keys[i] == c.keys[j])
                fuzz_fail("fuzz_config: actions %d and %d both have key %d", i, j, c.keys[i]);
}

static void check_weights(const char *text)
{
    EvalWeights w, before;
    eval_weights_default(&w);
    before = w;
    DataErrors *e = calloc(1, sizeof *e);
    if (!e)
        fuzz_fail("fuzz_config: out of memory");
    if (eval_weights_parse("weights.eval", text, &w, e) != 0) {
        if (e->n < 1)
            fuzz_fail("fuzz_config: weights refused without a message");
        if (memcmp(&w, &before, sizeof w))
            fuzz_fail("fuzz_config: refused weights changed the weights");
    } else {
        for (int i = 0; i < eval_weight_count; i++) {
            const EvalWeightInfo *in = &eval_weight_info[i];
            int v = eval_weight_get(&w, in->index);
            if (v < in->lo || v > in->hi)
                fuzz_fail("fuzz_config: weight %s = %d outside %d to %d", in->name, v, in->lo, in->hi);
        }
    }
    free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *text = fuzz_cstr(data + 1, size - 1);
    if (!text)
        fuzz_fail("fuzz_config: out of memory");
    if (data[0] & 1)
        check_weights(text);
    else
        check_config(text);
    free(text);
    return 0;
}
