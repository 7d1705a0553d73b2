/* The conventions of the C API (docs/api.md, "Conventions"), each checked
 * where a call could break it: every buffer call reports through its `len`
 * what it wrote or, when the buffer is too small, what it needs, writing
 * nothing then, and takes NULL for `len`; a required pointer passed as NULL
 * is refused with HERD_E_ARG, and a call on a non-const handle names it in
 * its message while a const call leaves the message alone; the 0.x names
 * are macros for the new functions. The argument order needs no test here:
 * a call in the old order passes pointers of the wrong types, which the
 * compiler reports (an error with -Werror). */
#include "test_games.h"

#include "herd/batch.h"
#include "herd/flock.h"
#include "herd/fox.h"
#include "herd/hare.h"
#include "herd/horses.h"

#include <stdalign.h>

/* ------------------------------------------------------ the fixtures */

/* A game of each kind that a buffer call needs, and a batch. */
typedef struct fixture {
    herd_game *horses; /* after one move: horses_move */
    herd_move horses_move;
    herd_game *hex; /* at its first chance event */
    herd_game *flock;
    herd_cell flock_stone; /* a stone with somewhere to go */
    herd_batch *batch;
} fixture;

static herd_move first_legal(const herd_game *g)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t n;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    assert_true(n > 0);
    return moves[0];
}

static void fixture_make(fixture *f)
{
    f->horses = game_new("horses", "seed=3");
    f->horses_move = first_legal(f->horses);
    assert_int_equal(herd_apply(f->horses, f->horses_move), HERD_OK);
    f->hex = game_new("hex", "seed=3");
    assert_true(herd_is_chance(f->hex));
    f->flock = game_new("flock", "seed=3");
    assert_int_equal(herd_flock_move_cells(first_legal(f->flock), &f->flock_stone, NULL), HERD_OK);
    assert_int_equal(herd_batch_new("horses", NULL, 3, 5, 0, NULL, NULL, &f->batch, NULL), HERD_OK);
}

static void fixture_free(fixture *f)
{
    herd_free(f->horses);
    herd_free(f->hex);
    herd_free(f->flock);
    herd_batch_free(f->batch);
}

/* ------------------------------------------------- every buffer call */

typedef struct buffer_call {
    const char *name;
    size_t element; /* the bytes of one element of the buffer */
    int text;       /* 1: a text, whose NUL needs room past its `len` */
    int (*call)(const fixture *f, void *buf, size_t cap, size_t *len);
} buffer_call;

static int call_legal_moves(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_legal_moves(f->horses, buf, cap, len);
}

static int call_legal_actions(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_legal_actions(f->horses, buf, cap, len);
}

static int call_chance_outcomes(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_chance_outcomes(f->hex, buf, NULL, cap, len);
}

static int call_legal_mask(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_legal_mask(f->horses, buf, cap, len);
}

static int call_observation(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_observation(f->hex, 1, buf, cap, len);
}

static int call_position_to_text(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_position_to_text(f->horses, buf, cap, len);
}

static int call_move_to_text(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_move_to_text(f->horses, f->horses_move, buf, cap, len);
}

static int call_show(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_show(f->hex, buf, cap, len);
}

static int call_save(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_save(f->flock, buf, cap, len);
}

static int call_game_options_text(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_game_options_text(f->flock, buf, cap, len);
}

static int call_game_desc_to_text(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_game_desc_to_text(herd_game_desc_of(f->hex), buf, cap, len);
}

static int call_horses_lines(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_horses_lines(f->horses, HERD_HORSES_GREEN, buf, cap, len);
}

static int call_horses_log_line(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_horses_log_line(f->horses, 1, f->horses_move, buf, cap, len);
}

static int call_horses_history_line(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_horses_history_line(f->horses, 0, buf, cap, len);
}

static int call_flock_members(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_flock_members(f->flock, f->flock_stone, buf, cap, len);
}

static int call_flock_targets(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_flock_targets(f->flock, f->flock_stone, buf, cap, len);
}

static int call_batch_masks(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_batch_masks(f->batch, buf, cap, len);
}

static int call_batch_observations(const fixture *f, void *buf, size_t cap, size_t *len)
{
    return herd_batch_observations(f->batch, buf, cap, len);
}

// clang-format off
#define CALL(name, type) {#name, sizeof(type), 0, call_##name}
#define TEXT(name) {#name, 1, 1, call_##name}
// clang-format on

static const buffer_call BUFFER_CALLS[] = {
    CALL(legal_moves, herd_move),
    CALL(legal_actions, size_t),
    CALL(chance_outcomes, herd_move),
    CALL(legal_mask, unsigned char),
    CALL(observation, float),
    TEXT(position_to_text),
    TEXT(move_to_text),
    TEXT(show),
    TEXT(save),
    TEXT(game_options_text),
    TEXT(game_desc_to_text),
    CALL(horses_lines, herd_horses_line),
    TEXT(horses_log_line),
    TEXT(horses_history_line),
    CALL(flock_members, herd_cell),
    CALL(flock_targets, herd_cell),
    CALL(batch_masks, unsigned char),
    CALL(batch_observations, float),
};

#define ROOM (1 << 18)
#define FILL 0xA5

static alignas(max_align_t) unsigned char first[ROOM], second[ROOM];

/* The index of the first byte of buf that is not FILL, or n. */
static size_t first_written(const unsigned char *buf, size_t n)
{
    size_t i = 0;
    while (i < n && buf[i] == FILL)
        i++;
    return i;
}

/* Each buffer call, with room and without: what it writes and reports with
 * a `len` it writes with NULL too, and without room it reports the same
 * need (with or without a buffer) and writes nothing. */
static void every_buffer_call_reports_its_length_and_takes_null(void **state)
{
    (void)state;
    fixture f;
    fixture_make(&f);
    for (size_t i = 0; i < sizeof BUFFER_CALLS / sizeof BUFFER_CALLS[0]; i++) {
        const buffer_call *c = &BUFFER_CALLS[i];
        size_t cap = ROOM / c->element, len = SIZE_MAX, need = SIZE_MAX;
        print_message("%s\n", c->name);
        memset(first, FILL, ROOM);
        memset(second, FILL, ROOM);
        assert_int_equal(c->call(&f, first, cap, &len), HERD_OK);
        assert_true(len > 0 && len < cap);
        assert_int_equal(c->call(&f, second, cap, NULL), HERD_OK);
        assert_memory_equal(first, second, ROOM);

        /* Too small: the need, nothing written, with a `len` or NULL. */
        memset(second, FILL, ROOM);
        assert_int_equal(c->call(&f, second, 0, &need), HERD_E_BUFFER);
        assert_int_equal(need, len);
        need = SIZE_MAX;
        assert_int_equal(c->call(&f, NULL, 0, &need), HERD_E_BUFFER);
        assert_int_equal(need, len);
        /* One element short: nothing written. */
        assert_int_equal(c->call(&f, second, c->text ? len : len - 1, NULL), HERD_E_BUFFER);
        assert_int_equal(first_written(second, ROOM), ROOM);
    }
    fixture_free(&f);
}

/* ------------------------------------------- masks and observations */

/* The legal mask and the observation of every game: one element short,
 * HERD_E_BUFFER with the size needed and the buffer untouched; with room,
 * the size written. */
static void mask_and_observation_report_the_size_needed(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *g = case_new(c, NULL, NULL);
        size_t n = herd_num_actions(g), shape[3], len = 0;
        assert_int_equal(herd_observation_shape(g, shape), HERD_OK);
        size_t floats = shape[0] * shape[1] * shape[2];
        assert_true(n <= ROOM && floats <= ROOM / sizeof(float));

        memset(first, FILL, ROOM);
        assert_int_equal(herd_legal_mask(g, first, n - 1, &len), HERD_E_BUFFER);
        assert_int_equal(len, n);
        assert_int_equal(first_written(first, ROOM), ROOM);
        len = 0;
        assert_int_equal(herd_legal_mask(g, first, n, &len), HERD_OK);
        assert_int_equal(len, n);

        memset(first, FILL, ROOM);
        len = 0;
        assert_int_equal(herd_observation(g, 0, (float *)(void *)first, floats - 1, &len),
                         HERD_E_BUFFER);
        assert_int_equal(len, floats);
        assert_int_equal(first_written(first, ROOM), ROOM);
        len = 0;
        assert_int_equal(herd_observation(g, 0, (float *)(void *)first, floats, &len), HERD_OK);
        assert_int_equal(len, floats);
        herd_free(g);
    }
}

/* The same for a batch: n x N bytes of masks, n x F floats. */
static void batch_masks_and_observations_report_the_size_needed(void **state)
{
    (void)state;
    herd_batch *b = NULL;
    assert_int_equal(herd_batch_new("hex", "size=4", 4, 9, 0, NULL, NULL, &b, NULL), HERD_OK);
    const herd_game *g = herd_batch_game(b, 0);
    size_t shape[3], len = 0;
    assert_int_equal(herd_observation_shape(g, shape), HERD_OK);
    size_t masks = 4 * herd_num_actions(g), floats = 4 * shape[0] * shape[1] * shape[2];

    memset(first, FILL, ROOM);
    assert_int_equal(herd_batch_masks(b, first, masks - 1, &len), HERD_E_BUFFER);
    assert_int_equal(len, masks);
    assert_int_equal(first_written(first, ROOM), ROOM);
    len = 0;
    assert_int_equal(herd_batch_masks(b, first, masks, &len), HERD_OK);
    assert_int_equal(len, masks);

    memset(first, FILL, ROOM);
    len = 0;
    assert_int_equal(herd_batch_observations(b, (float *)(void *)first, floats - 1, &len),
                     HERD_E_BUFFER);
    assert_int_equal(len, floats);
    assert_int_equal(first_written(first, ROOM), ROOM);
    len = 0;
    assert_int_equal(herd_batch_observations(b, (float *)(void *)first, floats, &len), HERD_OK);
    assert_int_equal(len, floats);
    herd_batch_free(b);
}

/* ----------------------------------------------- required pointers */

/* A call on a non-const handle with a required pointer NULL. */
typedef struct required_row {
    const char *param;
    int (*call)(herd_game *g);
} required_row;

static int null_position_text(herd_game *g)
{
    return herd_position_from_text(g, NULL);
}

static int null_move_text(herd_game *g)
{
    herd_move m;
    return herd_move_from_text(g, NULL, &m);
}

static int null_move_out(herd_game *g)
{
    return herd_move_from_text(g, "stop", NULL);
}

static int null_genmove_out(herd_game *g)
{
    return herd_genmove(g, 0, NULL);
}

static int null_perft_out(herd_game *g)
{
    return herd_perft(g, 1, NULL);
}

static int null_copy_source(herd_game *g)
{
    return herd_copy_position(g, NULL);
}

static int null_load_text(herd_game *g)
{
    return herd_load(g, NULL);
}

static int null_solve_winner(herd_game *g)
{
    unsigned plies;
    return herd_solve(g, NULL, &plies);
}

static int null_solve_plies(herd_game *g)
{
    int winner;
    return herd_solve(g, &winner, NULL);
}

static const required_row REQUIRED[] = {
    {"text", null_position_text}, {"text", null_move_text},      {"m", null_move_out},
    {"m", null_genmove_out},      {"nodes", null_perft_out},     {"src", null_copy_source},
    {"text", null_load_text},     {"winner", null_solve_winner}, {"plies", null_solve_plies},
};

/* Refused with HERD_E_ARG, a message that names the parameter, and the
 * game as it was. */
static void a_required_null_is_named_in_the_message(void **state)
{
    (void)state;
    herd_game *g = game_new("fox", NULL);
    for (size_t i = 0; i < sizeof REQUIRED / sizeof REQUIRED[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "%s must not be NULL", REQUIRED[i].param);
        snapshot s;
        snap_take(&s, g);
        assert_int_equal(REQUIRED[i].call(g), HERD_E_ARG);
        assert_string_equal(herd_last_error(g), want);
        snap_check(&s, g);
    }
    herd_free(g);
}

/* The creating functions, which have no handle yet, name theirs in the
 * herd_error. */
static void a_creating_function_names_its_required_null(void **state)
{
    (void)state;
    herd_game *g = NULL;
    herd_batch *b = NULL;
    herd_error err = {0, ""};
    assert_int_equal(herd_new(NULL, NULL, NULL, NULL, &g, &err), HERD_E_ARG);
    assert_string_equal(err.message, "game must not be NULL");
    assert_int_equal(herd_new("hex", NULL, NULL, NULL, NULL, &err), HERD_E_ARG);
    assert_string_equal(err.message, "out must not be NULL");
    assert_int_equal(herd_new_from_save(NULL, NULL, NULL, &g, &err), HERD_E_ARG);
    assert_string_equal(err.message, "text must not be NULL");
    assert_int_equal(herd_new_from_save("hex", NULL, NULL, NULL, &err), HERD_E_ARG);
    assert_string_equal(err.message, "out must not be NULL");
    assert_int_equal(herd_batch_new(NULL, NULL, 1, 0, 0, NULL, NULL, &b, &err), HERD_E_ARG);
    assert_string_equal(err.message, "game must not be NULL");
    assert_int_equal(herd_batch_new("hex", NULL, 1, 0, 0, NULL, NULL, NULL, &err), HERD_E_ARG);
    assert_string_equal(err.message, "out must not be NULL");
    assert_null(g);
    assert_null(b);
}

/* The batch's calls name theirs too, herd_batch_step() each of its three. */
static void a_batch_names_its_required_null(void **state)
{
    (void)state;
    herd_batch *b = NULL;
    assert_int_equal(herd_batch_new("hare", NULL, 2, 1, 0, NULL, NULL, &b, NULL), HERD_OK);
    size_t actions[2] = {0, 0};
    float rewards[4];
    unsigned char done[2];
    int sides[2];
    assert_int_equal(herd_batch_masks(b, NULL, 8, NULL), HERD_E_ARG);
    assert_string_equal(herd_batch_last_error(b), "masks must not be NULL");
    assert_int_equal(herd_batch_observations(b, NULL, 8, NULL), HERD_E_ARG);
    assert_string_equal(herd_batch_last_error(b), "buf must not be NULL");
    assert_int_equal(herd_batch_sides(b, NULL, 2), HERD_E_ARG);
    assert_string_equal(herd_batch_last_error(b), "sides must not be NULL");
    assert_int_equal(herd_batch_sides(b, sides, 2), HERD_OK);
    assert_int_equal(herd_batch_random_actions(b, NULL, 2), HERD_E_ARG);
    assert_string_equal(herd_batch_last_error(b), "actions must not be NULL");
    assert_int_equal(herd_batch_step(b, NULL, 2, rewards, done), HERD_E_ARG);
    assert_string_equal(herd_batch_last_error(b), "actions must not be NULL");
    assert_int_equal(herd_batch_step(b, actions, 2, NULL, done), HERD_E_ARG);
    assert_string_equal(herd_batch_last_error(b), "rewards must not be NULL");
    assert_int_equal(herd_batch_step(b, actions, 2, rewards, NULL), HERD_E_ARG);
    assert_string_equal(herd_batch_last_error(b), "done must not be NULL");
    herd_batch_free(b);
}

/* A const call refuses a required NULL too, and leaves the message of the
 * last failed non-const call as it was. */
static void a_const_call_refuses_null_without_a_message(void **state)
{
    (void)state;
    herd_game *g = game_new("horses", NULL);
    assert_int_equal(herd_apply(g, 0), HERD_E_ILLEGAL);
    char before[HERD_ERROR_MESSAGE_SIZE];
    snprintf(before, sizeof before, "%s", herd_last_error(g));
    assert_true(before[0] != '\0');
    herd_move m = first_legal(g);
    assert_int_equal(herd_legal_mask(g, NULL, 8, NULL), HERD_E_ARG);
    assert_int_equal(herd_observation(g, 0, NULL, 8, NULL), HERD_E_ARG);
    assert_int_equal(herd_move_to_action(g, m, NULL), HERD_E_ARG);
    assert_int_equal(herd_action_to_move(g, 0, NULL), HERD_E_ARG);
    assert_int_equal(herd_get_status(g, NULL), HERD_E_ARG);
    assert_int_equal(herd_hint(g, 0, NULL), HERD_E_ARG);
    assert_int_equal(herd_clone(g, NULL, NULL, NULL), HERD_E_ARG);
    assert_int_equal(herd_legal_moves(g, NULL, 8, NULL), HERD_E_ARG);
    assert_string_equal(herd_last_error(g), before);
    herd_free(g);
}

/* ------------------------------------------------ deprecated names */

#define NAME_OF(x) #x
#define EXPANDED(x) NAME_OF(x)

/* Each 0.x name is a macro for its new function, and calls it. */
static void the_old_names_call_the_new_functions(void **state)
{
    (void)state;
    assert_string_equal(EXPANDED(herd_fox_fox), "herd_fox_locate");
    assert_string_equal(EXPANDED(herd_hare_hare), "herd_hare_locate");
    assert_string_equal(EXPANDED(herd_flock_flock), "herd_flock_members");
    assert_string_equal(EXPANDED(herd_action_index), "herd_move_to_action");
    assert_string_equal(EXPANDED(herd_action_move), "herd_action_to_move");

    herd_cell cell = {-1, -1};
    herd_game *fox = game_new("fox", NULL);
    assert_int_equal(herd_fox_fox(fox, &cell), HERD_OK);
    assert_true(cell.row == 3 && cell.col == 3); /* d4 */
    herd_free(fox);

    herd_game *hare = game_new("hare", "start=b3");
    assert_int_equal(herd_hare_hare(hare, &cell), HERD_OK);
    assert_true(cell.row == 1 && cell.col == 2);
    herd_free(hare);

    herd_game *flock = game_new("flock", NULL);
    herd_cell stone, members[HERD_FLOCK_MAX_SIZE * HERD_FLOCK_MAX_SIZE];
    size_t n = 0, k = 0;
    assert_int_equal(herd_flock_move_cells(first_legal(flock), &stone, NULL), HERD_OK);
    assert_int_equal(
        herd_flock_flock(flock, stone, members, sizeof members / sizeof members[0], &n), HERD_OK);
    assert_int_equal(herd_flock_members(flock, stone, NULL, 0, &k), n ? HERD_E_BUFFER : HERD_OK);
    assert_int_equal(k, n);

    herd_move m = first_legal(flock), back = 0;
    size_t action = SIZE_MAX;
    assert_int_equal(herd_action_index(flock, m, &action), HERD_OK);
    assert_true(action < herd_num_actions(flock));
    assert_int_equal(herd_action_move(flock, action, &back), HERD_OK);
    assert_true(back == m);
    herd_free(flock);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_buffer_call_reports_its_length_and_takes_null),
        cmocka_unit_test(mask_and_observation_report_the_size_needed),
        cmocka_unit_test(batch_masks_and_observations_report_the_size_needed),
        cmocka_unit_test(a_required_null_is_named_in_the_message),
        cmocka_unit_test(a_creating_function_names_its_required_null),
        cmocka_unit_test(a_batch_names_its_required_null),
        cmocka_unit_test(a_const_call_refuses_null_without_a_message),
        cmocka_unit_test(the_old_names_call_the_new_functions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
