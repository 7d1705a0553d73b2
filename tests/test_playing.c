/* Playing against the computer, in every game of the registry: a hint is
 * the action that genmove then chooses, at every level, and asking for one
 * changes nothing (position, generator, history, last message); a hint is
 * refused with nothing written where the game cannot give one; herd_undo_turn()
 * takes back the player's whole turn and the computer's reply, turn by turn,
 * mid-turn and after the game ended, and refuses what it cannot take back;
 * the seed decides the computer's games. (test_registry checks every
 * level's name and description, docs_registry the names against the docs.) */
#include "test_games.h"

/* One step of a game between computers, asserted. */
static void computer_step(herd_game *g, int level)
{
    assert_int_equal(step_computer_at(g, level), HERD_OK);
}

/* --------------------------------------------------------------- hints */

/* The hint at each level is what genmove then answers, and asking changes
 * nothing: position, generator, history, last message. Returns whether the
 * default level's hint differs from level 1's here. */
static int check_hint_changes_nothing(herd_game *g)
{
    herd_game *before = NULL;
    /* A message to keep: a refused action leaves one. */
    herd_apply(g, (herd_move)1 << 60);
    char message[HERD_ERROR_MESSAGE_SIZE];
    snprintf(message, sizeof message, "%s", herd_last_error(g));
    assert_true(strlen(message) > 0);
    assert_int_equal(herd_clone(g, NULL, NULL, &before), HERD_OK);
    herd_move hints[2] = {0, 0};
    for (int level = 0; level <= herd_max_level(g); level++) {
        herd_move hint = 0, again = 0, m = 0;
        assert_int_equal(herd_hint(g, level, &hint), HERD_OK);
        if (level < 2)
            hints[level] = hint;
        assert_int_equal(herd_hint(g, level, &again), HERD_OK);
        assert_true(hint == again);
        assert_true(herd_same_position(g, before));
        assert_int_equal(herd_history_length(g), herd_history_length(before));
        assert_string_equal(herd_last_error(g), message);
        assert_true(herd_is_legal(g, hint));
        /* What genmove answers now is the hint. */
        herd_game *c = NULL;
        assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
        assert_int_equal(herd_genmove(c, level, &m), HERD_OK);
        assert_true(m == hint);
        herd_free(c);
    }
    herd_free(before);
    return hints[0] != hints[1];
}

/* Along games of d at `pick` (seeds from `seed` on, a game after the
 * other when one ends): `positions` positions where the computer chooses,
 * every `every`-th one (deeper into the game, where the levels choose
 * apart); where the dice wait, the hint is refused. Returns in how many the
 * default level's hint differed from level 1's. */
static int check_hints_along(const herd_game_desc *d, option_pick pick, uint64_t seed,
                             int positions, int every)
{
    int checked = 0, rolls = 0, differed = 0, games = 0;
    while (checked < positions) {
        if (++games > 20)
            fail_msg("%s: 20 games too short for %d hints", d->name, positions);
        game_case c = case_of(d, pick, seed++);
        herd_game *g = case_new(&c, NULL, NULL);
        for (int choices = 0; checked < positions && is_ongoing(g);) {
            if (herd_is_chance(g)) {
                herd_move m = 77;
                assert_int_equal(herd_hint(g, 0, &m), HERD_E_STATE); /* the dice wait */
                assert_true(m == 77);
                rolls++;
            } else if (choices++ % every == 0) {
                differed += check_hint_changes_nothing(g);
                checked++;
            }
            computer_step(g, choices % 2);
        }
        herd_free(g);
    }
    assert_true(rolls > 0 || !d->has_chance);
    return differed;
}

/* Ten positions of each game's quick game, and three of its default one
 * (where the searches run into their budgets), spread along the games. Where the default level is
 * not level 1, the two hints differ somewhere, so that the hint of level 0
 * is seen to be the default level's. */
static void hint_changes_nothing_in_every_game(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        int differed = check_hints_along(d, OPTIONS_SMALLEST, 11, 10, 3);
        differed += check_hints_along(d, OPTIONS_DEFAULT, 4, 3, 5);
        if (d->default_level != 1 && !differed)
            fail_msg("%s: the default level and level 1 hinted alike everywhere", d->name);
    }
}

static void hint_refusals(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        game_case c = quick_case(d, 1);
        herd_game *g = case_new(&c, NULL, NULL);
        herd_move m = 77;
        assert_int_equal(herd_hint(NULL, 0, &m), HERD_E_ARG);
        assert_int_equal(herd_hint(g, 0, NULL), HERD_E_ARG);
        assert_int_equal(herd_hint(g, d->level_count + 1, &m), HERD_E_RANGE);
        assert_int_equal(herd_hint(g, -1, &m), HERD_E_RANGE);
        assert_true(m == 77);
        herd_free(g);
        /* The game is over: nothing to hint. */
        g = ended_game_of(&c);
        for (int level = 0; level <= d->level_count; level++)
            assert_int_equal(herd_hint(g, level, &m), HERD_E_STATE);
        assert_true(m == 77);
        herd_free(g);
    }
}

/* ---------------------------------------------------------------- undo */

/* Refused, and nothing changes. */
static void undo_turn_refused(herd_game *g, int side, int code, const char *part)
{
    snapshot s;
    snap_take(&s, g);
    int rc = herd_undo_turn(g, side);
    if (rc != code || (part && !strstr(herd_last_error(g), part)))
        print_error("undo_turn(%d): %d '%s', wanted %d '%s'\n", side, rc, herd_last_error(g), code,
                    part ? part : "");
    assert_int_equal(rc, code);
    if (part)
        assert_non_null(strstr(herd_last_error(g), part));
    snap_check(&s, g);
}

/* The player (the side to act at the start) and the computer take turns:
 * undo_turn() takes back the computer's reply and the player's turn, or the
 * player's turn alone before the reply, or the first action of it; the
 * other side's turn cannot be taken back before it acted; over several
 * turns, each undo goes back one turn of the player's, the player to act. */
static void undo_turn_takes_back_the_players_turn_and_the_reply(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        game_case c = quick_case(d, 8);
        herd_game *g = case_new(&c, NULL, NULL), *start = NULL, *after = NULL;
        int player = side_to_act(g), other = !player;
        char no_turn[64];
        assert_int_equal(herd_clone(g, NULL, NULL, &start), HERD_OK);
        /* Nothing to take back yet. */
        snprintf(no_turn, sizeof no_turn, "no turn of %s", d->side_names[player]);
        undo_turn_refused(g, player, HERD_E_STATE, no_turn);
        undo_turn_refused(g, other, HERD_E_STATE, NULL);
        undo_turn_refused(g, 2, HERD_E_ARG, NULL);
        undo_turn_refused(g, -1, HERD_E_ARG, NULL);
        assert_int_equal(herd_undo_turn(NULL, 0), HERD_E_ARG);

        /* The player's turn, then the computer's: both go. */
        play_turn(g, 1);
        assert_true(is_ongoing(g));
        play_turn(g, 0);
        assert_int_equal(herd_undo_turn(g, player), HERD_OK);
        assert_true(herd_same_position(g, start));
        assert_int_equal(herd_history_length(g), 0);
        /* The computer has not replied yet: only the player's turn goes. */
        int actions = play_turn(g, 1);
        assert_int_equal(herd_clone(g, NULL, NULL, &after), HERD_OK);
        assert_int_equal(herd_undo_turn(g, player), HERD_OK);
        assert_true(herd_same_position(g, start));
        /* Nor when the player has taken only the first action of it. */
        computer_step(g, 1);
        assert_int_equal(herd_undo_turn(g, player), HERD_OK);
        assert_true(herd_same_position(g, start));
        assert_int_equal(herd_history_length(g), 0);
        /* The other side never acted: its turn cannot be taken back. */
        assert_int_equal(play_turn(g, 1), actions);
        assert_true(herd_same_position(g, after));
        undo_turn_refused(g, other, HERD_E_STATE, NULL);
        assert_int_equal(herd_history_length(g), (size_t)actions);

        /* Several turns: each undo goes back to the start of the player's
         * turn before, where the player is to act. */
        enum { ROUNDS = 5 };
        herd_game *turn_start[ROUNDS];
        size_t turn_history[ROUNDS];
        int rounds = 0;
        while (rounds < ROUNDS && is_ongoing(g)) {
            play_turn(g, 0); /* the computer */
            if (!is_ongoing(g))
                break;
            assert_int_equal(side_to_act(g), player);
            assert_int_equal(herd_clone(g, NULL, NULL, &turn_start[rounds]), HERD_OK);
            turn_history[rounds] = herd_history_length(g);
            rounds++;
            play_turn(g, 1); /* the player */
        }
        if (rounds < 2)
            fail_msg("%s %s: the game ended after %d turns", c.game, c.options, rounds);
        for (int i = rounds - 1; i >= 0; i--) {
            assert_int_equal(herd_undo_turn(g, player), HERD_OK);
            check_status(g, HERD_ONGOING, player, HERD_REASON_NONE);
            assert_true(herd_same_position(g, turn_start[i]));
            assert_int_equal(herd_history_length(g), turn_history[i]);
            herd_free(turn_start[i]);
        }
        herd_free(after);
        herd_free(start);
        herd_free(g);
    }
}

/* A game the computers played to its end: undo_turn() gives either side
 * its last turn back, ongoing, that side to act. The game is the first case
 * of it that the default level ends within 2000 turns (a game without a
 * move limit may go round for ever). */
static void undo_turn_after_the_game_ended(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        herd_game *g = NULL, *turn_start[2] = {NULL, NULL};
        for (const game_case *c = first_case(); c; c = next_case(c)) {
            if (strcmp(c->game, d->name) != 0)
                continue;
            g = case_new(c, NULL, NULL);
            for (int side = 0; side < 2; side++) {
                herd_free(turn_start[side]);
                turn_start[side] = NULL;
            }
            for (int i = 0; i < 2000 && is_ongoing(g); i++) {
                int side = side_to_act(g);
                herd_free(turn_start[side]);
                assert_int_equal(herd_clone(g, NULL, NULL, &turn_start[side]), HERD_OK);
                play_turn(g, 0);
            }
            if (!is_ongoing(g))
                break;
            herd_free(g);
            g = NULL;
        }
        if (!g)
            fail_msg("no case of %s ended within 2000 turns", d->name);
        for (int side = 0; side < 2; side++) {
            herd_game *c;
            assert_non_null(turn_start[side]);
            assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
            assert_int_equal(herd_undo_turn(c, side), HERD_OK);
            check_status(c, HERD_ONGOING, side, HERD_REASON_NONE);
            assert_true(herd_same_position(c, turn_start[side]));
            herd_free(c);
            herd_free(turn_start[side]);
        }
        herd_free(g);
    }
}

/* ------------------------------------------------------------- the seed */

/* The game's generator decides the computer's choices, from the seed: the
 * same seed replays a game (its first six actions, the dice included), and
 * games differ with the seed. */
static void the_seed_decides_the_computer_players_games(void **state)
{
    (void)state;
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        char first[8][TEXT_CAP];
        int distinct = 0;
        for (int seed = 0; seed < 8; seed++) {
            char opts[32];
            snprintf(opts, sizeof opts, "seed=%d", seed);
            for (int again = 0; again < 2; again++) {
                char text[TEXT_CAP];
                herd_game *g = game_new(d->name, opts);
                for (int i = 0; i < 6 && is_ongoing(g); i++)
                    computer_step(g, 1);
                position_text(g, text);
                if (again)
                    assert_string_equal(text, first[seed]);
                else
                    strcpy(first[seed], text);
                herd_free(g);
            }
            int seen = 0;
            for (int s = 0; s < seed; s++)
                seen |= strcmp(first[s], first[seed]) == 0;
            distinct += !seen;
        }
        if (distinct < 4)
            fail_msg("%s: only %d distinct games from 8 seeds", d->name, distinct);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hint_changes_nothing_in_every_game),
        cmocka_unit_test(hint_refusals),
        cmocka_unit_test(undo_turn_takes_back_the_players_turn_and_the_reply),
        cmocka_unit_test(undo_turn_after_the_game_ended),
        cmocka_unit_test(the_seed_decides_the_computer_players_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
