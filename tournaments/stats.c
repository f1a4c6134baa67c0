#include "tournaments/stats.h"

#include <math.h>

#define Z95 1.959963984540054 /* two-sided 95% quantile of the normal distribution */

double stats_elo_of_score(double score)
{
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

double stats_score_of_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* Mean and variance of samples taking values[i] counts[i] times. Returns the sample count. */
static int moments(const double *values, const int *counts, int k, double *mean, double *var)
{
    int n = 0;
    double sum = 0, sq = 0;
    for (int i = 0; i < k; i++) {
        n += counts[i];
        sum += counts[i] * values[i];
    }
    *mean = n ? sum / n : 0.5;
    for (int i = 0; i < k; i++) sq += counts[i] * (values[i] - *mean) * (values[i] - *mean);
    *var = n ? sq / n : 0;
    return n;
}

static EloEstimate estimate(const double *values, const int *counts, int k)
{
    double mean, var;
    int n = moments(values, counts, k, &mean, &var);
    EloEstimate e = {mean, stats_elo_of_score(mean), NAN, NAN, NAN};
    if (n < 2 || var <= 0) return e;
    double d = Z95 * sqrt(var / n);
    e.lo = stats_elo_of_score(mean - d);
    e.hi = stats_elo_of_score(mean + d);
    e.margin = (e.hi - e.lo) / 2;
    return e;
}

static const double TRI_VALUES[3] = {1.0, 0.0, 0.5};
static const double PENTA_VALUES[5] = {0.0, 0.25, 0.5, 0.75, 1.0};

EloEstimate stats_elo_trinomial(Wld r)
{
    int counts[3] = {r.w, r.l, r.d};
    return estimate(TRI_VALUES, counts, 3);
}

EloEstimate stats_elo_pentanomial(Penta p)
{
    return estimate(PENTA_VALUES, p.n, 5);
}

double stats_los(Wld r)
{
    if (r.w + r.l == 0) return 0.5;
    return 0.5 * (1.0 + erf((r.w - r.l) / sqrt(2.0 * (r.w + r.l))));
}

/* An outcome never seen so far counts as half a sample (fishtest regularises empty cells the same
 * way, with a smaller weight): a one-sided match (all won, say) then still has a variance and
 * reaches a decision after enough games (about 11 straight wins for elo0 = -10, elo1 = 10)
 * instead of never, while a few games cannot decide alone. With every outcome seen, this is
 * fishtest's LLR_logistic exactly. */
#define UNSEEN_WEIGHT 0.5

static double llr(const double *values, const int *counts, int k, double elo0, double elo1)
{
    double c[5], n = 0, seen = 0, sum = 0, sq = 0;
    for (int i = 0; i < k; i++) {
        seen += counts[i];
        c[i] = counts[i] ? counts[i] : UNSEEN_WEIGHT;
        n += c[i];
        sum += c[i] * values[i];
    }
    if (seen == 0) return 0;
    double mean = sum / n;
    for (int i = 0; i < k; i++) sq += c[i] * (values[i] - mean) * (values[i] - mean);
    double var = sq / n, s0 = stats_score_of_elo(elo0), s1 = stats_score_of_elo(elo1);
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

double stats_llr_trinomial(Wld r, double elo0, double elo1)
{
    int counts[3] = {r.w, r.l, r.d};
    return llr(TRI_VALUES, counts, 3, elo0, elo1);
}

double stats_llr_pentanomial(Penta p, double elo0, double elo1)
{
    return llr(PENTA_VALUES, p.n, 5, elo0, elo1);
}

void stats_sprt_bounds(const SprtParams *sp, double *lower, double *upper)
{
    *lower = log(sp->beta / (1 - sp->alpha));
    *upper = log((1 - sp->beta) / sp->alpha);
}

SprtVerdict stats_sprt_verdict(const SprtParams *sp, double llr_value)
{
    double lower, upper;
    stats_sprt_bounds(sp, &lower, &upper);
    if (llr_value >= upper) return SPRT_H1;
    if (llr_value <= lower) return SPRT_H0;
    return SPRT_CONTINUE;
}
