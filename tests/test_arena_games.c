/* The runner against real processes: tiny misbehaving brains (tests/brains/pbrain-misbehave,
 * path in TEST_BRAIN) are each scored correctly and never hang a game; and the runner binary
 * (ARENA_BIN) refuses bad input before any game, resumes, and merges two shards exactly. */
#define _DEFAULT_SOURCE /* realpath */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "brain/clock.h"
#include "brain/rules.h"
#include "tournaments/game.h"
#include "tournaments/record.h"
#include "tournaments/results.h"

#define FAST_TURN_MS 150
#define FAST_TOLERANCE_MS 400 /* generous: a loaded test machine must not forfeit an instant move */

static const char *env_path(const char *name)
{
    const char *p = getenv(name);
    return p && *p ? p : NULL;
}

static void engine(EngineSpec *e, const char *mode)
{
    memset(e, 0, sizeof *e);
    const char *brain = env_path("TEST_BRAIN");
    assert_non_null(brain);
    char full[PATH_MAX];
    assert_non_null(realpath(brain, full));
    assert_true((size_t)snprintf(e->path, sizeof e->path, "%s", full) < sizeof e->path);
    snprintf(e->name, sizeof e->name, "%.60s", mode);
    snprintf(e->args[0], sizeof e->args[0], "%s", mode);
    e->nargs = 1;
}

static GameSettings settings(void)
{
    GameSettings gs = {.size = 15, .rule = 0, .turn_ms = FAST_TURN_MS,
                       .tolerance_ms = FAST_TOLERANCE_MS, .start_ms = 1500, .drawafter = 60};
    return gs;
}

/* Plays black_mode against white_mode; returns the record (static storage per call site is
 * avoided: the caller owns `rec`). */
static void play(const GameSettings *gs, const char *black_mode, const char *white_mode,
                 const Opening *op, GameRecord *rec)
{
    EngineSpec e[2];
    engine(&e[0], black_mode);
    engine(&e[1], white_mode);
    Seat seats[2] = {{.spec = &e[0]}, {.spec = &e[1]}};
    memset(rec, 0, sizeof *rec);
    game_play(gs, seats, op, 0, false, rec);
    assert_false(brainproc_running(&seats[0].proc));
    assert_false(brainproc_running(&seats[1].proc));
}

static void good_brains_finish_a_game(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    play(&gs, "good", "noisy", NULL, &rec);
    assert_true(rec.end == END_FIVE || rec.end == END_MOVE_LIMIT || rec.end == END_FULL);
    if (rec.end == END_FIVE) assert_int_equal(rec.winner, rec.nmoves % 2 ? BLACK : WHITE);
    assert_true(rec.nmoves >= 9);
    /* each process's peak memory, from its exit: a few hundred KiB to a few MiB */
    for (int i = 0; i < 2; i++) assert_true(rec.peak_rss_kb[i] > 100 && rec.peak_rss_kb[i] < 65536);
}

static void move_limit_draws(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    gs.drawafter = 6;
    play(&gs, "good", "good", NULL, &rec);
    assert_int_equal(rec.end, END_MOVE_LIMIT);
    assert_int_equal(rec.winner, 0);
    assert_int_equal(rec.nmoves, 6);
}

static void crash_loses(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    play(&gs, "good", "crash", NULL, &rec);
    assert_int_equal(rec.end, END_CRASH);
    assert_int_equal(rec.winner, BLACK);
}

static void silent_brain_loses_on_time_after_yxstop(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    int64_t t0 = clock_ms();
    play(&gs, "slow", "good", NULL, &rec);
    int64_t took = clock_ms() - t0;
    assert_int_equal(rec.end, END_TIME);
    assert_int_equal(rec.winner, WHITE);
    assert_true(took >= FAST_TURN_MS + FAST_TOLERANCE_MS);
    assert_true(took < 10000);
}

static void brain_answering_yxstop_within_tolerance_plays_on(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    play(&gs, "stopper", "good", NULL, &rec);
    assert_int_not_equal(rec.end, END_TIME);
    assert_true(rec.nmoves > 2);
    assert_true(rec.ms[0] >= FAST_TURN_MS); /* it answered only after YXSTOP */
}

static void match_clock_forfeits_and_time_left_is_sent(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    gs.turn_ms = 0;
    gs.match_ms = 250;
    play(&gs, "good", "slow", NULL, &rec);
    assert_int_equal(rec.end, END_TIME);
    assert_int_equal(rec.winner, BLACK);
    gs.match_ms = 5000;
    play(&gs, "needtime", "needtime", NULL, &rec); /* garbage unless INFO time_left came first */
    assert_int_not_equal(rec.end, END_BAD_REPLY);
    assert_true(rec.nmoves > 2);
}

static void illegal_moves_lose(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    play(&gs, "good", "occupied", NULL, &rec);
    assert_int_equal(rec.end, END_OCCUPIED);
    assert_int_equal(rec.winner, BLACK);
    play(&gs, "offboard", "good", NULL, &rec);
    assert_int_equal(rec.end, END_OFF_BOARD);
    assert_int_equal(rec.winner, WHITE);
}

static void renju_foul_loses(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    Opening op;
    char err[128];
    /* Black at (5,7) (6,7) (7,5) (7,6): 7,7 makes two open threes, a foul for black. */
    assert_int_equal(opening_parse("-2,0, -7,-7, -1,0, 7,-7, 0,-2, -7,7, 0,-1, 7,7", OPEN_OFFSET,
                                   &op, err, sizeof err), 0);
    gs.rule = RULE_RENJU;
    play(&gs, "first=7,7", "good", &op, &rec);
    assert_int_equal(rec.end, END_FOUL);
    assert_int_equal(rec.winner, WHITE);
    assert_int_equal(rec.nopening, 8);
    gs.rule = RULE_FREESTYLE; /* the same move is fine without fouls */
    play(&gs, "first=7,7", "good", &op, &rec);
    assert_int_not_equal(rec.end, END_FOUL);
}

static void unparseable_reply_loses_unless_lenient(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    play(&gs, "garbage", "good", NULL, &rec);
    assert_int_equal(rec.end, END_BAD_REPLY);
    assert_int_equal(rec.winner, WHITE);
    assert_non_null(strstr(rec.detail, "I resign"));
    gs.lenient = true; /* c-gomoku-cli skips the line: then the clock decides */
    play(&gs, "garbage", "good", NULL, &rec);
    assert_int_equal(rec.end, END_TIME);
}

static void bad_start_and_silence_lose_without_hanging(void **state)
{
    (void)state;
    GameSettings gs = settings();
    GameRecord rec;
    play(&gs, "badstart", "good", NULL, &rec);
    assert_int_equal(rec.end, END_NO_START);
    assert_int_equal(rec.winner, WHITE);
    assert_non_null(strstr(rec.detail, "HELLO"));
    int64_t t0 = clock_ms();
    play(&gs, "good", "hang", NULL, &rec);
    assert_int_equal(rec.end, END_NO_START);
    assert_int_equal(rec.winner, BLACK);
    assert_true(clock_ms() - t0 < 5000);
}

static void reused_process_plays_again_after_start(void **state)
{
    (void)state;
    GameSettings gs = settings();
    EngineSpec e[2];
    engine(&e[0], "good");
    engine(&e[1], "noisy");
    Seat seats[2] = {{.spec = &e[0]}, {.spec = &e[1]}};
    GameRecord rec;
    gs.drawafter = 10;
    game_play(&gs, seats, NULL, 0, true, &rec);
    pid_t first = seats[0].proc.pid;
    assert_true(first > 0);
    game_play(&gs, seats, NULL, 0, true, &rec);
    assert_int_equal(seats[0].proc.pid, first);
    assert_int_equal(rec.end, END_MOVE_LIMIT);
    seat_stop(&seats[0]);
    seat_stop(&seats[1]);
}

/* Peak memory per game: from the exit of a fresh process, and for a reused one from /proc with
 * the peak reset at each game's start, so that a process's first game does not count in its
 * second (hog touches 48 MiB after its first START only). */
static void peak_memory_is_measured_per_game(void **state)
{
    /* A brain that touched nothing stays under SMALL (a sanitizer build starts at about 18
     * MiB); hog's game reaches its 48 MiB on top of that. */
    const int SMALL = 32 * 1024;
    (void)state;
    GameSettings gs = settings();
    EngineSpec e[2];
    engine(&e[0], "hog");
    engine(&e[1], "good");
    Seat seats[2] = {{.spec = &e[0]}, {.spec = &e[1]}};
    GameRecord rec;
    gs.drawafter = 10;
    game_play(&gs, seats, NULL, 0, false, &rec); /* fresh processes, stopped at the end */
    assert_true(rec.peak_rss_kb[0] >= 48 * 1024);
    assert_true(rec.peak_rss_kb[1] > 0 && rec.peak_rss_kb[1] < SMALL);
    game_play(&gs, seats, NULL, 0, true, &rec);  /* the same processes play on */
    assert_true(rec.peak_rss_kb[0] >= 48 * 1024);
    game_play(&gs, seats, NULL, 0, true, &rec);
    assert_true(rec.peak_rss_kb[0] > 0 && rec.peak_rss_kb[0] < SMALL);
    assert_true(rec.peak_rss_kb[1] > 0 && rec.peak_rss_kb[1] < SMALL);
    seat_stop(&seats[0]);
    seat_stop(&seats[1]);
}

/* The state letter of /proc/PID/stat: 'T' when stopped by a signal. */
static char process_state(pid_t pid)
{
    char path[64], comm[64], st = '?';
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (f && fscanf(f, "%*d %63s %c", comm, &st) != 2) st = '?';
    if (f) fclose(f);
    return st;
}

/* SIGSTOP takes effect asynchronously: waits up to 2 s for the stopped state. */
static char settled_state(pid_t pid)
{
    int64_t until = clock_ms() + 2000;
    char st;
    while ((st = process_state(pid)) != 'T' && clock_ms() < until) {
        struct timespec nap = {0, 5000000};
        nanosleep(&nap, NULL);
    }
    return st;
}

/* One game of 6 stones between `seats`, both brains kept and left suspended. */
static void play_kept_suspended(Seat seats[2], GameRecord *rec)
{
    GameSettings gs = settings();
    gs.drawafter = 6;
    gs.suspend = true;
    game_play(&gs, seats, NULL, 0, true, rec);
}

static void suspended_brains_sleep_between_turns(void **state)
{
    (void)state;
    EngineSpec e[2];
    engine(&e[0], "good");
    engine(&e[1], "good");
    Seat seats[2] = {{.spec = &e[0]}, {.spec = &e[1]}};
    GameRecord rec;
    play_kept_suspended(seats, &rec);
    assert_int_equal(rec.end, END_MOVE_LIMIT);
    assert_int_equal(settled_state(seats[0].proc.pid), 'T');
    assert_int_equal(settled_state(seats[1].proc.pid), 'T');
    play_kept_suspended(seats, &rec); /* START wakes them up again */
    assert_int_equal(rec.end, END_MOVE_LIMIT);
    assert_int_equal(rec.nmoves, 6);
    seat_stop(&seats[0]);
    seat_stop(&seats[1]);
}

#ifdef __linux__
/* Whether `pid` ignores SIGPIPE (/proc/PID/status SigIgn). */
static bool ignores_sigpipe(pid_t pid)
{
    char path[64], line[256];
    unsigned long long mask = 0;
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "SigIgn: %llx", &mask) == 1)
            break;
    if (f) fclose(f);
    return mask >> (SIGPIPE - 1) & 1;
}

/* In a forked child with a process group of its own (the hang-up reaches nothing of the test
 * run): a game with both brains left suspended, a hang-up of the manager's group (what a shell
 * that started the manager in the background sends when it exits while a brain is stopped),
 * then a second game with the same brains. Returns 0, or which step failed. */
static int hangup_between_games(const EngineSpec *e)
{
    if (setpgid(0, 0) != 0) return 1;
    Seat seats[2] = {{.spec = &e[0]}, {.spec = &e[1]}};
    GameRecord rec;
    play_kept_suspended(seats, &rec);
    if (rec.end != END_MOVE_LIMIT) return 2;
    if (ignores_sigpipe(seats[0].proc.pid) || ignores_sigpipe(seats[1].proc.pid)) return 3;
    signal(SIGHUP, SIG_IGN);
    killpg(0, SIGHUP);
    play_kept_suspended(seats, &rec);
    int failed = rec.end != END_MOVE_LIMIT || rec.nmoves != 6 ? 4 : 0;
    seat_stop(&seats[0]);
    seat_stop(&seats[1]);
    return failed;
}

static void suspended_brains_outlive_a_hangup_of_the_managers_group(void **state)
{
    (void)state;
    EngineSpec e[2];
    engine(&e[0], "good");
    engine(&e[1], "good");
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0)
        _exit(hangup_between_games(e));
    int st;
    assert_int_equal(waitpid(child, &st, 0), child);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 0);
}

/* Out of the manager's group, Ctrl-C no longer reaches a brain: when its manager dies, a
 * suspended brain (which never reads the end of its stdin) must die with it. */
static void suspended_brains_die_with_their_manager(void **state)
{
    (void)state;
    EngineSpec e[2];
    engine(&e[0], "good");
    engine(&e[1], "good");
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) { /* a manager that dies between two games, its brains suspended */
        Seat seats[2] = {{.spec = &e[0]}, {.spec = &e[1]}};
        GameRecord rec;
        play_kept_suspended(seats, &rec);
        pid_t pids[2] = {seats[0].proc.pid, seats[1].proc.pid};
        _exit(write(fds[1], pids, sizeof pids) == sizeof pids ? 0 : 1);
    }
    close(fds[1]);
    pid_t brains[2] = {0, 0};
    assert_int_equal(read(fds[0], brains, sizeof brains), sizeof brains);
    close(fds[0]);
    assert_int_equal(waitpid(child, NULL, 0), child);
    int64_t until = clock_ms() + 2000;
    char st[2];
    for (;;) { /* gone, or a zombie its new parent has not reaped yet */
        for (int i = 0; i < 2; i++)
            st[i] = process_state(brains[i]);
        if ((st[0] == '?' || st[0] == 'Z') && (st[1] == '?' || st[1] == 'Z')) break;
        if (clock_ms() > until) {
            kill(brains[0], SIGKILL);
            kill(brains[1], SIGKILL);
            fail_msg("brains left behind in states %c %c", st[0], st[1]);
        }
        struct timespec nap = {0, 5000000};
        nanosleep(&nap, NULL);
    }
}
#endif

/* ---- the runner binary ---- */

/* Runs the runner with `args` appended (shell words); returns its exit status. */
static int arena(const char *args)
{
    char cmd[4096];
    int len = snprintf(cmd, sizeof cmd, "%s %s >/dev/null 2>&1", env_path("ARENA_BIN"), args);
    assert_true(len > 0 && (size_t)len < sizeof cmd);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const char *brain_arg(void)
{
    return env_path("TEST_BRAIN");
}

static void bad_input_stops_before_any_game(void **state)
{
    (void)state;
    char args[2048];
    snprintf(args, sizeof args, "--out scratch-bad --engine cmd=/nonexistent/pbrain-x "
             "--engine cmd=%s", brain_arg());
    assert_int_equal(arena(args), 2);
    snprintf(args, sizeof args, "--out scratch-bad --frobnicate --engine cmd=%s "
             "--engine \"cmd=%s good\" name=b", brain_arg(), brain_arg());
    assert_int_equal(arena(args), 2);
    snprintf(args, sizeof args, "--out scratch-bad --size 99 --engine cmd=%s "
             "--engine \"cmd=%s good\" name=b", brain_arg(), brain_arg());
    assert_int_equal(arena(args), 2);
    FILE *f = fopen("scratch-far.txt", "w");
    fputs("0,0, 9,9\n", f);
    fclose(f);
    snprintf(args, sizeof args, "--out scratch-bad --openings scratch-far.txt "
             "--engine cmd=%s --engine \"cmd=%s good\" name=b", brain_arg(), brain_arg());
    assert_int_equal(arena(args), 2);
    assert_int_not_equal(access("scratch-bad/results.jsonl", F_OK), 0);
    remove("scratch-far.txt");
}

static void load(const char *path, RecordList *l)
{
    int skipped = 0;
    memset(l, 0, sizeof *l);
    assert_int_equal(results_load(path, l, &skipped), 0);
    assert_int_equal(skipped, 0);
    record_list_sort_unique(l);
}

static void assert_same_games(const RecordList *a, const RecordList *b)
{
    assert_int_equal(a->count, b->count);
    for (int i = 0; i < a->count; i++) {
        const GameRecord *x = &a->items[i], *y = &b->items[i];
        assert_int_equal(x->id, y->id);
        assert_int_equal(x->engine[0], y->engine[0]);
        assert_int_equal(x->engine[1], y->engine[1]);
        assert_int_equal(x->winner, y->winner);
        assert_int_equal(x->end, y->end);
        assert_int_equal(x->nmoves, y->nmoves);
        assert_memory_equal(x->moves, y->moves, (size_t)x->nmoves * sizeof x->moves[0]);
    }
}

#define TOURNEY "--turn 300 --tolerance 1000 --drawafter 30 --quiet --concurrency 2 " \
                "--openings tournaments/openings/freestyle15-classic26.txt --max-openings 3 " \
                "--random --seed 5 --symmetry"

static void engines(char *out, size_t cap)
{
    const char *b = brain_arg();
    snprintf(out, cap, "--engine \"cmd=%s good\" name=good --engine \"cmd=%s noisy\" name=noisy "
             "--engine \"cmd=%s occupied\" name=occupied", b, b, b);
}

static void two_shards_merge_into_the_full_run(void **state)
{
    (void)state;
    char args[4096], eng[2048];
    engines(eng, sizeof eng);
    snprintf(args, sizeof args, "%s --out scratch-full %s", TOURNEY, eng);
    assert_int_equal(arena(args), 0);
    snprintf(args, sizeof args, "%s --shard 1/2 --out scratch-s1 %s", TOURNEY, eng);
    assert_int_equal(arena(args), 0);
    snprintf(args, sizeof args, "%s --shard 2/2 --out scratch-s2 %s", TOURNEY, eng);
    assert_int_equal(arena(args), 0);
    assert_int_equal(arena("merge scratch-merged.jsonl scratch-s1/results.jsonl "
                           "scratch-s2/results.jsonl"), 0);
    RecordList full, s1, merged;
    load("scratch-full/results.jsonl", &full);
    load("scratch-s1/results.jsonl", &s1);
    load("scratch-merged.jsonl", &merged);
    assert_int_equal(full.count, 3 * 3 * 2); /* 3 pairings x 3 openings x 2 colours */
    assert_true(s1.count > 0 && s1.count < full.count);
    assert_same_games(&full, &merged);
    /* Another run's game under an id already merged: not a shard, said so by the exit status. */
    GameRecord other = full.items[0];
    other.winner = other.winner == BLACK ? WHITE : BLACK;
    FILE *f = fopen("scratch-other.jsonl", "w");
    assert_non_null(f);
    assert_int_equal(results_append(f, &other), 0);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(arena("merge scratch-merged.jsonl scratch-s1/results.jsonl "
                           "scratch-s2/results.jsonl scratch-full/results.jsonl"), 0);
    assert_int_equal(arena("merge scratch-merged.jsonl scratch-s1/results.jsonl "
                           "scratch-s2/results.jsonl scratch-other.jsonl"), 1);
    remove("scratch-other.jsonl");
    assert_int_equal(access("scratch-full/report.html", R_OK), 0);
    assert_int_equal(access("scratch-full/games.pgn", R_OK), 0);
    assert_int_equal(access("scratch-full/games/game-00001.sgf", R_OK), 0);
    assert_int_equal(access("scratch-full/games/game-00018.psq", R_OK), 0);
    record_list_free(&full);
    record_list_free(&s1);
    record_list_free(&merged);
    remove("scratch-merged.jsonl");
}

/* A run killed mid-write leaves a torn last line: the rerun keeps every finished game, plays
 * the rest, and ends with the same results as an uninterrupted run. */
static void rerun_resumes_after_a_torn_line(void **state)
{
    (void)state;
    char args[4096], eng[2048];
    engines(eng, sizeof eng);
    snprintf(args, sizeof args, "%s --out scratch-resume %s", TOURNEY, eng);
    assert_int_equal(arena(args), 0);
    RecordList before, after;
    load("scratch-resume/results.jsonl", &before);
    /* keep the first 5 lines and half of the 6th */
    assert_int_equal(system("cd scratch-resume && head -n 5 results.jsonl > r.tmp && "
                            "sed -n 6p results.jsonl | head -c 60 >> r.tmp && mv r.tmp results.jsonl"), 0);
    assert_int_equal(arena(args), 0);
    int skipped = 0;
    memset(&after, 0, sizeof after);
    assert_int_equal(results_load("scratch-resume/results.jsonl", &after, &skipped), 0);
    assert_int_equal(skipped, 1); /* only the torn line */
    record_list_sort_unique(&after);
    assert_same_games(&before, &after);
    record_list_free(&before);
    record_list_free(&after);
}

static void sprt_stops_early(void **state)
{
    (void)state;
    char args[4096];
    const char *b = brain_arg();
    /* good and noisy play alike: far from 200 Elo apart, so H0 comes early */
    snprintf(args, sizeof args, "--turn 300 --quiet --concurrency 1 --rounds 50 --sprt 200,300 "
             "--openings tournaments/openings/freestyle15-classic26.txt --random --symmetry "
             "--drawafter 30 --out scratch-sprt --engine \"cmd=%s good\" name=good "
             "--engine \"cmd=%s noisy\" name=noisy", b, b);
    assert_int_equal(arena(args), 0);
    RecordList l;
    load("scratch-sprt/results.jsonl", &l);
    assert_true(l.count >= 2);
    assert_true(l.count < 26 * 50 * 2); /* every opening, 50 rounds, 2 colours were scheduled */
    record_list_free(&l);
}

/* Every file the runner writes goes to a fresh folder of our own, so that suites running at the
 * same time (make test, make test-asan) never share one; paths given relative to the project
 * root are made absolute first, and tournaments/ is linked in for the openings. */
static int enter_scratch_folder(char *dir)
{
    char root[PATH_MAX], abs[PATH_MAX], link[PATH_MAX + 16];
    const char *vars[] = {"TEST_BRAIN", "ARENA_BIN"};
    if (!getcwd(root, sizeof root) || !mkdtemp(dir)) return -1;
    for (int i = 0; i < 2; i++)
        if (!realpath(getenv(vars[i]), abs) || setenv(vars[i], abs, 1)) return -1;
    snprintf(link, sizeof link, "%s/tournaments", root);
    return chdir(dir) || symlink(link, "tournaments") ? -1 : 0;
}

int main(void)
{
    char dir[] = "/tmp/gamok-arena-test-XXXXXX", cleanup[64];
    if (!env_path("TEST_BRAIN") || !env_path("ARENA_BIN")) {
        fprintf(stderr, "TEST_BRAIN and ARENA_BIN must be set (make test sets them)\n");
        return 1;
    }
    if (enter_scratch_folder(dir)) {
        perror("test_arena_games: scratch folder");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_brains_finish_a_game),
        cmocka_unit_test(move_limit_draws),
        cmocka_unit_test(crash_loses),
        cmocka_unit_test(silent_brain_loses_on_time_after_yxstop),
        cmocka_unit_test(brain_answering_yxstop_within_tolerance_plays_on),
        cmocka_unit_test(match_clock_forfeits_and_time_left_is_sent),
        cmocka_unit_test(illegal_moves_lose),
        cmocka_unit_test(renju_foul_loses),
        cmocka_unit_test(unparseable_reply_loses_unless_lenient),
        cmocka_unit_test(bad_start_and_silence_lose_without_hanging),
        cmocka_unit_test(reused_process_plays_again_after_start),
        cmocka_unit_test(peak_memory_is_measured_per_game),
        cmocka_unit_test(suspended_brains_sleep_between_turns),
#ifdef __linux__
        cmocka_unit_test(suspended_brains_outlive_a_hangup_of_the_managers_group),
        cmocka_unit_test(suspended_brains_die_with_their_manager),
#endif
        cmocka_unit_test(bad_input_stops_before_any_game),
        cmocka_unit_test(two_shards_merge_into_the_full_run),
        cmocka_unit_test(rerun_resumes_after_a_torn_line),
        cmocka_unit_test(sprt_stops_early),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    snprintf(cleanup, sizeof cleanup, "rm -rf %s", dir);
    if (!failed && system(cleanup) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return failed;
}
