/* The stack the calls need (docs/api.md, "Threads"): every level's
 * genmove and hint, perft to depth 4 and solve of every game of the
 * registry run on a thread whose stack is 16 KiB, as an embedded caller
 * or a pool of small threads gives them. A call that needed more would
 * overrun it and crash the test. */
/* mmap()'s MAP_ANONYMOUS and pthread_attr_setstack() beside C11. */
#define _DEFAULT_SOURCE 1

#include "test_games.h"

#include <limits.h>
#include <pthread.h>
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
    herd_free(g);
    return NULL;
}

static void every_call_of_every_game_runs_on_a_16_kib_stack(void **state)
{
    (void)state;
#if STACK_BYTES == 0
    (void)run_calls; /* used only where the stack is measured */
    print_message("sanitizers or coverage instrument every frame: not measured, skipped\n");
    skip();
#elif !HAVE_MMAP || (defined(PTHREAD_STACK_MIN) && PTHREAD_STACK_MIN > STACK_BYTES)
    (void)run_calls;
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
        assert_int_equal(r.calls, 2 * r.desc->level_count + 2);
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
