/* herd-match's ladder fit (programs/ladder_fit.c) against cases worked out
 * by hand: two levels, where the rating is the Elo difference of the score
 * itself and its interval the binomial's; three levels whose scores are
 * exactly their ratings' expectations; and the cases without a finite
 * maximum. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "ladder_fit.h"

#define ELO_UNIT (400.0 / log(10.0)) /* rating points per unit of log-odds */

/* Level 2 scores 75 of 100 against level 1 (60 wins, 30 draws, 10
 * losses): 400 log10(3) above it, give or take 1.96 / sqrt(n p (1 - p))
 * log-odds; with one virtual draw, the score (75 + 1/2) / 101. */
static void two_levels(void **state)
{
    (void)state;
    double points[4] = {0, 25, 75, 0}, games[4] = {0, 100, 100, 0}, r[2], h[2];
    assert_int_equal(ladder_fit(2, points, games, 0, r, h), 0);
    assert_true(r[0] == 0 && h[0] == 0);
    assert_true(fabs(r[1] - 400 * log10(3.0)) < 1e-6); /* 190.85 */
    assert_true(fabs(h[1] - 1.96 * ELO_UNIT / sqrt(100 * 0.75 * 0.25)) < 1e-6); /* 78.63 */
    assert_int_equal(ladder_fit(2, points, games, 1, r, h), 0);
    double p = 75.5 / 101;
    assert_true(fabs(r[1] - 400 * log10(p / (1 - p))) < 1e-6);
    assert_true(fabs(h[1] - 1.96 * ELO_UNIT / sqrt(101 * p * (1 - p))) < 1e-6);
}

/* Scores that are exactly the expectations of ratings 0, 200 and 450 give
 * those ratings back, whatever the number of games of each pair; level 1
 * stays the anchor, even where it is not the weakest. */
static void three_levels(void **state)
{
    (void)state;
    const double want[3] = {0, 200, 450}, n[3] = {40, 60, 100}; /* pairs 01, 02, 12 */
    double points[9] = {0}, games[9] = {0}, r[3], h[3];
    int pair = 0;
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++, pair++) {
            double p = 1 / (1 + pow(10, (want[j] - want[i]) / 400));
            games[i * 3 + j] = games[j * 3 + i] = n[pair];
            points[i * 3 + j] = n[pair] * p;
            points[j * 3 + i] = n[pair] * (1 - p);
        }
    assert_int_equal(ladder_fit(3, points, games, 0, r, h), 0);
    for (int i = 0; i < 3; i++)
        assert_true(fabs(r[i] - want[i]) < 1e-6);
    assert_true(h[0] == 0 && h[1] > 0 && h[2] > h[1] * 0.5);
    /* The same games seen from the strongest as the anchor. */
    const double flip[3] = {450, 200, 0};
    double p2[9], g2[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            p2[i * 3 + j] = points[(2 - i) * 3 + 2 - j];
            g2[i * 3 + j] = games[(2 - i) * 3 + 2 - j];
        }
    assert_int_equal(ladder_fit(3, p2, g2, 0, r, h), 0);
    for (int i = 0; i < 3; i++)
        assert_true(fabs(r[i] - (flip[i] - flip[0])) < 1e-6);
}

/* No finite maximum: a level that won every game with no prior, a level
 * that met no other, too few or too many levels. The prior makes the
 * first finite. */
static void no_maximum(void **state)
{
    (void)state;
    double points[4] = {0, 0, 20, 0}, games[4] = {0, 20, 20, 0}, r[3], h[3];
    assert_int_equal(ladder_fit(2, points, games, 0, r, h), -1);
    assert_int_equal(ladder_fit(2, points, games, 1, r, h), 0);
    assert_true(fabs(r[1] - 400 * log10(20.5 / 0.5)) < 1e-6);
    double p3[9] = {0, 5, 0, 5, 0, 0, 0, 0, 0}, g3[9] = {0, 10, 0, 10, 0, 0, 0, 0, 0};
    assert_int_equal(ladder_fit(3, p3, g3, 1, r, h), -1); /* level 3 met no one */
    assert_int_equal(ladder_fit(1, points, games, 1, r, h), -1);
    assert_int_equal(ladder_fit(LADDER_MAX_LEVELS + 1, points, games, 1, r, h), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_levels),
        cmocka_unit_test(three_levels),
        cmocka_unit_test(no_maximum),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
