/* Fuzz harness for the XBoard (CECP v2) loop, src/frontend/xboard.c: the
 * bytes are the lines XBoard sends, after a fixed preamble that starts the
 * protocol and asks for short searches.  The session reads them from a
 * temporary file (poll and read as on a pipe whose writer has closed) and
 * writes into a memory stream; XboardLimits caps every search (depth 2,
 * 2000 nodes, 20 000 nodes for the session, 1 MB hash) whatever st, sd,
 * level or time the input sets, so a run stays short and repeatable.
 * Checks: the loop returns at the end of the input; every move the engine
 * sends is legal where it is played and its text reads back (xb_parse_move)
 * to the same move; the output has one "move" line per move sent.  The
 * searches build no endgame table and read a cache of their own. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend/xboard.h"
#include "notation/notation.h"
#include "rules/rules.h"
#include "options.h"

static const char preamble[] = "xboard\nprotover 2\nst 0.01\nsd 2\n";

static int moves_sent;

static void check_move(const Position *p, const Move *m, const char *text, void *ctx)
{
    (void)ctx;
    MoveList ml;
    Position q = *p;
    gen_legal(&q, &ml);
    bool legal = false;
    for (int i = 0; i < ml.n && !legal; i++)
        legal = move_equal(&ml.m[i], m);
    if (!legal)
        fuzz_fail("fuzz_xboard: the engine sends 'move %s', not a legal move", text);
    Move back;
    if (xb_parse_move(&q, text, &back))
        fuzz_fail("fuzz_xboard: the engine's move text '%s' does not read back", text);
    if (!move_equal(&back, m))
        fuzz_fail("fuzz_xboard: the engine's move text '%s' reads back as another move", text);
    moves_sent++;
}

/* The input file, made once and rewritten for every input. */
static int input_fd(const uint8_t *data, size_t size)
{
    static FILE *tmp;
    if (!tmp && !(tmp = tmpfile()))
        fuzz_fail("fuzz_xboard: no temporary file");
    int fd = fileno(tmp);
    if (ftruncate(fd, 0) != 0 || pwrite(fd, preamble, sizeof preamble - 1, 0) != (ssize_t)(sizeof preamble - 1) ||
        (size && pwrite(fd, data, size, (off_t)(sizeof preamble - 1)) != (ssize_t)size) ||
        lseek(fd, 0, SEEK_SET) != 0)
        fuzz_fail("fuzz_xboard: cannot write the temporary file");
    return fd;
}

/* Output lines that begin with "move ". */
static int count_move_lines(const char *out, size_t len)
{
    int n = 0;
    for (size_t i = 0; i + 5 <= len; i++)
        if ((i == 0 || out[i - 1] == '\n') && memcmp(out + i, "move ", 5) == 0)
            n++;
    return n;
}

static char cache_dir[] = "/tmp/ninjachess-fuzz-cache-XXXXXX";

static void remove_cache(void)
{
    char sub[sizeof cache_dir + 16];
    snprintf(sub, sizeof sub, "%s/ninjachess", cache_dir);
    rmdir(sub);
    rmdir(cache_dir);
}

/* The endgame cache of a directory of the harness's own, made once and
 * removed at exit: the searches build no table, and none of the user's
 * cached tables changes what a run does. */
static void private_cache(void)
{
    static bool made;
    if (made)
        return;
    if (!mkdtemp(cache_dir) || setenv("XDG_CACHE_HOME", cache_dir, 1) != 0)
        fuzz_fail("fuzz_xboard: no private cache directory");
    atexit(remove_cache);
    made = true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20))
        return 0;
    Options opt;
    memset(&opt, 0, sizeof opt);
    opt.data_dir = fuzz_data_dir();
    opt.perft = -1;
    XboardLimits lim = {
        .max_depth = 2, .max_nodes = 2000, .session_nodes = 20000, .hash_mb = 1, .on_move = check_move,
        .no_table_builds = true,
    };
    private_cache();
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    if (!f)
        fuzz_fail("fuzz_xboard: no memory stream");
    moves_sent = 0;
    int rc = xboard_run(&opt, input_fd(data, size), f, &lim);
    fclose(f);
    if (rc != 0)
        fuzz_fail("fuzz_xboard: the session did not start (status %d)", rc);
    int lines = count_move_lines(out, outlen);
    if (lines != moves_sent)
        fuzz_fail("fuzz_xboard: %d 'move' lines in the output for %d moves sent", lines, moves_sent);
    free(out);
    return 0;
}
