/* A libherd program built with CMake's find_package(herd) (see
 * CMakeLists.txt): plays a seeded Herd of Horses game, computer against
 * computer, and prints the result. */
#include <stdio.h>
#include <stdlib.h>

#include <herd/herd.h>
#include <herd/horses.h>

int main(void)
{
    herd_horses_options opt;
    herd_horses_options_init(&opt, HERD_HORSES_OPTIONS_VERSION);
    opt.seed = 42;

    herd_game *g;
    herd_error err;
    int rc = herd_horses_new(&opt, NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "herd_horses_new: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }

    herd_status st;
    unsigned moves = 0;
    while ((rc = herd_get_status(g, &st)) == HERD_OK && st.result == HERD_ONGOING && moves < 2000) {
        rc = herd_play_genmove(g, 0, NULL);
        if (rc != HERD_OK)
            break;
        moves++;
    }
    if (rc != HERD_OK) {
        fprintf(stderr, "libherd: %s: %s\n", herd_strerror(rc), herd_last_error(g));
        herd_free(g);
        return EXIT_FAILURE;
    }

    char words[128]; /* how it ended, in the library's words; "" while it goes on */
    herd_result_text(g, words, sizeof words, NULL);
    printf("libherd %s: %s after %u moves\n", herd_version_string(),
           words[0] ? words : "No winner", moves);
    herd_free(g);
    return EXIT_SUCCESS;
}
