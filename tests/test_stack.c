/* The stack the calls need (docs/api.md, "Threads"): every level's
 * genmove and hint, perft to depth 4 and solve of every game of the
 * registry, and the calls that list one position's moves (legal moves,
 * masks and actions, playouts at every level, a batch's steps) run on a
 * thread whose stack is 16 KiB, as an embedded caller or a pool of small
 * threads gives them. A call that needed more would overrun it and crash
 * the test. */
/* mmap()'s MAP_ANONYMOUS and pthread_attr_setstack() beside C11. */
#define _DEFAULT_SOURCE 1

#include "test_games.h"

#include <herd/batch.h>

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#if defined(__unix__) || defined(__APPLE__)
#    include <sys/mman.h>
#    include <unistd.h>
#    define HAVE_MMAP 1
#endif

/* The stack the calls need: 16 KiB where the library is optimised (the
 * build types but Debug); without optimisation each inlined copy of a
 * function keeps its own locals, and the build passes its own figure
 * (tests/CMakeLists.txt). 0: not measured in this build (sanitizers make
 * every frame larger by design). */
#ifndef HERD_TEST_STACK_BYTES
#    define HERD_TEST_STACK_BYTES (16 * 1024)
#endif
#define STACK_BYTES HERD_TEST_STACK_BYTES

/* What the thread found: the first call that failed, in words. */
typedef struct stack_run {
    const herd_game_desc *desc;
    int calls;
    char fault[160];
} stack_run;

static void fault(stack_run *r, const char *what, int level, int rc)
{
    if (!r->fault[0])
        snprintf(r->fault, sizeof r->fault, "%s: %s at level %d: %s", r->desc->name, what, level,
                 herd_strerror(rc));
}

/* The game at its start, past a chance event that waits there (hex's
 * first roll), so that the computer players may choose. */
static herd_game *started(stack_run *r)
{
    herd_game *g = NULL;
    int rc = herd_new(r->desc->name, NULL, NULL, NULL, &g, NULL);
    if (rc != HERD_OK) {
        fault(r, "herd_new", 0, rc);
        return NULL;
    }
    herd_move m;
    if (herd_is_chance(g) && (rc = herd_roll(g, &m)) != HERD_OK)
        fault(r, "herd_roll", 0, rc);
    return g;
}

/* The calls that keep one position's moves or actions on their stack; the
 * test's own buffers are on the heap, so that the stack is the calls'.
 * Each counts one call in r->calls; returns how many it made. */
static int run_lists(stack_run *r, const herd_game *g)
{
    size_t max = herd_max_moves(g), actions = herd_num_actions(g), n = 0;
    herd_move *moves = malloc(max * sizeof *moves);
    size_t *numbers = malloc(actions * sizeof *numbers);
    unsigned char *mask = malloc(2 * actions); /* a batch of two's masks */
    int rc, calls = 0;
    if (!moves || !numbers || !mask) {
        fault(r, "malloc", 0, HERD_E_NOMEM);
        goto out;
    }
    /* A buffer of 1 is below every game's bound: the list is made on the stack and copied. */
    if ((rc = herd_legal_moves(g, moves, 1, &n)) != HERD_E_BUFFER ||
        (rc = herd_legal_moves(g, moves, max, &n)) != HERD_OK)
        fault(r, "herd_legal_moves", 0, rc);
    if (n == 0 || herd_is_legal(g, moves[n - 1]) != 1)
        fault(r, "herd_is_legal", 0, HERD_E_ARG);
    if ((rc = herd_legal_mask(g, mask, actions, NULL)) != HERD_OK)
        fault(r, "herd_legal_mask", 0, rc);
    if ((rc = herd_legal_actions(g, numbers, actions, &n)) != HERD_OK)
        fault(r, "herd_legal_actions", 0, rc);
    calls += 4;
    /* Every level a playout takes (the random player and the game's own
     * players; the searches and tables are refused before they start). */
    for (int level = HERD_PLAYOUT_RANDOM; level <= r->desc->level_count; level++) {
        herd_playout_result res = HERD_PLAYOUT_RESULT_INIT;
        if (level == HERD_PLAYOUT_RANDOM || level > 0) {
            rc = herd_playouts(g, 2, level, 1, 200, &res);
            if (rc != HERD_OK && rc != HERD_E_UNSUPPORTED)
                fault(r, "herd_playouts", level, rc);
            calls++;
        }
    }
    herd_batch *b = NULL;
    if ((rc = herd_batch_new(r->desc->name, NULL, 2, 1, 200, NULL, NULL, &b, NULL)) != HERD_OK) {
        fault(r, "herd_batch_new", 0, rc);
        goto out;
    }
    for (int step = 0; step < 50 && rc == HERD_OK; step++) {
        float rewards[4];
        unsigned char done[2];
        if ((rc = herd_batch_random_actions(b, numbers, 2)) != HERD_OK ||
            (rc = herd_batch_step(b, numbers, 2, rewards, done)) != HERD_OK)
            fault(r, "herd_batch_step", 0, rc);
    }
    if ((rc = herd_batch_masks(b, mask, 2 * actions, NULL)) != HERD_OK)
        fault(r, "herd_batch_masks", 0, rc);
    herd_batch_free(b);
    calls += 3;
out:
    free(moves);
    free(numbers);
    free(mask);
    return calls;
}

/* How many calls run_lists() makes for the game: its four list calls, a
 * playout at random and at each level, and three of the batch. */
static int list_calls(const herd_game_desc *d)
{
    return 4 + 1 + d->level_count + 3;
}

static void *run_calls(void *arg)
{
    stack_run *r = arg;
    herd_game *g = started(r);
    if (!g)
        return NULL;
    herd_move m;
    int rc;
    for (int level = 1; level <= r->desc->level_count; level++) {
        if ((rc = herd_hint(g, level, &m)) != HERD_OK)
            fault(r, "herd_hint", level, rc);
        if ((rc = herd_genmove(g, level, &m)) != HERD_OK)
            fault(r, "herd_genmove", level, rc);
        r->calls += 2;
    }
    uint64_t nodes = 0;
    if ((rc = herd_perft(g, 4, &nodes)) != HERD_OK || nodes == 0)
        fault(r, "herd_perft 4", 0, rc);
    int winner;
    unsigned plies;
    rc = herd_solve(g, &winner, &plies);
    if (rc != HERD_OK && !(rc == HERD_E_UNSUPPORTED && !r->desc->solvable))
        fault(r, "herd_solve", 0, rc);
    r->calls += 2;
    r->calls += run_lists(r, g);
    herd_free(g);
    return NULL;
}

static void every_call_of_every_game_runs_on_a_16_kib_stack(void **state)
{
    (void)state;
#if STACK_BYTES == 0
    (void)run_calls; /* used only where the stack is measured */
    (void)list_calls;
    print_message("sanitizers or coverage instrument every frame: not measured, skipped\n");
    skip();
#elif !HAVE_MMAP || (defined(PTHREAD_STACK_MIN) && PTHREAD_STACK_MIN > STACK_BYTES)
    (void)run_calls;
    (void)list_calls;
    print_message("no %d-byte thread stack with a guard page here: skipped\n", STACK_BYTES);
    skip();
#else
    /* The stack is the test's own: 16 KiB and, below it, a page that no
     * call may touch, so that a call that needs more stops the test
     * (SIGSEGV) instead of writing past it. The C library keeps its
     * thread descriptor at its top, as in any thread's stack. */
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *map = mmap(NULL, page + STACK_BYTES, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(map != MAP_FAILED);
    assert_int_equal(mprotect(map, page, PROT_NONE), 0);
    for (size_t i = 0; i < herd_game_count(); i++) {
        stack_run r = {herd_game_desc_at(i), 0, ""};
        pthread_attr_t attr;
        pthread_t t;
        assert_int_equal(pthread_attr_init(&attr), 0);
        int rc = pthread_attr_setstack(&attr, map + page, STACK_BYTES);
        if (rc != 0) {
            pthread_attr_destroy(&attr);
            munmap(map, page + STACK_BYTES);
            print_message("a %d-byte thread stack is refused here (%d): skipped\n", STACK_BYTES,
                          rc);
            skip();
        }
        assert_int_equal(pthread_create(&t, &attr, run_calls, &r), 0);
        assert_int_equal(pthread_join(t, NULL), 0);
        pthread_attr_destroy(&attr);
        if (r.fault[0])
            fail_msg("%s", r.fault);
        assert_int_equal(r.calls, 2 * r.desc->level_count + 2 + list_calls(r.desc));
    }
    munmap(map, page + STACK_BYTES);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_call_of_every_game_runs_on_a_16_kib_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
