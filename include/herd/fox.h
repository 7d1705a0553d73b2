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
 * line joins every two neighbouring points, diagonals included. A move is
 * a step, one jump (a hop) that captures a goose, or `stop`: a jump chain is
 * played hop by hop, and after a hop from which the fox can jump again (with
 * four geese left or more) the fox keeps the turn, in a chain, until it
 * stops or can jump no more. The generic API in herd.h lists and plays the
 * moves. This header adds typed creation, moves, the points and lines
 * for drawing, the pieces, the geese left and the chain. Its page,
 * @ref fox_rules "Fox and Geese", gives the rules, the texts and the choices made.
 * Examples: @ref fox_chain.c "examples/fox_chain.c" (a chain played hop by
 * hop, ended with `stop`, and the turn taken back) and
 * [programs/play/play_hunt.c](../programs/play/play_hunt.c) (herd-play's
 * board for the two hunt games).
 *
 * @image html fox_start.svg "The start, with the default options"
 * @image html fox_play.svg "A while later, the computer playing both sides; its last move marked"
 * @{
 */

/** @name Limits
 *  @{ */
#define HERD_FOX_POINTS 33    /**< Points of the board. */
#define HERD_FOX_LINES 96     /**< Lines of the board (diagonals included). */
#define HERD_FOX_MAX_GEESE 17 /**< Geese with the largest `geese` option. */
/** The most moves of any position, the rules' own maximum. The fox has at
 *  most one step or one jump in each of its eight directions (in a chain at
 *  most seven jumps, the way back being empty, and `stop`): 8. A goose has at
 *  most 3 moves, 5 with `sideways`, so 17 geese have at most 85; but the
 *  geese block one another and the board's edges cut moves off, and an
 *  exhaustive search over every placement of the fox and at most 17 geese
 *  (row by row, test_fox.c) finds 47 with `sideways`, 35 without: for
 *  instance geese on a4 b4 c2 c4 c6 d2 d4 d6 e2 e4 e6 f4 g4 and the fox on
 *  g5 have 47 moves. */
#define HERD_FOX_MAX_MOVES 47
/** Fewer geese than this left: the fox has won (`captured`). */
#define HERD_FOX_GEESE_TO_WIN 4
/** @} */

/** Side numbers of this game. */
enum {
    HERD_FOX_FOX = 0,  /**< The fox, who moves first. */
    HERD_FOX_GEESE = 1 /**< The geese. */
};

/** The version of ::herd_fox_options that these headers define. */
#define HERD_FOX_OPTIONS_VERSION 1

/** The options of a Fox and Geese game. Start from ::HERD_FOX_OPTIONS_INIT
 *  or herd_fox_options_init(), so that `version` is set: a later version
 *  may add fields at the end, and the library reads and writes only those of
 *  the version given. */
typedef struct herd_fox_options {
    unsigned version; /**< ::HERD_FOX_OPTIONS_VERSION. */
    int geese;        /**< 13, 15 (adds `d1`, `d7`) or 17 (also `c1`, `c7`). */
    int sideways;     /**< 1: geese may also step left or right; 0: not. */
    uint64_t seed;    /**< Seeds the computer player's choices. */
} herd_fox_options;

/** The defaults: 13 geese, no sideways steps, seed 0. */
#define HERD_FOX_OPTIONS_INIT              \
    {                                      \
        HERD_FOX_OPTIONS_VERSION, 13, 0, 0 \
    }

/** Fills @p opt with ::HERD_FOX_OPTIONS_INIT as of @p version: the
 *  defaults of that version's fields, and `version`; nothing past them.
 *  @param version ::HERD_FOX_OPTIONS_VERSION, the version of these headers.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) for NULL or a
 *          @p version this library does not know. */
HERD_API int herd_fox_options_init(herd_fox_options *opt, unsigned version);

/** herd_fox_options_init() of version 1, the version of every program
 *  built before it. Does nothing for NULL.
 *  @deprecated Use herd_fox_options_init(), which a later version of the
 *  struct can use; this stays until version 2.0. */
HERD_API void herd_fox_default_options(herd_fox_options *opt);

/**
 * Creates a Fox and Geese game from typed options: the fox on `d4`, the
 * geese on their rows, the fox to move.
 * @param opt NULL for the defaults.
 * @return as herd_new(); ::HERD_E_RANGE names an option out of range;
 *         ::HERD_E_ARG for a `version` this library does not read.
 */
HERD_API int herd_fox_new(const herd_fox_options *opt, herd_alloc_fn alloc, void *ud,
                          herd_game **out, herd_error *err);

/** The options of @p g: the geese, the sideways rule and the seed it was
 *  created with (13 geese once a position was read from text, which has
 *  no start count; the seed stays). @p opt's `version` says which fields to write
 *  (::HERD_FOX_OPTIONS_INIT or herd_fox_options_init() sets it); nothing
 *  past them is written.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) if @p g is not a
 *          `fox` game, @p opt is NULL or its `version` is one this library
 *          does not know. Sets no message; the code says why. */
HERD_API int herd_fox_options_of(const herd_game *g, herd_fox_options *opt);

/** Builds a step from @p from to @p to (the fox's or a goose's). Cells
 *  outside the 7x7 grid give 0, which is no move. */
HERD_API herd_move herd_fox_step(herd_cell from, herd_cell to);

/** Builds the fox's jump from @p from to @p to, two cells away in a
 *  straight line: one hop of a chain. 0 (no move) when @p to is not so, or
 *  when a cell is outside the 7x7 grid. */
HERD_API herd_move herd_fox_jump(herd_cell from, herd_cell to);

/** The move `stop`, which ends the fox's jump chain (and its turn). */
HERD_API herd_move herd_fox_stop(void);

/** The kinds of move, as herd_fox_move_kind() gives them. */
enum {
    HERD_FOX_STEP = 1, /**< A step along a line (the fox's or a goose's). */
    HERD_FOX_JUMP = 2, /**< A jump of the fox over a goose: one hop. */
    HERD_FOX_STOP = 3  /**< `stop`: the end of a jump chain. */
};

/** The kind of a move: ::HERD_FOX_STEP, ::HERD_FOX_JUMP or ::HERD_FOX_STOP.
 *  @return ::HERD_OK, or ::HERD_E_ARG when @p m is no fox move or @p kind
 *          is NULL. */
HERD_API int herd_fox_move_kind(herd_move m, int *kind);

/** The cells of a step or a jump; either pointer may be NULL.
 *  @return ::HERD_OK, or ::HERD_E_ARG (`stop`, or no fox move). */
HERD_API int herd_fox_move_cells(herd_move m, herd_cell *from, herd_cell *to);

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
 * out-parameters are untouched. None sets a message (the handle is const):
 * the code says why.
 * @{
 */

/** Who stands on a point: ::HERD_FOX_FOX, ::HERD_FOX_GEESE or -1. */
HERD_API int herd_fox_at(const herd_game *g, herd_cell cell, int *side);

/** The fox's point. */
HERD_API int herd_fox_locate(const herd_game *g, herd_cell *cell);

/** herd_fox_locate() under its 0.x name.
 *  @deprecated Use herd_fox_locate(); the name stays until version 2.0. */
#define herd_fox_fox herd_fox_locate

/** The number of geese on the board. */
HERD_API int herd_fox_geese_left(const herd_game *g, int *geese);

/** Whether the geese may step sideways: 1 or 0. */
HERD_API int herd_fox_sideways(const herd_game *g, int *sideways);

/** Whether the fox is in a jump chain (1 or 0): then it is to move, and its
 *  only moves are its further jumps and herd_fox_stop(). */
HERD_API int herd_fox_in_chain(const herd_game *g, int *in_chain);

/** @} */

/** The most geese of the positions that herd_solve() reads from the
 *  solution table, unless herd_fox_set_solve_limit() says otherwise (the
 *  `perfect` level has a limit of its own, herd_fox_set_level_limit()): a
 *  table of 8 geese peaks at 310 MB while it is built
 *  (250 MB kept) and takes seconds (docs/fox-solver.md). */
#define HERD_FOX_SOLVE_DEFAULT 8
/** The largest limit: the table keeps distances up to 10 geese. */
#define HERD_FOX_SOLVE_MAX 10

/**
 * Sets the most geese of the positions in the handle's solution table
 * (docs/fox.md, "In a program"), which bounds its memory. herd_solve() builds
 * it with the handle's allocator when a position within the limit needs
 * it, for as many geese as that position has, and the handle keeps it
 * (the `perfect` level reads it too); only a larger position builds it
 * again. A table larger than the new limit and the level's
 * (herd_fox_set_level_limit()) is freed at once. Its peak while built, without
 * sideways steps (with them about half): 8 geese 310 MB, 9 0.9 GB, 10
 * 2.3 GB. herd_set_memory_limit() bounds it in bytes too (a position whose
 * table would need more is refused, ::HERD_E_NOMEM). A copy of the handle
 * starts with the default limit.
 * @return ::HERD_OK; ::HERD_E_ARG when @p g is NULL or not a `fox` game
 *         (herd_last_error() says which game it is);
 *         ::HERD_E_RANGE when @p geese is not 4..::HERD_FOX_SOLVE_MAX
 *         (nothing changes; herd_last_error() says why); ::HERD_E_NOMEM
 *         when the handle has no room for the setting (a game in caller
 *         memory, or a memory limit below its few bytes).
 */
HERD_API int herd_fox_set_solve_limit(herd_game *g, int geese);

/** The handle's solve limit (herd_fox_set_solve_limit()), or
 *  ::HERD_FOX_SOLVE_DEFAULT where none was set. Since 1.1.
 *  @param geese receives the most geese of the table's positions.
 *  @return ::HERD_OK, ::HERD_E_ARG (NULL, or not a `fox` game).
 *          Sets no message; the code says why. */
HERD_API int herd_fox_solve_limit(const herd_game *g, int *geese);

/** The most geese of the positions for which the `perfect` level builds
 *  the solution table, unless herd_fox_set_level_limit() says otherwise:
 *  the largest whose table builds within 5 s, so that every move of the
 *  level answers within 5 s, the first included (docs/levels.md). Since 1.1. */
#define HERD_FOX_LEVEL_LIMIT_DEFAULT 6

/**
 * Sets the most geese of the positions for which the `perfect` level builds
 * the solution table, apart from herd_fox_set_solve_limit(), which is
 * herd_solve()'s. The level plays from the handle's table wherever it holds
 * the position, whichever call built it; where it does not and the position
 * has more geese than this limit, the level searches (docs/levels.md). The
 * handle keeps one table: one larger than both limits is freed at once. A
 * program that wants perfect play in larger endgames raises it and pays the
 * table's time on the first move that needs it (8 geese: about 4 to 5 s on a
 * quiet machine, more under load; docs/fox-solver.md). A copy of the handle starts
 * with the default limit. Since 1.1.
 * @return ::HERD_OK; ::HERD_E_ARG when @p g is NULL or not a `fox` game
 *         (herd_last_error() says which game it is);
 *         ::HERD_E_RANGE when @p geese is not 4..::HERD_FOX_SOLVE_MAX
 *         (nothing changes; herd_last_error() says why); ::HERD_E_NOMEM
 *         when the handle has no room for the setting (a game in caller
 *         memory, or a memory limit below its few bytes).
 */
HERD_API int herd_fox_set_level_limit(herd_game *g, int geese);

/** The handle's level limit (herd_fox_set_level_limit()), or
 *  ::HERD_FOX_LEVEL_LIMIT_DEFAULT where none was set. Since 1.1.
 *  @param geese receives the most geese of the table the level builds.
 *  @return ::HERD_OK, ::HERD_E_ARG (NULL, or not a `fox` game).
 *          Sets no message; the code says why. */
HERD_API int herd_fox_level_limit(const herd_game *g, int *geese);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* HERD_FOX_H */
