/* The genetic-algorithm refinement stage of Ahn & Park (2010), section 3.4, run after the game
 * tree in the time the tree leaves.
 *
 * A chromosome is a sequence of board cells played from the root, the sides alternating (the
 * root side first). Some chromosomes start from the tree's best line, the others from empty
 * cells near the stones. Genes that cannot be played where they stand (occupied, repeated, off
 * the board, renju-forbidden for black) are repaired: replaced by a legal cell nearby, and the
 * chromosome keeps the repair. A five reached mid-sequence ends the chromosome: a win or a loss
 * for the side that made it. Fitness is the evaluator's score of the position a chromosome
 * reaches, from the root side's point of view, the whole population in ONE evaluator batch per
 * generation (what a GPU accelerates). Selection: roulette wheel over scaled fitness
 * f_i = (C_i - C_w) + (C_b - C_w) / (k - 1); order crossover (OX); non-uniform mutation
 * Delta(t, y) = (1 - r^((1 - t/T)^2)) * y of a gene's cell index (L = 0, U = size^2 - 1), then
 * repaired; the child replaces the worse of its two parents. Early stop on a "special
 * condition": a decided score (SCORE_WIN_MIN..).
 *
 * The paper's one population maximises our score over both sides' moves, so its opponent genes
 * may play bad moves (a "win" where the opponent ignores a four). GA_COEVO evolves one population
 * per side instead, each scored against the other's best (rolling-horizon coevolution, Liu,
 * Perez-Liebana & Lucas 2016).
 *
 * Either way the GA may change the tree's move only when its move is confirmed by the threat
 * searches as the first move of a forced win (ga_confirm), while the tree's own move was not a
 * decided win. Anything less keeps the tree's move, so the stage can cost time but never swap
 * in an unproven move. (The tree's own "proven" scores are not enough: its width is limited, so
 * a loss it reports after a quiet move can be one it failed to defend.) */
#ifndef GAMOK_GA_H
#define GAMOK_GA_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "brain/board.h"
#include "brain/search.h"
#include "kernels/evaluator.h"
#include "kernels/patterns.h"

typedef enum { GA_OFF = 0, GA_PAPER = 1, GA_COEVO = 2 } GaMode;

#define GA_MAX_LENGTH 16     /* genes per chromosome at most */
#define GA_MAX_POPULATION 4096
#define GA_MAX_CANDIDATES 4  /* first moves the acceptance rule tries at most */

/* Every GA parameter, in one place; ga_default_params gives the defaults. Source of each
 * default: "paper" = Ahn & Park (2010) section 3.4; "ours" where the paper gives no value. */
typedef struct GaParams {
    int generations;  /* T, the most generations a move: 1000 (paper) */
    int population;   /* chromosomes per population: 100 (ours; the paper's Table 6 measures
                       * 1 to 1000) */
    int length;       /* plies per chromosome: 5 (ours; the bench's Table 6 uses 4). Odd, so a
                       * line ends with the opponent to move: the evaluator then judges our
                       * last threat with him to answer it, not a three he never had to stop */
    int share_pct;    /* percent of a move's time budget given to the GA, the tree getting the
                       * rest: 20 (ours: "the tree first, then the GA") */
    int evolve_pct;   /* percent of the GA's share spent evolving, the rest proving its
                       * candidates: 50 (ours) */
    int scaling_k;    /* k of the fitness scaling: 3 (paper) */
    int mutation_pct; /* chance that a child's gene is mutated, per gene: 25 (ours) */
    int seed_pct;     /* percent of chromosomes seeded from the tree's best line: 10 (ours) */
    int init_radius;  /* other chromosomes: cells within this distance of a stone: 2 (as the
                       * tree's candidates) */
    int rounds;       /* evolve-then-prove rounds a move at most, the refuted first moves
                       * barred from the next: 4 (ours) */
    uint64_t seed;    /* of the GA's own PRNG: runs are deterministic */
} GaParams;

void ga_default_params(GaParams *p);
/* "off", "paper", "coevo"; false for anything else. */
bool ga_mode_parse(const char *s, GaMode *mode);
const char *ga_mode_name(GaMode mode);

/* ---- the GA's own PRNG (splitmix64): deterministic, no global state ---- */
typedef struct GaRng { uint64_t state; } GaRng;
void ga_rng_seed(GaRng *rng, uint64_t seed);
uint32_t ga_rng_next(GaRng *rng);
double ga_rng_unit(GaRng *rng); /* uniform in [0, 1) */

/* ---- the operators (exposed for the tests) ---- */

/* Order crossover: child[lo..hi] = a[lo..hi], then the other positions from hi + 1 on (wrapping)
 * take b's genes in b's order from hi + 1 on, skipping those already in the child. With parents
 * that are permutations of one set the child is one too. Positions left over (parents with
 * repeated genes) keep a's gene; the decoder repairs repeats. */
void ga_order_crossover(const uint16_t *a, const uint16_t *b, int len, int lo, int hi,
                        uint16_t *child);

/* Non-uniform mutation of y in [0, upper] at generation t of T, with r in [0, 1) and a
 * direction: y + Delta(t, upper - y) or y - Delta(t, y). Delta shrinks to 0 as t reaches T. */
int ga_nonuniform(int y, int upper, int t, int T, double r, bool up);

/* Scaled fitness f_i = (c_i - c_w) + (c_b - c_w) / (k - 1) (c_b best, c_w worst). */
void ga_scale_fitness(const int32_t *c, int n, int k, double *f);
/* Roulette wheel: index i with probability f[i] / sum f (uniform when the sum is 0). */
int ga_roulette(const double *f, int n, GaRng *rng);
/* Of parents a and b, the one the child replaces: the lower fitness (b on a tie). */
int ga_worse_parent(int a, int b, const int32_t *fit);

/* A legal cell for the side to move as near `cell` (a cell index, maybe off the board) as can
 * be: `cell` itself when legal, else the first legal one on the nearest ring around it, the
 * ring's start drawn from `rng`. `excluded` (NULL: none) cells are never given. CELL_NONE when
 * the board has no legal cell. */
int ga_repair(const Board *b, int cell, const uint8_t *excluded, GaRng *rng);

/* ---- the stage ---- */

typedef struct GaResult {
    int move;         /* first move of the best line (CELL_NONE: nothing evolved) */
    int score;        /* its fitness, from the root side's point of view */
    int generations;  /* generations scored */
    uint64_t evals;   /* positions scored */
    int length;       /* of line */
    uint16_t line[GA_MAX_LENGTH];
    /* Distinct first moves of the last generation's lines that reach a decided win, best
     * first: what the acceptance rule tries to confirm. */
    int ncandidates;
    uint16_t candidate[GA_MAX_CANDIDATES];
} GaResult;

/* Evolves from `root` (not changed) until T generations, `deadline_ms` (<= 0: none), `stop`
 * (may be NULL) or the special condition. `seed_line` (may be NULL or short) seeds
 * seed_pct of the chromosomes; `excluded` cells (NULL: none) are never a first move. */
GaResult ga_evolve(const GaParams *p, GaMode mode, Evaluator *ev, const Board *root,
                   const uint16_t *seed_line, int seed_len, const uint8_t *excluded,
                   int64_t deadline_ms, const atomic_int *stop);

/* The acceptance rule's proof, by the threat searches only (brain/vcf.h, brain/vct.h): true
 * when `move` makes a win at once; or after it the opponent has no five of his own and either
 * two five points to stop or one, and after his forced block b->to_move wins by continuous fours
 * or threes; or the threat searches from `b` find a win that begins with `move`. A search cut
 * short by `deadline_ms` or `stop` proves nothing. `tables`: the VCT's (brain/vct.h), for a
 * board no incremental state follows. The board is restored. */
bool ga_confirm(Board *b, int move, const PatternTables *tables, int64_t deadline_ms,
                const atomic_int *stop);

/* The whole stage after the tree: `tree` is the tree's answer for `b`. Unless the tree's
 * answer is a decided win, up to p->rounds rounds: evolve (the tree's best line from `s` seeds
 * it), then try to prove the GA's candidate first moves with ga_confirm; the first proven one
 * (not the tree's, not excluded) is the answer; refuted ones are barred from the next round.
 * Otherwise, or when `deadline_ms` or `stop` ends it, the tree's answer is returned. */
SearchResult ga_refine(const GaParams *p, GaMode mode, Evaluator *ev, Search *s, Board *b,
                       SearchResult tree, const uint8_t *excluded, int64_t deadline_ms,
                       const atomic_int *stop);

#endif
