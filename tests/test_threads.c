/* The library keeps no global state: games in distinct threads must play
 * exactly as they do one after the other, and const calls may share a game. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <herd/herd.h>

#define GAMES 200

typedef struct job {
    const char *game;
    uint64_t first_seed;
    char final[GAMES][HERD_MAX_POSITION_TEXT];
    int failed;
} job;

/* Plays GAMES seeded computer games (dice rolled by the game) to their end
 * and keeps each final position. */
static void *play_games(void *arg)
{
    job *j = arg;
    for (int k = 0; k < GAMES; k++) {
        char options[64];
        snprintf(options, sizeof options, "seed=%llu",
                 (unsigned long long)(j->first_seed + (uint64_t)k));
        herd_game *g;
        if (herd_new(&g, j->game, options, NULL, NULL, NULL) != HERD_OK) {
            j->failed = 1;
            return NULL;
        }
        herd_status st;
        for (int ply = 0; ply < 20000; ply++) {
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING)
                break;
            int rc = herd_is_chance(g) ? herd_roll(g, NULL) : herd_play_genmove(g, 0, NULL);
            if (rc != HERD_OK) {
                j->failed = 1;
                break;
            }
        }
        size_t len;
        herd_position_to_text(g, j->final[k], sizeof j->final[k], &len);
        herd_free(g);
    }
    return NULL;
}

static void run_in_threads(const char *game)
{
    static job alone[2], together[2];
    for (int t = 0; t < 2; t++) {
        alone[t] = (job){.game = game, .first_seed = 1000u * (uint64_t)t};
        together[t] = alone[t];
        play_games(&alone[t]);
        assert_false(alone[t].failed);
    }
    pthread_t th[2];
    for (int t = 0; t < 2; t++)
        assert_int_equal(pthread_create(&th[t], NULL, play_games, &together[t]), 0);
    for (int t = 0; t < 2; t++)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    for (int t = 0; t < 2; t++) {
        assert_false(together[t].failed);
        for (int k = 0; k < GAMES; k++)
            assert_string_equal(together[t].final[k], alone[t].final[k]);
    }
    /* The two threads played different games, so the comparison means
     * something. */
    assert_string_not_equal(alone[0].final[0], alone[1].final[0]);
}

static void horses_games_in_two_threads_play_as_alone(void **state)
{
    (void)state;
    run_in_threads("horses");
}

static void hex_games_in_two_threads_play_as_alone(void **state)
{
    (void)state;
    run_in_threads("hex");
}

typedef struct reader {
    const herd_game *g;
    uint64_t nodes;
    char text[HERD_MAX_POSITION_TEXT];
} reader;

static void *read_game(void *arg)
{
    reader *r = arg;
    herd_move moves[HERD_MAX_MOVES];
    size_t n, len;
    for (int k = 0; k < 200; k++) {
        herd_legal_moves(r->g, moves, HERD_MAX_MOVES, &n);
        r->nodes += n;
        herd_position_to_text(r->g, r->text, sizeof r->text, &len);
    }
    return NULL;
}

static void const_calls_may_share_a_game(void **state)
{
    (void)state;
    herd_game *g;
    assert_int_equal(herd_new(&g, "horses", "w=20 h=16 n=10 seed=5", NULL, NULL, NULL), HERD_OK);
    size_t n = 0;
    assert_int_equal(herd_legal_moves(g, NULL, 0, &n), HERD_E_BUFFER);
    assert_true(n > 0);
    reader r[2] = {{.g = g}, {.g = g}};
    pthread_t th[2];
    for (int t = 0; t < 2; t++)
        assert_int_equal(pthread_create(&th[t], NULL, read_game, &r[t]), 0);
    for (int t = 0; t < 2; t++)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    char text[HERD_MAX_POSITION_TEXT];
    size_t len;
    herd_position_to_text(g, text, sizeof text, &len);
    for (int t = 0; t < 2; t++) {
        assert_true(r[t].nodes == 200 * (uint64_t)n);
        assert_string_equal(r[t].text, text);
    }
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(horses_games_in_two_threads_play_as_alone),
        cmocka_unit_test(hex_games_in_two_threads_play_as_alone),
        cmocka_unit_test(const_calls_may_share_a_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
