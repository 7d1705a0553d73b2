/* What the fuzz harnesses check beside their own promises, written once:
 * CHECK (a broken promise aborts, which the fuzzer reports with the input),
 * a clean message, everything a game writes reading back, and the rules'
 * invariants of every position a game accepts or reaches. Include after
 * defining FUZZ_NAME. Only the public API is used. */
#ifndef HERD_FUZZ_CHECK_H
#define HERD_FUZZ_CHECK_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/flock.h>
#include <herd/fox.h>
#include <herd/hare.h>
#include <herd/herd.h>
#include <herd/hex.h>
#include <herd/horses.h>

#include "clean_text.h"
#include "replay.h"

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s: %s:%d: %s\n", FUZZ_NAME, __FILE__, __LINE__, #cond); \
            abort();                                                                  \
        }                                                                             \
    } while (0)

/* A message is one clean line: escaped, valid UTF-8 (docs/reliability.md). */
static inline void check_message(const char *m)
{
    CHECK(m && strlen(m) < HERD_ERROR_MESSAGE_SIZE && clean_line(m, strlen(m)));
}

/* A refused call on g left a message that names what was wrong. */
static inline void check_refusal_message(const herd_game *g)
{
    check_message(herd_last_error(g));
    CHECK(*herd_last_error(g));
}

/* Appends printf-style text to buf at *k (for the inputs a harness makes
 * for replay.c); stops, the text cut, when cap is reached. */
static inline void fuzz_appendf(char *buf, size_t cap, size_t *k, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (*k < cap) {
        int n = vsnprintf(buf + *k, cap - *k, fmt, ap);
        *k = n < 0 || (size_t)n >= cap - *k ? cap - 1 : *k + (size_t)n;
    }
    va_end(ap);
}

/* The text of action m of g, or "" when it has none. */
static inline const char *fuzz_move_text(herd_game *g, herd_move m)
{
    static char text[HERD_MAX_MOVE_TEXT];
    size_t len;
    if (herd_move_to_text(g, m, text, sizeof text, &len) != HERD_OK)
        text[0] = '\0';
    return text;
}

/* For the inputs a harness makes: the `ply`-th action of a walk through g,
 * its legal action number ply * stride (modulo their count) in *m; 0 once
 * the game is over. */
static inline int fuzz_walk_action(herd_game *g, unsigned ply, unsigned stride, herd_move *m)
{
    herd_status st;
    herd_move moves[HERD_MAX_MOVES];
    size_t n;
    CHECK(herd_get_status(g, &st) == HERD_OK);
    if (st.result != HERD_ONGOING)
        return 0;
    CHECK(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n) == HERD_OK && n > 0);
    *m = moves[ply * stride % n];
    return 1;
}

/* ------------------------------------------------------ reading back */

/* Everything g writes reads back: its position text into `scratch` (a game
 * of the same kind, which it overwrites) as the same text, its save as the
 * same game and the same save, and its legal actions' texts as the same
 * actions. All but the last are const calls on g: its message stays. */
static inline void check_reads_back(const herd_game *g, herd_game *scratch)
{
    static char text[HERD_MAX_SAVE_TEXT], again[HERD_MAX_SAVE_TEXT];
    static char message[HERD_ERROR_MESSAGE_SIZE];
    static herd_move moves[HERD_MAX_MOVES];
    size_t len, n;
    snprintf(message, sizeof message, "%s", herd_last_error(g));
    CHECK(herd_position_to_text(g, text, sizeof text, &len) == HERD_OK && strlen(text) == len);
    CHECK(len < HERD_MAX_POSITION_TEXT && clean_line(text, len));
    CHECK(herd_position_from_text(scratch, text) == HERD_OK);
    CHECK(herd_position_to_text(scratch, again, sizeof again, &len) == HERD_OK);
    CHECK(strcmp(text, again) == 0);
    CHECK(herd_save(g, text, sizeof text, &len) == HERD_OK && strlen(text) == len);
    CHECK(len < HERD_MAX_SAVE_TEXT && clean_line(text, len));
    CHECK(herd_load(scratch, text) == HERD_OK && herd_same_position(scratch, g));
    CHECK(herd_save(scratch, again, sizeof again, &len) == HERD_OK && strcmp(text, again) == 0);
    CHECK(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n) == HERD_OK);
    for (size_t i = 0; i < n; i++) {
        char mt[HERD_MAX_MOVE_TEXT];
        herd_move back;
        CHECK(herd_move_to_text(g, moves[i], mt, sizeof mt, &len) == HERD_OK && len > 0);
        CHECK(clean_line(mt, len));
        CHECK(herd_move_from_text(scratch, mt, &back) == HERD_OK && back == moves[i]);
    }
    CHECK(strcmp(herd_last_error(g), message) == 0);
}

/* A value's action text, when the game writes one, reads back as it. */
static inline void check_value_reads_back(herd_game *g, herd_move m)
{
    char mt[HERD_MAX_MOVE_TEXT];
    size_t len;
    herd_move back;
    int rc = herd_move_to_text(g, m, mt, sizeof mt, &len);
    CHECK(rc == HERD_OK || rc == HERD_E_ARG);
    if (rc == HERD_OK)
        CHECK(herd_move_from_text(g, mt, &back) == HERD_OK && back == m);
}

/* --------------------------------------------------- the rules' invariants */

static inline int listed_in(const herd_move *moves, size_t n, herd_move m)
{
    for (size_t i = 0; i < n; i++)
        if (moves[i] == m)
            return 1;
    return 0;
}

/* Horses: both herds are together, and each cell holds what the horses say. */
static inline void check_horses(const herd_game *g)
{
    herd_horses_options o = HERD_HORSES_OPTIONS_INIT;
    if (herd_horses_options_of(g, &o) != HERD_OK)
        return;
    for (int side = 0; side < 2; side++) {
        int together;
        CHECK(herd_horses_together(g, side, &together) == HERD_OK && together == 1);
        for (int k = 1; k <= o.horses; k++) {
            herd_cell c;
            int s, number;
            CHECK(herd_horses_horse(g, side, k, &c) == HERD_OK);
            CHECK(herd_horses_at(g, c, &s, &number) == HERD_OK && s == side && number == k);
        }
    }
}

/* Hex: the stones counted cell by cell are the counts, a full board has
 * ended, and the dice wait exactly in the roll phase of a game that goes on. */
static inline void check_hex(const herd_game *g, const herd_status *st)
{
    int size, cells, phase, stones[2], seen[2] = {0, 0}, empty = 0;
    if (herd_hex_size(g, &size) != HERD_OK)
        return;
    CHECK(herd_hex_cell_count(g, &cells) == HERD_OK && herd_hex_phase(g, &phase) == HERD_OK);
    CHECK(herd_hex_stones(g, 0, &stones[0]) == HERD_OK);
    CHECK(herd_hex_stones(g, 1, &stones[1]) == HERD_OK);
    for (int r = 0, len; herd_hex_row_length(g, r, &len) == HERD_OK; r++)
        for (int c = 0; c < len; c++) {
            int side;
            CHECK(herd_hex_at(g, (herd_cell){r, c}, &side) == HERD_OK && side >= -1 && side <= 1);
            if (side < 0)
                empty++;
            else
                seen[side]++;
        }
    CHECK(seen[0] == stones[0] && seen[1] == stones[1] && empty + seen[0] + seen[1] == cells);
    if (empty == 0)
        CHECK(st->result != HERD_ONGOING && st->reason == HERD_REASON_FULL);
    if (st->result == HERD_ONGOING)
        CHECK((phase == HERD_HEX_ROLL) == (herd_is_chance(g) > 0));
}

/* Hare: three hounds and the hare on distinct points, the stall count in
 * its range. */
static inline void check_hare(const herd_game *g)
{
    herd_cell hare, hounds[HERD_HARE_HOUNDS_COUNT];
    int side, stall;
    if (herd_hare_locate(g, &hare) != HERD_OK)
        return;
    CHECK(herd_hare_at(g, hare, &side) == HERD_OK && side == HERD_HARE_HARE);
    CHECK(herd_hare_hounds(g, hounds) == HERD_OK);
    for (int i = 0; i < HERD_HARE_HOUNDS_COUNT; i++)
        CHECK(herd_hare_at(g, hounds[i], &side) == HERD_OK && side == HERD_HARE_HOUNDS);
    CHECK(herd_hare_stall(g, &stall) == HERD_OK && stall >= 0 && stall <= 10);
}

/* Fox: one fox, the geese counted on the points; fewer than four geese
 * have lost; in a chain (chain=1) the fox is to move with four geese or
 * more, and its actions are its jumps, at least one, and `stop`, which is
 * listed nowhere else. */
static inline void check_fox(const herd_game *g, const herd_status *st, const herd_move *moves,
                             size_t n)
{
    herd_cell fox;
    int chain, geese, side, on_points = 0;
    if (herd_fox_locate(g, &fox) != HERD_OK)
        return;
    CHECK(herd_fox_in_chain(g, &chain) == HERD_OK && (chain == 0 || chain == 1));
    CHECK(herd_fox_geese_left(g, &geese) == HERD_OK && geese >= 0);
    CHECK(geese <= HERD_FOX_MAX_GEESE);
    for (int i = 0; i < HERD_FOX_POINTS; i++) {
        herd_cell c;
        CHECK(herd_fox_point(i, &c) == HERD_OK && herd_fox_at(g, c, &side) == HERD_OK);
        on_points += side == HERD_FOX_GEESE;
        CHECK(side != HERD_FOX_FOX || (c.row == fox.row && c.col == fox.col));
    }
    CHECK(herd_fox_at(g, fox, &side) == HERD_OK && side == HERD_FOX_FOX);
    CHECK(on_points == geese);
    if (geese < HERD_FOX_GEESE_TO_WIN)
        CHECK(st->result == HERD_WIN && st->side == HERD_FOX_FOX &&
              st->reason == HERD_REASON_CAPTURED);
    int stop = listed_in(moves, n, herd_fox_stop());
    if (!chain) {
        CHECK(!stop);
        return;
    }
    CHECK(st->result == HERD_ONGOING && st->side == HERD_FOX_FOX);
    CHECK(geese >= HERD_FOX_GEESE_TO_WIN);
    size_t jumps = 0;
    for (int dr = -2; dr <= 2; dr += 2)
        for (int dc = -2; dc <= 2; dc += 2) {
            herd_move j = herd_fox_jump(fox, (herd_cell){fox.row + dr, fox.col + dc});
            jumps += j && listed_in(moves, n, j);
        }
    CHECK(stop && jumps >= 1 && jumps + 1 == n);
}

/* Flock: every stone's targets are exactly its legal moves, and its range
 * and flock agree with the stones around it. */
static inline void check_flock(const herd_game *g, size_t n)
{
    herd_flock_options o = HERD_FLOCK_OPTIONS_INIT;
    herd_cell targets[HERD_FLOCK_MAX_MOVES], flock[HERD_FLOCK_MAX_SIZE * HERD_FLOCK_MAX_SIZE];
    size_t k, size, listed = 0;
    if (herd_flock_options_of(g, &o) != HERD_OK)
        return;
    for (int r = 0; r < o.height; r++)
        for (int c = 0; c < o.width; c++) {
            herd_cell cell = {r, c};
            int side, range;
            CHECK(herd_flock_at(g, cell, &side) == HERD_OK);
            CHECK(herd_flock_targets(g, cell, targets, HERD_FLOCK_MAX_MOVES, &k) == HERD_OK);
            listed += k;
            for (size_t i = 0; i < k; i++)
                CHECK(herd_is_legal(g, herd_flock_move(cell, targets[i])));
            if (side < 0) {
                CHECK(k == 0 && herd_flock_range(g, cell, &range) == HERD_E_ARG);
                continue;
            }
            CHECK(herd_flock_range(g, cell, &range) == HERD_OK && range >= 1 && range <= 3);
            CHECK(herd_flock_members(g, cell, flock, sizeof flock / sizeof flock[0], &size) ==
                  HERD_OK);
            CHECK(size >= (size_t)range && (size > 3 || size == (size_t)range));
        }
    CHECK(listed == n);
}

/* The rules' invariants of g's position, for every game: the status agrees
 * with the actions (ongoing exactly when there are some; an ended game has
 * no chance event and a reason; the winner or the side to act is 0 or 1, a
 * draw has none), the action bound holds, and each game's own invariants.
 * Only const calls: g's message stays as it was. */
static inline void check_rules(const herd_game *g)
{
    static herd_move moves[HERD_MAX_MOVES];
    static char message[HERD_ERROR_MESSAGE_SIZE];
    herd_status st;
    size_t n;
    snprintf(message, sizeof message, "%s", herd_last_error(g));
    CHECK(herd_get_status(g, &st) == HERD_OK);
    CHECK(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n) == HERD_OK);
    CHECK(n <= herd_max_moves(g));
    CHECK((st.result == HERD_ONGOING) == (n > 0));
    if (st.result == HERD_ONGOING) {
        CHECK(st.reason == HERD_REASON_NONE && (st.side == 0 || st.side == 1));
    } else {
        CHECK(st.reason != HERD_REASON_NONE && !herd_is_chance(g));
        CHECK(st.result == HERD_WIN ? st.side == 0 || st.side == 1 : st.side == -1);
    }
    check_horses(g);
    check_hex(g, &st);
    check_hare(g);
    check_fox(g, &st, moves, n);
    check_flock(g, n);
    CHECK(strcmp(herd_last_error(g), message) == 0);
}

#endif /* HERD_FUZZ_CHECK_H */
