/* Robustness: thousands of random and half-valid protocol lines. Whatever arrives, the brain
 * never crashes, every reply is a well-formed protocol line, a rejected command leaves the
 * position exactly as it was, and the board stays internally consistent. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/clock.h"
#include "brain/engine.h"
#include "protocol/protocol.h"

#define LINES 6000

typedef struct Fuzz {
    Engine engine;
    Protocol proto;
    FILE *out;
    char *buf;
    size_t size, seen;
    uint64_t rng;
} Fuzz;

static uint32_t next(Fuzz *f)
{
    f->rng ^= f->rng << 13;
    f->rng ^= f->rng >> 7;
    f->rng ^= f->rng << 17;
    return (uint32_t)(f->rng >> 16);
}

static int pick(Fuzz *f, int lo, int hi) { return lo + (int)(next(f) % (uint32_t)(hi - lo + 1)); }

static void open_fuzz(Fuzz *f)
{
    EngineOptions opts;
    engine_default_options(&opts);
    opts.max_depth = 2; /* the subject is the protocol, not the search */
    engine_init(&f->engine, &opts);
    f->out = open_memstream(&f->buf, &f->size);
    f->seen = 0;
    protocol_init(&f->proto, &f->engine, f->out);
}

static void close_fuzz(Fuzz *f)
{
    protocol_free(&f->proto);
    engine_free(&f->engine);
    fclose(f->out);
    free(f->buf);
}

/* Random bytes without line endings: what a broken pipe or a hostile manager might send. */
static size_t random_bytes(Fuzz *f, char *line, size_t cap)
{
    size_t n = (size_t)pick(f, 0, 300);
    if (n > cap) n = cap;
    for (size_t i = 0; i < n; i++) {
        char c = (char)pick(f, 0, 255);
        line[i] = c == '\n' || c == '\r' ? ' ' : c;
    }
    return n;
}

static const char *const WORDS[] = {
    "START", "start", "RESTART", "BEGIN", "TURN", "turn", "BOARD", "YXBOARD", "SWAP2BOARD",
    "DONE", "TAKEBACK", "PLAY", "INFO", "ABOUT", "YXSHOWFORBID", "YXSTOP", "RECTSTART", "FOO", ""};
static const char *const INFO_KEYS[] = {
    "timeout_turn", "rule", "max_memory", "time_left", "timeout_match", "game_type", "folder",
    "evaluate", "unknown_key"};

static int random_number(Fuzz *f)
{
    static const int special[] = {-1, 0, 1, 2, 3, 4, 5, 8, 9, 12, 14, 15, 19, 20, 21, 22, 23, 100};
    return pick(f, 0, 3) ? special[pick(f, 0, 17)] : (int)next(f) - (1 << 15);
}

/* A line shaped like a command, with arguments that are often wrong. */
static size_t command_line(Fuzz *f, char *line, size_t cap)
{
    const char *word = WORDS[pick(f, 0, 18)];
    int a = random_number(f), b = random_number(f), c = pick(f, -1, 4);
    if (!strcmp(word, "INFO")) {
        const char *key = INFO_KEYS[pick(f, 0, 8)];
        /* Keep turn limits tiny so that the run stays quick. */
        long long v = !strcmp(key, "timeout_turn") ? pick(f, -2, 3)
                    : !strcmp(key, "max_memory") ? (long long)pick(f, -1, 4) * 40000000LL
                    : a;
        return (size_t)snprintf(line, cap, "INFO %s %lld", key, v);
    }
    switch (pick(f, 0, 8)) {
    case 6: return (size_t)snprintf(line, cap, "START %d", pick(f, 0, 1) ? 15 : pick(f, 5, 22));
    case 7: return (size_t)snprintf(line, cap, "BEGIN");
    case 8: return (size_t)snprintf(line, cap, "TURN %d,%d", pick(f, 0, 21), pick(f, 0, 21));
    case 0: return (size_t)snprintf(line, cap, "%s", word);
    case 1: return (size_t)snprintf(line, cap, "%s %d", word, a);
    case 2: return (size_t)snprintf(line, cap, "%s %d,%d", word, a, b);
    case 3: return (size_t)snprintf(line, cap, "%d,%d,%d", a, b, c); /* a BOARD data line */
    case 4: return (size_t)snprintf(line, cap, "%d,%d", pick(f, 0, 21), pick(f, 0, 21));
    default: return (size_t)snprintf(line, cap, " %s  %d , %d x", word, a, b);
    }
}

static int is_move(const char *s, int size)
{
    int x, y, used;
    return sscanf(s, "%d,%d%n", &x, &y, &used) == 2 && s[used] == 0 && x >= 0 && y >= 0 &&
           x < size && y < size;
}

/* Every reply line is one a manager understands. */
static int well_formed(const char *s, int size)
{
    static const char *const prefixes[] = {"ERROR ", "UNKNOWN ", "MESSAGE ", "DEBUG ", "FORBID "};
    if (!strcmp(s, "OK") || !strcmp(s, "SWAP") || !strncmp(s, "name=\"Gamok\"", 12)) return 1;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (!strncmp(s, prefixes[i], strlen(prefixes[i]))) return 1;
    if (is_move(s, size)) return 1;
    /* Swap2 answers: two or three moves on one line. */
    char copy[64], *tok, *save;
    snprintf(copy, sizeof copy, "%s", s);
    int n = 0;
    for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save), n++)
        if (!is_move(tok, size)) return 0;
    return n >= 2 && n <= 3;
}

static void check_board(const Board *b)
{
    int stones = 0;
    uint64_t hash = 0;
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (b->cell[c] == EMPTY) continue;
        assert_true(board_cell_valid(b, c));
        stones++;
        hash ^= board_zobrist(c, b->cell[c]);
    }
    assert_int_equal(stones, b->nstones);
    for (int i = 0; i < b->nstones; i++)
        assert_int_not_equal(b->cell[b->history[i]], EMPTY);
    Board fresh;
    board_init(&fresh, b->size, b->rule);
    board_set_to_move(&fresh, b->to_move);
    assert_true((hash ^ fresh.hash) == b->hash);
}

/* Checks the replies to one line; returns true when the line was refused. Counts moves. */
static int check_replies(Fuzz *f, int size, int *moves)
{
    fflush(f->out);
    int refused = 0;
    char *text = strndup(f->buf + f->seen, f->size - f->seen), *save;
    f->seen = f->size;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        if (!well_formed(l, size)) fail_msg("malformed reply '%s'", l);
        if (!strncmp(l, "ERROR", 5) || !strncmp(l, "UNKNOWN", 7)) refused = 1;
        *moves += is_move(l, size);
    }
    free(text);
    return refused;
}

static void random_session(void **state)
{
    (void)state;
    Fuzz f = {.rng = 0x9E3779B97F4A7C15ull};
    open_fuzz(&f);
    char line[512];
    int moves = 0, refusals = 0;
    for (int i = 0; i < LINES; i++) {
        size_t len = pick(&f, 0, 2) ? command_line(&f, line, sizeof line) : random_bytes(&f, line, sizeof line);
        if (len >= sizeof line) len = sizeof line - 1;
        Board before = f.engine.board;
        ProtoAction a = protocol_handle_line(&f.proto, line, len, clock_ms());
        if (a == PROTO_THINK) protocol_run_job(&f.proto);
        int refused = check_replies(&f, f.engine.board.size, &moves);
        refusals += refused;
        if (refused && f.proto.block.kind == BLOCK_NONE)
            assert_memory_equal(&before, &f.engine.board, sizeof before);
        check_board(&f.engine.board);
        if (a == PROTO_QUIT) { close_fuzz(&f); open_fuzz(&f); }
    }
    close_fuzz(&f);
    /* The generator must reach both sides of the protocol, or the run proves little. */
    print_message("%d moves played, %d lines refused\n", moves, refusals);
    assert_true(moves > 100);
    assert_true(refusals > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(random_session)};
    return cmocka_run_group_tests_name("fuzz", tests, NULL, NULL);
}
