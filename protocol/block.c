/* BOARD, YXBOARD and SWAP2BOARD: stone lines collected until DONE. A bad line does not answer at
 * once (the manager is not reading yet): the first complaint is kept and the whole block is
 * rejected at DONE with one ERROR, leaving the old position as it was. */
#include <stdio.h>
#include <string.h>

#include "protocol/commands.h"
#include "protocol/parse.h"

#define SWAP2_MAX 5

static const char *block_name(BlockKind kind)
{
    switch (kind) {
    case BLOCK_BOARD: return "BOARD";
    case BLOCK_YXBOARD: return "YXBOARD";
    case BLOCK_SWAP2: return "SWAP2BOARD";
    case BLOCK_YXBLOCK: return "YXBLOCK";
    default: return "?";
    }
}

/* The move's clock starts when the block's first line arrives, as the manager's does. */
static ProtoAction open_block(Protocol *p, BlockKind kind, int64_t now)
{
    memset(&p->block, 0, sizeof p->block);
    p->block.kind = kind;
    p->block.opened_ms = now;
    return PROTO_CONTINUE;
}

ProtoAction cmd_board(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    return open_block(p, BLOCK_BOARD, now);
}

ProtoAction cmd_yxboard(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    return open_block(p, BLOCK_YXBOARD, now);
}

ProtoAction cmd_swap2board(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    return open_block(p, BLOCK_SWAP2, now);
}

/* YXBLOCK: x,y lines (a third number, as Rapfi reads them, is ignored) until DONE. */
ProtoAction cmd_yxblock(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    return open_block(p, BLOCK_YXBLOCK, now);
}

ProtoAction cmd_stray_done(Protocol *p, const char *args, int64_t now)
{
    (void)args;
    (void)now;
    proto_reply(p, "ERROR DONE without BOARD, YXBOARD or SWAP2BOARD");
    return PROTO_CONTINUE;
}

/* Why the stone line `line` cannot be used, or NULL when it is fine. */
static const char *check_stone(const Protocol *p, const char *line, PositionStone *s)
{
    const ProtoBlock *b = &p->block;
    bool swap2 = b->kind == BLOCK_SWAP2;
    int v[3] = {0, 0, 1};
    if (b->kind == BLOCK_YXBLOCK) { /* x,y or x,y,anything */
        if (!parse_int_list(line, v, 2) && !parse_int_list(line, v, 3))
            return "expected x,y";
        v[2] = 1;
    } else if (!parse_int_list(line, v, swap2 ? 2 : 3)) {
        return swap2 ? "expected x,y" : "expected x,y,field";
    }
    *s = (PositionStone){v[0], v[1], v[2]};
    if (s->field < 1 || s->field > 3)
        return "field must be 1, 2 or 3";
    if (b->n >= (swap2 ? SWAP2_MAX : BOARD_CELLS))
        return "too many stones";
    const Engine *e = p->engine;
    /* Before START the size is unknown; DONE then answers "not started" anyway. */
    if (e->started && !board_on(&e->board, s->x, s->y))
        return "off the board";
    if (s->x < 0 || s->x >= BOARD_MAX || s->y < 0 || s->y >= BOARD_MAX)
        return "off the board";
    for (int i = 0; i < b->n && b->kind != BLOCK_YXBLOCK; i++) /* blocking twice is harmless */
        if (b->stone[i].x == s->x && b->stone[i].y == s->y)
            return "cell given twice";
    return NULL;
}

static void add_stone_line(Protocol *p, const char *line)
{
    ProtoBlock *b = &p->block;
    b->nlines++;
    if (b->error[0])
        return; /* the first bad line is the one reported */
    PositionStone s;
    const char *why = check_stone(p, line, &s);
    if (why) {
        snprintf(b->error, sizeof b->error, "%s line %d '%.*s': %s", block_name(b->kind),
                 b->nlines, ECHO_MAX, line, why);
        return;
    }
    b->stone[b->n++] = s;
}

static ProtoAction finish_position(Protocol *p, BlockKind kind)
{
    EngineError err = engine_set_position(p->engine, p->block.stone, p->block.n);
    if (err != ENGINE_OK) {
        proto_engine_error(p, err);
        return PROTO_CONTINUE;
    }
    if (kind == BLOCK_YXBOARD)
        return PROTO_CONTINUE; /* the position only: no move wanted */
    p->job = JOB_MOVE;
    p->job_start_ms = p->block.opened_ms;
    return PROTO_THINK;
}

static ProtoAction finish_swap2(Protocol *p)
{
    const ProtoBlock *b = &p->block;
    if (b->n != 0 && b->n != 3 && b->n != 5) {
        proto_reply(p, "ERROR SWAP2BOARD needs 0, 3 or 5 stones, got %d", b->n);
        return PROTO_CONTINUE;
    }
    for (int i = 0; i < b->n; i++) {
        p->swap_xy[i][0] = b->stone[i].x;
        p->swap_xy[i][1] = b->stone[i].y;
    }
    p->swap_n = b->n;
    p->job = JOB_SWAP2;
    p->job_start_ms = b->opened_ms;
    return PROTO_THINK;
}

/* No reply on success (as Rapfi); the cells stay blocked until YXBLOCKRESET. */
static ProtoAction finish_yxblock(Protocol *p)
{
    const ProtoBlock *b = &p->block;
    int xy[BOARD_CELLS][2];
    for (int i = 0; i < b->n; i++) {
        xy[i][0] = b->stone[i].x;
        xy[i][1] = b->stone[i].y;
    }
    EngineError err = engine_block(p->engine, (const int (*)[2])xy, b->n);
    if (err != ENGINE_OK)
        proto_engine_error(p, err);
    return PROTO_CONTINUE;
}

static ProtoAction finish_block(Protocol *p)
{
    BlockKind kind = p->block.kind;
    p->block.kind = BLOCK_NONE;
    if (!proto_require_started(p))
        return PROTO_CONTINUE;
    if (p->block.error[0]) {
        proto_reply(p, "ERROR %s", p->block.error);
        return PROTO_CONTINUE;
    }
    if (kind == BLOCK_YXBLOCK)
        return finish_yxblock(p);
    return kind == BLOCK_SWAP2 ? finish_swap2(p) : finish_position(p, kind);
}

ProtoAction block_line(Protocol *p, const char *line)
{
    char word[32];
    parse_split_word(line, word, sizeof word);
    if (parse_word_is(word, "DONE"))
        return finish_block(p);
    if (parse_word_is(word, "END"))
        return PROTO_QUIT;
    add_stone_line(p, line);
    return PROTO_CONTINUE;
}
