/* tournaments/make-openings.sh, SELECT=eval: the same file on every run, openings the runner
 * accepts, one per position up to symmetry, and the kept ones are those whose search score is
 * nearest 0 (checked against a run that keeps every candidate); with a JUDGE brain, its
 * judgement read from Rapfi's lines, proven results never kept, the stones sent as a game.
 * Uses the brain in GAMOK_BIN. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/rules.h"
#include "tournaments/opening.h"

#define CANDIDATES 8
#define STONES 5
#define SIZE 15

static char scratch[] = "/tmp/gamok-openings-test-XXXXXX";

/* Runs the script with a small, shallow search into scratch/NAME.txt (path written to `path`). */
static void make_stones(int stones, int keep, const char *name, char *path, size_t cap)
{
    snprintf(path, cap, "%s/%s.txt", scratch, name);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "CANDIDATES=%d KEEP=%d DEPTH=2 STONES=%d SELECT=eval BIN='%s' "
             "sh tournaments/make-openings.sh 0 %d '%s' 1 >/dev/null",
             CANDIDATES, keep, stones, getenv("GAMOK_BIN"), SIZE, path);
    assert_int_equal(system(cmd), 0);
}

static void make_set(int keep, const char *name, char *path, size_t cap)
{
    make_stones(STONES, keep, name, path, cap);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[2][8192];
    static int which;
    char *b = buf[which++ % 2];
    size_t n = fread(b, 1, sizeof buf[0] - 1, f);
    b[n] = '\0';
    fclose(f);
    return b;
}

/* The scores listed on the header's second line, in file order. */
static int header_scores(const char *text, int *scores, int max)
{
    const char *p = strstr(text, "in order:");
    assert_non_null(p);
    p += strlen("in order:");
    const char *end = strchr(p, '\n');
    int n = 0, used;
    while (n < max && p < end && sscanf(p, "%d%n", &scores[n], &used) == 1) {
        p += used;
        n++;
    }
    return n;
}

/* A position as a string that is the same for all 8 symmetries (the least of the 8 forms). */
static void canonical(const Opening *o, char *out)
{
    out[0] = '\0';
    for (int sym = 0; sym < 8; sym++) {
        Board b;
        board_init(&b, SIZE, RULE_FREESTYLE);
        char err[128], form[SIZE * SIZE + 1];
        assert_int_equal(opening_apply(o, sym, &b, err, sizeof err), 0);
        for (int y = 0; y < SIZE; y++)
            for (int x = 0; x < SIZE; x++)
                form[y * SIZE + x] = (char)('0' + board_at(&b, x, y));
        form[SIZE * SIZE] = '\0';
        if (!out[0] || strcmp(form, out) < 0)
            memcpy(out, form, sizeof form);
    }
}

static bool same_opening(const Opening *a, const Opening *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->x[i] != b->x[i] || a->y[i] != b->y[i])
            return false;
    return true;
}

static void load(const char *path, OpeningSet *set)
{
    char err[256];
    assert_int_equal(opening_load(path, OPEN_OFFSET, set, err, sizeof err), 0);
}

static void eval_selection_is_repeatable_and_valid(void **state)
{
    (void)state;
    char a[256], b[256];
    make_set(3, "a", a, sizeof a);
    make_set(3, "b", b, sizeof b);
    assert_string_equal(read_all(a), read_all(b));
    OpeningSet set;
    load(a, &set);
    assert_int_equal(set.count, 3);
    int scores[16];
    assert_int_equal(header_scores(read_all(a), scores, 16), 3);
    static char forms[3][SIZE * SIZE + 1];
    for (int i = 0; i < set.count; i++) {
        assert_int_equal(set.items[i].n, STONES);
        canonical(&set.items[i], forms[i]);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(forms[i], forms[j]);
    }
    opening_set_free(&set);
}

/* A second stone within 2 of the centre has 5 places up to symmetry: asking for 8 candidates
 * gives those 5, no two alike. */
static void candidates_differ_up_to_symmetry(void **state)
{
    (void)state;
    char path[256];
    make_stones(2, CANDIDATES, "two", path, sizeof path);
    OpeningSet set;
    load(path, &set);
    assert_int_equal(set.count, 5);
    static char forms[5][SIZE * SIZE + 1];
    for (int i = 0; i < set.count; i++) {
        canonical(&set.items[i], forms[i]);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(forms[i], forms[j]);
    }
    opening_set_free(&set);
}

static int abs_int(int v) { return v < 0 ? -v : v; }

/* With KEEP = every candidate the header lists them all: the 3 kept must be the 3 nearest 0
 * (ties to the earlier candidate), in candidate order. */
static void keeps_the_scores_nearest_zero(void **state)
{
    (void)state;
    char all[256], some[256];
    make_set(CANDIDATES, "all", all, sizeof all);
    make_set(3, "some", some, sizeof some);
    int s_all[16], s_some[16];
    assert_int_equal(header_scores(read_all(all), s_all, 16), CANDIDATES);
    assert_int_equal(header_scores(read_all(some), s_some, 16), 3);
    bool kept[CANDIDATES] = {false};
    for (int k = 0; k < 3; k++) {
        int best = -1;
        for (int i = 0; i < CANDIDATES; i++)
            if (!kept[i] && (best < 0 || abs_int(s_all[i]) < abs_int(s_all[best])))
                best = i;
        kept[best] = true;
    }
    OpeningSet every, chosen;
    load(all, &every);
    load(some, &chosen);
    int k = 0;
    for (int i = 0; i < CANDIDATES; i++) {
        if (!kept[i])
            continue;
        assert_int_equal(s_some[k], s_all[i]);
        assert_true(same_opening(&chosen.items[k], &every.items[i]));
        k++;
    }
    opening_set_free(&every);
    opening_set_free(&chosen);
}

/* A judge (a stand-in for Rapfi) that answers the n-th session with the n-th of a fixed list of
 * Rapfi-style evals and keeps the first session it was sent. */
static const char *const JUDGED[CANDIDATES] = {"+M9", "120", "-30", "-M4", "50", "7", "-200", "90"};

static void write_judge(char *cmd, size_t cap)
{
    char path[256];
    snprintf(path, sizeof path, "%s/judge.sh", scratch);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "d=%s; n=$(cat $d/calls 2>/dev/null || echo 0); echo $((n + 1)) > $d/calls\n"
               "[ $n -gt 0 ] && cat >/dev/null || cat > $d/session\nset --", scratch);
    for (int i = 0; i < CANDIDATES; i++)
        fprintf(f, " %s", JUDGED[i]);
    fprintf(f, "\nshift $n\necho \"MESSAGE Depth 4-9 | Eval 0 | Time 1ms | H8\"\n"
               "echo \"MESSAGE Depth 5-9 | Eval $1 | Time 2ms | H8 I9\"\necho 7,7\n");
    fclose(f);
    snprintf(cmd, cap, "sh %s", path);
}

/* The judge's evals decide: proven ones ("+M9", "-M4") left out, then the 3 nearest 0 (7, -30,
 * 50) in candidate order, among the same candidates as SELECT=none gives; the judge was sent the
 * position as a game: black's stone first, colours alternating, its own (white's) stones as 1. */
static void judge_keeps_its_evals_nearest_zero(void **state)
{
    (void)state;
    char judge[300], path[256], every_path[256], cmd[1024];
    write_judge(judge, sizeof judge);
    snprintf(path, sizeof path, "%s/judged.txt", scratch);
    snprintf(every_path, sizeof every_path, "%s/every.txt", scratch);
    snprintf(cmd, sizeof cmd,
             "CANDIDATES=%d KEEP=3 STONES=%d SELECT=eval JUDGE='%s' JUDGE_MS=250 "
             "sh tournaments/make-openings.sh 0 %d '%s' 1 >/dev/null && CANDIDATES=%d STONES=%d "
             "SELECT=none sh tournaments/make-openings.sh 0 %d '%s' 1 >/dev/null",
             CANDIDATES, STONES, judge, SIZE, path, CANDIDATES, STONES, SIZE, every_path);
    assert_int_equal(system(cmd), 0);
    int scores[16];
    assert_int_equal(header_scores(read_all(path), scores, 16), 3);
    assert_int_equal(scores[0], -30);
    assert_int_equal(scores[1], 50);
    assert_int_equal(scores[2], 7);
    OpeningSet every, chosen;
    load(every_path, &every);
    load(path, &chosen);
    assert_int_equal(chosen.count, 3);
    const int index[3] = {2, 4, 5};
    for (int k = 0; k < 3; k++)
        assert_true(same_opening(&chosen.items[k], &every.items[index[k]]));
    char session[256];
    snprintf(session, sizeof session, "%s/session", scratch);
    const char *text = read_all(session);
    assert_non_null(strstr(text, "INFO timeout_turn 250\n"));
    const char *board = strstr(text, "BOARD\n");
    assert_non_null(board);
    const Opening *o = &every.items[0];
    char expect[256] = "BOARD\n";
    for (int i = 0; i < o->n; i++) /* offsets from the centre, 7,7 on 15x15 */
        snprintf(expect + strlen(expect), sizeof expect - strlen(expect), "%d,%d,%d\n",
                 7 + o->x[i], 7 + o->y[i], i % 2 ? 1 : 2);
    strcat(expect, "DONE\n");
    assert_int_equal(strncmp(board, expect, strlen(expect)), 0);
    opening_set_free(&every);
    opening_set_free(&chosen);
}

int main(void)
{
    if (!getenv("GAMOK_BIN") || !*getenv("GAMOK_BIN")) {
        fprintf(stderr, "GAMOK_BIN must be set (make test sets it)\n");
        return 1;
    }
    if (!mkdtemp(scratch)) {
        perror("test_openings: scratch folder");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eval_selection_is_repeatable_and_valid),
        cmocka_unit_test(keeps_the_scores_nearest_zero),
        cmocka_unit_test(candidates_differ_up_to_symmetry),
        cmocka_unit_test(judge_keeps_its_evals_nearest_zero),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    char cleanup[128];
    snprintf(cleanup, sizeof cleanup, "rm -rf %s", scratch);
    if (!failed && system(cleanup) != 0)
        fprintf(stderr, "could not remove %s\n", scratch);
    return failed;
}
