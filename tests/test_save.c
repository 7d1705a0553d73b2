/* Saved games (herd_save, herd_load, herd_new_from_save): a save loaded and
 * played on gives exactly the game that never saved, for every case of
 * every game of the registry (test_games.h), and every malformed or
 * impossible save is refused with a message that names what is wrong,
 * changing nothing. */
#include "test_games.h"

#include "fuzz/clean_text.h"

#include "herd/fox.h"
#include "herd/hare.h"

/* The round trips run over every case of every game. */
#define NCASES (every_case()->count)
#define CASE(c) (&every_case()->at[c])

#define SAVE_CAP HERD_MAX_SAVE_TEXT

static void save_text(const herd_game *g, char *buf)
{
    size_t len = 0;
    assert_int_equal(herd_save(g, buf, SAVE_CAP, &len), HERD_OK);
    assert_int_equal(strlen(buf), len);
}

/* One action, chosen by `pick` the same way in every game it is given: the
 * dice at a chance event, else a legal action picked by the test or the
 * computer player's move. Returns 0 (and plays nothing) once the game is over. */
static int play_step(herd_game *g, unsigned pick, herd_move *played)
{
    if (!is_ongoing(g))
        return 0;
    if (herd_is_chance(g)) {
        assert_int_equal(herd_roll(g, played), HERD_OK);
    } else if (pick % 3 == 0) {
        herd_move moves[HERD_MAX_MOVES];
        size_t n = 0;
        assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
        assert_true(n > 0);
        *played = moves[pick / 3 % n];
        assert_int_equal(herd_apply(g, *played), HERD_OK);
    } else {
        assert_int_equal(herd_play_genmove(g, 1, played), HERD_OK);
    }
    return 1;
}

static void play_steps(herd_game *g, test_rng *rng, int steps)
{
    herd_move m;
    for (int i = 0; i < steps; i++)
        play_step(g, (unsigned)trng_next(rng), &m);
}

/* Plays a and the games loaded from its save side by side until the end
 * (or a cap), with the same choices: same actions, same positions. */
static void play_on_together(herd_game *a, herd_game **others, size_t count, test_rng *rng)
{
    for (int i = 0; i < 400; i++) {
        unsigned pick = (unsigned)trng_next(rng);
        herd_move ma = 0, mo = 0;
        int going = play_step(a, pick, &ma);
        for (size_t k = 0; k < count; k++) {
            assert_int_equal(play_step(others[k], pick, &mo), going);
            if (going)
                assert_true(mo == ma);
            assert_true(herd_same_position(a, others[k]));
        }
        if (!going)
            break;
    }
    char ta[SAVE_CAP], to[SAVE_CAP];
    save_text(a, ta);
    for (size_t k = 0; k < count; k++) {
        save_text(others[k], to);
        assert_string_equal(to, ta); /* the action counts too */
    }
}

static void load_then_play_on_gives_the_game_that_never_saved(void **state)
{
    (void)state;
    static const int cuts[] = {0, 1, 2, 7, 30};
    for (size_t c = 0; c < NCASES; c++)
        for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++) {
            test_rng rng;
            trng_seed(&rng, c * 100 + k);
            herd_game *a = game_new(CASE(c)->game, CASE(c)->options);
            play_steps(a, &rng, cuts[k]);
            char text[SAVE_CAP], again[SAVE_CAP];
            save_text(a, text);

            /* Any game's save makes its own game... */
            herd_game *b = NULL;
            herd_error err = {0, ""};
            assert_int_equal(herd_new_from_save(text, NULL, NULL, &b, &err), HERD_OK);
            assert_string_equal(herd_game_name(b), CASE(c)->game);
            /* ...and loads into a game of the same name with other options
             * and a history of its own, which it clears. */
            herd_game *d = game_new(CASE(c)->game, NULL);
            play_steps(d, &rng, 3);
            assert_int_equal(herd_load(d, text), HERD_OK);
            assert_int_equal(herd_history_length(d), 0);
            assert_int_equal(herd_undo(d), HERD_E_STATE);

            herd_game *loaded[] = {b, d};
            for (size_t i = 0; i < 2; i++) {
                assert_true(herd_same_position(a, loaded[i]));
                save_text(loaded[i], again);
                assert_string_equal(again, text);
            }
            play_on_together(a, loaded, 2, &rng);
            herd_free(a);
            herd_free(b);
            herd_free(d);
        }
}

static void save_text_is_the_documented_line(void **state)
{
    (void)state;
    for (size_t c = 0; c < NCASES; c++) {
        test_rng rng;
        trng_seed(&rng, c);
        herd_game *g = game_new(CASE(c)->game, CASE(c)->options);
        play_steps(g, &rng, 5);
        char text[SAVE_CAP], pos[TEXT_CAP], head[64];
        save_text(g, text);
        position_text(g, pos);
        /* GAME save=1 ply=N rng=X,X,X,X ... position=POSITION */
        snprintf(head, sizeof head, "%s save=1 ply=5 rng=", CASE(c)->game);
        assert_memory_equal(text, head, strlen(head));
        const char *rng_words = text + strlen(head);
        for (int i = 0; i < 4; i++) {
            assert_int_equal(strspn(rng_words + 17 * i, "0123456789abcdef"), 16);
            assert_int_equal(rng_words[17 * i + 16], i < 3 ? ',' : ' ');
        }
        const char *p = strstr(text, " position=");
        assert_non_null(p);
        assert_string_equal(p + strlen(" position="), pos);
        assert_null(strchr(text, '\n'));
        herd_free(g);
    }
}

static void horses_save_carries_the_seed_and_each_sides_previous_move(void **state)
{
    (void)state;
    herd_game *g = game_new("horses", "seed=42");
    char text[SAVE_CAP];
    save_text(g, text);
    assert_non_null(strstr(text, " seed=42 last=-,- position="));
    /* Green moves, then Red: each side's move is remembered. */
    herd_move m[2];
    char field[2 * HERD_MAX_MOVE_TEXT + 64], mt[2][HERD_MAX_MOVE_TEXT];
    size_t len;
    for (int i = 0; i < 2; i++) {
        assert_int_equal(herd_play_genmove(g, 1, &m[i]), HERD_OK);
        assert_int_equal(herd_move_to_text(g, m[i], mt[i], sizeof mt[i], &len), HERD_OK);
    }
    save_text(g, text);
    snprintf(field, sizeof field, " seed=42 last=%s,%s position=", mt[0], mt[1]);
    assert_non_null(strstr(text, field));
    /* A position read from text has no previous moves; the creation seed,
     * an option like the board's size, stays. */
    char pos[TEXT_CAP];
    position_text(g, pos);
    assert_int_equal(herd_position_from_text(g, pos), HERD_OK);
    save_text(g, text);
    assert_non_null(strstr(text, " seed=42 last=-,- position="));
    herd_free(g);
}

/* A save with one field's value replaced. */
static void with_field(char *out, const char *text, const char *key, const char *value)
{
    char k[32];
    snprintf(k, sizeof k, " %s=", key);
    const char *p = strstr(text, k);
    assert_non_null(p);
    p += strlen(k);
    size_t end = strcspn(p, " ");
    snprintf(out, SAVE_CAP, "%.*s%s%s", (int)(p - text), text, value, p + end);
}

/* A save with one piece of text replaced by another. */
static void with_text(char *out, const char *text, const char *from, const char *to)
{
    const char *p = strstr(text, from);
    assert_non_null(p);
    snprintf(out, SAVE_CAP, "%.*s%s%s", (int)(p - text), text, to, p + strlen(from));
}

/* herd_same_position() compares what herd.h lists (position, side, status,
 * generator, memory), not the creation seed, which is an option: two games
 * that differ only in it are in the same position, in every game. */
static void same_position_leaves_out_the_creation_seed(void **state)
{
    (void)state;
    for (size_t c = 0; c < NCASES; c++) {
        herd_game *g = game_new(CASE(c)->game, CASE(c)->options), *h = NULL;
        char text[SAVE_CAP], other[SAVE_CAP];
        save_text(g, text);
        with_field(other, text, "seed", "12345");
        herd_error err;
        assert_int_equal(herd_new_from_save(other, NULL, NULL, &h, &err), HERD_OK);
        assert_true(herd_same_position(g, h));
        herd_free(h);
        /* The generator is compared. */
        with_field(other, text, "rng",
                   "0000000000000001,0000000000000002,0000000000000003,0000000000000004");
        assert_int_equal(herd_new_from_save(other, NULL, NULL, &h, &err), HERD_OK);
        assert_false(herd_same_position(g, h));
        herd_free(h);
        herd_free(g);
    }
}

typedef struct bad_save {
    const char *game; /* NULL: every game */
    const char *what; /* "field", "text", "whole" */
    const char *a, *b;
    int code;
    const char *part; /* in the message */
} bad_save;

static const bad_save bad_saves[] = {
    {NULL, "whole", "", NULL, HERD_E_PARSE, "not a save of"},
    {NULL, "field", "save", "2", HERD_E_PARSE, "save version 2"},
    {NULL, "field", "save", "01", HERD_E_PARSE, "expected"},
    {NULL, "field", "save", "", HERD_E_PARSE, "expected"},
    {NULL, "field", "ply", "-1", HERD_E_PARSE, "ply"},
    {NULL, "field", "ply", "4294967296", HERD_E_PARSE, "ply"},
    {NULL, "field", "rng", "0000000000000000,0000000000000000,0000000000000000,0000000000000000",
     HERD_E_POSITION, "all zeros"},
    {NULL, "field", "rng", "0000000000000001,0000000000000000,0000000000000000,000000000000000",
     HERD_E_PARSE, "rng"},
    {NULL, "field", "rng", "0000000000000001,0000000000000000,0000000000000000,000000000000000A",
     HERD_E_PARSE, "rng"},
    {NULL, "field", "rng", "0000000000000001,0000000000000000,0000000000000000", HERD_E_PARSE,
     "rng"},
    {NULL, "text", " position=", " place=", HERD_E_PARSE, "position="},
    {NULL, "text", " position=", " extra=1 position=", HERD_E_PARSE, "extra=1"},
    {NULL, "text", " ply=", " plies=", HERD_E_PARSE, "ply"},
    {"horses", "text", "turn=green", "turn=blue", HERD_E_PARSE, "turn"},
    {"horses", "field", "w", "7", HERD_E_POSITION, "w=7"},
    {"horses", "field", "seed", "x", HERD_E_PARSE, "seed"},
    {"horses", "text", " seed=", " sown=", HERD_E_PARSE, "seed"},
    {"horses", "field", "last", "a1-b3", HERD_E_PARSE, "last"},
    {"horses", "field", "last", "a1-a2,-", HERD_E_POSITION, "a1-a2 is not green's previous move"},
    {"horses", "field", "last", "-,a1-b3", HERD_E_POSITION, "a1-b3 is not red's previous move"},
    {"horses", "field", "last", "h8-g6,-", HERD_E_POSITION, "h8-g6 is not green's"},
    {"hex", "field", "phase", "jump", HERD_E_PARSE, "phase"},
    {"hex", "field", "size", "14", HERD_E_POSITION, "size"},
    {"hex", "text", " position=", " seed=1 position=", HERD_E_PARSE, "seed=1"},
};

/* `bad` is refused by g with the code and a message containing `part`,
 * and changes nothing; herd_new_from_save() refuses it too. */
static void expect_load_refused(herd_game *g, const char *bad, int code, const char *part)
{
    snapshot snap;
    snap_take(&snap, g);
    int rc = herd_load(g, bad);
    if (rc != code || !strstr(herd_last_error(g), part))
        print_error("%d '%s' for\n  %s\n", rc, herd_last_error(g), bad);
    assert_int_equal(rc, code);
    assert_non_null(strstr(herd_last_error(g), part));
    snap_check(&snap, g);

    herd_game *sentinel = (herd_game *)(uintptr_t)0x55, *out = sentinel;
    herd_error err = {0, ""};
    rc = herd_new_from_save(bad, NULL, NULL, &out, &err);
    assert_true(rc < 0);
    assert_int_equal(err.code, rc);
    assert_true(err.message[0] != '\0');
    assert_ptr_equal(out, sentinel);
}

/* Every game's save, broken by every row for every game and by its own
 * rows, and named as a save of each other game. */
static void load_refuses_bad_saves_and_changes_nothing(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_saves / sizeof bad_saves[0]; i++)
        if (bad_saves[i].game && !herd_game_desc_find(bad_saves[i].game))
            fail_msg("a bad save of %s, which the registry does not have", bad_saves[i].game);
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        /* At the default options: an 8x8 horses game, where g6 is in Red's
         * corner box, never Green's. */
        game_case base = case_of(d, OPTIONS_DEFAULT, 7);
        herd_game *src = case_new(&base, NULL, NULL);
        char text[SAVE_CAP], bad[SAVE_CAP];
        save_text(src, text);
        /* The game to load into has a history, so "unchanged" covers it. */
        herd_game *g = game_new(d->name, NULL);
        test_rng rng;
        trng_seed(&rng, (uint64_t)d->kind);
        play_steps(g, &rng, 4);
        for (size_t i = 0; i < sizeof bad_saves / sizeof bad_saves[0]; i++) {
            const bad_save *t = &bad_saves[i];
            if (t->game && strcmp(t->game, d->name) != 0)
                continue;
            if (strcmp(t->what, "field") == 0)
                with_field(bad, text, t->a, t->b);
            else if (strcmp(t->what, "text") == 0)
                with_text(bad, text, t->a, t->b);
            else
                snprintf(bad, sizeof bad, "%s", t->a);
            expect_load_refused(g, bad, t->code, t->part);
        }
        for (const herd_game_desc *other = first_game(); other; other = next_game(other)) {
            if (other == d)
                continue;
            char from[64], to[64], part[128];
            snprintf(from, sizeof from, "%s save", d->name);
            snprintf(to, sizeof to, "%s save", other->name);
            snprintf(part, sizeof part, "'%s' is not a save of %s", other->name, d->name);
            with_text(bad, text, from, to);
            expect_load_refused(g, bad, HERD_E_PARSE, part);
        }
        herd_free(g);
        herd_free(src);
    }
}

/* ------------------------------------ everything written reads back */

/* Every option set of every game of the registry: each whole-number option
 * at the ends of its range (every value where it is the game's only one),
 * every choice, all of them combined, and the defaults; and hare's every
 * start point, which the registry cannot list. */
static size_t every_option_set(char sets[][2][128], size_t cap)
{
    size_t n = 0;
#define ADD(game, ...)                                        \
    do {                                                      \
        assert_true(n < cap);                                 \
        snprintf(sets[n][0], sizeof sets[n][0], "%s", game);  \
        snprintf(sets[n][1], sizeof sets[n][1], __VA_ARGS__); \
        n++;                                                  \
    } while (0)
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        /* The options that vary, and the values each takes. */
        enum { MAX_VARIED = 8, MAX_VALUES = 16 };
        const herd_option_desc *varied[MAX_VARIED];
        uint64_t values[MAX_VARIED][MAX_VALUES];
        size_t counts[MAX_VARIED], nv = 0;
        for (size_t i = 0; i < d->option_count; i++) {
            const herd_option_desc *o = &d->options[i];
            if (strcmp(o->key, "seed") == 0 || o->kind == HERD_OPTION_POINT)
                continue;
            assert_true(nv < MAX_VARIED);
            varied[nv++] = o;
        }
        for (size_t i = 0; i < nv; i++) {
            const herd_option_desc *o = varied[i];
            counts[i] = 0;
            if (o->kind == HERD_OPTION_CHOICE) {
                assert_true(o->choice_count <= MAX_VALUES);
                for (size_t k = 0; k < o->choice_count; k++)
                    values[i][counts[i]++] = o->choices[k];
            } else if (nv == 1 && o->max - o->min < MAX_VALUES) {
                for (uint64_t v = o->min; v <= o->max; v++)
                    values[i][counts[i]++] = v;
            } else {
                values[i][counts[i]++] = o->min;
                values[i][counts[i]++] = o->max;
            }
        }
        ADD(d->name, "seed=%zu", n); /* the defaults */
        size_t at[MAX_VARIED] = {0};
        for (int more = nv > 0; more;) {
            char options[64];
            size_t k = 0;
            for (size_t i = 0; i < nv; i++)
                k += (size_t)snprintf(options + k, sizeof options - k, "%s=%llu ", varied[i]->key,
                                      (unsigned long long)values[i][at[i]]);
            ADD(d->name, "%sseed=%zu", options, n);
            more = 0;
            for (size_t i = 0; i < nv && !more; i++) { /* the next combination */
                more = ++at[i] < counts[i];
                if (!more)
                    at[i] = 0;
            }
        }
    }
    for (int i = 0; i < HERD_HARE_POINTS; i++) {
        herd_cell c;
        herd_game *g = NULL;
        char options[48];
        assert_int_equal(herd_hare_point(i, &c), HERD_OK);
        snprintf(options, sizeof options, "start=%c%d seed=%d", 'a' + c.row, c.col + 1, i);
        if (herd_new("hare", options, NULL, NULL, &g, NULL) == HERD_OK) /* not a hound's */
            ADD("hare", "%s", options);
        herd_free(g);
    }
#undef ADD
    return n;
}

/* What g writes now reads back: its save loads (into `other`, a game of the
 * same name) as the same game and saves the same text; its position text
 * reads back as the same text; every legal action's text reads back as the
 * action. */
static void check_everything_reads_back(const herd_game *g, herd_game *other)
{
    char text[SAVE_CAP], again[SAVE_CAP];
    save_text(g, text);
    if (herd_load(other, text) != HERD_OK)
        print_error("a save that does not load (%s):\n  %s\n", herd_last_error(other), text);
    assert_int_equal(herd_load(other, text), HERD_OK);
    assert_true(herd_same_position(other, g));
    save_text(other, again);
    assert_string_equal(again, text);
    position_text(g, text);
    if (herd_position_from_text(other, text) != HERD_OK)
        print_error("a position that does not read back (%s):\n  %s\n", herd_last_error(other),
                    text);
    assert_int_equal(herd_position_from_text(other, text), HERD_OK);
    position_text(other, again);
    assert_string_equal(again, text);
    herd_move moves[HERD_MAX_MOVES];
    size_t n = 0;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    for (size_t i = 0; i < n; i++) {
        char mt[HERD_MAX_MOVE_TEXT];
        size_t len;
        herd_move back;
        assert_int_equal(herd_move_to_text(g, moves[i], mt, sizeof mt, &len), HERD_OK);
        if (herd_move_from_text(other, mt, &back) != HERD_OK || back != moves[i])
            print_error("action '%s' does not read back (%s)\n", mt, herd_last_error(other));
        assert_int_equal(herd_move_from_text(other, mt, &back), HERD_OK);
        assert_true(back == moves[i]);
    }
}

/* The library never writes a save, a position or an action text that it
 * refuses to read back: random games of every game and every option set,
 * checked after each of their first 500 actions, then played on by the
 * computer to their end (or 5,000 actions more) and checked there: ended
 * games and the fox's chains included. */
static void everything_written_reads_back_in_random_games(void **state)
{
    (void)state;
    static char sets[64][2][128];
    size_t count = every_option_set(sets, 64);
    int ended[16] = {0}, chains = 0;
    assert_true(herd_game_count() <= 16);
    for (size_t k = 0; k < count; k++)
        for (int round = 0; round < 2; round++) {
            herd_game *g = game_new(sets[k][0], sets[k][1]);
            herd_game *other = game_new(sets[k][0], NULL);
            test_rng rng;
            trng_seed(&rng, k * 10 + (size_t)round);
            check_everything_reads_back(g, other);
            for (int i = 0; i < 500 && is_ongoing(g); i++) {
                /* Random actions, and the default computer's, which ends
                 * a game of horses. */
                unsigned pick = (unsigned)trng_next(&rng);
                if (pick % 2 && !herd_is_chance(g))
                    assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
                else
                    play_step(g, pick / 2 * 3, &(herd_move){0});
                int in_chain = 0;
                if (herd_game_kind(g) == HERD_FOX && herd_fox_in_chain(g, &in_chain) == HERD_OK &&
                    in_chain)
                    chains++;
                check_everything_reads_back(g, other);
            }
            /* Then the computer alone towards the end, and the end checked. */
            for (int i = 0; i < 5000 && is_ongoing(g); i++)
                assert_int_equal(herd_is_chance(g) ? herd_roll(g, NULL)
                                                   : herd_play_genmove(g, 0, NULL),
                                 HERD_OK);
            check_everything_reads_back(g, other);
            ended[game_index(herd_game_desc_of(g))] += !is_ongoing(g);
            herd_free(other);
            herd_free(g);
        }
    /* Every game ended somewhere, and the fox was caught in a chain. */
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        if (!ended[game_index(d)])
            fail_msg("no game of %s ended", d->name);
    }
    assert_true(chains > 0);
}

/* A refused save's message quotes the save by the one rule of every echo
 * (docs/protocol.md): escaped, valid UTF-8, cut after a whole character. */
static void load_messages_quote_the_save_escaped(void **state)
{
    (void)state;
    herd_game *g = game_new("horses", "seed=7");
    char text[SAVE_CAP], bad[SAVE_CAP];
    save_text(g, text);
    static const struct {
        const char *from, *to; /* replaced in the save */
        const char *message;
    } cases[] = {
        {"horses save", "\x1b[2J\x1b[31mHACKED\r save",
         "'\\x1b[2J\\x1b[31mHACKED\\r' is not a save of horses"},
        {"horses save", "horses\xab save", "'horses\\xab' is not a save of horses"},
        {"horses save", "\xf4\x90\x80\x80 save", "'\\xf4\\x90\\x80\\x80' is not a save of horses"},
        {" position=", " \x1b[2J\x1b[31mHACKED\r position=",
         "unexpected ' \\x1b[2J\\x1b[31mHACKED\\r' before position="},
        {" position=", " \xc3\xa9\xe2\x80\xa8\xc2\x9b position=",
         "unexpected ' \xc3\xa9\\u2028\\xc2\\x9b' before position="},
        /* 40 two-byte characters: cut after the 21st, whole, then "..." */
        {" position=",
         " \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
         "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
         "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
         "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 "
         "position=",
         "unexpected ' "
         "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
         "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
         "\xc3\xa9...' before position="},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        with_text(bad, text, cases[i].from, cases[i].to);
        snapshot snap;
        snap_take(&snap, g);
        assert_int_equal(herd_load(g, bad), HERD_E_PARSE);
        const char *m = herd_last_error(g);
        if (strcmp(m, cases[i].message) != 0 || !clean_line(m, strlen(m)))
            print_error("case %zu: '%s'\n", i, m);
        assert_string_equal(m, cases[i].message);
        snap_check(&snap, g);
        /* herd_new_from_save() gives the same message, or the unknown
         * game's, escaped as well. */
        herd_game *out = NULL;
        herd_error err = {0, ""};
        assert_true(herd_new_from_save(bad, NULL, NULL, &out, &err) < 0);
        assert_true(clean_line(err.message, strlen(err.message)));
        assert_null(out);
    }
    herd_free(g);
}

static void new_from_save_names_an_unknown_game(void **state)
{
    (void)state;
    herd_game *g = NULL;
    herd_error err = {0, ""};
    assert_int_equal(herd_new_from_save("chess save=1 ply=0", NULL, NULL, &g, &err),
                     HERD_E_UNKNOWN);
    assert_int_equal(err.code, HERD_E_UNKNOWN);
    assert_non_null(strstr(err.message, "chess"));
    assert_null(g);
    assert_int_equal(herd_new_from_save("", NULL, NULL, &g, &err), HERD_E_PARSE);
    assert_int_equal(herd_new_from_save(" horses", NULL, NULL, &g, &err), HERD_E_PARSE);
    assert_int_equal(herd_new_from_save("horses", NULL, NULL, NULL, &err), HERD_E_ARG);
    assert_int_equal(herd_new_from_save(NULL, NULL, NULL, &g, NULL), HERD_E_ARG);
    assert_null(g);
}

static void null_arguments_are_refused(void **state)
{
    (void)state;
    herd_game *g = game_new("horses", NULL);
    char buf[SAVE_CAP];
    size_t len;
    assert_int_equal(herd_save(NULL, buf, sizeof buf, &len), HERD_E_ARG);
    assert_int_equal(herd_save(g, NULL, 5, &len), HERD_E_ARG);
    assert_int_equal(herd_load(NULL, "horses"), HERD_E_ARG);
    assert_int_equal(herd_load(g, NULL), HERD_E_ARG);
    herd_free(g);
}

static void save_reports_the_size_it_needs_and_fits_the_bound(void **state)
{
    (void)state;
    for (size_t c = 0; c < NCASES; c++) {
        herd_game *g = game_new(CASE(c)->game, CASE(c)->options);
        test_rng rng;
        trng_seed(&rng, c);
        play_steps(g, &rng, 9);
        char full[SAVE_CAP], small[16];
        size_t len = 0, need = 0;
        save_text(g, full);
        memset(small, 'x', sizeof small);
        assert_int_equal(herd_save(g, small, sizeof small, &need), HERD_E_BUFFER);
        assert_int_equal(need, strlen(full));
        assert_int_equal(small[0], 'x'); /* nothing written */
        assert_int_equal(herd_save(g, NULL, 0, &len), HERD_E_BUFFER);
        assert_int_equal(len, need);
        assert_true(need < HERD_MAX_SAVE_TEXT);
        herd_free(g);
    }
}

static void load_works_in_caller_memory_without_an_allocator(void **state)
{
    (void)state;
    for (size_t c = 0; c < NCASES; c++) {
        test_rng rng;
        trng_seed(&rng, c + 50);
        herd_game *a = game_new(CASE(c)->game, CASE(c)->options);
        herd_game *other = game_new(CASE(c)->game, NULL);
        play_steps(a, &rng, 6);
        char text[SAVE_CAP];
        save_text(a, text);
        size_t size = herd_copy_size(other, 4);
        max_align_t *mem = malloc(size);
        assert_non_null(mem);
        herd_game *copy = NULL;
        assert_int_equal(herd_copy_into(other, mem, size, &copy), HERD_OK);
        assert_int_equal(herd_load(copy, text), HERD_OK);
        herd_game *loaded[] = {copy};
        play_on_together(a, loaded, 1, &rng);
        free(mem);
        herd_free(other);
        herd_free(a);
    }
}

/* herd_load allocates nothing; herd_new_from_save allocates only the game,
 * and frees it when the save is refused or the allocator fails. */
static void loading_allocates_only_the_new_game_and_leaks_nothing(void **state)
{
    (void)state;
    for (size_t c = 0; c < NCASES; c++) {
        herd_game *src = game_new(CASE(c)->game, CASE(c)->options);
        test_rng rng;
        trng_seed(&rng, c);
        play_steps(src, &rng, 5);
        char text[SAVE_CAP], bad[SAVE_CAP];
        save_text(src, text);
        with_field(bad, text, "save", "2");

        test_alloc a;
        ta_init(&a);
        herd_game *g = NULL;
        assert_int_equal(herd_new_from_save(text, ta_fn, &a, &g, NULL), HERD_OK);
        long requests = a.requests;
        assert_int_equal(herd_load(g, text), HERD_OK);
        assert_int_equal(herd_load(g, bad), HERD_E_PARSE);
        assert_int_equal(a.requests, requests);
        herd_free(g);
        assert_int_equal(a.live_blocks, 0);

        herd_game *sentinel = (herd_game *)(uintptr_t)0x55;
        for (long k = 1; k <= requests; k++) {
            ta_init(&a);
            a.fail_at = k;
            g = sentinel;
            herd_error err = {0, ""};
            assert_int_equal(herd_new_from_save(text, ta_fn, &a, &g, &err), HERD_E_NOMEM);
            assert_int_equal(err.code, HERD_E_NOMEM);
            assert_ptr_equal(g, sentinel);
            assert_int_equal(a.live_blocks, 0);
        }
        ta_init(&a);
        assert_int_equal(herd_new_from_save(bad, ta_fn, &a, &g, NULL), HERD_E_PARSE);
        assert_ptr_equal(g, sentinel);
        assert_int_equal(a.live_blocks, 0);
        assert_int_equal(a.bad_old_size, 0);
        herd_free(src);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(load_then_play_on_gives_the_game_that_never_saved),
        cmocka_unit_test(save_text_is_the_documented_line),
        cmocka_unit_test(horses_save_carries_the_seed_and_each_sides_previous_move),
        cmocka_unit_test(same_position_leaves_out_the_creation_seed),
        cmocka_unit_test(load_refuses_bad_saves_and_changes_nothing),
        cmocka_unit_test(everything_written_reads_back_in_random_games),
        cmocka_unit_test(load_messages_quote_the_save_escaped),
        cmocka_unit_test(new_from_save_names_an_unknown_game),
        cmocka_unit_test(null_arguments_are_refused),
        cmocka_unit_test(save_reports_the_size_it_needs_and_fits_the_bound),
        cmocka_unit_test(load_works_in_caller_memory_without_an_allocator),
        cmocka_unit_test(loading_allocates_only_the_new_game_and_leaks_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
