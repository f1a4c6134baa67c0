/* Internal to protocol/: the command handlers and the reply writer they share. */
#ifndef GAMOK_COMMANDS_H
#define GAMOK_COMMANDS_H

#include "protocol/protocol.h"

/* Most a reply quotes of a bad input line. */
#define ECHO_MAX 96

/* Writes one reply (which may hold a MESSAGE line and a move) and flushes it, unless silenced. */
void proto_reply(Protocol *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* `ERROR <engine's reason>`. */
void proto_engine_error(Protocol *p, EngineError err);
/* `MESSAGE evaluator <name>: <why>` (when MESSAGE lines are on): after START, after INFO
 * evaluator changes it, and before the move after a CUDA failure switched it to the CPU. */
void proto_say_evaluator(Protocol *p);
/* False (after an ERROR reply) when no START has succeeded yet. */
bool proto_require_started(Protocol *p);

typedef ProtoAction (*CommandFn)(Protocol *p, const char *args, int64_t now);

/* Looks up a command word (case-insensitive); NULL when unknown. */
CommandFn proto_find_command(const char *word);

/* Game and position commands (commands.c). */
ProtoAction cmd_start(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_rectstart(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_restart(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_begin(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_turn(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_takeback(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_play(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_about(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_end(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_yxstop(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_showforbid(Protocol *p, const char *args, int64_t now);

/* Yixin-board commands and live search info (yixin.c). */
ProtoAction cmd_yxnbest(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_yxhashclear(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_yxshowinfo(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_yxblockreset(Protocol *p, const char *args, int64_t now);
/* The engine's progress observer: MESSAGE REALTIME and per-iteration lines (show_detail). */
void proto_progress(void *ctx, const SearchEvent *ev);
/* Most moves YXNBEST answers. */
#define NBEST_MAX 64
/* YXSHOWINFO's MAX_HASH_SIZE: log2 of the largest hash_size in KB (2^20 KB = 1 GiB, the
 * engine's cap), read the way Rapfi's 30 reads. */
#define PROTO_MAX_HASH_LOG2_KB 20

/* INFO (info.c). */
ProtoAction cmd_info(Protocol *p, const char *args, int64_t now);

/* Multi-line blocks (block.c). */
ProtoAction cmd_board(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_yxboard(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_swap2board(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_yxblock(Protocol *p, const char *args, int64_t now);
ProtoAction cmd_stray_done(Protocol *p, const char *args, int64_t now);
/* A line that arrives while a block is open (DONE closes it). */
ProtoAction block_line(Protocol *p, const char *line);

#endif
