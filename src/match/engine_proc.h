/* A chess engine in a child process, spoken to in CECP (XBoard protocol
 * version 2) over pipes: starting it, the handshake and its features,
 * lines in and out with deadlines, ping/pong, and stopping it (quit, then
 * kill).  Knows nothing of games, moves or clocks (match_game.c). */
#ifndef NC_FRONTEND_ENGINE_PROC_H
#define NC_FRONTEND_ENGINE_PROC_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define ENGINE_MAX_ARGS 32

/* How to start an engine: a command line (run as an argv when it has no
 * shell syntax, else through /bin/sh -c) or an argv as it is. */
typedef struct {
    char cmd[1024];                 /* what messages show */
    char *argv[ENGINE_MAX_ARGS + 1];/* NULL-terminated; into store */
    char store[2048];
} EngineSpec;

typedef struct {
    const EngineSpec *spec;
    pid_t pid;                      /* 0: not running */
    bool reaped;                    /* the child has ended; status holds how */
    int status;
    int to_fd, from_fd;
    char in[65536];                 /* bytes read but not yet taken as lines */
    size_t inlen;
    bool eof;
    /* features (CECP defaults until the engine says otherwise) */
    char myname[128];
    char variants[2048];            /* "" when the engine sent no list */
    bool usermove, ping, setboard, time, reuse;
    int ping_seq;
} Engine;

/* Set when the match is interrupted (SIGINT or SIGTERM): reads give up. */
extern volatile sig_atomic_t engine_interrupted;

/* Fills spec from a command line; 0, or -1 with a one-line reason in err
 * (empty, too long, a program that is not found). */
int engine_spec_command(EngineSpec *spec, const char *cmd, char *err, size_t errlen);
/* Fills spec from an argv (copied); cmd is its words joined. */
int engine_spec_argv(EngineSpec *spec, const char *const *argv, char *err, size_t errlen);

/* Starts the process and does the handshake ("xboard", "protover 2", then
 * the features until done=1; an engine sending no done=1 gets the
 * protocol's grace time).  0, or -1 with a one-line reason in err (the
 * process is then stopped). */
int engine_start(Engine *e, const EngineSpec *spec, char *err, size_t errlen);
/* Writes one command line; -1 when the engine is gone. */
#ifdef __GNUC__
__attribute__((format(printf, 2, 3)))
#endif
int engine_send(Engine *e, const char *fmt, ...);
/* The next line (without the newline) before the monotonic time deadline:
 * 1 a line, 0 the deadline passed (or the match was interrupted), -1 the
 * engine closed its output. */
int engine_read_line(Engine *e, char *line, size_t len, double deadline);
/* Sends "ping N" and drops every line before "pong N" (without the ping
 * feature, drops what has arrived).  Lines for which keep() returns true
 * are copied to problem (the first one only).  0, or -1 (timeout, gone). */
int engine_sync(Engine *e, double timeout, bool (*keep)(const char *line), char *problem, size_t len);
/* True when the engine announced variant (XBoard's name); an engine with
 * no variants= feature plays only "normal". */
bool engine_plays_variant(const Engine *e, const char *variant);
/* Why the process ended, once it has ("exited with status 1", "killed by
 * signal 11"); "is still running" otherwise. */
void engine_exit_text(Engine *e, char *buf, size_t len);
/* Sends "quit", waits up to grace seconds, then kills the process group;
 * reaps the child and closes the pipes.  Safe to call when not running. */
void engine_stop(Engine *e, double grace);

#endif
