/* The ratings of a ladder (herd-match --ladder): one rating per level by
 * maximum likelihood under the Bradley-Terry model on the Elo scale, draws
 * as half points, with 95% intervals; the first level is the anchor, at 0.
 * bindings/python/herd/match.py's ladder() fits the same way with numpy, to
 * the same numbers. */
#ifndef HERD_LADDER_FIT_H
#define HERD_LADDER_FIT_H

/* The most levels a ladder fits. */
#define LADDER_MAX_LEVELS 16

/* Virtual draws that herd-match's ladder adds to every pair of levels that
 * played (as BayesElo's prior does), so that a level that won or lost
 * every game still has a finite rating. */
#define LADDER_PRIOR_DRAWS 1.0

/* Fits `levels` ratings (2..LADDER_MAX_LEVELS) from the games of each pair:
 * points[i * levels + j] is what level i scored against level j (a win 1, a
 * draw 1/2) and games[i * levels + j] the games they played (the same as
 * games[j * levels + i]; the diagonal is not read), to which `prior`
 * virtual draws are added for every pair with games. The probability that
 * level i beats level j is 1 / (1 + 10^((r_j - r_i) / 400)); the fit
 * maximizes the likelihood of the scores with r_0 = 0 by Newton's method
 * (the step halved while the likelihood does not rise), and each half[i]
 * is 1.96 times the standard error of rating[i] from the inverse of the
 * information at the maximum (0 for the anchor). Returns 0, or -1 when the
 * ratings have no finite maximum (a level, or a group of levels, that won
 * or lost all its games with no prior, or a level that met no other). */
int ladder_fit(int levels, const double *points, const double *games, double prior,
               double *rating, double *half);

#endif /* HERD_LADDER_FIT_H */
