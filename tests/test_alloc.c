/* The caller's allocator: every allocation of creating and playing a game
 * made to fail in turn gives an error, changes nothing and leaks nothing;
 * sizes passed back to the allocator match what was allocated; moves,
 * legal-move lists and undo allocate nothing. */
#include "test_util.h"

static void check_clean(const test_alloc *a)
{
    assert_int_equal(a->live_blocks, 0);
    assert_int_equal(a->live_bytes, 0);
    assert_int_equal(a->bad_old_size, 0);
    assert_int_equal(a->bad_pointer, 0);
    assert_int_equal(a->table_full, 0);
}

/* The scenario: herd_new, 40 computer moves, a clone, perft 2, undo, free.
 * Returns the number of the step that failed (0: none). */
static int scenario(test_alloc *a, long *moves_played)
{
    herd_game *g = (herd_game *)(uintptr_t)0x77, *c = NULL;
    herd_error err = {0, ""};
    int rc = herd_new(&g, "horses", "w=12 h=10 n=8 seed=2024", ta_fn, a, &err);
    *moves_played = 0;
    if (rc != HERD_OK) {
        assert_int_equal(rc, HERD_E_NOMEM);
        assert_int_equal(err.code, HERD_E_NOMEM);
        assert_true(strlen(err.message) > 0);
        assert_ptr_equal(g, (herd_game *)(uintptr_t)0x77); /* out untouched */
        return 1;
    }
    int failed = 0;
    for (int i = 0; i < 40 && !failed; i++) {
        herd_status st;
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING)
            break;
        snapshot s;
        snap_take(&s, g); /* the snapshot's clone uses malloc, not a */
        herd_move m = 0xdead;
        rc = herd_play_genmove(g, 0, &m);
        if (rc != HERD_OK) {
            assert_int_equal(rc, HERD_E_NOMEM);
            assert_true(m == 0xdead);
            assert_true(strlen(herd_last_error(g)) > 0);
            snap_check(&s, g); /* generator included: nothing was drawn for good */
            failed = 2;
            break;
        }
        herd_free(s.clone);
        (*moves_played)++;
    }
    if (!failed) {
        herd_game *sentinel = (herd_game *)(uintptr_t)0x99;
        c = sentinel;
        rc = herd_clone(g, &c, ta_fn, a);
        if (rc != HERD_OK) {
            assert_int_equal(rc, HERD_E_NOMEM);
            assert_ptr_equal(c, sentinel);
            c = NULL;
            failed = 3;
        } else {
            assert_true(herd_same_position(g, c));
        }
    }
    if (!failed) {
        uint64_t nodes = 4242;
        snapshot s;
        snap_take(&s, g);
        rc = herd_perft(g, 2, &nodes);
        if (rc != HERD_OK) {
            assert_int_equal(rc, HERD_E_NOMEM);
            assert_true(nodes == 4242);
            snap_check(&s, g);
            failed = 4;
        } else {
            herd_free(s.clone);
            assert_true(nodes > 0);
        }
    }
    if (!failed) {
        /* Undo never allocates, so it cannot fail here. */
        for (int i = 0; i < 10; i++)
            assert_int_equal(herd_undo(g), HERD_OK);
        assert_int_equal(herd_undo(c), HERD_OK);
    }
    herd_free(c);
    herd_free(g);
    return failed;
}

static void every_allocation_failure_is_clean(void **state)
{
    (void)state;
    test_alloc a;
    long moves;
    /* Without failures: how many requests the scenario makes. */
    ta_init(&a);
    assert_int_equal(scenario(&a, &moves), 0);
    check_clean(&a);
    assert_int_equal(moves, 40);
    long total = a.requests;
    assert_true(total >= 4); /* game, history, clone (+ its history), perft */

    int seen[5] = {0};
    for (long k = 1; k <= total + 1; k++) {
        ta_init(&a);
        a.fail_at = k;
        int failed = scenario(&a, &moves);
        check_clean(&a);
        if (k <= total) {
            assert_int_equal(a.failures, 1);
            assert_true(failed > 0); /* every failure is reported */
        } else {
            assert_int_equal(failed, 0); /* past the last request nothing fails */
            assert_int_equal(a.failures, 0);
        }
        seen[failed]++;
    }
    /* Failures happened in creation, in play, in the clone and in perft. */
    assert_true(seen[1] >= 1);
    assert_true(seen[2] >= 1);
    assert_true(seen[3] >= 1);
    assert_true(seen[4] >= 1);

    /* Every request from the k-th on fails: still clean. */
    for (long k = 1; k <= total; k++) {
        ta_init(&a);
        a.fail_from = k;
        assert_true(scenario(&a, &moves) > 0);
        check_clean(&a);
    }
}

static void new_failing_reports_nomem_and_leaks_nothing(void **state)
{
    (void)state;
    test_alloc a;
    herd_horses_options o;
    herd_horses_default_options(&o);
    ta_init(&a);
    a.fail_at = 1;
    herd_game *g = (herd_game *)(uintptr_t)0x55;
    herd_error err = {0, ""};
    assert_int_equal(herd_horses_new(&g, &o, ta_fn, &a, &err), HERD_E_NOMEM);
    assert_int_equal(err.code, HERD_E_NOMEM);
    assert_ptr_equal(g, (herd_game *)(uintptr_t)0x55);
    check_clean(&a);
    /* An option error frees what it allocated. */
    ta_init(&a);
    o.width = 99;
    assert_int_equal(herd_horses_new(&g, &o, ta_fn, &a, &err), HERD_E_RANGE);
    check_clean(&a);
    assert_int_equal(herd_new(&g, "horses", "n=11", ta_fn, &a, &err), HERD_E_RANGE);
    check_clean(&a);
    assert_ptr_equal(g, (herd_game *)(uintptr_t)0x55);
}

static void moves_legal_lists_and_undo_allocate_nothing(void **state)
{
    (void)state;
    test_alloc a;
    ta_init(&a);
    herd_game *g;
    assert_int_equal(herd_new(&g, "horses", "w=20 h=16 n=10 seed=8", ta_fn, &a, NULL), HERD_OK);
    long after_new = a.requests;
    assert_true(after_new >= 1);
    herd_move moves[HERD_MAX_MOVES];
    size_t n;
    char text[TEXT_CAP];
    size_t len;
    int played = 0;
    for (int i = 0; i < 600; i++) {
        herd_status st;
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING)
            break;
        assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
        assert_true(herd_is_legal(g, moves[0]));
        assert_int_equal(herd_position_to_text(g, text, sizeof text, &len), HERD_OK);
        assert_int_equal(herd_apply(g, moves[(unsigned)i % n]), HERD_OK);
        played++;
    }
    assert_true(played > 100);
    /* The history grows geometrically: a handful of requests for hundreds of moves. */
    long grows = a.requests - after_new;
    assert_true(grows >= 1);
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

static void apply_refused_for_memory_changes_nothing(void **state)
{
    (void)state;
    test_alloc a;
    ta_init(&a);
    herd_game *g;
    assert_int_equal(herd_new(&g, "horses", "w=10 h=10 n=6 seed=31", ta_fn, &a, NULL), HERD_OK);
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
    assert_int_equal(herd_new(&g, "horses", "seed=4", ta_fn, &a, NULL), HERD_OK);
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
    assert_int_equal(herd_new(&g, "horses", "seed=6", ta_fn, &a, NULL), HERD_OK);
    for (int i = 0; i < 20; i++)
        assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
    long ra = a.requests;
    assert_int_equal(herd_clone(g, &c, ta_fn, &b), HERD_OK);
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
    assert_int_equal(herd_new(&g, "horses", "seed=6", ta_fn, &a, NULL), HERD_OK);
    assert_int_equal(herd_clone(g, &c, NULL, NULL), HERD_OK);
    herd_free(g);
    check_clean(&a);
    assert_int_equal(herd_play_genmove(c, 0, NULL), HERD_OK);
    herd_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_allocation_failure_is_clean),
        cmocka_unit_test(new_failing_reports_nomem_and_leaks_nothing),
        cmocka_unit_test(moves_legal_lists_and_undo_allocate_nothing),
        cmocka_unit_test(apply_refused_for_memory_changes_nothing),
        cmocka_unit_test(perft_frees_its_work_area),
        cmocka_unit_test(clone_uses_its_own_allocator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
