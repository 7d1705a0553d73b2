/* The games of the registry for the tests that run over every game
 * (allocation failure, threads, misuse, interrupts, saves, hints, ...): the
 * cases to create them with, read from the registry (each game at its
 * default, smallest and largest options and with each value of a choice,
 * and the few cases the registry cannot give), and scenario helpers that
 * use only the generic API. A game added to the registry is played by every
 * one of these tests at once. */
#ifndef HERD_TEST_GAMES_H
#define HERD_TEST_GAMES_H

#include "test_util.h"

#include "game_options.h"

#include <stdalign.h>

/* ------------------------------------------------------------ cases */

/* A game with options. */
typedef struct game_case {
    const char *game;
    char options[160];
} game_case;

/* Cases the registry cannot give, each a case of its own: a start point
 * other than the default, and horses on a board where the computer goes
 * round for ever (9x8 with 4 horses, seed 3: ended_game_of() then ends
 * another case). */
static const struct {
    const char *game, *options;
} EXTRA_CASES[] = {
    {"horses", "w=9 h=8 n=4 seed=3"},
    {"hare", "start=d2 seed=2"},
};

/* A game of the registry with every option picked the same way. */
static inline game_case case_of(const herd_game_desc *d, option_pick pick, uint64_t seed)
{
    game_case c;
    c.game = d->name;
    game_options(d, pick, seed, c.options, sizeof c.options);
    return c;
}

/* The quick game of d: its smallest board and fewest pieces. */
static inline game_case quick_case(const herd_game_desc *d, uint64_t seed)
{
    return case_of(d, OPTIONS_SMALLEST, seed);
}

#define GAME_CASES_MAX 32

typedef struct game_cases {
    size_t count;
    game_case at[GAME_CASES_MAX];
} game_cases;

static inline void add_case(game_cases *cs, const char *game, const char *options)
{
    assert_true(cs->count < GAME_CASES_MAX);
    game_case *c = &cs->at[cs->count++];
    c->game = game;
    snprintf(c->options, sizeof c->options, "%s", options);
}

/* The length of options without their seed, which game_options() writes
 * last. */
static inline size_t unseeded_length(const char *options)
{
    const char *seed = strstr(options, "seed=");
    return seed ? (size_t)(seed - options) : strlen(options);
}

/* Whether cs has a case of `game` with `options` but for the seed. */
static inline int has_case(const game_cases *cs, const char *game, const char *options)
{
    size_t n = unseeded_length(options);
    for (size_t i = 0; i < cs->count; i++)
        if (strcmp(cs->at[i].game, game) == 0 && unseeded_length(cs->at[i].options) == n &&
            strncmp(cs->at[i].options, options, n) == 0)
            return 1;
    return 0;
}

/* Every game of the registry in order: at its default options (seed 1),
 * its smallest (seed 5) and its largest (the largest seed too), with each
 * value of a choice that these leave out (seed 3), each once; then its extra
 * cases. */
static inline const game_cases *every_case(void)
{
    static game_cases cs;
    if (cs.count)
        return &cs;
    static const option_pick picks[] = {OPTIONS_DEFAULT, OPTIONS_SMALLEST, OPTIONS_LARGEST};
    static const uint64_t seeds[] = {1, 5, UINT64_MAX};
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        char options[160];
        for (size_t p = 0; p < 3; p++) {
            game_options(d, picks[p], seeds[p], options, sizeof options);
            if (!has_case(&cs, d->name, options))
                add_case(&cs, d->name, options);
        }
        for (size_t k = 0; k < d->option_count; k++)
            for (size_t v = 0;
                 d->options[k].kind == HERD_OPTION_CHOICE && v < d->options[k].choice_count; v++) {
                game_options_with(d, OPTIONS_DEFAULT, 3, d->options[k].key,
                                  d->options[k].choices[v], options, sizeof options);
                if (!has_case(&cs, d->name, options))
                    add_case(&cs, d->name, options);
            }
        for (size_t k = 0; k < sizeof EXTRA_CASES / sizeof EXTRA_CASES[0]; k++)
            if (strcmp(EXTRA_CASES[k].game, d->name) == 0)
                add_case(&cs, d->name, EXTRA_CASES[k].options);
    }
    for (size_t k = 0; k < sizeof EXTRA_CASES / sizeof EXTRA_CASES[0]; k++)
        if (!herd_game_desc_find(EXTRA_CASES[k].game))
            fail_msg("an extra case of %s, which the registry does not have", EXTRA_CASES[k].game);
    return &cs;
}

/* for (const game_case *c = first_case(); c; c = next_case(c)): every case. */
static inline const game_case *first_case(void)
{
    return every_case()->count ? &every_case()->at[0] : NULL;
}

static inline const game_case *next_case(const game_case *c)
{
    const game_cases *cs = every_case();
    return c + 1 < cs->at + cs->count ? c + 1 : NULL;
}

/* The place of d in the registry's order. */
static inline size_t game_index(const herd_game_desc *d)
{
    size_t i = 0;
    while (i < herd_game_count() && herd_game_desc_at(i) != d)
        i++;
    assert_true(i < herd_game_count());
    return i;
}

/* for (const herd_game_desc *d = first_game(); d; d = next_game(d)): every
 * game of the registry. */
static inline const herd_game_desc *first_game(void)
{
    return herd_game_desc_at(0);
}

/* The game after d in the registry's order; NULL after the last. */
static inline const herd_game_desc *next_game(const herd_game_desc *d)
{
    return herd_game_desc_at(game_index(d) + 1);
}

/* ------------------------------------------------------------ scenarios */

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
    int rc = herd_new(c->game, c->options, alloc, ud, &g, &err);
    if (rc != HERD_OK)
        print_error("herd_new(%s, %s): %d %s\n", c->game, c->options, rc, err.message);
    assert_int_equal(rc, HERD_OK);
    return g;
}

/* One action of the scenarios: the dice rolled by the game when a chance
 * event waits, else the computer player's move at `level`. */
static inline int step_computer_at(herd_game *g, int level)
{
    return herd_is_chance(g) ? herd_roll(g, NULL) : herd_play_genmove(g, level, NULL);
}

static inline int step_computer(herd_game *g)
{
    return step_computer_at(g, 0);
}

/* Plays the whole turn of the side to act, by the computer at `level`: its
 * roll and every action of it (removals and placements in hex, the hops of
 * a chain in fox); returns the number of actions. */
static inline int play_turn(herd_game *g, int level)
{
    int side = side_to_act(g), k = 0;
    do {
        assert_int_equal(step_computer_at(g, level), HERD_OK);
        k++;
    } while (is_ongoing(g) && side_to_act(g) == side);
    return k;
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
    const game_cases *cs = every_case();
    for (size_t i = 0; i <= cs->count; i++) {
        const game_case *d = i == 0 ? c : &cs->at[i - 1];
        if (strcmp(d->game, c->game) != 0)
            continue;
        herd_game *g = case_new(d, NULL, NULL), *k, *out;
        assert_true(herd_copy_size(g, 0) <= sizeof mem);
        assert_int_equal(herd_copy_into(g, mem, herd_copy_size(g, 0), &k), HERD_OK);
        herd_free(g);
        play_computer(k, 20000);
        if (is_ongoing(k))
            continue;
        assert_int_equal(herd_clone(k, NULL, NULL, &out), HERD_OK);
        return out;
    }
    fail_msg("no case of %s ends within 20000 actions", c->game);
    return NULL;
}

#endif /* HERD_TEST_GAMES_H */
