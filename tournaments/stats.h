/* Match statistics: score, Elo difference with a 95% interval, likelihood of superiority and a
 * sequential probability ratio test. Two noise models:
 *   trinomial   - every game is one sample (win 1, draw 1/2, loss 0);
 *   pentanomial - every colour-swapped game pair is one sample (pair score 0, 1/4, .. 1), which
 *                 removes the first-move advantage from the variance (fishtest's model).
 * Elo is the logistic model: E = 1 / (1 + 10^(-elo/400)). */
#ifndef GAMOK_STATS_H
#define GAMOK_STATS_H

#include <stdbool.h>

typedef struct Wld { int w, l, d; } Wld;

/* Counts of colour-swapped pairs by the pair's points for the first engine: 0, 1/2, 1, 3/2, 2. */
typedef struct Penta { int n[5]; } Penta;

typedef struct EloEstimate {
    double score;  /* mean score in [0, 1] */
    double elo;    /* may be +-INFINITY at a score of 1 or 0 */
    double margin; /* half width of the 95% interval in Elo (NAN when it cannot be estimated) */
    double lo, hi; /* the interval's ends in Elo */
} EloEstimate;

typedef struct SprtParams { double elo0, elo1, alpha, beta; } SprtParams;

typedef enum { SPRT_CONTINUE = 0, SPRT_H0 = -1, SPRT_H1 = 1 } SprtVerdict;

double stats_elo_of_score(double score);
double stats_score_of_elo(double elo);
EloEstimate stats_elo_trinomial(Wld r);
EloEstimate stats_elo_pentanomial(Penta p);
/* Likelihood of superiority: P(first engine stronger), from wins and losses (draws carry no
 * information): 1/2 (1 + erf((w - l) / sqrt(2 (w + l)))). */
double stats_los(Wld r);
/* Log-likelihood ratio of H1 (elo1) against H0 (elo0): the normal approximation of the
 * generalized SPRT, N (s1 - s0) (2 s - s0 - s1) / (2 var), per sample of either model
 * (fishtest's LLR_logistic). An outcome not seen yet counts as half a sample, so a one-sided
 * match still decides, but not after a game or two. 0 before any sample. */
double stats_llr_trinomial(Wld r, double elo0, double elo1);
double stats_llr_pentanomial(Penta p, double elo0, double elo1);
/* Wald's bounds: lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha). */
void stats_sprt_bounds(const SprtParams *sp, double *lower, double *upper);
SprtVerdict stats_sprt_verdict(const SprtParams *sp, double llr);

#endif
