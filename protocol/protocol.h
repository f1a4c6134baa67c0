/* The Gomocup protocol (plus the Yixin-board extensions) over one Engine.
 *
 * The core handles one input line at a time and writes its replies to a FILE*. A command that
 * needs thinking (BEGIN, TURN, BOARD..DONE, SWAP2BOARD..DONE) is prepared by
 * protocol_handle_line and left as a pending job: the caller runs it with protocol_run_job,
 * inline (protocol_feed, used by the tests) or in a worker thread (protocol/loop.c). */
#ifndef GAMOK_PROTOCOL_H
#define GAMOK_PROTOCOL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "brain/engine.h"


typedef enum {
    PROTO_CONTINUE = 0, /* handled; read the next line */
    PROTO_THINK,        /* a job is pending: call protocol_run_job */
    PROTO_QUIT          /* END: exit without output */
} ProtoAction;

/* Multi-line commands collect their lines until DONE. */
typedef enum { BLOCK_NONE = 0, BLOCK_BOARD, BLOCK_YXBOARD, BLOCK_SWAP2, BLOCK_YXBLOCK } BlockKind;

typedef enum { JOB_NONE = 0, JOB_MOVE, JOB_SWAP2, JOB_NBEST } JobKind;

typedef struct ProtoBlock {
    BlockKind kind;
    int nlines;                   /* data lines seen (for error messages) */
    int n;                        /* stones kept */
    PositionStone stone[BOARD_CELLS];
    char error[192];              /* the first bad line's complaint; empty when all is well */
    int64_t opened_ms;            /* when the block's first line arrived */
} ProtoBlock;

typedef struct Protocol {
    Engine *engine;
    FILE *out;
    pthread_mutex_t out_lock; /* one reply line (or MESSAGE + move) is written at a time */
    bool messages;            /* a MESSAGE summary before each move */
    bool silenced;            /* after END: nothing more reaches `out` */
    ProtoBlock block;
    JobKind job;
    int64_t job_start_ms;     /* when the command that asked for the job arrived */
    int swap_xy[5][2];
    int swap_n;
    int nbest_n;              /* YXNBEST's n */
    /* INFO show_detail (bits as Rapfi: 1 realtime lines, 2 per-iteration lines; 0 none). */
    int show_detail;
    bool pondering;           /* INFO pondering: accepted and kept; Gamok never ponders */
} Protocol;

/* Also makes `p` the engine's live-info observer (engine_set_progress). */
void protocol_init(Protocol *p, Engine *engine, FILE *out);
void protocol_free(Protocol *p);

/* Handles one raw input line (any bytes, `len` of them, no line ending) that arrived at
 * `arrival_ms` (clock_ms()). Writes any immediate reply to p->out. */
ProtoAction protocol_handle_line(Protocol *p, const char *line, size_t len, int64_t arrival_ms);

/* Runs the pending job (the search) and writes its reply. Thread-safe against
 * protocol_silence and engine_stop only: nothing else may touch the engine meanwhile. */
void protocol_run_job(Protocol *p);

/* Synchronous mode: handle a NUL-terminated line, running any job inline. */
ProtoAction protocol_feed(Protocol *p, const char *line);

/* Writes nothing more from now on (END while a worker may still reply). */
void protocol_silence(Protocol *p);

/* True when `line` is the given command word (case-insensitive, spaces around allowed). The
 * threaded reader uses it to spot END and YXSTOP while a search runs; with command "" it spots
 * blank lines. Arguments after the word do not matter, as for protocol_handle_line. */
bool protocol_line_is(const char *line, size_t len, const char *command);

#endif
