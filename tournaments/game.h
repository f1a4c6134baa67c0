/* One refereed game between two pbrain processes through the Gomocup protocol, as a manager
 * plays it: handshake (ABOUT, START, INFO), clocks with INFO time_left before every move,
 * YXSTOP when a turn runs over, and every adjudication the rules and the clocks call for. */
#ifndef GAMOK_GAME_H
#define GAMOK_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "brain/board.h"
#include "tournaments/brainproc.h"
#include "tournaments/opening.h"

#define ENGINE_MAX_ARGS 32
#define ARENA_NAME_MAX 64
#define ARENA_PATH_MAX 1024
#define ARENA_MAX_INFO 8

/* How to start one engine: an executable, its arguments, a working directory, a display name. */
typedef struct EngineSpec {
    char name[ARENA_NAME_MAX];
    char path[ARENA_PATH_MAX];                /* absolute, checked to be executable */
    char args[ENGINE_MAX_ARGS][256];          /* arguments after the path */
    int nargs;
    char cwd[ARENA_PATH_MAX];                 /* the executable's folder unless told otherwise */
} EngineSpec;

typedef struct GameSettings {
    int size;
    int rule;              /* Gomocup rule value: 0, 1, 4 or 8 */
    int turn_ms;           /* 0: no turn limit (then match_ms must be set) */
    int match_ms;          /* 0: no match limit */
    int increment_ms;      /* added to the match clock after each move */
    int tolerance_ms;      /* allowed overrun before a time forfeit */
    int start_ms;          /* how long ABOUT and START may take to answer */
    long long max_memory;  /* INFO max_memory; 0 = none */
    int drawafter;         /* draw once this many stones are on the board; 0 = only when full */
    bool lenient;          /* skip any non-move line (c-gomoku-cli) instead of losing (Piskvork) */
    bool suspend;          /* SIGSTOP a brain between its turns (GomocupJudge): no pondering */
    char info[ARENA_MAX_INFO][128]; /* extra "key value" INFO lines */
    int ninfo;
    char logdir[ARENA_PATH_MAX];    /* engines' stderr go to LOGDIR/NAME.stderr; "" = discard */
} GameSettings;

/* An engine process as a worker holds it across games (one process per pairing mode). */
typedef struct Seat {
    const EngineSpec *spec;
    BrainProc proc;
    char about[256];       /* its ABOUT line */
} Seat;

typedef enum {
    END_FIVE, END_FULL, END_MOVE_LIMIT, END_CRASH, END_TIME, END_OFF_BOARD, END_OCCUPIED,
    END_FOUL, END_BAD_REPLY, END_NO_START, END_REASON_COUNT
} EndReason;

/* Everything about a finished game that the records need. */
typedef struct GameRecord {
    int id;                          /* index in the tournament's schedule */
    int engine[2];                   /* [0] black, [1] white: indices of the engines */
    char name[2][ARENA_NAME_MAX];
    int opening_index, symmetry;
    int size, rule;
    int winner;                      /* BLACK, WHITE or 0 (draw) */
    EndReason end;
    char detail[160];                /* human-readable reason */
    int nopening;                    /* the first nopening moves are the opening's stones */
    int nmoves;
    uint16_t moves[BOARD_CELLS];     /* cells in play order (x = cell_x, y = cell_y) */
    int32_t ms[BOARD_CELLS];         /* think time of each move (0 for opening stones) */
    int peak_rss_kb[2];              /* each engine's peak resident memory in the game, KiB (0:
                                      * not known): brainproc_peak_rss at the game's end */
} GameRecord;

const char *end_reason_name(EndReason r); /* short, stable: "five", "time", ... */
int end_reason_parse(const char *name);   /* -1 when unknown */

/* How a manager reads a line a brain sent while it waits for a move: a move (x, y set; not yet
 * checked against the board), a line to skip (empty, MESSAGE, DEBUG), or anything else (which
 * loses the game unless the settings are lenient). */
typedef enum { REPLY_MOVE, REPLY_CHATTER, REPLY_OTHER } ReplyKind;
ReplyKind game_reply_kind(const char *line, int *x, int *y);

/* Plays one game: seats[0] black, seats[1] white. A seat without a running process is started
 * (fresh process); a running one gets START again (one process per pairing). Seats whose
 * brain misbehaved are stopped; with `keep` false both are stopped at the end.
 * The opening must fit (checked before the tournament). Fills rec (id and engine set by caller). */
void game_play(const GameSettings *gs, Seat seats[2], const Opening *op, int sym, bool keep,
               GameRecord *rec);

/* Stops a seat's process (END, then kill after a grace period). */
void seat_stop(Seat *s);

#endif
