#include "brain/engine.h"

#include <stdlib.h>
#include <string.h>

#include "brain/clock.h"
#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/watchdog.h"
#include "kernels/eval_fallback.h"

#define DEFAULT_SIZE 15
/* Tables when the manager sets no memory limit. */
#define UNLIMITED_SEARCH_BYTES ((size_t)64 << 20)
/* More would only make clearing the table (every new game) slow. */
#define MAX_SEARCH_BYTES ((int64_t)1 << 30)

void engine_default_options(EngineOptions *opts)
{
    opts->mode = MODE_TREE;
    opts->paper_level = 3;
    opts->max_depth = 20;
    opts->evaluator = EVAL_CHOICE_AUTO;
    opts->threads = 1;
    /* Off until the ablation match (tree+GA vs tree) shows a gain: the acceptance rule never
     * swaps in an unproven move, but the GA's share of the time is taken from the tree. */
    opts->ga_mode = GA_OFF;
    ga_default_params(&opts->ga);
}

/* INFO hash_size (KB) sizes the transposition table, within the memory limit when one is set. */
static size_t search_bytes_for(int64_t max_memory, int64_t hash_kb)
{
    size_t hash = 0;
    if (hash_kb > 0) {
        int64_t kb_max = (MAX_SEARCH_BYTES >> 10);
        int64_t table = (hash_kb < kb_max ? hash_kb : kb_max) << 10;
        if (table < (int64_t)SEARCH_TT_MIN_BYTES)
            table = (int64_t)SEARCH_TT_MIN_BYTES;
        hash = search_fixed_bytes() + (size_t)table;
    }
    if (max_memory <= 0)
        return hash ? hash : UNLIMITED_SEARCH_BYTES;
    int64_t bytes = (max_memory - ENGINE_OTHER_MEMORY_BYTES) / 2;
    if (bytes <= 0)
        return 0;
    size_t limit = (size_t)(bytes < MAX_SEARCH_BYTES ? bytes : MAX_SEARCH_BYTES);
    return hash && hash < limit ? hash : limit;
}

void engine_init(Engine *e, const EngineOptions *opts)
{
    memset(e, 0, sizeof *e);
    if (opts)
        e->opts = *opts;
    else
        engine_default_options(&e->opts);
    board_init(&e->board, DEFAULT_SIZE, RULE_FREESTYLE);
    timeman_defaults(&e->time);
    atomic_init(&e->stop, 0);
    e->last.move = CELL_NONE;
    e->threads = e->opts.threads >= 1 && e->opts.threads <= SMP_MAX_THREADS ? e->opts.threads : 1;
    /* The search tables wait for the first think: managers send max_memory after START, and
     * tables made before would count against the peak memory the limit is checked on. */
    e->eval = evaluator_select(e->opts.evaluator, e->eval_note, sizeof e->eval_note);
}

void engine_drop_search(Engine *e)
{
    smp_destroy(e->smp); /* the helpers share the main search's table: first */
    e->smp = NULL;
    search_destroy(e->search);
    e->search = NULL;
}

void engine_free(Engine *e)
{
    engine_drop_search(e);
    evaluator_destroy(e->eval);
    e->eval = NULL;
}

const char *engine_error_text(EngineError err)
{
    switch (err) {
    case ENGINE_OK: return "ok";
    case ENGINE_ERR_SIZE: return "unsupported board size";
    case ENGINE_ERR_NOT_STARTED: return "no game started";
    case ENGINE_ERR_OFF_BOARD: return "coordinates outside the board";
    case ENGINE_ERR_OCCUPIED: return "cell already occupied";
    case ENGINE_ERR_NO_STONE: return "no stone on that cell";
    case ENGINE_ERR_RULE: return "unsupported rule";
    case ENGINE_ERR_MEMORY: return "not enough memory";
    case ENGINE_ERR_POSITION: return "invalid position";
    case ENGINE_ERR_VALUE: return "value out of range";
    }
    return "unknown error";
}

/* ---- game setup ---------------------------------------------------------------------------- */

/* The evaluator, made again if an earlier attempt failed. */
static bool have_evaluator(Engine *e)
{
    if (!e->eval)
        e->eval = evaluator_select(e->opts.evaluator, e->eval_note, sizeof e->eval_note);
    return e->eval != NULL;
}

/* The evaluator of the Lazy SMP helpers. They score from other threads while the main search
 * uses e->eval, and only the CPU evaluator is thread-safe (read-only tables; the CUDA one keeps
 * per-call device state): evaluator_select gives either the CPU evaluator itself or a fallback
 * wrapper around CUDA whose backup is the CPU one, so the helpers take that backup. */
static Evaluator *helper_evaluator(Evaluator *ev)
{
    Evaluator *backup = evaluator_fallback_backup(ev);
    return backup ? backup : ev;
}

/* Helpers that fit beside the main search: with a memory limit their fixed bytes come out of
 * the search's budget (a helper that would leave the main search less than its minimum is not
 * made); without one they come on top of the table size. Sets *main_bytes. */
static int helpers_that_fit(const Engine *e, size_t *main_bytes)
{
    size_t total = search_bytes_for(e->max_memory, e->hash_kb);
    size_t per = smp_helper_bytes(), least = search_fixed_bytes() + SEARCH_TT_MIN_BYTES;
    int helpers = e->threads - 1;
    if (e->max_memory <= 0)
        total += (size_t)helpers * per;
    while (helpers > 0 && (total < least + (size_t)helpers * per))
        helpers--;
    *main_bytes = total - (size_t)helpers * per;
    return helpers;
}

/* The search tables, sized from the memory limit known now; made on the first think. */
static bool have_search(Engine *e)
{
    if (have_evaluator(e) && !e->search) {
        size_t main_bytes;
        int helpers = helpers_that_fit(e, &main_bytes);
        e->search = search_create(e->eval, main_bytes);
        if (e->search && helpers > 0) /* out of memory for helpers: one thread still searches */
            e->smp = smp_create(e->search, helper_evaluator(e->eval), helpers);
    }
    return e->search != NULL;
}

static void new_game(Engine *e, int size)
{
    board_init(&e->board, size, rule_from_gomocup(e->gomocup_rule));
    if (e->search)
        search_clear(e->search);
    e->last = SEARCH_NO_RESULT;
}

EngineError engine_start(Engine *e, int size)
{
    if (size < BOARD_MIN || size > BOARD_MAX)
        return ENGINE_ERR_SIZE;
    if (!have_evaluator(e))
        return ENGINE_ERR_MEMORY;
    new_game(e, size);
    e->started = true;
    return ENGINE_OK;
}

EngineError engine_restart(Engine *e)
{
    if (!e->started)
        return ENGINE_ERR_NOT_STARTED;
    new_game(e, e->board.size);
    return ENGINE_OK;
}

EngineError engine_set_rule(Engine *e, int gomocup_rule)
{
    if (!rule_supported(gomocup_rule))
        return ENGINE_ERR_RULE;
    e->gomocup_rule = gomocup_rule;
    int rule = rule_from_gomocup(gomocup_rule);
    if (rule != e->board.rule && e->search)
        search_clear(e->search); /* stored values were found under the other rule */
    e->board.rule = rule;
    return ENGINE_OK;
}

/* A limit too small for any search table is refused and the old one stays. The tables are
 * freed now and made again, to the new size, on the next think. */
EngineError engine_set_max_memory(Engine *e, int64_t bytes)
{
    if (bytes < 0)
        bytes = 0;
    if (bytes == e->max_memory)
        return ENGINE_OK;
    if (search_bytes_for(bytes, e->hash_kb) == 0)
        return ENGINE_ERR_MEMORY;
    engine_drop_search(e);
    e->max_memory = bytes;
    return ENGINE_OK;
}

/* ---- moves and positions ------------------------------------------------------------------- */

EngineError engine_play(Engine *e, int x, int y)
{
    if (!e->started)
        return ENGINE_ERR_NOT_STARTED;
    if (!board_on(&e->board, x, y))
        return ENGINE_ERR_OFF_BOARD;
    int cell = cell_index(x, y);
    if (e->board.cell[cell] != EMPTY)
        return ENGINE_ERR_OCCUPIED;
    /* Renju fouls of the opponent are the manager's to judge: the stone is taken as played. */
    board_play(&e->board, cell);
    return ENGINE_OK;
}

EngineError engine_takeback(Engine *e, int x, int y)
{
    if (!e->started)
        return ENGINE_ERR_NOT_STARTED;
    if (!board_on(&e->board, x, y))
        return ENGINE_ERR_OFF_BOARD;
    int cell = cell_index(x, y);
    int color = e->board.cell[cell];
    if (color != BLACK && color != WHITE)
        return ENGINE_ERR_NO_STONE;
    board_remove(&e->board, cell);
    board_set_to_move(&e->board, color);
    return ENGINE_OK;
}

static EngineError check_position(const Board *b, const PositionStone *stones, int n)
{
    if (n < 0 || n > b->size * b->size)
        return ENGINE_ERR_POSITION;
    uint8_t used[BOARD_CELLS];
    memset(used, 0, sizeof used);
    for (int i = 0; i < n; i++) {
        if (!board_on(b, stones[i].x, stones[i].y))
            return ENGINE_ERR_OFF_BOARD;
        if (stones[i].field < 1 || stones[i].field > 3)
            return ENGINE_ERR_POSITION;
        int cell = cell_index(stones[i].x, stones[i].y);
        if (used[cell])
            return ENGINE_ERR_POSITION;
        used[cell] = 1;
    }
    return ENGINE_OK;
}

EngineError engine_set_position(Engine *e, const PositionStone *stones, int n)
{
    if (!e->started)
        return ENGINE_ERR_NOT_STARTED;
    EngineError err = check_position(&e->board, stones, n);
    if (err != ENGINE_OK)
        return err;
    int own = 0, opp = 0;
    for (int i = 0; i < n; i++) {
        own += stones[i].field == 1;
        opp += stones[i].field == 2;
    }
    int own_color = own == opp ? BLACK : WHITE;
    const int color_of_field[4] = {EMPTY, own_color, opponent_of(own_color), BLOCKER};
    Board b;
    board_init(&b, e->board.size, e->board.rule);
    for (int i = 0; i < n; i++)
        board_put(&b, cell_index(stones[i].x, stones[i].y), color_of_field[stones[i].field]);
    board_set_to_move(&b, own_color);
    e->board = b;
    return ENGINE_OK;
}

/* ---- thinking ------------------------------------------------------------------------------ */

static int empty_cells(const Board *b) { return b->size * b->size - b->nstones; }

/* A win now, else the block of the opponent's only five point; CELL_NONE when neither. */
static int urgent_move(const Board *b)
{
    uint16_t cell[MOVES_MAX];
    if (moves_winning_cells(b, b->to_move, cell, 1) > 0)
        return cell[0];
    int n = moves_winning_cells(b, opponent_of(b->to_move), cell, MOVES_MAX);
    for (int i = 0; i < n; i++)
        if (rule_is_legal(b, cell[i]))
            return cell[i];
    return CELL_NONE;
}

/* `lim` without the node limit (the engine's); `excluded`: root cells never to answer (NULL:
 * none). */
static SearchResult search_tree_excluding(Engine *e, Board *b, SearchLimits lim,
                                          const uint8_t *excluded)
{
    lim.max_depth = lim.max_depth < 1 ? 1 : lim.max_depth;
    lim.max_nodes = e->max_nodes;
    SearchObserver obs = {e->progress, e->progress_ctx, excluded};
    search_set_observer(e->search, &obs);
    /* Helpers are no use to a one-batch depth-1 answer. */
    SearchResult r = e->smp && lim.max_depth > 1
                         ? smp_best_move(e->smp, b, &lim, &e->stop)
                         : search_best_move(e->search, b, &lim, &e->stop);
    search_set_observer(e->search, NULL);
    return r;
}

static SearchResult search_tree(Engine *e, Board *b, int64_t deadline, int max_depth)
{
    SearchLimits lim = {.deadline_ms = deadline, .max_depth = max_depth};
    return search_tree_excluding(e, b, lim, NULL);
}

static bool allowed(const Board *b, const uint8_t *excluded, int cell)
{
    return cell != CELL_NONE && !(excluded && excluded[cell]) && rule_is_legal(b, cell);
}

/* The legal cell nearest the centre that is not excluded; CELL_NONE when none. */
static int any_allowed(const Board *b, const uint8_t *excluded)
{
    int c = b->size / 2, best = CELL_NONE, best_d = 1 << 30;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            int d = abs(x - c) + abs(y - c), cell = cell_index(x, y);
            if (d < best_d && b->cell[cell] == EMPTY && allowed(b, excluded, cell)) {
                best = cell;
                best_d = d;
            }
        }
    }
    return best;
}

static const uint8_t *blocked_cells(const Engine *e) { return e->nblocked ? e->blocked : NULL; }

/* The paper's full-width tree only polls the stop flag: a watchdog raises it at the deadline. */
static SearchResult search_paper(Engine *e, Board *b, int64_t deadline)
{
    int urgent = urgent_move(b);
    if (urgent != CELL_NONE)
        return (SearchResult){urgent, 0, 1, 0, 0, 0};
    Watchdog w;
    if (!watchdog_start(&w, &e->stop, deadline)) /* no timer thread: the tree keeps the time */
        return search_tree(e, b, deadline, e->opts.max_depth);
    SearchResult r = search_full_width(e->search, b, e->opts.paper_level, &e->stop);
    watchdog_finish(&w);
    return r;
}

/* `time` from start_ms (max_ms <= 0: answer at once); `excluded` cells are never answered. */
static SearchResult choose_move(Engine *e, Board *b, int64_t start_ms, TimeBudget time,
                                const uint8_t *excluded)
{
    int centre = cell_index(b->size / 2, b->size / 2);
    if (b->nstones == 0 && allowed(b, excluded, centre))
        return (SearchResult){centre, 0, 1, 0, 0, 0};
    if (!have_search(e)) /* out of memory: still a legal move */
        return (SearchResult){any_allowed(b, excluded), 0, 0, 0, 0, 0};
    if (time.max_ms <= 0) { /* answer at once: one batch (depth 1 never checks the clock) */
        SearchLimits now = {.deadline_ms = start_ms, .max_depth = 1};
        return search_tree_excluding(e, b, now, excluded);
    }
    int64_t deadline = start_ms + time.max_ms;
    bool ga = e->opts.ga_mode != GA_OFF;
    SearchLimits lim = {.deadline_ms = deadline, .max_depth = e->opts.max_depth};
    if (ga) /* the tree stops at its share of the budget; the GA has the rest */
        lim.deadline_ms = start_ms + time.max_ms * (100 - e->opts.ga.share_pct) / 100;
    else if (time.target_ms < time.max_ms) { /* a match clock: stop early or extend */
        lim.start_ms = start_ms;
        lim.target_ms = start_ms + time.target_ms;
    }
    bool paper = e->opts.mode == MODE_PAPER && !excluded; /* the paper's tree cannot exclude */
    SearchResult r = paper ? search_paper(e, b, lim.deadline_ms)
                           : search_tree_excluding(e, b, lim, excluded);
    if (ga) /* the GA stage (brain/ga.h): keeps r unless it proves a better move */
        r = ga_refine(&e->opts.ga, e->opts.ga_mode, e->eval, e->search, b, r, excluded, deadline,
                      &e->stop);
    return r;
}

bool engine_think(Engine *e, int64_t start_ms, int *x, int *y)
{
    if (!e->started || empty_cells(&e->board) <= 0)
        return false;
    Board b = e->board; /* the search plays on a copy: the position never changes here */
    const uint8_t *excluded = blocked_cells(e);
    TimeBudget time = timeman_budget(&e->time, b.nstones);
    SearchResult r = choose_move(e, &b, start_ms, time, excluded);
    engine_clear_stop(e); /* a stop (YXSTOP, the paper-mode watchdog) ends with this search */
    if (r.move == CELL_NONE || e->board.cell[r.move] != EMPTY
        || !allowed(&e->board, excluded, r.move))
        r.move = any_allowed(&e->board, excluded);
    if (r.move == CELL_NONE)
        return false;
    e->last = r;
    *x = cell_x(r.move);
    *y = cell_y(r.move);
    return true;
}

/* Each move gets its share of the turn: the k-th search ends at start + budget * k / n. The
 * moves found so far are excluded from the next search, with the blocked cells. */
int engine_nbest(Engine *e, int64_t start_ms, int n, EngineMove *out)
{
    if (!e->started || n <= 0)
        return 0;
    uint8_t excluded[BOARD_CELLS];
    memcpy(excluded, e->blocked, sizeof excluded);
    /* n searches: each of a normal move's share, none extended */
    int64_t budget = timeman_budget(&e->time, e->board.nstones).target_ms;
    int found = 0;
    while (found < n) {
        Board b = e->board;
        int64_t share = budget > 0 ? budget * (found + 1) / n - (clock_ms() - start_ms) : 0;
        share = share > 0 ? share : 0;
        SearchResult r = choose_move(e, &b, clock_ms(), (TimeBudget){share, share}, excluded);
        if (r.move == CELL_NONE || e->board.cell[r.move] != EMPTY
            || !allowed(&e->board, excluded, r.move))
            r.move = any_allowed(&e->board, excluded);
        if (r.move == CELL_NONE)
            break;
        if (found == 0)
            e->last = r;
        excluded[r.move] = 1;
        out[found++] = (EngineMove){cell_x(r.move), cell_y(r.move), r.score, r.depth};
    }
    engine_clear_stop(e);
    return found;
}

void engine_stop(Engine *e)
{
    atomic_store(&e->stop, 1);
}

void engine_clear_stop(Engine *e)
{
    atomic_store(&e->stop, 0);
}

/* ---- swap2 --------------------------------------------------------------------------------- */

/* Swap2 decisions by white's score after the opening stones (the evaluator's units): below
 * -SWAP2_BALANCE white is clearly worse and we take black; within +-SWAP2_BALANCE (3 stones)
 * we place two more and let the opponent pick; else we play on as white. */
#define SWAP2_BALANCE 100

/* The three opening stones (black, white, black) as offsets from the centre: white right next
 * to black's first stone, black's second two cells away on the diagonal that leads away from
 * white (a loose, gapped pair). Our own tree scores it within a few points of even for white
 * (-23 at depth 7 in 1 s, where tighter shapes score -50..-170), so the opponent gains little
 * whichever colour it picks. Fits every board from BOARD_MIN up. */
static const int OPENING[3][2] = {{0, 0}, {1, 0}, {-2, 2}};

static void swap2_opening(const Board *b, Swap2Answer *out)
{
    int c = b->size / 2;
    out->nmoves = 3;
    for (int i = 0; i < 3; i++) {
        out->x[i] = c + OPENING[i][0];
        out->y[i] = c + OPENING[i][1];
    }
}

static EngineError swap2_board(const Engine *e, const int (*xy)[2], int n, Board *b)
{
    board_init(b, e->board.size, RULE_EXACT5);
    for (int i = 0; i < n; i++) {
        if (!board_on(b, xy[i][0], xy[i][1]))
            return ENGINE_ERR_OFF_BOARD;
        int cell = cell_index(xy[i][0], xy[i][1]);
        if (b->cell[cell] != EMPTY)
            return ENGINE_ERR_OCCUPIED;
        board_play(b, cell);
    }
    return ENGINE_OK;
}

static void add_move(Swap2Answer *out, int cell)
{
    out->x[out->nmoves] = cell_x(cell);
    out->y[out->nmoves] = cell_y(cell);
    out->nmoves++;
}

/* Searches the Swap2 position `b` (n = 3 or 5 stones) and fills the answer. */
static void swap2_decide(Engine *e, Board *b, int n, int64_t start_ms, Swap2Answer *out)
{
    int64_t budget = timeman_budget(&e->time, b->nstones).target_ms;
    int depth = budget > 0 ? e->opts.max_depth : 1;
    /* With three stones a second search (black's 5th stone) may follow: half the time each. */
    int64_t first_deadline = start_ms + (n == 3 ? budget / 2 : budget);
    SearchResult white = search_tree(e, b, first_deadline, depth);
    if (white.score < -SWAP2_BALANCE) {
        out->swap = true;
        return;
    }
    add_move(out, white.move);
    if (n == 3 && white.score <= SWAP2_BALANCE) {
        board_play(b, white.move);
        SearchResult black = search_tree(e, b, start_ms + budget, depth);
        add_move(out, black.move);
    }
}

EngineError engine_swap2(Engine *e, const int (*xy)[2], int n, int64_t start_ms, Swap2Answer *out)
{
    memset(out, 0, sizeof *out);
    if (!e->started)
        return ENGINE_ERR_NOT_STARTED;
    if (n != 0 && n != 3 && n != 5)
        return ENGINE_ERR_POSITION;
    Board b;
    EngineError err = swap2_board(e, xy, n, &b);
    if (err != ENGINE_OK)
        return err;
    if (n == 0) {
        swap2_opening(&b, out);
        return ENGINE_OK;
    }
    if (!have_search(e))
        return ENGINE_ERR_MEMORY;
    swap2_decide(e, &b, n, start_ms, out);
    engine_clear_stop(e); /* as engine_think: a stop ends with this search */
    return ENGINE_OK;
}

/* ---- evaluator ----------------------------------------------------------------------------- */

EngineError engine_set_evaluator(Engine *e, EvaluatorChoice choice)
{
    if (choice == e->opts.evaluator && e->eval)
        return ENGINE_OK;
    char note[sizeof e->eval_note];
    Evaluator *ev = evaluator_select(choice, note, sizeof note);
    if (!ev)
        return ENGINE_ERR_MEMORY;
    evaluator_destroy(e->eval);
    e->eval = ev;
    if (e->search)
        search_set_evaluator(e->search, ev);
    if (e->smp)
        smp_set_evaluator(e->smp, helper_evaluator(ev));
    e->opts.evaluator = choice;
    memcpy(e->eval_note, note, sizeof note);
    e->eval_switch_told = false;
    return ENGINE_OK;
}

const char *engine_evaluator_name(const Engine *e)
{
    return e->eval ? e->eval->name : "none";
}

const char *engine_evaluator_note(const Engine *e)
{
    return e->eval ? e->eval_note : "out of memory";
}

bool engine_evaluator_switched(Engine *e)
{
    if (e->eval_switch_told || !evaluator_fell_back(e->eval, e->eval_note, sizeof e->eval_note))
        return false;
    e->eval_switch_told = true;
    return true;
}

/* ---- renju --------------------------------------------------------------------------------- */

int engine_forbidden_points(const Engine *e, int *xs, int *ys, int max)
{
    if (e->board.rule != RULE_RENJU || max <= 0)
        return 0;
    uint16_t cells[BOARD_CELLS];
    int n = rule_forbidden_points(&e->board, cells, max < BOARD_CELLS ? max : BOARD_CELLS);
    for (int i = 0; i < n; i++) {
        xs[i] = cell_x(cells[i]);
        ys[i] = cell_y(cells[i]);
    }
    return n;
}
