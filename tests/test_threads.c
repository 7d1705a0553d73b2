/* The library keeps no global state: games in distinct threads must play
 * exactly as they do one after the other, and const calls may share a game.
 * Every game of test_games.h; tools/test.sh also runs this under
 * ThreadSanitizer (build/tsan), which must report nothing. */
#include "test_games.h"

#include <pthread.h>
#include <stdalign.h>

#define THREADS 8
#define GAMES_PER_CASE 3 /* games of each case in each thread */
#define PLY_CAP 400

typedef struct job {
    int index;
    char final[GAME_CASE_COUNT][GAMES_PER_CASE][HERD_MAX_POSITION_TEXT];
    int failed;
} job;

/* Plays one game of a case: actions picked by the tests' generator (seeded
 * by thread and game), the computer's move every third ply, the dice
 * rolled by the game; no CMocka assertion here (they may not leave a
 * thread), a failure is recorded instead. */
static int play_one(const game_case *c, uint64_t seed, char *final)
{
    herd_game *g;
    if (herd_new(&g, c->game, c->options, NULL, NULL, NULL) != HERD_OK)
        return 1;
    test_rng r;
    trng_seed(&r, seed);
    herd_move moves[HERD_MAX_MOVES];
    int failed = 0;
    for (int ply = 0; ply < PLY_CAP && !failed; ply++) {
        herd_status st;
        size_t n;
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING)
            break;
        if (herd_is_chance(g))
            failed = herd_roll(g, NULL) != HERD_OK;
        else if (ply % 3 == 0)
            failed = herd_play_genmove(g, 0, NULL) != HERD_OK;
        else
            failed = herd_legal_moves(g, moves, HERD_MAX_MOVES, &n) != HERD_OK || n == 0 ||
                     herd_apply(g, moves[trng_below(&r, (unsigned)n)]) != HERD_OK;
    }
    size_t len;
    herd_position_to_text(g, final, HERD_MAX_POSITION_TEXT, &len);
    herd_free(g);
    return failed;
}

static void *play_games(void *arg)
{
    job *j = arg;
    for (size_t c = 0; c < GAME_CASE_COUNT; c++)
        for (int k = 0; k < GAMES_PER_CASE; k++)
            j->failed |= play_one(&GAME_CASES[c], (uint64_t)(j->index * 100 + k), j->final[c][k]);
    return NULL;
}

static void games_in_eight_threads_play_as_alone(void **state)
{
    (void)state;
    static job alone[THREADS], together[THREADS];
    for (int t = 0; t < THREADS; t++) {
        alone[t] = (job){.index = t};
        together[t] = alone[t];
        play_games(&alone[t]);
        assert_false(alone[t].failed);
    }
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_create(&th[t], NULL, play_games, &together[t]), 0);
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    for (int t = 0; t < THREADS; t++) {
        assert_false(together[t].failed);
        for (size_t c = 0; c < GAME_CASE_COUNT; c++)
            for (int k = 0; k < GAMES_PER_CASE; k++)
                assert_string_equal(together[t].final[c][k], alone[t].final[c][k]);
    }
    /* The threads played different games, so the comparison means
     * something. */
    for (size_t c = 0; c < GAME_CASE_COUNT; c++)
        assert_string_not_equal(alone[0].final[c][0], alone[1].final[c][0]);
}

/* What the const calls answer; every reader must find the same. */
typedef struct reading {
    size_t count;
    herd_move moves[HERD_MAX_MOVES];
    char text[HERD_MAX_POSITION_TEXT];
    char show[16 * HERD_MAX_POSITION_TEXT];
    char move_text[HERD_MAX_MOVE_TEXT];
    herd_status status;
    int legal, chance, same_clone, same_copy;
    size_t outcomes, copy_size;
} reading;

typedef struct reader {
    const herd_game *g;
    reading r;
    int failed;
} reader;

/* Caller memory for the readers' copies. */
static alignas(max_align_t) unsigned char arenas[THREADS][1 << 14];

static void read_once(const herd_game *g, reading *r, unsigned char *arena, size_t cap)
{
    size_t len;
    memset(r, 0, sizeof *r);
    herd_legal_moves(g, r->moves, HERD_MAX_MOVES, &r->count);
    herd_position_to_text(g, r->text, sizeof r->text, &len);
    herd_show(g, r->show, sizeof r->show, &len);
    herd_get_status(g, &r->status);
    r->legal = r->count ? herd_is_legal(g, r->moves[r->count - 1]) : -1;
    if (r->count)
        herd_move_to_text(g, r->moves[0], r->move_text, sizeof r->move_text, &len);
    r->chance = herd_is_chance(g);
    if (r->chance)
        herd_chance_outcomes(g, NULL, NULL, 0, &r->outcomes);
    r->copy_size = herd_copy_size(g, 4);
    herd_game *c = NULL;
    if (herd_clone(g, &c, NULL, NULL) == HERD_OK)
        r->same_clone = herd_same_position(g, c);
    herd_free(c);
    if (arena && herd_copy_into(g, arena, cap, &c) == HERD_OK)
        r->same_copy = herd_same_position(g, c);
}

static void *read_game(void *arg)
{
    reader *rd = arg;
    reading now;
    for (int k = 0; k < 50; k++) {
        read_once(rd->g, &now, NULL, 0);
        if (k && memcmp(&now, &rd->r, sizeof now) != 0)
            rd->failed = 1;
        memcpy(&rd->r, &now, sizeof now);
    }
    return NULL;
}

typedef struct copier {
    const herd_game *g;
    unsigned char *arena;
    int same;
} copier;

static void *copy_game(void *arg)
{
    copier *cp = arg;
    reading r;
    cp->same = 1;
    for (int k = 0; k < 50; k++) {
        read_once(cp->g, &r, cp->arena, sizeof arenas[0]);
        cp->same &= r.same_copy && r.same_clone;
    }
    return NULL;
}

static void const_calls_share_a_game_of_every_kind(void **state)
{
    (void)state;
    for (size_t c = 0; c < GAME_CASE_COUNT; c++) {
        herd_game *g = case_new(&GAME_CASES[c], NULL, NULL);
        play_computer(g, 7);
        assert_true(herd_copy_size(g, 4) <= sizeof arenas[0]);
        reading want;
        read_once(g, &want, NULL, 0);
        assert_true(want.same_clone);
        reader rd[THREADS / 2];
        copier cp[THREADS / 2];
        pthread_t th[THREADS];
        for (int t = 0; t < THREADS / 2; t++) {
            rd[t] = (reader){.g = g};
            cp[t] = (copier){.g = g, .arena = arenas[t]};
            assert_int_equal(pthread_create(&th[t], NULL, read_game, &rd[t]), 0);
            assert_int_equal(pthread_create(&th[THREADS / 2 + t], NULL, copy_game, &cp[t]), 0);
        }
        for (int t = 0; t < THREADS; t++)
            assert_int_equal(pthread_join(th[t], NULL), 0);
        for (int t = 0; t < THREADS / 2; t++) {
            assert_false(rd[t].failed);
            assert_memory_equal(&rd[t].r, &want, sizeof want);
            assert_true(cp[t].same);
        }
        herd_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(games_in_eight_threads_play_as_alone),
        cmocka_unit_test(const_calls_share_a_game_of_every_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
