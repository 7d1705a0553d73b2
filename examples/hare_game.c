/* hare_game: Hare and Hounds with its solution beside the game, as an
 * analysis board shows it. The hounds play perfectly (the level that plays
 * from the solved game), the hare at random; after every move herd_solve()
 * says who wins and in how many moves with perfect play from there, and a
 * hare's move that brings its loss nearer than the best defence would is
 * marked as a mistake.
 *
 * Usage: hare_game [START [SEED]]
 *
 * START is the hare's start point (default a2), SEED the hare's random
 * choices. Perfect play hurries a win and delays a loss, so the count must
 * fall by exactly one after each hounds' move and by one or more after each
 * hare's move, and the winner must never change: the program checks it and
 * exits with 1 if the library disagrees with itself, or refuses the start. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/hare.h>
#include <herd/herd.h>

/* Says what failed: the code's text and, for a call that took the game
 * non-const (g), the game's message. A const call (herd_show(),
 * herd_get_status(), ...) sets no message: pass NULL, the code says why. */
static int fail(const herd_game *g, const char *what, int rc)
{
    fprintf(stderr, "hare_game: %s: %s%s%s\n", what, herd_strerror(rc), g ? ": " : "",
            g ? herd_last_error(g) : "");
    return EXIT_FAILURE;
}

static int play(herd_game *g)
{
    int winner;
    unsigned plies;
    int rc = herd_solve(g, &winner, &plies); /* builds the table once per handle */
    if (rc != HERD_OK)
        return fail(g, "herd_solve", rc);
    printf("solved: %s to win in %u moves\n", herd_side_name(g, winner), plies);

    for (unsigned n = 1;; n++) {
        herd_status st;
        if ((rc = herd_get_status(g, &st)) != HERD_OK)
            return fail(NULL, "herd_get_status", rc);
        if (st.result != HERD_ONGOING) {
            int ok = st.result == HERD_WIN && st.side == winner && plies == 0;
            char words[128]; /* how it ended, in the library's words */
            herd_result_text(g, words, sizeof words, NULL);
            printf("Result: %s after %u moves%s\n", words, n - 1,
                   ok ? ", as solved" : ", NOT as solved");
            return ok ? EXIT_SUCCESS : EXIT_FAILURE;
        }
        int level = st.side == HERD_HARE_HOUNDS ? HERD_HARE_MAX_LEVEL : 1;
        herd_move m;
        if ((rc = herd_play_genmove(g, level, &m)) != HERD_OK)
            return fail(g, "herd_play_genmove", rc);

        int now_winner;
        unsigned now_plies;
        if ((rc = herd_solve(g, &now_winner, &now_plies)) != HERD_OK)
            return fail(g, "herd_solve", rc);
        herd_cell from = {0, 0}, to = {0, 0};
        int stall = 0;
        herd_hare_move_cells(m, &from, &to);
        herd_hare_stall(g, &stall);
        printf("%2u. %-6s %c%d-%c%d  stall %2d  %s to win in %u", n, herd_side_name(g, st.side),
               'a' + from.row, from.col + 1, 'a' + to.row, to.col + 1, stall,
               herd_side_name(g, now_winner), now_plies);
        /* The hounds win from every start (docs/hare.md), so the hare's
         * moves can only shorten the count; the hounds' perfect moves
         * shorten it by one, no more. */
        int consistent = now_winner == winner && now_plies < plies &&
                         (level == 1 || now_plies + 1 == plies);
        if (!consistent) {
            printf("  <- the solution disagrees with perfect play\n");
            return EXIT_FAILURE;
        }
        if (now_plies + 1 < plies)
            printf("  (a mistake: %u moves sooner)", plies - 1 - now_plies);
        printf("\n");
        plies = now_plies;
    }
}

int main(int argc, char **argv)
{
    herd_hare_options opt = HERD_HARE_OPTIONS_INIT;
    if (argc > 3 || (argc > 1 && strlen(argv[1]) != 2)) {
        fprintf(stderr, "usage: hare_game [START [SEED]], START a point name such as c2\n");
        return EXIT_FAILURE;
    }
    if (argc > 1) {
        /* The library judges whether the start is a free point, and says
         * what is wrong with it. */
        opt.start.row = argv[1][0] - 'a';
        opt.start.col = argv[1][1] - '1';
    }
    if (argc > 2) {
        char *end;
        opt.seed = strtoull(argv[2], &end, 10); /* the hare's random choices */
        if (*end || end == argv[2]) {
            fprintf(stderr, "hare_game: the seed is a number, not %s\n", argv[2]);
            return EXIT_FAILURE;
        }
    }
    herd_game *g;
    herd_error err;
    int rc = herd_hare_new(&opt, NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "hare_game: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }
    int status = play(g);
    herd_free(g);
    return status;
}
