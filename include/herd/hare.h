/**
 * @file hare.h
 * @brief Hare and Hounds (`hare`): what only this game has.
 */
#ifndef HERD_HARE_H
#define HERD_HARE_H

#include "herd.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup hare Hare and Hounds
 * @brief The game `hare`: three hounds hunt a hare on eleven points; solved exactly.
 *
 * Sides: 0 is the Hounds (move first), 1 is the Hare. The eleven points are
 * named on a 5-row, 3-column grid: `a2`, `b1..b3`, `c1..c3`, `d1..d3`, `e2`,
 * as ::herd_cell values {row, col} (`c2` is {2, 1}). A move is one step
 * along a line; the generic API in herd.h plays it, and herd_solve() solves
 * any position exactly. This header adds typed creation, moves, the points
 * and lines for drawing, and the pieces and stall count. Its page,
 * @ref hare_rules "Hare and Hounds", gives the rules, the texts and the choices made.
 * Examples: @ref hare_game.c "examples/hare_game.c" (a game with the
 * solution beside it) and [examples/hare_solve.c](../examples/hare_solve.c)
 * (typed creation with each start of the hare, and herd_solve()).
 *
 * @image html hare_start.svg "The start, with the default options"
 * @image html hare_play.svg "A while later, the computer playing both sides; its last move marked"
 * @{
 */

/** @name Limits
 *  @{ */
#define HERD_HARE_POINTS 11      /**< Points of the board. */
#define HERD_HARE_LINES 22       /**< Lines of the board. */
#define HERD_HARE_HOUNDS_COUNT 3 /**< Hounds in play. */
/** Three hounds with five directions each (up, diagonally up, sideways)
 *  have at most 15 steps; the hare has at most 8. */
#define HERD_HARE_MAX_MOVES 15
/** The hounds' moves in a row without going up a row that end the game. */
#define HERD_HARE_STALL_LIMIT 10
/** The levels of herd_genmove(): 1 random (the default), 2 club (a
 *  search), 3 perfect (from the solution table). */
#define HERD_HARE_MAX_LEVEL 3
/** @} */

/** Side numbers of this game. */
enum {
    HERD_HARE_HOUNDS = 0, /**< The hounds, who move first. */
    HERD_HARE_HARE = 1    /**< The hare. */
};

/** The version of ::herd_hare_options that these headers define. */
#define HERD_HARE_OPTIONS_VERSION 1

/** The options of a Hare and Hounds game. Start from
 *  ::HERD_HARE_OPTIONS_INIT or herd_hare_options_init(), so that
 *  `version` is set: a later version may add fields at the end, and the
 *  library reads and writes only those of the version given. */
typedef struct herd_hare_options {
    unsigned version; /**< ::HERD_HARE_OPTIONS_VERSION. */
    herd_cell start;  /**< The hare's start point: any point the hounds leave free. */
    uint64_t seed;    /**< Seeds the computer player's choices. */
} herd_hare_options;

/** The defaults: the hare on `a2`, seed 0. */
#define HERD_HARE_OPTIONS_INIT               \
    {                                        \
        HERD_HARE_OPTIONS_VERSION, {0, 1}, 0 \
    }

/** Fills @p opt with ::HERD_HARE_OPTIONS_INIT as of @p version: the
 *  defaults of that version's fields, and `version`; nothing past them.
 *  @param version ::HERD_HARE_OPTIONS_VERSION, the version of these headers.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) for NULL or a
 *          @p version this library does not know. */
HERD_API int herd_hare_options_init(herd_hare_options *opt, unsigned version);

/** herd_hare_options_init() of version 1, the version of every program
 *  built before it. Does nothing for NULL.
 *  @deprecated Use herd_hare_options_init(), which a later version of the
 *  struct can use; this stays until version 2.0. */
HERD_API void herd_hare_default_options(herd_hare_options *opt);

/**
 * Creates a Hare and Hounds game from typed options: the hounds on `e2`,
 * `d1`, `d3`, the hare on its start point, the hounds to move.
 * @param opt NULL for the defaults.
 * @return as herd_new(); ::HERD_E_RANGE when the start is no point of the
 *         board or a hound's point, ::HERD_E_PARSE when it has no cell name
 *         (a negative row or column); the message names it. ::HERD_E_ARG
 *         for a `version` this library does not read.
 */
HERD_API int herd_hare_new(const herd_hare_options *opt, herd_alloc_fn alloc, void *ud,
                           herd_game **out, herd_error *err);

/** The options of @p g: the hare's start point and the seed it was created
 *  with (`a2` once a position was read from text, which has no start
 *  point; the seed stays).
 *  @p opt's `version` says which fields to write (::HERD_HARE_OPTIONS_INIT
 *  or herd_hare_options_init() sets it); nothing past them is written.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) if @p g is not a
 *          `hare` game, @p opt is NULL or its `version` is one this library
 *          does not know. Sets no message; the code says why. */
HERD_API int herd_hare_options_of(const herd_game *g, herd_hare_options *opt);

/** Builds the move from @p from to @p to (either piece). Cells outside the
 *  7x7 grid of names `a1..g7` give 0, which is no move; other cells that are
 *  no points are representable, and herd_apply() names what is wrong. */
HERD_API herd_move herd_hare_move(herd_cell from, herd_cell to);

/** The cells of a move built by herd_hare_move() (or listed by the game);
 *  either pointer may be NULL.
 *  @return ::HERD_OK, or ::HERD_E_ARG when @p m is no such move. */
HERD_API int herd_hare_move_cells(herd_move m, herd_cell *from, herd_cell *to);

/** Point @p index (0..10, in the byte order of the names: `a2` first).
 *  @return ::HERD_OK, or ::HERD_E_ARG (index out of range, NULL). */
HERD_API int herd_hare_point(int index, herd_cell *cell);

/** Line @p index (0..21), as its two points, the upper-left one first.
 *  @return ::HERD_OK, or ::HERD_E_ARG (index out of range, NULL). */
HERD_API int herd_hare_line(int index, herd_cell *a, herd_cell *b);

/**
 * @name Reading the game
 * Each returns ::HERD_OK, or ::HERD_E_ARG when @p g is NULL or not a `hare`
 * game, an out-parameter is NULL or a cell is no point; on error the
 * out-parameters are untouched. None sets a message (the handle is const):
 * the code says why.
 * @{
 */

/** Who stands on a point: ::HERD_HARE_HOUNDS, ::HERD_HARE_HARE or -1. */
HERD_API int herd_hare_at(const herd_game *g, herd_cell cell, int *side);

/** The hare's point. */
HERD_API int herd_hare_locate(const herd_game *g, herd_cell *cell);

/** herd_hare_locate() under its 0.x name.
 *  @deprecated Use herd_hare_locate(); the name stays until version 2.0. */
#define herd_hare_hare herd_hare_locate

/** The hounds' points, in the byte order of their names. */
HERD_API int herd_hare_hounds(const herd_game *g, herd_cell hounds[HERD_HARE_HOUNDS_COUNT]);

/** The stall count: the hounds' moves in a row that did not go up a row
 *  (0..10; 10 ends the game). */
HERD_API int herd_hare_stall(const herd_game *g, int *stall);

/** @} */

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* HERD_HARE_H */
