/* The registry (herd.h): every game describes itself, and each description
 * agrees with what the game does: its sides, bounds, levels, chance and
 * solving, and every option's kind, range, choices and default, accepted
 * at its ends and refused just past them with the range in the message.
 * The protocol's `games` lines, the typed options structs and options_of()
 * are checked against the same descriptions. */
#include "herd/flock.h"
#include "herd/fox.h"
#include "herd/hare.h"
#include "herd/hex.h"
#include "herd/horses.h"
#include "internal.h" /* the rules' contract, herdi_rules_check() */
#include "test_games.h"

/* The position texts of two option strings are the same. */
static void same_start(const char *game, const char *a, const char *b)
{
    char x[TEXT_CAP], y[TEXT_CAP];
    herd_game *g = game_new(game, a), *h = game_new(game, b);
    position_text(g, x);
    position_text(h, y);
    if (strcmp(x, y) != 0)
        fail_msg("%s '%s' and '%s' differ: %s / %s", game, a, b, x, y);
    herd_free(g);
    herd_free(h);
}

/* herd_new() refuses the options with the code and a message holding part. */
static void refused(const char *game, const char *options, int code, const char *part)
{
    herd_game *g = NULL;
    herd_error err;
    int rc = herd_new(game, options, NULL, NULL, &g, &err);
    if (rc != code || !strstr(err.message, part))
        fail_msg("%s '%s': %d '%s', expected %d '%s'", game, options, rc, err.message, code, part);
    assert_null(g);
}

static void the_games_in_order(void **state)
{
    (void)state;
    static const char *const names[] = {"horses", "hex", "hare", "fox", "flock"};
    static const herd_kind kinds[] = {HERD_HORSES, HERD_HEX, HERD_HARE, HERD_FOX, HERD_FLOCK};
    assert_int_equal(herd_game_count(), 5);
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        assert_non_null(d);
        assert_string_equal(d->name, names[i]);
        assert_int_equal(d->kind, kinds[i]);
        assert_ptr_equal(herd_game_desc_find(names[i]), d);
        assert_true(strlen(d->title) > 0);
        herd_game *g = game_new(d->name, NULL);
        assert_ptr_equal(herd_game_desc_of(g), d);
        assert_string_equal(herd_game_name(g), d->name);
        assert_int_equal(herd_game_kind(g), d->kind);
        herd_free(g);
    }
    assert_null(herd_game_desc_at(herd_game_count()));
    assert_null(herd_game_desc_at((size_t)-1));
    assert_null(herd_game_desc_find("chess"));
    assert_null(herd_game_desc_find(NULL));
    assert_null(herd_game_desc_of(NULL));
}

/* Whether random play from the start meets a chance event (the games are
 * short enough that one in 20 games would). */
static int meets_chance(const char *game)
{
    for (int k = 0; k < 20; k++) {
        char opts[32];
        snprintf(opts, sizeof opts, "seed=%d", k);
        herd_game *g = game_new(game, opts);
        for (int ply = 0; ply < 300; ply++) {
            herd_status st;
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING)
                break;
            if (herd_is_chance(g)) {
                herd_free(g);
                return 1;
            }
            assert_int_equal(herd_play_genmove(g, 1, NULL), HERD_OK);
        }
        herd_free(g);
    }
    return 0;
}

static void each_description_agrees_with_its_game(void **state)
{
    (void)state;
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        herd_game *g = game_new(d->name, NULL);
        assert_string_equal(herd_side_name(g, 0), d->side_names[0]);
        assert_string_equal(herd_side_name(g, 1), d->side_names[1]);
        assert_int_equal(herd_max_moves(g), d->max_moves);
        assert_int_equal(herd_max_level(g), d->level_count);
        assert_true(d->default_level >= 1 && d->default_level <= d->level_count);
        /* The default level needs no memory: a game in caller memory,
         * which has no allocator, plays it. */
        _Alignas(max_align_t) unsigned char mem[8192];
        herd_game *c;
        assert_int_equal(herd_copy_into(g, mem, sizeof mem, &c), HERD_OK);
        if (!herd_is_chance(c)) {
            herd_move m;
            assert_int_equal(herd_genmove(c, 0, &m), HERD_OK);
        }
        assert_int_equal(meets_chance(d->name), d->has_chance);
        int winner;
        unsigned plies;
        int rc = herd_solve(g, &winner, &plies);
        assert_int_equal(rc == HERD_OK, d->solvable);
        if (!d->solvable)
            assert_int_equal(rc, HERD_E_UNSUPPORTED);
        /* Every level has a name without blanks and a description. */
        for (int level = 0; level <= d->level_count; level++) {
            const char *name = NULL, *text = NULL, *name2 = NULL, *text2 = NULL;
            assert_int_equal(herd_game_desc_level(d, level, &name, &text), HERD_OK);
            assert_int_equal(herd_level_name(g, level, &name2, &text2), HERD_OK);
            assert_string_equal(name, name2);
            assert_string_equal(text, text2);
            assert_true(strlen(name) > 0 && !strpbrk(name, " \t"));
            assert_true(strlen(text) > 0);
        }
        const char *name = NULL, *dflt = NULL;
        herd_game_desc_level(d, d->default_level, &dflt, NULL);
        herd_game_desc_level(d, 0, &name, NULL);
        assert_string_equal(name, dflt);
        assert_int_equal(herd_game_desc_level(d, -1, &name, NULL), HERD_E_RANGE);
        assert_int_equal(herd_game_desc_level(d, d->level_count + 1, &name, NULL), HERD_E_RANGE);
        herd_free(g);
    }
    herd_game_desc copy = *herd_game_desc_at(0); /* not the registry's */
    const char *name = "untouched";
    assert_int_equal(herd_game_desc_level(&copy, 1, &name, NULL), HERD_E_ARG);
    assert_int_equal(herd_game_desc_level(NULL, 1, &name, NULL), HERD_E_ARG);
    assert_string_equal(name, "untouched");
}

/* A level's description is for players, who choose a level by it (herd-play's
 * setup, the web page, Python's levels): a line of herd-play's setup at 80
 * columns (its labels and arrows take 18), in words a player knows. The
 * search's own terms are docs/levels.md's. */
#define LEVEL_DESCRIPTION_MAX 62
static void level_descriptions_are_in_players_words(void **state)
{
    (void)state;
    static const char *const jargon[] = {"alpha-beta", "ply",     "plies",       "node",
                                         "uct",        "playout", "monte carlo", "uniformly"};
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        for (int level = 1; level <= d->level_count; level++) {
            const char *name = NULL, *text = NULL;
            assert_int_equal(herd_game_desc_level(d, level, &name, &text), HERD_OK);
            if (strlen(text) > LEVEL_DESCRIPTION_MAX)
                fail_msg("%s level %d: %zu characters, more than %d: %s", d->name, level,
                         strlen(text), LEVEL_DESCRIPTION_MAX, text);
            char lower[256];
            size_t n = 0;
            for (; text[n] && n + 1 < sizeof lower; n++)
                lower[n] = (char)(text[n] >= 'A' && text[n] <= 'Z' ? text[n] - 'A' + 'a' : text[n]);
            lower[n] = '\0';
            for (size_t j = 0; j < sizeof jargon / sizeof *jargon; j++)
                for (const char *at = lower; (at = strstr(at, jargon[j])) != NULL; at++)
                    if (at == lower || at[-1] < 'a' || at[-1] > 'z') /* a word's start */
                        fail_msg("%s level %d says '%s': %s", d->name, level, jargon[j], text);
        }
    }
}

static void every_option_is_taken_to_its_ends_and_refused_past_them(void **state)
{
    (void)state;
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        assert_true(d->option_count >= 1 && d->option_count <= 8);
        const herd_option_desc *seed = &d->options[d->option_count - 1];
        assert_string_equal(seed->key, "seed"); /* every game has it, last */
        assert_int_equal(seed->kind, HERD_OPTION_RANGE);
        assert_true(seed->min == 0 && seed->max == UINT64_MAX && seed->default_value == 0);
        for (size_t k = 0; k < d->option_count; k++) {
            const herd_option_desc *o = &d->options[k];
            char a[64], b[64], part[96];
            assert_true(strlen(o->description) > 0);
            switch (o->kind) {
            case HERD_OPTION_RANGE:
                assert_true(o->min <= o->default_value && o->default_value <= o->max);
                assert_null(o->choices);
                snprintf(a, sizeof a, "%s=%llu", o->key, (unsigned long long)o->default_value);
                same_start(d->name, a, "");
                snprintf(a, sizeof a, "%s=%llu", o->key, (unsigned long long)o->min);
                herd_free(game_new(d->name, a));
                snprintf(a, sizeof a, "%s=%llu", o->key, (unsigned long long)o->max);
                herd_free(game_new(d->name, a));
                snprintf(part, sizeof part, "is out of range %llu..%llu",
                         (unsigned long long)o->min, (unsigned long long)o->max);
                if (o->min > 0) {
                    snprintf(a, sizeof a, "%s=%llu", o->key, (unsigned long long)o->min - 1);
                    refused(d->name, a, HERD_E_RANGE, part);
                }
                if (o->max < UINT64_MAX)
                    snprintf(a, sizeof a, "%s=%llu", o->key, (unsigned long long)o->max + 1);
                else
                    snprintf(a, sizeof a, "%s=18446744073709551616", o->key);
                refused(d->name, a, HERD_E_RANGE, part);
                snprintf(a, sizeof a, "%s=x", o->key);
                snprintf(part, sizeof part, "is not a whole number in %llu..%llu",
                         (unsigned long long)o->min, (unsigned long long)o->max);
                refused(d->name, a, HERD_E_PARSE, part);
                break;
            case HERD_OPTION_CHOICE: {
                int found = 0;
                assert_true(o->choice_count >= 2);
                for (size_t c = 0; c < o->choice_count; c++) {
                    if (c)
                        assert_true(o->choices[c] > o->choices[c - 1]);
                    found |= o->choices[c] == o->default_value;
                    snprintf(a, sizeof a, "%s=%llu", o->key, (unsigned long long)o->choices[c]);
                    herd_free(game_new(d->name, a));
                    /* A value between two choices is none of them. */
                    if (c && o->choices[c] - o->choices[c - 1] > 1) {
                        snprintf(b, sizeof b, "%s=%llu", o->key,
                                 (unsigned long long)o->choices[c] - 1);
                        refused(d->name, b, HERD_E_RANGE, "is not");
                    }
                }
                assert_true(found);
                snprintf(a, sizeof a, "%s=%llu", o->key,
                         (unsigned long long)o->choices[o->choice_count - 1] + 1);
                refused(d->name, a, HERD_E_RANGE, "is not");
                snprintf(a, sizeof a, "%s=abc", o->key);
                refused(d->name, a, HERD_E_PARSE, "abc is not a number: ");
                snprintf(a, sizeof a, "%s=%llu", o->key, (unsigned long long)o->default_value);
                same_start(d->name, a, "");
                break;
            }
            case HERD_OPTION_POINT:
                assert_non_null(o->default_point);
                snprintf(a, sizeof a, "%s=%s", o->key, o->default_point);
                same_start(d->name, a, "");
                snprintf(a, sizeof a, "%s=zz", o->key);
                refused(d->name, a, HERD_E_PARSE, "is not a cell name");
                break;
            default:
                fail_msg("%s: option %s of no kind", d->name, o->key);
            }
        }
        /* An unknown key is refused with the keys the game takes. */
        char unknown[HERD_ERROR_MESSAGE_SIZE];
        int n = snprintf(unknown, sizeof unknown, "unknown option 'nosuchkey': %s takes", d->name);
        for (size_t k = 0; k < d->option_count; k++)
            n += snprintf(unknown + n, sizeof unknown - (size_t)n, "%s %s", k ? "," : "",
                          d->options[k].key);
        refused(d->name, "nosuchkey=1", HERD_E_UNKNOWN, unknown);
        refused(d->name, "averyveryverylongkey=1", HERD_E_UNKNOWN,
                "unknown option 'averyveryverylo...': ");
        refused(d->name, "seed=1 seed=2", HERD_E_PARSE, "given twice");
        /* Blanks between options are spaces or tabs; a comma or semicolon
         * there is refused with the text as it should be. */
        same_start(d->name, "seed=5\t", "seed=5");
        refused(d->name, "seed=5;seed=6", HERD_E_PARSE,
                "seed=5;seed=6: options are separated by spaces, as in \"seed=5 seed=6\"");
    }
    same_start("horses", "w=10\th=9 \t n=5", "w=10 h=9 n=5");
    refused("fox", "geese=14", HERD_E_RANGE, "geese=14 is not 13, 15 or 17");
    refused("fox", "geese=abc", HERD_E_PARSE, "geese=abc is not a number: geese is 13, 15 or 17");
    refused("fox", "geese=15,sideways=1", HERD_E_PARSE,
            "geese=15,sideways=1: options are separated by spaces, as in \"geese=15 sideways=1\"");
    refused("horses", "w=10, h=9 ;n=5;", HERD_E_PARSE,
            "w=10,: options are separated by spaces, as in \"w=10 h=9 n=5\"");
    refused("hare", "start=c2,b3", HERD_E_PARSE, "start=c2,b3 is not a cell name");
    refused("fox", "geese=,sideways=1", HERD_E_PARSE, "geese=,sideways=1 is not a number");
    refused("horses", "w=7", HERD_E_RANGE, "w=7 is out of range 8..30");
    refused("hare", "start=a1", HERD_E_RANGE, "start=a1 is not a point of the board");
    refused("hare", "start=d1", HERD_E_RANGE, "start=d1 is occupied by a hound");
}

static void the_games_lines_of_the_protocol(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "horses w=8..30:8 h=8..20:8 n=4..10:6 seed=0..18446744073709551615:0",
        "hex size=2..13:5 seed=0..18446744073709551615:0",
        "hare start=point:a2 seed=0..18446744073709551615:0",
        "fox geese=13|15|17:13 sideways=0..1:0 seed=0..18446744073709551615:0",
        "flock w=5..12:7 h=5..12:7 seed=0..18446744073709551615:0",
    };
    for (size_t i = 0; i < herd_game_count(); i++) {
        char buf[256], small[8] = "keep";
        size_t len;
        const herd_game_desc *d = herd_game_desc_at(i);
        assert_int_equal(herd_game_desc_to_text(d, buf, sizeof buf, &len), HERD_OK);
        assert_string_equal(buf, lines[i]);
        assert_int_equal(len, strlen(lines[i]));
        assert_int_equal(herd_game_desc_to_text(d, NULL, 0, &len), HERD_E_BUFFER);
        assert_int_equal(len, strlen(lines[i]));
        assert_int_equal(herd_game_desc_to_text(d, small, sizeof small, &len), HERD_E_BUFFER);
        assert_string_equal(small, "keep");
        assert_int_equal(herd_game_desc_to_text(d, NULL, 4, &len), HERD_E_ARG);
    }
    assert_int_equal(herd_game_desc_to_text(NULL, NULL, 0, &(size_t){0}), HERD_E_ARG);
}

/* Each game's typed options: the INIT macro, herd_*_options_init() and
 * the registry's defaults give one start; the version is checked; and
 * options_of() gives back what the game was created with, 0 for the seed
 * once a position was set, and the same after a save and a load. */
static void options_of(const herd_game *g, char *out, size_t cap)
{
    switch (herd_game_kind(g)) {
    case HERD_HORSES: {
        herd_horses_options o = HERD_HORSES_OPTIONS_INIT;
        assert_int_equal(herd_horses_options_of(g, &o), HERD_OK);
        assert_int_equal(o.version, HERD_HORSES_OPTIONS_VERSION);
        snprintf(out, cap, "w=%d h=%d n=%d seed=%llu", o.width, o.height, o.horses,
                 (unsigned long long)o.seed);
        break;
    }
    case HERD_HEX: {
        herd_hex_options o = HERD_HEX_OPTIONS_INIT;
        assert_int_equal(herd_hex_options_of(g, &o), HERD_OK);
        assert_int_equal(o.version, HERD_HEX_OPTIONS_VERSION);
        snprintf(out, cap, "size=%d seed=%llu", o.size, (unsigned long long)o.seed);
        break;
    }
    case HERD_HARE: {
        herd_hare_options o = HERD_HARE_OPTIONS_INIT;
        assert_int_equal(herd_hare_options_of(g, &o), HERD_OK);
        assert_int_equal(o.version, HERD_HARE_OPTIONS_VERSION);
        snprintf(out, cap, "start=%c%d seed=%llu", 'a' + o.start.row, o.start.col + 1,
                 (unsigned long long)o.seed);
        break;
    }
    case HERD_FOX: {
        herd_fox_options o = HERD_FOX_OPTIONS_INIT;
        assert_int_equal(herd_fox_options_of(g, &o), HERD_OK);
        assert_int_equal(o.version, HERD_FOX_OPTIONS_VERSION);
        snprintf(out, cap, "geese=%d sideways=%d seed=%llu", o.geese, o.sideways,
                 (unsigned long long)o.seed);
        break;
    }
    case HERD_FLOCK: {
        herd_flock_options o = HERD_FLOCK_OPTIONS_INIT;
        assert_int_equal(herd_flock_options_of(g, &o), HERD_OK);
        assert_int_equal(o.version, HERD_FLOCK_OPTIONS_VERSION);
        snprintf(out, cap, "w=%d h=%d seed=%llu", o.width, o.height, (unsigned long long)o.seed);
        break;
    }
    }
}

/* A game made by its typed function from its INIT macro or its default
 * options, with another version when version is not -1. */
static herd_game *typed_new(herd_kind kind, int from_init, long version, int *rc, herd_error *err)
{
    herd_game *g = NULL;
    switch (kind) {
    case HERD_HORSES: {
        herd_horses_options o = HERD_HORSES_OPTIONS_INIT;
        if (!from_init)
            herd_horses_options_init(&o, HERD_HORSES_OPTIONS_VERSION);
        o.version = version < 0 ? o.version : (unsigned)version;
        *rc = herd_horses_new(&o, NULL, NULL, &g, err);
        break;
    }
    case HERD_HEX: {
        herd_hex_options o = HERD_HEX_OPTIONS_INIT;
        if (!from_init)
            herd_hex_options_init(&o, HERD_HEX_OPTIONS_VERSION);
        o.version = version < 0 ? o.version : (unsigned)version;
        *rc = herd_hex_new(&o, NULL, NULL, &g, err);
        break;
    }
    case HERD_HARE: {
        herd_hare_options o = HERD_HARE_OPTIONS_INIT;
        if (!from_init)
            herd_hare_options_init(&o, HERD_HARE_OPTIONS_VERSION);
        o.version = version < 0 ? o.version : (unsigned)version;
        *rc = herd_hare_new(&o, NULL, NULL, &g, err);
        break;
    }
    case HERD_FOX: {
        herd_fox_options o = HERD_FOX_OPTIONS_INIT;
        if (!from_init)
            herd_fox_options_init(&o, HERD_FOX_OPTIONS_VERSION);
        o.version = version < 0 ? o.version : (unsigned)version;
        *rc = herd_fox_new(&o, NULL, NULL, &g, err);
        break;
    }
    case HERD_FLOCK: {
        herd_flock_options o = HERD_FLOCK_OPTIONS_INIT;
        if (!from_init)
            herd_flock_options_init(&o, HERD_FLOCK_OPTIONS_VERSION);
        o.version = version < 0 ? o.version : (unsigned)version;
        *rc = herd_flock_new(&o, NULL, NULL, &g, err);
        break;
    }
    }
    return g;
}

/* herd_game_options_text() of g, into buf (TEXT_CAP). */
static const char *options_text(const herd_game *g, char *buf)
{
    size_t len = 0;
    assert_int_equal(herd_game_options_text(g, buf, TEXT_CAP, &len), HERD_OK);
    assert_int_equal(len, strlen(buf));
    return buf;
}

/* Every case of every game: its options text names each option of the
 * description once, in order, and makes a game that starts as it did, with
 * the same text again; a short buffer and NULL are refused. */
static void options_text_makes_the_same_game(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        char text[TEXT_CAP], again[TEXT_CAP], a[TEXT_CAP], b[TEXT_CAP];
        herd_game *g = case_new(c, NULL, NULL);
        const herd_game_desc *d = herd_game_desc_of(g);
        options_text(g, text);
        const char *at = text;
        for (size_t i = 0; i < d->option_count; i++) {
            size_t key = strlen(d->options[i].key);
            assert_true(strncmp(at, d->options[i].key, key) == 0 && at[key] == '=');
            at = strchr(at, ' ') ? strchr(at, ' ') + 1 : at + strlen(at);
        }
        assert_int_equal(*at, '\0');
        herd_game *h = game_new(d->name, text);
        assert_string_equal(options_text(h, again), text);
        position_text(g, a);
        position_text(h, b);
        assert_string_equal(a, b);
        herd_free(h);

        size_t len = 0, need = strlen(text);
        memset(again, 'x', sizeof again);
        assert_int_equal(herd_game_options_text(g, again, need, &len), HERD_E_BUFFER);
        assert_int_equal(len, need);
        assert_int_equal(again[0], 'x');
        len = 0;
        assert_int_equal(herd_game_options_text(g, NULL, 0, &len), HERD_E_BUFFER);
        assert_int_equal(len, need);
        assert_int_equal(herd_game_options_text(NULL, again, sizeof again, &len), HERD_E_ARG);
        herd_free(g);
    }
}

static void typed_options_and_options_of(void **state)
{
    (void)state;
    static const char *const made[] = {"w=12 h=9 n=5 seed=77", "size=4 seed=77", "start=c2 seed=77",
                                       "geese=15 sideways=1 seed=77", "w=9 h=6 seed=77"};
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        herd_game *plain = game_new(d->name, NULL);
        for (int from_init = 0; from_init < 2; from_init++) {
            int rc;
            herd_error err;
            herd_game *t = typed_new(d->kind, from_init, -1, &rc, &err);
            assert_int_equal(rc, HERD_OK);
            assert_true(herd_same_position(t, plain));
            herd_free(t);
        }
        static const long refused_versions[] = {0, 2, 99};
        for (size_t v = 0; v < 3; v++) {
            int rc;
            herd_error err;
            assert_null(typed_new(d->kind, 1, refused_versions[v], &rc, &err));
            assert_int_equal(rc, HERD_E_ARG);
            assert_non_null(strstr(err.message, "version"));
        }
        herd_free(plain);
        /* What options_of gives back, by the registry's keys. */
        char got[128], text[TEXT_CAP], save[HERD_MAX_SAVE_TEXT];
        size_t len;
        herd_game *g = game_new(d->name, made[i]), *h;
        herd_error err;
        options_of(g, got, sizeof got);
        assert_string_equal(got, made[i]);
        assert_string_equal(options_text(g, text), made[i]);
        assert_int_equal(herd_save(g, save, sizeof save, &len), HERD_OK);
        assert_int_equal(herd_new_from_save(save, NULL, NULL, &h, &err), HERD_OK);
        options_of(h, got, sizeof got);
        assert_string_equal(got, made[i]);
        /* A position set from text keeps the creation seed, an option (the
         * last); the options it sets itself come from the text. */
        position_text(g, text);
        assert_int_equal(herd_position_from_text(h, text), HERD_OK);
        options_of(h, got, sizeof got);
        assert_non_null(strstr(got, "seed="));
        assert_string_equal(strstr(got, "seed="), strstr(made[i], "seed="));
        assert_string_equal(options_text(h, text), got);
        herd_free(h);
        herd_free(g);
    }
}

/* Every game keeps the rules' contract (lib/internal.h): its core whole,
 * each optional part whole or absent, its description consistent. */
static void every_game_keeps_the_rules_contract(void **state)
{
    (void)state;
    char err[HERD_ERROR_MESSAGE_SIZE];
    herd_msg msg = {err, sizeof err};
    for (size_t i = 0; i < herd_game_count(); i++) {
        const herd_rules *r = herdi_rules_of(herd_game_desc_at(i));
        assert_non_null(r);
        err[0] = '\0';
        if (herdi_rules_check(r, msg) != HERD_OK)
            fail_msg("%s", err);
    }
}

/* And the check finds a part given in part, a missing core function, and
 * a description that disagrees with the rules, naming what is wrong. */
static void the_rules_check_names_what_is_missing(void **state)
{
    (void)state;
    char err[HERD_ERROR_MESSAGE_SIZE];
    herd_msg msg = {err, sizeof err};
    const herd_rules *hex = herdi_rules_of(herd_game_desc_find("hex"));
    const herd_rules *hare = herdi_rules_of(herd_game_desc_find("hare"));
    herd_rules r = *hex;
    herd_undo_rules undo = *hex->undo;
    undo.play = NULL;
    r.undo = &undo;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    assert_string_equal(err, "hex: undo.play is missing");
    r = *hex;
    herd_sparse_rules sparse = {hex->sparse->nth_legal, NULL};
    r.sparse = &sparse;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    assert_string_equal(err, "hex: sparse.legal_bits is missing");
    r = *hex;
    r.chance = NULL;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    assert_string_equal(err, "hex: chance, chance_total and desc.has_chance disagree");
    r = *hex;
    r.count = NULL;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    assert_string_equal(err, "hex: count is missing");
    r = *hex;
    r.repeats = herdi_rules_of(herd_game_desc_find("horses"))->repeats;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    assert_string_equal(err, "hex: repeats needs whole states in the history (no undo)");
    r = *hare;
    herd_solver solver = *hare->solver;
    solver.choose = NULL;
    r.solver = &solver;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    assert_string_equal(err, "hare: solver.choose is missing");
    r = *hare;
    r.solver = NULL;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    assert_string_equal(err, "hare: desc.solvable without a solver");
    r = *hare;
    herd_fast_rules fast = *hare->fast;
    fast.perft_two = NULL;
    r.fast = &fast;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    assert_string_equal(err, "hare: fast.perft_two is missing");
    r = *hare;
    herd_save_rules save = {NULL, hare->save->read};
    r.save = &save;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    assert_string_equal(err, "hare: save.write is missing");
    r = *hare;
    r.desc.default_level = r.desc.level_count + 1;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    r = *hare;
    r.state_size = HERD_MAX_STATE_SIZE + 1;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
    r = *hare;
    r.desc.option_count = 0;
    assert_int_equal(herdi_rules_check(&r, msg), HERD_E_ARG);
}

/* The result of g in words, checked against its length. */
static const char *result_text(const herd_game *g, char *buf, size_t cap)
{
    size_t len = 0;
    assert_int_equal(herd_result_text(g, buf, cap, &len), HERD_OK);
    assert_int_equal(strlen(buf), len);
    return buf;
}

/* Every ending of every game in words: a position, the move that ends the
 * game there (NULL: it has ended already) and the sentence. */
static void every_ending_said_in_words(void **state)
{
    (void)state;
    static const struct {
        const char *game, *text, *move, *words;
        herd_reason reason;
    } ends[] = {
        {"horses", "horses w=8 h=8 turn=green green=d3,e5,g6,f7 red=a8,b6,c8,c4", "g6-h8",
         "Green reached its target corner: Green wins", HERD_REASON_CORNER},
        {"horses", "horses w=8 h=8 turn=green green=b1,d2,c4,a3 red=d6,f5,e4,c3", NULL,
         "Green has no move left: Red wins", HERD_REASON_NO_MOVES},
        {"horses", "horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,f8,h4", NULL,
         "Red has no move left: Green wins", HERD_REASON_NO_MOVES},
        {"hex", "hex size=2 turns=2 turn=red phase=place dice=1,2 left=1 board=r./rrr/bb", "+a2",
         "The board is full and Red has more stones: Red wins", HERD_REASON_FULL},
        {"hex", "hex size=2 turns=2 turn=red phase=place dice=2,3 left=3 board=.b/rbr/bb", "+a1",
         "The board is full and Blue has more stones: Blue wins", HERD_REASON_FULL},
        {"hare", "hare turn=hare hare=c2 hounds=b1,b3,c1 stall=0", "c2-d2",
         "The hare got below every hound: the hare wins", HERD_REASON_ESCAPED},
        {"hare", "hare turn=hounds hare=a2 hounds=c1,d1,d3 stall=9", "d1-d2",
         "The hounds went ten moves without going up: the hare wins",
         HERD_REASON_STALLING},
        {"hare", "hare turn=hounds hare=b2 hounds=a2,b1,b3 stall=0", NULL,
         "The hounds have no move left: the hare wins", HERD_REASON_NO_MOVES},
        {"hare", "hare turn=hounds hare=a2 hounds=b1,b2,c3 stall=0", "c3-b3",
         "The hare is trapped: the hounds win", HERD_REASON_TRAPPED},
        {"fox", "fox turn=fox chain=0 sideways=0 fox=d4 geese=a4,c3,c5,e4", "d4-f4",
         "Fewer than four geese are left: the fox wins", HERD_REASON_CAPTURED},
        {"fox", "fox turn=geese chain=0 sideways=0 fox=a5 geese=a3,a4,b5,c3,c4,c5", "c4-b4",
         "The fox is trapped: the geese win", HERD_REASON_TRAPPED},
        {"fox", "fox turn=fox chain=0 sideways=0 fox=c4 geese=a3,a4,a5,b3,b5", "c4-b4",
         "The geese have no move left: the fox wins", HERD_REASON_NO_MOVES},
        {"flock",
         "flock w=5 h=5 turn=black ply=10 captured=2,0 last=c1-b1,a4-a5 "
         "board=....w/bw.../...../..b../.bb..",
         "d3-b3", "Black captured a third stone: Black wins", HERD_REASON_CAPTURED},
        {"flock",
         "flock w=5 h=5 turn=white ply=99 captured=1,0 last=e1-d1,a5-b5 "
         "board=w..../....w/..w../b.b../...bb",
         "c3-c4", "The 100 moves are played and Black has more stones: Black wins",
         HERD_REASON_MOVE_LIMIT},
        {"flock",
         "flock w=5 h=5 turn=white ply=99 captured=1,1 last=e1-d1,a5-b5 "
         "board=w..../....w/..w../b.b../....b",
         "c3-c4", "The 100 moves are played with as many stones each: a draw",
         HERD_REASON_MOVE_LIMIT},
        {"flock",
         "flock w=6 h=5 turn=black ply=0 captured=0,0 last=-,- "
         "board=bbbbbb/wwwwww/....../....../......",
         NULL, "Black has no move left: White wins", HERD_REASON_NO_MOVES},
    };
    char buf[256], board[TEXT_CAP];
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        herd_game *g = game_of(ends[i].game, ends[i].text);
        if (ends[i].move)
            play(g, ends[i].move);
        herd_status st;
        assert_int_equal(herd_get_status(g, &st), HERD_OK);
        assert_int_equal(st.reason, ends[i].reason);
        if (strcmp(result_text(g, buf, sizeof buf), ends[i].words) != 0)
            fail_msg("%s %s: '%s', expected '%s'", ends[i].game, ends[i].text, buf, ends[i].words);
        /* herd_show()'s last line is the same sentence, and the only one
         * that says the game has ended. */
        assert_int_equal(herd_show(g, board, sizeof board, NULL), HERD_OK);
        const char *last = strrchr(board, '\n');
        assert_non_null(last);
        if (strcmp(last + 1, ends[i].words) != 0)
            fail_msg("%s %s: show ends '%s'", ends[i].game, ends[i].text, last + 1);
        board[last - board] = '\0';
        if (strstr(board, "win") || strstr(board, "draw"))
            fail_msg("%s %s: the board says another ending:\n%s", ends[i].game, ends[i].text,
                     board);
        herd_free(g);
    }
}

/* The players' endings in the words of each game's sides, and in herd_show(). */
static void the_players_endings_in_words(void **state)
{
    (void)state;
    static const struct {
        const char *game, *resigned, *time;
    } ends[] = {
        {"horses", "Green resigned: Red wins", "Red ran out of time: Green wins"},
        {"hex", "Red resigned: Blue wins", "Blue ran out of time: Red wins"},
        {"hare", "The hounds resigned: the hare wins", "The hare ran out of time: the hounds win"},
        {"fox", "The fox resigned: the geese win", "The geese ran out of time: the fox wins"},
        {"flock", "Black resigned: White wins", "White ran out of time: Black wins"},
    };
    assert_int_equal(sizeof ends / sizeof ends[0], herd_game_count());
    char buf[256], board[TEXT_CAP];
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        const struct {
            herd_reason reason;
            int side;
            const char *words;
        } cases[] = {
            {HERD_REASON_RESIGNED, 0, ends[i].resigned},
            {HERD_REASON_TIME, 1, ends[i].time},
            {HERD_REASON_AGREED, -1, "The players agreed a draw"},
            {HERD_REASON_ABANDONED, -1, "The game was abandoned without a result"},
        };
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            herd_game *g = game_new(ends[i].game, NULL);
            assert_string_equal(result_text(g, buf, sizeof buf), "");
            assert_int_equal(herd_end(g, cases[k].reason, cases[k].side), HERD_OK);
            assert_string_equal(result_text(g, buf, sizeof buf), cases[k].words);
            /* herd_show() ends with the same line. */
            assert_int_equal(herd_show(g, board, sizeof board, NULL), HERD_OK);
            const char *last = strrchr(board, '\n');
            assert_non_null(last);
            assert_string_equal(last + 1, cases[k].words);
            assert_int_equal(herd_undo(g), HERD_OK);
            assert_string_equal(result_text(g, buf, sizeof buf), "");
            herd_free(g);
        }
    }
}

/* The one capitalisation of the library's sentences (lib/text.c), which
 * the endings' words and herd_show()'s lines use: a lowercase ASCII first
 * letter becomes a capital, nothing else changes, whatever the locale. */
static void sentences_start_with_one_capital(void **state)
{
    (void)state;
    static const struct {
        const char *in;
        size_t n;
        const char *out;
    } cases[] = {
        {"green", 5, "Green"},    {"the hare", 3, "The"}, {"Geese", 5, "Geese"},
        {"1. b5", 5, "1. b5"},    {"\xc3\xa9t\xc3\xa9", 5, "\xc3\xa9t\xc3\xa9"},
        {"x", 0, ""},             {"zz", 2, "Zz"},       {"a{W}", 1, "A"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[16];
        herd_sb sb;
        herdi_sb_init(&sb, buf, sizeof buf);
        herdi_sb_sentence_start(&sb, cases[i].in, cases[i].n);
        assert_string_equal(buf, cases[i].out);
        assert_int_equal(sb.len, strlen(cases[i].out));
        herdi_sb_init(&sb, NULL, 0); /* sizing only */
        herdi_sb_sentence_start(&sb, cases[i].in, cases[i].n);
        assert_int_equal(sb.len, strlen(cases[i].out));
    }
    char buf[16];
    herd_sb sb;
    herdi_sb_init(&sb, buf, sizeof buf);
    herdi_sb_sentence_name(&sb, "hounds");
    assert_string_equal(buf, "Hounds");
}

/* herd_result_text() keeps docs/api.md's buffer conventions. */
static void result_text_buffers_and_errors(void **state)
{
    (void)state;
    herd_game *g = game_new("flock", NULL);
    char buf[64];
    size_t len = 99;
    assert_int_equal(herd_result_text(NULL, buf, sizeof buf, &len), HERD_E_ARG);
    assert_int_equal(len, 99);
    assert_int_equal(herd_result_text(g, NULL, 1, &len), HERD_E_ARG);
    assert_int_equal(herd_result_text(g, NULL, 0, &len), HERD_E_BUFFER); /* "" needs 1 */
    assert_int_equal(len, 0);
    assert_int_equal(herd_end(g, HERD_REASON_RESIGNED, 1), HERD_OK);
    const char *words = "White resigned: Black wins";
    assert_int_equal(herd_result_text(g, NULL, 0, &len), HERD_E_BUFFER);
    assert_int_equal(len, strlen(words));
    memset(buf, '#', sizeof buf);
    assert_int_equal(herd_result_text(g, buf, len, &len), HERD_E_BUFFER);
    for (size_t i = 0; i < sizeof buf; i++)
        assert_int_equal(buf[i], '#');
    assert_int_equal(herd_result_text(g, buf, len + 1, NULL), HERD_OK);
    assert_string_equal(buf, words);
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_games_in_order),
        cmocka_unit_test(every_game_keeps_the_rules_contract),
        cmocka_unit_test(the_rules_check_names_what_is_missing),
        cmocka_unit_test(each_description_agrees_with_its_game),
        cmocka_unit_test(level_descriptions_are_in_players_words),
        cmocka_unit_test(every_option_is_taken_to_its_ends_and_refused_past_them),
        cmocka_unit_test(the_games_lines_of_the_protocol),
        cmocka_unit_test(typed_options_and_options_of),
        cmocka_unit_test(options_text_makes_the_same_game),
        cmocka_unit_test(every_ending_said_in_words),
        cmocka_unit_test(the_players_endings_in_words),
        cmocka_unit_test(result_text_buffers_and_errors),
        cmocka_unit_test(sentences_start_with_one_capital),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
