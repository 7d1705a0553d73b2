/* Tutorial, step 2 (docs/tutorial.md): list the legal moves, play one from
 * its text, see an illegal move refused with the game unchanged, take a move
 * back. Exits with 1 when the library does not do what the tutorial says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/herd.h>

/* [fail] */
/* Says what failed: the code's text and, for a call that took the game
 * non-const (g), the game's message. A const call (herd_show(),
 * herd_get_status(), ...) sets no message: pass NULL, the code says why. */
static int fail(const herd_game *g, const char *what, int rc)
{
    fprintf(stderr, "%s: %s%s%s\n", what, herd_strerror(rc), g ? ": " : "",
            g ? herd_last_error(g) : "");
    return EXIT_FAILURE;
}
/* [fail] */

static int play(herd_game *g)
{
    /* [legal] */
    herd_move moves[HERD_MAX_MOVES];
    size_t count;
    int rc = herd_legal_moves(g, moves, HERD_MAX_MOVES, &count);
    if (rc != HERD_OK)
        return fail(NULL, "herd_legal_moves", rc); /* a const call: no message */
    printf("%zu legal moves:", count);
    for (size_t i = 0; i < count; i++) {
        char text[HERD_MAX_MOVE_TEXT];
        size_t len;
        if (herd_move_to_text(g, moves[i], text, sizeof text, &len) == HERD_OK)
            printf(" %s", text);
    }
    printf("\n");
    /* [legal] */
    if (count == 0)
        return fail(NULL, "the start position has no legal move", HERD_E_STATE);

    /* [apply] */
    char first[HERD_MAX_MOVE_TEXT];
    size_t len;
    herd_move m;
    rc = herd_move_to_text(g, moves[0], first, sizeof first, &len);
    if (rc == HERD_OK)
        rc = herd_move_from_text(g, first, &m); /* the text names the same move */
    if (rc == HERD_OK)
        rc = herd_apply(g, m);
    if (rc != HERD_OK)
        return fail(g, "playing the first legal move", rc);
    printf("played %s\n", first);
    /* [apply] */
    if (m != moves[0])
        return fail(NULL, "the move's text names another move", HERD_E_PARSE);

    /* [refused_move] */
    char before[HERD_MAX_POSITION_TEXT], after[HERD_MAX_POSITION_TEXT];
    herd_position_to_text(g, before, sizeof before, &len);
    rc = herd_apply(g, moves[0]); /* no horse stands there now */
    printf("%s again: %s: %s\n", first, herd_strerror(rc), herd_last_error(g));
    herd_position_to_text(g, after, sizeof after, &len);
    /* rc is HERD_E_ILLEGAL and the game is unchanged: before equals after. */
    /* [refused_move] */
    if (rc != HERD_E_ILLEGAL || strcmp(before, after) != 0)
        return fail(g, "an illegal move was not refused cleanly", rc);

    /* [undo] */
    rc = herd_undo(g);
    if (rc != HERD_OK)
        return fail(g, "herd_undo", rc);
    printf("taken back: %zu moves in the history\n", herd_history_length(g));
    /* [undo] */
    return herd_history_length(g) == 0 ? EXIT_SUCCESS
                                       : fail(NULL, "undo left a move", HERD_E_STATE);
}

int main(void)
{
    herd_game *g;
    herd_error err;
    int rc = herd_new("horses", "w=10 h=8 seed=7", NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "herd_new: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }
    int status = play(g);
    herd_free(g);
    return status;
}
