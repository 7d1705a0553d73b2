/* The ladder's fit (ladder_fit.h): Newton's method on the log-likelihood of
 * the Bradley-Terry model, written step by step so that the Python package
 * (herd.ladder) can take the same steps with numpy. */
#include "ladder_fit.h"

#include <math.h>
#include <string.h>

#define ELO (log(10.0) / 400.0) /* the Elo scale's slope */

/* The probability that a level rated d above another beats it. */
static double win_probability(double d)
{
    return 1.0 / (1.0 + pow(10.0, -d / 400.0));
}

/* The log-likelihood, its gradient and the information matrix (the
 * negated Hessian) over the levels but the anchor (k = levels - 1 each). */
static double likelihood(int levels, const double *s, const double *n, const double *r,
                         double *grad, double *info)
{
    int k = levels - 1;
    double ll = 0;
    if (grad) {
        memset(grad, 0, (size_t)k * sizeof *grad);
        memset(info, 0, (size_t)k * (size_t)k * sizeof *info);
    }
    for (int i = 0; i < levels; i++)
        for (int j = i + 1; j < levels; j++) {
            double games = n[i * levels + j];
            if (games <= 0)
                continue;
            double p = win_probability(r[i] - r[j]), score = s[i * levels + j];
            if (score > 0) /* no 0 * log(0) where a level won or lost every game */
                ll += score * log(p);
            if (games - score > 0)
                ll += (games - score) * log(1 - p);
            if (!grad)
                continue;
            double g = ELO * (score - games * p), w = ELO * ELO * games * p * (1 - p);
            if (i > 0) {
                grad[i - 1] += g;
                info[(i - 1) * k + i - 1] += w;
            }
            if (j > 0) {
                grad[j - 1] -= g;
                info[(j - 1) * k + j - 1] += w;
            }
            if (i > 0 && j > 0) {
                info[(i - 1) * k + j - 1] -= w;
                info[(j - 1) * k + i - 1] -= w;
            }
        }
    return ll;
}

/* Inverts the k x k matrix a into inv by Gauss-Jordan elimination with
 * partial pivoting; a is destroyed. -1 when it is singular. */
static int invert(int k, double *a, double *inv)
{
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            inv[i * k + j] = i == j;
    for (int c = 0; c < k; c++) {
        int pivot = c;
        for (int i = c + 1; i < k; i++)
            if (fabs(a[i * k + c]) > fabs(a[pivot * k + c]))
                pivot = i;
        if (!(fabs(a[pivot * k + c]) > 1e-300))
            return -1;
        for (int j = 0; j < k; j++) {
            double t = a[c * k + j];
            a[c * k + j] = a[pivot * k + j];
            a[pivot * k + j] = t;
            t = inv[c * k + j];
            inv[c * k + j] = inv[pivot * k + j];
            inv[pivot * k + j] = t;
        }
        double d = a[c * k + c];
        for (int j = 0; j < k; j++) {
            a[c * k + j] /= d;
            inv[c * k + j] /= d;
        }
        for (int i = 0; i < k; i++)
            if (i != c) {
                double f = a[i * k + c];
                for (int j = 0; j < k; j++) {
                    a[i * k + j] -= f * a[c * k + j];
                    inv[i * k + j] -= f * inv[c * k + j];
                }
            }
    }
    return 0;
}

#define MAX_ITERATIONS 200
#define RATING_BOUND 10000.0 /* beyond it the maximum is taken to be at infinity */

int ladder_fit(int levels, const double *points, const double *games, double prior,
               double *rating, double *half)
{
    enum { N = LADDER_MAX_LEVELS };
    if (levels < 2 || levels > N)
        return -1;
    double s[N * N], n[N * N], grad[N], info[N * N], a[N * N], cov[N * N], r[N], next[N];
    int k = levels - 1;
    for (int i = 0; i < levels; i++)
        for (int j = 0; j < levels; j++) {
            double played = i == j ? 0 : games[i * levels + j];
            n[i * levels + j] = played > 0 ? played + prior : 0;
            s[i * levels + j] = played > 0 ? points[i * levels + j] + prior / 2 : 0;
        }
    memset(r, 0, sizeof r);
    int converged = 0;
    for (int it = 0; it < MAX_ITERATIONS && !converged; it++) {
        double ll = likelihood(levels, s, n, r, grad, info);
        memcpy(a, info, (size_t)k * (size_t)k * sizeof *a);
        if (invert(k, a, cov) != 0)
            return -1;
        double step[N], largest = 0;
        for (int i = 0; i < k; i++) {
            step[i] = 0;
            for (int j = 0; j < k; j++)
                step[i] += cov[i * k + j] * grad[j];
        }
        /* Halve the step while the likelihood does not rise. */
        for (int h = 0; h < 60; h++) {
            next[0] = 0;
            for (int i = 0; i < k; i++)
                next[i + 1] = r[i + 1] + step[i];
            if (likelihood(levels, s, n, next, NULL, NULL) >= ll)
                break;
            for (int i = 0; i < k; i++)
                step[i] /= 2;
        }
        for (int i = 0; i < k; i++) {
            r[i + 1] += step[i];
            if (fabs(step[i]) > largest)
                largest = fabs(step[i]);
            if (fabs(r[i + 1]) > RATING_BOUND)
                return -1;
        }
        converged = largest < 1e-9;
    }
    if (!converged)
        return -1;
    likelihood(levels, s, n, r, grad, info);
    memcpy(a, info, (size_t)k * (size_t)k * sizeof *a);
    if (invert(k, a, cov) != 0)
        return -1;
    rating[0] = 0;
    half[0] = 0;
    for (int i = 0; i < k; i++) {
        rating[i + 1] = r[i + 1];
        half[i + 1] = 1.96 * sqrt(cov[i * k + i]);
    }
    return 0;
}
