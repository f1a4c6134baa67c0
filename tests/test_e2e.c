/* The real brain binary (GAMOK_BIN) driven through pipes like a tournament manager: every
 * reply is checked, every wait is bounded by poll(), so a broken brain fails instead of hangs. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "protocol/version.h"

#define ABOUT gamok_about() /* the binary must say what the library says */
#define REPLY_MS 5000   /* the longest any quick reply may take (sanitizer builds are slow) */
#define SIZE 15

typedef struct Brain {
    pid_t pid;
    int in, out, err;       /* our ends of its stdin, stdout, stderr */
    char buf[1 << 16];      /* stdout bytes not yet returned as lines */
    size_t len;
    char errs[4096];        /* whatever it wrote on stderr */
    size_t nerr;
    bool out_eof;
    int status;             /* wait status once it has exited */
    bool exited;
    bool occupied[SIZE][SIZE];
} Brain;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static const char *brain_path(void)
{
    const char *bin = getenv("GAMOK_BIN");
    return bin && *bin ? bin : NULL;
}

static Brain *spawn_with(const char *arg)
{
    const char *bin = brain_path();
    int in[2], out[2], err[2];
    assert_int_equal(pipe(in), 0);
    assert_int_equal(pipe(out), 0);
    assert_int_equal(pipe(err), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(err[1], 2);
        for (int i = 0; i < 2; i++) {
            close(in[i]);
            close(out[i]);
            close(err[i]);
        }
        execl(bin, bin, arg, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    Brain *b = calloc(1, sizeof *b);
    b->pid = pid;
    b->in = in[1];
    b->out = out[0];
    b->err = err[0];
    return b;
}

/* Sends a string literal's bytes, NULs included, without its terminator. */
#define SEND_LITERAL(b, lit) send_raw((b), (lit), sizeof(lit) - 1)

static Brain *spawn(void)
{
    return spawn_with(NULL);
}

static void send_line(Brain *b, const char *line)
{
    char text[512];
    int n = snprintf(text, sizeof text, "%s\r\n", line); /* managers end lines with CR LF */
    assert_int_equal(write(b->in, text, (size_t)n), n);
}

static void send_raw(Brain *b, const char *bytes, size_t len)
{
    while (len) {
        ssize_t n = write(b->in, bytes, len);
        assert_true(n > 0);
        bytes += n;
        len -= (size_t)n;
    }
}

/* Reads whatever is ready on stdout/stderr within `ms`; false when nothing came. */
static bool pump(Brain *b, int ms)
{
    struct pollfd fds[2] = {{b->out_eof ? -1 : b->out, POLLIN, 0}, {b->err, POLLIN, 0}};
    if (poll(fds, 2, ms) <= 0)
        return false;
    bool got = false;
    if (fds[1].revents) {
        char tmp[1024];
        ssize_t n = read(b->err, tmp, sizeof tmp);
        if (n > 0) {
            size_t room = sizeof b->errs - 1 - b->nerr;
            size_t k = (size_t)n < room ? (size_t)n : room;
            memcpy(b->errs + b->nerr, tmp, k);
            b->nerr += k;
            got = true;
        }
    }
    if (fds[0].revents) {
        ssize_t n = read(b->out, b->buf + b->len, sizeof b->buf - 1 - b->len);
        if (n > 0) {
            b->len += (size_t)n;
            got = true;
        } else {
            b->out_eof = true;
        }
    }
    return got;
}

/* The next stdout line (CR/LF stripped) within `ms`; false on timeout or end of output. */
static bool read_line(Brain *b, int ms, char *line, size_t cap)
{
    int64_t deadline = now_ms() + ms;
    for (;;) {
        char *nl = memchr(b->buf, '\n', b->len);
        if (nl) {
            size_t n = (size_t)(nl - b->buf), k = n;
            if (k && b->buf[k - 1] == '\r')
                k--;
            if (k >= cap)
                k = cap - 1;
            memcpy(line, b->buf, k);
            line[k] = 0;
            memmove(b->buf, nl + 1, b->len - n - 1);
            b->len -= n + 1;
            return true;
        }
        if (b->out_eof)
            return false;
        int64_t left = deadline - now_ms();
        if (!pump(b, left > 0 ? (int)left : 0) && left <= 0)
            return false;
    }
}

static void expect_line(Brain *b, const char *want)
{
    char got[4096];
    if (!read_line(b, REPLY_MS, got, sizeof got))
        fail_msg("no reply, expected '%s'", want);
    if (strcmp(got, want) != 0)
        fail_msg("got '%s', expected '%s'", got, want);
}

static void expect_prefix(Brain *b, const char *prefix)
{
    char got[4096];
    if (!read_line(b, REPLY_MS, got, sizeof got))
        fail_msg("no reply, expected '%s...'", prefix);
    if (strncmp(got, prefix, strlen(prefix)) != 0)
        fail_msg("got '%s', expected '%s...'", got, prefix);
}

/* A move within `ms`: MESSAGE/DEBUG lines may come first, nothing else; the cell must be on
 * the board and empty. Records it as occupied. */
static void expect_move_within(Brain *b, int ms, int *x, int *y)
{
    char got[4096], end;
    int64_t deadline = now_ms() + ms;
    for (;;) {
        int64_t left = deadline - now_ms();
        if (!read_line(b, left > 0 ? (int)left : 0, got, sizeof got))
            fail_msg("no move within %d ms", ms);
        if (strncmp(got, "MESSAGE ", 8) && strncmp(got, "DEBUG ", 6))
            break;
    }
    if (sscanf(got, "%d,%d%c", x, y, &end) != 2)
        fail_msg("not a move: '%s'", got);
    if (*x < 0 || *x >= SIZE || *y < 0 || *y >= SIZE || b->occupied[*x][*y])
        fail_msg("illegal move '%s'", got);
    b->occupied[*x][*y] = true;
}

static void expect_move(Brain *b, int *x, int *y)
{
    expect_move_within(b, REPLY_MS, x, y);
}

/* TURN on the first free cell at or after (x, y) in reading order; returns the brain's move. */
static void turn_near(Brain *b, int x, int y, int *mx, int *my)
{
    while (b->occupied[x][y]) {
        x = (x + 1) % SIZE;
        y = x ? y : (y + 1) % SIZE;
    }
    b->occupied[x][y] = true;
    char line[32];
    snprintf(line, sizeof line, "TURN %d,%d", x, y);
    send_line(b, line);
    expect_move(b, mx, my);
}

/* Waits up to `ms` for the process to exit; true when it did. */
static bool wait_exit(Brain *b, int ms)
{
    int64_t deadline = now_ms() + ms;
    while (!b->exited) {
        pid_t r = waitpid(b->pid, &b->status, WNOHANG);
        if (r == b->pid) {
            b->exited = true;
            break;
        }
        if (now_ms() >= deadline)
            return false;
        pump(b, 5);
    }
    while (pump(b, 0)) /* collect what it wrote last */
        ;
    return true;
}

/* Kills it if it still runs, closes the pipes and frees it. */
static void release(Brain *b)
{
    if (!b->exited) {
        kill(b->pid, SIGKILL);
        waitpid(b->pid, &b->status, 0);
    }
    close(b->in);
    close(b->out);
    close(b->err);
    free(b);
}

/* Ends the session (END if it still runs), checks a clean exit and that stderr stayed empty. */
static void finish(Brain *b, bool send_end)
{
    if (send_end && !b->exited)
        send_line(b, "END");
    bool ok = wait_exit(b, 2000);
    char errs[sizeof b->errs];
    memcpy(errs, b->errs, b->nerr);
    errs[b->nerr] = 0;
    int status = b->status;
    release(b);
    if (!ok)
        fail_msg("the brain did not exit");
    if (errs[0])
        fail_msg("the brain wrote on stderr: %s", errs);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

#define SKIP_WITHOUT_BINARY()                                                                 \
    do {                                                                                      \
        if (!brain_path())                                                                    \
            skip();                                                                           \
    } while (0)

static Brain *started_brain(const char *turn_ms)
{
    Brain *b = spawn();
    send_line(b, "START 15");
    expect_line(b, "OK");
    expect_prefix(b, "MESSAGE evaluator "); /* which evaluator scores (cpu, cuda) */
    char line[64];
    snprintf(line, sizeof line, "INFO timeout_turn %s", turn_ms);
    send_line(b, line);
    return b;
}

/* ---- tests ------------------------------------------------------------------------------------ */

static void test_scripted_session(void **state)
{
    (void)state;
    SKIP_WITHOUT_BINARY();
    Brain *b = spawn();
    int x, y;
    send_line(b, "ABOUT");
    expect_line(b, ABOUT); /* the very first line it ever prints */
    send_line(b, "START 15");
    expect_line(b, "OK");
    const char *infos[] = {"INFO timeout_turn 300", "INFO timeout_match 100000",
                           "INFO time_left 100000", "INFO max_memory 83886080", "INFO rule 0",
                           "INFO game_type 1",      "INFO folder /tmp",         "INFO foo bar"};
    for (size_t i = 0; i < sizeof infos / sizeof infos[0]; i++)
        send_line(b, infos[i]); /* no replies: the next line read must be BEGIN's move */
    send_line(b, "BEGIN");
    expect_move(b, &x, &y);
    turn_near(b, 7, 8, &x, &y);
    turn_near(b, 3, 3, &x, &y);
    /* Bad inputs: one ERROR or UNKNOWN each, and the brain keeps going. */
    send_line(b, "TURN 99,99");
    expect_prefix(b, "ERROR ");
    send_line(b, "TURN a,b");
    expect_prefix(b, "ERROR ");
    char occupied[32];
    snprintf(occupied, sizeof occupied, "TURN %d,%d", x, y);
    send_line(b, occupied);
    expect_prefix(b, "ERROR ");
    send_line(b, "FOO");
    expect_line(b, "UNKNOWN FOO");
    send_line(b, "INFO timeout_turn -5");
    expect_prefix(b, "ERROR ");
    send_line(b, "ABOUT");
    expect_line(b, ABOUT);
    /* A position of our own choosing. */
    send_line(b, "BOARD");
    send_line(b, "7,7,1");
    send_line(b, "7, 8,2");
    send_line(b, "DONE");
    memset(b->occupied, 0, sizeof b->occupied);
    b->occupied[7][7] = b->occupied[7][8] = true;
    expect_move(b, &x, &y);
    turn_near(b, 10, 10, &x, &y);
    send_line(b, "BOARD");
    send_line(b, "7,7,1");
    send_line(b, "7,7,2");
    send_line(b, "DONE");
    expect_prefix(b, "ERROR ");
    send_line(b, "RESTART");
    expect_line(b, "OK");
    memset(b->occupied, 0, sizeof b->occupied);
    turn_near(b, 7, 7, &x, &y);
    finish(b, true);
}

static void test_odd_bytes_do_not_hurt(void **state)
{
    (void)state;
    SKIP_WITHOUT_BINARY();
    Brain *b = started_brain("300");
    SEND_LITERAL(b, "A\0B\r\n");
    expect_prefix(b, "UNKNOWN ");
    SEND_LITERAL(b, "\xff\xfe\x80\n");
    expect_prefix(b, "UNKNOWN ");
    size_t big = 20000;
    char *line = malloc(big + 2);
    memset(line, 'Z', big);
    memcpy(line + big, "\r\n", 2);
    send_raw(b, line, big + 2);
    free(line);
    expect_prefix(b, "UNKNOWN ZZZ");
    SEND_LITERAL(b, "\n\n\r\rabout\rTURN 7,7\n"); /* blank lines, bare CR endings */
    expect_line(b, ABOUT);
    int x, y;
    b->occupied[7][7] = true;
    expect_move(b, &x, &y);
    finish(b, true);
}

/* A 200 ms turn is answered within the budget plus a generous slack. */
static void test_turn_budget_is_respected(void **state)
{
    (void)state;
    SKIP_WITHOUT_BINARY();
    Brain *b = started_brain("200");
    int x, y;
    int64_t slowest = 0;
    const int cells[][2] = {{7, 7}, {8, 6}, {6, 9}, {9, 9}};
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
        int64_t t0 = now_ms();
        turn_near(b, cells[i][0], cells[i][1], &x, &y);
        int64_t took = now_ms() - t0;
        if (took > 200 + 150)
            fail_msg("move %zu took %lld ms with a 200 ms budget", i, (long long)took);
        slowest = took > slowest ? took : slowest;
    }
    print_message("slowest 200 ms turn: %lld ms\n", (long long)slowest);
    finish(b, true);
}

/* Starts a think that would take 100 s. */
static Brain *brain_thinking_long(void)
{
    Brain *b = started_brain("100000");
    send_line(b, "INFO timeout_match 0");
    send_line(b, "INFO time_left 2147483647");
    b->occupied[7][7] = true;
    send_line(b, "TURN 7,7");
    return b;
}

static void test_yxstop_ends_a_long_think(void **state)
{
    (void)state;
    SKIP_WITHOUT_BINARY();
    Brain *b = brain_thinking_long();
    sleep_ms(300);
    char line[256];
    if (read_line(b, 0, line, sizeof line))
        fail_msg("the 100 s think answered before YXSTOP: '%s'", line);
    int64_t t0 = now_ms();
    send_line(b, "YXSTOP");
    int x, y;
    expect_move_within(b, 1000, &x, &y);
    print_message("YXSTOP answered in %lld ms\n", (long long)(now_ms() - t0));
    /* It is still in the game, ready for the next command. */
    send_line(b, "ABOUT");
    expect_line(b, ABOUT);
    send_line(b, "YXSTOP"); /* nothing to stop now: no reply */
    send_line(b, "ABOUT");
    expect_line(b, ABOUT);
    /* YXSTOP right behind the TURN, in the same write, before the search has even begun. */
    int ox = x == 0 ? 1 : 0;
    b->occupied[ox][0] = true;
    char both[64];
    snprintf(both, sizeof both, "TURN %d,0\r\nYXSTOP", ox);
    send_line(b, both);
    expect_move_within(b, 1000, &x, &y);
    finish(b, true);
}

/* INFO thread_num 2: the Lazy SMP search answers BEGIN and TURN with legal moves (each checked
 * on the board: expect_move). */
static void test_two_threads_answer_legal_moves(void **state)
{
    (void)state;
    SKIP_WITHOUT_BINARY();
    Brain *b = started_brain("300");
    send_line(b, "INFO thread_num 2");
    send_line(b, "BEGIN");
    int x, y;
    expect_move(b, &x, &y);
    for (int i = 0; i < 4; i++)
        turn_near(b, (x + 1) % SIZE, y, &x, &y);
    finish(b, true);
}

/* YXNBEST through the threaded protocol loop (the reader hands the search to a worker and acts
 * on YXSTOP itself): a 100 s YXNBEST on two search threads answers soon after YXSTOP, with its
 * MESSAGE (k) lines, and the brain goes on. */
static void test_yxstop_ends_a_long_yxnbest(void **state)
{
    (void)state;
    SKIP_WITHOUT_BINARY();
    Brain *b = started_brain("100000");
    send_line(b, "INFO timeout_match 0");
    send_line(b, "INFO time_left 2147483647");
    send_line(b, "INFO thread_num 2");
    send_line(b, "YXBOARD");
    static const char *const stones[] = {"7,7,2", "8,8,1", "6,8,2"};
    for (int i = 0; i < 3; i++)
        send_line(b, stones[i]);
    b->occupied[7][7] = b->occupied[8][8] = b->occupied[6][8] = true;
    send_line(b, "DONE");
    send_line(b, "YXNBEST 3");
    sleep_ms(300);
    char line[4096];
    if (read_line(b, 0, line, sizeof line))
        fail_msg("the 100 s YXNBEST answered before YXSTOP: '%s'", line);
    send_line(b, "YXSTOP");
    int listed = 0;
    int64_t deadline = now_ms() + 2000;
    for (;;) {
        int64_t left = deadline - now_ms();
        if (!read_line(b, left > 0 ? (int)left : 0, line, sizeof line))
            fail_msg("no answer to YXNBEST after YXSTOP");
        if (strncmp(line, "MESSAGE (", 9) != 0)
            break;
        listed++;
    }
    int x, y;
    char end;
    if (sscanf(line, "%d,%d%c", &x, &y, &end) != 2)
        fail_msg("not a move: '%s'", line);
    assert_true(x >= 0 && x < SIZE && y >= 0 && y < SIZE && !b->occupied[x][y]);
    b->occupied[x][y] = true;
    assert_true(listed >= 1 && listed <= 3);
    send_line(b, "ABOUT");
    expect_line(b, ABOUT);
    finish(b, true);
}

static void test_end_during_a_long_think_exits_at_once(void **state)
{
    (void)state;
    SKIP_WITHOUT_BINARY();
    Brain *b = brain_thinking_long();
    sleep_ms(200);
    char line[256];
    if (read_line(b, 0, line, sizeof line))
        fail_msg("the 100 s think answered early: '%s'", line);
    int64_t t0 = now_ms();
    send_line(b, "END");
    bool gone = wait_exit(b, 1000);
    int64_t took = now_ms() - t0;
    if (read_line(b, 0, line, sizeof line))
        fail_msg("output after END: '%s'", line);
    if (!gone)
        fail_msg("still running %lld ms after END", (long long)took);
    print_message("exited %lld ms after END\n", (long long)took);
    finish(b, false);
}

static void test_end_of_input_exits(void **state)
{
    (void)state;
    SKIP_WITHOUT_BINARY();
    Brain *b = started_brain("300");
    close(b->in);
    b->in = open("/dev/null", O_WRONLY); /* finish() closes it */
    if (!wait_exit(b, 1000))
        fail_msg("still running after end of input");
    finish(b, false);
    /* The same while it thinks. */
    b = brain_thinking_long();
    sleep_ms(100);
    close(b->in);
    b->in = open("/dev/null", O_WRONLY);
    if (!wait_exit(b, 1000))
        fail_msg("still running after end of input during a think");
    finish(b, false);
}

static void test_bad_option_exits_2(void **state)
{
    (void)state;
    SKIP_WITHOUT_BINARY();
    Brain *b = spawn_with("--no-such-option");
    bool gone = wait_exit(b, 2000);
    char line[256];
    bool said = read_line(b, 0, line, sizeof line);
    size_t nerr = b->nerr;
    int status = b->status;
    release(b);
    assert_true(gone);
    assert_false(said);   /* nothing on stdout */
    assert_true(nerr > 0); /* a message on stderr */
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scripted_session),
        cmocka_unit_test(test_odd_bytes_do_not_hurt),
        cmocka_unit_test(test_turn_budget_is_respected),
        cmocka_unit_test(test_yxstop_ends_a_long_think),
        cmocka_unit_test(test_two_threads_answer_legal_moves),
        cmocka_unit_test(test_yxstop_ends_a_long_yxnbest),
        cmocka_unit_test(test_end_during_a_long_think_exits_at_once),
        cmocka_unit_test(test_end_of_input_exits),
        cmocka_unit_test(test_bad_option_exits_2),
    };
    signal(SIGPIPE, SIG_IGN); /* a brain that died must fail a test, not kill the suite */
    if (!brain_path())
        print_message("GAMOK_BIN is not set: the end-to-end tests are skipped (`make test` "
                      "sets it)\n");
    return cmocka_run_group_tests(tests, NULL, NULL);
}
