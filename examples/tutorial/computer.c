/* Tutorial, step 3 (docs/tutorial.md): let the computer play both sides to
 * the end, read the result, and replay the game from its seed. Exits with 1
 * when the library does not do what the tutorial says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/herd.h>

/* The rules have no move limit; the tutorial stops a game after this many. */
#define MAX_MOVES 2000

/* [play] */
/* Plays the game to its end (or MAX_MOVES moves) with the computer on both
 * sides; returns a herd_code and the number of moves played. */
static int play_out(herd_game *g, unsigned *played)
{
    herd_status st;
    int rc;
    *played = 0;
    while ((rc = herd_get_status(g, &st)) == HERD_OK && st.result == HERD_ONGOING &&
           *played < MAX_MOVES) {
        rc = herd_play_genmove(g, 0, NULL);
        if (rc != HERD_OK)
            return rc;
        ++*played;
    }
    return rc;
}
/* [play] */

static int new_game(herd_game **g)
{
    herd_error err;
    int rc = herd_new("horses", "w=10 h=8 seed=2", NULL, NULL, g, &err);
    if (rc != HERD_OK)
        fprintf(stderr, "herd_new: %s: %s\n", herd_strerror(rc), err.message);
    return rc;
}

int main(void)
{
    herd_game *a, *b;
    if (new_game(&a) != HERD_OK)
        return EXIT_FAILURE;
    if (new_game(&b) != HERD_OK) {
        herd_free(a);
        return EXIT_FAILURE;
    }
    int status = EXIT_FAILURE;
    unsigned played_a, played_b;
    int rc = play_out(a, &played_a);
    if (rc != HERD_OK) {
        fprintf(stderr, "playing: %s: %s\n", herd_strerror(rc), herd_last_error(a));
        goto done;
    }

    /* [result] */
    char words[128]; /* "Red has no move left: Green wins"; "" while it goes on */
    herd_result_text(a, words, sizeof words, NULL);
    printf("%s after %u moves\n", words[0] ? words : "No result", played_a);
    /* [result] */

    /* [replay] */
    /* The same game, options and seed give the same game. */
    rc = play_out(b, &played_b);
    char end_a[HERD_MAX_POSITION_TEXT], end_b[HERD_MAX_POSITION_TEXT];
    size_t len;
    herd_position_to_text(a, end_a, sizeof end_a, &len);
    herd_position_to_text(b, end_b, sizeof end_b, &len);
    int same = rc == HERD_OK && played_a == played_b && strcmp(end_a, end_b) == 0;
    printf("replayed from the seed: %s\n", same ? "the same game" : "another game");
    /* [replay] */
    if (same)
        status = EXIT_SUCCESS;

done:
    herd_free(a);
    herd_free(b);
    return status;
}
