/* The structs that grow (docs/api.md): a caller built against an older
 * header passes its smaller struct, and the library writes nothing past it.
 * Each struct is passed as it was at version 1, frozen below, at the start
 * of a buffer whose rest holds a canary; the library must leave the canary
 * alone, read only that version's fields, and refuse versions it does not
 * know without writing anything. When a struct gains a version, its frozen
 * copy here stays as it is: it is then the older caller. */
#include "test_util.h"

#include <limits.h>

#include "herd/flock.h"
#include "herd/fox.h"
#include "herd/hare.h"
#include "herd/hex.h"
#include "herd/horses.h"
#include "internal.h"

/* ------------------------------------------------ version 1, frozen */

typedef struct horses_v1 {
    unsigned version;
    int width, height, horses;
    uint64_t seed;
} horses_v1;

typedef struct hex_v1 {
    unsigned version;
    int size;
    uint64_t seed;
} hex_v1;

typedef struct hare_v1 {
    unsigned version;
    herd_cell start;
    uint64_t seed;
} hare_v1;

typedef struct fox_v1 {
    unsigned version;
    int geese, sideways;
    uint64_t seed;
} fox_v1;

typedef struct flock_v1 {
    unsigned version;
    int width, height;
    uint64_t seed;
} flock_v1;

typedef struct playout_v1 {
    unsigned version;
    uint64_t games, wins[2], draws, unfinished, actions;
    double mean_length;
} playout_v1;

/* Today's structs begin with version 1's fields, where version 1 had them. */
#define SAME_PREFIX(now, v1, last)                                                         \
    _Static_assert(offsetof(now, last) == offsetof(v1, last) && sizeof(now) >= sizeof(v1), \
                   #now " begins with version 1")
SAME_PREFIX(herd_horses_options, horses_v1, seed);
SAME_PREFIX(herd_hex_options, hex_v1, seed);
SAME_PREFIX(herd_hare_options, hare_v1, seed);
SAME_PREFIX(herd_fox_options, fox_v1, seed);
SAME_PREFIX(herd_flock_options, flock_v1, seed);
SAME_PREFIX(herd_playout_result, playout_v1, mean_length);

/* ---------------------------------------------------- the guarded buffer */

#define CANARY 0xA5

/* A caller's struct of `size` bytes at the start, the canary after it. */
typedef struct guarded {
    union {
        max_align_t align;
        unsigned char bytes[256];
    } u;
    size_t size;
} guarded;

static void *guard(guarded *b, size_t size, unsigned version)
{
    memset(b->u.bytes, CANARY, sizeof b->u.bytes);
    memcpy(b->u.bytes, &version, sizeof version);
    b->size = size;
    return b->u.bytes;
}

static void check_guard(const guarded *b)
{
    for (size_t i = b->size; i < sizeof b->u.bytes; i++)
        if (b->u.bytes[i] != CANARY)
            fail_msg("byte %zu past a struct of %zu bytes was written", i, b->size);
}

static unsigned version_of(const guarded *b)
{
    unsigned v;
    memcpy(&v, b->u.bytes, sizeof v);
    return v;
}

/* ------------------------------------------------------------ the games */

/* One game's typed options, through one signature for the loops below. */
typedef struct typed {
    const char *name;
    const char *options; /* some options other than the defaults */
    size_t v1_size;
    unsigned current; /* HERD_*_OPTIONS_VERSION */
    int (*init)(void *opt, unsigned version);
    void (*defaults)(void *opt);
    int (*of)(const herd_game *g, void *opt);
    int (*create)(const void *opt, herd_game **out, herd_error *err);
} typed;

#define TYPED(game, GAME, opts)                                                                    \
    static int game##_init(void *opt, unsigned version)                                            \
    {                                                                                              \
        return herd_##game##_options_init(opt, version);                                           \
    }                                                                                              \
    static void game##_defaults(void *opt)                                                         \
    {                                                                                              \
        herd_##game##_default_options(opt);                                                        \
    }                                                                                              \
    static int game##_of(const herd_game *g, void *opt)                                            \
    {                                                                                              \
        return herd_##game##_options_of(g, opt);                                                   \
    }                                                                                              \
    static int game##_create(const void *opt, herd_game **out, herd_error *err)                    \
    {                                                                                              \
        return herd_##game##_new(opt, NULL, NULL, out, err);                                       \
    }                                                                                              \
    static const typed game##_typed = {                                                            \
        #game,           opts,      sizeof(game##_v1), HERD_##GAME##_OPTIONS_VERSION, game##_init, \
        game##_defaults, game##_of, game##_create}

TYPED(horses, HORSES, "w=9 h=10 n=5 seed=7");
TYPED(hex, HEX, "size=7 seed=7");
TYPED(hare, HARE, "start=b3 seed=7");
TYPED(fox, FOX, "geese=15 sideways=1 seed=7");
TYPED(flock, FLOCK, "w=9 h=6 seed=7");

static const typed *const games[] = {&horses_typed, &hex_typed, &hare_typed, &fox_typed,
                                     &flock_typed};
#define GAME_COUNT (sizeof games / sizeof games[0])

/* The options text of a game. */
static void options_text(const herd_game *g, char *buf, size_t cap)
{
    assert_int_equal(herd_game_options_text(g, buf, cap, &(size_t){0}), HERD_OK);
}

/* The game the typed options at b make, by its options text. */
static void created_from(const typed *t, const guarded *b, char *buf, size_t cap)
{
    herd_game *g = NULL;
    herd_error err;
    assert_int_equal(t->create(b->u.bytes, &g, &err), HERD_OK);
    options_text(g, buf, cap);
    herd_free(g);
}

/* options_init() and the deprecated default_options() fill version 1 with
 * the defaults, and nothing past it. */
static void init_writes_only_the_version_given(void **state)
{
    (void)state;
    for (size_t i = 0; i < GAME_COUNT; i++) {
        const typed *t = games[i];
        herd_game *d = NULL;
        herd_error err;
        char want[128], got[128];
        assert_int_equal(herd_new(t->name, NULL, NULL, NULL, &d, &err), HERD_OK);
        options_text(d, want, sizeof want);
        herd_free(d);

        guarded b;
        assert_int_equal(t->init(guard(&b, t->v1_size, 0), 1), HERD_OK);
        check_guard(&b);
        assert_int_equal(version_of(&b), 1);
        created_from(t, &b, got, sizeof got);
        assert_string_equal(got, want);

        t->defaults(guard(&b, t->v1_size, 0));
        check_guard(&b);
        assert_int_equal(version_of(&b), 1);
        created_from(t, &b, got, sizeof got);
        assert_string_equal(got, want);
    }
}

/* options_of() into a version 1 struct: its fields, nothing past them,
 * and they make the same game again. */
static void options_of_writes_only_the_version_given(void **state)
{
    (void)state;
    for (size_t i = 0; i < GAME_COUNT; i++) {
        const typed *t = games[i];
        herd_game *g = NULL;
        herd_error err;
        char want[128], got[128];
        assert_int_equal(herd_new(t->name, t->options, NULL, NULL, &g, &err), HERD_OK);
        options_text(g, want, sizeof want);
        assert_string_equal(want, t->options);

        guarded b;
        assert_int_equal(t->of(g, guard(&b, t->v1_size, 1)), HERD_OK);
        check_guard(&b);
        assert_int_equal(version_of(&b), 1);
        created_from(t, &b, got, sizeof got);
        assert_string_equal(got, want);
        herd_free(g);
    }
}

/* A version this library does not know: refused, nothing written, and the
 * creation functions say why. */
static void unknown_versions_are_refused(void **state)
{
    (void)state;
    for (size_t i = 0; i < GAME_COUNT; i++) {
        const typed *t = games[i];
        const unsigned bad[] = {0, t->current + 1, UINT_MAX};
        herd_game *g = NULL;
        herd_error err;
        assert_int_equal(herd_new(t->name, NULL, NULL, NULL, &g, &err), HERD_OK);
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            guarded b, before;
            guard(&b, 0, bad[k]);
            before = b;
            assert_int_equal(t->init(b.u.bytes, bad[k]), HERD_E_ARG);
            assert_memory_equal(b.u.bytes, before.u.bytes, sizeof b.u.bytes);
            assert_int_equal(t->of(g, b.u.bytes), HERD_E_ARG);
            assert_memory_equal(b.u.bytes, before.u.bytes, sizeof b.u.bytes);
            herd_game *out = NULL;
            assert_int_equal(t->create(b.u.bytes, &out, &err), HERD_E_ARG);
            assert_null(out);
            assert_int_equal(err.code, HERD_E_ARG);
            char want[96];
            snprintf(want, sizeof want, "herd_%s_options version %u is not one this library reads",
                     t->name, bad[k]);
            assert_non_null(strstr(err.message, want));
        }
        assert_int_equal(t->init(NULL, t->current), HERD_E_ARG);
        herd_free(g);
    }
}

/* herd_playouts() into a version 1 result: its counts, nothing past them;
 * an unknown version refused with nothing written. */
static void playouts_write_only_the_version_given(void **state)
{
    (void)state;
    herd_game *g = NULL;
    herd_error err;
    assert_int_equal(herd_new("hare", NULL, NULL, NULL, &g, &err), HERD_OK);
    guarded b;
    assert_int_equal(herd_playouts(g, 3, HERD_PLAYOUT_RANDOM, 1, 0,
                                   guard(&b, sizeof(playout_v1), HERD_PLAYOUT_RESULT_VERSION)),
                     HERD_OK);
    check_guard(&b);
    playout_v1 r;
    memcpy(&r, b.u.bytes, sizeof r);
    assert_int_equal(r.version, 1);
    assert_int_equal(r.games, 3);
    assert_int_equal(r.wins[0] + r.wins[1] + r.draws + r.unfinished, 3);

    const unsigned bad[] = {0, HERD_PLAYOUT_RESULT_VERSION + 1};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        guarded before;
        guard(&b, 0, bad[k]);
        before = b;
        assert_int_equal(herd_playouts(g, 3, HERD_PLAYOUT_RANDOM, 1, 0,
                                       (herd_playout_result *)(void *)b.u.bytes),
                         HERD_E_ARG);
        assert_memory_equal(b.u.bytes, before.u.bytes, sizeof b.u.bytes);
    }
    herd_free(g);
}

/* The mechanism when a struct has grown, before any has: a struct of two
 * versions, 8 and 16 bytes. Version 1 gets 8 bytes written, and a version 1
 * caller's struct is read for 8 bytes, the rest left at the defaults. */
static void a_grown_struct_writes_and_reads_the_older_version(void **state)
{
    (void)state;
    static const size_t sizes[] = {8, 16};
    const herd_versions v = {"grown", sizes, 2};
    unsigned char full[16];
    memset(full, 0x11, sizeof full);
    guarded b;
    assert_int_equal(herdi_versioned_write(guard(&b, 8, 0), full, 1, &v), HERD_OK);
    check_guard(&b);
    assert_int_equal(version_of(&b), 1);
    assert_int_equal(b.u.bytes[7], 0x11);
    assert_int_equal(herdi_versioned_write(guard(&b, 16, 0), full, 2, &v), HERD_OK);
    check_guard(&b);
    assert_int_equal(version_of(&b), 2);
    assert_int_equal(b.u.bytes[15], 0x11);
    guarded before;
    guard(&b, 0, 3);
    before = b;
    assert_int_equal(herdi_versioned_write(b.u.bytes, full, 3, &v), HERD_E_ARG);
    assert_memory_equal(b.u.bytes, before.u.bytes, sizeof b.u.bytes);

    unsigned char defaults[16];
    memset(defaults, 0x22, sizeof defaults);
    guard(&b, 8, 1);
    herd_error err;
    assert_int_equal(herdi_versioned_read(defaults, b.u.bytes, &v, &err), HERD_OK);
    assert_int_equal(defaults[7], CANARY);
    assert_int_equal(defaults[8], 0x22);
    guard(&b, 8, 3);
    assert_int_equal(herdi_versioned_read(defaults, b.u.bytes, &v, &err), HERD_E_ARG);
    assert_string_equal(err.message, "grown version 3 is not one this library reads (1..2)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(init_writes_only_the_version_given),
        cmocka_unit_test(options_of_writes_only_the_version_given),
        cmocka_unit_test(unknown_versions_are_refused),
        cmocka_unit_test(playouts_write_only_the_version_given),
        cmocka_unit_test(a_grown_struct_writes_and_reads_the_older_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
