/* The protocol core in-process, in synchronous mode: every command's exact reply, every bad
 * input (and that it changes nothing), the line reader, and command-line options. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brain/clock.h"
#include "brain/engine.h"
#include "protocol/lineio.h"
#include "protocol/options.h"
#include "protocol/protocol.h"
#include "protocol/version.h"
#include "tests/support/positions.h"
#include "tests/support/protocol_fixture.h"

/* The ABOUT reply as the library builds it (its content: about_names_the_build). */
static const char *about_line(void)
{
    static char line[256];
    snprintf(line, sizeof line, "%s\n", gamok_about());
    return line;
}
#define ABOUT_LINE about_line()

typedef ProtoFixture Fixture;

static int setup(void **state)
{
    *state = pf_open(2); /* quick thinking: these tests are about the protocol */
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    pf_close(*state);
    return 0;
}

/* What the protocol wrote since the last call. */
static const char *said(Fixture *f)
{
    int cut;
    return pf_said(f, &cut);
}

/* Feeds raw bytes (NULs included) through the length-aware entry point. */
static const char *send_bytes(Fixture *f, const char *bytes, size_t len)
{
    ProtoAction a = protocol_handle_line(&f->proto, bytes, len, clock_ms());
    if (a == PROTO_THINK)
        protocol_run_job(&f->proto);
    else
        assert_int_equal(a, PROTO_CONTINUE);
    return said(f);
}

/* Parses a move reply "x,y\n" and checks that it names an empty cell of the board (before the
 * engine played it, so the cell must now hold a stone). */
static void parse_move(const char *reply, int *x, int *y)
{
    char end;
    if (sscanf(reply, "%d,%d%c", x, y, &end) != 3 || end != '\n' || strchr(reply, '\n')[1])
        fail_msg("not a move line: '%s'", reply);
}

static void expect_move(Fixture *f, const char *line, int *x, int *y)
{
    Board before = f->engine.board;
    parse_move(pf_send(f, line), x, y);
    assert_true(board_on(&f->engine.board, *x, *y));
    if (strncmp(line, "TURN", 4) == 0 || strncmp(line, "BEGIN", 5) == 0)
        assert_int_equal(board_at(&before, *x, *y), EMPTY);
    assert_int_not_equal(board_at(&f->engine.board, *x, *y), EMPTY);
}

static bool same_board(const Board *a, const Board *b)
{
    return a->size == b->size && a->nstones == b->nstones && a->to_move == b->to_move &&
           memcmp(a->cell, b->cell, sizeof a->cell) == 0;
}

/* The line is rejected with one ERROR and the position stays exactly as it was. */
static void expect_rejected(Fixture *f, const char *line)
{
    Board before = f->engine.board;
    pf_expect_error(f, line);
    if (!same_board(&before, &f->engine.board))
        fail_msg("'%s' was rejected but changed the position", line);
}

static void start(Fixture *f, int size)
{
    char line[32];
    snprintf(line, sizeof line, "START %d", size);
    pf_expect_reply(f, line, "OK\n");
    pf_expect_reply(f, "INFO timeout_turn 300", "");
}

/* ---- ABOUT, START, RECTSTART, RESTART, END ----------------------------------------------- */

static void test_about_is_one_exact_line(void **state)
{
    Fixture *f = *state;
    pf_expect_reply(f, "ABOUT", ABOUT_LINE);
    pf_expect_reply(f, "about", ABOUT_LINE);
}

/* ABOUT names the build: the release and the commit `make test` was run on (GAMOK_COMMIT, as the
 * Makefile saw it), and the web page and address it was given, so that a stale version object
 * would show here. */
static void test_about_names_the_build(void **state)
{
    Fixture *f = *state;
    const char *commit = getenv("GAMOK_COMMIT");
    char version[64], want[512];
    if (commit && *commit)
        snprintf(version, sizeof version, "%s-%s", GAMOK_RELEASE, commit);
    else
        snprintf(version, sizeof version, "%s", GAMOK_RELEASE);
    const char *www = getenv("GAMOK_WWW"), *email = getenv("GAMOK_EMAIL");
    char contact[160] = "";
    if (www && *www)
        snprintf(contact, sizeof contact, ", www=\"%s\"", www);
    if (email && *email)
        snprintf(contact + strlen(contact), sizeof contact - strlen(contact), ", email=\"%s\"",
                 email);
    snprintf(want, sizeof want,
             "name=\"Gamok\", version=\"%s\", author=\"Gamok team\", country=\"CZ\"%s\n",
             version, contact);
    pf_expect_reply(f, "ABOUT", want);
    assert_string_equal(gamok_version(), version);
}

static void test_start_accepts_5_to_22(void **state)
{
    Fixture *f = *state;
    for (int n = BOARD_MIN; n <= BOARD_MAX; n++) {
        char line[32];
        snprintf(line, sizeof line, "START %d", n);
        pf_expect_reply(f, line, "OK\n");
        assert_int_equal(f->engine.board.size, n);
    }
    pf_expect_reply(f, "start  15 ", "OK\n");
}

static void test_start_rejects_bad_sizes(void **state)
{
    Fixture *f = *state;
    const char *bad[] = {"START 4", "START 23", "START 0", "START -15", "START", "START abc",
                         "START 15,15", "START 99999999999999999999", "START 1.5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        pf_expect_error(f, bad[i]);
    assert_false(f->engine.started);
    pf_expect_reply(f, "START 15", "OK\n");
    expect_rejected(f, "START 30"); /* a failed START keeps the game going */
    assert_true(f->engine.started);
    assert_int_equal(f->engine.board.size, 15);
}

static void test_rectstart(void **state)
{
    Fixture *f = *state;
    pf_expect_reply(f, "RECTSTART 20,15", "ERROR rectangular boards are not supported\n");
    pf_expect_reply(f, "RECTSTART 15,20", "ERROR rectangular boards are not supported\n");
    assert_false(f->engine.started);
    pf_expect_reply(f, "RECTSTART 20,20", "OK\n");
    assert_int_equal(f->engine.board.size, 20);
    pf_expect_reply(f, "rectstart 15, 15", "OK\n");
    assert_int_equal(f->engine.board.size, 15);
    pf_expect_error(f, "RECTSTART 30,30");
    pf_expect_error(f, "RECTSTART 15");
    pf_expect_error(f, "RECTSTART a,b");
    assert_int_equal(f->engine.board.size, 15);
}

static void test_restart_and_start_again(void **state)
{
    Fixture *f = *state;
    int x, y;
    start(f, 15);
    expect_move(f, "TURN 7,7", &x, &y);
    pf_expect_reply(f, "RESTART", "OK\n");
    assert_int_equal(f->engine.board.nstones, 0);
    assert_int_equal(f->engine.board.size, 15);
    expect_move(f, "TURN 7,7", &x, &y); /* the cell is free again */
    pf_expect_reply(f, "START 20", "OK\n");
    assert_int_equal(f->engine.board.nstones, 0);
    assert_int_equal(f->engine.board.size, 20);
    expect_move(f, "BEGIN", &x, &y);
}

static void test_end_quits_silently(void **state)
{
    Fixture *f = *state;
    assert_int_equal(protocol_feed(&f->proto, "END"), PROTO_QUIT);
    assert_string_equal(said(f), "");
    assert_int_equal(protocol_feed(&f->proto, " end "), PROTO_QUIT);
    /* Even in the middle of a BOARD block. */
    start(f, 15);
    pf_expect_reply(f, "BOARD", "");
    pf_expect_reply(f, "7,7,1", "");
    assert_int_equal(protocol_feed(&f->proto, "END"), PROTO_QUIT);
    assert_string_equal(said(f), "");
}

/* ---- before START ------------------------------------------------------------------------- */

static void test_commands_before_start_fail(void **state)
{
    Fixture *f = *state;
    const char *cmds[] = {"BEGIN", "TURN 7,7", "RESTART", "TAKEBACK 7,7", "PLAY 7,7",
                          "YXSHOWFORBID"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        pf_expect_error(f, cmds[i]);
    /* A block is read to its end and answered once. */
    const char *blocks[] = {"BOARD", "YXBOARD", "SWAP2BOARD"};
    for (size_t i = 0; i < 3; i++) {
        pf_expect_reply(f, blocks[i], "");
        pf_expect_reply(f, "7,7,1", "");
        pf_expect_error(f, "DONE");
    }
    /* Settings and queries still work. */
    pf_expect_reply(f, "INFO timeout_turn 1000", "");
    assert_int_equal(f->engine.time.timeout_turn_ms, 1000);
    pf_expect_reply(f, "ABOUT", ABOUT_LINE);
}

/* ---- moves ------------------------------------------------------------------------------------ */

static void test_begin_and_turn_play_valid_moves(void **state)
{
    Fixture *f = *state;
    int x, y, x2, y2;
    start(f, 15);
    expect_move(f, "BEGIN", &x, &y);
    assert_int_equal(board_at(&f->engine.board, x, y), BLACK);
    char line[32];
    snprintf(line, sizeof line, "TURN %d,%d", x, y);
    expect_rejected(f, line); /* our own stone is there */
    int ox = x == 0 ? 1 : 0;
    snprintf(line, sizeof line, "TURN %d,0", ox);
    expect_move(f, line, &x2, &y2);
    assert_int_equal(board_at(&f->engine.board, ox, 0), WHITE);
    assert_int_equal(board_at(&f->engine.board, x2, y2), BLACK);
    assert_int_equal(f->engine.board.nstones, 3);
}

static void test_turn_rejects_bad_input_and_changes_nothing(void **state)
{
    Fixture *f = *state;
    int x, y;
    start(f, 15);
    expect_move(f, "TURN 7,7", &x, &y);
    const char *bad[] = {
        "TURN 3",        "TURN a,b",          "TURN 3,4,5",     "TURN 99999999999,1",
        "TURN 1,99999999999", "TURN -1,0",    "TURN 15,0",      "TURN 0,15",
        "TURN",          "TURN 3;4",          "TURN 3,,4",      "TURN ,3",
        "TURN 3,",       "TURN 7,7",          "TURN 3 4",       "TURN 0x3,4",
        "TURN +-3,4",    "TURN 2147483648,0", "TURN -2147483649,0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_rejected(f, bad[i]);
    char line[32];
    snprintf(line, sizeof line, "TURN %d,%d", x, y); /* our reply's cell is taken */
    expect_rejected(f, line);
    /* 3,4 of "TURN 3,4,5" was not played: it is still free. */
    expect_move(f, "TURN 3,4", &x, &y);
}

static void test_arguments_tolerate_spaces(void **state)
{
    Fixture *f = *state;
    int x, y;
    start(f, 15);
    expect_move(f, "TURN 3, 4", &x, &y);
    assert_int_equal(board_at(&f->engine.board, 3, 4), BLACK); /* the opponent opened */
    expect_move(f, "  turn\t 5 ,  6  ", &x, &y);
    assert_int_not_equal(board_at(&f->engine.board, 5, 6), EMPTY);
    expect_move(f, "TURN +9,10", &x, &y);
    assert_int_not_equal(board_at(&f->engine.board, 9, 10), EMPTY);
}

static void test_takeback(void **state)
{
    Fixture *f = *state;
    int x, y;
    char line[32];
    start(f, 15);
    expect_move(f, "TURN 7,7", &x, &y);
    snprintf(line, sizeof line, "TAKEBACK %d,%d", x, y);
    pf_expect_reply(f, line, "OK\n");
    pf_expect_reply(f, "takeback 7, 7", "OK\n");
    assert_int_equal(f->engine.board.nstones, 0);
    expect_rejected(f, "TAKEBACK 7,7"); /* empty now */
    expect_rejected(f, "TAKEBACK 20,20");
    expect_rejected(f, "TAKEBACK x");
    expect_move(f, "TURN 7,7", &x, &y); /* the game goes on */
}

static void test_play_confirms_our_move(void **state)
{
    Fixture *f = *state;
    start(f, 15);
    pf_expect_reply(f, "PLAY 7,7", "7,7\n");
    assert_int_equal(board_at(&f->engine.board, 7, 7), BLACK);
    pf_expect_reply(f, "play 8, 8", "8,8\n");
    assert_int_equal(board_at(&f->engine.board, 8, 8), WHITE);
    expect_rejected(f, "PLAY 7,7");
    expect_rejected(f, "PLAY 15,15");
    expect_rejected(f, "PLAY 1");
}

static void test_message_line_comes_before_the_move(void **state)
{
    Fixture *f = *state;
    start(f, 15);
    f->proto.messages = true;
    const char *got = pf_send(f, "TURN 7,7");
    assert_true(strncmp(got, "MESSAGE ", 8) == 0);
    const char *second = strchr(got, '\n') + 1;
    int x, y;
    parse_move(second, &x, &y); /* the move is the last line */
    /* The MESSAGE line holds nothing a manager could take for a move. */
    assert_null(memchr(got, ',', (size_t)(second - got)));
}

/* ---- the evaluator ----------------------------------------------------------------------------- */

/* "MESSAGE evaluator <name>: <why>\n" for the engine's current evaluator, and nothing else. */
static void expect_evaluator_message(Fixture *f, const char *got)
{
    char want[512];
    snprintf(want, sizeof want, "MESSAGE evaluator %s: %s\n", engine_evaluator_name(&f->engine),
             engine_evaluator_note(&f->engine));
    assert_string_equal(got, want);
}

/* The evaluator is named after OK, never before: a manager waits for a line equal to OK. */
static void test_start_tells_the_evaluator_after_ok(void **state)
{
    Fixture *f = *state;
    f->proto.messages = true;
    const char *got = pf_send(f, "START 15");
    assert_true(strncmp(got, "OK\n", 3) == 0);
    expect_evaluator_message(f, got + 3);
    got = pf_send(f, "RECTSTART 20,20");
    assert_true(strncmp(got, "OK\n", 3) == 0);
    expect_evaluator_message(f, got + 3);
}

static void test_info_evaluator(void **state)
{
    Fixture *f = *state;
    start(f, 15);
    pf_expect_reply(f, "INFO evaluator cpu", ""); /* MESSAGE lines are off in this fixture */
    assert_string_equal(engine_evaluator_name(&f->engine), "cpu");
    assert_int_equal(f->engine.opts.evaluator, EVAL_CHOICE_CPU);
    expect_rejected(f, "INFO evaluator gpu");
    expect_rejected(f, "INFO evaluator");
    assert_int_equal(f->engine.opts.evaluator, EVAL_CHOICE_CPU);
    f->proto.messages = true;
    expect_evaluator_message(f, pf_send(f, "INFO evaluator AUTO"));
    assert_int_equal(f->engine.opts.evaluator, EVAL_CHOICE_AUTO);
    pf_expect_reply(f, "INFO evaluator auto", ""); /* no change, nothing to tell */
    expect_evaluator_message(f, pf_send(f, "INFO evaluator cuda"));
    /* Whatever was picked plays. */
    int x, y;
    f->proto.messages = false;
    expect_move(f, "TURN 7,7", &x, &y);
}

/* ---- BOARD / YXBOARD -------------------------------------------------------------------------- */

static void send_block(Fixture *f, const char *head, const char *const *lines, size_t n)
{
    pf_expect_reply(f, head, "");
    for (size_t i = 0; i < n; i++)
        pf_expect_reply(f, lines[i], ""); /* nothing answers before DONE */
}

static void test_board_sets_position_and_moves(void **state)
{
    Fixture *f = *state;
    int x, y;
    start(f, 15);
    /* Not in move order, spaces after commas, a neutral stone. */
    const char *lines[] = {"8,8,2", "7, 7, 1", "0,0,3", "9,9,2", "6,6,1"};
    send_block(f, "BOARD", lines, 5);
    expect_move(f, "DONE", &x, &y);
    const Board *b = &f->engine.board;
    /* Two stones each: own = black, to move; then our move was played. */
    assert_int_equal(board_at(b, 7, 7), BLACK);
    assert_int_equal(board_at(b, 6, 6), BLACK);
    assert_int_equal(board_at(b, 8, 8), WHITE);
    assert_int_equal(board_at(b, 0, 0), BLOCKER);
    assert_int_equal(board_at(b, x, y), BLACK);
    assert_int_equal(b->nstones, 6);
    /* BOARD replaces the old position: an empty BOARD empties it. */
    send_block(f, "board", NULL, 0);
    expect_move(f, "done", &x, &y);
    assert_int_equal(f->engine.board.nstones, 1);
}

/* A block's move is timed from its first line, as the manager times it: the stone lines may
 * trickle in slowly (a loaded machine, Wine's pipes) and that time is the brain's too. */
static void test_block_moves_are_timed_from_their_first_line(void **state)
{
    Fixture *f = *state;
    start(f, 15);
    const char *blocks[2][5] = {{"BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"},
                                {"SWAP2BOARD", "7,7", "8,8", "9,9", "DONE"}};
    for (int i = 0; i < 2; i++) {
        const char *const *lines = blocks[i];
        for (int k = 0; k < 5; k++) {
            ProtoAction a = protocol_handle_line(&f->proto, lines[k], strlen(lines[k]),
                                                 1000 + 300 * k);
            assert_int_equal(a, k < 4 ? PROTO_CONTINUE : PROTO_THINK);
        }
        assert_true(f->proto.job_start_ms == 1000);
        protocol_run_job(&f->proto);
        said(f);
    }
}

static void test_board_own_stones_are_white_when_behind(void **state)
{
    Fixture *f = *state;
    int x, y;
    start(f, 15);
    const char *lines[] = {"7,7,2"};
    send_block(f, "BOARD", lines, 1);
    expect_move(f, "DONE", &x, &y);
    assert_int_equal(board_at(&f->engine.board, 7, 7), BLACK);
    assert_int_equal(board_at(&f->engine.board, x, y), WHITE);
}

/* A bad BOARD answers one ERROR at DONE naming its first bad line; the old position stays. */
static void expect_board_rejected(Fixture *f, const char *const *lines, size_t n,
                                  const char *first_bad)
{
    Board before = f->engine.board;
    send_block(f, "BOARD", lines, n);
    const char *got = pf_send(f, "DONE");
    if (strncmp(got, "ERROR ", 6) != 0 || strchr(got, '\n') != got + strlen(got) - 1 ||
        !strstr(got, first_bad))
        fail_msg("bad BOARD answered '%s', expected one ERROR naming '%s'", got, first_bad);
    assert_true(same_board(&before, &f->engine.board));
}

static void test_board_rejects_bad_lines(void **state)
{
    Fixture *f = *state;
    int x, y;
    start(f, 15);
    expect_move(f, "TURN 7,7", &x, &y);
    const char *dup[] = {"3,3,1", "3,3,2", "4,4,9"};
    expect_board_rejected(f, dup, 3, "line 2");
    const char *field[] = {"3,3,1", "4,4,4"};
    expect_board_rejected(f, field, 2, "line 2");
    const char *zero_field[] = {"3,3,0"};
    expect_board_rejected(f, zero_field, 1, "line 1");
    const char *off[] = {"3,3,1", "15,3,2"};
    expect_board_rejected(f, off, 2, "line 2");
    const char *negative[] = {"-1,3,2"};
    expect_board_rejected(f, negative, 1, "line 1");
    const char *short_line[] = {"3,3"};
    expect_board_rejected(f, short_line, 1, "line 1");
    const char *long_line[] = {"3,3,1", "4,4,1,1"};
    expect_board_rejected(f, long_line, 2, "line 2");
    const char *junk[] = {"3,3,1", "4,4,1", "hello", "5,5,x"};
    expect_board_rejected(f, junk, 4, "line 3");
    const char *overflow[] = {"99999999999,3,1"};
    expect_board_rejected(f, overflow, 1, "line 1");
    /* After all that the old position is intact: 7,7 is still taken, 3,3 still free. */
    expect_rejected(f, "TURN 7,7");
    expect_move(f, "TURN 3,3", &x, &y);
}

static void test_yxboard_sets_position_without_reply(void **state)
{
    Fixture *f = *state;
    int x, y;
    start(f, 15);
    const char *lines[] = {"7,7,1", "8,8,2", "9,9,1"};
    send_block(f, "YXBOARD", lines, 3);
    pf_expect_reply(f, "DONE", "");
    const Board *b = &f->engine.board;
    assert_int_equal(b->nstones, 3);
    /* own = the side to move: one stone behind, so own is white. */
    assert_int_equal(b->to_move, WHITE);
    assert_int_equal(board_at(b, 7, 7), WHITE);
    assert_int_equal(board_at(b, 8, 8), BLACK);
    const char *dup[] = {"1,1,1", "1,1,1"};
    send_block(f, "YXBOARD", dup, 2);
    pf_expect_error(f, "DONE");
    assert_int_equal(f->engine.board.nstones, 3);
    expect_move(f, "BEGIN", &x, &y); /* the brain then plays on from the position */
}

static void test_stray_done_and_yxstop_when_idle(void **state)
{
    Fixture *f = *state;
    start(f, 15);
    pf_expect_error(f, "DONE");
    pf_expect_reply(f, "YXSTOP", "");
}

/* ---- YXSHOWFORBID ------------------------------------------------------------------------------ */

/* Sends a test position as YXBOARD (own = the side to move). */
static void send_position(Fixture *f, const TestPosition *tp)
{
    char line[64];
    snprintf(line, sizeof line, "INFO rule %d", tp->rule);
    pf_expect_reply(f, line, "");
    snprintf(line, sizeof line, "START %d", tp->board.size);
    pf_expect_reply(f, line, "OK\n");
    pf_send_yxboard(f, &tp->board);
}

static void test_yxshowforbid_lists_renju_fouls(void **state)
{
    Fixture *f = *state;
    TestPosition *tps;
    int n = tp_load("tests/positions/protocol-forbid.txt", &tps);
    assert_true(n >= 2);
    for (int i = 0; i < n; i++) {
        char want[256] = "FORBID ";
        for (int k = 0; k < tps[i].nexpect; k++) /* listed in cell order in the file */
            snprintf(want + strlen(want), sizeof want - strlen(want), "%02d%02d",
                     cell_x(tps[i].expect[k]), cell_y(tps[i].expect[k]));
        strcat(want, ".\n");
        send_position(f, &tps[i]);
        const char *got = pf_send(f, "YXSHOWFORBID");
        if (strcmp(got, want) != 0)
            fail_msg("%s: got '%s', expected '%s'", tps[i].name, got, want);
    }
    /* Under freestyle nothing is forbidden. */
    pf_expect_reply(f, "INFO rule 0", "");
    pf_expect_reply(f, "yxshowforbid", "FORBID .\n");
    free(tps);
}

static void test_yxshowforbid_on_empty_board(void **state)
{
    Fixture *f = *state;
    pf_expect_reply(f, "INFO rule 4", "");
    start(f, 15);
    pf_expect_reply(f, "YXSHOWFORBID", "FORBID .\n");
}

/* ---- SWAP2BOARD -------------------------------------------------------------------------------- */

/* Checks a Swap2 answer's shape: SWAP, or 1..3 distinct empty on-board moves in one line. */
static void check_swap2_answer(Fixture *f, const char *got, const int (*given)[2], int ngiven,
                               int min_moves, int max_moves)
{
    if (strcmp(got, "SWAP\n") == 0)
        return;
    int xs[3], ys[3], n = 0;
    const char *s = got;
    for (;;) {
        int used;
        if (n == 3 || sscanf(s, "%d,%d%n", &xs[n], &ys[n], &used) != 2)
            fail_msg("bad SWAP2 answer '%s'", got);
        assert_true(board_on(&f->engine.board, xs[n], ys[n]));
        for (int i = 0; i < ngiven; i++)
            assert_false(xs[n] == given[i][0] && ys[n] == given[i][1]);
        for (int i = 0; i < n; i++)
            assert_false(xs[n] == xs[i] && ys[n] == ys[i]);
        n++;
        s += used;
        if (*s == '\n')
            break;
        if (*s != ' ')
            fail_msg("bad separator in SWAP2 answer '%s'", got);
        s++;
    }
    assert_string_equal(s, "\n");
    if (n < min_moves || n > max_moves)
        fail_msg("SWAP2 answer '%s' has %d moves", got, n);
}

static void test_swap2board_answers(void **state)
{
    Fixture *f = *state;
    pf_expect_reply(f, "INFO rule 1", "");
    start(f, 15);
    Board before = f->engine.board;

    pf_expect_reply(f, "SWAP2BOARD", "");
    const char *got = pf_send(f, "DONE");
    assert_string_not_equal(got, "SWAP\n"); /* nothing to swap yet: three stones */
    check_swap2_answer(f, got, NULL, 0, 3, 3);

    const int three[3][2] = {{7, 7}, {8, 8}, {7, 9}};
    const char *l3[] = {"7,7", "8, 8", "7,9"};
    send_block(f, "SWAP2BOARD", l3, 3);
    check_swap2_answer(f, pf_send(f, "DONE"), three, 3, 1, 2);

    const int five[5][2] = {{7, 7}, {8, 8}, {7, 9}, {6, 6}, {9, 9}};
    const char *l5[] = {"7,7", "8,8", "7,9", "6,6", "9,9"};
    send_block(f, "swap2board", l5, 5);
    check_swap2_answer(f, pf_send(f, "DONE"), five, 5, 1, 1);
    assert_true(same_board(&before, &f->engine.board)); /* the position is left alone */

    const char *two[] = {"7,7", "8,8"};
    send_block(f, "SWAP2BOARD", two, 2);
    pf_expect_error(f, "DONE");
    const char *dup[] = {"7,7", "8,8", "7,7"};
    send_block(f, "SWAP2BOARD", dup, 3);
    pf_expect_error(f, "DONE");
    const char *off[] = {"7,7", "8,8", "15,7"};
    send_block(f, "SWAP2BOARD", off, 3);
    pf_expect_error(f, "DONE");
    const char *six[] = {"1,1", "2,2", "3,3", "4,4", "5,5", "6,6"};
    send_block(f, "SWAP2BOARD", six, 6);
    pf_expect_error(f, "DONE");
}

/* ---- INFO -------------------------------------------------------------------------------------- */

static void test_info_sets_limits(void **state)
{
    Fixture *f = *state;
    const TimeLimits *t = &f->engine.time;
    pf_expect_reply(f, "INFO timeout_turn 1000", "");
    pf_expect_reply(f, "INFO timeout_match 180000", "");
    pf_expect_reply(f, "INFO time_left 2147483647", "");
    assert_int_equal(t->timeout_turn_ms, 1000);
    assert_int_equal(t->timeout_match_ms, 180000);
    assert_int_equal(t->time_left_ms, TIME_UNLIMITED);
    pf_expect_reply(f, "INFO time_left -1500", ""); /* the match clock ran over: still valid */
    assert_int_equal(t->time_left_ms, -1500);
    pf_expect_reply(f, "INFO timeout_turn 0", ""); /* play as fast as possible */
    assert_int_equal(t->timeout_turn_ms, 0);
    pf_expect_reply(f, "INFO max_memory 0", ""); /* no limit */
    assert_int_equal(f->engine.max_memory, 0);
    pf_expect_reply(f, "INFO max_memory 367001600", "");
    assert_int_equal(f->engine.max_memory, 367001600);
    pf_expect_reply(f, "info TIMEOUT_TURN  2500 ", "");
    assert_int_equal(t->timeout_turn_ms, 2500);
    /* Keys that change nothing here, and unknown keys, answer nothing. */
    const char *quiet[] = {"INFO game_type 1", "INFO folder C:\\brains\\gamok",
                           "INFO evaluate 3,4", "INFO thread_num 4", "INFO whatever x y",
                           "INFO", "INFO folder"};
    for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++)
        pf_expect_reply(f, quiet[i], "");
    pf_expect_reply(f, "INFO rule 4", "");
    assert_int_equal(f->engine.gomocup_rule, 4);
}

static void test_info_rejects_absurd_values(void **state)
{
    Fixture *f = *state;
    const TimeLimits *t = &f->engine.time;
    pf_expect_reply(f, "INFO timeout_turn 1000", "");
    pf_expect_reply(f, "INFO timeout_match 5000", "");
    pf_expect_reply(f, "INFO time_left 4000", "");
    pf_expect_reply(f, "INFO max_memory 367001600", "");
    pf_expect_reply(f, "INFO rule 1", "");
    const char *bad[] = {
        "INFO timeout_turn -1",    "INFO timeout_turn abc",  "INFO timeout_turn",
        "INFO timeout_turn 5 s",   "INFO timeout_turn 1e3",  "INFO timeout_turn 99999999999999999999",
        "INFO timeout_match -5",   "INFO timeout_match x",   "INFO time_left fast",
        "INFO time_left 99999999999999999999", "INFO max_memory -1", "INFO max_memory lots",
        "INFO rule 16",            "INFO rule 12",           "INFO rule -1",
        "INFO rule renju",         "INFO rule 99999999999",  "INFO game_type x",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        pf_expect_error(f, bad[i]);
    assert_int_equal(t->timeout_turn_ms, 1000);
    assert_int_equal(t->timeout_match_ms, 5000);
    assert_int_equal(t->time_left_ms, 4000);
    assert_int_equal(f->engine.max_memory, 367001600);
    assert_int_equal(f->engine.gomocup_rule, 1);
}

/* ---- UNKNOWN, case, odd bytes ------------------------------------------------------------- */

static void test_unknown_commands(void **state)
{
    Fixture *f = *state;
    pf_expect_reply(f, "FOO bar", "UNKNOWN FOO bar\n");
    pf_expect_reply(f, "YXQUERYDATABASEALL", "UNKNOWN YXQUERYDATABASEALL\n"); /* not implemented */
    pf_expect_reply(f, "7,7,1", "UNKNOWN 7,7,1\n");
    pf_expect_reply(f, "SUGGEST 7,7", "UNKNOWN SUGGEST 7,7\n"); /* brain -> manager only */
    pf_expect_reply(f, "TURN7,7", "UNKNOWN TURN7,7\n");
    pf_expect_reply(f, "", "");
    pf_expect_reply(f, "   ", "");
    pf_expect_reply(f, "ABOUT", ABOUT_LINE); /* still running */
}

static void test_commands_are_case_insensitive(void **state)
{
    Fixture *f = *state;
    int x, y;
    pf_expect_reply(f, "start 15", "OK\n");
    pf_expect_reply(f, "Info Timeout_Turn 300", "");
    assert_int_equal(f->engine.time.timeout_turn_ms, 300);
    expect_move(f, "tUrN 7,7", &x, &y);
    pf_expect_reply(f, "ReStArT", "OK\n");
    expect_move(f, "begin", &x, &y);
    pf_expect_reply(f, "aBoUt", ABOUT_LINE);
}

/* Every byte of the output is printable ASCII or a newline. */
static void assert_clean_output(const char *s)
{
    for (; *s; s++)
        if (*s != '\n' && (*s < 0x20 || *s > 0x7E))
            fail_msg("unclean output byte 0x%02x", (unsigned char)*s);
}

static void test_nul_and_binary_bytes(void **state)
{
    Fixture *f = *state;
    int x, y;
    start(f, 15);
    Board before = f->engine.board;
    const char *got = send_bytes(f, "TURN 7,7\0junk", 13);
    assert_true(strncmp(got, "ERROR ", 6) == 0);
    assert_clean_output(got);
    assert_true(same_board(&before, &f->engine.board));
    got = send_bytes(f, "\0\0\0", 3);
    assert_string_equal(got, "UNKNOWN ???\n");
    got = send_bytes(f, "AB\0OUT", 6);
    assert_true(strncmp(got, "UNKNOWN ", 8) == 0);
    got = send_bytes(f, "\xff\xfe\x80 \xc3\xa9t\xe9", 8);
    assert_true(strncmp(got, "UNKNOWN ", 8) == 0);
    assert_clean_output(got);
    got = send_bytes(f, "TURN 7,\xff", 8);
    assert_true(strncmp(got, "ERROR ", 6) == 0);
    assert_clean_output(got);
    /* A NUL-free command given with its length works as usual. */
    parse_move(send_bytes(f, "TURN 7,7", 8), &x, &y);
}

static void test_very_long_lines(void **state)
{
    Fixture *f = *state;
    int x, y;
    start(f, 15);
    size_t len = 100000;
    char *line = malloc(len + 1);
    memset(line, 'A', len);
    line[len] = 0;
    const char *got = send_bytes(f, line, len);
    assert_true(strncmp(got, "UNKNOWN AAAA", 12) == 0);
    assert_true(strlen(got) < 200); /* the echo is cut short */
    /* A long tail of spaces after a real command. */
    memset(line, ' ', len);
    memcpy(line, "TURN 7,7", 8);
    parse_move(send_bytes(f, line, len), &x, &y);
    assert_int_equal(board_at(&f->engine.board, 7, 7), BLACK);
    /* A long BOARD line is one bad line, not a crash. */
    pf_expect_reply(f, "BOARD", "");
    memset(line, '7', len);
    send_bytes(f, line, len);
    pf_expect_error(f, "DONE");
    free(line);
    pf_expect_reply(f, "ABOUT", ABOUT_LINE);
}

/* ---- the line reader ------------------------------------------------------------------------ */

/* A LineReader over a temporary file holding `bytes`. */
static int reader_on(LineReader *r, const char *bytes, size_t len)
{
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int fd = dup(fileno(tmp));
    fclose(tmp);
    assert_int_equal(write(fd, bytes, len), (ssize_t)len);
    lseek(fd, 0, SEEK_SET);
    lineio_init(r, fd);
    return fd;
}

static void test_lineio_endings(void **state)
{
    (void)state;
    const char input[] = "ABOUT\r\nSTART 15\rINFO x 1\n\r\n\nTURN 7,7\r\nlast";
    const char *want[] = {"ABOUT", "START 15", "INFO x 1", "", "", "TURN 7,7", "last"};
    LineReader r;
    int fd = reader_on(&r, input, sizeof input - 1);
    char line[LINE_MAX_BYTES];
    size_t len;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(lineio_next(&r, line, sizeof line, &len), 1);
        assert_int_equal(len, strlen(want[i]));
        assert_string_equal(line, want[i]);
    }
    assert_int_equal(lineio_next(&r, line, sizeof line, &len), 0);
    assert_int_equal(lineio_next(&r, line, sizeof line, &len), 0);
    close(fd);
}

/* After a CR LF line nothing of the ending stays buffered: the brain's loop uses "buffered"
 * to know whether the next read would block. */
static void test_lineio_consumes_crlf_whole(void **state)
{
    (void)state;
    LineReader r;
    int fd = reader_on(&r, "A\r\nYXSTOP\r\n", 11);
    char line[LINE_MAX_BYTES];
    size_t len;
    assert_int_equal(lineio_next(&r, line, sizeof line, &len), 1);
    assert_string_equal(line, "A");
    assert_true(lineio_buffered(&r));
    assert_int_equal(lineio_next(&r, line, sizeof line, &len), 1);
    assert_string_equal(line, "YXSTOP");
    assert_false(lineio_buffered(&r));
    assert_int_equal(lineio_next(&r, line, sizeof line, &len), 0);
    close(fd);
}

static void test_lineio_nul_and_long_lines(void **state)
{
    (void)state;
    size_t big = 3 * LINE_MAX_BYTES + 17;
    size_t total = 4 + big + 1 + 6;
    char *input = malloc(total);
    memcpy(input, "A\0B\n", 4);
    memset(input + 4, 'x', big);
    input[4 + big] = '\n';
    memcpy(input + 5 + big, "ABOUT\n", 6);
    LineReader r;
    int fd = reader_on(&r, input, total);
    char line[LINE_MAX_BYTES];
    size_t len;
    assert_int_equal(lineio_next(&r, line, sizeof line, &len), 1);
    assert_int_equal(len, 3);
    assert_memory_equal(line, "A\0B", 3);
    assert_int_equal(lineio_next(&r, line, sizeof line, &len), 1);
    assert_int_equal(len, LINE_MAX_BYTES - 1); /* truncated, the rest dropped */
    assert_int_equal(line[len], 0);
    assert_int_equal(lineio_next(&r, line, sizeof line, &len), 1);
    assert_string_equal(line, "ABOUT"); /* the next line is intact */
    assert_int_equal(lineio_next(&r, line, sizeof line, &len), 0);
    close(fd);
    free(input);
}

/* A whole CRLF session through the reader and the core, as the brain's loop does it. */
static void test_crlf_session_through_reader(void **state)
{
    Fixture *f = *state;
    const char input[] = "START 15\r\nINFO timeout_turn 300\r\n\r\nTURN 7,7\r\nABOUT\r\n";
    LineReader r;
    int fd = reader_on(&r, input, sizeof input - 1);
    char line[LINE_MAX_BYTES], all[512] = "";
    size_t len;
    while (lineio_next(&r, line, sizeof line, &len) == 1) {
        ProtoAction a = protocol_handle_line(&f->proto, line, len, clock_ms());
        if (a == PROTO_THINK)
            protocol_run_job(&f->proto);
        strncat(all, said(f), sizeof all - strlen(all) - 1);
    }
    close(fd);
    int x, y;
    char tail[256];
    assert_int_equal(sscanf(all, "OK\n%d,%d\n%255[^\n]", &x, &y, tail), 3);
    assert_string_equal(tail, gamok_about());
    assert_int_equal(board_at(&f->engine.board, 7, 7), BLACK);
}

static void test_line_is(void **state)
{
    (void)state;
    assert_true(protocol_line_is("END", 3, "END"));
    assert_true(protocol_line_is(" end \r", 6, "END"));
    assert_true(protocol_line_is("yxstop", 6, "YXSTOP"));
    assert_false(protocol_line_is("ENDX", 4, "END"));
    assert_false(protocol_line_is("TURN 1,1", 8, "END"));
    assert_true(protocol_line_is("  ", 2, ""));
    assert_false(protocol_line_is("ABOUT", 5, ""));
}

/* ---- many games in one process ------------------------------------------------------------ */

/* The first empty cell in reading order: a dull but always legal opponent. */
static bool first_empty(const Board *b, int *x, int *y)
{
    for (*y = 0; *y < b->size; (*y)++)
        for (*x = 0; *x < b->size; (*x)++)
            if (board_at(b, *x, *y) == EMPTY)
                return true;
    return false;
}

static void test_twenty_games_in_one_process(void **state)
{
    Fixture *f = *state;
    for (int game = 0; game < 20; game++) {
        int size = game % 2 ? 20 : 15, x, y;
        char line[32];
        snprintf(line, sizeof line, "START %d", size);
        pf_expect_reply(f, line, "OK\n"); /* no RESTART or END between games */
        pf_expect_reply(f, "INFO timeout_turn 50", "");
        assert_int_equal(f->engine.board.nstones, 0);
        if (game % 3 == 0)
            expect_move(f, "BEGIN", &x, &y);
        for (int move = 0; move < 4; move++) {
            int ox = 0, oy = 0;
            assert_true(first_empty(&f->engine.board, &ox, &oy));
            snprintf(line, sizeof line, "TURN %d,%d", ox, oy);
            expect_move(f, line, &x, &y);
        }
        assert_int_equal(f->engine.board.nstones, game % 3 == 0 ? 9 : 8);
    }
}

/* ---- options ---------------------------------------------------------------------------------- */

static int parse_args(EngineOptions *o, const char *a1, const char *a2, char *out, char *err)
{
    char *argv[] = {"pbrain-gamok", (char *)a1, (char *)a2, NULL};
    int argc = a2 ? 3 : a1 ? 2 : 1;
    engine_default_options(o);
    FILE *fo = fmemopen(out, 1024, "w"), *fe = fmemopen(err, 1024, "w");
    int rc = options_parse(argc, argv, o, fo, fe);
    fclose(fo);
    fclose(fe);
    return rc;
}

static void test_options(void **state)
{
    (void)state;
    EngineOptions o, def;
    char out[1024], err[1024];
    engine_default_options(&def);
    assert_int_equal(parse_args(&o, NULL, NULL, out, err), -1);
    assert_int_equal(o.mode, def.mode);
    assert_int_equal(parse_args(&o, "--depth", "3", out, err), -1);
    assert_int_equal(o.max_depth, 3);
    assert_int_equal(o.mode, MODE_TREE);
    assert_int_equal(parse_args(&o, "--depth=5", NULL, out, err), -1);
    assert_int_equal(o.max_depth, 5);
    assert_int_equal(parse_args(&o, "--paper-level", "2", out, err), -1);
    assert_int_equal(o.mode, MODE_PAPER);
    assert_int_equal(o.paper_level, 2);
    assert_int_equal(def.evaluator, EVAL_CHOICE_AUTO);
    assert_int_equal(parse_args(&o, "--evaluator", "cpu", out, err), -1);
    assert_int_equal(o.evaluator, EVAL_CHOICE_CPU);
    assert_int_equal(parse_args(&o, "--evaluator=cuda", NULL, out, err), -1);
    assert_int_equal(o.evaluator, EVAL_CHOICE_CUDA);
    assert_int_equal(def.threads, 1);
    assert_int_equal(parse_args(&o, "--threads", "2", out, err), -1);
    assert_int_equal(o.threads, 2);
    memset(out, 0, sizeof out);
    assert_int_equal(parse_args(&o, "--help", NULL, out, err), 0);
    assert_non_null(strstr(out, "--paper-level"));
    const char *bad[][2] = {{"--bogus", NULL}, {"--depth", "0"},       {"--depth", "x"},
                            {"--depth", NULL}, {"--paper-level", "5"}, {"--paper-level", "0"},
                            {"-x", NULL},      {"--evaluator", "gpu"}, {"--evaluator", NULL},
                            {"--threads", "0"}, {"--threads", "65"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(out, 0, sizeof out);
        memset(err, 0, sizeof err);
        assert_int_equal(parse_args(&o, bad[i][0], bad[i][1], out, err), 2);
        assert_string_equal(out, ""); /* complaints go to stderr, never stdout */
        assert_true(strlen(err) > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_about_is_one_exact_line, setup, teardown),
        cmocka_unit_test_setup_teardown(test_about_names_the_build, setup, teardown),
        cmocka_unit_test_setup_teardown(test_start_accepts_5_to_22, setup, teardown),
        cmocka_unit_test_setup_teardown(test_start_rejects_bad_sizes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rectstart, setup, teardown),
        cmocka_unit_test_setup_teardown(test_restart_and_start_again, setup, teardown),
        cmocka_unit_test_setup_teardown(test_end_quits_silently, setup, teardown),
        cmocka_unit_test_setup_teardown(test_commands_before_start_fail, setup, teardown),
        cmocka_unit_test_setup_teardown(test_begin_and_turn_play_valid_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_turn_rejects_bad_input_and_changes_nothing, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_arguments_tolerate_spaces, setup, teardown),
        cmocka_unit_test_setup_teardown(test_takeback, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_confirms_our_move, setup, teardown),
        cmocka_unit_test_setup_teardown(test_message_line_comes_before_the_move, setup, teardown),
        cmocka_unit_test_setup_teardown(test_start_tells_the_evaluator_after_ok, setup, teardown),
        cmocka_unit_test_setup_teardown(test_info_evaluator, setup, teardown),
        cmocka_unit_test_setup_teardown(test_board_sets_position_and_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_block_moves_are_timed_from_their_first_line, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_board_own_stones_are_white_when_behind, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_board_rejects_bad_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_yxboard_sets_position_without_reply, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stray_done_and_yxstop_when_idle, setup, teardown),
        cmocka_unit_test_setup_teardown(test_yxshowforbid_lists_renju_fouls, setup, teardown),
        cmocka_unit_test_setup_teardown(test_yxshowforbid_on_empty_board, setup, teardown),
        cmocka_unit_test_setup_teardown(test_swap2board_answers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_info_sets_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_info_rejects_absurd_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_commands, setup, teardown),
        cmocka_unit_test_setup_teardown(test_commands_are_case_insensitive, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nul_and_binary_bytes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_very_long_lines, setup, teardown),
        cmocka_unit_test(test_lineio_endings),
        cmocka_unit_test(test_lineio_consumes_crlf_whole),
        cmocka_unit_test(test_lineio_nul_and_long_lines),
        cmocka_unit_test_setup_teardown(test_crlf_session_through_reader, setup, teardown),
        cmocka_unit_test(test_line_is),
        cmocka_unit_test_setup_teardown(test_twenty_games_in_one_process, setup, teardown),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
