/* Engines as child processes speaking CECP v2: fork/exec with pipes, line
 * input with deadlines, the feature handshake, ping, and a stop that never
 * leaves a process behind.  Owns processes and pipes only; it must not
 * know about positions, moves or results (match_game.c does). */
#define _GNU_SOURCE /* pipe2 with O_CLOEXEC: no engine inherits another's pipes */
#include "engine_proc.h"

#include "rules/rules.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

volatile sig_atomic_t engine_interrupted;

/* The protocol's grace time for an engine that sends no done=1, and the
 * longer wait it asks for with done=0. */
#define HANDSHAKE_SECONDS 5.0
#define HANDSHAKE_DONE0_SECONDS 60.0

/* ---- specs ---- */

/* Characters after which a command line needs the shell. */
static bool needs_shell(const char *cmd)
{
    return strpbrk(cmd, "|&;<>()$`\\\"'*?[]#~=%!{}\n") != NULL;
}

/* True when the program name is an executable file (with a '/') or one
 * found in $PATH. */
static bool program_found(const char *prog)
{
    if (strchr(prog, '/'))
        return access(prog, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        char full[4096];
        snprintf(full, sizeof full, "%.*s/%s", (int)(n ? n : 1), n ? path : ".", prog);
        if (access(full, X_OK) == 0)
            return true;
        path += n + (path[n] == ':');
    }
    return false;
}

/* Splits the words of store into argv; their count, or -1 when too many. */
static int split_words(char *store, char **argv)
{
    int n = 0;
    for (char *s = store; *s;) {
        while (*s == ' ' || *s == '\t')
            *s++ = 0;
        if (!*s)
            break;
        if (n == ENGINE_MAX_ARGS)
            return -1;
        argv[n++] = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
    }
    argv[n] = NULL;
    return n;
}

int engine_spec_command(EngineSpec *spec, const char *cmd, char *err, size_t errlen)
{
    memset(spec, 0, sizeof *spec);
    if (strlen(cmd) >= sizeof spec->cmd - 1) {
        snprintf(err, errlen, "engine command too long: '%.40s...'", cmd);
        return -1;
    }
    snprintf(spec->cmd, sizeof spec->cmd, "%s", cmd);
    /* The first word names the program, shell or not: checked here so that
     * a typing mistake is one clear line, not a shell's complaint. */
    char first[1024];
    size_t lead = strspn(cmd, " \t"), n = strcspn(cmd + lead, " \t");
    snprintf(first, sizeof first, "%.*s", (int)n, cmd + lead);
    if (!first[0]) {
        snprintf(err, errlen, "empty engine command");
        return -1;
    }
    if (!strchr(first, '=') && !needs_shell(first) && !program_found(first)) {
        snprintf(err, errlen, "engine '%s': %s: command not found", cmd, first);
        return -1;
    }
    if (needs_shell(cmd)) {
        snprintf(spec->store, sizeof spec->store, "/bin/sh%c-c%c%s", 0, 0, cmd);
        spec->argv[0] = spec->store;
        spec->argv[1] = spec->store + 8;
        spec->argv[2] = spec->store + 11;
        spec->argv[3] = NULL;
        return 0;
    }
    snprintf(spec->store, sizeof spec->store, "%s", cmd);
    if (split_words(spec->store, spec->argv) < 0) {
        snprintf(err, errlen, "engine '%s': more than %d words", cmd, ENGINE_MAX_ARGS);
        return -1;
    }
    return 0;
}

int engine_spec_argv(EngineSpec *spec, const char *const *argv, char *err, size_t errlen)
{
    memset(spec, 0, sizeof *spec);
    size_t used = 0, shown = 0;
    int n = 0;
    for (; argv[n]; n++) {
        size_t l = strlen(argv[n]) + 1;
        if (n == ENGINE_MAX_ARGS || used + l > sizeof spec->store) {
            snprintf(err, errlen, "engine command too long");
            return -1;
        }
        memcpy(spec->store + used, argv[n], l);
        spec->argv[n] = spec->store + used;
        used += l;
        shown += (size_t)snprintf(spec->cmd + shown, sizeof spec->cmd - shown, "%s%s", n ? " " : "", argv[n]);
        if (shown >= sizeof spec->cmd)
            shown = sizeof spec->cmd - 1;
    }
    spec->argv[n] = NULL;
    return 0;
}

/* ---- the process ---- */

/* In the child between fork and exec: only async-signal-safe calls.  A
 * failed exec reports its errno through the close-on-exec pipe. */
static void child_exec(const EngineSpec *spec, int in_fd, int out_fd, int err_fd)
{
    setpgid(0, 0); /* its own group: a terminal's Ctrl-C reaches the match only */
    dup2(in_fd, 0);
    dup2(out_fd, 1);
    signal(SIGPIPE, SIG_DFL); /* ignored dispositions survive exec: the engine gets the usual ones */
    signal(SIGXFSZ, SIG_DFL);
    execvp(spec->argv[0], spec->argv);
    int e = errno;
    if (write(err_fd, &e, sizeof e) < 0)
        _exit(127);
    _exit(127);
}

/* Forks and execs; 0, or -1 with the reason in err. */
static int spawn(Engine *e, char *err, size_t errlen)
{
    int to[2], from[2], ex[2];
    if (pipe2(to, O_CLOEXEC) || pipe2(from, O_CLOEXEC) || pipe2(ex, O_CLOEXEC)) {
        snprintf(err, errlen, "engine '%s': cannot make pipes: %s", e->spec->cmd, strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0)
        child_exec(e->spec, to[0], from[1], ex[1]);
    close(to[0]);
    close(from[1]);
    close(ex[1]);
    int child_errno = 0;
    ssize_t got = pid > 0 ? read(ex[0], &child_errno, sizeof child_errno) : 0;
    close(ex[0]);
    if (pid < 0 || got > 0) {
        snprintf(err, errlen, "engine '%s': cannot run %s: %s", e->spec->cmd, e->spec->argv[0],
                 strerror(pid < 0 ? errno : child_errno));
        if (pid > 0)
            waitpid(pid, NULL, 0);
        close(to[1]);
        close(from[0]);
        return -1;
    }
    setpgid(pid, pid); /* also here, so that a kill right away finds the group */
    e->pid = pid;
    e->reaped = false;
    e->to_fd = to[1];
    e->from_fd = from[0];
    e->inlen = 0;
    e->eof = false;
    return 0;
}

int engine_send(Engine *e, const char *fmt, ...)
{
    if (!e->pid)
        return -1;
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line - 1)
        return -1;
    line[n++] = '\n';
    for (int done = 0; done < n;) {
        ssize_t w = write(e->to_fd, line + done, (size_t)(n - done));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1; /* EPIPE: SIGPIPE is ignored by the match */
        done += (int)w;
    }
    return 0;
}

/* Moves one complete line from the input buffer into line; false if none. */
static bool take_line(Engine *e, char *line, size_t len)
{
    char *nl = memchr(e->in, '\n', e->inlen);
    if (!nl && !(e->eof && e->inlen))
        return false;
    size_t n = nl ? (size_t)(nl - e->in) : e->inlen;
    size_t c = n < len - 1 ? n : len - 1;
    memcpy(line, e->in, c);
    line[c] = 0;
    if (c && line[c - 1] == '\r')
        line[c - 1] = 0;
    size_t used = nl ? n + 1 : n;
    memmove(e->in, e->in + used, e->inlen - used);
    e->inlen -= used;
    return true;
}

int engine_read_line(Engine *e, char *line, size_t len, double deadline)
{
    for (;;) {
        if (take_line(e, line, len))
            return 1;
        if (e->eof || !e->pid)
            return -1;
        if (e->inlen == sizeof e->in)
            e->inlen = 0; /* a line longer than the buffer: dropped, it is no command */
        double left = deadline - nc_seconds();
        if (left <= 0 || engine_interrupted)
            return 0;
        /* short polls, so that an interrupt is seen soon */
        int ms = left > 0.1 ? 100 : (int)(left * 1000) + 1;
        struct pollfd pfd = {e->from_fd, POLLIN, 0};
        int r = poll(&pfd, 1, ms);
        if (r < 0 && errno != EINTR)
            return -1;
        if (r <= 0)
            continue;
        ssize_t got = read(e->from_fd, e->in + e->inlen, sizeof e->in - e->inlen);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            e->eof = true;
        else
            e->inlen += (size_t)got;
    }
}

/* ---- handshake ---- */

/* The value of one feature at *s (after "name="): a quoted string or a
 * word; advances *s past it. */
static void feature_value(const char **s, char *out, size_t len)
{
    const char *p = *s;
    size_t n;
    if (*p == '"') {
        p++;
        n = strcspn(p, "\"");
        *s = p + n + (p[n] == '"');
    } else {
        n = strcspn(p, " \t");
        *s = p + n;
    }
    snprintf(out, len, "%.*s", (int)n, p);
}

/* Takes the features of one "feature ..." line; sets *done to 1 or 0 when
 * done= is among them.  Every feature is accepted: the match uses what it
 * understands and sends nothing an engine did not ask for. */
static void take_features(Engine *e, const char *s, int *done)
{
    while (*s) {
        while (*s == ' ' || *s == '\t')
            s++;
        size_t n = strcspn(s, "= \t");
        if (s[n] != '=') {
            s += n;
            continue;
        }
        char name[32], value[2048];
        snprintf(name, sizeof name, "%.*s", (int)(n < 31 ? n : 31), s);
        s += n + 1;
        feature_value(&s, value, sizeof value);
        bool on = strcmp(value, "1") == 0;
        if (!strcmp(name, "done"))
            *done = on;
        else if (!strcmp(name, "myname"))
            snprintf(e->myname, sizeof e->myname, "%.127s", value);
        else if (!strcmp(name, "variants"))
            snprintf(e->variants, sizeof e->variants, "%s", value);
        else if (!strcmp(name, "usermove"))
            e->usermove = on;
        else if (!strcmp(name, "ping"))
            e->ping = on;
        else if (!strcmp(name, "setboard"))
            e->setboard = on;
        else if (!strcmp(name, "time"))
            e->time = on;
        else if (!strcmp(name, "reuse"))
            e->reuse = on;
    }
}

/* Reads feature lines until done=1, the grace time, or the end. */
static int read_features(Engine *e, char *err, size_t errlen)
{
    double start = nc_seconds(), deadline = start + HANDSHAKE_SECONDS;
    char line[4096];
    for (;;) {
        int r = engine_read_line(e, line, sizeof line, deadline);
        if (r == 0)
            return engine_interrupted ? -1 : 0; /* a version 1 engine: defaults */
        if (r < 0) {
            char why[64];
            engine_exit_text(e, why, sizeof why);
            snprintf(err, errlen, "engine '%s' %s during the handshake", e->spec->cmd, why);
            return -1;
        }
        if (strncmp(line, "feature ", 8) != 0)
            continue;
        int done = -1;
        take_features(e, line + 8, &done);
        if (done == 1)
            return 0;
        if (done == 0)
            deadline = start + HANDSHAKE_DONE0_SECONDS;
    }
}

int engine_start(Engine *e, const EngineSpec *spec, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    e->spec = spec;
    e->time = e->reuse = true; /* the protocol's defaults */
    if (spawn(e, err, errlen))
        return -1;
    if (engine_send(e, "xboard") || engine_send(e, "protover 2") || read_features(e, err, errlen)) {
        if (!err[0] || engine_interrupted)
            snprintf(err, errlen, "engine '%s' %s", spec->cmd,
                     engine_interrupted ? "interrupted during the handshake" : "does not listen");
        engine_stop(e, 0.2);
        return -1;
    }
    if (!e->myname[0]) {
        /* the program's file name stands for an engine that sends none */
        const char *prog = spec->argv[0], *slash = strrchr(prog, '/');
        snprintf(e->myname, sizeof e->myname, "%s", slash ? slash + 1 : prog);
        if (!strcmp(e->myname, "sh") && spec->argv[2])
            snprintf(e->myname, sizeof e->myname, "%.*s", (int)strcspn(spec->argv[2], " \t"), spec->argv[2]);
    }
    return 0;
}

int engine_sync(Engine *e, double timeout, bool (*keep)(const char *line), char *problem, size_t len)
{
    char line[4096], want[32];
    double deadline = nc_seconds() + timeout;
    if (problem && len)
        problem[0] = 0;
    if (!e->ping) {
        /* no way to know what is still coming: take what has arrived */
        while (engine_read_line(e, line, sizeof line, nc_seconds() + 0.05) > 0)
            if (keep && keep(line) && problem && !problem[0])
                snprintf(problem, len, "%s", line);
        return e->eof ? -1 : 0;
    }
    snprintf(want, sizeof want, "pong %d", ++e->ping_seq);
    if (engine_send(e, "ping %d", e->ping_seq))
        return -1;
    for (;;) {
        if (engine_read_line(e, line, sizeof line, deadline) <= 0)
            return -1;
        if (!strcmp(line, want))
            return 0;
        if (keep && keep(line) && problem && !problem[0])
            snprintf(problem, len, "%s", line);
    }
}

bool engine_plays_variant(const Engine *e, const char *variant)
{
    if (!e->variants[0])
        return strcmp(variant, "normal") == 0;
    size_t n = strlen(variant);
    for (const char *s = e->variants; *s;) {
        size_t w = strcspn(s, ",");
        while (w && isspace((unsigned char)s[w - 1]))
            w--;
        if (w == n && !strncmp(s, variant, n))
            return true;
        s += strcspn(s, ",");
        while (*s == ',' || isspace((unsigned char)*s))
            s++;
    }
    return false;
}

/* Reaps the child without blocking; true once it has ended. */
static bool reap(Engine *e)
{
    if (e->reaped)
        return true;
    if (!e->pid)
        return false;
    int st;
    if (waitpid(e->pid, &st, WNOHANG) == e->pid) {
        e->reaped = true;
        e->status = st;
    }
    return e->reaped;
}

void engine_exit_text(Engine *e, char *buf, size_t len)
{
    /* its output ended: give it a moment to be gone */
    for (int i = 0; i < 20 && !reap(e); i++)
        usleep(5000);
    if (!e->reaped)
        snprintf(buf, len, "closed its output");
    else if (WIFSIGNALED(e->status))
        snprintf(buf, len, "was killed by signal %d", WTERMSIG(e->status));
    else
        snprintf(buf, len, "exited with status %d", WEXITSTATUS(e->status));
}

void engine_stop(Engine *e, double grace)
{
    if (!e->pid)
        return;
    if (!reap(e)) {
        engine_send(e, "quit");
        double end = nc_seconds() + grace;
        while (!reap(e) && nc_seconds() < end)
            usleep(2000);
    }
    /* the whole group: a shell's children too */
    kill(-e->pid, SIGKILL);
    if (!e->reaped) {
        int st;
        waitpid(e->pid, &st, 0);
        e->reaped = true;
        e->status = st;
    }
    close(e->to_fd);
    close(e->from_fd);
    e->pid = 0;
}
