/* The library keeps no global state: games in distinct threads must play
 * exactly as they do one after the other, and const calls may share a game,
 * hints that search and call the handle's allocator included.
 * Every case of every game (test_games.h); tools/test.sh also runs this under
 * ThreadSanitizer (build/tsan), which must report nothing. */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t */
#include "test_games.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>

#define THREADS 8
#define GAMES_PER_CASE 3 /* games of each case in each thread */
#define PLY_CAP 400

typedef struct job {
    int index;
    char final[GAME_CASES_MAX][GAMES_PER_CASE][HERD_MAX_POSITION_TEXT];
    int failed;
} job;

/* Plays one game of a case: actions picked by the tests' generator (seeded
 * by thread and game), the computer's move every third ply, the dice
 * rolled by the game; no CMocka assertion here (they may not leave a
 * thread), a failure is recorded instead. */
static int play_one(const game_case *c, uint64_t seed, char *final)
{
    herd_game *g;
    if (herd_new(c->game, c->options, NULL, NULL, &g, NULL) != HERD_OK)
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
    const game_cases *cs = every_case();
    for (size_t c = 0; c < cs->count; c++)
        for (int k = 0; k < GAMES_PER_CASE; k++)
            j->failed |= play_one(&cs->at[c], (uint64_t)(j->index * 100 + k), j->final[c][k]);
    return NULL;
}

static void games_in_eight_threads_play_as_alone(void **state)
{
    (void)state;
    static job alone[THREADS], together[THREADS];
    const game_cases *cs = every_case(); /* built before the threads read it */
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
        for (size_t c = 0; c < cs->count; c++)
            for (int k = 0; k < GAMES_PER_CASE; k++)
                assert_string_equal(together[t].final[c][k], alone[t].final[c][k]);
    }
    /* The threads played different games, so the comparison means
     * something. */
    for (size_t c = 0; c < cs->count; c++)
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
    if (herd_clone(g, NULL, NULL, &c) == HERD_OK)
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
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *g = case_new(c, NULL, NULL);
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

/* ------------------------------------- const calls that allocate */

/* An allocator made safe for threads, as docs/mainpage.md asks of the
 * allocator of a handle on which const calls run at once: it counts with
 * atomics (a plain counter is what ThreadSanitizer would catch) and checks
 * that every block comes back. */
typedef struct shared_alloc {
    atomic_long requests, live, bytes;
} shared_alloc;

static void shared_alloc_init(shared_alloc *a)
{
    atomic_init(&a->requests, 0);
    atomic_init(&a->live, 0);
    atomic_init(&a->bytes, 0);
}

static void *shared_alloc_fn(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    shared_alloc *a = ud;
    if (new_size == 0) {
        if (ptr) {
            atomic_fetch_sub(&a->live, 1);
            atomic_fetch_sub(&a->bytes, (long)old_size);
        }
        free(ptr);
        return NULL;
    }
    void *p = realloc(ptr, new_size);
    if (!p)
        return NULL;
    atomic_fetch_add(&a->requests, 1);
    if (!ptr)
        atomic_fetch_add(&a->live, 1);
    atomic_fetch_add(&a->bytes, (long)new_size - (long)old_size);
    return p;
}

/* The progress handler shared by the threads: it counts the nodes, and, in
 * the threads of the concurrent hints, waits at each one's first node until
 * every hint has reached its own, so that the hints certainly run at once
 * (however the threads are scheduled). */
typedef struct hint_progress {
    atomic_long nodes;
    pthread_barrier_t *in_flight; /* NULL: a lone hint, which only counts */
} hint_progress;

static _Thread_local int first_node_passed; /* 0 in every new thread */

static int count_nodes(void *ud)
{
    hint_progress *p = ud;
    atomic_fetch_add(&p->nodes, 1);
    if (p->in_flight && !first_node_passed) {
        first_node_passed = 1;
        pthread_barrier_wait(p->in_flight);
    }
    return 0;
}

typedef struct hint_job {
    const herd_game *g;
    int level, rc;
    herd_move m;
} hint_job;

static void *hint_game(void *arg)
{
    hint_job *j = arg;
    j->rc = herd_hint(j->g, j->level, &j->m);
    return NULL;
}

/* The level of g that searches with the fewest allocator requests (the
 * search's work area), and how many one hint makes; 0 when none allocates. */
static int allocating_level(herd_game *g, shared_alloc *a, long *requests)
{
    for (int level = 1; level <= herd_max_level(g); level++) {
        herd_move m;
        long before = atomic_load(&a->requests);
        assert_int_equal(herd_hint(g, level, &m), HERD_OK);
        *requests = atomic_load(&a->requests) - before;
        if (*requests > 0)
            return level;
    }
    return 0;
}

/* Const calls may run at once on one handle, herd_hint() at a searching
 * level included, which takes its work area from the handle's allocator and
 * calls the handle's progress handler: both are called from every thread
 * (so they must be safe for threads), and nothing else of the handle is
 * written. Each hint is the one a lone hint gives, allocates and calls the
 * handler as a lone one does (its node count is its own), and frees all. */
static void concurrent_hints_share_the_allocator_and_nothing_else(void **state)
{
    (void)state;
    size_t tried = 0;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        /* Its quick game, where a search takes milliseconds (ThreadSanitizer
         * runs this too). */
        game_case c = quick_case(d, 1);
        shared_alloc a;
        shared_alloc_init(&a);
        hint_progress progress = {.in_flight = NULL};
        atomic_init(&progress.nodes, 0);
        herd_game *g = case_new(&c, shared_alloc_fn, &a);
        /* On to a choice between two actions at least, for the search. */
        play_computer(g, 3);
        while (is_ongoing(g) && (herd_is_chance(g) || legal_count(g) < 2))
            assert_int_equal(step_computer(g), HERD_OK);
        assert_true(is_ongoing(g));
        long requests = 0;
        int level = allocating_level(g, &a, &requests);
        if (level == 0)
            fail_msg("%s %s: no level allocates", c.game, c.options);
        assert_int_equal(herd_set_progress(g, count_nodes, &progress, 1), HERD_OK);
        herd_move want;
        assert_int_equal(herd_hint(g, level, &want), HERD_OK);
        long calls = atomic_load(&progress.nodes);
        assert_true(calls > 0);
        long live = atomic_load(&a.live), before = atomic_load(&a.requests);
        snapshot s;
        snap_take(&s, g);

        hint_job jobs[THREADS];
        pthread_t th[THREADS];
        pthread_barrier_t in_flight;
        assert_int_equal(pthread_barrier_init(&in_flight, NULL, THREADS), 0);
        atomic_store(&progress.nodes, 0);
        progress.in_flight = &in_flight;
        for (int t = 0; t < THREADS; t++) {
            jobs[t] = (hint_job){.g = g, .level = level, .rc = 1};
            assert_int_equal(pthread_create(&th[t], NULL, hint_game, &jobs[t]), 0);
        }
        for (int t = 0; t < THREADS; t++)
            assert_int_equal(pthread_join(th[t], NULL), 0);
        progress.in_flight = NULL;
        pthread_barrier_destroy(&in_flight);
        for (int t = 0; t < THREADS; t++) {
            assert_int_equal(jobs[t].rc, HERD_OK);
            assert_true(jobs[t].m == want);
        }
        assert_int_equal(atomic_load(&a.requests) - before, THREADS * requests);
        assert_int_equal(atomic_load(&a.live), live);
        assert_int_equal(atomic_load(&progress.nodes), THREADS * calls);
        snap_check(&s, g);
        herd_free(g);
        assert_int_equal(atomic_load(&a.live), 0);
        assert_int_equal(atomic_load(&a.bytes), 0);
        tried++;
    }
    assert_int_equal(tried, herd_game_count()); /* every game */
}

/* ------------------------------------ hints that build the table */

typedef struct table_hint {
    const herd_game *g;
    pthread_barrier_t *start;
    int level, rc;
    herd_move m;
} table_hint;

static void *hint_at_start(void *arg)
{
    table_hint *j = arg;
    pthread_barrier_wait(j->start);
    j->rc = herd_hint(j->g, j->level, &j->m);
    return NULL;
}

/* Hints at the `perfect` level on a handle without a table, all at once:
 * each builds one, one of them publishes it in the handle and the others
 * free theirs (docs/api.md "Memory"). Afterwards the handle keeps exactly
 * the table that a lone hint keeps, every hint chose as a lone one does,
 * and the next hint allocates nothing. ThreadSanitizer checks the
 * publication. */
static void concurrent_hints_publish_one_table(void **state)
{
    (void)state;
    static const struct {
        const char *game, *text;
    } cases[] = {
        {"hare", NULL},
        {"fox", "fox turn=fox chain=0 sideways=0 fox=d4 geese=e3,e4,e5,f4"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        shared_alloc lone_a, a;
        shared_alloc_init(&lone_a);
        shared_alloc_init(&a);
        game_case c = {cases[k].game, "seed=1"};
        herd_game *lone = case_new(&c, shared_alloc_fn, &lone_a);
        herd_game *g = case_new(&c, shared_alloc_fn, &a);
        if (cases[k].text) {
            assert_int_equal(herd_position_from_text(lone, cases[k].text), HERD_OK);
            assert_int_equal(herd_position_from_text(g, cases[k].text), HERD_OK);
        }
        int level = herd_max_level(g); /* `perfect`, the last level of both */
        const char *name;
        assert_int_equal(herd_level_name(g, level, &name, NULL), HERD_OK);
        assert_string_equal(name, "perfect");
        long made = atomic_load(&lone_a.bytes);
        herd_move want;
        assert_int_equal(herd_hint(lone, level, &want), HERD_OK);
        long table = atomic_load(&lone_a.bytes) - made;
        assert_true(table > 0);

        long g_made = atomic_load(&a.bytes);
        table_hint jobs[THREADS];
        pthread_t th[THREADS];
        pthread_barrier_t start;
        assert_int_equal(pthread_barrier_init(&start, NULL, THREADS), 0);
        for (int t = 0; t < THREADS; t++) {
            jobs[t] = (table_hint){.g = g, .start = &start, .level = level, .rc = 1};
            assert_int_equal(pthread_create(&th[t], NULL, hint_at_start, &jobs[t]), 0);
        }
        for (int t = 0; t < THREADS; t++)
            assert_int_equal(pthread_join(th[t], NULL), 0);
        pthread_barrier_destroy(&start);
        for (int t = 0; t < THREADS; t++) {
            assert_int_equal(jobs[t].rc, HERD_OK);
            assert_true(jobs[t].m == want);
        }
        assert_int_equal(atomic_load(&a.bytes) - g_made, table); /* one table kept */
        long requests = atomic_load(&a.requests);
        herd_move m;
        assert_int_equal(herd_hint(g, level, &m), HERD_OK);
        assert_true(m == want);
        assert_int_equal(atomic_load(&a.requests), requests); /* the kept table served */
        herd_free(g);
        herd_free(lone);
        assert_int_equal(atomic_load(&a.bytes), 0);
        assert_int_equal(atomic_load(&lone_a.bytes), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(games_in_eight_threads_play_as_alone),
        cmocka_unit_test(const_calls_share_a_game_of_every_kind),
        cmocka_unit_test(concurrent_hints_share_the_allocator_and_nothing_else),
        cmocka_unit_test(concurrent_hints_publish_one_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
