/* The games that the "for every game" tests run over (allocation failure,
 * threads, misuse, interrupts), and scenario helpers that use only the
 * generic API, so that a new game is one more line in GAME_CASES.
 *
 * Include after test_util.h (CMocka and the allocator come from there). */
#ifndef HERD_TEST_GAMES_H
#define HERD_TEST_GAMES_H

#include "test_util.h"

#include <stdalign.h>

/* A game with options; `large` is a position where perft 64 cannot end in
 * a test's lifetime (the interrupt tests stop it). */
typedef struct game_case {
    const char *game;
    const char *options;
} game_case;

static const game_case GAME_CASES[] = {
    {"horses", "seed=1"},
    {"horses", "w=30 h=20 n=10 seed=7"},
    {"horses", "w=9 h=8 n=4 seed=3"},
    {"hex", "seed=1"},
    {"hex", "size=2 seed=5"},
    {"hex", "size=13 seed=9"},
    {"hare", ""},
    {"hare", "start=d2"},
    {"fox", ""},
    {"fox", "geese=17 sideways=1"},
    {"flock", "seed=1"},
    {"flock", "w=12 h=12 seed=4"},
};

#define GAME_CASE_COUNT (sizeof GAME_CASES / sizeof GAME_CASES[0])

/* One case's name for failure messages: "horses w=9 h=8 n=4 seed=3". */
static inline const char *case_name(const game_case *c, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s %s", c->game, c->options);
    return buf;
}

static inline herd_game *case_new(const game_case *c, herd_alloc_fn alloc, void *ud)
{
    herd_game *g = NULL;
    herd_error err = {0, ""};
    int rc = herd_new(&g, c->game, c->options, alloc, ud, &err);
    if (rc != HERD_OK)
        print_error("herd_new(%s, %s): %d %s\n", c->game, c->options, rc, err.message);
    assert_int_equal(rc, HERD_OK);
    return g;
}

static inline int is_ongoing(const herd_game *g)
{
    herd_status st;
    assert_int_equal(herd_get_status(g, &st), HERD_OK);
    return st.result == HERD_ONGOING;
}

/* One action of the scenarios: the dice rolled by the game when a chance
 * event waits, else the computer player's move. */
static inline int step_computer(herd_game *g)
{
    return herd_is_chance(g) ? herd_roll(g, NULL) : herd_play_genmove(g, 0, NULL);
}

/* One action chosen by the tests' own generator among the legal ones
 * (chance outcomes included); returns herd_apply()'s code. */
static inline int step_random(herd_game *g, test_rng *r)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t n = 0;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    assert_true(n > 0);
    return herd_apply(g, moves[trng_below(r, (unsigned)n)]);
}

/* Plays up to `plies` actions of the computer (or fewer when the game
 * ends); returns the number played. */
static inline int play_computer(herd_game *g, int plies)
{
    int k = 0;
    while (k < plies && is_ongoing(g)) {
        assert_int_equal(step_computer(g), HERD_OK);
        k++;
    }
    return k;
}

/* Plays random actions until the game ends (or `cap` actions). */
static inline int play_random_to_end(herd_game *g, test_rng *r, int cap)
{
    int k = 0;
    while (k < cap && is_ongoing(g)) {
        assert_int_equal(step_random(g, r), HERD_OK);
        k++;
    }
    return k;
}

/* An ended game of c's kind: c's own game played on by the computer when
 * it ends soon, else another case of the same game that does (a game with
 * no move limit may go round for ever: horses on 9x8 with 4 horses, seed
 * 3, does). Played in caller memory, which keeps no history. */
static inline herd_game *ended_game_of(const game_case *c)
{
    static _Alignas(max_align_t) unsigned char mem[1 << 16];
    for (size_t i = 0; i <= GAME_CASE_COUNT; i++) {
        const game_case *d = i == 0 ? c : &GAME_CASES[i - 1];
        if (strcmp(d->game, c->game) != 0)
            continue;
        herd_game *g = case_new(d, NULL, NULL), *k, *out;
        assert_true(herd_copy_size(g, 0) <= sizeof mem);
        assert_int_equal(herd_copy_into(g, mem, herd_copy_size(g, 0), &k), HERD_OK);
        herd_free(g);
        play_computer(k, 20000);
        if (is_ongoing(k))
            continue;
        assert_int_equal(herd_clone(k, &out, NULL, NULL), HERD_OK);
        return out;
    }
    fail_msg("no case of %s ends within 20000 actions", c->game);
    return NULL;
}

#endif /* HERD_TEST_GAMES_H */
