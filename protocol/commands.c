/* The one-line commands: game setup, moves, and the small Yixin queries. */
#include <stdio.h>
#include <string.h>

#include "protocol/commands.h"
#include "protocol/parse.h"
#include "protocol/version.h"

static ProtoAction bad_args(Protocol *p, const char *what, const char *args)
{
    proto_reply(p, "ERROR %s, got '%.*s'", what, ECHO_MAX, args);
    return PROTO_CONTINUE;
}

/* A new game drops whatever a half-sent block or an old job held. */
static void forget_pending(Protocol *p)
{
    p->block.kind = BLOCK_NONE;
    p->job = JOB_NONE;
}

void proto_say_evaluator(Protocol *p)
{
    if (p->messages)
        proto_reply(p, "MESSAGE evaluator %s: %s", engine_evaluator_name(p->engine),
                    engine_evaluator_note(p->engine));
}

ProtoAction cmd_start(Protocol *p, const char *args, int64_t now)
{
    (void)now;
    int size;
    if (!parse_int_list(args, &size, 1))
        return bad_args(p, "START expects a board size", args);
    EngineError err = engine_start(p->engine, size);
    if (err != ENGINE_OK) {
        proto_engine_error(p, err);
        return PROTO_CONTINUE;
    }
    forget_pending(p);
    proto_reply(p, "OK");
    proto_say_evaluator(p); /* after OK: managers wait for a line that is exactly OK */
    return PROTO_CONTINUE;
}

ProtoAction cmd_rectstart(Protocol *p, const char *args, int64_t now)
{
    (void)now;
    int wh[2];
    if (!parse_int_list(args, wh, 2))
        return bad_args(p, "RECTSTART expects width,height", args);
    /* Only square boards of a supported size: everything else is the same answer. */
    if (wh[0] != wh[1] || engine_start(p->engine, wh[0]) != ENGINE_OK) {
        proto_reply(p, "ERROR rectangular boards are not supported");
        return PROTO_CONTINUE;
    }
    forget_pending(p);
    proto_reply(p, "OK");
    proto_say_evaluator(p);
    return PROTO_CONTINUE;
}

ProtoAction cmd_restart(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    (void)now;
    if (!proto_require_started(p))
        return PROTO_CONTINUE;
    EngineError err = engine_restart(p->engine);
    if (err != ENGINE_OK) {
        proto_engine_error(p, err);
        return PROTO_CONTINUE;
    }
    forget_pending(p);
    proto_reply(p, "OK");
    return PROTO_CONTINUE;
}

static ProtoAction think_move(Protocol *p, int64_t now)
{
    p->job = JOB_MOVE;
    p->job_start_ms = now;
    return PROTO_THINK;
}

ProtoAction cmd_begin(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    if (!proto_require_started(p))
        return PROTO_CONTINUE;
    return think_move(p, now);
}

/* Parses `x,y` for `command`; false after an ERROR reply. */
static bool parse_move(Protocol *p, const char *command, const char *args, int xy[2])
{
    if (parse_int_list(args, xy, 2))
        return true;
    char what[48];
    snprintf(what, sizeof what, "%s expects x,y", command);
    bad_args(p, what, args);
    return false;
}

ProtoAction cmd_turn(Protocol *p, const char *args, int64_t now)
{
    int xy[2];
    if (!proto_require_started(p) || !parse_move(p, "TURN", args, xy))
        return PROTO_CONTINUE;
    EngineError err = engine_play(p->engine, xy[0], xy[1]);
    if (err != ENGINE_OK) {
        proto_engine_error(p, err);
        return PROTO_CONTINUE;
    }
    return think_move(p, now);
}

ProtoAction cmd_takeback(Protocol *p, const char *args, int64_t now)
{
    (void)now;
    int xy[2];
    if (!proto_require_started(p) || !parse_move(p, "TAKEBACK", args, xy))
        return PROTO_CONTINUE;
    EngineError err = engine_takeback(p->engine, xy[0], xy[1]);
    if (err != ENGINE_OK)
        proto_engine_error(p, err);
    else
        proto_reply(p, "OK");
    return PROTO_CONTINUE;
}

/* PLAY x,y: the manager makes our move for us (after a SUGGEST); we confirm it. */
ProtoAction cmd_play(Protocol *p, const char *args, int64_t now)
{
    (void)now;
    int xy[2];
    if (!proto_require_started(p) || !parse_move(p, "PLAY", args, xy))
        return PROTO_CONTINUE;
    EngineError err = engine_play(p->engine, xy[0], xy[1]);
    if (err != ENGINE_OK)
        proto_engine_error(p, err);
    else
        proto_reply(p, "%d,%d", xy[0], xy[1]);
    return PROTO_CONTINUE;
}

ProtoAction cmd_about(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    (void)now;
    proto_reply(p, "%s", gamok_about());
    return PROTO_CONTINUE;
}

ProtoAction cmd_end(Protocol *p, const char *args, int64_t now)
{
    (void)p;
    (void)args;
    (void)now;
    return PROTO_QUIT;
}

/* Nothing is thinking when a line gets here (the threaded reader acts on YXSTOP itself while a
 * search runs), so a late YXSTOP has nothing to stop. */
ProtoAction cmd_yxstop(Protocol *p, const char *args, int64_t now)
{
    (void)p;
    (void)args;
    (void)now;
    return PROTO_CONTINUE;
}

/* `FORBID ` then xxyy for each point black may not play, then `.`. */
ProtoAction cmd_showforbid(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    (void)now;
    if (!proto_require_started(p))
        return PROTO_CONTINUE;
    int xs[BOARD_CELLS], ys[BOARD_CELLS];
    int n = engine_forbidden_points(p->engine, xs, ys, BOARD_CELLS);
    char text[8 + 4 * BOARD_CELLS + 2] = "FORBID ";
    size_t len = strlen(text);
    for (int i = 0; i < n && i < BOARD_CELLS; i++) {
        if (xs[i] < 0 || xs[i] >= BOARD_MAX || ys[i] < 0 || ys[i] >= BOARD_MAX)
            continue; /* two digits per coordinate: never let a bad point break the line */
        len += (size_t)snprintf(text + len, sizeof text - len, "%02d%02d", xs[i], ys[i]);
    }
    snprintf(text + len, sizeof text - len, ".");
    proto_reply(p, "%s", text);
    return PROTO_CONTINUE;
}
