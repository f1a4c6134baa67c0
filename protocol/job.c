/* The thinking half of BEGIN, TURN, BOARD and SWAP2BOARD: runs inline (tests) or in the worker
 * thread, and prints the answer as the last line of the command's reply. */
#include <stdio.h>
#include <string.h>

#include "protocol/commands.h"

static void run_move(Protocol *p)
{
    Engine *e = p->engine;
    int x, y;
    if (!engine_think(e, p->job_start_ms, &x, &y)) {
        proto_reply(p, "ERROR no legal move");
        return;
    }
    EngineError err = engine_play(e, x, y);
    if (err != ENGINE_OK) {
        proto_engine_error(p, err);
        return;
    }
    if (engine_evaluator_switched(e)) /* a CUDA error: the CPU scores from now on */
        proto_say_evaluator(p);
    /* The summary goes before the move, in the same write: a manager stops reading at the
     * move, and nothing after it may look like one. */
    if (p->messages)
        proto_reply(p, "MESSAGE depth %d score %d nodes %llu\n%d,%d", e->last.depth,
                    e->last.score, (unsigned long long)e->last.nodes, x, y);
    else
        proto_reply(p, "%d,%d", x, y);
}

static void run_swap2(Protocol *p)
{
    Swap2Answer a;
    memset(&a, 0, sizeof a);
    EngineError err = engine_swap2(p->engine, (const int (*)[2])p->swap_xy, p->swap_n,
                                   p->job_start_ms, &a);
    if (err != ENGINE_OK) {
        proto_engine_error(p, err);
        return;
    }
    if (engine_evaluator_switched(p->engine))
        proto_say_evaluator(p);
    if (a.swap) {
        proto_reply(p, "SWAP");
        return;
    }
    if (a.nmoves < 1 || a.nmoves > 3) {
        proto_reply(p, "ERROR no swap2 answer");
        return;
    }
    char text[128];
    size_t len = 0;
    for (int i = 0; i < a.nmoves; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%d,%d", i ? " " : "", a.x[i],
                                a.y[i]);
    proto_reply(p, "%s", text);
}

/* YXNBEST: `MESSAGE (k) score | depth | x,y` for each move, best first, then the best move as
 * the answer, played on our board as after BEGIN/TURN (Rapfi does the same). */
static void run_nbest(Protocol *p)
{
    EngineMove m[NBEST_MAX];
    int n = engine_nbest(p->engine, p->job_start_ms, p->nbest_n, m);
    if (n <= 0) {
        proto_reply(p, "ERROR no legal move");
        return;
    }
    EngineError err = engine_play(p->engine, m[0].x, m[0].y);
    if (err != ENGINE_OK) {
        proto_engine_error(p, err);
        return;
    }
    for (int i = 0; i < n; i++)
        proto_reply(p, "MESSAGE (%d) %d | %d | %d,%d", i + 1, m[i].score, m[i].depth, m[i].x,
                    m[i].y);
    proto_reply(p, "%d,%d", m[0].x, m[0].y);
}

void protocol_run_job(Protocol *p)
{
    JobKind job = p->job;
    p->job = JOB_NONE;
    if (job == JOB_MOVE)
        run_move(p);
    else if (job == JOB_SWAP2)
        run_swap2(p);
    else if (job == JOB_NBEST)
        run_nbest(p);
}
