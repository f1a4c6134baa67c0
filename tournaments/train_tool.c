/* gamok-train: trains the learned value sets (tournaments/train.h) and the learned move policy
 * (tournaments/train_policy.h) on corpus files, and writes their numbers for
 * kernels/learned_values.h (--out) and kernels/learned_policy.h (--policy-out). Prints, per
 * set, the games and positions, K (T), the loss before (the prior's numbers) and after, on the
 * training games and on the held-out ones (corpus.h: one game in ten, by its key), and the
 * policy's top-1 and top-5 recall on the held-out positions.
 *
 *   gamok-train [--iters N] [--rate R] [--l2 X] [--l2-SET X] [--patience N] [--min-seen N]
 *               [--policy-rate R] [--td-lambda L] [--threat 0|1] [--out FILE]
 *               [--policy-out FILE] [--labels FILE]... [--label-weight W] CORPUS.txt...
 *
 * --l2 X: every set's pull toward its prior; --l2-SET X one set's (SET: freestyle15, freestyle20,
 * standard15, renju15), given after --l2.
 * --threat 0: the values without the threat term (train.h); 1, the default: with it.
 * --td-lambda L: the values aim at TD(L) returns instead of game results (tournaments/train.h).
 * --labels FILE: positions labelled by a stronger brain (train_labels.h); each labelled position
 * aims at W times its label plus 1 - W times its result (--label-weight W, 0.5 unless said);
 * in a game whose labels name moves, the policy learns those moves in place of the winner's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tournaments/corpus.h"
#include "tournaments/train.h"
#include "tournaments/train_labels.h"
#include "tournaments/train_policy.h"

static const char *const SET_NAMES[VALUE_SET_COUNT] = {"hand", "fitted", "freestyle15",
                                                       "freestyle20", "standard15", "renju15"};

enum { LABEL_FILES_MAX = 8 };

typedef struct Options {
    TrainOptions train, policy;
    const char *out, *policy_out;
    const char *labels[LABEL_FILES_MAX];
    int nlabels;
    double label_weight;
    int first_file;
    bool no_threat;
} Options;

/* The pull toward the prior (the early stop does most of the regularising). */
static const double L2_DEFAULT = 1e-9;

static void set_l2(TrainOptions *t, double x)
{
    for (int s = 0; s < VALUE_SET_COUNT; s++) t->l2[s] = x;
}

/* The set named by "--l2-NAME", or -1. */
static int l2_set_of(const char *flag)
{
    if (strncmp(flag, "--l2-", 5)) return -1;
    for (int s = VALUES_LEARNED_FIRST; s < VALUE_SET_COUNT; s++)
        if (!strcmp(flag + 5, SET_NAMES[s])) return s;
    return -1;
}

static int parse(int argc, char **argv, Options *o)
{
    *o = (Options){{.iters = 5000, .rate = 2, .patience = 500, .min_seen = 20},
                   {.iters = 5000, .rate = 200, .patience = 200, .min_seen = 20},
                   NULL, NULL, {NULL}, 0, 0.5, 0, false};
    set_l2(&o->train, L2_DEFAULT);
    int i = 1;
    for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
        if (!strcmp(argv[i], "--out") || !strcmp(argv[i], "--policy-out")) {
            *(argv[i][2] == 'o' ? &o->out : &o->policy_out) = argv[i + 1];
            continue;
        }
        if (!strcmp(argv[i], "--labels")) {
            if (o->nlabels == LABEL_FILES_MAX) return -1;
            o->labels[o->nlabels++] = argv[i + 1];
            continue;
        }
        char *end;
        double x = strtod(argv[i + 1], &end);
        if (*end || x < 0) return -1;
        if (!strcmp(argv[i], "--iters")) o->train.iters = (int)x;
        else if (!strcmp(argv[i], "--rate")) o->train.rate = x;
        else if (!strcmp(argv[i], "--l2")) set_l2(&o->train, x);
        else if (l2_set_of(argv[i]) >= 0) o->train.l2[l2_set_of(argv[i])] = x;
        else if (!strcmp(argv[i], "--patience")) o->train.patience = (int)x;
        else if (!strcmp(argv[i], "--min-seen")) o->train.min_seen = (int)x;
        else if (!strcmp(argv[i], "--policy-rate")) o->policy.rate = x;
        else if (!strcmp(argv[i], "--threat") && (x == 0 || x == 1)) o->no_threat = x == 0;
        else if (!strcmp(argv[i], "--label-weight") && x <= 1) o->label_weight = x;
        else if (!strcmp(argv[i], "--td-lambda") && x <= 1) {
            o->train.td = true;
            o->train.td_lambda = x;
        }
        else return -1;
    }
    o->first_file = i;
    o->policy.iters = o->train.iters;
    o->policy.min_seen = o->train.min_seen;
    return i < argc && o->train.iters > 0 ? 0 : -1;
}

static bool live(const int positions[2]) { return positions[0] && positions[1]; }

static void report(int step, const TrainModel *m, void *ctx)
{
    const TrainData *d = ctx;
    printf("values step %5d", step);
    for (int s = VALUES_LEARNED_FIRST; s < VALUE_SET_COUNT; s++)
        if (live(d->positions[s]))
            printf("  %s %.5f/%.5f", SET_NAMES[s], train_loss(d, m, s, false),
                   train_loss(d, m, s, true));
    printf("  (training/held-out log loss)\n");
    fflush(stdout);
}

static void policy_report(int step, const PolicyModel *m, void *ctx)
{
    const PolicyData *d = ctx;
    printf("policy step %5d", step);
    for (int s = VALUES_LEARNED_FIRST; s < VALUE_SET_COUNT; s++)
        if (live(d->positions[s]))
            printf("  %s %.4f/%.4f", SET_NAMES[s], policy_loss(d, m, s, false),
                   policy_loss(d, m, s, true));
    printf("  (training/held-out cross-entropy)\n");
    fflush(stdout);
}

/* The labels files, into l (sorted). 0, or -1 after saying why. */
static int load_labels(const Options *o, TrainLabels *l)
{
    for (int i = 0; i < o->nlabels; i++) {
        int before = l->count, skipped;
        if (train_labels_load(l, o->labels[i], &skipped)) {
            fprintf(stderr, "gamok-train: cannot read %s\n", o->labels[i]);
            return -1;
        }
        printf("%s: %d labelled games (%d malformed lines skipped)\n", o->labels[i],
               l->count - before, skipped);
    }
    return 0;
}

/* Every game of the corpus files goes to the policy; to the values, those that
 * train_values_learn_from keeps (a set with enough self-play games learns from them alone). */
static int load(const Options *o, int argc, char **argv, const PatternTables *t, TrainData *d,
                PolicyData *pd)
{
    RecordList list = {0};
    int status = 0, self_play[VALUE_SET_COUNT];
    for (int f = o->first_file; f < argc && !status; f++) {
        int before = list.count, skipped;
        status = corpus_load(argv[f], &list, &skipped);
        printf("%s: %d games (%d malformed lines skipped)\n", argv[f], list.count - before,
               skipped);
    }
    train_count_self_play(list.items, list.count, self_play);
    for (int i = 0; i < list.count && !status; i++) {
        const GameRecord *g = &list.items[i];
        if ((train_values_learn_from(g, self_play) && train_add_game(d, t, g) < 0)
            || policy_add_game(pd, t, g) < 0)
            status = -1;
    }
    for (int s = VALUES_LEARNED_FIRST; s < VALUE_SET_COUNT && !status; s++)
        if (self_play[s] >= TRAIN_SELF_PLAY_MIN)
            printf("%s: values from its %d self-play games alone\n", SET_NAMES[s], self_play[s]);
    int labelled[VALUE_SET_COUNT] = {0};
    for (int i = 0; i < d->npos; i++) labelled[d->pos[i].set] += d->pos[i].label >= 0;
    for (int s = VALUES_LEARNED_FIRST; s < VALUE_SET_COUNT && o->nlabels; s++)
        if (labelled[s])
            printf("%s: %d value positions labelled (weight %g)\n", SET_NAMES[s], labelled[s],
                   o->label_weight);
    record_list_free(&list);
    return status;
}

static int numbers_of(const TrainParams *r, int set)
{
    int n = 0;
    for (int p = 0; p < r->count; p++) n += r->items[p].set == set;
    return n;
}

static void summary(const TrainData *d, const TrainModel *prior, const TrainModel *fit)
{
    printf("values:\nset          games  positions (held out)  numbers  K         "
           "log loss prior -> learned (training; held out)\n");
    for (int s = VALUES_LEARNED_FIRST; s < VALUE_SET_COUNT; s++) {
        if (!d->positions[s][0]) continue;
        printf("%-12s %6d  %9d (%7d)  %7d  %.6f  %.5f -> %.5f; %.5f -> %.5f\n", SET_NAMES[s],
               d->games[s], d->positions[s][0], d->positions[s][1], numbers_of(&d->params, s),
               prior->k[s], train_loss(d, prior, s, false), train_loss(d, fit, s, false),
               train_loss(d, prior, s, true), train_loss(d, fit, s, true));
    }
}

static void policy_summary(const PolicyData *d, const PolicyModel *prior, const PolicyModel *fit)
{
    printf("policy:\nset          positions (held out)  numbers  T        cross-entropy prior -> "
           "learned (held out)  top-1 recall  top-5 recall (held out)\n");
    for (int s = VALUES_LEARNED_FIRST; s < VALUE_SET_COUNT; s++) {
        if (!d->positions[s][0]) continue;
        double a1, a5, b1, b5;
        policy_recall(d, prior, s, true, &a1, &a5);
        policy_recall(d, fit, s, true, &b1, &b5);
        printf("%-12s %9d (%7d)  %7d  %7.1f  %.4f -> %.4f            %.3f -> %.3f  %.3f -> %.3f\n",
               SET_NAMES[s], d->positions[s][0], d->positions[s][1], numbers_of(&d->params, s),
               prior->temp[s], policy_loss(d, prior, s, true), policy_loss(d, fit, s, true), a1,
               b1, a5, b5);
    }
}

/* " --l2 X", then " --l2-SET Y" for each set whose pull differs from the first set's. */
static void l2_flags(const TrainOptions *t, char *out, size_t room)
{
    int n = snprintf(out, room, " --l2 %g", t->l2[VALUES_LEARNED_FIRST]);
    for (int s = VALUES_LEARNED_FIRST + 1; s < VALUE_SET_COUNT && n < (int)room; s++)
        if (t->l2[s] != t->l2[VALUES_LEARNED_FIRST])
            n += snprintf(out + n, room - (size_t)n, " --l2-%s %g", SET_NAMES[s], t->l2[s]);
}

static void provenance_of(const Options *o, int argc, char **argv, char *out, size_t room)
{
    char l2[160];
    l2_flags(&o->train, l2, sizeof l2);
    char td[64] = "";
    if (o->train.td) snprintf(td, sizeof td, " --td-lambda %g", o->train.td_lambda);
    if (o->no_threat) snprintf(td + strlen(td), sizeof td - strlen(td), " --threat 0");
    if (o->nlabels)
        snprintf(td + strlen(td), sizeof td - strlen(td), " --label-weight %g", o->label_weight);
    int n = snprintf(out, room, "\n * From:");
    for (int f = o->first_file; f < argc && n < (int)room - 96; f++)
        n += snprintf(out + n, room - (size_t)n, " %s", argv[f]);
    for (int f = 0; f < o->nlabels && n < (int)room - 96; f++)
        n += snprintf(out + n, room - (size_t)n, " --labels %s", o->labels[f]);
    snprintf(out + n, room - (size_t)n,
             ";\n * --iters %d --rate %g%s --patience %d --min-seen %d --policy-rate %g%s.",
             o->train.iters, o->train.rate, l2, o->train.patience, o->train.min_seen,
             o->policy.rate, td);
}

int main(int argc, char **argv)
{
    Options o;
    if (parse(argc, argv, &o)) {
        fprintf(stderr, "usage: gamok-train [--iters N] [--rate R] [--l2 X] [--l2-SET X] "
                        "[--patience N] "
                        "[--min-seen N] [--policy-rate R] [--td-lambda L] [--threat 0|1] "
                        "[--out FILE] [--policy-out FILE] [--labels FILE]... [--label-weight W] "
                        "CORPUS.txt...\n");
        return 2;
    }
    PatternTables *t = pattern_tables_create();
    TrainData d = {0};
    PolicyData pd = {0};
    TrainLabels labels = {0};
    d.no_threat = o.no_threat;
    d.labels = pd.labels = &labels;
    d.label_weight = o.label_weight;
    if (load_labels(&o, &labels)) return 1;
    if (!t || load(&o, argc, argv, t, &d, &pd)) {
        fprintf(stderr, "gamok-train: out of memory\n");
        return 1;
    }
    TrainModel prior = train_model_prior(&d, t), fit = {0};
    if (prior.value) {
        report(0, &prior, &d);
        fit = train_fit(&d, &prior, &o.train, 100, report, &d);
    }
    PolicyModel pprior = policy_model_prior(&pd), pfit = {0};
    if (pprior.value) {
        policy_report(0, &pprior, &pd);
        pfit = policy_fit(&pd, &pprior, &o.policy, 100, policy_report, &pd);
    }
    if (!fit.value || !pfit.value) {
        fprintf(stderr, "gamok-train: out of memory\n");
        return 1;
    }
    summary(&d, &prior, &fit);
    policy_summary(&pd, &pprior, &pfit);
    char provenance[1024];
    provenance_of(&o, argc, argv, provenance, sizeof provenance);
    int status = 0;
    for (int i = 0; i < 2; i++) {
        const char *path = i ? o.policy_out : o.out;
        FILE *f = path ? fopen(path, "w") : NULL;
        if (!path) continue;
        int bad = !f || (i ? policy_write(f, &pd, &pfit, provenance)
                           : train_write_values(f, &d, &fit, provenance));
        bad = (f && fclose(f)) || bad;
        printf(bad ? "gamok-train: cannot write %s\n" : "wrote %s\n", path);
        status |= bad;
    }
    train_model_free(&prior);
    train_model_free(&fit);
    policy_model_free(&pprior);
    policy_model_free(&pfit);
    train_data_free(&d);
    train_labels_free(&labels);
    policy_data_free(&pd);
    pattern_tables_destroy(t);
    return status;
}
