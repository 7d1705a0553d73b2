/* Batches (herd/batch.h) over every case of every game (test_games.h):
 * each game of a batch steps exactly as a game that herd_new() makes with
 * its seed and plays with the same actions and herd_roll(), the masks,
 * observations and sides are the one-game calls', games that end start
 * anew with the rewards of their result, the length limit truncates, the
 * same seed gives the same batch, and every refusal (NULL, a count that is
 * not the batch's, a short buffer, an action out of range or illegal in
 * one game, a failed allocation) changes nothing and says what was wrong. */
#include "test_games.h"

#include "herd/batch.h"

#include <math.h>

#define GAMES 4

/* The options of a case without its seed: the batch seeds its games. */
static void unseeded(const game_case *c, char *buf, size_t cap)
{
    snprintf(buf, cap, "%.*s", (int)unseeded_length(c->options), c->options);
}

static herd_batch *batch_of(const game_case *c, size_t n, uint64_t seed, uint32_t max_length)
{
    char options[160];
    unseeded(c, options, sizeof options);
    herd_batch *b = NULL;
    herd_error err = {0, ""};
    int rc = herd_batch_new(c->game, options, n, seed, max_length, NULL, NULL, &b, &err);
    if (rc != HERD_OK)
        fail_msg("herd_batch_new(%s, %s) = %d: %s", c->game, options, rc, err.message);
    assert_int_equal(herd_batch_count(b), n);
    /* Each game has the options asked for (every one, in the description's
     * order, as the cases write them), and a seed of its own. */
    char made[TEXT_CAP];
    size_t len;
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(herd_game_options_text(herd_batch_game(b, i), made, sizeof made, &len),
                         HERD_OK);
        if (options[0] && strncmp(made, options, strlen(options)) != 0)
            fail_msg("game %zu of %s %s has the options %s", i, c->game, options, made);
    }
    return b;
}

/* A game made by herd_new() as game i of the batch was made (its options
 * with its seed). */
static herd_game *twin_of(const herd_batch *b, size_t i)
{
    const herd_game *g = herd_batch_game(b, i);
    char options[TEXT_CAP];
    size_t len;
    assert_int_equal(herd_game_options_text(g, options, sizeof options, &len), HERD_OK);
    herd_game *t = game_new(herd_game_name(g), options);
    while (herd_is_chance(t))
        assert_int_equal(herd_roll(t, NULL), HERD_OK);
    assert_true(herd_same_position(t, g));
    return t;
}

/* The masks, observations and sides of the batch against each game's own
 * calls. */
static void check_reads(herd_batch *b)
{
    static unsigned char masks[GAMES * HERD_MAX_ACTIONS], mask[HERD_MAX_ACTIONS];
    static float obs[GAMES * HERD_MAX_OBSERVATION], one[HERD_MAX_OBSERVATION];
    int sides[GAMES];
    size_t n = herd_batch_count(b), shape[3];
    const herd_game *g0 = herd_batch_game(b, 0);
    size_t actions = herd_num_actions(g0);
    assert_int_equal(herd_observation_shape(g0, shape), HERD_OK);
    size_t floats = shape[0] * shape[1] * shape[2];
    assert_int_equal(herd_batch_masks(b, masks, n * actions, NULL), HERD_OK);
    assert_int_equal(herd_batch_observations(b, obs, n * floats, NULL), HERD_OK);
    assert_int_equal(herd_batch_sides(b, sides, n), HERD_OK);
    for (size_t i = 0; i < n; i++) {
        const herd_game *g = herd_batch_game(b, i);
        assert_true(is_ongoing(g));
        assert_false(herd_is_chance(g));
        assert_int_equal(sides[i], side_to_act(g));
        assert_int_equal(herd_legal_mask(g, mask, actions, NULL), HERD_OK);
        assert_memory_equal(masks + i * actions, mask, actions);
        assert_int_equal(herd_observation(g, sides[i], one, floats, NULL), HERD_OK);
        assert_memory_equal(obs + i * floats, one, floats * sizeof *one);
    }
}

/* The rewards of a game's end, per side, as herd.spiel's returns(). */
static void expect_rewards(const herd_game *ended, const float *rewards)
{
    herd_status st;
    assert_int_equal(herd_get_status(ended, &st), HERD_OK);
    for (int s = 0; s < 2; s++) {
        float want = st.result == HERD_WIN ? (st.side == s ? 1.0f : -1.0f) : 0.0f;
        assert_true(rewards[s] == want);
    }
}

/* Steps a batch of every case with random actions, each game beside its
 * twin played through herd_apply_action() and herd_roll(), until every
 * game has ended at least once (or a step limit), checking the reads at
 * every step. */
static void batch_plays_as_its_twins(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_batch *b = batch_of(c, GAMES, 7, 300);
        herd_game *twin[GAMES];
        int restarts[GAMES] = {0}, length[GAMES] = {0};
        for (size_t i = 0; i < GAMES; i++)
            twin[i] = twin_of(b, i);
        for (int step = 0; step < 2000; step++) {
            size_t actions[GAMES];
            float rewards[2 * GAMES];
            unsigned char done[GAMES];
            check_reads(b);
            assert_int_equal(herd_batch_random_actions(b, actions, GAMES), HERD_OK);
            assert_int_equal(herd_batch_step(b, actions, GAMES, rewards, done), HERD_OK);
            int all = 1;
            for (size_t i = 0; i < GAMES; i++) {
                assert_int_equal(herd_apply_action(twin[i], actions[i]), HERD_OK);
                length[i]++;
                while (herd_is_chance(twin[i]))
                    assert_int_equal(herd_roll(twin[i], NULL), HERD_OK);
                if (done[i] == HERD_BATCH_GOING) {
                    assert_true(length[i] < 300);
                    assert_true(herd_same_position(twin[i], herd_batch_game(b, i)));
                    assert_true(rewards[2 * i] == 0.0f && rewards[2 * i + 1] == 0.0f);
                } else {
                    if (done[i] == HERD_BATCH_ENDED) {
                        assert_false(is_ongoing(twin[i]));
                        expect_rewards(twin[i], rewards + 2 * i);
                    } else {
                        assert_int_equal(done[i], HERD_BATCH_TRUNCATED);
                        assert_true(is_ongoing(twin[i]));
                        assert_int_equal(length[i], 300);
                        assert_true(rewards[2 * i] == 0.0f && rewards[2 * i + 1] == 0.0f);
                    }
                    herd_free(twin[i]);
                    twin[i] = twin_of(b, i);
                    restarts[i]++;
                    length[i] = 0;
                }
                all &= restarts[i] > 0;
            }
            if (all && step > 50)
                break;
        }
        for (size_t i = 0; i < GAMES; i++) {
            if (restarts[i] == 0)
                fail_msg("%s %s: game %zu never ended", c->game, c->options, i);
            herd_free(twin[i]);
        }
        herd_batch_free(b);
    }
}

/* The length limit counts the caller's actions: a game stops after exactly
 * that many, chance outcomes not counted. */
static void length_limit_truncates(void **state)
{
    (void)state;
    game_case c = {"hex", "size=5"};
    herd_batch *b = batch_of(&c, GAMES, 3, 5);
    for (int step = 1; step <= 10; step++) {
        size_t actions[GAMES];
        float rewards[2 * GAMES];
        unsigned char done[GAMES];
        assert_int_equal(herd_batch_random_actions(b, actions, GAMES), HERD_OK);
        assert_int_equal(herd_batch_step(b, actions, GAMES, rewards, done), HERD_OK);
        for (size_t i = 0; i < GAMES; i++)
            assert_int_equal(done[i], step % 5 ? HERD_BATCH_GOING : HERD_BATCH_TRUNCATED);
    }
    herd_batch_free(b);
}

/* The random actions are uniform over the legal ones and change no game:
 * drawn many times in one position, each legal action comes up about as
 * often as the others (within 5 standard deviations), no other one. */
static void random_actions_are_uniform(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        game_case c = {d->name, ""};
        herd_batch *b = batch_of(&c, 1, 9, 0);
        const herd_game *g = herd_batch_game(b, 0);
        static unsigned char mask[HERD_MAX_ACTIONS];
        static long seen[HERD_MAX_ACTIONS];
        size_t actions = herd_num_actions(g), legal = 0;
        assert_int_equal(herd_legal_mask(g, mask, actions, NULL), HERD_OK);
        memset(seen, 0, sizeof seen);
        for (size_t i = 0; i < actions; i++)
            legal += mask[i];
        long draws = 400 * (long)legal;
        char before[HERD_MAX_SAVE_TEXT], after[HERD_MAX_SAVE_TEXT];
        size_t len;
        assert_int_equal(herd_save(g, before, sizeof before, &len), HERD_OK);
        for (long k = 0; k < draws; k++) {
            size_t a;
            assert_int_equal(herd_batch_random_actions(b, &a, 1), HERD_OK);
            assert_true(a < actions && mask[a]);
            seen[a]++;
        }
        assert_int_equal(herd_save(g, after, sizeof after, &len), HERD_OK);
        assert_string_equal(after, before);
        double p = 1.0 / (double)legal, sd = sqrt((double)draws * p * (1.0 - p));
        for (size_t i = 0; i < actions; i++)
            if (mask[i] && fabs((double)seen[i] - (double)draws * p) > 5.0 * sd + 1.0)
                fail_msg("%s: action %zu drawn %ld times of %ld (legal: %zu)", d->name, i, seen[i],
                         draws, legal);
        herd_batch_free(b);
    }
}

/* One random step of two batches that must draw the same actions, each
 * with the same rewards, and end with the same games. */
static void step_alike(herd_batch *a, herd_batch *b)
{
    size_t xa[GAMES], xb[GAMES];
    float ra[2 * GAMES], rb[2 * GAMES];
    unsigned char da[GAMES], db[GAMES];
    assert_int_equal(herd_batch_random_actions(a, xa, GAMES), HERD_OK);
    assert_int_equal(herd_batch_random_actions(b, xb, GAMES), HERD_OK);
    assert_memory_equal(xa, xb, sizeof xa);
    assert_int_equal(herd_batch_step(a, xa, GAMES, ra, da), HERD_OK);
    assert_int_equal(herd_batch_step(b, xb, GAMES, rb, db), HERD_OK);
    assert_memory_equal(ra, rb, sizeof ra);
    assert_memory_equal(da, db, sizeof da);
    for (size_t i = 0; i < GAMES; i++)
        assert_true(herd_same_position(herd_batch_game(a, i), herd_batch_game(b, i)));
}

/* Every game's seed comes from the batch's seed: the same seed and calls
 * give the same batch, another seed another one, and the games of a batch
 * differ. */
static void same_seed_same_batch(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        game_case c = {d->name, ""};
        herd_batch *a = batch_of(&c, GAMES, 11, 0), *b = batch_of(&c, GAMES, 11, 0);
        herd_batch *other = batch_of(&c, GAMES, 12, 0);
        char ta[TEXT_CAP], tb[TEXT_CAP];
        size_t len;
        assert_int_equal(herd_game_options_text(herd_batch_game(a, 0), ta, sizeof ta, &len), 0);
        assert_int_equal(herd_game_options_text(herd_batch_game(a, 1), tb, sizeof tb, &len), 0);
        assert_string_not_equal(ta, tb);
        assert_int_equal(herd_game_options_text(herd_batch_game(other, 0), tb, sizeof tb, &len), 0);
        assert_string_not_equal(ta, tb);
        for (int step = 0; step < 300; step++)
            step_alike(a, b);
        herd_batch_free(other);
        herd_batch_free(b);
        herd_batch_free(a);
    }
}

/* ------------------------------------------------------------ refusals */

/* Every game of b as a save text, to show that a refused call changed
 * nothing. */
typedef struct batch_snap {
    char save[GAMES][HERD_MAX_SAVE_TEXT];
} batch_snap;

static void bsnap_take(batch_snap *s, const herd_batch *b)
{
    size_t len;
    for (size_t i = 0; i < herd_batch_count(b); i++)
        assert_int_equal(herd_save(herd_batch_game(b, i), s->save[i], HERD_MAX_SAVE_TEXT, &len),
                         HERD_OK);
}

static void bsnap_check(const batch_snap *s, const herd_batch *b)
{
    batch_snap now;
    bsnap_take(&now, b);
    for (size_t i = 0; i < herd_batch_count(b); i++)
        assert_string_equal(now.save[i], s->save[i]);
}

static void expect_message(const herd_batch *b, const char *part)
{
    if (!strstr(herd_batch_last_error(b), part))
        fail_msg("message '%s' lacks '%s'", herd_batch_last_error(b), part);
}

static void creation_refusals(void **state)
{
    (void)state;
    herd_batch *sentinel = (herd_batch *)(uintptr_t)0x55, *b = sentinel;
    herd_error err = {0, ""};
    assert_int_equal(herd_batch_new("hex", NULL, 2, 0, 0, NULL, NULL, NULL, &err), HERD_E_ARG);
    assert_int_equal(err.code, HERD_E_ARG);
    assert_int_equal(herd_batch_new(NULL, NULL, 2, 0, 0, NULL, NULL, &b, &err), HERD_E_ARG);
    assert_int_equal(herd_batch_new("hex", NULL, 0, 0, 0, NULL, NULL, &b, &err), HERD_E_ARG);
    assert_non_null(strstr(err.message, "at least 1"));
    assert_int_equal(herd_batch_new("chess", NULL, 2, 0, 0, NULL, NULL, &b, &err), HERD_E_UNKNOWN);
    assert_non_null(strstr(err.message, "chess"));
    assert_int_equal(herd_batch_new("hex", "size=99", 2, 0, 0, NULL, NULL, &b, &err), HERD_E_RANGE);
    assert_int_equal(herd_batch_new("hex", "size", 2, 0, 0, NULL, NULL, &b, NULL), HERD_E_PARSE);
    assert_int_equal(herd_batch_new("hex", "size=5 seed=3", 2, 0, 0, NULL, NULL, &b, &err),
                     HERD_E_ARG);
    assert_non_null(strstr(err.message, "seed"));
    assert_int_equal(herd_batch_new("hex", NULL, SIZE_MAX / 2, 0, 0, NULL, NULL, &b, &err),
                     HERD_E_NOMEM);
    char want[HERD_ERROR_MESSAGE_SIZE];
    snprintf(want, sizeof want,
             "the batch is too large: %zu games of hex need more bytes than a size_t holds",
             SIZE_MAX / 2);
    assert_string_equal(err.message, want);
    assert_ptr_equal(b, sentinel);
    /* The NULL calls of a batch. */
    herd_batch_free(NULL);
    assert_int_equal(herd_batch_count(NULL), 0);
    assert_null(herd_batch_game(NULL, 0));
    assert_string_equal(herd_batch_last_error(NULL), "");
    assert_int_equal(herd_batch_masks(NULL, (unsigned char *)&err, 1, NULL), HERD_E_ARG);
    assert_int_equal(herd_batch_observations(NULL, (float *)&err, 1, NULL), HERD_E_ARG);
    assert_int_equal(herd_batch_sides(NULL, (int *)&err, 1), HERD_E_ARG);
    assert_int_equal(herd_batch_random_actions(NULL, (size_t *)&err, 1), HERD_E_ARG);
    assert_int_equal(herd_batch_step(NULL, (size_t *)&err, 1, (float *)&err, (unsigned char *)&err),
                     HERD_E_ARG);
}

/* Every call that a batch refuses leaves its games, its generator and the
 * outputs as they were, with a message. */
static void refusals_change_nothing(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        game_case c = {d->name, ""};
        herd_batch *b = batch_of(&c, GAMES, 5, 0), *twin = batch_of(&c, GAMES, 5, 0);
        assert_null(herd_batch_game(b, GAMES));
        size_t n_actions = herd_num_actions(herd_batch_game(b, 0)), shape[3];
        herd_observation_shape(herd_batch_game(b, 0), shape);
        size_t floats = shape[0] * shape[1] * shape[2];
        static unsigned char masks[GAMES * HERD_MAX_ACTIONS];
        static float obs[GAMES * HERD_MAX_OBSERVATION];
        size_t actions[GAMES + 1], want[GAMES];
        float rewards[2 * GAMES] = {7.0f};
        unsigned char done[GAMES] = {9};
        int sides[GAMES + 1] = {5};
        batch_snap s;
        bsnap_take(&s, b);
        assert_int_equal(herd_batch_random_actions(b, actions, GAMES), HERD_OK);
        assert_int_equal(herd_batch_random_actions(twin, want, GAMES), HERD_OK);

        memset(masks, 0x77, sizeof masks);
        assert_int_equal(herd_batch_masks(b, masks, GAMES * n_actions - 1, NULL), HERD_E_BUFFER);
        expect_message(b, "masks");
        assert_int_equal(masks[0], 0x77);
        assert_int_equal(herd_batch_masks(b, NULL, GAMES * n_actions, NULL), HERD_E_ARG);
        expect_message(b, "NULL");
        obs[0] = 5.0f;
        assert_int_equal(herd_batch_observations(b, obs, GAMES * floats - 1, NULL), HERD_E_BUFFER);
        expect_message(b, "observations");
        assert_true(obs[0] == 5.0f);
        assert_int_equal(herd_batch_observations(b, NULL, GAMES * floats, NULL), HERD_E_ARG);
        assert_int_equal(herd_batch_sides(b, sides, GAMES + 1), HERD_E_ARG);
        expect_message(b, "batch of 4 games");
        assert_int_equal(sides[0], 5);
        assert_int_equal(herd_batch_sides(b, NULL, GAMES), HERD_E_ARG);
        /* A refused draw draws nothing: the next draws are the twin's. */
        size_t none[GAMES + 1] = {42};
        assert_int_equal(herd_batch_random_actions(b, none, GAMES - 1), HERD_E_ARG);
        assert_int_equal(none[0], 42);
        assert_int_equal(herd_batch_random_actions(b, NULL, GAMES), HERD_E_ARG);

        assert_int_equal(herd_batch_step(b, actions, GAMES + 1, rewards, done), HERD_E_ARG);
        expect_message(b, "5 given for a batch of 4 games");
        assert_int_equal(herd_batch_step(b, NULL, GAMES, rewards, done), HERD_E_ARG);
        assert_int_equal(herd_batch_step(b, actions, GAMES, NULL, done), HERD_E_ARG);
        assert_int_equal(herd_batch_step(b, actions, GAMES, rewards, NULL), HERD_E_ARG);
        /* One bad action, in the last game: no game moves, the first
         * ones included. */
        size_t bad[GAMES];
        memcpy(bad, actions, sizeof bad);
        bad[GAMES - 1] = n_actions;
        assert_int_equal(herd_batch_step(b, bad, GAMES, rewards, done), HERD_E_RANGE);
        expect_message(b, "game 3: action");
        expect_message(b, "out of range");
        unsigned char mask[HERD_MAX_ACTIONS];
        assert_int_equal(herd_legal_mask(herd_batch_game(b, 2), mask, n_actions, NULL), HERD_OK);
        size_t illegal = 0;
        while (mask[illegal])
            illegal++;
        bad[GAMES - 1] = actions[GAMES - 1];
        bad[2] = illegal;
        assert_int_equal(herd_batch_step(b, bad, GAMES, rewards, done), HERD_E_ILLEGAL);
        expect_message(b, "game 2: action");
        expect_message(b, "illegal: ");
        assert_true(rewards[0] == 7.0f);
        assert_int_equal(done[0], 9);
        bsnap_check(&s, b);

        step_alike(b, twin); /* then both batches go on alike */
        herd_batch_free(twin);
        herd_batch_free(b);
    }
}

/* The step's check of each game's action (a bit, or a list read in blocks
 * of numbers) accepts exactly the legal actions: over random positions of
 * every case, every action of one game's space that its mask says is
 * illegal is refused, and no game moves; the random actions, all legal,
 * are then accepted. */
static void step_refuses_every_illegal_action(void **state)
{
    (void)state;
    static unsigned char masks[GAMES * HERD_MAX_ACTIONS];
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_batch *b = batch_of(c, GAMES, 11, 200);
        size_t n_actions = herd_num_actions(herd_batch_game(b, 0));
        for (int step = 0; step < 12; step++) {
            size_t actions[GAMES], bad[GAMES], i = (size_t)step % GAMES;
            float rewards[2 * GAMES];
            unsigned char done[GAMES];
            assert_int_equal(herd_batch_masks(b, masks, GAMES * n_actions, NULL), HERD_OK);
            assert_int_equal(herd_batch_random_actions(b, actions, GAMES), HERD_OK);
            static batch_snap snap;
            bsnap_take(&snap, b);
            for (size_t a = 0; a < n_actions; a++) {
                if (masks[i * n_actions + a])
                    continue;
                memcpy(bad, actions, sizeof bad);
                bad[i] = a;
                if (herd_batch_step(b, bad, GAMES, rewards, done) != HERD_E_ILLEGAL)
                    fail_msg("%s %s: game %zu took the illegal action %zu", c->game, c->options, i,
                             a);
            }
            bsnap_check(&snap, b);
            assert_int_equal(herd_batch_step(b, actions, GAMES, rewards, done), HERD_OK);
        }
        herd_batch_free(b);
    }
}

/* Every allocation of herd_batch_new() failing in turn: HERD_E_NOMEM with a
 * message, nothing left allocated, out untouched; the batch's calls then
 * allocate nothing, and freeing returns everything. */
static void allocation_failures_leak_nothing(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        test_alloc a;
        ta_init(&a);
        herd_batch *b = NULL;
        assert_int_equal(herd_batch_new(d->name, NULL, GAMES, 1, 0, ta_fn, &a, &b, NULL), HERD_OK);
        long total = a.requests;
        /* One allocation, the batch: herd_batch_new() makes no game on the
         * heap to learn the action space and the observation's size. */
        assert_int_equal(total, 1);
        size_t bytes = a.live_bytes;
        size_t actions[GAMES];
        float rewards[2 * GAMES];
        unsigned char done[GAMES];
        for (int step = 0; step < 200; step++) {
            assert_int_equal(herd_batch_random_actions(b, actions, GAMES), HERD_OK);
            assert_int_equal(herd_batch_step(b, actions, GAMES, rewards, done), HERD_OK);
        }
        assert_int_equal(a.requests, total);
        herd_batch_free(b);
        assert_int_equal(a.live_blocks, 0);
        assert_int_equal(a.bad_old_size, 0);
        for (long k = 1; k <= total; k++) {
            ta_init(&a);
            a.fail_at = k;
            herd_batch *sentinel = (herd_batch *)(uintptr_t)0x33;
            b = sentinel;
            herd_error err = {0, ""};
            assert_int_equal(herd_batch_new(d->name, NULL, GAMES, 1, 0, ta_fn, &a, &b, &err),
                             HERD_E_NOMEM);
            assert_int_equal(err.code, HERD_E_NOMEM);
            /* The one allocation refused: the message says its bytes and games. */
            char want[HERD_ERROR_MESSAGE_SIZE];
            snprintf(want, sizeof want,
                     "out of memory for the batch: the allocator refused the %zu bytes that %d "
                     "games of %s need",
                     bytes, GAMES, d->name);
            assert_string_equal(err.message, want);
            assert_ptr_equal(b, sentinel);
            assert_int_equal(a.live_blocks, 0);
            assert_int_equal(a.bad_old_size, 0);
            assert_int_equal(a.bad_pointer, 0);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(batch_plays_as_its_twins),
        cmocka_unit_test(length_limit_truncates),
        cmocka_unit_test(same_seed_same_batch),
        cmocka_unit_test(random_actions_are_uniform),
        cmocka_unit_test(creation_refusals),
        cmocka_unit_test(refusals_change_nothing),
        cmocka_unit_test(step_refuses_every_illegal_action),
        cmocka_unit_test(allocation_failures_leak_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
