/* Tutorial, step 1 (docs/tutorial.md): create a game from a name and
 * options, read the reason when creation fails, print the position and the
 * board, free the game. Exits with 1 when the library does not do what the
 * tutorial says. */
#include <stdio.h>
#include <stdlib.h>

#include <herd/herd.h>

int main(void)
{
    /* [create] */
    herd_game *g;
    herd_error err;
    int rc = herd_new("horses", "w=10 h=8 seed=7", NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "herd_new: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }
    /* [create] */

    /* [refused_option] */
    herd_game *narrow;
    rc = herd_new("horses", "w=7", NULL, NULL, &narrow, &err);
    /* rc is HERD_E_RANGE and err.message names the option and its range;
     * narrow is left as it was. */
    printf("w=7 refused: %s: %s\n", herd_strerror(rc), err.message);
    /* [refused_option] */
    if (rc != HERD_E_RANGE) {
        herd_free(g);
        return EXIT_FAILURE;
    }

    /* [texts] */
    char position[HERD_MAX_POSITION_TEXT];
    size_t len;
    rc = herd_position_to_text(g, position, sizeof position, &len);
    if (rc == HERD_OK)
        printf("%s\n", position);

    size_t need;
    herd_show(g, NULL, 0, &need); /* HERD_E_BUFFER: need = the board's length */
    char *board = malloc(need + 1);
    if (board)
        rc = herd_show(g, board, need + 1, &len);
    if (board && rc == HERD_OK)
        printf("%s\n", board);
    /* [texts] */
    int shown = board && rc == HERD_OK;
    free(board);

    /* [free] */
    herd_free(g);
    /* [free] */
    return shown ? EXIT_SUCCESS : EXIT_FAILURE;
}
