/* gamok-tactics: the tactical suite (tests/positions/tactics_*.txt, answers verified by
 * tests/test_tactics.c) played through the real Gomocup protocol. Each position goes to a fresh
 * brain process as START / INFO / BOARD ... DONE; the move it answers is solved when it is one
 * of the position's `expect:` cells and none of its `avoid:` cells. Prints one line per position
 * and the solve counts per category. */
#define _POSIX_C_SOURCE 200809L
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/clock.h"
#include "tests/support/positions.h"
#include "tournaments/brainproc.h"

#define MAX_CATEGORIES 16
#define REPLY_GRACE_MS 5000 /* beyond the turn time before a silent brain counts as failed */

typedef struct Options {
    const char *brain;
    const char *positions; /* a glob: a file, or several */
    int turn_ms;
} Options;

typedef struct Tally {
    char name[32];
    int solved, total;
} Tally;

static void usage(void)
{
    puts("usage: gamok-tactics [--brain CMD] [--turn-ms MS] [--positions GLOB]\n"
         "Defaults: --brain ./pbrain-gamok --turn-ms 1000 --positions 'tests/positions/tactics_*.txt'");
}

static int parse_args(int argc, char **argv, Options *o)
{
    *o = (Options){"./pbrain-gamok", "tests/positions/tactics_*.txt", 1000};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc) return -1;
        if (!strcmp(a, "--brain")) o->brain = argv[++i];
        else if (!strcmp(a, "--turn-ms")) o->turn_ms = atoi(argv[++i]);
        else if (!strcmp(a, "--positions")) o->positions = argv[++i];
        else return -1;
    }
    return o->turn_ms > 0 ? 0 : -1;
}

static void sendf(BrainProc *p, const char *fmt, int a, int b, int c)
{
    char line[64];
    snprintf(line, sizeof line, fmt, a, b, c);
    brainproc_send(p, line);
}

/* Sends the position (own stones = the side to move's, field 1) and returns the brain's move,
 * or CELL_NONE when it crashed, timed out or answered something that is not "x,y". */
static int ask_move(BrainProc *p, const TestPosition *tp, int turn_ms)
{
    const Board *b = &tp->board;
    char line[256];
    sendf(p, "START %d", b->size, 0, 0);
    if (brainproc_read_line(p, line, sizeof line, REPLY_GRACE_MS) != 1 || strncmp(line, "OK", 2))
        return CELL_NONE;
    sendf(p, "INFO rule %d", tp->rule, 0, 0);
    sendf(p, "INFO timeout_turn %d", turn_ms, 0, 0);
    sendf(p, "INFO timeout_match %d", 1000000000, 0, 0);
    brainproc_send(p, "BOARD");
    uint16_t order[BOARD_CELLS];
    int n = tp_board_order(b, order);
    for (int i = 0; i < n; i++) {
        int c = order[i], color = b->cell[c];
        int field = color == BLOCKER ? 3 : color == b->to_move ? 1 : 2;
        sendf(p, "%d,%d,%d", c % BOARD_STRIDE, c / BOARD_STRIDE, field);
    }
    brainproc_send(p, "DONE");
    while (brainproc_read_line(p, line, sizeof line, turn_ms + REPLY_GRACE_MS) == 1) {
        int x, y;
        if (!line[0] || !strncmp(line, "MESSAGE", 7) || !strncmp(line, "DEBUG", 5)) continue;
        if (sscanf(line, "%d,%d", &x, &y) == 2 && board_on(b, x, y)) return cell_index(x, y);
        return CELL_NONE;
    }
    return CELL_NONE;
}

static Tally *tally_for(Tally *t, int *n, const char *category)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(t[i].name, category)) return &t[i];
    if (*n == MAX_CATEGORIES) return &t[MAX_CATEGORIES - 1];
    t[*n] = (Tally){.solved = 0, .total = 0};
    snprintf(t[*n].name, sizeof t[*n].name, "%s", category);
    return &t[(*n)++];
}

/* The file's name without folder, "tactics_" and ".txt": names are unique within a file only. */
static void file_label(const char *path, char *label, size_t cap)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (!strncmp(base, "tactics_", 8)) base += 8;
    snprintf(label, cap, "%s", base);
    char *dot = strrchr(label, '.');
    if (dot) *dot = 0;
}

/* Plays every position of one file; returns -1 when the file cannot be loaded. */
static int run_file(const Options *o, const char *path, Tally *t, int *ncat, Tally *all)
{
    char label[64];
    file_label(path, label, sizeof label);
    TestPosition *list = NULL;
    int n = tp_load(path, &list);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) {
        const TestPosition *tp = &list[i];
        BrainProc p;
        int64_t start = clock_ms();
        int move = brainproc_start(&p, o->brain) ? CELL_NONE : ask_move(&p, tp, o->turn_ms);
        int64_t ms = clock_ms() - start;
        brainproc_stop(&p, 500);
        int ok = move != CELL_NONE && tp_in(tp->expect, tp->nexpect, move) &&
                 !tp_in(tp->avoid, tp->navoid, move);
        Tally *c = tally_for(t, ncat, tp->category[0] ? tp->category : "-");
        c->solved += ok, c->total++;
        all->solved += ok, all->total++;
        if (move == CELL_NONE)
            printf("%-5s %-12s %-12s %-40s move=none  %5lld ms\n", "FAIL", label, c->name, tp->name,
                   (long long)ms);
        else
            printf("%-5s %-12s %-12s %-40s move=%d,%-3d %5lld ms\n", ok ? "ok" : "FAIL", label, c->name,
                   tp->name, move % BOARD_STRIDE, move / BOARD_STRIDE, (long long)ms);
        fflush(stdout);
    }
    free(list);
    return 0;
}

int main(int argc, char **argv)
{
    Options o;
    if (parse_args(argc, argv, &o)) { usage(); return 2; }
    glob_t g;
    if (glob(o.positions, 0, NULL, &g) || g.gl_pathc == 0) {
        fprintf(stderr, "gamok-tactics: no file matches %s\n", o.positions);
        return 2;
    }
    Tally t[MAX_CATEGORIES], all = {"total", 0, 0};
    int ncat = 0, rc = 0;
    printf("# brain %s, %d ms a move, positions %s\n", o.brain, o.turn_ms, o.positions);
    for (size_t i = 0; i < g.gl_pathc; i++)
        if (run_file(&o, g.gl_pathv[i], t, &ncat, &all)) rc = 2;
    globfree(&g);
    printf("# solved by category\n");
    for (int i = 0; i < ncat; i++)
        printf("%-12s %3d / %3d\n", t[i].name, t[i].solved, t[i].total);
    printf("%-12s %3d / %3d (%.1f%%)\n", all.name, all.solved, all.total,
           all.total ? 100.0 * all.solved / all.total : 0.0);
    return rc;
}
