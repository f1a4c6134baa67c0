/* The Yixin-board commands (YXNBEST, YXHASHCLEAR, YXSHOWINFO, YXBLOCKRESET; YXBLOCK is a block,
 * in block.c) and the live search info GUIs show while the brain thinks. Formats and the
 * sources they were checked against: protocol/README.md. */
#include <stdio.h>
#include <string.h>

#include "brain/clock.h"
#include "protocol/commands.h"
#include "protocol/parse.h"
#include "protocol/version.h"

#define SHOW_REALTIME 1 /* show_detail bits, as Rapfi reads them */
#define SHOW_ITERATIONS 2

/* YXNBEST n: n >= 1 (more than NBEST_MAX is clamped); the moves come from the job. */
ProtoAction cmd_yxnbest(Protocol *p, const char *args, int64_t now)
{
    int64_t n;
    if (!parse_i64(args, &n) || n < 1) {
        proto_reply(p, "ERROR YXNBEST expects a count >= 1, got '%.*s'", ECHO_MAX, args);
        return PROTO_CONTINUE;
    }
    if (!proto_require_started(p))
        return PROTO_CONTINUE;
    p->nbest_n = n > NBEST_MAX ? NBEST_MAX : (int)n;
    p->job = JOB_NBEST;
    p->job_start_ms = now;
    return PROTO_THINK;
}

ProtoAction cmd_yxhashclear(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    (void)now;
    engine_hash_clear(p->engine);
    if (p->messages)
        proto_reply(p, "MESSAGE transposition table cleared");
    return PROTO_CONTINUE;
}

/* As Rapfi answers it: the name and version, then the limits the GUI may offer. */
ProtoAction cmd_yxshowinfo(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    (void)now;
    proto_reply(p, "MESSAGE Gamok %s\nMESSAGE INFO MAX_THREAD_NUM 1\n"
                   "MESSAGE INFO MAX_HASH_SIZE %d",
                gamok_version(), PROTO_MAX_HASH_LOG2_KB);
    return PROTO_CONTINUE;
}

ProtoAction cmd_yxblockreset(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    (void)now;
    engine_block_reset(p->engine);
    return PROTO_CONTINUE;
}

/* ---- live info ----------------------------------------------------------------------------- */

static void realtime(Protocol *p, const char *what, int cell)
{
    proto_reply(p, "MESSAGE REALTIME %s %d,%d", what, cell_x(cell), cell_y(cell));
}

/* `MESSAGE depth D eval S nodes N time MS nps R pv x,y x,y ...` */
static void iteration_line(Protocol *p, const SearchEvent *ev)
{
    char text[96 + SEARCH_PV_MAX * 8];
    int64_t ms = clock_ms() - p->job_start_ms;
    unsigned long long nps = ms > 0 ? ev->nodes * 1000ULL / (unsigned long long)ms : ev->nodes;
    size_t len = (size_t)snprintf(text, sizeof text,
                                  "MESSAGE depth %d eval %d nodes %llu time %lld nps %llu pv",
                                  ev->depth, ev->score, (unsigned long long)ev->nodes,
                                  (long long)(ms > 0 ? ms : 0), nps);
    for (int i = 0; i < ev->pv_len && len < sizeof text; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, " %d,%d", cell_x(ev->pv[i]),
                                cell_y(ev->pv[i]));
    proto_reply(p, "%s", text);
}

void proto_progress(void *ctx, const SearchEvent *ev)
{
    Protocol *p = ctx;
    bool rt = p->show_detail & SHOW_REALTIME;
    switch (ev->kind) {
    case SEARCH_EVENT_ROOT_MOVE: if (rt) realtime(p, "POS", ev->move); break;
    case SEARCH_EVENT_ROOT_DONE: if (rt) realtime(p, "DONE", ev->move); break;
    case SEARCH_EVENT_BEST: if (rt) realtime(p, "BEST", ev->move); break;
    case SEARCH_EVENT_LOST: if (rt) realtime(p, "LOST", ev->move); break;
    case SEARCH_EVENT_ITERATION:
        if (p->show_detail & SHOW_ITERATIONS)
            iteration_line(p, ev);
        if (rt) {
            proto_reply(p, "MESSAGE REALTIME REFRESH");
            realtime(p, "BEST", ev->move);
        }
        break;
    }
}
