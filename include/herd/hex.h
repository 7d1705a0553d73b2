/**
 * @file hex.h
 * @brief Mark Steere's Herd on a hexhex board (`hex`): what only this game has.
 *
 * Sides: 0 is Red (acts first), 1 is Blue. The board is a hexagon of hexagons
 * with side 2..13: its 2N-1 rows are lettered from the top (`a`), and the
 * cells of a row are numbered from 1 at the left, so a side-5 board has rows
 * of 5, 6, 7, 8, 9, 8, 7, 6, 5 cells. In this header a cell is a 0-based row
 * and a 0-based position within its row (`e5` is row 4, col 4).
 *
 * A turn is a chance event (the dice, move `dice:L,H`), then the removals
 * (`-CELL`, one enemy stone each), then the placements (`+CELL`); the generic
 * API in herd.h lists, plays, rolls and undoes every one of them. This header
 * adds typed creation, the turn's phase, dice and counts, the board's
 * contents, and move construction. docs/hex.md gives the rules and choices.
 */
#ifndef HERD_HEX_H
#define HERD_HEX_H

#include "herd.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup hex Herd (hexhex)
 * @brief The game `hex`: Mark Steere's Herd, stones placed and removed by dice on a hexhex board.
 *
 * Each turn is a roll of two dice (a chance event: rolled by the library
 * with herd_roll(), or played as given by the caller's own dice), then as
 * many removals of enemy stones as the lower die and placements of one's own
 * as the higher, with captures of surrounded stones. This group adds typed
 * creation (the board's side), the turn's phase, the dice and the counts
 * left, the board's contents and the construction and reading of every kind
 * of move. The rules, texts and computer player are on its page,
 * @ref hex "Herd on a hexhex board". Examples: @ref hex_dice.c
 * "examples/hex_dice.c" (dice thrown on the table and typed in, then rolled
 * by the library) and [programs/play/play_hex.c](../programs/play/play_hex.c)
 * (herd-play's board for this game: the phase, the dice and the counts).
 *
 * @image html hex_start.svg "The start, with the default options"
 * @image html hex_play.svg "A while later, the computer playing both sides; its last move marked"
 * @{
 */

/** @name Option ranges and limits
 *  @{ */
#define HERD_HEX_MIN_SIZE 2     /**< Smallest board side. */
#define HERD_HEX_MAX_SIZE 13    /**< Largest board side. */
#define HERD_HEX_DEFAULT_SIZE 5 /**< Default board side (61 cells). */
/** Cells of the largest board: 3N*N - 3N + 1 for N = 13. */
#define HERD_HEX_MAX_CELLS 469
/** At most one move per cell (a removal or a placement); 21 dice outcomes. */
#define HERD_HEX_MAX_MOVES HERD_HEX_MAX_CELLS
/** @} */

/** Side numbers of this game. */
enum {
    HERD_HEX_RED = 0, /**< Red, who acts first. */
    HERD_HEX_BLUE = 1 /**< Blue. */
};

/** The phases of a turn, as herd_hex_phase() returns them. */
enum {
    HERD_HEX_ROLL = 0,   /**< The dice are to be rolled (a chance event). */
    HERD_HEX_REMOVE = 1, /**< Enemy stones are to be removed. */
    HERD_HEX_PLACE = 2   /**< Stones are to be placed. */
};

/** The kinds of move, as herd_hex_move_kind() gives them. */
enum {
    HERD_HEX_ACT_DICE = 1,   /**< `dice:L,H`: the outcome of the roll. */
    HERD_HEX_ACT_REMOVE = 2, /**< `-CELL`: remove the enemy stone there. */
    HERD_HEX_ACT_PLACE = 3   /**< `+CELL`: place a stone there. */
};

/** The version of ::herd_hex_options that these headers define. */
#define HERD_HEX_OPTIONS_VERSION 1

/** The options of a hex game. Start from ::HERD_HEX_OPTIONS_INIT or
 *  herd_hex_options_init(), so that `version` is set: a later version may
 *  add fields at the end, and the library reads and writes only those of the version
 *  given. */
typedef struct herd_hex_options {
    unsigned version; /**< ::HERD_HEX_OPTIONS_VERSION. */
    int size;         /**< Board side, 2..13. */
    uint64_t seed;    /**< Seeds the dice that herd_roll() draws and the computer player. */
} herd_hex_options;

/** The defaults: size 5, seed 0. */
#define HERD_HEX_OPTIONS_INIT                              \
    {                                                      \
        HERD_HEX_OPTIONS_VERSION, HERD_HEX_DEFAULT_SIZE, 0 \
    }

/** Fills @p opt with ::HERD_HEX_OPTIONS_INIT as of @p version: the
 *  defaults of that version's fields, and `version`; nothing past them.
 *  @param version ::HERD_HEX_OPTIONS_VERSION, the version of these headers.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) for NULL or a
 *          @p version this library does not know. */
HERD_API int herd_hex_options_init(herd_hex_options *opt, unsigned version);

/** herd_hex_options_init() of version 1, the version of every program
 *  built before it. Does nothing for NULL.
 *  @deprecated Use herd_hex_options_init(), which a later version of the
 *  struct can use; this stays until version 2.0. */
HERD_API void herd_hex_default_options(herd_hex_options *opt);

/**
 * Creates a hex game from typed options: an empty board, Red to roll.
 * @param opt NULL for the defaults.
 * @return as herd_new(); ::HERD_E_RANGE names the option and its range
 *         ("size=14 is out of range 2..13"); ::HERD_E_ARG for a `version`
 *         this library does not read.
 */
HERD_API int herd_hex_new(const herd_hex_options *opt, herd_alloc_fn alloc, void *ud,
                          herd_game **out, herd_error *err);

/** The options of @p g: the board side and the seed it was created with
 *  (which a position read from text keeps). @p opt's `version`
 *  says which fields to write (::HERD_HEX_OPTIONS_INIT or
 *  herd_hex_options_init() sets it); nothing past them is written.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) if @p g is not a
 *          `hex` game, @p opt is NULL or its `version` is one this library
 *          does not know. Sets no message; the code says why. */
HERD_API int herd_hex_options_of(const herd_game *g, herd_hex_options *opt);

/** Builds the chance outcome `dice:L,H`: @p lo the lower die, @p hi the
 *  higher (1 <= lo <= hi <= 6 for a roll; sort two dice thrown on the
 *  table first, as @ref hex_dice.c "examples/hex_dice.c" does). Dice outside 0..255 give 0,
 *  which is no move. Other impossible rolls, the dice in the wrong order
 *  among them, are representable values that are no outcome, so that
 *  herd_apply() can say what is wrong with them: herd_hex_dice_move(4, 3)
 *  is not herd_hex_dice_move(3, 4), herd_is_legal() is 0 for it,
 *  herd_apply() refuses it with ::HERD_E_ILLEGAL ("dice:4,3 is not a dice
 *  outcome") and herd_move_to_text() with ::HERD_E_ARG. */
HERD_API herd_move herd_hex_dice_move(int lo, int hi);

/** Builds `-CELL`, the removal of the enemy stone on @p cell. Coordinates
 *  outside 0..255 give 0 (no move); an off-board cell is representable
 *  and herd_apply() refuses it with a message. */
HERD_API herd_move herd_hex_remove_move(herd_cell cell);

/** Builds `+CELL`, a placement on @p cell (coordinates as
 *  herd_hex_remove_move()). */
HERD_API herd_move herd_hex_place_move(herd_cell cell);

/** The kind of a move: ::HERD_HEX_ACT_DICE, ::HERD_HEX_ACT_REMOVE or
 *  ::HERD_HEX_ACT_PLACE.
 *  @return ::HERD_OK, or ::HERD_E_ARG when @p m is no hex move or @p kind
 *          is NULL. */
HERD_API int herd_hex_move_kind(herd_move m, int *kind);

/** The cell of a removal or a placement.
 *  @return ::HERD_OK, or ::HERD_E_ARG (a roll, no hex move, or NULL). */
HERD_API int herd_hex_move_cell(herd_move m, herd_cell *cell);

/** The dice of a chance outcome; either pointer may be NULL.
 *  @return ::HERD_OK, or ::HERD_E_ARG (not a roll). */
HERD_API int herd_hex_move_dice(herd_move m, int *lo, int *hi);

/**
 * @name Reading the game
 * Each returns ::HERD_OK, or ::HERD_E_ARG when @p g is NULL or not a `hex`
 * game, a required out-parameter is NULL (those documented "may be NULL"
 * are optional), or a row, cell or side is out of range; on error the
 * out-parameters are untouched. None sets a message (the handle is const):
 * the code says why.
 * @{
 */

/** The board side N (2..13). */
HERD_API int herd_hex_size(const herd_game *g, int *size);

/** The number of cells of the board, 3N*N - 3N + 1. */
HERD_API int herd_hex_cell_count(const herd_game *g, int *count);

/** The number of cells of row @p row (0-based). */
HERD_API int herd_hex_row_length(const herd_game *g, int row, int *length);

/** The phase of the turn: ::HERD_HEX_ROLL, ::HERD_HEX_REMOVE or
 *  ::HERD_HEX_PLACE (an ended game stays in ::HERD_HEX_ROLL). */
HERD_API int herd_hex_phase(const herd_game *g, int *phase);

/**
 * The dice of the turn.
 * @param lo receives the lower die, 0 while rolling (may be NULL).
 * @param hi receives the higher die, 0 while rolling (may be NULL).
 */
HERD_API int herd_hex_dice(const herd_game *g, int *lo, int *hi);

/** Removals left (phase remove) or placements left (phase place), 0 while
 *  rolling. */
HERD_API int herd_hex_left(const herd_game *g, int *left);

/** The number of turns completed (0 during Red's first turn, the balancing
 *  rule's). It stops at UINT64_MAX. */
HERD_API int herd_hex_turns(const herd_game *g, uint64_t *turns);

/** Who holds a cell: @p side receives ::HERD_HEX_RED, ::HERD_HEX_BLUE or -1
 *  for an empty cell. */
HERD_API int herd_hex_at(const herd_game *g, herd_cell cell, int *side);

/** The number of stones @p side has on the board. */
HERD_API int herd_hex_stones(const herd_game *g, int side, int *stones);

/** @} */

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* HERD_HEX_H */
