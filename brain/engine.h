/* The engine: the brain's explicit state and its controller. The protocol layer drives it; it
 * knows nothing of stdin/stdout. Thinking is time-budgeted: the game tree first, then (when
 * opts.ga_mode is on) the GA refinement stage of brain/ga.h in its share of the time. */
#ifndef GAMOK_ENGINE_H
#define GAMOK_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "brain/board.h"
#include "brain/ga.h"
#include "brain/search.h"
#include "brain/smp.h"
#include "brain/timeman.h"
#include "kernels/evaluator.h"
#include "kernels/evaluator_select.h"

typedef enum { MODE_TREE = 0, MODE_PAPER = 1 } SearchMode;

typedef struct EngineOptions {
    SearchMode mode;  /* MODE_TREE: alpha-beta; MODE_PAPER: full-width min-max */
    int paper_level;  /* 1..4, for MODE_PAPER */
    int max_depth;    /* MODE_TREE depth cap (plies) */
    EvaluatorChoice evaluator; /* cpu, cuda, or auto (cuda when a device is usable) */
    int threads;      /* search threads until INFO thread_num says otherwise (1..SMP_MAX_THREADS) */
    GaMode ga_mode;   /* the GA stage after the tree (brain/ga.h): off, paper, coevo */
    GaParams ga;      /* its parameters (share of the time budget included) */
} EngineOptions;

typedef struct Engine {
    Board board;
    int gomocup_rule;        /* the INFO rule value as given (supported values only) */
    bool started;            /* START (or RECTSTART) succeeded */
    TimeLimits time;
    int64_t max_memory;      /* bytes; 0 = no limit */
    EngineOptions opts;
    Evaluator *eval;
    char eval_note[320];     /* why that evaluator (or why it switched), for MESSAGE lines */
    bool eval_switch_told;   /* engine_evaluator_switched() has reported the switch */
    Search *search;
    Smp *smp;                /* helpers of `search` when threads > 1 (made with it) */
    atomic_int stop;         /* set by engine_stop() from another thread */
    SearchResult last;       /* what the last think found (for MESSAGE lines) */
    /* Yixin-board settings. */
    uint8_t blocked[BOARD_CELLS]; /* YXBLOCK: cells never chosen (non-zero) */
    int nblocked;
    uint64_t max_nodes;      /* INFO max_node; 0 = no limit */
    int64_t hash_kb;         /* INFO hash_size in KB; 0 = sized from max_memory */
    int threads;             /* INFO thread_num: search threads asked for (Lazy SMP, brain/smp.h) */
    SearchProgressFn progress; /* live search info (engine_set_progress) */
    void *progress_ctx;
} Engine;

typedef enum {
    ENGINE_OK = 0,
    ENGINE_ERR_SIZE,      /* unsupported board size */
    ENGINE_ERR_NOT_STARTED,
    ENGINE_ERR_OFF_BOARD,
    ENGINE_ERR_OCCUPIED,
    ENGINE_ERR_NO_STONE,  /* takeback of a cell that holds no stone */
    ENGINE_ERR_RULE,      /* unsupported rule value */
    ENGINE_ERR_MEMORY,    /* out of memory, or max_memory too small */
    ENGINE_ERR_POSITION,  /* a position that cannot be set (duplicates, bad colours) */
    ENGINE_ERR_VALUE      /* a setting out of its range */
} EngineError;

const char *engine_error_text(EngineError e);

void engine_init(Engine *e, const EngineOptions *opts);
void engine_free(Engine *e);
void engine_default_options(EngineOptions *opts);

EngineError engine_start(Engine *e, int size);       /* new empty board of that size */
EngineError engine_restart(Engine *e);               /* new empty board, same size */
EngineError engine_set_rule(Engine *e, int gomocup_rule);
EngineError engine_set_max_memory(Engine *e, int64_t bytes);

/* Plays `x,y` for the side to move. */
EngineError engine_play(Engine *e, int x, int y);
/* Removes the stone at x,y (TAKEBACK); the side to move becomes that stone's colour. */
EngineError engine_takeback(Engine *e, int x, int y);

/* A whole position: own stones (1), opponent's (2), blockers (3). The side to move ("own") is
 * black when both sides have as many stones, else white. On error nothing changes. */
typedef struct PositionStone { int x, y, field; } PositionStone;
EngineError engine_set_position(Engine *e, const PositionStone *stones, int n);

/* Chooses a move for the side to move without playing it. `start_ms` is the clock_ms() value
 * when the command arrived: the turn's time counts from there. Never fails on a non-full
 * board; returns false when there is no legal move. */
bool engine_think(Engine *e, int64_t start_ms, int *x, int *y);
/* Asks a running engine_think to return now (thread-safe). */
void engine_stop(Engine *e);
/* Forgets a stop request. engine_think and engine_swap2 clear the flag when they return, not
 * when they begin: a thread that hands a search to a worker calls this BEFORE starting it, so
 * that a YXSTOP read right after the TURN can never be wiped out by the worker. */
void engine_clear_stop(Engine *e);

/* Swap2 opening (exactly-five events). `xy` holds the 0, 3 or 5 stones placed so far in move
 * order (black, white, black, ...). The answer: swap = true, or 1..3 moves to place. Like
 * engine_think it does not change the current position and respects the turn's time. */
typedef struct Swap2Answer {
    bool swap;
    int nmoves;
    int x[3], y[3];
} Swap2Answer;
EngineError engine_swap2(Engine *e, const int (*xy)[2], int n, int64_t start_ms, Swap2Answer *out);

/* The evaluator: its name ("cpu", "cuda") and why it is that one. engine_set_evaluator makes
 * the evaluator for `choice` (the old one stays when that fails: ENGINE_ERR_MEMORY); the same
 * choice again keeps the evaluator as it is. */
EngineError engine_set_evaluator(Engine *e, EvaluatorChoice choice);
const char *engine_evaluator_name(const Engine *e);
const char *engine_evaluator_note(const Engine *e);
/* True once, after a CUDA error made the evaluator switch to the CPU for good (the note then
 * says why): the protocol tells the manager in a MESSAGE. */
bool engine_evaluator_switched(Engine *e);

/* ---- Yixin-board extensions ---- */

/* Deepest iteration INFO max_depth may ask for (the search's ply limit). */
#define ENGINE_MAX_DEPTH_LIMIT 64

/* max_memory covers the whole process: first an allowance for everything but the search tables
 * (the evaluator's pattern tables are ~2 MB, then code, stacks, buffers), then half of what
 * is left for the tables, as a margin. */
#define ENGINE_OTHER_MEMORY_BYTES ((int64_t)12 << 20)

/* Iterative deepening stops at `depth` plies (1..ENGINE_MAX_DEPTH_LIMIT; larger is clamped;
 * 0 restores the default). Negative: ENGINE_ERR_VALUE. */
EngineError engine_set_max_depth(Engine *e, int64_t depth);
/* Node limit per think; 0 (or negative) = none. */
void engine_set_max_nodes(Engine *e, int64_t nodes);
/* Transposition table size in KB (Yixin's hash_size); 0 = sized from max_memory again. The
 * tables are made again on the next think. Negative: ENGINE_ERR_VALUE. */
EngineError engine_set_hash_size(Engine *e, int64_t kb);
/* thread_num: the tree search runs on this many threads (Lazy SMP); 1 = single-threaded.
 * Below 1: ENGINE_ERR_VALUE; above SMP_MAX_THREADS: clamped (more would only contend for the
 * cores and the table). Helpers that do not fit in the memory limit beside the main search are
 * not made: fewer threads run then. Takes effect on the next think (the tables are made again). */
EngineError engine_set_threads(Engine *e, int64_t threads);
/* Frees the search tables (and the helpers); the next think makes them again. */
void engine_drop_search(Engine *e);
/* Forgets what the transposition table learned. */
void engine_hash_clear(Engine *e);

/* YXBLOCK: cells the engine must never choose (engine_think, engine_nbest), added to those
 * blocked already. All or nothing: a cell off the board gives ENGINE_ERR_OFF_BOARD and nothing
 * changes. engine_block_reset unblocks every cell. */
EngineError engine_block(Engine *e, const int (*xy)[2], int n);
void engine_block_reset(Engine *e);
bool engine_is_blocked(const Engine *e, int x, int y);

/* Called from the thinking thread while a search runs (brain/search.h); NULL: none. */
void engine_set_progress(Engine *e, SearchProgressFn fn, void *ctx);

/* YXNBEST: up to `n` distinct best moves for the side to move, best first, without playing any
 * (the turn's time is shared among them). Returns how many were found (0: no legal move). */
typedef struct EngineMove { int x, y, score, depth; } EngineMove;
int engine_nbest(Engine *e, int64_t start_ms, int n, EngineMove *out);

/* Renju: the points black may not play in the current position (for YXSHOWFORBID). */
int engine_forbidden_points(const Engine *e, int *xs, int *ys, int max);

#endif
