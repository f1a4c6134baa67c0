/* `make depth-bench`: how deep the tree gets in a fixed time, and how soon it proves a known
 * forced win. One thread, the CPU evaluator, a fresh table per position, a hard deadline (no
 * time manager), from
 *   - the middle games of the tree bench (tests/positions/tree_bench.txt, search_middle.txt):
 *     the depth of the last completed iteration;
 *   - undecided middle games of recorded games, freestyle 15x15 and 20x20
 *     (tests/positions/depth_quiet.txt, made by bench/find-quiet-positions.py): the same; the
 *     tree's reach where nothing is proven (the tree bench's games are mostly proven by now,
 *     and a proof ends the iterations early, so their mean falls when a proof comes sooner);
 *   - positions of recorded games with a known forced win for the side to move
 *     (tests/positions/depth_wins.txt, made by bench/find-forced-wins.py): the time until the
 *     search first reports a proven win, or that it did not within the time;
 *   - traps from games lost to Rapfi classical (tests/positions/depth_traps.txt, made by
 *     bench/find-traps.py): a move that walks into a forced loss Rapfi proves at once, where
 *     another does not lose; whether the search's answer avoids it.
 * With --rapfi PATH the same positions go to that Gomocup brain through the protocol (one
 * process each, `INFO timeout_turn`), and its last reported depth and evaluation are printed
 * beside (Rapfi's MESSAGE lines: "depth D-S ev E ..."). Options: --ms N (default 1000),
 * --nodes N (a node budget a position instead of the time: the same trees whatever else the
 * machine runs, for comparing two builds on a busy box; Rapfi still gets --ms), --max-positions N
 * (each file), --rapfi PATH. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/rapfi_probe.h"
#include "brain/clock.h"
#include "brain/search.h"
#include "kernels/evaluator.h"
#include "tests/support/positions.h"

static const char *const MIDDLE_FILES[] = {"tests/positions/tree_bench.txt",
                                           "tests/positions/search_middle.txt"};
static const char *const WIN_FILE = "tests/positions/depth_wins.txt";
static const char *const QUIET_FILE = "tests/positions/depth_quiet.txt";
static const char *const TRAP_FILE = "tests/positions/depth_traps.txt";

typedef struct Options {
    int ms, max_positions;
    uint64_t nodes; /* 0: the time limit */
    const char *rapfi;
} Options;

/* What one search saw: when a proven win first came, and whether an iteration proved anything
 * (a root proven lost then answers its longest resistance, scored 0). */
typedef struct Seen {
    int64_t start;
    int64_t win_ms;      /* -1: none */
    uint64_t win_nodes;  /* the nodes visited by then */
    bool proven;
} Seen;

static void on_event(void *ctx, const SearchEvent *ev)
{
    Seen *seen = ctx;
    if (ev->kind == SEARCH_EVENT_ITERATION && abs(ev->score) >= SCORE_WIN_MIN)
        seen->proven = true;
    if (ev->kind == SEARCH_EVENT_ITERATION && ev->score >= SCORE_WIN_MIN && seen->win_ms < 0) {
        seen->win_ms = clock_ms() - seen->start;
        seen->win_nodes = ev->nodes;
    }
}

typedef struct Outcome {
    SearchResult r;
    int64_t win_ms;
    uint64_t win_nodes;
    bool decided; /* some iteration proved a win or a loss */
} Outcome;

static Outcome limited_search(Search *s, const TestPosition *tp, const Options *o)
{
    Board b = tp->board;
    Seen seen = {clock_ms(), -1, 0, false};
    SearchObserver obs = {on_event, &seen, NULL};
    search_set_observer(s, &obs);
    search_clear(s);
    seen.start = clock_ms();
    SearchLimits lim = {.max_depth = SEARCH_MAX_PLY};
    if (o->nodes)
        lim.max_nodes = o->nodes;
    else
        lim.deadline_ms = seen.start + o->ms;
    SearchResult r = search_best_move(s, &b, &lim, NULL);
    Outcome out = {r, seen.win_ms, seen.win_nodes,
                   seen.proven || r.score >= SCORE_WIN_MIN || r.score <= -SCORE_WIN_MIN};
    search_set_observer(s, NULL);
    return out;
}

static int load_all(const char *const *files, int nfiles, int max_each, TestPosition **out)
{
    TestPosition *all = NULL;
    int n = 0;
    for (int f = 0; f < nfiles; f++) {
        TestPosition *p;
        int k = tp_load(files[f], &p);
        if (k < 0)
            continue;
        k = k < max_each ? k : max_each;
        TestPosition *grown = realloc(all, (size_t)(n + k) * sizeof *all);
        if (!grown) {
            free(p);
            break;
        }
        all = grown;
        memcpy(all + n, p, (size_t)k * sizeof *p);
        n += k;
        free(p);
    }
    *out = all;
    return n;
}

static void print_rapfi(const Options *o, const TestPosition *tp)
{
    if (!o->rapfi)
        return;
    RapfiSeen r = rapfi_probe(o->rapfi, &tp->board, tp->rule, o->ms);
    if (!r.ok)
        printf("   | rapfi: no answer");
    else if (r.win)
        printf("   | rapfi: depth %3d ev %6s, proven in %5lld ms", r.depth, r.eval,
               (long long)r.win_ms);
    else
        printf("   | rapfi: depth %3d ev %6s", r.depth, r.eval);
}

/* "1000 ms" or "800000 nodes": a position's limit, for the headings. */
static const char *limit_text(const Options *o)
{
    static char text[48];
    if (o->nodes)
        snprintf(text, sizeof text, "%llu nodes", (unsigned long long)o->nodes);
    else
        snprintf(text, sizeof text, "%d ms", o->ms);
    return text;
}

/* The middle games: the depth reached, on average over all and over those the search did not
 * decide (a proven result ends the iterations at the proof's length, which is no depth). */
static void bench_middle(Search *s, const Options *o, const TestPosition *pos, int n,
                         const char *which)
{
    int sum = 0, open_sum = 0, open = 0;
    printf("## Completed depth in %s, %d middle games (%s)\n", limit_text(o), n, which);
    for (int i = 0; i < n; i++) {
        Outcome out = limited_search(s, &pos[i], o);
        bool decided = out.decided;
        sum += out.r.depth;
        open_sum += decided ? 0 : out.r.depth;
        open += !decided;
        printf("  %-48.48s depth %3d  nodes %9llu  score %6d%s", pos[i].name, out.r.depth,
               (unsigned long long)out.r.nodes, out.r.score, decided ? " (decided)" : "");
        print_rapfi(o, &pos[i]);
        printf("\n");
        fflush(stdout);
    }
    printf("  mean completed depth: %.2f over all %d, %.2f over the %d undecided\n\n",
           n ? (double)sum / n : 0.0, n, open ? (double)open_sum / open : 0.0, open);
}

/* The known wins: proven or not, and when. */
static void bench_wins(Search *s, const Options *o, const TestPosition *pos, int n)
{
    int proven = 0;
    int64_t total_ms = 0;
    uint64_t total_nodes = 0;
    printf("## Known forced wins proven within %s, %d positions (%s)\n", limit_text(o), n,
           WIN_FILE);
    for (int i = 0; i < n; i++) {
        Outcome out = limited_search(s, &pos[i], o);
        bool win = out.win_ms >= 0;
        proven += win;
        total_ms += win ? out.win_ms : 0;
        total_nodes += win ? out.win_nodes : 0;
        printf("  %-48.48s ", pos[i].name);
        if (win)
            printf("proven in %5lld ms %9llu nodes", (long long)out.win_ms,
                   (unsigned long long)out.win_nodes);
        else
            printf("not proven                      ");
        printf("  depth %3d  nodes %9llu", out.r.depth, (unsigned long long)out.r.nodes);
        print_rapfi(o, &pos[i]);
        printf("\n");
        fflush(stdout);
    }
    printf("  proven: %d of %d; mean time of those: %.0f ms, mean nodes: %.0f\n\n", proven, n,
           proven ? (double)total_ms / proven : 0.0,
           proven ? (double)total_nodes / proven : 0.0);
}

/* The traps: whether the answer avoids the move that walks into the forced loss. */
static void bench_traps(Search *s, const Options *o, const TestPosition *pos, int n)
{
    int avoided = 0;
    printf("## Traps avoided within %s, %d positions (%s)\n", limit_text(o), n, TRAP_FILE);
    for (int i = 0; i < n; i++) {
        Outcome out = limited_search(s, &pos[i], o);
        bool ok = !tp_in(pos[i].avoid, pos[i].navoid, out.r.move);
        avoided += ok;
        printf("  %-48.48s %-8s %2d,%-2d  depth %3d  nodes %9llu  score %6d", pos[i].name,
               ok ? "avoided" : "TRAPPED", cell_x(out.r.move), cell_y(out.r.move), out.r.depth,
               (unsigned long long)out.r.nodes, out.r.score);
        print_rapfi(o, &pos[i]);
        printf("\n");
        fflush(stdout);
    }
    printf("  avoided: %d of %d\n\n", avoided, n);
}

static bool parse(int argc, char **argv, Options *o)
{
    *o = (Options){1000, 1000, 0, NULL};
    for (int i = 1; i < argc; i += 2) {
        if (i + 1 >= argc)
            return false;
        if (!strcmp(argv[i], "--ms"))
            o->ms = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--nodes"))
            o->nodes = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--max-positions"))
            o->max_positions = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--rapfi"))
            o->rapfi = argv[i + 1];
        else
            return false;
    }
    return o->ms > 0 && o->max_positions > 0;
}

int main(int argc, char **argv)
{
    Options o;
    if (!parse(argc, argv, &o)) {
        fprintf(stderr, "usage: depth-bench [--ms N] [--nodes N] [--max-positions N] [--rapfi PATH]\n");
        return 2;
    }
    TestPosition *middle, *quiet, *wins, *traps;
    int nm = load_all(MIDDLE_FILES, 2, o.max_positions, &middle);
    int nq = load_all(&QUIET_FILE, 1, o.max_positions, &quiet);
    int nw = load_all(&WIN_FILE, 1, o.max_positions, &wins);
    int nt = load_all(&TRAP_FILE, 1, o.max_positions, &traps);
    if (nw <= 0)
        printf("(no %s: the known wins are skipped)\n", WIN_FILE);
    Evaluator *cpu = evaluator_cpu_create();
    Search *s = cpu ? search_create(cpu, (size_t)128 << 20) : NULL;
    if (!s || nm == 0) {
        fprintf(stderr, "depth-bench: no memory or no positions (run from the repository)\n");
        return 1;
    }
    printf("# depth-bench: 1 thread, CPU evaluator, %s a position, a fresh 128 MB table each%s\n\n",
           limit_text(&o), o.rapfi ? ", Rapfi through the protocol beside" : "");
    bench_middle(s, &o, middle, nm, "tree bench");
    if (nq > 0)
        bench_middle(s, &o, quiet, nq, QUIET_FILE);
    if (nw > 0)
        bench_wins(s, &o, wins, nw);
    if (nt > 0)
        bench_traps(s, &o, traps, nt);
    search_destroy(s);
    evaluator_destroy(cpu);
    free(middle);
    free(quiet);
    free(wins);
    free(traps);
    return 0;
}
