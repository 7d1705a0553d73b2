/* The smallest libherd program, built with pkg-config (see Makefile):
 * creates a seeded Herd of Horses game, prints its position, lets the
 * computer play one move for Green and frees the game. */
#include <stdio.h>
#include <stdlib.h>

#include <herd/herd.h>

/* Says what failed and frees the game. A call on a const handle
 * (herd_position_to_text(), ...) sets no message (own_message 0): its code
 * says why; herd_last_error() would tell of an older failure. */
static int fail(herd_game *g, const char *what, int rc, int own_message)
{
    fprintf(stderr, "%s: %s%s%s\n", what, herd_strerror(rc), own_message ? ": " : "",
            own_message ? herd_last_error(g) : "");
    herd_free(g);
    return EXIT_FAILURE;
}

int main(void)
{
    herd_game *g;
    herd_error err;
    int rc = herd_new("horses", "w=10 h=8 n=5 seed=7", NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "herd_new: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }

    char pos[HERD_MAX_POSITION_TEXT];
    size_t len;
    rc = herd_position_to_text(g, pos, sizeof pos, &len);
    if (rc != HERD_OK)
        return fail(g, "herd_position_to_text", rc, 0);

    herd_move m;
    rc = herd_play_genmove(g, 0, &m);
    if (rc != HERD_OK)
        return fail(g, "herd_play_genmove", rc, 1);

    char move[HERD_MAX_MOVE_TEXT];
    rc = herd_move_to_text(g, m, move, sizeof move, &len);
    if (rc != HERD_OK)
        return fail(g, "herd_move_to_text", rc, 0);

    printf("libherd %s\n%s\n%s plays %s\n", herd_version_string(), pos, herd_side_name(g, 0), move);
    herd_free(g);
    return EXIT_SUCCESS;
}
