/* Stopping long calls: herd_interrupt() from another thread and from a
 * signal handler, and the progress handler, stop a perft that would run for
 * ever (depth 64) with HERD_E_INTERRUPTED, the game unchanged; the request
 * is spent when the call returns, and nothing else is stopped. The searches
 * of the computer players stop too, herd_hint()'s (a const call) included.
 * A call stopped from outside is held at its first node by its progress
 * handler until the request is made (held, below): no sleep, no race.
 * Every case of every game (test_games.h). */
#define _POSIX_C_SOURCE 200809L /* sigaction, pthread_kill, sem_timedwait */
#include "test_games.h"

#include <errno.h>
#include <stdbool.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <time.h>

/* A stuck call must fail the test, not hang it: the watchdog gives it this
 * long after the request. */
#define WATCHDOG_S 20

/* Waits for s (a signal handler may break the wait); false after
 * `seconds`. */
static bool sem_wait_for(sem_t *s, int seconds)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += seconds;
    for (;;) {
        if (sem_timedwait(s, &until) == 0)
            return true;
        if (errno != EINTR)
            return false;
    }
}

/* A call held in flight, so that a test acts while it certainly runs, on
 * no timing: the call's progress handler (every node) posts `running` at
 * its first call and waits there for `go`; the test, once it has seen
 * `running`, makes its request (another thread's herd_interrupt(), or a
 * signal whose handler makes it) and posts `go`; the call then goes on,
 * and must stop at its next node. */
typedef struct held {
    sem_t running, go, returned;
    int calls; /* the handler's, in the call's own thread */
} held;

static int hold_at_first_node(void *ud)
{
    held *h = ud;
    if (h->calls++ == 0) {
        sem_post(&h->running);
        if (!sem_wait_for(&h->go, WATCHDOG_S)) {
            fprintf(stderr, "the request was not made within %d s\n", WATCHDOG_S);
            _Exit(1);
        }
    }
    return 0; /* only the request may stop the call */
}

static void held_init(held *h, herd_game *g)
{
    assert_int_equal(sem_init(&h->running, 0, 0), 0);
    assert_int_equal(sem_init(&h->go, 0, 0), 0);
    assert_int_equal(sem_init(&h->returned, 0, 0), 0);
    h->calls = 0;
    assert_int_equal(herd_set_progress(g, hold_at_first_node, h, 1), HERD_OK);
}

/* After the request: the call returns within the watchdog's time. */
static void held_wait_returned(held *h, const char *what)
{
    if (!sem_wait_for(&h->returned, WATCHDOG_S)) {
        fprintf(stderr, "%s was not stopped %d s after the request\n", what, WATCHDOG_S);
        _Exit(1);
    }
}

static void held_done(held *h, herd_game *g)
{
    assert_int_equal(herd_set_progress(g, NULL, NULL, 0), HERD_OK);
    assert_true(h->calls >= 1);
    sem_destroy(&h->running);
    sem_destroy(&h->go);
    sem_destroy(&h->returned);
}

typedef struct interrupter {
    herd_game *g;
    held *h;
    pthread_t target; /* for the signal variant */
    int by_signal;
} interrupter;

/* The game that the signal handler interrupts, and the call it releases. */
static held *signalled_call;

#ifdef SIGUSR1 /* POSIX signals; Windows has none to send a thread */
static herd_game *signalled_game;

static void on_sigusr1(int sig)
{
    (void)sig;
    herd_interrupt(signalled_game);
    sem_post(&signalled_call->go); /* async-signal-safe */
}
#endif

static void *interrupt_while_held(void *arg)
{
    interrupter *it = arg;
    if (!sem_wait_for(&it->h->running, WATCHDOG_S)) {
        fprintf(stderr, "perft did not start within %d s\n", WATCHDOG_S);
        _Exit(1);
    }
    if (it->by_signal) {
#ifdef SIGUSR1
        pthread_kill(it->target, SIGUSR1); /* its handler posts go */
#endif
    } else {
        herd_interrupt(it->g);
        sem_post(&it->h->go);
    }
    held_wait_returned(it->h, "perft");
    return NULL;
}

/* perft 64 on g, stopped by the interrupter while it runs; checks the
 * refusal. */
static void perft_is_stopped(herd_game *g, int by_signal)
{
    snapshot s;
    snap_take(&s, g);
    held h;
    held_init(&h, g);
    signalled_call = &h;
    interrupter it = {.g = g, .h = &h, .target = pthread_self(), .by_signal = by_signal};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, interrupt_while_held, &it), 0);
    uint64_t nodes = 777;
    int rc = herd_perft(g, 64, &nodes);
    sem_post(&h.returned);
    assert_int_equal(pthread_join(th, NULL), 0);
    held_done(&h, g);
    signalled_call = NULL;
    assert_int_equal(rc, HERD_E_INTERRUPTED);
    assert_true(nodes == 777);
    assert_string_equal(herd_last_error(g), "interrupted");
    snap_check(&s, g);
}

static void perft_stops_when_another_thread_interrupts(void **state)
{
    (void)state;
    for (const game_case *gc = first_case(); gc; gc = next_case(gc)) {
        herd_game *g = case_new(gc, NULL, NULL);
        play_computer(g, 3);
        uint64_t want, got;
        assert_int_equal(herd_perft(g, 2, &want), HERD_OK);
        perft_is_stopped(g, 0);
        /* The request is spent: the next perft runs to its end. */
        assert_int_equal(herd_perft(g, 2, &got), HERD_OK);
        assert_true(got == want);
        herd_free(g);
    }
}

static void perft_stops_when_a_signal_handler_interrupts(void **state)
{
    (void)state;
#ifndef SIGUSR1
    skip(); /* no POSIX signals (Windows) */
#else
    /* An emulator that cannot join a thread after a signal (tests/CMakeLists.txt). */
    const char *why = getenv("HERD_TEST_NO_JOIN_AFTER_SIGNAL");
    if (why && *why) {
        print_message("skipped: %s\n", why);
        skip();
    }
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigusr1;
    sigemptyset(&sa.sa_mask);
    assert_int_equal(sigaction(SIGUSR1, &sa, &old), 0);
    for (const game_case *gc = first_case(); gc; gc = next_case(gc)) {
        herd_game *g = case_new(gc, NULL, NULL);
        signalled_game = g;
        perft_is_stopped(g, 1);
        signalled_game = NULL;
        herd_free(g);
    }
    sigaction(SIGUSR1, &old, NULL);
#endif
}

static void a_request_while_idle_stops_the_next_long_call_only(void **state)
{
    (void)state;
    herd_interrupt(NULL); /* harmless */
    for (const game_case *gc = first_case(); gc; gc = next_case(gc)) {
        herd_game *g = case_new(gc, NULL, NULL), *c;
        uint64_t want, got = 99;
        size_t n;
        assert_int_equal(herd_perft(g, 1, &want), HERD_OK);
        herd_interrupt(g);
        /* Short calls are not long work: they go on. */
        assert_int_equal(herd_legal_moves(g, NULL, 0, &n), HERD_E_BUFFER);
        assert_true(n == want);
        assert_int_equal(step_computer(g), HERD_OK);
        assert_int_equal(herd_undo(g), HERD_OK);
        /* A clone does not inherit the request. */
        assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
        assert_int_equal(herd_perft(c, 1, &got), HERD_OK);
        assert_true(got == want);
        herd_free(c);
        got = 99;
        assert_int_equal(herd_perft(g, 1, &got), HERD_E_INTERRUPTED);
        assert_true(got == 99);
        assert_int_equal(herd_perft(g, 1, &got), HERD_OK);
        assert_true(got == want);
        herd_free(g);
    }
}

typedef struct progress {
    long calls;
    long stop_at; /* return nonzero on this call; 0: never */
} progress;

static int count_progress(void *ud)
{
    progress *p = ud;
    p->calls++;
    return p->stop_at && p->calls >= p->stop_at;
}

static void a_progress_handler_stops_perft(void **state)
{
    (void)state;
    for (const game_case *gc = first_case(); gc; gc = next_case(gc)) {
        herd_game *g = case_new(gc, NULL, NULL);
        progress p = {0, 5};
        assert_int_equal(herd_set_progress(g, count_progress, &p, 100), HERD_OK);
        snapshot s;
        snap_take(&s, g);
        uint64_t nodes = 555;
        assert_int_equal(herd_perft(g, 64, &nodes), HERD_E_INTERRUPTED);
        assert_true(nodes == 555);
        assert_int_equal(p.calls, 5); /* it stopped at once */
        assert_string_equal(herd_last_error(g), "interrupted by the progress handler");
        snap_check(&s, g);
        herd_free(g);
    }
}

static void a_progress_handler_that_goes_on_changes_no_count(void **state)
{
    (void)state;
    for (const game_case *gc = first_case(); gc; gc = next_case(gc)) {
        herd_game *g = case_new(gc, NULL, NULL), *c;
        uint64_t want, got, checked;
        unsigned depth = 2;
        do /* deep enough for a few hundred nodes that perft checks at: the
            * positions two plies or more above its leaves */
            assert_int_equal(herd_perft(g, ++depth - 2, &checked), HERD_OK);
        while (checked < 300 && depth < 10);
        assert_int_equal(herd_perft(g, depth, &want), HERD_OK);
        progress p = {0, 0};
        assert_int_equal(herd_set_progress(g, count_progress, &p, 7), HERD_OK);
        assert_int_equal(herd_perft(g, depth, &got), HERD_OK);
        assert_true(got == want);
        assert_true(p.calls > 0);
        /* A clone starts without the handler. */
        long calls = p.calls;
        assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
        assert_int_equal(herd_perft(c, depth, &got), HERD_OK);
        assert_int_equal(p.calls, calls);
        herd_free(c);
        /* Every 0, or no function, removes it. */
        assert_int_equal(herd_set_progress(g, count_progress, &p, 0), HERD_OK);
        assert_int_equal(herd_perft(g, depth, &got), HERD_OK);
        assert_int_equal(p.calls, calls);
        assert_int_equal(herd_set_progress(g, count_progress, &p, 1), HERD_OK);
        assert_int_equal(herd_set_progress(g, NULL, &p, 1), HERD_OK);
        assert_int_equal(herd_perft(g, depth, &got), HERD_OK);
        assert_int_equal(p.calls, calls);
        herd_free(g);
    }
    assert_int_equal(herd_set_progress(NULL, count_progress, NULL, 1), HERD_E_ARG);
}

/* A progress handler that asks for the stop through herd_interrupt(), as
 * another thread would, and lets the call go on. */
static int interrupt_from_progress(void *ud)
{
    herd_interrupt(ud);
    return 0;
}

/* A request that arrives during a search stops it at its next node or
 * playout, however short the search: every searching level of every game
 * (hex's tree search looks once per playout, and has only a few hundred). */
static void a_request_during_a_search_stops_it_at_once(void **state)
{
    (void)state;
    for (const game_case *gc = first_case(); gc; gc = next_case(gc)) {
        herd_game *g = case_new(gc, NULL, NULL), *c;
        int searching = 0;
        if (herd_is_chance(g) > 0) /* hex: the roll first, then a choice */
            assert_int_equal(herd_roll(g, NULL), HERD_OK);
        for (int level = 1; level <= herd_max_level(g); level++) {
            /* Whether this level searches: a clone's progress handler stops
             * it at its second node, if it has one. */
            progress counted = {0, 2};
            herd_move m;
            assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
            assert_int_equal(herd_set_progress(c, count_progress, &counted, 1), HERD_OK);
            int rc = herd_genmove(c, level, &m);
            herd_free(c);
            if (rc == HERD_OK)
                continue; /* its own player: nothing to stop */
            assert_int_equal(rc, HERD_E_INTERRUPTED);
            searching++;
            assert_int_equal(herd_set_progress(g, interrupt_from_progress, g, 1), HERD_OK);
            snapshot s;
            snap_take(&s, g);
            assert_int_equal(herd_genmove(g, level, &m), HERD_E_INTERRUPTED);
            assert_string_equal(herd_last_error(g), "interrupted");
            snap_check(&s, g);
            assert_int_equal(herd_set_progress(g, NULL, NULL, 0), HERD_OK);
        }
        size_t choices;
        int rc = herd_legal_moves(g, NULL, 0, &choices); /* only the count */
        assert_true(rc == HERD_OK || rc == HERD_E_BUFFER);
        if (choices > 1 && !searching) /* with one action, no level needs to search */
            fail_msg("%s %s: no level searched", gc->game, gc->options);
        herd_free(g);
    }
}

/* The levels of g that search: a clone whose progress handler stops it at
 * its second node is stopped. levels[i] is 1 for level i + 1. */
static int searching_levels(herd_game *g, int *levels)
{
    int count = 0;
    for (int level = 1; level <= herd_max_level(g); level++) {
        progress counted = {0, 2};
        herd_game *c;
        herd_move m;
        assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
        assert_int_equal(herd_set_progress(c, count_progress, &counted, 1), HERD_OK);
        int rc = herd_genmove(c, level, &m);
        herd_free(c);
        assert_true(rc == HERD_OK || rc == HERD_E_INTERRUPTED);
        levels[level - 1] = rc == HERD_E_INTERRUPTED;
        count += levels[level - 1];
    }
    return count;
}

/* A game of the case where the computer chooses (hex: after the roll),
 * whose last message is a refusal's, so that "no message" is seen. */
static herd_game *choosing_game(const game_case *c)
{
    herd_game *g = case_new(c, NULL, NULL);
    if (herd_is_chance(g) > 0)
        assert_int_equal(herd_roll(g, NULL), HERD_OK);
    assert_int_equal(herd_perft(g, 65, NULL), HERD_E_ARG); /* leaves a message */
    return g;
}

/* herd_hint() is const, yet herd_interrupt() stops its search: a request
 * made before it stops it at its first node, with nothing changed, the
 * message included (a const call leaves none), and is then spent, so the
 * next long call runs to its end. */
static void a_request_stops_a_hint_and_is_spent(void **state)
{
    (void)state;
    for (const game_case *gc = first_case(); gc; gc = next_case(gc)) {
        herd_game *g = choosing_game(gc);
        int levels[64];
        assert_true(herd_max_level(g) <= 64);
        if (searching_levels(g, levels) == 0 && legal_count(g) > 1)
            fail_msg("%s %s: no level searches", gc->game, gc->options);
        for (int level = 1; level <= herd_max_level(g); level++) {
            if (!levels[level - 1])
                continue;
            char message[HERD_ERROR_MESSAGE_SIZE];
            snprintf(message, sizeof message, "%s", herd_last_error(g));
            snapshot s;
            snap_take(&s, g);
            herd_move m = 12345;
            uint64_t nodes = 0, want;
            assert_int_equal(herd_perft(g, 1, &want), HERD_OK);
            herd_interrupt(g);
            assert_int_equal(herd_hint(g, level, &m), HERD_E_INTERRUPTED);
            assert_true(m == 12345);
            assert_string_equal(herd_last_error(g), message);
            snap_check(&s, g);
            assert_int_equal(herd_perft(g, 1, &nodes), HERD_OK);
            assert_true(nodes == want);
        }
        herd_free(g);
    }
}

/* The progress handler stops a hint too, at the node it asks, counted from
 * the hint's own start. */
static void a_progress_handler_stops_a_hint(void **state)
{
    (void)state;
    for (const game_case *gc = first_case(); gc; gc = next_case(gc)) {
        herd_game *g = choosing_game(gc);
        int levels[64];
        searching_levels(g, levels);
        for (int level = 1; level <= herd_max_level(g); level++) {
            if (!levels[level - 1])
                continue;
            for (unsigned every = 1; every <= 2; every++) {
                /* Every node, stopped at the 2nd; every 2nd, at the 1st call:
                 * each search has a 2nd node (searching_levels()). */
                progress p = {0, every == 1 ? 2 : 1};
                herd_move m;
                snapshot s;
                snap_take(&s, g);
                assert_int_equal(herd_set_progress(g, count_progress, &p, every), HERD_OK);
                assert_int_equal(herd_hint(g, level, &m), HERD_E_INTERRUPTED);
                assert_int_equal(p.calls, p.stop_at);
                assert_int_equal(herd_set_progress(g, NULL, NULL, 0), HERD_OK);
                snap_check(&s, g);
            }
        }
        herd_free(g);
    }
}

typedef struct hinter {
    herd_game *g;
    held *h;
    int level, rc;
} hinter;

static void *hint_in_thread(void *arg)
{
    hinter *t = arg;
    herd_move m;
    t->rc = herd_hint(t->g, t->level, &m);
    sem_post(&t->h->returned);
    return NULL;
}

/* Another thread's request stops a hint while it runs: Flock's strongest
 * level on the largest board, held at its first node. */
static void another_thread_stops_a_running_hint(void **state)
{
    (void)state;
    game_case largest = case_of(herd_game_desc_find("flock"), OPTIONS_LARGEST, 4);
    herd_game *g = case_new(&largest, NULL, NULL);
    snapshot s;
    snap_take(&s, g);
    held h;
    held_init(&h, g);
    hinter t = {.g = g, .h = &h, .level = herd_max_level(g), .rc = 1};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, hint_in_thread, &t), 0);
    assert_true(sem_wait_for(&h.running, WATCHDOG_S));
    herd_interrupt(g);
    sem_post(&h.go);
    held_wait_returned(&h, "the hint");
    assert_int_equal(pthread_join(th, NULL), 0);
    held_done(&h, g);
    assert_int_equal(t.rc, HERD_E_INTERRUPTED);
    assert_string_equal(herd_last_error(g), "");
    snap_check(&s, g);
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(perft_stops_when_another_thread_interrupts),
        cmocka_unit_test(perft_stops_when_a_signal_handler_interrupts),
        cmocka_unit_test(a_request_while_idle_stops_the_next_long_call_only),
        cmocka_unit_test(a_progress_handler_stops_perft),
        cmocka_unit_test(a_progress_handler_that_goes_on_changes_no_count),
        cmocka_unit_test(a_request_during_a_search_stops_it_at_once),
        cmocka_unit_test(a_request_stops_a_hint_and_is_spent),
        cmocka_unit_test(a_progress_handler_stops_a_hint),
        cmocka_unit_test(another_thread_stops_a_running_hint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
