/* The caller's allocator, for every case of every game (test_games.h): every allocation
 * of creating, cloning, playing, rolling and perft made to fail in turn
 * (the k-th alone, and every one from the k-th on) gives HERD_E_NOMEM,
 * changes nothing and leaks nothing, and the same call retried once memory
 * is back reaches the same final state (solving too); sizes passed back to the allocator
 * match what was allocated; moves, legal-move lists and undo allocate
 * nothing. */
#include "test_games.h"

#include "herd/horses.h"

static void check_clean(const test_alloc *a)
{
    assert_int_equal(a->live_blocks, 0);
    assert_int_equal(a->live_bytes, 0);
    assert_int_equal(a->bad_old_size, 0);
    assert_int_equal(a->bad_pointer, 0);
    assert_int_equal(a->table_full, 0);
}

/* ------------------------------------------- every game, every failure */

/* What an allocating call gives back through its out-parameter: untouched
 * when the call is refused. */
#define UNTOUCHED UINT64_C(0x5eed5eed5eed5eed)

typedef int (*game_op)(herd_game *g, uint64_t *out);

/* One action: the dice when a chance event waits, else the computer's move
 * or (every other step) the first legal action through herd_apply(). */
static int op_roll(herd_game *g, uint64_t *out)
{
    return herd_roll(g, out);
}

static int op_genmove(herd_game *g, uint64_t *out)
{
    return herd_play_genmove(g, 0, out);
}

static int op_apply_first(herd_game *g, uint64_t *out)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t n;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    assert_true(n > 0);
    int rc = herd_apply(g, moves[0]);
    if (rc == HERD_OK)
        *out = moves[0];
    return rc;
}

static int op_perft2(herd_game *g, uint64_t *out)
{
    return herd_perft(g, 2, out);
}

static int op_solve(herd_game *g, uint64_t *out)
{
    int winner;
    unsigned plies;
    int rc = herd_solve(g, &winner, &plies);
    if (rc == HERD_OK)
        *out = (uint64_t)winner << 32 | plies;
    return rc;
}

/* Later long calls (searching) join this list of operations. */

typedef struct failing {
    test_alloc *a;
    int refusals; /* calls refused for memory (each then retried) */
} failing;

/* Runs op on g. A refusal must be HERD_E_NOMEM with a message, the game
 * and the out-parameter untouched, and again so when tried while the
 * allocator still refuses (fail from k); once memory is back, the same
 * call succeeds. */
static void run_op(failing *f, herd_game *g, game_op op)
{
    snapshot s;
    snap_take(&s, g);
    uint64_t out = UNTOUCHED;
    int rc = op(g, &out);
    if (rc == HERD_OK) {
        herd_free(s.clone);
        return;
    }
    assert_int_equal(rc, HERD_E_NOMEM);
    assert_true(strlen(herd_last_error(g)) > 0);
    assert_true(out == UNTOUCHED);
    snap_check(&s, g);
    f->refusals++;
    if (f->a->fail_from) {
        snap_take(&s, g);
        assert_int_equal(op(g, &out), HERD_E_NOMEM);
        assert_true(out == UNTOUCHED);
        snap_check(&s, g);
    }
    f->a->fail_at = f->a->fail_from = 0;
    assert_int_equal(op(g, &out), HERD_OK);
}

/* herd_new, as run_op: refused with out and err as the contract says. */
static herd_game *new_retrying(failing *f, const game_case *c)
{
    herd_game *sentinel = (herd_game *)(uintptr_t)0x77, *g = sentinel;
    herd_error err = {0, ""};
    int rc = herd_new(c->game, c->options, ta_fn, f->a, &g, &err);
    if (rc != HERD_OK) {
        assert_int_equal(rc, HERD_E_NOMEM);
        assert_int_equal(err.code, HERD_E_NOMEM);
        assert_true(strlen(err.message) > 0);
        assert_ptr_equal(g, sentinel);
        assert_int_equal(f->a->live_blocks, 0);
        f->refusals++;
        f->a->fail_at = f->a->fail_from = 0;
        g = case_new(c, ta_fn, f->a);
    }
    return g;
}

static herd_game *clone_retrying(failing *f, const herd_game *g)
{
    herd_game *sentinel = (herd_game *)(uintptr_t)0x99, *c = sentinel;
    long blocks = f->a->live_blocks;
    int rc = herd_clone(g, ta_fn, f->a, &c);
    if (rc != HERD_OK) {
        assert_int_equal(rc, HERD_E_NOMEM);
        assert_ptr_equal(c, sentinel);
        assert_int_equal(f->a->live_blocks, blocks);
        f->refusals++;
        f->a->fail_at = f->a->fail_from = 0;
        assert_int_equal(herd_clone(g, ta_fn, f->a, &c), HERD_OK);
    }
    assert_true(herd_same_position(g, c));
    assert_int_equal(herd_history_length(c), herd_history_length(g));
    return c;
}

static void act(failing *f, herd_game *g, int i)
{
    run_op(f, g, herd_is_chance(g) ? op_roll : i % 2 ? op_apply_first : op_genmove);
}

/* The scenario: create, 40 actions, clone, perft 2 on both, 20 more
 * actions on the clone (its history grows), undo 10 on each, free. Gives
 * the final positions (malloc clones) for the comparison with the run
 * without failures. */
static void scenario(failing *f, const game_case *c, herd_game **final_g, herd_game **final_c)
{
    herd_game *g = new_retrying(f, c);
    for (int i = 0; i < 40 && is_ongoing(g); i++)
        act(f, g, i);
    herd_game *k = clone_retrying(f, g);
    run_op(f, g, op_perft2);
    run_op(f, k, op_perft2);
    for (int i = 0; i < 20 && is_ongoing(k); i++)
        act(f, k, i);
    /* Undo never allocates, so it cannot fail. */
    long requests = f->a->requests;
    for (int i = 0; i < 10; i++) {
        if (herd_history_length(g))
            assert_int_equal(herd_undo(g), HERD_OK);
        if (herd_history_length(k))
            assert_int_equal(herd_undo(k), HERD_OK);
    }
    assert_int_equal(f->a->requests, requests);
    assert_int_equal(herd_clone(g, NULL, NULL, final_g), HERD_OK);
    assert_int_equal(herd_clone(k, NULL, NULL, final_c), HERD_OK);
    herd_free(k);
    herd_free(g);
}

static void check_clean(const test_alloc *a);

static void same_final(herd_game *want, herd_game *got)
{
    char a[TEXT_CAP], b[TEXT_CAP];
    position_text(want, a);
    position_text(got, b);
    assert_string_equal(b, a);
    assert_true(herd_same_position(want, got));
    assert_int_equal(herd_history_length(got), herd_history_length(want));
    herd_free(got);
}

static void every_allocation_failure_of_every_game_is_clean(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        test_alloc a;
        failing f = {&a, 0};
        herd_game *want_g, *want_c, *got_g, *got_c;
        ta_init(&a);
        scenario(&f, c, &want_g, &want_c);
        check_clean(&a);
        assert_int_equal(f.refusals, 0);
        long total = a.requests;
        assert_true(total >= 4); /* game, history, clone, perft */
        for (int mode = 0; mode < 2; mode++)
            for (long k = 1; k <= total + 1; k++) {
                ta_init(&a);
                f.refusals = 0;
                if (mode == 0)
                    a.fail_at = k; /* fail the k-th request */
                else
                    a.fail_from = k; /* fail every request from the k-th on */
                scenario(&f, c, &got_g, &got_c);
                check_clean(&a);
                /* Each refusal was reported, retried and reached the same end. */
                if (f.refusals != (k <= total)) {
                    char name[80];
                    print_error("%s: k=%ld of %ld (mode %d): %d refusals\n",
                                case_name(c, name, sizeof name), k, total, mode, f.refusals);
                }
                assert_int_equal(f.refusals, k <= total);
                same_final(want_g, got_g);
                same_final(want_c, got_c);
            }
        herd_free(want_g);
        herd_free(want_c);
    }
}

static void new_failing_reports_nomem_and_leaks_nothing(void **state)
{
    (void)state;
    test_alloc a;
    herd_horses_options o;
    herd_horses_options_init(&o, HERD_HORSES_OPTIONS_VERSION);
    ta_init(&a);
    a.fail_at = 1;
    herd_game *g = (herd_game *)(uintptr_t)0x55;
    herd_error err = {0, ""};
    assert_int_equal(herd_horses_new(&o, ta_fn, &a, &g, &err), HERD_E_NOMEM);
    assert_int_equal(err.code, HERD_E_NOMEM);
    assert_ptr_equal(g, (herd_game *)(uintptr_t)0x55);
    check_clean(&a);
    /* An option error frees what it allocated. */
    ta_init(&a);
    o.width = 99;
    assert_int_equal(herd_horses_new(&o, ta_fn, &a, &g, &err), HERD_E_RANGE);
    check_clean(&a);
    assert_int_equal(herd_new("horses", "n=11", ta_fn, &a, &g, &err), HERD_E_RANGE);
    check_clean(&a);
    assert_ptr_equal(g, (herd_game *)(uintptr_t)0x55);
    /* The same through herd_new() for every game: its first request
     * refused, and each whole-number option one past its largest value. */
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        ta_init(&a);
        a.fail_at = 1;
        assert_int_equal(herd_new(d->name, NULL, ta_fn, &a, &g, &err), HERD_E_NOMEM);
        assert_int_equal(err.code, HERD_E_NOMEM);
        check_clean(&a);
        for (size_t i = 0; i < d->option_count; i++) {
            const herd_option_desc *opt = &d->options[i];
            if (opt->kind != HERD_OPTION_RANGE || opt->max == UINT64_MAX)
                continue;
            char options[64];
            snprintf(options, sizeof options, "%s=%llu", opt->key,
                     (unsigned long long)opt->max + 1);
            ta_init(&a);
            assert_int_equal(herd_new(d->name, options, ta_fn, &a, &g, &err), HERD_E_RANGE);
            check_clean(&a);
        }
        assert_ptr_equal(g, (herd_game *)(uintptr_t)0x55);
    }
}

/* Solving builds its table with the handle's allocator (a fox endgame's in
 * many blocks): each of its allocations made to fail, alone or with every
 * later one, is refused for memory as run_op() checks, and leaks nothing. */
static void solve_refused_for_memory_changes_nothing(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"hare", NULL}, {"fox", "fox turn=geese chain=0 sideways=0 fox=d4 geese=a3,b3,c1,e1,f3"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int mode = 0; mode < 2; mode++) {
            long k = 1, refused = 1;
            for (; refused; k++) {
                test_alloc a;
                failing f = {&a, 0};
                herd_game *g;
                herd_error err;
                ta_init(&a);
                assert_int_equal(herd_new(cases[i][0], "", ta_fn, &a, &g, &err), HERD_OK);
                if (cases[i][1])
                    assert_int_equal(herd_position_from_text(g, cases[i][1]), HERD_OK);
                if (mode == 0)
                    a.fail_at = a.requests + k;
                else
                    a.fail_from = a.requests + k;
                run_op(&f, g, op_solve);
                refused = f.refusals;
                herd_free(g);
                check_clean(&a);
            }
            assert_true(k > (cases[i][1] ? 6 : 2)); /* the fox's table: many blocks */
        }
}

static void moves_legal_lists_and_undo_allocate_nothing(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        test_alloc a;
        ta_init(&a);
        herd_game *g = case_new(c, ta_fn, &a);
        long after_new = a.requests;
        assert_true(after_new >= 1);
        herd_move moves[HERD_MAX_MOVES];
        size_t n;
        char text[TEXT_CAP];
        size_t len;
        int played = 0;
        for (int i = 0; i < 600 && is_ongoing(g); i++) {
            assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
            assert_true(herd_is_legal(g, moves[0]));
            assert_int_equal(herd_position_to_text(g, text, sizeof text, &len), HERD_OK);
            assert_int_equal(herd_apply(g, moves[(unsigned)i % n]), HERD_OK);
            played++;
        }
        assert_true(played > 5);
        /* The history grows geometrically: a handful of requests for
         * hundreds of moves. */
        long grows = a.requests - after_new;
        assert_true(grows >= (played >= 16));
        int bound = 1;
        for (long slots = 16; slots < played + 1; slots *= 2)
            bound++;
        assert_true(grows <= bound);
        long before_undo = a.requests;
        while (herd_history_length(g) > 0)
            assert_int_equal(herd_undo(g), HERD_OK);
        assert_int_equal(a.requests, before_undo);
        /* Replaying within the history already there allocates nothing. */
        for (int i = 0; i < played && i < 50; i++) {
            assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
            assert_int_equal(herd_apply(g, moves[0]), HERD_OK);
        }
        assert_int_equal(a.requests, before_undo);
        herd_free(g);
        check_clean(&a);
    }
}

static void apply_refused_for_memory_changes_nothing(void **state)
{
    (void)state;
    test_alloc a;
    ta_init(&a);
    herd_game *g;
    assert_int_equal(herd_new("horses", "w=10 h=10 n=6 seed=31", ta_fn, &a, &g, NULL), HERD_OK);
    a.fail_from = a.requests + 1; /* the history may not grow any more */
    int refused = 0;
    for (int i = 0; i < 100 && !refused; i++) {
        herd_status st;
        herd_get_status(g, &st);
        assert_int_equal(st.result, HERD_ONGOING);
        herd_move moves[HERD_MAX_MOVES];
        size_t n;
        assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
        snapshot s;
        snap_take(&s, g);
        int rc = herd_apply(g, moves[0]);
        if (rc == HERD_OK) {
            herd_free(s.clone);
            continue;
        }
        assert_int_equal(rc, HERD_E_NOMEM);
        assert_true(strlen(herd_last_error(g)) > 0);
        snap_check(&s, g);
        /* Once memory is back, the same move plays. */
        a.fail_from = 0;
        assert_int_equal(herd_apply(g, moves[0]), HERD_OK);
        refused = 1;
    }
    assert_true(refused);
    herd_free(g);
    check_clean(&a);
}

static void perft_frees_its_work_area(void **state)
{
    (void)state;
    test_alloc a;
    ta_init(&a);
    herd_game *g;
    assert_int_equal(herd_new("horses", "seed=4", ta_fn, &a, &g, NULL), HERD_OK);
    long blocks = a.live_blocks;
    size_t bytes = a.live_bytes;
    uint64_t nodes;
    assert_int_equal(herd_perft(g, 3, &nodes), HERD_OK);
    assert_int_equal(a.live_blocks, blocks);
    assert_int_equal(a.live_bytes, bytes);
    assert_true(a.requests >= 2);
    /* A refused perft work area: NOMEM with a message, game unchanged. */
    a.fail_from = a.requests + 1;
    snapshot s;
    snap_take(&s, g);
    assert_int_equal(herd_perft(g, 3, &nodes), HERD_E_NOMEM);
    assert_true(strlen(herd_last_error(g)) > 0);
    snap_check(&s, g);
    a.fail_from = 0;
    herd_free(g);
    check_clean(&a);
}

static void clone_uses_its_own_allocator(void **state)
{
    (void)state;
    test_alloc a, b;
    ta_init(&a);
    ta_init(&b);
    herd_game *g, *c;
    assert_int_equal(herd_new("horses", "seed=6", ta_fn, &a, &g, NULL), HERD_OK);
    for (int i = 0; i < 20; i++)
        assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
    long ra = a.requests;
    assert_int_equal(herd_clone(g, ta_fn, &b, &c), HERD_OK);
    assert_int_equal(a.requests, ra);
    assert_true(b.requests >= 2); /* the handle and its copied history */
    for (int i = 0; i < 40; i++) {
        herd_status st;
        herd_get_status(c, &st);
        if (st.result != HERD_ONGOING)
            break;
        assert_int_equal(herd_play_genmove(c, 0, NULL), HERD_OK);
    }
    assert_int_equal(a.requests, ra);
    herd_free(g);
    check_clean(&a);
    assert_true(b.live_blocks > 0);
    herd_free(c);
    check_clean(&b);
    /* A clone with the default allocator of a game with a custom one. */
    ta_init(&a);
    assert_int_equal(herd_new("horses", "seed=6", ta_fn, &a, &g, NULL), HERD_OK);
    assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
    herd_free(g);
    check_clean(&a);
    assert_int_equal(herd_play_genmove(c, 0, NULL), HERD_OK);
    herd_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_allocation_failure_of_every_game_is_clean),
        cmocka_unit_test(new_failing_reports_nomem_and_leaks_nothing),
        cmocka_unit_test(solve_refused_for_memory_changes_nothing),
        cmocka_unit_test(moves_legal_lists_and_undo_allocate_nothing),
        cmocka_unit_test(apply_refused_for_memory_changes_nothing),
        cmocka_unit_test(perft_frees_its_work_area),
        cmocka_unit_test(clone_uses_its_own_allocator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
