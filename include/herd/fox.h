/**
 * @file fox.h
 * @brief Fox and Geese (`fox`): what only this game has.
 */
#ifndef HERD_FOX_H
#define HERD_FOX_H

#include "herd.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup fox Fox and Geese
 * @brief The game `fox`: one fox against 13, 15 or 17 geese on a cross.
 *
 * Sides: 0 is the Fox (moves first), 1 is the Geese. The 33 points are the
 * 7x7 grid `a1..g7` without its four 2x2 corners, as ::herd_cell values; a
 * line joins every two neighbouring points, diagonals included. An action is
 * a step or a jump chain that captures a goose per hop; the generic API in
 * herd.h lists and plays them. This header adds typed creation, actions,
 * the points and lines for drawing, and the pieces and geese left.
 * docs/fox.md gives the rules, the choices made and the bound on actions.
 * @{
 */

/** @name Limits
 *  @{ */
#define HERD_FOX_POINTS 33    /**< Points of the board. */
#define HERD_FOX_LINES 96     /**< Lines of the board (diagonals included). */
#define HERD_FOX_MAX_GEESE 17 /**< Geese with the largest `geese` option. */
/** Hops in one jump chain at most: each captures one of at most 17 geese. */
#define HERD_FOX_MAX_HOPS 17
/** The most actions listed at once. docs/fox.md explains why this is not a
 *  bound of the rules for every placement of 17 geese, and what the
 *  library does about it: `set` refuses a position whose fox would have
 *  more actions. */
#define HERD_FOX_MAX_MOVES 1024
/** Fewer geese than this left: the fox has won (`captured`). */
#define HERD_FOX_GEESE_TO_WIN 4
/** @} */

/** Side numbers of this game. */
enum {
    HERD_FOX_FOX = 0,  /**< The fox, who moves first. */
    HERD_FOX_GEESE = 1 /**< The geese. */
};

/** The options of a Fox and Geese game. */
typedef struct herd_fox_options {
    int geese;    /**< 13, 15 (adds `d1`, `d7`) or 17 (also `c1`, `c7`). */
    int sideways; /**< 1: geese may also step left or right; 0: not. */
} herd_fox_options;

/** Fills @p opt with the defaults: 13 geese, no sideways steps. */
HERD_API void herd_fox_default_options(herd_fox_options *opt);

/**
 * Creates a Fox and Geese game from typed options: the fox on `d4`, the
 * geese on their rows, the fox to move.
 * @param opt NULL for the defaults.
 * @return as herd_new(); ::HERD_E_RANGE names an option out of range.
 */
HERD_API int herd_fox_new(herd_game **out, const herd_fox_options *opt, herd_alloc_fn alloc,
                          void *ud, herd_error *err);

/** Builds a step from @p from to @p to (the fox's or a goose's). Cells
 *  outside the 7x7 grid give 0, which is no action. */
HERD_API herd_move herd_fox_step(herd_cell from, herd_cell to);

/** Builds the jump chain from @p from through @p hops landing points, each
 *  two cells from the one before in a straight line. 0 (no action) when a
 *  landing is not so, when a cell is outside the 7x7 grid, or when hops is
 *  not 1..::HERD_FOX_MAX_HOPS. */
HERD_API herd_move herd_fox_jumps(herd_cell from, const herd_cell *landings, int hops);

/** Point @p index (0..32, in the byte order of the names: `a3` first).
 *  @return ::HERD_OK, or ::HERD_E_ARG (index out of range, NULL). */
HERD_API int herd_fox_point(int index, herd_cell *cell);

/** Line @p index (0..95), as its two points, the upper (or left) one first.
 *  @return ::HERD_OK, or ::HERD_E_ARG (index out of range, NULL). */
HERD_API int herd_fox_line(int index, herd_cell *a, herd_cell *b);

/**
 * @name Reading the game
 * Each returns ::HERD_OK, or ::HERD_E_ARG when @p g is NULL or not a `fox`
 * game, an out-parameter is NULL or a cell is no point; on error the
 * out-parameters are untouched.
 * @{
 */

/** Who stands on a point: ::HERD_FOX_FOX, ::HERD_FOX_GEESE or -1. */
HERD_API int herd_fox_at(const herd_game *g, herd_cell cell, int *side);

/** The fox's point. */
HERD_API int herd_fox_fox(const herd_game *g, herd_cell *cell);

/** The number of geese on the board. */
HERD_API int herd_fox_geese_left(const herd_game *g, int *geese);

/** Whether the geese may step sideways: 1 or 0. */
HERD_API int herd_fox_sideways(const herd_game *g, int *sideways);

/** @} */

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* HERD_FOX_H */
