/* The generic core API (herd.h): errors, version, names, creation, history,
 * status, chance events, the computer player's plumbing, clones and copies
 * into caller memory. */
#include "horses_model.h"

#include <ctype.h>
#include <stdalign.h>

#include "internal.h" /* the generator, for its rejection sampling */
#include "herd/flock.h" /* herd_flock_move(), for a cell no text names */

/* A fixed mid-game position used by several tests (8x8, six horses). */
static const char *const MIDGAME =
    "horses w=8 h=8 turn=green green=e4,g7,g8,h5,f6,f5 red=c6,b5,e6,b7,d8,d4";

static void strerror_is_nonempty_and_distinct_for_every_code(void **state)
{
    (void)state;
    const int codes[] = {HERD_OK,        HERD_E_ARG,      HERD_E_NOMEM,       HERD_E_RANGE,
                         HERD_E_PARSE,   HERD_E_ILLEGAL,  HERD_E_BUFFER,      HERD_E_STATE,
                         HERD_E_UNKNOWN, HERD_E_POSITION, HERD_E_UNSUPPORTED, HERD_E_INTERRUPTED};
    const size_t n = sizeof codes / sizeof codes[0];
    const char *unknown = herd_strerror(-12345);
    assert_non_null(unknown);
    assert_string_equal(unknown, "unknown error");
    assert_string_equal(herd_strerror(1), "unknown error");
    for (size_t i = 0; i < n; i++) {
        const char *s = herd_strerror(codes[i]);
        assert_non_null(s);
        assert_true(strlen(s) > 0);
        assert_string_not_equal(s, unknown);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(s, herd_strerror(codes[j]));
    }
    /* Error codes are negative, success is zero. */
    assert_int_equal(HERD_OK, 0);
    for (size_t i = 1; i < n; i++)
        assert_true(codes[i] < 0);
}

/* A failed call on a const handle sets no message: herd_last_error() still
 * tells of the older failure, and the code's words say why on their own. */
static void const_calls_set_no_message_and_the_code_says_why(void **state)
{
    (void)state;
    herd_game *g = NULL;
    assert_int_equal(herd_new("horses", NULL, NULL, NULL, &g, NULL), HERD_OK);
    herd_move m;
    assert_int_equal(herd_move_from_text(g, "zz", &m), HERD_E_PARSE);
    char older[HERD_ERROR_MESSAGE_SIZE];
    snprintf(older, sizeof older, "%s", herd_last_error(g));
    assert_true(older[0] != '\0');
    char small[4];
    assert_int_equal(herd_show(g, small, sizeof small, NULL), HERD_E_BUFFER);
    assert_int_equal(herd_get_status(g, NULL), HERD_E_ARG);
    assert_int_equal(herd_hint(g, 999, &m), HERD_E_RANGE);
    assert_string_equal(herd_last_error(g), older);
    herd_free(g);
    /* The codes that const calls give say what to do without a message. */
    assert_string_equal(herd_strerror(HERD_E_BUFFER),
                        "buffer too small: the length needed is reported");
    assert_non_null(strstr(herd_strerror(HERD_E_ARG), "a NULL pointer, or a value"));
    assert_non_null(strstr(herd_strerror(HERD_E_NOMEM), "the memory given is too small"));
    assert_non_null(strstr(herd_strerror(HERD_E_STATE), "the game is over"));
}

static void version_matches_the_headers(void **state)
{
    (void)state;
    char want[32];
    assert_int_equal(herd_version(), HERD_VERSION_NUMBER);
    assert_int_equal(HERD_VERSION_NUMBER,
                     HERD_VERSION_MAJOR * 10000 + HERD_VERSION_MINOR * 100 + HERD_VERSION_PATCH);
    snprintf(want, sizeof want, "%d.%d.%d", HERD_VERSION_MAJOR, HERD_VERSION_MINOR,
             HERD_VERSION_PATCH);
    assert_non_null(herd_version_string());
    assert_string_equal(herd_version_string(), want);
}

/* A library serves the headers of its own major version and of no later
 * minor version than its own. */
static void version_serves_the_same_major_and_no_older_minor(void **state)
{
    (void)state;
    const int v = HERD_VERSION_NUMBER;
    assert_true(HERD_VERSION_SERVES(herd_version()));
    assert_true(HERD_VERSION_SERVES(v + 1));     /* a later patch */
    assert_true(HERD_VERSION_SERVES(v + 100));   /* a later minor version */
    assert_false(HERD_VERSION_SERVES(v + 10000)); /* the next major version */
    assert_false(HERD_VERSION_SERVES(v - 10000)); /* the one before */
    if (HERD_VERSION_MINOR > 0)
        assert_false(HERD_VERSION_SERVES(v - 100)); /* an older minor version */
}

static void reason_names_are_the_protocol_names(void **state)
{
    (void)state;
    assert_string_equal(herd_reason_name(HERD_REASON_NONE), "");
    assert_string_equal(herd_reason_name(HERD_REASON_CORNER), "corner");
    assert_string_equal(herd_reason_name(HERD_REASON_NO_MOVES), "no-moves");
    assert_string_equal(herd_reason_name(HERD_REASON_FULL), "full");
    assert_string_equal(herd_reason_name(HERD_REASON_ESCAPED), "escaped");
    assert_string_equal(herd_reason_name(HERD_REASON_STALLING), "stalling");
    assert_string_equal(herd_reason_name(HERD_REASON_TRAPPED), "trapped");
    assert_string_equal(herd_reason_name(HERD_REASON_CAPTURED), "captured");
    assert_string_equal(herd_reason_name(HERD_REASON_MOVE_LIMIT), "move-limit");
    assert_string_equal(herd_reason_name(HERD_REASON_RESIGNED), "resigned");
    assert_string_equal(herd_reason_name(HERD_REASON_TIME), "time");
    assert_string_equal(herd_reason_name(HERD_REASON_AGREED), "agreed");
    assert_string_equal(herd_reason_name(HERD_REASON_ABANDONED), "abandoned");
    assert_null(herd_reason_name((herd_reason)(HERD_REASON_ABANDONED + 1)));
    assert_null(herd_reason_name((herd_reason)-1));
    assert_null(herd_reason_name((herd_reason)1000));
}

static void side_names_are_green_then_red(void **state)
{
    (void)state;
    herd_game *g = new_game(NULL);
    assert_string_equal(herd_side_name(g, HERD_HORSES_GREEN), "green");
    assert_string_equal(herd_side_name(g, HERD_HORSES_RED), "red");
    assert_int_equal(HERD_HORSES_GREEN, 0);
    assert_null(herd_side_name(g, 2));
    assert_null(herd_side_name(g, -1));
    assert_null(herd_side_name(NULL, 0));
    herd_free(g);
}

static void new_unknown_game_is_refused_with_a_message(void **state)
{
    (void)state;
    herd_game *sentinel = (herd_game *)(uintptr_t)0x1234;
    herd_game *g = sentinel;
    herd_error err = {0, ""};
    assert_int_equal(herd_new("chess", NULL, NULL, NULL, &g, &err), HERD_E_UNKNOWN);
    assert_ptr_equal(g, sentinel);
    assert_int_equal(err.code, HERD_E_UNKNOWN);
    assert_non_null(strstr(err.message, "chess"));
    assert_int_equal(herd_new("", NULL, NULL, NULL, &g, &err), HERD_E_UNKNOWN);
    assert_int_equal(herd_new("Horses", NULL, NULL, NULL, &g, &err), HERD_E_UNKNOWN);
    assert_int_equal(herd_new("horses ", NULL, NULL, NULL, &g, &err), HERD_E_UNKNOWN);
    /* err may be NULL */
    assert_int_equal(herd_new("chess", NULL, NULL, NULL, &g, NULL), HERD_E_UNKNOWN);
    assert_ptr_equal(g, sentinel);
}

static void new_game_has_the_documented_defaults(void **state)
{
    (void)state;
    herd_game *a = new_game(NULL), *b = new_game(""), *c = new_game("w=8 h=8 n=6 seed=0"), *d;
    herd_horses_options o;
    char ta[TEXT_CAP], tb[TEXT_CAP], tc[TEXT_CAP], td[TEXT_CAP];
    herd_horses_options_init(&o, HERD_HORSES_OPTIONS_VERSION);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.height, 8);
    assert_int_equal(o.horses, 6);
    assert_true(o.seed == 0);
    assert_int_equal(herd_horses_new(&o, NULL, NULL, &d, NULL), HERD_OK);
    position_text(a, ta);
    position_text(b, tb);
    position_text(c, tc);
    position_text(d, td);
    assert_string_equal(ta, tb);
    assert_string_equal(ta, tc);
    assert_string_equal(ta, td);
    assert_true(herd_same_position(a, d));
    assert_int_equal(herd_game_kind(a), HERD_HORSES);
    assert_string_equal(herd_game_name(a), "horses");
    assert_int_equal(herd_horses_options_of(a, &o), HERD_OK);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.height, 8);
    assert_int_equal(o.horses, 6);
    check_status(a, HERD_ONGOING, HERD_HORSES_GREEN, HERD_REASON_NONE);
    assert_int_equal(herd_history_length(a), 0);
    assert_string_equal(herd_last_error(a), "");
    herd_free(a);
    herd_free(b);
    herd_free(c);
    herd_free(d);
}

static void free_null_is_harmless(void **state)
{
    (void)state;
    herd_free(NULL);
    herd_free(NULL);
}

static void undo_with_nothing_to_undo_is_a_state_error(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=3");
    snapshot s;
    snap_take(&s, g);
    assert_int_equal(herd_undo(g), HERD_E_STATE);
    assert_true(strlen(herd_last_error(g)) > 0);
    snap_check(&s, g);
    /* After one move and its undo there is nothing left either. */
    assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
    assert_int_equal(herd_undo(g), HERD_OK);
    assert_int_equal(herd_undo(g), HERD_E_STATE);
    herd_free(g);
}

static void history_length_counts_the_moves_played(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=5 w=12 h=10");
    for (size_t i = 1; i <= 30; i++) {
        herd_status st;
        assert_int_equal(herd_get_status(g, &st), HERD_OK);
        if (st.result != HERD_ONGOING)
            break;
        assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
        assert_int_equal(herd_history_length(g), i);
    }
    size_t n = herd_history_length(g);
    assert_true(n >= 2);
    assert_int_equal(herd_undo(g), HERD_OK);
    assert_int_equal(herd_history_length(g), n - 1);
    /* A position read from text clears the history. */
    char text[TEXT_CAP];
    position_text(g, text);
    assert_int_equal(herd_position_from_text(g, text), HERD_OK);
    assert_int_equal(herd_history_length(g), 0);
    assert_int_equal(herd_undo(g), HERD_E_STATE);
    herd_free(g);
}

static void position_from_text_keeps_the_generator_going(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=12"), *fresh = new_game("seed=12"), *c;
    herd_move m;
    for (int i = 0; i < 5; i++)
        assert_int_equal(herd_genmove(g, 0, &m), HERD_OK); /* draws, plays nothing */
    assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
    assert_int_equal(herd_position_from_text(g, MIDGAME), HERD_OK);
    assert_int_equal(herd_position_from_text(c, MIDGAME), HERD_OK);
    assert_int_equal(herd_position_from_text(fresh, MIDGAME), HERD_OK);
    /* Same generator as before the text was read, not a reseeded one. */
    assert_true(herd_same_position(g, c));
    assert_false(herd_same_position(g, fresh));
    herd_move a, b;
    assert_int_equal(herd_genmove(g, 0, &a), HERD_OK);
    assert_int_equal(herd_genmove(c, 0, &b), HERD_OK);
    assert_true(a == b);
    herd_free(g);
    herd_free(c);
    herd_free(fresh);
}

static void horses_has_no_chance_events(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=9");
    herd_move outcomes[8], m = 77;
    double probs[8];
    size_t count = 99;
    snapshot s;
    snap_take(&s, g);
    assert_false(herd_is_chance(g));
    assert_int_equal(herd_chance_outcomes(g, outcomes, probs, 8, &count), HERD_E_STATE);
    assert_int_equal(herd_chance_outcomes(g, NULL, NULL, 0, &count), HERD_E_STATE);
    assert_int_equal(herd_roll(g, &m), HERD_E_STATE);
    assert_true(m == 77);
    assert_true(strlen(herd_last_error(g)) > 0);
    assert_int_equal(herd_roll(g, NULL), HERD_E_STATE);
    snap_check(&s, g);
    herd_free(g);
}

static void genmove_level_out_of_range_is_refused(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=11");
    herd_move m = 4242;
    assert_int_equal(herd_max_level(g), 5);
    const int bad[] = {6, 7, -1, 100, -100};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snapshot s;
        snap_take(&s, g); /* includes the generator: a refusal draws nothing */
        assert_int_equal(herd_genmove(g, bad[i], &m), HERD_E_RANGE);
        assert_true(m == 4242);
        assert_non_null(strstr(herd_last_error(g), "out of range"));
        assert_int_equal(herd_play_genmove(g, bad[i], &m), HERD_E_RANGE);
        assert_true(m == 4242);
        snap_check(&s, g);
    }
    assert_int_equal(herd_genmove(g, 0, &m), HERD_OK);
    assert_true(herd_is_legal(g, m));
    assert_int_equal(herd_genmove(g, 1, &m), HERD_OK);
    assert_true(herd_is_legal(g, m));
    herd_free(g);
}

static void genmove_chooses_without_playing(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=21 w=10 h=9 n=7");
    char before[TEXT_CAP], after[TEXT_CAP];
    for (int i = 0; i < 20; i++) {
        herd_move m;
        position_text(g, before);
        size_t hist = herd_history_length(g);
        assert_int_equal(herd_genmove(g, 0, &m), HERD_OK);
        position_text(g, after);
        assert_string_equal(before, after);
        assert_int_equal(herd_history_length(g), hist);
        assert_true(herd_is_legal(g, m));
        assert_int_equal(herd_apply(g, m), HERD_OK);
        herd_status st;
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING)
            break;
    }
    herd_free(g);
}

static void play_genmove_plays_and_undo_restores_the_generator(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=33 w=9 h=11 n=5");
    for (int i = 0; i < 25; i++) {
        herd_game *before, *twin;
        herd_move played = 0, chosen = 1;
        herd_status st;
        assert_int_equal(herd_clone(g, NULL, NULL, &before), HERD_OK);
        assert_int_equal(herd_clone(g, NULL, NULL, &twin), HERD_OK);
        size_t hist = herd_history_length(g);
        assert_int_equal(herd_play_genmove(g, 0, &played), HERD_OK);
        assert_int_equal(herd_history_length(g), hist + 1);
        assert_false(herd_same_position(g, before));
        assert_true(herd_is_legal(before, played));
        /* genmove + apply on a twin reaches the very same state. */
        assert_int_equal(herd_genmove(twin, 0, &chosen), HERD_OK);
        assert_true(chosen == played);
        assert_int_equal(herd_apply(twin, chosen), HERD_OK);
        assert_true(herd_same_position(g, twin));
        /* Undo restores everything, the generator included. */
        assert_int_equal(herd_undo(g), HERD_OK);
        assert_true(herd_same_position(g, before));
        assert_int_equal(herd_history_length(g), hist);
        /* ... so the computer chooses the same move again. */
        assert_int_equal(herd_play_genmove(g, 0, &chosen), HERD_OK);
        assert_true(chosen == played);
        assert_true(herd_same_position(g, twin));
        herd_free(before);
        herd_free(twin);
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING)
            break;
    }
    herd_free(g);
}

static void genmove_after_the_game_ended_is_a_state_error(void **state)
{
    (void)state;
    /* Red is to move and has no legal move: Green has won. */
    herd_game *g = game_from_text("horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,f8,h4");
    herd_move m = 5;
    check_status(g, HERD_WIN, HERD_HORSES_GREEN, HERD_REASON_NO_MOVES);
    snapshot s;
    snap_take(&s, g);
    assert_int_equal(herd_genmove(g, 0, &m), HERD_E_STATE);
    assert_int_equal(herd_play_genmove(g, 0, &m), HERD_E_STATE);
    assert_true(m == 5);
    snap_check(&s, g);
    herd_free(g);
}

static void clone_is_equal_and_independent(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=44 w=14 h=12 n=8"), *c;
    for (int i = 0; i < 12; i++)
        assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
    char tg[TEXT_CAP], tc[TEXT_CAP];
    assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
    assert_true(herd_same_position(g, c));
    assert_int_equal(herd_history_length(c), herd_history_length(g));
    position_text(g, tg);
    position_text(c, tc);
    assert_string_equal(tg, tc);
    /* The clone's generator is a copy: both choose alike. */
    herd_move mg, mc;
    assert_int_equal(herd_play_genmove(g, 0, &mg), HERD_OK);
    assert_int_equal(herd_play_genmove(c, 0, &mc), HERD_OK);
    assert_true(mg == mc);
    assert_true(herd_same_position(g, c));
    /* Its history is a copy: undo all the way in the clone only. */
    while (herd_history_length(c) > 0)
        assert_int_equal(herd_undo(c), HERD_OK);
    assert_int_equal(herd_history_length(g), 13);
    position_text(g, tc);
    assert_string_not_equal(tg, tc); /* g moved on by one move */
    herd_game *fresh = new_game("seed=44 w=14 h=12 n=8");
    assert_true(herd_same_position(c, fresh));
    assert_false(herd_same_position(g, c));
    herd_free(fresh);
    herd_free(c);
    herd_free(g);
}

static void same_position_ignores_history_but_not_turn_or_generator(void **state)
{
    (void)state;
    herd_game *a = game_from_text(MIDGAME);
    herd_game *b = game_from_text(MIDGAME);
    /* Same text, both with fresh generators of seed 0. */
    assert_true(herd_same_position(a, b));
    herd_game *c =
        game_from_text("horses w=8 h=8 turn=red green=e4,g7,g8,h5,f6,f5 red=c6,b5,e6,b7,d8,d4");
    assert_false(herd_same_position(a, c));
    /* The generator is part of the state. */
    herd_move m;
    assert_int_equal(herd_genmove(b, 0, &m), HERD_OK);
    assert_false(herd_same_position(a, b));
    herd_game *d = new_game("seed=1");
    assert_int_equal(herd_position_from_text(d, MIDGAME), HERD_OK);
    assert_false(herd_same_position(a, d));
    assert_false(herd_same_position(a, NULL));
    assert_false(herd_same_position(NULL, a));
    herd_free(a);
    herd_free(b);
    herd_free(c);
    herd_free(d);
}

static void copy_position_sets_the_position_and_clears_history(void **state)
{
    (void)state;
    herd_game *a = new_game("seed=7"), *b = new_game("seed=8");
    for (int i = 0; i < 5; i++)
        assert_int_equal(herd_play_genmove(a, 0, NULL), HERD_OK);
    assert_int_equal(herd_play_genmove(b, 0, NULL), HERD_OK);
    assert_int_equal(herd_copy_position(b, a), HERD_OK);
    assert_true(herd_same_position(a, b));
    assert_int_equal(herd_history_length(b), 0);
    assert_int_equal(herd_undo(b), HERD_E_STATE);
    assert_int_equal(herd_history_length(a), 5);
    assert_true(herd_state_size(a) > 0);
    assert_int_equal(herd_state_size(a), herd_state_size(b));
    assert_int_equal(herd_copy_position(NULL, a), HERD_E_ARG);
    assert_int_equal(herd_copy_position(b, NULL), HERD_E_ARG);
    herd_free(a);
    herd_free(b);
}

/* herdi_rng_below() draws the top 32 bits and rejects those at or above the
 * largest multiple of n (a quarter of them for n = 3 * 2^30), so every value
 * below n is as likely: the same draws by hand give the same values. */
static void rng_below_rejects_the_uneven_top(void **state)
{
    (void)state;
    const uint32_t n = UINT32_C(3) << 30;
    herd_rng r, by_hand;
    herdi_rng_seed(&r, 2026);
    by_hand = r;
    int rejected = 0;
    for (int i = 0; i < 200; i++) {
        uint32_t x;
        while ((x = (uint32_t)(herdi_rng_next(&by_hand) >> 32)) >= n)
            rejected++;
        assert_int_equal(herdi_rng_below(&r, n), x);
    }
    assert_true(rejected > 10);
    assert_memory_equal(&r, &by_hand, sizeof r);
}

/* The inverse of an odd a modulo 2^64 (Newton's iteration). */
static uint64_t odd_inverse(uint64_t a)
{
    uint64_t x = a; /* right to 3 bits */
    for (int i = 0; i < 5; i++)
        x *= 2 - a * x;
    return x;
}

/* herdi_rng_below() by its definition: reject the draws at or above the
 * largest multiple of n, then the remainder. */
static uint32_t below_by_hand(herd_rng *r, uint32_t n)
{
    uint32_t limit = UINT32_MAX - UINT32_MAX % n, x;
    while ((x = (uint32_t)(herdi_rng_next(r) >> 32)) >= limit)
        continue;
    return x % n;
}

/* herdi_rng_below(n) on the edges: a generator set so that its next draw's
 * top 32 bits are exactly x (xoshiro256** gives rotl(s[1] * 5, 7) * 9,
 * which undoes), for x at 0, just below and at the largest multiple of n,
 * and UINT32_MAX. */
static void expect_below_edges(uint32_t n)
{
    uint32_t limit = UINT32_MAX - UINT32_MAX % n;
    const uint32_t xs[] = {0, limit - 1, limit, UINT32_MAX};
    for (size_t j = 0; j < sizeof xs / sizeof xs[0]; j++) {
        uint64_t t = ((uint64_t)xs[j] << 32 | 0x5eed) * odd_inverse(9);
        herd_rng r;
        herdi_rng_seed(&r, n);
        r.s[1] = ((t >> 7) | (t << 57)) * odd_inverse(5);
        herd_rng by_hand = r;
        assert_true((uint32_t)(herdi_rng_next(&by_hand) >> 32) == xs[j]);
        by_hand = r;
        assert_int_equal(herdi_rng_below(&r, n), below_by_hand(&by_hand, n));
        assert_memory_equal(&r, &by_hand, sizeof r);
    }
}

/* For n from 1 up to UINT32_MAX. */
static void rng_below_keeps_its_edges(void **state)
{
    (void)state;
    const uint32_t half = UINT32_C(1) << 31;
    const uint32_t small[] = {1, 2, 3, 5, 7, 21, 64, 100, 217};
    const uint32_t large[] = {half / 2, half - 1, half, half + 1, 3 * (half / 2), UINT32_MAX};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
        expect_below_edges(small[i]);
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++)
        expect_below_edges(large[i]);
}

/* Caller memory, aligned for any type. */
static _Alignas(max_align_t) unsigned char arena[1 << 16];

static void copy_into_caller_memory_plays_and_undoes_within_its_history(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=55 w=12 h=12 n=7"), *copy = NULL;
    for (int i = 0; i < 4; i++)
        assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
    size_t need0 = herd_copy_size(g, 0), need4 = herd_copy_size(g, 4);
    assert_true(need0 > 0);
    assert_true(need4 > need0);
    assert_true(need4 <= sizeof arena);
    assert_int_equal(herd_copy_into(g, arena, need4, &copy), HERD_OK);
    assert_ptr_equal(copy, (herd_game *)(void *)arena);
    assert_true(herd_same_position(g, copy));
    assert_int_equal(herd_history_length(copy), 0); /* the copy starts with none */

    /* Play 6 moves on the copy, remembering the state after each. */
    herd_game *after[7];
    assert_int_equal(herd_clone(copy, NULL, NULL, &after[0]), HERD_OK);
    int played = 0;
    for (int i = 1; i <= 6; i++) {
        herd_status st;
        herd_get_status(copy, &st);
        if (st.result != HERD_ONGOING)
            break;
        assert_int_equal(herd_play_genmove(copy, 0, NULL), HERD_OK);
        assert_int_equal(herd_clone(copy, NULL, NULL, &after[i]), HERD_OK);
        played = i;
    }
    assert_int_equal(played, 6);
    /* The original did not move. */
    assert_int_equal(herd_history_length(g), 4);
    assert_true(herd_same_position(g, after[0]));
    /* Only the last 4 records fit: undo reaches back 4 moves, no further. */
    assert_int_equal(herd_history_length(copy), 4);
    /* A clone of the copy, whose ring has wrapped, keeps the same 4 records. */
    herd_game *twin;
    assert_int_equal(herd_clone(copy, NULL, NULL, &twin), HERD_OK);
    assert_int_equal(herd_history_length(twin), 4);
    for (int i = 5; i >= 2; i--) {
        assert_int_equal(herd_undo(twin), HERD_OK);
        assert_true(herd_same_position(twin, after[i]));
    }
    assert_int_equal(herd_undo(twin), HERD_E_STATE);
    herd_free(twin);
    for (int i = 5; i >= 2; i--) {
        assert_int_equal(herd_undo(copy), HERD_OK);
        assert_true(herd_same_position(copy, after[i]));
    }
    assert_int_equal(herd_undo(copy), HERD_E_STATE);
    assert_true(herd_same_position(copy, after[2]));
    /* It never allocates: perft needs a work area and says so. */
    uint64_t nodes = 12345;
    assert_int_equal(herd_perft(copy, 1, &nodes), HERD_E_NOMEM);
    assert_true(nodes == 12345);
    herd_free(copy); /* harmless, nothing to free */
    for (int i = 0; i <= played; i++)
        herd_free(after[i]);

    /* A copy without room for history plays on but cannot undo. */
    assert_int_equal(herd_copy_into(g, arena, need0, &copy), HERD_OK);
    assert_true(herd_same_position(g, copy));
    assert_int_equal(herd_play_genmove(copy, 0, NULL), HERD_OK);
    assert_false(herd_same_position(g, copy));
    assert_int_equal(herd_history_length(copy), 0);
    assert_int_equal(herd_undo(copy), HERD_E_STATE);
    /* A clone of a caller-memory game is an ordinary game. */
    herd_game *c;
    assert_int_equal(herd_clone(copy, NULL, NULL, &c), HERD_OK);
    assert_true(herd_same_position(c, copy));
    assert_int_equal(herd_perft(c, 1, &nodes), HERD_OK);
    assert_int_equal(nodes, legal_count(c));
    herd_free(c);
    herd_free(g);
}

static void copy_into_too_small_memory_is_nomem(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=56"), *sentinel = (herd_game *)(uintptr_t)0x88, *out = sentinel;
    size_t need = herd_copy_size(g, 0);
    memset(arena, 0x5A, sizeof arena);
    assert_int_equal(herd_copy_into(g, arena, need - 1, &out), HERD_E_NOMEM);
    assert_ptr_equal(out, sentinel);
    assert_int_equal(herd_copy_into(g, arena, 0, &out), HERD_E_NOMEM);
    assert_int_equal(herd_copy_into(g, arena, 1, &out), HERD_E_NOMEM);
    assert_ptr_equal(out, sentinel);
    /* Nothing was written into the too-small memory. */
    for (size_t i = 0; i < need; i++)
        assert_int_equal(arena[i], 0x5A);
    assert_int_equal(herd_copy_into(g, arena, need, &out), HERD_OK);
    herd_free(g);
}

static void copy_into_misaligned_memory_is_refused(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=57"), *sentinel = (herd_game *)(uintptr_t)0x88, *out = sentinel;
    size_t need = herd_copy_size(g, 2);
    for (size_t off = 1; off < alignof(max_align_t); off++) {
        assert_int_equal(herd_copy_into(g, arena + off, need, &out), HERD_E_ARG);
        assert_ptr_equal(out, sentinel);
    }
    assert_int_equal(herd_copy_into(g, arena + alignof(max_align_t), need, &out), HERD_OK);
    assert_true(herd_same_position(g, out));
    herd_free(g);
}

/* A copy onto memory that overlaps its source without being equal to it
 * (ASan once saw memcpy-param-overlap here) is refused: neither the source
 * nor its history is touched. */
static void copy_into_memory_overlapping_the_source_is_refused(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=58"), *src, *sentinel = (herd_game *)(uintptr_t)0x88;
    for (int i = 0; i < 3; i++)
        assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
    size_t need = herd_copy_size(g, 4), a = alignof(max_align_t);
    size_t span = (need + a - 1) / a * a;
    assert_true(4 * span <= sizeof arena);
    /* The source itself in caller memory, with a history of its own. */
    assert_int_equal(herd_copy_into(g, arena + 2 * span, need, &src), HERD_OK);
    assert_int_equal(herd_play_genmove(src, 0, NULL), HERD_OK);
    char before[TEXT_CAP], now[TEXT_CAP];
    position_text(src, before);
    unsigned char saved[sizeof arena];
    memcpy(saved, arena, sizeof arena);
    /* Every aligned start that overlaps the source, its own address
     * included. */
    for (size_t off = (2 * span - need) / a * a + a; off < 2 * span + need; off += a) {
        herd_game *out = sentinel;
        assert_int_equal(herd_copy_into(src, arena + off, need, &out), HERD_E_ARG);
        assert_ptr_equal(out, sentinel);
        assert_memory_equal(arena, saved, sizeof arena);
    }
    position_text(src, now);
    assert_string_equal(now, before);
    assert_int_equal(herd_history_length(src), 1);
    /* Memory just beside the source is fine. */
    herd_game *out;
    assert_int_equal(herd_copy_into(src, arena + 3 * span, need, &out), HERD_OK);
    assert_true(herd_same_position(out, src));
    assert_int_equal(herd_copy_into(src, arena + span, need, &out), HERD_OK);
    assert_true(herd_same_position(out, src));
    herd_free(g);
}

static void perft_depth_zero_is_one_and_depth_over_64_is_refused(void **state)
{
    (void)state;
    herd_game *g = game_from_text(MIDGAME);
    uint64_t nodes = 0;
    assert_int_equal(herd_perft(g, 0, &nodes), HERD_OK);
    assert_true(nodes == 1);
    assert_int_equal(herd_perft(g, 1, &nodes), HERD_OK);
    assert_true(nodes == legal_count(g));
    nodes = 77;
    assert_int_equal(herd_perft(g, 65, &nodes), HERD_E_ARG);
    assert_true(nodes == 77);
    assert_string_equal(herd_last_error(g), "depth 65 is out of range 0..64");
    assert_int_equal(herd_perft(g, 1, NULL), HERD_E_ARG);
    /* An ended game has no sequences (depth 0 still counts 1). */
    herd_game *over = game_from_text("horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,f8,h4");
    assert_int_equal(herd_perft(over, 1, &nodes), HERD_OK);
    assert_true(nodes == 0);
    assert_int_equal(herd_perft(over, 3, &nodes), HERD_OK);
    assert_true(nodes == 0);
    assert_int_equal(herd_perft(over, 0, &nodes), HERD_OK);
    assert_true(nodes == 1);
    /* perft plays nothing */
    snapshot s;
    snap_take(&s, g);
    assert_int_equal(herd_perft(g, 3, &nodes), HERD_OK);
    snap_check(&s, g);
    herd_free(over);
    herd_free(g);
}

static void move_bounds_are_consistent(void **state)
{
    (void)state;
    herd_game *g = new_game("w=30 h=20 n=10 seed=1");
    assert_int_equal(herd_max_moves(g), HERD_HORSES_MAX_MOVES);
    assert_int_equal(HERD_HORSES_MAX_MOVES, 8 * HERD_HORSES_MAX_HORSES);
    assert_true(herd_max_moves(g) <= HERD_MAX_MOVES);
    size_t n = 0;
    int rc = herd_legal_moves(g, NULL, 0, &n);
    assert_true(n > 0 && n <= herd_max_moves(g));
    assert_int_equal(rc, HERD_E_BUFFER);
    herd_free(g);
}

static void last_error_names_the_last_refusal(void **state)
{
    (void)state;
    herd_game *g = game_from_text(MIDGAME);
    assert_string_equal(herd_last_error(g), "");
    assert_int_equal(herd_apply(g, move_of(6, 6, 8, 7)), HERD_E_ILLEGAL); /* g7-i8 */
    assert_string_equal(herd_last_error(g), "i8 is off the board");
    assert_int_equal(herd_apply(g, move_of(0, 0, 1, 2)), HERD_E_ILLEGAL); /* a1-b3 */
    assert_string_equal(herd_last_error(g), "a1 has no green horse");
    assert_int_equal(herd_undo(g), HERD_E_STATE);
    assert_string_equal(herd_last_error(g), "there is nothing to undo");
    herd_free(g);
}

/* A cell that no text can name is written as the herd_cell that holds it,
 * counted from 0 (herd.h, herd_cell); a coordinate outside -128..127 wraps
 * round in the move, as herd_cell's comment says. */
static void a_cell_no_text_names_is_written_as_its_herd_cell(void **state)
{
    (void)state;
    herd_game *g = NULL;
    assert_int_equal(herd_new("horses", NULL, NULL, NULL, &g, NULL), HERD_OK);
    static const struct {
        herd_cell from, to;
        const char *msg;
    } cases[] = {
        {{0, 0}, {-2, -1}, "{.row = -2, .col = -1} is off the board"},
        {{-1, 2}, {1, 0}, "{.row = -1, .col = 2} is off the board"},
        {{26, 2}, {24, 1}, "{.row = 26, .col = 2} is off the board"},  /* past z */
        {{202, 1}, {0, 0}, "{.row = 127, .col = 1} is off the board"}, /* held at 127 */
        /* a1-c2 is legal at the start: 258 and -255 do not wrap round to it */
        {{0, 0}, {258, 1}, "a1-{.row = 127, .col = 1} is not a knight's move"},
        {{0, 0}, {2, -255}, "a1-{.row = 2, .col = -128} is not a knight's move"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(herd_apply(g, herd_horses_move(cases[i].from, cases[i].to)),
                         HERD_E_ILLEGAL);
        assert_string_equal(herd_last_error(g), cases[i].msg);
    }
    herd_cell to;
    herd_move m = herd_horses_move((herd_cell){0, 0}, (herd_cell){258, 1});
    assert_int_equal(herd_horses_move_cells(m, NULL, &to), HERD_OK);
    assert_true(to.row == 127 && to.col == 1); /* not c2, which 258 would wrap to */
    herd_free(g);
    assert_int_equal(herd_new("flock", NULL, NULL, NULL, &g, NULL), HERD_OK);
    assert_int_equal(herd_apply(g, herd_flock_move((herd_cell){-3, 0}, (herd_cell){0, 0})),
                     HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "{.row = -3, .col = 0} is off the board");
    /* g1-f1 is legal at the start: 261 does not wrap round to f1's row 5 */
    assert_int_equal(herd_apply(g, herd_flock_move((herd_cell){6, 0}, (herd_cell){261, 0})),
                     HERD_E_ILLEGAL);
    assert_int_equal(herd_history_length(g), 0);
    herd_free(g);
}

/* Plays the first legal move of the side to move whose target is not
 * avoid_row/avoid_col, and returns it. */
static herd_move play_first_legal(herd_game *g, int avoid_row, int avoid_col)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t n;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    for (size_t i = 0; i < n; i++) {
        herd_cell a, b;
        herd_horses_move_cells(moves[i], &a, &b);
        if (b.row == avoid_row && b.col == avoid_col)
            continue;
        assert_int_equal(herd_apply(g, moves[i]), HERD_OK);
        return moves[i];
    }
    fail_msg("no move found");
    return 0;
}

static herd_move reversed(herd_move m)
{
    herd_cell a, b;
    herd_horses_move_cells(m, &a, &b);
    return herd_horses_move(b, a);
}

static void same_position_ignores_the_number_of_actions_played(void **state)
{
    (void)state;
    herd_game *g = game_from_text(MIDGAME), *c;
    herd_cell from;
    /* Green out, red out, both back: the same position, four actions on. */
    herd_move m1 = play_first_legal(g, -1, -1);
    herd_horses_move_cells(m1, &from, NULL);
    herd_move m2 = play_first_legal(g, from.row, from.col);
    assert_int_equal(herd_apply(g, reversed(m1)), HERD_OK);
    assert_int_equal(herd_apply(g, reversed(m2)), HERD_OK);
    assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
    assert_int_equal(herd_apply(c, m1), HERD_OK);
    assert_int_equal(herd_apply(c, m2), HERD_OK);
    assert_int_equal(herd_apply(c, reversed(m1)), HERD_OK);
    assert_int_equal(herd_apply(c, reversed(m2)), HERD_OK);
    assert_true(herd_same_position(g, c));
    /* One action more is another position. */
    assert_int_equal(herd_apply(c, m1), HERD_OK);
    assert_false(herd_same_position(g, c));
    herd_free(c);
    herd_free(g);
}

static void copy_size_that_does_not_fit_is_zero(void **state)
{
    (void)state;
    herd_game *g = game_from_text(MIDGAME);
    size_t base = herd_copy_size(g, 0), ss = herd_state_size(g);
    assert_true(base > ss);
    assert_true(herd_copy_size(g, 1) > base + 2 * ss); /* each record also keeps its action */
    assert_true(herd_copy_size(g, SIZE_MAX) == 0);
    assert_true(herd_copy_size(g, SIZE_MAX / ss) == 0);
    herd_free(g);
}

static void clones_and_copies_start_without_a_message(void **state)
{
    (void)state;
    herd_game *g = game_from_text(MIDGAME), *c, *d;
    alignas(max_align_t) static unsigned char memory[4096];
    assert_int_equal(herd_undo(g), HERD_E_STATE);
    assert_string_not_equal(herd_last_error(g), "");
    assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
    assert_string_equal(herd_last_error(c), "");
    assert_int_equal(herd_copy_into(g, memory, sizeof memory, &d), HERD_OK);
    assert_string_equal(herd_last_error(d), "");
    assert_int_equal(herd_copy_into(g, g, sizeof memory, &d), HERD_E_ARG);
    assert_int_equal(herd_copy_position(c, c), HERD_OK);
    assert_true(herd_same_position(c, g));
    herd_free(c);
    herd_free(g);
}

static void move_texts_are_only_those_that_read_back(void **state)
{
    (void)state;
    herd_game *g = game_from_text(MIDGAME);
    char text[HERD_MAX_MOVE_TEXT];
    size_t len;
    herd_move m, back;
    /* Column 127 is the last one a text can name; 128 cannot be read back. */
    m = herd_horses_move((herd_cell){0, 126}, (herd_cell){1, 124});
    assert_int_equal(herd_move_to_text(g, m, text, sizeof text, &len), HERD_OK);
    assert_string_equal(text, "a127-b125");
    assert_int_equal(herd_move_from_text(g, text, &back), HERD_OK);
    assert_true(back == m);
    m = herd_horses_move((herd_cell){0, 127}, (herd_cell){1, 125});
    assert_int_equal(herd_move_to_text(g, m, text, sizeof text, &len), HERD_E_ARG);
    /* A log line needs a move from a cell of the board to a horse. */
    char line[128];
    m = herd_horses_move((herd_cell){2, 2}, (herd_cell){4, 3}); /* c3-e4: e4 holds horse 1 */
    assert_int_equal(herd_horses_log_line(g, 1, m, line, sizeof line, &len), HERD_OK);
    assert_string_equal(line, "1. Green moved horse 1: c3 -> e4");
    m = herd_horses_move((herd_cell){-1, 2}, (herd_cell){4, 3}); /* from off the board */
    assert_int_equal(herd_horses_log_line(g, 1, m, line, sizeof line, &len), HERD_E_ARG);
    herd_free(g);
}

/* herd_hint() at the level that plays from the solution table (hare's
 * `perfect`) builds the handle's table when it has none and keeps it there,
 * for the hints, herd_solve() and herd_genmove() after it (herd.h,
 * docs/api.md "Memory"). */
static void a_perfect_hint_builds_the_table_that_every_call_after_uses(void **state)
{
    (void)state;
    test_alloc a;
    ta_init(&a);
    herd_game *g = NULL;
    assert_int_equal(herd_new("hare", NULL, ta_fn, &a, &g, NULL), HERD_OK);
    int perfect = 0;
    for (int level = 1; level <= herd_max_level(g); level++) {
        const char *name;
        assert_int_equal(herd_level_name(g, level, &name, NULL), HERD_OK);
        if (strcmp(name, "perfect") == 0)
            perfect = level;
    }
    assert_true(perfect > 0);
    herd_move first, m;
    for (long k = 1; k <= 2; k++) { /* one table, built by the first hint and kept */
        assert_int_equal(herd_hint(g, perfect, k == 1 ? &first : &m), HERD_OK);
        assert_int_equal(a.requests, 2);
        assert_int_equal(a.live_blocks, 2); /* the handle and its table */
    }
    assert_true(m == first);
    int winner;
    unsigned plies;
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_OK);
    assert_int_equal(a.requests, 2);
    assert_int_equal(a.live_blocks, 2);
    assert_int_equal(herd_hint(g, perfect, &m), HERD_OK);
    assert_true(m == first);
    assert_int_equal(herd_genmove(g, perfect, &m), HERD_OK);
    assert_true(m == first);
    assert_int_equal(a.requests, 2); /* the handle's table served them all */
    herd_free(g);
    assert_int_equal(a.live_blocks, 0);
}

/* The line of herd_show() after the board. */
static const char *last_line(const char *board)
{
    const char *nl = strrchr(board, '\n');
    return nl ? nl + 1 : board;
}

/* herd_side_name() with its first letter upper case. */
static void sentence_name(char *buf, size_t cap, const herd_game *g, int side)
{
    snprintf(buf, cap, "%s", herd_side_name(g, side));
    buf[0] = (char)toupper((unsigned char)buf[0]);
}

/* Side names are written lowercase, as herd_side_name() gives them, and
 * with a capital where they start a sentence (docs/api.md, "Side names"):
 * herd_show()'s last line of every game names the side to act so, and the
 * players' endings name the loser so and the winner in lowercase. */
static void show_starts_its_sentences_with_the_side_name_capitalised(void **state)
{
    (void)state;
    for (size_t i = 0; i < herd_game_count(); i++) {
        const char *name = herd_game_desc_at(i)->name;
        herd_game *g = game_new(name, NULL);
        char board[8192], want[64], winner[64];
        size_t len;
        assert_int_equal(herd_show(g, board, sizeof board, &len), HERD_OK);
        sentence_name(want, sizeof want, g, 0);
        if (strncmp(last_line(board), want, strlen(want)) != 0)
            print_error("%s: '%s' does not start with '%s'\n", name, last_line(board), want);
        assert_int_equal(strncmp(last_line(board), want, strlen(want)), 0);
        assert_int_equal(herd_end(g, HERD_REASON_RESIGNED, 0), HERD_OK);
        assert_int_equal(herd_show(g, board, sizeof board, &len), HERD_OK);
        /* The players' ending: the sentence of herd_result_text(), which
         * starts with the loser's name (after "The " where the game's sides
         * take an article). */
        assert_int_equal(herd_result_text(g, winner, sizeof winner, NULL), HERD_OK);
        assert_string_equal(last_line(board), winner);
        if (strncmp(winner, "The ", 4) == 0)
            assert_int_equal(strncmp(winner + 4, herd_side_name(g, 0), strlen(herd_side_name(g, 0))), 0);
        else
            assert_int_equal(strncmp(winner, want, strlen(want)), 0);
        herd_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strerror_is_nonempty_and_distinct_for_every_code),
        cmocka_unit_test(const_calls_set_no_message_and_the_code_says_why),
        cmocka_unit_test(version_matches_the_headers),
        cmocka_unit_test(version_serves_the_same_major_and_no_older_minor),
        cmocka_unit_test(reason_names_are_the_protocol_names),
        cmocka_unit_test(side_names_are_green_then_red),
        cmocka_unit_test(new_unknown_game_is_refused_with_a_message),
        cmocka_unit_test(new_game_has_the_documented_defaults),
        cmocka_unit_test(free_null_is_harmless),
        cmocka_unit_test(undo_with_nothing_to_undo_is_a_state_error),
        cmocka_unit_test(history_length_counts_the_moves_played),
        cmocka_unit_test(position_from_text_keeps_the_generator_going),
        cmocka_unit_test(horses_has_no_chance_events),
        cmocka_unit_test(genmove_level_out_of_range_is_refused),
        cmocka_unit_test(genmove_chooses_without_playing),
        cmocka_unit_test(play_genmove_plays_and_undo_restores_the_generator),
        cmocka_unit_test(genmove_after_the_game_ended_is_a_state_error),
        cmocka_unit_test(clone_is_equal_and_independent),
        cmocka_unit_test(same_position_ignores_history_but_not_turn_or_generator),
        cmocka_unit_test(copy_position_sets_the_position_and_clears_history),
        cmocka_unit_test(copy_into_caller_memory_plays_and_undoes_within_its_history),
        cmocka_unit_test(copy_into_too_small_memory_is_nomem),
        cmocka_unit_test(copy_into_misaligned_memory_is_refused),
        cmocka_unit_test(copy_into_memory_overlapping_the_source_is_refused),
        cmocka_unit_test(rng_below_rejects_the_uneven_top),
        cmocka_unit_test(rng_below_keeps_its_edges),
        cmocka_unit_test(perft_depth_zero_is_one_and_depth_over_64_is_refused),
        cmocka_unit_test(move_bounds_are_consistent),
        cmocka_unit_test(last_error_names_the_last_refusal),
        cmocka_unit_test(a_cell_no_text_names_is_written_as_its_herd_cell),
        cmocka_unit_test(same_position_ignores_the_number_of_actions_played),
        cmocka_unit_test(copy_size_that_does_not_fit_is_zero),
        cmocka_unit_test(clones_and_copies_start_without_a_message),
        cmocka_unit_test(move_texts_are_only_those_that_read_back),
        cmocka_unit_test(a_perfect_hint_builds_the_table_that_every_call_after_uses),
        cmocka_unit_test(show_starts_its_sentences_with_the_side_name_capitalised),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
