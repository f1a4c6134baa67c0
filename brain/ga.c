#include "brain/ga.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "brain/clock.h"
#include "brain/leafbatch.h"
#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/threats.h"
#include "brain/vcf.h"
#include "brain/vct.h"

void ga_default_params(GaParams *p)
{
    p->generations = 1000; /* the paper's T */
    p->population = 100;
    p->length = 5;
    p->share_pct = 20;
    p->evolve_pct = 50;
    p->scaling_k = 3; /* the paper's k */
    p->mutation_pct = 25;
    p->seed_pct = 10;
    p->rounds = 4;
    p->init_radius = 2;
    p->seed = 0x9e3779b97f4a7c15ull;
}

static const char *const MODE_NAMES[] = {"off", "paper", "coevo"};

bool ga_mode_parse(const char *s, GaMode *mode)
{
    for (int m = GA_OFF; m <= GA_COEVO; m++) {
        if (!strcmp(s, MODE_NAMES[m])) {
            *mode = (GaMode)m;
            return true;
        }
    }
    return false;
}

const char *ga_mode_name(GaMode mode)
{
    return mode >= GA_OFF && mode <= GA_COEVO ? MODE_NAMES[mode] : "?";
}

/* ---- PRNG ---------------------------------------------------------------------------------- */

void ga_rng_seed(GaRng *rng, uint64_t seed) { rng->state = seed; }

static uint64_t rng_next64(GaRng *rng)
{
    uint64_t z = (rng->state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint32_t ga_rng_next(GaRng *rng) { return (uint32_t)(rng_next64(rng) >> 32); }

double ga_rng_unit(GaRng *rng)
{
    return (double)(rng_next64(rng) >> 11) * (1.0 / 9007199254740992.0); /* 53 bits / 2^53 */
}

static int rng_below(GaRng *rng, int n)
{
    return n > 0 ? (int)(ga_rng_next(rng) % (uint32_t)n) : 0;
}

/* ---- operators ----------------------------------------------------------------------------- */

static bool holds(const uint16_t *genes, int n, uint16_t g)
{
    for (int i = 0; i < n; i++)
        if (genes[i] == g)
            return true;
    return false;
}

void ga_order_crossover(const uint16_t *a, const uint16_t *b, int len, int lo, int hi,
                        uint16_t *child)
{
    uint8_t filled[GA_MAX_LENGTH] = {0};
    uint16_t taken[GA_MAX_LENGTH];
    int ntaken = 0;
    for (int i = lo; i <= hi; i++) {
        child[i] = a[i];
        filled[i] = 1;
        taken[ntaken++] = a[i];
    }
    int pos = (hi + 1) % len;
    for (int k = 0; k < len && ntaken < len; k++) {
        uint16_t g = b[(hi + 1 + k) % len];
        if (holds(taken, ntaken, g))
            continue;
        while (filled[pos])
            pos = (pos + 1) % len;
        child[pos] = g;
        filled[pos] = 1;
        taken[ntaken++] = g;
    }
    for (int i = 0; i < len; i++) /* b ran out (repeated genes): a's gene stays */
        if (!filled[i])
            child[i] = a[i];
}

int ga_nonuniform(int y, int upper, int t, int T, double r, bool up)
{
    double age = T > 0 && t < T ? 1.0 - (double)t / T : 0.0;
    double shrink = 1.0 - pow(r, age * age);
    int span = up ? upper - y : y;
    int delta = (int)(shrink * span);
    int v = up ? y + delta : y - delta;
    return v < 0 ? 0 : v > upper ? upper : v;
}

void ga_scale_fitness(const int32_t *c, int n, int k, double *f)
{
    int32_t best = c[0], worst = c[0];
    for (int i = 1; i < n; i++) {
        best = c[i] > best ? c[i] : best;
        worst = c[i] < worst ? c[i] : worst;
    }
    double lift = (double)(best - worst) / (k > 1 ? k - 1 : 1);
    for (int i = 0; i < n; i++)
        f[i] = (double)(c[i] - worst) + lift;
}

int ga_roulette(const double *f, int n, GaRng *rng)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += f[i];
    if (sum <= 0)
        return rng_below(rng, n);
    double x = ga_rng_unit(rng) * sum;
    for (int i = 0; i < n; i++) {
        x -= f[i];
        if (x < 0)
            return i;
    }
    return n - 1;
}

int ga_worse_parent(int a, int b, const int32_t *fit) { return fit[a] < fit[b] ? a : b; }

static bool playable(const Board *b, int x, int y, const uint8_t *excluded)
{
    if (!board_on(b, x, y))
        return false;
    int cell = cell_index(x, y);
    return b->cell[cell] == EMPTY && !(excluded && excluded[cell]) && rule_is_legal(b, cell);
}

int ga_repair(const Board *b, int cell, const uint8_t *excluded, GaRng *rng)
{
    int cx = cell >= 0 && cell < BOARD_CELLS ? cell_x(cell) : b->size / 2;
    int cy = cell >= 0 && cell < BOARD_CELLS ? cell_y(cell) : b->size / 2;
    if (playable(b, cx, cy, excluded))
        return cell_index(cx, cy);
    for (int d = 1; d < 2 * BOARD_MAX; d++) {
        int ring = 8 * d, start = rng_below(rng, ring);
        for (int k = 0; k < ring; k++) { /* walk the square ring of radius d from `start` */
            int i = (start + k) % ring, side = i / (2 * d), step = i % (2 * d);
            int x = side == 0 ? cx - d + step : side == 1 ? cx + d
                  : side == 2 ? cx + d - step : cx - d;
            int y = side == 0 ? cy - d : side == 1 ? cy - d + step
                  : side == 2 ? cy + d : cy + d - step;
            if (playable(b, x, y, excluded))
                return cell_index(x, y);
        }
    }
    return CELL_NONE;
}

/* ---- populations --------------------------------------------------------------------------- */

typedef struct Population {
    int n, len;
    uint16_t *genes;  /* n x len */
    int32_t *fit;     /* n */
    double *scaled;   /* n */
    uint16_t *snap;   /* n x len: the genes the current generation's parents are drawn from */
    int32_t *snap_fit;
    int best;
} Population;

static uint16_t *genes_of(Population *pop, int i) { return pop->genes + (size_t)i * pop->len; }

static bool pop_init(Population *pop, int n, int len)
{
    pop->n = n;
    pop->len = len;
    pop->best = 0;
    pop->genes = malloc((size_t)n * len * sizeof *pop->genes);
    pop->snap = malloc((size_t)n * len * sizeof *pop->snap);
    pop->fit = calloc((size_t)n, sizeof *pop->fit);
    pop->snap_fit = calloc((size_t)n, sizeof *pop->snap_fit);
    pop->scaled = calloc((size_t)n, sizeof *pop->scaled);
    return pop->genes && pop->snap && pop->fit && pop->snap_fit && pop->scaled;
}

static void pop_free(Population *pop)
{
    free(pop->genes);
    free(pop->snap);
    free(pop->fit);
    free(pop->snap_fit);
    free(pop->scaled);
}

static void pop_find_best(Population *pop)
{
    pop->best = 0;
    for (int i = 1; i < pop->n; i++)
        if (pop->fit[i] > pop->fit[pop->best])
            pop->best = i;
}

/* The GA's cell index space of the paper: y * size + x in [0, size^2 - 1]. */
static int to_index(const Board *b, int cell) { return cell_y(cell) * b->size + cell_x(cell); }
static int from_index(const Board *b, int i) { return cell_index(i % b->size, i / b->size); }

static void mutate(const Board *root, uint16_t *genes, int len, int t, int T, int pct,
                   GaRng *rng)
{
    int upper = root->size * root->size - 1;
    for (int g = 0; g < len; g++) {
        if (rng_below(rng, 100) >= pct)
            continue;
        int y = genes[g] < BOARD_CELLS ? to_index(root, genes[g]) : 0;
        bool up = ga_rng_next(rng) & 1;
        genes[g] = (uint16_t)from_index(root, ga_nonuniform(y, upper, t, T, ga_rng_unit(rng), up));
    }
}

/* One generation's offspring: n/2 children from roulette-picked parent pairs (scored fitness),
 * each replacing the worse of its parents. Parents come from the generation as scored. */
static void pop_breed(Population *pop, const Board *root, const GaParams *p, int t, GaRng *rng)
{
    if (pop->n < 2)
        return;
    size_t bytes = (size_t)pop->n * pop->len * sizeof *pop->genes;
    memcpy(pop->snap, pop->genes, bytes);
    memcpy(pop->snap_fit, pop->fit, (size_t)pop->n * sizeof *pop->fit);
    ga_scale_fitness(pop->snap_fit, pop->n, p->scaling_k, pop->scaled);
    for (int c = 0; c < pop->n / 2; c++) {
        int a = ga_roulette(pop->scaled, pop->n, rng), b = ga_roulette(pop->scaled, pop->n, rng);
        if (a == b)
            b = (a + 1 + rng_below(rng, pop->n - 1)) % pop->n;
        int lo = rng_below(rng, pop->len), hi = rng_below(rng, pop->len);
        if (lo > hi) {
            int swap = lo;
            lo = hi;
            hi = swap;
        }
        uint16_t child[GA_MAX_LENGTH];
        ga_order_crossover(pop->snap + (size_t)a * pop->len, pop->snap + (size_t)b * pop->len,
                           pop->len, lo, hi, child);
        mutate(root, child, pop->len, t, p->generations, p->mutation_pct, rng);
        memcpy(genes_of(pop, ga_worse_parent(a, b, pop->snap_fit)), child,
               (size_t)pop->len * sizeof *child);
    }
}

/* Chromosome i: seeded ones copy the tree's line, the others (and the rest of a short line)
 * draw distinct cells near the stones; the decoder repairs whatever cannot be played. */
static void pop_seed(Population *pop, int first_ply, int step, const uint16_t *line, int line_len,
                     int seeded, const uint16_t *cand, int ncand, GaRng *rng)
{
    for (int i = 0; i < pop->n; i++) {
        uint16_t *g = genes_of(pop, i);
        for (int k = 0; k < pop->len; k++) {
            int ply = first_ply + k * step;
            if (i < seeded && ply < line_len) {
                g[k] = line[ply];
                continue;
            }
            uint16_t cell = ncand > 0 ? cand[rng_below(rng, ncand)] : 0;
            for (int tries = 0; tries < 8 && holds(g, k, cell) && ncand > 1; tries++)
                cell = cand[rng_below(rng, ncand)];
            g[k] = cell;
        }
    }
}

/* ---- decoding and scoring ------------------------------------------------------------------ */

/* Plays `seq[0..len)` from `root`, repairing each gene in place (slot[p] non-NULL: also written
 * back to its chromosome). A five ends the line. Fills `out` with the position reached and
 * *plies with the moves played; returns true with *score when a five decided it (the root
 * side's view, sooner is better). */
static bool decode(const Board *root, uint16_t *seq, uint16_t **slot, int len,
                   const uint8_t *excluded, GaRng *rng, EvalPosition *out, int32_t *score,
                   uint8_t *plies)
{
    Board b = *root;
    bool decided = false;
    for (int p = 0; p < len && !decided; p++) {
        int g = ga_repair(&b, seq[p], p == 0 ? excluded : NULL, rng);
        if (g == CELL_NONE)
            break;
        seq[p] = (uint16_t)g;
        if (slot[p])
            *slot[p] = (uint16_t)g;
        if (rule_makes_win(&b, g, b.to_move)) {
            decided = true;
            *score = b.to_move == root->to_move ? SCORE_WIN - (p + 1) : -(SCORE_WIN - (p + 1));
        }
        board_play(&b, g);
    }
    *plies = (uint8_t)(b.nstones - root->nstones);
    board_to_eval_position(&b, out);
    return decided;
}

/* The root side's view of an evaluator score of a position reached after `plies`; a decided
 * score counts its distance from the root, as the tree's do (a sooner win is better). */
static int32_t root_view(const Board *root, const EvalPosition *pos, int32_t v, int plies)
{
    int32_t own = pos->to_move == root->to_move ? v : -v;
    return own >= SCORE_WIN_MIN ? own - plies : own <= -SCORE_WIN_MIN ? own + plies : own;
}

typedef struct GaRun {
    const GaParams *p;
    GaMode mode;
    Evaluator *ev;
    const Board *root;
    const uint8_t *excluded;
    GaRng rng;
    Population side[2];   /* paper: side[0] only (whole lines); coevo: root side, opponent */
    EvalPosition *pos;    /* one batch */
    int32_t *scores;
    bool *decided;
    int32_t *decided_score;
    uint8_t *plies;       /* moves each line played */
    int batch;            /* positions per generation */
} GaRun;

/* The full line of chromosome `i` of population `which` (coevo: against the other's best). */
static int build_line(GaRun *run, int which, int i, uint16_t *seq, uint16_t **slot)
{
    int len = run->p->length;
    if (run->mode != GA_COEVO) {
        uint16_t *g = genes_of(&run->side[0], i);
        for (int k = 0; k < len; k++) {
            seq[k] = g[k];
            slot[k] = &g[k];
        }
        return len;
    }
    for (int k = 0; k < len; k++) {
        Population *pop = &run->side[k & 1];
        int who = (k & 1) == which ? i : pop->best;
        uint16_t *g = genes_of(pop, who) + k / 2;
        seq[k] = *g;
        slot[k] = (k & 1) == which ? g : NULL; /* the partner's best is not rewritten */
    }
    return len;
}

/* Decodes and scores every chromosome of the generation in one evaluator call, then sets each
 * population's fitness. Returns false when the evaluator failed. */
static bool score_generation(GaRun *run)
{
    int n = run->side[0].n, pops = run->mode == GA_COEVO ? 2 : 1;
    for (int which = 0; which < pops; which++) {
        for (int i = 0; i < n; i++) {
            uint16_t seq[GA_MAX_LENGTH], *slot[GA_MAX_LENGTH];
            int j = which * n + i, len = build_line(run, which, i, seq, slot);
            run->decided[j] = decode(run->root, seq, slot, len, run->excluded, &run->rng,
                                     &run->pos[j], &run->decided_score[j], &run->plies[j]);
        }
    }
    if (evaluator_score_positions(run->ev, run->pos, (size_t)run->batch, run->scores) != 0)
        return false;
    for (int which = 0; which < pops; which++) {
        Population *pop = &run->side[which];
        for (int i = 0; i < n; i++) {
            int j = which * n + i;
            int32_t v = run->decided[j] ? run->decided_score[j]
                                        : root_view(run->root, &run->pos[j], run->scores[j],
                                                    run->plies[j]);
            pop->fit[i] = which == 0 ? v : -v; /* the opponent's population minimises */
        }
        pop_find_best(pop);
    }
    return true;
}

/* The special condition: our best line is decided won; in coevolution also against every
 * opponent chromosome (the opponent population's best is decided lost). */
static bool special(const GaRun *run)
{
    if (run->side[0].fit[run->side[0].best] < SCORE_WIN_MIN)
        return false;
    return run->mode != GA_COEVO || run->side[1].fit[run->side[1].best] <= -SCORE_WIN_MIN;
}

static bool run_init(GaRun *run, const GaParams *p, GaMode mode, Evaluator *ev, const Board *root,
                     const uint8_t *excluded)
{
    memset(run, 0, sizeof *run);
    run->p = p;
    run->mode = mode;
    run->ev = ev;
    run->root = root;
    run->excluded = excluded;
    ga_rng_seed(&run->rng, p->seed);
    int n = p->population, len = p->length;
    bool ok = true;
    if (mode == GA_COEVO) {
        ok = pop_init(&run->side[0], n, (len + 1) / 2) && pop_init(&run->side[1], n, len / 2);
        run->batch = 2 * n;
    } else {
        ok = pop_init(&run->side[0], n, len);
        run->batch = n;
    }
    run->pos = malloc((size_t)run->batch * sizeof *run->pos);
    run->scores = malloc((size_t)run->batch * sizeof *run->scores);
    run->decided = malloc((size_t)run->batch * sizeof *run->decided);
    run->decided_score = calloc((size_t)run->batch, sizeof *run->decided_score);
    run->plies = calloc((size_t)run->batch, sizeof *run->plies);
    return ok && run->pos && run->scores && run->decided && run->decided_score && run->plies;
}

static void run_free(GaRun *run)
{
    pop_free(&run->side[0]);
    pop_free(&run->side[1]);
    free(run->pos);
    free(run->scores);
    free(run->decided);
    free(run->decided_score);
    free(run->plies);
}

static bool params_valid(const GaParams *p, GaMode mode)
{
    int least_len = mode == GA_COEVO ? 2 : 1;
    return p->population >= 2 && p->population <= GA_MAX_POPULATION && p->length >= least_len
        && p->length <= GA_MAX_LENGTH && p->generations >= 1 && p->scaling_k >= 2;
}

static bool time_up(int64_t deadline_ms, const atomic_int *stop)
{
    if (stop && atomic_load_explicit(stop, memory_order_relaxed))
        return true;
    return deadline_ms > 0 && clock_ms() >= deadline_ms;
}

static void seed_populations(GaRun *run, const uint16_t *line, int line_len)
{
    uint16_t cand[MOVES_MAX];
    int ncand = moves_candidates(run->root, run->p->init_radius, cand);
    int seeded = line_len > 0 ? (run->p->population * run->p->seed_pct + 99) / 100 : 0;
    if (run->mode == GA_COEVO) {
        pop_seed(&run->side[0], 0, 2, line, line_len, seeded, cand, ncand, &run->rng);
        pop_seed(&run->side[1], 1, 2, line, line_len, seeded, cand, ncand, &run->rng);
    } else {
        pop_seed(&run->side[0], 0, 1, line, line_len, seeded, cand, ncand, &run->rng);
    }
}

/* The best line as it was last scored (coevo: our best against the opponent's best). */
static void take_best(GaRun *run, GaResult *r)
{
    uint16_t seq[GA_MAX_LENGTH], *slot[GA_MAX_LENGTH];
    r->length = build_line(run, 0, run->side[0].best, seq, slot);
    memcpy(r->line, seq, (size_t)r->length * sizeof *seq);
    r->move = seq[0];
    r->score = run->side[0].fit[run->side[0].best];
}

/* Up to GA_MAX_CANDIDATES distinct first moves of decided-won chromosomes, best first (a
 * selection of the best remaining each time: the list is tiny). */
static void take_candidates(GaRun *run, GaResult *r)
{
    Population *pop = &run->side[0];
    uint8_t used[GA_MAX_POPULATION] = {0};
    r->ncandidates = 0;
    while (r->ncandidates < GA_MAX_CANDIDATES) {
        int best = -1;
        for (int i = 0; i < pop->n; i++)
            if (!used[i] && pop->fit[i] >= SCORE_WIN_MIN
                && (best < 0 || pop->fit[i] > pop->fit[best]))
                best = i;
        if (best < 0)
            return;
        used[best] = 1;
        uint16_t first = genes_of(pop, best)[0];
        if (!holds(r->candidate, r->ncandidates, first))
            r->candidate[r->ncandidates++] = first;
    }
}

GaResult ga_evolve(const GaParams *p, GaMode mode, Evaluator *ev, const Board *root,
                   const uint16_t *seed_line, int seed_len, const uint8_t *excluded,
                   int64_t deadline_ms, const atomic_int *stop)
{
    GaResult r = {.move = CELL_NONE};
    if (mode == GA_OFF || !params_valid(p, mode) || moves_any_legal(root) == CELL_NONE)
        return r;
    GaRun run;
    if (!run_init(&run, p, mode, ev, root, excluded)) {
        run_free(&run);
        return r;
    }
    seed_populations(&run, seed_line, seed_line ? seed_len : 0);
    for (int t = 0; t < p->generations; t++) {
        if (t > 0 && time_up(deadline_ms, stop)) /* one generation always runs */
            break;
        if (!score_generation(&run))
            break;
        r.generations++;
        r.evals += (uint64_t)run.batch;
        take_best(&run, &r);
        if (special(&run))
            break;
        for (int which = 0; which < (mode == GA_COEVO ? 2 : 1); which++)
            pop_breed(&run.side[which], root, p, t, &run.rng);
    }
    if (r.generations > 0)
        take_candidates(&run, &r);
    run_free(&run);
    return r;
}

/* ---- acceptance ---------------------------------------------------------------------------- */

/* Threat-search budgets of a proof (as the tree's root searches: brain/search_root_threats.c). */
#define CONFIRM_VCF_FOURS 16
#define CONFIRM_VCF_NODES 30000
#define CONFIRM_VCT_THREES 2
#define CONFIRM_VCT_FOURS 12
#define CONFIRM_VCT_NODES 20000

/* A proven win for b->to_move by continuous fours, or by threes then fours; false when none
 * was found or the search was cut short. */
static bool threat_win(Board *b, int first, const PatternTables *tables, int64_t deadline_ms,
                       const atomic_int *stop)
{
    VcfLimits fl = {.max_fours = CONFIRM_VCF_FOURS, .max_nodes = CONFIRM_VCF_NODES,
                    .deadline_ms = deadline_ms, .stop = stop};
    VcfResult v = vcf_find(b, &fl, NULL);
    if (v.move != CELL_NONE && (first == CELL_NONE || v.move == first))
        return true;
    VctLimits tl = {.max_threes = CONFIRM_VCT_THREES, .vcf_fours = CONFIRM_VCT_FOURS,
                    .max_nodes = CONFIRM_VCT_NODES, .deadline_ms = deadline_ms, .stop = stop,
                    .tables = tables};
    v = vct_find(b, &tl, NULL);
    return v.move != CELL_NONE && (first == CELL_NONE || v.move == first);
}

/* After `move` (played on b), the opponent to move: lost when he has no five and we have two
 * five points, or one that he must block and a threat win after it. */
static bool lost_after(Board *b, const PatternTables *tables, int64_t deadline_ms,
                       const atomic_int *stop)
{
    int us = opponent_of(b->to_move);
    uint16_t fives[1];
    if (moves_winning_cells(b, b->to_move, fives, 1) > 0)
        return false;
    int block;
    FourReply reply = threat_four_reply(b, us, &block);
    if (reply != FOUR_BLOCK)
        return reply == FOUR_WINS;
    board_play(b, block);
    bool won = threat_win(b, CELL_NONE, tables, deadline_ms, stop);
    board_undo(b);
    return won;
}

bool ga_confirm(Board *b, int move, const PatternTables *tables, int64_t deadline_ms,
                const atomic_int *stop)
{
    if (move == CELL_NONE || !board_cell_valid(b, move) || b->cell[move] != EMPTY
        || !rule_is_legal(b, move))
        return false;
    if (rule_makes_win(b, move, b->to_move))
        return true;
    board_play(b, move);
    bool won = lost_after(b, tables, deadline_ms, stop);
    board_undo(b);
    /* A quiet first move (a three): only when the threat searches begin their win with it. */
    return won || threat_win(b, move, tables, deadline_ms, stop);
}

/* Proves the candidates in turn, each with at most an equal part of the time left; the first
 * proven one (not the tree's move, not barred) is returned, the others are barred. */
static int prove_candidates(const GaResult *g, Board *b, int tree_move, uint8_t *barred,
                            const PatternTables *tables, int64_t deadline_ms,
                            const atomic_int *stop)
{
    for (int i = 0; i < g->ncandidates; i++) {
        int move = g->candidate[i];
        int64_t now = clock_ms(), end = deadline_ms;
        if (deadline_ms > 0) {
            if (now >= deadline_ms)
                break;
            end = now + (deadline_ms - now) / (g->ncandidates - i + 1);
        }
        if (move == tree_move || barred[move])
            continue;
        if (ga_confirm(b, move, tables, end, stop))
            return move;
        barred[move] = 1; /* refuted (or not proven in time): the next round looks elsewhere */
    }
    return CELL_NONE;
}

SearchResult ga_refine(const GaParams *p, GaMode mode, Evaluator *ev, Search *s, Board *b,
                       SearchResult tree, const uint8_t *excluded, int64_t deadline_ms,
                       const atomic_int *stop)
{
    if (mode == GA_OFF || tree.move == CELL_NONE || tree.score >= SCORE_WIN_MIN)
        return tree; /* nothing to improve on a decided win */
    uint16_t line[GA_MAX_LENGTH];
    int len = search_pv(s, b, line, GA_MAX_LENGTH);
    if (len == 0 || line[0] != tree.move) {
        line[0] = (uint16_t)tree.move;
        len = 1;
    }
    uint8_t barred[BOARD_CELLS];
    if (excluded)
        memcpy(barred, excluded, sizeof barred);
    else
        memset(barred, 0, sizeof barred);
    GaParams round = *p;
    uint64_t evals = 0;
    const PatternTables *tables = evaluator_pattern_tables(ev);
    for (int r = 0; r < p->rounds && !time_up(deadline_ms, stop); r++) {
        int64_t now = clock_ms();
        int64_t evolve_end = deadline_ms > 0 ? now + (deadline_ms - now) * p->evolve_pct / 100 : 0;
        round.seed = p->seed + (uint64_t)r; /* another start each round */
        GaResult g = ga_evolve(&round, mode, ev, b, line, len, barred, evolve_end, stop);
        evals += g.evals;
        int move = prove_candidates(&g, b, tree.move, barred, tables, deadline_ms, stop);
        if (move != CELL_NONE)
            return (SearchResult){move, SCORE_WIN_MIN, tree.depth, tree.nodes,
                                  tree.evals + evals, 0};
        if (g.ncandidates == 0) /* no decided line at all: another round finds none either */
            break;
    }
    return tree;
}
