/* Action spaces, masks, observations and playouts (herd.h's group
 * "Actions, observations and playouts"): the bijection between moves and
 * action numbers over random games of every game, the documented encodings
 * at known actions, the observation of known positions plane by plane,
 * playouts that change nothing and come out the same from a seed and as
 * uniformly random as the tests' own random games, and every refusal. */
#include "horses_model.h"
#include "internal.h" /* the rules' legal_indices() and nth_legal(), checked against legal() */
#include "test_games.h"

#include "herd/flock.h"
#include "herd/fox.h"
#include "herd/hare.h"
#include "herd/hex.h"
#include "herd/horses.h"

#include <math.h>
#include <pthread.h>

/* --------------------------------------------------------- helpers */

static size_t index_of(const herd_game *g, herd_move m)
{
    size_t i = SIZE_MAX;
    int rc = herd_move_to_action(g, m, &i);
    if (rc != HERD_OK)
        fail_msg("%s: herd_move_to_action(%llx) = %d", herd_game_name(g), (unsigned long long)m,
                 rc);
    return i;
}

static herd_move move_at(const herd_game *g, size_t i)
{
    herd_move m = 0;
    assert_int_equal(herd_action_to_move(g, i, &m), HERD_OK);
    return m;
}

/* The action number of an action text of g's game. */
static size_t index_of_text(herd_game *g, const char *text)
{
    return index_of(g, parse_move(g, text));
}

/* Where a game numbers its legal actions itself (the rules'
 * legal_indices()), the numbers are those of legal()'s moves in legal()'s
 * order: a batch's random action is the one at a drawn place in that list.
 * Returns whether the game has the hook (and so was checked). */
static int check_legal_indices(const herd_game *g, const herd_move *moves, size_t n)
{
    static uint16_t idx[HERD_MAX_MOVES];
    const herd_rules *r = herdi_rules_of(herd_game_desc_find(herd_game_name(g)));
    if (!r->legal_indices)
        return 0;
    assert_int_equal(r->legal_indices(herdi_game_state(g, herd_game_kind(g)), idx), n);
    for (size_t k = 0; k < n; k++)
        assert_int_equal(idx[k], index_of(g, moves[k]));
    return 1;
}

/* Whether a game numbers its legal actions itself: then the check above
 * must have run for it. */
static int numbers_its_legal_actions(const char *game)
{
    static const char *const games[] = {"hex", "horses", "flock", "hare", "fox"};
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++)
        if (strcmp(game, games[k]) == 0)
            return 1;
    return 0;
}

/* Where a game gives its legal actions as bits of the space (the rules'
 * legal_bits()), the bits are the mask's ones, every word of the space is
 * written (the bits past N none), and legal() lists in the space's order,
 * so that a batch's k-th bit is legal()'s k-th. Returns whether the game
 * has the hook. */
static int check_legal_bits(const herd_game *g, const unsigned char *mask, const herd_move *moves,
                            size_t n)
{
    static uint64_t bits[(HERD_MAX_ACTIONS + 63) / 64];
    const herd_rules *r = herdi_rules_of(herd_game_desc_find(herd_game_name(g)));
    if (!r->sparse)
        return 0;
    size_t actions = herd_num_actions(g), words = (actions + 63) / 64;
    memset(bits, 0xa5, sizeof bits); /* what a word left unwritten would show */
    assert_int_equal(r->sparse->legal_bits(herdi_game_state(g, herd_game_kind(g)), bits), n);
    for (size_t i = 0; i < 64 * words; i++)
        if ((bits[i / 64] >> (i % 64) & 1) != (i < actions && mask[i]))
            fail_msg("%s: bit %zu of legal_bits() is not the mask's", herd_game_name(g), i);
    for (size_t k = 1; k < n; k++)
        assert_true(index_of(g, moves[k - 1]) < index_of(g, moves[k]));
    return 1;
}

/* Whether a game gives its legal actions as bits: then the check above
 * must have run for it. */
static int gives_legal_bits(const char *game)
{
    return strcmp(game, "hex") == 0;
}

/* Where a game draws a random playout's action without listing them all
 * (the rules' nth_legal()), action k is legal()'s k-th, of count()'s
 * number: a random playout plays the game that the listing would. */
static void check_nth_legal(const herd_game *g, const herd_move *moves, size_t n)
{
    const herd_rules *r = herdi_rules_of(herd_game_desc_find(herd_game_name(g)));
    const void *state = herdi_game_state(g, herd_game_kind(g));
    if (!r->sparse)
        return;
    assert_int_equal(r->count(state), n);
    for (size_t k = 0; k < n; k++)
        assert_int_equal(r->sparse->nth_legal(state, k), moves[k]);
}

/* The game's own numberings of its legal actions: legal_indices(),
 * legal_bits(). */
enum { OWN_NUMBERS = 1, OWN_BITS = 2 };

/* Checks the legal actions of this position against the mask and the
 * ascending list: every legal action has a number below N, each number
 * names its action back, and mask and list hold exactly those numbers (so
 * no two share one: the mask has as many ones as there are actions).
 * Returns which of the game's own numberings were checked too. */
static int check_position_actions(const herd_game *g)
{
    static unsigned char mask[HERD_MAX_ACTIONS];
    static size_t list[HERD_MAX_MOVES];
    herd_move moves[HERD_MAX_MOVES];
    size_t n, count, actions = herd_num_actions(g);
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    assert_int_equal(herd_legal_mask(g, mask, actions, NULL), HERD_OK);
    assert_int_equal(herd_legal_actions(g, list, HERD_MAX_MOVES, &count), HERD_OK);
    assert_int_equal(count, n);
    size_t ones = 0;
    for (size_t i = 0; i < actions; i++) {
        assert_true(mask[i] <= 1);
        ones += mask[i];
    }
    assert_int_equal(ones, n);
    for (size_t k = 0; k < n; k++) {
        size_t i = index_of(g, moves[k]);
        assert_true(i < actions);
        assert_int_equal(mask[i], 1);
        assert_true(move_at(g, i) == moves[k]);
        if (k)
            assert_true(list[k - 1] < list[k]);
        assert_int_equal(mask[list[k]], 1);
    }
    check_nth_legal(g, moves, n);
    return (check_legal_indices(g, moves, n) ? OWN_NUMBERS : 0) |
           (check_legal_bits(g, mask, moves, n) ? OWN_BITS : 0);
}

/* Every number names an action that gives the number back, and no two
 * numbers name the same action. */
static void check_whole_space(const herd_game *g)
{
    static herd_move seen[HERD_MAX_ACTIONS];
    size_t actions = herd_num_actions(g);
    assert_true(actions > 0 && actions <= HERD_MAX_ACTIONS);
    for (size_t i = 0; i < actions; i++) {
        seen[i] = move_at(g, i);
        assert_int_equal(index_of(g, seen[i]), i);
    }
    for (size_t i = 0; i < actions; i++)
        for (size_t j = i + 1; j < actions; j += 1 + actions / 400) /* a sample of pairs */
            assert_true(seen[i] != seen[j]);
}

static size_t observation_size(const herd_game *g)
{
    size_t shape[3];
    assert_int_equal(herd_observation_shape(g, shape), HERD_OK);
    return shape[0] * shape[1] * shape[2];
}

/* ------------------------------------------------------ the bijection */

static void the_bijection_over_random_games_of_every_game(void **state)
{
    (void)state;
    test_rng r;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *g = case_new(c, NULL, NULL), *start;
        assert_int_equal(herd_clone(g, NULL, NULL, &start), HERD_OK);
        check_whole_space(g);
        int own_numbers = 0;
        for (uint64_t seed = 1; seed <= 4; seed++) {
            trng_seed(&r, seed * 100 + (uint64_t)(c - first_case()));
            assert_int_equal(herd_copy_position(g, start), HERD_OK);
            for (int ply = 0; ply < 300; ply++) {
                own_numbers |= check_position_actions(g);
                if (!is_ongoing(g))
                    break;
                assert_int_equal(step_random(g, &r), HERD_OK);
            }
        }
        if (numbers_its_legal_actions(c->game) && !(own_numbers & OWN_NUMBERS))
            fail_msg("%s has no legal_indices() to check", c->game);
        if (gives_legal_bits(c->game) && !(own_numbers & OWN_BITS))
            fail_msg("%s has no legal_bits() to check", c->game);
        herd_free(start);
        herd_free(g);
    }
}

/* The sizes each game's page gives, and the largest boards at the bounds. */
static void the_sizes_of_the_spaces_and_observations(void **state)
{
    (void)state;
    static const struct {
        const char *game, *options;
        size_t actions, planes, rows, cols;
    } cases[] = {
        {"horses", "", 8 * 8 * 8, 4, 8, 8},
        {"horses", "w=30 h=20 n=10", HERD_MAX_ACTIONS, 4, 20, 30},
        {"horses", "w=9 h=8", 8 * 9 * 8, 4, 8, 9},
        {"hex", "", 21 + 2 * 61, 11, 9, 9},
        {"hex", "size=2", 21 + 2 * 7, 11, 3, 3},
        {"hex", "size=13", 21 + 2 * HERD_HEX_MAX_CELLS, 11, 25, 25},
        {"hare", "", 2 * HERD_HARE_LINES, 5, 5, 3},
        {"fox", "", 2 * HERD_FOX_LINES + 136 + 1, 6, 7, 7},
        {"flock", "", 12 * 7 * 7, 12, 7, 7},
        {"flock", "w=12 h=5", 12 * 12 * 5, 12, 5, 12},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = NULL;
        herd_error err;
        assert_int_equal(herd_new(cases[i].game, cases[i].options, NULL, NULL, &g, &err), HERD_OK);
        size_t shape[3];
        assert_int_equal(herd_observation_shape(g, shape), HERD_OK);
        if (herd_num_actions(g) != cases[i].actions || shape[0] != cases[i].planes ||
            shape[1] != cases[i].rows || shape[2] != cases[i].cols)
            fail_msg("%s %s: %zu actions, %zu x %zu x %zu", cases[i].game, cases[i].options,
                     herd_num_actions(g), shape[0], shape[1], shape[2]);
        assert_true(observation_size(g) <= HERD_MAX_OBSERVATION);
        herd_free(g);
    }
    /* The observation's bound is reached by hex of side 13. */
    herd_game *g = NULL;
    herd_error err;
    assert_int_equal(herd_new("hex", "size=13", NULL, NULL, &g, &err), HERD_OK);
    assert_int_equal(observation_size(g), HERD_MAX_OBSERVATION);
    herd_free(g);
}

/* The fox's jumps counted from the points alone: two points in a row in a
 * direction from a point, all on the cross (every two neighbours are
 * joined). */
static void the_fox_jumps_counted_from_the_board(void **state)
{
    (void)state;
    static const int dr[8] = {-1, -1, 0, 1, 1, 1, 0, -1}, dc[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    int on[7][7] = {{0}}, jumps = 0;
    for (int p = 0; p < HERD_FOX_POINTS; p++) {
        herd_cell c;
        assert_int_equal(herd_fox_point(p, &c), HERD_OK);
        on[c.row][c.col] = 1;
    }
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 7; c++)
            for (int d = 0; on[r][c] && d < 8; d++) {
                int r2 = r + 2 * dr[d], c2 = c + 2 * dc[d];
                jumps += r2 >= 0 && r2 < 7 && c2 >= 0 && c2 < 7 && on[r + dr[d]][c + dc[d]] &&
                         on[r2][c2];
            }
    assert_int_equal(jumps, 136);
}

/* Known actions at the numbers each game's page gives. */
static void the_encodings_at_known_actions(void **state)
{
    (void)state;
    herd_game *g = game_of("horses", NULL);
    /* Plane k of the jumps in the order up two left, up two right, up one
     * left two, up one right two, down one left two, down one right two,
     * down two left, down two right; then row by row. */
    assert_int_equal(index_of_text(g, "c2-a1"), 0 * 64 + 2 * 8 + 1);
    assert_int_equal(index_of_text(g, "c1-a2"), 1 * 64 + 2 * 8 + 0);
    assert_int_equal(index_of_text(g, "a1-c2"), 7 * 64 + 0);
    assert_int_equal(index_of_text(g, "a1-b3"), 5 * 64 + 0);
    assert_int_equal(index_of_text(g, "h8-f7"), 0 * 64 + 63);
    /* A jump off the board has a number too, and herd_apply() refuses it. */
    herd_move m = move_at(g, 0); /* a1 up two and left: off the board */
    herd_cell from, to;
    assert_int_equal(herd_horses_move_cells(m, &from, &to), HERD_OK);
    assert_true(from.row == 0 && from.col == 0 && to.row == -2 && to.col == -1);
    herd_free(g);

    g = game_of("hex", NULL);
    assert_int_equal(index_of_text(g, "dice:1,1"), 0);
    assert_int_equal(index_of_text(g, "dice:1,6"), 5);
    assert_int_equal(index_of_text(g, "dice:2,5"), 6 + 3);
    assert_int_equal(index_of_text(g, "dice:6,6"), 20);
    assert_int_equal(index_of_text(g, "-a1"), 21);
    assert_int_equal(index_of_text(g, "-b1"), 21 + 5);
    assert_int_equal(index_of_text(g, "-i5"), 21 + 60);
    assert_int_equal(index_of_text(g, "+a1"), 21 + 61);
    assert_int_equal(index_of_text(g, "+e9"), 21 + 61 + 5 + 6 + 7 + 8 + 8);
    assert_int_equal(index_of_text(g, "+i5"), 21 + 61 + 60);
    herd_free(g);

    /* The steps point by point (a2, b1, b2, ... e2), each point's lines
     * clockwise from up. */
    g = game_of("hare", NULL);
    assert_int_equal(index_of_text(g, "a2-b3"), 0);
    assert_int_equal(index_of_text(g, "a2-b2"), 1);
    assert_int_equal(index_of_text(g, "a2-b1"), 2);
    assert_int_equal(index_of_text(g, "b1-a2"), 3);
    assert_int_equal(index_of_text(g, "e2-d2"), 41);
    assert_int_equal(index_of_text(g, "e2-d3"), 42);
    assert_int_equal(index_of_text(g, "e2-d1"), 43);
    herd_free(g);

    g = game_of("fox", NULL);
    assert_int_equal(index_of_text(g, "a3-a4"), 0); /* a3's lines: E, SE, S */
    assert_int_equal(index_of_text(g, "a3-b3"), 2);
    assert_int_equal(index_of_text(g, "a4-a5"), 3 + 0); /* a4's: E, SE, S, SW, W */
    assert_int_equal(index_of_text(g, "g5-g4"), 190);   /* g5's: N, W, NW */
    assert_int_equal(index_of_text(g, "g5-f4"), 191);
    assert_int_equal(index_of_text(g, "a3-a5"), 192); /* a3's jumps: E, SE, S */
    assert_int_equal(index_of_text(g, "a3-c5"), 193);
    assert_int_equal(index_of_text(g, "a3-c3"), 194);
    assert_int_equal(index_of_text(g, "g5-g3"), 326);
    assert_int_equal(index_of_text(g, "g5-e3"), 327);
    assert_int_equal(index_of_text(g, "stop"), 328);
    herd_free(g);

    /* Plane 3k + d - 1 for d cells in direction k (up, down, left, right). */
    g = game_of("flock", NULL);
    assert_int_equal(index_of_text(g, "g1-f1"), 0 * 49 + 6 * 7 + 0);
    assert_int_equal(index_of_text(g, "g1-e1"), 1 * 49 + 6 * 7 + 0);
    assert_int_equal(index_of_text(g, "a2-d2"), 5 * 49 + 0 * 7 + 1);
    assert_int_equal(index_of_text(g, "c4-c3"), 6 * 49 + 2 * 7 + 3);
    assert_int_equal(index_of_text(g, "c4-c7"), 11 * 49 + 2 * 7 + 3);
    herd_free(g);
}

/* At a chance event the legal actions are its outcomes: hex's 21 rolls,
 * numbers 0..20; an ended game has none. */
static void chance_outcomes_and_ended_games(void **state)
{
    (void)state;
    herd_game *g = game_of("hex", NULL);
    size_t list[HERD_MAX_MOVES], n;
    assert_true(herd_is_chance(g));
    assert_int_equal(herd_legal_actions(g, list, HERD_MAX_MOVES, &n), HERD_OK);
    assert_int_equal(n, 21);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(list[i], i);
    herd_free(g);
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        unsigned char mask[HERD_MAX_ACTIONS];
        herd_game *e = ended_game_of(c);
        memset(mask, 7, sizeof mask);
        assert_int_equal(herd_legal_actions(e, list, HERD_MAX_MOVES, &n), HERD_OK);
        assert_int_equal(n, 0);
        assert_int_equal(herd_legal_mask(e, mask, sizeof mask, NULL), HERD_OK);
        for (size_t i = 0; i < herd_num_actions(e); i++)
            assert_int_equal(mask[i], 0);
        herd_free(e);
    }
}

/* herd_apply_action(i) is herd_apply() of action i: two games, one played
 * by numbers and one by moves, stay the same. */
static void playing_by_number_is_playing_the_move(void **state)
{
    (void)state;
    test_rng r;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *a = case_new(c, NULL, NULL), *b;
        assert_int_equal(herd_clone(a, NULL, NULL, &b), HERD_OK);
        trng_seed(&r, 7 + (uint64_t)(c - first_case()));
        for (int ply = 0; ply < 200 && is_ongoing(a); ply++) {
            size_t list[HERD_MAX_MOVES], n;
            assert_int_equal(herd_legal_actions(a, list, HERD_MAX_MOVES, &n), HERD_OK);
            size_t i = list[trng_below(&r, (unsigned)n)];
            assert_int_equal(herd_apply_action(a, i), HERD_OK);
            assert_int_equal(herd_apply(b, move_at(b, i)), HERD_OK);
            assert_true(herd_same_position(a, b));
        }
        assert_int_equal(herd_history_length(a), herd_history_length(b));
        herd_free(a);
        herd_free(b);
    }
}

/* ---------------------------------------------------- observations */

/* Checks plane p of an observation against a picture: rows separated by
 * '/', '.' for 0 and 'x' for `on`. */
static void expect_plane(const float *obs, const size_t shape[3], int p, const char *picture,
                         float on)
{
    const float *plane = obs + (size_t)p * shape[1] * shape[2];
    size_t row = 0, col = 0;
    for (const char *c = picture;; c++) {
        if (*c == '/' || *c == '\0') {
            assert_int_equal(col, shape[2]);
            row++;
            col = 0;
            if (*c == '\0')
                break;
            continue;
        }
        float want = *c == 'x' ? on : 0.0f;
        if (fabsf(plane[row * shape[2] + col] - want) > 1e-6f)
            fail_msg("plane %d, row %zu, column %zu: %g, expected %g (%s)", p, row, col,
                     (double)plane[row * shape[2] + col], (double)want, picture);
        col++;
    }
    assert_int_equal(row, shape[1]);
}

/* Checks that plane p holds one value everywhere. */
static void expect_fill(const float *obs, const size_t shape[3], int p, float v)
{
    const float *plane = obs + (size_t)p * shape[1] * shape[2];
    for (size_t i = 0; i < shape[1] * shape[2]; i++)
        if (fabsf(plane[i] - v) > 1e-6f)
            fail_msg("plane %d at %zu: %g, expected %g everywhere", p, i, (double)plane[i],
                     (double)v);
}

/* Checks plane p against a picture of digits: '.' or '0' for 0, digit d
 * for d * unit. */
static void expect_digits(const float *obs, const size_t shape[3], int p, const char *picture,
                          float unit)
{
    const float *plane = obs + (size_t)p * shape[1] * shape[2];
    size_t at = 0;
    for (const char *c = picture; *c; c++) {
        if (*c == '/')
            continue;
        float want = *c == '.' ? 0.0f : (float)(*c - '0') * unit;
        assert_true(at < shape[1] * shape[2]);
        if (fabsf(plane[at] - want) > 1e-6f)
            fail_msg("plane %d at %zu: %g, expected %g (%s)", p, at, (double)plane[at],
                     (double)want, picture);
        at++;
    }
    assert_int_equal(at, shape[1] * shape[2]);
}

/* The observation of g from side into obs, with its shape. */
static void observe(const herd_game *g, int side, float *obs, size_t shape[3])
{
    assert_int_equal(herd_observation_shape(g, shape), HERD_OK);
    assert_int_equal(herd_observation(g, side, obs, HERD_MAX_OBSERVATION, NULL), HERD_OK);
}

static void the_horses_planes(void **state)
{
    (void)state;
    static float obs[HERD_MAX_OBSERVATION];
    size_t shape[3];
    herd_game *g = game_of("horses", "horses w=8 h=8 turn=red green=a1,b3,c1,d3 red=h8,g6,f8,e6");
    const char *green = "x......./..x...../x......./..x...../......../......../......../........";
    const char *red = "......../......../......../......../.....x../.......x/.....x../.......x";
    observe(g, 0, obs, shape);
    assert_true(shape[0] == 4 && shape[1] == 8 && shape[2] == 8);
    expect_plane(obs, shape, 0, green, 1.0f);
    expect_plane(obs, shape, 1, red, 1.0f);
    expect_plane(obs, shape, 2,
                 "......../......../......../......../......../......../......../.......x", 1.0f);
    expect_fill(obs, shape, 3, 0.0f);
    observe(g, 1, obs, shape);
    expect_plane(obs, shape, 0, red, 1.0f);
    expect_plane(obs, shape, 1, green, 1.0f);
    expect_plane(obs, shape, 2,
                 "x......./......../......../......../......../......../......../........", 1.0f);
    expect_fill(obs, shape, 3, 1.0f);
    herd_free(g);
}

static void the_hex_planes(void **state)
{
    (void)state;
    static float obs[HERD_MAX_OBSERVATION];
    size_t shape[3];
    /* Rows a (2 cells), b (3) and c (2) in axial columns: a from column 2. */
    herd_game *g =
        game_of("hex", "hex size=2 turns=3 turn=blue phase=place dice=2,5 left=3 board=r./b.r/..");
    const char *red = ".x./..x/...", *blue = ".../x../...";
    for (int side = 0; side < 2; side++) {
        observe(g, side, obs, shape);
        assert_true(shape[0] == 11 && shape[1] == 3 && shape[2] == 3);
        expect_plane(obs, shape, 0, side ? blue : red, 1.0f);
        expect_plane(obs, shape, 1, side ? red : blue, 1.0f);
        expect_plane(obs, shape, 2, ".xx/xxx/xx.", 1.0f);
        expect_fill(obs, shape, 3, side ? 1.0f : 0.0f);
        expect_fill(obs, shape, 4, 0.0f); /* roll */
        expect_fill(obs, shape, 5, 0.0f); /* remove */
        expect_fill(obs, shape, 6, 1.0f); /* place */
        expect_fill(obs, shape, 7, 2.0f / 6);
        expect_fill(obs, shape, 8, 5.0f / 6);
        expect_fill(obs, shape, 9, 3.0f / 6);
        expect_fill(obs, shape, 10, 0.0f);
    }
    herd_free(g);
    /* Red's first roll: the balancing rule's turn. */
    g = game_of("hex", "hex size=2 turns=0 turn=red phase=roll dice=- left=0 board=../.../..");
    observe(g, HERD_HEX_RED, obs, shape);
    expect_fill(obs, shape, 0, 0.0f);
    expect_fill(obs, shape, 3, 1.0f);
    expect_fill(obs, shape, 4, 1.0f);
    expect_fill(obs, shape, 6, 0.0f);
    expect_fill(obs, shape, 7, 0.0f);
    expect_fill(obs, shape, 10, 1.0f);
    herd_free(g);
    /* A full board: the game is over, and only the stones and the board
     * are left. */
    g = game_of("hex", "hex size=2 turns=4 turn=red phase=roll dice=- left=0 board=rb/rbr/br");
    observe(g, HERD_HEX_BLUE, obs, shape);
    expect_plane(obs, shape, 0, "..x/.x./x..", 1.0f);
    expect_plane(obs, shape, 1, ".x./x.x/.x.", 1.0f);
    for (int p = 3; p < 11; p++)
        expect_fill(obs, shape, p, 0.0f);
    herd_free(g);
}

static void the_hare_planes(void **state)
{
    (void)state;
    static float obs[HERD_MAX_OBSERVATION];
    size_t shape[3];
    herd_game *g = game_of("hare", "hare turn=hare hare=c2 hounds=b1,d2,e2 stall=4");
    const char *points = ".x./xxx/xxx/xxx/.x.", *hare = ".../.../.x./.../...",
               *hounds = ".../x../.../.x./.x.";
    observe(g, HERD_HARE_HARE, obs, shape);
    assert_true(shape[0] == 5 && shape[1] == 5 && shape[2] == 3);
    expect_plane(obs, shape, 0, hare, 1.0f);
    expect_plane(obs, shape, 1, hounds, 1.0f);
    expect_plane(obs, shape, 2, points, 1.0f);
    expect_fill(obs, shape, 3, 1.0f);
    expect_fill(obs, shape, 4, 0.4f);
    observe(g, HERD_HARE_HOUNDS, obs, shape);
    expect_plane(obs, shape, 0, hounds, 1.0f);
    expect_plane(obs, shape, 1, hare, 1.0f);
    expect_plane(obs, shape, 2, points, 1.0f);
    expect_fill(obs, shape, 3, 0.0f);
    expect_fill(obs, shape, 4, 0.4f);
    herd_free(g);
}

static void the_fox_planes(void **state)
{
    (void)state;
    static float obs[HERD_MAX_OBSERVATION];
    size_t shape[3];
    herd_game *g = game_of("fox", "fox turn=fox chain=1 sideways=1 fox=c3 geese=c4,e3,e4,e5,g3");
    const char *cross = "..xxx../..xxx../xxxxxxx/xxxxxxx/xxxxxxx/..xxx../..xxx..";
    const char *fox = "......./......./..x..../......./......./......./.......";
    const char *geese = "......./......./...x.../......./..xxx../......./..x....";
    observe(g, HERD_FOX_FOX, obs, shape);
    assert_true(shape[0] == 6 && shape[1] == 7 && shape[2] == 7);
    expect_plane(obs, shape, 0, fox, 1.0f);
    expect_plane(obs, shape, 1, geese, 1.0f);
    expect_plane(obs, shape, 2, cross, 1.0f);
    expect_fill(obs, shape, 3, 1.0f);
    expect_fill(obs, shape, 4, 1.0f);
    expect_fill(obs, shape, 5, 1.0f);
    observe(g, HERD_FOX_GEESE, obs, shape);
    expect_plane(obs, shape, 0, geese, 1.0f);
    expect_plane(obs, shape, 1, fox, 1.0f);
    expect_fill(obs, shape, 3, 0.0f);
    herd_free(g);
    /* Out of the chain, without sideways: those planes are 0. */
    g = game_of("fox", NULL);
    observe(g, HERD_FOX_GEESE, obs, shape);
    expect_fill(obs, shape, 4, 0.0f);
    expect_fill(obs, shape, 5, 0.0f);
    herd_free(g);
}

static void the_flock_planes(void **state)
{
    (void)state;
    static float obs[HERD_MAX_OBSERVATION];
    size_t shape[3];
    herd_game *g = game_of("flock", "flock w=5 h=5 turn=black ply=4 captured=1,0 last=d4-d2,a1-b1 "
                                    "board=.w..w/w..../...../.b.../bb..b");
    const char *black = "...../...../...../.x.../xx..x", *white = ".x..x/x..../...../...../.....";
    observe(g, HERD_FLOCK_BLACK, obs, shape);
    assert_true(shape[0] == 12 && shape[1] == 5 && shape[2] == 5);
    expect_plane(obs, shape, 0, black, 1.0f);
    expect_plane(obs, shape, 1, white, 1.0f);
    expect_digits(obs, shape, 2, "...../...../...../.3.../33..1", 1.0f / 3); /* ranges */
    expect_digits(obs, shape, 3, ".1..1/1..../...../...../.....", 1.0f / 3);
    expect_plane(obs, shape, 4, "...../...../...../.x.../.....", 1.0f); /* d2 may not go back */
    expect_plane(obs, shape, 5, "...../...../...../...x./.....", 1.0f); /* to d4 */
    expect_plane(obs, shape, 6, "...../x..../...../...../.....", 1.0f); /* b1 */
    expect_plane(obs, shape, 7, "x..../...../...../...../.....", 1.0f); /* to a1 */
    expect_fill(obs, shape, 8, 1.0f);
    expect_fill(obs, shape, 9, 0.04f);
    expect_fill(obs, shape, 10, 1.0f / 3);
    expect_fill(obs, shape, 11, 0.0f);
    observe(g, HERD_FLOCK_WHITE, obs, shape);
    expect_plane(obs, shape, 0, white, 1.0f);
    expect_plane(obs, shape, 1, black, 1.0f);
    expect_plane(obs, shape, 4, "...../x..../...../...../.....", 1.0f);
    expect_plane(obs, shape, 7, "...../...../...../...x./.....", 1.0f);
    expect_fill(obs, shape, 8, 0.0f);
    expect_fill(obs, shape, 10, 0.0f);
    expect_fill(obs, shape, 11, 1.0f / 3);
    herd_free(g);
}

/* ----------------------------------------------------------- playouts */

static herd_playout_result playouts(const herd_game *g, uint64_t games, int level, uint64_t seed,
                                    uint32_t max_length)
{
    herd_playout_result res = HERD_PLAYOUT_RESULT_INIT;
    int rc = herd_playouts(g, games, level, seed, max_length, &res);
    if (rc != HERD_OK)
        fail_msg("%s: herd_playouts(level %d) = %d", herd_game_name(g), level, rc);
    assert_int_equal(res.games, games);
    assert_int_equal(res.wins[0] + res.wins[1] + res.draws + res.unfinished, games);
    assert_true(fabs(res.mean_length - (games ? (double)res.actions / (double)games : 0)) < 1e-9);
    return res;
}

static int same_result(herd_playout_result a, herd_playout_result b)
{
    return a.wins[0] == b.wins[0] && a.wins[1] == b.wins[1] && a.draws == b.draws &&
           a.unfinished == b.unfinished && a.actions == b.actions;
}

static void playouts_change_nothing_and_repeat_from_a_seed(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *g = case_new(c, NULL, NULL);
        play_computer(g, 3);
        int levels[] = {HERD_PLAYOUT_RANDOM, 0, 1};
        for (size_t k = 0; k < sizeof levels / sizeof levels[0]; k++) {
            snapshot s;
            snap_take(&s, g);
            herd_playout_result a = playouts(g, 20, levels[k], 5, 2000);
            snap_check(&s, g);
            herd_playout_result b = playouts(g, 20, levels[k], 5, 2000);
            assert_true(same_result(a, b));
            /* The first games of a call are a shorter call's games. */
            herd_playout_result one = playouts(g, 1, levels[k], 5, 2000);
            herd_playout_result first = playouts(g, 1, levels[k], 5, 2000);
            assert_true(same_result(one, first));
            assert_true(one.actions <= a.actions);
            assert_true(a.actions > 0);
        }
        herd_free(g);
    }
}

/* Other seeds give other games: single games from twelve seeds, from the
 * start of games whose random games end with varied lengths, are not all
 * alike. */
static void other_seeds_give_other_games(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"horses", ""}, {"hex", "size=3"}, {"hare", ""}, {"fox", ""}, {"flock", ""}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = NULL;
        herd_error err;
        assert_int_equal(herd_new(cases[i][0], cases[i][1], NULL, NULL, &g, &err), HERD_OK);
        for (int level = HERD_PLAYOUT_RANDOM; level <= 1; level += 2) {
            herd_playout_result first = playouts(g, 1, level, 0, 0);
            int others = 0;
            for (uint64_t seed = 1; seed < 12; seed++)
                others += !same_result(first, playouts(g, 1, level, seed, 0));
            if (others == 0)
                fail_msg("%s level %d: every seed gives the same game", cases[i][0], level);
        }
        herd_free(g);
    }
}

static void playouts_at_the_length_limit_and_of_ended_games(void **state)
{
    (void)state;
    herd_game *g = game_of("horses", NULL);
    herd_playout_result res = playouts(g, 30, HERD_PLAYOUT_RANDOM, 1, 5);
    assert_int_equal(res.unfinished, 30); /* no horse reaches its corner in 5 moves */
    assert_int_equal(res.actions, 150);
    res = playouts(g, 0, 1, 1, 0);
    assert_int_equal(res.actions, 0);
    assert_true(res.mean_length == 0.0);
    herd_free(g);
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *e = ended_game_of(c);
        herd_status st;
        assert_int_equal(herd_get_status(e, &st), HERD_OK);
        res = playouts(e, 4, HERD_PLAYOUT_RANDOM, 3, 0);
        assert_int_equal(res.actions, 0);
        if (st.result == HERD_DRAW)
            assert_int_equal(res.draws, 4);
        else
            assert_int_equal(res.wins[st.side], 4);
        herd_free(e);
    }
}

/* The tests' own uniformly random games from the same position: the share
 * of wins of side 0 and the mean length. */
static void own_random_games(herd_game *start, int games, double *share, double *length)
{
    herd_game *g;
    test_rng r;
    trng_seed(&r, 99);
    assert_int_equal(herd_clone(start, NULL, NULL, &g), HERD_OK);
    int wins = 0;
    long actions = 0;
    for (int i = 0; i < games; i++) {
        assert_int_equal(herd_copy_position(g, start), HERD_OK);
        while (is_ongoing(g)) {
            herd_move moves[HERD_MAX_MOVES];
            double probs[HERD_MAX_MOVES];
            size_t n;
            if (herd_is_chance(g)) {
                assert_int_equal(herd_chance_outcomes(g, moves, probs, HERD_MAX_MOVES, &n),
                                 HERD_OK);
                double x = (double)(trng_next(&r) >> 11) * 0x1.0p-53;
                size_t k = 0;
                while (k + 1 < n && x >= probs[k])
                    x -= probs[k++];
                assert_int_equal(herd_apply(g, moves[k]), HERD_OK);
            } else {
                assert_int_equal(step_random(g, &r), HERD_OK);
            }
            actions++;
        }
        herd_status st;
        assert_int_equal(herd_get_status(g, &st), HERD_OK);
        wins += st.result == HERD_WIN && st.side == 0;
    }
    *share = (double)wins / games;
    *length = (double)actions / games;
    herd_free(g);
}

/* HERD_PLAYOUT_RANDOM plays as the tests' own uniformly random games do:
 * the share of wins within four standard deviations of the two estimates,
 * and the mean length within 5%, in a game without chance (hare) and one
 * with dice (hex of side 2). */
static void random_playouts_are_uniformly_random(void **state)
{
    (void)state;
    static const char *const games[][2] = {{"hare", ""}, {"hex", "size=2 seed=4"}};
    for (size_t i = 0; i < 2; i++) {
        herd_game *g = NULL;
        herd_error err;
        assert_int_equal(herd_new(games[i][0], games[i][1], NULL, NULL, &g, &err), HERD_OK);
        const int n = 3000;
        double share, length;
        own_random_games(g, n, &share, &length);
        herd_playout_result res = playouts(g, (uint64_t)n, HERD_PLAYOUT_RANDOM, 11, 0);
        double theirs = (double)res.wins[0] / n, p = (share + theirs) / 2;
        double sd = sqrt(2 * p * (1 - p) / n);
        if (fabs(share - theirs) > 4 * sd || fabs(length - res.mean_length) > 0.05 * length)
            fail_msg("%s: own %.3f wins, %.2f long; playouts %.3f, %.2f", games[i][0], share,
                     length, theirs, res.mean_length);
        herd_free(g);
    }
}

/* A level plays as herd_play_genmove() at that level: flock's beginner
 * (uniformly random) and novice (who captures) end in a draw at the move
 * limit about as often in playouts as in games of the computer player,
 * and the novice much more often. */
static void level_playouts_play_the_levels(void **state)
{
    (void)state;
    enum { GAMES = 150 };
    herd_game *g = game_of("flock", NULL);
    double own[2] = {0, 0}, theirs[2];
    for (int level = 1; level <= 2; level++) {
        theirs[level - 1] = (double)playouts(g, GAMES, level, 2, 0).draws / GAMES;
        for (uint64_t seed = 1; seed <= GAMES; seed++) {
            char options[32];
            snprintf(options, sizeof options, "seed=%llu", (unsigned long long)seed);
            herd_game *h = NULL;
            herd_error err;
            assert_int_equal(herd_new("flock", options, NULL, NULL, &h, &err), HERD_OK);
            while (is_ongoing(h))
                assert_int_equal(herd_play_genmove(h, level, NULL), HERD_OK);
            herd_status st;
            assert_int_equal(herd_get_status(h, &st), HERD_OK);
            own[level - 1] += st.result == HERD_DRAW ? 1.0 / GAMES : 0.0;
            herd_free(h);
        }
    }
    for (int k = 0; k < 2; k++) {
        double p = (own[k] + theirs[k]) / 2, sd = sqrt(2 * p * (1 - p) / GAMES);
        if (fabs(own[k] - theirs[k]) > 4 * sd || own[1] - own[0] < 0.2)
            fail_msg("flock draws: beginner %.2f (own games %.2f), novice %.2f (own %.2f)",
                     theirs[0], own[0], theirs[1], own[1]);
    }
    herd_free(g);
}

static int stop_now(void *ud)
{
    ++*(int *)ud;
    return 1;
}

/* ------------------------------------------------------------- errors */

static void refusals_change_nothing(void **state)
{
    (void)state;
    herd_game *g = game_of("horses", NULL);
    size_t n = herd_num_actions(g), i = 12345, list[HERD_MAX_MOVES], count = 77;
    herd_move m = 42;
    unsigned char mask[HERD_MAX_ACTIONS];
    float obs[HERD_MAX_OBSERVATION];
    size_t shape[3] = {9, 9, 9};
    snapshot s;
    snap_take(&s, g);

    assert_int_equal(herd_num_actions(NULL), 0);
    assert_int_equal(herd_move_to_action(NULL, move_of(0, 0, 1, 2), &i), HERD_E_ARG);
    assert_int_equal(herd_move_to_action(g, move_of(0, 0, 1, 2), NULL), HERD_E_ARG);
    /* No action of the space: not a knight's move, from off the board, a
     * value of another game. */
    assert_int_equal(herd_move_to_action(g, move_of(0, 0, 1, 1), &i), HERD_E_ARG);
    assert_int_equal(herd_move_to_action(g, move_of(8, 0, 6, 1), &i), HERD_E_ARG);
    assert_int_equal(herd_move_to_action(g, herd_fox_stop(), &i), HERD_E_ARG);
    assert_int_equal(i, 12345);

    assert_int_equal(herd_action_to_move(NULL, 0, &m), HERD_E_ARG);
    assert_int_equal(herd_action_to_move(g, 0, NULL), HERD_E_ARG);
    assert_int_equal(herd_action_to_move(g, n, &m), HERD_E_RANGE);
    assert_int_equal(herd_action_to_move(g, SIZE_MAX, &m), HERD_E_RANGE);
    assert_true(m == 42);

    memset(mask, 0xaa, sizeof mask);
    assert_int_equal(herd_legal_mask(NULL, mask, n, NULL), HERD_E_ARG);
    assert_int_equal(herd_legal_mask(g, NULL, n, NULL), HERD_E_ARG);
    assert_int_equal(herd_legal_mask(g, mask, n - 1, NULL), HERD_E_BUFFER);
    for (size_t k = 0; k < sizeof mask; k++)
        assert_int_equal(mask[k], 0xaa);

    list[0] = 999;
    assert_int_equal(herd_legal_actions(NULL, list, HERD_MAX_MOVES, &count), HERD_E_ARG);
    assert_int_equal(herd_legal_actions(g, NULL, 4, &count), HERD_E_ARG);
    assert_int_equal(count, 77);
    assert_int_equal(herd_legal_actions(g, list, 1, &count), HERD_E_BUFFER);
    assert_int_equal(count, legal_count(g));
    assert_int_equal(list[0], 999);
    assert_int_equal(herd_legal_actions(g, NULL, 0, &count), HERD_E_BUFFER);

    assert_int_equal(herd_observation_shape(NULL, shape), HERD_E_ARG);
    assert_int_equal(herd_observation_shape(g, NULL), HERD_E_ARG);
    assert_true(shape[0] == 9 && shape[1] == 9 && shape[2] == 9);
    obs[0] = 5.0f;
    assert_int_equal(herd_observation(NULL, 0, obs, HERD_MAX_OBSERVATION, NULL), HERD_E_ARG);
    assert_int_equal(herd_observation(g, 0, NULL, HERD_MAX_OBSERVATION, NULL), HERD_E_ARG);
    assert_int_equal(herd_observation(g, -1, obs, HERD_MAX_OBSERVATION, NULL), HERD_E_ARG);
    assert_int_equal(herd_observation(g, 2, obs, HERD_MAX_OBSERVATION, NULL), HERD_E_ARG);
    assert_int_equal(herd_observation(g, 0, obs, observation_size(g) - 1, NULL), HERD_E_BUFFER);
    assert_true(obs[0] == 5.0f);

    herd_playout_result res = {.version = HERD_PLAYOUT_RESULT_VERSION, .games = 31};
    assert_int_equal(herd_playouts(NULL, 1, 1, 0, 0, &res), HERD_E_ARG);
    assert_int_equal(herd_playouts(g, 1, 1, 0, 0, NULL), HERD_E_ARG);
    assert_int_equal(herd_playouts(g, 1, -2, 0, 0, &res), HERD_E_RANGE);
    assert_int_equal(herd_playouts(g, 1, herd_max_level(g) + 1, 0, 0, &res), HERD_E_RANGE);
    assert_int_equal(herd_playouts(g, 1, 2, 0, 0, &res), HERD_E_UNSUPPORTED); /* alpha-beta */
    assert_int_equal(res.games, 31);
    snap_check(&s, g);

    /* Playing by number: out of range, and a number whose action is never
     * legal, are refused with the game unchanged and a message. */
    snap_take(&s, g);
    assert_int_equal(herd_apply_action(NULL, 0), HERD_E_ARG);
    assert_int_equal(herd_apply_action(g, n), HERD_E_RANGE);
    assert_string_equal(herd_last_error(g), "action 512 is out of range 0..511");
    assert_int_equal(herd_apply_action(g, 0), HERD_E_ILLEGAL); /* a1 off the board */
    assert_non_null(strstr(herd_last_error(g), "off the board"));
    snap_check(&s, g);
    herd_free(g);

    /* Searching and table levels of other games. */
    g = game_of("hex", NULL);
    assert_int_equal(herd_playouts(g, 1, 2, 0, 0, &res), HERD_E_UNSUPPORTED); /* MCTS */
    herd_free(g);
    g = game_of("hare", NULL);
    assert_int_equal(herd_playouts(g, 1, 3, 0, 0, &res), HERD_E_UNSUPPORTED); /* perfect */
    herd_free(g);
    assert_int_equal(res.games, 31);
}

/* herd_interrupt() and the progress handler stop playouts, which then
 * change nothing and write nothing. */
static void playouts_stop_when_asked(void **state)
{
    (void)state;
    herd_game *g = game_of("hex", NULL);
    herd_playout_result res = {.version = HERD_PLAYOUT_RESULT_VERSION, .games = 31};
    snapshot s;
    snap_take(&s, g);
    herd_interrupt(g);
    assert_int_equal(herd_playouts(g, 1000, 1, 0, 0, &res), HERD_E_INTERRUPTED);
    assert_int_equal(res.games, 31);
    res = playouts(g, 2, 1, 0, 0); /* the request was spent */
    int calls = 0;
    assert_int_equal(herd_set_progress(g, stop_now, &calls, 3), HERD_OK);
    res.games = 31;
    assert_int_equal(herd_playouts(g, 1000, 1, 0, 0, &res), HERD_E_INTERRUPTED);
    assert_int_equal(calls, 1);
    assert_int_equal(res.games, 31);
    assert_int_equal(herd_set_progress(g, NULL, NULL, 0), HERD_OK);
    snap_check(&s, g);
    herd_free(g);
}

/* Herd of Horses on 8x8 with 4 horses has no move limit, and its random
 * games shuffle for ever: this one is still going after 100,000 actions. */
static herd_game *endless_game(void)
{
    herd_game *g = game_with("horses", "w=8 h=8 n=4", NULL);
    assert_int_equal(playouts(g, 1, HERD_PLAYOUT_RANDOM, 1, 100000).unfinished, 1);
    return g;
}

/* A progress handler that counts its calls and, at call `at`, stops the
 * call (`stop`) or asks herd_interrupt() on `g` and goes on. */
typedef struct stopper {
    herd_game *g;
    int calls, at, stop;
} stopper;

static int stop_at(void *ud)
{
    stopper *s = ud;
    if (++s->calls != s->at)
        return 0;
    if (!s->stop)
        herd_interrupt(s->g);
    return s->stop;
}

/* Playouts with `st` as the progress handler, called at every look, stop
 * inside the one game, change nothing and write nothing. */
static void expect_stopped_inside(herd_game *g, stopper *st, uint32_t max_length)
{
    snapshot s;
    snap_take(&s, g);
    herd_playout_result res = {.version = HERD_PLAYOUT_RESULT_VERSION, .games = 31};
    st->g = g;
    st->calls = 0;
    assert_int_equal(herd_set_progress(g, stop_at, st, 1), HERD_OK);
    assert_int_equal(herd_playouts(g, 1, HERD_PLAYOUT_RANDOM, 1, max_length, &res),
                     HERD_E_INTERRUPTED);
    assert_int_equal(res.games, 31);
    assert_int_equal(herd_set_progress(g, NULL, NULL, 0), HERD_OK);
    snap_check(&s, g);
}

/* A game that never ends is stopped too: the request and the handler are
 * looked at every so many actions inside a game, not only between games.
 * A handler that asks herd_interrupt() is not called again: the request is
 * looked at first, and is then spent. */
static void playouts_stop_inside_an_endless_game(void **state)
{
    (void)state;
    herd_game *g = endless_game();
    stopper st = {.at = 20, .stop = 1};
    expect_stopped_inside(g, &st, 100000);
    assert_int_equal(st.calls, 20);
    expect_stopped_inside(g, &st, 0);
    assert_int_equal(st.calls, 20);
    st = (stopper){.at = 5, .stop = 0};
    expect_stopped_inside(g, &st, 0);
    assert_int_equal(st.calls, 5);
    assert_int_equal(playouts(g, 2, HERD_PLAYOUT_RANDOM, 1, 10).actions, 20);
    herd_free(g);
}

/* Another thread interrupts an endless playout once the playout's progress
 * handler has said that it runs: the playout stops, whenever the request
 * comes. */
typedef struct running {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int started;
    herd_game *g;
} running;

static int say_running(void *ud)
{
    running *r = ud;
    pthread_mutex_lock(&r->lock);
    r->started = 1;
    pthread_cond_signal(&r->cond);
    pthread_mutex_unlock(&r->lock);
    return 0;
}

static void *interrupt_when_running(void *ud)
{
    running *r = ud;
    pthread_mutex_lock(&r->lock);
    while (!r->started)
        pthread_cond_wait(&r->cond, &r->lock);
    pthread_mutex_unlock(&r->lock);
    herd_interrupt(r->g);
    return NULL;
}

static void another_thread_stops_an_endless_playout(void **state)
{
    (void)state;
    running r = {.started = 0};
    r.g = endless_game();
    assert_int_equal(pthread_mutex_init(&r.lock, NULL), 0);
    assert_int_equal(pthread_cond_init(&r.cond, NULL), 0);
    assert_int_equal(herd_set_progress(r.g, say_running, &r, 1), HERD_OK);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, interrupt_when_running, &r), 0);
    herd_playout_result res = {.version = HERD_PLAYOUT_RESULT_VERSION, .games = 31};
    int rc = herd_playouts(r.g, 1, HERD_PLAYOUT_RANDOM, 1, 0, &res);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_int_equal(rc, HERD_E_INTERRUPTED);
    assert_int_equal(res.games, 31);
    pthread_cond_destroy(&r.cond);
    pthread_mutex_destroy(&r.lock);
    herd_free(r.g);
}

/* With nothing to play (no games, or an ended game) the answer comes at
 * once, whatever the count of games, and looks at the request and the
 * handler once: a request made before it stops it and is spent there, not
 * left to stop the next call. */
static void playouts_of_nothing_answer_at_once(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *e = ended_game_of(c);
        herd_status st;
        assert_int_equal(herd_get_status(e, &st), HERD_OK);
        stopper count = {.at = 2, .stop = 1};
        assert_int_equal(herd_set_progress(e, stop_at, &count, 1), HERD_OK);
        herd_playout_result res = playouts(e, UINT64_MAX, HERD_PLAYOUT_RANDOM, 3, 0);
        assert_int_equal(count.calls, 1);
        assert_int_equal(res.actions, 0);
        assert_true(res.mean_length == 0.0);
        assert_int_equal(st.result == HERD_DRAW ? res.draws : res.wins[st.side], UINT64_MAX);
        assert_int_equal(herd_set_progress(e, NULL, NULL, 0), HERD_OK);
        herd_interrupt(e);
        res.games = 31;
        assert_int_equal(herd_playouts(e, 4, HERD_PLAYOUT_RANDOM, 3, 0, &res), HERD_E_INTERRUPTED);
        assert_int_equal(res.games, 31);
        assert_int_equal(playouts(e, 4, HERD_PLAYOUT_RANDOM, 3, 0).actions, 0);
        herd_free(e);
    }
    herd_game *g = game_of("hare", NULL);
    herd_interrupt(g);
    herd_playout_result res = {.version = HERD_PLAYOUT_RESULT_VERSION, .games = 31};
    assert_int_equal(herd_playouts(g, 0, HERD_PLAYOUT_RANDOM, 3, 0, &res), HERD_E_INTERRUPTED);
    assert_int_equal(res.games, 31);
    assert_int_equal(playouts(g, 0, HERD_PLAYOUT_RANDOM, 3, 0).games, 0);
    assert_true(playouts(g, 2, HERD_PLAYOUT_RANDOM, 3, 0).actions > 0);
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_bijection_over_random_games_of_every_game),
        cmocka_unit_test(the_sizes_of_the_spaces_and_observations),
        cmocka_unit_test(the_fox_jumps_counted_from_the_board),
        cmocka_unit_test(the_encodings_at_known_actions),
        cmocka_unit_test(chance_outcomes_and_ended_games),
        cmocka_unit_test(playing_by_number_is_playing_the_move),
        cmocka_unit_test(the_horses_planes),
        cmocka_unit_test(the_hex_planes),
        cmocka_unit_test(the_hare_planes),
        cmocka_unit_test(the_fox_planes),
        cmocka_unit_test(the_flock_planes),
        cmocka_unit_test(playouts_change_nothing_and_repeat_from_a_seed),
        cmocka_unit_test(other_seeds_give_other_games),
        cmocka_unit_test(playouts_at_the_length_limit_and_of_ended_games),
        cmocka_unit_test(random_playouts_are_uniformly_random),
        cmocka_unit_test(level_playouts_play_the_levels),
        cmocka_unit_test(refusals_change_nothing),
        cmocka_unit_test(playouts_stop_when_asked),
        cmocka_unit_test(playouts_stop_inside_an_endless_game),
        cmocka_unit_test(another_thread_stops_an_endless_playout),
        cmocka_unit_test(playouts_of_nothing_answer_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
