/* The Yixin-board extensions through the protocol core (synchronous mode): YXSHOWINFO,
 * YXHASHCLEAR, YXBLOCK/YXBLOCKRESET, YXNBEST, the Yixin INFO keys, and the live search info that
 * INFO show_detail turns on. Bad input answers ERROR and changes nothing. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/engine.h"
#include "brain/rules.h"
#include "protocol/protocol.h"
#include "protocol/version.h"
#include "tests/support/positions.h"
#include "tests/support/protocol_fixture.h"

typedef ProtoFixture Fixture;

static int setup(void **state)
{
    *state = pf_open(3); /* a few iterations, quickly */
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    pf_close(*state);
    return 0;
}

static void start(Fixture *f)
{
    pf_expect_reply(f, "START 15", "OK\n");
    pf_expect_reply(f, "INFO timeout_turn 1000", ""); /* max_depth ends the thinking first */
}

/* The last line of a reply, which must be a move "x,y". */
static void last_move(const char *reply, int *x, int *y)
{
    size_t len = strlen(reply);
    assert_true(len >= 4 && reply[len - 1] == '\n');
    const char *line = reply + len - 1;
    while (line > reply && line[-1] != '\n')
        line--;
    char end;
    if (sscanf(line, "%d,%d%c", x, y, &end) != 3 || end != '\n')
        fail_msg("no move at the end of '%s'", reply);
}

/* ---- simple commands ----------------------------------------------------------------------- */

static void test_showinfo(void **state)
{
    Fixture *f = *state;
    char info[128];
    snprintf(info, sizeof info, "MESSAGE Gamok %s\nMESSAGE INFO MAX_THREAD_NUM 1\n"
             "MESSAGE INFO MAX_HASH_SIZE 20\n", gamok_version());
    pf_expect_reply(f, "YXSHOWINFO", info);
    pf_expect_reply(f, "yxshowinfo extra", info); /* case and arguments do not matter */
}

static void test_hashclear(void **state)
{
    Fixture *f = *state;
    start(f);
    int x, y;
    last_move(pf_send(f, "TURN 7,7"), &x, &y);
    pf_expect_reply(f, "YXHASHCLEAR", "");
    f->proto.messages = true;
    pf_expect_reply(f, "YXHASHCLEAR", "MESSAGE transposition table cleared\n");
    f->proto.messages = false;
    last_move(pf_send(f, "TURN 9,9"), &x, &y); /* still thinks after a clear */
    assert_int_not_equal(board_at(&f->engine.board, x, y), EMPTY);
}

/* ---- INFO keys ----------------------------------------------------------------------------- */

static void test_info_keys(void **state)
{
    Fixture *f = *state;
    Engine *e = &f->engine;
    pf_expect_reply(f, "INFO max_depth 7", "");
    assert_int_equal(e->opts.max_depth, 7);
    pf_expect_reply(f, "INFO max_depth 100", ""); /* Yixin-board's "no limit" */
    assert_int_equal(e->opts.max_depth, ENGINE_MAX_DEPTH_LIMIT);
    pf_expect_reply(f, "INFO max_depth 0", "");
    assert_int_equal(e->opts.max_depth, 20);
    pf_expect_reply(f, "INFO max_node 5000", "");
    assert_int_equal(e->max_nodes, 5000);
    pf_expect_reply(f, "INFO max_node -1", "");
    assert_int_equal(e->max_nodes, 0);
    pf_expect_reply(f, "INFO hash_size 4096", "");
    assert_int_equal(e->hash_kb, 4096);
    pf_expect_reply(f, "INFO thread_num 4", "");
    assert_int_equal(e->threads, 4);
    pf_expect_reply(f, "INFO show_detail 2", "");
    assert_int_equal(f->proto.show_detail, 2);
    assert_false(f->proto.pondering);
    pf_expect_reply(f, "INFO pondering 1", "");
    assert_true(f->proto.pondering);
    pf_expect_reply(f, "INFO PONDERING 0", "");
    assert_false(f->proto.pondering);
}

static void test_info_bad_values(void **state)
{
    Fixture *f = *state;
    Engine *e = &f->engine;
    pf_expect_reply(f, "INFO max_depth 7", "");
    pf_expect_reply(f, "INFO max_node 5000", "");
    pf_expect_reply(f, "INFO hash_size 4096", "");
    pf_expect_reply(f, "INFO show_detail 1", "");
    static const char *const bad[] = {
        "INFO max_depth -1", "INFO max_depth deep", "INFO max_node lots", "INFO hash_size -5",
        "INFO hash_size 1.5", "INFO thread_num 0", "INFO thread_num -2", "INFO show_detail 4",
        "INFO show_detail -1", "INFO show_detail yes", "INFO pondering 2", "INFO pondering",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        pf_expect_error(f, bad[i]);
    assert_int_equal(e->opts.max_depth, 7);
    assert_int_equal(e->max_nodes, 5000);
    assert_int_equal(e->hash_kb, 4096);
    assert_int_equal(e->threads, 1);
    assert_int_equal(f->proto.show_detail, 1);
    assert_false(f->proto.pondering);
}

/* A hash_size change remakes the tables: thinking goes on, with the new size. */
static void test_hash_size_thinks(void **state)
{
    Fixture *f = *state;
    start(f);
    int x, y;
    last_move(pf_send(f, "TURN 7,7"), &x, &y);
    pf_expect_reply(f, "INFO hash_size 1", ""); /* below the smallest table: the smallest */
    last_move(pf_send(f, "TURN 9,9"), &x, &y);
    assert_non_null(f->engine.search);
    pf_expect_reply(f, "INFO hash_size 0", "");
    last_move(pf_send(f, "TURN 5,5"), &x, &y);
    assert_non_null(f->engine.search);
}

/* ---- YXBLOCK ------------------------------------------------------------------------------- */

static void send_block(Fixture *f, const int *cells, int n)
{
    pf_expect_reply(f, "YXBLOCK", "");
    for (int i = 0; i < n; i++) {
        char line[32];
        snprintf(line, sizeof line, "%d,%d", cell_x(cells[i]), cell_y(cells[i]));
        pf_expect_reply(f, line, "");
    }
    pf_expect_reply(f, "DONE", "");
}

static void test_block_positions(void **state)
{
    Fixture *f = *state;
    TestPosition *tps = NULL;
    int n = tp_load("tests/positions/yixin-block.txt", &tps);
    assert_true(n >= 4);
    for (int i = 0; i < n; i++) {
        const TestPosition *tp = &tps[i];
        start(f);
        char rule[32];
        snprintf(rule, sizeof rule, "INFO rule %d", tp->rule);
        pf_expect_reply(f, rule, "");
        pf_expect_reply(f, "YXBLOCKRESET", "");
        send_block(f, tp->avoid, tp->navoid);
        pf_send_yxboard(f, &tp->board);
        Board before = f->engine.board;
        int x, y;
        last_move(pf_send(f, "YXNBEST 1"), &x, &y);
        int cell = cell_index(x, y);
        if (!board_on(&before, x, y) || board_at(&before, x, y) != EMPTY
            || !rule_is_legal(&before, cell) || tp_in(tp->avoid, tp->navoid, cell))
            fail_msg("%s: answered %d,%d (blocked, taken or illegal)", tp->name, x, y);
        if (tp->nexpect > 0 && !tp_in(tp->expect, tp->nexpect, cell))
            fail_msg("%s: answered %d,%d", tp->name, x, y);
        for (int k = 0; k < tp->navoid; k++)
            assert_true(engine_is_blocked(&f->engine, cell_x(tp->avoid[k]), cell_y(tp->avoid[k])));
    }
    free(tps);
}

/* A whole game against a scripted opponent: no answer ever lands on a blocked cell, the centre
 * (the usual first move) included; the opponent may play there. */
static void test_block_many_thinks(void **state)
{
    Fixture *f = *state;
    start(f);
    int blocked[32], nb = 0;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            if (abs(dx) + abs(dy) <= 2)
                blocked[nb++] = cell_index(7 + dx, 7 + dy);
    send_block(f, blocked, nb);
    const char *reply = pf_send(f, "BEGIN");
    int x0, y0;
    last_move(reply, &x0, &y0);
    assert_int_equal(abs(x0 - 7) + abs(y0 - 7), 3); /* the nearest free cell to the centre */
    for (int turn = 0; turn < 25; turn++) {
        int x, y;
        last_move(reply, &x, &y);
        if (tp_in(blocked, nb, cell_index(x, y)))
            fail_msg("turn %d: played the blocked cell %d,%d", turn, x, y);
        /* The opponent: the first empty cell in row order from a far corner. */
        int ox = -1, oy = -1;
        for (int c = 0; c < 15 * 15 && ox < 0; c++)
            if (board_at(&f->engine.board, c % 15, 14 - c / 15) == EMPTY)
                ox = c % 15, oy = 14 - c / 15;
        char line[32];
        snprintf(line, sizeof line, "TURN %d,%d", ox, oy);
        reply = pf_send(f, line);
        if (strncmp(reply, "ERROR", 5) == 0)
            fail_msg("turn %d: '%s'", turn, reply);
    }
    /* YXBLOCKRESET frees the cells: with the centre free again, BEGIN takes it. */
    pf_expect_reply(f, "YXBLOCKRESET", "");
    assert_false(engine_is_blocked(&f->engine, 7, 7));
    start(f);
    pf_expect_reply(f, "BEGIN", "7,7\n");
}

static void test_block_bad_input(void **state)
{
    Fixture *f = *state;
    pf_expect_reply(f, "YXBLOCK", "");
    pf_expect_reply(f, "3,3", "");
    pf_expect_error(f, "DONE"); /* no game yet */
    start(f);
    int cells[] = {cell_index(3, 3)};
    send_block(f, cells, 1);
    static const char *const bad[] = {"15,3", "-1,0", "3", "a,b", "3,3,1,1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pf_expect_reply(f, "YXBLOCK", "");
        pf_expect_reply(f, "4,4", "");
        pf_expect_reply(f, bad[i], "");
        pf_expect_error(f, "DONE");
        assert_false(engine_is_blocked(&f->engine, 4, 4)); /* all or nothing */
        assert_true(engine_is_blocked(&f->engine, 3, 3));
        assert_int_equal(f->engine.nblocked, 1);
    }
    /* A third number (Rapfi's reader takes x,y,color) and repeats are fine. */
    pf_expect_reply(f, "YXBLOCK", "");
    pf_expect_reply(f, "5,5,1", "");
    pf_expect_reply(f, "3,3", "");
    pf_expect_reply(f, "DONE", "");
    assert_true(engine_is_blocked(&f->engine, 5, 5));
    assert_int_equal(f->engine.nblocked, 2);
}

/* ---- YXNBEST ------------------------------------------------------------------------------- */

/* Parses the "MESSAGE (k) score | depth | x,y" lines; returns how many. */
static int nbest_lines(const char *reply, int (*xy)[2], int max)
{
    int n = 0;
    for (const char *line = reply; *line; line = strchr(line, '\n') + 1) {
        int k, score, depth, x, y;
        if (sscanf(line, "MESSAGE (%d) %d | %d | %d,%d", &k, &score, &depth, &x, &y) == 5) {
            assert_int_equal(k, n + 1);
            assert_true(n < max);
            xy[n][0] = x;
            xy[n][1] = y;
            n++;
        }
    }
    return n;
}

static void test_nbest(void **state)
{
    Fixture *f = *state;
    start(f);
    pf_expect_reply(f, "YXBOARD", "");
    static const char *const stones[] = {"7,7,2", "8,8,1", "6,8,2", "8,6,1", "9,9,2"};
    for (size_t i = 0; i < sizeof stones / sizeof stones[0]; i++)
        pf_expect_reply(f, stones[i], "");
    pf_expect_reply(f, "DONE", "");
    int blocked[] = {cell_index(10, 10), cell_index(6, 6)};
    send_block(f, blocked, 2);
    Board before = f->engine.board;
    const char *reply = pf_send(f, "YXNBEST 6");
    int xy[64][2], x, y;
    int n = nbest_lines(reply, xy, 64);
    assert_int_equal(n, 6);
    for (int i = 0; i < n; i++) {
        int cell = cell_index(xy[i][0], xy[i][1]);
        assert_true(board_on(&before, xy[i][0], xy[i][1]));
        assert_int_equal(board_at(&before, xy[i][0], xy[i][1]), EMPTY);
        assert_false(tp_in(blocked, 2, cell));
        for (int j = 0; j < i; j++)
            assert_false(xy[j][0] == xy[i][0] && xy[j][1] == xy[i][1]);
    }
    last_move(reply, &x, &y);
    assert_int_equal(x, xy[0][0]); /* the answer is the best of them, played as after TURN */
    assert_int_equal(y, xy[0][1]);
    assert_int_equal(board_at(&f->engine.board, x, y), before.to_move);
}

static void test_nbest_bad_input(void **state)
{
    Fixture *f = *state;
    pf_expect_error(f, "YXNBEST 2"); /* no game yet */
    start(f);
    int x, y;
    last_move(pf_send(f, "TURN 7,7"), &x, &y);
    Board before = f->engine.board;
    static const char *const bad[] = {"YXNBEST", "YXNBEST 0", "YXNBEST -3", "YXNBEST two",
                                      "YXNBEST 2,3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        pf_expect_error(f, bad[i]);
    assert_int_equal(before.nstones, f->engine.board.nstones);
}

/* ---- live info ----------------------------------------------------------------------------- */

typedef struct DetailCount {
    int realtime, refresh, best, iterations, last_depth;
    bool depth_rises;
    int open_pos; /* the root move of the last POS not yet DONE; -1: none */
} DetailCount;

/* POS and DONE come in pairs for the same root move: POS a, DONE a, POS b, ... (interior moves
 * are never reported). */
static void pair_pos_done(DetailCount *c, const char *word, int x, int y)
{
    int cell = cell_index(x, y);
    if (strcmp(word, "POS") == 0) {
        assert_int_equal(c->open_pos, -1);
        c->open_pos = cell;
    } else if (strcmp(word, "DONE") == 0) {
        assert_int_equal(c->open_pos, cell);
        c->open_pos = -1;
    }
}

/* Checks that every line but the last is a well-formed MESSAGE of the live-info kinds (or the
 * summary) and counts them. */
static DetailCount check_detail(const char *reply)
{
    DetailCount c = {0, 0, 0, 0, 0, true, -1};
    const char *last = reply + strlen(reply) - 1;
    while (last > reply && last[-1] != '\n')
        last--;
    for (const char *line = reply; line < last; line = strchr(line, '\n') + 1) {
        char word[16], end;
        int x, y, d, score;
        unsigned long long nodes, ms, nps;
        if (strncmp(line, "MESSAGE REALTIME REFRESH\n", 25) == 0) {
            c.refresh++;
        } else if (sscanf(line, "MESSAGE REALTIME %15s %d,%d%c", word, &x, &y, &end) == 4) {
            assert_true(end == '\n');
            assert_true(strcmp(word, "POS") == 0 || strcmp(word, "DONE") == 0
                        || strcmp(word, "BEST") == 0 || strcmp(word, "LOST") == 0);
            assert_true(x >= 0 && x < 15 && y >= 0 && y < 15);
            pair_pos_done(&c, word, x, y);
            c.realtime++;
            c.best += strcmp(word, "BEST") == 0;
        } else if (sscanf(line, "MESSAGE depth %d eval %d nodes %llu time %llu nps %llu pv %d,%d",
                          &d, &score, &nodes, &ms, &nps, &x, &y) == 7) {
            c.iterations++;
            c.depth_rises = c.depth_rises && d > c.last_depth;
            c.last_depth = d;
        } else {
            fail_msg("unexpected line before the move: '%.*s'", (int)(strchr(line, '\n') - line),
                     line);
        }
    }
    return c;
}

static DetailCount think_with_detail(Fixture *f, const char *detail)
{
    pf_expect_reply(f, detail, "");
    start(f);
    int x, y;
    const char *reply = pf_send(f, "TURN 7,7");
    last_move(reply, &x, &y);
    return check_detail(reply);
}

static void test_show_detail(void **state)
{
    Fixture *f = *state;
    DetailCount both = think_with_detail(f, "INFO show_detail 3");
    assert_true(both.iterations >= 2); /* depth 1..3 */
    assert_true(both.depth_rises);
    assert_int_equal(both.last_depth, 3);
    assert_int_equal(both.refresh, both.iterations); /* one REFRESH + BEST per iteration */
    assert_true(both.realtime > both.best);          /* POS and DONE lines too */

    DetailCount rt = think_with_detail(f, "INFO show_detail 1");
    assert_int_equal(rt.iterations, 0);
    assert_true(rt.refresh >= 2 && rt.realtime > 0);

    DetailCount it = think_with_detail(f, "INFO show_detail 2");
    assert_true(it.iterations >= 2);
    assert_int_equal(it.realtime + it.refresh, 0);

    /* Off: only the move (the summary MESSAGE is off in this fixture). */
    pf_expect_reply(f, "INFO show_detail 0", "");
    start(f);
    int x, y;
    const char *reply = pf_send(f, "TURN 7,7");
    last_move(reply, &x, &y);
    assert_ptr_equal(strchr(reply, '\n'), reply + strlen(reply) - 1);
    /* With the summary on: exactly one MESSAGE line before the move. */
    f->proto.messages = true;
    reply = pf_send(f, "TURN 3,3");
    assert_int_equal(strncmp(reply, "MESSAGE depth ", 14), 0);
    assert_null(strstr(reply, "REALTIME"));
    const char *second = strchr(reply, '\n') + 1;
    last_move(second, &x, &y);
    assert_ptr_equal(strchr(second, '\n'), second + strlen(second) - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_showinfo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hashclear, setup, teardown),
        cmocka_unit_test_setup_teardown(test_info_keys, setup, teardown),
        cmocka_unit_test_setup_teardown(test_info_bad_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hash_size_thinks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_block_positions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_block_many_thinks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_block_bad_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nbest, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nbest_bad_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_show_detail, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
