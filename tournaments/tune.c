/* gamok-tune: fits kernels/values.h's numbers to the games of gamok-arena results files
 * (tournaments/fit.h says how), starting from one of its sets (--from, default fitted). Prints
 * the loss before and after, on the training games and on the held-out ones, and the fitted
 * numbers in values.h's order. It changes nothing: whether the numbers play better is for a
 * match to say (README, "Strength").
 *
 *   gamok-tune [--from hand|fitted] [--iters N] [--rate R] [--k K] [--hold-out N] RESULTS...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/values.h"
#include "tournaments/fit.h"
#include "tournaments/results.h"

static const char *const NAMES[FIT_PARAMS] = {
    "PAT_B2",   "PAT_F2",   "PAT_B3",   "PAT_F3",    "PAT_B4", "PAT_F4",
    "COMBO_43", "COMBO_44", "COMBO_33", "COMBO_222", "tempo"};

typedef struct Options {
    ValueSet from;
    int iters, hold_out; /* every hold_out-th game is held out (0: none) */
    double rate, k;      /* k 0: fitted to the starting numbers */
    int first_file;
} Options;

static int usage(void)
{
    fprintf(stderr, "usage: gamok-tune [--from hand|fitted] [--iters N] [--rate R] [--k K] "
                    "[--hold-out N] RESULTS.jsonl...\n");
    return 2;
}

static int parse(int argc, char **argv, Options *o)
{
    *o = (Options){.from = VALUES_FITTED, .iters = 1000, .hold_out = 5, .rate = 0.5, .k = 0};
    int i = 1;
    for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
        if (!strcmp(argv[i], "--from")) {
            int hand = !strcmp(argv[i + 1], "hand");
            if (!hand && strcmp(argv[i + 1], "fitted")) return -1;
            o->from = hand ? VALUES_HAND : VALUES_FITTED;
            continue;
        }
        char *end;
        double x = strtod(argv[i + 1], &end);
        if (*end || x < 0) return -1;
        if (!strcmp(argv[i], "--iters")) o->iters = (int)x;
        else if (!strcmp(argv[i], "--rate")) o->rate = x;
        else if (!strcmp(argv[i], "--k")) o->k = x;
        else if (!strcmp(argv[i], "--hold-out")) o->hold_out = (int)x;
        else return -1;
    }
    o->first_file = i;
    return i < argc && o->iters > 0 && o->hold_out != 1 ? 0 : -1;
}

typedef struct Progress {
    const FitData *data;
    double k;
} Progress;

static void print_params(const FitParams *p)
{
    for (int j = 0; j < FIT_PARAMS; j++) printf(" %.1f", p->v[j]);
    printf("\n");
}

static void report(int step, const FitParams *p, void *ctx)
{
    const Progress *g = ctx;
    printf("step %5d  train %.6f  held out %.6f :", step, fit_loss(g->data, p, g->k, false),
           fit_loss(g->data, p, g->k, true));
    print_params(p);
    fflush(stdout);
}

static int load(const Options *o, int argc, char **argv, const PatternTables *t, FitData *d)
{
    int games = 0;
    for (int f = o->first_file; f < argc; f++) {
        RecordList list = {0};
        int skipped;
        if (results_load(argv[f], &list, &skipped)) return -1;
        for (int i = 0; i < list.count; i++, games++) {
            bool held_out = o->hold_out && games % o->hold_out == o->hold_out - 1;
            if (fit_add_game(d, t, &list.items[i], held_out) < 0) return -1;
        }
        printf("%s: %d games (%d lines skipped)\n", argv[f], list.count, skipped);
        record_list_free(&list);
    }
    return games;
}

int main(int argc, char **argv)
{
    Options o;
    if (parse(argc, argv, &o)) return usage();
    PatternTables *t = pattern_tables_create();
    FitData d = {0};
    int games = t ? load(&o, argc, argv, t, &d) : -1;
    if (games < 0) {
        fprintf(stderr, "gamok-tune: out of memory\n");
        return 1;
    }
    int held = 0;
    for (int i = 0; i < d.npos; i++) held += d.pos[i].held_out;
    printf("%d games, %d quiet positions (%d held out), %d distinct cell keys\n", games, d.npos,
           held, d.nkeys);
    FitParams start = fit_params_of(o.from);
    Progress g = {&d, o.k > 0 ? o.k : fit_best_k(&d, &start)};
    printf("K %.6f\nvalues.h (%s):", g.k, o.from == VALUES_HAND ? "hand" : "fitted");
    print_params(&start);
    report(0, &start, &g);
    FitParams p = fit_run(&d, start, g.k, o.iters, o.rate, o.iters / 10 ? o.iters / 10 : 1, report, &g);
    printf("fitted (rounded, a column for kernels/values.h):\n");
    for (int j = 0; j < FIT_PARAMS; j++) printf("    %s = %.0f\n", NAMES[j], p.v[j]);
    fit_data_free(&d);
    pattern_tables_destroy(t);
    return 0;
}
