/**
 * @file flock.h
 * @brief Flock (`flock`): what only this game has.
 *
 * Sides: 0 is Black (moves first, starts on the bottom row), 1 is White
 * (starts on row `a`). Cells are ::herd_cell values, `a1` top-left. A move is
 * one stone's straight slide, text `FROM-TO`; the generic API in herd.h
 * lists, plays and undoes it. This header adds typed creation, move
 * construction, and the queries a front end draws from: each stone's flock
 * and range, the cells a selected stone can reach, the captures, the moves
 * left before the limit and the move that the straight-back rule forbids.
 * docs/flock.md gives the rules and the choices.
 */
#ifndef HERD_FLOCK_H
#define HERD_FLOCK_H

#include "herd.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup flock Flock
 * @brief The game `flock`: stones slide as far as their flock is large and capture by sandwiching.
 *
 * Sides: 0 is Black (moves first, from the bottom row), 1 is White (from
 * row `a`). A stone slides straight, one cell up to its range (the size of
 * its orthogonal flock, at most 3), may not go straight back to where it
 * just came from, and captures the enemy stones it sandwiches; three
 * captures win, and after 100 moves the count decides. This group adds
 * typed creation (the board's size), move construction and decoding, and
 * the queries a front end draws from: each stone's flock and range, the
 * cells a selected stone can reach, the captures, the moves left and the
 * forbidden move back. Its page, @ref flock_rules "Flock", gives the rules, the
 * texts and the choices made. Examples: @ref flock_game.c
 * "examples/flock_game.c" (a game loop against the computer, the moves read
 * from standard input) and [programs/play/play_flock.c](../programs/play/play_flock.c)
 * (herd-play's board for this game, drawn from these queries).
 *
 * @image html flock_start.svg "The start, with the default options"
 * @image html flock_play.svg "A while later, the computer playing both sides; its last move marked"
 * @{
 */

/** @name Option ranges, defaults and limits
 *  @{ */
#define HERD_FLOCK_MIN_SIZE 5        /**< Smallest board width or height. */
#define HERD_FLOCK_MAX_SIZE 12       /**< Largest board width or height. */
#define HERD_FLOCK_DEFAULT_SIZE 7    /**< Default board width and height. */
#define HERD_FLOCK_MAX_RANGE 3       /**< A stone slides at most this far. */
#define HERD_FLOCK_CAPTURES_TO_WIN 3 /**< Captures in all that win the game. */
#define HERD_FLOCK_MOVE_LIMIT 100    /**< Moves in all (both sides) before the count decides. */
/** At most 12 stones a side, each with four directions of up to three cells. */
#define HERD_FLOCK_MAX_MOVES (HERD_FLOCK_MAX_SIZE * 4 * HERD_FLOCK_MAX_RANGE)
/** @} */

/** Side numbers of this game. */
enum {
    HERD_FLOCK_BLACK = 0, /**< Black, who moves first from the bottom row. */
    HERD_FLOCK_WHITE = 1  /**< White, from row `a`. */
};

/** The version of ::herd_flock_options that these headers define. */
#define HERD_FLOCK_OPTIONS_VERSION 1

/** The options of a Flock game. Start from ::HERD_FLOCK_OPTIONS_INIT or
 *  herd_flock_options_init(), so that `version` is set: a later version
 *  may add fields at the end, and the library reads and writes only those of
 *  the version given. */
typedef struct herd_flock_options {
    unsigned version; /**< ::HERD_FLOCK_OPTIONS_VERSION. */
    int width;        /**< Columns, 5..12. */
    int height;       /**< Rows, 5..12. */
    uint64_t seed;    /**< Seeds the computer player's choices. */
} herd_flock_options;

/** The defaults: 7x7, seed 0. */
#define HERD_FLOCK_OPTIONS_INIT                                                         \
    {                                                                                   \
        HERD_FLOCK_OPTIONS_VERSION, HERD_FLOCK_DEFAULT_SIZE, HERD_FLOCK_DEFAULT_SIZE, 0 \
    }

/** Fills @p opt with ::HERD_FLOCK_OPTIONS_INIT as of @p version: the
 *  defaults of that version's fields, and `version`; nothing past them.
 *  @param version ::HERD_FLOCK_OPTIONS_VERSION, the version of these headers.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) for NULL or a
 *          @p version this library does not know. */
HERD_API int herd_flock_options_init(herd_flock_options *opt, unsigned version);

/** herd_flock_options_init() of version 1, the version of every program
 *  built before it. Does nothing for NULL.
 *  @deprecated Use herd_flock_options_init(), which a later version of the
 *  struct can use; this stays until version 2.0. */
HERD_API void herd_flock_default_options(herd_flock_options *opt);

/**
 * Creates a Flock game from typed options: the start position (each home
 * row full but for the middle column on odd widths), Black to move.
 * @param opt NULL for the defaults.
 * @return as herd_new(); ::HERD_E_RANGE names the option and its range
 *         ("w=4 is out of range 5..12"); ::HERD_E_ARG for a `version` this
 *         library does not read.
 */
HERD_API int herd_flock_new(const herd_flock_options *opt, herd_alloc_fn alloc, void *ud,
                            herd_game **out, herd_error *err);

/** Builds the move that slides the stone on @p from to @p to. Coordinates
 *  -128..127 are representable, so that an off-board or crooked move can be
 *  expressed (herd_apply() refuses it with a message); one outside is kept
 *  off the board at the end of that range (::herd_cell says how). */
HERD_API herd_move herd_flock_move(herd_cell from, herd_cell to);

/** The cells of a move built by herd_flock_move() (or listed by the game);
 *  either pointer may be NULL.
 *  @return ::HERD_OK, or ::HERD_E_ARG when @p m is no such move. */
HERD_API int herd_flock_move_cells(herd_move m, herd_cell *from, herd_cell *to);

/**
 * @name Reading the game
 * Each returns ::HERD_OK, or ::HERD_E_ARG when @p g is NULL or not a `flock`
 * game, a required out-parameter is NULL (those documented "may be NULL"
 * are optional), or a cell or side is out of range; on error the
 * out-parameters are untouched. None sets a message (the handle is const):
 * the code says why.
 * @{
 */

/** The options of @p g: board size and the seed it was created with (which a
 *  position read from text keeps). @p opt's `version` says
 *  which fields to write (::HERD_FLOCK_OPTIONS_INIT or
 *  herd_flock_options_init() sets it); nothing past them is written.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) if @p g is not a
 *          `flock` game, @p opt is NULL or its `version` is one this library
 *          does not know. Sets no message; the code says why. */
HERD_API int herd_flock_options_of(const herd_game *g, herd_flock_options *opt);

/** Who holds a cell: @p side receives ::HERD_FLOCK_BLACK, ::HERD_FLOCK_WHITE
 *  or -1 for an empty cell. */
HERD_API int herd_flock_at(const herd_game *g, herd_cell cell, int *side);

/** The number of stones @p side has on the board. */
HERD_API int herd_flock_stones(const herd_game *g, int side, int *stones);

/** The number of enemy stones @p side has captured in all (3 wins; one move
 *  can take the count past 3). */
HERD_API int herd_flock_captured(const herd_game *g, int side, int *captured);

/** The moves played in all (both sides), the `ply` of the position text
 *  (@ref flock_rules "Flock"). */
HERD_API int herd_flock_ply(const herd_game *g, int *ply);

/** The moves left before the move limit decides: 100 - ply. */
HERD_API int herd_flock_moves_left(const herd_game *g, int *left);

/**
 * The range of the stone on @p cell: the size of its flock, at most 3.
 * @return ::HERD_OK, or ::HERD_E_ARG also when the cell is empty.
 *         Sets no message; the code says why.
 */
HERD_API int herd_flock_range(const herd_game *g, herd_cell cell, int *range);

/**
 * The flock of the stone on @p cell: every stone of its colour joined to it
 * orthogonally, itself included, in row-major order.
 * @param buf   receives up to @p cap cells; may be NULL when @p cap is 0.
 * @param count receives the flock's size, also when @p cap is too small;
 *              may be NULL.
 * @return ::HERD_OK, ::HERD_E_BUFFER when @p cap is below the flock's size
 *         (then @p buf is untouched), or ::HERD_E_ARG (also for an empty
 *         cell). Sets no message; the code says why.
 */
HERD_API int herd_flock_members(const herd_game *g, herd_cell cell, herd_cell *buf, size_t cap,
                                size_t *count);

/** herd_flock_members() under its 0.x name.
 *  @deprecated Use herd_flock_members(); the name stays until version 2.0. */
#define herd_flock_flock herd_flock_members

/**
 * The cells that the stone on @p cell can slide to now, in the order of
 * herd_legal_moves(): none when the stone is not the side to move's or the
 * game is over. @p buf, @p cap, @p count and the return values as in
 * herd_flock_members(); an empty cell has no targets (::HERD_OK, count 0).
 */
HERD_API int herd_flock_targets(const herd_game *g, herd_cell cell, herd_cell *buf, size_t cap,
                                size_t *count);

/** The move @p side made on its previous turn, or 0 (no move) when it has
 *  not moved since the start or the position text (@ref flock_rules
 *  "Flock") gave `-`. */
HERD_API int herd_flock_last_move(const herd_game *g, int side, herd_move *m);

/**
 * The move that the straight-back rule forbids the side to move now: the
 * stone it moved on its previous turn, back to the cell that stone left.
 * @param banned receives 1 when there is such a move (the stone still stands
 *               where it went and the game goes on), else 0.
 * @param stone  receives the stone's cell when @p banned is 1 (may be NULL).
 * @param cell   receives the forbidden cell when @p banned is 1 (may be NULL).
 */
HERD_API int herd_flock_straight_back(const herd_game *g, int *banned, herd_cell *stone,
                                      herd_cell *cell);

/** @} */

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* HERD_FLOCK_H */
