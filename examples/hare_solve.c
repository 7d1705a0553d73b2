/* hare_solve: the verdict of perfect play in Hare and Hounds, for the
 * standard start and for every start point of the hare, from the library's
 * solver (herd_solve()). Prints one line per start:
 *   a2: hounds win in 23 moves
 * and exits with status 1 if the library refuses anything. */
#include <stdio.h>

#include <herd/hare.h>
#include <herd/herd.h>

static int report(const char *label, const herd_hare_options *opt)
{
    herd_game *g;
    herd_error err;
    int rc = herd_hare_new(opt, NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        printf("%s: %s\n", label, err.message); /* a hound's point: no game */
        return rc == HERD_E_RANGE ? 0 : 1;
    }
    int winner;
    unsigned plies;
    rc = herd_solve(g, &winner, &plies);
    if (rc == HERD_OK)
        printf("%s: %s win in %u moves\n", label, herd_side_name(g, winner), plies);
    else
        fprintf(stderr, "%s: %s\n", label, herd_last_error(g));
    herd_free(g);
    return rc != HERD_OK;
}

int main(void)
{
    int failed = report("standard start", NULL);
    for (int i = 0; i < HERD_HARE_POINTS; i++) {
        herd_hare_options opt = HERD_HARE_OPTIONS_INIT;
        char label[32];
        herd_hare_point(i, &opt.start);
        snprintf(label, sizeof label, "hare on %c%d", 'a' + opt.start.row, opt.start.col + 1);
        failed |= report(label, &opt);
    }
    return failed;
}
