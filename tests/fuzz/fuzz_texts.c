/* A libFuzzer harness for every text the library reads: options, position
 * texts and action texts, for every game, followed by the moves they name.
 *
 * Input: line 1 names the game (one of the registry's), line 2 holds the
 * options, line 3 a position text, every further line an action, or
 * a saved game when it begins with the game's name. Whatever the bytes:
 *   - each call answers with a code, and a refused call leaves the game
 *     exactly as it was (position, history) with a message that is one
 *     clean line of escaped, valid UTF-8;
 *   - an action is accepted exactly when it is listed;
 *   - everything the game writes after an accepted text reads back: its
 *     position, its save and every listed action's text (fuzz_check.h);
 *   - every position accepted or reached keeps the rules' invariants (the
 *     status agrees with the actions; a fox in a chain is to move with four
 *     geese or more and a jump; herds together; ...: fuzz_check.h);
 *   - a hint and the other const calls change nothing, the last message
 *     included, and an undo of a turn leaves its side to act.
 * A broken promise aborts, which the fuzzer reports with the input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_NAME "fuzz_texts"
#include "fuzz_check.h"
#include "herd/fox.h"

static char position[HERD_MAX_POSITION_TEXT];

static const char *position_of(const herd_game *g)
{
    size_t len;
    CHECK(herd_position_to_text(g, position, sizeof position, &len) == HERD_OK);
    CHECK(strlen(position) == len);
    return position;
}

/* A game of the input's kind that the checks may overwrite. */
static herd_game *scratch;

/* After a non-const call that answered rc: a refusal changed nothing and
 * says why in one clean line. */
static void expect_unchanged_on_error(herd_game *g, int rc, const herd_game *before, size_t history)
{
    if (rc != HERD_OK) {
        CHECK(rc < 0 && *herd_strerror(rc));
        CHECK(herd_same_position(g, before));
        CHECK(herd_history_length(g) == history);
        check_refusal_message(g);
    }
}

/* After an accepted text: everything reads back, and the rules hold. */
static void check_accepted(herd_game *g)
{
    check_reads_back(g, scratch);
    check_rules(g);
}

/* The promises every game keeps whatever the position: no more legal
 * actions than its bound, and, for a game solved exactly, a verdict that
 * changes nothing (and agrees with the status once the game is over). */
static void check_position(herd_game *g)
{
    size_t n;
    herd_status st;
    CHECK(herd_legal_moves(g, NULL, 0, &n) == (n ? HERD_E_BUFFER : HERD_OK));
    CHECK(n <= herd_max_moves(g));
    CHECK(herd_get_status(g, &st) == HERD_OK);
    herd_game *before;
    if (herd_clone(g, NULL, NULL, &before) != HERD_OK)
        return;
    int winner;
    unsigned plies;
    /* A fox table of eight geese takes seconds to build, minutes under
     * AddressSanitizer: endgames of up to five geese keep each input quick. */
    if (herd_game_kind(g) == HERD_FOX)
        CHECK(herd_fox_set_solve_limit(g, 5) == HERD_OK);
    int rc = herd_solve(g, &winner, &plies);
    CHECK(rc == HERD_OK || rc == HERD_E_UNSUPPORTED || rc == HERD_E_NOMEM);
    CHECK(herd_same_position(g, before));
    if (rc == HERD_OK) {
        CHECK(winner == 0 || winner == 1);
        CHECK((plies == 0) == (st.result != HERD_ONGOING));
        if (st.result == HERD_WIN)
            CHECK(winner == st.side);
    }
    herd_free(before);
}

static void play_line(herd_game *g, const char *line)
{
    herd_game *before;
    herd_move m;
    if (herd_clone(g, NULL, NULL, &before) != HERD_OK)
        return;
    size_t history = herd_history_length(g);
    int rc = herd_move_from_text(g, line, &m);
    if (rc == HERD_OK) {
        /* A text read is a value that writes back as a text of it. */
        check_value_reads_back(g, m);
        int legal = herd_is_legal(g, m);
        rc = herd_apply(g, m);
        CHECK((rc == HERD_OK) == legal); /* every action the rules take is listed */
        if (rc == HERD_OK) {
            char text[HERD_MAX_MOVE_TEXT];
            size_t len;
            herd_move again;
            CHECK(herd_history_length(g) == history + 1);
            CHECK(herd_move_to_text(before, m, text, sizeof text, &len) == HERD_OK);
            CHECK(herd_move_from_text(before, text, &again) == HERD_OK && again == m);
            CHECK(herd_undo(g) == HERD_OK && herd_same_position(g, before));
            CHECK(herd_apply(g, m) == HERD_OK);
            check_position(g);
            check_accepted(g);
        }
    }
    expect_unchanged_on_error(g, rc, before, history);
    herd_free(before);
}

/* A saved game: refused, nothing changed; accepted, it saves back the same. */
static void load_line(herd_game *g, const char *line)
{
    static char saved[HERD_MAX_SAVE_TEXT], again[HERD_MAX_SAVE_TEXT];
    herd_game *before;
    size_t len;
    if (herd_clone(g, NULL, NULL, &before) != HERD_OK)
        return;
    size_t history = herd_history_length(g);
    int rc = herd_load(g, line);
    expect_unchanged_on_error(g, rc, before, history);
    if (rc == HERD_OK) {
        CHECK(herd_history_length(g) == 0);
        CHECK(herd_save(g, saved, sizeof saved, &len) == HERD_OK);
        CHECK(herd_load(before, saved) == HERD_OK && herd_same_position(before, g));
        CHECK(herd_save(before, again, sizeof again, &len) == HERD_OK);
        CHECK(strcmp(saved, again) == 0);
        check_accepted(g);
    }
    herd_free(before);
}

/* A hint changes nothing, its message included, and is legal; an undo of a
 * turn, on a copy, either leaves that side to act or is refused without a
 * change. */
static void check_hint_and_undo_turn(herd_game *g)
{
    static char message[HERD_ERROR_MESSAGE_SIZE];
    herd_game *before, *copy;
    herd_move m;
    if (herd_clone(g, NULL, NULL, &before) != HERD_OK)
        return;
    snprintf(message, sizeof message, "%s", herd_last_error(g));
    int rc = herd_hint(g, 0, &m);
    if (rc == HERD_OK)
        CHECK(herd_is_legal(g, m));
    else
        CHECK(rc == HERD_E_STATE);
    CHECK(herd_same_position(g, before));
    CHECK(strcmp(herd_last_error(g), message) == 0);
    for (int side = 0; side < 2; side++) {
        if (herd_clone(g, NULL, NULL, &copy) != HERD_OK)
            break;
        size_t history = herd_history_length(copy);
        int rc = herd_undo_turn(copy, side);
        if (rc == HERD_OK) {
            herd_status st;
            CHECK(herd_history_length(copy) < history);
            CHECK(herd_get_status(copy, &st) == HERD_OK && st.result == HERD_ONGOING &&
                  st.side == side);
        } else {
            CHECK(rc == HERD_E_STATE && herd_same_position(copy, g));
            check_refusal_message(copy);
        }
        herd_free(copy);
    }
    herd_free(before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Lines as NUL-terminated strings; embedded NULs cut a line short,
     * as they would for any C caller. */
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *lines[64];
    int count = 0;
    for (char *p = text; count < 64;) {
        lines[count++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    herd_game *g = NULL;
    herd_error err;
    int rc = herd_new(lines[0], count > 1 ? lines[1] : NULL, NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        CHECK(rc < 0 && err.code == rc && g == NULL);
        check_message(err.message);
        rc = herd_new(lines[0], NULL, NULL, NULL, &g, &err);
    }
    if (rc == HERD_OK && herd_new(lines[0], NULL, NULL, NULL, &scratch, NULL) != HERD_OK) {
        herd_free(g);
        g = NULL;
        rc = HERD_E_NOMEM;
    }
    if (rc == HERD_OK)
        check_accepted(g);
    if (rc == HERD_OK && count > 2) {
        herd_game *before;
        if (herd_clone(g, NULL, NULL, &before) == HERD_OK) {
            rc = herd_position_from_text(g, lines[2]);
            expect_unchanged_on_error(g, rc, before, herd_history_length(before));
            if (rc == HERD_OK) {
                /* An accepted position reads back as the same position. */
                CHECK(herd_position_from_text(before, position_of(g)) == HERD_OK);
                CHECK(strcmp(position_of(before), position_of(g)) == 0);
                check_position(g);
                check_accepted(g);
            }
            herd_free(before);
        }
        size_t name = strlen(herd_game_name(g));
        for (int i = 3; i < count; i++) {
            if (strncmp(lines[i], herd_game_name(g), name) == 0 && lines[i][name] == ' ')
                load_line(g, lines[i]);
            else
                play_line(g, lines[i]);
            check_hint_and_undo_turn(g);
        }
    }
    herd_free(scratch);
    scratch = NULL;
    herd_free(g);
    free(text);
    return 0;
}

/* ---------------------------------------------------- for replay.c */

int fuzz_input_plays(const uint8_t *data, size_t size, const char *name)
{
    size_t n = strlen(name);
    return size > n && memcmp(data, name, n) == 0 && data[n] == '\n';
}

/* The game's start position, then a dozen of its actions (the dice
 * included) and, after the sixth, its save. */
size_t fuzz_registry_input(const char *name, const char *options, uint8_t *buf, size_t cap)
{
    herd_game *g;
    herd_move m;
    static char save[HERD_MAX_SAVE_TEXT];
    char *out = (char *)buf;
    size_t k = 0, len;
    if (herd_new(name, options, NULL, NULL, &g, NULL) != HERD_OK)
        return 0;
    fuzz_appendf(out, cap, &k, "%s\n%s\n%s\n", name, options, position_of(g));
    for (unsigned i = 0; i < 12 && fuzz_walk_action(g, i, 7, &m); i++) {
        fuzz_appendf(out, cap, &k, "%s\n", fuzz_move_text(g, m));
        CHECK(herd_apply(g, m) == HERD_OK);
        if (i == 5 && herd_save(g, save, sizeof save, &len) == HERD_OK)
            fuzz_appendf(out, cap, &k, "%s\n", save);
    }
    herd_free(g);
    return k;
}
