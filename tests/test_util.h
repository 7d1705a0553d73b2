/* The layer every CMocka test shares: a counting (and failing) allocator, a
 * small generator for the tests' own random choices, games made, set and
 * played through the generic API with every step asserted, and a snapshot
 * of a game to prove that a refused call changed nothing. Nothing here knows
 * one game: a game's own reference model has its own header
 * (horses_model.h), and the tests that run over every game of the registry
 * add test_games.h.
 *
 * Every function is static inline so that a test file that does not use one
 * gets no unused-function warning. */
#ifndef HERD_TEST_UTIL_H
#define HERD_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "herd/herd.h"

/* ------------------------------------------------------------ allocator */

#define TA_MAX_BLOCKS 256

/* A Lua-style allocator that counts what it is asked, can fail the k-th
 * request for memory (fresh or grow), tracks every live block with its size
 * and checks that each old_size it is given is the size it handed out. */
typedef struct test_alloc {
    long requests;  /* calls that asked for memory (new_size > 0) */
    long frees;     /* calls that released memory (new_size == 0) */
    long fail_at;   /* fail the request with this number (1-based); 0: never */
    long fail_from; /* fail every request from this number on; 0: never */
    long failures;  /* requests refused */
    long live_blocks;
    size_t live_bytes;
    long bad_old_size; /* old_size that did not match the block's size */
    long bad_pointer;  /* a pointer that this allocator did not hand out */
    long table_full;
    struct {
        void *p;
        size_t n;
    } blk[TA_MAX_BLOCKS];
} test_alloc;

static inline void ta_init(test_alloc *a)
{
    memset(a, 0, sizeof *a);
}

static inline int ta_find(const test_alloc *a, const void *p)
{
    for (int i = 0; i < TA_MAX_BLOCKS; i++)
        if (a->blk[i].p == p)
            return i;
    return -1;
}

static inline void *ta_fn(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    test_alloc *a = ud;
    int slot = -1;
    if (ptr) {
        slot = ta_find(a, ptr);
        if (slot < 0) {
            a->bad_pointer++;
            return NULL;
        }
        if (a->blk[slot].n != old_size)
            a->bad_old_size++;
    } else if (old_size != 0) {
        a->bad_old_size++;
    }
    if (new_size == 0) {
        a->frees++;
        if (ptr) {
            a->live_blocks--;
            a->live_bytes -= a->blk[slot].n;
            a->blk[slot].p = NULL;
            a->blk[slot].n = 0;
            free(ptr);
        }
        return NULL;
    }
    a->requests++;
    if ((a->fail_at && a->requests == a->fail_at) ||
        (a->fail_from && a->requests >= a->fail_from)) {
        a->failures++;
        return NULL; /* ptr untouched, as the contract says */
    }
    if (!ptr) {
        slot = ta_find(a, NULL);
        if (slot < 0) {
            a->table_full++;
            return NULL;
        }
        void *p = malloc(new_size);
        if (!p)
            return NULL;
        memset(p, 0xA5, new_size); /* no hidden reliance on zeroed memory */
        a->blk[slot].p = p;
        a->blk[slot].n = new_size;
        a->live_blocks++;
        a->live_bytes += new_size;
        return p;
    }
    void *p = realloc(ptr, new_size);
    if (!p)
        return NULL;
    a->live_bytes = a->live_bytes - a->blk[slot].n + new_size;
    a->blk[slot].p = p;
    a->blk[slot].n = new_size;
    return p;
}

/* The counting allocator, which also keeps the most bytes live at once
 * since peak_init() or peak_reset(). */
typedef struct peak_alloc {
    test_alloc a;
    size_t peak;
} peak_alloc;

static inline void *peak_fn(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    peak_alloc *p = ud;
    void *r = ta_fn(&p->a, ptr, old_size, new_size);
    if (p->a.live_bytes > p->peak)
        p->peak = p->a.live_bytes;
    return r;
}

static inline void peak_init(peak_alloc *p)
{
    ta_init(&p->a);
    p->peak = 0;
}

static inline void peak_reset(peak_alloc *p)
{
    p->peak = p->a.live_bytes;
}

/* ------------------------------------------------------------ generator */

/* The tests' own choices (not the library's generator): xorshift64*. */
typedef struct test_rng {
    uint64_t s;
} test_rng;

static inline void trng_seed(test_rng *r, uint64_t seed)
{
    r->s = seed * UINT64_C(0x9E3779B97F4A7C15) + UINT64_C(0x632BE59BD9B4E019);
    if (!r->s)
        r->s = 1;
}

static inline uint64_t trng_next(test_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * UINT64_C(2685821657736338717);
}

static inline unsigned trng_below(test_rng *r, unsigned n)
{
    return (unsigned)(trng_next(r) >> 33) % n;
}

/* ------------------------------------------------------------ games */

#define TEXT_CAP HERD_MAX_POSITION_TEXT

/* A game of that name with those options, which must be accepted. */
static inline herd_game *game_new(const char *game, const char *options)
{
    herd_game *g = NULL;
    herd_error err = {0, ""};
    int rc = herd_new(game, options, NULL, NULL, &g, &err);
    if (rc != HERD_OK)
        print_error("herd_new(%s, %s) failed: %d %s\n", game, options ? options : "NULL", rc,
                    err.message);
    assert_int_equal(rc, HERD_OK);
    assert_non_null(g);
    return g;
}

/* A game with those options set to a position text unless text is NULL;
 * the text must be accepted. */
static inline herd_game *game_with(const char *game, const char *options, const char *text)
{
    herd_game *g = game_new(game, options);
    int rc = text ? herd_position_from_text(g, text) : HERD_OK;
    if (rc != HERD_OK)
        print_error("position refused: %d %s\n  %s\n", rc, herd_last_error(g), text);
    assert_int_equal(rc, HERD_OK);
    return g;
}

/* A game with its default options at a position text (NULL: the start). */
static inline herd_game *game_of(const char *game, const char *text)
{
    return game_with(game, NULL, text);
}

static inline void position_text(const herd_game *g, char *buf)
{
    size_t len = 0;
    assert_int_equal(herd_position_to_text(g, buf, TEXT_CAP, &len), HERD_OK);
    assert_int_equal(strlen(buf), len);
}

static inline void expect_position(const herd_game *g, const char *want)
{
    char text[TEXT_CAP];
    position_text(g, text);
    assert_string_equal(text, want);
}

/* An action from its text through the public parser (which must accept it). */
static inline herd_move parse_move(herd_game *g, const char *text)
{
    herd_move m = 0;
    int rc = herd_move_from_text(g, text, &m);
    if (rc != HERD_OK)
        print_error("action text '%s' refused: %s\n", text, herd_last_error(g));
    assert_int_equal(rc, HERD_OK);
    return m;
}

/* Plays an action given as text: the code of reading it, else of applying it. */
static inline int play_text(herd_game *g, const char *text)
{
    herd_move m;
    int rc = herd_move_from_text(g, text, &m);
    return rc == HERD_OK ? herd_apply(g, m) : rc;
}

/* Plays an action given as text, which must be read and played. */
static inline void play(herd_game *g, const char *text)
{
    int rc = herd_apply(g, parse_move(g, text));
    if (rc != HERD_OK)
        print_error("action %s refused (%d): %s\n", text, rc, herd_last_error(g));
    assert_int_equal(rc, HERD_OK);
}

static inline int is_legal_text(herd_game *g, const char *text)
{
    return herd_is_legal(g, parse_move(g, text));
}

static inline size_t legal_count(const herd_game *g)
{
    herd_move buf[HERD_MAX_MOVES];
    size_t n = 0;
    assert_int_equal(herd_legal_moves(g, buf, HERD_MAX_MOVES, &n), HERD_OK);
    return n;
}

static inline int is_ongoing(const herd_game *g)
{
    herd_status st;
    assert_int_equal(herd_get_status(g, &st), HERD_OK);
    return st.result == HERD_ONGOING;
}

/* The side to act, or the winner once the game has ended. */
static inline int side_to_act(const herd_game *g)
{
    herd_status st;
    assert_int_equal(herd_get_status(g, &st), HERD_OK);
    return st.side;
}

static inline void check_status(const herd_game *g, herd_result result, int side,
                                herd_reason reason)
{
    herd_status st;
    assert_int_equal(herd_get_status(g, &st), HERD_OK);
    if (st.result != result || st.side != side || st.reason != reason)
        print_error("status %d %d %d, wanted %d %d %d\n", st.result, st.side, st.reason, result,
                    side, reason);
    assert_int_equal(st.result, result);
    assert_int_equal(st.side, side);
    assert_int_equal(st.reason, reason);
}

/* qsort() orders: texts in char arrays, and actions by value. */
static inline int by_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static inline int cmp_move(const void *a, const void *b)
{
    herd_move x = *(const herd_move *)a, y = *(const herd_move *)b;
    return x < y ? -1 : x > y;
}

/* ------------------------------------------------------------ refusals */

/* What a refused call must leave alone. */
typedef struct snapshot {
    char text[TEXT_CAP];
    size_t history;
    herd_status status;
    herd_game *clone;
} snapshot;

static inline void snap_take(snapshot *s, const herd_game *g)
{
    position_text(g, s->text);
    s->history = herd_history_length(g);
    assert_int_equal(herd_get_status(g, &s->status), HERD_OK);
    assert_int_equal(herd_clone(g, NULL, NULL, &s->clone), HERD_OK);
}

/* Checks that g is exactly as it was, and frees the snapshot. */
static inline void snap_check(snapshot *s, const herd_game *g)
{
    char now[TEXT_CAP];
    herd_status st;
    position_text(g, now);
    assert_string_equal(now, s->text);
    assert_int_equal(herd_history_length(g), s->history);
    assert_int_equal(herd_get_status(g, &st), HERD_OK);
    assert_int_equal(st.result, s->status.result);
    assert_int_equal(st.side, s->status.side);
    assert_int_equal(st.reason, s->status.reason);
    assert_true(herd_same_position(g, s->clone));
    herd_free(s->clone);
    s->clone = NULL;
}

/* Refuses m with the code and a message that contains `part`; m is not
 * legal there, and the game is left exactly as it was. */
static inline void expect_refused(herd_game *g, herd_move m, int code, const char *part)
{
    snapshot s;
    snap_take(&s, g);
    int rc = herd_apply(g, m);
    if (rc != code || !strstr(herd_last_error(g), part))
        print_error("expected %d '%s', got %d '%s'\n", code, part, rc, herd_last_error(g));
    assert_int_equal(rc, code);
    assert_non_null(strstr(herd_last_error(g), part));
    assert_false(herd_is_legal(g, m));
    snap_check(&s, g);
}

/* The same for an action given as text, which the parser reads. */
static inline void expect_refused_text(herd_game *g, const char *text, int code, const char *part)
{
    expect_refused(g, parse_move(g, text), code, part);
}

#endif /* HERD_TEST_UTIL_H */
