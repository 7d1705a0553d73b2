/* What the undo history says of its actions (herd_history_move(),
 * herd_history_side()), on every case of every game: random games checked
 * against a log the test keeps, through every way of playing, undo and
 * undo of a turn, clones, copies into caller memory, and the calls that
 * clear the history (set, load, copy_position). */
#include "test_games.h"

#include <stdalign.h>

#include "internal.h" /* herdi_game_state(): a state's bytes */

#define LOG_MAX 400

/* The test's own log of the actions in the history, oldest first. */
typedef struct move_log {
    size_t len;
    herd_move move[LOG_MAX];
    int side[LOG_MAX], chance[LOG_MAX];
} move_log;

static alignas(max_align_t) unsigned char arena[1 << 16];

/* Checks that g's history is exactly the log, action by action. */
static void expect_history(const herd_game *g, const move_log *log, const char *where)
{
    if (herd_history_length(g) != log->len)
        print_error("%s: the history holds %zu actions, the log %zu\n", where,
                    herd_history_length(g), log->len);
    assert_int_equal(herd_history_length(g), log->len);
    for (size_t i = 0; i < log->len; i++) {
        herd_move m = 0;
        int side = -1, chance = -1;
        assert_int_equal(herd_history_move(g, i, &m), HERD_OK);
        assert_int_equal(herd_history_side(g, i, &side, &chance), HERD_OK);
        if (m != log->move[i] || side != log->side[i] || chance != log->chance[i])
            print_error("%s: action %zu is %llu (side %d, chance %d), the log says %llu (%d, %d)\n",
                        where, i, (unsigned long long)m, side, chance,
                        (unsigned long long)log->move[i], log->side[i], log->chance[i]);
        assert_true(m == log->move[i]);
        assert_int_equal(side, log->side[i]);
        assert_int_equal(chance, log->chance[i]);
    }
    herd_move m = 12345;
    assert_int_equal(herd_history_move(g, log->len, &m), HERD_E_RANGE);
    assert_true(m == 12345);
}

/* One action, chosen by r among the ways of playing, logged. */
static void play_logged(herd_game *g, test_rng *r, move_log *log)
{
    int side = side_to_act(g), chance = herd_is_chance(g);
    herd_move m = 0;
    switch (trng_below(r, 4)) {
    case 0: /* the computer, or the game's own dice */
        if (chance)
            assert_int_equal(herd_roll(g, &m), HERD_OK);
        else
            assert_int_equal(herd_play_genmove(g, 1, &m), HERD_OK);
        break;
    case 1: { /* by action number */
        size_t actions[HERD_MAX_MOVES], n = 0;
        assert_int_equal(herd_legal_actions(g, actions, HERD_MAX_MOVES, &n), HERD_OK);
        size_t a = actions[trng_below(r, (unsigned)n)];
        assert_int_equal(herd_action_to_move(g, a, &m), HERD_OK);
        assert_int_equal(herd_apply_action(g, a), HERD_OK);
        break;
    }
    default: { /* a legal move, chance outcomes included */
        herd_move moves[HERD_MAX_MOVES];
        size_t n = 0;
        assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
        m = moves[trng_below(r, (unsigned)n)];
        assert_int_equal(herd_apply(g, m), HERD_OK);
    }
    }
    assert_true(log->len < LOG_MAX);
    log->move[log->len] = m;
    log->side[log->len] = side;
    log->chance[log->len] = chance;
    log->len++;
}

/* What herd_undo_turn(g, side) leaves of the log: it goes back over the
 * other side's actions to the newest run of `side`'s, and to that run's
 * start. 0 when the log has no action of `side`. */
static size_t log_after_undo_turn(const move_log *log, int side)
{
    size_t k = log->len;
    while (k > 0 && log->side[k - 1] != side)
        k--;
    if (k == 0)
        return SIZE_MAX;
    while (k > 0 && log->side[k - 1] == side)
        k--;
    return k;
}

static void random_games_match_a_kept_log(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        char where[256];
        case_name(c, where, sizeof where);
        test_rng r;
        trng_seed(&r, 29 + (uint64_t)(c - first_case()));
        herd_game *g = case_new(c, NULL, NULL);
        static move_log log, kept;
        log.len = 0;
        expect_history(g, &log, where);
        for (int step = 0; step < 150; step++) {
            unsigned what = trng_below(&r, 10);
            if (what == 0 && log.len) {
                assert_int_equal(herd_undo(g), HERD_OK);
                log.len--;
            } else if (what == 1) {
                int side = (int)trng_below(&r, 2);
                size_t want = log_after_undo_turn(&log, side);
                assert_int_equal(herd_undo_turn(g, side),
                                 want == SIZE_MAX ? HERD_E_STATE : HERD_OK);
                if (want != SIZE_MAX)
                    log.len = want;
            } else if (what == 2) {
                /* A clone says the same, and goes its own way. */
                herd_game *k;
                assert_int_equal(herd_clone(g, NULL, NULL, &k), HERD_OK);
                expect_history(k, &log, where);
                kept = log;
                if (is_ongoing(k)) {
                    play_logged(k, &r, &kept);
                    expect_history(k, &kept, where);
                }
                herd_free(k);
            } else if (is_ongoing(g)) {
                play_logged(g, &r, &log);
            }
            expect_history(g, &log, where);
        }
        herd_free(g);
    }
}

/* The states a game went through, byte for byte (herdi_game_state()), and
 * the saves of them: what an undo must give back exactly. */
#define KEPT_MAX 300
#define STATE_MAX 4096
#define SAVE_CAP (4 * TEXT_CAP)

typedef struct kept_states {
    size_t len, size;
    unsigned char state[KEPT_MAX][STATE_MAX];
    char save[KEPT_MAX][SAVE_CAP];
} kept_states;

static const unsigned char *state_bytes(const herd_game *g)
{
    return herdi_game_state(g, herd_game_kind(g));
}

/* Keeps g's state as the kept one at index k (dropping any after it). */
static void keep_state(kept_states *k, const herd_game *g, size_t at)
{
    size_t len;
    assert_true(at < KEPT_MAX && herd_state_size(g) <= STATE_MAX);
    k->size = herd_state_size(g);
    memcpy(k->state[at], state_bytes(g), k->size);
    assert_int_equal(herd_save(g, k->save[at], SAVE_CAP, &len), HERD_OK);
    k->len = at + 1;
}

/* g's state is the kept one at `at`, and so are its save and the state
 * loaded from that save (the ply, the generator and the position). */
static void expect_kept(const kept_states *k, const herd_game *g, size_t at, const char *where)
{
    char save[SAVE_CAP];
    size_t len;
    if (memcmp(state_bytes(g), k->state[at], k->size) != 0)
        print_error("%s: the state differs from the one before action %zu\n", where, at);
    assert_memory_equal(state_bytes(g), k->state[at], k->size);
    assert_int_equal(herd_save(g, save, sizeof save, &len), HERD_OK);
    assert_string_equal(save, k->save[at]);
    herd_game *loaded;
    herd_error err;
    assert_int_equal(herd_new_from_save(save, NULL, NULL, &loaded, &err), HERD_OK);
    assert_memory_equal(state_bytes(loaded), k->state[at], k->size);
    herd_free(loaded);
}

/* Plays from the kept state `at` (g's) to the end or to KEPT_MAX - 1
 * actions, every way (play_logged), keeping each state; a refused action
 * now and then must change nothing. Returns the last index kept. */
static size_t play_keeping(kept_states *k, herd_game *g, test_rng *r, move_log *log, size_t at,
                           const char *where)
{
    while (is_ongoing(g) && at + 1 < KEPT_MAX && log->len < LOG_MAX) {
        if (trng_below(r, 4) == 0) {
            /* Small numbers, of the shape of hex's actions (kind, row,
             * place): cells off the board or taken, as well as no action. */
            herd_move junk =
                (herd_move)trng_below(r, 4) << 16 | trng_below(r, 32) << 8 | trng_below(r, 32);
            if (trng_below(r, 4) == 0)
                junk = ~(herd_move)0;
            if (!herd_is_legal(g, junk)) {
                assert_int_not_equal(herd_apply(g, junk), HERD_OK);
                expect_kept(k, g, at, where);
            }
        }
        play_logged(g, r, log);
        keep_state(k, g, ++at);
    }
    return at;
}

/* Undo gives back every state exactly: random games of every case played
 * every way, undone part of the way (each state checked), played on from
 * there, then undone to the start, a turn at a time and an action at a
 * time, in the game and in its clone. */
static void undo_gives_back_every_state_exactly(void **state)
{
    (void)state;
    static kept_states kept;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        char where[256];
        case_name(c, where, sizeof where);
        test_rng r;
        trng_seed(&r, 41 + (uint64_t)(c - first_case()));
        herd_game *g = case_new(c, NULL, NULL);
        static move_log log;
        log.len = 0;
        keep_state(&kept, g, 0);
        size_t at = play_keeping(&kept, g, &r, &log, 0, where);
        for (size_t back = at / 2; back > 0; back--) {
            assert_int_equal(herd_undo(g), HERD_OK);
            expect_kept(&kept, g, --at, where);
        }
        log.len = at;
        at = play_keeping(&kept, g, &r, &log, at, where);
        herd_game *k;
        assert_int_equal(herd_clone(g, NULL, NULL, &k), HERD_OK);
        for (int side = 0; at > 0; side = !side) {
            size_t want = log_after_undo_turn(&log, side);
            if (want == SIZE_MAX)
                continue;
            assert_int_equal(herd_undo_turn(g, side), HERD_OK);
            expect_kept(&kept, g, at = log.len = want, where);
        }
        assert_int_equal(herd_undo(g), HERD_E_STATE);
        for (size_t i = herd_history_length(k); i > 0; i--) {
            assert_int_equal(herd_undo(k), HERD_OK);
            expect_kept(&kept, k, i - 1, where);
        }
        herd_free(k);
        herd_free(g);
    }
}

/* set, load and copy_position clear the history: its action 0 is then the
 * first one played after them. */
static void set_load_and_copy_position_start_it_again(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        char where[256], text[TEXT_CAP], save[4 * TEXT_CAP];
        case_name(c, where, sizeof where);
        test_rng r;
        trng_seed(&r, 7);
        herd_game *g = case_new(c, NULL, NULL), *other = case_new(c, NULL, NULL);
        static move_log log;
        log.len = 0;
        for (int how = 0; how < 3; how++) {
            for (int i = 0; i < 6 && is_ongoing(g); i++)
                play_logged(g, &r, &log);
            expect_history(g, &log, where);
            size_t len;
            if (how == 0) {
                position_text(g, text);
                assert_int_equal(herd_position_from_text(g, text), HERD_OK);
            } else if (how == 1) {
                assert_int_equal(herd_save(g, save, sizeof save, &len), HERD_OK);
                assert_int_equal(herd_load(g, save), HERD_OK);
            } else {
                assert_int_equal(herd_copy_position(other, g), HERD_OK);
                herd_game *t = g;
                g = other;
                other = t;
            }
            log.len = 0;
            expect_history(g, &log, where);
            for (int i = 0; i < 3 && is_ongoing(g); i++)
                play_logged(g, &r, &log);
            expect_history(g, &log, where);
        }
        herd_free(g);
        herd_free(other);
    }
}

/* A copy in caller memory starts with no history and keeps the newest
 * actions its memory holds; its clone keeps the same. */
static void a_copy_in_caller_memory_keeps_its_newest_actions(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        char where[256];
        case_name(c, where, sizeof where);
        test_rng r;
        trng_seed(&r, 11);
        herd_game *g = case_new(c, NULL, NULL), *copy, *k;
        static move_log log, tail;
        log.len = 0;
        for (int i = 0; i < 4 && is_ongoing(g); i++)
            play_logged(g, &r, &log);
        assert_true(herd_copy_size(g, 3) <= sizeof arena);
        assert_int_equal(herd_copy_into(g, arena, herd_copy_size(g, 3), &copy), HERD_OK);
        log.len = 0;
        expect_history(copy, &log, where);
        for (int i = 0; i < 7 && is_ongoing(copy); i++)
            play_logged(copy, &r, &log);
        /* Of the 7 (or fewer), the ring holds the newest 3. */
        tail.len = 0;
        for (size_t i = log.len > 3 ? log.len - 3 : 0; i < log.len; i++) {
            tail.move[tail.len] = log.move[i];
            tail.side[tail.len] = log.side[i];
            tail.chance[tail.len] = log.chance[i];
            tail.len++;
        }
        expect_history(copy, &tail, where);
        assert_int_equal(herd_clone(copy, NULL, NULL, &k), HERD_OK);
        expect_history(k, &tail, where);
        if (tail.len) {
            assert_int_equal(herd_undo(copy), HERD_OK);
            tail.len--;
            expect_history(copy, &tail, where);
        }
        herd_free(k);
        herd_free(g);
    }
}

/* The dice of hex are actions of the history, each the roller's. */
static void hex_rolls_are_chance_actions_of_the_roller(void **state)
{
    (void)state;
    herd_game *g = game_new("hex", "size=5 seed=3");
    assert_true(herd_is_chance(g));
    int roller = side_to_act(g);
    herd_move roll, m;
    assert_int_equal(herd_roll(g, &roll), HERD_OK);
    assert_int_equal(herd_history_move(g, 0, &m), HERD_OK);
    assert_true(m == roll);
    int side = -1, chance = -1;
    assert_int_equal(herd_history_side(g, 0, &side, &chance), HERD_OK);
    assert_int_equal(side, roller);
    assert_int_equal(chance, 1);
    assert_false(herd_is_chance(g));
    assert_int_equal(herd_play_genmove(g, 0, &m), HERD_OK);
    herd_move got;
    assert_int_equal(herd_history_move(g, 1, &got), HERD_OK);
    assert_true(got == m);
    assert_int_equal(herd_history_side(g, 1, &side, &chance), HERD_OK);
    assert_int_equal(side, roller);
    assert_int_equal(chance, 0);
    herd_free(g);
}

/* NULL and an index out of range are refused; the outputs are untouched. */
static void bad_inputs_are_refused(void **state)
{
    (void)state;
    herd_game *g = game_new("horses", NULL);
    herd_move m = 77;
    int side = 5, chance = 6;
    assert_int_equal(herd_history_move(NULL, 0, &m), HERD_E_ARG);
    assert_int_equal(herd_history_move(g, 0, NULL), HERD_E_ARG);
    assert_int_equal(herd_history_move(g, 0, &m), HERD_E_RANGE);
    assert_int_equal(herd_history_side(NULL, 0, &side, &chance), HERD_E_ARG);
    assert_int_equal(herd_history_side(g, 0, &side, &chance), HERD_E_RANGE);
    assert_int_equal(step_computer(g), HERD_OK);
    assert_int_equal(herd_history_side(g, 0, NULL, NULL), HERD_OK);
    assert_int_equal(herd_history_move(g, 1, &m), HERD_E_RANGE);
    assert_int_equal(herd_history_move(g, SIZE_MAX, &m), HERD_E_RANGE);
    assert_int_equal(herd_history_side(g, SIZE_MAX, &side, &chance), HERD_E_RANGE);
    assert_true(m == 77);
    assert_int_equal(side, 5);
    assert_int_equal(chance, 6);
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games_match_a_kept_log),
        cmocka_unit_test(undo_gives_back_every_state_exactly),
        cmocka_unit_test(set_load_and_copy_position_start_it_again),
        cmocka_unit_test(a_copy_in_caller_memory_keeps_its_newest_actions),
        cmocka_unit_test(hex_rolls_are_chance_actions_of_the_roller),
        cmocka_unit_test(bad_inputs_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
