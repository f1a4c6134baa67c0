#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "tests/fuzz/fuzz_brain.h"

#include <stdlib.h>
#include <string.h>

#include "brain/clock.h"
#include "protocol/lineio.h"
#include "protocol/parse.h"

/* a 17 ms turn is a 2 ms search after the brain's 15 ms safety margin (brain/timeman.c) */
#define FUZZ_TURN_MS_MAX 17
#define FUZZ_DEPTH_MAX 6
#define FUZZ_NODES_MAX 3000
/* keep_time: the input's time limits (their arithmetic is under test), a shallow search */
#define FUZZ_KEPT_TIME_DEPTH 2
#define FUZZ_KEPT_TIME_NODES 300
#define FUZZ_HASH_KB 64
#define FUZZ_NBEST_MAX 3

/* Building the evaluator's pattern tables takes half a second under ASan: every input's engine
 * borrows one evaluator, made once, through a view whose destroy keeps it. */
static Engine fresh_engine;   /* as engine_init leaves it, with the borrowed evaluator */
static Evaluator shared_view;
static EvaluatorOps shared_ops;

static void keep_evaluator(Evaluator *ev) { (void)ev; }

static void make_fresh_engine(void)
{
    EngineOptions opts;
    engine_default_options(&opts);
    opts.max_depth = FUZZ_DEPTH_MAX;
    opts.evaluator = EVAL_CHOICE_CPU;
    engine_init(&fresh_engine, &opts);
    if (!fresh_engine.eval) abort();
    shared_view = *fresh_engine.eval; /* the real one lives as long as the process */
    shared_ops = *shared_view.ops;
    shared_ops.destroy = keep_evaluator;
    shared_view.ops = &shared_ops;
    fresh_engine.eval = &shared_view;
    engine_set_hash_size(&fresh_engine, FUZZ_HASH_KB);
    fresh_engine.time.timeout_turn_ms = FUZZ_TURN_MS_MAX;
}

void fuzz_brain_open(FuzzBrain *f)
{
    if (!fresh_engine.eval) make_fresh_engine();
    memset(f, 0, sizeof *f);
    memcpy(&f->engine, &fresh_engine, sizeof f->engine);
    f->out = open_memstream(&f->text, &f->size);
    if (!f->out) abort();
    protocol_init(&f->proto, &f->engine, f->out);
}

void fuzz_brain_close(FuzzBrain *f)
{
    protocol_free(&f->proto);
    engine_free(&f->engine);
    fclose(f->out);
    free(f->text);
}

/* Whatever the input set, the next search is short: these are the settings a search reads. */
static void hold_search_small(FuzzBrain *f)
{
    Engine *e = &f->engine;
    int depth = f->keep_time ? FUZZ_KEPT_TIME_DEPTH : FUZZ_DEPTH_MAX;
    uint64_t nodes = f->keep_time ? FUZZ_KEPT_TIME_NODES : FUZZ_NODES_MAX;
    if (!f->keep_time && e->time.timeout_turn_ms > FUZZ_TURN_MS_MAX)
        e->time.timeout_turn_ms = FUZZ_TURN_MS_MAX;
    if (e->opts.max_depth > depth) e->opts.max_depth = depth;
    if (e->max_nodes == 0 || e->max_nodes > nodes) e->max_nodes = nodes;
    if (e->threads != 1) engine_set_threads(e, 1); /* helper threads make runs irreproducible */
    if (e->hash_kb == 0 || e->hash_kb > FUZZ_HASH_KB) engine_set_hash_size(e, FUZZ_HASH_KB);
    if (f->proto.nbest_n > FUZZ_NBEST_MAX) f->proto.nbest_n = FUZZ_NBEST_MAX;
}

static bool is_move(const char *s, int size)
{
    int x, y, used = 0;
    return sscanf(s, "%d,%d%n", &x, &y, &used) == 2 && s[used] == 0 && x >= 0 && y >= 0 &&
           x < size && y < size;
}

/* Two or three moves on one line: a Swap2 answer. */
static bool is_move_list(const char *s, int size)
{
    char copy[64], *save = NULL;
    int n = 0;
    if (strlen(s) >= sizeof copy) return false;
    strcpy(copy, s);
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save), n++)
        if (!is_move(tok, size)) return false;
    return n >= 2 && n <= 3;
}

/* A line a manager understands. */
static bool well_formed(const char *s, int size)
{
    static const char *const prefixes[] = {"ERROR ", "UNKNOWN ", "MESSAGE ", "DEBUG ", "FORBID ",
                                           "name=\""};
    if (!strcmp(s, "OK") || !strcmp(s, "SWAP")) return true;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (!strncmp(s, prefixes[i], strlen(prefixes[i]))) return true;
    return is_move(s, size) || is_move_list(s, size);
}

/* Checks the replies written since the last call; true when one refused the line. */
static bool check_replies(FuzzBrain *f)
{
    fflush(f->out);
    bool refused = false;
    char *text = strndup(f->text + f->seen, f->size - f->seen), *save = NULL;
    if (!text) abort();
    f->seen = f->size;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        if (!well_formed(l, f->engine.board.size)) {
            fprintf(stderr, "malformed reply '%s'\n", l);
            abort();
        }
        refused |= !strncmp(l, "ERROR", 5) || !strncmp(l, "UNKNOWN", 7);
    }
    free(text);
    return refused;
}

/* The board agrees with itself: stone count, history and hash. */
static void check_board(const Board *b)
{
    int stones = 0;
    uint64_t hash = 0;
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (b->cell[c] == EMPTY) continue;
        if (!board_cell_valid(b, c)) abort();
        stones++;
        hash ^= board_zobrist(c, b->cell[c]);
    }
    for (int i = 0; i < b->nstones; i++)
        if (b->cell[b->history[i]] == EMPTY) abort();
    Board fresh;
    board_init(&fresh, b->size, b->rule);
    board_set_to_move(&fresh, b->to_move);
    if (stones != b->nstones || (hash ^ fresh.hash) != b->hash) abort();
}

/* INFO evaluator with a choice other than the engine's builds new pattern tables (half a
 * second): such lines are passed over; bad values still reach the protocol. */
static bool builds_evaluator(const FuzzBrain *f, const char *raw, size_t len)
{
    char line[LINE_MAX_BYTES], key[32];
    EvaluatorChoice c;
    parse_sanitize(raw, len, line, sizeof line);
    const char *args = parse_split_word(line, key, sizeof key);
    if (!parse_word_is(key, "INFO") || f->proto.block.kind != BLOCK_NONE) return false;
    const char *value = parse_split_word(args, key, sizeof key); /* as protocol/info.c reads it */
    return parse_word_is(key, "evaluator") && evaluator_choice_parse(value, &c) &&
           c != f->engine.opts.evaluator;
}

bool fuzz_brain_line(FuzzBrain *f, const char *line, size_t len)
{
    if (f->quit || f->jobs >= FUZZ_MAX_JOBS) return false;
    if (builds_evaluator(f, line, len)) return true;
    Board before = f->engine.board;
    ProtoAction a = protocol_handle_line(&f->proto, line, len, clock_ms());
    if (a == PROTO_THINK) {
        hold_search_small(f);
        protocol_run_job(&f->proto);
        f->jobs++;
    }
    f->refused = check_replies(f);
    /* Bad input changes nothing (a search's own ERROR comes after a position was set). */
    if (f->refused && a != PROTO_THINK && memcmp(&before, &f->engine.board, sizeof before)) {
        fprintf(stderr, "a refused line changed the position\n");
        abort();
    }
    check_board(&f->engine.board);
    f->quit = a == PROTO_QUIT;
    return !f->quit && f->jobs < FUZZ_MAX_JOBS;
}

bool fuzz_brain_say(FuzzBrain *f, const char *line)
{
    return fuzz_brain_line(f, line, strlen(line));
}
