/* A libherd program whose CMake project builds libherd from source with
 * add_subdirectory() (see CMakeLists.txt): creates a Herd on a hexhex board,
 * rolls the dice with the game's generator and prints the outcome and the
 * position. */
#include <stdio.h>
#include <stdlib.h>

#include <herd/herd.h>

int main(void)
{
    herd_game *g;
    herd_error err;
    int rc = herd_new("hex", "size=3 seed=5", NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "herd_new: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }

    herd_move roll;
    char text[HERD_MAX_MOVE_TEXT], pos[HERD_MAX_POSITION_TEXT];
    size_t len;
    rc = herd_roll(g, &roll);
    if (rc == HERD_OK)
        rc = herd_move_to_text(g, roll, text, sizeof text, &len);
    if (rc == HERD_OK)
        rc = herd_position_to_text(g, pos, sizeof pos, &len);
    if (rc != HERD_OK) {
        fprintf(stderr, "libherd: %s: %s\n", herd_strerror(rc), herd_last_error(g));
        herd_free(g);
        return EXIT_FAILURE;
    }
    printf("libherd %s: %s rolled %s\n%s\n", herd_version_string(), herd_side_name(g, 0), text,
           pos);
    herd_free(g);
    return EXIT_SUCCESS;
}
