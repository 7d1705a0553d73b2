/* The memory limit of a handle (herd_set_memory_limit(), docs/api.md
 * "Memory"): what herd_memory_needed() says a call needs is what the call
 * then holds at its peak, as an allocator that counts sees it; a limit one
 * byte below is refused before anything is allocated, with a message, and
 * leaves the game as it was; the table that a hint builds is kept for the
 * calls after it; the limit is each handle's own. Every game of the
 * registry, at every level and for herd_solve(). */
#include "test_games.h"

/* Fox endgames small enough to build their tables in a test: 5 geese
 * without and with sideways steps, and 4 (a smaller table). */
#define FOX_5 "fox turn=fox chain=0 sideways=0 fox=d4 geese=e3,e4,e5,f4,g4"
#define FOX_5_SIDEWAYS "fox turn=fox chain=0 sideways=1 fox=d4 geese=e3,e4,e5,f4,g4"
#define FOX_4 "fox turn=fox chain=0 sideways=0 fox=d4 geese=e3,e4,e5,f4"

/* A game to measure: every game of the registry at its quick options and
 * its start, and the fox's endgames, whose `perfect` level builds a table. */
typedef struct scene {
    game_case c;
    const char *text; /* NULL: the start */
} scene;

#define SCENES_MAX 16

static size_t scenes(scene *out)
{
    size_t n = 0;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d))
        out[n++] = (scene){quick_case(d, 1), NULL};
    static const char *const fox[] = {FOX_5, FOX_5_SIDEWAYS};
    for (size_t k = 0; k < 2; k++) {
        out[n] = (scene){{"fox", "seed=1"}, fox[k]};
        n++;
    }
    assert_true(n <= SCENES_MAX);
    return n;
}

/* The scene's game with the allocator, its dice rolled: a position where
 * the computer chooses. */
static herd_game *scene_new(const scene *s, peak_alloc *p)
{
    herd_game *g = case_new(&s->c, peak_fn, p);
    if (s->text)
        assert_int_equal(herd_position_from_text(g, s->text), HERD_OK);
    while (herd_is_chance(g))
        assert_int_equal(herd_roll(g, NULL), HERD_OK);
    assert_true(is_ongoing(g));
    return g;
}

/* herd_genmove() at `level`, or herd_solve() for HERD_MEMORY_SOLVE. */
static int call(herd_game *g, int level)
{
    herd_move m;
    int winner;
    unsigned plies;
    if (level == HERD_MEMORY_SOLVE)
        return herd_solve(g, &winner, &plies);
    return herd_genmove(g, level, &m);
}

/* Whether herd_solve() answers for g's position (g is a probe: this
 * builds its table). */
static int solves(herd_game *g)
{
    return call(g, HERD_MEMORY_SOLVE) == HERD_OK;
}

/* The first level to measure for a scene: HERD_MEMORY_SOLVE if
 * herd_solve() answers for its position, else the default level 0; *top
 * is its highest. A probe finds out (and is freed: solving builds a
 * table). */
static int first_level(const scene *s, peak_alloc *p, int *top)
{
    herd_game *probe = scene_new(s, p);
    *top = herd_max_level(probe);
    int first = solves(probe) ? HERD_MEMORY_SOLVE : 0;
    herd_free(probe);
    return first;
}

/* The need of a call on a fresh game is its peak above the game as made;
 * once it has kept a table, the need of the same call again counts that
 * table, and is again its peak above the game as made. */
static void the_need_is_what_the_call_holds_at_its_peak(void **state)
{
    (void)state;
    scene sc[SCENES_MAX];
    size_t n = scenes(sc);
    int tables = 0;
    for (size_t i = 0; i < n; i++) {
        peak_alloc p;
        peak_init(&p);
        int top, first = first_level(&sc[i], &p, &top);
        for (int level = first; level <= top; level++) {
            herd_game *g = scene_new(&sc[i], &p);
            size_t made = p.a.live_bytes, need = 0, again = 0;
            assert_int_equal(herd_memory_needed(g, level, &need), HERD_OK);
            peak_reset(&p);
            assert_int_equal(call(g, level), HERD_OK);
            if (p.peak - made != need)
                fail_msg("%s %s, level %d: needs %zu, holds %zu at its peak", sc[i].c.game,
                         sc[i].text ? sc[i].text : sc[i].c.options, level, need, p.peak - made);
            tables += p.a.live_bytes > made;
            assert_int_equal(herd_memory_needed(g, level, &again), HERD_OK);
            peak_reset(&p);
            assert_int_equal(call(g, level), HERD_OK);
            assert_int_equal(p.peak - made, again);
            herd_free(g);
            assert_int_equal(p.a.live_bytes, 0);
        }
    }
    assert_true(tables > 0); /* some calls kept a table: the second round counted it */
}

/* A limit one byte below the need refuses the call before it allocates
 * anything, says what needs how much, and leaves the game as it was; the
 * need itself is enough. herd_hint() is refused too (without a message: a
 * const call). */
static void a_limit_below_the_need_is_refused(void **state)
{
    (void)state;
    scene sc[SCENES_MAX];
    size_t n = scenes(sc);
    int refused = 0;
    for (size_t i = 0; i < n; i++) {
        peak_alloc p;
        peak_init(&p);
        int top, first = first_level(&sc[i], &p, &top);
        for (int level = first; level <= top; level++) {
            if (level == 0) /* the default level: nothing to refuse */
                continue;
            herd_game *g = scene_new(&sc[i], &p);
            size_t need;
            assert_int_equal(herd_memory_needed(g, level, &need), HERD_OK);
            if (need == 0) { /* nothing to refuse */
                herd_free(g);
                continue;
            }
            assert_int_equal(herd_set_memory_limit(g, need - 1), HERD_OK);
            snapshot s;
            snap_take(&s, g);
            long requests = p.a.requests;
            assert_int_equal(call(g, level), HERD_E_NOMEM);
            refused++;
            if (!strstr(herd_last_error(g), " needs ") ||
                !strstr(herd_last_error(g), ", over the memory limit of "))
                fail_msg("%s level %d: '%s'", sc[i].c.game, level, herd_last_error(g));
            herd_move m;
            if (level != HERD_MEMORY_SOLVE)
                assert_int_equal(herd_hint(g, level, &m), HERD_E_NOMEM);
            assert_int_equal(p.a.requests, requests); /* nothing allocated */
            snap_check(&s, g);
            assert_int_equal(herd_set_memory_limit(g, need), HERD_OK);
            assert_int_equal(call(g, level), HERD_OK);
            herd_free(g);
        }
    }
    assert_true(refused > 0); /* some calls needed memory: a limit was tried */
}

/* The message names the fox table and its size, and the limit. */
static void the_refusal_says_what_needs_how_much(void **state)
{
    (void)state;
    peak_alloc p;
    peak_init(&p);
    herd_game *g = case_new(&(game_case){"fox", "seed=1"}, peak_fn, &p);
    assert_int_equal(herd_position_from_text(g, FOX_4), HERD_OK);
    size_t need;
    assert_int_equal(herd_memory_needed(g, HERD_MEMORY_SOLVE, &need), HERD_OK);
    assert_true(need > 1000 && need < 1000000); /* in kB: the message's unit */
    assert_int_equal(herd_set_memory_limit(g, 1000), HERD_OK);
    assert_int_equal(call(g, HERD_MEMORY_SOLVE), HERD_E_NOMEM);
    char want[160];
    snprintf(want, sizeof want,
             "the fox table for 4 geese needs %.1f kB, over the memory limit of 1.0 kB",
             (double)need / 1000);
    assert_string_equal(herd_last_error(g), want);
    /* Too close to tell apart when rounded: the bytes themselves. */
    assert_int_equal(herd_set_memory_limit(g, need - 1), HERD_OK);
    assert_int_equal(call(g, HERD_MEMORY_SOLVE), HERD_E_NOMEM);
    snprintf(want, sizeof want,
             "the fox table for 4 geese needs %zu bytes, over the memory limit of %zu bytes", need,
             need - 1);
    assert_string_equal(herd_last_error(g), want);
    herd_free(g);
}

/* herd_perft()'s work area counts too: the peak of a run, less one byte,
 * is refused, with the game as it was. */
static void perft_is_within_the_limit(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        peak_alloc p;
        peak_init(&p);
        game_case c = quick_case(d, 1);
        herd_game *g = case_new(&c, peak_fn, &p);
        uint64_t nodes, again = 0;
        size_t made = p.a.live_bytes;
        peak_reset(&p);
        assert_int_equal(herd_perft(g, 2, &nodes), HERD_OK);
        size_t peak = p.peak - made;
        assert_true(peak > 0);
        assert_int_equal(herd_set_memory_limit(g, peak - 1), HERD_OK);
        snapshot s;
        snap_take(&s, g);
        assert_int_equal(herd_perft(g, 2, &again), HERD_E_NOMEM);
        assert_non_null(strstr(herd_last_error(g), "herd_perft's work area needs "));
        assert_int_equal(again, 0);
        snap_check(&s, g);
        assert_int_equal(herd_set_memory_limit(g, peak), HERD_OK);
        assert_int_equal(herd_perft(g, 2, &again), HERD_OK);
        assert_int_equal(again, nodes);
        herd_free(g);
    }
}

/* The level of g's game named `perfect` (hare's, fox's). */
static int perfect_level(const herd_game *g)
{
    for (int level = 1; level <= herd_max_level(g); level++) {
        const char *name;
        assert_int_equal(herd_level_name(g, level, &name, NULL), HERD_OK);
        if (strcmp(name, "perfect") == 0)
            return level;
    }
    fail_msg("%s has no perfect level", herd_game_name(g));
    return 0;
}

/* The first hint at the `perfect` level builds the fox table and keeps it
 * in the handle; a second hint builds none (without sideways steps it
 * allocates nothing at all; with them, only its search's work area, freed
 * again), and chooses as herd_genmove() does. */
static void a_second_hint_builds_no_table(void **state)
{
    (void)state;
    static const char *const texts[] = {FOX_5, FOX_5_SIDEWAYS};
    for (size_t k = 0; k < 2; k++) {
        peak_alloc p;
        peak_init(&p);
        herd_game *g = case_new(&(game_case){"fox", "seed=1"}, peak_fn, &p);
        assert_int_equal(herd_position_from_text(g, texts[k]), HERD_OK);
        int perfect = perfect_level(g);
        size_t made = p.a.live_bytes, need;
        herd_move first, second, played;
        assert_int_equal(herd_memory_needed(g, perfect, &need), HERD_OK);
        assert_int_equal(herd_hint(g, perfect, &first), HERD_OK);
        size_t kept = p.a.live_bytes;
        assert_true(kept > made + 10000); /* the table, kept */
        long requests = p.a.requests;
        assert_int_equal(herd_hint(g, perfect, &second), HERD_OK);
        assert_int_equal(p.a.requests - requests, k); /* the search's area, with sideways */
        assert_int_equal(p.a.live_bytes, kept);
        assert_true(second == first);
        assert_int_equal(herd_genmove(g, perfect, &played), HERD_OK);
        assert_int_equal(p.a.requests - requests, 2 * k); /* genmove took the same table */
        assert_true(played == first);
        herd_free(g);
        assert_int_equal(p.a.live_bytes, 0);
    }
}

/* A hint whose handle keeps a table that does not hold the position (one
 * of 4 geese, the position has 5) cannot free it: it builds one for the
 * call beside it and frees that, and the handle keeps its own. */
static void a_hint_keeps_the_handles_smaller_table(void **state)
{
    (void)state;
    peak_alloc p;
    peak_init(&p);
    herd_game *g = case_new(&(game_case){"fox", "seed=1"}, peak_fn, &p);
    int perfect = perfect_level(g);
    herd_move m;
    assert_int_equal(herd_position_from_text(g, FOX_4), HERD_OK);
    assert_int_equal(herd_genmove(g, perfect, &m), HERD_OK);
    assert_int_equal(herd_position_from_text(g, FOX_5), HERD_OK);
    size_t kept = p.a.live_bytes, need;
    assert_int_equal(herd_memory_needed(g, perfect, &need), HERD_OK);
    peak_reset(&p);
    assert_int_equal(herd_hint(g, perfect, &m), HERD_OK);
    assert_true(p.peak > kept);
    assert_int_equal(p.a.live_bytes, kept);
    /* herd_genmove() frees the smaller table before it builds the larger:
     * its need is below the hint's peak, and a limit of it refuses the
     * hint. */
    size_t hint_peak = p.peak;
    assert_int_equal(herd_set_memory_limit(g, need), HERD_OK);
    assert_int_equal(herd_hint(g, perfect, &m), HERD_E_NOMEM);
    peak_reset(&p);
    assert_int_equal(herd_genmove(g, perfect, &m), HERD_OK);
    assert_true(p.peak < hint_peak);
    herd_free(g);
}

/* The limit is the handle's: the default is none; another handle keeps
 * its own; a clone and a copy in caller memory take their source's. */
static void the_limit_is_each_handles_own(void **state)
{
    (void)state;
    herd_game *a = game_new("horses", NULL), *b = game_new("horses", NULL), *clone;
    assert_true(herd_memory_limit(a) == HERD_MEMORY_UNLIMITED);
    assert_int_equal(herd_set_memory_limit(a, 100), HERD_OK);
    assert_int_equal(herd_memory_limit(a), 100);
    assert_true(herd_memory_limit(b) == HERD_MEMORY_UNLIMITED);
    herd_move m;
    assert_int_equal(herd_genmove(a, 2, &m), HERD_E_NOMEM);
    assert_int_equal(herd_genmove(b, 2, &m), HERD_OK);
    assert_int_equal(herd_genmove(a, 0, &m), HERD_OK); /* the default level needs nothing */
    assert_int_equal(herd_clone(a, NULL, NULL, &clone), HERD_OK);
    assert_int_equal(herd_memory_limit(clone), 100);
    assert_int_equal(herd_genmove(clone, 2, &m), HERD_E_NOMEM);
    static alignas(max_align_t) unsigned char mem[1 << 14];
    herd_game *copy;
    assert_true(herd_copy_size(a, 0) <= sizeof mem);
    assert_int_equal(herd_copy_into(a, mem, sizeof mem, &copy), HERD_OK);
    assert_int_equal(herd_memory_limit(copy), 100);
    herd_free(clone);
    herd_free(b);
    herd_free(a);
}

/* A limit lowered below the tables that a handle keeps frees them (the
 * fox's settings stay): the game's own memory is what its caller allows. */
static void a_lower_limit_frees_the_tables_kept(void **state)
{
    (void)state;
    static const struct {
        const char *game, *text;
    } cases[] = {{"hare", NULL}, {"fox", FOX_5}};
    for (size_t k = 0; k < 2; k++) {
        peak_alloc p;
        peak_init(&p);
        herd_game *g = case_new(&(game_case){cases[k].game, "seed=1"}, peak_fn, &p);
        if (cases[k].text)
            assert_int_equal(herd_position_from_text(g, cases[k].text), HERD_OK);
        size_t made = p.a.live_bytes;
        int winner;
        unsigned plies;
        assert_int_equal(herd_solve(g, &winner, &plies), HERD_OK);
        size_t kept = p.a.live_bytes - made;
        assert_true(kept > 1000);
        assert_int_equal(herd_set_memory_limit(g, kept), HERD_OK); /* fits: kept */
        assert_int_equal(p.a.live_bytes, made + kept);
        assert_int_equal(herd_set_memory_limit(g, 100), HERD_OK);
        assert_true(p.a.live_bytes - made <= 100);
        assert_int_equal(herd_solve(g, &winner, &plies), HERD_E_NOMEM);
        herd_free(g);
        assert_int_equal(p.a.live_bytes, 0);
    }
}

/* The calls' misuse: NULL, a level out of range, a game that does not
 * solve, a game over. */
static void the_query_refuses_as_the_call_would(void **state)
{
    (void)state;
    herd_game *g = game_new("horses", NULL);
    size_t bytes = 7;
    assert_int_equal(herd_set_memory_limit(NULL, 1), HERD_E_ARG);
    assert_int_equal(herd_memory_limit(NULL), 0);
    assert_int_equal(herd_memory_needed(NULL, 1, &bytes), HERD_E_ARG);
    assert_int_equal(herd_memory_needed(g, 1, NULL), HERD_E_ARG);
    assert_int_equal(herd_memory_needed(g, herd_max_level(g) + 1, &bytes), HERD_E_RANGE);
    assert_int_equal(herd_memory_needed(g, -2, &bytes), HERD_E_RANGE);
    assert_int_equal(herd_memory_needed(g, HERD_MEMORY_SOLVE, &bytes), HERD_E_UNSUPPORTED);
    assert_int_equal(bytes, 7);
    assert_int_equal(herd_memory_needed(g, 0, &bytes), HERD_OK);
    assert_int_equal(bytes, 0); /* the default level needs nothing */
    herd_free(g);
    g = game_of("fox", "fox turn=geese chain=0 sideways=0 fox=d4 geese=e3,e4,e5");
    assert_false(is_ongoing(g));
    bytes = 7;
    assert_int_equal(herd_memory_needed(g, 2, &bytes), HERD_E_STATE);
    assert_int_equal(bytes, 7);
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_need_is_what_the_call_holds_at_its_peak),
        cmocka_unit_test(a_limit_below_the_need_is_refused),
        cmocka_unit_test(the_refusal_says_what_needs_how_much),
        cmocka_unit_test(perft_is_within_the_limit),
        cmocka_unit_test(a_second_hint_builds_no_table),
        cmocka_unit_test(a_hint_keeps_the_handles_smaller_table),
        cmocka_unit_test(the_limit_is_each_handles_own),
        cmocka_unit_test(a_lower_limit_frees_the_tables_kept),
        cmocka_unit_test(the_query_refuses_as_the_call_would),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
