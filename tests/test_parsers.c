/* Bad input for every parser and every public function: malformed and
 * out-of-range options, position texts and move texts; NULL arguments;
 * caller buffers that are too small. Each answers with its error code and a
 * message, never a crash, and leaves the game as it was. */
#include "horses_model.h"
#include "test_games.h"

#include "fuzz/clean_text.h"

#include "herd/flock.h"
#include "herd/fox.h"
#include "herd/hare.h"
#include "herd/hex.h"

#include <limits.h>

static const char *const VALID = "horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4";

/* A game with some history, so that "unchanged" covers the history too. */
static herd_game *game_with_history(void)
{
    herd_game *g = new_game("w=10 h=9 n=6 seed=17");
    for (int i = 0; i < 3; i++)
        assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
    return g;
}

/* ------------------------------------------------------- herd_new options */

typedef struct option_case {
    const char *options;
    int code;
    const char *part;  /* the message must contain this (NULL: non-empty) */
    const char *part2; /* and this */
} option_case;

static void check_option_cases(const option_case *cases, size_t n)
{
    int failures = 0; /* every case runs, every mismatch is printed */
    for (size_t i = 0; i < n; i++) {
        test_alloc a;
        ta_init(&a);
        herd_game *sentinel = (herd_game *)(uintptr_t)0x4242, *g = sentinel;
        herd_error err = {12345, ""};
        int rc = herd_new("horses", cases[i].options, ta_fn, &a, &g, &err);
        int bad = rc != cases[i].code || err.code != rc || !err.message[0] ||
                  (cases[i].part && !strstr(err.message, cases[i].part)) ||
                  (cases[i].part2 && !strstr(err.message, cases[i].part2));
        if (bad) {
            print_error("options \"%s\": want %d '%s' '%s', got %d (err.code %d) '%s'\n",
                        cases[i].options, cases[i].code, cases[i].part ? cases[i].part : "",
                        cases[i].part2 ? cases[i].part2 : "", rc, err.code, err.message);
            failures++;
        }
        if (rc == HERD_OK)
            herd_free(g);
        else
            assert_ptr_equal(g, sentinel);
        assert_int_equal(a.live_blocks, 0);
        /* err may be NULL */
        g = sentinel;
        int rc2 = herd_new("horses", cases[i].options, NULL, NULL, &g, NULL);
        assert_int_equal(rc2, rc);
        if (rc2 == HERD_OK)
            herd_free(g);
        else
            assert_ptr_equal(g, sentinel);
    }
    assert_int_equal(failures, 0);
}

static void new_options_out_of_range_name_the_range(void **state)
{
    (void)state;
    static const option_case cases[] = {
        {"w=7", HERD_E_RANGE, "w=7 is out of range 8..30", NULL},
        {"w=31", HERD_E_RANGE, "w=31 is out of range 8..30", NULL},
        {"w=0", HERD_E_RANGE, "w=0 is out of range 8..30", NULL},
        {"h=7", HERD_E_RANGE, "h=7 is out of range 8..20", NULL},
        {"h=21", HERD_E_RANGE, "h=21 is out of range 8..20", NULL},
        {"n=3", HERD_E_RANGE, "n=3 is out of range 4..10", NULL},
        {"n=11", HERD_E_RANGE, "n=11 is out of range 4..10", NULL},
        {"w=18446744073709551615", HERD_E_RANGE, "w=18446744073709551615 is out of range 8..30",
         NULL},
        {"w=12 h=10 n=12 seed=3", HERD_E_RANGE, "n=12 is out of range 4..10", NULL},
        {"seed=5 h=99", HERD_E_RANGE, "h=99 is out of range 8..20", NULL},
        /* A whole number with a minus sign is below the range, not malformed. */
        {"w=-1", HERD_E_RANGE, "w=-1 is out of range 8..30", NULL},
        {"w=-8", HERD_E_RANGE, "w=-8 is out of range 8..30", NULL},
        {"seed=-1", HERD_E_RANGE, "seed=-1 is out of range 0..18446744073709551615", NULL},
        {"n=-99999999999999999999", HERD_E_RANGE, "n=-99999999999999999999 is out of range 4..10",
         NULL},
    };
    check_option_cases(cases, sizeof cases / sizeof cases[0]);
}

static void new_option_values_beyond_64_bits_are_out_of_range(void **state)
{
    (void)state;
    /* Well-formed numbers too big for 64 bits are values out of range, not
     * malformed text, and the message names the option's own range. */
    static const option_case cases[] = {
        {"seed=18446744073709551616", HERD_E_RANGE, "seed", "0..18446744073709551615"},
        {"w=99999999999999999999", HERD_E_RANGE, "w=", "8..30"},
    };
    check_option_cases(cases, sizeof cases / sizeof cases[0]);
}

static void new_unknown_option_keys_are_refused(void **state)
{
    (void)state;
    static const option_case cases[] = {
        {"colour=3", HERD_E_UNKNOWN, "colour", NULL},
        {"W=8", HERD_E_UNKNOWN, "W", NULL},
        {"size=5", HERD_E_UNKNOWN, "size", NULL}, /* a hex key, not a horses key */
        {"w=8 horses=4", HERD_E_UNKNOWN, "horses", NULL},
        {"averyveryverylongoptionkey=1", HERD_E_UNKNOWN, "averyveryvery", NULL},
    };
    check_option_cases(cases, sizeof cases / sizeof cases[0]);
}

static void new_malformed_options_are_parse_errors(void **state)
{
    (void)state;
    static const option_case cases[] = {
        {"w=8 w=9", HERD_E_PARSE, "w", NULL},
        {"seed=1 n=5 seed=1", HERD_E_PARSE, "seed", NULL},
        {"w=", HERD_E_PARSE, "8..30", NULL},
        {"w=x", HERD_E_PARSE, "w=x is not", "8..30"},
        {"w=08", HERD_E_PARSE, NULL, NULL},
        {"=5", HERD_E_PARSE, NULL, NULL},
        {"w", HERD_E_PARSE, NULL, NULL},
        {"w=8 junk", HERD_E_PARSE, NULL, NULL},
        {"w=8x", HERD_E_PARSE, NULL, NULL},
        {"w=8,h=8", HERD_E_PARSE, NULL, NULL},
        /* Minus signs that make no number: the text is at fault. */
        {"w=-", HERD_E_PARSE, "w=- is not a whole number in 8..30", NULL},
        {"w=-0", HERD_E_PARSE, "w=-0 is not a whole number in 8..30", NULL},
        {"w=-08", HERD_E_PARSE, "w=-08 is not", NULL},
        {"w=--8", HERD_E_PARSE, "w=--8 is not", NULL},
        {"w=-8x", HERD_E_PARSE, "w=-8x is not", NULL},
        {"w=8-", HERD_E_PARSE, "w=8- is not", NULL},
        {"w=+8", HERD_E_PARSE, NULL, NULL},
        {"w = 8", HERD_E_PARSE, NULL, NULL},
        {"w=8.0", HERD_E_PARSE, NULL, NULL},
        {"w==8", HERD_E_PARSE, NULL, NULL},
        /* A malformed value is named with the option's range, as protocol.md asks. */
        {"seed=abc", HERD_E_PARSE, "seed=abc is not a whole number", "0..18446744073709551615"},
        {"n=four", HERD_E_PARSE, "n=four", "4..10"},
    };
    check_option_cases(cases, sizeof cases / sizeof cases[0]);
}

static void new_accepts_every_boundary_value(void **state)
{
    (void)state;
    static const struct {
        const char *options;
        int w, h, n;
    } cases[] = {
        {"w=8", 8, 8, 6},     {"w=30 h=20 n=10", 30, 20, 10},
        {"h=8 n=4", 8, 8, 4}, {"seed=18446744073709551615", 8, 8, 6},
        {"seed=0", 8, 8, 6},  {"seed=3 n=5 h=9 w=10", 10, 9, 5},
        {"n=10", 8, 8, 10},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = new_game(cases[i].options);
        herd_horses_options o = HERD_HORSES_OPTIONS_INIT;
        assert_int_equal(herd_horses_options_of(g, &o), HERD_OK);
        assert_int_equal(o.width, cases[i].w);
        assert_int_equal(o.height, cases[i].h);
        assert_int_equal(o.horses, cases[i].n);
        herd_free(g);
    }
    /* The seed goes through all 64 bits: these two differ only in the top bit. */
    herd_game *a = new_game("seed=1"), *b = new_game("seed=9223372036854775809");
    assert_false(herd_same_position(a, b));
    herd_free(a);
    herd_free(b);
}

/* ----------------------------------------------------- typed options */

typedef struct typed_case {
    int w, h, n;
    const char *part;
    const char *part2;
} typed_case;

static void check_typed_cases(const typed_case *cases, size_t count)
{
    int failures = 0; /* every case runs, every mismatch is printed */
    for (size_t i = 0; i < count; i++) {
        herd_horses_options o;
        herd_horses_options_init(&o, HERD_HORSES_OPTIONS_VERSION);
        o.width = cases[i].w;
        o.height = cases[i].h;
        o.horses = cases[i].n;
        herd_game *sentinel = (herd_game *)(uintptr_t)0x4243, *g = sentinel;
        herd_error err = {0, ""};
        test_alloc a;
        ta_init(&a);
        int rc = herd_horses_new(&o, ta_fn, &a, &g, &err);
        if (rc != HERD_E_RANGE || err.code != rc || !strstr(err.message, cases[i].part) ||
            (cases[i].part2 && !strstr(err.message, cases[i].part2))) {
            print_error("typed w=%d h=%d n=%d: want '%s', got %d '%s'\n", o.width, o.height,
                        o.horses, cases[i].part, rc, err.message);
            failures++;
        }
        if (rc == HERD_OK)
            herd_free(g);
        else
            assert_ptr_equal(g, sentinel);
        assert_int_equal(a.live_blocks, 0);
    }
    assert_int_equal(failures, 0);
}

static void horses_new_out_of_range_options_name_the_range(void **state)
{
    (void)state;
    static const typed_case cases[] = {
        {7, 8, 6, "w=7 is out of range 8..30", NULL},
        {31, 8, 6, "w=31 is out of range 8..30", NULL},
        {INT_MAX, 8, 6, "8..30", NULL},
        {8, 7, 6, "h=7 is out of range 8..20", NULL},
        {8, 21, 6, "h=21 is out of range 8..20", NULL},
        {8, 8, 3, "n=3 is out of range 4..10", NULL},
        {8, 8, 11, "n=11 is out of range 4..10", NULL},
        {0, 0, 0, "w=0 is out of range 8..30", NULL},
        /* Negative values are refused as out of range. */
        {-1, 8, 6, "8..30", NULL},
        {8, -5, 6, "8..20", NULL},
        {8, 8, -3, "4..10", NULL},
        {INT_MIN, 8, 6, "8..30", NULL},
    };
    check_typed_cases(cases, sizeof cases / sizeof cases[0]);
}

static void horses_new_negative_option_is_named_as_given(void **state)
{
    (void)state;
    /* The message says what the caller passed, not its 64-bit wrap-around
     * ("w=18446744073709551615"). */
    static const typed_case cases[] = {
        {-1, 8, 6, "w=-1 is out of range 8..30", NULL},
        {8, -5, 6, "h=-5 is out of range 8..20", NULL},
        {8, 8, -3, "n=-3 is out of range 4..10", NULL},
        {INT_MIN, 8, 6, "w=-2147483648 is out of range 8..30", NULL},
    };
    check_typed_cases(cases, sizeof cases / sizeof cases[0]);
}

/* ------------------------------------------------------ position texts */

typedef struct position_case {
    const char *text;
    int code, alt; /* the code; alt another acceptable one (0: none) */
    const char *part, *part2;
} position_case;

static void position_texts_are_refused_and_change_nothing(void **state)
{
    (void)state;
    static const position_case cases[] = {
        /* malformed */
        {"", HERD_E_PARSE, 0, NULL, NULL},
        {"horses", HERD_E_PARSE, 0, NULL, NULL},
        {"horses h=8 w=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 green=a1,b3,c1,c5 red=h8,g6,f8,h4 turn=green", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green red=h8,g6,f8,h4 green=a1,b3,c1,c5", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL, NULL},
        {"horses w=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL, NULL},
        {"horses h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL, NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,c5", HERD_E_PARSE, 0, NULL, NULL},
        {"horses w=8 h=8 turn=green red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL, NULL},
        {"horses w=8 h=8 turn=green green= red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL, NULL},
        {"hex w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL, NULL},
        {"Horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=blue green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL, NULL},
        {"horses w=8 h=8 turn=Green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn= green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL, NULL},
        {"horses w=8 h=8 turn=greenred green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4 ", HERD_E_PARSE, 0, NULL,
         NULL},
        {" horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses  w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green  green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4\n", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,c5, red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a1,,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a1 b3 c1 c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a0,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=A1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a01,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=1a,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a-1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=08 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=-8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w=8.0 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL,
         NULL},
        {"horses w= h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_PARSE, 0, NULL, NULL},
        /* well-formed, against the rules */
        {"horses w=7 h=8 turn=green green=a1,b3,c1,c5 red=h7,g5,f7,h3", HERD_E_POSITION, 0,
         "w=7 is out of range 8..30", NULL},
        {"horses w=31 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_POSITION, 0,
         "w=31 is out of range 8..30", NULL},
        {"horses w=0 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_POSITION, 0, "w=0",
         NULL},
        {"horses w=8 h=7 turn=green green=a1,b3,c1,c5 red=g8,f6,e8,g4", HERD_E_POSITION, 0,
         "h=7 is out of range 8..20", NULL},
        {"horses w=8 h=21 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_POSITION, 0,
         "h=21 is out of range 8..20", NULL},
        {"horses w=1000 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4", HERD_E_POSITION,
         HERD_E_PARSE, NULL, NULL},
        {"horses w=8 h=8 turn=green green=a1 red=h8", HERD_E_POSITION, 0,
         "1 horse a side is out of range 4..10", NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1 red=h8,g6,f8", HERD_E_POSITION, 0,
         "3 horses a side is out of range 4..10", NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,b3 red=h8,g6,f8,h4", HERD_E_POSITION, 0, "b3",
         NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=c5,e6,g7,h5", HERD_E_POSITION, 0, "c5",
         NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,h1 red=h8,g6,f8,h4", HERD_E_POSITION, 0,
         "not together", "green"},
        {"horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,f8,a8", HERD_E_POSITION, 0,
         "not together", "red"},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,i2 red=h8,g6,f8,h4", HERD_E_POSITION, 0,
         "i2 is off the board", NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h10", HERD_E_POSITION, 0,
         "h10 is off the board", NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,z4", HERD_E_POSITION, 0,
         "z4 is off the board", NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4,e5", HERD_E_POSITION, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1,c5,d3 red=h8,g6,f8,h4", HERD_E_POSITION, 0, NULL,
         NULL},
        {"horses w=8 h=8 turn=green green=a1,b3,c1 red=h8,g6,f8", HERD_E_POSITION, 0, "4..10",
         NULL},
        {"horses w=12 h=12 turn=green green=a1,b3,c1,c5,d3,d7,e1,e5,f3,f7,g5 "
         "red=l12,k10,j12,j8,i10,i6,h12,h8,g10,g6,f8",
         HERD_E_POSITION, HERD_E_PARSE, NULL, NULL},
        {"horses w=12 h=12 turn=green green=a1,b3,c1,c5,d3,d7,e1,e5,f3,f7,g5,h3 "
         "red=l12,k10,j12,j8,i10,i6,h12,h8,g10,g6,f8,e10",
         HERD_E_POSITION, HERD_E_PARSE, NULL, NULL},
        {"horses w=8 h=8 turn=green green=h8,g6,e5,f3 red=a1,b3,c1,c5", HERD_E_POSITION, 0, "both",
         NULL},
    };
    herd_game *g = game_with_history();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snapshot s;
        snap_take(&s, g);
        int rc = herd_position_from_text(g, cases[i].text);
        const char *msg = herd_last_error(g);
        int ok = (rc == cases[i].code || (cases[i].alt && rc == cases[i].alt)) && msg[0] &&
                 (!cases[i].part || strstr(msg, cases[i].part)) &&
                 (!cases[i].part2 || strstr(msg, cases[i].part2));
        if (!ok)
            print_error("case %zu \"%s\": want %d '%s', got %d '%s'\n", i, cases[i].text,
                        cases[i].code, cases[i].part ? cases[i].part : "", rc, msg);
        assert_true(ok);
        snap_check(&s, g);
    }
    herd_free(g);
}

static void position_texts_within_the_rules_are_accepted(void **state)
{
    (void)state;
    static const char *const texts[] = {
        VALID,
        "horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,f8,h4",
        "horses w=30 h=20 turn=green green=a1,b3,c1,c5 red=t30,r29,t28,p28",
        "horses w=12 h=12 turn=green green=a1,b3,c1,c5,d3,d7,e1,e5,f3,f7 "
        "red=l12,k10,j12,j8,i10,i6,h12,h8,g10,g6",
        /* one side on its target corner: an ended game, accepted */
        "horses w=8 h=8 turn=red green=h8,g6,e5,f3 red=b1,c3,a4,b5",
    };
    herd_game *g = game_with_history();
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char out[TEXT_CAP];
        int rc = herd_position_from_text(g, texts[i]);
        if (rc != HERD_OK)
            print_error("\"%s\" refused: %s\n", texts[i], herd_last_error(g));
        assert_int_equal(rc, HERD_OK);
        position_text(g, out);
        assert_string_equal(out, texts[i]);
        assert_int_equal(herd_history_length(g), 0);
    }
    herd_free(g);
}

/* Random edits of valid texts: never a crash; a refusal changes nothing;
 * an accepted text is a position within the rules that prints back. */
static void position_parser_survives_mutated_texts(void **state)
{
    (void)state;
    static const char alphabet[] = "horseswhturngdb=,. 0123456789-az";
    test_rng rng;
    trng_seed(&rng, 555);
    herd_game *g = game_with_history();
    int accepted = 0;
    for (int k = 0; k < 4000; k++) {
        ref_pos p;
        char text[TEXT_CAP + 64];
        int w = 8 + (int)trng_below(&rng, 23), h = 8 + (int)trng_below(&rng, 13);
        ref_random_position(&rng, w, h, 4 + (int)trng_below(&rng, 7), &p);
        ref_text(&p, text);
        size_t len = strlen(text);
        int edits = 1 + (int)trng_below(&rng, 3);
        for (int e = 0; e < edits; e++) {
            size_t at = trng_below(&rng, (unsigned)len);
            char c = alphabet[trng_below(&rng, sizeof alphabet - 1)];
            switch (trng_below(&rng, 4)) {
            case 0: /* replace */
                text[at] = c;
                break;
            case 3: /* a digit for another: the syntax often survives */
                if (text[at] >= '0' && text[at] <= '9')
                    text[at] = (char)('0' + trng_below(&rng, 10));
                break;
            case 1: /* delete */
                memmove(text + at, text + at + 1, len - at);
                len--;
                break;
            default: /* insert */
                memmove(text + at + 1, text + at, len - at + 1);
                text[at] = c;
                len++;
                break;
            }
        }
        snapshot s;
        snap_take(&s, g);
        int rc = herd_position_from_text(g, text);
        if (rc != HERD_OK) {
            assert_true(rc == HERD_E_PARSE || rc == HERD_E_POSITION);
            assert_true(herd_last_error(g)[0] != '\0');
            snap_check(&s, g);
            continue;
        }
        herd_free(s.clone);
        accepted++;
        ref_pos q;
        char out[TEXT_CAP];
        ref_from_game(g, &q);
        position_text(g, out);
        assert_string_equal(out, text);
        assert_true(q.w >= 8 && q.w <= 30 && q.h >= 8 && q.h <= 20 && q.n >= 4 && q.n <= 10);
        assert_true(ref_together(&q, 0) && ref_together(&q, 1));
        for (int a = 0; a < 2 * q.n; a++) {
            int ar = q.r[a / q.n][a % q.n], ac = q.c[a / q.n][a % q.n];
            assert_true(ar >= 0 && ar < q.h && ac >= 0 && ac < q.w);
            for (int b = a + 1; b < 2 * q.n; b++)
                assert_false(ar == q.r[b / q.n][b % q.n] && ac == q.c[b / q.n][b % q.n]);
        }
        check_status_matches_model(g, &q);
        check_legal_matches_model(g, &q);
        /* Back to a game with history for the next round. */
        herd_free(g);
        g = game_with_history();
    }
    if (accepted <= 200)
        print_error("only %d mutated texts accepted\n", accepted);
    assert_true(accepted > 200); /* some edits keep a legal position */
    herd_free(g);
}

/* ----------------------------------------------------------- move texts */

static void malformed_move_texts_are_parse_errors(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "",       "a1",       "a1-",    "a1b3",   "a0-b2",   "A1-B3", "a1-b3 ", "a01-b3", " a1-b3",
        "a1--b3", "a1-b3-c5", "a1_b3",  "-b3",    "a256-b3", "a1-b",  "1-2",    "aa1-b3", "a1-b3\n",
        "a1-b03", "a1 -b3",   "a-1-b3", "a1-b+3", "a1-b3,",  "-",     "a1-b0",  "{1-b3",  "a1-|3",
    };
    herd_game *g = game_with_history();
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        herd_move m = 0x5151;
        snapshot s;
        snap_take(&s, g);
        int rc = herd_move_from_text(g, texts[i], &m);
        if (rc != HERD_E_PARSE)
            print_error("move text \"%s\": got %d\n", texts[i], rc);
        assert_int_equal(rc, HERD_E_PARSE);
        assert_true(m == 0x5151);
        assert_true(herd_last_error(g)[0] != '\0');
        snap_check(&s, g);
    }
    herd_free(g);
}

/* The k-th of the eight ways to put one blank (space, tab, CR, LF) around
 * `text`: before it for even k, after it for odd k. */
#define BLANKED_WAYS 8
static void blanked(char *buf, size_t cap, const char *text, int k)
{
    static const char blanks[] = " \t\r\n";
    if (k % 2)
        snprintf(buf, cap, "%s%c", text, blanks[k / 2]);
    else
        snprintf(buf, cap, "%c%s", blanks[k / 2], text);
}

/* A move text with a blank (space, tab, CR, LF) before or after it, as a
 * line read with its newline, is refused in every game with a message that
 * says so, and nothing changes; the text alone reads. */
static void move_texts_with_blanks_around_are_refused_in_every_game(void **state)
{
    (void)state;
    for (size_t gi = 0; gi < herd_game_count(); gi++) {
        herd_game *g = game_new(herd_game_desc_at(gi)->name, NULL);
        herd_move moves[HERD_MAX_MOVES], m;
        size_t n, len;
        int rc = herd_is_chance(g) ? herd_chance_outcomes(g, moves, NULL, HERD_MAX_MOVES, &n)
                                   : herd_legal_moves(g, moves, HERD_MAX_MOVES, &n);
        assert_int_equal(rc, HERD_OK);
        assert_true(n > 0);
        char text[HERD_MAX_MOVE_TEXT], padded[HERD_MAX_MOVE_TEXT + 2];
        assert_int_equal(herd_move_to_text(g, moves[0], text, sizeof text, &len), HERD_OK);
        for (int k = 0; k < BLANKED_WAYS; k++) {
            blanked(padded, sizeof padded, text, k);
            snapshot s;
            snap_take(&s, g);
            m = 0x5151;
            rc = herd_move_from_text(g, padded, &m);
            if (rc != HERD_E_PARSE || !strstr(herd_last_error(g), "no blanks around it"))
                print_error("%s '%s': %d '%s'\n", herd_game_name(g), padded, rc,
                            herd_last_error(g));
            assert_int_equal(rc, HERD_E_PARSE);
            assert_non_null(strstr(herd_last_error(g), "a move text has no blanks around it"));
            assert_true(m == 0x5151);
            snap_check(&s, g);
        }
        assert_int_equal(herd_move_from_text(g, text, &m), HERD_OK);
        assert_true(m == moves[0]);
        herd_free(g);
    }
    /* The message quotes the text as given, its newline escaped. */
    herd_game *g = game_with_history();
    herd_move m;
    assert_int_equal(herd_move_from_text(g, "a1-b3\r\n", &m), HERD_E_PARSE);
    assert_string_equal(herd_last_error(g),
                        "'a1-b3\\r\\n': a move text has no blanks around it (space, tab, CR, LF)");
    herd_free(g);
}

/* A position text with a blank before or after it is refused the same way
 * in every game, the game unchanged; the text alone reads. */
static void position_texts_with_blanks_around_are_refused_in_every_game(void **state)
{
    (void)state;
    for (size_t gi = 0; gi < herd_game_count(); gi++) {
        herd_game *g = game_new(herd_game_desc_at(gi)->name, NULL);
        char text[HERD_MAX_POSITION_TEXT], padded[HERD_MAX_POSITION_TEXT + 2];
        assert_int_equal(herd_position_to_text(g, text, sizeof text, NULL), HERD_OK);
        for (int k = 0; k < BLANKED_WAYS; k++) {
            blanked(padded, sizeof padded, text, k);
            snapshot s;
            snap_take(&s, g);
            int rc = herd_position_from_text(g, padded);
            if (rc != HERD_E_PARSE || !strstr(herd_last_error(g), "no blanks around it"))
                print_error("%s '%s': %d '%s'\n", herd_game_name(g), padded, rc,
                            herd_last_error(g));
            assert_int_equal(rc, HERD_E_PARSE);
            assert_non_null(strstr(herd_last_error(g), "a position text has no blanks around it"));
            snap_check(&s, g);
        }
        assert_int_equal(herd_position_from_text(g, text), HERD_OK);
        herd_free(g);
    }
}

static void move_texts_read_cells_by_row_letter_and_column_number(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int fr, fc, tr, tc;
    } cases[] = {
        {"a1-b3", 0, 0, 1, 2}, {"t30-r29", 19, 29, 17, 28},
        {"d5-f4", 3, 4, 5, 3}, {"z127-a1", 25, 126, 0, 0}, /* syntax only: not on any board */
        {"b1-b1", 1, 0, 1, 0},                             /* syntax only: not a knight's move */
    };
    herd_game *g = new_game(NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_move m = 0;
        herd_cell a, b;
        char out[HERD_MAX_MOVE_TEXT];
        size_t len;
        assert_int_equal(herd_move_from_text(g, cases[i].text, &m), HERD_OK);
        herd_horses_move_cells(m, &a, &b);
        assert_int_equal(a.row, cases[i].fr);
        assert_int_equal(a.col, cases[i].fc);
        assert_int_equal(b.row, cases[i].tr);
        assert_int_equal(b.col, cases[i].tc);
        assert_true(m == move_of(cases[i].fr, cases[i].fc, cases[i].tr, cases[i].tc));
        assert_int_equal(herd_move_to_text(g, m, out, sizeof out, &len), HERD_OK);
        assert_string_equal(out, cases[i].text);
    }
    herd_free(g);
}

static void move_to_text_refuses_moves_of_no_game(void **state)
{
    (void)state;
    herd_game *g = new_game(NULL);
    char out[HERD_MAX_MOVE_TEXT] = "untouched";
    size_t len = 777;
    /* Bits above the horses' encoding, and rows past z. */
    assert_int_equal(herd_move_to_text(g, (herd_move)1 << 40, out, sizeof out, &len), HERD_E_ARG);
    assert_int_equal(herd_move_to_text(g, move_of(26, 0, 0, 0), out, sizeof out, &len), HERD_E_ARG);
    assert_int_equal(herd_move_to_text(g, move_of(0, 0, 200, 0), out, sizeof out, &len),
                     HERD_E_ARG);
    assert_string_equal(out, "untouched");
    herd_free(g);
}

/* Whether m's text, if the game writes one, reads back as m; counts the
 * values written. */
static void check_move_round_trip(herd_game *g, herd_move m, long *written)
{
    char text[HERD_MAX_MOVE_TEXT];
    size_t len;
    herd_move back = ~m;
    int rc = herd_move_to_text(g, m, text, sizeof text, &len);
    if (rc != HERD_OK) {
        assert_int_equal(rc, HERD_E_ARG);
        return;
    }
    (*written)++;
    rc = herd_move_from_text(g, text, &back);
    if (rc != HERD_OK || back != m)
        print_error("%s: %#llx is written '%s', which reads back as %d %#llx\n", herd_game_name(g),
                    (unsigned long long)m, text, rc, (unsigned long long)back);
    assert_int_equal(rc, HERD_OK);
    assert_true(back == m);
}

/* Cell coordinates the builders are given in the families below: the ends
 * of every board and of every encoding. */
static const int EDGE[] = {INT_MIN, -129, -128, -1, 0,  1,  2,   6,   7,   8,
                           12,      13,   19,   25, 26, 30, 126, 127, 128, INT_MAX};
#define EDGES (sizeof EDGE / sizeof EDGE[0])

/* Every value that a game's builders can make (cells at the ends of every
 * board and encoding, every hex kind, die and cell byte), single bits off
 * legal actions, and random values: herd_move_to_text() either refuses one
 * (HERD_E_ARG) or writes a text that herd_move_from_text() reads back as
 * the same value. */
static void move_texts_read_back_as_the_value_written(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 23);
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *g = case_new(c, NULL, NULL);
        long written = 0;
        for (size_t a = 0; a < EDGES; a++)
            for (size_t b = 0; b < EDGES; b++)
                for (size_t c = 0; c < EDGES; c++)
                    for (size_t d = 0; d < EDGES; d++) {
                        herd_cell from = {EDGE[a], EDGE[b]}, to = {EDGE[c], EDGE[d]};
                        herd_move built[] = {herd_horses_move(from, to), herd_hare_move(from, to),
                                             herd_fox_step(from, to), herd_fox_jump(from, to),
                                             herd_flock_move(from, to)};
                        for (size_t i = 0; i < sizeof built / sizeof built[0]; i++)
                            check_move_round_trip(g, built[i], &written);
                    }
        check_move_round_trip(g, herd_fox_stop(), &written);
        for (int a = -1; a <= 256; a++)
            for (int b = -1; b <= 256; b++) {
                herd_cell cell = {a, b};
                check_move_round_trip(g, herd_hex_dice_move(a, b), &written);
                check_move_round_trip(g, herd_hex_remove_move(cell), &written);
                check_move_round_trip(g, herd_hex_place_move(cell), &written);
            }
        for (uint64_t kind = 0; kind < 8; kind++) /* kinds that no builder makes */
            check_move_round_trip(g, kind << 16 | 0x0101, &written);
        herd_move moves[HERD_MAX_MOVES];
        size_t n;
        assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
        for (size_t i = 0; i < n; i++)
            for (int bit = 0; bit < 64; bit++)
                check_move_round_trip(g, moves[i] ^ (herd_move)1 << bit, &written);
        for (int i = 0; i < 100000; i++) {
            herd_move r = trng_next(&rng);
            check_move_round_trip(g, r, &written);
            check_move_round_trip(g, r & 0xffffffffu, &written);
            check_move_round_trip(g, r & 0xffffff, &written);
        }
        assert_true(written >= (long)n); /* the round trips were not all refusals */
        herd_free(g);
    }
}

/* ----------------------------------------------------------- NULL arguments */

static void null_arguments_are_refused_without_a_crash(void **state)
{
    (void)state;
    herd_game *g = game_with_history(), *out = NULL;
    herd_error err = {0, ""};
    herd_horses_options o;
    herd_status st;
    herd_move m = move_of(0, 0, 1, 2), buf[HERD_MAX_MOVES];
    char text[TEXT_CAP];
    size_t n = 0;
    uint64_t nodes;
    herd_cell cell = {0, 0};
    herd_horses_line lines[HERD_HORSES_MAX_LINES];
    int d, parts;
    static _Alignas(max_align_t) unsigned char mem[1 << 14];
    snapshot s;
    snap_take(&s, g);

    assert_int_equal(herd_new("horses", NULL, NULL, NULL, NULL, &err), HERD_E_ARG);
    assert_int_equal(err.code, HERD_E_ARG);
    assert_int_equal(herd_new(NULL, NULL, NULL, NULL, &out, &err), HERD_E_ARG);
    assert_null(out);
    herd_horses_options_init(&o, HERD_HORSES_OPTIONS_VERSION);
    assert_int_equal(herd_horses_new(&o, NULL, NULL, NULL, &err), HERD_E_ARG);
    assert_int_equal(err.code, HERD_E_ARG);
    assert_null(out);
    /* No options means the defaults, as for every typed creation. */
    assert_int_equal(herd_horses_new(NULL, NULL, NULL, &out, NULL), HERD_OK);
    assert_int_equal(herd_horses_options_of(out, &o), HERD_OK);
    assert_int_equal(o.width, HERD_HORSES_DEFAULT_WIDTH);
    assert_int_equal(o.horses, HERD_HORSES_DEFAULT_HORSES);
    herd_free(out);
    out = NULL;
    herd_free(NULL);
    herd_horses_default_options(NULL);
    herd_horses_move_cells(m, NULL, NULL);

    assert_int_equal(herd_game_kind(NULL), 0);
    assert_null(herd_game_name(NULL));
    assert_non_null(herd_last_error(NULL));
    assert_null(herd_side_name(NULL, 0));
    assert_int_equal(herd_max_moves(NULL), 0);
    assert_int_equal(herd_max_level(NULL), 0);
    assert_int_equal(herd_history_length(NULL), 0);
    assert_int_equal(herd_state_size(NULL), 0);
    assert_int_equal(herd_copy_size(NULL, 4), 0);
    assert_false(herd_is_legal(NULL, m));
    assert_false(herd_is_chance(NULL));
    assert_false(herd_same_position(NULL, NULL));
    assert_false(herd_same_position(g, NULL));

    assert_int_equal(herd_legal_moves(NULL, buf, HERD_MAX_MOVES, &n), HERD_E_ARG);
    assert_int_equal(herd_legal_moves(g, NULL, 5, &n), HERD_E_ARG);
    assert_int_equal(herd_apply(NULL, m), HERD_E_ARG);
    assert_int_equal(herd_undo(NULL), HERD_E_ARG);
    assert_int_equal(herd_get_status(NULL, &st), HERD_E_ARG);
    assert_int_equal(herd_get_status(g, NULL), HERD_E_ARG);
    assert_int_equal(herd_position_to_text(NULL, text, sizeof text, &n), HERD_E_ARG);
    assert_int_equal(herd_position_to_text(g, NULL, 10, &n), HERD_E_ARG);
    assert_int_equal(herd_position_from_text(NULL, VALID), HERD_E_ARG);
    assert_int_equal(herd_position_from_text(g, NULL), HERD_E_ARG);
    assert_int_equal(herd_move_to_text(NULL, m, text, sizeof text, &n), HERD_E_ARG);
    assert_int_equal(herd_move_to_text(g, m, NULL, 10, &n), HERD_E_ARG);
    assert_int_equal(herd_move_from_text(NULL, "a1-b3", &m), HERD_E_ARG);
    assert_int_equal(herd_move_from_text(g, NULL, &m), HERD_E_ARG);
    assert_int_equal(herd_move_from_text(g, "a1-b3", NULL), HERD_E_ARG);
    assert_int_equal(herd_show(NULL, text, sizeof text, &n), HERD_E_ARG);
    assert_int_equal(herd_show(g, NULL, 10, &n), HERD_E_ARG);
    assert_int_equal(herd_chance_outcomes(NULL, buf, NULL, HERD_MAX_MOVES, &n), HERD_E_ARG);
    assert_int_equal(herd_roll(NULL, &m), HERD_E_ARG);
    assert_int_equal(herd_genmove(NULL, 0, &m), HERD_E_ARG);
    assert_int_equal(herd_genmove(g, 0, NULL), HERD_E_ARG);
    assert_int_equal(herd_play_genmove(NULL, 0, &m), HERD_E_ARG);
    assert_int_equal(herd_perft(NULL, 1, &nodes), HERD_E_ARG);
    assert_int_equal(herd_perft(g, 1, NULL), HERD_E_ARG);
    assert_int_equal(herd_clone(NULL, NULL, NULL, &out), HERD_E_ARG);
    assert_int_equal(herd_clone(g, NULL, NULL, NULL), HERD_E_ARG);
    assert_null(out);
    assert_int_equal(herd_copy_into(NULL, mem, sizeof mem, &out), HERD_E_ARG);
    assert_int_equal(herd_copy_into(g, NULL, sizeof mem, &out), HERD_E_ARG);
    assert_int_equal(herd_copy_into(g, mem, sizeof mem, NULL), HERD_E_ARG);
    assert_null(out);
    assert_int_equal(herd_copy_position(NULL, g), HERD_E_ARG);
    assert_int_equal(herd_copy_position(g, NULL), HERD_E_ARG);

    assert_int_equal(herd_horses_options_of(NULL, &o), HERD_E_ARG);
    assert_int_equal(herd_horses_options_of(g, NULL), HERD_E_ARG);
    assert_int_equal(herd_horses_horse(NULL, 0, 1, &cell), HERD_E_ARG);
    assert_int_equal(herd_horses_horse(g, 0, 1, NULL), HERD_E_ARG);
    assert_int_equal(herd_horses_horse(g, 2, 1, &cell), HERD_E_ARG);
    assert_int_equal(herd_horses_horse(g, -1, 1, &cell), HERD_E_ARG);
    assert_int_equal(herd_horses_horse(g, 0, 0, &cell), HERD_E_ARG);
    assert_int_equal(herd_horses_horse(g, 0, 7, &cell), HERD_E_ARG); /* n = 6 */
    assert_int_equal(herd_horses_at(NULL, cell, &d, &parts), HERD_E_ARG);
    assert_int_equal(herd_horses_at(g, (herd_cell){-1, 0}, &d, &parts), HERD_E_ARG);
    assert_int_equal(herd_horses_at(g, (herd_cell){0, -1}, &d, &parts), HERD_E_ARG);
    assert_int_equal(herd_horses_at(g, (herd_cell){9, 0}, &d, &parts), HERD_E_ARG);  /* h = 9 */
    assert_int_equal(herd_horses_at(g, (herd_cell){0, 10}, &d, &parts), HERD_E_ARG); /* w = 10 */
    assert_int_equal(herd_horses_at(g, (herd_cell){8, 9}, NULL, NULL), HERD_OK);
    int together = -1;
    assert_int_equal(herd_horses_together(NULL, 0, &together), HERD_E_ARG);
    assert_int_equal(herd_horses_together(g, 2, &together), HERD_E_ARG);
    assert_int_equal(herd_horses_together(g, -1, &together), HERD_E_ARG);
    assert_int_equal(herd_horses_together(g, 0, NULL), HERD_E_ARG);
    assert_int_equal(together, -1);
    assert_int_equal(herd_horses_lines(NULL, 0, lines, HERD_HORSES_MAX_LINES, &n), HERD_E_ARG);
    assert_int_equal(herd_horses_lines(g, 2, lines, HERD_HORSES_MAX_LINES, &n), HERD_E_ARG);
    assert_int_equal(herd_horses_lines(g, 0, NULL, 5, &n), HERD_E_ARG);
    assert_int_equal(herd_horses_progress(NULL, 0, &d, &parts), HERD_E_ARG);
    assert_int_equal(herd_horses_progress(g, 2, &d, &parts), HERD_E_ARG);
    assert_int_equal(herd_horses_progress(g, -1, &d, &parts), HERD_E_ARG);
    assert_int_equal(herd_horses_log_line(NULL, 1, m, text, sizeof text, &n), HERD_E_ARG);
    assert_int_equal(herd_horses_log_line(g, 1, m, NULL, 10, &n), HERD_E_ARG);
    /* A move whose target is off the board or empty has no log line. */
    assert_int_equal(herd_horses_log_line(g, 1, move_of(0, 0, 40, 40), text, sizeof text, &n),
                     HERD_E_ARG);

    snap_check(&s, g);
    herd_free(g);
}

/* ----------------------------------------------------------- small buffers */

static void legal_moves_with_a_small_buffer_report_the_count(void **state)
{
    (void)state;
    herd_game *g = game_with_history();
    herd_move buf[HERD_MAX_MOVES];
    size_t need = legal_count(g), n = 0;
    assert_true(need >= 2);
    for (size_t i = 0; i < HERD_MAX_MOVES; i++)
        buf[i] = 0xABABABAB;
    assert_int_equal(herd_legal_moves(g, buf, need - 1, &n), HERD_E_BUFFER);
    assert_int_equal(n, need);
    for (size_t i = 0; i < HERD_MAX_MOVES; i++)
        assert_true(buf[i] == 0xABABABAB);
    n = 0;
    assert_int_equal(herd_legal_moves(g, NULL, 0, &n), HERD_E_BUFFER);
    assert_int_equal(n, need);
    assert_int_equal(herd_legal_moves(g, buf, need, &n), HERD_OK);
    assert_int_equal(n, need);
    assert_true(buf[need] == 0xABABABAB); /* nothing past the count */
    /* An ended game has none, and a NULL buffer of capacity 0 is fine. */
    herd_game *over = game_from_text("horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,f8,h4");
    n = 99;
    assert_int_equal(herd_legal_moves(over, NULL, 0, &n), HERD_OK);
    assert_int_equal(n, 0);
    herd_free(over);
    herd_free(g);
}

typedef int (*text_fn)(const herd_game *g, void *arg, char *buf, size_t cap, size_t *len);

static int call_position(const herd_game *g, void *arg, char *buf, size_t cap, size_t *len)
{
    (void)arg;
    return herd_position_to_text(g, buf, cap, len);
}

static int call_show(const herd_game *g, void *arg, char *buf, size_t cap, size_t *len)
{
    (void)arg;
    return herd_show(g, buf, cap, len);
}

static int call_move(const herd_game *g, void *arg, char *buf, size_t cap, size_t *len)
{
    return herd_move_to_text(g, *(herd_move *)arg, buf, cap, len);
}

static int call_log(const herd_game *g, void *arg, char *buf, size_t cap, size_t *len)
{
    return herd_horses_log_line(g, 12, *(herd_move *)arg, buf, cap, len);
}

/* A text function: the size query, every too-small capacity, the exact fit. */
static void check_text_buffer(const char *name, const herd_game *g, text_fn fn, void *arg)
{
    char full[8192], buf[8192];
    size_t need = 0, len = 0;
    assert_int_equal(fn(g, arg, full, sizeof full, &need), HERD_OK);
    assert_int_equal(strlen(full), need);
    assert_true(need > 0);
    len = 1;
    assert_int_equal(fn(g, arg, NULL, 0, &len), HERD_E_BUFFER);
    assert_int_equal(len, need);
    for (size_t cap = 1; cap <= need; cap++) {
        memset(buf, 'x', sizeof buf);
        len = 0;
        int rc = fn(g, arg, buf, cap, &len);
        if (rc != HERD_E_BUFFER || len != need)
            print_error("%s: cap %zu of %zu: rc %d len %zu\n", name, cap, need, rc, len);
        assert_int_equal(rc, HERD_E_BUFFER);
        assert_int_equal(len, need);
        for (size_t i = 0; i < sizeof buf; i++)
            assert_int_equal(buf[i], 'x');
    }
    memset(buf, 'x', sizeof buf);
    assert_int_equal(fn(g, arg, buf, need + 1, &len), HERD_OK);
    assert_int_equal(len, need);
    assert_string_equal(buf, full);
    assert_int_equal(buf[need + 1], 'x');
}

static void text_functions_with_a_small_buffer_report_the_length(void **state)
{
    (void)state;
    herd_game *g = game_from_text("horses w=10 h=10 turn=green "
                                  "green=b1,a4,d1,f1,g3,d4,c3,a2,e2,a3 "
                                  "red=f8,e6,i7,g6,h4,g7,h9,f9,j10,i6");
    herd_move m = parse_move(g, "a3-b5");
    check_text_buffer("position", g, call_position, NULL);
    check_text_buffer("show", g, call_show, NULL);
    check_text_buffer("move", g, call_move, &m);
    assert_int_equal(herd_apply(g, m), HERD_OK);
    check_text_buffer("log line", g, call_log, &m);
    herd_free(g);
}

static void lines_with_a_small_buffer_report_the_count(void **state)
{
    (void)state;
    herd_game *g = game_from_text(VALID);
    herd_horses_line lines[HERD_HORSES_MAX_LINES + 1];
    size_t need = 0, n = 0;
    assert_int_equal(herd_horses_lines(g, HERD_HORSES_GREEN, lines, HERD_HORSES_MAX_LINES, &need),
                     HERD_OK);
    assert_int_equal(need, 3); /* a1-b3, b3-c1, b3-c5 */
    for (size_t cap = 0; cap < need; cap++) {
        memset(lines, 0x7F, sizeof lines);
        n = 0;
        assert_int_equal(herd_horses_lines(g, HERD_HORSES_GREEN, cap ? lines : NULL, cap, &n),
                         HERD_E_BUFFER);
        assert_int_equal(n, need);
        const unsigned char *bytes = (const unsigned char *)lines;
        for (size_t i = 0; i < sizeof lines; i++)
            assert_int_equal(bytes[i], 0x7F);
    }
    memset(lines, 0x7F, sizeof lines);
    assert_int_equal(herd_horses_lines(g, HERD_HORSES_GREEN, lines, need, &n), HERD_OK);
    assert_int_equal(n, need);
    assert_int_equal(lines[0].a, 1);
    assert_int_equal(lines[0].b, 2);
    assert_int_equal(lines[1].a, 2);
    assert_int_equal(lines[1].b, 3);
    assert_int_equal(lines[2].a, 2);
    assert_int_equal(lines[2].b, 4);
    herd_free(g);
}

/* ------------------------------------------------------- echoed input */

/* One rule for every message that quotes input: control bytes and invalid
 * UTF-8 are escaped, so no message carries a byte that a terminal would
 * execute or a line reader split on. */
static void check_message_is_one_clean_line(const char *m)
{
    if (!clean_line(m, strlen(m)))
        print_error("not one clean line: '%s'\n", m);
    assert_true(clean_line(m, strlen(m)));
}

static void echoed_input_is_escaped_by_one_rule(void **state)
{
    (void)state;
    static const struct {
        const char *options; /* for herd_new("horses", ...) */
        const char *part;
    } opts[] = {
        {"w=\x1b[2J", "w=\\x1b[2J is not a whole number"},
        {"w=8\r", "w=8\\r is not"},
        {"w=\v", "w=\\x0b is not"},
        {"w=\xc3\xa9", "w=\xc3\xa9 is not"},            /* UTF-8 stays */
        {"w=\xc3", "w=\\xc3 is not"},                   /* a lone lead byte */
        {"w=\xed\xa0\x80", "w=\\xed\\xa0\\x80 is not"}, /* a surrogate */
        {"w=\xc0\xaf", "w=\\xc0\\xaf is not"},          /* overlong */
        {"w=\xc2\x9b", "w=\\xc2\\x9b is not"},          /* C1 CSI */
        {"w=\xe2\x80\xa8", "w=\\u2028 is not"},
        {"w=a\\b", "w=a\\\\b is not"},
        {"w=\x7f", "w=\\x7f is not"},
        {"w=\n", "w=\\n is not"},
        {"w=\xe2\x80\xa9", "w=\\u2029 is not"},
        {"w=\xf0\x9f\x90\x8e", "w=\xf0\x9f\x90\x8e is not"},     /* U+1F40E stays */
        {"w=\xe2\x28\xa1", "w=\\xe2(\\xa1 is not"},              /* a bad second byte */
        {"w=\xe2\x82\x28", "w=\\xe2\\x82( is not"},              /* a bad third byte */
        {"w=\xe0\x80\x80", "w=\\xe0\\x80\\x80 is not"},          /* overlong */
        {"w=\xf0\x80\x80\x80", "w=\\xf0\\x80\\x80\\x80 is not"}, /* overlong */
        {"w=\xf4\x90\x80\x80", "w=\\xf4\\x90\\x80\\x80 is not"}, /* past U+10FFFF */
        {"w=\xf5\x80", "w=\\xf5\\x80 is not"},                   /* no lead byte */
        {"w=\xe2\x80", "w=\\xe2\\x80 is not"},                   /* cut short */
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        herd_game *g = (herd_game *)(uintptr_t)0x1;
        herd_error err = {0, ""};
        assert_int_equal(herd_new("horses", opts[i].options, NULL, NULL, &g, &err), HERD_E_PARSE);
        if (!strstr(err.message, opts[i].part))
            print_error("case %zu: '%s' lacks '%s'\n", i, err.message, opts[i].part);
        assert_non_null(strstr(err.message, opts[i].part));
        check_message_is_one_clean_line(err.message);
    }
    /* A game name, as `set <ESC>[2J` passes it. */
    herd_game *g = (herd_game *)(uintptr_t)0x1;
    herd_error err = {0, ""};
    assert_int_equal(herd_new("\x1b[2J", NULL, NULL, NULL, &g, &err), HERD_E_UNKNOWN);
    assert_string_equal(err.message, "unknown game '\\x1b[2J'");
    /* A long one is cut after a whole escape, with "...". */
    char name[200];
    memset(name, '\x1b', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    assert_int_equal(herd_new(name, NULL, NULL, NULL, &g, &err), HERD_E_UNKNOWN);
    check_message_is_one_clean_line(err.message);
    assert_non_null(strstr(err.message, "\\x1b...'"));
    /* hex's board reader: the bad character itself, escaped. */
    assert_int_equal(herd_new("hex", "size=2", NULL, NULL, &g, NULL), HERD_OK);
    static const struct {
        const char *board;
        const char *message;
    } boards[] = {
        {"../.\r./..", "row b has '\\r' at 2: a cell is '.', 'r' or 'b'"},
        {"../\x1b../..", "row b has '\\x1b' at 1: a cell is '.', 'r' or 'b'"},
        {"../..\xff/..", "row b has '\\xff' at 3: a cell is '.', 'r' or 'b'"},
        {"../\xc3\xa9./..", "row b has '\xc3\xa9' at 1: a cell is '.', 'r' or 'b'"},
        {"../..x/..", "row b has 'x' at 3: a cell is '.', 'r' or 'b'"},
    };
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        char text[200];
        snprintf(text, sizeof text, "hex size=2 turns=0 turn=red phase=roll dice=- left=0 board=%s",
                 boards[i].board);
        assert_int_equal(herd_position_from_text(g, text), HERD_E_POSITION);
        assert_string_equal(herd_last_error(g), boards[i].message);
    }
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_options_out_of_range_name_the_range),
        cmocka_unit_test(new_option_values_beyond_64_bits_are_out_of_range),
        cmocka_unit_test(new_unknown_option_keys_are_refused),
        cmocka_unit_test(new_malformed_options_are_parse_errors),
        cmocka_unit_test(new_accepts_every_boundary_value),
        cmocka_unit_test(horses_new_out_of_range_options_name_the_range),
        cmocka_unit_test(horses_new_negative_option_is_named_as_given),
        cmocka_unit_test(position_texts_are_refused_and_change_nothing),
        cmocka_unit_test(position_texts_within_the_rules_are_accepted),
        cmocka_unit_test(position_parser_survives_mutated_texts),
        cmocka_unit_test(malformed_move_texts_are_parse_errors),
        cmocka_unit_test(move_texts_with_blanks_around_are_refused_in_every_game),
        cmocka_unit_test(position_texts_with_blanks_around_are_refused_in_every_game),
        cmocka_unit_test(move_texts_read_cells_by_row_letter_and_column_number),
        cmocka_unit_test(move_to_text_refuses_moves_of_no_game),
        cmocka_unit_test(move_texts_read_back_as_the_value_written),
        cmocka_unit_test(null_arguments_are_refused_without_a_crash),
        cmocka_unit_test(legal_moves_with_a_small_buffer_report_the_count),
        cmocka_unit_test(text_functions_with_a_small_buffer_report_the_length),
        cmocka_unit_test(lines_with_a_small_buffer_report_the_count),
        cmocka_unit_test(echoed_input_is_escaped_by_one_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
